"""Xiamen (Amoy) gold-tile mahjong, Xiamen rules (Introduction to False win) and the Xiamen digest.

Every water and multiplier pattern with a hand that has it and one that almost has it; payments worked
out by hand from the text's formula (Xiamen rules, Scoring: (base + water) x multiplier, base 2 with the banker,
1 between non-bankers, doubled per banker stay); refusals; hands whose best reading depends on where the
golds go; zero-sum over generated hands. The text has no worked example with figures to reproduce.

Unless a row says otherwise: the winner sits South, East is the banker, the gold indicator is 9s (so
9s tiles in a hand are golds), no banker streak.
"""
import random
from pathlib import Path

import pytest
import yaml

import scorer
from scorer.core import engine
from scorer.errors import ContextError, IllegalWin, MjError
from scorer.notation.format import format_tiles
from scorer.notation.parse import parse_hand
from scorer.notation.tiles import tile_name
from scorer.output.results import result_text
from tests.gen import random_winning

BASE = {"seat": "S", "dealer": "E", "round": "E", "indicator": "9s"}
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def score(hand, variant="xiamen", rules=None, **ctx):
    c = {**BASE, **ctx}
    if not any(k in c for k in ("discarder", "robbed", "self_draw")):
        c["self_draw"] = True
    return engine.score(hand, c, variant=variant, rules=rules)


def names(r):
    return {i.name for i in r.value.items}


# A plain hand: 123m 456m 789m, a concealed East pung, a concealed 5p pung, pair 7s (the winning tile).
PLAIN = "123m 456m 789m EEE 555p 7s 7s"
# The same with a gold (9s) in place of the second 7s: five sets waiting on the pair with a lone gold.
FLOAT = "123m 456m 789m EEE 555p 9s 7s"
# PLAIN's tiles won on 8m in 7-9m: a robbed kong's tile is the fourth copy (the robbed pung holds the
# other three), so the winner holds it once and cannot win on PLAIN's 7s pair. Same sets, same water.
ROBBABLE = "123m 456m EEE 555p 77s 79m 8m"
# Three golds and nothing else in shape: a three-gold knocker only (winning tile F).
KNOCK = "1m 4m 7m 2p 5p 9p 1s 4s 7s E S W N 9s9s9s F"
KNOCK16 = "1m 4m 7m 2p 5p 9p 1s 4s 7s E S W 9s9s9s F"  # a non-banker right after the deal holds 16 tiles

# (pattern, hand that has it, its context, hand that almost has it, its context)
CASES = [
    ("bonus_tiles", PLAIN + " 1f", {}, PLAIN, {}),
    ("four_seasons", PLAIN + " 1234g", {}, PLAIN + " 123g 4f", {}),
    ("four_flowers", PLAIN + " 1234f", {}, PLAIN + " 123f 4g", {}),
    ("golds", "123m 456m 789m EEE 55p 9s 7s 7s", {}, "123m 456m 789m EEE 55p 5p 7s 7s", {"indicator": "8s"}),
    ("honour_open_pung", "[EEE,1] 123m 456m 789m 555p 7s 7s", {}, PLAIN, {}),
    # the East pung completed by the winning discard is open (Xiamen rules, Scoring)
    ("honour_closed_pung", PLAIN, {}, "123m 456m 789m 555p 7s 7s EE E", {"discarder": "W"}),
    ("honour_open_kong", "[EEEE,2] 123m 456m 789m 555p 7s 7s", {}, "{EEEE} 123m 456m 789m 555p 7s 7s", {}),
    ("honour_closed_kong", "{EEEE} 123m 456m 789m 555p 7s 7s", {}, "[EEEE,2] 123m 456m 789m 555p 7s 7s", {}),
    ("suit_open_pung", "[555p,1] 123m 456m 789m EEE 7s 7s", {}, PLAIN, {}),
    ("suit_closed_pung", PLAIN, {}, "123m 456m 789m EEE 7s 7s 55p 5p", {"discarder": "W"}),
    ("suit_open_kong", "[5555p,3] 123m 456m 789m EEE 7s 7s", {}, "{5555p} 123m 456m 789m EEE 7s 7s", {}),
    ("suit_closed_kong", "{5555p} 123m 456m 789m EEE 7s 7s", {}, "[5555p,3] 123m 456m 789m EEE 7s 7s", {}),
    ("common_win", PLAIN, {"discarder": "W"}, PLAIN, {"self_draw": True}),
    ("self_draw", PLAIN, {"self_draw": True}, PLAIN, {"discarder": "W"}),
    ("robbed_kong", ROBBABLE, {"robbed": "W"}, ROBBABLE, {"discarder": "W"}),
    ("three_gold_knocker", KNOCK, {"last_tile": True}, "1m 4m 7m 2p 5p 9p 1s 4s 7s E S W N 9s9s C F", {"last_tile": True}),
    ("knocker_after_deal", KNOCK16, {"first_turn": True}, KNOCK, {"last_tile": True}),
    ("gold_float", FLOAT, {}, PLAIN, {}),
    ("rob_gold", "123m 456m 789m EEE 555p 7s 9s", {"rob_gold": True}, "123m 456m 789m EEE 555p 7s 9s", {}),
    ("heavenly", PLAIN, {"seat": "E", "first_turn": True}, PLAIN, {"seat": "E"}),
    ("earthly", PLAIN, {"first_turn": True, "discarder": "E"}, PLAIN, {"discarder": "E"}),
    ("double_float", FLOAT, {"floats": 1}, FLOAT, {"floats": 0}),
    ("triple_float", FLOAT, {"floats": 2}, FLOAT, {"floats": 1}),
]


