"""Batch scoring: read hand records from YAML, JSON Lines or CSV, score them one at a time (or on N
processes, in order), and hand each outcome to the ledger and a writer (scorer/cli_batch.py).

Records
-------
A record is a mapping: `hand` (NOTATION.md) plus the win context under the keys of NOTATION.md's "key"
column (variant, self_draw, discarder, robbed, kong_draw, last_tile, first_turn, seat, round, dealer,
streak, wild, indicator, floats, players, liable, win, `rules: {...}`, `others: {...}`); `session` and
`table` name the ledger session; `start` is the session's starting score (a number, or `{E: .., S: ..}`).
Any other key goes to the context's `extra` (the facts a variant reads with `--set`): a key the
record's ruleset does not list under `context:` is refused with the closest valid name. `expect`,
`note` and `comment` are notes for people, never read.

A *header* is a mapping without `hand` whose keys are all among `session table start variant rules
players`: its keys are defaults for the records after it in the same file (a later header replaces
it). A YAML document `{session: ..., start: ..., hands: [records]}` gives defaults to its own list.
Record keys win over header keys and the command line's `--variant`/`--rule`/`--start` (the command
line gives defaults only); `rules` mappings are merged key by key.
Formats and line numbers: scorer/batch_read.py, which reads the files.
"""
from __future__ import annotations

import math
import os
from collections import deque
from itertools import islice
from typing import Iterator, NamedTuple

from . import engine
# Reading the files is batch_read.py's; its names stay importable from here (callers, tests).
from .batch_read import (ANNOTATIONS, FORMATS, HEADER_KEYS, MAX_LINE, MAX_RECORD_BYTES, Counter,  # noqa: F401
                         Raw, ReadError, _bounded_lines, format_of, is_header, open_source, read_csv,
                         read_jsonl, read_source, read_yaml, sniff)
from .batch_write import row_middle
from .errors import MjError, WorkerLost
from .ledger import paid_by_seat


# ---- records to jobs ---------------------------------------------------------------------------

class Job(NamedTuple):
    """One record ready to score (or already refused, with `error`)."""

    source: str
    line: int
    session: str
    variant: str | None = None
    hand: str | None = None
    ctx: dict | None = None
    start: object = None
    error: str = ""
    file_error: bool = False
    names: dict | None = None  # a live table's seating {E: name, ...}: standings per player (table/records.py)
    claim: object = None  # what the table recorded (`claim:` a total, limit or {net: N}), checked when scored

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}" if self.line else self.source


def _typename(v) -> str:
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false", int: "a number",
            float: "a number", type(None): "nothing"}.get(type(v), type(v).__name__)


def session_label(session, table, source) -> str:
    if session is not None and table is not None:
        return f"{session} / table {table}"
    if session is not None:
        return str(session)
    if table is not None:
        return f"table {table}"
    return source


def _check_start(start):
    if start is None:
        return None
    if isinstance(start, bool) or not isinstance(start, (int, float, dict)):
        raise ValueError(f"start must be a number or a mapping of seats to numbers, got {_typename(start)} {start!r}")
    if isinstance(start, dict):
        from .context import SEAT_WORDS, SEATS

        seats = {}
        for k, v in start.items():
            i = SEAT_WORDS.get(k.strip().upper()) if isinstance(k, str) else None  # E or east, as --seat takes it
            if i is None:
                raise ValueError(f"start: {k!r} is not a seat (E S W N, or east, south, west, north)")
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise ValueError(f"start: {k} must be a number, got {v!r}")
            if SEATS[i] in seats:
                raise ValueError(f"start: seat {SEATS[i]} is given twice")
            seats[SEATS[i]] = v
        start = seats
    for v in start.values() if isinstance(start, dict) else [start]:
        if not math.isfinite(v) or abs(v) > 10 ** 12:
            raise ValueError(f"start must be a finite number within -10^12..10^12, got {v!r}")
    return start


