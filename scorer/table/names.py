"""Names a table keeps: players and who entered an event (`--by`).

A name is shown in standings and in the audit trail, so it must not be able to forge a line or move
the cursor: it is printable text on one line (no control or format characters), at most MAX_NAME
characters, kept NFC-normalised. Two players must be told apart by a reader: names equal after
normalisation and case folding are the same player, and so are names that look alike when letters
of the Latin, Greek and Cyrillic scripts that share a shape are read as one (a "skeleton", after
Unicode's confusables, cut down to those scripts); a name that mixes letters of these scripts is
refused outright (`Аnn` with a Cyrillic А).

At a live table a player may be given by a unique beginning of the name (`ann` for Annabel, read as
the names are compared: case folded, look-alikes as one), and what the engine says about seats (E, S,
W, N) is said with the players' names, since at a table the seat letters move with the deal and
nobody thinks of themselves as "S"."""
from __future__ import annotations

import re
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


def find_player(players, name) -> int:
    """The index of the player `name` names: the whole name or a unique beginning of one, in any
    case; otherwise the error says who is at the table, with a did-you-mean."""
    from ..suggest import did_you_mean

    if name is None:
        raise ContextError("a player's name is needed")
    if not isinstance(name, str):
        raise ContextError(f"a player is named by text, got {type(name).__name__} {name!r}")
    want = skeleton(name.strip())
    keys = [skeleton(p) for p in players]
    exact = [i for i, k in enumerate(keys) if k == want]
    if exact:
        return exact[0]
    starts = [i for i, k in enumerate(keys) if want and k.startswith(want)]
    if len(starts) == 1:
        return starts[0]
    shown = name if len(name) <= MAX_NAME else name[:MAX_NAME - 3] + "..."
    if len(starts) > 1:
        raise ContextError(f"{shown!r} could be {' or '.join(players[i] for i in starts)}: give more of the name")
    raise ContextError(f"no player {shown!r} at this table (players: {', '.join(players)})"
                       + did_you_mean(shown, list(players)))


_SEAT_WORDS = re.compile(r"\((?P<a>[ESWN])\)|\b(?P<b>[ESWN])'s\b|"
                         r"\b(?P<word>seat|from|to|by|winner|discarder|dealer|liable|robbed) (?P<c>[ESWN])\b")


def named(message: str, seats: dict) -> str:
    """`message` with the seat letters it uses for players turned into their names: '(S)' -> '(Bob)',
    "S's" -> "Bob's", 'discarder S' -> 'discarder Bob'. Tiles keep their letters (E is also the
    east wind tile), so only those three shapes are changed."""
    def one(m):
        if m["a"]:
            return f"({seats.get(m['a'], m['a'])})"
        if m["b"]:
            return f"{seats.get(m['b'], m['b'])}'s"
        return f"{m['word']} {seats.get(m['c'], m['c'])}"

    return _SEAT_WORDS.sub(one, message).replace(" discarder seat", " discarder")


_NAME_KEYS = ("seat", "discarder", "robbed", "liable", "disclosed")
_NAME_LISTS = ("riichi_by", "tenpai")


def full_names(entry: dict, players) -> dict:
    """The entry with each player given by a beginning of the name written out whole, so the stored
    event and everything printed from it say 'Annabel', not what was typed."""
    def whole(name):
        return players[find_player(players, name)]

    out = dict(entry)
    for key in _NAME_KEYS:
        if isinstance(out.get(key), str):
            out[key] = whole(out[key])
    for key in _NAME_LISTS:
        if isinstance(out.get(key), list):
            out[key] = [whole(n) for n in out[key]]
    if isinstance(out.get("hands"), list):
        out["hands"] = [[whole(h[0]), *h[1:]] if isinstance(h, list) and h else h for h in out["hands"]]
    if isinstance(out.get("others"), dict):
        out["others"] = {whole(n): h for n, h in out["others"].items()}
    return out
