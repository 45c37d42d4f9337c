"""The pipeline: hand -> readings -> facts -> items -> value -> transfers. The CLI only formats."""
from __future__ import annotations

from .context import Context, make_context
from .errors import ContextError, IllegalWin, MjError
from .facts import Facts
from .forms import FORMS
from .hand import Hand
from .notation import parse_hand
from .registry import PAY_MODELS, VALUE_MODELS
from .result import Item, Result, Scored, net_of
from .variant import Bound, load_variant
from .wild import split_wild, wild_spec


def _compile(bound: Bound):
    """One generated function per Bound that calls every pattern predicate in order with its
    parameters as constants (no partial, no loop) and returns [(order, count)] of the hits."""
    ns: dict = {}
    lines = ["def run(f):", "    h = []"]
    for k, (spec, fn, params, _value) in enumerate(bound.patterns):
        ns[f"c{k}"] = fn
        args = ["f"]
        for j, (name, v) in enumerate(params.items()):
            ns[f"p{k}_{j}"] = v
            args.append(f"{name}=p{k}_{j}")
        lines.append(f"    n = c{k}({', '.join(args)})")
        lines.append(f"    if n: h.append(({k}, n))")
    lines.append("    return h")
    exec(compile("\n".join(lines), f"<evaluate {bound.variant.id}>", "exec"), ns)  # noqa: S102 - our own text
    interacting = frozenset(k for k, (spec, *_rest) in enumerate(bound.patterns)
                            if spec.series or bound.excludes.get(spec.name))
    return ns["run"], interacting, {}


def _evaluate_bound(bound: Bound, facts: Facts) -> list[Item]:
    try:
        run, interacting, items = bound._compiled
    except AttributeError:
        run, interacting, items = bound._compiled = _compile(bound)
    hits = run(facts)
    if not hits:
        return []
    out = []
    calls = bound.calls
    for k, n in hits:
        key = (k, n, type(n))
        item = items.get(key)
        if item is None:
            spec, _pred, value = calls[k]
            item = items[key] = Item(spec.name, spec.label, value * n, spec.unit, spec.rule, n, spec.group,
                                     spec.limit, spec.series)
        out.append(item)
    if interacting.isdisjoint(k for k, _ in hits):
        return out  # nothing excludes anything and no series: every hit counts, in order
    return _resolve(bound, list(enumerate(out)))


def _resolve(bound, raw) -> list[Item]:
    banned: set = set()
    best_in_series: set = set()
    keep = []
    for order, item in sorted(raw, key=lambda oi: (not oi[1].limit, -oi[1].value, oi[0])):
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
    banned: set = set()
    best_in_series: set = set()
    keep = []
    for order, item in sorted(raw, key=lambda oi: (not oi[1].limit, -oi[1].value, oi[0])):
        if item.name in banned or (item.series and item.series in best_in_series):
            continue
        keep.append((order, item))
        banned |= bound.excludes.get(item.name, set())
        if item.series:
            best_in_series.add(item.series)
    return [item for _, item in sorted(keep, key=lambda oi: oi[0])]


def refusal(bound: Bound, facts: Facts) -> str:
    for r, fn, params in bound.refuse:
        if fn(facts, **params):
            return f"{r['message']} ({r['rule']})"
    return ""


def value_of(bound: Bound, items, ctx, total=None):
    spec = dict(bound.scoring)
    model = VALUE_MODELS.get(spec.pop("model")).fn
    return model(items, ctx, bound, total=total, **spec)


def settle(bound: Bound, value, ctx, facts=None):
    spec = dict(bound.payment)
    entry = PAY_MODELS.get(spec.pop("model"))
    if "facts" in entry.params:  # a model that reads the winner's hand itself (its declared kongs...);
        spec["facts"] = facts   # None when paying from a total (`mjscore pay`)
    return entry.fn(value, ctx, bound, **spec)


def readings_of(hand: Hand, variant, bound: Bound, wild) -> list:
    counts, jokers = split_wild(hand.counts, wild)
    win_is_wild = wild.tile is not None and hand.win_tile == wild.tile
    if wild.substitute is not None and hand.win_tile == 31 and wild.tile != 31:
        # split_wild moved the white dragons to the tile they stand for, so the winning white must be
        # placed as that tile too (else no block holds it and the win reads as no hand at all)
        from dataclasses import replace

        hand = replace(hand, win_tile=wild.substitute)
    out = []
    for name in variant.forms:
        out += FORMS[name](hand, counts, jokers, win_is_wild, bound.hand_options)
    return out


