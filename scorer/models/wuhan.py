"""Wuhan red-dragon laizi kong: points per winner-loser pair, the minimum, the caps and liability.

The "Wuhan page" (docs/SOURCES.md), read with RULINGS.md (wuhan): for each pair,
points = base (small win 1, or 10 per big win) x the winner's own factors x that loser's own factors;
every factor is a number of fan (飜), one fan doubling and half a fan multiplying by 1.5 (飜 (fan):
'半飜(x1.5)'). Then the caps (封頂 (caps)) and liability (包 (liability)).

The value model (`wuhan_points`) prices every pair, because the minimum (上がりの条件 (winning conditions)) refuses a win whose
pairs fall short; the payment model (`wuhan_pairs`) prices them again the same way and caps them.
"""
from __future__ import annotations

from dataclasses import replace

from ..core.result import HandValue, Transfer
from ..errors import ContextError, IllegalWin, VariantError
from ..patterns.wuhan import openings
from ..patterns.wuhan_state import check_others, loser_state
from ..rulesets.context_values import TRUE_WORDS
from ..rulesets.registry import pay_model, value_model

LOSER_FAN = {"opened": 1, "concealed_kongs": 2, "laizi_kongs": 2, "exposed_kongs": 1, "red_kongs": 1,
             "dealer": 1, "discarder": 1}
LABELS = {"opened": "opened", "concealed_kongs": "concealed kong", "laizi_kongs": "laizi kong",
          "exposed_kongs": "exposed kong", "red_kongs": "red-dragon kong", "dealer": "dealer",
          "discarder": "discarder"}


def multiplier(fan: float, half: float = 1.5) -> float:
    """x2 per whole fan, x`half` for a half fan (飜 (fan))."""
    whole = int(fan)
    return 2 ** whole * (half if fan - whole else 1)


def _fan_text(fan: float) -> str:
    return f"{fan:g} fan"


def loser_factors(ctx, loser, big, loser_fan, loser_big_fan, robbed_as_discarder):
    """[(label, fan)] of one loser's own state: opened, kongs, dealer, discarder (飜 (fan))."""
    state = loser_state(ctx, loser)
    parts = []
    for key, fan in loser_fan.items():
        if key not in LABELS:
            raise VariantError(f"loser_fan: no loser factor {key!r} (known: {', '.join(LABELS)})",
                               key="scoring.loser_fan")
        if big and key in loser_big_fan:
            fan = loser_big_fan[key]
        if key == "opened":
            n = int(state["opened"])
        elif key == "dealer":
            n = int(loser == ctx.dealer)
        elif key == "discarder":
            n = int(loser == ctx.discarder or (robbed_as_discarder and loser == ctx.robbed))
        else:
            n = state[key]
        if n:
            parts.append((LABELS[key] + (f" x{n}" if n > 1 else ""), fan * n))
    return parts


def pair_points(winner_points, winner_fan, big, ctx, loser, spec):
    """(points, pair fan, explanation) of one winner-loser pair before caps."""
    half = spec.get("half_fan", 1.5)
    parts = loser_factors(ctx, loser, big, spec.get("loser_fan") or LOSER_FAN, spec.get("loser_big_fan") or {},
                          spec.get("robbed_as_discarder", True))
    points = winner_points
    for _, fan in parts:
        points *= multiplier(fan, half)
    loser_total = sum(f for _, f in parts)
    why = ", ".join(f"{label} {_fan_text(f)}" for label, f in parts) or "nothing declared"
    return points, winner_fan + loser_total, f"{loser}: {why}"


def _bool(v) -> bool:
    return v if isinstance(v, bool) else str(v).lower() in TRUE_WORDS


