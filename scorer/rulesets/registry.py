"""Name -> function registries for patterns, scoring models and payment models.

Each entry records the keyword parameters its function accepts, so a variant naming an unknown
entry or parameter fails when it loads, not when a hand happens to reach it."""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    name: str
    fn: object
    params: frozenset  # accepted keyword parameters
    required: frozenset
    doc: str
    whole: bool = False  # a value model whose total is a whole count (`pay --total 2.5` is refused)
    exponent: int | None = None  # a value model whose total is an exponent: its bound (each unit doubles)


def _parameters(fn) -> tuple[list, list]:
    """(names, whether each is required) of fn's positional-or-keyword and keyword-only parameters,
    read from its code object (inspect costs more to import than a one-hand run can spare)."""
    code = fn.__code__
    n_pos, n_kw = code.co_argcount, code.co_kwonlyargcount
    names = list(code.co_varnames[:n_pos + n_kw])
    defaults = len(fn.__defaults__ or ())
    required = [i < n_pos - defaults for i in range(n_pos)]
    required += [name not in (fn.__kwdefaults__ or {}) for name in names[n_pos:]]
    return names, required


class Registry:
    def __init__(self, kind: str, package: str):
        self.kind = kind
        self.package = package
        self.entries: dict[str, Entry] = {}
        self._loaded = False

    def register(self, name: str | None = None, skip: int = 1, **props):
        """Decorator. `skip` is how many leading positional arguments are not YAML parameters; `props`
        are the entry's own properties (Entry's fields after `doc`)."""
        def deco(fn):
            key = name or fn.__name__
            if key in self.entries and self.entries[key].fn is not fn:
                raise RuntimeError(f"{self.kind} {key!r} registered twice")
            names, required = _parameters(fn)
            names, required = names[skip:], required[skip:]
            params = frozenset(n for n in names if n != "total")
            required = frozenset(n for n, req in zip(names, required) if req and n != "total")
            self.entries[key] = Entry(key, fn, params, required, (fn.__doc__ or "").strip(), **props)
            return fn
        return deco

    def load(self):
        """Import every module of the package once, so their decorators run."""
        if self._loaded:
            return
        pkg = importlib.import_module(self.package)
        for mod in pkgutil.iter_modules(pkg.__path__):
            importlib.import_module(f"{self.package}.{mod.name}")
        self._loaded = True

    def get(self, name: str) -> Entry:
        self.load()
        return self.entries[name]

    def __contains__(self, name: str) -> bool:
        self.load()
        return name in self.entries

    def names(self) -> list[str]:
        self.load()
        return sorted(self.entries)


PATTERNS = Registry("pattern", "scorer.patterns")
VALUE_MODELS = Registry("scoring model", "scorer.models")
PAY_MODELS = Registry("payment model", "scorer.models")
PAIR_CONDITIONS = Registry("pair condition", "scorer.models")

pattern = PATTERNS.register


def prepare(**converters):
    """Convert these parameters once, when a ruleset's predicates are compiled, instead of on every
    call (a YAML tile list or group name to a frozenset of tiles). The predicate must accept both."""
    def deco(fn):
        fn.prepare = converters
        return fn
    return deco


def reads(what: str):
    """Declare what a pattern predicate's answer depends on, beyond its parameters, when it is less
    than the whole reading: "ctx" (the Context only) or "bonus" (the bonus tiles and the winner's
    seat only). The engine then reuses the answer for every reading and hand that share it."""
    if what not in ("ctx", "bonus"):
        raise ValueError(f"reads: ctx or bonus, got {what!r}")

    def deco(fn):
        fn.reads = what
        return fn
    return deco


def gate(*facts: str, when=None):
    """Declare facts a pattern predicate cannot hit without: each a Facts attribute read for its
    truth ("closed", "n_kongs", "ctx.last_tile" for the context's), or `when`, a function of the
    entry's parameters (by keyword, as the YAML gives them) returning such names (a tuple; empty: no
    gate). A compiled ruleset asks the predicates sharing a gate only when every fact of it holds,
    so a reading skips a group of them with one read (core/evaluate.py). The predicate still tests
    what it needs itself: asked directly it answers the same."""
    def deco(fn):
        fn.gate = when if when is not None else (lambda **_given: facts)
        return fn
    return deco


def lookup(table, *params: str, key=None):
    """Declare that a pattern predicate's answer is `table(facts).get(key, 0)`, the key its parameter
    `params[0]` (several: the tuple of theirs in that order), for many entries of a ruleset that read
    one table of the reading (MCR's set fans, riichi's yaku and fu): the engine then
    fetches the table once a reading and looks each entry up inline, with no call per entry. Or
    `key`: a function of an entry's parameters (by keyword) giving its key, or None for an entry the
    table does not answer (the predicate is then called), so predicates with different parameters
    can share one table. The predicate itself must still answer the same (`evaluate` on a non-Bound
    calls it)."""
    if key is None:
        def key(**given):
            if set(given) != set(params):
                return None
            got = tuple(given[p] for p in params)
            return got[0] if len(got) == 1 else got

    def deco(fn):
        fn.lookup = (table, key)
        return fn
    return deco


def hand_level(fn):
    """Declare that a refusal reads only the hand, the context and the wild tile (not the reading's
    blocks, form or winning block): the engine asks it once per hand, not once per reading."""
    fn.hand_level = True
    return fn


def value_model(name=None, whole=False, exponent=None):
    """Scoring model: fn(items, ctx, bound, total=None, **params) -> HandValue. `whole`: its total
    counts whole units (faan, points); `exponent`: its total is an exponent (each unit doubles the
    money), bounded by this much in `pay --total`."""
    return VALUE_MODELS.register(name, skip=3, whole=whole, exponent=exponent)


def pay_model(name=None):
    """Payment model: fn(value, ctx, bound, **params) -> list[Transfer]."""
    return PAY_MODELS.register(name, skip=3)


def pair_condition(name=None):
    """Pair condition: fn(ctx, loser) -> bool, named by `if:` in payment factors."""
    return PAIR_CONDITIONS.register(name, skip=2)
