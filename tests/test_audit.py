"""`mjscore audit`: real Tenhou games replayed through the live-table engine, every hand and every
final result compared with what the log records (the log is the expected value: Tenhou's own
settlement of a game that was played).

- every game in tests/data/tenhou agrees, hand by hand and in its final result;
- the holdout games (tests/data/tenhou-holdout, a different source; MJSCORE_HOLDOUT=1 like
  test_logs_read's holdout check) agree, but for the differences named below with the rule that
  decides each;
- a three-player game, a file that is not a log, a game cut short: refused clearly, the others
  still audited; exit statuses; the JSON against docs/schema/audit.json; 80 columns; --jobs."""
from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from scorer.audit.events import events_of, setup_of
from scorer.audit.replay import audit_game
from scorer.audit.run import audit_file
from scorer.audit.table import settle_game
from scorer.cli.main import main
from scorer.logs.read import read_bytes, read_games
from scorer.output.width import text_width

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
MAIN = sorted(p for p in (DATA / "tenhou").iterdir() if p.suffix in (".mjlog", ".xml", ".json"))
HOLDOUT = sorted((DATA / "tenhou-holdout").glob("*.xml"))
SCHEMA = json.loads((ROOT / "docs" / "schema" / "audit.json").read_text())


def run(*args):
    return CliRunner().invoke(main, ["audit", *map(str, args)], env={"COLUMNS": "80"})


def where(g) -> list:
    """What differs in a game, for the assertion message."""
    out = [g.problem] if g.problem else []
    out += [f"{h.round}-{h.honba} {h.kind}: log {h.recorded} ours {h.scored} {h.differs}"
            for h in g.hands if not h.agree]
    if g.final is not None and not g.final.agree:
        out.append(f"final: log {g.final.recorded_points} {g.final.recorded_result}; "
                   f"ours {g.final.scored_points} {g.final.scored_result}")
    return out


# ---- the proof: every real game agrees ---------------------------------------------------------

@pytest.mark.parametrize("path", MAIN, ids=lambda p: p.name)
def test_every_hand_and_final_result_of_a_real_game_agrees(path):
    audits = audit_file(str(path))
    assert audits and all(hasattr(a, "hands") for a in audits), audits
    for g in audits:
        assert g.hands and g.final is not None, g.file
        assert g.agree, where(g)


# The holdout's differences, each with the rule that decides it (the audit reports them; the
# test keeps them named so that a change either way is seen):
HOLDOUT_RULES = {
    # 2009's east-only games (GO type 161) were paid uma 5-10: each player's result is what the
    # log prints only with uma +10/+5/-5/-10; riichi.wiki's Tenhou.net rules (today's) say 10-20,
    # the audit's default. `--rule uma=10,5,-5,-10` states it, and then they agree.
    "bye.xml": {"uma": "10,5,-5,-10"},
    "shuffle.xml": {"uma": "10,5,-5,-10"},
}
# bug1.xml (February 2009): at South 4, 1 honba the last dealer was tenpai in first place with
# 37,400 at an exhaustive draw, and the game went on (South 4, 2 honba). riichi.wiki's
# Tenhou.net rules stop it there ("the game automatically stops on both dealer wins and dealer
# tenpai hands"), as our table does; Tenhou then stopped only on the dealer's win (bug4-6.xml, the
# same months, end on it). Our session rules have one switch for both (agari_yame).
HOLDOUT_ENDS_EARLY = {"bug1.xml": "the table ended the game after S4-1 (agari-yame); the log plays on"}


@pytest.mark.skipif(os.environ.get("MJSCORE_HOLDOUT") != "1", reason="the final check: MJSCORE_HOLDOUT=1")
@pytest.mark.parametrize("path", HOLDOUT, ids=lambda p: p.name)
def test_holdout_games_agree_but_for_the_named_rules(path):
    (g,) = audit_file(str(path), HOLDOUT_RULES.get(path.name))
    if path.name in HOLDOUT_ENDS_EARLY:  # the hand after is still settled, and agrees
        assert g.problem == HOLDOUT_ENDS_EARLY[path.name]
        assert all(h.agree for h in g.hands) and g.final.agree, where(g)
        return
    assert g.agree, where(g)


def test_the_east_only_holdout_games_differ_at_the_documented_uma():
    """Without the room's uma the result differs by exactly the uma: the audit's default is the
    documented 10-20 (shuffle.xml: 36,900 / 32,200 / 25,300 / 5,600 -> 37 + 20 - 10, ...)."""
    (g,) = audit_file(str(DATA / "tenhou-holdout" / "shuffle.xml"))
    assert all(h.agree for h in g.hands)
    assert g.final.recorded_result == (37.0, -10.0, 7.0, -34.0)
    # 10-20: second 32 - 30 + 10 = 12, third 25 - 30 - 10 = -15, fourth 6 - 30 - 20 = -44, first 47
    assert g.final.scored_result == (47.0, -15.0, 12.0, -44.0)


# ---- the rules the logs decided ----------------------------------------------------------------

