"""A Tenhou game as the live table's events: the same entries a desk types with `mjscore table`,
built from the log (scorer.logs) instead of from a person.

What the table is told, and where each fact comes from:
- the ruleset: riichi, with the options the log's header states (red fives, open tanyao, east
  only or east-south) and the ones Tenhou always plays (riichi.wiki, "Tenhou.net rules"): no
  kiriage mangan, 13 han or more a (counted) yakuman, no double yakuman for a special wait (each
  yakuman counts once, several yakuman add up), renhou not a yaku, pao on the whole hand; the session preset `tenhou`
  (25,000 start, 30,000 return, oka to first, uma 10-20, bust, sudden death, last dealer stops);
- a win: each winner's hand in our notation, the winning tile, how it was won (self-draw, whose
  discard, whose robbed kong), and the situational facts the reader derived from the event stream
  (riichi, double riichi, ippatsu, kong draw, last tile, first turn, dora and ura indicators);
  the liable player (pao) where the log names one;
- a draw: who was tenpai (the hands the mjlog shows; tenhou.net/6 JSON shows no hands, so its
  tenpai players are the ones its payments paid, see scorer.logs.tenhou6), and nagashi mangan;
- an abortive draw: its kind;
- every hand: the players whose riichi stick went on the table (`riichi_by`).

The honba, the riichi sticks on the table, who deals and the prevailing wind are NOT taken from the
log: the table works them out itself from the events before, and the audit compares its state
with the log's at the start of every hand (replay.py)."""
from __future__ import annotations

from dataclasses import dataclass

from ..logs.model import Game, Hand, Win

VARIANT = "riichi"
# riichi.wiki, "Tenhou.net rules": kiriage nashi, kazoe yakuman ari, double yakuman nashi (each
# yakuman counts once; several yakuman add up), renhou nashi; pao: "tsumo win, the responsible
# player pays all" of a hand of several yakuman too (tests/data/tenhou's 2019103023gm-00a9-0000-
# f90e0fe9, East 4, 3 honba: big three dragons and all honours, 64,900 from the liable player).
TENHOU_RULES = {"kiriage": False, "kazoe": "yakuman", "double_yakuman": False, "renhou": "off",
                "pao_composite": "hand"}


@dataclass(frozen=True)
class Setup:
    """The table a game is replayed on: `players` (unique names in the log's seat order, seat 0
    the first dealer), the ruleset and its options."""

    variant: str
    rules: dict
    players: tuple[str, ...]


def table_names(names) -> tuple[str, ...]:
    """The log's player names made usable at a table: distinct (a repeat gets ` (2)`), never empty
    and never a seat letter (the table moves players between seats, so E S W N name seats)."""
    out: list[str] = []
    for i, name in enumerate(names):
        name = (name or "").strip() or f"player {i + 1}"
        if name.upper() in ("E", "S", "W", "N"):
            name = f"{name} ({i + 1})"
        base, k = name, 2
        while name.lower() in (o.lower() for o in out):
            name, k = f"{base} ({k})", k + 1
        out.append(name)
    return tuple(out)


def setup_of(game: Game, overrides: dict | None = None) -> Setup:
    """The table for `game`; `overrides` (`mjscore audit --rule KEY=VALUE`) are the rules a log
    does not state that a user knows differ (an older room's uma, say)."""
    from ..rulesets.variant import load_variant

    rules = {"red_fives": game.rules.red_fives, "open_tanyao": game.rules.open_tanyao,
             "session_rounds": 1 if game.rules.length == "tonpuusen" else 2, **TENHOU_RULES,
             "table_style": "online", "result_rounding": _rounding(game), **(overrides or {})}
    # only what differs from the ruleset's defaults: a table file and `table show` list the rules
    # a table sets, and a default named again is noise there
    options = load_variant(VARIANT).options
    rules = {k: v for k, v in rules.items() if k not in options or options[k].default != v}
    return Setup(VARIANT, rules, table_names(game.players))


def _rounding(game: Game) -> str:
    """How the log's result is rounded. Tenhou printed whole thousands (each player but the first
    rounded to the nearest thousand, the first the balance) in its older logs and tenths in its
    newer ones; the log shows which: a result with tenths is exact. (A log of whole thousands
    where exact results would have had tenths is the rounded kind; one whose results are whole
    either way gives the same figures under both.)"""
    if game.final is not None and any(r != int(r) for r in game.final.result):
        return "exact"
    return "tenhou"


