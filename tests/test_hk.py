"""Hong Kong, Andrew White (Scoring and the faan tables):
every faan element with a hand that has it and one that almost has it, the 4-faan minimum of heavenly
and earthly hands, the faan-to-units table, the discarder paying double, baau in both readings, the
false win, no flowers, and zero-sum payments over generated hands.

The text has no worked example; the expectations below are worked out by hand from its lists and its
table "Faan Gai 1 2 3 4 5 6 7 8 9 / Score units 1 2 4 8 16 24 32 48 64 96" (written UNITS here)."""
import random
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import scorer
from scorer.cli.main import main
from scorer.core import engine
from scorer.errors import ContextError, IllegalWin
from tests.gen import random_context, random_winning

UNITS = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96]  # Andrew White, Scoring: faan 0 (gai) .. 9


def hk(hand, rules=None, **ctx):
    ctx.setdefault("self_draw", not any(k in ctx for k in ("discarder", "robbed")))
    ctx.setdefault("seat", "W")
    return engine.score(hand, variant="hk", rules=rules, **ctx)


def names(r):
    return {i.name: i.value for i in r.value.items}


# (pattern, hand that has it, hand that almost has it, context for both). Winner W, round E, dealer E
# unless the context says otherwise.
CASES = [
    ("pure_one_suit", "123m 456m 789m 234m 5m5m", "123m 456m 789m 234m 5p5p", {}),
    ("great_dragons", "[CCC,1] FFF PPP 123m 9m9m", "[CCC,1] FFF 123m 999m PP", {}),
    ("great_winds", "[EEE,1] SSS WWW NNN 5p5p", "[EEE,1] SSS WWW 123p NN", {}),
    ("little_dragons", "[CCC,1] FFF 123m 789m PP", "[CCC,1] FFF 123m 789m 5p5p", {}),
    ("little_winds", "[EEE,1] SSS WWW 123p NN", "[EEE,1] SSS 456s 123p NN", {}),
    ("all_pungs", "[111m,2] 999p 555s EE 77s7s", "[111m,2] 999p 555s EE 78s9s", {}),
    ("mixed_one_suit", "123p 456p 789p EEE 2p2p", "123p 456p 789p 111s 2p2p", {}),
    ("dragon_pung", "[CCC,1] 123m 456p 789s 5s5s", "123m 456p 789s 555s CC", {}),
    ("seat_wind_pung", "[WWW,1] 123m 456p 789s 5s5s", "[NNN,1] 123m 456p 789s 5s5s", {}),
    ("round_wind_pung", "[EEE,1] 123m 456p 789s 5s5s", "[NNN,1] 123m 456p 789s 5s5s", {}),
    ("all_seungs", "123m 456p 789s 234s 5s5s", "123m 456p 789s 222s 5s5s", {}),
]


@pytest.mark.parametrize("name, has, almost, ctx", CASES, ids=[c[0] for c in CASES])
def test_faan_element_present_and_almost(name, has, almost, ctx):
    assert name in names(hk(has, discarder="S", **ctx))
    assert name not in names(hk(almost, discarder="S", **ctx))


def test_thirteen_orphans_and_a_near_miss():
    # 6 (thirteen orphans) + 1 (self-drawn) = 7 faan -> 48 units from each of the three
    r = hk("19m 19p 19s ESWN CFP 1m", self_draw=True)
    assert names(r) == {"thirteen_orphans": 6, "self_drawn": 1}
    assert r.net == {"E": -48, "S": -48, "W": 144, "N": -48}
    # the white dragon replaced by a second 1m: no winning form at all
    with pytest.raises(IllegalWin):
        hk("19m 19p 19s ESWN CF 1m1m")


