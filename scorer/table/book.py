"""The live table: players, the ruleset, and the events of the night in one file.

An event is entered by player names; the table turns the names into this hand's seat letters (who
sits where, who deals, the prevailing wind, the streak), settles it (a win through `engine.score`,
exactly as `mjscore score` would with those flags; a draw, kong or false win through the ruleset's
`session:` models), stores it with the state before and after, and moves the table on. Standings are
the batch ledger's (scorer/batch/ledger.py), kept per player name."""
from __future__ import annotations

import getpass
import os
from datetime import datetime, timezone

from ..errors import ContextError, MjError
from . import state as st
from .game import Game, GameError
from .ledgered import Ledgered
from .rules import POT
from .store import Store, TableError


def now_text() -> str:
    """UTC time of an entry; MJSCORE_NOW fixes it (reproducible examples and tests)."""
    fixed = os.environ.get("MJSCORE_NOW")
    if fixed:
        return fixed
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def who() -> str:
    """Who enters an event: --by, else MJSCORE_USER, else the login name."""
    name = os.environ.get("MJSCORE_USER")
    if name:
        return name
    try:
        return getpass.getuser()
    except Exception:  # no login name (a container): still record something
        return "unknown"


MAX_START = 10 ** 12  # a starting score (as batch's `start`)


def check_start(start, default=0):
    """A table's starting score: a finite number within -MAX_START..MAX_START (None: `default`, the
    ruleset's session start)."""
    import math

    if start is None:
        return default
    if isinstance(start, bool) or not isinstance(start, (int, float)) or not math.isfinite(start) \
            or abs(start) > MAX_START:
        raise TableError(f"start must be a finite number within -10^12..10^12, got {start!r}")
    return int(start) if isinstance(start, float) and start.is_integer() else start


def new_table(path, variant, players, rules=None, start=None, name=None, force=False, by=None, unit="",
              fill=None) -> dict:
    """Create a table file. `players` in the first hand's seat order (E S W N); `unit` names what a
    point is worth (a season adds tables of one ruleset and unit only). The table keeps the ruleset's
    content (scorer/table/ruleset.py). `fill(table)` (an import) runs on the new table before it takes
    the place of `path`: an error there leaves `path` as it was."""
    from ..rulesets.variant import load_variant
    from .names import check_players, clean, entered_by
    from .ruleset import capture, stored_variant

    load_variant(variant)  # names a bad ruleset as scoring would
    kept = capture(variant)
    v = stored_variant(kept, path)
    rules = dict(rules or {})
    # refuses an unknown option or a bad value (an uma that does not sum to 0...) now, not at the first hand
    session = Game(v, None, rules).session
    try:
        players = check_players(players)
    except ContextError as e:
        raise TableError(str(e)) from None
    if len(players) != v.players:
        raise TableError(f"{v.name} is played by {v.players}; --players names {len(players)}")
    if any(p.upper() in ("E", "S", "W", "N") for p in players):
        raise TableError("a player's name cannot be a seat letter (E S W N): the table moves players between seats")
    start = check_start(start, session.get("start", 0))
    title = clean(name or os.path.splitext(os.path.basename(path))[0], "the table's name", 80)
    meta = {"variant": variant, "variant_id": v.id, "rules": rules, "players": players,
            "start": start, "unit": clean(unit, "--unit", 40) if unit else "", "name": title,
            "created_by": entered_by(by or who()), "created_at": now_text(), "ruleset": kept}
    from .store import staged

    with staged(path, meta, force) as tmp:
        if fill is not None:
            with Table(tmp) as t:
                fill(t)
    return meta


