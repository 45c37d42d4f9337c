"""`mjscore table import-log`: a live table from a recorded game (the work is scorer/audit/importlog.py)."""
from __future__ import annotations

import click

from .common import _pairs, run_guarded


@click.command("import-log")
@click.argument("path")
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--game", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game of a file that holds several (tenhou.net/6 JSON).")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE",
              help="A riichi option the log does not state (as `mjscore audit --rule`).")
@click.option("--name", help="The table's name (default: the log file's name).")
@click.option("--force", is_flag=True, help="Replace an existing table file.")
@click.option("--by", help="Who enters the events (default: import-log).")
def table_import_log(path, log, game, rules, name, force, by):
    """Create table PATH from a Tenhou game log (mjlog or tenhou.net/6 JSON).

    \b
    Example:
      mjscore table import-log game.table \\
          examples/tenhou/2019103023gm-00a9-0000-f90e0fe9.xml
      mjscore table show game.table"""
    overrides = _pairs(rules, "--rule")

    def go():
        from ..audit.importlog import import_log

        meta, n, note = import_log(path, log, game, force, by, overrides, name)
        seats = "  ".join(f"{s} {p}" for s, p in zip("ESWN", meta["players"]))
        click.echo(f"Imported {n} hand(s) into {path} ({meta['variant_id']})\nSeats: {seats}")
        if note:
            click.echo(f"Note: {note}")

    run_guarded(go)
