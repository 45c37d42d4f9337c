"""Patterns about which tiles a hand holds: suits, honours, terminals, colours."""
from __future__ import annotations

from ..core.facts import HONOUR_MASK, TERMINAL_MASK, tile_mask
from ..notation.tiles import GREEN_TILES
from ..rulesets.registry import gate, pattern
from .sets import open_gate

_GREEN_MASK = tile_mask(GREEN_TILES)
# each mask's complement: a hand holds only those tiles when `mask & complement` is 0
_NOT_HONOUR, _NOT_TERMINAL, _NOT_ORPHAN, _NOT_GREEN = (~m for m in (HONOUR_MASK, TERMINAL_MASK,
                                                                    TERMINAL_MASK | HONOUR_MASK, _GREEN_MASK))


@pattern()
def no_honours(f):
    """No wind or dragon anywhere in the hand."""
    return int(not f.has_honours)


@pattern()
@gate(when=lambda honours="with", open=None, **_given: open_gate(open) + ("has_honours",) * (honours == "with"))
def one_suit(f, honours="with", open=None):
    """Tiles of a single suit; `honours`: `with` (honours required: clean/mixed one-suit),
    `without` (none allowed: pure), `any`. `open`: true counts it on an open hand only, false on a
    closed one only (a hand worth less when open is two entries)."""
    if len(f.suits) != 1 or (open is not None and open == f.closed):
        return 0
    if honours == "with":
        return 1 if f.has_honours else 0
    if honours == "without":
        return 0 if f.has_honours else 1
    return 1


@pattern()
def all_honours(f):
    """Winds and dragons only."""
    return 0 if f.mask & _NOT_HONOUR else 1


@pattern()
def all_terminals(f):
    """1s and 9s only."""
    return 0 if f.mask & _NOT_TERMINAL else 1


@pattern()
@gate("has_honours", "has_terminals")
def terminals_and_honours(f):
    """Only 1s, 9s and honours, with at least one of each kind."""
    m = f.mask
    return 0 if m & _NOT_ORPHAN or not m & TERMINAL_MASK or not m & HONOUR_MASK else 1


@pattern()
def all_green(f):
    """Only 2 3 4 6 8 bamboo and green dragons."""
    return 0 if f.mask & _NOT_GREEN else 1


@pattern()
@gate(when=lambda concealed=True, **_given: ("closed",) if concealed else ())
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
