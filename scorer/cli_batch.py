"""`mjscore batch`: score hand files with a table ledger. Reading and scoring live in scorer/batch.py,
standings in scorer/ledger.py; this module is the command, the writers and the progress bar."""
from __future__ import annotations

import csv
import json
import math
import os
import sys
import time

import click

from .cli import _pairs, fail
from .errors import WorkerLost
from .ledger import num

EXIT_OK, EXIT_REJECTS, EXIT_NOTHING, EXIT_BUG = 0, 1, 2, 3


def _n(x) -> str:
    return str(x) if x.__class__ is int else str(num(x))


def _signed(x) -> str:
    if x.__class__ is not int:
        x = num(x)
    return f"+{x}" if x > 0 else str(x)


_ROWS: dict = {}  # (seats at the table, width) -> TextWriter's row templates

HEAD = "%4d  %6d  %-3s %-15s %-10s"  # #, line, win, how, value: 44 columns
HEAD_WIDTH = 44
CELL = 7  # a seat's column
INDENT = " " * 6  # a hand, a note or a reject's reason on a line of its own


def _templates(n: int, cols: int) -> tuple:
    """(header text, row template, standings template or None, payments template or None) for `n`
    seats in `cols` columns.

    The full form puts each seat's payment and standing after the hand on the row; it is used when
    both fit (a hand that does not fit goes on its own line below). Narrower, the standings go on a
    second line, under the payments, beside the hand when it fits there; narrower still, the
    payments and the standings each get a line."""
    got = _ROWS.get((n, cols))
    if got is not None:
        return got
    seats = ("E", "S", "W", "N")[:n] if n <= 4 else tuple(str(i) for i in range(n))
    names = "".join(f"{x:>{CELL}}" for x in seats)
    head = f"{'#':>4}  {'line':>6}  {'win':<3} {'how':<15} {'value':<10}"
    if HEAD_WIDTH + 2 * CELL * n + 3 <= cols:
        got = (f"{head}{names}  |{names}  hand\n", HEAD + "%7s" * n + "  |" + "%7s" * n, None, None)
    elif HEAD_WIDTH + CELL * n <= cols:
        got = (f"{head}{names}\n{INDENT}{'hand':<{HEAD_WIDTH - len(INDENT) - 7}}  after{names}\n",
               HEAD + "%7s" * n, "%7s" * n, None)
    else:  # narrower still: the payments and the standings on lines of their own
        got = (f"{head.rstrip()}\n{INDENT}{'':<5}{names}\n", HEAD, INDENT + "after" + "%7s" * n,
               INDENT + "paid " + "%7s" * n)
    _ROWS[(n, cols)] = got
    return got


