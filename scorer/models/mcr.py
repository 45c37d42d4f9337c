"""Chinese Official (MCR) scoring and payment: fans added up against the 8-fan minimum (flowers do not
count towards it), the reading with the most fans chosen; competition payments of 8 + fans."""
from __future__ import annotations

from functools import lru_cache

from ..core.result import HandValue, Item, Transfer
from ..rulesets.context import Context
from ..rulesets.registry import pay_model, value_model


def _no_fan_item(bound, name):
    """The Item of the fan a hand with no other fan scores (chicken hand), from the ruleset's pattern."""
    for spec, _fn, _params, value in bound.patterns:
        if spec.name == name:
            return Item(spec.name, spec.label, value, spec.unit, spec.rule, 1, spec.group)
    return None


@value_model()
def mcr_fans(items, ctx, bound, /, total=None, minimum=8, minimum_excludes=("bonus",), no_fan=None,
             prefer=(), defer=(), unit="fan"):
    """Sum the fans. A hand with no fan outside the `minimum_excludes` groups scores the `no_fan`
    pattern (chicken hand). A hand whose fans outside those groups are below `minimum` is not a legal
    win. Readings compare on the total, then (equal totals) on holding a `prefer` fan, then on not
    holding a `defer` fan: the reading a referee (and MahjongGB) shows among equals."""
    if total is not None:  # the table's count, flowers in it: below the minimum no count can win
        legal = total >= minimum
        reason = "" if legal else (f"{total:g} fans, below the {minimum:g}-fan minimum (Green Book: a hand "
                                   "needs 8 fans, flower fans not counted)")
        return HandValue([], total, unit, total, legal, reason, key=(total, 0, 0))
    items = list(items or [])
    counted = fans = 0
    any_counted = False
    ordering = None  # the names among `prefer` and `defer` present (most readings: none)
    for i in items:  # (one pass: what the minimum counts, the total, the fans that order equal readings)
        v = i.value
        fans += v
        if i.group not in minimum_excludes:
            counted += v
            any_counted = True
        name = i.name
        if name in prefer or name in defer:
            if ordering is None:
                ordering = set()
            ordering.add(name)
    if no_fan and not any_counted:
        extra = _no_fan_item(bound, no_fan)
        if extra is not None:
            items.insert(0, extra)
            counted = extra.value
            fans = sum(i.value for i in items)  # (in the list's order, as ever)
            if extra.name in prefer or extra.name in defer:
                ordering = {extra.name} if ordering is None else ordering | {extra.name}
    legal = counted >= minimum
    reason = "" if legal else (f"{counted:g} fans without flowers, below the {minimum:g}-fan minimum "
                               "(Green Book: a hand needs 8 fans, flower fans not counted)")
    if ordering is None:
        key = (fans, 0, 0)
    else:
        key = (fans, sum(1 for p in prefer if p in ordering), -sum(1 for d in defer if d in ordering))
    details = {"fans without flowers": counted} if counted != fans else {}
    return HandValue(items, fans, unit, fans, legal, reason, False, details, key)


@pay_model()
def mcr_pay(value, ctx, bound, /, base=8):
    """Competition payments: on a discard (or a robbed kong) the discarder pays `base` + the fans and
    each other player `base`; on a self-draw every other player pays `base` + the fans."""
    fans = value.total
    if ctx.__class__ is not Context:
        return _pay(fans, ctx, base)
    # (8 and 8.0 are equal keys, yet print apart: their types are part of the key)
    return list(_kept(ctx.seats, ctx.seat, ctx.by_self_draw, ctx.discarder, ctx.payer_of_claim, fans, type(fans),
                      base, type(base)))


# transfers depend on the seats, how the hand was won and the fans only: they repeat across hands
@lru_cache(maxsize=4096)
def _kept(seats, seat, by_self_draw, discarder, payer, fans, _fans_type, base, _base_type) -> tuple:
    return tuple(_transfers(seats, seat, by_self_draw, discarder, payer, fans, base))


def _pay(fans, ctx, base):
    return _transfers(ctx.seats, ctx.seat, ctx.by_self_draw, ctx.discarder, ctx.payer_of_claim, fans, base)


def _transfers(seats, seat, by_self_draw, discarder, payer, fans, base) -> list:
    out = []
    for other in seats:
        if other == seat:
            continue
        if by_self_draw:
            out.append(Transfer(other, seat, base + fans, f"self-drawn: {base:g} + {fans:g} fans"))
        elif other == payer:
            why = "discarder" if discarder else "robbed kong"
            out.append(Transfer(other, seat, base + fans, f"{why}: {base:g} + {fans:g} fans"))
        else:
            out.append(Transfer(other, seat, base, f"{base:g} (every player)"))
    return out
