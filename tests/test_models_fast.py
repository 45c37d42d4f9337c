"""The kept values and payments of models/faan.py (faan_table, staked_per_loser) and models/pay.py
(per_loser) change no result: for thousands of random hands of every ruleset using them, every
reading's value and its transfers, computed with warm caches (each hand twice in a row, the hands
forwards, backwards and shuffled, and through engine.score), equal those computed with every cache
cleared before each call: field by field, with the types of the numbers (4 is not 4.0)."""
import dataclasses
import random

import pytest

from scorer.core import engine
from scorer.core import setup as engine_setup
from scorer.core.facts import Facts
from scorer.core.result import HandValue, Transfer
from scorer.errors import MjError
from scorer.models import faan, pay
from scorer.notation.tiles import tile_name
from scorer.rulesets.variant import load_variant
from tests.gen import benchmark_hands, random_context, random_winning

VALUE_FIELDS = ("total", "base", "legal", "reason", "limit", "details", "key", "unit", "items")


def clear():
    faan.clear_caches()
    pay.clear_caches()


def differences(a, b, where="") -> list[str]:
    """Where `a` and `b` differ: values, types, dict key order, dataclass fields, recursively."""
    if type(a) is not type(b):
        return [f"{where}: {a!r} ({type(a).__name__}) != {b!r} ({type(b).__name__})"]
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return [f"{where}: {len(a)} != {len(b)} entries ({a!r} / {b!r})"]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in differences(x, y, f"{where}[{i}]")]
    if isinstance(a, dict):
        if list(a) != list(b):
            return [f"{where}: keys {list(a)} != {list(b)}"]
        return [d for k in a for d in differences(a[k], b[k], f"{where}[{k!r}]")]
    if dataclasses.is_dataclass(a):
        return [d for f in dataclasses.fields(a)
                for d in differences(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")]
    if a != b and not (a != a and b != b):  # NaN equals NaN here
        return [f"{where}: {a!r} != {b!r}"]
    return []


def value_differences(got: HandValue, want: HandValue, where="") -> list[str]:
    return [d for f in VALUE_FIELDS for d in differences(getattr(got, f), getattr(want, f), f"{where}.{f}")]


def transfer_differences(got, want, where="") -> list[str]:
    if isinstance(got, Exception) or isinstance(want, Exception):
        same = type(got) is type(want) and str(got) == str(want)
        return [] if same else [f"{where}: {got!r} != {want!r}"]
    if len(got) != len(want):
        return [f"{where}: {len(got)} transfers != {len(want)}: {got} / {want}"]
    out = []
    for i, (t, u) in enumerate(zip(got, want)):
        if type(t) is not Transfer or type(u) is not Transfer:
            out.append(f"{where}[{i}]: not a Transfer: {t!r} / {u!r}")
            continue
        for f in ("frm", "to", "amount", "why"):
            out += differences(getattr(t, f), getattr(u, f), f"{where}[{i}].{f}")
    return out


def _settle(bound, value, ctx, facts):
    try:
        return engine.settle(bound, value, ctx, facts)
    except MjError as e:
        return e


def readings(case):
    """(bound, ctx, facts) of every reading of a case (text, context dict, ruleset, rules)."""
    text, ctx, vid, rules = case
    hand, ctx, variant, bound = engine_setup._coerce(text, dict(ctx), vid, rules, {})
    wild = engine_setup._wild_of(bound, ctx)
    return [(bound, ctx, Facts(hand, r, ctx, wild, bound.options))
            for r in engine.readings_of(hand, variant, bound, wild)]


def evaluate_case(case, cold: bool):
    """[(value, transfers or the MjError settling raised)] per reading; `cold`: every cache cleared
    before each value_of and settle call."""
    out = []
    for bound, ctx, facts in readings(case):
        items = engine.evaluate(bound, facts)
        if cold:
            clear()
        value = engine.value_of(bound, items, ctx)
        if cold:
            clear()
        out.append((value, _settle(bound, value, ctx, facts)))
    return out


def case_differences(got, want, where) -> list[str]:
    if len(got) != len(want):
        return [f"{where}: {len(got)} readings != {len(want)}"]
    out = []
    for i, ((v, t), (rv, rt)) in enumerate(zip(got, want)):
        out += value_differences(v, rv, f"{where} reading {i} value")
        out += transfer_differences(t, rt, f"{where} reading {i} transfers")
    return out


def check(cases, passes=("twice", "reversed", "shuffled", "score")) -> list[str]:
    """Every case's warm results against its cold reference; the differences found (at most 20)."""
    clear()
    want = [evaluate_case(c, cold=True) for c in cases]
    clear()
    problems: list[str] = []
    order = list(range(len(cases)))
    rng = random.Random(7)
    for name in passes:
        if name == "twice":  # warm from the cold start: each hand scored twice in a row
            runs = [i for i in order for _ in (0, 1)]
        elif name == "reversed":
            runs = order[::-1]
        elif name == "shuffled":
            runs = rng.sample(order, len(order))
        else:
            runs = []
            for i in rng.sample(order, len(order)):
                problems += score_differences(cases[i], want[i], f"score case {i}")
        for i in runs:
            problems += case_differences(evaluate_case(cases[i], cold=False), want[i], f"{name} case {i} {cases[i]}")
        if len(problems) > 20:
            break
    return problems[:20]


def score_differences(case, want, where) -> list[str]:
    """engine.score (warm caches): the chosen reading's value and transfers, and every reading's value."""
    text, ctx, vid, rules = case
    try:
        r = engine.score(text, dict(ctx), variant=vid, rules=rules)
    except MjError:
        return []  # refused (a minimum, a refusal, a false win with a liable seat...)
    out = []
    for i, s in enumerate(r.readings):
        out += value_differences(s.value, want[i][0], f"{where} reading {i} value")
    i = r.readings.index(r.chosen)
    out += transfer_differences(r.transfers, want[i][1], f"{where} transfers")
    return out


# ---- the cases -----------------------------------------------------------------------------------

def hk_cases(vid, rules_list, n, seed, extra=None):
    """benchmark hands, some honours-only hands (limit hands: all honours, great dragons/winds),
    with contexts that sometimes name a liable seat or a fact (`extra(rng, ctx)`)."""
    rng = random.Random(seed)
    hands = benchmark_hands(n, seed)
    for _ in range(n // 10):
        text = random_winning(rng, tiles=range(27, 34), meld_rate=rng.choice([0, 0.5]))
        hands.append((text, random_context(rng, hand=text)))
    cases = []
    for text, ctx in hands:
        ctx = dict(ctx)
        if extra:
            extra(rng, ctx)
        cases.append((text, ctx, vid, rng.choice(rules_list)))
    return cases


HK_OLD_RULES = [
    {"min_faan": 0},
    {"min_faan": 0},
    {},  # min_faan 3: illegal readings, with their reasons
    {"min_faan": 0, "stake": 0.3, "semi_concealed_half_limit": True},
    {"min_faan": 1, "payout_table": "doubling", "faan_limit": 8, "stake": 2.5, "limit_pay": 100},
    {"min_faan": 0, "payout_table": "tiered", "robbed_pays_as_discarder": False, "semi_concealed_half_limit": True},
]

HK_RULES = [
    {},
    {},
    {"stake": 0.1, "baau_pays": "single"},
    {"payout_table": "doubling", "past_table": "double", "faan_limit": 10},
    {"payout_table": "old_hk", "stake": 3, "robbed_pays_as_discarder": False},
]


def limit_cases(vid, rules_list, n, seed):
    """Honours-only hands (limit hands under hk-old), each won every way: the same items self-drawn
    and claimed (a limit hand is halved on a discard with semi_concealed_half_limit)."""
    rng = random.Random(seed)
    cases = []
    for _ in range(n):
        text = random_winning(rng, tiles=range(27, 34), meld_rate=rng.choice([0, 0.5]))
        rules = rng.choice(rules_list)
        for seat, how in (("E", {"self_draw": True}), ("S", {"discarder": "E"}), ("W", {"self_draw": True}),
                          ("N", {"discarder": "W"})):
            cases.append((text, {"seat": seat, "round": "E", "dealer": "E", **how}, vid, rules))
    return cases


def hk_facts(rng, ctx):
    others = [s for s in "ESWN" if s != ctx["seat"]]
    roll = rng.random()
    if roll < 0.15:
        ctx["liable"] = rng.choice(others)
    elif roll < 0.25:
        ctx["false_win"] = rng.choice([True, False, "yes"])
    elif roll < 0.3:
        ctx["liable"] = rng.choice(others)
        ctx["false_win"] = True  # refused: a false win has no liable player


def zung_jung_cases(n, seed):
    rng = random.Random(seed)
    return [(text, ctx, "zung-jung", {}) for text, ctx in benchmark_hands(n, seed)] + [
        (text, random_context(rng, hand=text), "zung-jung", {})
        for text in (random_winning(rng, tiles=range(27, 34)) for _ in range(n // 10))]


def kawuxing_cases(n, seed):
    rng = random.Random(seed)
    tiles = list(range(9, 27)) + [31, 32, 33]  # dots, bamboo, dragons
    cases = []
    for _ in range(n):
        text = random_winning(rng, sets=4, tiles=tiles, meld_rate=rng.choice([0, 0.3]), chow_rate=0.5)
        ctx = random_context(rng, players=3, hand=text)
        if rng.random() < 0.2:
            ctx["disclosed"] = True
        if rng.random() < 0.1:  # another player's kong: paid too, and never kept
            seat = rng.choice([s for s in "ESW" if s != ctx["seat"]])
            ctx["others"] = {seat: "{" + tile_name(rng.choice(tiles)) * 4 + "}"}
        cases.append((text, ctx, "kawuxing", {}))
    return cases


CASES = {
    "hk-old": lambda: hk_cases("hk-old", HK_OLD_RULES, 2500, 11) + limit_cases("hk-old", HK_OLD_RULES, 60, 15),
    "hk": lambda: hk_cases("hk", HK_RULES, 2000, 12, extra=hk_facts),
    "zung-jung": lambda: zung_jung_cases(1500, 13),
    "kawuxing": lambda: kawuxing_cases(1500, 14),
}


@pytest.mark.slow
@pytest.mark.parametrize("vid", sorted(CASES))
def test_kept_values_and_payments_change_nothing(vid):
    cases = CASES[vid]()
    problems = check(cases)
    assert not problems, "\n".join(problems)


def test_the_cases_cover_what_the_caches_decide():
    """The cases reach limit hands (halved on a discard too; hk has none), illegal readings,
    fractional stakes, refused payments (a false win with a liable seat): the comparison above is
    not only over plain hands."""
    seen = set()
    for vid, make in CASES.items():
        for case in make()[::5]:
            try:
                got = evaluate_case(case, cold=False)
            except MjError:
                continue
            for v, t in got:
                seen.add((vid, "limit", bool(v.limit)))
                seen.add((vid, "halved limit", bool(v.limit) and v.base in (32, 50)))
                seen.add((vid, "legal", v.legal))
                seen.add((vid, "refused payment", isinstance(t, Exception)))
                if not isinstance(t, Exception):
                    seen.add((vid, "fractional", any(isinstance(x.amount, float) for x in t)))
    for want in [("hk-old", "limit", True), ("hk-old", "halved limit", True), ("hk-old", "legal", False),
                 ("hk-old", "fractional", True), ("hk", "refused payment", True), ("hk", "fractional", True),
                 ("zung-jung", "legal", True), ("kawuxing", "legal", True)]:
        assert want in seen, want


# ---- the check can fail ---------------------------------------------------------------------------

def _cases_small():
    return hk_cases("hk-old", [{"min_faan": 0}], 200, 21)


def test_a_wrong_kept_value_is_caught():
    cases = _cases_small()
    clear()
    want = [evaluate_case(c, cold=True) for c in cases[:50]]
    clear()
    for c in cases:
        evaluate_case(c, cold=False)
    cache = faan._VALUE_LAST[-1]
    assert cache
    for ids, entry in list(cache.items()):  # the same items now answer one more base point
        if entry[0] is not None:
            cache[ids] = (dataclasses.replace(entry[0], base=entry[0].base + 1),) + entry[1:]
    problems = [d for c, w in zip(cases[:50], want)
                for d in case_differences(evaluate_case(c, cold=False), w, "x")]
    assert problems and all("value.base" in p or "transfers" in p for p in problems)


def test_a_wrong_kept_payment_is_caught():
    cases = _cases_small()
    clear()
    want = [evaluate_case(c, cold=True) for c in cases[:50]]
    clear()
    for c in cases:
        evaluate_case(c, cold=False)
    for cache in faan._STAKED_LAST[-2:]:
        for key, (ctx, out) in list(cache.items()):
            cache[key] = (ctx, tuple(Transfer(t.frm, t.to, float(t.amount), t.why) for t in out))  # 4 -> 4.0
    problems = [d for c, w in zip(cases[:50], want)
                for d in case_differences(evaluate_case(c, cold=False), w, "x")]
    assert problems and all(".amount" in p for p in problems)


def test_differences_sees_types_and_order():
    assert differences(4, 4.0) and differences({"a": 1, "b": 2}, {"b": 2, "a": 1}) and differences([1], [1, 2])
    assert not differences({"a": [1, (2, "x")]}, {"a": [1, (2, "x")]})
    assert differences(Transfer("E", "S", 1), Transfer("E", "S", True))


# ---- what must never be shared ----------------------------------------------------------------------

def test_a_value_from_a_total_is_never_shared():
    """engine.pay sets limit and base on the value it gets: each call has its own (E, the dealer,
    discarded: 2 x 2 x 2 base points, the others 2 x 1)."""
    ctx = {"seat": "S", "discarder": "E"}
    v1, t1, _ = engine.pay(5, ctx, variant="hk-old", rules={"min_faan": 0}, limit=True)
    v2, t2, _ = engine.pay(5, ctx, variant="hk-old", rules={"min_faan": 0})
    assert v1 is not v2 and v1.limit and not v2.limit and v2.base == 2
    assert [t.amount for t in t2] == [8, 2, 2] and [t.amount for t in t1] == [64, 64, 64]


def test_kept_values_are_not_changed_by_scoring_again():
    text = "[CCC,2] [234s,1] 678m 99p 55s 5s"
    r1 = engine.score(text, variant="hk-old", self_draw=True, seat="W", rules={"min_faan": 1})
    before = dataclasses.replace(r1.value, details=dict(r1.value.details), items=list(r1.value.items))
    for ctx in ({"self_draw": True, "seat": "E"}, {"discarder": "N", "seat": "W"}):
        engine.pay(3, ctx, variant="hk-old", limit=True)
        engine.score(text, variant="hk-old", rules={"min_faan": 1}, **ctx)
    assert not value_differences(r1.value, before)
    assert (r1.value.total, r1.net["W"]) == (3, 8)


def test_a_context_with_other_hands_is_not_kept():
    """classical's everyone_scores writes the losers' scores into the winner's value: a value whose
    context carries other players' hands is the caller's own."""
    clear()
    from dataclasses import replace

    case = ("[CCC,2] [234s,1] 678m 99p 55s 5s", {"self_draw": True, "seat": "W"}, "hk-old", {"min_faan": 0})
    (bound, ctx, facts), = readings(case)
    ctx = replace(ctx, others={"E": "123m"})  # hk-old reads no --other (refused there): built by hand
    items = engine.evaluate(bound, facts)
    assert engine.value_of(bound, items, ctx) is not engine.value_of(bound, items, ctx)
    assert not faan._VALUE_LAST[-1]


def test_the_caches_are_bounded():
    clear()
    cases = hk_cases("hk-old", [{"min_faan": 0}], 300, 31)
    for c in cases:
        evaluate_case(c, cold=False)
    assert 0 < len(faan._VALUE_LAST[-1]) <= faan._VALUES_MAX
    old = faan._VALUES_MAX, faan._STAKED_MAX
    try:
        faan._VALUES_MAX = faan._STAKED_MAX = 5
        clear()
        for c in cases:
            evaluate_case(c, cold=False)
        assert len(faan._VALUE_LAST[-1]) <= 5 and all(len(c) <= 5 for c in faan._STAKED_LAST[-2:])
    finally:
        faan._VALUES_MAX, faan._STAKED_MAX = old
        clear()


# ---- every parameter, base type and fact is part of what is kept -----------------------------------

def _bound_and_items(vid, rules):
    """A Bound and a few item lists of its own (a limit hand among them under hk-old)."""
    out = []
    for text, ctx in [("[CCC,2] [234s,1] 678m 99p 55s 5s", {"self_draw": True, "seat": "W"}),
                      ("EEE SSS WWW CCC F F", {"discarder": "E", "seat": "S"}),
                      ("123m 456m 789m 234p 5s 5s", {"discarder": "N", "seat": "E"}),
                      ("[FFF,1] 111p 999p 99s 55m 5m", {"self_draw": True, "seat": "N"})]:
        for bound, c, facts in readings((text, ctx, vid, rules)):
            out.append(engine.evaluate(bound, facts))
    return bound, out


CONTEXTS = [{"self_draw": True, "seat": "E"}, {"self_draw": True, "seat": "S"},
            {"discarder": "E", "seat": "S"}, {"discarder": "N", "seat": "W", "dealer": "N"},
            {"robbed": "W", "seat": "N"}, {"discarder": "S", "seat": "W", "liable": "E"},
            {"self_draw": True, "seat": "S", "false_win": True}, {"discarder": "E", "seat": "N", "disclosed": True}]


def _contexts(players=4):
    from scorer.rulesets.context import make_context

    return [make_context(players=players, **c) for c in CONTEXTS
            if all(v in "ESWN"[:players] for k, v in c.items() if k in ("seat", "discarder", "robbed", "liable"))]


def _variants(spec: dict, changes: dict) -> list[dict]:
    """`spec` with one parameter changed at a time, each change between two copies of `spec`, then
    a parameter's changes one after the other (a cache that took an equal parameter of another type,
    3.0 for 3, for the last one's would answer for it)."""
    out = [dict(spec)]
    for key, values in changes.items():
        for v in values:
            out += [{**spec, key: v}, dict(spec)]
        out += [{**spec, key: v} for v in values]
    return out


def _interleaved_check(calls) -> list[str]:
    """`calls`: [(label, fn)]; each fn() is called warm (all of them, twice, then backwards) and
    compared with its answer after clearing every cache."""
    def run(fn):
        try:
            return fn()
        except MjError as e:
            return e

    want = []
    for _label, fn in calls:
        clear()
        want.append(run(fn))
    clear()
    problems = []
    order = [i for i in range(len(calls)) for _ in (0, 1)] + list(range(len(calls)))[::-1]
    for i in order:
        got, w = run(calls[i][1]), want[i]
        if isinstance(w, HandValue) and isinstance(got, HandValue):
            problems += value_differences(got, w, calls[i][0])
        elif isinstance(w, HandValue) or isinstance(got, HandValue):
            problems.append(f"{calls[i][0]}: {got!r} != {w!r}")
        else:
            problems += transfer_differences(got, w, calls[i][0])
    return problems[:20]


@pytest.mark.slow
def test_every_value_parameter_is_kept_apart():
    """The same items and context under parameter sets that differ in one parameter each (equal
    values of another type too: 3 and 3.0 print apart)."""
    bound, item_lists = _bound_and_items("hk-old", {"min_faan": 0})
    item_lists += [[]] + [items[::-1] for items in item_lists]  # no faan; the same items in another order
    spec = dict(engine._models(bound)[1])
    changes = {
        "table": ["half_spicy", "doubling", [[0, 1], [2, 3]]],
        "tables": [{**spec["tables"], "old_hk": [[0, 5], [4, 6]]}],
        "minimum": [3, 3.0, 20],
        "minimum_excludes": [[], ["bonus", "x"]],
        "limit_pay": [100, 64.0],
        "unit": ["fan"],
        "half_limit_on_discard": [True, 1],
        "faan_limit": [1, 2, 2.0],
        "floor_groups": [["bonus"]],
        "base_label": ["units"],
        "zero_label": ["chicken"],
        "over_table": ["double"],
        "step": [3, 2.0],
        "limit_faan": [13, 13.0],
    }
    # past a short table: `double` doubles by `step` per faan
    doubling = {**spec, "table": [[0, 1], [1, 2]], "over_table": "double"}
    sets = _variants(spec, changes) + _variants(doubling, {"step": [3, 2.0], "faan_limit": [3]})
    calls = []
    for n, params in enumerate(sets):
        for c, ctx in enumerate(_contexts()):
            for k, items in enumerate(item_lists):
                calls.append((f"set {n} ctx {c} items {k}",
                              lambda params=params, ctx=ctx, items=items:
                              faan.faan_table(list(items), ctx, bound, **params)))
            for total in (0, 5, 5.0):  # a value from a total, whatever items come with it
                calls.append((f"set {n} ctx {c} total {total!r}",
                              lambda params=params, ctx=ctx, total=total:
                              faan.faan_table(list(item_lists[0]), ctx, bound, total=total, **params)))
    problems = _interleaved_check(calls)
    assert not problems, "\n".join(problems)


def test_a_value_from_a_total_is_always_a_new_one():
    bound, item_lists = _bound_and_items("hk-old", {"min_faan": 0})
    ctx = _contexts()[0]
    for items in (None, item_lists[0]):
        assert engine.value_of(bound, items, ctx, total=4) is not engine.value_of(bound, items, ctx, total=4)


def _payment_values():
    """Values whose bases are equal numbers of other types (2, 2.0), zero of both signs, limits."""
    out = []
    for base in (2, 2.0, 3, 3.0, 0, 0.0, -0.0, 2.5, 64, 32.0):
        for limit in (False, True):
            out.append(HandValue([], base, "faan", base, limit=limit, key=(int(limit), base, base)))
    return out


@pytest.mark.parametrize("vid, model, changes", [
    ("hk", faan.staked_per_loser, {
        "stake": [2, 2.0, 0.3, 1.0], "factors": [[{"if": "claimed", "times": 3, "why": "x"}], []],
        "limit_undoubled": [True], "liability": [False], "liable_pays": ["single"],
        "false_win_key": [None, "other_key"], "payers": ["claimed_from"], "rounding": ["up"]}),
    ("hk-old", faan.staked_per_loser, {"stake": [0.5], "limit_undoubled": [False], "liability": [True]}),
    ("zung-jung", pay.per_loser, {
        "factors": [[{"if": "claimed", "times": 2, "why": "y"}], [{"if": "self_draw", "plus": 1}]],
        "payers": ["all"], "limit_undoubled": [True], "liability": [True], "rounding": ["up"]}),
])
def test_every_payment_parameter_base_and_fact_is_kept_apart(vid, model, changes):
    bound = load_variant(vid).bind({})
    spec = dict(engine._models(bound)[3])
    calls = []
    for n, params in enumerate(_variants(spec, changes)):
        for c, ctx in enumerate(_contexts()):
            for k, value in enumerate(_payment_values()):
                calls.append((f"set {n} ctx {c} value {k} ({value.base!r}, limit {value.limit})",
                              lambda params=params, ctx=ctx, value=value: model(value, ctx, bound, **params)))
    problems = _interleaved_check(calls)
    assert not problems, "\n".join(problems)


def test_a_fact_changed_in_place_is_seen():
    """Contexts are not to be changed in place, but a `--set` fact that is still pays as it now reads."""
    from scorer.rulesets.context import Context

    bound = load_variant("hk").bind({})
    ctx = Context(self_draw=True, seat="S")  # its own: not one make_context shares
    value = HandValue([], 3, "faan", 8)
    clear()
    plain = engine.settle(bound, value, ctx)
    ctx.extra["false_win"] = True
    false_win = engine.settle(bound, value, ctx)
    assert [t.frm for t in plain] == ["E", "W", "N"] and [t.frm for t in false_win] == ["S", "S", "S"]
    ctx.extra["false_win"] = False
    assert not transfer_differences(engine.settle(bound, value, ctx), plain)
    # per_loser on its own (a condition reading a fact: kawuxing's `disclosed`)
    ctx = Context(discarder="E", seat="S")
    factors = [{"if": "disclosed", "times": 2, "why": "disclosed"}]
    assert [t.amount for t in pay.per_loser(value, ctx, bound, factors=factors)] == [8, 8, 8]
    ctx.extra["disclosed"] = True
    assert [t.amount for t in pay.per_loser(value, ctx, bound, factors=factors)] == [16, 16, 16]


def test_a_value_changed_in_place_pays_as_it_now_reads():
    """engine.pay's way: the value's base and limit set after value_of, then settled."""
    bound = load_variant("hk-old").bind({"min_faan": 0})
    ctx = _contexts()[2]
    clear()
    value = engine.value_of(bound, None, ctx, total=5)
    first = engine.settle(bound, value, ctx)
    value.limit, value.base = True, 64
    second = engine.settle(bound, value, ctx)
    assert [t.amount for t in first] != [t.amount for t in second] == [64, 64, 64]
