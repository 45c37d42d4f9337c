"""One game replayed through the live-table engine and compared with its log.

For each hand the table settles the event (events.py) from the state its own earlier events left
(honba, sticks on the table, dealer, prevailing wind: never copied from the log), and the audit
compares, in the log's seat order:
- the state: the table's round, honba and sticks on the table with the log's at the hand's start;
- the changes: each seat's change with the log's recorded change. The log counts a hand's change
  without the riichi stick a player put on the table this hand (Tenhou takes it off the points at
  the declaration), and with the sticks a winner collects; the table posts the stick as a payment
  into the pot, so the audit adds each declarer's stake back before comparing (scored and recorded
  are then in the log's own terms);
- for a win that differs, each winner's value: the log's han, fu, yaku and points beside ours.
Then the final points (the table's standings, leftover sticks to first place) and the result (uma,
oka and rounding of the table's result model) with the log's `owari`.

A game the table cannot replay is reported, not guessed: a three-player game (no three-player
riichi ruleset), a log cut short (no final result, a hand without its end), or a hand the engine
refuses (its one-line reason)."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import MjError
from ..logs.model import Game, Hand
from .events import Setup, events_of, log_state, setup_of

STICK = 1000  # a riichi declaration's stick: the log leaves it out of the hand's changes


@dataclass(frozen=True)
class HandAudit:
    """One hand: `round` like E1, `honba` (the log's), `kind` win | draw | abort | nagashi,
    `recorded` and `scored` the changes per seat (scored None where the engine refused the hand),
    `differs` the breakdown that differs (lines of text; empty when the hand agrees)."""

    round: str
    honba: int
    kind: str
    recorded: tuple[int, ...]
    scored: tuple[int, ...] | None
    differs: tuple[str, ...] = ()
    note: str = ""  # what happened, in a few words: self-draw, ron, double ron, pao, four winds...

    @property
    def agree(self) -> bool:
        return self.scored == self.recorded and not self.differs


@dataclass(frozen=True)
class FinalAudit:
    recorded_points: tuple[int, ...]
    recorded_result: tuple[float, ...]
    scored_points: tuple[int, ...] | None
    scored_result: tuple[float, ...] | None

    @property
    def agree(self) -> bool:
        return (self.scored_points == self.recorded_points
                and self.scored_result is not None
                and all(abs(a - b) < 0.05 for a, b in zip(self.scored_result, self.recorded_result)))


@dataclass(frozen=True)
class GameAudit:
    """A game's audit. `problem`: why it was not (fully) audited (three players, cut short, a
    hand the engine refused); such a game never agrees."""

    file: str
    players: tuple[str, ...]
    hands: tuple[HandAudit, ...] = ()
    final: FinalAudit | None = None
    problem: str | None = None

    @property
    def agree(self) -> bool:
        return (self.problem is None and self.final is not None and self.final.agree
                and all(h.agree for h in self.hands))


def round_name(h: Hand) -> str:
    return f"{h.round_wind}{h.round_number}"


def hand_note(h: Hand) -> str:
    """What happened in a hand, in a few words (the hand lines' last column)."""
    if h.kind == "win":
        how = ("self-draw" if h.wins[0].self_draw else "chankan" if h.wins[0].robbed is not None
               else {1: "ron", 2: "double ron", 3: "triple ron"}[len(h.wins)])
        return how + (", pao" if any(w.pao_seat is not None for w in h.wins) else "")
    if h.kind == "abort":
        return (h.abort_kind or "").replace("_", " ")
    if h.kind == "nagashi":
        return "nagashi mangan"
    return f"tenpai {sum(h.draw.tenpai)}" if h.draw is not None else ""


def _win_lines(hand: Hand, settled, names) -> list[str]:
    """For a win that differs: each winner, the log's value beside ours."""
    out = []
    for w in hand.wins:
        r = settled.results.get(names[w.seat])
        rec = w.recorded
        yaku = ", ".join(f"{n} {h}" for n, h in rec.yaku) or ", ".join(rec.yakuman)
        log = f"{rec.han} han" + (f" {rec.fu} fu" if rec.fu else "") + \
            (f" {rec.limit}" if rec.limit else "") + f" {rec.points}"
        out.append(f"{names[w.seat]}: log {log} ({yaku})")
        if r is not None:
            out.append(f"{names[w.seat]}: ours {settled.describe(r)}")
    return out


def audit_game(game: Game, settle_game, overrides: dict | None = None) -> GameAudit:
    """Replay `game` with `settle_game(setup, events) -> Settled` (the table engine's in-memory
    settlement, scorer.audit.table) and compare it with the log; `overrides`: rules the user
    sets over the ones read from the log."""
    names = tuple(game.players)
    if game.seats != 4 or game.rules.three_player:
        return GameAudit(game.file, names, problem="a three-player game: refused (mjscore has no "
                         "three-player riichi ruleset, and a guess is not an audit)")
    setup: Setup = setup_of(game, overrides)
    events = events_of(game, setup)
    try:
        session = settle_game(setup, events, [log_state(h, i + 1) for i, h in enumerate(game.hands)])
    except MjError as e:
        return GameAudit(game.file, names, problem=f"the table refused the game: {e}")
    hands = []
    for i, (h, settled) in enumerate(zip(game.hands, session.events)):
        recorded = tuple(h.recorded_changes)
        if settled.error is not None:
            hands.append(HandAudit(round_name(h), h.honba, h.kind, recorded, None, (settled.error,),
                                   hand_note(h)))
            continue
        scored = tuple(c + STICK * d for c, d in zip(settled.changes, h.deposits))
        differs = []
        state = (settled.round, settled.honba, settled.sticks)
        logged = (round_name(h), h.honba, h.sticks_before)
        if state != logged:
            differs.append(f"table at {state[0]} honba {state[1]} sticks {state[2]}; "
                           f"log at {logged[0]} honba {logged[1]} sticks {logged[2]}")
        if scored != recorded and h.kind == "win":
            differs += _win_lines(h, settled, setup.players)
        hands.append(HandAudit(round_name(h), h.honba, h.kind, recorded, scored, tuple(differs),
                               hand_note(h)))
    problem = None if game.complete else f"cut short: {game.problem}"
    if session.over_after is not None and session.over_after < len(game.hands):
        last = game.hands[session.over_after - 1]
        why = f" ({session.ended})" if session.ended else ""
        problem = problem or (f"the table ended the game after {round_name(last)}-{last.honba}{why}; "
                              "the log plays on")
    final = None
    if game.final is not None:
        final = FinalAudit(game.final.points, game.final.result, session.points, session.result)
    return GameAudit(game.file, names, tuple(hands), final, problem)
