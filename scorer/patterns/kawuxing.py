"""Patterns of the three-player Kawuxing of NW Hubei ("Kawuxing rules" and
"Kawuxing digest", docs/SOURCES.md), written as small parameterized families so other rulesets can reuse them: the tile set a
ruleset is played with, claimed chows, the rank of a closed wait, the four-in-one family, kong-streak
blooms and the seven-pairs-with-quads family."""
from __future__ import annotations

from collections import Counter

from ..notation.hand import CHOW, KONG, PAIR, PUNG
from ..notation.tiles import HONOURS, SUITS, rank_of, suit_of
from ..rulesets.registry import pattern
from .sets import tile_group


def allowed_tiles(suits="mps", honours="all"):
    """The playing tiles of a tile set: `suits` a string of suit letters (`ps`) or `any`; `honours`
    `all`, `none`, a group (`dragons`, `winds`) or a list of tiles."""
    if suits == "any":
        suits = SUITS
    bad = [s for s in str(suits) if s not in SUITS]
    if bad:
        raise ValueError(f"suits are letters of {SUITS!r} or 'any', got {suits!r}")
    allowed = {s * 9 + r for s in (SUITS.index(x) for x in suits) for r in range(9)}
    if honours == "all":
        allowed |= HONOURS
    elif honours not in ("none", None):
        allowed |= tile_group(honours)
    return frozenset(allowed)


def outside_tiles(counts, bonus, suits="mps", honours="all", bonus_tiles=True, max_suits=3) -> list[int]:
    """Tiles of a hand (its 34 counts, melds included, and its bonus tiles) that the tile set lacks.
    With `max_suits`, the suited tiles past that many suits count as outside too (a table that removes
    one of three suits, whichever it is)."""
    allowed = allowed_tiles(suits, honours)
    out = [t for t, c in enumerate(counts) if c and t not in allowed]
    if not bonus_tiles:
        out += list(bonus)
    held = sorted({suit_of(t) for t, c in enumerate(counts) if c and t < 27})
    if len(held) > max_suits:
        out += [t for t, c in enumerate(counts) if c and t < 27 and suit_of(t) in held[max_suits:]]
    return sorted(set(out))


@pattern()
def tiles_outside(f, suits="mps", honours="all", bonus=True, max_suits=3):
    """The hand holds a tile the ruleset is not played with (used from `refuse:`). Kawuxing: '84 tiles
    of two suits (remove one of Characters, Bams or Dots) and Red, Green and White dragons' (Kawuxing rules, Equipments): `suits: ps, honours: dragons, bonus: false`, or `suits: any, max_suits: 2`."""
    return int(bool(outside_tiles(f.hand.all_counts, f.hand.bonus, suits, honours, bonus, max_suits)))


@pattern()
def claimed_chows(f):
    """Chows claimed from a discard. Kawuxing's turns know only pung and kong calls (Kawuxing rules, Pung and Kong), so a melded chow cannot happen there (used from `refuse:`)."""
    return sum(1 for m in f.hand.melds if m.kind == CHOW)


@pattern()
def wait_rank(f, shapes=("closed",), ranks=(5,)):
    """The winning tile completed one of the wait `shapes` and has one of the `ranks`. Fit Five
    (卡五星): 'a win by 5 with 4 and 6 in hand to complete a run of 4-5-6' (Kawuxing rules, One Double (x2); 5のカンチャン
    での上がり in Kawuxing digest, 1飜 (one double)): shapes [closed], ranks [5]."""
    shapes = [shapes] if isinstance(shapes, str) else shapes
    ranks = [ranks] if isinstance(ranks, int) else ranks
    return int(f.wait in shapes and rank_of(f.hand.win_tile) in ranks)


@pattern()
def four_in_one(f, kind="open", anywhere=False):
    """The fourth tile of a kind completes the hand without a kong. `open` (明四归一): 'a win by the
    same tile as three tiles in a pung' (Kawuxing rules, One Double (x2)); `closed` (暗四归一): 'three identical tiles in
    hand (in any ways but a pung ...) and winning by the remaining one' (Two Doubles (x4); 暗刻や対子と順子中の
    1枚など in Kawuxing digest, 2飜 (two doubles)). `anywhere: true` drops 'by the winning tile': 'The fourth tile can be something
    other than the winning tile if the hand contains Pure One Suit or higher' (the scoring model's
    `company` rule decides whether that hand qualifies). Counts once per hand."""
    counts = f.hand.counts  # concealed tiles, the winning tile included; declared kongs are melds
    if kind == "open":
        pung_tiles = {m.tile for m in f.hand.melds if m.kind == PUNG}
        if anywhere:
            return int(any(counts[t] for t in pung_tiles))
        return int(f.hand.win_tile in pung_tiles)
    if kind == "closed":
        if anywhere:
            return int(any(c == 4 for c in counts))
        return int(counts[f.hand.win_tile] == 4)
    raise ValueError(f"four_in_one kind is open or closed, got {kind!r}")


@pattern()
def kong_draw_count(f):
    """One per kong of the streak that ended in the winning replacement tile. Bloom on Kong (杠上开花)
    'can be combined with another bloom on Kong when the kong is made from a kong supplement tile'
    (Kawuxing rules, One Double (x2)); カンの補充牌でのカンが連続した場合,カンの回数だけ飜が付く (Kawuxing digest, 1飜 (one double))."""
    return f.ctx.kong_draw


@pattern()
def won_on_kong_discard(f, key="kong_discard"):
    """Won on the tile a player discarded after his kong (杠上炮, Kawuxing rules, One Double (x2)); the context states it
    with `--set kong_discard=true`. Once, however long the kong streak was."""
    from ..rulesets.context_values import TRUE_WORDS

    v = f.ctx.get(key)
    on = v.lower() in TRUE_WORDS if isinstance(v, str) else bool(v)
    return int(on and f.win_type == "discard")


@pattern()
def melded_single_wait(f, sets=4):
    """`sets` declared pungs or kongs and a single wait on the pair with the one tile left in hand.
    Lone Tile (手抓一): 'four pung's and calling for a pair with only one tile in hand' (Kawuxing rules, Two Doubles (x4);
    手把一, 裸単騎 in Kawuxing digest, 2飜 (two doubles))."""
    melded = [m for m in f.hand.melds if m.kind in (PUNG, KONG)]
    return int(f.form == "standard" and len(melded) == sets and f.wait == "pair")


@pattern()
def seven_pairs_quads(f, count=1):
    """Seven pairs in which at least `count` times four identical tiles make two pairs. Dragon Seven
    Pairs (龙七对, count 1): 'two pairs are four identical tiles' (Kawuxing rules, Three Doubles (x8)); Double Dragon
    (双龙七对, count 2): 'four pairs are two sets of four identical tiles' (Four Doubles (x16))."""
    if f.form != "seven_pairs":
        return 0
    per_tile = Counter(b.tile for b in f.blocks if b.kind == PAIR)
    return int(sum(1 for n in per_tile.values() if n == 2) >= count)

