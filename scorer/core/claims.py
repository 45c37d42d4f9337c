"""Claims a player makes at the table, checked against the scored hand: a total ("8 faan"), a limit
hand ("limit"), or what the winner collects (`--claim-net 192`). A claim is about money as much as
about the count: on a limit hand a total is right only if it pays what the hand pays."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import MjError
from ..output.riichi_words import basic_of_limit, is_riichi, payment_words, value_words
from .result import Transfer, num


@dataclass(frozen=True)
class Claim:
    kind: str  # "total", "limit", "net" or "words" (riichi's: mangan, 3900, 1300/2600, 2600 all)
    amount: float | None = None
    words: str = ""

    def text(self, unit: str) -> str:
        if self.kind == "words":
            return self.words
        if self.kind == "limit":
            return "limit"
        if self.kind == "net":
            return f"net {_fmt(self.amount)}"
        return f"{_fmt(self.amount)} {unit}".strip()


@dataclass
class Verdict:
    claim: Claim
    correct: bool
    lines: list = field(default_factory=list)
    money: list = field(default_factory=list)  # (payer, payee, how much more than the claim said)

    def as_dict(self) -> dict:
        claimed = {"limit": "limit", "words": self.claim.words}.get(self.claim.kind, num(self.claim.amount))
        return {"kind": self.claim.kind, "claimed": claimed,
                "correct": self.correct, "explanation": list(self.lines),
                "settlement_difference": [{"from": f, "to": t, "amount": num(a)} for f, t, a in self.money]}


def _fmt(x) -> str:
    x = num(x)
    return f"{x:g}" if isinstance(x, float) else str(x)


def parse_claim(value, net: bool = False) -> Claim:
    """`8`, `8.5`, `limit` (any case), or with `net` the winner's net amount."""
    if isinstance(value, Claim):
        return value
    if not net and isinstance(value, str) and value.strip().lower() == "limit":
        return Claim("limit")
    if not net and isinstance(value, str):
        words = riichi_claim_words(value)
        if words:
            return Claim("words", words=words)
    if isinstance(value, bool):
        raise MjError(f"a claim is a number{'' if net else ' or limit'}, got {value!r}")
    try:
        amount = float(value)
    except (TypeError, ValueError):
        raise MjError(f"a claim is a number{'' if net else ' or limit'}, got {value!r}") from None
    if amount != amount or amount in (float("inf"), float("-inf")):
        raise MjError(f"a claim is a finite number, got {value!r}")
    return Claim("net" if net else "total", amount)


def _same_money(a, b) -> bool:
    return all(abs(a.get(k, 0) - b.get(k, 0)) < 1e-9 for k in set(a) | set(b))


def settlement(result, claimed_transfers) -> list:
    """(payer, payee, how much more the payer owes than the claim said; negative = less), in seat order."""
    seats = list(result.ctx.seats)
    right = {(t.frm, t.to): t.amount for t in result.transfers}
    said = {(t.frm, t.to): t.amount for t in claimed_transfers}
    out = []
    for pair in sorted(set(right) | set(said), key=lambda p: (seats.index(p[0]) if p[0] in seats else 9,
                                                              seats.index(p[1]) if p[1] in seats else 9)):
        diff = right.get(pair, 0) - said.get(pair, 0)
        if abs(diff) > 1e-9:
            out.append((pair[0], pair[1], num(round(diff, 9))))
    return out


def _pays(result, total, limit=False):
    """The transfers a claimed total (or a limit) would make under the ruleset, or None when the
    ruleset cannot pay that total (below its minimum...)."""
    from .engine import pay

    try:
        _value, transfers, _net = pay(total, result.ctx, variant=result.variant, limit=limit)
    except MjError:
        return None
    return transfers


