"""The table ledger: running standings of every seat, session by session, hand after hand.

A *session* is one table's night: the records that name the same `session` (and `table`), or, when a
record names neither, every record of the same file. Each session keeps, per seat (E S W N; E S W at
a three-player table):

- `start`: the score the seat began with (`--start N`, or `start:` in the file / the session's first
  record; a number for every seat or a mapping `{E: 2000, S: 1500, ...}`; 0 when nobody says);
- `net`: what the seat has won (+) or paid (-) since the start;
- standings = start + net, after every hand.

Each hand's payments (the ruleset's `Transfer`s) are checked to sum to zero before they are posted,
and what is posted is checked again: the ledger of a session always sums to zero.

Loss cap (variant option `session_loss_cap`, 0 = none; the Hangzhou ruleset defines it). A seat whose
net for the session has reached minus the cap pays nothing more, but still collects when it wins.
Exactly how a payment is settled under the cap:

1. The hand's transfers are settled one at a time, in the order the payment model lists them.
2. A payer's *room* is `cap + net` (its net includes the transfers already settled in this hand, so
   money it collected earlier in the same hand can be paid out again).
3. The payer pays `min(amount, room)` (never less than 0). When that is less than the amount owed it is
   a *partial payment*: the receiver gets exactly what was paid, nothing more, and the unpaid rest
   (the shortfall) is forgiven: no other seat makes it up and nobody's figure is scaled.
4. Because every settled transfer moves one amount from one seat to another, the ledger stays zero-sum;
   each shortfall is recorded (seat, owed, paid) and shown next to the hand.

The cap in force is the one of each hand's own ruleset and rules (a record's `rules:` can set it).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import add
from typing import NamedTuple

from ..errors import Contradiction, MjError

SEAT_ORDER = "ESWN"
EPS = 1e-9


class LedgerError(MjError):
    """A record that cannot be posted to its session (wrong table size, a second different start)."""


class LedgerUnits(LedgerError, Contradiction):
    """A record whose ruleset counts in another unit than its session's (faan money, Zung Jung points)."""


def num(x):
    """Whole numbers as int; other floats rounded to 9 places (ledger sums of halves stay exact)."""
    if isinstance(x, float):
        r = round(x, 9)
        return int(r) if r.is_integer() else r
    return x


def seats_for(players: int) -> tuple[str, ...]:
    return tuple(SEAT_ORDER[:players])


def start_for(start, seats) -> dict:
    """Expand a start (None, a number, or a per-seat mapping) into {seat: number}."""
    if start is None:
        return {s: 0 for s in seats}
    if isinstance(start, dict):
        keys = {str(k).upper(): v for k, v in start.items()}
        if set(keys) != set(seats):
            raise LedgerError(f"start names seats {' '.join(sorted(keys, key=SEAT_ORDER.find))}; "
                              f"this table's seats are {' '.join(seats)}")
        return {s: keys[s] for s in seats}
    return {s: start for s in seats}


def check_zero_sum(transfers, what="payments") -> None:
    """Raise if the transfers do not move money between seats exactly (sum of nets 0)."""
    import math

    net: dict = {}
    scale = 1.0
    for frm, to, amount in transfers:
        if isinstance(amount, bool) or not isinstance(amount, (int, float)) or not math.isfinite(amount):
            raise LedgerError(f"{what}: {frm} -> {to} moves {amount!r}, not a finite number; please report this hand")
        net[frm] = net.get(frm, 0) - amount
        net[to] = net.get(to, 0) + amount
        scale = max(scale, abs(amount))
    total = sum(net.values())
    if not abs(total) <= EPS * scale:
        raise LedgerError(f"{what} do not sum to zero (they sum to {num(total)}); please report this hand")


