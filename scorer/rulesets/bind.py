"""A ruleset as loaded (Variant, its Options and PatternSpecs) and bound to its options' values
(Bound): "$name" values resolved, `when:` gates applied, predicates made ready for the hot loop."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..errors import VariantError, VariantUnknown, VariantValue

MAX_OPTION = 10 ** 9  # a numeric house-rule value without its own max: (a stake, a limit in points)
_OPTION_KEYS = {"default", "type", "doc", "choices", "min", "max"}
_TYPES = {"int": int, "bool": bool, "str": str, "number": (int, float)}


@dataclass(frozen=True)
class Option:
    name: str
    default: object
    type: str
    doc: str = ""
    choices: tuple = ()
    min: float | None = None
    max: float | None = None

    def parse(self, value, where=""):
        """Coerce a value typed on the command line or read from YAML, or raise VariantError."""
        from .context_values import FALSE_WORDS, TRUE_WORDS

        v = value
        if self.type == "bool" and isinstance(v, str):
            if v.lower() not in TRUE_WORDS | FALSE_WORDS:
                raise VariantValue(f"option {self.name} takes true/false, got {value!r}", where, self.name)
            v = v.lower() in TRUE_WORDS
        elif self.type in ("int", "number") and isinstance(v, str):
            try:
                v = int(v) if self.type == "int" else float(v)
            except ValueError:
                raise VariantValue(f"option {self.name} takes a number, got {value!r}", where, self.name) from None
        if self.type in ("int", "number") and isinstance(v, bool):
            raise VariantValue(f"option {self.name} takes a number, got {value!r}", where, self.name)
        if not isinstance(v, _TYPES[self.type]):
            raise VariantValue(f"option {self.name} takes a {self.type}, got {value!r}", where, self.name)
        if self.type == "number" and isinstance(v, float) and not math.isfinite(v):
            raise VariantValue(f"option {self.name} takes a finite number, got {value!r}", where, self.name)
        if self.choices and v not in self.choices:
            raise VariantValue(f"option {self.name} is one of {', '.join(map(str, self.choices))}; got {value!r}",
                               where, self.name)
        if self.type in ("int", "number") and self.min is None and v < 0:
            raise VariantValue(f"option {self.name} cannot be negative, got {v} (a ruleset allows it with min:)",
                               where, self.name)
        if self.type in ("int", "number") and self.max is None and abs(v) > MAX_OPTION:
            raise VariantValue(f"option {self.name} {v:g} is past its bound {MAX_OPTION:g} (a ruleset raises it "
                               "with max:)", where, self.name)
        if self.min is not None and v < self.min or self.max is not None and v > self.max:
            raise VariantValue(f"option {self.name} must be " + (f"within {self.min}..{self.max}" if self.max is not None
                               and self.min is not None else f"at least {self.min}" if self.min is not None
                               else f"at most {self.max}") + f", got {v}", where, self.name)
        return v



def need(cond, msg, src, key):
    """Refuse a ruleset file unless cond holds: the message names the file and the key."""
    if not cond:
        raise VariantError(msg, src, key)


def option_refs(value) -> list[str]:
    """The option names a YAML value refers to as "$name", at any depth."""
    if isinstance(value, str) and value.startswith("$"):
        return [value[1:]]
    if isinstance(value, dict):
        return [r for v in value.values() for r in option_refs(v)]
    if isinstance(value, list):
        return [r for v in value for r in option_refs(v)]
    return []

def option_of(name: str, spec, src: str, key: str) -> Option:
    """The Option an `options:` entry (of a ruleset, or of its session block) declares, its default
    checked against its own type, choices and bounds."""
    if not isinstance(spec, dict):
        raise VariantError("an option is a mapping with default, type, doc", src, key)
    for k in spec:
        if k not in _OPTION_KEYS:
            raise VariantError(f"unknown key {k!r} (known: {', '.join(sorted(_OPTION_KEYS))})", src, key)
    default = spec.get("default")
    typ = spec.get("type") or ("bool" if isinstance(default, bool) else "int" if isinstance(default, int)
                               else "number" if isinstance(default, float) else "str")
    if typ not in _TYPES:
        raise VariantError(f"type must be one of {', '.join(_TYPES)}", src, key + ".type")
    opt = Option(name, default, typ, str(spec.get("doc", "")), tuple(spec.get("choices") or ()),
                 spec.get("min"), spec.get("max"))
    try:
        opt.parse(default, src)
    except VariantError as e:
        raise VariantError(f"default is invalid: {e}", src, key + ".default") from None
    return opt

@dataclass(frozen=True)
class PatternSpec:
    name: str
    check: str
    params: dict
    value: object
    unit: str
    group: str
    rule: str
    limit: bool
    excludes: tuple
    series: str | None
    when: dict
    label: str


@dataclass
class Variant:
    """A loaded, validated ruleset; `bind(rules)` gives the options' values and the patterns in force."""

    id: str
    name: str
    source: str
    data: dict
    path: str
    players: int
    sets: int
    forms: tuple
    wild: dict
    options: dict
    patterns: list
    exclusions: list
    scoring: dict
    payment: dict
    refuse: list
    context_keys: dict
    description: str = ""
    wild_kong_keys: tuple = ()  # `--set` keys counting declared kongs that are not melds
    instant: dict = field(default_factory=dict)  # form -> {first_turn/last_tile/any: sizes, rule} (forms.py)
    dealt_sizes: frozenset = frozenset()  # hand sizes besides 3 x sets + 2 that an instant win accepts
    floats: int | None = None  # most wild tiles discarded while floating; None: the ruleset has no floats
    sources: dict = field(default_factory=dict)  # short name -> {title, by, sections} (citations.py)
    flags: tuple = ()  # the optional context flags the ruleset reads (context.check_for_ruleset)
    session: dict = field(default_factory=dict)  # the `session:` block (scorer/table/rules.py)
    _bound: dict = field(default_factory=dict, repr=False)

    def option_values(self, rules: dict | None = None) -> dict:
        values = {k: o.default for k, o in self.options.items()}
        for k, v in (rules or {}).items():
            if k not in self.options:
                from ..suggest import did_you_mean

                hint = did_you_mean(k, self.options)
                raise VariantUnknown(f"no option {k!r} in ruleset {self.id}" + (hint or f"; options: "
                                     f"{', '.join(sorted(self.options)) or 'none'}"), key=k)
            values[k] = self.options[k].parse(v)
        return values

    def bind(self, rules: dict | None = None) -> "Bound":
        # option names are unique strings, so sorting the items sorts by name and never compares values
        key = tuple(sorted(rules.items())) if rules else ()
        try:
            return self._bound[key]
        except (KeyError, TypeError):
            pass
        b = Bound(self, self.option_values(rules))
        if len(self._bound) >= 64:  # one per distinct rules set: bounded (a batch may give thousands)
            self._bound.clear()
        try:
            self._bound[key] = b
        except TypeError:
            pass
        return b


