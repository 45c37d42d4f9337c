"""Batch scoring: read hand records from YAML, JSON Lines or CSV, score them one at a time (or on N
processes, in order), and hand each outcome to the ledger and a writer (scorer/cli/batch.py).

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
Formats and line numbers: scorer/batch/read.py, which reads the files.
"""
from __future__ import annotations

import os
from collections import deque
from functools import lru_cache
from itertools import islice
from typing import Iterator

from ..core import engine
from ..core.result import Transfer
from ..errors import MjError, WorkerLost
from ..notation.parse import hand_text
from .jobs import Job, _new_job
from .ledger import paid_by_seat
from .write import middle_parts, value_column

# ---- scoring ----------------------------------------------------------------------------------

def _win_text(ctx) -> str:
    w = ctx.win_type
    text = "self-draw" if w == "self_draw" else (f"discard {ctx.discarder}" if w == "discard" else f"robbed {ctx.robbed}")
    if ctx.kong_draw:
        text += " +kong"
    return text


def _item_labels(value) -> tuple:
    return tuple(i.label + (f" x{i.count}" if i.count > 1 else "") for i in value.items)


def score_job(job: Job, mode: str = "", compact: bool = False) -> dict:
    """Score one job. Returns a plain dict (picklable, the same on every process):
    {"error", "internal"} for a refused record, otherwise the figures every writer needs; `mode` adds
    "full" (output.result_dict) for "full", "json" (jsonline.members, its JSON text) for "jsonl", or "text"
    (output.result_text) for "long"; "row" (a text row) and "jsonl" add "paid" (ledger.paid_by_seat),
    "row" also "middle" (batch_write.middle_parts and value_column), when the hand's payments allow the quick path.
    Only the hand is new for every record: the other members are kept per the objects they are made
    of (_by_payment, _by_value). `compact` (a --jobs worker): a plain record's outcome in "row" or
    "jsonl" mode as (the kept members, the value's, the hand, the middle, the JSON text or its parts),
    which pickles the kept ones once a chunk; `expand` makes the dict of it."""
    if job.error:
        return {"error": job.error}
    if job.hand is None or job.names:  # a live table's record (scorer/table/records.py)
        from ..table.records import table_outcome

        return table_outcome(job, "full" if mode == "jsonl" else mode, score_job)  # names: seats renamed in "full"
    try:
        less, rules = _split(job.ctx)
        r = engine.score(job.hand, less, job.variant, rules)
        hand = hand_text(r.hand)  # (Hand.text's work without its call)
        pay = (None, *_by_payment(r, mode))
        v = r.value
        value = (None, *_by_value(v.total, v.total.__class__, v.unit, v.limit, _item_labels(v)))
        middle = pay[2] + value[2] + pay[3] if pay[2] is not None else None  # a text row's (middle_parts)
        if compact and job.claim is None and (mode == "row" or mode == "jsonl"):
            if mode == "row":
                return pay[1], value[1], hand, middle, None
            from .jsonline import member_parts

            return pay[1], value[1], hand, middle, member_parts(r, hand, pay[4])
        out = expand((pay[1], value[1], hand, middle, None))
        if job.claim is not None:  # a league audit: the record is scored and posted; a wrong claim is reported
            from ..core.tools import claim_mismatch

            out["claim_wrong"] = claim_mismatch(r, job.claim)
        if mode == "jsonl":  # the record's text, made here (a worker hands back one string)
            from .jsonline import members

            out["json"] = members(r, hand, pay[4])
        elif mode == "full":
            from ..output.results import result_dict

            out["full"] = result_dict(r)
        elif mode == "long":
            from ..output.results import result_text

            out["text"] = result_text(r)
        return out
    except MjError as e:  # in the hand file's words: its keys, not the command's flags
        from .words import in_file_keys

        return {"error": in_file_keys(str(e))}
    except RecursionError:
        return {"error": "the record is nested too deeply"}
    except Exception as e:  # a bug: report it with the record, keep going
        return {"error": f"internal error ({type(e).__name__}: {e}); please report this hand", "internal": True}


def _split(ctx: dict) -> tuple:
    """(ctx less its `rules`, the rules or None)."""
    rules = ctx.get("rules")
    if rules.__class__ is dict:
        less = ctx.copy()
        del less["rules"]
        return less, rules
    return ctx, None


