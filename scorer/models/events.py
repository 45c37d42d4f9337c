"""Payment models of the events that are not wins: a draw, a kong paid at once, a false win.

They are payment models like the others (`fn(value, ctx, bound, **params) -> [Transfer]`), named by a
ruleset's `session:` block (`draw`, `kong`, `false_win`). For a draw or a kong `value` is None and
`ctx` says who did what: `ctx.seat` is the player the event is about (the kong's owner, the false
winner), `ctx.get(...)` the event's facts."""
from __future__ import annotations

from ..core.result import Transfer
from ..errors import ContextError
from ..rulesets.registry import pay_model


def _cite(why: str, rule: str) -> str:
    """The transfer's reason; the block's `rule` is cited once with the event (table/settle.py), not
    on every transfer."""
    return why


@pay_model()
def no_payment(value, ctx, bound, rule=""):
    """Nothing changes hands (a draw in most rulesets; kongs paid with the win, or not at all)."""
    return []


@pay_model()
def first_discloser_pays(value, ctx, bound, unit=1, rule=""):
    """A draw: the first player who disclosed a ready hand pays each other player `unit`; nobody
    pays when nobody disclosed (`--set disclosed=SEAT`)."""
    who = ctx.get("disclosed")
    if who in (None, "", False):
        return []
    if who not in ctx.seats:
        raise ContextError(f"disclosed: {who!r} is not a seat at this table ({' '.join(ctx.seats)})")
    why = _cite(f"draw: the first to disclose pays each other player {unit:g}", rule)
    return [Transfer(who, s, unit, why) for s in ctx.seats if s != who]


@pay_model()
def tenpai_payments(value, ctx, bound, amount=3000, nagashi_basic=0, rule=""):
    """An exhaustive draw (riichi's noten bappu): the players not ready (noten) pay `amount` between
    them to the ready (tenpai) ones, each noten player paying each tenpai player
    amount / (noten x tenpai): 1 tenpai gets 1000 from each of 3, 2 get 1500 each (750 from each of
    2), 3 get 1000 each from the one; all or nobody ready, nothing changes hands. The ready
    players are `tenpai` (a list of seats).

    `nagashi` (a list of seats, where the table allows it): each of them is paid as a self-draw of
    `nagashi_basic` basic points (a mangan, 2000) by the ruleset's own payment model, without honba
    or deposits, and the tenpai payments are not made."""
    mangan = ctx.get("nagashi") or []
    if mangan:
        if not nagashi_basic:
            raise ContextError("this table has no nagashi mangan")
        return [t for seat in mangan for t in _self_draw_of(ctx, bound, seat, nagashi_basic, "nagashi mangan")]
    ready = ctx.get("tenpai")
    if ready is None:  # nobody tenpai is a fact to enter, not a default to assume
        raise ContextError("a draw pays by who was tenpai: give --tenpai (NAME,... or '' for nobody)")
    bad = [s for s in ready if s not in ctx.seats]
    if bad or len(set(ready)) != len(ready):
        raise ContextError(f"tenpai: distinct seats of this table ({' '.join(ctx.seats)}), got {ready!r}")
    noten = [s for s in ctx.seats if s not in ready]
    if not ready or not noten:
        return []
    each = amount / (len(ready) * len(noten))
    each = int(each) if each == int(each) else each
    why = f"draw: noten pays tenpai, {amount:g} split ({len(ready)} tenpai, {len(noten)} noten)"
    return [Transfer(n, r, each, _cite(why, rule)) for n in noten for r in sorted(ready, key=ctx.seats.index)]


KONG_KINDS = ("direct", "added", "concealed")