def prepare(raw: Raw, variant: str = "hk-old", rules: dict | None = None, house=None) -> Job:
    """Check a record's shape and split it into (variant, hand, context). Never raises. `house`
    (config.house_rules()) gives the config file's house rules for a record's ruleset: below `rules`
    (the command line's) and the record's own."""
    if raw.error:
        return Job(raw.source, raw.line, raw.source, error=raw.error, file_error=raw.file_error)
    d = raw.data
    if not isinstance(d, dict):
        return Job(raw.source, raw.line, raw.source,
                   error=f"a record is a mapping with a hand key, got {_typename(d)}")
    merged = {**raw.defaults, **d}
    if isinstance(raw.defaults.get("rules"), dict) and isinstance(d.get("rules"), dict):
        merged["rules"] = {**raw.defaults["rules"], **d["rules"]}
    session = merged.pop("session", None)
    table = merged.pop("table", None)
    label = raw.source
    try:
        if session is not None or table is not None:
            for key, v in (("session", session), ("table", table)):
                if v is not None and (isinstance(v, bool) or not isinstance(v, (str, int, float))):
                    raise ValueError(f"{key} must be a name or number, got {_typename(v)}")
            label = session_label(session, table, raw.source)
        if "hand" not in merged and "event" not in merged:
            keys = ", ".join(sorted(map(str, d))) or "none"
            raise ValueError(f"no hand in this record (keys: {keys})")
        hand = merged.pop("hand", None)  # None: a live table's draw, kong or false win (`event:`)
        if hand is not None and not isinstance(hand, str):
            raise ValueError(f"hand must be text in the notation, got {_typename(hand)} {hand!r}")
        var = merged.pop("variant", None)
        if var is None:
            var = variant
        if not isinstance(var, str) or not var:
            raise ValueError(f"variant must be a ruleset id or path, got {_typename(var)} {var!r}")
        start = _check_start(merged.pop("start", None))
        claim = merged.pop("claim", None)
        if claim is not None:
            from .claims import parse_claim

            try:
                parse_claim(claim["net"], net=True) if isinstance(claim, dict) and set(claim) == {"net"} else parse_claim(claim)
            except MjError as e:
                raise ValueError(f"claim: {e}") from None
        for key in ANNOTATIONS:  # the writer's own notes, never facts of the hand
            merged.pop(key, None)
        for k in merged:
            if not isinstance(k, str):
                raise ValueError(f"keys are names, got {k!r}")
        if house is not None:
            own = house(var)
            if own:
                rules = {**own, **rules} if rules else own
        if rules:
            r = merged.get("rules")
            if r is None:
                merged["rules"] = dict(rules)
            elif isinstance(r, dict):
                merged["rules"] = {**rules, **r}
        for key in ("rules", "others"):
            if key in merged and not isinstance(merged[key], dict):
                raise ValueError(f"{key} must be a mapping, got {_typename(merged[key])}")
        names = None
        if "names" in merged or "table_event" in merged:
            from .table.records import table_keys

            names, _ = table_keys(merged)
    except ValueError as e:
        return Job(raw.source, raw.line, label, error=str(e))
    return Job(raw.source, raw.line, label, var, hand, merged, start, "", False, names, claim)


# ---- scoring ----------------------------------------------------------------------------------

def _win_text(ctx) -> str:
    w = ctx.win_type
    text = "self-draw" if w == "self_draw" else (f"discard {ctx.discarder}" if w == "discard" else f"robbed {ctx.robbed}")
    if ctx.kong_draw:
        text += " +kong"
    return text


def _item_labels(value) -> tuple:
    return tuple(i.label + (f" x{i.count}" if i.count > 1 else "") for i in value.items)


_DERIVED: dict = {}  # id(obj) -> (obj, fn's answer): the entry keeps obj alive, so its id stays unique


def _derived(obj, fn):
    """fn(obj), kept per object: the engine hands out the same Context and (cached) HandValue objects
    for many hands, and neither changes once made."""
    got = _DERIVED.get(id(obj))
    if got is None or got[0] is not obj:
        if len(_DERIVED) >= 8192:
            _DERIVED.clear()
        got = _DERIVED[id(obj)] = (obj, fn(obj))
    return got[1]


