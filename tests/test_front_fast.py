"""The quick ways of the pipeline's front against the plain ones they stand for: a suit's splits by the
rank walk (decompose._suit_splits) against the recursive search (_group_splits), the whole hand's
plain splits against the general enumerator with wild tiles, a dict context's Context and ruleset
check in one step (context.ruleset_context) against context_from then check_for_ruleset, and the
thirteen-orphans glance against the form's definition."""
from __future__ import annotations

import itertools
import random

import pytest

from scorer.core import blocks, wild_splits
from scorer.core import decompose as dc
from scorer.core.engine import score
from scorer.core.forms import thirteen_orphans
from scorer.errors import MjError
from scorer.notation import hand as hand_module
from scorer.notation.hand import PAIR
from scorer.notation.parse import parse_hand
from scorer.notation.tiles import ORPHANS, tile_name
from scorer.rulesets import context as cx
from scorer.rulesets.variant import load_variant
from tests.test_context_fast import VALUES, _outcome, _state


def _reference(sub, suited, want_pair):
    return tuple(s for s in dc._group_splits(sub, suited) if any(k == PAIR for k, _ in s) == want_pair)


def _contents(size, most, top):
    for sub in itertools.product(range(top + 1), repeat=size):
        n = sum(sub)
        if 0 < n <= most and n % 3 != 1:
            yield sub


@pytest.mark.parametrize("suited", [True, False])
def test_rank_walk_gives_the_recursive_splits_on_every_small_suit_content(suited):
    # every content of up to 9 tiles (a suit's share of most hands), each count 0-4
    checked = several = 0
    for sub in _contents(9 if suited else 7, 9, 4):
        want = sum(sub) % 3 == 2
        got = dc._suit_splits(sub, suited, want)
        assert got == _reference(sub, suited, want), sub
        checked += 1
        several += len(got) > 1
    assert checked > 1000 and (several > 10 or not suited)


def test_rank_walk_gives_the_recursive_splits_on_random_large_contents():
    # 10 to 17 tiles in one suit (full flushes, five-set rulesets), and counts above four (a Hand built
    # by the API is not bound to four copies)
    rng = random.Random(5)
    several = 0
    for _ in range(4000):
        suited = rng.random() < 0.85
        size = 9 if suited else 7
        n = rng.choice((11, 12, 14, 15, 17))
        top = 4 if rng.random() < 0.9 else 6
        sub = [0] * size
        if rng.random() < 0.5:  # made of sets (and a pair): contents that split, often several ways
            while sum(sub) + 2 < n:
                k = rng.randrange(size - 2 if suited else size)
                for d in ((0, 1, 2) if suited and rng.random() < 0.6 else (0, 0, 0)):
                    sub[k + d] += 1
            if sum(sub) + 2 == n:
                sub[rng.randrange(size)] += 2
        while sum(sub) < n:
            k = rng.randrange(size)
            if sub[k] < top:
                sub[k] += 1
        sub = tuple(sub)
        want = n % 3 == 2
        got = dc._suit_splits(sub, suited, want)
        assert got == _reference(sub, suited, want), sub
        several += len(got) > 1
    assert several > 50


def _plain_reference(counts):
    """_plain_splits as the recursive search gives it: each suit's splits (sorted within the suit) in
    suit order, the suits' choices combined in turn, one pair in all."""
    per_suit, pairs = [], 0
    for base, size in ((0, 9), (9, 9), (18, 9), (27, 7)):
        sub = counts[base:base + size]
        n = sum(sub)
        if not n:
            continue
        if n % 3 == 1:
            return []
        splits = _reference(sub, base < 27, n % 3 == 2)
        if not splits:
            return []
        pairs += n % 3 == 2
        per_suit.append([tuple(blocks.Block(k, base + t) for k, t in split) for split in splits])
    if pairs != 1:
        return []
    return [sum(combo, ()) for combo in itertools.product(*per_suit)]


