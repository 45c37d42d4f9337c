"""Text and JSON renderings of results, payments and rulesets. No scoring happens here."""
from __future__ import annotations

import json
from functools import lru_cache

from .decompose import Block
from .hand import KONG
from .notation import format_tiles
from .result import num
from .tiles import glyph, tile_name
from .width import field, fill, fit_table

SCHEMA_VERSION = "1"  # docs/JSON.md; raised when a field changes meaning or goes away


def tabulate(rows, headers=(), tablefmt="simple", maxcolwidths=None):
    """tabulate.tabulate, imported on first use with a stdlib wide-character measure in place of the
    optional `wcwidth` package (whose import costs more than the rest of a one-hand run), so CJK
    labels still line up."""
    from .tables import tabulate as _tabulate

    return _tabulate(rows, headers=headers, tablefmt=tablefmt, maxcolwidths=maxcolwidths)


def _fmt(x) -> str:
    x = num(x)
    return f"{x:g}" if isinstance(x, float) else str(x)


_BLOCK_TEXT: dict = {}  # Block -> its text (JSON output writes every block of every record)


def block_text(b: Block) -> str:
    try:
        return _BLOCK_TEXT[b]
    except KeyError:
        pass
    body = format_tiles(b.tiles, sep="")
    if b.meld is not None:
        body = ("{" + body + "}") if (b.kind == KONG and b.meld.concealed) else f"[{body}]"
    if len(_BLOCK_TEXT) >= 8192:
        _BLOCK_TEXT.clear()
    _BLOCK_TEXT[b] = body
    return body


def wild_notes(result) -> list[str]:
    """'2m (wild) as 5p' for every wild tile in the chosen reading; substitutes too."""
    wild = result.wild
    notes = []
    if wild is None or wild.tile is None:
        return notes
    for b in result.chosen.reading.blocks:
        for t in b.wild:
            notes.append(f"{tile_name(wild.tile)} (wild) as {tile_name(t)} in {block_text(b)}")
    if wild.substitute is not None and 31 in result.hand.concealed:
        notes.append(f"P (white dragon) stands for {tile_name(wild.substitute)}")
    for m in result.hand.melds:  # a white dragon in a declared set, at the indicator's face value
        if m.written and m.face >= 0:
            notes.append(f"P (white dragon) as {tile_name(m.face)} in [{format_tiles(m.tiles, sep='')}]")
    return notes


def _win_text(ctx) -> str:
    how = {"self_draw": "self-draw", "discard": f"discard from {ctx.discarder}",
           "robbed": f"robbing {ctx.robbed}'s kong"}[ctx.win_type]
    if ctx.kong_draw:
        how += f" (kong replacement, {ctx.kong_draw} kong{'s' if ctx.kong_draw > 1 else ''})"
    extra = [k for k, on in (("last tile", ctx.last_tile), ("first turn", ctx.first_turn)) if on]
    return f"{how}; winner {ctx.seat}, round {ctx.round}, dealer {ctx.dealer}" + (
        f", dealer streak {ctx.streak}" if ctx.streak else "") + (f"; {', '.join(extra)}" if extra else "")


def reading_line(reading) -> str:
    """The Reading: line; a hand declared as dealt (a three-gold knocker) has no winning tile to mark."""
    return reading_text(reading) + ("   (* holds the winning tile)" if reading.win >= 0 else "")


def reading_text(reading) -> str:
    parts = [block_text(b) for b in reading.blocks]
    if reading.win >= 0:
        parts[reading.win] += "*"
    return " ".join(parts) + ("" if reading.form == "standard" else f"  ({reading.form.replace('_', ' ')})")


def _items_rows(items):
    return [[i.label + (f" x{i.count}" if i.count > 1 else ""), "limit" if i.limit else _fmt(i.value),
             i.unit, i.rule] for i in items]


def _total_text(value) -> str:
    parts = [f"{_fmt(value.total)} {value.unit}".strip()]
    for k, v in value.details.items():
        if k == value.unit and v == value.total:
            continue  # already the headline
        parts.append(f"{k}: {_fmt(v) if isinstance(v, (int, float)) else v}")
    return "; ".join(parts)


def payments_rows(transfers):
    return [[t.frm, t.to, _fmt(t.amount), t.why] for t in transfers]


