"""Gold-tile rulesets: Xiamen (Amoy) and Quanzhou, from "Xiamen rules" and "Xiamen digest" (docs/SOURCES.md;
docstrings below cite them by section heading, as the YAML's citations do).

Water ("flowers" in the English text) per set and per gold held, the multiplier hands (gold float and
its double and triple rounds, three-gold knocker, robbing the gold, heavenly and earthly wins, Quanzhou's
eight bonus tiles) and the wins the texts forbid. Values live in variants/xiamen.yaml; the predicates
here only say whether (and how often) a reading has the thing.

Two special forms are registered here: the three-gold knocker and Quanzhou's eight bonus tiles, both
"regardless of the hand": their readings are the declared melds plus every concealed tile as a single.

A false win (`--set false_win=true`) is priced as the declared win would have been, so the refusals
below stand aside for it: the player declared exactly what the rules refuse.
"""
from __future__ import annotations

from functools import lru_cache

from ..core.blocks import SINGLE, Block, Reading
from ..core.ceilings import same_on_every_reading
from ..core.decompose import standard_splits
from ..core.forms import Needs, form
from ..core.wild import split_wild
from ..notation.hand import CHOW, KONG, PAIR, PUNG
from ..notation.tiles import HONOURS, WHITE
from ..rulesets.context import Context
from ..rulesets.context_values import TRUE_WORDS
from ..rulesets.registry import pattern
from .gold_view import reads_gold_view

KNOCKER = "three_gold_knocker"
EIGHT_BONUS = "eight_bonus_tiles"
SPECIAL = (KNOCKER, EIGHT_BONUS)


def flag(ctx, key) -> bool:
    """A yes/no `--set` fact (the CLI turns `true` into True; hand files may say `yes`)."""
    if type(ctx) is Context:  # most contexts have no --set: nothing to look up
        extra = ctx.extra
        if not extra:
            return False
        v = extra.get(key)
    else:
        v = ctx.get(key)
    if isinstance(v, str):
        return v.lower() in TRUE_WORDS
    return bool(v)


def _false_win(f) -> bool:
    return flag(f.ctx, "false_win")


def gold_of(f):
    return f.wild.tile if f.wild is not None else None


def _face(f, t: int) -> int:
    """White dragons are always the gold's face value (Xiamen rules, Choosing Gold tile; Xiamen digest, 白と金牌 (whites and golds): 常に代わりになる)."""
    if t == WHITE and f.wild is not None and f.wild.substitute is not None:
        return f.wild.substitute
    return t


def _singles(hand) -> list[Reading]:
    """A 'regardless of the hand' reading: the melds as declared, every concealed tile on its own."""
    blocks = tuple(Block(m.kind, m.tile, (), m) for m in hand.melds) + tuple(Block(SINGLE, t) for t in hand.concealed)
    return [Reading(KNOCKER, blocks, -1)]


@form(KNOCKER, "three golds (an instant win)")
def three_gold_knocker_form(hand, counts, jokers, win_is_wild, options):
    """Xiamen rules, Multipliers are: "Three gold knocker ... only requires three gold tiles and the rest does not have to
    form sets or a pair". Xiamen digest, 上がり方 (ways of winning): 三金倒 ... 他の牌が上がれる形でなくても上がれる."""
    if jokers < 3:
        return []
    return _singles(hand)


@form(EIGHT_BONUS, "all eight flowers and seasons", Needs(bonus=8))
def eight_bonus_form(hand, counts, jokers, win_is_wild, options):
    """Xiamen rules, Quanzhou scoring: "When a player collects all the eight flower and season tiles, he/she wins
    immediately regardless of his/her hand". Xiamen digest, 泉州 (Quanzhou): 手牌の形に関係なく."""
    if len(hand.bonus) != 8:
        return []
    return [r._replace(form=EIGHT_BONUS) for r in _singles(hand)]


# ---- water -------------------------------------------------------------------------------------

