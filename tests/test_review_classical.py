"""Review of the Chinese Classical ruleset (Classical rules, Scoring to An example of scoring,
and Special Hands) against its rule text. Each test carries the figure derived by hand."""
import pytest

from scorer.core import engine
from scorer.errors import IllegalWin


def score(hand, rules=None, **ctx):
    ctx.setdefault("seat", "E")
    if not any(k in ctx for k in ("discarder", "robbed", "kong_draw")):
        ctx["self_draw"] = True
    return engine.score(hand, variant="classical", rules=rules or {}, **ctx)


WORTHLESS = "123m 456p 789s 234s 55m"


# --- the roof double needs a tile drawn from the wall (Additional doubles for the winner only) --------------------------------
def test_flower_replacement_on_a_claimed_win_is_refused():
    # Classical rules, Additional doubles for the winner only: "Going out by drawing a replacement tile from the Wall": a discard (or a robbed kong)
    # is no replacement tile. Was: 20 x 2^2 (worthless + roof) = 80 paid by each loser.
    with pytest.raises(IllegalWin, match="flower_replacement"):
        score(WORTHLESS, discarder="N", flower_replacement=True)
    with pytest.raises(IllegalWin, match="flower_replacement"):
        score("123m 456p 789s 23s 55m 4s", robbed="S", flower_replacement=True)


def test_flower_replacement_on_a_drawn_win_keeps_the_roof():
    # 20 + 2 (wall) = 22; worthless 1 + roof 1 = 2 doubles: 88
    assert score(WORTHLESS, flower_replacement=True).value.total == 88


def test_kong_replacement_win_needs_the_kongs_in_the_hand():
    # Additional doubles for the winner only: the replacement tile follows the winner's own kong; with no kong in the hand the
    # context is impossible. Was: 22 x 2^2 = 88 (roof double granted).
    with pytest.raises(IllegalWin, match="kong"):
        score(WORTHLESS, kong_draw=1)
    # Twofold Plenty (Special Hands, limit) needs two kongs: one shown, two claimed. Was: the limit, 500.
    with pytest.raises(IllegalWin, match="kong"):
        score("[1111m,1] 456p 789s 234s 55m", kong_draw=2)
    # legal: one kong, one replacement: 16 + 20 + 2 = 38, roof x2 = 76
    assert score("[1111m,1] 456p 789s 234s 55m", kong_draw=1).value.total == 76
    # legal: two kongs, kong on kong: the limit
    assert score("[1111m,1] {9999p} 789s EEE 55s", kong_draw=2).value.total == 500


# --- Earth's Blessing as the YAML defines it (mahjiang: on East's first discard) ---------------------
def test_earths_blessing_only_on_the_dealers_first_discard():
    # on East's first discard: the limit
    assert score(WORTHLESS, seat="S", first_turn=True, discarder="E").value.total == 500
    # a non-dealer's own first draw is not "Mahjiang ... using the first discard made by East":
    # 20 + 2 (wall) = 22, worthless x2 = 44. Was: the limit, 500.
    r = score(WORTHLESS, seat="S", first_turn=True)
    assert "earths_blessing" not in {i.name for i in r.value.items}
    assert r.value.total == 44
