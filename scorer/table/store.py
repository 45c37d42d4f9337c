"""One table, one SQLite file (the standard library's sqlite3, WAL journal).

Every change is one transaction begun with BEGIN IMMEDIATE: the table's state is read, the event
computed and written, and the transaction committed, while no other writer can come in between.
Two terminals adding events at once therefore queue (each waits up to `TIMEOUT` seconds for the
other), and a process killed before its commit leaves nothing of its event: SQLite rolls the
unfinished transaction back when the file is next opened.

Each event row also keeps the ledger after it (`book`: every party's net and the event's loss-cap
shortfalls), so standings are read from the last row instead of replaying the night, and a new
event is posted on top of the previous row's. `Table.replay` recomputes them from scratch.

A new table is written beside its final name and renamed into place once complete (`staged`), so
`--force` never leaves a half-made table where the old one was. A file is looked at before SQLite
opens it (SQLite would turn an empty file into a database): a folder, an empty file or one without
SQLite's header is refused and left as it is. A table the user cannot write is opened read-only."""
from __future__ import annotations

import json
import os
import sqlite3
import stat
from contextlib import contextmanager

from ..errors import MjError

SCHEMA_VERSION = 2  # 2: events.book (the ledger after each event)
TIMEOUT = 30.0
HEADER = b"SQLite format 3\x00"
MAX_ROW = 1 << 62  # SQLite's integers are 64-bit: an event number or a count past this is none

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE events (
    no INTEGER PRIMARY KEY,          -- 1, 2, ... in the order entered
    kind TEXT NOT NULL,              -- win, draw, kong, false_win, abort
    input TEXT NOT NULL,             -- JSON: what was entered, by player name
    records TEXT NOT NULL,           -- JSON: each payment as scored, with its seat-letter context
    state_before TEXT NOT NULL,      -- JSON: dealer, wind, streak, hand before the event
    state_after TEXT NOT NULL,
    entered_by TEXT NOT NULL,
    entered_at TEXT NOT NULL,
    book TEXT                        -- JSON: {net: {party: net after it}, short: [[player, owed, paid, cap]]}
);
CREATE TABLE undone (
    no INTEGER NOT NULL, kind TEXT NOT NULL, input TEXT NOT NULL, records TEXT NOT NULL,
    state_before TEXT NOT NULL, state_after TEXT NOT NULL, entered_by TEXT NOT NULL,
    entered_at TEXT NOT NULL, undone_by TEXT NOT NULL, undone_at TEXT NOT NULL
);
"""
_COLUMNS = ("no", "kind", "input", "records", "state_before", "state_after", "entered_by", "entered_at")
_SELECT = ", ".join(_COLUMNS)
STATE_KEYS = ("hand", "round", "dealer", "streak", "stays", "passes")
KINDS = ("win", "draw", "kong", "false_win", "abort")


class TableError(MjError):
    """A table file that cannot be used (missing, not a table, a newer schema) or an event it refuses."""


def _connect(path: str, readonly: bool = False, immutable: bool = False) -> sqlite3.Connection:
    if readonly:
        from urllib.parse import quote

        uri = "file:" + quote(os.path.abspath(path)) + "?mode=ro" + ("&immutable=1" if immutable else "")
        con = sqlite3.connect(uri, timeout=TIMEOUT, isolation_level=None, uri=True)
    else:
        con = sqlite3.connect(path, timeout=TIMEOUT, isolation_level=None)
    con.execute("PRAGMA busy_timeout = %d" % int(TIMEOUT * 1000))
    return con


def check_table_file(path: str) -> os.stat_result:
    """The file's stat when it looks like an SQLite file; TableError (nothing written) otherwise."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise TableError(f"no table {path} (create one with `mjscore table new {path} ...`)") from None
    except OSError as e:
        raise TableError(f"{path}: cannot read ({e.strerror})") from None
    if stat.S_ISDIR(info.st_mode):
        raise TableError(f"{path} is a folder, not an mjscore table")
    if not stat.S_ISREG(info.st_mode):
        raise TableError(f"{path} is not a regular file, not an mjscore table")
    if info.st_size == 0:
        raise TableError(f"{path} is empty: not an mjscore table (left as it is)")
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(HEADER))
    except OSError as e:
        raise TableError(f"{path}: cannot read ({e.strerror})") from None
    if head != HEADER:
        raise TableError(f"{path} is not an mjscore table (not an SQLite file)")
    return info


