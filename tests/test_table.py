"""The live table: rotation as each ruleset's `session:` block gives it, wins scored exactly as
`mjscore score`, the payments that are not wins (figures from the rule texts), undo, the audit trail."""
import json

import pytest

from scorer.core import engine
from scorer.errors import MjError
from scorer.table.book import Table, new_table
from scorer.table.report import season, summary
from scorer.table.store import TableError

HK3 = "[CCC,2] [234s,1] 678m 99p 55s 5s"  # 3 faan under hk-old with min_faan=1 (tests/test_batch.py)


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch):
    monkeypatch.setenv("MJSCORE_NOW", "2026-01-01T20:00:00Z")
    monkeypatch.setenv("MJSCORE_USER", "scorer")


def make(tmp_path, variant, players="Ann,Bo,Cy,Di", rules=None, name="t.mj", **kw):
    path = str(tmp_path / name)
    new_table(path, variant, players.split(","), rules or {}, **kw)
    return path


def win(t, hand, winner, **kw):
    return t.add("win", {"hands": [[winner, hand]], **kw})


# ---- wins are scored exactly as `mjscore score` ---------------------------------------------------

def test_win_scores_as_score_with_the_tables_context(tmp_path):
    path = make(tmp_path, "hk-old", rules={"min_faan": 1})
    with Table(path) as t:
        t.add("draw", {})  # the dealer stays: streak 1
        ev = win(t, HK3, "Cy", discarder="Ann")
    rec = ev["records"][0]
    # the streak is passed only to a ruleset that reads it (hk-old does not)
    assert rec["ctx"].get("streak", 1) == 1
    assert {k: v for k, v in rec["ctx"].items() if k != "streak"} == {
        "seat": "W", "round": "E", "dealer": "E", "discarder": "E", "rules": {"min_faan": 1}}
    ref = engine.score(HK3, variant="hk-old", rules={"min_faan": 1}, seat="W", discarder="E", round="E",
                       dealer="E")
    assert rec["total"] == ref.value.total == 2  # dragon pung, no flowers (no self-draw faan on a discard)
    assert rec["items"] == [i.label + (f" x{i.count}" if i.count > 1 else "") for i in ref.value.items]
    names = {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"}
    assert rec["transfers"] == [[names[x.frm], names[x.to], x.amount, x.why] for x in ref.transfers]
    # Wikipedia's table: up to 3 faan is 1 base point; the discarder pays double and East pays double
    # (Ann is both: 4), the other two losers 1 each
    assert {(f, a) for f, _, a, _ in rec["transfers"]} == {("Ann", 4), ("Bo", 1), ("Di", 1)}


def test_several_winners_on_one_discard_are_one_event(tmp_path):
    path = make(tmp_path, "hk-old", rules={"min_faan": 1})
    with Table(path) as t:
        ev = t.add("win", {"hands": [["Bo", HK3], ["Di", HK3]], "discarder": "Cy"})
        assert len(ev["records"]) == 2 and ev["no"] == 1
        assert [r["ctx"]["seat"] for r in ev["records"]] == ["S", "N"]
        assert t.state()["dealer"] == 1  # the dealer lost: the deal passes to the next player
        with pytest.raises(MjError, match="give --discarder"):
            t.add("win", {"hands": [["Bo", HK3], ["Di", HK3]], "self_draw": True})


def test_hangzhou_has_one_winner_a_hand(tmp_path):
    path = make(tmp_path, "hangzhou")
    with Table(path) as t, pytest.raises(MjError, match="one winner a hand"):
        t.add("win", {"hands": [["Bo", "x"], ["Di", "y"]], "discarder": "Ann"})


# ---- rotation ------------------------------------------------------------------------------------

def test_hk_old_rotation_seats_move_with_the_deal(tmp_path):
    path = make(tmp_path, "hk-old", rules={"min_faan": 1})
    with Table(path) as t:
        win(t, HK3, "Ann", self_draw=True)  # the dealer wins: an extra hand, same seats
        s = t.state()
        assert (s["dealer"], s["streak"], s["hand"]) == (0, 1, 2)
        t.add("draw", {})  # no winner: the same seats again, the streak grows
        s = t.state()
        assert (s["dealer"], s["streak"], s["hand"]) == (0, 2, 3)
        win(t, HK3, "Cy", self_draw=True)  # a non-dealer wins: the deal passes, the streak resets
        s = t.state()
        assert (s["dealer"], s["streak"], s["hand"]) == (1, 0, 4)
        assert t.seats(s) == {"E": "Bo", "S": "Cy", "W": "Di", "N": "Ann"}
        for _ in range(3):  # the deal goes round: the prevailing wind moves on
            win(t, HK3, t.seats(t.state())["S"], self_draw=True)
        assert t.state()["round"] == 1 and t.seats(t.state())["E"] == "Ann"
        for _ in range(12):
            win(t, HK3, t.seats(t.state())["S"], self_draw=True)
        assert t.state()["over"]
        with pytest.raises(TableError, match="session is over"):
            t.add("draw", {})


def test_hk_old_max_dealer_stays_option(tmp_path):
    path = make(tmp_path, "hk-old", rules={"min_faan": 1, "max_dealer_stays": 2})
    with Table(path) as t:
        for _ in range(3):
            t.add("draw", {})
        assert t.state()["dealer"] == 1 and t.state()["streak"] == 0


def test_zung_jung_deal_passes_every_hand_and_ends_after_its_hands(tmp_path):
    path = make(tmp_path, "zung-jung", rules={"session_hands": 4})
    with Table(path) as t:
        t.add("draw", {})
        assert t.state()["dealer"] == 1  # "the role of the dealer rotates ... after every round"
        for _ in range(3):
            t.add("draw", {})
        assert t.state()["over"]


def test_kawuxing_winner_banks_and_two_winners_give_the_bank_to_the_loser(tmp_path):
    path = make(tmp_path, "kawuxing", players="Ann,Bo,Cy")
    with Table(path) as t:
        win(t, "{CCCC} 123p 456p 789s 99s", "Bo", self_draw=True, kong_draw=1)
        assert t.state()["dealer"] == 1
        t.add("draw", {})
        assert t.state()["dealer"] == 1 and t.state()["streak"] == 1
        # "or the loser when there are two winners": Ann and Cy win on Bo's (the banker's) discard
        two = [["Ann", "[555p,1] 777s 222p CCC 99s"], ["Cy", "[555s,1] 777p 333p FFF 99s"]]
        ev = t.add("win", {"hands": two, "discarder": "Bo"})
        assert len(ev["records"]) == 2 and t.state()["dealer"] == 1
        ev = t.add("win", {"hands": [["Ann", two[0][1]], ["Bo", two[1][1]]], "discarder": "Cy"})
        assert t.state()["dealer"] == 2


# ---- payments that are not wins (figures from the texts) ----------------------------------------

def test_xiamen_false_win_pays_what_a_valid_win_would_have_collected(tmp_path):
    # (base + water) x multiplier, base 2 between banker and non-banker, 1 between non-bankers; a wall
    # win x2. Bo (non-banker) claims water 3 on his own draw: Ann (banker) (2+3)x2 = 10, Cy and Di (1+3)x2 = 8.
    path = make(tmp_path, "xiamen")
    with Table(path) as t:
        ev = t.add("false_win", {"seat": "Bo", "total": 3, "self_draw": True})
        assert sorted((f, to, a) for f, to, a, _ in ev["records"][0]["transfers"]) == [
            ("Bo", "Ann", 10), ("Bo", "Cy", 8), ("Bo", "Di", 8)]
        s = t.state()
        assert (s["dealer"], s["streak"]) == (0, 0)  # the banker does not change, the streak does not grow
        t.add("draw", {})  # the banker stays: his base doubles (4)
        ev = t.add("false_win", {"seat": "Bo", "total": 3, "self_draw": True})
        assert ("Bo", "Ann", 14) in [(f, to, a) for f, to, a, _ in ev["records"][0]["transfers"]]
        assert t.standings() == {"Ann": 24, "Bo": -56, "Cy": 16, "Di": 16}


def test_kawuxing_kong_payments_and_their_run(tmp_path):
    path = make(tmp_path, "kawuxing", players="Ann,Bo,Cy")
    with Table(path) as t:
        pay = lambda ev: sorted((f, to, a) for f, to, a, _ in ev["records"][0]["transfers"])  # noqa: E731
        assert pay(t.add("kong", {"seat": "Bo", "kong": "concealed"})) == [("Ann", "Bo", 2), ("Cy", "Bo", 2)]
        assert pay(t.add("kong", {"seat": "Bo", "kong": "direct", "discarder": "Cy"})) == [("Cy", "Bo", 2)]
        assert pay(t.add("kong", {"seat": "Ann", "kong": "added", "chain": 3})) == [("Bo", "Ann", 4),
                                                                                      ("Cy", "Ann", 4)]
        with pytest.raises(MjError, match="say who discarded"):
            t.add("kong", {"seat": "Ann", "kong": "direct"})
        assert t.state()["hand"] == 1  # a kong does not end the hand
        # the kong was paid at once, so the win pays no kong again
        ev = win(t, "{CCCC} 123p 456p 789s 99s", "Bo", self_draw=True)
        assert not any("kong" in why for *_, why in ev["records"][0]["transfers"])
        ref = engine.score("{CCCC} 123p 456p 789s 99s", variant="kawuxing", seat="S", self_draw=True, players=3)
        assert any("kong" in x.why for x in ref.transfers)  # without the table, the win settles it


def test_kawuxing_draw_first_discloser_pays_each_other_a_unit(tmp_path):
    path = make(tmp_path, "kawuxing", players="Ann,Bo,Cy")
    with Table(path) as t:
        ev = t.add("draw", {"disclosed": "Cy"})
        assert sorted((f, to, a) for f, to, a, _ in ev["records"][0]["transfers"]) == [("Cy", "Ann", 1),
                                                                                      ("Cy", "Bo", 1)]
        assert t.add("draw", {})["records"][0]["transfers"] == []


# ---- mistakes and the audit trail ---------------------------------------------------------------

def test_undo_restores_state_and_standings_and_keeps_an_audit(tmp_path):
    path = make(tmp_path, "hk-old", rules={"min_faan": 1})
    with Table(path) as t:
        win(t, HK3, "Ann", self_draw=True)
        before = (t.state(), t.standings())
        win(t, HK3, "Bo", self_draw=True)
        undone = t.undo(by="Di")
        assert undone["no"] == 2
        assert (t.state(), t.standings()) == before
        log = t.store.undone()
        assert log[0]["undone_by"] == "Di" and log[0]["entered_by"] == "scorer"
        assert log[0]["entered_at"] == "2026-01-01T20:00:00Z"
        t.undo()
        assert t.undo() is None


def test_show_json_keys(tmp_path):
    path = make(tmp_path, "hk-old", rules={"min_faan": 1})
    with Table(path) as t:
        win(t, HK3, "Bo", self_draw=True)
        d = summary(t)
    assert d["round"] == "E" and d["dealer"] == "Bo" and d["streak"] == 0 and d["hand_number"] == 2
    assert d["seats"] == {"E": "Bo", "S": "Cy", "W": "Di", "N": "Ann"}
    assert d["standings"] == {"Ann": -4, "Bo": 8, "Cy": -2, "Di": -2}  # self-draw x2, East pays double


def test_new_table_refusals(tmp_path):
    with pytest.raises(TableError, match="played by 3"):
        make(tmp_path, "kawuxing")
    with pytest.raises(TableError, match="distinct"):
        make(tmp_path, "hk-old", players="Ann,ann,Cy,Di")
    make(tmp_path, "hk-old")
    with pytest.raises(TableError, match="already exists"):
        make(tmp_path, "hk-old")
    with pytest.raises(MjError, match="no option"):
        make(tmp_path, "hk-old", rules={"nonsense": 1}, name="u.mj")
    bad = tmp_path / "bad.mj"
    bad.write_text("not a database")
    with pytest.raises(TableError, match="not an mjscore table"):
        Table(str(bad))


# ---- seasons -------------------------------------------------------------------------------------

def test_season_sums_players_and_refuses_other_rulesets(tmp_path):
    a = make(tmp_path, "hk-old", rules={"min_faan": 1}, name="a.mj")
    b = make(tmp_path, "hk-old", players="Di,Cy,Bo,Ann", rules={"min_faan": 1}, name="b.mj")
    for path, who in ((a, "Ann"), (b, "Ann")):
        with Table(path) as t:
            win(t, HK3, who, self_draw=True)
    d = season([a, b])
    # 3 faan = 1 base point, a self-draw x2: at a Ann is East (x2 again) and collects 4 from each;
    # at b she sits North and East pays her double: 2 + 2 + 4
    assert d["standings"]["Ann"] == {"tables": 2, "total": 12 + 8}
    with pytest.raises(TableError, match="given twice"):
        season([a, a])
    c = make(tmp_path, "zung-jung", name="c.mj")
    with pytest.raises(TableError, match="one ruleset and unit"):
        season([a, c])
    d2 = make(tmp_path, "hk-old", rules={"min_faan": 1}, name="d.mj", unit="1 chip")
    with pytest.raises(TableError, match="one ruleset and unit"):
        season([a, d2])


# ---- the session block is validated as data ------------------------------------------------------

@pytest.mark.parametrize("block, message", [
    ({"seats": "spiral"}, "is one of rotate, fixed"),
    ({"stays": ["win", "tea"]}, "a list of events"),
    ({"draw": {"model": "nothing_such"}}, "unknown payment model"),
    ({"kong": {"model": "kong_units", "closed": 2}}, "unknown parameter"),
    ({"max_stays": "$nope"}, "unknown option"),
    ({"turns": 3}, "unknown key"),
])
def test_session_block_validation(tmp_path, block, message):
    import yaml

    from scorer.rulesets.variant import load_variant

    p = tmp_path / "club.yaml"
    p.write_text(yaml.safe_dump({"extends": "hk-old", "id": "club", "session": block}))
    with pytest.raises(MjError, match=message):
        load_variant(str(p))


def test_json_round_trip_of_the_stored_event(tmp_path):
    path = make(tmp_path, "hk-old", rules={"min_faan": 1})
    with Table(path) as t:
        ev = win(t, HK3, "Ann", self_draw=True)
        stored = t.events()[0]
    assert stored["records"] == json.loads(json.dumps(ev["records"]))


def test_hangzhou_lao_grows_with_the_bankers_stays(tmp_path):
    # Hangzhou, Japanese digest: 1牢 banker's own draw 2 from each, 2牢 4, 3牢以上 8; a non-banker's
    # own draw: the banker pays 2 / 4 / 8, the other two 1. The winner banks next; a draw keeps the banker.
    plain = "123m 456m 789p 234s 55s"  # no fortune (indicator 9s): no double
    path = make(tmp_path, "hangzhou")
    with Table(path) as t:
        got = []
        for who in ("Ann", "Ann", "Ann", "Bo"):
            ev = win(t, plain, who, self_draw=True, indicator="9s")
            got.append(sorted((f, a) for f, _, a, _ in ev["records"][0]["transfers"]))
        assert got == [[("Bo", 2), ("Cy", 2), ("Di", 2)], [("Bo", 4), ("Cy", 4), ("Di", 4)],
                       [("Bo", 8), ("Cy", 8), ("Di", 8)], [("Ann", 8), ("Cy", 1), ("Di", 1)]]
        s = t.state()
        assert (t.players[s["dealer"]], s["streak"]) == ("Bo", 0)  # the winner banks, lao 1
        t.add("draw", {})
        assert (t.players[t.state()["dealer"]], t.state()["streak"]) == ("Bo", 1)
        assert t.seats(t.state()) == {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"}  # nobody moves


def test_edit_replaces_an_event_and_settles_the_later_ones_again(tmp_path):
    plain = "123m 456m 789p 234s 55s"
    path = make(tmp_path, "hangzhou", name="a.mj")
    ok = make(tmp_path, "hangzhou", name="b.mj")
    with Table(path) as t, Table(ok) as direct:
        for who in ("Ann", "Bo", "Bo"):
            win(t, plain, who, self_draw=True, indicator="9s")
        for who in ("Cy", "Bo", "Bo"):  # what should have been entered
            win(direct, plain, who, self_draw=True, indicator="9s")
        ev = t.add("win", {"hands": [["Cy", plain]], "self_draw": True, "indicator": "9s"}, replace=1)
        assert ev["no"] == 1 and ev["replaced"] == 3
        assert t.standings() == direct.standings()
        assert [e["state_after"] for e in t.events()] == [e["state_after"] for e in direct.events()]
        assert len(t.store.undone()) == 3
        # an edit that makes a later event impossible changes nothing
        for _ in range(2):
            win(t, plain, "Bo", self_draw=True, indicator="9s")
        win(t, plain, "Di", discarder="Bo", indicator="9s")  # a claim on the banker's discard at 3 lao
        before = (t.events(), t.standings())
        with pytest.raises(TableError, match="event #6 cannot be settled again"):
            t.add("win", {"hands": [["Ann", plain]], "self_draw": True, "indicator": "9s"}, replace=5)
        assert (t.events(), t.standings()) == before


def test_hk_false_win_pays_each_player_the_declared_value(tmp_path):
    # Andrew White: a false win pays each other player the value of the declared hand (3 faan = 8
    # units by his table), on a claimed discard too: the ruleset's own false_win payment, not reversed
    from scorer.table.settle import settle_event

    s = settle_event("false_win", "hk", {"seat": "S", "total": 3, "discarder": "E"})
    assert sorted((t.frm, t.to, t.amount) for t in s.transfers) == [("S", "E", 8), ("S", "N", 8), ("S", "W", 8)]