def test_self_drawn():
    # all seungs 1 + self-drawn 1 = 2 faan -> 4 units, each of the three pays 4 (no doubling on self-draw)
    r = hk("123m 456p 789s 234s 5s5s", self_draw=True)
    assert names(r) == {"all_seungs": 1, "self_drawn": 1}
    assert r.net == {"E": -4, "S": -4, "W": 12, "N": -4}
    # on a discard: all seungs 1 -> 2 units; S discarded: 4, E and N 2 each
    r = hk("123m 456p 789s 234s 5s5s", discarder="S")
    assert names(r) == {"all_seungs": 1}
    assert r.net == {"E": -2, "S": -4, "W": 8, "N": -2}


@pytest.mark.parametrize("hand, ctx, faan, net", [
    # pure one suit 6 + all seungs 1 = 7 faan -> 48; S discards: S 96, E 48, N 48
    ("123m 456m 789m 234m 5m5m", {"discarder": "S"}, 7, {"E": -48, "S": -96, "W": 192, "N": -48}),
    # great dragons 6 + three dragon pungs 3 + self-drawn 1 = 10 faan (two suits: no mixed one suit);
    # 9+ pays as 9: 96 from each
    ("[CCC,1] FFF PPP 123m 9p9p", {"self_draw": True}, 10, {"E": -96, "S": -96, "W": 288, "N": -96}),
    # great winds 6 + all pungs 3 + own wind (S) 1 + round wind (E) 1 + self-drawn 1 = 12 (honours
    # only: no suit, so no mixed one suit) -> 96 each
    ("[EEE,1] SSS WWW NNN CC", {"self_draw": True, "seat": "S"}, 12, {"E": -96, "S": 288, "W": -96, "N": -96}),
    # little dragons 4 + two dragon pungs 2 = 6 -> 32; S discards
    ("[CCC,1] FFF 123m 789p PP", {"discarder": "S"}, 6, {"E": -32, "S": -64, "W": 128, "N": -32}),
    # little winds 4 + own wind W 1 + round wind E 1 + the pung of S (neither) 0 + mixed one suit 3
    # (123p and winds) = 9 -> 96; N discards: 192, E 96, S 96
    ("[EEE,1] SSS WWW 123p NN", {"discarder": "N"}, 9, {"E": -96, "S": -96, "W": 384, "N": -192}),
    # all pungs 3 (EE pair scores nothing) = 3 -> 8; W is the winner's seat, S discards
    ("[111m,2] 999p 555s EE 77s7s", {"discarder": "S"}, 3, {"E": -8, "S": -16, "W": 32, "N": -8}),
    # mixed one suit 3 + round wind E pung 1 = 4 -> 16; N discards
    ("123p 456p 789p EEE 2p2p", {"discarder": "N"}, 4, {"E": -16, "S": -16, "W": 64, "N": -32}),
    # gai: one suited pung, no other condition -> 0 faan -> 1 unit; S discards and pays 2
    ("[111m,2] 456p 789s 234s 5s5s", {"discarder": "S"}, 0, {"E": -1, "S": -2, "W": 4, "N": -1}),
])
def test_worked_totals_and_payments(hand, ctx, faan, net):
    r = hk(hand, **ctx)
    assert r.value.total == faan
    assert r.net == net


def test_gai_is_named_and_pays_the_zero_row():
    r = hk("[111m,2] 456p 789s 234s 5s5s", discarder="S")
    assert r.value.items == [] and r.value.base == 1
    assert "gai" in r.value.details["hand"]


def test_no_table_minimum():
    # 0 faan is a legal win (gai), unlike hk-old's 3-faan minimum
    assert hk("[111m,2] 456p 789s 234s 5s5s", discarder="S").value.legal


# ---- winds ----------------------------------------------------------------------------------------

