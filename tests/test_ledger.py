"""The table ledger: standings after every hand, zero-sum checks, starts, the session loss cap."""
import random

import pytest

from scorer.batch.ledger import Ledger, LedgerError, check_zero_sum, settle, start_for


def test_standings_after_every_hand_are_start_plus_running_net():
    led = Ledger(2000)
    p1 = led.post("night", 4, [("E", "W", 4), ("S", "W", 2), ("N", "W", 2)])
    assert p1.paid == {"E": -4, "S": -2, "W": 8, "N": -2}
    assert p1.standings == {"E": 1996, "S": 1998, "W": 2008, "N": 1998}
    p2 = led.post("night", 4, [("W", "S", 64)])
    assert p2.hand_no == 2
    assert p2.standings == {"E": 1996, "S": 2062, "W": 1944, "N": 1998}
    (s,) = led.summary()
    assert s["hands"] == 2 and s["net"] == {"E": -4, "S": 62, "W": -56, "N": -2}
    assert s["final"] == p2.standings and sum(s["net"].values()) == 0


def test_sessions_are_separate_and_start_defaults_to_zero():
    led = Ledger()
    led.post("a", 4, [("E", "S", 10)])
    p = led.post("b", 4, [("S", "E", 3)])
    assert p.standings == {"E": 3, "S": -3, "W": 0, "N": 0}
    assert [s["session"] for s in led.summary()] == ["a", "b"]


def test_start_per_seat_and_three_players():
    led = Ledger()
    p = led.post("t", 3, [("E", "S", 5), ("W", "S", 5)], start={"E": 100, "S": 50, "W": 80})
    assert p.standings == {"E": 95, "S": 60, "W": 75}
    with pytest.raises(LedgerError, match="seats"):
        start_for({"E": 1, "S": 1, "W": 1}, ("E", "S", "W", "N"))


def test_a_record_cannot_change_the_table_size_or_the_start():
    led = Ledger(1000)
    led.post("t", 4, [("E", "S", 1)], start=2000)
    with pytest.raises(LedgerError, match="4-player table"):
        led.post("t", 3, [("E", "S", 1)])
    with pytest.raises(LedgerError, match="started at 2000 each"):
        led.post("t", 4, [("E", "S", 1)], start=1500)
    led.post("t", 4, [("E", "S", 1)], start=2000)  # the same start again is fine
    with pytest.raises(LedgerError, match="seat N"):
        Ledger().post("u", 3, [("N", "E", 1)])


def test_payments_that_are_not_finite_numbers_are_refused():
    check_zero_sum([("E", "S", 2.5), ("W", "S", 0.5)])
    for bad in (float("nan"), float("inf"), "3", True):
        with pytest.raises(LedgerError, match="not a finite number"):
            Ledger().post("x", 4, [("E", "S", bad)])


def test_loss_cap_partial_payment_then_nothing_but_still_collects():
    led = Ledger(100)
    # S loses 30 of a 40 cap
    led.post("h", 4, [("S", "E", 30)], cap=40)
    # S owes 16 to W: pays the 10 left of its cap, W gets exactly 10, the 6 are forgiven
    p = led.post("h", 4, [("S", "W", 16), ("N", "W", 16)], cap=40)
    assert p.paid == {"E": 0, "S": -10, "W": 26, "N": -16}
    assert p.shortfalls == [("S", 16, 10)]
    # at the cap: pays nothing more
    p = led.post("h", 4, [("S", "N", 8), ("E", "N", 8)], cap=40)
    assert p.paid == {"E": -8, "S": 0, "W": 0, "N": 8}
    # ... but still collects in full, and may pay again out of what it won
    p = led.post("h", 4, [("E", "S", 12), ("W", "S", 12), ("N", "S", 12)], cap=40)
    assert p.paid["S"] == 36
    p = led.post("h", 4, [("S", "E", 50)], cap=40)
    assert p.paid["S"] == -36 and p.shortfalls == [("S", 50, 36)]
    (s,) = led.summary()
    assert s["net"]["S"] == -40 and sum(s["net"].values()) == 0
    assert s["forgiven"] == {"S": 6 + 8 + 14} and s["capped_at_hand"] == {"S": 2}


def test_loss_cap_counts_what_the_seat_collected_earlier_in_the_same_hand():
    out, short = settle([("E", "S", 10), ("S", "W", 15)], {"E": 0, "S": -40, "W": 0, "N": 0}, 40)
    assert out == [("E", "S", 10), ("S", "W", 10)] and short == [("S", 15, 10)]


def test_zero_sum_over_random_hands_with_and_without_a_cap():
    rng = random.Random(7)
    for cap in (0, 25):
        led = Ledger(0)
        for _ in range(400):
            winner = rng.choice("ESWN")
            transfers = [(s, winner, rng.choice([1, 2, 4, 8, 16, 0.5])) for s in "ESWN" if s != winner]
            p = led.post("r", 4, transfers, cap=cap)
            assert abs(sum(p.paid.values())) < 1e-9
            if cap:
                assert all(v >= -cap - 1e-9 for v in p.standings.values())
        (s,) = led.summary()
        assert abs(sum(s["net"].values())) < 1e-9
