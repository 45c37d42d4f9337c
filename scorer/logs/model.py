"""The values a Tenhou game log is read into: frozen dataclasses of plain values (ints, strings,
bools, tuples), the same whichever format the log came in.

Units: points are points (a 25,000 start is 25000, not 250 as the mjlog writes it); seats are the
log's seat indexes 0-3 (seat 0 is the first player named, the first dealer); a meld's supplier is
written from its owner's point of view as in docs/NOTATION.md (1 left, 2 opposite, 3 right).

The Tenhou yaku id table (`YAKU`) was checked against two independent public descriptions of the
format: the "Log Format" section of the README of NegativeMjark/tenhou-log (kept as
log/format.txt in dnovikoff/tenhou) and dnovikoff/tenhou's tbase/yaku.go id maps; the Japanese
names are the ones tenhou.net/6 JSON logs print (seen in the logs under tests/data/tenhou).
"""
from __future__ import annotations

from dataclasses import dataclass


class LogError(ValueError):
    """A log that cannot be read: the message is one line naming the file and what is wrong.
    (The integrator reparents this under scorer.errors.MjError.)"""


# Tenhou yaku ids -> (our name, the Japanese name tenhou.net/6 prints). 0-35 and 52-54 are
# han-counted yaku; 36-51 are yakuman.
YAKU: dict[int, tuple[str, str]] = {
    0: ("menzen_tsumo", "門前清自摸和"), 1: ("riichi", "立直"), 2: ("ippatsu", "一発"),
    3: ("chankan", "槍槓"), 4: ("rinshan", "嶺上開花"), 5: ("haitei", "海底摸月"),
    6: ("houtei", "河底撈魚"), 7: ("pinfu", "平和"), 8: ("tanyao", "断幺九"),
    9: ("iipeikou", "一盃口"),
    10: ("seat_wind_east", "自風 東"), 11: ("seat_wind_south", "自風 南"),
    12: ("seat_wind_west", "自風 西"), 13: ("seat_wind_north", "自風 北"),
    14: ("round_wind_east", "場風 東"), 15: ("round_wind_south", "場風 南"),
    16: ("round_wind_west", "場風 西"), 17: ("round_wind_north", "場風 北"),
    18: ("white_dragon", "役牌 白"), 19: ("green_dragon", "役牌 發"), 20: ("red_dragon", "役牌 中"),
    21: ("double_riichi", "両立直"), 22: ("chiitoitsu", "七対子"), 23: ("chanta", "混全帯幺九"),
    24: ("ittsu", "一気通貫"), 25: ("sanshoku", "三色同順"), 26: ("sanshoku_doukou", "三色同刻"),
    27: ("sankantsu", "三槓子"), 28: ("toitoi", "対々和"), 29: ("sanankou", "三暗刻"),
    30: ("shousangen", "小三元"), 31: ("honroutou", "混老頭"), 32: ("ryanpeikou", "二盃口"),
    33: ("junchan", "純全帯幺九"), 34: ("honitsu", "混一色"), 35: ("chinitsu", "清一色"),
    36: ("renhou", "人和"), 37: ("tenhou", "天和"), 38: ("chiihou", "地和"),
    39: ("daisangen", "大三元"), 40: ("suuankou", "四暗刻"), 41: ("suuankou_tanki", "四暗刻単騎"),
    42: ("tsuuiisou", "字一色"), 43: ("ryuuiisou", "緑一色"), 44: ("chinroutou", "清老頭"),
    45: ("chuuren", "九蓮宝燈"), 46: ("junsei_chuuren", "純正九蓮宝燈"),
    47: ("kokushi", "国士無双"), 48: ("kokushi_13", "国士無双１３面"),
    49: ("daisuushii", "大四喜"), 50: ("shousuushii", "小四喜"), 51: ("suukantsu", "四槓子"),
    52: ("dora", "ドラ"), 53: ("ura_dora", "裏ドラ"), 54: ("aka_dora", "赤ドラ"),
}
YAKU_BY_JAPANESE = {jp: name for name, jp in YAKU.values()}
# tenhou.net/6 spells a few names differently from the list above
YAKU_BY_JAPANESE.update({"国士無双十三面": "kokushi_13", "国士無双13面": "kokushi_13",
                         "純正九蓮宝燈": "junsei_chuuren", "四暗刻単騎待ち": "suuankou_tanki",
                         "ダブル立直": "double_riichi"})

# mjlog AGARI ten="fu,points,limit": the limit code; tenhou.net/6 writes the Japanese word.
LIMITS = {1: "mangan", 2: "haneman", 3: "baiman", 4: "sanbaiman", 5: "yakuman"}
LIMITS_BY_JAPANESE = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman",
                      "役満": "yakuman", "数え役満": "yakuman"}

WINDS = "ESWN"
ABORT_KINDS = {"yao9": "nine_terminals", "kaze4": "four_winds", "reach4": "four_riichi",
               "ron3": "triple_ron", "kan4": "four_kongs"}


@dataclass(frozen=True)
class Rules:
    """The table rules the log states. mjlog: the GO tag's `type` bit flags; tenhou.net/6: the
    `rule` object (`disp` text such as 鳳南喰赤, and `aka`/`aka51..53` red-five counts)."""

    red_fives: bool
    open_tanyao: bool
    length: str  # 'hanchan' (east and south) or 'tonpuusen' (east only)
    three_player: bool
    raw: str  # the log's own words: the GO type number, or the rule object as JSON


