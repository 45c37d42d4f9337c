"""Seeded fuzzing: random strings, random bytes and near-miss hands through the parser, the engine
and the CLI. Each case scores or fails with a one-line message and exit status 2; never a traceback.
bench/fuzz.py runs the same generators over 100,000+ cases."""
import random

import pytest
from click.testing import CliRunner

from scorer.cli.main import main
from scorer.core import engine
from scorer.errors import MjError
from tests.fuzzing import contexts, near_miss, random_bytes_text, random_string

pytestmark = pytest.mark.slow  # (docs/DEVELOPING.md "Testing")

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


def test_batch_reader_fuzz(tmp_path):
    """Random bytes, random text and near-miss records as JSONL, CSV and YAML files: every file ends
    with exit status 0, 1 or 2 and a message, never a traceback."""
    import json

    rng = random.Random(13)
    runner = CliRunner()
    for i in range(60):
        kind = i % 4
        if kind == 0:
            data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 300)))
        elif kind == 1:
            data = "\n".join(json.dumps({"hand": near_miss(rng), "self_draw": True, "seat": rng.choice("ESWNX")})
                             if rng.random() < 0.8 else random_string(rng) for _ in range(5)).encode()
        elif kind == 2:
            data = ("hand,seat,self_draw\n" + "\n".join(f'"{near_miss(rng)}",S,true' for _ in range(5))).encode()
        else:
            data = ("- hand: '" + near_miss(rng) + "'\n  self_draw: true\n- " + random_string(rng)).encode()
        path = tmp_path / f"f{i}.{['jsonl', 'jsonl', 'csv', 'yaml'][kind]}"
        path.write_bytes(data)
        r = runner.invoke(main, ["batch", str(path)])
        assert r.exit_code in (0, 1, 2), (data[:200], r.output[-500:])
        assert "Traceback" not in r.output
