"""The pipeline: hand -> readings -> facts -> items -> value -> transfers. The CLI only formats."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..errors import ContextError, IllegalWin
from ..notation.hand import Hand
from ..notation.parse import parse_hand
from ..rulesets.bind import Bound
from ..rulesets.context import Context
from ..rulesets.context_values import check_total
from ..rulesets.registry import PAY_MODELS, VALUE_MODELS
from .best import choose, result
from .evaluate import bound_call, evaluate
from .facts import Facts
from .forms import readings as read_forms
from .result import Result, net_of
from .setup import _setup, _variant_and_context, _wild_of, check_physical, check_size
from .wild import has_white_melds, resolve_white_melds, split_wild


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


@lru_cache(maxsize=64)
def _models(bound: Bound):
    """(value model, its parameters, pay model entry, its parameters), looked up once per Bound."""
    spec = dict(bound.scoring)
    vfn = VALUE_MODELS.get(spec.pop("model")).fn
    pspec = dict(bound.payment)
    entry = PAY_MODELS.get(pspec.pop("model"))
    return vfn, spec, entry, pspec


@lru_cache(maxsize=64)
def _model_calls(bound: Bound):
    """(value(items, ctx, bound), pay(value, ctx, bound, facts)): the Bound's models with its parameters."""
    vfn, spec, entry, pspec = _models(bound)
    # copies of the models whose defaults are the Bound's parameters: called with no keywords to unpack
    value = bound_call(vfn, {"total": None, **spec}, given=3)
    if "facts" in entry.params:  # a model that reads the winner's hand (its kongs...)
        fn = entry.fn

        def pay(value, ctx, bound, facts=None):
            return fn(value, ctx, bound, facts=facts, **pspec)
    else:
        fn = bound_call(entry.fn, pspec, given=3)

        def pay(value, ctx, bound, facts=None):
            return fn(value, ctx, bound)
    return value, pay


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
        return read_forms(hand, variant.forms, hand.counts, 0, False, bound.hand_options)
    counts, jokers = split_wild(hand.counts, wild)
    win_is_wild = wild.tile is not None and hand.win_tile == wild.tile
    if wild.substitute is not None and hand.win_tile == 31 and wild.tile != 31:
        # split_wild moved the white dragons to the tile they stand for, so the winning white must be
        # placed as that tile too (else no block holds it and the win reads as no hand at all)
        hand = replace(hand, win_tile=wild.substitute)
    return read_forms(hand, variant.forms, counts, jokers, win_is_wild, bound.hand_options)


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
    chosen, scored, why = choose(hand, readings, ctx, wild, bound, evaluate, value_call, variant)
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
