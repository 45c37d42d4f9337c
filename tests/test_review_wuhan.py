"""Review of the Wuhan rulesets (wuhan, wuhan-3p) against their rule text
(Wuhan page, 上がりの条件 (winning conditions) and 紅中發財頼子槓 (red and green option), Japanese) and RULINGS.md (wuhan): figures
found wrong in review, each worked out by hand from the text.

Points of a pair = base (small 1, big 10 each) x 2 per whole fan x 1.5 per half fan, the fan being the
winner's own plus that loser's own (RULINGS)."""
import pytest

from scorer.errors import ContextError, IllegalWin
from tests.test_wuhan import run

ALL_OPEN = {"E": "o", "S": "o", "W": "o"}


def paid(r):
    out = {}
    for t in r.transfers:
        out[t.frm] = out.get(t.frm, 0) + t.amount
    return out


# ---- a laizi put out is a laizi kong, never a discard (Wuhan page, 飜 (fan)) ------------------------------------

def test_no_win_on_a_discarded_laizi():
    # Wuhan page, 飜 (fan): '頼子はカンしても捨てても頼子槓になる': a laizi that leaves a hand, konged or
    # discarded, is that player's laizi kong (2 fan to him), not a discard anyone may claim; the only win
    # on another player's tile besides a discard is robbing an added kong (搶槓, Wuhan page, 役 (hands): 'ポンに牌を付け
    # 加えるカン'), which a laizi never is. So S cannot win on W's laizi 1s. The code scored it as a
    # discard win (S +24, W paying as discarder).
    hand = "[234m,1] [678s,3] 345p 678p 2s 1s"   # the winning tile is the laizi 1s
    others = {"E": "o", "W": "o", "N": "ck=1"}
    with pytest.raises(IllegalWin, match="Wuhan page, 飜"):
        run(hand, wild="1s", seat="S", discarder="W", others=others)
    # three players alike
    with pytest.raises(IllegalWin, match="Wuhan page, 飜"):
        run("[123p,1] 456p 789s 234p 5s 9p", variant="wuhan-3p", wild="9p", discarder="S",
            others={"E": "o", "S": "o"})
    # the same laizi drawn from the wall is fine: S 1 x2 opened x2 self-draw = 4; E dealer+opened 16,
    # W opened 8, N concealed kong 16
    r = run(hand, wild="1s", seat="S", self_draw=True, others=others)
    assert paid(r) == {"E": 16, "W": 8, "N": 16}
    # and a natural 2s on W's discard, the laizi standing for the other 2s: 2; E 8, W 8, N 8
    r = run("[234m,1] [678s,3] 345p 678p 1s 2s", wild="1s", seat="S", discarder="W", others=others)
    assert paid(r) == {"E": 8, "W": 8, "N": 8}


# ---- the robbed player has opened (Wuhan page, 役 (hands)) ---------------------------------------------------------

def test_robbed_player_has_necessarily_opened():
    # Wuhan page, 役 (hands): 搶槓 robs 'ポンに牌を付け加えるカン', a tile added to a pung the robbed player claimed:
    # he has opened (Wuhan page, 上がりの条件 (winning conditions): ポン is 開口) whether or not `others` says so. N robs S's 2p (2-5-8 eyes):
    # 10 x2 opened x2 hard = 40. E (dealer, 0 on a big win) opened: 80; S discarder half fan + opened:
    # 40 x1.5 x2 = 120; W opened: 80. S is liable (Wuhan page, 包 (liability)) and pays 280. The code took S, left out of
    # `others`, as never opened: 60 for himself, 220 in all.
    hand = "[123m,1] 456m 789s 34p 55s 2p"
    r = run(hand, robbed="S", others={"E": "o", "W": "o"})
    assert paid(r) == {"S": 280}
    # the gold-top steps see him as opened too: never the sunny 500 for the robbed player
    assert paid(run(hand, robbed="S", others={"E": "o", "W": "o"})) == paid(run(hand, robbed="S", others=ALL_OPEN))
    # saying he never opened contradicts the robbed pung
    with pytest.raises(ContextError, match="robbed"):
        run(hand, robbed="S", others={"E": "o", "S": "closed", "W": "o"})


# ---- a kong bloom on a red-dragon or laizi kong's replacement (Wuhan page, 役 (hands)) -------------------------------

def test_kong_bloom_after_a_red_dragon_kong():
    # Wuhan page, 役 (hands): '槓上開: カンの補充牌でのツモ上がり.頼子と紅中のカンでの補充を含みます'. N puts out a
    # red dragon (red kong, 1 fan) and wins on its replacement with 5s eyes: kong bloom 10 x2 opened
    # x2 red kong x2 hard = 80 (no self-draw fan, Wuhan page, 役 (hands)); E dealer 0: 80, S 80, W 80.
    r = run("[123m,1] 456m 789s 234p 5s 5s", kong_draw=1, red_kongs=1)
    assert "kong_bloom" in {i.name for i in r.value.items}
    assert paid(r) == {"E": 80, "S": 80, "W": 80}
    # a laizi kong's replacement too: 10 x2 opened x4 laizi kong x2 hard = 160; each loser 160
    r = run("[123m,1] 456m 789s 234p 5s 5s", kong_draw=1, laizi_kongs=1)
    assert paid(r) == {"E": 160, "S": 160, "W": 160}
