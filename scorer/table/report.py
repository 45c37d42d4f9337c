"""What a table shows: its state and standings (text and JSON), the last events, a one-line trend per
player, and a season's standings over several tables."""
from __future__ import annotations

import textwrap

from ..batch.ledger import num
from . import state as st
from .ruleset import on_disk_note
from .store import TableError

SPARK = "▁▂▃▄▅▆▇█"
TREND_POINTS = 24


def _n(x) -> str:
    """A change (an event's net, a season's result): with its sign, +6 or -4."""
    x = num(x)
    return f"{x:+}" if x else "0"


def value_text(rec: dict) -> str:
    """A win's value as its players say it (scorer/output/riichi_words.py): "3 han 40 fu", "mangan",
    "double yakuman" for riichi, else "8 fans" or "limit". A record keeps its words; one stored before
    it did says them from its details."""
    if rec.get("words"):
        return rec["words"]
    details = rec.get("details") or {}
    if "fu" in details or details.get("limit"):
        from ..output.riichi_words import han_fu_words

        return han_fu_words(rec["total"], rec["unit"], details)
    return "limit" if rec["limit"] else f"{num(rec['total'])} {rec['unit']}".strip()


def balance(x) -> str:
    """A player's standing, what he holds: 25000, -300, without a plus sign (a change keeps its own)."""
    return str(num(x))


def event_text(ev: dict) -> str:
    """One line for an event, by player names."""
    kind = ev["kind"]
    recs = ev["records"]
    if kind == "win":
        names = recs[0]["names"]
        ctx = recs[0]["ctx"]
        winners = " and ".join(names[r["ctx"]["seat"]] for r in recs)
        how = ("self-draw" if ctx.get("self_draw") or not (ctx.get("discarder") or ctx.get("robbed"))
               else f"on {names[ctx['discarder']]}'s discard" if ctx.get("discarder")
               else f"robbing {names[ctx['robbed']]}'s kong")
        values = ", ".join(value_text(r) + (f" ({r['shorthand']})" if r.get("shorthand") else "") for r in recs)
        return f"{winners} {'win' if len(recs) > 1 else 'wins'} {how}, {values}"
    rec = recs[0]
    names, fields = rec["names"], rec["fields"]
    if kind == "abort":
        return rec["label"]
    if kind == "draw":
        d = fields.get("disclosed")
        ready = fields.get("tenpai")
        mangan = fields.get("nagashi") or []
        return "draw" + (f", {names[d]} disclosed first" if d else "") + \
            (f", tenpai: {', '.join(names[x] for x in ready) or 'nobody'}" if ready is not None else "") + \
            (f", nagashi mangan: {', '.join(names[x] for x in mangan)}" if mangan else "")
    if kind == "kong":
        text = f"{names[fields['seat']]}: {fields.get('kong')} kong"
        if fields.get("discarder"):
            text += f" from {names[fields['discarder']]}"
        if fields.get("chain", 1) != 1:
            text += f" ({fields['chain']} of a run)"
        return text
    if rec.get("label", "").startswith("chombo"):
        return f"{names[fields['seat']]}: chombo"
    if fields.get("total") is None and not fields.get("limit"):
        return f"{names[fields['seat']]}: false win"
    claim = "limit" if fields.get("limit") else f"claimed {num(fields.get('total'))}"
    return f"{names[fields['seat']]}: false win ({claim})"


def has_streak(session) -> bool:
    return bool(session.get("streak") or session.get("streak_carries"))


def where_text(state: dict, table) -> str:
    """Where the table is: "East 3, 2 honba" (`words: kyoku`), else "hand 3, East round, dealer Ann
    (streak 2)" (no streak where the ruleset keeps none)."""
    session = table.session
    wind = st.WINDS["ESWN".index(st.round_wind(state))]
    if session.get("words") == "kyoku":
        return f"{wind} {state['passes'] % table.n + 1}, {state['streak']} {session.get('streak_as', 'honba')}"
    text = f"hand {state['hand']}, {wind} round, dealer {table.players[state['dealer']]}"
    return text + (f" (streak {state['streak']})" if has_streak(session) else "")


def _trend(values: list, lo, hi) -> str:
    values = values[-TREND_POINTS:]
    if hi == lo:
        return SPARK[0] * len(values)
    return "".join(SPARK[min(int((v - lo) / (hi - lo) * len(SPARK)), len(SPARK) - 1)] for v in values)


