"""Wuhan red-dragon laizi kong (紅中頼子槓), the "Wuhan page" (docs/SOURCES.md).

The laizi (頼子) is the wild tile. Red dragons (and, by house rule, green dragons or the two "pizi"
tiles) are never kept: each one put out is a red-dragon kong, and each laizi put out is a laizi kong
(飜 (fan)). Those declarations are not sets of the hand; their counts are context keys
(`red_kongs`, `laizi_kongs`), read here and by scorer/models/wuhan.py.

Also registers the two hands that need no sets (役 (hands)): `wuhan_all_winds` and `wuhan_all_258`.
"""
from __future__ import annotations

from functools import lru_cache

from ..core.blocks import SINGLE, Block, Reading
from ..core.ceilings import count_range, same_on_every_reading
from ..core.decompose import _plain_splits, meld_blocks, place_win
from ..core.facts import _BLOCK_MASK
from ..core.forms import form
from ..core.views import reads_view
from ..core.wild import next_tile
from ..errors import ContextError, VariantError
from ..notation.hand import CHOW, KONG, PAIR, PUNG
from ..notation.parse import parse_tiles_only
from ..notation.tiles import GREEN, HONOURS, RED
from ..rulesets.context_values import _as_int
from ..rulesets.registry import hand_level, pattern
from .wuhan_state import check_others, loser_state

SOURCE = "Wuhan page"
RANKS_258 = (1, 4, 7)  # 0-based ranks of 2, 5, 8
TILES_258 = frozenset(s * 9 + r for s in range(3) for r in RANKS_258)
# 風一色 is 'winds, green or white only' (役 (hands)): the red dragon can never be held, so under the
# default kong tiles this is every honour a hand can hold; under the pizi option (red ordinary) the
# red counts as an honour too.
GROUPS = {"honours": HONOURS, "258": TILES_258}
GROUP_MASKS = {name: sum(1 << t for t in tiles) for name, tiles in GROUPS.items()}
SUIT_MASKS = tuple(sum(1 << t for t in range(s * 9, s * 9 + 9)) for s in range(3))


def prev_tile(t: int) -> int:
    """The tile before `t`, cycling as the indicator does (1m before is 9m; E before is N)."""
    for cand in range(34):
        if next_tile(cand) == t:
            return cand
    raise ValueError(t)


def kong_tiles(kind: str, ctx) -> frozenset:
    """The tiles that must be put out as 'red-dragon kongs'. `red` (上がりの条件 (winning conditions)), `red_green` (紅中發財頼子槓 (red and green option):
    '發も中と同じように扱う'), `pizi` (紅中發財頼子槓 (red and green option): the laizi indicator and the tile below it, red and green
    then ordinary)."""
    if kind == "red":
        return frozenset({RED})
    if kind == "red_green":
        return frozenset({RED, GREEN})
    if kind == "pizi":
        if not ctx.indicator:
            raise ContextError("the pizi option needs the laizi indicator: give --indicator TILE "
                               "(its tile and the one below it are the pizi, Wuhan page, 紅中發財頼子槓 (red and green option))")
        ind = parse_tiles_only(str(ctx.indicator))
        if len(ind) != 1 or ind[0] >= 34:
            raise ContextError(f"--indicator takes one playing tile, got {ctx.indicator!r}")
        return frozenset({ind[0], prev_tile(ind[0])})
    raise VariantError(f"kong_tiles is red, red_green or pizi, got {kind!r}", key="kong_tiles")


def declared(ctx, key: str) -> int:
    """A declaration count given as a context key (`--set red_kongs=2`); absent means none."""
    v = ctx.get(key, 0)
    return 0 if isinstance(v, str) and not v.strip() else _as_int(key, v)


def opened(hand) -> bool:
    """開口: a chow, a pung or an exposed (or added) kong; concealed kongs do not open (上がりの条件 (winning conditions))."""
    return any(not m.concealed for m in hand.melds)


def openings(hand) -> int:
    return sum(1 for m in hand.melds if not m.concealed)


_HONOUR_MASK = sum(1 << t for t in HONOURS)


_NOT_HONOURS = ~GROUP_MASKS["honours"]
_NOT_258 = ~GROUP_MASKS["258"]
_S0, _S1, _S2 = SUIT_MASKS
_KONG_MASKS = {"red": 1 << RED, "red_green": 1 << RED | 1 << GREEN}  # (pizi's tiles come from the context)


