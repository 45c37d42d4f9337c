"""Riichi fu items (each one an item with its rule, so the breakdown shows where every fu comes from),
dora, red fives, ura dora, and the checks of a riichi win context."""
from __future__ import annotations

from functools import lru_cache

from ..core.facts import ORPHAN_MASK, SIMPLE_MASK
from ..errors import ContextError, ImpossibleHand, NotationError
from ..notation.format import red_fives
from ..notation.hand import CHOW, KONG
from ..notation.parse import parse_tiles_only
from ..notation.tiles import DRAGON_TILES
from ..rulesets.registry import gate, pattern

MAX_INDICATORS = 5  # the first indicator and one for each of four kongs


def dora_of(indicator: int) -> int:
    """The tile an indicator points at: the next of its suit (9 -> 1), winds E S W N E, dragons
    white green red white."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


class _Refused(Exception):
    """Why an indicator text is refused (None: it is no text); `indicators` names the flag."""


def indicators(text, flag: str) -> tuple:
    """The dora tiles of `--dora` / `--ura` text (one per indicator, repeats count again)."""
    if not text:
        return ()
    try:
        return _dora_tiles(text)
    except (_Refused, TypeError) as e:  # (TypeError: a text that does not hash)
        why = e.args[0] if isinstance(e, _Refused) else None
        if why is None:
            raise ContextError(f"--{flag} takes tiles, e.g. --{flag} \"4m E\"; got {text!r}") from None
        raise ContextError(f"--{flag} {text!r}: {why}") from None


@lru_cache(maxsize=1024)
def _dora_tiles(text) -> tuple:
    """indicators of a text, read once (a table repeats its indicators hand after hand)."""
    if not isinstance(text, str):
        raise _Refused(None)
    try:
        tiles = parse_tiles_only(text)
    except NotationError as e:
        raise _Refused(e.reason) from None
    if any(t >= 34 for t in tiles):
        raise _Refused("flowers and seasons are no dora indicators")
    if len(tiles) > MAX_INDICATORS:
        raise _Refused(f"at most {MAX_INDICATORS} indicators (one, and one per kong)")
    return tuple(dora_of(t) for t in tiles)


def check_riichi_context(ctx) -> None:
    """Refuse what a riichi table cannot produce (the hand-level check, riichi on an open hand, is in
    the riichi predicate)."""
    if ctx.ippatsu and not (ctx.riichi or ctx.double_riichi):
        raise ContextError("--ippatsu without --riichi: ippatsu is a win within one go-around after riichi")
    if ctx.ura and not (ctx.riichi or ctx.double_riichi):
        raise ContextError("--ura without --riichi: ura dora are turned over only for a riichi winner")
    if ctx.first_turn and (ctx.riichi or ctx.double_riichi):
        raise ContextError("--first-turn with --riichi: a blessing (tenhou, chiihou, renhou) comes before "
                           "the winner's first discard, so before any riichi")
    if ctx.dealer != "E":
        raise ContextError(f"--dealer {ctx.dealer}: in riichi the dealer is the East seat; give the winner's "
                           "seat wind with --seat (the dealer is --seat E)")
    if ctx.players != 4:
        raise ContextError("riichi here is the four-player game")


# ---- fu ---------------------------------------------------------------------------------------

def pinfu_shape(f) -> bool:
    """Four chows, a pair worth no fu, won on a two-sided wait: the hand has no fu but the base."""
    if f.n_chows != 4 or f.wait != "open":  # (four chows: the standard form)
        return False
    t = f.pair.tile
    return not (t in DRAGON_TILES or t == f.seat_wind or t == f.round_wind)


@pattern()
@gate("closed")
def riichi_fu_closed_ron(f):
    """Menzen kafu: 10 fu for a closed hand won on a discard (or a robbed kong)."""
    return 1 if not f.self_draw and f.closed and f.form == "standard" else 0


@pattern()
@gate("self_draw")
def riichi_fu_self_draw(f, pinfu_too=False):
    """Tsumo fu: 2 fu for a self-drawn win, except pinfu (a hand with no other fu keeps its 20)."""
    if not f.self_draw or f.form != "standard":
        return 0
    return 1 if pinfu_too or not pinfu_shape(f) else 0


@pattern()
@gate("open_hand", "n_chows")
def riichi_fu_open_pinfu(f):
    """An open hand with no fu at all is counted 30 fu (2 fu added before rounding)."""
    return 1 if f.n_chows == 4 and not f.closed and pinfu_shape(f) else 0


@pattern()
@gate(when=lambda kind, concealed, **_given: ("n_kongs" if kind == KONG else "n_pungs",)
      + (("concealed_pungs",) if concealed else ()))
def riichi_fu_set(f, kind, orphan, concealed):
    """Fu of pungs and kongs by kind, terminal/honour or simple, concealed or open (a pung completed
    by a discard is open). Returns how many sets of this kind the reading has."""
    # (counts first: most readings have no set of the entry's kind or concealment, and stop here)
    if not (f.n_kongs if kind == KONG else f.n_pungs - f.n_kongs):
        return 0
    if not (f.concealed_pungs if concealed else f.n_pungs - f.concealed_pungs):
        return 0
    kongs = f.kong_mask
    sets = f.pung_mask & (kongs if kind == KONG else ~kongs) & (ORPHAN_MASK if orphan else SIMPLE_MASK)
    if sets:
        sets &= f.concealed_pung_mask if concealed else ~f.concealed_pung_mask
    return sets.bit_count() if sets else 0


@pattern()
@gate("has_honours")
def riichi_fu_pair(f):
    """A pair of dragons, of the seat wind or of the round wind: 2 fu each way it is a value tile (a
    pair of the wind that is both seat and round wind: 4)."""
    if f.form != "standard":
        return 0
    t = f.pair.tile
    if t < 27:  # (a suit tile: most pairs)
        return 0
    return (t in DRAGON_TILES) + (t == f.seat_wind) + (t == f.round_wind)  # (bools add up to an int)


@pattern()
def riichi_fu_wait(f, wait):
    """2 fu for winning on an edge (penchan), closed (kanchan) or single (tanki) wait."""
    return 1 if f.wait == wait and f.form == "standard" else 0


# ---- dora -----------------------------------------------------------------------------------

@pattern()
@gate(when=lambda ura=False, **_given: ("ctx.ura",) if ura else ("ctx.dora",))
def dora_count(f, ura=False):
    """Dora (or ura dora): each tile of the hand, kongs with four, counts once per indicator that
    points at it."""
    ctx = f.ctx
    text = ctx.ura if ura else ctx.dora
    if not text:
        return 0
    try:
        tiles = _dora_tiles(text)
    except (_Refused, TypeError):
        tiles = indicators(text, "ura" if ura else "dora")  # (refused again, naming the flag)
    hand = f.hand
    counts = hand.counts  # (the concealed tiles, read already; the melds' below, without Hand.all_counts)
    if len(tiles) == 1:  # most hands: one indicator, no kong
        n = counts[tiles[0]]
    else:
        n = 0
        for t in tiles:
            n += counts[t]
    melds = hand.melds
    return n + melded_dora(melds, tiles) if melds else n


def melded_dora(melds, tiles) -> int:
    """How many of the melds' physical tiles (Meld.held) the indicators point at, each once per
    indicator: Hand.all_counts less the concealed counts, read at `tiles` alone."""
    n = 0
    for m in melds:
        written = m.written
        if written:
            for t in tiles:
                n += written.count(t)
            continue
        kind, tile = m.kind, m.tile
        if kind == CHOW:
            for t in tiles:
                if tile <= t <= tile + 2:
                    n += 1
        else:
            for t in tiles:
                if t == tile:
                    n += 4 if kind == KONG else 3
    return n


@pattern()
def red_five_count(f, per_suit=1):
    """Aka dora: red fives (written 0m 0p 0s) held, each one han; `per_suit` red fives exist of each suit."""
    if "0" not in f.hand.source_text:  # no red five written (red_fives would say so, at more cost)
        return 0
    reds = red_fives(f.hand)
    if not any(reds):
        return 0
    for k, n in enumerate(reds):
        if n > per_suit:
            raise ImpossibleHand(f"{n} red fives of {'mps'[k]} ({n}x 0{'mps'[k]}): this ruleset has "
                                 f"{per_suit} of each suit")
    return sum(reds)
