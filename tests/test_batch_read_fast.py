"""batch_read's fast JSON Lines path: the scanner alone answers exactly what json.loads answers, and
the bounds walk is skipped only for lines that cannot break a bound (scorer/batch/read.py)."""
import io
import json

import pytest

from scorer.batch.read import _loads, read_jsonl
from scorer.rulesets.yamlsafe import MAX_DEPTH, MAX_RECORD_NODES

LINES = ['{"hand": "123m 456m 789m 11p 22p 2p"}\n', ' {"a": 1}', '{"a": 1} x', '\ufeff{}', '{"a": }',
         '[1, 2', '1', 'nan', 'NaN\n', '{"a": 1}\t\r\n ', '', '\n', '{"a": "\\ud800"}', '{"a": 1}\x0b',
         '{"a": 1}\u00a0', '{"a": 1}{"b": 2}', '"text"', '{"a": [1, {"b": null}]} \n', '{"a": 1e400}',
         '{"a": 1, "a": 2}', 'true', '{"a": -0}', '{"é": "ü"}']


def _outcome(fn, text):
    try:
        return "ok", fn(text)
    except json.JSONDecodeError as e:
        return "error", str(e), e.colno
    except RecursionError:
        return "recursion"


@pytest.mark.parametrize("text", LINES)
def test_loads_answers_as_json_loads(text):
    got, want = _outcome(_loads, text), _outcome(json.loads, text)
    assert repr(got) == repr(want)  # repr: nan != nan


def test_loads_of_a_deep_record_fails_as_json_loads():
    text = "[" * 100_000 + "]" * 100_000
    assert _outcome(_loads, text) == _outcome(json.loads, text) == "recursion"


def _records(text):
    return [(r.line, r.data, r.error) for r in read_jsonl(io.BytesIO(text.encode()), "f.jsonl")]


def _walk_says(data):
    from scorer.rulesets.yamlsafe import Refused, check_data

    try:
        check_data(data)
    except Refused as e:
        return e.message
    return ""


@pytest.mark.parametrize("levels", range(MAX_DEPTH - 3, MAX_DEPTH + 3))
def test_nesting_is_refused_as_the_bounds_walk_refuses_it(levels):
    # around the bound, on lines short enough that only the bracket count can send them to the walk
    line = '{"hand": "x", "a": ' + "[" * levels + "]" * levels + "}"
    (n, data, error), = _records(line + "\n")
    assert error == _walk_says(json.loads(line))
    assert (error == "") == (levels <= MAX_DEPTH)  # the record is level 0, its lists 1 to levels


def test_too_many_values_is_refused_with_few_brackets():
    line = json.dumps({"hand": "x", "a": [0] * MAX_RECORD_NODES})  # two levels, ten thousand values
    (n, data, error), = _records(line + "\n")
    assert error == f"more than {MAX_RECORD_NODES} values in one record" == _walk_says(json.loads(line))
