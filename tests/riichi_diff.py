"""Differential run: mjscore's `riichi` ruleset against the `mahjong` package's HandCalculator
(2.1.0, validated on Tenhou logs) on random winning hands with random context.

    python bench/riichi_diff.py --hands 200000            # default rules and every option set below
    python bench/riichi_diff.py --hands 20000 --show 20   # print the first 20 disagreements

Each hand is scored by both engines under the same rules (the package's OptionalRules set to match
each option set) and compared on han, fu, the yaku set, every payment (base, honba, sticks), and on
whether the hand is a legal win at all. Disagreements that a named rule decides (KNOWN below) are
counted apart. Both engines' hands/second are measured on the same hands, one after the other."""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules  # noqa: E402
from mahjong.meld import Meld as PMeld  # noqa: E402

from scorer.core.engine import score  # noqa: E402
from scorer.errors import IllegalWin  # noqa: E402
from scorer.notation.tiles import tile_name  # noqa: E402

SEATS = "ESWN"
# option sets: mjscore rules, and the same rules as the package's OptionalRules arguments
OPTION_SETS = [
    ({}, dict(has_open_tanyao=True, has_aka_dora=True)),
    ({"open_tanyao": False, "red_fives": False}, dict(has_open_tanyao=False, has_aka_dora=False)),
    ({"kiriage": True, "kazoe": "sanbaiman"}, dict(has_open_tanyao=True, has_aka_dora=True, kiriage=True,
                                                   kazoe_limit=HandConstants.KAZOE_SANBAIMAN)),
    ({"double_yakuman": False, "renhou": "yakuman", "open_pinfu_fu": False},
     dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False, renhou_as_yakuman=True,
          fu_for_open_pinfu=False)),
    ({"kazoe": "multiple", "renhou": "mangan"},
     dict(has_open_tanyao=True, has_aka_dora=True, kazoe_limit=HandConstants.KAZOE_NO_LIMIT)),
]

# our pattern id -> the package's yaku name (seat and round winds are named by the wind)
YAKU_NAMES = {
    "riichi": "Riichi", "double_riichi": "Double Riichi", "ippatsu": "Ippatsu", "menzen_tsumo": "Menzen Tsumo",
    "pinfu": "Pinfu", "tanyao": "Tanyao", "tanyao_open": "Tanyao", "iipeikou": "Iipeiko",
    "yakuhai_haku": "Yakuhai (haku)", "yakuhai_hatsu": "Yakuhai (hatsu)", "yakuhai_chun": "Yakuhai (chun)",
    "rinshan_kaihou": "Rinshan Kaihou", "chankan": "Chankan", "haitei": "Haitei Raoyue", "houtei": "Houtei Raoyui",
    "chiitoitsu": "Chiitoitsu", "chanta": "Chantai", "chanta_open": "Chantai", "ittsu": "Ittsu",
    "ittsu_open": "Ittsu", "sanshoku": "Sanshoku Doujun", "sanshoku_open": "Sanshoku Doujun",
    "sanshoku_doukou": "Sanshoku Doukou", "toitoi": "Toitoi", "sanankou": "San Ankou", "sankantsu": "San Kantsu",
    "honroutou": "Honroutou", "shousangen": "Shou Sangen", "honitsu": "Honitsu", "honitsu_open": "Honitsu",
    "junchan": "Junchan", "junchan_open": "Junchan", "ryanpeikou": "Ryanpeikou", "chinitsu": "Chinitsu",
    "chinitsu_open": "Chinitsu", "renhou": "Renhou", "kokushi": "Kokushi Musou",
    "kokushi_13_wait": "Kokushi Musou Juusanmen Matchi", "suuankou": "Suu Ankou", "suuankou_tanki": "Suu Ankou Tanki",
    "daisangen": "Daisangen", "shousuushii": "Shousuushii", "daisuushii": "Dai Suushii", "tsuuiisou": "Tsuu Iisou",
    "chinroutou": "Chinroutou", "ryuuiisou": "Ryuuiisou", "chuuren_poutou": "Chuuren Poutou",
    "chuuren_9_wait": "Daburu Chuuren Poutou", "suukantsu": "Suu Kantsu", "tenhou": "Tenhou", "chiihou": "Chiihou",
    "renhou_yakuman": "Renhou (yakuman)", "dora": "Dora", "aka_dora": "Aka Dora", "ura_dora": "Ura Dora",
}
WIND_WORD = {"E": "east", "S": "south", "W": "west", "N": "north"}

