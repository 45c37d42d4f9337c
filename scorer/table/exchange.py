"""A table as a hand file and back.

Export writes a header (`session`, `variant`, `rules`, `start`) and one record per payment: a win is
its hand with the full seat-letter context it was scored with (what `mjscore batch` reads), a draw,
kong, false win, abortive draw or riichi deposit an `event:` record (scorer/table/records.py). Every record also names the seating
(`names: {E: Ann, ...}`), so batch keeps the standings per player as the table does, and the
table's event number (`table_event`), so the winners of one discard come back as one event."""
from __future__ import annotations

import json

from ..errors import ContextError, MjError
from ..rulesets import DEFAULT_RULESET
from ..rulesets.keys import KEYS
from .store import TableError

# a record's context keys an import does not pass on as flags: the seating (the table's own), the seats
# and others it turns into player names, self_draw read with them (as game.py's WIN_FLAGS leaves them
# out), the house rules and the kongs a table pays as their own events
WIN_CTX_SKIP = (*(k.name for k in KEYS if not k.at_table or k.kind in ("seat", "others") or k.name == "self_draw"),
                "rules", "kongs_paid")


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
        # the ruleset and its options named in the header: batch then scores under those, never the
        # config file's house rules (scorer/batch/jobs.py); riichi deposits are `event: deposit`
        # records paid to their taker (records(), which refuses sticks nobody has taken yet)
        header = {"session": t.meta["name"], "variant": t.meta["variant"], "rules": dict(t.rules),
                  "start": t.meta.get("start") or 0}
        recs = records(t)
    if fmt == "yaml":
        import yaml

        class Plain(yaml.SafeDumper):  # each record spelled out, no &anchors between seatings
            def ignore_aliases(self, data):
                return True

        return yaml.dump({**header, "hands": recs}, Dumper=Plain, allow_unicode=True, sort_keys=False)
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
        row = {k: v for k, v in header.items() if k != "rules"}
        # the header's options under the record's; none at all is written `{}`, so that batch still
        # reads the ruleset's options as named (and lays no config file's house rules under them)
        rules = {**(header.get("rules") or {}), **(rec.get("rules") or {})}
        rec = {**rec, "rules": rules} if rules else {k: v for k, v in rec.items() if k != "rules"}
        if not rules:
            row["rules"] = "{}"
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


MAX_IMPORT_BYTES = 64 * 1024 * 1024  # a season of nights is a few MB; the file is read record by record


def _records(hand_file: str, variant):
    """(job, ctx, names, table_event, the ruleset the record names or None) of each record, read as
    the file is streamed."""
    from ..batch import jobs as batch_jobs
    from ..batch import read as batch_read
    from ..batch import source as batch_source

    for raw in batch_source.read_source(hand_file, None, batch_read.Counter()):
        job = batch_jobs.prepare(raw, variant or DEFAULT_RULESET)
        if job.error:
            raise TableError(f"{job.where}: {job.error}")
        data = {**raw.defaults, **raw.data} if isinstance(raw.data, dict) else {}
        event_no = data.get("table_event")
        yield job, dict(job.ctx or {}), job.names, event_no, data.get("variant")


def _groups(records):
    """Records grouped by table event (the winners of one discard share it), one group at a time."""
    group = []
    for rec in records:
        if group and (rec[3] is None or rec[3] != group[0][3]):
            yield group
            group = []
        group.append(rec)
    if group:
        yield group


