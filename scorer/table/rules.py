"""A ruleset's `session:` block: how a live table moves on from hand to hand, and what the events
that are not wins pay. Data, validated when the ruleset loads (variant.build calls `check_session`).

    session:
      rule: "where the text says it"      # cited in `table show` and `variants show`
      seats: rotate        # rotate: the dealer sits East, seat winds move with the deal; fixed: never move;
                           # green_book: rotate, and the players change chairs before each round (MCR, 4 players)
      next_dealer: next    # when the dealer does not stay: next (the next player) or winner (the hand's winner)
      stays: [win, draw, false_win]   # the dealer keeps the deal after a dealer win, a draw, a false win
                           # (draw_tenpai: a draw where the dealer is ready, `table draw --tenpai`)
      streak: [win, draw]  # which of those stays add one to the streak (lao); it resets when the deal passes
      streak_carries: []   # events that add one to the streak even when the deal passes (riichi's honba: draw)
      streak_as: streak    # the context key the scoring reads the streak as (riichi: honba)
      pot: null            # {stake: 1000, flag: sticks, declared_by: [riichi], goes_with: [ippatsu]}: the
                           # table holds a pot, a party of its own; each declaration pays `stake` into it,
                           # and a win is told the deposits on the table as `flag` (its payment model
                           # takes them from the "pot" party). `declared_by`: the win flags of a winner
                           # who paid his own deposit; `goes_with`: the flags only such a winner carries
                           # (both dropped with a win head bump takes away)
      max_stays: 0         # the deal passes after this many stays in a row anyway (0: no limit)
      wind: cycle          # cycle: the prevailing wind moves on when the deal has gone round; never
      end: rounds          # rounds (after `rounds` prevailing winds), hands (after `hands` hands), none
      rounds: 4
      hands: 0
      draw: {model: no_payment}               # payment models (scorer/models/events.py) and parameters
      kong: {model: no_payment}
      false_win: {model: reverse_win, pays: claimed}
      false_win_ends: true # a false win ends the hand (false: the penalty is paid and the hand goes on)
      multiple_winners: true   # several players may win on one discard
      head_bump: false     # of several winners on one discard only the first in turn from the discarder wins
      triple_ron: pay      # pay (every winner scored) or abort (three winners on one discard: an abortive draw)
      aborts: []           # abortive draws the table takes (`table abort --kind`): no payment, as `abort` stays
      nagashi: false       # an exhaustive draw may carry nagashi mangan (the draw model pays it)
      start: 0             # each player's points at the start (`table new --start` overrides)
      result: null         # what the players play for at the end (scorer/table/final.py): {model: uma, ...}
                           # or {model: table_points, ...}
      bust: false          # a player below zero ends the session
      sudden_death: false  # after the last round, while nobody has the result's return points, one more
                           # prevailing wind is played, ending as soon as somebody has them
      last_dealer_stops: false  # the last hand's dealer who keeps the deal in first place, at or above the
                           # return points, ends the session (agari-yame / tenpai-yame)
      words: plain         # plain ("Hand 3, East round (streak 2)") or kyoku ("East 3, 2 honba", han and
                           # fu, the payment shorthand 1300/2600)
      style: ""            # the chosen preset of `styles` (usually "$an_option")
      styles: {}           # {preset: {option: value}}: a preset fills the options the table does not set
      options: {NAME: {default, type, doc, choices}}   # named options, as the top-level `options:`

Every value may be "$option". Each key has the default shown (the block itself is optional)."""
from __future__ import annotations

EVENTS = ("win", "draw", "false_win", "abort")
ABORTS = ("nine_terminals", "four_winds", "four_riichi", "four_kongs", "triple_ron")
STAYS = EVENTS + ("draw_tenpai",)
# events that are payments within a hand (a riichi deposit, a kong's), not hands of their own: a
# ledger numbers them as the hand they belong to and does not count them
WITHIN_A_HAND = frozenset({"deposit", "kong"})


