"""Chinese Classical (Classical rules, Scoring to An example of scoring, and Special
Hands): every element with a hand that has it and one that almost has it, hand totals worked out
from the text's tables, the worked example from examples/classical-worked.yaml, the options, and
the settlement (winner from each loser, losers among themselves) over generated tables."""
import random
from pathlib import Path

import pytest
import yaml

from scorer.core import engine
from scorer.errors import ContextError, IllegalWin, NotationError
from scorer.models.classical import other_hands, other_value
from scorer.notation.parse import parse_hand
from scorer.notation.tiles import tile_name
from scorer.rulesets.variant import load_variant

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SEATS = "ESWN"


def score(hand, rules=None, **ctx):
    ctx.setdefault("seat", "E")
    if not any(k in ctx for k in ("discarder", "robbed", "kong_draw")):
        ctx["self_draw"] = True
    return engine.score(hand, variant="classical", rules=rules or {}, **ctx)


def names(hand, rules=None, **ctx):
    return {i.name: i.value for i in score(hand, rules, **ctx).value.items}


def loser(text, seat="N", rules=None, winner="E"):
    """A loser's hand value (`winner` self-drew)."""
    from scorer.rulesets.context import make_context

    ctx = make_context(seat=winner, self_draw=True, rules=rules or {})
    bound = load_variant("classical").bind(rules or {})
    return other_value(parse_hand(text, partial=True), seat, ctx, bound)


