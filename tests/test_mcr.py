"""Chinese Official (MCR, the Green Book): every fan with a hand that has it and one that almost has it,
each checked against the Green Book's definition (the comment) and the reference engine MahjongGB
(the same hand must have / lack the fan there too); the exclusion and account-once principles with
the rule books' own examples; the special forms; the 8-fan minimum; the fourth tile; payments."""
import pytest

from scorer.core import engine
from scorer.errors import IllegalWin, MjError
from scorer.notation.parse import parse_hand

MahjongGB = pytest.importorskip("MahjongGB")

V = "mcr"
_GB = [f"W{r}" for r in range(1, 10)] + [f"B{r}" for r in range(1, 10)] + [f"T{r}" for r in range(1, 10)] + \
      ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
_NAMES = {"Big Three Winds": "big_three_winds", "Two Dragons Pungs": "two_dragon_pungs", "All Five": "all_fives",
          "Self-Drawn": "self_drawn", "Flower Tiles": "flower_tiles",
          "Concealed Kong and Melded Kong": "concealed_and_melded_kong"}


def _ctx(ctx):
    ctx = dict(ctx)
    ctx.setdefault("seat", "E")
    ctx.setdefault("round", "E")
    if not any(k in ctx for k in ("discarder", "robbed", "kong_draw", "self_draw")):
        ctx["discarder"] = "N"
    return ctx


def ours(hand, rules=None, **ctx):
    """{fan: count} of mjscore's chosen reading (the minimum off, so any fan can be looked at)."""
    r = engine.score(hand, variant=V, rules={"min_fan": 0, **(rules or {})}, **_ctx(ctx))
    return {i.name: i.count for i in r.value.items}


def reference(hand, **ctx):
    """{fan: count} of MahjongGB for the same hand and win."""
    ctx = _ctx(ctx)
    h = parse_hand(hand)
    packs = []
    for m in h.melds:
        if m.kind == "chow":
            packs.append(("CHI", _GB[m.tile + 1], m.claimed or 1))
        elif m.kind == "pung":
            packs.append(("PENG", _GB[m.tile], m.source or 1))
        else:
            packs.append(("GANG", _GB[m.tile], 0 if m.concealed else (m.source - 4 if m.source >= 5 else m.source)))
    standing = list(h.concealed)
    standing.remove(h.win_tile)
    self_drawn = bool(ctx.get("self_draw") or ctx.get("kong_draw"))
    fans = MahjongGB.MahjongFanCalculator(
        tuple(packs), tuple(_GB[t] for t in standing), _GB[h.win_tile], len(h.bonus), self_drawn,
        bool(ctx.get("fourth_tile")), bool(ctx.get("kong_draw") or ctx.get("robbed")), bool(ctx.get("last_tile")),
        "ESWN".index(ctx["seat"]), "ESWN".index(ctx["round"]), True)
    out = {}
    for _value, count, _zh, en in fans:
        name = _NAMES.get(en) or en.lower().replace("honors", "honours").replace("-", "_").replace(" ", "_")
        out[name] = count
    return out


