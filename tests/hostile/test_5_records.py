"""Class 5: one bad record fails alone, as a rejected record with its line; the rest are scored."""
import json

from scorer.batch import jobs as batch_jobs
from scorer.batch import read as batch_read
from scorer.batch import run as batch
from scorer.errors import MjError

from .util import HAND, cli

GOOD = json.dumps({"hand": HAND, "seat": "N", "discarder": "S"})


def test_deep_jsonl_record_is_one_reject(tmp_path):
    f = tmp_path / "h.jsonl"
    f.write_text(GOOD + "\n" + "[" * 20000 + "]" * 20000 + "\n" + '{"a":' * 5000 + "1" + "}" * 5000 + "\n"
                 + GOOD + "\n")
    r = cli("batch", f, "--format", "jsonl")
    assert r.exit_code == 1, r.stderr
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert [row.get("line") for row in rows[:-1]] == [1, 2, 3, 4]
    assert "nested deeper" in rows[1]["error"] and "nested deeper" in rows[2]["error"]
    assert rows[-1]["summary"]["scored"] == 2 and rows[-1]["summary"]["rejected"] == 2


def test_deep_yaml_ends_the_file_with_the_records_before_it(tmp_path):
    f = tmp_path / "h.yaml"
    f.write_text(f"- {{hand: '{HAND}', seat: N, discarder: S}}\n- " + "[" * 5000 + "]" * 5000 + "\n")
    r = cli("batch", f, "--format", "jsonl")
    assert r.exit_code == 1 and "Traceback" not in r.stderr
    assert r.stdout.count('"hand"') == 1


def test_every_reject_is_a_user_error_not_a_crash(tmp_path):
    bad = [{"hand": 5}, {"hand": HAND, "seat": ["N"]}, {"hand": HAND, "others": "x"}, [1], "x", None,
           {"hand": HAND, "seat": "N", "discarder": "S", "rules": {"min_faan": float("inf")}},
           {"hand": "x" * 5000, "seat": "N", "discarder": "S"}]
    for data in bad:
        job = batch_jobs.prepare(batch_read.Raw("f", 1, data))
        out = batch.score_job(job)
        assert out.get("error") and not out.get("internal"), (data, out)
    assert issubclass(batch_read.ReadError, MjError)
