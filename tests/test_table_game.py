"""A whole riichi or MCR game settled by the in-memory engine (scorer/table/game.py) and its final
result (scorer/table/final.py). Each rule has a case that has it and one that almost has it; the
figures are worked out by hand from the rule texts cited in variants/riichi.yaml and mcr.yaml
(riichi.wiki's "Tenhou.net rules" and "EMA Riichi Competition Rules" pages, the Green Book), and
two final results are the ones Tenhou itself wrote in game logs (the `owari` of an mjlog)."""
import pytest

from scorer.core import engine
from scorer.errors import MjError
from scorer.table.final import final_result
from scorer.table.game import Game

# pinfu + tanyao, closed, won on 8s: 2 han 30 fu on a discard (basic 480: a non-dealer ron 4 x 480 =
# 1920 -> 2000); with riichi 3 han 30 fu (basic 960: 4 x 960 = 3840 -> 3900); with riichi by
# self-draw 4 han 20 fu (basic 1280: a dealer's 2 x 1280 = 2560 -> 2600 all)
PINFU = "234m567m345p22p678s"
DRAGONS = "[555z] [666z] 777z 234m 1p 1p"  # big three dragons (daisangen), two pungs called
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
NOTEN = ("draw", {"tenpai": []})


def game(**rules):
    return Game("riichi", PLAYERS, rules)


def result_of(final):
    return {r["player"]: r["result"] for r in final["rows"]}


# ---- the final result ------------------------------------------------------------------------

def test_tenhou_results_of_two_logged_games():
    # two games' ends as Tenhou wrote them (owari="203,-20.0,344,45.0,192,-31.0,261,6.0" and
    # owari="225,-17.0,230,3.0,388,48.0,157,-34.0"): 30,000 returned, uma 20/10, oka 20 to first,
    # every player but the first rounded to the thousand (22,500 up to 23), the first the balance
    g = game()
    assert result_of(final_result(g, [20300, 34400, 19200, 26100], 0, [])) == \
        {"Ann": -20, "Bo": 45, "Cy": -31, "Di": 6}
    assert result_of(final_result(g, [22500, 23000, 38800, 15700], 0, [])) == \
        {"Ann": -17, "Bo": 3, "Cy": 48, "Di": -34}


def test_exact_results_keep_the_hundreds():
    # (points - 30000) / 1000 + uma, first + 20 oka: 34.4 - 30 + 20 + 20 = 24.4 + 20
    rows = final_result(game(result_rounding="exact"), [20300, 34400, 19200, 26100], 0, [])["rows"]
    assert [(r["player"], r["after_return"], r["oka"], r["uma"], r["result"]) for r in rows] == [
        ("Bo", 4.4, 20, 20, 44.4), ("Di", -3.9, 0, 10, 6.1), ("Ann", -9.7, 0, -10, -19.7),
        ("Cy", -10.8, 0, -20, -30.8)]


def test_ties_go_to_the_earlier_seat_online_and_are_split_by_the_ema():
    # online: Ann and Bo tie at 30,000; Ann sat earlier in the first hand, so she is first
    rows = final_result(game(), [30000, 30000, 20000, 20000], 0, [])["rows"]
    assert [(r["player"], r["place"], r["result"]) for r in rows] == [
        ("Ann", 1, 40), ("Bo", 2, 10), ("Cy", 3, -20), ("Di", 4, -30)]
    # EMA: 30,000 start and return, no oka; tied players share the uma of their places: Ann and Bo
    # (15 + 5) / 2 = 10 each on +10; Cy and Di (-5 - 15) / 2 = -10 each on -10
    ema = game(table_style="ema")
    assert ema.start == 30000
    rows = final_result(ema, [40000, 40000, 20000, 20000], 0, [])["rows"]
    assert [(r["player"], r["place"], r["result"]) for r in rows] == [
        ("Ann", 1, 20), ("Bo", 1, 20), ("Cy", 3, -20), ("Di", 3, -20)]
    # almost tied: 100 points apart, each takes his own place's uma
    assert result_of(final_result(ema, [40000, 39900, 20100, 19900], 0, [])) == \
        {"Ann": 25, "Bo": 14.9, "Cy": -14.9, "Di": -25.1}


