"""The pipeline: hand -> readings -> facts -> items -> value -> transfers. The CLI only formats."""
from __future__ import annotations

import sys
from dataclasses import replace
from operator import itemgetter

from ..errors import ContextError, IllegalWin
from ..notation.hand import Hand
from ..notation.parse import parse_hand
from ..rulesets.bind import Bound
from ..rulesets.context import Context
from ..rulesets.context_values import check_total
from ..rulesets.registry import PAY_MODELS, VALUE_MODELS
from .best import choose, result
from .facts import Facts
from .forms import FORMS, READERS
from .result import Item, Result, net_of

# The arguments made ready (ruleset, Context, wild spec) and the checks every ruleset makes are
# engine_setup.py's; its names stay importable from here (tests, bench/stages.py).
from .setup import _setup, _variant_and_context, _wild_of, check_physical, check_size
from .wild import has_white_melds, resolve_white_melds, split_wild


def _arguments(fn, lead: int, params: dict, ns: dict, tag: str) -> list[str]:
    """Argument texts for calling fn with `params` as constants (stored in `ns` under `tag`), after its
    `lead` leading arguments: by position while they follow fn's signature unbroken, by keyword after
    (Python binds a keyword argument by name on every call)."""
    code = fn.__code__
    positional = code.co_varnames[lead:code.co_argcount]
    args = []
    j = 0
    while j < len(positional) and positional[j] in params:
        ns[f"{tag}_{j}"] = params[positional[j]]
        args.append(f"{tag}_{j}")
        j += 1
    for pname, v in params.items():
        if pname not in positional[:j]:
            ns[f"{tag}_{pname}"] = v
            args.append(f"{pname}={tag}_{pname}")
    return args


def _compile_group(bound: Bound, ks, name: str, c: _Compiled | None = None):
    """A generated function that calls the predicates `ks` in order with their parameters as constants
    (no partial, no loop) and returns [(order, count, type of count)] of the hits (1, 1.0 and True are
    equal keys, yet a count shows as written). The entries of a `lookup` table are not asked one by
    one: the table is fetched where its first entry stands and its few keys are looked up among its
    entries' (a table holds what applies, a ruleset asks dozens of entries), then the hits are sorted.
    With `c` (the engine's own groups) it returns [(order, Item)] instead, the Items interned in `c`:
    a count of exactly int 1 (most hits) takes its (order, Item) pair made here once, so a reading's
    hits become items with no look-up per hit (hit lists hardly repeat: a cache of them misses)."""
    ns: dict = {}
    lines = ["def run(f):", "    h = []"]
    tables: dict = {}  # a `lookup` predicate's table function -> its entries' orders by key
    ones: dict = {}  # with c: per table, key -> the (order, Item) pairs of its entries counting 1 (None: each
    # made when asked; a key no entry reads: none)
    if c is not None:
        # (CPython's int 1 is one object; another 1 takes `item`)
        ns["ONE"], ns["item"], ns["FIRST"] = 1, c.item, _FIRST

    def one(k, count=1):
        """(k, its Item for `count`), or None when that Item cannot be made before a hit asks."""
        try:
            return k, c.item(k, count)
        except Exception:  # noqa: BLE001 - a value that fails to multiply fails when the hit comes, as before
            return None
    for k in ks:
        spec, fn, params, _value = bound.patterns[k]
        ns[f"c{k}"] = fn
        prepare = getattr(fn, "prepare", None)
        if prepare:
            params = {n: prepare[n](v) if n in prepare else v for n, v in params.items()}
        table = getattr(fn, "lookup", None)
        key = None if table is None else table[1](**params)
        try:
            hash(key)
        except TypeError:  # a key no table can hold: the predicate answers
            key = None
        if key is not None:
            entries = tables.get(table[0])
            if entries is None:
                entries = tables[table[0]] = {}
                t = f"t{len(tables)}"
                ns[f"{t}_fn"], ns[f"{t}_entries"] = table[0], entries
                if c is None:
                    lines += [f"    for key, n in {t}_fn(f).items():",
                              f"        for k in {t}_entries.get(key, ()):",
                              "            if n: h.append((k, n, type(n)))"]
                else:
                    ns[f"{t}_ones"] = ones[table[0]] = {}
                    lines += [f"    for key, n in {t}_fn(f).items():",
                              "        if n is ONE:",
                              f"            e = {t}_ones.get(key, ())",
                              "            if e is not None:",
                              "                h += e",
                              "                continue",
                              "        if n:",
                              f"            for k in {t}_entries.get(key, ()):",
                              "                h.append((k, item(k, n)))"]
            entries[key] = entries.get(key, ()) + (k,)
            if c is not None:
                pair = one(k)
                if pair is None:  # every count of this key through `item`
                    ones[table[0]][key] = None
                else:
                    got = ones[table[0]].get(key, ())
                    ones[table[0]][key] = None if got is None else got + (pair,)
            continue
        args = ["f"] + _arguments(fn, 1, params, ns, f"p{k}")
        lines.append(f"    n = c{k}({', '.join(args)})")
        if c is None:
            lines.append(f"    if n: h.append(({k}, n, type(n)))")
            continue
        lines.append("    if n:")
        test = "if"
        for var, count, same in ((f"o{k}", 1, "ONE"), (f"y{k}", True, "True")):  # its pair made here
            pair = one(k, count)
            if pair is not None:
                ns[var] = pair
                lines += [f"        {test} n is {same}:", f"            h.append({var})"]
                test = "elif"
        if test == "elif":
            lines += ["        else:", f"            h.append(({k}, item({k}, n)))"]
        else:  # neither pair could be made ahead
            lines.append(f"        h.append(({k}, item({k}, n)))")
    if tables:
        # (order, Item) pairs by their order alone (each order comes once): no tuple comparisons
        lines.append("    h.sort()" if c is None else "    h.sort(key=FIRST)")
    lines.append("    return h")
    exec(compile("\n".join(lines), f"<{name} {bound.variant.id}>", "exec"), ns)  # noqa: S102 - our own text
    return ns["run"]


