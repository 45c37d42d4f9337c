"""Validating a ruleset's merged data and building its Variant: every key checked, with the file
and key named in the error."""
from __future__ import annotations

from ..errors import VariantUnknown
from .bind import Option, PatternSpec, Variant, option_of
from .bind import need as _need
from .bind import option_refs as _refs

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


def build(data: dict, src: str) -> Variant:
    from ..core.forms import FORMS, instant_sizes
    from .citations import check_citations, check_sources
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
        options[name] = option_of(name, spec, src, f"options.{name}")
    from ..table.rules import check_session  # a live table's rotation and non-win payments (adds its options)

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
    """`flags:`: the optional win-context flags the ruleset reads (underscore names), each a key of
    the catalogue (keys.py), which gives its type, bounds and help."""
    from ..suggest import did_you_mean
    from .keys import BY_NAME, UNIVERSAL

    if value is None:
        return ()
    _need(isinstance(value, list) and all(isinstance(f, str) for f in value),
          "flags must be a list of context flag names", src, "flags")
    for f in value:  # a universal flag may be listed too (it is accepted either way)
        if f not in BY_NAME:
            raise VariantUnknown(f"{f!r} is not a context flag" + did_you_mean(f, BY_NAME), src, "flags")
    return tuple(f for f in value if f not in UNIVERSAL)
