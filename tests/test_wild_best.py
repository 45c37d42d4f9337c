"""The reading loop's shortcuts (scorer/core/best.py: hand-level refusals asked once, one value per item
list, refused readings valued only when asked, the wild-tile placement of decompose.py) against the
plain enumeration they replace: every reading placed with `place_win`, refused by the first refusal
that applies, valued by the model, the best chosen by `max` over the legal ones; on 20,000 random
hands with wild tiles in the four wild-tile rulesets. The hand's ceiling (scorer/core/ceilings.py: the
readings after the one that reaches it are left unvalued, and a refused hand's message is found the
same way) is tested twice: its early stop on every hand of two readings or more against the plain
enumeration, and every declared count range against the counts of every reading."""
import random

import pytest

from scorer.core import best, engine
from scorer.core import setup as engine_setup
from scorer.core.blocks import Reading
from scorer.core.decompose import meld_blocks, place_win, standard_splits
from scorer.core.evaluate import compiled
from scorer.core.facts import Facts
from scorer.core.forms import FORMS, instant_refusal
from scorer.core.wild import split_wild
from scorer.errors import IllegalWin, MjError
from scorer.notation import parse as notation_parse
from scorer.rulesets.variant import load_variant
from tests.gen import wild_hand
from tests.test_properties import allowed_tiles

RULESETS = ("xiamen", "quanzhou", "hangzhou", "wuhan")
HANDS = 20_000


def plain_readings(hand, variant, bound, wild):
    """engine.readings_of without its shortcuts: the standard form from standard_splits + place_win."""
    counts, jokers = split_wild(hand.counts, wild)
    win_is_wild = wild.tile is not None and hand.win_tile == wild.tile
    if wild.substitute is not None and hand.win_tile == 31 and wild.tile != 31:
        from dataclasses import replace

        hand = replace(hand, win_tile=wild.substitute)
    out = []
    for name in variant.forms:
        if name != "standard":
            out += FORMS[name](hand, counts, jokers, win_is_wild, bound.hand_options)
            continue
        melds = meld_blocks(hand)
        for split in standard_splits(counts, jokers):
            blocks = melds + split
            out += [Reading("standard", blocks, w) for w in place_win(blocks, hand.win_tile, win_is_wild, len(melds))]
    return out


def plain_score(text, ctx, vid):
    """(every reading with its total and refusal, the chosen reading, why) or the refusal message."""
    s = engine_setup._setup(ctx, vid, None, {})
    hand = notation_parse.parse_hand(text, win=s.ctx.win, max_size=s.max_size)
    wild = engine_setup._wild_of(s.bound, s.ctx)
    rows = []
    for reading in plain_readings(hand, s.variant, s.bound, wild):
        facts = Facts(hand, reading, s.ctx, wild, s.bound.options)
        refused = engine.refusal(s.bound, facts)
        value = engine.value_of(s.bound, engine.evaluate(s.bound, facts), s.ctx)
        refused = refused or ("" if value.legal else value.reason)
        if not refused and s.variant.instant:  # wins declared with the hand as dealt
            refused = instant_refusal(reading.form, hand, s.ctx, s.variant)
        rows.append((reading, value, refused))
    legal = [r for r in rows if not r[2]]
    if not legal:
        return f"not a legal win under {s.variant.name}: {max(rows, key=lambda r: r[1].key)[2]}"
    best = max(legal, key=lambda r: r[1].key)
    ties = sum(1 for r in legal if r[1].key == best[1].key)
    why = f"the highest value of {len(legal)} legal reading(s)" + (
        f"; {ties} tie, the first in reading order is shown" if ties > 1 else "")
    return [(r[0], r[1].total, r[1].key, r[2]) for r in rows], best[0], best[1].key, why


def cases():
    rng = random.Random(2026112521)
    out = []
    variants = {vid: load_variant(vid) for vid in RULESETS}
    tiles = {vid: allowed_tiles(v) for vid, v in variants.items()}
    for n in range(HANDS):
        vid = RULESETS[n % 4]
        k = rng.choices((1, 2, 3), weights=(6, 3, 1))[0]
        out.append((vid, *wild_hand(rng, variants[vid], k, tiles[vid])))
    return out


