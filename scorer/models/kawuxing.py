"""Doubles capped at a maximum, and a win settled together with every player's kong payments.

Kawuxing ("Kawuxing rules", docs/SOURCES.md) prices a hand as the unit doubled
once per double, with the doubles capped (Pay out scheme), and pays kongs at once and for good, "not
cancelled by any events" (Kong payment): so a hand's settlement lists the kong payments of all three
players beside the win, each kong its own transfer.
"""
from __future__ import annotations

from ..core.result import HandValue, Transfer
from ..errors import ContextError, NotationError
from ..notation.hand import KONG
from ..notation.tiles import tile_name
from ..rulesets.context_values import FALSE_WORDS, TRUE_WORDS
from ..rulesets.registry import pair_condition, pay_model, value_model
from .pay import per_loser

# ---- value ----------------------------------------------------------------------------------------

def _per_instance(item) -> float:
    return item.value / item.count if item.count else item.value


@value_model(whole=True, exponent=64)
def capped_doubles(items, ctx, bound, total=None, unit="doubles", unit_value=1, cap=3, cap_for=None,
                   company=None, claimed_minimum=0, claimed_minimum_rule="", flags=()):
    """The doubles of the items add up; the hand is worth `unit_value` x 2^min(doubles, cap).
    `cap_for` {pattern: cap} lets a hand holding that pattern reach a higher cap (never a lower one).
    `company` {group, min_value}: an item of that group counts only beside another item worth at least
    `min_value` per instance (a condition on the rest of the hand, which a predicate cannot see).
    `claimed_minimum`: a win on a claimed tile (discard or robbed kong) needs that many doubles;
    `claimed_minimum_rule` cites the rule. `flags`: `--set` keys that must read true or false (checked
    here, before a mistyped value could silently score as false)."""
    for key in flags:
        flag(ctx, key)
    details = {}
    if total is not None:
        raw, kept, top = total, [], cap
    else:
        kept = list(items or [])
        if company:
            group, floor = company.get("group"), company.get("min_value", 0)
            backed = any(_per_instance(i) >= floor for i in kept if i.group != group)
            if not backed:
                dropped = [i for i in kept if i.group == group]
                kept = [i for i in kept if i.group != group]
                if dropped:
                    details["not counted"] = (", ".join(i.label for i in dropped) +
                                              f" (needs a pattern of {floor:g}+ {unit} beside it)")
        raw = sum(i.value for i in kept)
        names = {i.name for i in kept}
        top = max([cap] + [c for name, c in (cap_for or {}).items() if name in names])
    counted = min(raw, top)
    base = unit_value * 2 ** counted
    details.update({"doubles": raw, "cap": top, "doubles paid": counted, "units": base})
    legal, reason = True, ""
    if total is None and not ctx.by_self_draw and raw < claimed_minimum:
        legal = False
        reason = (f"a win on a claimed tile needs at least {claimed_minimum} {unit}, this hand has {raw:g}"
                  + (f" ({claimed_minimum_rule})" if claimed_minimum_rule else ""))
    return HandValue(kept, counted, unit, base, legal=legal, reason=reason, details=details, key=(base, raw))


# ---- context -------------------------------------------------------------------------------------

def flag(ctx, key) -> bool:
    """A true/false `--set` key; anything else is the user's mistake, said plainly."""
    v = ctx.get(key)
    if v is None or isinstance(v, bool):
        return bool(v)
    if isinstance(v, int) and v in (0, 1):
        return bool(v)
    if isinstance(v, str) and v.lower() in TRUE_WORDS | FALSE_WORDS:
        return v.lower() in TRUE_WORDS
    raise ContextError(f"{key} must be true or false, got {v!r}")


@pair_condition()
def disclosed(ctx, loser):
    """The winner played with the hand disclosed (liang dao, `--set disclosed=true`)."""
    return flag(ctx, "disclosed")


def _positions(value, key, n) -> list[int]:
    """A kong streak list: one position per kong in the order the kongs are written (1 first of its
    streak, 2 second ...). Accepts a list, an int, or text like `1,2`."""
    if isinstance(value, bool):
        raise ContextError(f"{key} lists kong positions like 1,2; got {value!r}")
    if isinstance(value, int):
        value = [value]
    elif isinstance(value, str):
        value = [v for v in value.replace(" ", "").split(",") if v]
    if not isinstance(value, (list, tuple)):
        raise ContextError(f"{key} lists kong positions like 1,2; got {value!r}")
    out = []
    for v in value:
        try:
            p = int(v)
        except (TypeError, ValueError):
            raise ContextError(f"{key}: a kong's position in its streak is a whole number, got {v!r}") from None
        if isinstance(v, bool) or p < 1 or p > 4 or isinstance(v, float) and v != p:
            raise ContextError(f"{key}: a kong's position in its streak is 1 or more, at most 4 (four kongs), "
                               f"got {v!r}")
        out.append(p)
    if len(out) != n:
        raise ContextError(f"{key} gives {len(out)} position(s) for {n} kong(s); give one per kong, "
                           "in the order the kongs are written")
    return out


