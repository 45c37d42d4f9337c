"""The riichi yaku and fu of one reading's shape, worked out together in one pass over its blocks.

A riichi hand asks some forty predicates of each reading; called one by one each re-reads the same
blocks and facts. `reading_table` answers all of them at once, as a dict key -> count that leaves out
what does not apply; the predicates in riichi.py and riichi_fu.py declare their key with
`registry.lookup(reading_table, key=...)`, so the engine fetches the table once a reading and reads
each entry inline. The predicates keep their own plain code (the rule, readable one yaku at a time,
and what `evaluate` on a non-Bound calls); tests/test_lookup_inline.py checks that the table answers
as they do, entry by entry, on random readings. A key function maps an entry's parameters to its key,
or to None for parameters the table does not answer: the engine then calls the predicate.
`context_table` does the same for the yaku that read only the context."""
from __future__ import annotations

from ..core.facts import _BLOCK_MASK, _WIND_OF, HONOUR_MASK, SUIT_MASKS, TERMINAL_MASK, tile_mask
from ..errors import ImpossibleHand
from ..notation.hand import CHOW, KONG, PAIR, PUNG
from ..notation.tiles import DRAGON_TILES, GREEN_TILES, HONOURS, TERMINALS, WIND_TILES

ORPHANS = TERMINALS | HONOURS
ORPHAN_MASK = TERMINAL_MASK | HONOUR_MASK
GREEN_MASK = tile_mask(GREEN_TILES)
_M, _P, _S = SUIT_MASKS
_STRAIGHT = 0b1001001  # chows starting on 1, 4 and 7 of one suit
# the complements of the masks, made once (`mask & ~M` would make a negative int every time); tile
# kinds are below 42, so a mask's bits stay far below 128
_ALL = (1 << 128) - 1
_NOT_ORPHAN, _NOT_HONOUR, _NOT_TERMINAL, _NOT_GREEN = (_ALL & ~m for m in (ORPHAN_MASK, HONOUR_MASK, TERMINAL_MASK,
                                                                           GREEN_MASK))


# ---- keys ----------------------------------------------------------------------------------------
# An entry with an `open` parameter (kuisagari) has a key for closed hands only (False) and one for
# open hands only (True); the table holds the one that fits the hand. Riichi gives sanshoku doukou
# (the same pung in each suit) no `open`: its key for either (None) is held too; the other entries
# with no `open` are asked of their predicates.

def _open_keys(name: str) -> tuple:
    return name, name + "/closed", name + "/open"


SIMPLES = _open_keys("simples")
CHANTA, JUNCHAN = _open_keys("chanta"), _open_keys("junchan")
ITTSU = _open_keys("ittsu")
SANSHOKU, DOUKOU = _open_keys("sanshoku"), _open_keys("doukou")
HONITSU, CHINITSU = _open_keys("honitsu"), _open_keys("chinitsu")
# The table holds only keys a riichi ruleset reads (every key it holds costs the engine a step, read or
# not): the counts of concealed pungs and kongs that score (3 and 4), the waits worth fu, the tsumo fu
# without pinfu, the dragons' pungs by tile (the winds' by seat and round). Any other parameters
# have no key, and the engine asks the predicate itself.
ANKOU = (None, None, None, "ankou3", "ankou4")
KONGS = (None, None, None, "kongs3", "kongs4")
# fu of a set: [kind is kong][terminal or honour][concealed]
_SET_FU = (((("fu/pung/simple/open", "fu/pung/simple/concealed"), ("fu/pung/orphan/open", "fu/pung/orphan/concealed")),
            (("fu/kong/simple/open", "fu/kong/simple/concealed"), ("fu/kong/orphan/open", "fu/kong/orphan/concealed"))))
_WAIT = {w: "fu/wait/" + w for w in ("pair", "edge", "closed")}


def flag(x):
    """A parameter the predicate compares with a boolean, as that boolean (1 and 0 compare equal to
    True and False); None when it equals neither, and the entry is then not read from the table."""
    try:
        return bool(x) if x in (True, False) else None
    except TypeError:  # a value that does not compare
        return None


