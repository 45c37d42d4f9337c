"""'Did you mean ...?': the closest valid name for a mistyped key, id or option."""
from __future__ import annotations

import difflib


def closest(name: str, choices) -> str | None:
    """The valid name nearest to `name` (case-insensitive), or None when nothing is near enough.

    >>> closest("only_posible_tile", ["only_possible_tile", "self_draw"])
    'only_possible_tile'
    >>> closest("zzz", ["self_draw"]) is None
    True
    """
    by_low = {str(c).lower(): str(c) for c in choices}
    hit = difflib.get_close_matches(str(name).lower(), list(by_low), n=1, cutoff=0.6)
    return by_low[hit[0]] if hit else None


def did_you_mean(name: str, choices) -> str:
    """' (did you mean X?)' or '' — to append to a refusal."""
    hit = closest(name, choices)
    return f" (did you mean {hit}?)" if hit else ""
