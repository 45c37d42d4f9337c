"""What a reading is made of, computed once so every pattern predicate reads the same facts."""
from __future__ import annotations

from typing import NamedTuple

from ..notation.hand import CHOW, KONG, PAIR, PUNG
from ..notation.tiles import DRAGON_TILES, FLOWER0, HONOURS, SEASON0, TERMINALS, WHITE, WIND_TILES
from .blocks import _BLOCK_TILES, Reading
from .lazy import cached_property

_SEATS = "ESWN"
_WIND_OF = {s: 27 + i for i, s in enumerate(_SEATS)}
_SET_KINDS = frozenset({CHOW, PUNG, KONG})


def tile_mask(tiles) -> int:
    """Bit t set for every tile t: a set of tile kinds as one int (subset tests are an `&`)."""
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


# the kinds a block holds, by block kind and tile: a reading's kinds are the `|` of its blocks' masks
_BLOCK_MASK = {kind: {t: tile_mask(tiles) for t, tiles in by_tile.items()} for kind, by_tile in _BLOCK_TILES.items()}
HONOUR_MASK = tile_mask(HONOURS)
TERMINAL_MASK = tile_mask(TERMINALS)
SUIT_MASKS = tuple(tile_mask(range(s * 9, s * 9 + 9)) for s in range(3))
_SUIT_SETS = tuple(frozenset(s for s in range(3) if bits >> s & 1) for bits in range(8))
_KINDS: dict = {}  # mask -> frozenset of its tiles (readings share few kind sets)


class SetShape(NamedTuple):
    """A reading's sets by kind and concealment (Facts.set_shape)."""

    chows: tuple  # the chows' lowest tiles, in the blocks' order
    pair: int | None  # the first pair's tile
    claimed: int  # sets claimed from other players (a concealed kong is not claimed)
    claimed_kongs: int
    concealed_kongs: int
    concealed_pungs: int  # pungs (not kongs) not claimed, the winning tile's too
    win_pungs: int  # of those, the pungs of the concealed tiles of the winning tile's kind
    win_in_chow: bool  # the winning tile sits in a chow of the concealed tiles


_new_shape = tuple.__new__  # (a SetShape made without its Python-level __new__: one a reading)