def net_text(net) -> str:
    return "  ".join(f"{s} {'+' if v > 0 else ''}{_fmt(v)}" for s, v in net.items())


def held_glyphs(result) -> str:
    """The tiles as held (melds, concealed, bonus), each wild tile followed by what it stood for."""
    stood = [t for b in result.chosen.reading.blocks for t in b.wild]
    wild = result.wild.tile if result.wild is not None else None
    parts = ["".join(glyph(t) for t in m.tiles) for m in result.hand.melds]
    concealed = []
    for t in result.hand.concealed:
        g = glyph(t)
        if wild is not None and t == wild and stood:
            g += f"(={tile_name(stood.pop(0))})"
        concealed.append(g)
    parts.append("".join(concealed))
    if result.hand.bonus:
        parts.append("".join(glyph(t) for t in result.hand.bonus))
    return " ".join(parts)


def items_table(items, compact=False) -> str:
    return fit_table(_items_rows(items), ["Element", "Value", "Unit", "Rule"], wrap=3, drop=compact)


def payments_table(transfers, compact=False) -> str:
    return fit_table(payments_rows(transfers), ["From", "To", "Amount", "Why"], wrap=3, drop=compact, note="Why")


def result_text(result, show_all=False, claim=None, glyphs=False, compact=False) -> str:
    v = result.value
    out = [f"{result.variant.name}  [{result.variant.id}]", field("Hand:", result.hand.text())]
    if glyphs:
        out.append(field("Tiles:", held_glyphs(result)))
    out.append(field("Won by:", _win_text(result.ctx)))
    if result.wild is not None and result.wild.tile is not None:
        out.append(field("Wild:", result.wild.describe()))
    out.append(field("Reading:", reading_line(result.chosen.reading)))
    for note in wild_notes(result):
        out.append(field("", note))
    out.append("")
    out.append(items_table(v.items, compact) if v.items else "No scoring elements.")
    out.append("")
    out.append(field("Total:", _total_text(v)))
    out.append("")
    out.append("Payments")
    out.append(payments_table(result.transfers, compact))
    out.append(field("Net:", net_text(result.net)))
    for w in result.warnings:
        out.append(field("Warning:", w))
    if show_all:
        out.append("")
        out.append(all_readings_text(result, compact))
    if claim is not None:
        out.append("")
        out.append(claim_text(result, claim))
    return "\n".join(out)


def refused_text(result, message, show_all=False, compact=False, glyphs=False, minimum=None) -> str:
    """The breakdown of a hand the ruleset refuses below its minimum (scored with the minimum lifted):
    what it holds, what counts towards the minimum; nothing is paid."""
    v = result.value
    out = [f"{result.variant.name}  [{result.variant.id}]", field("Hand:", result.hand.text())]
    if glyphs:
        out.append(field("Tiles:", held_glyphs(result)))
    out.append(field("Won by:", _win_text(result.ctx)))
    out.append(field("Reading:", reading_line(result.chosen.reading)))
    out.append("")
    out.append(items_table(v.items, compact) if v.items else "No scoring elements.")
    out.append("")
    out.append(field("Total:", _total_text(v)))
    counted = towards_minimum(result, minimum)
    if counted is not None:
        out.append(field("Minimum:", counted))
    out.append(field("Refused:", message))
    if show_all:
        out.append("")
        out.append(all_readings_text(result, compact))
    return "\n".join(out)


def towards_minimum(result, minimum=None) -> str | None:
    """'2 faan count towards the minimum of 3 (bonus items do not count)', from the ruleset's scoring."""
    sc = result.variant.scoring or {}
    m = sc.get("minimum")
    if m is None:
        return None
    if minimum is None:
        minimum = result.options.get(m[1:]) if isinstance(m, str) and m.startswith("$") else m
    excluded = set(sc.get("minimum_excludes") or ())
    counted = sum(i.value for i in result.value.items if i.group not in excluded and not i.limit)
    unit = result.value.unit
    return (f"{_fmt(counted)} {unit} count towards the table minimum of {_fmt(minimum)}"
            + (f" ({', '.join(sorted(excluded))} items do not count)" if excluded else ""))