def test_other_uma_and_a_bad_one():
    # uma 30/10: 34.4 -> first 4 + 30 + 20 under Tenhou's rounding of the others
    assert result_of(final_result(game(uma="30,10,-10,-30"), [20300, 34400, 19200, 26100], 0, [])) == \
        {"Ann": -20, "Bo": 55, "Cy": -41, "Di": 6}
    with pytest.raises(MjError, match="summing to 0"):
        game(uma="20,10,-10,-10")


def test_leftover_deposits_go_to_first_or_stay_on_the_table():
    g = game(result_rounding="exact")
    rows = final_result(g, [35000, 25000, 20000, 18000], 2000, [])["rows"]
    assert rows[0]["points"] == 37000 and rows[0]["result"] == 7 + 20 + 20
    kept = final_result(game(result_rounding="exact", leftover_sticks="table"), [35000, 25000, 20000, 18000],
                        2000, [])
    assert kept["rows"][0]["points"] == 35000 and kept["left_on_table"] == 2000


# ---- how a game ends ---------------------------------------------------------------------------

def test_bust_ends_the_game_below_zero_only():
    # a non-dealer's chombo pays a reversed mangan: 4000 to the dealer, 2000 to each other = 8000
    at_zero = Game("riichi", PLAYERS, {}, start=8000).play([("false_win", {"seat": "Bo"})])
    assert at_zero.points[1] == 0 and at_zero.final is None and not at_zero.states[-1]["over"]
    below = Game("riichi", PLAYERS, {}, start=7900).play([("false_win", {"seat": "Bo"})])
    assert below.points[1] == -100 and below.states[-1]["ended"] == "bust"
    assert below.final["rows"][-1]["player"] == "Bo"
    kept_on = Game("riichi", PLAYERS, {"bust": False}, start=7900).play([("false_win", {"seat": "Bo"})])
    assert not kept_on.states[-1]["over"]


def test_sudden_death_plays_on_until_somebody_has_the_return_points():
    # a tonpuusen of four hands nobody is tenpai in: everyone on 25,000, below 30,000: the South
    # round is played, and it ends as soon as somebody has 30,000
    g = game(session_rounds=1)
    out = g.play([NOTEN] * 4)
    assert not out.states[-1]["over"] and out.states[-1]["round"] == 1
    # Ann deals again (4 honba) and wins by self-draw with riichi: 2600 + 400 from each = 34,000
    out = g.play([NOTEN] * 4 + [("win", {"hands": [["Ann", PINFU]], "self_draw": True, "riichi": True})])
    assert out.points == [34000, 22000, 22000, 22000]
    assert out.states[-1]["over"] and out.states[-1]["ended"] == "sudden death"
    # nobody ever reaches 30,000: the extra round is the last
    out = g.play([NOTEN] * 8)
    assert out.states[-1]["over"] and out.states[-1]["round"] == 2
    assert game(session_rounds=1, sudden_death=False).play([NOTEN] * 4).states[-1]["over"]


def test_the_last_dealer_stops_in_first_place():
    # seven hands nobody is tenpai in bring South 4 (Di deals, 7 honba); Di's dealer self-draw,
    # 2600 + 700 from each, makes her 34,900 and first: the game ends (agari-yame)
    events = [NOTEN] * 7 + [("win", {"hands": [["Di", PINFU]], "self_draw": True, "riichi": True})]
    out = game().play(events)
    assert out.changes[-1] == [-3300, -3300, -3300, 9900]
    assert out.states[-1]["over"] and out.states[-1]["ended"] == "agari-yame"
    assert out.final["rows"][0]["player"] == "Di"
    # without agari-yame she keeps the deal (renchan, 8 honba) and the game goes on
    out = game(agari_yame=False).play(events)
    assert not out.states[-1]["over"] and out.states[-1]["streak"] == 8
    # the same win in South 3 (Cy's deal) is not the last hand
    out = game().play([NOTEN] * 6 + [("win", {"hands": [["Cy", PINFU]], "self_draw": True, "riichi": True})])
    assert not out.states[-1]["over"]