@pytest.mark.parametrize("name, has, has_ctx, almost, almost_ctx", CASES, ids=[c[0] for c in CASES])
def test_pattern_present_and_almost(name, has, has_ctx, almost, almost_ctx):
    assert name in names(score(has, **has_ctx))
    try:
        r = score(almost, **almost_ctx)
    except IllegalWin:
        return  # the near miss is no win at all (three-gold knocker with two golds)
    assert name not in names(r)


# (hand, context, rules, water, multiplier, net). Arithmetic: each loser pays (pair base + water) x m.
ROWS = [
    # EEE closed honour pung 2 + 555p closed suit pung 1 = 3; x1: E (2+3)=5, W (1+3)=4, N 4
    (PLAIN, {"discarder": "W"}, None, 3, 1, {"E": -5, "S": 13, "W": -4, "N": -4}),
    # the same from the wall, x2: E 10, W 8, N 8
    (PLAIN, {"self_draw": True}, None, 3, 2, {"E": -10, "S": 26, "W": -8, "N": -8}),
    # robbing West's kong of 8m (EEE 2 + 555p 1 = 3, as PLAIN): x2 and all three pay (RULINGS), the
    # robbed player no more than others: E (2+3)*2 = 10, W (1+3)*2 = 8, N 8
    (ROBBABLE, {"robbed": "W"}, None, 3, 2, {"E": -10, "S": 26, "W": -8, "N": -8}),
    # 555p completed by the discard: open suit pung 0 + EEE 2 = 2; E 4, W 3, N 3
    ("123m 456m 789m EEE 7s 7s 55p 5p", {"discarder": "W"}, None, 2, 1, {"E": -4, "S": 10, "W": -3, "N": -3}),
    # claimed East pung 1 + 555p 1 = 2; E 4, W 3, N 3
    ("[EEE,1] 123m 456m 789m 555p 7s 7s", {"discarder": "W"}, None, 2, 1, {"E": -4, "S": 10, "W": -3, "N": -3}),
    # ... with open_pung_as_closed: EEE scores 2, water 3: E 5, W 4, N 4
    ("[EEE,1] 123m 456m 789m 555p 7s 7s", {"discarder": "W"}, {"open_pung_as_closed": True}, 3, 1,
     {"E": -5, "S": 13, "W": -4, "N": -4}),
    # closed East kong 4 + claimed 5p kong 2 = 6; x2: E (2+6)*2=16, W (1+6)*2=14, N 14
    ("{EEEE} [5555p,2] 123m 456m 789m 7s 7s", {}, None, 6, 2, {"E": -16, "S": 44, "W": -14, "N": -14}),
    # added East kong = open honour kong 3 (RULINGS for Xiamen) + 555p 1 = 4; x2: E 12, W 10, N 10
    ("[EEEE,5] 123m 456m 789m 555p 7s 7s", {}, None, 4, 2, {"E": -12, "S": 32, "W": -10, "N": -10}),
    # five bonus tiles 5 + four seasons bonus 4 + sets 3 = 12; x2: E (2+12)*2=28, W 26, N 26
    (PLAIN + " 1234g 1f", {}, None, 12, 2, {"E": -28, "S": 80, "W": -26, "N": -26}),
    # all eight: 8 + 4 + 4 = 16 (Xiamen digest, 水 (water)) + sets 3 = 19, no instant win in Xiamen; E 42, W 40, N 40
    (PLAIN + " 1234f 1234g", {}, None, 19, 2, {"E": -42, "S": 122, "W": -40, "N": -40}),
    # gold float: gold 1 + 3 = 4; x4: E (2+4)*4=24, W (1+4)*4=20, N 20
    (FLOAT, {}, None, 4, 4, {"E": -24, "S": 64, "W": -20, "N": -20}),
    (FLOAT, {"floats": 0}, None, 4, 4, {"E": -24, "S": 64, "W": -20, "N": -20}),
    # double float x8: E 48, W 40, N 40 (the discarded gold is not in the hand, so not counted)
    (FLOAT, {"floats": 1}, None, 4, 8, {"E": -48, "S": 128, "W": -40, "N": -40}),
    # triple float x12: E 72, W 60, N 60
    (FLOAT, {"floats": 2}, None, 4, 12, {"E": -72, "S": 192, "W": -60, "N": -60}),
    # three-gold knocker on the last turn: 3 golds = 3 water; x3: E (2+3)*3=15, W 12, N 12
    (KNOCK, {"last_tile": True}, None, 3, 3, {"E": -15, "S": 39, "W": -12, "N": -12}),
    # ... right after the deal x4: E 20, W 16, N 16
    (KNOCK16, {"first_turn": True}, None, 3, 4, {"E": -20, "S": 52, "W": -16, "N": -16}),
    # the banker's knocker after the deal: each of S W N pays (2+3)*4 = 20 (never heavenly; Xiamen digest, 上がり方 (ways of winning))
    (KNOCK, {"first_turn": True, "seat": "E"}, None, 3, 4, {"E": 60, "S": -20, "W": -20, "N": -20}),
    # knocker with a claimed East pung: 1 + 3 golds = 4; x3: E 18, W 15, N 15
    ("[EEE,1] 1m 4m 7m 2p 5p 9p 1s 4s 7s N 9s9s9s F", {"last_tile": True}, None, 4, 3,
     {"E": -18, "S": 48, "W": -15, "N": -15}),
    # ... knocker_set_water=none: 3 golds only; E 15, W 12, N 12
    ("[EEE,1] 1m 4m 7m 2p 5p 9p 1s 4s 7s N 9s9s9s F", {"last_tile": True}, {"knocker_set_water": "none"}, 3, 3,
     {"E": -15, "S": 39, "W": -12, "N": -12}),
    # robbing the gold: the indicator 9s pairs the 7s; gold 1 + 3 = 4; x4: E 24, W 20, N 20
    ("123m 456m 789m EEE 555p 7s 9s", {"rob_gold": True}, None, 4, 4, {"E": -24, "S": 64, "W": -20, "N": -20}),
    # the same tiles with a drawn gold: not a float (the pair was 7s waiting, not a lone gold), x2
    ("123m 456m 789m EEE 555p 7s 9s", {}, None, 4, 2, {"E": -12, "S": 32, "W": -10, "N": -10}),
    # heavenly: banker E; each of S W N pays (2+3)*4 = 20
    (PLAIN, {"seat": "E", "first_turn": True}, None, 3, 4, {"E": 60, "S": -20, "W": -20, "N": -20}),
    # earthly: on the banker's first discard; E (2+3)*4=20, W 16, N 16
    (PLAIN, {"first_turn": True, "discarder": "E"}, None, 3, 4, {"E": -20, "S": 52, "W": -16, "N": -16}),
    # banker streak 2: Xiamen doubles per stay, 2*2*2 = 8; E (8+3)*2=22, W 8, N 8
    (PLAIN, {"streak": 2}, None, 3, 2, {"E": -22, "S": 38, "W": -8, "N": -8}),
    # inflated bases x5: banker 10, others 5; E (10+3)*2=26, W (5+3)*2=16, N 16
    (PLAIN, {}, {"base_scale": 5}, 3, 2, {"E": -26, "S": 58, "W": -16, "N": -16}),
    # white dragons are 8p with an 8p indicator: claimed PPP is an open suit pung 0; EEE 2; E 4, W 3, N 3
    ("[PPP,1] 123m 456m 789m EEE 7s 7s", {"discarder": "W", "indicator": "8p"}, None, 2, 1,
     {"E": -4, "S": 10, "W": -3, "N": -3}),
    # ... with a North indicator they are North winds: open honour pung 1; water 3: E 5, W 4, N 4
    ("[PPP,1] 123m 456m 789m EEE 7s 7s", {"discarder": "W", "indicator": "N"}, None, 3, 1,
     {"E": -5, "S": 13, "W": -4, "N": -4}),
    # concealed whites with an 8p indicator: closed suit pung 1 + EEE 2 = 3; x2
    ("PPP 123m 456m 789m EEE 7s 7s", {"indicator": "8p"}, None, 3, 2, {"E": -10, "S": 26, "W": -8, "N": -8}),
    # with a white indicator the whites are the golds: 7s + two golds = 777s (1), 7s + gold the float pair;
    # water 3 golds + EEE 2 + 777s 1 = 6; x4: E (2+6)*4=32, W 28, N 28
    ("PPP 123m 456m 789m EEE 7s 7s", {"indicator": "P"}, None, 6, 4, {"E": -32, "S": 88, "W": -28, "N": -28}),
    # a chow showing 8s with an 8s indicator holds a white dragon when said so: 2 + 1 = 3; x1
    ("[789s,1] 123m 456m EEE 555p 7s 7s", {"discarder": "W", "indicator": "8s", "white_in_chow": True}, None, 3, 1,
     {"E": -5, "S": 13, "W": -4, "N": -4}),
    # four golds with the robbed indicator: GGG as a closed honour pung 2 + EEE 2 + 4 golds = 8;
    # x4: E (2+8)*4=40, W 36, N 36
    ("123m 456m 789m EEE 9s9s9s 7s 9s", {"rob_gold": True}, None, 8, 4, {"E": -40, "S": 112, "W": -36, "N": -36}),
    # ... gold_set_water=false: the all-gold pung scores nothing; 4 + 2 = 6; E 32, W 28, N 28
    ("123m 456m 789m EEE 9s9s9s 7s 9s", {"rob_gold": True}, {"gold_set_water": False}, 6, 4,
     {"E": -32, "S": 88, "W": -28, "N": -28}),
]


