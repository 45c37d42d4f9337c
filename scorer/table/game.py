"""The table engine in memory: one game (a ruleset, its options, the players) settled event by event,
with no file. The live table (book.py) keeps its events in SQLite and settles each through this
engine; a log replay (an audit) calls it directly:

    from scorer.table.game import Game

    g = Game("riichi", players=["Ann", "Bo", "Cy", "Di"], rules={"red_fives": True})
    out = g.play([
        ("win", {"hands": [["Ann", "234m567m345p22p678s"]], "discarder": "Bo", "riichi": True}),
        ("draw", {"tenpai": ["Ann", "Cy"], "riichi_by": ["Cy"]}),
        ("abort", {"abort": "four_winds"}),
    ])
    out.changes   # one list a event: each player's point change, in `players` order
    out.points    # the points after the last event (the start plus every change)
    out.pot       # riichi deposits still on the table
    out.final     # None while the game goes on; at its end final.py's result (placement, points,
                  # after the return, oka, uma, result) in `players` order

An event is `(kind, entry)`: kind is win, draw, kong, false_win or abort; entry names players (the
keys `table win/draw/...` fill in: hands [[name, hand], ...], self_draw, discarder, robbed, liable,
riichi_by, tenpai, nagashi, abort, kong, seat, and every `score` flag by its context key). The
players are given in the first hand's seat order E S W N; the engine keeps who sits where, who
deals, the prevailing wind and the honba or streak (state.py), and ends the game as the ruleset's
`session:` block says (rounds, bust, sudden death, agari-yame). `step` settles one event from a
given state; `play` runs a whole game from the start. `Game(..., describe=False)` leaves out what
only a reader needs (the payment shorthand), for a replay of many games."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..batch.ledger import Ledger, num
from ..errors import ContextError, MjError
from ..rulesets.keys import KEYS
from . import state as st
from .rules import POT, counts_as_hand, session_rules, styled

# the catalogue's flags a win at the table passes on as given (the seats it names are players, turned
# into seat letters, and self_draw is read with them; the seating, wind and dealer are the table's)
WIN_FLAGS = tuple(k.name for k in KEYS if k.at_table and k.kind in ("bool", "count", "text") and k.name != "self_draw")
PLAYERS = ("P1", "P2", "P3", "P4")


class GameError(ContextError):
    """An event the game refuses (a session that is over, a payment to a party that is not a player)."""


class Step(NamedTuple):
    """One settled event: its kind and entry as settled (three winners on one discard may become an
    abortive draw), the payment records, the engine's results of the winners, the state after."""

    kind: str
    entry: dict
    records: list
    results: list
    after: dict


@dataclass
class Played:
    """What `Game.play` returns: per event the changes (players' order) and the state after it."""

    players: list
    changes: list = field(default_factory=list)
    states: list = field(default_factory=list)
    events: list = field(default_factory=list)
    points: list = field(default_factory=list)
    pot: float = 0
    final: dict | None = None


