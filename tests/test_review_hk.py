"""Independent review of the Hong Kong (Andrew White) ruleset (Andrew White, Scoring and
the faan tables; RULINGS.md hk) and of the club payment settings it shares with hk-old (scorer/models/faan.py).
Every figure below is worked out by hand from the rule text and its table
"Faan Gai 1 2 3 4 5 6 7 8 9 / Score units 1 2 4 8 16 24 32 48 64 96".

The first tests are the bugs found in review (fixed); the rest pin behaviour checked by hand."""

import pytest

from scorer.core import engine
from scorer.errors import MjError


def hk(hand, rules=None, **ctx):
    ctx.setdefault("seat", "W")
    if not any(k in ctx for k in ("discarder", "robbed", "kong_draw")):
        ctx.setdefault("self_draw", True)
    return engine.score(hand, variant="hk", rules=rules, **ctx)


def names(r):
    return {i.name: i.value for i in r.value.items}


# ---- bugs found in review ---------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["hk", "hk-old"])
@pytest.mark.parametrize("faan, stake, ctx, expect", [
    # hk: 5 faan -> 24 units; S discards: E 24, S 48, N 24; at 0.30 a unit: 7.20, 14.40, 7.20
    (5, 0.3, {"seat": "W", "discarder": "S"}, {"hk": [7.2, 14.4, 7.2], "hk-old": [1.2, 1.2, 0.6]}),
    # hk: 9 faan -> 96 units each on a self-draw; at 0.10: 9.60 each
    (9, 0.1, {"seat": "W", "self_draw": True}, {"hk": [9.6, 9.6, 9.6], "hk-old": [1.6, 0.8, 0.8]}),
])
def test_fractional_stake_pays_exact_money(variant, faan, stake, ctx, expect):
    # a stake of 0.30 on 24 units is 7.20, not 7.199999999999999 (binary float dust in every payment,
    # printed as-is by --format json). hk-old: 5 faan -> 2 base points (x2 East, x2 discarder S) -> E 4,
    # S 4, N 2; 9 faan self-drawn -> 4 base x2 wall (x2 East) -> E 16, S 8, N 8; times the stake.
    _, transfers, _ = engine.pay(faan, variant=variant, rules={"stake": stake}, **ctx)
    assert [t.amount for t in transfers] == expect[variant]


@pytest.mark.parametrize("stake", ["nan", "inf", "-inf", "1e400"])
def test_stake_must_be_a_finite_amount(stake):
    # a NaN or infinite stake passed the option's `min: 0.01` check and paid nan / inf (nets that do
    # not sum to zero: inf - inf is nan); it must be refused
    with pytest.raises(MjError):
        engine.pay(3, variant="hk", rules={"stake": float(stake)}, seat="W", discarder="S")


# ---- faan elements checked by hand --------------------------------------------------------------------