@pytest.mark.parametrize("hand, ctx, rules, water, mult, net", ROWS)
def test_payments(hand, ctx, rules, water, mult, net):
    r = score(hand, rules=rules, **ctx)
    assert (r.value.total, r.value.details["multiplier"]) == (water, mult)
    assert r.net == net


def test_best_reading_puts_the_gold_in_the_east_pung():
    # The drawn gold 9s can make EEE (closed honour pung 2; pair 77s) or 777s (closed suit pung 1; pair
    # EE). Water: gold 1 + 555p 1 + 2 = 4 against 3; x2: E (2+4)*2=12, W 10, N 10.
    r = score("123m 456m 789m EE 555p 77s 9s")
    assert r.value.total == 4 and r.net == {"E": -12, "S": 32, "W": -10, "N": -10}
    assert [b.wild for b in r.chosen.reading.blocks if b.wild] == [(27,)]  # the gold stood for East
    assert "9s (wild) as E in EEE" in result_text(r)
    # every reading was enumerated: the 777s one is there too, worth 3
    assert sorted(s.value.total for s in r.readings) == [3, 4]


def test_best_reading_gold_in_a_pung_on_a_discard():
    # 55p + gold = 555p, concealed (1), or 77s + gold = 777s completed by the discard (open, 0);
    # gold 1 + EEE 2 + 1 = 4; x1: E 6, W 5, N 5
    r = score("123m 456m 789m EEE 55p 9s 7s 7s", discarder="W")
    assert r.value.total == 4 and r.net == {"E": -6, "S": 16, "W": -5, "N": -5}


