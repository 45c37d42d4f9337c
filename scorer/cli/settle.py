"""`mjscore settle` and `mjscore season`: one-off payments of the events that are not wins, and
standings over several tables. The work is done in scorer/table/; this module parses flags and prints."""
from __future__ import annotations

import json
import textwrap

import click

from ..rulesets import DEFAULT_RULESET
from ..rulesets.keys import BY_NAME
from .common import SEAT, _pairs, key_option, run_guarded
from .table_common import FMT, KONG_KIND, _names, _payments, false_win_claim


def _settle_common(fn):
    for opt in reversed([
        click.option("--variant", "-v", default=DEFAULT_RULESET, show_default=True, help="Ruleset id or a YAML path."),
        key_option(BY_NAME["round"], param="round_"),
        key_option(BY_NAME["dealer"]),
        key_option(BY_NAME["streak"]),
        click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE", help="Override a house-rule option."),
        FMT,
    ]):
        fn = opt(fn)
    return fn


def _settle(kind, fields, variant, round_, dealer, streak, rules, fmt):
    from ..core.result import net_of
    from ..table.settle import settle_event

    for k, v in (("round", round_), ("dealer", dealer), ("streak", streak)):
        if v is not None:
            fields[k] = v
    rules = _pairs(rules, "--rule")
    if rules:
        fields["rules"] = rules

    def go():
        s = settle_event(kind, variant, fields)
        net = net_of(s.transfers, s.seats)
        if fmt == "json":
            click.echo(json.dumps({"schema_version": "1", "variant": s.variant.id, "event": kind, "text": s.label, "rule": s.rule,
                                   "transfers": [t.as_dict() for t in s.transfers], "net": net},
                                  ensure_ascii=False))
            return
        from ..output.results import net_text

        click.echo("\n".join([f"{s.variant.name}  [{s.variant.id}]", f"Event:    {s.label}", "", "Payments",
                              _payments([(t.frm, t.to, t.amount, t.why) for t in s.transfers]),
                              f"Net:      {net_text(net)}"]
                             + textwrap.wrap(f"Rule:     {s.rule}" if s.rule else "", 80, subsequent_indent=" " * 10)))

    run_guarded(go, fmt)


@click.group()
def settle():
    """Payments of one event that is not a win: a draw, a kong, a false win."""


@settle.command("draw")
@click.option("--disclosed", type=SEAT, help="The first player who disclosed a ready hand (Kawuxing).")
@click.option("--tenpai", metavar="SEAT,...", help="Riichi: the seats ready (tenpai) at the draw; '' for none.")
@_settle_common
def settle_draw(disclosed, tenpai, variant, round_, dealer, streak, rules, fmt):
    """What a hand with no winner pays."""
    fields = {"disclosed": disclosed, "tenpai": _names(tenpai)}
    _settle("draw", {k: v for k, v in fields.items() if v is not None}, variant, round_, dealer, streak, rules, fmt)


@settle.command("kong")
@click.option("--seat", type=SEAT, required=True, help="Whose kong.")
@click.option("--kind", type=KONG_KIND, required=True, help="direct (from a discard), added, concealed.")
@click.option("--discarder", type=SEAT, help="Who discarded a direct kong's tile.")
@click.option("--chain", type=click.IntRange(min=1), default=1, show_default=True,
              help="Its place in an uninterrupted run of kongs.")
@_settle_common
def settle_kong(seat, kind, discarder, chain, variant, round_, dealer, streak, rules, fmt):
    """What a kong pays at once."""
    fields = {"seat": seat, "kong": kind, "chain": chain}
    if discarder:
        fields["discarder"] = discarder
    _settle("kong", fields, variant, round_, dealer, streak, rules, fmt)


@settle.command("false-win")
@click.option("--seat", type=SEAT, required=True, help="Who declared the false win.")
@click.option("--total", type=float, help="The value claimed.")
@click.option("--limit", "is_limit", is_flag=True, help="Pay the ruleset's limit.")
@click.option("--self-draw", is_flag=True, default=None, help="The claim was a win on an own draw.")
@click.option("--discarder", type=SEAT, help="The claim was a win on SEAT's discard.")
@_settle_common
def settle_false_win(seat, total, is_limit, self_draw, discarder, variant, round_, dealer, streak, rules, fmt):
    """What a false win pays."""
    fields = false_win_claim(seat, total, is_limit, self_draw, discarder)
    _settle("false_win", fields, variant, round_, dealer, streak, rules, fmt)


# ---- mjscore season ------------------------------------------------------------------------------

@click.group()
def season():
    """Standings over several tables of one ruleset and unit."""


@season.command("standings")
@click.argument("tables", nargs=-1, required=True)
@FMT
def season_standings(tables, fmt):
    """Sum each player's results over TABLE files (refuses to add different rulesets or units)."""
    from ..table.report import season as season_of
    from ..table.report import season_text

    def go():
        d = season_of(list(tables))
        click.echo(json.dumps({"schema_version": "1", **d}, ensure_ascii=False) if fmt == "json" else season_text(d))

    run_guarded(go, fmt)


@season.command("chart")
@click.argument("tables", nargs=-1, required=True)
@click.option("--out", "out_path", required=True, type=click.Path(dir_okay=False), help="The PNG to write.")
def season_chart(tables, out_path):
    """Each player's running total over the season's tables, in the order given."""
    from ..table.chart import chart_tables
    from ..table.report import season as season_of

    def go():
        season_of(list(tables))  # the same refusals as standings
        click.echo(chart_tables(list(tables), out_path))

    run_guarded(go)
