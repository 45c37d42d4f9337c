"""Helpers of the hostile-input tests: run the CLI in-process (CliRunner) or, where a case needs a
bound on time and memory, as a subprocess under a resource limit (1 GiB address space, 10 s)."""
from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from scorer.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HAND = "123p 456p CCC NNN 55p"  # hk-old: N wins on S's discard, 6 faan
GOOD = ["--seat", "N", "--discarder", "S"]
MEMORY = 1 << 30
SECONDS = 10


def cli(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def _limits():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (SECONDS, SECONDS))


def limited(*args, input=None, timeout=SECONDS, env=None):
    """(status, stdout, stderr, seconds) of `mjscore ARGS` run under 1 GiB and 10 s of CPU."""
    t0 = time.monotonic()
    e = {**os.environ, "MJSCORE_CACHE": "off", **(env or {})}
    p = subprocess.run([sys.executable, "-m", "scorer.cli", *map(str, args)], input=input, capture_output=True,
                       text=True, timeout=timeout, preexec_fn=_limits, cwd=ROOT, env=e)
    return p.returncode, p.stdout, p.stderr, time.monotonic() - t0


def one_line_error(stderr: str, *words) -> str:
    """The stderr of a refusal: exactly one line, no traceback, naming every word given."""
    lines = [x for x in stderr.splitlines() if x.strip()]
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr and "internal error" not in stderr, stderr
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


def refused(r, *words, code=2):
    """A CliRunner result that is a refusal with exit `code` and one line naming `words`."""
    assert r.exit_code == code, (r.exit_code, r.output, r.stderr)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    return one_line_error(r.stderr, *words)