def kong_mask(kind: str, ctx) -> int:
    """kong_tiles as a mask of tile bits (asked for every reading: the fixed kinds made once)."""
    got = _KONG_MASKS.get(kind)
    return got if got is not None else sum(1 << t for t in kong_tiles(kind, ctx))


def wuhan_view(reading, hand, wild, ctx, kind="red"):
    """What this module's reading-level predicates and refusals (and the shared all_pungs and
    one_suit) read of a reading (scorer/core/views.py), each as they read it: the form; whether its tiles
    as read are all honours, all 2/5/8 (only_in), of one suit, with honours (one_suit, the eyes
    refusal); all pungs; whether its pair is eyes as eyes_258 reads it; whether the winning tile
    waited on the pair (all_from_others); whether a laizi stands for another tile (hard win) and
    how many are placed (laizi held); whether a kong tile of `kind` is among its tiles
    (wuhan_holds_kong_tile: a natural one is in every reading of the hand, so within a hand this
    is whether a laizi stands for one). One pass over the blocks: a reading's view is asked before
    its facts, for every reading."""
    form, blocks, win = reading
    mask = held = used = 0
    eyes = None
    face = wild.tile if wild is not None else None
    for b_kind, tile, w, _meld in blocks:
        mask |= _VIEW_MASK[b_kind][tile]
        if w:
            held += len(w)
            used += len(w) - w.count(face)
        if b_kind == PAIR and eyes is None:  # (eyes_258 reads the first pair)
            eyes = tile in TILES_258 and (len(w) != 2 or tile == face)
    bits = _KONG_MASKS.get(kind)
    if bits is None:
        bits = kong_mask(kind, ctx)
    kinds = _kinds_view(mask)
    # the wait on the pair is read only by all_from_others, of a win on a discard with four openings;
    # it is the same on every reading of a hand (four openings leave only the pair in hand), and is in
    # the view so that the view states all that all_from_others reads
    pair_wait = win >= 0 and blocks[win][0] == PAIR and ctx.win_type == "discard" and openings(hand) == 4
    return (form, kinds, bool(eyes), pair_wait, used == 0, held, bool(mask & bits))


# a block's tile kinds (facts._BLOCK_MASK) with a bit above the tiles for a chow and one for a pung or
# kong: one OR a block gives the view the reading's tile kinds and whether it has chows and pungs
_CHOW_BIT, _PUNG_BIT = 1 << 60, 1 << 61
_VIEW_MASK = {kind: {t: m | (_CHOW_BIT if kind == CHOW else _PUNG_BIT if kind in (PUNG, KONG) else 0)
                     for t, m in by_tile.items()} for kind, by_tile in _BLOCK_MASK.items()}
@lru_cache(maxsize=65536)  # readings share few masks
def _kinds_view(bits: int) -> tuple:
    """All honours, all 2/5/8 (only_in), one suit, with honours (one_suit, the eyes refusal), no chow
    and some pung (all_pungs, with the form)."""
    mask = bits & (_CHOW_BIT - 1)
    suited = mask & ~_HONOUR_MASK
    return (not mask & _NOT_HONOURS, not mask & _NOT_258,
            bool(suited) and (suited & _S0 == suited or suited & _S1 == suited or suited & _S2 == suited),
            bool(mask & _HONOUR_MASK), bits & (_CHOW_BIT | _PUNG_BIT) == _PUNG_BIT)


def _shared_views():
    from .sets import all_pungs
    from .tiles import one_suit

    reads_view(wuhan_view, with_params=("kind",))(all_pungs)  # form, chows and pungs
    reads_view(wuhan_view, with_params=("kind",))(one_suit)  # suits and honours


_shared_views()


def eyes_258(f) -> bool:
    """The pair is a 2, 5 or 8 (上がりの条件 (winning conditions)). A pair of two laizi counts only at its own face value
    ('頼子2枚の頭は,額面が2,5,8でなければ認められない'); one laizi with a natural 2/5/8 is fine
    ('頼子1枚の単騎で,任意の2,5,8を待つのは,認められる'). A hand of only 2/5/8 tiles read without
    sets (将一色) has nothing but 2/5/8 to pair."""
    if f.form == "wuhan_all_258":
        return True
    p = f.pair
    if p is None or p.tile not in TILES_258:
        return False
    if len(p.wild) == 2:
        return f.wild is not None and p.tile == f.wild.tile
    return True