# ---- several winners, aborts, nagashi, pao, chombo --------------------------------------------

def _double(**rules):
    # an abortive draw first (Cy declared riichi: his stick stays; the dealer stays, 1 honba), then
    # Di (N, entered first, with riichi) and Bo (S, riichi too) both win on Ann's discard
    return game(**rules).play([
        ("abort", {"abort": "four_winds", "riichi_by": ["Cy"]}),
        ("win", {"hands": [["Di", PINFU], ["Bo", PINFU]], "discarder": "Ann", "riichi": True,
                 "riichi_by": ["Bo"]}),
    ])


def test_double_ron_honba_and_sticks_to_the_first_in_turn():
    out = _double()
    # Bo plays right after Ann: 3900 + 300 honba + the three sticks (Cy's, Di's, his own); Di 3900
    # less her stick
    assert out.changes == [[0, 0, -1000, 0], [-8100, -1000 + 3900 + 300 + 3000, 0, -1000 + 3900]]
    s = out.states[-1]
    assert (s["dealer"], s["streak"], s["pot"]) == (1, 0, 0)  # the dealer lost: the deal passes
    # head bump: only the first in turn from the discarder wins; Di's declaration still cost her
    # the stick, which Bo takes
    assert _double(head_bump=True).changes[-1] == [-4200, -1000 + 3900 + 300 + 3000, 0, -1000]


def test_triple_ron_is_an_abortive_draw_or_paid():
    three = ("win", {"hands": [["Bo", PINFU], ["Cy", PINFU], ["Di", PINFU]], "discarder": "Ann"})
    out = game().play([three])
    assert out.changes == [[0, 0, 0, 0]] and out.events[0]["kind"] == "abort"
    assert (out.states[-1]["dealer"], out.states[-1]["streak"]) == (0, 1)
    paid = game(triple_ron="pay").play([three])
    assert paid.changes == [[-6000, 2000, 2000, 2000]]


def test_abortive_draws_pay_nothing_keep_the_dealer_add_a_honba():
    out = game().play([("abort", {"abort": "nine_terminals"})])
    assert out.changes == [[0, 0, 0, 0]]
    s = out.states[-1]
    assert (s["dealer"], s["streak"], s["hand"]) == (0, 1, 2)
    with pytest.raises(MjError, match="takes no nine terminals"):
        game(abortive_draws=False).play([("abort", {"abort": "nine_terminals"})])


def test_nagashi_mangan_is_a_mangan_self_draw_without_honba():
    # after an abortive draw (1 honba), Di's nagashi mangan: 4000 from the dealer, 2000 from each
    # other player, no honba; Ann (the dealer) is tenpai and keeps the deal
    out = game().play([("abort", {"abort": "four_kongs"}),
                       ("draw", {"tenpai": ["Ann"], "nagashi": ["Di"]})])
    assert out.changes[-1] == [-4000, -2000, -2000, 8000]
    assert (out.states[-1]["dealer"], out.states[-1]["streak"]) == (0, 2)
    with pytest.raises(MjError, match="no nagashi mangan"):
        game(nagashi_mangan=False).play([("draw", {"tenpai": [], "nagashi": ["Di"]})])


def test_a_noten_riichi_declarer_at_a_draw_is_a_chombo():
    with pytest.raises(MjError, match="chombo"):
        game().play([("draw", {"tenpai": ["Ann"], "riichi_by": ["Cy"]})])
    out = game().play([("draw", {"tenpai": ["Ann", "Cy"], "riichi_by": ["Cy"]})])
    assert out.pot == 1000


