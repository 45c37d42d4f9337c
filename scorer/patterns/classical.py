"""Chinese Classical predicates ("Classical rules", Scoring; docs/SOURCES.md).

The text scores *every* player's hand, so these predicates also read the partial readings that
`scorer.models.classical` builds for the losers (form `LOSING`: melds, concealed pungs and pairs,
loose tiles). Such a reading may hold several pairs, which is why pair predicates count every pair
block instead of reading `Facts.pair`.
"""
from __future__ import annotations

from ..core.blocks import SINGLE, Block, Reading
from ..core.decompose import place_win
from ..core.forms import Needs, form
from ..notation.hand import KONG, PAIR, PUNG
from ..notation.parse import parse_tile
from ..notation.tiles import DRAGON_TILES, TERMINALS, WIND_TILES, bonus_seat
from ..rulesets.registry import pattern
from .sets import tile_group
from .win import context_flag

LOSING = "losing"  # the form name of a loser's (non-winning) reading
_MAJORS = TERMINALS | DRAGON_TILES | WIND_TILES


def _pair_tiles(f) -> list[int]:
    return [b.tile for b in f.blocks if b.kind == PAIR]


@pattern()
def graded_sets(f, kind="pung", tiles="simples", concealed=False):
    """One per pung (or kong, `kind: kong`) of `simples` (2-8) or `majors` (1, 9, winds, dragons)
    that is concealed or exposed as asked. Classical rules, Scoring, Pong/Kong: "An exposed pong in Simples (2-8)
    - 2 points ... A concealed kong in Terminals (1 or 9) or Winds or Dragons - 32 points"."""
    want = PUNG if kind == "pung" else KONG
    n = 0
    for i, b in enumerate(f.blocks):
        if b.kind == want and (b.tile in _MAJORS) == (tiles == "majors") and f.is_concealed(i) == concealed:
            n += 1
    return n


def scoring_pair_tile(f, tile: int, round_wind_scores: bool) -> bool:
    """Classical rules, Scoring, Pair: "A pair of Dragons, or of your own Wind - 2 points" (and the prevailing
    wind's pair where the house scores it)."""
    return tile in DRAGON_TILES or tile == f.seat_wind or (round_wind_scores and tile == f.round_wind)


@pattern()
def pairs_of(f, tiles="dragons"):
    """One per pair of `dragons`, of the holder's own wind (`seat`) or of the prevailing wind
    (`round`). A loser's reading may hold several pairs: each counts. Classical rules, Scoring, Pair."""
    if tiles == "seat":
        group = {f.seat_wind}
    elif tiles == "round":
        group = {f.round_wind}
    else:
        group = tile_group(tiles)
    return sum(1 for t in _pair_tiles(f) if t in group)


@pattern()
def little_group(f, tiles="dragons"):
    """Sets of all but one tile of the group and a pair of the last one. Classical rules, Basic Doubles: "two sets
    of Dragons and a pair of the third Dragon - 3 doubles"; "three sets of Winds and a pair of the
    fourth Wind - 1 double". Unlike `little_three`, any pair of a loser's hand may be the one."""
    group = tile_group(tiles)
    have = {t for t in f.pung_tiles if t in group}
    return int(len(have) == len(group) - 1 and any(t in group - have for t in _pair_tiles(f)))


@pattern()
def own_bonus_tiles(f, hands="all"):
    """One per flower or season of the holder's own seat (1 East .. 4 North). `hands`: `all`, or
    `losers` (only the hands that did not go out: the reading of the Classical rules' worked example, which doubles
    South for his own flower but not West for his chrysanthemum)."""
    if hands == "losers" and f.form != LOSING:
        return 0
    return sum(1 for t in f.flowers + f.seasons if bonus_seat(t) == f.seat_number)


@pattern()
def going_out(f):
    """Classical rules, Additional points for the winner only: "For going out (always) - 20 points"."""
    return int(f.form != LOSING)


@pattern()
def replacement_win(f, last=False):
    """Won on a replacement tile: after a kong (`--kong-draw`) or a flower or season
    (`--set flower_replacement=true`); with `last`, the last tile of the wall was that replacement.
    Classical rules, Additional doubles for the winner only: "Going out by drawing a replacement tile
    from the Wall (called Winning on the Roof)", "... the last remaining tile of the Wall as a replacement tile (called Opening a Flower)"."""
    drawn = bool(f.ctx.kong_draw) or bool(context_flag(f, "flower_replacement"))
    return int(drawn and (not last or f.ctx.last_tile))


@pattern()
def replacement_not_drawn(f):
    """`flower_replacement` on a claimed win (a discard or a robbed kong): a replacement tile is drawn
    from the wall (Classical rules, Additional doubles for the winner only), so the context cannot be. A refusal, not a silent roof double."""
    return int(bool(context_flag(f, "flower_replacement")) and not f.self_draw)


