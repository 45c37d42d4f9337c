"""compare, waits and the dispute view."""
import json
import random

import pytest
from click.testing import CliRunner

from scorer.cli.main import main
from scorer.core import tools
from scorer.core.decompose import standard_splits
from scorer.core.forms import seven_pairs, thirteen_orphans
from scorer.errors import MjError
from scorer.notation.parse import parse_hand
from tests.gen import random_winning


def completes(hand13: str, t: int) -> bool:
    """Brute force: does adding tile t give 4 sets and a pair, seven pairs or thirteen orphans?"""
    h = parse_hand(hand13, partial=True)
    if h.all_counts[t] >= 4:
        return False
    full = parse_hand(h.text() + " " + "123456789"[t % 9] + "mps"[t // 9] if t < 27 else h.text() + " " + "ESWNPFC"[t - 27])
    if standard_splits(full.counts):
        return True
    return bool(seven_pairs(full, full.counts, 0, False, {}) or thirteen_orphans(full, full.counts, 0, False, {}))


@pytest.mark.parametrize("seed", range(60))
def test_waits_match_brute_force_over_all_34_tiles(seed):
    rng = random.Random(seed)
    full = parse_hand(random_winning(rng, tiles=range(rng.choice([9, 34])), meld_rate=0.2))
    tiles = list(full.concealed)
    tiles.remove(tiles[rng.randrange(len(tiles))])
    short = " ".join([m.text() for m in full.melds] + [
        "".join("123456789"[t % 9] + "mps"[t // 9] if t < 27 else "ESWNPFC"[t - 27] for t in tiles)])
    w = tools.waits(short, {"seat": "S"}, variant="hk-old", seen="")
    # rules refuse some shapes (below the minimum), but waits still lists them with the reason
    assert {x.tile for x in w.waits} == {t for t in range(34) if completes(short, t)}


def test_nine_gates_waits_on_all_nine():
    w = tools.waits("1112345678999m", {"seat": "S"}, variant="hk-old")
    assert [x.tile for x in w.waits] == list(range(9))
    assert all(x.self_draw.value.limit for x in w.waits)


def test_dead_tiles_from_seen():
    w = tools.waits("123m 456p 789s EEE 5p", {"seat": "S"}, variant="hk-old", seen="5p5p")
    assert [(x.tile, x.visible, x.dead) for x in w.waits] == [(13, 4, True)]
    with pytest.raises(MjError, match="more than the four copies"):
        tools.waits("123m 456p 789s EEE 5p", {"seat": "S"}, variant="hk-old", seen="5p5p5p5p")


def test_waits_needs_a_short_hand():
    with pytest.raises(MjError, match="one tile short"):
        tools.waits("123m 456p 789s EEE 5p5p", {"seat": "S"}, variant="hk-old")


def test_compare_scores_and_refuses():
    rows = tools.compare("123p 456p CCC NNN 55p", {"seat": "N", "discarder": "S"}, ["hk-old", "xiamen"])
    assert rows[0].result.net == {"E": -4, "S": -4, "W": -2, "N": 10}
    assert rows[1].result is None and "17" in rows[1].refused  # Xiamen hands are 16 + 1 tiles


def test_compare_a_misspelt_ruleset_is_an_error_with_did_you_mean():
    with pytest.raises(MjError, match="did you mean hk"):
        tools.compare("123p 456p CCC NNN 55p", {"seat": "N", "discarder": "S"}, ["hkk"])
    r = CliRunner().invoke(main, ["compare", "123p 456p CCC NNN 55p", "--seat", "N", "-V", "hkk"])
    assert r.exit_code == 2


def test_compare_takes_house_rules_per_ruleset():
    rows = tools.compare("123m 456p 789s EEE 5s 5s", {"self_draw": True},
                         [tools.ruleset_with_rules("hk-old:min_faan=1,stake=2"), tools.ruleset_with_rules("hk-old:min_faan=1")])
    assert rows[0].result.net["E"] == 2 * rows[1].result.net["E"]


def test_compare_cli_json():
    r = CliRunner().invoke(main, ["compare", "123p 456p CCC NNN 55p", "--seat", "N", "--discarder", "S",
                                  "-V", "hk-old", "--format", "json"])
    d = json.loads(r.output)
    assert d[0]["variant"] == "hk-old" and d[0]["result"]["total"]["value"] == 6


def test_dispute_money_line():
    # claimed 3 faan (1 base point) for a 6-faan hand (2 base): E pays 2 more, S 2 more, W 1 more
    r = CliRunner().invoke(main, ["score", "123p 456p CCC NNN 55p", "--seat", "N", "--discarder", "S",
                                  "--claim", "3"])
    assert r.exit_code == 1
    assert ("Money (in seat order):\n  E owes N 2 more than the claim says\n  S owes N 2 more than the claim says\n"
            "  W owes N 1 more than the claim says\n") in r.output
    r = CliRunner().invoke(main, ["score", "111m 222m 333m 456m 99m", "--self-draw", "--seat", "S",
                                  "--claim", "10"])
    assert "Money: no change" in r.output  # 10 and 12 faan both pay 8 base points


def test_waits_cli():
    r = CliRunner().invoke(main, ["waits", "1112345678999m", "--seat", "S"])
    assert r.exit_code == 0 and "Waits: 9 tile kinds (9 live)" in r.output
