"""Players at a live table by name: a name may be given by a unique beginning (`ann` for Annabel),
and what the engine says about seats (E, S, W, N) is said with the players' names, since at a
table the seat letters move with the deal and nobody thinks of themselves as "S"."""
from __future__ import annotations

import re

from ..errors import ContextError
from ..suggest import did_you_mean


def find_player(players, name) -> int:
    """The index of the player `name` names: the whole name or a unique beginning of one, in any
    case; otherwise the error says who is at the table, with a did-you-mean."""
    if name is None:
        raise ContextError("a player's name is needed")
    want = str(name).strip().lower()
    exact = [i for i, p in enumerate(players) if p.lower() == want]
    if exact:
        return exact[0]
    starts = [i for i, p in enumerate(players) if want and p.lower().startswith(want)]
    if len(starts) == 1:
        return starts[0]
    listed = ", ".join(players)
    if len(starts) > 1:
        raise ContextError(f"{name!r} could be {' or '.join(players[i] for i in starts)}: give more of the name")
    raise ContextError(f"no player {name!r} at this table (players: {listed})" + did_you_mean(str(name), players))


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
