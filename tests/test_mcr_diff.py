"""The differential test against MahjongGB (tests/mcr_diff.py) on 20,000 random hands of every form,
meld, kong, flower count, win flag and wind: every fan, its count and the total agree, and the hands
MahjongGB scores below 8 fans or calls no win are refused by mjscore for that reason. The million-hand
run is `python bench/mcr_diff.py`."""
import io

import pytest

pytest.importorskip("MahjongGB")

pytestmark = pytest.mark.slow  # (docs/DEVELOPING.md "Testing")

from tests import mcr_diff  # noqa: E402 - after the skip: it imports MahjongGB


def test_twenty_thousand_hands_agree_with_mahjonggb():
    out = io.StringIO()
    bad = mcr_diff.run(20_000, seed=20, show=10, out=out, timing=False)
    assert not bad, out.getvalue()


def test_the_generator_covers_every_form_and_flag():
    import random

    rng = random.Random(5)
    cases = [mcr_diff.make_case(rng) for _ in range(3000)]
    texts = " ".join(t for t, _c, _g in cases)
    for mark in ("{", ",5]", ",6]", ",7]", ",1]", "1f"):
        assert mark in texts
    keys = {k for _t, c, _g in cases for k in c}
    assert {"self_draw", "discarder", "robbed", "kong_draw", "last_tile", "fourth_tile"} <= keys
    assert {c["seat"] for _t, c, _g in cases} == set("ESWN") == {c["round"] for _t, c, _g in cases}
    kinds = {mcr_diff.ours(t, c)[0] for t, c, _g in cases[:600]}
    assert {"win", "minimum", "no win"} <= kinds
    fans = set()
    for _t, _c, gb in cases:
        got = mcr_diff.reference(gb)[1]
        fans |= set(got or ())
    special = {"seven_pairs", "seven_shifted_pairs", "thirteen_orphans", "greater_honours_and_knitted_tiles",
               "lesser_honours_and_knitted_tiles", "knitted_straight", "nine_gates", "melded_kong",
               "concealed_kong", "concealed_and_melded_kong", "flower_tiles", "robbing_the_kong",
               "out_with_replacement_tile", "last_tile_draw", "last_tile_claim", "last_tile"}
    assert special <= fans, special - fans
