"""Chinese Official (MCR) fans of the tiles of the whole hand: flushes, voided suits and honours,
tiles within a group (all simples, terminals, honours, green, reversible), rank bands, all types.
They read only the tile kinds present (and whether the form takes them), so their answers for one
reading are kept per kind mask (`tile_part`, a part of the one MCR reading table: mcr_table.py)."""
from __future__ import annotations

from ..core.facts import HONOUR_MASK, TERMINAL_MASK, tile_mask
from ..notation.tiles import DRAGON_TILES, GREEN_TILES, WIND_TILES
from ..rulesets.registry import pattern

_GREEN = tile_mask(GREEN_TILES)
# 推不倒: tiles that look the same upside down: 1234589 dots, 245689 bamboo, white dragon
_REVERSIBLE = tile_mask([9 + r for r in (0, 1, 2, 3, 4, 7, 8)] + [18 + r for r in (1, 3, 4, 5, 7, 8)] + [31])
_SUITED = (1 << 27) - 1
_SUIT_MASKS = tuple(((1 << 9) - 1) << (9 * s) for s in range(3))
_M, _P, _S = _SUIT_MASKS
WIND_MASK = tile_mask(WIND_TILES)
DRAGON_MASK = tile_mask(DRAGON_TILES)
_SIMPLES = _SUITED & ~TERMINAL_MASK
_TERMINALS_HONOURS = TERMINAL_MASK | HONOUR_MASK


def _rank_mask(lo: int, hi: int) -> int:
    """The suited tiles of ranks lo..hi (1-9) in every suit."""
    return tile_mask(s * 9 + r - 1 for s in range(3) for r in range(lo, hi + 1))


_RANKS = {(lo, hi): _rank_mask(lo, hi) for lo in range(1, 10) for hi in range(lo, 10)}


def _tiles_fan(f) -> bool:
    """Fans about the tiles of the whole hand apply to the standard form, seven pairs and the knitted
    straight (the other special forms exclude them)."""
    return f.form != "mcr_honours_knitted" and f.form != "thirteen_orphans"


_GROUPS = {"simples": _SIMPLES, "terminals": TERMINAL_MASK, "honours": HONOUR_MASK,
           "terminals_honours": _TERMINALS_HONOURS, "green": _GREEN, "reversible": _REVERSIBLE}
EMPTY: dict = {}  # the empty table (shared: never written)
# The reading table holds the Green Book's rank bands and suit counts only (upper, middle and lower tiles,
# upper and lower four; full and half flush, one voided suit, no honours): an entry with other parameters
# is asked of its predicate (the engine iterates every key of a reading's table: keys no entry reads
# cost each reading)
TABLE_BANDS = frozenset({(7, 9), (4, 6), (1, 3), (6, 9), (1, 4)})
TABLE_SUITS = frozenset({(1, "with"), (1, "without"), (2, "any"), ("any", "without")})
# (lowest rank, highest rank) of an honourless hand -> the table's (low, high) bands holding it
_BANDS = {(lo, hi): {(a, b): 1 for a in range(1, lo + 1) for b in range(hi, 10) if (a, b) in TABLE_BANDS}
          for lo in range(1, 10) for hi in range(lo, 10)}
# (suits present, honours present) -> the table's (suits, honours) entries that hold
_SUITS_HELD = {(n, has): {(x, h): 1 for x in (n, "any") for h in ("any", "with" if has else "without")
                          if (x, h) in TABLE_SUITS}
               for n in range(4) for has in (False, True)}


# An entry's key in the MCR reading table (registry.lookup, mcr.reading_table; the keys tile_part gives),
# or None for parameters the table does not know: that entry is asked of its predicate, which answers (or
# fails) as it always has. (Keys are text: a parameter of another type, even an equal one, is not keyed.)

def suits_key(suits=1, honours="any"):
    if honours not in ("with", "without", "any") or type(honours) is not str:
        return None
    if suits == "any" and type(suits) is str or type(suits) is int and 0 <= suits <= 3:
        return f"suits:{suits}:{honours}" if (suits, honours) in TABLE_SUITS else None
    return None


def within_key(mask="simples"):
    return "within:" + mask if type(mask) is str and mask in _GROUPS else None


