"""Chinese Official (MCR, the Green Book) fan predicates. Each answers how many times its fan applies
to one reading; the fans a higher fan implies are excluded by the ruleset (variants/mcr.yaml), and
the fans sets make together come from the account-once mechanism of mcr_sets.py."""
from __future__ import annotations

from ..facts import HONOUR_MASK, TERMINAL_MASK, tile_mask
from ..hand import CHOW
from ..registry import lookup, pattern, reads
from ..tiles import DRAGON_TILES, GREEN_TILES, WIND_TILES
from .mcr_forms import KNITTED_SETS, wait_of
from .mcr_sets import analyse

_GREEN = tile_mask(GREEN_TILES)
# 推不倒: tiles that look the same upside down: 1234589 dots, 245689 bamboo, white dragon
_REVERSIBLE = tile_mask([9 + r for r in (0, 1, 2, 3, 4, 7, 8)] + [18 + r for r in (1, 3, 4, 5, 7, 8)] + [31])
_SUITED = (1 << 27) - 1
_SUIT_MASKS = tuple(((1 << 9) - 1) << (9 * s) for s in range(3))
_M, _P, _S = _SUIT_MASKS
_WIND_MASK = tile_mask(WIND_TILES)
_DRAGON_MASK = tile_mask(DRAGON_TILES)
_SIMPLES = _SUITED & ~TERMINAL_MASK
_TERMINALS_HONOURS = TERMINAL_MASK | HONOUR_MASK
_MIDDLE = tile_mask(s * 9 + r for s in range(3) for r in (3, 4, 5))  # ranks 4-6: no block of theirs is outside
_FIVES_REACH = tile_mask(s * 9 + r for s in range(3) for r in range(2, 7))  # ranks 3-7: the blocks holding a 5
_EVEN = tile_mask(s * 9 + r for s in range(3) for r in (1, 3, 5, 7))
_KNIT_FORMS = ("mcr_knitted_straight", "mcr_honours_knitted")


def _rank_mask(lo: int, hi: int) -> int:
    """The suited tiles of ranks lo..hi (1-9) in every suit."""
    return tile_mask(s * 9 + r - 1 for s in range(3) for r in range(lo, hi + 1))


_RANKS = {(lo, hi): _rank_mask(lo, hi) for lo in range(1, 10) for hi in range(lo, 10)}


def _tiles_fan(f) -> bool:
    """Fans about the tiles of the whole hand apply to the standard form, seven pairs and the knitted
    straight (the other special forms exclude them)."""
    return f.form != "mcr_honours_knitted" and f.form != "thirteen_orphans"


# ---- set combinations ----------------------------------------------------------------------

def _set_fans(f) -> dict:
    """The fans the reading's sets make together: fan name -> count (the table mcr_sets_fan reads)."""
    try:
        return f._mcr_fans  # (read for some thirty fans of every reading: kept as an attribute)
    except AttributeError:
        return analyse(f).fans


@pattern()
@lookup(_set_fans, "fan")  # the engine reads the table once a reading, not once a fan
def mcr_sets_fan(f, fan="pure_double_chow"):
    """A fan the sets make together (chows, pungs, concealed pungs, kongs), after the non-repeat and
    account-once principles (mcr_sets.py)."""
    return _set_fans(f).get(fan, 0)


@pattern()
def mcr_little_winds(f):
    """Little four winds: pungs of three winds and a pair of the fourth."""
    if f.mask & _WIND_MASK != _WIND_MASK:  # (most readings: not all four winds)
        return 0
    s = analyse(f)
    return int(s.standard and s.pair in WIND_TILES and sum(1 for t in s.pungs if t in WIND_TILES) == 3)


@pattern()
def mcr_little_dragons(f):
    """Little three dragons: pungs of two dragons and a pair of the third."""
    if f.mask & _DRAGON_MASK != _DRAGON_MASK:
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


# ---- tiles of the whole hand -------------------------------------------------------------------
# These fans read only the tile kinds present (and whether the form takes them), so each family's
# answers for one reading are a table kept per kind mask (registry.lookup: the engine reads the
# entries inline, one table call a reading per family, none per fan).

_GROUPS = {"simples": _SIMPLES, "terminals": TERMINAL_MASK, "honours": HONOUR_MASK,
           "terminals_honours": _TERMINALS_HONOURS, "green": _GREEN, "reversible": _REVERSIBLE}
