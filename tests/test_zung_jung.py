"""Zung Jung-style points ("How to play Mahjong", Patterns): every pattern with
a hand that has it and one that almost has it, the series rule, the one-arrangement rule (the
Patterns introduction's own example), the payments of the Patterns introduction, every house-rule option, and zero-sum payments over
generated hands. Expected figures are worked out by hand from the text's table in the comments."""
import random
from pathlib import Path

import pytest
import yaml

import scorer
from scorer.core import engine
from scorer.errors import IllegalWin, VariantError
from scorer.rulesets import variant as variant_module
from tests.gen import random_context, random_winning

V = "zung-jung"


def score(hand, rules=None, **ctx):
    ctx.setdefault("seat", "S")
    if not any(k in ctx for k in ("discarder", "robbed", "kong_draw")):
        ctx["self_draw"] = True
    return engine.score(hand, variant=V, rules=rules, **ctx)


def items(hand, rules=None, **ctx):
    return {i.name: i.value for i in score(hand, rules, **ctx).value.items}


# (pattern, hand that has it, hand that almost has it, context for both). Self-draw by S unless said.
CASES = [
    ("all_runs", "123m 456p 789s 234s 11m", "123m 456p 789s 222s 11m", {}),
    ("concealed_hand", "123m 456p 789s 234s 11m", "[123m,1] 456p 789s 234s 11m", {}),
    ("no_terminals", "234m 456p 678s 345s 55m", "234m 456p 678s 345s EE", {}),
    ("mixed_one_suit", "123m 345m 678m EEE 99m", "123m 345m 678m EEE 99p", {}),
    ("pure_one_suit", "123m 345m 678m 222m 99m", "123m 345m 678m EEE 99m", {}),
    # 1112345678999 + 9 / the 9s stop at two (111 234 567 888 99)
    ("nine_gates", "11123456789999m", "11123456788899m", {}),
    ("value_honour", "CCC 123m 456p 789s 55s", "WWW 123m 456p 789s 55s", {}),  # W is not S's own wind
    ("small_three_dragons", "CCC FFF PP 123m 456m", "CCC FFF 123m 456m 99m", {}),
    ("big_three_dragons", "CCC FFF PPP 123m 99s", "CCC FFF PP 123m 999s", {}),
    ("small_three_winds", "EEE SSS WW 123m 456m", "EEE SSS 123m 456m 99m", {}),
    ("big_three_winds", "EEE SSS WWW 123m 99m", "EEE SSS WW 123m 456m", {}),
    ("small_four_winds", "EEE SSS WWW NN 123m", "EEE SSS WWW 99m 123m", {}),
    ("big_four_winds", "EEE SSS WWW NNN 99m", "EEE SSS WWW NN 123m", {}),
    ("all_honours", "EEE SSS CCC FFF PP", "EEE SSS CCC FFF 99s", {}),
    ("all_triplets", "111m 444p 777s EEE 99m", "123m 444p 777s EEE 99m", {}),
    ("two_concealed_triplets", "111m 444p 123s 456s 99m", "[111m,1] 444p 123s 456s 99m", {}),
    ("three_concealed_triplets", "111m 444p 777s 123s 99m", "[111m,1] 444p 777s 123s 99m", {}),
    ("four_concealed_triplets", "111m 444p 777s EEE 99m", "[111m,1] 444p 777s EEE 99m", {}),
    ("one_quad", "[1111m,1] 456p 789s 234s 55m", "[111m,1] 456p 789s 234s 55m", {}),
    ("two_quads", "[1111m,1] [4444p,2] 789s 234s 55m", "[1111m,1] [444p,2] 789s 234s 55m", {}),
    ("three_quads", "[1111m,1] [4444p,2] {7777s} 234s 55m", "[1111m,1] [4444p,2] 777s 234s 55m", {}),
    ("four_quads", "[1111m,1] [4444p,2] {7777s} [2222s,5] 55m", "[1111m,1] [4444p,2] {7777s} 222s 55m", {}),
    ("two_identical_runs", "123m 123m 456p 789s 55s", "123m 234m 456p 789s 55s", {}),
    ("double_two_identical_runs", "123m 123m 456p 456p 55s", "123m 123m 456p 567p 55s", {}),
    # concealed, 123m x3 would be read 111 222 333m (135 > 130, see the arrangement tests): a melded run
    ("three_identical_runs", "[123m,1] 123m 123m 456p 55s", "[123m,1] 123m 234m 456p 55s", {}),
    ("four_identical_runs", "[123m,1] [123m,2] 123m 123m 55s", "[123m,1] [123m,2] 123m 234m 55s", {}),
    ("three_similar_runs", "123m 123p 123s 456m 99s", "123m 123p 234s 456m 99s", {}),
    ("small_three_similar_triplets", "222m 222p 22s 345m 678s", "222m 222p 33s 345m 678s", {}),
    ("big_three_similar_triplets", "222m 222p 222s 345m 99s", "222m 222p 22s 345m 678s", {}),
    ("nine_tile_straight", "123m 456m 789m 234p 55s", "123m 456m 678m 234p 55s", {}),
    ("three_consecutive_triplets", "111m 222m 333m 456p 99s", "111m 222m 444m 456p 99s", {}),
    ("four_consecutive_triplets", "111m 222m 333m 444m 99s", "111m 222m 333m 555m 99s", {}),
    # the pair is judged like a set (terminal_sets_include_pair): 22s spoils it
    ("mixed_branching_terminals", "123m 789p EEE 999s 11s", "123m 789p EEE 999s 22s", {}),
    ("pure_branching_terminals", "123m 789p 111s 999s 11m", "123m 789p 111s 999s 22m", {}),
    ("mixed_rooted_terminals", "111m 999p EEE CCC 99s", "111m 999p EEE CCC 88s", {}),
    ("pure_rooted_terminals", "111m 999p 111s 999s 99m", "111m 999p 111s 789s 99m", {}),
    ("thirteen_wonders", "19m 19p 19s ESWNPFC C", "19m 19p 19s ESWNPF 99m", {}),
    ("seven_pairs", "11m 22m 55p 77p 99s EE CC", "11m 22m 55p 77p 99s EE CF", {}),
]
# patterns whose near miss is the same tiles in another context: (context with, context without)
CONTEXT_CASES = [
    ("final_draw", "123m 456p 789s 234s 11m", {"last_tile": True}, {}),
    ("final_discard", "123m 456p 789s 234s 11m", {"last_tile": True, "discarder": "E"}, {"last_tile": True}),
    ("win_on_quad", "[1111m,1] 456p 789s 234s 55m", {"kong_draw": 1}, {}),
    # the same tiles won on 3s in 2-4s: a robbed quad's tile is its fourth copy, held once by the winner
    ("robbing_a_quad", "123m 456p 789s 11m 24s 3s", {"robbed": "E"}, {"discarder": "E"}),
    ("blessing_of_heaven", "123m 456p 789s 234s 11m", {"seat": "E", "first_turn": True}, {"seat": "E"}),
    ("blessing_of_earth", "123m 456p 789s 234s 11m", {"first_turn": True, "discarder": "E"},
     {"first_turn": True}),  # S's own first draw is not East's first discard
    ("value_honour", "SSS 123m 456p 789s 55s", {"seat": "S"}, {"seat": "W"}),
    ("three_concealed_triplets", "111m 444p 123s 99m 777s", {}, {"discarder": "E"}),  # 777s claimed
    ("four_concealed_triplets", "111m 444p 777s 99m EEE", {}, {"discarder": "N"}),
]