class Facts:
    """Facts of one reading of one hand in one context. Sets are chows, pungs and kongs; `pungs`
    counts kongs too (rules say "pung/kong")."""

    def __init__(self, hand, reading: Reading, ctx, wild=None, options=None):
        self.hand = hand
        self.reading = reading
        self.ctx = ctx
        self.wild = wild
        self.options = options or {}
        self.form, self.blocks, _win = reading  # (unpacked: a NamedTuple's field getters are no specialised reads)
        self.win_type = win_type = ctx.win_type
        self.self_draw = win_type == "self_draw"
        self._fill()

    def _fill(self):
        """The facts of one pass over the blocks (EAGER)."""
        blocks = self.blocks
        self.pung_tiles = pung_tiles = []
        n_chows = n_kongs = 0
        claimed = -1 if self.self_draw else self.reading.win  # the block a claimed tile completed is exposed
        pair = None
        mask = 0
        concealed_pungs = 0
        block_mask = _BLOCK_MASK
        for i, b in enumerate(blocks):  # one pass; each list keeps the blocks' order
            kind, tile, _wild, meld = b  # (unpacking reads a Block faster than its attribute getters)
            try:
                mask |= block_mask[kind][tile]
            except KeyError:
                mask |= tile_mask(b.tiles)
            if kind == CHOW:
                n_chows += 1
            elif kind == PUNG or kind == KONG:
                pung_tiles.append(tile)
                if kind == KONG:
                    n_kongs += 1
                if meld.concealed if meld is not None else i != claimed:
                    concealed_pungs += 1
            elif kind == PAIR and pair is None:
                pair = b
        self.pair = pair
        self.n_chows = n_chows
        self.n_pungs = len(pung_tiles)  # kongs included
        self.n_kongs = n_kongs
        self.mask = mask
        self.has_honours = bool(mask & HONOUR_MASK)
        self.concealed_pungs = concealed_pungs
        ctx = self.ctx
        self.seat_wind = _WIND_OF.get(ctx.seat_wind)
        self.round_wind = _WIND_OF.get(ctx.round)

    # ---- sets, in the blocks' order (the counts above are what most patterns need) -------------
    @cached_property
    def sets(self) -> list:
        return [b for b in self.blocks if b.kind in _SET_KINDS]

    @cached_property
    def chows(self) -> list:
        return [b for b in self.blocks if b.kind == CHOW]

    @cached_property
    def pungs(self) -> list:
        """Pungs and kongs."""
        return [b for b in self.blocks if b.kind == PUNG or b.kind == KONG]

    @cached_property
    def kongs(self) -> list:
        return [b for b in self.blocks if b.kind == KONG]

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
        """The tile kinds present (`mask` as a set)."""
        m = self.mask
        got = _KINDS.get(m)
        if got is None:
            got = frozenset(t for t in range(m.bit_length()) if m >> t & 1)
            if len(_KINDS) >= 65536:
                _KINDS.clear()
            _KINDS[m] = got
        return got

    @cached_property
    def suits(self) -> frozenset:
        """Suits present: 0 m, 1 p, 2 s (honours not included)."""
        m = self.mask
        return _SUIT_SETS[bool(m & SUIT_MASKS[0]) | bool(m & SUIT_MASKS[1]) << 1 | bool(m & SUIT_MASKS[2]) << 2]

    @cached_property
    def all_terminals(self) -> bool:
        return not self.mask & ~TERMINAL_MASK

    @cached_property
    def all_terminals_honours(self) -> bool:
        return not self.mask & ~(TERMINAL_MASK | HONOUR_MASK)

    # ---- concealment -----------------------------------------------------------------------
    def is_concealed(self, i: int) -> bool:
        """A block from the concealed tiles is concealed unless it is the one a claimed tile completed
        (a pung finished by a discard counts as exposed)."""
        b = self.blocks[i]
        if b.meld is not None:
            return b.meld.concealed
        return not (i == self.reading.win and not self.self_draw)

    @cached_property
    def closed(self) -> bool:
        """No set claimed before the win (concealed kongs keep the hand closed)."""
        return self.hand.is_closed

    # ---- honours ---------------------------------------------------------------------------
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
        return _SEATS.index(self.ctx.seat_wind)  # own flower: the seat's wind (dealer East)

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

    # ---- the sets by concealment, worked out when first read -----------------------------------
    # (a separate part: the rulesets that count claimed sets, kongs by kind and concealed pungs apart,
    # as the Chinese Official rules do, read it; the one pass above stays as cheap as it was)
    @cached_property
    def set_shape(self) -> SetShape:
        """The reading's sets by kind and concealment in one pass (SetShape's fields)."""
        hand = self.hand
        if not hand.melds and not self.n_kongs:  # (most hands: every set a chow or pung of the concealed tiles)
            win = hand.win_tile
            chows = tuple([b[1] for b in self.blocks if b[0] == CHOW])
            win_in_chow = False
            for t in chows:
                if t <= win <= t + 2:
                    win_in_chow = True
            pair = self.pair
            return _new_shape(SetShape, (chows, None if pair is None else pair[1], 0, 0, 0, self.n_pungs,
                                         self.pung_tiles.count(win), win_in_chow))
        chows = []
        claimed = claimed_kongs = concealed_kongs = concealed_pungs = win_pungs = 0
        pair = None
        win = hand.win_tile
        win_in_chow = False
        for kind, tile, _wild, meld in self.blocks:
            if meld is not None and not meld.concealed:  # a set claimed from another player
                claimed += 1
                if kind == CHOW:
                    chows.append(tile)
                elif kind == KONG:
                    claimed_kongs += 1
            elif kind == CHOW:
                chows.append(tile)
                if meld is None and tile <= win <= tile + 2:
                    win_in_chow = True
            elif kind == PUNG:
                concealed_pungs += 1
                if meld is None and tile == win:
                    win_pungs += 1
            elif kind == KONG:
                concealed_kongs += 1
            elif kind == PAIR and pair is None:
                pair = tile
        return _new_shape(SetShape, (tuple(chows), pair, claimed, claimed_kongs, concealed_kongs, concealed_pungs,
                                     win_pungs, win_in_chow))


EAGER = frozenset({"pung_tiles", "pair", "n_chows", "n_pungs", "n_kongs", "mask", "has_honours", "concealed_pungs",
                   "seat_wind", "round_wind"})  # what Facts._fill makes


class _Filled:
    """One of EAGER's facts on a LazyFacts: its first read makes the pass (Facts._fill), which puts every
    one of them in the instance's dict, where later reads find them first (a non-data descriptor). A
    `__getattr__` did this before; a class that has one gets no specialised attribute reads at all, and a
    riichi reading's facts are read some twenty times (hand, ctx, blocks...)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        Facts._fill(obj)
        return obj.__dict__[self.name]


class LazyFacts(Facts):
    """Facts whose pass over the blocks (`_fill`: EAGER) waits for the first read of one of its facts.
    For a ruleset whose reading-level predicates read each reading through a table that makes its own
    pass (riichi's reading table, `own_pass`): the facts' pass would be the same work twice. Whatever
    reads them gets the same facts, worked out then."""

    def _fill(self):
        pass  # (the constructor's call: the pass waits for a first read, _Filled)


for _name in EAGER:
    setattr(LazyFacts, _name, _Filled(_name))
