"""The referee's desk: refusals explained, claims about money, whole-turn waits, the terminal's width,
the JSON schema, typos, club defaults. Commands run in-process (CliRunner) to stay fast."""
import json
import re
import shlex
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from scorer.cli.main import main
from scorer.core import tools
from scorer.errors import MjError
from scorer.notation.parse import parse_hand
from scorer.output.width import text_width
from scorer.rulesets.files import shipped_ids

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = {name: json.loads((ROOT / "docs" / "schema" / f"{name}.json").read_text())
           for name in ("score", "pay", "waits", "compare", "variant")}


def run(*args, env=None):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": "80", "MJSCORE_CONFIG": "", **(env or {})})


def valid(schema, output):
    d = json.loads(output.splitlines()[0])
    jsonschema.validate(d, SCHEMAS[schema])
    return d


# ---- refusals explained --------------------------------------------------------------------

def test_below_the_minimum_prints_the_breakdown_then_the_refusal():
    r = run("score", "123m 456p 789s 234m 5s 5s", "--discarder", "N")
    assert r.exit_code == 2
    out = r.output
    for text in ("all suited", "common hand", "no flowers or seasons", "Total:    3 faan",
                 "Minimum:  2 faan count towards the table minimum of 3 (bonus items do not count)",
                 "Refused:  not a legal win"):
        assert text in out
    assert "Payments" not in out


def test_below_the_minimum_with_all_and_a_claim_is_answered():
    r = run("score", "123m 456p 789s 234m 5s 5s", "--discarder", "N", "--all", "--claim", "3")
    assert r.exit_code == 1
    assert "Readings (1)" in r.output and "Claim 3 faan: wrong, the hand is not a legal win" in r.output
    d = valid("score", run("score", "123m 456p 789s 234m 5s 5s", "--discarder", "N", "--format", "json",
                           "--claim", "3").output)
    assert d["legal"] is False and d["payments"] == [] and d["claims"][0]["correct"] is False


def test_not_a_winning_hand_says_how_far_and_what_was_tried():
    r = run("score", "123m 456p 78s 55s 19p E 1s", "--self-draw")
    assert r.exit_code == 2
    assert "Shanten:  2 (3 useful tiles from a win" in r.output
    assert "Closest:  123m 456p 78s (+6s/9s)" in r.output
    assert "four sets and a pair (shanten 2); seven pairs (shanten 5); thirteen orphans" in " ".join(r.output.split())
    assert "seven_pairs" not in r.output
    d = valid("score", run("score", "123m 456p 78s 55s 19p E 1s", "--self-draw", "--format", "json").output)
    assert d["shanten"] == 2


@pytest.mark.parametrize("hand, variant, text", [
    ("123m 456p 789s 55s 6s 1p 2p 3p", "hk-old", "hands have 13 tiles + the winning tile = 14 (a kong counts as 3); this one has 15"),
    ("123m 456p 789s 234m 5s 5s", "xiamen", "hands have 16 tiles + the winning tile = 17 (a kong counts as 3); this one has 14"),
])
def test_wrong_tile_count_names_what_the_ruleset_needs(hand, variant, text):
    r = run("score", hand, "--self-draw", "-v", variant)
    assert r.exit_code == 2 and text in r.output


# ---- claims about money --------------------------------------------------------------------

LIMIT = "{1111m} 999m 111p 999p E E"


def test_a_limit_claim_and_a_net_claim():
    r = run("score", LIMIT, "--self-draw", "--claim", "limit", "--claim-net", "192")
    assert r.exit_code == 0 and "Claim limit: correct." in r.output and "Claim net 192: correct." in r.output
    r = run("score", LIMIT, "--self-draw", "--claim-net", "190")
    assert r.exit_code == 1 and "collects 192 net, not 190" in r.output


def test_a_total_that_matches_the_count_of_a_limit_hand_is_wrong_when_it_would_not_pay_the_limit():
    # 10 faan through the table pays 8 base points doubled for self-draw and East: 32 a loser; the limit 64
    r = run("score", LIMIT, "--self-draw", "--claim", "10")
    assert r.exit_code == 1
    assert "Claim 10 faan: correct" not in r.output
    assert "S owes E 32 more than the claim says" in r.output


def test_money_lines_in_seat_order():
    r = run("score", "123p 456p CCC NNN 55p", "--seat", "N", "--discarder", "S", "--claim", "3")
    lines = [ln for ln in r.output.splitlines() if " owes " in ln]
    assert [ln.split()[0] for ln in lines] == ["E", "S", "W"]