@pytest.mark.parametrize("name, has, almost, ctx", CASES, ids=[c[0] for c in CASES])
def test_pattern_present_and_almost(name, has, almost, ctx):
    assert name in items(has, **ctx)
    if name in ("seven_pairs", "thirteen_wonders"):  # no near miss of a form is a winning hand
        with pytest.raises(IllegalWin):
            score(almost, **ctx)
        return
    assert name not in items(almost, **ctx)


@pytest.mark.parametrize("name, hand, with_ctx, without_ctx", CONTEXT_CASES, ids=[c[0] for c in CONTEXT_CASES])
def test_pattern_depends_on_context(name, hand, with_ctx, without_ctx):
    assert name in items(hand, **with_ctx)
    assert name not in items(hand, **without_ctx)


def test_blessing_of_heaven_refused_with_a_concealed_quad():
    # 9.4.1 "East winning on the first draw without a concealed quad"
    got = items("{1111m} 456p 789s 234s 55m", seat="E", first_turn=True)
    assert "blessing_of_heaven" not in got


def test_values_match_the_text():
    # How to play Mahjong, Patterns: read off the table by hand
    text = {"all_runs": 5, "concealed_hand": 5, "no_terminals": 5, "mixed_one_suit": 40, "pure_one_suit": 80,
            "nine_gates": 480, "value_honour": 10, "small_three_dragons": 40, "big_three_dragons": 130,
            "small_three_winds": 30, "big_three_winds": 120, "small_four_winds": 320, "big_four_winds": 400,
            "all_honours": 320, "all_triplets": 30, "two_concealed_triplets": 5, "three_concealed_triplets": 30,
            "four_concealed_triplets": 125, "one_quad": 5, "two_quads": 20, "three_quads": 120, "four_quads": 480,
            "two_identical_runs": 10, "double_two_identical_runs": 60, "three_identical_runs": 120,
            "four_identical_runs": 480, "three_similar_runs": 35, "small_three_similar_triplets": 30,
            "big_three_similar_triplets": 120, "nine_tile_straight": 40, "three_consecutive_triplets": 100,
            "four_consecutive_triplets": 200, "mixed_branching_terminals": 40, "pure_branching_terminals": 50,
            "mixed_rooted_terminals": 100, "pure_rooted_terminals": 400, "final_draw": 10, "final_discard": 10,
            "win_on_quad": 10, "robbing_a_quad": 10, "blessing_of_heaven": 155, "blessing_of_earth": 155,
            "thirteen_wonders": 160, "seven_pairs": 30}
    v = variant_module.load_variant(V)
    assert {p.name: p.value for p in v.patterns} == text
    assert all(p.rule.startswith("How to play Mahjong, ") for p in v.patterns)


