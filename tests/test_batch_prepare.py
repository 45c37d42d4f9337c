"""The batch loop's shortcuts against the plain paths they stand for: Preparer (a header's work done
once, a record joined with it in one step) against prepare(), record by record and key by key; the
outcome members score_job keeps per ruleset, context, value and payments against the ones made
afresh; the text writer's one-line `_below` against wrap_text; the JSON Lines reader handing Jobs
on against Raws prepared one by one."""
from __future__ import annotations

import io
import json
import random

import pytest

from scorer.batch import jobs as batch_jobs
from scorer.batch import run as batch
from scorer.batch.read import Raw, read_jsonl
from scorer.batch.words import in_file_keys
from scorer.batch.write import INDENT, TextWriter
from scorer.errors import MjError
from scorer.output.width import wrap_text
from tests.gen import random_context, random_winning

_HEADERS = [
    {}, {"rules": {"min_faan": 0}}, {"session": "a"}, {"session": "", "table": 3}, {"table": 2.5},
    {"session": ["x"]}, {"session": True}, {"start": 1000}, {"start": {"E": 1, "S": 2, "W": 3, "N": 4}},
    {"start": "x"}, {"start": float("inf")}, {"variant": "hk"}, {"variant": ""}, {"variant": 3},
    {"rules": None}, {"rules": 5}, {"rules": {"min_faan": 1}, "players": 4, "session": "s", "table": 1},
    {"players": 3}, {"seat": "E"}, {"hand": "x"}, {1: 2}, {"comment": "c"}, {"claim": 8},
]
_EXTRA = [{}, {"session": "b"}, {"rules": {"min_faan": 2}}, {"others": {"S": "1m"}}, {"others": 3},
          {"variant": "zung-jung"}, {"start": 500}, {"claim": 8}, {"claim": "x"}, {"note": "n"},
          {"expect": 1}, {"names": {"E": "a"}}, {"players": 4}, {"event": "draw"}, {1: 2},
          {"hand": 5}, {"hand": None}, {"xyz": 1}, {"kong_draw": True}]


def _raws(n: int, seed: int) -> list:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        data = {"hand": random_winning(rng), **random_context(rng)}
        if rng.random() < 0.5:
            data.update(rng.choice(_EXTRA))
        if rng.random() < 0.05:
            data.pop("hand", None)
        if rng.random() < 0.03:
            data = rng.choice([[1], "text", 3, None])
        defaults = rng.choice(_HEADERS)
        out.append(Raw(rng.choice(("f.jsonl", "g.yaml")), i + 1, data, "", defaults))
        if rng.random() < 0.02:
            out.append(Raw("f.jsonl", i + 1, error="not valid JSON", file_error=rng.random() < 0.5))
    return out


def _house(var):
    return {"min_faan": 5} if var == "hk" else {}


@pytest.mark.parametrize("args", [("hk-old", None, None), ("hk-old", {"min_faan": 0}, None),
                                  ("zung-jung", {"min_faan": 0, "x": 1}, _house), ("hk", None, _house)])
def test_preparer_makes_prepare_jobs_key_by_key(args, monkeypatch):
    raws = _raws(3000, seed=len(str(args)))
    plain = [batch_jobs.prepare(raw, *args) for raw in raws]
    taken = []
    real = batch_jobs.prepare

    def counting(*a, **k):
        taken.append(1)
        return real(*a, **k)

    monkeypatch.setattr(batch_jobs, "prepare", counting)
    prep = batch_jobs.Preparer(*args)
    fast = [prep(raw) for raw in raws]
    for raw, p, f in zip(raws, plain, fast):
        assert p == f, (raw, p, f)
        assert type(p) is type(f)
        if p.ctx is not None:  # the context's keys in the same order, the rules in the same place
            assert list(p.ctx.items()) == list(f.ctx.items()), raw
    assert len(taken) > 100 and len(raws) - len(taken) > 500  # both ways are taken


