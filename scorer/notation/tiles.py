"""Tile identities: 0-8 characters (m), 9-17 dots (p), 18-26 bamboo (s), 27-30 winds E S W N,
31-33 dragons white P, green F, red C (tenhou's 5z 6z 7z), 34-37 flowers 1f-4f, 38-41 seasons 1g-4g.

The 34 playing tiles index count tuples (the layout the `mahjong` package uses too), so a hand's
concealed part is a 34-slot tuple and bonus tiles live apart.
"""

SUITS = "mps"
WINDS = "ESWN"
DRAGONS = "PFC"  # white, green, red: 5z 6z 7z
HONOUR_LETTERS = WINDS + DRAGONS
N_TILES = 34
EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33
FLOWER0, SEASON0 = 34, 38

SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo"}
HONOUR_NAMES = {27: "East", 28: "South", 29: "West", 30: "North", 31: "White", 32: "Green", 33: "Red"}

TERMINALS = frozenset(s * 9 + r for s in range(3) for r in (0, 8))
HONOURS = frozenset(range(27, 34))
WIND_TILES = frozenset(range(27, 31))
DRAGON_TILES = frozenset(range(31, 34))
ORPHANS = TERMINALS | HONOURS
GREEN_TILES = frozenset({18 + 1, 18 + 2, 18 + 3, 18 + 5, 18 + 7, GREEN})


def suit_of(t: int) -> int:
    """0, 1, 2 for m p s; 3 for honours."""
    return t // 9 if t < 27 else 3


def rank_of(t: int) -> int:
    """1-9 for suited tiles, 0 for honours."""
    return t % 9 + 1 if t < 27 else 0


def is_honour(t: int) -> bool:
    return 27 <= t < 34


def is_bonus(t: int) -> bool:
    return t >= 34


def tile_name(t: int) -> str:
    """Canonical text of one tile: `5p`, `E`, `C`, `1f`, `3g`."""
    if t < 27:
        return f"{t % 9 + 1}{SUITS[t // 9]}"
    if t < 34:
        return HONOUR_LETTERS[t - 27]
    if t < 38:
        return f"{t - 33}f"
    return f"{t - 37}g"


def long_name(t: int) -> str:
    if t < 27:
        return f"{t % 9 + 1} {SUIT_NAMES[SUITS[t // 9]]}"
    if t < 34:
        return HONOUR_NAMES[t] + (" wind" if t < 31 else " dragon")
    return ("flower " if t < 38 else "season ") + tile_name(t)[0]


def bonus_seat(t: int) -> int:
    """Seat index (0 E .. 3 N) a flower or season belongs to."""
    return (t - FLOWER0) % 4


# Unicode mahjong block U+1F000..U+1F02B.
_GLYPHS: dict[int, str] = {}
for _i, _t in enumerate([27, 28, 29, 30, RED, GREEN, WHITE]):
    _GLYPHS[_t] = chr(0x1F000 + _i)
for _r in range(9):
    _GLYPHS[_r] = chr(0x1F007 + _r)  # characters
    _GLYPHS[18 + _r] = chr(0x1F010 + _r)  # bamboo
    _GLYPHS[9 + _r] = chr(0x1F019 + _r)  # dots
# the block orders flowers plum, orchid, bamboo, chrysanthemum; the notation's 3f is chrysanthemum
for _cp, _t in zip(range(0x1F022, 0x1F02A), [34, 35, 37, 36, 38, 39, 40, 41]):
    _GLYPHS[_t] = chr(_cp)
GLYPH_TO_TILE = {g: t for t, g in _GLYPHS.items()}


def glyph(t: int) -> str:
    return _GLYPHS[t]

