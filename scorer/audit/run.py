"""Many log files audited in order, one process or several (`--jobs N`).

Each file is read and audited on its own, and its GameAudits handed on as soon as they are done, in
the order of the files given: nothing about a file is kept once its audits are written (the output
side keeps what it needs: counts, and the disagreements it prints first), so memory stays flat
however many files there are. A file that is not a game log gives one `Unreadable` (its name and
what is wrong), and the files after it are still audited.

With N jobs, this process and N - 1 workers audit; files go out in chunks, a few chunks a worker
ahead, so the pool never holds more than that many files' results."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..errors import WorkerLost
from ..logs.model import LogError
from ..logs.read import read_games
from .replay import audit_game
from .table import settle_game

CHUNK = 8  # files a worker takes at a time (a file is 2-20 ms of work: the hand-over costs less)
AHEAD = 4  # chunks a worker may have waiting


@dataclass(frozen=True)
class Unreadable:
    """A file that holds no game log we can read (the reader's one-line reason)."""

    file: str
    reason: str


def audit_file(path: str, overrides: dict | None = None) -> list:
    """The audits of every game in one file, or [Unreadable]."""
    try:
        games = read_games(path)
    except LogError as e:
        return [Unreadable(str(path), str(e))]
    if not games:
        return [Unreadable(str(path), f"{path}: no game in this file")]
    return [audit_game(g, settle_game, overrides) for g in games]


def _chunk(work: tuple) -> list:
    paths, overrides = work
    return [audit_file(p, overrides) for p in paths]


def audit_files(paths, jobs: int = 1, overrides: dict | None = None):
    """Yield each file's audits (a list of GameAudit or Unreadable), in the order of `paths`."""
    paths = list(paths)
    if jobs <= 1 or len(paths) <= CHUNK:
        for p in paths:
            yield audit_file(p, overrides)
        return
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    chunks = [(paths[i:i + CHUNK], overrides) for i in range(0, len(paths), CHUNK)]
    # the first chunk here, before the fork: the workers start with the ruleset loaded and warm
    yield from _chunk(chunks[0])
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    pool = ProcessPoolExecutor(jobs - 1, mp_context=ctx)
    pending: deque = deque()
    room = (jobs - 1) * AHEAD
    try:
        for part in chunks[1:]:
            if len(pending) < room:
                pending.append(pool.submit(_chunk, part))
            else:  # the pool is full: this process takes a chunk itself
                pending.append(_chunk(part))
            while pending and (isinstance(pending[0], list) or pending[0].done()):
                yield from _done(pending.popleft())
        while pending:
            yield from _done(pending.popleft())
    except BrokenProcessPool:
        raise WorkerLost("an audit process died (killed by the system?)") from None
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _done(item):
    return item if isinstance(item, list) else item.result()


def flatten(results):
    """Each GameAudit or Unreadable of `audit_files`, one at a time."""
    for audits in results:
        yield from audits

