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

Formats
-------
- YAML: a list of records, or several `---` documents (each a record, a header or a list). Documents
  are read one at a time (yaml's document iterator), so a long multi-document file streams; a single
  huge list is one document and is composed whole before its first record is scored (its records are
  still built and scored one at a time). A syntax error ends the file: the records before it count.
- JSON Lines: one JSON object per line (blank lines skipped). A bad line is rejected, the rest is read.
- CSV: a header row with a `hand` column; one column per context key; `rules.KEY` columns for house
  rules and `others.SEAT` columns for other players' hands. Empty cells are absent keys; rows whose
  first cell starts with `#` are comments.
Line numbers are 1-based: the line where a YAML record's mapping starts, the JSONL line, the CSV row's
first line.
"""
from __future__ import annotations

import codecs
import io
import json
import math
import os
from collections import deque
from itertools import islice
from dataclasses import dataclass, field
from typing import Iterator, NamedTuple

from . import engine
from .context import scalar
from .errors import MjError, WorkerLost
from .yamlsafe import MAX_DEPTH, MAX_RECORD_NODES, Refused, check_data, check_node

HEADER_KEYS = frozenset({"session", "table", "start", "variant", "rules", "players"})
ANNOTATIONS = ("expect", "note", "comment")  # record keys for people (expected figures, remarks): not scored
FORMATS = ("yaml", "jsonl", "csv")
_STR_COLUMNS = frozenset({"hand", "variant", "session", "table", "discarder", "robbed", "seat", "round", "dealer",
                          "liable", "win", "wild", "indicator"})


class ReadError(MjError):
    """A file that cannot be read at all (missing, not UTF-8 from the start, unknown format)."""


# ---- reading ----------------------------------------------------------------------------------

@dataclass
class Raw:
    """One record as read: where it is, the parsed data (or the reason it could not be parsed) and the
    header defaults in force for it."""

    source: str
    line: int
    data: object = None
    error: str = ""
    defaults: dict = field(default_factory=dict)
    file_error: bool = False  # the file (not one record) could not be read on from here


class Counter:
    """Bytes consumed so far (for the progress bar); readers add to `pos`."""

    def __init__(self):
        self.pos = 0


class _CountingReader:
    """A binary stream that counts what is read from it; an optional already-read head is served first."""

    def __init__(self, raw, counter: Counter, head: bytes = b""):
        self.raw = raw
        self.counter = counter
        self.head = head

    def read(self, n=-1):
        if self.head:
            if n is None or n < 0:
                out, self.head = self.head + self.raw.read(), b""
            else:
                out, self.head = self.head[:n], self.head[n:]
        else:
            out = self.raw.read(n)
        self.counter.pos += len(out)
        return out

    def read1(self, n=-1):
        """What is at hand, at most n bytes (one read of the stream: a pipe does not wait to fill n)."""
        if self.head:
            return self.read(n)
        read1 = getattr(self.raw, "read1", None)
        out = read1(n) if read1 is not None else self.raw.read(n)
        self.counter.pos += len(out)
        return out


def sniff(head: bytes) -> str:
    """Guess the format from the first meaningful line: `{` JSON Lines; `key: value`, `- `, `---`, `[`
    YAML; a comma-separated header naming `hand`, CSV."""
    text = head.decode("utf-8", "replace").lstrip("\ufeff")
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        if s.startswith("{"):
            return "jsonl"
        if s.startswith(("---", "- ", "[", "%")) or s == "-" or ": " in s or s.endswith(":"):
            return "yaml"
        if "," in s or s.lower() == "hand":
            return "csv"
        return "yaml"
    return "yaml"


def format_of(path: str) -> str | None:
    low = path.lower()
    if low.endswith((".yaml", ".yml")):
        return "yaml"
    if low.endswith((".jsonl", ".ndjson", ".jsonlines")):
        return "jsonl"
    if low.endswith((".csv", ".tsv")):
        return "csv"
    return None


def _read_head(raw) -> bytes:
    """Lines up to and including the first one that is not blank or a comment (at most 64 KiB)."""
    head = b""
    while len(head) < 65536:
        line = raw.readline(65536)
        head += line
        if not line or (line.strip() and not line.strip().startswith(b"#")):
            break
    return head


def open_source(path: str, input_format: str | None, counter: Counter, stdin=None):
    """(display name, format, counting binary stream, closer) for a path or `-`."""
    import sys

    if path == "-":
        raw = stdin if stdin is not None else sys.stdin.buffer
        name = "<stdin>"
        closer = None
    else:
        name = path
        try:
            raw = open(path, "rb")  # noqa: SIM115 - closed by the caller
        except IsADirectoryError:
            raise ReadError(f"{path}: is a directory") from None
        except OSError as e:
            raise ReadError(f"{path}: cannot read: {e.strerror}") from None
        closer = raw.close
    fmt = input_format if input_format and input_format != "auto" else (None if path == "-" else format_of(path))
    head = b""
    if fmt is None:
        head = _read_head(raw)
        fmt = sniff(head)
    return name, fmt, _CountingReader(raw, counter, head), closer


MAX_LINE = 100_000  # bytes; a record is a few hundred, so a longer line is damage or an attack
MAX_RECORD_BYTES = 1_000_000  # one YAML record (a mapping over many lines), like a ruleset file


def _bounded_lines(stream):
    """Lines (with their line ends) of at most MAX_LINE bytes; a longer one is read through in chunks
    (never held whole) and comes back as None. Read in blocks: a pipe's records are passed on as they
    arrive (read1), a file's without a call per line."""
    pending = b""  # the start of a line whose end has not been read yet
    skipping = False  # inside a line already found too long
    while True:
        chunk = stream.read1(65536)
        if not chunk:
            break
        if skipping:
            end = chunk.find(b"\n")
            if end < 0:
                continue
            skipping = False
            yield None
            chunk = chunk[end + 1:]
        lines = (pending + chunk).split(b"\n") if pending else chunk.split(b"\n")
        pending = lines.pop()
        for line in lines:
            yield line + b"\n" if len(line) <= MAX_LINE else None
        if len(pending) > MAX_LINE:
            pending = b""
            skipping = True
    if skipping:
        yield None
    elif pending:
        yield pending if len(pending) <= MAX_LINE else None


def _lines(stream, name) -> Iterator[tuple[int, str | None, str]]:
    """(line number, text or None, error) per line, decoding UTF-8 (a leading BOM is dropped)."""
    for n, raw in enumerate(_bounded_lines(stream), 1):
        if raw is None:
            yield n, None, f"line longer than {MAX_LINE} bytes"
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            yield n, None, f"not UTF-8 (byte {e.start + 1} of the line)"
            continue
        if n == 1 and text.startswith("\ufeff"):
            text = text[1:]
        yield n, text, ""


def is_header(data) -> bool:
    return isinstance(data, dict) and "hand" not in data and "hands" not in data and bool(data) and \
        all(isinstance(k, str) and k in HEADER_KEYS for k in data)


def read_jsonl(stream, name: str) -> Iterator[Raw]:
    defaults: dict = {}
    for n, text, err in _lines(stream, name):
        if err:
            yield Raw(name, n, error=err)
            continue
        if not text.strip():
            continue
        try:
            data = json.loads(text)
            check_data(data)  # a record nested 20,000 deep fails alone, as a rejected record
        except json.JSONDecodeError as e:
            yield Raw(name, n, error=f"not valid JSON at column {e.colno}: {e.msg}")
            continue
        except Refused as e:
            yield Raw(name, n, error=e.message)
            continue
        except RecursionError:
            yield Raw(name, n, error=f"nested deeper than {MAX_DEPTH} levels")
            continue
        if is_header(data):
            defaults = data
            continue
        yield Raw(name, n, data, defaults=defaults)


def read_csv(stream, name: str, delimiter: str = ",") -> Iterator[Raw]:
    import csv

    state = {"line": 0, "err": ""}

    def lines():
        for n, text, err in _lines(stream, name):
            state["line"] = n
            if err:
                state["err"] = err
                text = "\n"
            yield text

    reader = csv.reader(lines(), delimiter=delimiter)
    header = None
    while header is None:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            yield Raw(name, state["line"], error=f"not valid CSV: {e}; the rest of the file is skipped",
                      file_error=True)
            return
        if row and any(c.strip() for c in row) and not row[0].lstrip().startswith("#"):
            header = [c.strip().lstrip("\ufeff").replace("-", "_") for c in row]
    if "hand" not in header:
        yield Raw(name, state["line"], error=f"the CSV header has no hand column (columns: {', '.join(header)})",
                  file_error=True)
        return
    last = state["line"]
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            yield Raw(name, last + 1, error=f"not valid CSV: {e}")
            last = state["line"]
            continue
        first, last = last + 1, state["line"]
        if state["err"]:
            yield Raw(name, first, error=state["err"])
            state["err"] = ""
            continue
        if not any(c.strip() for c in row) or row[0].lstrip().startswith("#"):
            continue
        if len(row) != len(header):
            yield Raw(name, first, error=f"the row has {len(row)} fields, the header has {len(header)}")
            continue
        data: dict = {}
        for key, cell in zip(header, row):
            cell = cell.strip()
            if not cell:
                continue
            if key.startswith("rules."):
                data.setdefault("rules", {})[key[6:]] = scalar(cell)
            elif key.startswith("others."):
                data.setdefault("others", {})[key[7:].upper()] = cell
            elif key in _STR_COLUMNS:
                data[key] = cell
            elif key == "start" and cell.startswith("{"):
                try:
                    data[key] = json.loads(cell)
                except json.JSONDecodeError:
                    data[key] = cell
            else:
                data[key] = scalar(cell)
        yield Raw(name, first, data)


def _event_loader(stream):
    """A yaml loader driven event by event: libyaml's parser (C) when present, with PyYAML's composer and
    safe constructor, so each record's node is composed and built on its own."""
    import yaml
    from yaml.composer import Composer
    from yaml.constructor import SafeConstructor
    from yaml.resolver import Resolver

    try:
        from yaml._yaml import CParser
    except ImportError:  # pure Python PyYAML
        return yaml.SafeLoader(stream)

    class EventLoader(CParser, Composer, SafeConstructor, Resolver):
        def __init__(self, s):
            CParser.__init__(self, s)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)

    return EventLoader(stream)


