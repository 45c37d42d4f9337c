"""`mjscore batch`: score hand files with a table ledger. Reading and scoring live in scorer/batch/run.py,
standings in scorer/batch/ledger.py, the writers in scorer/batch/write.py; this module is the command, the
loop and the progress bar."""
from __future__ import annotations

import math
import os
import sys
import time
from itertools import chain

import click

from ..batch.write import summary_text
from ..errors import WorkerLost
from ..output.formats import renderer
from ..rulesets import DEFAULT_RULESET
from ..table.rules import counts_as_hand
from .common import _pairs, fail, format_option

EXIT_OK, EXIT_REJECTS, EXIT_NOTHING, EXIT_BUG = 0, 1, 2, 3


# ---- progress bar ----------------------------------------------------------------------------

class Progress:
    """A one-line bar on stderr, redrawn at most 10 times a second; `clear()` before other messages."""

    def __init__(self, enabled: bool, total: int | None, counter, stream=None):
        self.enabled = enabled
        self.total = total
        self.counter = counter
        self.stream = stream or sys.stderr
        self.count = 0
        self.t0 = time.monotonic()
        self.last = 0.0
        self.shown = False

    def tick(self):
        self.count += 1
        if not self.enabled or self.count & 63:
            return
        now = time.monotonic()
        if now - self.last < 0.1:
            return
        self.last = now
        rate = self.count / max(now - self.t0, 1e-9)
        if self.total:
            frac = min(self.counter.pos / self.total, 1.0)
            bar = "#" * int(frac * 30)
            line = f"[{bar:<30}] {frac * 100:5.1f}%  {self.count} hands  {rate:,.0f}/s"
        else:
            line = f"{self.count} hands  {rate:,.0f}/s"
        self.stream.write("\r" + line + "\x1b[K")
        self.stream.flush()
        self.shown = True

    def clear(self):
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


# ---- output in blocks ---------------------------------------------------------------------------

class Blocks:
    """Text written on in blocks of about 64 KiB. A line per hand straight to sys.stdout costs a system
    call each when Python runs unbuffered (PYTHONUNBUFFERED, -u), a fifth of a batch's time; a
    terminal still gets every line at once."""

    def __init__(self, out):
        self.out = out
        self.parts: list = []
        self.size = 0
        try:
            self.live = out.isatty()
        except (AttributeError, ValueError):
            self.live = False

    def write(self, text: str) -> None:
        if self.live:
            self.out.write(text)
            return
        self.parts.append(text)
        self.size += len(text)
        if self.size >= 65536:
            self.flush()

    def flush(self) -> None:
        if self.parts:
            self.out.write("".join(self.parts))
            self.parts = []
            self.size = 0
        self.out.flush()


# ---- --out: written to a temporary file, renamed when complete ---------------------------------

class AtomicOut:
    """A text file created next to PATH and renamed onto it by `commit()`; `abort()` removes it. An
    interrupted run therefore leaves PATH as it was (absent, or the previous complete run's file).
    A PATH that exists and is not a regular file (/dev/null, a pipe) is written directly."""

    def __init__(self, path: str):
        import stat
        import tempfile

        self.path = path
        self.tmp = None
        try:
            direct = not stat.S_ISREG(os.stat(path).st_mode)
        except OSError:
            direct = False
        if direct:
            self.fh = open(path, "w", encoding="utf-8", newline="")  # noqa: SIM115
            return
        d = os.path.dirname(os.path.abspath(path))
        fd, self.tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".part", dir=d)
        self.fh = os.fdopen(fd, "w", encoding="utf-8", newline="")

    def commit(self):
        self.fh.flush()
        if self.tmp is not None:
            os.fsync(self.fh.fileno())
            self.fh.close()
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(self.tmp, 0o666 & ~umask)
            os.replace(self.tmp, self.path)
            self.tmp = None
        else:
            self.fh.close()

    def abort(self):
        try:
            self.fh.close()
        except OSError:  # the write that failed is already reported
            pass
        finally:
            if self.tmp is not None:
                try:
                    os.unlink(self.tmp)
                except FileNotFoundError:
                    pass
                self.tmp = None


