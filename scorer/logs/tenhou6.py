"""The tenhou.net/6 JSON format: what Tenhou's log viewer loads (and tenhou.net/5/mjlog2json.cgi
serves), and what other tools export to show a game in that viewer.

Where the format was learned (public material, read, not copied): the logs themselves (the pairs
of mjlog XML and JSON of the same games in tsubakisakura/mjlog2json's data/), and the call-string
layout described in the comments of Equim-chan/mjai-reviewer's convlog (conv.rs).

A game is an object (or a list of them): `name` the players, `rule` {"disp": e.g. "鳳南喰赤"
(南 east-south game, 東 east only; 喰 open tanyao; 赤 red fives; a leading 三 three players),
"aka" or "aka51"/"aka52"/"aka53": red fives}, `sc` the final [points, result, points,
result, ...] (points in points), `log` one array per hand:

    [[round, honba, sticks], [start points per seat], [dora indicators], [ura indicators],
     seat 0: dealt 13 tiles, draws, discards,  seat 1: ..., seat 2: ..., seat 3: ...,
     result]

`round` 0-3 is East 1-4, 4-7 South 1-4 (the dealer is `round % 4`). Tiles: 11-19 man, 21-29 pin,
31-39 sou, 41-47 E S W N white green red, 51-53 red 5m 5p 5s. A draw list holds drawn tiles and
calls of a discard; a discard list holds discarded tiles (60: the tile just drawn), riichi
discards and concealed and added kongs:

- "c" chow: `c` then the claimed tile then the two from hand: "c181719" (always from the left).
- "p" pung, "m" open kong: the letter stands before the claimed tile, and its place says who
  supplied it: first = the left player, after one tile = opposite, after two (pung) or three
  (kong) tiles = the right player: "p474747", "47p4747", "4747p47"; "m39393939".
- "a" concealed kong, always after three tiles: "222222a22". "k" added kong: the pung's letter
  place with `k` and the added tile there: "k46464646" (pung from the left, 46 added).
- "r" + tile: the riichi discard ("r60": the drawn tile). An open kong's discard slot holds 0.

The result: ["和了", deltas, [winner, from, liable, "30符1飜1000点", "立直(1飜)", ...],
(deltas, info of a second winner...)], ["流局", deltas], ["全員聴牌"], ["全員不聴"],
["流し満貫", deltas], or an abortive draw: ["九種九牌"], ["四風連打"], ["四家立直"],
["三家和了"], ["四槓散了"]. `liable` equals `winner` unless someone pays as liable (pao). The
points text: "X点" a ron, "X-Y点" a non-dealer's self-draw (X from each non-dealer, Y from the
dealer), "X点∀" a dealer's self-draw (X from each); limit hands write the limit's name
("満貫", "跳満", ...) instead of fu and han. Deltas are in points and, as in the mjlog, do not
include the riichi sticks the declarers paid this hand.

The draw order is not written, so it is replayed: the dealer draws first; after a discard the
next to act is the player whose next draw-list entry calls that tile from that player (a pung or
kong before a chow), else the next seat. (When the same player discards the same tile twice in
a row and it is called once, the log cannot say which; such a log may fail to read.)
"""
from __future__ import annotations

import json
import re
from dataclasses import replace

