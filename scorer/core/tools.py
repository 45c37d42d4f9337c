"""Table tools built on the engine: one hand under several rulesets, the waits of a hand one tile
short, and what a wrong claim means in money."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import MjError
from ..notation.format import format_hand
from ..notation.parse import parse_hand, parse_tiles_only
from ..notation.tiles import N_TILES, tile_name
from ..rulesets import DEFAULT_RULESET


@dataclass
class Comparison:
    variant: str
    name: str
    result: object = None
    refused: str = ""
    notes: list = field(default_factory=list)  # the flags left out: the ruleset does not read them


def for_ruleset(ctx: dict, v) -> tuple[dict, list[str]]:
    """The context without the flags, --set facts and --rule options ruleset `v` does not read, and a
    note for each ('--dora: hk-old has no dora'): `compare` scores one hand under rulesets that read
    different flags, so each gets its own and says what it left out."""
    from ..rulesets.keys import BY_NAME, UNIVERSAL

    reads = set(v.flags) | set(UNIVERSAL)
    out, notes = {}, []
    for key, value in ctx.items():
        if key in BY_NAME and key not in reads and value not in (None, False, 0, {}):
            notes.append(f"{BY_NAME[key].flag}: {v.id} has no {key.replace('_', ' ')}")
        else:
            out[key] = value
    if out.get("extra"):
        known = set(v.context_keys)
        notes += [f"--set {k}: {v.id} reads no {k}" for k in out["extra"] if k not in known]
        out["extra"] = {k: x for k, x in out["extra"].items() if k in known}
    if out.get("rules"):
        options = v.bind({}).options
        notes += [f"--rule {k}: {v.id} has no such option" for k in out["rules"] if k not in options]
        out["rules"] = {k: x for k, x in out["rules"].items() if k in options}
    return out, notes


def compare(hand: str, ctx: dict, variants=None) -> list[Comparison]:
    """Score `hand` under each ruleset (all shipped ones by default); a ruleset that cannot express it
    or refuses it says why instead."""
    from ..rulesets.files import shipped_ids
    from ..rulesets.variant import load_variant
    from .engine import score

    out = []
    for ref in variants or shipped_ids():
        ref, rules = ref if isinstance(ref, tuple) else (ref, {})
        if variants:
            v = load_variant(ref)  # a ruleset the user named must exist (exit 2, with did-you-mean)
        else:
            try:
                v = load_variant(ref)
            except MjError as e:
                out.append(Comparison(ref, ref, refused=str(e)))
                continue
        c, notes = for_ruleset(ctx, v)
        if rules:  # (the ruleset's own, from -V ID:KEY=VALUE: a wrong one is refused, not left out)
            c["rules"] = {**(c.get("rules") or {}), **rules}
        c.setdefault("players", v.players)
        try:
            out.append(Comparison(v.id, v.name, result=score(hand, c, variant=v), notes=notes))
        except MjError as e:
            out.append(Comparison(v.id, v.name, refused=_refusal_words(hand, c, v, e), notes=notes))
    return out


def _refusal_words(hand, ctx, v, error) -> str:
    """A refusal as `score` words it: how far a hand that is no win is, what size the ruleset wants."""
    text = str(error)
    if "not a winning hand" in text or "hands have" in text or "winning hand has" in text:
        from .explain import explain

        return explain(hand, ctx, v, error).message
    return text


@dataclass
class Wait:
    tile: int
    self_draw: object = None  # Result or None
    discard: object = None
    self_draw_refused: str = ""
    discard_refused: str = ""
    visible: int = 0  # copies seen (own hand + --seen)
    dead: bool = False


@dataclass
class Waits:
    hand: object
    waits: list = field(default_factory=list)
    discarder: str = ""
    shanten: int = 0  # when no tile completes the hand: how many useful tiles it is from ready


def _ctx_for(ctx: dict, how: str, discarder: str) -> dict:
    c = {k: v for k, v in ctx.items() if k not in ("self_draw", "discarder", "robbed", "kong_draw", "win")}
    if how == "self_draw":
        c["self_draw"] = True
    else:
        c["discarder"] = discarder
    return c


def waits(hand13: str, ctx: dict, variant=DEFAULT_RULESET, seen: str = "") -> Waits:
    """Every tile that completes `hand13` (a hand one tile short) under the ruleset, with the score by
    self-draw and by discard. A tile is `dead` when all four copies are visible (own hand + `seen`)."""
    from ..rulesets.context import SEATS
    from ..rulesets.variant import load_variant
    from .engine import score

    v = load_variant(variant)
    short = parse_hand(hand13, partial=True, max_size=3 * v.sets + 2)
    if short.size != 3 * v.sets + 1:
        raise MjError(f"waits takes a hand one tile short ({3 * v.sets + 1} tiles, kongs counted as 3) or a whole "
                      f"turn ({3 * v.sets + 2}) for {v.name}; this one has {short.size}")
    seat = ctx.get("seat", "E")
    players = ctx.get("players", v.players)
    seats = SEATS[:players]
    discarder = ctx.get("discarder") or seats[(seats.index(seat) - 1) % players]  # the player on the left
    seen_counts = [0] * N_TILES
    for t in parse_tiles_only(seen) if seen else []:
        if t < N_TILES:
            seen_counts[t] += 1
    own = short.all_counts
    out = Waits(short, discarder=discarder)
    for t in range(N_TILES):
        if own[t] >= 4:
            continue
        full = format_hand(short.__class__(tuple(sorted(short.concealed + (t,))), short.melds, short.bonus, t))
        w = Wait(t, visible=own[t] + seen_counts[t])
        if w.visible > 4:
            raise MjError(f"--seen shows {seen_counts[t]} of {tile_name(t)} and the hand holds {own[t]}: "
                          "more than the four copies a set has")
        w.dead = w.visible >= 4
        for how in ("self_draw", "discard"):
            try:
                r = score(full, {**_ctx_for(ctx, how, discarder), "players": players}, variant=v)
                setattr(w, how, r)
            except MjError as e:
                setattr(w, how + "_refused", str(e))
        if w.self_draw is not None or w.discard is not None:
            out.waits.append(w)
        elif "not a winning hand" not in (w.self_draw_refused + w.discard_refused):
            out.waits.append(w)  # completes the shape, but the ruleset refuses the win: show why
    if not out.waits:
        from .explain import _natural_counts

        _c, _j, options = _natural_counts(short, ctx, v)
        out.shanten = _shanten_of(list(short.concealed), short, v, options, _wild_tile(short, ctx, v))
    return out


@dataclass
class Discard:
    tile: int
    shanten: int  # of the hand left after this discard
    waits: object = None  # Waits, when the discard leaves the hand ready
    useful: int = 0  # copies still unseen of the tiles that would bring it nearer (not ready)
    useful_kinds: tuple = ()


@dataclass
class Turn:
    """A hand about to discard: its shanten and the discards worth making, best first."""

    hand: object
    shanten: int
    discards: list = field(default_factory=list)
    discarder: str = ""


def _shanten_of(concealed, hand, variant, options, jokers_tile):
    from .shanten import shanten

    counts = [0] * 34
    jokers = 0
    for t in concealed:
        if t == jokers_tile:
            jokers += 1
        else:
            counts[t] += 1
    blocked = [0] * 34
    for m in hand.melds:
        for t in m.tiles:
            blocked[t] += 1
    return shanten(counts, variant.sets, variant.forms, len(hand.melds), blocked, jokers,
                   bool(options.get("seven_pairs_quads"))).number


def turn(hand14: str, ctx: dict, variant=DEFAULT_RULESET, seen: str = "") -> Turn:
    """For a hand of a whole turn (13 + the tile just drawn): each discard that leaves it ready, with
    its waits and their values, the best first; if none does, the discards that keep it nearest to
    ready, with how many unseen tiles would bring it nearer."""
    from ..rulesets.variant import load_variant
    from .explain import _natural_counts
    from .shanten import counted

    v = load_variant(variant)
    full = parse_hand(hand14, partial=True, max_size=3 * v.sets + 2)
    if full.size != 3 * v.sets + 2:
        raise MjError(f"a whole turn is {3 * v.sets + 2} tiles (kongs counted as 3) for {v.name}; "
                      f"this one has {full.size}")
    _counts, _jokers, options = _natural_counts(full, ctx, v)
    wild_tile = _wild_tile(full, ctx, v)
    seen_counts = [0] * N_TILES
    for t in parse_tiles_only(seen) if seen else []:
        if t < N_TILES:
            seen_counts[t] += 1
    others = any(counted(f) is None for f in v.forms)
    out = Turn(full, 99)
    for t in sorted(set(full.concealed)):
        rest = list(full.concealed)
        rest.remove(t)
        s = _shanten_of(rest, full, v, options, wild_tile)
        d = Discard(t, s)
        if s <= 0 or others:
            short = format_hand(full.__class__(tuple(rest), full.melds, full.bonus, -1))
            w = waits(short, ctx, variant=v, seen=seen + " " + tile_name(t))
            if w.waits:
                d.waits, d.shanten = w, 0
                out.discarder = w.discarder
        out.discards.append(d)
    out.shanten = min(d.shanten for d in out.discards)
    keep = [d for d in out.discards if d.shanten == out.shanten]
    if out.shanten > 0:
        own = full.all_counts
        for d in keep:
            rest = list(full.concealed)
            rest.remove(d.tile)
            kinds = []
            for u in range(N_TILES):
                left = 4 - own[u] - seen_counts[u]
                if left > 0 and _shanten_of(rest + [u], full, v, options, wild_tile) < d.shanten:
                    kinds.append(u)
                    d.useful += left
            d.useful_kinds = tuple(kinds)
        keep.sort(key=lambda d: (-d.useful, d.tile))
    else:
        keep.sort(key=lambda d: (-_best_net(d.waits), -sum(4 - x.visible for x in d.waits.waits), d.tile))
    out.discards = keep
    return out


def _wild_tile(hand, ctx, v):
    """The wild tile of this context, or None."""
    from ..rulesets.context import make_context
    from .wild import wild_spec

    try:
        c = make_context(**{**{k: x for k, x in ctx.items() if k != "rules"}, "players": ctx.get("players", v.players)})
        return wild_spec((v.bind(dict(ctx.get("rules") or {})).hand_options or {}).get("wild") or {}, c).tile
    except MjError:
        return None


def _best_net(w) -> float:
    best = float("-inf")
    for x in w.waits:
        for r in (x.self_draw, x.discard):
            if r is not None:
                best = max(best, r.net[r.ctx.seat])
    return best


def ruleset_with_rules(spec: str):
    """`hk-old:min_faan=1,stake=2` -> ("hk-old", {"min_faan": 1, "stake": 2}); a plain id stays a string."""
    from ..rulesets.context_values import scalar

    ref, sep, rest = spec.partition(":")
    if not sep:
        return spec
    rules = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        k, eq, val = part.partition("=")
        if not eq or not k.strip():
            raise MjError(f"-V {spec!r}: house rules are KEY=VALUE after the id, comma-separated")
        rules[k.strip().replace("-", "_")] = scalar(val.strip())
    return (ref, rules)


def claim_mismatch(result, claim) -> str:
    """For a batch record's `claim:` (a total, `limit`, or {net: N}): '' when it is right, else one
    line saying what the table recorded and what the hand is worth, and the money it moves."""
    from .claims import check, parse_claim
    from .result import num

    if isinstance(claim, dict) and set(claim) == {"net"}:
        c = parse_claim(claim["net"], net=True)
    else:
        c = parse_claim(claim)
    v = check(result, c)
    if v.correct:
        return ""
    money = "; ".join(f"{f} owes {t} {num(abs(d))} {'more' if d > 0 else 'less'}" for f, t, d in v.money)
    return (f"claim {c.text(result.value.unit)} is wrong: " + "; ".join(v.lines)
            + (f" (money: {money})" if money else ""))
