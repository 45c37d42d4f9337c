"""Predicates the Hong Kong (Andrew White) ruleset needs beyond the generic families."""
from __future__ import annotations

from ..registry import pattern


@pattern()
def dealer_first_discard(f):
    """Won on the dealer's first discard. 002 Scoring, 4 Faan Minimum: "When a player wins from East's
    first discard. [dei6 woo4]" -- narrower than the generic `earthly`, which also takes a
    non-dealer's own first draw."""
    return int(f.ctx.first_turn and not f.ctx.winner_is_dealer and f.ctx.discarder == f.ctx.dealer)


@pattern()
def own_or_round_wind_pungs(f):
    """One per pung or kong of the round wind or the winner's own wind, a pung that is both counted
    once: 002 Scoring, +1 Faan: "Each pung or kong of dragons, the wind of the round, or your own wind"
    read per pung (option double_wind_faan=1). Unlike excluding round_wind_pung by seat_wind_pung,
    this still scores two different wind pungs twice."""
    return sum(1 for t in f.pung_tiles if t in (f.seat_wind, f.round_wind))
