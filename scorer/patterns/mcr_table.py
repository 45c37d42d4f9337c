"""Chinese Official (MCR): every reading-level fan of a standard reading in one table, from one pass.

The engine reads a `lookup` table once a reading (registry.lookup); all of MCR's reading-level fans read
one (mcr.reading_table), its keys named by family ("fan:NAME" the set fans, "within:", "ranks:",
"suits:", "form:", "greater:", "concealment:", "wait:", "x:PREDICATE" the parameterless fans). A standard
reading takes this module's path: one pass over the blocks gives the chows, the pungs, the pair, the
concealment counts, the winning tile's place, the concealed tiles packed (mcr_wait.py) and what every
block has in common (outside, fives, even); the fans of the chows and of the pungs are kept per (sorted)
tiles, the tile fans per kind mask (mcr_tiles.tile_part), each as a frozenset of its answers, and the
whole table per the tuple of those parts and a few small counts (random hands share those far more than
their tiles). The predicates keep their own code (the plain path): tests/test_mcr_fast.py compares the
table with them entry by entry on random readings.
"""
from __future__ import annotations

from ..core.facts import _BLOCK_MASK
from ..notation.hand import CHOW, KONG, PAIR, PUNG
from .mcr_sets import _two_chows, _two_pungs, kong_fans, pung_fans, sequence_fans
from .mcr_tiles import tile_part
from .mcr_wait import PACKED, UNIT, unique_wait_packed

_CAP = 65536  # every table here is cleared when it reaches this many entries

# what a block has that every block must have for a fan: 1 outside hand (a terminal or an honour), 2 all
# fives (a 5), 4 all even pungs (a pung, kong or pair of an even suited tile)
_ALL_BITS = 7


def _props(kind: str, t: int) -> int:
    if t >= 27:
        return 1
    r = t % 9
    if kind == CHOW:
        return (r in (0, 6)) | (2 if 2 <= r <= 4 else 0)
    return (r in (0, 8)) | (2 if r == 4 else 0) | (4 if r in (1, 3, 5, 7) else 0)


_PROPS = {kind: {t: _props(kind, t) for t in range(34) if kind != CHOW or (t < 27 and t % 9 <= 6)}
          for kind in (CHOW, PUNG, KONG, PAIR)}
# tiles no block of an outside hand holds (ranks 4-6), none of an all-fives hand (outside ranks 3-7 or an
# honour), none of all even pungs (an odd rank or an honour): a tile of each rules its fan out
_MIDDLE = sum(1 << s * 9 + r for s in range(3) for r in (3, 4, 5))
_NOT_FIVES = ((1 << 34) - 1) & ~sum(1 << s * 9 + r for s in range(3) for r in range(2, 7))
_NOT_EVEN = ((1 << 34) - 1) & ~sum(1 << s * 9 + r for s in range(3) for r in (1, 3, 5, 7))
# a pung's tile: 0 a suited tile not a terminal, 1 a terminal, 2 a wind, 3 a dragon
_PUNG_CLASS = tuple(3 if t >= 31 else 2 if t >= 27 else 1 if t % 9 in (0, 8) else 0 for t in range(34))

_WIND_OF = {s: 27 + i for i, s in enumerate("ESWN")}  # a seat or prevalent wind's tile (Facts.seat_wind's)
# a suited tile's rank as a bit, and the bits of its rank and the ranks beside it
_RANK_BIT = tuple(1 << t % 9 for t in range(27))
_NEAR_RANKS = tuple(7 << t % 9 >> 1 for t in range(27))
_CONCEALMENT = {(melded, drawn): ("concealment:fully" if drawn else "concealment:concealed") if not melded
                else "concealment:melded" if melded == 4 and not drawn else None
                for melded in range(5) for drawn in (False, True)}
_WAIT = {"edge": "wait:edge", "closed": "wait:closed", "single": "wait:single"}
_EMPTY: dict = {}  # (shared, like every part: read, never written)

