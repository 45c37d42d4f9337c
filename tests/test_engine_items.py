"""engine._compile_group's item form (the engine's own groups: [(order, Item)], a count of 1 or True
taking a pair made once) against its hit form ([(order, count, type of count)], each made an Item as
`_items_of` makes it): on random riichi, MCR and Old Hong Kong readings, and on predicates answering
odd counts (2, 1.0, True, False, 0) inline and through a table."""
import random
from types import SimpleNamespace as NS

from scorer.core import engine
from scorer.rulesets.registry import lookup
from tests.readings import reading_facts


def _same(bound, facts, least_hits):
    """Each group's item form equals its hit form made items, on every reading; the items are the
    ones `_items_of` interns (one object per order, count and type of count)."""
    c = engine._Compiled(bound)
    groups: dict = {}
    for k, (_spec, fn, _params, _value) in enumerate(bound.patterns):
        groups.setdefault(getattr(fn, "reads", None), []).append(k)
    hits = 0
    for ks in groups.values():
        as_items = engine._compile_group(bound, ks, "items", c)
        as_hits = engine._compile_group(bound, ks, "hits")
        for f in facts:
            got = as_items(f)
            want = as_hits(f)
            assert [k for k, _item in got] == [k for k, _n, _t in want]
            assert all(item is c.item(k, n) for (_k, item), (k, n, _t) in zip(got, want))
            hits += len(want)
    assert hits >= least_hits


def test_riichi_items_equal_hits():
    from tests import riichi_diff as rd
    facts = reading_facts([(t, c) for t, _s, c, _k in rd.make_cases(400, 11)], "riichi", rd.OPTION_SETS[0][0])
    _same(facts[0][0], [f for _b, f in facts], 2000)


def test_mcr_items_equal_hits():
    from tests import mcr_diff as md
    rng = random.Random(12)
    facts = reading_facts([md.make_case(rng)[:2] for _ in range(300)], "mcr", md.RULES)
    _same(facts[0][0], [f for _b, f in facts], 1000)


def test_hk_old_items_equal_hits():
    from tests.gen import benchmark_hands

    facts = reading_facts(benchmark_hands(400, 13), "hk-old", {"min_faan": 0})
    _same(facts[0][0], [f for _b, f in facts], 400)


def _table(f):
    return f.answers


def test_odd_counts_inline_and_from_a_table():
    """Counts of 2, 1.0, True, False and 0 from predicates called inline and from a `lookup` table
    (with two entries under one key): the same items as the hit form, 1 and 1.0 and True apart."""
    def direct(f, i=0):
        return f.answers.get(("d", i), 0)

    @lookup(_table, "key")
    def tabled(f, key):
        return f.answers.get(key, 0)

    patterns = [(NS(name=f"d{i}", label=f"d{i}", unit="u", rule="r", group="", limit=False, series=None),
                 direct, {"i": i}, 3) for i in range(3)]
    patterns += [(NS(name=f"t{i}", label=f"t{i}", unit="u", rule="r", group="", limit=False, series=None),
                  tabled, {"key": key}, 2) for i, key in enumerate(("a", "b", "b", "c"))]
    bound = NS(patterns=patterns, variant=NS(id="test"), excludes={},
               calls=[(p, fn, v) for p, fn, _params, v in patterns])
    counts = (0, 1, 2, 1.0, True, False)
    rng = random.Random(14)
    facts = []
    for _ in range(300):
        answers = {("d", i): rng.choice(counts) for i in range(3)}
        answers.update({key: rng.choice(counts) for key in "abcz"})
        facts.append(NS(answers=answers))
    _same(bound, facts, 300)
    c = engine._Compiled(bound)
    one, true, whole = c.item(0, 1), c.item(0, True), c.item(0, 1.0)
    assert len({id(one), id(true), id(whole)}) == 3 and one.count == 1 and true.count is True


def _none(f):
    return 0


def _resolved_both(bound, c, pairs):
    return engine._resolve_hits(c, pairs), engine._resolve(bound, list(enumerate(item for _k, item in pairs)))


def test_exclusions_as_bits_resolve_as_by_names():
    """engine._resolve_hits (exclusions as bits over the pattern orders) keeps the items
    engine._resolve (by names) keeps: random patterns with shared names, self-exclusions, names
    excluded that no pattern has, series, limits and tied values, on random hit lists."""
    rng = random.Random(15)
    for _ in range(300):
        size = rng.randint(1, 12)
        names = [f"p{rng.randint(0, size)}" for _ in range(size)]
        patterns = [(NS(name=name, label=name, unit="u", rule="r", group="", limit=rng.random() < 0.2,
                        series=rng.choice((None, None, "a", "b"))), _none, {}, rng.choice((1, 2, 2, 3, 0.5)))
                    for name in names]
        excludes = {name: {f"p{rng.randint(0, size + 2)}" for _ in range(rng.randint(0, 3))} for name in names}
        bound = NS(patterns=patterns, variant=NS(id="test"), excludes=excludes,
                   calls=[(p, fn, v) for p, fn, _params, v in patterns])
        c = engine._Compiled(bound)
        for _ in range(20):
            ks = sorted(rng.sample(range(size), rng.randint(1, size)))
            pairs = [(k, c.item(k, rng.choice((1, 1, 2, True)))) for k in ks]
            fast, slow = _resolved_both(bound, c, pairs)
            assert [id(i) for i in fast] == [id(i) for i in slow], (names, excludes, ks)


def _readings_resolve_alike(variant, facts, least):
    bound = facts[0][0]
    c = engine._Compiled(bound)
    run = engine._compile_group(bound, range(len(bound.patterns)), "all", c)
    resolved = 0
    for _b, f in facts:
        pairs = run(f)
        if c.interacting.isdisjoint(k for k, _item in pairs):
            continue
        fast, slow = _resolved_both(bound, c, pairs)
        assert fast == slow and [id(i) for i in fast] == [id(i) for i in slow]
        resolved += 1
    assert resolved >= least, variant


def test_readings_resolve_as_by_names():
    """The same on MCR and Zung Jung readings (every hit list with an exclusion or a series)."""
    from tests import mcr_diff as md
    rng = random.Random(16)
    _readings_resolve_alike("mcr", reading_facts([md.make_case(rng)[:2] for _ in range(300)], "mcr", md.RULES), 100)
    from tests.gen import random_context, random_winning

    rng = random.Random(17)
    cases = []
    for _ in range(300):  # flushes, honours and pungs: Zung Jung's exclusions and series
        tiles = rng.choice((range(34), list(range(9)) + list(range(27, 34)), range(27, 34)))
        text = random_winning(rng, tiles=tiles, chow_rate=0.3)
        cases.append((text, random_context(rng, hand=text)))
    _readings_resolve_alike("zung-jung", reading_facts(cases, "zung-jung", {}), 150)


def test_a_value_that_cannot_count_fails_only_when_hit():
    """A pattern whose value cannot be multiplied by its count (no pair made ahead): the item form
    fails as `_items_of` does when it hits, and not when it does not."""
    import pytest

    def answer(f):
        return f.n

    spec = NS(name="odd", label="odd", unit="u", rule="r", group="", limit=False, series=None)
    bound = NS(patterns=[(spec, answer, {}, None)], variant=NS(id="test"), excludes={},
               calls=[(spec, answer, None)])
    c = engine._Compiled(bound)
    run = engine._compile_group(bound, [0], "items", c)
    assert run(NS(n=0)) == []
    for n in (1, True, 2):
        with pytest.raises(TypeError):
            run(NS(n=n))
        with pytest.raises(TypeError):
            engine._items_of(bound, c, [(0, n, type(n))])
