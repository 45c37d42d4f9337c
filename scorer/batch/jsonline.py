"""`mjscore batch --format jsonl` records as text, made by the process that scored the hand.

The text is byte for byte `json.dumps(output.result_dict(r), ensure_ascii=False)` without its braces
(the writer wraps it with the record's file, line, session and ledger): a `--jobs` worker hands back
one string instead of a nest of dicts to pickle and unpickle, and the encoding is spread over the
workers instead of falling on the process that reads, keeps the ledger and writes.

Most of a record does not change from hand to hand: the ruleset's options, the items with their rule
texts, the details and the context are the same objects for many hands (the engine keeps its
HandValues per item list, its Contexts per key and its options per bound ruleset), and encoding them
again for every record cost as much as scoring the hand. So their text is kept by the values it is
made of (lru_cache; the context by its whole value, `context_text`); a record joins the kept pieces with the few that are new per hand (the hand, the
reading, the payments). The pieces are result_dict's members in its order, each encoded alone, which
is the same text as the whole dict encoded (json's separators are ", " and ": " at every level);
tests/test_jsonline.py checks it on every shipped ruleset. A result with wild tiles or warnings (rare
in a batch, and their members are per hand) is encoded whole.
"""
from __future__ import annotations

import json
from functools import lru_cache

from ..core.replay import context_echo
from ..core.result import Transfer, net_of, num
from ..output.render import SCHEMA_VERSION
from ..output.results import block_text, details_dict, result_dict

encode = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps(x, ensure_ascii=False) without a new encoder a call


def _no_default(o):
    raise TypeError(f"Object of type {type(o).__name__} is not JSON serializable")


try:  # the C encoder json.dumps builds on every call, built once (the same text, a third of the time)
    from json.encoder import c_make_encoder, encode_basestring

    _chunks = c_make_encoder(None, _no_default, encode_basestring, None, ": ", ", ", False, False, True)

    def fast(obj) -> str:
        """encode(obj) for data without cycles (this module's own)."""
        return "".join(_chunks(obj, 0))
except (ImportError, TypeError):  # a Python without the C accelerator
    fast = encode

@lru_cache(maxsize=64)
def _head(variant_id: str) -> str:
    return f'"schema_version": {encode(SCHEMA_VERSION)}, "variant": {encode(variant_id)}, "hand": '


def _value_parts(v) -> tuple:
    """(total and items, details to base) of a HandValue: the members before and after the reading,
    kept by the values they are made of (a night's hands share a few hundred)."""
    total, base = v.total, v.base
    try:
        return _value_text(total, total.__class__, v.unit, tuple(v.items),
                           tuple((k, x, x.__class__) for k, x in v.details.items()), v.limit, base, base.__class__)
    except TypeError:  # (something unhashable: made, not kept)
        return _value_text.__wrapped__(total, None, v.unit, v.items,
                                       tuple((k, x, None) for k, x in v.details.items()), v.limit, base, None)


@lru_cache(maxsize=4096)
def _value_text(total, _total_kind, unit, items, details, limit, base, _base_kind) -> tuple:
    return (f'"total": {encode({"value": num(total), "unit": unit})}, '
            f'"items": {encode([i.as_dict() for i in items])}, "decomposition": ',
            f'"details": {encode(details_dict({k: x for k, x, _kind in details}))}, "limit": {encode(limit)}, '
            f'"base": {encode(num(base))}, "legal": true, "payments": ')


@lru_cache(maxsize=256)
def options_text(options: tuple) -> str:
    """A result's options (their items, with the class of each value: 1 and True) as JSON."""
    return encode({k: x for k, x, _kind in options})


def context_text(ctx) -> str:
    """The whole context's echo (core/replay.py: every flag, --set fact and rule, so that a stored
    record replays) as JSON, kept by the Context's values and the order of its mappings' keys (the
    echo writes them in that order); made afresh when a value is unhashable."""
    key = ctx.value_key
    if key is None:
        return encode(context_echo(ctx))
    kept = _kept_context((key, tuple(ctx.extra), tuple(ctx.others), tuple(ctx.rules)))
    if not kept:
        kept.append(encode(context_echo(ctx)))
    return kept[0]


@lru_cache(maxsize=1024)
def _kept_context(key) -> list:
    """The list one context's text is kept in, per context_text's key."""
    return []


def transfer_fields(transfers) -> tuple:
    """The transfers as a key of their values: the class of each amount is in it since 4 and 4.0 are
    equal keys."""
    return tuple((t.frm, t.to, t.amount, t.amount.__class__, t.why) for t in transfers)


@lru_cache(maxsize=8192)  # the transfers are new for each hand, but a night has a few thousand kinds
def _paid_text(seats: tuple, fields: tuple) -> str:
    transfers = [Transfer(frm, to, amount, why) for frm, to, amount, _kind, why in fields]
    return fast([t.as_dict() for t in transfers]) + ', "net": ' + fast(net_of(transfers, seats))


def payment_parts(result) -> tuple:
    """The parts of members(result)'s text that are the same for every hand of one ruleset, context,
    options and payments: (before the hand; from the payments to why_chosen's value)."""
    ctx = result.ctx
    return payment_parts_of(result.variant.id, ctx.seats, transfer_fields(result.transfers), context_text(ctx),
                            options_of(result.options))


def options_of(options: dict) -> str:
    """options_text of a result's options dict (encoded afresh when a value is unhashable)."""
    try:
        return options_text(tuple((k, x, x.__class__) for k, x in options.items()))
    except TypeError:  # (an unhashable option value)
        return encode(options)


def payment_parts_of(variant_id: str, seats: tuple, fields: tuple, context: str, options_text: str) -> tuple:
    """payment_parts of these values and texts (scorer/batch/run.py keeps them by the same values)."""
    return (_head(variant_id),
            "".join((_paid_text(seats, fields), ', "context": ', context, ', "options": ', options_text,
                     ', "why_chosen": ')))


def members(result, hand: str | None = None, kept: tuple | None = None) -> str:
    """The members of result_dict(result) as JSON text, without the surrounding braces. `hand`:
    result.hand.text(), when the caller has it already; `kept`: payment_parts(result), when the caller
    has them."""
    got = member_parts(result, hand, kept)
    return got if got.__class__ is str else "".join(got)


def member_parts(result, hand: str | None = None, kept: tuple | None = None):
    """members()'s text as the tuple of its parts, most of them kept (a --jobs worker hands them
    back: the kept ones are pickled once a chunk), or the whole text when it is made whole."""
    wild = result.wild
    if (wild is not None and wild.tile is not None) or result.warnings:
        return encode(result_dict(result))[1:-1]
    head, tail = kept or payment_parts(result)
    before, after = _value_parts(result.value)
    reading = result.chosen.reading
    why = result.why_chosen
    why_text = _json_text(why) if why.__class__ is str else fast(why)
    form = reading.form
    form_text = ', "form": ' + (_json_text(form) if form.__class__ is str else fast(form)) + ', "winning_block": '
    win = reading.win
    return (head, fast(result.hand.text() if hand is None else hand), ", ", before,
            fast([block_text(b) for b in reading.blocks]), form_text, str(win) if win.__class__ is int else fast(win),
            ", ", after, tail, why_text)




@lru_cache(maxsize=1024)
def _json_text(text: str) -> str:
    """A string's JSON (why_chosen's few sentences, the forms' names recur through a batch)."""
    return fast(text)