# ---- waits for a whole turn ------------------------------------------------------------------

def test_a_whole_turn_lists_the_discards_that_leave_it_ready():
    t = tools.turn("123m 456p 789s 55s 68p 1s", {}, "hk-old")
    assert t.shanten == 0 and [d.tile for d in t.discards] == [18]  # discard 1s, wait on 7p
    assert [w.tile for w in t.discards[0].waits.waits] == [15]
    valid("waits", run("waits", "123m 456p 789s 55s 68p 1s", "--format", "json").output)


def test_a_whole_turn_not_ready_gives_shanten_and_the_best_discards():
    r = run("waits", "123m 456p 789s 5s 68p 1s E", "--seen", "7p 7p")
    assert "Not ready: shanten 1" in r.output
    t = tools.turn("123m 456p 789s 5s 68p 1s E", {}, "hk-old", seen="7p 7p")
    # keeping 68p + two singles: 7p (2 unseen), and pairing either single (3 each)
    assert {d.tile for d in t.discards} == {18, 22, 27} and all(d.useful == 8 for d in t.discards)


# ---- typing -------------------------------------------------------------------------------------

def test_emoji_variation_selector_and_dragon_letter_hints():
    assert parse_hand("123m 456p 789s 55s 🀄️🀄️🀄️").concealed[-3:] == (33, 33, 33)
    with pytest.raises(MjError, match="red dragon is C"):
        parse_hand("123m 456p 789s 55s RRR")
    with pytest.raises(MjError, match="green dragon is F"):
        parse_hand("123m 456p 789s 55s GGG")


def test_ruleset_ids_ignore_case_and_typos_get_did_you_mean():
    assert run("score", LIMIT, "--self-draw", "-v", "HK-OLD").exit_code == 0
    r = run("score", LIMIT, "--self-draw", "-v", "hk-odl")
    assert r.exit_code == 2 and "did you mean hk-old?" in r.output


def test_full_wind_names_and_seat_choices_shown_as_letters():
    assert run("pay", "--total", "6", "--seat", "north", "--discarder", "South").exit_code == 0
    assert "[E|S|W|N]" in run("score", "--help").output.replace("E|S|W|N]", "[E|S|W|N]") or \
        "E|S|W|N" in run("score", "--help").output


def test_help_lists_only_the_flags_a_command_reads():
    pay = run("pay", "--help").output
    assert "--win " not in pay and "--wild" not in pay and "--indicator" not in pay
    assert "--self-draw" not in run("waits", "--help").output
    assert not re.search(r"--variant\b(?!s)", run("compare", "--help").output)


# ---- club defaults ------------------------------------------------------------------------------

def test_config_file_sets_the_ruleset_and_house_rules(tmp_path):
    cfg = tmp_path / "config.yaml"
    cfg.write_text("ruleset: hk-old\nrules:\n  hk-old: {min_faan: 1}\n")
    r = run("score", "123m 456p 789s 234m 5s 5s", "--discarder", "N", env={"MJSCORE_CONFIG": str(cfg)})
    assert r.exit_code == 0, r.output
    r = run("score", "123m 456p 789s 234m 5s 5s", "--discarder", "N", "--rule", "min_faan=3",
            env={"MJSCORE_CONFIG": str(cfg)})
    assert r.exit_code == 2
    cfg.write_text("rulset: hk\n")
    r = run("score", LIMIT, "--self-draw", env={"MJSCORE_CONFIG": str(cfg)})
    assert r.exit_code == 2 and "did you mean ruleset?" in r.output


def test_club_folder_sits_beside_the_shipped_rulesets(tmp_path):
    (tmp_path / "ourclub.yaml").write_text("extends: hk-old\nid: ourclub\nname: Our club\nrules: {min_faan: 1}\n")
    env = {"MJSCORE_VARIANTS": str(tmp_path)}
    r = run("score", "123m 456p 789s 234m 5s 5s", "--discarder", "N", "-v", "ourclub", env=env)
    assert r.exit_code == 0, r.output
    assert run("score", LIMIT, "--self-draw", "-v", "hk", env=env).exit_code == 0  # shipped still there


# ---- the terminal ---------------------------------------------------------------------------------