@pattern()
def kong_draw_without_kongs(f):
    """`--kong-draw N` with fewer than N kongs in the hand: each replacement follows one of the
    winner's own kongs (Classical rules, Additional doubles for the winner only: "Winning on the Roof"; Twofold Plenty,
    a special hand, needs two)."""
    return int(f.ctx.kong_draw > len(f.kongs))


@pattern()
def earths_blessing(f):
    """A non-dealer goes out on the dealer's first discard (mahjiang.com: "Mahjiang immediately made
    by West, North or South using the first discard made by East"); his own first draw is no special
    hand. Classical rules, Special Hands, keeps only the name."""
    return int(f.ctx.first_turn and not f.ctx.winner_is_dealer and f.win_type == "discard")


@pattern()
def worthless_hand(f, round_wind_scores=False):
    """Four chows and a pair that scores nothing. Classical rules, Additional doubles for the winner only: "Going out with a worthless
    hand (only chows and a non-scoring pair) - 1 double"."""
    if f.form != "standard" or f.pungs or f.pair is None:
        return 0
    return int(not scoring_pair_tile(f, f.pair.tile, round_wind_scores))


@pattern()
def major_sets(f):
    """Every set a pung or kong of terminals or honours; the pair may be anything. Classical rules, Additional
    doubles: "sets in Terminals and/or Honours (no Simples) only, and any pair - 1 double"."""
    return int(f.form == "standard" and not f.chows and all(t in _MAJORS for t in f.pung_tiles))


@pattern()
def buried_treasure(f, one_suit=True):
    """Every set a concealed pung or kong (a pung completed by a discard is exposed), and a pair;
    with `one_suit`, tiles of one suit with winds and dragons only. The text's description is lost;
    this is the common definition (mahjiang.com special hands: "Concealed Pongs in one suit with
    Winds/Dragons and a pair")."""
    if f.form != "standard" or f.chows or f.concealed_pungs != len(f.sets):
        return 0
    return int(not one_suit or len(f.suits) <= 1)


@pattern()
def imperial_jade(f, green_dragon=False):
    """Only 2 3 4 6 8 bamboo and green dragons; with `green_dragon`, a pung or kong of green dragons
    is required (mark.random-article.com limit hands: "Pung/Kong of green dragons, plus ... bamboo
    that have only green")."""
    from ..notation.tiles import GREEN, GREEN_TILES

    return int(f.kinds <= GREEN_TILES and (not green_dragon or GREEN in f.pung_tiles))


@pattern()
def win_with_tile(f, tile="1p", how="last_draw"):
    """The winning tile is `tile`, taken as `how` says: `last_draw` (the last tile of the wall,
    self-drawn) or `replacement` (a loose tile after a kong, flower or season). Common definitions of
    the Classical rules' "Catching the Moon from the bottom of the Sea" (1 dots) and "Gathering the Plum Blossom
    from the Roof" (5 dots): mahjiang.com special hands."""
    if f.hand.win_tile != parse_tile(tile):
        return 0
    if how == "last_draw":
        return int(f.ctx.last_tile and f.self_draw)
    return replacement_win(f)


@form("wriggling_snake", "wriggling snake", Needs(melds=0, wild=False, held=tuple(sorted(WIND_TILES))))
def wriggling_snake(hand, counts, jokers, win_is_wild, options):
    """One suit's 1-9, one of each wind, and one more tile pairing one of them: the 1 (option
    `wriggling_snake_pair: one`, mahjiang.com: "A pair of Ones and a run from Two to Nine in the same
    suit, with each of the winds") or any of them (`any`). No melds."""
    if hand.melds or jokers or sum(counts) != 14:
        return []
    suits = {t // 9 for t in range(27) if counts[t]}
    if len(suits) != 1 or any(counts[t] for t in DRAGON_TILES):
        return []
    s = suits.pop()
    tiles = list(range(9 * s, 9 * s + 9)) + sorted(WIND_TILES)
    if any(counts[t] < 1 for t in tiles):
        return []
    doubled = [t for t in tiles if counts[t] == 2]
    if len(doubled) != 1 or (options.get("wriggling_snake_pair", "one") == "one" and doubled[0] != 9 * s):
        return []
    blocks = tuple(Block(PAIR if t == doubled[0] else SINGLE, t) for t in tiles)
    return [Reading("wriggling_snake", blocks, w) for w in place_win(blocks, hand.win_tile, win_is_wild, 0)]


def losing_reading(hand) -> Reading:
    """A loser's tiles read for the most points: every concealed three or four of a kind a pung (an
    undeclared fourth tile stays loose: only a declared kong scores as one), every two a pair, the
    rest loose. Chows score nothing and no basic double needs one, so no other split scores more."""
    blocks = [Block(m.kind, m.tile, (), m) for m in hand.melds]
    for t, c in enumerate(hand.counts):
        if c >= 3:
            blocks.append(Block(PUNG, t))
            c -= 3
        elif c == 2:
            blocks.append(Block(PAIR, t))
            c = 0
        blocks += [Block(SINGLE, t)] * c
    return Reading(LOSING, tuple(blocks), -1)
