"""Text and JSON renderings of scored hands, refusals, claims and payments. No scoring happens here.
Rulesets: output_rulesets.py; compare and waits: output_tools.py."""
from __future__ import annotations

import json
from functools import lru_cache

from ..core.blocks import Block
from ..core.result import num
from ..notation.format import format_tiles
from ..notation.hand import KONG
from ..notation.tiles import glyph, tile_name
from .render import SCHEMA_VERSION
from .render import fmt as _fmt
from .riichi_words import result_words
from .width import field, fill, fit_table


def tabulate(rows, headers=(), tablefmt="simple", maxcolwidths=None):
    """tabulate.tabulate, imported on first use with a stdlib wide-character measure in place of the
    optional `wcwidth` package (whose import costs more than the rest of a one-hand run), so CJK
    labels still line up."""
    from .tables import tabulate as _tabulate

    return _tabulate(rows, headers=headers, tablefmt=tablefmt, maxcolwidths=maxcolwidths)


@lru_cache(maxsize=8192)  # JSON output writes every block of every record: a few hundred recur
def block_text(b: Block) -> str:
    body = format_tiles(b.tiles, sep="")
    if b.meld is not None:
        body = ("{" + body + "}") if (b.kind == KONG and b.meld.concealed) else f"[{body}]"
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
    # with the dealer away from E the seat letter is a place, not the wind the patterns read: say both
    winner = ctx.seat if ctx.seat_wind == ctx.seat else f"{ctx.seat} (seat wind {ctx.seat_wind})"
    return f"{how}; winner {winner}, round {ctx.round}, dealer {ctx.dealer}" + (
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


def payments_head(value, ctx) -> str:
    """'Payments', with riichi's shorthand of the hand's payment beside it (honba and sticks apart)."""
    words = result_words(value, ctx)
    return f"Payments ({words})" if words else "Payments"


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


def payments_table(transfers) -> str:
    """From, To, Amount and Why: --compact keeps the Why (it leaves out the Rule column only), since a
    payment's reason is what a table checks its money against."""
    return fit_table(payments_rows(transfers), ["From", "To", "Amount", "Why"], wrap=3, note="Why")


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
    out.append(payments_head(v, result.ctx))
    out.append(payments_table(result.transfers))
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
    from ..core.claims import check, parse_claim

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
    elif claim.kind == "words" and not verdict.correct:
        pass  # words of the other way of winning ('1300/2600' for a ron): nothing to set side by side
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
    from ..core.replay import context_echo  # (imported when a JSON result is made, not for text)

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
        "context": context_echo(result.ctx),  # every input that changed the result: it replays
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
        from ..core.claims import check, parse_claim

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


def pay_text(variant_ref, value, transfers, net, ctx=None) -> str:
    from ..rulesets.context import context_from
    from ..rulesets.variant import load_variant

    var = load_variant(variant_ref)
    head = "Payments"
    if ctx is not None and "basic points" in value.details:  # riichi's shorthand needs the seats
        head = payments_head(value, context_from(dict(ctx)) if isinstance(ctx, dict) else ctx)
    return "\n".join([f"{var.name}  [{var.id}]", f"Total:    {_total_text(value)}", "", head,
                      payments_table(transfers),
                      f"Net:      {net_text(net)}"])


def pay_json(variant_ref, value, transfers, net, ctx=None) -> str:
    from ..rulesets.variant import load_variant

    return json.dumps({"schema_version": SCHEMA_VERSION, "variant": load_variant(variant_ref).id,
                       "total": {"value": num(value.total), "unit": value.unit}, "limit": bool(value.limit),
                       "base": num(value.base), "details": details_dict(value.details),
                       "payments": [t.as_dict() for t in transfers], "net": net})


# the rulesets' renderings live in output_rulesets (imported here for the callers that look for them here)
from .rulesets import variant_json, variant_text, variants_table  # noqa: E402,F401
