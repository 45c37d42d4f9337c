"""MCR's fast paths against the plain code they replace, entry by entry on random readings: the one
reading table of a standard reading (mcr_table.py) and of the special forms (mcr_special.py) against the
table the predicates' own code gives (mcr.plain_table), and the packed single-wait test (mcr_wait.py)
against mcr_forms.unique_wait."""
import random
from collections import Counter

from scorer.core.facts import Facts
from scorer.patterns import mcr, mcr_forms, mcr_special, mcr_table, mcr_wait
from tests.gen import readers_agree
from tests.readings import reading_facts

RULE_SETS = ({"concealed_and_melded_kong": True}, {})


def _facts(seed, n, rules):
    from tests import mcr_diff as md
    rng = random.Random(seed)
    return reading_facts([md.make_case(rng)[:2] for _ in range(n)], "mcr", rules)


_FAST = {"standard": mcr_table.standard_table, "seven_pairs": mcr_special.special_table,
         "thirteen_orphans": mcr_special.special_table, "mcr_honours_knitted": mcr_special.special_table,
         "mcr_knitted_straight": mcr_special.knitted_table}


def test_reading_table_equals_the_plain_table():
    fast = Counter()
    for seed, rules in enumerate(RULE_SETS):
        for _bound, f in _facts(20 + seed, 2500, rules):
            # fresh facts for the plain path: nothing the fast path kept on the reading (or hand) is read back
            hand = type(f.hand)(f.hand.concealed, f.hand.melds, f.hand.bonus, f.hand.win_tile)
            plain = mcr.plain_table(Facts(hand, f.reading, f.ctx, f.wild, f.options))
            got = mcr.reading_table(f)
            assert got == plain, (f.hand, f.reading, f.ctx)
            fast[f.form] += _FAST[f.form](f) is not None
    # every form takes its fast path on most readings (nine gates hands keep the plain path)
    assert fast["standard"] > 3000, fast
    assert min(fast[form] for form in _FAST if form != "standard") > 60, fast


def test_special_tables_with_melds_and_kongs():
    # knitted straights with a declared chow, pung or kong, and their pungs of winds and dragons
    n = Counter()
    for _bound, f in _facts(40, 6000, RULE_SETS[1]):
        if f.form != "mcr_knitted_straight":
            continue
        hand = type(f.hand)(f.hand.concealed, f.hand.melds, f.hand.bonus, f.hand.win_tile)
        assert mcr.reading_table(f) == mcr.plain_table(Facts(hand, f.reading, f.ctx, f.wild, f.options))
        n["melds" if f.hand.melds else "concealed"] += 1
        n.update(b.kind for b in f.blocks if b.kind != "single" and b.kind != "pair")
        n["wait"] += any(k.startswith("wait:") for k in mcr.reading_table(f))
    assert min(n.values()) > 20, n


def test_hand_facts_equal_the_counts():
    from tests import mcr_diff as md
    rng = random.Random(12)
    from scorer.notation.parse import parse_hand

    seen = Counter()
    for _ in range(4000):
        text, _ctx, _gb = md.make_case(rng)
        hand = parse_hand(text)
        nine, fours, fourth = mcr_table.hand_facts(hand)
        win = hand.win_tile
        assert fours == hand.all_counts[:34].count(4), text
        assert fourth == (bool(hand.melds) and hand.all_counts[win] - hand.counts[win] == 3), text
        c = list(hand.counts)
        c[win] -= 1
        base = win - win % 9
        assert nine == (not hand.melds and win < 27 and c[base:base + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3]), text
        seen.update(x for x, on in (("nine", nine), ("fours", fours), ("fourth", fourth)) if on)
    assert min(seen.values()) > 10, seen


def test_tile_part_equals_the_answers_of_its_mask():
    # the tile fans kept per what they read of the mask (mcr_tiles.tile_part) against the fans worked
    # out from the mask itself, and against the predicates
    from types import SimpleNamespace as NS

    from scorer.patterns import mcr_tiles

    rng = random.Random(8)
    for _ in range(20000):
        mask = 0
        for _t in range(rng.choice((1, 2, 4, 6, 8, 10, 13))):
            mask |= 1 << rng.choice((rng.randrange(34), rng.randrange(9), 27 + rng.randrange(7)))
        for tile_fans in (True, False):
            assert mcr_tiles.tile_part(mask, tile_fans) == mcr_tiles._tile_answers(mask, tile_fans), (mask, tile_fans)
        f = NS(mask=mask, form="standard")
        part = mcr_tiles.tile_part(mask, True)
        for low, high in mcr_tiles.TABLE_BANDS:
            assert part.get(f"ranks:{low}-{high}", 0) == mcr_tiles.mcr_ranks(f, low, high)
        for suits, honours in mcr_tiles.TABLE_SUITS:
            assert part.get(f"suits:{suits}:{honours}", 0) == mcr_tiles.mcr_suits(f, suits, honours)
        for name in mcr_tiles._GROUPS:
            assert part.get("within:" + name, 0) == mcr_tiles.mcr_tiles_within(f, name)
        assert part.get("x:mcr_all_types", 0) == mcr_tiles.mcr_all_types(f)