def test_pao_pays_a_self_draw_alone_and_half_a_ron():
    # Bo (S) self-draws big three dragons, Cy fed the third pung: Cy pays the whole non-dealer
    # yakuman tsumo, 8000 + 8000 + 16000 = 32000
    r = engine.score(DRAGONS, variant="riichi", seat="S", self_draw=True, liable="W")
    assert [(t.frm, t.to, t.amount) for t in r.transfers] == [("W", "S", 32000)]
    # won on Ann's discard: 32000 split, 16000 each, the honba paid by the liable player
    # (riichi.wiki, Sekinin barai: "the liable player pays the full value of any honba")
    r = engine.score(DRAGONS, variant="riichi", seat="S", discarder="E", liable="W", honba=1)
    assert sorted((t.frm, t.amount) for t in r.transfers) == [("E", 16000), ("W", 300), ("W", 16000)]
    # the same hand with nobody liable
    r = engine.score(DRAGONS, variant="riichi", seat="S", self_draw=True)
    assert sorted((t.frm, t.amount) for t in r.transfers) == [("E", 16000), ("N", 8000), ("W", 8000)]
    with pytest.raises(MjError, match="liable"):
        engine.score(PINFU, variant="riichi", seat="S", self_draw=True, liable="W")


def test_pao_of_a_composite_yakuman_is_one_yakuman_worth():
    # riichi.wiki, Sekinin barai, its example: 1 honba, West liable for South's daisangen, South
    # wins daisangen and tsuuiisou: by self-draw East 16000, West 32300 + 8000, North 8000; on
    # East's discard East 32000 + 16000, West 16000 + 300
    both = "[555z] [666z] 777z 111z 2z 2z"

    def paid(**how):
        r = engine.score(both, variant="riichi", seat="S", liable="W", honba=1, **how)
        out = {}
        for t in r.transfers:
            out[t.frm] = out.get(t.frm, 0) + t.amount
        return out

    assert paid(self_draw=True) == {"E": 16000, "W": 40300, "N": 8000}
    assert paid(discarder="E") == {"E": 48000, "W": 16300}


def test_pao_at_the_table():
    out = game().play([("win", {"hands": [["Bo", DRAGONS]], "self_draw": True, "liable": "Cy"})])
    assert out.changes == [[0, 32000, -32000, 0]]


def test_chombo_is_a_reversed_mangan_or_an_ema_deduction():
    out = game().play([("false_win", {"seat": "Ann"})])  # the dealer: 4000 to each
    assert out.changes == [[-12000, 4000, 4000, 4000]]
    assert (out.states[-1]["dealer"], out.states[-1]["streak"]) == (0, 0)  # replayed, no honba
    ema = Game("riichi", PLAYERS, {"table_style": "ema"})
    out = ema.play([("false_win", {"seat": "Bo"})])
    assert out.changes == [[0, 0, 0, 0]]
    final = final_result(ema, [30000] * 4, 0, out.events)
    assert {r["player"]: r["penalty"] for r in final["rows"]} == {"Ann": 0, "Bo": -20, "Cy": 0, "Di": 0}


def test_a_finished_game_has_its_final_result():
    out = game().play([NOTEN] * 7 + [("win", {"hands": [["Di", PINFU]], "self_draw": True, "riichi": True})])
    # Di 34,900: first; the others 21,700 each, rounded to 22: -8 with uma 10/-10/-20 (the tie of
    # the three goes by seat: Ann, Bo, Cy); Di the balance, 44 (exactly 4.9 + 20 + 20)
    assert result_of(out.final) == {"Di": 44, "Ann": 2, "Bo": -18, "Cy": -28}
    assert [r["player"] for r in out.final["rows"]] == ["Di", "Ann", "Bo", "Cy"]


# ---- MCR --------------------------------------------------------------------------------------

def test_mcr_table_points_shared_on_ties():
    g = Game("mcr", PLAYERS)
    rows = final_result(g, [30, 30, -20, -40], 0, [])["rows"]
    assert [(r["player"], r["table_points"], r["score"]) for r in rows] == [
        ("Ann", 3, 30), ("Bo", 3, 30), ("Cy", 1, -20), ("Di", 0, -40)]
    rows = final_result(g, [31, 29, -20, -40], 0, [])["rows"]
    assert [r["table_points"] for r in rows] == [4, 2, 1, 0]


