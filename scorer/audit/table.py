"""The table engine's side of an audit: a game's events settled by scorer.table.game (the same
engine the live table settles with), event by event, with the state each hand started from.

`settle_game(setup, events) -> Settled`; the audit (replay.py) reads, per event, the changes in
the players' order, the table's round, honba and sticks before it, and each winner's scored
Result; and, once the game is over, the final points and result."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import MjError
from ..table import state as st
from ..table.game import Game as TableGame
from .events import Setup


@dataclass
class EventOutcome:
    round: str
    honba: int
    sticks: int
    changes: tuple = ()
    results: dict = field(default_factory=dict)  # each winner's name -> the engine's Result
    error: str | None = None

    @staticmethod
    def describe(r) -> str:
        """Our value of a win in the log's terms: han, fu, the limit, the points; the yaku."""
        v = r.value
        fu = v.details.get("fu")
        limit = v.details.get("limit")
        head = f"{v.total:g} {v.unit}" + (f" {fu} fu" if fu else "") + (f" {limit}" if limit else "")
        names = ", ".join(i.label for i in v.items if getattr(i, "unit", "han") != "fu")
        return f"{head} ({names})"


@dataclass
class Settled:
    events: list = field(default_factory=list)
    points: tuple | None = None
    result: tuple | None = None
    over_after: int | None = None  # events played when the table had ended the game (None: not before the log)
    ended: str = ""  # why it ended then: bust, agari-yame, sudden death ("" after the last round)


def _round_of(state: dict, n: int) -> str:
    return f"{st.round_wind(state)}{state['passes'] % n + 1}"


def settle_game(setup: Setup, events, resume=()) -> Settled:
    """Settle `events` on a fresh table of `setup`. After an event the engine refuses, the table
    takes up the game again from `resume[i]` (the log's state at the next hand's start, when
    given): one refused hand does not hide the rest of the game. Its payments are missing from
    the table's points from then on, so the final points then differ, as they should. So does
    a table that ended the game before the log does (`over_after`): the log's hands after that
    are still settled and compared."""
    game = TableGame(setup.variant, players=list(setup.players), rules=dict(setup.rules))
    ledger = game.ledger()
    state = st.initial()
    points = {p: game.start for p in game.players}
    out = Settled()
    played = []
    refused = None
    for i, (kind, entry) in enumerate(events):
        ev = EventOutcome(_round_of(state, game.n), state["streak"], state.get("pot", 0))
        out.events.append(ev)
        if state["over"] and out.over_after is None:
            out.over_after, out.ended = i, state.get("ended") or ""
        if (refused is not None or state["over"]) and i < len(resume):
            # the hand before was refused, or the table ended the game where the log goes on: the
            # table takes the game up again where the log has it
            state, refused = dict(resume[i]), None
            ev.round, ev.honba, ev.sticks = _round_of(state, game.n), state["streak"], state.get("pot", 0)
        seats = game.seats(state)  # this hand's seat letter -> player name
        try:
            done = game.step(kind, entry, state, points)
            records, results, state = done.records, done.results, done.after
            game.post(ledger, "table", records)
        except MjError as e:
            ev.error = f"refused by the table: {e}"
            if i + 1 >= len(resume):
                return out
            refused = i
            continue
        standings = ledger.session("table").standings()
        ev.changes = tuple(int(standings[p] - points[p]) for p in game.players)
        ev.results = {seats[r.ctx.seat]: r for r in results if getattr(r, "ctx", None) is not None}
        points = {p: standings[p] for p in game.players}
        played.append({"kind": done.kind, "input": done.entry, "records": records})
    if state["over"]:
        from ..table.final import final_result

        pot = ledger.session("table").standings().get("pot", 0)
        final = final_result(game, [points[p] for p in game.players], pot, played)
        rows = {r["player"]: r for r in final["rows"]}
        out.points = tuple(int(rows[p]["points"]) for p in game.players)
        out.result = tuple(float(rows[p]["result"]) for p in game.players)
    else:
        out.points = tuple(int(points[p]) for p in game.players)
    return out