@dataclass(frozen=True)
class Riichi:
    """One riichi declaration. `turn`: the declarer's own turn in the hand (1 = on their first
    discard). `double`: declared on that first turn before any call (double riichi). `accepted`:
    the declaring discard passed without a ron, so the 1,000-point stick went on the table."""

    seat: int
    turn: int
    double: bool
    accepted: bool


@dataclass(frozen=True)
class RecordedValue:
    """What the log says a win was worth. `han`: the sum of the listed yaku's han (dora included;
    0 for a yakuman); `fu` None where the log does not say (tenhou.net/6 omits it for limit
    hands); `yaku` (name, han) in the log's order; `yakuman` the yakuman names; `limit` 'mangan'..
    'yakuman' or None; `points` the hand's value (mjlog `ten`; a tsumo's payments added up, before
    honba and sticks); `changes` the point change per seat the log records for this win (honba
    and riichi sticks included)."""

    han: int
    fu: int | None
    yaku: tuple[tuple[str, int], ...]
    yakuman: tuple[str, ...]
    limit: str | None
    points: int
    changes: tuple[int, ...]


@dataclass(frozen=True)
class Win:
    """One winner's hand. `hand` is in our notation (docs/NOTATION.md): melds first (chow
    `[340m,N]` N = which tile was claimed; pung/open kong `[555p,N]` N = supplier; added kong
    N+4; concealed kong `{1111m}`), then the concealed tiles, the winning tile last; red fives 0.
    The situational flags are derived from the event stream (scorer.logs.flags), not from the
    recorded yaku; the tests check they agree. `kong_draw` is the number of kongs the winner
    declared in a row before the replacement tile they won on (0: not a kong draw). `robbed` is
    the seat whose added kong was robbed (chankan), else None. `sticks` the riichi sticks this
    winner collects (including ones deposited this hand)."""

    seat: int
    from_seat: int
    self_draw: bool
    hand: str
    win_tile: str
    dora_indicators: tuple[str, ...]
    ura_indicators: tuple[str, ...]
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    kong_draw: int
    robbed: int | None
    last_tile: bool
    first_turn: bool
    seat_wind: str
    round_wind: str
    honba: int
    sticks: int
    pao_seat: int | None
    recorded: RecordedValue


@dataclass(frozen=True)
class Draw:
    """An exhaustive draw (or nagashi mangan). `tenpai` per seat (mjlog: the hands the log shows;
    tenhou.net/6: who received tenpai payments, all False where the log cannot tell);
    `nagashi` the seats that made nagashi mangan (derived from their discards; the tests check
    it against the recorded payments)."""

    tenpai: tuple[bool, ...]
    nagashi: tuple[int, ...]


@dataclass(frozen=True)
class Hand:
    """One hand (kyoku). `sticks_before`: riichi deposits on the table when it starts;
    `start_points` in points; `dora_indicators` every indicator revealed in the hand (the first,
    then kan dora in order). `recorded_changes`: the sum over the log's result tags of the point
    deltas per seat, as the log counts them: honba and riichi sticks collected included, the
    1,000 points each riichi declarer put on the table this hand NOT included (Tenhou takes the
    stick off the points at the declaration). So `sum(recorded_changes) == 1000 * sticks
    collected by winners`, and the next hand starts from `start_points + recorded_changes -
    1000 * (sticks each seat deposited)` (see `deposits`)."""

    round_wind: str
    round_number: int
    dealer: int
    honba: int
    sticks_before: int
    start_points: tuple[int, ...]
    dora_indicators: tuple[str, ...]
    riichi: tuple[Riichi, ...]
    kind: str  # 'win' | 'draw' | 'abort' | 'nagashi'
    wins: tuple[Win, ...]
    draw: Draw | None
    recorded_changes: tuple[int, ...]
    abort_kind: str | None
    kongs: int = 0  # kongs declared in the hand, by anyone
    calls: int = 0  # chows, pungs and kongs declared in the hand

    @property
    def deposits(self) -> tuple[int, ...]:
        """Riichi sticks each seat put on the table this hand."""
        out = [0] * len(self.start_points)
        for r in self.riichi:
            if r.accepted:
                out[r.seat] += 1
        return tuple(out)

    @property
    def end_points(self) -> tuple[int, ...]:
        """The points after the hand: start, minus deposits, plus the recorded changes."""
        return tuple(s - 1000 * d + c for s, d, c in
                     zip(self.start_points, self.deposits, self.recorded_changes))


@dataclass(frozen=True)
class Final:
    """The game's end as the log records it: `points` per seat in points, `result` the score
    with uma and oka as the log prints it (e.g. +48.0)."""

    points: tuple[int, ...]
    result: tuple[float, ...]


@dataclass(frozen=True)
class Game:
    """One game. `complete` is True when the log runs to its final result; otherwise `problem`
    says what is missing (and `final` is None)."""

    file: str
    players: tuple[str, ...]
    seats: int
    rules: Rules
    hands: tuple[Hand, ...]
    final: Final | None
    complete: bool
    problem: str | None