def test_best_reading_float_beats_more_water():
    # Two golds: EE + gold = EEE (2) and 7s + gold the float pair: golds 2 + 2 + 555p 1 = 5, x4 =
    # E (2+5)*4=28, W 24, N 24; against EE pair and 777s (x2, water 4).
    r = score("123m 456m 789m EE 555p 9s9s 7s")
    assert r.value.details["win"] == "gold float"
    assert r.net == {"E": -28, "S": 76, "W": -24, "N": -24}


def test_best_reading_option_payout():
    # The three golds make 66m, 555p and FFF; a knocker on the last turn is x3 with 3 water (golds):
    # N wins, S is banker (streak 1: base 4): S (4+3)*3=21, E (1+3)*3=12, W 12 = 45. Read as sets it is
    # x2 with 9 water (3 golds, FFF 2, 444m 555m 555p 777s 1 each): S (4+9)*2=26, E 20, W 20 = 66.
    hand, ctx = "444556m 55p 777888s FF 5m", {"seat": "N", "dealer": "S", "indicator": "8s", "streak": 1,
                                             "last_tile": True}
    r = score(hand, **ctx)
    assert r.value.details["win"] == "three-gold knocker" and r.net["N"] == 45
    r = score(hand, rules={"best_reading": "payout"}, **ctx)
    assert r.value.details["multiplier"] == 2 and r.net["N"] == 66


