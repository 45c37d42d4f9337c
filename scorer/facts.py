"""What a reading is made of, computed once so every pattern predicate reads the same facts."""
from __future__ import annotations



class cached_property:  # noqa: N801 - functools' version takes a lock on every first access (3.11)
    """Compute once per instance, then live in the instance's __dict__ (a non-data descriptor)."""

    def __init__(self, fn):
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value

from .decompose import _BLOCK_TILES, Reading
from .hand import CHOW, KONG, PAIR, PUNG
from .tiles import DRAGON_TILES, FLOWER0, HONOURS, SEASON0, TERMINALS, WIND_TILES, WHITE

_SEATS = "ESWN"


class Facts:
    """Facts of one reading of one hand in one context. Sets are chows, pungs and kongs; `pungs`
    counts kongs too (rules say "pung/kong")."""

    def __init__(self, hand, reading: Reading, ctx, wild=None, options=None):
        self.hand = hand
        self.reading = reading
        self.ctx = ctx
        self.wild = wild
        self.options = options or {}
        self.form = reading.form
        blocks = reading.blocks
        self.blocks = blocks
        self.sets = sets = []
        self.chows = chows = []
        self.pungs = pungs = []
        self.kongs = kongs = []
        pair = None
        for b in blocks:  # one pass; each list keeps the blocks' order
            kind = b.kind
            if kind == CHOW:
                sets.append(b)
                chows.append(b)
            elif kind == PUNG:
                sets.append(b)
                pungs.append(b)
            elif kind == KONG:
                sets.append(b)
                pungs.append(b)
                kongs.append(b)
            elif kind == PAIR and pair is None:
                pair = b
        self.pair = pair
        self.win_type = win_type = ctx.win_type
        self.self_draw = win_type == "self_draw"

    # ---- tiles -----------------------------------------------------------------------------
    @cached_property
    def tiles(self) -> tuple[int, ...]:
        """Every tile as read (wild tiles as what they stood for), kongs with four."""
        out: list = []
        table = _BLOCK_TILES
        for b in self.blocks:
            try:
                out += table[b.kind][b.tile]  # b.tiles, without the property call
            except KeyError:
                out += b.tiles
        return tuple(out)

    @cached_property
    def kinds(self) -> frozenset:
        return frozenset(self.tiles)

    @cached_property
    def suits(self) -> frozenset:
        """Suits present: 0 m, 1 p, 2 s (honours not included)."""
        return frozenset([t // 9 for t in self.kinds if t < 27])  # suit_of(t) for a suited tile

    @cached_property
    def has_honours(self) -> bool:
        return not self.kinds.isdisjoint(HONOURS)

    @cached_property
    def all_terminals(self) -> bool:
        return self.kinds <= TERMINALS

    @cached_property
    def all_terminals_honours(self) -> bool:
        return self.kinds <= (TERMINALS | HONOURS)

    # ---- concealment -----------------------------------------------------------------------
    def is_concealed(self, i: int) -> bool:
        """A block from the concealed tiles is concealed unless it is the one a claimed tile completed
        (a pung finished by a discard counts as exposed)."""
        b = self.blocks[i]
        if b.meld is not None:
            return b.meld.concealed
        return not (i == self.reading.win and not self.self_draw)

    @cached_property
    def concealed_pungs(self) -> int:
        n = 0
        claimed = -1 if self.self_draw else self.reading.win  # the block a claimed tile completed
        for i, b in enumerate(self.blocks):  # is_concealed(i), inline
            if b.kind == PUNG or b.kind == KONG:
                if b.meld.concealed if b.meld is not None else i != claimed:
                    n += 1
        return n

    @cached_property
    def closed(self) -> bool:
        """No set claimed before the win (concealed kongs keep the hand closed)."""
        return self.hand.is_closed

    # ---- honours ---------------------------------------------------------------------------
    @cached_property
    def seat_wind(self) -> int:
        return 27 + _SEATS.index(self.ctx.seat)

    @cached_property
    def round_wind(self) -> int:
        return 27 + _SEATS.index(self.ctx.round)

    @cached_property
    def pung_tiles(self) -> list[int]:
        return [b.tile for b in self.pungs]

    @cached_property
    def dragon_pungs(self) -> int:
        return sum(1 for t in self.pung_tiles if t in DRAGON_TILES)

    @cached_property
    def wind_pungs(self) -> int:
        return sum(1 for t in self.pung_tiles if t in WIND_TILES)

    # ---- bonus tiles -----------------------------------------------------------------------
    @cached_property
    def flowers(self) -> list[int]:
        return [t for t in self.hand.bonus if FLOWER0 <= t < SEASON0]

    @cached_property
    def seasons(self) -> list[int]:
        return [t for t in self.hand.bonus if t >= SEASON0]

    @cached_property
    def seat_number(self) -> int:
        return _SEATS.index(self.ctx.seat)

    # ---- wait ------------------------------------------------------------------------------
    @cached_property
    def wait(self) -> str:
        """How the winning tile completed its block: 'pair' (single wait), 'pung', 'edge', 'closed',
        'open' (two-sided), or 'special' for forms without a block."""
        if self.reading.win < 0:
            return "special"
        b = self.blocks[self.reading.win]
        if b.kind == PAIR:
            return "pair"
        if b.kind != CHOW:
            return "pung"
        w = self.hand.win_tile
        if self.wild and self.wild.tile == w:
            return "any"
        if w == b.tile + 1:
            return "closed"
        low_rank = b.tile % 9
        if (w == b.tile + 2 and low_rank == 0) or (w == b.tile and low_rank == 6):
            return "edge"
        return "open"

    # ---- wild tiles ------------------------------------------------------------------------
    @cached_property
    def wild_used(self) -> int:
        """Wild tiles standing for another tile than their own face."""
        face = self.wild.tile if self.wild else None
        return sum(1 for t in self.reading.wild_uses() if t != face)

    @cached_property
    def wild_held(self) -> int:
        return len(self.reading.wild_uses())

    @property
    def white_is_substitute(self) -> bool:
        return bool(self.wild and self.wild.substitute is not None and WHITE in self.hand.concealed)