def score_job(job: Job, mode: str = "") -> dict:
    """Score one job. Returns a plain dict (picklable, the same on every process):
    {"error", "internal"} for a refused record, otherwise the figures every writer needs; `mode` adds
    "full" (output.result_dict) for "full", "json" (jsonline.members, its JSON text) for "jsonl", or "text"
    (output.result_text) for "long"; "row" (a text row) and "jsonl" add "paid" (ledger.paid_by_seat),
    "row" also "middle" (batch_write.row_middle), when the hand's payments allow the quick path."""
    if job.error:
        return {"error": job.error}
    if job.hand is None or job.names:  # a live table's record (scorer/table/records.py)
        from .table.records import table_outcome

        return table_outcome(job, "full" if mode == "jsonl" else mode, score_job)  # names: seats renamed in "full"
    try:
        r = engine.score(job.hand, job.ctx, variant=job.variant)
        v = r.value
        ctx = r.ctx
        hand = r.hand.text()
        out = {
            "variant": r.variant.id, "hand": hand, "seat": ctx.seat, "players": ctx.players,
            "win": _derived(ctx, _win_text), "total": v.total, "unit": v.unit, "limit": v.limit,
            "items": _derived(v, _item_labels),
            "transfers": [(t.frm, t.to, t.amount) for t in r.transfers],
            "cap": r.options.get("session_loss_cap", 0) or 0,
        }
        if job.claim is not None:  # a league audit: the record is scored and posted; a wrong claim is reported
            from .tools import claim_mismatch

            out["claim_wrong"] = claim_mismatch(r, job.claim)
        if QUICK and (mode == "row" or mode == "jsonl") and not out["cap"]:
            # what each seat paid, summed here (a --jobs worker) for Ledger.post_paid; a text row's
            # part that needs no ledger (batch_write.row_middle)
            paid = paid_by_seat(r.transfers, ctx.players)
            if paid is not None:
                out["paid"] = paid
                if mode == "row":
                    out["middle"] = row_middle(out, paid)
        if mode == "jsonl":  # the record's text, made here (a worker hands back one string)
            from .jsonline import members

            out["json"] = members(r, hand)
        elif mode == "full":
            from .output import result_dict

            out["full"] = result_dict(r)
        elif mode == "long":
            from .output import result_text

            out["text"] = result_text(r)
        return out
    except MjError as e:
        return {"error": str(e)}
    except RecursionError:
        return {"error": "the record is nested too deeply"}
    except Exception as e:  # a bug: report it with the record, keep going
        return {"error": f"internal error ({type(e).__name__}: {e}); please report this hand", "internal": True}


QUICK = True  # score_job adds "paid" (and "middle") for the quick path; False: tests compare the plain path


def _score_chunk(args):
    jobs, mode = args
    return [score_job(j if j.__class__ is Job else Job("", 0, "", *j), mode) for j in jobs]


def _shipped(job: Job):
    """What a worker needs of a job: a plain record's ruleset, hand, context and claim as a tuple
    (a third of the pickling of the whole Job, on the process that also reads and writes); a live
    table's record or a refused one whole."""
    if job.error or job.hand is None or job.names:
        return job
    return (job.variant, job.hand, job.ctx) if job.claim is None else (job.variant, job.hand, job.ctx, None, "",
                                                                      False, None, job.claim)


def tune_gc() -> None:
    """Fewer cyclic-GC passes for a long batch. Scoring allocates many short-lived containers and makes
    no reference cycles of its own, so the default gen-0 threshold (700) runs a collection every few
    hands for nothing (about a tenth of the time); the objects already alive (the loaded rulesets,
    their caches) are frozen out of every later pass. Cycles are still collected, just less often,
    so memory stays bounded."""
    import gc

    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def _worker_init():
    tune_gc()
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the parent, which ends the pool
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:  # Linux: end with the parent (killed or not), silently, instead of a BrokenPipe traceback
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        if os.getppid() == 1:
            os._exit(0)
    except (OSError, AttributeError):
        pass


def _take(jobs: Iterator[Job], n: int) -> tuple[list, Exception | None]:
    """The next n jobs (fewer at the end), and the error that stopped reading them, if one did: the
    records read before it still come out first."""
    part: list = []
    try:
        part += islice(jobs, n)  # list += keeps what was read before a failure
    except Exception as e:  # noqa: BLE001 - raised again by the caller after the records before it
        return part, e
    return part, None


