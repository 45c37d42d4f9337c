"""Hand notation (docs/NOTATION.md): tenhou-style digits-then-suit, letter or z honours, bonus
tiles, MCR-style bracketed melds, Unicode glyphs. Parsing reports the 1-based column of every problem."""
from __future__ import annotations

import re
import sys
from functools import lru_cache

from ..errors import NotationError

# writing hands back as text is its own module; its names stay importable from here
from .format import format_hand
from .hand import CHOW, KONG, PUNG, Hand, Meld
from .tiles import GLYPH_TO_TILE, HONOUR_LETTERS, N_TILES, SUITS, is_bonus, is_honour, tile_name

_Z_ORDER = [27, 28, 29, 30, 31, 32, 33]  # 1z..7z: E S W N white green red (tenhou)
_SUIT_LETTERS = "mpszfg"
MAX_HAND_CHARS = 200  # a 17-tile hand with 8 bonus tiles and bracketed kongs fits in well under 100
_LIMITS = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 4, "g": 4}


# letters people reach for that mean something else here
_LETTER_HINTS = {
    "R": " (the red dragon is C, as in chung: CCC)",
    "G": " (the green dragon is F, as in fat: FFF)",
    "D": " (dragons are C red, F green, P white)",
    "B": " (bamboo is s: 123s; the white dragon is P)",
}


_LOWER_HONOURS = frozenset("eswncfp")  # a wind or dragon typed in lower case (suit letters follow digits)


def _suited(digit: int, letter: str) -> int:
    if letter in SUITS:
        return SUITS.index(letter) * 9 + digit - 1
    if letter == "z":
        return _Z_ORDER[digit - 1]
    return (34 if letter == "f" else 38) + digit - 1


def _scan(text: str, start: int, stop: int, full: str) -> list[tuple[int, int]]:
    """Tiles with their 1-based columns from text[start:stop]; spaces are skipped."""
    out: list[tuple[int, int]] = []
    digits: list[tuple[int, int]] = []
    i = start
    while i < stop:
        ch = text[i]
        col = i + 1
        if "0" <= ch <= "9":
            digits.append((int(ch), col))
        elif ch in _SUIT_LETTERS:
            if not digits:
                raise NotationError(f"suit letter {ch!r} has no digits before it", full, col)
            for d, dcol in digits:
                if d == 0 and ch in "mps":
                    d = 5  # tenhou writes the red five as 0
                if not 1 <= d <= _LIMITS[ch]:
                    raise NotationError(f"no tile {d}{ch} (digits for {ch!r} run 1-{_LIMITS[ch]})", full, dcol)
                out.append((_suited(d, ch), dcol))
            digits = []
        elif ch in HONOUR_LETTERS:
            if digits:
                raise NotationError(f"digits {''.join(str(d) for d, _ in digits)} are followed by honour {ch!r}, not a suit letter", full, digits[0][1])
            out.append((27 + HONOUR_LETTERS.index(ch), col))
        elif ch in GLYPH_TO_TILE:
            if digits:
                raise NotationError("digits are not followed by a suit letter", full, digits[0][1])
            out.append((GLYPH_TO_TILE[ch], col))
        elif ch.isspace() or ch == "\ufe0f":
            pass  # U+FE0F (emoji presentation) follows 🀄 as phones and emoji pickers type it
        elif ch in "\U0001F02A\U0001F02B":
            raise NotationError("the joker and tile-back glyphs are not tiles; write a wild tile as the tile it is", full, col)
        else:
            hint = _LETTER_HINTS.get(ch.upper(), "")
            if ch in _LOWER_HONOURS:
                hint = f" (honours are upper case: {ch.upper()}; winds E S W N, dragons C F P)"
            raise NotationError(f"unexpected character {ch!r}{hint}", full, col)
        i += 1
    if digits:
        raise NotationError("digits are not followed by a suit letter (m, p, s, z, f or g)", full, digits[0][1])
    return out


