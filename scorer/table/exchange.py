"""A table as a hand file and back.

Export writes a header (`session`, `variant`, `start`) and one record per payment: a win is its hand
with the full seat-letter context it was scored with (what `mjscore batch` reads), a draw, kong or
false win an `event:` record (scorer/table/records.py). Every record also names the seating
(`names: {E: Ann, ...}`), so batch keeps the standings per player as the table does, and the
table's event number (`table_event`), so the winners of one discard come back as one event."""
from __future__ import annotations

import json

from ..errors import ContextError
from .store import TableError

WIN_CTX_SKIP = ("seat", "round", "dealer", "streak", "players", "rules", "discarder", "robbed", "liable",
                "self_draw", "others", "kongs_paid")


def _takers(events) -> dict:
    """{(event number, declarer): who took his deposit}: the pot's sticks all go to the next player
    it pays (the next winner first in turn); raises when some are still on the table."""
    from .rules import POT

    pending, took = [], {}
    for ev in events:
        for rec in ev["records"]:
            for f, t, _a, _ in rec["transfers"]:
                if t == POT:
                    pending.append((ev["no"], f))
                elif f == POT:
                    for key in pending:
                        took[key] = t
                    pending = []
    if pending:
        raise TableError(f"{len(pending)} riichi deposit(s) are still on the table and nobody has taken them: "
                         "a hand file has no pot, so the table cannot be exported to the same standings yet")
    return took


def records(table) -> list[dict]:
    """The table's events as hand-file records; a riichi deposit becomes an `event: deposit` record
    paid to whoever took it, and a win's record leaves the sticks out (records.py)."""
    from .rules import POT

    events = table.events()
    took = _takers(events) if table.session.get("pot") else {}
    flag = (table.session.get("pot") or {}).get("flag")
    out = []
    for ev in events:
        for rec in ev["records"]:
            seat_of = {name: seat for seat, name in rec["names"].items()}
            for f, t, a, _ in rec["transfers"]:
                if t == POT:
                    out.append({"event": "deposit", "seat": seat_of[f], "to": seat_of[took[(ev["no"], f)]],
                                "amount": a, "names": rec["names"], "table_event": ev["no"]})
        for rec in ev["records"]:
            if rec["event"] == "win":
                d = {"hand": rec["hand"], **{k: v for k, v in rec["ctx"].items() if k != flag}}
            else:
                d = {"event": rec["event"], **rec["fields"]}
            d["names"] = rec["names"]
            d["table_event"] = ev["no"]
            out.append(d)
    return out


def export_text(path: str, fmt: str = "jsonl") -> str:
    from .book import Table

    with Table(path) as t:
        header = {"session": t.meta["name"], "variant": t.meta["variant"], "start": t.meta.get("start") or 0}
        recs = records(t)
    if fmt == "yaml":
        import yaml

        class Plain(yaml.SafeDumper):  # each record spelled out, no &anchors between seatings
            def ignore_aliases(self, data):
                return True

        return yaml.dump({**header, "hands": recs}, Dumper=Plain, allow_unicode=True, sort_keys=False)
    return "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in [header, *recs])


def _entry(job_ctx: dict, names: dict, kind: str) -> dict:
    """A table entry (by player names) from a record's seat-letter context."""
    def name(seat):
        if seat not in names:
            raise ContextError(f"seat {seat!r} is not at this table")
        return names[seat]

    if kind != "win":
        entry = {}
        for key in ("seat", "discarder", "robbed", "disclosed"):
            if job_ctx.get(key) is not None:
                entry[key] = name(str(job_ctx[key]).upper())
        for key in ("kong", "chain", "total", "limit", "self_draw", "abort"):
            if job_ctx.get(key) is not None:
                entry[key] = job_ctx[key]
        for key in ("tenpai", "nagashi"):
            if job_ctx.get(key) is not None:
                entry[key] = [name(str(x).upper()) for x in job_ctx[key]]
        return entry
    entry = {}
    for key in ("discarder", "robbed", "liable"):
        if job_ctx.get(key):
            entry[key] = name(str(job_ctx[key]).upper())
    if job_ctx.get("self_draw"):
        entry["self_draw"] = True
    if job_ctx.get("others"):
        entry["others"] = {name(str(s).upper()): h for s, h in job_ctx["others"].items()}
    from .game import WIN_FLAGS

    extra = {}
    for key, v in job_ctx.items():
        if key in WIN_FLAGS:
            entry[key] = v
        elif key not in WIN_CTX_SKIP and key != "event":
            extra[key] = v
    if extra:
        entry["extra"] = extra
    return entry


