"""Chinese Official (MCR): the single-tile wait test of mcr_forms.unique_wait on packed counts.

The reading table (mcr_table.py) adds up a reading's concealed tiles as one int, three bits a tile kind
(a block's tiles are one addition), so a suit's counts are a shift and a mask, and the answers per
suit content are kept per packed int (the three suits share one table: only suited or not matters),
with no tuple of counts sliced or hashed. The same answers as `unique_wait` (tests/test_mcr_fast.py
compares them on random hands)."""
from __future__ import annotations

from ..core.blocks import SINGLE
from ..notation.hand import CHOW, KONG, PAIR, PUNG
from .mcr_forms import _NEAR, _UNIT, _shape

UNIT = tuple(1 << 3 * t for t in range(34))  # one tile of kind t, packed
_SUIT = (1 << 27) - 1  # a group's nine (honours: seven) fields
# a concealed block's tiles, packed, by kind and tile
PACKED = {CHOW: {t: UNIT[t] + UNIT[t + 1] + UNIT[t + 2] for t in range(27) if t % 9 <= 6},
          PUNG: {t: 3 * UNIT[t] for t in range(34)}, KONG: {t: 4 * UNIT[t] for t in range(34)},
          PAIR: {t: 2 * UNIT[t] for t in range(34)}, SINGLE: {t: UNIT[t] for t in range(34)}}

# per suited / honours: packed counts -> (sets and at most a pair, holding the pair, the odd tiles (bit i: the
# group's i-th), the tiles whose adding makes them sets and a pair, those that make them sets only); the
# last two worked out when first asked (None until then)
_SHAPES = ({}, {})


def _shape_of(key: int, suited: bool) -> list:
    table = _SHAPES[suited]
    got = table.get(key)
    if got is None:
        n = odd = weight = 0
        for i in range(9 if suited else 7):
            c = key >> 3 * i & 7
            n += c
            weight += i * c
            if c & 1:
                odd |= 1 << i
        shape = _shape(key, n, suited, weight)
        if len(table) >= 65536:
            table.clear()
        got = table[key] = [shape is not None, bool(shape), odd, None, None, n, weight]
    return got


def _waits(s: list, key: int, suited: bool) -> None:
    """Fill in the tiles that complete the group (mcr_forms._suit_waits' answers)."""
    n, weight = s[5], s[6]
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
    s[3], s[4] = with_pair, sets_only


def unique_wait_packed(standing: int, seven: bool) -> bool:
    """`unique_wait` of the tiles before the win, packed (UNIT): they waited on one tile kind only."""
    honours, suited = _SHAPES
    k = standing & _SUIT
    s0 = suited.get(k) or _shape_of(k, True)
    k = standing >> 27 & _SUIT
    s1 = suited.get(k) or _shape_of(k, True)
    k = standing >> 54 & _SUIT
    s2 = suited.get(k) or _shape_of(k, True)
    k = standing >> 81
    s3 = honours.get(k) or _shape_of(k, False)
    shapes = (s0, s1, s2, s3)
    bad = (not s0[0]) + (not s1[0]) + (not s2[0]) + (not s3[0])
    pairs = s0[1] + s1[1] + s2[1] + s3[1]
    seven_g = seven_bit = -1
    if seven:
        odd = [(g, s[2]) for g, s in enumerate(shapes) if s[2]]
        if len(odd) == 1 and odd[0][1] & (odd[0][1] - 1) == 0:
            seven_g, seven_bit = odd[0]
    elif bad > 1 or pairs > 2:  # no suit has the others sets and at most a pair
        return False
    found = 0
    for g, s in enumerate(shapes):
        others_pairs = pairs - s[1]
        if bad - (not s[0]) or others_pairs > 1:
            bits = 0
        else:
            if s[3] is None:
                _waits(s, standing >> 27 * g & _SUIT, g < 3)
            bits = s[4] if others_pairs else s[3]
        if g == seven_g:
            bits |= seven_bit
        if bits:
            if bits & (bits - 1):  # (two tiles or more)
                return False
            found += 1
            if found > 1:
                return False
    return found == 1


def packed_counts(counts) -> int:
    """Counts of the 34 tile kinds, packed (tests and the plain path's comparisons)."""
    p = 0
    for t in range(34):
        p += counts[t] * UNIT[t]
    return p
