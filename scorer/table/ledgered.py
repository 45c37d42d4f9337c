"""A table's ledger: the standings after each event, kept with the event (scorer/table/store.py,
`book`) and computed again from every payment (`book()`, `replay()`): the part of `Table` that
posts payments to scorer/batch/ledger.py. `Table` inherits it; it reads `players`, `meta`, `session`,
`game` (game.py) and the store."""
from __future__ import annotations

from ..batch.ledger import Ledger
from .rules import POT


class Ledgered:
    def parties(self) -> tuple:
        return self.game.parties()

    def starts(self) -> dict:
        from ..batch.ledger import start_for

        out = start_for(self.meta.get("start"), tuple(self.players))
        if self.session.get("pot"):
            out[POT] = 0
        return out

    def _post(self, net: dict | None, records) -> dict:
        """The ledger after one event's records posted on `net` (the ledger before): its book."""
        from ..batch.ledger import Session

        name = self.meta["name"]
        parties = self.parties()
        ledger = Ledger(self.meta.get("start"))
        s = Session(name, parties, self.starts(), dict(net) if net else dict.fromkeys(parties, 0))
        ledger.sessions[name] = s
        short = [list(x) for x in self.game.post(ledger, name, records)]
        s.sync()
        return {"net": dict(s.net), "short": short}

    def standings_after(self, ev) -> dict:
        """{player: total} after event `ev` (read with its `book`)."""
        out = self._standings_of(ev.get("book"))
        out.pop(POT, None)
        return out

    def _standings_of(self, book) -> dict:
        from ..batch.ledger import num

        start = self.starts()
        net = book["net"] if book else {}
        return {p: num(start[p] + net.get(p, 0)) for p in self.parties()}

    def replay(self, events=None) -> dict:
        """{player: total} computed from every event's payments, not from the kept ledger rows (a
        check that the two agree: tests/test_table_trust.py)."""
        _, rows = self.book(self.store.events() if events is None else events)
        return dict(rows[-1][1]) if rows else self._standings_of(None)

    def book(self, events=None):
        """(Ledger, [(event, standings after it)]): every payment posted in order, per player name,
        through the table's engine (game.py: its ledger, the pot a party starting empty)."""
        events = self.store.events() if events is None else events
        name = self.meta["name"]
        ledger = self.game.ledger(name)
        rows = []
        self.pot = 0
        self.shortfalls = {}  # event number -> [(player, owed, paid, cap)] where the loss cap cut a payment
        self.books = []  # the ledger after each event, as the table keeps it (Store: `book`)
        for ev in events:
            short = self.game.post(ledger, name, ev["records"])
            if short:
                self.shortfalls.setdefault(ev["no"], []).extend(short)
            standings = ledger.session(name).standings()
            self.books.append({"net": dict(ledger.session(name).net), "short": [list(x) for x in short]})
            if self.session.get("pot"):
                self.pot = standings.pop(POT)
            rows.append((ev, standings))
        return ledger, rows

    def standings(self, events=None) -> dict:
        """{player: total}, read from the ledger kept with the last event (`events`: after the last of
        those); the pot (riichi sticks on the table) is not a player: `self.pot` after, and the last
        event's loss-cap cuts in `self.shortfalls`."""
        if events is not None:
            last = events[-1] if events else None
        else:
            got = self.recent(1)
            last = got[0] if got else None
        book = last.get("book") if last else None
        if last is not None and book is None:
            return self.replay(events)
        out = self._standings_of(book)
        self.pot = out.pop(POT, 0)
        self.shortfalls = {last["no"]: [tuple(x) for x in book["short"]]} if book and book["short"] else {}
        return out

