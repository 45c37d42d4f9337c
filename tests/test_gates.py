"""A predicate's `@gate` names facts it cannot hit without: the compiled ruleset, which skips the
predicates of a false gate, must find every hit that asking each predicate in turn finds, on the
readings of random hands of several rulesets (a gate that is no necessary condition drops a hit)."""
from __future__ import annotations

import random

import pytest

from scorer.core.evaluate import compiled
from scorer.errors import MjError
from tests import mcr_diff, riichi_diff
from tests.gen import benchmark_hands
from tests.readings import reading_facts
from tests.test_evaluate import plain_hits


def _cases(variant: str, n: int):
    if variant == "riichi":
        return [(text, ctx, riichi_diff.OPTION_SETS[0][0]) for text, _s, ctx, _kw in riichi_diff.make_cases(n, 5)]
    if variant == "mcr":
        rng = random.Random(5)
        return [(*mcr_diff.make_case(rng)[:2], mcr_diff.RULES) for _ in range(n)]
    return [(text, ctx, {"min_faan": 0}) for text, ctx in benchmark_hands(n, 5)]


@pytest.mark.parametrize("variant", ["riichi", "mcr", "hk-old"])
def test_gated_hits_equal_every_predicate_asked(variant):
    cases = _cases(variant, 600)
    checked = 0
    for bound, facts in reading_facts([(text, ctx) for text, ctx, _rules in cases], variant, cases[0][2]):
        got = compiled(bound).hits(facts)  # (first: the predicates asked after read the same facts)
        try:
            want = plain_hits(bound, facts)
        except MjError:
            continue
        assert got == want
        checked += 1
    assert checked > 300
