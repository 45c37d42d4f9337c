"""Riichi (Japanese) yaku and yakuman: the hand's shape in one reading, and how and when it was won.

The values (closed and open han, yakuman multiples) live in variants/riichi.yaml; a yaku whose open
value differs (kuisagari) is two YAML entries over one predicate, `open: false` and `open: true`.
Fu items, dora and the context checks are in riichi_fu.py."""
from __future__ import annotations

from ..core.facts import HONOUR_MASK, TERMINAL_MASK, tile_mask
from ..notation.hand import CHOW
from ..notation.tiles import DRAGON_TILES, GREEN_TILES, HONOURS, TERMINALS, WIND_TILES
from ..rulesets.registry import lookup, pattern, reads
from . import riichi_readings  # noqa: F401 - its one reading of the forms (forms.READERS)
from . import riichi_table as rt
from .riichi_fu import check_riichi_context, pinfu_shape
from .riichi_table import context_table, declared, reading_table

_ORPHAN = TERMINALS | HONOURS
_ORPHAN_MASK = TERMINAL_MASK | HONOUR_MASK
_GREEN_MASK = tile_mask(GREEN_TILES)


def _open(f, open):
    """Does the hand's concealment match the entry (None: either)?"""
    return open is None or open == (not f.closed)


def _block_has_orphan(kind, tile):
    if kind == CHOW:
        return tile % 9 in (0, 6)
    return tile in _ORPHAN


# ---- how the hand was won -------------------------------------------------------------------

@pattern()
@lookup(reading_table, key=lambda double=False: rt.pick(("double", "riichi"), double))
def riichi_declared(f, double=False):
    """Riichi (1 han) or double riichi (2 han, in its place): declared on a closed hand. Riichi
    with a claimed meld cannot happen: refused, not scored (riichi_table.declared)."""
    got = declared(f.ctx, f.closed)
    return int(got is not None and (got == "double") == double)


@pattern()
@reads("ctx")
def riichi_flag(f, flag):
    """A yaku that is a fact of the win alone: `ippatsu` (validated with riichi, see riichi_fu.py)."""
    check_riichi_context(f.ctx)
    return 1 if getattr(f.ctx, flag) else 0


@pattern()
@lookup(reading_table, key=lambda: "menzen_tsumo")
def closed_self_draw(f):
    """Menzen tsumo: self-drawn win on a closed hand (concealed kongs keep it closed)."""
    return int(f.self_draw and f.closed)


@pattern()
@reads("ctx")
@lookup(context_table, key=lambda drawn: "haitei" if drawn else "houtei")
def riichi_last_tile(f, drawn):
    """Haitei (the last wall tile, drawn; a kong replacement is not the last wall tile) or houtei
    (the discard after it; a robbed kong is not a discard)."""
    ctx = f.ctx
    if not ctx.last_tile:
        return 0
    if drawn:
        return int(ctx.win_type == "self_draw" and not ctx.kong_draw)
    return int(ctx.win_type == "discard")


@pattern()
@reads("ctx")
@lookup(context_table, key=lambda robbed: "chankan" if robbed else "rinshan")
def riichi_kong_win(f, robbed):
    """Rinshan kaihou (won on a kong's replacement tile) or chankan (robbing an added kong)."""
    return int(bool(f.ctx.robbed)) if robbed else int(bool(f.ctx.kong_draw))


@pattern()
@reads("ctx")
@lookup(context_table, key=rt.first_turn_key)
def riichi_first_turn(f, who):
    """Tenhou (dealer, own first draw), chiihou (non-dealer, own first draw), renhou (non-dealer, on a
    discard before the first draw)."""
    ctx = f.ctx
    if not ctx.first_turn:
        return 0
    dealer = ctx.seat == ctx.dealer
    if who == "dealer":
        return int(dealer)
    if dealer:
        return 0
    return int(ctx.by_self_draw) if who == "drawn" else int(not ctx.by_self_draw)


# ---- shape -----------------------------------------------------------------------------------