# (pattern, hand that has it, its context, hand that almost has it, its context, rules)
SD, DISC = {}, {"discarder": "N"}
CASES = [
    # --- points (Classical rules, Pair, Pong, Kong, Bonus tiles) ---
    ("dragon_pair", "123m 456p 789s 234s CC", SD, "123m 456p 789s 234s 55s", SD, {}),
    ("own_wind_pair", "123m 456p 789s 234s SS", {"seat": "S"}, "123m 456p 789s 234s SS", {"seat": "E"}, {}),
    ("prevailing_wind_pair", "123m 456p 789s 234s SS", {"round": "S"}, "123m 456p 789s 234s SS", {"round": "E"},
     {"prevailing_wind": True}),
    ("exposed_pung_simples", "[555p,1] 123m 789s 234s 99m", SD, "555p 123m 789s 234s 99m", SD, {}),
    ("exposed_pung_majors", "[999p,1] 123m 789s 234s 55m", SD, "[888p,1] 123m 789s 234s 55m", SD, {}),
    # the discard that completes a pung makes it exposed (almost: 5p claimed)
    ("concealed_pung_simples", "555p 123m 789s 234s 99m", SD, "55p 123m 789s 234s 99m 5p", DISC, {}),
    ("concealed_pung_majors", "999p 123m 789s 234s 55m", SD, "99p 123m 789s 234s 55m 9p", DISC, {}),
    ("exposed_kong_simples", "[5555p,1] 123m 789s 234s 99m", SD, "[555p,1] 123m 789s 234s 99m", SD, {}),
    ("exposed_kong_majors", "[WWWW,2] 123m 789s 234s 99m", SD, "[WWW,2] 123m 789s 234s 99m", SD, {}),
    ("concealed_kong_simples", "{5555p} 123m 789s 234s 99m", SD, "[5555p,5] 123m 789s 234s 99m", SD, {}),
    ("concealed_kong_majors", "{1111m} 123p 789s 234s 99m", SD, "[1111m,6] 123p 789s 234s 99m", SD, {}),
    ("bonus_tiles", "123m 456p 789s 234s 55m 1f 2g", SD, "123m 456p 789s 234s 55m", SD, {}),
    # --- basic doubles (Classical rules, Basic Doubles) ---
    ("dragon_pung", "CCC 123m 456p 789s 55s", SD, "CC 123m 456p 789s 555s", SD, {}),
    ("own_wind_pung", "EEE 123m 456p 789s 55s", {"seat": "E"}, "EEE 123m 456p 789s 55s", {"seat": "S"}, {}),
    ("prevailing_wind_pung", "SSS 123m 456p 789s 55s", {"round": "S"}, "SSS 123m 456p 789s 55s", {"round": "W"},
     {"prevailing_wind": True}),
    ("all_seasons", "123m 456p 789s 234s 55m 1234g", SD, "123m 456p 789s 234s 55m 123g 4f", SD, {}),
    ("all_flowers", "123m 456p 789s 234s 55m 1234f", SD, "123m 456p 789s 234s 55m 123f 4g", SD, {}),
    ("all_bonus", "123m 456p 789s 234s 55m 1234f 1234g", SD, "123m 456p 789s 234s 55m 1234f 123g", SD, {}),
    ("little_dragons", "CCC FFF PP 123m 456p", SD, "CCC 123s PP 123m 456p", SD, {}),
    ("great_scholars", "CCC FFF PPP 123m 55p", SD, "CCC FFF PP 123m 555p", SD, {}),
    ("little_winds", "EEE SSS WWW NN 123m", SD, "EEE SSS 789p NN 123m", SD, {}),
    ("large_blessings", "EEE SSS WWW NNN 55m", SD, "EEE SSS WWW NN 555m", SD, {}),
    ("three_concealed_pungs", "111m 555p 999s 123s 55m", SD, "111m 555p 99s 123s 55m 9s", DISC, {}),
    ("own_bonus", "123m 456p 789s 234s 55m 2f", {"seat": "S"}, "123m 456p 789s 234s 55m 3f", {"seat": "S"},
     {"own_bonus_double": "all"}),
    # --- winner-only points (Classical rules, Additional points for the winner only) ---
    ("from_the_wall", "123m 456p 789s 234s 55m", SD, "123m 456p 789s 234s 55m", DISC, {}),
    ("only_possible_tile", "123m 456p 789s 234s 55m", {"only_possible_tile": True},
     "123m 456p 789s 234s 55m", SD, {}),
    # --- winner-only doubles (Classical rules, Additional doubles for the winner only) ---
    ("last_wall_tile", "123m 456p 789s 234s 55m", {"last_tile": True}, "123m 456p 789s 234s 55m",
     {"last_tile": True, "discarder": "N"}, {}),
    ("last_discard", "123m 456p 789s 234s 55m", {"last_tile": True, "discarder": "N"},
     "123m 456p 789s 234s 55m", {"last_tile": True}, {}),
    ("on_the_roof", "[1111m,1] 456p 789s 234s 55m", {"kong_draw": 1}, "[1111m,1] 456p 789s 234s 55m", SD, {}),
    ("opening_a_flower", "[1111m,1] 456p 789s 234s 55m", {"kong_draw": 1, "last_tile": True},
     "[1111m,1] 456p 789s 234s 55m", {"kong_draw": 1}, {}),
    ("worthless_hand", "123m 456p 789s 234s 55m", SD, "123m 456p 789s 234s CC", SD, {}),
    ("no_chows", "111m 555p 999s EEE 55m", SD, "111m 555p 789s EEE 55m", SD, {}),
    ("major_sets", "111m 999p EEE CCC 55m", SD, "111m 999p EEE 789p 55m", SD, {}),
    ("honours_and_one_suit", "123m 456m 789m EEE 55m", SD, "123m 456m 789m 111p 55m", SD, {}),
    ("one_suit", "123m 456m 789m 111m 55m", SD, "123m 456m 789m EEE 55m", SD, {}),
    # --- special hands: the limit (Classical rules, Special Hands; common definitions) ---
    ("heavens_blessing", "123m 456p 789s 234s 55m", {"first_turn": True}, "123m 456p 789s 234s 55m", SD, {}),
    ("earths_blessing", "123m 456p 789s 234s 55m", {"seat": "S", "first_turn": True, "discarder": "E"},
     "123m 456p 789s 234s 55m", {"seat": "S", "discarder": "E"}, {}),
    ("thirteen_wonders", "19m 19p 19s ESWN PFC 9p", SD, "19m 19p 19s ESWN PFC 8p", SD, {}),
    ("moon_from_the_sea", "123m 456m EEE 55s 23p 1p", {"last_tile": True}, "123m 456m EEE 55s 23p 4p",
     {"last_tile": True}, {}),
    ("plum_blossom", "[1111m,1] 456m EEE 55s 46p 5p", {"kong_draw": 1}, "[1111m,1] 456m EEE 55s 46p 5p", SD, {}),
    ("three_great_scholars", "CCC FFF PPP 123m 55p", SD, "CCC FFF PP 123m 555p", SD, {}),
    ("four_large_blessings", "EEE SSS WWW NNN 55m", SD, "EEE SSS WWW NN 555m", SD, {}),
    ("kong_on_kong", "[1111m,1] {9999p} 789s EEE 55s", {"kong_draw": 2}, "[1111m,1] {9999p} 789s EEE 55s",
     {"kong_draw": 1}, {}),
    ("fourfold_plenty", "[1111m,1] {9999p} [5555s,2] [EEEE,5] 55m", SD, "[1111m,1] {9999p} [5555s,2] EEE 55m",
     SD, {}),
    ("nine_gates", "1112345678999m 5m", SD, "[111m,1] 2345678999m 5m", SD, {}),
    ("buried_treasure", "111m 555m 999m EEE 22m", SD, "111m 555p 999m EEE 22m", SD, {}),
    ("all_honours", "EEE SSS CCC FFF WW", SD, "EEE SSS CCC 111m WW", SD, {}),
    ("imperial_jade", "234s 666s 888s FFF 22s", SD, "234s 666s 888s 555s 22s", SD, {}),
    ("heads_and_tails", "111m 999m 111p 999s 99p", SD, "111m 999m 111p EEE 99p", SD, {}),
    ("wriggling_snake", "123456789m ESWN 1m", SD, "123456789m ESWN 5m", SD, {}),
]
NOT_A_WIN = {"thirteen_wonders", "wriggling_snake"}  # their "almost" hands are no winning hands at all


