"""Shanten: how many tiles a hand is from ready (0 ready, -1 complete), for the forms a ruleset
accepts: sets and a pair (any number of sets), seven pairs and thirteen orphans.

The standard form is counted exactly: the most tiles of the hand that some complete hand can keep,
where every tile it still needs must be one the player can still get (a fifth copy cannot be drawn,
so a wait on a tile held four times, or taken by the player's own melds, does not count). A hand that
keeps `used` of the 3n+2 tiles needs 3n+2-used more; shanten is one less. The closest reading (the
groups kept and the tiles left over) comes with it, for the "how far is it" explanation."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..notation.tiles import ORPHANS

SET, PAIR, PART_SET, PART_PAIR = "set", "pair", "partial set", "partial pair"


@dataclass(frozen=True)
class Group:
    """Tiles of the hand kept together: a set, a pair, or part of one with the tiles that finish it."""

    kind: str
    tiles: tuple
    needs: tuple = ()  # every tile kind that completes a partial group (one of them is enough)


@dataclass
class Shanten:
    """`number` tiles from ready under `form`; `groups` the closest reading's groups of held tiles and
    `left_over` the tiles it does not keep (worked out when asked: a shanten number alone is cheap)."""

    form: str  # standard, seven_pairs, thirteen_orphans
    number: int
    _groups: object = None  # a list, or a function returning (groups, left over)
    _left: list = field(default_factory=list)

    def _resolve(self):
        if callable(self._groups):
            self._groups, self._left = self._groups()

    @property
    def groups(self) -> list:
        self._resolve()
        return self._groups

    @property
    def left_over(self) -> list:
        self._resolve()
        return self._left


@lru_cache(maxsize=50000)
def _suit_table(counts: tuple, room: tuple, suited: bool, nmax: int) -> dict:
    """{(sets, pairs): (tiles kept, target blocks)} at their best for one suit (or one honour kind).

    A target is a complete hand's part in this suit; it keeps min(held, wanted) copies of each kind,
    and may want a kind at most `room[k]` times (4 less what the player's melds hold: copies beyond
    the hand are drawn from the rest). A dynamic programme over the kinds in order, carrying the
    chows started one and two kinds back (they want this kind too)."""
    n = len(counts)
    # state (chows from k-1, chows from k-2, sets, pairs) -> kept; one back-pointer table per kind
    states = {(0, 0, 0, 0): 0}
    back = []
    for k in range(n):
        held = counts[k]
        # a block that keeps no tile is as good as an empty one: start only what keeps something
        can_start = suited and k + 2 < n and (held or counts[k + 1] or counts[k + 2])
        if not held and not can_start:
            nxt = {}
            ptr = {}
            for st, kept in states.items():
                a, b, g, p = st
                if a + b > room[k]:
                    continue
                to = (0, a, g, p)
                if nxt.get(to, -1) < kept:
                    nxt[to] = kept
                    ptr[to] = (st, 0, 0, 0)
            states = nxt
            back.append(ptr)
            continue
        qr = ((0, 0), (1, 0), (0, 1))
        # more chows from here than the most copies of any of their kinds keep nothing more than
        # empty sets would (each extra one wants a tile past every copy held)
        most = max(counts[k:k + 3])
        cap = room[k]
        nxt = {}
        ptr = {}
        for st, kept in states.items():
            a, b, g, p = st
            base = a + b
            for s in range(0, min(cap - base, nmax - g, most) + 1 if can_start else 1):
                # a pung or pair here keeps something only while this kind has copies not yet kept
                for q, r in (qr if base + s < held else _NONE):
                    want = base + s + 3 * q + 2 * r
                    gg = g + s + q
                    pp = p + r
                    if want > cap or gg > nmax or pp > 1:
                        continue
                    total = kept + (held if held < want else want)
                    to = (s, a, gg, pp)
                    if nxt.get(to, -1) < total:
                        nxt[to] = total
                        ptr[to] = (st, s, q, r)
        states = nxt
        back.append(ptr)
    out: dict = {}
    for st, kept in states.items():
        a, b, g, p = st
        if not (a or b) and out.get((g, p), (-1,))[0] < kept:
            blocks = []
            cur = st
            for k in range(n - 1, -1, -1):
                cur, s, q, r = back[k][cur]
                blocks += [("chow", k)] * s + [("pung", k)] * q + [("pair", k)] * r
            out[(g, p)] = (kept, tuple(blocks))
    return _pareto(out)


_NONE = ((0, 0),)


def _pareto(table: dict) -> dict:
    """Keep an entry only if it keeps more tiles than every entry with fewer sets and the same pair
    (a set left empty is as good as one that keeps nothing more)."""
    out = {}
    for p in (0, 1):
        best = -1
        for g in sorted(k[0] for k in table if k[1] == p):
            v = table[(g, p)]
            kept = v if type(v) is int else v[0]
            if kept > best:
                out[(g, p)] = v
                best = kept
    return out


def _block_tiles(kind, t):
    return (t, t + 1, t + 2) if kind == "chow" else (t,) * (3 if kind == "pung" else 2)


def _groups(counts, blocks):
    """The target blocks as groups of held tiles (with the tiles they still need) and the left over."""
    left = list(counts)
    groups = []
    for kind, t in sorted(blocks, key=lambda b: (b[0] != "pair", b[1], b[0])):
        held, needs = [], []
        for x in _block_tiles(kind, t):
            if left[x]:
                left[x] -= 1
                held.append(x)
            else:
                needs.append(x)
        if not held:
            continue
        if kind == "chow" and len(held) == 2 and held[1] == held[0] + 1:
            # two in a row wait at either end (the target chose one)
            needs = [x for x in (held[0] - 1, held[1] + 1) if x // 9 == held[0] // 9]
        if needs:
            groups.append(Group(PART_PAIR if kind == "pair" else PART_SET, tuple(held), tuple(needs)))
        else:
            groups.append(Group(PAIR if kind == "pair" else SET, tuple(held)))
    # the same tiles kept, read the way a player would: a held pair is the pair, a lone tile the
    # start of a set, rather than two of a kind waiting for a third and a lone tile for its twin
    lone = next((g for g in groups if g.kind == PART_PAIR), None)
    twin = next((g for g in groups if g.kind == PART_SET and len(g.tiles) == 2 and g.tiles[0] == g.tiles[1]), None)
    if lone and twin:
        t = lone.tiles[0]
        groups[groups.index(lone)] = Group(PART_SET, (t,), (t, t))
        groups[groups.index(twin)] = Group(PAIR, twin.tiles)
    groups.sort(key=lambda g: (g.kind == PAIR, g.kind.startswith("partial"), g.tiles))
    return groups, [t for t in range(34) for _ in range(left[t])]


def standard(counts, sets: int, melds: int = 0, blocked=None) -> Shanten:
    """Shanten of the standard form: `sets` sets and a pair; `counts` the 34 concealed tile counts,
    `melds` the declared sets, `blocked` the 34 counts of tiles the player's melds hold."""
    blocked = blocked or (0,) * 34
    room = tuple(4 - b for b in blocked)
    table = {(melds, 0): 0}
    steps = []  # per part: its table and, per combined entry, the entries it came from
    for base, width, suited in _PARTS:
        sub = tuple(counts[base:base + width])
        if not any(sub):
            continue
        st = _suit_table(sub, room[base:base + width], suited, sets - melds)
        nxt: dict = {}
        ptr: dict = {}
        for (g, p), k in table.items():
            for (g2, p2), (k2, _bs) in st.items():
                gg, pp = g + g2, p + p2
                if gg > sets or pp > 1:
                    continue
                if nxt.get((gg, pp), -1) < k + k2:
                    nxt[(gg, pp)] = k + k2
                    ptr[(gg, pp)] = ((g, p), (g2, p2))
        table = _pareto(nxt)
        steps.append((base, st, ptr))
    at = max(table, key=table.get)
    kept = table[at]
    blocks = []
    for base, st, ptr in reversed(steps):
        at, mine = ptr[at]
        blocks += [(kind, t + base) for kind, t in st[mine][1]]
    need = 3 * (sets - melds) + 2 - kept
    return Shanten("standard", need - 1, lambda: _groups(counts, blocks))


