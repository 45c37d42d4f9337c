"""Reviewer's checks of the Zung Jung-style points ruleset against "How to play Mahjong".
Each test states the text's figure, worked by hand. Self-drawn by S unless a test says otherwise."""
import pytest

from scorer.errors import IllegalWin
from tests.test_zung_jung import items, score

# ---- impossible wins that the code paid --------------------------------------------------------------

def test_blessing_with_a_melded_set_is_not_a_first_turn_win():
    # 9.4.1 'East winning on the first draw' (Blessing of Heaven): on his first draw East has claimed nothing, so
    # a melded triplet cannot be in the hand. The code paid Blessing of Heaven 155 from each loser.
    with pytest.raises(IllegalWin, match="first"):
        score("[111m,1] 456p 789s 234s 55m", seat="E", first_turn=True)
    # 9.4.2 'Non-East winning on East's first discard' (Blessing of Earth): the winner has not had a turn yet
    with pytest.raises(IllegalWin, match="first"):
        score("[111m,1] 456p 789s 234s 55m", seat="W", discarder="E", first_turn=True)
    # a concealed quad is no melded set: the hand stands, only the blessing is withheld (9.4.1)
    assert "blessing_of_heaven" not in items("{1111m} 456p 789s 234s 55m", seat="E", first_turn=True)


def test_win_on_quad_needs_a_quad():
    # 9.2 'Winning by self-draw on a supplement tile (e.g., from playing a quad)' (Win on Quad); a supplement
    # is drawn only after a quad (Special moves). A hand with no quad cannot have won on one: the
    # code paid Win on Quad 10 from each loser. (The engine refuses it for every ruleset: ImpossibleHand.)
    with pytest.raises(IllegalWin, match="--kong-draw 1: a replacement tile follows .* shows 0 kongs"):
        score("[111m,1] 456p 789s 234s 55m", kong_draw=1)
    assert items("[1111m,1] 456p 789s 234s 55m", kong_draw=1) == {"one_quad": 5, "win_on_quad": 10}


# ---- figures re-derived from the table ---------------------------------------------------------------

@pytest.mark.parametrize("hand, ctx, total", [
    # 5.1.4 Four Identical Runs 480 + 1.1 All Runs 5 + 1.2 Concealed Hand 5 (four triplets 111 222 333
    # + 123 would be 5 + 30 + 100 = 135)
    ("123m 123m 123m 123m 55s", {}, 490),
    # 7.2.2 Four Consecutive Triplets 200 + 4.1 All Triplets 30 + 4.2.3 Four Concealed Triplets 125 + 5
    ("111m 222m 333m 444m 55s", {}, 360),
    # 4.3.3 Three Quads 120 + 7.2.1 Three Consecutive Triplets/Quads 100; melded, runs present
    ("[1111m,1] [2222m,1] [3333m,1] 456p 99s", {}, 220),
    # 2.2 Nine Gates 480 + 2.1.2 Pure One-suit 80 + 7.1 Nine-tile straight 40 (111 123 456 789 99)
    # + Concealed 5; discarder pays 3 x 605 (Patterns, the payment rule)
    ("1112345678999m 1m", {"discarder": "E"}, 605),
    # 3.3.4 Big Four Winds 400 + 3.4 All Honours 320 + 4.1 30 + 4.2.3 125 + Value Honour (SSS) 10 + 5
    ("EEE SSS WWW NNN CC", {}, 890),
    # the discard completes 123m, not 111m: 3.1.. no; Three Concealed Triplets 30 + Concealed Hand 5
    ("11123m 444p 777s 99m 1m", {"discarder": "E"}, 35),
])
def test_totals(hand, ctx, total):
    r = score(hand, **ctx)
    assert r.value.total == total
    if "discarder" in ctx:
        assert r.net[ctx["discarder"]] == -3 * total
