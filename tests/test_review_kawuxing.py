"""Review of the Kawuxing ruleset against its rule text (Kawuxing rules) and RULINGS.md: failing figures found in review, each worked out from the text."""
from scorer.core import engine

V = "kawuxing"


def score(hand, rules=None, **ctx):
    if not any(k in ctx for k in ("discarder", "robbed", "kong_draw", "self_draw")):
        ctx["self_draw"] = True
    ctx.setdefault("players", 3)
    return engine.score(hand, variant=V, rules=rules, **ctx)


def test_double_dragon_seven_pairs_follows_a_lowered_cap_unless_the_exception_is_chosen():
    # Kawuxing rules, Pay out scheme: the cap is 'usually' 3 and a table may set its own (option max_doubles); only 'some'
    # make an exception for Double Dragon Seven Pairs (x16). At a table capping at 2 doubles (x4) that
    # did not choose the exception, Double Dragon Seven Pairs (4 doubles) is capped like any other hand:
    # x4, 4 from each loser on a self-draw. The default double_dragon_cap (3, documented as 'the usual
    # cap') raised it to x8 anyway.
    r = score("5555p 7777p 1111s 99s", rules={"max_doubles": 2})
    assert r.value.base == 4
    assert r.net == {"E": 8, "S": -4, "W": -4}
    # every other hand at that table: Seven Pairs + Pure One Suit, 4 doubles -> x4
    assert score("11p 22p 33p 55p 66p 88p 99p", rules={"max_doubles": 2}).value.base == 4
    # the exception chosen still pays x16
    assert score("5555p 7777p 1111s 99s", rules={"max_doubles": 2, "double_dragon_cap": 4}).value.base == 16


def test_double_dragon_default_unchanged_at_the_usual_cap():
    # cap 3 by default: 4 doubles -> x8; the exception: x16 (RULINGS kawuxing)
    assert score("5555p 7777p 1111s 99s").value.base == 8
    assert score("5555p 7777p 1111s 99s", rules={"double_dragon_cap": 4}).value.base == 16


def test_three_kong_streak_bloom_worked_by_hand():
    # S: three concealed dragon kongs in a row, wins on the third replacement (Kawuxing rules, One Double (x2); Kawuxing digest, 1飜 (one double)):
    # Bloom 3 + Greater Three Elements 3 = 6 doubles, capped at 3: 8 from E and from W (Pay out scheme).
    # Kongs (Kong payment; Kawuxing digest, カン (kongs)): concealed 2, then x2 = 4, then x4 = 8, from each of E and W.
    # E pays 8 + 2 + 4 + 8 = 22, W the same; S +44.
    r = score("{CCCC} {FFFF} {PPPP} 456p 99s", seat="S", kong_draw=3)
    assert r.value.details["doubles"] == 6 and r.value.base == 8
    assert r.net == {"E": -22, "S": 44, "W": -22}


def test_claimed_win_on_disclosed_hand_with_kongs_on_the_table():
    # W disclosed, E discards the closed 5s: Fit Five 1 + Disclosure 1 = 2 doubles = 4 per share, E pays
    # both shares, 8 (One Double (x2), RULINGS). S holds an added kong (1 from E and W) that is paid regardless.
    r = score("123s 46s 789p 99p 234p 5s", seat="W", discarder="E", disclosed=True, others={"S": "[PPPP,5]"})
    assert r.net == {"E": -8 - 1, "S": 2, "W": 8 - 1}