_PARTS = [(0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False)]


def seven_pairs(counts, quads: bool = False) -> Shanten:
    """Seven pairs (no melds); `quads`: four of a kind counts as two pairs."""
    if quads:
        pairs = min(7, sum(c // 2 for c in counts))
        singles = sum(1 for c in counts if c % 2 and c < 4)
        need = (7 - pairs) + max(0, 7 - pairs - singles)
    else:
        pairs = sum(1 for c in counts if c >= 2)
        kinds = sum(1 for c in counts if c)
        need = (7 - pairs) + max(0, 7 - kinds)
    return Shanten("seven_pairs", need - 1, lambda: _pairs_groups(counts, quads))


def _pairs_groups(counts, quads):
    groups, used = [], [0] * 34
    for t, c in enumerate(counts):
        for _ in range(c // 2 if quads else min(1, c // 2)):
            if len(groups) < 7:
                groups.append(Group(PAIR, (t, t)))
                used[t] += 2
    for t, c in enumerate(counts):
        if len(groups) < 7 and c - used[t] == 1 and (quads or not used[t]):
            groups.append(Group(PART_PAIR, (t,), (t,)))
            used[t] += 1
    return groups, [t for t in range(34) for _ in range(counts[t] - used[t])]


def thirteen_orphans(counts) -> Shanten:
    kinds = [t for t in sorted(ORPHANS) if counts[t]]
    pair = next((t for t in kinds if counts[t] >= 2), None)
    need = 14 - len(kinds) - (1 if pair is not None else 0)
    groups = [Group(PAIR, (t, t)) if t == pair else Group(SET, (t,)) for t in kinds]
    used = [0] * 34
    for g in groups:
        for t in g.tiles:
            used[t] += 1
    left = [t for t in range(34) for _ in range(counts[t] - used[t])]
    return Shanten("thirteen_orphans", need - 1, groups, left)


FORMS_COUNTED = ("standard", "seven_pairs", "thirteen_orphans")
# other registered forms that are sets and a pair read another way (MCR's order of divisions)
STANDARD_ALIASES = ("mcr_standard",)


def counted(name: str) -> str | None:
    """The form this module counts for a ruleset's form name, or None."""
    return "standard" if name in STANDARD_ALIASES else name if name in FORMS_COUNTED else None


def shanten(counts, sets: int = 4, forms=("standard",), melds: int = 0, blocked=None, jokers: int = 0,
            quads: bool = False) -> Shanten:
    """The lowest shanten over `forms` (the ones this module counts; others are skipped). Each wild
    tile (`jokers`, not in `counts`) stands for a tile still needed."""
    forms = {counted(f) for f in forms} - {None}
    out = []
    if "standard" in forms or not forms:
        out.append(standard(counts, sets, melds, blocked))
    if not melds and sets == 4:
        if "seven_pairs" in forms:
            out.append(seven_pairs(counts, quads))
        if "thirteen_orphans" in forms:
            out.append(thirteen_orphans(counts))
    best = min(out, key=lambda s: s.number)
    if jokers:
        best.number = max(-1, best.number - jokers)
    return best