def _by_payment(r, mode: str) -> tuple:
    """(the outcome's members, in their order, with those of the value and the hand left None; a text
    row's middle before and after the value column, or None; the jsonl text's parts, or None): what
    the ruleset, the context and the payments give, kept by their values (a batch's hands share a
    few hundred)."""
    from .jsonline import context_text, options_of, transfer_fields

    ctx = r.ctx
    transfers = r.transfers
    # (jsonl: the whole context's echo, so a stored record replays; its text is part of the key)
    context, options_text = (context_text(ctx), options_of(r.options)) if mode == "jsonl" else ("", "")
    try:
        return _payment_members(mode, QUICK, r.variant.id, ctx.seat, ctx.players, ctx.seats, _win_text(ctx),
                                transfer_fields(transfers), r.options.get("session_loss_cap", 0) or 0,
                                context, options_text)
    except TypeError:  # (an unhashable amount or note: made, not kept)
        return _payment_members.__wrapped__(mode, QUICK, r.variant.id, ctx.seat, ctx.players, ctx.seats,
                                            _win_text(ctx), transfer_fields(transfers),
                                            r.options.get("session_loss_cap", 0) or 0, context, options_text)


@lru_cache(maxsize=4096)
def _payment_members(mode, quick, variant_id, seat, players, seats, win, fields, cap, context, options_text) -> tuple:
    transfers = [Transfer(frm, to, amount, why) for frm, to, amount, _kind, why in fields]
    out = {
        "variant": variant_id, "hand": None, "seat": seat, "players": players,
        "win": win, "total": None, "unit": None, "limit": None, "items": None,
        "transfers": [(t.frm, t.to, t.amount) for t in transfers],
        "cap": cap,
    }
    before = after = None
    if quick and (mode == "row" or mode == "jsonl") and not out["cap"]:
        # what each seat paid, summed here (a --jobs worker) for Ledger.post_paid; a text row's
        # part that needs no ledger (batch_write.middle_parts)
        paid = paid_by_seat(transfers, players)
        if paid is not None:
            out["paid"] = paid
            if mode == "row":
                before, after = middle_parts(out, paid)
    kept = None
    if mode == "jsonl":
        from .jsonline import payment_parts_of

        kept = payment_parts_of(variant_id, seats, fields, context, options_text)
    return out, before, after, kept


@lru_cache(maxsize=4096)
def _by_value(total, _kind, unit, limit, items) -> tuple:
    """(the outcome's members a hand's value gives, the text row's value column), kept by their values
    (the class of the total among them: 4 and 4.0 are equal keys)."""
    out = {"total": total, "unit": unit, "limit": limit, "items": items}
    return out, value_column(out)


def expand(outcome) -> dict:
    """score_job(job, mode)'s dict from its compact outcome (score_job(job, mode, True)); a dict as it is."""
    if outcome.__class__ is dict:
        return outcome
    kept, value, hand, middle, text = outcome
    out = kept.copy()
    out.update(value)
    out["hand"] = hand
    if middle is not None:
        out["middle"] = middle
    if text is not None:
        out["json"] = text if text.__class__ is str else "".join(text)
    return out


QUICK = True  # score_job adds "paid" (and "middle") for the quick path; False: tests compare the plain path


def _score_chunk(args):
    """A chunk's outcomes; compact ones (score_job's) from a worker, whose outcomes are pickled."""
    jobs, mode, compact = args
    rest = _SHIPPED_REST
    return [score_job(j if j.__class__ is Job else _new_job(Job, ("", 0, "", *j, *rest[len(j)])), mode, compact)
            for j in jobs]


_SHIPPED_REST = {3: (None, "", False, None, None, None), 8: (None,)}  # Job's defaults after a shipped tuple (_shipped)


def _work_chunk(args):
    """A --jobs worker's chunk: its compact outcomes (_score_chunk's) with their kept members coded
    (_coded), and the worker's id and epoch to read them by."""
    return os.getpid(), *_coded(_score_chunk(args))


# A compact outcome's two dicts of kept members (score_job's) are the same objects for every hand of
# one payment or value: a few hundred in a run, each pickled once a chunk when sent whole. A worker
# sends each once: (its number, it) the first time, its number after that; the batch process keeps
# them by number per worker (_decoded). When the worker's table is full it starts again, a new
# epoch, and the batch process drops the old one.
_SENT: dict = {}  # id(a dict sent) -> (it, its number)
_EPOCH = [0, 0]  # the worker's epoch, its next number
MAX_SENT = 8192