@pay_model()
def kong_units(value, ctx, bound, direct=2, added=1, concealed=2, streak_factor=2, rule=""):
    """A kong paid the moment it is made, by `ctx.seat`'s `kong` (direct: claimed from a discard,
    paid by the discarder; added: a pung grown to a kong, `added` from each other player;
    concealed: from each other player). `chain` P (its place in an uninterrupted run of kongs, 1 the
    first) multiplies by streak_factor^(P-1)."""
    kind = ctx.get("kong")
    if kind not in KONG_KINDS:
        raise ContextError(f"kong: the kind is one of {', '.join(KONG_KINDS)}, got {kind!r}")
    chain = ctx.get("chain", 1)
    if isinstance(chain, bool) or not isinstance(chain, int) or chain < 1:
        raise ContextError(f"chain: a kong's place in its run of kongs is 1 or more, got {chain!r}")
    times = streak_factor ** (chain - 1)
    base = {"direct": direct, "added": added, "concealed": concealed}[kind]
    owner = ctx.seat
    if kind == "direct":
        if not ctx.discarder or ctx.discarder == owner:
            raise ContextError("a direct kong is claimed from a discard: say who discarded it")
        payers = [ctx.discarder]
        whom = "from the discarder"
    else:
        if ctx.discarder:
            raise ContextError(f"an {kind} kong is not claimed from a discard: no discarder")
        payers = [s for s in ctx.seats if s != owner]
        whom = "from each other player"
    why = f"{kind} kong, {base:g} {whom}" + (f"; x{times:g}, kong {chain} of a run" if times != 1 else "")
    return [Transfer(p, owner, base * times, _cite(why, rule)) for p in payers]


def _self_draw_of(ctx, bound, seat, basic, name):
    """The ruleset's payments of a self-draw by `seat` worth `basic` basic points (a limit named
    `name`), with no honba and no deposits."""
    from dataclasses import replace

    from ..core.engine import settle
    from ..core.result import HandValue

    if seat not in ctx.seats:
        raise ContextError(f"{name}: {seat!r} is not a seat at this table ({' '.join(ctx.seats)})")
    value = HandValue([], 0, "", basic, limit=True, details={"limit": name})
    won = replace(ctx, seat=seat, self_draw=True, discarder=None, robbed=None, liable=None, honba=0, sticks=0)
    return settle(bound, value, won)


@pay_model()
def chombo_penalty(value, ctx, bound, how="mangan", basic=2000, deduction=20000, rule=""):
    """A chombo (riichi's false win or other hand-ending foul): `how` mangan, the offender
    (`ctx.seat`) pays what a self-draw of `basic` basic points by him would have brought him (a
    non-dealer 2000 to each non-dealer and 4000 to the dealer; the dealer 4000 to each); `how`
    deduct, nothing now: `deduction` points come off his final score (scorer/table/final.py)."""
    if how == "deduct":
        return []
    if how != "mangan":
        raise ContextError(f"chombo: mangan or deduct, got {how!r}")
    won = _self_draw_of(ctx, bound, ctx.seat, basic, "chombo")
    return [Transfer(t.to, t.frm, t.amount, f"chombo, a mangan self-draw reversed: {t.amount:g}") for t in won]


@pay_model()
def pays_each(value, ctx, bound, amount=10, rule=""):
    """A false win paid as a fixed penalty: the offender (`ctx.seat`) pays `amount` to each other
    player, whatever he claimed."""
    return [Transfer(ctx.seat, s, amount, f"false win: {amount:g} to each other player")
            for s in ctx.seats if s != ctx.seat]


@pay_model()
def reverse_win(value, ctx, bound, pays="claimed", flag="", rule=""):
    """A false win: the player (`ctx.seat`, with the win context he claimed) pays each player what
    he would have received from him for a valid win: the ruleset's own win payment, reversed.
    `pays`: claimed (the value he claimed, `value`) or limit (the ruleset's limit). `flag`: a
    ruleset whose own payment model prices a false win under a `--set` key (hk: false_win) is
    asked with that key set, and its answer is the penalty as it stands."""
    from dataclasses import replace

    from ..core.engine import settle, value_of

    if pays == "limit":
        value = value_of(bound, None, ctx, total=0)
        value.limit = True
        value.base = bound.scoring.get("limit_pay", value.base)
    elif value is None:
        raise ContextError("a false win pays what was claimed: give the claimed total")
    if flag:
        return list(settle(bound, value, replace(ctx, extra={**ctx.extra, flag: True})))
    wins = settle(bound, value, ctx)
    why = "false win, the claimed win reversed"
    return [Transfer(t.to, t.frm, t.amount, _cite(why + (f": {t.why}" if t.why else ""), rule)) for t in wins]
