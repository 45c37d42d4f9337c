"""Hangzhou (Hangzhou rules, Introduction and Immediate third time banker, and the Hangzhou digest): every double
with a hand that has it and one that almost has it, the per-seat payments of the Japanese digest for
1, 2 and 3+ lao, the theoretical maximum, every refusal, the robbed kong and the three-set liability
cases, the options, zero-sum over generated hands and the example session.

Expected figures are worked out from the text: unit 1, x2 per double (Hangzhou rules, Payout scheme), pairs with the
banker x2 / x4 / x8 at lao 1 / 2 / 3+ (Hangzhou rules, Payout scheme), lao = streak + 1 (RULINGS hangzhou)."""
import random
from pathlib import Path

import pytest
import yaml

import scorer
from scorer.core import engine
from scorer.errors import ContextError, IllegalWin, MjError
from scorer.notation.tiles import tile_name
from scorer.rulesets.variant import load_variant
from tests.gen import random_context, random_winning

V = "hangzhou"
PLAIN = "123m 456m 789p 234s 55s"  # no fortune (indicator 9s), no white: no double
WILD_EYE = "123m 456m 789p EEE 9s 5s"  # the fortune 9s waits alone for its eye; 5s drawn
# PLAIN's tiles won on 3s (2-4 waiting on the middle): a robbed kong's tile is the fourth copy, so the
# winner holds it once (the 5s pair of PLAIN cannot be robbed). No double depends on the wait here.
ROBBABLE = "123m 456m 789p 55s 24s 3s"


def sc(hand, rules=None, **ctx):
    ctx.setdefault("indicator", "9s")
    if not any(k in ctx for k in ("discarder", "robbed", "kong_draw")):
        ctx.setdefault("self_draw", True)
    return engine.score(hand, variant=V, rules=rules, **ctx)


def names(r):
    return {i.name: i.count for i in r.value.items}


def paid(r):
    """{seat: what it pays} (positive), the winner left out."""
    return {s: -v for s, v in r.net.items() if v < 0}


def refused(hand, fragment, rules=None, **ctx):
    with pytest.raises(IllegalWin) as e:
        sc(hand, rules, **ctx)
    assert fragment in str(e.value), str(e.value)


# ---- payments by staying count: Hangzhou digest, 牢 (staying count) ---------------------------------------------

@pytest.mark.parametrize("streak, seat, want", [
    # 1牢: 親のツモなら,子3人が2点ずつ / 子のツモなら,親は2点,子2人は1点ずつ
    (0, "E", {"S": 2, "W": 2, "N": 2}),
    (0, "S", {"E": 2, "W": 1, "N": 1}),
    # 2牢: 4 each / banker 4, the others 1
    (1, "E", {"S": 4, "W": 4, "N": 4}),
    (1, "W", {"E": 4, "S": 1, "N": 1}),
    # 3牢以上: 8 each / banker 8, the others 1; 'three or more' (Hangzhou rules, Payout scheme): five stays pay as three
    (2, "E", {"S": 8, "W": 8, "N": 8}),
    (2, "N", {"E": 8, "S": 1, "W": 1}),
    (5, "E", {"S": 8, "W": 8, "N": 8}),
    (5, "S", {"E": 8, "W": 1, "N": 1}),
])
def test_own_tile_payments_by_lao(streak, seat, want):
    r = sc(PLAIN, seat=seat, streak=streak)
    assert r.value.total == 0 and r.value.base == 1
    assert paid(r) == want
    assert r.net[seat] == sum(want.values())


@pytest.mark.parametrize("seat, discarder", [("S", "E"), ("E", "W")])
def test_claim_at_lao3_discarder_pays_eight(seat, discarder):
    # Hangzhou rules, Payout scheme and Hangzhou digest, 牢 (staying count): 親から子,子から親への振込みでは,振り込んだ人が上がった人に8点
    r = sc(PLAIN, seat=seat, discarder=discarder, streak=2)
    assert r.transfers and all(t.frm == discarder for t in r.transfers)
    assert paid(r) == {discarder: 8}