REFUSED = [
    # (hand, context, rules, the rule the message cites)
    ("123m 456m 789m EEE 555p 7s 9s", {"discarder": "W"}, None, "Xiamen rules, Winning"),  # a discarded gold
    (FLOAT, {"discarder": "W"}, None, "Xiamen rules, Multipliers are"),  # a gold float on a discard
    (FLOAT, {"robbed": "W"}, None, "Xiamen rules, Multipliers are"),
    (PLAIN, {"floats": 1}, None, "Xiamen rules, Multipliers are"),  # --floats but no float reading
    ("[999s,1] 123m 456m 789m EEE 7s 7s", {"discarder": "W"}, None, "Xiamen rules, Chow and Pung"),  # punged golds
    ("[789s,1] 123m 456m EEE 555p 7s 7s", {"discarder": "W", "indicator": "8s"}, None, "Xiamen rules, Chow and Pung"),
    ("123m 456m 789m EEE 9s9s9s 7s 9s", {}, None, "Xiamen rules, Choosing Gold tile"),  # four golds, none robbed
    ("123m 456m 789m EEE 555p 7s 7s", {"rob_gold": True}, None, "Xiamen rules, Multipliers are"),  # 7s is not the indicator
    (KNOCK, {}, None, "Xiamen rules, Multipliers are"),  # knocker mid-hand
    (PLAIN, {"discarder": "W", "float_round": True}, None, "Xiamen rules, Multipliers are"),
    ("123m 456m 789m EEE 55p 9s 7s 7s", {"discarder": "W"}, {"gold_self_draw_only": True}, "Xiamen rules, Winning"),
    (PLAIN, {"discarded_gold": True}, {"false_float": True}, "Xiamen rules, False float"),
    (PLAIN, {"discarder": "W", "missed_win": True}, {"missed_win_wait": True}, "Xiamen rules, Missed win or pung"),
    (PLAIN, {"wrong_call": True}, None, "Xiamen rules, Wrong chow, pung, kong or drawing"),
]


@pytest.mark.parametrize("hand, ctx, rules, rule", REFUSED)
def test_refusals_cite_the_rule(hand, ctx, rules, rule):
    with pytest.raises(IllegalWin) as e:
        score(hand, rules=rules, **ctx)
    assert rule in str(e.value)