def test_double_wind_pung_scores_two_by_default_one_by_option():
    # W pung, seat W, round W: own wind 1 + round wind 1 = 2 faan -> 4 units; E discards: 8 + 4 + 4
    r = hk("[WWW,1] 123m 456p 789s 5s5s", discarder="E", round="W")
    assert names(r) == {"seat_wind_pung": 1, "round_wind_pung": 1}
    assert r.net == {"E": -8, "S": -4, "W": 16, "N": -4}
    # double_wind_faan=1: one faan for the one pung -> 2 units; E 4, S 2, N 2
    r = hk("[WWW,1] 123m 456p 789s 5s5s", {"double_wind_faan": 1}, discarder="E", round="W")
    assert names(r) == {"value_wind_pung": 1}
    assert r.net == {"E": -4, "S": -2, "W": 8, "N": -2}


def test_one_faan_per_pung_still_counts_two_different_wind_pungs():
    # seat W, round E, pungs of W and E: two pungs, 1 faan each under either reading -> 2 faan
    for rules in (None, {"double_wind_faan": 1}):
        assert hk("[WWW,1] EEE 123m 456p 5s5s", rules, discarder="S").value.total == 2


def test_wind_hands_without_the_wind_pungs():
    # little winds 4 + mixed one suit 3, own/round pungs dropped = 7 -> 48 units; N discards: 96, E 48, S 48
    r = hk("[EEE,1] SSS WWW 123p NN", {"wind_pungs_with_wind_hands": False}, discarder="N")
    assert names(r) == {"little_winds": 4, "mixed_one_suit": 3}
    assert r.net == {"E": -48, "S": -48, "W": 192, "N": -96}


def test_dragon_hands_without_the_dragon_pungs():
    # little dragons 4 alone (two suits) -> 16; S discards
    r = hk("[CCC,1] FFF 123m 789p PP", {"dragon_pungs_with_dragon_hands": False}, discarder="S")
    assert names(r) == {"little_dragons": 4}
    assert r.value.base == 16


@pytest.mark.parametrize("pair, rule, scores", [
    ("CC", "any", True), ("CC", "not_value", False), ("CC", "suited", False),
    ("NN", "not_value", True),   # N is neither W's own wind nor the round's (E)
    ("NN", "suited", False), ("5s5s", "suited", True),
])
def test_all_seungs_pair_option(pair, rule, scores):
    r = hk(f"123m 456p 789s 234s {pair}", {"ping_woo_pair": rule}, discarder="S")
    assert ("all_seungs" in names(r)) == scores


# ---- heavenly and earthly: 4 faan minimum --------------------------------------------------------

def test_heavenly_hand_is_at_least_four():
    # all seungs 1 + self-drawn 1 = 2 < 4 -> 4 faan -> 16 units from each of S, W, N
    r = hk("123m 456p 789s 234s 5s5s", seat="E", first_turn=True, self_draw=True)
    assert r.value.total == 4
    assert r.net == {"E": 48, "S": -16, "W": -16, "N": -16}
    # almost: the same hand later in the game is 2 faan -> 4 units each
    r = hk("123m 456p 789s 234s 5s5s", seat="E", self_draw=True)
    assert r.value.total == 2 and "heavenly_hand" not in names(r)


def test_heavenly_hand_keeps_a_higher_own_value():
    # pure one suit 6 + all seungs 1 + self-drawn 1 = 8 > 4 -> 8 faan -> 64 from each
    r = hk("123m 456m 789m 234m 5m5m", seat="E", first_turn=True, self_draw=True)
    assert r.value.total == 8
    assert r.net == {"E": 192, "S": -64, "W": -64, "N": -64}


def test_earthly_hand_is_at_least_four():
    # S wins on East's first discard: all seungs 1 -> at least 4 -> 16 units; E discarded: 32, W 16, N 16
    r = hk("123m 456p 789s 234s 5s5s", seat="S", first_turn=True, discarder="E")
    assert r.value.total == 4
    assert r.net == {"E": -32, "S": 64, "W": -16, "N": -16}


