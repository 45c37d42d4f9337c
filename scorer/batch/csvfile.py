"""The CSV reader of `mjscore batch` (scorer/batch/read.py reads the other formats and the lines):
a header row with a `hand` column; one column per context key; `rules.KEY` columns for house rules,
`others.SEAT` columns for other players' hands and `names.SEAT` for the seating. Empty cells are absent keys; rows whose first cell
starts with `#` are comments. A record's line is its row's first line."""
from __future__ import annotations

import json
from typing import Iterator

from ..rulesets.context_values import scalar
from ..rulesets.keys import TEXT_KEYS
from .read import Raw, _lines

# columns kept as written: the record's own text columns and the catalogue's seat and tile keys
# (a dora indicator `5` would otherwise be read as the number 5)
_STR_COLUMNS = frozenset({"hand", "variant", "session", "table"}) | TEXT_KEYS


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
            elif key.startswith("names."):  # the seating (`table export`): who sat at each seat
                data.setdefault("names", {})[key[6:].upper()] = cell
            elif key in _STR_COLUMNS:
                data[key] = cell
            elif key in ("start", "rules") and cell.startswith("{"):  # (`rules` {}: a table export's none)
                try:
                    data[key] = json.loads(cell)
                except json.JSONDecodeError:
                    data[key] = cell
            else:
                data[key] = scalar(cell)
        yield Raw(name, first, data)
