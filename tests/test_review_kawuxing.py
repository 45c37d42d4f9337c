"""Review of the Kawuxing ruleset against its rule text (../shared/seeds/000_e65adf2641304857.txt lines
280-451) and RULINGS.md: failing figures found in review, each worked out from the text."""
from scorer import engine

V = "kawuxing"


def score(hand, rules=None, **ctx):
    if not any(k in ctx for k in ("discarder", "robbed", "kong_draw", "self_draw")):
        ctx["self_draw"] = True
    ctx.setdefault("players", 3)
    return engine.score(hand, variant=V, rules=rules, **ctx)


def test_double_dragon_seven_pairs_follows_a_lowered_cap_unless_the_exception_is_chosen():
    # 000 line 371: the cap is 'usually' 3 and a table may set its own (option max_doubles); only 'some'
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
