"""Chinese Official (MCR): every reading of a hand without wild tiles in one call (forms.READERS), the
readings the ruleset's forms give one after another, in their order: mcr_standard, seven_pairs,
thirteen_orphans, mcr_knitted_straight, mcr_honours_knitted.

A standard hand is none of the special forms, and a glance at its counts says so: a declared set rules
out all but the knitted straight, a single or a pung rules out seven pairs, a pair rules out honours and
knitted tiles. Seven pairs and thirteen orphans without wild tiles or declared sets have one reading at
most (forms.plain_seven_pairs, forms.plain_thirteen_orphans);
tests/test_mcr_fast.py compares every reading with the forms' own on random hands.
"""
from __future__ import annotations

from ..core.forms import READERS, plain_seven_pairs, plain_thirteen_orphans
from .mcr_forms import honours_and_knitted, knitted_straight, standard

FORMS = ("mcr_standard", "seven_pairs", "thirteen_orphans", "mcr_knitted_straight", "mcr_honours_knitted")

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
        return out + plain_seven_pairs(hand, held, bool(options.get("seven_pairs_quads", False)))
    if held[0] and held[8] and held[9] and held[17] and held[18] and held[26]:  # (every terminal)
        out += plain_thirteen_orphans(hand, held)
    out += knitted_straight(hand, counts, 0, False, options)
    if 2 not in held and 3 not in held:  # (honours and knitted tiles: fourteen kinds)
        out += honours_and_knitted(hand, counts, 0, False, options)
    return out


READERS[FORMS] = readings
