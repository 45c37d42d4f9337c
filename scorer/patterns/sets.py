"""Patterns about the sets of a reading: pungs by kind, chows, kongs, concealment, honours sets."""
from __future__ import annotations

from ..notation.hand import KONG, PAIR, PUNG
from ..notation.parse import parse_tile
from ..notation.tiles import DRAGON_TILES, HONOURS, WIND_TILES
from ..rulesets.registry import gate, pattern, prepare

_GROUPS = {"dragons": DRAGON_TILES, "winds": WIND_TILES, "honours": HONOURS}


def tile_group(name) -> frozenset:
    """`dragons`, `winds`, `honours`, or a list of tiles like [C, F] (a frozenset is already one)."""
    if name.__class__ is frozenset:
        return name
    if isinstance(name, str) and name in _GROUPS:
        return _GROUPS[name]
    names = name if isinstance(name, (list, tuple)) else [name]
    key = (tuple(names), tuple(map(type, names)))
    try:
        group = _PARSED_GROUPS.get(key)
    except TypeError:  # an unhashable entry: parse it (and fail) every time
        key = group = None
    if group is not None:
        return group
    group = frozenset(parse_tile(str(n)) for n in names)
    if key is not None and len(_PARSED_GROUPS) < 1024:
        _PARSED_GROUPS[key] = group
    return group


_PARSED_GROUPS: dict = {}  # a YAML list of tiles -> its frozenset, parsed once


def _group_gate(tiles, least: int) -> tuple:
    """The gate of an entry that needs a pung of its group once the group has `least` tiles: a pung,
    and an honour where the group is all honours."""
    group = tile_group(tiles)
    if len(group) < least:
        return ()
    return ("has_honours", "n_pungs") if group <= HONOURS else ("n_pungs",)


def open_gate(open=None, **_given) -> tuple:
    """The gate of an entry with an `open` parameter (true: counted on an open hand only; false: on a
    closed one only)."""
    return () if open is None else ("open_hand",) if open else ("closed",)


@pattern()
@prepare(tiles=tile_group)
@gate(when=lambda tiles="honours", **_given: _group_gate(tiles, 1))
def pungs_of(f, tiles="honours", exposed=None):
    """One per pung or kong of the given tiles (`dragons`, `winds`, `honours` or a list).
    `exposed`: true counts only exposed ones, false only concealed ones."""
    if not f.n_pungs:
        return 0
    group = tiles if tiles.__class__ is frozenset else tile_group(tiles)
    n = 0
    if exposed is None:
        for t in f.pung_tiles:
            if t in group:
                n += 1
        return n
    for i, b in enumerate(f.blocks):
        if b.kind in (PUNG, KONG) and b.tile in group:
            if exposed is None or exposed != f.is_concealed(i):
                n += 1
    return n


@pattern()
@gate("has_honours", "n_pungs")
def seat_wind_pung(f):
    """A pung or kong of the winner's own (seat) wind."""
    return 1 if f.seat_wind in f.pung_tiles else 0


@pattern()
@gate("has_honours", "n_pungs")
def round_wind_pung(f):
    """A pung or kong of the prevailing (round) wind."""
    return 1 if f.round_wind in f.pung_tiles else 0


@pattern()
def own_or_round_wind_pungs(f):
    """One per pung or kong of the round wind or the winner's own wind, a pung that is both counted
    once (the "one faan per pung" reading of a double wind; two different wind pungs still count
    twice)."""
    return sum(1 for t in f.pung_tiles if t in (f.seat_wind, f.round_wind))


@pattern()
def all_chows(f, pair="suited"):
    """Every set a chow; `pair`: `suited` (a suited pair), `any`, or `not_value` (not a dragon,
    seat or round wind)."""
    if f.form != "standard" or f.n_pungs:
        return 0
    p = f.pair.tile
    if pair == "suited" and p >= 27:
        return 0
    if pair == "not_value" and (p in DRAGON_TILES or p in (f.seat_wind, f.round_wind)):
        return 0
    return 1


