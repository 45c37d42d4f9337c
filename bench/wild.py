"""Wild-tile hands through the Python API (not a test). One run prints, for each wild-tile ruleset, the
rate of hands holding k = 0..3 wild tiles side by side and each rate as a share of the k = 0 rate (the
target: at least a quarter), then the slowest single hand a random search finds in every shipped
ruleset (the target: none over 20 ms).

Hands: tests/gen.py `wild_hand` (a random winning hand of the ruleset's tiles; k concealed tiles
other than the winning tile become a wild tile the dealt hand did not hold; half the hands with
exposed melds; a random seat, round, dealer and way of winning). Rates are CPU time of this process
(time.process_time: steadier than wall time on a shared machine), the best of --repeat runs, each on
new hands, after a warm-up run on other hands (the per-suit split tables fill as a long batch fills
them). Refused hands count as scored: the refusal is the work.

Slowest-hand search: --search hands per ruleset and k (0..4 wild tiles where the ruleset has them),
each timed once (CPU time, as the rates: wall time on a shared machine times the others' work too);
the 20 slowest overall are timed again (best of 5 runs, the hand's whole-hand caches cleared between
runs: the first timing of a hand also fills the per-suit tables, which a batch fills once) and the 5
slowest are printed with their context, their number of readings and how they ended.

    python bench/wild.py                       # 2,000 hands per rate, 3 runs; 2,000 per search cell
    python bench/wild.py --n 500 --search 300  # quick
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorer.core import (
    engine,  # noqa: E402
    wild_splits,
)
from scorer.core import setup as engine_setup
from scorer.errors import MjError  # noqa: E402
from scorer.notation import parse as notation_parse
from scorer.rulesets.files import shipped_ids
from scorer.rulesets.variant import load_variant
from tests.gen import wild_hand  # noqa: E402
from tests.test_properties import allowed_tiles  # noqa: E402

WILD_RULESETS = ("xiamen", "quanzhou", "hangzhou", "wuhan")


def hands(vid: str, k: int, n: int, seed: int) -> list:
    v = load_variant(vid)
    rng = random.Random(seed * 1000 + k)
    tiles = allowed_tiles(v)
    return [wild_hand(rng, v, k, tiles) for _ in range(n)]


def cpu(vid: str, batch: list) -> float:
    t = time.process_time()
    for text, ctx in batch:
        try:
            engine.score(text, ctx, variant=vid)
        except MjError:
            pass
    return time.process_time() - t


def one(vid: str, text: str, ctx: dict) -> float:
    wild_splits._wild_splits_by_suit.cache_clear()  # the whole hand's splits, as for a hand not seen before
    t = time.process_time()
    try:
        engine.score(text, ctx, variant=vid)
    except MjError:
        pass
    return time.process_time() - t


def rates(n: int, repeat: int, rulesets=WILD_RULESETS, ks=(1, 2, 3)) -> None:
    print(f"hands/s through engine.score (CPU time, best of {repeat} runs of {n:,} new hands); "
          "share of the rate without wild tiles in brackets (target >= 25%)")
    print(f"{'ruleset':10s}" + "".join(f"{f'k={k}':>18s}" for k in range(4)))
    for vid in rulesets:
        cells = []
        base = None
        for k in range(4):
            if k and k not in ks:
                cells.append("")
                continue
            cpu(vid, hands(vid, k, min(n, 500), 99))  # warm-up on other hands
            best = min(cpu(vid, hands(vid, k, n, seed)) for seed in range(repeat))
            r = n / best
            base = base or r
            cells.append(f"{r:9,.0f}" + (f" ({r / base:4.0%})" if k else "       "))
        print(f"{vid:10s}" + "".join(f"{c:>18s}" for c in cells), flush=True)


def search(per_cell: int) -> None:
    found = []
    for vid in shipped_ids():
        v = load_variant(vid)
        has_wild = v.bind().hand_options.get("wild", {}).get("from", "none") != "none"
        for k in range(5) if has_wild else (0,):
            for text, ctx in hands(vid, k, per_cell, 7):
                found.append((one(vid, text, ctx), vid, k, text, ctx))
    found.sort(key=lambda x: -x[0])
    again = sorted(((min(one(vid, text, ctx) for _ in range(5)), vid, k, text, ctx)
                    for _, vid, k, text, ctx in found[:20]), key=lambda x: -x[0])
    print(f"\nslowest hands of {len(found):,} searched ({per_cell:,} per ruleset and wild count; "
          "the 20 slowest timed again, best of 5; the 5 slowest shown):")
    for dt, vid, k, text, ctx in again[:5]:
        print(f"  {dt * 1000:6.1f} ms  {vid}, {k} wild: {text!r} {ctx}\n"
              f"             {readings(vid, text, ctx)}")


def readings(vid: str, text: str, ctx: dict) -> str:
    """How many readings the hand has and how scoring ended (the chosen total or the refusal)."""
    try:
        s = engine_setup._setup(ctx, vid, None, {})
        hand = notation_parse.parse_hand(text, win=s.ctx.win, max_size=s.max_size)
        n = len(engine.readings_of(hand, s.variant, s.bound, engine_setup._wild_of(s.bound, s.ctx)))
    except MjError as e:
        return f"refused before reading: {e}"[:100]
    try:
        r = engine.score(text, ctx, variant=vid)
    except MjError as e:
        return f"{n:,} readings; refused: {str(e).split(': ', 1)[-1]}"[:100]
    return f"{n:,} readings; {r.value.total:g} {r.value.unit}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=2000, help="hands per rate (default 2,000)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--search", type=int, default=2000, help="hands per ruleset and wild count in the search (0: skip)")
    ap.add_argument("--ruleset", action="append", choices=WILD_RULESETS,
                    help="rates of this ruleset only (repeatable; default: all four)")
    ap.add_argument("--k", type=int, action="append", choices=(1, 2, 3),
                    help="rates for this many wild tiles only (repeatable; k=0 is always run)")
    a = ap.parse_args()
    rates(a.n, a.repeat, tuple(a.ruleset or WILD_RULESETS), tuple(a.k or (1, 2, 3)))
    if a.search:
        search(a.search)


if __name__ == "__main__":
    main()
