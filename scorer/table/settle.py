"""Settling one event that is not a win, by seat letters: `mjscore settle`, a hand file's `event:`
records and the live table all come here, and the ruleset's `session:` block names the payment model.

Fields (the keys of a hand-file record; seats are E S W N):
- draw: `disclosed` (the first player who disclosed a ready hand, where the ruleset makes him pay),
  `tenpai` (the players ready at the draw, a list of seats: riichi's payments and its dealer's stay);
- kong: `seat` (whose kong), `kong` (direct, added, concealed), `discarder` (a direct kong's), `chain`
  (its place in an uninterrupted run of kongs, 1 the first);
- false_win: `seat` (who declared it), the win he claimed (`self_draw`, `discarder` or `robbed`) and
  its value: `total` (what he claimed, as `mjscore pay --total`) or `limit: true` where the ruleset's
  false win pays the limit;
- draw, where the table plays nagashi mangan: `nagashi` (the seats paid a mangan instead of the tenpai
  payments);
- abort: `abort` (nine_terminals, four_winds, four_riichi, four_kongs, triple_ron): nothing is paid;
- any: `round`, `dealer`, `streak`, `players`, `rules`."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import ContextError
from ..rulesets.context import Context, make_context
from ..rulesets.registry import PAY_MODELS
from .rules import ABORTS, session_rules, styled

KINDS = ("draw", "kong", "false_win", "abort")
FIELDS = {"draw": {"disclosed", "tenpai", "nagashi"}, "kong": {"seat", "kong", "discarder", "chain"},
          "false_win": {"seat", "self_draw", "discarder", "robbed", "total", "limit"}, "abort": {"abort"}}
COMMON = {"round", "dealer", "streak", "players", "rules", "variant"}


@dataclass
class Settled:
    kind: str
    variant: object
    transfers: list
    label: str
    cap: float
    seats: tuple
    rule: str = ""
    value: object = None


def _seat(fields, key, seats):
    v = fields.get(key)
    if v is None:
        return None
    if not isinstance(v, str) or v.upper() not in seats:
        raise ContextError(f"{key} must be one of {' '.join(seats)}, got {v!r}")
    return v.upper()


def settle_event(kind: str, variant, fields: dict, session=None) -> Settled:
    """Transfers (seat letters) of a draw, kong or false win under `variant` (a Variant or a ref).
    `session`: the session block already resolved for `fields["rules"]` (a Game keeps its own, so a
    replay does not resolve it again for every event)."""
    from ..rulesets.variant import load_variant

    if kind not in KINDS:
        raise ContextError(f"an event is one of win, {', '.join(KINDS)}; got {kind!r}")
    variant = load_variant(variant)
    unknown = set(fields) - FIELDS[kind] - COMMON
    if unknown:
        raise ContextError(f"a {kind.replace('_', ' ')} has no {', '.join(sorted(unknown))} "
                           f"(it takes {', '.join(sorted(FIELDS[kind] | COMMON - {'variant'}))})")
    rules = fields.get("rules") or {}
    if not isinstance(rules, dict):
        raise ContextError("rules must be a mapping")
    players = fields.get("players", variant.players)
    if players != variant.players:
        raise ContextError(f"{variant.name} is played by {variant.players} players, not {players}")
    bound = variant.bind(styled(variant, rules))
    seats = tuple("ESWN"[:players])
    if session is None:
        session = session_rules(variant, bound.options)
    if kind == "abort":
        return _abort(fields, variant, session, bound, seats)
    spec = dict(session[kind])
    model = spec.pop("model")
    entry = PAY_MODELS.get(model)
    rule = spec.get("rule", "")
    common = {"round": _seat(fields, "round", seats) or "E", "dealer": _seat(fields, "dealer", seats) or "E",
              "streak": fields.get("streak", 0), "players": players}
    value = None
    if kind == "draw":
        disclosed = _seat(fields, "disclosed", seats)
        tenpai = fields.get("tenpai")
        if tenpai is not None:
            if not isinstance(tenpai, list):
                raise ContextError(f"tenpai must be a list of seats, got {tenpai!r}")
            tenpai = [_seat({"tenpai": x}, "tenpai", seats) for x in tenpai]
        nagashi = fields.get("nagashi") or []
        if not isinstance(nagashi, list):
            raise ContextError(f"nagashi must be a list of seats, got {nagashi!r}")
        nagashi = [_seat({"nagashi": x}, "nagashi", seats) for x in nagashi]
        if nagashi and not session.get("nagashi"):
            raise ContextError(f"{variant.name}'s table (with these rules) has no nagashi mangan")
        ctx = Context(self_draw=True, seat=common["dealer"], round=common["round"], dealer=common["dealer"],
                      streak=common["streak"], players=players,
                      extra={"disclosed": disclosed, "tenpai": tenpai, "nagashi": nagashi}, rules=rules)
        label = "draw" + (f", {disclosed} disclosed first" if disclosed else "") + \
            (f", tenpai {' '.join(tenpai) or 'nobody'}" if tenpai is not None else "") + \
            (f", nagashi mangan {' '.join(nagashi)}" if nagashi else "")
    elif kind == "kong":
        owner = _seat(fields, "seat", seats)
        if owner is None:
            raise ContextError("say whose kong it is (seat / --player)")
        discarder = _seat(fields, "discarder", seats)
        chain = fields.get("chain", 1)
        ctx = Context(self_draw=discarder is None, discarder=discarder, seat=owner, round=common["round"],
                      dealer=common["dealer"], streak=common["streak"], players=players,
                      extra={"kong": fields.get("kong"), "chain": chain}, rules=rules)
        label = f"{fields.get('kong')} kong" + (f" from {discarder}" if discarder else "") + \
                (f", kong {chain} of a run" if chain != 1 else "")
    else:
        owner = _seat(fields, "seat", seats)
        if owner is None:
            raise ContextError("say who declared the false win (seat / --player)")
        how = {k: fields[k] for k in ("self_draw", "discarder", "robbed") if fields.get(k) is not None}
        if not how:
            how = {"self_draw": True}
        ctx = make_context(seat=owner, rules=rules, **common, **how)
        limit = bool(fields.get("limit"))
        if model != "reverse_win":  # a fixed penalty: what was claimed does not count
            if fields.get("total") is not None or limit:
                raise ContextError(f"{variant.name}'s false win is a fixed penalty: no claimed total or limit")
        elif spec.get("pays") != "limit":
            if limit:
                value = None
                spec["pays"] = "limit"
            else:
                total = fields.get("total")
                if isinstance(total, bool) or not isinstance(total, (int, float)):
                    raise ContextError("a false win pays what was claimed: give the claimed total (--total N)")
                from ..core.engine import value_of

                value = value_of(bound, None, ctx, total=total)
        label = ("chombo" if model == "chombo_penalty" else "false win") + \
            (f" (claimed {fields['total']:g})" if fields.get("total") is not None else "")
    transfers = entry.fn(value, ctx, bound, **spec)
    return Settled(kind, variant, list(transfers), label, bound.options.get("session_loss_cap", 0) or 0,
                   seats, rule, value)


def _abort(fields, variant, session, bound, seats) -> Settled:
    """An abortive draw: nothing is paid (the table keeps the deal and adds a honba, as its session
    block's `stays` and `streak` say)."""
    name = fields.get("abort")
    if name not in ABORTS:
        raise ContextError(f"abort: the kind is one of {', '.join(ABORTS)}, got {name!r}")
    if name not in session.get("aborts", ()):
        taken = ", ".join(session.get("aborts") or ()) or "none"
        raise ContextError(f"{variant.name}'s table (with these rules) takes no {name.replace('_', ' ')} "
                           f"abortive draw (it takes: {taken})")
    return Settled("abort", variant, [], f"abortive draw ({name.replace('_', ' ')})",
                   bound.options.get("session_loss_cap", 0) or 0, seats, session.get("rule", ""))