# ---- --out checked before anything is read --------------------------------------------------------

MAX_START = 10 ** 12  # a session's starting score


def check_out(path: str, inputs) -> None:
    """Refuse an --out that would lose data or cannot be written: one of the inputs (the same file,
    whatever its name), a read-only file (it stays as it is), a missing folder, a directory."""
    import stat

    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        fail(f"--out {path}: no such folder {folder}")
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as e:
        fail(f"--out {path}: {e.strerror}")
    if stat.S_ISDIR(st.st_mode):
        fail(f"--out {path}: is a directory")
    for f in inputs:
        if f == "-":
            continue
        try:
            if os.path.samefile(f, path):
                fail(f"--out {path} is the input {f}: the results would replace the hands; write elsewhere")
        except OSError:
            continue
    if stat.S_ISREG(st.st_mode) and not st.st_mode & 0o222:
        fail(f"--out {path} is read-only: it is left as it is (make it writable or write elsewhere)")
    if not stat.S_ISREG(st.st_mode) and not os.access(path, os.W_OK):
        fail(f"--out {path}: not writable")


class Terminated(KeyboardInterrupt):
    """SIGTERM (`timeout`, `kill`): stop like Ctrl-C, with exit status 143."""


def _terminated(*_):
    raise Terminated()


def _account(summary: dict, out_path) -> str:
    """What a run that stopped early wrote, and what it did not."""
    n = summary.get("records", 0) + summary.get("file_errors", 0)
    done = (f"{summary.get('records', 0)} record(s) handled ({summary.get('scored', 0)} scored, "
            f"{summary.get('rejected', 0)} rejected)")
    if out_path:
        return f"{done}, but --out {out_path} was not written (left as it was)"
    return f"{done} and written; the records after them were not" if n else "nothing was written"


# ---- the loop ---------------------------------------------------------------------------------

class Stop(Exception):
    """--strict: the first rejected record ends the run."""


