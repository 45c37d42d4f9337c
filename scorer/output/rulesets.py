"""`mjscore variants` and `variants show`: the rulesets as tables a person reads (house-rule options
resolved, scoring and payment settings in words), and as JSON."""
from __future__ import annotations

import json

from ..errors import MjError
from .render import SCHEMA_VERSION
from .render import fmt as _fmt
from .width import field, fill, fit_table

MAX_LISTED = 40  # club rulesets listed in full by `mjscore variants`


def variants_table() -> str:
    clubs = _club_ids()
    rows = []
    for d in variants_list(limit=MAX_LISTED):
        if "refused" in d:
            rows.append([d["id"], f"(club file refused: {d['refused']})", "", "", "", ""])
        else:
            rows.append([d["id"], d["name"] + (" (club)" if d["club"] else ""), d["players"], d["tiles"],
                         d["patterns"], d["options"]])
    text = fit_table(rows, ["id", "ruleset", "players", "tiles", "patterns", "options"], wrap=1, note="Ruleset")
    if len(clubs) > MAX_LISTED:  # each listed ruleset is loaded: the rest are counted, each loads when named
        import textwrap

        text += "\n" + textwrap.fill(f"... and {len(clubs) - MAX_LISTED} more club rulesets ({clubs[MAX_LISTED]} to "
                                     f"{clubs[-1]}): `mjscore variants show ID` shows one", 80)
    return text


def _club_ids() -> list[str]:
    from ..rulesets.files import club_ids

    return club_ids()


def variants_list(limit: int | None = None) -> list[dict]:
    """The rulesets `mjscore variants` lists, as dicts: shipped first, then the club folder's (the first
    `limit` of them; JSON lists them all)."""
    from ..rulesets.files import shipped_ids
    from ..rulesets.variant import load_variant

    clubs = _club_ids()
    out = []
    for club, ids in ((False, shipped_ids()), (True, clubs if limit is None else clubs[:limit])):
        for vid in ids:
            try:
                v = load_variant(vid)
            except MjError as e:  # MJSCORE_VARIANTS folders: a broken club file is named, not fatal here
                out.append({"id": vid, "club": club, "refused": str(e)})
                continue
            out.append({"id": v.id, "name": v.name, "club": club, "players": v.players, "tiles": 3 * v.sets + 2,
                        "patterns": len(v.patterns), "options": len(v.options)})
    return out


def variants_json() -> str:
    return json.dumps({"schema_version": SCHEMA_VERSION, "variants": variants_list()}, ensure_ascii=False)


def variant_text(ref) -> str:
    from ..rulesets.citations import sources_text
    from ..rulesets.variant import load_variant

    v = load_variant(ref)
    out = [f"{v.name}  [{v.id}]", field("Source:", v.source)]
    out += [field("Cites:", line) for line in sources_text(v)]  # the short names the Rule column uses
    out.append(field("File:", str(v.path)))
    if v.description:
        out.append(field("About:", " ".join(v.description.split())))
    from ..core.forms import form_words

    out.append(field("Players:", f"{v.players}; hands of {3 * v.sets + 1} tiles + the winning tile; forms: "
                     + ", ".join(form_words(f, v.sets) for f in v.forms)))
    if v.wild.get("from", "none") != "none":
        out.append("")
        out.append("Wild tile")
        out.append(settings_table(v.wild, v))
    out.append("")
    out.append("Scoring")
    out.append(settings_table(v.scoring, v))
    out.append("")
    out.append("Payment")
    out.append(settings_table(v.payment, v))
    out.append("")
    rows = []
    for p in v.patterns:
        flags = []
        if p.group:
            flags.append(p.group)
        if p.excludes:
            flags.append("excludes " + ", ".join(p.excludes))
        if p.series:
            flags.append(f"series {p.series}")
        if p.when:
            flags.append("when " + _when(p.when))
        rows.append([p.name, "limit" if p.limit else _setting(p.value, v), p.unit, p.check, "; ".join(flags), p.rule])
    out.append("Patterns")
    out.append(fit_table([r[:3] + r[4:] for r in rows], ["name", "value", "unit", "notes", "rule"], wrap=(3, 4)))
    if v.exclusions:
        out.append("")
        out.append("Exclusions")
        for e in v.exclusions:
            out.append(fill(f"  {e['pattern']} excludes {', '.join(e['excludes'])}" +
                            (f" when {_when(e['when'])}" if e.get("when") else ""), indent="    "))
    out.append("")
    out.append("Options (--rule KEY=VALUE)")
    out.append(fit_table([[o.name, _setting(o.default), o.type, o.doc] for o in v.options.values()],
                         ["option", "default", "type", "meaning"], wrap=3) if v.options else "  none")
    if v.context_keys:
        out.append("")
        out.append("Context keys (--set KEY=VALUE or hand-file keys)")
        for k, doc in v.context_keys.items():
            out.append(fill(f"  {k}: {doc}", indent="    "))
    return "\n".join(out)