# (fan, hand that has it, hand that almost has it, context for both; discard from N, seat and round E
# unless said). The comment says what the almost-hand lacks, from the Green Book's definition.
CASES = [
    ("big_four_winds", "EEE SSS WWW NNN 5m5m", "EEE SSS WWW NN 123m", {}),  # 3 wind pungs + wind pair
    ("big_three_dragons", "CCC FFF PPP 123m 55p", "CCC FFF PP 123m 456p", {}),  # a dragon pair
    ("all_green", "234s 234s 666s 888s FF", "234s 234s 666s 888s 55s", {}),  # 5s is not green
    ("nine_gates", "1112345678999m 5m", "1122345678999m 1m", {}),  # the 13 before the win are not 1112345678999
    ("four_kongs", "[1111m,1] [2222p,2] [3333s,3] [EEEE,1] 5p 5p", "[1111m,1] [2222p,2] [3333s,3] [EEE,1] 5p 5p", {}),
    ("seven_shifted_pairs", "1122334455667p 7p", "1122334455668p 8p", {}),
    ("thirteen_orphans", "19m19p19sESWNCFP C", "111m 999p EEE NN CCC", {}),
    ("all_terminals", "111m 999m 111p 999s 1s1s", "111m 999m 111p 999s EE", {}),  # an honour
    ("little_four_winds", "EEE SSS WWW NN 123m", "EEE SSS WWW 123m 5p5p", {}),  # the pair is no wind
    ("little_three_dragons", "CCC FFF PP 123m 456p", "CCC FFF 123m 456p 5s5s", {}),
    ("all_honours", "EEE SSS CCC FFF PP", "EEE SSS CCC FFF 1m1m", {}),
    ("four_concealed_pungs", "111m 333p 555s 99m 777s", "111m 333p 555s 99m 777s", {"self_draw": True}),
    ("pure_terminal_chows", "123m 123m 789m 789m 5m5m", "123m 123m 789m 789m 5p5p", {}),
    ("quadruple_chow", "123m 123m 123m 123m 5p5p", "123m 123m 123m 234m 5p5p", {}),
    ("four_pure_shifted_pungs", "111m 222m 333m 444m 5p5p", "111m 222m 333m 555m 9p9p", {}),
    ("four_pure_shifted_chows", "123m 234m 345m 456m 9p9p", "123m 234m 345m 567m 9p9p", {}),
    ("three_kongs", "[1111m,1] [2222p,2] [3333s,3] 456m 5p5p", "[1111m,1] [2222p,2] [333s,3] 456m 5p5p", {}),
    ("all_terminals_and_honours", "111m 999p EEE CCC 1s1s", "111m 999p EEE 123s 1s1s", {}),
    ("seven_pairs", "1133m 5577p 99s EE C C", "11m 123m 555p 567p EE E", {}),
    ("greater_honours_and_knitted_tiles", "147m 258p 3s ESWNCF P", "147m 258p 36s ESWNC F", {}),
    ("all_even_pungs", "222m 444p 666s 888m 2s2s", "222m 444p 666s 888m 5s5s", {}),
    ("full_flush", "123m 456m 789m 111m 9m9m", "123m 456m 789m 111m 9p9p", {}),
    ("pure_triple_chow", "[123m,1] [123m,1] 123m 456p 9s9s", "[123m,1] [123m,1] 234m 456p 9s9s", {}),
    ("pure_shifted_pungs", "111m 222m 333m 456p 9s9s", "111m 222m 444m 456p 9s9s", {}),
    ("upper_tiles", "789m 789p 777s 999s 8m8m", "789m 789p 666s 999s 8m8m", {}),  # a 6
    ("middle_tiles", "456m 456p 456s 444m 5p5p", "456m 456p 345s 444m 5p5p", {}),
    ("lower_tiles", "123m 123p 123s 111m 2p2p", "123m 123p 234s 111m 2p2p", {}),
    ("pure_straight", "123m 456m 789m 123s 5p5p", "123m 456m 678m 123s 5p5p", {}),
    ("three_suited_terminal_chows", "123m 789m 123p 789p 5s5s", "123m 789m 123p 789p 5p5p", {}),
    ("pure_shifted_chows", "123m 234m 345m 789p 5s5s", "123m 234m 456m 789p 5s5s", {}),
    ("all_fives", "345m 456p 567s 555m 5p5p", "345m 456p 567s 555m 2p2p", {}),
    ("triple_pung", "222m 222p 222s 789m 5p5p", "222m 222p 333s 789m 5p5p", {}),
    ("three_concealed_pungs", "222m 444p 789m 55p 666s", "222m 444p 789m 55p 666s", {"self_draw": True}),
    ("lesser_honours_and_knitted_tiles", "147m 258p 36s ESWNC F", "147m 258p 3s ESWNCF P", {}),
    ("knitted_straight", "147m 258p 369s 123m 5p5p", "147m 258p 36s ESWNC F", {}),
    ("upper_four", "678m 789p 666s 999s 8m8m", "567m 789p 666s 999s 8m8m", {}),  # a 5
    ("lower_four", "123m 234p 444s 111s 2m2m", "123m 345p 444s 111s 2m2m", {}),
    ("big_three_winds", "EEE SSS WWW 123m 5p5p", "EEE SSS 123m 456m 5p5p", {}),
    ("mixed_straight", "123m 456p 789s 111m 5p5p", "123m 456p 678s 111m 5p5p", {}),
    ("reversible_tiles", "123p 456s 888s PPP 9p 9p", "123p 567s 888s PPP 9p 9p", {}),  # 7s is not reversible
    ("mixed_triple_chow", "123m 123p 123s 789m 5p5p", "123m 123p 234s 789m 5p5p", {}),
    ("mixed_shifted_pungs", "222m 333p 444s 789m 5p5p", "222m 333p 555s 789m 5p5p", {}),
    ("chicken_hand", "[123m,1] 678s 234s EE 56p 4p", "[123m,1] 678s 234s EE 56p 4p", {}),  # almost: self-drawn
    ("last_tile_draw", "123m 456p 789s EEE 5s5s", "123m 456p 789s EEE 5s5s", {"self_draw": True, "last_tile": True}),
    ("last_tile_claim", "123m 456p 789s EEE 5s5s", "123m 456p 789s EEE 5s5s", {"last_tile": True}),
    ("out_with_replacement_tile", "[1111m,1] 456p 789s EEE 5s5s", "[1111m,1] 456p 789s EEE 5s5s", {"kong_draw": 1}),
    ("robbing_the_kong", "123m 456p EEE 55s 78s 9s", "123m 456p EEE 55s 78s 9s", {"robbed": "S"}),
    ("all_pungs", "[222m,1] 444p 666s 888m 5p5p", "[222m,1] 444p 678s 888m 5p5p", {}),
    ("half_flush", "123m 456m 789m EEE CC", "123m 456m 789p EEE CC", {}),
    ("mixed_shifted_chows", "123m 234p 345s 789m 5p5p", "123m 234p 456s 789m 5p5p", {}),
    ("all_types", "123m 456p 789s EEE C C", "123m 456p 789s EEE 5p5p", {}),
    ("melded_hand", "[123m,1] [456p,1] [789s,1] [EEE,1] C C", "[123m,1] [456p,1] [789s,1] [EEE,1] C C", {}),
    ("two_concealed_kongs", "{1111m} {2222p} 345s 678s 9m9m", "{1111m} [2222p,1] 345s 678s 9m9m", {}),
    ("two_dragon_pungs", "CCC FFF 123m 456p 9s9s", "CCC EEE 123m 456p 9s9s", {}),
    ("outside_hand", "123m 789p 111s 999s E E", "123m 678p 111s 999s E E", {}),
    ("fully_concealed_hand", "123m 456p 789s 234s 5m5m", "123m 456p 789s 234s 5m5m", {"self_draw": True}),
    ("two_melded_kongs", "[1111m,1] [2222p,2] 345s 678s 9m9m", "[1111m,1] [222p,2] 345s 678s 9m9m", {}),
    ("last_tile", "123m 456p EEE 55s 78s 9s", "123m 456p EEE 55s 78s 9s", {"fourth_tile": True}),
    ("dragon_pung", "CCC 123m 456p 789s 5m5m", "NNN 123m 456p 789s 5m5m", {}),
    ("prevalent_wind", "SSS 123m 456p 789s 5m5m", "SSS 123m 456p 789s 5m5m", {"round": "S"}),  # almost: round W
    ("seat_wind", "SSS 123m 456p 789s 5m5m", "SSS 123m 456p 789s 5m5m", {"seat": "S", "discarder": "E"}),
    ("concealed_hand", "123m 456p 789s EEE 5s5s", "[123m,1] 456p 789s EEE 5s5s", {}),
    ("all_chows", "123m 456p 789s 234s 5m5m", "123m 456p 789s 234s E E", {}),
    ("tile_hog", "111m 123m 456p 789s 5p5p", "{1111m} 234m 456p 789s 5p5p", {}),
    ("double_pung", "222m 222p 123s 456s 9m9m", "222m 333p 123s 456s 9m9m", {}),
    ("two_concealed_pungs", "222m 123s 456s 99m 444p", "222m 123s 456s 99m 444p", {"self_draw": True}),
    ("concealed_kong", "{2222m} 123p 456p 789s 5s5s", "[2222m,1] 123p 456p 789s 5s5s", {}),
    ("all_simples", "234m 456p 678s 222s 5m5m", "234m 456p 789s 222s 5m5m", {}),
    ("pure_double_chow", "123m 123m 456p 789s E E", "123m 234m 456p 789s E E", {}),
    ("mixed_double_chow", "123m 123p 456s 789m E E", "123m 234p 456s 789m E E", {}),
    ("short_straight", "123m 456m 789p 111s E E", "123m 567m 789p 111s E E", {}),
    ("two_terminal_chows", "123m 789m 456p 111s E E", "123m 789p 456p 111s E E", {}),
    ("pung_of_terminals_or_honours", "111m 234m 456p 789s 5s5s", "222m 234m 456p 789s 5s5s", {}),
    ("melded_kong", "[2222m,1] 123p 456p 789s 5s5s", "{2222m} 123p 456p 789s 5s5s", {}),
    ("one_voided_suit", "123m 456m 789p 111p E E", "123m 456s 789p 111p E E", {}),
    ("no_honours", "123m 456p 789s 111s 9m9m", "123m 456p 789s 111s E E", {}),
    ("edge_wait", "456p 789s 111s 99m 12m 3m", "456p 789s 111s 99m 23m 4m", {}),
    ("closed_wait", "456p 789s 111s 99m 13m 2m", "456p 789s 111s 99m 23m 4m", {}),
    ("single_wait", "123m 456p 789s 111s 9m 9m", "123m 456p 789s 99m 11s 1s", {}),  # almost: two waits
    ("self_drawn", "[123m,1] 456p 789s EEE 5s5s", "[123m,1] 456p 789s EEE 5s5s", {"self_draw": True}),
    ("flower_tiles", "123m 456p 789s EEE 5s5s 1f 2g", "123m 456p 789s EEE 5s5s", {}),
]
# where the almost-hand differs only in how it was won
ALMOST_CTX = {"four_concealed_pungs": {}, "three_concealed_pungs": {}, "two_concealed_pungs": {},
              "chicken_hand": {"self_draw": True}, "last_tile_draw": {"last_tile": True},
              "last_tile_claim": {"self_draw": True, "last_tile": True}, "out_with_replacement_tile": {"self_draw": True},
              "robbing_the_kong": {}, "melded_hand": {"self_draw": True}, "fully_concealed_hand": {},
              "last_tile": {}, "prevalent_wind": {"round": "W"}, "seat_wind": {"seat": "N", "discarder": "E"},
              "self_drawn": {}}