@pattern()
@gate("n_pungs")
def all_pungs(f):
    """Every set a pung or kong (standard form)."""
    return 1 if f.n_pungs and not f.n_chows and f.form == "standard" else 0


@pattern()
@gate(when=lambda count=3, **_given: ("concealed_pungs",) if count >= 1 else ())
def concealed_pungs(f, count=3, exact=False):
    """At least (or exactly) `count` concealed pungs/kongs; a pung completed by a discard is exposed."""
    n = f.concealed_pungs
    return 1 if (n == count if exact else n >= count) else 0


@pattern()
@gate(when=lambda count=1, **_given: ("n_kongs",) if count >= 1 else ())
def kongs(f, count=1, exact=False, kind=None):
    """At least (or exactly) `count` kongs; `kind`: `concealed` or `exposed` to count only those."""
    n = f.n_kongs if kind is None else sum(1 for b in f.kongs if (kind == "concealed") == b.meld.concealed)
    return 1 if (n == count if exact else n >= count) else 0


@pattern()
@prepare(tiles=tile_group)
@gate(when=lambda tiles="dragons", **_given: _group_gate(tiles, 2))
def little_three(f, tiles="dragons"):
    """Pungs of all but one of the group and a pair of the last (little dragons: 2+pair;
    little winds: 3+pair)."""
    group = tiles if tiles.__class__ is frozenset else tile_group(tiles)
    if f.n_pungs + 1 < len(group) or f.pair is None or f.pair.tile not in group:
        return 0
    have = 0
    for t in f.pung_tiles:
        if t in group:
            have += 1
    return 1 if have == len(group) - 1 else 0


@pattern()
@prepare(tiles=tile_group)
@gate(when=lambda tiles="dragons", **_given: _group_gate(tiles, 1))
def great_three(f, tiles="dragons"):
    """Pungs or kongs of every tile of the group (great dragons, great winds)."""
    group = tiles if tiles.__class__ is frozenset else tile_group(tiles)
    return 1 if f.n_pungs >= len(group) and group.issubset(f.pung_tiles) else 0


@pattern()
def pair_of(f, tiles="dragons"):
    """The pair is one of the given tiles (`seat`, `round` are the winner's winds)."""
    if f.pair is None:
        return 0
    if tiles == "seat":
        return int(f.pair.tile == f.seat_wind)
    if tiles == "round":
        return int(f.pair.tile == f.round_wind)
    return int(f.pair.tile in tile_group(tiles))


@pattern()
@gate(when=lambda honours=True, open=None, **_given: open_gate(open)
      + ("outside" if honours else "outside_terminals",))
def outside_hand(f, honours=True, open=None):
    """Every set and the pair (and a special form's single tiles) hold a terminal or, with `honours`,
    an honour (`honours: false`: every one a terminal). `open`: true counts it on an open hand only, false on a closed one only."""
    if open is not None and open == f.closed:
        return 0
    return 1 if (f.outside if honours else f.outside_terminals) else 0


@pattern()
@gate("closed")
def closed_hand(f, self_drawn=False):
    """No set claimed before the win; with `self_drawn: true`, also won on one's own draw."""
    return 1 if f.closed and (f.self_draw or not self_drawn) else 0


@pattern()
@gate(when=lambda name="seven_pairs", **_given: ("special",) if name != "standard" else ())
def form(f, name="seven_pairs"):
    """The reading is the named special form (seven_pairs, thirteen_orphans...)."""
    return 1 if f.form == name else 0


@pattern()
def wait(f, shapes=("pair",)):
    """The winning tile completed one of the wait shapes: pair, edge, closed, open, pung."""
    shapes = [shapes] if isinstance(shapes, str) else shapes
    return int(f.wait in shapes)


@pattern()
def pair_block_count(f):
    """Number of pairs (2 for standard readings with a pair... used by special forms)."""
    return sum(1 for b in f.blocks if b.kind == PAIR)