def _caller(fn, lead: tuple, params: dict, name: str, extra: tuple = (), ignored: tuple = ()):
    """fn with `params` fixed: a generated function of the `lead` arguments (then `extra` ones, passed
    on by keyword, and `ignored` ones, not passed) that hands the parameters over as constants."""
    ns: dict = {"fn": fn}
    args = list(lead) + _arguments(fn, len(lead), params, ns, "p") + [f"{x}={x}" for x in extra]
    text = f"def call({', '.join(lead + extra + ignored)}):\n    return fn({', '.join(args)})"
    exec(compile(text, name, "exec"), ns)  # noqa: S102 - our own text
    return ns["call"]


class _Compiled:
    """A Bound's predicates split by what they read: the whole reading (called every time), the
    context only and the bonus tiles with the seat only (their hits are kept per context / per
    (bonus, seat) and reused)."""

    def __init__(self, bound: Bound):
        groups: dict = {None: [], "ctx": [], "bonus": []}
        for k, (spec, fn, _params, _value) in enumerate(bound.patterns):
            groups[getattr(fn, "reads", None) if getattr(fn, "reads", None) in groups else None].append(k)
        self.calls = bound.calls
        self.items: dict = {}  # (order, count, type of count) -> its Item, made once
        self.run = _compile_group(bound, groups[None], "evaluate", self)
        self.run_ctx = _compile_group(bound, groups["ctx"], "evaluate ctx", self) if groups["ctx"] else None
        self.run_bonus = _compile_group(bound, groups["bonus"], "evaluate bonus", self) if groups["bonus"] else None
        self.by_bonus: dict = {}
        self.interacting = frozenset(k for k, (spec, *_rest) in enumerate(bound.patterns)
                                     if spec.series or bound.excludes.get(spec.name))
        self.resolved: dict = {}  # the ids of a reading's hit items (interned: one per hit) -> its items
        # per order: the orders of every pattern its name excludes (the names' bits), so `_resolve_hits`
        # tests and joins exclusions as ints; `_resolve` (by names) decides the same
        bits_of: dict = {}
        for k, (spec, *_rest) in enumerate(bound.patterns):
            bits_of[spec.name] = bits_of.get(spec.name, 0) | 1 << k
        self.excluded = [sum_bits(bits_of.get(name, 0) for name in bound.excludes.get(spec.name, ()))
                         for spec, *_rest in bound.patterns]

    def item(self, k: int, n) -> Item:
        """The Item of pattern `k` counting `n` (one object per order, count and type of count)."""
        key = (k, n, type(n))
        item = self.items.get(key)
        if item is None:
            spec, _pred, value = self.calls[k]
            item = self.items[key] = Item(spec.name, spec.label, value * n, spec.unit, spec.rule, n, spec.group,
                                          spec.limit, spec.series)
        return item


