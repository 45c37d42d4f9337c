"""Xiamen / Quanzhou scoring: (base + water) x multiplier, priced per winner-loser pair.

Xiamen rules, Scoring: "The winner receives score of his/her hand from each of the other players. Score of a
winning hand is (base + flowers) x multiplier. The base is 2 in case of payment between the banker and a
non-banker, and 1 between non-bankers. The banker's base is doubled each hand he/she stays".

The value model sums the water items and takes the one multiplier the series left (the highest that
fits); readings are ordered by multiplier first (RULINGS: exactly one multiplier applies, the highest that
fits), then by what the winner collects. The payment model prices each pair on its own base.
"""
from __future__ import annotations

from ..core.result import HandValue, Transfer
from ..errors import ContextError, VariantError
from ..rulesets.registry import pay_model, value_model

STREAK_RULES = ("double", "plus_one", "plus_multiplier", "plus_stay_multipliers")


def _stay_multipliers(ctx) -> list[float]:
    raw = ctx.get("stay_multipliers")
    if raw is None:
        raise ContextError("banker_streak=plus_stay_multipliers needs --set stay_multipliers=M1,M2,... "
                           "(the multiplier of each banker win that made a stay)")
    parts = raw if isinstance(raw, list) else str(raw).replace(" ", "").split(",")
    try:
        out = [float(p) for p in parts if str(p) != ""]
    except ValueError:
        raise ContextError(f"stay_multipliers takes numbers separated by commas, got {raw!r}") from None
    if len(out) != ctx.streak:
        raise ContextError(f"stay_multipliers lists {len(out)} multipliers but --streak is {ctx.streak}")
    return out


def pair_base(ctx, loser, multiplier, banker_base=2, other_base=1, streak="double", scale=1):
    """(base, text) of the pair winner-`loser`. A pair with the banker starts at `banker_base`, grown by the
    banker's stays (`--streak`): `double` doubles per stay (Xiamen rules, Scoring), `plus_one` adds one (Xiamen rules, Quanzhou scoring; Xiamen digest, 泉州 (Quanzhou)), `plus_multiplier` adds one times this win's multiplier per stay, and
    `plus_stay_multipliers` adds the multiplier of each banker win that made a stay (the other reading of
    "increase it by one times multiplier of banker's win", given by --set stay_multipliers). `scale`
    inflates every base (Xiamen rules, Inflated bases: 10 for banker, 5 for non-bankers)."""
    if streak not in STREAK_RULES:
        raise VariantError(f"banker streak rule must be one of {', '.join(STREAK_RULES)}, got {streak!r}")
    if ctx.dealer not in (ctx.seat, loser):
        return other_base * scale, "non-banker pair"
    s = ctx.streak
    if streak == "double":
        base, how = banker_base * 2 ** s, f"banker pair, doubled for {s} stay(s)" if s else "banker pair"
    elif streak == "plus_one":
        base, how = banker_base + s, f"banker pair, +1 for each of {s} stay(s)" if s else "banker pair"
    elif streak == "plus_multiplier":
        base, how = banker_base + s * multiplier, (f"banker pair, +{multiplier:g} (the multiplier) for each of "
                                                   f"{s} stay(s)" if s else "banker pair")
    else:
        adds = _stay_multipliers(ctx)
        base, how = banker_base + sum(adds), (f"banker pair, +{'+'.join(f'{a:g}' for a in adds)} for the stays"
                                              if s else "banker pair")
    return base * scale, how + (f", x{scale:g} inflated" if scale != 1 else "")


def pair_amounts(water, multiplier, ctx, pay_params) -> list[tuple[str, float, str]]:
    """(loser, amount, why) for every other player: (pair base + water) x multiplier."""
    out = []
    for loser in ctx.seats:
        if loser == ctx.seat:
            continue
        base, how = pair_base(ctx, loser, multiplier, **pay_params)
        out.append((loser, (base + water) * multiplier,
                    f"({base:g} base, {how} + {water:g} water) x{multiplier:g}"))
    return out


def _pay_params(bound) -> dict:
    return {k: v for k, v in bound.payment.items() if k in ("banker_base", "other_base", "streak", "scale")}


def _pattern_value(bound, name):
    for spec, _fn, _params, value in bound.patterns:
        if spec.name == name:
            return value, spec.label
    raise ContextError(f"this ruleset has no {name.replace('_', ' ')} multiplier in force: "
                       f"give --set multiplier=N")


