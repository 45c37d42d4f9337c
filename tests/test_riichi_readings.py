"""patterns/riichi_readings.readings (engine.readings_of's one call for riichi's forms) against each form in
turn, on the benches' hands and on hands made to hit seven pairs and thirteen orphans."""
import random

from scorer.core.forms import FORMS
from scorer.patterns import riichi_readings
from tests.gen import readers_agree


def test_one_reader_gives_the_forms_readings():
    from tests import riichi_diff as rd
    texts = [text for text, *_rest in rd.make_cases(4000, 23)]
    texts += ["1122m3344p5566sEE E", "1111m3344p5566sEE E", "1111m3344p5566sEE 1m", "19m19p19sESWNCFPP C",
              "19m19p19sESWNCFPP 1m", "19m19p19sESWNCPP 1m 9s", "11m19p19sESWNCFP 1m", "1199m19p19sESWNCF C",
              "1122m3344p5566sEE 2m", "11223344556677m 7m", "1133557799m1199p 9p", "19m19p19sESWNC [FFF] F"]
    rng = random.Random(5)
    orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    for _ in range(300):  # seven pairs and thirteen orphans by construction
        kinds = rng.sample(range(34), 7)
        texts.append(_text([t for t in kinds for _ in (0, 1)], rng))
        tiles = orphans + [rng.choice(orphans)]
        texts.append(_text(tiles, rng))
    def plain(hand, options):
        return [r for name in riichi_readings.FORMS for r in FORMS[name](hand, hand.counts, 0, False, options)]

    found = readers_agree(texts, riichi_readings.readings, plain)
    assert min(found[form] for form in riichi_readings.FORMS) > 100, found
    from scorer.rulesets.variant import load_variant

    assert load_variant("riichi").forms == riichi_readings.FORMS


def _text(tiles, rng):
    names = []
    for t in tiles:
        names.append(f"{t % 9 + 1}{'mps'[t // 9]}" if t < 27 else "ESWNPFC"[t - 27])
    win = rng.choice(names)
    names.remove(win)
    return "".join(sorted(names)) + " " + win
