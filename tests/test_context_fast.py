"""The quick ways to a Context (keys checked before, context.py's _known_context; the per-ruleset plan of
check_for_ruleset) give what the full checks give: the same Context, or the same error and message."""
from __future__ import annotations

import random
from dataclasses import fields

import pytest

from scorer.errors import MjError
from scorer.rulesets import context as cx
from scorer.rulesets.variant import load_variant

# values each key may take, good and bad (a few of each kind the checks tell apart)
VALUES = {
    "self_draw": [True, False, "yes", "ture", 1, 2, None],
    "discarder": ["E", "s", "west", "X", None, 3],
    "robbed": [None, None, "N", "E"],
    "kong_draw": [0, 1, 2.0, 5, -1, "1", 1.5, True],
    "last_tile": [False, True, "off"],
    "first_turn": [False, False, True],
    "seat": ["E", "S", "W", "N", "north", "Q"],
    "round": ["E", "S"],
    "dealer": ["E", "E", "S"],
    "streak": [0, 3, 51, "2"],
    "players": [4, 4, 3, "4", 5],
    "liable": [None, "W", "E"],
    "riichi": [False, True],
    "dora": ["2m", "N 9m", 5, "x" * 201],
    "ura": [None, "W"],
    "sticks": [0, 3, 101],
    "honba": [0, 2.0],
    "wild": [None, "5s"],
    "flower_bonus": [True, "flase", 3, 10_001, float("inf"), [1, 2], "text"],
    "kong_chain": [2, [1, 2]],
}


def _random_kw(rng):
    keys = rng.sample(sorted(VALUES), rng.randint(1, 8))
    if rng.random() < 0.7:
        keys.append("self_draw" if rng.random() < 0.5 else "discarder")
    kw = {}
    for k in keys:
        kw[k] = rng.choice(VALUES[k])
    return kw


def _outcome(fn, *args):
    try:
        return "ok", fn(*args)
    except MjError as e:
        return type(e).__name__, str(e)


def _state(ctx):
    names = [f.name for f in fields(cx.Context)]
    return [(n, getattr(ctx, n), type(getattr(ctx, n))) for n in names], [k for k in vars(ctx) if k in names]


def test_known_keys_give_the_full_checks_context_or_error():
    rng = random.Random(21)
    seen = {"ok": 0, "error": 0}
    for _ in range(4000):
        kw = _random_kw(rng)
        full = _outcome(cx._make_context, dict(kw))
        for _twice in range(2):  # the second time every valid key is known
            quick = _outcome(cx.context_from, dict(kw))
            assert quick[0] == full[0], (kw, quick, full)
            if full[0] == "ok":
                assert _state(quick[1]) == _state(full[1]), kw
                assert quick[1] == full[1]
            else:
                assert quick[1] == full[1], kw
        seen["ok" if full[0] == "ok" else "error"] += 1
    assert seen["ok"] > 300 and seen["error"] > 300


@pytest.mark.parametrize("variant", ["riichi", "mcr", "hk-old", "wuhan", "zung-jung"])
def test_check_for_ruleset_plan_agrees_with_the_full_check(variant):
    v = load_variant(variant)
    rng = random.Random(variant)
    for _ in range(1500):
        kw = _random_kw(rng)
        kw["players"] = v.players
        got = _outcome(cx._make_context, kw)
        if got[0] != "ok":
            continue
        ctx = got[1]
        assert _outcome(cx.check_for_ruleset, ctx, v) == _outcome(cx._check_for_ruleset, ctx, v), kw


def test_context_pickles_after_scoring():
    import pickle

    from scorer.core.engine import score

    r = score("[CCC,2] [234s,1] 678m 99p 55s 5s", {"seat": "W", "self_draw": True, "last_tile": True},
              "hk-old", {"min_faan": 1})
    back = pickle.loads(pickle.dumps(r.ctx))
    assert _state(back) == _state(r.ctx) and back.extra == r.ctx.extra
    assert score("[CCC,2] [234s,1] 678m 99p 55s 5s", back, "hk-old", {"min_faan": 1}).value.total == r.value.total
