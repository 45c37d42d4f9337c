"""Riichi: every yaku with a hand that has it and one that almost has it, fu items, limits, payments
and the refusals. Expected figures are the standard scoring table's (EMA RCR 4.1.3 / the tables every
riichi site prints), and each row is checked against the `mahjong` package too (test_riichi_diff.py
runs the random comparison)."""
from __future__ import annotations

import pytest

from scorer.core.engine import score
from scorer.errors import ContextError, IllegalWin, ImpossibleHand
from scorer.patterns.riichi_fu import dora_of

# the defaults of every row: non-dealer (South) in an East round, won on North's discard
BASE = {"seat": "S", "round": "E", "discarder": "N"}
PINFU = "234m 67m 345p 678s 99s 5m"  # closed, four chows, 99s pair, two-sided wait on 5m/8m


def run(hand, rules=None, **ctx):
    c = dict(BASE)
    if ctx.get("self_draw") or ctx.get("robbed") or ctx.get("kong_draw"):
        c.pop("discarder")
    c.update(ctx)
    return score(hand, c, variant="riichi", rules=rules)


def yaku(hand, rules=None, **ctx):
    return {i.name for i in run(hand, rules, **ctx).value.items if i.unit != "fu"}


def paid(hand, rules=None, **ctx):
    """{payer: total paid} (the pot pays the riichi sticks)."""
    out: dict = {}
    for t in run(hand, rules, **ctx).transfers:
        out[t.frm] = out.get(t.frm, 0) + t.amount
    return out


