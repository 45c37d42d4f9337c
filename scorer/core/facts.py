"""What a reading is made of, computed once so every pattern predicate reads the same facts.

`Facts` is the one per-reading summary every ruleset's predicates read: one pass over the blocks
(`_fill`, the EAGER facts below) makes the counts and bit sets most predicates test, and the rest is
worked out on first read (`cached_property`). A bit set is an int with bit t set for tile kind t
(tiles.py numbers them: 0-8 characters, 9-17 circles, 18-26 bamboo, 27-30 winds, 31-33 dragons), so a
subset test is one `&`. The summary names no ruleset: a fact here is a fact of the tiles, the blocks,
the winning tile and the context, whatever a ruleset makes of it."""
from __future__ import annotations

from functools import cached_property, lru_cache
from typing import NamedTuple

from ..notation.hand import CHOW, KONG, PAIR, PUNG
from ..notation.tiles import DRAGON_TILES, FLOWER0, HONOURS, SEASON0, TERMINALS, WHITE, WIND_TILES
from .blocks import _BLOCK_TILES, Reading

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
ORPHAN_MASK = TERMINAL_MASK | HONOUR_MASK  # terminals and honours
SIMPLE_MASK = tile_mask(range(27)) & ~TERMINAL_MASK  # the suits' 2 to 8
SUIT_MASKS = tuple(tile_mask(range(s * 9, s * 9 + 9)) for s in range(3))
_MANS, _PINS, _SOUS = SUIT_MASKS
_SUIT_SETS = tuple(frozenset(s for s in range(3) if bits >> s & 1) for bits in range(8))


@lru_cache(maxsize=65536)
def _kinds_of(mask: int) -> frozenset:
    """The tiles of a bit set, made once per bit set (readings share few kind sets)."""
    return frozenset(t for t in range(mask.bit_length()) if mask >> t & 1)


# what Facts._fill makes, in slots of their own: a predicate reads them on every reading, and a slot is
# read the same way whatever else an instance holds (an instance's dict of many keys, some kept by
# one ruleset and not another, is read slower)
_FILLED = ("pung_tiles", "pair", "n_chows", "n_pungs", "n_kongs", "mask", "has_honours", "has_terminals", "suits",
         "outside", "outside_terminals", "concealed_pungs", "chow_mask", "pung_mask", "kong_mask",
         "concealed_pung_mask", "seat_wind", "round_wind", "closed", "open_hand", "special", "wait")
