"""MCR's shortcuts against plain code written here: the value model's sums, the forms' glances, the kept
payments, the wait test's table of set contents and the glance at preferred readings."""
import random
from collections import Counter

from scorer.patterns import mcr_forms
from tests.readings import reading_facts

RULE_SETS = ({"concealed_and_melded_kong": True}, {})


def _facts(seed, n, rules):
    from tests import mcr_diff as md
    rng = random.Random(seed)
    return reading_facts([md.make_case(rng)[:2] for _ in range(n)], "mcr", rules)


def _plain_fans(items, bound, minimum, minimum_excludes, no_fan, prefer, defer):
    """mcr_fans' figures as its earlier code worked them out (a set of every name present)."""
    from scorer.models.mcr import _no_fan_item

    items = list(items)
    names = {i.name for i in items}
    counted = sum(i.value for i in items if i.group not in minimum_excludes)
    if no_fan and not any(i.group not in minimum_excludes for i in items):
        extra = _no_fan_item(bound, no_fan)
        if extra is not None:
            items.insert(0, extra)
            counted = extra.value
            names.add(extra.name)
    fans = sum(i.value for i in items)
    key = (fans, sum(1 for p in prefer if p in names), -sum(1 for d in defer if d in names))
    return [i.name for i in items], fans, counted >= minimum, key


def test_value_model_equals_the_plain_sums():
    # random item lists of the ruleset's fans (the ordering fans, flowers, repeats of a name) through the
    # value model, against the plain sums and the key from every name present
    from scorer.core.result import Item
    from scorer.models.mcr import mcr_fans

    bound = _facts(3, 50, {})[0][0]
    specs = [spec for spec, _fn, _p, _v in bound.patterns]
    rng = random.Random(4)
    ordered = 0
    for _ in range(5000):
        items = []
        for spec in rng.sample(specs, rng.choice((0, 1, 2, 3, 5, 8))):
            n = rng.choice((1, 1, 2))
            items.append(Item(spec.name, spec.label, rng.choice((1, 2, 6, 8, 24)) * n, "fan", spec.rule, n, spec.group))
        if rng.random() < 0.3:
            items += [rng.choice(items or [Item("pure_triple_chow", "", 24, "fan", "", 1, "")])]
        # (the ruleset's lists, tuples, and texts, whose `in` finds a part: the value model keeps each as given)
        params = dict(minimum=rng.choice((0, 8)), minimum_excludes=rng.choice((("bonus",), ["bonus"], "bonus", ())),
                      no_fan=rng.choice((None, "chicken_hand")),
                      prefer=rng.choice(((), ("pure_triple_chow", "triple_pung"), ["triple_pung", "triple_pung"],
                                         "pure_triple_chow")),
                      defer=rng.choice(((), ("seven_pairs",), ("seven_pairs", "pure_triple_chow"))))
        v = mcr_fans(list(items), None, bound, **params)
        names, fans, legal, key = _plain_fans(items, bound, **params)
        assert ([i.name for i in v.items], v.total, v.legal, v.key) == (names, fans, legal, key), (items, params)
        ordered += key[1:] != (0, 0)
    assert ordered > 300


def test_honours_and_knitted_glance_keeps_the_readings():
    # the form's glance (a pair or a pung: no reading) against its full test, on the benches' hands
    from scorer.core.blocks import SINGLE, Block, Reading
    from scorer.notation.parse import parse_hand

    def plain(hand, counts):
        if hand.melds or sum(counts) != 14 or max(counts) > 1:
            return []
        suited = frozenset(t for t in range(27) if counts[t])
        if not 7 <= len(suited) <= 9 or not any(suited <= k for k in mcr_forms.KNITTED_SETS):
            return []
        return [Reading("mcr_honours_knitted", tuple(Block(SINGLE, t) for t, c in enumerate(counts) if c), -1)]

    from tests import mcr_diff as md
    rng = random.Random(14)
    found = 0
    for _ in range(4000):
        hand = parse_hand(md.make_case(rng)[0])
        got = mcr_forms.honours_and_knitted(hand, hand.counts, 0, False, {})
        assert got == plain(hand, hand.counts), hand
        found += bool(got)
    assert found > 100


