"""The live table at 10,000 events: `table show`, `table win` and `table undo` timed (not a test).

Builds a Xiamen table (no session end by default) of N events in a cycle of four: a win by the
player after the banker (self-drawn), a false win, a concealed kong and a draw, so the deal, the
streak and the standings all move. The table is built once per N and kept in --dir. Each command is
then run R times as a user runs it (a new `python -m scorer.cli` process: start-up included; its
wall time and its CPU time, which a loaded machine does not inflate) and in this process
(CliRunner: the command's own work); the median of each is printed. `table win` is
followed by `table undo` so every run sees N events.

    python bench/table.py                 # 10,000 events, 5 runs each
    python bench/table.py --events 2000 --runs 3
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HAND = "123m 456m 789m EEE 555p 7s 7s"  # a plain Xiamen win (tests/test_xiamen.py PLAIN), gold 9s


def build(path: str, n: int) -> None:
    from scorer.table.book import Table, new_table

    new_table(path, "xiamen", ["Ann", "Bo", "Cy", "Di"], {}, force=True, by="bench")
    with Table(path) as t:
        for i in range(n):
            state = t.state()
            after = t.players[(state["dealer"] + 1) % 4]
            step = i % 4
            if step == 0:
                t.add("win", {"hands": [[after, HAND]], "self_draw": True, "indicator": "9s"}, by="bench")
            elif step == 1:
                t.add("false_win", {"seat": after, "total": 3, "self_draw": True}, by="bench")
            elif step == 2:
                t.add("kong", {"seat": after, "kong": "concealed", "chain": 1}, by="bench")
            else:
                t.add("draw", {}, by="bench")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--dir", default=os.environ.get("TMPDIR", "/tmp"))
    a = ap.parse_args()
    os.environ.setdefault("MJSCORE_USER", "bench")
    path = os.path.join(a.dir, f"mjscore-bench-{a.events}.mj")
    if not os.path.exists(path):
        t0 = time.perf_counter()
        build(path, a.events)
        print(f"built {path}: {a.events} events in {time.perf_counter() - t0:.1f} s")
    from click.testing import CliRunner

    from scorer.cli.main import main as cli
    from scorer.table.book import Table

    with Table(path) as t:
        winner = t.players[(t.state()["dealer"] + 1) % 4]
    commands = {
        "show": [["table", "show", path]],
        "win": [["table", "win", path, HAND, "--winner", winner, "--self-draw", "--indicator", "9s"],
                ["table", "undo", path]],
        "undo": [["table", "undo", path],
                 ["table", "win", path, HAND, "--winner", winner, "--self-draw", "--indicator", "9s"]],
    }
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runner = CliRunner()
    print(f"{'command':<8}{'process ms':>12}{'its CPU ms':>12}{'in-process ms':>15}")
    for name, (cmd, restore) in ((k, (v[0], v[1] if len(v) > 1 else None)) for k, v in commands.items()):
        walls, cpus, inner = [], [], []
        for _ in range(a.runs):
            t0 = time.perf_counter()
            u0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            r = subprocess.run([sys.executable, "-m", "scorer.cli", *cmd], env=env, capture_output=True, text=True)
            walls.append(time.perf_counter() - t0)
            u1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(u1.ru_utime - u0.ru_utime + u1.ru_stime - u0.ru_stime)
            assert r.returncode == 0, r.stderr
            if restore:
                subprocess.run([sys.executable, "-m", "scorer.cli", *restore], env=env, capture_output=True)
            t0 = time.perf_counter()
            res = runner.invoke(cli, cmd)
            inner.append(time.perf_counter() - t0)
            assert res.exit_code == 0, res.output
            if restore:
                runner.invoke(cli, restore)
        print(f"{name:<8}{statistics.median(walls) * 1000:>12.0f}{statistics.median(cpus) * 1000:>12.0f}"
              f"{statistics.median(inner) * 1000:>15.0f}")


if __name__ == "__main__":
    main()
