"""The live table: players, the ruleset, and the events of the night in one file.

An event is entered by player names; the table turns the names into this hand's seat letters (who
sits where, who deals, the prevailing wind, the streak), settles it (a win through `engine.score`,
exactly as `mjscore score` would with those flags; a draw, kong or false win through the ruleset's
`session:` models), stores it with the state before and after, and moves the table on. Standings are
the batch ledger's (scorer/batch/ledger.py), kept per player name."""
from __future__ import annotations

import getpass
import os
from datetime import datetime, timezone

from ..batch.ledger import Ledger
from ..errors import ContextError, MjError
from . import state as st
from .names import find_player, full_names, named
from .rules import POT, session_rules
from .store import Store, TableError, create

WIN_FLAGS = ("kong_draw", "last_tile", "first_turn", "wild", "indicator", "floats", "win", "riichi",
             "double_riichi", "ippatsu", "dora", "ura", "honba", "sticks", "fourth_tile")


def now_text() -> str:
    """UTC time of an entry; MJSCORE_NOW fixes it (reproducible examples and tests)."""
    fixed = os.environ.get("MJSCORE_NOW")
    if fixed:
        return fixed
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def who() -> str:
    """Who enters an event: --by, else MJSCORE_USER, else the login name."""
    name = os.environ.get("MJSCORE_USER")
    if name:
        return name
    try:
        return getpass.getuser()
    except Exception:  # no login name (a container): still record something
        return "unknown"


def new_table(path, variant, players, rules=None, start=None, name=None, force=False, by=None, unit="") -> dict:
    """Create a table file. `players` in the first hand's seat order (E S W N); `unit` names what a
    point is worth (a season adds tables of one ruleset and unit only)."""
    from ..rulesets.variant import load_variant

    v = load_variant(variant)
    rules = dict(rules or {})
    bound = v.bind(rules)  # refuses an unknown option or a bad value now, not at the first hand
    session_rules(v, bound.options)
    players = [p.strip() for p in players]
    if len(players) != v.players:
        raise TableError(f"{v.name} is played by {v.players}; --players names {len(players)}")
    if any(not p for p in players) or len({p.lower() for p in players}) != len(players):
        raise TableError("players need distinct, non-empty names")
    if any(p.upper() in ("E", "S", "W", "N") for p in players):
        raise TableError("a player's name cannot be a seat letter (E S W N): the table moves players between seats")
    if start is not None and (isinstance(start, bool) or not isinstance(start, (int, float))):
        raise TableError("start must be a number")
    meta = {"variant": variant, "variant_id": v.id, "rules": rules, "players": players,
            "start": start if start is not None else 0, "unit": unit or "",
            "name": name or os.path.splitext(os.path.basename(path))[0],
            "created_by": by or who(), "created_at": now_text()}
    create(path, meta, force)
    return meta


