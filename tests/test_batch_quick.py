"""The batch command's quick path against its plain path: a common hand's payments summed per seat
where it was scored (ledger.paid_by_seat), posted without post()'s checks per transfer
(Ledger.post_paid) and its text row made from the scorer's parts (batch_write.middle_parts,
value_column; TextWriter.row, which the batch loop calls with score_job's compact outcome).
Both paths must write the same bytes for every record, and the quick ledger must hold the figures
post() gives, hand by hand."""
from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from scorer.batch import run as batch
from scorer.batch.ledger import Ledger, Quick, paid_by_seat
from scorer.cli.batch import run
from scorer.core.result import Transfer
from tests.gen import random_context, random_winning

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def _mixed(tmp_path: Path, n: int, seed: int) -> Path:
    """Records that take every branch: several sessions, a `start` half way, other rulesets (3-player,
    float and point units), bad records, long hands that wrap."""
    rng = random.Random(seed)
    f = tmp_path / f"mixed{seed}.jsonl"
    lines = [json.dumps({"start": 1000})]
    for i in range(n):
        rec = {"hand": random_winning(rng), **random_context(rng), "session": rng.choice(("a", "b", "c"))}
        pick = rng.random()
        if pick < 0.05:
            rec["start"] = rng.choice((1000, 1000, 0, 500, 250.5))  # agrees, or is refused
        elif pick < 0.10:
            rec["variant"] = "zung-jung"  # points, not faan: a session of its own
            rec["session"] = "zj"
        elif pick < 0.13:
            rec["variant"] = "hk"
        elif pick < 0.16:
            rec["hand"] = rec["hand"][:-2]  # a wrong tile count: rejected
        lines.append(json.dumps(rec))
    f.write_text("\n".join(lines) + "\n")
    return f


def _both(monkeypatch, paths, fmt, cols, jobs=1):
    outs = []
    for quick in (True, False):
        monkeypatch.setattr(batch, "QUICK", quick)
        monkeypatch.setenv("COLUMNS", str(cols))
        out, err = io.StringIO(), io.StringIO()
        summary = run([str(p) for p in paths], out, fmt=fmt, err=err, jobs=jobs, rules={"min_faan": 0})
        outs.append((out.getvalue(), err.getvalue(), json.dumps(summary, sort_keys=True)))
    return outs


@pytest.mark.parametrize("fmt", ["text", "jsonl"])
@pytest.mark.parametrize("cols", [80, 132, 60])
def test_quick_path_writes_the_plain_path_bytes_on_mixed_records(tmp_path, monkeypatch, fmt, cols):
    f = _mixed(tmp_path, 500, seed=cols)
    quick, plain = _both(monkeypatch, [f], fmt, cols)
    assert quick == plain
    assert quick[0].count("\n") > 500


@pytest.mark.parametrize("fmt", ["text", "jsonl"])
@pytest.mark.parametrize("cols", [80, 60])
def test_quick_path_on_two_processes_writes_the_plain_path_bytes(tmp_path, monkeypatch, fmt, cols):
    f = _mixed(tmp_path, 1200, seed=9)  # chunks of 256: the first scored here, the rest on the pool too
    quick, _ = _both(monkeypatch, [f], fmt, cols, jobs=2)
    _, plain = _both(monkeypatch, [f], fmt, cols, jobs=1)
    assert quick == plain


@pytest.mark.parametrize("fmt", ["text", "jsonl"])
def test_quick_path_writes_the_plain_path_bytes_on_every_example(monkeypatch, fmt):
    for path in EXAMPLES:
        if path.name == "classical-worked.yaml":
            continue  # (a worked example's record form, not a session: its own test)
        quick, plain = _both(monkeypatch, [path], fmt, 80)
        assert quick == plain, path.name


def test_quick_path_is_taken_where_it_applies(tmp_path, monkeypatch):
    # the comparison above means something only if the quick path runs: count its postings
    f = _mixed(tmp_path, 300, seed=4)
    taken = []
    real = Ledger.post_paid

    def counting(self, *a, **k):
        got = real(self, *a, **k)
        taken.append(got is not None)
        return got

    monkeypatch.setattr(Ledger, "post_paid", counting)
    run([str(f)], io.StringIO(), err=io.StringIO(), rules={"min_faan": 0})
    assert sum(taken) > 150 and not all(taken)  # most hands, not the new sessions or floats


def test_post_paid_holds_post_figures_hand_by_hand():
    rng = random.Random(7)
    seats = "ESWN"
    quick, plain = Ledger(1000), Ledger(1000)
    compared = 0
    for _ in range(3000):
        players = 4 if rng.random() < 0.9 else 3
        name = rng.choice(("x", "y")) + str(players)
        winner = rng.choice(seats[:players])
        transfers = [Transfer(s, winner, rng.choice((1, 2, 8, 64, 0)), "") for s in seats[:players] if s != winner]
        paid = paid_by_seat(transfers, players)
        assert paid is not None and sum(paid) == 0
        got = quick.post_paid(name, players, paid, "hk-old", "faan")
        if got is None:
            got = quick.post(name, players, [(t.frm, t.to, t.amount) for t in transfers], 0, None, "hk-old", "faan")
        else:
            assert isinstance(got, Quick)
            compared += 1
        want = plain.post(name, players, [(t.frm, t.to, t.amount) for t in transfers], 0, None, "hk-old", "faan")
        assert (got.hand_no, got.paid, got.standings) == (want.hand_no, want.paid, want.standings)
    assert compared > 2000
    assert quick.summary() == plain.summary()


@pytest.mark.parametrize("players", [4, 3])
def test_post_paid_refuses_payments_that_do_not_sum_to_zero(players):
    ledger = Ledger(1000)
    ledger.post("x", players, [("S", "E", 8)], 0, None, "hk-old", "faan")
    before = ledger.summary()
    for paid in [(1,) + (0,) * (players - 1), (8, -8) + (1,) * (players - 2)]:
        assert ledger.post_paid("x", players, paid, "hk-old", "faan") is None
    assert ledger.summary() == before
    assert ledger.post_paid("x", players, (8, -8) + (0,) * (players - 2), "hk-old", "faan").standings_t[:2] == (1016, 984)


def test_paid_by_seat_refuses_what_the_quick_path_cannot_post():
    assert paid_by_seat([Transfer("E", "S", 2.5, "")], 4) is None  # a float amount
    assert paid_by_seat([Transfer("pot", "S", 1000, "")], 4) is None  # a party that is no seat
    assert paid_by_seat([Transfer("N", "S", 8, "")], 3) is None  # no N at a three-player table
    assert paid_by_seat([Transfer("E", "S", 8, ""), Transfer("W", "S", 4, "")], 4) == (-8, 12, -4, 0)
