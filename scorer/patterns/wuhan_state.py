"""Wuhan: the other players' declared state (`others:` per seat, `--other SEAT:STATE`), which the
payments read (an unopened loser pays double; kongs declared count in each pair's fan). Rule texts
are cited as in scorer/patterns/wuhan.py (the Wuhan page, docs/SOURCES.md)."""
from __future__ import annotations

from ..errors import ContextBounds, ContextError
from ..rulesets.context_values import MAX_OTHERS_COUNT, _as_bool, _as_int

STATE_KEYS = ("opened", "concealed_kongs", "exposed_kongs", "red_kongs", "laizi_kongs")
ALIASES = {"o": "opened", "open": "opened", "ck": "concealed_kongs", "ek": "exposed_kongs",
           "rk": "red_kongs", "lk": "laizi_kongs"}


def _state_from_text(seat: str, text: str) -> dict:
    """The compact form: `opened,ek=1,rk=2` (commas or spaces; `closed` or `-` for a player who has
    declared nothing). Keys: opened (o), concealed_kongs (ck), exposed_kongs (ek), red_kongs (rk),
    laizi_kongs (lk)."""
    out: dict = {}
    for token in text.replace(",", " ").split():
        key, eq, val = token.partition("=")
        key = key.strip().lower()
        if key in ("closed", "unopened", "-") and not eq:
            out["opened"] = False
            continue
        key = ALIASES.get(key, key.replace("-", "_"))
        if key not in STATE_KEYS:
            from ..suggest import did_you_mean

            raise ContextError(f"--other {seat}: unknown key {key!r}{did_you_mean(key, [*STATE_KEYS, 'closed'])} in {text!r} (known: opened/o, "
                               "concealed_kongs/ck, exposed_kongs/ek, red_kongs/rk, laizi_kongs/lk, closed)")
        out[key] = val if eq else True
    return out


def loser_state(ctx, seat: str) -> dict:
    """What a loser has declared: opened (bool) and counts of concealed, exposed, red-dragon and laizi
    kongs. A seat not given has declared nothing. An exposed kong is itself an opening (上がりの条件 (winning conditions))."""
    raw = (ctx.others or {}).get(seat)
    if raw is None:
        raw = {}
    elif isinstance(raw, str):
        raw = _state_from_text(seat, raw)
    elif not isinstance(raw, dict):
        raise ContextError(f"others: {seat} must be a mapping or a string like 'opened,ek=1', got {raw!r}")
    state = {"opened": False, "concealed_kongs": 0, "exposed_kongs": 0, "red_kongs": 0, "laizi_kongs": 0}
    said_closed = False
    for key, value in raw.items():
        key = ALIASES.get(str(key), str(key))
        if key not in STATE_KEYS:
            from ..suggest import did_you_mean

            raise ContextError(f"others: {seat} has an unknown key {key!r}{did_you_mean(key, STATE_KEYS)} "
                               f"(known: {', '.join(STATE_KEYS)})")
        what = f"others {seat} {key}"
        state[key] = _as_bool(what, value) if key == "opened" else _as_int(what, value)
        if key != "opened" and state[key] > MAX_OTHERS_COUNT:  # as every other count (a kong count is an exponent)
            raise ContextBounds(f"{what} {str(value)[:40]} is past its bound {MAX_OTHERS_COUNT}: "
                                "a player declares at most four kongs")
        said_closed = said_closed or (key == "opened" and not state[key])
    if state["exposed_kongs"] and said_closed:
        raise ContextError(f"others: {seat} has an exposed kong, which is an opening (Wuhan page, 上がりの条件 (winning conditions)), "
                           "but says it never opened")
    state["opened"] = state["opened"] or state["exposed_kongs"] > 0
    if seat == ctx.robbed:
        # 搶槓 robs 'ポンに牌を付け加えるカン' (役 (hands)): the robbed player claimed that pung, an opening
        if said_closed:
            raise ContextError(f"others: {seat} is the robbed player, whose pung is an opening (Wuhan page, 上がりの条件 and 役), "
                               "but says it never opened")
        state["opened"] = True
    return state


def check_others(ctx) -> None:
    for seat in (ctx.others or {}):
        if seat not in ctx.seats:
            raise ContextError(f"others: {seat} is not a seat at a {ctx.players}-player table ({' '.join(ctx.seats)})")
        if seat == ctx.seat:
            raise ContextError(f"others: {seat} is the winner; give the winner's declarations with --set")