_FIRST, _SECOND = itemgetter(0), itemgetter(1)


def _evaluate_bound(bound: Bound, facts: Facts) -> list[Item]:
    try:
        c = bound._compiled
    except AttributeError:
        c = bound._compiled = _Compiled(bound)
    run, run_ctx = c.run, c.run_ctx  # (instance attributes: read as attributes, not methods, they specialise)
    hits = run(facts)  # [(order, Item)]
    more = False
    if run_ctx is not None:
        # kept on the Context (a cache would keep each one alive for the cyclic GC to walk; most come once)
        kept = facts.ctx.__dict__
        got = kept.get("_ctx_hits")
        if got is None or got[0] is not c:
            got = kept["_ctx_hits"] = (c, run_ctx(facts))
        if got[1]:
            hits += got[1]
            more = True
    if c.run_bonus is not None:
        key = (facts.hand.bonus, facts.ctx.seat_wind)  # own flowers follow the seat's wind
        got = c.by_bonus.get(key)
        if got is None:
            if len(c.by_bonus) >= 512:
                c.by_bonus.clear()
            got = c.by_bonus[key] = c.run_bonus(facts)
        if got:
            hits += got
            more = True
    if not hits:
        return []
    if more:
        hits.sort(key=_FIRST)
    out = list(map(_SECOND, hits))
    if not c.interacting or c.interacting.isdisjoint(map(_FIRST, hits)):
        return out  # nothing excludes anything and no series: every hit counts, in order
    # the same hits give the same items: readings of one hand (and of many hands) repeat them
    rkey = tuple(map(id, out))  # (the items are interned and kept in c.items: an id stays theirs)
    done = c.resolved.get(rkey)
    if done is not None:
        return list(done)
    done = _resolve_hits(c, hits)
    if len(c.resolved) >= 4096:
        c.resolved.clear()
    c.resolved[rkey] = tuple(done)
    return done


def _items_of(bound: Bound, c: _Compiled, hits) -> list[Item]:
    """The items of hits [(order, count, type of count)] (scorer/core/ceilings.py's combinations)."""
    item = c.item
    out = [item(k, n) for k, n, _type in hits]
    if c.interacting.isdisjoint(k for k, _, _ in hits):
        return out  # nothing excludes anything and no series: every hit counts, in order
    return _resolve(bound, list(enumerate(out)))


def sum_bits(bits) -> int:
    m = 0
    for b in bits:
        m |= b
    return m


def _series_first(hits) -> list[Item]:
    """The items of hits [(order, Item)] but the first of each series in the order below (limits first,
    then the highest value, then the pattern order): `_resolve`'s way when nothing excludes anything."""
    best: dict = {}
    for order, item in hits:
        s = item.series
        if s:
            k = (not item.limit, -item.value, order)
            got = best.get(s)
            if got is None or k < got:
                best[s] = k
    if not best:
        return [item for _, item in hits]
    keep = {k[2] for k in best.values()}
    return [item for order, item in hits if not item.series or order in keep]


def _resolve_hits(c: _Compiled, hits) -> list[Item]:
    """`_resolve` of a Bound's hits [(order, Item)] in order, its exclusions as bits over the orders
    (`_Compiled.excluded`): the same items (tests/test_engine_items.py compares the two)."""
    excluded = c.excluded
    targeted = 0
    for k, _item in hits:
        targeted |= excluded[k]
    if not targeted:  # nothing here excludes anything present (nor absent: that bans nothing either)
        return _series_first(hits)
    banned = 0
    series_seen: set = set()
    keep = []
    # among equal values an excluded pattern is decided after the ones that may exclude it, so an
    # exclusion holds whatever the YAML order
    for k, item in sorted(hits, key=lambda ki: (not ki[1].limit, -ki[1].value, targeted >> ki[0] & 1, ki[0])):
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
    return list(map(_SECOND, keep))


