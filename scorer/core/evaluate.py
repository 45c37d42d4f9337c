"""A ruleset compiled once: a Bound's predicates as a plain list of bound callables, their hits made
items, and the one resolver of exclusions and series (used by every reading, by the reading loop's
shortcuts and by scorer/core/ceilings.py).

A predicate is called as `fn(facts, **params)`; compiling fixes the params (converted once where the
predicate declares `@prepare`). Entries declared `@lookup(table, ...)` are answered from one call of
their table a reading instead of one call each (a ruleset asks dozens of entries of one table).
"""
from __future__ import annotations

from functools import lru_cache, partial
from operator import attrgetter, itemgetter
from types import FunctionType

from ..rulesets.bind import Bound
from .result import Item

_FIRST = itemgetter(0)


def bound_call(fn, params: dict, given: int = 1):
    """fn(facts) with `params` fixed: a copy of the predicate whose defaults are the pattern's
    parameters (called with the facts alone it runs as the predicate itself, with no wrapper call in
    between), or functools.partial where fn is no plain function or takes **kwargs. `given`: how many
    leading arguments each call passes (a model: its items or value, the context and the Bound)."""
    prepare = getattr(fn, "prepare", None)
    if prepare:
        params = {n: prepare[n](v) if n in prepare else v for n, v in params.items()}
    if not params:
        return fn
    code = getattr(fn, "__code__", None)
    if code is None or not isinstance(fn, FunctionType):
        return partial(fn, **params)
    names = code.co_varnames[given:code.co_argcount]
    kwonly = code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount]
    defaults = fn.__defaults__ or ()
    fixed = dict(zip(names[len(names) - len(defaults):], defaults))
    fixed.update((n, v) for n, v in params.items() if n in names)
    if any(n not in names and n not in kwonly for n in params) or any(n not in fixed for n in names):
        return partial(fn, **params)  # (**kwargs, or a parameter with neither a default nor a value)
    bound = FunctionType(code, fn.__globals__, fn.__name__, tuple(fixed[n] for n in names), fn.__closure__)
    bound.__kwdefaults__ = {**(fn.__kwdefaults__ or {}), **{n: params[n] for n in kwonly if n in params}} or None
    return bound


def _table_key(fn, params: dict):
    """The key a `lookup` entry is answered under in its table, or None (the predicate is called)."""
    table = getattr(fn, "lookup", None)
    if table is None:
        return None
    prepare = getattr(fn, "prepare", None)
    if prepare:
        params = {n: prepare[n](v) if n in prepare else v for n, v in params.items()}
    key = table[1](**params)
    try:
        hash(key)
    except TypeError:  # a key no table can hold: the predicate answers
        return None
    return key


def exclusion_bits(specs, excludes: dict) -> list[int]:
    """Per pattern order: the orders of every pattern its name excludes, as bits."""
    bits_of: dict = {}
    for k, spec in enumerate(specs):
        bits_of[spec.name] = bits_of.get(spec.name, 0) | 1 << k
    out = []
    for spec in specs:
        m = 0
        for name in excludes.get(spec.name, ()):
            m |= bits_of.get(name, 0)
        out.append(m)
    return out


def resolve(pairs, excluded: list) -> list[Item]:
    """The items that count among a reading's hits [(order, Item)] (in order): the highest value
    first (limits before all), an excluded pattern dropped, one item per series. Among equal values
    a pattern something here excludes is decided after the ones that may exclude it, so an exclusion
    holds whatever the YAML order. `excluded[k]`: the bits of the orders pattern k excludes."""
    targeted = 0
    for k, _item in pairs:
        targeted |= excluded[k]
    banned = 0
    series_seen: set = set()
    keep = []
    for k, item in sorted(pairs, key=lambda ki: (not ki[1].limit, -ki[1].value, targeted >> ki[0] & 1, ki[0])):
        if banned >> k & 1:
            continue
        s = item.series
        if s:
            if s in series_seen:
                continue
            series_seen.add(s)
        keep.append((k, item))
        banned |= excluded[k]
    keep.sort(key=_FIRST)
    return [item for _k, item in keep]