def _meld(text: str, open_i: int, close_i: int, full: str) -> Meld:
    closer = text[close_i]
    body, number, num_col = text[open_i + 1:close_i], None, None
    if "," in body:
        comma = text.index(",", open_i)
        num_text = text[comma + 1:close_i].strip()
        num_col = comma + 2
        if closer == "}":
            raise NotationError("a concealed kong {....} takes no source number", full, comma + 1)
        if len(num_text) != 1 or not "0" <= num_text <= "9":
            raise NotationError(f"meld source must be one digit, got {num_text!r}", full, num_col)
        number = int(num_text)
        tiles = _scan(text, open_i + 1, comma, full)
    else:
        tiles = _scan(text, open_i + 1, close_i, full)
    col = open_i + 1
    for t, tcol in tiles:
        if is_bonus(t):
            raise NotationError(f"bonus tile {tile_name(t)} cannot be part of a set", full, tcol)
    ids = sorted(t for t, _ in tiles)
    if len(ids) not in (3, 4):
        raise NotationError(f"a meld has 3 or 4 tiles, this one has {len(ids)}", full, col)
    if closer == "}" and len(ids) != 4:
        raise NotationError("a concealed kong {....} has 4 tiles", full, col)
    written = ()
    if 31 in ids and len(set(ids)) > 1:
        kind, ids = _white_set(ids, full, col)  # white dragons standing for the indicator's face
        written = tuple(sorted(t for t, _ in tiles))
        if kind == CHOW:
            return _checked_chow(Meld(CHOW, ids[0], source=1, claimed=number, written=written), number, full, num_col)
    if written or len(set(ids)) == 1:
        kind = KONG if len(ids) == 4 else PUNG
    elif len(ids) == 3 and any(is_honour(t) for t in ids):
        raise NotationError("a chow cannot contain honours (winds or dragons)", full, col)
    elif len(ids) == 3 and ids[0] // 9 == ids[2] // 9 and ids[1] == ids[0] + 1 and ids[2] == ids[0] + 2:
        kind = CHOW
    else:
        raise NotationError("tiles of a meld must be one run of three in a suit or 3-4 identical tiles", full, col)
    if kind == CHOW:
        return _checked_chow(Meld(CHOW, ids[0], source=1, claimed=number), number, full, num_col)
    if kind == PUNG:
        if number is not None and not 1 <= number <= 3:
            raise NotationError(f"a pung's source is 1, 2 or 3 (left, opposite, right), got {number}", full, num_col)
        return Meld(PUNG, ids[0], source=number, written=written)
    if number is None:
        return Meld(KONG, ids[0], concealed=True, written=written)
    if number not in (1, 2, 3, 5, 6, 7):
        raise NotationError(f"a kong's source is 1-3 (claimed) or 5-7 (added), got {number}", full, num_col)
    return Meld(KONG, ids[0], source=number, written=written)


def _checked_chow(meld: Meld, number, full: str, num_col) -> Meld:
    if number is not None and not 1 <= number <= 3:
        raise NotationError(f"a chow's number says which tile was claimed (1-3), got {number}", full, num_col)
    return meld


def _white_set(ids: list, full: str, col: int) -> tuple[str, list]:
    """(kind, the other tiles) of a set holding white dragons and other tiles: where a ruleset makes
    the white dragon the indicator's face value (Hangzhou, Xiamen, Quanzhou) it may stand in any set;
    what it stands for is known with the indicator (wild.resolve_white_melds). The other tiles all
    alike make a pung or kong; one white with two suited tiles of a suit, at most two apart, a run."""
    others = [t for t in ids if t != 31]
    if len(set(others)) == 1:
        return (KONG if len(ids) == 4 else PUNG), others
    if (len(ids) == 3 and len(others) == 2 and others[1] < 27 and others[0] // 9 == others[1] // 9
            and 0 < others[1] - others[0] <= 2):
        return CHOW, others
    raise NotationError("tiles of a meld must be one run of three in a suit or 3-4 identical tiles "
                        "(a white dragon P standing for the indicator's face counts as that tile)", full, col)


def parse_tiles_only(text: str) -> list[int]:
    """Plain tiles, no melds (for --win, --indicator, --seen)."""
    return [t for t, _ in _scan(text, 0, len(text), text)]


