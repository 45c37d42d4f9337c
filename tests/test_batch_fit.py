"""batch's text fits the terminal (one line per hand when wide, the standings under the payments when
not, each on its own line when narrower still); batch takes the config file's ruleset and house rules
like `score`; hand files name seats by their wind's full name as --seat does."""
import json

import pytest
from click.testing import CliRunner

from scorer.cli.main import main
from scorer.errors import ContextError
from scorer.rulesets.context import make_context

SESSION = "examples/hk-old-session.yaml"
WORKED = "examples/classical-worked.yaml"


def batch(*args, env=None):
    return CliRunner().invoke(main, ["batch", *map(str, args)], env={"MJSCORE_CONFIG": "", **(env or {})})


@pytest.mark.parametrize("cols", [40, 60, 80, 100, 139])
def test_every_line_fits_the_width(cols):
    for f in (SESSION, WORKED):
        out = batch(f, env={"COLUMNS": str(cols)}).stdout
        wide = [ln for ln in out.splitlines() if len(ln) > cols]
        assert not wide, (f, cols, wide[:2])


def test_wide_keeps_one_line_per_hand():
    out = batch(WORKED, env={"COLUMNS": "200"}).stdout.splitlines()
    row = [ln for ln in out if ln.startswith("   1 ")]
    assert len(row) == 1 and "-180" in row[0] and "1820" in row[0] and row[0].endswith("[777m,1] [WWWW,2] 999p 4456s 7s 3f")


def test_80_columns_puts_the_standings_under_the_payments_beside_the_hand():
    out = batch(WORKED, env={"COLUMNS": "80"}).stdout.splitlines()
    i = next(n for n, ln in enumerate(out) if ln.startswith("   1 "))
    assert out[i].split()[-4:] == ["-180", "-6", "+312", "-126"]
    assert out[i + 1].split() == ["[777m,1]", "[WWWW,2]", "999p", "4456s", "7s", "3f", "1820", "1994", "2312", "1874"]
    # the standings sit in the payments' columns
    assert out[i].rindex("-126") + 4 == out[i + 1].rindex("1874") + 4 == len(out[i])
    assert "after" in out[2] and out[1].rindex("N") == out[2].rindex("N")


def test_a_hand_too_long_for_the_row_goes_below_it(tmp_path):
    f = tmp_path / "long.yaml"
    f.write_text('- {hand: "[WWW,3] [CCC,1] [FFF,2] 88p 34s 5s 3f 1g", discarder: E, seat: S, '
                 'rules: {min_faan: 0}}\n')
    out = batch(f, env={"COLUMNS": "120"}).stdout.splitlines()  # the full form, the hand on its own line
    i = next(n for n, ln in enumerate(out) if ln.startswith("   1 "))
    assert "|" in out[i] and out[i + 1] == "      [WWW,3] [CCC,1] [FFF,2] 88p 34s 5s 3f 1g" and len(out[i]) <= 120
    out = batch(f, env={"COLUMNS": "80"}).stdout.splitlines()  # the hand, then the standings alone
    i = next(n for n, ln in enumerate(out) if ln.startswith("   1 "))
    paid = out[i].split()[-4:]
    assert out[i + 1] == "      [WWW,3] [CCC,1] [FFF,2] 88p 34s 5s 3f 1g"
    assert [int(x) for x in out[i + 2].split()] == [int(x) for x in paid]  # standings from 0: the payments


def test_a_long_refusal_wraps_under_its_line():
    out = batch(SESSION, env={"COLUMNS": "80"}).stdout.splitlines()
    i = next(n for n, ln in enumerate(out) if "rejected: not a legal win" in ln)
    assert out[i + 1].startswith(" " * 16) and "table minimum" in " ".join(out[i:i + 3])


# ---- the config file's defaults ------------------------------------------------------------------

BELOW_MIN = '{hand: "123m 456p 789s 234m 5s 5s", discarder: N}'  # 3 faan, 2 towards hk-old's minimum of 3