def test_mcr_false_win_pays_10_to_each_and_the_hand_goes_on():
    out = Game("mcr", PLAYERS).play([("false_win", {"seat": "Bo"})])
    assert out.changes == [[10, -30, 10, 10]]
    assert out.states[-1]["hand"] == 1 and out.states[-1]["dealer"] == 0
    with pytest.raises(MjError, match="fixed penalty"):
        Game("mcr", PLAYERS).play([("false_win", {"seat": "Bo", "total": 12})])


def test_mcr_16_hands_end_with_table_points():
    out = Game("mcr", PLAYERS).play([("draw", {})] * 16)
    assert out.final["model"] == "table_points"
    assert [r["table_points"] for r in out.final["rows"]] == [1.75] * 4  # all tied: (4+2+1+0) / 4


# ---- a game file: batch and the table agree ------------------------------------------------------

@pytest.mark.parametrize("name, final", [
    # Tenhou's rounding of the others (29 +10, 18.7 -> 19: -11 -10, 11.4 -> 11: -19 -20), Ann the balance
    ("riichi-game.yaml", {"Ann": 51, "Cy": 9, "Di": -21, "Bo": -39}),
    ("mcr-game.yaml", {"Cy": 4, "Ann": 2, "Bo": 1, "Di": 0}),
])
def test_example_games_rescore_to_the_tables_standings(tmp_path, monkeypatch, name, final):
    import json
    from pathlib import Path

    from click.testing import CliRunner

    from scorer.cli.main import main
    from scorer.table.book import Table
    from scorer.table.exchange import import_file

    monkeypatch.setenv("MJSCORE_USER", "scorer")
    path = Path(__file__).resolve().parent.parent / "examples" / name
    table = str(tmp_path / "t.mj")
    import_file(table, str(path))
    with Table(table) as t:
        standings = t.standings()
        got = t.final()
        assert t.state()["over"]
    key = "result" if got["model"] == "uma" else "table_points"
    assert {r["player"]: r[key] for r in got["rows"]} == final
    r = CliRunner().invoke(main, ["batch", str(path), "--format", "jsonl"])
    summary = [json.loads(x) for x in r.output.splitlines() if x.startswith("{")][-1]["summary"]
    (session,) = summary["sessions"]
    start = 25000 if "riichi" in name else 0
    assert {p: start + v for p, v in session["net"].items()} == standings


# ---- at the table (the file and the commands) ------------------------------------------------

def test_table_commands_abort_chombo_nagashi_and_the_final_result(tmp_path, monkeypatch):
    import json

    from click.testing import CliRunner

    from scorer.cli.main import main

    monkeypatch.setenv("MJSCORE_USER", "scorer")
    path = str(tmp_path / "r.mj")
    run = CliRunner().invoke
    r = run(main, ["table", "new", path, "-v", "riichi", "--players", "Ann,Bo,Cy,Di", "--rule",
                   "session_rounds=1", "--start", "30000"])
    assert r.exit_code == 0, r.output
    r = run(main, ["table", "abort", path, "--kind", "four_riichi", "--riichi-by", "Ann,Bo,Cy,Di"])
    assert r.exit_code == 0 and "East 1, 0 honba, dealer Ann: abortive draw (four riichi)" in r.output
    assert "Standings: Ann 29000  Bo 29000  Cy 29000  Di 29000" in r.output  # --start beats 25,000
    r = run(main, ["table", "draw", path, "--tenpai", "Ann", "--riichi-by", "Cy"])
    assert r.exit_code == 2 and "chombo" in r.output and "Traceback" not in r.output  # refused input
    r = run(main, ["table", "chombo", path, "--player", "Cy"])
    assert r.exit_code == 0 and "Cy: chombo" in r.output and "Next: East 1, 1 honba" in r.output
    r = run(main, ["table", "draw", path, "--tenpai", "", "--nagashi", "Bo"])
    assert r.exit_code == 0 and "nagashi mangan: Bo" in r.output
    for _ in range(3):  # the deal goes round: nobody tenpai (Bo's 4 sticks stay on the table)
        assert run(main, ["table", "draw", path, "--tenpai", ""]).exit_code == 0
    d = json.loads(run(main, ["table", "show", path, "--format", "json"]).output)
    assert d["over"] and d["where"] == "South 1, 5 honba"
    # Bo: 29,000 + 2,000 (Cy's chombo) + 8,000 (nagashi) = 39,000, and the 4 sticks left: 43,000;
    # Ann and Di tie at 29,000 (Ann sat earlier: second); no oka (30,000 start and return); Tenhou's
    # rounding: Ann -1 + 10, Di -1 - 10, Cy 19,000: -11 - 20, Bo the balance
    first = d["final"]["rows"][0]
    assert (first["player"], first["points"]) == ("Bo", 43000)
    assert {r["player"]: r["result"] for r in d["final"]["rows"]} == \
        {"Bo": 33, "Ann": 9, "Di": -11, "Cy": -31}


