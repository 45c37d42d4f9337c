"""Where a table stands between hands, and how each event moves it on, as the ruleset's `session:`
block says (scorer/table/rules.py).

A state is plain data (stored as JSON with every event): `hand` (the number of the hand being
played, from 1), `round` (index of the prevailing wind in E S W N), `dealer` (index of the dealing
player in the table's player list, which is the first hand's seating E S W N), `streak` (the count the
scoring reads: `--streak`, Hangzhou's lao - 1), `stays` (the dealer's stays in a row, for
`max_stays`), `passes` (how often the deal has passed: every `players` passes the wind moves on) and
`over` (the session has ended)."""
from __future__ import annotations

SEATS = "ESWN"
WINDS = ("East", "South", "West", "North")


def initial() -> dict:
    return {"hand": 1, "round": 0, "dealer": 0, "streak": 0, "stays": 0, "passes": 0, "over": False}


def seating(state: dict, n: int, rules: dict) -> dict:
    """{seat letter: player index} for the hand being played."""
    if rules["seats"] == "fixed":
        return {SEATS[i]: i for i in range(n)}
    return {SEATS[(i - state["dealer"]) % n]: i for i in range(n)}


def seat_of(state: dict, player: int, n: int, rules: dict) -> str:
    if rules["seats"] == "fixed":
        return SEATS[player]
    return SEATS[(player - state["dealer"]) % n]


def dealer_seat(state: dict, n: int, rules: dict) -> str:
    return seat_of(state, state["dealer"], n, rules)


def round_wind(state: dict) -> str:
    return SEATS[min(state["round"], 3)]


def advance(state: dict, n: int, rules: dict, kind: str, winners=(), payer=None) -> dict:
    """The state after an event. `winners` and `payer` are player indexes (payer: the discarder or
    the robbed player of a claimed win). A kong does not end the hand; every other event does."""
    s = dict(state)
    if kind == "kong":
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
    else:
        stay = kind in rules["stays"]
    if stay and rules["max_stays"] and s["stays"] >= rules["max_stays"]:
        stay = False
    if stay:
        s["stays"] += 1
        if kind in rules["streak"]:
            s["streak"] += 1
    else:
        if not by_winner or new == dealer:  # the deal passes on (or max_stays ran out)
            new = (dealer + 1) % n
        s["dealer"] = new
        s["streak"] = 0
        s["stays"] = 0
        if rules["wind"] == "cycle":
            s["passes"] += 1
            if s["passes"] % n == 0:
                s["round"] += 1
    if rules["end"] == "rounds" and s["round"] >= rules["rounds"]:
        s["over"] = True
    elif rules["end"] == "hands" and rules["hands"] and s["hand"] > rules["hands"]:
        s["over"] = True
    return s


def end_text(rules: dict) -> str:
    if rules["end"] == "rounds":
        return f"after the {WINDS[rules['rounds'] - 1]} round"
    if rules["end"] == "hands" and rules["hands"]:
        return f"after {rules['hands']} hands"
    return "when the players agree"
