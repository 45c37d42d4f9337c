"""Riichi (and any ruleset of the same forms: standard, seven pairs, thirteen orphans): every reading of a
hand without wild tiles in one call (forms.READERS), the forms' readings one after another in their
order, the special forms asked only when a glance at the counts allows them: a declared set rules out
both, a single or a pung rules out seven pairs, a missing terminal rules out thirteen orphans. The
special forms' readings are forms.plain_seven_pairs' and plain_thirteen_orphans' (shared blocks);
tests/test_riichi_readings.py compares every reading with the forms' own on random hands."""
from __future__ import annotations

from ..core.decompose import standard_readings
from ..core.forms import READERS, plain_seven_pairs, plain_thirteen_orphans

FORMS = ("standard", "seven_pairs", "thirteen_orphans")


def readings(hand, options) -> list:
    """The readings of FORMS, in turn, of a hand without wild tiles."""
    counts = hand.counts
    out = standard_readings(hand, counts, 0, False)
    if hand.melds:  # (seven pairs and thirteen orphans hold no declared set)
        return out
    held = bytes(counts)  # (its `in` is one C search)
    if 1 not in held and 3 not in held:  # (no single: no thirteen orphans)
        return out + plain_seven_pairs(hand, held, bool(options.get("seven_pairs_quads", False)))
    if held[0] and held[8] and held[9] and held[17] and held[18] and held[26]:  # (every terminal)
        out += plain_thirteen_orphans(hand, held)
    return out


READERS[FORMS] = readings