def test_every_fan_has_a_case():
    from scorer.rulesets.variant import load_variant

    names = {p.name for p in load_variant(V).patterns} - {"concealed_and_melded_kong"}
    assert len(names) == 81
    assert names == {c[0] for c in CASES}


@pytest.mark.parametrize("fan,has,almost,ctx", CASES, ids=[c[0] for c in CASES])
def test_fan(fan, has, almost, ctx):
    assert fan in ours(has, **ctx), "the hand that has it"
    assert fan in reference(has, **ctx), "MahjongGB agrees it has it"
    actx = ALMOST_CTX.get(fan, ctx)
    assert fan not in ours(almost, **actx), "the hand that almost has it"
    assert fan not in reference(almost, **actx), "MahjongGB agrees it lacks it"


@pytest.mark.parametrize("fan,has,almost,ctx", CASES, ids=[c[0] for c in CASES])
def test_fan_lists_match_the_reference(fan, has, almost, ctx):
    later = {"concealed_and_melded_kong": True}  # MahjongGB's 5-fan mixed kongs (a named difference)
    assert ours(has, later, **ctx) == reference(has, **ctx)
    actx = ALMOST_CTX.get(fan, ctx)
    assert ours(almost, later, **actx) == reference(almost, **actx)


# ---- exclusions and account once --------------------------------------------------------------

