"""Class 9: input errors exit 2 (1 for rejected records) with one line; click's own usage errors too,
with the JSON error object under --format json."""
import json

import pytest

from .util import GOOD, HAND, cli, refused


@pytest.mark.parametrize("text", ["id: x\nhand: {forms: 3}\n", "id: x\noptions: [1, 2]\n", "id: x\nhand: [1]\n",
                                  "- 1\n- 2\n", "id: x\nscoring: {model: points, unit: [1]}\npayment: 5\n",
                                  "id: x\npatterns: {a: {check: no_honours, params: [1]}}\n"])
def test_malformed_rulesets_exit_2(tmp_path, text):
    f = tmp_path / "bad.yaml"
    f.write_text(text)
    refused(cli("score", HAND, *GOOD, "-v", f), str(f))


@pytest.mark.parametrize("args, words", [
    (["score"], "Missing argument 'HAND'"),
    (["score", HAND, "--bogus"], "No such option '--bogus'"),
    (["score", HAND, "--seat", "Q"], "--seat"),
    (["frobnicate"], "No such command"),
    (["score", HAND, "--streak", "x"], "--streak"),
])
def test_usage_errors_are_one_line(args, words):
    refused(cli(*args), words)


def test_usage_errors_in_json():
    r = cli("score", HAND, "--seat", "Q", "--format", "json")
    refused(r, "--seat")
    assert "--seat" in json.loads(r.stdout)["error"]



@pytest.mark.parametrize("ref, words", [("x" * 300, "no ruleset"), ("/tmp/" + "x" * 300 + ".yaml", "file"),
                                        ("a/" * 3000 + "b.yaml", "file")], ids=["id", "name", "path"])
def test_a_ruleset_name_too_long_for_the_system_is_refused_not_an_internal_error(ref, words):
    # found by the property test: looking the file up raised ENAMETOOLONG (exit 3)
    refused(cli("score", HAND, *GOOD, "--variant", ref), words)