def check_size(hand: Hand, variant) -> None:
    want = 3 * variant.sets + 2
    if hand.size != want:
        raise IllegalWin(f"{variant.name} hands have {want} tiles (kongs counted as 3); this one has {hand.size}")


DEFAULT_VARIANT = "hk-old"


def _named_variant(variant, kw):
    """A hand-file record names its ruleset with a `variant` key like the other context keys
    (NOTATION.md); it is the ruleset, not a fact for the context, and must agree with an argument."""
    named = kw.pop("variant", None)
    if variant and named and load_variant(variant).path != load_variant(named).path:
        raise ContextError(f"two rulesets given: {variant} and {named}")
    return variant or named or DEFAULT_VARIANT


def _coerce(hand, ctx, variant, rules, kw):
    if isinstance(ctx, dict):
        kw = {**ctx, **kw}
        ctx = None
    variant = load_variant(_named_variant(variant, kw))
    if ctx is None:
        kw.setdefault("players", variant.players)
        ctx = make_context(**kw)
    if rules:
        ctx = Context(**{**ctx.__dict__, "rules": {**ctx.rules, **rules}})
    if isinstance(hand, str):
        hand = parse_hand(hand, win=ctx.win, max_size=3 * variant.sets + 2)
    if ctx.players != variant.players:
        raise MjError(f"{variant.name} is played by {variant.players} players, the context says {ctx.players}")
    return hand, ctx, variant


def score(hand: Hand | str, ctx: Context | dict | None = None, variant=None, rules: dict | None = None,
          **kw) -> Result:
    """Score a hand: every reading, the best by the ruleset's order, and who pays whom.

    >>> r = score("[CCC,2] [234s,1] 678m 99p 55s 5s", variant="hk-old", self_draw=True, seat="W", rules={"min_faan": 1})
    >>> r.value.total, r.net["W"]
    (3, 8)
    """
    hand, ctx, variant = _coerce(hand, ctx, variant, rules, kw)
    bound = variant.bind(ctx.rules)
    check_size(hand, variant)
    wild = wild_spec(bound.hand_options.get("wild") or {}, ctx)
    readings = readings_of(hand, variant, bound, wild)
    if not readings:
        raise IllegalWin(f"not a winning hand: the tiles do not make {variant.sets} sets and a pair"
                         + ("" if variant.forms == ("standard",) else
                            f" or any of {', '.join(f for f in variant.forms if f != 'standard')}"))
    scored = []
    for reading in readings:
        facts = Facts(hand, reading, ctx, wild, bound.options)
        refused = refusal(bound, facts)
        items = evaluate(bound, facts)
        value = value_of(bound, items, ctx)
        if not refused and not value.legal:
            refused = value.reason
        scored.append(Scored(reading, facts, value, refused))
    legal = [s for s in scored if not s.refused]
    if not legal:
        best = max(scored, key=lambda s: s.value.key)
        raise IllegalWin(f"not a legal win under {variant.name}: {best.refused}")
    chosen = max(legal, key=lambda s: s.value.key)  # max keeps the first of equals: readings are in a fixed order
    transfers = settle(bound, chosen.value, ctx, chosen.facts)
    ties = sum(1 for s in legal if s.value.key == chosen.value.key)
    why = (f"the highest value of {len(legal)} legal reading(s)" +
           (f"; {ties} tie, the first in reading order is shown" if ties > 1 else ""))
    # a payment model may return its transfers with `warnings` (e.g. tile counts across a table)
    return Result(variant, hand, ctx, bound.options, chosen, scored, transfers, why, wild,
                  warnings=list(getattr(transfers, "warnings", ())))


def pay(total, ctx: Context | dict | None = None, variant=None, rules: dict | None = None, limit=False, **kw):
    """Settle from a total the table counted itself (faan, points...); returns (value, transfers, net)."""
    if isinstance(ctx, dict):
        kw = {**ctx, **kw}
        ctx = None
    variant = load_variant(_named_variant(variant, kw))
    if ctx is None:
        kw.setdefault("players", variant.players)
        ctx = make_context(**kw)
    bound = variant.bind({**ctx.rules, **(rules or {})})
    value = value_of(bound, None, ctx, total=total)
    if limit:
        value.limit = True
        value.base = bound.scoring.get("limit_pay", value.base)
    transfers = settle(bound, value, ctx)
    return value, transfers, net_of(transfers, ctx.seats)
