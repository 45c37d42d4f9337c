"""How a hand was won and the table around it. Built from CLI flags or hand-file keys (same names)."""
from __future__ import annotations

from dataclasses import field, fields, make_dataclass
from functools import cached_property, lru_cache

from ..errors import ContextBounds, ContextError, ContextUnknown, ContextValue

# plain values' checks and bounds are context_values.py's (their names stay importable from here)
from .context_values import MAX_OTHERS_COUNT, MAX_SET_NUMBER, _as_bool, _as_int, _as_text, _check_atom, whole
from .keys import KEYS, SCALARS, UNIVERSAL, Key, of_kind

SEATS = "ESWN"


# a seat as a hand file or the API may name it: its letter or its wind's full name, in any case (as --seat takes it)
SEAT_WORDS = {w: i for i, s in enumerate(SEATS) for w in (s, ("EAST", "SOUTH", "WEST", "NORTH")[i])}


def seat_index(seat: str, what: str = "seat") -> int:
    i = SEAT_WORDS.get(seat.strip().upper()) if isinstance(seat, str) else None
    if i is None:
        raise ContextError(f"{what} must be one of E S W N (or east, south, west, north), got {seat!r}")
    return i


class _ContextBase:
    """What a Context knows beyond its fields: the values derived from them and the look-ups on them.
    The fields themselves are the catalogue's keys (keys.py), made into the dataclass `Context` below."""

    # ---- derived -------------------------------------------------------------------------------
    @cached_property
    def value_key(self):
        """The Context as a key of all its values (fields, --set facts with their types, other hands,
        rules), made once: the caches of what a context decides (kept payments, context-only pattern
        hits) are keyed on it. None when a value is unhashable (nothing is then kept)."""
        try:  # (each mapping's values with their class: 1 and True are equal keys, not equal JSON)
            key = (tuple(getattr(self, f.name) for f in _KEY_FIELDS),
                   *(tuple(sorted((k, v, v.__class__) for k, v in d.items()))
                     for d in (self.extra, self.others, self.rules)))
            hash(key)
        except TypeError:  # (an unhashable value, or keys that do not sort)
            return None
        return key

    @cached_property
    def seats(self) -> tuple[str, ...]:
        return tuple(SEATS[: self.players])

    @cached_property  # read for every reading; a batch reuses a few hundred contexts
    def win_type(self) -> str:
        """'self_draw', 'discard' or 'robbed'."""
        if self.discarder:
            return "discard"
        if self.robbed:
            return "robbed"
        return "self_draw"

    @cached_property
    def by_self_draw(self) -> bool:
        return self.win_type == "self_draw"

    @property
    def payer_of_claim(self) -> str | None:
        """The seat whose tile was claimed for the win (discarder or robbed player)."""
        return self.discarder or self.robbed

    @cached_property
    def seat_wind(self) -> str:
        """The winner's seat wind. Seats are places at the table (E S W N, the ledger's columns); the
        dealer's wind is East and the others follow in turn, so with the dealer at E (the default) the
        seat wind is the seat itself (README "Seats, winds and the dealer")."""
        if self.dealer == "E":
            return self.seat
        i = (SEATS.index(self.seat) - SEATS.index(self.dealer)) % self.players
        return SEATS[i]

    @property
    def winner_is_dealer(self) -> bool:
        return self.seat == self.dealer

    def get(self, key: str, default=None):
        """A `--set` fact a variant reads, with a default."""
        return self.extra.get(key, default)

    def relative(self, offset: int) -> str:
        """The seat a meld source names, counted from the winner: 1 left (the previous player),
        2 opposite, 3 right (the next player). A three-player table has no opposite seat."""
        i = SEATS.index(self.seat)
        if self.players == 4:
            return SEATS[(i - offset) % 4]
        if offset == 2:
            raise ContextError("a three-player table has no opposite seat: meld sources are 1 (left) or 3 (right)")
        return SEATS[(i - 1) % 3] if offset == 1 else SEATS[(i + 1) % 3]


