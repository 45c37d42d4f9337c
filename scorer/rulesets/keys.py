"""The catalogue of win-context keys: every flag a ruleset may read, with its type, bounds and help.

One list for everything that takes these keys: the `Context` (its fields), its checks (type and
bounds), the flags of `mjscore score`, `pay`, `compare`, `waits` and `table win` (names and help),
the hand-file and CSV readers (which columns stay text). A ruleset names the flags it reads in its
YAML `flags:` list; the `universal` ones (how the hand was won, where the winner sits) are read by
every ruleset and need not be listed. Adding a flag is adding one `Key` here and naming it in the
`flags:` of the rulesets that read it (docs/DEVELOPING.md, "Adding a context flag").

Kinds: `bool` (a yes/no flag), `count` (a whole number from `minimum` to `bound`), `seat` (E S W N, a
player's name at the table), `text` (a tile or a list of tiles as written), `others` (a mapping of
seat to another player's hand or state)."""
from __future__ import annotations


class Key:
    """One context key. (A plain class: `mjscore --help` builds its flags from these, and a dataclass
    or NamedTuple costs that start-up more than the rest of this module.)"""

    __slots__ = ("name", "kind", "help", "default", "bound", "why", "minimum", "universal", "at_table", "paid",
                 "metavar", "flag_value", "total_only")

    def __init__(self, name: str, kind: str, help: str, default: object = None, *,
                 bound: int | None = None, why: str = "", minimum: int = 0, universal: bool = False,
                 at_table: bool = True, paid: bool = True, metavar: str | None = None, flag_value: int | None = None,
                 total_only: bool = False):
        self.name, self.kind, self.help, self.default = name, kind, help, default
        self.bound = bound  # counts: the largest value accepted (README "Limits")
        self.why = why  # counts: why the bound is where it is, quoted when it refuses a value
        self.minimum = minimum  # counts: the smallest value the command line accepts
        self.universal = universal  # read by every ruleset: no `flags:` entry needed
        self.at_table = at_table  # given with a live table's win (False: the table's seating decides it)
        self.paid = paid  # read by payments (False: only to value the hand; `pay` takes the total instead)
        self.metavar = metavar
        self.flag_value = flag_value  # a count flag given bare means this (--kong-draw is --kong-draw 1)
        self.total_only = total_only  # read with a counted total only (`pay`): a hand's own value counts it

    def __repr__(self) -> str:
        return f"Key({self.name!r}, {self.kind!r})"

    @property
    def flag(self) -> str:
        """The command-line flag: the name with dashes (--other for others)."""
        return "--other" if self.name == "others" else "--" + self.name.replace("_", "-")


MAX_STREAK = 50  # a dealer staying 50 hands in a row is beyond any real session

KEYS: tuple[Key, ...] = (
    # how the hand was won and where the winner sits: every ruleset reads these
    Key("self_draw", "bool", "Won on a tile drawn from the wall.", False, universal=True),
    Key("discarder", "seat", "Won on SEAT's discard.", universal=True),
    Key("robbed", "seat", "Won by robbing SEAT's added kong.", universal=True),
    Key("kong_draw", "count", "Won on a kong replacement tile; N consecutive kongs (default 1).", 0,
        bound=4, why="a player declares at most four kongs", universal=True, metavar="[N]", flag_value=1),
    Key("last_tile", "bool", "Won on the last wall tile or the discard after it.", False, universal=True),
    Key("first_turn", "bool", "Heavenly (dealer) / earthly (non-dealer) win.", False, universal=True),
    Key("seat", "seat", "The winner's seat wind (default E).", "E", universal=True, at_table=False),
    Key("round", "seat", "Prevailing wind (default E).", "E", universal=True, at_table=False),
    Key("dealer", "seat", "The dealer's (banker's) seat (default E).", "E", universal=True, at_table=False),
    Key("players", "count", "4, or 3 for three-player rulesets.", 4, bound=4, why="at most four players",
        minimum=3, universal=True, at_table=False),
    Key("win", "text", "The winning tile (default: the last concealed tile written).", universal=True,
        paid=False, metavar="TILE"),
    # read by the rulesets that list them under `flags:`
    Key("streak", "count", "The dealer's consecutive stays.", 0, bound=MAX_STREAK,
        why=f"a dealer's stays are at most {MAX_STREAK}", at_table=False),
    Key("wild", "text", "The wild tile itself (gold / fortune / laizi).", paid=False, metavar="TILE"),
    Key("indicator", "text", "The flipped indicator; the ruleset derives the wild tile.", paid=False,
        metavar="TILE"),
    Key("floats", "count", "Wild tiles discarded in float rounds.", None, bound=4,
        why="a wild tile has four copies"),
    Key("liable", "seat", "The player who pays for everyone under a liability rule."),
    Key("riichi", "bool", "Riichi: the winner declared riichi.", False, paid=False),
    Key("double_riichi", "bool", "Riichi: declared on the first turn.", False, paid=False),
    Key("ippatsu", "bool", "Riichi: won within one go-around after riichi.", False, paid=False),
    Key("dora", "text", "Riichi: dora indicators as flipped, e.g. \"4m E\".", paid=False, metavar="TILES"),
    Key("ura", "text", "Riichi: ura-dora indicators (with riichi only).", paid=False, metavar="TILES"),
    Key("honba", "count", "Riichi: counters (honba sticks) on the table.", 0, bound=100,
        why="at most 100 counters"),
    Key("sticks", "count", "Riichi: riichi deposits on the table.", 0, bound=100,
        why="at most 100 riichi deposits"),
    # the ruleset's model refuses a count no hand can have (scorer/models/riichi.py check_han_fu)
    Key("fu", "count", "Riichi: the hand's fu with --total as its han (default 30); 20 to 110, 25 for seven pairs.",
        None, at_table=False, metavar="FU", total_only=True),
    Key("fourth_tile", "bool", "MCR: the winning tile is the last of its kind.", False, paid=False),
    Key("others", "others", "Another player's hand or state.", metavar="SEAT:HAND"),
)

BY_NAME: dict[str, Key] = {k.name: k for k in KEYS}
UNIVERSAL = tuple(k.name for k in KEYS if k.universal)
SCALARS = tuple(k for k in KEYS if k.kind != "others")  # the keys a Context holds as plain values
BOUNDS = {k.name: (k.bound, k.why) for k in KEYS if k.kind == "count" and k.bound is not None}
TEXT_KEYS = frozenset(k.name for k in KEYS if k.kind in ("text", "seat"))  # kept as written (a CSV cell)


def of_kind(kind: str) -> frozenset[str]:
    return frozenset(k.name for k in KEYS if k.kind == kind)
