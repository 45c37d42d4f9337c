"""Chinese Official (MCR) fans of the tiles of the whole hand: flushes, voided suits and honours,
tiles within a group (all simples, terminals, honours, green, reversible), rank bands, all types.
They read only the tile kinds present (and whether the form takes them), so their answers for one
reading are kept per kind mask (`tile_part`, a part of the one MCR reading table: mcr_table.py)."""
from __future__ import annotations

from ..facts import HONOUR_MASK, TERMINAL_MASK, tile_mask
from ..registry import pattern
from ..tiles import DRAGON_TILES, GREEN_TILES, WIND_TILES

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
# (lowest rank, highest rank) of an honourless hand -> the (low, high) bands holding it
_BANDS = {(lo, hi): {(a, b): 1 for a in range(1, lo + 1) for b in range(hi, 10)}
          for lo in range(1, 10) for hi in range(lo, 10)}
# (suits present, honours present) -> the (suits, honours) entries that hold
_SUITS_HELD = {(n, has): {(x, h): 1 for x in (n, "any") for h in ("any", "with" if has else "without")}
               for n in range(4) for has in (False, True)}


# An entry's key in the MCR reading table (registry.lookup, mcr.reading_table; the keys tile_part gives),
# or None for parameters the table does not know: that entry is asked of its predicate, which answers (or
# fails) as it always has. (Keys are text: a parameter of another type, even an equal one, is not keyed.)

def suits_key(suits=1, honours="any"):
    if honours not in ("with", "without", "any") or type(honours) is not str:
        return None
    if suits == "any" and type(suits) is str or type(suits) is int and 0 <= suits <= 3:
        return f"suits:{suits}:{honours}"
    return None


def within_key(mask="simples"):
    return "within:" + mask if type(mask) is str and mask in _GROUPS else None


def bands_key(low=1, high=9):
    return f"ranks:{low}-{high}" if type(low) is int and type(high) is int and (low, high) in _RANKS else None


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
# "suits:N:HONOURS", "x:mcr_all_types"), as a frozenset of (key, count) kept per kind mask and whether
# the form takes the tile fans; equal answers are one object (the table's own key holds it).

_PARTS = ({}, {})  # per form taking the tile fans or not: kind mask -> the frozenset of its answers
_INTERNED: dict = {}


def tile_part(mask: int, tile_fans: bool) -> frozenset:
    table = _PARTS[tile_fans]
    got = table.get(mask)
    if got is None:
        out = {}
        if tile_fans:
            for name, g in _GROUPS.items():
                if not mask & ~g:
                    out["within:" + name] = 1
            if not mask & HONOUR_MASK:
                r = (mask | mask >> 9 | mask >> 18) & 511
                for lo, hi in _BANDS[(r & -r).bit_length(), r.bit_length()]:
                    out[f"ranks:{lo}-{hi}"] = 1
            n = bool(mask & _M) + bool(mask & _P) + bool(mask & _S)
            for n_key, h in _SUITS_HELD[n, bool(mask & HONOUR_MASK)]:
                out[f"suits:{n_key}:{h}"] = 1
        if mask & _M and mask & _P and mask & _S and mask & WIND_MASK and mask & DRAGON_MASK:
            out["x:mcr_all_types"] = 1
        got = frozenset(out.items())
        got = _INTERNED.setdefault(got, got)
        if len(table) >= 65536:
            table.clear()
            _INTERNED.clear()
        table[mask] = got
    return got