def _annotation(key: Key):
    if key.kind == "bool":
        return bool
    if key.kind == "count":
        return int if key.default is not None else int | None
    return str if key.default is not None else str | None


# How a hand was won and the table around it: one frozen field per catalogue key (keys.py: adding a
# flag there gives every Context that field, at its default), and the mappings: `extra` (the `--set`
# facts a ruleset documents under `context:`), `others` (other players' hands or state by seat) and
# `rules` (house-rule options).
Context = make_dataclass(
    "Context",
    [(k.name, _annotation(k), field(default=k.default)) for k in SCALARS]
    + [(name, dict, field(default_factory=dict, hash=False, compare=False)) for name in ("extra", "others", "rules")],
    bases=(_ContextBase,), frozen=True)
Context.__module__ = __name__  # (pickles name it by its module)
Context.__doc__ = """How a hand was won and the table around it (make_context builds and checks one)."""

_FIELD_NAMES = {f.name for f in fields(Context)}
_BOOLS = of_kind("bool")
_INTS = of_kind("count")
_SEAT_KEYS = of_kind("seat")
_TEXTS = of_kind("text")
_KEY_FIELDS = tuple(f for f in fields(Context) if f.name not in ("extra", "others", "rules"))

# keys.UNIVERSAL, the flags that describe the table and the win itself, are read by every ruleset. Any
# other flag must be listed under the ruleset's `flags:` (a flag it does not read is refused, never ignored)
FLAG_DEFAULTS = {k.name: {} if k.kind == "others" else k.default for k in KEYS}


def _others_seats(others: dict) -> dict:
    """`others` keyed by seat letter: a wind's full name (south) is its seat, as in --other south:HAND."""
    out: dict = {}
    for k, v in others.items():
        i = SEAT_WORDS.get(k.strip().upper()) if isinstance(k, str) else None
        key = SEATS[i] if i is not None else k
        if key in out:
            raise ContextValue(f"others names seat {key} twice")
        out[key] = v
    return out


def _check_others(others: dict) -> None:
    if len(others) > 4:
        raise ContextBounds(f"others names {len(others)} seats; a table has at most 4")
    for seat, entry in others.items():
        if isinstance(entry, dict):
            if len(entry) > 16:
                raise ContextBounds(f"others {seat}: more than 16 keys")
            for k, v in entry.items():
                if isinstance(v, (int, float)) and not isinstance(v, bool) and k != "hand":
                    _check_atom(f"others {seat} {k}", v, MAX_OTHERS_COUNT)
                else:
                    _check_atom(f"others {seat} {k}", v, MAX_SET_NUMBER)
        else:
            _check_atom(f"others {seat}", entry, MAX_SET_NUMBER)


def make_context(**kw) -> Context:
    """Validate and build a Context; unknown keys go to `extra` (a variant says which it reads)."""
    ctx = _known_context(kw)
    return _make_context(kw) if ctx is None else ctx


def context_from(kw: dict) -> Context:
    """make_context(**kw) for a caller that keeps the Context itself (engine_setup's _Setup per dict
    context): a context of keys checked before is built from their kept checks (_clean_one)."""
    ctx = _known_context(kw)
    return make_context(**kw) if ctx is None else ctx


