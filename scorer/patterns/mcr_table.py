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

from ..hand import CHOW, KONG, PAIR, PUNG
from .mcr_sets import kong_fans, pung_fans, sequence_fans
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
# a pung's tile: 0 a suited tile not a terminal, 1 a terminal, 2 a wind, 3 a dragon
_PUNG_CLASS = tuple(3 if t >= 31 else 2 if t >= 27 else 1 if t % 9 in (0, 8) else 0 for t in range(34))

_CONCEALMENT = {(melded, drawn): ("concealment:fully" if drawn else "concealment:concealed") if not melded
                else "concealment:melded" if melded == 4 and not drawn else None
                for melded in range(5) for drawn in (False, True)}
_WAIT = {"edge": "wait:edge", "closed": "wait:closed", "single": "wait:single"}

_INTERNED: dict = {}  # equal parts are one object
_SEQUENCE: dict = {}  # (sorted chows, pair where it matters) -> frozenset of ("fan:NAME", n)
_PUNGS: dict = {}  # sorted pung tiles -> frozenset of ("fan:NAME", n)
_TABLES: dict = {}  # the parts and counts of a reading -> its table


def _part(fans: dict) -> frozenset:
    got = frozenset(("fan:" + name, n) for name, n in fans.items())
    return _INTERNED.setdefault(got, got)


def _kept(table: dict, key, fn, *args) -> frozenset:
    got = table.get(key)
    if got is None:
        if len(table) >= _CAP:
            table.clear()
            _INTERNED.clear()
        got = table[key] = _part(fn(*args))
    return got


def nine_gates_hand(hand) -> bool:
    """Whether the hand is 1112345678999 of one suit concealed and a tile of that suit (kept on it)."""
    d = hand.__dict__
    got = d.get("_mcr_nine_gates")
    if got is None:
        got = d["_mcr_nine_gates"] = _nine_gates(hand)
    return got


