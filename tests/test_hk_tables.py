"""Club payment settings of both Hong Kong rulesets (hk, hk-old): the named faan-to-points tables, the
faan limits 8, 10 and 13, the stake, and hk-old's defaults left exactly as the Wikipedia article
pays them.

Expected tables are written out from their sources, not from the YAML:
- white: Andrew White, Scoring: "Faan Gai1 1 2 3 4 5 6 7 8 9 / Score units 1 2 4 8 16 24 32 48 64 96".
- half_spicy (半辣上): doubling to 4 faan, then x1.5 and x4/3 by turns (5 = 4 x 1.5, 6 = 4 x 2,
  7 = 6 x 1.5, 8 = 6 x 2 ...), as three independent HK scorers give it.
- doubling (辣辣上): 2^faan.
- tiered: 0-3 faan 1 2 4 8, 4-6 faan 16, 7-9 faan 32, 10+ 64.
- old_hk: Wikipedia 'Mahjong', "Base points (Old Hong Kong Simplified)": 3 -> 1, 4-6 -> 2, 7-9 -> 4, 10+ -> 8."""
import pytest

from scorer.core import engine
from scorer.errors import VariantError
from scorer.output.rulesets import variant_text
from scorer.rulesets import variant as variant_module

TABLES = {
    "white": {0: 1, 1: 2, 2: 4, 3: 8, 4: 16, 5: 24, 6: 32, 7: 48, 8: 64, 9: 96, 10: 96, 13: 96},
    "half_spicy": {0: 1, 1: 2, 2: 4, 3: 8, 4: 16, 5: 24, 6: 32, 7: 48, 8: 64, 9: 96, 10: 128, 11: 192,
                   12: 256, 13: 384},
    "doubling": {f: 2 ** f for f in range(14)},
    "tiered": {0: 1, 1: 2, 2: 4, 3: 8, 4: 16, 5: 16, 6: 16, 7: 32, 8: 32, 9: 32, 10: 64, 12: 64},
    "old_hk": {3: 1, 4: 2, 5: 2, 6: 2, 7: 4, 8: 4, 9: 4, 10: 8, 13: 8},
}
VARIANTS = ["hk", "hk-old"]


def base(variant, faan, **rules):
    if variant == "hk-old":
        rules.setdefault("min_faan", 0)  # the table rows below hk-old's 3-faan minimum are settled too
    value, _, _ = engine.pay(faan, variant=variant, rules=rules, seat="W", self_draw=True)
    return value.base


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("table", sorted(TABLES))
def test_each_named_table(variant, table):
    for faan, points in TABLES[table].items():
        assert base(variant, faan, payout_table=table) == points, (table, faan)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("table", ["half_spicy", "doubling"])
@pytest.mark.parametrize("limit", [8, 10, 13])
def test_faan_limits(variant, table, limit):
    t = TABLES[table]
    # below and at the limit the table holds; above it every hand pays as the limit
    assert base(variant, limit - 1, payout_table=table, faan_limit=limit) == t[limit - 1]
    assert base(variant, limit, payout_table=table, faan_limit=limit) == t[limit]
    assert base(variant, limit + 1, payout_table=table, faan_limit=limit) == t[limit]
    assert base(variant, limit + 5, payout_table=table, faan_limit=limit) == t[limit]


def test_limit_shown_in_the_breakdown():
    value, _, _ = engine.pay(11, variant="hk", rules={"payout_table": "half_spicy", "faan_limit": 8},
                             seat="W", self_draw=True)
    assert value.total == 11 and value.details["paid as (faan limit)"] == 8 and value.base == 64


def test_hk_old_club_table_keeps_its_doublings():
    # Wikipedia example 3 (East 10 faan on West's discard) on the half-spicy table: base 128;
    # S 128 x2 (East) = 256, W 128 x2 x2 (discarder) = 512, N 256; E +1024
    _, _, net = engine.pay(10, variant="hk-old", rules={"payout_table": "half_spicy"}, seat="E", discarder="W")
    assert net == {"E": 1024, "S": -256, "W": -512, "N": -256}
    # doubling table with an 8-faan limit: 10 faan pays as 8 -> 256; S 512, W 1024, N 512
    _, _, net = engine.pay(10, variant="hk-old", rules={"payout_table": "doubling", "faan_limit": 8},
                           seat="E", discarder="W")
    assert net == {"E": 2048, "S": -512, "W": -1024, "N": -512}


