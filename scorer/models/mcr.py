"""Chinese Official (MCR) scoring and payment: fans added up against the 8-fan minimum (flowers do not
count towards it), the reading with the most fans chosen; competition payments of 8 + fans."""
from __future__ import annotations

from ..core.result import HandValue, Item, Transfer
from ..rulesets.context import Context
from ..rulesets.registry import pay_model, value_model

# Transfers repeat: they depend on the seats, how the hand was won and the fans only, so they are kept
# by those. (Values are not kept: new hands rarely repeat an item list, and the look-up cost more than
# it saved on bench/competition.py's hands.)
_KEPT_MAX = 4096


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
    # (the parameters as sets, made once per ruleset: the YAML gives lists, each `in` a compare per name)
    got = _AS_SETS.get(id(minimum_excludes))
    if got is None or got[0] is not minimum_excludes or got[1] is not prefer or got[2] is not defer:
        got = _as_sets(minimum_excludes, prefer, defer)
    excluded, ordered = got[3], got[4]
    for i in items:  # (one pass: what the minimum counts, the total, the fans that order equal readings)
        v = i.value
        fans += v
        if i.group not in excluded:
            counted += v
            any_counted = True
        name = i.name
        if name in ordered:
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


_AS_SETS: dict = {}  # id(minimum_excludes) -> _as_sets' entry


def _as_sets(minimum_excludes, prefer, defer) -> tuple:
    """(the three parameters, minimum_excludes as a set, prefer and defer as one set), kept in _AS_SETS
    (the entry keeps the parameters: their ids stay theirs); parameters that are not sets of names
    stay as given, and `in` asks them as before."""
    listed = (list, tuple, set, frozenset)  # (a text's `in` finds a part of it: kept as given)
    excluded = minimum_excludes
    ordered = _Either(prefer, defer)
    try:
        if type(minimum_excludes) in listed:
            excluded = frozenset(minimum_excludes)
        if type(prefer) in listed and type(defer) in listed:
            ordered = frozenset(prefer) | frozenset(defer)
    except TypeError:  # (an unhashable member)
        excluded, ordered = minimum_excludes, _Either(prefer, defer)
    sets = (excluded, ordered)
    got = _AS_SETS[id(minimum_excludes)] = (minimum_excludes, prefer, defer, *sets)
    if len(_AS_SETS) > 64:
        _AS_SETS.clear()
        _AS_SETS[id(minimum_excludes)] = got
    return got


class _Either:
    """`name in prefer or name in defer` as one `in`."""

    def __init__(self, prefer, defer):
        self.prefer, self.defer = prefer, defer

    def __contains__(self, name):
        return name in self.prefer or name in self.defer


@pay_model()
def mcr_pay(value, ctx, bound, /, base=8):
    """Competition payments: on a discard (or a robbed kong) the discarder pays `base` + the fans and
    each other player `base`; on a self-draw every other player pays `base` + the fans."""
    fans = value.total
    if ctx.__class__ is not Context:
        return _pay(fans, ctx, base)
    # what _pay reads of the context (a Context is not changed once made; its seats are the first
    # `players` seats, not worked out on a new context unless paid); 8 and 8.0 are equal keys, yet
    # print apart
    key = (ctx.players, ctx.seat, ctx.by_self_draw, ctx.discarder, ctx.robbed, fans, fans.__class__, base,
           base.__class__)
    kept = _PAID.get(key)
    if kept is None:
        if len(_PAID) >= _KEPT_MAX:
            _PAID.clear()
        kept = _PAID[key] = tuple(_pay(fans, ctx, base))
    return list(kept)


_PAID: dict = {}  # what the transfers depend on -> the transfers


def _pay(fans, ctx, base):
    out = []
    for seat in ctx.seats:
        if seat == ctx.seat:
            continue
        if ctx.by_self_draw:
            out.append(Transfer(seat, ctx.seat, base + fans, f"self-drawn: {base:g} + {fans:g} fans"))
        elif seat == ctx.payer_of_claim:
            why = "discarder" if ctx.discarder else "robbed kong"
            out.append(Transfer(seat, ctx.seat, base + fans, f"{why}: {base:g} + {fans:g} fans"))
        else:
            out.append(Transfer(seat, ctx.seat, base, f"{base:g} (every player)"))
    return out
