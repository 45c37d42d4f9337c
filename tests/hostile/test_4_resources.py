"""Class 4: small files that would exhaust time or memory are refused before they do."""
import os

import pytest

from scorer.core import setup as engine_setup
from scorer.errors import TooLarge
from scorer.rulesets import variant as V

from .util import GOOD, HAND, cli, limited, one_line_error, refused

LAUGHS = "".join(f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi"))
LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x]\n" + LAUGHS + "id: lol\n"


def test_billion_laughs_ruleset(tmp_path):
    assert len(LAUGHS) < 400  # a few hundred bytes expand to 9 ** 9 nodes
    f = tmp_path / "lol.yaml"
    f.write_text(LAUGHS)
    cache = tmp_path / "cache"
    code, out, err, secs = limited("score", HAND, *GOOD, "-v", f, env={"MJSCORE_CACHE": str(cache)})
    assert code == 2 and secs < 10, err
    one_line_error(err, "YAML nodes")
    assert not cache.exists() or sum(p.stat().st_size for p in cache.iterdir()) < 1_000_000


def test_billion_laughs_batch_record(tmp_path):
    f = tmp_path / "h.yaml"
    f.write_text(f"- hand: '{HAND}'\n  seat: N\n  discarder: S\n  junk: *i\n".join(["", ""]) if False else
                 "- " + LAUGHS.replace("\n", "\n  ").rstrip() + f"\n  hand: '{HAND}'\n  seat: N\n  discarder: S\n"
                 + f"- {{hand: '{HAND}', seat: N, discarder: S}}\n")
    code, out, err, secs = limited("batch", f, "--format", "jsonl")
    assert code == 1 and secs < 10, err
    assert "YAML nodes" in err and len(out) < 10_000


@pytest.mark.parametrize("where", ["variant", "extends", "record"])
def test_dev_zero(tmp_path, where):
    if where == "variant":
        r = cli("score", HAND, *GOOD, "-v", "/dev/zero")
    elif where == "extends":
        f = tmp_path / "club.yaml"
        f.write_text("extends: /dev/zero\n")
        r = cli("score", HAND, *GOOD, "-v", f)
    else:
        f = tmp_path / "h.jsonl"
        f.write_text('{"hand": "%s", "seat": "N", "discarder": "S", "variant": "/dev/zero"}\n' % HAND)
        r = cli("batch", f)
        assert r.exit_code == 1 and "not a regular file" in r.stderr
        return
    refused(r, "not a regular file")


def test_fifo_does_not_block(tmp_path):
    fifo = tmp_path / "rules.yaml"
    os.mkfifo(fifo)
    code, out, err, secs = limited("score", HAND, *GOOD, "-v", fifo, timeout=10)
    assert code == 2 and secs < 10
    one_line_error(err, "not a regular file")


def test_large_files_are_refused_before_reading(tmp_path):
    f = tmp_path / "big.yaml"
    f.write_text("id: big\n" + "# x\n" * 300_000)
    with pytest.raises(TooLarge, match="larger than"):
        V.load_variant(str(f))


def test_multi_megabyte_yaml_record(tmp_path):
    f = tmp_path / "h.yaml"
    f.write_text(f"- {{hand: '{HAND}', seat: N, discarder: S}}\n- hand: '{HAND}'\n  junk:\n"
                 + "    - 12345678901234567890\n" * 60_000)
    r = cli("batch", f, "--format", "jsonl")
    assert r.exit_code == 1 and "larger than 1000000 bytes" in r.stderr
    assert r.stdout.count('"hand"') == 1  # the record before it is scored


def test_caches_are_bounded_and_keyed_on_content(tmp_path):

    v = V.load_variant("hk-old")
    for n in range(200):
        v.bind({"min_faan": n % 14, "stake": 1 + n})
    assert len(v._bound) <= 64
    f = tmp_path / "club.yaml"
    f.write_text("extends: hk-old\nrules: {min_faan: 7}\n")
    a = V._load_fresh(str(f))
    st = os.stat(f)
    f.write_text("extends: hk-old\nrules: {min_faan: 0}\n")  # same size, same modification time
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))
    b = V._load_fresh(str(f))
    assert a.options["min_faan"].default == 7 and b.options["min_faan"].default == 0
    assert len(V._BUILT) <= 64 and engine_setup._kept_setup.cache_info().currsize <= 1024
