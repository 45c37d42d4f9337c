"""registry.lookup: the engine reads a `lookup` predicate's table inline (engine._compile_group) instead
of calling the predicate; on random MCR and riichi readings the inline answers must be the predicate's
own, entry by entry (the set fans of MCR, the fu of sets of riichi)."""
import random

from scorer.core import engine
from scorer.core.facts import Facts
from tests.readings import bench_module, reading_facts


def _check(facts, fn_name, least=8):
    bound = facts[0][0]
    names = (fn_name,) if isinstance(fn_name, str) else fn_name
    ks = [k for k, (_spec, fn, _p, _v) in enumerate(bound.patterns) if fn.__name__ in names]
    assert len(ks) >= least and all(getattr(bound.patterns[k][1], "lookup", None) for k in ks)
    assert all(b is bound for b, _f in facts)
    _compare(facts, bound, ks)


def _compare(facts, bound, ks, share=10):
    """The generated function of entries `ks` answers as their predicates, in order, on every reading
    (and more than 1 in `share` readings has a hit)."""
    inline = engine._compile_group(bound, ks, "test")
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
    md = bench_module("mcr_diff")
    rng = random.Random(3)
    cases = [md.make_case(rng)[:2] for _ in range(600)]
    _check(reading_facts(cases, "mcr", md.RULES), "mcr_sets_fan")


def test_mcr_wait_inline_equals_the_predicate():
    md = bench_module("mcr_diff")
    rng = random.Random(4)
    cases = [md.make_case(rng)[:2] for _ in range(1500)]
    _check(reading_facts(cases, "mcr", md.RULES), "mcr_wait", least=3)


def test_riichi_fu_of_sets_inline_equal_the_predicate():
    rd = bench_module("riichi_diff")
    cases = [(t, c) for t, _s, c, _k in rd.make_cases(600, 3)]
    _check(reading_facts(cases, "riichi", rd.OPTION_SETS[0][0]), "riichi_fu_set")


def _riichireading_facts(n, seed, rules):
    rd = bench_module("riichi_diff")
    return reading_facts([(t, c) for t, _s, c, _k in rd.make_cases(n, seed)], "riichi", rules)


def test_riichi_yaku_and_fu_tables_equal_the_predicates():
    """Every riichi entry read from a table (riichi_table.reading_table and context_table, the riichi
    declaration), in the ruleset's order, against the predicates' own code."""
    rd = bench_module("riichi_diff")
    for rules, _package in (rd.OPTION_SETS[0], rd.OPTION_SETS[3]):
        facts = _riichireading_facts(500, 5, rules)
        bound = facts[0][0]
        for group, least, share in ((None, 40, 10), ("ctx", 5, 20)):  # a win by kong, last tile, first turn
            ks = [k for k, (_s, fn, params, _v) in enumerate(bound.patterns)
                  if getattr(fn, "reads", None) == group and getattr(fn, "lookup", None)
                  and fn.lookup[1](**params) is not None]
            assert len(ks) >= least
            _compare(facts, bound, ks, share)


def test_riichi_tables_with_other_parameters():
    """The same predicates with parameters the ruleset does not give (1 and 0 for true and false, a
    count of 0, any tile's pung, a kind read as pungs...): each entry is read from a table under the
    key its parameters give or, with no key, asked itself; either way the predicate's answer."""
    from types import SimpleNamespace as NS

    from scorer.notation.hand import CHOW, KONG, PUNG
    from scorer.patterns import riichi, riichi_fu
    opens = [{}, {"open": False}, {"open": True}, {"open": 1}, {"open": 0}, {"open": "x"}]
    combos = [(name, {}) for name in ("closed_self_draw", "pinfu", "all_pungs_riichi", "all_green_riichi",
                                      "seven_pairs_riichi", "riichi_fu_base", "riichi_fu_closed_ron",
                                      "riichi_fu_open_pinfu", "riichi_fu_pair", "riichi_fu_seven_pairs")]
    combos += [(name, o) for name in ("all_simples", "riichi_straight") for o in opens]
    combos += [("value_pung", {"tile": t}) for t in range(34)]
    combos += [("value_pung", p) for p in ({"wind": "seat"}, {"wind": "round"}, {"wind": "x", "tile": 31}, {})]
    combos += [("riichi_three_colour", dict(o, kind=kind)) for kind in (CHOW, PUNG, "x") for o in opens]
    combos += [(name, dict(o, honours=h)) for name in ("riichi_outside", "riichi_one_suit")
               for h in (True, False, 1, 0, "x") for o in opens]
    combos += [("riichi_pure_double_chow", {"twice": x}) for x in (False, True, 1, "x")]
    combos += [(name, {"count": c}) for name in ("concealed_pungs_riichi", "kongs_riichi")
               for c in (0, 1, 2, 3, 4, True, 3.0, "3")]
    combos += [(name, {param: x}) for name, param in (("four_concealed_pungs", "single_wait"),
                                                        ("nine_gates_riichi", "pure"),
                                                        ("thirteen_orphans_riichi", "pure"),
                                                        ("riichi_fu_self_draw", "pinfu_too"),
                                                        ("riichi_declared", "double"))
               for x in (True, False, 1, 0, 2)]
    combos += [("terminals_honours_only", {"honours": x}) for x in (None, True, False, "x", 0)]
    combos += [(name, {"big": x}) for name in ("dragons_riichi", "winds_riichi") for x in (True, False, "x", 0)]
    combos += [("riichi_fu_wait", {"wait": w}) for w in ("pair", "pung", "edge", "closed", "open", "x")]
    combos += [("riichi_fu_set", {"kind": kind, "orphan": o, "concealed": c})
               for kind in (PUNG, KONG, CHOW) for o in (True, False, 1, "x") for c in (True, False, 0)]
    combos += [("riichi_last_tile", {"drawn": x}) for x in (True, False, 1)]
    combos += [("riichi_kong_win", {"robbed": x}) for x in (True, False)]
    combos += [("riichi_first_turn", {"who": w}) for w in ("dealer", "drawn", "discard", "x")]
    patterns = [(NS(name=name), getattr(riichi, name, None) or getattr(riichi_fu, name), params, 1)
                for name, params in combos]
    bound = NS(patterns=patterns, variant=NS(id="test"))
    facts = _riichireading_facts(400, 6, {})
    for group, share in ((None, 10), ("ctx", 20)):
        _compare(facts, bound, [k for k, (_s, fn, _p, _v) in enumerate(patterns) if getattr(fn, "reads", None) == group],
                 share)
