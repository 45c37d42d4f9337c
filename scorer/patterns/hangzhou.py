"""Hangzhou (杭州麻将) predicates: fortune tiles (财神), the banker's staying count (牢), wild eye,
fortune float, kong bloom, deluxe seven pairs, and the legality rules that depend on them.

Rule texts: "Hangzhou rules" and "Hangzhou digest" (docs/SOURCES.md); docstrings cite
them by section heading, as the YAML's citations do."""
from __future__ import annotations

from functools import lru_cache

from ..core.ceilings import same_on_every_reading
from ..core.forms import FORMS
from ..core.views import reads_view
from ..core.wild import split_wild
from ..notation.hand import CHOW, KONG, PAIR, PUNG
from ..notation.tiles import WHITE
from ..rulesets.registry import hand_level, pattern

SEATS = "ESWN"


# ---- helpers shared with models/hangzhou.py ------------------------------------------------------

def lao(ctx) -> int:
    """The banker's staying count: 1 lao is the banker's first hand, 2 the second, 3 three or more
    (RULINGS hangzhou: `--streak N` stays means lao N+1)."""
    return min(ctx.streak + 1, 3)


def seat_before(seat: str, n: int) -> str:
    """The seat `n` places before `seat` in play order (1 left, 2 opposite, 3 right), as Meld.supplier
    counts from the meld's owner."""
    return SEATS[(SEATS.index(seat) - n) % 4]


def has_banker(ctx, other: str | None) -> bool:
    return ctx.dealer in (ctx.seat, other)


def sets_by_supplier(melds, owner: str) -> dict:
    """{seat: [melds]} of the claimed sets (chow, pung, claimed or added kong) each other seat supplied
    to `owner`. An added kong counts: its pung was claimed from that seat (Exceptions to the payout scheme: 'chow/pung/open
    kong three times from player B')."""
    out: dict = {}
    for m in melds:
        if m.concealed or m.supplier is None:
            continue
        out.setdefault(seat_before(owner, m.supplier), []).append(m)
    return out


def _win_in_pair_with_fortune(reading, win_is_wild: bool) -> bool:
    if reading.win < 0:
        return False
    b = reading.blocks[reading.win]
    # the pair must hold a fortune tile besides the winning tile itself: the calling hand was the
    # fortune waiting alone for its eye
    return b.kind == PAIR and len(b.wild) - (1 if win_is_wild else 0) >= 1


def is_wild_eye(f) -> bool:
    """This reading is a wild eye: the winning tile made the eye (or the seventh pair) with a fortune."""
    return f.wild is not None and f.wild.tile is not None and _win_in_pair_with_fortune(
        f.reading, f.hand.win_tile == f.wild.tile)


@lru_cache(maxsize=4096)
def _any_wild_eye(hand, wild, quads: bool) -> bool:
    counts, jokers = split_wild(hand.counts, wild)
    if not jokers:
        return False
    win_is_wild = hand.win_tile == wild.tile
    h = hand
    if wild.substitute is not None and hand.win_tile == WHITE:
        from dataclasses import replace

        h = replace(hand, win_tile=wild.substitute)
    opts = {"seven_pairs_quads": quads}
    readings = FORMS["standard"](h, counts, jokers, win_is_wild, opts) + \
        FORMS["seven_pairs"](h, counts, jokers, win_is_wild, opts)
    return any(_win_in_pair_with_fortune(r, win_is_wild) for r in readings)


def wild_eye_shape(f) -> bool:
    """The hand before the win was four sets (or six pairs) and a lone fortune: some reading of it is
    a wild eye, whichever reading is scored."""
    if f.wild is None or f.wild.tile is None:
        return False
    return _any_wild_eye(f.hand, f.wild, bool(f.options.get("seven_pairs_quads", True)))


def hangzhou_view(reading, hand, wild, ctx):
    """What this module's reading-level predicates read of a reading (scorer/core/views.py): its form, the
    kind of the block holding the winning tile and the fortunes in it (wild eye), how many fortunes
    stand for another tile and how many are held (fortune_in_hand), and for seven pairs each pair's
    tile with the fortunes in it (deluxe_pairs)."""
    face = wild.tile if wild is not None else None
    held = used = 0
    for b in reading.blocks:
        for t in b.wild:
            held += 1
            used += t != face
    win = reading.blocks[reading.win] if reading.win >= 0 else None
    pairs = None
    if reading.form == "seven_pairs":
        pairs = tuple(sorted((b.tile, len(b.wild), sum(1 for t in b.wild if t != face)) for b in reading.blocks))
    return reading.form, None if win is None else (win.kind, len(win.wild)), used, held, pairs