def import_file(path: str, hand_file: str, players=None, variant=None, force=False, by=None) -> int:
    """Create table `path` and replay the hand file's records as its events; each record's seats,
    wind, dealer and streak must be the ones the table's rotation gives (else it says where not)."""
    from ..batch import jobs as batch_jobs
    from ..batch import read as batch_read
    from ..batch import source as batch_source
    from .book import Table, new_table

    jobs = []
    for raw in batch_source.read_source(hand_file, None, batch_read.Counter()):
        job = batch_jobs.prepare(raw, variant or "hk-old")
        if job.error:
            raise TableError(f"{job.where}: {job.error}")
        ctx = dict(job.ctx or {})
        event_no = raw.data.get("table_event") if isinstance(raw.data, dict) else None
        jobs.append((job, ctx, job.names, event_no))
    if not jobs:
        raise TableError(f"{hand_file}: no records")
    first_job, first_ctx, first_names, _ = jobs[0]
    if players is None:
        if not first_names:
            raise TableError("the hand file does not name the players: give --players in the first hand's seat order")
        players = [first_names[s] for s in "ESWN" if s in first_names]
    rules = first_ctx.get("rules") or {}
    start = first_job.start if not isinstance(first_job.start, dict) else None
    new_table(path, variant or first_job.variant, players, rules, start, name=str(first_job.session), force=force,
              by=by)
    count = 0
    with Table(path) as t:
        i = 0
        while i < len(jobs):
            job, ctx, names, event_no = jobs[i]
            group = [jobs[i]]
            while event_no is not None and i + len(group) < len(jobs) and jobs[i + len(group)][3] == event_no:
                group.append(jobs[i + len(group)])
            i += len(group)
            deposits = [g for g in group if g[1].get("event") == "deposit"]
            group = [g for g in group if g[1].get("event") != "deposit"]
            if not group:
                raise TableError(f"{job.where}: a deposit record needs its hand's own record after it")
            job, ctx, names, event_no = group[0]
            state = t.state()
            seats = t.seats(state)
            where = job.where
            if names and names != seats:
                raise TableError(f"{where}: the file seats {_seating(names)}; the table's rotation seats "
                                 f"{_seating(seats)}")
            expect = t.context(state)
            for key in ("round", "dealer", "streak"):
                if key in ctx and str(ctx[key]).upper() != str(expect[key]).upper():
                    raise TableError(f"{where}: {key} is {ctx[key]} in the file, {expect[key]} by the table's rotation")
            kind = ctx.get("event", "win")
            if kind == "win":
                entry = _entry(ctx, seats, "win")
                entry["hands"] = [[seats[str(g[1].get("seat", "E")).upper()], g[0].hand] for g in group]
            else:
                entry = _entry(ctx, seats, kind)
            own = entry["hands"][0][0] if kind == "win" and (entry.get("riichi") or entry.get("double_riichi")) \
                else None
            declared = [seats[str(g[1].get("seat", "")).upper()] for g in deposits]
            if [n for n in declared if n != own]:
                entry["riichi_by"] = [n for n in declared if n != own]
            try:
                t.add(kind, entry, by=by)
            except (ContextError, TableError) as e:
                raise TableError(f"{where}: {e}") from None
            count += 1
    return count


def _seating(names: dict) -> str:
    return ", ".join(f"{s} {n}" for s, n in names.items())