@pytest.mark.slow
def test_best_reading_is_the_best_of_all_readings(monkeypatch):
    # the ceiling's early stop on every hand of two readings or more, not only on the big ones
    monkeypatch.setattr(best, "CEILING_FROM", 2)
    compared = multi = refused = stopped = 0
    for vid, text, ctx in cases():
        try:
            want = plain_score(text, ctx, vid)
        except MjError as e:
            with pytest.raises(type(e)):
                engine.score(text, ctx, variant=vid)
            continue
        if isinstance(want, str):
            with pytest.raises(IllegalWin) as e:
                engine.score(text, ctx, variant=vid)
            assert str(e.value) == want, (vid, text, ctx)
            refused += 1
            continue
        rows, chosen, key, why = want
        r = engine.score(text, ctx, variant=vid)
        assert r.chosen.reading == chosen and r.value.key == key, (vid, text, ctx)
        stopped += any(isinstance(s, best.Pending) for s in r.readings)  # before anything asks them
        assert r.why_chosen == why, (vid, text, ctx)  # counts every legal reading, those left unvalued too
        # --all: every reading, in the same order, with its total and refusal (refused ones valued now)
        assert [(s.reading, s.value.total, s.value.key, s.refused) for s in r.readings] == rows, (vid, text, ctx)
        compared += 1
        multi += len(rows) > 1
    assert compared > HANDS // 3 and refused > HANDS // 10 and multi > HANDS // 5, (compared, refused, multi)
    assert stopped > HANDS // 100, stopped  # the ceiling's early stop is what is tested here


def _wild_hands(seed, n, rulesets):
    """n random hands of 1 to 4 wild tiles, the rulesets in turn, each with (ruleset, text, context,
    setup, hand, wild spec, every reading); hands refused before their readings are left out."""
    rng = random.Random(seed)
    for i in range(n):
        vid = rulesets[i % len(rulesets)]
        v = load_variant(vid)
        text, ctx = wild_hand(rng, v, rng.choice((1, 2, 3, 4)), allowed_tiles(v))
        try:
            s = engine_setup._setup(ctx, vid, None, {})
            hand = notation_parse.parse_hand(text, win=s.ctx.win, max_size=s.max_size)
            wild = engine_setup._wild_of(s.bound, s.ctx)
            readings = engine.readings_of(hand, s.variant, s.bound, wild)
        except MjError:
            continue
        yield vid, text, ctx, s, hand, wild, readings


CEILING_RULESETS = ("wuhan", "wuhan-3p")  # the rulesets whose every pattern has a count range


@pytest.mark.slow
def test_count_ranges_hold_on_every_reading():
    """scorer/core/ceilings.py: every pattern's count on every reading lies in the range declared for the
    hand, and no reading's key is above the hand's ceiling (1 to 4 wild tiles, every ruleset with
    ranges, refused readings and hands included: a refused hand's message is chosen by value too)."""
    from scorer.core.ceilings import HandInfo, ceiling_key, factors

    checked = readings_seen = reached = 0
    for vid, text, ctx, s, hand, wild, readings in _wild_hands(20261125, 1000, CEILING_RULESETS):
        if not readings:
            continue
        bound = s.bound
        facts = [Facts(hand, r, s.ctx, wild, bound.options) for r in readings]
        try:
            keys = [engine.value_of(bound, engine.evaluate(bound, f), s.ctx).key for f in facts]
        except MjError:
            continue
        counts, jokers = split_wild(hand.counts, wild)
        info = HandInfo(readings, facts[0], counts, jokers)
        parts = factors(bound, info)
        assert parts is not None, (vid, text, ctx)
        assert sorted(k for ks, _o in parts for k in ks) == list(range(len(bound.patterns)))
        for ks, options in parts:
            for f in facts:
                got = tuple(int(bound.patterns[k][1](f, **bound.patterns[k][2])) for k in ks)
                assert got in options, (vid, text, ctx, [bound.patterns[k][0].name for k in ks], got, options,
                                        f.reading)
        top = ceiling_key(bound, info, compiled(bound).items_of,
                          lambda items: engine.value_of(bound, items, s.ctx))
        assert top is not None and all(key <= top for key in keys), (vid, text, ctx, top, max(keys))
        checked += 1
        readings_seen += len(readings)
        reached += max(keys) == top
    assert checked > 700 and readings_seen > 20 * checked, (checked, readings_seen)
    assert reached > checked // 2, (reached, checked)  # a ceiling no reading reaches spares nothing