EAGER = frozenset(_FILLED)


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
    counts kongs too (rules say "pung/kong").

    Made by the one pass (`_fill`):
      form, blocks        the reading's form name and its blocks
      pung_tiles          the tile of each pung or kong, in the blocks' order
      pair                the first pair block (None: no pair)
      n_chows, n_pungs, n_kongs   how many chows, pungs (kongs included) and kongs
      concealed_pungs     how many pungs and kongs are concealed (a pung completed by a discard is not)
      mask                bit set of every tile kind present
      has_honours, has_terminals   any wind or dragon / any 1 or 9 of a suit present
      suits               the suits present (0 characters, 1 circles, 2 bamboo; honours not included)
      outside             every block (set, pair or single) holds a terminal or an honour
      outside_terminals   every block holds a terminal
      chow_mask           bit set of the chows' lowest tiles (two alike set one bit: n_chows says more)
      pung_mask           bit set of the pungs' and kongs' tiles
      kong_mask           bit set of the kongs' tiles
      concealed_pung_mask bit set of the concealed pungs' and kongs' tiles
      seat_wind, round_wind   the winner's seat wind and the prevailing wind as tiles
      closed              no set claimed before the win (concealed kongs keep the hand closed)
      open_hand           not closed (a fact a predicate's `@gate` can name)
      special             the form is a special one (not "standard"; `@gate` again)
      wait                how the winning tile completed its block (`_wait`)
    (A tile with two pungs, which only wild tiles make, sets its bit once: pung_tiles counts both.)
    Worked out when first read: chow_pairs, kinds, tiles, sets / chows / pungs / kongs (the blocks of
    each kind) and the rest below; set_shape (the sets by kind and concealment: SetShape) on each read."""

    __slots__ = ("hand", "reading", "ctx", "wild", "options", "form", "blocks", "win_type", "self_draw", *_FILLED,
                 "__dict__")  # (the facts worked out when first read are kept in the dict)

    def __init__(self, hand, reading: Reading, ctx, wild=None, options=None):
        self.hand = hand
        self.reading = reading
        self.ctx = ctx
        self.wild = wild
        self.options = options or {}
        self.form, self.blocks, _win = reading  # (unpacked: a NamedTuple's field getters are no specialised reads)
        self.special = self.form != "standard"
        self.win_type = win_type = ctx.win_type
        self.self_draw = win_type == "self_draw"
        self._fill()

    def _fill(self):
        """The facts of one pass over the blocks (EAGER)."""
        blocks = self.blocks
        self.pung_tiles = pung_tiles = []
        n_chows = n_kongs = 0
        chow_mask = pung_mask = kong_mask = concealed_mask = 0
        win = self.reading[2]  # (Reading.win, read as the tuple's)
        claimed = -1 if self.self_draw else win  # the block a claimed tile completed is exposed
        pair = None
        mask = 0
        concealed_pungs = 0
        outside = outside_terminals = bool(blocks)
        block_mask = _BLOCK_MASK
        for i, b in enumerate(blocks):  # one pass; each list keeps the blocks' order
            kind, tile, _wild, meld = b  # (unpacking reads a Block faster than its attribute getters)
            try:
                m = block_mask[kind][tile]
            except KeyError:
                m = tile_mask(b.tiles)
            mask |= m
            if outside and not m & ORPHAN_MASK:
                outside = outside_terminals = False
            elif outside_terminals and not m & TERMINAL_MASK:
                outside_terminals = False
            if kind == CHOW:
                n_chows += 1
                chow_mask |= 1 << tile
            elif kind == PUNG or kind == KONG:
                pung_tiles.append(tile)
                bit = 1 << tile
                pung_mask |= bit
                if kind == KONG:
                    n_kongs += 1
                    kong_mask |= bit
                if meld.concealed if meld is not None else i != claimed:
                    concealed_pungs += 1
                    concealed_mask |= bit
            elif kind == PAIR and pair is None:
                pair = b
        self.pair = pair
        self.n_chows = n_chows
        self.n_pungs = len(pung_tiles)  # kongs included
        self.n_kongs = n_kongs
        self.mask = mask
        self.has_honours = mask & HONOUR_MASK != 0  # (a comparison, not bool(): no call)
        self.has_terminals = mask & TERMINAL_MASK != 0
        self.suits = _SUIT_SETS[(mask & _MANS != 0) | (mask & _PINS != 0) << 1 | (mask & _SOUS != 0) << 2]
        self.outside = outside
        self.outside_terminals = outside_terminals
        self.concealed_pungs = concealed_pungs
        self.chow_mask = chow_mask
        self.pung_mask = pung_mask
        self.kong_mask = kong_mask
        self.concealed_pung_mask = concealed_mask
        ctx = self.ctx
        self.seat_wind = _WIND_OF.get(ctx.seat_wind)
        self.round_wind = _WIND_OF.get(ctx.round)
        hand = self.hand
        self.closed = closed = not hand.melds or hand.is_closed  # (concealed kongs keep a hand closed)
        self.open_hand = not closed
        self.wait = self._wait(win)

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
        return _kinds_of(self.mask)

    @cached_property
    def chow_pairs(self) -> int:
        """How many pairs of identical chows (two alike: 1; two such pairs, or four alike: 2)."""
        if self.n_chows == self.chow_mask.bit_count():  # (no two chows alike)
            return 0
        seen: dict = {}
        for b in self.blocks:
            if b.kind == CHOW:
                seen[b.tile] = seen.get(b.tile, 0) + 1
        return sum(n // 2 for n in seen.values())

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
    def _wait(self, win: int) -> str:
        """`wait`: how the winning tile completed its block (the `win`th): 'pair' (single wait), 'pung',
        'edge', 'closed', 'open' (two-sided), 'any' (won on a wild tile) or 'special' for forms without
        a block."""
        if win < 0:
            return "special"
        kind, tile = self.blocks[win][:2]
        if kind == PAIR:
            return "pair"
        if kind != CHOW:
            return "pung"
        w = self.hand.win_tile
        if self.wild and self.wild.tile == w:
            return "any"
        if w == tile + 1:
            return "closed"
        low_rank = tile % 9
        if (w == tile + 2 and low_rank == 0) or (w == tile and low_rank == 6):
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

    # ---- the sets by concealment, worked out on each read --------------------------------------
    # (a separate part: the rulesets that count claimed sets, kongs by kind and concealed pungs apart,
    # as the Chinese Official rules do, read it; the one pass above stays as cheap as it was)
    @property
    def set_shape(self) -> SetShape:
        """The reading's sets by kind and concealment in one pass (SetShape's fields). Not kept: its
        one reader (MCR's set_fans, a lookup table) reads it once a reading, and keeping it costs
        more than making it (a cached_property's first read takes a lock)."""
        hand = self.hand
        if not hand.melds and not self.n_kongs:  # (most hands: every set a chow or pung of the concealed tiles)
            win = hand.win_tile
            chows = tuple([b[1] for b in self.blocks if b[0] == CHOW])
            # a chow whose lowest tile is win - 2, win - 1 or win holds it (no chow starts at an 8 or 9,
            # so those bits are of the winning tile's suit)
            win_in_chow = bool(self.chow_mask << 2 >> win & 7)
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