def run(paths, out, fmt="text", variant=DEFAULT_RULESET, rules=None, start=None, input_format=None, strict=False,
        jobs=1, long=False, progress=None, err=None, echo_rejects=True, stdin=None, summary=None,
        house=None) -> dict:
    """Score every record of `paths` onto `out`; returns the summary dict (`summary`, when given, is
    filled in as records are written: the account of a run that was interrupted). `house`: the config
    file's house rules per ruleset (config.house_rules()). Raises Stop under --strict."""
    from ..batch import jobs as batch_jobs
    from ..batch import read as batch_read
    from ..batch import run as batch
    from ..batch import source as batch_source
    from ..batch.ledger import Ledger, LedgerError

    batch.tune_gc()
    err = err or sys.stderr
    out = Blocks(out)
    counter = batch_read.Counter()
    ledger = Ledger(start)
    writer = renderer("batch", fmt)(out, long) if fmt == "text" else renderer("batch", fmt)(out)
    mode = ("long" if long else "row") if fmt == "text" else {"json": "full", "jsonl": "jsonl"}.get(fmt, "")
    bar = Progress(bool(progress), batch.total_size(paths), counter, err)
    tick = bar.enabled  # (a bar that is not shown counts nothing)
    if summary is None:
        summary = {}
    summary.update({"records": 0, "scored": 0, "rejected": 0, "internal": 0, "file_errors": 0})

    prepare = batch_jobs.Preparer(variant, rules, house)  # batch_jobs.prepare, each header's work done once

    # each file's records in turn, with no generator of this function's between them and the loop
    # (a generator level is a frame resumed for every record)
    jobs_iter = chain.from_iterable(map(lambda p: batch_source.read_source(p, input_format, counter, stdin, prepare), paths))
    post_paid, write, expand = ledger.post_paid, writer.record, batch.expand
    quick = 0  # records posted by post_paid (counted into the summary at the end)
    table_hands: dict = {}  # session -> the live table's event its last hand posted was
    compact = mode == "row"  # a text row's outcome as it is made (its dict only where the row needs it)
    row = writer.row if compact else None
    try:
        group = 1 if "-" in paths else 64  # standard input: each record out as soon as it is in
        for job, outcome in batch.scored(jobs_iter, mode, jobs, group=group, compact=compact):
            if outcome.__class__ is tuple:  # a plain record's (score_job's compact outcome)
                kept, value, hand, middle, _ = outcome
                paid = kept.get("paid")
                posting = None if paid is None else post_paid(job.session, kept["players"], paid, kept["variant"],
                                                               value["unit"], job.start)
                if posting is not None:
                    quick += 1
                    if middle is None or not row(job, kept["variant"], hand, middle, posting):
                        write(job, expand(outcome), posting)
                    if tick:
                        bar.tick()
                    continue
                outcome = expand(outcome)
                outcome.pop("paid", None)  # (post_paid has said no: post() says why)
            paid = outcome.get("paid")
            # the common hand: summed per seat where it was scored, posted without post()'s checks
            posting = None if paid is None else post_paid(job.session, outcome["players"], paid, outcome["variant"],
                                                           outcome["unit"], job.start)
            if posting is not None:
                quick += 1
            else:
                if job.file_error:
                    summary["file_errors"] += 1
                else:
                    summary["records"] += 1
                reason = outcome.get("error")
                if not reason:
                    try:
                        # a deposit or a kong's payment is part of the hand that follows, and the
                        # winners of one discard at a live table (one `table_event`) are one hand
                        event_no = job.event_no
                        hand = counts_as_hand(outcome["win"],
                                              event_no is not None and table_hands.get(job.session) == event_no)
                        if hand and event_no is not None:
                            table_hands[job.session] = event_no
                        posting = ledger.post(job.session, outcome["players"], outcome["transfers"], outcome["cap"],
                                              job.start, outcome["variant"], unit=outcome.get("unit", ""),
                                              hand=hand)
                    except LedgerError as e:
                        reason = str(e)
                if reason:
                    if not job.file_error:
                        summary["rejected"] += 1
                        ledger.note_reject(job.session)
                    summary["internal"] += bool(outcome.get("internal"))
                    writer.reject(job, reason)
                    if echo_rejects:
                        out.flush()  # the log's lines so far first, so a terminal shows both in order
                        bar.clear()
                        err.write(f"mjscore: {job.where}: {reason}\n")
                        err.flush()
                    if strict:
                        raise Stop(f"{job.where}: {reason}")
                    if tick:
                        bar.tick()
                    continue
                summary["scored"] += 1
            write(job, outcome, posting)
            if outcome.get("claim_wrong"):  # the claim check (scorer/tools.claim_mismatch): exit 1
                summary["claims_wrong"] = summary.get("claims_wrong", 0) + 1
                bar.clear()
                err.write(f"mjscore: {job.where}: {outcome['claim_wrong']}\n")
            if tick:
                bar.tick()
    finally:
        summary["records"] += quick
        summary["scored"] += quick
        bar.clear()
        out.flush()
    summary["sessions"] = ledger.summary()
    writer.end(summary)
    out.flush()
    return summary


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--variant", "-v", default=None,
              help="Ruleset for records that name none (a record's `variant` wins; default: the config "
                   "file's, else hk-old).")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE",
              help="House-rule default for every record (a record's `rules:` wins).")
@click.option("--start", type=float, help="Each seat's starting score when a session's file does not give one.")
@format_option("batch", help="Output: a line per hand, JSON Lines, CSV or one JSON document.")
@click.option("--input-format", type=click.Choice(["auto", "yaml", "jsonl", "csv"]), default="auto",
              show_default=True, help="Format of the files; auto: by extension, else sniffed (always for -).")
@click.option("--out", "out_path", type=click.Path(dir_okay=False, writable=True),
              help="Write here (a temporary file renamed when the run completes) instead of stdout.")
@click.option("--strict", is_flag=True, help="Stop at the first bad record (and write no --out file).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True,
              help="Score on N processes (0: one per CPU); output order is unchanged.")
