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


def _no_metadata():
    """A stand-in for importlib.metadata while tabulate loads: tabulate 0.10 reads its own version
    from it (a 10 ms import, a fifth of a one-hand run) and falls back to "unknown" without it."""
    import types

    stub = types.ModuleType("importlib.metadata")
    stub.PackageNotFoundError = type("PackageNotFoundError", (ModuleNotFoundError,), {})

    def version(name):
        raise stub.PackageNotFoundError(name)

    stub.version = version
    return stub


def _load():
    if "tabulate" in sys.modules:
        mod = sys.modules["tabulate"]
    else:
        # stand-ins while tabulate imports, for modules it can do without; the real ones stay importable
        stand_ins = {name: stub for name, stub in (("wcwidth", None), ("importlib.metadata", _no_metadata()))
                     if name not in sys.modules}  # None makes the optional wcwidth import fail fast
        sys.modules.update(stand_ins)
        try:
            import tabulate as mod
        finally:
            for name in stand_ins:
                del sys.modules[name]
    if getattr(mod, "wcwidth", None) is None:
        mod.wcwidth = _Width
        mod.WIDE_CHARS_MODE = True
    return mod


def tabulate(rows, headers=(), tablefmt="simple", maxcolwidths=None) -> str:
    return _load().tabulate(rows, headers=headers, tablefmt=tablefmt, maxcolwidths=maxcolwidths)
