"""What an edit or an undo changed at a live table, in money: `table win --replace N` settles the
later events again (the seats, dealer and streak may have moved), and a referee must see which
payments changed, not only that "3 later events were settled again"; `table log` shows each edit
beside what it undid."""
from __future__ import annotations

from textwrap import wrap

from ..batch.ledger import num
from .report import event_text
from .rules import POT


def event_money(ev: dict) -> dict:
    """{player: net} of one stored event (the pot is not a player)."""
    net: dict = {}
    for rec in ev["records"]:
        for f, t, amount, _why in rec["transfers"]:
            net[f] = net.get(f, 0) - amount
            net[t] = net.get(t, 0) + amount
    order = [n for rec in ev["records"][:1] for _s, n in sorted(rec.get("names", {}).items(),
                                                                 key=lambda kv: "ESWN".find(kv[0]))]
    return {p: num(net[p]) for p in sorted(net, key=lambda p: order.index(p) if p in order else 9) if p != POT}


def money_text(ev: dict) -> str:
    """'Ann -4, Bob +6' (who gained or lost; 'no payments' when nobody did)."""
    parts = [f"{p} {v:+}" for p, v in event_money(ev).items() if v]
    return ", ".join(parts) or "no payments"


def changes_lines(pairs) -> list[str]:
    """One line per event an edit settled again: what it was and what it is now, with the money."""
    out = []
    for old, new in pairs:
        was, now = f"{event_text(old)} ({money_text(old)})", f"{event_text(new)} ({money_text(new)})"
        if was == now:
            out += wrap_line(f"  #{new['no']} unchanged: {now}", " " * 7)
        else:
            out += wrap_line(f"  #{new['no']} was: {was}", " " * 7)
            out += wrap_line(f"     now: {now}", " " * 7)
    return out


def edits_json(pairs) -> list[dict]:
    """An edit's events as JSON: each event's number, and its text and net before and after."""
    return [{"no": new["no"], "was": event_text(old), "was_net": event_money(old), "now": event_text(new),
             "now_net": event_money(new)} for old, new in pairs]


def log_lines(events, undone) -> list[str]:
    """Every event with who entered it and when, and its money; an edit is followed by the events it
    took out (with what they paid), a plain undo listed on its own."""
    batches = []  # the undone log in its order: an edit took out a run N, N+1, ... at one moment
    for u in undone:
        key = (u["undone_at"], u["undone_by"])
        last = batches[-1] if batches else None
        if last is not None and last[0] == key and u["no"] == last[1][-1]["no"] + 1:
            last[1].append(u)
        else:
            batches.append((key, [u]))
    out = []
    used = set()
    for e in events:
        out.append(f"#{e['no']:<3} {e['entered_at']}  {e['entered_by']}: {event_text(e)} ({money_text(e)})")
        for i, (key, took) in enumerate(batches):
            if i not in used and key == (e["entered_at"], e["entered_by"]) and took[0]["no"] == e["no"]:
                used.add(i)
                for u in took:
                    what = "replaced" if u["no"] == e["no"] else "settled again, was"
                    out.append(f"       {what} #{u['no']}: {event_text(u)} ({money_text(u)})")
                break
    for i, (_key, took) in enumerate(batches):
        if i not in used:
            for u in took:
                out.append(f"undone #{u['no']} ({u['undone_at']} by {u['undone_by']}): {event_text(u)} "
                           f"({money_text(u)})")
    return [part for line in out for part in wrap_line(line, " " * 9)]


def wrap_line(line: str, indent: str) -> list[str]:
    """80 columns, never between a name and its amount ('Dan -2')."""
    kept = line.replace(" +", "\0+").replace(" -", "\0-")
    return [part.replace("\0", " ") for part in wrap(kept, 80, subsequent_indent=indent)]