def fortune_in_hand(f, face_is_natural=False) -> bool:
    """The reading holds a fortune tile; with `face_is_natural`, one standing for its own face
    (a fortune 4s read as 4s) does not count."""
    return (f.wild_used if face_is_natural else f.wild_held) > 0


# ---- doubles (Payout scheme; Hangzhou digest, 倍 (doubles)) ---------------------------------------------------

@pattern()
@reads_view(hangzhou_view)
def wild_eye(f):
    """'wild eye (暴头) (x2): when the winning hand is an eye calling hand with a fortune tile' (Payout scheme); Japanese 爆頭 (Hangzhou digest, 倍 (doubles)): 財神の単騎待ち, the fortune waiting alone for its eye. Seven pairs
    completed by a fortune's partner counts too ('頭・対子')."""
    return int(is_wild_eye(f))


@pattern()
@reads_view(hangzhou_view)
def fortune_float_rounds(f, rounds=1):
    """'fortune float (财飘) (x2, i.e. x4 including wild eye)' (Payout scheme); 'double float (双飘) (x4,
    i.e. x8 including wild eye)' (Payout scheme). `--floats N` counts the fortune tiles discarded while
    floating, as in every ruleset (NOTATION.md): 0 or no flag none, 1 a fortune float, 2 a double
    float. 1 when the hand floated exactly `rounds` times and won by wild eye."""
    return int(f.ctx.floats == rounds and is_wild_eye(f))


@pattern()
@same_on_every_reading
def hz_kong_bloom(f):
    """'kong bloom (杠开) (x2 for each kong in streak): when a hand is won by a kong supplement tile'
    (Payout scheme): one per kong of the streak (`--kong-draw N`)."""
    return f.ctx.kong_draw


@pattern()
@reads_view(hangzhou_view)
def seven_pairs_without_fortune(f, face_is_natural=False, on_claims=True):
    """'seven pairs (七对) (x2, x4 without fortune)' (Payout scheme): the extra double of 清七対. 'Some
    (many?) play that the extra double for seven pairs without fortune is not awarded in case of win
    by claiming or robbing' (`on_claims: false`)."""
    if f.form != "seven_pairs" or fortune_in_hand(f, face_is_natural):
        return 0
    return int(on_claims or f.self_draw)


@pattern()
@reads_view(hangzhou_view)
def deluxe_pairs(f, face_is_natural=False):
    """'deluxe (豪华) (x2 for each): when there are four identical tiles as two pairs in seven pairs.
    Fortune cannot be used in the four tiles. Kong is not allowed' (Payout scheme): one per tile read as two
    pairs with no fortune among its four."""
    if f.form != "seven_pairs":
        return 0
    face = f.wild.tile if f.wild else None
    natural: dict = {}
    for b in f.blocks:
        fortunes = sum(1 for t in b.wild if not (face_is_natural and t == face))
        natural.setdefault(b.tile, []).append(fortunes == 0)
    return sum(1 for pairs in natural.values() if len(pairs) >= 2 and all(pairs))


# ---- legality (Win (胡牌) and Payout scheme; Hangzhou digest, 倍 (doubles)) ----------------------------------------

@pattern()
@hand_level
def claim_before_lao(f, min_lao=3, win="discard"):
    """'Win by claiming or robbing a kong is only possible when the banker is staying for three or more
    hands' (Win (胡牌)); robbing at two as a variation (Payout scheme). `win`: discard or robbed."""
    return int(f.win_type == win and lao(f.ctx) < min_lao)


@pattern()
@hand_level
def claim_between_non_bankers(f):
    """'... and only between the banker and a non-banker. A non-banker can never win by claiming
    discarded tile or robbing a kong of another non-banker' (Win (胡牌))."""
    return int(not f.self_draw and not has_banker(f.ctx, f.ctx.payer_of_claim))


@pattern()
@hand_level
def hz_claimed_win(f):
    """Won on another player's tile (a discard or a robbed kong)."""
    return int(not f.self_draw)


