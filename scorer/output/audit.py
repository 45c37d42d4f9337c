"""`mjscore audit` output: text (disagreements first, then one line a hand, then a summary) and
JSON (docs/JSON.md, docs/schema/audit.json), written as the audits arrive so that memory stays
flat over thousands of files: text keeps only the disagreements to print first (the rest waits in
a temporary file that spills to disk past a few megabytes); JSON is written game by game."""
from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, field

from ..audit.replay import FinalAudit, GameAudit, HandAudit
from ..audit.run import Unreadable
from .width import text_width, wrap_text

COLS = 80

KINDS = {"win": "win", "draw": "draw", "abort": "abort", "nagashi": "nagashi"}


def _signed(x) -> str:
    return f"{x:+d}" if x else "0"


def _row(values) -> str:
    return "".join(f"{_signed(v):>7}" for v in values)


def _points(values) -> str:
    return " ".join(str(v) for v in values)


def _result(values) -> str:
    return " ".join(f"{v:+.1f}" for v in values)


def _name(text: str, room: int) -> str:
    """A name cut to `room` display columns (a CJK character takes two)."""
    if text_width(text) <= room:
        return text
    out = ""
    for ch in text:
        if text_width(out + ch) > room - 1:
            break
        out += ch
    return out + "~"


def _players(players) -> str:
    return "players: " + ", ".join(_name(p, 15) for p in players)


@dataclass
class Tally:
    games: int = 0
    hands: int = 0
    hands_agree: int = 0
    games_agree: int = 0
    finals_agree: int = 0
    refused: list = field(default_factory=list)  # [(file, reason)]: unreadable files, games not audited

    def add(self, g: GameAudit) -> None:
        self.games += 1
        self.hands += len(g.hands)
        self.hands_agree += sum(h.agree for h in g.hands)
        self.games_agree += g.agree
        self.finals_agree += bool(g.final is not None and g.final.agree)

    @property
    def ok(self) -> bool:
        return self.games > 0 and self.games_agree == self.games and not self.refused

    def status(self) -> int:
        """0 everything agrees; 1 something disagrees or was refused; 2 no input was a game log."""
        if self.games == 0:
            return 2
        return 0 if self.ok else 1

    def as_dict(self) -> dict:
        return {"games": self.games, "hands": self.hands, "agree": self.hands_agree,
                "games_agree": self.games_agree, "finals_agree": self.finals_agree,
                "refused": len(self.refused), "all_agree": self.ok}

    def text(self) -> str:
        refused = f"; {len(self.refused)} refused" if self.refused else ""
        return (f"summary: {self.games} game(s), {self.hands} hands: {self.hands_agree} agree, "
                f"{self.hands - self.hands_agree} differ; {self.finals_agree} final results agree"
                f"{refused}")


def _file(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def hand_line(h: HandAudit) -> str:
    mark = "agree" if h.agree else "DIFFERS"
    figures = _row(h.scored if h.scored is not None else h.recorded)
    return f"  {h.round}-{h.honba:<2} {KINDS[h.kind]:<7}{figures}  {mark:<7}  {h.note}".rstrip()


def final_lines(f: FinalAudit | None) -> list[str]:
    if f is None:
        return ["  final   the log has no final result"]
    if f.agree:
        return [f"  final   {_points(f.recorded_points)}  {_result(f.recorded_result)}  agree"]
    out = [f"  final   log    {_points(f.recorded_points)}  {_result(f.recorded_result)}"]
    if f.scored_result is None:
        out.append("          ours   the table does not end the game where the log does")
    else:
        out.append(f"          ours   {_points(f.scored_points)}  {_result(f.scored_result)}")
    return out


def disagreement_lines(g: GameAudit) -> list[str]:
    """What differs in one game: each hand's two rows and breakdown, the final, the problem."""
    out = []
    if g.problem:
        out += wrap_text(f"{_file(g.file)}: {g.problem}", COLS, "", "  ")
    for h in g.hands:
        if h.agree:
            continue
        out.append(f"{_file(g.file)} {h.round}-{h.honba} {h.kind}" + (f" ({h.note})" if h.note else "") + ":")
        out.append(f"  log  {_row(h.recorded)}")
        out.append(f"  ours {_row(h.scored)}" if h.scored is not None else "  ours (not settled)")
        for line in h.differs:
            out += wrap_text(line, COLS, "    ", "      ")
    if g.final is not None and not g.final.agree:
        out.append(f"{_file(g.file)} final:")
        out += final_lines(g.final)[:2]
    return out


class TextReport:
    """Collects the audits; `finish(out)` writes disagreements, the hands, the summary."""

    def __init__(self):
        self.tally = Tally()
        self.bad: list[str] = []
        self.rest = tempfile.SpooledTemporaryFile(max_size=4 << 20, mode="w+", encoding="utf-8")

    def add(self, item) -> None:
        if isinstance(item, Unreadable):
            self.tally.refused.append((item.file, item.reason))
            self.bad += wrap_text(f"refused: {item.reason}", COLS, "", "  ")
            return
        if item.problem and not item.hands:
            self.tally.refused.append((item.file, item.problem))
        self.tally.add(item)
        if not item.agree:
            self.bad += disagreement_lines(item)
        lines = [f"{_file(item.file)}", "  " + _players(item.players)]
        lines += [hand_line(h) for h in item.hands]
        if item.problem:
            lines += wrap_text(f"not audited as the log has it: {item.problem}", COLS, "  ", "    ")
        if item.hands:
            lines += final_lines(item.final)
        self.rest.write("\n".join(lines) + "\n")

    def finish(self, write) -> int:
        if self.bad:
            write("Disagreements:\n" + "\n".join(self.bad) + "\n\n")
        self.rest.seek(0)
        for chunk in iter(lambda: self.rest.read(1 << 16), ""):
            write(chunk)
        self.rest.close()
        write(self.tally.text() + "\n")
        return self.tally.status()


def game_json(g: GameAudit) -> dict:
    d = {"file": g.file, "players": list(g.players),
         "hands": [{"round": h.round, "honba": h.honba, "kind": h.kind, "recorded": list(h.recorded),
                    "scored": list(h.scored) if h.scored is not None else None, "agree": h.agree,
                    "note": h.note,
                    **({"differs": list(h.differs)} if h.differs else {})} for h in g.hands],
         "final": None, "agree": g.agree}
    f = g.final
    if f is not None:
        d["final"] = {"recorded": {"points": list(f.recorded_points), "result": list(f.recorded_result)},
                      "scored": ({"points": list(f.scored_points), "result": list(f.scored_result)}
                                 if f.scored_result is not None else None),
                      "agree": f.agree}
    if g.problem:
        d["problem"] = g.problem
    return d


class JsonReport:
    """One JSON object on one line, written game by game."""

    def __init__(self, write):
        self.write = write
        self.tally = Tally()
        self.first = True
        write('{"schema_version": "1", "games": [')

    def add(self, item) -> None:
        if isinstance(item, Unreadable):
            self.tally.refused.append((item.file, item.reason))
            return
        if item.problem and not item.hands:
            self.tally.refused.append((item.file, item.problem))
        self.tally.add(item)
        self.write(("" if self.first else ", ") + json.dumps(game_json(item), ensure_ascii=False))
        self.first = False

    def finish(self, write=None) -> int:
        refused = [{"file": f, "reason": r} for f, r in self.tally.refused]
        self.write('], "refused": ' + json.dumps(refused, ensure_ascii=False)
                   + ', "summary": ' + json.dumps(self.tally.as_dict()) + "}\n")
        return self.tally.status()
