"""How a hand was won and the table around it. Built from CLI flags or hand-file keys (same names)."""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from .errors import ContextError
from .lazy import cached_property

SEATS = "ESWN"


def seat_index(seat: str, what: str = "seat") -> int:
    if not isinstance(seat, str) or seat.upper() not in SEATS or len(seat) != 1:
        raise ContextError(f"{what} must be one of E S W N, got {seat!r}")
    return SEATS.index(seat.upper())


@dataclass(frozen=True)
class Context:
    self_draw: bool = False
    discarder: str | None = None
    robbed: str | None = None
    kong_draw: int = 0
    last_tile: bool = False
    first_turn: bool = False
    seat: str = "E"
    round: str = "E"
    dealer: str = "E"
    streak: int = 0
    wild: str | None = None
    indicator: str | None = None
    floats: int | None = None
    players: int = 4
    liable: str | None = None
    win: str | None = None
    # competition rulesets (riichi, MCR): NOTATION.md's further flags
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    dora: str | None = None
    ura: str | None = None
    honba: int = 0
    sticks: int = 0
    fourth_tile: bool = False
    extra: dict = field(default_factory=dict, hash=False, compare=False)
    others: dict = field(default_factory=dict, hash=False, compare=False)
    rules: dict = field(default_factory=dict, hash=False, compare=False)

    # ---- derived -------------------------------------------------------------------------------
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


_FIELD_NAMES = {f.name for f in fields(Context)}
_BOOLS = {"self_draw", "last_tile", "first_turn", "riichi", "double_riichi", "ippatsu", "fourth_tile"}
_INTS = {"kong_draw", "streak", "floats", "players", "honba", "sticks"}
_SEAT_KEYS = {"discarder", "robbed", "seat", "round", "dealer", "liable"}
TRUE_WORDS = {"1", "true", "yes", "on", "y"}
FALSE_WORDS = {"0", "false", "no", "off", "n"}


def scalar(text: str):
    """A value typed as text (`--set k=v`, a CSV cell): true/false words, whole numbers and decimals
    become values; other text stays text."""
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def _as_bool(key, value):
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in TRUE_WORDS | FALSE_WORDS:
        return value.lower() in TRUE_WORDS
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise ContextError(f"{key} must be true or false, got {value!r}")


def _as_int(key, value):
    if isinstance(value, bool):
        raise ContextError(f"{key} must be a whole number, got {value!r}")
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise ContextError(f"{key} must be a whole number, got {value!r}") from None
    if n < 0:
        raise ContextError(f"{key} cannot be negative, got {n}")
    return n


_MADE: dict = {}  # the same keys and values give the same (immutable) Context: validate each once
_ATOMS = frozenset({str, int, bool, type(None)})


def _frozen(kw) -> tuple | None:
    """A hashable key for plain values and flat mappings of plain values (rules, extra), with each
    value's type (True and 1 are equal keys); None when something deeper is given (others)."""
    out = []
    for k, v in kw.items():
        t = type(v)
        if t in _ATOMS:
            out.append((k, v, t))
        elif t is dict and all(type(x) in _ATOMS for x in v.values()):
            out.append((k, tuple(sorted((a, b, type(b)) for a, b in v.items())), t))
        else:
            return None
    return tuple(out)


def make_context(**kw) -> Context:
    """Validate and build a Context; unknown keys go to `extra` (a variant says which it reads).
    Contexts are shared between calls with the same keys: never change one's dicts in place."""
    try:
        key = _frozen(kw)
    except TypeError:  # unorderable mapping keys
        key = None
    if key is not None:
        ctx = _MADE.get(key)
        if ctx is not None:
            return ctx
    ctx = _make_context(kw)
    if key is not None:
        if len(_MADE) >= 1024:
            _MADE.clear()
        _MADE[key] = ctx
    return ctx


def _make_context(kw) -> Context:
    clean: dict = {}
    extra = dict(kw.pop("extra", None) or {})
    for key, value in kw.items():
        if value is None:
            continue
        if key not in _FIELD_NAMES:
            extra[key] = value
            continue
        if key in _BOOLS:
            value = _as_bool(key, value)
        elif key in _INTS:
            value = _as_int(key, value)
            if key == "kong_draw" and value is True:
                value = 1
        elif key in _SEAT_KEYS:
            value = SEATS[seat_index(value, key)]
        elif key in ("others", "rules") and not isinstance(value, dict):
            raise ContextError(f"{key} must be a mapping, got {type(value).__name__}")
        clean[key] = value
    ctx = Context(extra=extra, **clean)
    check_context(ctx)
    return ctx


def check_context(ctx: Context) -> None:
    """Refuse contexts that contradict themselves."""
    if ctx.players not in (3, 4):
        raise ContextError(f"players must be 3 or 4, got {ctx.players}")
    for key in _SEAT_KEYS:
        v = getattr(ctx, key)
        if v is not None and v not in ctx.seats:
            raise ContextError(f"{key} {v} is not a seat at a {ctx.players}-player table ({' '.join(ctx.seats)})")
    ways = [name for name, on in (("--self-draw", ctx.self_draw), ("--discarder", ctx.discarder),
                                  ("--robbed", ctx.robbed)) if on]
    if len(ways) > 1:
        raise ContextError(f"a hand is won one way only, got {' and '.join(ways)}")
    if ctx.kong_draw and (ctx.discarder or ctx.robbed):
        raise ContextError("a kong replacement tile is drawn, not claimed: --kong-draw excludes --discarder/--robbed")
    if not ways and not ctx.kong_draw:
        raise ContextError("say how the hand was won: --self-draw, --discarder SEAT or --robbed SEAT")
    for key in ("discarder", "robbed", "liable"):
        if getattr(ctx, key) == ctx.seat:
            raise ContextError(f"the winner ({ctx.seat}) cannot also be the {key} seat")
    if ctx.first_turn and ctx.robbed:
        raise ContextError("no kong can be added, so none robbed, before the first discard: "
                           "--first-turn excludes --robbed")
    if ctx.first_turn and ctx.seat == ctx.dealer and not ctx.by_self_draw:
        raise ContextError("a heavenly hand (dealer, --first-turn) is won on the dealer's own draw, not a claim")
    if ctx.first_turn and ctx.seat != ctx.dealer and ctx.discarder not in (None, ctx.dealer):
        raise ContextError("an earthly hand (--first-turn, non-dealer) is won on the dealer's first discard")