def summary(table, last: int = 8) -> dict:
    """Everything `table show` prints, as plain data: read from the last events and the ledger kept
    with each (scorer/table/store.py), not from the whole night."""
    total = table.store.count()
    keep = max(last, TREND_POINTS)
    recent = table.recent(keep + 1)
    state = table.state(recent)
    standings = table.standings(recent)  # (the pot is shown on its own line, not among the players)
    seats = table.seats(state)
    start = table.meta.get("start") or 0
    if len(recent) > keep:  # the standings before the events shown
        base = table.standings_after(recent.pop(0))
    else:
        base = {p: start for p in table.players}
    rows = [(ev, table.standings_after(ev)) for ev in recent]
    runs = {p: [base[p]] + [s[p] for _, s in rows] for p in table.players}
    shown = rows[-last:] if last else []
    previous = rows[-len(shown) - 1][1] if len(rows) > len(shown) else base
    evs = []
    for ev, after in shown:
        evs.append({"no": ev["no"], "kind": ev["kind"], "hand_number": ev["state_before"]["hand"],
                    "text": event_text(ev), "net": {p: num(after[p] - previous[p]) for p in table.players},
                    "standings": after, "entered_by": ev["entered_by"], "entered_at": ev["entered_at"]})
        previous = after
    kept = table.meta.get("ruleset")
    note = on_disk_note(table.meta["variant"], kept) if kept else ""
    return {
        **({"ruleset_note": note} if note else {}),
        "table": table.meta["name"], "variant": table.variant.id, "variant_name": table.variant.name,
        "rules": table.rules, "unit": table.meta.get("unit", ""), "players": table.players,
        "round": st.round_wind(state), "dealer": table.players[state["dealer"]],
        "dealer_seat": st.dealer_seat(state, table.n, table.session), "streak": state["streak"],
        "hand_number": state["hand"], "over": state["over"], "ends": st.end_text(table.session),
        "seats": dict(sorted(seats.items(), key=lambda kv: "ESWN".index(kv[0]))), "standings": standings, "events_total": total, "events": evs[-last:] if last else [],
        "trend": runs,
        **({"pot": num(table.pot), "pot_deposits": state.get("pot", 0)} if table.session.get("pot") else {}),
        "where": where_text(state, table), "start": start, "ended": state.get("ended", ""),
        "final": table.final(),  # every event read only once the session is over
    }


def show_text(table, last: int = 8) -> str:
    from ..output.tables import tabulate

    d = summary(table, last)
    head = f"Table {d['table']}: {d['variant_name']} [{d['variant']}]"
    if d["rules"]:
        head += "  " + " ".join(f"{k}={v}" for k, v in d["rules"].items())
    if d["over"]:
        why = {"bust": "a player went below zero", "agari-yame": "the last dealer stopped in first place",
               "sudden death": "sudden death: a player reached the return points"}.get(d["ended"], d["ends"])
        where = f"Session over ({why}), {d['hand_number'] - 1} hands"
    else:
        where = d["where"][0].upper() + d["where"][1:]
        if table.session.get("words") == "kyoku":
            where += f", dealer {d['dealer']}"
        where += f"; the session ends {d['ends']}"
        if len(where) > 80:
            where = where.replace("; the session ends", "; ends")
    values = [v for run in d["trend"].values() for v in run[-TREND_POINTS:]]
    lo, hi = min(values), max(values)
    rows = []
    for seat, name in sorted(d["seats"].items(), key=lambda kv: "ESWN".index(kv[0])):
        rows.append([seat + (" (dealer)" if name == d["dealer"] else ""), name, balance(d["standings"][name]),
                     _trend(d["trend"][name], lo, hi)])
    out = textwrap.wrap(head, 80, subsequent_indent="  ") + [where] + textwrap.wrap(d.get("ruleset_note", ""), 80) + [
        "", tabulate(rows, headers=["Seat", "Player", "Total", "Trend"], tablefmt="simple")]
    if "pot" in d and (d["pot"] or not d["over"]):  # not a player: the deposits on the table, for the next winner
        out.append(f"Pot (riichi sticks on the table): {d['pot']}, {d['pot_deposits']} deposit(s)")
    if d["events"]:
        out += ["", f"Last events ({len(d['events'])} of {d['events_total']}):"]
        ev_rows = [[e["no"], e["hand_number"], e["text"]] + [_n(e["net"][p]) for p in d["players"]]
                   for e in d["events"]]
        out.append(_events_table(d["players"], ev_rows))
    else:
        out += ["", "No events yet."]
    if d["final"]:
        out += ["", *final_text(d["final"])]
    return "\n".join(out)