@value_model()
def wuhan_points(items, ctx, bound, total=None, small=1, big_each=10, big_fan=None, loser_fan=None,
                 loser_big_fan=None, half_fan=1.5, robbed_as_discarder=True, small_win_max=None, minimum=8,
                 minimum_red_green=32, kong_tiles="red", minimum_fan=0, minimum_scope="every", minimum_rule="",
                 unit="points"):
    """Points of the winner's side and of every pair. Items of group `big` make a big win (大胡, 点数 (points):
    `big_each` points each), none a small win (小胡, 点数 (points): `small`). Items of group `fan` are the
    winner's factors; on a big win `big_fan` replaces the fan of the items it names (dealer 0, self-draw
    half: 飜 (fan)). `loser_fan`/`loser_big_fan`: each loser's own factors (飜 (fan)).
    Items of group `tally` are counts the rules limit: `small_win_max` {item: most} refuses a small win
    holding more (上がりの条件 (winning conditions)). The minimum (上がりの条件 (winning conditions)): every pair (`minimum_scope: any`: at least one) must
    reach `minimum` points (`minimum_red_green` when `kong_tiles` is red_green), or with `minimum_fan` > 0
    that many fan, which a big win need not reach."""
    check_others(ctx)
    spec = {"loser_fan": loser_fan, "loser_big_fan": loser_big_fan, "half_fan": half_fan,
            "robbed_as_discarder": robbed_as_discarder}
    big_fan = big_fan or {}
    shown, tallies = [], {}
    if total is not None:
        # `mjscore pay --total N`: N is the winner's side as the table counted it (base x own factors)
        big = _bool(ctx.get("big_win", False))
        n_big = 1 if big else 0
        base = big_each if big else small
        winner_points = total
        winner_fan = 0.0
    else:
        items = items or []
        n_big = sum(i.count for i in items if i.group == "big")
        big = n_big > 0
        base = big_each * n_big if big else small
        winner_fan = 0.0
        winner_points = base
        for i in items:
            if i.group == "tally":
                tallies[i.name] = i
                continue
            if i.group == "fan":
                if big and i.name in big_fan:
                    i = replace(i, value=big_fan[i.name] * i.count, label=i.label + " (big win)")
                winner_fan += i.value
                winner_points *= multiplier(i.value, half_fan) if i.value else 1
            shown.append(i)
    details = {"win": f"big x{n_big}" if big else "small", "base points": base}
    if total is None:
        details["winner fan"] = winner_fan
    for name, item in tallies.items():
        details[item.label] = item.count
    reason = ""
    if not big:
        for name, most in (small_win_max or {}).items():
            item = tallies.get(name)
            if item is not None and item.count > most:
                reason = (f"a small win may hold at most {most} {item.label}, this one holds {item.count} "
                          f"({item.rule})")
    if total is not None and minimum_fan and not big:
        # a small win's side is 1 x 2^fan, so the table's points give its fan back
        winner_fan = float(max(int(winner_points), 1).bit_length() - 1)
    losers = [s for s in ctx.seats if s != ctx.seat]
    pairs = {s: pair_points(winner_points, winner_fan, big, ctx, s, spec) for s in losers}
    if not reason:
        if minimum_fan:
            ok = {s: big or pairs[s][1] >= minimum_fan for s in losers}
            what = f"{minimum_fan} fan"
        else:
            need = minimum_red_green if kong_tiles == "red_green" else minimum
            ok = {s: pairs[s][0] >= need for s in losers}
            what = f"{need:g} points"
        short = [s for s in losers if not ok[s]]
        if (minimum_scope == "every" and short) or (minimum_scope == "any" and len(short) == len(losers)):
            fan_of = (lambda s: f" ({_fan_text(pairs[s][1])})") if total is None else (lambda s: "")
            listed = ", ".join(f"{s} {pairs[s][0]:g} points{fan_of(s)}" for s in short)
            scope = "every loser" if minimum_scope == "every" else "at least one loser"
            reason = f"below the minimum of {what} for {scope}: {listed} ({minimum_rule})"
    if reason and total is not None:
        # `mjscore pay --total`: there is no other reading to fall back on
        raise IllegalWin(f"not a legal win under this ruleset: {reason}")
    key = (sum(p[0] for p in pairs.values()), winner_points)
    return HandValue(shown, winner_points, unit, base, legal=not reason, reason=reason, details=details, key=key)


def _scale(text, option):
    try:
        steps = [int(x) for x in str(text).split("/")]
    except ValueError:
        steps = []
    if len(steps) != 4 or steps != sorted(steps) or steps[0] <= 0:
        raise VariantError(f"option {option} is four rising amounts cap/gold/sunny/three-suns like "
                           f"300/400/500/600, got {text!r}", key=option)
    return steps