# ---- series: only the highest pattern of a series counts (Patterns) ----------------------------
# (hand, the pattern kept, lower patterns of its series whose predicates also hold on the reading)
SERIES = [
    ("123m 345m 678m 222m 99m", "pure_one_suit", []),  # Mixed One-suit's predicate needs honours
    ("EEE SSS WWW NN 123m", "small_four_winds", ["small_three_winds", "big_three_winds"]),
    ("EEE SSS WWW NNN 99m", "big_four_winds", ["big_three_winds"]),  # the small ones need a wind pair
    ("CCC FFF PPP 123m 99s", "big_three_dragons", []),
    ("111m 444p 777s EEE 99m", "four_concealed_triplets", ["two_concealed_triplets", "three_concealed_triplets"]),
    ("[1111m,1] [4444p,2] {7777s} [2222s,5] 55m", "four_quads", ["one_quad", "two_quads", "three_quads"]),
    ("[123m,1] [123m,2] 123m 123m 55s", "four_identical_runs",
     ["two_identical_runs", "double_two_identical_runs", "three_identical_runs"]),
    ("[123m,1] 123m 123m 456p 55s", "three_identical_runs", ["two_identical_runs"]),
    ("111m 222m 333m 444m 99s", "four_consecutive_triplets", ["three_consecutive_triplets"]),
    ("111m 999p 111s 999s 99m", "pure_rooted_terminals",
     ["mixed_branching_terminals", "pure_branching_terminals", "mixed_rooted_terminals"]),
    ("111m 999p EEE CCC 99s", "mixed_rooted_terminals", ["mixed_branching_terminals"]),
    ("123m 789p 111s 999s 11m", "pure_branching_terminals", ["mixed_branching_terminals"]),
]


@pytest.mark.parametrize("hand, top, lower", SERIES, ids=[s[1] for s in SERIES])
def test_series_keeps_only_the_highest(hand, top, lower):
    r = score(hand)
    got = {i.name for i in r.value.items}
    calls = {spec.name: (spec, pred) for spec, pred, _ in variant_module.load_variant(V).bind().calls}
    for name in lower:
        spec, pred = calls[name]
        assert pred(r.chosen.facts), f"{name} should hold on {hand}: the series rule is what drops it"
        assert spec.series == calls[top][0].series
        assert name not in got
    assert top in got


