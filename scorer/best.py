"""The reading loop of `engine.score`: the facts, refusals and value of every reading of one hand.

Wild tiles multiply a hand's readings (about four times per wild tile) while their distinct values stay
few, so the loop shares what it can between readings and leaves out work nobody reads:
- refusals marked `hand_level` (they read the hand, the context and the wild tile) are asked once a hand;
  when one refuses and only hand-level refusals come before it, every reading gets its message and the
  hand is refused without reading further;
- readings whose pattern hits resolve to the same items get the same value (one model call a hand);
- a refused reading's items and value are worked out only when something asks for them (`--all`, or
  the message of a hand whose readings are refused for different reasons): `Later`.
"""
from __future__ import annotations

from .errors import IllegalWin, MjError
from .facts import Facts
from .result import Scored


class Later(Scored):
    """A refused reading whose value is worked out on first use."""

    def __init__(self, reading, facts, value=None, refused="", work=None):  # Scored's fields first (replace())
        self.reading = reading
        self.facts = facts
        self.refused = refused
        self._work = work
        self._value = value

    @property
    def value(self):
        v = self._value
        if v is None:
            v = self._value = self._work(self.facts)
        return v

    @value.setter
    def value(self, v):
        self._value = v


def _refusals(bound) -> tuple:
    """(fn, params, message, hand level, only hand-level refusals up to here) per refusal, once per Bound."""
    try:
        return bound._refusals
    except AttributeError:
        pass
    out = []
    prefix = True
    for r, fn, params in bound.refuse:
        level = bool(getattr(fn, "hand_level", False))
        prefix = prefix and level
        out.append((fn, params, f"{r['message']} ({r['rule']})", level, prefix))
    bound._refusals = tuple(out)
    return bound._refusals


def score_readings(hand, readings, ctx, wild, bound, evaluate, value_call, name: str) -> list:
    """Scored readings in reading order (refused ones as `Later`). Raises IllegalWin at once when a
    refusal refuses the whole hand."""
    refuse = _refusals(bound) if bound.refuse else ()
    options = bound.options
    memo: dict = {}  # hand-level refusal index -> its answer
    values: dict = {}  # the items (interned per Bound, so their ids) -> the value they make

    def value_of(items):
        key = tuple(map(id, items))
        value = values.get(key)
        if value is None:
            value = values[key] = value_call(items, ctx, bound)
        return value

    def work(facts):
        return value_of(evaluate(bound, facts))

    if len(readings) == 1:  # most hands: nothing to share
        facts = Facts(hand, readings[0], ctx, wild, options)
        refused = _refused(refuse, facts, memo, name) if refuse else ""
        if refused:
            return [Later(readings[0], facts, None, refused, work)]
        value = value_call(evaluate(bound, facts), ctx, bound)
        return [Scored(readings[0], facts, value, "" if value.legal else value.reason)]
    out = []
    tried = False
    for reading in readings:
        facts = Facts(hand, reading, ctx, wild, options)
        if refuse:
            refused = _refused(refuse, facts, memo, name)
            if refused:
                out.append(Later(reading, facts, None, refused, work))
                if not tried and any(memo.values()):
                    # a hand-level refusal holds: every reading is refused, and the hand's message is
                    # its highest-valued reading's; the ceiling may spare valuing the rest
                    tried = True
                    why = _why_refused(out, readings, hand, ctx, wild, bound, refuse, memo, name, work, value_of)
                    if why is not None:
                        raise IllegalWin(f"not a legal win under {name}: {why}")
                continue
        value = value_of(evaluate(bound, facts))
        out.append(Scored(reading, facts, value, "" if value.legal else value.reason))
    return out


def _why_refused(out, readings, hand, ctx, wild, bound, refuse, memo, name, work, value_of):
    """The message of a hand every reading of which is refused (`out` holds the first readings, all
    refused): the refusal of the highest-valued reading, the first of equals, as `refused_why` finds
    it over every reading. Readings are valued in order until one reaches the hand's ceiling (none
    after it can be higher). None when something raised on the way: the caller then goes on reading
    by reading, so any error comes exactly as before (the rulesets with ceilings raise only on what
    every reading shares: their context, parameters and hand)."""
    from .ceilings import HandInfo, ceiling_key
    from .engine import _items_of
    from .wild import split_wild

    options = bound.options
    try:
        best = out[0]
        best_key = best.value.key
        counts, jokers = split_wild(hand.counts, wild)
        info = HandInfo(readings, best.facts, counts, jokers)
        c = getattr(bound, "_compiled", None)
        top = None if c is None else ceiling_key(bound, info, lambda hits: _items_of(bound, c, hits), value_of)
        if top is not None and best_key >= top:
            return best.refused
        for i in range(1, len(readings)):
            s = out[i] if i < len(out) else None
            facts = s.facts if s is not None else Facts(hand, readings[i], ctx, wild, options)
            key = s.value.key if s is not None else work(facts).key
            if key > best_key:
                best, best_key = (s if s is not None else i, facts), key
                if top is not None and best_key >= top:
                    break
    except MjError:
        return None
    if isinstance(best, tuple):  # a reading valued here: its refusal now (as each reading would be asked)
        i, facts = best
        return _refused(refuse, facts, memo, name)
    return best.refused


def _refused(refuse, facts, memo, name) -> str:
    for i, (fn, params, message, level, prefix) in enumerate(refuse):
        if level:
            hit = memo.get(i)
            if hit is None:
                hit = memo[i] = fn(facts, **params)
            if hit and prefix:  # every reading of the hand stops here with this message
                raise IllegalWin(f"not a legal win under {name}: {message}")
        else:
            hit = fn(facts, **params)
        if hit:
            return message
    return ""


def refused_why(scored) -> str:
    """The message of a hand whose every reading is refused: the refusal of its highest-valued reading
    (the first of equals), found without valuing the readings when they all say the same."""
    first = scored[0].refused
    if all(s.refused == first for s in scored):
        return first
    return max(scored, key=lambda s: s.value.key).refused
