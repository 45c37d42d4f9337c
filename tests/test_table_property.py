"""The live table under random sequences of valid and invalid commands (wins, draws, kongs, false
wins, undo, replace): after each one the standings sum to the start, every event is whole, a refused
command changes nothing, and replaying the event log from scratch gives the standings the table keeps
(scorer/table/store.py keeps the ledger after each event instead of replaying it)."""
import math
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as S

from scorer.errors import MjError
from scorer.table.book import Table, new_table

HK3 = "[CCC,2] [234s,1] 678m 99p 55s 5s"
START = 100

player = S.integers(0, 3)
OPS = S.one_of(
    S.tuples(S.just("win"), player, S.one_of(S.none(), player), S.sampled_from([HK3, HK3, "123m 4p"])),
    S.tuples(S.just("draw")),
    S.tuples(S.just("kong"), player, S.sampled_from(["direct", "added", "concealed", "odd"]),
             S.one_of(S.none(), player), S.integers(0, 6)),
    S.tuples(S.just("false_win"), player, S.sampled_from([3, 1, 2.5, -1, math.nan, 1e9])),
    S.tuples(S.just("undo")),
    S.tuples(S.just("replace"), S.integers(1, 12)),
)


def _apply(t, op):
    names = t.players
    n = len(names)
    kind = op[0]
    if kind == "win":
        entry = {"hands": [[names[op[1] % n], op[3]]]}
        if op[2] is None:
            entry["self_draw"] = True
        else:
            entry["discarder"] = names[op[2] % n]
        return t.add("win", entry)
    if kind == "draw":
        return t.add("draw", {})
    if kind == "kong":
        entry = {"seat": names[op[1] % n], "kong": op[2], "chain": op[4]}
        if op[3] is not None:
            entry["discarder"] = names[op[3] % n]
        return t.add("kong", entry)
    if kind == "false_win":
        return t.add("false_win", {"seat": names[op[1] % n], "total": op[2], "self_draw": True})
    if kind == "undo":
        return t.undo()
    return t.add("draw", {}, replace=op[1])


def _check(t):
    standings = t.standings()
    assert math.isclose(sum(standings.values()) + t.pot, START * t.n, abs_tol=1e-6)
    events = t.events()
    assert [e["no"] for e in events] == list(range(1, len(events) + 1))
    for prev, ev in zip([None] + events, events):
        assert ev["book"] is not None and ev["records"]
        paid = sum(a for rec in ev["records"] for _, _, a, _ in rec["transfers"] if a)
        assert math.isfinite(paid)
        for rec in ev["records"]:  # each payment is between parties of the table
            for f, to, a, _ in rec["transfers"]:
                assert f in t.parties() and to in t.parties() and a >= 0
        if prev is not None:
            assert ev["state_before"] == prev["state_after"]
    assert t.replay() == standings


@pytest.mark.slow
@pytest.mark.parametrize("variant,players", [("hk-old", "Ann,Bo,Cy,Di"), ("kawuxing", "Ann,Bo,Cy"),
                                             ("hangzhou", "Ann,Bo,Cy,Di")])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(ops=S.lists(OPS, max_size=20))
def test_random_commands_keep_the_table_whole(variant, players, ops, monkeypatch):
    monkeypatch.setenv("MJSCORE_USER", "prop")
    with tempfile.TemporaryDirectory() as d:
        path = f"{d}/t.mj"
        rules = {"min_faan": 1} if variant == "hk-old" else {}
        new_table(path, variant, players.split(","), rules, start=START)
        with Table(path) as t:
            for op in ops:
                before = (t.standings(), len(t.events()), t.state())
                try:
                    _apply(t, op)
                except MjError:
                    assert (t.standings(), len(t.events()), t.state()) == before  # a refusal changes nothing
                _check(t)
        with Table(path) as t:  # read again from the file
            _check(t)
