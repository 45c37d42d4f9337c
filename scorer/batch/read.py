"""Reading hand files for `mjscore batch` (scorer/batch/run.py prepares and scores the records): YAML,
JSON Lines or CSV read as streams of `Raw` records with line numbers, within the bounds below (a line,
a YAML record, nesting, UTF-8 checked as it is read).

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
import json
from dataclasses import dataclass, field
from typing import Iterator

from ..errors import MjError
from ..rulesets.yamlsafe import MAX_DEPTH, MAX_RECORD_NODES, Refused, check_data, check_node

HEADER_KEYS = frozenset({"session", "table", "start", "variant", "rules", "players"})
ANNOTATIONS = ("expect", "note", "comment")  # record keys for people (expected figures, remarks): not scored
FORMATS = ("yaml", "jsonl", "csv")

class ReadError(MjError):
    """A file that cannot be read at all (missing, not UTF-8 from the start, unknown format)."""


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
        yield n, *_decoded(raw, n)


def _decoded(raw: bytes | None, n: int) -> tuple[str | None, str]:
    """(the text, "") of line `n` from _bounded_lines (UTF-8, the first line's BOM dropped), or (None,
    what is wrong with it)."""
    if raw is None:
        return None, f"line longer than {MAX_LINE} bytes"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return None, f"not UTF-8 (byte {e.start + 1} of the line)"
    if n == 1 and text.startswith("\ufeff"):
        text = text[1:]
    return text, ""


def is_header(data) -> bool:
    return isinstance(data, dict) and "hand" not in data and "hands" not in data and bool(data) and \
        all(isinstance(k, str) and k in HEADER_KEYS for k in data)


_scan = json.JSONDecoder().scan_once


def _loads(text: str):
    """json.loads(text), without its checks and whitespace scans when the value starts the line and
    only whitespace follows it; anything else goes to json.loads, which answers (or fails) as ever."""
    try:
        data, end = _scan(text, 0)
    except StopIteration:
        return json.loads(text)
    size = len(text)
    if end != size and not (end == size - 1 and text[end] == "\n") and text[end:].strip(" \t\n\r"):
        return json.loads(text)  # its "Extra data" error
    return data


def read_jsonl(stream, name: str, prepare=None) -> Iterator:
    """The records of a JSON Lines stream as Raws; with `prepare` (a batch.Preparer), as its Jobs (a
    record is then handed on without a Raw of its own)."""
    defaults: dict = {}
    n = 0
    for line in _bounded_lines(stream):  # (_lines' work without its generator: one less a record)
        n += 1
        if line is not None and line.isascii():  # (_decoded's answer, without the call: no BOM, all UTF-8)
            text, error = line.decode("ascii"), ""
        else:
            text, error = _decoded(line, n)
        if text is not None:
            if text.startswith('{"hand": "') and prepare is not None:
                job = prepare.line(name, n, text, defaults)
                if job is not None:
                    yield job
                    continue
            elif not text or text.isspace():  # (what text.strip() would empty, without the copy)
                continue
            try:
                data = _loads(text)
                # a record nested 20,000 deep fails alone, as a rejected record; a line shorter than the
                # node bound with fewer brackets than the depth bound is within both (each value starts
                # at its own character, each level of nesting opens with its own bracket)
                if len(text) > MAX_RECORD_NODES or text.count("{") + text.count("[") > MAX_DEPTH:
                    check_data(data)
            except json.JSONDecodeError as e:
                error = f"not valid JSON at column {e.colno}: {e.msg}"
            except Refused as e:
                error = e.message
            except RecursionError:
                error = f"nested deeper than {MAX_DEPTH} levels"
        if error:
            raw = Raw(name, n, error=error)
            yield raw if prepare is None else prepare(raw)
            continue
        if not (data.__class__ is dict and "hand" in data) and is_header(data):
            defaults = data
            continue
        yield Raw(name, n, data, "", defaults) if prepare is None else prepare.record(name, n, data, defaults)


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
