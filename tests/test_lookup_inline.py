"""registry.lookup: the engine reads a `lookup` predicate's table inline (engine._compile_group) instead
of calling the predicate; on random MCR and riichi readings the inline answers must be the predicate's
own, entry by entry (the set fans of MCR, the fu of sets of riichi)."""
import importlib.util
import random
from pathlib import Path

from scorer import engine
from scorer.errors import MjError
from scorer.facts import Facts
from scorer.notation import parse_hand

_BENCH = Path(__file__).resolve().parent.parent / "bench"


def _module(name):
    spec = importlib.util.spec_from_file_location(name, _BENCH / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _facts(cases, variant, rules):
    out = []
    for text, ctx in cases:
        try:
            s = engine._setup(ctx, variant, rules, {})
            hand = parse_hand(text, win=s.ctx.win, max_size=s.max_size, dealt=s.variant.dealt_sizes)
            wild = s.wild or engine._wild_of(s.bound, s.ctx)
            readings = engine.readings_of(hand, s.variant, s.bound, wild)
        except MjError:
            continue
        out += [(s.bound, Facts(hand, r, s.ctx, wild, s.bound.options)) for r in readings]
    return out


def _check(facts, fn_name, least=8):
    bound = facts[0][0]
    names = (fn_name,) if isinstance(fn_name, str) else fn_name
    ks = [k for k, (_spec, fn, _p, _v) in enumerate(bound.patterns) if fn.__name__ in names]
    assert len(ks) >= least and all(getattr(bound.patterns[k][1], "lookup", None) for k in ks)
    inline = engine._compile_group(bound, ks, "test")
    hits = 0
    for b, f in facts:
        assert b is bound
        # the predicate's own answers, asked on fresh facts (no table kept from the inline run)
        f2 = Facts(f.hand, f.reading, f.ctx, f.wild, f.options)
        direct = [(k, n, type(n)) for k in ks
                  for n in [bound.patterns[k][1](f2, **bound.patterns[k][2])] if n]
        assert inline(f) == direct, (f.hand, f.reading)
        hits += bool(direct)
    assert hits > len(facts) // 10  # the hands reach the tables, not only their empty answers


def test_mcr_set_fans_inline_equal_the_predicate():
    md = _module("mcr_diff")
    rng = random.Random(3)
    cases = [md.make_case(rng)[:2] for _ in range(600)]
    _check(_facts(cases, "mcr", md.RULES), "mcr_sets_fan")


def test_mcr_tile_form_and_wait_tables_inline_equal_the_predicates():
    # the fans of the tiles present (per kind mask), of the form, the concealment and the wait
    md = _module("mcr_diff")
    rng = random.Random(4)
    cases = [md.make_case(rng)[:2] for _ in range(1500)]
    facts = _facts(cases, "mcr", md.RULES)
    for names in (("mcr_tiles_within", "mcr_ranks", "mcr_suits"), ("mcr_form", "mcr_honours_knitted"),
                  ("mcr_concealment", "mcr_wait")):
        _check(facts, names, least=4)


def test_riichi_fu_of_sets_inline_equal_the_predicate():
    rd = _module("riichi_diff")
    cases = [(t, c) for t, _s, c, _k in rd.make_cases(600, 3)]
    _check(_facts(cases, "riichi", rd.OPTION_SETS[0][0]), "riichi_fu_set")
