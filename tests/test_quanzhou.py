"""Quanzhou scoring, Xiamen rules, Quanzhou scoring and the Japanese bullets at Xiamen digest, 泉州 (Quanzhou), on
top of Xiamen (tests/test_xiamen.py covers what is shared). Figures worked by hand: each loser pays
(pair base + water) x multiplier; the banker's base is 2 plus one per stay (Xiamen rules, Quanzhou scoring).

Unless a row says otherwise: winner South, banker East, gold indicator 9s, no streak."""
import pytest

import scorer
from scorer.core import engine
from scorer.errors import ContextError, IllegalWin
from tests.test_xiamen import FLOAT, KNOCK, KNOCK16, PLAIN, check_zero_sum, names, session

EIGHT = " 1234f 1234g"
# No sets at all, one gold (9s), all eight bonus tiles: only Quanzhou's instant win can read it.
SCATTER = "1m 4m 7m 2p 5p 9p 1s 4s 7s E S W N F C 9s 7m" + EIGHT


def score(hand, rules=None, **ctx):
    from tests.test_xiamen import score as xm

    return xm(hand, variant="quanzhou", rules=rules, **ctx)


def test_eight_bonus_present_and_almost():
    assert "eight_bonus" in names(score(SCATTER))
    with pytest.raises(IllegalWin):  # seven bonus tiles and no hand: nothing wins
        score(SCATTER.replace(" 1234g", " 123g"))
    assert "eight_bonus" not in names(score(PLAIN + " 1234f 123g"))
    with pytest.raises(IllegalWin):  # Xiamen has no such win (16 water instead; Xiamen digest, 水 (water))
        engine.score(SCATTER, {"seat": "S", "indicator": "9s", "self_draw": True}, variant="xiamen")


def test_quanzhou_drops_xiamen_patterns():
    assert "knocker_after_deal" not in names(score(KNOCK16, first_turn=True))
    assert "heavenly" not in names(score(PLAIN, seat="E", first_turn=True))
    assert "earthly" not in names(score(PLAIN, first_turn=True, discarder="E"))
    assert not {"four_seasons", "four_flowers"} & names(score(PLAIN + EIGHT))


ROWS = [
    # added East kong scores as a closed pung (Xiamen rules, Quanzhou scoring): 2 + 555p 1 = 3; x2: E (2+3)*2=10, W 8, N 8
    ("[EEEE,5] 123m 456m 789m 555p 7s 7s", {}, None, 3, 2, {"E": -10, "S": 26, "W": -8, "N": -8}),
    # a claimed kong stays an open kong: 3 + 1 = 4; E 12, W 10, N 10
    ("[EEEE,2] 123m 456m 789m 555p 7s 7s", {}, None, 4, 2, {"E": -12, "S": 32, "W": -10, "N": -10}),
    # no bonus for four seasons (Xiamen rules, Quanzhou scoring): 5 bonus tiles + 3 = 8; x2: E 20, W 18, N 18
    (PLAIN + " 1234g 1f", {}, None, 8, 2, {"E": -20, "S": 56, "W": -18, "N": -18}),
    # all eight on a complete hand: the instant win x3 (8 water; concealed tiles read as singles, so no set
    # water) is the highest multiplier: E (2+8)*3=30, W 27, N 27 (as sets: x2 with 11 water)
    (PLAIN + EIGHT, {}, None, 8, 3, {"E": -30, "S": 84, "W": -27, "N": -27}),
    # all eight, no hand: 8 bonus + 1 gold = 9; x3: E (2+9)*3=33, W 30, N 30
    (SCATTER, {}, None, 9, 3, {"E": -33, "S": 93, "W": -30, "N": -30}),
    # gold float x3: gold 1 + 3 = 4; E (2+4)*3=18, W 15, N 15
    (FLOAT, {}, None, 4, 3, {"E": -18, "S": 48, "W": -15, "N": -15}),
    # double float x6: E 36, W 30, N 30
    (FLOAT, {"floats": 1}, None, 4, 6, {"E": -36, "S": 96, "W": -30, "N": -30}),
    # triple float x9: E 54, W 45, N 45
    (FLOAT, {"floats": 2}, None, 4, 9, {"E": -54, "S": 144, "W": -45, "N": -45}),
    # three-gold knocker x3 on the last turn and right after the deal alike: E 15, W 12, N 12
    (KNOCK, {"last_tile": True}, None, 3, 3, {"E": -15, "S": 39, "W": -12, "N": -12}),
    (KNOCK16, {"first_turn": True}, None, 3, 3, {"E": -15, "S": 39, "W": -12, "N": -12}),
    # no heavenly win: the banker's first draw is a self-draw, x2: each of S W N pays (2+3)*2 = 10
    (PLAIN, {"seat": "E", "first_turn": True}, None, 3, 2, {"E": 30, "S": -10, "W": -10, "N": -10}),
    # nor an earthly one: the banker's first discard is a common win: E 5, W 4, N 4
    (PLAIN, {"first_turn": True, "discarder": "E"}, None, 3, 1, {"E": -5, "S": 13, "W": -4, "N": -4}),
    # banker streak 2, +1 per stay: base 4; E (4+3)*2=14, W 8, N 8
    (PLAIN, {"streak": 2}, None, 3, 2, {"E": -14, "S": 30, "W": -8, "N": -8}),
    # ... +1 x the multiplier per stay: 2 + 2*2 = 6; E (6+3)*2 = 18
    (PLAIN, {"streak": 2}, {"banker_streak": "plus_multiplier"}, 3, 2, {"E": -18, "S": 34, "W": -8, "N": -8}),
    # ... + the multipliers of the two banker wins that made the stays, 4 and 1: base 7; E (7+3)*2 = 20
    (PLAIN, {"streak": 2, "stay_multipliers": "4,1"}, {"banker_streak": "plus_stay_multipliers"}, 3, 2,
     {"E": -20, "S": 36, "W": -8, "N": -8}),
    # bases x8 with one stay: banker (2+1)*8 = 24, others 8; E (24+3)*2=54, W (8+3)*2=22, N 22
    (PLAIN, {"streak": 1}, {"base_scale": 8}, 3, 2, {"E": -54, "S": 98, "W": -22, "N": -22}),
    # the banker wins with one stay: base 3 with every loser; (3+3)*2 = 12 each
    (PLAIN, {"seat": "E", "streak": 1}, None, 3, 2, {"E": 36, "S": -12, "W": -12, "N": -12}),
    # open pung as closed (Xiamen rules, Quanzhou scoring): claimed East pung 2 + 555p 1 = 3; x1: E 5, W 4, N 4
    ("[EEE,1] 123m 456m 789m 555p 7s 7s", {"discarder": "W"}, {"open_pung_as_closed": True}, 3, 1,
     {"E": -5, "S": 13, "W": -4, "N": -4}),
]


