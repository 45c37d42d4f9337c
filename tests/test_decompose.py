"""Decomposition: every reading, checked against the `mahjong` package's divider, plus wild tiles,
17-tile hands and the special forms."""
import random

import pytest

from scorer.core.decompose import standard_splits
from scorer.core.forms import seven_pairs, thirteen_orphans
from scorer.core.wild import WildSpec, split_wild
from scorer.core.wild_splits import _wild_splits
from scorer.notation.parse import parse_hand
from scorer.notation.tiles import tile_name
from tests.gen import random_winning

mahjong = pytest.importorskip("mahjong")
from mahjong.hand_calculating.divider import HandDivider  # noqa: E402
from mahjong.meld import Meld as MjMeld  # noqa: E402


def ours(hand):
    out = set()
    for split in standard_splits(hand.counts):
        blocks = [list(b.tiles) for b in split] + [list(m.tiles) for m in hand.melds]
        out.add(tuple(sorted(tuple(b) for b in blocks)))
    for r in seven_pairs(hand, hand.counts, 0, False, {}):
        out.add(tuple(sorted(tuple(b.tiles) for b in r.blocks)))
    return out


def theirs(hand):
    tiles_34 = list(hand.all_counts)
    melds = []
    used = {}
    for m in hand.melds:
        t136 = []
        for t in m.tiles:
            t136.append(t * 4 + used.get(t, 0))
            used[t] = used.get(t, 0) + 1
        kind = {"chow": MjMeld.CHI, "pung": MjMeld.PON, "kong": MjMeld.KAN}[m.kind]
        melds.append(MjMeld(meld_type=kind, tiles=t136, opened=not m.concealed))
    return {tuple(sorted(tuple(b) for b in d)) for d in HandDivider.divide_hand(tiles_34, melds)}


def random_seven_pairs(rng):
    return "".join(tile_name(k) * 2 for k in rng.sample(range(34), 7))


@pytest.mark.slow
def test_differential_against_mahjong_divider_10000_hands():
    rng = random.Random(20261122)
    checked = multi = 0
    for n in range(10_000):
        if n % 10 == 0:
            text = random_seven_pairs(rng)
        else:
            text = random_winning(rng, tiles=range(rng.choice([9, 18, 27, 34])), chow_rate=rng.random())
        hand = parse_hand(text)
        a, b = ours(hand), theirs(hand)
        assert a == b, text
        checked += 1
        multi += len(a) > 1
    assert checked == 10_000 and multi > 100  # many hands have several readings


def test_known_multiple_readings():
    h = parse_hand("111222333m 456p 55s")
    assert len(standard_splits(h.counts)) == 2  # three pungs or three identical chows
    h = parse_hand("11223344556677m")
    assert len(ours(h)) == 4  # mahjong's own doc example: three standard readings and seven pairs


def test_fast_and_general_enumerators_agree():
    rng = random.Random(5)
    for _ in range(2000):
        hand = parse_hand(random_winning(rng, tiles=range(rng.choice([9, 34])), meld_rate=0))
        fast = sorted(tuple(sorted(s)) for s in standard_splits(hand.counts))
        general = sorted(_wild_splits(hand.counts, 0, True))
        assert fast == general


def test_seventeen_tile_hands_have_five_sets():
    h = parse_hand("123m 456m 789m 123p 456p 99s", max_size=17)
    splits = standard_splits(h.counts)
    assert splits and all(len(s) == 6 for s in splits)


def test_wild_tile_stands_for_any_tile_and_records_it():
    # 2m is wild: 123m 456p 789s EE + 5p and two wilds
    h = parse_hand("13m 456p 789s EEE 5p 2m2m", max_size=14)
    counts, jokers = split_wild(h.counts, WildSpec(tile=1))
    assert jokers == 2
    splits = standard_splits(counts, jokers)
    readings = {tuple((b.kind, b.tile, b.wild) for b in s) for s in splits}
    # 13m + wild as 2m; 5p + wild as 5p for the pair
    assert (("chow", 0, (1,)), ("chow", 12, ()), ("chow", 24, ()), ("pair", 13, (13,)), ("pung", 27, ())) in readings
    assert all(sum(len(b.wild) for b in s) == 2 for s in splits)