class Table:
    """An open table file (read: `state`, `events`, `book`; write: `add`, `undo`)."""

    def __init__(self, path: str):
        self.path = path
        self.store = Store(path)
        m = self.store.meta
        self.meta = m
        self.players = list(m["players"])
        self.n = len(self.players)
        self.rules = dict(m.get("rules") or {})
        from ..rulesets.variant import load_variant

        self.variant = load_variant(m["variant"])
        self.bound = self.variant.bind(self.rules)
        self.session = session_rules(self.variant, self.bound.options)

    def close(self):
        self.store.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- reading --------------------------------------------------------------------------
    def events(self) -> list[dict]:
        return self.store.events()

    def state(self, events=None) -> dict:
        last = events[-1] if events else (None if events is not None else self.store.last())
        return dict(last["state_after"]) if last else st.initial()

    def seats(self, state) -> dict:
        """{seat letter: player name} for the hand being played."""
        return {seat: self.players[i] for seat, i in st.seating(state, self.n, self.session).items()}

    def player(self, name) -> int:
        return find_player(self.players, name)

    def book(self, events=None):
        """(Ledger, [(event, standings after it)]): every payment posted in order, per player name."""
        events = self.store.events() if events is None else events
        ledger = Ledger(self.meta.get("start"))
        name = self.meta["name"]
        players = tuple(self.players)
        pot = bool(self.session.get("pot"))
        if pot:  # the pot is a party of the ledger (every event sums to zero) that starts empty
            players += (POT,)
            ledger.open(name, players).start[POT] = 0
        else:
            ledger.open(name, players)
        rows = []
        self.pot = 0
        self.shortfalls = {}  # event number -> [(player, owed, paid)] where the loss cap cut a payment
        for ev in events:
            for rec in ev["records"]:
                posting = ledger.post(name, players, [(f, t, a) for f, t, a, _ in rec["transfers"]], rec["cap"],
                                      None, rec["variant"])
                if posting.shortfalls:
                    self.shortfalls.setdefault(ev["no"], []).extend(
                        (p, owed, paid, posting.cap) for p, owed, paid in posting.shortfalls)
            standings = ledger.session(name).standings()
            if pot:
                self.pot = standings.pop(POT)
            rows.append((ev, standings))
        return ledger, rows

    def standings(self, events=None) -> dict:
        """{player: total}; the pot (riichi sticks on the table) is not a player: `self.pot` after."""
        ledger, _ = self.book(events)
        out = ledger.session(self.meta["name"]).standings()
        out.pop(POT, None)
        return out

    # ---- writing --------------------------------------------------------------------------
    def add(self, kind: str, entry: dict, by=None, hook=None, replace: int | None = None) -> dict:
        """Settle and store one event in one transaction; returns the stored event with `results`
        (the engine's Result of each winner, for printing). `replace` N: this event takes the place
        of event N, and every later event is settled again from what was entered (the seats, dealer
        and streak may have changed); the replaced ones go to the undone log. `hook()` runs just
        before the commit (tests use it to kill the process there)."""
        by = by or who()
        at = now_text()  # the edit and what it undid share the moment: `table log` groups them by it
        with self.store.write():
            gone = []
            if replace is not None:
                if not any(e["no"] == replace for e in self.store.events()):
                    raise TableError(f"no event #{replace} to replace (see `mjscore table show`)")
                gone = self.store.remove_from(replace, by, at)
            ev = self._append(kind, full_names(entry, self.players), by, at)
            again = [ev]
            for old in gone[1:]:
                try:
                    again.append(self._append(old["kind"], old["input"], old["entered_by"], old["entered_at"]))
                except MjError as e:
                    raise TableError(f"event #{old['no']} cannot be settled again after the edit: {e}") from None
            if hook is not None:
                hook()
        ev["replaced"] = len(gone) if replace is not None else 0
        ev["edits"] = list(zip(gone, again))  # (the event as it was, as it is now), the edited one first
        return ev

    def _append(self, kind, entry, by, at) -> dict:
        before = self.state()
        if before["over"]:
            raise TableError(f"the session is over ({st.end_text(self.session)}); start a new table")
        try:
            records, results, winners, payer = self._settle(kind, entry, before)
        except MjError as e:  # the engine speaks of seats; at the table they are players
            e.message = named(e.message, self.seats(before))
            raise
        parties = self.players + ([POT] if self.session.get("pot") else [])
        for rec in records:
            for f, t, _, _ in rec["transfers"]:
                if f not in parties or t not in parties:
                    other = f if f not in self.players else t
                    raise TableError(f"a payment of this {kind.replace('_', ' ')} names {other!r}, not a player: "
                                     f"a live table keeps {self.variant.name} payments between players only")
        tenpai = [self.player(p) for p in entry.get("tenpai") or []]
        after = st.advance(before, self.n, self.session, kind, winners, payer, tenpai)
        if self.session.get("pot"):  # deposits on the table: a win takes them, a draw leaves them
            after["pot"] = 0 if kind == "win" else before.get("pot", 0) + len(self._declarers(entry, kind))
        ev = {"kind": kind, "input": entry, "records": records, "state_before": before,
              "state_after": after, "entered_by": by, "entered_at": at}
        ev["no"] = self.store.append(ev)
        ev["results"] = results
        return ev

    def undo(self, by=None) -> dict | None:
        with self.store.write():
            return self.store.remove_last(by or who(), now_text())

    # ---- settling -------------------------------------------------------------------------
    def _context(self, state, win=False) -> dict:
        ctx = {"round": st.round_wind(state), "dealer": st.dealer_seat(state, self.n, self.session)}
        key = self.session.get("streak_as", "streak") if win else "streak"
        if state["streak"] and key in getattr(self.variant, "flags", ("streak",)):
            ctx[key] = state["streak"]  # a ruleset that does not read the streak refuses it
        if self.n != 4:
            ctx["players"] = self.n
        return ctx

    def _letter(self, state, name) -> str:
        return st.seat_of(state, self.player(name), self.n, self.session)

    def _declarers(self, entry, kind) -> list:
        """Who declared riichi this hand, each paying the pot's stake: `riichi_by`, and a winner
        scored with riichi (or double riichi)."""
        names = list(entry.get("riichi_by") or [])
        if kind == "win" and (entry.get("riichi") or entry.get("double_riichi")):
            names.append(entry["hands"][0][0])
        idx = [self.player(n) for n in names]
        if len(set(idx)) != len(idx):
            raise ContextError("a player declares riichi once a hand")
        if idx and not self.session.get("pot"):
            raise ContextError(f"{self.variant.name}'s table keeps no pot: nobody pays a riichi deposit")
        if kind not in ("win", "draw") and idx:
            raise ContextError("riichi deposits are entered with the hand's win or draw")
        return [self.players[i] for i in idx]

    def _deposits(self, entry, kind) -> list:
        pot = self.session.get("pot")
        return [[p, POT, pot["stake"], f"riichi declared: {pot['stake']:g} into the pot"]
                for p in self._declarers(entry, kind)]

    def _settle(self, kind, entry, state):
        seats = self.seats(state)
        base = self._context(state, kind == "win")
        if kind == "win":
            return self._win(entry, state, seats, base)
        from .settle import settle_event

        fields = dict(base)
        if self.rules:
            fields["rules"] = dict(self.rules)
        for key in ("seat", "discarder", "robbed", "disclosed"):
            if entry.get(key) is not None:
                fields[key] = self._letter(state, entry[key])
        for key in ("kong", "chain", "total", "limit", "self_draw"):
            if entry.get(key) is not None:
                fields[key] = entry[key]
        if entry.get("tenpai") is not None:
            fields["tenpai"] = sorted((self._letter(state, p) for p in entry["tenpai"]), key="ESWN".index)
        s = settle_event(kind, self.variant, fields)
        rec = {"event": kind, "fields": fields, "names": seats, "label": s.label, "variant": s.variant.id,
               "rule": s.rule,
               "cap": s.cap, "transfers": self._deposits(entry, kind) +
               [[seats.get(t.frm, t.frm), seats.get(t.to, t.to), t.amount, t.why] for t in s.transfers]}
        winners = [self.player(entry["seat"])] if kind == "false_win" else []
        return [rec], [s], winners, None

    def _win(self, entry, state, seats, base):
        from ..batch.run import _item_labels, _win_text
        from ..core import engine
        from ..output.riichi_words import value_words

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
                ctx_base[key] = self._letter(state, entry[key])
        if entry.get("self_draw"):
            ctx_base["self_draw"] = True
        for key in WIN_FLAGS:
            if entry.get(key) not in (None, False):
                ctx_base[key] = entry[key]
        if entry.get("others"):
            ctx_base["others"] = {self._letter(state, n): h for n, h in entry["others"].items()}
        ctx_base.update(entry.get("extra") or {})
        pot = self.session.get("pot")
        if pot and len(hands) > 1:
            raise ContextError("a table with a pot has one winner a hand (who would take the sticks?)")
        if pot:
            kept = [k for k in (pot["flag"], self.session.get("streak_as")) if k in (entry.get("extra") or {})]
            if kept:
                raise ContextError(f"the table keeps {', '.join(kept)} itself: leave out --set {kept[0]}=...")
            deposits = self._deposits(entry, "win")
            sticks = state.get("pot", 0) + len(deposits)
            if sticks:
                ctx_base[pot["flag"]] = sticks
        if self.session["kong"].get("model") != "no_payment" and "kongs_paid" in self.variant.context_keys:
            ctx_base["kongs_paid"] = True  # each kong was paid by its own `table kong` event
        if self.rules:
            ctx_base["rules"] = dict(self.rules)
        records, results = [], []
        for i, (name, hand) in enumerate(hands):
            ctx = {"seat": self._letter(state, name), **ctx_base}
            r = engine.score(hand, dict(ctx), variant=self.meta["variant"])
            v = r.value
            records.append({"event": "win", "hand": r.hand.text(), "ctx": ctx, "names": seats,
                            "variant": r.variant.id, "total": v.total, "unit": v.unit, "limit": v.limit,
                            "words": value_words(v),  # riichi's '3 han 40 fu', 'mangan' ('' elsewhere)
                            "items": list(_item_labels(v)), "win": _win_text(r.ctx),
                            "cap": r.options.get("session_loss_cap", 0) or 0,
                            "transfers": (deposits if pot and i == 0 else []) +
                                         [[seats.get(t.frm, t.frm), seats.get(t.to, t.to), t.amount, t.why]
                                          for t in r.transfers]})
            results.append(r)
        payer_name = entry.get("discarder") or entry.get("robbed")
        payer = self.player(payer_name) if payer_name else None
        return records, results, idx, payer


def open_table(path: str) -> Table:
    return Table(path)