@pay_model()
def wuhan_pairs(value, ctx, bound, caps="300/400/500/600", caps_red_green="400/500/600/700", kong_tiles="red",
                gold_with=(), robbed_liable=True, robbed_rule="", liable_when=(), liability_pays="all",
                facts=None):
    """Each loser pays its pair's points (see `wuhan_points`), capped (封頂 (caps)); when every loser
    reaches the cap each pays the gold-top amount (金頂, 封頂 (caps)), a loser who never opened the sunny
    amount (陽光頂, 封頂 (caps)), and when none of them opened each pays the three-suns amount (三陽, 封頂 (caps)). `caps` is 'cap/gold/sunny/three-suns'; `caps_red_green` replaces it when `kong_tiles` is
    red_green (紅中發財頼子槓 (red and green option), RULINGS). `gold_with`: patterns that make a gold top whatever the points
    (the three-player form's all-winds and all-2-5-8, 三人麻雀 (three players)).
    Liability (包): with `robbed_liable` the robbed player pays for everyone (包 (liability)); `--liable SEAT`
    is accepted when an entry of `liable_when` holds ({pattern, seat: discarder|any, openings, rule}).
    `liability_pays`: `all` (everything the losers would pay) or `own_times_losers` (his own pair's
    amount once per loser)."""
    spec = bound.scoring
    details = value.details
    big = str(details.get("win", "small")).startswith("big")
    winner_fan = float(details.get("winner fan", 0))
    losers = [s for s in ctx.seats if s != ctx.seat]
    pairs = {s: pair_points(value.total, winner_fan, big, ctx, s, spec) for s in losers}
    cap, gold, sunny, suns = _scale(caps_red_green if kong_tiles == "red_green" else caps,
                                    "caps_red_green" if kong_tiles == "red_green" else "caps")
    names = {i.name for i in (value.items or [])}
    forced_gold = [n for n in gold_with if n in names]
    all_capped = all(pairs[s][0] >= cap for s in losers)
    amounts, whys = {}, {}
    unopened = [s for s in losers if not loser_state(ctx, s)["opened"]]
    for s in losers:
        pts, fan, why = pairs[s]
        fan_note = f"{_fan_text(fan)}; " if "winner fan" in details else ""  # unknown from a bare total
        head = f"winner {value.total:g} x{_ratio(pts, value.total)} = {pts:g} ({fan_note}{why})"
        if all_capped or forced_gold:
            reason = ("every loser reached the cap" if all_capped else
                      f"{', '.join(forced_gold)} is always a gold top")
            if len(unopened) == len(losers):
                amounts[s], whys[s] = suns, f"{head}; three suns {suns}: {reason} and none opened"
            elif s in unopened:
                amounts[s], whys[s] = sunny, f"{head}; sunny top {sunny}: {reason}, never opened"
            else:
                amounts[s], whys[s] = gold, f"{head}; gold top {gold}: {reason}"
        elif pts > cap:
            amounts[s], whys[s] = cap, f"{head}; capped at {cap}"
        else:
            amounts[s], whys[s] = pts, head
    liable = _liable(value, ctx, names, facts, robbed_liable, robbed_rule, liable_when)
    if liable is None:
        return [Transfer(s, ctx.seat, amounts[s], whys[s]) for s in losers]
    seat, rule = liable
    if liability_pays == "own_times_losers":
        own = amounts.get(seat, 0)
        return [Transfer(seat, ctx.seat, own, f"for {s}: liable, pays his own amount ({rule})") for s in losers]
    return [Transfer(seat, ctx.seat, amounts[s], f"for {s}: {whys[s]}; liable ({rule})") for s in losers]


def _ratio(b, a) -> str:
    return f"{b / a if a else 0:g}"


def _liable(value, ctx, names, facts, robbed_liable, robbed_rule, liable_when):
    """(seat, rule) of the liable player, or None."""
    if robbed_liable and ctx.robbed:
        if ctx.liable and ctx.liable != ctx.robbed:
            raise ContextError(f"--liable {ctx.liable}: the robbed player {ctx.robbed} is the liable one "
                               f"({robbed_rule})")
        return ctx.robbed, robbed_rule
    if not ctx.liable:
        return None
    if value.items is None:  # paying from a total: the table has judged liability itself
        return ctx.liable, "liable as given"
    for cond in liable_when:
        if cond.get("pattern") not in names:
            continue
        if cond.get("seat") == "discarder" and ctx.liable != ctx.discarder:
            continue
        if cond.get("openings") and facts is not None:
            hand = facts.hand
            if openings(hand) < cond["openings"]:
                continue
            fed = {ctx.relative(m.supplier) for m in hand.melds if not m.concealed and m.supplier}
            if all(m.supplier for m in hand.melds if not m.concealed) and ctx.liable not in fed:
                continue
        return ctx.liable, cond.get("rule", "")
    known = "; ".join(cond.get("rule", "") for cond in liable_when)
    raise ContextError(f"--liable {ctx.liable}: no liability applies to this win (liability: {known})")
