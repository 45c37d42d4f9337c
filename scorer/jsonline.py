"""`mjscore batch --format jsonl` records as text, made by the process that scored the hand.

The text is byte for byte `json.dumps(output.result_dict(r), ensure_ascii=False)` without its braces
(the writer wraps it with the record's file, line, session and ledger): a `--jobs` worker hands back
one string instead of a nest of dicts to pickle and unpickle, and the encoding is spread over the
workers instead of falling on the process that reads, keeps the ledger and writes.
"""
from __future__ import annotations

import json

from .output import result_dict

encode = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps(x, ensure_ascii=False) without a new encoder a call


def members(result) -> str:
    """The members of result_dict(result) as JSON text, without the surrounding braces."""
    return encode(result_dict(result))[1:-1]
