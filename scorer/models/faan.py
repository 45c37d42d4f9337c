"""Faan counted against a table minimum and turned into base points by a progressive table."""
from __future__ import annotations

from ..registry import value_model
from ..result import HandValue


def table_lookup(table, faan):
    """`table` is [[faan, points], ...] ascending: the points of the highest row not above `faan`."""
    points = 0
    for at, pts in table:
        if faan >= at:
            points = pts
    return points


@value_model()
def faan_table(items, ctx, bound, total=None, table=(), minimum=0, minimum_excludes=("bonus",),
               limit_pay=0, limit_faan=None, unit="faan", over_table="cap", step=2,
               half_limit_on_discard=False):
    """Sum the faan; refuse a hand whose faan outside the `minimum_excludes` groups is below `minimum`;
    convert with `table` ([[faan, base points], ...]); past the last row: `cap` keeps its points,
    `double` doubles per extra faan (`step` the factor). Limit hands pay `limit_pay` (per loser, the
    payment model decides whether it is doubled), half of it on a discard with
    `half_limit_on_discard`; `limit_faan`, if set, is the faan shown for one."""
    items = items or []
    if total is not None:
        faan = total
        counted = total
        is_limit = False
    else:
        faan = sum(i.value for i in items if not i.limit)
        counted = sum(i.value for i in items if not i.limit and i.group not in minimum_excludes)
        is_limit = any(i.limit for i in items)
    if is_limit:
        if half_limit_on_discard and not ctx.by_self_draw:
            limit_pay = limit_pay / 2
        shown = limit_faan if limit_faan is not None else faan
        return HandValue(items, shown, unit, limit_pay, limit=True,
                         details={"limit hand": ", ".join(i.label for i in items if i.limit), "limit": limit_pay},
                         key=(1, limit_pay, faan))
    base = table_lookup(table, faan)
    last_at, last_pts = table[-1] if table else (0, 0)
    if over_table == "double" and faan > last_at:
        base = last_pts * step ** (faan - last_at)
    legal = counted >= minimum
    reason = "" if legal else (f"{counted:g} faan counted towards the minimum, below the table minimum of {minimum}"
                               + (" (bonus faan do not count)" if minimum_excludes else ""))
    details = {"faan": faan, "base points": base}
    if minimum and total is None:
        details["faan towards minimum"] = counted
    return HandValue(items, faan, unit, base, legal=legal, reason=reason, details=details, key=(0, base, faan))
