"""Random readings for the tests that compare a fast path with the slow one it replaces: the
differential runs' hand makers (tests/riichi_diff.py, tests/mcr_diff.py), and every reading of each hand with its Facts."""
from __future__ import annotations

from scorer.core import engine
from scorer.core import setup as engine_setup
from scorer.core.facts import Facts
from scorer.errors import MjError
from scorer.notation.parse import parse_hand


def reading_facts(cases, variant, rules):
    """(bound, Facts) of every reading of every (text, context) case the ruleset accepts."""
    out = []
    for text, ctx in cases:
        try:
            s = engine_setup._setup(ctx, variant, rules, {})
            hand = parse_hand(text, win=s.ctx.win, max_size=s.max_size, dealt=s.variant.dealt_sizes)
            wild = s.wild or engine_setup._wild_of(s.bound, s.ctx)
            readings = engine.readings_of(hand, s.variant, s.bound, wild)
        except MjError:
            continue
        out += [(s.bound, Facts(hand, r, s.ctx, wild, s.bound.options)) for r in readings]
    return out
