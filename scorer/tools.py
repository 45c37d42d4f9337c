"""Table tools built on the engine: one hand under several rulesets, the waits of a hand one tile
short, and what a wrong claim means in money."""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import MjError
from .notation import format_hand, parse_hand, parse_tiles_only
from .tiles import N_TILES, tile_name


@dataclass
class Comparison:
    variant: str
    name: str
    result: object = None
    refused: str = ""


def compare(hand: str, ctx: dict, variants=None) -> list[Comparison]:
    """Score `hand` under each ruleset (all shipped ones by default); a ruleset that cannot express it
    or refuses it says why instead."""
    from .engine import score
    from .variant import load_variant, shipped_ids

    out = []
    for ref in variants or shipped_ids():
        try:
            v = load_variant(ref)
        except MjError as e:
            out.append(Comparison(ref, ref, refused=str(e)))
            continue
        c = dict(ctx)
        c.setdefault("players", v.players)
        try:
            out.append(Comparison(v.id, v.name, result=score(hand, c, variant=v)))
        except MjError as e:
            out.append(Comparison(v.id, v.name, refused=str(e)))
    return out


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


def _ctx_for(ctx: dict, how: str, discarder: str) -> dict:
    c = {k: v for k, v in ctx.items() if k not in ("self_draw", "discarder", "robbed", "kong_draw", "win")}
    if how == "self_draw":
        c["self_draw"] = True
    else:
        c["discarder"] = discarder
    return c


def waits(hand13: str, ctx: dict, variant="hk-old", seen: str = "") -> Waits:
    """Every tile that completes `hand13` (a hand one tile short) under the ruleset, with the score by
    self-draw and by discard. A tile is `dead` when all four copies are visible (own hand + `seen`)."""
    from .context import SEATS
    from .engine import score
    from .variant import load_variant

    v = load_variant(variant)
    short = parse_hand(hand13, partial=True, max_size=3 * v.sets + 2)
    if short.size != 3 * v.sets + 1:
        raise MjError(f"waits takes a hand one tile short: {3 * v.sets + 1} tiles (kongs counted as 3) for "
                      f"{v.name}; this one has {short.size}")
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
    return out


def claim_settlement(result, claim) -> list[tuple[str, str, float]]:
    """(payer, payee, how much more the payer owes than the claim said; negative = less) per pair,
    settling the claimed total with the ruleset's own payment model."""
    from .engine import pay

    try:
        _, claimed, _ = pay(claim, result.ctx, variant=result.variant)
    except MjError:
        return []
    right = {(t.frm, t.to): t.amount for t in result.transfers}
    said = {(t.frm, t.to): t.amount for t in claimed}
    out = []
    for pair in sorted(set(right) | set(said)):
        diff = right.get(pair, 0) - said.get(pair, 0)
        if diff:
            out.append((pair[0], pair[1], diff))
    return out


def tile_label(t: int) -> str:
    return tile_name(t)
