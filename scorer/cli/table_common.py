"""What the `mjscore table`, `settle` and `season` commands share: their common flags and the
text or JSON report of one table event."""
from __future__ import annotations

import json
import textwrap

import click

from .common import format_option

FMT = format_option("event")
BY = click.option("--by", help="Who enters the event (default: $MJSCORE_USER, else the login name).")
REPLACE = click.option("--replace", type=click.IntRange(min=1), metavar="N",
                       help="Edit: this event replaces event #N; the later events are settled again.")
WHY_WIDTH = 44
RIICHI_BY = click.option("--riichi-by", metavar="NAME,...",
                         help="Riichi: other players who declared riichi this hand (1000 each into the pot).")
KONG_KIND = click.Choice(["direct", "added", "concealed"])


def _names(text):
    """A comma-separated list of player names ('' is an empty list, None not given)."""
    if text is None:
        return None
    return [n.strip() for n in text.split(",") if n.strip()]



def false_win_claim(who, total, is_limit, self_draw, discarder) -> dict:
    """The fields of a false-win event (the claim that was not a win), for `table` and `settle` alike."""
    claim = {"seat": who}
    if total is not None:
        claim["total"] = int(total) if total.is_integer() else total
    if is_limit:
        claim["limit"] = True
    if discarder:
        claim["discarder"] = discarder
    elif self_draw:
        claim["self_draw"] = True
    return claim

def _payments(transfers) -> str:
    from ..output.render import fmt as _fmt
    from ..output.tables import tabulate

    if not transfers:
        return "No payments."
    rows = [[f, t, _fmt(a), why] for f, t, a, why in transfers]
    return tabulate(rows, headers=["From", "To", "Amount", "Why"], tablefmt="simple",
                    maxcolwidths=[None, None, None, WHY_WIDTH])


def _standings_line(standings) -> str:
    from ..table.report import balance

    return "Standings: " + "  ".join(f"{p} {balance(v)}" for p, v in standings.items())


def _event_report(t, ev, fmt, long=False) -> str:
    from ..output.results import result_dict, result_text
    from ..output.riichi_words import result_words
    from ..table import state as st
    from ..table.report import event_text, final_text, where_text

    standings = t.standings()
    after = ev["state_after"]
    before = ev["state_before"]
    if fmt == "json":
        d = {"schema_version": "1", "no": ev["no"], "kind": ev["kind"], "hand_number": before["hand"], "text": event_text(ev),
             "records": ev["records"], "standings": standings, "entered_by": ev["entered_by"],
             "entered_at": ev["entered_at"],
             "next": {"hand_number": after["hand"], "round": st.round_wind(after),
                      "dealer": t.players[after["dealer"]], "streak": after["streak"], "over": after["over"]}}
        if after["over"]:
            d["final"] = t.final()
        if ev["kind"] == "win":
            d["results"] = [result_dict(r) for r in ev["results"]]
        return json.dumps(d, ensure_ascii=False)
    where = where_text(before, t)
    if t.session.get("words") == "kyoku":
        where += f", dealer {t.players[before['dealer']]}"
    out = textwrap.wrap(f"#{ev['no']}  {where}: {event_text(ev)}", 80, subsequent_indent="    ")
    if ev["kind"] == "win":
        for r, rec in zip(ev["results"], ev["records"]):
            if long:
                out += ["", result_text(r)]
            else:
                out.append(f"  {rec['names'][rec['ctx']['seat']]} ({rec['ctx']['seat']}): {rec['hand']}")
                out += textwrap.wrap("; ".join(rec["items"]) or "no scoring elements", 78,
                                     initial_indent="    ", subsequent_indent="    ")
    transfers = [x for rec in ev["records"] for x in rec["transfers"]]
    said = [w for w in (result_words(r.value, r.ctx) for r in ev.get("results") or () if ev["kind"] == "win") if w]
    out += ["", *(f"Payments ({w})" for w in said), _payments(transfers)]
    rule = ev["records"][0].get("rule") if ev["kind"] != "win" else ""
    if rule and transfers:
        out += textwrap.wrap(f"Rule: {rule}", 80, subsequent_indent="      ")
    short = getattr(t, "shortfalls", {}).get(ev["no"])
    if short:
        from ..batch.ledger import num

        out += textwrap.wrap(f"Loss cap {num(short[0][3])}: " + ", ".join(
            f"{p} paid {num(paid)} of {num(owed)}" for p, owed, paid, _ in short) + " (the rest is forgiven)", 80)
    out.append(_standings_line(standings))
    if after["over"]:
        out.append(f"The session is over ({after.get('ended') or st.end_text(t.session)}).")
        final = t.final()
        if final:
            out += ["", *final_text(final)]
    elif ev["kind"] != "kong":
        nxt = where_text(after, t)
        if t.session.get("words") == "kyoku":
            nxt += f", dealer {t.players[after['dealer']]}"
        out.append(f"Next: {nxt}")
    return "\n".join(out)
