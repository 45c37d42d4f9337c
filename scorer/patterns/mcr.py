"""Chinese Official (MCR, the Green Book) fan predicates. Each answers how many times its fan applies
to one reading; the fans a higher fan implies are excluded by the ruleset (variants/mcr.yaml), and
the fans sets make together come from the account-once mechanism of mcr_sets.py; the fans of the
tiles present are mcr_tiles.py's. Where a shared family has the fan (all pungs, one suit, seven
pairs, dragon and wind pungs, how the hand was won), variants/mcr.yaml names the shared predicate."""
from __future__ import annotations

from ..core.facts import HONOUR_MASK, ORPHAN_MASK, tile_mask
from ..notation.hand import CHOW
from ..rulesets.registry import gate, lookup, pattern, reads
from .mcr_forms import KNITTED_SETS, wait_of
from .mcr_sets import set_fans
from .mcr_tiles import rank_bands, tile_fans

_MIDDLE = tile_mask(s * 9 + r for s in range(3) for r in (3, 4, 5))  # ranks 4-6: no block of theirs is outside
_FIVES_REACH = tile_mask(s * 9 + r for s in range(3) for r in range(2, 7))  # ranks 3-7: the blocks holding a 5
_EVEN = tile_mask(s * 9 + r for s in range(3) for r in (1, 3, 5, 7))
_SUITED = (1 << 27) - 1


# ---- what the fans below read of one reading, worked out once ------------------------------------

def reading_fans(f) -> dict:
    """The tables of one reading in one (shared: read only): the fans its sets make together
    (set_fans), its form's (form_fans), its tiles' (tile_fans, rank_bands), its concealment's and its
    wait's. The entries below look their answers up here: the engine fetches it once a reading, not
    six tables. (The tables' keys differ: fan names, form keys, ("suits", n), rank bands (low, high),
    concealment and wait kinds.)"""
    return {**set_fans(f), **form_fans(f), **tile_fans(f), **rank_bands(f), **concealment_fans(f), **wait_fans(f)}


# ---- set combinations ----------------------------------------------------------------------

@pattern()
@lookup(reading_fans, "fan")
def mcr_sets_fan(f, fan="pure_double_chow"):
    """A fan the sets make together (chows, pungs, concealed pungs, kongs), after the non-repeat and
    account-once principles (mcr_sets.py)."""
    return set_fans(f).get(fan, 0)


@pattern()
@gate("n_chows")
def mcr_all_chows(f):
    """Four chows and a suited pair; with a knitted straight, its one set a chow and a suited pair (the
    shared all_chows reads the standard form only)."""
    if f.n_pungs or f.form != "standard" and f.form != "mcr_knitted_straight":
        return 0
    pair = f.pair
    return int(f.n_chows == (4 if f.form == "standard" else 1) and pair is not None and pair.tile < 27)


def _standard(f) -> bool:
    """Four sets and a pair."""
    return f.form == "standard" and f.n_chows + f.n_pungs == 4 and f.pair is not None


def _outside(b) -> bool:
    if b.tile >= 27:
        return True
    r = b.tile % 9
    return r in (0, 6) if b.kind == CHOW else r in (0, 8)


@pattern()
@gate("outside")
def mcr_outside_hand(f):
    """Outside hand: every set and the pair hold a terminal or an honour."""
    if f.mask & _MIDDLE or not _standard(f):  # a block holding a 4, 5 or 6 holds no terminal
        return 0
    return int(all(_outside(b) for b in f.blocks))


def _five(b) -> bool:
    return b.tile < 27 and (2 <= b.tile % 9 <= 4 if b.kind == CHOW else b.tile % 9 == 4)


@pattern()
def mcr_all_fives(f):
    """All fives: every set and the pair hold a 5."""
    if f.mask & ~_FIVES_REACH or not _standard(f):  # a tile below 3 or above 7 (or an honour) is in a block without a 5
        return 0
    return int(all(_five(b) for b in f.blocks))


@pattern()
@gate("n_pungs")
def mcr_all_even_pungs(f):
    """All even pungs: pungs (kongs) and a pair of even suited tiles only."""
    if f.n_chows or f.mask & ~_EVEN or not _standard(f):
        return 0
    return 1  # (no chow and every tile even: the pungs and the pair are of even tiles)


@pattern()
def mcr_tile_hog(f):
    """Tile hog: all four tiles of a kind used without a kong, once per such kind."""
    hand = f.hand
    # (without melds the concealed counts are all the tiles: the parser made them, all_counts is made
    # on first read)
    return (hand.all_counts if hand.melds else hand.counts).count(4) - f.n_kongs