def test_batch_takes_the_config_files_ruleset_and_house_rules(tmp_path):
    cfg = tmp_path / "config.yaml"
    cfg.write_text("ruleset: hk-old\nrules:\n  hk-old: {min_faan: 1}\n")
    f = tmp_path / "h.yaml"
    f.write_text(f"- {BELOW_MIN}\n")
    assert batch(f, env={"COLUMNS": "200"}).exit_code == 1  # no config: the table minimum refuses it
    r = batch(f, "--format", "jsonl", env={"MJSCORE_CONFIG": str(cfg)})
    assert r.exit_code == 0, r.output
    rec = json.loads(r.stdout.splitlines()[0])
    assert rec["variant"] == "hk-old" and rec["options"]["min_faan"] == 1
    # the command line's --rule and the record's rules: win over the file
    assert batch(f, "--rule", "min_faan=3", env={"MJSCORE_CONFIG": str(cfg)}).exit_code == 1
    f.write_text('- {hand: "123m 456p 789s 234m 5s 5s", discarder: N, rules: {min_faan: 3}}\n')
    assert batch(f, env={"MJSCORE_CONFIG": str(cfg)}).exit_code == 1


def test_batch_default_ruleset_from_the_config_and_house_rules_per_ruleset(tmp_path):
    cfg = tmp_path / "config.yaml"
    cfg.write_text("ruleset: classical\nrules:\n  hk-old: {min_faan: 1}\n")
    f = tmp_path / "h.yaml"
    f.write_text(f"- {BELOW_MIN}\n")
    rec = json.loads(batch(f, "--format", "jsonl", env={"MJSCORE_CONFIG": str(cfg)}).stdout.splitlines()[0])
    assert rec["variant"] == "classical" and "min_faan" not in rec["options"]
    # a record that names hk-old (or -v hk-old) gets the file's house rules for hk-old
    r = batch(f, "-v", "hk-old", "--format", "jsonl", env={"MJSCORE_CONFIG": str(cfg)})
    assert r.exit_code == 0 and json.loads(r.stdout.splitlines()[0])["options"]["min_faan"] == 1
    f.write_text('- {hand: "123m 456p 789s 234m 5s 5s", discarder: N, variant: HK-OLD}\n')
    assert batch(f, env={"MJSCORE_CONFIG": str(cfg)}).exit_code == 0
    cfg.write_text("rulez: hk\n")
    r = batch(f, env={"MJSCORE_CONFIG": str(cfg)})
    assert r.exit_code == 2 and "unknown key 'rulez'" in r.output


# ---- wind names in hand files ----------------------------------------------------------------------

def test_full_wind_names_in_hand_files(tmp_path):
    f = tmp_path / "h.yaml"
    f.write_text('- {hand: "123p 456p CCC NNN 55p", seat: N, discarder: S, dealer: E}\n'
                 '- {hand: "123p 456p CCC NNN 55p", seat: north, discarder: South, dealer: EAST}\n'
                 '- {hand: "123p 456p CCC NNN 55p", seat: Nord, discarder: S}\n')
    r = batch(f, "--format", "jsonl")
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert r.exit_code == 1
    assert rows[0]["net"] == rows[1]["net"] and rows[0]["items"] == rows[1]["items"] and rows[1]["net"]["N"] > 0
    assert "seat must be one of E S W N" in rows[2]["error"]
    f.write_text('- {hand: "123p 456p CCC NNN 55p", seat: north, discarder: south, '
                 'start: {east: 100, South: 200, W: 300, NORTH: 400}}\n')
    rows = [json.loads(x) for x in batch(f, "--format", "jsonl").stdout.splitlines()]
    net = rows[0]["net"]
    assert rows[0]["ledger"]["standings"] == {"E": 100 + net["E"], "S": 200 + net["S"], "W": 300 + net["W"],
                                             "N": 400 + net["N"]}
    f.write_text('- {hand: "123p 456p CCC NNN 55p", seat: N, discarder: S, start: {E: 1, east: 2, S: 0, W: 0, N: 0}}\n')
    assert "seat E is given twice" in json.loads(batch(f, "--format", "jsonl").stdout.splitlines()[0])["error"]


def test_full_wind_names_in_the_api_and_others():
    assert make_context(seat="south", discarder="West").seat == "S"
    assert make_context(seat="south", discarder="West").discarder == "W"
    assert make_context(others={"south": "123m"}, self_draw=True).others == {"S": "123m"}
    with pytest.raises(ContextError):
        make_context(seat="Sud")
    with pytest.raises(ContextError):
        make_context(others={"S": "1m", "south": "2m"})
