"""`batch --format jsonl` writes each record from text made where the hand was scored
(scorer/batch/jsonline.py): the same bytes as json.dumps of the record's dict, on every shipped ruleset's
generated hands."""
import io
import json
import random

from scorer.batch.jsonline import members
from scorer.batch.write import JsonlWriter, _record_dict
from scorer.core import engine
from scorer.errors import MjError
from scorer.output.results import result_dict
from scorer.rulesets.files import shipped_ids
from tests.test_properties import make_case


def test_members_are_json_dumps_of_result_dict():
    checked = 0
    for vid in shipped_ids():
        for seed in range(120):
            _v, text, ctx = make_case(vid, seed)
            try:
                r = engine.score(text, ctx, variant=vid)
            except MjError:
                continue
            assert "{" + members(r) + "}" == json.dumps(result_dict(r), ensure_ascii=False), (vid, text)
            checked += 1
    assert checked > 300


def test_writer_line_is_the_record_dict():
    rng = random.Random(5)
    _v, text, ctx = make_case("hk-old", 3)
    r = engine.score(text, ctx, variant="hk-old", rules={"min_faan": 0})

    class Job:
        source, line, session = "h\u00e9nds.jsonl", rng.randint(1, 99), "s\"1"

    class Posting:
        hand_no, paid, standings, shortfalls = 3, {"E": -1.5, "S": 1.5}, {"E": 98.5, "S": 101.5}, []

    outs = []
    for outcome in ({"full": result_dict(r)}, {"json": members(r)}):
        buf = io.StringIO()
        JsonlWriter(buf).record(Job, outcome, Posting)
        outs.append(buf.getvalue())
    assert outs[0] == outs[1] == json.dumps(_record_dict(Job, {"full": result_dict(r)}, Posting), ensure_ascii=False) + "\n"


def test_kept_pieces_follow_what_changes_between_records():
    """The payments' text is kept per their values, the items' per HandValue, the options' per bound
    ruleset: records that differ only in the stake (equal amounts of another class, or other amounts),
    the house rules or the seat each still encode as their own dict does, in any order."""
    hand = "[CCC,2] [234s,1] 678m 99p 55s 5s"
    cases = [({"min_faan": 1, "stake": st}, seat) for st in (1, 1.0, 0.5, 2, 0.1, 1) for seat in ("W", "E")]
    cases += [({"min_faan": 0, "stake": 1}, "W"), ({"min_faan": 1, "stake": 1}, "W")]
    for rules, seat in cases + cases[::-1]:
        r = engine.score(hand, variant="hk-old", self_draw=True, seat=seat, rules=rules)
        assert "{" + members(r) + "}" == json.dumps(result_dict(r), ensure_ascii=False), (rules, seat)