R = {"riichi": True}
# (pattern, hand, context, has it): one row that has the pattern, one that almost has it
ROWS = [
    ("riichi", PINFU, R, True),
    ("riichi", PINFU, {}, False),
    ("double_riichi", PINFU, {"double_riichi": True}, True),
    ("riichi", PINFU, {"double_riichi": True}, False),  # double riichi counts in place of riichi
    ("ippatsu", PINFU, {"riichi": True, "ippatsu": True}, True),
    ("ippatsu", PINFU, R, False),
    ("menzen_tsumo", PINFU, {"self_draw": True}, True),
    ("menzen_tsumo", "[234m] 67m 345p 678s 88s 5m", {"self_draw": True}, False),  # open
    ("pinfu", PINFU, {}, True),
    ("pinfu", "234m 57m 345p 678s 99s 6m", R, False),  # closed wait
    ("pinfu", "234m 67m 345p 678s EE 5m", R, False),  # the round wind's pair has fu
    ("pinfu", "234m 67m 345p 678s WW 5m", R, True),  # a wind that is neither seat nor round: no fu
    ("tanyao", "234m 67m 345p 678s 88s 5m", {}, True),
    ("tanyao", PINFU, {}, False),
    ("tanyao_open", "[234m] 67m 345p 678s 88s 5m", {}, True),
    ("iipeikou", "223344m 567p 678s 9s 9s", R, True),
    ("iipeikou", "234456m 567p 678s 9s 9s", R, False),
    ("ryanpeikou", "223344m 556677p 9s 9s", R, True),
    ("iipeikou", "223344m 556677p 9s 9s", R, False),  # ryanpeikou replaces it
    ("chiitoitsu", "223344m 556677p 9s 9s", R, False),  # the ryanpeikou reading pays more
    ("yakuhai_haku", "PPP 234m 567p 678s 9s 9s", {}, True),
    ("yakuhai_haku", "PP 234m 567p 678s 111s", R, False),  # a pair is no pung
    ("yakuhai_hatsu", "FFF 234m 567p 678s 9s 9s", {}, True),
    ("yakuhai_chun", "CCC 234m 567p 678s 9s 9s", {}, True),
    ("yakuhai_seat_wind", "SSS 234m 567p 678s 9s 9s", {}, True),
    ("yakuhai_seat_wind", "SSS 234m 567p 678s 9s 9s", {"seat": "W", "riichi": True}, False),
    ("yakuhai_round_wind", "EEE 234m 567p 678s 9s 9s", {}, True),
    ("yakuhai_round_wind", "EEE 234m 567p 678s 9s 9s", {"round": "S", "riichi": True}, False),
    ("rinshan_kaihou", "{1111m} 234p 567p 678s 9s 9s", {"self_draw": True, "kong_draw": 1}, True),
    ("rinshan_kaihou", "{1111m} 234p 567p 678s 9s 9s", {"self_draw": True}, False),
    ("chankan", PINFU, {"robbed": "W"}, True),
    ("chankan", PINFU, {}, False),
    ("haitei", PINFU, {"self_draw": True, "last_tile": True}, True),
    ("houtei", PINFU, {"self_draw": True, "last_tile": True}, False),
    ("houtei", PINFU, {"last_tile": True}, True),
    ("haitei", PINFU, {"last_tile": True}, False),
    ("chiitoitsu", "1133m 5577p 99s EE C C", {}, True),
    ("chanta", "123m 789p 789s EEE 1p 1p", {"seat": "W", "round": "S", "riichi": True}, True),
    ("chanta_open", "[123m] 789p 789s EEE 1p 1p", {"seat": "W", "round": "S"}, True),
    ("chanta", "123m 789p 678s EEE 1p 1p", {"seat": "W", "round": "S", "riichi": True}, False),
    ("junchan", "123m 789p 789s 111s 9m 9m", R, True),
    ("junchan_open", "[123m] 789p 789s 111s 9m 9m", {}, True),
    ("junchan", "123m 789p 789s EEE 1p 1p", {"seat": "W", "round": "S", "riichi": True}, False),
    ("ittsu", "123456789m 234p 5s 5s", R, True),
    ("ittsu", "123456m 678m 234p 5s 5s", R, False),
    ("ittsu_open", "[123m] 456789m 234p 5s 5s", {}, True),
    ("sanshoku", "123m 123p 123s 456m 9p 9p", R, True),
    ("sanshoku_open", "[123m] 123p 123s 456m 9p 9p", {}, True),
    ("sanshoku", "123m 123p 234s 456m 9p 9p", R, False),
    ("sanshoku_doukou", "222m 222p 222s 456m 9p 9p", {}, True),
    ("sanshoku_doukou", "222m 222p 333s 456m 9p 9p", {}, False),
    ("toitoi", "[222m,1] 444p 666s 888s 9p 9p", {}, True),
    ("toitoi", "[234m] 444p 666s 888s 9p 9p", {}, False),
    ("sanankou", "[234m] 444p 666s 888s 9p 9p", {}, True),
    ("sanankou", "[222m,1] 444p 666s 88s 99p 8s", {}, False),  # the 8s pung was completed by a discard
    ("sankantsu", "{1111m} {2222p} [3333s,1] 456m 9p 9p", {}, True),
    ("sankantsu", "{1111m} {2222p} 333s 456m 9p 9p", R, False),
    ("honroutou", "[111m,1] 999p EEE 111s 9s 9s", {"seat": "W", "round": "S"}, True),
    ("honroutou", "[111m,1] 999p EEE 123s 9s 9s", {"seat": "W", "round": "S"}, False),
    ("shousangen", "PPP FFF 234m 567p C C", {}, True),
    ("shousangen", "PPP FFF 234m 567p 9s 9s", {}, False),
    ("honitsu", "123m 345m 678m EEE 9m 9m", {"seat": "W", "round": "S"}, True),
    ("honitsu_open", "[123m] 345m 678m EEE 9m 9m", {"seat": "W", "round": "S"}, True),
    ("honitsu", "123m 345m 678p EEE 9m 9m", {"seat": "W", "round": "S", "riichi": True}, False),
    ("chinitsu", "123m 345m 678m 999m 5m 5m", {}, True),
    ("chinitsu_open", "[123m] 345m 678m 999m 5m 5m", {}, True),
    ("chinitsu", "123m 345m 678m EEE 9m 9m", {"seat": "W", "round": "S"}, False),
    ("kokushi", "119m 19p 19s ESWNPF C", {}, True),
    ("kokushi_13_wait", "19m 19p 19s ESWNPF C C", {}, True),
    ("kokushi_13_wait", "119m 19p 19s ESWNPF C", {}, False),
    ("suuankou", "111m 333p 555s 7p 7p EE E", {"self_draw": True}, True),
    ("suuankou", "111m 333p 555s 7p 7p EE E", {}, False),  # ron on the shanpon: that pung is open
    ("suuankou_tanki", "111m 333p 555s EEE 7p 7p", {}, True),
    ("daisangen", "PPP FFF CCC 123m 5p 5p", {}, True),
    ("daisangen", "PPP FFF CC 123m 5p 5p C", {}, True),
    ("shousuushii", "EEE SSS WWW 123m N N", {}, True),
    ("daisuushii", "EEE SSS WWW NNN 5p 5p", {}, True),
    ("shousuushii", "EEE SSS WWW NNN 5p 5p", {}, False),
    ("tsuuiisou", "EEE SSS PPP FFF C C", {}, True),
    ("tsuuiisou", "EE SS WW NN PP FF C C", {}, True),  # seven pairs of honours
    ("chinroutou", "111m 999m 111p 999p 1s 1s", {}, True),
    ("ryuuiisou", "222333444s 666s F F", {}, True),
    ("ryuuiisou", "222333444s 666s 5s 5s", R, False),
    ("chuuren_9_wait", "1112345678999m 5m", {}, True),
    ("chuuren_poutou", "1112345567899m 9m", {}, True),
    ("chuuren_poutou", "{1111m} 2345678999m 5m", {}, False),  # a concealed kong is a meld
    ("suukantsu", "{1111m} {2222p} [3333s,1] [4444s,2] 9p 9p", {}, True),
    ("tenhou", PINFU, {"seat": "E", "self_draw": True, "first_turn": True}, True),
    ("chiihou", PINFU, {"self_draw": True, "first_turn": True}, True),
    ("tenhou", PINFU, {"self_draw": True, "first_turn": True}, False),
    ("dora", PINFU, {"dora": "4m"}, True),
    ("dora", PINFU, {"dora": "E", "riichi": True}, False),
    ("aka_dora", "234m 67m 345p 678s 99s 0m", {}, True),
    ("aka_dora", "234m 67m 345p 678s 99s 5m", {}, False),
    ("ura_dora", PINFU, {"riichi": True, "ura": "8s"}, True),
    # the yaku read through the shared predicates (all_pungs, outside_hand, one_suit, form, little_three,
    # great_three, nine_gates...), each with a hand that almost has it: what the yaku in its place takes
    ("yakuhai_hatsu", "FF 234m 567p 678s 111s", R, False),
    ("yakuhai_chun", "CC 234m 567p 678s 111s", R, False),
    ("tanyao_open", "[234m] 67m 345p PPP 88s 5m", {}, False),
    ("ryanpeikou", "223344m 567p 678s 9s 9s", R, False),
    ("chanta_open", "[123m] 789p 678s EEE 1p 1p", {"seat": "E"}, False),
    ("chanta_open", "[111m,1] 999p EEE 111s 9s 9s", {"seat": "W", "round": "S"}, False),  # honroutou: no chow
    ("chanta", "123m 789p 789s 111s 9m 9m", R, False),  # junchan in its place: no honour
    ("junchan_open", "[123m] 789p 789s EEE 1p 1p", {"seat": "E"}, False),
    ("ittsu_open", "[123m] 456m 678m PPP 5s 5s", {}, False),
    ("sanshoku_open", "[123m] 123p 234s PPP 9p 9p", {}, False),
    ("honitsu_open", "[123m] 345m 678p EEE 9m 9m", {"seat": "E"}, False),
    ("chinitsu_open", "[123m] 345m 678m EEE 9m 9m", {"seat": "E"}, False),
    ("kokushi", "19m 19p 19s ESWNPF C C", {}, False),  # the 13-sided wait in its place
    ("suuankou_tanki", "111m 333p 555s 7p 7p EE E", {"self_draw": True}, False),
    ("daisangen", "PPP FFF 234m 567p C C", {}, False),
    ("daisuushii", "EEE SSS WWW 123m N N", {}, False),
    ("tsuuiisou", "EEE SSS PPP FFF 1m 1m", {}, False),
    ("chinroutou", "111m 999m 111p EEE 1s 1s", {}, False),
    ("chuuren_9_wait", "1112345567899m 9m", {}, False),
    ("chuuren_poutou", "1112345678999m 5m", {}, False),  # the 9-sided wait in its place
    ("suukantsu", "{1111m} {2222p} [3333s,1] 456m 9p 9p", {}, False),
]