class Table(Ledgered):
    """An open table file (read: `state`, `events`, `book`; write: `add`, `undo`). Every event is
    settled by the in-memory engine (game.py) with the ruleset the table keeps, the same for a file
    and for a log replay; each event row keeps the ledger after it (ledgered.py)."""

    def __init__(self, path: str):
        self.path = path
        self.store = Store(path)
        try:
            self._open()
        except BaseException:
            self.store.close()
            raise

    def _open(self):
        m = self.store.meta
        self.meta = m
        players, rules = m.get("players"), m.get("rules") or {}
        if not (isinstance(players, list) and all(isinstance(p, str) for p in players) and 2 <= len(players) <= 4
                and isinstance(rules, dict) and isinstance(m.get("variant"), str)
                and isinstance(m.get("name"), str)):
            raise TableError(f"{self.path}: the table's players, ruleset or name are damaged")
        self.players = list(players)
        self.n = len(self.players)
        self.rules = dict(rules)
        if "ruleset" in m:
            from .ruleset import stored_variant

            variant = stored_variant(m["ruleset"], self.path)
        else:  # a table made before tables kept their ruleset: the file it names
            variant = m["variant"]
        try:
            self.game = Game(variant, self.players, self.rules, m.get("start"))
        except GameError as e:
            raise TableError(str(e)) from None
        self.variant = self.game.variant
        self.bound = self.game.bound
        self.session = self.game.session
        self.pot = 0
        self.shortfalls = {}
        if self.store.version == 1:  # the ledger after each event, computed once and kept
            self.book(self.store.events())
            books = self.books
            if not self.store.readonly:
                self.store.upgrade(books)
            else:
                self._books = books

    def close(self):
        self.store.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- reading --------------------------------------------------------------------------
    def events(self) -> list[dict]:
        return self._with_books(self.store.events())

    def recent(self, n: int) -> list[dict]:
        """The last `n` events, each with its `book` (the ledger after it)."""
        return self._with_books(self.store.tail(n))

    def _with_books(self, events):
        books = getattr(self, "_books", None)
        if books is not None:  # a read-only table of schema 1
            for ev in events:
                ev["book"] = books[ev["no"] - 1] if ev["no"] <= len(books) else None
        return events

    def state(self, events=None) -> dict:
        last = events[-1] if events else (None if events is not None else self.store.last())
        return dict(last["state_after"]) if last else st.initial()

    def seats(self, state) -> dict:
        """{seat letter: player name} for the hand being played."""
        return self.game.seats(state)

    def player(self, name) -> int:
        return self.game.player(name)

    def context(self, state) -> dict:
        return self.game.context(state)

    def final(self, events=None) -> dict | None:
        """The session's final result (final.py) once it is over, else None. It reads every event
        only when the session is over (the chombos paid by deduction); otherwise the last row."""
        from .final import final_result

        if events is None:
            last = self.recent(1)
            if not last or not last[0]["state_after"]["over"]:
                return None
            events = self.events()
        if not events or not events[-1]["state_after"]["over"]:
            return None
        standings = self.standings(events)
        return final_result(self.game, [standings[p] for p in self.players], self.pot,
                            [{"kind": e["kind"], "input": e["input"]} for e in events])

    # ---- writing --------------------------------------------------------------------------
    def add(self, kind: str, entry: dict, by=None, hook=None, replace: int | None = None) -> dict:
        """Settle and store one event in one transaction; returns the stored event with `results`
        (the engine's Result of each winner, for printing). `replace` N: this event takes the place
        of event N, and every later event is settled again from what was entered (the seats, dealer
        and streak may have changed); the replaced ones go to the undone log. `hook()` runs just
        before the commit (tests use it to kill the process there)."""
        from .names import entered_by, full_names

        by = entered_by(by or who())
        at = now_text()  # the edit and what it undid share the moment: `table log` groups them by it
        with self.store.write():
            gone = []
            if replace is not None:
                if not self.store.has(replace):
                    raise TableError(f"no event #{replace} to replace (see `mjscore table show`)")
                gone = self.store.remove_from(replace, by, at)
            ev = self._append(kind, full_names(entry, self.players), by, at)
            again = [ev]
            for old in gone[1:]:
                try:
                    again.append(self._append(old["kind"], old["input"], old["entered_by"], old["entered_at"]))
                except MjError as e:
                    raise TableError(f"event #{old['no']} cannot be settled again after the edit: {e}") from None
            if hook is not None:
                hook()
        ev["replaced"] = len(gone) if replace is not None else 0
        ev["edits"] = list(zip(gone, again))  # (the event as it was, as it is now), the edited one first
        return ev

    def _append(self, kind, entry, by, at) -> dict:
        last = self.store.last()
        before = dict(last["state_after"]) if last else st.initial()
        if before["over"]:
            raise TableError(f"the session is over ({st.end_text(self.session)}); start a new table")
        net = last["book"]["net"] if last else None
        points = self._standings_of(last["book"] if last else None)  # the ledger kept with the last row
        points.pop(POT, None)
        try:
            done = self.game.step(kind, entry, before, points)
        except GameError as e:
            raise TableError(str(e)) from None
        # stored as settled: three winners on one discard may be an abortive draw
        ev = {"kind": done.kind, "input": done.entry, "records": done.records, "state_before": before,
              "state_after": done.after, "entered_by": by, "entered_at": at,
              "book": self._post(net, done.records)}
        ev["no"] = self.store.append(ev)
        ev["results"] = done.results
        return ev

    def undo(self, by=None) -> dict | None:
        from .names import entered_by

        by = entered_by(by or who())
        with self.store.write():
            return self.store.remove_last(by, now_text())


def open_table(path: str) -> Table:
    return Table(path)
