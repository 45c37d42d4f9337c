"""Instructions a hand under valgrind's callgrind, for riichi or MCR (not a test): a count that the
machine's load does not move, for comparing two trees where timing cannot show a few percent.

Each count is two runs of this script's worker under callgrind, N new hands and none, after the
same warm-up (1,500 hands of another seed); the difference over N is printed. The cyclic garbage
collector is off after the warm-up and PYTHONHASHSEED is fixed: a full collection (about 150,000
instructions a hand of a 1,000-hand run) would otherwise fall in one run and not the other.
Hands and contexts are bench/competition.py's (tests/riichi_diff.py, tests/mcr_diff.py), scored
from their text.

    python bench/instructions.py riichi                 # this tree, 1,000 hands
    python bench/instructions.py mcr --n 2000 --against ../other-checkout
"""
from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def work(which: str, n: int) -> None:
    """Score the warm-up hands, then n new ones (the worker callgrind counts)."""
    import gc

    sys.path.insert(0, os.getcwd())
    from scorer.core.engine import score
    from scorer.errors import MjError
    from tests import mcr_diff, riichi_diff

    if which == "mcr":
        def cases(k, seed):
            rng = random.Random(seed)
            return [mcr_diff.make_case(rng)[:2] for _ in range(k)]
        rules = mcr_diff.RULES
    else:
        def cases(k, seed):
            return [(t, c) for t, _s, c, _k in riichi_diff.make_cases(k, seed)]
        rules = riichi_diff.OPTION_SETS[0][0]

    def run(cs):
        for text, ctx in cs:
            try:
                score(text, ctx, which, rules)
            except MjError:
                pass
    run(cases(1500, 1))
    todo = cases(n, 2)
    gc.collect()
    gc.disable()
    run(todo)


def count(tree: Path, which: str, n: int) -> int:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    got = []
    for k in (0, n):
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                              str(Path(__file__).resolve()), "--work", which, str(k)],
                             cwd=tree, env=env, capture_output=True, text=True, check=True).stderr
        got.append(int(re.search(r"Collected : (\d+)", out).group(1)))
    return (got[1] - got[0]) // n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("which", choices=("riichi", "mcr"))
    ap.add_argument("--n", type=int, default=1000, help="new hands counted (default 1,000)")
    ap.add_argument("--against", type=Path, help="another checkout, counted the same way")
    a = ap.parse_args()
    for tree in (ROOT, *([a.against.resolve()] if a.against else [])):
        print(f"{a.which:6s} {count(tree, a.which, a.n):9,d} instructions a hand  ({tree})", flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--work"]:  # (the worker callgrind runs)
        work(sys.argv[2], int(sys.argv[3]))
    else:
        main()
