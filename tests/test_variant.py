"""Ruleset files: validated when loaded, with errors naming the file and key; extends; options."""
import textwrap

import pytest

from scorer.core import engine
from scorer.errors import VariantError
from scorer.rulesets.files import shipped_ids
from scorer.rulesets.variant import load_variant


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text))
    return str(p)


def test_every_shipped_ruleset_loads():
    for vid in shipped_ids():
        v = load_variant(vid)
        assert v.id == vid and v.patterns, vid
        assert all(p.rule for p in v.patterns)


def test_club_file_extends_and_overrides(tmp_path):
    club = write(tmp_path, "club.yaml", """
        extends: hk-old
        name: Our club
        rules: {min_faan: 1}
        patterns:
          dragon_pung: {value: 2}
          great_flowers: null
    """)
    v = load_variant(club)
    assert v.id == "club" and v.name == "Our club"
    assert v.options["min_faan"].default == 1
    assert {p.name: p.value for p in v.patterns}["dragon_pung"] == 2
    assert "great_flowers" not in {p.name for p in v.patterns}
    r = engine.score("[CCC,2] [234s,1] 678m 99p 55s 5s", variant=club, seat="W", self_draw=True)
    assert {i.name: i.value for i in r.value.items}["dragon_pung"] == 2


@pytest.mark.parametrize("body, key, message", [
    ("extends: hk-old\npatterns:\n  dragon_pung: {check: no_such_thing}\n", "patterns.dragon_pung.check",
     "unknown pattern predicate"),
    ("extends: hk-old\npatterns:\n  dragon_pung: {value: lots}\n", "patterns.dragon_pung.value",
     "value must be a number"),
    ("extends: hk-old\npatterns:\n  dragon_pung: {colour: red}\n", "patterns.dragon_pung", "unknown key 'colour'"),
    ("extends: hk-old\npatterns:\n  dragon_pung: {params: {suit: m}}\n", "patterns.dragon_pung.params.suit",
     "takes no parameter 'suit'"),
    ("extends: hk-old\npatterns:\n  x: {check: no_honours, value: 1}\n", "patterns.x.rule", "cites its rule"),
    ("extends: hk-old\nrules: {min_faan: three}\n", "min_faan", "takes a number"),
    ("extends: hk-old\nrules: {no_such_option: 1}\n", "rules.no_such_option", "no option"),
    ("extends: hk-old\nflavour: spicy\n", "flavour", "unknown key"),
    ("extends: hk-old\nscoring: {model: abacus}\n", "scoring.model", "model must be one of"),
    ("extends: hk-old\npayment: {factors: [{if: full_moon, times: 2}]}\n", "payment.factors[0].if",
     "unknown pair condition"),
    ("extends: hk-old\npatterns:\n  dragon_pung: {value: $nope}\n", "patterns.dragon_pung", "unknown option"),
    ("extends: hk-old\noptions:\n  min_faan: {default: 3, type: bool}\n", "options.min_faan.default", "invalid"),
    # a pot names the win flags that pay a deposit: flags of the context catalogue, at least one
    ("extends: riichi\nsession:\n  pot: {stake: 1000, flag: sticks, declared_by: [richi]}\n", "session.pot",
     "win flags of the context"),
    ("extends: riichi\nsession:\n  pot: {stake: 1000, flag: sticks, declared_by: []}\n", "session.pot",
     "declared_by"),
])
def test_bad_files_name_file_and_key(tmp_path, body, key, message):
    path = write(tmp_path, "bad.yaml", body)
    with pytest.raises(VariantError) as e:
        load_variant(path)
    assert path in str(e.value) and key in str(e.value) and message in str(e.value)


def test_extends_cycle_and_missing_parent(tmp_path):
    write(tmp_path, "a.yaml", "extends: ./b.yaml\n")
    b = write(tmp_path, "b.yaml", "extends: ./a.yaml\n")
    with pytest.raises(VariantError, match="extends cycle"):
        load_variant(b)
    c = write(tmp_path, "c.yaml", "extends: no-such-ruleset\n")
    with pytest.raises(VariantError, match="parent 'no-such-ruleset' is missing"):
        load_variant(c)


def test_unsafe_yaml_tags_are_refused(tmp_path):
    path = write(tmp_path, "evil.yaml", "id: x\nname: !!python/object/apply:os.system ['echo hi']\n")
    with pytest.raises(VariantError, match="not valid YAML"):
        load_variant(path)


def test_deep_and_huge_documents(tmp_path):
    deep = "id: x\nnotes: " + "[" * 50 + "]" * 50 + "\n"
    with pytest.raises(VariantError, match="nested deeper"):
        load_variant(write(tmp_path, "deep.yaml", deep))
    big = tmp_path / "big.yaml"
    big.write_text("id: x\nnotes: '" + "a" * 1_100_000 + "'\n")
    with pytest.raises(VariantError, match="larger than"):
        load_variant(str(big))


def test_unknown_ruleset_lists_the_shipped_ones():
    with pytest.raises(VariantError, match="shipped: .*hk-old"):
        load_variant("martian")


def test_rule_override_is_validated():
    with pytest.raises(VariantError, match="no option 'min_fan'"):
        engine.score("123p 456p CCC NNN 55p", variant="hk-old", seat="N", discarder="S", rules={"min_fan": 1})
    with pytest.raises(VariantError, match="one of 1, 2"):
        engine.score("123p 456p CCC NNN 55p", variant="hk-old", seat="N", discarder="S",
                     rules={"double_wind_faan": 3})