_SEQUENCE: dict = {}  # (sorted chows, pair where it matters) -> {"fan:NAME": n}
_PUNGS: dict = {}  # sorted pung tiles -> (their fans, wind pungs, terminal pungs, dragon pungs)
_KONGS: dict = {}  # kong_fans' arguments -> {"fan:NAME": n}


def _kept(table: dict, key, fn, *args):
    got = table.get(key)
    if got is None:
        if len(table) >= _CAP:
            table.clear()
        got = table[key] = fn(*args)
    return got


def _fan_part(fans: dict) -> dict:
    return {"fan:" + name: n for name, n in fans.items()}


def _sequence_part(chows, pair) -> dict:
    if len(chows) == 2:  # (sequence_fans of two chows: their one fan, in either order)
        fan = _two_chows(chows[0], chows[1])
        return {"fan:" + fan: 1} if fan else {}
    return _fan_part(sequence_fans(chows, pair))


def _kong_part(concealed_pungs, melded_kongs, concealed_kongs, mixed_kongs) -> dict:
    return _fan_part(kong_fans(concealed_pungs, melded_kongs, concealed_kongs, mixed_kongs))


def _pung_part(tiles: tuple) -> tuple:
    """The fans of a reading's pungs and kongs (sorted tiles): the fans they make together and the dragon
    pungs (as mcr.py's predicates count them); then the terminal pungs and the wind pungs (the seat's
    and prevalent wind's decided per reading) and how many dragon pungs there are."""
    terminals = dragons = ranks = 0
    related = False  # two suited pungs a rank or less apart
    winds = []
    for t in tiles:
        c = _PUNG_CLASS[t]
        if c < 2:
            if ranks & _NEAR_RANKS[t]:
                related = True
            ranks |= _RANK_BIT[t]
            terminals += c
        elif c == 2:
            winds.append(t)
        else:
            dragons += 1
    # the pungs make a fan together only where two suited ones are related, two are of dragons or three
    # of winds (pung_fans: every fan of theirs holds such a pair or three): most new sets of pungs, none
    if not related and dragons < 2 and len(winds) < 3:
        out = {}
    elif len(tiles) == 2:  # (pung_fans of two pungs: their one fan, in either order)
        fan = _two_pungs(tiles[0], tiles[1])
        out = {"fan:" + fan: 1} if fan else {}
    else:
        out = _fan_part(pung_fans(tiles))
    if dragons:
        out["x:mcr_dragon_pung"] = dragons
    if terminals and not winds:
        out["x:mcr_terminal_pungs"] = terminals
    return out, tuple(winds), terminals, dragons


# ---- what the hand holds (the same for every reading) ----------------------------------------------

def hand_facts(hand) -> tuple:
    """(nine gates: 1112345678999 of one suit concealed and a tile of that suit; the tile kinds held all
    four, declared sets included; three copies of the winning tile in the declared sets), kept on the
    hand."""
    return hand.__dict__.get("_mcr_hand") or _hand_facts(hand)


def _hand_facts(hand) -> tuple:
    counts = hand.counts  # (the 34 tile kinds, 0 to 4 each)
    melds = hand.melds
    if not melds:
        win = hand.win_tile
        nine = False
        if win < 27:
            base = win - win % 9
            if counts[base] >= 3 and counts[base + 8] >= 3:  # (most hands)
                c = list(counts[base:base + 9])
                c[win - base] -= 1
                nine = c == [3, 1, 1, 1, 1, 1, 1, 1, 3]
        got = (nine, counts.count(4), False)
    else:
        held = bytearray(counts)  # the physical tiles, the declared sets' added (bytes: no dict a tile)
        for m in melds:
            kind, t = m.kind, m.tile
            if m.written:  # (white dragons standing for another tile: the physical tiles)
                for u in m.held:
                    held[u] += 1
            elif kind == CHOW:
                held[t] += 1
                held[t + 1] += 1
                held[t + 2] += 1
            else:
                held[t] += 4 if kind == KONG else 3
        win = hand.win_tile
        got = (False, held.count(4), held[win] - counts[win] == 3)
    hand.__dict__["_mcr_hand"] = got
    return got


