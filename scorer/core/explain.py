"""Why a hand is refused, in terms a referee can check: the breakdown of a hand below the table
minimum, how far a hand that is no win is from one (shanten, the closest reading, the tiles left
over, the forms tried), and how many tiles the ruleset wants when the count is wrong."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import MjError
from ..notation.tiles import tile_name
from .forms import form_words


@dataclass
class Refusal:
    """What `score` prints for a refused hand: `lines` above the one-line `message`; `result` is the
    breakdown of a hand below the minimum (scored with the minimum lifted, never paid)."""

    message: str
    lines: list = field(default_factory=list)
    result: object = None
    shanten: object = None  # scorer.core.shanten.Shanten of a hand that is no win
    tried: list = field(default_factory=list)  # (form words, shanten number or None)
    counted: object = None  # what counts towards the minimum, and the minimum


def minimum_option(variant) -> str | None:
    """The house-rule option that sets the table minimum (`minimum: $min_faan`), if any."""
    m = (variant.scoring or {}).get("minimum")
    return m[1:] if isinstance(m, str) and m.startswith("$") else None


def explain(hand: str, ctx: dict, variant_ref, error: MjError) -> Refusal:
    """The explanation of `error`, raised by scoring `hand` under the ruleset."""
    from ..rulesets.variant import load_variant

    variant = load_variant(variant_ref)
    text = str(error)
    if "not a winning hand" in text:
        return _not_winning(hand, ctx, variant, text)
    if "below the table minimum" in text or "below the minimum" in text:
        got = _below_minimum(hand, ctx, variant, text)
        if got is not None:
            return got
    size = _size_problem(hand, variant)
    if size is not None:
        return Refusal(size)
    return Refusal(text)


def _size_problem(hand: str, variant) -> str | None:
    from ..notation.parse import parse_hand

    try:
        h = parse_hand(hand, partial=True, max_size=99)
    except MjError:
        return None
    want = 3 * variant.sets + 2
    if h.size == want:
        return None
    msg = (f"{variant.name} hands have {want - 1} tiles + the winning tile = {want} (a kong counts as 3); "
           f"this one has {h.size}")
    if h.size == want - 1:
        msg += ": one short (`mjscore waits` lists what completes it)"
    elif h.size == want - 3 * (variant.sets - 3) and variant.sets != 4:
        msg += f" (a {h.size}-tile hand is for four-set rulesets)"
    return msg


def _below_minimum(hand, ctx, variant, text):
    from .engine import score

    option = minimum_option(variant)
    if option is None:
        return None
    rules = dict(ctx.get("rules") or {})
    minimum = variant.bind(dict(rules)).options.get(option)
    rules[option] = 0
    try:
        result = score(hand, {**ctx, "rules": rules}, variant=variant)
    except MjError:
        return None
    return Refusal(text, result=result, counted=minimum)


def _not_winning(hand, ctx, variant, text):
    from ..notation.parse import parse_hand
    from .shanten import counted, seven_pairs, standard, thirteen_orphans

    try:
        h = parse_hand(hand, partial=True, max_size=3 * variant.sets + 2, win=None)
    except MjError:
        return Refusal(text)
    counts, jokers, options = _natural_counts(h, ctx, variant)
    blocked = [0] * 34
    for m in h.melds:
        for t in m.tiles:
            blocked[t] += 1
    tried = []
    best = None
    for name in variant.forms:
        s = None
        kind = counted(name)
        if kind == "standard":
            s = standard(counts, variant.sets, len(h.melds), blocked)
        elif kind == "seven_pairs" and not h.melds and variant.sets == 4:
            s = seven_pairs(counts, bool(options.get("seven_pairs_quads")))
        elif kind == "thirteen_orphans" and not h.melds and variant.sets == 4:
            s = thirteen_orphans(counts)
        if s is not None:
            s.number = max(0, s.number - jokers)  # each wild tile stands for a tile still needed
            if best is None or s.number < best.number:
                best = s
        tried.append((form_words(name, variant.sets), None if s is None else s.number, kind is None))
    words = ", ".join(w for w, _n, _o in tried)
    message = f"not a winning hand under {variant.name}: tried {words}"
    if best is not None:
        message = (f"not a winning hand under {variant.name}: {best.number + 1} tile"
                   f"{'s' if best.number else ''} from a win (shanten {best.number}); tried {words}")
    return Refusal(message, shanten=best, tried=tried)


def _natural_counts(h, ctx, variant):
    """(concealed counts with the wild tiles taken out, how many wild tiles), and the hand options."""
    from ..rulesets.context import make_context
    from .wild import split_wild, wild_spec

    counts = tuple(sum(1 for t in h.concealed if t == k) for k in range(34))
    bound = variant.bind(dict(ctx.get("rules") or {}))
    options = bound.hand_options or {}
    try:
        c = make_context(**{**{k: v for k, v in ctx.items() if k != "rules"},
                            "players": ctx.get("players", variant.players)})
        nat, jokers = split_wild(counts, wild_spec(options.get("wild") or {}, c))
    except MjError:  # the context's own problem is reported by the scoring that failed
        nat, jokers = counts, 0
    return list(nat), jokers, options


def group_text(g) -> str:
    from ..notation.format import format_tiles

    body = format_tiles(g.tiles, sep="")
    if g.needs:
        return f"{body} (+{'/'.join(tile_name(t) for t in g.needs)})" if g.kind != "partial set" or len(
            g.tiles) == 2 else f"{body} (+2 more)"
    return body


def closest_text(h_melds, s) -> str:
    parts = [m.text() for m in h_melds] + [group_text(g) for g in s.groups]
    return " ".join(parts)


def refusal_lines(hand_text: str, ctx: dict, refusal: Refusal, variant) -> list[str]:
    """The text block printed above the one-line refusal of a hand that is no win."""
    from ..notation.parse import parse_hand

    s = refusal.shanten
    out = [f"{variant.name}  [{variant.id}]", f"Hand:     {hand_text}"]
    if s is None:
        return out
    from ..notation.format import format_tiles
    from ..output.width import field

    n = s.number
    out.append(field("Shanten:", f"{n} ({n + 1} useful tile{'s' if n else ''} from a win, "
                                 f"{'each' if n else 'drawn'} in place of a left-over tile)"))
    h = parse_hand(hand_text, partial=True, max_size=3 * variant.sets + 2)
    out.append(field("Closest:", f"{closest_text(h.melds if s.form == 'standard' else (), s)}"
                                 f"  ({form_words(s.form, variant.sets)}; +X: the tiles it waits for)"))
    if s.left_over:
        out.append(field("Left:", format_tiles(s.left_over)))
    out.append(field("Tried:", "; ".join(
        w + ("" if n is None else f" (shanten {n})") for w, n, _other in refusal.tried)))
    return out