class Compiled:
    """A Bound's predicates made ready, in two groups by what they read (the reading, its hand and
    context; `@reads("bonus")` the bonus tiles and the seat): each group [(order, fn(facts))] and
    [(table fn, key -> orders)] of its `lookup` entries. The bonus group answers the same for every
    hand with the same bonus tiles and seat wind: its hits are kept by those values (`kept_hits`).
    The context-only predicates' direct calls (`@reads("ctx")`) are asked once a hand where
    best.py's reading loop keeps their hits for the hand's later readings (`hits`' `hand`), else
    with the rest; not kept by Context across hands (a key of a whole Context costs more than they
    do where contexts seldom repeat, bench/competition.py). The reading group's direct calls are split by their `@gate` (registry.py): those with
    none, asked every reading, and a tree of the facts they cannot hit without (`gated`), each fact
    read once for all the calls under it. Also the bits each order excludes and the orders that
    exclude something or belong to a series (a reading hitting none of them keeps every hit as it
    is)."""

    def __init__(self, bound):
        self.patterns = bound.patterns
        groups: dict = {None: ([], {}), "bonus": ([], {})}
        by_ctx = []  # the direct calls of the context-only predicates
        for k, (_spec, fn, params, _value) in enumerate(bound.patterns):
            reads = getattr(fn, "reads", None)
            direct, tables = groups["bonus" if reads == "bonus" else None]
            key = _table_key(fn, params)
            if key is None:
                direct.append((k, bound_call(fn, params)))
                if reads == "ctx":
                    by_ctx.append(k)
            else:
                entries = tables.setdefault(fn.lookup[0], {})
                entries[key] = entries.get(key, ()) + (k,)
        calls = groups[None][0]
        self.direct, self.gated = _by_gate(calls, bound.patterns)
        # the same calls laid out twice: all of them for a reading asked alone; without the
        # context-only ones (asked once a hand) for the readings of a hand that reads many ways
        self.per_reading = _by_gate([c for c in calls if c[0] not in by_ctx], bound.patterns)
        self.by_ctx = _by_gate([c for c in calls if c[0] in by_ctx], bound.patterns) if by_ctx else None
        self.tables = tuple(groups[None][1].items())
        self.by_bonus = (tuple(groups["bonus"][0]), tuple(groups["bonus"][1].items()))
        specs = [spec for spec, *_rest in bound.patterns]
        self.excluded = exclusion_bits(specs, getattr(bound, "excludes", {}))
        self.interacting = frozenset(k for k, spec in enumerate(specs) if spec.series or self.excluded[k])
        # one Item per (order, count, type of count): 1, 1.0 and True are equal keys, yet a count
        # shows as written
        self.item = lru_cache(maxsize=4096)(self._item)
        # the Item of each pattern hit once (most hits): read by order, without a cache's key
        self.once = tuple(self._item(k, 1, int) for k in range(len(bound.patterns)))

    def _item(self, k: int, n, _kind=None) -> Item:
        spec, _fn, _params, value = self.patterns[k]
        return Item(spec.name, spec.label, value * n, spec.unit, spec.rule, n, spec.group, spec.limit, spec.series)

    def hits(self, facts, hand=None) -> list:
        """[(order, count)] of the patterns that hit, in order. `hand`: a list kept for one hand's
        readings (best.py), holding the context-only group's hits once its first reading asked them."""
        out = []
        append = out.append
        direct, gated = self.direct, self.gated
        if hand is not None and self.by_ctx is not None:
            direct, gated = self.per_reading
            if not hand:
                hand.append(_ctx_hits(facts, *self.by_ctx))
            out += hand[0]
        for k, call in direct:
            n = call(facts)
            if n:
                append((k, n))
        more = bool(out)  # (the kept context-only hits, put first)
        if gated and _gated_hits(facts, gated, append):
            more = True
        if self.tables:
            _table_hits(facts, self.tables, append)
            more = True
        if self.by_bonus[0] or self.by_bonus[1]:
            got = self._kept(facts, "bonus", (facts.hand.bonus, facts.ctx.seat_wind))
            if got:
                out += got
                more = True
        if more:
            out.sort()  # (by order: two hits never share one, so their counts are never compared)
        return out

    def _kept(self, facts, name, key) -> tuple:
        """The hits of the group `name` (its predicates all read the part of facts `key` names; None:
        not kept), asked once per key."""
        group = self.by_bonus
        if key is None:
            return _group_hits(facts, group)
        kept = kept_hits((self, name, key))
        if not kept:
            kept.append(_group_hits(facts, group))
        return kept[0]

    def items_of(self, hits) -> list[Item]:
        """The items that count among hits [(order, count, ...)] in order."""
        item, once = self.item, self.once
        pairs = [(k, once[k] if n == 1 and n.__class__ is int else item(k, n, n.__class__)) for k, n, *_rest in hits]
        if self.interacting.isdisjoint(k for k, _item in pairs):
            return [i for _k, i in pairs]
        return resolve(pairs, self.excluded)


