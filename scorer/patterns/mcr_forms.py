"""Chinese Official (MCR) special forms and waits: knitted straight with a set and a pair, greater and
lesser honours and knitted tiles, and the single-tile waits (edge, closed, single) the Green Book counts.

Seven pairs (four of a kind allowed as two pairs) and thirteen orphans are the shared forms of
scorer/forms.py; seven shifted pairs and nine gates are fans read on those and the standard form.
"""
from __future__ import annotations

from itertools import permutations

from ..decompose import _SUIT_TABLES, SINGLE, Block, Reading, _plain_splits, _suit_entry, meld_blocks, standard_readings
from ..forms import form
from ..hand import CHOW, KONG, PAIR, PUNG
from .mcr_sets import order_key, pung_fans, sequence_fans

# the six knitted straights: 1-4-7 of one suit, 2-5-8 of another, 3-6-9 of the third
KNITTED = tuple(tuple(sorted(s * 9 + r for s, start in zip(suits, (0, 1, 2)) for r in (start, start + 3, start + 6)))
                for suits in permutations(range(3)))
KNITTED_SETS = tuple(frozenset(k) for k in KNITTED)


def _division_order(reading):
    """MahjongGB's order of divisions: the concealed sets by tile (suits m, s, p, then honours), a
    pung before a chow of the same tile, compared in turn. Among readings of equal fans the first in
    this order is shown, as MahjongGB shows it."""
    return sorted((order_key(b.tile), b.kind != PUNG) for b in reading.blocks
                  if b.meld is None and b.kind != PAIR)


def _preferred(reading) -> bool:
    """Whether the reading holds a pure triple chow or a triple pung (shown first among equals)."""
    chows = [b.tile for b in reading.blocks if b.kind == CHOW]
    pungs = [b.tile for b in reading.blocks if b.kind in (PUNG, KONG)]
    pair = next((b.tile for b in reading.blocks if b.kind == PAIR), None)
    return "pure_triple_chow" in sequence_fans(chows, pair) or "triple_pung" in pung_fans(pungs)


@form("mcr_standard")
def standard(hand, counts, jokers, win_is_wild, options):
    """The standard form (four sets and a pair), its readings in MahjongGB's order of divisions: of
    equal readings MahjongGB shows the first, or the last that holds a pure triple chow or a triple
    pung (the scoring's `prefer`), so those come first here in the reverse order."""
    readings = standard_readings(hand, counts, jokers, win_is_wild)
    if len(readings) > 1:
        readings.sort(key=_division_order)
        preferred = [r for r in readings if _preferred(r)]
        if preferred:
            readings = preferred[::-1] + [r for r in readings if not _preferred(r)]
    return readings


def _knitted_in(counts):
    for k in KNITTED:
        if all(counts[t] for t in k):
            return k
    return None


@form("mcr_knitted_straight")
def knitted_straight(hand, counts, jokers, win_is_wild, options):
    """Knitted straight (组合龙: 147, 258, 369 of three different suits) plus a set and a pair; the
    set may be a declared meld."""
    if jokers or len(hand.melds) > 1:
        return []
    k = _knitted_in(counts)
    if k is None:
        return []
    rest = list(counts)
    for t in k:
        rest[t] -= 1
    splits = _plain_splits(tuple(rest))
    if len(splits) != 1:
        return []
    blocks = tuple(Block(SINGLE, t) for t in k) + splits[0] + meld_blocks(hand)
    if sum(1 for b in blocks if b.kind != SINGLE) != 2:
        return []
    return [Reading("mcr_knitted_straight", blocks, -1)]


@form("mcr_honours_knitted")
def honours_and_knitted(hand, counts, jokers, win_is_wild, options):
    """Honours and knitted tiles (全不靠 / 七星不靠): fourteen different tiles, the suited ones all from
    one knitted straight, no melds."""
    if jokers or hand.melds or sum(counts) != 14 or any(c > 1 for c in counts):
        return []
    suited = frozenset(t for t in range(27) if counts[t])
    if not 7 <= len(suited) <= 9 or not any(suited <= k for k in KNITTED_SETS):
        return []
    return [Reading("mcr_honours_knitted", tuple(Block(SINGLE, t) for t, c in enumerate(counts) if c), -1)]


