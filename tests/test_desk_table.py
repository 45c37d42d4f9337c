"""Issue 28, the table at the desk: a current table, short flags, players by a beginning of the
name, errors by player, edits and undos with their money, the export by extension, riichi's words,
unsigned balances, the kong warning, the chart from the starting points. Figures: Old Hong Kong's
table (Wikipedia: base 1 below 4 faan, East and the discarder pay double) and the EMA riichi table."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorer.cli.main import main

RIICHI_HAND = "123m 456p 789s 234s 55p"  # riichi only; a closed wait on 5p: 40 fu by ron, 30 by tsumo


def run(*args, env=None):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": "80", "MJSCORE_CONFIG": "", **(env or {})})


# ---- 6. the table at the desk ----------------------------------------------------------------

WIN = "123m 456p 789s EEE 5s 5s"


@pytest.fixture
def desk(tmp_path):
    env = {"MJSCORE_CONFIG_DIR": str(tmp_path / "cfg"), "MJSCORE_USER": "ref", "MJSCORE_TABLE": ""}
    path = str(tmp_path / "night.db")
    r = run("table", "new", path, "-v", "hk-old", "--players", "Annabel,Bob,Cat,Carl", "--rule", "min_faan=0",
            env=env)
    assert r.exit_code == 0, r.output
    return path, env


def test_errors_at_the_table_name_players_not_seats(desk):
    path, env = desk
    r = run("table", "win", path, WIN, "--winner", "Bob", "--discarder", "Bob", env=env)
    assert r.exit_code == 2 and "the winner (Bob) cannot also be the discarder" in r.output


def test_a_player_by_a_unique_beginning_and_did_you_mean(desk):
    path, env = desk
    r = run("table", "win", path, WIN, "-w", "bo", "-d", "ann", env=env)
    assert r.exit_code == 0 and "Bob wins on Annabel's discard" in " ".join(r.output.split())  # (wrapped at 80)
    r = run("table", "win", path, WIN, "-w", "ca", "-s", env=env)
    assert r.exit_code == 2 and "'ca' could be Cat or Carl" in r.output
    r = run("table", "win", path, WIN, "-w", "Bobby", "-s", env=env)
    assert r.exit_code == 2 and "did you mean Bob" in r.output


def test_a_current_table_by_use_or_by_the_environment(desk, tmp_path):
    path, env = desk
    r = run("table", "show", env=env)
    assert r.exit_code == 2 and "mjscore table use FILE" in r.output
    assert run("table", "use", path, env=env).exit_code == 0
    assert (tmp_path / "cfg" / "current").read_text().strip() == str(Path(path).resolve())
    r = run("table", "win", WIN, "-w", "Bob", "-d", "Annabel", env=env)
    assert r.exit_code == 0 and "#1" in r.output
    assert "Bob wins" in run("table", "show", env=env).output
    other = str(tmp_path / "other.db")
    run("table", "new", other, "-v", "hk-old", "--players", "A,B,C,D", env=env)
    r = run("table", "show", env={**env, "MJSCORE_TABLE": other})
    assert r.exit_code == 0 and "Bob" not in r.output
    assert "-w, --winner" in run("table", "win", "--help", env=env).output


def test_a_riichi_table_speaks_riichi_and_balances_carry_no_plus(tmp_path):
    path = str(tmp_path / "r.db")
    env = {"MJSCORE_USER": "ref", "MJSCORE_TABLE": ""}
    run("table", "new", path, "-v", "riichi", "--players", "Ann,Bob,Cat,Dan", "--start", "25000", env=env)
    r = run("table", "win", path, RIICHI_HAND, "-w", "Bob", "-d", "Ann", "--riichi", env=env)
    assert r.exit_code == 0, r.output
    assert "East 1, 0 honba, dealer Ann: Bob wins on Ann's discard, 1 han 40 fu" in r.output
    assert "streak" not in r.output
    assert "Payments (1 han 40 fu, 1300)" in r.output
    # 25000 each; Ann pays 1300; Bob's riichi stick comes back with the win
    assert "Standings: Ann 23700  Bob 26300  Cat 25000  Dan 25000" in r.output
    r = run("table", "win", path, RIICHI_HAND, "-w", "Bob", "-s", "--riichi", "--set", "dora=1m", env=env)
    assert "Bob wins self-draw, 3 han 30 fu" in r.output and "Payments (3 han 30 fu, 2000 all)" in r.output
    shown = run("table", "show", path, env=env).output
    assert "1 honba" in shown and " 32300 " in shown and "+32300" not in shown
    assert "+6000" in shown  # an event's net is a change: it keeps its sign


def test_replace_undo_and_log_show_what_changed_with_the_money(desk):
    path, env = desk
    for args in (("-w", "Bob", "-d", "Annabel"), ("-w", "Cat", "-s")):
        assert run("table", "win", path, WIN, *args, env=env).exit_code == 0
    # the edit moves the deal: Annabel (dealer, East) wins instead of Bob, so Annabel deals hand 2 and
    # Cat's self-draw is paid double by her (dealer) instead of by Bob
    r = run("table", "win", path, WIN, "-w", "Annabel", "-s", "--replace", "1", env=env)
    assert r.exit_code == 0, r.output
    assert "Replaced #1, which was: Bob wins on Annabel's discard, 2 faan (Annabel -4," in r.output
    assert "1 later event(s) settled again:" in r.output
    was = next(line for line in r.output.splitlines() if line.startswith("  #2 was:"))
    now = next(line for line in r.output.splitlines() if line.strip().startswith("now:"))
    assert "Bob -4" in was and "Annabel -4" in now  # the dealer pays double
    r = run("table", "undo", path, env=env)
    assert "Undone #2: Cat wins self-draw" in r.output and "reversed: Annabel -4" in r.output
    log = run("table", "log", path, env=env).output
    lines = log.splitlines()
    assert lines[0].startswith("#1 ") and "Annabel wins self-draw" in lines[0]
    assert any("replaced #1: Bob wins on Annabel's discard" in x for x in lines[1:4])
    assert any("settled again, was #2: Cat wins self-draw" in x for x in lines[1:6])
    assert any(x.startswith("undone #2") for x in lines)
    assert all(len(x) <= 80 for x in lines)


@pytest.mark.parametrize("ext", ["yaml", "jsonl", "csv"])
def test_export_writes_what_its_extension_says_and_rescores_the_same(tmp_path, ext):
    import io

    import yaml

    from scorer.cli.batch import run as batch_run
    from scorer.table.book import Table
    from tests.test_table_io import _night  # wins, a draw, a false win, two winners on one discard

    path = _night(tmp_path)
    out = tmp_path / f"night.{ext}"
    r = run("table", "export", path, "--out", str(out))
    assert r.exit_code == 0, r.output
    text = out.read_text()
    if ext == "yaml":
        assert isinstance(yaml.safe_load(text)["hands"], list)
    elif ext == "jsonl":
        assert all(json.loads(line) for line in text.splitlines())
    else:
        assert text.splitlines()[0].startswith("session,variant,rules,start,hand,")
    summary = batch_run([str(out)], io.StringIO(), "text", echo_rejects=False)
    assert summary["rejected"] == 0
    with Table(path) as t:
        assert summary["sessions"][0]["final"] == t.standings()


def test_export_refuses_an_extension_and_format_that_disagree(tmp_path):
    from tests.test_table_io import _night

    path = _night(tmp_path)
    r = run("table", "export", path, "--out", str(tmp_path / "x.yaml"), "--format", "csv")
    assert r.exit_code == 2 and "says yaml but --format says csv" in r.output
    r = run("table", "export", path, "--out", str(tmp_path / "x.txt"))
    assert r.exit_code == 2 and ".yaml, .jsonl or .csv" in r.output
    assert not (tmp_path / "x.txt").exists()


def test_a_kong_the_winning_hand_does_not_show_is_warned(desk):
    path, env = desk
    assert run("table", "kong", path, "--player", "Bob", "--kind", "concealed", env=env).exit_code == 0
    r = run("table", "win", path, WIN, "-w", "Bob", "-d", "Annabel", env=env)
    assert r.exit_code == 0 and "Warning: Bob's concealed kong (#1, paid then) is not in the winning hand" in r.output
    run("table", "kong", path, "--player", "Cat", "--kind", "concealed", env=env)
    r = run("table", "win", path, "{1111m} 456p 789s EEE 5s 5s", "-w", "Cat", "-d", "Bob", env=env)
    assert r.exit_code == 0 and "Warning" not in r.output


def test_the_chart_starts_at_the_starting_points(tmp_path):
    from scorer.table.book import Table, new_table
    from scorer.table.chart import running

    path = str(tmp_path / "c.db")
    new_table(path, "hk-old", ["Ann", "Bo", "Cy", "Di"], {"min_faan": 0}, start=100)
    with Table(path) as t:
        t.add("win", {"hands": [["Bo", WIN]], "discarder": "Ann"})
    xs, series, starts = running([path])
    assert [series[p][0] for p in ("Ann", "Bo", "Cy", "Di")] == [100] * 4  # before the first event
    assert series["Bo"][-1] == 106 and series["Ann"][-1] == 96  # Ann, dealer and discarder, pays 4
    assert starts[0][2] == 100


def test_replace_and_undo_in_json_say_what_changed(desk):
    path, env = desk
    run("table", "win", path, WIN, "-w", "Bob", "-d", "Annabel", env=env)
    run("table", "win", path, WIN, "-w", "Cat", "-s", env=env)
    r = run("table", "win", path, WIN, "-w", "Annabel", "-s", "--replace", "1", "--format", "json", env=env)
    edits = json.loads(r.output)["edits"]
    assert [e["no"] for e in edits] == [1, 2]
    assert edits[0]["was"].startswith("Bob wins") and edits[0]["now"].startswith("Annabel wins")
    assert edits[1]["was_net"]["Bob"] == -4 and edits[1]["now_net"]["Annabel"] == -4  # the dealer pays double
    u = json.loads(run("table", "undo", path, "--format", "json", env=env).output)
    assert u["undone"] == 2 and u["net"]["Cat"] > 0
