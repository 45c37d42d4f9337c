"""The command line: exit statuses, one-line errors with columns, JSON keys, never a traceback."""
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from scorer.cli.main import main

HAND = "[CCC,2] [234s,1] 678m 99p 55s 5s"
WIN = ["--self-draw", "--seat", "W", "--rule", "min_faan=1"]


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_score_text_shows_reading_items_total_and_payments():
    r = run("score", HAND, *WIN)
    assert r.exit_code == 0, r.output
    for text in ("[CCC,2] [234s,1] 678m 99p 55s 5s", "Reading:", "dragon pung", "Total:    3 faan",
                 "Payments", "Net:      E -4  S -2  W +8  N -2"):
        assert text in r.output


def test_score_json_has_the_stable_keys():
    r = run("score", HAND, *WIN, "--format", "json")
    d = json.loads(r.output)
    for key in ("variant", "hand", "total", "items", "decomposition", "payments", "net"):
        assert key in d
    assert d["total"] == {"value": 3, "unit": "faan"}
    assert d["net"] == {"E": -4, "S": -2, "W": 8, "N": -2}
    assert d["decomposition"] == ["[CCC]", "[234s]", "678m", "99p", "555s"]
    assert {"from": "E", "to": "W", "amount": 4} == {k: d["payments"][0][k] for k in ("from", "to", "amount")}


def test_all_and_claim():
    r = run("score", "111m 222m 333m 456m 99m", "--self-draw", "--seat", "S", "--all", "--claim", "20")
    assert r.exit_code == 1  # the claim is wrong
    assert "chosen" in r.output and "Readings (2)" in r.output
    assert "Claim 20 faan: wrong" in r.output
    r = run("score", HAND, *WIN, "--claim", "3")
    assert r.exit_code == 0 and "Claim 3 faan: correct." in r.output


def test_claim_matching_another_reading_names_the_difference():
    # pungs (456m stays a chow): 3 concealed pungs 3 + pure 7 + wall 1 + no flowers 1 = 12;
    # chows: pure 7 + common hand 1 + wall 1 + no flowers 1 = 10, the claim
    r = run("score", "111m 222m 333m 456m 99m", "--self-draw", "--seat", "S", "--format", "json",
            "--claim", "10")
    d = json.loads(r.output)
    assert d["claim"]["correct"] is False and d["claim"]["matching_reading"] is not None
    assert {i["id"] for i in d["claim"]["missing_items"]} == {"three_concealed_pungs"}
    assert {i["id"] for i in d["claim"]["extra_items"]} == {"common_hand"}
    assert d["total"]["value"] == 12


@pytest.mark.parametrize("hand, message", [
    ("123m456p789sEEE5p5p5p5p5p", "five copies of 5p (a set has four) at column 22"),
    ("[ESW] 123m 456p 789s 11m", "a chow cannot contain honours (winds or dragons) at column 1"),
    ("[12m] 123m 456p 789s 11m", "a meld has 3 or 4 tiles, this one has 2 at column 1"),
    ("[1f2f3f] 123m 456p 789s 11m", "bonus tile 1f cannot be part of a set at column 2"),
    ("123m 456p 789s EE 5p", "hands have 13 tiles + the winning tile = 14"),
])
def test_errors_exit_2_with_one_line(hand, message):
    r = run("score", hand, "--self-draw")
    assert r.exit_code == 2
    lines = [line for line in r.output.splitlines() if line]
    assert len(lines) == 1 and message in lines[0] and lines[0].startswith("mjscore: error:")


def test_json_errors_are_json_too():
    r = run("score", "123m", "--self-draw", "--format", "json")
    assert r.exit_code == 2
    assert "error" in json.loads(r.output.splitlines()[0])


@pytest.mark.parametrize("args, message", [
    (["score", HAND], "say how the hand was won"),
    (["score", HAND, "--self-draw", "--discarder", "S"], "won one way only"),
    (["score", HAND, "--seat", "W", "--discarder", "W"], "cannot also be the discarder"),
    (["score", HAND, "--self-draw", "--rule", "min_faan=x"], "takes a number"),
    (["score", HAND, "--self-draw", "--variant", "nope"], "no ruleset 'nope'"),
])
def test_context_errors(args, message):
    r = run(*args)
    assert r.exit_code == 2 and message in r.output


def test_pay_reproduces_wiki_example_2():
    r = run("pay", "--total", "6", "--seat", "N", "--discarder", "S", "--format", "json")
    assert r.exit_code == 0
    assert json.loads(r.output)["net"] == {"E": -4, "S": -4, "W": -2, "N": 10}


def test_variants_list_and_show():
    r = run("variants")
    assert r.exit_code == 0 and "hk-old" in r.output
    r = run("variants", "show", "hk-old")
    assert r.exit_code == 0
    flat = " ".join(r.output.split())  # long rule texts wrap to the terminal's width
    for text in ("dragon_pung", "min_faan", "seven_pairs_limit", "Options", "Wikipedia 'Mahjong', Limit Hands"):
        assert text in flat


def test_glyphs_flag():
    r = run("score", HAND, *WIN, "--glyphs")
    assert "\U0001F004" in r.output  # red dragon


def test_no_traceback_from_a_real_process():
    p = subprocess.run([sys.executable, "-m", "scorer.cli", "score", "[[[", "--self-draw"],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "Traceback" not in p.stderr and "mjscore: error:" in p.stderr
