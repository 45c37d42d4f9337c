"""Old Hong Kong (Wikipedia 'Mahjong', Old Hong Kong mahjong rules): every faan element
with a hand that has it and one that almost has it, the table minimum, the base-point table, the
doubling rules, the limit hands and the article's three payment examples."""
import random

import pytest

from scorer.core import engine
from scorer.errors import IllegalWin
from scorer.rulesets import variant as variant_module
from tests.gen import random_context, random_winning

ANY = {"min_faan": 0}  # patterns tested on their own, without the table minimum refusing the hand


def items(hand, rules=ANY, **ctx):
    ctx.setdefault("self_draw", not any(k in ctx for k in ("discarder", "robbed")))
    ctx.setdefault("seat", "S")
    r = engine.score(hand, variant="hk-old", rules=rules, **ctx)
    return {i.name: i.value for i in r.value.items}, r


# (pattern, hand that has it, hand that almost has it, extra context for both)
CASES = [
    ("dragon_pung", "[CCC,2] 123m 456p 789s 55s", "CC 123m 456p 789s 555s", {}),
    ("seat_wind_pung", "SSS 123m 456p 789s 55s", "WWW 123m 456p 789s 55s", {"seat": "S"}),
    ("round_wind_pung", "SSS 123m 456p 789s 55s", "SSS 123m 456p 789s 55s", {"seat": "W"}),
    ("all_suited", "123m 456p 789s 555s 11m", "123m 456p 789s 555s EE", {}),
    ("common_hand", "123m 456p 789s 234s 11m", "123m 456p 789s 234s EE", {}),
    ("all_pungs", "111m 444p 777s EEE 99m", "123m 444p 777s EEE 99m", {}),
    ("clean_hand", "123m 456m 789m EEE 11m", "123m 456m 789m 111m 99m", {}),
    ("three_concealed_pungs", "111m 444p 123s 99m 777s", "111m 444p 123s 99m 777s", {}),
    ("three_kongs", "[1111m,1] [4444p,2] [7777s,3] 123s 99m", "[1111m,1] [4444p,2] 777s 123s 99m", {}),
    ("seven_pairs", "11m 22m 55p 77p 99s EE CC", "11m 22m 55p 77p 99s 123s C", {}),
    ("pure_hand", "123m 456m 789m 111m 99m", "123m 456m 789m EEE 99m", {}),
    ("little_dragons", "CCC FFF PP 123m 456m", "CCC FF PP 123m 456m 1m", {}),
    ("little_winds", "EEE SSS WWW 123m NN", "EEE SSS 123m 456m NN", {}),
    ("mixed_terminals", "111m 999p EEE CCC 99s", "111m 999p EEE CCC 88s", {}),
    ("all_honours", "EEE SSS CCC FFF PP", "EEE SSS CCC FFF 99s", {}),
    ("great_dragons", "CCC FFF PPP 123m 99s", "CCC FFF PP 123m 999s", {}),
    ("from_the_wall", "123m 456p 789s 555s 11m", "123m 456p 789s 555s 11m", {}),
    ("no_flowers", "123m 456p 789s 555s 11m", "123m 456p 789s 555s 11m 3f", {}),
    ("own_flower", "123m 456p 789s 555s 11m 2f", "123m 456p 789s 555s 11m 3f", {"seat": "S"}),
    ("own_season", "123m 456p 789s 555s 11m 2g", "123m 456p 789s 555s 11m 3g", {"seat": "S"}),
    ("all_flowers", "123m 456p 789s 555s 11m 1234f", "123m 456p 789s 555s 11m 123f 4g", {}),
    ("all_seasons", "123m 456p 789s 555s 11m 1234g", "123m 456p 789s 555s 11m 123g 4f", {}),
]
# the "almost" hands of these differ only in the context
ALMOST_CONTEXT = {
    "round_wind_pung": ({"round": "S"}, {"round": "E"}),
    "three_concealed_pungs": ({"self_draw": True}, {"discarder": "E"}),  # 7s claimed: 777s is exposed
    "from_the_wall": ({"self_draw": True}, {"discarder": "E"}),
}


@pytest.mark.parametrize("name, has, almost, ctx", CASES, ids=[c[0] for c in CASES])
def test_faan_element_present_and_almost(name, has, almost, ctx):
    with_ctx, without_ctx = ALMOST_CONTEXT.get(name, ({}, {}))
    got, _ = items(has, **{**ctx, **with_ctx})
    assert name in got, f"{name} missing from {sorted(got)}"
    try:
        got, _ = items(almost, **{**ctx, **without_ctx})
    except IllegalWin:
        return  # the near miss is not even a winning hand
    assert name not in got