def test_tenhou_rounds_a_negative_result_away_from_zero():
    """riichi.wiki, Tenhou.net rules: points rounded to the closest thousand, '4 down, 5 up', on the
    size: -7,500 is -8 thousand. 26,900 / 29,200 / 51,400 / -7,500, uma 20/10, oka 20:
    -13 (27 - 30 - 10), +9 (29 - 30 + 10), -58 (-8 - 30 - 20), first the balance +62."""
    (g,) = audit_file(str(DATA / "tenhou-holdout" / "bug3.xml"))
    assert g.final.scored_points == (26900, 29200, 51400, -7500)
    assert g.final.scored_result == (-13.0, 9.0, 62.0, -58.0)


def test_pao_on_a_self_drawn_composite_yakuman_is_paid_whole_by_the_liable_player():
    """riichi.wiki, Tenhou.net rules: on a self-draw the responsible player pays all. A non-dealer's
    big three dragons with all honours (two yakuman, 2 x 32,000) at 3 honba (3 x 300): 64,900
    from the liable player alone."""
    (g,) = read_games(DATA / "tenhou" / "2019103023gm-00a9-0000-f90e0fe9.xml")
    audit = audit_game(g, settle_game)
    hand = next(h for h in audit.hands if h.round == "E4" and h.honba == 3)
    assert hand.scored == (64900, 0, -64900, 0) == hand.recorded


def test_a_double_ron_entry_gives_each_winner_his_own_facts():
    (g,) = read_games(DATA / "tenhou" / "double-ron.mjlog")
    setup = setup_of(g)
    wins = [(h, e) for h, (k, e) in zip(g.hands, events_of(g, setup)) if len(e.get("hands", ())) > 1]
    assert wins
    for hand, entry in wins:
        names = [n for n, _ in entry["hands"]]
        assert set(entry["also_flags"]) == set(names[1:])
        riichi_winners = {setup.players[w.seat] for w in hand.wins if w.riichi or w.double_riichi}
        # a winner's riichi stick is paid through his own flag, never twice through riichi_by
        assert not riichi_winners & set(entry.get("riichi_by", ()))


def test_rules_read_from_the_log_header():
    from scorer.rulesets.variant import load_variant

    defaults = {k: o.default for k, o in load_variant("riichi").options.items()}

    def rules(name):
        (g,) = read_games(DATA / "tenhou" / name)
        return {**defaults, **setup_of(g).rules}

    new = rules("2023053016gm-0029-0000-e54b3b98.xml")
    assert new["red_fives"] and new["open_tanyao"] and new["session_rounds"] == 2
    assert new["result_rounding"] == "exact"  # this log prints tenths: 63.8, -23.9 ...
    assert not new["kiriage"] and not new["double_yakuman"] and new["kazoe"] == "yakuman"
    assert new["uma"] == "20,10,-10,-20" and new["start_points"] == 25000 and new["oka"]
    assert rules("2010081709gm-00a9-0000-fe3371ad.mjlog")["result_rounding"] == "tenhou"


# ---- refusals, statuses, formats ---------------------------------------------------------------

def test_a_three_player_game_is_refused_by_name_and_the_others_audited():
    three = DATA / "tenhou-3p" / "sanma2.xml"
    r = run(MAIN[0], three)
    assert r.exit_code == 1
    assert "sanma2.xml: a three-player game: refused" in r.output
    assert "summary: 2 game(s)" in r.output and "1 refused" in r.output


def test_a_file_that_is_not_a_log_is_refused_with_its_name(tmp_path):
    junk = tmp_path / "notes.txt"
    junk.write_text("hello")
    r = run(junk)
    assert r.exit_code == 2  # no input was a game log
    assert f"refused: {junk}: neither an mjlog" in " ".join(r.output.split())  # wrapped at 80
    r = run(junk, MAIN[0])
    assert r.exit_code == 1  # one log audited, one file refused
    assert "summary: 1 game(s)" in r.output


def test_a_game_cut_short_is_reported_and_the_next_file_still_audited(tmp_path):
    data = (DATA / "tenhou" / "2019123123gm-00a9-0000-f4386d0e.xml").read_bytes()
    last = max(data.rfind(b"<AGARI"), data.rfind(b"<RYUUKYOKU"))
    cut = tmp_path / "cut.xml"
    cut.write_bytes(data[:last] + b"</mjloggm>")
    (g,) = read_bytes(cut.read_bytes(), str(cut))
    assert not g.complete
    r = run(cut, MAIN[0])
    assert r.exit_code == 1
    assert "cut.xml: cut short: the log stops inside hand 12" in r.output
    assert MAIN[0].name in r.output


def test_json_follows_its_schema_and_the_issue_fields():
    r = run(MAIN[0], DATA / "tenhou-3p" / "sanma2.xml", "--format", "json")
    d = json.loads(r.output)
    jsonschema.validate(d, SCHEMA)
    game = d["games"][0]
    assert game["file"].endswith(MAIN[0].name) and len(game["players"]) == 4
    h = game["hands"][0]
    assert set(h) >= {"round", "honba", "kind", "recorded", "scored", "agree"}
    assert sum(h["recorded"]) >= 0
    assert game["final"]["recorded"] == game["final"]["scored"] and game["final"]["agree"]
    assert d["summary"]["games"] == 2 and d["summary"]["refused"] == 1
    assert d["summary"]["all_agree"] is False and r.exit_code == 1