# ---- single pungs and winds --------------------------------------------------------------------

@pattern()
@gate("n_pungs")
def mcr_terminal_pungs(f):
    """Pung of terminals or honours (幺九刻), each: pungs of 1s and 9s, and of winds that score no wind
    fan of their own. A pung of the seat or prevalent wind, the three wind pungs of big three winds
    or little four winds, and the 1s or 9s pung nine gates holds already count there."""
    if not f.pung_mask & ORPHAN_MASK:  # (most readings: no pung of terminals or honours at all)
        return 0
    n = winds = lone_winds = 0
    seat, prevalent = f.seat_wind, f.round_wind
    for t in f.pung_tiles:
        if t < 27:
            if t % 9 == 0 or t % 9 == 8:
                n += 1
        elif t <= 30:
            winds += 1
            if t != seat and t != prevalent:
                lone_winds += 1
    if winds < 3:
        n += lone_winds
    if n and mcr_nine_gates(f):
        n -= 1
    return n


# ---- special forms -----------------------------------------------------------------------------
# Each reading is of one form, and each fan below of one form: `form_fans` asks the reading's form
# only, and the predicates read its answer (the engine fetches it once a reading).

def _greater(f) -> bool:
    """All seven honours present."""
    return f.mask & HONOUR_MASK == HONOUR_MASK


def _nine_gates(f) -> bool:
    """1112345678999 of one suit concealed, and a tile of that suit (a standard reading's hand)."""
    hand = f.hand
    win = hand.win_tile
    if hand.melds or win >= 27:
        return False
    counts = hand.counts
    base = win - win % 9
    if counts[base] < 3 or counts[base + 8] < 3:  # (most hands)
        return False
    held = list(counts[base:base + 9])
    held[win - base] -= 1
    return held == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def _shifted(f) -> bool:
    """Seven pairs of seven consecutive tiles of one suit (a seven pairs reading's tiles)."""
    m = f.mask
    if m >= 1 << 27:  # (an honour)
        return False
    low = (m & -m).bit_length() - 1
    return m == 127 << low and low // 9 == (low + 6) // 9


def _knitted_nine(f) -> bool:
    """The nine suited tiles of a knitted straight (an honours and knitted tiles reading's)."""
    suited = f.mask & _SUITED
    return bin(suited).count("1") == 9 and frozenset(t for t in range(27) if suited >> t & 1) in KNITTED_SETS


def form_fans(f) -> dict:
    """The fans of the reading's form -> 1 (shared: read only): "nine_gates" (standard), "shifted"
    (seven pairs), "knitted" (knitted straight: that form, or lesser honours and knitted tiles holding
    all nine), and True / False (greater / lesser honours and knitted tiles)."""
    form = f.form
    if form == "standard":
        return _FORM_FANS["nine_gates"] if _nine_gates(f) else _NONE
    if form == "seven_pairs":
        return _FORM_FANS["shifted"] if _shifted(f) else _NONE
    if form == "mcr_knitted_straight":
        return _FORM_FANS["knitted"]
    if form == "mcr_honours_knitted":
        if _greater(f):
            return _FORM_FANS[True]
        return _FORM_FANS[False, "knitted"] if _knitted_nine(f) else _FORM_FANS[False]
    return _NONE


_NONE: dict = {}
_FORM_FANS = {"nine_gates": {"nine_gates": 1}, "shifted": {"shifted": 1}, "knitted": {"knitted": 1},
              True: {True: 1}, False: {False: 1}, (False, "knitted"): {False: 1, "knitted": 1}}


@pattern()
@lookup(reading_fans, "greater")
def mcr_honours_knitted(f, greater=False):
    """Honours and knitted tiles: greater (七星不靠: all seven honours) or lesser (全不靠)."""
    return form_fans(f).get(greater, 0)


@pattern()
@lookup(reading_fans, key=lambda: "knitted")
def mcr_knitted_straight(f):
    """Knitted straight (组合龙): 147, 258, 369 of three different suits, in the knitted-straight form
    or as the nine suited tiles of lesser honours and knitted tiles."""
    return form_fans(f).get("knitted", 0)


@pattern()
@lookup(reading_fans, key=lambda: "shifted")
def mcr_seven_shifted_pairs(f):
    """Seven shifted pairs: seven pairs of seven consecutive tiles of one suit."""
    return form_fans(f).get("shifted", 0)


