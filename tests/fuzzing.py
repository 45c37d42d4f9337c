"""Case generators shared by the fuzz tests and bench/fuzz.py: random strings, random bytes and
near-miss hands. Every case must either score or raise MjError (exit status 2), never anything else."""
from __future__ import annotations

import random

from tests.gen import random_winning

ALPHABET = "0123456789mpszfgESWNCFP[]{}, " + "\U0001F000\U0001F007\U0001F02A" + "xX-!é\t\n"


def random_string(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 40)))


def random_bytes_text(rng: random.Random) -> str:
    raw = bytes(rng.randrange(256) for _ in range(rng.randint(0, 40)))
    return raw.decode("utf-8", errors="replace")


def near_miss(rng: random.Random) -> str:
    """A legal-looking hand broken in one way: a tile short or extra, five of a kind, a flower in a
    meld, a bad meld source, an unclosed bracket, a swapped suit letter."""
    text = random_winning(rng)
    kind = rng.randrange(8)
    if kind == 0:
        return text[:-2] if text[-1] in "mps" else text[:-1]
    if kind == 1:
        return text + " " + rng.choice(["5p", "E", "9s"])
    if kind == 2:
        return "5555p 5p " + text
    if kind == 3:
        return "[12" + rng.choice("34") + "f] " + text
    if kind == 4:
        return "[555p," + str(rng.choice([0, 4, 8, 9])) + "] " + text
    if kind == 5:
        return "[123m " + text
    if kind == 6:
        return text.replace("m", "z", 1)
    return text.replace(" ", "", rng.randint(0, 3))


def contexts(rng: random.Random) -> list[str]:
    """CLI flags, some of them invalid (a bad seat, a negative streak, unknown --set / --rule keys)."""
    seat = rng.choice(["E", "S", "W", "N", "X", "", "east"])
    flags = ["--seat", seat] if seat else []
    flags += rng.choice([["--self-draw"], ["--discarder", rng.choice("ESWNQ")], ["--robbed", "S"], [],
                         ["--self-draw", "--discarder", "W"]])
    if rng.random() < 0.2:
        flags += ["--streak", rng.choice(["-1", "2", "x"])]
    if rng.random() < 0.2:
        flags += ["--rule", rng.choice(["min_faan=1", "no_such=1", "min_faan=-5", "=", "min_faan"])]
    if rng.random() < 0.1:
        flags += ["--variant", rng.choice(["hk-old", "nope", "../etc/passwd", ""])]
    return flags