@pytest.mark.parametrize("name, has, has_ctx, almost, almost_ctx, rules", CASES, ids=[c[0] for c in CASES])
def test_element_present_and_almost(name, has, has_ctx, almost, almost_ctx, rules):
    got = names(has, rules, **has_ctx)
    assert name in got, f"{name} missing from {sorted(got)}"
    if name in NOT_A_WIN:
        with pytest.raises(IllegalWin):
            names(almost, rules, **almost_ctx)
        return
    got = names(almost, rules, **almost_ctx)
    assert name not in got, f"{name} wrongly in {sorted(got)}"


def test_every_pattern_has_a_case():
    tested = {c[0] for c in CASES} | {"going_out", "own_bonus_losers"}  # those two: tests below
    assert tested == {p.name for p in load_variant("classical").patterns}


def test_options_that_gate_patterns_turn_them_off():
    assert "prevailing_wind_pair" not in names("123m 456p 789s 234s SS", round="S")
    assert "prevailing_wind_pung" not in names("SSS 123m 456p 789s 55s", round="S")
    assert "own_bonus" not in names("123m 456p 789s 234s 55m 2f", seat="S")
    assert "three_great_scholars" not in names("CCC FFF PPP 123m 55p", {"great_sets_limit": False})
    assert "wriggling_snake" in names("123456789m ESWN 1m")
    assert "wriggling_snake" in names("123456789m ESWN 5m", {"wriggling_snake_pair": "any"})
    assert "buried_treasure" in names("111m 555p 999m EEE 22m", {"buried_treasure_one_suit": False})
    assert "imperial_jade" in names("234s 234s 666s 888s 22s")
    assert "imperial_jade" not in names("234s 234s 666s 888s 22s", {"imperial_jade_green_dragon": True})