def test_account_once_two_suits_of_chows():
    # 234567s 234567p: the four chows combine three times only (account once): two mixed double
    # chows and one short straight (or the other way round), never 2 + 2
    got = ours("234s 567s 234p 567p E E")
    chow_fans = {k: v for k, v in got.items() if k in ("mixed_double_chow", "short_straight")}
    assert sum(chow_fans.values()) == 3


def test_non_identical_pure_double_chow():
    # 234s 223344p 567p: pure double chow, mixed double chow, short straight; not mixed double chow x2
    got = ours("234s 234p 234p 567p E E")
    assert got.get("pure_double_chow") == 1 and got.get("mixed_double_chow") == 1
    assert got.get("short_straight") == 1


def test_higher_fan_implies_lower():
    got = ours("123m 456m 789m 123m 5m5m")  # full flush implies no honours; pure straight its chow pairs
    assert "no_honours" not in got and "short_straight" not in got
    assert got["pure_straight"] == 1 and got["full_flush"] == 1


def test_big_three_winds_takes_its_pungs_of_honours():
    got = ours("EEE SSS WWW 111m 5p5p", seat="N", round="N", discarder="E")
    assert got["big_three_winds"] == 1 and got["pung_of_terminals_or_honours"] == 1  # the 1s only


def test_seat_wind_pung_is_not_also_a_pung_of_honours():
    got = ours("SSS 123m 456p 789s 5m5m", seat="S", round="S", discarder="E")
    assert got["seat_wind"] == 1 and got["prevalent_wind"] == 1 and "pung_of_terminals_or_honours" not in got