@pytest.mark.parametrize("hand, ctx, items, faan, net", [
    # a kong counts as a set of dragons for little three dragons and for the +1 per dragon pung;
    # 123m 789m and honours: mixed one suit 3. 4 + 2 + 3 + self-drawn 1 = 10 -> paid as 9: 96 each
    ("[CCCC,1] FFF 123m 789m PP", {}, {"little_dragons": 4, "dragon_pung": 2, "mixed_one_suit": 3,
                                       "self_drawn": 1}, 10, {"E": -96, "S": -96, "W": 288, "N": -96}),
    # great winds with two kongs, pair 5p: 6 + all pungs 3 + mixed one suit 3 + own W 1 + round E 1
    # + self-drawn 1 = 15 -> 96 each
    ("[EEEE,1] SSS WWW {NNNN} 5p5p", {}, {"great_winds": 6, "all_pungs": 3, "mixed_one_suit": 3,
                                          "seat_wind_pung": 1, "round_wind_pung": 1, "self_drawn": 1},
     15, {"E": -96, "S": -96, "W": 288, "N": -96}),
    # all seungs with a wind pair (the text sets no condition on the pair) + mixed one suit: 1 + 3 = 4
    # -> 16; S discards 32
    ("123p 456p 789p 234p WW", {"discarder": "S"}, {"mixed_one_suit": 3, "all_seungs": 1}, 4,
     {"E": -16, "S": -32, "W": 64, "N": -16}),
    # 111222333m read as three seungs beats three pungs: pure 6 + all seungs 1 = 7 -> 48; S 96
    ("111m 222m 333m 456m 99m", {"discarder": "S"}, {"pure_one_suit": 6, "all_seungs": 1}, 7,
     {"E": -48, "S": -96, "W": 192, "N": -48}),
    # a kong replacement tile is drawn by the winner: self-drawn 1; pure one suit 6 -> 7: 48 each
    ("{1111m} 234m 456m 789m 55m", {"kong_draw": 1}, {"pure_one_suit": 6, "self_drawn": 1}, 7,
     {"E": -48, "S": -48, "W": 144, "N": -48}),
    # honours only: two wind pungs (E is the round's) and two dragon pungs with the third dragon as the
    # pair: little dragons 4 + all pungs 3 + dragons 2 + round wind 1 = 10 -> 96; N discards 192
    ("EEE SSS CCC FFF PP", {"discarder": "N"}, {"little_dragons": 4, "all_pungs": 3, "dragon_pung": 2,
                                               "round_wind_pung": 1}, 10,
     {"E": -96, "S": -96, "W": 384, "N": -192}),
    # heavenly thirteen orphans: 6 + self-drawn 1 = 7 is above the 4 minimum -> 48 from each
    ("19m 19p 19s ESWN CFP E", {"seat": "E", "first_turn": True},
     {"thirteen_orphans": 6, "heavenly_hand": 4, "self_drawn": 1}, 7,
     {"E": 144, "S": -48, "W": -48, "N": -48}),
])
def test_hand_worked_by_hand(hand, ctx, items, faan, net):
    r = hk(hand, **ctx)
    assert names(r) == items
    assert r.value.total == faan
    assert r.net == net


def test_robbed_kong_on_a_physically_possible_hand():
    # tests/test_hk.py's robbed hand holds the robbed 5s twice (now refused as impossible); the same
    # payment on a possible hand: W robs S's added kong of 3s for 345s. All seungs 1 -> 2 units:
    # S 4 (pays as a discarder by default), E 2, N 2; option off: 2 each
    r = hk("123m 456p 789s 45s 99p 3s", robbed="S")
    assert r.value.total == 1
    assert r.net == {"E": -2, "S": -4, "W": 8, "N": -2}
    r = hk("123m 456p 789s 45s 99p 3s", {"robbed_pays_as_discarder": False}, robbed="S")
    assert r.net == {"E": -2, "S": -2, "W": 6, "N": -2}


def test_baau_robbed_and_stake_together():
    # 7 faan -> 48; S liable on a discard at a stake of 2: (96 + 48 + 48) x 2 = 384
    r = hk("123m 456m 789m 234m 5m5m", {"stake": 2}, discarder="S", liable="S")
    assert r.net == {"E": 0, "S": -384, "W": 384, "N": 0}
    r = hk("123m 456m 789m 234m 5m5m", {"stake": 2, "baau_pays": "single"}, discarder="S", liable="S")
    assert r.net == {"E": 0, "S": -288, "W": 288, "N": 0}


@pytest.mark.parametrize("rules, faan, units", [
    ({"payout_table": "half_spicy", "faan_limit": 8}, 13, 64),
    ({"payout_table": "half_spicy", "faan_limit": 13}, 13, 384),
    ({"payout_table": "doubling", "faan_limit": 10}, 12, 1024),
    ({"faan_limit": 8}, 12, 64),                        # white table, 8-faan limit
    ({"past_table": "double", "faan_limit": 10}, 12, 192),
])
def test_club_limits_hk(rules, faan, units):
    value, _, net = engine.pay(faan, variant="hk", rules=rules, seat="W", discarder="E")
    assert value.base == units
    assert net == {"E": -2 * units, "S": -units, "W": 4 * units, "N": -units}
