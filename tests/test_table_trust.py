"""Issue 29: the table file, the config and club rulesets cannot be made to lose data or change money
silently. Each case of the issue is run as a user runs it (click's CliRunner or a subprocess) and must
end in a one-line refusal (exit 2) or the right behaviour; expected figures come from the rule texts
or from `mjscore score` on the same hand, never from the table's own output."""
import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorer.cli.main import main
from scorer.core import engine
from scorer.table.book import Table, new_table

ROOT = Path(__file__).resolve().parent.parent
HK3 = "[CCC,2] [234s,1] 678m 99p 55s 5s"  # 2 faan on a discard under hk-old (tests/test_table.py)
PLAYERS = "Ann,Bo,Cy,Di"


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("MJSCORE_NOW", "2026-01-01T20:00:00Z")
    monkeypatch.setenv("MJSCORE_USER", "scorer")
    monkeypatch.setenv("MJSCORE_CONFIG", str(tmp_path / "none.yaml"))
    (tmp_path / "none.yaml").write_text("{}\n")
    monkeypatch.delenv("MJSCORE_VARIANTS", raising=False)


def run(*args, code=None):
    res = CliRunner().invoke(main, [str(a) for a in args])
    if code is not None:
        assert res.exit_code == code, res.output
    return res


def refused(*args, says=""):
    res = run(*args)
    assert res.exit_code == 2, res.output
    err = res.output.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mjscore: error:"), res.output
    assert says.lower() in err[0].lower(), err[0]
    return err[0]


def night(tmp_path, name="t.mj", events=2):
    path = tmp_path / name
    run("table", "new", path, "-v", "hk-old", "--players", PLAYERS, "--rule", "min_faan=1", code=0)
    for i in range(events):
        run("table", "win", path, HK3, "--winner", "Bo", "--discarder", "Cy", code=0)
    return path


def count(path) -> int:
    with Table(str(path)) as t:
        return len(t.events())


# ---- nothing lost ---------------------------------------------------------------------------------

def test_export_never_overwrites_its_table_directly_or_through_a_symlink(tmp_path):
    path = night(tmp_path)
    before = path.read_bytes()
    refused("table", "export", path, "--out", path, says="input of this command")
    link = tmp_path / "link.mj"
    link.symlink_to(path)
    refused("table", "export", path, "--out", link, says="input of this command")
    refused("table", "export", link, "--out", f"{tmp_path}/./t.mj", says="input of this command")
    assert path.read_bytes() == before and count(path) == 2


def test_charts_never_overwrite_a_table(tmp_path):
    pytest.importorskip("matplotlib")
    path = night(tmp_path)
    refused("table", "chart", path, "--out", path, says="input of this command")
    refused("season", "chart", path, "--out", path, says="input of this command")
    assert count(path) == 2


def test_outputs_into_a_missing_or_read_only_folder_are_one_line_refusals(tmp_path, monkeypatch):
    path = night(tmp_path)
    refused("table", "export", path, "--out", tmp_path / "nowhere" / "x.jsonl", says="no folder")
    pytest.importorskip("matplotlib")
    refused("table", "chart", path, "--out", tmp_path / "nowhere" / "x.png", says="no folder")
    ro = tmp_path / "ro"
    ro.mkdir()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, m, **k: False if str(p) == str(ro) else real_access(p, m, **k))
    refused("table", "chart", path, "--out", ro / "x.png", says="read-only")
    refused("table", "export", path, "--out", ro / "x.jsonl", says="read-only")


def test_import_force_replaces_the_table_only_once_the_new_one_is_complete(tmp_path):
    path = night(tmp_path, events=3)
    before = path.read_bytes()
    out = run("table", "export", path, code=0).output.splitlines()
    rec = json.loads(out[3])
    rec["names"] = {"E": "Di", "S": "Ann", "W": "Bo", "N": "Cy"}  # the third record breaks the rotation
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(out[:3] + [json.dumps(rec)]) + "\n")
    refused("table", "import", path, bad, "--force", says="rotation")
    assert path.read_bytes() == before and count(path) == 3
    assert [p.name for p in tmp_path.iterdir() if ".new-" in p.name] == []


