"""Patterns about how and when the hand was won, and about bonus tiles."""
from __future__ import annotations

from ..notation.tiles import bonus_seat
from ..rulesets.registry import hand_level, pattern, reads


@pattern()
@reads("ctx")
def self_drawn(f):
    """Won on a tile drawn from the wall (a kong replacement included)."""
    return int(f.self_draw)


@pattern()
@reads("ctx")
def won_on_discard(f):
    """Won on another player's discard."""
    return int(f.win_type == "discard")


@pattern()
@reads("ctx")
def robbed_kong(f):
    """Won by robbing another player's added kong."""
    return int(f.win_type == "robbed")


@pattern()
@reads("ctx")
def last_tile(f, self_drawn=None):
    """Won on the last tile of the wall or the discard after it; `self_drawn` narrows to one."""
    if not f.ctx.last_tile:
        return 0
    return int(self_drawn is None or self_drawn == f.self_draw)


@pattern()
@reads("ctx")
def kong_draw(f, count=1):
    """Won on a replacement tile after `count` or more consecutive kongs."""
    return int(f.ctx.kong_draw >= count)


@pattern()
@reads("ctx")
def heavenly(f):
    """The dealer wins on the hand as dealt (first draw)."""
    return int(f.ctx.first_turn and f.ctx.winner_is_dealer)


@pattern()
@reads("ctx")
def earthly(f):
    """A non-dealer wins on the dealer's first discard (or own first draw, by house rule)."""
    return int(f.ctx.first_turn and not f.ctx.winner_is_dealer)


@pattern()
@reads("ctx")
def winner_is_dealer(f):
    """The winner is the dealer (banker)."""
    return int(f.ctx.winner_is_dealer)


@pattern()
@reads("bonus")
def no_bonus_tiles(f):
    """No flowers and no seasons."""
    return int(not f.hand.bonus)


@pattern()
@reads("bonus")
def own_bonus(f, kind="flower"):
    """Holds the flower (or season) of the winner's own seat (1 East .. 4 North)."""
    tiles = f.flowers if kind == "flower" else f.seasons
    return int(any(bonus_seat(t) == f.seat_number for t in tiles))


@pattern()
@reads("bonus")
def bonus_set(f, kind="flower"):
    """All four flowers (`flower`), all four seasons (`season`), or all eight (`all`)."""
    if kind == "all":
        return int(len(f.hand.bonus) == 8)
    return int(len(f.flowers if kind == "flower" else f.seasons) == 4)


@pattern()
@reads("bonus")
@hand_level  # as a refusal (Hangzhou plays without bonus tiles)
def bonus_tiles(f):
    """One per flower or season held."""
    return len(f.hand.bonus)


@pattern()
@reads("ctx")
def context_flag(f, key="", value=True):
    """A fact the user states with `--set KEY=VALUE` (e.g. only_possible_tile) equals `value`."""
    from ..rulesets.context_values import TRUE_WORDS

    v = f.ctx.get(key)
    if isinstance(value, bool) and isinstance(v, str):
        v = v.lower() in TRUE_WORDS
    return int(v == value)
