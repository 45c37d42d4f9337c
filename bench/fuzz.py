"""Fuzz run (not a test): N cases of random strings, random bytes and near-miss hands through the
library for every shipped ruleset, plus a share through the CLI. Prints the count and any case that
raised something other than MjError (exit status 2). Usage: python bench/fuzz.py [--n 100000]"""
import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from click.testing import CliRunner  # noqa: E402

from scorer.cli.main import main  # noqa: E402
from scorer.core import engine  # noqa: E402
from scorer.errors import MjError  # noqa: E402
from scorer.rulesets.files import shipped_ids
from tests.fuzzing import contexts, near_miss, random_bytes_text, random_string  # noqa: E402


def run(n: int, seed: int) -> int:
    rng = random.Random(seed)
    gens = [random_string, random_bytes_text, near_miss]
    variants = shipped_ids()
    bad = 0
    runner = CliRunner()
    t0 = time.perf_counter()
    for i in range(n):
        text = gens[i % 3](rng)
        if i % 50 == 0:
            r = runner.invoke(main, ["score", text, *contexts(rng)])
            if r.exit_code not in (0, 2) or "Traceback" in r.output:
                bad += 1
                print(f"CLI case {i}: exit {r.exit_code}: {text!r} {r.output[-200:]!r}")
            continue
        variant = variants[i % len(variants)]
        try:
            engine.score(text, variant=variant, self_draw=True)
        except MjError:
            pass
        except Exception as e:  # noqa: BLE001 - this is what the fuzz run looks for
            bad += 1
            print(f"case {i} ({variant}): {type(e).__name__}: {e}: {text!r}")
    dt = time.perf_counter() - t0
    print(f"{n} fuzz cases in {dt:.1f} s, {bad} not handled as MjError")
    return bad


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    sys.exit(1 if run(a.n, a.seed) else 0)
