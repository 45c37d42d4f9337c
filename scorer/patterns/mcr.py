"""Chinese Official (MCR, the Green Book) fan predicates. Each answers how many times its fan applies
to one reading; the fans a higher fan implies are excluded by the ruleset (variants/mcr.yaml), and
the fans sets make together come from the account-once mechanism of mcr_sets.py; the fans of the
tiles present are mcr_tiles.py's."""
from __future__ import annotations

from ..core.facts import HONOUR_MASK, tile_mask
from ..notation.hand import CHOW
from ..notation.tiles import DRAGON_TILES, WIND_TILES
from ..rulesets.registry import lookup, pattern, reads
from . import mcr_readings  # noqa: F401 - its one reading of the forms (forms.READERS)
from .mcr_forms import KNITTED_SETS, wait_of
from .mcr_sets import analyse
from .mcr_special import knitted_table, special_table
from .mcr_table import hand_fours, nine_gates_hand, standard_table
from .mcr_tiles import (
    DRAGON_MASK,
    EMPTY,
    WIND_MASK,
    bands_key,
    mcr_all_types,
    mcr_ranks,
    mcr_suits,
    mcr_tiles_within,
    suits_key,
    tile_part,
    within_key,
)

_MIDDLE = tile_mask(s * 9 + r for s in range(3) for r in (3, 4, 5))  # ranks 4-6: no block of theirs is outside
_FIVES_REACH = tile_mask(s * 9 + r for s in range(3) for r in range(2, 7))  # ranks 3-7: the blocks holding a 5
_EVEN = tile_mask(s * 9 + r for s in range(3) for r in (1, 3, 5, 7))
_KNIT_FORMS = ("mcr_knitted_straight", "mcr_honours_knitted")


# ---- set combinations ----------------------------------------------------------------------

def _set_fans(f) -> dict:
    """The fans the reading's sets make together: fan name -> count (the table mcr_sets_fan reads)."""
    got = f.__dict__.get("_mcr_fans")  # (analyse keeps it there; no exception on a new reading)
    return analyse(f).fans if got is None else got


@pattern()
def mcr_sets_fan(f, fan="pure_double_chow"):
    """A fan the sets make together (chows, pungs, concealed pungs, kongs), after the non-repeat and
    account-once principles (mcr_sets.py)."""
    return _set_fans(f).get(fan, 0)


@pattern()
def mcr_little_winds(f):
    """Little four winds: pungs of three winds and a pair of the fourth."""
    if f.mask & WIND_MASK != WIND_MASK:  # (most readings: not all four winds)
        return 0
    s = analyse(f)
    return int(s.standard and s.pair in WIND_TILES and sum(1 for t in s.pungs if t in WIND_TILES) == 3)


@pattern()
def mcr_little_dragons(f):
    """Little three dragons: pungs of two dragons and a pair of the third."""
    if f.mask & DRAGON_MASK != DRAGON_MASK:
        return 0
    s = analyse(f)
    return int(s.standard and s.pair in DRAGON_TILES and sum(1 for t in s.pungs if t in DRAGON_TILES) == 2)


@pattern()
def mcr_all_pungs(f):
    """Four pungs or kongs and a pair."""
    if f.n_pungs != 4:  # (the eager facts: four pungs are no other form's)
        return 0
    s = analyse(f)
    return int(s.standard and len(s.pungs) == 4)


@pattern()
def mcr_all_chows(f):
    """Four chows and a suited pair (with a knitted straight: its fourth set a chow)."""
    if f.n_chows != 4 and f.form != "mcr_knitted_straight":
        return 0
    s = analyse(f)
    if f.form == "mcr_knitted_straight":
        return int(len(s.chows) == 1 and s.pair is not None and s.pair < 27)
    return int(s.standard and len(s.chows) == 4 and s.pair < 27)


def _blocks_all(f, test) -> int:
    s = analyse(f)
    if not s.standard or f.form != "standard":
        return 0
    return int(all(test(b) for b in f.blocks))


