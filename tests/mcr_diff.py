"""Differential test of mjscore's Chinese Official (MCR) ruleset against MahjongGB (PyPI pymahjonggb,
the C++ fan calculator of the MCR community): random winning hands of every form, concealed and melded,
with kongs of every kind, flowers, every win flag and every seat and round wind; both score the same
hands and every fan (with how many times) and the total must agree.

    python bench/mcr_diff.py --hands 1000000 [--seed 1] [--show 20]

A hand MahjongGB scores below 8 fans (flowers not counted) agrees only when mjscore refuses it for the
8-fan minimum; a hand MahjongGB calls no win agrees only when mjscore says it is not a winning hand.
mjscore runs with `concealed_and_melded_kong` on (MahjongGB's 5-fan 明暗杠); the hands where the Green
Book's default scores differently are counted apart (README, "Chinese Official (MCR)").
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorer.core.engine import score  # noqa: E402
from scorer.errors import MjError  # noqa: E402
from scorer.notation.tiles import tile_name  # noqa: E402

SEATS = "ESWN"
RULES = {"concealed_and_melded_kong": True}
# MahjongGB's tile names: W characters, B dots, T bamboo, F1-F4 winds E S W N, J1-J3 red, green, white
_GB = [f"W{r}" for r in range(1, 10)] + [f"B{r}" for r in range(1, 10)] + [f"T{r}" for r in range(1, 10)] + \
      ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
# MahjongGB's English fan names -> the ruleset's pattern names
_NAMES = {"Big Three Winds": "big_three_winds", "Two Dragons Pungs": "two_dragon_pungs",
          "All Five": "all_fives", "Self-Drawn": "self_drawn", "Flower Tiles": "flower_tiles",
          "Concealed Kong and Melded Kong": "concealed_and_melded_kong"}


def fan_id(english: str) -> str:
    if english in _NAMES:
        return _NAMES[english]
    return (english.lower().replace("honors", "honours").replace("-", "_").replace(" ", "_"))


# ---- hands ----------------------------------------------------------------------------------------

KNITTED = [(a, b, c) for a in range(3) for b in range(3) for c in range(3) if len({a, b, c}) == 3]
ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


class Hand:
    """A generated hand: concealed tiles (win included), melds as (kind, tile, source), bonus tiles."""

    def __init__(self, concealed, melds, bonus, win):
        self.concealed, self.melds, self.bonus, self.win = concealed, melds, bonus, win


def _theme(rng):
    """The tiles a hand is drawn from: one suit, one suit and honours, two suits, terminals, all."""
    pick = rng.random()
    s = rng.randrange(3)
    if pick < 0.25:
        return list(range(s * 9, s * 9 + 9))
    if pick < 0.4:
        return list(range(s * 9, s * 9 + 9)) + list(range(27, 34))
    if pick < 0.55:
        t = rng.randrange(3)
        return list(range(s * 9, s * 9 + 9)) + list(range(t * 9, t * 9 + 9))
    if pick < 0.62:
        return ORPHANS
    if pick < 0.68:
        return list(range(27, 34))
    if pick < 0.78:  # rank bands and tile groups: upper, middle, lower, fives, evens, green, reversible
        groups = ([6, 7, 8], [5, 6, 7, 8], [3, 4, 5], [0, 1, 2], [0, 1, 2, 3], [2, 3, 4, 5, 6], [1, 3, 5, 7])
        ranks = rng.choice(groups)
        tiles = [s * 9 + r for s in range(3) for r in ranks]
        return tiles if rng.random() < 0.8 else tiles + [rng.randrange(27, 34)]
    if pick < 0.82:
        return [19, 20, 21, 23, 25, 32] if rng.random() < 0.5 else \
            [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31]
    return list(range(34))


def _sets(rng, counts, n, pool):
    """n random sets (chows and pungs) from `pool`, respecting four copies of each tile."""
    out = []
    chow_bias = rng.random()
    tries = 0
    while len(out) < n and tries < 200:
        tries += 1
        t = rng.choice(pool)
        if t < 27 and t % 9 <= 6 and rng.random() < chow_bias:
            if all(counts[t + i] < 4 for i in range(3)):
                for i in range(3):
                    counts[t + i] += 1
                out.append(("chow", t))
        elif counts[t] <= 1:
            counts[t] += 3
            out.append(("pung", t))
    return out if len(out) == n else None


def _pair(rng, counts, pool):
    for _ in range(50):
        t = rng.choice(pool)
        if counts[t] <= 2:
            counts[t] += 2
            return t
    return None


def standard_hand(rng):
    pool = _theme(rng)
    counts = [0] * 34
    sets = _sets(rng, counts, 4, pool)
    pair = _pair(rng, counts, pool) if sets else None
    if pair is None:
        return None
    melds, concealed = [], [pair, pair]
    n_melds = rng.choice((0, 0, 1, 2, 3, 4))
    order = list(range(4))
    rng.shuffle(order)
    meld_ix = set(order[:n_melds])
    kong_rate = rng.choice((0, 0.2, 0.6))
    for i, (kind, t) in enumerate(sets):
        kong = kind == "pung" and rng.random() < kong_rate
        if kong and counts[t] == 3:
            counts[t] = 4
            melds.append(("kong", t, rng.choice((None, 1, 2, 3, 5, 6, 7)) if i in meld_ix else None))
        elif i in meld_ix:
            melds.append((kind, t, rng.randint(1, 3)))
        else:
            concealed += [t, t + 1, t + 2] if kind == "chow" else [t] * 3
    if not concealed:
        return None
    win = rng.choice(concealed)
    return Hand(sorted(concealed), melds, [], win)


def _from_counts(rng, counts, melds=()):
    concealed = [t for t in range(34) for _ in range(counts[t])]
    return Hand(concealed, list(melds), [], rng.choice(concealed))


def seven_pairs_hand(rng):
    pool = _theme(rng)
    counts = [0] * 34
    if rng.random() < 0.25:  # seven shifted pairs, or nearly
        s, r = rng.randrange(3), rng.randrange(3)
        for k in range(7):
            counts[s * 9 + r + k] += 2
        if rng.random() < 0.3:
            counts[s * 9 + r + rng.randrange(7)] -= 2
            counts[rng.choice(pool)] += 2
            if max(counts) > 4:
                return None
        return _from_counts(rng, counts)
    n = 0
    while n < 7:
        t = rng.choice(pool)
        if counts[t] <= 2 and (counts[t] == 0 or rng.random() < 0.2):
            counts[t] += 2
            n += 1
    return _from_counts(rng, counts)


def orphans_hand(rng):
    counts = [0] * 34
    for t in ORPHANS:
        counts[t] = 1
    counts[rng.choice(ORPHANS)] += 1
    return _from_counts(rng, counts)


def knitted_hand(rng, honours_knitted):
    a, b, c = rng.choice(KNITTED)
    knit = [a * 9 + r for r in (0, 3, 6)] + [b * 9 + r for r in (1, 4, 7)] + [c * 9 + r for r in (2, 5, 8)]
    counts = [0] * 34
    if honours_knitted:
        honours = list(range(27, 34))
        n_hon = rng.choice((5, 6, 7, 7))
        for t in rng.sample(honours, n_hon):
            counts[t] = 1
        for t in rng.sample(knit, 14 - n_hon):
            counts[t] = 1
        return _from_counts(rng, counts)
    for t in knit:
        counts[t] += 1
    melds = []
    sets = _sets(rng, counts, 1, list(range(34)))
    pair = _pair(rng, counts, list(range(34))) if sets else None
    if pair is None:
        return None
    if rng.random() < 0.35:  # the set declared
        kind, t = sets[0]
        if kind == "chow":
            counts[t] -= 1
            counts[t + 1] -= 1
            counts[t + 2] -= 1
            melds.append(("chow", t, rng.randint(1, 3)))
        else:
            counts[t] -= 3
            melds.append(("kong", t, rng.choice((None, 1, 5))) if rng.random() < 0.4 and counts[t] == 0
                         else ("pung", t, rng.randint(1, 3)))
    return _from_counts(rng, counts, melds)


def nine_gates_hand(rng):
    s = rng.randrange(3)
    counts = [0] * 34
    for r, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
        counts[s * 9 + r] = n
    extra = s * 9 + rng.randrange(9)
    counts[extra] += 1
    hand = _from_counts(rng, counts)
    if rng.random() < 0.8:
        hand.win = extra
    return hand


def random_hand(rng):
    """Fourteen random tiles, or a winning hand with one tile changed: mostly no win at all."""
    if rng.random() < 0.5:
        h = None
        while h is None:
            h = standard_hand(rng)
        i = rng.randrange(len(h.concealed))
        t = rng.randrange(34)
        if h.concealed.count(t) + sum(1 for m in h.melds if m[1] == t) * 3 >= 4:
            return None
        h.concealed[i] = t
        h.concealed.sort()
        h.win = rng.choice(h.concealed)
        return h
    counts = [0] * 34
    for t in rng.sample([t for t in range(34) for _ in range(4)], 14):
        counts[t] += 1
    return _from_counts(rng, counts)


_FORMS = ((standard_hand, 62), (seven_pairs_hand, 10), (orphans_hand, 3), (lambda r: knitted_hand(r, True), 4),
          (lambda r: knitted_hand(r, False), 8), (nine_gates_hand, 3), (random_hand, 10))
_MAKERS = [f for f, w in _FORMS for _ in range(w)]


def _all_counts(h: Hand):
    c = [0] * 34
    for t in h.concealed:
        c[t] += 1
    for kind, t, _src in h.melds:
        for u in ((t, t + 1, t + 2) if kind == "chow" else (t,) * (4 if kind == "kong" else 3)):
            c[u] += 1
    return c


def make_case(rng):
    """(mjscore hand text, context dict, MahjongGB arguments) of one random hand and win."""
    h = None
    while h is None:
        h = rng.choice(_MAKERS)(rng)
        if h is not None and max(_all_counts(h)) > 4:
            h = None
    if rng.random() < 0.3:
        h.bonus = sorted(rng.sample(range(34, 42), rng.randint(1, 8)))
    win = h.win
    held = h.concealed.count(win)
    total = _all_counts(h)[win]
    has_kong = any(m[0] == "kong" for m in h.melds)
    how = rng.random()
    ctx = {"seat": rng.choice(SEATS), "round": rng.choice(SEATS)}
    others = [s for s in SEATS if s != ctx["seat"]]
    if how < 0.1 and has_kong:
        ctx["kong_draw"] = 1
    elif how < 0.16 and total == 1:
        ctx["robbed"] = rng.choice(others)
    elif how < 0.58:
        ctx["self_draw"] = True
    else:
        ctx["discarder"] = rng.choice(others)
    if rng.random() < 0.12:
        ctx["last_tile"] = True
    if rng.random() < 0.15 and held == 1:
        ctx["fourth_tile"] = True
    self_drawn = "self_draw" in ctx or "kong_draw" in ctx
    text = " ".join([_meld_text(m) for m in h.melds] + [_tiles_text([t for t in _without(h.concealed, win)]),
                                                        tile_name(win)] + [tile_name(t) for t in h.bonus])
    packs = tuple(_gb_pack(m) for m in h.melds)
    standing = tuple(_GB[t] for t in _without(h.concealed, win))
    gb = (packs, standing, _GB[win], len(h.bonus), self_drawn, bool(ctx.get("fourth_tile")),
          "kong_draw" in ctx or "robbed" in ctx, bool(ctx.get("last_tile")), SEATS.index(ctx["seat"]),
          SEATS.index(ctx["round"]))
    return text, ctx, gb


def _without(tiles, t):
    out = list(tiles)
    out.remove(t)
    return out


def _tiles_text(tiles):
    out, run, suit = [], "", None
    for t in sorted(tiles):
        if t >= 27:
            out.append(tile_name(t))
            continue
        name = tile_name(t)
        if name[1] != suit and run:
            out.append(run + suit)
            run = ""
        suit = name[1]
        run += name[0]
    if run:
        out.append(run + suit)
    return "".join(out)


def _meld_text(m):
    kind, t, src = m
    size = 4 if kind == "kong" else 3
    body = "".join(tile_name(u)[0] for u in ((t, t + 1, t + 2) if kind == "chow" else (t,) * size))
    suffix = tile_name(t)[1:]
    if kind == "kong" and src is None:
        return "{" + body + suffix + "}"
    return f"[{body}{suffix},{src}]"


def _gb_pack(m):
    kind, t, src = m
    if kind == "chow":
        return ("CHI", _GB[t + 1], src)
    if kind == "pung":
        return ("PENG", _GB[t], src)
    return ("GANG", _GB[t], 0 if src is None else (src - 4 if src >= 5 else src))


# ---- comparing ------------------------------------------------------------------------------------

def reference(gb):
    """MahjongGB's answer: ('win', {fan: count}, total) or ('no win', None, 0)."""
    import MahjongGB

    try:
        fans = MahjongGB.MahjongFanCalculator(*gb, True)
    except TypeError as e:
        if "NOT_WIN" in str(e):
            return "no win", None, 0
        raise
    got = {fan_id(en): cnt for _value, cnt, _zh, en in fans}
    return "win", got, sum(v * c for v, c, _zh, _en in fans)