@pytest.mark.slow
def test_readings_with_equal_views_score_alike():
    """scorer/core/views.py: readings of one hand with equal views have the same items and the same refusal
    (1 to 4 wild tiles, the rulesets whose predicates declare views), so the first one's value and
    refusal may stand for the rest."""
    from scorer.core.views import views

    groups = shared = 0
    for vid, text, ctx, s, hand, wild, readings in _wild_hands(20261126, 2000, ("xiamen", "quanzhou", "hangzhou",
                                                                                   "wuhan")):
        fns = views(s.bound)
        assert fns, vid
        seen: dict = {}
        for reading in readings:
            facts = Facts(hand, reading, s.ctx, wild, s.bound.options)
            refused = engine.refusal(s.bound, facts)
            got = ([(i.name, i.value, i.count) for i in engine.evaluate(s.bound, facts)], refused)
            key = tuple(f(reading, hand, wild, s.ctx) for f in fns)
            if key in seen:
                assert seen[key] == got, (vid, text, ctx, reading)
                shared += 1
            else:
                seen[key] = got
                groups += 1
    assert shared > groups, (groups, shared)  # the views do merge readings


@pytest.mark.slow
def test_views_follow_the_gold_set_water_option():
    """Xiamen's view is given gold_set_water's `gold_sets`: with the option off (a set holding a gold
    scores no set water) readings that differ only in golds held in pungs are told apart, and the
    view of the default (which does not tell them apart) would merge readings that score differently."""
    from scorer.core.views import views
    from scorer.patterns.gold_view import gold_view

    rng = random.Random(20261127)
    v = load_variant("xiamen")
    rules = {"gold_set_water": False}
    groups = shared = merged_apart = 0
    for _ in range(600):
        text, ctx = wild_hand(rng, v, rng.choice((2, 3)), allowed_tiles(v))
        try:
            s = engine_setup._setup(ctx, "xiamen", rules, {})
            hand = notation_parse.parse_hand(text, win=s.ctx.win, max_size=s.max_size)
            wild = engine_setup._wild_of(s.bound, s.ctx)
            readings = engine.readings_of(hand, s.variant, s.bound, wild)
        except MjError:
            continue
        fns = views(s.bound)
        assert fns and len(fns) == 2, fns  # the default's view and the option's
        seen: dict = {}
        loose: dict = {}
        for reading in readings:
            facts = Facts(hand, reading, s.ctx, wild, s.bound.options)
            got = ([(i.name, i.value, i.count) for i in engine.evaluate(s.bound, facts)],
                   engine.refusal(s.bound, facts))
            key = tuple(f(reading, hand, wild, s.ctx) for f in fns)
            if key in seen:
                assert seen[key] == got, (text, ctx, reading)
                shared += 1
            else:
                seen[key] = got
                groups += 1
            merged_apart += loose.setdefault(gold_view(reading, hand, wild, s.ctx), got) != got
    assert shared > groups and merged_apart, (groups, shared, merged_apart)


def test_wuhan_pair_wait_is_one_on_every_reading_of_a_hand():
    """wuhan_view's pair-wait bit (what all_from_others reads) is the same on every reading of a hand:
    four openings leave only the pair in hand, so the winning tile waits on it in every reading. That
    is why a view without the bit would merge no readings that score apart, and why the test of equal
    views above cannot tell it missing; this checks the premise on hands where laizi give several readings."""
    from scorer.patterns.wuhan import wuhan_view

    rng = random.Random(20261125)
    tiles = [f"{d}{s}" for s in "mps" for d in range(1, 10)]
    hands = several = 0
    for _ in range(1500):
        melds = []
        for _ in range(4):
            s, d = rng.choice("mps"), rng.randint(1, 7)
            melds.append(rng.choice((f"[{d}{d}{d}{s},1]", f"[{d}{d + 1}{d + 2}{s},1]")))
        single = rng.choice(tiles)
        win = rng.choice((single, rng.choice(tiles)))
        text = f"{single} {' '.join(melds)} {win}"
        ctx = {"seat": "N", "discarder": "S", "wild": rng.choice((single, win, rng.choice(tiles)))}
        try:
            s = engine_setup._setup(ctx, "wuhan", None, {})
            hand = notation_parse.parse_hand(text, win=s.ctx.win, max_size=s.max_size)
            wild = engine_setup._wild_of(s.bound, s.ctx)
            readings = engine.readings_of(hand, s.variant, s.bound, wild)
        except MjError:
            continue
        if not readings:
            continue
        hands += 1
        several += len(readings) > 1
        assert len({wuhan_view(r, hand, wild, s.ctx)[3] for r in readings}) == 1, (text, ctx)
        assert wuhan_view(readings[0], hand, wild, s.ctx)[3]  # every one of them waits on the pair
    assert hands > 700 and several > 250, (hands, several)
