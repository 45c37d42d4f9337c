"""Chinese Official (MCR): every reading of a hand without wild tiles in one call (forms.READERS), the
readings the ruleset's forms give one after another, in their order: mcr_standard, seven_pairs,
thirteen_orphans, mcr_knitted_straight, mcr_honours_knitted.

A standard hand is none of the special forms, and a glance at its counts says so: a declared set rules
out all but the knitted straight, a single or a pung rules out seven pairs, a pair rules out honours and
knitted tiles. Seven pairs and thirteen orphans without wild tiles or declared sets have one reading at
most, made here from shared blocks (the shared forms of scorer/forms.py also handle wild tiles);
tests/test_mcr_fast.py compares every reading with the forms' own on random hands.
"""
from __future__ import annotations

from itertools import compress

from ..blocks import _new_reading
from ..decompose import SINGLE, Block, Reading
from ..forms import READERS
from ..hand import PAIR
from ..tiles import ORPHANS
from .mcr_forms import honours_and_knitted, knitted_straight, standard

FORMS = ("mcr_standard", "seven_pairs", "thirteen_orphans", "mcr_knitted_straight", "mcr_honours_knitted")

_TILES = range(34)
_PAIRS = tuple(Block(PAIR, t) for t in range(34))  # (blocks are immutable: one a tile, shared)
_ORPHANS = tuple(sorted(ORPHANS))
_SINGLE_ORPHANS = {t: Block(SINGLE, t) for t in _ORPHANS}
_PAIR_ORPHANS = {t: Block(PAIR, t) for t in _ORPHANS}


def seven_pairs(hand, counts, quads: bool) -> list:
    """forms.seven_pairs of a hand without wild tiles or declared sets and no count of 1 or 3."""
    if sum(counts) != 14:
        return []
    blocks = []
    for t in compress(_TILES, counts):  # (the kinds held)
        c = counts[t]
        if c == 2:
            blocks.append(_PAIRS[t])
        elif c & 1 or not quads:  # (an odd count pairs with no wild tile; four of a kind as two pairs)
            return []
        else:
            blocks += (_PAIRS[t],) * (c >> 1)
    # the winning tile's first pair holds it (place_win: equal blocks are one place)
    win = hand.win_tile
    for k, b in enumerate(blocks):
        if b[1] == win:
            return [_new_reading(Reading, ("seven_pairs", tuple(blocks), k))]
    return []


def thirteen_orphans(hand, counts) -> list:
    """forms.thirteen_orphans of a hand without wild tiles or declared sets."""
    if not (counts[0] and counts[8] and counts[9] and counts[17] and counts[18] and counts[26]):
        return []
    pair = None
    n = 0
    for t in _ORPHANS:
        c = counts[t]
        if c == 2 and pair is None:
            pair = t
        elif c != 1:
            return []
        n += c
    if pair is None or n != sum(counts):  # (a simple tile besides)
        return []
    blocks = tuple(_PAIR_ORPHANS[t] if t == pair else _SINGLE_ORPHANS[t] for t in _ORPHANS)
    win = hand.win_tile
    for k, b in enumerate(blocks):
        if b[1] == win:
            return [_new_reading(Reading, ("thirteen_orphans", blocks, k))]
    return []


def readings(hand, options) -> list:
    """The readings of FORMS, in turn, of a hand without wild tiles."""
    counts = hand.counts
    out = standard(hand, counts, 0, False, options)
    melds = hand.melds
    if melds:  # (seven pairs, thirteen orphans, honours and knitted tiles hold no declared set)
        if len(melds) == 1:
            out += knitted_straight(hand, counts, 0, False, options)
        return out
    # (the counts as bytes: their `in` is one C search, a tuple's compares each count in turn)
    held = bytes(counts)
    if 1 not in held and 3 not in held:
        # (no single: no thirteen orphans, knitted straight or honours and knitted)
        return out + seven_pairs(hand, held, bool(options.get("seven_pairs_quads", False)))
    if held[0] and held[8] and held[9] and held[17] and held[18] and held[26]:  # (every terminal)
        out += thirteen_orphans(hand, held)
    out += knitted_straight(hand, counts, 0, False, options)
    if 2 not in held and 3 not in held:  # (honours and knitted tiles: fourteen kinds)
        out += honours_and_knitted(hand, counts, 0, False, options)
    return out


READERS[FORMS] = readings
