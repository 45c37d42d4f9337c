"""A hand worth the plain sum of its pattern points, with an optional cap and an optional minimum."""
from __future__ import annotations

from ..core.result import HandValue
from ..errors import VariantError
from ..rulesets.registry import value_model


@value_model(whole=True)
def points(items, ctx, bound, total=None, unit="points", limit=0, minimum=0, minimum_excludes=(),
           limit_value=None):
    """Add up the points of every item. `limit` (0: none) caps the hand's value; `limit_value` is
    what a pattern marked `limit: true` is worth (default: `limit`). A hand whose points outside the
    `minimum_excludes` groups are below `minimum` is not a legal win. Readings are compared on the
    capped value first, then on the uncapped sum, so of two readings at the cap the richer is shown."""
    items = items or []
    if total is not None:
        raw = counted = total
        limit_items = []
    else:
        raw = sum(i.value for i in items if not i.limit)
        counted = sum(i.value for i in items if not i.limit and i.group not in minimum_excludes)
        limit_items = [i for i in items if i.limit]
    details: dict = {}
    value = raw
    if limit_items:
        worth = limit_value if limit_value is not None else limit
        if not worth:
            raise VariantError(f"{', '.join(i.name for i in limit_items)} is a limit pattern but the "
                               "scoring sets no limit or limit_value", bound.variant.path, "scoring")
        value = counted = worth
        details["limit hand"] = ", ".join(i.label for i in limit_items)
    if limit and value > limit:
        details["points"] = raw
        details["capped at"] = limit
        value = limit
    legal = counted >= minimum
    reason = "" if legal else (f"{counted:g} {unit} counted towards the minimum, below the minimum of {minimum:g}"
                               + (f" ({', '.join(minimum_excludes)} points do not count)" if minimum_excludes else ""))
    return HandValue(items, value, unit, value, legal=legal, reason=reason, details=details,
                     limit=bool(limit_items), key=(value, raw))
