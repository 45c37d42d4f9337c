"""Finding a ruleset's files and reading them: shipped and club folders, the YAML read within bounds,
`extends:` chains merged, and the merged data kept as JSON between runs (the cache below)."""
from __future__ import annotations

import os
from pathlib import Path

from ..errors import VariantError, VariantTooLarge, VariantUnknown

MAX_BYTES = 1_000_000
MAX_DEPTH = 20
MAX_EXTENDS = 10


def variants_dir() -> Path:
    """The shipped rulesets' folder: variants/ at the top of a checkout (an editable install), else the
    installed package scorer.variants (pyproject maps variants/ to it)."""
    package = Path(__file__).resolve().parent.parent  # scorer/
    for cand in (package.parent / "variants", package / "variants"):
        if cand.is_dir():
            return cand
    return package.parent / "variants"


def club_dirs() -> list[Path]:
    """Folders of club rulesets named by MJSCORE_VARIANTS (several joined like PATH), beside the
    shipped ones: a club id that is also a shipped id is not used (the shipped one answers)."""
    env = os.environ.get("MJSCORE_VARIANTS", "")
    return [Path(d) for d in env.split(os.pathsep) if d]


def shipped_ids() -> list[str]:
    return sorted(p.stem for p in variants_dir().glob("*.yaml"))


MAX_CLUB_FILES = 20_000  # ruleset files in one club folder: past this the folder is refused


def club_ids() -> list[str]:
    """The ids of the club folders' files (their names: nothing is read), shipped ids left out."""
    shipped = set(shipped_ids())
    found = set()
    for d in club_dirs():
        try:
            entries = os.scandir(d)
        except OSError:
            continue
        with entries:
            for n, e in enumerate(entries):
                if n >= MAX_CLUB_FILES:
                    raise VariantTooLarge(f"MJSCORE_VARIANTS folder holds more than {MAX_CLUB_FILES} files", str(d))
                stem, dot, ext = e.name.rpartition(".")
                if dot and ext in ("yaml", "yml") and stem:
                    found.add(stem.lower())
    return sorted(found - shipped)


