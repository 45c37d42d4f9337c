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
both alike), timed with time.process_time (CPU time of this process). A refused hand (no yaku, under
8 fan) counts as work done on both sides. Each ruleset prints two comparisons:

- the issue's: ours from the hand's text and a context dict (what a user gives: parsed and checked
  in the timing) against the reference given its own inputs built before timing (the package's
  136-tile arrays, melds and HandConfig; MahjongGB's argument tuple);
- objects on both sides: ours given a Hand and a Context made before timing through the public API
  (`scorer.parse_hand`, `scorer.make_context`; one new object each a hand, as the reference's inputs
  are built before timing), score() still checking the context against the ruleset, against the same
  reference figure; for riichi also the package with its HandConfig built in the timing, as a caller
  of the package builds one a hand (its tile arrays still built before).

    python bench/competition.py              # 20,000 hands each
    python bench/competition.py --n 5000
    python bench/competition.py --only riichi
"""
from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scorer.core.engine import score  # noqa: E402
from scorer.errors import MjError  # noqa: E402


def alternate(runs, n, step=1000):
    """The CPU seconds of each of `runs` (functions of a case range) over n cases, run chunk by chunk,
    one after the other."""
    spent = [0.0] * len(runs)
    # the inputs built before timing are long-lived objects neither side made: collected now, or the
    # full collection they bring on falls on whichever side allocates at that moment
    gc.collect()
    for i in range(0, n, step):
        for k, run in enumerate(runs):
            t0 = time.process_time()
            run(i, min(n, i + step))
            spent[k] += time.process_time() - t0
    return spent


def objects(texts_and_contexts, rules):
    """(Hand, Context) of each case made through the public API (scorer.parse_hand, make_context; the
    house rules in the Context), as a caller scoring many hands makes them (None for one refused
    there), each a new object: nothing kept on a Context by an earlier score() call."""
    from scorer import make_context, parse_hand

    out = []
    for text, ctx in texts_and_contexts:
        try:
            out.append((parse_hand(text), make_context(**ctx, rules=dict(rules)) if rules else make_context(**ctx)))
        except MjError:
            out.append(None)
    return out


def scorer_of_objects(made, variant):
    def run(i, j):
        for got in made[i:j]:
            if got is not None:
                try:
                    score(got[0], got[1], variant=variant)
                except MjError:
                    pass
    return run


def riichi(n, seed):
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

    from tests import riichi_diff as rd

    rules, optional = rd.OPTION_SETS[0]
    cases = rd.make_cases(n, seed)
    inputs = []
    for _text, spec, _ctx, kw in cases:  # the package's arguments, built before timing (run_package's work)
        tiles, win, melds = rd.package_input(spec)
        kw = dict(kw)
        kw.pop("is_renhou", None)  # renhou is off in these rules; the package has no "off"
        dora = [t * 4 + 3 for t in kw.pop("_dora", [])]
        ura = [t * 4 + 3 for t in kw.pop("_ura", [])]
        inputs.append((tiles, win, melds or None, dora, HandConfig(options=OptionalRules(**optional), **kw), ura,
                       kw))
    made = objects([(text, ctx) for text, _spec, ctx, _kw in cases], rules)

    def ours(i, j):
        for text, _spec, ctx, _kw in cases[i:j]:
            try:
                score(text, ctx, variant="riichi", rules=rules)
            except MjError:
                pass

    def theirs(i, j):
        for tiles, win, melds, dora, config, ura, _kw in inputs[i:j]:
            HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora, config=config,
                                               ura_dora_indicators=ura)

    def theirs_with_config(i, j):
        for tiles, win, melds, dora, _config, ura, kw in inputs[i:j]:
            config = HandConfig(options=OptionalRules(**optional), **kw)
            HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora, config=config,
                                               ura_dora_indicators=ura)

    ours(0, min(n, 500))  # load the ruleset
    # the objects' run last in each chunk: their Contexts are the ones the text run's setup checked
    # again (equal, not the same objects), so neither run finds the other's work kept
    return alternate([ours, theirs, scorer_of_objects(made, "riichi"), theirs_with_config], n)


def mcr(n, seed):
    from MahjongGB import MahjongFanCalculator

    from tests import mcr_diff as md

    rng = random.Random(seed)
    cases = [md.make_case(rng) for _ in range(n)]
    made = objects([(text, ctx) for text, ctx, _gb in cases], md.RULES)

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
    return alternate([ours, theirs, scorer_of_objects(made, "mcr")], n)


def ratio(x: float) -> str:
    return f"{x:5.2f}x" if x >= 0.5 else f"{x:.3f}x"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=20_000, help="hands per ruleset (default 20,000)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--only", choices=("riichi", "mcr"), help="run one ruleset's comparison")
    a = ap.parse_args()
    print(f"same {a.n:,} random hands on both sides, CPU time, alternating chunks of 1,000")
    for name, run, ref, target in (("riichi", riichi, "mahjong HandCalculator", "ahead above 1x"),
                                   ("mcr", mcr, "MahjongGB (C++)", "measured, no target")):
        if a.only and name != a.only:
            continue
        try:
            ours, theirs, objs, *more = run(a.n, a.seed)
        except ImportError as e:
            print(f"{name:7s} skipped: {e}")
            continue
        print(f"{name:7s} mjscore {a.n / ours:9,.0f} hands/s   {ref} {a.n / theirs:9,.0f} hands/s   "
              f"ratio {ratio(theirs / ours)} ({target})", flush=True)
        print(f"{'':7s} objects on both sides: mjscore given Hand and Context {a.n / objs:9,.0f} hands/s, "
              f"ratio {ratio(theirs / objs)}", flush=True)
        if more:
            print(f"{'':7s} the package building its HandConfig a hand {a.n / more[0]:9,.0f} hands/s: "
                  f"ratio {ratio(more[0] / ours)} from text, {ratio(more[0] / objs)} from objects", flush=True)


if __name__ == "__main__":
    main()
