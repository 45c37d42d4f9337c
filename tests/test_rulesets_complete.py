"""The nine rulesets, complete (issue 17): instant wins with the hand as dealt, white dragons as the
indicator's face value inside melds, `--floats N` counted alike everywhere. Each test quotes the rule
text it checks; the figures are worked by hand from the texts (each test's comment shows the sum)."""
from __future__ import annotations

import pytest

from scorer.core import engine
from scorer.errors import ContextError, IllegalWin, MjError, NotationError

KNOCK16 = "1m 4m 7m 2p 5p 9p 1s 4s 7s E S W 9s9s9s F"  # three golds (indicator 9s) and nothing else: 16 tiles
KNOCK17 = KNOCK16 + " N"


def xm(hand, variant="xiamen", rules=None, **ctx):
    ctx = {"seat": "S", "dealer": "E", "indicator": "9s", **ctx}
    if not any(k in ctx for k in ("discarder", "robbed")):
        ctx.setdefault("self_draw", True)
    return engine.score(hand, ctx, variant=variant, rules=rules)


def names(r):
    return {i.name for i in r.value.items}


# ---- 1. instant wins with the hand as dealt ---------------------------------------------------------

def test_three_gold_knocker_only_requires_three_gold_tiles_just_after_a_deal_16_tiles():
    """Xiamen: "Three gold knocker ... only requires three gold tiles and the rest does not have to form
    sets or a pair, but it is only allowed just after a deal or last turn before a draw. If a player
    have them after deal and melding of flowers, it becomes x4 instead of x3." A non-banker holds 16
    tiles right after the deal."""
    r = xm(KNOCK16, first_turn=True)
    assert r.hand.size == 16 and r.hand.win_tile == -1
    # water: 3 golds held; x4: E (2 + 3) x 4 = 20, W and N (1 + 3) x 4 = 16 each
    assert r.value.details["multiplier"] == 4 and r.value.total == 3
    assert r.net == {"E": -20, "S": 52, "W": -16, "N": -16}


def test_three_gold_knocker_banker_after_the_deal_holds_17():
    """The banker takes one extra tile: "The banker takes the first tile from the head of the wall to
    have 17 tiles." His knocker after the deal is 17 tiles, x4."""
    r = xm(KNOCK17, seat="E", first_turn=True)
    # E collects (2 + 3) x 4 = 20 from each of three
    assert r.net["E"] == 60 and r.value.details["win"] == "three-gold knocker after the deal"


def test_three_gold_knocker_almost_wrong_size_for_the_timing():
    """Almost: a non-banker cannot hold 17 tiles right after the deal, nor 16 at the last turn (he has
    drawn: 17). The hand size each timing accepts is data in the ruleset (hand.instant)."""
    with pytest.raises(IllegalWin, match="16 for the others.*this hand has 17"):
        xm(KNOCK17, first_turn=True)
    with pytest.raises(IllegalWin, match="last turn before a draw"):
        xm(KNOCK16, last_tile=True)
    with pytest.raises(IllegalWin):  # neither right after the deal nor at the last turn
        xm(KNOCK16)


def test_three_gold_knocker_last_turn_before_a_draw_is_x3():
    """ "it becomes x4 instead of x3" only after the deal: at the last turn it stays x3 (17 tiles)."""
    r = xm(KNOCK17, last_tile=True)
    # (2 + 3) x 3 = 15 from the banker, (1 + 3) x 3 = 12 from W and N
    assert r.value.details["multiplier"] == 3 and r.net == {"E": -15, "S": 39, "W": -12, "N": -12}


def test_quanzhou_knocker_16_tiles_is_3x():
    """Quanzhou: "3x for Three gold knocker" (no x4 after the deal)."""
    r = xm(KNOCK16, variant="quanzhou", first_turn=True)
    assert r.value.details["multiplier"] == 3 and r.net["S"] == 39


EIGHT16 = "123m 456m 789p 1s 3s 5s 7s 8s E N 1234f 1234g"  # no gold (indicator 9s)


def test_quanzhou_eight_bonus_wins_immediately_regardless_of_his_hand_16_tiles():
    """Quanzhou: "When a player collects all the eight flower and season tiles, he/she wins immediately
    regardless of his/her hand with 3x multiplier." The eighth arrives as a draw: 16 tiles in hand."""
    r = xm(EIGHT16, variant="quanzhou")
    # water: 8 bonus tiles ("no bonus flowers for set of four"); x3: E (2 + 8) x 3 = 30, W N 27
    assert names(r) >= {"eight_bonus"} and r.value.total == 8
    assert r.net == {"E": -30, "S": 84, "W": -27, "N": -27}
    # the banker after the deal: 17 tiles
    assert xm(EIGHT16.replace("E N", "E W N"), variant="quanzhou", seat="E", first_turn=True).net["E"] == 90