def test_banker_seat_is_the_dealer_not_east():
    # the banker is whoever deals (dealer W); E pays as a non-banker: 1; W as banker at lao 1: 2
    r = sc(PLAIN, seat="S", dealer="W")
    assert paid(r) == {"W": 2, "E": 1, "N": 1}


# ---- every double: a hand that has it, one that almost has it ----------------------------------------

CASES = [
    # (pattern, doubles, hand with it, its context, hand almost with it, its context)
    ("wild_eye", 1, WILD_EYE, {}, "123m 456m 78p 9s EEE 5s 5s", {}),  # almost: the fortune is in 789p
    ("fortune_float", 1, WILD_EYE, {"floats": 1}, WILD_EYE, {"floats": 0}),
    ("double_float", 2, WILD_EYE, {"floats": 2}, WILD_EYE, {"floats": 1}),
    ("kong_bloom", 1, "{1111m} [2222m,5] 456p 789s 5p 5p", {"kong_draw": 1},
     "{1111m} [2222m,5] 456p 789s 5p 5p", {}),
    ("robbing_kong", 1, ROBBABLE, {"robbed": "S", "streak": 2}, ROBBABLE, {"streak": 2}),
    ("seven_pairs", 1, "1133m 5577p 2s9s EE CC", {}, "112233m 555p 777p EE", {}),
    ("clean_seven_pairs", 1, "1133m 5577p 22s EE CC", {}, "1133m 5577p 2s9s EE CC", {}),
    ("deluxe", 1, "1111m 5577p 22s EE CC", {}, "111m 9s 5577p 22s EE CC", {}),  # almost: a fortune in the four
]


@pytest.mark.parametrize("name, doubles, has, has_ctx, almost, almost_ctx", CASES, ids=[c[0] for c in CASES])
def test_double_has_and_almost(name, doubles, has, has_ctx, almost, almost_ctx):
    r = sc(has, **has_ctx)
    assert name in names(r)
    assert next(i.value for i in r.value.items if i.name == name) == doubles
    assert name not in names(sc(almost, **almost_ctx))


def test_wild_eye_pays_double():
    # banker E at lao 1, wild eye x2: 1 x 2 x 2 = 4 from each; almost: the plain 2
    assert paid(sc(WILD_EYE)) == {"S": 4, "W": 4, "N": 4}
    assert paid(sc("123m 456m 78p 9s EEE 5s 5s")) == {"S": 2, "W": 2, "N": 2}


def test_wild_eye_on_two_fortunes_and_on_a_white():
    # four sets and a lone fortune, a second fortune drawn: a wild eye (any tile would have won)
    assert names(sc("123m 456m 789p 234s 5s5s", indicator="5s")) == {"wild_eye": 1}
    # the white dragon drawn is 9s at face value and pairs with the lone fortune 9s: still a wild eye
    assert names(sc("123m 456m 789p EEE 9s P")) == {"wild_eye": 1}
    # a lone natural tile completed by a drawn fortune is a plain single wait, not a wild eye
    assert "wild_eye" not in names(sc("123m 456m 789p EEE 5s 9s"))


def test_float_payments():
    # fortune float: wild eye x2 x float x2 = x4 (Hangzhou rules, Payout scheme); banker lao 1: 4 x 2 = 8 each
    assert paid(sc(WILD_EYE, floats=1)) == {"S": 8, "W": 8, "N": 8}
    # double float: x8 including wild eye (Hangzhou rules, Payout scheme); non-banker S at lao 2: E 8 x 4 = 32, W 8, N 8
    assert paid(sc(WILD_EYE, floats=2, seat="S", streak=1)) == {"E": 32, "W": 8, "N": 8}


