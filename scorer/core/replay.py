"""A stored `score --format json` result scored again from itself. Its `context` echoes every input
that can change the result: how the hand was won, the seats, each flag given (riichi, dora, honba,
floats...), the `--set` facts and the `--rule` options; `options` holds every house rule in force.
context_echo writes it, replay_input reads it back: the one mapping between the two."""
from __future__ import annotations

from dataclasses import fields

from ..errors import MjError
from ..rulesets.context import FLAG_DEFAULTS, Context
from ..rulesets.variant import load_variant

# the JSON's `win` says how the hand was won (as before the echo); the winning tile is `winning_tile`
_RENAMED = {"win": "winning_tile"}
_HEAD = ("seat", "round", "dealer")
_DICTS = {"extra": "set", "others": "others", "rules": "rules"}  # Context field -> JSON key


def context_echo(ctx: Context) -> dict:
    """The win context as JSON: `win` (self_draw, discard, robbed), the seats, then every other flag
    that differs from its default, the `set` facts, the other players' hands and the `rules` given."""
    d = {"win": ctx.win_type, **{k: getattr(ctx, k) for k in _HEAD}}
    for f in fields(Context):
        name = f.name
        if name in _HEAD or name == "self_draw":  # (self-draw is `win`)
            continue
        value = getattr(ctx, name)
        if name in _DICTS:
            if value:
                d[_DICTS[name]] = dict(value)
        elif value != FLAG_DEFAULTS[name]:
            d[_RENAMED.get(name, name)] = value
    return d


def replay_input(stored: dict) -> tuple[str, str, dict]:
    """(hand, variant, context) to score a stored JSON result again, its options as the rules."""
    if not isinstance(stored, dict) or not isinstance(stored.get("context"), dict) or "hand" not in stored:
        raise MjError("--replay takes the JSON object `mjscore score --format json` printed "
                      "(with its hand, variant, context and options)")
    ctx = dict(stored["context"])
    how = ctx.pop("win", "self_draw")
    if how == "self_draw":
        ctx["self_draw"] = True
    for key, json_key in _RENAMED.items():
        if json_key in ctx:
            ctx[key] = ctx.pop(json_key)
    if "set" in ctx:
        ctx["extra"] = ctx.pop("set")
    # the rules given, and any option stored that is not today's default (the ruleset's file changed)
    variant = stored.get("variant")
    defaults = load_variant(variant).bind({}).options
    options = stored.get("options") if isinstance(stored.get("options"), dict) else {}
    rules = {k: v for k, v in options.items() if k in defaults and defaults[k] != v}
    ctx["rules"] = {**rules, **(ctx.get("rules") or {})}
    if not ctx["rules"]:
        del ctx["rules"]
    return stored["hand"], variant, ctx
