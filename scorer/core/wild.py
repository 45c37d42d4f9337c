"""Which physical tiles are wild (gold, fortune, laizi) and which stand in for a fixed tile (white
dragons for the gold's face value). The variant says how the wild tile is found; the context gives it."""
from __future__ import annotations

from typing import NamedTuple

from ..errors import ContextError, NotationError
from ..notation.parse import parse_tiles_only
from ..notation.tiles import WHITE, tile_name


class WildSpec(NamedTuple):
    tile: int | None = None  # the wild tile's kind, None when the variant has none
    substitute: int | None = None  # the tile a white dragon stands for, None when whites are themselves

    def describe(self) -> str:
        parts = []
        if self.tile is not None:
            parts.append(f"wild {tile_name(self.tile)}")
        if self.substitute is not None:
            parts.append(f"P = {tile_name(self.substitute)}")
        return ", ".join(parts)


def _one(text, key) -> int:
    try:
        tiles = parse_tiles_only(str(text))
    except NotationError as e:
        raise ContextError(f"--{key}: {e.reason}") from None
    if len(tiles) != 1 or tiles[0] >= 34:
        raise ContextError(f"--{key} takes one playing tile, got {text!r}")
    return tiles[0]


def next_tile(t: int) -> int:
    """The tile after the indicator, cycling within suits, winds and dragons."""
    if t < 27:
        return t - t % 9 + (t % 9 + 1) % 9
    if t < 31:
        return 27 + (t - 27 + 1) % 4
    return 31 + (t - 31 + 1) % 3


def wild_spec(spec: dict, ctx) -> WildSpec:
    """spec: the variant's `hand.wild` mapping: {from: none|indicator|indicator_next|given|fixed,
    tile: for fixed, white_substitute: bool}."""
    how = spec.get("from", "none")
    if how == "none":
        if ctx.wild or ctx.indicator:
            raise ContextError("this ruleset has no wild tiles: drop --wild/--indicator")
        return WildSpec()
    if ctx.wild:
        tile = _one(ctx.wild, "wild")
    elif how == "fixed":
        tile = _one(spec["tile"], "wild")
    elif ctx.indicator:
        ind = _one(ctx.indicator, "indicator")
        tile = next_tile(ind) if how == "indicator_next" else ind
    elif spec.get("required", True):
        name = spec.get("name", "wild")
        if how == "given":  # the ruleset gives the tile itself: an indicator is not how it is found
            raise ContextError(f"this ruleset needs the {name} tile: give --wild TILE")
        raise ContextError(f"this ruleset needs the {name} tile: give --indicator TILE (the flipped tile) "
                           "or --wild TILE")
    else:
        return WildSpec()
    sub = tile if spec.get("white_substitute") and tile != WHITE else None
    return WildSpec(tile, sub)


def split_wild(counts: tuple[int, ...], spec: WildSpec) -> tuple[tuple[int, ...], int]:
    """(natural counts with substitutes applied, number of wild tiles)."""
    if spec.tile is None:
        return counts, 0
    c = list(counts)
    jokers = c[spec.tile]
    c[spec.tile] = 0
    if spec.substitute is not None:
        c[spec.substitute] += c[WHITE]
        c[WHITE] = 0
    return tuple(c), jokers


def has_white_melds(hand) -> bool:
    """Some declared set holds white dragons beside other tiles (written like `[35sP,1]`)."""
    for m in hand.melds:
        if m.written:
            return True
    return False


def resolve_white_melds(hand, spec: WildSpec):
    """The hand with every set that holds white dragons beside other tiles read at the indicator's face
    value. Hangzhou: "An open run can contain a white dragon because it is not a wildcard but is always
    seen as a tile of the fortune indicator"; Xiamen: "White Dragons the face value of the Gold
    indicator". The set keeps its written tiles (Meld.held, Meld.text) and reads as the face tiles.
    Raises NotationError where whites are not a face value or the face makes no set with the others."""
    from dataclasses import replace

    from ..notation.hand import CHOW

    melds = []
    for m in hand.melds:
        if not m.written or m.face >= 0:
            melds.append(m)
            continue
        if spec.substitute is None:
            what = "a chow cannot contain honours (winds or dragons)" if m.kind == CHOW else \
                "a set cannot mix white dragons (P) with other tiles"
            raise NotationError(f"{m.text()}: {what}; a white dragon stands for another tile only where the "
                                "ruleset makes it the indicator's face value")
        faces = sorted(spec.substitute if t == WHITE else t for t in m.written)
        if m.kind == CHOW:
            ok = faces[0] < 27 and faces[0] // 9 == faces[2] // 9 and faces[1] == faces[0] + 1 and faces[2] == faces[0] + 2
        else:
            ok = len(set(faces)) == 1
        if not ok:
            raise NotationError(f"{m.text()}: the white dragon stands for {tile_name(spec.substitute)} (the indicator's "
                                f"face value), which makes no {'run' if m.kind == CHOW else 'set'} with the other tiles")
        melds.append(replace(m, tile=faces[0], face=spec.substitute))
    return replace(hand, melds=tuple(melds))