def test_jsonl_reader_hands_on_the_preparer_jobs(tmp_path):
    rng = random.Random(3)
    lines = [json.dumps({"rules": {"min_faan": 0}})]
    for i in range(500):
        rec = {"hand": random_winning(rng), **random_context(rng)}
        pick = rng.random()
        if pick < 0.05:
            lines.append(json.dumps({"session": f"s{i}", "start": 100}))
        elif pick < 0.08:
            lines.append('{"hand": "123m", ')
        elif pick < 0.1:
            lines.append("")
        lines.append(json.dumps(rec))
    data = ("\ufeff" + "\n".join(lines) + "\n").encode()
    args = ("hk-old", {"min_faan": 1}, None)
    plain = [batch_jobs.prepare(raw, *args) for raw in read_jsonl(io.BytesIO(data), "f")]
    fast = list(read_jsonl(io.BytesIO(data), "f", batch_jobs.Preparer(*args)))
    assert plain == fast and len(plain) > 500


_TRICKY_LINES = [
    '{"hand": "123m\\u0034m 456p 789s EE 5p5p", "seat": "E"}', '{"hand": "123m\t456p 789s EE 5p5p 5p", "seat": "E"}',
    '{"hand": "123m 456p 789s EE 5p5p\x7f", "seat": "E"}', '{"hand": "123m 456p 789s EE \u2028 5p5p", "seat": "E"}',
    '{"hand": "123m 456p 789s EEE 5p5p", "seat": "E", "hand": "111m 456p 789s EEE 5p5p"}',
    '{"hand": "123m 456p 789s EEE 5p5p", "\\u0068and": "111m 456p 789s EEE 5p5p"}',
    '{"hand": "123m 456p 789s EEE 5p5p", "rules": {"min_faan": 3}}', '{"hand": "123m 456p 789s EEE 5p5p", "others": {}}',
    '{"hand": "123m 456p 789s EEE 5p5p", "session": "x"}', '{"hand": "123m 456p 789s EEE 5p5p", "variant": "hk"}',
    '{"hand": "123m 456p 789s EEE 5p5p", "start": 10}', '{"hand": "123m 456p 789s EEE 5p5p", "note": "n"}',
    '{"hand": "123m 456p 789s EEE 5p5p", "claim": 8}', '{"hand": "123m 456p 789s EEE 5p5p", "seat": }',
    '{"hand": "123m 456p 789s EEE 5p5p"} {}', '{"hand": "123m 456p 789s EEE 5p5p"', '{"hand": "123m 4\\"56p"}',
    '{"hand": "123m 456p 789s EEE 5p5p", "streak": NaN, "x": 1e400}', '{"hand": "", "seat": "S"}',
    '{"hand": "123m 456p 789s EEE 5p5p", "seat": "E", "self_draw": true, "wild": null, "dealer": "E"}',
    '{"hand": "123m 456p 789s EEE 5p5p", "seat": "E", "seat": "W"}', '{"hand": "1", "x": [1, [2]]}',
    '  {"hand": "123m 456p 789s EEE 5p5p", "seat": "E"}', '{"hand": "123m 456p 789s EEE 5p5p" , "seat" : "N" }  ',
    '{"hand": "123m 456p 789s EEE 5p5p", "seat": "E"}', '{"hand": "\U0001f007\U0001f008", "seat": "E"}',
    '{"hand": "123m 456p 789s EEE 5p5p", "seat": "E", "x": ' + "[" * 30 + "]" * 30 + "}",
]


