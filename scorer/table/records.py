"""Hand-file records of a live table, for `mjscore batch` (scorer/batch/run.py calls these).

- `event: draw | kong | false_win` with the fields of scorer/table/settle.py instead of a `hand`: the
  event is settled by the ruleset's `session:` payment model and posted to the ledger like a hand.
- `names: {E: Ann, S: Bo, ...}`: who sat where for this record; the ledger then keeps the session's
  standings per player name (players move between seats as the deal rotates).
- `table_event: N`: the table's event number (the winners of one discard share it); read by
  `mjscore table import`, ignored by batch.
- `event: deposit` (a riichi table's export): `seat` declared riichi in that hand and his `amount`
  went, through the sticks on the table, to `to` (the seat, in that hand's seating, of the player who
  took them): a hand file has no pot, so the deposit is paid to its taker directly."""
from __future__ import annotations

from ..errors import MjError

EVENT_KINDS = ("draw", "kong", "false_win", "abort", "deposit")


def table_keys(ctx: dict):
    """Pop the table's own keys from a record's context: (names or None, table event number or None)."""
    names = ctx.pop("names", None)
    event_no = ctx.pop("table_event", None)
    if names is not None:
        if not isinstance(names, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in names.items()):
            raise ValueError("names must map seats to player names, e.g. {E: Ann, S: Bo, W: Cy, N: Di}")
        names = {k.upper(): v for k, v in names.items()}
    return names, event_no


def named(outcome: dict, names: dict) -> dict:
    """The outcome with its payments by player name (the ledger then keeps players, not seats)."""
    try:
        outcome["transfers"] = [(names[f], names[t], a) for f, t, a in outcome["transfers"]]
    except KeyError as e:
        return {"error": f"names: no player is named for seat {e.args[0]}"}
    outcome["players"] = tuple(names[s] for s in "ESWN"[:outcome["players"]] if s in names)
    if len(outcome["players"]) != len(names):
        return {"error": f"names: name the players of seats {' '.join('ESWN'[:len(names)])}"}
    return outcome


def event_outcome(job, mode: str = "") -> dict:
    """Settle an `event:` record as batch.score_job scores a hand (the same outcome keys)."""
    from ..core.result import net_of
    from .settle import settle_event

    ctx = dict(job.ctx)
    kind = ctx.pop("event")
    try:
        if kind not in EVENT_KINDS:
            raise MjError(f"event is one of win (a record with a hand), {', '.join(EVENT_KINDS)}; got {kind!r}")
        s = _deposit(ctx, job.variant) if kind == "deposit" else settle_event(kind, job.variant, ctx)
    except MjError as e:
        return {"error": str(e)}
    value = s.value
    transfers = [(t.frm, t.to, t.amount) for t in s.transfers]
    out = {"variant": s.variant.id, "hand": s.label, "seat": ctx.get("seat", "-"), "players": len(s.seats),
           "win": kind.replace("_", " "), "total": value.total if value is not None else 0,
           "unit": value.unit if value is not None else "", "limit": bool(ctx.get("limit")), "items": (),
           "transfers": transfers, "cap": s.cap}
    if mode == "full":
        out["full"] = {"variant": s.variant.id, "event": kind, "text": s.label,
                       "transfers": [t.as_dict() for t in s.transfers], "net": net_of(s.transfers, s.seats)}
    elif mode == "long":
        from ..output.results import net_text

        out["text"] = "\n".join([f"{s.variant.name}  [{s.variant.id}]", f"Event:    {s.label}", "Payments"]
                                + [f"  {t.frm} -> {t.to} {t.amount:g}: {t.why}" for t in s.transfers]
                                + [f"Net:      {net_text(net_of(s.transfers, s.seats))}"])
    return out


def table_outcome(job, mode: str, score_job) -> dict:
    """batch.score_job for a live table's record: an `event:` record settled here, a hand scored by
    `score_job` as any other; with `names`, the payments by player name."""
    if job.hand is None:
        try:
            out = event_outcome(job, mode)
        except Exception as e:  # a bug: reported with the record, as score_job does
            return {"error": f"internal error ({type(e).__name__}: {e}); please report this record", "internal": True}
    else:
        out = score_job(job._replace(names=None), mode)
    if job.names and "error" not in out:
        out = named(out, job.names)
    return out



def _deposit(ctx, variant):
    """A riichi deposit paid to the player who took it (see the module's docstring)."""
    from ..core.result import Transfer
    from ..rulesets.variant import load_variant
    from .settle import Settled

    seat, to, amount = str(ctx.get("seat", "")).upper(), str(ctx.get("to", "")).upper(), ctx.get("amount")
    seats = tuple("ESWN"[:ctx.get("players", 4)])
    if seat not in seats or to not in seats or isinstance(amount, bool) or not isinstance(amount, (int, float)):
        raise MjError("a deposit names `seat` (who declared riichi), `to` (who took the sticks) and `amount`")
    paid = [Transfer(seat, to, amount, f"riichi deposit of {seat}, taken by {to}")] if seat != to else []
    return Settled("deposit", load_variant(variant), paid, f"riichi deposit of {seat}", 0, seats)
