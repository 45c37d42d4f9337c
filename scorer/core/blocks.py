"""The pieces of a reading: a Block (one set or pair, with what wild tiles stood for in it and the
declared meld it came from) and a Reading (a way to read the whole hand)."""
from __future__ import annotations

from typing import NamedTuple

from ..notation.hand import CHOW, KONG, PAIR, PUNG, Meld

SINGLE = "single"  # a lone tile of a special form (thirteen orphans)


class Block(NamedTuple):
    """One set or pair of a reading. `wild` lists the tiles wild tiles stood for inside it;
    `meld` is the declared meld it came from (None for concealed tiles)."""

    kind: str
    tile: int
    wild: tuple[int, ...] = ()
    meld: Meld | None = None

    @property
    def tiles(self) -> tuple[int, ...]:
        try:
            return _BLOCK_TILES[self.kind][self.tile]
        except (KeyError, IndexError, TypeError):
            pass
        if self.kind == CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * {PAIR: 2, PUNG: 3, KONG: 4, SINGLE: 1}[self.kind]

    @property
    def exposed(self) -> bool:
        return self.meld is not None and not self.meld.concealed


# a block's tiles by kind and tile (Block.tiles is read for every block of every reading)
_BLOCK_TILES = {CHOW: {t: (t, t + 1, t + 2) for t in range(42)}, PAIR: {t: (t,) * 2 for t in range(42)},
                PUNG: {t: (t,) * 3 for t in range(42)}, KONG: {t: (t,) * 4 for t in range(42)},
                SINGLE: {t: (t,) for t in range(42)}}


_new_reading = tuple.__new__  # Reading(...) without its Python-level __new__ (a hot loop makes many)


class Reading(NamedTuple):
    """A way to read the whole hand. `form` is 'standard' or a special form's name. `win` is the index in
    `blocks` of the block that holds the winning tile (-1 where the form has no such notion)."""

    form: str
    blocks: tuple[Block, ...]
    win: int = -1

    @property
    def pair(self) -> Block | None:
        for b in self.blocks:
            if b.kind == PAIR:
                return b
        return None

    def wild_uses(self) -> tuple[int, ...]:
        return tuple(t for b in self.blocks for t in b.wild)
