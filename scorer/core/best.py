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

from ..errors import IllegalWin, MjError
from ..rulesets.bind import Bound
from .ceilings import HandInfo, ceiling_key
from .evaluate import compiled
from .facts import Facts
from .result import Result, Scored
from .wild import split_wild


class _OnFirstUse:
    """A field of a reading kept in `_NAME` and worked out by `work(reading)` when first read while None
    (set directly, as dataclasses.replace does, it is simply stored)."""

    def __init__(self, work):
        self.work = work

    def __set_name__(self, owner, name):
        self.slot = "_" + name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        v = getattr(obj, self.slot)
        if v is None:
            v = self.work(obj)
            setattr(obj, self.slot, v)
        return v

    def __set__(self, obj, v):
        setattr(obj, self.slot, v)


class Later(Scored):
    """A refused reading whose value is worked out on first use."""

    def __init__(self, reading, facts, value=None, refused="", work=None):  # Scored's fields first (replace())
        self.reading = reading
        self.facts = facts
        self.refused = refused
        self._work = work
        self._value = value

    value = _OnFirstUse(lambda r: r._work(r.facts))


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


def score_readings(hand, readings, ctx, wild, bound, evaluate, value_call, name: str, variant=None) -> list:
    """Scored readings in reading order (refused ones as `Later`). Raises IllegalWin at once when a
    refusal refuses the whole hand. With `variant` (engine.score, through `choose`): the instant
    refusals laid over as `forms.instant_checked` does, and once a legal reading reaches the hand's
    ceiling (scorer/core/ceilings.py) the rest come as `Pending`; the list then ends with the chosen one's
    index in a `Stop`."""
    refuse = _refusals(bound) if bound.refuse else ()
    if len(readings) == 1:  # most hands: nothing to share (no closures, no memo to make)
        return _score_one(hand, readings[0], ctx, wild, bound, evaluate, value_call, name, refuse)
    options = bound.options
    memo: dict = {}  # hand-level refusal index -> its answer
    values: dict = {}  # the items -> the value they make (readings of one hand repeat a few)
    kept: list = []  # the hits of the context-only predicates, asked at the first reading valued (evaluate.py)

    def value_of(items):
        key = tuple(items)
        value = values.get(key)
        if value is None:
            value = values[key] = value_call(items, ctx, bound)
        return value

    def work(facts):
        return value_of(evaluate(bound, facts, kept))

    instant = _instant(hand, ctx, variant) if variant is not None and variant.instant else None
    stop_at = None if variant is None else CEILING_FROM
    stop = stop_at is not None and len(readings) >= stop_at
    top = best_key = best = None
    out = []
    tried = False
    levels = sum(1 for r in refuse if r[3])  # hand-level refusals
    short = None  # once each hand-level refusal is answered: the refusals still to ask of each reading
    seen_views = _views_of(bound)  # scorer/core/views.py: a view seen before -> the reading that had it
    if seen_views is not None:
        view_fns, seen_views = seen_views, {}
        view_of = _view_key(view_fns)
        judge = _Judge(hand, ctx, wild, bound, refuse, memo, name, work, instant)
    for i, reading in enumerate(readings):
        if seen_views is not None:
            try:
                view = view_of(reading, hand, wild, ctx)
            except MjError:  # (a view asking what the refusals would refuse): the errors come as before
                seen_views = None
                view = None
            first = None if view is None else seen_views.get(view)
            if first is not None:  # one for scoring with an earlier reading: its refusal and value
                out.append(Like(reading, judge, first=out[first]))
                continue
            if view is not None:
                seen_views[view] = len(out)  # (the entry appended below)
        facts = Facts(hand, reading, ctx, wild, options)
        if refuse:
            if short is None:
                refused = _refused(refuse, facts, memo, name)
                if len(memo) == levels:
                    short = _shortened(refuse, memo)
            else:
                refused = ""
                for fn, params, message in short:
                    if fn is None or fn(facts, **params):
                        refused = message
                        break
            if refused:
                out.append(Later(reading, facts, None, refused, work))
                if not tried and stop_at is not None and len(readings) >= stop_at and any(memo.values()):
                    # a hand-level refusal holds: every reading is refused, and the hand's message is
                    # its highest-valued reading's; the ceiling may spare valuing the rest
                    tried = True
                    why = _why_refused(out, readings, hand, ctx, wild, bound, refuse, memo, name, work, value_of,
                                       view_fns if seen_views is not None else None, seen_views)
                    if why is not None:
                        raise IllegalWin(f"not a legal win under {name}: {why}")
                continue
        value = value_of(evaluate(bound, facts, kept))
        why = "" if value.legal else value.reason
        if instant is not None and not why:
            why = instant(reading.form)
        out.append(Scored(reading, facts, value, why))
        if not stop or why:
            continue
        if best is None or value.key > best_key:
            best, best_key = len(out) - 1, value.key
        if top is None:
            top = _ceiling(readings, facts, hand, wild, bound, value_of)
            if top is None:
                stop = False
                continue
        if best_key >= top:  # no later reading is higher, and an equal one comes after the best
            judge = _Judge(hand, ctx, wild, bound, refuse, memo, name, work, instant)
            out += [Pending(r, judge) for r in readings[i + 1:]]
            out.append(Stop(best))
            return out
    return out


