"""Plain values a user gives a context, and their bounds: --set values and flags' values (true/false
words, whole counts, text), and the amounts `pay --total` and a claim take. Kept apart from context.py
(the Context and its checks), which imports them."""
from __future__ import annotations

import math

from ..errors import ContextBounds, ContextValue
from .keys import BOUNDS

TRUE_WORDS = {"1", "true", "yes", "on", "y"}
FALSE_WORDS = {"0", "false", "no", "off", "n"}

# The counts' bounds are the catalogue's (keys.py, README "Limits"): a count past its bound is
# refused, never scored, since some counts enter an exponent (a banker's stays double the base in Xiamen).
MAX_TEXT = 200  # characters of a text value (a tile list, a seat list); a hand is at most 200 too
MAX_SET_NUMBER = 10_000  # a `--set` number (a multiplier, a penalty in points)
MAX_OTHERS_COUNT = 4  # a count in another player's state: kongs (four at most)


def _number_text(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def scalar(text: str):
    """A value typed as text (`--set k=v`, a CSV cell): true/false words, whole numbers and decimals
    become values; other text stays text. `nan`, `inf` and numbers of more than 40 digits stay text
    (and are refused where a number is needed)."""
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if len(text) > 40:
        return text
    try:
        return int(text)
    except ValueError:
        pass
    try:
        v = float(text)
    except ValueError:
        return text
    return v if math.isfinite(v) else text


def _as_bool(key, value):
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in TRUE_WORDS | FALSE_WORDS:
        return value.lower() in TRUE_WORDS
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    from ..suggest import did_you_mean

    hint = did_you_mean(value, ("true", "false")) if isinstance(value, str) else ""
    raise ContextValue(f"{key} must be true or false, got {_number_text(value)}{hint}")


def whole(key, value, bound: int | None = None, why: str = "", error=None) -> int:
    """A whole, non-negative count within `bound`: an int, an integral float (1.0) or its text. Refuses
    bools, fractions (1.9 is not truncated), nan, inf and anything past the bound, naming the key."""
    error = error or ContextValue
    if isinstance(value, bool):
        raise error(f"{key} must be a whole number, got {value!r}")
    n = value
    if isinstance(value, str):
        n = scalar(value.strip()) if len(value) <= 40 else value
    if isinstance(n, float):
        if not math.isfinite(n) or not n.is_integer():
            raise error(f"{key} must be a whole number, got {_number_text(value)}")
        n = int(n)
    if not isinstance(n, int) or isinstance(n, bool):
        raise error(f"{key} must be a whole number, got {_number_text(value)}")
    if n < 0:
        raise error(f"{key} cannot be negative, got {n}")
    if bound is not None and n > bound:
        raise ContextBounds(f"{key} {_number_text(n)} is past its bound {bound}" + (f" ({why})" if why else ""))
    return n


def _as_int(key, value):
    bound, why = BOUNDS.get(key, (None, ""))
    return whole(key, value, bound, why)


def _as_text(key, value):
    if not isinstance(value, str):
        raise ContextValue(f"{key} must be text, got {_number_text(value)}")
    if len(value) > MAX_TEXT:
        raise ContextBounds(f"{key} is longer than {MAX_TEXT} characters")
    return value


def _check_atom(where, value, number_bound):
    """A `--set` value or another player's state value: true/false, text, or a finite number within
    its bound (a list of those for positions like kong_chain)."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise ContextBounds(f"{where} is longer than {MAX_TEXT} characters")
        low = value.lower()
        if len(low) > 2 and low not in TRUE_WORDS | FALSE_WORDS:
            from ..suggest import closest

            word = closest(low, ("true", "false", "yes", "off"))
            if word:  # `ture` would be read as text, and text as "not false" or ignored
                raise ContextValue(f"{where}: {value!r} is not true or false (did you mean {word}?)")
        return
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            raise ContextValue(f"{where} must be a finite number, got {value!r}")
        if value < 0:
            raise ContextValue(f"{where} cannot be negative, got {_number_text(value)}")
        if value > number_bound:
            raise ContextBounds(f"{where} {_number_text(value)} is past its bound {number_bound}")
        return
    if isinstance(value, (list, tuple)) and len(value) <= 16:
        for v in value:
            if isinstance(v, (list, tuple, dict)):
                raise ContextValue(f"{where} must be a list of plain values")
            _check_atom(where, v, number_bound)
        return
    raise ContextValue(f"{where} must be true/false, a number or text, got {type(value).__name__}")


MAX_TOTAL = 1_000_000  # a total (`pay --total`, `--claim`) no shipped ruleset's real hand reaches


def check_amount(key: str, value, bound=MAX_TOTAL, whole_only=False, why=""):
    """A finite, non-negative amount within `bound` (whole when `whole_only`), else ContextValue or
    ContextBounds naming `key`."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ContextValue(f"{key} must be a number, got {_number_text(value)}")
    if not math.isfinite(value):
        raise ContextValue(f"{key} must be a finite number, got {value!r}")
    if value < 0:
        raise ContextValue(f"{key} cannot be negative, got {_number_text(value)}")
    if whole_only and value != int(value):
        raise ContextValue(f"{key} must be a whole number here{why}, got {value!r}")
    if value > bound:
        raise ContextBounds(f"{key} {_number_text(value)} is past its bound {bound}{why}")
    return int(value) if whole_only or (isinstance(value, float) and value.is_integer()) else value


def check_total(total, variant):
    """`pay --total N` under `variant`: finite, non-negative, whole where the ruleset's value model
    counts whole units, and within MAX_TOTAL (the model's bound where each unit doubles the money)."""
    from .registry import VALUE_MODELS

    name = (variant.scoring or {}).get("model")
    model = VALUE_MODELS.get(name) if name in VALUE_MODELS else None  # (its own properties: registry.py)
    whole_only, exponent = (model.whole, model.exponent) if model else (False, None)
    bound = exponent or MAX_TOTAL
    unit = variant.scoring.get("unit") or "units"
    if whole_only and isinstance(total, float) and math.isfinite(total) and not total.is_integer():
        raise ContextValue(f"--total counts whole {unit} in {variant.id}, got {total!r}")
    why = f" ({variant.id}: each of the {unit} doubles the payment)" if exponent else ""
    return check_amount("--total", total, bound, whole_only, why)
