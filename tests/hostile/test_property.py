"""Property: any argument list built from the real flags of `score` and `pay` with hostile values
(huge, negative, fractional, nan, inf, empty, unicode, unknown keys) never exits 3, never prints a
traceback, refuses with one line, and stays within time bounds (in-process, click's CliRunner)."""
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .util import HAND, cli

HOSTILE = st.sampled_from(["10000000000", "1e20", "-1", "-7", "1.9", "0.5", "nan", "inf", "-inf", "", " ",
                           "ture", "\u00e9\u6771", "E", "S", "N", "Q", "5m", "0", "1", "4", "5", "x" * 300,
                           "only_posible_tile=true", "streak=2", "dealr=E", "=", "a=b=c", "min_faan=nan",
                           "stake=-1", "min_faan=1", "S:123m", "E:opened,ek=1000000", "/dev/zero", "hk-old",
                           "xiamen", "hangzhou", "wuhan", "kawuxing", "zung-jung", "classical", "hk",
                           "\x00", "../../etc/passwd", "9" * 50])
VALUED = ["--discarder", "--robbed", "--kong-draw", "--seat", "--round", "--dealer", "--streak", "--wild",
          "--indicator", "--floats", "--players", "--liable", "--win", "--other", "--set", "--rule", "--variant",
          "--honba", "--sticks", "--dora"]
FLAGS = ["--self-draw", "--last-tile", "--first-turn", "--riichi", "--fourth-tile", "--all"]
PIECE = st.one_of(st.tuples(st.sampled_from(VALUED), HOSTILE).map(list), st.sampled_from(FLAGS).map(lambda f: [f]))
HANDS = st.sampled_from([HAND, "123m 456m 789m EEE 555p 7s 7s", "[5555p,1] 123p 789p 123s 9s 9s", "", "\u6771" * 5,
                         "x" * 250, "11m 22m 33m 44m 55m 66m 7m 7m"])


def _check(r, seconds):
    assert r.exit_code in (0, 1, 2), (r.exit_code, r.stderr)
    assert "Traceback" not in r.output and "internal error" not in r.output, r.output
    if r.exit_code == 2:
        lines = [x for x in r.stderr.splitlines() if x.strip()]
        assert len(lines) == 1, r.stderr
    assert seconds < 5


# a valid hand and win under each ruleset, so that the hostile pieces reach the scorer, not only click
BASES = st.sampled_from([
    [HAND, "--seat", "N", "--discarder", "S"],
    ["123m 456m 789m EEE 555p 7s 7s", "-v", "xiamen", "--indicator", "1s", "--self-draw"],
    ["123m 567m 789s WWW 2p 6p", "-v", "hangzhou", "--seat", "S", "--dealer", "S", "--indicator", "2p",
     "--self-draw"],
    ["[5555p,1] 123p 789p 123s 9s 9s", "-v", "kawuxing", "--self-draw"],
    ["[123m,1] 456m 789s 234p 5s 5s", "-v", "wuhan", "--wild", "9p", "--discarder", "E", "--seat", "S"],
    ["[CCC,2] [234s,1] 678m 99p 55s 5s", "-v", "classical", "--self-draw"],
])


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(HANDS.map(lambda h: [h]), BASES), st.lists(PIECE, max_size=4), st.sampled_from(["text", "json"]))
def test_score_never_fails_badly(base, pieces, fmt):
    args = ["score", *base, "--format", fmt] + [x for p in pieces for x in p]
    t0 = time.monotonic()
    r = cli(*args)
    _check(r, time.monotonic() - t0)


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(HOSTILE, st.lists(PIECE, max_size=5))
def test_pay_never_fails_badly(total, pieces):
    args = ["pay", "--total", total] + [x for p in pieces for x in p if x != "--all"]
    t0 = time.monotonic()
    r = cli(*args)
    _check(r, time.monotonic() - t0)
