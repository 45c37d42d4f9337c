"""Class 6: the batch machinery: a killed worker, too many jobs, unwritable outputs, interrupts."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from .util import HAND, ROOT, cli, one_line_error, refused

RECORD = json.dumps({"hand": HAND, "seat": "N", "discarder": "S"}) + "\n"


def _mjscore(*args, stdout=subprocess.PIPE, **kw):
    env = {**os.environ, "MJSCORE_CACHE": "off", "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "scorer.cli", *map(str, args)], cwd=ROOT, env=env,
                            stdout=stdout, stderr=subprocess.PIPE, text=True, **kw)


def _children(pid):
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="--jobs 2 needs two cores")
def test_a_killed_worker_is_an_error_with_an_account(tmp_path):
    f = tmp_path / "h.jsonl"
    f.write_text(RECORD * 400_000)
    out = tmp_path / "out.jsonl"
    with open(out, "w") as sink:
        p = _mjscore("batch", f, "-j", "2", "--format", "jsonl", stdout=sink)
        deadline = time.monotonic() + 10
        workers = []
        while not workers and time.monotonic() < deadline:
            time.sleep(0.3)
            workers = _children(p.pid)
        assert workers, "no worker started"
        time.sleep(0.5)
        os.kill(workers[0], signal.SIGKILL)
        t0 = time.monotonic()
        _, stderr = p.communicate(timeout=20)
    assert time.monotonic() - t0 < 10
    assert p.returncode == 3, stderr
    line = one_line_error(stderr, "scoring process died")
    written = out.read_text().count('"hand"')
    # the account: what was written is every record before the one named, and it says so
    first_lost = int(line.split(".jsonl:")[1].split(" ")[0])
    assert written == first_lost - 1 and f"{written} record(s) handled" in line
    assert not [c for c in _children(p.pid)]


def test_jobs_are_capped_at_the_cores(tmp_path):
    f = tmp_path / "h.jsonl"
    f.write_text(RECORD * 3)
    t0 = time.monotonic()
    r = cli("batch", f, "--jobs", "5000", "--format", "jsonl")
    assert r.exit_code == 0 and time.monotonic() - t0 < 10


@pytest.mark.parametrize("target, words", [("{tmp}/missing/out.txt", "no such folder"),
                                           ("/dev/full", "No space left"),
                                           ("/proc/version", "read-only")])
def test_unwritable_outputs_are_one_line(tmp_path, target, words):
    f = tmp_path / "h.jsonl"
    f.write_text(RECORD)
    refused(cli("batch", f, "--out", target.format(tmp=tmp_path)), words)


def test_ctrl_c_says_what_was_written(tmp_path):
    p = _mjscore("batch", "-", "--format", "jsonl", stdin=subprocess.PIPE)
    p.stdin.write(RECORD * 3)
    p.stdin.flush()
    time.sleep(1.5)  # scored one at a time as they come; the output waits in its block
    p.send_signal(signal.SIGINT)
    stdout, stderr = p.communicate(timeout=10)
    assert p.returncode == 130
    line = one_line_error(stderr, "interrupted", "3 record(s) handled (3 scored, 0 rejected)")
    assert "written" in line and stdout.count('"hand"') == 3


def test_sigterm_removes_the_part_file(tmp_path):
    out = tmp_path / "out.jsonl"
    p = _mjscore("batch", "-", "--out", out, stdin=subprocess.PIPE)
    p.stdin.write(RECORD)
    p.stdin.flush()
    time.sleep(1.0)
    p.terminate()
    p.communicate(timeout=10)
    assert p.returncode != 0 and "Traceback" not in (p.stderr.read() if p.stderr and not p.stderr.closed else "")
    assert not list(tmp_path.iterdir())