def bands_key(low=1, high=9):
    if type(low) is int and type(high) is int and (low, high) in TABLE_BANDS:
        return f"ranks:{low}-{high}"
    return None


@pattern()
def mcr_suits(f, suits=1, honours="any"):
    """The hand holds tiles of exactly `suits` suits; `honours`: with, without or any.
    Full flush (1, without), half flush (1, with), one voided suit (2, any), no honours (any, without)."""
    if not _tiles_fan(f):
        return 0
    m = f.mask
    n = bool(m & _M) + bool(m & _P) + bool(m & _S)
    has = bool(m & HONOUR_MASK)
    if honours == "with" and not has or honours == "without" and has:
        return 0
    return int(suits == "any" or n == suits)


@pattern()
def mcr_all_types(f):
    """All types: characters, bamboo, dots, winds and dragons all present."""
    m = f.mask
    return int(bool(m & _M and m & _P and m & _S and m & WIND_MASK and m & DRAGON_MASK))


@pattern()
def mcr_tiles_within(f, mask="simples"):
    """Every tile is in the named group: simples (all simples), terminals, honours, terminals_honours,
    green, reversible."""
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


# ---- the reading table's part (mcr_table.py) -----------------------------------------------------
# The same answers, keyed as the one MCR reading table keys them ("within:NAME", "ranks:LOW-HIGH",
# "suits:N:HONOURS", "x:mcr_all_types"; the bands and suit counts of TABLE_BANDS / TABLE_SUITS), as a
# dict kept per kind mask and whether the form takes the tile fans (shared: read, never written).

_PARTS = ({}, {})  # per form taking the tile fans or not: kind mask -> its answers
_SHAPE_PARTS: dict = {}  # what the answers depend on (below) -> the answers
_SUITED_GROUPS = tuple((1 << i, g) for i, g in enumerate(_GROUPS.values()))
_WITHIN = tuple("within:" + name for name in _GROUPS)


def tile_part(mask: int, tile_fans: bool) -> dict:
    table = _PARTS[tile_fans]
    got = table.get(mask)
    if got is None:
        # new hands bring new masks: the answers are kept per the few things they read of the mask
        if tile_fans:
            within = 0
            for bit, g in _SUITED_GROUPS:
                if not mask & ~g:
                    within |= bit
            honours = bool(mask & HONOUR_MASK)
            if honours:
                r = 0
            else:
                r = (mask | mask >> 9 | mask >> 18) & 511
                r = (r & -r).bit_length() * 16 + r.bit_length()  # (lowest rank, highest rank)
            key = (within, r, bool(mask & _M) + bool(mask & _P) + bool(mask & _S), honours,
                   bool(mask & WIND_MASK and mask & DRAGON_MASK))
        else:
            key = (mask & _M and mask & _P and mask & _S and mask & WIND_MASK and mask & DRAGON_MASK) != 0
        got = _SHAPE_PARTS.get(key)
        if got is None:
            if len(_SHAPE_PARTS) >= 65536:  # (a few hundred are met)
                _SHAPE_PARTS.clear()
            got = _SHAPE_PARTS[key] = _tile_answers(mask, tile_fans)
        if len(table) >= 65536:
            table.clear()
        table[mask] = got
    return got


def _tile_answers(mask: int, tile_fans: bool) -> dict:
    got = {}
    if tile_fans:
        for key, g in zip(_WITHIN, _GROUPS.values()):
            if not mask & ~g:
                got[key] = 1
        if not mask & HONOUR_MASK:
            r = (mask | mask >> 9 | mask >> 18) & 511
            for lo, hi in _BANDS[(r & -r).bit_length(), r.bit_length()]:
                got[f"ranks:{lo}-{hi}"] = 1
        n = bool(mask & _M) + bool(mask & _P) + bool(mask & _S)
        for n_key, h in _SUITS_HELD[n, bool(mask & HONOUR_MASK)]:
            got[f"suits:{n_key}:{h}"] = 1
    if mask & _M and mask & _P and mask & _S and mask & WIND_MASK and mask & DRAGON_MASK:
        got["x:mcr_all_types"] = 1
    return got
