"""Predicates for the set patterns of Zung Jung-style points scoring
("How to play Mahjong", Patterns; docs/SOURCES.md), written as parameterized
families so other rulesets can reuse them: identical runs, similar sets across the suits, consecutive
triplets, terminals in every set, honour triplets with a pair, concealed triplets, value honours.

"Set" follows the text's own definition of a winning hand, "4 runs/triplets/quads and a pair"
(Calling Mahjong): runs, triplets and quads are sets; the pair is counted only where a parameter says so."""
from __future__ import annotations

from collections import Counter

from ..core.blocks import SINGLE
from ..notation.hand import KONG, PAIR, PUNG
from ..notation.tiles import DRAGON_TILES, HONOURS, TERMINALS, rank_of, suit_of
from ..rulesets.registry import pattern
from .sets import tile_group


def _run_starts(f) -> Counter:
    return Counter(b.tile for b in f.chows)


def _suited_triplets(f) -> set[int]:
    return {b.tile for b in f.pungs if b.tile < 27}


@pattern()
def no_melded_sets(f, concealed_quads=True):
    """1.2 Concealed Hand, "No melded sets". Winning on a discard does not meld the hand (RULINGS).
    `concealed_quads`: a concealed quad is not a melded set (true) or spoils the hand (false)."""
    melds = f.hand.melds
    return int(all(m.concealed for m in melds) if concealed_quads else not melds)


@pattern()
def no_terminal_tiles(f, honours=False):
    """1.3 No Terminals: no 1 or 9 anywhere; `honours`: whether winds and dragons are allowed."""
    if f.kinds & TERMINALS:
        return 0
    return int(honours or not f.has_honours)


@pattern()
def value_honour_sets(f, round_wind=False):
    """3.1 Value Honour: 'A triplet/quad of your own Wind, or any Dragons', one per set.
    `round_wind`: the prevailing wind's set counts too (a set of a wind that is both seat and round
    wind then counts once for each)."""
    n = 0
    for t in f.pung_tiles:
        n += (t in DRAGON_TILES) + (t == f.seat_wind) + (round_wind and t == f.round_wind)
    return n


@pattern()
def honour_sets(f, tiles="dragons", sets=3, pair=False):
    """3.2-3.3 Three Dragons / Three and Four Winds: at least `sets` triplets/quads of the group
    (`dragons`, `winds`) and, with `pair`, the pair of that group too. A hand that also fits a bigger
    pattern of the same series is scored on the bigger one by the series rule."""
    group = tile_group(tiles)
    have = sum(1 for t in f.pung_tiles if t in group)
    if have < sets:
        return 0
    return int(not pair or (f.form == "standard" and f.pair.tile in group))


@pattern()
def concealed_sets(f, count=2, quads=True, discard_completes=False):
    """4.2 Concealed Triplets: at least `count` triplets not melded. `quads`: a concealed quad counts
    as a concealed triplet (the category is "Triplet/Quad"). `discard_completes`: a triplet completed
    by the winning discard (or robbed tile) stays concealed; by default it does not (it was claimed)."""
    n = 0
    for i, b in enumerate(f.blocks):
        if b.kind not in (PUNG, KONG):
            continue
        if b.meld is not None:
            n += b.meld.concealed and quads
        elif discard_completes or i != f.reading.win or f.self_draw:
            n += 1
    return int(n >= count)


@pattern()
def identical_runs(f, runs=2, times=1):
    """5.1 Identical Runs: `times` separate groups of `runs` runs of the same suit and values
    (Two Identical Runs: 2 once; Double Two Identical Runs: 2 twice; Three: 3 once; Four: 4 once)."""
    return int(sum(c // runs for c in _run_starts(f).values()) >= times)


@pattern()
def similar_sets(f, kind="run", small=False):
    """6 Similar: sets of one value in all three suits. `kind`: `run` (Three Similar Runs, by the
    starting value) or `triplet` (triplets/quads). `small` (triplets only): two triplets in two suits
    and the pair in the third suit, all of the same value."""
    if kind == "run":
        by_rank = {}
        for t in _run_starts(f):
            by_rank.setdefault(rank_of(t), set()).add(suit_of(t))
        return int(any(len(s) == 3 for s in by_rank.values()))
    trip = _suited_triplets(f)
    for r in range(9):
        have = [s * 9 + r in trip for s in range(3)]
        if all(have):
            return int(not small)
        if small and sum(have) == 2 and f.form == "standard":
            missing = have.index(False) * 9 + r
            if f.pair.tile == missing:
                return 1
    return 0


@pattern()
def nine_tile_straight(f):
    """7.1 Nine-tile straight: 'A "123-456-789" of the same suit', three runs."""
    starts = _run_starts(f)
    return int(any(all(starts[s * 9 + r] for r in (0, 3, 6)) for s in range(3)))


@pattern()
def consecutive_triplets(f, count=3):
    """7.2 Consecutive Triplets/Quads: `count` triplets/quads of consecutive values in one suit."""
    trip = _suited_triplets(f)
    return int(any(all(t + k in trip and suit_of(t + k) == suit_of(t) for k in range(count)) for t in trip))


@pattern()
def terminal_sets(f, only=False, honours=True, pair=True, need_terminal=True):
    """8.1 Terminals. Every set contains a terminal (or, with `honours`, an honour: the text's "and"
    read as "or"); with `only`, every set holds nothing but those tiles. `pair`: the pair is judged
    like a set. `need_terminal`: at least one terminal somewhere, so an honours-only hand is not a
    terminals hand. Single tiles (Thirteen Wonders) are not sets: such a reading never fits."""
    allowed = TERMINALS | HONOURS if honours else TERMINALS
    if any(b.kind == SINGLE for b in f.blocks):
        return 0
    judged = [b for b in f.blocks if b.kind != PAIR or pair]
    if not judged or (need_terminal and not f.kinds & TERMINALS):
        return 0
    test = all if only else any
    return int(all(test(t in allowed for t in b.tiles) for b in judged))


@pattern()
def first_turn_win(f, dealer=True):
    """9.4 Blessings, 'without a concealed quad'. `dealer`: East (the dealer) wins on the first draw
    (Heaven); otherwise a non-East player wins on East's first discard (Earth)."""
    if not f.ctx.first_turn or any(m.kind == KONG and m.concealed for m in f.hand.melds):
        return 0
    if dealer:
        return int(f.ctx.winner_is_dealer and f.self_draw)
    return int(not f.ctx.winner_is_dealer and f.ctx.discarder == f.ctx.dealer)
