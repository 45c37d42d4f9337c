"""The fast path of parse_hand (per-piece cache) against the general parser: every field of the Hand
(counts and source_text included) or the same error, message and column."""
import random
import re

import pytest

from scorer.errors import NotationError
from scorer.notation import parse as notation
from scorer.notation.format import format_hand, format_tiles
from scorer.notation.parse import _fast_parse, _parse_hand, parse_hand
from scorer.notation.tiles import tile_name
from tests.gen import benchmark_hands, random_winning


@pytest.fixture(autouse=True)
def empty_caches():
    notation._read_piece.cache_clear()
    yield
    notation._read_piece.cache_clear()


def fields(hand):
    """Every field, with counts (the fast path fills it in; the general parser computes it on demand);
    repr so that 1 and True, or a list and a tuple, differ."""
    hand.counts  # noqa: B018  (computes the cached counts of a Hand built by the general parser)
    return repr({k: v for k, v in vars(hand).items() if k != "_fast"})  # _fast: see the canonical tests


def outcome(parse, text, **kw):
    try:
        return fields(parse(text, **kw))
    except NotationError as e:
        return ("error", str(e), e.reason, e.column)


def with_bonus(rng, text):
    """The hand with 0-4 distinct bonus tiles written before, after or glued to a group."""
    if rng.random() < 0.4:
        return text
    bonus = format_tiles(rng.sample(range(34, 42), rng.randint(1, 4)))
    where = rng.random()
    if where < 0.3:
        return bonus + " " + text
    if where < 0.6:
        return text + " " + bonus
    return text + bonus.replace(" ", "")


