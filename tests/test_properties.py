"""Properties every ruleset must keep, over generated legal winning hands (hypothesis drives the
seeds): scoring never raises anything but MjError; payments sum to zero; the result does not depend
on the order the tiles are written in; the canonical printed hand scores the same; the JSON has the
keys NOTATION.md fixes; scoring twice gives byte-identical output."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.core import engine
from scorer.errors import MjError
from scorer.notation.tiles import tile_name
from scorer.output.results import result_json
from scorer.rulesets.files import shipped_ids
from scorer.rulesets.variant import load_variant
from tests.gen import random_context, random_winning

JSON_KEYS = {"variant", "hand", "total", "items", "decomposition", "payments", "net"}

pytestmark = pytest.mark.slow  # (docs/DEVELOPING.md "Testing")


def allowed_tiles(v):
    spec = v.data.get("hand", {}).get("tiles")
    if not spec:
        return list(range(34))
    from scorer.patterns.sets import tile_group

    out = set()
    for name in spec:
        if name in ("m", "p", "s"):
            base = "mps".index(name) * 9
            out |= set(range(base, base + 9))
        else:
            out |= set(tile_group(name))
    return sorted(out)


def make_case(vid, seed):
    v = load_variant(vid)
    rng = random.Random(seed)
    tiles = allowed_tiles(v)
    text = random_winning(rng, sets=v.sets, tiles=tiles, meld_rate=rng.choice([0, 0.3]))
    ctx = random_context(rng, players=v.players, hand=text)
    how = v.bind().hand_options["wild"].get("from", "none")
    if how in ("indicator", "indicator_next"):
        ctx["indicator"] = tile_name(rng.choice(tiles))
    elif how == "given":
        ctx["wild"] = tile_name(rng.choice(tiles))
    return v, text, ctx


def shuffled(text, rng):
    """The same hand with its concealed tiles written in another order (winning tile still last)."""
    from scorer.notation.parse import parse_hand

    h = parse_hand(text)
    rest = list(h.concealed)
    rest.remove(h.win_tile)
    rng.shuffle(rest)
    melds = [m.text() for m in h.melds]
    rng.shuffle(melds)
    return " ".join(melds + [tile_name(t) for t in rest] + [tile_name(h.win_tile)] + [tile_name(b) for b in h.bonus])


@pytest.mark.parametrize("vid", shipped_ids())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_ruleset_properties(vid, seed):
    v, text, ctx = make_case(vid, seed)
    try:
        r = engine.score(text, ctx, variant=vid)
    except MjError:
        return  # a legal shape the ruleset refuses (below a minimum, a forbidden win...): fine
    assert sum(r.net.values()) == 0
    out = result_json(r)
    d = json.loads(out)
    assert JSON_KEYS <= set(d)
    assert result_json(engine.score(text, ctx, variant=vid)) == out  # deterministic
    again = engine.score(r.hand.text(), ctx, variant=vid)  # canonical text round-trips
    assert (again.value.total, again.net) == (r.value.total, r.net)
    other = engine.score(shuffled(text, random.Random(seed)), ctx, variant=vid)
    assert (other.value.total, other.net) == (r.value.total, r.net)


@pytest.mark.parametrize("vid", shipped_ids())
def test_generators_reach_legal_hands(vid):
    """Guard against a property test that scores nothing: some generated hands must be legal."""
    scored = 0
    for seed in range(300):
        v, text, ctx = make_case(vid, seed)
        try:
            engine.score(text, ctx, variant=vid)
            scored += 1
        except MjError:
            pass
    assert scored >= 10, f"{vid}: only {scored} of 300 generated hands scored"