def test_options_allow_what_they_name():
    # float_round refused by default, allowed by the option: the plain discard win, +13 as above
    r = score(PLAIN, rules={"discard_win_in_float_round": True}, discarder="W", float_round=True)
    assert r.net["S"] == 13
    # required_float: three golds read as sets (x2) are refused; the knocker is refused mid-hand too
    with pytest.raises(IllegalWin):
        score("444556m 55p 777888s FF 5m", rules={"required_float": True}, seat="N", indicator="8s")
    assert score("444556m 55p 777888s FF 5m", seat="N", indicator="8s").value.details["multiplier"] == 2
    # ... a gold float with three golds is allowed: EE + gold, 55p + gold, and 7s pairs the third gold
    r = score("123m 456m 789m EE 55p 9s9s9s 7s", rules={"required_float": True})
    assert r.value.details["win"] == "gold float"


def test_a_hand_waiting_on_a_lone_gold_and_a_discard():
    # Before the 6p the hand was five sets and a lone gold (a gold float wait). West's 6p also makes
    # 5p-6p-gold with a 55p pair: by default that reading is a legal discard win: gold 1 + EEE 2 = 3;
    # x1: E (2+3) = 5, W 4, N 4. With float_hand_self_draw_only the float state forbids any claim.
    hand = "123m 456m 789m EEE 555p 9s 6p"
    r = score(hand, discarder="W")
    assert r.value.total == 3 and r.net == {"E": -5, "S": 13, "W": -4, "N": -4}
    with pytest.raises(IllegalWin, match="Xiamen rules, Multipliers are"):
        score(hand, discarder="W", rules={"float_hand_self_draw_only": True})
    # a discard win on a hand that never waited on a lone gold stays legal under the option (+16 as in
    # test_best_reading_gold_in_a_pung_on_a_discard: 55p + gold, pair 77s waiting)
    assert score("123m 456m 789m EEE 55p 9s 7s 7s", discarder="W",
                 rules={"float_hand_self_draw_only": True}).net["S"] == 16


def test_false_win_reverses_payments_and_pays_the_floater():
    # the plain discard win (E 5, W 4, N 4) declared falsely: South pays each what he would have got
    r = score(PLAIN, discarder="W", false_win=True)
    assert r.net == {"E": 5, "S": -13, "W": 4, "N": 4}
    # during North's double float South also pays North the float's collection (given): 40
    r = score(PLAIN, discarder="W", false_win=True, floater="N", float_penalty=40)
    assert r.net == {"E": 5, "S": -53, "W": 4, "N": 44}
    # a false win on a discarded gold is priced as declared, not refused: 4 water x1
    r = score("123m 456m 789m EEE 555p 7s 9s", discarder="W", false_win=True)
    assert r.net == {"E": 6, "S": -16, "W": 5, "N": 5}
    with pytest.raises(ContextError):
        score(PLAIN, discarder="W", floater="N", float_penalty=40)  # no false win
    with pytest.raises(ContextError):
        score(PLAIN, discarder="W", false_win=True, floater="S", float_penalty=40)  # the false winner himself


def test_pay_total_takes_the_multiplier_from_the_context():
    # 5 water, double float (--floats 1, x8), banker streak 2 (base 8): E (8+5)*8 = 104, W (1+5)*8 = 48, N 48
    value, transfers, net = engine.pay(5, {**BASE, "self_draw": True, "floats": 1, "streak": 2}, variant="xiamen")
    assert net == {"E": -104, "S": 200, "W": -48, "N": -48}
    # a given multiplier (a non-banker's knocker after the deal, 16 tiles): x4, 3 water: E 20, W 16, N 16
    value, transfers, net = engine.pay(3, {**BASE, "self_draw": True, "multiplier": 4}, variant="xiamen")
    assert net == {"E": -20, "S": 52, "W": -16, "N": -16}
    # a discard: x1 (common win): E 5, W 4, N 4
    assert engine.pay(3, {**BASE, "discarder": "W"}, variant="xiamen")[2]["S"] == 13


