"""Chinese Official (MCR): how the sets of one reading combine into fans, computed once per reading.

The Green Book's principles for fans made of several sets:
- non-repeat / non-identical: a set that has formed a fan with another set does not form the same fan
  again with a third;
- account once (套算一次): when sets have formed a fan together, a set not yet used may combine with
  one of them once more, and no more;
- a fan of three sets (pure straight, triple pung...) implies the two-set fans inside it.
`sequence_fans` and `pung_fans` apply them to the chows and to the pungs of a reading (the counting
order of the reference engine MahjongGB, so ties resolve alike); `kong_fans` turns the concealed
pungs and kongs into the kong fans; `set_fans(f)` gives all of them for one reading.
"""
from __future__ import annotations

from functools import lru_cache

# the Green Book's order of suits: characters, bamboo, dots (it decides which three chows of four are
# read first, as in MahjongGB); honours after, winds E S W N then dragons red, green, white
_SUIT_ORDER = (0, 2, 1)
_HONOUR_ORDER = {27: 0, 28: 1, 29: 2, 30: 3, 33: 4, 32: 5, 31: 6}


def order_key(t: int) -> int:
    if t < 27:
        return _SUIT_ORDER[t // 9] * 9 + t % 9
    return 27 + _HONOUR_ORDER[t]


# ---- chows: t is the chow's lowest tile ----------------------------------------------------------

def _two_chows(a: int, b: int):
    """The fan two chows make together, if any."""
    if a // 9 != b // 9:
        return "mixed_double_chow" if a % 9 == b % 9 else None
    if abs(a - b) == 3:
        return "short_straight"
    if {a % 9, b % 9} == {0, 6}:
        return "two_terminal_chows"
    if a == b:
        return "pure_double_chow"
    return None


def _three_chows(a: int, b: int, c: int):
    sa, sb, sc = a // 9, b // 9, c // 9
    ra, rb, rc = a % 9, b % 9, c % 9
    if sa != sb and sa != sc and sb != sc:
        low, mid, high = sorted((ra, rb, rc))
        if low + 1 == mid and mid + 1 == high:
            return "mixed_shifted_chows"
        if low == high:
            return "mixed_triple_chow"
        if (low, mid, high) == (0, 3, 6):
            return "mixed_straight"
        return None
    if not sa == sb == sc:
        return None
    if a + 3 == b and b + 3 == c:
        return "pure_straight"
    if (a + 2 == b and b + 2 == c) or (a + 1 == b and b + 1 == c):
        return "pure_shifted_chows"
    if a == b == c:
        return "pure_triple_chow"
    return None


def _four_chows(a, b, c, d):
    if not a // 9 == b // 9 == c // 9 == d // 9:
        return None
    if (a + 2 == b and b + 2 == c and c + 2 == d) or (a + 1 == b and b + 1 == c and c + 1 == d):
        return "four_pure_shifted_chows"
    if a == b == c == d:
        return "quadruple_chow"
    return None


_PAIR_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")


def _extra_chow(a, b, c, extra):
    """With a three-chow fan, the fourth chow combines once, with the best of the three."""
    got = {_two_chows(a, extra), _two_chows(b, extra), _two_chows(c, extra)}
    for fan in _PAIR_FANS:
        if fan in got:
            return fan
    return None


def account_once(fans: list, max_count: int) -> dict:
    """The account-once principle on two-chow fans: at most `max_count` of them count (the sets can
    combine no more often); the surplus is taken from repeated fans first, the cheaper kinds first."""
    table = [sum(1 for f in fans if f == name) for name in _PAIR_FANS]
    count = sum(table)
    limit = 1
    while count > max_count and limit >= 0:
        idx = 4
        while count > max_count and idx > 0:
            idx -= 1
            while table[idx] > limit and count > max_count:
                table[idx] -= 1
                count -= 1
        limit -= 1
    return {name: n for name, n in zip(_PAIR_FANS, table) if n}


def _terminal_chows(lows, pair):
    """'pure' (pure terminal chows), 'mixed' (three-suited terminal chows) or None."""
    if pair is None or pair >= 27 or pair % 9 != 4:
        return None
    ranks = sorted(t % 9 for t in lows)
    if ranks != [0, 0, 6, 6]:
        return None
    ps = pair // 9
    suits = [t // 9 for t in lows]
    if all(s == ps for s in suits):
        return "pure"
    if any(s == ps for s in suits):
        return None
    low_suits = {t // 9 for t in lows if t % 9 == 0}
    high_suits = {t // 9 for t in lows if t % 9 == 6}
    return "mixed" if len(low_suits) == 2 and len(high_suits) == 2 else None


def sequence_fans(lows: list, pair) -> dict:
    """The fans the chows (lowest tiles) make together, with the account-once principle."""
    n = len(lows)
    if n < 2:
        return {}
    t = sorted(lows, key=order_key)
    if n == 4:
        kind = _terminal_chows(t, pair)
        if kind == "mixed":
            return {"three_suited_terminal_chows": 1}
        if kind == "pure":
            return {"pure_terminal_chows": 1}
        fan = _four_chows(*t)
        if fan:
            return {fan: 1}
        for i, j, k, extra in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            fan = _three_chows(t[i], t[j], t[k])
            if fan:
                out = {fan: 1}
                more = _extra_chow(t[i], t[j], t[k], t[extra])
                if more:
                    out[more] = 1
                return out
        pairs = [_two_chows(t[i], t[j]) for i, j in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))]
        max_count = 3
        # a chow that combines with none of the others takes one combination away
        for links in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):
            if all(pairs[x] is None for x in links):
                max_count -= 1
        return account_once(pairs, max_count) if max_count > 0 else {}
    if n == 3:
        fan = _three_chows(*t)
        if fan:
            return {fan: 1}
        return account_once([_two_chows(t[0], t[1]), _two_chows(t[0], t[2]), _two_chows(t[1], t[2])], 2)
    fan = _two_chows(t[0], t[1])
    return {fan: 1} if fan else {}


# ---- pungs and kongs: t is the tile -----------------------------------------------------------

def _two_pungs(a, b):
    if a < 27 and b < 27:
        return "double_pung" if a % 9 == b % 9 else None
    if a >= 31 and b >= 31:
        return "two_dragon_pungs"
    return None


def _three_pungs(a, b, c):
    if a < 27 and b < 27 and c < 27:
        sa, sb, sc = a // 9, b // 9, c // 9
        if sa != sb and sa != sc and sb != sc:
            low, mid, high = sorted((a % 9, b % 9, c % 9))
            if low + 1 == mid and mid + 1 == high:
                return "mixed_shifted_pungs"
            if low == high:
                return "triple_pung"
        elif sa == sb == sc and a + 1 == b and b + 1 == c:
            return "pure_shifted_pungs"
        return None
    if 27 <= a and c <= 30:
        return "big_three_winds"
    if a >= 31:
        return "big_three_dragons"
    return None


def _four_pungs(a, b, c, d):
    if d < 27 and a // 9 == d // 9 and a + 1 == b and b + 1 == c and c + 1 == d:
        return "four_pure_shifted_pungs"
    if (a, b, c, d) == (27, 28, 29, 30):
        return "big_four_winds"
    return None


def _add(out, fan):
    if fan:
        out[fan] = out.get(fan, 0) + 1


def _related(tiles) -> bool:
    """Whether some of these pungs can make a fan together: every fan of pungs holds two suited ones of
    ranks a rank or less apart (double, shifted, triple pungs), two of dragons or three of winds."""
    ranks = dragons = winds = 0
    for t in tiles:
        if t >= 31:
            dragons += 1
        elif t >= 27:
            winds += 1
        else:
            bit = 1 << t % 9
            if ranks & (bit | bit << 1 | bit >> 1):
                return True
            ranks |= bit
    return dragons >= 2 or winds >= 3


def pung_fans(tiles: list) -> dict:
    """The fans pungs and kongs make together (same principles as `sequence_fans`)."""
    n = len(tiles)
    if n < 2 or not _related(tiles):
        return {}
    t = sorted(tiles, key=order_key)
    out: dict = {}
    if n == 4:
        fan = _four_pungs(*t)
        if fan:
            return {fan: 1}
        for i, j, k, free in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            fan = _three_pungs(t[i], t[j], t[k])
            if fan:
                out[fan] = 1
                for x in (i, j, k):  # the fourth combines once
                    more = _two_pungs(t[x], t[free])
                    if more:
                        _add(out, more)
                        break
                return out
        for i, j in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)):
            _add(out, _two_pungs(t[i], t[j]))
        return out
    if n == 3:
        fan = _three_pungs(*t)
        if fan:
            return {fan: 1}
        for i, j in ((0, 1), (0, 2), (1, 2)):
            _add(out, _two_pungs(t[i], t[j]))
        return out
    _add(out, _two_pungs(t[0], t[1]))
    return out