def only_in(f, group: str) -> bool:
    """Every tile kind of the reading in `group` (the mask's bits are its kinds)."""
    m = f.mask
    return bool(m) and not m & ~GROUP_MASKS[group]


# ---- refusals (named in the variant's `refuse:`) ------------------------------------------------

@pattern()
@hand_level
def wuhan_laizi_not_given(f, laizi_from="given"):
    """The page's rule for finding the laizi is lost: by default it is given with --wild. An
    --indicator alone would otherwise be taken for the laizi itself, so it is refused unless the
    `indicator_next` option says how the laizi follows from it."""
    if laizi_from == "given" and not f.ctx.wild:
        raise ContextError("give the laizi with --wild TILE (the rule deriving it from the indicator is lost; "
                           "--rule laizi_from=indicator_next takes the tile after --indicator)")
    return 0


@pattern()
@reads_view(wuhan_view, with_params=("kind",))
def wuhan_holds_kong_tile(f, kind="red"):
    """'手に中がなく,あった中はすべてカンするか捨ててある' (上がりの条件 (winning conditions)): no red dragon (or the tiles the
    house rule treats as red) in the hand, concealed or in a meld, nor a laizi standing for one."""
    bits = kong_mask(kind, f.ctx)
    if f.wild is not None and f.wild.tile is not None and bits >> f.wild.tile & 1:
        raise ContextError("the laizi cannot be a tile that is put out as a red-dragon kong (Wuhan page, 上がりの条件 (winning conditions))")
    # every tile held, concealed or in a meld, is in some block of every reading, and a laizi in a
    # block as what it stands for: so the reading's tile kinds (its mask) hold a kong tile exactly when
    # the hand holds one or a laizi stands for one
    return int(bool(f.mask & bits))


@pattern()
@hand_level
def wuhan_laizi_in_meld(f):
    """'頼子はカンしても捨てても頼子槓になる' (飜 (fan)): a laizi leaving the hand is a laizi kong, so no
    laizi stands in a declared set."""
    w = f.wild.tile if f.wild is not None else None
    return int(w is not None and any(w in m.tiles for m in f.hand.melds))


@pattern()
@hand_level
def wuhan_win_on_put_out_laizi(f):
    """'頼子はカンしても捨てても頼子槓になる' (飜 (fan)): a laizi leaving a player's hand, discarded or
    konged, is his laizi kong, not a discard; and only a tile added to a pung can be robbed (搶槓, 役 (hands)). So no win takes the laizi from another player: a claimed or robbing win on the laizi tile."""
    w = f.wild.tile if f.wild is not None else None
    return int(w is not None and not f.self_draw and f.hand.win_tile == w)


@pattern()
@hand_level
def wuhan_tile_not_in_play(f, removed=""):
    """A tile the table does not play with: flowers and seasons (none are listed), and the `removed`
    tiles (the three-player form removes one suit and East, 三人麻雀 (three players): '数牌1種類の1〜9 ... と東を除いた
    96枚')."""
    if f.hand.bonus:
        return 1
    gone = set(parse_tiles_only(removed)) if removed else set()
    return int(any(f.hand.all_counts[t] for t in gone))


@pattern()
@hand_level
def wuhan_unopened(f):
    """'少なくとも1つ“開口”している' (上がりの条件 (winning conditions)): no chow, pung or exposed kong was claimed before the
    win (concealed, red-dragon and laizi kongs do not open)."""
    return int(not opened(f.hand))


@pattern()
@reads_view(wuhan_view, with_params=("kind",))
def wuhan_eyes_not_258(f):
    """'対対胡,風一色,将一色,清一色のどれでもない場合,頭が2か5か8' (上がりの条件 (winning conditions)): the pair must be 2/5/8
    unless the hand is all pungs, all winds, all 2-5-8 or one suit."""
    if eyes_258(f):
        return 0
    # exempt: all pungs, all winds, all 2-5-8, or one suit (from the eager facts: counts and the mask)
    if f.form == "standard" and not f.n_chows and f.n_pungs:
        return 0
    if only_in(f, "honours") or only_in(f, "258"):
        return 0
    m = f.mask
    return int(f.has_honours or sum(1 for sm in SUIT_MASKS if m & sm) != 1)


