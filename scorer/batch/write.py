"""The writers of `mjscore batch` (scorer/cli/batch.py runs them): text rows from per-width templates,
JSON Lines, one JSON document, CSV; each takes a record, a rejected record and the summary."""
from __future__ import annotations

import csv
import json
from functools import lru_cache

from .ledger import Quick, num


def fast(obj) -> str:
    """jsonline.fast (imported on first use: a text run needs no JSON encoder, and jsonline's import
    brings output.py's, a fifth of the start-up)."""
    from .jsonline import fast as real

    globals()["fast"] = real  # the next call goes straight to it
    return real(obj)


def _n(x) -> str:
    return str(x) if x.__class__ is int else str(num(x))


def _signed(x) -> str:
    if x.__class__ is not int:
        x = num(x)
    return f"+{x}" if x > 0 else str(x)


_SIGNED: dict = {}  # int payment -> _signed(it): a night's payments take a few hundred values


def _paid_texts(paid, seats) -> list:
    out = []
    for x in seats:
        v = paid[x]
        text = _SIGNED.get(v) if v.__class__ is int else None
        if text is None:
            text = _signed(v)
            if v.__class__ is int and len(_SIGNED) < 4096:
                _SIGNED[v] = text
        out.append(text)
    return out


def _standing_texts(standings, seats) -> list:
    # an int as %s prints as _n prints it
    return [v if v.__class__ is int else _n(v) for v in [standings[x] for x in seats]]


def _value_text(outcome) -> str:
    """The value column: "limit", or the total and its unit (kept: a night's hands take a few dozen)."""
    if outcome["limit"]:
        return "limit"
    total = outcome["total"]
    return _total_text(total, total.__class__, outcome["unit"])


@lru_cache(maxsize=4096)
def _total_text(total, _kind, unit) -> str:
    """A total and its unit as the value column prints them (the class in the key: 4 and 4.0)."""
    return f"{_n(total)} {unit}".strip()


def middle_parts(outcome, paid: tuple) -> tuple:
    """A text row's middle (between the line number and the standings: HEAD_MIDDLE's winner, how and
    value, then each seat's payment) before and after the value column, made where the hand was
    scored: it needs no ledger when the ledger posts `paid` as it is (Ledger.post_paid). Each field of
    HEAD_MIDDLE is padded on its own, so the parts joined with value_column are the plain row's."""
    n = len(paid)
    return "%-3s %-15s " % (outcome["seat"], outcome["win"]), ("%7s" * n) % tuple(_paid_texts(paid, range(n)))


def value_column(outcome) -> str:
    """A text row's value column (HEAD_MIDDLE's last field)."""
    return "%-10s" % _value_text(outcome)


_ROWS: dict = {}  # (seats at the table, width) -> TextWriter's row templates

