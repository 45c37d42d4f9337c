"""Hot-loop throughput of the Python API (not a test): `scorer.core.engine.score(hand_str, ctx_dict, variant)`.

Hands are generated once, seeded (tests/gen.py random_winning + random_context): hk-old hands, 3% seven
pairs, about 30% of the rest with exposed melds (kongs always declared); Xiamen 17-tile hands with 0-3
golds and bonus tiles (tests/test_xiamen.py gold_hand / random_gold_context). Each figure is the best of
--repeat runs over the same list, timed with process_time (CPU time of this process: steadier than wall
time on a shared machine). hk-old is measured with rules={"min_faan": 0} (every hand fully scored and
paid) and with the default 3-faan minimum (most random hands are then refused, after all the work).

    python bench/hotloop.py                 # 20,000 hk-old hands, 2,000 Xiamen hands
    python bench/hotloop.py --n 50000 --profile

The last line ("xiamen new hands") scores a different seeded list in each run: the figure for hands the
process has not seen (the lines above let whole-hand caches hit from the second run on).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.gen import benchmark_hands  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from bench import api  # noqa: E402  (bench/bench.py)


def hk_hands(n: int, seed: int = 2024) -> list[tuple[str, dict]]:
    return benchmark_hands(n, seed)


def xiamen_hands(n: int, seed: int = 7) -> list[tuple[str, dict]]:
    from tests.test_xiamen import gold_hand, random_gold_context

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        made = gold_hand(rng)
        if made is not None:
            out.append((made[0], random_gold_context(rng, made[1])))
    return out


def run(hands, variant, rules) -> tuple[float, int, int]:
    return api(hands, variant, rules, timer=time.process_time)  # CPU time: steadier on a shared machine


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20_000, help="hk-old hands (Xiamen: a tenth as many)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="cProfile one hk-old min_faan=0 run")
    a = ap.parse_args()
    hk = hk_hands(a.n)
    xm = xiamen_hands(max(1, a.n // 10))
    run(hk[:500], "hk-old", {"min_faan": 0})  # warm-up: variant load, per-suit tables
    run(xm[:50], "xiamen", None)
    for label, hands, variant, rules in (("hk-old min_faan=0", hk, "hk-old", {"min_faan": 0}),
                                         ("hk-old default", hk, "hk-old", None),
                                         ("xiamen gold", xm, "xiamen", None)):
        best, scored, refused = min(run(hands, variant, rules) for _ in range(a.repeat))
        print(f"{label:18s} {len(hands) / best:9,.0f} hands/s   ({len(hands):,} hands: {scored:,} scored, "
              f"{refused:,} refused)")
    # the runs above repeat one list, so caches keyed on a whole hand hit from the second run on; here
    # every run scores hands not seen before (other seeds; per-suit and per-context caches stay warm)
    fresh = [xiamen_hands(max(1, a.n // 10), seed=1000 + r) for r in range(a.repeat)]
    best, scored, refused = min(run(hands, "xiamen", None) for hands in fresh)
    print(f"{'xiamen new hands':18s} {len(fresh[0]) / best:9,.0f} hands/s   ({len(fresh[0]):,} hands a run, "
          f"each run new hands)")
    if a.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.runcall(run, hk, "hk-old", {"min_faan": 0})
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
