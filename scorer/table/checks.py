"""Checks a referee makes when a win is entered at a live table, reported as warnings (the win is
recorded; the table may have a reason the program cannot see): a kong entered earlier in the same
hand for the winner, paid at once, that his winning hand does not show."""
from __future__ import annotations

from ..notation.hand import KONG


def kong_warnings(table, ev: dict) -> list[str]:
    """Warnings for win event `ev`: each winner's kong events of the same hand against the kongs
    his hand shows (concealed ones `{1111m}`, exposed ones `[1111m,N]`)."""
    if ev["kind"] != "win":
        return []
    hand_no = ev["state_before"]["hand"]
    kongs = [e for e in table.events() if e["kind"] == "kong" and e["no"] < ev["no"]
             and e["state_before"]["hand"] == hand_no]
    out = []
    for (name, _hand), r in zip(ev["input"].get("hands") or [], ev.get("results") or []):
        mine = [e for e in kongs if e["input"].get("seat") == name]
        if not mine:
            continue
        shown = {"concealed": 0, "exposed": 0}
        for m in r.hand.melds:
            if m.kind == KONG:
                shown["concealed" if m.concealed else "exposed"] += 1
        for e in mine:
            kind = e["input"].get("kong")
            side = "concealed" if kind == "concealed" else "exposed"
            if shown[side]:
                shown[side] -= 1
                continue
            how = "a concealed kong {1111m}" if side == "concealed" else "an exposed kong [1111m,N]"
            out.append(f"{name}'s {kind} kong (#{e['no']}, paid then) is not in the winning hand: write the "
                       f"hand with {how}, or correct #{e['no']} with --replace if it was never made")
    return out