def test_values_match_the_tables():
    # Wikipedia 'Mahjong', Sample faan scoring: basic 1,1,1,1,3,3; advanced 3,3,4,7,5,6; special 5,10,8; bonus 1s and 2s
    expected = {"dragon_pung": 1, "seat_wind_pung": 1, "round_wind_pung": 1, "all_suited": 1, "common_hand": 1,
                "all_pungs": 3, "clean_hand": 3, "three_concealed_pungs": 3, "three_kongs": 3, "seven_pairs": 4,
                "pure_hand": 7, "little_dragons": 5, "little_winds": 6, "mixed_terminals": 5, "all_honours": 10,
                "great_dragons": 8, "double_kong": 9, "from_the_wall": 1, "robbing_kong": 1, "last_tile": 1,
                "no_flowers": 1, "own_flower": 1, "own_season": 1, "all_flowers": 2, "all_seasons": 2}
    v = variant_module.load_variant("hk-old")
    values = {p.name: p.value for p in v.patterns}
    for name, value in expected.items():
        assert values[name] == value, name


def test_manner_of_winning_bonus():
    # robbed: the kong's fourth 8s completes 7-9s, held once (the other hands win on the pair 11m)
    got, _ = items("123m 456p 555s 11m 79s 8s", robbed="E")
    assert got.get("robbing_kong") == 1 and "from_the_wall" not in got
    got, _ = items("123m 456p 789s 555s 11m", discarder="E", last_tile=True)
    assert got.get("last_tile") == 1
    got, _ = items("123m 456p 789s 555s 11m", discarder="E")
    assert "last_tile" not in got and "robbing_kong" not in got


def test_double_kong():
    got, _ = items("[1111m] [2222p] 123s 456s 99m", kong_draw=2)
    assert got["double_kong"] == 9 and got["from_the_wall"] == 1  # option double_kong_wall_bonus (default)
    got, _ = items("[1111m] [2222p] 123s 456s 99m", kong_draw=1)
    assert "double_kong" not in got
    got, _ = items("[1111m] [2222p] 123s 456s 99m", kong_draw=2, rules={"min_faan": 0, "double_kong_wall_bonus": False})
    assert "from_the_wall" not in got


def test_all_four_flowers_with_own_flower_is_three():
    # "All four flowers: 2 (plus 1 for own flower)"; RULINGS: the table, not the prose's 5
    got, _ = items("123m 456p 789s 555s 11m 1234f", seat="S")
    assert got["all_flowers"] == 2 and got["own_flower"] == 1 and "no_flowers" not in got


def test_pure_hand_excludes_all_suited_and_clean_hand():
    got, _ = items("123m 456m 789m 111m 99m")
    assert got["pure_hand"] == 7 and "all_suited" not in got and "clean_hand" not in got


def test_double_wind_option():
    # East pung for East seat in East round: 1 + 1 by default, 1 with double_wind_faan=1
    got, _ = items("EEE 123m 456p 789s 55s", seat="E", round="E")
    assert got["seat_wind_pung"] + got["round_wind_pung"] == 2
    got, _ = items("EEE 123m 456p 789s 55s", seat="E", round="E", rules={"min_faan": 0, "double_wind_faan": 1})
    assert got["value_wind_pung"] == 1 and "round_wind_pung" not in got and "seat_wind_pung" not in got
    # two different wind pungs still count one each under the 1-faan reading
    got, _ = items("SSS EEE 123m 456p 5s5s", seat="S", round="E", rules={"min_faan": 0, "double_wind_faan": 1})
    assert got["value_wind_pung"] == 2


def test_dragon_pungs_added_to_dragon_hands_by_default():
    got, _ = items("CCC FFF PP 123m 456m")
    assert got["little_dragons"] == 5 and got["dragon_pung"] == 2
    got, _ = items("CCC FFF PP 123m 456m", rules={"min_faan": 0, "dragon_pungs_with_dragon_hands": False})
    assert "dragon_pung" not in got


# ---- table minimum and base points ---------------------------------------------------------

def test_minimum_ignores_bonus_faan():
    # seat wind pung (1) + all suited? no: honours. 1 counted faan + wall 1 + no flowers 1 = 3 total
    with pytest.raises(IllegalWin, match="below the table minimum of 3"):
        engine.score("SSS 123m 456p 789s 55s", variant="hk-old", seat="S", self_draw=True)


def test_minimum_is_an_option():
    r = engine.score("SSS 123m 456p 789s 55s", variant="hk-old", seat="S", self_draw=True, rules={"min_faan": 1})
    assert r.value.total == 3 and r.value.base == 1


