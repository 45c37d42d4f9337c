"""Faan counted against a table minimum and turned into base points (units) by a progressive table,
and the club payment settings that go with faan tables: a stake, a false-win penalty, baau readings."""
from __future__ import annotations

import math
from decimal import Decimal
from functools import lru_cache

from ..core.result import HandValue, Transfer
from ..errors import ContextError, VariantError
from ..rulesets.context import Context
from ..rulesets.registry import pay_model, value_model
from .pay import kept_payment, payment_key, per_loser


def table_lookup(table, faan):
    """`table` is [[faan, points], ...] ascending: the points of the highest row not above `faan`."""
    points = 0
    for at, pts in table:
        if faan >= at:
            points = pts
    return points


def pick_table(table, tables):
    """`table` is rows, or the name of one of `tables` (clubs choose a named table by option)."""
    if isinstance(table, str):
        if not tables or table not in tables:
            raise VariantError(f"no payout table {table!r}; tables: {', '.join(sorted(tables or {})) or 'none'}",
                               key="scoring.table")
        table = tables[table]
    rows = [tuple(r) for r in table]
    if any(len(r) != 2 for r in rows) or [r[0] for r in rows] != sorted({r[0] for r in rows}):
        raise VariantError("a payout table is [[faan, points], ...] with faan strictly ascending",
                           key="scoring.table")
    return rows


def table_points(rows, faan, over_table="cap", step=2):
    """Points for `faan`; past the last row `cap` keeps its points, `double` multiplies by `step` per faan."""
    points = table_lookup(rows, faan)
    last_at, last_pts = rows[-1] if rows else (0, 0)
    if over_table == "double" and faan > last_at:
        points = last_pts * step ** (faan - last_at)
    return points


# (items, ctx and bound positional-only: a YAML parameter can never take their place)
@value_model(whole=True)
def faan_table(items, ctx, bound, /, total=None, table=(), tables=None, minimum=0, minimum_excludes=("bonus",),
               limit_pay=0, unit="faan", half_limit_on_discard=False, faan_limit=0, floor_groups=(),
               base_label="base points", zero_label="", over_table="cap", step=2, limit_faan=None):
    """Sum the faan; refuse a hand whose faan outside the `minimum_excludes` groups is below `minimum`;
    convert with `table` ([[faan, base points], ...], or the name of one of `tables`); past the last
    row: `cap` keeps its points, `double` doubles per extra faan (`step` the factor). `faan_limit`
    (0: none) is a club's maximum: more faan pay as that many. Items of a `floor_groups` group do not
    add: the hand scores at least their value ("4 faan minimum"). Limit hands pay `limit_pay` (per
    loser, the payment model decides whether it is doubled), half of it on a discard with
    `half_limit_on_discard`; `limit_faan`, if set, is the faan shown for one. `zero_label` names a
    0-faan hand in the breakdown."""
    # A night repeats a few hundred item lists: the same items give the same value with the same
    # Bound (its parameters), and for a limit hand halved on a discard the same way of winning. Not
    # kept: a value from a total (engine.pay changes it) or with other players' hands in the context
    # (a payment model may write their scores into the winner's value).
    if total is None and items.__class__ is list and ctx.__class__ is Context and not ctx.others:
        try:
            kept = kept_value((bound, tuple(items), ctx.by_self_draw if half_limit_on_discard else None))
        except TypeError:  # (an unhashable item: made, not kept)
            kept = None
        if kept is not None:
            if not kept:
                kept.append(_faan_value(list(items), ctx, None, table, tables, minimum, minimum_excludes,
                                        limit_pay, limit_faan, unit, over_table, step, half_limit_on_discard,
                                        faan_limit, floor_groups, base_label, zero_label))
            return kept[0]
    return _faan_value(items, ctx, total, table, tables, minimum, minimum_excludes, limit_pay, limit_faan, unit,
                       over_table, step, half_limit_on_discard, faan_limit, floor_groups, base_label, zero_label)


@lru_cache(maxsize=4096)
def kept_value(key) -> list:
    """The list one value is kept in, per (Bound, items, way of winning where it matters)."""
    return []


