"""The current table: `mjscore table win HAND` without the table's path, for a scorer who enters a
whole evening at one table. The path comes from $MJSCORE_TABLE, else from `mjscore table use FILE`,
which keeps it in a small state file: $MJSCORE_CONFIG_DIR/current, else
$XDG_CONFIG_HOME/mjscore/current (~/.config/mjscore/current)."""
from __future__ import annotations

import os
from pathlib import Path

import click

# the table commands whose first argument is an existing table: the path may be left out
TAKES_CURRENT = frozenset({"show", "win", "draw", "abort", "chombo", "kong", "false-win", "undo", "log", "export",
                           "chart"})


def state_file() -> Path | None:
    base = os.environ.get("MJSCORE_CONFIG_DIR")
    if base:
        return Path(base).expanduser() / "current"
    xdg = os.environ.get("XDG_CONFIG_HOME") or (
        os.path.join(os.environ["HOME"], ".config") if os.environ.get("HOME") else "")
    return Path(xdg) / "mjscore" / "current" if xdg else None


def current_table() -> str | None:
    """The current table's path: $MJSCORE_TABLE, else the one `table use` kept (None: none set)."""
    env = os.environ.get("MJSCORE_TABLE")
    if env:
        return env
    f = state_file()
    try:
        text = f.read_text(encoding="utf-8").strip() if f is not None else ""
    except OSError:
        return None
    return text or None


def use_table(path: str) -> str:
    """Keep `path` (made absolute, so it holds from any directory) as the current table."""
    f = state_file()
    if f is None:
        raise click.ClickException("no config folder to keep the current table in: set MJSCORE_TABLE instead")
    full = str(Path(path).expanduser().resolve())
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(full + "\n", encoding="utf-8")
    return full


def _positionals(cmd, args) -> list[int]:
    """Indexes in `args` of the command's positional arguments (not options or their values)."""
    takes_value = set()
    for p in cmd.params:
        if isinstance(p, click.Option) and not p.is_flag and not p.count:
            takes_value.update(p.opts)
    out, i = [], 0
    while i < len(args):
        a = args[i]
        if a == "--":
            out += range(i + 1, len(args))
            break
        if a.startswith("-") and len(a) > 1:
            if a in takes_value:
                i += 1  # its value
        else:
            out.append(i)
        i += 1
    return out


def with_current(name, cmd, args, ctx=None) -> list:
    """args with the current table's path put first when the command takes a table and was given
    one argument fewer than it names (`table win HAND`, `table show`)."""
    if name not in TAKES_CURRENT or any(a in ("-h", "--help") for a in args):
        return args
    wanted = [p for p in cmd.params if isinstance(p, click.Argument) and p.required]
    if len(_positionals(cmd, args)) >= len(wanted):
        return args
    path = current_table()
    if path is None:
        raise click.UsageError("no table given: give its PATH first, or choose one with `mjscore table use FILE` "
                               "(or set MJSCORE_TABLE)", ctx)
    return [path, *args]
