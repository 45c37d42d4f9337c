"""The live table for the competition rulesets: riichi (renchan, honba, tenpai payments at a draw, the
riichi deposits kept in a pot) and MCR (the deal passes every hand, the Green Book's seat changes).
Figures are worked out by hand from the rules in the comments, not read from the program."""
import json

import pytest
from click.testing import CliRunner

from scorer.core import engine
from scorer.errors import MjError
from scorer.table.book import Table, new_table
from scorer.table.exchange import export_text
from scorer.table.report import summary
from scorer.table.settle import settle_event

# riichi + pinfu + tanyao, closed, won on 8s with 67s (a two-sided wait): 3 han 30 fu on a discard
# (20 + 10 closed ron), basic 30 x 2^5 = 960; on a self-draw + menzen tsumo, pinfu's 20 fu: 4 han,
# basic 20 x 2^6 = 1280.
PINFU = "234m567m345p22p678s"


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch):
    monkeypatch.setenv("MJSCORE_NOW", "2026-01-01T20:00:00Z")
    monkeypatch.setenv("MJSCORE_USER", "scorer")


def make(tmp_path, variant, rules=None, name="t.mj"):
    path = str(tmp_path / name)
    new_table(path, variant, ["Ann", "Bo", "Cy", "Di"], rules or {})
    return path


def nets(t, ev):
    out = dict.fromkeys(t.players + ["pot"], 0)
    for rec in ev["records"]:
        for f, to, a, _ in rec["transfers"]:
            out[f] -= a
            out[to] += a
    assert sum(out.values()) == 0  # every event is zero-sum with the pot as a party
    return out


def test_riichi_session_renchan_honba_tenpai_and_the_pot(tmp_path):
    path = make(tmp_path, "riichi")
    with Table(path) as t:
        # 1. Ann deals (E); she declares riichi (1000 into the pot) and wins on Bo's discard: a dealer
        # ron is 6 x 960 = 5760 -> 5800 from Bo; no honba yet; the pot's one stick (her own) back to her.
        ev = t.add("win", {"hands": [["Ann", PINFU]], "discarder": "Bo", "riichi": True})
        assert nets(t, ev) == {"Ann": 5800, "Bo": -5800, "Cy": 0, "Di": 0, "pot": 0}
        s = t.state()  # a dealer win: Ann keeps the deal, one honba
        assert (t.players[s["dealer"]], s["streak"], s["pot"]) == ("Ann", 1, 0)
        # 2. A draw, Ann and Cy tenpai, Cy had declared riichi: 2 tenpai get 1500 each, each of the 2
        # noten pays 750 to each; Cy's stick stays in the pot. The dealer is tenpai: she keeps the deal.
        ev = t.add("draw", {"tenpai": ["Ann", "Cy"], "riichi_by": ["Cy"]})
        assert nets(t, ev) == {"Ann": 1500, "Bo": -1500, "Cy": 1500 - 1000, "Di": -1500, "pot": 1000}
        s = t.state()
        assert (t.players[s["dealer"]], s["streak"], s["pot"]) == ("Ann", 2, 1)
        # 3. A draw, only Bo tenpai: 1000 from each of the 3 noten. The dealer is noten: the deal passes
        # to Bo, but a draw still adds a honba (3); the stick is carried over.
        ev = t.add("draw", {"tenpai": ["Bo"]})
        assert nets(t, ev) == {"Ann": -1000, "Bo": 3000, "Cy": -1000, "Di": -1000, "pot": 0}
        s = t.state()
        assert (t.players[s["dealer"]], s["streak"], s["pot"]) == ("Bo", 3, 1)
        assert t.seats(s) == {"E": "Bo", "S": "Cy", "W": "Di", "N": "Ann"}
        assert summary(t)["pot"] == 1000
        # 4. Di (W, non-dealer) declares riichi and wins on Cy's discard: 4 x 960 = 3840 -> 3900, plus
        # 3 honba x 300 = 900, from Cy; the pot's 2 sticks (Cy's carried one and Di's) = 2000 to Di.
        ev = t.add("win", {"hands": [["Di", PINFU]], "discarder": "Cy", "riichi": True})
        assert ev["records"][0]["ctx"]["honba"] == 3 and ev["records"][0]["ctx"]["sticks"] == 2
        assert nets(t, ev) == {"Ann": 0, "Bo": 0, "Cy": -3900 - 900, "Di": 3900 + 900 + 2000 - 1000, "pot": -1000}
        s = t.state()  # a non-dealer win: the deal passes, the honba go back to 0
        assert (t.players[s["dealer"]], s["streak"], s["pot"]) == ("Cy", 0, 0)
        # 5. A draw, nobody tenpai: nothing paid; Cy (noten) passes the deal to Di, honba 1.
        ev = t.add("draw", {"tenpai": []})
        assert nets(t, ev) == {"Ann": 0, "Bo": 0, "Cy": 0, "Di": 0, "pot": 0}
        # 6. Di deals and wins by self-draw with riichi: a dealer self-draw is 2 x 1280 = 2560 -> 2600
        # from each, plus 1 honba x 100 from each; her own stick comes back.
        ev = t.add("win", {"hands": [["Di", PINFU]], "self_draw": True, "riichi": True})
        assert nets(t, ev) == {"Ann": -2700, "Bo": -2700, "Cy": -2700, "Di": 8100, "pot": 0}
        s = t.state()
        assert (t.players[s["dealer"]], s["streak"], s["round"], s["hand"]) == ("Di", 2, 0, 7)
        # the night: Ann 5800 + 1500 - 1000 - 2700; Bo -5800 - 1500 + 3000 - 2700; Cy 500 - 1000 - 4800
        # - 2700; Di -1500 - 1000 + 5800 + 8100; the pot is empty and not a player
        assert t.standings() == {"Ann": 3600, "Bo": -7000, "Cy": -8000, "Di": 11400}
        assert t.pot == 0
        # undo the last win: its payments (and Di's deposit) go, the state before it comes back
        t.undo()
        assert t.state()["streak"] == 1 and t.standings()["Di"] == 3300


