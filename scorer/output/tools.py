"""Renderings of the table tools: one hand under several rulesets (`compare`), the waits of a hand one
tile short and the discards of a whole turn (`waits`)."""
from __future__ import annotations

import json

from ..core.result import num
from ..notation.tiles import tile_name
from .render import SCHEMA_VERSION
from .render import fmt as _fmt
from .results import result_dict
from .riichi_words import value_words
from .width import field, fill, fit_table


def _money(result) -> str:
    return "  ".join(f"{s} {'+' if v > 0 else ''}{_fmt(v)}" for s, v in result.net.items())


def compare_text(hand, rows) -> str:
    table = []
    for c in rows:
        left_out = "".join(f"; {n}" for n in c.notes)  # the flags this ruleset does not read
        if c.result is None:
            table.append([c.variant, "-", "refused: " + c.refused + left_out])
        else:
            v = c.result.value
            total = value_words(v) or ("limit " if v.limit else "") + f"{_fmt(v.total)} {v.unit}".strip()
            table.append([c.variant, total, _money(c.result) + left_out])
    return f"Hand: {hand}\n" + fit_table(table, ["ruleset", "total", "net per seat / why not"], wrap=2,
                                         note="Why not")


def compare_json(hand, rows) -> str:
    """The rows as JSON (each names its ruleset; the hand is the caller's, as compare_text's)."""
    # a list (one entry per ruleset), as before schema versions: each entry carries the version
    return json.dumps([{"schema_version": SCHEMA_VERSION, "variant": c.variant, "name": c.name,
                        "refused": c.refused or None, "notes": list(c.notes),
                        "result": result_dict(c.result) if c.result is not None else None} for c in rows],
                      ensure_ascii=False)


def _wait_cell(result, refused) -> str:
    if result is None:
        return "refused: " + refused.split(": ", 1)[-1]
    return f"{value_text(result.value)}, wins {_fmt(result.net[result.ctx.seat])}"


def value_text(v) -> str:
    """A value in a cell: riichi's words ('3 han 40 fu', 'mangan', 'double yakuman'), else the total,
    a limit hand by its name when the ruleset gives one."""
    words = value_words(v)
    if words:
        return words
    if v.limit:
        name = v.details.get("limit hand", "")
        return f"limit ({name})" if name else "limit"
    return f"{_fmt(v.total)} {v.unit}".strip()


def waits_text(w) -> str:
    if not w.waits:
        return (f"Hand: {w.hand.text()}\nNo tile completes this hand" +
                (f": it is {w.shanten} useful tile{'s' if w.shanten > 1 else ''} from ready (shanten {w.shanten})."
                 if w.shanten > 0 else " (the ruleset refuses every win it could make)."))
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
        val = value_text(r.value)
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
