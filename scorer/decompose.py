"""Every reading of a hand's concealed tiles as sets plus a pair, given its declared melds.

Two enumerators give the same answers where both apply (a test checks it): a per-suit table for hands
without wild tiles (the distinct one-suit splits are few, so a table makes the split nearly free),
and a general search for hands with wild tiles, where each wild tile may stand for any tile and the
reading records what it stood for.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import chain, product
from typing import NamedTuple

from .hand import CHOW, KONG, PAIR, PUNG, Hand, Meld

SINGLE = "single"  # a lone tile of a special form (thirteen orphans)


class Block(NamedTuple):
    """One set or pair of a reading. `wild` lists the tiles wild tiles stood for inside it;
    `meld` is the declared meld it came from (None for concealed tiles)."""

    kind: str
    tile: int
    wild: tuple[int, ...] = ()
    meld: Meld | None = None

    @property
    def tiles(self) -> tuple[int, ...]:
        try:
            return _BLOCK_TILES[self.kind][self.tile]
        except (KeyError, IndexError, TypeError):
            pass
        if self.kind == CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * {PAIR: 2, PUNG: 3, KONG: 4, SINGLE: 1}[self.kind]

    @property
    def exposed(self) -> bool:
        return self.meld is not None and not self.meld.concealed


# a block's tiles by kind and tile (Block.tiles is read for every block of every reading)
_BLOCK_TILES = {CHOW: {t: (t, t + 1, t + 2) for t in range(42)}, PAIR: {t: (t,) * 2 for t in range(42)},
                PUNG: {t: (t,) * 3 for t in range(42)}, KONG: {t: (t,) * 4 for t in range(42)},
                SINGLE: {t: (t,) for t in range(42)}}


_new_reading = tuple.__new__  # Reading(...) without its Python-level __new__ (a hot loop makes many)


class Reading(NamedTuple):
    """A way to read the whole hand. `form` is 'standard' or a special form's name. `win` is the index in
    `blocks` of the block that holds the winning tile (-1 where the form has no such notion)."""

    form: str
    blocks: tuple[Block, ...]
    win: int = -1

    @property
    def pair(self) -> Block | None:
        for b in self.blocks:
            if b.kind == PAIR:
                return b
        return None

    def wild_uses(self) -> tuple[int, ...]:
        return tuple(t for b in self.blocks for t in b.wild)


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


# one Block per kind and tile, shared by every split: a table entry then adds no Block of its own
# (Blocks, unlike plain tuples, stay in the cyclic GC's care however long they live)
_PLAIN_BLOCK = {(k, t): Block(k, t) for k in (CHOW, PUNG, PAIR) for t in range(34)}

# per suit (and the honours): its counts -> () when empty, None when they cannot be sets and at most one
# pair, else (whether they hold the pair, their splits). A batch meets few distinct suit contents.
_SUIT_TABLES = tuple((base, base + size, {}) for base, size in ((0, 9), (9, 9), (18, 9), (27, 7)))


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


# a suit content's splits in local indices, shared by the three suits (a content met in one suit is
# no miss in another); the per-suit tables below hold them as Blocks
_LOCAL: dict = {}


def _suit_entry(sub: tuple[int, ...], base: int):
    n = sum(sub)
    if n == 0:
        return ()
    if n % 3 == 1:
        return None
    want_pair = n % 3 == 2
    key = (sub, base < 27)
    local = _LOCAL.get(key)
    if local is None:
        if len(_LOCAL) >= 65536:
            _LOCAL.clear()
        local = _LOCAL[key] = _suit_splits(sub, base < 27, want_pair)
    if not local:
        return None
    return want_pair, tuple(tuple([_PLAIN_BLOCK[k, base + t] for k, t in split]) for split in local)


_MISSING = object()


def _plain_splits(counts: tuple[int, ...]) -> list[tuple[Block, ...]]:
    per_group = []
    paired = False
    single = True
    for base, end, table in _SUIT_TABLES:
        sub = counts[base:end]
        entry = table.get(sub, _MISSING)  # (a raised KeyError costs more than a miss's own work here)
        if entry is _MISSING:
            if len(table) >= 65536:
                table.clear()
            entry = table[sub] = _suit_entry(sub, base)
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
        per_group.append(options)
    if not paired:
        return []
    if len(per_group) == 1:
        return list(per_group[0])
    if single:  # the usual case: one split per suit
        out: tuple = ()
        for options in per_group:
            out += options[0]
        return [out]
    return [tuple(b for group in combo for b in group) for combo in product(*per_group)]


# ---- with wild tiles: general search -------------------------------------------------------------

_ANY_SET = tuple([Block(PUNG, t) for t in range(34)] + [Block(CHOW, s * 9 + r) for s in range(3) for r in range(7)])


def _all_wild(block: Block) -> Block:
    return block._replace(wild=block.tiles)


@lru_cache(maxsize=65536)
def _wild_splits(counts: tuple[int, ...], jokers: int, need_pair: bool) -> frozenset:
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return frozenset(_jokers_only(jokers, need_pair))
    out = set()
    c = list(counts)

    def take(block: Block, natural: tuple[int, ...], wild: tuple[int, ...], pair_used: bool):
        if len(wild) > jokers:
            return
        for k in natural:
            c[k] -= 1
        if min(c) >= 0:
            placed = Block(block.kind, block.tile, wild, block.meld)  # block._replace(wild=wild), faster
            for rest in _wild_splits(tuple(c), jokers - len(wild), need_pair and not pair_used):
                out.add(tuple(sorted(rest + (placed,))))
        for k in natural:
            c[k] += 1

    if need_pair:
        take(Block(PAIR, i), (i, i), (), True)
        take(Block(PAIR, i), (i,), (i,), True)
    take(Block(PUNG, i), (i, i, i), (), False)
    take(Block(PUNG, i), (i, i), (i,), False)
    take(Block(PUNG, i), (i,), (i, i), False)
    if i < 27:
        rank = i % 9
        for start in (i - 2, i - 1, i):
            if start < i - rank or start + 2 > i - rank + 8:
                continue
            others = [k for k in (start, start + 1, start + 2) if k != i]
            # tiles below i are used up, so they must be wild; above i, natural or wild
            for choice in product(*[((k, "w"),) if k < i else ((k, "n"), (k, "w")) for k in others]):
                natural = (i,) + tuple(k for k, how in choice if how == "n")
                wild = tuple(k for k, how in choice if how == "w")
                take(Block(CHOW, start), natural, wild, False)
    return frozenset(out)


def _first_moves(base: int, i: int) -> tuple:
    """The blocks a suit's (or the honours') first natural tile `i` (local index) may go to, as
    (makes the pair, the block, how many of `i` it takes, the other natural tiles it takes): a pair
    or a pung with the rest of its copies natural or wild, a chow (suits only) whose tiles below `i`
    are wild (they are used up) and whose tiles above are natural or wild."""
    out = []
    t = base + i
    for pair, kind, n in ((True, PAIR, 2), (False, PUNG, 3)):
        for natural in range(n, 0, -1):
            out.append((pair, Block(kind, t, (t,) * (n - natural)), natural, ()))
    if base < 27:
        for start in (i - 2, i - 1, i):
            if start < 0 or start + 2 > 8:
                continue
            others = [k for k in (start, start + 1, start + 2) if k != i]
            for choice in product(*[((k, "w"),) if k < i else ((k, "n"), (k, "w")) for k in others]):
                natural = tuple(k for k, how in choice if how == "n")
                wild = tuple(base + k for k, how in choice if how == "w")
                out.append((False, Block(CHOW, base + start, wild), 1, natural))
    return tuple(out)


# per base (0, 9, 18, 27) and first natural tile: its moves (a table: a miss of _suit_wild walks them)
_FIRST_MOVES = {base: tuple(_first_moves(base, i) for i in range(9 if base < 27 else 7)) for base in (0, 9, 18, 27)}


@lru_cache(maxsize=None)
def _suit_wild(sub: tuple[int, ...], base: int, jokers: int, need_pair: bool) -> tuple[tuple[Block, ...], ...]:
    """_wild_splits for one suit (or the honours) at `base`: every split of its natural tiles into blocks
    that each hold at least one of them, using exactly `jokers` wild tiles, with the pair or without.
    The same search, cached per suit (a hand's suits recur far more often than whole hands)."""
    i = next((k for k, c in enumerate(sub) if c), -1)
    if i < 0:
        return ((),) if jokers == 0 and not need_pair else ()
    out = set()
    have = sub[i]
    for pair, placed, n, others in _FIRST_MOVES[base][i]:
        # the first tile left, n of its copies, and each other natural tile once
        if pair and not need_pair:
            continue
        left = jokers - len(placed[2])
        if left < 0 or n > have:
            continue
        c = list(sub)
        c[i] -= n
        if others:
            short = False
            for k in others:
                if not c[k]:
                    short = True
                    break
                c[k] -= 1
            if short:
                continue
        for rest in _suit_wild(tuple(c), base, left, need_pair and not pair):
            out.add(tuple(sorted(rest + (placed,))))
    return tuple(out)


@lru_cache(maxsize=None)
def _jokers_only_cached(jokers: int, need_pair: bool) -> tuple[tuple[Block, ...], ...]:
    return tuple(_jokers_only(jokers, need_pair))


@lru_cache(maxsize=4096)
def _wild_splits_by_suit(counts: tuple[int, ...], jokers: int) -> tuple[tuple[Block, ...], ...]:
    """sorted(_wild_splits(counts, jokers, True)), composed from per-suit searches: the pair goes to one
    suit or to the wild tiles alone, the wild tiles are shared out among the suits (each suit's count
    plus its share is a multiple of three, plus two where the pair is) and the rest make all-wild blocks.
    Every block of a suit's split holds a natural tile of that suit and an all-wild block none, so each
    split of the hand arises from exactly one choice."""
    groups = []
    for base, size in ((0, 9), (9, 9), (18, 9), (27, 7)):
        sub = counts[base:base + size]
        n = sum(sub)
        if n:
            groups.append((sub, base, n))
    out: list = []
    ng = len(groups)
    for pair_at in range(ng + 1):  # ng: the pair is made of wild tiles only
        lists = []
        for g, (sub, base, n) in enumerate(groups):
            got = _suit_choices(sub, base, n, jokers, g == pair_at)
            if not got:
                break
            lists.append(got)
        else:
            for picks in product(*lists):
                left = jokers
                for j, _splits in picks:
                    left -= j
                if left < 0:
                    continue
                free = _jokers_only_cached(left, pair_at == ng)
                if not free:
                    continue
                for combo in product(*[splits for _j, splits in picks], free):
                    out.append(tuple(sorted(chain.from_iterable(combo))))
    out.sort()
    return tuple(out)


@lru_cache(maxsize=None)
def _suit_choices(sub: tuple[int, ...], base: int, n: int, jokers: int, need_pair: bool) -> tuple:
    """(wild tiles used, _suit_wild's splits) for each share of at most `jokers` wild tiles that one
    suit (`n` natural tiles) can take: n plus its share is a multiple of three, plus two with the pair."""
    out = []
    j = (-(n - 2 if need_pair else n)) % 3
    while j <= jokers:
        if base == 9 or base == 18:  # the same content in the first suit, moved: one search for the three
            got = _moved(_suit_wild(sub, 0, j, need_pair), base)
        else:
            got = _suit_wild(sub, base, j, need_pair)
        if got:
            out.append((j, got))
        j += 3
    return tuple(out)


_MOVED: dict = {}  # (a block of the first suit, base) -> the same block in the suit at base


def _moved(splits: tuple, base: int) -> tuple:
    """The splits of the first suit moved to the suit at `base` (each split stays sorted: every tile,
    wild ones too, moves by the same step)."""
    out = []
    for split in splits:
        moved = []
        for b in split:
            m = _MOVED.get((b, base))
            if m is None:
                m = _MOVED[b, base] = Block(b.kind, b.tile + base, tuple(w + base for w in b.wild))
            moved.append(m)
        out.append(tuple(moved))
    return tuple(out)


def _jokers_only(jokers: int, need_pair: bool) -> list[tuple[Block, ...]]:
    if need_pair:
        if jokers < 2:
            return []
        return [tuple(sorted(rest + (Block(PAIR, t, (t, t)),)))
                for t in range(34) for rest in _jokers_only(jokers - 2, False)]
    if jokers % 3:
        return []
    result: list[tuple[Block, ...]] = [()]
    for _ in range(jokers // 3):
        result = list({tuple(sorted(r + (_all_wild(b),))) for r in result for b in _ANY_SET})
    return result


def standard_splits(counts: tuple[int, ...], jokers: int = 0) -> list[tuple[Block, ...]]:
    """Every split of the concealed counts (plus `jokers` wild tiles) into sets and exactly one pair."""
    if (sum(counts) + jokers) % 3 != 2:
        return []
    if jokers == 0:
        return _plain_splits(tuple(counts))
    return list(_wild_splits_by_suit(tuple(counts), jokers))


_MELD_BLOCKS: dict = {}  # id(meld) -> (meld, its Block): the parser hands out one Meld per meld text


def meld_blocks(hand: Hand) -> tuple[Block, ...]:
    if not hand.melds:
        return ()
    out = []
    for m in hand.melds:
        hit = _MELD_BLOCKS.get(id(m))
        if hit is None or hit[0] is not m:
            if len(_MELD_BLOCKS) >= 4096:
                _MELD_BLOCKS.clear()
            hit = _MELD_BLOCKS[id(m)] = (m, Block(m.kind, m.tile, (), m))  # the entry keeps m: ids stay unique
        out.append(hit[1])
    return tuple(out)


_SIZE = {PAIR: 2, PUNG: 3, KONG: 4, SINGLE: 1}
_NATURAL: dict = {}  # a concealed block -> the tile kinds it holds as natural tiles (not wild)


def _natural(b: Block) -> frozenset:
    got = _NATURAL.get(b)
    if got is None:
        natural = list(b.tiles)
        for w in b.wild:
            natural.remove(w)
        if len(_NATURAL) >= 65536:
            _NATURAL.clear()
        got = _NATURAL[b] = frozenset(natural)
    return got


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


def standard_readings(hand: Hand, counts: tuple[int, ...], jokers: int, win_is_wild: bool) -> list[Reading]:
    """Readings of the standard form (sets and a pair), one per split and winning-tile placement."""
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
    # (two same chows) are next to each other and only the first of them is a place
    for split in splits:
        blocks = melds + split if melds else split
        last = None
        for k, (kind, tile, _wild, _meld) in enumerate(split, first):
            if (tile <= win <= tile + 2) if kind == CHOW else tile == win:
                if (kind, tile) != last:
                    out.append(_new_reading(Reading, ("standard", blocks, k)))
                    last = (kind, tile)
    return out