# ---- fast path: the common spellings (ASCII digits and letters, whitespace between groups, melds) ----
# It builds the same Hand as the general parser below; anything unusual, and every error, goes to the
# general parser, which reports the problem with its column. Batch hands are nearly all new strings, but
# they are made of a few thousand recurring pieces ("678m", "99p", "[CCC,2]"), so the string is split at
# whitespace and each piece is read once. Splitting changes nothing: the general parser skips whitespace
# between tiles (str.split and str.isspace agree on what whitespace is), and a meld with whitespace
# inside breaks into pieces that _read_piece refuses.
_FAST_PIECE = re.compile(r"(?:[0-9]+[mpszfg]|[ESWNPFC]|\[[^\[\]{}]*\]|\{[^\[\]{}]*\})+")
# (honour letters come as one token a run, "SSSPPP": read once like a run of digits and kept)
_FAST_TOKEN = re.compile(r"([0-9]+)([mpszfg])|([ESWNPFC]+)|(\[[^\[\]{}]*\]|\{[^\[\]{}]*\})")
_DIGIT_TILE: dict = {}
for _letter, _limit in _LIMITS.items():
    for _d in range(10):
        _digit = 5 if _d == 0 and _letter in "mps" else _d
        if 1 <= _digit <= _limit:
            _DIGIT_TILE[str(_d) + _letter] = _suited(_digit, _letter)
# Tile counts are packed one byte per tile (tile t at bit 8 * t), so a hand's counts are the sum of its
# pieces' and unpack with one to_bytes. No byte overflows: a string of at most MAX_HAND_CHARS characters
# holds fewer than 256 tiles.
_MAX_PIECES = 1 << 14  # the pieces and runs kept: a stream of distinct pieces must not grow memory
_AT_MOST_FOUR = bytes(range(5))


@lru_cache(maxsize=_MAX_PIECES)
def _read_piece(piece: str):
    """(plain tiles as written, their packed counts, None or (bonus tiles, melds, the melds' packed
    counts)) of a whitespace-free piece, or None if the fast path leaves it to the general parser."""
    if not _FAST_PIECE.fullmatch(piece):
        return None
    plain: list[int] = []
    bonus: list[int] = []
    melds: list[Meld] = []
    packed = 0
    for digits, letter, honour, meld in _FAST_TOKEN.findall(piece):
        if digits:
            run = _run(digits, letter)
            if run is None:
                return None
            if letter in "fg":
                bonus += run[0]
            else:
                plain += run[0]
                packed += run[1]
        elif honour:
            run = _packed(tuple(27 + HONOUR_LETTERS.index(h) for h in honour))
            plain += run[0]
            packed += run[1]
        else:
            try:
                melds.append(_meld(meld, 0, len(meld) - 1, meld))
            except NotationError:
                return None
    extra = None
    if bonus or melds:
        extra = tuple(bonus), tuple(melds), sum(1 << 8 * t for m in melds for t in m.tiles)
    return tuple(plain), packed, extra


@lru_cache(maxsize=_MAX_PIECES)
def _run(digits: str, letter: str):
    """The tiles of one run of digits with its suit letter, or None (a digit past the suit's range)."""
    run = []
    for d in digits:
        t = _DIGIT_TILE.get(d + letter)
        if t is None:
            return None
        run.append(t)
    return _packed(tuple(run))


def _packed(tiles: tuple):
    """(tiles, their packed counts)."""
    return tiles, sum(1 << 8 * t for t in tiles)


