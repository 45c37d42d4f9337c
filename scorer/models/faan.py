"""Faan counted against a table minimum and turned into base points (units) by a progressive table,
and the club payment settings that go with faan tables: a stake, a false-win penalty, baau readings."""
from __future__ import annotations

import math
from decimal import Decimal

from ..core.result import HandValue, Item, Transfer
from ..errors import ContextError, VariantError
from ..rulesets.context import Context
from ..rulesets.registry import pay_model, value_model


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


_PICKED: dict = {}  # (id(table), id(tables)) -> (table, tables, rows): a Bound's table is checked once


# items, ctx and bound are positional-only and the parameters the shipped rulesets set come first:
# the engine passes the parameters by keyword (a YAML mapping's keys), and Python matches each one
# against the names before it (a per-call cost that matters in a batch's hot loop)
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
    if total is None and items.__class__ is list:  # a value from a total is changed by engine.pay()
        # the last parameter set (a Bound's objects, checked by identity) and its cache
        (p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, cache) = _VALUE_LAST
        if not (p0 is table and p1 is tables and p2 is minimum and p3 is minimum_excludes and p4 is limit_pay
                and p5 is limit_faan and p6 is unit and p7 is over_table and p8 is step
                and p9 is half_limit_on_discard and p10 is faan_limit and p11 is floor_groups
                and p12 is base_label and p13 is zero_label):
            cache = _value_cache_of(table, tables, minimum, minimum_excludes, limit_pay, limit_faan, unit,
                                    over_table, step, half_limit_on_discard, faan_limit, floor_groups,
                                    base_label, zero_label)
        # the key: the items' ids (unique while the entry keeps the items alive); an int for one item,
        # a tuple for more (the two never compare equal)
        n = len(items)
        if n == 2:
            a, b = items
            ids = (id(a), id(b))
        elif n == 3:
            a, b, c = items
            ids = (id(a), id(b), id(c))
        elif n == 1:
            ids = id(items[0])
        elif n == 4:
            a, b, c, d = items
            ids = (id(a), id(b), id(c), id(d))
        else:
            ids = tuple(map(id, items))
        hit = cache.get(ids)
        try:
            others = ctx.others
        except AttributeError:  # not a Context: computed every time
            others = True
        if not others:
            if hit is not None:
                value = hit[0]
                if value is not None:
                    return value
                by_self = hit[2].get(ctx.by_self_draw)  # a limit hand halved on a discard
                if by_self is not None:
                    return by_self
            return _remember(cache, ids, items, ctx, table, tables, minimum, minimum_excludes, limit_pay,
                             limit_faan, unit, over_table, step, half_limit_on_discard, faan_limit,
                             floor_groups, base_label, zero_label)
    return _faan_value(items, ctx, total, table, tables, minimum, minimum_excludes, limit_pay, limit_faan, unit,
                       over_table, step, half_limit_on_discard, faan_limit, floor_groups, base_label, zero_label)


# ---- the values of item lists, kept per parameter set --------------------------------------------
# A batch repeats a few hundred item combinations: the same Item objects (the engine keeps one per
# pattern and count) give the same value, whatever the hand. A value depends on the items, the
# parameters and, for a limit hand with `half_limit_on_discard` only, on ctx.by_self_draw. Kept:
# values for lists of `Item`s (frozen) with a Context without other players' hands (a payment model
# may write the losers' scores into the winner's value then); never a value from `total` (engine.pay
# sets its limit and base). A kept HandValue is shared by every Result that gets it: nothing in the
# package writes to a value from the table (only engine.pay, on its own uncached value).

_VALUE_SETS: dict = {}  # ids of a parameter set -> (the parameters, their cache): entries keep them alive
_NONE = object()  # a parameter no call passes
_VALUE_LAST: tuple = (_NONE,) * 14 + (None,)  # the last parameter set and its cache (checked by identity)
_VALUE_SETS_MAX = 64
_VALUES_MAX = 4096


def _value_cache_of(table, tables, minimum, minimum_excludes, limit_pay, limit_faan, unit, over_table, step,
                    half_limit_on_discard, faan_limit, floor_groups, base_label, zero_label) -> dict:
    """The cache of one parameter set (the same objects, a Bound's, give the same dict), made the last one."""
    global _VALUE_LAST
    params = (table, tables, minimum, minimum_excludes, limit_pay, limit_faan, unit, over_table, step,
              half_limit_on_discard, faan_limit, floor_groups, base_label, zero_label)
    key = tuple(map(id, params))
    got = _VALUE_SETS.get(key)
    if got is None:
        if len(_VALUE_SETS) >= _VALUE_SETS_MAX:
            _VALUE_SETS.clear()
        got = _VALUE_SETS[key] = (params, {})
    _VALUE_LAST = params + (got[1],)
    return got[1]