def _score_one(hand, reading, ctx, wild, bound, evaluate, value_call, name, refuse) -> list:
    """score_readings of a hand read one way."""
    facts = Facts(hand, reading, ctx, wild, bound.options)
    refused = _refused(refuse, facts, {}, name) if refuse else ""
    if refused:
        return [Later(reading, facts, None, refused, lambda f: value_call(evaluate(bound, f), ctx, bound))]
    value = value_call(evaluate(bound, facts), ctx, bound)
    return [Scored(reading, facts, value, "" if value.legal else value.reason)]


CEILING_FROM = 32  # fewer readings: valuing them all costs about what finding the ceiling saves (A/B, Wuhan)


class Stop(int):
    """The index of the chosen reading, ending a list whose last readings were left `Pending`."""


class Pending(Later):
    """A reading left unvalued behind the hand's ceiling: its refusal, value and facts are worked out on
    first use (`--all`, the count of legal readings in `why_chosen`, a claim)."""

    def __init__(self, reading, facts=None, value=None, refused=None, work=None):
        self.reading = reading
        if isinstance(facts, _Judge):  # Pending(reading, judge): nothing known yet
            self._judge, facts = facts, None
        else:
            self._judge = None
        self._facts = facts
        self._value = value
        self._refused = refused
        self._work = work

    facts = _OnFirstUse(lambda r: r._judge.facts(r.reading))
    value = _OnFirstUse(lambda r: r._judge.work(r.facts))
    refused = _OnFirstUse(lambda r: r._judge.refused(r))


class Like(Pending):
    """A reading one for scoring with an earlier one (scorer/core/views.py): that one's refusal and value,
    its own facts on first use."""

    def __init__(self, reading, facts=None, value=None, refused=None, work=None, first=None):
        if facts.__class__ is _Judge:  # Like(reading, judge, first=...) from the reading loop: nothing known yet
            self.reading, self._judge, self._first = reading, facts, first
            self._facts = self._value = self._refused = self._work = None
            return
        super().__init__(reading, facts, value, refused, work)  # (dataclasses.replace gives all four)
        self._first = first

    value = _OnFirstUse(lambda r: r._first.value)
    refused = _OnFirstUse(lambda r: r._first.refused)


def _views_of(bound):
    from .views import views

    return views(bound)


def _view_key(view_fns):
    """A reading's key among its hand's views: the one view itself where the ruleset has one."""
    if len(view_fns) == 1:
        return view_fns[0]
    if len(view_fns) == 2:
        first, second = view_fns

        def key(reading, hand, wild, ctx):
            return first(reading, hand, wild, ctx), second(reading, hand, wild, ctx)
        return key

    def key(reading, hand, wild, ctx):
        return tuple(v(reading, hand, wild, ctx) for v in view_fns)
    return key


class _Judge:
    """What a `Pending` reading needs to be asked as the loop would have asked it."""

    def __init__(self, hand, ctx, wild, bound, refuse, memo, name, work, instant):
        self.hand, self.ctx, self.wild, self.bound = hand, ctx, wild, bound
        self.refuse, self.memo, self.name, self.work, self.instant = refuse, memo, name, work, instant

    def facts(self, reading):
        return Facts(self.hand, reading, self.ctx, self.wild, self.bound.options)

    def refused(self, p) -> str:
        why = _refused(self.refuse, p.facts, self.memo, self.name) if self.refuse else ""
        if not why:
            value = p.value
            why = "" if value.legal else value.reason
            if not why and self.instant is not None:
                why = self.instant(p.reading.form)
        return why


def _instant(hand, ctx, variant):
    """forms.instant_refusal per form, asked once a hand (it reads the form, the hand and the context)."""
    from .forms import instant_refusal

    seen: dict = {}

    def why(form):
        got = seen.get(form)
        if got is None:
            got = seen[form] = instant_refusal(form, hand, ctx, variant)
        return got
    return why


def _ceiling(readings, facts0, hand, wild, bound, value_of):
    """The hand's ceiling (scorer/core/ceilings.py), None when its ruleset has none for this hand."""
    if type(bound) is not Bound:
        return None
    counts, jokers = split_wild(hand.counts, wild)
    return ceiling_key(bound, HandInfo(readings, facts0, counts, jokers), compiled(bound).items_of, value_of)