@pytest.mark.parametrize("faan, base", [(3, 1), (4, 2), (5, 2), (6, 2), (7, 4), (8, 4), (9, 4), (10, 8), (13, 8)])
def test_base_point_table(faan, base):
    # "Base points (Old Hong Kong Simplified)": 3 -> 1, 4-6 -> 2, 7-9 -> 4, 10+ -> 8 (limit)
    value, _, _ = engine.pay(faan, variant="hk-old", seat="S", discarder="W")
    assert value.base == base


# ---- the article's payment examples ---------------------------------------------------------

def test_wiki_example_1_west_3_faan_from_the_wall():
    # E 1 x2 (wall) x2 (East) = -4; S, N 1 x2 = -2; W +8
    _, _, net = engine.pay(3, variant="hk-old", seat="W", self_draw=True)
    assert net == {"E": -4, "S": -2, "W": 8, "N": -2}
    # the same from a real hand: dragon pung 1 + wall 1 + no flowers 1 = 3 faan (1 counted: min lowered)
    r = engine.score("[CCC,2] [234s,1] 678m 99p 55s 5s", variant="hk-old", seat="W", self_draw=True,
                     rules={"min_faan": 1})
    assert r.value.total == 3 and r.net == {"E": -4, "S": -2, "W": 8, "N": -2}


def test_wiki_example_2_north_6_faan_on_souths_discard():
    # E 2 x2 (East) = -4; S 2 x2 (discarder) = -4; W 2 = -2; N +10
    _, _, net = engine.pay(6, variant="hk-old", seat="N", discarder="S")
    assert net == {"E": -4, "S": -4, "W": -2, "N": 10}
    # clean hand 3 + dragon pung 1 + seat wind (N) 1 + no flowers 1 = 6 faan -> 2 base points
    r = engine.score("123p 456p CCC NNN 55p", variant="hk-old", seat="N", discarder="S")
    assert r.value.total == 6 and r.net == {"E": -4, "S": -4, "W": -2, "N": 10}


def test_wiki_example_3_east_10_faan_on_wests_discard():
    # S 8 x2 (to East) = -16; W 8 x2 x2 (discarder) = -32; N -16; E +64
    _, _, net = engine.pay(10, variant="hk-old", seat="E", discarder="W")
    assert net == {"E": 64, "S": -16, "W": -32, "N": -16}
    # E pung seat 1 + round 1, two dragon pungs 2, all pungs 3, clean hand 3 = 10; 2f is not East's;
    # 2m claimed completes 222m, so only EEE and CCC are concealed pungs (no 3-concealed-pungs faan)
    r = engine.score("[FFF,1] EEE CCC 88m 22m 2m 2f", variant="hk-old", seat="E", round="E", discarder="W")
    assert r.value.total == 10 and r.net == {"E": 64, "S": -16, "W": -32, "N": -16}


def test_robbed_kong_pays_as_discarder_by_default():
    # won on 8p in 7-9p (a robbed kong's tile is the fourth copy: the winner holds it once)
    r = engine.score("123p 55p CCC NNN 79p 8p", variant="hk-old", seat="N", robbed="S")
    # clean 3 + dragon 1 + seat 1 + robbing 1 + no flowers 1 = 7 (CCC NNN: two concealed pungs, no
    # 3-concealed-pungs) -> 4 base; S x2 (robbed) = 8, E x2 (East) = 8, W 4 -> N +20
    assert r.value.total == 7 and r.net == {"E": -8, "S": -8, "W": -4, "N": 20}
    # option off: E 8, S 4, W 4 -> N +16
    r = engine.score("123p 55p CCC NNN 79p 8p", variant="hk-old", seat="N", robbed="S",
                     rules={"robbed_pays_as_discarder": False})
    assert r.net == {"E": -8, "S": -4, "W": -4, "N": 16}


# ---- limit hands ----------------------------------------------------------------------------

LIMITS = [
    ("thirteen_orphans", "19m 19p 19s ESWN PFC 1m", {}),
    ("terminals", "111m 999m 111p 999p 11s", {}),
    ("pure_green", "234s 234s 666s 888s FF", {}),
    ("nine_gates", "1112345678999m 5m", {}),
    ("self_triplets", "111m 444p 777s EEE 99m", {}),
    ("all_kongs", "[1111m] [4444p,1] [7777s,2] [EEEE,3] 99m", {}),
    ("great_winds", "EEE SSS WWW NNN 99m", {}),
    ("heavenly_hand", "123m 456p 789s 555s 11m", {"seat": "E", "first_turn": True}),
    ("earthly_hand", "123m 456p 789s 555s 11m", {"seat": "S", "first_turn": True, "self_draw": False,
                                                 "discarder": "E"}),
    ("great_flowers", "123m 456p 789s 555s 11m 1234f 1234g", {}),
]


