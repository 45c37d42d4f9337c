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


def records(table) -> list[dict]:
    out = []
    for ev in table.events():
        for rec in ev["records"]:
            if rec["event"] == "win":
                d = {"hand": rec["hand"], **rec["ctx"]}
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
        from .rules import POT

        if any(POT in x[:2] for ev in t.events() for rec in ev["records"] for x in rec["transfers"]):
            # a hand file has no record of a deposit, so batch would settle the sticks differently
            raise TableError("this table's pot (riichi deposits) has no place in a hand file: "
                             "it cannot be exported to the same standings")
        recs = records(t)
    if fmt == "yaml":
        import yaml

        return yaml.safe_dump({**header, "hands": recs}, allow_unicode=True, sort_keys=False)
    if fmt == "csv":
        return csv_text(header, recs)
    return "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in [header, *recs])


EXTENSIONS = {".yaml": "yaml", ".yml": "yaml", ".jsonl": "jsonl", ".csv": "csv"}
_FLAT = ("rules", "others", "names")  # mappings batch's CSV reader takes as KEY.SUBKEY columns


def format_for(out_path: str | None, fmt: str | None) -> str:
    """The export's format: what --out's extension says (refusing a --format that says otherwise),
    else --format, else JSON Lines."""
    import os

    if out_path is None:
        return fmt or "jsonl"
    ext = os.path.splitext(out_path)[1].lower()
    said = EXTENSIONS.get(ext)
    if said is None:
        if fmt is None:
            raise TableError(f"--out {out_path}: name the file .yaml, .jsonl or .csv (the format it is written "
                             "in), or give --format")
        return fmt
    if fmt is not None and fmt != said:
        raise TableError(f"--out {out_path} says {said} but --format says {fmt}: a hand file is read by its "
                         "extension, so they must agree")
    return said


def csv_text(header: dict, recs: list) -> str:
    """The records as the CSV `mjscore batch` reads: the header's keys on every row, a mapping's keys
    as KEY.SUBKEY columns (rules.min_faan, names.E)."""
    import csv
    import io

    rows = []
    for rec in recs:
        row = dict(header)
        for key, value in rec.items():
            if key in _FLAT and isinstance(value, dict):
                for sub, x in value.items():
                    if isinstance(x, (dict, list)):
                        raise TableError(f"{key}.{sub} holds {type(x).__name__} data, which a CSV cell cannot: "
                                         "export to .yaml or .jsonl")
                    row[f"{key}.{sub}"] = x
            elif isinstance(value, (dict, list)):
                raise TableError(f"{key} holds {type(value).__name__} data, which a CSV cell cannot: "
                                 "export to .yaml or .jsonl")
            else:
                row[key] = value
        rows.append(row)
    columns = list(header) + ["hand"]
    for row in rows:
        columns += [k for k in row if k not in columns]
    out = io.StringIO()
    w = csv.DictWriter(out, columns, lineterminator="\n")
    w.writeheader()
    for row in rows:
        w.writerow({k: _cell(v) for k, v in row.items()})
    return out.getvalue()


def _cell(value) -> str:
    if value is True or value is False:
        return "true" if value else "false"
    return "" if value is None else str(value)


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
        for key in ("kong", "chain", "total", "limit", "self_draw"):
            if job_ctx.get(key) is not None:
                entry[key] = job_ctx[key]
        return entry
    entry = {}
    for key in ("discarder", "robbed", "liable"):
        if job_ctx.get(key):
            entry[key] = name(str(job_ctx[key]).upper())
    if job_ctx.get("self_draw"):
        entry["self_draw"] = True
    if job_ctx.get("others"):
        entry["others"] = {name(str(s).upper()): h for s, h in job_ctx["others"].items()}
    from .book import WIN_FLAGS

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
            state = t.state()
            seats = t.seats(state)
            where = job.where
            if names and names != seats:
                raise TableError(f"{where}: the file seats {_seating(names)}; the table's rotation seats "
                                 f"{_seating(seats)}")
            expect = t._context(state)
            for key in ("round", "dealer", "streak"):
                if key in ctx and str(ctx[key]).upper() != str(expect[key]).upper():
                    raise TableError(f"{where}: {key} is {ctx[key]} in the file, {expect[key]} by the table's rotation")
            kind = ctx.get("event", "win")
            if kind == "win":
                entry = _entry(ctx, seats, "win")
                entry["hands"] = [[seats[str(g[1].get("seat", "E")).upper()], g[0].hand] for g in group]
            else:
                entry = _entry(ctx, seats, kind)
            try:
                t.add(kind, entry, by=by)
            except (ContextError, TableError) as e:
                raise TableError(f"{where}: {e}") from None
            count += 1
    return count


def _seating(names: dict) -> str:
    return ", ".join(f"{s} {n}" for s, n in names.items())