# --- hand totals, worked out from the Classical rules' tables -------------------------------------------------
TOTALS = [
    # going out 20; worthless (4 chows, pair of 5m) 1 double: 20 x 2 = 40
    ("123m 456p 789s 234s 55m", DISC, {}, 40),
    # 20 + 2 (from the wall) = 22, worthless x2 = 44
    ("123m 456p 789s 234s 55m", SD, {}, 44),
    # 20 + 2 (wall) + 2 (only possible tile) = 24, worthless x2 = 48
    ("123m 456p 789s 234s 55m", {"only_possible_tile": True}, {}, 48),
    # exposed 555p 2 + concealed EEE 8 + 20 + 2 = 32; own wind pung (E) x2 = 64
    ("[555p,1] 123m 789s EEE 99m", SD, {}, 64),
    # same hand for South: E is not his wind: 32, no double
    ("[555p,1] 123m 789s EEE 99m", {"seat": "S"}, {}, 32),
    # concealed 111m 8 + 20 + 2 = 30; one suit, no honours: 3 doubles -> 240
    ("123m 456m 789m 111m 55m", {"seat": "S"}, {}, 240),
    # exposed kong 8p 8 + concealed 999s 8 + pair CC 2 + flowers 2 x 4 + 20 = 46; no double
    ("[8888p,3] 999s 123m 456m CC 1f 3g", DISC, {}, 46),
    # exposed CCC 4 + concealed FFF, 111m, 999m 3 x 8 + pair PP 2 + 20 + 2 = 52; doubles: dragon pungs 2,
    # little dragons 3, no chows 1, terminal/honour sets 1, honours and one suit 1, three concealed
    # pungs 1 = 9: 52 x 512 = 26624, over the limit: 500
    ("[CCC,1] FFF 111m 999m PP", SD, {}, 500),
    ("[CCC,1] FFF 111m 999m PP", SD, {"limit": 1000}, 1000),
    ("[CCC,1] FFF 111m 999m PP", SD, {"limit": 30000}, 26624),
    # dragon doubles replacing the per-pung ones: 9 - 2 = 7 doubles: 52 x 128 = 6656
    ("[CCC,1] FFF 111m 999m PP", SD, {"limit": 30000, "dragon_pungs_with_dragon_hands": False}, 6656),
    # a special hand scores the limit, whatever its points
    ("19m 19p 19s ESWN PFC 9p", SD, {}, 500),
    ("19m 19p 19s ESWN PFC 9p", SD, {"limit": 1000}, 1000),
    # all eight bonus tiles: 8 x 4 = 32 + 20 + 2 = 54; 5 doubles + worthless 1 = 6: 54 x 64 = 3456 (cap off)
    ("123m 456p 789s 234s 55m 1234f 1234g", SD, {"limit": 10000}, 3456),
    # all_bonus_adds: 5 + 2 + 2 + 1 = 10 doubles: 54 x 1024 = 55296
    ("123m 456p 789s 234s 55m 1234f 1234g", SD, {"limit": 100000, "all_bonus_adds": True}, 55296),
    # on a kong replacement: exposed kong 1m 16 + 20 + 2 (drawn, RULINGS) = 38; roof 1 double = 76
    ("[1111m,1] 456p 789s 234s 55m", {"kong_draw": 1}, {}, 76),
    # opening a flower: 38 x 2^2 = 152 (replacing roof and last tile, 1 + 1), and x2^4 when it adds
    ("[1111m,1] 456p 789s 234s 55m", {"kong_draw": 1, "last_tile": True}, {}, 152),
    ("[1111m,1] 456p 789s 234s 55m", {"kong_draw": 1, "last_tile": True},
     {"flower_opening_adds": True, "limit": 1000}, 608),
    # prevailing wind, South round, East's hand: pair SS 2 + 20 + 2 = 24, the pair scores, no worthless
    ("123m 456p 789s 234s SS", {"round": "S"}, {"prevailing_wind": True}, 24),
    # East's pair EE in an East round counts twice with the option: 4 + 22 = 26
    ("123m 456p 789s 234s EE", {"round": "E"}, {"prevailing_wind": True}, 26),
    # a wind pung that is own and prevailing: concealed EEE 8 + 22 = 30, 2 doubles = 120
    ("EEE 123m 456p 789s 55s", {"round": "E"}, {"prevailing_wind": True}, 120),
]


@pytest.mark.parametrize("hand, ctx, rules, total", TOTALS)
def test_totals(hand, ctx, rules, total):
    assert score(hand, rules, **ctx).value.total == total


def test_losers_score_basic_items_but_not_the_winners():
    # concealed PPP 8 + exposed 555p 2 + season 4 = 14, dragon pung x2 = 28 (North, Classical rules, An example of scoring)
    v = loser("[555p,1] PPP 13m 79p 26s 9s 3g")
    assert v.total == 28
    assert {i.name for i in v.items} == {"concealed_pung_majors", "exposed_pung_simples", "bonus_tiles",
                                         "dragon_pung"}
    # a loser's concealed chows and all-pung shapes earn nothing; two pairs of dragons both count:
    # CC 2 + FF 2 = 4; no going out, no worthless or no-chow double
    v = loser("CC FF 123m 456p 789s", seat="S")
    assert v.total == 4 and {i.name for i in v.items} == {"dragon_pair"}
    # an undeclared fourth tile is loose: concealed pung 5s 4 points, not a kong's 16
    assert loser("5555s 123m 456p 78s", seat="S").total == 4
    # little dragons on a loser: FFF CCC concealed 16 + PP 2 = 18; 2 + 3 doubles: 18 x 32 = 576 -> 500
    assert loser("FFF CCC PP 123m 45p").total == 500
    # own flower for a loser only under own_bonus_double=losers: N holds 4f: 4 points x2
    assert loser("123m 456p 789s 1p 4f").total == 4
    assert loser("123m 456p 789s 1p 4f", rules={"own_bonus_double": "losers"}).total == 8
    assert loser("123m 456p 789s 1p 4f", rules={"own_bonus_double": "all"}).total == 8


