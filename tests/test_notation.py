"""Notation (docs/NOTATION.md): every form parses, printing is canonical and round-trips, and each
malformed input has its own message with the column."""
import random

import pytest

from scorer.errors import NotationError
from scorer.notation.format import format_glyphs
from scorer.notation.hand import CHOW, KONG, PUNG
from scorer.notation.parse import parse_hand
from scorer.notation.tiles import GREEN, RED, WHITE, glyph
from tests.gen import random_winning


def tiles(text):
    return parse_hand(text, partial=True).concealed


@pytest.mark.parametrize("text, expected", [
    ("123m", (0, 1, 2)),
    ("999p", (17, 17, 17)),
    ("2468s", (19, 21, 23, 25)),
    ("EESWN", (27, 27, 28, 29, 30)),
    ("1234z", (27, 28, 29, 30)),
    ("CFP", (WHITE, GREEN, RED)),           # sorted: white 31, green 32, red 33
    ("567z", (WHITE, GREEN, RED)),          # tenhou: 5z white, 6z green, 7z red
    ("0m", (4,)),                           # tenhou's red five is a five
])
def test_tiles(text, expected):
    assert tiles(text) == expected


def test_bonus_tiles_are_set_aside():
    h = parse_hand("123m 456p 789s EEE 5p5p 13f 2g")
    assert [t - 34 for t in h.bonus] == [0, 2, 5]  # 1f 3f 2g
    assert len(h.concealed) == 14


def test_examples_from_notation_md():
    h = parse_hand("123m 456p 789s EEE 5p5p")
    assert h.win_tile == 13 and not h.melds
    h = parse_hand("[CCC,2] [234s,1] 678m 99p 55s 5s")
    assert [(m.kind, m.source, m.claimed) for m in h.melds] == [(PUNG, 2, None), (CHOW, 1, 1)]
    assert h.melds[0].tile == RED and h.win_tile == 22
    h = parse_hand("{1111m} [5555p,5] 234s EE 78m 9m")
    k1, k2 = h.melds
    assert k1.kind == KONG and k1.concealed and k2.kind == KONG and k2.added and k2.supplier == 1
    assert h.win_tile == 8 and h.size == 14


def test_meld_forms():
    h = parse_hand("[1111m] [5555p,2] [777z,3] [345s,2] 99m 9m", max_size=17, partial=True)
    assert h.melds[0].concealed and h.melds[1].supplier == 2 and not h.melds[1].added
    assert h.melds[2].tile == RED and h.melds[3].claimed == 2


def test_glyphs_parse_like_letters():
    text = "".join(glyph(t) for t in (0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 27, 13)) + glyph(13)
    assert parse_hand(text) == parse_hand("123m 456p 789s EEE 5p5p")
    assert format_glyphs([0, 27, 31, 33]) == "\U0001F007\U0001F000\U0001F006\U0001F004"


def test_win_flag_names_the_winning_tile():
    assert parse_hand("123m 456p 789s EEE 5p5p", win="E").win_tile == 27


@pytest.mark.parametrize("seed", range(300))
def test_canonical_text_round_trips(seed):
    rng = random.Random(seed)
    text = random_winning(rng, sets=rng.choice([4, 5]))
    h = parse_hand(text)
    again = parse_hand(h.text())
    assert again == h
    assert again.text() == h.text()


@pytest.mark.parametrize("text, message, column", [
    ("123m456p789sEEE5p5p5p5p5p", "five copies of 5p", 22),
    ("[5555p,1] 5p 123m 456s 789s 11m", "five copies of 5p", 11),
    ("[ESW] 123m 456p 789s 11m", "a chow cannot contain honours", 1),
    ("[12m] 123m 456p 789s 11m", "a meld has 3 or 4 tiles, this one has 2", 1),
    ("[1f2f3f] 123m 456p 789s 11m", "bonus tile 1f cannot be part of a set", 2),
    ("[123m 1f] 456p 789s 11m EEE", "bonus tile 1f cannot be part of a set", 7),
    ("[135m] 123m 456p 789s 11m", "one run of three in a suit or 3-4 identical tiles", 1),
    ("[123m,5] 456p 789s EEE 11m", "which tile was claimed (1-3)", 7),
    ("[555m,4] 456p 789s EEE 11m", "a pung's source is 1, 2 or 3", 7),
    ("[5555m,4] 456p 789s EEE 11m", "a kong's source is 1-3 (claimed) or 5-7 (added)", 8),
    ("{555m} 456p 789s EEE 11m", "a concealed kong {....} has 4 tiles", 1),
    ("[123m 456p 789s EEE 11m", "'[' is not closed by ']'", 1),
    ("123m] 456p 789s EEE 11m", "']' closes nothing", 5),
    ("123x456p789sEEE11m", "unexpected character 'x'", 4),
    ("123m456p789sEEE11", "digits are not followed by a suit letter", 16),
    ("123m456p789sEEE8z8z", "no tile 8z", 16),
    ("123m456p789sEEE5f5p5p", "no tile 5f", 16),
    ("12E3m456p789sEEE5p", "followed by honour 'E'", 1),
    ("123m 456p 789s EEE 5p 1f1f", "bonus tile 1f appears twice", 25),
])
def test_malformed_hands_name_problem_and_column(text, message, column):
    with pytest.raises(NotationError) as e:
        parse_hand(text)
    assert message in str(e.value)
    assert e.value.column == column


@pytest.mark.parametrize("text", ["123m 456p 789s EE 5p", "123m 456p 789s EEE 5p5p5p5s", "123m456p789s"])
def test_wrong_size_has_its_own_message(text):
    with pytest.raises(NotationError, match="a winning hand has 14 tiles"):
        parse_hand(text)


def test_empty_and_winless():
    with pytest.raises(NotationError, match="empty"):
        parse_hand("   ")
    with pytest.raises(NotationError, match="not among the concealed tiles"):
        parse_hand("123m 456p 789s EEE 5p5p", win="9m")


def test_overlong_input_is_refused():
    with pytest.raises(NotationError, match="at most 200 characters"):
        parse_hand("1m" * 150)


@pytest.mark.parametrize("text", ["\u00b9GH", "[123m,\u00b9] 456p 789s EEE 11m", "\u0661\u0662\u0663m 456p 789s EEE 11m"])
def test_non_ascii_digits_are_not_digits(text):
    # found by bench/fuzz.py: str.isdigit() accepts superscript and Arabic-Indic digits, int() does not
    with pytest.raises(NotationError):
        parse_hand(text)
