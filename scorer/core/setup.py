"""What `engine.score` and `engine.pay` take in, made ready once and kept: the ruleset and the validated
Context from their arguments (per dict context a `_Setup`, looked at again after
`variant.RECHECK_SECONDS`), the wild-tile spec per Bound; and the checks of a hand that hold in every
ruleset (its size, what no table can produce, --floats)."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import count
from time import monotonic

from ..errors import ContextError, IllegalWin, ImpossibleHand, MjError, VariantUnknown
from ..notation.hand import Hand
from ..notation.parse import parse_hand
from ..rulesets import DEFAULT_RULESET
from ..rulesets.bind import Bound
from ..rulesets.context import Context, check_for_ruleset, context_from, ruleset_context
from ..rulesets.variant import RECHECK_SECONDS, load_variant
from .wild import wild_spec


def check_size(hand: Hand, variant) -> None:
    want = 3 * variant.sets + 2
    if hand.size != want and hand.size not in variant.dealt_sizes:
        raise IllegalWin(f"{variant.name} hands have {want} tiles (kongs counted as 3); this one has {hand.size}")


def check_physical(hand: Hand, ctx, kong_keys=()) -> None:
    """What no table can produce, whatever the ruleset: a robbed kong whose tile the winner holds
    again (the robbed pung holds the other three copies), a kong replacement win without that many
    kongs, a first-turn (heavenly / earthly) hand with a claimed meld."""
    if ctx.robbed and hand.all_counts[hand.win_tile] > 1:
        raise ImpossibleHand(f"a robbed kong's tile is the fourth {_name(hand.win_tile)}: the "
                           "robbed pung holds the other three, so the winner cannot hold another copy")
    # declarations a ruleset counts as kongs without a meld (Wuhan's red-dragon and laizi kongs)
    if ctx.kong_draw:
        kongs = sum(1 for m in hand.melds if m.kind == "kong") + sum(
            int(ctx.extra.get(k) or 0) for k in kong_keys if isinstance(ctx.extra.get(k) or 0, int))
        if kongs < ctx.kong_draw:
            raise ImpossibleHand(f"--kong-draw {ctx.kong_draw}: a replacement tile follows the winner's own kong, "
                                 f"and this hand shows {kongs} kong{'s' if kongs != 1 else ''}")
    if ctx.first_turn and not hand.is_closed:
        raise ImpossibleHand("--first-turn (heavenly / earthly hand): a claimed meld ends the first go-round")


def check_floats(floats: int, variant) -> None:
    """--floats N counts the wild tiles the winner discarded while floating (NOTATION.md), in every
    ruleset alike; a ruleset without floats (no `hand.floats`) refuses it, and none takes more than its
    `hand.floats`."""
    if variant.floats is None:
        raise ContextError(f"--floats: {variant.name} has no floats (wild tiles discarded while floating)")
    if floats > variant.floats:
        raise ContextError(f"--floats {floats}: {variant.name} knows at most {variant.floats} wild tiles "
                            "discarded while floating")


def _name(t):
    from ..notation.tiles import tile_name

    return tile_name(t)




def _named_variant(variant, kw):
    """A hand-file record names its ruleset with a `variant` key like the other context keys
    (NOTATION.md); it is the ruleset, not a fact for the context, and must agree with an argument."""
    named = kw.pop("variant", None)
    if variant == "" or named == "":
        raise VariantUnknown("the ruleset name is empty: give an id (see `mjscore variants`) or a path")
    if variant and named and load_variant(variant).path != load_variant(named).path:
        raise ContextError(f"two rulesets given: {variant} and {named}")
    return variant or named or DEFAULT_RULESET


def _variant_and_context(ctx, variant, kw):
    """The ruleset (an argument or the context's `variant` key) and a validated Context."""
    if isinstance(ctx, dict):
        kw = {**ctx, **kw}
        ctx = None
    variant = load_variant(_named_variant(variant, kw))
    if ctx is None:
        kw.setdefault("players", variant.players)
        ctx = context_from(kw)
    check_for_ruleset(ctx, variant)  # a flag or --set key the ruleset would ignore is refused
    return variant, ctx


class _Setup:
    """What score() needs besides the hand, from its ruleset and context arguments."""

    __slots__ = ("ref", "variant", "ctx", "bound", "wild", "max_size", "physical", "checked")

    def __init__(self, ref, variant, ctx, bound):
        self.ref, self.variant, self.ctx, self.bound = ref, variant, ctx, bound
        self.wild = None  # the wild-tile spec, looked up on first use (after the hand's own checks)
        self.max_size = 3 * variant.sets + 2
        self.physical = bool(ctx.robbed or ctx.kong_draw or ctx.first_turn)  # check_physical has work
        if ctx.floats is not None:
            check_floats(ctx.floats, variant)
        self.checked = 0.0  # when the ruleset's file was last looked at (set where it is kept: _kept_setup)


# the value types a kept setup's key holds, each as one byte of the key: equal values of different
# types (1, True, 1.0) are equal keys, their codes tell them apart; any other type is no atom
_TYPE_CODES = {str: 0, int: 1, bool: 2, float: 3, type(None): 4}
_code = _TYPE_CODES.__getitem__


def _setup(ctx, variant, rules, kw) -> _Setup:
    """The Variant, the Context with the rules laid over, the Bound. A batch gives a few hundred
    distinct dict contexts again and again: each is validated once and kept (`_kept_setup`) while
    its ruleset's file is the same."""
    if ctx.__class__ is Context and not kw and not rules and variant and type(variant) is str:
        # a made Context (the API's objects): _variant_and_context's steps that apply to it
        v = load_variant(variant)
        check_for_ruleset(ctx, v)
        _check_players(ctx, v)
        return _Setup(None, v, ctx, v.bind(ctx.rules))
    if type(ctx) is dict and not kw and (variant is None or type(variant) is str) and (
            not rules or type(rules) is dict):
        nested = ctx.get("rules")
        if nested.__class__ is dict:  # a record's own rules (a batch's): laid over the same way, kept apart
            ctx = {k: v for k, v in ctx.items() if k != "rules"}
            rules = {**nested, **rules} if rules else nested
        try:  # a first sighting is made and not kept (below); the types are read for a second one
            sighting = hash((variant, tuple(ctx.items()), tuple(rules.items()) if rules else ()))
        except TypeError:  # (an unhashable value: made below, nothing kept)
            return _made_setup(ctx, variant, rules, kw)
        if _first_sighting(sighting) == next(_sightings) - 1:
            return _made_setup(ctx, variant, rules, kw)
        try:
            key = _key(variant, ctx, rules)
        except KeyError:  # (a value of no atom type: made below, nothing kept)
            return _made_setup(ctx, variant, rules, kw)
        hit = _kept_setup(key)  # (atoms and bytes alone: the key hashes)
        now = monotonic()
        if now - hit.checked < RECHECK_SECONDS:  # load_variant's own wait, without the call
            return hit
        if load_variant(hit.ref) is hit.variant:
            hit.checked = now
            return hit
        _kept_setup.cache_clear()  # a ruleset file changed: every kept setup is made again
        return _kept_setup(key)
    return _made_setup(ctx, variant, rules, kw)


# A _Setup is kept from a context's second sighting on: a batch repeats a few hundred contexts, while
# contexts that come once (a random table's dora and seats) would only evict those, and what a cache
# holds a while the cyclic GC walks again and again. A first sighting is kept as the hash of the
# context's items (an int: nothing for the GC; a collision only keeps a _Setup a sighting early),
# numbered from _sightings: a miss draws the next number, so a call that returns the number just
# before the caller's next draw was the first sighting (another thread drawing in between only
# makes a first sighting count as a second: kept early, never wrong).
_sightings = count()


@lru_cache(maxsize=4096)
def _first_sighting(sighting: int) -> int:
    """The number drawn when this hash was first met (while it stays among the last 4096)."""
    return next(_sightings)


def _key(variant, ctx: dict, rules) -> tuple:
    """A _kept_setup key: the context's names, values and type codes, then the rules' (KeyError for a
    value of no atom type). A few flat tuples and bytes, not a pair and a type per item: a new
    context (the common case) builds, hashes and keeps less."""
    values = tuple(ctx.values())
    if not rules:
        return variant, tuple(ctx), values, bytes(map(_code, map(type, values))), (), (), b""
    rule_values = tuple(rules.values())
    return (variant, tuple(ctx), values, bytes(map(_code, map(type, values))), tuple(rules), rule_values,
            bytes(map(_code, map(type, rule_values))))


@lru_cache(maxsize=1024)
def _kept_setup(key) -> _Setup:
    """_made_setup of a dict context given as its _key."""
    variant, names, values, _codes, rule_names, rule_values, _rule_codes = key
    rules = dict(zip(rule_names, rule_values)) if rule_names else {}
    setup = _made_setup(dict(zip(names, values)), variant, rules, {})
    setup.checked = monotonic()
    return setup


def _made_setup(ctx, variant, rules, kw) -> _Setup:
    if type(ctx) is dict and not kw and variant and type(variant) is str and "variant" not in ctx:
        # _variant_and_context's steps, all that apply
        ref = variant
        v = load_variant(variant)
        c = ruleset_context(ctx, v)  # keys checked before: both steps at once, else one by one
        if c is None:
            c = dict(ctx)
            c.setdefault("players", v.players)
            c = context_from(c)
            check_for_ruleset(c, v)
    else:
        ref = _named_variant(variant, dict(ctx) if "variant" in ctx else {}) if type(ctx) is dict and not kw else None
        v, c = _variant_and_context(ctx, variant, kw)
    if rules:
        c = replace(c, rules={**c.rules, **rules})
    _check_players(c, v)
    return _Setup(ref, v, c, v.bind(c.rules))


def _check_players(ctx: Context, variant) -> None:
    if ctx.players != variant.players:
        raise MjError(f"{variant.name} is played by {variant.players} players, the context says {ctx.players}")


def _coerce(hand, ctx, variant, rules, kw):
    """(Hand, Context, Variant, Bound) from score()'s arguments."""
    s = _setup(ctx, variant, rules, kw)
    if isinstance(hand, str):
        hand = parse_hand(hand, win=s.ctx.win, max_size=s.max_size, dealt=s.variant.dealt_sizes)
    return hand, s.ctx, s.variant, s.bound


def _wild_of(bound: Bound, ctx: Context):
    """wild_spec for this Bound and the context's --wild/--indicator (kept per Bound: it parses tiles)."""
    try:
        cache = bound._wild
    except AttributeError:
        cache = bound._wild = {}
    key = (ctx.wild, ctx.indicator)
    try:
        return cache[key]
    except KeyError:
        pass
    except TypeError:  # not a string: let wild_spec say what is wrong
        return wild_spec(bound.hand_options.get("wild") or {}, ctx)
    wild = wild_spec(bound.hand_options.get("wild") or {}, ctx)
    if len(cache) < 1024:
        cache[key] = wild
    return wild