def test_hk_old_scored_hand_on_a_club_table():
    # Wikipedia example 2's hand: clean hand 3 + dragon pung 1 + seat wind 1 + no flowers 1 = 6 faan;
    # half-spicy 6 -> 32: E 32 x2 (East) = 64, S 32 x2 (discarder) = 64, W 32; N +160
    r = engine.score("123p 456p CCC NNN 55p", variant="hk-old", rules={"payout_table": "half_spicy"},
                     seat="N", discarder="S")
    assert r.value.total == 6
    assert r.net == {"E": -64, "S": -64, "W": -32, "N": 160}


def test_hk_on_the_old_hk_table():
    # 5 faan -> 2 base points; S discards: 4, E 2, N 2
    _, _, net = engine.pay(5, variant="hk", rules={"payout_table": "old_hk"}, seat="W", discarder="S")
    assert net == {"E": -2, "S": -4, "W": 8, "N": -2}


# ---- stake ----------------------------------------------------------------------------------------

def test_stake_multiplies_every_payment_hk():
    # 3 faan -> 8 units; S discards: 16, E 8, N 8; at a stake of 2: 32, 16, 16
    _, transfers, net = engine.pay(3, variant="hk", rules={"stake": 2}, seat="W", discarder="S")
    assert net == {"E": -16, "S": -32, "W": 64, "N": -16}
    assert all("x2 stake" in t.why for t in transfers)


def test_stake_multiplies_baau_and_false_win():
    # 3 faan -> 8 units; baau by S: 16 + 8 + 8 = 32, at stake 2: 64
    _, _, net = engine.pay(3, variant="hk", rules={"stake": 2}, seat="W", discarder="S", liable="S")
    assert net == {"E": 0, "S": -64, "W": 64, "N": 0}
    # false win by W: 8 to each other seat, at stake 0.5: 4
    _, _, net = engine.pay(3, variant="hk", rules={"stake": 0.5}, seat="W", self_draw=True, false_win=True)
    assert net == {"E": 4, "S": 4, "W": -12, "N": 4}


def test_stake_multiplies_every_payment_hk_old():
    # Wikipedia example 1 (West 3 faan self-drawn: E 4, S 2, N 2) at a stake of 2
    _, _, net = engine.pay(3, variant="hk-old", rules={"stake": 2}, seat="W", self_draw=True)
    assert net == {"E": -8, "S": -4, "W": 16, "N": -4}
    # example 3 (S 16, W 32, N 16) at a stake of 0.5
    _, _, net = engine.pay(10, variant="hk-old", rules={"stake": 0.5}, seat="E", discarder="W")
    assert net == {"E": 32, "S": -8, "W": -16, "N": -8}


def test_stake_multiplies_limit_hands_hk_old():
    # a limit hand pays 64 from every loser undoubled; at a stake of 2, 128
    _, _, net = engine.pay(0, variant="hk-old", rules={"stake": 2}, seat="W", discarder="S", limit=True)
    assert net == {"E": -128, "S": -128, "W": 384, "N": -128}


# ---- hk-old unchanged by default ------------------------------------------------------------------

@pytest.mark.parametrize("faan, ctx, net", [
    # Wikipedia, Payment, Examples 1-3
    (3, {"seat": "W", "self_draw": True}, {"E": -4, "S": -2, "W": 8, "N": -2}),
    (6, {"seat": "N", "discarder": "S"}, {"E": -4, "S": -4, "W": -2, "N": 10}),
    (10, {"seat": "E", "discarder": "W"}, {"E": 64, "S": -16, "W": -32, "N": -16}),
])
def test_hk_old_wikipedia_examples_unchanged(faan, ctx, net):
    _, _, got = engine.pay(faan, variant="hk-old", **ctx)
    assert got == net


def test_hk_old_defaults_unchanged():
    opts = variant_module.load_variant("hk-old").option_values()
    assert (opts["payout_table"], opts["faan_limit"], opts["stake"]) == ("old_hk", 0, 1)
    # 10+ faan stays 8 base points however many faan; limit hands 64 from each, undoubled
    assert base("hk-old", 16) == 8
    _, _, net = engine.pay(0, variant="hk-old", seat="E", discarder="W", limit=True)
    assert net == {"E": 192, "S": -64, "W": -64, "N": -64}


# ---- options are named and checked ---------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_options_listed(variant):
    text = variant_text(variant)
    for opt in ("payout_table", "faan_limit", "stake"):
        assert opt in text


@pytest.mark.parametrize("rules", [{"payout_table": "spicy"}, {"faan_limit": -1}, {"stake": 0}])
def test_bad_option_values_refused(rules):
    with pytest.raises(VariantError):
        engine.pay(3, variant="hk", rules=rules, seat="W", self_draw=True)
