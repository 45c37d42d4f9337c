"""What every text and JSON rendering shares: the JSON schema version and how a figure prints."""
from __future__ import annotations

from ..core.result import num

SCHEMA_VERSION = "1"  # docs/JSON.md; raised when a field changes meaning or goes away


def fmt(x) -> str:
    """A figure as a table writes it: 4, 2.5 (never 4.0)."""
    x = num(x)
    return f"{x:g}" if isinstance(x, float) else str(x)