def ours(text, ctx, rules=RULES):
    """mjscore's answer: ('win', {fan: count}, total), ('minimum', None, 0), ('no win', None, 0) or
    ('error', message, 0)."""
    try:
        r = score(text, dict(ctx), "mcr", rules)
    except MjError as e:
        msg = str(e)
        if "below the 8-fan minimum" in msg:
            return "minimum", None, 0
        if "not a winning hand" in msg:
            return "no win", None, 0
        return "error", msg, 0
    return "win", {i.name: i.count for i in r.value.items}, r.value.total


def compare(text, ctx, gb):
    """None when both agree, else a short description of the difference."""
    kind, fans, total = reference(gb)
    mine = ours(text, ctx)
    if kind == "no win":
        return None if mine[0] == "no win" else f"MahjongGB: no win; mjscore: {mine[0]} {mine[1] or ''}"
    flowers = fans.get("flower_tiles", 0)
    if total - flowers < 8:
        return None if mine[0] == "minimum" else f"MahjongGB: {total - flowers} fans (below 8); mjscore: {mine[0]} {mine[1] or ''}"
    if mine[0] != "win":
        return f"MahjongGB: {fans}; mjscore: {mine[0]} {mine[1] or ''}"
    if mine[1] != fans or mine[2] != total:
        only_ref = {k: v for k, v in fans.items() if mine[1].get(k) != v}
        only_ours = {k: v for k, v in mine[1].items() if fans.get(k) != v}
        return f"MahjongGB {total} {only_ref}; mjscore {mine[2]} {only_ours}"
    return None