def test_winner_without_own_bonus_double_for_losers():
    assert "own_bonus_losers" not in names("123m 456p 789s 234s 55m 2f", {"own_bonus_double": "losers"}, seat="S")
    assert "going_out" in names("123m 456p 789s 234s 55m")


# --- the worked example (Classical rules, An example of scoring) -------------------------------------------------------------
def worked():
    doc = yaml.safe_load((EXAMPLES / "classical-worked.yaml").read_text())
    assert doc["start"] == 2000
    (rec,) = doc["hands"]
    ctx = {k: v for k, v in rec.items() if k not in ("hand", "variant", "expect")}
    return rec, ctx, engine.score(rec["hand"], ctx, variant=rec["variant"])


def test_worked_example_reproduced():
    rec, ctx, r = worked()
    # West 104, North 28, East 10, South 68 (Classical rules, An example of scoring)
    assert r.value.total == 104
    bound = r.variant.bind(ctx["rules"])
    hands = other_hands(r.ctx, r.variant)
    scores = {s: other_value(h, s, r.ctx, bound).total for s, h in hands.items()}
    assert scores == {"N": 28, "E": 10, "S": 68}
    assert {"W": 104, **scores} == rec["expect"]["scores"]
    # standings from 2000 each: East 1820, South 1994, West 2312, North 1874 (Classical rules, An example of scoring)
    assert {s: 2000 + n for s, n in r.net.items()} == {"E": 1820, "S": 1994, "W": 2312, "N": 1874}
    assert r.net == rec["expect"]["net"]
    # West's and South's exposed kongs of West wind: eight West winds, a warning, not an error
    assert any("8 tiles W" in w for w in r.warnings)


def test_worked_example_batch_ledger():
    # the same file through `mjscore batch`: the ledger starts at the file's 2000 and ends at the
    # text's standings, East 1820, South 1994, West 2312, North 1874 (Classical rules, An example of scoring)
    import json

    from click.testing import CliRunner

    from scorer.cli.main import main

    res = CliRunner().invoke(main, ["batch", str(EXAMPLES / "classical-worked.yaml"), "--format", "json"])
    assert res.exit_code == 0, res.output
    out = res.output[res.output.index("{"):res.output.rindex("}") + 1]
    (session,) = json.loads(out)["summary"]["sessions"]
    assert session["final"] == {"E": 1820, "S": 1994, "W": 2312, "N": 1874}


def test_worked_example_intermediate_standings():
    # after West only: each loser pays 104 -> 1896 (Classical rules, An example of scoring)
    _, ctx, _ = worked()
    ctx = {**ctx, "others": {}}
    r = engine.score("[777m,1] [WWWW,2] 999p 44s 56s 7s 3f", ctx, variant="classical")
    assert {s: 2000 + n for s, n in r.net.items()} == {"E": 1896, "S": 1896, "W": 2312, "N": 1896}
    assert any("no hand given for E, S, N" in w for w in r.warnings)


def test_worked_example_other_readings_of_the_own_flower():
    _, ctx, _ = worked()
    # the doubles list alone (default): South 34, West 104
    r = engine.score("[777m,1] [WWWW,2] 999p 44s 56s 7s 3f", {**ctx, "rules": {}}, variant="classical")
    assert r.value.total == 104 and r.value.details["S's hand"].startswith("34 ")
    # every hand: West's chrysanthemum (3f, his own) doubles him too: 52 x 2^2 = 208
    r = engine.score("[777m,1] [WWWW,2] 999p 44s 56s 7s 3f", {**ctx, "rules": {"own_bonus_double": "all"}},
                     variant="classical")
    assert r.value.total == 208 and r.value.details["S's hand"].startswith("68 ")


