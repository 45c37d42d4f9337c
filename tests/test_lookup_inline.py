"""registry.lookup: the engine reads a `lookup` predicate's table inline (evaluate.Compiled.hits) instead
of calling the predicate; on random MCR readings the inline answers must be the predicate's own, entry
by entry (the set fans and the wait of MCR)."""
import random

from scorer.core.evaluate import Compiled
from scorer.core.facts import Facts
from tests.readings import reading_facts


def _check(facts, fn_name, least=8):
    bound = facts[0][0]
    names = (fn_name,) if isinstance(fn_name, str) else fn_name
    ks = [k for k, (_spec, fn, _p, _v) in enumerate(bound.patterns) if fn.__name__ in names]
    assert len(ks) >= least and all(getattr(bound.patterns[k][1], "lookup", None) for k in ks)
    assert all(b is bound for b, _f in facts)
    _compare(facts, bound, ks)


def _compare(facts, bound, ks, share=10):
    """The compiled entries `ks` answer as their predicates, in order, on every reading
    (and more than 1 in `share` readings has a hit)."""
    c = Compiled(bound)
    wanted = set(ks)

    def inline(f):
        return [(k, n, type(n)) for k, n in c.hits(f) if k in wanted]
    hits = 0
    for _b, f in facts:
        # the predicate's own answers, asked on fresh facts (no table kept from the inline run)
        f2 = Facts(f.hand, f.reading, f.ctx, f.wild, f.options)
        direct = [(k, n, type(n)) for k in ks
                  for n in [bound.patterns[k][1](f2, **bound.patterns[k][2])] if n]
        assert inline(f) == direct, (f.hand, f.reading)
        hits += bool(direct)
    assert hits > len(facts) // share  # the hands reach the tables, not only their empty answers


def test_mcr_set_fans_inline_equal_the_predicate():
    from tests import mcr_diff as md
    rng = random.Random(3)
    cases = [md.make_case(rng)[:2] for _ in range(600)]
    _check(reading_facts(cases, "mcr", md.RULES), "mcr_sets_fan")


def test_mcr_wait_inline_equals_the_predicate():
    from tests import mcr_diff as md
    rng = random.Random(4)
    cases = [md.make_case(rng)[:2] for _ in range(1500)]
    _check(reading_facts(cases, "mcr", md.RULES), "mcr_wait", least=3)
