"""Independent review of the Old Hong Kong ruleset (Wikipedia 'Mahjong', Old Hong Kong mahjong rules; RULINGS.md hk-old) and of
the core engine paths it uses. Every figure below is worked out by hand from the rule text.

The bugs found in review are fixed; their tests state the text's figure.
The others pin behaviour that was checked by hand and is correct.
"""
import textwrap

import pytest

from scorer.core import engine
from scorer.errors import IllegalWin, MjError
from scorer.notation.format import format_hand
from scorer.notation.parse import parse_hand


def score(hand, rules=None, **ctx):
    return engine.score(hand, variant="hk-old", rules=rules, **ctx)


def names(r):
    return {i.name: i.value for i in r.value.items}


# ---- the article's payment examples, from real hands ----------------------------------------------

def test_example_2_and_3_from_hands():
    # Ex. 2: N wins 6 faan on S's discard: clean 3 + dragon pung 1 + seat wind N 1 + no flowers 1 = 6
    # -> 2 base; E 2x2 = 4, S 2x2 = 4, W 2; N +10
    r = score("123p 456p CCC NNN 55p", seat="N", discarder="S")
    assert r.value.total == 6 and r.value.base == 2
    assert r.net == {"E": -4, "S": -4, "W": -2, "N": 10}
    # Ex. 3: E wins 10 faan on W's discard -> 8 base; S 8x2 = 16, W 8x2x2 = 32, N 16; E +64
    _, _, net = engine.pay(10, variant="hk-old", seat="E", discarder="W")
    assert net == {"E": 64, "S": -16, "W": -32, "N": -16}


def test_east_winner_self_draw_redoubles_and_east_discarder_redoubles():
    # 9 faan (pure 7 + wall 1 + no flowers 1) -> 4 base. East self-draws: every loser 4 x2 (wall) x2 (East) = 16
    r = score("123m 456m 789m 555m 11m", seat="E", self_draw=True)
    assert r.value.total == 9 and r.value.base == 4
    assert r.net == {"E": 48, "S": -16, "W": -16, "N": -16}
    # S wins 8 faan (pure 7 + no flowers 1 -> 4 base) on East's discard: E 4 x2 (East) x2 (discarder) = 16
    r = score("123m 456m 789m 555m 11m", seat="S", discarder="E")
    assert r.value.total == 8 and r.net == {"E": -16, "S": 24, "W": -4, "N": -4}


def test_limit_hand_is_undoubled_even_for_east_self_draw():
    # "A winner receives the scoring limit from each player without any doubling": 64 x3
    r = score("111m 444p 777s EEE 99m", seat="E", self_draw=True)
    assert r.value.limit and r.net == {"E": 192, "S": -64, "W": -64, "N": -64}


def test_ten_faan_is_not_a_limit_hand_and_doubles():
    # RULINGS: 10+ faan -> 8 base through the usual doubling (example 3 doubles a 10-faan hand)
    value, _, net = engine.pay(13, variant="hk-old", seat="S", self_draw=True)
    assert value.base == 8 and not value.limit
    assert net == {"E": -32, "S": 64, "W": -16, "N": -16}


# ---- the minimum ---------------------------------------------------------------------------------

def test_minimum_excludes_manner_of_winning_and_flower_faan():
    # dragon pung 1 (counted) + wall 1 + own flower 1 (S = 2f) + own season 1 = 4 faan, 1 counted < 3
    with pytest.raises(IllegalWin, match="below the table minimum of 3"):
        score("[CCC,2] 123m 456p 789s 5s 5s 2f 2g", seat="S", self_draw=True)


# ---- concealment and the winning tile's place ------------------------------------------------------

