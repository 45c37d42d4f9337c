"""Reviewer's checks of the gold-tile rulesets (xiamen, quanzhou) against the Xiamen rules (English)
and the Xiamen digest (Japanese). Each test states the text's figure, worked by hand.

Unless a test says otherwise: East is the banker, no streak, the gold indicator is 9s (9s tiles in a hand
are golds)."""
import pytest

from scorer.core import engine
from scorer.errors import IllegalWin

BASE = {"dealer": "E", "round": "E", "indicator": "9s"}


def score(hand, variant="xiamen", rules=None, **ctx):
    return engine.score(hand, {**BASE, **ctx}, variant=variant, rules=rules)


# The banker's dealt hand holding three golds that also reads as five sets and a pair without any gold
# float: 123m 456m 789m(9m) EE+G 55p+G 7s+G. Nothing pairs the winning 9m with a lone gold.
THREE_GOLDS_DEALT = "123m 456m 78m EE 55p 7s 9s9s9s 9m"


@pytest.mark.parametrize("variant, rules, mult", [
    ("quanzhou", {}, 3),                         # Xiamen rules, Quanzhou scoring: Heavenly win is not recognised; knocker x3
    ("xiamen", {"heavenly_win": False}, 4),      # the same by option; the knocker after the deal is x4
])
def test_required_float_does_not_count_an_unrecognised_heavenly_win(variant, rules, mult):
    # Xiamen rules, Required float / Xiamen digest, バリエーション (variations) (option required_float): a player holding three golds must win by a
    # three-gold knocker, a gold float or better. Where the heavenly win is not recognised the banker's
    # complete dealt hand is only a win by a wall tile (x2), which is not "better", so that reading is
    # refused and the knocker is what is left: 3 golds = 3 water; each of S W N pays (2+3) x mult
    # (Quanzhou x3: 15 each; Xiamen x4 after the deal, Xiamen rules, Multipliers are: 20 each).
    # (The code let the x2 reading through because it counted the heavenly win as "better" even where
    # the ruleset does not recognise it; in Quanzhou, with best_reading=payout, that x2 reading, 16 each,
    # beat the knocker's 15 and was chosen. In Xiamen the x4 knocker outpays it: a regression guard.)
    r = score(THREE_GOLDS_DEALT, variant, rules={**rules, "required_float": True, "best_reading": "payout"},
              seat="E", self_draw=True, first_turn=True)
    assert r.value.details["multiplier"] == mult
    each = (2 + 3) * mult
    assert r.net == {"E": 3 * each, "S": -each, "W": -each, "N": -each}


def test_required_float_keeps_a_recognised_heavenly_win():
    # Xiamen recognises the heavenly win (x4, Xiamen rules, Multipliers are), so it is "better": golds 3 + EE+gold 2 +
    # 55p+gold 1 = 6 water (55p as the pair and 7s + two golds, 777s 1, gives the same); (2+6)*4 = 32 each.
    r = score(THREE_GOLDS_DEALT, rules={"required_float": True}, seat="E", self_draw=True, first_turn=True)
    assert r.value.details["win"] == "heavenly win"
    assert r.net == {"E": 96, "S": -32, "W": -32, "N": -32}


@pytest.mark.parametrize("variant", ["xiamen", "quanzhou"])
def test_no_win_by_robbing_a_kong_of_a_gold(variant):
    # Xiamen rules, Pung: "A pung'ed set cannot contain Gold tiles", so no one ever adds a gold to a pung and
    # a gold can never be the robbed tile; like a discarded gold (Xiamen rules, Winning) it cannot be won on.
    # (The code scored this as robbing a kong, x2.)
    with pytest.raises(IllegalWin):
        score("123m 456m 789m EEE 555p 7s 9s", variant, seat="S", robbed="W")


def test_robbing_a_kong_of_a_natural_tile_stays_legal():
    # the near miss: the robbed tile is a plain 7s completing 6-8s (a robbed kong's tile is the fourth
    # copy, so the winner holds it once), pair 11m, 55p + gold = 555p, closed (or 111m closed and
    # 23m + gold: the same water); gold 1 + EEE 2 + 555p 1 = 4; robbing a kong x2:
    # E (2+4)*2 = 12, W (1+4)*2 = 10, N 10 -> S +32
    r = score("123m 456m EEE 11m 55p 9s 68s 7s", seat="S", robbed="W")
    assert r.net == {"E": -12, "S": 32, "W": -10, "N": -10}