@pytest.mark.parametrize("name, hand, ctx, has", ROWS, ids=[f"{r[0]}-{'has' if r[3] else 'almost'}-{i}"
                                                           for i, r in enumerate(ROWS)])
def test_pattern(name, hand, ctx, has):
    assert (name in yaku(hand, **ctx)) == has


def test_every_yaku_has_a_row():
    from scorer.rulesets.variant import load_variant

    names = {p.name for p in load_variant("riichi").patterns if p.unit != "fu"}
    covered = {r[0] for r in ROWS} | {"renhou", "renhou_yakuman"}  # test_renhou_options
    assert names <= covered, names - covered


def test_no_yaku_is_no_win():
    with pytest.raises(IllegalWin, match="no yaku"):
        run("234m 57m 345p 678s 99s 6m")  # kanchan, nothing else
    with pytest.raises(IllegalWin, match="no yaku"):
        run("234m 57m 345p 678s 99s 6m", dora="5m")  # dora are no yaku


def test_open_tanyao_option():
    with pytest.raises(IllegalWin):
        run("[234m] 67m 345p 678s 88s 5m", rules={"open_tanyao": False})


def test_renhou_options():
    first = {"first_turn": True, "discarder": "E"}
    assert "renhou" in yaku(PINFU, rules={"renhou": "mangan"}, **first)  # 5 han + pinfu: haneman
    assert paid(PINFU, rules={"renhou": "mangan"}, **first) == {"E": 12000}
    assert "renhou" not in yaku(PINFU, rules={"renhou": "mangan"}, discarder="E")  # not the first turn
    assert "renhou_yakuman" in yaku(PINFU, rules={"renhou": "yakuman"}, **first)
    with pytest.raises(IllegalWin):  # the default, as online: no yaku
        run("234m 57m 345p 678s 99s 6m", **first)