def test_winning_tile_read_in_the_chow_keeps_the_pung_concealed():
    # 111m 123m 222p 888s 99s won on a discarded 1m: read 1m in 123m so 111m stays concealed:
    # 3 concealed pungs 3 + all suited 1 + no flowers 1 = 5 -> 2 base; E discards: E 2x2x2 = 8, W 2, N 2
    r = score("111m 123m 222p 888s 99s", seat="S", discarder="E", win="1m", rules={"min_faan": 0})
    assert names(r) == {"three_concealed_pungs": 3, "all_suited": 1, "no_flowers": 1}
    assert r.net == {"E": -8, "S": 12, "W": -2, "N": -2}


def test_pung_completed_by_discard_is_exposed_and_pungs_beat_chows():
    # 111m 222m 333m EEE 44p won on a discarded 3m: pungs reading, 333m exposed -> 3 concealed pungs
    # (111m 222m EEE) 3 + all pungs 3 + round wind E 1 + no flowers 1 = 8 -> 4 base (not self triplets)
    r = score("111m 222m 333m EEE 44p", seat="S", discarder="W", win="3m")
    assert not r.value.limit and r.value.total == 8
    assert names(r) == {"three_concealed_pungs": 3, "all_pungs": 3, "round_wind_pung": 1, "no_flowers": 1}
    assert r.net == {"E": -8, "S": 20, "W": -8, "N": -4}


def test_self_triplets_semi_concealed_with_a_concealed_kong():
    # concealed kong + three concealed pungs, the discard completes the pair: four concealed pungs
    # ("semi-concealed" is allowed for 4 concealed pungs) -> limit, 64 each undoubled
    r = score("{1111m} 444p 777s EEE 99m", seat="S", discarder="W")
    assert r.value.limit and "self_triplets" in names(r)
    assert sorted(t.amount for t in r.transfers) == [64, 64, 64]


def test_added_kong_is_not_concealed():
    # [5555p,5] was an exposed pung: 3 concealed pungs only. round E 1 + all pungs 3 + 3 concealed 3
    # + wall 1 + no flowers 1 = 9 -> 4 base; S self-draws: E 4x2x2 = 16, W, N 8
    r = score("[5555p,5] 111m 777s EEE 99m", seat="S", self_draw=True)
    assert not r.value.limit and r.value.total == 9
    assert r.net == {"E": -16, "S": 32, "W": -8, "N": -8}


def test_three_kongs_and_three_concealed_pungs_both_count():
    # {1111m} {2222p} [3333s,1] 555s 99m: kongs 1m 2p 3s (3 kongs, 3); concealed pungs/kongs 1m 2p 5s
    # (3 concealed pungs/kongs, 3) -- two different table items, neither implies the other.
    # all suited 1 + all pungs 3 + 3 + 3 + wall 1 + no flowers 1 = 12 -> 8; S self-draw: E 32, W/N 16
    r = score("{1111m} {2222p} [3333s,1] 555s 99m", seat="S", self_draw=True)
    got = names(r)
    assert got["three_kongs"] == 3 and got["three_concealed_pungs"] == 3
    assert r.value.total == 12 and r.net == {"E": -32, "S": 64, "W": -16, "N": -16}


# ---- honours hands ---------------------------------------------------------------------------------

def test_little_dragons_with_a_kong():
    # [CCCC,1] FFF PP 123m 456m: little dragons 5 + 2 dragon pungs 2 + clean 3 + wall 1 + no flowers 1 = 12
    r = score("[CCCC,1] FFF PP 123m 456m", seat="S", self_draw=True)
    assert names(r) == {"little_dragons": 5, "dragon_pung": 2, "clean_hand": 3, "from_the_wall": 1,
                        "no_flowers": 1}


def test_great_dragons_with_kongs():
    # three dragon kongs: great dragons 8 + dragon pungs 3 + three kongs 3 + wall 1 + no flowers 1 = 16
    # (only {FFFF} is concealed: no 3 concealed pungs)
    r = score("[CCCC,1] {FFFF} [PPPP,2] 123m 99s", seat="S", self_draw=True)
    assert names(r) == {"great_dragons": 8, "dragon_pung": 3, "three_kongs": 3, "from_the_wall": 1,
                        "no_flowers": 1}
    assert not r.value.limit and r.value.base == 8