def test_kong_bloom_doubles_per_kong_of_the_streak():
    hand = "{1111m} [2222m,5] 456p 789s 5p 5p"
    # two kongs in the streak: x4; banker lao 1: 4 x 2 = 8 each
    assert names(sc(hand, kong_draw=2)) == {"kong_bloom": 2}
    assert paid(sc(hand, kong_draw=2)) == {"S": 8, "W": 8, "N": 8}
    # one kong: x2 -> 4 each
    assert paid(sc(hand, kong_draw=1)) == {"S": 4, "W": 4, "N": 4}


def test_seven_pairs_values():
    # with a fortune: x2 -> banker lao 1 pays 2 x 2 = 4 each
    assert paid(sc("1133m 5577p 2s9s EE CC")) == {"S": 4, "W": 4, "N": 4}
    # without fortune: x4 -> 8 each
    assert paid(sc("1133m 5577p 22s EE CC")) == {"S": 8, "W": 8, "N": 8}
    # deluxe 1111m: x2 x2 x2 = x8 -> 16 each; two deluxe quads: x16 -> 32 each
    assert paid(sc("1111m 5577p 22s EE CC")) == {"S": 16, "W": 16, "N": 16}
    assert paid(sc("1111m 5577p 2222s CC")) == {"S": 32, "W": 32, "N": 32}


def test_clean_seven_pairs_on_a_claim_option():
    hand = "1133m 5577p 22s EE CC"
    # the rule as written (Hangzhou rules, Payout scheme): x4 also on a claim; S discards to banker E at lao 3: 4 x 8 = 32
    assert paid(sc(hand, discarder="S", streak=2)) == {"S": 32}
    # 'Some (many?) play that the extra double ... is not awarded in case of win by claiming': x2 -> 16
    r = sc(hand, {"clean_seven_pairs_on_claims": False}, discarder="S", streak=2)
    assert names(r) == {"seven_pairs": 1} and paid(r) == {"S": 16}
    # own-tile wins keep it under that option: 2 x 4 = 8 each
    assert paid(sc(hand, {"clean_seven_pairs_on_claims": False})) == {"S": 8, "W": 8, "N": 8}


def test_fortune_at_face_value_option():
    # the pair 9s 9s is two fortunes standing for their own face: 'with fortune' by default (x2),
    # clean (x4) when such a fortune counts as natural
    hand = "1133m 5577p 9s9s EE CC"
    assert names(sc(hand)) == {"seven_pairs": 1}
    assert names(sc(hand, {"fortune_at_face_is_natural": True})) == {"seven_pairs": 1, "clean_seven_pairs": 1}


def test_theoretical_maximum_1024():
    # Hangzhou rules, Payout scheme: a streak of four kongs (x16), double float (x8), banker at 3 lao (x8): 1024 times a unit
    r = sc("{1111m} {2222m} {3333m} {4444m} 9s 5p", kong_draw=4, floats=2, streak=2)
    assert r.value.base == 128  # 16 x 8
    assert paid(r) == {"S": 1024, "W": 1024, "N": 1024}


# ---- robbing a kong: Hangzhou rules, Payout scheme and Exceptions to the payout scheme ------------------------------------------------------------------

def test_robbed_kong_paid_by_the_robbed_player():
    # banker E robs S at lao 3: three own-tile shares of 1 x 2 x 8 = 16, all paid by S: 48
    r = sc(ROBBABLE, robbed="S", streak=2)
    assert paid(r) == {"S": 48}
    # non-banker S robs the banker at lao 3: E's share 2 x 8 = 16, W 2, N 2, all paid by E: 20
    assert paid(sc(ROBBABLE, seat="S", robbed="E", streak=2)) == {"E": 20}


def test_robbing_at_two_lao_is_an_option():
    refused(ROBBABLE, "kong can be robbed only", seat="S", robbed="E", streak=1)
    # rob_min_lao 2: E 1 x 2 x 4 = 8, W 2, N 2 -> E pays 12
    assert paid(sc(ROBBABLE, {"rob_min_lao": 2}, seat="S", robbed="E", streak=1)) == {"E": 12}