def test_quanzhou_eight_bonus_almost_seven():
    with pytest.raises(IllegalWin):
        xm(EIGHT16.replace("1234g", "123g"), variant="quanzhou")
    with pytest.raises(IllegalWin):  # Xiamen: eight bonus tiles are 16 water, no instant win
        xm(EIGHT16)


def test_robbing_a_gold_non_banker_16_tiles_plus_the_indicator():
    """Xiamen: "Robbing a gold: x4 ... when a player can win by claiming the gold indicator right after a
    deal and melding of flowers, and in case of the banker, first discarding." Written as the 16 tiles
    plus the indicator (17)."""
    r = xm("123m 456m 789p 123s 456s 7s 9s", rob_gold=True, first_turn=True)
    # the claimed indicator is a gold (water 1), x4: E (2 + 1) x 4 = 12, W N (1 + 1) x 4 = 8
    assert r.value.details["win"] == "robbing the gold" and r.net["S"] == 28


def test_robbing_a_gold_banker_after_his_first_discard_is_not_heavenly():
    r = xm("123m 456m 789p 123s 456s 7s 9s", seat="E", rob_gold=True, first_turn=True)
    assert "rob_gold" in names(r) and "heavenly" not in names(r)
    with pytest.raises(IllegalWin):  # almost: robbing the gold is right after the deal, not the last turn
        xm("123m 456m 789p 123s 456s 7s 9s", rob_gold=True, last_tile=True)


def test_heavenly_win_banker_has_a_winning_hand_right_after_deal():
    """ "Heavenly win is when the banker has a winning hand right after deal and melding of flower
    tiles": his 17 tiles as dealt, x4."""
    r = xm("123m 456m 789p 123s 456s EE", seat="E", first_turn=True)
    assert r.value.details["win"] == "heavenly win"
    assert "heavenly" not in names(xm("123m 456m 789p 123s 456s EE", seat="E"))


def test_water_in_a_knocker_counts_golds_and_bonus_tiles_and_melds_only():
    """Decision (the texts are silent on sets in a hand that need not form sets): the golds held and the
    bonus tiles always count; declared melds score their set water (option knocker_set_water=melds,
    or none); concealed tiles are not read as sets."""
    hand = "[EEE,1] 1m 4m 7m 2p 5p 9p 1s 4s 7s N 9s9s9s F 1f"
    r = xm(hand, last_tile=True)
    # 3 golds + 1 flower + open honour pung 1 = 5; x3: E (2 + 5) x 3 = 21, W N 18
    assert r.value.total == 5 and r.net["S"] == 57
    assert xm(hand, rules={"knocker_set_water": "none"}, last_tile=True).value.total == 4


# ---- 2. white dragons as the indicator's face value inside melds ------------------------------------

HZ = {"seat": "S", "dealer": "S", "indicator": "4s", "self_draw": True}


@pytest.mark.parametrize("meld", ["[35sP,1]", "[3sP5s,1]", "[P35s,1]"])
def test_an_open_run_can_contain_a_white_dragon_hangzhou(meld):
    """Hangzhou: "An open run can contain a white dragon because it is not a wildcard but is always seen
    as a tile of the fortune indicator." With indicator 4s the white is 4s: the run is 345s."""
    r = engine.score(f"{meld} 123m 567m WWW 4s 6p", HZ, variant="hangzhou")
    assert r.chosen.reading.blocks[0].tiles == (20, 21, 22)
    assert r.hand.text().startswith("[35sP,1]")  # the output keeps what was written
    from scorer.output.results import wild_notes
    assert "P (white dragon) as 4s in [345s]" in wild_notes(r)


def test_white_dragon_in_an_open_chow_with_a_fortune_float():
    """The README example: a white dragon in an open chow, won by wild eye after one fortune float
    ("fortune float (财飘) (x2, i.e. x4 including wild eye)"): banker S at 1 lao, 4 x 2 = 8 from each."""
    r = engine.score("[35sP,1] 123m 567m WWW 4s 6p", {**HZ, "floats": 1}, variant="hangzhou")
    assert names(r) == {"wild_eye", "fortune_float"}
    assert r.net == {"E": -8, "S": 24, "W": -8, "N": -8}