def test_the_table_is_the_same_when_kept():
    # the second reading of the same shape is answered from the kept parts and tables
    facts = _facts(7, 1500, RULE_SETS[0])
    first = [mcr.reading_table(f) for _b, f in facts]
    again = [mcr.reading_table(Facts(f.hand, f.reading, f.ctx, f.wild, f.options)) for _b, f in facts]
    assert first == again


def _packed(counts):
    return mcr_wait.packed_counts(counts)


def test_packed_wait_equals_unique_wait_on_hands():
    n = 0
    for _bound, f in _facts(31, 2500, RULE_SETS[0]):
        hand = f.hand
        counts, win = hand.counts, hand.win_tile
        seven = not hand.melds
        standing = _packed(counts) - mcr_wait.UNIT[win]
        assert mcr_wait.unique_wait_packed(standing, seven) == mcr_forms.unique_wait(counts, win, seven), hand
        n += 1
    assert n > 2000


def test_packed_wait_equals_unique_wait_on_random_tiles():
    # any 13 or 10 tiles of one or two suits and honours, with or without seven pairs
    rng = random.Random(5)
    waits = 0
    for _ in range(20000):
        pool = rng.choice((range(9), range(9, 18), list(range(18, 27)) + list(range(27, 34)), range(34),
                           list(range(0, 9)) + list(range(18, 27))))
        size = rng.choice((13, 10, 7, 4, 1))
        counts = [0] * 42
        while sum(counts) < size:
            t = rng.choice(pool)
            if counts[t] < 4:
                counts[t] += 1
        win = rng.choice(pool)
        if counts[win] == 4:
            continue
        full = list(counts)
        full[win] += 1
        seven = size == 13 and rng.random() < 0.7
        got = mcr_wait.unique_wait_packed(_packed(counts), seven)
        assert got == mcr_forms.unique_wait(tuple(full), win, seven), (counts, win, seven)
        waits += got
    assert waits > 500


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


def test_two_sets_parts_equal_the_set_fans():
    # a reading's part of two chows or two pungs (mcr_table) against sequence_fans / pung_fans
    from scorer.patterns import mcr_sets

    for a in range(34):
        for b in range(a, 34):
            want = {"fan:" + k: n for k, n in mcr_sets.pung_fans([a, b]).items()}
            got = mcr_table._pung_part((a, b))[0]
            assert {k: n for k, n in got.items() if k.startswith("fan:")} == want, (a, b)
            if b < 27 and a % 9 <= 6 and b % 9 <= 6:
                want = {"fan:" + k: n for k, n in mcr_sets.sequence_fans([a, b], None).items()}
                assert mcr_table._sequence_part([a, b], None) == want, (a, b)


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
    from scorer.notation.hand import CHOW, PAIR, PUNG

    found = Counter()
    for _b, f in _facts(17, 3000, {}):
        got = mcr_forms._preferred(f.reading)
        assert got == mcr_forms._plain_preferred(f.reading), f.reading
        found[got] += 1
    for n in (3, 4):
        for chows in cwr((0, 1, 2, 3, 9, 10, 18), n):
            for pair in (4, 13, 27):
                r = Reading("standard", tuple(Block(CHOW, t) for t in chows) + (Block(PAIR, pair),), 0)
                got = mcr_forms._preferred(r)
                assert got == mcr_forms._plain_preferred(r), chows
                found[got] += 1
        for pungs in cwr((0, 1, 9, 10, 18, 19, 27, 31), n):
            if max(Counter(pungs).values()) > 1:
                continue
            r = Reading("standard", tuple(Block(PUNG, t) for t in pungs) + (Block(PAIR, 33),), 0)
            got = mcr_forms._preferred(r)
            assert got == mcr_forms._plain_preferred(r), pungs
            found[got] += 1
    assert found[True] > 50 and found[False] > 1000, found


def test_an_honour_waited_on_as_the_pair_is_a_single_wait():
    # the premise of the reading table's shortcut: a standard reading whose pair is the winning honour,
    # held twice, waited on that tile only
    n = 0
    for _b, f in _facts(18, 6000, {}):
        hand = f.hand
        win = hand.win_tile
        if f.form != "standard" or win < 27 or hand.counts[win] != 2:
            continue
        if not any(b.kind == "pair" and b.tile == win and b.meld is None for b in f.blocks):
            continue
        assert mcr_forms.unique_wait(hand.counts, win, not hand.melds), hand
        n += 1
    assert n > 100