def kong_fans(concealed_pungs: int, melded_kongs: int, concealed_kongs: int, mixed_kongs: bool) -> dict:
    """Concealed pungs (concealed kongs are concealed pungs too) and the kong fans. `mixed_kongs`: one
    melded and one concealed kong score the 5-fan 'concealed kong and melded kong' of the later
    rule books instead of the Green Book's melded kong + concealed kong."""
    out: dict = {}
    kongs = melded_kongs + concealed_kongs
    hidden = concealed_pungs + concealed_kongs
    if kongs == 1:
        out["melded_kong" if melded_kongs else "concealed_kong"] = 1
    elif kongs == 2:
        if concealed_kongs == 0:
            out["two_melded_kongs"] = 1
        elif concealed_kongs == 2:
            out["two_concealed_kongs"] = 1
        elif mixed_kongs:
            out["concealed_and_melded_kong"] = 1
        else:
            out["melded_kong"] = out["concealed_kong"] = 1
    elif kongs == 3:
        out["three_kongs"] = 1
    elif kongs == 4:
        out["four_kongs"] = 1
    if hidden >= 2:
        out[("two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs")[min(hidden, 4) - 2]] = 1
    return out


# ---- one reading ---------------------------------------------------------------------------

def set_fans(f) -> dict:
    """The fans the reading's sets make together, fan name -> count (shared: read, never written).

    A pung of the concealed tiles is concealed unless a discard completed it: the winning tile, won on a
    discard, in a pung and in no concealed chow of the reading (where a chow can hold it, the winner
    reads it there, as MahjongGB does)."""
    if f.n_chows < 2 and f.n_pungs < 2 and not f.n_kongs:  # (no two sets of a kind, no kong: no fan here)
        return _NO_FANS
    s = f.set_shape
    pungs = f.pung_tiles
    standard = len(s.chows) + len(pungs) == 4 and s.pair is not None
    if not standard and not pungs:
        return _NO_FANS
    hidden = s.concealed_pungs
    if not f.self_draw and not s.win_in_chow:
        hidden -= s.win_pungs
    if s.claimed_kongs or s.concealed_kongs or hidden >= 2:
        kongs = _kong_fans(hidden, s.claimed_kongs, s.concealed_kongs,
                           bool(f.options.get("concealed_and_melded_kong", False)))
    else:  # (most readings: no kong and fewer than two concealed pungs make no fan here)
        kongs = _NO_FANS
    if not standard:
        return kongs
    chows = s.chows
    pair = s.pair
    # (each part kept per what it reads: the chows in any order, and the pair only where sequence_fans
    # reads it, four chows with a pair of 5s; the pungs in any order)
    sequence = chow_fans(tuple(sorted(chows)), pair if len(chows) == 4 and pair < 27 and pair % 9 == 4 else None) \
        if len(chows) > 1 else _NO_FANS
    pung = pungs_fans(tuple(sorted(pungs))) if len(pungs) > 1 else _NO_FANS
    if not pung and not kongs:
        return sequence
    if not sequence and not kongs:
        return pung
    return {**sequence, **pung, **kongs}


_NO_FANS: dict = {}


@lru_cache(maxsize=256)
def _kong_fans(concealed_pungs: int, claimed_kongs: int, concealed_kongs: int, mixed_kongs: bool) -> dict:
    return kong_fans(concealed_pungs, claimed_kongs, concealed_kongs, mixed_kongs)


@lru_cache(maxsize=65536)
def chow_fans(chows: tuple, pair) -> dict:
    """sequence_fans of these chows and pair, worked out once (shared: read, never written)."""
    return sequence_fans(chows, pair)


@lru_cache(maxsize=65536)
def pungs_fans(pungs: tuple) -> dict:
    """pung_fans of these pungs, worked out once (shared: read, never written)."""
    return pung_fans(pungs)