def test_user_errors_are_mj_errors():
    with pytest.raises(ContextError):  # no gold indicator
        engine.score(PLAIN, {"self_draw": True, "seat": "S"}, variant="xiamen")
    with pytest.raises(ContextError):  # a flower is turned back, never an indicator (Xiamen digest, 白と金牌 (whites and golds))
        score(PLAIN, indicator="1f")
    with pytest.raises(IllegalWin):  # 14 tiles
        score("123m 456m 789m EEE 7s 7s")
    with pytest.raises(MjError):
        score(PLAIN, rules={"banker_streak": "triple"})


# ---- zero-sum over generated hands with golds ---------------------------------------------------

def gold_hand(rng):
    """A random 17-tile winning hand with 0-3 golds put in place of random concealed tiles (a gold can
    stand for the tile it replaced, so the hand still wins) and 0-8 bonus tiles; (hand, indicator)."""
    h = parse_hand(random_winning(rng, sets=5, meld_rate=0.15), max_size=17)
    g = rng.randrange(34)
    if any(g in m.tiles for m in h.melds) or h.counts[g] > 3:
        return None
    conc = list(h.concealed)
    conc.remove(h.win_tile)
    have = h.counts[g]
    for _ in range(rng.randint(0, 3)):
        i = rng.randrange(len(conc))
        if have < 3 and conc[i] != g:
            conc[i], have = g, have + 1
    win = h.win_tile
    if have < 3 and rng.random() < 0.2:
        win, have = g, have + 1
    bonus = rng.sample(range(34, 42), rng.choice([0, 0, 1, 2, 4, 8]))
    text = " ".join([m.text() for m in h.melds] + [format_tiles(conc), tile_name(win), format_tiles(bonus)])
    return text.strip(), tile_name(g)


def random_gold_context(rng, indicator):
    seat = rng.choice("ESWN")
    ctx = {"seat": seat, "dealer": rng.choice("ESWN"), "indicator": indicator, "streak": rng.randint(0, 3)}
    way = rng.random()
    if way < 0.5:
        ctx["self_draw"] = True
        if rng.random() < 0.2:
            ctx["floats"] = rng.randint(0, 2)
        if rng.random() < 0.15:
            ctx["last_tile"] = True
    elif way < 0.9:
        ctx["discarder"] = rng.choice([s for s in "ESWN" if s != seat])
    else:
        ctx["robbed"] = rng.choice([s for s in "ESWN" if s != seat])
    if rng.random() < 0.1:
        ctx["false_win"] = True
    return ctx


def check_zero_sum(variant, seed, n=120):
    rng = random.Random(seed)
    scored = 0
    for _ in range(n):
        made = gold_hand(rng)
        if made is None:
            continue
        hand, ind = made
        ctx = random_gold_context(rng, ind)
        rules = {"banker_streak": rng.choice(["double", "plus_one", "plus_multiplier"]),
                 "base_scale": rng.choice([1, 5])}
        try:
            r = engine.score(hand, ctx, variant=variant, rules=rules)
        except IllegalWin:
            continue
        scored += 1
        assert sum(r.net.values()) == 0, (hand, ctx)
        assert len(r.transfers) == 3 and all(t.amount > 0 for t in r.transfers)
        m, w = r.value.details["multiplier"], r.value.total
        # the winner collects (or a false winner pays) at least (1 + water) x m from each non-banker
        assert abs(r.net[ctx["seat"]]) >= 3 * (1 + w) * m
    assert scored > n // 3


def test_zero_sum_over_generated_hands():
    check_zero_sum("xiamen", 2024)


# ---- the session file ---------------------------------------------------------------------------

def session(name):
    return yaml.safe_load((EXAMPLES / name).read_text())


@pytest.mark.parametrize("rec", session("xiamen-session.yaml"), ids=lambda r: r["hand"])
def test_session_records(rec):
    ctx = {k: v for k, v in rec.items() if k not in ("hand", "expect")}
    r = scorer.score(rec["hand"], ctx, variant=rec["variant"])
    assert r.net == rec["expect"]["net"]
    assert r.value.total == rec["expect"]["water"]
