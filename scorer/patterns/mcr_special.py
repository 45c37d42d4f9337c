"""Chinese Official (MCR): the reading table (mcr_table.py's keys) of the special forms of a hand, from
what the reading's facts already hold: seven pairs, thirteen orphans and honours and knitted tiles (no
sets, no declared sets, no wait fan: the tile fans, the form, the concealment, tile hog, the fourth
tile and each form's own few: seven shifted pairs, greater or lesser, with a knitted straight or not),
and the knitted straight with its one set and pair (its wait by the packed test of mcr_wait.py). The
predicates keep their own code (mcr.plain_table, the plain path): tests/test_mcr_fast.py compares the
two entry by entry on random readings."""
from __future__ import annotations

from itertools import compress

from ..core.blocks import SINGLE
from ..core.facts import _BLOCK_MASK
from ..notation.hand import CHOW, KONG, PAIR, PUNG
from .mcr_forms import KNITTED
from .mcr_table import _PUNG_CLASS, _WIND_OF, hand_facts, held_fans
from .mcr_tiles import tile_part
from .mcr_wait import PACKED, UNIT, unique_wait_packed

_BITS = tuple(1 << t for t in range(34))
_HONOURS = ((1 << 34) - 1) & ~((1 << 27) - 1)
_SUITED = (1 << 27) - 1
# seven consecutive tiles of one suit, each once (seven shifted pairs: a pair of each)
_SHIFTED = frozenset(((1 << 7) - 1) << (9 * s + r) for s in range(3) for r in range(3))
# the six knitted straights' nine tiles
_KNITTED = frozenset(sum(1 << t for t in k) for k in KNITTED)


def special_table(f):
    """The table of a seven pairs, thirteen orphans or honours and knitted reading of a hand without
    declared sets (mcr.py's predicates' answers), or None where the plain path answers."""
    hand = f.hand
    if hand.melds:
        return None
    form = f.form
    # (the blocks hold the concealed tiles as they are: the kinds of the counts, no pass over the blocks)
    mask = sum(compress(_BITS, hand.counts))
    if form == "seven_pairs":
        out = {**tile_part(mask, True), "form:seven_pairs": 1}
        if mask in _SHIFTED:
            out["x:mcr_seven_shifted_pairs"] = 1
    elif form == "thirteen_orphans":
        out = {**tile_part(mask, False), "form:thirteen_orphans": 1}
    elif form == "mcr_honours_knitted":
        out = {**tile_part(mask, False), "form:mcr_honours_knitted": 1}
        if mask & _HONOURS == _HONOURS:
            out["greater:1"] = 1
        else:
            out["greater:0"] = 1
            if mask & _SUITED in _KNITTED:
                out["x:mcr_knitted_straight"] = 1
    else:
        return None
    out["concealment:fully" if f.self_draw else "concealment:concealed"] = 1
    held = hand_facts(hand)
    hog = held[1]  # (no kong)
    if hog:
        out["x:mcr_tile_hog"] = hog
    if f.ctx.fourth_tile:
        out["x:mcr_fourth_tile"] = 1
    return out


def knitted_table(f):
    """The table of a knitted straight reading (its nine knitted tiles, one set, one pair), or None where
    the plain path answers."""
    the_set = pair = None
    knit = 0  # the knitted tiles' kinds
    for b in f.blocks:
        kind = b.kind
        if kind == SINGLE:
            knit |= 1 << b.tile
        elif kind == PAIR:
            if pair is not None:
                return None
            pair = b.tile
        elif kind == CHOW or kind == PUNG or kind == KONG:
            if the_set is not None:
                return None
            the_set = b
    if the_set is None or pair is None:
        return None
    kind, tile, _wild, meld = the_set
    hand = f.hand
    # (the knitted tiles, the set and the pair as they are: the kinds of the counts and of the one meld)
    mask = sum(compress(_BITS, hand.counts))
    if meld is not None:
        mask |= _BLOCK_MASK[kind][tile]
    out = {**tile_part(mask, True), "form:mcr_knitted_straight": 1, "x:mcr_knitted_straight": 1}
    claimed = meld is not None and not meld.concealed
    if not claimed:
        out["concealment:fully" if f.self_draw else "concealment:concealed"] = 1
    # the wait (mcr_forms.wait_of's): with the set declared, the pair; else where the winning tile sits
    # in the set or the pair, if the tiles before it waited on that tile only
    win = hand.win_tile
    if hand.melds:
        if not knit >> win & 1 or hand.counts[win] == 3:
            out["wait:single"] = 1
    else:
        wait = None
        if kind == CHOW and tile <= win <= tile + 2:
            wait = "wait:closed" if tile + 1 == win else "wait:edge"
        elif pair == win:
            wait = "wait:single"
        if wait is not None and unique_wait_packed(PACKED[kind][tile] + PACKED[PAIR][pair] - UNIT[win], False):
            out[wait] = 1
    if kind == CHOW:
        if pair < 27:
            out["x:mcr_all_chows"] = 1
    else:  # a pung or a kong
        if kind == KONG:
            out["fan:melded_kong" if claimed else "fan:concealed_kong"] = 1
        c = _PUNG_CLASS[tile]
        if c == 1:
            out["x:mcr_terminal_pungs"] = 1
        elif c == 3:
            out["x:mcr_dragon_pung"] = 1
        elif c == 2:
            ctx = f.ctx
            seat, prevalent = _WIND_OF.get(ctx.seat_wind), _WIND_OF.get(ctx.round)
            if tile == seat:
                out["x:mcr_wind_pung:seat"] = 1
            if tile == prevalent:
                out["x:mcr_wind_pung:prevalent"] = 1
            if tile != seat and tile != prevalent:
                out["x:mcr_terminal_pungs"] = 1
    return held_fans(out, f, hand_facts(hand), kind == KONG)