def _make_context(kw) -> Context:
    clean: dict = {}
    extra = dict(kw.pop("extra", None) or {})
    if not isinstance(extra, dict):
        raise ContextValue(f"extra must be a mapping, got {type(extra).__name__}")
    for key, value in kw.items():
        if value is None:
            continue
        if key not in _FIELD_NAMES:
            extra[key] = value
            continue
        if key in _SCALAR_FIELDS:
            value = _clean_field(key, value)
        elif key in ("others", "rules"):
            if not isinstance(value, dict):
                raise ContextValue(f"{key} must be a mapping, got {type(value).__name__}")
            if key == "others":
                value = _others_seats(value)
                _check_others(value)
            elif len(value) > 64:
                raise ContextBounds("rules: more than 64 options")
        clean[key] = value
    if len(extra) > 64:
        raise ContextBounds("more than 64 --set keys")
    for key, value in extra.items():
        if not isinstance(key, str):
            raise ContextValue(f"keys are names, got {key!r}")
        if key in _FIELD_NAMES:
            raise ContextUnknown(f"{key} is a flag: use --{key.replace('_', '-')}")
        _check_atom(key, value, MAX_SET_NUMBER)
    ctx = _filled(clean, extra)
    check_context(ctx)
    return ctx


def _clean_field(key, value):
    """One flag's value as the Context keeps it, or the error naming it: reads that value alone."""
    if key in _BOOLS:
        return _as_bool(key, value)
    if key in _INTS:
        return _as_int(key, value)
    if key in _SEAT_KEYS:
        return SEATS[seat_index(value, key)]
    return _as_text(key, value)


# A batch or a bench gives contexts that differ in a field or two (dora indicators, seats, sticks):
# each key's checks read only its own value, so a (key, value, type) seen valid once is not checked
# again, and the checks across keys (check_context) are kept by the values they read.
_SCALAR_FIELDS = _BOOLS | _INTS | _SEAT_KEYS | _TEXTS
@lru_cache(maxsize=4096)
def _clean_one(key, value, cls):
    """_one_key of a plain value, checked once per (key, value, type of value: 1 and True are equal
    keys): the clean value, _EXTRA for a valid --set key, None for a value of another type; raises
    when the value fails its check."""
    return _one_key(key, value) if cls in _PLAIN_TYPES else None


_EXTRA = object()
_BLANK = {f.name: f.default for f in fields(Context) if f.name not in ("extra", "others", "rules")}
_PLAIN_TYPES = frozenset({str, int, bool, float})


def _one_key(key, value):
    """A plain value's checks in _make_context that read that key alone: its clean value (_EXTRA for a
    --set key), None for the keys that take mappings."""
    if key in _SCALAR_FIELDS:
        return _clean_field(key, value)
    if key in _FIELD_NAMES or key.__class__ is not str:
        return None
    _check_atom(key, value, MAX_SET_NUMBER)
    return _EXTRA


def _known_context(kw) -> Context | None:
    """The Context of kw when every key and value has been checked before (None otherwise: the full
    checks then run and give their errors in their order). Same fields and dicts as _make_context."""
    checked = _checked(kw)
    return None if checked is None else _built(*checked)


def _checked(kw) -> tuple | None:
    """(the clean fields, the --set keys) of kw's keys and values, each checked once and kept (per key,
    value and type of value); None when one is no plain value or fails its check (the full checks
    then give the error, after those of the keys before it)."""
    clean: dict = {}
    extra: dict = {}
    try:
        for key, value in kw.items():
            if value is None:
                continue
            cls = value.__class__
            got = _clean_one(key, value, cls)
            if got is None:
                return None
            if got is _EXTRA:
                extra[key] = value
            else:
                clean[key] = got
    except Exception:  # noqa: BLE001 - an unhashable value, a failed check: _make_context gives the error,
        return None  # after those of the keys before
    if len(extra) > 64:
        return None
    return clean, extra


def _filled(clean: dict, extra: dict) -> Context:
    """The Context of checked values: the fields given (`clean`), the rest at their defaults, the
    --set keys (`extra`), and in its dict `_given` (the fields given: check_for_ruleset's flags are
    then told from a glance at the names; a Context made by replace() has none and is read flag by
    flag) and the derived values (_derive). The one place a Context is made without the dataclass
    __init__, whose setattr per field costs as much as a new context's checks; nothing writes into
    a Context once it is made."""
    ctx = object.__new__(Context)
    d = ctx.__dict__  # (filled in place, before anyone holds the Context: one dict, not a copy of one)
    d.update(_BLANK)
    d["others"] = {}
    d["rules"] = {}
    d.update(clean)
    d["extra"] = extra
    d["_given"] = clean
    _derive(d)
    return ctx