def _outside(b) -> bool:
    if b.tile >= 27:
        return True
    r = b.tile % 9
    return r in (0, 6) if b.kind == CHOW else r in (0, 8)


@pattern()
def mcr_outside_hand(f):
    """Outside hand: every set and the pair hold a terminal or an honour."""
    if f.mask & _MIDDLE:  # a block holding a 4, 5 or 6 holds no terminal
        return 0
    return _blocks_all(f, _outside)


@pattern()
def mcr_all_fives(f):
    """All fives: every set and the pair hold a 5."""
    if f.mask & ~_FIVES_REACH:  # a tile below 3 or above 7 (or an honour) is in a block without a 5
        return 0
    return _blocks_all(f, lambda b: b.tile < 27 and (2 <= b.tile % 9 <= 4 if b.kind == CHOW else b.tile % 9 == 4))


@pattern()
def mcr_all_even_pungs(f):
    """All even pungs: pungs (kongs) and a pair of even suited tiles only."""
    if f.n_chows or f.mask & ~_EVEN:
        return 0
    return _blocks_all(f, lambda b: b.kind != CHOW and b.tile < 27 and b.tile % 9 in (1, 3, 5, 7))


@pattern()
def mcr_tile_hog(f):
    """Tile hog: all four tiles of a kind used without a kong, once per such kind."""
    return hand_fours(f.hand) - f.n_kongs  # (the hand's fours: the same for every reading)


# ---- single pungs and winds --------------------------------------------------------------------

@pattern()
def mcr_dragon_pung(f):
    """A pung or kong of dragons, each."""
    if not f.mask & DRAGON_MASK:
        return 0
    return sum(1 for t in f.pung_tiles if t in DRAGON_TILES)


@pattern()
def mcr_wind_pung(f, wind="seat"):
    """A pung or kong of the seat (门风刻) or prevalent (圈风刻) wind."""
    t = f.seat_wind if wind == "seat" else f.round_wind
    return int(t is not None and f.mask >> t & 1 and t in f.pung_tiles)


@pattern()
def mcr_terminal_pungs(f):
    """Pung of terminals or honours (幺九刻), each: pungs of 1s and 9s, and of winds that score no wind
    fan of their own. A pung of the seat or prevalent wind, the three wind pungs of big three winds
    or little four winds, and the 1s or 9s pung nine gates holds already count there."""
    n = winds = lone_winds = 0
    seat, prevalent = f.seat_wind, f.round_wind
    for t in f.pung_tiles:
        if t < 27:
            if t % 9 == 0 or t % 9 == 8:
                n += 1
        elif t <= 30:
            winds += 1
            if t != seat and t != prevalent:
                lone_winds += 1
    if winds < 3:
        n += lone_winds
    if n and mcr_nine_gates(f):
        n -= 1
    return n


# ---- special forms -----------------------------------------------------------------------------

_FORMS: dict = {}  # form -> {form: 1}


def _form_table(f) -> dict:
    """mcr_form's answers: the reading's form -> 1."""
    got = _FORMS.get(f.form)
    if got is None:
        got = _FORMS[f.form] = {f.form: 1}
    return got


@pattern()
def mcr_form(f, name="seven_pairs"):
    """The reading is the named form."""
    return int(f.form == name)


_GREATER = {True: {True: 1}, False: {False: 1}}


def _knitted_table(f) -> dict:
    """mcr_honours_knitted's answers: greater (all seven honours) or not -> 1, in that form only."""
    if f.form != "mcr_honours_knitted":
        return EMPTY
    return _GREATER[bin(f.mask & HONOUR_MASK).count("1") == 7]


@pattern()
def mcr_honours_knitted(f, greater=False):
    """Honours and knitted tiles: greater (七星不靠: all seven honours) or lesser (全不靠)."""
    if f.form != "mcr_honours_knitted":
        return 0
    return int((bin(f.mask & HONOUR_MASK).count("1") == 7) == greater)


