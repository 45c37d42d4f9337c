"""What the players play for, at the end of a session, as the ruleset's `session.result` says.

- `uma` (riichi): the placement by points (ties: `seat`, the earlier seat of the first hand ranks
  higher, or `split`, the tied players share the uma and oka of the places they hold); the riichi
  deposits left on the table go to first place (`leftover: first`) or stay (`table`); each
  player's result in `units` (1000: thousands) is (points - return) / units + uma, and first place
  takes the oka, (return - start) x players / units. `rounding: tenhou` rounds every player but the
  first to the nearest unit (500 away from zero, as Tenhou's logs show) and gives the first the balance, so the
  results sum to zero; `exact` keeps the hundreds. A chombo paid by deduction (the false_win
  model's `how: deduct`) takes its `deduction` points off the offender's result.
- `table_points` (MCR): `points` by rank (4, 2, 1, 0); tied players share the points of the places
  they hold; the raw score is kept beside them (the tie-breaker of a tournament's standings).

`final_result(game, points, pot, events)` reads the Game (game.py) for the players, the start and
the session block; `points` are the players' final points (player order), `pot` what is left on the
table, `events` the settled events (their records say which chombos were deductions)."""
from __future__ import annotations

import math

from ..batch.ledger import num
from ..errors import ContextError


def uma_list(spec, n: int) -> list:
    raw = spec.get("uma", [0] * n)
    if isinstance(raw, str):
        try:
            raw = [float(x) for x in raw.replace(" ", "").split(",") if x]
        except ValueError:
            raise ContextError(f"uma is a list of numbers, first place first, got {spec.get('uma')!r}") from None
    if len(raw) != n or abs(sum(raw)) > 1e-9:
        raise ContextError(f"uma needs {n} numbers summing to 0 (first place first), got {spec.get('uma')!r}")
    return [num(x) for x in raw]


def _shared(values: list, groups: list) -> list:
    """Each place's value, the tied places (groups of place indexes) sharing theirs equally."""
    out = list(values)
    for g in groups:
        avg = sum(values[i] for i in g) / len(g)
        for i in g:
            out[i] = avg
    return out


def _order(points: list, ties: str):
    """(player indexes by place, groups of places that share)."""
    n = len(points)
    order = sorted(range(n), key=lambda i: (-points[i], i))
    groups = []
    if ties in ("split", "share"):
        k = 0
        while k < n:
            j = k
            while j + 1 < n and points[order[j + 1]] == points[order[k]]:
                j += 1
            if j > k:
                groups.append(list(range(k, j + 1)))
            k = j + 1
    return order, groups


def _deductions(game, events) -> dict:
    spec = game.session.get("false_win") or {}
    per = spec.get("deduction", 0) if spec.get("model") == "chombo_penalty" and spec.get("how") == "deduct" else 0
    out: dict = {}
    for ev in events:
        if ev["kind"] == "false_win" and per:
            who = game.player(ev["input"]["seat"])
            out[who] = out.get(who, 0) + per
    return out


def final_result(game, points, pot, events) -> dict | None:
    spec = game.session.get("result")
    if not spec:
        return None
    if spec["model"] == "table_points":
        return _table_points(game, points, spec)
    return _uma(game, points, pot, events, spec)


def _uma(game, points, pot, events, spec) -> dict:
    n = game.n
    units = spec.get("units", 1000) or 1
    ret = spec.get("return", game.start)
    uma = uma_list(spec, n)
    pts = list(points)
    order, groups = _order(pts, spec.get("ties", "seat"))
    left = pot
    if spec.get("leftover", "first") == "first" and pot:
        # the deposits go to first place (the tied first places share them under `split`)
        firsts = next((g for g in groups if g[0] == 0), [0])
        for k in firsts:
            pts[order[k]] += pot / len(firsts)
        left = 0
    oka_total = (ret - game.start) * n / units if spec.get("oka") else 0
    okas = _shared([oka_total] + [0] * (n - 1), groups)
    umas = _shared(uma, groups)
    minus = _deductions(game, events)
    rows = [None] * n
    for place, i in enumerate(order):
        after = (pts[i] - ret) / units
        if spec.get("rounding") == "tenhou":
            # "to the closest thousand, 4 down, 5 up" on the size: -7,500 is -8 (a bust player's
            # result in a real Tenhou log), 25,500 is 26
            after = math.copysign(math.floor(abs(pts[i]) / units + 0.5), pts[i]) - ret / units
        shared_place = next((g[0] for g in groups if place in g), place)
        rows[place] = {"player": game.players[i], "place": shared_place + 1, "points": num(pts[i]),
                       "after_return": num(round(after, 6)), "oka": num(round(okas[place], 6)),
                       "uma": num(round(umas[place], 6)), "penalty": num(-minus.get(i, 0) / units)}
    if spec.get("rounding") == "tenhou" and not groups and not left:
        first = rows[0]  # the balance: every result sums to zero
        others = sum(r["after_return"] + r["uma"] for r in rows[1:])
        first["after_return"] = num(round(-others - first["uma"] - first["oka"], 6))
    for r in rows:
        r["result"] = num(round(r["after_return"] + r["oka"] + r["uma"] + r["penalty"], 6))
    return {"model": "uma", "rule": spec.get("rule", ""), "units": units, "return": ret, "start": game.start,
            "left_on_table": num(left), "rows": rows}


def _table_points(game, points, spec) -> dict:
    values = list(spec.get("points") or [4, 2, 1, 0])
    if len(values) != game.n:
        raise ContextError(f"table points need {game.n} values, got {values!r}")
    order, groups = _order(list(points), "split" if spec.get("ties", "share") == "share" else "seat")
    shared = _shared(values, groups)
    rows = []
    for place, i in enumerate(order):
        shared_place = next((g[0] for g in groups if place in g), place)
        rows.append({"player": game.players[i], "place": shared_place + 1, "score": num(points[i]),
                     "table_points": num(round(shared[place], 6))})
    return {"model": "table_points", "rule": spec.get("rule", ""), "rows": rows}