def read_yaml(stream, name: str) -> Iterator[Raw]:
    """Event by event: a top-level list (or a `hands:` list) is composed and built one item at a time,
    so a long list streams too and a syntax error keeps the records before it. Header keys of a
    `hands:` mapping must come before `hands:`."""
    import yaml
    from yaml import events as ev

    checked = _Utf8Checked(stream)
    loader = _event_loader(checked)
    defaults: dict = {}

    def build(node, max_nodes=MAX_RECORD_NODES):
        try:
            check_node(node, max_nodes)  # aliases expanded, duplicate keys: before anything is built
            return loader.construct_object(node, deep=True), ""
        except Refused as e:
            return None, e.message
        except yaml.YAMLError as e:
            return None, f"cannot read this YAML: {getattr(e, 'problem', None) or e}"
        finally:  # one record's objects are not kept for the next
            loader.constructed_objects = {}
            loader.recursive_objects = {}

    def next_line():
        return loader.peek_event().start_mark.line + 1

    def items(dflt):
        loader.get_event()  # SequenceStart
        while not loader.check_event(ev.SequenceEndEvent):
            line = next_line()
            checked.mark = checked.offset  # one record's text is bounded, not the list's
            data, err = build(loader.compose_node(None, None))
            yield Raw(name, line, data, err, dflt)
        loader.get_event()

    try:
        loader.get_event()  # StreamStart
        while not loader.check_event(ev.StreamEndEvent):
            loader.get_event()  # DocumentStart
            line = next_line()
            checked.mark = checked.offset
            if loader.check_event(ev.SequenceStartEvent):
                yield from items(defaults)
            elif loader.check_event(ev.MappingStartEvent):
                start = loader.get_event()
                pairs, late = [], []
                streamed = False
                while not loader.check_event(ev.MappingEndEvent):
                    key = loader.compose_node(None, None)
                    if (isinstance(key, yaml.ScalarNode) and key.value == "hands" and not streamed
                            and loader.check_event(ev.SequenceStartEvent)):
                        head, err = build(yaml.MappingNode("tag:yaml.org,2002:map", pairs, start.start_mark,
                                                           start.end_mark))
                        if err or "hand" in head:
                            yield Raw(name, line, error=err or "a mapping with hands: is a header; it cannot "
                                                               "have a hand too")
                            head = {}
                        yield from items({**defaults, **head})
                        streamed = True
                        continue
                    (late if streamed else pairs).append((key, loader.compose_node(None, None)))
                loader.get_event()
                if streamed:
                    if late:
                        keys = ", ".join(k.value if isinstance(k, yaml.ScalarNode) else "?" for k, _ in late)
                        yield Raw(name, late[0][0].start_mark.line + 1,
                                  error=f"{keys} after hands: apply to nothing; put header keys before hands:")
                else:
                    data, err = build(yaml.MappingNode("tag:yaml.org,2002:map", pairs, start.start_mark,
                                                       start.end_mark, flow_style=start.flow_style))
                    if not err and is_header(data):
                        defaults = data
                    else:
                        yield Raw(name, line, data, err, defaults)
            else:
                node = loader.compose_node(None, None)
                if not (isinstance(node, yaml.ScalarNode) and node.tag.endswith(":null")):
                    data, err = build(node)
                    yield Raw(name, line, data, err, defaults)
            loader.get_event()  # DocumentEnd
            loader.anchors = {}
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        line = mark.line + 1 if mark is not None else 0
        problem = getattr(e, "problem", None) or str(e)
        yield Raw(name, line, error=f"not valid YAML: {problem}; the rest of the file is skipped", file_error=True)
    except _NotUtf8 as e:
        yield Raw(name, 0, error=f"not UTF-8 (byte {e.args[0]} of the file); the rest of the file is skipped",
                  file_error=True)
    except _TooLong:
        yield Raw(name, 0, error=f"a line longer than {MAX_LINE} characters; the rest of the file is skipped",
                  file_error=True)
    except RecursionError:
        yield Raw(name, 0, error=f"nested deeper than {MAX_DEPTH} levels; the rest of the file is skipped",
                  file_error=True)
    except _RecordTooLarge:
        yield Raw(name, 0, error=f"a record larger than {MAX_RECORD_BYTES} bytes; the rest of the file is skipped",
                  file_error=True)
    finally:
        loader.dispose()


