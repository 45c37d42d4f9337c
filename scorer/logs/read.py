"""One entry point: `read_games(path)` sniffs a file's format and returns its games.

Formats: the mjlog XML (plain, or gzipped as Tenhou serves `.mjlog` files; the document starts
with `<mjloggm`), and tenhou.net/6 JSON (an object with `log`, `name` or `rule`, or a list of
such objects). Bounds: a file over 64 MB (or gzip data that inflates past 64 MB) is refused; an
XML document type or entity declaration is refused before parsing, so no entity is expanded.
Everything is the Python standard library.
"""
from __future__ import annotations

import gzip
import io
import os
import zlib

from . import mjlog, tenhou6
from .model import Game, LogError

MAX_BYTES = 64 * 1024 * 1024


def _inflate(data: bytes, file: str) -> bytes:
    """Gunzip with a ceiling on the output size (a small bomb cannot fill memory)."""
    out = io.BytesIO()
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as g:
            while True:
                chunk = g.read(1 << 20)
                if not chunk:
                    break
                out.write(chunk)
                if out.tell() > MAX_BYTES:
                    raise LogError(f"{file}: inflates past {MAX_BYTES // 2**20} MB; refused")
    except (OSError, EOFError, zlib.error) as e:
        raise LogError(f"{file}: broken gzip data ({e})") from None
    return out.getvalue()


def read_bytes(data: bytes, file: str) -> list[Game]:
    """The games in `data` (the contents of `file`, named in errors)."""
    if data[:2] == b"\x1f\x8b":
        data = _inflate(data, file)
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<"):
        if b"<mjloggm" not in head:
            raise LogError(f"{file}: XML, but not an mjlog (no <mjloggm> at the start)")
        return [mjlog.parse(data, file)]
    if head[:1] in (b"{", b"["):
        return tenhou6.parse(data, file)
    raise LogError(f"{file}: neither an mjlog (XML, plain or gzipped) nor tenhou.net/6 JSON")


def read_games(path) -> list[Game]:
    """Read every game in the file at `path` (one for an mjlog; one or more for JSON)."""
    file = os.fspath(path)
    try:
        size = os.stat(file).st_size
        if size > MAX_BYTES:
            raise LogError(f"{file}: {size} bytes, over the {MAX_BYTES // 2**20} MB a log may have")
        with open(file, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise LogError(f"{file}: cannot be read ({e.strerror or e})") from None
    if len(data) > MAX_BYTES:
        raise LogError(f"{file}: over the {MAX_BYTES // 2**20} MB a log may have")
    return read_bytes(data, file)