def test_patterns_of_different_series_add_up():
    # CCC FFF PPP 123m 99s, self-drawn by S: Big Three Dragons 130 + Value Honour 3 x 10 = 30
    # + Three Concealed Triplets 30 + Concealed Hand 5 + Mixed Branching Terminals 40 (every set and
    # the pair holds an honour or a 1 or 9) = 235
    r = score("CCC FFF PPP 123m 99s")
    assert items("CCC FFF PPP 123m 99s") == {"big_three_dragons": 130, "value_honour": 30,
                                             "three_concealed_triplets": 30, "concealed_hand": 5,
                                             "mixed_branching_terminals": 40}
    assert r.value.total == 235


# ---- one arrangement (Patterns) ---------------------------------------------------------------------

def test_line_124_either_consecutive_triplets_or_identical_runs_not_both():
    # 111222333m 456p 99s self-drawn. As 111m 222m 333m: Concealed Hand 5 + Three Concealed Triplets 30
    # + Three Consecutive Triplets 100 = 135. As 123m x3: All Runs 5 + Concealed Hand 5 + Three Identical
    # Runs 120 = 130. One arrangement only: the better, 135; never 7.2.1 and 5.1.3 together.
    r = score("111222333m 456p 99s")
    assert sorted(s.value.total for s in r.readings) == [130, 135]
    assert r.value.total == 135
    got = items("111222333m 456p 99s")
    assert "three_consecutive_triplets" in got and "three_identical_runs" not in got


def test_arrangement_choice_follows_the_win():
    # The same tiles won on N's discard of 3m: 333m was completed by the claimed tile, so only two
    # triplets are concealed: 5 + Two Concealed Triplets 5 + 100 = 110 < runs 130. N pays 3 x 130.
    r = score("11122233m 456p 99s 3m", discarder="N")
    assert sorted(s.value.total for s in r.readings) == [110, 130]
    assert r.value.total == 130
    assert "three_identical_runs" in items("11122233m 456p 99s 3m", discarder="N")
    assert r.net == {"E": 0, "S": 390, "W": 0, "N": -390}


def test_standard_reading_beats_seven_pairs():
    # 112233m 445566p 77s: seven pairs 30 + Concealed Hand 5 = 35; as 123m 123m 456p 456p 77s:
    # All Runs 5 + Concealed Hand 5 + Double Two Identical Runs 60 = 70
    r = score("112233m 445566p 77s")
    assert sorted(s.value.total for s in r.readings) == [35, 70]
    assert r.value.total == 70 and r.chosen.reading.form == "standard"


def test_irregular_hands_take_patterns_that_fit():
    # RULINGS: seven pairs also scores Concealed Hand and, with no 1, 9 or honour, No Terminals.
    # 223344m would be 234m twice, but 55 66p 77 88s make no sets: seven pairs only, 30 + 5 + 5 = 40
    assert items("22m 33m 44m 55p 66p 77s 88s") == {"seven_pairs": 30, "concealed_hand": 5, "no_terminals": 5}
    # thirteen wonders 160 + Concealed Hand 5 = 165; its single tiles are not sets for 8.1
    assert score("19m 19p 19s ESWNPFC C").value.total == 165
    # seven pairs of terminals and honours: every pair "exclusively Terminals and Honours":
    # 30 + 5 + Mixed Rooted Terminals 100 = 135
    assert score("11m 99m 11p 99p EE SS CC").value.total == 135


# ---- payments (Patterns) -------------------------------------------------------------------

def test_self_draw_each_loser_pays_the_value():
    # 123m 456p 789s 234s 11m self-drawn: All Runs 5 + Concealed Hand 5 = 10, from each of E, W, N
    r = score("123m 456p 789s 234s 11m")
    assert r.value.total == 10
    assert r.net == {"E": -10, "S": 30, "W": -10, "N": -10}


def test_discard_discarder_pays_three_times():
    # the same hand on W's discard: 10 points, W pays 3 x 10, the others nothing
    r = score("123m 456p 789s 234s 11m", discarder="W")
    assert [(t.frm, t.amount) for t in r.transfers] == [("W", 30)]
    assert r.net == {"E": 0, "S": 30, "W": -30, "N": 0}