# ---- fu, han and payments: the standard table -------------------------------------------------------

def value(hand, rules=None, **ctx):
    v = run(hand, rules, **ctx).value
    return v.total, v.unit, v.details.get("fu"), v.details.get("limit", "")


@pytest.mark.parametrize("hand, ctx, rules, han, fu, payments", [
    # pinfu ron: 20 + 10 closed ron = 30 fu, 1 han: 1000 (dealer 1500)
    (PINFU, {}, None, 1, 30, {"N": 1000}),
    (PINFU, {"seat": "E"}, None, 1, 30, {"N": 1500}),
    # pinfu tsumo: 20 fu (no tsumo fu), 2 han: 400 / 700; dealer 700 all
    (PINFU, {"self_draw": True}, None, 2, 20, {"E": 700, "W": 400, "N": 400}),
    (PINFU, {"self_draw": True, "seat": "E"}, None, 2, 20, {"S": 700, "W": 700, "N": 700}),
    # riichi on a closed wait: 20 + 10 + 2 = 32 -> 40 fu, 1 han: 1300
    ("234m 57m 345p 678s 99s 6m", R, None, 1, 40, {"N": 1300}),
    # seven pairs 25 fu 2 han: 1600 (dealer 2400); tsumo 3 han: 800 / 1600
    ("1133m 5577p 99s EE C C", {}, None, 2, 25, {"N": 1600}),
    ("1133m 5577p 99s EE C C", {"seat": "E"}, None, 2, 25, {"N": 2400}),
    ("1133m 5577p 99s EE C C", {"self_draw": True}, None, 3, 25, {"E": 1600, "W": 800, "N": 800}),
    # open hand without fu: 30 fu, 1 han: 1000; without the open-pinfu 2 fu: 20 fu, 640 -> 700
    ("[234m] 67m 345p 678s 88s 5m", {}, None, 1, 30, {"N": 1000}),
    ("[234m] 67m 345p 678s 88s 5m", {}, {"open_pinfu_fu": False}, 1, 20, {"N": 700}),
    # 4 han 30 fu: 7700 (dealer 11600); kiriage: mangan 8000
    ("234m 67m 345p 678s 88s 0m", {"riichi": True, "dora": "1s"}, None, 4, 30, {"N": 7700}),
    ("234m 67m 345p 678s 88s 0m", {"riichi": True, "dora": "1s", "seat": "E"}, None, 4, 30, {"N": 11600}),
    ("234m 67m 345p 678s 88s 0m", {"riichi": True, "dora": "1s"}, {"kiriage": True}, 4, 30, {"N": 8000}),
    # honba: 300 a counter on a ron, 100 from each on a self-draw; sticks from the pot
    (PINFU, {"honba": 2, "sticks": 1}, None, 1, 30, {"N": 1600, "pot": 1000}),
    (PINFU, {"self_draw": True, "honba": 1}, None, 2, 20, {"E": 800, "W": 500, "N": 500}),
    # a robbed kong is paid by the robbed player like a ron
    (PINFU, {"robbed": "W"}, None, 2, 30, {"W": 2000}),
    # riichi, menzen tsumo, pinfu, ittsu 2, chinitsu 6: 11 han, sanbaiman 12000 / 6000
    ("123456789m 23m 55m 4m", {"riichi": True, "self_draw": True}, None, 11, 20,
     {"E": 12000, "W": 6000, "N": 6000}),
    # yakuman 32000, double 64000 (dealer 96000), as single with double_yakuman off
    ("111m 333p 555s 7p 7p EE E", {"self_draw": True}, None, 1, None, {"E": 16000, "W": 8000, "N": 8000}),
    ("111m 333p 555s EEE 7p 7p", {}, None, 2, None, {"N": 64000}),
    ("111m 333p 555s EEE 7p 7p", {"seat": "E"}, None, 2, None, {"N": 96000}),
    ("111m 333p 555s EEE 7p 7p", {}, {"double_yakuman": False}, 1, None, {"N": 32000}),
])
def test_table(hand, ctx, rules, han, fu, payments):
    total, unit, got_fu, _limit = value(hand, rules, **ctx)
    assert (total, got_fu) == (han, fu)
    assert paid(hand, rules, **ctx) == payments