def test_import_never_writes_over_the_hand_file_it_reads(tmp_path):
    hand = tmp_path / "night.jsonl"
    hand.write_text(run("table", "export", night(tmp_path), code=0).output)
    before = hand.read_bytes()
    refused("table", "import", hand, hand, "--force", says="overwrite")
    assert hand.read_bytes() == before


def test_force_replaces_a_table_only(tmp_path):
    hand = tmp_path / "hands.jsonl"
    hand.write_text('{"hand": "123m"}\n')
    refused("table", "new", hand, "-v", "hk-old", "--players", PLAYERS, "--force", says="replaces an mjscore table only")
    assert hand.read_text() == '{"hand": "123m"}\n'


def test_a_zero_length_table_file_is_refused_and_left_as_it_is(tmp_path):
    empty = tmp_path / "empty.mj"
    empty.write_bytes(b"")
    refused("table", "show", empty, says="empty")
    refused("table", "draw", empty, says="empty")
    assert empty.stat().st_size == 0 and not Path(str(empty) + "-wal").exists()


# ---- money silently changed -----------------------------------------------------------------------

def test_a_club_file_cannot_take_a_shipped_id(tmp_path):
    evil = tmp_path / "evil.yaml"
    evil.write_text("id: hk-old\nextends: hk-old\nrules: {stake: 3}\n")
    refused("score", HK3, "-v", evil, says="keeps its own id")
    refused("table", "new", tmp_path / "t.mj", "-v", evil, "--players", PLAYERS, says="keeps its own id")
    named = tmp_path / "hk-old.yaml"  # no id: the file's name would be its id
    named.write_text("extends: hk-old\nrules: {stake: 3}\n")
    refused("score", HK3, "-v", named, says="keeps its own id")
    club = tmp_path / "clubs"
    club.mkdir()
    (club / "hk-old.yaml").write_text("extends: hk-old\nrules: {stake: 3}\n")
    os.environ["MJSCORE_VARIANTS"] = str(club)
    try:  # the shipped ruleset answers to its id; the club file is not used
        assert "[hk-old]" in run("score", HK3, "--discarder", "S", "--rule", "min_faan=1", code=0).output
    finally:
        del os.environ["MJSCORE_VARIANTS"]


def test_a_table_keeps_the_ruleset_it_was_created_with(tmp_path, monkeypatch):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (a / "club.yaml").write_text("id: myclub\nextends: hk-old\nrules: {stake: 2, min_faan: 1}\n")
    (b / "club.yaml").write_text("id: myclub\nextends: hk-old\nrules: {stake: 10, min_faan: 1}\n")
    monkeypatch.chdir(a)
    run("table", "new", "t.mj", "-v", "club.yaml", "--players", PLAYERS, code=0)
    ref = engine.score(HK3, variant="hk-old", rules={"stake": 2, "min_faan": 1}, seat="S", discarder="W",
                       round="E", dealer="E")
    want = {(x.frm, x.to, x.amount) for x in ref.transfers}
    names = dict(zip("ESWN", PLAYERS.split(",")))

    def paid(res):
        d = json.loads(res.output)
        return {(f, t, amt) for f, t, amt, _ in d["records"][0]["transfers"]}

    got = paid(run("table", "win", "t.mj", HK3, "--winner", "Bo", "--discarder", "Cy", "--format", "json", code=0))
    assert got == {(names[f], names[t], amt) for f, t, amt in want}
    run("table", "undo", "t.mj", code=0)
    (a / "club.yaml").write_text("id: myclub\nextends: hk-old\nrules: {stake: 5, min_faan: 1}\n")
    assert paid(run("table", "win", "t.mj", HK3, "--winner", "Bo", "--discarder", "Cy", "--format", "json",
                    code=0)) == got
    run("table", "undo", "t.mj", code=0)
    monkeypatch.chdir(b)
    assert paid(run("table", "win", a / "t.mj", HK3, "--winner", "Bo", "--discarder", "Cy", "--format", "json",
                    code=0)) == got
    show = run("table", "show", a / "t.mj", code=0).output
    assert "[myclub]" in show and "copy it keeps" in show.replace("\n", " ")


