"""Replaying one hand's event stream: the hands in play, and the situational flags of a win.

Both readers feed a `Replay` the same neutral events (draw, discard, call, riichi stick paid,
new dora indicator) in table order; the win's situational facts are then read off the replay,
never off the yaku the log records (tests/test_logs_read.py checks that the two agree on every
win of the test logs).

The rules, as Tenhou plays them:

- *The wall.* 136 tiles (108 with three players), 14 in the dead wall, 13 dealt to each player:
  70 tiles to draw with four players (136 - 14 - 52), 55 with three. A kong's replacement tile
  comes from the dead wall, which is made up again from the end of the live wall, so every draw,
  replacement or not, uses up one of those 70: the last tile is drawn at the hand's 70th draw.
  `last_tile` (haitei/houtei): a self-draw on that 70th draw when it is not a replacement tile
  (a replacement tile is never haitei), or a ron on the discard after it (a robbed kong is not
  houtei).
- *Riichi* counts for the winner whose declaring discard passed. *Double riichi*: declared on the
  player's first discard with no call (chow, pung or any kong) made before it in the hand.
- *Ippatsu*: a riichi winner who wins before their next discard after the declaring one, with no
  call made by anyone in between; robbing an added kong counts (the kong being robbed is not
  completed, so it does not break ippatsu).
- *Rinshan*: a self-draw on the replacement tile of the winner's kong; `kong_draw` counts the
  kongs declared in a row since the winner's last ordinary draw.
- *Chankan*: a ron whose last event is another player's added kong (Tenhou lets a thirteen
  orphans win rob a concealed kong too, but that scores no chankan; `robbed` is set only for an
  added kong).
- *Tenhou / chiihou* (`first_turn`): a self-draw on the winner's first draw of the hand with no
  call made before it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import tiles as T

LIVE_DRAWS = {4: 70, 3: 55}
_NOBODY: frozenset = frozenset()


@dataclass
class Meld:
    """A declared set while replaying. `kind` chi | pon | minkan | ankan | kakan; `keys` its tiles;
    `claimed` the index in `keys` of the claimed tile (None for a concealed kong); `source` our
    notation's supplier number (1 left, 2 opposite, 3 right; +4 once a pung becomes an added
    kong; None concealed)."""

    kind: str
    keys: list
    claimed: int | None
    source: int | None

    def text(self) -> str:
        return T.meld_text(self.keys, self.claimed, self.source, chow=self.kind == "chi")


@dataclass
class _Seat:
    concealed: list = field(default_factory=list)
    melds: list = field(default_factory=list)
    draws: int = 0
    discards: int = 0
    riichi_turn: int = 0  # 0: no riichi declared
    riichi_double: bool = False
    riichi_accepted: bool = False
    kong_run: int = 0
    replacement_due: bool = False
    yaochu_only: bool = True  # every discard a terminal or honour
    discard_called: bool = False


class ReplayError(ValueError):
    """The events do not fit together (a tile discarded that is not in hand, ...)."""


class Replay:
    """One hand in play. Feed it `deal`, then `draw`, `discard`, `call`, `riichi_paid`, `dora` in
    table order; read `win_flags`, `hand_text`, `riichi_list`, `nagashi_seats`."""

    def __init__(self, seats: int, dealer: int, dora: list):
        self.n = seats
        self.dealer = dealer
        self.live = LIVE_DRAWS[seats]
        self.seat = [_Seat() for _ in range(4)]
        self.draws = 0
        self.calls = 0
        self.kongs = 0
        self.dora = list(dora)
        self.last = None  # the last event: (kind, seat, key, extra)
        self.pending_riichi = None  # seat whose declaring discard has not yet passed
        self.ippatsu: set = set()
        self._ippatsu_before_last: frozenset = _NOBODY
        self.riichi_order: list = []

    # events -------------------------------------------------------------------------------
    def deal(self, seat: int, keys) -> None:
        self.seat[seat].concealed = list(keys)

    def _begin(self, auto_accept: bool = True) -> None:
        """Bookkeeping before any event: a pending riichi discard has passed if play goes on."""
        # a snapshot, read only (a frozenset: no copy to make while nobody is in ippatsu)
        self._ippatsu_before_last = frozenset(self.ippatsu) if self.ippatsu else _NOBODY
        if auto_accept and self.pending_riichi is not None:
            self.riichi_paid(self.pending_riichi)

    def draw(self, seat: int, key: int) -> None:
        self._begin()
        s = self.seat[seat]
        replacement = s.replacement_due
        if not replacement:
            s.kong_run = 0
        s.replacement_due = False
        self.draws += 1
        s.draws += 1
        s.concealed.append(key)
        self.last = ("draw", seat, key, replacement)

    def discard(self, seat: int, key: int, riichi: bool = False) -> None:
        self._begin()
        s = self.seat[seat]
        if key not in s.concealed:
            raise ReplayError(f"seat {seat} discards {T.name(key)}, which is not in hand")
        s.concealed.remove(key)
        s.discards += 1
        if not T.is_terminal_or_honour(key):
            s.yaochu_only = False
        self.ippatsu.discard(seat)
        if riichi:
            if s.riichi_turn:
                raise ReplayError(f"seat {seat} declares riichi twice")
            s.riichi_turn = s.discards
            s.riichi_double = s.discards == 1 and self.calls == 0
            self.pending_riichi = seat
            self.riichi_order.append(seat)
            self.ippatsu.add(seat)
        self.last = ("discard", seat, key, riichi)

    def riichi_paid(self, seat: int) -> None:
        """The declaring discard passed: the stick is on the table (mjlog's REACH step 2)."""
        if self.pending_riichi == seat:
            self.pending_riichi = None
        self.seat[seat].riichi_accepted = True

    def call(self, seat: int, kind: str, from_seat: int | None, keys: list, claimed: int | None,
             added: int | None = None) -> None:
        """A chow/pung/open kong of the last discard (`keys[claimed]` is the claimed tile), a
        concealed kong (`keys` the four tiles) or an added kong (`added` the tile added)."""
        self._begin()
        s = self.seat[seat]
        take = list(keys)
        if kind == "nuki":  # three players: a north set aside, a replacement tile follows
            if keys[0] not in s.concealed:
                raise ReplayError(f"seat {seat} sets aside a north it does not hold")
            s.concealed.remove(keys[0])
            s.replacement_due = True
            self.last = ("call", seat, kind, None)
            return
        if kind in ("chi", "pon", "minkan"):
            if self.last is None or self.last[0] != "discard" or self.last[1] != from_seat \
                    or self.last[2] != keys[claimed]:
                raise ReplayError(f"seat {seat} calls {T.name(keys[claimed])} that seat "
                                  f"{from_seat} did not just discard")
            self.seat[from_seat].discard_called = True
            del take[claimed]
        elif kind == "kakan":
            take = [added]
        for k in take:
            if k not in s.concealed:
                raise ReplayError(f"seat {seat} melds {T.name(k)}, which is not in hand")
            s.concealed.remove(k)
        if kind == "kakan":
            for m in s.melds:
                if m.kind == "pon" and T.kind(m.keys[0]) == T.kind(added):
                    m.kind, m.keys, m.source = "kakan", m.keys + [added], m.source + 4
                    break
            else:
                raise ReplayError(f"seat {seat} adds {T.name(added)} to a pung it does not have")
        else:
            rel = None if from_seat is None else (seat - from_seat) % self.n
            # our numbering: 1 left (previous), 2 opposite, 3 right (next); with three players
            # the seat before is left and the seat after is right
            source = None if rel is None else {1: 1, 2: 2 if self.n == 4 else 3, 3: 3}[rel]
            s.melds.append(Meld(kind, list(keys), claimed, source))
        self.calls += 1
        if kind in ("minkan", "ankan", "kakan"):
            self.kongs += 1
            s.kong_run += 1
            s.replacement_due = True
        self.ippatsu.clear()
        self.last = ("call", seat, kind, from_seat)

    def add_dora(self, key: int) -> None:
        self.dora.append(key)

    # results ------------------------------------------------------------------------------
    def win_flags(self, seat: int, from_seat: int) -> dict:
        """The situational facts of `seat` winning now, off `from_seat` (== seat: self-draw)."""
        s = self.seat[seat]
        last = self.last
        robbed = None
        ippatsu_set = self.ippatsu
        if seat == from_seat:
            if last is None or last[0] != "draw" or last[1] != seat:
                raise ReplayError(f"seat {seat} wins by self-draw without having just drawn")
            replacement = last[3]
            kong_draw = s.kong_run if replacement else 0
            last_tile = self.draws == self.live and not replacement
            first_turn = s.draws == 1 and s.discards == 0 and self.calls == 0
        else:
            kong_draw, first_turn = 0, False
            if last and last[0] == "call" and last[2] == "kakan" and last[1] == from_seat:
                robbed = from_seat
                ippatsu_set = self._ippatsu_before_last
            elif last and last[0] == "call" and last[2] == "ankan" and last[1] == from_seat:
                ippatsu_set = self._ippatsu_before_last  # thirteen orphans robbing a concealed kong
            elif not last or last[0] != "discard" or last[1] != from_seat:
                raise ReplayError(f"seat {seat} wins off seat {from_seat}, who did not just discard")
            last_tile = self.draws == self.live and robbed is None
        riichi = bool(s.riichi_turn) and (s.riichi_accepted or self.pending_riichi == seat)
        return {"riichi": riichi, "double_riichi": riichi and s.riichi_double,
                "ippatsu": riichi and seat in ippatsu_set, "kong_draw": kong_draw,
                "robbed": robbed, "last_tile": last_tile, "first_turn": first_turn}

    def win_tile(self, seat: int, from_seat: int) -> int:
        if seat == from_seat:
            return self.last[2]
        if self.last[0] == "call":  # a robbed kong: the added tile
            meld = self.seat[from_seat].melds
            for m in reversed(meld):
                if m.kind in ("kakan", "ankan"):
                    return m.keys[-1]
        return self.last[2]

    def hand_text(self, seat: int, win_key: int, self_draw: bool) -> str:
        """The winner's hand in our notation: melds, concealed tiles, the winning tile last."""
        s = self.seat[seat]
        concealed = list(s.concealed)
        if self_draw:
            concealed.remove(win_key)
        parts = [m.text() for m in s.melds]
        if concealed:
            parts.append(T.group(concealed))
        parts.append(T.name(win_key))
        return " ".join(parts)

    def concealed_keys(self, seat: int) -> list:
        return list(self.seat[seat].concealed)

    def riichi_list(self, ron_on_declaration: bool = False) -> list:
        """(seat, turn, double, accepted) per declaration in the order made. With
        `ron_on_declaration` the hand ended in a ron (or triple ron) on the still-pending
        declaring discard: that riichi stays unaccepted."""
        out = []
        for seat in self.riichi_order:
            s = self.seat[seat]
            accepted = s.riichi_accepted or (self.pending_riichi == seat and not ron_on_declaration)
            out.append((seat, s.riichi_turn, s.riichi_double, accepted))
        return out

    def nagashi_seats(self) -> tuple:
        """Seats whose every discard was a terminal or honour and none of which was claimed."""
        return tuple(i for i in range(self.n) if self.seat[i].discards and
                     self.seat[i].yaochu_only and not self.seat[i].discard_called)
