"""The differential test: 20,000 random winning hands with random context, scored by mjscore's riichi
ruleset and by the `mahjong` package (2.1.0) under the same option sets, must agree on han, fu, the
yaku set and every payment (bench/riichi_diff.py runs 200,000 and prints both engines' speed)."""
from __future__ import annotations

import pytest

pytest.importorskip("mahjong")

pytestmark = pytest.mark.slow  # (docs/DEVELOPING.md "Testing")

from tests import riichi_diff as diff  # noqa: E402 - after the skip: it imports mahjong

HANDS = 20_000


@pytest.mark.parametrize("k", range(len(diff.OPTION_SETS)))
def test_agrees_with_the_mahjong_package(k):
    rules, optional = diff.OPTION_SETS[k]
    cases = diff.make_cases(HANDS // len(diff.OPTION_SETS), 9000 + k)
    bad, _explained, _t_ours, _t_pkg = diff.compare(cases, rules, optional)
    shown = "\n".join(f"{c[0]!r} {c[2]}: mjscore {a} / mahjong {b}" for c, a, b in bad[:5])
    assert not bad, f"{len(bad)} disagreements under {rules or 'the default rules'}:\n{shown}"


def test_the_comparison_can_fail():
    """The same hands under different rules on each side must disagree somewhere: the comparison
    reads han, fu and payments, not only whether both engines answered."""
    cases = diff.make_cases(500, 77)
    for rules, optional in (({"kiriage": True}, diff.OPTION_SETS[0][1]),
                            ({"red_fives": False}, diff.OPTION_SETS[0][1]),
                            ({"open_tanyao": False}, diff.OPTION_SETS[0][1])):
        bad, *_ = diff.compare(cases, rules, optional)
        assert bad, rules


def test_generated_hands_reach_the_rare_yaku():
    """The generator is not a stream of easy hands: across 4,000 hands the package finds each of
    these yaku at least once."""
    seen = set()
    for _text, spec, ctx, kw in diff.make_cases(4000, 31):
        r = diff.run_package(spec, kw, diff.OPTION_SETS[0][1], {"renhou": "mangan"})
        if not r.error:
            seen |= {y.name for y in r.yaku}
    want = {"Pinfu", "Chiitoitsu", "Ittsu", "Sanshoku Doujun", "Junchan", "Chantai", "Ryanpeikou",
            "Kokushi Musou", "Chuuren Poutou", "Daburu Chuuren Poutou", "Suu Ankou", "Rinshan Kaihou",
            "Chankan", "Haitei Raoyue", "Houtei Raoyui", "Aka Dora", "Ura Dora", "Renhou", "Tenhou"}
    assert want <= seen, want - seen
