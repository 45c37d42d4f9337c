"""What a table shows: its state and standings (text and JSON), the last events, a one-line trend per
player, and a season's standings over several tables."""
from __future__ import annotations

from ..batch.ledger import num
from . import state as st
from .rules import POT
from .store import TableError

SPARK = "▁▂▃▄▅▆▇█"
TREND_POINTS = 24


def _n(x) -> str:
    """A change (an event's net, a season's result): with its sign, +6 or -4."""
    x = num(x)
    return f"{x:+}" if x else "0"


def balance(x) -> str:
    """A player's standing, what he holds: 25000, -300, without a plus sign (a change keeps its own)."""
    return str(num(x))


def streak_word(table) -> str:
    """What the table calls the dealer's stays: riichi's honba, else streak (the session's streak_as)."""
    return table.session.get("streak_as") or "streak"


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
        values = ", ".join(r.get("words") or ("limit" if r["limit"] else f"{num(r['total'])} {r['unit']}".strip())
                           for r in recs)  # (words: riichi's '3 han 40 fu', 'mangan')
        return f"{winners} {'win' if len(recs) > 1 else 'wins'} {how}, {values}"
    rec = recs[0]
    names, fields = rec["names"], rec["fields"]
    if kind == "draw":
        d = fields.get("disclosed")
        ready = fields.get("tenpai")
        return "draw" + (f", {names[d]} disclosed first" if d else "") + \
            (f", tenpai: {', '.join(names[x] for x in ready) or 'nobody'}" if ready is not None else "")
    if kind == "kong":
        text = f"{names[fields['seat']]}: {fields.get('kong')} kong"
        if fields.get("discarder"):
            text += f" from {names[fields['discarder']]}"
        if fields.get("chain", 1) != 1:
            text += f" ({fields['chain']} of a run)"
        return text
    claim = "limit" if fields.get("limit") else f"claimed {num(fields.get('total'))}"
    return f"{names[fields['seat']]}: false win ({claim})"


def _trend(values: list, lo, hi) -> str:
    values = values[-TREND_POINTS:]
    if hi == lo:
        return SPARK[0] * len(values)
    return "".join(SPARK[min(int((v - lo) / (hi - lo) * len(SPARK)), len(SPARK) - 1)] for v in values)


def summary(table, last: int = 8) -> dict:
    """Everything `table show` prints, as plain data."""
    events = table.events()
    state = table.state(events)
    ledger, rows = table.book(events)
    standings = ledger.session(table.meta["name"]).standings()
    standings.pop(POT, None)  # the pot is shown on its own line, not among the players
    seats = table.seats(state)
    start = table.meta.get("start") or 0
    runs = {p: [start] + [s[p] for _, s in rows] for p in table.players}
    previous = {p: start for p in table.players}
    evs = []
    for ev, after in rows:
        evs.append({"no": ev["no"], "kind": ev["kind"], "hand_number": ev["state_before"]["hand"],
                    "text": event_text(ev), "net": {p: num(after[p] - previous[p]) for p in table.players},
                    "standings": after, "entered_by": ev["entered_by"], "entered_at": ev["entered_at"]})
        previous = after
    return {
        "table": table.meta["name"], "variant": table.variant.id, "variant_name": table.variant.name,
        "rules": table.rules, "unit": table.meta.get("unit", ""), "players": table.players,
        "round": st.round_wind(state), "dealer": table.players[state["dealer"]],
        "dealer_seat": st.dealer_seat(state, table.n, table.session), "streak": state["streak"],
        "hand_number": state["hand"], "over": state["over"], "ends": st.end_text(table.session),
        "seats": dict(sorted(seats.items(), key=lambda kv: "ESWN".index(kv[0]))), "standings": standings, "events_total": len(events), "events": evs[-last:] if last else [],
        "trend": runs,
        **({"pot": num(table.pot), "pot_deposits": state.get("pot", 0)} if table.session.get("pot") else {}),
    }


def show_text(table, last: int = 8) -> str:
    from ..output.tables import tabulate

    d = summary(table, last)
    head = f"Table {d['table']}: {d['variant_name']} [{d['variant']}]"
    if d["rules"]:
        head += "  " + " ".join(f"{k}={v}" for k, v in d["rules"].items())
    wind = st.WINDS["ESWN".index(d["round"])]
    if d["over"]:
        where = f"Session over ({d['ends']}), {d['hand_number'] - 1} hands"
    else:
        where = (f"Hand {d['hand_number']}, {wind} round, dealer {d['dealer']} "
                 f"({streak_word(table)} {d['streak']}); the session ends {d['ends']}")
        if len(where) > 80:
            where = where.replace("; the session ends", "; ends")
    values = [v for run in d["trend"].values() for v in run[-TREND_POINTS:]]
    lo, hi = min(values), max(values)
    rows = []
    for seat, name in sorted(d["seats"].items(), key=lambda kv: "ESWN".index(kv[0])):
        rows.append([seat + (" (dealer)" if name == d["dealer"] else ""), name, balance(d["standings"][name]),
                     _trend(d["trend"][name], lo, hi)])
    out = [head, where, "", tabulate(rows, headers=["Seat", "Player", "Total", "Trend"], tablefmt="simple")]
    if "pot" in d:  # not a player: the riichi deposits on the table, for the next winner
        out.append(f"Pot (riichi sticks on the table): {d['pot']}, {d['pot_deposits']} deposit(s)")
    if d["events"]:
        out += ["", f"Last events ({len(d['events'])} of {d['events_total']}):"]
        ev_rows = [[e["no"], e["hand_number"], e["text"]] + [_n(e["net"][p]) for p in d["players"]]
                   for e in d["events"]]
        out.append(tabulate(ev_rows, headers=["#", "Hand", "Event"] + list(d["players"]), tablefmt="simple",
                            maxcolwidths=[None, None, 36] + [None] * len(d["players"])))
    else:
        out += ["", "No events yet."]
    return "\n".join(out)


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
