"""Rulesets as data: load variants/*.yaml, follow `extends:`, validate every key, bind options.

A variant names its patterns (predicate, parameters, value, unit, rule), exclusions, series, limits,
its scoring and payment models with their parameters, its house-rule options and their defaults.
A string value "$name" anywhere in patterns, scoring or payment is the option `name`'s value."""
from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from .errors import VariantError, VariantTooLarge, VariantUnknown, VariantValue

MAX_BYTES = 1_000_000
MAX_DEPTH = 20
MAX_EXTENDS = 10
MAX_OPTION = 10 ** 9  # a numeric house-rule value without its own max: (a stake, a limit in points)

_TOP_KEYS = {"id", "name", "description", "source", "extends", "players", "hand", "options", "patterns",
             "exclusions", "scoring", "payment", "refuse", "context", "rules", "notes",
             # flags: the optional win-context flags the ruleset reads (a flag it does not list is refused);
             # session: dealer rotation, streak and session end for a live table; sources: the texts cited
             "flags", "session", "sources"}
_HAND_KEYS = {"sets", "forms", "wild", "tiles", "max_bonus", "kong_keys",
              # instant: hand sizes of the wins declared with the hand as dealt; floats: most float discards
              "instant", "floats"}
_PATTERN_KEYS = {"check", "params", "value", "unit", "group", "rule", "limit", "excludes", "series",
                 "when", "label", "doc"}
_OPTION_KEYS = {"default", "type", "doc", "choices", "min", "max"}
_TYPES = {"int": int, "bool": bool, "str": str, "number": (int, float)}


def variants_dir() -> Path:
    """The shipped rulesets' folder."""
    here = Path(__file__).resolve().parent
    for cand in (here.parent / "variants", here / "variants"):
        if cand.is_dir():
            return cand
    return here.parent / "variants"


def club_dirs() -> list[Path]:
    """Folders of club rulesets named by MJSCORE_VARIANTS (several joined like PATH), beside the
    shipped ones: a club id that is also a shipped id is not used (the shipped one answers)."""
    env = os.environ.get("MJSCORE_VARIANTS", "")
    return [Path(d) for d in env.split(os.pathsep) if d]


def shipped_ids() -> list[str]:
    return sorted(p.stem for p in variants_dir().glob("*.yaml"))


def club_ids() -> list[str]:
    shipped = set(shipped_ids())
    return sorted({p.stem for d in club_dirs() for p in d.glob("*.y*ml")} - shipped)


