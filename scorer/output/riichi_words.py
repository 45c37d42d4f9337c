"""Riichi in the words riichi players use: a hand is "3 han 40 fu" or "mangan", a payment "5200"
(ron), "1300/2600" (self-draw: each non-dealer / the dealer) or "2600 all" (the dealer's self-draw).
One place for them, so `score`, `waits`, the table and its session results all say the same thing.

A value is a riichi value when its model put "basic points" in its details (the han-and-fu model is
the only one that counts basic points); everything here returns "" for any other value."""
from __future__ import annotations

from functools import lru_cache

_MULTIPLE = {2: "double", 3: "triple", 4: "quadruple", 5: "quintuple", 6: "sextuple"}


@lru_cache(maxsize=1)
def basic_of_limit() -> dict:
    """A limit's name -> its basic points, from the riichi model's table (mangan 2000 ... yakuman
    8000 each). The model is imported here, when a riichi figure is asked for, not by every table."""
    from ..models.riichi import LIMITS, YAKUMAN_BASE

    return {name: base for _han, base, name in LIMITS} | {
        f"{word} yakuman": n * YAKUMAN_BASE for n, word in _MULTIPLE.items()}


def is_riichi(value) -> bool:
    return "basic points" in value.details


def limit_words(name: str) -> str:
    """The model's limit name as players say it: '2x yakuman' -> 'double yakuman'."""
    head, sep, rest = name.partition("x yakuman")
    if sep and head.isdigit():
        return f"{_MULTIPLE.get(int(head), head + 'x')} yakuman{rest}"
    return name.replace("counted 2x", "counted double").replace("counted 3x", "counted triple")


def value_words(value) -> str:
    """'3 han 40 fu', 'mangan', 'haneman (6 han)', 'yakuman', 'double yakuman'; '' if not riichi."""
    if not is_riichi(value):
        return ""
    return han_fu_words(value.total, value.unit, value.details)


def han_fu_words(total, unit: str, details: dict) -> str:
    """value_words from a value's parts (a table record keeps them: its total, unit and details)."""
    limit = details.get("limit", "")
    if unit == "yakuman":
        return limit_words(limit) or "yakuman"
    han = f"{total:g} han"
    if not limit:
        return f"{han} {details.get('fu', 0)} fu"
    if limit.startswith("mangan") and total < 5:  # reached by fu (or rounded up): say from what
        return f"{limit} ({han} {details.get('fu', 0)} fu)"
    return f"{limit_words(limit)} ({han})"


def payment_words(base: int, winner_dealer: bool, self_draw: bool) -> str:
    """The hand's payment as called at the table, honba and sticks apart: '5200', '1300/2600', '2600 all'."""
    from ..models.riichi import shares

    rows = shares(int(base), winner_dealer, self_draw)
    if not self_draw:
        return str(rows[0][2])
    if winner_dealer:
        return f"{rows[0][2]} all"
    return f"{rows[1][2]}/{rows[0][2]}"  # the non-dealers' share first, as it is called


def paid_words(value, ctx) -> str:
    """The payment shorthand of a riichi result (value and win context): '5200', '1300/2600', '2600 all';
    '' for any other."""
    if not is_riichi(value):
        return ""
    return payment_words(value.base, ctx.seat == ctx.dealer, ctx.by_self_draw)


def result_words(value, ctx) -> str:
    """'3 han 40 fu, 1300/2600' for a riichi result (value and win context); '' for any other."""
    if not is_riichi(value):
        return ""
    return f"{value_words(value)}, {paid_words(value, ctx)}"