class _NotUtf8(Exception):
    pass


class _RecordTooLarge(Exception):
    pass


class _TooLong(Exception):
    pass


class _Utf8Checked:
    """Feed yaml decoded text (incremental UTF-8), so a bad byte is reported by its offset."""

    def __init__(self, stream):
        self.stream = stream
        self.dec = codecs.getincrementaldecoder("utf-8")()
        self.offset = 0
        self.first = True
        self.run = 0  # characters since the last newline
        self.mark = 0  # the offset where the current record began (read_yaml sets it)

    def read(self, n=-1):
        data = self.stream.read(n if n and n > 0 else 65536)
        try:
            text = self.dec.decode(data, final=not data)
        except UnicodeDecodeError as e:
            raise _NotUtf8(self.offset + e.start + 1) from None
        self.offset += len(data)
        last_nl = text.rfind("\n")
        self.run = (self.run + len(text)) if last_nl < 0 else len(text) - last_nl - 1
        if self.offset - self.mark > MAX_RECORD_BYTES + 131072:  # (the parser reads ahead)
            raise _RecordTooLarge()
        if self.run > MAX_LINE:
            raise _TooLong()
        if self.first and text:
            self.first = False
            text = text.lstrip("\ufeff")
        return text


def read_source(path: str, input_format: str | None, counter: Counter, stdin=None) -> Iterator[Raw]:
    """Every record of one file (or `-`). A file that cannot be opened yields one Raw with its error."""
    try:
        name, fmt, stream, closer = open_source(path, input_format, counter, stdin)
    except ReadError as e:
        yield Raw(path if path != "-" else "<stdin>", 0, error=str(e).split(": ", 1)[-1], file_error=True)
        return
    try:
        if fmt == "jsonl":
            yield from read_jsonl(stream, name)
        elif fmt == "csv":
            yield from read_csv(stream, name, "\t" if path.lower().endswith(".tsv") else ",")
        else:
            yield from read_yaml(stream, name)
    finally:
        if closer:
            closer()


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
    return Job(raw.source, raw.line, label, var, hand, merged, start, names=names, claim=claim)


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
    (output.result_text) for "long"."""
    if job.error:
        return {"error": job.error}
    if job.hand is None or job.names:  # a live table's record (scorer/table/records.py)
        from .table.records import table_outcome

        return table_outcome(job, "full" if mode == "jsonl" else mode, score_job)  # names: seats renamed in "full"
    try:
        r = engine.score(job.hand, job.ctx, variant=job.variant)
        v = r.value
        ctx = r.ctx
        out = {
            "variant": r.variant.id, "hand": r.hand.text(), "seat": ctx.seat, "players": ctx.players,
            "win": _derived(ctx, _win_text), "total": v.total, "unit": v.unit, "limit": v.limit,
            "items": _derived(v, _item_labels),
            "transfers": [(t.frm, t.to, t.amount) for t in r.transfers],
            "cap": r.options.get("session_loss_cap", 0) or 0,
        }
        if job.claim is not None:  # a league audit: the record is scored and posted; a wrong claim is reported
            from .tools import claim_mismatch

            out["claim_wrong"] = claim_mismatch(r, job.claim)
        if mode == "jsonl":  # the record's text, made here (a worker hands back one string)
            from .jsonline import members

            out["json"] = members(r)
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


def _score_chunk(args):
    jobs, mode = args
    return [score_job(j, mode) for j in jobs]


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
                    future = pool.submit(_score_chunk, (part, mode))
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
