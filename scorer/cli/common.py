"""What the `mjscore` commands share: one-line failures and the guard that turns the library's errors
into them, and the win-context flags (the same names as hand-file keys) with their parsing."""
from __future__ import annotations

import sys

import click

from ..rulesets import DEFAULT_RULESET

MAX_MESSAGE = 400  # characters: a refusal quoting a huge value stays one readable line


def one_line(message: str) -> str:
    """The message on one line, at most MAX_MESSAGE characters."""
    text = " ".join(str(message).split())
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


def fail(message: str, fmt: str = "text", code: int = 2):
    """One line on stderr (and {"error": ...} on stdout for the formats a program reads), then exit."""
    from ..output.formats import MACHINE

    message = one_line(message)
    if fmt in MACHINE:
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


def format_option(kind: str, help: str | None = None, default_first: bool = True):
    """`--format`, with the formats registered for `kind` (scorer/output/formats.py), the first the default
    (`default_first` False: None when not given, for a command that reads the format from --out)."""
    from ..output.formats import choices

    names = choices(kind)
    return click.option("--format", "fmt", type=click.Choice(names), default=names[0] if default_first else None,
                        show_default=default_first, help=help)


def key_option(key, seat_type=None, help_text=None, param=None, short=None):
    """The click option of catalogue key `key` (scorer/rulesets/keys.py): its flag, type and help.
    `seat_type` is what a seat is given as (SEAT at `score`, a player's name at the table); `short`
    a one-letter alias (the table's -s and -d)."""
    kw = {"help": help_text or key.help}
    if key.kind == "bool":
        kw.update(is_flag=True, default=None)
    elif key.kind == "count":
        low = key.minimum
        kw["type"] = click.IntRange(low, key.bound) if low else click.IntRange(min=0)
        if key.flag_value is not None:
            kw.update(is_flag=False, flag_value=key.flag_value, default=None)
    elif key.kind == "seat":
        kw["type"] = seat_type or SEAT
        if not isinstance(kw["type"], click.ParamType):  # a player's name at the table
            kw.pop("type")
            kw["metavar"] = seat_type
    if key.metavar or key.kind == "count":
        kw["metavar"] = key.metavar or "N"
    if key.kind == "others":
        kw["multiple"] = True
        kw["metavar"] = f"{seat_type if isinstance(seat_type, str) else 'SEAT'}:HAND"
    param = param or ("others" if key.kind == "others" else key.name)
    return click.option(key.flag, *([short] if short else []), param, **kw)


def context_options(fn=None, *, skip=(), paid_only=False):
    """The win-context flags, one per catalogue key, shared by score, pay, compare and waits; `skip`
    leaves out the ones a command does not read (by their names), `paid_only` those only the hand's
    value reads (`pay` takes the total), so a command's --help lists only its own."""
    if fn is None:
        return lambda f: context_options(f, skip=skip, paid_only=paid_only)
    from ..rulesets.keys import KEYS

    opts = [] if "variant" in skip else [click.option(
        "--variant", "-v", default=None, metavar="ID|FILE",
        help=f"Ruleset id or a path to a variant YAML (default {DEFAULT_RULESET}, or the config file's).")]
    opts += [key_option(k) for k in KEYS if k.name not in skip and (k.paid or not paid_only)
             and (paid_only or not k.total_only)]
    opts += [
        click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="Any other fact the variant reads."),
        click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE", help="Override a house-rule option."),
    ]
    for opt in reversed(opts):
        fn = opt(fn)
    return fn


def context_kwargs(kw) -> tuple[str, dict]:
    """Pop the context flags out of a command's kwargs; returns (variant, context dict)."""
    from ..rulesets.keys import SCALARS

    ctx = {k.name: kw.pop(k.name, None) for k in SCALARS}  # (a skipped flag is None)
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
