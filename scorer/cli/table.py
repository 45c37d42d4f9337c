"""`mjscore table`: a live table kept in a file. The work is done in scorer/table/; this module
parses flags and prints. `mjscore settle` and `mjscore season` are in cli_settle.py, the flags and
the event report they share in cli_table_common.py."""
from __future__ import annotations

import json
import sys
import textwrap

import click

from .common import _pairs, fail, format_option, key_option, run_guarded
from .table_common import (
    BY,
    FMT,
    KONG_KIND,
    REPLACE,
    RIICHI_BY,
    _event_report,
    _names,
    _standings_line,
    false_win_claim,
)
from .table_log import table_import_log


def _add(path, kind, entry, fmt, by, long=False, replace=None):
    from ..table.book import Table
    from ..table.checks import kong_warnings

    def go():
        with Table(path) as t:
            ev = t.add(kind, entry, by=by, replace=replace)
            text = _event_report(t, ev, fmt, long)
            warnings = kong_warnings(t, ev)
            if fmt == "json" and (warnings or replace is not None):
                from ..table.edits import edits_json

                more = {"warnings": warnings} if warnings else {}
                if replace is not None:
                    more["edits"] = edits_json(ev["edits"])
                text = json.dumps({**json.loads(text), **more}, ensure_ascii=False)
            elif warnings:
                text += "".join("\n" + textwrap.fill(f"Warning: {w}", 80, subsequent_indent="  ") for w in warnings)
            if replace is not None and fmt == "text":
                from ..table.edits import changes_lines, money_text, wrap_line
                from ..table.report import event_text

                later = ev["replaced"] - 1
                old = ev["edits"][0][0]
                lines = wrap_line(f"Replaced #{replace}, which was: {event_text(old)} ({money_text(old)})", "  ")
                if later:
                    lines += [f"{later} later event(s) settled again:", *changes_lines(ev["edits"][1:])]
                text = "\n".join(lines + ["(`table log` keeps the old ones)", text])
            click.echo(text)

    run_guarded(go, fmt)


class TableGroup(click.Group):
    """`mjscore table`: the current table's path stands in for a PATH left out (cli/table_current.py,
    imported only then: a command given its table, the usual case, pays nothing for it)."""

    def resolve_command(self, ctx, args):
        import os

        name, cmd, rest = super().resolve_command(ctx, args)
        if cmd is not None and not (rest and os.path.isfile(rest[0])):
            from .table_current import with_current

            rest = with_current(name, cmd, rest, ctx)
        return name, cmd, rest


@click.group(cls=TableGroup)
def table():
    """Keep a live table in a file: seats, dealer, wind, streak and standings (`table new` first).

    \b
    PATH may be left out once a table is current: `mjscore table use FILE`
    (or MJSCORE_TABLE=FILE), then `mjscore table win HAND -w Ann -d Bob`.
    A player may be given by a unique beginning of the name (`ann`)."""


@table.command("use")
@click.argument("path", required=False)
def table_use(path):
    """Make PATH the current table (the one a command without PATH uses); no PATH: say which it is."""
    from .table_current import current_table, use_table

    def go():
        if path is None:
            now = current_table()
            click.echo(f"Current table: {now}" if now else "No current table (`mjscore table use FILE`).")
            return
        from ..table.book import Table

        with Table(path):  # a table file, readable: refused now rather than at the next hand
            pass
        click.echo(f"Current table: {use_table(path)}")

    run_guarded(go)


table.add_command(table_import_log)