def test_knitted_glance_keeps_the_straights():
    # the glance of _knitted_in (each suit holds a whole 147, 258 or 369) against the six straights
    rng = random.Random(15)
    found = 0
    for _ in range(30000):
        counts = [0] * 42
        for t in rng.sample(range(34), rng.choice((9, 11, 13, 14))):
            counts[t] = rng.choice((1, 1, 1, 2))
        if rng.random() < 0.3:  # a knitted straight and some more
            for t in rng.choice(mcr_forms.KNITTED):
                counts[t] = max(counts[t], 1)
        want = next((k for k in mcr_forms.KNITTED if all(counts[t] for t in k)), None)
        assert mcr_forms._knitted_in(counts) == want, counts
        found += want is not None
    assert found > 5000


def test_kept_payments_equal_the_plain_ones():
    from scorer.core.result import HandValue
    from scorer.models.mcr import _pay, mcr_pay

    seen = Counter()
    for bound, f in _facts(16, 1500, {}):
        for fans in (8, 9, 8.0, 12.5, 88):
            value = HandValue([], fans, "fan", fans)
            for base in (8, 8.0, 5):
                got = mcr_pay(value, f.ctx, bound, base=base)
                want = _pay(fans, f.ctx, base)
                assert got == want and [str(t) for t in got] == [str(t) for t in want], (f.ctx, fans, base)
        seen[f.ctx.win_type] += 1
    assert min(seen.values()) > 20, seen


def test_shape_from_the_sets_table_equals_the_search():
    # a suit's (or the honours') shape read from the table of every content of at most four sets
    # against the search of _sets_only, on every content of up to 8 tiles and random ones up to 14
    # (counts up to 5: four held and the tile tried)
    from itertools import product

    def check(counts, suited):
        key = sum(c << 3 * i for i, c in enumerate(counts))
        n = sum(counts)
        weight = sum(i * c for i, c in enumerate(counts))
        assert mcr_forms._shape(key, n, suited, weight) == mcr_forms._shape_searched(key, n, suited, weight), counts
        return mcr_forms._shape(key, n, suited, weight) is not None

    ok = 0
    for counts in product(range(4), repeat=7):  # the honours, and the suits' contents of ranks 1-7
        if sum(counts) <= 8:
            ok += check(counts, False)
            ok += check(counts + (0, 0), True)
    rng = random.Random(6)
    for _ in range(60000):
        suited = rng.random() < 0.8
        counts = [0] * (9 if suited else 7)
        lo = rng.randrange(len(counts))
        for _t in range(rng.randrange(15)):
            i = min(len(counts) - 1, lo + rng.randrange(4))
            if counts[i] < 5:
                counts[i] += 1
        ok += check(tuple(counts), suited)
    assert ok > 10000


def test_sets_table_holds_sets_only():
    # every content in the table of at most four sets is sets only by the search, of 12 tiles at most
    for suited in (True, False):
        table = mcr_forms._few_sets(suited)
        assert 0 in table and len(table) > (4000 if suited else 250)
        for key in table:
            assert sum(key >> 3 * i & 7 for i in range(9)) in (0, 3, 6, 9, 12), key
            assert mcr_forms._sets_only(key, suited), key