def test_robbed_quad_robbed_player_pays_three_times():
    # robbing N's quad of 3s (won in 2-4s: the robbed tile is held once): All Runs 5 + Concealed Hand 5
    # + Robbing a Quad 10 = 20; N pays 3 x 20 = 60
    r = score("123m 456p 789s 11m 24s 3s", robbed="N")
    assert r.value.total == 20
    assert r.net == {"E": 0, "S": 60, "W": 0, "N": -60}


def test_pay_from_a_counted_total():
    value, transfers, net = engine.pay(40, variant=V, seat="W", discarder="E")
    assert net == {"E": -120, "S": 0, "W": 120, "N": 0}
    value, transfers, net = engine.pay(400, variant=V, seat="W", self_draw=True, rules={"limit": 320})
    assert net == {"E": -320, "S": -320, "W": 960, "N": -320}


def test_payments_sum_to_zero_over_generated_hands():
    rng = random.Random(20240601)
    scored = 0
    for _ in range(400):
        hand = random_winning(rng)
        ctx = random_context(rng)
        try:
            r = engine.score(hand, ctx, variant=V)
        except IllegalWin:
            continue
        scored += 1
        assert sum(r.net.values()) == 0
        v = r.value.total
        if ctx.get("self_draw"):
            assert sorted(t.amount for t in r.transfers) == [v, v, v]
        else:
            payer = ctx.get("discarder") or ctx.get("robbed")
            assert [(t.frm, t.amount) for t in r.transfers] == [(payer, 3 * v)]
    assert scored >= 300


# ---- house-rule options (RULINGS zung-jung) ------------------------------------------------------

def test_no_limit_by_default_and_the_320_option():
    # EEE SSS WWW NNN 99m self-drawn by S: Concealed Hand 5 + Mixed One-suit 40 + Value Honour (SSS) 10
    # + Big Four Winds 400 + All Triplets 30 + Four Concealed Triplets 125 + Mixed Rooted Terminals 100
    # = 710; capped at 320 with the customary limit
    assert score("EEE SSS WWW NNN 99m").value.total == 710
    r = score("EEE SSS WWW NNN 99m", rules={"limit": 320})
    assert r.value.total == 320 and r.value.details["points"] == 710
    assert r.net == {"E": -320, "S": 960, "W": -320, "N": -320}


def test_minimum_option():
    # All Runs 5 + Concealed Hand 5 = 10: legal with no minimum and with 10, refused with 20
    assert score("123m 456p 789s 234s 11m", rules={"min_points": 10}).value.total == 10
    with pytest.raises(IllegalWin, match="minimum"):
        score("123m 456p 789s 234s 11m", rules={"min_points": 20})


def test_zero_point_hand_is_legal_without_a_minimum():
    # [123m,1] 456p 789s 222s 11m on a discard: melded, a triplet, terminals: no pattern at all
    r = score("[123m,1] 456p 789s 222s 11m", discarder="E")
    assert r.value.total == 0 and r.net == {"E": 0, "S": 0, "W": 0, "N": 0}


def test_value_round_wind_option():
    # WWW as S in a West round: own wind only by default (0); 10 with value_round_wind
    assert "value_honour" not in items("WWW 123m 456p 789s 55s", round="W")
    assert items("WWW 123m 456p 789s 55s", round="W", rules={"value_round_wind": True})["value_honour"] == 10
    # SSS as S in a South round: seat and round wind, counted once for each reason
    assert items("SSS 123m 456p 789s 55s", round="S", rules={"value_round_wind": True})["value_honour"] == 20


def test_no_terminals_allows_honours_option():
    hand = "234m 456p 678s CCC 55m"
    assert "no_terminals" not in items(hand)
    assert "no_terminals" in items(hand, rules={"no_terminals_allows_honours": True})
    assert "no_terminals" not in items("234m 456p 789s CCC 55m", rules={"no_terminals_allows_honours": True})


def test_concealed_quad_and_concealed_hand():
    hand = "{1111m} 456p 789s 234s 55m"
    assert "concealed_hand" in items(hand)
    assert "concealed_hand" not in items(hand, rules={"concealed_quad_keeps_concealed": False})
    # a discard win leaves the hand concealed (RULINGS)
    assert "concealed_hand" in items("123m 456p 789s 234s 11m", discarder="E")