def _coded(outs: list) -> tuple:
    """(epoch, outs with the kept members of each compact outcome coded)."""
    sent = _SENT
    if len(sent) >= MAX_SENT:
        sent.clear()
        _EPOCH[0] += 1
    coded = []
    for o in outs:
        if o.__class__ is tuple:
            o = list(o)
            for i in 0, 1:
                got = sent.get(id(o[i]))
                if got is None:
                    got = sent[id(o[i])] = (o[i], _EPOCH[1])  # (keeps it alive: its id stays its own)
                    _EPOCH[1] += 1
                    o[i] = got[1], o[i]
                else:
                    o[i] = got[1]
            o = tuple(o)
        coded.append(o)
    return _EPOCH[0], coded


def _decoded(result, tables: dict) -> list:
    """A worker's outcomes (_work_chunk's) with their kept members; `tables`: the run's, per worker
    (epoch, number -> members)."""
    worker, epoch, outs = result
    got = tables.get(worker)
    if got is None or got[0] != epoch:
        got = tables[worker] = (epoch, {})
    table = got[1]
    out = []
    for o in outs:
        if o.__class__ is tuple:
            kept, value = o[0], o[1]
            if kept.__class__ is tuple:
                table[kept[0]] = kept = kept[1]
            else:
                kept = table[kept]
            if value.__class__ is tuple:
                table[value[0]] = value = value[1]
            else:
                value = table[value]
            o = (kept, value, *o[2:])
        out.append(o)
    return out


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
           window: int = 8, group: int = 1, compact: bool = False) -> Iterator[tuple[Job, dict]]:
    """(job, outcome) in input order. With processes > 1 the jobs are scored in chunks, on a pool of
    processes - 1 workers and on this process; at most `window` chunks per worker are on the pool and
    four times that many wait to be handed on, so memory stays bounded.
    On one process, `group` > 1 reads and scores that many records before handing them on (for
    files: a pipe's records should come out as they come in). `compact`: a plain record's outcome
    as score_job's compact one (the caller expands it where it needs the dict)."""
    if processes <= 1:
        if group <= 1:
            for job in jobs:
                yield job, score_job(job, mode, compact)
            return
        # Read `group` records, score them, hand them on: scoring hands back to back keeps the
        # scorer's code and data in the CPU caches (a sixth faster than one record at a time).
        while True:
            part, failure = _take(jobs, group)
            outs = [score_job(job, mode, compact) for job in part]
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
    yield from zip(part, [score_job(job, mode, compact) for job in part])
    if failure is not None:
        raise failure
    if len(part) < chunk:
        return
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    pool = ProcessPoolExecutor(processes - 1, mp_context=ctx, initializer=_worker_init)
    # The pool's threads here (its results in, its chunks out) wait for this thread to let go of
    # the GIL, 5 ms by default; meanwhile a worker whose results fill the pipe waits too (JSON Lines:
    # half its time). Where the outcomes are large, it is handed over more often while the pool runs
    # (a text row's outcome is small: there the handovers cost more than the waits).
    import sys

    interval = sys.getswitchinterval()
    if mode in ("jsonl", "full", "long"):
        sys.setswitchinterval(min(interval, SWITCH_INTERVAL))
    room = (processes - 1) * window
    pending: deque = deque()  # (chunk, its Future or its outcomes), in input order
    tables: dict = {}  # the kept members the workers have sent (_decoded)
    done = [0]  # chunks the pool has finished (counted by its result thread)
    sent = 0

    def finished(_future):
        done[0] += 1
    try:
        while True:
            part, failure = _take(jobs, chunk)
            if part:
                if sent - done[0] < room:
                    future = pool.submit(_work_chunk, ([_shipped(job) for job in part], mode, True))
                    future.add_done_callback(finished)
                    pending.append((part, future))
                    sent += 1
                else:
                    pending.append((part, _score_chunk((part, mode, compact))))
            last = failure is not None or len(part) < chunk
            while pending:  # hand on what is done, in order; at the end, everything
                head, got = pending[0]
                if got.__class__ is not list:
                    if not (last or got.done() or len(pending) > 4 * room):
                        break
                    got = _decoded(_result(got, pool, head[0]), tables)
                    if not compact:
                        got = list(map(expand, got))
                pending.popleft()
                yield from zip(head, got)
            if failure is not None:
                raise failure
            if last:
                break
    finally:
        sys.setswitchinterval(interval)
        _stop_pool(pool)


SWITCH_INTERVAL = 0.0005  # seconds: sys.setswitchinterval while a --jobs pool runs (large outcomes)


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
