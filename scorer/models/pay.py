"""Per-pair payments: every loser's amount is the hand's base times the factors that hold for that
winner-loser pair, then redirections (liability). Transfers are the only source of every money
figure the user sees, so the net always sums to zero."""
from __future__ import annotations

import math
from functools import lru_cache

from ..core.result import Transfer
from ..rulesets.bind import when_ok
from ..rulesets.context import Context
from ..rulesets.registry import PAIR_CONDITIONS, pair_condition, pay_model


@pair_condition()
def always(ctx, loser):
    """Every pair."""
    return True


@pair_condition()
def self_draw(ctx, loser):
    """The winner drew the winning tile."""
    return ctx.by_self_draw


@pair_condition()
def claimed(ctx, loser):
    """The winning tile was another player's (discard or robbed kong)."""
    return not ctx.by_self_draw


@pair_condition()
def winner_dealer(ctx, loser):
    """The winner is the dealer (East / banker)."""
    return ctx.seat == ctx.dealer


@pair_condition()
def loser_dealer(ctx, loser):
    """This loser is the dealer."""
    return loser == ctx.dealer


@pair_condition()
def pair_has_dealer(ctx, loser):
    """The dealer is the winner or this loser."""
    return ctx.dealer in (ctx.seat, loser)


@pair_condition()
def loser_discarder(ctx, loser):
    """This loser discarded the winning tile."""
    return loser == ctx.discarder


@pair_condition()
def loser_robbed(ctx, loser):
    """This loser's added kong was robbed."""
    return loser == ctx.robbed


@pair_condition()
def loser_claimed_from(ctx, loser):
    """This loser supplied the winning tile (discarded it, or had the kong robbed)."""
    return loser == ctx.payer_of_claim


def _condition(cond):
    """A pair condition name, "not NAME", or a list (all must hold) -> fn(ctx, loser)."""
    if isinstance(cond, list):
        parts = [_condition(c) for c in cond]
        return lambda ctx, loser: all(p(ctx, loser) for p in parts)
    return _named_condition(cond)


@lru_cache(maxsize=None)
def _named_condition(cond: str):
    if cond.startswith("not "):
        inner = _named_condition(cond[4:])
        return lambda ctx, loser: not inner(ctx, loser)
    return PAIR_CONDITIONS.get(cond).fn


def _holds(cond, ctx, loser) -> bool:
    return _condition(cond)(ctx, loser)


def pair_amount(base, factors, ctx, loser):
    """Apply factors in order: `times` multiplies, `plus` adds; returns (amount, reasons)."""
    amount, why = base, [f"base {base:g}"]
    for f in factors:
        if f.get("skip") or not _holds(f.get("if", "always"), ctx, loser):
            continue
        if "plus" in f:
            amount += f["plus"]
            why.append(f"+{f['plus']:g} {f.get('why', '')}".strip())
        if "times" in f:
            amount *= f["times"]
            why.append(f"x{f['times']:g} {f.get('why', '')}".strip())
    return amount, why


def redirect_liable(transfers, ctx, liable_seat):
    """The liable seat pays what every loser would have paid (baau)."""
    total = sum(t.amount for t in transfers)
    return [Transfer(liable_seat, ctx.seat, total, f"pays for all as liable ({', '.join(t.frm for t in transfers)})")]


@pay_model()  # (value, ctx and bound positional-only: see models/faan.py faan_table)
def per_loser(value, ctx, bound, /, factors=(), payers="all", limit_undoubled=False, liability=False,
              rounding=None):
    """Each loser pays base x the factors that hold for its pair. `payers`: `all` (every loser) or
    `claimed_from` (on a claimed win only the discarder / robbed player pays; on self-draw all do).
    `limit_undoubled`: a limit hand is paid at the limit by each loser with no factor. `liability`:
    with --liable SEAT, that seat pays everything. `rounding`: `up` rounds each payment up."""
    key = payment_key(value, ctx)
    if key is None:
        return _per_loser(value, ctx, bound, factors, payers, limit_undoubled, liability, rounding)
    kept = kept_payment(("per_loser", bound, key))
    if not kept:
        kept.append(tuple(_per_loser(value, ctx, bound, factors, payers, limit_undoubled, liability, rounding)))
    return [*kept[0]]


# The same inputs pay the same, and a night repeats a few hundred (context, base) pairs: a payment
# model whose answer reads only the value's base and limit, the Context and its Bound keeps it per
# their values. A Context with other players' hands (conditions may read them) is not kept.
def payment_key(value, ctx):
    """(the base and its class, the limit, the Context's values) or None when a payment of these
    cannot be kept (a base of another type, -0.0, other players' hands, something unhashable)."""
    base = value.base
    kind = base.__class__
    if not (kind is int or (kind is float and base)) or ctx.__class__ is not Context or ctx.others:
        return None
    key = ctx.value_key
    if key is None:
        return None
    limit = value.limit
    return (base, kind, limit, key) if limit.__class__ is bool else None


@lru_cache(maxsize=4096)
def kept_payment(key) -> list:
    """The list one payment is kept in, per (model, Bound, payment_key): empty until the caller fills it."""
    return []


def _per_loser(value, ctx, bound, factors, payers, limit_undoubled, liability, rounding):
    losers = [s for s in ctx.seats if s != ctx.seat]
    if payers == "claimed_from" and not ctx.by_self_draw:
        losers = [ctx.payer_of_claim]
    factors = [f for f in factors if when_ok(f.get("when") or {}, bound.options)]
    out = []
    for loser in losers:
        if value.limit and limit_undoubled:
            amount, why = value.base, ["limit, no doubling"]
        else:
            amount, why = pair_amount(value.base, factors, ctx, loser)
        if rounding == "up":
            amount = math.ceil(amount)
        out.append(Transfer(loser, ctx.seat, amount, "; ".join(why)))
    if liability and ctx.liable:
        out = redirect_liable(out, ctx, ctx.liable)
    return out
