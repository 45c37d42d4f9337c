"""Issue 28, the desk round two: riichi in riichi's words, `pay` as strict as `score`, JSON results
that replay, `compare` across rulesets, messages that lead to the fix, the table at the desk.
Expected figures come from the EMA Riichi Competition Rules' scoring table (riichi.wiki: Scoring
table), not from our own output."""
import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from scorer.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
RIICHI_HAND = "123m 456p 789s 234s 55p"  # riichi only; a closed wait on 5p: 40 fu by ron, 30 by tsumo
KOKUSHI_13 = "1m 9m 1p 9p 1s 9s E S W N C F P 1m"  # thirteen orphans, the thirteen-sided wait


def run(*args, env=None):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": "80", "MJSCORE_CONFIG": "", **(env or {})})


# ---- 7. riichi in riichi's words -------------------------------------------------------------

@pytest.mark.parametrize("flags, words", [
    (("--discarder", "W", "--seat", "S"), "1 han 40 fu, 1300"),  # non-dealer ron 1-40: 1300
    (("--discarder", "W"), "1 han 40 fu, 2000"),  # dealer ron 1-40: 2000
    (("--self-draw", "--seat", "S"), "2 han 30 fu, 500/1000"),  # non-dealer tsumo 2-30
    (("--self-draw",), "2 han 30 fu, 1000 all"),  # dealer tsumo 2-30
])
def test_score_prints_the_payment_shorthand_beside_the_transfers(flags, words):
    r = run("score", RIICHI_HAND, "-v", "riichi", "--riichi", *flags)
    assert r.exit_code == 0, r.output
    assert f"Payments ({words})" in r.output


def test_a_double_yakuman_is_called_so():
    r = run("score", KOKUSHI_13, "-v", "riichi", "--self-draw")
    assert "Payments (double yakuman, 32000 all)" in r.output  # dealer: 2 x 48000 / 3 each


def test_waits_name_the_limit_in_riichi_words():
    r = run("waits", KOKUSHI_13[:-3], "-v", "riichi")
    assert "double yakuman, wins 96000" in r.output and "limit ()" not in r.output
    r = run("waits", KOKUSHI_13[:-3], "-v", "riichi", "--rule", "double_yakuman=false")
    assert "yakuman, wins 48000" in r.output and "double" not in r.output
    r = run("waits", "123m 456p 789s 234s 5p", "-v", "riichi", "--riichi")
    assert "1 han 40 fu, wins 2000" in r.output  # dealer ron 1-40


def test_a_double_yakuman_counted_once_says_so_in_its_item():
    r = run("score", KOKUSHI_13, "-v", "riichi", "--self-draw", "--rule", "double_yakuman=false",
            "--format", "json")
    d = json.loads(r.output)
    assert d["total"] == {"value": 1, "unit": "yakuman"}
    assert sum(i["value"] for i in d["items"]) == 1


# ---- 3. pay as strict as score; riichi claims in players' words ------------------------------

@pytest.mark.parametrize("args, text", [
    (("-v", "riichi", "--total", "0", "--self-draw"), "at least 1 han"),
    (("-v", "riichi", "--total", "1", "--fu", "25", "--self-draw"), "25-fu hand"),
    (("-v", "riichi", "--total", "2", "--fu", "35", "--self-draw"), "35 counts as 40"),
    (("-v", "riichi", "--total", "2", "--fu", "20", "--discarder", "S"), "30 fu or more"),
    (("-v", "riichi", "--total", "2", "--fu", "120", "--self-draw"), "110 fu"),
    (("-v", "riichi", "--total", "1", "--fu", "20", "--self-draw"), "20-fu hand has at least 2 han"),
    (("-v", "riichi", "--total", "2", "--fu", "25", "--self-draw"), "at least 3 han"),
    (("-v", "mcr", "--total", "6", "--self-draw"), "8-fan minimum"),
    (("-v", "mcr", "--total", "10", "--limit", "--self-draw"), "no limit"),
])
def test_pay_refuses_what_no_hand_can_be(args, text):
    r = run("pay", *args)
    assert r.exit_code == 2 and text in r.output, r.output
    assert "Traceback" not in r.output


def test_pay_takes_a_visible_fu():
    assert "--fu FU" in run("pay", "--help").output
    r = run("pay", "-v", "riichi", "--total", "3", "--fu", "40", "--discarder", "W", "--seat", "S")
    assert r.exit_code == 0 and "Payments (3 han 40 fu, 5200)" in r.output  # non-dealer ron 3-40: 5200
    r = run("pay", "-v", "riichi", "--total", "2", "--fu", "25", "--discarder", "W", "--seat", "S")
    assert r.exit_code == 0 and "Payments (2 han 25 fu, 1600)" in r.output  # seven pairs ron: 1600
    r = run("pay", "-v", "hk-old", "--total", "3", "--limit", "--self-draw")
    assert r.exit_code == 0  # hk-old's limit pays a fixed amount


# riichi, ippatsu and one dora on a closed wait: 3 han 40 fu, a non-dealer's ron 5200 (tsumo 3-30: 1000/2000)
RON = ("score", RIICHI_HAND, "-v", "riichi", "--riichi", "--ippatsu", "--dora", "1m", "--discarder", "W",
       "--seat", "S")
