"""How high any reading of a hand can score, found before its readings are valued one by one.

A wild-tile hand can read thousands of ways (four laizi: 2,435 readings) while the values among them
stay few. `best.py` uses the hand's ceiling to stop valuing readings once one reaches it: no later
reading can then beat it (the best is the first of the highest, so a later equal changes nothing).

The ceiling is exact arithmetic over the ruleset's own machinery, not a guess: each pattern's count
ranges over an interval on the hand's readings, declared beside its predicate with `@count_range`:
`fn(info, **params) -> (lo, hi)` (or None: unknown). A pattern that reads only the context or the bonus tiles (`@reads`) or is declared `@same_on_every_reading` has
one count, asked on one reading. The ceiling is then the highest key the value model gives over every
combination of those counts, each combination resolved with the ruleset's exclusions and series like
real hits: every reading's hits are one of the combinations, so no reading's key lies above it,
whatever the model.
One pattern without a range (or too many combinations) means no ceiling, and every reading is valued.

Soundness rests on each range holding on every reading: tests/test_wild_best.py checks every range
against the counts of every reading of 20,000 random wild hands, and the answers against the plain
enumeration. A range only has to contain the counts (a wider one is sound, just less useful).
"""
from __future__ import annotations

from itertools import product

from ..notation.hand import CHOW, KONG, PUNG

RANGES: dict = {}  # predicate function -> fn(info, **params) -> (lo, hi) or None
SAME = "same"  # the count is the same on every reading of a hand: asked on the first one
MAX_COMBINATIONS = 256


def count_range(*predicates):
    """Declare `fn(info, **params) -> (lo, hi)` the range of the predicates' counts over a hand's readings."""
    def deco(fn):
        for p in predicates:
            RANGES[p] = fn
        return fn
    return deco


def same_on_every_reading(fn):
    """Declare that a pattern predicate reads only the hand, the context and the wild tile (never the
    reading's blocks, form or winning block): its count is one per hand."""
    RANGES[fn] = SAME
    return fn


class HandInfo:
    """What the ranges read: the hand, its readings and the tiles the hand holds as themselves."""

    def __init__(self, readings, facts0, counts, jokers):
        self.readings = readings
        self.f0 = facts0
        self.hand = facts0.hand
        self.ctx = facts0.ctx
        self.wild = facts0.wild
        self.counts = counts  # the concealed tiles that are not wild (white substitutes applied)
        self.jokers = jokers
        self._natural = None

    @property
    def natural_mask(self) -> int:
        """Every tile kind held as itself (concealed or in a declared set): each reading's `mask` holds them."""
        m = self._natural
        if m is None:
            m = 0
            for t, c in enumerate(self.counts):
                if c:
                    m |= 1 << t
            for meld in self.hand.melds:
                for t in meld.tiles:
                    m |= 1 << t
            self._natural = m
        return m

    def forms(self) -> set:
        return {r.form for r in self.readings}


def factors(bound, info) -> list | None:
    """[(pattern indices, the count tuples they can take together)] covering every pattern (one index
    each for now), or None when one has no known range. A reading's hits are one choice per factor."""
    out = []
    f0 = info.f0
    for k, (_spec, fn, params, _value) in enumerate(bound.patterns):
        how = RANGES.get(fn)
        if how is SAME or getattr(fn, "reads", None) in ("ctx", "bonus"):
            n = fn(f0, **params)
            out.append(((k,), ((int(n) if n is True or n is False else n,),)))
            continue
        if how is None:
            return None
        got = how(info, **params)
        if got is None:
            return None
        lo, hi = got
        if lo == hi:
            out.append(((k,), ((lo,),)))
        elif type(lo) is not int or type(hi) is not int or lo > hi:
            return None
        else:
            out.append(((k,), tuple((c,) for c in range(lo, hi + 1))))
    return out


def ceiling_key(bound, info, items_of, value_of):
    """The highest key any reading of the hand can have, or None when it cannot be bounded.
    `items_of(hits)` resolves hits [(index, count, type)] into items, `value_of(items)` values them."""
    parts = factors(bound, info)
    if parts is None:
        return None
    fixed = []
    free = []
    n = 1
    for ks, options in parts:
        if len(options) == 1:
            fixed += [(k, c, type(c)) for k, c in zip(ks, options[0]) if c]
        else:
            free.append((ks, options))
            n *= len(options)
            if n > MAX_COMBINATIONS:
                return None
    best = None
    for choice in product(*(options for _ks, options in free)):
        hits = list(fixed)
        for (ks, _o), counts in zip(free, choice):
            hits += [(k, c, type(c)) for k, c in zip(ks, counts) if c]
        hits.sort()
        key = value_of(items_of(hits)).key
        if best is None or key > best:
            best = key
    return best


# ---- ranges of the shared predicates the wild-tile rulesets use -----------------------------------

def _register_shared():
    from ..notation.tiles import HONOURS
    from ..patterns.sets import all_pungs
    from ..patterns.tiles import one_suit

    honour_mask = 0
    for t in HONOURS:
        honour_mask |= 1 << t
    suit_masks = [sum(1 << t for t in range(s * 9, s * 9 + 9)) for s in range(3)]

    @count_range(all_pungs)
    def _all_pungs(info):
        """1 only on a standard reading without chows and with a pung: look for one."""
        last = None
        for r in info.readings:
            b = r.blocks
            if r.form != "standard" or b is last:  # (readings that differ only in the winning block)
                continue
            last = b
            kinds = {x[0] for x in b}
            if CHOW not in kinds and (PUNG in kinds or KONG in kinds):
                return (0, 1)
        return (0, 0)

    @count_range(one_suit)
    def _one_suit(info, honours="with"):
        """Each reading holds the natural tiles: two suits among them, or honours where none may be, rule it out."""
        m = info.natural_mask
        if sum(1 for s in suit_masks if m & s) > 1:
            return (0, 0)
        if honours == "without" and m & honour_mask:
            return (0, 0)
        if honours not in ("with", "without", "any"):
            return None
        return (0, 1)


_register_shared()