_NONE: dict = {}  # the empty table (shared: never written)
_WITHIN: dict = {}  # kind mask -> the groups every tile is in
# (lowest rank, highest rank) of an honourless hand -> the (low, high) bands holding it
_BANDS = {(lo, hi): {(a, b): 1 for a in range(1, lo + 1) for b in range(hi, 10)}
          for lo in range(1, 10) for hi in range(lo, 10)}
# (suits present, honours present) -> the (suits, honours) entries that hold
_SUITS_HELD = {(n, has): {(x, h): 1 for x in (n, "any") for h in ("any", "with" if has else "without")}
               for n in range(4) for has in (False, True)}


def _within_table(f) -> dict:
    """mcr_tiles_within's answers: group name -> 1 for the groups every tile is in."""
    if f.form == "mcr_honours_knitted" or f.form == "thirteen_orphans":  # not _tiles_fan(f)
        return _NONE
    m = f.mask
    got = _WITHIN.get(m)
    if got is None:
        if len(_WITHIN) >= 65536:
            _WITHIN.clear()
        got = _WITHIN[m] = {name: 1 for name, g in _GROUPS.items() if not m & ~g}
    return got


def _bands_table(f) -> dict:
    """mcr_ranks' answers: (low, high) -> 1 for the rank bands every tile is in."""
    m = f.mask
    if m & HONOUR_MASK or f.form == "mcr_honours_knitted" or f.form == "thirteen_orphans":
        return _NONE
    r = (m | m >> 9 | m >> 18) & 511  # the ranks present, whatever the suit
    return _BANDS[(r & -r).bit_length(), r.bit_length()]


def _suits_table(f) -> dict:
    """mcr_suits' answers: (suits, honours) -> 1 for the entries that hold."""
    if f.form == "mcr_honours_knitted" or f.form == "thirteen_orphans":
        return _NONE
    m = f.mask
    return _SUITS_HELD[bool(m & _M) + bool(m & _P) + bool(m & _S), bool(m & HONOUR_MASK)]


# An entry's key in its table (registry.lookup), or None for parameters the table does not know: that
# entry is asked of its predicate, which answers (or fails) as it always has.

def _suits_key(suits=1, honours="any"):
    return (suits, honours) if honours in ("with", "without", "any") else None


def _within_key(mask="simples"):
    return mask if mask in _GROUPS else None


def _bands_key(low=1, high=9):
    return (low, high) if (low, high) in _RANKS else None


@pattern()
@lookup(_suits_table, key=_suits_key)
def mcr_suits(f, suits=1, honours="any"):
    """The hand holds tiles of exactly `suits` suits; `honours`: with, without or any.
    Full flush (1, without), half flush (1, with), one voided suit (2, any), no honours (any, without)."""
    if not _tiles_fan(f):
        return 0
    m = f.mask
    n = bool(m & _M) + bool(m & _P) + bool(m & _S)
    has = bool(m & HONOUR_MASK)
    if honours == "with" and not has or honours == "without" and has:
        return 0
    return int(suits == "any" or n == suits)


@pattern()
def mcr_all_types(f):
    """All types: characters, bamboo, dots, winds and dragons all present."""
    m = f.mask
    return int(bool(m & _M and m & _P and m & _S and m & _WIND_MASK and m & _DRAGON_MASK))


@pattern()
@lookup(_within_table, key=_within_key)
def mcr_tiles_within(f, mask="simples"):
    """Every tile is in the named group: simples (all simples), terminals, honours, terminals_honours,
    green, reversible."""
    if not _tiles_fan(f):
        return 0
    allowed = _GROUPS[mask]
    return int(not f.mask & ~allowed)


@pattern()
@lookup(_bands_table, key=_bands_key)
def mcr_ranks(f, low=1, high=9):
    """Every tile is suited, of rank low..high (upper tiles 7-9, middle 4-6, lower 1-3, upper four
    6-9, lower four 1-4)."""
    if not _tiles_fan(f):
        return 0
    return int(not f.mask & ~_RANKS[low, high])


@pattern()
def mcr_tile_hog(f):
    """Tile hog: all four tiles of a kind used without a kong, once per such kind."""
    d = f.hand.__dict__
    fours = d.get("_mcr_fours")  # (the same for every reading of the hand)
    if fours is None:
        fours = d["_mcr_fours"] = f.hand.all_counts[:34].count(4)
    return fours - f.n_kongs


