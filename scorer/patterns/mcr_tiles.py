"""Chinese Official (MCR) fans of the tiles of the whole hand: flushes, voided suits and honours,
tiles within a group (all simples, terminals, honours, green, reversible), rank bands, all types.
They read only the tile kinds present (and whether the form takes them), so each family's answers
for one reading are a table kept per kind mask (registry.lookup: the engine reads the entries
inline, one table call a reading per family, none per fan)."""
from __future__ import annotations

from ..facts import HONOUR_MASK, TERMINAL_MASK, tile_mask
from ..registry import lookup, pattern
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
_WITHIN: dict = {}  # kind mask -> the groups every tile is in
# (lowest rank, highest rank) of an honourless hand -> the (low, high) bands holding it
_BANDS = {(lo, hi): {(a, b): 1 for a in range(1, lo + 1) for b in range(hi, 10)}
          for lo in range(1, 10) for hi in range(lo, 10)}
# (suits present, honours present) -> the (suits, honours) entries that hold
_SUITS_HELD = {(n, has): {(x, h): 1 for x in (n, "any") for h in ("any", "with" if has else "without")}
               for n in range(4) for has in (False, True)}


def _within_table(f) -> dict:
    """mcr_tiles_within's answers: group name -> 1 for the groups every tile is in."""
    if f.form == "mcr_honours_knitted" or f.form == "thirteen_orphans":  # not _tiles_fan(f)
        return EMPTY
    m = f.mask
    got = _WITHIN.get(m)
    if got is None:
        if len(_WITHIN) >= 65536:
            _WITHIN.clear()
        got = _WITHIN[m] = {name: 1 for name, g in _GROUPS.items() if not m & ~g}
    return got


def _bands_table(f) -> dict:
    """mcr_ranks' answers: (low, high) -> 1 for the rank bands every tile is in."""
    m = f.mask
    if m & HONOUR_MASK or f.form == "mcr_honours_knitted" or f.form == "thirteen_orphans":
        return EMPTY
    r = (m | m >> 9 | m >> 18) & 511  # the ranks present, whatever the suit
    return _BANDS[(r & -r).bit_length(), r.bit_length()]


def _suits_table(f) -> dict:
    """mcr_suits' answers: (suits, honours) -> 1 for the entries that hold."""
    if f.form == "mcr_honours_knitted" or f.form == "thirteen_orphans":
        return EMPTY
    m = f.mask
    return _SUITS_HELD[bool(m & _M) + bool(m & _P) + bool(m & _S), bool(m & HONOUR_MASK)]


# An entry's key in its table (registry.lookup), or None for parameters the table does not know: that
# entry is asked of its predicate, which answers (or fails) as it always has.

def _suits_key(suits=1, honours="any"):
    return (suits, honours) if honours in ("with", "without", "any") else None


def _within_key(mask="simples"):
    return mask if mask in _GROUPS else None


def _bands_key(low=1, high=9):
    return (low, high) if (low, high) in _RANKS else None


@pattern()
@lookup(_suits_table, key=_suits_key)
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
@lookup(_within_table, key=_within_key)
def mcr_tiles_within(f, mask="simples"):
    """Every tile is in the named group: simples (all simples), terminals, honours, terminals_honours,
    green, reversible."""
    if not _tiles_fan(f):
        return 0
    allowed = _GROUPS[mask]
    return int(not f.mask & ~allowed)


@pattern()
@lookup(_bands_table, key=_bands_key)
def mcr_ranks(f, low=1, high=9):
    """Every tile is suited, of rank low..high (upper tiles 7-9, middle 4-6, lower 1-3, upper four
    6-9, lower four 1-4)."""
    if not _tiles_fan(f):
        return 0
    return int(not f.mask & ~_RANKS[low, high])
