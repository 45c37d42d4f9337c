"""Riichi value and payments: han and fu to basic points with the limits (mangan to multiple
yakuman), then who pays how much, rounded up to 100 per payment, with honba and the riichi sticks.

Basic points = fu x 2^(2 + han), capped at 2000 (mangan); 5 han mangan 2000, 6-7 haneman 3000,
8-10 baiman 4000, 11-12 sanbaiman 6000, 13+ counted yakuman (or sanbaiman, by option), each yakuman
8000. A ron pays 4x basic (6x to the dealer) from the discarder; a self-draw 1x from each non-dealer
and 2x from the dealer (a dealer's self-draw: 2x from each)."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..core.result import HandValue, Transfer
from ..errors import ContextError
from ..rulesets.context import SEATS
from ..rulesets.registry import pay_model, value_model

YAKUMAN_BASE = 8000
LIMITS = ((13, 8000, "yakuman"), (11, 6000, "sanbaiman"), (8, 4000, "baiman"), (6, 3000, "haneman"),
          (5, 2000, "mangan"))
POT = "pot"  # the riichi sticks on the table: a party of its own, so a hand's transfers still balance


def round_up(x: int) -> int:
    """Every payment is rounded up to the next 100."""
    return -(-x // 100) * 100


def basic_points(han: int, fu: int, kazoe: str = "yakuman", kiriage: bool = False) -> tuple[int, str]:
    """(basic points, limit name or '') of a hand of `han` han and `fu` fu without yakuman."""
    if han >= 13 and kazoe == "sanbaiman":
        return 6000, "sanbaiman (counted)"
    if han >= 13 and kazoe == "multiple":
        n = han // 13
        return YAKUMAN_BASE * n, "counted yakuman" if n == 1 else f"counted {n}x yakuman"
    for at, base, name in LIMITS:
        if han >= at:
            return base, "counted yakuman" if at == 13 else name
    base = fu * 2 ** (2 + han)
    if base > 2000:
        return 2000, "mangan"
    if kiriage and (han, fu) in ((4, 30), (3, 60)):
        return 2000, "mangan (kiriage)"
    return base, ""


def shares(base: int, winner_dealer: bool, self_draw: bool) -> list[tuple[bool, int, int]]:
    """[(payer is the dealer, times basic, amount)]: one row per payer (three on a self-draw)."""
    if not self_draw:
        k = 6 if winner_dealer else 4
        return [(False, k, round_up(k * base))]
    if winner_dealer:
        return [(False, 2, round_up(2 * base))] * 3
    return [(True, 2, round_up(2 * base))] + [(False, 1, round_up(base))] * 2


@value_model()
def han_fu(items, ctx, bound, total=None, unit="han", kazoe="yakuman", kiriage=False, double_yakuman=True,
           max_yakuman=6):
    """Yaku han (dora on top, once a yaku is there) and fu rounded up to 10 (seven pairs: 25) to
    basic points; any yakuman replaces every yaku and dora. `kazoe`: 13+ han count as `yakuman`,
    `sanbaiman` or `multiple` (26 han double yakuman...). `double_yakuman` false counts the double
    forms (group double_yakuman) once. `total` (mjscore pay): han, with `--fu N` (default 30).
    `unit` names the patterns' default unit (han); fu and yakuman items say their own."""
    winner_dealer = ctx.seat == ctx.dealer
    if total is not None:
        han = int(total)
        fu = ctx.fu if ctx.fu is not None else ctx.extra.get("fu", 30)  # --fu (keys.py); --set fu= as before
        check_han_fu(han, fu, ctx.by_self_draw)
        base, limit = basic_points(han, fu, kazoe, kiriage)
        return _value([], han, "han", fu, base, limit, ctx, winner_dealer, (0, han, fu, 0))
    han = fu_raw = 0
    yaku = False
    seven_pairs = False
    for i in items:
        u = i.unit
        if u == "fu":
            fu_raw += i.value
            if i.group == "fixed":
                seven_pairs = True
        elif u == "yakuman":
            return _yakuman(items, ctx, winner_dealer, double_yakuman, max_yakuman)
        else:
            han += i.value
            if not yaku and i.group != "dora":
                yaku = True
    if not yaku:
        return HandValue(items, han, "han", 0, legal=False,
                         reason="no yaku: a win needs at least one yaku (dora alone do not count)",
                         details={"fu": fu_raw}, key=(-1, han, fu_raw, 0))
    fu = fu_raw if seven_pairs else -(-fu_raw // 10) * 10
    base, limit, details, order = _counted(han, fu, fu_raw, kazoe, kiriage, winner_dealer, ctx.by_self_draw)
    return HandValue(items, han, "han", base, True, "", limit, dict(details), order)  # (by position: cheaper)


def check_han_fu(han, fu, self_draw):
    """Refuse a han and fu count no hand can have (`mjscore pay`): the fu rules of EMA RCR 4.1.1
    Minipoints and riichi.wiki, Fu."""
    if han < 1:
        raise ContextError("--total: a win needs at least 1 han, a yaku (EMA RCR 4.2: a hand "
                           "without a yaku cannot win)")
    if not isinstance(fu, int) or isinstance(fu, bool) or fu < 20:
        raise ContextError(f"--fu: a whole number of at least 20 (the base fu), got {fu!r}")
    if fu == 25:
        if han < 2:
            raise ContextError("--fu 25 is seven pairs' fixed fu, and seven pairs is 2 han: a 25-fu hand "
                               "has at least 2 han (EMA RCR 4.1.1 Minipoints)")
    elif fu % 10:
        raise ContextError(f"--fu {fu}: fu are rounded up to the next 10 (only seven pairs keeps 25): "
                           f"{fu} counts as {-(-fu // 10) * 10} (EMA RCR 4.1.1 Minipoints)")
    if fu == 20 and not self_draw:
        raise ContextError("--fu 20 on a discard win: a closed ron adds 10 fu and an open hand of 20 fu "
                           "counts 30, so a ron is 30 fu or more, 25 for seven pairs (riichi.wiki, Fu)")
    if fu == 20 and han < 2:
        raise ContextError("--fu 20 is pinfu won by self-draw, and pinfu with menzen tsumo is 2 han: a "
                           "20-fu hand has at least 2 han (riichi.wiki, Fu)")
    if fu == 25 and self_draw and han < 3:
        raise ContextError("--fu 25 by self-draw is seven pairs (2 han) with menzen tsumo (1 han): at "
                           "least 3 han (EMA RCR 4.2.1, 4.2.2)")
    if fu > 110:
        raise ContextError(f"--fu {fu}: no hand counts more than 110 fu (riichi.wiki, Fu: the most a "
                           "hand can count, rounded up)")



@lru_cache(maxsize=4096)
def _counted(han, fu, fu_raw, kazoe, kiriage, winner_dealer, self_draw):
    """_figures of a hand counted in han and fu: the same few counts repeat from hand to hand (the
    details dict is shared: callers copy it)."""
    base, limit = basic_points(han, fu, kazoe, kiriage)
    return _figures(han, "han", fu, base, limit, self_draw, winner_dealer, (0, han, fu, fu_raw))


def _yakuman(items, ctx, winner_dealer, double_yakuman, max_yakuman):
    """Any yakuman replaces every yaku and dora."""
    yakuman = [i for i in items if i.unit == "yakuman"]
    if not double_yakuman:  # each item says what it counts, so the items add up to the total
        yakuman = [replace(i, value=1, rule=f"{i.rule} (counted once: double_yakuman is off)")
                   if i.group == "double_yakuman" and i.value > 1 else i for i in yakuman]
    n = sum(i.value for i in yakuman)
    n = min(n, max_yakuman)
    name = "yakuman" if n == 1 else f"{n}x yakuman"
    return _value(yakuman, n, "yakuman", 0, YAKUMAN_BASE * n, name, ctx, winner_dealer, (1, 13 * n, 0, 0))


def _value(items, total, unit, fu, base, limit, ctx, winner_dealer, order):
    base, is_limit, details, key = _figures(total, unit, fu, base, limit, ctx.by_self_draw, winner_dealer, order)
    return HandValue(items, total, unit, base, limit=is_limit, details=details, key=key)


def _figures(total, unit, fu, base, limit, self_draw, winner_dealer, order):
    """(base, is a limit, details, key) of a HandValue; its key orders readings as the table does: the
    most points, then a real yakuman over a counted one, then han, then fu (then unrounded fu)."""
    points = sum(a for _d, _k, a in shares(base, winner_dealer, self_draw))
    details = {}
    if unit == "han":
        details["fu"] = fu
    if limit:
        details["limit"] = limit
    details["basic points"] = base
    return base, bool(limit), details, (points, order[0], order[1], order[2], order[3])


@pay_model()
def riichi_pay(value, ctx, bound, /, honba_ron=300, honba_each=100, stick=1000, liable_for=(), liable_rule="",
               liable_part="yakuman"):
    """The winner collects from the discarder (a robbed kong: the robbed player) or, on a self-draw,
    from each player; then honba (`honba_ron` x N from the discarder, `honba_each` x N from each on a
    self-draw); then the riichi sticks on the table, from the pot. With `--liable SEAT` (pao) on a
    hand holding one of the yakuman `liable_for`: see `_liable_pay`."""
    if ctx.liable:
        return _liable_pay(value, ctx, honba_ron, honba_each, stick, liable_for, liable_rule, liable_part)
    # kept in two parts (Transfers are frozen; each call gets its own list): the hand's payment by the
    # basic points, the limit's name, the seats and how the hand was won; the honba and sticks by the
    # payers, how it was won and the counters. One key of all of them missed most of the time (a few
    # hundred basic points and limits times the counters), each part alone is nearly always known.
    main = _hand_pay(int(value.base), value.details.get("limit", ""), ctx.seat, ctx.dealer, ctx.by_self_draw,
                     ctx.discarder, ctx.robbed, ctx.players)
    if not ctx.honba and not ctx.sticks:
        return list(main)
    more = _counters_pay(ctx.seat, ctx.dealer, ctx.by_self_draw, ctx.discarder, ctx.robbed, ctx.players, ctx.honba,
                         ctx.sticks, honba_ron, honba_each, stick)
    return [*main, *more]


@lru_cache(maxsize=8192)
def _hand_pay(base, limit, winner, dealer, self_draw, discarder, robbed, players) -> tuple:
    """The hand's transfers: by basic points and limit name, from the discarder (or the robbed player)
    or, on a self-draw, from each other seat."""
    basic = f"{limit} {base}" if limit else f"{base}"
    winner_dealer = winner == dealer
    out = []
    if self_draw:
        rows = shares(base, winner_dealer, True)
        for loser, (_d, k, amount) in zip(_payers(winner, dealer, True, discarder, robbed, players), rows):
            who = "dealer" if loser == dealer else "non-dealer"
            out.append(Transfer(loser, winner, amount, _why(f"self-draw, {who} pays {k}x basic", k, base, basic, amount)))
    else:
        payer, = _payers(winner, dealer, False, discarder, robbed, players)
        (_d, k, amount), = shares(base, winner_dealer, False)
        how = "ron" if discarder else "robbed kong (paid as a ron)"
        who = "dealer" if winner_dealer else "non-dealer"
        out.append(Transfer(payer, winner, amount, _why(f"{who} {how}, {k}x basic", k, base, basic, amount)))
    return tuple(out)


def _payers(winner, dealer, self_draw, discarder, robbed, players) -> tuple:
    """Who pays the hand, in its transfers' order: the discarder (or the robbed player); on a
    self-draw every other seat, the dealer first."""
    if not self_draw:
        return (discarder or robbed,)
    losers = [s for s in SEATS[:players] if s != winner]
    if winner != dealer:  # the dealer's share first, then the other two
        losers = [dealer] + [s for s in losers if s != dealer]
    return tuple(losers)


def _liable_pay(value, ctx, honba_ron, honba_each, stick, liable_for, rule, whose="yakuman"):
    """Pao: the liable player's part is the basic points of the yakuman he is liable for (a
    composite hand's other yakuman are paid as usual), or with `whose` "hand" the whole hand's
    (Tenhou: the liable player pays all of a composite hand on a self-draw). On a self-draw he pays that part alone, as
    all the losers' shares, and the honba; on a discard he and the discarder pay half of it each,
    the discarder the rest, and the liable player the honba (riichi.wiki, Sekinin barai). `rule`
    says where the texts say so."""
    pao = [i for i in value.items if i.name in liable_for]
    if not pao:
        raise ContextError(f"--liable: a player is liable (pao) only for {', '.join(liable_for) or 'nothing here'}")
    if ctx.liable not in ctx.seats:
        raise ContextError(f"--liable {ctx.liable!r} is not a seat at this table")
    units = sum(i.value for i in pao)
    part = int(value.base) if whose == "hand" else min(YAKUMAN_BASE * units, int(value.base))
    rest = int(value.base) - part
    winner_dealer = ctx.seat == ctx.dealer
    why = f"pao ({rule})" if rule else "pao"
    out = []
    if ctx.by_self_draw:
        total = sum(a for _d, _k, a in shares(part, winner_dealer, True))
        out.append(Transfer(ctx.liable, ctx.seat, total, f"{why}: pays all of {', '.join(i.label for i in pao)}, {total}"))
        if rest:
            out += _hand_pay(rest, "yakuman", ctx.seat, ctx.dealer, ctx.by_self_draw, ctx.discarder, ctx.robbed,
                             ctx.players)
        if ctx.honba:
            out.append(Transfer(ctx.liable, ctx.seat, honba_each * ctx.honba * (ctx.players - 1),
                                f"honba: {ctx.honba} x {honba_each} x {ctx.players - 1}, paid by the liable player"))
    else:
        payer = ctx.payer_of_claim
        (_d, k, amount), = shares(part, winner_dealer, False)
        half = amount // 2
        out.append(Transfer(ctx.liable, ctx.seat, half, f"{why}: half of {', '.join(i.label for i in pao)}, {half}"))
        out.append(Transfer(payer, ctx.seat, amount - half, f"the discarder's half of the liable yakuman, {amount - half}"))
        if rest:
            out += _hand_pay(rest, "yakuman", ctx.seat, ctx.dealer, ctx.by_self_draw, ctx.discarder, ctx.robbed,
                             ctx.players)
        if ctx.honba:
            out.append(Transfer(ctx.liable, ctx.seat, honba_ron * ctx.honba,
                                f"honba: {ctx.honba} x {honba_ron}, paid by the liable player"))
    if ctx.sticks:
        out.append(Transfer(POT, ctx.seat, stick * ctx.sticks,
                            f"riichi sticks on the table: {ctx.sticks} x {stick}, to the winner"))
    return out


@lru_cache(maxsize=8192)
def _counters_pay(winner, dealer, self_draw, discarder, robbed, players, honba, sticks, honba_ron, honba_each,
                  stick) -> tuple:
    """The honba (from whoever pays the hand, in its transfers' order) and the riichi sticks."""
    payers = _payers(winner, dealer, self_draw, discarder, robbed, players)
    out = []
    n = honba
    if n:
        if self_draw:
            for loser in payers:
                out.append(Transfer(loser, winner, honba_each * n, f"honba: {n} x {honba_each} from each player"))
        else:
            out.append(Transfer(payers[0], winner, honba_ron * n, f"honba: {n} x {honba_ron} from the discarder"))
    if sticks:
        out.append(Transfer(POT, winner, stick * sticks, f"riichi sticks on the table: {sticks} x {stick}, to the winner"))
    return tuple(out)


def _why(head, k, base, basic, amount):
    exact = k * base
    if exact == amount:
        return f"{head}: {k} x {basic} = {amount}"
    return f"{head}: {k} x {basic} = {exact}, rounded up to {amount}"
