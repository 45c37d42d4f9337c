"""`mjscore batch`: input formats, stdin, bad records with file and line, exit statuses, --strict,
--out atomicity, --jobs order, the progress bar, the ledger, bounded memory, the example session."""
import io
import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from scorer.batch import jobs as batch_jobs
from scorer.batch import read as batch_read
from scorer.cli.batch import run
from scorer.cli.main import main
from scorer.core import engine
from tests.gen import random_context, random_winning

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "hk-old-session.yaml"

# Two hk-old hands with known payments (3 faan with min_faan 1; a limit hand).
H1 = {"hand": "[CCC,2] [234s,1] 678m 99p 55s 5s", "self_draw": True, "seat": "W", "rules": {"min_faan": 1}}
N1 = {"E": -4, "S": -2, "W": 8, "N": -2}
H2 = {"hand": "111m 999m 111p 999p EE", "discarder": "S", "seat": "W"}
N2 = {"E": -64, "S": -64, "W": 192, "N": -64}


def batch(*args, input=None):
    r = CliRunner().invoke(main, ["batch", *map(str, args)], input=input)
    return r


def jsonl(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def scored(rows):
    return [r for r in rows if "hand" in r and "error" not in r]


# ---- formats -----------------------------------------------------------------------------------

def test_yaml_list_scores_each_record_with_ledger(tmp_path):
    f = tmp_path / "night.yaml"
    f.write_text(yaml.safe_dump([H1, H2], sort_keys=False))
    r = batch(f, "--format", "jsonl", "--start", 2000)
    assert r.exit_code == 0, r.stderr
    rows = jsonl(r.stdout)
    assert [x["net"] for x in scored(rows)] == [N1, N2]
    starts = [n for n, line in enumerate(f.read_text().splitlines(), 1) if line.startswith("- ")]
    assert [x["line"] for x in scored(rows)] == starts and len(starts) == 2
    assert rows[1]["ledger"]["standings"] == {"E": 1932, "S": 1934, "W": 2200, "N": 1934}
    summary = rows[-1]["summary"]
    assert summary["scored"] == 2 and summary["rejected"] == 0
    assert summary["sessions"][0]["final"] == {"E": 1932, "S": 1934, "W": 2200, "N": 1934}


def test_multi_document_yaml_with_a_header_document(tmp_path):
    f = tmp_path / "night.yml"
    f.write_text("session: Tue\nstart: 500\nrules: {min_faan: 1}\n---\n"
                 "hand: '[CCC,2] [234s,1] 678m 99p 55s 5s'\nself_draw: true\nseat: W\n---\n"
                 "hand: '111m 999m 111p 999p EE'\ndiscarder: S\nseat: W\nrules: {limit_pay: 32}\n")
    rows = jsonl(batch(f, "--format", "jsonl").stdout)
    assert [(x["line"], x["session"]) for x in scored(rows)] == [(5, "Tue"), (9, "Tue")]
    assert scored(rows)[1]["net"] == {"E": -32, "S": -32, "W": 96, "N": -32}  # header rules merged, not replaced
    assert scored(rows)[1]["options"]["min_faan"] == 1
    assert rows[-1]["summary"]["sessions"][0]["final"]["W"] == 500 + 8 + 96


def test_jsonl_file_and_header_line(tmp_path):
    f = tmp_path / "n.jsonl"
    f.write_text(json.dumps({"session": "s1", "start": 100}) + "\n" + json.dumps(H1) + "\n\n" + json.dumps(H2) + "\n")
    rows = jsonl(batch(f, "--format", "jsonl").stdout)
    assert [(x["line"], x["net"]) for x in scored(rows)] == [(2, N1), (4, N2)]
    assert scored(rows)[1]["ledger"]["standings"]["W"] == 100 + 8 + 192


def test_csv_columns_rules_and_others(tmp_path):
    f = tmp_path / "n.csv"
    f.write_text("hand,variant,self_draw,discarder,seat,rules.min_faan,start,session\n"
                 '"[CCC,2] [234s,1] 678m 99p 55s 5s",hk-old,true,,W,1,1000,csv night\n'
                 "# a comment row,,,,,,,\n"
                 "111m 999m 111p 999p EE,,,S,W,,,csv night\n")
    r = batch(f, "--format", "csv")
    assert r.exit_code == 0, r.stderr
    rows = list(__import__("csv").DictReader(io.StringIO(r.stdout)))
    assert [(x["line"], x["paid_W"], x["after_W"]) for x in rows] == [("2", "8", "1008"), ("4", "192", "1200")]
    assert "csv night" in r.stderr and "final" in r.stderr  # the summary goes to stderr with --format csv


def test_text_and_json_output(tmp_path):
    f = tmp_path / "n.yaml"
    f.write_text(yaml.safe_dump([H1, H2]))
    r = CliRunner().invoke(main, ["batch", str(f), "--start", "2000"], env={"COLUMNS": "200"})  # the one-line form
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert "start 2000 each" in lines[0]
    assert any("limit" in x and "+192" in x and "2200" in x for x in lines)
    assert "Summary: 2 record(s): 2 scored, 0 rejected." in r.stdout
    doc = json.loads(batch(f, "--format", "json").stdout)
    assert [x["net"] for x in doc["records"]] == [N1, N2] and doc["summary"]["scored"] == 2
    long = batch(f, "--long").stdout
    assert "Payments" in long and "Ledger:" in long


# ---- stdin -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    json.dumps(H1) + "\n" + json.dumps(H2) + "\n",
    yaml.safe_dump([H1, H2]),
    "# a night\n---\n" + yaml.safe_dump(H1) + "---\n" + yaml.safe_dump(H2),
    "hand,self_draw,discarder,seat,rules.min_faan\n\"[CCC,2] [234s,1] 678m 99p 55s 5s\",yes,,W,1\n"
    "111m 999m 111p 999p EE,,S,W,\n",
], ids=["jsonl", "yaml-list", "yaml-docs", "csv"])
def test_stdin_is_sniffed(text):
    r = batch("-", "--format", "jsonl", input=text)
    assert r.exit_code == 0, r.stderr
    assert [x["net"] for x in scored(jsonl(r.stdout))] == [N1, N2]
    assert scored(jsonl(r.stdout))[0]["file"] == "<stdin>"