from . import tiles as T
from .flags import Replay, ReplayError
from .model import (
    LIMITS_BY_JAPANESE,
    WINDS,
    YAKU_BY_JAPANESE,
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

ABORTS = {"九種九牌": "nine_terminals", "四風連打": "four_winds", "四家立直": "four_riichi",
          "三家和了": "triple_ron", "四槓散了": "four_kongs"}
_POINTS = re.compile(r"^(?:(\d+)符(\d+)飜|(\D+?))(\d+)(?:-(\d+))?点(∀)?$")
_YAKU = re.compile(r"^(.+)\((\d+)飜\)$|^(.+)\(役満\)$")


def rules_from(rule: dict, seats_hint: int) -> Rules:
    """The `rule` object as Rules.

    >>> rules_from({"disp": "鳳南喰赤", "aka": 1}, 4).length
    'hanchan'
    """
    disp = str(rule.get("disp", ""))
    red = any(rule.get(k) for k in ("aka", "aka51", "aka52", "aka53"))
    three = disp.startswith("三") or seats_hint == 3
    return Rules(red_fives=bool(red) or "赤" in disp, open_tanyao="喰" in disp or not disp,
                 length="tonpuusen" if "東" in disp else "hanchan", three_player=three,
                 raw=json.dumps(rule, ensure_ascii=False, sort_keys=True))


def _call_parts(text: str) -> tuple[str, int, list[int]]:
    """A call string as (letter, letter position in 2-char units, tile codes in order)."""
    for i, ch in enumerate(text):
        if ch.isalpha():
            codes = text[:i] + text[i + 1:]
            if len(codes) % 2 or not codes.isdigit():
                break
            return ch, i // 2, [int(codes[j:j + 2]) for j in range(0, len(codes), 2)]
    raise ValueError(f"call {text!r} is not of tenhou.net/6's form")


def _supplier(actor: int, letter: str, place: int, seats: int) -> int:
    """Who supplied a pung/kong: the letter's place 0 the left player, 1 opposite, last the right."""
    last = 3 if letter == "m" else 2
    if place == 0:
        return (actor - 1) % seats
    if place == last or seats == 3:
        return (actor + 1) % seats
    return (actor + 2) % seats


class _Hand:
    """Replays one hand array."""

    def __init__(self, arr: list, seats: int, where: str):
        self.arr = arr
        self.seats = seats
        self.where = where
        meta = arr[0]
        self.round, self.honba, self.sticks = int(meta[0]), int(meta[1]), int(meta[2])
        self.dealer = self.round % 4 if seats == 4 else self.round % 3
        self.replay = Replay(seats, self.dealer, [T.from_tenhou6(c) for c in arr[2][:1]])
        self.takes = [list(arr[5 + 3 * s]) for s in range(seats)]
        self.discards = [list(arr[6 + 3 * s]) for s in range(seats)]
        for s in range(seats):
            self.replay.deal(s, [T.from_tenhou6(c) for c in arr[4 + 3 * s]])

    def run(self) -> None:
        r = self.replay
        ti, di = [0] * self.seats, [0] * self.seats
        actor = self.dealer
        while True:
            if ti[actor] >= len(self.takes[actor]):
                break
            take = self.takes[actor][ti[actor]]
            ti[actor] += 1
            drawn = None
            if isinstance(take, str):
                letter, place, codes = _call_parts(take)
                keys = [T.from_tenhou6(c) for c in codes]
                if letter == "c":
                    r.call(actor, "chi", (actor - 1) % self.seats, keys, 0)
                elif letter in "pm":
                    r.call(actor, "pon" if letter == "p" else "minkan",
                           _supplier(actor, letter, place, self.seats), keys, place)
                else:
                    raise ValueError(f"{take!r} in a draw list")
                if letter == "m":  # the kong's discard slot holds 0; the replacement tile follows
                    di[actor] += 1
                    continue
            else:
                drawn = T.from_tenhou6(take)
                r.draw(actor, drawn)
            if di[actor] >= len(self.discards[actor]):
                break  # a self-draw win, or nine terminals
            d = self.discards[actor][di[actor]]
            di[actor] += 1
            riichi = False
            if isinstance(d, str):
                letter, place, codes = _call_parts(d)
                if letter == "r":
                    riichi, d = True, codes[0]
                elif letter == "a":
                    r.call(actor, "ankan", None, [T.from_tenhou6(c) for c in codes], None)
                    continue
                elif letter == "k":
                    added = T.from_tenhou6(codes[place])
                    r.call(actor, "kakan", None, [T.from_tenhou6(c) for c in codes], None,
                           added=added)
                    continue
                else:
                    raise ValueError(f"{d!r} in a discard list")
            if d == 60:
                if drawn is None:
                    raise ReplayError(f"seat {actor} discards the drawn tile after a call")
                key = drawn
            else:
                key = T.from_tenhou6(d)
            r.discard(actor, key, riichi)
            actor = self.next_actor(actor, key, ti)

    def next_actor(self, actor: int, key: int, ti: list) -> int:
        best, best_rank = (actor + 1) % self.seats, -1
        for s in range(self.seats):
            if s == actor or ti[s] >= len(self.takes[s]):
                continue
            take = self.takes[s][ti[s]]
            if not isinstance(take, str):
                continue
            letter, place, codes = _call_parts(take)
            if letter == "c":
                supplier, claimed = (s - 1) % self.seats, codes[0]
            else:
                supplier, claimed = _supplier(s, letter, place, self.seats), codes[place]
            if supplier == actor and T.from_tenhou6(claimed) == key:
                rank = 0 if letter == "c" else 1
                if rank > best_rank:
                    best, best_rank = s, rank
        return best


def _recorded(info: list, deltas: list) -> RecordedValue:
    m = _POINTS.match(str(info[3]))
    if not m:
        raise ValueError(f"points {info[3]!r} are not of the known forms")
    fu = int(m.group(1)) if m.group(1) else None
    limit = LIMITS_BY_JAPANESE.get(m.group(3)) if m.group(3) else None
    if m.group(3) and limit is None:
        raise ValueError(f"limit {m.group(3)!r} unknown")
    x, y = int(m.group(4)), m.group(5)
    points = 3 * x if m.group(6) else (2 * x + int(y) if y else x)
    yaku, yakuman = [], []
    for text in info[4:]:
        ym = _YAKU.match(str(text))
        if not ym:
            raise ValueError(f"yaku {text!r} is not of the form NAME(N飜)")
        if ym.group(3):
            yakuman.append(YAKU_BY_JAPANESE.get(ym.group(3), ym.group(3)))
        else:
            name = ym.group(1)
            yaku.append((YAKU_BY_JAPANESE.get(name, name), int(ym.group(2))))
    # a multiple-limit points text such as "役満" for a kazoe: the han listed are the count
    if yakuman:
        limit = "yakuman"
    return RecordedValue(han=sum(h for _, h in yaku), fu=fu, yaku=tuple(yaku),
                         yakuman=tuple(yakuman), limit=limit, points=points,
                         changes=tuple(int(d) for d in deltas))


def _hand(arr: list, seats: int, where: str) -> Hand:
    h = _Hand(arr, seats, where)
    h.run()
    r = h.replay
    for c in arr[2][1:]:
        r.add_dora(T.from_tenhou6(c))
    result = arr[4 + 3 * 4] if len(arr) > 16 else arr[-1]
    status = result[0]
    wins, draw, abort, kind = [], None, None, "win"
    changes = [0] * seats
    ron_on_declaration = False
    if status == "和了":
        if len(result) < 3 or len(result) % 2 == 0:
            raise ValueError("a win result without its deltas and details")
        for i in range(1, len(result), 2):
            deltas, info = result[i][:seats], result[i + 1]
            who, frm, liable = int(info[0]), int(info[1]), int(info[2])
            flags = r.win_flags(who, frm)
            win_key = r.win_tile(who, frm)
            self_draw = who == frm
            if not self_draw:
                ron_on_declaration = True
            recorded = _recorded(info, deltas)
            wins.append(Win(
                seat=who, from_seat=frm, self_draw=self_draw,
                hand=r.hand_text(who, win_key, self_draw), win_tile=T.name(win_key),
                dora_indicators=tuple(T.name(T.from_tenhou6(c)) for c in arr[2]),
                ura_indicators=tuple(T.name(T.from_tenhou6(c)) for c in arr[3])
                if flags["riichi"] else (),
                seat_wind=WINDS[(who - h.dealer) % seats], round_wind=WINDS[h.round // 4],
                honba=h.honba, sticks=0,
                pao_seat=liable if liable != who else None, recorded=recorded, **flags))
            changes = [a + int(b) for a, b in zip(changes, deltas)]
    elif status in ABORTS:
        kind, abort = "abort", ABORTS[status]
        ron_on_declaration = abort == "triple_ron"
        if len(result) > 1:
            changes = [int(d) for d in result[1][:seats]]
    elif status in ("流局", "全員聴牌", "全員不聴", "流し満貫"):
        if len(result) > 1:
            changes = [int(d) for d in result[1][:seats]]
        if status == "流し満貫":
            kind = "nagashi"
            draw = Draw(tenpai=(False,) * seats, nagashi=r.nagashi_seats())
        else:
            kind = "draw"
            tenpai = tuple(status == "全員聴牌" or c > 0 for c in changes)
            draw = Draw(tenpai=tenpai, nagashi=())
    else:
        raise ValueError(f"unknown result {status!r}")
    # ron flags must be read before the riichi list decides acceptance
    riichi = tuple(Riichi(*x) for x in r.riichi_list(ron_on_declaration))
    if wins:
        first = wins[0]
        sticks = h.sticks + sum(1 for x in riichi if x.accepted)
        wins[0] = replace(first, sticks=sticks)
    return Hand(round_wind=WINDS[h.round // 4], round_number=h.round % 4 + 1, dealer=h.dealer,
                honba=h.honba, sticks_before=h.sticks,
                start_points=tuple(int(p) for p in arr[1][:seats]),
                dora_indicators=tuple(T.name(k) for k in r.dora), riichi=riichi, kind=kind,
                wins=tuple(wins), draw=draw, recorded_changes=tuple(changes), abort_kind=abort,
                kongs=r.kongs, calls=r.calls)


def _seats(obj: dict) -> int:
    """3 when the fourth seat is empty (no dealt tiles in the first hand), else 4."""
    log = obj.get("log") or []
    if log and isinstance(log[0], list) and len(log[0]) > 13 and not log[0][13]:
        return 3
    return 4


def game_from(obj: dict, file: str) -> Game:
    """One game object as a Game."""
    if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
        raise LogError(f"{file}: not a tenhou.net/6 game (no 'log' list)")
    seats = _seats(obj)
    rules = rules_from(obj.get("rule") or {}, seats)
    hands = []
    for i, arr in enumerate(obj["log"]):
        where = f"hand {i + 1}"
        try:
            hands.append(_hand(arr, seats, where))
        except ReplayError as e:
            raise LogError(f"{file}: {where}: {e}") from None
        except (TypeError, ValueError, KeyError, IndexError) as e:
            raise LogError(f"{file}: {where}: malformed ({e})") from None
    final, problem = None, None
    sc = obj.get("sc")
    if isinstance(sc, list) and len(sc) >= 2 * seats:
        final = Final(points=tuple(round(float(sc[2 * i])) for i in range(seats)),
                      result=tuple(float(sc[2 * i + 1]) for i in range(seats)))
    else:
        problem = "the log has no final result (sc)"
    if not hands:
        problem = "the log has no hands"
    names = [str(n) for n in (obj.get("name") or [])][:seats]
    return Game(file=file, players=tuple(names), seats=seats, rules=rules, hands=tuple(hands),
                final=final, complete=problem is None, problem=problem)


def parse(data: bytes, file: str) -> list[Game]:
    """Read a tenhou.net/6 JSON document: one game object, or a list of them."""
    try:
        obj = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise LogError(f"{file}: not JSON ({e})") from None
    items = obj if isinstance(obj, list) else [obj]
    if not items:
        raise LogError(f"{file}: an empty list, no games")
    return [game_from(o, f"{file}#{i + 1}" if len(items) > 1 else file)
            for i, o in enumerate(items)]