def test_tenpai_payments_split_3000():
    def pay(ready):
        return {(x.frm, x.to, x.amount) for x in settle_event("draw", "riichi", {"tenpai": ready}).transfers}

    assert pay(["E"]) == {("S", "E", 1000), ("W", "E", 1000), ("N", "E", 1000)}
    assert pay(["E", "S"]) == {("W", "E", 750), ("W", "S", 750), ("N", "E", 750), ("N", "S", 750)}
    assert pay(["E", "S", "W"]) == {("N", "E", 1000), ("N", "S", 1000), ("N", "W", 1000)}
    assert pay([]) == set() and pay(["E", "S", "W", "N"]) == set()
    with pytest.raises(MjError):
        pay(["E", "E"])


def test_riichi_tonpuusen_and_hanchan(tmp_path):
    # nobody tenpai four times: the deal passes each hand, so the East round is over after 4 hands
    for rounds, over in ((1, True), (2, False)):
        path = make(tmp_path, "riichi", {"session_rounds": rounds}, name=f"r{rounds}.mj")
        with Table(path) as t:
            for _ in range(4):
                t.add("draw", {"tenpai": []})
            s = t.state()
            assert s["over"] is over and s["round"] == 1 and s["streak"] == 4


def test_riichi_table_refusals(tmp_path):
    path = make(tmp_path, "riichi")
    with Table(path) as t:
        with pytest.raises(MjError, match="keeps sticks"):
            t.add("win", {"hands": [["Ann", PINFU]], "discarder": "Bo", "riichi": True, "extra": {"sticks": 2}})
        with pytest.raises(MjError, match="one winner"):
            t.add("win", {"hands": [["Ann", PINFU], ["Cy", PINFU]], "discarder": "Bo", "riichi": True})
        with pytest.raises(MjError, match="who was tenpai"):
            t.add("draw", {})
        with pytest.raises(MjError, match="once a hand"):
            t.add("draw", {"tenpai": [], "riichi_by": ["Cy", "cy"]})
        t.add("draw", {"tenpai": ["Ann"], "riichi_by": ["Ann"]})
        assert t.events()[-1]["state_after"]["pot"] == 1
    with pytest.raises(MjError, match="pot"):  # a hand file has no deposits: no silent other figures
        export_text(path)
    hk = make(tmp_path, "hk-old", name="hk.mj")
    with Table(hk) as t, pytest.raises(MjError, match="no pot"):
        t.add("draw", {"riichi_by": ["Ann"]})


def test_riichi_cli_draw_and_show(tmp_path):
    from scorer.cli.main import main

    path = make(tmp_path, "riichi")
    r = CliRunner().invoke(main, ["table", "draw", path, "--tenpai", "Bo", "--riichi-by", "Bo"])
    assert r.exit_code == 0, r.output
    assert "draw, tenpai: Bo" in r.output and "Standings: Ann -1000  Bo 2000  Cy -1000  Di -1000" in r.output
    r = CliRunner().invoke(main, ["table", "show", path])
    assert "Pot (riichi sticks on the table): 1000, 1 deposit(s)" in r.output
    d = json.loads(CliRunner().invoke(main, ["table", "show", path, "--format", "json"]).output)
    assert d["pot"] == 1000 and d["standings"] == {"Ann": -1000, "Bo": 2000, "Cy": -1000, "Di": -1000}
    assert d["dealer"] == "Bo" and d["streak"] == 1


def test_mcr_deal_passes_every_hand_with_the_green_book_seats(tmp_path):
    path = make(tmp_path, "mcr")
    with Table(path) as t:
        # hand 1: Ann deals and wins on Bo's discard; the Green Book pays 8 + fans from the discarder
        # and 8 from each other player; the deal passes all the same
        ev = t.add("win", {"hands": [["Ann", "123m456m789m234p55s"]], "discarder": "Bo"})
        ref = engine.score("123m456m789m234p55s", variant="mcr", seat="E", dealer="E", round="E", discarder="S")
        fans = ref.value.total
        assert nets(t, ev) == {"Ann": fans + 24, "Bo": -fans - 8, "Cy": -8, "Di": -8, "pot": 0}
        dealers, seats = [], {}
        for _ in range(15):
            s = t.state()
            dealers.append(t.players[s["dealer"]])
            seats[s["hand"]] = t.seats(s)
            ev = t.add("draw", {})
            assert nets(t, ev) == {"Ann": 0, "Bo": 0, "Cy": 0, "Di": 0, "pot": 0}  # a draw pays nothing
        assert t.state()["over"]  # 16 hands: 4 rounds of 4
        assert t.state()["streak"] == 0
    # each round the deal goes round the chairs once; before the South round E and S swap chairs, W
    # and N too; the West round: the first W player in E, N in S, S in W, E in N; North: N, W, E, S
    assert dealers[:3] == ["Bo", "Cy", "Di"]
    assert seats[5] == {"E": "Bo", "S": "Ann", "W": "Di", "N": "Cy"}
    assert seats[9] == {"E": "Cy", "S": "Di", "W": "Bo", "N": "Ann"}
    assert seats[13] == {"E": "Di", "S": "Cy", "W": "Ann", "N": "Bo"}
    assert seats[14]["E"] == "Cy"  # in a round the deal passes to the next chair (S)
    everyone = dealers + ["Ann"]
    assert sorted(everyone.count(p) for p in "Ann Bo Cy Di".split()) == [4, 4, 4, 4]