def test_east_doubles():
    _, ctx, _ = worked()
    r = engine.score("[777m,1] [WWWW,2] 999p 44s 56s 7s 3f",
                     {**ctx, "rules": {**ctx["rules"], "east_doubles": True}}, variant="classical")
    # E pays W 2 x 104; E-S (68 - 10) x 2 = 116 to S; E-N (28 - 10) x 2 = 36 to N; S-N 40 to S
    assert r.net == {"W": 312 + 104, "E": -208 - 116 - 36, "S": -104 + 116 + 40, "N": -104 + 36 - 40}
    # East winning collects double from each: 64 x 2 = 128 (hand of the totals table)
    r = score("[555p,1] 123m 789s EEE 99m", {"east_doubles": True})
    assert r.net == {"E": 384, "S": -128, "W": -128, "N": -128}
    r = score("[555p,1] 123m 789s EEE 99m", {"east_doubles": False})
    assert r.net == {"E": 192, "S": -64, "W": -64, "N": -64}


def test_limit_applies_to_losers_and_east_doubles_the_limit():
    # N holds FFF CCC PP: 576 capped at 500 (see above); winner E's worthless hand 44
    r = score("123m 456p 789s 234s 55m", {"east_doubles": True},
              others={"N": "FFF CCC PP 123s 45p", "S": "13579m 2468p 1s 3s 5s", "W": "13579p 2468s 1m 3m 5m"})
    # E collects 88 from each; N collects 500 from S and W, none doubled (neither is East)
    assert r.net == {"E": 264, "S": -88 - 500, "W": -88 - 500, "N": -88 + 1000}


def test_pay_from_a_counted_total():
    value, transfers, net = engine.pay(600, {"seat": "S", "discarder": "E"}, variant="classical")
    assert value.total == 500 and net == {"E": -500, "S": 1500, "W": -500, "N": -500}
    value, transfers, net = engine.pay(80, {"seat": "S", "self_draw": True, "others": {"N": "CCC 1m"}},
                                       variant="classical")
    # N's CCC (concealed 8, x2 = 16) settles with nobody else given
    assert net == {"E": -80, "S": 240, "W": -80, "N": -80}


# --- errors a user can make -------------------------------------------------------------------------
def test_other_hands_errors():
    with pytest.raises(ContextError, match="is the winner"):
        score("123m 456p 789s 234s 55m", others={"E": "123m"})
    with pytest.raises(ContextError, match="not a seat"):
        score("123m 456p 789s 234s 55m", others={"X": "123m"})
    with pytest.raises(NotationError, match="S's hand"):
        score("123m 456p 789s 234s 55m", others={"S": "12q"})
    with pytest.raises(NotationError, match="S's hand"):
        score("123m 456p 789s 234s 55m", others={"S": "123m 456p 789s 234s 55m"})  # 14 tiles
    r = score("123m 456p 789s 234s 55m", others={"S": "123m 456p"})
    assert any("S's hand has 6 tiles" in w for w in r.warnings)
    r = score("123m 456p 789s 234s 55m 1f", others={"S": "123m 456p 789s 1s 1f"})
    assert any("1f held by E and S" in w for w in r.warnings)


def test_cli_other_and_warnings(tmp_path):
    from click.testing import CliRunner

    from scorer.cli.main import main

    res = CliRunner().invoke(main, ["score", "[777m,1] [WWWW,2] 999p 44s 56s 7s 3f", "-v", "classical",
                                    "--seat", "W", "--self-draw", "--rule", "own_bonus_double=losers",
                                    "--other", "N:[555p,1] PPP 13m 79p 26s 9s 3g",
                                    "--other", "E:[8888p,3] 234m 567s EE 1p 5m",
                                    "--other", "S:[WWWW,1] 111s FF 37m 25p 8s 2f 1g", "--format", "json"])
    assert res.exit_code == 0, res.output
    import json

    d = json.loads(res.output)
    assert d["net"] == {"E": -180, "S": -6, "W": 312, "N": -126}
    assert d["warnings"]
    res = CliRunner().invoke(main, ["score", "123m 456p 789s 234s 55m", "-v", "classical", "--self-draw",
                                    "--other", "E:123m"])
    assert res.exit_code == 2 and "Traceback" not in res.output


# --- generated tables: zero-sum and the settlement rule -------------------------------------------
def _take(pool, rng, need):
    if any(pool[t] < need.count(t) for t in need):
        return False
    for t in need:
        pool[t] -= 1
    return True


def _text(t, n):
    return tile_name(t) * n if t >= 27 else str(t % 9 + 1) * n + tile_name(t)[1]