def resolve(value, options: dict):
    """Replace "$name" strings by option values, recursively."""
    if isinstance(value, str) and value.startswith("$"):
        return options[value[1:]]
    if isinstance(value, dict):
        return {k: resolve(v, options) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v, options) for v in value]
    return value


def when_ok(when: dict, options: dict) -> bool:
    for k, v in when.items():
        want = v if isinstance(v, list) else [v]
        if options.get(k) not in want:
            return False
    return True


class Bound:
    """A variant with its options fixed: patterns in force with their values resolved."""

    def __init__(self, variant: Variant, options: dict):
        from .registry import PATTERNS

        self.variant = variant
        self.options = options
        self.patterns = []
        for p in variant.patterns:
            if not when_ok(p.when, options):
                continue
            self.patterns.append((p, PATTERNS.get(p.check).fn, resolve(p.params, options), resolve(p.value, options)))
        from functools import partial

        # (spec, one-argument predicate, value): the hot loop calls pred(facts) with nothing to unpack
        self.calls = [(p, partial(fn, **params) if params else fn, value) for p, fn, params, value in self.patterns]
        active = {p.name for p, *_ in self.patterns}
        excl: dict[str, set] = {p.name: set(p.excludes) for p, *_ in self.patterns}
        for e in variant.exclusions:
            if when_ok(e.get("when", {}), options) and e["pattern"] in active:
                excl[e["pattern"]] |= set(e["excludes"])
        self.excludes = excl
        self.refuse = [(r, PATTERNS.get(r["check"]).fn, resolve(r.get("params", {}), options))
                       for r in variant.refuse if when_ok(r.get("when", {}), options)]
        self.scoring = resolve(variant.scoring, options)
        self.payment = resolve(variant.payment, options)
        self.hand_options = resolve({"wild": variant.wild, **options}, options)
