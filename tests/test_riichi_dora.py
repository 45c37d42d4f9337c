"""riichi_fu.dora_count reads the melds' tiles itself (melded_dora): against Hand.all_counts, the plain count."""
import random

from scorer.notation.hand import CHOW, KONG, PUNG, Hand, Meld
from scorer.patterns.riichi_fu import melded_dora


def test_melded_dora_counts_as_all_counts():
    rng = random.Random(3)
    for _ in range(3000):
        melds = []
        for _ in range(rng.randint(1, 4)):
            kind = rng.choice((CHOW, PUNG, KONG))
            tile = rng.choice([t for t in range(27) if t % 9 < 7]) if kind == CHOW else rng.randrange(34)
            written = tuple(rng.choice((tile, 31)) for _ in range(3)) if rng.random() < 0.1 else ()
            melds.append(Meld(kind, tile, 1, concealed=kind == KONG and rng.random() < 0.5, written=written))
        hand = Hand(tuple(sorted(rng.randrange(34) for _ in range(rng.randint(2, 11)))), tuple(melds))
        tiles = tuple(rng.randrange(34) for _ in range(rng.randint(1, 5)))
        want = sum(hand.all_counts[t] for t in tiles) - sum(hand.counts[t] for t in tiles)
        assert melded_dora(hand.melds, tiles) == want, (hand, tiles)