def test_concealed_pung_completed_by_a_discard_is_exposed():
    assert "two_concealed_pungs" not in ours("222m 123s 456s 99m 444p")
    # the winning tile read in a concealed chow instead keeps the pung concealed
    assert ours("222m 444p 45p 456s 9m9m 3p")["two_concealed_pungs"] == 1


# ---- special forms -----------------------------------------------------------------------------

def test_seven_pairs_with_four_of_a_kind_is_a_tile_hog():
    got = ours("1111m 3355p 99s CC E E")
    assert got["seven_pairs"] == 1 and got["tile_hog"] == 1


def test_knitted_straight_with_a_declared_set():
    got = ours("[123m,1] 147m 258p 369s 5p 5p")
    assert got["knitted_straight"] == 1 and got == reference("[123m,1] 147m 258p 369s 5p 5p")


def test_lesser_honours_with_a_knitted_straight():
    got = ours("147m 258p 369s ESWN C")
    assert got["lesser_honours_and_knitted_tiles"] == 1 and got["knitted_straight"] == 1


def test_most_fans_chosen_among_readings():
    # 111222333m: three pungs (pure shifted pungs) or three chows (pure triple chow); the equal-fan
    # reading with pure triple chow is shown, as the referee and MahjongGB show it
    hand = "111222333m 789p 5s 5s"
    got = ours(hand)
    assert got == reference(hand)
    r = engine.score(hand, variant=V, discarder="N")
    assert r.value.total == max(s.value.total for s in r.readings if not s.refused)


# ---- minimum, refusals, payments -----------------------------------------------------------------

