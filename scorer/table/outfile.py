"""Files the table commands write (`export --out`, `chart --out`): never one of their inputs, into a
folder that exists and can be written, and complete or not at all.

An output is compared with each input by device and inode after following symlinks, so a second name
for a table (a symlink, a hard link, `./t.mj`) is seen to be the table."""
from __future__ import annotations

import os

from ..errors import OutputError


def _identity(path: str):
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def check_out(out: str, inputs, what: str = "--out") -> None:
    """OutputError unless `out` can be written without touching any of `inputs`."""
    real = os.path.realpath(out)
    mine = _identity(real)
    if mine is not None:
        for path in inputs:
            if _identity(path) == mine:
                raise OutputError(f"{what} {out} is {path}, an input of this command: it would be overwritten")
        if os.path.isdir(real):
            raise OutputError(f"{what} {out} is a folder: name a file")
    folder = os.path.dirname(real) or "."
    if not os.path.isdir(folder):
        raise OutputError(f"{what} {out}: no folder {os.path.dirname(out) or '.'}")
    if not os.access(folder, os.W_OK) or (mine is not None and not os.access(real, os.W_OK)):
        raise OutputError(f"{what} {out}: cannot write there (read-only)")


def write_text(out: str, text: str, inputs) -> None:
    """`text` into `out` (checked as check_out), written beside it and renamed into place."""
    check_out(out, inputs)
    real = os.path.realpath(out)
    tmp = os.path.join(os.path.dirname(real), f".{os.path.basename(real)}.new-{os.getpid()}")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, real)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise OutputError(f"--out {out}: cannot write ({e.strerror})") from None
