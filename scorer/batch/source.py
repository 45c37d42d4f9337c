"""One hand file (or `-`) as records: its format found (scorer/batch/read.py) and read by the JSON Lines,
YAML or CSV reader (scorer/batch/csvfile.py)."""
from __future__ import annotations

from typing import Iterator

from .csvfile import read_csv
from .read import Counter, Raw, ReadError, open_source, read_jsonl, read_yaml


def read_source(path: str, input_format: str | None, counter: Counter, stdin=None, prepare=None) -> Iterator:
    """Every record of one file (or `-`). A file that cannot be opened yields one Raw with its error.
    With `prepare` (a batch.Preparer), its Job of each record instead."""
    try:
        name, fmt, stream, closer = open_source(path, input_format, counter, stdin)
    except ReadError as e:
        raw = Raw(path if path != "-" else "<stdin>", 0, error=str(e).split(": ", 1)[-1], file_error=True)
        yield raw if prepare is None else prepare(raw)
        return
    try:
        if fmt == "jsonl":
            yield from read_jsonl(stream, name, prepare)
            return
        if fmt == "csv":
            raws = read_csv(stream, name, "\t" if path.lower().endswith(".tsv") else ",")
        else:
            raws = read_yaml(stream, name)
        if prepare is None:
            yield from raws
        else:
            for raw in raws:
                yield prepare(raw)
    finally:
        if closer:
            closer()