def _fast_parse(text: str, win, max_size: int) -> Hand | None:
    """The Hand for a well-formed common hand string, or None (the general parser then decides)."""
    if len(text) > MAX_HAND_CHARS:
        return None
    plain: list[int] = []
    packed = meld_packed = 0
    bonus: tuple[int, ...] = ()
    melds: tuple[Meld, ...] = ()
    for piece in text.split():
        read = _read_piece(piece)
        if read is None:
            return None
        tiles, piece_packed, extra = read
        plain += tiles
        packed += piece_packed
        if extra:
            bonus += extra[0]
            melds += extra[1]
            meld_packed += extra[2]
    if not plain:
        return None
    if bonus:
        if len(set(bonus)) != len(bonus):
            return None
        bonus = tuple(sorted(bonus))
    size = len(plain) + 3 * len(melds)
    if size % 3 != 2 or size > max_size:
        return None
    if win is None:
        win_tile = plain[-1]
    elif isinstance(win, int):
        win_tile = win
        if win_tile not in plain:
            return None
    else:
        return None
    counts = packed.to_bytes(N_TILES, "little")
    every = (packed + meld_packed).to_bytes(N_TILES, "little") if meld_packed else counts
    if every.translate(None, _AT_MOST_FOUR):
        return None  # five copies of a tile
    plain.sort()
    return Hand.fast(tuple(plain), melds, bonus, win_tile, text, tuple(counts), canonical=True)


def parse_hand(text: str, win: str | int | None = None, max_size: int = 17, partial: bool = False,
               dealt=frozenset()) -> Hand:
    """Parse a hand string. The winning tile is the last concealed tile written unless `win` names it.
    `partial=True` reads a hand that is not a win (a loser's tiles, a hand one tile short): no size
    rule, and no winning tile (win_tile -1) unless `win` names one. `dealt`: other sizes a win declared
    with the hand as dealt may have (a non-banker's 16 tiles); such a hand has no winning tile."""
    if not partial and type(text) is str and len(text) <= MAX_HAND_CHARS and (win is None or type(win) is int):
        hand = _fast_parse(text, win, max_size)
        if hand is not None:
            return hand
    return _parse_hand(text, win, max_size, partial, dealt)


def _parse_hand(text: str, win: str | int | None = None, max_size: int = 17, partial: bool = False,
                dealt=frozenset()) -> Hand:
    if not isinstance(text, str):
        raise NotationError(f"a hand must be a string, got {type(text).__name__}")
    if not text.strip():
        raise NotationError("the hand is empty")
    if len(text) > MAX_HAND_CHARS:
        raise NotationError(f"a hand string is at most {MAX_HAND_CHARS} characters; this one has {len(text)}")
    concealed: list[tuple[int, int]] = []
    melds: list[tuple[Meld, int]] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in "[{":
            closer = "]" if ch == "[" else "}"
            j = text.find(closer, i + 1)
            other = text.find("[" if ch == "[" else "{", i + 1)
            if j < 0 or (0 <= other < j):
                raise NotationError(f"{ch!r} is not closed by {closer!r}", text, i + 1)
            melds.append((_meld(text, i, j, text), i + 1))
            i = j + 1
        elif ch in "]}":
            raise NotationError(f"{ch!r} closes nothing", text, i + 1)
        else:
            j = i
            while j < n and text[j] not in "[]{}":
                j += 1
            concealed.extend(_scan(text, i, j, text))
            i = j
    bonus = [(t, c) for t, c in concealed if is_bonus(t)]
    plain = [(t, c) for t, c in concealed if not is_bonus(t)]
    seen: dict[int, int] = {}
    for t, c in bonus:
        if t in seen:
            raise NotationError(f"bonus tile {tile_name(t)} appears twice (there is one of each)", text, c)
        seen[t] = c
    counts: dict[int, int] = {}
    for m, col in melds:
        for t in m.tiles:
            counts[t] = counts.get(t, 0) + 1
            if counts[t] > 4:
                raise NotationError(f"five copies of {tile_name(t)} (a set has four)", text, col)
    for t, c in plain:
        counts[t] = counts.get(t, 0) + 1
        if counts[t] > 4:
            raise NotationError(f"five copies of {tile_name(t)} (a set has four)", text, c)
    size = len(plain) + 3 * len(melds)
    if partial or (size in dealt and size % 3 != 2 and win is None):
        if size > max_size:
            raise NotationError(f"a hand holds at most {max_size} tiles (kongs counting as 3); this one has {size}")
        return Hand(concealed=tuple(sorted(t for t, _ in plain)), melds=tuple(m for m, _ in melds),
                    bonus=tuple(sorted(t for t, _ in bonus)),
                    win_tile=-1 if win is None else (win if isinstance(win, int) else _one_tile(win)),
                    source_text=text)
    if not plain:
        raise NotationError("the hand has no concealed tiles, so no winning tile")
    if size % 3 != 2 or size > max_size:
        raise NotationError(
            f"a winning hand has 14 tiles (or 17 in five-set rulesets), kongs counting as 3; this one has {size}")
    if win is None:
        win_tile = plain[-1][0]
    else:
        win_tile = win if isinstance(win, int) else _one_tile(win)
        if win_tile not in (t for t, _ in plain):
            raise NotationError(f"the winning tile {tile_name(win_tile)} is not among the concealed tiles", text)
    return Hand(
        concealed=tuple(sorted(t for t, _ in plain)),
        melds=tuple(m for m, _ in melds),
        bonus=tuple(sorted(t for t, _ in bonus)),
        win_tile=win_tile,
        source_text=text,
    )