def _resolve(bound, raw) -> list[Item]:
    excludes = bound.excludes
    if not any(excludes.get(item.name) for _, item in raw):
        return _series_first(raw)  # nothing here excludes anything
    banned: set = set()
    best_in_series: set = set()
    keep = []
    # among equal values an excluded pattern is decided after the ones that may exclude it, so an
    # exclusion holds whatever the YAML order
    targeted = set().union(*(bound.excludes.get(item.name, ()) for _, item in raw))
    for order, item in sorted(raw, key=lambda oi: (not oi[1].limit, -oi[1].value, oi[1].name in targeted, oi[0])):
        if item.name in banned or (item.series and item.series in best_in_series):
            continue
        keep.append((order, item))
        banned |= bound.excludes.get(item.name, set())
        if item.series:
            best_in_series.add(item.series)
    return [item for _, item in sorted(keep, key=lambda oi: oi[0])]


def evaluate(bound: Bound, facts: Facts) -> list[Item]:
    """Pattern hits with exclusions and series applied (highest value first decides)."""
    if type(bound) is Bound:
        return _evaluate_bound(bound, facts)
    raw = []
    for order, (spec, pred, value) in enumerate(bound.calls):
        n = pred(facts)
        if n:
            raw.append((order, Item(spec.name, spec.label, value * n, spec.unit, spec.rule, n, spec.group,
                                    spec.limit, spec.series)))
    if not raw:
        return []
    return _resolve(bound, raw)


def refusal(bound: Bound, facts: Facts, memo: dict | None = None) -> str:
    """The first refusal that applies, as its message and rule. `memo` (one dict per hand) keeps the
    answers of refusals marked `hand_level` (they read the hand, the context and the wild tile, not
    the reading), so the hand's other readings do not ask them again."""
    if memo is None:
        for r, fn, params in bound.refuse:
            if fn(facts, **params):
                return f"{r['message']} ({r['rule']})"
        return ""
    for i, (r, fn, params) in enumerate(bound.refuse):
        if getattr(fn, "hand_level", False):
            hit = memo.get(i)
            if hit is None:
                hit = memo[i] = fn(facts, **params)
        else:
            hit = fn(facts, **params)
        if hit:
            return f"{r['message']} ({r['rule']})"
    return ""


def _models(bound: Bound):
    """(value model, its parameters, pay model entry, its parameters), looked up once per Bound."""
    try:
        return bound._models
    except AttributeError:
        pass
    spec = _interned(bound.scoring)
    vfn = VALUE_MODELS.get(spec.pop("model")).fn
    pspec = _interned(bound.payment)
    entry = PAY_MODELS.get(pspec.pop("model"))
    models = (vfn, spec, entry, pspec)
    if type(bound) is Bound:
        bound._models = models
    return models


def _model_calls(bound: Bound):
    """(value(items, ctx, bound), pay(value, ctx, bound, facts)): the Bound's models with its parameters."""
    try:
        return bound._model_calls
    except AttributeError:
        pass
    vfn, spec, entry, pspec = _models(bound)
    where = f"<models {bound.variant.id}>"
    value = _caller(vfn, ("items", "ctx", "bound"), {"total": None, **spec}, where)
    reads_facts = "facts" in entry.params  # a model that reads the winner's hand (its kongs...)
    facts = ("facts",)
    pay = _caller(entry.fn, ("value", "ctx", "bound"), pspec, where, *((facts, ()) if reads_facts else ((), facts)))
    bound._model_calls = (value, pay)
    return value, pay


def _interned(params: dict) -> dict:
    """A copy with interned names: the models get them by keyword on every call, and Python matches an
    interned name to a parameter by identity, a YAML key (a new string) only by comparing its text."""
    return {sys.intern(k) if type(k) is str else k: v for k, v in params.items()}


def value_of(bound: Bound, items, ctx, total=None):
    if type(bound) is not Bound:
        spec = dict(bound.scoring)
        model = VALUE_MODELS.get(spec.pop("model")).fn
        return model(items, ctx, bound, total=total, **spec)
    if total is None:
        return _model_calls(bound)[0](items, ctx, bound)
    model, spec, _entry, _pspec = _models(bound)
    return model(items, ctx, bound, total=total, **spec)


def settle(bound: Bound, value, ctx, facts=None):
    if type(bound) is Bound:
        return _model_calls(bound)[1](value, ctx, bound, facts)
    spec = dict(bound.payment)
    entry = PAY_MODELS.get(spec.pop("model"))
    if "facts" in entry.params:  # a model that reads the winner's hand itself (its declared kongs...);
        spec["facts"] = facts   # None when paying from a total (`mjscore pay`)
    return entry.fn(value, ctx, bound, **spec)