@pattern()
def mcr_knitted_straight(f):
    """Knitted straight (组合龙): 147, 258, 369 of three different suits, in the knitted-straight form
    or as the nine suited tiles of lesser honours and knitted tiles."""
    if f.form == "mcr_knitted_straight":
        return 1
    if f.form == "mcr_honours_knitted":
        suited = frozenset(t for t in range(27) if f.mask >> t & 1)
        return int(len(suited) == 9 and suited in KNITTED_SETS and bin(f.mask & HONOUR_MASK).count("1") < 7)
    return 0


@pattern()
def mcr_seven_shifted_pairs(f):
    """Seven shifted pairs: seven pairs of seven consecutive tiles of one suit."""
    if f.form != "seven_pairs":
        return 0
    tiles = sorted(b.tile for b in f.blocks)
    if tiles[-1] >= 27 or tiles[0] // 9 != tiles[-1] // 9:
        return 0
    return int(all(b == a + 1 for a, b in zip(tiles, tiles[1:])))


@pattern()
def mcr_nine_gates(f):
    """Nine gates: 1112345678999 of one suit concealed, won on any tile of that suit."""
    return int(nine_gates_hand(f.hand) and f.form == "standard")


# ---- concealment, waits and how the hand was won ---------------------------------------------------

# (claimed sets, self-drawn) -> mcr_concealment's answers
_CONCEALMENT = {(melded, drawn): ({"fully": 1} if drawn else {"concealed": 1}) if not melded else
                ({"melded": 1} if melded == 4 and not drawn else EMPTY)
                for melded in range(5) for drawn in (False, True)}


def _concealment_table(f) -> dict:
    """mcr_concealment's answers: kind -> 1."""
    return _CONCEALMENT[analyse(f).melded, f.self_draw]


@pattern()
def mcr_concealment(f, kind="concealed"):
    """concealed: no claimed set, won on a discard (门前清); fully: no claimed set, self-drawn (不求人);
    melded: four claimed sets, won on a discard (全求人). Concealed kongs are not claimed."""
    melded = analyse(f).melded
    if kind == "melded":
        return int(melded == 4 and not f.self_draw)
    if melded:
        return 0
    return int(f.self_draw == (kind == "fully"))


_WAIT = {None: EMPTY, "edge": {"edge": 1}, "closed": {"closed": 1}, "single": {"single": 1}}


def _wait_table(f) -> dict:
    """mcr_wait's answers: the reading's wait fan -> 1."""
    return _WAIT[wait_of(f)]


@pattern()
def mcr_wait(f, kind="single"):
    """The hand waited on one tile kind and the winning tile completed the edge of a chow (edge), its
    middle (closed) or the pair (single); one of the three, in that order."""
    return int(wait_of(f) == kind)


_WINS: dict = {}  # (self-drawn, last tile, kong replacement, robbed) -> mcr_win's answers
_HOW = ("self_drawn", "last_tile_draw", "last_tile_claim", "replacement", "robbing")


def _win_table(f) -> dict:
    """mcr_win's answers: how -> 1 (the few ways a hand is won, each table made once)."""
    ctx = f.ctx
    key = (f.self_draw, bool(ctx.last_tile), bool(ctx.kong_draw), bool(ctx.robbed))
    got = _WINS.get(key)
    if got is None:
        got = _WINS[key] = {how: 1 for how in _HOW if mcr_win(f, how)}
    return got


@pattern()
@reads("ctx")
@lookup(_win_table, key=lambda how="self_drawn": how if how in _HOW else None)
def mcr_win(f, how="self_drawn"):
    """How the hand was won: self_drawn, last_tile_draw (the last wall tile, self-drawn),
    last_tile_claim (the last discard), replacement (on a kong replacement tile), robbing (a kong)."""
    ctx = f.ctx
    if how == "self_drawn":
        return int(f.self_draw)
    if how == "last_tile_draw":
        return int(f.self_draw and ctx.last_tile)
    if how == "last_tile_claim":
        return int(not f.self_draw and ctx.last_tile)
    if how == "replacement":
        return int(bool(ctx.kong_draw))
    if how == "robbing":
        return int(bool(ctx.robbed))
    raise ValueError(how)


