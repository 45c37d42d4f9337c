"""What the `mjscore` commands share: one-line failures and the guard that turns the library's errors
into them, and the win-context flags (the same names as hand-file keys) with their parsing."""
from __future__ import annotations

import sys

import click

MAX_MESSAGE = 400  # characters: a refusal quoting a huge value stays one readable line


def one_line(message: str) -> str:
    """The message on one line, at most MAX_MESSAGE characters."""
    text = " ".join(str(message).split())
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


def fail(message: str, fmt: str = "text", code: int = 2):
    """One line on stderr (and {"error": ...} on stdout for --format json), then exit."""
    message = one_line(message)
    if fmt == "json":
        import json

        click.echo(json.dumps({"error": message}))
    click.echo(f"mjscore: error: {message}", err=True)
    sys.exit(code)


def run_guarded(fn, fmt="text"):
    """Run fn(); user errors exit 2 with one line, anything else exits 3 without a traceback."""
    from ..errors import MjError

    try:
        return fn()
    except MjError as e:
        fail(str(e), fmt)
    except KeyboardInterrupt:
        click.echo("mjscore: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:  # the reader went away (`| head`): nothing more to say to it
        sys.exit(141)
    except Exception as e:  # a bug: still one line, never a traceback
        fail(f"internal error ({type(e).__name__}: {e}); please report this hand", fmt, code=3)


def _json_wanted(args) -> bool:
    args = list(args)
    for i, a in enumerate(args):
        if a == "--format=json" or (a == "--format" and i + 1 < len(args) and args[i + 1] == "json"):
            return True
    return False


def _pairs(values, flag):
    from ..rulesets.context_values import scalar

    out = {}
    for v in values:
        if "=" not in v:
            raise click.BadParameter(f"expected KEY=VALUE, got {v!r}", param_hint=flag)
        k, _, val = v.partition("=")
        out[k.strip().replace("-", "_")] = scalar(val.strip())
    return out


COMPETITION_KEYS = ("riichi", "double_riichi", "ippatsu", "dora", "ura", "honba", "sticks", "fourth_tile")
WIND_WORDS = {"e": "E", "s": "S", "w": "W", "n": "N", "east": "E", "south": "S", "west": "W", "north": "N"}


class SeatType(click.ParamType):
    """A seat as E, S, W or N, or its wind's full name (south); shown as E|S|W|N."""

    name = "seat"

    def get_metavar(self, *args, **kwargs):
        return "E|S|W|N"

    def convert(self, value, param, ctx):
        got = WIND_WORDS.get(str(value).strip().lower())
        if got is None:
            self.fail(f"{value!r} is not a seat: E, S, W or N (or east, south, west, north)", param, ctx)
        return got


SEAT = SeatType()


def context_options(fn=None, *, skip=()):
    """The win-context flags of NOTATION.md, shared by score, pay, compare and waits; `skip` leaves
    out the ones a command does not read (by their parameter names), so its --help lists only its own."""
    if fn is None:
        return lambda f: context_options(f, skip=skip)
    opts = [
        click.option("--variant", "-v", default=None, metavar="ID|FILE",
                     help="Ruleset id or a path to a variant YAML (default hk-old, or the config file's)."),
        click.option("--self-draw", is_flag=True, default=None, help="Won on a tile drawn from the wall."),
        click.option("--discarder", type=SEAT, help="Won on SEAT's discard."),
        click.option("--robbed", type=SEAT, help="Won by robbing SEAT's added kong."),
        click.option("--kong-draw", type=int, is_flag=False, flag_value=1, default=None, metavar="[N]",
                     help="Won on a kong replacement tile; N consecutive kongs (default 1)."),
        click.option("--last-tile", is_flag=True, default=None, help="Won on the last wall tile or the discard after it."),
        click.option("--first-turn", is_flag=True, default=None, help="Heavenly (dealer) / earthly (non-dealer) win."),
        click.option("--seat", type=SEAT, help="The winner's seat wind (default E)."),
        click.option("--round", "round_", type=SEAT, help="Prevailing wind (default E)."),
        click.option("--dealer", type=SEAT, help="The dealer's (banker's) seat (default E)."),
        click.option("--streak", type=click.IntRange(min=0), help="The dealer's consecutive stays."),
        click.option("--wild", help="The wild tile itself (gold / fortune / laizi)."),
        click.option("--indicator", help="The flipped indicator; the variant derives the wild tile."),
        click.option("--floats", type=click.IntRange(min=0), help="Wild tiles discarded in float rounds."),
        click.option("--players", type=click.IntRange(3, 4), help="4, or 3 for three-player rulesets."),
        click.option("--liable", type=SEAT, help="The player who pays for everyone under a liability rule."),
        click.option("--win", help="The winning tile (default: the last concealed tile written)."),
        click.option("--riichi", is_flag=True, default=None, help="Riichi: the winner declared riichi."),
        click.option("--double-riichi", is_flag=True, default=None, help="Riichi: declared on the first turn."),
        click.option("--ippatsu", is_flag=True, default=None, help="Riichi: won within one go-around after riichi."),
        click.option("--dora", metavar="TILES", help="Riichi: dora indicators as flipped, e.g. \"4m E\"."),
        click.option("--ura", metavar="TILES", help="Riichi: ura-dora indicators (with riichi only)."),
        click.option("--honba", type=click.IntRange(min=0), help="Riichi: counters (honba sticks) on the table."),
        click.option("--sticks", type=click.IntRange(min=0), help="Riichi: riichi deposits on the table."),
        click.option("--fourth-tile", is_flag=True, default=None, help="MCR: the winning tile is the last of its kind."),
        click.option("--other", "others", multiple=True, metavar="SEAT:HAND", help="Another player's hand or state."),
        click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="Any other fact the variant reads."),
        click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE", help="Override a house-rule option."),
    ]
    for opt in reversed(opts):
        probe = opt(lambda: None).__click_params__[0]  # the option's parameter name, to skip by
        if probe.name not in skip:
            fn = opt(fn)
    return fn


def context_kwargs(kw) -> tuple[str, dict]:
    """Pop the context flags out of a command's kwargs; returns (variant, context dict)."""
    names = {"self_draw": "self_draw", "discarder": "discarder", "robbed": "robbed", "kong_draw": "kong_draw",
             "last_tile": "last_tile", "first_turn": "first_turn", "seat": "seat", "round": "round_",
             "dealer": "dealer", "streak": "streak", "wild": "wild", "indicator": "indicator", "floats": "floats",
             "players": "players", "liable": "liable", "win": "win", **{k: k for k in COMPETITION_KEYS}}
    ctx = {key: kw.pop(param, None) for key, param in names.items()}  # (a skipped flag is None)
    ctx = {k: v for k, v in ctx.items() if v is not None}
    others = {}
    for o in kw.pop("others", ()):
        seat, sep, hand = o.partition(":")
        if not sep or seat.strip().lower() not in WIND_WORDS:
            raise click.BadParameter(f"expected SEAT:HAND (seat E, S, W or N), got {o!r}", param_hint="--other")
        others[WIND_WORDS[seat.strip().lower()]] = hand
    if others:
        ctx["others"] = others
    extra = _pairs(kw.pop("sets", ()), "--set")
    if extra:
        ctx["extra"] = extra
    from ..errors import MjError
    from ..rulesets.config import defaults

    try:
        variant, house = defaults(kw.pop("variant", None))  # the config file's ruleset and house rules
    except MjError as e:
        fail(str(e))
    rules = {**house, **_pairs(kw.pop("rules", ()), "--rule")}
    if rules:
        ctx["rules"] = rules
    return variant, ctx