def random_table(rng):
    """One consistent deal: a winning hand and three 13-tile losing hands from one set of tiles."""
    pool = {t: 4 for t in range(34)}
    bonus = list(range(34, 42))
    rng.shuffle(bonus)
    hands = {}
    for role in ("winner", "a", "b", "c"):
        melds, concealed, size = [], [], 0
        sets = 4 if role == "winner" else rng.randint(0, 4)
        while sets:
            t = rng.randrange(34)
            kind = rng.random()
            if kind < 0.45 and t < 27 and t % 9 <= 6:
                need, text = [t, t + 1, t + 2], "".join(str(x % 9 + 1) for x in (t, t + 1, t + 2)) + tile_name(t)[1]
            elif kind < 0.9:
                need, text = [t] * 3, _text(t, 3)
            else:
                need, text = [t] * 4, _text(t, 4)
            if not _take(pool, rng, need):
                continue
            sets -= 1
            if len(need) == 4:
                melds.append(rng.choice(["{%s}" % text, f"[{text},{rng.choice([1, 2, 3, 5, 6, 7])}]"]))
            elif rng.random() < 0.35:
                melds.append(f"[{text},{rng.randint(1, 3)}]")
            else:
                concealed += need
            size += 3
        want = 14 if role == "winner" else 13
        while size < want:
            t = rng.randrange(34)
            n = 2 if role == "winner" else 1
            if _take(pool, rng, [t] * n):
                concealed += [t] * n
                size += n
        flowers = [bonus.pop() for _ in range(rng.randint(0, 2)) if bonus]
        rng.shuffle(concealed)
        parts = melds + [" ".join(tile_name(t) for t in concealed)] + [tile_name(t) for t in flowers]
        hands[role] = " ".join(p for p in parts if p)
    seat = rng.choice(SEATS)
    others = dict(zip([s for s in SEATS if s != seat], (hands["a"], hands["b"], hands["c"])))
    ctx = {"seat": seat, "round": rng.choice(SEATS), "others": others}
    way = rng.random()
    has_kong = any(m.kind == "kong" for m in parse_hand(hands["winner"]).melds)
    if has_kong and way < 0.3:
        ctx["kong_draw"] = 1
    elif way < 0.5:
        ctx["self_draw"] = True
    else:
        ctx["discarder"] = rng.choice([s for s in SEATS if s != seat])
    if rng.random() < 0.1:
        ctx["last_tile"] = True
    return hands["winner"], ctx


def test_generated_tables_settle_by_the_rule_and_sum_to_zero():
    rng = random.Random(4004)
    variant = load_variant("classical")
    seen = 0
    for _ in range(320):
        hand, ctx = random_table(rng)
        rules = {"east_doubles": rng.random() < 0.5, "limit": rng.choice([300, 500, 1000]),
                 "own_bonus_double": rng.choice(["none", "all", "losers"]),
                 "prevailing_wind": rng.random() < 0.5}
        r = engine.score(hand, {**ctx, "rules": rules}, variant="classical")
        assert sum(r.net.values()) == 0
        assert not any("on the table" in w or "held by" in w for w in r.warnings), r.warnings
        # the settlement, recomputed from the four scores: every pair of seats (winner-loser or
        # loser-loser) moves one amount, doubled when East is in it and the option is on
        bound = variant.bind(rules)
        s = {seat: other_value(h, seat, r.ctx, bound).total for seat, h in other_hands(r.ctx, variant).items()}
        w = r.ctx.seat
        want = {seat: 0 for seat in SEATS}
        for a in s:
            f = 2 if rules["east_doubles"] and "E" in (a, w) else 1
            want[a] -= r.value.total * f
            want[w] += r.value.total * f
            for b in s:
                if a < b:
                    f = 2 if rules["east_doubles"] and "E" in (a, b) else 1
                    want[a] += (s[a] - s[b]) * f
                    want[b] -= (s[a] - s[b]) * f
        assert r.net == want
        assert all(v <= rules["limit"] for v in [r.value.total, *s.values()])
        seen += 1
    assert seen >= 300


def test_session_file_scores_and_balances():
    records = yaml.safe_load((EXAMPLES / "classical-session.yaml").read_text())
    assert len(records) >= 20
    ledger = {s: 0 for s in SEATS}
    for rec in records:
        ctx = {k: v for k, v in rec.items() if k not in ("hand", "variant", "expect")}
        r = engine.score(rec["hand"], ctx, variant=rec["variant"])
        assert not r.warnings, (rec["hand"], r.warnings)
        assert r.net == rec["expect"]["net"], rec["hand"]
        for seat, n in r.net.items():
            ledger[seat] += n
    assert sum(ledger.values()) == 0
