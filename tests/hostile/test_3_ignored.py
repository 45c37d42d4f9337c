"""Class 3: input that would be silently ignored is refused, with the closest valid name."""
import json

import pytest

from scorer.core import engine
from scorer.errors import UnknownName

from .util import GOOD, HAND, cli, refused

CLASSICAL = "[CCC,2] [234s,1] 678m 99p 55s 5s"


def test_unknown_set_key_names_the_closest():
    refused(cli("score", CLASSICAL, "-v", "classical", "--self-draw", "--set", "only_posible_tile=true"),
            "only_posible_tile", "did you mean only_possible_tile?")


def test_a_set_key_that_is_a_flag():
    refused(cli("score", HAND, *GOOD, "--set", "streak=2"), "streak is a flag: use --streak")


def test_ture_is_not_false():
    refused(cli("score", CLASSICAL, "-v", "classical", "--self-draw", "--set", "only_possible_tile=ture"),
            "only_possible_tile", "did you mean true?")


@pytest.mark.parametrize("flag", [["--liable", "E"], ["--floats", "1"], ["--other", "E:123m"], ["--streak", "2"]])
def test_flags_that_mean_nothing_in_hk_old(flag):
    refused(cli("score", HAND, *GOOD, *flag), f"{flag[0]} means nothing in hk-old")


def test_empty_variant_is_not_the_default():
    refused(cli("score", HAND, *GOOD, "--variant", ""), "empty")
    with pytest.raises(UnknownName):
        engine.score(HAND, {"discarder": "S", "seat": "N"}, variant="")


def test_unknown_rule_option():
    refused(cli("score", HAND, *GOOD, "--rule", "min_fan=1"), "min_fan", "did you mean min_faan?")


def test_record_keys(tmp_path):
    f = tmp_path / "h.jsonl"
    f.write_text(json.dumps({"hand": HAND, "seat": "N", "discarder": "S", "dealr": "E"}) + "\n"
                 + json.dumps({"hand": HAND, "seat": "N", "discarder": "S", "note": "for people"}) + "\n")
    r = cli("batch", f, "--format", "jsonl")
    assert r.exit_code == 1
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert "'dealr'" in rows[0]["error"] and "did you mean dealer?" in rows[0]["error"]
    assert "error" not in rows[1]


def test_duplicate_yaml_keys(tmp_path):
    club = tmp_path / "club.yaml"
    club.write_text("extends: hk-old\nrules: {min_faan: 1}\nrules: {min_faan: 0}\n")
    refused(cli("score", HAND, *GOOD, "-v", club), "duplicate key 'rules'")
    hands = tmp_path / "h.yaml"
    hands.write_text(f"- {{hand: '{HAND}', seat: N, discarder: S, seat: E}}\n")
    r = cli("batch", hands)
    assert r.exit_code == 1 and "duplicate key 'seat'" in r.stderr  # a rejected record


def test_short_csv_row(tmp_path):
    f = tmp_path / "h.csv"
    f.write_text(f"hand,seat,discarder,self_draw\n{HAND},N,S\n")
    r = cli("batch", f, "--format", "jsonl")
    assert r.exit_code == 1 and "the row has 3 fields, the header has 4" in r.stderr


def test_flags_list_in_a_ruleset_is_checked(tmp_path):
    club = tmp_path / "club.yaml"
    club.write_text("extends: hk-old\nflags: [liabel]\n")
    refused(cli("score", HAND, *GOOD, "-v", club), "flags", "did you mean liable?")
    club.write_text("extends: hk-old\nflags: [liable]\n")  # a club that reads what hk reads
    assert cli("score", HAND, *GOOD, "-v", club, "--liable", "E").exit_code in (0, 2)
