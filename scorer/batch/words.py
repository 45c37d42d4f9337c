"""A record's error in the words of a hand file: the library words its errors for the command line
(`--self-draw`, `--discarder SEAT`), and a hand file says the same with its keys (`self_draw: true`,
`discarder: SEAT`), which are the flags' names with underscores (NOTATION.md)."""
from __future__ import annotations

import re

from ..rulesets.keys import KEYS

_FLAG = re.compile(r"--([a-z][a-z0-9-]*)(?: ([A-Z][A-Z|]*)\b)?")
_KEY = {"other": "others", "rule": "rules", "set": ""}


def _key(m) -> str:
    name = m[1]
    value = m[2]
    if name in _KEY:
        key = _KEY[name]
        return key  # (`--set K=V` is the key K itself in a file: the flag goes, the key stays)
    key = name.replace("-", "_")
    if value:
        return f"{key}: {value}"
    return f"{key}: true" if name in _BOOLEAN else key


# the yes/no flags, from the one catalogue of context keys
_BOOLEAN = frozenset(k.flag[2:] for k in KEYS if k.kind == "bool")


def in_file_keys(message: str) -> str:
    """`message` with each command-line flag turned into the hand file's key."""
    if "--" not in message:
        return message
    text = _FLAG.sub(_key, message)
    return text.replace("(its flags:", "(its keys:").replace("--set keys", "keys").replace("  ", " ")