@pattern()
@same_on_every_reading
def gold_golds_held(f):
    """One water per gold tile held. Xiamen rules, Scoring: "number of flower and gold tiles (discarded gold tiles
    do not count)"; Xiamen digest, 水 (water): 花牌,金牌1枚1水. A gold discarded in a float is no longer in the
    hand, so counting the golds written in the hand is the rule. Robbing the gold brings the indicator
    itself into the hand, and Xiamen digest, 上がり方 (ways of winning) gives it gold water too (この金牌表示は万能牌で金牌の水も付く)."""
    g = gold_of(f)
    return 0 if g is None else f.hand.counts[g]


def set_class(f, i: int, b: Block, added_kong="open_kong"):
    """(honour, 'pung' or 'kong', closed) for the water table, or None for a chow, pair or single.
    Xiamen rules, Scoring: '"Open" here means a set containing discarded tile, and "close" those made solely of
    tiles drawn from the wall.' A pung completed by the winning discard is open; a robbed tile is not a
    discard (Xiamen digest, 上がり方 (ways of winning): 搶槓も点数は自摸扱い, robbing a kong scores as self-draw)."""
    if b.kind not in (PUNG, KONG):
        return None
    honour = _face(f, b.tile) in HONOURS
    m = b.meld
    if m is None:
        return honour, b.kind, not (i == f.reading.win and f.win_type == "discard")
    if m.concealed:
        return honour, KONG, True
    if b.kind == KONG and m.added:
        if added_kong == "closed_pung":
            return honour, PUNG, True
        return honour, KONG, False
    return honour, b.kind, False


@pattern()
@reads_gold_view
def gold_set_water(f, honour=False, kind="pung", closed=True, open_pung_as_closed=False,
                   added_kong="open_kong", gold_sets=True, knocker_sets="melds"):
    """Sets of one cell of the water table (Xiamen rules, Scoring: honour open pung 1, closed pung 2, open kong
    3, closed kong 4; suits 0, 1, 2, 3). `open_pung_as_closed`: Xiamen rules, Quanzhou scoring; Xiamen digest, 泉州 (Quanzhou) (some count
    an open pung as a closed one). `added_kong`: `open_kong`, or `closed_pung` (Xiamen rules, Quanzhou scoring; Xiamen digest, 泉州 (Quanzhou): 加槓の水は明槓でなく暗刻と同じ). An open pung that became closed scores as closed whether it was
    claimed or completed by the winning discard. `gold_sets`: a set holding a gold scores as the set it
    stands for (false: no set water for it). `knocker_sets`: in a three-gold knocker, `melds` counts the
    declared melds, `none` no set at all."""
    if f.form in SPECIAL and knocker_sets == "none":
        return 0
    # the eight cells are asked one after another of the same reading: classify its sets once per
    # (added_kong, gold_sets, open_pung_as_closed) and count them by cell
    try:
        tables = f._gold_set_cells
    except AttributeError:
        tables = f._gold_set_cells = {}
    how = (added_kong, gold_sets, open_pung_as_closed)
    try:
        by_cell = tables[how]
    except (KeyError, TypeError):
        by_cell = {}  # (honour, kind, closed) -> how many sets: each cell is then one look-up
        for cell in _set_cells(f, added_kong, gold_sets, open_pung_as_closed):
            by_cell[cell] = by_cell.get(cell, 0) + 1
        try:
            tables[how] = by_cell
        except TypeError:  # an unhashable parameter: not kept
            pass
    try:
        return by_cell.get((honour, kind, closed), 0)
    except TypeError:  # an unhashable parameter: compared cell by cell
        return sum(n for (h, k, cl), n in by_cell.items() if h == honour and k == kind and cl == closed)


def _set_cells(f, added_kong, gold_sets, open_pung_as_closed) -> tuple:
    """(honour, kind, closed) of every set of the reading that scores set water, in block order."""
    out = []
    for i, b in enumerate(f.blocks):
        if b.kind != PUNG and b.kind != KONG:  # set_class gives None: skip it before the call
            continue
        if b.wild and not gold_sets:
            continue
        c = set_class(f, i, b, added_kong)
        if c is None:
            continue
        h, k, cl = c
        if k == PUNG and not cl and open_pung_as_closed:
            cl = True
        out.append((h, k, cl))
    return tuple(out)


# ---- multipliers -------------------------------------------------------------------------------

@pattern()
@same_on_every_reading
def gold_any_win(f):
    """Xiamen rules, Multipliers are: "Common Win: x1. A win where none of the below apply." Every legal win has it; the
    multiplier series keeps only the highest that fits."""
    return 1


