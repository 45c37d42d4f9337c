"""Chinese Official (MCR) fans of the tiles of the whole hand the shared families (tiles.py) do not
have: one voided suit, tiles within a group (all simples, reversible tiles), rank bands (upper, middle,
lower tiles, upper and lower four), all types. Each reads the tile kinds present (Facts.mask)."""
from __future__ import annotations

from ..core.facts import TERMINAL_MASK, tile_mask
from ..notation.tiles import DRAGON_TILES, WIND_TILES
from ..rulesets.registry import pattern

# 推不倒: tiles that look the same upside down: 1234589 dots, 245689 bamboo, white dragon
_REVERSIBLE = tile_mask([9 + r for r in (0, 1, 2, 3, 4, 7, 8)] + [18 + r for r in (1, 3, 4, 5, 7, 8)] + [31])
_SUITED = (1 << 27) - 1
_SUIT_MASKS = tuple(((1 << 9) - 1) << (9 * s) for s in range(3))
_M, _P, _S = _SUIT_MASKS
WIND_MASK = tile_mask(WIND_TILES)
DRAGON_MASK = tile_mask(DRAGON_TILES)
_SIMPLES = _SUITED & ~TERMINAL_MASK


def _rank_mask(lo: int, hi: int) -> int:
    """The suited tiles of ranks lo..hi (1-9) in every suit."""
    return tile_mask(s * 9 + r - 1 for s in range(3) for r in range(lo, hi + 1))


_RANKS = {(lo, hi): _rank_mask(lo, hi) for lo in range(1, 10) for hi in range(lo, 10)}


def _tiles_fan(f) -> bool:
    """Fans about the tiles of the whole hand apply to the standard form, seven pairs and the knitted
    straight (the other special forms exclude them)."""
    return f.form != "mcr_honours_knitted" and f.form != "thirteen_orphans"


_GROUPS = {"simples": _SIMPLES, "reversible": _REVERSIBLE}


@pattern()
def mcr_suits(f, suits=2):
    """The hand holds tiles of exactly `suits` suits, honours or not: one voided suit (2). (The flushes
    and no honours are the shared one_suit and no_honours.)"""
    if not _tiles_fan(f):
        return 0
    m = f.mask
    return int(bool(m & _M) + bool(m & _P) + bool(m & _S) == suits)


@pattern()
def mcr_all_types(f):
    """All types: characters, bamboo, dots, winds and dragons all present."""
    m = f.mask
    return int(bool(m & _M and m & _P and m & _S and m & WIND_MASK and m & DRAGON_MASK))


@pattern()
def mcr_tiles_within(f, mask="simples"):
    """Every tile is in the named group: simples (all simples), reversible. (All terminals, all honours,
    all terminals and honours and all green are the shared predicates of tiles.py.)"""
    if not _tiles_fan(f):
        return 0
    allowed = _GROUPS[mask]
    return int(not f.mask & ~allowed)


@pattern()
def mcr_ranks(f, low=1, high=9):
    """Every tile is suited, of rank low..high (upper tiles 7-9, middle 4-6, lower 1-3, upper four
    6-9, lower four 1-4)."""
    if not _tiles_fan(f):
        return 0
    return int(not f.mask & ~_RANKS[low, high])