@pattern()
@hand_level
def wuhan_discard_from_last_four(f):
    """'山の最後の4枚は,ツモるだけで,捨てません' (役 (hands)): nothing is discarded from the last four
    tiles, so `--last-tile` cannot go with a claimed win."""
    return int(bool(f.ctx.last_tile) and not f.self_draw)


@pattern()
@hand_level
def wuhan_too_many_declared(f, key="red_kongs", kind="red"):
    """More red-dragon (`red_kongs`) or laizi kongs (`laizi_kongs`) across the table than there are
    tiles: each one put out is one kong (飜 (fan)), four of each tile exist, and laizi still in
    the winner's hand count too."""
    ctx = f.ctx
    total = declared(ctx, key)
    if ctx.others:  # (a seat not given has declared nothing)
        check_others(ctx)
        total += sum(loser_state(ctx, s)[key] for s in ctx.seats if s != ctx.seat)
    if key == "laizi_kongs":
        w = f.wild.tile if f.wild is not None else None
        hand = f.hand
        # (hand.all_counts[w], without making every count)
        held = 0 if w is None else hand.counts[w] + sum(m.held.count(w) for m in hand.melds)
        return int(total + held > 4)
    return int(total > 4 * (_KONG_MASKS[kind].bit_count() if kind in _KONG_MASKS else len(kong_tiles(kind, ctx))))


# ---- patterns -----------------------------------------------------------------------------------

@pattern()
@reads_view(wuhan_view, with_params=("kind",))
def wuhan_only(f, group="honours"):
    """Every tile of the hand in `group`: `honours` (風一色, 役 (hands): '風か發か白だけの手') or `258`
    (将一色, 役 (hands): '2,5,8だけの手'). Red-dragon and laizi kongs are not part of the hand
    ('中と頼子のカンは手に含めないで判定'); a laizi counts as what it stands for."""
    return int(only_in(f, group))


EYES_WINS = ("sea_bottom", "kong_bloom", "robbed", "all_from_others")


@pattern()
@reads_view(wuhan_view, with_params=("kind",))
def wuhan_win_with_258_eyes(f, how="sea_bottom"):
    """The big wins by manner of winning, which count only with 2/5/8 eyes ('頭が2,5,8でなければ...
    の役は成立しません'; an all-pungs or one-suit hand still wins, without the pattern):
    `sea_bottom` 海底撈 (役 (hands), a self-draw from the last four tiles, given as --last-tile),
    `kong_bloom` 槓上開 (役 (hands), the replacement of any kong, red-dragon and laizi kongs included),
    `robbed` 搶槓 (役 (hands)), `all_from_others` 全求人 (役 (hands): four openings and a bare single wait
    won on a discard)."""
    if how not in EYES_WINS:  # asked first: the error must not depend on the reading
        raise VariantError(f"wuhan_win_with_258_eyes: how is sea_bottom, kong_bloom, robbed or all_from_others, "
                           f"got {how!r}", key="params.how")
    if not eyes_258(f):
        return 0
    ctx = f.ctx
    if how == "sea_bottom":
        return int(bool(ctx.last_tile) and f.self_draw)
    if how == "kong_bloom":
        return int(bool(ctx.kong_draw) and f.self_draw)
    if how == "robbed":
        return int(f.win_type == "robbed")
    if how == "all_from_others":
        return int(f.win_type == "discard" and openings(f.hand) == 4 and f.wait == "pair")
    raise VariantError(f"wuhan_win_with_258_eyes: how is sea_bottom, kong_bloom, robbed or all_from_others, "
                       f"got {how!r}", key="params.how")


@pattern()
@same_on_every_reading
def wuhan_opened(f):
    """開口 (飜 (fan)): one or more chows, pungs or exposed kongs; counts once."""
    return int(opened(f.hand))


@pattern()
@same_on_every_reading
def wuhan_kong_melds(f, concealed=True):
    """How many kongs of the hand are concealed (暗槓, 飜 (fan)) or exposed/added (明槓, 飜 (fan))."""
    return sum(1 for m in f.hand.melds if m.kind == KONG and m.concealed == concealed)