TSUMO = ("score", RIICHI_HAND, "-v", "riichi", "--riichi", "--dora", "1m", "--self-draw", "--seat", "S")


@pytest.mark.parametrize("args, claim, right, money", [
    (RON, "5200", True, ""),
    (RON, "3900", False, "W owes S 1300 more"),
    (RON, "mangan", False, "W owes S 2800 less"),
    (TSUMO, "1000/2000", True, ""),
    (TSUMO, "4000", True, ""),  # what the winner collects for the hand
    (TSUMO, "1300/2600", False, "E owes S 600 less"),
    (TSUMO, "2600all", False, "W owes S 1600 less"),
])
def test_riichi_claims_in_players_words(args, claim, right, money):
    r = run(*args, "--claim", claim)
    assert r.exit_code == (0 if right else 1), r.output
    assert ("correct." in r.output) == right
    assert money in r.output


# ---- 2. every JSON result replays ------------------------------------------------------------

def _flags_for(rng, variant):
    """Random values for the flags and options the ruleset reads (none it would refuse)."""
    extra = {}
    flags = set(variant.flags)
    for key, make in (("riichi", lambda: True), ("ippatsu", lambda: True), ("honba", lambda: rng.randint(1, 3)),
                      ("sticks", lambda: rng.randint(1, 2)), ("dora", lambda: rng.choice(["1m", "E", "5p 9s"])),
                      ("streak", lambda: rng.randint(1, 3)), ("fourth_tile", lambda: True),
                      ("floats", lambda: rng.randint(1, 2)), ("last_tile", lambda: True)):
        if (key in flags or key == "last_tile") and rng.random() < 0.4:
            extra[key] = make()
    if extra.get("ippatsu"):
        extra["riichi"] = True
    if "ura" in flags and extra.get("riichi") and rng.random() < 0.5:
        extra["ura"] = "2p"
    rules = {}
    for name, value in variant.bind({}).options.items():
        if isinstance(value, bool) and rng.random() < 0.3:
            rules[name] = not value
    if rules:
        extra["rules"] = rules
    return extra


@pytest.mark.parametrize("variant_id", sorted(__import__("scorer.rulesets.files", fromlist=["x"]).shipped_ids()))
def test_a_json_result_scores_again_from_itself(variant_id):
    import random

    from scorer.core import engine
    from scorer.core.replay import replay_input
    from scorer.errors import MjError
    from scorer.output.results import result_dict
    from scorer.rulesets.variant import load_variant
    from tests.gen import wild_hand
    from tests.test_properties import allowed_tiles

    v = load_variant(variant_id)
    rng = random.Random(28)
    replayed = 0
    for _ in range(300):
        if replayed == 25:
            break
        hand, ctx = wild_hand(rng, v, rng.choice([0, 0, 1]), tiles=allowed_tiles(v))
        ctx.update(_flags_for(rng, v))
        try:
            first = json.loads(json.dumps(result_dict(engine.score(hand, ctx, variant=variant_id))))
        except MjError:
            continue
        unit = first["total"]["unit"]
        items = sum(i["value"] for i in first["items"] if i["unit"] == unit)
        if unit == "yakuman" or (not first["limit"] and {i["unit"] for i in first["items"]} <= {unit, "fu"}
                                 and not {"capped_at", "cap", "limit"} & set(first["details"])):
            assert items == first["total"]["value"], first  # an additive count: the items add up
        h, var, c = replay_input(first)
        again = result_dict(engine.score(h, c, variant=var))
        assert json.loads(json.dumps(again)) == first, (hand, ctx)
        replayed += 1
    assert replayed >= 10, replayed


def test_score_replay_round_trip_on_the_command_line(tmp_path):
    r = run(*RON, "--honba", "2", "--sticks", "1", "--rule", "kiriage=true", "--format", "json")
    stored = json.loads(r.output)
    jsonschema.validate(stored, json.loads((ROOT / "docs" / "schema" / "score.json").read_text()))
    assert {"riichi": True, "ippatsu": True, "dora": "1m", "honba": 2, "sticks": 1}.items() <= stored["context"].items()
    assert stored["context"]["rules"] == {"kiriage": True}
    f = tmp_path / "stored.json"
    f.write_text(r.output)
    again = run("score", "--replay", str(f), "--format", "json")
    assert again.exit_code == 0 and json.loads(again.output) == stored
    text = run("score", "--replay", str(f))
    assert "the same total and payments as stored" in text.output
    stored["net"]["S"] += 100
    f.write_text(json.dumps(stored))
    assert run("score", "--replay", str(f)).exit_code == 1  # a stored result that no longer holds
    assert run("score", "--replay", str(f), "--riichi").exit_code == 2


# ---- 8. variants --format json ---------------------------------------------------------------

def _schema(name):
    return json.loads((ROOT / "docs" / "schema" / f"{name}.json").read_text())