def _read_yaml(path: Path) -> dict:
    import yaml

    from .yamlsafe import Refused, load_yaml, read_bounded

    try:
        raw = read_bounded(path, MAX_BYTES)
    except Refused as e:
        raise VariantTooLarge(e.message, str(path)) from None
    except OSError as e:
        raise VariantError(f"cannot read: {e.strerror}", str(path)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise VariantError(f"not UTF-8 (byte {e.start})", str(path)) from None
    try:
        data = load_yaml(text)  # a safe loader, never object-building tags; nodes and aliases bounded
    except Refused as e:
        raise (VariantTooLarge if e.kind == "size" else VariantUnknown)(e.message, str(path)) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        raise VariantError(f"not valid YAML{where}: {getattr(e, 'problem', e)}", str(path)) from None
    except RecursionError:
        raise VariantTooLarge(f"nested deeper than {MAX_DEPTH} levels", str(path)) from None
    if not isinstance(data, dict):
        raise VariantError("a variant file must be a mapping of keys", str(path))
    _check_depth(data, str(path))
    return data


def _check_depth(node, source, depth=0):
    if depth > MAX_DEPTH:
        raise VariantError(f"nested deeper than {MAX_DEPTH} levels", source)
    if isinstance(node, dict):
        for v in node.values():
            _check_depth(v, source, depth + 1)
    elif isinstance(node, list):
        for v in node:
            _check_depth(v, source, depth + 1)


def _merge(base: dict, over: dict) -> dict:
    """Deep merge; a None value in `over` deletes the key (a club file dropping a pattern)."""
    out = dict(base)
    for k, v in over.items():
        if v is None:
            out.pop(k, None)
        elif isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


def resolve_path(ref: str, relative_to: Path | None = None) -> Path:
    """A shipped id (`hk-old`) or a path to a YAML file."""
    if ref.endswith((".yaml", ".yml")) or "/" in ref or os.sep in ref:
        p = Path(ref)
        if not p.is_absolute() and relative_to is not None and not p.exists():
            p = relative_to / p
        return p
    name = ref.lower()  # ids are lower case; HK-OLD names hk-old
    for folder in [variants_dir()] + club_dirs():
        for ext in (".yaml", ".yml"):
            p = folder / f"{name}{ext}"
            if p.exists():
                return p
    from .suggest import did_you_mean

    clubs = club_ids()
    raise VariantError(f"no ruleset {ref!r}{did_you_mean(ref, shipped_ids() + clubs)}; shipped: "
                       f"{', '.join(shipped_ids())}" + (f"; club rulesets: {', '.join(clubs)}" if clubs else ""))


def _load_raw(ref: str, relative_to: Path | None = None, chain: tuple = (), files: list | None = None) -> tuple[dict, str]:
    path = resolve_path(ref, relative_to).resolve() if ref else None
    key = str(path)
    if files is not None:
        files.append(key)
    if key in chain:
        raise VariantError(f"extends cycle: {' -> '.join(chain + (key,))}", key, "extends")
    if len(chain) >= MAX_EXTENDS:
        raise VariantError(f"more than {MAX_EXTENDS} levels of extends", key, "extends")
    if not path.exists():
        raise VariantError("no such file", key)
    data = _read_yaml(path)
    parent = data.get("extends")
    if parent is not None:
        if not isinstance(parent, str):
            raise VariantError("extends must name one ruleset id or file", key, "extends")
        try:
            base, _ = _load_raw(parent, path.parent, chain + (key,), files)
        except VariantError as e:
            if "no ruleset" in str(e) or "no such file" in str(e):
                raise VariantError(f"its parent {parent!r} is missing ({e})", key, "extends") from None
            raise
        rules = data.get("rules") or {}
        data = {k: v for k, v in data.items() if k not in ("extends", "rules")}
        from .club import club_overrides

        data = club_overrides(base, data, key)  # typos in pattern names; the club's values cited as such
        merged = _merge(base, data)
        if "id" not in data:
            merged["id"] = path.stem
        if rules:
            if not isinstance(rules, dict):
                raise VariantError("rules must map option names to values", key, "rules")
            merged.setdefault("rules", {})
            merged["rules"] = {**merged.get("rules", {}), **rules}
        data = merged
    return data, key


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
        from .context import FALSE_WORDS, TRUE_WORDS

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
                from .suggest import did_you_mean

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


# ---- validation ---------------------------------------------------------------------------

def _need(cond, msg, src, key):
    if not cond:
        raise VariantError(msg, src, key)


def _refs(value) -> list[str]:
    if isinstance(value, str) and value.startswith("$"):
        return [value[1:]]
    if isinstance(value, dict):
        return [r for v in value.values() for r in _refs(v)]
    if isinstance(value, list):
        return [r for v in value for r in _refs(v)]
    return []


def build(data: dict, src: str) -> Variant:
    from .citations import check_citations, check_sources
    from .forms import FORMS, instant_sizes
    from .registry import PAIR_CONDITIONS, PATTERNS, PAY_MODELS, VALUE_MODELS

    PATTERNS.load()  # pattern modules may register special forms too
    for k in data:
        _need(k in _TOP_KEYS, f"unknown key (known: {', '.join(sorted(_TOP_KEYS))})", src, k)
    vid = data.get("id")
    _need(isinstance(vid, str) and vid, "id must be a non-empty string", src, "id")
    # options
    options = {}
    raw_opts = data.get("options") or {}
    _need(isinstance(raw_opts, dict), "options must be a mapping", src, "options")
    for name, spec in raw_opts.items():
        key = f"options.{name}"
        _need(isinstance(spec, dict), "an option is a mapping with default, type, doc", src, key)
        for k in spec:
            _need(k in _OPTION_KEYS, f"unknown key {k!r} (known: {', '.join(sorted(_OPTION_KEYS))})", src, key)
        default = spec.get("default")
        typ = spec.get("type") or ("bool" if isinstance(default, bool) else "int" if isinstance(default, int)
                                   else "number" if isinstance(default, float) else "str")
        _need(typ in _TYPES, f"type must be one of {', '.join(_TYPES)}", src, key + ".type")
        opt = Option(name, default, typ, str(spec.get("doc", "")), tuple(spec.get("choices") or ()),
                     spec.get("min"), spec.get("max"))
        try:
            opt.parse(default, src)
        except VariantError as e:
            raise VariantError(f"default is invalid: {e}", src, key + ".default") from None
        options[name] = opt
    from .table.rules import check_session  # a live table's rotation and non-win payments (adds its options)

    session = check_session(data, src, options)
    for name, value in (data.get("rules") or {}).items():
        _need(name in options, f"no option {name!r} to set", src, f"rules.{name}")
        o = options[name]
        options[name] = Option(o.name, o.parse(value, src), o.type, o.doc, o.choices, o.min, o.max)
    # hand
    hand = data.get("hand") or {}
    _need(isinstance(hand, dict), "hand must be a mapping", src, "hand")
    for k in hand:
        _need(k in _HAND_KEYS, f"unknown key (known: {', '.join(sorted(_HAND_KEYS))})", src, f"hand.{k}")
    sets = hand.get("sets", 4)
    _need(sets in (4, 5), "sets must be 4 or 5", src, "hand.sets")
    forms = tuple(hand.get("forms", ["standard"]))
    for fname in forms:
        _need(fname in FORMS, f"unknown form {fname!r} (known: {', '.join(sorted(FORMS))})", src, "hand.forms")
    instant, dealt_sizes = instant_sizes(hand.get("instant"), forms, 3 * sets + 2, src)
    floats = hand.get("floats")
    _need(floats is None or (type(floats) is int and 0 <= floats <= 3),
          "floats must be 0-3 (the most wild tiles discarded while floating)", src, "hand.floats")
    wild = hand.get("wild") or {"from": "none"}
    how = wild.get("from", "none") if isinstance(wild, dict) else None
    ways = ("none", "indicator", "indicator_next", "given", "fixed")
    if isinstance(how, str) and how.startswith("$"):
        # a house-rule option chooses how the wild tile is found: every choice must be a valid way
        opt = options.get(how[1:])
        _need(opt is not None and bool(opt.choices) and set(opt.choices) <= set(ways),
              f"wild.from {how} must name an option whose choices are among {', '.join(ways)}", src, "hand.wild")
        how = opt.default
    _need(isinstance(wild, dict) and how in ways, "wild.from must be none, indicator, "
          "indicator_next, given or fixed", src, "hand.wild")
    players = data.get("players", 4)
    _need(players in (3, 4), "players must be 3 or 4", src, "players")
    # patterns
    raw_pats = data.get("patterns") or {}
    _need(isinstance(raw_pats, dict), "patterns must be a mapping of name -> spec", src, "patterns")
    default_unit = (data.get("scoring") or {}).get("unit", "")
    patterns = []
    for name, spec in raw_pats.items():
        key = f"patterns.{name}"
        _need(isinstance(spec, dict), "a pattern is a mapping (check, value, rule...)", src, key)
        for k in spec:
            _need(k in _PATTERN_KEYS, f"unknown key {k!r} (known: {', '.join(sorted(_PATTERN_KEYS))})", src, key)
        check = spec.get("check", name)
        _need(check in PATTERNS, f"unknown pattern predicate {check!r}", src, key + ".check")
        entry = PATTERNS.get(check)
        params = spec.get("params") or {}
        _need(isinstance(params, dict), "params must be a mapping", src, key + ".params")
        for p in params:
            _need(p in entry.params, f"predicate {check} takes no parameter {p!r} (takes: {', '.join(sorted(entry.params)) or 'none'})",
                  src, f"{key}.params.{p}")
        value = spec.get("value", 0)
        _need(isinstance(value, (int, float)) and not isinstance(value, bool)
              or isinstance(value, str) and value.startswith("$"), "value must be a number or \"$option\"",
              src, key + ".value")
        _need(bool(spec.get("rule")), "every pattern cites its rule (rule: ...)", src, key + ".rule")
        when = spec.get("when") or {}
        _need(isinstance(when, dict), "when must map option names to values", src, key + ".when")
        excludes = spec.get("excludes") or []
        _need(isinstance(excludes, list), "excludes must be a list of pattern names", src, key + ".excludes")
        patterns.append(PatternSpec(name, check, params, value, spec.get("unit", default_unit),
                                    spec.get("group", ""), str(spec["rule"]), bool(spec.get("limit", False)),
                                    tuple(excludes), spec.get("series"), when, spec.get("label", name.replace("_", " "))))
    names = {p.name for p in patterns}
    for p in patterns:
        for e in p.excludes:
            _need(e in names, f"excludes unknown pattern {e!r}", src, f"patterns.{p.name}.excludes")
        for r in list(p.when) + _refs(p.value) + _refs(p.params):
            _need(r in options, f"refers to unknown option {r!r}", src, f"patterns.{p.name}")
    exclusions = data.get("exclusions") or []
    _need(isinstance(exclusions, list), "exclusions must be a list", src, "exclusions")
    for i, e in enumerate(exclusions):
        _need(isinstance(e, dict) and e.get("pattern") in names and isinstance(e.get("excludes"), list)
              and all(x in names for x in e["excludes"]),
              "each exclusion is {pattern: NAME, excludes: [NAMES], when: {...}} naming known patterns", src,
              f"exclusions[{i}]")
    refuse = data.get("refuse") or []
    _need(isinstance(refuse, list), "refuse must be a list", src, "refuse")
    for i, r in enumerate(refuse):
        _need(isinstance(r, dict) and r.get("check") in PATTERNS and r.get("message") and r.get("rule"),
              "each refusal is {check: PREDICATE, params: {...}, message: ..., rule: ...}", src, f"refuse[{i}]")
    # models
    scoring = data.get("scoring") or {}
    payment = data.get("payment") or {}
    for section, reg, spec in (("scoring", VALUE_MODELS, scoring), ("payment", PAY_MODELS, payment)):
        _need(isinstance(spec, dict) and spec.get("model") in reg,
              f"model must be one of {', '.join(reg.names())}", src, f"{section}.model")
        entry = reg.get(spec["model"])
        for k in spec:
            _need(k == "model" or k in entry.params,
                  f"model {spec['model']} takes no parameter {k!r} (takes: {', '.join(sorted(entry.params))})",
                  src, f"{section}.{k}")
        for k in entry.required:
            _need(k in spec, f"model {spec['model']} needs {k!r}", src, section)
        for r in _refs(spec):
            _need(r in options, f"refers to unknown option {r!r}", src, section)
    for i, fac in enumerate(payment.get("factors") or []):
        key = f"payment.factors[{i}]"
        _need(isinstance(fac, dict), "a factor is a mapping {if: CONDITION, times: N, why: ...}", src, key)
        for k in fac:
            _need(k in ("if", "times", "plus", "why", "when", "skip"), f"unknown key {k!r}", src, key)
        conds = fac.get("if", "always")
        for c in conds if isinstance(conds, list) else [conds]:
            c = c[4:] if isinstance(c, str) and c.startswith("not ") else c
            _need(c in PAIR_CONDITIONS, f"unknown pair condition {c!r} (known: {', '.join(PAIR_CONDITIONS.names())})",
                  src, key + ".if")
        for r in list(fac.get("when") or {}):
            _need(r in options, f"refers to unknown option {r!r}", src, key + ".when")
    ctx_keys = data.get("context") or {}
    _need(isinstance(ctx_keys, dict), "context must map --set keys to their descriptions", src, "context")
    sources = check_sources(data.get("sources"), src)
    check_citations(sources, patterns, refuse, instant, src)
    flags = _flags(data.get("flags"), src)
    return Variant(id=vid, name=str(data.get("name", vid)), source=str(data.get("source", "")), data=data, path=src,
                   players=players, sets=sets, forms=forms, wild=wild, options=options, patterns=patterns,
                   exclusions=exclusions, scoring=scoring, payment=payment, refuse=refuse, context_keys=ctx_keys,
                   description=str(data.get("description", "")),
                   wild_kong_keys=tuple(hand.get("kong_keys") or ()), session=session, instant=instant,
                   dealt_sizes=dealt_sizes, floats=floats, sources=sources, flags=flags)


def _flags(value, src) -> tuple:
    """`flags:`: the optional win-context flags the ruleset reads (underscore names)."""
    from .context import FLAG_DEFAULTS, UNIVERSAL_FLAGS
    from .suggest import did_you_mean

    if value is None:
        return ()
    _need(isinstance(value, list) and all(isinstance(f, str) for f in value),
          "flags must be a list of context flag names", src, "flags")
    for f in value:  # a universal flag may be listed too (it is accepted either way)
        if f not in FLAG_DEFAULTS:
            raise VariantUnknown(f"{f!r} is not a context flag" + did_you_mean(f, FLAG_DEFAULTS), src, "flags")
    return tuple(f for f in value if f not in UNIVERSAL_FLAGS)


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


# ---- the merged YAML of a ruleset, kept as JSON between runs ---------------------------------------
# Reading YAML (and importing the YAML library) costs more than scoring a hand from the command line,
# so the merged data of a ruleset and its `extends` chain is kept as JSON (plain data, safe to load),
# valid while every file of the chain has the same content (a digest of its bytes). At most 256 entries
# are kept and none larger than 4 MB. MJSCORE_CACHE=off turns it off.

def _cache_dir() -> Path | None:
    where = os.environ.get("MJSCORE_CACHE")
    if where == "off":
        return None
    if where:
        return Path(where)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mjscore"


def _stamp(path: str):
    """[path, digest of its content] ("" when it cannot be read: the load itself says why)."""
    import hashlib

    from .yamlsafe import Refused, read_bounded

    try:
        return [path, hashlib.sha256(read_bounded(path, MAX_BYTES)).hexdigest()]
    except (OSError, Refused):
        return [path, ""]


def _load_merged(ref: str) -> tuple[dict, str, list]:
    import json
    import zlib

    cache = _cache_dir()
    top = str(resolve_path(ref).resolve())
    raw = top.encode()
    entry = cache / f"{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}.json" if cache else None
    if entry is not None:
        try:
            saved = json.loads(entry.read_text(encoding="utf-8"))
            if saved["version"] == _CACHE_VERSION and all(_stamp(f[0]) == f for f in saved["files"]):
                return saved["data"], saved["src"], [f[0] for f in saved["files"]]
        except (OSError, ValueError, KeyError, TypeError):
            pass
    files: list = []
    data, src = _load_raw(ref, files=files)
    if entry is not None:
        try:
            text = json.dumps({"version": _CACHE_VERSION, "files": [_stamp(f) for f in files], "data": data,
                               "src": src})
            if len(text) <= 4 * MAX_BYTES and json.loads(text)["data"] == data:  # plain data only
                entry.parent.mkdir(parents=True, exist_ok=True)
                _prune(entry.parent)
                tmp = entry.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_text(text, encoding="utf-8")
                os.replace(tmp, entry)
        except (OSError, TypeError, ValueError):
            pass
    return data, src, files


def _prune(folder: Path, keep: int = 256) -> None:
    """At most `keep` cache entries: the oldest go first."""
    try:
        entries = [e for e in os.scandir(folder) if e.name.endswith(".json")]
        if len(entries) >= keep:
            entries.sort(key=lambda e: e.stat().st_mtime)
            for e in entries[: len(entries) - keep + 1]:
                os.unlink(e.path)
    except OSError:
        pass


_CACHE_VERSION = 3  # 3: club files' pattern overrides checked and cited (scorer/club.py)


_PATHS: dict[str, Path] = {}
# a batch names its ruleset once per hand: the file's modification time is looked at again only after
# this many seconds (a stat per hand cost more than parsing the hand)
RECHECK_SECONDS = 1.0
_RECENT: dict = {}  # ref -> (monotonic time of the last look, Variant)


def load_variant(ref: str | Variant) -> Variant:
    """A shipped ruleset by id, or a user's YAML file by path (reloaded when the file changes; a
    change is seen within RECHECK_SECONDS)."""
    if isinstance(ref, Variant):
        return ref
    if not isinstance(ref, str) or not ref:
        raise VariantError(f"a variant is an id or a path, got {ref!r}")
    now = time.monotonic()
    recent = _RECENT.get(ref)
    if recent is not None and now - recent[0] < RECHECK_SECONDS:
        return recent[1]
    variant = _load_fresh(ref)
    if len(_RECENT) >= 256:
        _RECENT.clear()
    _RECENT[ref] = (now, variant)
    return variant


def _load_fresh(ref: str) -> Variant:
    path = _PATHS.get(ref)
    if path is None:
        if len(_PATHS) >= 256:
            _PATHS.clear()
        path = _PATHS[ref] = resolve_path(ref)
    if not os.path.exists(path):
        _PATHS.pop(ref, None)
        raise VariantError("no such file", str(path))
    return _load_cached(ref)