def _build(path: str, meta: dict) -> None:
    con = _connect(path)
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


@contextmanager
def staged(path: str, meta: dict, force: bool = False):
    """Yield the path of a new table made beside `path`; once the block ends without an error it
    replaces `path` (one rename), else it is removed and `path` is as it was. Refuses an existing
    `path` unless `force`, and with `force` replaces only an mjscore table."""
    if os.path.lexists(path):
        if not force:
            raise TableError(f"{path} already exists (--force replaces it)")
        if os.path.isdir(path):
            raise TableError(f"{path} is a folder: --force replaces a table file only")
        try:
            Store(path).close()
        except TableError as e:
            raise TableError(f"--force replaces an mjscore table only: {e}") from None
    real = os.path.realpath(path)
    folder = os.path.dirname(real) or "."
    if not os.path.isdir(folder):
        raise TableError(f"{path}: no folder {os.path.dirname(path) or '.'} to create the table in")
    tmp = os.path.join(folder, f".{os.path.basename(real)}.new-{os.getpid()}")
    _remove(tmp)
    try:
        _build(tmp, meta)
    except sqlite3.Error as e:
        _remove(tmp)
        raise TableError(f"{path}: cannot create ({e})") from None
    except OSError as e:
        _remove(tmp)
        raise TableError(f"{path}: cannot create ({e.strerror})") from None
    try:
        yield tmp
    except BaseException:
        _remove(tmp)
        raise
    for suffix in ("-wal", "-shm", "-journal"):  # the old table's journal must not meet the new file
        try:
            os.unlink(real + suffix)
        except FileNotFoundError:
            pass
    for suffix in ("-wal", "-shm"):
        _remove(tmp + suffix, only_suffix=True)
    try:
        os.replace(tmp, real)
    except OSError as e:
        _remove(tmp)
        raise TableError(f"{path}: cannot write ({e.strerror})") from None


def _remove(path: str, only_suffix: bool = False) -> None:
    for suffix in ("",) if only_suffix else ("", "-wal", "-shm", "-journal"):
        try:
            os.unlink(path + suffix)
        except FileNotFoundError:
            pass


def create(path: str, meta: dict, force: bool = False) -> None:
    """A new table file with `meta` (plain JSON values). Refuses to overwrite unless `force`."""
    with staged(path, meta, force):
        pass