def test_jsonl_reader_slices_the_hand_out_as_json_reads_it():
    """Preparer.line (the hand sliced out, the rest of the line read once per text) against the
    line read as JSON and prepared: escapes, control and unprintable characters, a second `hand`
    (plain or escaped), containers, the keys prepare() reads itself, bad JSON, headers between."""
    rng = random.Random(4)
    lines = []
    for i in range(600):
        if rng.random() < 0.1:
            lines.append(json.dumps(rng.choice([{"rules": {"min_faan": 0}}, {"session": f"s{i}", "start": 100},
                                                {"variant": "hk", "players": 4}, {"session": ["x"]}])))
        rec = {"hand": random_winning(rng), **random_context(rng)}
        lines.append(rng.choice(_TRICKY_LINES) if rng.random() < 0.4 else json.dumps(rec))
    data = ("\n".join(lines + _TRICKY_LINES) + "\n").encode()
    args = ("hk-old", {"min_faan": 1}, None)
    prep = batch_jobs.Preparer(*args)
    sliced = []
    real = prep.line

    def line(*a):
        job = real(*a)
        sliced.append(job is not None)
        return job

    prep.line = line
    plain = [batch_jobs.prepare(raw, *args) for raw in read_jsonl(io.BytesIO(data), "f")]
    fast = list(read_jsonl(io.BytesIO(data), "f", prep))
    assert plain == fast
    for p, f in zip(plain, fast):
        if p.ctx is not None:
            assert list(p.ctx.items()) == list(f.ctx.items()), p
    assert 300 < sum(sliced) < len(sliced) - 200  # both ways are taken
    # the records of one line context share its dict, whose rules score_job takes apart once (_split)
    assert [batch.score_job(j, "full") for j in fast] == [batch.score_job(j, "full") for j in plain]


def _outcomes(jobs, mode, fresh):
    out = []
    for job in jobs:
        if fresh:
            batch._payment_members.cache_clear()
            batch._by_value.cache_clear()
        out.append(batch.score_job(job, mode))
    return out


@pytest.mark.parametrize("mode", ["row", "jsonl", "", "full"])
def test_kept_outcome_members_are_the_ones_made_afresh(mode):
    rng = random.Random(11)
    prep = batch_jobs.Preparer("hk-old", {"min_faan": 0})
    jobs = []
    for i in range(400):
        rec = {"hand": random_winning(rng), **random_context(rng)}
        if i % 7 == 0:
            rec["variant"] = rng.choice(("zung-jung", "hk", "hangzhou"))
        if i % 11 == 0:
            rec["rules"] = {"min_faan": 1}
        if i % 13 == 0:  # a refused rule, an unknown one, a container in the context
            rec.update(rng.choice([{"rules": {"min_faan": "x"}}, {"rules": {"nope": 1}}, {"others": {"S": "1m"}}]))
        jobs.append(prep(Raw("f", i + 1, rec)))
    warm = _outcomes(jobs + jobs[::-1], mode, fresh=False)  # every entry used again
    fresh = _outcomes(jobs + jobs[::-1], mode, fresh=True)
    assert warm == fresh
    assert sum("error" not in o for o in warm) > 300
    for job, got in zip(jobs, warm):  # and each is what the members are made of, made here
        if "error" not in got:
            assert got == _plain(job, mode), job
        else:  # (score_job hands the engine a record's rules apart from its context)
            with pytest.raises(MjError) as refused:
                _plain(job, mode)
            assert got["error"] == in_file_keys(str(refused.value)), job  # (in the file's keys)


def _row_middle(outcome, paid):
    """A text row's middle as the plain row writes it: HEAD_MIDDLE's fields in one template, then
    each seat's payment (the parts score_job keeps must join to this)."""
    from scorer.batch.write import HEAD_MIDDLE, _paid_texts, _value_text

    n = len(paid)
    return (HEAD_MIDDLE + "%7s" * n) % (outcome["seat"], outcome["win"], _value_text(outcome),
                                        *_paid_texts(paid, range(n)))


def _plain(job, mode):
    """score_job's outcome as it was made before the kept members: every member from the result."""
    from scorer.batch.jsonline import encode
    from scorer.batch.ledger import paid_by_seat
    from scorer.core import engine
    from scorer.output.results import result_dict

    r = engine.score(job.hand, job.ctx, variant=job.variant)
    v, ctx = r.value, r.ctx
    out = {"variant": r.variant.id, "hand": r.hand.text(), "seat": ctx.seat, "players": ctx.players,
           "win": batch._win_text(ctx), "total": v.total, "unit": v.unit, "limit": v.limit,
           "items": tuple(i.label + (f" x{i.count}" if i.count > 1 else "") for i in v.items),
           "transfers": [(t.frm, t.to, t.amount) for t in r.transfers],
           "cap": r.options.get("session_loss_cap", 0) or 0}
    if mode in ("row", "jsonl") and not out["cap"]:
        paid = paid_by_seat(r.transfers, ctx.players)
        if paid is not None:
            out["paid"] = paid
            if mode == "row":
                out["middle"] = _row_middle(out, paid)
    if mode == "jsonl":
        out["json"] = encode(result_dict(r))[1:-1]
    elif mode == "full":
        out["full"] = result_dict(r)
    return out