def test_wild_only_set_may_be_any_set():
    h = parse_hand("123m 456p 789s 55p 9m9m9m", max_size=14)
    counts, jokers = split_wild(h.counts, WildSpec(tile=8))
    splits = standard_splits(counts, jokers)
    # three wild 9m alone form any pung (34) or chow (21), including 9m itself; they may also mix
    # with natural tiles (wild 1m with 23m...), which gives further readings
    all_wild = {b for s in splits for b in s if len(b.wild) == 3}
    assert len(all_wild) == 55
    assert len(splits) > 55


def test_white_dragon_substitutes_for_the_gold_face():
    # gold indicator 8p: golds are 8p, white dragons stand for 8p (not wild)
    h = parse_hand("123m 456p 789s 11s PPP", max_size=14)
    counts, jokers = split_wild(h.counts, WildSpec(tile=16, substitute=16))
    assert jokers == 0 and counts[16] == 3 and counts[31] == 0


def test_seven_pairs_and_orphans_with_wild_tiles():
    h = parse_hand("1199m 1199p 1199s E 5m", max_size=14)
    counts, jokers = split_wild(h.counts, WildSpec(tile=4))
    rs = seven_pairs(h, counts, jokers, True, {})
    assert rs and all(any(b.wild == (27,) for b in r.blocks) for r in rs)
    h = parse_hand("19m 19p 19s ESWN PFC 9s", max_size=14)
    assert len(thirteen_orphans(h, h.counts, 0, False, {})) == 1
    h = parse_hand("19m 19p 19s ESWN PF 5m 9s", max_size=14)  # 5m wild stands for red
    counts, jokers = split_wild(h.counts, WildSpec(tile=4))
    rs = thirteen_orphans(h, counts, jokers, False, {})
    assert len(rs) == 1 and rs[0].blocks[-1].wild == (33,)


def test_seven_pairs_quads_only_when_allowed():
    h = parse_hand("1111m 22m 33m 44m 55m 66m", max_size=14)
    assert seven_pairs(h, h.counts, 0, False, {}) == []
    assert seven_pairs(h, h.counts, 0, False, {"seven_pairs_quads": True})


@pytest.mark.slow
def test_per_suit_wild_search_matches_the_reference_search():
    # standard_splits searches wild hands suit by suit; _wild_splits is the plain reference search
    rng = random.Random(99)
    for _ in range(1500):
        hand = parse_hand(random_winning(rng, tiles=range(rng.choice([9, 18, 34])), meld_rate=0))
        counts = list(hand.counts)
        jokers = rng.randint(1, 3)
        for _ in range(jokers):  # turn some tiles into wild ones
            t = rng.choice([k for k, c in enumerate(counts) if c])
            counts[t] -= 1
        assert standard_splits(tuple(counts), jokers) == sorted(_wild_splits(tuple(counts), jokers, True))


def test_plain_placements_match_place_win():
    # standard_readings places the winning tile in a wild-free split with its own loop (equal blocks are
    # adjacent in a split); place_win is the general rule it must agree with, equal blocks counted once
    from scorer.core.blocks import Reading
    from scorer.core.decompose import meld_blocks, place_win, standard_readings

    rng = random.Random(11)
    for _ in range(3000):
        hand = parse_hand(random_winning(rng, tiles=range(rng.choice([9, 18, 34])), meld_rate=0.3))
        melds = meld_blocks(hand)
        want = [Reading("standard", melds + split, w) for split in standard_splits(hand.counts)
                for w in place_win(melds + split, hand.win_tile, False, len(melds))]
        assert standard_readings(hand, hand.counts, 0, False) == want