class Store:
    """An open table file. Use `with Store(path) as st:`; `st.write()` is one transaction."""

    def __init__(self, path: str):
        self.path = path
        check_table_file(path)
        folder = os.path.dirname(os.path.abspath(path))
        self.readonly = not (os.access(path, os.W_OK) and os.access(folder, os.W_OK))
        try:
            try:
                self.con = _connect(path, self.readonly)
                if not self.readonly:
                    self.con.execute("PRAGMA journal_mode = WAL")
                rows = self.con.execute("SELECT key, value FROM meta").fetchall()
            except sqlite3.OperationalError:
                if not self.readonly:
                    raise
                # a WAL table in a folder this user cannot write: SQLite cannot make its -shm file
                # there, so the file is read as it stands
                self.con.close()
                self.con = _connect(path, True, immutable=True)
                rows = self.con.execute("SELECT key, value FROM meta").fetchall()
            self.meta = {k: json.loads(v) for k, v in rows}
        except (sqlite3.DatabaseError, ValueError, TypeError) as e:
            self._close_quietly()
            raise TableError(f"{path} is not an mjscore table ({e})") from None
        version = self.meta.get("schema_version")
        if version not in (1, SCHEMA_VERSION):
            self._close_quietly()
            raise TableError(f"{path}: table schema version {version}; this mjscore reads version {SCHEMA_VERSION}")
        self.version = version

    def _close_quietly(self):
        con = getattr(self, "con", None)
        if con is not None:
            con.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.con.close()

    def _query(self, sql: str, args=()) -> list:
        try:
            return self.con.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as e:
            raise TableError(f"{self.path}: the table file is damaged ({e})") from None

    def upgrade(self, books: list) -> None:
        """Schema 1 to 2: the ledger after each event (`books` in event order), in one transaction."""
        with self.write():
            now = self.con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
            if now and json.loads(now[0]) == SCHEMA_VERSION:  # another process upgraded it first
                self.version = SCHEMA_VERSION
                return
            self.con.execute("ALTER TABLE events ADD COLUMN book TEXT")
            nos = [r[0] for r in self._query("SELECT no FROM events ORDER BY no")]
            self.con.executemany("UPDATE events SET book = ? WHERE no = ?",
                                 [(json.dumps(b), no) for no, b in zip(nos, books)])
            self.con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (json.dumps(SCHEMA_VERSION),))
        self.version = SCHEMA_VERSION

    @contextmanager
    def write(self):
        """One transaction holding the write lock from its first read: commit on success, else roll back."""
        if self.readonly:
            raise TableError(f"{self.path} is read-only here: it can be shown, not changed")
        try:
            self.con.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            raise TableError(f"{self.path}: the table is busy ({e}); try again") from None
        try:
            yield self
        except sqlite3.DatabaseError as e:  # a damaged file (a page, a column gone): a refusal
            self._rollback()
            raise TableError(f"{self.path}: the table file is damaged ({e})") from None
        except BaseException:
            self._rollback()
            raise
        try:
            self.con.execute("COMMIT")
        except sqlite3.DatabaseError as e:
            raise TableError(f"{self.path}: cannot write ({e})") from None

    def _rollback(self):
        try:
            self.con.execute("ROLLBACK")
        except sqlite3.DatabaseError:
            pass  # nothing was begun, or the file is too damaged to say: nothing was committed either

    def count(self) -> int:
        return self._query("SELECT COUNT(*) FROM events")[0][0]

    def events(self, since: int = 0) -> list[dict]:
        """Every event (numbers above `since`), in order, each with its `book`."""
        rows = self._query(f"SELECT {_SELECT}, {self._book_column()} FROM events WHERE no > ? ORDER BY no", (since,))
        return [self._with_book(r) for r in rows]

    def tail(self, n: int) -> list[dict]:
        """The last `n` events, in order, each with its `book`."""
        if n <= 0:
            return []
        n = min(n, MAX_ROW)
        rows = self._query(f"SELECT {_SELECT}, {self._book_column()} FROM events ORDER BY no DESC LIMIT ?", (n,))
        return [self._with_book(r) for r in reversed(rows)]

    def _book_column(self) -> str:
        return "book" if self.version >= 2 else "NULL"

    def _with_book(self, r) -> dict:
        ev = self._row(r[:8])
        ev["book"] = self._book(r[8])
        return ev

    def last(self) -> dict | None:
        got = self.tail(1)
        return got[0] if got else None

    def append(self, ev: dict) -> int:
        no = self.con.execute("SELECT COALESCE(MAX(no), 0) + 1 FROM events").fetchone()[0]
        self.con.execute(f"INSERT INTO events ({_SELECT}, book) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (no, ev["kind"], json.dumps(ev["input"]), json.dumps(ev["records"]),
                          json.dumps(ev["state_before"]), json.dumps(ev["state_after"]),
                          ev["entered_by"], ev["entered_at"], json.dumps(ev["book"])))
        return no

    def remove_last(self, by: str, at: str) -> dict | None:
        ev = self.last()
        if ev is None:
            return None
        self.con.execute(f"INSERT INTO undone ({_SELECT}, undone_by, undone_at) "
                         f"SELECT {_SELECT}, ?, ? FROM events WHERE no = ?", (by, at, ev["no"]))
        self.con.execute("DELETE FROM events WHERE no = ?", (ev["no"],))
        return ev

    def has(self, no: int) -> bool:
        if not 0 < no <= MAX_ROW:
            return False
        return bool(self._query("SELECT 1 FROM events WHERE no = ?", (no,)))

    def remove_from(self, no: int, by: str, at: str) -> list[dict]:
        """Move event `no` and every later one to the undone log (an edit re-enters them); returns them."""
        gone = self.events(no - 1)
        self.con.execute(f"INSERT INTO undone ({_SELECT}, undone_by, undone_at) "
                         f"SELECT {_SELECT}, ?, ? FROM events WHERE no >= ?", (by, at, no))
        self.con.execute("DELETE FROM events WHERE no >= ?", (no,))
        return gone

    def undone(self) -> list[dict]:
        rows = self._query(f"SELECT {_SELECT}, undone_by, undone_at FROM undone")
        out = []
        for r in rows:
            d = self._row(r[:8])
            by, at = r[8], r[9]
            if not isinstance(by, str) or not isinstance(at, str):
                raise TableError(f"{self.path}: undone event #{d['no']} is damaged")
            d["undone_by"], d["undone_at"] = by, at
            out.append(d)
        return out

    def _book(self, text):
        if text is None:
            return None
        try:
            b = json.loads(text)
        except (ValueError, TypeError):
            b = None
        if not (isinstance(b, dict) and isinstance(b.get("net"), dict) and isinstance(b.get("short"), list)):
            raise TableError(f"{self.path}: the table file is damaged (a ledger row is unreadable)")
        return b

    def _row(self, r) -> dict:
        """One event row, checked to be whole: a damaged row is a refusal, never an internal error."""
        d = dict(zip(_COLUMNS, r))
        no = d["no"]
        try:
            for k in ("input", "records", "state_before", "state_after"):
                d[k] = json.loads(d[k])
        except (ValueError, TypeError):
            raise TableError(f"{self.path}: event #{no} is damaged (not readable JSON)") from None
        players = self.meta.get("players")
        n = len(players) if isinstance(players, list) else 4
        ok = (d["kind"] in KINDS and isinstance(d["input"], dict) and isinstance(d["records"], list)
              and bool(d["records"]) and all(_record_ok(d["kind"], rec) for rec in d["records"])
              and all(_state_ok(d[k], n) for k in ("state_before", "state_after"))
              and isinstance(d["entered_by"], str) and isinstance(d["entered_at"], str))
        if not ok:
            raise TableError(f"{self.path}: event #{no} is damaged (a key is missing or of the wrong kind)")
        return d