_WHY_ONE = "the highest value of 1 legal reading(s)"


def choose(hand, readings, ctx, wild, bound, evaluate, value_call, variant):
    """(the chosen reading, every reading, why it was chosen) as engine.score reports them; raises
    IllegalWin when no reading is legal. The best is the legal reading with the highest key, the first
    in reading order of equals."""
    scored = score_readings(hand, readings, ctx, wild, bound, evaluate, value_call, variant.name, variant)
    if len(scored) == 1 and variant.instant:  # (the loop lays them over when there are more)
        from .forms import instant_checked

        scored = instant_checked(scored, hand, ctx, variant)
    if scored[-1].__class__ is Stop:
        index = scored.pop()
        chosen = scored[index]
        return chosen, scored, lambda: _why(scored, chosen)
    legal = [s for s in scored if not s.refused] if len(scored) > 1 else [] if scored[0].refused else scored
    if not legal:
        raise IllegalWin(f"not a legal win under {variant.name}: {refused_why(scored)}")
    if len(legal) == 1:  # most hands read one way
        return legal[0], scored, _WHY_ONE
    chosen = max(legal, key=lambda s: s.value.key)  # max keeps the first of equals: readings are in a fixed order
    return chosen, scored, _why(scored, chosen, legal)


def _why(scored, chosen, legal=None) -> str:
    if legal is None:
        legal = [s for s in scored if not s.refused]
    if len(legal) == 1:
        return _WHY_ONE
    ties = sum(1 for s in legal if s.value.key == chosen.value.key)
    return (f"the highest value of {len(legal)} legal reading(s)" +
            (f"; {ties} tie, the first in reading order is shown" if ties > 1 else ""))


def _why_refused(out, readings, hand, ctx, wild, bound, refuse, memo, name, work, value_of, view_fns=None,
                 seen_views=None):
    """The message of a hand every reading of which is refused (`out` holds the first readings, all
    refused): the refusal of the highest-valued reading, the first of equals, as `refused_why` finds
    it over every reading. Readings are valued in order until one reaches the hand's ceiling (none
    after it can be higher), each view once (`view_fns`, `seen_views`: scorer/core/views.py; a reading
    one with an earlier one is never higher). None when something raised on the way: the caller then goes on reading
    by reading, so any error comes exactly as before (the rulesets with ceilings raise only on what
    every reading shares: their context, parameters and hand)."""
    options = bound.options
    try:
        best = out[0]
        best_key = best.value.key
        counts, jokers = split_wild(hand.counts, wild)
        info = HandInfo(readings, best.facts, counts, jokers)
        top = None if type(bound) is not Bound else ceiling_key(bound, info, compiled(bound).items_of, value_of)
        if top is not None and best_key >= top:
            return best.refused
        seen = set(seen_views) if view_fns is not None else None
        view_of = _view_key(view_fns) if view_fns is not None else None
        for i in range(1, len(readings)):
            if i < len(out):
                s = out[i]
                if s.__class__ is Like:
                    continue
                key = s.value.key
            else:
                if seen is not None:
                    view = view_of(readings[i], hand, wild, ctx)
                    if view in seen:
                        continue
                    seen.add(view)
                s = Facts(hand, readings[i], ctx, wild, options)  # a reading valued here
                key = work(s).key
            if key > best_key:
                best, best_key = s, key
                if top is not None and best_key >= top:
                    break
    except MjError:
        return None
    if isinstance(best, Facts):  # a reading valued here: its refusal now (as each reading would be asked)
        return _refused(refuse, best, memo, name)
    return best.refused


def _shortened(refuse, memo) -> tuple:
    """The refusals as every later reading of the hand meets them, given the hand-level answers in
    `memo`: the reading-level ones in order, up to the first hand-level one that refuses (fn None:
    it refuses every reading that gets that far); the hand-level ones that pass are left out."""
    out = []
    for i, (fn, params, message, level, _prefix) in enumerate(refuse):
        if not level:
            out.append((fn, params, message))
        elif memo[i]:
            out.append((None, None, message))
            break
    return tuple(out)


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


class LazyResult(Result):
    """A Result whose `why_chosen` (it counts the legal readings and the ties) is worked out on first
    use: the readings left `Pending` behind the ceiling are then asked."""

    @property
    def why_chosen(self) -> str:
        w = self._why
        if callable(w):
            w = self._why = w()
        return w

    @why_chosen.setter
    def why_chosen(self, w):
        self._why = w


def result(variant, hand, ctx, options, chosen, scored, transfers, why, wild, warnings):
    """The Result of engine.score: a LazyResult when `why` is still to be worked out."""
    return (LazyResult if callable(why) else Result)(variant, hand, ctx, options, chosen, scored, transfers, why,
                                                     wild, warnings)