def test_earthly_needs_easts_discard():
    # a non-dealer's own first draw is not "a player wins from East's first discard":
    # all seungs 1 + self-drawn 1 = 2 faan
    r = hk("123m 456p 789s 234s 5s5s", seat="S", first_turn=True, self_draw=True)
    assert "earthly_hand" not in names(r) and r.value.total == 2


def test_heavenly_earthly_add_option():
    # +4 on top: all seungs 1 + self-drawn 1 + 4 = 6 -> 32 each
    r = hk("123m 456p 789s 234s 5s5s", {"heavenly_earthly": "add"}, seat="E", first_turn=True, self_draw=True)
    assert r.value.total == 6 and r.value.base == 32


# ---- the units table ------------------------------------------------------------------------------

@pytest.mark.parametrize("faan, units", list(enumerate(UNITS)) + [(10, 96), (13, 96)])
def test_units_table(faan, units):
    # Andrew White, Scoring; RULINGS: past 9 the table stops and pays as 9
    value, _, net = engine.pay(faan, variant="hk", seat="W", self_draw=True)
    assert value.base == units
    assert net == {"E": -units, "S": -units, "W": 3 * units, "N": -units}


@pytest.mark.parametrize("faan, units", [(9, 96), (10, 192), (11, 384)])
def test_past_nine_doubling_option(faan, units):
    value, _, _ = engine.pay(faan, variant="hk", rules={"past_table": "double"}, seat="W", self_draw=True)
    assert value.base == units


# ---- who pays -------------------------------------------------------------------------------------

@pytest.mark.parametrize("discarder", ["E", "S", "N"])
def test_discarder_pays_double_and_the_others_single(discarder):
    # 3 faan (pay --total) -> 8 units: the discarder 16, each other loser 8, W +32
    _, _, net = engine.pay(3, variant="hk", seat="W", discarder=discarder)
    assert net == {s: (32 if s == "W" else -16 if s == discarder else -8) for s in "ESWN"}


def test_no_dealer_doubling():
    # East wins at the same rate as anyone: all seungs 1 + self-drawn 1 = 2 faan -> 4 from each
    r = hk("123m 456p 789s 234s 5s5s", seat="E", self_draw=True)
    assert r.net == {"E": 12, "S": -4, "W": -4, "N": -4}


def test_robbed_kong_pays_as_discarder_by_default():
    # won on 3s in 2-4s (a robbed kong's tile is the fourth copy: held once), pair 55s: all seungs 1
    # (the text sets no wait condition) -> 2 units; S's kong robbed: S 2x2 = 4, E 2, N 2 -> W +8
    r = hk("123m 456p 789s 55s 24s 3s", robbed="S")
    assert r.net == {"E": -2, "S": -4, "W": 8, "N": -2}
    # option off: S pays single like the others: 2 + 2 + 2 -> W +6
    r = hk("123m 456p 789s 55s 24s 3s", {"robbed_pays_as_discarder": False}, robbed="S")
    assert r.net == {"E": -2, "S": -2, "W": 6, "N": -2}


# ---- baau -----------------------------------------------------------------------------------------

def test_baau_liable_discarder_pays_every_share():
    # pure one suit 6 + all seungs 1 = 7 -> 48 units. Without baau: S 96, E 48, N 48.
    # S liable (Andrew White, Special Rules: "pay for the other two players as well" / "pays for everyone"):
    # 96 + 48 + 48 = 192, all from S
    r = hk("123m 456m 789m 234m 5m5m", discarder="S", liable="S")
    assert r.net == {"E": 0, "S": -192, "W": 192, "N": 0}


def test_baau_three_times_the_undoubled_value():
    # option baau_pays=single: 3 x 48 = 144 from S
    r = hk("123m 456m 789m 234m 5m5m", {"baau_pays": "single"}, discarder="S", liable="S")
    assert r.net == {"E": 0, "S": -144, "W": 144, "N": 0}


