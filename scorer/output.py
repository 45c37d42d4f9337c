"""Text and JSON renderings of results, payments and rulesets. No scoring happens here."""
from __future__ import annotations

import json

from .decompose import Block
from .hand import KONG
from .notation import format_tiles
from .result import num
from .tiles import glyph, tile_name


def tabulate(rows, headers=(), tablefmt="simple", maxcolwidths=None):
    """tabulate.tabulate, imported on first use with a stdlib wide-character measure in place of the
    optional `wcwidth` package (whose import costs more than the rest of a one-hand run), so CJK
    labels still line up."""
    from .tables import tabulate as _tabulate

    return _tabulate(rows, headers=headers, tablefmt=tablefmt, maxcolwidths=maxcolwidths)


def _fmt(x) -> str:
    x = num(x)
    return f"{x:g}" if isinstance(x, float) else str(x)


def block_text(b: Block) -> str:
    body = format_tiles(b.tiles, sep="")
    if b.meld is not None:
        return ("{" + body + "}") if (b.kind == KONG and b.meld.concealed) else f"[{body}]"
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


def result_text(result, show_all=False, claim=None, glyphs=False) -> str:
    v = result.value
    hand_line = result.hand.text()
    out = [f"{result.variant.name}  [{result.variant.id}]",
           f"Hand:     {hand_line}"]
    if glyphs:
        out.append("          " + " ".join(
            "".join(glyph(t) for t in b.tiles) for b in result.chosen.reading.blocks) +
                   (" " + "".join(glyph(t) for t in result.hand.bonus) if result.hand.bonus else ""))
    out.append(f"Won by:   {_win_text(result.ctx)}")
    if result.wild is not None and result.wild.tile is not None:
        out.append(f"Wild:     {result.wild.describe()}")
    out.append(f"Reading:  {reading_text(result.chosen.reading)}   (* holds the winning tile)")
    for note in wild_notes(result):
        out.append(f"          {note}")
    out.append("")
    out.append(tabulate(_items_rows(v.items), headers=["Element", "Value", "Unit", "Rule"], tablefmt="simple")
               if v.items else "No scoring elements.")
    out.append("")
    out.append(f"Total:    {_total_text(v)}")
    out.append("")
    out.append("Payments")
    out.append(tabulate(payments_rows(result.transfers), headers=["From", "To", "Amount", "Why"], tablefmt="simple"))
    out.append(f"Net:      {net_text(result.net)}")
    for w in result.warnings:
        out.append(f"Warning:  {w}")
    if show_all:
        out.append("")
        out.append(all_readings_text(result))
    if claim is not None:
        out.append("")
        out.append(claim_text(result, claim))
    return "\n".join(out)


def all_readings_text(result) -> str:
    rows = []
    for n, s in enumerate(result.readings, 1):
        mark = "chosen" if s is result.chosen else ("refused: " + s.refused if s.refused else "")
        rows.append([n, reading_text(s.reading), _fmt(s.value.total) + " " + s.value.unit,
                     ", ".join(i.label for i in s.value.items), mark])
    return (f"Readings ({len(rows)}); chosen: {result.why_chosen}\n" +
            tabulate(rows, headers=["#", "Reading", "Total", "Elements", ""], tablefmt="simple"))


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
    v = result.value
    if abs(claim - v.total) < 1e-9:
        return f"Claim {_fmt(claim)} {v.unit}: correct."
    lines = [f"Claim {_fmt(claim)} {v.unit}: wrong, the hand is worth {_fmt(v.total)} {v.unit} "
             f"({'+' if v.total > claim else ''}{_fmt(v.total - claim)})."]
    match, only_mine, only_theirs = claim_diff(result, claim)
    if match is not None and match is not result.chosen:
        lines.append(f"The claim matches another reading: {reading_text(match.reading)}")
        for i in only_mine:
            lines.append(f"  + {i.label} ({_fmt(i.value)} {i.unit}) counts in the best reading - {i.rule}")
        for i in only_theirs:
            lines.append(f"  - {i.label} ({_fmt(i.value)} {i.unit}) only in the claimed reading - {i.rule}")
    else:
        lines.append("No reading totals the claim; the correct elements are:")
        for i in only_mine:
            lines.append(f"  {i.label}: {'limit' if i.limit else _fmt(i.value)} {i.unit} - {i.rule}")
    from .tools import claim_settlement

    money = claim_settlement(result, claim)
    if not money:
        lines.append("Money: no change, the claimed total pays the same.")
    else:
        lines.append("Money: " + "; ".join(
            f"{frm} owes {to} {_fmt(abs(d))} {'more' if d > 0 else 'less'} than the claim" for frm, to, d in money))
    return "\n".join(lines)


