"""Winning forms: the standard one (sets and a pair) and the special forms a variant switches on.

A form is a function (hand, counts, jokers, win_is_wild, options) -> list of Readings, registered by
name; a variant lists the forms it accepts under `hand.forms`.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..notation.hand import PAIR
from ..notation.tiles import ORPHANS
from .blocks import SINGLE, Block, Reading
from .decompose import _PLAIN_BLOCK, place_win, standard_readings

FORMS: dict = {}
FORM_WORDS: dict = {}  # a form's name -> how a refusal names it ({sets}: the ruleset's count, in words)
NEEDS: dict = {}  # a form's name -> its Needs


class Needs(NamedTuple):
    """What a form needs of a hand at the least, checked on the counts before the form is asked, so a
    hand that cannot be the form costs a glance rather than a call. Each is only a necessary
    condition: the form itself still checks everything."""
    melds: int = 99  # the most declared sets it holds
    wild: bool = True  # whether wild tiles may be in it
    barred: tuple = ()  # counts of a tile kind it cannot hold without wild tiles
    held: tuple = ()  # tile kinds it holds at least once without wild tiles
    bonus: int = 0  # the fewest bonus tiles


def form(name: str, words: str | None = None, needs: Needs = Needs()):
    """Register a form by name, with the words a refusal uses for it ("forms tried: ...") and what it
    needs of a hand at the least."""
    def deco(fn):
        FORMS[name] = fn
        FORM_WORDS[name] = words or name.replace("_", " ")
        NEEDS[name] = needs
        return fn
    return deco


@lru_cache(maxsize=None)  # (keyed on a ruleset's form names: as many entries as rulesets)
def _asked(names: tuple) -> tuple:
    return tuple((FORMS[name],) + NEEDS[name] for name in names)


def readings(hand, names: tuple, counts, jokers: int, win_is_wild: bool, options) -> list:
    """The readings of the forms `names`, in their order; a form is asked only when the hand meets its
    Needs."""
    out = []
    melds = len(hand.melds)
    for fn, most_melds, wild, barred, held, bonus in _asked(names):
        if melds > most_melds or (bonus and len(hand.bonus) < bonus):
            continue
        if jokers:
            if not wild:
                continue
        elif (barred or held) and _ruled_out(counts, barred, held):
            continue
        out += fn(hand, counts, jokers, win_is_wild, options)
    return out


def _ruled_out(counts, barred: tuple, held: tuple) -> bool:
    """Whether counts without wild tiles hold a count in `barred` or lack a tile kind in `held`."""
    for c in barred:
        if c in counts:
            return True
    for t in held:
        if not counts[t]:
            return True
    return False


_NUMBERS = {3: "three", 4: "four", 5: "five"}


def form_words(name: str, sets: int) -> str:
    """Form `name` as a refusal names it, for a ruleset of `sets` sets."""
    words = FORM_WORDS.get(name, name.replace("_", " "))
    return words.format(sets=_NUMBERS.get(sets, sets))


# sets and one pair: four sets in 14-tile rulesets, five in 17-tile ones (asked with the form's
# arguments, so no call stands between the ruleset's forms and the decomposition)
form("standard", "{sets} sets and a pair")(standard_readings)


def _with_win(name, blocks, hand, win_is_wild):
    return [Reading(name, blocks, w) for w in place_win(blocks, hand.win_tile, win_is_wild, 0)]


_ORPHAN_TILES = tuple(sorted(ORPHANS))


@form("seven_pairs", "seven pairs", Needs(melds=0, barred=(1, 3)))
def seven_pairs(hand, counts, jokers, win_is_wild, options):
    """Seven pairs, no melds. Four of a kind counts as two pairs only where the variant's
    `seven_pairs_quads` option allows it (Hangzhou's deluxe pairs; not in Hong Kong rules)."""
    if hand.melds or (not jokers and (1 in counts or 3 in counts)) or sum(counts) + jokers != 14:
        return []  # (an odd count needs a wild tile to pair it)
    quads = bool(options.get("seven_pairs_quads", False))
    blocks: list[Block] = []
    for t, c in enumerate(counts):
        if c == 0:
            continue
        if c == 4 and not quads:
            return []
        full, odd = divmod(c, 2)
        blocks += [_PLAIN_BLOCK[PAIR, t]] * full  # the shared Block (decompose._BLOCKS): readings' tables know it
        if odd:
            blocks.append(Block(PAIR, t, (t,)))
            jokers -= 1
    if jokers < 0 or jokers % 2:
        return []
    used = {b.tile for b in blocks}
    if not quads and len(used) != len(blocks):
        return []
    results = [tuple(blocks)]
    for _ in range(jokers // 2):
        grown = set()
        for bs in results:
            taken = {b.tile for b in bs}
            for t in range(34):
                if quads or t not in taken:
                    grown.add(tuple(sorted(bs + (Block(PAIR, t, (t, t)),))))
        results = list(grown)
    out = []
    for bs in sorted(results):
        if not quads and len({b.tile for b in bs}) != 7:
            continue
        out += _with_win("seven_pairs", tuple(sorted(bs)), hand, win_is_wild)
    return out


@form("thirteen_orphans", "thirteen orphans", Needs(melds=0, held=_ORPHAN_TILES))
def thirteen_orphans(hand, counts, jokers, win_is_wild, options):
    """One of each terminal and honour plus a pair of any of them; no melds."""
    if not jokers and not (counts[0] and counts[8] and counts[9] and counts[17] and counts[18] and counts[26]):
        return []  # (a glance that rejects nearly every hand: without wild tiles no orphan may be missing)
    if hand.melds or sum(counts) + jokers != 14:
        return []
    if any(counts[1:8]) or any(counts[10:17]) or any(counts[19:26]):  # a simple (2-8) tile
        return []
    if any(c for t, c in enumerate(counts) if t not in ORPHANS):
        return []
    missing = [t for t in sorted(ORPHANS) if counts[t] == 0]
    extra = [t for t in sorted(ORPHANS) if counts[t] >= 2]
    if any(counts[t] > 2 for t in ORPHANS) or len(extra) > 1 or len(missing) > jokers:
        return []
    spare = jokers - len(missing)
    pair_options = extra if extra else (sorted(ORPHANS) if spare == 1 else [])
    if (extra and spare) or not pair_options:
        return []
    out = []
    for p in pair_options:
        blocks = []
        for t in sorted(ORPHANS):
            wild = (t,) if t in missing else ()
            if t == p:
                blocks.append(Block(PAIR, t, wild + ((t,) if not extra else ())))
            else:
                blocks.append(Block(SINGLE, t, wild))
        out += _with_win("thirteen_orphans", tuple(blocks), hand, win_is_wild)
    return out


@form("eight_bonus_tiles", "all eight flowers and seasons", Needs(bonus=8))
def eight_bonus_tiles(hand, counts, jokers, win_is_wild, options):
    """All four flowers and all four seasons: an instant win whatever the other tiles are (Old Hong
    Kong's "great flowers"). The concealed tiles are kept as singles so tile facts stay true."""
    if len(hand.bonus) != 8:
        return []
    blocks = tuple(Block(SINGLE, t) for t in hand.concealed)
    return [Reading("eight_bonus_tiles", blocks, -1)]


# ---- instant wins: forms declared with the hand as dealt ---------------------------------------------
# Some special forms are declared at a moment when the hand is not a 14- or 17-tile win: Xiamen's
# three-gold knocker right after the deal, when a non-banker holds 16 tiles and the banker 17; Quanzhou's
# eight bonus tiles the moment the eighth arrives. The ruleset's `hand.instant` says which sizes (kongs
# counting as 3) each such form accepts and when: `first_turn` (--first-turn; one list, or banker and
# others apart), `last_tile` (--last-tile) or `any`.

_TIMINGS = ("first_turn", "last_tile", "any")


def _sizes(value, most: int, src: str, key: str) -> tuple:
    from ..errors import VariantError

    sizes = value if isinstance(value, list) else [value]
    if not sizes or not all(type(n) is int and 1 <= n <= most for n in sizes):
        raise VariantError(f"a hand size is a whole number 1-{most} (kongs counting as 3), or a list of them", src, key)
    return tuple(sizes)


def instant_sizes(raw, forms: tuple, most: int, src: str) -> tuple[dict, frozenset]:
    """`hand.instant` checked: {form: {first_turn: N | [N] | {banker: N, others: N}, last_tile: N,
    any: N, rule: TEXT}}; and every size it names besides the standard `most`."""
    from ..errors import VariantError

    if raw is None:
        return {}, frozenset()
    if not isinstance(raw, dict):
        raise VariantError("instant must map form names to their hand sizes", src, "hand.instant")
    out, every = {}, set()
    for name, spec in raw.items():
        key = f"hand.instant.{name}"
        if name not in forms:
            raise VariantError(f"{name!r} is not one of hand.forms", src, key)
        if not (isinstance(spec, dict) and any(t in spec for t in _TIMINGS) and spec.get("rule")):
            raise VariantError("an instant win lists its hand sizes under first_turn, last_tile or any, "
                               "and its rule", src, key)
        got = {"rule": str(spec["rule"])}
        for k, v in spec.items():
            if k == "rule":
                continue
            if k not in _TIMINGS:
                raise VariantError(f"unknown key {k!r} (known: {', '.join(_TIMINGS)}, rule)", src, key)
            if k == "first_turn" and isinstance(v, dict):
                if set(v) != {"banker", "others"}:
                    raise VariantError("first_turn sizes are one list, or {banker: N, others: N}", src, key)
                got[k] = {who: _sizes(n, most, src, f"{key}.first_turn.{who}") for who, n in v.items()}
                for sizes in got[k].values():
                    every.update(sizes)
            else:
                got[k] = _sizes(v, most, src, f"{key}.{k}")
                every.update(got[k])
        out[name] = got
    every.discard(most)
    return out, frozenset(every)


def _accepted(spec: dict, ctx) -> tuple | None:
    """The sizes a form accepts at this timing, or None when it cannot be declared now."""
    if ctx.first_turn and "first_turn" in spec:
        sizes = spec["first_turn"]
        return sizes["banker" if ctx.winner_is_dealer else "others"] if isinstance(sizes, dict) else sizes
    if ctx.last_tile and "last_tile" in spec:
        return spec["last_tile"]
    return spec.get("any")


def _when(spec: dict) -> str:
    parts = []
    first = spec.get("first_turn")
    if isinstance(first, dict):
        parts.append(f"right after the deal (--first-turn): {_n(first['banker'])} tiles for the banker, "
                     f"{_n(first['others'])} for the others")
    elif first:
        parts.append(f"right after the deal (--first-turn): {_n(first)} tiles")
    if spec.get("last_tile"):
        parts.append(f"at the last turn before a draw (--last-tile): {_n(spec['last_tile'])} tiles")
    if spec.get("any"):
        parts.append(f"at any time: {_n(spec['any'])} tiles")
    return "; ".join(parts)


def _n(sizes) -> str:
    return " or ".join(str(n) for n in sizes)


def instant_refusal(form_name: str, hand, ctx, variant) -> str:
    """Why a reading of `form_name` cannot be declared with this many tiles at this moment ("" when it
    can). A form without `hand.instant` data takes the standard size only."""
    spec = variant.instant.get(form_name)
    size = hand.size
    if spec is None:
        return "" if size == 3 * variant.sets + 2 else \
            f"a {form_name.replace('_', ' ')} hand has {3 * variant.sets + 2} tiles; this one has {size}"
    accepted = _accepted(spec, ctx)
    if accepted is not None and size in accepted:
        return ""
    what = form_name.replace("_", " ")
    return f"a {what} is declared {_when(spec)}; this hand has {size} ({spec['rule']})"


def instant_checked(scored: list, hand, ctx, variant) -> list:
    """The scored readings with instant_refusal's verdicts laid over those not refused already."""
    from dataclasses import replace

    out = []
    for s in scored:
        why = "" if s.refused else instant_refusal(s.reading.form, hand, ctx, variant)
        out.append(replace(s, refused=why) if why else s)
    return out
