"""Every reading of a hand's concealed tiles as sets plus a pair, given its declared melds.

Two enumerators give the same answers where both apply (a test checks it): a per-suit table for hands
without wild tiles (the distinct one-suit splits are few, so a table makes the split nearly free),
and a general search for hands with wild tiles (wild_splits.py), where each wild tile may stand for
any tile and the reading records what it stood for. Blocks and Readings are defined in blocks.py.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import chain, product

from ..notation.hand import CHOW, KONG, PAIR, PUNG, Hand
from .blocks import SINGLE, Block, Reading, _new_reading
from .wild_splits import _wild_splits_by_suit

# ---- sets and pair without wild tiles: per-suit table -------------------------------------------

@lru_cache(maxsize=None)
def _group_splits(counts: tuple[int, ...], suited: bool) -> tuple[tuple[tuple[str, int], ...], ...]:
    """All ways to split one suit's counts (local indices) into pungs, chows and at most one pair: the
    plain recursive search, kept as the reference _suit_splits is tested against."""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return ((),)
    out = set()
    c = list(counts)

    def recurse(kind: str, used: tuple[int, ...]):
        for k in used:
            c[k] -= 1
        for rest in _group_splits(tuple(c), suited):
            if kind == PAIR and any(b[0] == PAIR for b in rest):
                continue
            out.add(tuple(sorted(((kind, i),) + rest)))
        for k in used:
            c[k] += 1

    if c[i] >= 3:
        recurse(PUNG, (i, i, i))
    if suited and i + 2 < len(c) and c[i + 1] and c[i + 2]:
        recurse(CHOW, (i, i + 1, i + 2))
    if c[i] >= 2:
        recurse(PAIR, (i, i))
    return tuple(sorted(out))


# one Block per kind and tile, shared by every split, and its number: a table entry holds the numbers,
# so it holds ints alone, which the cyclic GC stops tracking (a tuple of Blocks, like the Blocks
# themselves, stays in its care however long it lives: random hands meet a new suit content every few
# hands, and a full collection walked every entry kept so far, a tenth of a riichi hand's time)
_BLOCKS = tuple(Block(k, t) for k in (CHOW, PUNG, PAIR) for t in range(34))
_PLAIN_BLOCK = {(b.kind, b.tile): b for b in _BLOCKS}
# a block's number counts its tile from the start of its suit, so one entry serves a content met in
# any suit: each suit reads the numbers in the Blocks from its first tile on
_LOCAL_CODE = {(b.kind, b.tile): i for i, b in enumerate(_BLOCKS) if b.tile < 9}
_SUITS = tuple((base, end, _BLOCKS[base:].__getitem__) for base, end in ((0, 9), (9, 18), (18, 27), (27, 34)))


def _suit_splits(sub: tuple[int, ...], suited: bool, want_pair: bool) -> tuple:
    """_group_splits(sub, suited) with (or without) the pair, sorted the same, by a walk over the
    ranks that chooses at each rank how many pungs, chows and pairs start there: each split arises
    from exactly one choice, so nothing is deduplicated and no sub-result kept (a table miss is a
    rare suit content: tests/test_front_fast.py compares this with _group_splits on every content of
    up to 9 tiles and on random ones of 11 to 17)."""
    hi = len(sub) - 1
    while not sub[hi]:
        hi -= 1
    out: list = []

    def walk(i, a, b, chows, pair, pungs):
        # a: chows started at rank i - 1, b: at rank i - 2 (both hold a tile of rank i)
        left = sub[i] - a - b
        while not left:
            if i == hi:
                if bool(pair) == want_pair:
                    out.append(chows + pair + pungs)
                return
            i += 1
            a, b = 0, a
            left = sub[i] - a - b
        if left < 0:
            return
        room = suited and i + 2 <= hi
        p = 0
        while left >= 0:  # p pungs here, then a pair or not, the rest chows starting here
            for k, got in ((left, ()), (left - 2, (_LOCAL_PAIR[i],))) if (want_pair and not pair and left >= 2) \
                    else ((left, ()),):
                if k and (not room or sub[i + 1] - a < k or sub[i + 2] < k):
                    continue
                if i == hi:
                    if bool(pair or got) == want_pair:
                        out.append(chows + (pair or got) + pungs + (_LOCAL_PUNG[i],) * p)
                    continue
                walk(i + 1, k, a, chows + (_LOCAL_CHOW[i],) * k if k else chows, pair or got,
                     pungs + (_LOCAL_PUNG[i],) * p if p else pungs)
            left -= 3
            p += 1

    walk(0, 0, 0, (), (), ())
    out.sort()
    return tuple(out)


_LOCAL_CHOW, _LOCAL_PAIR, _LOCAL_PUNG = ([(kind, i) for i in range(9)] for kind in (CHOW, PAIR, PUNG))


@lru_cache(maxsize=65536)
def _suit_entry(sub: tuple[int, ...]):
    """None (no split), () (no tiles) or (whether the pair is here, the splits as block numbers from
    the suit's first tile) of a suit's content (7 tiles long: the honours, which make no chows); the
    entries hold ints alone, which the cyclic GC stops tracking."""
    n = sum(sub)
    if n == 0:
        return ()
    if n % 3 == 1:
        return None
    want_pair = n % 3 == 2
    local = _suit_splits(sub, len(sub) == 9, want_pair)
    if not local:
        return None
    return want_pair, tuple(tuple([_LOCAL_CODE[b] for b in split]) for split in local)


def _plain_splits(counts: tuple[int, ...]) -> list[tuple[Block, ...]]:
    per_group = []
    paired = False
    single = True
    for base, end, block_at in _SUITS:
        entry = _suit_entry(counts[base:end])
        if entry is None:
            return []
        if not entry:
            continue
        want_pair, options = entry
        if want_pair:
            if paired:
                return []
            paired = True
        if len(options) > 1:
            single = False
        per_group.append((block_at, options))
    if not paired:
        return []
    if single:  # the usual case: one split per suit
        return [tuple([block_at(code) for block_at, options in per_group for code in options[0]])]
    return [tuple(chain.from_iterable(map(block_at, split) for (block_at, _), split in zip(per_group, combo)))
            for combo in product(*[options for _, options in per_group])]


def standard_splits(counts: tuple[int, ...], jokers: int = 0) -> list[tuple[Block, ...]]:
    """Every split of the concealed counts (plus `jokers` wild tiles) into sets and exactly one pair."""
    if (sum(counts) + jokers) % 3 != 2:
        return []
    if jokers == 0:
        return _plain_splits(tuple(counts))
    return list(_wild_splits_by_suit(tuple(counts), jokers))


def meld_blocks(hand: Hand) -> tuple[Block, ...]:
    if not hand.melds:
        return ()
    # (tuple.__new__ skips Block's Python-level __new__: a meld's Block is made for every hand)
    return tuple([_new_block(Block, (m.kind, m.tile, (), m)) for m in hand.melds])


_new_block = tuple.__new__


_SIZE = {PAIR: 2, PUNG: 3, KONG: 4, SINGLE: 1}
@lru_cache(maxsize=65536)
def _natural(b: Block) -> frozenset:
    """The tile kinds a concealed block holds as natural tiles (not wild)."""
    natural = list(b.tiles)
    for w in b.wild:
        natural.remove(w)
    return frozenset(natural)


def place_win(blocks: tuple[Block, ...], win_tile: int, win_is_wild: bool, first: int) -> list[int]:
    """Indices of the concealed blocks (from `first` on) that can hold the winning tile: a wild winning
    tile goes to a block with a wild tile, another to a block holding it as a natural tile; equal
    blocks are one place (the first)."""
    places = []
    seen = set()
    for k in range(first, len(blocks)):
        b = blocks[k]
        if (bool(b[2]) if win_is_wild else win_tile in _natural(b)) and b not in seen:
            places.append(k)
            seen.add(b)
    return places


def standard_readings(hand: Hand, counts: tuple[int, ...], jokers: int, win_is_wild: bool,
                      options=None) -> list[Reading]:
    """Readings of the standard form (sets and a pair), one per split and winning-tile placement
    (`options`: the ruleset's hand options, which this form reads none of)."""
    # (the per-suit checks of _plain_splits imply the size check of standard_splits)
    splits = _plain_splits(counts) if not jokers else standard_splits(counts, jokers)
    if not splits:
        return []
    melds = meld_blocks(hand)
    first = len(melds)
    win = hand.win_tile
    out = []
    if jokers or win_is_wild:
        # place_win inlined: a block holds a natural winning tile unless a wild tile stood for that copy
        for split in splits:
            blocks = None
            seen = []
            for k, b in enumerate(split, first):
                kind, tile, wild, _meld = b
                if win_is_wild:
                    if not wild:
                        continue
                elif kind == CHOW:
                    if not tile <= win <= tile + 2 or win in wild:
                        continue
                elif tile != win or len(wild) >= _SIZE[kind]:
                    continue
                if b in seen:
                    continue
                seen.append(b)
                if blocks is None:
                    blocks = melds + split if melds else split
                out.append(_new_reading(Reading, ("standard", blocks, k)))
        return out
    # place_win for a split without wild tiles: its blocks are sorted within each suit, so equal blocks
    # (two same chows) are next to each other and only the first of them is a place (equal blocks of a
    # split are one object: _BLOCKS)
    for split in splits:
        blocks = melds + split if melds else split
        last = None
        for k, b in enumerate(split, first):
            tile = b[1]
            if (tile <= win <= tile + 2) if b[0] == CHOW else tile == win:
                if b is not last:
                    out.append(_new_reading(Reading, ("standard", blocks, k)))
                    last = b
    return out