def test_discard_triplet_concealed_option():
    hand, ctx = "111m 444p 123s 99m 777s", {"discarder": "E"}
    assert "two_concealed_triplets" in items(hand, **ctx)
    assert "three_concealed_triplets" in items(hand, rules={"discard_triplet_concealed": True}, **ctx)


def test_concealed_quads_are_triplets_option():
    # {1111m} 444p 123s 456s 99m: the concealed quad and 444p are two concealed triplets
    hand = "{1111m} 444p 123s 456s 99m"
    assert "two_concealed_triplets" in items(hand)
    assert "two_concealed_triplets" not in items(hand, rules={"concealed_quads_are_triplets": False})


def test_terminal_sets_include_pair_option():
    hand = "123m 789p EEE 999s 22s"
    assert "mixed_branching_terminals" not in items(hand)
    assert "mixed_branching_terminals" in items(hand, rules={"terminal_sets_include_pair": False})


def test_terminals_need_a_terminal_option():
    hand = "EEE SSS CCC FFF PP"
    assert "mixed_rooted_terminals" not in items(hand)
    assert "mixed_rooted_terminals" in items(hand, rules={"terminals_need_a_terminal": False})


def test_nine_gates_options():
    melded = "[111m,1] 23455678999m"  # 111 + 2345678999 + 5, the 111 melded
    assert "nine_gates" not in items(melded)
    assert "nine_gates" in items(melded, rules={"nine_gates_concealed": False})
    # 1112345567899m + 9m: fourteen tiles 1112345678999 + 5, but the thirteen before the 9m are not
    assert "nine_gates" in items("1112345567899m 9m")
    assert "nine_gates" not in items("1112345567899m 9m", rules={"nine_gates_wait": True})
    assert "nine_gates" in items("1112345678999m 5m", rules={"nine_gates_wait": True})
    # 11123456789999m: Nine Gates 480 + Pure One-suit 80 + Concealed 5 + Nine-tile straight 40 (11 123
    # 456 789 999) = 605; without Pure One-suit 525
    assert score("11123456789999m").value.total == 605
    assert score("11123456789999m", rules={"nine_gates_adds_pure_one_suit": False}).value.total == 525


def test_irregular_concealed_hand_option():
    assert score("19m 19p 19s ESWNPFC C", rules={"irregular_concealed_hand": False}).value.total == 160
    assert items("11m 22m 55p 77p 99s EE CC", rules={"irregular_concealed_hand": False}) == {"seven_pairs": 30}


def test_seven_pairs_quads_option():
    with pytest.raises(IllegalWin):
        score("1111m 55p 77p 99s EE CC")
    # 1111m as two pairs: seven pairs 30 + Concealed Hand 5
    assert items("1111m 55p 77p 99s EE CC", rules={"seven_pairs_quads": True}) == {"seven_pairs": 30,
                                                                                     "concealed_hand": 5}


def test_flowers_are_refused():
    with pytest.raises(IllegalWin, match="no flowers"):
        score("123m 456p 789s 234s 11m 1f")


def test_limit_pattern_without_a_limit_is_a_variant_error(tmp_path):
    club = tmp_path / "club.yaml"
    club.write_text("extends: zung-jung\npatterns:\n  seven_pairs: {limit: true}\n")
    with pytest.raises(VariantError, match="limit"):
        engine.score("11m 22m 55p 77p 99s EE CC", variant=str(club), self_draw=True)
    r = engine.score("11m 22m 55p 77p 99s EE CC", variant=str(club), self_draw=True, rules={"limit": 320})
    assert r.value.total == 320 and r.value.limit


# ---- the example session -------------------------------------------------------------------------

SESSION = Path(__file__).resolve().parent.parent / "examples" / "zung-jung-session.yaml"


@pytest.mark.parametrize("rec", yaml.safe_load(SESSION.read_text()), ids=lambda r: r["hand"])
def test_session_records(rec):
    r = scorer.score(rec["hand"], {k: v for k, v in rec.items() if k not in ("hand", "expect")})
    assert r.variant.id == V
    assert r.value.total == rec["expect"]["total"]
    assert r.net == rec["expect"]["net"]
