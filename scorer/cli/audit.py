"""`mjscore audit LOG...`: replay real Tenhou game logs through the table engine (scorer.audit)."""
from __future__ import annotations

import sys

import click

from .common import _pairs, fail, format_option, run_guarded


@click.command()
@click.argument("logs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@format_option("audit")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes to audit with (one per core).")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE",
              help="A riichi option the log does not state (e.g. uma=10,5,-5,-10).")
def audit(logs, fmt, jobs, rules):
    """Replay Tenhou game logs and compare every hand with the log.

    LOG: an mjlog (XML, plain or gzipped: .mjlog, .xml) or tenhou.net/6
    JSON. Each hand is settled by the live-table engine from the recorded
    hands and facts, and each player's change compared with the log's;
    then the final points and result (uma and oka).

    \b
    Exit status: 0 every hand and final result agrees; 1 something
    differs, or a file or game was refused (not a game log, three
    players, cut short); 2 no file was a game log.

    \b
    The rules are read from the log (red fives, open tanyao, east only or
    east-south) and Tenhou's own (mjscore variants show riichi: the
    online table style); --rule sets one the log does not state.

    \b
    Examples:
      mjscore audit examples/tenhou/2019103023gm-00a9-0000-f90e0fe9.xml
      mjscore audit logs/*.mjlog --jobs 2 --format json"""
    overrides = _pairs(rules, "--rule")

    def go():
        from ..audit.events import VARIANT
        from ..audit.run import audit_files, flatten
        from ..errors import WorkerLost
        from ..output.audit import JsonReport, TextReport
        from ..rulesets.variant import load_variant

        load_variant(VARIANT).bind(overrides)  # a bad --rule is refused once, not in every game
        write = sys.stdout.write
        report = JsonReport(write) if fmt == "json" else TextReport()
        try:
            for item in flatten(audit_files(logs, jobs, overrides)):
                report.add(item)
        except WorkerLost as e:  # not the input's fault: the bug status, as batch --jobs
            fail(str(e), fmt, code=3)
        return report.finish(write)

    sys.exit(run_guarded(go, fmt) or 0)