class TextWriter:
    """One line per hand (more when the terminal is narrow: _templates), grouped under a line per
    session; rejects in place; a summary at the end. Lines fit `cols` columns (default: the terminal's
    width).

    `long` prints the full breakdown (output.result_text) of each hand instead of its one line."""

    def __init__(self, out, long=False, cols=None):
        from .width import width

        self.out = out
        self.long = long
        self.cols = cols or width()
        self.session = None
        self.started = False
        self.forms: dict = {}  # seats -> _templates(seats, self.cols)

    def _session_line(self, name, source, posting=None):
        if name == self.session:
            return
        self.session = name
        s = posting.session if posting else None
        bits = [f"Session {name!r}" if name != source else f"Session {source}"]
        if s is not None:
            from .ledger import _start_text

            bits.append(f"start {_start_text(s.start)}")
        from .width import fill

        self.out.write(("\n" if self.started else "") + fill("  ".join(bits), self.cols) + "\n")
        if not self.long:
            self.out.write(_templates(len(s.seats) if s else 4, self.cols)[0])
        self.started = True

    def _below(self, text: str) -> str:
        """`text` on lines of its own, indented, wrapped to the width."""
        from .width import wrap_text

        return "\n".join(wrap_text(text, self.cols, INDENT, INDENT)) + "\n"

    def record(self, job, outcome, posting):
        self._session_line(job.session, job.source, posting)
        s = posting.session
        value = "limit" if outcome["limit"] else f"{_n(outcome['total'])} {outcome['unit']}".strip()
        if s.variants and outcome["variant"] != s.variants[0]:
            value += f" [{outcome['variant']}]"
        note = ""
        if posting.shortfalls:
            note = "   loss cap " + _n(posting.cap) + ": " + ", ".join(
                f"{seat} paid {_n(paid)} of {_n(owed)}" for seat, owed, paid in posting.shortfalls)
        if self.long:
            self.out.write(f"\n-- hand {posting.hand_no}  ({job.where})\n{outcome['text']}\n")
            line, lines = "Ledger:", []
            for part in [f"{x} {_signed(posting.paid[x])} -> {_n(posting.standings[x])}" for x in s.seats]:
                if len(line) + 2 + len(part) > self.cols and line.strip():  # a seat's entry stays whole
                    lines.append(line)
                    line = " " * 8
                line += ("   " if line == "Ledger:" else "  ") + part
            lines.append(line)
            self.out.write("\n".join(lines) + "\n" + (self._below(note.strip()) if note else ""))
            return
        # one %-format of a row template per table size and width: this line is written for every hand
        seats = s.seats
        forms = self.forms.get(len(seats))
        if forms is None:
            forms = self.forms[len(seats)] = _templates(len(seats), self.cols)
        _, row, after, pays = forms
        paid, standings = posting.paid, posting.standings
        hand = outcome["hand"]
        if after is None:
            line = row % (posting.hand_no, job.line, outcome["seat"], outcome["win"], value,
                          *[_signed(paid[x]) for x in seats], *[_n(standings[x]) for x in seats])
            if len(line) + len(hand) + len(note) + 2 <= self.cols:  # batch's hands and notes are ASCII
                self.out.write(f"{line}  {hand}{note}\n")
            else:
                self.out.write(line + "\n" + self._below(hand) + (self._below(note.strip()) if note else ""))
            return
        after = after % tuple([_n(standings[x]) for x in seats])
        if pays is not None:
            line = (row % (posting.hand_no, job.line, outcome["seat"], outcome["win"], value)).rstrip()
            self.out.write(self._fit(line) + self._fit(pays % tuple([_signed(paid[x]) for x in seats]))
                           + self._fit(after) + self._below(hand) + (self._below(note.strip()) if note else ""))
            return
        line = row % (posting.hand_no, job.line, outcome["seat"], outcome["win"], value,
                      *[_signed(paid[x]) for x in seats])
        room = HEAD_WIDTH - len(INDENT) - 2
        if len(hand) <= room and len(line) <= self.cols and HEAD_WIDTH + len(after) <= self.cols:
            self.out.write(f"{line}\n{INDENT}{hand:<{room}}  {after}\n")
        else:
            self.out.write(self._fit(line) + self._below(hand) + self._fit(" " * HEAD_WIDTH + after))
        if note:
            self.out.write(self._below(note.strip()))

    def _fit(self, line: str) -> str:
        return (line if len(line) <= self.cols else self._below(line.strip()).rstrip("\n")) + "\n"

    def reject(self, job, reason):
        self._session_line(job.session, job.source)
        if self.long:
            self.out.write(f"\n-- rejected ({job.where}): {reason}\n")
            return
        line = f"{'x':>4}  {job.line:>6}  rejected: {reason}"
        if len(line) <= self.cols:
            self.out.write(line + "\n")
        else:
            from .width import wrap_text

            self.out.write("\n".join(wrap_text(reason, self.cols, f"{'x':>4}  {job.line:>6}  rejected: ",
                                                " " * 16)) + "\n")

    def end(self, summary):
        self.out.write("\n" + summary_text(summary, self.cols) + "\n")