def _built(clean: dict, extra: dict) -> Context:
    """The Context of checked values (the fields set, the --set keys), check_context's verdict kept."""
    ctx = _filled(clean, extra)
    d = ctx.__dict__  # (check_context's fields read from the dict just filled: no look-up per field)
    _check_table(d["players"], d["seat"], d["round"], d["dealer"], d["discarder"], d["robbed"], d["liable"],
                 d["self_draw"], d["kong_draw"], d["first_turn"])
    return ctx


def _derive(d: dict) -> None:
    """The derived values every reading's Facts asks for, put ahead into a new Context's dict (what
    their cached_property would keep there on first read, with no descriptor call later): the
    properties' own tests (tests/test_context_derived.py compares them); seat_wind only where it
    cannot fail (dealer E: the seat itself)."""
    win_type = d["win_type"] = "discard" if d["discarder"] else "robbed" if d["robbed"] else "self_draw"
    d["by_self_draw"] = win_type == "self_draw"
    if d["dealer"] == "E":
        d["seat_wind"] = d["seat"]


def ruleset_context(kw: dict, variant) -> Context | None:
    """context_from({**kw, "players": ...}) then check_for_ruleset(ctx, variant), for a dict of plain
    values (no `rules`, no `variant` key) with `players` at the ruleset's count when kw has none; None
    when some key or value fails its check, or `players` was never checked (the full steps then run
    and give their errors in their order)."""
    checked = _checked(kw)
    if checked is None:
        return None
    clean, extra = checked
    if "players" not in kw:
        players = variant.players
        try:
            if _clean_one("players", players, players.__class__) is None:
                return None
        except Exception:  # noqa: BLE001 - the full steps give the error in their order
            return None
        clean["players"] = players
    ctx = _built(clean, extra)
    check_for_ruleset(ctx, variant)  # (at a glance: the Context knows the names given)
    return ctx


def check_context(ctx: Context) -> None:
    """Refuse contexts that contradict themselves."""
    fields = (ctx.players, ctx.seat, ctx.round, ctx.dealer, ctx.discarder, ctx.robbed, ctx.liable, ctx.self_draw,
              ctx.kong_draw, ctx.first_turn)
    try:
        _check_table(*fields)
    except TypeError:  # (an unhashable field: checked, not kept)
        _check_table.__wrapped__(*fields)


@lru_cache(maxsize=4096)  # a night's contexts repeat a few hundred tables and ways of winning
def _check_table(players, seat, round_wind, dealer, discarder, robbed, liable, self_draw, kong_draw, first_turn):
    if players not in (3, 4):
        raise ContextError(f"players must be 3 or 4, got {players}")
    seats = tuple(SEATS[:players])
    given = {"discarder": discarder, "robbed": robbed, "seat": seat, "round": round_wind, "dealer": dealer,
             "liable": liable}
    for key in _SEAT_KEYS:
        v = given[key]
        if v is not None and v not in seats:
            raise ContextError(f"{key} {v} is not a seat at a {players}-player table ({' '.join(seats)})")
    ways = [name for name, on in (("--self-draw", self_draw), ("--discarder", discarder),
                                  ("--robbed", robbed)) if on]
    if len(ways) > 1:
        raise ContextError(f"a hand is won one way only, got {' and '.join(ways)}")
    if kong_draw and (discarder or robbed):
        raise ContextError("a kong replacement tile is drawn, not claimed: --kong-draw excludes --discarder/--robbed")
    if not ways and not kong_draw:
        raise ContextError("say how the hand was won: --self-draw, --discarder SEAT or --robbed SEAT")
    for key in ("discarder", "robbed", "liable"):
        if given[key] == seat:
            raise ContextError(f"the winner ({seat}) cannot also be the {key} seat")
    if first_turn and robbed:
        raise ContextError("no kong can be added, so none robbed, before the first discard: "
                           "--first-turn excludes --robbed")
    by_self_draw = not discarder and not robbed  # Context.win_type == "self_draw"
    if first_turn and seat == dealer and not by_self_draw:
        raise ContextError("a heavenly hand (dealer, --first-turn) is won on the dealer's own draw, not a claim")
    if first_turn and seat != dealer and discarder not in (None, dealer):
        raise ContextError("an earthly hand (--first-turn, non-dealer) is won on the dealer's first discard")