def float_pair(f) -> bool:
    """The reading waited on its pair with a lone gold: the pair is the winning tile plus a gold standing
    for it (or two golds, one of them drawn). Xiamen rules, Multipliers are: "has five sets completed and waiting for an eye
    with a Gold tile"; Xiamen digest, 上がり方 (ways of winning): 金牌の単騎待ち."""
    if f.form != "standard" or f.reading.win < 0:
        return False
    b = f.blocks[f.reading.win]
    if b.kind != PAIR or not b.wild:
        return False
    w = f.hand.win_tile
    if w == gold_of(f):
        return len(b.wild) == 2
    return len(b.wild) == 1 and b.tile == _face(f, w)


@pattern()
@reads_gold_view
def gold_float(f, floats=0):
    """A gold float won from the wall after `floats` golds were discarded in float rounds (--floats: 0 gold
    float x4, 1 double float x8, 2 triple float x12; not given counts as 0). Xiamen rules, Multipliers are;
    Xiamen digest, 上がり方 (ways of winning): 游金 / 双游 (金牌を捨てて,次のツモ順に游金で上がる) / 三游."""
    return int(float_pair(f) and f.self_draw and (f.ctx.floats or 0) == floats)


@pattern()
@reads_gold_view
def gold_knocker(f, after_deal=False):
    """A three-gold knocker reading; `after_deal` (--first-turn): declared right after the deal and the
    flower replacements, Xiamen rules, Multipliers are: "If a player have them after deal and melding of flowers, it
    becomes x4 instead of x3"; Xiamen digest, 上がり方 (ways of winning): 配牌後の補花が済んだときの三金倒は,点数は游金扱い(x4)."""
    return int(f.form == KNOCKER and (f.ctx.first_turn or not after_deal))


@pattern()
@reads_gold_view
def gold_eight_bonus(f):
    """Quanzhou's instant win on all eight flowers and seasons (Xiamen rules, Quanzhou scoring; Xiamen digest, 泉州 (Quanzhou))."""
    return int(f.form == EIGHT_BONUS)


@pattern()
@reads_gold_view
def gold_robbed(f):
    """Robbing the gold (--set rob_gold=true): the gold indicator claimed right after the deal completes the
    hand. Xiamen rules, Multipliers are; Xiamen digest, 上がり方 (ways of winning): 開金のとき ... 金牌表示を加えれば上がれる場合."""
    return int(flag(f.ctx, "rob_gold") and f.hand.win_tile == gold_of(f) and f.form == "standard")


@pattern()
@reads_gold_view
def gold_heavenly(f):
    """The banker's hand is complete right after the deal, the flower replacements and the gold
    (--first-turn, dealer, self-draw). Xiamen rules, Multipliers are; Xiamen digest, 上がり方 (ways of winning): 三金倒では天胡にならない (a knocker
    is never heavenly), so only a standard reading has it."""
    c = f.ctx
    # the banker robbing the gold after his first discard is a robbed gold, not a heavenly hand
    return int(c.first_turn and c.winner_is_dealer and f.self_draw and f.form == "standard"
               and not flag(c, "rob_gold"))


@pattern()
@reads_gold_view
def gold_earthly(f):
    """A non-banker wins on the banker's first discard (--first-turn --discarder BANKER). Xiamen rules, Multipliers are:
    "Earthly win is when a non-banker wins by the banker's first discard in a deal"."""
    c = f.ctx
    return int(c.first_turn and not c.winner_is_dealer and c.discarder == c.dealer and f.form == "standard")


# ---- refusals (each returns 1 when the reading is not a legal win) ------------------------------

def refusal(fn):
    """A refusal stands aside for a declared false win, which is priced as declared."""
    def wrapped(f, **kw):
        return 0 if _false_win(f) else fn(f, **kw)
    wrapped.__name__ = fn.__name__
    wrapped.__doc__ = fn.__doc__
    wrapped.__wrapped__ = fn
    wrapped.hand_level = getattr(fn, "hand_level", False)
    return pattern(fn.__name__)(wrapped)