@pytest.mark.parametrize("rule", ["shares", "single"])
def test_baau_on_a_self_draw(rule):
    # gan jeung, the pung fed by S, last tile self-drawn (Andrew White, Scoring): pure one suit 6 + all pungs 3 +
    # self-drawn 1 = 10 -> 96 units; each of the three would pay 96: S pays 288 under both readings
    r = hk("[111m,2] 222m 333m 555m 9m9m", {"baau_pays": rule}, self_draw=True, liable="S")
    assert r.value.total == 10
    assert r.net == {"E": 0, "S": -288, "W": 288, "N": 0}


# ---- false win ------------------------------------------------------------------------------------

def test_false_win_pays_the_other_three():
    # W declares pure one suit 6 + all seungs 1 = 7 -> 48 units: W pays E, S, N 48 each (Andrew White, Special Rules:
    # "that player must pay the other three the value of the declared win")
    r = hk("123m 456m 789m 234m 5m5m", discarder="S", false_win=True)
    assert r.net == {"E": 48, "S": 48, "W": -144, "N": 48}


def test_false_win_from_a_total_and_from_the_command_line():
    # 3 faan -> 8 units to each
    _, _, net = engine.pay(3, variant="hk", seat="N", self_draw=True, false_win="true")
    assert net == {"E": 8, "S": 8, "W": 8, "N": -24}
    out = CliRunner().invoke(main, ["pay", "--total", "3", "-v", "hk", "--seat", "N", "--self-draw",
                                    "--set", "false_win=true", "--format", "json"])
    assert out.exit_code == 0, out.output
    assert '"N": -24' in out.output


def test_false_win_errors():
    with pytest.raises(ContextError):
        engine.pay(3, variant="hk", seat="N", self_draw=True, false_win="perhaps")
    with pytest.raises(ContextError):
        engine.pay(3, variant="hk", seat="N", self_draw=True, false_win=True, liable="S")


# ---- what the ruleset refuses ---------------------------------------------------------------------

def test_flowers_are_not_in_the_set():
    with pytest.raises(IllegalWin, match="flowers"):
        hk("123m 456p 789s 234s 5s5s 1f", discarder="S")


def test_seven_pairs_is_not_a_hand():
    with pytest.raises(IllegalWin):
        hk("11m 22m 55p 77p 99s EE CC", discarder="S")


# ---- zero sum ---------------------------------------------------------------------------------------

def test_payments_sum_to_zero_over_generated_hands():
    rng = random.Random(2002)
    options = [None, {"baau_pays": "single"}, {"payout_table": "half_spicy", "stake": 0.5},
               {"past_table": "double"}, {"double_wind_faan": 1, "robbed_pays_as_discarder": False}]
    for n in range(320):
        hand = random_winning(rng)
        ctx = random_context(rng)
        if n % 7 == 0:
            ctx["liable"] = rng.choice([s for s in "ESWN" if s != ctx["seat"]])
        elif n % 11 == 0:
            ctx["false_win"] = True
        r = engine.score(hand, ctx, variant="hk", rules=options[n % len(options)])
        assert sum(r.net.values()) == 0, (hand, ctx)
        assert all(t.amount > 0 for t in r.transfers), (hand, ctx)


# ---- the session file -------------------------------------------------------------------------------

SESSION = yaml.safe_load((Path(__file__).resolve().parent.parent / "examples" / "hk-session.yaml").read_text())


def test_session_has_twenty_records_all_hk():
    assert len(SESSION) >= 20 and all(rec["variant"] == "hk" for rec in SESSION)


@pytest.mark.parametrize("rec", SESSION, ids=lambda r: r["hand"])
def test_session_records_score_as_worked_by_hand(rec):
    # the record's own keys are the context, `variant` included; `expect` is the hand-worked answer
    r = scorer.score(rec["hand"], {k: v for k, v in rec.items() if k not in ("hand", "expect")})
    assert r.variant.id == "hk"
    assert r.value.total == rec["expect"]["total"]
    assert r.net == rec["expect"]["net"]
