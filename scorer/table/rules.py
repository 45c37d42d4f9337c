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
      pot: null            # {stake: 1000, flag: sticks}: the table holds a pot, a party of its own; each
                           # riichi declaration pays `stake` into it, and a win is told the deposits on
                           # the table as `flag` (its payment model takes them from the "pot" party)
      max_stays: 0         # the deal passes after this many stays in a row anyway (0: no limit)
      wind: cycle          # cycle: the prevailing wind moves on when the deal has gone round; never
      end: rounds          # rounds (after `rounds` prevailing winds), hands (after `hands` hands), none
      rounds: 4
      hands: 0
      draw: {model: no_payment}               # payment models (scorer/models/events.py) and parameters
      kong: {model: no_payment}
      false_win: {model: reverse_win, pays: claimed}
      multiple_winners: true   # several players may win on one discard
      options: {NAME: {default, type, doc, choices}}   # named options, as the top-level `options:`

Every value may be "$option". Each key has the default shown (the block itself is optional)."""
from __future__ import annotations

EVENTS = ("win", "draw", "false_win")
STAYS = EVENTS + ("draw_tenpai",)
POT = "pot"  # the party a table's pot is kept as (the riichi payment model's name for the sticks on the table)
DEFAULTS = {
    "rule": "", "seats": "rotate", "next_dealer": "next", "stays": ["win", "draw", "false_win"],
    "streak": ["win", "draw"], "streak_carries": [], "streak_as": "streak", "pot": None, "max_stays": 0, "wind": "cycle", "end": "rounds", "rounds": None, "hands": 0,
    "draw": {"model": "no_payment"}, "kong": {"model": "no_payment"},
    "false_win": {"model": "reverse_win", "pays": "claimed"}, "multiple_winners": True,
}
CHOICES = {"seats": ("rotate", "fixed", "green_book"), "next_dealer": ("next", "winner"), "wind": ("cycle", "never"),
           "end": ("rounds", "hands", "none")}
MODEL_KEYS = ("draw", "kong", "false_win")


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
            _need(v is None or (isinstance(v, dict) and set(v) <= {"stake", "flag"}
                                and isinstance(v.get("stake"), int) and v["stake"] > 0
                                and isinstance(v.get("flag"), str)),
                  "null, or a mapping {stake: N, flag: KEY} (a positive whole stake)", src, key)
        elif k == "multiple_winners":
            _need(isinstance(v, bool), "true or false", src, key)
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


def session_rules(variant, options: dict) -> dict:
    """The variant's session block with its options' values in place (and `rounds` defaulted)."""
    from ..rulesets.bind import resolve

    block = getattr(variant, "session", None) or {k: v for k, v in DEFAULTS.items()}
    out = resolve(block, options)
    if out.get("rounds") is None:
        out["rounds"] = variant.players
    return out