def hand_level(fn):
    """The refusal reads only the hand, the context and the wild tile (not the reading's blocks or
    form): the engine asks it once per hand (engine.refusal's memo). Put it under @refusal."""
    fn.hand_level = True
    return fn


@refusal
@hand_level
def gold_in_meld(f):
    """A declared set holds a gold. Xiamen rules, Chow: "A chow'ed run cannot contain a Gold tile"; Pung:
    "A pung'ed set cannot contain Gold tiles"; a kong is four identical tiles (Winning hand) and the fourth
    copy of the gold is the indicator on the table. White dragons in a pung stand for the gold's face and
    are written P; a chow holding a white (which the notation cannot write) is declared with
    `--set white_in_chow=true`."""
    g = gold_of(f)
    if g is None:
        return 0
    for m in f.hand.melds:
        if g in m.held and not (m.kind == CHOW and flag(f.ctx, "white_in_chow")):
            return 1
    return 0


@refusal
@hand_level
def gold_discard_win(f):
    """Won on a discarded gold. Xiamen rules, Winning: "One cannot win by a discarded Gold tile." """
    return int(f.win_type == "discard" and f.hand.win_tile == gold_of(f))


@refusal
@hand_level
def gold_robbed_gold(f):
    """Won by robbing a kong on a gold. No declared set holds a gold (Xiamen rules, Pung: "A pung'ed set cannot
    contain Gold tiles"), so a gold is never added to a pung and cannot be the robbed tile; as a gold
    cannot be won on from a discard (Xiamen rules, Winning) it cannot be won on from a kong either."""
    return int(f.win_type == "robbed" and f.hand.win_tile == gold_of(f))


@refusal
@reads_gold_view
def gold_float_claimed(f):
    """The reading pairs a claimed tile with a lone gold: a gold float is won from the wall only.
    Xiamen rules, Multipliers are: "he/she can only do so with a tile from the wall"; Xiamen digest, 上がり方 (ways of winning): 振り込みでは上がれない."""
    return int(not f.self_draw and float_pair(f))


@lru_cache(maxsize=1024)
def waited_on_lone_gold(hand, wild) -> bool:
    """The hand before its winning tile was five sets and a lone gold. With one more gold that is five sets
    and a pair of golds, which the splitter finds as an all-wild pair."""
    counts, jokers = split_wild(hand.counts, wild)
    c = list(counts)
    if hand.win_tile == wild.tile:
        jokers -= 1
    else:
        w = wild.substitute if (hand.win_tile == WHITE and wild.substitute is not None) else hand.win_tile
        c[w] -= 1
    if jokers < 1:
        return False
    return any(b.kind == PAIR and len(b.wild) == 2 for split in standard_splits(tuple(c), jokers + 1) for b in split)


@refusal
@hand_level
def gold_float_hand_claimed(f):
    """Option: a hand waiting on a lone gold (a gold float) wins from the wall only, whatever other tiles it
    also waits on. Xiamen digest, 上がり方 (ways of winning): この形は何でも上がれるが,振り込みでは上がれない ("this shape wins on
    anything, but not on a discard"), read as a state of the hand rather than of one reading."""
    return int(not f.self_draw and f.wild is not None and f.wild.tile is not None
               and waited_on_lone_gold(f.hand, f.wild))


@refusal
@hand_level
def gold_floats_claimed(f):
    """--floats given on a claimed win. Xiamen rules, Multipliers are: "During a float round, the floating player cannot
    win by claiming a discarded tile." """
    return int(f.ctx.floats is not None and not f.self_draw)


@refusal
@reads_gold_view
def gold_floats_without_float(f):
    """--floats given but this reading does not wait on its pair with a lone gold (Xiamen rules, Multipliers are)."""
    return int(f.ctx.floats is not None and f.self_draw and not float_pair(f))


@refusal
@hand_level
def gold_floats_too_many(f, most=2):
    """More float discards than the triple float's two (Xiamen rules, Multipliers are; Xiamen digest, 上がり方 (ways of winning))."""
    return int((f.ctx.floats or 0) > most)


@refusal
@hand_level
def gold_too_many(f):
    """More than three golds without robbing the gold: the indicator is the fourth copy (Xiamen rules, Choosing Gold tile:
    "the other three identical tiles are Gold tiles")."""
    g = gold_of(f)
    return int(g is not None and f.hand.counts[g] > 3 and not flag(f.ctx, "rob_gold"))


