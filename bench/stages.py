"""Where a plain hand's time goes, stage by stage (not a test): the profile summary of docs/DEVELOPING.md.

The steps of `engine.score` are done one after another for each hand, as score() does them, with the
thread's CPU clock read between them (time.thread_time_ns; what a read costs is measured and taken off),
on bench.py's hk-old hands (rules min_faan=0: every hand scored and paid), new hands each run, the
best of --repeat runs per stage:

    setup        engine._setup: the ruleset, the validated Context and the bound rules (a dict context)
    parse        notation.parse_hand of the hand string
    decompose    engine.readings_of: every reading of every form the ruleset lists
    facts        facts.Facts of each reading
    predicates   evaluate.evaluate: the pattern hits, resolved to items (exclusions, series)
    value        the value model (faan table, minimum, limit)
    payment      the payment model (transfers)
    result       the rest: refusals, choosing the reading, the Result
The first line is engine.score itself on the same number of other new hands, for comparison.
`--variant riichi` or `--variant mcr` times bench/competition.py's hands and contexts instead (a new
random context each hand; a hand the ruleset refuses is timed up to its refusal).

    python bench/stages.py             # 20,000 hands a run, best of 3
    python bench/stages.py --n 5000
    python bench/stages.py --variant riichi --n 5000
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scorer.core import engine  # noqa: E402
from scorer.core import setup as engine_setup
from scorer.core.evaluate import evaluate  # noqa: E402
from scorer.core.facts import Facts  # noqa: E402
from scorer.errors import MjError  # noqa: E402
from scorer.notation.parse import parse_hand  # noqa: E402
from tests.gen import benchmark_hands  # noqa: E402

RULES = {"min_faan": 0}


def hands_of(variant: str, n: int, seed: int) -> list:
    """(hand text, context) pairs: bench.py's hk-old hands, or the competition bench's riichi / MCR ones."""
    if variant == "riichi":
        from tests import riichi_diff

        return [(text, ctx) for text, _spec, ctx, _kw in riichi_diff.make_cases(n, seed)]
    if variant == "mcr":
        import random

        from tests import mcr_diff

        rng = random.Random(seed)
        return [mcr_diff.make_case(rng)[:2] for _ in range(n)]
    return benchmark_hands(n, seed)


def rules_of(variant: str) -> dict:
    if variant == "riichi":
        from tests import riichi_diff

        return riichi_diff.OPTION_SETS[0][0]
    if variant == "mcr":
        from tests import mcr_diff

        return mcr_diff.RULES
    return RULES


STAGES = ("setup", "parse", "decompose", "facts", "predicates", "value", "payment", "result")


def staged(hands, variant="hk-old", rules=RULES) -> list:
    """Nanoseconds per stage over `hands`, the steps of engine.score in its order (a hand refused at
    some step counts the steps it reached)."""
    from scorer.core.result import Result, Scored

    clock = time.thread_time_ns
    spent = [0] * len(STAGES)
    for text, ctx in hands:
        t = [clock()]
        try:
            s = engine_setup._setup(ctx, variant, rules, {})
            t.append(clock())
            hand = parse_hand(text, win=s.ctx.win, max_size=s.max_size, dealt=s.variant.dealt_sizes)
            t.append(clock())
            wild = s.wild or engine_setup._wild_of(s.bound, s.ctx)
            readings = engine.readings_of(hand, s.variant, s.bound, wild)
            if not readings:
                raise MjError("not a winning hand")
            t.append(clock())
            facts = [Facts(hand, r, s.ctx, wild, s.bound.options) for r in readings]
            t.append(clock())
            items = [evaluate(s.bound, f) for f in facts]
            t.append(clock())
            value_call, pay_call = engine._model_calls(s.bound)
            values = [value_call(i, s.ctx, s.bound) for i in items]
            t.append(clock())
            scored = [Scored(r, f, v, engine.refusal(s.bound, f) or ("" if v.legal else v.reason))
                      for r, f, v in zip(readings, facts, values)]
            chosen = max(scored, key=lambda x: x.value.key)
            t.append(clock())
            if chosen.refused:  # no payment: the refusal is the result
                t += [t[-1], clock()]
            else:
                transfers = pay_call(chosen.value, s.ctx, s.bound, chosen.facts)
                t.append(clock())
                Result(s.variant, hand, s.ctx, s.bound.options, chosen, scored, transfers, "", wild, [])
                t.append(clock())
        except MjError:
            t.append(clock())
        steps = [b - a for a, b in zip(t, t[1:])]
        if len(steps) == 9:  # value, choosing, payment, Result: choosing the reading is the result's
            steps[5:] = [steps[5], steps[7], steps[6] + steps[8]]
        for k, dt in enumerate(steps):
            spent[k] += dt
    return [max(0, ns - len(hands) * _CLOCK_NS * (2 if k == len(STAGES) - 1 else 1)) for k, ns in enumerate(spent)]


def _clock_cost(n=200_000) -> float:
    """Nanoseconds one read of the clock adds to a stage (taken off each stage's time)."""
    clock = time.thread_time_ns
    t = clock()
    for _ in range(n):
        clock()
    return (clock() - t) / n


_CLOCK_NS = _clock_cost()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--variant", default="hk-old", choices=("hk-old", "riichi", "mcr"))
    a = ap.parse_args()
    variant, rules = a.variant, rules_of(a.variant)

    def whole_call(hands):
        for text, ctx in hands:
            try:
                engine.score(text, ctx, variant=variant, rules=rules)
            except MjError:
                pass

    whole_call(hands_of(variant, 2000, 1))  # load the ruleset, fill the per-suit tables
    n = a.n
    whole = None
    best = [None] * len(STAGES)
    for rep in range(a.repeat):
        hands = hands_of(variant, n, 3000 + rep)
        t = time.process_time()
        whole_call(hands)
        dt = time.process_time() - t
        whole = dt if whole is None else min(whole, dt)
        for k, ns in enumerate(staged(hands_of(variant, n, 4000 + rep), variant, rules)):
            best[k] = ns if best[k] is None else min(best[k], ns)
    total = sum(best)
    print(f"engine.score on {n:,} new {variant} hands a run{' (min_faan=0)' if variant == 'hk-old' else ''}, "
          f"CPU time, best of {a.repeat}: {whole / n * 1e6:.1f} us a hand ({n / whole:,.0f} hands/s)")
    print(f"the same steps timed one by one (CPU clock read between the steps, {_CLOCK_NS:.0f} ns a read taken off): "
          f"{total / n / 1e3:.1f} us a hand")
    for name, ns in zip(STAGES, best):
        print(f"  {name:11s} {ns / n / 1e3:6.1f} us  {ns / total:4.0%}")


if __name__ == "__main__":
    main()