def pick(keys: tuple, which):
    """keys[1] for a parameter that is False, keys[0] for True (None: not in the table)."""
    which = flag(which)
    return None if which is None else keys[not which]


def open_key(keys: tuple, open=None):
    """The key of an entry with an `open` parameter: False closed hands, True open ones (None, either:
    not in the table)."""
    if open is None:
        return None
    open = flag(open)
    return None if open is None else keys[1 + open]


def count_key(keys: tuple, count):
    """The key of an entry that counts sets (3 or 4); any other count is not in the table."""
    try:
        return keys[int(count)] if count in (3, 4) else None
    except TypeError:
        return None


def set_fu_key(kind, orphan, concealed):
    orphan, concealed = flag(orphan), flag(concealed)
    if kind not in (PUNG, KONG) or orphan is None or concealed is None:
        return None
    return _SET_FU[kind == KONG][orphan][concealed]


def wait_key(wait):
    return _WAIT.get(wait) if type(wait) is str else None


def outside_key(honours, open=None):
    honours = flag(honours)
    return None if honours is None else open_key(CHANTA if honours else JUNCHAN, open)


def one_suit_key(honours, open=None):
    honours = flag(honours)
    return None if honours is None else open_key(HONITSU if honours else CHINITSU, open)


def three_colour_key(kind, open=None):
    if kind != CHOW and open is None:
        return DOUKOU[0]
    return open_key(SANSHOKU if kind == CHOW else DOUKOU, open)


def terminals_key(honours=None):
    return "honroutou" if honours is None else "tsuuiisou" if honours else "chinroutou"


def first_turn_key(who):
    return "tenhou" if who == "dealer" else "chiihou" if who == "drawn" else "renhou"


def pung_key(tile=None, wind=None):
    """value_pung: a dragon's pung is keyed by the tile, the seat and round winds' by their names."""
    if wind == "seat" or wind == "round":
        return "pung/" + wind
    return tile if type(tile) is int and 31 <= tile < 34 else None


# ---- the tables ----------------------------------------------------------------------------------

def context_table(f) -> dict:
    """key -> 1 of the yaku that are facts of the win alone (kept per context by the engine)."""
    ctx = f.ctx
    t: dict = {}
    if ctx.kong_draw:
        t["rinshan"] = 1
    if ctx.robbed:
        t["chankan"] = 1
    if ctx.last_tile:
        win_type = ctx.win_type
        if win_type == "self_draw" and not ctx.kong_draw:
            t["haitei"] = 1
        elif win_type == "discard":
            t["houtei"] = 1
    if ctx.first_turn:
        if ctx.seat == ctx.dealer:
            t["tenhou"] = 1
        else:
            t["chiihou" if ctx.by_self_draw else "renhou"] = 1
    return t


def declared(ctx, closed) -> str | None:
    """None without riichi, else "riichi" or "double" (the table's keys); riichi with a claimed meld is
    refused."""
    if not (ctx.riichi or ctx.double_riichi):
        return None
    if not closed:
        raise ImpossibleHand("--riichi / --double-riichi with an open hand: riichi is declared on a closed "
                             "hand (riichi: 'menzen', no claimed meld)")
    return "double" if ctx.double_riichi else "riichi"