def test_a_night_of_riichi_hands_in_one_batch_session_is_money(tmp_path):
    # the night: a han hand then a yakuman in one session; both are paid in points, so the
    # session sums them. S's ron with riichi + pinfu + tanyao (3 han 30 fu) from E: 3900; then S's
    # self-drawn four concealed pungs won on the pair (suuankou tanki, a double yakuman by the
    # default double_yakuman option: a non-dealer's 2 x (16000 from the dealer, 8000 from each))
    import json

    from click.testing import CliRunner

    from scorer.cli.main import main

    path = tmp_path / "night.jsonl"
    path.write_text(
        json.dumps({"hand": PINFU, "variant": "riichi", "seat": "S", "discarder": "E", "riichi": True}) + "\n"
        + json.dumps({"hand": "111m 222p 333s 555s 4m 4m", "variant": "riichi", "seat": "S",
                      "self_draw": True}) + "\n")
    r = CliRunner().invoke(main, ["batch", str(path), "--format", "jsonl"])
    summary = [json.loads(x) for x in r.output.splitlines() if x.startswith("{")][-1]["summary"]
    assert r.exit_code == 0 and summary["rejected"] == 0
    assert summary["sessions"][0]["net"] == {"E": -3900 - 32000, "S": 3900 + 64000, "W": -16000, "N": -16000}
    # two rulesets' money is still never summed
    with path.open("a") as f:
        f.write(json.dumps({"hand": "[CCC,2] [234s,1] 678m 99p 55s 5s", "variant": "hk-old", "seat": "S",
                            "self_draw": True, "rules": {"min_faan": 1}}) + "\n")
    r = CliRunner().invoke(main, ["batch", str(path), "--format", "jsonl"])
    assert "never summed" in r.output


def test_the_pot_takes_the_declarations_the_ruleset_names(tmp_path):
    # the session block's `pot.declared_by` decides whose win flags paid a deposit: riichi's file
    # names riichi and double riichi; a club file naming double riichi alone leaves a riichi winner's
    # stake out of the pot (a winner on Bo's discard: the deposit would be his own, then taken back)
    from scorer.rulesets.variant import load_variant

    win = ("win", {"hands": [["Ann", PINFU]], "discarder": "Bo", "riichi": True})
    played = game().play([win])
    assert played.events[0]["records"][0]["transfers"][0][:3] == ["Ann", "pot", 1000]
    club = tmp_path / "club.yaml"
    club.write_text("extends: riichi\nsession:\n  pot: {stake: 1000, flag: sticks, declared_by: [double_riichi]}\n")
    other = Game(load_variant(str(club)), PLAYERS).play([win])
    assert all(t[1] != "pot" for rec in other.events[0]["records"] for t in rec["transfers"])
    doubled = ("win", {"hands": [["Ann", PINFU]], "discarder": "Bo", "double_riichi": True})
    assert Game(load_variant(str(club)), PLAYERS).play([doubled]).events[0]["records"][0]["transfers"][0][:3] \
        == ["Ann", "pot", 1000]
