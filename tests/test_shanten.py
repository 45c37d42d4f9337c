"""Shanten against the `mahjong` package's calculator (the riichi reference) on 10,000 random hands,
and the cases it cannot check: five-set hands, declared melds, the closest reading."""
import random

import pytest
from mahjong.shanten import Shanten as Reference

from scorer.core import shanten as S
from scorer.notation.parse import parse_hand


def counts_of(text):
    h = parse_hand(text, partial=True)
    c = [0] * 34
    for t in h.concealed:
        c[t] += 1
    return c, h


@pytest.mark.slow
def test_ten_thousand_random_hands_match_the_reference():
    rng = random.Random(20261125)
    wall = [t for t in range(34) for _ in range(4)]
    suits = [[t for t in wall if t // 9 == s] + [t for t in wall if t >= 27][:12] for s in range(3)]
    wrong = []
    for n in range(10000):
        size = (13, 14, 13, 14, 10, 11, 7, 8)[n % 8]
        source = suits[n % 3] if n % 5 == 0 else wall  # one hand in five nearly one suit: long chains
        c = [0] * 34
        for t in rng.sample(source, size):
            c[t] += 1
        melds = (14 - size) // 3
        ref = Reference.calculate_shanten_for_regular_hand(c)
        if size < 13:
            if S.standard(c, 4, melds=melds).number != ref:
                wrong.append(("standard", c))
            continue
        seven, orphans = S.seven_pairs(c).number, S.thirteen_orphans(c).number
        if (S.standard(c, 4).number, seven, orphans) != (ref, Reference.calculate_shanten_for_chiitoitsu_hand(c),
                                                         Reference.calculate_shanten_for_kokushi_hand(c)):
            wrong.append(("a form", c))
        # the ruleset's forms together: the lowest of the three (what the reference's total is)
        if S.shanten(c, 4, ("standard", "seven_pairs", "thirteen_orphans")).number != min(ref, seven, orphans):
            wrong.append(("all forms", c))
    assert wrong == []


def test_a_wait_on_a_fifth_copy_is_no_wait():
    # four 1m and 234p 567p 789p: the lone-tile wait on 1m cannot be drawn
    c, _ = counts_of("1111m 234p 567p 789p")
    assert S.standard(c, 4).number == 1 == Reference.calculate_shanten_for_regular_hand(c)


def test_five_set_hands():
    c, _ = counts_of("123m 456m 789m 123p 456p 7p")  # 16 tiles, waiting on 7p for the pair
    assert S.standard(c, 5).number == 0
    c, _ = counts_of("123m 456m 789m 123p 456p 77p")
    assert S.standard(c, 5).number == -1
    c, _ = counts_of("123m 456m 789m 123p 456p 79p")  # 17 tiles: discard one, still no pair: 1 away
    assert S.standard(c, 5).number == 0


def test_melds_count_as_sets_and_hold_their_copies():
    c, h = counts_of("[111m] 234p 567p 789p 1m")
    blocked = [0] * 34
    blocked[0] = 3
    # the pair needs a second 1m: the meld holds three, the hand one, none left to draw
    assert S.standard(c, 4, melds=1, blocked=blocked).number == 1
    assert S.standard(c, 4, melds=1).number == 0


def test_closest_reading_names_kept_groups_and_left_over_tiles():
    c, _ = counts_of("123m 456p 78s 55s 1p 9p E")
    s = S.standard(c, 4)
    # kept: 123m 456p 55s, 78s waiting at 6s or 9s, and one of 1p 9p E to start the fourth set
    assert s.number == 2
    groups = {(g.kind, g.tiles, g.needs) for g in s.groups}
    assert ("set", (0, 1, 2), ()) in groups and ("pair", (22, 22), ()) in groups
    assert ("partial set", (24, 25), (23, 26)) in groups
    assert len(s.left_over) == 2 and set(s.left_over) < {9, 17, 27}


def test_seven_pairs_with_four_of_a_kind_as_two_pairs():
    c, _ = counts_of("1111m 22p 33p 44p 55p 6p 7p")
    assert S.seven_pairs(c, quads=False).number == 1
    assert S.seven_pairs(c, quads=True).number == 0