@table.command("new")
@click.argument("path")
@click.option("--variant", "-v", required=True, help="Ruleset id or a path to a variant YAML.")
@click.option("--players", required=True, help="Names in the first hand's seat order E,S,W,N (E deals first).")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE", help="A house-rule option for the whole table.")
@click.option("--start", type=float, help="Each player's starting score (default: the ruleset's, 0; riichi 25,000).")
@click.option("--unit", default="", help="What a point is worth, e.g. '1 chip' (a season adds one unit only).")
@click.option("--name", help="The session's name (default: the file's name).")
@click.option("--force", is_flag=True, help="Replace an existing table (only once the new one is made).")
@BY
def table_new(path, variant, players, rules, start, unit, name, force, by):
    """Create the table file PATH (SQLite)."""
    from ..table.book import new_table

    if start is not None and start.is_integer():
        start = int(start)
    rules = _pairs(rules, "--rule")

    def go():
        from ..rulesets.config import defaults
        from ..table.book import Table
        from ..table.state import end_text

        house = defaults(variant)[1]  # the config file's house rules, as `score` applies them
        meta = new_table(path, variant, players.split(","), {**house, **rules}, start, name, force, by, unit)
        seats = "  ".join(f"{s} {p}" for s, p in zip("ESWN", meta["players"]))
        click.echo(f"New table {meta['name']} ({meta['variant_id']}) in {path}: {seats}")
        with Table(path) as t:
            rule = t.session.get("rule")
            lines = [f"The session ends {end_text(t.session)}."]
            if rule:
                lines += textwrap.wrap(f"Rotation: {rule}", 80, subsequent_indent="  ")
        click.echo("\n".join(lines))

    run_guarded(go)


@table.command("show")
@click.argument("path")
@click.option("--last", type=click.IntRange(min=0), default=8, show_default=True, help="How many events to list.")
@FMT
def table_show(path, last, fmt):
    """Seats, wind, dealer, streak, standings with a trend, and the last events."""
    from ..table.book import Table
    from ..table.report import show_json, show_text

    def go():
        with Table(path) as t:
            click.echo(show_json(t, last) if fmt == "json" else show_text(t, last))

    run_guarded(go, fmt)


# what the table says of a flag where its help differs from `score`'s: a name, not a seat
TABLE_HELP = {"discarder": "Won on NAME's discard.", "robbed": "Won by robbing NAME's added kong.",
              "riichi": "Riichi: the winner declared riichi (scored, and his deposit goes into the pot).",
              "others": "Another player's hand or state."}
# the flags a scorer types every hand, short (`table win HAND -w Ann -d Bob`)
TABLE_SHORT = {"self_draw": "-s", "discarder": "-d"}


def win_options(fn):
    """`table win`'s flags: every catalogue key a win at the table is given (the seating, wind, dealer
    and streak are the table's own), with the names and types of `mjscore score`'s, seats as names."""
    from ..rulesets.keys import KEYS

    for key in reversed([k for k in KEYS if k.at_table]):
        fn = key_option(key, seat_type="NAME", help_text=TABLE_HELP.get(key.name), short=TABLE_SHORT.get(key.name))(fn)
    return fn


@table.command("win")
@click.argument("path")
@click.argument("hand")
@click.option("--winner", "-w", required=True, help="Who won (a player's name).")
@click.option("--also", multiple=True, metavar="NAME:HAND", help="Another winner on the same discard.")
@win_options
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="Any other fact the variant reads.")
@RIICHI_BY
@click.option("--long", "long_", is_flag=True, help="The full breakdown of `mjscore score` for each winner.")
@BY
@FMT
@REPLACE
def table_win(path, hand, winner, also, others, sets, riichi_by, long_, by, fmt, replace, **flags):
    """Record a win: HAND of --winner, scored with the table's seats, wind, dealer and streak."""
    hands = [[winner, hand]]
    for a in also:
        name, sep, h = a.partition(":")
        if not sep:
            raise click.BadParameter(f"expected NAME:HAND, got {a!r}", param_hint="--also")
        hands.append([name.strip(), h.strip()])
    other = {}
    for o in others:
        name, sep, h = o.partition(":")
        if not sep:
            raise click.BadParameter(f"expected NAME:HAND, got {o!r}", param_hint="--other")
        other[name.strip()] = h.strip()
    entry = {"hands": hands, **flags, "riichi_by": _names(riichi_by)}
    entry = {k: v for k, v in entry.items() if v is not None}
    if other:
        entry["others"] = other
    extra = _pairs(sets, "--set")
    if extra:
        entry["extra"] = extra
    if not (flags["self_draw"] or flags["discarder"] or flags["robbed"] or flags["kong_draw"]):
        fail("say how the hand was won: --self-draw, --discarder NAME or --robbed NAME", fmt)
    _add(path, "win", entry, fmt, by, long_, replace)


