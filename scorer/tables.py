"""tabulate with a stdlib measure of wide characters (CJK) instead of the optional `wcwidth` package,
whose import alone costs more than scoring a hand from the command line."""
from __future__ import annotations

import sys
import unicodedata


class _Width:
    """The one function tabulate takes from wcwidth: the display width of a string."""

    @staticmethod
    def wcswidth(text: str) -> int:
        width = 0
        for ch in text:
            if unicodedata.combining(ch):
                continue
            width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
        return width


def _load():
    if "tabulate" in sys.modules:
        mod = sys.modules["tabulate"]
    else:
        blocked = "wcwidth" not in sys.modules
        if blocked:
            sys.modules["wcwidth"] = None  # makes tabulate's optional import fail fast
        try:
            import tabulate as mod
        finally:
            if blocked:
                del sys.modules["wcwidth"]
    if getattr(mod, "wcwidth", None) is None:
        mod.wcwidth = _Width
        mod.WIDE_CHARS_MODE = True
    return mod


def tabulate(rows, headers=(), tablefmt="simple", maxcolwidths=None) -> str:
    return _load().tabulate(rows, headers=headers, tablefmt=tablefmt, maxcolwidths=maxcolwidths)