def test_config_house_rules_never_change_a_table_export(tmp_path, monkeypatch):
    path = night(tmp_path)
    hand = tmp_path / "night.jsonl"
    hand.write_text(run("table", "export", path, code=0).output)
    cfg = tmp_path / "cfg.yaml"
    cfg.write_text("rules:\n  hk-old: {stake: 5}\n")
    monkeypatch.setenv("MJSCORE_CONFIG", str(cfg))
    out = run("batch", hand, "--format", "jsonl", code=0).output
    final = [json.loads(line) for line in out.splitlines() if '"ledger"' in line][-1]["ledger"]["standings"]
    with Table(str(path)) as t:
        assert final == t.standings()


@pytest.mark.parametrize("total", ["nan", "-5", "inf", "1e20", "2.5"])
def test_false_win_totals_are_bounded_as_pay_total(tmp_path, total):
    path = night(tmp_path, events=0)
    pay = run("pay", "--total", total, "--self-draw")
    assert pay.exit_code == 2
    refused("table", "false-win", path, "--player", "Bo", f"--total={total}", "--self-draw")


@pytest.mark.parametrize("start", ["nan", "inf", "1e300"])
def test_table_start_is_a_finite_bounded_number(tmp_path, start):
    refused("table", "new", tmp_path / "t.mj", "-v", "hk-old", "--players", PLAYERS, f"--start={start}",
            says="start")
    assert not (tmp_path / "t.mj").exists()


@pytest.mark.parametrize("chain", ["1000", "1e20", "5"])
def test_kawuxing_kong_chain_is_bounded(tmp_path, chain):
    path = tmp_path / "k.mj"
    run("table", "new", path, "-v", "kawuxing", "--players", "Ann,Bo,Cy", code=0)
    t0 = time.monotonic()
    res = run("table", "kong", path, "--player", "Bo", "--kind", "concealed", "--chain", chain)
    assert res.exit_code == 2 and time.monotonic() - t0 < 5
    assert count(path) == 0


def test_imports_refuse_a_negative_false_win_a_numbered_seat_and_a_second_ruleset(tmp_path):
    names = {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"}
    head = {"session": "n", "variant": "hk-old", "rules": {"min_faan": 1}}
    f = tmp_path / "neg.jsonl"
    f.write_text("\n".join(json.dumps(x) for x in [head, {"event": "false_win", "seat": "S", "total": -5,
                                                            "self_draw": True, "names": names}]) + "\n")
    refused("table", "import", tmp_path / "a.mj", f, says="negative")
    f.write_text("\n".join(json.dumps(x) for x in [head, {"hand": HK3, "seat": 2, "discarder": "W",
                                                            "names": names}]) + "\n")
    res = run("table", "import", tmp_path / "b.mj", f)
    assert res.exit_code == 2, res.output
    f.write_text("\n".join(json.dumps(x) for x in [head, {"hand": HK3, "seat": "S", "discarder": "W",
                                                            "names": names}]) + "\n")
    refused("table", "import", tmp_path / "c.mj", f, "--variant", "hk", says="names its ruleset")
    run("table", "import", tmp_path / "c.mj", f, code=0)
    with Table(str(tmp_path / "c.mj")) as t:
        assert t.variant.id == "hk-old"


# ---- names that lie ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players", ["Ann\nStandings: Ann +999,Bo,Cy,Di", "\x1b[2J,Bo,Cy,Di",
                                     "José,Jose\u0301,Cy,Di", "Ann,\u0410nn,Cy,Di", "Ann,ANN,Cy,Di",
                                     "x" * 41 + ",Bo,Cy,Di"])
def test_player_names_are_printable_distinct_and_short(tmp_path, players):
    refused("table", "new", tmp_path / "t.mj", "-v", "hk-old", "--players", players)


def test_a_huge_name_is_refused_at_once(tmp_path):
    t0 = time.monotonic()
    refused("table", "new", tmp_path / "t.mj", "-v", "hk-old", "--players", "x" * 120_000 + ",Bo,Cy,Di",
            says="at most 40")
    assert time.monotonic() - t0 < 5


def test_names_are_found_as_normalised_and_case_folded(tmp_path):
    path = tmp_path / "t.mj"
    run("table", "new", path, "-v", "hk-old", "--players", "José,Bo,Cy,Di", "--rule", "min_faan=1", code=0)
    run("table", "win", path, HK3, "--winner", "JOSE\u0301", "--discarder", "bo", code=0)