def test_preferred_glance_keeps_the_plain_answer():
    # whether a reading holds a pure triple chow or a triple pung (MahjongGB's order of equal readings):
    # the glance at equal chows and pung ranks against the set fans themselves, on the benches' readings
    # and on every three or four chows of one suit and pungs of three ranks
    from itertools import combinations_with_replacement as cwr

    from scorer.core.blocks import Block, Reading
    from scorer.notation.hand import CHOW, KONG, PAIR, PUNG
    from scorer.patterns.mcr_sets import pung_fans, sequence_fans

    def plain(reading):
        chows = [b.tile for b in reading.blocks if b.kind == CHOW]
        pungs = [b.tile for b in reading.blocks if b.kind in (PUNG, KONG)]
        pair = next((b.tile for b in reading.blocks if b.kind == PAIR), None)
        return "pure_triple_chow" in sequence_fans(chows, pair) or "triple_pung" in pung_fans(pungs)

    found = Counter()
    for _b, f in _facts(17, 3000, {}):
        got = mcr_forms._preferred(f.reading)
        assert got == plain(f.reading), f.reading
        found[got] += 1
    for n in (3, 4):
        for chows in cwr((0, 1, 2, 3, 9, 10, 18), n):
            for pair in (4, 13, 27):
                r = Reading("standard", tuple(Block(CHOW, t) for t in chows) + (Block(PAIR, pair),), 0)
                got = mcr_forms._preferred(r)
                assert got == plain(r), chows
                found[got] += 1
        for pungs in cwr((0, 1, 9, 10, 18, 19, 27, 31), n):
            if max(Counter(pungs).values()) > 1:
                continue
            r = Reading("standard", tuple(Block(PUNG, t) for t in pungs) + (Block(PAIR, 33),), 0)
            got = mcr_forms._preferred(r)
            assert got == plain(r), pungs
            found[got] += 1
    assert found[True] > 50 and found[False] > 1000, found


def test_an_honour_waited_on_as_the_pair_is_a_single_wait():
    # a standard reading whose pair is the winning honour, held twice, waited on that tile only (the
    # other honours are pungs, the suits sets only)
    n = 0
    for _b, f in _facts(18, 6000, {}):
        hand = f.hand
        win = hand.win_tile
        if f.form != "standard" or win < 27 or hand.counts[win] != 2:
            continue
        if not any(b.kind == "pair" and b.tile == win and b.meld is None for b in f.blocks):
            continue
        standing = sum(c * mcr_forms.UNIT[t] for t, c in enumerate(hand.counts[:34])) - mcr_forms.UNIT[win]
        assert mcr_forms.unique_wait(standing, not hand.melds), hand
        n += 1
    assert n > 100



def test_unique_wait_equals_counting_the_winning_tiles():
    # the packed single-wait test against counting, tile kind by tile kind, the tiles that make the
    # standing tiles sets and a pair (the decomposer's splits) or seven pairs
    from scorer.core.decompose import _plain_splits

    def waits(counts, seven):
        n = 0
        for t in range(34):
            c = list(counts)
            c[t] += 1
            if _plain_splits(tuple(c)) or seven and all(x % 2 == 0 for x in c):
                n += 1
        return n

    rng = random.Random(5)
    unique = 0
    for _ in range(6000):
        pool = rng.choice((range(9), range(9, 18), list(range(18, 27)) + list(range(27, 34)), range(34),
                           list(range(0, 9)) + list(range(18, 27))))
        size = rng.choice((13, 10, 7, 4, 1))
        counts = [0] * 42
        while sum(counts) < size:
            t = rng.choice(pool)
            if counts[t] < 3:
                counts[t] += 1
        seven = size == 13 and rng.random() < 0.5
        standing = sum(c * mcr_forms.UNIT[t] for t, c in enumerate(counts[:34]))
        got = mcr_forms.unique_wait(standing, seven)
        assert got == (waits(counts, seven) == 1), (counts, seven)
        unique += got
    assert unique > 300, unique


def test_pungs_unrelated_make_no_fan():
    # pung_fans' glance (no two suited pungs a rank or less apart, under two dragon and three wind
    # pungs: no fan) against the full search on every set of two to four pung tiles
    from itertools import combinations_with_replacement as cwr

    from scorer.patterns import mcr_sets

    unrelated = 0
    for k in (2, 3, 4):
        for tiles in cwr(range(34), k):
            if not mcr_sets._related(tiles):
                assert _pung_fans_searched(mcr_sets, list(tiles)) == {}, tiles
                unrelated += 1
    assert unrelated > 10000


def _pung_fans_searched(mcr_sets, tiles):
    """pung_fans without its glance: the search over the pairs, threes and fours of pungs."""
    glance = mcr_sets._related
    mcr_sets._related = lambda tiles: True
    try:
        return mcr_sets.pung_fans(tiles)
    finally:
        mcr_sets._related = glance