def _faan_value(items, ctx, total, table, tables, minimum, minimum_excludes, limit_pay, limit_faan, unit,
                over_table, step, half_limit_on_discard, faan_limit, floor_groups, base_label, zero_label):
    items = items or []
    rows = pick_table(table, tables)
    if total is not None:
        faan = total
        counted = total
        is_limit = False
        floor = 0
    else:
        # one pass: the floor (highest floor-group item), the sum of the others, the part of it that
        # counts towards the minimum, whether any item is a limit
        floor = 0
        floored = False
        added = 0
        towards = 0
        is_limit = False
        for i in items:
            if i.limit:
                is_limit = True
                continue
            group = i.group
            if group in floor_groups:
                if not floored or i.value > floor:  # max() keeps the first of equals
                    floor = i.value
                    floored = True
            else:
                added += i.value
                if group not in minimum_excludes:
                    towards += i.value
        faan = max(floor, added)
        counted = max(floor, towards)
    if is_limit:
        if half_limit_on_discard and not ctx.by_self_draw:
            limit_pay = limit_pay / 2
        shown = limit_faan if limit_faan is not None else faan
        return HandValue(items, shown, unit, limit_pay, limit=True,
                         details={"limit hand": ", ".join(i.label for i in items if i.limit), "limit": limit_pay},
                         key=(1, limit_pay, faan))
    paid = min(faan, faan_limit) if faan_limit else faan
    base = table_points(rows, paid, over_table, step)
    legal = counted >= minimum
    reason = "" if legal else (f"{counted:g} faan counted towards the minimum, below the table minimum of {minimum}"
                               + (" (bonus faan do not count)" if minimum_excludes else ""))
    details = {"faan": faan}
    if floor and total is None:
        details["at least"] = floor
    if paid != faan:
        details["paid as (faan limit)"] = paid
    if faan == 0 and zero_label:
        details["hand"] = zero_label
    details[base_label] = base
    if minimum and total is None:
        details["faan towards minimum"] = counted
    return HandValue(items, faan, unit, base, legal=legal, reason=reason, details=details, key=(0, base, faan))


def _flag(ctx, key) -> bool:
    from ..rulesets.context_values import FALSE_WORDS, TRUE_WORDS

    v = ctx.get(key)
    if v is None or isinstance(v, bool):
        return bool(v)
    if isinstance(v, str) and v.lower() in TRUE_WORDS | FALSE_WORDS:
        return v.lower() in TRUE_WORDS
    raise ContextError(f"{key} must be true or false, got {v!r}")


def _staked(amount, stake):
    """amount x stake as money: the decimal product of the two as written (24 x 0.3 is 7.2, not the
    binary 7.199999999999999), an int when whole."""
    x = float(Decimal(repr(amount)) * Decimal(repr(stake)))
    return int(x) if x.is_integer() else x


@pay_model()  # (positional-only: see faan_table)
def staked_per_loser(value, ctx, bound, /, stake=1, factors=(), limit_undoubled=False, liability=False,
                     liable_pays="shares", false_win_key=None, payers="all", rounding=None):
    """`per_loser` (models/pay.py), then every amount times the table's `stake`. With --liable SEAT
    (and `liability`), `liable_pays`: `shares` (he pays what every loser would have paid, his own
    doubled share included) or `single` (the undoubled value once per loser). With the --set fact
    `false_win_key` true, the winner's seat declared a false win and pays every other seat the value
    of the declared hand instead."""
    key = payment_key(value, ctx)  # (models/pay.py: the same inputs pay the same)
    if key is None:
        return _staked_per_loser(value, ctx, bound, stake, factors, limit_undoubled, liability, liable_pays,
                                 false_win_key, payers, rounding)
    kept = kept_payment(("staked_per_loser", bound, key))
    if not kept:
        kept.append(tuple(_staked_per_loser(value, ctx, bound, stake, factors, limit_undoubled, liability,
                                            liable_pays, false_win_key, payers, rounding)))
    return [*kept[0]]


def _staked_per_loser(value, ctx, bound, stake, factors, limit_undoubled, liability, liable_pays, false_win_key,
                      payers, rounding):
    if liable_pays not in ("shares", "single"):
        raise VariantError(f"liable_pays is shares or single, got {liable_pays!r}", key="payment.liable_pays")
    if not math.isfinite(stake):
        raise VariantError(f"stake must be a finite amount, got {stake!r}", key="stake")
    others = [s for s in ctx.seats if s != ctx.seat]
    if false_win_key and _flag(ctx, false_win_key):
        if ctx.liable:
            raise ContextError("a false win has no liable player: drop --liable")
        out = [Transfer(ctx.seat, s, value.base, "false win: pays the value of the declared win") for s in others]
    elif liability and ctx.liable and liable_pays == "single":
        out = [Transfer(ctx.liable, ctx.seat, value.base * len(others),
                        f"pays for all as liable: the undoubled value x{len(others)}")]
    else:
        out = per_loser(value, ctx, bound, factors=factors, payers=payers, limit_undoubled=limit_undoubled,
                        liability=liability, rounding=rounding)
    if stake != 1:
        out = [Transfer(t.frm, t.to, _staked(t.amount, stake), "; ".join(x for x in (t.why, f"x{stake:g} stake") if x))
               for t in out]
    return out