def test_pair_waits_beside_a_set_at_every_rank():
    # the single-wait shortcuts at the suits' edges: a pair of every rank waited on beside a pung one or two
    # ranks away or a chow next to it, the other sets honours (concealed or declared), table against plain
    from scorer.notation.format import format_tiles

    cases = []
    for suit in range(3):
        for r in range(9):
            t = suit * 9 + r
            sets = [[u] * 3 for d in (-2, -1, 1, 2) for u in [t + d] if 0 <= r + d <= 8]
            sets += [[u, u + 1, u + 2] for u in (t + 1, t - 3, t - 2, t - 1, t) if suit * 9 <= u and u % 9 <= 6
                     and u // 9 == suit and u + 2 < suit * 9 + 9]
            for s in sets:
                for fillers in ("EEE SSS NNN", "[EEE,1] SSS NNN"):
                    text = f"{format_tiles(sorted([t] + s), sep='')} {fillers} {format_tiles([t], sep='')}"
                    cases += [(text, {"self_draw": True}), (text, {"discarder": "N"})]
    checked = 0
    for _bound, f in reading_facts(cases, "mcr", {}):
        hand = type(f.hand)(f.hand.concealed, f.hand.melds, f.hand.bonus, f.hand.win_tile)
        assert mcr.reading_table(f) == mcr.plain_table(Facts(hand, f.reading, f.ctx, f.wild, f.options)), f.hand
        checked += 1
    assert checked > 500


def _plain_knitted_straight(hand, counts):
    """mcr_forms.knitted_straight as first written (its blocks counted one by one)."""
    from scorer.core.blocks import SINGLE, Reading
    from scorer.core.decompose import _plain_splits, meld_blocks

    if len(hand.melds) > 1:
        return []
    k = mcr_forms._knitted_in(counts)
    if k is None:
        return []
    rest = list(counts)
    for t in k:
        rest[t] -= 1
    splits = _plain_splits(tuple(rest))
    if len(splits) != 1:
        return []
    blocks = mcr_forms._KNITTED_BLOCKS[k] + splits[0] + meld_blocks(hand)
    if sum(1 for b in blocks if b.kind != SINGLE) != 2:
        return []
    return [Reading("mcr_knitted_straight", blocks, -1)]


def test_one_reader_gives_the_forms_readings():
    # mcr_readings.readings (engine.readings_of's one call) against each form of the ruleset in turn, on the
    # benches' hands and on hands made to hit seven pairs (four of a kind allowed or not) and thirteen orphans
    from scorer.core.forms import FORMS
    from scorer.patterns import mcr_readings
    from tests import mcr_diff as md
    rng = random.Random(16)
    texts = [md.make_case(rng)[0] for _ in range(6000)]
    texts += ["1122m3344p5566sEE E", "1111m3344p5566sEE E", "1111m3344p5566sEE 1m", "19m19p19sESWNCFPP C",
              "19m19p19sESWNCFPP 1m", "19m19p19sESWNCPP 1m 9s", "11m19p19sESWNCFP 1m", "1199m19p19sESWNCF C"]
    def plain(hand, options):
        return [r for name in mcr_readings.FORMS
                for r in (_plain_knitted_straight(hand, hand.counts) if name == "mcr_knitted_straight" else
                          FORMS[name](hand, hand.counts, 0, False, options))]

    found = readers_agree(texts, mcr_readings.readings, plain)
    assert min(found[form] for form in ("seven_pairs", "thirteen_orphans", "mcr_knitted_straight",
                                        "mcr_honours_knitted")) > 100, found
    # the ruleset lists these forms: its hands take the one call
    from scorer.rulesets.variant import load_variant

    assert load_variant("mcr").forms == mcr_readings.FORMS


def test_fast_tables_leave_the_facts_pass_waiting():
    # MCR readings take LazyFacts (the reading table's own_pass): the fast tables read no fact of the
    # facts' pass, so it never runs for them, and their answers are the plain table's
    from scorer.core.best import facts_class
    from scorer.core.facts import LazyFacts

    waited = Counter()
    for bound, f in _facts(41, 3000, RULE_SETS[1]):
        assert facts_class(bound) is LazyFacts
        lazy = LazyFacts(f.hand, f.reading, f.ctx, f.wild, f.options)
        fast = _FAST[f.form](lazy)
        if fast is None:
            continue
        assert "mask" not in lazy.__dict__, (f.hand, f.reading)
        assert mcr.reading_table(lazy) == mcr.plain_table(Facts(f.hand, f.reading, f.ctx, f.wild, f.options))
        waited[f.form] += 1
    assert min(waited[form] for form in _FAST) > 30, waited


def test_pung_part_glance_keeps_the_fans():
    # _pung_part's glance (no related suited pair, under two dragon and three wind pungs: no fan) against
    # pung_fans itself on every set of two to four pung tiles drawn at random, and on related ones
    from scorer.patterns.mcr_sets import pung_fans

    rng = random.Random(17)
    fans = 0
    for _ in range(20000):
        n = rng.choice((1, 2, 3, 4))
        if rng.random() < 0.5:
            tiles = sorted(rng.sample(range(34), n))
        else:  # ranks close together, across suits
            r = rng.randrange(7)
            tiles = sorted({rng.randrange(3) * 9 + r + rng.randrange(3) for _ in range(n)})
        out = mcr_table._pung_part(tuple(tiles))[0]
        want = mcr_table._fan_part(pung_fans(tiles)) if len(tiles) > 1 else {}
        assert {k: v for k, v in out.items() if k.startswith("fan:")} == want, tiles
        fans += bool(want)
    assert fans > 2000, fans
