"""Tile codes of the two Tenhou formats, and our notation.

Inside this package a tile is an int *key*: 0-33 the 34 kinds (0-8 1m-9m, 9-17 1p-9p,
18-26 1s-9s, 27-30 E S W N, 31-33 white green red), and 34, 35, 36 the red 5m, 5p, 5s.

- mjlog numbers the 136 physical tiles 0-135; `id // 4` is the kind, and with red fives on the
  copies 16, 52 and 88 (the first 5m, 5p, 5s) are the red ones.
- tenhou.net/6 writes 11-19 man, 21-29 pin, 31-39 sou, 41-47 E S W N white green red, and 51,
  52, 53 for the red 5m, 5p, 5s (60 in a discard list means "the tile just drawn").
"""
from __future__ import annotations

RED = {34: 4, 35: 13, 36: 22}  # red key -> the kind it is
_HONOURS = "ESWNPFC"  # our letters for 27..33 (white P, green F, red C)


def kind(key: int) -> int:
    """The 34-kind of a tile key (a red five is a five)."""
    return RED.get(key, key)


def from_136(tile_id: int, red_fives: bool) -> int:
    """mjlog's 0-135 tile id as a key."""
    if not 0 <= tile_id < 136:
        raise ValueError(f"tile id {tile_id} is not 0-135")
    if red_fives and tile_id in (16, 52, 88):
        return 34 + (tile_id - 16) // 36
    return tile_id // 4


def from_tenhou6(code: int) -> int:
    """tenhou.net/6's 11..53 tile code as a key."""
    if code in (51, 52, 53):
        return 34 + code - 51
    suit, rank = divmod(code, 10)
    if suit in (1, 2, 3) and 1 <= rank <= 9:
        return (suit - 1) * 9 + rank - 1
    if suit == 4 and 1 <= rank <= 7:
        return 27 + rank - 1
    raise ValueError(f"no tile {code}")


def name(key: int) -> str:
    """One tile in our notation: '5m', '0p' (red), 'E', 'C'."""
    if key >= 34:
        return "0" + "mps"[key - 34]
    if key >= 27:
        return _HONOURS[key - 27]
    return f"{key % 9 + 1}{'mps'[key // 9]}"


def _rank_digit(key: int) -> tuple[int, str]:
    """(sort order, digit) within a suit: a red five sorts just before the plain fives."""
    if key >= 34:
        return 4 * 2 - 1, "0"
    return (key % 9) * 2, str(key % 9 + 1)


def group(keys) -> str:
    """Tiles written compactly, suits in order m p s then honours: [0,1,2,27,27] -> '123m EE'."""
    parts = []
    for s, letter in enumerate("mps"):
        mine = [k for k in keys if (k < 27 and k // 9 == s) or k == 34 + s]
        if mine:
            digits = "".join(d for _, d in sorted(_rank_digit(k) for k in mine))
            parts.append(digits + letter)
    honours = sorted(k for k in keys if 27 <= k < 34)
    if honours:
        parts.append("".join(_HONOURS[k - 27] for k in honours))
    return " ".join(parts)


def meld_text(keys, claimed_index: int | None, source: int | None, chow: bool) -> str:
    """A meld in our bracket notation. `keys` the meld's tiles; for a chow `claimed_index` is the
    claimed tile's index in `keys` and is written as its position (1-3) in the written order;
    for a pung or kong `source` is the NOTATION.md number (1-3 claimed, 5-7 added kong, None a
    concealed kong, written in braces)."""
    order = sorted(range(len(keys)), key=lambda i: _rank_digit(keys[i]))
    body = group([keys[i] for i in order])
    if chow:
        return f"[{body},{order.index(claimed_index) + 1}]"
    if source is None:
        return "{" + body + "}"
    return f"[{body},{source}]"


def is_terminal_or_honour(key: int) -> bool:
    k = kind(key)
    return k >= 27 or k % 9 in (0, 8)
