"""`mjscore compare` and `mjscore waits`: thin commands over scorer.tools."""
from __future__ import annotations

import click

from .cli import context_kwargs, context_options, run_guarded


@click.command()
@click.argument("hand")
@context_options
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("-V", "--variants", "names", multiple=True, help="Only these rulesets (repeatable); default all shipped.")
def compare(hand, fmt, names, **kw):
    """Score HAND under every shipped ruleset that can express it, side by side.

    -v/--variant is ignored here; name rulesets with -V (repeatable)."""
    _, ctx = context_kwargs(kw)

    def go():
        from . import output, tools

        rows = tools.compare(hand, ctx, list(names) or None)
        click.echo(output.compare_json(rows) if fmt == "json" else output.compare_text(hand, rows))

    run_guarded(go, fmt)


@click.command()
@click.argument("hand")
@context_options
@click.option("--seen", default="", help="Tiles already visible on the table (discards, others' melds).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def waits(hand, seen, fmt, **kw):
    """List every tile that completes HAND (one tile short) with its score by self-draw and by discard.

    The discard column assumes the discarder given with --discarder, else the player on the left."""
    variant, ctx = context_kwargs(kw)

    def go():
        from . import output, tools

        w = tools.waits(hand, ctx, variant=variant, seen=seen)
        click.echo(output.waits_json(w) if fmt == "json" else output.waits_text(w))

    run_guarded(go, fmt)
