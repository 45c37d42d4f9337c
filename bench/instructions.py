"""Instructions a hand under valgrind's callgrind, for riichi or MCR (not a test): a count that the
machine's load does not move, for comparing two trees where timing cannot show a few percent.

Each count is two runs of this script's worker under callgrind that do the same work but for the
N hands counted (scored in one run, not in the other), after the same warm-up (1,500 hands of
another seed); the difference over N is printed. The cyclic garbage collector is off after the
warm-up and PYTHONHASHSEED is fixed: a full collection (about 150,000 instructions a hand of a
1,000-hand run) would otherwise fall in one run and not the other. Hands and contexts are
bench/competition.py's (tests/riichi_diff.py, tests/mcr_diff.py).

Two ways of counting, after bench/competition.py's two figures:
- text (the default): new hands scored from their text and a context dict;
- `--objects`: score() given a Hand and a Context made before counting through the public API,
  after the same hands were scored from text, as in bench/competition.py, where each chunk's
  objects run follows its text run over the same hands (the caches keyed by content are warm).
  Counted so, 62d9a41 against 390b8a2 gave MCR a share of 0.62 (bench/competition.py timed 0.61).

    python bench/instructions.py riichi                 # this tree, 1,000 hands
    python bench/instructions.py mcr --n 2000 --against ../other-checkout
    python bench/instructions.py mcr --objects --against ../other-checkout
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


def work(which: str, n: int, scored: bool, objects: bool) -> None:
    """Score the warm-up hands, then the n counted ones when `scored` (the worker callgrind runs)."""
    import gc

    sys.path.insert(0, os.getcwd())
    try:
        from scorer.core.engine import score
        from tests import mcr_diff, riichi_diff
    except ImportError:  # a tree from before the packages (390b8a2, the base): its old homes
        sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
        import mcr_diff
        import riichi_diff

        from scorer.engine import score
    from scorer import make_context, parse_hand
    from scorer.errors import MjError

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
    made = []
    if objects:
        run(todo)  # (in both runs: what the counted run finds kept is the same)
        for text, ctx in todo:
            try:
                made.append((parse_hand(text), make_context(**ctx, rules=dict(rules))))
            except MjError:
                pass
    gc.collect()
    gc.disable()
    if not scored:
        return
    if not objects:
        run(todo)
        return
    for hand, ctx in made:
        try:
            score(hand, ctx, variant=which)
        except MjError:
            pass


def count(tree: Path, which: str, n: int, objects: bool) -> int:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    got = []
    for scored in ("0", "1"):
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                              str(Path(__file__).resolve()), "--work", which, str(n), scored, str(int(objects))],
                             cwd=tree, env=env, capture_output=True, text=True, check=True).stderr
        got.append(int(re.search(r"Collected : (\d+)", out).group(1)))
    return (got[1] - got[0]) // n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("which", choices=("riichi", "mcr"))
    ap.add_argument("--n", type=int, default=1000, help="hands counted (default 1,000)")
    ap.add_argument("--objects", action="store_true", help="count score() given a Hand and a Context")
    ap.add_argument("--against", type=Path, help="another checkout, counted the same way")
    a = ap.parse_args()
    what = "from objects" if a.objects else "from text"
    for tree in (ROOT, *([a.against.resolve()] if a.against else [])):
        print(f"{a.which:6s} {what}: {count(tree, a.which, a.n, a.objects):9,d} instructions a hand  ({tree})",
              flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--work"]:  # (the worker callgrind runs)
        work(sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1", sys.argv[5] == "1")
    else:
        main()
