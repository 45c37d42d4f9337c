"""Rulesets as data: load variants/*.yaml, follow `extends:`, validate every key, bind options.

A variant names its patterns (predicate, parameters, value, unit, rule), exclusions, series, limits,
its scoring and payment models with their parameters, its house-rule options and their defaults.
A string value "$name" anywhere in patterns, scoring or payment is the option `name`'s value."""
from __future__ import annotations

import os
import time
from functools import lru_cache

from ..errors import VariantError

# the parts live in their own modules; every name stays importable from here
from .bind import Variant
from .check import build
from .files import _load_merged, _stamp, resolve_path

_BUILT: dict = {}  # (ref, the content digests of its files) -> Variant; bounded
_CHAINS: dict = {}  # ref -> the files its last load read (itself and its `extends` parents); bounded


def _load_cached(ref: str) -> Variant:
    """The built Variant, kept per content of every file of its `extends` chain (not per path and
    modification time: a file rewritten within the same clock tick, or copied, is seen as it is)."""
    chain = _CHAINS.get(ref)
    key = (ref, tuple(_stamp(f)[1] for f in chain)) if chain else None
    got = _BUILT.get(key) if key else None
    if got is not None:
        return got
    data, src, files = _load_merged(ref)
    try:
        variant = build(data, src)
    except (TypeError, AttributeError, KeyError, ValueError, IndexError) as e:
        # a key of the wrong shape that the checks above did not name: still the file's fault
        raise VariantError(f"malformed ruleset ({type(e).__name__}: {e})", src) from None
    for d in (_BUILT, _CHAINS):
        if len(d) >= 64:
            d.clear()
    _CHAINS[ref] = files
    _BUILT[(ref, tuple(_stamp(f)[1] for f in files))] = variant
    return variant


# a batch names its ruleset once per hand: the file's modification time is looked at again only after
# this many seconds (a stat per hand cost more than parsing the hand)
RECHECK_SECONDS = 1.0


def load_variant(ref: str | Variant) -> Variant:
    """A shipped ruleset by id, or a user's YAML file by path (reloaded when the file changes; a
    change is seen within RECHECK_SECONDS)."""
    if isinstance(ref, Variant):
        return ref
    if not isinstance(ref, str) or not ref:
        raise VariantError(f"a variant is an id or a path, got {ref!r}")
    return _load_recent(ref, int(time.monotonic() / RECHECK_SECONDS))


@lru_cache(maxsize=256)
def _load_recent(ref: str, _tick: int) -> Variant:
    """_load_fresh(ref), kept for the rest of one RECHECK_SECONDS tick."""
    return _load_fresh(ref)


_path_of = lru_cache(maxsize=256)(resolve_path)


def _load_fresh(ref: str) -> Variant:
    path = _path_of(ref)
    if not os.path.exists(path):
        _path_of.cache_clear()  # (the file may come back elsewhere on the search path)
        raise VariantError("no such file", str(path))
    return _load_cached(ref)
