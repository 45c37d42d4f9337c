"""The ruleset a table keeps: the merged content of its ruleset file (and every file it extends) and
a digest of it, stored in the table when it is created. Every later event is scored with this copy,
never with the file on disk, so editing a club file, or running from another folder where a relative
path names another file, cannot change a table's money; `table show` says when the file on disk no
longer matches."""
from __future__ import annotations

import functools
import hashlib
import json

from .store import TableError


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _canonical(data) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def capture(ref: str) -> dict:
    """{data, src, digest} of ruleset `ref` as it is now (load_variant has checked it loads)."""
    from ..rulesets.files import _load_merged

    data, src, _ = _load_merged(ref)
    return {"data": data, "src": src, "digest": _digest(_canonical(data))}


@functools.lru_cache(maxsize=8)
def _built(text: str, src: str):
    from ..rulesets.check import build

    return build(json.loads(text), src)


def stored_variant(kept: dict, path: str):
    """The Variant of a table's stored ruleset; TableError when the copy does not match its digest."""
    if not isinstance(kept, dict) or not isinstance(kept.get("data"), dict):
        raise TableError(f"{path}: the table's stored ruleset is damaged")
    if _digest(_canonical(kept["data"])) != kept.get("digest"):
        raise TableError(f"{path}: the table's stored ruleset does not match its digest (the file was altered)")
    from ..errors import MjError

    try:
        # built in the file's own key order (patterns are listed in it), kept per content
        return _built(json.dumps(kept["data"], ensure_ascii=False), str(kept.get("src") or path))
    except MjError as e:
        raise TableError(f"{path}: the table's stored ruleset does not load ({e})") from None


def on_disk_note(ref: str, kept: dict) -> str:
    """'' when `ref` on disk is the stored copy, else a sentence saying the table keeps its own."""
    from ..errors import MjError

    try:
        now = capture(ref)["digest"]
    except MjError:
        now = None
    if now == kept.get("digest"):
        return ""
    where = "is gone" if now is None else "has changed"
    return (f"The ruleset file {ref} {where} since the table was created; the table scores with the copy it "
            f"keeps (sha256 {kept['digest'][:12]}).")
