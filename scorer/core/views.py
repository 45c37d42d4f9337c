"""Readings that are one for scoring: the view of a reading a ruleset's predicates read.

A gold tile standing in a chow of 3-4-5 or of 4-5-6 changes the reading, not its water: Xiamen's
predicates read of a reading only its form and, per block, its kind, whether it is an honour set, how
many golds it holds, its declared meld and whether it holds the winning tile. A predicate (or a
refusal) declares such a view with `@reads_view(view)`, `view(reading, hand, wild, ctx) -> hashable`
(or, `with_params=True`, also given the entry's YAML parameters);
when every predicate and refusal of a ruleset that reads the reading at all declares one, readings
with equal views get the first one's refusal and value (best.py), and only the first is valued. Those
that read only the context, the bonus tiles or the hand (`@reads`, `@same_on_every_reading`,
`hand_level` refusals) need none. tests/test_wild_best.py checks that readings with equal views
have the same hits and refusal on random hands, and every answer against the plain enumeration.
"""
from __future__ import annotations

import inspect
from functools import partial

from .ceilings import RANGES, SAME

VIEWS: dict = {}  # predicate function -> (view, whether the view takes the predicate's parameters)


def reads_view(view, with_params=False):
    """Declare that a predicate reads of the reading no more than `view(reading, hand, wild, ctx)` gives
    (`with_params`: `view(reading, hand, wild, ctx, **params)`, one view per entry of the ruleset; or a
    tuple of parameter names: the view is given those alone, each at the view's own default where an
    entry does not give it, and the entries that agree on them share one view)."""
    def deco(fn):
        VIEWS[fn] = (view, with_params)
        return fn
    return deco


def form_view(reading, hand, wild, ctx):
    """Only the form (the shared `form` predicate reads nothing else)."""
    return reading.form


def _register_shared():
    from ..patterns.sets import form

    reads_view(form_view)(form)


def _with(view, params):
    return partial(view, **params)  # (a call through partial costs less than through a closure)


_SHARED: dict = {}  # (view, the parameters it is given) -> that view bound to them, one object for all


def _with_some(view, names, params):
    given = {}
    for n in names:
        given[n] = params[n] if n in params else inspect.signature(view).parameters[n].default
    key = (view, tuple(given.items()))
    try:
        got = _SHARED.get(key)
    except TypeError:  # an unhashable value: a view of its own
        return partial(view, **given)
    if got is None:
        got = _SHARED[key] = partial(view, **given)
    return got


def _view_of(fn):
    return VIEWS.get(fn) or VIEWS.get(getattr(fn, "__wrapped__", None))


def views(bound) -> tuple | None:
    """The views a Bound's readings are told apart by, as functions of (reading, hand, wild, ctx), or
    None when a predicate has none (kept per Bound)."""
    try:
        return bound._views
    except AttributeError:
        pass
    out: list = []
    entries = [(fn, params, False) for _spec, fn, params, _value in bound.patterns] + \
        [(fn, params, True) for _r, fn, params in bound.refuse]
    for fn, params, refusal in entries:
        if getattr(fn, "reads", None) in ("ctx", "bonus") or RANGES.get(fn) is SAME or \
                (refusal and getattr(fn, "hand_level", False)):
            continue
        got = _view_of(fn)
        if got is None:
            out = None
            break
        view, with_params = got
        if with_params is True:
            view = _with(view, params)
        elif with_params:
            view = _with_some(view, with_params, params)
        if view not in out:
            out.append(view)
    got = tuple(out) if out else None
    try:
        bound._views = got
    except AttributeError:
        pass
    return got


_register_shared()
