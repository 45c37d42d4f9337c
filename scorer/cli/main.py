"""The `mjscore` command: parse flags, call the library, format. Nothing here scores anything.

Commands other than score/pay/variants live in their own modules and are imported only when used,
so `mjscore --help` costs little more than importing click."""
from __future__ import annotations

import sys

import click

LAZY = {
    "batch": ("scorer.cli.batch:batch", "Score hand files (YAML, JSON Lines, CSV) with a ledger."),
    "compare": ("scorer.cli.tools:compare", "Score one hand under several rulesets side by side."),
    "waits": ("scorer.cli.tools:waits", "List the tiles that complete a hand one tile short."),
    "table": ("scorer.cli.table:table", "Keep a live table in a file: seats, dealer, streak, standings."),
    "settle": ("scorer.cli.settle:settle", "Payments of a draw, a kong or a false win."),
    "season": ("scorer.cli.settle:season", "Standings over several tables of one ruleset."),
    "audit": ("scorer.cli.audit:audit", "Replay Tenhou game logs and compare every hand with the log."),
}


class LazyGroup(click.Group):
    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """Click's own usage errors the mjscore way: one line on stderr, exit status 2, and the JSON
        error object on stdout with --format json."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        argv = list(sys.argv[1:] if args is None else args)
        try:
            code = super().main(argv, prog_name, complete_var, standalone_mode=False, **extra)
        except click.UsageError as e:
            if e.__class__.__name__ == "NoArgsIsHelpError":  # bare `mjscore`: the help is the answer
                e.show()
                sys.exit(e.exit_code)
            sub = ""
            if e.ctx is not None:
                sub = e.ctx.command_path[len(e.ctx.find_root().command_path):].strip()
            where = f" (see: mjscore {sub + ' ' if sub else ''}--help)"
            fail(_unquoted_hand(e, sub) or e.format_message() + where, "json" if _json_wanted(argv) else "text")
        except click.ClickException as e:
            fail(e.format_message(), "json" if _json_wanted(argv) else "text")
        except click.Abort:
            click.echo("mjscore: interrupted", err=True)
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(LAZY))

    def get_command(self, ctx, name):
        if name in LAZY:
            import importlib

            mod, attr = LAZY[name][0].split(":")
            try:
                return getattr(importlib.import_module(mod), attr)
            except (ImportError, AttributeError):
                return None
        return super().get_command(ctx, name)

    def format_commands(self, ctx, formatter):
        rows = []
        for name in self.list_commands(ctx):
            if name in LAZY:
                rows.append((name, LAZY[name][1]))
            else:
                cmd = super().get_command(ctx, name)
                rows.append((name, cmd.get_short_help_str(80)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _unquoted_hand(e, sub) -> str:
    """A hand typed without quotes reaches click as several arguments: say to quote it, as it was typed."""
    hand = (e.ctx.params.get("hand") if e.ctx is not None else None) or ""
    message = e.format_message()
    if not hand or not message.startswith("Got unexpected extra argument"):
        return ""
    extra = message[message.find("(") + 1:message.rfind(")")]
    return (f"the hand is one argument: put it in quotes, mjscore {sub} \"{hand} {extra}\" "
            "(the shell splits it at each space otherwise)")


from .common import _json_wanted, context_kwargs, context_options, fail, format_option, run_guarded


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mjscore", message="mjscore %(version)s")
def main():
    """Score mahjong hands: every reading, itemized, and who pays whom.

    \b
    Examples:
      mjscore score "[CCC,2] 123m 456p 789s 5s 5s" --self-draw --seat W \\
                    --rule min_faan=1
      mjscore pay --total 6 --seat N --discarder S
      mjscore variants show hk-old
    """


@main.command()
@click.argument("hand", required=False)
@context_options
@click.option("--replay", "replay", type=click.File("r"), metavar="FILE.json",
              help="Score again a result stored by `score --format json` (its hand, context and options).")
@click.option("--all", "show_all", is_flag=True, help="List every reading with its score and mark the one chosen.")
@click.option("--claim", metavar="TOTAL|limit",
              help="A total someone claimed (or `limit`): say whether it is right and what it changes in money.")
@click.option("--claim-net", type=float, metavar="AMOUNT", help="The winner's net someone claimed (money, all seats settled).")
@format_option("result")
@click.option("--glyphs", is_flag=True, help="Show the tiles held as Unicode glyphs as well.")
@click.option("--compact", is_flag=True, help="Leave the Rule column out of the items table (payments keep their Why).")
def score(hand, replay, show_all, claim, claim_net, fmt, glyphs, compact, **kw):
    """Score HAND and print who pays whom (notation: docs/NOTATION.md).

    \b
    Exit status: 0 scored (and a claim is right), 1 a claim is wrong,
    2 invalid input or a refused hand (the refusal explained).

    \b
    Examples:
      mjscore score "[CCC,2] 123m 456p 789s 5s 5s" --self-draw --seat W \\
                    --rule min_faan=1
      mjscore score "{1111m} 999m 111p 999p E E" --self-draw --claim limit
      mjscore score "🀄️🀄️🀄️🀇🀈🀉🀙🀚🀛🀐🀑🀒🀝🀝" --self-draw --glyphs \\
                    --rule min_faan=1"""
    if replay is not None:
        given = sorted("--" + k.replace("_", "-") for k, v in kw.items() if v not in (None, ()))
        if hand is not None or given:
            fail("--replay scores the stored hand, context and options as they are; give no hand or "
                 f"{', '.join(given) or 'HAND'} with it", fmt)
    elif hand is None:
        fail("Missing argument 'HAND': the hand in quotes (e.g. \"123m 456p 789s EEE 5s 5s\"), or "
             "--replay FILE.json (see: mjscore score --help)", fmt)
    variant, ctx = context_kwargs(kw) if replay is None else (None, None)

    def go():
        from .tools import run_replay, run_score

        if replay is not None:
            return run_replay(replay, fmt, show_all, claim, claim_net, glyphs, compact)
        return run_score(hand, ctx, variant, fmt, show_all, claim, claim_net, glyphs, compact)

    sys.exit(run_guarded(go, fmt) or 0)


@main.command()
@click.option("--total", type=float, required=True, help="The hand's total as the table counted it (faan, points...).")
@click.option("--limit", "is_limit", is_flag=True,
              help="The hand is a limit hand (pays the ruleset's fixed limit; refused where there is none).")
@context_options(paid_only=True)
@format_option("pay")
def pay(total, is_limit, fmt, **kw):
    """Payments only, from a total the table counted itself.

    \b
    Examples:
      mjscore pay --total 6 --seat N --discarder S
      mjscore pay --total 10 --limit --self-draw --seat south
      mjscore pay -v riichi --total 3 --fu 40 --discarder W --seat S"""
    variant, ctx = context_kwargs(kw)

    def go():
        from ..core import engine
        from ..output.formats import render

        value, transfers, net = engine.pay(total, ctx, variant=variant, limit=is_limit)
        click.echo(render("pay", fmt, variant, value, transfers, net, ctx))

    run_guarded(go, fmt)


@main.group(invoke_without_command=True)
@format_option("rulesets")
@click.pass_context
def variants(cctx, fmt):
    """List the rulesets (`variants show ID` for one's patterns, values and options)."""
    if cctx.invoked_subcommand is None:
        def go():
            from ..output.formats import render

            click.echo(render("rulesets", fmt))

        run_guarded(go, fmt)


@variants.command("show")
@click.argument("ref")
@format_option("ruleset")
def variants_show(ref, fmt):
    """Every pattern, value, option and default of ruleset REF (an id or a YAML path)."""
    def go():
        from ..output.formats import render

        click.echo(render("ruleset", fmt, ref))

    run_guarded(go, fmt)


if __name__ == "__main__":  # pragma: no cover
    main()