@table.command("draw")
@click.argument("path")
@click.option("--disclosed", metavar="NAME", help="The first player who disclosed a ready hand (Kawuxing).")
@click.option("--tenpai", metavar="NAME,...", help="Riichi: the players ready (tenpai) at the draw; '' for none.")
@click.option("--nagashi", metavar="NAME,...", help="Riichi: nagashi mangan, paid instead of the tenpai payments.")
@RIICHI_BY
@BY
@FMT
@REPLACE
def table_draw(path, disclosed, tenpai, nagashi, riichi_by, by, fmt, replace):
    """Record a hand that ended with no winner."""
    entry = {"disclosed": disclosed, "tenpai": _names(tenpai), "nagashi": _names(nagashi),
             "riichi_by": _names(riichi_by)}
    _add(path, "draw", {k: v for k, v in entry.items() if v is not None}, fmt, by, replace=replace)


@table.command("abort")
@click.argument("path")
@click.option("--kind", "abort", required=True, type=click.Choice(
    ["nine_terminals", "four_winds", "four_riichi", "four_kongs", "triple_ron"]), help="Which abortive draw.")
@RIICHI_BY
@BY
@FMT
@REPLACE
def table_abort(path, abort, riichi_by, by, fmt, replace):
    """Record an abortive draw (riichi): nothing paid, the dealer stays, a honba added."""
    entry = {"abort": abort, "riichi_by": _names(riichi_by)}
    _add(path, "abort", {k: v for k, v in entry.items() if v is not None}, fmt, by, replace=replace)


@table.command("chombo")
@click.argument("path")
@click.option("--player", required=True, help="Who committed the chombo.")
@BY
@FMT
@REPLACE
def table_chombo(path, player, by, fmt, replace):
    """Record a chombo (riichi): the ruleset's penalty, and the hand is replayed."""
    _add(path, "false_win", {"seat": player}, fmt, by, replace=replace)


@table.command("kong")
@click.argument("path")
@click.option("--player", required=True, help="Whose kong.")
@click.option("--kind", type=KONG_KIND, required=True, help="direct (from a discard), added (to a pung), concealed.")
@click.option("--discarder", metavar="NAME", help="Who discarded a direct kong's tile.")
@click.option("--chain", type=click.IntRange(min=1), default=1, show_default=True,
              help="Its place in an uninterrupted run of kongs (2: made with the first's replacement tile...).")
@BY
@FMT
@REPLACE
def table_kong(path, player, kind, discarder, chain, by, fmt, replace):
    """Record a kong, paid at once where the ruleset pays kongs (the hand goes on)."""
    entry = {"seat": player, "kong": kind, "chain": chain}
    if discarder:
        entry["discarder"] = discarder
    _add(path, "kong", entry, fmt, by, replace=replace)


@table.command("false-win")
@click.argument("path")
@click.option("--player", required=True, help="Who declared the false win.")
@click.option("--total", type=float, help="The value claimed (as `mjscore pay --total`).")
@click.option("--limit", "is_limit", is_flag=True, help="Pay the ruleset's limit instead.")
@click.option("--self-draw", is_flag=True, default=None, help="The claim was a win on an own draw.")
@click.option("--discarder", metavar="NAME", help="The claim was a win on NAME's discard.")
@BY
@FMT
@REPLACE
def table_false_win(path, player, total, is_limit, self_draw, discarder, by, fmt, replace):
    """Record a false win: the ruleset's penalty, and the hand ends."""
    entry = false_win_claim(player, total, is_limit, self_draw, discarder)
    _add(path, "false_win", entry, fmt, by, replace=replace)