# ---- legality: Hangzhou rules, Win (胡牌) and the doubles' conditions --------------------------------------------------

REFUSALS = [
    # (hand, context, rules, message fragment)
    (PLAIN, {"seat": "S", "discarder": "E", "streak": 1}, None, "claimed for a win only"),
    (PLAIN, {"seat": "S", "discarder": "E"}, None, "claimed for a win only"),
    (PLAIN, {"seat": "S", "discarder": "W", "streak": 2}, None, "only between the banker and a non-banker"),
    (ROBBABLE, {"seat": "S", "robbed": "N", "streak": 2}, None, "only between the banker and a non-banker"),
    (WILD_EYE, {"seat": "S", "discarder": "E", "streak": 2}, None, "wild-eye hand"),
    (WILD_EYE, {"seat": "S", "robbed": "E", "streak": 2}, None, "wild-eye hand"),
    # the calling hand was four sets and a lone fortune: refused although 33m + 12m(9s) also reads it
    ("123m 456m 789p EEE 9s 3m", {"seat": "S", "discarder": "E", "streak": 2}, None, "wild-eye hand"),
    ("123m 456m 789p EE 55s 9s", {"seat": "S", "discarder": "E", "streak": 2}, None, "discarded fortune"),
    ("[999s,1] 123m 456m 789p 55s", {}, None, "cannot contain fortune"),
    ("{9999s} 123m 456m 789p 55s", {}, None, "cannot contain fortune"),
    ("9999s 123m 456m 789p 5s", {}, None, "only three fortune tiles"),
    (PLAIN, {"seat": "S", "discarder": "E", "streak": 2}, {"wall_only": True}, "wall-only"),
    # the engine refuses these for every ruleset before the variant's own kong-bloom refusal (ImpossibleHand)
    (PLAIN, {"kong_draw": 1}, None,
     "--kong-draw 1: a replacement tile follows the winner's own kong, and this hand shows 0 kongs"),
    ("{1111m} [2222m,5] 456p 789s 5p 5p", {"kong_draw": 3}, None,
     "--kong-draw 3: a replacement tile follows the winner's own kong, and this hand shows 2 kongs"),
    ("123m 456m 78p 9s EEE 5s 5s", {"floats": 1}, None, "won by wild eye"),
]


@pytest.mark.parametrize("hand, ctx, rules, fragment", REFUSALS)
def test_refusals(hand, ctx, rules, fragment):
    refused(hand, fragment, rules, **ctx)


def test_refusal_cites_its_rule():
    with pytest.raises(IllegalWin) as e:
        sc(PLAIN, seat="S", discarder="W", streak=2)
    assert "Hangzhou rules, Win (胡牌)" in str(e.value)


def test_claims_at_two_lao_are_an_option():
    # claim_min_lao 2 (RULINGS): S discards to banker E at lao 2: 1 x 4 = 4
    assert paid(sc(PLAIN, {"claim_min_lao": 2}, discarder="S", streak=1)) == {"S": 4}


def test_fortune_used_in_a_claimed_run_is_fine():
    # Hangzhou rules, Win (胡牌): a run containing a fortune may be completed by a discarded tile: 4p + fortune 9s wait
    # for 5p (345p or 456p), claimed from banker E at lao 3: E pays 1 x 8 = 8
    assert paid(sc("123m 456m 4p9s EE 678s 5p", seat="S", discarder="E", streak=2)) == {"E": 8}


# ---- white dragons: the indicator's face value (Hangzhou rules, Fortune tiles (财神)) -------------------------------------------