def result_dict(result, show_all=False, claim=None) -> dict:
    v = result.value
    d = {
        "variant": result.variant.id,
        "hand": result.hand.text(),
        "total": {"value": num(v.total), "unit": v.unit},
        "items": [i.as_dict() for i in v.items],
        "decomposition": [block_text(b) for b in result.chosen.reading.blocks],
        "form": result.chosen.reading.form,
        "winning_block": result.chosen.reading.win,
        "details": {k: num(x) if isinstance(x, (int, float)) else x for k, x in v.details.items()},
        "limit": v.limit,
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
    if claim is not None:
        match, only_mine, only_theirs = claim_diff(result, claim)
        from .tools import claim_settlement

        d["claim"] = {"claimed": num(claim), "correct": abs(claim - v.total) < 1e-9,
                      "settlement_difference": [{"from": f, "to": t, "amount": num(a)}
                                                for f, t, a in claim_settlement(result, claim)],
                      "difference": num(v.total - claim),
                      "matching_reading": [block_text(b) for b in match.reading.blocks] if match else None,
                      "missing_items": [i.as_dict() for i in only_mine],
                      "extra_items": [i.as_dict() for i in only_theirs]}
    return d


def result_json(result, show_all=False, claim=None) -> str:
    return json.dumps(result_dict(result, show_all, claim), ensure_ascii=False)


def pay_text(variant_ref, value, transfers, net) -> str:
    from .variant import load_variant

    var = load_variant(variant_ref)
    return "\n".join([f"{var.name}  [{var.id}]", f"Total:    {_total_text(value)}", "", "Payments",
                      tabulate(payments_rows(transfers), headers=["From", "To", "Amount", "Why"], tablefmt="simple"),
                      f"Net:      {net_text(net)}"])


def pay_json(variant_ref, value, transfers, net) -> str:
    from .variant import load_variant

    return json.dumps({"variant": load_variant(variant_ref).id, "total": {"value": num(value.total), "unit": value.unit},
                       "details": {k: num(x) if isinstance(x, (int, float)) else x for k, x in value.details.items()},
                       "payments": [t.as_dict() for t in transfers], "net": net})


def variants_table() -> str:
    from .variant import load_variant, shipped_ids

    rows = []
    for vid in shipped_ids():
        v = load_variant(vid)
        rows.append([v.id, v.name, v.players, 3 * v.sets + 2, len(v.patterns), len(v.options)])
    return tabulate(rows, headers=["id", "ruleset", "players", "tiles", "patterns", "options"], tablefmt="simple")


def variant_text(ref) -> str:
    from .citations import sources_text
    from .variant import load_variant

    v = load_variant(ref)
    out = [f"{v.name}  [{v.id}]", f"Source:   {v.source}"]
    out += [f"Cites:    {line}" for line in sources_text(v)]  # the short names the Rule column uses
    out.append(f"File:     {v.path}")
    if v.description:
        out.append(f"About:    {v.description.strip()}")
    out.append(f"Players:  {v.players}; hands of {3 * v.sets + 2} tiles; forms: {', '.join(v.forms)}")
    if v.wild.get("from", "none") != "none":
        out.append(f"Wild:     {v.wild}")
    out.append(f"Scoring:  {v.scoring}")
    out.append(f"Payment:  {v.payment}")
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
            flags.append("when " + ", ".join(f"{k}={w}" for k, w in p.when.items()))
        rows.append([p.name, "limit" if p.limit else p.value, p.unit, p.check, "; ".join(flags), p.rule])
    out.append("Patterns")
    out.append(tabulate(rows, headers=["name", "value", "unit", "predicate", "notes", "rule"], tablefmt="simple"))
    if v.exclusions:
        out.append("")
        out.append("Exclusions")
        for e in v.exclusions:
            out.append(f"  {e['pattern']} excludes {', '.join(e['excludes'])}" +
                       (f" when {e['when']}" if e.get("when") else ""))
    out.append("")
    out.append("Options (--rule KEY=VALUE)")
    out.append(tabulate([[o.name, o.default, o.type, o.doc] for o in v.options.values()],
                        headers=["option", "default", "type", "meaning"], tablefmt="simple",
                        maxcolwidths=[None, None, None, 90]) if v.options else "  none")
    if v.context_keys:
        out.append("")
        out.append("Context keys (--set KEY=VALUE or hand-file keys)")
        for k, doc in v.context_keys.items():
            out.append(f"  {k}: {doc}")
    return "\n".join(out)


def variant_json(ref) -> str:
    from .variant import load_variant

    v = load_variant(ref)
    return json.dumps({
        "id": v.id, "name": v.name, "source": v.source, "sources": v.sources, "players": v.players,
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
    return f"Hand: {hand}\n" + tabulate(table, headers=["ruleset", "total", "net per seat / why not"],
                                        tablefmt="simple")


def compare_json(rows) -> str:
    return json.dumps([{"variant": c.variant, "name": c.name, "refused": c.refused or None,
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
            tabulate(rows, headers=["tile", "seen", "", "self-draw", f"discard (from {w.discarder})"],
                     tablefmt="simple"))


def waits_json(w) -> str:
    def cell(result, refused):
        if result is None:
            return {"refused": refused}
        return {"total": num(result.value.total), "unit": result.value.unit, "net": result.net}

    return json.dumps({"hand": w.hand.text(), "discarder": w.discarder, "waits": [
        {"tile": tile_name(x.tile), "seen": x.visible, "dead": x.dead, "self_draw": cell(x.self_draw, x.self_draw_refused),
         "discard": cell(x.discard, x.discard_refused)} for x in w.waits]})