def test_tables_fit_80_columns_and_compact_drops_the_rule_column():
    r = run("score", LIMIT, "--self-draw")
    assert max(len(ln) for ln in r.output.splitlines()) <= 80
    assert "Rule" in r.output
    r = run("score", LIMIT, "--self-draw", "--compact")
    header = next(ln for ln in r.output.splitlines() if ln.startswith("Element"))
    assert "Rule" not in header and "Limit Hands" not in r.output
    wide = run("score", LIMIT, "--self-draw", env={"COLUMNS": "200"}).output
    assert max(len(ln) for ln in wide.splitlines()) > 80  # told otherwise, it uses the room


def test_variants_show_is_tables_without_placeholders():
    out = run("variants", "show", "hk-old").output
    assert "$" not in out and "{'" not in out
    assert "3 (--rule min_faan)" in out


# ---- JSON schema ------------------------------------------------------------------------------------

@pytest.mark.parametrize("schema, args", [
    ("score", ["score", "[CCC,2] [234s,1] 678m 99p 55s 5s", "--self-draw", "--seat", "W", "--rule", "min_faan=1",
               "--all", "--glyphs", "--claim", "4", "--claim-net", "8"]),
    ("score", ["score", LIMIT, "--self-draw", "--claim", "limit"]),
    ("score", ["score", "2m 2m 2m 345p 678s 99s 11p 1p", "-v", "xiamen", "--self-draw", "--wild", "2m"]),
    ("score", ["score", "123m 456p 789s 55s 19p 1p", "--self-draw"]),
    ("score", ["score", "123m", "--self-draw"]),
    ("pay", ["pay", "--total", "6", "--seat", "N", "--discarder", "S"]),
    ("pay", ["pay", "--total", "10", "--limit", "--self-draw"]),
    ("waits", ["waits", "123m 456p 789s 55s 6p"]),
    ("waits", ["waits", "123m 456p 789s 5s 68p 1s E"]),
    ("compare", ["compare", "123m 456p 789s EEE 5s 5s", "--self-draw"]),
    ("variant", ["variants", "show", "xiamen"]),
])
def test_json_outputs_follow_the_schema(schema, args):
    d = valid(schema, run(*args, "--format", "json").output)
    if isinstance(d, dict) and "error" not in d:
        assert d["schema_version"] == "1"


def test_limit_hand_json_says_what_it_pays():
    d = valid("score", run("score", LIMIT, "--self-draw", "--format", "json").output)
    assert d["limit"] is True and d["base"] == 64 and all(re.match(r"^[a-z0-9_]+$", k) for k in d["details"])


# ---- every example at 80 columns ------------------------------------------------------------------

def _readme_commands():
    text = (ROOT / "README.md").read_text()
    return re.findall(r"```console\n\$ (mjscore [^\n]+)\n", text)


def _help_examples():
    out = []
    for cmd in ([], ["score"], ["pay"], ["waits"], ["compare"], ["variants"], ["variants", "show"], ["batch"]):
        text = run(*cmd, "--help").output
        text = re.sub(r"\\\n\s*", "", text)  # an example continued on the next line
        out += [ln.strip() for ln in text.splitlines() if ln.strip().startswith("mjscore ")]
    return out


def _wide(output):
    """Lines wider than 80 columns; an error stays one line whatever its length (it quotes the input)."""
    return [ln for ln in output.splitlines() if text_width(ln) > 80 and not ln.startswith("mjscore: ")]


def test_every_help_example_works_and_fits():
    examples = _help_examples()
    assert len(examples) >= 8
    for line in examples:
        args = shlex.split(line)[1:]
        r = run(*args)
        assert r.exit_code == 0, (line, r.output)
        assert not _wide(r.output), (line, _wide(r.output))


@pytest.mark.parametrize("line", _readme_commands())
def test_every_readme_example_fits_80_columns(line):
    r = run(*shlex.split(line)[1:])
    assert not _wide(r.output), (line, _wide(r.output)[:3])


def test_help_texts_fit_and_point_at_no_source_files():
    for cmd in ([], ["score"], ["pay"], ["waits"], ["compare"], ["variants"], ["variants", "show"], ["batch"]):
        text = run(*cmd, "--help").output
        assert "scorer/" not in text and "../" not in text and "shared" not in text, cmd
        assert max(text_width(ln) for ln in text.splitlines()) <= 80, cmd