@pytest.mark.parametrize("han, rules, limit, ron", [
    (5, None, "mangan", 8000), (6, None, "haneman", 12000), (8, None, "baiman", 16000),
    (11, None, "sanbaiman", 24000), (13, None, "counted yakuman", 32000),
    (13, {"kazoe": "sanbaiman"}, "sanbaiman (counted)", 24000), (26, {"kazoe": "multiple"}, "counted 2x yakuman", 64000),
])
def test_limits_from_han(han, rules, limit, ron):
    from scorer.core.engine import pay

    v, transfers, _net = pay(han, {**BASE}, variant="riichi", rules=rules)
    assert v.details["limit"] == limit
    assert [t.amount for t in transfers] == [ron]


def test_fu_items_itemized():
    # closed ron, a concealed pung of terminals (8), a closed wait (2), the value pair (2, dragons)
    items = {i.name: i.value for i in run("999p 234m 46s 678s CC 5s", riichi=True).value.items if i.unit == "fu"}
    assert items == {"fu_base": 20, "fu_closed_ron": 10, "fu_concealed_pung_orphans": 8,
                     "fu_closed_wait": 2, "fu_value_pair": 2}
    assert value("999p 234m 46s 678s CC 5s", **R)[2] == 50  # 42 -> 50


def test_double_wind_pair_is_four_fu():
    items = {i.name: i.value for i in run("234m 567p 678s 46s EE 5s", seat="E", riichi=True, discarder="S").value.items}
    assert items["fu_value_pair"] == 4