def settle(transfers, net: dict, cap) -> tuple[list, list]:
    """Apply the loss cap to one hand's transfers [(frm, to, amount)] given the seats' session net
    before the hand. Returns (settled transfers, shortfalls [(seat, owed, paid)]: per seat that could
    not pay all it owed this hand, the hand's total owed and paid). `net` is not changed."""
    if not cap:
        return [(f, t, a) for f, t, a in transfers], []
    running = dict(net)
    out = []
    owed: dict = {}
    paid_by: dict = {}
    for frm, to, amount in transfers:
        room = max(cap + running.get(frm, 0), 0)
        paid = amount if amount <= room else room
        owed[frm] = owed.get(frm, 0) + amount
        paid_by[frm] = paid_by.get(frm, 0) + paid
        running[frm] = running.get(frm, 0) - paid
        running[to] = running.get(to, 0) + paid
        out.append((frm, to, paid))
    short = [(seat, num(owed[seat]), num(paid_by[seat])) for seat in owed if paid_by[seat] < owed[seat]]
    return out, short


@dataclass
class Posting:
    """What one hand did to its session: `paid` per seat this hand, `standings` after it, shortfalls."""

    session: "Session"
    hand_no: int
    paid: dict
    standings: dict
    shortfalls: list
    cap: float = 0


@dataclass
class Session:
    name: str
    seats: tuple
    start: dict
    net: dict
    hands: int = 0
    rejected: int = 0
    variants: list = field(default_factory=list)
    shortfall: dict = field(default_factory=dict)  # seat -> total forgiven
    capped_at: dict = field(default_factory=dict)  # seat -> hand number it first reached the cap
    unit: str = ""  # the unit of its hands' values: one per session (Ledger.post)
    unit_variant: str = ""

    def __post_init__(self):
        # int starts (the common case) keep int standings exact without num()'s rounding
        self.whole_start = all(v.__class__ is int for v in self.start.values())
        # Ledger.post_paid applies: seats E S W (N) in order, and every start and net an int (post()
        # clears it at a hand that paid anything else)
        self.quick = self.whole_start and self.seats == seats_for(len(self.seats))
        # the one int every seat started at (a record's `start: N` agrees with it), else None
        starts = set(self.start.values())
        self.flat_start = starts.pop() if self.whole_start and len(starts) == 1 else None
        # post_paid's state: the (players, variant, unit) it last took without a second look (None:
        # look), and while `quick`, the standings in seat order; `net` is brought up to them (sync)
        # before anything else reads it
        self.lane = None
        self.tally = tuple([self.start[x] + self.net[x] for x in self.seats]) if self.quick else None
        self.stale = False

    def sync(self) -> None:
        """`net` from the standings post_paid keeps."""
        if self.stale:
            start, net = self.start, self.net
            for x, v in zip(self.seats, self.tally):
                net[x] = v - start[x]
            self.stale = False

    def standings(self) -> dict:
        self.sync()
        return {s: num(self.start[s] + self.net[s]) for s in self.seats}

    def as_dict(self) -> dict:
        self.sync()
        d = {"session": self.name, "seats": list(self.seats), "hands": self.hands, "rejected": self.rejected,
             "variants": list(self.variants), "start": {s: num(v) for s, v in self.start.items()},
             "net": {s: num(v) for s, v in self.net.items()}, "final": self.standings()}
        if self.shortfall:
            d["forgiven"] = {s: num(v) for s, v in self.shortfall.items()}
            d["capped_at_hand"] = dict(self.capped_at)
        return d