def _state_ok(s, n: int) -> bool:
    return (isinstance(s, dict) and all(isinstance(s.get(k), int) and not isinstance(s.get(k), bool)
                                        and s.get(k) >= 0 for k in STATE_KEYS)
            and s["dealer"] < n and isinstance(s.get("over"), bool))


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and x == x and abs(x) != float("inf")


def _record_ok(kind: str, rec) -> bool:
    """A stored payment record has what the reports and the ledger read (names of seats it names,
    transfers of [from, to, amount, why])."""
    if not isinstance(rec, dict):
        return False
    names, fields = rec.get("names"), rec.get("ctx" if kind == "win" else "fields")
    if not (isinstance(names, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in names.items())
            and isinstance(fields, dict) and isinstance(rec.get("variant"), str) and _number(rec.get("cap"))):
        return False
    if not (isinstance(rec.get("transfers"), list) and all(
            isinstance(x, list) and len(x) == 4 and isinstance(x[0], str) and isinstance(x[1], str)
            and _number(x[2]) and isinstance(x[3], str) for x in rec["transfers"])):
        return False
    seats = [fields.get(k) for k in ("seat", "discarder", "robbed", "disclosed") if fields.get(k) is not None]
    if kind == "win":
        return (fields.get("seat") in names and all(s in names for s in seats) and isinstance(rec.get("hand"), str)
                and _number(rec.get("total")) and isinstance(rec.get("unit"), str) and "limit" in rec
                and isinstance(rec.get("items"), list) and all(isinstance(i, str) for i in rec["items"]))
    listed = [fields.get(k) for k in ("tenpai", "nagashi")]  # a draw's ready players and nagashi mangan
    return (all(s in names for s in seats) and (kind in ("draw", "abort") or fields.get("seat") in names)
            and all(x is None or (isinstance(x, list) and all(t in names for t in x)) for x in listed)
            and (fields.get("total") is None or _number(fields["total"])))