def readings_of(hand: Hand, variant, bound: Bound, wild) -> list:
    if wild.tile is None and wild.substitute is None:
        options = bound.hand_options
        read = READERS.get(variant.forms)
        if read is not None:
            return read(hand, options)
        out = []
        for name in variant.forms:
            out += FORMS[name](hand, hand.counts, 0, False, options)
        return out
    counts, jokers = split_wild(hand.counts, wild)
    win_is_wild = wild.tile is not None and hand.win_tile == wild.tile
    if wild.substitute is not None and hand.win_tile == 31 and wild.tile != 31:
        # split_wild moved the white dragons to the tile they stand for, so the winning white must be
        # placed as that tile too (else no block holds it and the win reads as no hand at all)
        hand = replace(hand, win_tile=wild.substitute)
    out = []
    for name in variant.forms:
        out += FORMS[name](hand, counts, jokers, win_is_wild, bound.hand_options)
    return out


_WHY_ONE = "the highest value of 1 legal reading(s)"


def score(hand: Hand | str, ctx: Context | dict | None = None, variant=None, rules: dict | None = None,
          **kw) -> Result:
    """Score a hand: every reading, the best by the ruleset's order, and who pays whom.

    >>> r = score("[CCC,2] [234s,1] 678m 99p 55s 5s", variant="hk-old", self_draw=True, seat="W", rules={"min_faan": 1})
    >>> r.value.total, r.net["W"]
    (3, 8)
    """
    setup = _setup(ctx, variant, rules, kw)
    ctx, variant, bound = setup.ctx, setup.variant, setup.bound
    if isinstance(hand, str):
        hand = parse_hand(hand, win=ctx.win, max_size=setup.max_size, dealt=variant.dealt_sizes)
    if len(hand.concealed) + 3 * len(hand.melds) != setup.max_size:
        check_size(hand, variant)
    if setup.physical:
        check_physical(hand, ctx, variant.wild_kong_keys)
    wild = setup.wild
    if wild is None:
        wild = setup.wild = _wild_of(bound, ctx)
    if hand.melds and has_white_melds(hand):  # [35sP,1]: a white dragon at the indicator's face value
        hand = resolve_white_melds(hand, wild)
    readings = readings_of(hand, variant, bound, wild)
    if not readings:
        raise IllegalWin(f"not a winning hand: the tiles do not make {variant.sets} sets and a pair"
                         + ("" if variant.forms == ("standard",) else
                            f" or any of {', '.join(f for f in variant.forms if f != 'standard')}"))
    # the legal reading with the highest key (best.py: shortcuts for the many readings of wild tiles)
    value_call, pay_call = _model_calls(bound)
    chosen, scored, why = choose(hand, readings, ctx, wild, bound, _evaluate_bound, value_call, variant)
    transfers = pay_call(chosen.value, ctx, bound, chosen.facts)
    # a payment model may return its transfers with `warnings` (e.g. tile counts across a table)
    warnings = [] if transfers.__class__ is list else list(getattr(transfers, "warnings", ()))
    return result(variant, hand, ctx, bound.options, chosen, scored, transfers, why, wild, warnings)


def pay(total, ctx: Context | dict | None = None, variant=None, rules: dict | None = None, limit=False, **kw):
    """Settle from a total the table counted itself (faan, points...); returns (value, transfers, net)."""
    variant, ctx = _variant_and_context(ctx, variant, kw)
    total = check_total(total, variant)  # finite, not negative, whole and bounded where it must be
    bound = variant.bind({**ctx.rules, **(rules or {})})
    if limit and "limit_pay" not in bound.scoring:  # else --limit would pay the total, saying "limit"
        raise ContextError(f"--limit: {variant.id} has no limit that pays a fixed amount; give the total "
                           f"the hand counts ({bound.scoring.get('unit') or 'its units'}) with --total")
    value = value_of(bound, None, ctx, total=total)
    if not limit and not value.legal:
        raise IllegalWin(value.reason)
    if limit:
        value.limit = True
        value.base = bound.scoring.get("limit_pay", value.base)
    transfers = settle(bound, value, ctx)
    return value, transfers, net_of(transfers, ctx.seats)