class Ledger:
    """Sessions by name, in the order they first appear. `default_start` is `--start`."""

    def __init__(self, default_start=None):
        self.default_start = default_start
        self.sessions: dict[str, Session] = {}
        self._early_rejects: dict[str, int] = {}  # rejects of a session before its first scored hand

    def session(self, name: str) -> Session | None:
        return self.sessions.get(name)

    def note_reject(self, name: str) -> None:
        s = self.sessions.get(name)
        if s is not None:
            s.rejected += 1
        else:
            self._early_rejects[name] = self._early_rejects.get(name, 0) + 1

    def open(self, name: str, players: int, start=None) -> Session:
        """The session `name`, created at its first hand. A record's `start` must agree with the session's.
        `players` is a count (seats E S W N) or, for a live table's export, the players' names: standings
        are then kept per player whatever seat each sits in (the names of the first hand set the order)."""
        named = players.__class__ is not int
        seats = tuple(players) if named else seats_for(players)
        s = self.sessions.get(name)
        if s is None:
            chosen = start if start is not None else self.default_start
            s = Session(name, seats, start_for(chosen, seats), {x: 0 for x in seats})
            s.rejected = self._early_rejects.pop(name, 0)
            self.sessions[name] = s
            return s
        if s.seats != seats and not (named and sorted(s.seats) == sorted(seats)):
            raise LedgerError(f"session {name!r} is a {len(s.seats)}-player table ({' '.join(s.seats)}); "
                              f"this record's ruleset is played by {players}")
        if start is not None and start_for(start, seats) != s.start:
            raise LedgerError(f"session {name!r} started at {_start_text(s.start)}; this record says start "
                              f"{_start_text(start_for(start, seats))} (start belongs in the session's first record)")
        return s

    def post(self, name: str, players: int, transfers, cap=0, start=None, variant: str = "", unit: str = "",
             hand: bool = True) -> Posting:
        """Check and post one hand: `transfers` [(frm, to, amount)] as the ruleset computed them.
        `hand` False: a payment within the next hand (a riichi deposit, a kong's), numbered as that
        hand and not counted as one.
        `unit` is the unit of the hand's value (faan, points, doubles...): a session keeps one, since
        money from a faan table and Zung Jung points are not the same figures and never summed. One
        ruleset's hands are always summed whatever their value's unit: its payments are one money
        (riichi's han hands and yakuman are both paid in points)."""
        s = self.sessions.get(name)
        if s is None or start is not None or len(s.seats) != players:
            s = self.open(name, players, start)
        s.sync()
        if unit:
            if not s.unit:
                s.unit, s.unit_variant = unit, variant
            elif unit != s.unit and variant != s.unit_variant:
                raise LedgerUnits(f"session {name!r} counts {s.unit} ({s.unit_variant}); this record's ruleset "
                                  f"{variant} counts {unit}: the two are never summed (name another session)")
        paid = dict.fromkeys(s.seats, 0)
        whole = True  # int amounts only: every sum below is exact, so nothing needs rounding
        for frm, to, amount in transfers:  # (paid is this call's own: a refusal below leaves s as it was)
            if frm not in paid or to not in paid:
                seat = to if frm in paid else frm
                raise LedgerError(f"a payment names seat {seat}, not at this table ({' '.join(s.seats)})")
            if amount.__class__ is int:
                paid[frm] -= amount
                paid[to] += amount
            else:
                whole = False
        if not whole:
            check_zero_sum(transfers)
        short = []
        if cap:
            transfers, short = settle(transfers, s.net, cap)
            check_zero_sum(transfers, "payments after the loss cap")
            whole = whole and all(a.__class__ is int for _, _, a in transfers)  # a float cap pays floats
        if not whole:
            s.quick, s.lane, s.tally = False, None, None
        if cap or not whole:  # summed again, in order, from what is paid
            paid = dict.fromkeys(s.seats, 0)
            for frm, to, amount in transfers:
                paid[frm] -= amount
                paid[to] += amount
        if hand:
            s.hands += 1
        net = s.net
        for x, v in paid.items():
            net[x] += v
        if not whole:
            drift = sum(net.values())
            if not abs(drift) <= EPS * max(1.0, *(abs(v) for v in net.values())):
                raise LedgerError(f"session {name!r} no longer sums to zero ({num(drift)}); please report this hand")
        elif sum(net.values()):  # int nets sum to 0 exactly, or the ledger is wrong
            s.quick, s.lane, s.tally = False, None, None
            raise LedgerError(f"session {name!r} no longer sums to zero ({sum(net.values())}); please report this hand")
        for seat, owed, got in short:
            s.shortfall[seat] = s.shortfall.get(seat, 0) + owed - got
            s.capped_at.setdefault(seat, s.hands + (not hand))
        if variant and variant not in s.variants:
            s.variants.append(variant)
        if whole and s.whole_start:
            standings = {x: s.start[x] + net[x] for x in s.seats}
            if s.quick:
                s.tally = tuple(standings.values())
        else:
            paid = {x: num(v) for x, v in paid.items()}
            standings = s.standings()
        return Posting(s, s.hands + (not hand), paid, standings, short, cap)

    def post_paid(self, name: str, players: int, paid: tuple, variant: str = "", unit: str = "", start=None):
        """post() for the common hand, from what each seat paid (`paid_by_seat`: int amounts between
        the seats of a `players` table, no loss cap), with no `start` or the int the session started
        at: a `Quick`, or None when the hand is not that simple here (a new session, another table
        size or unit, a ruleset new to the session, another start, a session with other seats or
        non-int figures): then post() it, which checks and says what is wrong. The same figures as
        post(), without its checks per transfer (tests/test_batch_quick.py compares the two). The
        session's (players, variant, unit) are looked at once (`lane`) while they stay the same."""
        s = self.sessions.get(name)
        if s is None or s.lane != (players, variant, unit):
            if (s is None or not s.quick or len(s.seats) != players or (unit and unit != s.unit)
                    or (variant and variant not in s.variants)):
                return None
            s.lane = (players, variant, unit)  # (post() clears it with `quick`)
        if start is not None and (start.__class__ is not int or start != s.flat_start):
            return None
        t = s.tally
        if len(paid) == 4:  # (the common table: its sums written out, a quarter of map's and sum's cost)
            a, b, c, d = paid
            if a + b + c + d:
                return None
            tally = (t[0] + a, t[1] + b, t[2] + c, t[3] + d)
        elif sum(paid):
            return None
        else:
            tally = tuple(map(add, t, paid))
        s.hands += 1
        s.tally = tally
        s.stale = True
        return _new_quick(Quick, (s, s.hands, paid, tally))

    def summary(self) -> list[dict]:
        return [s.as_dict() for s in self.sessions.values()]