class Game:
    """One game of a ruleset for named players (in memory). `start` overrides the ruleset's."""

    def __init__(self, variant, players=None, rules=None, start=None, describe=True):
        from ..rulesets.variant import load_variant

        self.variant = load_variant(variant)
        # what a win is scored with: the ruleset's id or path, or the Variant itself (a table's kept
        # copy, scorer/table/ruleset.py: never the file on disk, which may have changed)
        self.variant_ref = variant if isinstance(variant, str) else self.variant
        self.rules = dict(rules or {})
        self.bound = self.variant.bind(styled(self.variant, self.rules))
        self.session = session_rules(self.variant, self.bound.options)
        self.players = list(players or PLAYERS[: self.variant.players])
        self.n = len(self.players)
        from .names import skeleton

        self._index = {skeleton(p): i for i, p in enumerate(self.players)}
        self.start = self.session.get("start", 0) if start is None else start
        self.describe = describe  # False: no payment shorthand in the records (a replay that only counts)
        result = self.session.get("result") or {}
        if result.get("model") == "uma":  # a bad uma is refused when the table is made, not at its end
            from .final import uma_list

            uma_list(result, self.n)

    # ---- names and seats ------------------------------------------------------------------------
    def seats(self, state) -> dict:
        """{seat letter: player name} for the hand being played."""
        return {seat: self.players[i] for seat, i in st.seating(state, self.n, self.session).items()}

    def player(self, name) -> int:
        """The index of player `name`: names that a reader could not tell apart are one, and a unique
        beginning of a name names its player (names.py)."""
        from .names import find_player, skeleton

        i = self._index.get(skeleton(name.strip())) if isinstance(name, str) else None
        return i if i is not None else find_player(self.players, name)

    def letter(self, state, name) -> str:
        return st.seat_of(state, self.player(name), self.n, self.session)

    def context(self, state, win=False) -> dict:
        ctx = {"round": st.round_wind(state), "dealer": st.dealer_seat(state, self.n, self.session)}
        key = self.session.get("streak_as", "streak") if win else "streak"
        if state["streak"] and key in getattr(self.variant, "flags", ("streak",)):
            ctx[key] = state["streak"]  # a ruleset that does not read the streak refuses it
        if self.n != 4:
            ctx["players"] = self.n
        return ctx

    # ---- the ledger ---------------------------------------------------------------------------
    def ledger(self, name="table"):
        """An open Ledger of this game (the pot, where the table keeps one, a party starting empty)."""
        ledger = Ledger(self.start)
        parties = self.parties()
        ledger.open(name, parties)
        if self.session.get("pot"):
            ledger.session(name).start[POT] = 0
        return ledger

    def parties(self) -> tuple:
        return tuple(self.players) + ((POT,) if self.session.get("pot") else ())

    def post(self, ledger, name, records):
        """Post an event's records; returns the shortfalls [(player, owed, paid, cap)] a loss cap made."""
        short = []
        for k, rec in enumerate(records):  # one event's records are one hand
            posting = ledger.post(name, self.parties(), [(f, t, a) for f, t, a, _ in rec["transfers"]], rec["cap"],
                                  None, rec["variant"], hand=counts_as_hand(rec["event"], k > 0))
            short += [(p, owed, paid, posting.cap) for p, owed, paid in posting.shortfalls]
        return short

    # ---- one event ------------------------------------------------------------------------------
    def step(self, kind: str, entry: dict, state: dict, points=None) -> Step:
        """Settle one event from `state`. `points` ({player: points} before the event, the pot
        excluded) lets the session's end rules (bust, sudden death, agari-yame) see the standings;
        without it they are not applied."""
        if state["over"]:
            raise GameError(f"the session is over ({st.end_text(self.session)}); start a new table")
        if kind == "win":
            entry = self._head_bump(entry, state)
            if self._triple(entry):
                kind, entry = "abort", {"abort": "triple_ron", "riichi_by": self._riichi_names(entry)}
        try:
            records, results, winners, payer = self._settle(kind, entry, state)
        except MjError as e:  # the engine speaks of seats; at the table they are players
            from .names import named

            e.message = named(e.message, self.seats(state))
            raise
        parties = self.parties()
        for rec in records:
            for f, t, _, _ in rec["transfers"]:
                if f not in parties or t not in parties:
                    other = f if f not in self.players else t
                    raise GameError(f"a payment of this {kind.replace('_', ' ')} names {other!r}, not a player: "
                                    f"a live table keeps {self.variant.name} payments between players only")
        tenpai = [self.player(p) for p in entry.get("tenpai") or []]
        after = st.advance(state, self.n, self.session, kind, winners, payer, tenpai)
        if self.session.get("pot"):  # deposits on the table: a win takes them, a draw leaves them
            after["pot"] = 0 if kind == "win" else state.get("pot", 0) + len(self._declarers(entry, kind))
        if points is not None:
            now = dict(points)
            for rec in records:
                for f, t, a, _ in rec["transfers"]:
                    for who, sign in ((f, -1), (t, 1)):
                        if who in now:
                            now[who] += sign * a
            st.finish(state, after, self.n, self.session, kind, winners, tenpai,
                      [now[p] for p in self.players])
        return Step(kind, entry, records, results, after)

    def play(self, events) -> Played:
        """Settle `(kind, entry)` events from the start; the game's points and, once it is over, its
        final result."""
        from .final import final_result

        out = Played(list(self.players))
        ledger = self.ledger()
        state = st.initial()
        points = {p: self.start for p in self.players}
        for kind, entry in events:
            done = self.step(kind, entry, state, points)
            state, records = done.after, done.records
            self.post(ledger, "table", records)
            standings = ledger.session("table").standings()
            out.changes.append([num(standings[p] - points[p]) for p in self.players])
            points = {p: standings[p] for p in self.players}
            out.states.append(state)
            out.events.append({"kind": done.kind, "input": done.entry, "records": records})
        standings = ledger.session("table").standings()
        out.points = [num(points[p]) for p in self.players]
        out.pot = num(standings.get(POT, 0))
        if state["over"]:
            out.final = final_result(self, out.points, out.pot, out.events)
        return out

    # ---- settling -------------------------------------------------------------------------------
    def _riichi_names(self, entry) -> list:
        names = list(entry.get("riichi_by") or [])
        for name, _hand in entry.get("hands") or []:
            if self.declared(entry):
                names.append(name)
        return names

    def own_flags(self) -> tuple:
        """The win flags that are one winner's own declaration (the session's `pot.declared_by`, then
        `pot.goes_with`: riichi, double riichi, ippatsu): entered with the first winner of a
        discard, they are not another winner's."""
        pot = self.session.get("pot")
        return (*pot["declared_by"], *pot.get("goes_with", ())) if pot else ()

    def declared(self, flags: dict) -> bool:
        """Whether a winner with these flags paid his own deposit into the pot (the session's
        `pot.declared_by`: riichi's riichi and double riichi)."""
        pot = self.session.get("pot")
        return bool(pot) and any(flags.get(f) for f in pot["declared_by"])

    def _head_bump(self, entry, state) -> dict:
        """With head bump only the winner first in turn from the discarder keeps the win."""
        hands = entry.get("hands") or []
        if len(hands) < 2 or not self.session.get("head_bump") or not entry.get("discarder"):
            return entry
        first = min(hands, key=lambda h: self._turn_from(state, entry["discarder"], h[0]))
        if first is hands[0]:
            return {**entry, "hands": [first]}
        # the flags were the first-entered winner's: his declaration stays a deposit, the kept
        # winner's riichi is his `riichi_by` entry
        own = self.own_flags()
        out = {k: v for k, v in entry.items() if k not in own}
        kept = self.player(first[0])
        by = entry.get("riichi_by") or []
        declared = [n for n in by if self.player(n) != kept]
        if self.declared(entry):
            declared.append(hands[0][0])
        if own and any(self.player(n) == kept for n in by):
            out[own[0]] = True  # (his declaration, entered as a deposit: its first flag)
        out.update((entry.get("also_flags") or {}).get(first[0], {}))
        out["riichi_by"] = declared
        out["hands"] = [first]
        return out

    def _triple(self, entry) -> bool:
        return len(entry.get("hands") or []) == 3 and self.session.get("triple_ron") == "abort"

    def _turn_from(self, state, discarder, name) -> int:
        """How many turns after `discarder` the player `name` plays (1: next)."""
        order = "ESWN"[: self.n]
        return (order.index(self.letter(state, name)) - order.index(self.letter(state, discarder))) % self.n

    def _declarers(self, entry, kind) -> list:
        """Who declared riichi this hand, each paying the pot's stake: `riichi_by`, and a winner
        scored with riichi (or double riichi)."""
        names = list(entry.get("riichi_by") or [])
        if kind == "win" and self.declared(entry):
            names.append(entry["hands"][0][0])
        if kind == "win":  # the other winners of one discard, with their own flags
            names += [n for n, f in (entry.get("also_flags") or {}).items() if self.declared(f)]
        idx = [self.player(n) for n in names]
        if len(set(idx)) != len(idx):
            raise ContextError("a player declares riichi once a hand")
        if idx and not self.session.get("pot"):
            raise ContextError(f"{self.variant.name}'s table keeps no pot: nobody pays a riichi deposit")
        if kind not in ("win", "draw", "abort") and idx:
            raise ContextError("riichi deposits are entered with the hand's win, draw or abortive draw")
        return [self.players[i] for i in idx]

    def _deposits(self, entry, kind) -> list:
        pot = self.session.get("pot")
        return [[p, POT, pot["stake"], f"riichi declared: {pot['stake']:g} into the pot"]
                for p in self._declarers(entry, kind)]

    def _settle(self, kind, entry, state):
        seats = self.seats(state)
        base = self.context(state, kind == "win")
        if kind == "win":
            return self._win(entry, state, seats, base)
        from .settle import settle_event

        if kind == "draw":
            self._noten_declarers(entry)
        fields = dict(base)
        if self.rules:
            fields["rules"] = dict(self.rules)
        for key in ("seat", "discarder", "robbed", "disclosed"):
            if entry.get(key) is not None:
                fields[key] = self.letter(state, entry[key])
        for key in ("kong", "chain", "total", "limit", "self_draw", "abort"):
            if entry.get(key) is not None:
                fields[key] = entry[key]
        for key in ("tenpai", "nagashi"):
            if entry.get(key):
                fields[key] = sorted((self.letter(state, p) for p in entry[key]), key="ESWN".index)
            elif entry.get(key) is not None and key == "tenpai":
                fields[key] = []
        s = settle_event(kind, self.variant, fields, self.session)
        rec = {"event": kind, "fields": fields, "names": seats, "label": s.label, "variant": s.variant.id,
               "rule": s.rule, "cap": s.cap,
               "transfers": self._deposits(entry, kind) +
               [[seats.get(t.frm, t.frm), seats.get(t.to, t.to), t.amount, t.why] for t in s.transfers]}
        winners = [self.player(entry["seat"])] if kind == "false_win" else []
        return [rec], [s], winners, None

    def _noten_declarers(self, entry):
        """A riichi declarer is tenpai at an exhaustive draw: one who is not made a chombo."""
        self._declarers(entry, "draw")
        if entry.get("tenpai") is None or not self.session.get("pot"):
            return
        ready = {self.player(p) for p in entry["tenpai"]} | {self.player(p) for p in entry.get("nagashi") or []}
        noten = [n for n in entry.get("riichi_by") or [] if self.player(n) not in ready]
        if noten:
            raise ContextError(f"{noten[0]} declared riichi and is not tenpai: that is a chombo "
                               f"(enter it as `table chombo --player {noten[0]}`), not a draw")

    def _win(self, entry, state, seats, base):
        from ..batch.run import _item_labels, _win_text
        from ..core import engine
        from ..output.riichi_words import paid_words, value_words

        hands = entry.get("hands") or []
        if not hands:
            raise ContextError("a win needs the winner's hand")
        ways = [k for k in ("self_draw", "discarder", "robbed") if entry.get(k)]
        if len(ways) > 1:
            raise ContextError("a hand is won one way only: --self-draw, --discarder NAME or --robbed NAME")
        if len(hands) > 1:
            if not (entry.get("discarder") or entry.get("robbed")):
                raise ContextError("several winners share one discard (or robbed kong): give --discarder or --robbed")
            if not self.session.get("multiple_winners", True):
                raise ContextError(f"{self.variant.name} has one winner a hand "
                                   f"({self.session.get('rule') or 'its session rules'})")
        names = [h[0] for h in hands]
        idx = [self.player(n) for n in names]
        if len(set(idx)) != len(idx):
            raise ContextError("a player wins once a hand")
        ctx_base = dict(base)
        for key in ("discarder", "robbed", "liable"):
            if entry.get(key):
                ctx_base[key] = self.letter(state, entry[key])
        if entry.get("self_draw"):
            ctx_base["self_draw"] = True
        for key in WIN_FLAGS:
            if entry.get(key) not in (None, False):
                ctx_base[key] = entry[key]
        if entry.get("others"):
            ctx_base["others"] = {self.letter(state, n): h for n, h in entry["others"].items()}
        ctx_base.update(entry.get("extra") or {})
        pot = self.session.get("pot")
        deposits = []
        if pot:
            kept = [k for k in (pot["flag"], self.session.get("streak_as")) if k in (entry.get("extra") or {})]
            if kept:
                raise ContextError(f"the table keeps {', '.join(kept)} itself: leave out --set {kept[0]}=...")
            deposits = self._deposits(entry, "win")
        if self.session["kong"].get("model") != "no_payment" and "kongs_paid" in self.variant.context_keys:
            ctx_base["kongs_paid"] = True  # each kong was paid by its own `table kong` event
        if self.rules:
            ctx_base["rules"] = dict(self.rules)
        payer_name = entry.get("discarder") or entry.get("robbed")
        # several winners on one discard: the one first in turn from the discarder takes the honba
        # and the deposits on the table (riichi.wiki, Tenhou.net rules)
        order = sorted(range(len(hands)), key=lambda i: self._turn_from(state, payer_name, hands[i][0])) \
            if pot and payer_name and len(hands) > 1 else list(range(len(hands)))
        records, results = [], []
        own = self.own_flags()
        for rank, i in enumerate(order):
            name, hand = hands[i]
            ctx = {"seat": self.letter(state, name), **ctx_base}
            if i != 0:  # the flags describe the first winner's hand; another winner's riichi is his
                for key in own:  # `riichi_by` entry (or `also_flags`)
                    ctx.pop(key, None)
                if own and any(self.player(n) == idx[i] for n in entry.get("riichi_by") or []):
                    ctx[own[0]] = True  # (his declaration, entered as a deposit: its first flag)
                ctx.update((entry.get("also_flags") or {}).get(name, {}))
            if pot and rank == 0:
                sticks = state.get("pot", 0) + len(deposits)
                if sticks:
                    ctx[pot["flag"]] = sticks
            elif pot:
                ctx.pop(self.session.get("streak_as"), None)
            r = engine.score(hand, dict(ctx), variant=self.variant_ref)
            v = r.value
            records.append({"event": "win", "hand": r.hand.text(), "ctx": ctx, "names": seats,
                            "variant": r.variant.id, "total": v.total, "unit": v.unit, "limit": v.limit,
                            "words": value_words(v),  # riichi's '3 han 40 fu', 'mangan' ('' elsewhere)
                            "items": list(_item_labels(v)), "win": _win_text(r.ctx),
                            **({"shorthand": paid_words(v, r.ctx)}  # riichi_words.py: '3900', '1300/2600'
                               if self.describe and self.session.get("words") == "kyoku" else {}),
                            "cap": r.options.get("session_loss_cap", 0) or 0,
                            "transfers": (deposits if rank == 0 else []) +
                                         [[seats.get(t.frm, t.frm), seats.get(t.to, t.to), t.amount, t.why]
                                          for t in r.transfers]})
            results.append(r)
        payer = self.player(payer_name) if payer_name else None
        return records, results, [idx[i] for i in order], payer
