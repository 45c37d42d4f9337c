"""Class 7: figures that contradict themselves or mix units are refused."""
import json

import pytest

from scorer.core import engine
from scorer.errors import Contradiction, UnknownName

from .util import HAND, cli


def test_sessions_never_sum_two_units(tmp_path):
    f = tmp_path / "h.jsonl"
    f.write_text("".join(json.dumps({"hand": HAND, "seat": "N", "discarder": "S", **x}) + "\n"
                         for x in ({}, {"variant": "zung-jung"}, {"variant": "zung-jung", "session": "zj"})))
    r = cli("batch", f, "--format", "jsonl")
    assert r.exit_code == 1
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert "counts faan (hk-old)" in rows[1]["error"] and "zung-jung counts points" in rows[1]["error"]
    assert "error" not in rows[0] and "error" not in rows[2]
    sessions = rows[-1]["summary"]["sessions"]
    assert [s["variants"] for s in sessions] == [["hk-old"], ["zung-jung"]]


def test_the_ledger_raises_a_contradiction():
    from scorer.batch.ledger import Ledger

    led = Ledger()
    led.post("s", 4, [("S", "N", 4)], unit="faan", variant="hk-old")
    with pytest.raises(Contradiction):
        led.post("s", 4, [("S", "N", 4)], unit="points", variant="zung-jung")


@pytest.mark.parametrize("kw", [{"liable": "E"}, {"floats": 1}, {"others": {"E": "123m"}}])
def test_flags_that_mean_nothing_are_refused_by_the_api(kw):
    with pytest.raises(UnknownName, match="means nothing in hk-old"):
        engine.score(HAND, {"seat": "N", "discarder": "S", **kw})


def test_two_ways_of_winning():
    with pytest.raises(Contradiction.__mro__[1]):  # an MjError
        engine.score(HAND, {"seat": "N", "discarder": "S", "self_draw": True})


def test_seat_winds_follow_the_dealer():
    # N deals: N's wind is East. NNN is then no seat-wind pung, EEE is; the payment says the
    # winner is East (the dealer), and both agree
    def labels(hand):
        r = engine.score(hand, {"seat": "N", "dealer": "N", "discarder": "S"}, rules={"min_faan": 0})
        return [i.name for i in r.value.items], [t.why for t in r.transfers]

    items, why = labels("123p 456p CCC NNN 55p")
    assert "seat_wind_pung" not in items and any("winner is East" in w for w in why)
    items, _ = labels("123p 456p CCC EEE 55p")
    assert "seat_wind_pung" in items


def test_the_breakdown_names_the_seat_wind_when_it_is_not_the_seat_letter():
    # the reader must see why EEE is S's seat-wind pung when S deals
    moved = cli("score", "123p 456p CCC EEE 55p", "--seat", "S", "--dealer", "S", "--discarder", "W")
    assert "winner S (seat wind E), round E, dealer S" in moved.stdout
    plain = cli("score", HAND, "--seat", "N", "--discarder", "S")
    assert "winner N, round E" in plain.stdout and "seat wind" not in plain.stdout.split("Reading:")[0]
