"""Where a table stands between hands, and how each event moves it on, as the ruleset's `session:`
block says (scorer/table/rules.py).

A state is plain data (stored as JSON with every event): `hand` (the number of the hand being
played, from 1), `round` (index of the prevailing wind in E S W N), `dealer` (index of the dealing
player in the table's player list, which is the first hand's seating E S W N), `streak` (the count the
scoring reads: `--streak`, Hangzhou's lao - 1), `stays` (the dealer's stays in a row, for
`max_stays`), `passes` (how often the deal has passed: every `players` passes the wind moves on) and
`over` (the session has ended)."""
from __future__ import annotations

from ..rulesets.keys import MAX_STREAK

SEATS = "ESWN"
WINDS = ("East", "South", "West", "North")
# `seats: green_book` (MCR): the players change chairs before each round, E and S swapping, W and N
# swapping, and so on, so that each sits beside each other player; the chairs (0 E, 1 S, 2 W, 3 N of
# the first hand) of the first hand's E S W N players in each round. Within a round the deal passes
# round the chairs, so in the round's hand k the player in chair c has seat wind SEATS[(c - k) % 4].
GREEN_BOOK = ((0, 1, 2, 3), (1, 0, 3, 2), (3, 2, 0, 1), (2, 3, 1, 0))


def initial() -> dict:
    return {"hand": 1, "round": 0, "dealer": 0, "streak": 0, "stays": 0, "passes": 0, "over": False}


def seating(state: dict, n: int, rules: dict) -> dict:
    """{seat letter: player index} for the hand being played."""
    return {seat_of(state, i, n, rules): i for i in range(n)}


def seat_of(state: dict, player: int, n: int, rules: dict) -> str:
    if rules["seats"] == "fixed":
        return SEATS[player]
    if rules["seats"] == "green_book":
        chair = GREEN_BOOK[min(state["round"], 3)][player]
        return SEATS[(chair - state["passes"]) % n]
    return SEATS[(player - state["dealer"]) % n]


def dealer_seat(state: dict, n: int, rules: dict) -> str:
    return seat_of(state, state["dealer"], n, rules)


def round_wind(state: dict) -> str:
    return SEATS[min(state["round"], 3)]


def advance(state: dict, n: int, rules: dict, kind: str, winners=(), payer=None, tenpai=()) -> dict:
    """The state after an event. `winners`, `payer` and `tenpai` are player indexes (payer: the
    discarder or the robbed player of a claimed win; tenpai: the players ready at a draw). A kong does
    not end the hand; every other event does."""
    s = dict(state)
    if kind == "kong" or kind == "false_win" and not rules.get("false_win_ends", True):
        return s
    s["hand"] += 1
    dealer = s["dealer"]
    by_winner = kind == "win" and rules["next_dealer"] == "winner"
    if by_winner:
        # Kawuxing: "winner of previous hand is the banker, or the loser when there are two winners"
        new = winners[0] if len(winners) == 1 or payer is None else payer
        stay = new == dealer and "win" in rules["stays"]
    elif kind == "win":
        stay = dealer in winners and "win" in rules["stays"]
    elif kind == "draw":
        stay = "draw" in rules["stays"] or ("draw_tenpai" in rules["stays"] and dealer in tenpai)
    else:
        stay = kind in rules["stays"]
    if stay and s["stays"] >= min(rules["max_stays"] or MAX_STREAK, MAX_STREAK):
        # the scorer refuses a streak past MAX_STREAK (a count that doubles money in Xiamen): the deal
        # passes after that many stays in a row, so a table never reaches a streak it cannot score
        stay = False
    if stay:
        s["stays"] += 1
        if kind in rules["streak"]:
            s["streak"] += 1
    else:
        if not by_winner or new == dealer:  # the deal passes on (or max_stays ran out)
            new = (dealer + 1) % n
        s["dealer"] = new
        # riichi's honba: a draw adds a counter whoever deals next; any other pass starts again at 0
        s["streak"] = s["streak"] + 1 if kind in rules.get("streak_carries", ()) else 0
        s["stays"] = 0
        if rules["wind"] == "cycle":
            s["passes"] += 1
            if s["passes"] % n == 0:
                s["round"] += 1
    if rules["seats"] == "green_book":  # the new round's chairs decide who deals
        s["dealer"] = next(i for i in range(n) if seat_of(s, i, n, rules) == "E")
    if rules["end"] == "rounds" and s["round"] >= rules["rounds"]:
        s["over"] = True
    elif rules["end"] == "hands" and rules["hands"] and s["hand"] > rules["hands"]:
        s["over"] = True
    return s


def finish(before: dict, after: dict, n: int, rules: dict, kind: str, winners, tenpai, points) -> None:
    """The end rules that read the points (`points`: each player's after the event, in player
    order), applied to `after` in place: `bust` (a player below zero ends the session);
    `sudden_death` (after the last round, while nobody has the result's return points, one more
    wind is played, and it ends as soon as somebody has them); `last_dealer_stops` (the last hand's
    dealer who keeps the deal in first place at or above the return points ends it). `after["ended"]`
    says why a session ended early or late."""
    target = (rules.get("result") or {}).get("return")
    if rules.get("bust") and min(points) < 0:
        after["over"], after["ended"] = True, "bust"
        return
    if rules["end"] != "rounds" or target is None:
        return
    last = rules["rounds"]
    if rules.get("sudden_death") and after["over"] and after["round"] == last:
        if max(points) < target:
            after["over"] = False
            after["ended"] = ""
        elif before["round"] == last:
            after["ended"] = "sudden death"
    if after["over"] or not rules.get("last_dealer_stops") or kind not in ("win", "draw"):
        return
    dealer = before["dealer"]
    all_last = before["round"] == last - 1 and rules["seats"] == "rotate" and dealer == n - 1
    stays = after["dealer"] == dealer and (dealer in winners if kind == "win" else dealer in tenpai)
    # the last dealer sits last in the first hand's order, so a tie ranks him below (Tenhou's order)
    if all_last and stays and points[dealer] >= target and all(points[dealer] > p for i, p in enumerate(points)
                                                                if i != dealer):
        after["over"], after["ended"] = True, "agari-yame"


def end_text(rules: dict) -> str:
    if rules["end"] == "rounds":
        return f"after the {WINDS[rules['rounds'] - 1]} round"
    if rules["end"] == "hands" and rules["hands"]:
        return f"after {rules['hands']} hands"
    return "when the players agree"