def test_white_dragon_almost_other_faces_and_rulesets():
    """Almost: with indicator 7s the white is 7s and [35sP] is no run; where white dragons are
    themselves (Hong Kong) "a chow cannot contain honours"; a pung of the fortune's face holds fortunes
    ("An open pung cannot contain fortune tiles"), unless its whites are written P."""
    with pytest.raises(NotationError, match="stands for 7s"):
        engine.score("[35sP,1] 123m 567m WWW 4s 6p", {**HZ, "indicator": "7s"}, variant="hangzhou")
    with pytest.raises(NotationError, match="a chow cannot contain honours"):
        engine.score("[35sP,1] 123m 567m WWW 66p", {"self_draw": True}, variant="hk")
    with pytest.raises(IllegalWin, match="cannot contain fortune"):
        engine.score("[44sP,2] 123m 567m WWW 4s 6p", HZ, variant="hangzhou")
    r = engine.score("[PPP,2] 123m 567m WWW 4s 6p", HZ, variant="hangzhou")
    assert r.net["S"] == 12


def test_white_dragons_are_the_gold_face_value_in_xiamen_melds():
    """Xiamen: "White Dragons the face value of the Gold indicator" — in a chow too ("A chow'ed run
    cannot contain a Gold tile", but a white is no gold). Indicator 8s: [7sP9s] is the run 789s."""
    r = xm("[7sP9s,1] 123m 456m EEE 555p 7s 7s", indicator="8s", discarder="W")
    assert r.chosen.reading.blocks[0].tiles == (24, 25, 26)
    with pytest.raises(IllegalWin, match="cannot contain a gold"):  # almost: a real 8s is a gold
        xm("[789s,1] 123m 456m EEE 555p 7s 7s", indicator="8s", discarder="W")
    # a white standing in a pung of the face value: [88sP] with indicator 8s holds golds: refused;
    # a concealed kong of whites and 1p? no set: refused at the notation
    with pytest.raises(NotationError):
        xm("{1ppPP} 123m 456m EEE 7s 7s", indicator="8s")


# ---- 3. --floats N: wild tiles discarded while floating -----------------------------------------------

WILD_EYE = "123m 456m 789p EEE 9s 5s"  # Hangzhou indicator 9s: the fortune waits alone for its eye


def hz(hand, **ctx):
    return engine.score(hand, {"seat": "E", "dealer": "E", "indicator": "9s", "self_draw": True, **ctx},
                        variant="hangzhou")


def test_hangzhou_floats_count_fortune_tiles_discarded():
    """ "fortune float (财飘) (x2, i.e. x4 including wild eye)", "double float (双飘) (x4, i.e. x8
    including wild eye)": --floats 0 (or none) no float, 1 fortune float, 2 double float."""
    assert names(hz(WILD_EYE)) == names(hz(WILD_EYE, floats=0)) == {"wild_eye"}
    assert names(hz(WILD_EYE, floats=1)) == {"wild_eye", "fortune_float"}
    assert names(hz(WILD_EYE, floats=2)) == {"wild_eye", "double_float"}
    # banker E at 1 lao: 2^3 x 2 = 16 from each on a double float
    assert hz(WILD_EYE, floats=2).net["E"] == 48


def test_floats_refused_where_the_ruleset_has_none_or_the_hand_cannot_float():
    with pytest.raises(ContextError, match="no floats|--floats means nothing"):
        engine.score("123m 456m 789m 123p 55p", {"self_draw": True, "floats": 1}, variant="hk")
    with pytest.raises(ContextError, match="at most 2"):
        hz(WILD_EYE, floats=3)
    with pytest.raises(ContextError, match="at most 2"):
        xm("123m 456m 789m EEE 555p 7s 9s", floats=3)
    with pytest.raises(IllegalWin, match="won by wild eye"):  # the fortune is in a set: no wild eye
        hz("123m 456m 78p 9s EEE 5s 5s", floats=1)


def test_xiamen_floats_zero_is_the_gold_float():
    """Xiamen: "Gold float: x4" (no gold discarded), "Double float: x8. When a player discards a gold
    tile and win by Gold float in his/her next turn", "Triple float: x12"."""
    hand = "123m 456m 789m EEE 555p 9s 7s"  # five sets and a lone gold; 7s drawn
    assert [xm(hand, floats=n).value.details["multiplier"] for n in (0, 1, 2)] == [4, 8, 12]
    with pytest.raises(MjError):
        xm("123m 456m 789m EEE 555p 7s 7s", floats=1)  # no lone gold waiting: no float


# ---- 4. rule citations a user can look up -------------------------------------------------------------

import re  # noqa: E402

from scorer import load_variant  # noqa: E402
from scorer.errors import VariantError  # noqa: E402
from scorer.rulesets.check import build
from scorer.rulesets.citations import cited_source  # noqa: E402
from scorer.rulesets.files import shipped_ids