def _parse_other(seat, entry):
    """`others: {S: "[5555p,1] {7777s}"}` or `{S: {hand: "...", kong_chain: [1, 2]}}`."""
    from ..notation.parse import parse_hand

    chain = None
    if isinstance(entry, dict):
        unknown = set(entry) - {"hand", "kong_chain"}
        if unknown:
            from ..suggest import did_you_mean

            first = sorted(map(str, unknown))[0]
            raise ContextError(f"others {seat}: unknown key(s) {', '.join(sorted(map(str, unknown)))}"
                               f"{did_you_mean(first, ['hand', 'kong_chain'])} (known: hand, kong_chain)")
        chain = entry.get("kong_chain")
        entry = entry.get("hand", "")
    if not isinstance(entry, str):
        raise ContextError(f"others {seat}: give the player's melds as a hand string, got {type(entry).__name__}")
    if not entry.strip():
        return None, chain
    try:
        return parse_hand(entry, partial=True, max_size=14), chain
    except NotationError as e:
        raise NotationError(f"others {seat}: {e.reason}", e.text, e.column) from None


def supplier_seat(ctx, owner, meld) -> str:
    """The seat that discarded the tile of a claimed kong: 1 the owner's left (previous player),
    3 the right (next player), 2 opposite (four players only)."""
    seats = ctx.seats
    i = seats.index(owner)
    n = len(seats)
    who = meld.supplier
    if who == 1:
        return seats[(i - 1) % n]
    if who == 3:
        return seats[(i + 1) % n]
    if who == 2 and n == 4:
        return seats[(i + 2) % n]
    raise NotationError(f"{owner}'s kong {meld.text()}: no opposite seat at a {n}-player table; "
                        "write 1 (left, the previous player) or 3 (right, the next player)")


def _kind(meld) -> str:
    if meld.concealed:
        return "concealed"
    return "added" if meld.added else "direct"


def _table(ctx, facts, tile_set):
    """Every player's hand that kong payments read: {seat: (Hand, chain or None)}; checks the table."""
    from ..patterns.kawuxing import outside_tiles

    hands = {}
    if facts is not None:
        hands[ctx.seat] = (facts.hand, ctx.get("kong_chain"))
    for seat, entry in (ctx.others or {}).items():
        seat_u = str(seat).upper()
        if seat_u not in ctx.seats:
            raise ContextError(f"others: {seat!r} is not a seat at a {ctx.players}-player table ({' '.join(ctx.seats)})")
        if seat_u in hands:
            raise ContextError(f"others: {seat_u} is the winner; the winner's kongs come from the hand itself")
        hand, chain = _parse_other(seat_u, entry)
        if seat_u == ctx.seat and chain is None:
            chain = ctx.get("kong_chain")  # `mjscore pay`: the winner's kongs written under others
        if hand is not None:
            hands[seat_u] = (hand, chain)
    for seat in ctx.seats:
        extra = ctx.get(f"kong_chain_{seat}")
        if extra is not None:
            if seat not in hands:
                raise ContextError(f"kong_chain_{seat} is given but {seat} has no kongs written (others: {seat})")
            hand, chain = hands[seat]
            if chain is not None:
                raise ContextError(f"{seat}'s kong streak is given twice (kong_chain_{seat} and others)")
            hands[seat] = (hand, extra)
    if tile_set:
        for seat, (hand, _) in hands.items():
            if seat == ctx.seat and facts is not None:
                continue  # the winner's tiles are the refusal rules' business
            bad = outside_tiles(hand.all_counts, hand.bonus, tile_set.get("suits", "mps"),
                                tile_set.get("honours", "all"), tile_set.get("bonus", True),
                                tile_set.get("max_suits", 3))
            if bad:
                raise ContextError(f"others {seat}: {', '.join(tile_name(t) for t in bad)} is not played in this "
                                   f"ruleset ({tile_set.get('rule', 'its tile set')})")
    seen = [0] * 34
    for hand, _ in hands.values():
        for t, c in enumerate(hand.all_counts):
            seen[t] += c
    over = [tile_name(t) for t, c in enumerate(seen) if c > 4]
    if over:
        raise ContextError(f"more than four {', '.join(over)} across the table (the winner's hand and others:)")
    return hands


