"""Class 8: an --out that would replace an input, or a read-only one, is refused and left as it is."""
import json
import os

from .util import HAND, cli, refused

RECORD = json.dumps({"hand": HAND, "seat": "N", "discarder": "S"}) + "\n"


def test_out_is_the_input(tmp_path):
    f = tmp_path / "h.jsonl"
    f.write_text(RECORD)
    refused(cli("batch", f, "--out", f), "is the input")
    link = tmp_path / "other-name.jsonl"
    os.link(f, link)  # the same file under another name
    refused(cli("batch", f, "--out", link), "is the input")
    sym = tmp_path / "sym.jsonl"
    sym.symlink_to(f)
    refused(cli("batch", sym, "--out", f), "is the input")
    assert f.read_text() == RECORD


def test_read_only_out_stays(tmp_path):
    f = tmp_path / "h.jsonl"
    f.write_text(RECORD)
    out = tmp_path / "out.txt"
    out.write_text("kept\n")
    out.chmod(0o444)
    refused(cli("batch", f, "--out", out), "read-only")
    assert out.read_text() == "kept\n" and not os.stat(out).st_mode & 0o222