@click.option("--long", "long_", is_flag=True, help="Text: the full breakdown of every hand, not one line.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: only when stderr is a terminal).")
def batch(files, variant, rules, start, fmt, input_format, out_path, strict, jobs, long_, progress):
    """Score every hand of FILE... (YAML, JSON Lines or CSV; - for standard input) and keep the table
    ledger: each seat's standing after every hand, per session, and a summary.

    A record is `hand` plus the win context keys of `mjscore score` (variant, self_draw, discarder,
    seat, round, dealer, ..., rules: {...}, others: {...}); `session`/`table` name the ledger session,
    `start` its starting score. See docs/NOTATION.md and examples/hk-old-session.yaml.

    Exit status: 0 every record scored; 1 some records were rejected (each is reported with file,
    line and reason on stderr, and the rest are scored), or --strict stopped at one; 2 nothing could
    be read (or a usage error), or an --out that cannot be written; 3 a record hit an internal error
    (a bug; the run still completes) or a scoring process died; 130/143 interrupted (Ctrl-C/SIGTERM):
    each stop says how many records were written."""
    import signal

    rules = _pairs(rules, "--rule")
    from ..errors import MjError
    from ..rulesets.config import defaults, house_rules

    try:  # the config file's ruleset and house rules, as `score` takes them
        variant, _ = defaults(variant)
        house = house_rules()
    except MjError as e:
        fail(str(e))
    if start is not None:
        if not math.isfinite(start) or abs(start) > MAX_START:
            fail(f"--start must be a finite number within -{MAX_START}..{MAX_START}, got {start!r}")
        if start.is_integer():
            start = int(start)
    cores = os.cpu_count() or 1
    jobs = cores if jobs == 0 else min(jobs, cores)  # more processes than cores only share them
    if out_path:
        check_out(out_path, files)
    if progress is None:
        progress = sys.stderr.isatty()
    if sys.platform != "win32" and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _terminated)  # so --out's temporary file is removed, and the account said
    try:
        sink = AtomicOut(out_path) if out_path else None
    except OSError as e:
        fail(f"--out {out_path}: cannot write: {e.strerror or e}")
    out = sink.fh if sink else sys.stdout
    # In text to a terminal the rejects are already on screen in the log; elsewhere repeat them on stderr.
    echo = not (fmt == "text" and sink is None and out.isatty())
    committed = False
    summary: dict = {}
    try:
        stdin = sys.stdin.buffer if "-" in files else None
        run(list(files), out, fmt, variant, rules, start, input_format, strict, jobs, long_, progress,
            echo_rejects=echo, stdin=stdin, summary=summary, house=house)
        if summary["records"] == 0:
            fail("nothing to score: no records could be read from " + ", ".join(files))
        if sink:
            sink.commit()
            committed = True
        else:
            out.flush()
    except Stop as e:
        click.echo(f"mjscore: stopped (--strict) at {e}", err=True)
        sys.exit(EXIT_REJECTS)
    except KeyboardInterrupt as e:
        click.echo(f"mjscore: {'terminated' if isinstance(e, Terminated) else 'interrupted'}: "
                   f"{_account(summary, out_path)}", err=True)
        sys.exit(143 if isinstance(e, Terminated) else 130)
    except BrokenPipeError:  # the reader went away (`| head`)
        sys.exit(141)
    except WorkerLost as e:
        fail(f"{e}; {_account(summary, out_path)}", code=EXIT_BUG)
    except OSError as e:  # the output: a full disk, a closed device
        fail(f"cannot write {'--out ' + out_path if out_path else 'the output'}: {e.strerror or e}; "
             f"{_account(summary, out_path)}")
    except SystemExit:
        raise
    except Exception as e:  # a bug: one line, never a traceback
        fail(f"internal error ({type(e).__name__}: {e}); please report this", code=EXIT_BUG)
    finally:
        if sink and not committed:
            sink.abort()
    if fmt == "csv":
        click.echo(summary_text(summary), err=True)
    elif fmt != "text" or sink is not None:
        click.echo(f"mjscore: {summary['records']} record(s): {summary['scored']} scored, "
                   f"{summary['rejected']} rejected" +
                   (f"; {summary['file_errors']} file error(s)" if summary["file_errors"] else ""), err=True)
    if summary["internal"]:
        sys.exit(EXIT_BUG)
    sys.exit(EXIT_REJECTS if summary["rejected"] or summary["file_errors"] or summary.get("claims_wrong") else EXIT_OK)
