"""Chinese Classical: points doubled per double under a limit, and every player's hand scored.

Classical rules, Scoring: "The scoring described below ... applies to ALL the players,
whether going out or not"; the others "score their hands and receive that number of points from the
others - but NOT from the player who went out". So the winner collects his score from each loser,
and every two losers settle the difference of their scores.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from types import SimpleNamespace

from ..core.facts import Facts
from ..core.result import HandValue, Transfer, num
from ..errors import ContextError, NotationError
from ..notation.parse import parse_hand
from ..notation.tiles import tile_name
from ..patterns.classical import losing_reading
from ..rulesets.registry import pay_model, value_model

WINNER_ONLY = "winner"  # the YAML group of the items that only the hand that went out scores


@value_model()
def points_doubles(items, ctx, bound, total=None, limit_pay=500, unit="points", doubles_unit="doubles"):
    """Points (items of any unit but `doubles_unit`) x 2 ** doubles, capped at `limit_pay`; a hand
    with a limit item scores `limit_pay`. Classical rules, Scoring: "1 double - multiply by 2 ... 5 doubles -
    multiply by 32"; "The limit": special hands "score the maximum number of points allowed".
    With `total` (mjscore pay), the counted total, capped at the limit."""
    if total is not None:
        score = min(total, limit_pay)
        return HandValue([], score, unit, score, limit=score < total,
                         details={"limit": limit_pay} if score < total else {}, key=(score,))
    items = items or []
    limits = [i.label for i in items if i.limit]
    points = sum(i.value for i in items if not i.limit and i.unit != doubles_unit)
    doubles = sum(i.value for i in items if not i.limit and i.unit == doubles_unit)
    if limits:
        return HandValue(items, limit_pay, unit, limit_pay, limit=True,
                         details={"limit hand": ", ".join(limits), "limit": limit_pay}, key=(limit_pay, 1, 0))
    raw = points * 2 ** doubles
    score = min(raw, limit_pay)
    details = {"points": points, "doubles": doubles}
    if raw > limit_pay:
        details.update({"points x 2^doubles": raw, "limit": limit_pay})
    return HandValue(items, score, unit, score, limit=raw > limit_pay, details=details, key=(score, 0, raw))


def other_hands(ctx, variant) -> dict:
    """The losers' hands from `ctx.others` ({seat: hand string}), parsed without a winning tile."""
    out = {}
    for seat, text in (ctx.others or {}).items():
        s = str(seat).upper()
        if s not in ctx.seats:
            raise ContextError(f"others: {seat!r} is not a seat at this table ({' '.join(ctx.seats)})")
        if s == ctx.seat:
            raise ContextError(f"others: {s} is the winner, whose hand is the HAND itself")
        if s in out:
            raise ContextError(f"others: two hands for {s}")
        if not isinstance(text, str):
            raise ContextError(f"others: {s}'s hand must be a hand string, got {type(text).__name__}")
        try:
            out[s] = parse_hand(text, partial=True, max_size=3 * variant.sets + 1)
        except NotationError as e:
            raise NotationError(f"{s}'s hand: {e.reason}", e.text, e.column) from None
    return out


def other_value(hand, seat, ctx, bound) -> HandValue:
    """A loser's hand scored with the variant's patterns minus the winner-only ones."""
    from ..core.engine import evaluate, value_of

    lctx = replace(ctx, seat=seat)
    facts = Facts(hand, losing_reading(hand), lctx, None, bound.options)
    view = SimpleNamespace(calls=[c for c in bound.calls if c[0].group != WINNER_ONLY], excludes=bound.excludes)
    return value_of(bound, evaluate(view, facts), lctx)


def summary(v: HandValue) -> str:
    if "limit hand" in v.details:
        return f"{num(v.total)} (limit: {v.details['limit hand']})"
    text = f"{num(v.total)} ({num(v.details['points'])} points"
    if v.details["doubles"]:
        text += f" x 2^{num(v.details['doubles'])}"
    return text + (", limit" if v.limit else "") + ")"


class Transfers(list):
    """The transfers of a settlement, with `warnings` the engine copies onto the Result."""

    def __init__(self, transfers=(), warnings=()):
        super().__init__(transfers)
        self.warnings = list(warnings)


@pay_model()
def everyone_scores(value, ctx, bound, east_doubles=False, facts=None):
    """Each loser pays the winner the winner's score; every two losers settle the difference of
    their own hands' scores (hands from `ctx.others`; a seat without one is left out of the losers'
    settlement, with a warning). `east_doubles`: every payment East (the dealer) makes or receives
    is doubled. The losers' scores are added to `value.details` for display; `facts` (the winner's
    reading, absent under `mjscore pay`) lets the table's tile counts be checked."""
    def factor(a, b):
        return 2 if east_doubles and ctx.dealer in (a, b) else 1

    losers = [s for s in ctx.seats if s != ctx.seat]
    out = []
    for loser in losers:
        f = factor(loser, ctx.seat)
        out.append(Transfer(loser, ctx.seat, value.base * f,
                            "the winner's score" + (" x2 (East pays and receives double)" if f == 2 else "")))
    hands = other_hands(ctx, bound.variant)
    scores = {s: other_value(hands[s], s, ctx, bound) for s in losers if s in hands}
    for s, v in scores.items():
        value.details[f"{s}'s hand"] = summary(v)
    for a, b in combinations([s for s in losers if s in scores], 2):
        sa, sb = scores[a].base, scores[b].base
        diff = (sa - sb) * factor(a, b)
        why = f"losers settle: {a} {num(sa)} against {b} {num(sb)}" + (" x2 (East)" if factor(a, b) == 2 else "")
        if diff > 0:
            out.append(Transfer(b, a, diff, why))
        elif diff < 0:
            out.append(Transfer(a, b, -diff, why))
    return Transfers(out, table_warnings(facts.hand if facts else None, hands, ctx, bound))


def table_warnings(hand, hands, ctx, bound) -> list[str]:
    """What cannot be true of one table (more than four of a tile, a bonus tile held twice) and the
    losers whose hands were not given. Warnings, not errors: the Classical rules' own worked example has two exposed
    kongs of West wind (RULINGS, classical)."""
    warnings = []
    missing = [s for s in ctx.seats if s != ctx.seat and s not in hands]
    if missing:
        warnings.append(f"no hand given for {', '.join(missing)} (--other SEAT:HAND or `others:`): "
                        "they pay the winner but are left out of the losers' settlement")
    want = 3 * bound.variant.sets + 1
    for s, h in hands.items():
        if h.size != want:
            warnings.append(f"{s}'s hand has {h.size} tiles (kongs counted as 3); a losing hand holds {want}")
    table = {ctx.seat: hand, **hands} if hand is not None else dict(hands)
    for t in range(34):
        n = sum(h.all_counts[t] for h in table.values())
        if n > 4:
            who = ", ".join(f"{s} {h.all_counts[t]}" for s, h in table.items() if h.all_counts[t])
            warnings.append(f"{n} tiles {tile_name(t)} on the table ({who}); a set has 4")
    for t in range(34, 42):
        holders = [s for s, h in table.items() if t in h.bonus]
        if len(holders) > 1:
            warnings.append(f"bonus tile {tile_name(t)} held by {' and '.join(holders)}; a set has one")
    return warnings

