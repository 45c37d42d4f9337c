"""Patterns about which tiles a hand holds: suits, honours, terminals, colours."""
from __future__ import annotations

from ..core.facts import HONOUR_MASK, TERMINAL_MASK, tile_mask
from ..notation.tiles import GREEN_TILES
from ..rulesets.registry import pattern

_GREEN_MASK = tile_mask(GREEN_TILES)


@pattern()
def no_honours(f):
    """No wind or dragon anywhere in the hand."""
    return int(not f.has_honours)


@pattern()
def one_suit(f, honours="with", open=None):
    """Tiles of a single suit; `honours`: `with` (honours required: clean/mixed one-suit),
    `without` (none allowed: pure), `any`. `open`: true counts it on an open hand only, false on a
    closed one only (a hand worth less when open is two entries)."""
    if len(f.suits) != 1 or (open is not None and open == f.closed):
        return 0
    if honours == "with":
        return int(f.has_honours)
    if honours == "without":
        return int(not f.has_honours)
    return 1


@pattern()
def all_honours(f):
    """Winds and dragons only."""
    return int(not f.mask & ~HONOUR_MASK)


@pattern()
def all_terminals(f):
    """1s and 9s only."""
    return int(not f.mask & ~TERMINAL_MASK)


@pattern()
def terminals_and_honours(f):
    """Only 1s, 9s and honours, with at least one of each kind."""
    m = f.mask
    return int(not m & ~(TERMINAL_MASK | HONOUR_MASK) and bool(m & TERMINAL_MASK) and bool(m & HONOUR_MASK))


@pattern()
def all_green(f):
    """Only 2 3 4 6 8 bamboo and green dragons."""
    return int(not f.mask & ~_GREEN_MASK)


@pattern()
def nine_gates(f, concealed=True, wait=False):
    """Nine Gates: 1112345678999 of one suit and another tile of that suit. `concealed`: no melded
    set (a concealed kong has four tiles, so it never fits). `wait`: the winning tile must be the
    extra one (the other thirteen are exactly 1112345678999)."""
    if len(f.suits) != 1 or f.has_honours or (concealed and f.hand.melds) or f.wild_held:
        return 0
    s = next(iter(f.suits))
    counts = list(f.hand.all_counts[s * 9: s * 9 + 9])
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    if sum(counts) != 14:
        return 0
    if wait:
        counts[f.hand.win_tile - s * 9] -= 1
        return int(tuple(counts) == need)
    return int(all(c >= n for c, n in zip(counts, need)))