def counts_as_hand(event: str, again: bool) -> bool:
    """Whether a posted record is a hand of its own: not a payment within a hand (WITHIN_A_HAND) and
    not a further record of an event already counted (`again`: the other winners of one discard)."""
    return not again and event not in WITHIN_A_HAND
POT = "pot"  # the party a table's pot is kept as (the riichi payment model's name for the sticks on the table)
DEFAULTS = {
    "rule": "", "seats": "rotate", "next_dealer": "next", "stays": ["win", "draw", "false_win"],
    "streak": ["win", "draw"], "streak_carries": [], "streak_as": "streak", "pot": None, "max_stays": 0, "wind": "cycle", "end": "rounds", "rounds": None, "hands": 0,
    "draw": {"model": "no_payment"}, "kong": {"model": "no_payment"},
    "false_win": {"model": "reverse_win", "pays": "claimed"}, "multiple_winners": True,
    "head_bump": False, "triple_ron": "pay", "aborts": [], "nagashi": False, "start": 0, "result": None,
    "bust": False, "sudden_death": False, "last_dealer_stops": False, "words": "plain", "style": "",
    "styles": {}, "false_win_ends": True,
}
RESULT_MODELS = {"uma": {"return", "uma", "oka", "ties", "leftover", "rounding", "units", "rule"},
                 "table_points": {"points", "ties", "rule"}}
CHOICES = {"seats": ("rotate", "fixed", "green_book"), "next_dealer": ("next", "winner"), "wind": ("cycle", "never"),
           "end": ("rounds", "hands", "none"), "triple_ron": ("pay", "abort"), "words": ("plain", "kyoku")}
FLAGS = ("false_win_ends", "multiple_winners", "head_bump", "nagashi", "bust", "sudden_death", "last_dealer_stops")
MODEL_KEYS = ("draw", "kong", "false_win")


def _flag_list(v) -> bool:
    """A list of the context catalogue's yes/no flags a table win takes (rulesets/keys.py)."""
    from ..rulesets.keys import KEYS

    flags = {k.name for k in KEYS if k.at_table and k.kind == "bool"}
    return isinstance(v, list) and all(f in flags for f in v)


