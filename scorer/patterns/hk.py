"""Predicates the Hong Kong (Andrew White) ruleset needs beyond the generic families."""
from __future__ import annotations

from ..rulesets.registry import pattern, reads


@pattern()
@reads("ctx")
def dealer_first_discard(f):
    """Won on the dealer's first discard. Andrew White, Scoring, 4 Faan Minimum: "When a player wins from East's
    first discard. [dei6 woo4]" -- narrower than the generic `earthly`, which also takes a
    non-dealer's own first draw."""
    return int(f.ctx.first_turn and not f.ctx.winner_is_dealer and f.ctx.discarder == f.ctx.dealer)
