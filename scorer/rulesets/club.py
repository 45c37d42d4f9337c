"""What a club file (`extends:` a ruleset) says about the parent's patterns: an override of a pattern
the parent does not have is a typo (with the closest name), and a value the club changes is cited
as the club's, not with the source's figure beside it."""
from __future__ import annotations

import re
from pathlib import Path

from ..errors import VariantError
from ..suggest import did_you_mean

_FIGURE = re.compile(r"\s*\((\d+(\.\d+)?|limit)\)\s*$")  # the source's own figure at the end of a rule


def club_overrides(base: dict, data: dict, source: str) -> dict:
    """`data` (a club file) with its pattern overrides checked against `base` (the parent, merged)."""
    pats = data.get("patterns")
    parent = base.get("patterns")
    if not isinstance(pats, dict) or not isinstance(parent, dict):
        return data
    club = data.get("name") or Path(source).stem
    out = {}
    for name, spec in pats.items():
        if name not in parent:
            if isinstance(spec, dict) and "rule" not in spec and "check" not in spec:  # a value for a name
                raise VariantError(f"no pattern {name!r} in the ruleset it extends{did_you_mean(name, parent)}; a "
                                   "new pattern needs its check, value, unit and rule", source, f"patterns.{name}")
            out[name] = spec
            continue
        was = parent[name]
        if isinstance(spec, dict) and "value" in spec and "rule" not in spec and isinstance(was, dict):
            rule = _FIGURE.sub("", str(was.get("rule", "")))
            spec = {**spec, "rule": f"{rule}; {club}'s value {spec['value']} (the source gives {was.get('value')})"}
        out[name] = spec
    return {**data, "patterns": out}
