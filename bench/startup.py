"""Start-up of the `mjscore` command as whole processes (not a test): `mjscore --help`, one `score`
and one `table win` on a fresh table, each run as `python -m scorer.cli` in a new process.

Wall time on a shared machine drifts with the load, so each command is also counted in CPU
instructions under valgrind's callgrind (deterministic, whatever the load): `--callgrind` prints
the instructions of one run, and `--against TREE` the same commands from another checkout (the
tree before a change) side by side.

    python bench/startup.py                    # wall time: median and best of --repeat runs
    python bench/startup.py --callgrind --against ../wt-base
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HAND = "123p 456p CCC NNN 55p"


def commands(tmp: str) -> list[tuple[str, list[str], list[str] | None]]:
    """(name, mjscore arguments, the arguments that prepare a fresh table first, or None)."""
    table = os.path.join(tmp, "t.db")
    new = ["table", "new", table, "-v", "hk-old", "--players", "Ann,Bob,Cat,Dan", "--force"]
    return [("mjscore --help", ["--help"], None),
            ("mjscore score (one hand)", ["score", HAND, "--seat", "N", "--discarder", "S"], None),
            ("mjscore table win", ["table", "win", table, HAND, "--winner", "Dan", "--discarder", "Bob"], new)]


def _run(tree: Path, args, prefix=()) -> subprocess.CompletedProcess:
    # compiled modules kept outside the trees (a checkout measured for comparison is not written to)
    # and the compiled rulesets in a cache of the bench's own (a shared one is evicted by other runs)
    cache = os.path.join(tempfile.gettempdir(), "mjscore-startup", tree.name)
    env = {**os.environ, "PYTHONPATH": str(tree), "COLUMNS": "80", "MJSCORE_CONFIG": "", "MJSCORE_USER": "bench",
           "PYTHONPYCACHEPREFIX": os.path.join(cache, "pyc"), "XDG_CACHE_HOME": os.path.join(cache, "cache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as a user runs it: compiled once, then read
    return subprocess.run([*prefix, sys.executable, "-m", "scorer.cli", *args], env=env, cwd=tree,
                          capture_output=True, text=True)


def wall(tree: Path, repeat: int) -> dict:
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, args, prepare in commands(tmp):
            _run(tree, args if not prepare else prepare)  # warm
            times = []
            for _ in range(repeat):
                if prepare:
                    _run(tree, prepare)
                t0 = time.perf_counter()
                p = _run(tree, args)
                times.append(time.perf_counter() - t0)
                if p.returncode:
                    raise SystemExit(f"{name} failed: {p.stderr.strip()}")
            out[name] = (statistics.median(times), min(times))
    return out


def instructions(tree: Path) -> dict:
    if not shutil.which("valgrind"):
        raise SystemExit("--callgrind needs valgrind")
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, args, prepare in commands(tmp):
            for _ in range(2):  # warm: the compiled modules and the ruleset cache written, as a user has them
                if prepare:
                    _run(tree, prepare)
                _run(tree, args)
            if prepare:
                _run(tree, prepare)
            p = _run(tree, args, ("valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out"))
            m = re.search(r"Collected : (\d+)", p.stderr)
            out[name] = int(m.group(1)) if m else None
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--callgrind", action="store_true", help="count instructions instead of timing")
    ap.add_argument("--against", type=Path, help="another checkout to measure the same way")
    a = ap.parse_args(argv)
    trees = [ROOT] + ([a.against.resolve()] if a.against else [])
    if a.callgrind:
        got = [instructions(t) for t in trees]
        for name in got[0]:
            line = f"{name:<26} {got[0][name] / 1e6:9.1f} M instructions"
            if len(got) > 1:
                line += f"   {trees[1].name}: {got[1][name] / 1e6:9.1f} M  ({got[0][name] / got[1][name]:.3f}x)"
            print(line)
        return
    for t in trees:
        for name, (med, best) in wall(t, a.repeat).items():
            print(f"{t.name:<10} {name:<26} median {med * 1000:6.0f} ms   best {best * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