def import_file(path: str, hand_file: str, players=None, variant=None, force=False, by=None) -> int:
    """Create table `path` and replay the hand file's records as its events; each record's seats,
    wind, dealer and streak must be the ones the table's rotation gives (else it says where not).
    The file is read as a stream; the table takes the place of `path` only once every record is in."""
    import os

    from .book import new_table
    from .outfile import _identity

    if hand_file != "-":
        try:
            size = os.stat(hand_file).st_size
        except OSError as e:
            raise TableError(f"{hand_file}: cannot read ({e.strerror})") from None
        if size > MAX_IMPORT_BYTES:
            raise TableError(f"{hand_file}: larger than {MAX_IMPORT_BYTES // 2 ** 20} MB ({size} bytes): "
                             "import a season night by night")
        if os.path.lexists(path) and _identity(path) == _identity(hand_file):
            from ..errors import OutputError

            raise OutputError(f"{path} is the hand file {hand_file}: the import would overwrite what it reads")
    groups = _groups(_records(hand_file, variant))
    first_group = next(groups, None)
    if first_group is None:
        raise TableError(f"{hand_file}: no records")
    first_job, first_ctx, first_names, _, named = first_group[0]
    if variant is not None and named is not None:
        raise TableError(f"{first_job.where}: the file names its ruleset ({named}); --variant is for a file "
                         "that names none")
    if players is None:
        if not first_names:
            raise TableError("the hand file does not name the players: give --players in the first hand's seat order")
        players = [first_names[s] for s in "ESWN" if s in first_names]
    rules = first_ctx.get("rules") or {}
    start = first_job.start if not isinstance(first_job.start, dict) else None
    count = 0

    def fill(t):
        nonlocal count
        for group in _chain(first_group, groups):
            _import_group(t, group, first_job.variant, rules, by)
            count += 1

    new_table(path, variant or first_job.variant, players, rules, start, name=str(first_job.session), force=force,
              by=by, fill=fill)
    return count


def _chain(first, rest):
    yield first
    yield from rest


def _import_group(t, group, variant, rules, by) -> None:
    """One table event from its records: the winners of one discard share it, and a riichi table's
    `event: deposit` records come before their hand's record (the declarers, `riichi_by`)."""
    for g in group:
        if g[0].variant != variant or (g[1].get("rules") or {}) != rules:
            raise TableError(f"{g[0].where}: a table keeps one ruleset and one set of house rules; this record "
                             f"has {g[0].variant} {g[1].get('rules') or {}}, the first {variant} {rules}")
    deposits = [g for g in group if g[1].get("event") == "deposit"]
    group = [g for g in group if g[1].get("event") != "deposit"]
    if not group:
        raise TableError(f"{deposits[0][0].where}: a deposit record needs its hand's own record after it")
    job, ctx, names, _, _ = group[0]
    where = job.where
    state = t.state()
    seats = t.seats(state)
    if names and names != seats:
        raise TableError(f"{where}: the file seats {_seating(names)}; the table's rotation seats "
                         f"{_seating(seats)}")
    expect = t.context(state)
    for key in ("round", "dealer", "streak"):
        if key in ctx and str(ctx[key]).upper() != str(expect[key]).upper():
            raise TableError(f"{where}: {key} is {ctx[key]} in the file, {expect[key]} by the table's rotation")
    kind = ctx.get("event", "win")
    try:
        if kind == "win":
            entry = _entry(ctx, seats, "win")
            winners = []
            for g in group:
                winners.append([_seat_name(g[1].get("seat", "E"), seats), g[0].hand])
            entry["hands"] = winners
        else:
            entry = _entry(ctx, seats, kind)
        own = entry["hands"][0][0] if kind == "win" and t.game.declared(entry) else None
        declared = [_seat_name(g[1].get("seat"), seats) for g in deposits]
        if [n for n in declared if n != own]:
            entry["riichi_by"] = [n for n in declared if n != own]
        t.add(kind, entry, by=by)
    except MjError as e:
        raise TableError(f"{where}: {e}") from None


def _seat_name(seat, seats: dict) -> str:
    if not isinstance(seat, str) or seat.upper() not in seats:
        raise ContextError(f"seat {seat!r} is not a seat at this table ({' '.join(seats)})")
    return seats[seat.upper()]


def _seating(names: dict) -> str:
    return ", ".join(f"{s} {n}" for s, n in names.items())