@refusal
@hand_level
def gold_rob_misfit(f):
    """--set rob_gold=true, but the indicator is not the winning tile or the win is given as a claim of
    someone's discard or kong (the indicator is no one's tile; every other player pays). Xiamen rules, Multipliers are."""
    if not flag(f.ctx, "rob_gold"):
        return 0
    return int(f.hand.win_tile != gold_of(f) or not f.self_draw or f.ctx.last_tile)


@refusal
@hand_level
def gold_rob_off(f):
    """--set rob_gold=true where robbing the gold is not recognised (Xiamen rules, Quanzhou scoring)."""
    return int(flag(f.ctx, "rob_gold"))


@refusal
@reads_gold_view
def gold_special_timing(f):
    """A three-gold knocker or eight-bonus reading declared on a claimed tile, or a knocker neither right
    after the deal (--first-turn) nor on the last turn (--last-tile). Xiamen rules, Multipliers are: "it is only allowed just
    after a deal or last turn before a draw"; Xiamen digest, 上がり方 (ways of winning): 配牌(補花を含む)が済んだ後,または流局直前."""
    if f.form not in SPECIAL:
        return 0
    if not f.self_draw:
        return 1
    return int(f.form == KNOCKER and not (f.ctx.first_turn or f.ctx.last_tile))


@refusal
@hand_level
def gold_held_claimed(f):
    """Option: a player holding a gold may only win by a wall tile. Xiamen rules, Winning ("Some play that a player
    who has a gold tile in his/her hand can only win by a wall tile"), Restriction on common win; Xiamen digest, バリエーション (variations)."""
    g = gold_of(f)
    return int(g is not None and not f.self_draw and f.hand.counts[g] > 0)


@refusal
@hand_level
def gold_float_round_discard(f):
    """A discard win while another player floats (--set float_round=true). Xiamen rules, Multipliers are: "Some allow
    non-floating player to win by a discarded tile during a float round, while others forbid that";
    Xiamen digest, 白と金牌 (whites and golds) and バリエーション (variations)."""
    return int(f.win_type == "discard" and flag(f.ctx, "float_round"))


@refusal
@reads_gold_view
def gold_required_float(f, rob_gold=True, heavenly=True):
    """Option: three golds in hand must win by a three-gold knocker, a gold float or better.
    Xiamen rules, Required float; Xiamen digest, バリエーション (variations): 三金倒あるいは游金・双游・三游でなければ上がれない. Robbing the gold
    and the heavenly win (x4) are "better" only where the ruleset recognises them (`rob_gold`,
    `heavenly`: the options rob_gold_win, heavenly_win; Quanzhou has neither, Xiamen rules, Quanzhou scoring)."""
    g = gold_of(f)
    if g is None or f.hand.counts[g] < 3:
        return 0
    better = (f.form == KNOCKER or (float_pair(f) and f.self_draw) or (rob_gold and gold_robbed(f))
              or (heavenly and gold_heavenly(f)))
    return int(not better)


@refusal
@hand_level
def gold_false_float(f):
    """Option: discarding a gold without floating forfeits the win (--set discarded_gold=true says the
    winner did). Xiamen rules, False float; Xiamen digest, バリエーション (variations): 双游,三游以外で金牌を捨てたら,上がり放棄."""
    return int(flag(f.ctx, "discarded_gold"))


@refusal
@hand_level
def gold_missed_win(f):
    """Option: after passing a win or a pung on a tile, a player may not claim the same tile for a win until
    his turn comes (--set missed_win=true). Xiamen rules, Missed win or pung; Xiamen digest, バリエーション (variations)."""
    return int(f.win_type == "discard" and flag(f.ctx, "missed_win"))


@refusal
@hand_level
def gold_wrong_call(f):
    """A wrong chow, pung, kong or draw earlier in the hand (--set wrong_call=true). Xiamen rules, Wrong chow, pung, kong or drawing: "A player
    who did a wrong chow, pung, kong or drawing cannot win in that hand"; Xiamen digest, 反則 (irregularities)."""
    return int(flag(f.ctx, "wrong_call"))