@pattern()
@lookup(reading_fans, key=lambda: "nine_gates")
def mcr_nine_gates(f):
    """Nine gates: 1112345678999 of one suit concealed, won on any tile of that suit."""
    return form_fans(f).get("nine_gates", 0)


# ---- concealment, waits and how the hand was won ---------------------------------------------------

def concealment(f):
    """concealed: no claimed set, won on a discard (门前清); fully: no claimed set, self-drawn (不求人);
    melded: four claimed sets, won on a discard (全求人); else None. Concealed kongs are not claimed."""
    claimed = 0
    for m in f.hand.melds:  # (every reading holds the declared melds as they are)
        if not m.concealed:
            claimed += 1
    if not claimed:
        return "fully" if f.self_draw else "concealed"
    return "melded" if claimed == 4 and not f.self_draw else None


def concealment_fans(f) -> dict:
    """The reading's concealment fan -> 1, what mcr_concealment's entries look up (shared: read only)."""
    return _ONE_OF[concealment(f)]


@pattern()
@lookup(reading_fans, "kind")
def mcr_concealment(f, kind="concealed"):
    """The reading's concealment is `kind` (concealed, fully or melded: `concealment`)."""
    return int(concealment(f) == kind)


def wait_fans(f) -> dict:
    """The reading's wait fan -> 1 (none: empty), what mcr_wait's entries look up (shared: read only)."""
    return _ONE_OF[wait_of(f)]


# a name -> the table holding it once (no name: the empty table)
_ONE_OF = {None: _NONE, **{name: {name: 1} for name in ("concealed", "fully", "melded", "edge", "closed", "single")}}


@pattern()
@lookup(reading_fans, "kind")
def mcr_wait(f, kind="single"):
    """The hand waited on one tile kind and the winning tile completed the edge of a chow (edge), its
    middle (closed) or the pair (single); one of the three, in that order."""
    return int(wait_of(f) == kind)


@pattern()
def mcr_fourth_tile(f):
    """The winning tile is the last of its kind (和绝张): --fourth-tile, or three of it in the melds."""
    if f.ctx.fourth_tile:
        return 1
    hand = f.hand
    if not hand.melds:  # (three copies in sight are three in the melds)
        return 0
    win = hand.win_tile
    return int(hand.all_counts[win] - hand.counts[win] == 3)


@pattern()
def mcr_fourth_tile_held(f):
    """(A refusal) --fourth-tile, yet the winner holds another copy of the winning tile concealed: the
    other three are not all in sight."""
    return int(f.ctx.fourth_tile and f.hand.counts[f.hand.win_tile] > 1)


@pattern()
@reads("bonus")
def mcr_flowers(f):
    """Flower tiles: one fan each (they do not count towards the minimum)."""
    return len(f.hand.bonus)


@pattern()
@reads("ctx")  # (it reads nothing at all: asked once a context, not once a reading)
def mcr_chicken_hand(f):
    """Chicken hand (无番和) is a hand with no other fan: the scoring model (mcr_fans) awards it, as
    it alone sees the fans left after the exclusions. As a predicate it never applies."""
    return 0


# ---- the tiles of the whole hand (their tables: mcr_tiles.py) --------------------------------------

@pattern()
@lookup(reading_fans, key=lambda suits=2: ("suits", suits))
def mcr_suits(f, suits=2):
    """The hand holds tiles of exactly `suits` suits, honours or not: one voided suit (2). (The flushes
    and no honours are the shared one_suit and no_honours.)"""
    return tile_fans(f).get(("suits", suits), 0)


@pattern()
@lookup(reading_fans, key=lambda: "all_types")
def mcr_all_types(f):
    """All types: characters, bamboo, dots, winds and dragons all present."""
    return tile_fans(f).get("all_types", 0)


@pattern()
@lookup(reading_fans, "mask")
def mcr_tiles_within(f, mask="simples"):
    """Every tile is in the named group: simples (all simples), reversible. (All terminals, all honours,
    all terminals and honours and all green are the shared predicates of tiles.py.)"""
    return tile_fans(f).get(mask, 0)


@pattern()
@lookup(reading_fans, "low", "high")
def mcr_ranks(f, low=1, high=9):
    """Every tile is suited, of rank low..high (upper tiles 7-9, middle 4-6, lower 1-3, upper four
    6-9, lower four 1-4)."""
    return rank_bands(f).get((low, high), 0)