def _chains(ctx, hands) -> dict:
    """{seat: [(meld, position), ...]} for every declared kong."""
    out = {}
    for seat, (hand, chain) in hands.items():
        ks = [m for m in hand.melds if m.kind == KONG]
        if chain is None:
            pos = [1] * len(ks)
            if seat == ctx.seat and ctx.kong_draw:
                pos = _winner_streak(ctx, ks)
        else:
            key = "kong_chain" if seat == ctx.seat else f"kong_chain for {seat}"
            pos = _positions(chain, key, len(ks))
        if seat == ctx.seat and ctx.kong_draw:
            if max(pos) < ctx.kong_draw:
                raise ContextError(f"--kong-draw {ctx.kong_draw}: the winner's kong streak reaches {ctx.kong_draw}, "
                                   f"but kong_chain says at most {max(pos)}")
        out[seat] = list(zip(ks, pos))
    return out


def _winner_streak(ctx, ks) -> list[int]:
    """Positions of the winner's kongs when only --kong-draw N says there was a streak: the last N
    kongs written are 1..N. Only where the choice cannot change a payment (all the winner's kongs pay
    alike); otherwise the user must say which kongs made the streak."""
    n = ctx.kong_draw
    if n <= 1 or len(ks) < n:
        return [1] * len(ks)
    classes = {(_kind(m), m.supplier if _kind(m) == "direct" else None) for m in ks}
    if len(classes) > 1:
        raise ContextError(f"--kong-draw {n}: say which of the winner's kongs made the streak, one position per "
                           "kong in the order written (e.g. --set kong_chain=1,2,1): later kongs of a streak pay double")
    return [1] * (len(ks) - n) + list(range(1, n + 1))


def check_context(ctx, facts=None):
    """Context facts that contradict each other or the hand."""
    flag(ctx, "disclosed")
    if flag(ctx, "kong_discard") and not ctx.discarder:
        raise ContextError("kong_discard (a win on the discard after a kong) needs --discarder SEAT")
    if ctx.robbed and facts is not None:
        entry = (ctx.others or {}).get(ctx.robbed)
        if entry is not None:
            hand, _ = _parse_other(ctx.robbed, entry)
            if hand is not None and any(m.kind == KONG and m.added and m.tile == facts.hand.win_tile
                                        for m in hand.melds):
                raise ContextError(f"{ctx.robbed}'s robbed kong is 'deemed unsuccessful' (Kawuxing rules, Kong): "
                                   "write it as the pung it was")


# ---- payment -------------------------------------------------------------------------------------

@pay_model()
def per_loser_with_kongs(value, ctx, bound, facts=None, factors=(), payers="all", kongs=None, tile_set=None):
    """The win as `per_loser` pays it (`factors`, `payers`), then every declared kong of every
    player: the winner's from the hand's melds, the others' from `others:` per seat. `kongs`:
    {direct: N (from the discarder), added: N (from each other player), concealed: N (from each other
    player), streak_factor: F (a kong at position p of an uninterrupted streak pays F^(p-1)), rule}.
    `tile_set` ({suits, honours, bonus, max_suits, rule}) checks the others' tiles."""
    check_context(ctx, facts)
    out = []
    for t in per_loser(value, ctx, bound, factors=factors, payers=payers):
        head = f"win, {value.total:g} {value.unit}"
        out.append(Transfer(t.frm, t.to, t.amount, head + (f"; {t.why}" if t.why else "")))
    if not kongs or flag(ctx, "kongs_paid"):  # a live table paid each kong when it was made
        return out
    rule = kongs.get("rule", "")
    step = kongs.get("streak_factor", 2)
    for owner, ks in _chains(ctx, _table(ctx, facts, tile_set)).items():
        for meld, pos in ks:
            kind = _kind(meld)
            base = kongs.get(kind, 0)
            times = step ** (pos - 1)
            if kind == "direct":
                payers_ = [supplier_seat(ctx, owner, meld)]
                whom = "from the discarder"
            else:
                payers_ = [s for s in ctx.seats if s != owner]
                whom = "from each other player"
            why = f"kong: {owner}'s {kind} kong {meld.text()}, {base:g} {whom}"
            if times != 1:
                why += f"; x{times:g}, kong {pos} of a streak"
            if rule:
                why += f" ({rule})"
            for p in payers_:
                out.append(Transfer(p, owner, base * times, why))
    return out