@pattern()
@same_on_every_reading
def wild_eye_claimed(f):
    """Wild eye 'can only be won by an own tile and never by claiming or robbing a kong, even when the
    banker is staying for three or more hands' (Payout scheme; Hangzhou digest, 倍 (doubles): この場合に限り,3牢以上でも
    ツモ上がりしかできません). Read on the calling hand: four sets (or six pairs) and a lone fortune
    cannot claim, whichever way the completed tiles could be read."""
    return int(not f.self_draw and wild_eye_shape(f))


@pattern()
@hand_level
def fortune_claimed(f):
    """'A discarded fortune tile can never be claimed for winning' (Win (胡牌)); nor robbed from a kong,
    which 'cannot contain fortune tiles' (Kong (杠))."""
    return int(not f.self_draw and f.wild is not None and f.hand.win_tile == f.wild.tile)


@pattern()
@hand_level
def fortune_in_meld(f):
    """'An open pung cannot contain fortune tiles' (Pung (碰)), 'A kong cannot contain fortune tiles'
    (Kong (杠)). A pung or kong written with the fortune's face is refused: whites there are written
    [PPP]. An exposed run with the fortune's face is read as holding a white dragon ('An open run can
    contain a white dragon', Chow (吃)), since the notation cannot put a P in a run and a fortune cannot
    be there."""
    if f.wild is None or f.wild.tile is None:
        return 0
    return int(any(m.kind in (PUNG, KONG) and f.wild.tile in m.held for m in f.hand.melds))


@pattern()
@hand_level
def impossible_fortune_count(f):
    """With an indicator flipped, 'the other three identical ones' are the fortune tiles (Fortune tiles (财神)):
    a hand cannot hold four. Whites (four) include the ones exposed runs are read as holding."""
    w = f.wild
    if w is None or w.tile is None or w.substitute is None:
        return 0
    # (a run written with the fortune's face holds a white; one written with P is counted as held)
    in_runs = sum(1 for m in f.hand.melds if m.kind == CHOW and w.tile in m.held)
    return int(f.hand.counts[w.tile] > 3 or f.hand.all_counts[WHITE] + in_runs > 4)


@pattern()
@reads_view(hangzhou_view)
def float_without_wild_eye(f):
    """A float is won 'by wild eye in his/her next turn' (Payout scheme): `--floats` 1 or more on a reading
    that is not a wild eye."""
    return int(bool(f.ctx.floats) and not is_wild_eye(f))


@pattern()
@hand_level
def too_many_floats(f, most=2):
    """The text knows a fortune float and a double float (Payout scheme, 'theoretically maximal win
    ... double float', Payout scheme): `--floats` above `most` (2 = double float)."""
    return int(f.ctx.floats is not None and f.ctx.floats > most)


@pattern()
@hand_level
def permanent_fortune_conflict(f):
    """'Permanent fortune (白板财神). Some ... do not flip an indicator but make White dragons permanent
    fortune tiles' (Permanent fortune): an indicator or another wild tile given under that option."""
    return int(bool(f.ctx.indicator) or (f.wild is not None and f.wild.tile != WHITE))


@pattern()
@hand_level
def three_sets_restricted(f, restriction="none", when="always"):
    """'Restriction on the three open set liability': `banker_only` prohibits three sets
    between non-bankers; `no_three_chows` prohibits three chows between non-bankers; `max_two`
    disallows more than two sets from the same player at all. `when`: always, `staying` (lao 2+) or
    `lao3` ('Some apply one of these restrictions only when banker stays three or more hands. Some do
    so whenever banker stays')."""
    if restriction == "none" or (when == "staying" and lao(f.ctx) < 2) or (when == "lao3" and lao(f.ctx) < 3):
        return 0
    for seat, melds in sets_by_supplier(f.hand.melds, f.ctx.seat).items():
        if len(melds) < 3:
            continue
        if restriction == "max_two":
            return 1
        if has_banker(f.ctx, seat):
            continue
        if restriction == "banker_only" or all(m.kind == CHOW for m in melds):
            return 1
    return 0


@pattern()
def float_liability_without_float(f, allowed=False):
    """'Second half liability of float' needs the floating player's claims in a float round
    ('If a floating player is allowed to do chow, pung or open kong in a fortune float round'):
    `--set float_liable=SEAT` when that is not allowed, or on a hand that did not float."""
    if f.ctx.get("float_liable") is None:
        return 0
    return int(not allowed or not f.ctx.floats)