def test_little_winds_with_seat_and_round_wind_kong():
    # seat S, round E: [EEEE,1] SSS WWW NN 123m: little winds 6 + seat S 1 + round E 1 + clean 3 + wall 1
    # + no flowers 1 = 13
    r = score("[EEEE,1] SSS WWW 123m NN", seat="S", round="E", self_draw=True)
    assert r.value.total == 13 and names(r)["little_winds"] == 6


def test_seat_and_round_wind_pung_scores_two():
    r = score("EEE 123m 456p 789s 55s", seat="E", round="E", self_draw=True, rules={"min_faan": 0})
    got = names(r)
    assert got["seat_wind_pung"] == 1 and got["round_wind_pung"] == 1


def test_seven_pairs_of_honours_and_seven_pairs_with_terminals():
    # all honours 10 + seven pairs 4 + wall 1 + no flowers 1 = 16 (not a limit: RULINGS)
    r = score("EE SS WW NN PP FF CC", seat="S", self_draw=True)
    assert names(r) == {"seven_pairs": 4, "all_honours": 10, "from_the_wall": 1, "no_flowers": 1}
    # seven pairs 4 + mixed terminals 5 + wall 1 + no flowers 1 = 11
    r = score("11m 99m 11p 99p EE SS CC", seat="S", self_draw=True)
    assert r.value.total == 11 and "mixed_terminals" in names(r)


def test_seven_pairs_needs_seven_different_pairs():
    with pytest.raises(IllegalWin):
        score("1111m 22m 55p 77p 99s EE", seat="S", self_draw=True, rules={"min_faan": 0})


def test_seven_pairs_reading_beats_the_chow_reading():
    # 11223344556677m: seven pairs 4 + pure 7 + no flowers 1 = 12 beats common 1 + pure 7 + 1 = 9
    r = score("11m 22m 33m 44m 55m 66m 77m", seat="S", discarder="W")
    assert r.chosen.reading.form == "seven_pairs" and r.value.total == 12


def test_terminals_limit_is_not_mixed_terminals():
    r = score("111m 999m 111p 999p 11s", seat="S", discarder="W", win="1p")
    assert r.value.limit and "terminals" in names(r) and "mixed_terminals" not in names(r)


def test_clean_and_pure_are_exclusive():
    assert "clean_hand" not in names(score("123m 456m 789m 111m 99m", seat="S", self_draw=True))
    got = names(score("123m 456m 789m EEE 99m", seat="S", self_draw=True))
    assert got["clean_hand"] == 3 and "pure_hand" not in got and "all_suited" not in got


# ---- robbing the kong ------------------------------------------------------------------------------

def test_robbed_kong_bonus_and_double_payment():
    # the winner holds the robbed 1p once (its other three copies are in S's pung):
    # clean 3 + dragon pung 1 + seat N 1 + robbing the kong 1 + no flowers 1 = 7 -> 4 base;
    # S (robbed, default pays as a discarder) 4x2 = 8, E 4x2 = 8, W 4 -> N +20
    r = score("23p 456p CCC NNN 55p 1p", seat="N", robbed="S")
    assert r.value.total == 7 and names(r)["robbing_kong"] == 1
    assert r.net == {"E": -8, "S": -8, "W": -4, "N": 20}


def test_heavenly_hand_is_a_limit():
    r = score("123m 456p 789s 555s 11m", seat="E", first_turn=True, self_draw=True)
    assert r.value.limit and r.net == {"E": 192, "S": -64, "W": -64, "N": -64}


