"""Riichi's kept answers against fresh ones, on random hands and contexts: the payments kept in two
parts (lru_cache) against the same worked out with the caches emptied, the dora counted from the kept
indicator tiles against `indicators` read afresh (and its errors, flag by flag)."""
import random

import pytest

from scorer.core import engine
from scorer.core import setup as engine_setup
from scorer.errors import ContextError, MjError
from scorer.models import riichi as model
from scorer.patterns import riichi_fu

SEATS = "ESWN"


def _scored(n, seed):
    from tests import riichi_diff as rd
    out = []
    for text, _spec, ctx, _kw in rd.make_cases(n, seed):
        try:
            out.append(engine.score(text, ctx, variant="riichi"))
        except MjError:
            pass
    return out


def test_payments_kept_in_parts_equal_the_whole_work():
    results = _scored(400, 11)
    rng = random.Random(2)
    model._hand_pay.cache_clear()
    model._counters_pay.cache_clear()
    compared = 0
    for r in results:
        # the hand's own context, then the same value with other counters and seats: each part is
        # met both new and kept
        ctxs = [r.ctx]
        for _ in range(3):
            seat = rng.choice(SEATS)
            win = {"self_draw": True} if rng.random() < 0.4 else {
                rng.choice(("discarder", "robbed")): rng.choice([s for s in SEATS if s != seat])}
            ctxs.append(engine_setup._setup(dict(win, seat=seat, honba=rng.choice((0, 0, 1, 3)),
                                           sticks=rng.choice((0, 0, 2))), "riichi", None, {}).ctx)
        for ctx in ctxs:
            for params in ({}, {"honba_ron": 150, "honba_each": 50, "stick": 500}):
                plain = _fresh(r.value, ctx, params)
                assert model.riichi_pay(r.value, ctx, None, **params) == plain
                assert model.riichi_pay(r.value, ctx, None, **params) == plain  # kept
                compared += 1
    assert compared > 1000 and model._counters_pay.cache_info().currsize  # the counters' part was met


def _fresh(value, ctx, params):
    """riichi_pay with nothing kept."""
    model._hand_pay.cache_clear()
    model._counters_pay.cache_clear()
    return model.riichi_pay(value, ctx, None, **params)


def test_dora_from_kept_indicators_equal_a_fresh_read():
    results = _scored(300, 12)
    rng = random.Random(3)
    names = ["1m", "9p", "5s", "E", "N", "P", "C", "4m 9s", "E E", "2p 3p 7s"]
    for r in results:
        f = r.chosen.facts
        hand = f.hand
        counts = hand.all_counts if hand.melds else hand.counts
        for _ in range(2):
            dora, ura = rng.choice(names), rng.choice(names + [None])
            ctx = engine_setup._setup({"riichi": True, "seat": r.ctx.seat, "dora": dora, "ura": ura,
                                 "self_draw": True}, "riichi", None, {}).ctx
            f.ctx = ctx
            for flag, text in (("dora", dora), ("ura", ura)):
                if rng.random() < 0.3:  # read afresh by dora_count too
                    riichi_fu._dora_tiles.cache_clear()
                want = sum(counts[t] for t in riichi_fu.indicators(text, flag)) if text else 0
                assert riichi_fu.dora_count(f, ura=flag == "ura") == want
        f.ctx = r.ctx


@pytest.mark.parametrize("text, message", [("4x", "--{} '4x'"), ("1f", "flowers and seasons"),
                                           ("1m 2m 3m 4m 5m 6m", "at most 5")])
def test_dora_errors_name_their_flag_whether_or_not_a_text_was_read_before(text, message):
    r = _scored(5, 13)[0]
    f = r.chosen.facts
    riichi_fu.indicators("1m", "dora")  # a good text kept: a bad one is still read and refused
    for flag in ("dora", "ura", "dora"):
        f.ctx = engine_setup._setup({"riichi": True, "self_draw": True, flag: text}, "riichi", None, {}).ctx \
            if flag == "dora" else engine_setup._setup({"riichi": True, "self_draw": True, "ura": text}, "riichi", None,
                                                 {}).ctx
        with pytest.raises(ContextError, match=message.format(flag).replace("[", r"\[")):
            riichi_fu.dora_count(f, ura=flag == "ura")
    f.ctx = r.ctx