def generated_hands(n=20000, seed=7):
    """(text, win, max_size): benchmark hands (14 tiles) and five-set hands (17), some with bonus tiles,
    some with the winning tile given as an int."""
    rng = random.Random(seed)
    out = [(with_bonus(rng, text), None, 14) for text, _ in benchmark_hands(n // 2, seed)]
    out += [(with_bonus(rng, random_winning(rng, sets=5, meld_rate=0.3)), None, 17) for _ in range(n - n // 2)]
    for i in range(0, n, 5):
        text, _, size = out[i]
        out[i] = (text, rng.choice(_parse_hand(text, max_size=size).concealed), size)
    return out


@pytest.mark.slow
def test_generated_hands_take_the_fast_path_and_equal_the_general_parser():
    hands = generated_hands()
    assert len(hands) == 20000 and sum(" " in t for t, _, _ in hands) > 19000
    assert sum(any(c in t for c in "fg") for t, _, _ in hands) > 5000
    for rounds in ("new pieces", "cached pieces"):
        for text, win, size in hands:
            expected = fields(_parse_hand(text, win, max_size=size))
            fast = _fast_parse(text, win, size)
            assert fast is not None, (rounds, text)  # a well-formed hand must not leave the fast path
            assert "counts" in vars(fast), text
            assert fields(fast) == expected, (rounds, text)
            assert fields(parse_hand(text, win=win, max_size=size)) == expected, (rounds, text)


def test_caches_stay_bounded():
    for text, win, size in generated_hands(3000, seed=11):
        assert fields(parse_hand(text, win=win, max_size=size)) == fields(_parse_hand(text, win, max_size=size))
    for cached in (notation._read_piece, notation._run, notation._meld_as_written):
        info = cached.cache_info()
        assert info.maxsize == notation._MAX_PIECES and info.currsize <= info.maxsize


LONG = "123m 456p 789s EEE 5p " + " " * 180 + "5p"
TRICKY = [
    "", " ", "\t", "\n", "   ",
    "123m 456p 789s EEE 5p5p", "123m\t456p\t789s\tEEE\t5p5p", "123m  456p   789s EEE 5p 5p",
    "  123m 456p 789s EEE 5p5p  ", "\t123m 456p 789s EEE 5p5p\n", "123m\u00a0456p\u3000789s EEE 5p5p",
    "123m 456p 789s EEE 5p\r\n5p", "123m\x1c456p 789s EEE 5p5p",
    "123m456p789s11z", "123m456p789sEEE5p5p", "123m456p 789sEEE 5p5p", "EEE123m456p789s5p5p",
    "0m 123p 456p 789s 55m", "123m 406p 789s EEE 0p0p", "123m 456p 789s EEE 0s5s", "0z 123m 456p 789s EE",
    "123m 456p 789s EEE 5p5p 1f2g", "1f2g 123m 456p 789s EEE 5p5p", "123m 1f 456p 2g 789s EEE 5p5p",
    "123m 456p 789s EEE 5p5p1f2g3f4g", "123m 456p 789s EEE 5p5p 1234f 1234g", "123m 456p 789s EEE 5p 1f 5p",
    "123m 456p 789s EEE 5p5p 1f1f", "123m 456p 789s EEE 5p5p 1f 1f", "1f 123m 456p 789s EEE 5p5p 2g 1f",
    "123m 456p 789s EEE 5p5p 5f", "123m 456p 789s EEE 5p5p 0f", "123m 456p 789s EEE 5p5p 1f2",
    "[CCC,2] [234s,1] 678m 99p 55s 5s", "{1111m} [5555p,5] 234s EE 78m 9m", "[1111m] [5555p,2] 234s EE 78m 9m",
    "[CCC,2][234s,1]678m99p55s5s", "678m[CCC,2]99p[234s,1]55s5s",
    "[CCC, 2] [234s,1] 678m 99p 55s 5s", "[CCC ,2] [234s,1] 678m 99p 55s 5s", "[ CCC,2] [234s,1] 678m 99p 55s 5s",
    "[CCC,2 ] [234s,1] 678m 99p 55s 5s", "[C CC,2] [234s,1] 678m 99p 55s 5s", "[CCC,\t2] 234s 678m 99p 55s 5s",
    "{1111 m} [5555p,5] 234s EE 78m 9m", "[CCC,2] [234s,1] 678m 99p 55s 5s [", "[CCC,2]] 234s 678m 99p 55s 5s",
    "[CCC,2] {234s} 678m 99p 55s 5s", "[CCC,4] [234s,1] 678m 99p 55s 5s", "[CCC,2] [234s,9] 678m 99p 55s 5s",
    "[5555p,4] 123m 456s 789s 11m", "[5555p] 123m 456s 789s 11m", "{5555p,1} 123m 456s 789s 11m",
    "[123m,1f] 456p 789s EEE 11m", "[1f2f3f] 123m 456p 789s 11m", "[ESW] 123m 456p 789s 11m", "[] 123m",
    "[5555p,1] 5p 123m 456s 789s 11m", "[555p,1] 55p 123m 456s 789s 11m", "123m456p789sEEE5p5p5p5p5p",
    "5p5p5p 5p5p 123m 456s 789s", "555p 55p 123m 456s 789s", "{5555p} [555p,1] 123m 456s 11m",
    "EESSSPPPCCC99p E 1f 2g", "WWNNNPPP23678p 4p", "EEEEE 123m 456p 11s", "SSSSPPPEE 123m 456p", "PPP[CCC,1]FF 99s F",
    "123m 456p 789s EE 5p", "123m 456p 789s EEE 5p5p5p5s", "123m456p789s", "1f2g", "[CCC,2] 1f",
    "123m 456p 789s EEE 5p5p 123s 11s 1s",
    "\u0661\u0662\u0663m 456p 789s EEE 11m", "\uff11\uff12\uff13m 456p 789s EEE 11m", "123m 456p 789s EEE \u00b9\u00b9m",
    "[123m,\u00b9] 456p 789s EEE 11m", "123\u0664m 456p 789s EEE 11m", "123m 456p 789s EEE 11m\u200b",
    "\U0001F007\U0001F008\U0001F009 456p 789s EEE 5p5p", "123m 456p 789s EEE 5p\U0001F01D",
    "[\U0001F007\U0001F008\U0001F009,1] 456p 789s EEE 5p5p", "123m 456p 789s EEE 5p \U0001F02A",
    "12 3m 456p 789s EEE 5p5p", "123 m 456p 789s EEE 5p5p", "123m 456p 789s E E E 5p 5p", "123M 456p 789s EEE 5p5p",
    "123m 456p 789s eee 5p5p", "123x456p789sEEE11m", "12E3m456p789sEEE5p5p", "123m456p789sEEE8z8z",
    "123m 456p 789s 1z1z1z 5p5p", "123m 456p 789s 111z 7z 7z", "123m 456p 789s 111z 07z",
    "1m" * 7, "1m" * 100, "1m" * 101, LONG, LONG + " ", "9" * 199 + "m", "9" * 197 + "m", "1" * 198 + "m" + "m",
    "11112222333344m", "11111m 222m 333m 44m", "123m 123m 123m 123m 123m 55p",
]


@pytest.mark.parametrize("text", TRICKY)
@pytest.mark.parametrize("win, max_size", [(None, 14), (None, 17), (None, 300), (13, 17), (4, 14), (33, 17), ("5p", 17)])
def test_tricky_strings_give_the_general_parsers_hand_or_error(text, win, max_size):
    expected = outcome(_parse_hand, text, win=win, max_size=max_size)
    assert outcome(parse_hand, text, win=win, max_size=max_size) == expected
    assert outcome(parse_hand, text, win=win, max_size=max_size) == expected  # from the caches now
    if not isinstance(win, str):
        fast = _fast_parse(text, win, max_size)
        assert fast is None or fields(fast) == expected


@pytest.mark.parametrize("text, fast", [
    ("123m\t456p\t789s\tEEE\t5p5p", True), ("  123m  456p 789s EEE 5p5p ", True), ("123m456p789s11z", True),
    ("0m 123p 456p 789s 55m 55s", True), ("123m 456p 789s EEE 5p5p 1f2g", True),
    ("[CCC, 2] [234s,1] 678m 99p 55s 5s", False), ("\u0661\u0662\u0663m 456p 789s EEE 11m", False),
    ("5p5p5p 5p5p 123m 456s 789s", False), ("123m 456p 789s EEE 5p5p 1f 1f", False), ("", False),
])
def test_what_the_fast_path_reads(text, fast):
    assert (_fast_parse(text, None, 17) is not None) == fast


def test_a_cached_hand_is_refused_under_a_smaller_max_size():
    text = "123m 456p 789s 111p EEE 5p 5p"
    assert fields(parse_hand(text, max_size=17)) == fields(_parse_hand(text, max_size=17))
    with pytest.raises(NotationError) as fast:
        parse_hand(text, max_size=14)
    with pytest.raises(NotationError) as general:
        _parse_hand(text, max_size=14)
    assert (str(fast.value), fast.value.column) == (str(general.value), general.value.column)


def test_win_given_as_an_int_must_be_concealed():
    text = "[CCC,2] [234s,1] 678m 99p 55s 5s"
    assert parse_hand(text, win=22).win_tile == 22
    for win in (33, 19, 0):  # in a meld only, or nowhere
        with pytest.raises(NotationError, match="not among the concealed tiles"):
            parse_hand(text, win=win)
    assert tile_name(parse_hand(text, win=5).win_tile) == "6m"


def written_canonically(hand):
    """Hand.text() is the string as written, not built again."""
    return bool(vars(hand).get("_fast")) and notation._written_canonically(hand.source_text, hand.win_tile)


def canonical_spellings(rng, text, win, size):
    """The hand's canonical text, and that text spelt otherwise: pieces glued, groups split or
    swapped, the winning tile moved into a group, tabs or double spaces, the bonus tiles moved."""
    canon = format_hand(_parse_hand(text, win, max_size=size))
    pieces = canon.split(" ")
    out = [canon, canon.replace(" ", "  ", 1), canon.replace(" ", "\t"), " " + canon]
    if len(pieces) > 2:
        i = rng.randrange(len(pieces) - 1)
        out.append(" ".join(pieces[:i] + [pieces[i] + pieces[i + 1]] + pieces[i + 2:]))
        swapped = pieces[:]
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
        out.append(" ".join(swapped))
    return canon, out


@pytest.mark.slow
def test_the_canonical_text_kept_by_the_fast_path_is_format_hands():
    """Hand.text() is the string as written only when it is exactly what format_hand builds; every
    other spelling of the same hand still prints canonically."""
    rng = random.Random(5)
    kept = 0
    for text, win, size in generated_hands(6000, seed=3):
        canon, spellings = canonical_spellings(rng, text, win, size)
        for spelt in spellings:
            try:
                hand = parse_hand(spelt, win=win, max_size=size)
            except NotationError:
                continue  # a swap that moved the winning tile out of last place under win=None
            assert hand.text() == format_hand(hand), spelt
            if written_canonically(hand):  # only as written canonically (melds keep their order)
                assert spelt == hand.text() and spelt.split(" ")[-1] in canon, spelt
                kept += spelt == canon
        assert written_canonically(parse_hand(canon, win=win, max_size=size)) or win is not None, canon
    assert kept > 5000  # the canonical spellings take the short way


@pytest.mark.parametrize("text, kept", [
    ("55777p 23456999s 7s", True), ("[CCC,2] [234s,1] 678m 99p 55s 5s", True),
    ("123m 456m 789m 11p 22p 2p", False),  # canonical: 123456789m 1122p 2p
    ("123456789m 1122p 2p 1f 3g", True), ("123456789m 1122p 2p 3g 1f", False), ("123456789m 1122p 2p 13f", True),
    ("123456789m 1122p 2p 31f", False), ("1122p 123456789m 2p", False), ("123456789m 1122p  2p", False),
    ("[123m,1] [456m,1] [789m,1] [EEE,2] 5p 5p", True), ("5p [123m,1] [456m,1] [789m,1] [EEE,2] 5p", False),
    ("[123m,1] 5p [789m,1] [EEE,2] 999s 5p", False), ("[123m,1] [789m,1] [EEE,2] 5p 999s 5p", True),
    ("123456789m 0055p 1p", False), ("E S W N P F C 19m 19p 19s C", False), ("19m 19p 19s E S W N P F C C", True),
])
def test_which_spellings_are_kept_as_the_canonical_text(text, kept):
    hand = parse_hand(text)
    assert written_canonically(hand) == kept
    assert hand.text() == format_hand(hand)


def test_the_canonical_test_is_format_hands_text_itself():
    """_written_canonically (a pattern over the text after the melds, the melds looked up) says yes
    exactly when the text is format_hand's, on the canonical texts of generated hands (bonus tiles,
    five-set hands, winning tiles given) and on every other spelling of them; a text with a 0 (a red
    five) goes to format_hand."""
    rng = random.Random(8)
    yes = 0
    texts = []
    for text, win, size in generated_hands(4000, seed=9):
        canon, spellings = canonical_spellings(rng, text, win, size)
        runs = re.findall(r"[1-9]{2,}", canon.split("]")[-1])  # a run of digits after the melds, out of order
        unsorted = [canon.replace(runs[0], runs[0][::-1], 1)] if runs and runs[0] != runs[0][::-1] else []
        texts += [(t, win, size) for t in spellings + unsorted + [canon.replace("5", "0", 1), canon.replace(" ", "", 1)]]
    texts += [(t, None, 17) for t in ("[123m,1] {5555s} 11p 999s 5p", "{5555s} [123m,1] 11p 999s 5p",
                                      "[123m,1]  [456m,1] 11p 999s EE E", "EES 123m 456p 789s S",
                                      "123m 456p 789s EEE 5p 1234f 1234g", "123m 456p 789s EEE 5p 1234g 1234f",
                                      "123m 456p 789s EEE 5p 1f 1g", "123m 456p 789s 555z 5p")]
    for text, win, size in texts:
        hand = _fast_parse(text, win, size)
        if hand is None:
            continue
        kept = notation._written_canonically(text, hand.win_tile)
        assert kept == (text == format_hand(hand) and "0" not in text), text
        yes += kept
    assert 4000 < yes < len(texts) - 8000
