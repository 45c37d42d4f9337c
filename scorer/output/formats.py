"""Output formats: what each command prints, in which formats, and the function that renders each.

The one place a format is added: give its renderer (a function of the printed thing, returning the
text) under the kind of output it renders, and every command printing that kind offers it in its
`--format` choices (cli/common.py format_option) and prints through it (render). Renderers are named
as "module:function" and imported when first used, so `mjscore --help` imports none of them.

Kinds whose printing is more than one call (a score with its refusals and claims, a table event,
a batch run's streaming writers) list their formats here and dispatch in their command; their
renderers are named by the writer classes in scorer/batch/write.py (batch) or built inline."""
from __future__ import annotations

from importlib import import_module

RENDERERS: dict[str, dict[str, str | None]] = {
    # the one-call renderers: render(kind, fmt, ...) prints through them
    "pay": {"text": "scorer.output.results:pay_text", "json": "scorer.output.results:pay_json"},
    "ruleset": {"text": "scorer.output.rulesets:variant_text", "json": "scorer.output.rulesets:variant_json"},
    "rulesets": {"text": "scorer.output.rulesets:variants_table", "json": "scorer.output.rulesets:variants_json"},
    "compare": {"text": "scorer.output.tools:compare_text", "json": "scorer.output.tools:compare_json"},
    "waits": {"text": "scorer.output.tools:waits_text", "json": "scorer.output.tools:waits_json"},
    "turn": {"text": "scorer.output.tools:turn_text", "json": "scorer.output.tools:turn_json"},
    # formats dispatched by their command (see the module docstring)
    "result": {"text": None, "json": None},  # score (cli/tools.py run_score)
    "event": {"text": None, "json": None},  # table and settle events (cli/table_common.py, cli/settle.py)
    "batch": {"text": "scorer.batch.write:TextWriter", "jsonl": "scorer.batch.write:JsonlWriter",
              "csv": "scorer.batch.write:CsvWriter", "json": "scorer.batch.write:JsonWriter"},
    "export": {"jsonl": None, "yaml": None, "csv": None},  # table export (table/exchange.py export_text)
    "audit": {"text": None, "json": None},  # mjscore audit (cli/audit.py)
}
MACHINE = frozenset({"json", "jsonl"})  # formats a program reads: an error is printed as {"error": ...} too


def choices(kind: str) -> list[str]:
    """The formats of `kind`, the first the default."""
    return list(RENDERERS[kind])


def renderer(kind: str, fmt: str):
    """The function registered for `kind` in `fmt`."""
    module, _, name = RENDERERS[kind][fmt].partition(":")
    return getattr(import_module(module), name)


def render(kind: str, fmt: str, *args, **kw) -> str:
    """`kind` rendered in `fmt` by its registered function."""
    return renderer(kind, fmt)(*args, **kw)