PER_WINNER = ("win", "riichi", "double_riichi", "ippatsu", "kong_draw", "last_tile", "first_turn",
              "dora", "ura", "liable")


def _win_flags(w: Win, names) -> dict:
    """One winner's facts, every key of PER_WINNER present (None or False where they do not
    apply: another winner on the same discard has his own riichi, ippatsu and ura indicators,
    and must not inherit the first winner's)."""
    return {"win": w.win_tile, "riichi": w.riichi and not w.double_riichi,
            "double_riichi": w.double_riichi,  # riichi's other form, not a second yaku
            "ippatsu": w.ippatsu, "kong_draw": w.kong_draw, "last_tile": w.last_tile,
            "first_turn": w.first_turn, "dora": " ".join(w.dora_indicators) or None,
            "ura": " ".join(w.ura_indicators) or None,
            "liable": names[w.pao_seat] if w.pao_seat is not None else None}


def _win_entry(hand: Hand, names) -> dict:
    """A win: every winner's hand (`hands`), the first winner's facts as the entry's flags and the
    others' as `also_flags`, how it was won, and the riichi declarers who did not win (a
    winner's own riichi flag already pays his stick)."""
    first = hand.wins[0]
    entry: dict = {"hands": [[names[w.seat], w.hand] for w in hand.wins]}
    entry.update((k, v) for k, v in _win_flags(first, names).items() if v not in (None, False, 0))
    if len(hand.wins) > 1:
        entry["also_flags"] = {names[w.seat]: _win_flags(w, names) for w in hand.wins[1:]}
    if first.self_draw:
        entry["self_draw"] = True
    elif first.robbed is not None:
        entry["robbed"] = names[first.robbed]
    else:
        entry["discarder"] = names[first.from_seat]
    counted = {w.seat for w in hand.wins if w.riichi or w.double_riichi}  # their flags pay the stick
    riichi_by = [names[s] for s, n in enumerate(hand.deposits) if n and s not in counted]
    if riichi_by:
        entry["riichi_by"] = riichi_by
    return entry


def hand_event(hand: Hand, names, next_hand: Hand | None = None) -> tuple[str, dict]:
    """(kind, entry) of one hand: kind win | draw | abort (nagashi mangan is a draw that says so)."""
    if hand.kind == "win":
        return "win", _win_entry(hand, names)
    riichi_by = [names[s] for s, n in enumerate(hand.deposits) if n]
    if hand.kind in ("draw", "nagashi"):
        tenpai = list(hand.draw.tenpai)
        if hand.kind == "nagashi" and not any(tenpai) and next_hand is not None:
            # tenhou.net/6 shows no hands at a nagashi mangan draw; the dealer's tenpai (all that
            # decides anything then: the deal stays) is read off who deals the next hand
            tenpai[hand.dealer] = next_hand.dealer == hand.dealer
        entry = {"tenpai": [names[s] for s, t in enumerate(tenpai) if t]}
        if hand.draw.nagashi:
            entry["nagashi"] = [names[s] for s in hand.draw.nagashi]
        kind = "draw"
    else:
        entry = {"abort": hand.abort_kind}
        kind = "abort"
    if riichi_by:
        entry["riichi_by"] = riichi_by
    return kind, entry


def log_state(hand: Hand, number: int) -> dict:
    """The table's state (scorer/table/state.py) at the start of `hand`, the `number`-th (from 1),
    as the log has it: where the audit picks the game up again after a hand the table refused."""
    wind = "ESWN".index(hand.round_wind)
    return {"hand": number, "round": wind, "dealer": hand.dealer, "streak": hand.honba, "stays": 0,
            "passes": 4 * wind + hand.round_number - 1, "over": False, "pot": hand.sticks_before}


def events_of(game: Game, setup: Setup | None = None) -> list[tuple[str, dict]]:
    """Every hand of `game` as a (kind, entry) table event, in order."""
    names = (setup or setup_of(game)).players
    hands = game.hands
    return [hand_event(h, names, hands[i + 1] if i + 1 < len(hands) else None)
            for i, h in enumerate(hands)]