def test_text_fits_80_columns_and_jobs_give_the_same_output():
    files = MAIN[:12]
    one = run(*files)
    assert one.exit_code == 0, one.output
    assert max(text_width(line) for line in one.output.splitlines()) <= 80
    assert one.output.splitlines()[-1].startswith("summary: 12 game(s)")
    from scorer.audit.run import audit_files, flatten

    serial = [g.hands for g in flatten(audit_files(map(str, files), 1))]
    assert [g.hands for g in flatten(audit_files(map(str, files), 2))] == serial


def test_an_unknown_rule_is_refused_once():
    r = run(MAIN[0], MAIN[1], "--rule", "no_such_rule=1")
    assert r.exit_code == 2
    assert r.output.count("no option 'no_such_rule'") == 1


# ---- a live table from a log -------------------------------------------------------------------

def test_import_log_builds_a_table_that_ends_at_the_logs_final_points(tmp_path):
    from scorer.table.book import Table

    log = DATA / "tenhou" / "2011020613gm-00a9-0000-3774f8d1.mjlog"  # ends on a draw: 3 sticks left
    path = tmp_path / "game.table"
    r = CliRunner().invoke(main, ["table", "import-log", str(path), str(log)], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    assert "Imported 11 hand(s)" in r.output
    (g,) = read_games(log)
    with Table(str(path)) as t:
        assert t.state()["over"]
        standings = t.standings()
        # the table's points before the leftover sticks go to first place: the log's last hand end
        assert tuple(standings[p] for p in t.players) == g.hands[-1].end_points
        assert t.pot == 3000
        final = {r["player"]: r for r in t.final()["rows"]}
        # the sticks to first place, and Tenhou's result: the log's own final
        assert tuple(final[p]["points"] for p in t.players) == g.final.points
        assert tuple(final[p]["result"] for p in t.players) == g.final.result
    r = CliRunner().invoke(main, ["season", "standings", str(path)], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output


def test_import_log_refuses_a_three_player_game(tmp_path):
    r = CliRunner().invoke(main, ["table", "import-log", str(tmp_path / "t.table"),
                                  str(DATA / "tenhou-3p" / "sanma2.xml")])
    assert r.exit_code == 2 and "three-player game" in r.output


def test_the_example_log_and_a_gzipped_log_audit_clean(tmp_path):
    import gzip

    example = ROOT / "examples" / "tenhou" / "2019103023gm-00a9-0000-f90e0fe9.xml"
    packed = tmp_path / "2010081709gm-00a9-0000-fe3371ad.mjlog"  # Tenhou serves mjlogs gzipped
    packed.write_bytes(gzip.compress((DATA / "tenhou" / packed.name).read_bytes()))
    r = run(example, packed)
    assert r.exit_code == 0, r.output
    assert "summary: 2 game(s), 22 hands: 22 agree, 0 differ; 2 final results agree" in r.output


def test_a_disagreement_shows_both_rows_and_each_winners_value_beside_the_logs():
    """Played without red fives the hands that held one lose a han: the first, a self-draw of
    riichi, ippatsu, menzen tsumo, pinfu, ura dora and a red five (6 han: haneman, 6,000 from the
    dealer, 3,000 from each other), is a mangan (4,000 and 2,000) under red_fives=false."""
    r = run(DATA / "tenhou" / "double-ron.mjlog", "--rule", "red_fives=false")
    assert r.exit_code == 1
    text = " ".join(r.output.split())
    assert "double-ron.mjlog E1-0 win (self-draw): log -6000 +13000 -3000 -3000 " \
           "ours -4000 +9000 -2000 -2000" in text
    assert "log 6 han 20 fu haneman 12000 (riichi 1, ippatsu 1, menzen_tsumo 1, pinfu 1, " \
           "aka_dora 1, ura_dora 1)" in text
    assert "ours 5 han 20 fu mangan (Riichi, Ippatsu" in text
    assert r.output.index("Disagreements:") == 0


def test_a_real_games_table_shows_within_80_columns(tmp_path):
    """Japanese names four columns of figures wide, a long table name and five-digit amounts: the
    events table gives way (the Event column, then the longest name) to fit 80 columns."""
    log = str(Path(__file__).resolve().parent.parent / "examples" / "tenhou" / "2019103023gm-00a9-0000-f90e0fe9.xml")
    table = str(tmp_path / "g.mj")
    runner = CliRunner()
    assert runner.invoke(main, ["table", "import-log", table, log]).exit_code == 0
    shown = runner.invoke(main, ["table", "show", table], env={"COLUMNS": "80"})
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert any("高嶺之草高遠惠輔" in line for line in lines)  # the names are still there
    assert max(map(text_width, lines)) <= 80, shown.output