SIMPLES = [t for t in range(27) if t % 9 not in (0, 8)]
ORPHANS = [t for t in range(27) if t % 9 in (0, 8)] + list(range(27, 34))


# ---- random winning hands ------------------------------------------------------------------------

def _tile_pool(rng):
    """Tiles the hand's sets are drawn from: anything mostly, else a flavour that reaches the rarer yaku."""
    r = rng.random()
    if r < 0.55:
        return list(range(34))
    if r < 0.70:
        s = rng.randrange(3) * 9
        return list(range(s, s + 9)) + list(range(27, 34))  # half / full flush
    if r < 0.80:
        s = rng.randrange(3) * 9
        return list(range(s, s + 9))
    if r < 0.88:
        return SIMPLES
    if r < 0.95:
        return ORPHANS + [t for t in range(27) if t % 9 in (1, 7)]  # outside hands
    return list(range(27, 34)) + [19, 20, 21, 23, 25]  # honours, greens


def random_hand(rng):
    """(mjscore hand text, spec) of a random winning hand, or None. spec: (form, concealed tiles with
    the winning tile last, melds [(kind, tile, open/added/closed)], red fives per suit)."""
    counts = [0] * 34
    r = rng.random()
    if r < 0.07:
        pairs = rng.sample(_tile_pool(rng) if rng.random() < 0.5 else list(range(34)), 7)
        if len(set(pairs)) < 7:
            return None
        tiles = [t for t in pairs for _ in (0, 1)]
        rng.shuffle(tiles)
        return _finish(rng, tiles, [], counts_of(tiles))
    if r < 0.085:
        orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
        tiles = orphans + [rng.choice(orphans)]
        rng.shuffle(tiles)
        return _finish(rng, tiles, [], counts_of(tiles))
    if r < 0.095:  # nine gates: 1112345678999 and one more, closed
        s = rng.randrange(3) * 9
        tiles = [s, s, s] + list(range(s + 1, s + 8)) + [s + 8] * 3 + [s + rng.randrange(9)]
        i = rng.randrange(14)  # the winning tile: the extra one or any other
        tiles[i], tiles[-1] = tiles[-1], tiles[i]
        return _finish(rng, tiles, [], counts_of(tiles))
    pool = _tile_pool(rng)
    p_open = rng.choice((0.0, 0.0, 0.15, 0.35))
    p_kong = rng.choice((0.0, 0.05, 0.2))
    p_chow = rng.choice((0.3, 0.6, 0.9))
    concealed: list[int] = []
    melds = []
    # a few hands start from sets that make the rarer yaku (sanshoku, ittsu, peikou, outside hands)
    start = []
    r = rng.random()
    if r < 0.06:
        k = rng.randrange(7)
        start = [k, k + 9, k + 18]
    elif r < 0.12:
        s = rng.randrange(3) * 9
        start = [s, s + 3, s + 6]
    elif r < 0.17:
        k = rng.randrange(27)
        start = [k, k] if k % 9 <= 6 else []
    elif r < 0.22:
        start = [rng.choice((0, 6, 9, 15, 18, 24)) for _ in range(rng.randint(1, 3))]
        pool = ORPHANS if rng.random() < 0.5 else [t for t in ORPHANS if t < 27]
    for i in range(4):
        for _try in range(20):
            t = start[i] if i < len(start) else rng.choice(pool)
            chow = t < 27 and t % 9 <= 6 and (i < len(start) or rng.random() < p_chow)
            if chow:
                if any(counts[t + k] >= 4 for k in range(3)):
                    start = []
                    continue
                for k in range(3):
                    counts[t + k] += 1
                if rng.random() < p_open:
                    melds.append(("chow", t, "open"))
                else:
                    concealed += [t, t + 1, t + 2]
                break
            kong = rng.random() < p_kong
            need = 4 if kong else 3
            if counts[t] + need > 4:
                continue
            counts[t] += need
            if kong:
                melds.append(("kong", t, rng.choice(("open", "added", "closed"))))
            elif rng.random() < p_open:
                melds.append(("pung", t, "open"))
            else:
                concealed += [t] * 3
            break
        else:
            return None
    for _try in range(20):
        t = rng.choice(pool)
        if counts[t] <= 2:
            counts[t] += 2
            concealed += [t, t]
            break
    else:
        return None
    rng.shuffle(concealed)
    return _finish(rng, concealed, melds, counts)


