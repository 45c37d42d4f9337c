"""A Context built the quick way (context._known_context) or by the full checks (context._make_context)
carries some derived values already (win_type, by_self_draw, seat_wind with the dealer at E); they are
what the Context's own properties give."""
from __future__ import annotations

import inspect
import random

from scorer.rulesets import context as cx
from tests.test_context_fast import _outcome, _random_kw

DERIVED = ("win_type", "by_self_draw", "seat_wind")


def test_values_written_ahead_are_the_properties_values():
    rng = random.Random(8)
    written = dict.fromkeys(DERIVED, 0)
    for _ in range(3000):
        kw = _random_kw(rng)
        full = _outcome(cx._make_context, dict(kw))
        if full[0] != "ok":
            continue
        for _twice in range(2):  # the second time every key is known: _known_context builds it
            quick = _outcome(cx.context_from, dict(kw))
            assert quick[0] == "ok", kw
        # both ways write them ahead: each against the property's own code
        for ctx in (quick[1], full[1]):
            for name in DERIVED:
                if name in vars(ctx):
                    written[name] += 1
                    want = inspect.getattr_static(cx.Context, name).func(ctx)
                    assert vars(ctx)[name] == want and type(vars(ctx)[name]) is type(want), (kw, name)
            assert ctx.seat_wind == inspect.getattr_static(cx.Context, "seat_wind").func(ctx)
    assert min(written.values()) > 300, written