def _when(gate: dict) -> str:
    """{option: value} gates as `--rule` settings: min_faan=1, pure_green=no."""
    return ", ".join(f"{k}={_setting(w)}" for k, w in gate.items())


def _setting(x, v=None) -> str:
    """A setting as a person reads it: an option's value with its name, lists and mappings in words."""
    if isinstance(x, str) and x.startswith("$") and v is not None and x[1:] in v.options:
        return f"{_setting(v.options[x[1:]].default)} (--rule {x[1:]})"
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, dict):
        return "; ".join(f"{k.replace('_', ' ')}: {_setting(y, v)}" for k, y in x.items())
    if isinstance(x, (list, tuple)):
        if all(isinstance(r, (list, tuple)) and len(r) == 2 for r in x) and x:
            return ", ".join(f"{_setting(a, v)}+ -> {_setting(b, v)}" for a, b in x)
        return ", ".join(_setting(y, v) for y in x)
    return _fmt(x) if isinstance(x, (int, float)) else str(x)


def _factor(f, v) -> str:
    cond = f.get("if", "")
    cond = " and ".join(cond) if isinstance(cond, list) else str(cond)
    what = []
    if "times" in f:
        what.append(f"x{_setting(f['times'], v)}")
    if "plus" in f:
        what.append(f"+{_setting(f['plus'], v)}")
    text = f"if {cond.replace('_', ' ')}: {' '.join(what)}"
    if f.get("why"):
        text += f" ({f['why']})"
    if f.get("when"):
        text += " when " + _setting(f["when"], v)
    return text


def settings_table(spec: dict, v) -> str:
    """A scoring, payment or wild-tile mapping as a two-column table (house-rule options resolved)."""
    rows = []
    for k, x in (spec or {}).items():
        if k == "factors" and isinstance(x, list):
            for n, f in enumerate(x):
                rows.append(["factor" if n == 0 else "", _factor(f, v) if isinstance(f, dict) else _setting(f, v)])
            continue
        if k == "tables" and isinstance(x, dict):
            for name, rows_ in x.items():
                rows.append([f"table {name}", _setting(rows_, v)])
            continue
        rows.append([k.replace("_", " "), _setting(x, v)])
    return fit_table(rows, ["setting", "value"], wrap=1)


def variant_json(ref) -> str:
    from ..rulesets.variant import load_variant

    v = load_variant(ref)
    return json.dumps({
        "schema_version": SCHEMA_VERSION, "id": v.id, "name": v.name, "source": v.source, "sources": v.sources, "players": v.players,
        "tiles": 3 * v.sets + 2,
        "forms": list(v.forms), "wild": v.wild, "scoring": v.scoring, "payment": v.payment,
        "patterns": [{"name": p.name, "value": p.value, "unit": p.unit, "check": p.check, "params": p.params,
                      "limit": p.limit, "group": p.group, "excludes": list(p.excludes), "series": p.series,
                      "when": p.when, "rule": p.rule} for p in v.patterns],
        "options": {o.name: {"default": o.default, "type": o.type, "doc": o.doc, "choices": list(o.choices)}
                    for o in v.options.values()},
        "context": v.context_keys,
    }, ensure_ascii=False)