def summary_text(summary, cols=None) -> str:
    """The run's summary and each session's standings, its long lines wrapped to `cols` columns."""
    from .width import fill

    lines = [f"Summary: {summary['records']} record(s): {summary['scored']} scored, "
             f"{summary['rejected']} rejected" + (f" ({summary['internal']} by an internal error: please report)"
                                                  if summary["internal"] else "") + "."
             + (f" {summary['file_errors']} file(s) could not be read (to the end)." if summary["file_errors"] else "")]
    for s in summary["sessions"]:
        lines.append("")
        lines.append(f"{s['session']}: {s['hands']} hand(s)" + (f", {s['rejected']} rejected" if s["rejected"] else "")
                     + f"; rules {', '.join(s['variants'])}")
        lines.append(f"  {'seat':<5}{'start':>9}{'net':>9}{'final':>9}")
        for seat in s["seats"]:
            lines.append(f"  {seat:<5}{_n(s['start'][seat]):>9}{_signed(s['net'][seat]):>9}{_n(s['final'][seat]):>9}")
        for seat, amount in (s.get("forgiven") or {}).items():
            lines.append(f"  loss cap: {seat} first paid short at hand {s['capped_at_hand'][seat]}; "
                         f"{_n(amount)} it owed in all was not paid (forgiven)")
    return "\n".join(fill(line, cols, "    ") for line in lines)


def _ledger_dict(posting):
    d = {"hand_no": posting.hand_no, "paid": posting.paid, "standings": posting.standings}
    if posting.shortfalls:
        d["shortfalls"] = [{"seat": s, "owed": o, "paid": p} for s, o, p in posting.shortfalls]
        d["loss_cap"] = posting.cap
    return d


def _record_dict(job, outcome, posting):
    d = {"file": job.source, "line": job.line, "session": job.session}
    d.update(outcome["full"])
    d["ledger"] = _ledger_dict(posting)
    return d


class JsonlWriter:
    """One JSON object per record (scored: `mjscore score --format json` keys plus file, line, session
    and ledger; rejected: file, line, session, error); the last line is {"summary": {...}}."""

    def __init__(self, out):
        self.out = out

    def record(self, job, outcome, posting):
        text = outcome.get("json")
        if text is None:
            self.out.write(json.dumps(_record_dict(job, outcome, posting), ensure_ascii=False) + "\n")
            return
        from .jsonline import encode  # _record_dict's keys in its order, the scored part as text

        self.out.write(f'{{"file": {encode(job.source)}, "line": {encode(job.line)}, "session": '
                       f'{encode(job.session)}, {text}, "ledger": {encode(_ledger_dict(posting))}}}\n')

    def reject(self, job, reason):
        self.out.write(json.dumps({"file": job.source, "line": job.line, "session": job.session, "error": reason},
                                  ensure_ascii=False) + "\n")

    def end(self, summary):
        self.out.write(json.dumps({"summary": summary}, ensure_ascii=False) + "\n")


class JsonWriter:
    """One JSON document {"records": [...], "summary": {...}}, written as it goes (constant memory)."""

    def __init__(self, out):
        self.out = out
        self.first = True
        out.write('{"records": [')

    def _item(self, d):
        self.out.write(("\n" if self.first else ",\n") + json.dumps(d, ensure_ascii=False))
        self.first = False

    def record(self, job, outcome, posting):
        self._item(_record_dict(job, outcome, posting))

    def reject(self, job, reason):
        self._item({"file": job.source, "line": job.line, "session": job.session, "error": reason})

    def end(self, summary):
        self.out.write('\n], "summary": ' + json.dumps(summary, ensure_ascii=False) + "}\n")


