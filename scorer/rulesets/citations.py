"""Sources a ruleset cites, and the one citation style every rule follows.

A ruleset YAML names its texts once under `sources:` (short name -> title, author or publisher, the
section headings the text uses), and every `rule:` cites one of them as "SHORT, SECTION: what it says"
(for example "Wikipedia, Sample faan scoring (Basic): A pung/kong of dragons (1)"), so a user can find
the passage in the text itself. docs/SOURCES.md lists the texts and the rulesets that use them."""
from __future__ import annotations

from ..errors import VariantError

SOURCE_KEYS = {"title", "by", "sections", "language", "url"}


def check_sources(raw, src: str) -> dict:
    """sources: {SHORT: {title, by, sections: [headings], language?, url?}}, validated."""
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not raw:
        raise VariantError("sources must map short names to {title, by, sections}", src, "sources")
    for name, spec in raw.items():
        key = f"sources.{name}"
        if not isinstance(name, str) or not name or "," in name:
            raise VariantError("a source's short name is text without commas", src, key)
        if not (isinstance(spec, dict) and set(spec) <= SOURCE_KEYS and isinstance(spec.get("title"), str)
                and isinstance(spec.get("by"), str) and isinstance(spec.get("sections"), list) and spec["sections"]
                and all(isinstance(x, str) and x for x in spec["sections"])):
            raise VariantError("a source is {title: TEXT, by: AUTHOR OR PUBLISHER, sections: [HEADINGS]} "
                               "(language and url optional)", src, key)
    return raw


def cited_source(rule: str, sources: dict):
    """(short name, section) the rule cites, or None: it must start "SHORT, SECTION"."""
    for name in sorted(sources, key=len, reverse=True):
        if rule.startswith(name + ", "):
            rest = rule[len(name) + 2:]
            for sec in sorted(sources[name]["sections"], key=len, reverse=True):
                if rest.startswith(sec):
                    return name, sec
            return None
    return None


def check_citations(sources: dict, patterns, refuse, instant: dict, src: str) -> None:
    """Every pattern, refusal and instant win cites a source of the ruleset by name and section."""
    if not sources:
        return
    names = ", ".join(sources)
    cited = [(f"patterns.{p.name}.rule", p.rule) for p in patterns]
    cited += [(f"refuse[{i}].rule", str(r.get("rule", ""))) for i, r in enumerate(refuse)]
    cited += [(f"hand.instant.{form}.rule", spec["rule"]) for form, spec in instant.items()]
    for key, rule in cited:
        if cited_source(rule, sources) is None:
            raise VariantError(f"a rule cites a source as 'SHORT, SECTION: ...' with SHORT one of {names} and "
                               f"SECTION one of its sections; got {rule[:70]!r}", src, key)


def sources_text(variant) -> list[str]:
    """One line per source of a ruleset, for `variants show`: 'SHORT: TITLE, BY (LANGUAGE)'."""
    out = []
    for name, spec in (variant.sources or {}).items():
        lang = f" ({spec['language']})" if spec.get("language") else ""
        out.append(f"{name} = {spec['title']}, {spec['by']}{lang}")
    return out