# ---- single pungs and winds --------------------------------------------------------------------

@pattern()
def mcr_dragon_pung(f):
    """A pung or kong of dragons, each."""
    if not f.mask & _DRAGON_MASK:
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
@lookup(_form_table, "name")
def mcr_form(f, name="seven_pairs"):
    """The reading is the named form."""
    return int(f.form == name)


_GREATER = {True: {True: 1}, False: {False: 1}}


def _knitted_table(f) -> dict:
    """mcr_honours_knitted's answers: greater (all seven honours) or not -> 1, in that form only."""
    if f.form != "mcr_honours_knitted":
        return _NONE
    return _GREATER[bin(f.mask & HONOUR_MASK).count("1") == 7]


@pattern()
@lookup(_knitted_table, "greater")
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


def _nine_gates(hand) -> bool:
    if hand.melds:
        return False
    win = hand.win_tile
    if win >= 27:
        return False
    base = win - win % 9
    c = list(hand.counts)
    c[win] -= 1
    if sum(c[base:base + 9]) != 13:
        return False
    return c[base:base + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3]


@pattern()
def mcr_nine_gates(f):
    """Nine gates: 1112345678999 of one suit concealed, won on any tile of that suit."""
    hand = f.hand
    d = hand.__dict__
    got = d.get("_mcr_nine_gates")
    if got is None:
        got = d["_mcr_nine_gates"] = _nine_gates(hand)
    return int(got and f.form == "standard")


# ---- concealment, waits and how the hand was won ---------------------------------------------------

# (claimed sets, self-drawn) -> mcr_concealment's answers
_CONCEALMENT = {(melded, drawn): ({"fully": 1} if drawn else {"concealed": 1}) if not melded else
                ({"melded": 1} if melded == 4 and not drawn else _NONE)
                for melded in range(5) for drawn in (False, True)}


def _concealment_table(f) -> dict:
    """mcr_concealment's answers: kind -> 1."""
    return _CONCEALMENT[analyse(f).melded, f.self_draw]


@pattern()
@lookup(_concealment_table, key=lambda kind="concealed": kind if kind in ("concealed", "fully", "melded") else None)
def mcr_concealment(f, kind="concealed"):
    """concealed: no claimed set, won on a discard (门前清); fully: no claimed set, self-drawn (不求人);
    melded: four claimed sets, won on a discard (全求人). Concealed kongs are not claimed."""
    melded = analyse(f).melded
    if kind == "melded":
        return int(melded == 4 and not f.self_draw)
    if melded:
        return 0
    return int(f.self_draw == (kind == "fully"))


_WAIT = {None: _NONE, "edge": {"edge": 1}, "closed": {"closed": 1}, "single": {"single": 1}}


def _wait_table(f) -> dict:
    """mcr_wait's answers: the reading's wait fan -> 1."""
    return _WAIT[wait_of(f)]


@pattern()
@lookup(_wait_table, key=lambda kind="single": kind if kind in ("edge", "closed", "single") else None)
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
    if m & _WIND_MASK == _WIND_MASK and (n := mcr_little_winds(f)):
        out["mcr_little_winds"] = n
    if m & _DRAGON_MASK == _DRAGON_MASK and (n := mcr_little_dragons(f)):
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
        if m & _DRAGON_MASK and (n := mcr_dragon_pung(f)):
            out["mcr_dragon_pung"] = n
        if n := mcr_terminal_pungs(f):
            out["mcr_terminal_pungs"] = n
        if m & _WIND_MASK:
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


def _named(name):
    """The key of a parameterless entry (an entry given parameters is asked of its predicate)."""
    return lambda **given: None if given else name


def _wind_key(**given):
    wind = given.get("wind", "seat")
    return ("mcr_wind_pung", wind) if set(given) <= {"wind"} and wind in ("seat", "prevalent") else None


for _fn in (mcr_little_winds, mcr_little_dragons, mcr_all_pungs, mcr_all_chows, mcr_outside_hand, mcr_all_fives,
            mcr_all_even_pungs, mcr_nine_gates, mcr_all_types, mcr_tile_hog, mcr_dragon_pung, mcr_terminal_pungs,
            mcr_seven_shifted_pairs, mcr_knitted_straight, mcr_fourth_tile, mcr_chicken_hand):
    lookup(_others_table, key=_named(_fn.__name__))(_fn)
lookup(_others_table, key=_wind_key)(mcr_wind_pung)