def test_white_dragon_is_the_indicator_face():
    # 78s + P (= 9s) is a run, the white won on; no fortune held: plain, banker lao 1: 2 each
    r = sc("123m 456m 789p 55s 78s P")
    assert paid(r) == {"S": 2, "W": 2, "N": 2} and "wild_eye" not in names(r)
    # a discarded white can be claimed (it is not a fortune): S discards it to banker E at lao 3: 8
    assert paid(sc("123m 456m 789p 55s 78s P", discarder="S", streak=2)) == {"S": 8}
    # an open pung may hold white dragons (Hangzhou rules, Pung (碰))
    assert paid(sc("[PPP,1] 123m 456m 789p 55s")) == {"S": 2, "W": 2, "N": 2}


def test_open_run_with_the_indicator_face_reads_as_a_white():
    # [789s] with indicator 9s: a fortune cannot be in an open run, so its 9s is a white dragon
    assert paid(sc("[789s] 123m 456m 789p 55s")) == {"S": 2, "W": 2, "N": 2}
    # ... and the whites then number five: refused
    refused("[789s] {PPPP} 123m 456m 5s 5s", "four white dragons")


# ---- permanent fortune (Hangzhou rules, Permanent fortune): option fortune_from = fixed -------------------------------------

FIXED = {"fortune_from": "fixed"}


def test_permanent_fortune_whites_are_wild():
    r = engine.score("123m 456m 789p EEE P 5s", variant=V, rules=FIXED, self_draw=True)
    assert names(r) == {"wild_eye": 1} and paid(r) == {"S": 4, "W": 4, "N": 4}
    # 9s is an ordinary tile there: no fortune, and the tiles make no hand
    with pytest.raises(IllegalWin):
        engine.score(WILD_EYE, variant=V, rules=FIXED, self_draw=True)


def test_permanent_fortune_refusals():
    refused("123m 456m 789p EEE P 5s", "flips no indicator", FIXED)  # sc gives --indicator 9s
    with pytest.raises(IllegalWin, match="cannot contain fortune"):
        engine.score("[PPP,1] 123m 456m 789p 55s", variant=V, rules=FIXED, self_draw=True)


def test_indicator_is_required():
    with pytest.raises(ContextError):
        engine.score(PLAIN, variant=V, self_draw=True)


# ---- three-set liability and counter-liability (Hangzhou rules, Exceptions to the payout scheme), variations (586, 588) ---------------------

THREE_CHOWS = "[123m] [456m] [789m] 234s 55s"  # chows come from the left: for S, that is E


def test_three_set_liability():
    # S self-draws at lao 1 with three chows from E: E 2 + W 1 + N 1 = 4, all paid by E
    assert paid(sc(THREE_CHOWS, seat="S")) == {"E": 4}
    # W with three pungs from the right (N): E 2 + S 1 + N 1 = 4, all paid by N
    assert paid(sc("[111p,3] [222p,3] [333p,3] 234s 55s", seat="W")) == {"N": 4}
    # two sets from one player make no liability
    assert paid(sc("[123m] [456m] [777p,3] 234s 55s", seat="S")) == {"E": 2, "W": 1, "N": 1}


def test_counter_liability_doubles():
    # banker E self-draws at lao 1 (2 + 2 + 2 = 6); S made three chows from E: S pays 2 x 6 = 12
    others = {"S": "[123p] [456p] [789s]"}
    assert paid(sc(PLAIN, others=others)) == {"S": 12}
    assert paid(sc(PLAIN, {"counter_liability_times": 1}, others=others)) == {"S": 6}
    assert paid(sc(PLAIN, {"counter_liability_times": 0}, others=others)) == {"S": 2, "W": 2, "N": 2}
    # stated with --set when the other hand is not given
    assert paid(sc(PLAIN, counter_liable="S")) == {"S": 12}


def test_liability_both_ways_pays_three_times():
    # S took three chows from E and E three pungs from S (S is E's right, source 3): E pays 3 x 4 = 12
    r = sc(THREE_CHOWS, seat="S", others={"E": "[555p,3] [666p,3] [777p,3]"})
    assert paid(r) == {"E": 12}


def test_liable_flag():
    # --liable W: W pays the banker's full 6
    assert paid(sc(PLAIN, liable="W")) == {"W": 6}