def reading_table(f) -> dict:
    """key -> count of every shape yaku and fu the reading has (none that count 0; only the keys
    above). It reads the blocks itself (mask, pair, set counts, as Facts' pass makes them), so the
    engine gives riichi readings `LazyFacts`, whose own pass waits for a reader that never comes
    (`own_pass`)."""
    t: dict = {}
    hand = f.hand
    closed = not hand.melds or hand.is_closed
    ctx = f.ctx
    if ctx.riichi or ctx.double_riichi:  # (the declaration is the hand's first entry: its refusal comes first)
        t[declared(ctx, closed)] = 1
    o = 1 if closed else 2
    self_draw = f.self_draw
    if self_draw and closed:
        t["menzen_tsumo"] = 1
    form = f.form
    block_mask = _BLOCK_MASK
    if form != "standard":
        mask = 0
        for b in f.blocks:
            try:
                mask |= block_mask[b[0]][b[1]]
            except KeyError:
                mask |= tile_mask(b.tiles)
        _tile_yaku(t, mask, o, form, hand)
        if form == "seven_pairs":
            t["seven_pairs"] = t["fu/seven_pairs"] = 1
        elif form == "thirteen_orphans":
            t["kokushi/13" if hand.counts[hand.win_tile] == 2 else "kokushi"] = 1
        return t

    # four sets and a pair: one pass over the blocks
    blocks = f.blocks
    won = f.reading[2]  # the block the winning tile completed (Reading.win, read as the tuple's)
    claimed = -1 if self_draw else won  # ... which a claimed tile leaves exposed
    mask = 0
    chows = 0  # bit t: a chow starting on t (suit tiles: the int stays one machine digit)
    twice = False  # two chows start on one tile
    pungs = 0  # bit t: a pung or kong of t (suits only)
    dragons = winds = 0
    wind_pungs = 0  # bit t: a pung or kong of wind t
    n_chows = n_pungs = n_kongs = n_concealed = 0
    p = None  # the pair's tile (the first pair, as Facts.pair)
    outside = True  # every block holds a terminal or honour
    honour = False
    i = 0
    for b in blocks:
        kind, tile, _wild, meld = b
        try:
            mask |= block_mask[kind][tile]
        except KeyError:
            mask |= tile_mask(b.tiles)
        if kind == CHOW:
            n_chows += 1
            bit = 1 << tile
            if chows & bit:
                twice = True
            chows |= bit
            if outside and tile % 9 != 0 and tile % 9 != 6:
                outside = False
        else:
            if tile >= 27:
                honour = True
                if kind != PAIR:  # (a pung or kong: no other block holds honours here)
                    if tile >= 31:
                        dragons += 1
                        t[tile] = 1  # yakuhai reads a dragon's pung by its tile
                    else:
                        winds += 1
                        wind_pungs |= 1 << tile
            elif outside and tile % 9 != 0 and tile % 9 != 8:
                outside = False
            if kind == PUNG or kind == KONG:
                n_pungs += 1
                concealed = meld.concealed if meld is not None else i != claimed
                if concealed:
                    n_concealed += 1
                if kind == KONG:
                    n_kongs += 1
                    key = _SET_FU[1][tile in ORPHANS][concealed]
                else:
                    key = _SET_FU[0][tile in ORPHANS][concealed]
                t[key] = t.get(key, 0) + 1
                if tile < 27:
                    pungs |= 1 << tile
            elif kind == PAIR and p is None:
                p = tile
        i += 1
    _tile_yaku(t, mask, o, form, hand)
    # the wait, as Facts.wait reads it (without keeping it on the facts: that costs more than this),
    # and its fu
    if won < 0:
        wait = "special"
    else:
        won_kind, won_tile = blocks[won][0], blocks[won][1]
        if won_kind == PAIR:
            wait = "pair"
            t["fu/wait/pair"] = 1
        elif won_kind != CHOW:
            wait = "pung"
        else:
            w = hand.win_tile
            wild = f.wild
            if wild and wild.tile == w:
                wait = "any"
            elif w == won_tile + 1:
                wait = "closed"
                t["fu/wait/closed"] = 1
            elif (w == won_tile + 2 and won_tile % 9 == 0) or (w == won_tile and won_tile % 9 == 6):
                wait = "edge"
                t["fu/wait/edge"] = 1
            else:
                wait = "open"
    t["fu/base"] = 1
    if closed and not self_draw:
        t["fu/ron"] = 1
    seat, round_ = _WIND_OF.get(ctx.seat_wind), _WIND_OF.get(ctx.round)  # (Facts.seat_wind, round_wind)
    value_pair = (p in DRAGON_TILES) + (p == seat) + (p == round_)  # (bools add up to an int)
    if value_pair:
        t["fu/pair"] = value_pair
    pinfu_shape = n_chows == 4 and wait == "open" and not value_pair  # no fu but the base
    if self_draw and not pinfu_shape:
        t["fu/tsumo"] = 1
    if pinfu_shape:
        t["pinfu" if closed else "fu/open_pinfu"] = 1
    if n_pungs:
        if wind_pungs:
            if seat is not None and wind_pungs >> seat & 1:
                t["pung/seat"] = 1
            if round_ is not None and wind_pungs >> round_ & 1:
                t["pung/round"] = 1
        if n_concealed > 2:
            t[ANKOU[n_concealed]] = 1
            if n_concealed == 4:
                t["suuankou/tanki" if wait == "pair" else "suuankou"] = 1
        if n_kongs > 2:
            t[KONGS[n_kongs]] = 1
        if n_pungs == 4:
            t["toitoi"] = 1
        if pungs & (pungs >> 9) & (pungs >> 18) & 0x1FF:
            t[DOUKOU[0]] = t[DOUKOU[o]] = 1
        if dragons == 3:
            t["daisangen"] = 1
        elif dragons == 2 and p in DRAGON_TILES:
            t["shousangen"] = 1
        if winds == 4:
            t["daisuushii"] = 1
        elif winds == 3 and p in WIND_TILES:
            t["shousuushii"] = 1
    if n_chows:
        if outside:
            keys = CHANTA if honour else JUNCHAN
            t[keys[o]] = 1
        if twice and closed:
            twice = _peikou(f)
            if twice is not None:
                t["peikou2" if twice else "peikou1"] = 1
        if n_chows >= 3:
            if chows & (chows >> 9) & (chows >> 18) & 0x1FF:
                t[SANSHOKU[o]] = 1
            if chows & _STRAIGHT == _STRAIGHT or chows >> 9 & _STRAIGHT == _STRAIGHT \
                    or chows >> 18 & _STRAIGHT == _STRAIGHT:
                t[ITTSU[o]] = 1
    return t