def test_below_eight_fans_is_refused_and_flowers_do_not_count():
    with pytest.raises(IllegalWin, match="below the 8-fan minimum"):
        engine.score("[123m,1] 678s 234s EE 56p 4p 1f 2f 3f 4f 1g 2g 3g 4g", variant=V, self_draw=True)


def test_not_a_winning_hand():
    with pytest.raises(IllegalWin, match="not a winning hand"):
        engine.score("123m 456p 789s EEE 5s 7s", variant=V, discarder="N")


def test_fourth_tile_with_another_copy_held_is_refused():
    with pytest.raises(IllegalWin, match="fourth-tile"):
        engine.score("123m 456p 789s EEE 5s 5s", variant=V, discarder="N", fourth_tile=True)


def test_fourth_tile_known_from_the_melds():
    assert "last_tile" in ours("[555p,1] 123m 789s 6s6s 4p 6p 5p")  # 5p is the fourth: three are melded


def test_worked_example_payments():
    # pure straight 16, half flush 6, dragon pung 2, concealed hand 2, single wait 1 = 27 fans;
    # S discarded: S pays 8 + 27, W and N 8 each
    r = engine.score("123m456m789m CCC E E", variant=V, seat="E", round="E", discarder="S")
    assert r.value.total == 27
    assert r.net == {"E": 51, "S": -35, "W": -8, "N": -8}
    r = engine.score("123m456m789m CCC E E", variant=V, seat="E", round="E", self_draw=True)
    assert r.value.total == 29  # fully concealed (4) in place of concealed hand (2)
    assert r.net == {"E": 111, "S": -37, "W": -37, "N": -37}


def test_pay_from_a_total():
    _value, _transfers, net = engine.pay(12, variant=V, seat="W", discarder="E")
    assert net == {"E": -20, "S": -8, "W": 36, "N": -8}
    _value, _transfers, net = engine.pay(12, variant=V, seat="W", self_draw=True)
    assert net == {"E": -20, "S": -20, "W": 60, "N": -20}


def test_mixed_kongs_green_book_against_later_books():
    # named difference: one concealed and one melded kong. Green Book: concealed kong 2 + melded kong
    # 1; MahjongGB (later rule books): 明暗杠 5, the option concealed_and_melded_kong
    hand = "{1111m} [2222p,1] 345s 678s 9m9m"
    green = ours(hand)
    assert green.get("concealed_kong") == 1 and green.get("melded_kong") == 1
    later = ours(hand, {"concealed_and_melded_kong": True})
    assert later.get("concealed_and_melded_kong") == 1 and "melded_kong" not in later
    assert later == reference(hand)


def test_errors_are_mjerrors():
    with pytest.raises(MjError):
        engine.score("123m 456p 789s EEE 5s 5s", variant=V, robbed="N")  # the robbed tile held again


def test_kong_replacement_without_a_kong_is_refused():
    with pytest.raises(MjError, match="kong"):
        engine.score("123m 456p 789s EEE 5s 5s", variant=V, kong_draw=1)


def test_equal_readings_with_pure_triple_chows_show_the_last():
    """The one disagreement of the first million-hand run (seed 1), now agreeing: 1122344m + 3m with
    two melded chows reads 44 + 123m 123m (edge wait on 3m) or 11 + 234m 234m (closed wait), each
    with a pure triple chow and 68 fans. The Green Book scores the most fans and both have 68; the
    reading shown is MahjongGB's, the last pure-triple-chow reading of its division order."""
    hand = "[123m,3] [234m,1] 1122344m 3m"
    ctx = {"seat": "N", "round": "E", "self_draw": True}
    mine = ours(hand, {"concealed_and_melded_kong": True}, **ctx)
    assert mine == reference(hand, **ctx) and mine["closed_wait"] == 1
    r = engine.score(hand, variant=V, **ctx)
    assert {s.value.total for s in r.readings} == {68}
