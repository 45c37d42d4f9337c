"""Values passed between the pipeline's stages: scored items, a hand's value, transfers, the result."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Item:
    """One scored element: a pattern hit with its value and unit and the rule it cites."""

    name: str
    label: str
    value: float
    unit: str
    rule: str
    count: int = 1
    group: str = ""
    limit: bool = False
    series: str | None = None

    def as_dict(self) -> dict:
        d = {"name": self.label, "id": self.name, "value": num(self.value), "unit": self.unit, "rule": self.rule}
        if self.count != 1:
            d["count"] = self.count
        if self.limit:
            d["limit"] = True
        return d


@dataclass
class HandValue:
    """What a reading is worth. `base` is what payments start from; `key` orders readings (higher is
    better); `details` are the model's intermediate figures shown in the breakdown."""

    items: list
    total: float
    unit: str
    base: float
    legal: bool = True
    reason: str = ""
    limit: bool = False
    details: dict = field(default_factory=dict)
    key: tuple = ()


@dataclass(frozen=True)
class Transfer:
    frm: str
    to: str
    amount: float
    why: str = ""

    def as_dict(self) -> dict:
        d = {"from": self.frm, "to": self.to, "amount": num(self.amount)}
        if self.why:
            d["why"] = self.why
        return d


def num(x):
    """Whole numbers print as ints (JSON stays `4`, not `4.0`)."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def net_of(transfers, seats) -> dict:
    """Net per seat. Fractional stakes make binary floats (0.1 + 0.2): nets are rounded to 1e-9 so
    they print as the table counts them and sum to zero."""
    net = {s: 0 for s in seats}
    for t in transfers:  # a party that is not a seat (riichi's pot of sticks) joins the net
        net[t.frm] = net.get(t.frm, 0) - t.amount
        net[t.to] = net.get(t.to, 0) + t.amount
    return {s: num(round(v, 9) if isinstance(v, float) else v) for s, v in net.items()}


@dataclass
class Scored:
    """One reading with its facts and value."""

    reading: object
    facts: object
    value: HandValue
    refused: str = ""


@dataclass
class Result:
    """The outcome of scoring one hand: the chosen reading, its value, the payments, every reading."""

    variant: object
    hand: object
    ctx: object
    options: dict
    chosen: Scored
    readings: list
    transfers: list
    why_chosen: str = ""
    wild: object = None
    warnings: list = field(default_factory=list)

    @property
    def value(self) -> HandValue:
        return self.chosen.value

    @property
    def net(self) -> dict:
        return net_of(self.transfers, self.ctx.seats)
