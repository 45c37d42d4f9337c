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

from ..errors import MjError
from . import state as st
from .game import Game, GameError
from .rules import POT
from .store import Store, TableError, create


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


def new_table(path, variant, players, rules=None, start=None, name=None, force=False, by=None, unit="") -> dict:
    """Create a table file. `players` in the first hand's seat order (E S W N); `unit` names what a
    point is worth (a season adds tables of one ruleset and unit only)."""
    from ..rulesets.variant import load_variant

    v = load_variant(variant)
    rules = dict(rules or {})
    # refuses an unknown option or a bad value (an uma that does not sum to 0...) now, not at the first hand
    session = Game(v, None, rules).session
    players = [p.strip() for p in players]
    if len(players) != v.players:
        raise TableError(f"{v.name} is played by {v.players}; --players names {len(players)}")
    if any(not p for p in players) or len({p.lower() for p in players}) != len(players):
        raise TableError("players need distinct, non-empty names")
    if any(p.upper() in ("E", "S", "W", "N") for p in players):
        raise TableError("a player's name cannot be a seat letter (E S W N): the table moves players between seats")
    if start is not None and (isinstance(start, bool) or not isinstance(start, (int, float))):
        raise TableError("start must be a number")
    meta = {"variant": variant, "variant_id": v.id, "rules": rules, "players": players,
            "start": start if start is not None else session.get("start", 0), "unit": unit or "",
            "name": name or os.path.splitext(os.path.basename(path))[0],
            "created_by": by or who(), "created_at": now_text()}
    create(path, meta, force)
    return meta


class Table:
    """An open table file (read: `state`, `events`, `book`; write: `add`, `undo`). Every event is
    settled by the in-memory engine (game.py), the same for a file and for a log replay."""

    def __init__(self, path: str):
        self.path = path
        self.store = Store(path)
        m = self.store.meta
        self.meta = m
        self.players = list(m["players"])
        self.n = len(self.players)
        self.rules = dict(m.get("rules") or {})
        self.game = Game(m["variant"], self.players, self.rules, m.get("start"))
        self.variant = self.game.variant
        self.bound = self.game.bound
        self.session = self.game.session
        self.pot = 0
        self.shortfalls = {}

    def close(self):
        self.store.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- reading --------------------------------------------------------------------------
    def events(self) -> list[dict]:
        return self.store.events()

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

    def book(self, events=None):
        """(Ledger, [(event, standings after it)]): every payment posted in order, per player name."""
        events = self.store.events() if events is None else events
        name = self.meta["name"]
        ledger = self.game.ledger(name)
        rows = []
        self.pot = 0
        self.shortfalls = {}  # event number -> [(player, owed, paid, cap)] where the loss cap cut a payment
        for ev in events:
            short = self.game.post(ledger, name, ev["records"])
            if short:
                self.shortfalls.setdefault(ev["no"], []).extend(short)
            standings = ledger.session(name).standings()
            if self.session.get("pot"):
                self.pot = standings.pop(POT)
            rows.append((ev, standings))
        return ledger, rows

    def standings(self, events=None) -> dict:
        """{player: total}; the pot (riichi sticks on the table) is not a player: `self.pot` after."""
        ledger, _ = self.book(events)
        out = ledger.session(self.meta["name"]).standings()
        out.pop(POT, None)
        return out

    def final(self, events=None) -> dict | None:
        """The session's final result (final.py) once it is over, else None."""
        from .final import final_result

        events = self.store.events() if events is None else events
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
        by = by or who()
        with self.store.write():
            later = []
            if replace is not None:
                if not any(e["no"] == replace for e in self.store.events()):
                    raise TableError(f"no event #{replace} to replace (see `mjscore table show`)")
                later = self.store.remove_from(replace, by, now_text())[1:]
            ev = self._append(kind, entry, by, now_text())
            for old in later:
                try:
                    self._append(old["kind"], old["input"], old["entered_by"], old["entered_at"])
                except MjError as e:
                    raise TableError(f"event #{old['no']} cannot be settled again after the edit: {e}") from None
            if hook is not None:
                hook()
        ev["replaced"] = len(later) + 1 if replace is not None else 0
        return ev

    def _append(self, kind, entry, by, at) -> dict:
        before = self.state()
        if before["over"]:
            raise TableError(f"the session is over ({st.end_text(self.session)}); start a new table")
        try:
            done = self.game.step(kind, entry, before, self.standings())
        except GameError as e:
            raise TableError(str(e)) from None
        # stored as settled: three winners on one discard may be an abortive draw
        ev = {"kind": done.kind, "input": done.entry, "records": done.records, "state_before": before,
              "state_after": done.after, "entered_by": by, "entered_at": at}
        ev["no"] = self.store.append(ev)
        ev["results"] = done.results
        return ev

    def undo(self, by=None) -> dict | None:
        with self.store.write():
            return self.store.remove_last(by or who(), now_text())


def open_table(path: str) -> Table:
    return Table(path)