def _flag_name(name: str) -> str:
    return "--other" if name == "others" else "--" + name.replace("_", "-")


def _plan(variant) -> tuple:
    """(variant, the flags it does not read with their defaults, its --set keys, the names of those
    flags), kept on the ruleset itself (one look-up a hand)."""
    try:
        return variant._flag_plan
    except AttributeError:
        pass
    flags = set(variant.flags)
    unread = tuple((name, default) for name, default in FLAG_DEFAULTS.items()
                   if name not in flags and name not in UNIVERSAL)
    plan = (variant, unread, frozenset(k for k in variant.context_keys if k not in _FIELD_NAMES),
            frozenset(n for n, _d in unread))
    try:
        variant._flag_plan = plan
    except AttributeError:  # (an object that takes no attributes: worked out each time)
        pass
    return plan


def check_for_ruleset(ctx: Context, variant) -> None:
    """Refuse what the ruleset would silently ignore: a flag it does not read (its YAML `flags:` lists
    the optional ones it reads; keys.UNIVERSAL are read by every ruleset) set to anything but its
    default, and a `--set` key (a record's unknown key) its `context:` does not document."""
    plan = _plan(variant)
    given = ctx.__dict__.get("_given")
    if given is not None and plan[3].isdisjoint(given):  # no flag it does not read is set (_built)
        if variant.wild_kong_keys or (ctx.extra and not plan[2].issuperset(ctx.extra)):  # (no set made of {})
            return _check_for_ruleset(ctx, variant)
        return None
    # the same tests as _check_for_ruleset's: when one fails, it runs to give its first error
    for name, default in plan[1]:
        value = getattr(ctx, name)
        if value != default and value is not None:
            return _check_for_ruleset(ctx, variant)
    if variant.wild_kong_keys or (ctx.extra and not plan[2].issuperset(ctx.extra)):
        return _check_for_ruleset(ctx, variant)
    return None


def _check_for_ruleset(ctx: Context, variant) -> None:
    from ..suggest import did_you_mean

    flags = set(variant.flags)
    for name, default in FLAG_DEFAULTS.items():
        if name in flags or name in UNIVERSAL:
            continue
        value = getattr(ctx, name)
        if value != default and value is not None:
            listed = ", ".join(_flag_name(f) for f in variant.flags) or "none beyond the universal ones"
            raise ContextUnknown(f"{_flag_name(name)} means nothing in {variant.id} (its flags: {listed})"
                                 + did_you_mean(name, [f for f in flags if f != name]))
    for key in variant.wild_kong_keys:  # kongs declared without a meld: four at most, like any kongs
        if key in ctx.extra:
            whole(key, ctx.extra[key], 4, "a player declares at most four kongs")
    if ctx.extra:
        known = [k for k in variant.context_keys if k not in _FIELD_NAMES]
        for key in ctx.extra:
            if key not in known:
                hint = did_you_mean(key, known + sorted(_FIELD_NAMES - {"extra", "rules"}))
                listed = ", ".join(known) or "none"
                raise ContextUnknown(f"unknown key {key!r}: {variant.id} reads no such fact"
                                     + (hint or f" (its --set keys: {listed})"))
