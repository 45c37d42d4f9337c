"""Every example hand file scores through the library as its comments say."""
from pathlib import Path

import pytest
import yaml

from scorer import engine

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