def scored(jobs: Iterator[Job], mode: str = "", processes: int = 1, chunk: int = 256,
           window: int = 8, group: int = 1) -> Iterator[tuple[Job, dict]]:
    """(job, outcome) in input order. With processes > 1 the jobs are scored in chunks, on a pool of
    processes - 1 workers and on this process; at most `window` chunks per worker are on the pool and
    four times that many wait to be handed on, so memory stays bounded.
    On one process, `group` > 1 reads and scores that many records before handing them on (for
    files: a pipe's records should come out as they come in)."""
    if processes <= 1:
        if group <= 1:
            for job in jobs:
                yield job, score_job(job, mode)
            return
        # Read `group` records, score them, hand them on: scoring hands back to back keeps the
        # scorer's code and data in the CPU caches (a sixth faster than one record at a time).
        while True:
            part, failure = _take(jobs, group)
            outs = [score_job(job, mode) for job in part]
            yield from zip(part, outs)
            if failure is not None:
                raise failure
            if len(part) < group:
                return
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    # N processes score: this one and a pool of N - 1. This one also reads, keeps the ledger and
    # writes, so it hands chunks to the pool while the pool has room (`window` chunks a worker) and
    # scores a chunk itself when the pool is full: the work balances itself, with no process idle
    # and no more processes than the N asked for (on 2 cores, 3 busy processes would share them).
    # A worker the OS kills breaks the pool: every chunk not yet handed on fails at once with
    # BrokenProcessPool (multiprocessing.Pool would wait for it forever), reported as WorkerLost.
    # The first chunk is scored here before the pool starts: the workers, forked after it, find its
    # rulesets loaded and the scorer's caches warm instead of building their own.
    part, failure = _take(jobs, chunk)
    yield from zip(part, [score_job(job, mode) for job in part])
    if failure is not None:
        raise failure
    if len(part) < chunk:
        return
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    pool = ProcessPoolExecutor(processes - 1, mp_context=ctx, initializer=_worker_init)
    room = (processes - 1) * window
    pending: deque = deque()  # (chunk, its Future or its outcomes), in input order
    done = [0]  # chunks the pool has finished (counted by its result thread)
    sent = 0

    def finished(_future):
        done[0] += 1
    try:
        while True:
            part, failure = _take(jobs, chunk)
            if part:
                if sent - done[0] < room:
                    future = pool.submit(_score_chunk, ([_shipped(job) for job in part], mode))
                    future.add_done_callback(finished)
                    pending.append((part, future))
                    sent += 1
                else:
                    pending.append((part, _score_chunk((part, mode))))
            last = failure is not None or len(part) < chunk
            while pending:  # hand on what is done, in order; at the end, everything
                head, got = pending[0]
                if got.__class__ is not list:
                    if not (last or got.done() or len(pending) > 4 * room):
                        break
                    got = _result(got, pool, head[0])
                pending.popleft()
                yield from zip(head, got)
            if failure is not None:
                raise failure
            if last:
                break
    finally:
        _stop_pool(pool)


def _result(future, pool, first):
    """A chunk's outcomes; WorkerLost when a worker died. The pool notices a dead worker itself, except
    when it died halfway through sending a result (its reader then waits for the rest for ever), so
    the workers are also looked at every half second."""
    from concurrent.futures import TimeoutError as Waiting
    from concurrent.futures.process import BrokenProcessPool

    while True:
        try:
            return future.result(timeout=0.5)
        except Waiting:
            dead = [p for p in (getattr(pool, "_processes", None) or {}).values() if p.exitcode is not None]
            if not dead:
                continue
            why = f"killed by signal {-dead[0].exitcode}" if dead[0].exitcode < 0 else f"exit {dead[0].exitcode}"
        except BrokenProcessPool:
            why = "killed by the system?"
        raise WorkerLost(f"a scoring process died ({why}) while scoring the records from {first.where} on")


def _stop_pool(pool) -> None:
    """End the workers now (a broken or interrupted run does not wait for queued chunks)."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)  # (shutdown forgets it)
    results = getattr(pool, "_result_queue", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(5)
    # A worker killed halfway through sending a result leaves the pool's reader thread waiting for the
    # rest; this process holds the pipe's other end, so closing it ends the wait (and the exit).
    if manager is not None and manager.is_alive():
        try:
            results._writer.close()
        except (AttributeError, OSError):
            pass
        manager.join(2)
        if manager.is_alive():
            from concurrent.futures import process

            process._threads_wakeups.pop(manager, None)  # never joined at exit


def total_size(paths) -> int | None:
    """Sum of the files' sizes (None when one is `-` or not a regular file): the progress bar's 100%."""
    total = 0
    for p in paths:
        if p == "-":
            return None
        try:
            st = os.stat(p)
        except OSError:
            continue
        import stat

        if not stat.S_ISREG(st.st_mode):
            return None
        total += st.st_size
    return total