def _nine_gates(hand) -> bool:
    if hand.melds:
        return False
    win = hand.win_tile
    if win >= 27:
        return False
    base = win - win % 9
    c = list(hand.counts)
    c[win] -= 1
    if sum(c[base:base + 9]) != 13:
        return False
    return c[base:base + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def hand_fours(hand) -> int:
    """The tile kinds the hand holds all four of, declared sets included (kept on the hand)."""
    d = hand.__dict__
    got = d.get("_mcr_fours")
    if got is None:
        got = d["_mcr_fours"] = hand.all_counts[:34].count(4)
    return got


def _melds_fourth(hand) -> bool:
    """Three copies of the winning tile in the declared sets (kept on the hand)."""
    d = hand.__dict__
    got = d.get("_mcr_melds_fourth")
    if got is None:
        win = hand.win_tile
        got = d["_mcr_melds_fourth"] = bool(hand.melds) and hand.all_counts[win] - hand.counts[win] == 3
    return got


def standard_table(f):
    """The table of a standard reading (the keys above), or None where the plain path answers (a reading
    not of four sets and a pair, a nine gates hand)."""
    hand = f.hand
    if nine_gates_hand(hand):  # (its pung of terminals is counted in nine gates: rare, the plain path)
        return None
    win = hand.win_tile
    chows = []
    pair = None
    melded = concealed_pungs = melded_kongs = concealed_kongs = win_pung = 0
    win_in_chow = edge = closed = single = False
    packed = 0
    props = _ALL_BITS
    all_props = _PROPS
    for kind, tile, _wild, meld in f.blocks:  # (unpacking reads a Block faster than its getters)
        props &= all_props[kind][tile]
        if meld is None:
            packed += PACKED[kind][tile]
            if kind == CHOW:
                chows.append(tile)
                if tile <= win <= tile + 2:
                    win_in_chow = True
                    if tile + 1 == win:
                        closed = True
                    else:
                        edge = True
            elif kind == PUNG:
                concealed_pungs += 1
                if tile == win:
                    win_pung += 1
            elif kind == PAIR:
                if pair is None:
                    pair = tile
                    if tile == win:
                        single = True
                else:
                    return None
            elif kind == KONG:
                concealed_kongs += 1
            else:
                return None
        elif not meld.concealed:  # a claimed set
            melded += 1
            if kind == CHOW:
                chows.append(tile)
            elif kind == KONG:
                melded_kongs += 1
        elif kind == CHOW:
            chows.append(tile)
        elif kind == PUNG:
            concealed_pungs += 1
        elif kind == KONG:
            concealed_kongs += 1
        else:
            return None
    pungs = f.pung_tiles
    n_chows = len(chows)
    if n_chows + len(pungs) != 4 or pair is None:
        return None
    self_draw = f.self_draw
    # a discard that completes a pung (and can be read in no concealed chow) makes it exposed
    if not self_draw and not win_in_chow:
        concealed_pungs -= win_pung
    wait = "edge" if edge else "closed" if closed else "single" if single else None
    if wait is not None and not unique_wait_packed(packed - UNIT[win], not hand.melds):
        wait = None

    if n_chows > 1:
        chows.sort()
        # the pair matters to four chows only (pure or three-suited terminal chows: a pair of 5s)
        p = pair if n_chows == 4 and pair < 27 and pair % 9 == 4 else -1
        key = (*chows, p)
        chow_part = _SEQUENCE.get(key)
        if chow_part is None:
            chow_part = _kept(_SEQUENCE, key, sequence_fans, chows, None if p < 0 else p)
    else:
        chow_part = _NONE
    terminals = winds = lone_winds = dragons = 0
    seat_pung = prevalent_pung = False
    if pungs:
        seat, prevalent = f.seat_wind, f.round_wind
        pung_classes = _PUNG_CLASS
        for t in pungs:
            c = pung_classes[t]
            if c == 1:
                terminals += 1
            elif c == 2:
                winds += 1
                if t == seat:
                    seat_pung = True
                if t == prevalent:
                    prevalent_pung = True
                if t != seat and t != prevalent:
                    lone_winds += 1
            elif c == 3:
                dragons += 1
        if len(pungs) > 1:
            key = tuple(sorted(pungs))
            pung_part = _PUNGS.get(key)
            if pung_part is None:
                pung_part = _kept(_PUNGS, key, pung_fans, key)
        else:
            pung_part = _NONE
    else:
        pung_part = _NONE
    if winds < 3:
        terminals += lone_winds
    if f.ctx.fourth_tile:
        fourth = True
    else:
        fourth = _melds_fourth(hand) if hand.melds else False
    key = (chow_part, pung_part, tile_part(f.mask, True), wait, melded, self_draw, concealed_pungs, melded_kongs,
           concealed_kongs, bool(f.options.get("concealed_and_melded_kong", False)), n_chows,
           pair >= 27 and (2 if pair >= 31 else 1), props, winds, dragons, terminals, seat_pung, prevalent_pung,
           hand_fours(hand) - f.n_kongs, fourth)
    got = _TABLES.get(key)
    if got is None:
        if len(_TABLES) >= _CAP:
            _TABLES.clear()
        got = _TABLES[key] = _table(*key)
    return got


_NONE = frozenset()


def _table(chow_part, pung_part, tiles, wait, melded, self_draw, concealed_pungs, melded_kongs, concealed_kongs,
           mixed_kongs, n_chows, pair_honour, props, winds, dragons, terminals, seat_pung, prevalent_pung, hog,
           fourth) -> dict:
    """A standard reading's table from what `standard_table` gathered (the fans' own rules, as the
    predicates of mcr.py count them)."""
    out = dict(chow_part)
    out.update(pung_part)
    for name, n in kong_fans(concealed_pungs, melded_kongs, concealed_kongs, mixed_kongs).items():
        out["fan:" + name] = n
    out.update(tiles)
    out["form:standard"] = 1
    how = _CONCEALMENT[melded, self_draw]
    if how is not None:
        out[how] = 1
    if wait is not None:
        out[_WAIT[wait]] = 1
    n_pungs = 4 - n_chows
    if pair_honour == 1 and winds == 3:
        out["x:mcr_little_winds"] = 1
    if pair_honour == 2 and dragons == 2:
        out["x:mcr_little_dragons"] = 1
    if n_pungs == 4:
        out["x:mcr_all_pungs"] = 1
    if n_chows == 4 and not pair_honour:
        out["x:mcr_all_chows"] = 1
    if props & 1:
        out["x:mcr_outside_hand"] = 1
    if props & 2:
        out["x:mcr_all_fives"] = 1
    if props & 4 and not n_chows:
        out["x:mcr_all_even_pungs"] = 1
    if hog:
        out["x:mcr_tile_hog"] = hog
    if dragons:
        out["x:mcr_dragon_pung"] = dragons
    if terminals:
        out["x:mcr_terminal_pungs"] = terminals
    if seat_pung:
        out["x:mcr_wind_pung:seat"] = 1
    if prevalent_pung:
        out["x:mcr_wind_pung:prevalent"] = 1
    if fourth:
        out["x:mcr_fourth_tile"] = 1
    return out
