"""Class 1: counts that enter an exponent or a product have physical bounds; past one: exit 2 naming it."""
import pytest

from scorer.core import engine
from scorer.errors import ContextError, OutOfBounds

from .util import GOOD, HAND, cli, limited, one_line_error, refused


def test_huge_streak_is_refused_fast_and_small():
    # Xiamen doubles the banker's base per stay: 2 ** 10000000000 ate 2 GB
    code, out, err, secs = limited("score", "123m 456m 789m EEE 555p 7s 7s", "-v", "xiamen", "--indicator", "1s",
                                   "--self-draw", "--streak", "10000000000")
    assert code == 2 and secs < 10
    one_line_error(err, "streak", "50")


def test_huge_pay_total_is_refused_fast():
    # Hangzhou pays 2 ** total: 1e20 ran for minutes
    code, out, err, secs = limited("pay", "--total", "1e20", "-v", "hangzhou", "--self-draw")
    assert code == 2 and secs < 10
    one_line_error(err, "--total", "64")


@pytest.mark.parametrize("args, words", [
    (["--kong-draw", "5"], ["kong_draw", "4"]),
    (["--streak", "51", "-v", "xiamen", "--indicator", "1s"], ["streak", "50"]),
    (["--floats", "9", "-v", "xiamen", "--indicator", "1s"], ["floats", "4"]),
    (["--honba", "101", "-v", "riichi"], ["honba", "100"]),
])
def test_counts_past_their_bound(args, words):
    refused(cli("score", HAND, "--self-draw", *args), *words)


def test_declared_kongs_and_kong_chains_are_bounded():
    refused(cli("score", "[5555p,1] 123p 456p 789p 5s 5s", "-v", "wuhan", "--wild", "5m", "--self-draw",
                "--set", "laizi_kongs=5"), "laizi_kongs", "4")
    refused(cli("score", "[5555p,1] 123p 789p 123s 9s 9s", "-v", "kawuxing", "--self-draw",
                "--set", "kong_chain=9"), "kong_chain", "at most 4")


def test_other_players_state_counts_are_bounded():
    with pytest.raises(OutOfBounds, match="exposed_kongs"):
        engine.score("[123m,1] 456m 789s 234p 5s 5s", {"discarder": "E", "seat": "S", "wild": "9p",
                                                      "others": {"E": {"exposed_kongs": 10 ** 9}}}, variant="wuhan")


def test_pay_totals_are_bounded_everywhere():
    refused(cli("pay", "--total", "10000001", "-v", "hk-old", *GOOD), "--total", "1000000")
    with pytest.raises(OutOfBounds):
        engine.pay(65, variant="hangzhou", self_draw=True)


def test_the_bound_is_both_kinds_of_error():
    with pytest.raises(ContextError):
        engine.score(HAND, {"discarder": "S", "seat": "N", "kong_draw": 0, "streak": 10 ** 12})
