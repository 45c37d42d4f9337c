"""The mjlog XML format: the game record Tenhou's server writes (`<mjloggm ver="2.3">`).

Where the format was learned (public descriptions, read, not copied): the "Log Format" and
"Meld Format" sections of the README of NegativeMjark/tenhou-log (also kept as log/format.txt in
dnovikoff/tenhou), dnovikoff/tenhou's tbase/meld_decode.go, and the logs themselves.

The tags, in the order they come:

- `GO type=` the rules as bit flags: 0x01 against humans (not bots), 0x02 *no* red fives, 0x04
  *no* open tanyao (kuitan), 0x08 east-south game (hanchan; else east only), 0x10 three players,
  0x20 / 0x80 the room (tokujou / joukyuu, both: phoenix), 0x40 fast. 169 = phoenix, hanchan,
  red fives, open tanyao.
- `UN n0..n3=` player names, URL-encoded UTF-8. (A later UN, or BYE, marks a reconnect or
  disconnect; they change no points.)
- `INIT seed="round,honba,sticks,dice1,dice2,dora indicator" ten="p0,p1,p2,p3" oya= hai0..3=`:
  a hand starts. `round` 0-3 is East 1-4, 4-7 South 1-4, 8-11 West; `ten` in 100s of points;
  `oya` the dealer's seat; `hai` the 13 dealt tiles (ids 0-135, see scorer.logs.tiles).
- `T`, `U`, `V`, `W` + tile id: seat 0, 1, 2, 3 draws; `D`, `E`, `F`, `G` + tile id: discards.
- `N who= m=`: a call, the meld packed in 16 bits (`decode_meld`).
- `REACH who= step=1`: riichi declared (the next discard is the declaring one); `step=2 ten=`:
  the declaring discard passed and the stick is paid (`ten` already 1,000 lower).
- `DORA hai=`: a new (kan) dora indicator.
- `AGARI ba="honba,sticks" hai= m= machi= ten="fu,points,limit" yaku="id,han,..." yakuman=
  doraHai= doraHaiUra= who= fromWho= paoWho= sc="p0,d0,p1,d1,.." owari=`: a win. `hai` the
  winner's concealed tiles including the winning tile `machi`; `m` their melds; `sc` each seat's
  points before (after any riichi stick paid this hand) and the change, in 100s (honba and
  sticks included); `paoWho` the seat liable (big three dragons, big four winds, four kongs).
  A double ron writes two AGARI tags in turn order from the discarder.
- `RYUUKYOKU type= ba= sc= hai0..3= owari=`: a draw. No type: exhaustive draw (the `haiN` shown
  are the tenpai hands); `nm` nagashi mangan; `yao9` nine terminals, `kaze4` four winds,
  `reach4` four riichi, `ron3` triple ron, `kan4` four kongs (abortive draws).
- `owari="p0,r0,p1,r1,..."` on the last result tag: final points in 100s and the result with uma.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from urllib.parse import unquote

from . import tiles as T
from .flags import Replay, ReplayError
from .model import (
    ABORT_KINDS,
    LIMITS,
    WINDS,
    YAKU,
    Draw,
    Final,
    Game,
    Hand,
    LogError,
    RecordedValue,
    Riichi,
    Rules,
    Win,
)

# every tile id's key, without and with red fives: draws and discards look theirs up
_KEYS = {red: tuple(T.from_136(i, red) for i in range(136)) for red in (False, True)}
_DRAW_TAGS = {c: i for i, c in enumerate("TUVW")}
_DISCARD_TAGS = {c: i for i, c in enumerate("DEFG")}


def rules_from_type(go_type: int) -> Rules:
    """The GO tag's bit flags as Rules.

    >>> rules_from_type(169)
    Rules(red_fives=True, open_tanyao=True, length='hanchan', three_player=False, raw='169')
    """
    return Rules(red_fives=not go_type & 0x02, open_tanyao=not go_type & 0x04,
                 length="hanchan" if go_type & 0x08 else "tonpuusen",
                 three_player=bool(go_type & 0x10), raw=str(go_type))


def decode_meld(m: int) -> dict:
    """An `N` tag's `m` as {'kind', 'tiles' (136 ids), 'claimed' (index of the claimed tile in
    'tiles', None for a concealed kong), 'rel' (who supplied it, counted from the caller: 1 the
    next seat, 2 opposite, 3 the previous seat, 0 a concealed kong), 'added' (an added kong's
    added tile)}. Bit layout, low bits first: `m & 3` the supplier; bit 2 set: a chow (bits 3-4,
    5-6, 7-8 the copy numbers of its three tiles, bits 10-15 = ((suit * 7) + lowest rank - 1) *
    3 + which tile was claimed); else bit 3: a pung, bit 4: an added kong (bits 5-6 the copy not
    in the pung, i.e. the added one; bits 9-15 = kind * 3 + claimed index among the three);
    else bit 5: a three-player north (nuki); else a kong (bits 8-15 = kind * 4 + the copy
    claimed; supplier 0 for a concealed kong).

    >>> decode_meld(49674)['kind'], decode_meld(49674)['rel']
    ('pon', 2)
    """
    rel = m & 3
    if m & 0x4:
        base, called = divmod(m >> 10, 3)
        suit, first = divmod(base, 7)
        k = suit * 9 + first
        copies = ((m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3)
        return {"kind": "chi", "tiles": [(k + i) * 4 + copies[i] for i in range(3)],
                "claimed": called, "rel": rel, "added": None}
    if m & 0x18:
        base, called = divmod(m >> 9, 3)
        unused = (m >> 5) & 3
        three = [base * 4 + c for c in range(4) if c != unused]
        if m & 0x8:
            return {"kind": "pon", "tiles": three, "claimed": called, "rel": rel, "added": None}
        return {"kind": "kakan", "tiles": three + [base * 4 + unused], "claimed": called,
                "rel": rel, "added": base * 4 + unused}
    if m & 0x20:
        return {"kind": "nuki", "tiles": [m >> 8], "claimed": None, "rel": 0, "added": None}
    base, called = divmod(m >> 8, 4)
    tiles = [base * 4 + c for c in range(4)]
    if rel == 0:
        return {"kind": "ankan", "tiles": tiles, "claimed": None, "rel": 0, "added": None}
    return {"kind": "minkan", "tiles": tiles, "claimed": called, "rel": rel, "added": None}


def _ints(text: str | None) -> list[int]:
    if not text:
        return []
    return [int(x) for x in text.split(",")]


def _floats(text: str) -> list[float]:
    return [float(x) for x in text.split(",")]


class _Reader:
    def __init__(self, root: ET.Element, file: str):
        self.root = root
        self.file = file
        self.rules = Rules(True, True, "hanchan", False, "")
        self.keys = _KEYS[True]  # tile id -> key under these rules (draw and discard tags)
        self.seats = 4
        self.players: list[str] = []
        self.hands: list[Hand] = []
        self.final: Final | None = None
        self.cur: dict | None = None  # the hand being read

    def fail(self, message: str):
        raise LogError(f"{self.file}: {message}")

    # a hand ---------------------------------------------------------------------------------
    def key(self, tile_id: int) -> int:
        return T.from_136(tile_id, self.rules.red_fives)

    def start_hand(self, el: ET.Element) -> None:
        if self.cur is not None:
            self.fail(f"hand {len(self.hands) + 1} has no result before the next INIT")
        seed = _ints(el.get("seed"))
        ten = _ints(el.get("ten"))
        dealer = int(el.get("oya"))
        if len(seed) != 6 or len(ten) != 4:
            self.fail(f"INIT {len(self.hands) + 1} has a malformed seed or ten")
        replay = Replay(self.seats, dealer, [self.key(seed[5])])
        for s in range(self.seats):
            replay.deal(s, [self.key(t) for t in _ints(el.get(f"hai{s}"))])
        self.cur = {"round": seed[0], "honba": seed[1], "sticks": seed[2], "dealer": dealer,
                    "start": tuple(p * 100 for p in ten[:self.seats]), "replay": replay,
                    "wins": [], "changes": [0] * self.seats, "ended": None}

    def result_changes(self, el: ET.Element) -> list[int]:
        sc = _ints(el.get("sc"))
        if len(sc) < 2 * self.seats:
            self.fail(f"a result in hand {len(self.hands) + 1} has no sc")
        return [sc[2 * i + 1] * 100 for i in range(self.seats)]

    def agari(self, el: ET.Element) -> None:
        cur = self.cur
        replay: Replay = cur["replay"]
        who, from_who = int(el.get("who")), int(el.get("fromWho"))
        honba, sticks = _ints(el.get("ba"))
        changes = self.result_changes(el)
        win_key = self.key(int(el.get("machi")))
        try:
            flags = replay.win_flags(who, from_who)
            logged_win = replay.win_tile(who, from_who)
        except ReplayError as e:
            self.fail(f"hand {len(self.hands) + 1}: {e}")
        if logged_win != win_key:
            self.fail(f"hand {len(self.hands) + 1}: the winning tile {T.name(win_key)} is not the "
                      f"tile just played ({T.name(logged_win)})")
        # the log's own view of the winner's hand must be what the replay holds
        hai = sorted(self.key(t) for t in _ints(el.get("hai")))
        held = replay.concealed_keys(who) + ([] if who == from_who else [win_key])
        if sorted(held) != hai:
            self.fail(f"hand {len(self.hands) + 1}: the winner's concealed tiles in the log "
                      f"differ from the replayed ones")
        fu, points, limit = (_ints(el.get("ten")) + [0, 0, 0])[:3]
        pairs = _ints(el.get("yaku"))
        yaku = tuple((YAKU[pairs[i]][0], pairs[i + 1]) for i in range(0, len(pairs), 2))
        yakuman = tuple(YAKU[i][0] for i in _ints(el.get("yakuman")))
        pao = el.get("paoWho")
        ura = tuple(T.name(self.key(t)) for t in _ints(el.get("doraHaiUra")))
        round_wind = WINDS[cur["round"] // 4]
        cur["wins"].append(Win(
            seat=who, from_seat=from_who, self_draw=who == from_who,
            hand=replay.hand_text(who, win_key, who == from_who), win_tile=T.name(win_key),
            dora_indicators=tuple(T.name(self.key(t)) for t in _ints(el.get("doraHai"))),
            ura_indicators=ura, seat_wind=WINDS[(who - cur["dealer"]) % 4], round_wind=round_wind,
            honba=honba, sticks=sticks, pao_seat=int(pao) if pao is not None else None,
            recorded=RecordedValue(han=sum(h for _, h in yaku), fu=fu, yaku=yaku, yakuman=yakuman,
                                   limit=LIMITS.get(limit), points=points,
                                   changes=tuple(changes)),
            **flags))
        cur["changes"] = [a + b for a, b in zip(cur["changes"], changes)]
        cur["ended"] = "win"

    def ryuukyoku(self, el: ET.Element) -> None:
        cur = self.cur
        kind = el.get("type")
        cur["changes"] = self.result_changes(el)
        replay: Replay = cur["replay"]
        if kind in ABORT_KINDS:
            cur["ended"] = ("abort", ABORT_KINDS[kind])
            return
        if kind not in (None, "nm"):
            self.fail(f"hand {len(self.hands) + 1}: unknown draw type {kind!r}")
        tenpai = tuple(el.get(f"hai{s}") is not None for s in range(self.seats))
        cur["ended"] = ("nagashi" if kind == "nm" else "draw",
                        Draw(tenpai=tenpai, nagashi=replay.nagashi_seats() if kind == "nm" else ()))

    def finish_hand(self) -> None:
        cur, self.cur = self.cur, None
        replay: Replay = cur["replay"]
        ended = cur["ended"]
        ron_on_declaration = (ended == "win" and not cur["wins"][0].self_draw) or \
            ended == ("abort", "triple_ron")
        riichi = tuple(Riichi(*r) for r in replay.riichi_list(ron_on_declaration))
        kind, draw, abort = "win", None, None
        if ended != "win":
            kind = ended[0]
            if kind == "abort":
                abort = ended[1]
            else:
                draw = ended[1]
        self.hands.append(Hand(
            round_wind=WINDS[cur["round"] // 4], round_number=cur["round"] % 4 + 1,
            dealer=cur["dealer"], honba=cur["honba"], sticks_before=cur["sticks"],
            start_points=cur["start"], dora_indicators=tuple(T.name(k) for k in replay.dora),
            riichi=riichi, kind=kind, wins=tuple(cur["wins"]), draw=draw,
            recorded_changes=tuple(cur["changes"]), abort_kind=abort,
            kongs=replay.kongs, calls=replay.calls))

    # the game -------------------------------------------------------------------------------
    def read(self) -> Game:
        if self.root.tag != "mjloggm":
            self.fail(f"the root element is <{self.root.tag}>, not <mjloggm>")
        problem = None
        for el in self.root:
            tag = el.tag
            try:
                self.element(el, tag)
            except ReplayError as e:
                self.fail(f"hand {len(self.hands) + 1}: {e}")
            except (TypeError, ValueError, KeyError, IndexError) as e:
                if isinstance(e, LogError):
                    raise
                self.fail(f"hand {len(self.hands) + 1}: malformed <{tag}> ({e})")
        if self.cur is not None:
            if self.cur["ended"] is not None:
                self.finish_hand()
            else:
                problem = f"the log stops inside hand {len(self.hands) + 1}"
                self.cur = None
        if problem is None and self.final is None:
            problem = "the log has no final result (owari)"
        return Game(file=self.file, players=tuple(self.players), seats=self.seats,
                    rules=self.rules, hands=tuple(self.hands), final=self.final,
                    complete=problem is None, problem=problem)

    def element(self, el: ET.Element, tag: str) -> None:
        rest = tag[1:]
        if rest.isdigit():  # T12, D34 ...: draws and discards are nine tags in ten, tried first
            head = tag[0]
            if head in _DRAW_TAGS:  # (a tile id past 135 is an IndexError: a malformed tag)
                self.cur["replay"].draw(_DRAW_TAGS[head], self.keys[int(rest)])
                return
            if head in _DISCARD_TAGS:
                seat = _DISCARD_TAGS[head]
                riichi = self.cur.pop("riichi_next", None) == seat
                self.cur["replay"].discard(seat, self.keys[int(rest)], riichi)
                return
        if tag == "GO":
            self.rules = rules_from_type(int(el.get("type", "0")))
            self.keys = _KEYS[self.rules.red_fives]
            self.seats = 3 if self.rules.three_player else 4
        elif tag == "UN":
            if el.get("n0") is not None and not self.players:
                names = [unquote(el.get(f"n{i}", "")) for i in range(4)]
                self.players = names[:self.seats]
        elif tag == "INIT":
            if self.cur is not None and self.cur["ended"] is not None:
                self.finish_hand()
            self.start_hand(el)
        elif tag in ("AGARI", "RYUUKYOKU"):
            if self.cur is None:
                self.fail(f"a <{tag}> outside any hand")
            if tag == "AGARI":
                self.agari(el)
            else:
                self.ryuukyoku(el)
            owari = el.get("owari")
            if owari:
                values = _floats(owari)
                self.final = Final(points=tuple(int(values[2 * i]) * 100 for i in range(self.seats)),
                                   result=tuple(values[2 * i + 1] for i in range(self.seats)))
        elif tag == "N":
            self.naki(int(el.get("who")), int(el.get("m")))
        elif tag == "REACH":
            if el.get("step") == "2":
                self.cur["replay"].riichi_paid(int(el.get("who")))
            else:
                self.cur["riichi_next"] = int(el.get("who"))
        elif tag == "DORA":
            self.cur["replay"].add_dora(self.key(int(el.get("hai"))))
        # SHUFFLE, TAIKYOKU, BYE, and anything newer carry nothing this reader needs

    def naki(self, who: int, m: int) -> None:
        meld = decode_meld(m)
        replay: Replay = self.cur["replay"]
        keys = [self.key(t) for t in meld["tiles"]]
        # the supplier is counted round four seats even with three players (checked on the
        # sanma game in tests/data/tenhou-3p, where the 4th seat is empty)
        from_seat = (who + meld["rel"]) % 4 if meld["rel"] else None
        if meld["kind"] == "kakan":
            replay.call(who, "kakan", None, keys, None, added=self.key(meld["added"]))
        else:
            replay.call(who, meld["kind"], from_seat, keys, meld["claimed"])


def parse(data: bytes, file: str) -> Game:
    """Read one mjlog document (already decompressed). Refuses a DOCTYPE (no entity expansion)."""
    head = data[:4096].lower()
    if b"<!doctype" in head or b"<!entity" in data.lower():
        raise LogError(f"{file}: an XML document type or entity declaration; not an mjlog")
    try:
        root = ET.fromstring(data)
    except ET.ParseError as e:
        raise LogError(f"{file}: not well-formed XML ({e})") from None
    return _Reader(root, file).read()
