"""Chinese Official (MCR) special forms and waits: knitted straight with a set and a pair, greater and
lesser honours and knitted tiles, and the single-tile waits (edge, closed, single) the Green Book counts.

Seven pairs (four of a kind allowed as two pairs) and thirteen orphans are the shared forms of
scorer/core/forms.py; seven shifted pairs and nine gates are fans read on those and the standard form.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, compress, permutations
from operator import sub

from ..core.blocks import SINGLE, Block, Reading, _new_reading
from ..core.decompose import _plain_splits, meld_blocks, standard_readings
from ..core.forms import Needs, form
from ..notation.hand import CHOW, KONG, PAIR, PUNG
from .mcr_sets import chow_fans, order_key, pungs_fans

# the six knitted straights: 1-4-7 of one suit, 2-5-8 of another, 3-6-9 of the third
KNITTED = tuple(tuple(sorted(s * 9 + r for s, start in zip(suits, (0, 1, 2)) for r in (start, start + 3, start + 6)))
                for suits in permutations(range(3)))
KNITTED_SETS = tuple(frozenset(k) for k in KNITTED)
_SINGLES = tuple(Block(SINGLE, t) for t in range(34))  # (blocks are immutable: one a tile, shared)
_BITS = tuple(1 << t for t in range(27))
# the suited kinds of honours and knitted tiles: 7 to 9 tiles of one knitted straight, as bits
_KNITTED_PARTS = frozenset(sum(1 << t for t in part) for k in KNITTED for n in (7, 8, 9) for part in combinations(k, n))
_KNITTED_COUNTS = {k: tuple(int(t in k) for t in range(34)) for k in KNITTED}  # a straight's tiles, as counts
_KNITTED_BLOCKS = {k: tuple(_SINGLES[t] for t in k) for k in KNITTED}


_ORDER = tuple(order_key(t) for t in range(34))


def _division_order(reading):
    """MahjongGB's order of divisions: the concealed sets by tile (suits m, s, p, then honours), a
    pung before a chow of the same tile, compared in turn. Among readings of equal fans the first in
    this order is shown, as MahjongGB shows it."""
    return sorted([(_ORDER[tile], kind != PUNG) for kind, tile, _wild, meld in reading.blocks
                   if meld is None and kind != PAIR])


def _sets_of(reading) -> tuple:
    """(the chows' tiles, the pungs' and kongs', the first pair's tile or None) of a reading."""
    chows, pungs, pair = [], [], None
    for kind, tile, _wild, _meld in reading.blocks:
        if kind == CHOW:
            chows.append(tile)
        elif kind == PUNG or kind == KONG:
            pungs.append(tile)
        elif kind == PAIR and pair is None:
            pair = tile
    return chows, pungs, pair


def _preferred(reading) -> bool:
    """Whether the reading holds a pure triple chow or a triple pung (shown first among equals)."""
    chows, pungs, pair = _sets_of(reading)
    # (three equal chows or three suited pungs of one rank at least: most readings have neither; the
    # fans kept as the set analysis keeps them)
    if len(chows) >= 3 and (chows.count(chows[0]) >= 3 or chows.count(chows[1]) >= 3):
        if "pure_triple_chow" in chow_fans(tuple(chows), pair):
            return True
    if len(pungs) >= 3:
        ranks = [t % 9 for t in pungs if t < 27]
        if len(ranks) >= 3 and (ranks.count(ranks[0]) >= 3 or ranks.count(ranks[1]) >= 3):
            return "triple_pung" in pungs_fans(tuple(pungs))
    return False


@form("mcr_standard", "{sets} sets and a pair")
def standard(hand, counts, jokers, win_is_wild, options):
    """The standard form (four sets and a pair), its readings in MahjongGB's order of divisions: of
    equal readings MahjongGB shows the first, or the last that holds a pure triple chow or a triple
    pung (the scoring's `prefer`), so those come first here in the reverse order."""
    readings = standard_readings(hand, counts, jokers, win_is_wild)
    if len(readings) > 1:
        readings.sort(key=_division_order)
        flags = []
        last = got = None  # (readings that place the winning tile apart share their blocks: sorted together)
        for r in readings:
            if r.blocks is not last:
                last, got = r.blocks, _preferred(r)
            flags.append(got)
        if any(flags):
            readings = [r for r, p in zip(readings, flags) if p][::-1] + [r for r, p in zip(readings, flags) if not p]
    return readings


def _knitted_in(counts):
    # each suit holds all of 147, 258 or 369 (most hands fail here, before the six straights)
    for b in (0, 9, 18):
        if not (counts[b] and counts[b + 3] and counts[b + 6] or counts[b + 1] and counts[b + 4] and counts[b + 7]
                or counts[b + 2] and counts[b + 5] and counts[b + 8]):
            return None
    get = counts.__getitem__
    for k in KNITTED:
        if all(map(get, k)):
            return k
    return None


@form("mcr_knitted_straight", "knitted straight", Needs(melds=1, wild=False))
def knitted_straight(hand, counts, jokers, win_is_wild, options):
    """Knitted straight (组合龙: 147, 258, 369 of three different suits) plus a set and a pair; the
    set may be a declared meld."""
    if jokers or len(hand.melds) > 1:
        return []
    k = _knitted_in(counts)
    if k is None:
        return []
    splits = _plain_splits(tuple(map(sub, counts, _KNITTED_COUNTS[k])))  # (the tiles besides the straight)
    if len(splits) != 1:
        return []
    melds = meld_blocks(hand)
    if len(splits[0]) + len(melds) != 2:  # (a set and the pair besides the straight's singles)
        return []
    return [_new_reading(Reading, ("mcr_knitted_straight", _KNITTED_BLOCKS[k] + splits[0] + melds, -1))]


@form("mcr_honours_knitted", "honours and knitted tiles", Needs(melds=0, wild=False, barred=(2, 3, 4)))
def honours_and_knitted(hand, counts, jokers, win_is_wild, options):
    """Honours and knitted tiles (全不靠 / 七星不靠): fourteen different tiles, the suited ones all from
    one knitted straight, no melds."""
    if jokers or hand.melds or 2 in counts or 3 in counts:  # (a pair or a pung: most hands, at a glance)
        return []
    if sum(counts) != 14 or max(counts) > 1:
        return []
    if sum(compress(_BITS, counts[:27])) not in _KNITTED_PARTS:  # (the suited kinds held, one bit each)
        return []
    return [_new_reading(Reading, ("mcr_honours_knitted", tuple(compress(_SINGLES, counts)), -1))]


# ---- waits ------------------------------------------------------------------------------------
# A tile completes a hand when every suit (and the honours) is sets and at most a pair, exactly one of
# them holding the pair. Per suit content only whether it is that, and which one tile more makes it
# that, is asked: a suit's counts are packed three bits a rank, and the answers kept per packed counts.

_UNIT = tuple(1 << 3 * i for i in range(9))
_NEAR = tuple(sum(7 << 3 * j for j in range(max(i - 2, 0), min(i + 3, 9))) for i in range(9))  # ranks i-2..i+2


@lru_cache(maxsize=65536)
def _sets_only(key: int, suited: bool) -> bool:
    """Whether packed counts split into pungs (and chows, if suited) only."""
    if key == 0:
        return True
    i = 0
    while not key >> 3 * i & 7:  # the lowest tile is in a pung or a chow starting there
        i += 1
    got = key >> 3 * i & 7 >= 3 and _sets_only(key - 3 * _UNIT[i], suited)
    if not got and suited and i < 7 and key >> 3 * i + 3 & 7 and key >> 3 * i + 6 & 7:
        got = _sets_only(key - _UNIT[i] - _UNIT[i + 1] - _UNIT[i + 2], suited)
    return got


# every packed content of at most four sets (pungs, and chows if suited), per suited / honours: made on
# the first wait asked (a few thousand ints, a few milliseconds); a content of twelve tiles or fewer is
# sets only exactly when it is one of them, with no search and nothing kept per content
@lru_cache(maxsize=2)
def _few_sets(suited: bool) -> frozenset:
    kinds = 9 if suited else 7
    moves = [(i, 3 * _UNIT[i], 0) for i in range(kinds)]  # (lowest field, packed tiles, chow)
    if suited:
        moves += [(i, _UNIT[i] + _UNIT[i + 1] + _UNIT[i + 2], 1) for i in range(7)]
    found = layer = {0}
    for _ in range(4):
        grown = set()
        for k in layer:
            for i, add, chow in moves:
                # no field past 7 (it would spill into the next one): a pung needs 4 or fewer there,
                # a chow 6 or fewer in each of its three
                if chow:
                    if k >> 3 * i & 7 <= 6 and k >> 3 * i + 3 & 7 <= 6 and k >> 3 * i + 6 & 7 <= 6:
                        grown.add(k + add)
                elif k >> 3 * i & 7 <= 4:
                    grown.add(k + add)
        layer = grown
        found = found | grown
    return frozenset(found)


def _shape(key: int, n: int, suited: bool, weight: int):
    """None when packed counts of n tiles are not sets and at most a pair, else whether they hold the pair.
    `weight`: the sum of rank (0-8) times count."""
    if n > 14:
        return _shape_searched(key, n, suited, weight)
    few = _few_sets(suited)
    if n % 3 == 0:
        return False if key in few else None
    if n % 3 == 1:
        return None
    # a pung (3r) and a chow (3r + 3) weigh 0 modulo 3, so a pair of rank p has 2p = weight: p = 2 weight
    for i in range(2 * weight % 3, 9, 3) if suited else range(7):
        if key >> 3 * i & 7 >= 2 and key - 2 * _UNIT[i] in few:
            return True
    return None


def _shape_searched(key: int, n: int, suited: bool, weight: int):
    """`_shape` by the search of `_sets_only` (contents of more than four sets and a pair)."""
    if n % 3 == 0:
        return False if _sets_only(key, suited) else None
    if n % 3 == 1:
        return None
    for i in range(2 * weight % 3, 9, 3) if suited else range(7):
        if key >> 3 * i & 7 >= 2 and _sets_only(key - 2 * _UNIT[i], suited):
            return True
    return None


# The tiles standing before the win, packed: three bits a tile kind (UNIT[t]), a block's tiles one
# addition (PACKED), so a suit's (or the honours') counts are a shift and a mask.
UNIT = tuple(1 << 3 * t for t in range(34))
PACKED = {CHOW: {t: UNIT[t] + UNIT[t + 1] + UNIT[t + 2] for t in range(27) if t % 9 <= 6},
          PUNG: {t: 3 * UNIT[t] for t in range(34)}, KONG: {t: 4 * UNIT[t] for t in range(34)},
          PAIR: {t: 2 * UNIT[t] for t in range(34)}, SINGLE: {t: UNIT[t] for t in range(34)}}
_GROUP = (1 << 27) - 1  # a suit's nine fields (the honours: seven)


# per suit (and the honours), kept per its packed counts (random hands repeat a few thousand contents):
# (they are sets and at most a pair, they hold the pair, the tiles (bit i: the group's i-th) held an odd
# number of times, their number, their weight)
@lru_cache(maxsize=65536)
def _group_shape(key: int, suited: bool) -> tuple:
    n = odd = weight = 0
    for i in range(9 if suited else 7):
        c = key >> 3 * i & 7
        n += c
        weight += i * c
        if c & 1:
            odd |= 1 << i
    shape = _shape(key, n, suited, weight)
    return shape is not None, bool(shape), odd, n, weight


# and (the tiles whose adding makes them sets and a pair, those that make them sets only), asked only
# when the other groups leave room for a tile of this one (most hands: the winning tile's suit only)
@lru_cache(maxsize=65536)
def _group_waits(key: int, suited: bool) -> tuple:
    _ok, _paired, _odd, n, weight = _group_shape(key, suited)
    with_pair = sets_only = 0
    if n % 3:  # (n + 1 tiles of 3k + 1 are never sets and a pair)
        for i in range(9 if suited else 7):
            # a tile away from every tile held (two ranks or more in its suit) completes no set
            if not key & (_NEAR[i] if suited else 7 << 3 * i):
                continue
            done = _shape(key + _UNIT[i], n + 1, suited, weight + i)
            if done is not None:
                if done:
                    with_pair |= 1 << i
                else:
                    sets_only |= 1 << i
    return with_pair, sets_only


def unique_wait(standing: int, seven: bool) -> bool:
    """Whether the tiles standing before the win (packed) waited on one tile kind only: sets and a pair,
    or seven pairs when `seven` (a concealed hand of 13). Copies in sight are not counted (the Green
    Book judges the shape of the hand, as MahjongGB does)."""
    # (straight-line code: a reading asks this once, and comprehensions cost more than the look-ups)
    keys = (standing & _GROUP, standing >> 27 & _GROUP, standing >> 54 & _GROUP, standing >> 81)
    s0, s1, s2, s3 = shapes = (_group_shape(keys[0], True), _group_shape(keys[1], True),
                               _group_shape(keys[2], True), _group_shape(keys[3], False))
    bad = (not s0[0]) + (not s1[0]) + (not s2[0]) + (not s3[0])
    pairs = s0[1] + s1[1] + s2[1] + s3[1]
    # a tile completes sets and a pair when every group splits into sets and at most a pair and exactly
    # one holds the pair; seven pairs: all counts even after the tile, so only the one tile held an odd
    # number of times
    seven_g = seven_bit = -1
    if seven:
        odd = [(g, s[2]) for g, s in enumerate(shapes) if s[2]]
        if len(odd) == 1 and odd[0][1] & (odd[0][1] - 1) == 0:
            seven_g, seven_bit = odd[0]
    elif bad > 1 or pairs > 2:  # no group has the others sets and at most a pair
        return False
    found = 0
    for g, s in enumerate(shapes):
        others_pairs = pairs - s[1]
        if bad - (not s[0]) or others_pairs > 1:
            bits = 0
        else:
            with_pair, sets_only = _group_waits(keys[g], g < 3)
            bits = sets_only if others_pairs else with_pair
        if g == seven_g:
            bits |= seven_bit
        if bits:
            if bits & (bits - 1):  # (two tiles or more)
                return False
            found += 1
            if found > 1:
                return False
    return found == 1


def _position(blocks, win):
    """(edge, closed, single or None: where the winning tile sits in the concealed blocks holding it, in
    that order; the concealed tiles of the blocks but the winning tile, packed)."""
    edge = closed = single = False
    standing = -UNIT[win]
    packed = PACKED
    for kind, tile, _wild, meld in blocks:
        if meld is not None:
            continue
        standing += packed[kind][tile]
        if kind == CHOW:
            if tile + 1 == win:
                closed = True
            elif tile == win or tile + 2 == win:
                edge = True
        elif kind == PAIR and tile == win:
            single = True
    return ("edge" if edge else "closed" if closed else "single" if single else None), standing


def wait_of(f):
    """The wait fan of a reading (MCR 边张 / 嵌张 / 单钓将): the hand waited on one tile and the winning
    tile sits at the edge of a chow, in its middle, or in the pair. None when there is no such wait."""
    hand = f.hand
    win = hand.win_tile
    got = None
    if f.form == "standard":
        got, standing = _position(f.blocks, win)  # (no place of the winning tile: no wait fan, whatever the wait)
        if got is not None and not unique_wait(standing, not hand.melds):
            got = None
    elif f.form == "mcr_knitted_straight":
        knit = tuple(b.tile for b in f.blocks if b.kind == SINGLE)
        if hand.melds:
            # the one set is declared: a winning tile outside the straight, or one that is the third
            # copy in hand (straight + pair), completed the pair
            if win not in knit or hand.counts[win] == 3:
                got = "single"
        else:
            # the set and the pair besides the straight: the winning tile in one of them, if the tiles
            # before it waited on that tile only (the straight's tiles are no set)
            got, standing = _position([b for b in f.blocks if b.kind != SINGLE], win)
            if got is not None and not unique_wait(standing, False):
                got = None
    return got