@pattern()
def mcr_fourth_tile(f):
    """The winning tile is the last of its kind (和绝张): --fourth-tile, or three of it in the melds."""
    if f.ctx.fourth_tile:
        return 1
    hand = f.hand
    if not hand.melds:  # (three copies in sight are three in the melds)
        return 0
    win = hand.win_tile
    return int(hand.all_counts[win] - hand.counts[win] == 3)


@pattern()
def mcr_fourth_tile_held(f):
    """(A refusal) --fourth-tile, yet the winner holds another copy of the winning tile concealed: the
    other three are not all in sight."""
    return int(f.ctx.fourth_tile and f.hand.counts[f.hand.win_tile] > 1)


@pattern()
@reads("bonus")
def mcr_flowers(f):
    """Flower tiles: one fan each (they do not count towards the minimum)."""
    return len(f.hand.bonus)


@pattern()
def mcr_chicken_hand(f):
    """Chicken hand (无番和) is a hand with no other fan: the scoring model (mcr_fans) awards it, as
    it alone sees the fans left after the exclusions. As a predicate it never applies."""
    return 0



# ---- the fans without parameters: one table a reading ----------------------------------------------
# Most of them cannot apply to most readings: the table asks each only when a cheap test of the eager
# facts (the same test its predicate starts with, or a weaker one) leaves it possible, so a reading costs
# one call and a few tests instead of a call per fan. Keys: the predicates' names.

def _others_table(f) -> dict:
    out = {}
    m = f.mask
    standard = f.form == "standard"
    pungs = f.pung_tiles
    if m & WIND_MASK == WIND_MASK and (n := mcr_little_winds(f)):
        out["mcr_little_winds"] = n
    if m & DRAGON_MASK == DRAGON_MASK and (n := mcr_little_dragons(f)):
        out["mcr_little_dragons"] = n
    if f.n_pungs == 4 and (n := mcr_all_pungs(f)):
        out["mcr_all_pungs"] = n
    if (f.n_chows == 4 or f.form == "mcr_knitted_straight") and (n := mcr_all_chows(f)):
        out["mcr_all_chows"] = n
    if standard:
        if not m & _MIDDLE and (n := mcr_outside_hand(f)):
            out["mcr_outside_hand"] = n
        if not m & ~_FIVES_REACH and (n := mcr_all_fives(f)):
            out["mcr_all_fives"] = n
        if not f.n_chows and not m & ~_EVEN and (n := mcr_all_even_pungs(f)):
            out["mcr_all_even_pungs"] = n
        if not f.hand.melds and (n := mcr_nine_gates(f)):
            out["mcr_nine_gates"] = n
    if m & HONOUR_MASK and (n := mcr_all_types(f)):
        out["mcr_all_types"] = n
    if n := mcr_tile_hog(f):
        out["mcr_tile_hog"] = n
    if pungs:
        if m & DRAGON_MASK and (n := mcr_dragon_pung(f)):
            out["mcr_dragon_pung"] = n
        if n := mcr_terminal_pungs(f):
            out["mcr_terminal_pungs"] = n
        if m & WIND_MASK:
            for wind in ("seat", "prevalent"):
                if n := mcr_wind_pung(f, wind):
                    out["mcr_wind_pung", wind] = n
    if f.form == "seven_pairs" and (n := mcr_seven_shifted_pairs(f)):
        out["mcr_seven_shifted_pairs"] = n
    if f.form in _KNIT_FORMS and (n := mcr_knitted_straight(f)):
        out["mcr_knitted_straight"] = n
    if (f.ctx.fourth_tile or f.hand.melds) and (n := mcr_fourth_tile(f)):
        out["mcr_fourth_tile"] = n
    return out  # (mcr_chicken_hand never applies: the scoring model awards it)