@pytest.mark.parametrize("cols", [20, 40, 60, 80])
def test_below_on_one_line_is_wrap_text(cols):
    rng = random.Random(cols)
    w = TextWriter(io.StringIO(), cols=cols)
    words = ["123m", "[567s,1]", "EEE", "x" * 30, "\u4e2d\u6587", "a\tb", "", "  ", "\x0b", "FF"]
    for _ in range(3000):
        text = rng.choice(("", " ", "  ")).join(rng.choice(words) for _ in range(rng.randrange(0, 8)))
        want = "\n".join(wrap_text(text, cols, INDENT, INDENT)) + "\n"
        assert w._below(text) == want, repr(text)


@pytest.mark.parametrize("mode", ["row", "jsonl"])
def test_compact_outcome_expands_to_the_outcome(mode):
    rng = random.Random(5)
    prep = batch_jobs.Preparer("hk-old", {"min_faan": 0})
    compared = 0
    for i in range(300):
        rec = {"hand": random_winning(rng), **random_context(rng)}
        if i % 9 == 0:
            rec["variant"] = "hangzhou"  # a loss cap: no quick payments
        if i % 13 == 0:
            rec["claim"] = 8
        job = prep(Raw("f", i + 1, rec))
        compact = batch.score_job(job, mode, True)
        compared += compact.__class__ is tuple
        assert batch.expand(compact) == batch.score_job(job, mode)
    assert compared > 200


@pytest.mark.parametrize("fmt", ["text", "jsonl"])
def test_two_processes_write_the_bytes_of_one(tmp_path, monkeypatch, fmt):
    from scorer.cli.batch import run

    rng = random.Random(8)
    f = tmp_path / "n.jsonl"
    lines = [json.dumps({"start": 1000})]
    for i in range(1500):
        rec = {"hand": random_winning(rng), **random_context(rng), "session": rng.choice("ab")}
        if i % 50 == 0:
            rec["hand"] = rec["hand"][:-2]
        lines.append(json.dumps(rec))
    f.write_text("\n".join(lines) + "\n")
    monkeypatch.setenv("COLUMNS", "80")
    outs = []
    for jobs in (1, 2):
        out, err = io.StringIO(), io.StringIO()
        summary = run([str(f)], out, fmt=fmt, err=err, jobs=jobs, rules={"min_faan": 0})
        outs.append((out.getvalue(), err.getvalue(), json.dumps(summary, sort_keys=True)))
    assert outs[0] == outs[1]


@pytest.mark.parametrize("mode", ["row", "jsonl"])
def test_a_workers_coded_outcomes_decode_to_its_outcomes(mode, monkeypatch):
    """_work_chunk sends each kept members dict once (then its number), starting again when its
    table is full; _decoded gives back every outcome, chunk after chunk, across the new epochs."""
    monkeypatch.setattr(batch, "_SENT", {})
    monkeypatch.setattr(batch, "_EPOCH", [0, 0])
    monkeypatch.setattr(batch, "MAX_SENT", 150)
    rng = random.Random(12)
    prep = batch_jobs.Preparer("hk-old", {"min_faan": 0})
    jobs = [prep(Raw("f", i + 1, {"hand": random_winning(rng), **random_context(rng)})) for i in range(600)]
    tables: dict = {}
    numbers = epochs = 0
    for start in range(0, len(jobs), 50):
        part = jobs[start:start + 50]
        result = batch._work_chunk(([batch._shipped(j) for j in part], mode, True))
        numbers += sum(o.__class__ is tuple and o[0].__class__ is int for o in result[2])
        epochs = result[1]
        got = batch._decoded(result, tables)
        assert [batch.expand(o) for o in got] == [batch.score_job(j, mode) for j in part]
    assert numbers > 30 and epochs > 1, (numbers, epochs)  # sent by number, the table started again
