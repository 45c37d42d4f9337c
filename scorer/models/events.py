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
def tenpai_payments(value, ctx, bound, amount=3000, rule=""):
    """An exhaustive draw (riichi's noten bappu): the players not ready (noten) pay `amount` between
    them to the ready (tenpai) ones, each noten player paying each tenpai player
    amount / (noten x tenpai): 1 tenpai gets 1000 from each of 3, 2 get 1500 each (750 from each of
    2), 3 get 1000 each from the one; all or nobody ready, nothing changes hands. The ready
    players are `tenpai` (a list of seats)."""
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