# ---- waits ------------------------------------------------------------------------------------

_WAITS: dict = {}


def _entry(sub: tuple, base: int, table: dict):
    """_plain_splits' per-suit entry (kept in its table): () empty, None not sets and at most a pair,
    else (whether it holds the pair, its splits)."""
    try:
        return table[sub]
    except KeyError:
        if len(table) >= 65536:
            table.clear()
        got = table[sub] = _suit_entry(sub, base)
        return got


def unique_wait(counts: tuple, win: int, seven: bool) -> bool:
    """Whether the tiles before the win (`counts` less the winning tile) waited on one tile kind only:
    sets and a pair, or seven pairs when `seven` (a concealed hand of 13). Copies in sight are not
    counted (the Green Book judges the shape of the hand, as MahjongGB does)."""
    key = (counts, win, seven)
    got = _WAITS.get(key)
    if got is not None:
        return got
    standing = list(counts)
    standing[win] -= 1
    # a tile completes sets and a pair when every suit (and the honours) splits into sets and at most
    # a pair and exactly one holds the pair (_plain_splits' test): a tile changes its own suit only,
    # so the other suits' entries are looked up once, not once a tile
    entries = [_entry(tuple(standing[base:end]), base, table) for base, end, table in _SUIT_TABLES]
    # all counts even after the tile (seven pairs): only when it is the one tile held an odd number of times
    odd = [t for t in range(34) if standing[t] & 1] if seven else ()
    seven_t = odd[0] if len(odd) == 1 else -1
    found = 0
    for g, (base, end, table) in enumerate(_SUIT_TABLES):
        others = [e for h, e in enumerate(entries) if h != g]
        pairs = sum(1 for e in others if e and e[0])
        if None in others or pairs > 1:  # no tile of this suit makes sets and a pair
            if base <= seven_t < end:
                found += 1
            if found > 1:
                break
            continue
        sub = standing[base:end]
        for i in range(end - base):
            # a tile away from every tile held (two ranks or more in its suit) completes no set
            if not sub[i] and (base == 27 or not any(sub[max(i - 2, 0):i + 3])):
                continue
            t = base + i
            if t == seven_t:
                found += 1
            else:
                sub[i] += 1
                e = _entry(tuple(sub), base, table)
                sub[i] -= 1
                if e is not None and pairs + bool(e and e[0]) == 1:
                    found += 1
            if found > 1:
                break
        if found > 1:
            break
    got = found == 1
    if len(_WAITS) >= 65536:
        _WAITS.clear()
    _WAITS[key] = got
    return got


def _position(blocks, win):
    """Edge, closed or single from the concealed blocks holding the winning tile (that order)."""
    edge = closed = single = False
    for b in blocks:
        if b.meld is not None:
            continue
        if b.kind == CHOW:
            if b.tile + 1 == win:
                closed = True
            elif b.tile == win or b.tile + 2 == win:
                edge = True
        elif b.kind == PAIR and b.tile == win:
            single = True
    return "edge" if edge else "closed" if closed else "single" if single else None


def wait_of(f):
    """The wait fan of a reading (MCR 边张 / 嵌张 / 单钓将): the hand waited on one tile and the winning
    tile sits at the edge of a chow, in its middle, or in the pair. None when there is no such wait."""
    d = f.__dict__
    if "_mcr_wait" in d:
        return d["_mcr_wait"]
    hand = f.hand
    win = hand.win_tile
    got = None
    if f.form == "standard":
        got = _position(f.blocks, win)  # (no position of the winning tile: no wait fan, whatever the wait)
        if got is not None and not unique_wait(hand.counts, win, not hand.melds):
            got = None
    elif f.form == "mcr_knitted_straight":
        knit = tuple(b.tile for b in f.blocks if b.kind == SINGLE)
        if hand.melds:
            # the one set is declared: a winning tile outside the straight, or one that is the third
            # copy in hand (straight + pair), completed the pair
            if win not in knit or hand.counts[win] == 3:
                got = "single"
        else:
            rest = list(hand.counts)
            for t in knit:
                rest[t] -= 1
            if rest[win]:
                got = _position([b for b in f.blocks if b.kind != SINGLE], win)
                if got is not None and not unique_wait(tuple(rest), win, False):
                    got = None
    d["_mcr_wait"] = got
    return got