def test_stdin_input_format_flag():
    r = batch("-", "--input-format", "jsonl", "--format", "jsonl", input=json.dumps(H2) + "\n")
    assert r.exit_code == 0 and scored(jsonl(r.stdout))[0]["net"] == N2


# ---- bad records, exit statuses, --strict ------------------------------------------------------

def test_bad_records_are_reported_with_file_and_line_and_skipped(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(yaml.safe_dump([H1, {"hand": "123m 45x", "self_draw": True}, "just text",
                                 {"hand": 12345, "self_draw": True}, {**H2, "variant": "no-such"},
                                 {"seat": "W"}, {**H2, "seat": 5}, H2], sort_keys=False))
    r = batch(f, "--format", "jsonl")
    assert r.exit_code == 1
    rows = jsonl(r.stdout)
    assert [x["net"] for x in scored(rows)] == [N1, N2]
    errs = [x for x in rows if "error" in x]
    assert len(errs) == 6 and rows[-1]["summary"]["rejected"] == 6
    text = f.read_text().splitlines()
    for e in errs:  # the line named is where that record starts
        assert text[e["line"] - 1].startswith("- ")
        assert f"{f}:{e['line']}: " in r.stderr
    reasons = " | ".join(e["error"] for e in errs)
    for want in ("unexpected character 'x'", "a record is a mapping", "hand must be text",
                 "no ruleset 'no-such'", "no hand in this record", "seat must be one of"):
        assert want in reasons


def test_bad_jsonl_and_csv_lines(tmp_path):
    j = tmp_path / "x.jsonl"
    j.write_text(json.dumps(H1) + "\n{not json\n" + json.dumps({**H1, "discarder": "E"}) + "\n" + json.dumps(H2) + "\n")
    r = batch(j, "--format", "jsonl")
    assert r.exit_code == 1
    assert f"{j}:2: not valid JSON" in r.stderr and f"{j}:3: a hand is won one way only" in r.stderr
    assert len(scored(jsonl(r.stdout))) == 2
    c = tmp_path / "x.csv"
    c.write_text('hand,seat,discarder\n111m 999m 111p 999p EE,W,S\n"123m,W\n')
    r = batch(c)
    assert r.exit_code == 1 and f"{c}:3:" in r.stderr
    c.write_text("seat,discarder\nW,S\n")
    r = batch(c)
    assert r.exit_code == 2 and "no hand column" in r.stderr  # a file error, and nothing else was read


def test_yaml_syntax_error_keeps_earlier_records(tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text(yaml.safe_dump([H1, H2]) + "- hand: [unclosed\n  seat: W\n")
    r = batch(f, "--format", "jsonl")
    assert r.exit_code == 1
    assert len(scored(jsonl(r.stdout))) == 2
    assert f"{f}:" in r.stderr and "not valid YAML" in r.stderr


def test_exit_statuses(tmp_path):
    good = tmp_path / "g.jsonl"
    good.write_text(json.dumps(H2) + "\n")
    assert batch(good).exit_code == 0
    missing = tmp_path / "missing.yaml"
    r = batch(missing)
    assert r.exit_code == 2 and "nothing to score" in r.stderr
    empty = tmp_path / "e.yaml"
    empty.write_text("# nothing yet\n")
    assert batch(empty).exit_code == 2
    r = batch(good, missing)  # one readable file: the missing one is a rejected record
    assert r.exit_code == 1 and f"{missing}: cannot read" in r.stderr
    assert batch(good, "--format", "xml").exit_code == 2


def test_strict_stops_at_the_first_bad_record(tmp_path):
    f = tmp_path / "s.jsonl"
    f.write_text("\n".join(json.dumps(x) for x in (H1, {"hand": "zz"}, H2, {"hand": "yy"})) + "\n")
    r = batch(f, "--strict", "--format", "jsonl")
    assert r.exit_code == 1
    rows = jsonl(r.stdout)
    assert len(scored(rows)) == 1 and not any("summary" in x for x in rows)
    assert "stopped (--strict) at" in r.stderr and f"{f}:2" in r.stderr and f"{f}:4" not in r.stderr


# ---- --out -------------------------------------------------------------------------------------

def test_out_is_written_complete_or_not_at_all(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(x) for x in (H1, {"hand": "zz"}, H2)) + "\n")
    out = tmp_path / "out.jsonl"
    r = batch(src, "--format", "jsonl", "--out", out)
    assert r.exit_code == 1 and r.stdout == ""  # rejects do not stop a complete run from being written
    assert jsonl(out.read_text())[-1]["summary"]["records"] == 3
    before = out.read_text()
    r = batch(src, "--format", "jsonl", "--out", out, "--strict")
    assert r.exit_code == 1
    assert out.read_text() == before  # a stopped run leaves the previous complete file alone
    out2 = tmp_path / "never.jsonl"
    assert batch(tmp_path / "missing.yaml", "--out", out2).exit_code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "out.jsonl"]  # no temporary files left


