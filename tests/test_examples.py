"""Every example hand file scores through the library as its comments say."""
import json
from pathlib import Path

import pytest
import yaml

from scorer.core import engine

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def records(name):
    return yaml.safe_load((EXAMPLES / name).read_text())


@pytest.mark.parametrize("rec", records("hk-old.yaml"), ids=lambda r: r["hand"])
def test_hk_old_examples(rec):
    ctx = {k: v for k, v in rec.items() if k not in ("hand", "expect", "variant")}
    r = engine.score(rec["hand"], ctx, variant=rec["variant"])
    want = rec["expect"]
    if not r.value.limit:
        assert r.value.total == want["total"]
    assert r.net == want["net"]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_file_runs_through_batch(path):
    from click.testing import CliRunner

    from scorer.cli.main import main

    r = CliRunner().invoke(main, ["batch", str(path), "--format", "jsonl"])
    lines = [json.loads(line) for line in r.output.splitlines() if line.startswith("{")]
    summary = lines[-1]["summary"]
    # hk-old-session.yaml carries five deliberately bad records (listed at its top); no other file has any
    expected_rejects = 5 if path.name == "hk-old-session.yaml" else 0
    assert summary["rejected"] == expected_rejects, r.output[-2000:]
    assert r.exit_code == (1 if expected_rejects else 0)
    # a whole game (an MCR game is 16 hands) or a night of 20 hands and more
    assert summary["scored"] >= (1 if "worked" in path.name or path.name == "hk-old.yaml" else
                                 16 if path.name.endswith("-game.yaml") else 20)
    for s in summary["sessions"]:
        assert abs(sum(s["net"].values())) < 1e-9


def test_a_riichi_game_file_counts_its_hands_not_its_records():
    # examples/riichi-game.yaml: 14 hands (each headed by a comment, the chombo one of them) in 22
    # records: 7 riichi deposits, which belong to the hand after them, and a double ron (East 1,
    # 2 honba), whose two winners' records share one table event and are one hand
    from click.testing import CliRunner

    from scorer.cli.main import main

    path = Path(__file__).parent.parent / "examples" / "riichi-game.yaml"
    assert path.read_text().count("\n  # ") == 14
    r = CliRunner().invoke(main, ["batch", str(path), "--format", "jsonl"])
    lines = [json.loads(line) for line in r.output.splitlines() if line.startswith("{")]
    summary = lines[-1]["summary"]
    assert (summary["records"], summary["scored"]) == (22, 22)
    assert [s["hands"] for s in summary["sessions"]] == [14]
    text = CliRunner().invoke(main, ["batch", str(path)]).output
    assert "\n   1      15  E   deposit" in text and "\n   1      16  E   discard S" in text