def test_plain_splits_agree_with_the_recursive_search_and_the_general_enumerator():
    # the per-suit tables (local splits shared by the suits, moved to each) against the recursive
    # search in the same order, and against the search for wild hands asked with no wild tile
    rng = random.Random(9)
    found = 0
    for _ in range(3000):
        counts = [0] * 34
        pool = rng.choice((range(9), range(18), range(34), range(27, 34)))
        for _k in range(rng.choice((4, 5))):
            t = rng.choice(pool)
            if t < 27 and t % 9 < 7 and rng.random() < 0.6:
                for d in range(3):
                    counts[t + d] += 1
            else:
                counts[t] += 3
        counts[rng.choice(pool)] += 2
        if max(counts) > 4:
            continue
        counts = tuple(counts)
        fast = dc._plain_splits(counts)
        assert fast == _plain_reference(counts), counts
        assert sorted(tuple(sorted(s)) for s in fast) == sorted(wild_splits._wild_splits(counts, 0, True)), counts
        found += bool(fast)
    assert found > 1000


def test_thirteen_orphans_glance_keeps_exactly_the_form():
    orphans = sorted(ORPHANS)
    for pair in orphans:
        tiles = orphans + [pair]
        hand = parse_hand(" ".join(tile_name(t) for t in tiles))
        assert len(thirteen_orphans(hand, hand.counts, 0, False, {})) == 1
        for k, gone in enumerate(orphans):  # one orphan swapped for any other tile: no such hand
            for other in range(34):
                if other == gone:
                    continue
                swapped = tiles[:k] + tiles[k + 1:] + [other]
                if max(swapped.count(t) for t in swapped) > 4:
                    continue
                h = parse_hand(" ".join(tile_name(t) for t in swapped))
                want = all(h.counts[t] for t in orphans) and sum(h.counts[t] for t in orphans) == 14
                assert bool(thirteen_orphans(h, h.counts, 0, False, {})) == want, swapped


def _random_ctx(rng, variant):
    keys = rng.sample(sorted(VALUES), rng.randint(1, 7))
    kw = {k: rng.choice(VALUES[k]) for k in keys}
    kw[rng.choice(("self_draw", "discarder", "robbed"))] = rng.choice((True, "S", "W", "N"))
    if rng.random() < 0.3:
        kw["players"] = rng.choice((3, 4, load_variant(variant).players))
    if rng.random() < 0.2:
        kw[rng.choice(("fan_bonus", "flower_bonus", "dealer_pays"))] = rng.choice((True, 2, "x"))
    return {k: v for k, v in kw.items() if v.__class__ in (str, int, bool, float, type(None))}


def _both_steps(kw, v):
    c = dict(kw)
    c.setdefault("players", v.players)
    ctx = cx.context_from(c)
    cx.check_for_ruleset(ctx, v)
    return ctx


@pytest.mark.parametrize("variant", ["riichi", "mcr", "hk-old", "wuhan", "xiamen"])
def test_ruleset_context_is_the_two_steps(variant):
    v = load_variant(variant)
    rng = random.Random(variant)
    outcomes = {"quick ok": 0, "quick error": 0, "new keys": 0}
    for _ in range(3000):
        kw = _random_ctx(rng, variant)
        full = _outcome(_both_steps, kw, v)
        for _twice in range(2):  # the second time every valid key and value is known
            quick = _outcome(cx.ruleset_context, kw, v)
            if quick == ("ok", None):
                outcomes["new keys"] += 1
                continue
            assert quick[0] == full[0], (kw, quick, full)
            if full[0] == "ok":
                assert _state(quick[1]) == _state(full[1]), kw
                for name in ("win_type", "by_self_draw", "seat_wind"):  # written ahead: the properties'
                    if name in vars(quick[1]):
                        assert vars(quick[1])[name] == getattr(full[1], name), (kw, name)
                outcomes["quick ok"] += 1
            else:
                assert quick[1] == full[1], kw
                outcomes["quick error"] += 1
    assert min(outcomes.values()) > 100, outcomes


def test_score_with_a_dict_context_is_unchanged_by_the_quick_setup():
    # the same hand and context scored cold (new keys: the full steps) and warm (ruleset_context)
    from scorer.core import setup as engine_setup

    cases = [("[CCC,2] [234s,1] 678m 99p 55s 5s", {"seat": "W", "self_draw": True}, "hk-old"),
             ("123m 456p 789s EEE 3s 3s", {"seat": "S", "discarder": "E", "riichi": True, "dora": "1m"}, "riichi"),
             ("123m 456p 789s EEE 1p 1p", {"seat": "S", "discarder": "E", "riichi": True, "streak": 2}, "riichi")]
    for text, ctx, variant in cases:
        got = []
        for _run in range(3):
            if _run == 0:
                cx._clean_one.cache_clear()
            engine_setup._kept_setup.cache_clear()
            try:
                r = score(text, dict(ctx), variant)
                got.append(("ok", r.value.total, r.net))
            except MjError as e:
                got.append((type(e).__name__, str(e)))
        assert got[0] == got[1] == got[2], (text, got)