def test_batch_reports_every_wrong_claim_and_exits_1(tmp_path):
    f = tmp_path / "league.yaml"
    f.write_text('- {hand: "{1111m} 999m 111p 999p E E", self_draw: true, claim: 10}\n'
                 '- {hand: "{1111m} 999m 111p 999p E E", self_draw: true, claim: limit}\n'
                 '- {hand: "123p 456p CCC NNN 55p", seat: N, discarder: S, claim: 6}\n'
                 '- {hand: "123p 456p CCC NNN 55p", seat: N, discarder: S, claim: {net: 12}}\n')
    r = CliRunner().invoke(main, ["batch", str(f)], env={"MJSCORE_CONFIG": ""})
    assert r.exit_code == 1
    wrong = [ln for ln in r.output.splitlines() if "claim" in ln and "is wrong" in ln]
    assert len(wrong) == 2 and ":1: claim 10 faan is wrong" in wrong[0] and ":4: claim net 12 is wrong" in wrong[1]
    f.write_text('- {hand: "123p 456p CCC NNN 55p", seat: N, discarder: S, claim: six}\n')
    r = CliRunner().invoke(main, ["batch", str(f)], env={"MJSCORE_CONFIG": ""})
    assert r.exit_code == 1 and "claim: a claim is a number or limit" in r.output


def test_club_file_pattern_typos_and_club_values(tmp_path):
    (tmp_path / "c1.yaml").write_text("extends: hk-old\nname: Club one\npatterns:\n  dragon_pong: {value: 2}\n")
    (tmp_path / "c2.yaml").write_text("extends: hk-old\nname: Club two\npatterns:\n  dragon_pung: {value: 2}\n")
    env = {"MJSCORE_VARIANTS": str(tmp_path), "MJSCORE_CACHE": "off"}
    r = run("score", "[CCC,2] 123m 456p 789s 5s 5s", "--self-draw", "-v", "c1", env=env)
    assert r.exit_code == 2 and "no pattern 'dragon_pong'" in r.output and "did you mean dragon_pung?" in r.output
    r = run("score", "[CCC,2] 123m 456p 789s 5s 5s", "--self-draw", "--seat", "W", "-v", "c2", "--rule", "min_faan=1",
            env={**env, "COLUMNS": "200"})
    line = next(ln for ln in r.output.splitlines() if ln.startswith("dragon pung"))
    assert "Club two's value 2 (the source gives 1)" in line and "(1)" not in line


def test_other_keys_get_did_you_mean():
    r = run("score", "[123m,1] 456m 789s 234p 5s 5s", "-v", "wuhan", "--wild", "9p", "--self-draw", "--other", "S:opend")
    assert r.exit_code == 2 and "did you mean opened?" in r.output


def test_a_hand_one_short_that_no_tile_completes_says_how_far():
    r = run("waits", "123m 456p 789s 1p 5s 9s E")
    assert "No tile completes this hand: it is 2 useful tiles from ready (shanten 2)." in r.output


def test_glyphs_show_the_tiles_held_with_what_each_wild_stood_for():
    r = run("score", "2m 2m 345p 678s 99s 123m 789p 1p", "-v", "xiamen", "--self-draw", "--wild", "2m", "--glyphs")
    tiles = next(ln for ln in r.output.splitlines() if ln.startswith("Tiles:"))
    assert tiles.count("(=") == 3 and "(=1p)" in tiles and "(=9s)" in tiles
    d = valid("score", run("score", "2m 2m 345p 678s 99s 123m 789p 1p", "-v", "xiamen", "--self-draw", "--wild", "2m",
                           "--glyphs", "--format", "json").output)
    assert d["glyphs"].count("(=") == 3


def test_compare_words_refusals_as_score_does_and_mcr_counts_its_standard_form():
    rows = tools.compare("123p 456p CCC NNN 5p 1s", {"seat": "N", "discarder": "S"}, ["hk-old", "mcr", "xiamen"])
    assert "1 tile from a win (shanten 0)" in rows[0].refused and "seven_pairs" not in rows[0].refused
    assert "1 tile from a win (shanten 0)" in rows[1].refused  # MCR's own sets-and-a-pair form
    assert "16 tiles + the winning tile = 17" in rows[2].refused


@pytest.mark.parametrize("vid", shipped_ids())
def test_variants_show_fits_80_columns_in_display_width(vid):
    out = run("variants", "show", vid).output
    assert not _wide(out), _wide(out)[:2]  # CJK rule texts count two columns a character
