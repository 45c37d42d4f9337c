"""mjscore: score mahjong hands under many regional rulesets.

    >>> import scorer
    >>> r = scorer.score("123p 456p CCC NNN 55p", variant="hk-old", seat="N", discarder="S")
    >>> r.value.total, r.net
    (6, {'E': -4, 'S': -4, 'W': -2, 'N': 10})
"""
from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["score", "pay", "parse_hand", "load_variant", "make_context", "MjError"]


def __getattr__(name):
    # lazy: `mjscore --help` must not pay for the engine's imports
    if name in ("score", "pay"):
        from .core import engine

        return getattr(engine, name)
    if name == "parse_hand":
        from .notation.parse import parse_hand

        return parse_hand
    if name == "load_variant":
        from .rulesets.variant import load_variant

        return load_variant
    if name == "make_context":
        from .rulesets.context import make_context

        return make_context
    if name == "MjError":
        from .errors import MjError

        return MjError
    raise AttributeError(name)
