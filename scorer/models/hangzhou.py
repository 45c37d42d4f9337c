"""Hangzhou money: a unit doubled once per double of the hand, times the banker's staying factor on
pairs with the banker; then the robbed kong, three-set liability / counter-liability and the
second-half float liability redirect who pays.

Rule text: "Hangzhou rules" (docs/SOURCES.md), Payout scheme and Exceptions to the payout scheme; line
numbers are the scraped copy's: 557-571 (payout), 574-578 (exceptions),
586-590 (liability variations); Hangzhou digest, 牢 (staying count) (per-seat payments by staying count)."""
from __future__ import annotations

from ..core.result import HandValue, Transfer
from ..errors import ContextError
from ..notation.parse import parse_hand
from ..patterns.hangzhou import lao, sets_by_supplier
from ..rulesets.registry import pair_condition, pay_model, value_model
from .pay import pair_amount


@pair_condition()
def banker_lao_1(ctx, loser):
    """The banker is not staying (平庄, 1牢): the banker's first hand."""
    return lao(ctx) == 1


@pair_condition()
def banker_lao_2(ctx, loser):
    """The banker is staying for two hands (2牢)."""
    return lao(ctx) == 2


@pair_condition()
def banker_lao_3(ctx, loser):
    """The banker is staying for three or more hands (3牢)."""
    return lao(ctx) == 3


@value_model(whole=True, exponent=64)
def hangzhou_doubles(items, ctx, bound, total=None, unit="doubles"):
    """'The score is doubled for any of these conditions' (Payout scheme): the hand is worth 2^doubles
    units, with no limit ('there are no limits for scores of winning hands', Prior agreement). From
    `mjscore pay --total N`, N is the number of doubles."""
    items = items or []
    doubles = int(total) if total is not None else int(sum(i.value for i in items))
    mult = 2 ** doubles
    return HandValue(items, doubles, unit, mult, details={"multiplier": mult}, key=(mult, doubles))


def _others_melds(ctx, seat):
    """Another player's exposed melds from `others:` (a hand string, or a mapping with `melds:` or
    `hand:`), or () when not given."""
    raw = (ctx.others or {}).get(seat)
    if isinstance(raw, dict):
        raw = raw.get("melds", raw.get("hand"))
    if raw is None:
        return ()
    if isinstance(raw, (list, tuple)):
        raw = " ".join(map(str, raw))
    return parse_hand(str(raw), partial=True).melds


def relations(ctx, facts, counter_times=2) -> dict:
    """{seat: (times, reasons)} of the three-set liabilities towards the winner (Exceptions to the payout scheme).
    Liability: the winner made three sets from that seat (times 1, 'B pays for himself as well as
    the other two players'); counter-liability: that seat made three sets from the winner (times
    `counter_times`, 'A pays his/her due as well as the other two players, everything doubled');
    both: 'three times the total amount'. `--liable SEAT` and `--set counter_liable=SEAT` state a
    relationship the hands given cannot show."""
    out: dict = {}

    def add(seat, times, why):
        t, ws = out.get(seat, (0, []))
        out[seat] = (t + times, ws + [why])

    liable = set()
    if facts is not None:
        for seat, melds in sets_by_supplier(facts.hand.melds, ctx.seat).items():
            if len(melds) >= 3:
                liable.add(seat)
    if ctx.liable:
        liable.add(ctx.liable)
    for seat in sorted(liable):
        add(seat, 1, f"three-set liability: {ctx.seat} made three sets from {seat}")
    if counter_times:
        counter = set()
        for seat in ctx.seats:
            if seat != ctx.seat and len(sets_by_supplier(_others_melds(ctx, seat), seat).get(ctx.seat, ())) >= 3:
                counter.add(seat)
        named = ctx.get("counter_liable")
        if named:
            named = str(named).upper()
            if named not in ctx.seats or named == ctx.seat:
                raise ContextError(f"counter_liable must be a seat other than the winner's, got {named!r}")
            counter.add(named)
        for seat in sorted(counter):
            add(seat, counter_times, f"three-set counter-liability x{counter_times}: {seat} made three sets from {ctx.seat}")
    return out