def counts_of(tiles):
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


def _finish(rng, concealed, melds, counts):
    reds = [0, 0, 0]
    for k in range(3):
        n = counts[9 * k + 4]
        if n == 4 or (n and rng.random() < 0.4):
            reds[k] = 1  # the red five is one of the four: a hand with all four holds it
    return (concealed, melds, reds)


_MELD_TEXT = {"open": ",{}", "added": ",{}", "closed": ""}


def hand_text(spec, rng):
    """The hand as mjscore notation, red fives written 0 (the first five of the suit written)."""
    concealed, melds, reds = spec
    left = list(reds)
    parts = []

    def five(t):
        if t < 27 and t % 9 == 4 and left[t // 9]:
            left[t // 9] -= 1
            return "0"
        return str(t % 9 + 1)

    for kind, t, how in melds:
        if t >= 27:
            body = tile_name(t) * (4 if kind == "kong" else 3)
        else:
            ts = (t, t + 1, t + 2) if kind == "chow" else (t,) * (4 if kind == "kong" else 3)
            body = "".join(five(x) for x in ts) + "mps"[t // 9]
        if kind == "kong" and how == "closed":
            parts.append("{" + body + "}")
        elif kind == "chow":
            parts.append("[" + body + "]")
        else:
            src = rng.randint(1, 3) + (4 if how == "added" else 0)
            parts.append(f"[{body},{src}]")
    for t in concealed:
        parts.append(tile_name(t) if t >= 27 else five(t) + "mps"[t // 9])
    return " ".join(parts)


def random_context(rng, spec):
    """A context both engines accept: (mjscore context dict, HandConfig keyword arguments)."""
    concealed, melds, reds = spec
    closed = all(how == "closed" for kind, _t, how in melds)
    kongs = sum(1 for kind, _t, _h in melds if kind == "kong")
    seat = rng.choice(SEATS)
    rnd = rng.choice("EESSW")
    win = concealed[-1]
    all_counts = counts_of(concealed + [x for k, t, h in melds for x in _meld_tiles(k, t)])
    r = rng.random()
    ctx: dict = {"seat": seat, "round": rnd}
    kw: dict = {}
    if r < 0.45:
        ctx["self_draw"] = True
        kw["is_tsumo"] = True
        if kongs and rng.random() < 0.3:
            ctx["kong_draw"] = 1
            kw["is_rinshan"] = True
    elif r < 0.95 or all_counts[win] != 1:
        ctx["discarder"] = rng.choice([s for s in SEATS if s != seat])
    else:
        ctx["robbed"] = rng.choice([s for s in SEATS if s != seat])
        kw["is_chankan"] = True
    if closed and rng.random() < 0.5:
        if rng.random() < 0.15:
            ctx["double_riichi"] = True
            kw["is_daburu_riichi"] = True
        else:
            ctx["riichi"] = True
            kw["is_riichi"] = True
        if rng.random() < 0.25:
            ctx["ippatsu"] = True
            kw["is_ippatsu"] = True
    if rng.random() < 0.06 and not ctx.get("kong_draw") and not ctx.get("robbed"):
        ctx["last_tile"] = True
        kw["is_haitei" if ctx.get("self_draw") else "is_houtei"] = True
    if not melds and rng.random() < 0.03 and not ctx.get("robbed") and not ctx.get("last_tile") \
            and not kw.get("is_riichi") and not kw.get("is_daburu_riichi"):
        if seat == "E" and ctx.get("self_draw"):
            ctx["first_turn"] = True
            kw["is_tenhou"] = True
        elif seat != "E" and ctx.get("self_draw"):
            ctx["first_turn"] = True
            kw["is_chiihou"] = True
        elif seat != "E":
            ctx["first_turn"] = True
            ctx["discarder"] = "E"
            kw["is_renhou"] = True
    n = 1 + kongs
    dora = [rng.randrange(34) for _ in range(n)]
    ctx["dora"] = " ".join(tile_name(t) for t in dora)
    kw["_dora"] = dora
    if (ctx.get("riichi") or ctx.get("double_riichi")) and rng.random() < 0.8:
        ura = [rng.randrange(34) for _ in range(n)]
        ctx["ura"] = " ".join(tile_name(t) for t in ura)
        kw["_ura"] = ura
    if rng.random() < 0.4:
        ctx["honba"] = rng.randint(1, 4)
        kw["tsumi_number"] = ctx["honba"]
    if rng.random() < 0.3:
        ctx["sticks"] = rng.randint(1, 3)
        kw["kyoutaku_number"] = ctx["sticks"]
    kw["player_wind"] = 27 + SEATS.index(seat)
    kw["round_wind"] = 27 + SEATS.index(rnd)
    return ctx, kw


def _meld_tiles(kind, t):
    return (t, t + 1, t + 2) if kind == "chow" else (t,) * (4 if kind == "kong" else 3)


# ---- the package's side ----------------------------------------------------------------------------

def package_input(spec):
    """(tiles136, win136, melds) with the red fives as the package's red copies (copy 0 of a five)."""
    concealed, melds, reds = spec
    used = [0] * 34
    left = list(reds)

    def take(t):
        if t < 27 and t % 9 == 4:
            k = t // 9
            if left[k]:
                left[k] -= 1
                return t * 4  # copy 0: the red five (16 5m, 52 5p, 88 5s)
            used[t] = max(used[t], 1)  # plain fives are copies 1-3
        c = used[t]
        used[t] += 1
        return t * 4 + c

    out_melds = []
    tiles = []
    for kind, t, how in melds:
        ts = [take(x) for x in _meld_tiles(kind, t)]
        tiles += ts
        if kind == "chow":
            out_melds.append(PMeld(PMeld.CHI, ts, True))
        elif kind == "pung":
            out_melds.append(PMeld(PMeld.PON, ts, True))
        else:
            out_melds.append(PMeld(PMeld.SHOUMINKAN if how == "added" else PMeld.KAN, ts, how != "closed"))
    hand = [take(t) for t in concealed]
    tiles += hand
    return tiles, hand[-1], out_melds


def run_package(spec, kw, optional, rules=None):
    """The package's answer; renhou is left out where the rules have none (the package has no "off")."""
    tiles, win, melds = package_input(spec)
    kw = dict(kw)
    if (rules or {}).get("renhou", "off") == "off":
        kw.pop("is_renhou", None)
    dora = [t * 4 + 3 for t in kw.pop("_dora", [])]  # indicators: any copy (an indicator is not held)
    ura = [t * 4 + 3 for t in kw.pop("_ura", [])]
    config = HandConfig(options=OptionalRules(**optional), **kw)
    return HandCalculator.estimate_hand_value(tiles, win, melds=melds or None, dora_indicators=dora,
                                              config=config, ura_dora_indicators=ura)


def package_view(resp, ctx):
    """(legal, han, fu, yaku names, payments {payer: (base, honba)}, sticks) of the package's answer."""
    if resp.error:
        return (False,)
    cost = resp.cost
    seat = ctx["seat"]
    others = [s for s in SEATS if s != seat]
    pays = {}
    if ctx.get("self_draw") or ctx.get("kong_draw"):
        for s in others:
            if seat != "E" and s == "E":
                pays[s] = (cost["main"], cost["main_bonus"])
            else:
                pays[s] = (cost["additional"], cost["additional_bonus"])
    else:
        pays[ctx.get("discarder") or ctx.get("robbed")] = (cost["main"], cost["main_bonus"])
    names = frozenset(y.name for y in resp.yaku)
    yakuman = any(y.is_yakuman for y in resp.yaku)
    return (True, resp.han, 0 if yakuman else resp.fu, names, pays, cost["kyoutaku_bonus"])


def our_view(result, ctx):
    v = result.value
    if v.unit == "yakuman":
        han, fu = 13 * v.total, 0
    else:
        han, fu = v.total, v.details.get("fu")
    names = set()
    for i in v.items:
        if i.unit == "fu":
            continue
        if i.name == "yakuhai_seat_wind":
            names.add(f"Yakuhai (seat wind {WIND_WORD[ctx['seat']]})")
        elif i.name == "yakuhai_round_wind":
            names.add(f"Yakuhai (round wind {WIND_WORD[ctx['round']]})")
        else:
            names.add(YAKU_NAMES[i.name])
    pays: dict = {}
    sticks = 0
    for t in result.transfers:
        if t.frm == "pot":
            sticks += t.amount
            continue
        base, honba = pays.get(t.frm, (0, 0))
        if t.why.startswith("honba"):
            honba += t.amount
        else:
            base += t.amount
        pays[t.frm] = (base, honba)
    return (True, han, fu, frozenset(names), pays, sticks)


def ours(text, ctx, rules):
    try:
        return our_view(score(text, dict(ctx), variant="riichi", rules=rules), ctx)
    except IllegalWin:
        return (False,)


# ---- disagreements a named rule decides --------------------------------------------------------------

def known(spec, ctx, mine, theirs):
    """The rule that decides a disagreement the package is known to make, or ''."""
    return ""


# ---- the run --------------------------------------------------------------------------------------------

def make_cases(n, seed):
    rng = random.Random(seed)
    cases = []
    while len(cases) < n:
        spec = random_hand(rng)
        if spec is None:
            continue
        text = hand_text(spec, rng)
        ctx, kw = random_context(rng, spec)
        cases.append((text, spec, ctx, kw))
    return cases


def compare(cases, rules, optional, show=0, out=print):
    """(disagreements, known ones, our seconds, the package's seconds)."""
    t0 = time.perf_counter()
    mine = [ours(text, ctx, rules) for text, _spec, ctx, _kw in cases]
    t1 = time.perf_counter()
    theirs = [package_view(run_package(spec, kw, optional, rules), ctx) for _text, spec, ctx, kw in cases]
    t2 = time.perf_counter()
    bad = []
    explained = 0
    for case, a, b in zip(cases, mine, theirs):
        if a != b:
            if known(case[1], case[2], a, b):
                explained += 1
            else:
                bad.append((case, a, b))
    for (text, _spec, ctx, _kw), a, b in bad[:show]:
        out(f"DISAGREE {text!r} {ctx} rules={rules}\n  mjscore: {a}\n  mahjong: {b}")
    return bad, explained, t1 - t0, t2 - t1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200_000, help="hands in all (split over the option sets)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--show", type=int, default=5, help="disagreements to print per option set")
    a = ap.parse_args(argv)
    per = a.hands // len(OPTION_SETS)
    total_bad = total_known = total = 0
    t_ours = t_pkg = 0.0
    for k, (rules, optional) in enumerate(OPTION_SETS):
        cases = make_cases(per, a.seed + k)
        bad, explained, ta, tb = compare(cases, rules, optional, a.show)
        total += len(cases)
        total_bad += len(bad)
        total_known += explained
        t_ours += ta
        t_pkg += tb
        print(f"rules {rules or 'default'}: {len(cases)} hands, {len(bad)} disagreements"
              + (f", {explained} decided by a named rule" if explained else ""))
    print(f"total: {total} hands, {total_bad} disagreements, {total_known} decided by a named rule")
    print(f"speed on the same hands: mjscore {total / t_ours:,.0f} hands/s, mahjong {total / t_pkg:,.0f} hands/s "
          f"(mjscore {t_pkg / t_ours:.1f}x)")
    return 1 if total_bad else 0


if __name__ == "__main__":
    sys.exit(main())