def test_suit_tables_hold_only_what_the_cyclic_gc_stops_tracking():
    # the tables grow by a new suit content every few random hands; entries of Blocks would stay in the
    # cyclic GC's care for good (a full collection walks them all), entries of ints and bools do not
    import gc

    dc._suit_entry.cache_clear()  # (entries made before may sit in gc.freeze()'s generation: batch.tune_gc froze them)
    rng = random.Random(21)
    met = []
    for _ in range(300):
        counts = [0] * 34
        for t in rng.sample(range(34), 5):
            counts[t] += 3 if t >= 27 or rng.random() < 0.5 else 0
        dc._plain_splits(tuple(counts))
        met += [tuple(counts[base:end]) for base, end, _at in dc._SUITS]
    for text in ("123m 456m 789m 11p 345s", "111m 234m 345m 456m 99m", "123p 123p 123p 456s 77z"):
        score(text, {"self_draw": True}, variant="riichi")
    for _ in range(3):  # (a tuple is untracked once its items are: one collection a level of nesting)
        gc.collect()
    entries = [e for e in map(dc._suit_entry, met) if e]
    assert len(entries) > 20
    assert not any(gc.is_tracked(e) for e in entries)
    splits = dc._plain_splits(parse_hand("123m 456m 789m 11p 345s").counts)
    assert splits and all(isinstance(b, blocks.Block) for s in splits for b in s)


@pytest.mark.parametrize("variant", ["riichi", "mcr", "hk-old", "wuhan", "xiamen"])
def test_ruleset_check_by_the_given_names_agrees_with_the_full_check(variant):
    # a Context built from known keys (_built) carries the names given, and check_for_ruleset decides
    # from them at a glance: the same outcome and message as the flag-by-flag check
    from tests.test_context_fast import _random_kw

    v = load_variant(variant)
    rng = random.Random(variant + "given")
    glanced = 0
    for i in range(1500):
        kw = _random_kw(rng)
        kw["players"] = v.players
        if i % 3 == 0:  # make_context's full checks (a `rules` mapping) keep the names given too
            kw["rules"] = {}
        for _twice in range(2):  # the second time every valid key is known
            got = _outcome(cx.context_from, dict(kw))
        if got[0] != "ok":
            continue
        ctx = got[1]
        glanced += "_given" in ctx.__dict__
        assert _outcome(cx.check_for_ruleset, ctx, v) == _outcome(cx._check_for_ruleset, ctx, v), kw
    assert glanced > 100


@pytest.mark.parametrize("quads", [False, True])
def test_seven_pairs_form_reads_exactly_the_seven_pairs_hands(quads):
    # the form reads as seven pairs exactly the hands that are: every count even, 14 tiles, and no four
    # of a kind unless the ruleset counts quads as two pairs
    from scorer.core.forms import seven_pairs

    rng = random.Random(31 + quads)
    found = 0
    for _ in range(6000):
        tiles = rng.sample(range(34), 7)
        counts = [0] * 34
        for t in tiles:
            counts[t] += 2
        if rng.random() < 0.25:  # two pairs of one tile: a quad
            a, b = rng.sample(tiles, 2)
            counts[a], counts[b] = 4, 0
        for _bend in range(rng.choice((0, 0, 1, 2))):  # a near miss: a tile moved or added
            a, b = rng.randrange(34), rng.choice(tiles)
            if counts[b]:
                counts[b] -= 1
                counts[a] += 1 if rng.random() < 0.7 else 2
        counts = tuple(counts)
        concealed = tuple(t for t in range(34) for _ in range(counts[t]))
        if not concealed:
            continue
        hand = hand_module.Hand(concealed, (), (), concealed[-1])
        got = seven_pairs(hand, counts, 0, False, {"seven_pairs_quads": quads})
        want = sum(counts) == 14 and all(c % 2 == 0 for c in counts) and (quads or max(counts) <= 2)
        assert bool(got) == want, counts
        found += want
    assert 500 < found < 5500