def all_readings_text(result, compact=False) -> str:
    rows = []
    for n, s in enumerate(result.readings, 1):
        mark = "chosen" if s is result.chosen else ("refused: " + s.refused if s.refused else "")
        rows.append([n, reading_text(s.reading), _fmt(s.value.total) + " " + s.value.unit,
                     ", ".join(i.label for i in s.value.items), mark])
    return (fill(f"Readings ({len(rows)}); chosen: {result.why_chosen or 'none (refused)'}") + "\n" +
            fit_table(rows, ["#", "Reading", "Total", "Elements", ""], wrap=3, note="Elements"))


def claim_diff(result, claim):
    """(matching reading or None, items only in the correct score, items only in the claimed reading)."""
    v = result.value
    match = next((s for s in result.readings if not s.refused and abs(s.value.total - claim) < 1e-9), None)
    if match is None:
        return None, list(v.items), []
    mine = {(i.name, i.value) for i in v.items}
    theirs = {(i.name, i.value) for i in match.value.items}
    return (match, [i for i in v.items if (i.name, i.value) not in theirs],
            [i for i in match.value.items if (i.name, i.value) not in mine])


def claim_text(result, claim) -> str:
    from .claims import check, parse_claim

    claim = parse_claim(claim)
    verdict = check(result, claim)
    return claim_verdict_text(result, verdict)


def claim_verdict_text(result, verdict) -> str:
    v = result.value
    claim = verdict.claim
    head = f"Claim {claim.text(v.unit)}: "
    if verdict.correct:
        return head + "correct."
    lines = [fill(head + "wrong, " + "; ".join(verdict.lines) + ".")]
    if claim.kind == "total":
        match, only_mine, only_theirs = claim_diff(result, claim.amount)
        if match is not None and match is not result.chosen:
            lines.append(fill(f"The claim matches another reading: {reading_text(match.reading)}"))
            for i in only_mine:
                lines.append(fill(f"  + {i.label} ({_fmt(i.value)} {i.unit}) counts in the best reading - {i.rule}",
                                  indent="    "))
            for i in only_theirs:
                lines.append(fill(f"  - {i.label} ({_fmt(i.value)} {i.unit}) only in the claimed reading - {i.rule}",
                                  indent="    "))
        elif abs(claim.amount - v.total) > 1e-9:
            lines.append("No reading totals the claim; the correct elements are:")
            for i in only_mine:
                lines.append(fill(f"  {i.label}: {'limit' if i.limit else _fmt(i.value)} {i.unit} - {i.rule}",
                                  indent="    "))
    if verdict.money:
        lines.append("Money (in seat order):")
        for frm, to, d in verdict.money:
            lines.append(f"  {frm} owes {to} {_fmt(abs(d))} {'more' if d > 0 else 'less'} than the claim says")
    elif claim.kind != "net":
        lines.append("Money: no change, the claim pays the same.")
    return "\n".join(lines)


@lru_cache(maxsize=1024)
def _ident(key) -> str:
    """A details key as an identifier: 'base points' -> base_points (kept: every record asks)."""
    out = "".join(ch if ch.isalnum() else "_" for ch in str(key).strip().lower())
    while "__" in out:
        out = out.replace("__", "_")
    return out.strip("_") or "value"