def test_out_is_removed_when_interrupted(tmp_path, monkeypatch):
    from scorer.batch import run as batch_mod

    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(H2) for _ in range(50)) + "\n")
    real, calls = batch_mod.score_job, []

    def interrupted(job, mode="", compact=False):
        calls.append(1)
        if len(calls) == 20:
            raise KeyboardInterrupt
        return real(job, mode, compact)

    monkeypatch.setattr(batch_mod, "score_job", interrupted)
    r = batch(src, "--out", tmp_path / "out.txt")
    assert r.exit_code == 130
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


def test_out_is_removed_when_the_process_is_signalled(tmp_path):
    """A real interruption: SIGINT / SIGTERM to a run that is waiting for more input on a pipe."""
    for sig in (signal.SIGINT, signal.SIGTERM):
        out = tmp_path / "out.jsonl"
        p = subprocess.Popen([sys.executable, "-m", "scorer.cli", "batch", "-", "--input-format", "jsonl",
                              "--out", str(out)], stdin=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
        p.stdin.write((json.dumps(H2) + "\n").encode())
        p.stdin.flush()
        deadline = time.time() + 10
        while not any(x.name.endswith(".part") for x in tmp_path.iterdir()) and time.time() < deadline:
            time.sleep(0.02)
        time.sleep(0.3)
        p.send_signal(sig)
        p.wait(timeout=10)
        assert p.returncode != 0
        assert b"Traceback" not in p.stderr.read()
        assert list(tmp_path.iterdir()) == []


# ---- --jobs, progress ----------------------------------------------------------------------------

def _generated(tmp_path, n, seed=11, bad_every=0):
    rng = random.Random(seed)
    f = tmp_path / f"gen{n}.jsonl"
    with f.open("w") as fh:
        fh.write(json.dumps({"start": 1000}) + "\n")
        for i in range(n):
            rec = {"hand": random_winning(rng), **random_context(rng)}
            if bad_every and i % bad_every == 7:
                rec["hand"] = rec["hand"][:-2]
            fh.write(json.dumps(rec) + "\n")
    return f


def test_jobs_2_output_identical_to_jobs_1(tmp_path):
    f = _generated(tmp_path, 1200, bad_every=50)
    one = batch(f, "--format", "jsonl", "--jobs", 1)
    two = CliRunner().invoke(main, ["batch", str(f), "--format", "jsonl", "--jobs", "2"])
    assert one.exit_code == two.exit_code == 1
    assert one.stdout == two.stdout and one.stderr == two.stderr
    text1 = batch(f, "--jobs", 1).stdout
    assert batch(f, "--jobs", 3).stdout == text1


def test_no_progress_bar_unless_stderr_is_a_terminal(tmp_path):
    f = _generated(tmp_path, 300)
    r = batch(f)  # CliRunner's stderr is not a terminal
    assert "\r" not in r.stderr and "hands" not in r.stderr
    err = io.StringIO()
    run([str(f)], io.StringIO(), rules={"min_faan": 0}, progress=True, err=err)
    assert "\r[" in err.getvalue() and "hands" in err.getvalue()
    assert err.getvalue().endswith("\r\x1b[K")  # cleared at the end


# ---- streaming, memory -------------------------------------------------------------------------

_RSS = """
import resource, sys
from scorer.cli.batch import run
class Null:
    def write(self, s): return len(s)
    def flush(self): pass
s = run([sys.argv[1]], Null(), fmt="jsonl", err=Null())
try:  # VmHWM starts afresh at exec; ru_maxrss would carry the pytest parent's size over
    peak = next(int(x.split()[1]) for x in open("/proc/self/status") if x.startswith("VmHWM:"))
except OSError:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // (1024 if sys.platform == "darwin" else 1)
print(s["scored"], peak)
"""


def test_streaming_memory_stays_bounded(tmp_path):
    """Peak memory (peak RSS) scoring 12,000 records with --format jsonl is within a few MB of scoring
    400 of the same records: nothing is kept per record (a result dict alone is several KB, so keeping
    them would add 30 MB or more). bench/bench.py measures 1,000,000."""
    rng = random.Random(3)
    distinct = [json.dumps({"hand": random_winning(rng), **random_context(rng)}) for _ in range(200)]
    runs = {}
    for n in (400, 12000):
        f = tmp_path / f"big{n}.jsonl"
        with f.open("w") as fh:
            fh.write(json.dumps({"rules": {"min_faan": 0}, "start": 1000}) + "\n")
            for i in range(n):
                fh.write(distinct[i % len(distinct)] + "\n")
        out = subprocess.run([sys.executable, "-c", _RSS, str(f)], capture_output=True, text=True, cwd=ROOT,
                             check=True).stdout.split()
        assert int(out[0]) == n
        runs[n] = int(out[1]) * 1024
    grew = runs[12000] - runs[400]
    assert grew < 8_000_000, f"max RSS grew by {grew} bytes from 400 to 12,000 records"


# ---- the example session -----------------------------------------------------------------------

def test_example_session_runs_and_matches_the_engine():
    r = batch(EXAMPLE, "--format", "jsonl")
    assert r.exit_code == 1  # it has deliberate bad records
    rows = jsonl(r.stdout)
    data = yaml.safe_load(EXAMPLE.read_text())
    assert len(data["hands"]) >= 20 + 5
    good = scored(rows)
    errs = [x for x in rows if "error" in x]
    assert len(good) >= 20 and len(errs) == 5
    text = EXAMPLE.read_text().splitlines()
    for e in errs:  # every bad record is one the file's comments call BAD
        assert "BAD:" in text[e["line"] - 2] and f"{EXAMPLE}:{e['line']}:" in r.stderr
    standings = {s: 2000 for s in "ESWN"}
    records = rows[:-1]
    assert len(records) == len(data["hands"])
    for rec, row in zip(data["hands"], records):
        if "error" in row:
            continue
        rec = dict(rec)
        hand, var = rec.pop("hand"), rec.pop("variant", "hk-old")
        res = engine.score(hand, rec, variant=var)
        assert row["net"] == res.net and row["ledger"]["paid"] == res.net
        assert res.value.total >= 3
        standings = {s: standings[s] + res.net[s] for s in standings}
        assert row["ledger"]["standings"] == standings
    summary = rows[-1]["summary"]
    assert summary["sessions"][0]["session"] == "Friday at Mei's / table 1"
    assert summary["sessions"][0]["final"] == standings and sum(standings.values()) == 8000


def test_loss_cap_from_the_variant_option_through_batch(tmp_path):
    src = ROOT / "examples" / "hangzhou-session.yaml"
    if not src.exists():
        pytest.skip("no Hangzhou example yet")
    r = batch(src, "--format", "jsonl", "--rule", "session_loss_cap=40")
    rows = scored(jsonl(r.stdout))
    assert any("shortfalls" in x["ledger"] for x in rows)
    for x in rows:
        assert sum(x["ledger"]["paid"].values()) == 0
        assert min(x["ledger"]["standings"].values()) >= -40
    uncapped = scored(jsonl(batch(src, "--format", "jsonl").stdout))
    assert all("shortfalls" not in x["ledger"] for x in uncapped)
    assert [x["net"] for x in uncapped] == [x["net"] for x in rows]  # the cap changes the ledger, not the score


def test_overlong_line_is_a_rejected_record_and_the_rest_is_scored(tmp_path):
    from scorer.batch.read import MAX_LINE

    good = '{"hand": "123p 456p CCC NNN 55p", "seat": "N", "discarder": "S"}\n'
    path = tmp_path / "long.jsonl"
    path.write_text(good + '{"hand": "' + "1m" * MAX_LINE + '"}\n' + good)
    r = CliRunner().invoke(main, ["batch", str(path), "--format", "jsonl"])
    assert r.exit_code == 1
    assert f"long.jsonl:2: line longer than {MAX_LINE} bytes" in r.output
    assert r.output.count('"total"') == 2


def test_overlong_yaml_line_stops_the_file_with_a_message(tmp_path):
    from scorer.batch.read import MAX_LINE

    path = tmp_path / "long.yaml"
    path.write_text("- hand: '" + "1m" * MAX_LINE + "'\n")
    r = CliRunner().invoke(main, ["batch", str(path)])
    assert r.exit_code == 2 and "longer than" in r.output


def test_truncated_last_record(tmp_path):
    path = tmp_path / "cut.jsonl"
    path.write_text('{"hand": "123p 456p CCC NNN 55p", "seat": "N", "discarder": "S"}\n{"hand": "123p 4')
    r = CliRunner().invoke(main, ["batch", str(path), "--format", "jsonl"])
    assert r.exit_code == 1 and "cut.jsonl:2: not valid JSON" in r.output


def test_bad_encoding(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b'{"hand": "123p 456p CCC NNN 55p", "seat": "N", "discarder": "S"}\n{"hand": "\xff"}\n')
    r = CliRunner().invoke(main, ["batch", str(path), "--format", "jsonl"])
    assert r.exit_code == 1 and "bad.jsonl:2: not UTF-8" in r.output


class _Trickle:
    """A binary stream that hands out at most `step` bytes a read (a pipe, or a block edge anywhere)."""

    def __init__(self, data: bytes, step: int):
        self.data, self.step, self.pos = data, step, 0

    def read1(self, n=-1):
        out = self.data[self.pos:self.pos + min(self.step, n if n and n > 0 else self.step)]
        self.pos += len(out)
        return out


@pytest.mark.parametrize("step", [1, 7, 64, 65536])
def test_lines_are_cut_at_line_ends_whatever_the_blocks(step, monkeypatch):
    from scorer.batch import read as batch_mod  # the reader reads MAX_LINE from its own module

    monkeypatch.setattr(batch_mod, "MAX_LINE", 10)
    lines = [b"a" * 10 + b"\n", b"b" * 11 + b"\n", b"\n", b"c\r\n", b"d" * 40 + b"\n", b"e" * 3 + b"\n", b"f" * 10]
    got = list(batch_read._bounded_lines(_Trickle(b"".join(lines), step)))
    # a line of MAX_LINE bytes (its line end not counted) is read; longer ones come back as None
    assert got == [lines[0], None, b"\n", b"c\r\n", None, b"eee\n", b"f" * 10]
    assert list(batch_read._bounded_lines(_Trickle(b"g" * 25, step))) == [None]


@pytest.mark.parametrize("how", [{"group": 4}, {"processes": 2, "chunk": 2, "window": 1},
                                 {"processes": 3, "chunk": 3, "window": 1}])
def test_grouped_scoring_keeps_order_and_the_records_read_before_a_failure(how):
    """On one process in groups, and on a pool (chunks small enough that the pool fills up and the
    calling process scores some chunks itself): input order, and a reading failure comes after every
    record read before it."""
    from scorer.batch import run as batch_mod

    hands = ["123p 456p CCC NNN 55p", "[CCC,2] [234s,1] 678m 99p 55s 5s", "123m 456m 789m 11p 22p 2p"]
    jobs = [batch_jobs.Job("f", i + 1, "f", "hk-old", hands[i % 3], {"seat": "N", "discarder": "S",
                                                                   "rules": {"min_faan": 0}}) for i in range(31)]

    def reader():
        yield from jobs
        raise OSError("the disk went away")

    out = []
    with pytest.raises(OSError, match="disk"):
        for job, outcome in batch_mod.scored(reader(), **how):
            out.append((job.line, outcome["hand"]))
    assert out == [(i + 1, engine.score(hands[i % 3], seat="N", discarder="S", variant="hk-old",
                                        rules={"min_faan": 0}).hand.text()) for i in range(31)]
