"""Random winning hands for property and differential tests (seeded, so failures replay)."""
from __future__ import annotations

import random
from collections import Counter

from scorer.notation.format import format_tiles
from scorer.notation.hand import CHOW, KONG, PUNG
from scorer.notation.tiles import tile_name


def random_winning(rng: random.Random, sets: int = 4, tiles=range(34), meld_rate=0.3, kong_rate=0.1,
                   chow_rate=0.6, pair_tiles=None) -> str:
    """A hand string of `sets` sets and a pair drawn from `tiles`, some sets exposed as melds.
    The winning tile is a random concealed tile, written last."""
    tiles = list(tiles)
    counts = {t: 0 for t in range(34)}
    groups = []
    while len(groups) < sets:
        t = rng.choice(tiles)
        if rng.random() < chow_rate and t < 27 and t % 9 <= 6 and t + 2 in tiles:
            need = [t, t + 1, t + 2]
            kind = CHOW
        else:
            kind = KONG if rng.random() < kong_rate else PUNG
            need = [t] * (4 if kind == KONG else 3)
        if any(counts[x] + need.count(x) > 4 for x in set(need)):
            continue
        for x in need:
            counts[x] += 1
        groups.append((kind, t, need))
    while True:
        p = rng.choice(list(pair_tiles) if pair_tiles else tiles)
        if counts[p] + 2 <= 4:
            counts[p] += 2
            break
    concealed = [p, p]
    melds = []
    for kind, t, need in groups:
        if kind == KONG or rng.random() < meld_rate:
            if kind == CHOW:
                melds.append(f"[{''.join(tile_name(x)[0] for x in need)}{tile_name(t)[1:]},{rng.randint(1, 3)}]")
            elif kind == PUNG:
                melds.append(f"[{tile_name(t) * 3 if t >= 27 else str(t % 9 + 1) * 3 + tile_name(t)[1]},{rng.randint(1, 3)}]")
            else:
                body = tile_name(t) * 4 if t >= 27 else str(t % 9 + 1) * 4 + tile_name(t)[1]
                src = rng.choice([None, 1, 2, 3, 5, 6, 7])
                melds.append("{" + body + "}" if src is None else f"[{body},{src}]")
        else:
            concealed += need
    rng.shuffle(concealed)
    win = concealed.pop()
    return " ".join(melds + [format_tiles(concealed), tile_name(win)]).strip()


def random_context(rng: random.Random, players: int = 4, hand: str | None = None) -> dict:
    """Seats and a way of winning. A robbed kong only when `hand` is given and the winner holds just
    the one copy of the winning tile (the robbed pung holds the other three)."""
    seats = "ESWN"[:players]
    seat = rng.choice(seats)
    ctx = {"seat": seat, "round": rng.choice(seats), "dealer": rng.choice(seats)}
    way = rng.random()
    if way < 0.45:
        ctx["self_draw"] = True
    elif way < 0.95 or hand is None or not _robbable(hand):
        ctx["discarder"] = rng.choice([s for s in seats if s != seat])
    else:
        ctx["robbed"] = rng.choice([s for s in seats if s != seat])
    return ctx


def _robbable(hand: str) -> bool:
    from scorer.notation.parse import parse_hand

    h = parse_hand(hand)
    return h.all_counts[h.win_tile] == 1


def random_seven_pairs(rng: random.Random) -> str:
    """Seven distinct pairs, the last tile written last (the winning tile)."""
    names = [tile_name(t) for t in rng.sample(range(34), 7)]
    return " ".join(n + n for n in names[:-1]) + f" {names[-1]} {names[-1]}"


def benchmark_hands(n: int, seed: int = 2024) -> list[tuple[str, dict]]:
    """The benchmark's standard hands: 14 tiles, about 30% with exposed melds, seven pairs among them."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        if rng.random() < 0.03:
            hand = random_seven_pairs(rng)
        elif rng.random() < 0.3:  # a hand with exposed melds (and the kongs, which are always declared)
            hand = random_winning(rng, meld_rate=0.5, kong_rate=0.1)
        else:
            hand = random_winning(rng, meld_rate=0.0, kong_rate=0.0)
        out.append((hand, random_context(rng)))
    return out


def wild_hand(rng: random.Random, variant, k: int, tiles=range(34)) -> tuple[str, dict]:
    """A winning hand of `variant` holding exactly `k` copies of its wild tile (k = 0: a hand without
    one), and a context naming that tile as the ruleset finds it (--indicator or --wild). The wild
    tile is a kind the dealt hand did not hold; `k` concealed tiles other than the winning tile
    become it (a wild tile stands for the tile it replaced, so the hand still wins)."""
    from scorer.notation.parse import parse_hand

    how = variant.bind().hand_options.get("wild", {}).get("from", "none")
    tiles = list(tiles)
    while True:
        text = random_winning(rng, sets=variant.sets, tiles=tiles, meld_rate=rng.choice([0, 0.3]), kong_rate=0.05)
        h = parse_hand(text, max_size=3 * variant.sets + 2)
        w = rng.choice(tiles)
        if h.all_counts[w] or (how == "fixed" and w != 31):
            continue
        rest = list(h.concealed)
        rest.remove(h.win_tile)
        if len(rest) < k:
            continue
        for i in rng.sample(range(len(rest)), k):
            rest[i] = w
        ctx = random_context(rng, players=variant.players)
        if how in ("indicator", "indicator_next"):
            ctx["indicator"] = tile_name(w if how == "indicator" else _before(w))
        elif how == "given":
            ctx["wild"] = tile_name(w)
        return " ".join([m.text() for m in h.melds] + [format_tiles(rest), tile_name(h.win_tile)]), ctx


def _before(t: int) -> int:
    """The indicator whose next tile is t (scorer.core.wild.next_tile backwards)."""
    from scorer.core.wild import next_tile

    return next(i for i in range(34) if next_tile(i) == t)


def readers_agree(texts, readings, plain) -> Counter:
    """A ruleset's one-call reader (`readings(hand, options)`) against its forms asked in turn
    (`plain(hand, options)`), with four of a kind in seven pairs allowed and not, on every text the
    parser takes: the same readings, block types included. The count of each form found."""
    from scorer.notation.parse import parse_hand

    found: Counter = Counter()
    for text in texts:
        try:
            hand = parse_hand(text)
        except Exception:  # noqa: BLE001 - a made-up text the parser refuses
            continue
        for quads in (True, False):
            options = {"seven_pairs_quads": quads}
            want = plain(hand, options)
            got = readings(hand, options)
            assert got == want, (text, quads)
            assert [tuple(map(type, r.blocks)) for r in got] == [tuple(map(type, r.blocks)) for r in want]
            found.update(r.form for r in got)
    return found
