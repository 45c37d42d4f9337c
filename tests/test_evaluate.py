"""scorer/core/evaluate.py: a ruleset's compiled callables and its one resolver of exclusions and
series give the items a plain loop gives (each predicate called with its parameters, exclusions
decided by name, highest value first), on random hands of every shipped ruleset."""
import random

import pytest

from scorer.core.evaluate import compiled, evaluate
from scorer.core.result import Item
from scorer.rulesets.files import shipped_ids
from scorer.rulesets.variant import load_variant
from tests import mcr_diff, riichi_diff
from tests.gen import benchmark_hands, wild_hand
from tests.readings import reading_facts
from tests.test_properties import allowed_tiles


def plain_hits(bound, facts) -> list:
    """[(order, count)] of every pattern that hits, each predicate called as the YAML binds it."""
    out = []
    for order, (_spec, fn, params, _value) in enumerate(bound.patterns):
        n = fn(facts, **params)
        if n:
            out.append((order, n))
    return out


def plain_items(bound, hits) -> list:
    """The items that count: the highest value first (limits before all, then among equal values a
    pattern some hit excludes after the others, then the YAML order); a pattern whose name a kept
    one excludes is dropped, and so is a second member of a series."""
    made = []
    for order, n in hits:
        spec, _fn, _params, value = bound.patterns[order]
        made.append((order, Item(spec.name, spec.label, value * n, spec.unit, spec.rule, n, spec.group,
                                 spec.limit, spec.series)))
    targeted = set()
    for _order, item in made:
        targeted |= set(bound.excludes.get(item.name, ()))
    banned, series, keep = set(), set(), []
    for order, item in sorted(made, key=lambda oi: (not oi[1].limit, -oi[1].value, oi[1].name in targeted, oi[0])):
        if item.name in banned or (item.series and item.series in series):
            continue
        keep.append((order, item))
        banned |= set(bound.excludes.get(item.name, ()))
        if item.series:
            series.add(item.series)
    return [item for _order, item in sorted(keep, key=lambda oi: oi[0])]


def _cases(vid, n, seed):
    rng = random.Random(seed)
    if vid == "hk-old":
        return benchmark_hands(n, seed)
    if vid == "riichi":
        return [(t, c) for t, _s, c, _kw in riichi_diff.make_cases(n, seed)]
    if vid == "mcr":
        return [mcr_diff.make_case(rng)[:2] for _ in range(n)]
    v = load_variant(vid)
    wild = v.bind().hand_options.get("wild", {}).get("from", "none") != "none"
    return [wild_hand(rng, v, rng.choice((0, 1, 2)) if wild else 0, tiles=allowed_tiles(v)) for _ in range(n)]


def _compare(vid, n, seed) -> int:
    """Compare on every reading of n random hands; the number of readings whose hits the resolver cut."""
    facts = reading_facts(_cases(vid, n, seed), vid, {})
    assert len(facts) >= n // 2, vid
    hits = resolved = shared = 0
    hand = kept = None
    for bound, f in facts:
        plain = plain_hits(bound, f)
        want = plain_items(bound, plain)
        got = evaluate(bound, f)
        assert got == want, (vid, f.hand, f.reading)
        # the reading loop's way in (scorer/core/best.py): the context-only hits asked at a hand's
        # first reading, kept for its later ones
        if (f.hand, f.ctx, bound) != hand:
            hand, kept = (f.hand, f.ctx, bound), []
        else:
            shared += bool(kept and kept[0])
        assert evaluate(bound, f, kept) == want, (vid, f.hand, f.reading)
        assert [type(i.count) for i in got] == [type(i.count) for i in want]
        # the ceilings' way in (scorer/core/ceilings.py): counts given, the same resolver
        assert compiled(bound).items_of(plain) == want
        hits += len(plain)
        resolved += len(want) < len(plain)
    assert hits >= 10, vid  # the hands reach the patterns
    return resolved, shared


@pytest.mark.parametrize("vid", shipped_ids())
def test_compiled_items_equal_a_plain_loop(vid):
    _compare(vid, 150, 27)


@pytest.mark.parametrize("vid", ("riichi", "hk-old"))
def test_context_hits_kept_for_a_hands_readings(vid):
    """Readings after a hand's first get its kept context-only hits (riichi's flags, a self-drawn
    win's points): enough of them that the kept hits are read."""
    assert _compare(vid, 400, 29)[1] >= 3, vid


@pytest.mark.parametrize("vid", ("mcr", "zung-jung"))
def test_the_resolver_decides_as_the_plain_loop(vid):
    """Where exclusions and series are many: enough readings that they cut."""
    assert _compare(vid, 300, 28)[0] >= 20, vid
