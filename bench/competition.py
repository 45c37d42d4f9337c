"""The competition rulesets against their reference engines, on the same random hands (not a test).

- riichi: `engine.score(..., variant="riichi")` against the `mahjong` package's
  HandCalculator.estimate_hand_value (2.1.0), under the same rules (bench/riichi_diff.py's first
  option set: open tanyao and red fives on both sides); hands and contexts from riichi_diff (every
  kind of win: riichi, double riichi, ippatsu, self-draw, discard, robbed kong, kong draw, last tile,
  first turn, dora and ura-dora indicators, honba and sticks);
- MCR: `engine.score(..., "mcr")` against pymahjonggb's MahjongFanCalculator (C++), hands and
  contexts from bench/mcr_diff.py (standard, seven pairs, thirteen orphans, knitted, nine gates;
  self-draw, discard, robbed kong, kong draw, last tile, fourth tile, bonus tiles).

Both sides score the same hands in alternating chunks of 1,000 (a shared machine's load falls on
both alike), timed with time.process_time (CPU time of this process); the inputs each engine takes
are built before timing. A refused hand (no yaku, under 8 fan) counts as work done on both sides.

    python bench/competition.py              # 20,000 hands each
    python bench/competition.py --n 5000
    python bench/competition.py --only riichi
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scorer.engine import score  # noqa: E402
from scorer.errors import MjError  # noqa: E402


def alternate(ours, theirs, n, step=1000):
    """(our CPU seconds, theirs) over n cases, the two run chunk by chunk, one after the other."""
    a = b = 0.0
    for i in range(0, n, step):
        t0 = time.process_time()
        ours(i, min(n, i + step))
        t1 = time.process_time()
        theirs(i, min(n, i + step))
        t2 = time.process_time()
        a += t1 - t0
        b += t2 - t1
    return a, b


def riichi(n, seed):
    import riichi_diff as rd
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

    rules, optional = rd.OPTION_SETS[0]
    cases = rd.make_cases(n, seed)
    inputs = []
    for _text, spec, _ctx, kw in cases:  # the package's arguments, built before timing (run_package's work)
        tiles, win, melds = rd.package_input(spec)
        kw = dict(kw)
        kw.pop("is_renhou", None)  # renhou is off in these rules; the package has no "off"
        dora = [t * 4 + 3 for t in kw.pop("_dora", [])]
        ura = [t * 4 + 3 for t in kw.pop("_ura", [])]
        inputs.append((tiles, win, melds or None, dora, HandConfig(options=OptionalRules(**optional), **kw), ura))

    def ours(i, j):
        for text, _spec, ctx, _kw in cases[i:j]:
            try:
                score(text, ctx, variant="riichi", rules=rules)
            except MjError:
                pass

    def theirs(i, j):
        for tiles, win, melds, dora, config, ura in inputs[i:j]:
            HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora, config=config,
                                               ura_dora_indicators=ura)

    ours(0, min(n, 500))  # load the ruleset
    return alternate(ours, theirs, n)


def mcr(n, seed):
    import mcr_diff as md
    from MahjongGB import MahjongFanCalculator

    rng = random.Random(seed)
    cases = [md.make_case(rng) for _ in range(n)]

    def ours(i, j):
        for text, ctx, _gb in cases[i:j]:
            try:
                score(text, ctx, "mcr", md.RULES)
            except MjError:
                pass

    def theirs(i, j):
        for _text, _ctx, gb in cases[i:j]:
            try:
                MahjongFanCalculator(*gb)
            except TypeError:  # its "not a win" and "under 8 fan"
                pass

    ours(0, min(n, 500))
    return alternate(ours, theirs, n)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=20_000, help="hands per ruleset (default 20,000)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--only", choices=("riichi", "mcr"), help="run one ruleset's comparison")
    a = ap.parse_args()
    print(f"same {a.n:,} random hands on both sides, CPU time, alternating chunks of 1,000")
    for name, run, ref, target in (("riichi", riichi, "mahjong HandCalculator", "target >= 2x"),
                                   ("mcr", mcr, "MahjongGB (C++)", "target >= 0.1x")):
        if a.only and name != a.only:
            continue
        try:
            ours, theirs = run(a.n, a.seed)
        except ImportError as e:
            print(f"{name:7s} skipped: {e}")
            continue
        print(f"{name:7s} mjscore {a.n / ours:9,.0f} hands/s   {ref} {a.n / theirs:9,.0f} hands/s   "
              f"ratio {theirs / ours:5.2f}x ({target})", flush=True)


if __name__ == "__main__":
    main()