class Quick(NamedTuple):
    """A Posting made by Ledger.post_paid: `paid` and `standings` as tuples in the session's seat order
    (`paid_t`, `standings_t`), no shortfalls; its `paid` and `standings` give Posting's dicts."""

    session: Session
    hand_no: int
    paid_t: tuple
    standings_t: tuple
    shortfalls = ()
    cap = 0

    @property
    def paid(self) -> dict:
        return dict(zip(self.session.seats, self.paid_t))

    @property
    def standings(self) -> dict:
        return dict(zip(self.session.seats, self.standings_t))


_new_quick = tuple.__new__  # Quick(...) without its Python-level __new__ (one a hand)


_SEAT_INDEX = {x: i for i, x in enumerate(SEAT_ORDER)}


def paid_by_seat(transfers, players: int):
    """What each seat of a `players` table paid (-) or got (+) in one hand's transfers, as a tuple in
    seat order (E S W N), when every amount is an int and every party a seat of that table; else None.
    Made where the hand is scored (a --jobs worker), for Ledger.post_paid."""
    paid = [0] * players
    index = _SEAT_INDEX
    for t in transfers:
        amount = t.amount
        i = index.get(t.frm, 9)
        j = index.get(t.to, 9)
        if amount.__class__ is not int or i >= players or j >= players:
            return None
        paid[i] -= amount
        paid[j] += amount
    return tuple(paid)


def _start_text(start: dict) -> str:
    vals = set(start.values())
    if len(vals) == 1:
        return f"{num(next(iter(vals)))} each"
    return ", ".join(f"{s} {num(v)}" for s, v in start.items())