def test_liability_on_wall_wins_only_by_default():
    # S claims from E at lao 3 holding three chows from E: the discarder's 8 only
    assert paid(sc(THREE_CHOWS, seat="S", discarder="E", streak=2)) == {"E": 8}
    # robbed kong (won on 3s in 2-4s: the robbed tile is held once): the robbed N pays all three shares
    # (3 x 2 x 8 = 48); S, who gave E three pungs, nothing
    assert paid(sc("[111p,3] [222p,3] [333p,3] 55s 24s 3s", robbed="N", streak=2)) == {"N": 48}


def test_liability_on_claims_option():
    on = {"liability_on_claims": True}
    # the discarder E is also liable: pays 8 and the full 8 again = 16 (Hangzhou rules, Liability for win by a discarded tile: 'double')
    assert paid(sc(THREE_CHOWS, on, seat="S", discarder="E", streak=2)) == {"E": 16}
    # S holds three pungs from W (its right); E discards: E 8, W the full 8 on top
    assert paid(sc("[111p,3] [222p,3] [333p,3] 234s 55s", on, seat="S", discarder="E", streak=2)) == {"E": 8, "W": 8}


@pytest.mark.parametrize("hand, seat, streak, rules, ok", [
    # banker_only: W (non-banker) with three pungs from N (non-banker) is forbidden ...
    ("[111p,3] [222p,3] [333p,3] 234s 55s", "W", 0, {"liability_restriction": "banker_only"}, False),
    # ... S with three chows from the banker E is allowed
    (THREE_CHOWS, "S", 0, {"liability_restriction": "banker_only"}, True),
    # no_three_chows: three chows between non-bankers (W from S) forbidden, a pung among them allowed
    (THREE_CHOWS, "W", 0, {"liability_restriction": "no_three_chows"}, False),
    ("[123m] [456m] [777p,1] 234s 55s", "W", 0, {"liability_restriction": "no_three_chows"}, True),
    # max_two: never three from one player, banker or not
    (THREE_CHOWS, "S", 0, {"liability_restriction": "max_two"}, False),
    # restriction only at 3 lao: lao 1 allowed, lao 3 forbidden
    (THREE_CHOWS, "W", 0, {"liability_restriction": "no_three_chows", "liability_restriction_when": "lao3"}, True),
    (THREE_CHOWS, "W", 2, {"liability_restriction": "no_three_chows", "liability_restriction_when": "lao3"}, False),
    (THREE_CHOWS, "W", 1, {"liability_restriction": "no_three_chows", "liability_restriction_when": "staying"}, False),
])
def test_liability_restrictions(hand, seat, streak, rules, ok):
    if ok:
        assert sum(sc(hand, rules, seat=seat, streak=streak).net.values()) == 0
    else:
        refused(hand, "liability restriction", rules, seat=seat, streak=streak)


def test_second_half_float_liability():
    rules = {"float_second_half_liability": True, "float_claims": True}
    # double float won by banker E at lao 1: 8 x 2 = 16 from each; S discarded the tile claimed before
    # the last two doubles: each pays 16 / 4 = 4 and S the remaining 12 of each share: S 4 + 36 = 40
    r = sc(WILD_EYE, rules, floats=2, float_liable="S", float_liable_doubles=2)
    assert paid(r) == {"S": 40, "W": 4, "N": 4}
    refused(WILD_EYE, "needs a float", {"float_second_half_liability": True}, floats=2, float_liable="S",
            float_liable_doubles=2)
    refused(WILD_EYE, "needs a float", rules, float_liable="S", float_liable_doubles=2)
    with pytest.raises(ContextError):
        sc(WILD_EYE, rules, floats=2, float_liable="S", float_liable_doubles=4)


# ---- the variant as data --------------------------------------------------------------------------

