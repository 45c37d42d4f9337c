"""MCR's fast paths against the plain code they replace, entry by entry on random readings: the one
reading table of a standard reading (mcr_table.py) against the table the predicates' own code gives
(mcr.plain_table), and the packed single-wait test (mcr_wait.py) against mcr_forms.unique_wait."""
import random

from scorer.facts import Facts
from scorer.patterns import mcr, mcr_forms, mcr_table, mcr_wait
from tests.readings import bench_module, reading_facts

RULE_SETS = ({"concealed_and_melded_kong": True}, {})


def _facts(seed, n, rules):
    md = bench_module("mcr_diff")
    rng = random.Random(seed)
    return reading_facts([md.make_case(rng)[:2] for _ in range(n)], "mcr", rules)


def test_standard_table_equals_the_plain_table():
    fast = 0
    for seed, rules in enumerate(RULE_SETS):
        for _bound, f in _facts(20 + seed, 2500, rules):
            # fresh facts for the plain path: nothing the fast path kept on the reading is read back
            plain = mcr.plain_table(Facts(f.hand, f.reading, f.ctx, f.wild, f.options))
            got = mcr.reading_table(f)
            assert got == plain, (f.hand, f.reading, f.ctx)
            fast += f.form == "standard" and mcr_table.standard_table(f) is not None
    assert fast > 3000  # most readings are standard and take the fast path


def test_the_table_is_the_same_when_kept():
    # the second reading of the same shape is answered from the kept parts and tables
    facts = _facts(7, 1500, RULE_SETS[0])
    first = [mcr.reading_table(f) for _b, f in facts]
    again = [mcr.reading_table(Facts(f.hand, f.reading, f.ctx, f.wild, f.options)) for _b, f in facts]
    assert first == again


def _packed(counts):
    return mcr_wait.packed_counts(counts)


def test_packed_wait_equals_unique_wait_on_hands():
    n = 0
    for _bound, f in _facts(31, 2500, RULE_SETS[0]):
        hand = f.hand
        counts, win = hand.counts, hand.win_tile
        seven = not hand.melds
        standing = _packed(counts) - mcr_wait.UNIT[win]
        assert mcr_wait.unique_wait_packed(standing, seven) == mcr_forms.unique_wait(counts, win, seven), hand
        n += 1
    assert n > 2000


def test_packed_wait_equals_unique_wait_on_random_tiles():
    # any 13 or 10 tiles of one or two suits and honours, with or without seven pairs
    rng = random.Random(5)
    waits = 0
    for _ in range(20000):
        pool = rng.choice((range(9), range(9, 18), list(range(18, 27)) + list(range(27, 34)), range(34),
                           list(range(0, 9)) + list(range(18, 27))))
        size = rng.choice((13, 10, 7, 4, 1))
        counts = [0] * 42
        while sum(counts) < size:
            t = rng.choice(pool)
            if counts[t] < 4:
                counts[t] += 1
        win = rng.choice(pool)
        if counts[win] == 4:
            continue
        full = list(counts)
        full[win] += 1
        seven = size == 13 and rng.random() < 0.7
        got = mcr_wait.unique_wait_packed(_packed(counts), seven)
        assert got == mcr_forms.unique_wait(tuple(full), win, seven), (counts, win, seven)
        waits += got
    assert waits > 500