@pattern()
@lookup(reading_table, key=lambda: "pinfu")
def pinfu(f):
    """Pinfu: closed, no fu but the base (four chows, a pair that is not a value tile, two-sided wait)."""
    return int(f.closed and pinfu_shape(f))


@pattern()
@lookup(reading_table, key=lambda open=None: rt.open_key(rt.SIMPLES, open))
def all_simples(f, open=None):
    """Tanyao: no terminal or honour anywhere (open hands by the open-tanyao option)."""
    return int(not f.mask & _ORPHAN_MASK and _open(f, open))


@pattern()
@lookup(reading_table, key=rt.pung_key)
def value_pung(f, tile=None, wind=None):
    """Yakuhai: a pung or kong of a dragon `tile`, or of the seat / round `wind`."""
    if wind == "seat":
        tile = f.seat_wind
    elif wind == "round":
        tile = f.round_wind
    return int(tile in f.pung_tiles)


@pattern()
@lookup(reading_table, key=lambda twice=False: "peikou2" if twice else "peikou1")
def riichi_pure_double_chow(f, twice=False):
    """Iipeikou (two identical chows) / ryanpeikou (two such pairs); closed hands only."""
    if not f.closed or f.n_chows < 2:
        return 0
    seen: dict = {}
    for b in f.blocks:
        if b.kind == CHOW:
            key = b.tile
            seen[key] = seen.get(key, 0) + 1
    pairs = sum(n // 2 for n in seen.values())
    return int(pairs >= 2) if twice else int(pairs == 1)


@pattern()
@lookup(reading_table, key=lambda open=None: rt.open_key(rt.ITTSU, open))
def riichi_straight(f, open=None):
    """Ittsu: 123, 456 and 789 chows of one suit."""
    if f.n_chows < 3 or not _open(f, open):
        return 0
    have = {b.tile for b in f.blocks if b.kind == CHOW}
    return int(any({s, s + 3, s + 6} <= have for s in (0, 9, 18)))


@pattern()
@lookup(reading_table, key=rt.three_colour_key)
def riichi_three_colour(f, kind, open=None):
    """Sanshoku doujun (the same chow in each suit) / doukou (the same pung or kong in each suit)."""
    if not _open(f, open):
        return 0
    if kind == CHOW:
        if f.n_chows < 3:
            return 0
        have = {b.tile for b in f.blocks if b.kind == CHOW}
    else:
        if f.n_pungs < 3:
            return 0
        have = {t for t in f.pung_tiles if t < 27}
    return int(any(r in have and r + 9 in have and r + 18 in have for r in range(9)))


@pattern()
@lookup(reading_table, key=rt.outside_key)
def riichi_outside(f, honours, open=None):
    """Chanta (`honours: true`: every set and the pair hold a terminal or honour, at least one chow and
    one honour) / junchan (`honours: false`: every set and the pair hold a terminal, at least one chow)."""
    if f.form != "standard" or not f.n_chows or not f.mask & _ORPHAN_MASK or not _open(f, open):
        return 0
    has_honour = False
    for b in f.blocks:
        kind, tile = b.kind, b.tile
        if not _block_has_orphan(kind, tile):
            return 0
        if tile >= 27:
            has_honour = True
    return int(has_honour == honours)


@pattern()
@lookup(reading_table, key=rt.one_suit_key)
def riichi_one_suit(f, honours, open=None):
    """Honitsu (one suit with honours) / chinitsu (one suit, no honours)."""
    if not _open(f, open) or len(f.suits) != 1:
        return 0
    return int(f.has_honours == honours)


@pattern()
@lookup(reading_table, key=lambda: "toitoi")
def all_pungs_riichi(f):
    """Toitoi: four pungs or kongs."""
    return int(f.form == "standard" and f.n_pungs == 4)


@pattern()
@lookup(reading_table, key=lambda count: rt.count_key(rt.ANKOU, count))
def concealed_pungs_riichi(f, count):
    """San ankou / suu ankou: `count` concealed pungs or kongs (a pung completed by a discard is open)."""
    return int(f.concealed_pungs == count)


@pattern()
@lookup(reading_table, key=lambda single_wait: rt.pick(("suuankou/tanki", "suuankou"), single_wait))
def four_concealed_pungs(f, single_wait):
    """Suu ankou: four concealed pungs; `single_wait` the form won on the pair (suu ankou tanki)."""
    if f.concealed_pungs != 4:
        return 0
    return int((f.wait == "pair") == single_wait)


@pattern()
@lookup(reading_table, key=lambda count: rt.count_key(rt.KONGS, count))
def kongs_riichi(f, count):
    """San kantsu / suu kantsu: `count` kongs, open or concealed."""
    return int(f.n_kongs == count)


@pattern()
@lookup(reading_table, key=rt.terminals_key)
def terminals_honours_only(f, honours=None):
    """Honroutou (`honours: None`: only terminals and honours), chinroutou (`false`: terminals only),
    tsuuiisou (`true`: honours only)."""
    m = f.mask
    if honours is None:
        return int(not m & ~_ORPHAN_MASK)
    if honours:
        return int(not m & ~HONOUR_MASK)
    return int(not m & ~TERMINAL_MASK)


@pattern()
@lookup(reading_table, key=lambda big: "daisangen" if big else "shousangen")
def dragons_riichi(f, big):
    """Shousangen (two dragon pungs and a dragon pair) / daisangen (three dragon pungs)."""
    pungs = sum(1 for t in f.pung_tiles if t in DRAGON_TILES)
    if big:
        return int(pungs == 3)
    return int(pungs == 2 and f.pair is not None and f.pair.tile in DRAGON_TILES and f.form == "standard")


@pattern()
@lookup(reading_table, key=lambda big: "daisuushii" if big else "shousuushii")
def winds_riichi(f, big):
    """Shousuushii (three wind pungs and a wind pair) / daisuushii (four wind pungs)."""
    pungs = sum(1 for t in f.pung_tiles if t in WIND_TILES)
    if big:
        return int(pungs == 4)
    return int(pungs == 3 and f.pair is not None and f.pair.tile in WIND_TILES and f.form == "standard")


@pattern()
@lookup(reading_table, key=lambda: "ryuuiisou")
def all_green_riichi(f):
    """Ryuuiisou: only 2 3 4 6 8 bamboo and green dragons."""
    return int(not f.mask & ~_GREEN_MASK)


@pattern()
@lookup(reading_table, key=lambda pure: rt.pick(("chuuren/9", "chuuren"), pure))
def nine_gates_riichi(f, pure):
    """Chuuren poutou: 1112345678999 and one more of one suit, no meld at all (not even a concealed
    kong). `pure`: the nine-sided form, the thirteen tiles before the win were exactly 1112345678999."""
    hand = f.hand
    if hand.melds or f.form != "standard" or len(f.suits) != 1 or f.has_honours:
        return 0
    s = next(iter(f.suits)) * 9
    c = list(hand.counts[s:s + 9])
    if c[0] < 3 or c[8] < 3 or any(x < 1 for x in c):
        return 0
    w = hand.win_tile - s
    c[w] -= 1
    nine = c == [3, 1, 1, 1, 1, 1, 1, 1, 3]
    return int(nine == pure)


@pattern()
@lookup(reading_table, key=lambda pure: rt.pick(("kokushi/13", "kokushi"), pure))
def thirteen_orphans_riichi(f, pure):
    """Kokushi musou: one of each terminal and honour and a pair of one; `pure` the thirteen-sided
    form (the pair was made by the winning tile)."""
    if f.form != "thirteen_orphans":
        return 0
    return int((f.hand.counts[f.hand.win_tile] == 2) == pure)


@pattern()
@lookup(reading_table, key=lambda: "seven_pairs")
def seven_pairs_riichi(f):
    """Chiitoitsu: seven different pairs."""
    return int(f.form == "seven_pairs")