def test_by_cannot_forge_a_line_of_the_audit_trail(tmp_path):
    path = night(tmp_path, events=0)
    refused("table", "draw", path, "--by", "Ann\n#2  2026-01-01T20:00:00Z  Bo: draw", says="--by")
    refused("table", "undo", path, "--by", "\x1b[2J", says="--by")
    assert count(path) == 0


# ---- table state --------------------------------------------------------------------------------------

def test_xiamen_draws_in_a_row_never_pass_the_scorers_streak_bound(tmp_path):
    path = str(tmp_path / "x.mj")
    new_table(path, "xiamen", PLAYERS.split(","))
    with Table(path) as t:
        for _ in range(60):
            t.add("draw", {})
            assert t.state()["streak"] <= 50
        # the table is not stuck: a win is scored, by the player after whoever deals now
        after = t.players[(t.state()["dealer"] + 1) % 4]
        t.add("win", {"hands": [[after, "123m 456m 789m EEE 555p 7s 7s"]], "self_draw": True, "indicator": "9s"})


def test_a_kong_discarded_by_its_own_owner_is_refused(tmp_path):
    path = tmp_path / "k.mj"
    run("table", "new", path, "-v", "kawuxing", "--players", "Ann,Bo,Cy", code=0)
    refused("table", "kong", path, "--player", "Ann", "--kind", "direct", "--discarder", "Ann", says="own discard")
    assert run("settle", "kong", "-v", "kawuxing", "--seat", "E", "--kind", "direct", "--discarder", "E").exit_code == 2


def _config(tmp_path, monkeypatch, text):
    cfg = tmp_path / "cfg.yaml"
    cfg.write_text(text)
    monkeypatch.setenv("MJSCORE_CONFIG", str(cfg))


def test_config_refuses_an_empty_ruleset_and_a_misspelt_id(tmp_path, monkeypatch):
    _config(tmp_path, monkeypatch, 'ruleset: ""\n')
    refused("score", HK3, says="ruleset")
    _config(tmp_path, monkeypatch, "rules:\n  hk_old: {min_faan: 1}\n")
    refused("score", HK3, says="did you mean hk-old")


def test_a_new_table_applies_the_configs_house_rules_as_score_does(tmp_path, monkeypatch):
    _config(tmp_path, monkeypatch, "rules:\n  hk-old: {min_faan: 1}\n")
    hand = "[234s,1] 678m 99p 55s 5s 123m"  # under hk-old's default minimum of 3 faan, over min_faan 1
    assert run("score", hand, "--seat", "S", "--self-draw").exit_code == 0
    path = tmp_path / "t.mj"
    run("table", "new", path, "-v", "hk-old", "--players", PLAYERS, code=0)
    run("table", "win", path, hand, "--winner", "Bo", "--self-draw", code=0)


def test_config_alias_bomb_is_refused_quickly(tmp_path, monkeypatch):
    bomb = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n" for p, c in zip("abcdefgh", "bcdefghi"))
    _config(tmp_path, monkeypatch, "rules:\n  hk-old:\n    " + bomb.replace("\n", "\n    "))
    t0 = time.monotonic()
    refused("score", HK3, says="config file")
    assert time.monotonic() - t0 < 5


# ---- crashes and hangs -------------------------------------------------------------------------------

def test_a_folder_given_as_a_table_is_refused(tmp_path):
    refused("table", "show", tmp_path, says="folder")


def test_damaged_tables_are_refusals_never_internal_errors(tmp_path):
    path = night(tmp_path, events=3)
    good = path.read_bytes()
    rng = random.Random(29)
    for i in range(40):
        damaged = bytearray(good)
        at = rng.randrange(100, len(damaged))
        damaged[at] = rng.randrange(256)
        p = tmp_path / f"flip{i}.mj"
        p.write_bytes(bytes(damaged))
        for args in (("table", "show", p), ("table", "draw", p), ("table", "undo", p), ("table", "log", p),
                     ("table", "export", p), ("season", "standings", p)):
            res = run(*args)
            assert res.exit_code in (0, 2), (at, res.output)
    con = sqlite3.connect(path)
    con.execute("UPDATE events SET state_after = '{\"hand\": 2}' WHERE no = 3")
    con.execute("UPDATE events SET records = 'not json' WHERE no = 2")
    con.commit()
    con.close()
    refused("table", "show", path, says="damaged")