def _tile_yaku(t, mask, o, form, hand):
    """The yaku the tiles present decide, in every form (mask: Facts.mask)."""
    if not mask & ORPHAN_MASK:
        t[SIMPLES[o]] = 1
    elif not mask & _NOT_ORPHAN:
        t["honroutou"] = 1
        if not mask & _NOT_HONOUR:
            t["tsuuiisou"] = 1
        elif not mask & _NOT_TERMINAL:
            t["chinroutou"] = 1
    if not mask & _NOT_GREEN:
        t["ryuuiisou"] = 1
    if (mask & _M != 0) + (mask & _P != 0) + (mask & _S != 0) == 1:
        honours = mask & HONOUR_MASK != 0  # (Facts.has_honours)
        keys = HONITSU if honours else CHINITSU
        t[keys[o]] = 1
        if not honours and form == "standard" and not hand.melds:
            pure = _nine_gates(hand, mask)
            if pure is not None:
                t["chuuren/9" if pure else "chuuren"] = 1


reading_table.own_pass = True  # best.facts_class: this table's readings get LazyFacts


def _peikou(f):
    """Two identical chows: False once (iipeikou), True twice (ryanpeikou), None neither."""
    seen: dict = {}
    for b in f.blocks:
        if b.kind == CHOW:
            seen[b.tile] = seen.get(b.tile, 0) + 1
    pairs = sum(n // 2 for n in seen.values())
    return True if pairs >= 2 else False if pairs == 1 else None


def _nine_gates(hand, mask):
    """1112345678999 and one more of one suit, no honours, no meld: True when the thirteen tiles
    before the win were exactly 1112345678999 (the nine-sided wait), False for the other forms, None
    when it is no nine gates."""
    s = 0 if mask & _M else 9 if mask & _P else 18
    c = list(hand.counts[s:s + 9])
    if c[0] < 3 or c[8] < 3 or any(x < 1 for x in c):
        return None
    c[hand.win_tile - s] -= 1
    return c == [3, 1, 1, 1, 1, 1, 1, 1, 3]
