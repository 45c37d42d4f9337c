"""Fitting text to the terminal: the width to use (COLUMNS, else the terminal's, else 80 when the
output is piped), tables whose long text column wraps or moves below the table, and labelled lines
that wrap under their label."""
from __future__ import annotations

import os
import sys

from .tables import _Width, tabulate

DEFAULT = 80
MIN_WRAP = 24  # a text column narrower than this reads badly: it moves below the table instead


def width() -> int:
    """COLUMNS when set (a user's or the shell's word), else the terminal's width, else 80."""
    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) >= 20:
        return int(env)
    try:
        if sys.stdout.isatty():
            return max(20, os.get_terminal_size(sys.stdout.fileno()).columns)
    except (OSError, ValueError, AttributeError):
        pass
    return DEFAULT


def text_width(line: str) -> int:
    return _Width.wcswidth(line)


def wrap_text(text: str, cols: int, first: str = "", rest: str = "") -> list[str]:
    """`text` in lines of at most `cols` display columns (a CJK character takes two), broken at spaces,
    or inside a word only when the word alone is too wide; `first` and `rest` lead the lines."""
    lines: list[str] = []
    line, used, has = first, text_width(first), False

    def close():
        nonlocal line, used, has
        lines.append(line)
        line, used, has = rest, text_width(rest), False

    for word in text.split():
        w = text_width(word)
        if used + has + w > cols and has:
            close()
        while used + w > cols:  # a word wider than a line: cut it by columns
            cut = ""
            for ch in word:
                if used + text_width(cut + ch) > cols:
                    break
                cut += ch
            if not cut:
                break
            line += cut
            close()
            word = word[len(cut):]
            w = text_width(word)
        if word:
            line += (" " if has else "") + word
            used += has + w
            has = True
    if has or not lines:
        lines.append(line)
    return lines


def widest(text: str) -> int:
    return max((text_width(line) for line in text.splitlines()), default=0)


def fit_table(rows, headers, wrap: int | None = None, drop: bool = False, note: str = "Rule",
              cols: int | None = None) -> str:
    """A tabulate table in `cols` columns (default: width()). Column `wrap` (a long text such as the
    rule) wraps when the table is too wide; when it would be narrower than MIN_WRAP it moves below
    the table as numbered notes. `drop` leaves it out altogether (--compact)."""
    cols = cols or width()
    rows = [list(r) for r in rows]
    headers = list(headers)
    if isinstance(wrap, tuple):
        return _fit_several(rows, headers, wrap, cols)
    if wrap is not None and wrap < 0:
        wrap = len(headers) + wrap
    if wrap is not None and drop:
        return tabulate([r[:wrap] + r[wrap + 1:] for r in rows], headers=headers[:wrap] + headers[wrap + 1:])
    table = tabulate(rows, headers=headers)
    if wrap is None or widest(table) <= cols:
        return table
    without = tabulate([r[:wrap] + r[wrap + 1:] for r in rows], headers=headers[:wrap] + headers[wrap + 1:])
    room = cols - widest(without) - 2
    if room >= MIN_WRAP:
        wrapped = [r[:wrap] + [_wrap(str(r[wrap]), room)] + r[wrap + 1:] for r in rows]
        table = tabulate(wrapped, headers=headers)
        if widest(table) <= cols:
            return table
    # the text column below the table: a number in its place, the text wrapped underneath
    numbered, notes = [], []
    for r in rows:
        text = str(r[wrap])
        if text:
            notes.append(text)
            numbered.append(r[:wrap] + [f"[{len(notes)}]"] + r[wrap + 1:])
        else:
            numbered.append(r[:wrap] + [""] + r[wrap + 1:])
    out = [tabulate(numbered, headers=headers[:wrap] + [headers[wrap][:6]] + headers[wrap + 1:])]
    if widest(out[0]) > cols:
        out = [without]
        numbered = None
    if notes:
        out.append(f"{note}:" if numbered is None else "")
        for n, text in enumerate(notes, 1):
            lead = f"  [{n}] " if numbered is not None else "  - "
            out.extend(wrap_text(text, cols, lead, " " * len(lead)))
    return "\n".join(out)


def _fit_several(rows, headers, wrap: tuple, cols: int) -> str:
    """Several text columns wrapped to equal shares of the room the others leave."""
    table = tabulate(rows, headers=headers)
    if widest(table) <= cols:
        return table
    keep = [i for i in range(len(headers)) if i not in wrap]
    rest = widest(tabulate([[r[i] for i in keep] for r in rows], headers=[headers[i] for i in keep]))
    room = (cols - rest - 2 * len(wrap)) // len(wrap)
    if room < MIN_WRAP:  # too narrow to read: the texts go below the table, numbered
        notes, numbered = [], []
        for r in rows:
            text = " - ".join(str(r[i]) for i in wrap if str(r[i]))
            mark = ""
            if text:
                notes.append(text)
                mark = f"[{len(notes)}]"
            numbered.append([x for i, x in enumerate(r) if i not in wrap] + [mark])
        out = [tabulate(numbered, headers=[h for i, h in enumerate(headers) if i not in wrap] + [""]), ""]
        for n, text in enumerate(notes, 1):
            out.extend(wrap_text(text, cols, f"  [{n}] ", " " * len(f"  [{n}] ")))
        return "\n".join(out)
    wrapped = [[_wrap(str(x), room) if i in wrap else x for i, x in enumerate(r)] for r in rows]
    return tabulate(wrapped, headers=[_wrap(h, room) if i in wrap else h for i, h in enumerate(headers)])


def _wrap(text: str, room: int) -> str:
    return "\n".join(wrap_text(text, room)) or text


def field(label: str, text: str, indent: int = 10, cols: int | None = None) -> str:
    """`label` padded to `indent`, then `text` wrapped under it to the width."""
    cols = cols or width()
    lead = f"{label:<{indent}}"
    if text_width(lead + text) <= cols:
        return lead + text
    return "\n".join(wrap_text(text, cols, lead, " " * indent))


def fill(text: str, cols: int | None = None, indent: str = "") -> str:
    cols = cols or width()
    if text_width(text) <= cols:
        return text
    lead = text[:len(text) - len(text.lstrip())]  # a line's own indent stays on its first line
    return "\n".join(wrap_text(text.strip(), cols, lead, indent or "  "))