def check_session(data: dict, src: str, options: dict) -> dict:
    """Validate data["session"]; add its named options to `options` (Option objects); return the
    block with every key present (defaults filled in, "$option" values left for `session_rules`)."""
    from ..rulesets.bind import need as _need
    from ..rulesets.bind import option_of
    from ..rulesets.bind import option_refs as _refs
    from ..rulesets.registry import PAY_MODELS

    block = data.get("session")
    if block is None:
        block = {}
    _need(isinstance(block, dict), "session must be a mapping", src, "session")
    known = set(DEFAULTS) | {"options"}
    for k in block:
        _need(k in known, f"unknown key (known: {', '.join(sorted(known))})", src, f"session.{k}")
    for name, spec in (block.get("options") or {}).items():
        key = f"session.options.{name}"
        _need(name not in options, "an option of this name is already defined", src, key)
        options[name] = option_of(name, spec, src, key)
    out = {k: block.get(k, v) for k, v in DEFAULTS.items()}
    for k, v in out.items():
        key = f"session.{k}"
        if isinstance(v, str) and v.startswith("$"):
            _need(v[1:] in options, f"refers to unknown option {v[1:]!r}", src, key)
            continue
        if k in CHOICES:
            _need(v in CHOICES[k], f"is one of {', '.join(CHOICES[k])}, got {v!r}", src, key)
            _need(v != "green_book" or data.get("players", 4) == 4, "green_book seating is for 4 players", src, key)
        elif k in ("stays", "streak", "streak_carries"):
            among = STAYS if k != "streak_carries" else EVENTS
            _need(isinstance(v, list) and all(e in among for e in v),
                  f"a list of events among {', '.join(among)}", src, key)
        elif k == "streak_as":
            _need(isinstance(v, str) and v.isidentifier(), "a context key", src, key)
        elif k == "pot":
            _need(v is None or (isinstance(v, dict) and set(v) <= {"stake", "flag", "declared_by", "goes_with"}
                                and isinstance(v.get("stake"), int) and v["stake"] > 0
                                and isinstance(v.get("flag"), str)
                                and _flag_list(v.get("declared_by")) and v["declared_by"]
                                and _flag_list(v.get("goes_with", []))),
                  "null, or a mapping {stake: N, flag: KEY, declared_by: [FLAG, ...], goes_with: [FLAG, ...]} "
                  "(a positive whole stake; the flags are win flags of the context)", src, key)
        elif k in FLAGS:
            _need(isinstance(v, bool), "true or false", src, key)
        elif k == "aborts":
            _need(isinstance(v, bool) or isinstance(v, list) and all(a in ABORTS for a in v),
                  f"true (all), false (none) or a list among {', '.join(ABORTS)}", src, key)
        elif k == "start":
            _need(isinstance(v, (int, float)) and not isinstance(v, bool), "a number", src, key)
        elif k == "result":
            _need(v is None or (isinstance(v, dict) and v.get("model") in RESULT_MODELS
                                and set(v) - {"model"} <= RESULT_MODELS[v["model"]]),
                  "null, or {model: uma | table_points, ...} with that model's keys "
                  f"({'; '.join(f'{m}: {sorted(ks)}' for m, ks in RESULT_MODELS.items())})", src, key)
            for ref in _refs(v):
                _need(ref in options, f"refers to unknown option {ref!r}", src, key)
        elif k == "styles":
            _need(isinstance(v, dict) and all(isinstance(o, dict) for o in v.values()),
                  "a mapping {preset: {option: value}}", src, key)
            for preset, values in v.items():
                for name, value in values.items():
                    _need(name in options, f"names unknown option {name!r}", src, f"{key}.{preset}")
                    options[name].parse(value, src)
        elif k == "style":
            _need(isinstance(v, str), "a preset name", src, key)
        elif k in ("max_stays", "hands", "rounds"):
            _need(v is None or (isinstance(v, int) and not isinstance(v, bool) and v >= 0),
                  "a whole number, 0 or more", src, key)
        elif k in MODEL_KEYS:
            _need(isinstance(v, dict) and isinstance(v.get("model"), str), "a mapping with a payment model",
                  src, key)
            _need(v["model"] in PAY_MODELS, f"unknown payment model {v['model']!r}", src, key + ".model")
            entry = PAY_MODELS.get(v["model"])
            for p, pv in v.items():
                if p == "model":
                    continue
                _need(p in entry.params, f"unknown parameter {p!r} of model {v['model']} (known: "
                      f"{', '.join(sorted(entry.params))})", src, f"{key}.{p}")
                for ref in _refs(pv):
                    _need(ref in options, f"refers to unknown option {ref!r}", src, f"{key}.{p}")
    return out


def styled(variant, rules: dict | None) -> dict:
    """The table's rules with its preset's options filled in: `session.style` names an option whose
    value picks one of `session.styles`, and each option that preset sets is taken unless the table
    sets it itself (`--rule uma=...` beats the preset's uma)."""
    rules = dict(rules or {})
    block = getattr(variant, "session", None) or {}
    style = block.get("style") or ""
    if not (isinstance(style, str) and style.startswith("$")):
        return rules
    name = style[1:]
    chosen = rules.get(name, variant.options[name].default)
    return {**(block.get("styles") or {}).get(chosen, {}), **rules}


def session_rules(variant, options: dict) -> dict:
    """The variant's session block with its options' values in place (and `rounds` defaulted)."""
    from ..rulesets.bind import resolve

    block = getattr(variant, "session", None) or {k: v for k, v in DEFAULTS.items()}
    out = resolve(block, options)
    if isinstance(out.get("aborts"), bool):
        out["aborts"] = list(ABORTS) if out["aborts"] else []
    if out.get("rounds") is None:
        out["rounds"] = variant.players
    return out
