"""A club's defaults: the ruleset used when no -v/--variant is given and house rules per ruleset, read
from $MJSCORE_CONFIG or ~/.config/mjscore/config.yaml ($XDG_CONFIG_HOME when set):

    ruleset: hk-old
    rules:
      hk-old: {min_faan: 1, stake: 2}

A --rule on the command line overrides the file's value; a missing default file is no error."""
from __future__ import annotations

import functools
import os
from pathlib import Path

from ..errors import MjError
from . import DEFAULT_RULESET

KEYS = ("ruleset", "rules")
MAX_BYTES = 64 * 1024


def config_path() -> tuple[Path | None, bool]:
    """(the file to read, whether the user named it: then it must exist)."""
    env = os.environ.get("MJSCORE_CONFIG")
    if env:
        return Path(env).expanduser(), True
    base = os.environ.get("XDG_CONFIG_HOME") or (
        os.path.join(os.environ["HOME"], ".config") if os.environ.get("HOME") else "")
    if not base:
        return None, False
    return Path(base) / "mjscore" / "config.yaml", False


def load_config() -> dict:
    path, named = config_path()
    if path is None:
        return {}
    try:
        stat = path.stat()
    except OSError:
        if named:
            raise MjError(f"MJSCORE_CONFIG names {path}, which does not exist") from None
        return {}
    return _read(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=4)
def _read(path: str, mtime_ns: int, size: int) -> dict:
    """The checked config file (kept per path, modification time and size)."""
    from .yamlsafe import Refused, load_yaml, read_bounded

    try:
        text = read_bounded(path, MAX_BYTES).decode("utf-8")
        data = load_yaml(text) or {}  # aliases and nesting bounded: an alias bomb is refused, not expanded
    except Refused as e:
        raise MjError(f"config file {path}: {e.message}") from None
    except (UnicodeDecodeError, OSError) as e:
        raise MjError(f"config file {path}: not readable ({type(e).__name__})") from None
    except Exception as e:  # yaml.YAMLError (the yaml module is imported by load_yaml only)
        raise MjError(f"config file {path}: not valid YAML ({type(e).__name__})") from None
    if not isinstance(data, dict):
        raise MjError(f"config file {path}: expected keys {', '.join(KEYS)}")
    from ..suggest import did_you_mean

    for k in data:
        if k not in KEYS:
            raise MjError(f"config file {path}: unknown key {k!r}{did_you_mean(str(k), KEYS)}; keys: {', '.join(KEYS)}")
    if "ruleset" in data and (not isinstance(data["ruleset"], str) or not data["ruleset"].strip()):
        raise MjError(f"config file {path}: ruleset is one ruleset id or file, got {data['ruleset']!r}")
    rules = data.get("rules") or {}
    if not isinstance(rules, dict) or not all(isinstance(v, dict) for v in rules.values()):
        raise MjError(f"config file {path}: rules maps a ruleset id to its options ({{hk-old: {{min_faan: 1}}}})")
    from .files import club_ids, shipped_ids

    known = shipped_ids() + club_ids()
    for k in rules:
        if str(k).lower() not in known:
            hint = did_you_mean(str(k), known)
            if hint:  # a misspelt id: its house rules would be silently ignored
                raise MjError(f"config file {path}: rules names no ruleset {k!r}{hint}")
    data["rules"] = {str(k).lower(): v for k, v in rules.items()}
    return data


def defaults(variant: str | None) -> tuple[str, dict]:
    """(the ruleset to use, the config file's house rules for it) given the command's -v value."""
    data = load_config()
    ref = variant if variant is not None else data.get("ruleset") or DEFAULT_RULESET  # "" is refused, not the default
    rules = data.get("rules") or {}
    if not rules:
        return ref, {}
    from .variant import load_variant

    try:
        vid = load_variant(ref).id
    except MjError:
        return ref, {}  # scoring says what is wrong with the ruleset
    return ref, dict(rules.get(vid.lower()) or {})


def house_rules():
    """The config file's house rules as a function of a record's ruleset reference (an id or a file),
    kept per reference; None when the file sets none (batch then pays nothing per record)."""
    rules = load_config().get("rules") or {}
    if not rules:
        return None
    from .variant import load_variant

    seen: dict = {}

    def for_ruleset(ref: str) -> dict:
        got = seen.get(ref)
        if got is None:
            try:
                vid = load_variant(ref).id
            except MjError:
                vid = None  # scoring says what is wrong with the ruleset
            got = seen[ref] = dict(rules.get(vid.lower()) or {}) if vid else {}
        return got

    return for_ruleset
