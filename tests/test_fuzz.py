"""Seeded fuzzing: random strings, random bytes and near-miss hands through the parser, the engine
and the CLI. Each case scores or fails with a one-line message and exit status 2; never a traceback.
bench/fuzz.py runs the same generators over 100,000+ cases."""
import random

import pytest
from click.testing import CliRunner

from scorer import engine
from scorer.cli import main
from scorer.errors import MjError
from tests.fuzzing import contexts, near_miss, random_bytes_text, random_string

GENERATORS = [random_string, random_bytes_text, near_miss]


@pytest.mark.parametrize("gen", GENERATORS, ids=lambda g: g.__name__)
def test_library_raises_only_mjerror(gen):
    rng = random.Random(7)
    for _ in range(1500):
        text = gen(rng)
        try:
            engine.score(text, variant="hk-old", self_draw=True, rules={"min_faan": 0})
        except MjError:
            pass


def test_cli_fuzz_exit_statuses():
    rng = random.Random(11)
    runner = CliRunner()
    for _ in range(300):
        text = rng.choice(GENERATORS)(rng)
        r = runner.invoke(main, ["score", text, *contexts(rng)])
        assert r.exit_code in (0, 2), (text, r.output)
        assert "Traceback" not in r.output
        if r.exit_code == 2:
            assert r.output.strip(), text