@pytest.mark.parametrize("hand, ctx, rules, water, mult, net", ROWS)
def test_payments(hand, ctx, rules, water, mult, net):
    r = score(hand, rules=rules, **ctx)
    assert (r.value.total, r.value.details["multiplier"]) == (water, mult)
    assert r.net == net


@pytest.mark.parametrize("hand, ctx, rule", [
    ("123m 456m 789m EEE 555p 7s 9s", {"rob_gold": True}, "Xiamen rules, Quanzhou scoring"),  # no robbing the gold
    (SCATTER, {"discarder": "W"}, "Xiamen rules, Multipliers are"),  # the eight-bonus win is on one's own draw
    ("123m 456m 789m EEE 555p 7s 9s", {"discarder": "W"}, "Xiamen rules, Winning"),  # inherited: discarded gold
    (FLOAT, {"discarder": "W"}, "Xiamen rules, Multipliers are"),  # inherited: gold float on a discard
])
def test_refusals(hand, ctx, rule):
    with pytest.raises(IllegalWin) as e:
        score(hand, **ctx)
    assert rule in str(e.value)


def test_stay_multipliers_must_match_the_streak():
    with pytest.raises(ContextError):
        score(PLAIN, rules={"banker_streak": "plus_stay_multipliers"}, streak=2)
    with pytest.raises(ContextError):
        score(PLAIN, rules={"banker_streak": "plus_stay_multipliers"}, streak=2, stay_multipliers="2")


def test_pay_total_triple_float():
    # 6 water, triple float x9, banker streak 1 (base 3): E (3+6)*9 = 81, W (1+6)*9 = 63, N 63
    _, _, net = engine.pay(6, {"seat": "S", "dealer": "E", "self_draw": True, "floats": 2, "streak": 1},
                           variant="quanzhou")
    assert net == {"E": -81, "S": 207, "W": -63, "N": -63}


def test_zero_sum_over_generated_hands():
    check_zero_sum("quanzhou", 77)


@pytest.mark.parametrize("rec", session("quanzhou-session.yaml"), ids=lambda r: r["hand"])
def test_session_records(rec):
    ctx = {k: v for k, v in rec.items() if k not in ("hand", "expect")}
    r = scorer.score(rec["hand"], ctx, variant=rec["variant"])
    assert r.net == rec["expect"]["net"]
    assert r.value.total == rec["expect"]["water"]