def nine_gates_hand(hand) -> bool:
    """Whether the hand is 1112345678999 of one suit concealed and a tile of that suit (kept on it)."""
    return hand_facts(hand)[0]


def hand_fours(hand) -> int:
    """The tile kinds the hand holds all four of, declared sets included (kept on the hand)."""
    return hand_facts(hand)[1]


# ---- a standard reading -------------------------------------------------------------------------

def standard_table(f):
    """The table of a standard reading (the keys above), or None where the plain path answers (a reading
    not of four sets and a pair, a nine gates hand)."""
    hand = f.hand
    held = hand.__dict__.get("_mcr_hand") or _hand_facts(hand)
    if held[0]:  # (its pung of terminals is counted in nine gates: rare, the plain path)
        return None
    win = hand.win_tile
    chows = []
    pair = None
    melded = concealed_pungs = melded_kongs = concealed_kongs = win_pung = 0
    win_in_chow = edge = closed = single = many = False
    starts = pung_bits = mask = 0
    pungs = []
    blocks = f.blocks
    block_mask = _BLOCK_MASK
    for kind, tile, _wild, meld in blocks:  # (unpacking reads a Block faster than its getters)
        mask |= block_mask[kind][tile]
        if meld is None:
            if kind == CHOW:
                chows.append(tile)
                starts |= 1 << tile
                if tile <= win <= tile + 2:
                    win_in_chow = True
                    if tile + 1 == win:
                        closed = True
                    else:
                        edge = True
                        # an end of a chow with a tile of the suit beyond: that tile completes the
                        # chow shifted by one (the rest read as they are), a second wait
                        if tile == win and tile % 9 <= 5 or tile != win and tile % 9:
                            many = True
            elif kind == PUNG:
                pungs.append(tile)
                concealed_pungs += 1
                if tile == win:
                    win_pung += 1
                if tile < 27:
                    pung_bits |= 1 << tile
            elif kind == PAIR:
                if pair is None:
                    pair = tile
                    if tile == win:
                        single = True
                else:
                    return None
            elif kind == KONG:
                pungs.append(tile)
                concealed_kongs += 1
            else:
                return None
        elif not meld.concealed:  # a claimed set
            melded += 1
            if kind == CHOW:
                chows.append(tile)
            elif kind == PUNG:
                pungs.append(tile)
            elif kind == KONG:
                pungs.append(tile)
                melded_kongs += 1
        elif kind == CHOW:
            chows.append(tile)
        elif kind == PUNG:
            pungs.append(tile)
            concealed_pungs += 1
        elif kind == KONG:
            pungs.append(tile)
            concealed_kongs += 1
        else:
            return None
    n_chows = len(chows)
    if n_chows + len(pungs) != 4 or pair is None:
        return None
    self_draw = f.self_draw
    # a discard that completes a pung (and can be read in no concealed chow) makes it exposed
    if not self_draw and not win_in_chow:
        concealed_pungs -= win_pung

    if n_chows > 1:
        chows.sort()
        # the pair matters to four chows only (pure or three-suited terminal chows: a pair of 5s)
        p = pair if n_chows == 4 and pair < 27 and pair % 9 == 4 else -1
        key = (*chows, p)
        chow_part = _SEQUENCE.get(key)
        if chow_part is None:
            chow_part = _kept(_SEQUENCE, key, _sequence_part, chows, None if p < 0 else p)
    else:
        chow_part = _EMPTY
    winds = ()
    dragons = 0
    if pungs:
        key = tuple(sorted(pungs))
        got = _PUNGS.get(key)
        if got is None:
            got = _kept(_PUNGS, key, _pung_part, key)
        pung_part, winds, terminals, dragons = got
    else:
        pung_part = _EMPTY
    if concealed_pungs > 1 or melded_kongs or concealed_kongs:
        key = (concealed_pungs, melded_kongs, concealed_kongs, bool(f.options.get("concealed_and_melded_kong", False)))
        kong_part = _KONGS.get(key)
        if kong_part is None:
            kong_part = _kept(_KONGS, key, _kong_part, *key)
    else:
        kong_part = _EMPTY  # (no kong and under two concealed pungs: no kong fan)
    out = {**chow_part, **pung_part, **kong_part, **tile_part(mask, True)}

    how = _CONCEALMENT[melded, self_draw]
    if how is not None:
        out[how] = 1
    if single and win < 27 and not many:
        # a pair waited on beside a chow (1 + 234, 123 + 4): the tile at the chow's other end completes
        # the chow shifted onto the single tile and a pair of that tile, a second wait; beside a pung one
        # or two ranks away (3 + 444: 345 + 44), the tile that makes a chow of the single, one of the
        # pung's and itself
        r = win % 9
        many = (r <= 5 and starts >> win + 1 & 1 or r >= 3 and starts >> win - 3 & 1
                or r <= 6 and pung_bits >> win + 1 & 3 or r >= 2 and pung_bits >> win - 2 & 3)
    if single and win >= 27 and hand.counts[win] == 2:
        # an honour waited on as the pair, its one copy held: the honours held before it were pungs and
        # that tile, the suits sets only (as this reading splits them), so no other tile completes
        out["wait:single"] = 1
    elif (edge or closed or single) and not many:
        packed = -UNIT[win]  # the concealed tiles before the win, packed (asked on a few readings only)
        for kind, tile, _wild, meld in blocks:
            if meld is None:
                packed += PACKED[kind][tile]
        if unique_wait_packed(packed, not hand.melds):
            out["wait:edge" if edge else "wait:closed" if closed else "wait:single"] = 1
    if not n_chows:
        out["x:mcr_all_pungs"] = 1
    elif n_chows == 4 and pair < 27:
        out["x:mcr_all_chows"] = 1
    if winds:  # the seat's and the prevalent wind's pungs; the other wind pungs are pungs of honours
        ctx = f.ctx
        seat, prevalent = _WIND_OF.get(ctx.seat_wind), _WIND_OF.get(ctx.round)
        if seat in winds:
            out["x:mcr_wind_pung:seat"] = 1
        if prevalent in winds:
            out["x:mcr_wind_pung:prevalent"] = 1
        if len(winds) < 3:  # (big three winds or little four winds take their wind pungs)
            for t in winds:
                if t != seat and t != prevalent:
                    terminals += 1
        if terminals:
            out["x:mcr_terminal_pungs"] = terminals
    if pair >= 27:
        if pair >= 31:
            if dragons == 2:
                out["x:mcr_little_dragons"] = 1
        elif len(winds) == 3:
            out["x:mcr_little_winds"] = 1
    # what every block has (outside, fives, even), asked only where the tiles present leave one possible
    if not mask & _MIDDLE or not mask & _NOT_FIVES or not n_chows and not mask & _NOT_EVEN:
        props = _ALL_BITS
        all_props = _PROPS
        for kind, tile, _wild, _meld in blocks:
            props &= all_props[kind][tile]
    else:
        props = 0
    if props:
        if props & 1:
            out["x:mcr_outside_hand"] = 1
        if props & 2:
            out["x:mcr_all_fives"] = 1
        if props & 4 and not n_chows:
            out["x:mcr_all_even_pungs"] = 1
    return held_fans(out, f, held, melded_kongs + concealed_kongs)


def held_fans(out: dict, f, held, n_kongs: int) -> dict:
    """`out` with the tile hog and fourth tile entries of a reading with sets (held: hand_facts) and
    n_kongs kongs."""
    hog = held[1] - n_kongs
    if hog:
        out["x:mcr_tile_hog"] = hog
    if held[2] or f.ctx.fourth_tile:
        out["x:mcr_fourth_tile"] = 1
    return out