def _read_yaml(path: Path) -> dict:
    import yaml

    from .yamlsafe import Refused, load_yaml, read_bounded

    try:
        raw = read_bounded(path, MAX_BYTES)
    except Refused as e:
        raise VariantTooLarge(e.message, str(path)) from None
    except OSError as e:
        raise VariantError(f"cannot read: {e.strerror}", str(path)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise VariantError(f"not UTF-8 (byte {e.start})", str(path)) from None
    try:
        data = load_yaml(text)  # a safe loader, never object-building tags; nodes and aliases bounded
    except Refused as e:
        raise (VariantTooLarge if e.kind == "size" else VariantUnknown)(e.message, str(path)) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        raise VariantError(f"not valid YAML{where}: {getattr(e, 'problem', e)}", str(path)) from None
    except RecursionError:
        raise VariantTooLarge(f"nested deeper than {MAX_DEPTH} levels", str(path)) from None
    if not isinstance(data, dict):
        raise VariantError("a variant file must be a mapping of keys", str(path))
    _check_depth(data, str(path))
    return data


def _check_depth(node, source, depth=0):
    if depth > MAX_DEPTH:
        raise VariantError(f"nested deeper than {MAX_DEPTH} levels", source)
    if isinstance(node, dict):
        for v in node.values():
            _check_depth(v, source, depth + 1)
    elif isinstance(node, list):
        for v in node:
            _check_depth(v, source, depth + 1)


def _merge(base: dict, over: dict) -> dict:
    """Deep merge; a None value in `over` deletes the key (a club file dropping a pattern)."""
    out = dict(base)
    for k, v in over.items():
        if v is None:
            out.pop(k, None)
        elif isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


def _exists(p: Path) -> bool:
    """Path.exists that says no to a name the system cannot even look up (too long, say)."""
    try:
        return p.exists()
    except (OSError, ValueError):
        return False


def resolve_path(ref: str, relative_to: Path | None = None) -> Path:
    """A shipped id (`hk-old`) or a path to a YAML file."""
    if ref.endswith((".yaml", ".yml")) or "/" in ref or os.sep in ref:
        p = Path(ref)
        if not p.is_absolute() and relative_to is not None and not _exists(p):
            p = relative_to / p
        return p
    name = ref.lower()  # ids are lower case; HK-OLD names hk-old
    for folder in [variants_dir()] + club_dirs():
        for ext in (".yaml", ".yml"):
            p = folder / f"{name}{ext}"
            if _exists(p):
                return p
    from ..suggest import did_you_mean

    clubs = club_ids()
    raise VariantError(f"no ruleset {ref!r}{did_you_mean(ref, shipped_ids() + clubs)}; shipped: "
                       f"{', '.join(shipped_ids())}" + (f"; club rulesets: {', '.join(clubs)}" if clubs else ""))


def _load_raw(ref: str, relative_to: Path | None = None, chain: tuple = (), files: list | None = None) -> tuple[dict, str]:
    path = resolve_path(ref, relative_to).resolve() if ref else None
    key = str(path)
    if files is not None:
        files.append(key)
    if key in chain:
        raise VariantError(f"extends cycle: {' -> '.join(chain + (key,))}", key, "extends")
    if len(chain) >= MAX_EXTENDS:
        raise VariantError(f"more than {MAX_EXTENDS} levels of extends", key, "extends")
    if not _exists(path):
        raise VariantError("no such file", key)
    data = _read_yaml(path)
    parent = data.get("extends")
    if parent is not None:
        if not isinstance(parent, str):
            raise VariantError("extends must name one ruleset id or file", key, "extends")
        try:
            base, _ = _load_raw(parent, path.parent, chain + (key,), files)
        except VariantError as e:
            if "no ruleset" in str(e) or "no such file" in str(e):
                raise VariantError(f"its parent {parent!r} is missing ({e})", key, "extends") from None
            raise
        rules = data.get("rules") or {}
        data = {k: v for k, v in data.items() if k not in ("extends", "rules")}
        from .club import club_overrides

        data = club_overrides(base, data, key)  # typos in pattern names; the club's values cited as such
        merged = _merge(base, data)
        if "id" not in data:
            merged["id"] = path.stem
        if rules:
            if not isinstance(rules, dict):
                raise VariantError("rules must map option names to values", key, "rules")
            merged.setdefault("rules", {})
            merged["rules"] = {**merged.get("rules", {}), **rules}
        data = merged
    return data, key


# ---- the merged YAML of a ruleset, kept as JSON between runs ---------------------------------------
# Reading YAML (and importing the YAML library) costs more than scoring a hand from the command line,
# so the merged data of a ruleset and its `extends` chain is kept as JSON (plain data, safe to load),
# valid while every file of the chain has the same content (a digest of its bytes). At most 256 entries
# are kept and none larger than 4 MB. MJSCORE_CACHE=off turns it off.

def _cache_dir() -> Path | None:
    where = os.environ.get("MJSCORE_CACHE")
    if where == "off":
        return None
    if where:
        return Path(where)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mjscore"


def _stamp(path: str):
    """[path, digest of its content] ("" when it cannot be read: the load itself says why)."""
    import hashlib

    from .yamlsafe import Refused, read_bounded

    try:
        return [path, hashlib.sha256(read_bounded(path, MAX_BYTES)).hexdigest()]
    except (OSError, Refused):
        return [path, ""]


def _load_merged(ref: str) -> tuple[dict, str, list]:
    """(merged data, its file, every file of its chain); a file outside the shipped folder cannot
    take a shipped ruleset's id (a club ruleset keeps its own, shown as such)."""
    data, src, files = _merged(ref)
    vid = data.get("id")
    if isinstance(vid, str) and Path(src).parent != variants_dir().resolve() and vid.lower() in shipped_ids():
        raise VariantUnknown(f"id {vid!r} is a shipped ruleset's: a club ruleset keeps its own id (give it "
                             f"`id:` of its own, or a file name that is not {vid}.yaml)", src, "id")
    return data, src, files


def _merged(ref: str) -> tuple[dict, str, list]:
    import json
    import zlib

    cache = _cache_dir()
    top = str(resolve_path(ref).resolve())
    raw = top.encode()
    entry = cache / f"{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}.json" if cache else None
    if entry is not None:
        try:
            saved = json.loads(entry.read_text(encoding="utf-8"))
            if saved["version"] == _CACHE_VERSION and all(_stamp(f[0]) == f for f in saved["files"]):
                return saved["data"], saved["src"], [f[0] for f in saved["files"]]
        except (OSError, ValueError, KeyError, TypeError):
            pass
    files: list = []
    data, src = _load_raw(ref, files=files)
    if entry is not None:
        try:
            text = json.dumps({"version": _CACHE_VERSION, "files": [_stamp(f) for f in files], "data": data,
                               "src": src})
            if len(text) <= 4 * MAX_BYTES and json.loads(text)["data"] == data:  # plain data only
                entry.parent.mkdir(parents=True, exist_ok=True)
                _prune(entry.parent)
                tmp = entry.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_text(text, encoding="utf-8")
                os.replace(tmp, entry)
        except (OSError, TypeError, ValueError):
            pass
    return data, src, files


def _prune(folder: Path, keep: int = 256) -> None:
    """At most `keep` cache entries: the oldest go first."""
    try:
        entries = [e for e in os.scandir(folder) if e.name.endswith(".json")]
        if len(entries) >= keep:
            entries.sort(key=lambda e: e.stat().st_mtime)
            for e in entries[: len(entries) - keep + 1]:
                os.unlink(e.path)
    except OSError:
        pass


_CACHE_VERSION = 3  # 3: club files' pattern overrides checked and cited (scorer/rulesets/club.py)
