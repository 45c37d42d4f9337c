"""The one declaration of context flags (scorer/rulesets/keys.py) and of output formats
(scorer/output/formats.py): every command takes its flags and formats from them."""
from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from scorer.cli.main import main
from scorer.output.formats import RENDERERS, renderer
from scorer.rulesets.context import Context, make_context
from scorer.rulesets.keys import BY_NAME, KEYS
from scorer.rulesets.variant import load_variant


def _flags(cmd) -> set[str]:
    return {o for p in cmd.params if isinstance(p, click.Option) for o in p.opts}


def _command(*path):
    cmd = main
    for name in path:
        cmd = cmd.get_command(None, name)
    return cmd


def _table_win():
    return _command("table", "win")


def test_table_win_takes_every_flag_score_takes_except_the_seating():
    score = _flags(_command("score"))
    win = _flags(_table_win())
    seating = {k.flag for k in KEYS if not k.at_table}  # the table's own rotation decides these
    missing = {k.flag for k in KEYS} - seating - win
    assert not missing, f"table win lacks {sorted(missing)}"
    for flag in ("--dora", "--ura", "--ippatsu", "--double-riichi", "--fourth-tile", "--kong-draw",
                 "--last-tile", "--first-turn", "--honba"):
        assert flag in score and flag in win


def test_pay_leaves_out_the_flags_only_a_hand_s_value_reads():
    pay = _flags(_command("pay"))
    assert "--dora" not in pay and "--riichi" not in pay and "--fourth-tile" not in pay
    assert "--honba" in pay and "--sticks" in pay and "--streak" in pay


def test_every_key_is_a_context_field_with_its_default():
    fields = Context.__dataclass_fields__
    for k in KEYS:
        assert k.name in fields
        if k.kind != "others":
            assert fields[k.name].default == k.default
    assert make_context(self_draw=True).dora is None


@pytest.mark.parametrize("key", [k for k in KEYS if k.kind == "count" and k.bound is not None],
                         ids=lambda k: k.name)
def test_each_count_is_refused_past_its_bound_by_the_cli(key):
    variant = "riichi" if key.name in ("honba", "sticks") else "hangzhou" if key.name in ("streak", "floats") else "hk-old"
    args = ["score", "123m 456p 789s EEE 55s", "-v", variant, "--self-draw", key.flag, str(key.bound + 1)]
    if key.name == "floats":
        args += ["--indicator", "1m"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2
    assert str(key.bound) in r.output


def test_a_ruleset_flag_not_in_the_catalogue_is_refused(tmp_path):
    from scorer.errors import MjError

    p = tmp_path / "x.yaml"
    p.write_text("extends: hk-old\nid: x\nname: X\nflags: [dorra]\n")
    with pytest.raises(MjError, match="did you mean dora"):
        load_variant(str(p))


def test_a_csv_dora_column_stays_text(tmp_path):
    from scorer.cli.batch import run

    p = tmp_path / "h.csv"
    p.write_text('hand,variant,discarder,seat,dora\n"234m 567p 234s 678s 55p",riichi,S,E,5\n')
    import io

    out, err = io.StringIO(), io.StringIO()
    run([str(p)], out, err=err)
    assert "must be text" not in err.getvalue() + out.getvalue()
    assert "suit letter" in err.getvalue() + out.getvalue()  # read as the tile text it is, and refused as one


def test_every_registered_renderer_exists():
    for kind, formats in RENDERERS.items():
        for fmt, ref in formats.items():
            if ref is not None:
                assert callable(renderer(kind, fmt)), (kind, fmt)


@pytest.mark.parametrize("path, kind", [(("score",), "result"), (("pay",), "pay"), (("compare",), "compare"),
                                        (("waits",), "waits"), (("batch",), "batch"),
                                        (("variants", "show"), "ruleset"), (("table", "win"), "event"),
                                        (("table", "export"), "export"), (("settle", "draw"), "event")])
def test_format_choices_come_from_the_registry(path, kind):
    cmd = _command(*path)
    opt = next(p for p in cmd.params if p.name == "fmt")
    assert list(opt.type.choices) == list(RENDERERS[kind])


def test_catalogue_entries_are_complete():
    for k in KEYS:
        assert k.help and k.kind in ("bool", "count", "seat", "text", "others"), k
        if k.kind == "count" and k.bound is not None:
            assert k.why, k
    assert BY_NAME["riichi"].universal is False