def _remember(cache, ids, items, ctx, *params):
    """Compute a value and keep it (when its items are all `Item`s and its context a Context)."""
    kept = tuple(items)
    value = _faan_value(list(kept), ctx, None, *params)  # its own list: the caller's may change later
    if ctx.__class__ is not Context or any(i.__class__ is not Item for i in kept):
        return value
    half_limit_on_discard = params[9]
    if len(cache) >= _VALUES_MAX:
        cache.clear()
    if value.limit and half_limit_on_discard:
        hit = cache.get(ids)
        if hit is None or hit[0] is not None:
            hit = cache[ids] = (None, kept, {})  # the entry keeps the items alive: their ids stay unique
        hit[2][ctx.by_self_draw] = value
    else:
        cache[ids] = (value, kept)  # the entry keeps the items alive: their ids stay unique
    return value


def _faan_value(items, ctx, total, table, tables, minimum, minimum_excludes, limit_pay, limit_faan, unit,
                over_table, step, half_limit_on_discard, faan_limit, floor_groups, base_label, zero_label):
    items = items or []
    picked = _PICKED.get((id(table), id(tables)))
    if picked is not None and picked[0] is table and picked[1] is tables:
        rows = picked[2]
    else:
        rows = pick_table(table, tables)
        if len(_PICKED) >= 1024:
            _PICKED.clear()
        _PICKED[(id(table), id(tables))] = (table, tables, rows)
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


@pay_model()  # (parameter order: see faan_table)
def staked_per_loser(value, ctx, bound, /, stake=1, factors=(), limit_undoubled=False, liability=False,
                     liable_pays="shares", false_win_key=None, payers="all", rounding=None):
    """`per_loser` (models/pay.py), then every amount times the table's `stake`. With --liable SEAT
    (and `liability`), `liable_pays`: `shares` (he pays what every loser would have paid, his own
    doubled share included) or `single` (the undoubled value once per loser). With the --set fact
    `false_win_key` true, the winner's seat declared a false win and pays every other seat the value
    of the declared hand instead."""
    # the same inputs pay the same: a batch repeats a few hundred (context, base) pairs. Kept per
    # parameter set, (context object, base, limit) and the base's type, for a Context without other
    # players' hands; its `--set` facts join the key (the false win reads one, pair conditions may).
    base = value.base
    kind = base.__class__
    if (kind is int or (kind is float and base)) and not ctx.others:  # (-0.0 prints apart from 0.0)
        # the last parameter set (a Bound's objects, checked by identity) and its caches
        (p0, p1, p2, p3, p4, p5, p6, p7, p8, by_int, by_float) = _STAKED_LAST
        if not (p0 is bound and p1 is stake and p2 is factors and p3 is limit_undoubled and p4 is liability
                and p5 is liable_pays and p6 is false_win_key and p7 is payers and p8 is rounding):
            by_int, by_float = _staked_caches(bound, stake, factors, limit_undoubled, liability, liable_pays,
                                              false_win_key, payers, rounding)
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
        out = _staked_per_loser(value, ctx, bound, stake, factors, limit_undoubled, liability, liable_pays,
                                false_win_key, payers, rounding)
        if key is not None and ctx.__class__ is Context:
            if len(cache) >= _STAKED_MAX:
                cache.clear()
            cache[key] = (ctx, tuple(out))  # the entry keeps ctx alive: its id stays unique
        return out
    return _staked_per_loser(value, ctx, bound, stake, factors, limit_undoubled, liability, liable_pays,
                             false_win_key, payers, rounding)


_STAKED_MAX = 4096
_STAKED_SETS: dict = {}  # ids of a parameter set -> (the parameters, caches for int and float bases)
_STAKED_LAST: tuple = (_NONE,) * 9 + (None, None)  # the last parameter set and its caches


def clear_caches() -> None:
    """Forget every kept value, payment and checked table (tests compare against a cold start)."""
    global _VALUE_LAST, _STAKED_LAST
    _PICKED.clear()
    _VALUE_SETS.clear()
    _STAKED_SETS.clear()
    _VALUE_LAST = (_NONE,) * 14 + (None,)
    _STAKED_LAST = (_NONE,) * 9 + (None, None)


def _staked_caches(*params):
    """The caches of one parameter set (the same objects give the same dicts), made the last ones."""
    global _STAKED_LAST
    key = tuple(map(id, params))
    got = _STAKED_SETS.get(key)
    if got is None:
        if len(_STAKED_SETS) >= 64:
            _STAKED_SETS.clear()
        got = _STAKED_SETS[key] = (params, {}, {})  # the entry keeps the parameters alive: ids stay unique
    _STAKED_LAST = params + got[1:]
    return got[1:]


def _staked_per_loser(value, ctx, bound, stake, factors, limit_undoubled, liability, liable_pays, false_win_key,
                      payers, rounding):
    from .pay import per_loser

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