def test_a_read_only_table_is_shown_and_refuses_writes(tmp_path, monkeypatch):
    path = night(tmp_path)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, m, **k: False if str(p) == str(path) else real_access(p, m, **k))
    assert "Bo" in run("table", "show", path, code=0).output
    refused("table", "draw", path, says="read-only")
    assert count(path) == 2


def test_other_counts_are_bounded(tmp_path):
    t0 = time.monotonic()
    res = subprocess.run([sys.executable, "-m", "scorer.cli", "score", "[123m,1] 456m 789s 234p 5s 5s", "-v", "wuhan",
                          "--wild", "9p", "--seat", "N", "--discarder", "S",
                          "--other", "S:opened,ek=99999999999999999999"],
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and "past its bound" in res.stderr
    assert time.monotonic() - t0 < 20


def test_variants_with_many_club_files_is_quick(tmp_path, monkeypatch):
    clubs = tmp_path / "clubs"
    clubs.mkdir()
    for i in range(3000):
        (clubs / f"club{i:04d}.yaml").write_text(f"extends: hk-old\nname: Club {i}\n")
    monkeypatch.setenv("MJSCORE_VARIANTS", str(clubs))
    t0 = time.monotonic()
    out = run("variants", code=0).output
    assert "2960 more club rulesets" in out and time.monotonic() - t0 < 30
    assert max(map(len, out.splitlines())) <= 80


def test_import_checks_the_files_size_before_reading(tmp_path, monkeypatch):
    from scorer.table import exchange

    hand = tmp_path / "night.jsonl"
    hand.write_text(run("table", "export", night(tmp_path), code=0).output)
    monkeypatch.setattr(exchange, "MAX_IMPORT_BYTES", 100)
    refused("table", "import", tmp_path / "n.mj", hand, says="larger than")


def test_a_table_of_schema_1_is_read_and_upgraded(tmp_path, monkeypatch):
    path = night(tmp_path, events=3)
    with Table(str(path)) as t:
        want = t.replay()
    con = sqlite3.connect(path)  # as 390b8a2 wrote it: no ledger rows, no kept ruleset
    con.execute("ALTER TABLE events DROP COLUMN book")
    con.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    con.execute("DELETE FROM meta WHERE key = 'ruleset'")
    con.commit()
    con.close()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, m, **k: False if str(p) == str(path) else real_access(p, m, **k))
    with Table(str(path)) as t:  # read-only: the ledger is computed, nothing written
        assert t.store.readonly and t.standings() == want and t.store.version == 1
    monkeypatch.setattr(os, "access", real_access)
    with Table(str(path)) as t:
        assert t.standings() == want and t.store.version == 2
    with Table(str(path)) as t:
        assert t.store.version == 2 and t.standings() == want and len(t.events()) == 3
    run("table", "draw", path, code=0)


def test_numbers_past_sqlites_integers_are_refusals(tmp_path):
    path = night(tmp_path, events=1)
    assert run("table", "show", path, "--last", 10 ** 23).exit_code == 0
    refused("table", "draw", path, "--replace", 10 ** 23, says="no event")
    refused("table", "new", tmp_path / "u.mj", "-v", "hk-old", "--players", PLAYERS, "--unit", "1\nchip",
            says="--unit")


def test_the_kept_ruleset_scores_as_the_file_in_its_own_order(tmp_path):
    # the breakdown's items come in the ruleset file's order (README's night: dragon pung first)
    hand = "[FFF,3] 234p 678p 99p 55p 5p"
    path = night(tmp_path, events=0)
    d = json.loads(run("table", "win", path, hand, "--winner", "Cy", "--discarder", "Ann", "--format", "json",
                       code=0).output)
    ref = engine.score(hand, variant="hk-old", rules={"min_faan": 1}, seat="W", discarder="E", round="E",
                       dealer="E")
    assert [i["name"] for i in d["results"][0]["items"]] == [i.label for i in ref.value.items]