# ---- one table a reading: every fan above but how the hand was won and the flowers ---------------------
# Keys: "fan:NAME" (mcr_sets_fan), "within:" / "ranks:" / "suits:" (mcr_tiles.py), "form:NAME",
# "greater:1" / "greater:0", "concealment:KIND", "wait:KIND", "x:PREDICATE" (the parameterless fans) and
# "x:mcr_wind_pung:WIND". A standard reading's table comes from mcr_table.py's one pass; the other forms
# (and nine gates) join the plain tables above (the predicates' own answers).

def reading_table(f) -> dict:
    form = f.form
    if form == "standard":
        got = standard_table(f)
        if got is not None:
            return got
    elif form in _SPECIAL:
        got = special_table(f)
        if got is not None:
            return got
    elif form == "mcr_knitted_straight":
        got = knitted_table(f)
        if got is not None:
            return got
    return plain_table(f)


_SPECIAL = frozenset({"seven_pairs", "thirteen_orphans", "mcr_honours_knitted"})
# a standard reading's table makes its own pass over the blocks (mcr_table.py), so MCR's readings take
# LazyFacts (best.facts_class): their pass waits for a reader (the special forms' tables, the plain path)
reading_table.own_pass = True


def plain_table(f) -> dict:
    """The reading table from the predicates' own code (the fast path's reference)."""
    out = {"fan:" + name: n for name, n in _set_fans(f).items()}
    out.update(tile_part(f.mask, f.form != "mcr_honours_knitted" and f.form != "thirteen_orphans"))
    if f.form != "standard":  # (no entry reads the standard form from the table: _form_key)
        out["form:" + f.form] = 1
    for greater in _knitted_table(f):
        out["greater:1" if greater else "greater:0"] = 1
    for kind in _concealment_table(f):
        out["concealment:" + kind] = 1
    wait = wait_of(f)
    if wait is not None:
        out["wait:" + wait] = 1
    for name, n in _others_table(f).items():
        if name != "mcr_all_types":  # (tile_part's)
            out["x:" + name if name.__class__ is str else "x:mcr_wind_pung:" + name[1]] = n
    return out


def _fan_key(**given):
    fan = given.get("fan")
    return "fan:" + fan if set(given) == {"fan"} and type(fan) is str else None


def _form_key(name="seven_pairs"):
    return "form:" + name if type(name) is str and name != "standard" else None


def _greater_key(greater=False):
    if type(greater) in (bool, int) and greater in (0, 1):
        return "greater:1" if greater else "greater:0"
    return None


def _concealment_key(kind="concealed"):
    return "concealment:" + kind if type(kind) is str and kind in ("concealed", "fully", "melded") else None


def _wait_key(kind="single"):
    return "wait:" + kind if type(kind) is str and kind in ("edge", "closed", "single") else None


def _named(name):
    """The key of a parameterless entry (an entry given parameters is asked of its predicate)."""
    return lambda **given: None if given else "x:" + name


def _wind_key(**given):
    wind = given.get("wind", "seat")
    if set(given) <= {"wind"} and type(wind) is str and wind in ("seat", "prevalent"):
        return "x:mcr_wind_pung:" + wind
    return None


for _fn, _key in ((mcr_sets_fan, _fan_key), (mcr_tiles_within, within_key), (mcr_ranks, bands_key),
                  (mcr_suits, suits_key), (mcr_form, _form_key), (mcr_honours_knitted, _greater_key),
                  (mcr_concealment, _concealment_key), (mcr_wait, _wait_key), (mcr_wind_pung, _wind_key)):
    lookup(reading_table, key=_key)(_fn)
for _fn in (mcr_little_winds, mcr_little_dragons, mcr_all_pungs, mcr_all_chows, mcr_outside_hand, mcr_all_fives,
            mcr_all_even_pungs, mcr_nine_gates, mcr_all_types, mcr_tile_hog, mcr_dragon_pung, mcr_terminal_pungs,
            mcr_seven_shifted_pairs, mcr_knitted_straight, mcr_fourth_tile, mcr_chicken_hand):
    lookup(reading_table, key=_named(_fn.__name__))(_fn)
