"""`mjscore table import-log TABLE LOG`: a live table file built from one recorded game, so that
`table show`, `table chart` and `season standings` work on games that were really played.

The table is made as the audit replays the game (events.py: riichi with the options the log
states and Tenhou's, the players named as in the log), and each hand is added as its event, settled
by the same engine a desk uses. A game the audit would refuse (three players) is refused; a game cut
short is imported as far as its hands go (the note says where it stops)."""
from __future__ import annotations

from ..logs.model import LogError
from ..logs.read import read_games
from ..table.store import TableError
from .events import events_of, setup_of


def import_log(path: str, log: str, game: int = 1, force: bool = False, by: str | None = None,
               rules: dict | None = None, name: str | None = None) -> tuple:
    """Create table `path` from game number `game` (from 1) of `log`; returns (meta, events added,
    a note or None). `rules`: options the log does not state (as `mjscore audit --rule`); `name`:
    the table's (default: the log file's name)."""
    from ..table.book import Table, new_table

    try:
        games = read_games(log)
    except LogError as e:
        raise TableError(str(e)) from None
    if not 1 <= game <= len(games):
        raise TableError(f"{log} holds {len(games)} game(s); there is no game {game}")
    g = games[game - 1]
    if g.seats != 4:
        raise TableError(f"{log}: a three-player game; mjscore has no three-player riichi table")
    setup = setup_of(g, rules)
    name = name or str(log).rsplit("/", 1)[-1].split(".")[0]
    meta = new_table(path, setup.variant, list(setup.players), dict(setup.rules), None, name, force, by)
    with Table(path) as t:
        for kind, entry in events_of(g, setup):
            t.add(kind, entry, by=by or "import-log")
    note = None if g.complete else f"{g.problem}: imported as far as it goes"
    return meta, len(g.hands), note