NINE = ["hk-old", "hk", "zung-jung", "classical", "xiamen", "quanzhou", "hangzhou", "kawuxing", "wuhan", "wuhan-3p"]
FILE_REFERENCE = re.compile(r"\b00[0-4]\b|\.txt\b|\bL\d{2,3}\b|\blines? \d|\(l\.\d|J line|shared/|RULINGS")


def _user_visible(v) -> list[str]:
    """Every text of a ruleset a user sees: source, description, rules, messages, option docs, context."""
    out = [v.source, v.description] + [p.rule for p in v.patterns] + [o.doc for o in v.options.values()]
    out += [f"{r['message']} {r['rule']}" for r in v.refuse] + [str(d) for d in v.context_keys.values()]
    out += [str(v.scoring), str(v.payment), str(v.data.get("notes", "")), str(v.data.get("session", ""))]
    return out


@pytest.mark.parametrize("vid", NINE)
def test_each_element_cites_a_source_by_its_short_name_and_section(vid):
    """"each ruleset YAML names its sources once (title, author or publisher, the section headings the
    text uses), and each element cites a source by that short name and its section"."""
    v = load_variant(vid)
    assert v.sources and all({"title", "by", "sections"} <= set(s) for s in v.sources.values())
    for rule in [p.rule for p in v.patterns] + [r["rule"] for r in v.refuse]:
        assert cited_source(rule, v.sources) is not None, rule


@pytest.mark.parametrize("vid", NINE)
def test_no_file_numbers_or_line_numbers_anywhere_user_visible(vid):
    """ "numbers of files that are not in the repository": no seed file number, hashed file name, raw
    line number or pointer into ../shared in anything the ruleset shows."""
    for text in _user_visible(load_variant(vid)):
        assert not FILE_REFERENCE.search(text), text


@pytest.mark.parametrize("vid", ["wuhan", "wuhan-3p", "xiamen", "hangzhou", "kawuxing"])
def test_rules_quoted_in_japanese_gain_an_english_rendering(vid):
    """ "Rules quoted only in Japanese (Wuhan, the Xiamen digest) gain an English rendering beside the
    original": every rule or option doc quoting Japanese carries English words after the quote."""
    kana = re.compile(r"[\u3040-\u30ff]")
    v = load_variant(vid)
    sections = [sec for src in v.sources.values() for sec in src["sections"]]
    for text in [p.rule for p in v.patterns] + [r["rule"] for r in v.refuse] + [o.doc for o in v.options.values()]:
        quoted = text
        for sec in sections:  # a section's own name is not a quote
            quoted = quoted.replace(sec, "")
        if kana.search(quoted):
            tail = quoted[max(m.end() for m in kana.finditer(quoted)):]
            assert re.search(r"[a-z]{3,} [a-z]{2,}", tail), text


def test_variants_show_and_the_breakdown_cite_sources_by_name():
    from scorer.output.results import result_text
    from scorer.output.rulesets import variant_text
    shown = variant_text("xiamen")
    assert "Cites:" in shown and "Xiamen rules = Xiamen (Amoy) mahjong rules" in shown
    assert "e65adf" not in shown and "000_" not in shown
    text = result_text(xm(KNOCK16, first_turn=True))
    flat = " ".join(text.split())  # the Rule column wraps to the terminal's width
    assert "Xiamen rules, Multipliers are:" in flat and "(* holds the winning tile)" not in text


def test_a_citation_naming_no_source_or_section_is_refused_at_load():
    v = load_variant("hk")
    data = {**v.data, "patterns": {**v.data["patterns"],
                                   "self_drawn": {**v.data["patterns"]["self_drawn"], "rule": "002 line 49"}}}
    with pytest.raises(VariantError, match="cites a source"):
        build(data, "test")
    data["patterns"]["self_drawn"]["rule"] = "Andrew White, Limit hands: no such section"
    with pytest.raises(VariantError, match="cites a source"):
        build(data, "test")
    assert set(NINE) <= set(shipped_ids())


def test_a_club_file_cites_its_own_source_for_the_patterns_it_adds(tmp_path):
    club = tmp_path / "club.yaml"
    club.write_text("extends: hk-old\nsources:\n  House: {title: Our house rules, by: our club, sections: [Scoring]}\n"
                    "patterns:\n  extra_wall: {check: self_drawn, value: 1, unit: faan,"
                    " rule: 'House, Scoring: one more faan for a wall win'}\n")
    v = load_variant(str(club))
    assert set(v.sources) == {"Wikipedia 'Mahjong'", "House"}