# ---- notation ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, win", [
    ("123m 456p 789s 555z 1z1z", None),
    ("\U0001F007\U0001F008\U0001F009 \U0001F019\U0001F01A\U0001F01B \U0001F010\U0001F011\U0001F012"
     " \U0001F000\U0001F000\U0001F000 \U0001F004\U0001F004", None),
    ("{1111m} [5055p,6] 234s EE 78m 9m 1f 2g", None),
    ("[123m,2] [777z,3] 456p 789s 9s 9s", None),
    ("123p 456p CCC NNN 55p", "4p"),
])
def test_format_then_parse_gives_the_same_hand(text, win):
    h = parse_hand(text, win=win)
    h2 = parse_hand(format_hand(h))
    assert h2 == h and h2.win_tile == h.win_tile


def test_error_columns():
    with pytest.raises(MjError, match="column 23"):
        parse_hand("123m 456p 789s 555s 11x")
    with pytest.raises(MjError, match="column 8"):
        parse_hand("[5555p,4] 123m 456p 789s 55s")


# =====================================================================================================
# Bugs found in review (fail now; each states the text's figure)
# =====================================================================================================

def test_earthly_hand_needs_the_dealers_first_discard():
    # S self-draws on its first turn: no earthly hand. pure 7 + wall 1 + no flowers 1 = 9 -> 4 base;
    # E 4x2x2 = 16, W 4x2 = 8, N 8 -> S +32 (the code pays the limit: 64 x3)
    r = score("123m 456m 789m 555m 11m", seat="S", first_turn=True, self_draw=True)
    assert not r.value.limit and "earthly_hand" not in names(r)
    assert r.net == {"E": -16, "S": 32, "W": -8, "N": -8}


def test_first_turn_and_robbed_kong_contradict():
    with pytest.raises(MjError):
        score("123m 456m 89m 555m 11m 7m", seat="S", first_turn=True, robbed="W")


def test_heavenly_hand_cannot_have_claimed_melds():
    # a claim ends the first go-round: the dealer cannot hold [CCC,2] at a heavenly win
    with pytest.raises(MjError):
        score("[CCC,2] 123m 456p 789s 55s", seat="E", first_turn=True, self_draw=True)


def test_double_kong_needs_two_kongs_in_the_hand():
    # "replacement after a second consecutive kong": the winner declared both kongs; this hand has none
    # (the code: pure 7 + double kong 9 + wall 1 + no flowers 1 = 18 -> 8 base)
    with pytest.raises(MjError):
        score("123m 456m 789m 555m 11m", seat="S", kong_draw=2)


def test_robbed_tile_cannot_be_held_twice():
    # 5p robbed from S's added kong [5555p]: S holds three 5p, the winner 55p + 5p = 6 copies of 5p
    with pytest.raises(MjError):
        score("123p 456p CCC NNN 55p", seat="N", robbed="S")


def test_no_great_flowers_means_no_instant_win():
    # 111444777999m 25m is no winning hand; without the great-flowers rule it must be refused.
    # The code: pure 7 + wall 1 + own flower 1 + own season 1 + 2 + 2 = 14 faan -> 8 base
    with pytest.raises(IllegalWin):
        score("111444777999m 25m 1234f 1234g", seat="S", self_draw=True, rules={"great_flowers": False})


def test_exclusion_holds_on_equal_values(tmp_path):
    # a club file: round wind pung excludes seat wind pung (both 1). EEE for East seat, East round:
    # only the round wind pung counts (1), not 1 + 1
    (tmp_path / "club.yaml").write_text(textwrap.dedent("""\
        extends: hk-old
        id: club-tie
        name: club tie
        patterns:
          round_wind_pung:
            excludes: [seat_wind_pung]
        """))
    r = engine.score("EEE 123m 456p 789s 55s", variant=str(tmp_path / "club.yaml"), seat="E", round="E",
                     self_draw=True, rules={"min_faan": 0})
    got = names(r)
    assert got.get("round_wind_pung") == 1 and "seat_wind_pung" not in got


def test_pay_total_below_minimum_is_refused():
    # 2 faan in all (bonus included) is at most 2 counted faan: below the 3-faan minimum, no legal win
    with pytest.raises(MjError):
        engine.pay(2, variant="hk-old", seat="S", self_draw=True)
