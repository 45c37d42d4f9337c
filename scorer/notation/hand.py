"""Immutable hand model: concealed tiles, exposed and concealed melds, bonus tiles, the winning tile."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .format import format_hand, format_tiles
from .tiles import N_TILES, tile_name

CHOW, PUNG, KONG, PAIR = "chow", "pung", "kong", "pair"


@dataclass(frozen=True, order=True)
class Meld:
    """A declared set. `source` follows NOTATION.md: 1 left, 2 opposite, 3 right supplied it (claimed);
    5, 6, 7 an added kong on a pung those supplied; None a concealed kong (or a pung of unknown source).
    `claimed` is, for a chow, which of its tiles (1-3) was taken."""

    kind: str
    tile: int
    source: int | None = None
    claimed: int | None = None
    concealed: bool = False
    # a set holding white dragons that stand for another tile (the gold / fortune indicator's face,
    # wild.resolve_white_melds): `written` the physical tiles, `face` what the whites stand for
    # (-1 until the ruleset's indicator is known; until then `tiles` are the physical ones)
    written: tuple = ()
    face: int = -1

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.written and self.face < 0:
            return self.written
        if self.kind == CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == KONG else 3)

    @property
    def held(self) -> tuple[int, ...]:
        """The physical tiles (white dragons as themselves)."""
        return self.written or self.tiles

    @property
    def added(self) -> bool:
        return self.source is not None and self.source >= 5

    @property
    def supplier(self) -> int | None:
        """1 left, 2 opposite, 3 right, or None (concealed kong, unknown)."""
        if self.kind == CHOW:
            return 1
        if self.source is None:
            return None
        return self.source - 4 if self.source >= 5 else self.source

    def text(self) -> str:
        if self.written:  # whites in a set: the tiles as written ([35sP,1])
            body, suffix = format_tiles(self.written, sep=""), ""
        else:
            body = "".join(tile_name(t)[0] for t in self.tiles)
            suffix = tile_name(self.tile)[1:]
        if self.kind == KONG and self.concealed:
            return "{" + body + suffix + "}"
        n = self.claimed if self.kind == CHOW else self.source
        return "[" + body + suffix + (f",{n}" if n is not None else "") + "]"


@dataclass(frozen=True)
class Hand:
    """`concealed` holds the concealed tiles sorted, the winning tile included once."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[int, ...] = ()
    win_tile: int = -1
    source_text: str = field(default="", compare=False)

    @classmethod
    def fast(cls, concealed: tuple, melds: tuple, bonus: tuple, win_tile: int, source_text: str,
             counts: tuple, canonical: bool = False) -> Hand:
        """A Hand of fields already checked (the parser's fast path), its counts given. `canonical`:
        `source_text` is exactly these tiles, read piece by piece (parse.hand_text may reuse it).
        The one place a Hand is made without the dataclass __init__ (its setattr per field costs
        as much as the whole fast parse)."""
        hand = object.__new__(cls)
        hand.__dict__.update(concealed=concealed, melds=melds, bonus=bonus, win_tile=win_tile,
                             source_text=source_text, counts=counts, _fast=canonical)
        return hand

    @property
    def read_canonically(self) -> bool:
        """Made by `fast` from a text read piece by piece."""
        return self.__dict__.get("_fast", False)

    @cached_property
    def counts(self) -> tuple[int, ...]:
        c = [0] * N_TILES
        for t in self.concealed:
            c[t] += 1
        return tuple(c)

    @cached_property
    def all_counts(self) -> tuple[int, ...]:
        """Physical tiles of every kind, melds included (for the four-copies check and patterns)."""
        c = list(self.counts)
        for m in self.melds:
            for t in m.held:
                c[t] += 1
        return tuple(c)

    @property
    def size(self) -> int:
        """Tiles counted as a hand size: a kong counts as three."""
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def is_closed(self) -> bool:
        """No melds claimed from others (concealed kongs keep a hand closed)."""
        for m in self.melds:  # (a loop: no generator to make, asked for every reading)
            if not m.concealed:
                return False
        return True

    def text(self) -> str:
        return format_hand(self)

    def __str__(self) -> str:
        return self.text()

