"""Readings that are one for scoring: the view of a reading a ruleset's predicates read.

A gold tile standing in a chow of 3-4-5 or of 4-5-6 changes the reading, not its water: Xiamen's
predicates read of a reading only its form and, per block, its kind, whether it is an honour set, how
many golds it holds, its declared meld and whether it holds the winning tile. A predicate (or a
refusal) declares such a view with `@reads_view(view)`, `view(reading, hand, wild) -> hashable`;
when every predicate and refusal of a ruleset that reads the reading at all declares one, readings
with equal views get the first one's refusal and value (best.py), and only the first is valued. Those
that read only the context, the bonus tiles or the hand (`@reads`, `@same_on_every_reading`,
`hand_level` refusals) need none. tests/test_wild_best.py checks that readings with equal views
have the same hits and refusal on random hands, and every answer against the plain enumeration.
"""
from __future__ import annotations

from .ceilings import RANGES, SAME

VIEWS: dict = {}  # predicate function -> view(reading, hand, wild)


def reads_view(view):
    """Declare that a predicate reads of the reading no more than `view(reading, hand, wild)` gives."""
    def deco(fn):
        VIEWS[fn] = view
        return fn
    return deco


def form_view(reading, hand, wild):
    """Only the form (the shared `form` predicate reads nothing else)."""
    return reading.form


def _register_shared():
    from .patterns.sets import form

    reads_view(form_view)(form)


def _view_of(fn):
    return VIEWS.get(fn) or VIEWS.get(getattr(fn, "__wrapped__", None))


def views(bound) -> tuple | None:
    """The views a Bound's readings are told apart by, or None when a predicate has none (kept per Bound)."""
    try:
        return bound._views
    except AttributeError:
        pass
    out: list = []
    for _spec, fn, _params, _value in bound.patterns:
        if getattr(fn, "reads", None) in ("ctx", "bonus") or RANGES.get(fn) is SAME:
            continue
        v = _view_of(fn)
        if v is None:
            out = None
            break
        if v not in out:
            out.append(v)
    if out is not None:
        for _r, fn, _params in bound.refuse:
            if getattr(fn, "hand_level", False) or RANGES.get(fn) is SAME:
                continue
            v = _view_of(fn)
            if v is None:
                out = None
                break
            if v not in out:
                out.append(v)
    got = tuple(out) if out else None
    try:
        bound._views = got
    except AttributeError:
        pass
    return got


_register_shared()
