"""LazyFacts (the facts whose pass waits for a first read) against Facts, whichever fact is read first."""
import random

import pytest

from scorer import make_context, parse_hand
from scorer.core.engine import readings_of
from scorer.core.facts import EAGER, Facts, LazyFacts
from scorer.core.wild import WildSpec
from scorer.rulesets.variant import load_variant

from .readings import bench_module as _bench


def test_lazy_facts_read_as_facts():
    rd = _bench("riichi_diff")
    variant = load_variant("riichi")
    rng = random.Random(9)
    names = sorted(EAGER)
    seen = 0
    for text, _s, ctx, _k in rd.make_cases(600, 31):
        try:
            hand = parse_hand(text)
            context = make_context(**ctx)
        except Exception:  # noqa: BLE001 - a case the parser or the context refuses
            continue
        for reading in readings_of(hand, variant, variant.bind({}), WildSpec()):
            plain = Facts(hand, reading, context)
            lazy = LazyFacts(hand, reading, context)
            assert not EAGER & set(lazy.__dict__)  # nothing made before a read
            first = rng.choice(names)
            assert getattr(lazy, first) == getattr(plain, first)
            for name in names:
                assert getattr(lazy, name) == getattr(plain, name), (text, name)
            assert lazy.wait == plain.wait and lazy.closed == plain.closed
            seen += 1
    assert seen > 300
    with pytest.raises(AttributeError, match="no attribute 'no_such_fact'"):
        _ = lazy.no_such_fact
