"""Issue 28, the desk round two: riichi in riichi's words, `pay` as strict as `score`, JSON results
that replay, `compare` across rulesets, messages that lead to the fix, the table at the desk.
Expected figures come from the EMA Riichi Competition Rules' scoring table (riichi.wiki: Scoring
table), not from our own output."""
import json
from pathlib import Path

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
