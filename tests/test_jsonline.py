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


def test_a_batch_record_echoes_the_whole_context_as_score_does(tmp_path):
    """`batch --format jsonl` echoes each record's whole context (riichi, dora, honba, --set facts,
    rules: core/replay.py) as `score --format json` does for the same hand, so a stored record replays.
    Records that differ only in one of those, in a value's class (1 and true) or in the order of their
    keys each get their own echo, whatever was kept for the one before."""
    from click.testing import CliRunner

    from scorer.cli.main import main

    hand = "123m 456p 789s 234s 55p"
    base = {"variant": "riichi", "hand": hand, "discarder": "W", "seat": "S", "riichi": True}
    records = [base, {**base, "dora": "1m"}, {**base, "dora": "1m", "honba": 2}, {**base, "dora": "2m", "honba": 2},
               {**base, "ippatsu": True}, {**base, "rules": {"kiriage": True}},
               {**base, "rules": {"kiriage": True, "open_tanyao": False}},
               {**base, "rules": {"open_tanyao": False, "kiriage": True}},
               {**base, "ura": "1m"}, base]
    f = tmp_path / "night.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in records))
    got = CliRunner().invoke(main, ["batch", str(f), "--format", "jsonl"], env={"MJSCORE_CONFIG": ""})
    rows = [json.loads(line) for line in got.stdout.splitlines() if line.strip()]
    scored = [r for r in rows if "hand" in r]
    assert len(scored) == len(records), [r.get("error") for r in rows]
    for record, row in zip(records, scored):
        flags = ["score", hand, "-v", "riichi", "--format", "json"]
        for k, v in record.items():
            if k in ("variant", "hand"):
                continue
            if k == "rules":
                flags += [x for name, on in v.items() for x in ("--rule", f"{name}={str(on).lower()}")]
            elif v is True:
                flags.append("--" + k)
            else:
                flags += ["--" + k, str(v)]
        alone = CliRunner().invoke(main, flags, env={"MJSCORE_CONFIG": ""})
        assert alone.exit_code == 0, alone.output
        want = json.loads(alone.output)["context"]
        assert row["context"] == want, record
        assert list(row["context"].get("rules", {})) == list(record.get("rules", {})), record