def details_dict(details) -> dict:
    return {_ident(k): num(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else x
            for k, x in details.items()}


def result_dict(result, show_all=False, claim=None, glyphs=False, refused=None, minimum=None) -> dict:
    v = result.value
    d = {
        "schema_version": SCHEMA_VERSION,
        "variant": result.variant.id,
        "hand": result.hand.text(),
        "total": {"value": num(v.total), "unit": v.unit},
        "items": [i.as_dict() for i in v.items],
        "decomposition": [block_text(b) for b in result.chosen.reading.blocks],
        "form": result.chosen.reading.form,
        "winning_block": result.chosen.reading.win,
        "details": details_dict(v.details),
        "limit": v.limit,
        "base": num(v.base),  # what the payments start from (a limit hand: what the limit pays)
        "legal": refused is None,
        "payments": [t.as_dict() for t in result.transfers],
        "net": result.net,
        "context": {"win": result.ctx.win_type, "seat": result.ctx.seat, "round": result.ctx.round,
                    "dealer": result.ctx.dealer},
        "options": result.options,
        "why_chosen": result.why_chosen,
    }
    if result.wild is not None and result.wild.tile is not None:
        d["wild"] = {"tile": tile_name(result.wild.tile), "uses": wild_notes(result)}
    if result.warnings:
        d["warnings"] = list(result.warnings)
    if show_all:
        d["readings"] = [{"decomposition": [block_text(b) for b in s.reading.blocks], "form": s.reading.form,
                          "total": num(s.value.total), "items": [i.name for i in s.value.items],
                          "chosen": s is result.chosen, "refused": s.refused or None} for s in result.readings]
    if glyphs:
        d["glyphs"] = held_glyphs(result)
    if refused is not None:  # scored with the minimum lifted to show it; nothing is paid
        d["refused"] = refused
        d["payments"] = []
        d["net"] = {seat: 0 for seat in result.ctx.seats}
        counted = towards_minimum(result, minimum)
        if counted is not None:
            d["minimum"] = counted
    if claim is not None:
        from .claims import check, parse_claim

        claim = parse_claim(claim)
        verdict = check(result, claim)
        d["claim"] = verdict.as_dict()
        if claim.kind == "total":
            match, only_mine, only_theirs = claim_diff(result, claim.amount)
            d["claim"].update({
                "difference": num(v.total - claim.amount),
                "matching_reading": [block_text(b) for b in match.reading.blocks] if match else None,
                "missing_items": [i.as_dict() for i in only_mine],
                "extra_items": [i.as_dict() for i in only_theirs]})
    return d


def result_json(result, show_all=False, claim=None, glyphs=False) -> str:
    return json.dumps(result_dict(result, show_all, claim, glyphs), ensure_ascii=False)


def pay_text(variant_ref, value, transfers, net) -> str:
    from .variant import load_variant

    var = load_variant(variant_ref)
    return "\n".join([f"{var.name}  [{var.id}]", f"Total:    {_total_text(value)}", "", "Payments",
                      tabulate(payments_rows(transfers), headers=["From", "To", "Amount", "Why"], tablefmt="simple"),
                      f"Net:      {net_text(net)}"])


def pay_json(variant_ref, value, transfers, net) -> str:
    from .variant import load_variant

    return json.dumps({"schema_version": SCHEMA_VERSION, "variant": load_variant(variant_ref).id,
                       "total": {"value": num(value.total), "unit": value.unit}, "limit": bool(value.limit),
                       "base": num(value.base), "details": details_dict(value.details),
                       "payments": [t.as_dict() for t in transfers], "net": net})


def variants_table() -> str:
    from .variant import load_variant, shipped_ids

    rows = []
    for vid in shipped_ids():
        v = load_variant(vid)
        rows.append([v.id, v.name, v.players, 3 * v.sets + 2, len(v.patterns), len(v.options)])
    return fit_table(rows, ["id", "ruleset", "players", "tiles", "patterns", "options"], wrap=1, note="Ruleset")


def variant_text(ref) -> str:
    from .citations import sources_text
    from .variant import load_variant

    v = load_variant(ref)
    out = [f"{v.name}  [{v.id}]", field("Source:", v.source)]
    out += [field("Cites:", line) for line in sources_text(v)]  # the short names the Rule column uses
    out.append(field("File:", str(v.path)))
    if v.description:
        out.append(field("About:", " ".join(v.description.split())))
    from .explain import form_words

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
    out.append(fit_table([r[:3] + r[4:] for r in rows], ["name", "value", "unit", "notes", "rule"], wrap=4))
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
    from .variant import load_variant

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


# ---- table tools ----------------------------------------------------------------------------

def _money(result) -> str:
    return "  ".join(f"{s} {'+' if v > 0 else ''}{_fmt(v)}" for s, v in result.net.items())


def compare_text(hand, rows) -> str:
    table = []
    for c in rows:
        if c.result is None:
            table.append([c.variant, "-", "refused: " + c.refused])
        else:
            v = c.result.value
            total = ("limit " if v.limit else "") + f"{_fmt(v.total)} {v.unit}".strip()
            table.append([c.variant, total, _money(c.result)])
    return f"Hand: {hand}\n" + fit_table(table, ["ruleset", "total", "net per seat / why not"], wrap=2,
                                         note="Why not")


def compare_json(rows) -> str:
    # a list (one entry per ruleset), as before schema versions: each entry carries the version
    return json.dumps([{"schema_version": SCHEMA_VERSION, "variant": c.variant, "name": c.name,
                        "refused": c.refused or None,
                        "result": result_dict(c.result) if c.result is not None else None} for c in rows],
                      ensure_ascii=False)


def _wait_cell(result, refused) -> str:
    if result is None:
        return "refused: " + refused.split(": ", 1)[-1]
    v = result.value
    total = f"limit ({v.details.get('limit hand', '')})" if v.limit else f"{_fmt(v.total)} {v.unit}"
    return f"{total}, wins {_fmt(result.net[result.ctx.seat])}"


def waits_text(w) -> str:
    if not w.waits:
        return f"Hand: {w.hand.text()}\nNo tile completes this hand."
    rows = [[tile_name(x.tile), x.visible, "dead" if x.dead else "", _wait_cell(x.self_draw, x.self_draw_refused),
             _wait_cell(x.discard, x.discard_refused)] for x in w.waits]
    live = sum(1 for x in w.waits if not x.dead)
    return (f"Hand: {w.hand.text()}\nWaits: {len(w.waits)} tile kinds ({live} live)\n" +
            fit_table(rows, ["tile", "seen", "", "self-draw", f"discard (from {w.discarder})"], wrap=(3, 4)))


def waits_json(w) -> str:
    def cell(result, refused):
        if result is None:
            return {"refused": refused}
        return {"total": num(result.value.total), "unit": result.value.unit, "net": result.net}

    return json.dumps({"schema_version": SCHEMA_VERSION, "hand": w.hand.text(), "discarder": w.discarder, "waits": [
        {"tile": tile_name(x.tile), "seen": x.visible, "dead": x.dead, "self_draw": cell(x.self_draw, x.self_draw_refused),
         "discard": cell(x.discard, x.discard_refused)} for x in w.waits]})


def _waits_cell(w) -> str:
    parts = []
    for x in w.waits:
        r = x.self_draw or x.discard
        if r is None:
            parts.append(f"{tile_name(x.tile)} (refused)")
            continue
        v = r.value
        val = "limit" if v.limit else f"{_fmt(v.total)} {v.unit}".strip()
        parts.append(f"{tile_name(x.tile)} {val} +{_fmt(r.net[r.ctx.seat])}" + (" (dead)" if x.dead else ""))
    return ", ".join(parts)


def turn_text(t, compact=False) -> str:
    out = [field("Hand:", f"{t.hand.text()}  (a whole turn: choose a discard)")]
    if t.shanten <= 0:
        out.append(fill(f"Ready after {len(t.discards)} discard{'s' if len(t.discards) != 1 else ''}, best first "
                        "(each wait: its value and the winner's net by self-draw):"))
        rows = []
        for d in t.discards:
            live = sum(4 - x.visible for x in d.waits.waits)
            rows.append([tile_name(d.tile), live, _waits_cell(d.waits)])
        out.append(fit_table(rows, ["discard", "live", "waits and values"], wrap=2))
        return "\n".join(out)
    out.append(f"Not ready: shanten {t.shanten} ({t.shanten} useful tile{'s' if t.shanten > 1 else ''} from ready).")
    out.append("Discards that keep it nearest (most unseen useful tiles first):")
    rows = [[tile_name(d.tile), d.useful, " ".join(tile_name(u) for u in d.useful_kinds)] for d in t.discards]
    out.append(fit_table(rows, ["discard", "useful", "tiles that bring it nearer"], wrap=2))
    return "\n".join(out)


def turn_json(t) -> str:
    def wait_list(w):
        return [{"tile": tile_name(x.tile), "seen": x.visible, "dead": x.dead,
                 "self_draw": _wait_json(x.self_draw, x.self_draw_refused),
                 "discard": _wait_json(x.discard, x.discard_refused)} for x in w.waits]

    return json.dumps({"schema_version": SCHEMA_VERSION, "hand": t.hand.text(), "shanten": t.shanten,
                       "discards": [{"tile": tile_name(d.tile), "shanten": d.shanten,
                                     "waits": wait_list(d.waits) if d.waits else [],
                                     "useful": d.useful, "useful_tiles": [tile_name(u) for u in d.useful_kinds]}
                                    for d in t.discards]}, ensure_ascii=False)


def _wait_json(result, refused):
    if result is None:
        return {"refused": refused}
    return {"total": num(result.value.total), "unit": result.value.unit, "limit": result.value.limit,
            "net": result.net}