def check(result, claim: Claim) -> Verdict:
    """Whether `claim` is right about the scored hand `result`, and what it would change in money."""
    v = result.value
    seat = result.ctx.seat
    if claim.kind == "words" or (claim.kind == "total" and is_riichi(v) and claim.amount >= 100):
        return _check_words(result, claim if claim.kind == "words" else Claim("words", words=_fmt(claim.amount)))
    if claim.kind == "net":
        got = result.net[seat]
        ok = abs(got - claim.amount) < 1e-9
        lines = [] if ok else [f"the winner ({seat}) collects {_fmt(got)} net, not {_fmt(claim.amount)} "
                               f"({'+' if got > claim.amount else ''}{_fmt(got - claim.amount)})"]
        return Verdict(claim, ok, lines)
    if claim.kind == "limit":
        if v.limit:
            return Verdict(claim, True)
        said = _pays(result, v.total, limit=True)
        return Verdict(claim, False, [f"not a limit hand: it counts {_fmt(v.total)} {v.unit}"],
                       settlement(result, said) if said is not None else [])
    said = _pays(result, claim.amount)
    money = settlement(result, said) if said is not None else []
    if abs(claim.amount - v.total) < 1e-9 and not (v.limit and money):
        return Verdict(claim, True)
    lines = []
    if abs(claim.amount - v.total) < 1e-9:
        lines.append(f"the count is {_fmt(v.total)} {v.unit}, but it is a limit hand and "
                     f"{_fmt(claim.amount)} {v.unit} would not pay what a limit pays")
    else:
        lines.append(f"the hand is worth {_fmt(v.total)} {v.unit}"
                     f"{' (a limit hand)' if v.limit else ''} ({'+' if v.total > claim.amount else ''}"
                     f"{_fmt(v.total - claim.amount)})")
    return Verdict(claim, False, lines, money)


def check_refused(claim: Claim, unit: str, reason: str) -> Verdict:
    """A claim on a hand the ruleset refuses: answered (wrong: nothing is paid), not an error."""
    return Verdict(claim, False, [f"the hand is not a legal win, nothing is paid: {reason}"])


_SPLIT = re.compile(r"^(\d+)\s*/\s*(\d+)$")
_ALL = re.compile(r"^(\d+)\s*-?\s*all$")


def riichi_claim_words(text: str) -> str:
    """A riichi claim in players' words, tidied ('2600all' -> '2600 all'), or '' if it is none."""
    t = " ".join(text.strip().lower().split())
    if t in basic_of_limit():
        return t
    m = _SPLIT.match(t)
    if m:
        return f"{m[1]}/{m[2]}"
    m = _ALL.match(t)
    if m:
        return f"{m[1]} all"
    return ""


def _check_words(result, claim: Claim) -> Verdict:
    """A riichi claim in players' words against the hand: a limit by name ('mangan': its basic
    points), a ron's payment ('3900'), a self-draw's ('1300/2600', '2600 all'; a bare number: what
    the winner collects for the hand). Honba and sticks are apart, as players call them."""
    v = result.value
    ctx = result.ctx
    if not is_riichi(v):
        raise MjError(f"--claim {claim.words!r}: that is a riichi claim; {result.variant.id} counts {v.unit}")
    dealer_won = ctx.seat == ctx.dealer
    said = payment_words(v.base, dealer_won, ctx.by_self_draw)
    main = result.transfers[:1 if not ctx.by_self_draw else len(ctx.seats) - 1]  # (riichi_pay puts the hand first)
    words = claim.words
    if words in basic_of_limit():
        basic = basic_of_limit()[words]
        if basic == v.base:
            return Verdict(claim, True)
        claimed = payment_words(basic, dealer_won, ctx.by_self_draw)
        lines = [f"the hand is {value_words(v)} ({said}), not {words} ({claimed})"]
        return Verdict(claim, False, lines, _words_money(result, main, claimed, ctx))
    if words == said or (ctx.by_self_draw and words.isdigit() and int(words) == sum(t.amount for t in main)):
        return Verdict(claim, True)
    lines = [f"the hand is {value_words(v)}, paid {said}" + ("" if ctx.by_self_draw else " by the discarder")
             + f", not {words}"]
    if not ctx.by_self_draw and not words.isdigit():
        lines.append(f"{words} is a self-draw's payment; a discard win is paid by the discarder alone")
    return Verdict(claim, False, lines, _words_money(result, main, words, ctx))


def _words_money(result, main, words, ctx) -> list:
    """What each payer owes more than the claimed payment words say (none when they cannot be split)."""
    m = _SPLIT.match(words)
    if m and ctx.by_self_draw and ctx.seat != ctx.dealer:
        each = {s: int(m[2]) if s == ctx.dealer else int(m[1]) for s in ctx.seats}
    elif _ALL.match(words) and ctx.by_self_draw:
        each = dict.fromkeys(ctx.seats, int(_ALL.match(words)[1]))
    elif words.isdigit() and not ctx.by_self_draw:
        each = dict.fromkeys(ctx.seats, int(words))
    else:
        return []
    claimed = [Transfer(t.frm, t.to, each[t.frm]) for t in main] + list(result.transfers[len(main):])
    return settlement(result, claimed)
