"""One table, one SQLite file (the standard library's sqlite3, WAL journal).

Every change is one transaction begun with BEGIN IMMEDIATE: the table's state is read, the event
computed and written, and the transaction committed, while no other writer can come in between.
Two terminals adding events at once therefore queue (each waits up to `TIMEOUT` seconds for the
other), and a process killed before its commit leaves nothing of its event: SQLite rolls the
unfinished transaction back when the file is next opened."""
from __future__ import annotations

import json
import os
import sqlite3
from contextlib import contextmanager

from ..errors import MjError

SCHEMA_VERSION = 1
TIMEOUT = 30.0

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE events (
    no INTEGER PRIMARY KEY,          -- 1, 2, ... in the order entered
    kind TEXT NOT NULL,              -- win, draw, kong, false_win
    input TEXT NOT NULL,             -- JSON: what was entered, by player name
    records TEXT NOT NULL,           -- JSON: each payment as scored, with its seat-letter context
    state_before TEXT NOT NULL,      -- JSON: dealer, wind, streak, hand before the event
    state_after TEXT NOT NULL,
    entered_by TEXT NOT NULL,
    entered_at TEXT NOT NULL
);
CREATE TABLE undone (
    no INTEGER NOT NULL, kind TEXT NOT NULL, input TEXT NOT NULL, records TEXT NOT NULL,
    state_before TEXT NOT NULL, state_after TEXT NOT NULL, entered_by TEXT NOT NULL,
    entered_at TEXT NOT NULL, undone_by TEXT NOT NULL, undone_at TEXT NOT NULL
);
"""
_COLUMNS = ("no", "kind", "input", "records", "state_before", "state_after", "entered_by", "entered_at")


class TableError(MjError):
    """A table file that cannot be used (missing, not a table, a newer schema) or an event it refuses."""


def _connect(path: str) -> sqlite3.Connection:
    con = sqlite3.connect(path, timeout=TIMEOUT, isolation_level=None)
    con.execute("PRAGMA busy_timeout = %d" % int(TIMEOUT * 1000))
    return con


def create(path: str, meta: dict, force: bool = False) -> None:
    """A new table file with `meta` (plain JSON values). Refuses to overwrite unless `force`."""
    if os.path.exists(path):
        if not force:
            raise TableError(f"{path} already exists (--force replaces it)")
        for suffix in ("", "-wal", "-shm", "-journal"):
            try:
                os.unlink(path + suffix)
            except FileNotFoundError:
                pass
    try:
        con = _connect(path)
    except sqlite3.Error as e:
        raise TableError(f"{path}: cannot create: {e}") from None
    try:
        con.execute("PRAGMA journal_mode = WAL")
        con.execute("BEGIN IMMEDIATE")
        for stmt in _SCHEMA.split(";"):
            if stmt.strip():
                con.execute(stmt)
        rows = {"schema_version": SCHEMA_VERSION, **meta}
        con.executemany("INSERT INTO meta VALUES (?, ?)", [(k, json.dumps(v)) for k, v in rows.items()])
        con.execute("COMMIT")
    finally:
        con.close()


class Store:
    """An open table file. Use `with Store(path) as st:`; `st.write()` is one transaction."""

    def __init__(self, path: str):
        self.path = path
        if not os.path.isfile(path):
            raise TableError(f"no table {path} (create one with `mjscore table new {path} ...`)")
        try:
            self.con = _connect(path)
            self.con.execute("PRAGMA journal_mode = WAL")
            rows = self.con.execute("SELECT key, value FROM meta").fetchall()
        except sqlite3.DatabaseError as e:
            raise TableError(f"{path} is not an mjscore table ({e})") from None
        self.meta = {k: json.loads(v) for k, v in rows}
        version = self.meta.get("schema_version")
        if version != SCHEMA_VERSION:
            raise TableError(f"{path}: table schema version {version}; this mjscore reads version {SCHEMA_VERSION}")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.con.close()

    @contextmanager
    def write(self):
        """One transaction holding the write lock from its first read: commit on success, else roll back."""
        try:
            self.con.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            raise TableError(f"{self.path}: the table is busy ({e}); try again") from None
        try:
            yield self
        except BaseException:
            self.con.execute("ROLLBACK")
            raise
        self.con.execute("COMMIT")

    def events(self) -> list[dict]:
        rows = self.con.execute(f"SELECT {', '.join(_COLUMNS)} FROM events ORDER BY no").fetchall()
        return [_row(r) for r in rows]

    def last(self) -> dict | None:
        r = self.con.execute(f"SELECT {', '.join(_COLUMNS)} FROM events ORDER BY no DESC LIMIT 1").fetchone()
        return _row(r) if r else None

    def append(self, ev: dict) -> int:
        no = self.con.execute("SELECT COALESCE(MAX(no), 0) + 1 FROM events").fetchone()[0]
        self.con.execute(f"INSERT INTO events ({', '.join(_COLUMNS)}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                         (no, ev["kind"], json.dumps(ev["input"]), json.dumps(ev["records"]),
                          json.dumps(ev["state_before"]), json.dumps(ev["state_after"]),
                          ev["entered_by"], ev["entered_at"]))
        return no

    def remove_last(self, by: str, at: str) -> dict | None:
        ev = self.last()
        if ev is None:
            return None
        self.con.execute(f"INSERT INTO undone ({', '.join(_COLUMNS)}, undone_by, undone_at) "
                         f"SELECT {', '.join(_COLUMNS)}, ?, ? FROM events WHERE no = ?", (by, at, ev["no"]))
        self.con.execute("DELETE FROM events WHERE no = ?", (ev["no"],))
        return ev

    def remove_from(self, no: int, by: str, at: str) -> list[dict]:
        """Move event `no` and every later one to the undone log (an edit re-enters them); returns them."""
        gone = [e for e in self.events() if e["no"] >= no]
        self.con.execute(f"INSERT INTO undone ({', '.join(_COLUMNS)}, undone_by, undone_at) "
                         f"SELECT {', '.join(_COLUMNS)}, ?, ? FROM events WHERE no >= ?", (by, at, no))
        self.con.execute("DELETE FROM events WHERE no >= ?", (no,))
        return gone

    def undone(self) -> list[dict]:
        rows = self.con.execute(f"SELECT {', '.join(_COLUMNS)}, undone_by, undone_at FROM undone").fetchall()
        out = []
        for r in rows:
            d = _row(r[:8])
            d["undone_by"], d["undone_at"] = r[8], r[9]
            out.append(d)
        return out


def _row(r) -> dict:
    d = dict(zip(_COLUMNS, r))
    for k in ("input", "records", "state_before", "state_after"):
        d[k] = json.loads(d[k])
    return d
