"""Riichi (Japanese) yaku and yakuman that no other ruleset scores the same way: the declaration, the
timing yaku, and the shapes riichi alone defines (pinfu, iipeikou, ittsu, sanshoku, suu ankou, the
double-yakuman forms). The yaku the shared families already define (tanyao aside: all pungs, the
outside hand, one suit, seven pairs, dragon and wind sets, concealed pungs, kongs, the all-terminal
and all-honour hands, all green, nine gates) are those families' predicates with riichi's values and
parameters in variants/riichi.yaml.

The values (closed and open han, yakuman multiples) live in the YAML; a yaku whose open value differs
(kuisagari) is two YAML entries over one predicate, `open: false` and `open: true`. Each predicate is a
test over the reading's shared summary (core/facts.py). Fu items, dora and the context checks are in
riichi_fu.py."""
from __future__ import annotations

from ..core.facts import ORPHAN_MASK
from ..errors import ImpossibleHand
from ..notation.hand import CHOW
from ..rulesets.registry import gate, pattern, reads
from .riichi_fu import check_riichi_context, pinfu_shape
from .sets import open_gate

_STRAIGHT = 0b1001001  # chows starting on 1, 4 and 7 of one suit (chow_mask bits)
_RANKS = 0x1FF  # the nine ranks of a suit (bits 0-8)


# An entry's `open` parameter: True counts on an open hand only, False on a closed one only, None on
# either; `open == f.closed` is then the entry that does not fit the hand. (Returning `1 if ... else 0`
# rather than int(...): a predicate runs on every reading, and the call to int costs more than the test.)


# ---- how the hand was won -------------------------------------------------------------------

@pattern()
def riichi_declared(f, double=False):
    """Riichi (1 han) or double riichi (2 han, in its place): declared on a closed hand. Riichi
    with a claimed meld cannot happen: refused, not scored."""
    ctx = f.ctx
    if not (ctx.riichi or ctx.double_riichi):
        return 0
    if not f.closed:
        raise ImpossibleHand("--riichi / --double-riichi with an open hand: riichi is declared on a closed "
                             "hand (riichi: 'menzen', no claimed meld)")
    return 1 if bool(ctx.double_riichi) == double else 0


@pattern()
@reads("ctx")
def riichi_flag(f, flag):
    """A yaku that is a fact of the win alone: `ippatsu` (validated with riichi, see riichi_fu.py)."""
    check_riichi_context(f.ctx)
    return 1 if getattr(f.ctx, flag) else 0


@pattern()
@reads("ctx")
@gate("ctx.last_tile")
def riichi_last_tile(f, drawn):
    """Haitei (the last wall tile, drawn; a kong replacement is not the last wall tile) or houtei
    (the discard after it; a robbed kong is not a discard)."""
    ctx = f.ctx
    if not ctx.last_tile:
        return 0
    if drawn:
        return 1 if ctx.win_type == "self_draw" and not ctx.kong_draw else 0
    return 1 if ctx.win_type == "discard" else 0


@pattern()
@reads("ctx")
@gate(when=lambda robbed, **_given: ("ctx.robbed",) if robbed else ("ctx.kong_draw",))
def riichi_kong_win(f, robbed):
    """Rinshan kaihou (won on a kong's replacement tile) or chankan (robbing an added kong)."""
    return (1 if f.ctx.robbed else 0) if robbed else (1 if f.ctx.kong_draw else 0)


@pattern()
@reads("ctx")
@gate("ctx.first_turn")
def riichi_first_turn(f, who):
    """Tenhou (dealer, own first draw), chiihou (non-dealer, own first draw), renhou (non-dealer, on a
    discard before the first draw)."""
    ctx = f.ctx
    if not ctx.first_turn:
        return 0
    dealer = ctx.seat == ctx.dealer
    if who == "dealer":
        return 1 if dealer else 0
    if dealer:
        return 0
    return 1 if ctx.by_self_draw == (who == "drawn") else 0


# ---- shape -----------------------------------------------------------------------------------

@pattern()
@gate("closed", "n_chows")
def pinfu(f):
    """Pinfu: closed, no fu but the base (four chows, a pair that is not a value tile, two-sided wait)."""
    return 1 if f.n_chows == 4 and f.closed and pinfu_shape(f) else 0


@pattern()
@gate(when=open_gate)
def all_simples(f, open=None):
    """Tanyao: no terminal or honour anywhere (open hands by the open-tanyao option)."""
    return 0 if f.mask & ORPHAN_MASK or open == f.closed else 1


@pattern()
@gate("closed", "n_chows")
def riichi_pure_double_chow(f, twice=False):
    """Iipeikou (two identical chows) / ryanpeikou (two such pairs); closed hands only."""
    if f.n_chows < 2 or not f.closed:
        return 0
    pairs = f.chow_pairs
    return 1 if (pairs >= 2 if twice else pairs == 1) else 0


@pattern()
@gate(when=lambda open=None, **_given: open_gate(open) + ("n_chows",))
def riichi_straight(f, open=None):
    """Ittsu: 123, 456 and 789 chows of one suit."""
    if f.n_chows < 3 or open == f.closed:
        return 0
    c = f.chow_mask
    return 1 if c & _STRAIGHT == _STRAIGHT or c >> 9 & _STRAIGHT == _STRAIGHT or c >> 18 & _STRAIGHT == _STRAIGHT else 0


@pattern()
@gate(when=lambda kind, open=None, **_given: open_gate(open) + ("n_chows" if kind == CHOW else "n_pungs",))
def riichi_three_colour(f, kind, open=None):
    """Sanshoku doujun (the same chow in each suit) / doukou (the same pung or kong in each suit)."""
    if (f.n_chows if kind == CHOW else f.n_pungs) < 3 or open == f.closed:
        return 0
    sets = f.chow_mask if kind == CHOW else f.pung_mask
    return 1 if sets & sets >> 9 & sets >> 18 & _RANKS else 0  # (some rank in all three suits)


@pattern()
@gate("concealed_pungs")
def four_concealed_pungs(f, single_wait):
    """Suu ankou: four concealed pungs; `single_wait` the form won on the pair (suu ankou tanki)."""
    if f.concealed_pungs != 4:
        return 0
    return 1 if (f.wait == "pair") == single_wait else 0


@pattern()
@gate("special")
def thirteen_orphans_riichi(f, pure):
    """Kokushi musou: one of each terminal and honour and a pair of one; `pure` the thirteen-sided
    form (the pair was made by the winning tile)."""
    if f.form != "thirteen_orphans":
        return 0
    return 1 if (f.hand.counts[f.hand.win_tile] == 2) == pure else 0
