"""Class 2: values that are not numbers (nan, inf, negative, fractional) are refused, naming the key."""
import json

import pytest

from scorer.core import engine
from scorer.errors import NotANumber

from .util import GOOD, HAND, cli, refused


@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_claim(value):
    refused(cli("score", HAND, *GOOD, f"--claim={value}"), "claim")


@pytest.mark.parametrize("value, word", [("-7", "negative"), ("nan", "finite"), ("inf", "finite"),
                                         ("2.5", "whole")])
def test_pay_total(value, word):
    refused(cli("pay", f"--total={value}", *GOOD), "--total", word)


def test_batch_start(tmp_path):
    f = tmp_path / "h.jsonl"
    f.write_text(json.dumps({"hand": HAND, "seat": "N", "discarder": "S"}) + "\n")
    refused(cli("batch", f, "--start", "nan"), "--start")


def test_record_values(tmp_path):
    f = tmp_path / "h.jsonl"
    f.write_text("\n".join(json.dumps({"hand": HAND, "seat": "N", "discarder": "S", **extra}) for extra in (
        {"streak": 1.9}, {"self_draw": "ture", "discarder": None}, {"start": float("nan")}, {})) + "\n")
    r = cli("batch", f, "--format", "jsonl")
    assert r.exit_code == 1, r.output
    rows = [json.loads(x) for x in r.stdout.splitlines()][:-1]
    assert "streak must be a whole number, got 1.9" in rows[0]["error"]
    assert "self_draw must be true or false" in rows[1]["error"] and "did you mean true" in rows[1]["error"]
    assert "start must be a finite number" in rows[2]["error"]
    assert "error" not in rows[3]


def test_a_negative_stake_default_in_a_ruleset(tmp_path):
    f = tmp_path / "club.yaml"
    f.write_text("extends: hk-old\noptions:\n  payout_table: {default: old_hk}\n  stake: {default: -1, type: number}\n")
    refused(cli("score", HAND, *GOOD, "-v", f), "stake")


def test_api_raises_the_class():
    with pytest.raises(NotANumber, match="streak"):
        engine.score(HAND, {"discarder": "S", "seat": "N", "streak": 1.9})
    with pytest.raises(NotANumber, match="--total"):
        engine.pay(float("nan"), seat="N", discarder="S")
    with pytest.raises(NotANumber, match="stake"):
        engine.score(HAND, {"discarder": "S", "seat": "N"}, rules={"stake": -1})