def context_multiplier(ctx, bound, pay_total: dict) -> tuple[float, str]:
    """The multiplier of a total the table counted itself (`mjscore pay --total WATER`): --set multiplier=N,
    else from --floats or the win type through the patterns named in `pay_total`."""
    given = ctx.get("multiplier")
    if given is not None:
        try:
            m = float(given)
        except (TypeError, ValueError):
            raise ContextError(f"multiplier must be a number, got {given!r}") from None
        if m <= 0:
            raise ContextError(f"multiplier must be positive, got {given!r}")
        return m, "given"
    if ctx.floats is not None:
        names = pay_total.get("floats") or []
        if ctx.floats >= len(names):
            raise ContextError(f"--floats {ctx.floats}: at most {len(names) - 1} float discards")
        return _pattern_value(bound, names[ctx.floats])
    return _pattern_value(bound, pay_total[ctx.win_type])


def _collected(w, m, ctx, bound):
    """What the winner collects: the sum of pair_amounts."""
    return sum(a for _, a, _ in pair_amounts(w, m, ctx, _pay_params(bound)))


@value_model()
def water(items, ctx, bound, total=None, unit="water", multiplier_unit="x", pay_total=None, order="multiplier"):
    """Water = the sum of items in `unit`; the multiplier = the item in `multiplier_unit` (a series keeps one,
    the highest). With `total` (mjscore pay --total) the total is the water and the multiplier comes from
    the context (`pay_total` names the patterns whose values a win type or --floats takes). `order` ranks
    readings: `multiplier` (the highest multiplier that fits, then what the winner collects) or `payout`
    (what the winner collects, then the multiplier)."""
    items = items or []
    if total is not None:
        w = total
        m, label = context_multiplier(ctx, bound, pay_total or {})
    else:
        w = sum(i.value for i in items if i.unit == unit)
        mult = [i for i in items if i.unit == multiplier_unit]
        if mult:
            top = max(mult, key=lambda i: i.value)
            m, label = top.value, top.label
        else:
            m, label = 1, "no multiplier item"
    collected = _collected(w, m, ctx, bound)
    from ..patterns.gold import flag

    who = "false winner pays back" if flag(ctx, "false_win") else "winner collects"
    details = {"multiplier": m, "win": label, who: collected}
    key = (m, collected, w) if order == "multiplier" else (collected, m, w)
    return HandValue(items, w, unit, w, details=details, key=key)


@pay_model()
def water_pairs(value, ctx, bound, banker_base=2, other_base=1, streak="double", scale=1):
    """Every other player pays the winner (pair base + water) x multiplier, on a discard and on a robbed
    kong too (RULINGS). A false win (--set false_win=true) reverses every payment (Xiamen rules, False win: "has to pay
    each player the amount he/she could have received from him/her"; Xiamen digest, 反則 (irregularities)). During a double or
    triple float the false winner also pays the floater, alone, what the float would have collected
    (--set floater=SEAT float_penalty=N; Xiamen digest, 反則 (irregularities): 双游,三游した人がもらえたはずの点を1人で払います)."""
    from ..patterns.gold import flag

    m = value.details["multiplier"]
    params = {"banker_base": banker_base, "other_base": other_base, "streak": streak, "scale": scale}
    false = flag(ctx, "false_win")
    out = []
    for loser, amount, why in pair_amounts(value.base, m, ctx, params):
        if false:
            out.append(Transfer(ctx.seat, loser, amount, "false win, paid back: " + why))
        else:
            out.append(Transfer(loser, ctx.seat, amount, why))
    floater, penalty = ctx.get("floater"), ctx.get("float_penalty")
    if floater is None and penalty is None:
        return out
    if not false:
        raise ContextError("floater / float_penalty price a false win during someone's float: add --set false_win=true")
    if floater is None or penalty is None:
        raise ContextError("a false win during a float needs both --set floater=SEAT and --set float_penalty=N")
    floater = str(floater).upper()
    if floater not in ctx.seats or floater == ctx.seat:
        raise ContextError(f"floater must be another player's seat, got {floater!r}")
    try:
        penalty = float(penalty)
    except (TypeError, ValueError):
        raise ContextError(f"float_penalty must be a number, got {penalty!r}") from None
    if penalty < 0:
        raise ContextError(f"float_penalty cannot be negative, got {penalty:g}")
    out.append(Transfer(ctx.seat, floater, penalty, "false win during a float: pays the floater's collection alone"))
    return out