@pattern()
@same_on_every_reading
def wuhan_declared(f, key="red_kongs"):
    """A declaration count the table gives as a context key: `red_kongs` (紅中槓, 飜 (fan): '中はカン
    しても捨てても紅中槓になる') or `laizi_kongs` (頼子槓, 飜 (fan))."""
    return declared(f.ctx, key)


@pattern()
@reads_view(wuhan_view, with_params=("kind",))
def wuhan_hard(f):
    """硬胡 (飜 (fan)): '頼子が1枚もないか,あってもカンしたか,額面通りに使った手': no laizi stands
    for another tile."""
    return int(f.wild_used == 0)


@pattern()
@reads_view(wuhan_view, with_params=("kind",))
def wuhan_laizi_held(f):
    """Laizi in the hand, those used at face value included and laizi kongs not (上がりの条件 (winning conditions):
    '額面どおりで使っている頼子は数え,カンしている頼子は数えない')."""
    return f.wild_held


# ---- count ranges over a hand's readings (scorer/core/ceilings.py: the hand's ceiling) ---------------

@count_range(wuhan_only)
def _only_range(info, group="honours"):
    """Each reading holds the tiles held as themselves: one outside the group rules the pattern out."""
    mask = GROUP_MASKS.get(group)
    if mask is None:
        return None
    return (0, 0) if info.natural_mask & ~mask else (0, 1)


@count_range(wuhan_win_with_258_eyes)
def _eyes_win_range(info, how="sea_bottom"):
    """The manner of winning is the hand's; only the eyes depend on the reading."""
    if how not in EYES_WINS:
        return None
    ctx, f = info.ctx, info.f0
    if how == "sea_bottom":
        can = bool(ctx.last_tile) and f.self_draw
    elif how == "kong_bloom":
        can = bool(ctx.kong_draw) and f.self_draw
    elif how == "robbed":
        can = f.win_type == "robbed"
    else:
        can = f.win_type == "discard" and openings(info.hand) == 4
    return (0, 1) if can else (0, 0)


@count_range(wuhan_hard)
def _hard_range(info):
    """A hard win reads every laizi at its face: on the standard form that is a split of the hand
    with the laizi as ordinary tiles, so none means no standard reading is hard."""
    if not info.jokers:
        return (1, 1)
    if info.forms() - {"standard"}:
        return (0, 1)
    counts = list(info.counts)
    counts[info.wild.tile] += info.jokers
    return (0, 1) if _plain_splits(tuple(counts)) else (0, 0)


@count_range(wuhan_laizi_held)
def _held_range(info):
    """Every reading places every laizi of the hand (the standard splits use them all, the sets-free
    forms read each as a single): the count is the number held."""
    return (info.jokers, info.jokers)


# ---- the hands that need no sets (役 (hands)) -------------------------------------------------

def _only_form(name, group, words):
    tiles = GROUPS[group]

    def build(hand, counts, jokers, win_is_wild, options):
        """'14枚がこの条件を満たし1開口あれば,4面子も1雀頭も不要' (役 (hands)): every tile in the
        group, in any shape. A laizi may stand for any tile of the group ('化けた頼子を混ぜて構いません');
        one reading per tile it stands for (the laizi's own face among them, which keeps the win hard)."""
        if any(t not in tiles for m in hand.melds for t in m.tiles):
            return []
        if any(c and t not in tiles for t, c in enumerate(counts)):
            return []
        melds = meld_blocks(hand)
        natural = tuple(Block(SINGLE, t) for t, c in enumerate(counts) for _ in range(c))
        out = []
        for stand in (sorted(tiles) if jokers else [None]):
            wild = tuple(Block(SINGLE, stand, (stand,)) for _ in range(jokers))
            blocks = melds + tuple(sorted(natural + wild))
            for w in place_win(blocks, hand.win_tile, win_is_wild, len(melds)):
                out.append(Reading(name, blocks, w))
        return out

    build.__name__ = name
    return form(name, words)(build)


wuhan_all_winds = _only_form("wuhan_all_winds", "honours", "all winds and dragons (any shape)")
wuhan_all_258 = _only_form("wuhan_all_258", "258", "all 2, 5 and 8 (any shape)")