@table.command("undo")
@click.argument("path")
@BY
@FMT
def table_undo(path, by, fmt):
    """Remove the last event and its payments; the table is as it was before it (kept in the audit log)."""
    from ..table.book import Table
    from ..table.edits import event_money, money_text
    from ..table.report import event_text

    def go():
        with Table(path) as t:
            ev = t.undo(by)
            if ev is None:
                fail("nothing to undo: the table has no events", fmt)
            if fmt == "json":
                click.echo(json.dumps({"schema_version": "1", "undone": ev["no"], "text": event_text(ev),
                                       "net": event_money(ev), "standings": t.standings()}, ensure_ascii=False))
            else:
                click.echo(f"Undone #{ev['no']}: {event_text(ev)}\nIts payments are reversed: "
                           f"{money_text(ev)}\n{_standings_line(t.standings())}")

    run_guarded(go, fmt)


@table.command("log")
@click.argument("path")
@FMT
def table_log(path, fmt):
    """Every event with who entered it and when, and its money; each edit with what it undid."""
    from ..table.book import Table
    from ..table.edits import log_lines

    def go():
        with Table(path) as t:
            events, undone = t.events(), t.store.undone()
            if fmt == "json":
                strip = lambda e: {k: v for k, v in e.items() if k not in ("results", "book")}  # noqa: E731
                click.echo(json.dumps({"schema_version": "1", "events": [strip(e) for e in events], "undone": undone},
                                      ensure_ascii=False))
                return
            click.echo("\n".join(log_lines(events, undone)) or "No events yet.")

    run_guarded(go, fmt)


@table.command("export")
@click.argument("path")
@format_option("export", "jsonl (the default), yaml or csv; with --out, its extension says it.", default_first=False)
@click.option("--out", "out_path", type=click.Path(dir_okay=False),
              help="Write here instead of stdout: FILE.yaml, FILE.jsonl or FILE.csv.")
def table_export(path, fmt, out_path):
    """Write the table as a hand file that `mjscore batch` scores to the same standings."""
    from ..table.exchange import export_text, format_for

    def go():
        if out_path:
            from ..table.outfile import check_out, write_text

            check_out(out_path, [path])  # before the table is read: a clear refusal first (its input)
            write_text(out_path, export_text(path, format_for(out_path, fmt)), [path])
        else:
            click.echo(export_text(path, format_for(None, fmt)), nl=False)

    run_guarded(go)


@table.command("import")
@click.argument("path")
@click.argument("hand_file")
@click.option("--players", help="Names in the first hand's seat order, when the file does not name them.")
@click.option("--variant", "-v", help="Ruleset, when the file does not name one.")
@click.option("--force", is_flag=True, help="Replace an existing table (only once every record is in).")
@BY
def table_import(path, hand_file, players, variant, force, by):
    """Create table PATH from a hand file of a whole session (its records replayed in order)."""
    from ..table.exchange import import_file

    def go():
        n = import_file(path, hand_file, players.split(",") if players else None, variant, force, by)
        click.echo(f"Imported {n} event(s) into {path}")

    run_guarded(go)


@table.command("chart")
@click.argument("path")
@click.option("--out", "out_path", required=True, type=click.Path(dir_okay=False), help="The PNG to write.")
def table_chart(path, out_path):
    """Draw each player's running total per event (needs matplotlib: pip install 'mjscore[plot]')."""
    from ..table.chart import chart_tables

    run_guarded(lambda: click.echo(chart_tables([path], out_path)))


def __getattr__(name):
    # `settle` and `season` moved to cli_settle.py; still importable from here, loaded only when asked
    if name in ("settle", "season"):
        from . import settle as cli_settle

        return getattr(cli_settle, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(table())
