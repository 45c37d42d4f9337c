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
    # the same inputs pay the same: seasons repeat a few hundred (context, base) pairs. Kept per
    # parameter set, (context object, base, limit) and the base's type, for a Context without other
    # players' state (conditions may read it); its `--set` facts join the key.
    base = value.base
    kind = base.__class__
    if (kind is int or (kind is float and base)) and not ctx.others:  # (-0.0 prints apart from 0.0)
        # the last parameter set (a Bound's objects, checked by identity) and its caches
        (p0, p1, p2, p3, p4, p5, by_int, by_float) = _PAID_LAST
        if not (p0 is bound and p1 is factors and p2 is payers and p3 is limit_undoubled and p4 is liability
                and p5 is rounding):
            by_int, by_float = _paid_caches(bound, factors, payers, limit_undoubled, liability, rounding)
        cache = by_int if kind is int else by_float
        extra = ctx.extra
        try:
            key = (id(ctx), base, value.limit) if not extra else (
                id(ctx), base, value.limit, tuple(sorted((k, v, v.__class__) for k, v in extra.items())))
            hit = cache.get(key)
        except TypeError:  # an unhashable limit or fact: computed every time
            key = hit = None
        if hit is not None:
            return [*hit[1]]
        out = _per_loser(value, ctx, bound, factors, payers, limit_undoubled, liability, rounding)
        if key is not None and ctx.__class__ is Context:
            if len(cache) >= _PAID_MAX:
                cache.clear()
            cache[key] = (ctx, tuple(out))  # the entry keeps ctx alive: its id stays unique
        return out
    return _per_loser(value, ctx, bound, factors, payers, limit_undoubled, liability, rounding)


_PAID_MAX = 4096
_PAID_SETS: dict = {}  # ids of a parameter set -> (the parameters, caches for int and float bases)
_NONE = object()  # a parameter no call passes
_PAID_LAST: tuple = (_NONE,) * 6 + (None, None)  # the last parameter set and its caches


def clear_caches() -> None:
    """Forget every kept payment (tests compare against a cold start)."""
    global _PAID_LAST
    _PAID_SETS.clear()
    _PAID_LAST = (_NONE,) * 6 + (None, None)


def _paid_caches(*params):
    """The caches of one parameter set (the same objects give the same dicts), made the last ones."""
    global _PAID_LAST
    key = tuple(map(id, params))
    got = _PAID_SETS.get(key)
    if got is None:
        if len(_PAID_SETS) >= 64:
            _PAID_SETS.clear()
        got = _PAID_SETS[key] = (params, {}, {})  # the entry keeps the parameters alive: ids stay unique
    _PAID_LAST = params + got[1:]
    return got[1:]


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