def _events_table(players, rows) -> str:
    """The last events as a table of at most 80 columns: the Event column gives way first (36
    columns at most, 16 at least), then the longest player name is cut (its end marked '~')."""
    from ..output.tables import tabulate
    from ..output.width import text_width

    names = list(players)
    while True:
        for event_cols in range(36, 15, -2):
            text = tabulate(rows, headers=["#", "Hand", "Event"] + names, tablefmt="simple",
                            maxcolwidths=[None, None, event_cols] + [None] * len(names))
            if max(map(text_width, text.splitlines())) <= 80:
                return text
        i = max(range(len(names)), key=lambda k: text_width(names[k]))
        if text_width(names[i]) <= 4:
            return text  # (nothing left to give: a table of many players with huge amounts)
        names[i] = names[i].rstrip("~")[:-1] + "~"


def final_text(final: dict) -> list:
    """The final result as a table (and the rule it follows), lines of at most 80 columns."""
    import textwrap

    from ..output.tables import tabulate

    if final["model"] == "table_points":
        rows = [[r["place"], r["player"], _n(r["score"]), num(r["table_points"])] for r in final["rows"]]
        out = ["Final result:", tabulate(rows, headers=["Place", "Player", "Score", "Table points"],
                                         tablefmt="simple")]
    else:
        penalty = any(r["penalty"] for r in final["rows"])
        rows = [[r["place"], r["player"], num(r["points"]), _n(r["after_return"]), _n(r["oka"]), _n(r["uma"])]
                + ([_n(r["penalty"])] if penalty else []) + [_n(r["result"])] for r in final["rows"]]
        unit = f" (in {num(final['units'])}s)" if final["units"] != 1 else ""
        out = [f"Final result{unit}: Diff = (points - {num(final['return'])}) / {num(final['units'])}",
               tabulate(rows, headers=["Place", "Player", "Points", "Diff", "Oka", "Uma"]
                        + (["Chombo"] if penalty else []) + ["Result"], tablefmt="simple")]
        if final.get("left_on_table"):
            out.append(f"Left on the table: {num(final['left_on_table'])}")
    if final.get("rule"):
        out += textwrap.wrap(f"Rule: {final['rule']}", 80, subsequent_indent="      ")
    return out


def show_json(table, last: int = 8) -> str:
    import json

    d = summary(table, last)
    d.pop("trend")
    return json.dumps({"schema_version": "1", **d}, ensure_ascii=False)


# ---- seasons ---------------------------------------------------------------------------------

def season(paths) -> dict:
    """Standings per player summed over tables of one ruleset and unit; refuses to mix them."""
    from .book import Table

    if not paths:
        raise TableError("a season needs at least one table file")
    totals: dict = {}
    tables = []
    first = None
    import os

    seen = set()
    for path in paths:
        real = os.path.realpath(path)
        if real in seen:
            raise TableError(f"{path} is given twice: a season counts each table once")
        seen.add(real)
        with Table(path) as t:
            key = (t.variant.id, t.meta.get("unit", ""))
            if first is None:
                first = (path, key)
            elif key != first[1]:
                raise TableError(f"{path} is {key[0]} in {key[1] or 'no unit'}, {first[0]} is {first[1][0]} in "
                                 f"{first[1][1] or 'no unit'}: a season adds tables of one ruleset and unit only")
            standings = t.standings()
            start = t.meta.get("start") or 0
            tables.append({"table": path, "name": t.meta["name"], "hands": t.state()["hand"] - 1,
                           "result": {p: num(v - start) for p, v in standings.items()}})
            for p, v in standings.items():
                row = totals.setdefault(p, {"tables": 0, "total": 0})
                row["tables"] += 1
                row["total"] = num(row["total"] + v - start)
    order = sorted(totals, key=lambda p: (-totals[p]["total"], p.lower()))
    return {"variant": first[1][0], "unit": first[1][1], "tables": tables,
            "standings": {p: totals[p] for p in order}}


def season_text(d: dict) -> str:
    from ..output.tables import tabulate

    rows = [[i + 1, p, r["tables"], _n(r["total"])] for i, (p, r) in enumerate(d["standings"].items())]
    unit = f" ({d['unit']})" if d["unit"] else ""
    return (f"Season: {len(d['tables'])} table(s) of {d['variant']}{unit}\n\n"
            + tabulate(rows, headers=["#", "Player", "Tables", "Total"], tablefmt="simple"))