def green_book_differs(text, ctx) -> bool:
    """Whether the Green Book default (no 5-fan concealed-and-melded kong) scores this hand otherwise."""
    return ours(text, ctx, {}) != ours(text, ctx)


def run(n, seed=1, show=10, out=sys.stdout, timing=True):
    rng = random.Random(seed)
    cases = [make_case(rng) for _ in range(n)]
    bad = []
    mixed_kongs = 0
    for text, ctx, gb in cases:
        why = compare(text, ctx, gb)
        if why:
            bad.append((text, ctx, why))
        elif "{" in text or "," in text:
            mine = ours(text, ctx)
            if mine[0] == "win" and "concealed_and_melded_kong" in mine[1]:
                mixed_kongs += 1
    for text, ctx, why in bad[:show]:
        print(f"  {text}  {ctx}\n    {why}", file=out)
    print(f"{len(bad)} disagreements in {n} hands (seed {seed}); {mixed_kongs} agreeing hands hold a "
          "concealed and a melded kong, scored 5 (MahjongGB, --rule concealed_and_melded_kong=true) "
          "where the Green Book default scores 3", file=out)
    if timing:
        rates(cases, out)
    return bad


def rates(cases, out=sys.stdout):
    """Hands per second of the API (mjscore.score) and of MahjongGB, on the same hands, alternately."""
    import MahjongGB

    calc = MahjongGB.MahjongFanCalculator
    gbs = [gb for _t, _c, gb in cases]
    ours_t = ref_t = 0.0
    step = 2000
    for i in range(0, len(cases), step):
        part = cases[i:i + step]
        t0 = time.process_time()
        for text, ctx, _gb in part:
            try:
                score(text, ctx, "mcr", RULES)
            except MjError:
                pass
        t1 = time.process_time()
        for gb in gbs[i:i + step]:
            try:
                calc(*gb)
            except TypeError:
                pass
        t2 = time.process_time()
        ours_t += t1 - t0
        ref_t += t2 - t1
    n = len(cases)
    print(f"mjscore API: {n / ours_t:,.0f} hands/s; MahjongGB: {n / ref_t:,.0f} hands/s "
          f"(CPU time, same {n} hands; ratio 1:{ref_t and ours_t / ref_t:.0f})", file=out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=20)
    a = ap.parse_args()
    bad = run(a.hands, a.seed, a.show)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