def test_options_listed():
    v = load_variant(V)
    cap = v.options["session_loss_cap"]
    assert cap.default == 0 and set(cap.choices) == {0, 40, 50, 100}
    assert v.options["seven_pairs_quads"].default is True
    for name in ("fortune_from", "claim_min_lao", "rob_min_lao", "wall_only", "clean_seven_pairs_on_claims",
                 "counter_liability_times", "liability_on_claims", "liability_restriction",
                 "float_second_half_liability"):
        assert v.options[name].doc
    with pytest.raises(MjError):
        sc(PLAIN, {"session_loss_cap": 30})


def test_pay_from_a_doubles_total():
    # `mjscore pay --total 3`: three doubles, x8; non-banker S self-draws at lao 2: E 8 x 4 = 32, W 8, N 8
    value, transfers, net = engine.pay(3, variant=V, seat="S", self_draw=True, streak=1, indicator="9s")
    assert value.base == 8 and net == {"E": -32, "S": 48, "W": -8, "N": -8}


def test_zero_sum_over_generated_hands():
    rng = random.Random(20181014)
    legal = 0
    for _ in range(400):
        hand = random_winning(rng)
        ctx = random_context(rng)
        ctx["indicator"] = tile_name(rng.randrange(34))
        ctx["streak"] = rng.randrange(5)
        if ctx.get("self_draw") and rng.random() < 0.3:
            ctx["floats"] = rng.choice([1, 2])
        try:
            r = engine.score(hand, ctx, variant=V)
        except IllegalWin:
            continue
        legal += 1
        assert sum(r.net.values()) == 0
        assert all(t.amount > 0 for t in r.transfers)
        assert r.net[r.ctx.seat] > 0
    assert legal > 100


# ---- the example session ----------------------------------------------------------------------------

SESSION = Path(__file__).resolve().parent.parent / "examples" / "hangzhou-session.yaml"
# net per record, from the arithmetic in each record's comment (seats that do not pay are 0)
SESSION_NET = [
    {"E": -2, "S": 4, "W": -1, "N": -1},
    {"E": -4, "S": 12, "W": -4, "N": -4},
    {"E": -1, "S": -4, "W": 6, "N": -1},
    {"E": -2, "S": -2, "W": -4, "N": 8},
    {"E": -4, "S": -4, "W": -4, "N": 12},
    {"E": 24, "S": -4, "W": -4, "N": -16},
    {"E": 0, "S": -4, "W": 4, "N": 0},
    {"E": -8, "S": -8, "W": 24, "N": -8},
    {"E": -32, "S": -32, "W": 96, "N": -32},
    {"E": 0, "S": -8, "W": 8, "N": 0},
    {"E": 0, "S": 0, "W": -32, "N": 32},
    {"E": 0, "S": 0, "W": -6, "N": 6},
    {"E": 12, "S": -12, "W": 0, "N": 0},
    {"E": -16, "S": 32, "W": -8, "N": -8},
    {"E": -16, "S": 48, "W": -16, "N": -16},
    {"E": -1, "S": -4, "W": 6, "N": -1},
    {"E": -1, "S": -1, "W": -2, "N": 4},
    {"E": -2, "S": -2, "W": -2, "N": 6},
    {"E": -16, "S": -16, "W": -16, "N": 48},
    {"E": 0, "S": -48, "W": 0, "N": 48},
    {"E": 10, "S": -1, "W": -1, "N": -8},
    {"E": 12, "S": -4, "W": -4, "N": -4},
    {"E": 8, "S": -8, "W": 0, "N": 0},
]
RECORDS = yaml.safe_load(SESSION.read_text())


def test_session_has_twenty_records():
    assert len(RECORDS) == len(SESSION_NET) >= 20


@pytest.mark.parametrize("i", range(len(SESSION_NET)))
def test_session_records(i):
    rec = RECORDS[i]
    r = scorer.score(rec["hand"], {k: v for k, v in rec.items() if k != "hand"})
    assert r.variant.id == V
    assert r.net == SESSION_NET[i]
