"""Writing hands and tiles back as text: the canonical spelling (format_hand, format_tiles), red
fives (`0m 0p 0s`) and Unicode glyphs. Parsing is scorer/notation/parse.py.
A hand is any object with Hand's fields (scorer/notation/hand.py, which calls this module)."""
from __future__ import annotations

import re
from functools import lru_cache

from .tiles import HONOUR_LETTERS, tile_name

# per tile: (group key, text inside the group): suits group by letter, honours by tile
_GROUP = [(tile_name(t)[-1], tile_name(t)[0]) if (t < 27 or t >= 34) else (tile_name(t), tile_name(t))
          for t in range(42)]


def format_tiles(tiles, sep: str = " ") -> str:
    """Suited tiles grouped by suit, honours grouped by letter: [1,2,3 m, 5 p, E, E, C] -> `123m 5p EE C`."""
    parts: list[str] = []
    body: list[str] = []
    last_key = None
    for t in sorted(tiles):
        key, text = _GROUP[t]
        if key != last_key:
            if body:
                parts.append("".join(body) + ("" if last_key in HONOUR_LETTERS else last_key))
            body = []
            last_key = key
        body.append(text)
    if body:
        parts.append("".join(body) + ("" if last_key in HONOUR_LETTERS else last_key))
    return sep.join(parts)


def format_hand(hand) -> str:
    """Canonical text: melds, concealed tiles in order with the winning tile last, bonus tiles."""
    rest = list(hand.concealed)
    if hand.win_tile >= 0:
        rest.remove(hand.win_tile)
    parts = [m.text() for m in hand.melds]
    if rest:
        parts.append(format_tiles(rest))
    if hand.win_tile >= 0:
        parts.append(tile_name(hand.win_tile))
    if hand.bonus:
        parts.append(format_tiles(hand.bonus))
    text = " ".join(parts)
    reds = red_fives(hand)
    return _mark_red(text, reds) if any(reds) else text


# ---- red fives: `0m 0p 0s` (tenhou) read as fives everywhere; a ruleset that uses them counts them ----
_RED_RUN = re.compile(r"([0-9]+)([mps])")


def red_fives(hand) -> tuple[int, int, int]:
    """How many fives of m, p, s the hand's text wrote as `0` (red fives), melds included."""
    text = hand.source_text
    return _reds_in(text) if "0" in text else (0, 0, 0)


@lru_cache(maxsize=4096)
def _reds_in(text: str) -> tuple[int, int, int]:
    """red_fives of a hand written `text`."""
    got = [0, 0, 0]
    # each 0 counts for the suit letter ending its run of digits (the runs _RED_RUN matches):
    # found from the 0s, a few, instead of matching every run of the text
    i = text.find("0")
    n = len(text)
    while i >= 0:
        j = i + 1
        while j < n and text[j] in "0123456789":
            j += 1
        if j < n:
            k = "mps".find(text[j])
            if k >= 0:
                got[k] += 1
        i = text.find("0", i + 1)
    return tuple(got)


def _mark_red(text: str, reds) -> str:
    """`text` with the first `reds[suit]` fives of each suit written `0`, so the printed hand scores
    as the one typed (which five was red does not change a score)."""
    left = list(reds)

    def run(m):
        digits, letter = m.group(1), m.group(2)
        k = "mps".index(letter)
        out = []
        for d in digits:
            if d == "5" and left[k]:
                left[k] -= 1
                d = "0"
            out.append(d)
        return "".join(out) + letter
    return _RED_RUN.sub(run, text)


def format_glyphs(tiles) -> str:
    from .tiles import glyph

    return "".join(glyph(t) for t in tiles)
