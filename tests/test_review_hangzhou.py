"""Reviewer's checks of the Hangzhou ruleset against Hangzhou rules (English) and
627-655 (Japanese digest). Each test states the text's figure, worked by hand.

Unless a test says otherwise: East is the banker, the fortune indicator is 9s (the three other 9s are
fortune tiles, white dragons are 9s at face value), S is the winner."""
import pytest

from scorer.core import engine
from scorer.errors import IllegalWin

V = "hangzhou"
PLAIN = "123m 456m 789p 234s 55s"


def sc(hand, rules=None, **ctx):
    ctx.setdefault("indicator", "9s")
    ctx.setdefault("seat", "S")
    if not any(k in ctx for k in ("discarder", "robbed", "kong_draw")):
        ctx.setdefault("self_draw", True)
    return engine.score(hand, variant=V, rules=rules, **ctx)


def paid(r):
    return {s: -v for s, v in r.net.items() if v < 0}


# ---- equipment: Equipment -------------------------------------------------------------------------

@pytest.mark.parametrize("bonus", ["1f", "3g", "1f 2f"])
def test_flowers_and_seasons_are_not_in_the_game(bonus):
    # Hangzhou rules, Equipment: '136 tiles ... The eight flower tiles (four seasons and four flowers) are not used.'
    # A hand showing one is not a Hangzhou hand: it must be refused, not paid (the code paid it as
    # the plain hand: E 2, W 1, N 1).
    with pytest.raises(IllegalWin, match="flower"):
        sc(f"{PLAIN} {bonus}")


# ---- the Japanese digest's per-seat figures, re-derived (Hangzhou digest, 牢 (staying count)) ----------------------------

@pytest.mark.parametrize("streak, banker_wins, want", [
    (0, True, {"S": 2, "W": 2, "N": 2}),   # 1牢 親のツモ: 子3人が2点ずつ
    (0, False, {"E": 2, "W": 1, "N": 1}),  # 1牢 子のツモ: 親は2点, 子2人は1点ずつ
    (1, True, {"S": 4, "W": 4, "N": 4}),   # 2牢
    (1, False, {"E": 4, "W": 1, "N": 1}),
    (2, True, {"S": 8, "W": 8, "N": 8}),   # 3牢以上
    (2, False, {"E": 8, "W": 1, "N": 1}),
])
def test_digest_payments(streak, banker_wins, want):
    r = sc(PLAIN, seat="E" if banker_wins else "S", streak=streak)
    assert paid(r) == want


def test_digest_claim_at_three_lao_and_doubles_multiply():
    # 3牢以上: 親から子,子から親への振込みでは,振り込んだ人が上がった人に8点; seven pairs with a
    # fortune x2 (Payout scheme): 16
    assert paid(sc("1133m 5577p 2s9s EE CC", discarder="E", streak=2)) == {"E": 16}


def test_robbed_kong_banker_robbed_by_non_banker_at_three_lao():
    # Exceptions to the payout scheme / Hangzhou digest, 倍 (doubles): scored as an own-tile win (x2 robbing): banker share 1x2x8 = 16, the two
    # non-bankers 1x2 = 2 each; the robbed banker pays all three shares: 20. PLAIN's tiles won on 3s
    # (2-4s): a robbed kong's tile is the fourth copy, so the winner holds it once, not in a pair
    assert paid(sc("123m 456m 789p 55s 24s 3s", robbed="E", streak=2)) == {"E": 20}


def test_theoretical_maximum_per_loser():
    # Payout scheme: four-kong streak x16, double float x8, banker at 3 lao x8 = 1024 times a unit
    r = sc("{1111m} {2222m} {3333m} {4444m} 9s 5p", seat="E", kong_draw=4, floats=2, streak=2)
    assert paid(r) == {"S": 1024, "W": 1024, "N": 1024}