def parse_tile(text: str) -> int:
    """One tile from `5p`, `E`, `7z`, `2f` or a glyph; raises ValueError."""
    tiles = parse_tiles_only(text)
    if len(tiles) != 1:
        raise ValueError(f"expected one tile, got {text!r}")
    return tiles[0]


def _one_tile(text: str) -> int:
    tiles = parse_tiles_only(text)
    if len(tiles) != 1:
        raise NotationError(f"expected one tile, got {text!r}")
    return tiles[0]


def hand_text(hand: Hand) -> str:
    """format_hand(hand); a hand the fast path read from a canonically written string is that string."""
    if hand.read_canonically and _written_canonically(hand.source_text, hand.win_tile):
        return hand.source_text
    return format_hand(hand)


def _written_canonically(text: str, win_tile: int) -> bool:
    """Is `text` (a hand's text the fast path read) what format_hand writes for the hand it spells?
    Melds first, each as Meld.text writes it then the concealed groups in increasing order
    with the winning tile alone last, then the bonus groups in order (_CANONICAL_REST); one space
    between pieces."""
    # (melds come first in format_hand's text: one that starts with none has none to look for, and
    # the pattern refuses any bracket after it)
    if text[0] in "[{":
        end = 0  # where the text after the melds starts
        for piece in text.split(" "):
            if not piece or piece[0] not in "[{":
                break  # (an empty piece, two spaces, leaves the pattern a text that starts with a space)
            if not _meld_as_written(piece):
                return False
            end += len(piece) + 1
        text = text[end:]
    got = _CANONICAL_REST.fullmatch(text)
    return got is not None and got[1] == _NAMES[win_tile]  # (a fast hand's winning tile is a plain tile's)


# possessive quantifiers (Python 3.11 on) keep no backtracking state; each quantifies a character
# nothing after it can match, so without them (3.10) the pattern matches the same texts
_P = "+" if sys.version_info >= (3, 11) else ""


def _group(x: str) -> str:
    # a group of format_tiles: a suit's digits in order (no 0: a red five's), or one honour's
    # letters; a branch for "none"
    digits = "".join(f"{d}*{_P}" for d in "123456789")
    return f"(?:{digits}{x} |)" if x in "mps" else f"(?:{x}+{_P} |)"


# format_hand's text after the melds: the concealed groups (m p s, then E S W N P F C), the winning
# tile (its group), the bonus groups (flowers, seasons: one of each tile). A piece of the fast path's
# text is never a suit letter alone, so a group's digits need no test for being there.
_CANONICAL_REST = re.compile("".join(map(_group, "mpsESWNPFC")) + "([1-9][mps]|[ESWNPFC])"
                             "(?: 1?{0}2?{0}3?{0}4?{0}f|)(?: 1?{0}2?{0}3?{0}4?{0}g|)".format(_P))
_NAMES = tuple(map(tile_name, range(34)))  # the winning tile's text
@lru_cache(maxsize=_MAX_PIECES)
def _meld_as_written(piece: str) -> bool:
    """Is the piece one meld as Meld.text writes it (the piece as the fast path reads it)?"""
    read = _read_piece(piece)
    extra = read and read[2]
    return bool(extra and not read[0] and not extra[0] and len(extra[1]) == 1 and extra[1][0].text() == piece)
