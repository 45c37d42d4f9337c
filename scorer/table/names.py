"""Names a table keeps: players and who entered an event (`--by`).

A name is shown in standings and in the audit trail, so it must not be able to forge a line or move
the cursor: it is printable text on one line (no control or format characters), at most MAX_NAME
characters, kept NFC-normalised. Two players must be told apart by a reader: names equal after
normalisation and case folding are the same player, and so are names that look alike when letters
of the Latin, Greek and Cyrillic scripts that share a shape are read as one (a "skeleton", after
Unicode's confusables, cut down to those scripts); a name that mixes letters of these scripts is
refused outright (`Аnn` with a Cyrillic А)."""
from __future__ import annotations

import unicodedata

from ..errors import ContextError

MAX_NAME = 40
MAX_BY = 80

# Greek and Cyrillic letters with a Latin twin (lower case, after case folding)
_TWINS = str.maketrans({
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
    "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ё": "e",
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "γ": "y", "μ": "u", "ς": "c", "σ": "o",
})
_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


def _script(ch: str) -> str | None:
    name = unicodedata.name(ch, "")
    return next((s for s in _SCRIPTS if name.startswith(s + " ")), None)


def clean(text, what: str, limit: int) -> str:
    """`text` NFC-normalised and stripped; ContextError unless it is one printable line of at most
    `limit` characters."""
    if not isinstance(text, str):
        raise ContextError(f"{what} must be text, got {type(text).__name__}")
    text = unicodedata.normalize("NFC", text).strip()
    if not text:
        raise ContextError(f"{what} cannot be empty")
    if len(text) > limit:
        raise ContextError(f"{what} is at most {limit} characters, got {len(text)}")
    bad = next((ch for ch in text if unicodedata.category(ch)[0] in "CZ" and ch != " "), None)
    if bad is not None:
        raise ContextError(f"{what} {text[:limit]!r} holds a control, format or line-break character "
                           f"(U+{ord(bad):04X}): names are shown in standings and the audit trail")
    return text


def player_name(text) -> str:
    name = clean(text, "a player's name", MAX_NAME)
    scripts = {s for s in map(_script, name) if s}
    if len(scripts) > 1:
        raise ContextError(f"a player's name {name!r} mixes {' and '.join(sorted(s.title() for s in scripts))} "
                           "letters: it would look like another name")
    return name


def skeleton(name: str) -> str:
    """What a reader sees: case folded, look-alike Greek and Cyrillic letters read as Latin."""
    return unicodedata.normalize("NFC", name).casefold().translate(_TWINS)


def check_players(names) -> list[str]:
    """Each name checked; refuses two that a reader could not tell apart."""
    out = [player_name(n) for n in names]
    seen: dict = {}
    for n in out:
        key = skeleton(n)
        if key in seen:
            raise ContextError(f"players {seen[key]!r} and {n!r} look the same: give distinct names")
        seen[key] = n
    return out


def entered_by(text) -> str:
    return clean(text, "--by", MAX_BY)