@pytest.mark.parametrize("name, hand, ctx", LIMITS, ids=[c[0] for c in LIMITS])
def test_limit_hands_pay_64_from_each_loser_undoubled(name, hand, ctx):
    ctx = {"seat": "S", "self_draw": True, **ctx}
    if not ctx["self_draw"]:
        del ctx["self_draw"]
    r = engine.score(hand, variant="hk-old", **ctx)
    assert r.value.limit and name in {i.name for i in r.value.items}
    # "A winner receives the scoring limit from each player without any doubling."
    assert sorted(t.amount for t in r.transfers) == [64, 64, 64]


@pytest.mark.parametrize("hand, ctx", [
    ("19m 19p 19s ESWN PF 11m", {}),                   # not thirteen orphans (no C)
    ("[111m,1] 999m 111p 999p EE", {}),               # not terminals (honours): mixed terminals
    ("234s 234s 666s 888s CC", {}),                    # red is not green
    ("[234m,1] 1115678999m 5m", {}),                   # nine gates needs the hand concealed
    ("111m 444p EEE 99m 777s", {"discarder": "E"}),    # 4th pung claimed: self triplets is concealed
    ("[1111m] [4444p,1] [7777s,2] EEE 99m", {}),       # three kongs
    ("EEE SSS WWW NN 123m", {}),                       # little winds
    ("123m 456p 789s 555s 11m", {"seat": "E"}),        # heavenly needs the first turn
    ("123m 456p 789s 555s 11m 1234f 123g", {}),        # seven bonus tiles
])
def test_near_limit_hands_are_not_limits(hand, ctx):
    ctx = {"seat": "S", **ctx}
    if "discarder" not in ctx:
        ctx["self_draw"] = True
    try:
        r = engine.score(hand, variant="hk-old", rules=ANY, **ctx)
    except IllegalWin:
        return
    assert not r.value.limit


def test_great_flowers_win_whatever_the_tiles():
    # "If a player picks up all four flowers and all four seasons during their hand, they instantly
    # win the hand and receive the maximum points from all of the players."
    r = engine.score("147m 258p 369s ESW PF 1234f 1234g", variant="hk-old", seat="S", self_draw=True)
    assert r.value.limit and r.chosen.reading.form == "eight_bonus_tiles"
    assert r.net == {"E": -64, "S": 192, "W": -64, "N": -64}
    with pytest.raises(IllegalWin):
        engine.score("147m 258p 369s ESW PF 1234f 1234g", variant="hk-old", seat="S", self_draw=True,
                     rules={"great_flowers": False})


def test_seven_pairs_as_limit_option():
    r = engine.score("11m 22m 55p 77p 99s EE CC", variant="hk-old", seat="S", self_draw=True,
                     rules={"seven_pairs_limit": True})
    assert r.value.limit


def test_semi_concealed_half_limit_option():
    r = engine.score("19m 19p 19s ESWN PFC 1m", variant="hk-old", seat="S", discarder="W",
                     rules={"semi_concealed_half_limit": True})
    assert sorted(t.amount for t in r.transfers) == [32, 32, 32]


def test_all_honours_goes_through_the_table_with_doubling():
    # RULINGS: all honours (10) is not a limit hand. S: seat wind 1, round E 1, two dragon pungs 2,
    # little dragons 5, all honours 10, 3 concealed pungs 3, no flowers 1, wall 1 (all pungs excluded
    # by all honours) = 24 -> 8 base points; S self-draws: E 8x2x2, W and N 8x2
    r = engine.score("[EEE,1] SSS CCC FFF PP", variant="hk-old", seat="S", self_draw=True)
    assert not r.value.limit and r.value.base == 8
    assert r.net == {"E": -32, "S": 64, "W": -16, "N": -16}


def test_best_reading_is_chosen():
    # 111222333m: three pungs (all pungs 3 + 3 concealed pungs 3) beats three chows
    r = engine.score("111m 222m 333m 456m 99m", variant="hk-old", seat="S", self_draw=True)
    assert {"all_pungs", "three_concealed_pungs", "pure_hand"} - {i.name for i in r.value.items} == {"all_pungs"}
    assert len(r.readings) >= 2


@pytest.mark.parametrize("seed", range(400))
def test_payments_sum_to_zero(seed):
    rng = random.Random(seed)
    hand = random_winning(rng, tiles=range(rng.choice([9, 18, 34])))
    ctx = random_context(rng, hand=hand)
    try:
        r = engine.score(hand, variant="hk-old", rules={"min_faan": 0}, **ctx)
    except IllegalWin:
        return
    assert sum(r.net.values()) == 0
    assert r.net[ctx["seat"]] > 0
