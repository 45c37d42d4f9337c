"""Winning forms: the standard one (sets and a pair) and the special forms a variant switches on.

A form is a function (hand, counts, jokers, win_is_wild, options) -> list of Readings, registered by
name; a variant lists the forms it accepts under `hand.forms`.
"""
from __future__ import annotations

from .decompose import SINGLE, Block, Reading, place_win, standard_readings
from .hand import PAIR
from .tiles import ORPHANS

FORMS: dict = {}


def form(name: str):
    def deco(fn):
        FORMS[name] = fn
        return fn
    return deco


@form("standard")
def standard(hand, counts, jokers, win_is_wild, options):
    """Sets and one pair: four sets in 14-tile rulesets, five in 17-tile ones."""
    return standard_readings(hand, counts, jokers, win_is_wild)


def _with_win(name, blocks, hand, win_is_wild):
    return [Reading(name, blocks, w) for w in place_win(blocks, hand.win_tile, win_is_wild, 0)]


@form("seven_pairs")
def seven_pairs(hand, counts, jokers, win_is_wild, options):
    """Seven pairs, no melds. Four of a kind counts as two pairs only where the variant's
    `seven_pairs_quads` option allows it (Hangzhou's deluxe pairs; not in Hong Kong rules)."""
    if hand.melds or (not jokers and (1 in counts or 3 in counts)) or sum(counts) + jokers != 14:
        return []  # (an odd count needs a wild tile to pair it)
    quads = bool(options.get("seven_pairs_quads", False))
    blocks: list[Block] = []
    for t, c in enumerate(counts):
        if c == 0:
            continue
        if c == 4 and not quads:
            return []
        full, odd = divmod(c, 2)
        blocks += [Block(PAIR, t)] * full
        if odd:
            blocks.append(Block(PAIR, t, (t,)))
            jokers -= 1
    if jokers < 0 or jokers % 2:
        return []
    used = {b.tile for b in blocks}
    if not quads and len(used) != len(blocks):
        return []
    results = [tuple(blocks)]
    for _ in range(jokers // 2):
        grown = set()
        for bs in results:
            taken = {b.tile for b in bs}
            for t in range(34):
                if quads or t not in taken:
                    grown.add(tuple(sorted(bs + (Block(PAIR, t, (t, t)),))))
        results = list(grown)
    out = []
    for bs in sorted(results):
        if not quads and len({b.tile for b in bs}) != 7:
            continue
        out += _with_win("seven_pairs", tuple(sorted(bs)), hand, win_is_wild)
    return out


@form("thirteen_orphans")
def thirteen_orphans(hand, counts, jokers, win_is_wild, options):
    """One of each terminal and honour plus a pair of any of them; no melds."""
    if hand.melds or sum(counts) + jokers != 14:
        return []
    if any(counts[1:8]) or any(counts[10:17]) or any(counts[19:26]):  # a simple (2-8) tile
        return []
    if any(c for t, c in enumerate(counts) if t not in ORPHANS):
        return []
    missing = [t for t in sorted(ORPHANS) if counts[t] == 0]
    extra = [t for t in sorted(ORPHANS) if counts[t] >= 2]
    if any(counts[t] > 2 for t in ORPHANS) or len(extra) > 1 or len(missing) > jokers:
        return []
    spare = jokers - len(missing)
    pair_options = extra if extra else (sorted(ORPHANS) if spare == 1 else [])
    if (extra and spare) or not pair_options:
        return []
    out = []
    for p in pair_options:
        blocks = []
        for t in sorted(ORPHANS):
            wild = (t,) if t in missing else ()
            if t == p:
                blocks.append(Block(PAIR, t, wild + ((t,) if not extra else ())))
            else:
                blocks.append(Block(SINGLE, t, wild))
        out += _with_win("thirteen_orphans", tuple(blocks), hand, win_is_wild)
    return out


@form("eight_bonus_tiles")
def eight_bonus_tiles(hand, counts, jokers, win_is_wild, options):
    """All four flowers and all four seasons: an instant win whatever the other tiles are (Old Hong
    Kong's "great flowers"). The concealed tiles are kept as singles so tile facts stay true."""
    if len(hand.bonus) != 8:
        return []
    blocks = tuple(Block(SINGLE, t) for t in hand.concealed)
    return [Reading("eight_bonus_tiles", blocks, -1)]