def test_variants_list_and_show_as_json():
    from scorer.rulesets.files import shipped_ids

    r = run("variants", "--format", "json")
    d = json.loads(r.output)
    jsonschema.validate(d, _schema("variants"))
    assert [v["id"] for v in d["variants"]] == list(shipped_ids())
    riichi = next(v for v in d["variants"] if v["id"] == "riichi")
    assert riichi["players"] == 4 and riichi["tiles"] == 14 and riichi["club"] is False
    s = json.loads(run("variants", "show", "riichi", "--format", "json").output)
    jsonschema.validate(s, _schema("variant"))
    assert len(s["patterns"]) == riichi["patterns"]
    assert "variants.json" in (ROOT / "docs" / "JSON.md").read_text()


# ---- 4. compare across any rulesets ----------------------------------------------------------

def test_compare_leaves_out_a_flag_a_ruleset_does_not_read_with_a_note():
    args = ("compare", "123m 456p 789s EEE 5s 5s", "--self-draw", "--dora", "1m", "--indicator", "4s",
            "-V", "hk-old:min_faan=1", "-V", "riichi", "-V", "hangzhou")
    r = run(*args)
    assert r.exit_code == 0, r.output
    assert "refused" not in r.output
    rows = json.loads(run(*args, "--format", "json").output)
    jsonschema.validate(rows, _schema("compare"))
    by_id = {row["variant"]: row for row in rows}
    assert sorted(by_id["hk-old"]["notes"]) == ["--dora: hk-old has no dora", "--indicator: hk-old has no indicator"]
    assert by_id["riichi"]["notes"] == ["--indicator: riichi has no indicator"]
    assert by_id["hangzhou"]["notes"] == ["--dora: hangzhou has no dora"]
    # riichi read its dora: menzen tsumo, double east (dealer's seat and round), dora 2m: 4 han 40 fu
    assert by_id["riichi"]["result"]["total"] == {"value": 4, "unit": "han"}
    assert by_id["riichi"]["result"]["context"]["dora"] == "1m"
    assert by_id["hangzhou"]["result"]["context"]["indicator"] == "4s"


# ---- 5. messages that lead to the fix --------------------------------------------------------

def test_a_hand_typed_without_quotes_is_told_to_quote_it():
    r = run("score", "123p", "456p", "CCC", "NNN", "55p", "--seat", "N", "--discarder", "S")
    assert r.exit_code == 2
    assert 'put it in quotes, mjscore score "123p 456p CCC NNN 55p"' in r.output


def test_lower_case_honours_get_the_upper_case_hint():
    r = run("score", "123p 456p ccc NNN 55p", "--seat", "N", "--discarder", "S")
    assert r.exit_code == 2 and "honours are upper case: C" in r.output


def test_wuhan_asks_for_the_laizi_as_it_takes_it():
    r = run("score", "123m 456p 789s 234s 55p", "-v", "wuhan", "--self-draw")
    assert r.exit_code == 2 and "--wild TILE" in r.output and "--indicator" not in r.output


def test_a_hand_file_error_names_the_files_keys(tmp_path):
    f = tmp_path / "night.yaml"
    f.write_text('- hand: "123p 456p CCC NNN 55p"\n  seat: N\n- hand: "123p 456p CCC NNN 55p"\n'
                 '  self_draw: true\n  dora: 3m\n')
    r = run("batch", str(f))
    assert "self_draw: true, discarder: SEAT or robbed: SEAT" in r.output
    assert "dora means nothing in hk-old (its keys:" in r.output
    assert "--self-draw" not in r.output and "--dora" not in r.output


def test_compact_keeps_the_payments_why():
    r = run("score", "123p 456p CCC NNN 55p", "--seat", "N", "--discarder", "S", "--compact")
    assert "Why" in r.output and "discarder pays double" in r.output
    assert "Rule" not in r.output
    assert "payments keep their Why" in " ".join(run("score", "--help").output.split())


# ---- 9. start-up stays fast ------------------------------------------------------------------

def test_the_limits_table_gives_the_start_up_figures():
    text = (ROOT / "README.md").read_text()
    for what in ("start-up: `mjscore --help`", "start-up: one `mjscore score`", "start-up: one `mjscore table win`"):
        assert f"| {what} |" in text
    assert (ROOT / "bench" / "startup.py").exists()


def test_a_text_score_and_help_load_no_more_than_they_need():
    import os
    import subprocess
    import sys

    def modules(*args):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "MJSCORE_CONFIG": ""}
        p = subprocess.run([sys.executable, "-X", "importtime", "-m", "scorer.cli", *args], cwd=ROOT, env=env,
                           capture_output=True, text=True)
        return {line.rsplit("|", 1)[-1].strip() for line in p.stderr.splitlines() if line.startswith("import time")}

    # (the flags are built from the catalogue of context keys, scorer/rulesets/keys.py, and no more)
    assert not {m for m in modules("--help") if m.startswith(("scorer.core", "scorer.rulesets.", "yaml"))
                and m != "scorer.rulesets.keys"}
    loaded = modules("score", "123p 456p CCC NNN 55p", "--seat", "N", "--discarder", "S")
    assert "scorer.core.engine" in loaded
    assert not {"scorer.core.replay", "scorer.batch.words"} & loaded  # for JSON and hand files: when asked
