"""What the gold-tile rulesets' predicates (scorer/patterns/gold.py) read of a reading: its view
(scorer/core/views.py), so readings that differ only where no Xiamen or Quanzhou predicate looks are
valued once."""
from __future__ import annotations

from ..core.views import reads_view
from ..notation.hand import CHOW, KONG, PAIR, PUNG
from ..notation.tiles import HONOURS, WHITE


def gold_view(reading, hand, wild, ctx, gold_sets=True):
    """What this module's predicates read of a reading (scorer/core/views.py), as little as tells readings
    apart: its form; whether it waited on its pair with a lone gold (float_pair); and, as a multiset,
    its concealed pungs and kongs: whether each is an honour set (at the face of a white substitute)
    and holds a gold (set_class, _set_cells), the one completed by a winning discard apart (it is
    open). Chows and pairs score no set water and the declared melds are the same in every reading of
    the hand, so neither is read otherwise (a winning tile is never placed in a meld in these forms;
    if one were, every block is read)."""
    sub = wild.substitute if wild is not None else None
    win = reading.win
    blocks = reading.blocks
    apart = -1  # the pung a winning discard completed
    if win >= 0:
        kind, tile, w, meld = blocks[win]
        if meld is not None:
            return _full_view(reading, hand, sub)
        if kind == PAIR:
            if not w:
                win_cell = False
            else:
                face = hand.win_tile
                if face == wild.tile:
                    win_cell = len(w) == 2
                else:
                    if face == WHITE and sub is not None:
                        face = sub
                    win_cell = len(w) == 1 and tile == face
        elif kind == CHOW or ctx.win_type != "discard":
            win_cell = False
        else:
            if tile == WHITE and sub is not None:
                tile = sub
            win_cell = (kind, tile in HONOURS, gold_sets or not w)
            apart = win
    else:
        win_cell = None
    cells = []
    for i, (kind, tile, w, meld) in enumerate(blocks):
        if (kind == PUNG or kind == KONG) and meld is None and i != apart:
            if tile == WHITE and sub is not None:
                tile = sub
            cells.append((kind, tile in HONOURS, gold_sets or not w))
    if len(cells) > 1:
        cells.sort()
    return reading.form, win_cell, tuple(cells)


def reads_gold_view(fn):
    """@reads_view(gold_view) given gold_set_water's `gold_sets` (the entries that do not read it take
    its default, so every entry of a ruleset shares one view unless a set-water entry says false)."""
    return reads_view(gold_view, with_params=("gold_sets",))(fn)


def _full_view(reading, hand, sub):
    """Every block (kind, honour, golds, meld, winning): a winning tile placed in a declared meld."""
    win = reading.win
    face = hand.win_tile
    if face == WHITE and sub is not None:
        face = sub
    cells = []
    for i, (kind, tile, w, meld) in enumerate(reading.blocks):
        if tile == WHITE and sub is not None:
            tile = sub
        cells.append((kind, tile in HONOURS, len(w), 0 if meld is None else 1 + hand.melds.index(meld), i == win))
    cells.sort()
    return "all blocks", reading.form, reading.blocks[win].tile == face, tuple(cells)