@pay_model()
def hangzhou_pay(value, ctx, bound, factors=(), facts=None, robbed_pays_all=True, liability_on_wall=True,
                 liability_on_claims=False, counter_times=2, float_liability=False):
    """Each non-winner pays the unit on an own-tile win, the discarder alone on a claimed win (Payout scheme), times the banker's factor on pairs with the banker (`factors`) and 2^doubles (the value's
    base). A robbed kong is scored as an own-tile win and the robbed player pays every share (Exceptions to the payout scheme, `robbed_pays_all`). Three-set liability (Exceptions to the payout scheme) replaces the payers on wall wins
    (`liability_on_wall`) and adds to the discarder's payment on discard wins with
    `liability_on_claims` (Liability for win by a discarded tile). `float_liability` (Second half liability of float): with `--set float_liable=SEAT
    float_liable_doubles=N`, that seat pays the part of every payment made by the last N doubles."""
    from ..rulesets.bind import when_ok

    factors = [f for f in factors if when_ok(f.get("when") or {}, bound.options)]
    winner = ctx.seat
    losers = [ctx.discarder] if ctx.win_type == "discard" else [s for s in ctx.seats if s != winner]
    shares = []
    for loser in losers:
        amount, why = pair_amount(value.base, factors, ctx, loser)
        shares.append((loser, amount, "; ".join(why)))
    out = [Transfer(loser, winner, amount, why) for loser, amount, why in shares]
    if ctx.win_type == "robbed" and robbed_pays_all:
        # Exceptions to the payout scheme: 'the player whose kong was robbed pays for the other two losers as well as him/herself'
        out = [Transfer(ctx.robbed, winner, amount,
                        why + ("" if loser == ctx.robbed else f"; {ctx.robbed} pays {loser}'s share (robbed kong; Hangzhou rules, Exceptions to the payout scheme)"))
               for loser, amount, why in shares]
    elif (ctx.by_self_draw and liability_on_wall) or (ctx.win_type == "discard" and liability_on_claims):
        rel = relations(ctx, facts, counter_times)
        if rel:
            full = sum(amount for _, amount, _ in shares)
            if ctx.by_self_draw:
                out = []  # the liable / counter-liable players pay for everyone
            for seat, (times, whys) in sorted(rel.items()):
                out.append(Transfer(seat, winner, times * full,
                                    f"{'; '.join(whys)}: {times} x the full {full:g} (Hangzhou rules, "
                                    f"{'Exceptions to the payout scheme' if ctx.by_self_draw else 'Liability for win by a discarded tile'})"))
    if float_liability and ctx.get("float_liable") is not None:
        out = _float_split(out, ctx, value)
    return out


def _float_split(out, ctx, value):
    """'a player who discards chow, pung or open kong tile to keep the float/kong streak going is solely
    liable for any doubles made after the discarding, while three players have to pay for score made
    before that' (Second half liability of float)."""
    liable = str(ctx.get("float_liable")).upper()
    if liable not in ctx.seats or liable == ctx.seat:
        raise ContextError(f"float_liable must be a seat other than the winner's, got {liable!r}")
    try:
        after = int(ctx.get("float_liable_doubles", 0))
    except (TypeError, ValueError):
        raise ContextError("float_liable_doubles must be a whole number of doubles") from None
    if not 1 <= after <= value.total:
        raise ContextError(f"float_liable_doubles must be 1..{value.total:g} (the hand's doubles), got {after}")
    split = []
    for t in out:
        # every payment carries the hand's 2^doubles, so the split is exact
        before = t.amount // 2 ** after if t.amount % 2 ** after == 0 else t.amount / 2 ** after
        split.append(Transfer(t.frm, t.to, before, t.why + f"; the part before the last {after} double(s)"))
        split.append(Transfer(liable, t.to, t.amount - before,
                              f"{liable} liable for the last {after} double(s) of {t.frm}'s payment (Hangzhou rules, Second half liability of float)"))
    return split
