"""`mjscore table import-log`: a live table from a recorded game (the work is scorer/audit/importlog.py)."""
from __future__ import annotations

import click

from .common import run_guarded


@click.command("import-log")
@click.argument("path")
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--game", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game of a file that holds several (tenhou.net/6 JSON).")
@click.option("--force", is_flag=True, help="Replace an existing table file.")
@click.option("--by", help="Who enters the events (default: import-log).")
def table_import_log(path, log, game, force, by):
    """Create table PATH from a Tenhou game log (mjlog or tenhou.net/6 JSON).

    \b
    Example:
      mjscore table import-log game.table \\
          examples/tenhou/2019103023gm-00a9-0000-f90e0fe9.xml
      mjscore table show game.table"""
    def go():
        from ..audit.importlog import import_log

        meta, n, note = import_log(path, log, game, force, by)
        seats = "  ".join(f"{s} {p}" for s, p in zip("ESWN", meta["players"]))
        click.echo(f"Imported {n} hand(s) into {path} ({meta['variant_id']})\nSeats: {seats}")
        if note:
            click.echo(f"Note: {note}")

    run_guarded(go)
