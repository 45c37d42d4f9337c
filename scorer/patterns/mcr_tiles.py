"""Chinese Official (MCR) fans of the tiles of the whole hand the shared families (tiles.py) do not
have: one voided suit, tiles within a group (all simples, reversible tiles), rank bands (upper, middle,
lower tiles, upper and lower four), all types: the tables of them, each read from the tile kinds
present (Facts.mask); the fans' entries (scorer/patterns/mcr.py) look their answers up there."""
from __future__ import annotations

from functools import lru_cache

from ..core.facts import TERMINAL_MASK, tile_mask
from ..notation.tiles import DRAGON_TILES, WIND_TILES

# 推不倒: tiles that look the same upside down: 1234589 dots, 245689 bamboo, white dragon
_REVERSIBLE = tile_mask([9 + r for r in (0, 1, 2, 3, 4, 7, 8)] + [18 + r for r in (1, 3, 4, 5, 7, 8)] + [31])
_SUITED = (1 << 27) - 1
_SUIT_MASKS = tuple(((1 << 9) - 1) << (9 * s) for s in range(3))
_M, _P, _S = _SUIT_MASKS
WIND_MASK = tile_mask(WIND_TILES)
DRAGON_MASK = tile_mask(DRAGON_TILES)
_SIMPLES = _SUITED & ~TERMINAL_MASK
_HONOURS = ((1 << 34) - 1) & ~_SUITED
# the special forms these fans do not apply to: the Green Book's fans of those forms exclude them
_NOT_TILE_FANS = frozenset({"mcr_honours_knitted", "thirteen_orphans"})


def tile_fans(f) -> dict:
    """The fans below that the tiles present make -> 1 (shared: read only): "simples" (all simples),
    "reversible" (reversible tiles), ("suits", n) (n suits present: two is one voided suit) and
    "all_types"; the special forms whose own fan excludes the tile fans make all types only."""
    m = f.mask
    all_types = bool(m & _M and m & _P and m & _S and m & WIND_MASK and m & DRAGON_MASK)
    if f.form in _NOT_TILE_FANS:
        return _ALL_TYPES if all_types else _NONE
    return _tile_fans(not m & ~_SIMPLES, not m & ~_REVERSIBLE, bool(m & _M) + bool(m & _P) + bool(m & _S), all_types)


@lru_cache(maxsize=64)
def _tile_fans(simples: bool, reversible: bool, suits: int, all_types: bool) -> dict:
    out: dict = {("suits", suits): 1}
    if simples:
        out["simples"] = 1
    if reversible:
        out["reversible"] = 1
    if all_types:
        out["all_types"] = 1
    return out


_ALL_TYPES = {"all_types": 1}


def rank_bands(f) -> dict:
    """(low, high) -> 1 for every band of ranks (1-9) that holds all the hand's tiles, none with an
    honour; what mcr_ranks's entries look up (shared: read only)."""
    m = f.mask
    if m & _HONOURS or f.form in _NOT_TILE_FANS:
        return _NONE
    ranks = (m | m >> 9 | m >> 18) & 511  # (bit r - 1: a tile of rank r in some suit)
    return _bands((ranks & -ranks).bit_length(), ranks.bit_length())


_NONE: dict = {}


@lru_cache(maxsize=128)
def _bands(lowest: int, highest: int) -> dict:
    return {(low, high): 1 for low in range(1, lowest + 1) for high in range(highest, 10)}