class CsvWriter:
    """One row per record; paid_X is what seat X paid (-) or collected (+) on the hand after any loss cap,
    after_X its standing after the hand. The summary goes to stderr (a CSV holds one table)."""

    SEATS = ("E", "S", "W", "N")

    def __init__(self, out):
        self.w = csv.writer(out, lineterminator="\n")
        self.w.writerow(["file", "line", "session", "hand_no", "variant", "hand", "seat", "win", "total", "unit",
                         "limit", "items"] + [f"paid_{s}" for s in self.SEATS] + [f"after_{s}" for s in self.SEATS]
                        + ["note", "error"])

    def record(self, job, outcome, posting):
        note = "; ".join(f"loss cap {_n(posting.cap)}: {s} paid {_n(p)} of {_n(o)}" for s, o, p in posting.shortfalls)
        self.w.writerow([job.source, job.line, job.session, posting.hand_no, outcome["variant"], outcome["hand"],
                         outcome["seat"], outcome["win"], _n(outcome["total"]), outcome["unit"],
                         "yes" if outcome["limit"] else "", "; ".join(outcome["items"])]
                        + [_n(posting.paid[s]) if s in posting.paid else "" for s in self.SEATS]
                        + [_n(posting.standings[s]) if s in posting.standings else "" for s in self.SEATS]
                        + [note, ""])

    def reject(self, job, reason):
        self.w.writerow([job.source, job.line, job.session] + [""] * 17 + [reason])

    def end(self, summary):
        pass


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


def run(paths, out, fmt="text", variant="hk-old", rules=None, start=None, input_format=None, strict=False,
        jobs=1, long=False, progress=None, err=None, echo_rejects=True, stdin=None, summary=None,
        house=None) -> dict:
    """Score every record of `paths` onto `out`; returns the summary dict (`summary`, when given, is
    filled in as records are written: the account of a run that was interrupted). `house`: the config
    file's house rules per ruleset (config.house_rules()). Raises Stop under --strict."""
    from . import batch
    from .ledger import Ledger, LedgerError

    batch.tune_gc()
    err = err or sys.stderr
    out = Blocks(out)
    counter = batch.Counter()
    ledger = Ledger(start)
    writer = {"text": lambda: TextWriter(out, long), "jsonl": lambda: JsonlWriter(out),
              "json": lambda: JsonWriter(out), "csv": lambda: CsvWriter(out)}[fmt]()
    mode = "long" if (fmt == "text" and long) else {"json": "full", "jsonl": "jsonl"}.get(fmt, "")
    bar = Progress(bool(progress), batch.total_size(paths), counter, err)
    if summary is None:
        summary = {}
    summary.update({"records": 0, "scored": 0, "rejected": 0, "internal": 0, "file_errors": 0})

    def raws():
        for p in paths:
            yield from batch.read_source(p, input_format, counter, stdin)

    jobs_iter = (batch.prepare(r, variant, rules, house) for r in raws())
    try:
        group = 1 if "-" in paths else 64  # standard input: each record out as soon as it is in
        for job, outcome in batch.scored(jobs_iter, mode, jobs, group=group):
            if job.file_error:
                summary["file_errors"] += 1
            else:
                summary["records"] += 1
            reason = outcome.get("error")
            posting = None
            if not reason:
                try:
                    posting = ledger.post(job.session, outcome["players"], outcome["transfers"], outcome["cap"],
                                          job.start, outcome["variant"], unit=outcome.get("unit", ""))
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
            else:
                summary["scored"] += 1
                writer.record(job, outcome, posting)
                if outcome.get("claim_wrong"):  # the claim check (scorer/tools.claim_mismatch): exit 1
                    summary["claims_wrong"] = summary.get("claims_wrong", 0) + 1
                    bar.clear()
                    err.write(f"mjscore: {job.where}: {outcome['claim_wrong']}\n")
            bar.tick()
    finally:
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
@click.option("--format", "fmt", type=click.Choice(["text", "jsonl", "csv", "json"]), default="text",
              show_default=True, help="Output: a line per hand, JSON Lines, CSV or one JSON document.")
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
    from .config import defaults, house_rules
    from .errors import MjError

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