# ---- dora and red fives -------------------------------------------------------------------------------

def test_dora_cycles():
    # suits wrap 9 -> 1, winds E S W N E, dragons white green red white
    assert [dora_of(t) for t in (8, 0, 26, 27, 30, 31, 32, 33)] == [0, 1, 18, 28, 27, 32, 33, 31]


def test_dora_counts_kongs_as_four():
    assert next(i for i in run("{5555m} 234p 567p 678s 9s 9s", self_draw=True, dora="4m").value.items
                if i.name == "dora").count == 4


def test_red_five_reads_as_five_and_prints_back():
    text = run("234m 67m 345p 678s 99s 0m").hand.text()
    assert "0m" in text and "aka_dora" in yaku(text)  # the printed hand scores as the one typed
    assert run("[406m] 23m 345p 678s 88s 4m").hand.text().startswith("[406m]")
    assert "aka_dora" not in yaku("234m 67m 345p 678s 99s 0m", rules={"red_fives": False})


def test_two_red_fives_of_a_suit_refused():
    with pytest.raises(ImpossibleHand, match="red fives"):
        run("340m 067m 345p 678s 9s 9s")


# ---- refusals -------------------------------------------------------------------------------------------

def test_riichi_with_open_hand_refused():
    with pytest.raises(ImpossibleHand, match="open hand"):
        run("[234m] 67m 345p 678s 88s 5m", riichi=True)


def test_ippatsu_and_ura_need_riichi():
    with pytest.raises(ContextError, match="ippatsu"):
        run(PINFU, ippatsu=True)
    with pytest.raises(ContextError, match="ura"):
        run(PINFU, ura="4m")


def test_first_turn_comes_before_riichi():
    with pytest.raises(ContextError, match="first-turn"):
        run(PINFU, seat="E", self_draw=True, first_turn=True, riichi=True)


def test_dealer_is_east():
    with pytest.raises(ContextError, match="dealer"):
        run(PINFU, dealer="S")


def test_bad_dora_text():
    with pytest.raises(ContextError, match="dora"):
        run(PINFU, dora="4x")
    with pytest.raises(ContextError, match="at most 5"):  # the first indicator and one per kong
        run(PINFU, dora="1m 2m 3m 4m 5m 6m")


def test_payments_balance_with_the_pot():
    r = run(PINFU, sticks=2, honba=1, self_draw=True)
    assert sum(r.net.values()) == 0
    assert r.net["pot"] == -2000


# ---- where the package refuses and a table does not -------------------------------------------------

def test_last_tile_after_a_kong_is_rinshan_only():
    # the replacement tile comes from the dead wall, not the last wall tile: rinshan kaihou, no haitei
    # (the mahjong package refuses haitei with rinshan as a whole)
    got = yaku("{1111m} 234p 567p 678s 9s 9s", self_draw=True, kong_draw=1, last_tile=True)
    assert "rinshan_kaihou" in got and "haitei" not in got


def test_robbed_kong_on_the_last_tile_is_chankan_only():
    # a robbed kong tile is not a discard: chankan, no houtei (the package refuses the pair)
    got = yaku(PINFU, robbed="W", last_tile=True)
    assert "chankan" in got and "houtei" not in got


def test_random_hands_balance_and_pay_in_hundreds():
    from tests.test_riichi_diff import diff

    for text, _spec, ctx, _kw in diff.make_cases(600, 4242):
        try:
            r = score(text, dict(ctx), variant="riichi")
        except IllegalWin:
            continue
        assert sum(r.net.values()) == 0
        assert all(t.amount > 0 and t.amount % 100 == 0 for t in r.transfers), text