def _gate_of(fn, params: dict) -> tuple:
    """The facts (attribute names, in the order declared) a predicate cannot hit without (`@gate`)."""
    gate = getattr(fn, "gate", None)
    if gate is None:
        return ()
    prepare = getattr(fn, "prepare", None)
    if prepare:
        params = {n: prepare[n](v) if n in prepare else v for n, v in params.items()}
    return tuple(dict.fromkeys(gate(**params)))


def _by_gate(calls, patterns) -> tuple:
    """The calls [(order, fn)] split: those with no gate, and a tree of gates, each node (fact getter,
    its calls, its child nodes), the predicates whose gates start alike sharing the nodes: a reading
    skips every call under a fact that does not hold with one read."""
    direct, tree = [], {}
    for k, call in calls:
        _spec, fn, params, _value = patterns[k]
        names = _gate_of(fn, params)
        if not names:
            direct.append((k, call))
            continue
        children, gated = tree, None
        for name in names:
            children, gated = children.setdefault(name, ({}, []))
        gated.append((k, call))
    return tuple(direct), _frozen(tree)


def _frozen(tree: dict) -> tuple:
    """The tree as nested tuples (getter, calls, children)."""
    return tuple((attrgetter(name), tuple(calls), _frozen(children)) for name, (children, calls) in tree.items())


def _gated_hits(facts, nodes, append) -> bool:
    """Append the hits of the gated calls whose gates hold; whether any hit."""
    hit = False
    for test, calls, children in nodes:
        if test(facts):
            for k, call in calls:
                n = call(facts)
                if n:
                    append((k, n))
                    hit = True
            if children and _gated_hits(facts, children, append):
                hit = True
    return hit


def _table_hits(facts, tables, append) -> None:
    for table, entries in tables:
        for key, n in table(facts).items():
            if n:
                for k in entries.get(key, ()):
                    append((k, n))


def _group_hits(facts, group) -> tuple:
    direct, tables = group
    out = [(k, n) for k, call in direct for n in (call(facts),) if n]
    if tables:
        _table_hits(facts, tables, out.append)
    return tuple(out)


def _ctx_hits(facts, direct, gated) -> tuple:
    """The hits of the context-only predicates: their calls with no gate, then their gated ones."""
    out = [(k, n) for k, call in direct for n in (call(facts),) if n]
    if gated:
        _gated_hits(facts, gated, out.append)
    return tuple(out)


@lru_cache(maxsize=4096)
def kept_hits(key) -> list:
    """The list the hits of one group of predicates are kept in, per (Compiled, group, key): empty until
    Compiled._kept fills it."""
    return []


@lru_cache(maxsize=4096)
def _resolved(c: Compiled, hits: tuple) -> tuple:
    """The items that count among hits [(order, count, type of count)]: readings of one hand, and of
    many hands, repeat a few hundred hit lists where exclusions decide (MCR's, Zung Jung's)."""
    item = c.item
    return tuple(resolve([(k, item(k, n, kind)) for k, n, kind in hits], c.excluded))


@lru_cache(maxsize=64)
def compiled(bound: Bound) -> Compiled:
    """The Bound compiled, once (a Variant keeps up to 64 Bounds, one per rules set)."""
    return Compiled(bound)


def evaluate(bound, facts, hand=None) -> list[Item]:
    """Pattern hits with exclusions and series applied (highest value first decides). `hand`: see
    Compiled.hits."""
    if type(bound) is Bound:
        c = compiled(bound)
        hits = c.hits(facts, hand)
        if not hits:
            return []
        item = c.item
        if c.interacting.isdisjoint(map(_FIRST, hits)):
            once = c.once
            return [once[k] if n == 1 and n.__class__ is int else item(k, n, n.__class__) for k, n in hits]
        try:
            return list(_resolved(c, tuple((k, n, n.__class__) for k, n in hits)))
        except TypeError:  # (an unhashable count: resolved, not kept)
            return resolve([(k, item(k, n, n.__class__)) for k, n in hits], c.excluded)
    # a stand-in for a Bound (tests, views): its one-argument calls asked in turn
    pairs = []
    for k, (spec, pred, value) in enumerate(bound.calls):
        n = pred(facts)
        if n:
            pairs.append((k, Item(spec.name, spec.label, value * n, spec.unit, spec.rule, n, spec.group,
                                  spec.limit, spec.series)))
    if not pairs:
        return []
    return resolve(pairs, exclusion_bits([spec for spec, _p, _v in bound.calls], bound.excludes))
