"""Audit throughput on real Tenhou logs (not a test): games a second on one core, and the memory
it takes over thousands of files.

The real games of tests/data/tenhou (43 files, 46 games) are copied `--repeat` times into a
temporary folder as distinct files, and audited there as `mjscore audit` does (read, replay
through the table engine, compare, text report written to /dev/null). Figures, in CPU time of
this process (time.process_time: a shared machine's load does not count):

- setup: loading the ruleset and the table engine, once a process;
- cold: the first pass over the distinct games after that (no hand seen before: what an archive
  of games never seen costs);
- all: every copy (the later copies meet the scorer's value caches warm, so this is the
  optimistic figure; the cold one is the honest one for an archive);
- max RSS after a tenth of the files and after all of them (flat: nothing is kept a file).

    python bench/audit.py                 # 50 copies: 2,300 games
    python bench/audit.py --repeat 100 --jobs 2
"""
from __future__ import annotations

import argparse
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorer.audit.run import audit_files, flatten  # noqa: E402
from scorer.output.audit import TextReport  # noqa: E402

LOGS = sorted(p for p in (ROOT / "tests" / "data" / "tenhou").iterdir()
              if p.suffix in (".mjlog", ".xml", ".json"))


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def audit(paths, jobs) -> tuple[int, int, float]:
    """(games, hands, CPU seconds) of auditing `paths` into a text report thrown away."""
    report = TextReport()
    t = time.process_time()
    games = hands = 0
    for item in flatten(audit_files([str(p) for p in paths], jobs)):
        report.add(item)
        games += 1
        hands += len(getattr(item, "hands", ()))
    with open("/dev/null", "w") as null:
        report.finish(null.write)
    return games, hands, time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for k in range(args.repeat):
            for p in LOGS:
                q = Path(tmp) / f"{k:04d}-{p.name}"
                shutil.copyfile(p, q)
                paths.append(q)
        from scorer.table.game import Game

        t = time.process_time()
        Game("riichi", players=["a", "b", "c", "d"]).play(
            [("win", {"hands": [["a", "123m 456m 789m 123p 5p 5p"]], "self_draw": True})])
        print(f"setup: {time.process_time() - t:.2f} s CPU, once a process")
        first = paths[: len(LOGS)]
        games, hands, cpu = audit(first, 1)
        print(f"cold: {games} games ({hands} hands) in {cpu:.2f} s CPU: {games / cpu:.0f} games/s")
        tenth = max(len(LOGS), len(paths) // 10)
        g1, _, c1 = audit(paths[len(LOGS):tenth], args.jobs)
        rss1 = rss_mb()
        g2, h2, c2 = audit(paths[tenth:], args.jobs)
        rss2 = rss_mb()
        total, cpu_all = games + g1 + g2, cpu + c1 + c2
        note = " (this process only; the workers' CPU is not counted)" if args.jobs > 1 else ""
        print(f"all: {total} games in {cpu_all:.2f} s CPU: {total / cpu_all:.0f} games/s{note}")
        print(f"max RSS: {rss1:.0f} MB after {games + g1} games, {rss2:.0f} MB after {total}")


if __name__ == "__main__":
    main()
