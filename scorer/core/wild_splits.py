"""Every split of a hand's concealed tiles into sets and a pair when some tiles are wild: a search in
which each wild tile may stand for any tile, the split recording what it stood for (decompose.py's
per-suit tables answer the hands without wild tiles; a test checks that both agree there)."""
from __future__ import annotations

from functools import lru_cache
from itertools import chain, product

from ..notation.hand import CHOW, PAIR, PUNG
from .blocks import Block

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