HEAD_START = "%4d  %6d  "  # #, line
HEAD_MIDDLE = "%-3s %-15s %-10s"  # win, how, value
HEAD = HEAD_START + HEAD_MIDDLE  # 44 columns
HEAD_WIDTH = 44
CELL = 7  # a seat's column
INDENT = " " * 6  # a hand, a note or a reject's reason on a line of its own
HAND_ROOM = HEAD_WIDTH - len(INDENT) - 2  # a hand beside the standings, on the line below a row
HEAD_PAD = " " * HEAD_WIDTH  # the standings under a row's payments


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
        from ..output.width import width

        self.out = out
        self.long = long
        self.cols = cols or width()
        self.session = None
        self.started = False
        self.forms: dict = {}  # seats -> _templates(seats, self.cols)
        self.quick: dict = {}  # seats -> _quick_forms(seats)

    def _session_line(self, name, source, posting=None):
        if name == self.session:
            return
        self.session = name
        s = posting.session if posting else None
        bits = [f"Session {name!r}" if name != source else f"Session {source}"]
        if s is not None:
            from .ledger import _start_text

            bits.append(f"start {_start_text(s.start)}")
        from ..output.width import fill

        self.out.write(("\n" if self.started else "") + fill("  ".join(bits), self.cols) + "\n")
        if not self.long:
            self.out.write(_templates(len(s.seats) if s else 4, self.cols)[0])
        self.started = True

    def _below(self, text: str) -> str:
        """`text` on lines of its own, indented, wrapped to the width."""
        if text.isascii() and len(text) + len(INDENT) <= self.cols:
            # one line: wrap_text's words joined by a space (an ASCII character is one column wide)
            return INDENT + " ".join(text.split()) + "\n"
        from ..output.width import wrap_text

        return "\n".join(wrap_text(text, self.cols, INDENT, INDENT)) + "\n"

    def record(self, job, outcome, posting):
        if job.session != self.session:
            self._session_line(job.session, job.source, posting)
        if posting.__class__ is Quick:
            middle = outcome.get("middle")
            if middle is not None and self.row(job, outcome["variant"], outcome["hand"], middle, posting):
                return
        s = posting.session
        value = _value_text(outcome)
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
                          *_paid_texts(paid, seats), *_standing_texts(standings, seats))
            if len(line) + len(hand) + len(note) + 2 <= self.cols:  # batch's hands and notes are ASCII
                self.out.write(f"{line}  {hand}{note}\n")
            else:
                self.out.write(line + "\n" + self._below(hand) + (self._below(note.strip()) if note else ""))
            return
        after = after % tuple(_standing_texts(standings, seats))
        if pays is not None:
            line = (row % (posting.hand_no, job.line, outcome["seat"], outcome["win"], value)).rstrip()
            self.out.write(self._fit(line) + self._fit(pays % tuple([_signed(paid[x]) for x in seats]))
                           + self._fit(after) + self._below(hand) + (self._below(note.strip()) if note else ""))
            return
        line = row % (posting.hand_no, job.line, outcome["seat"], outcome["win"], value, *_paid_texts(paid, seats))
        room = HEAD_WIDTH - len(INDENT) - 2
        if len(hand) <= room and len(line) <= self.cols and HEAD_WIDTH + len(after) <= self.cols:
            self.out.write(f"{line}\n{INDENT}{hand:<{room}}  {after}\n")
        else:
            self.out.write(self._fit(line) + self._below(hand) + self._fit(" " * HEAD_WIDTH + after))
        if note:
            self.out.write(self._below(note.strip()))

    def row(self, job, variant: str, hand: str, middle: str, posting: Quick) -> bool:
        """record() for a Quick posting of an outcome with its middle (score_job's: middle_parts and
        value_column) when the row is one of the two common forms and fits: the text below writes,
        with the templates made for it (_quick_forms), the same text as the plain path; False (and
        nothing written but the session's line) when it is not."""
        if job.session != self.session:
            self._session_line(job.session, job.source, posting)
        s = posting.session
        if self.long or (s.variants and variant != s.variants[0]):
            return False
        forms = self.quick.get(len(s.seats))
        if forms is None:
            forms = self.quick[len(s.seats)] = self._quick_forms(len(s.seats))
        kind, form, limit, after = forms
        if kind == 1:  # one line: the row, the standings, the hand
            text = form % (posting.hand_no, job.line, middle, *posting.standings_t, hand)
            if len(text) <= limit:
                self.out.write(text)
            else:  # the hand on lines of its own
                self.out.write(text[:len(text) - len(hand) - 3] + "\n" + self._below(hand))
            return True
        if kind == 2:  # the row; the hand and the standings below
            line = HEAD_START % (posting.hand_no, job.line) + middle
            if len(line) <= self.cols:
                if len(hand) <= HAND_ROOM:
                    rest = form % (hand, *posting.standings_t)
                    if len(rest) <= limit:
                        self.out.write(f"{line}\n{rest}")
                        return True
                else:  # the hand on lines of its own, then the standings
                    after = after % posting.standings_t
                    if HEAD_WIDTH + len(after) <= self.cols:
                        self.out.write(f"{line}\n{self._below(hand)}{HEAD_PAD}{after}\n")
                        return True
        return False

    def _quick_forms(self, n: int) -> tuple:
        """record()'s quick templates for `n` seats: (1, the whole line, its longest length with the
        line end, None) when the row holds the standings and the hand; (2, the second line, its
        longest length, the standings) when the hand and the standings go on a line below; (0, None,
        0, None) otherwise. Each is the plain path's text: its templates joined, the hand's padding
        written into the template."""
        _, row, after, pays = _templates(n, self.cols)
        if pays is not None:
            return 0, None, 0, None
        if after is None:  # the plain path: row + "  " + hand when len(row) + 2 + len(hand) <= cols
            return 1, HEAD_START + "%s  |" + "%7s" * n + "  %s\n", self.cols + 1, None
        # the plain path: row, then INDENT + the hand padded to HAND_ROOM + "  " + after, when the hand
        # fits its room, the row the width and HEAD_WIDTH + len(after) the width
        return 2, f"{INDENT}%-{HAND_ROOM}s  {after}\n", len(INDENT) + HAND_ROOM + 2 + self.cols - HEAD_WIDTH + 1, after

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
            from ..output.width import wrap_text

            self.out.write("\n".join(wrap_text(reason, self.cols, f"{'x':>4}  {job.line:>6}  rejected: ",
                                                " " * 16)) + "\n")

    def end(self, summary):
        self.out.write("\n" + summary_text(summary, self.cols) + "\n")


def summary_text(summary, cols=None) -> str:
    """The run's summary and each session's standings, its long lines wrapped to `cols` columns."""
    from ..output.width import fill

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


def _ledger_text(posting) -> str:
    """fast(_ledger_dict(posting)); a Quick posting's int figures by a template per seat count."""
    if posting.__class__ is not Quick:
        return fast(_ledger_dict(posting))
    s = posting.session
    form = _LEDGER_FORMS.get(s.seats)
    if form is None:
        figures = "{" + ", ".join(f"{fast(x)}: %d" for x in s.seats) + "}"
        form = _LEDGER_FORMS[s.seats] = '{"hand_no": %d, "paid": ' + figures + ', "standings": ' + figures + "}"
    return form % (posting.hand_no, *posting.paid_t, *posting.standings_t)


_LEDGER_FORMS: dict = {}  # a session's seats -> the template of a Quick posting's ledger member


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
        # _record_dict's keys in its order, the scored part as text
        where = _where_text(job.source, job.session)
        line = job.line
        self.out.write(f'{where[0]}{line if line.__class__ is int else fast(line)}{where[1]}{text}, '
                       f'"ledger": {_ledger_text(posting)}}}\n')

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


@lru_cache(maxsize=1024)  # the file and session are the same for many records
def _where_text(source: str, session) -> tuple:
    """A record's JSON text before and after its line number."""
    return f'{{"file": {fast(source)}, "line": ', f', "session": {fast(session)}, '
