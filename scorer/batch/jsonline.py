"""`mjscore batch --format jsonl` records as text, made by the process that scored the hand.

The text is byte for byte `json.dumps(output.result_dict(r), ensure_ascii=False)` without its braces
(the writer wraps it with the record's file, line, session and ledger): a `--jobs` worker hands back
one string instead of a nest of dicts to pickle and unpickle, and the encoding is spread over the
workers instead of falling on the process that reads, keeps the ledger and writes.

Most of a record does not change from hand to hand: the ruleset's options, the items with their rule
texts, the details and the context are the same objects for many hands (the engine keeps its
HandValues per item list, its Contexts per key and its options per bound ruleset), and encoding them
again for every record cost as much as scoring the hand. So their text is made once per object and
kept (`_text`); a record joins the kept pieces with the few that are new per hand (the hand, the
reading, the payments). The pieces are result_dict's members in its order, each encoded alone, which
is the same text as the whole dict encoded (json's separators are ", " and ": " at every level);
tests/test_jsonline.py checks it on every shipped ruleset. A result with wild tiles or warnings (rare
in a batch, and their members are per hand) is encoded whole.
"""
from __future__ import annotations

import json

from ..core.replay import context_echo
from ..core.result import num
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

_KEPT: dict = {}  # (kind, id(obj)) -> (obj, text): the entry keeps obj alive, so its id stays unique


def _text(kind: str, obj, make) -> str:
    """make(obj), kept per object: the engine hands out the same objects for many hands, and none of
    them changes once made."""
    got = _KEPT.get((kind, id(obj)))
    if got is None or got[0] is not obj:
        if len(_KEPT) >= 8192:
            _KEPT.clear()
        got = _KEPT[(kind, id(obj))] = (obj, make(obj))
    return got[1]


def _head(variant) -> str:
    return f'"schema_version": {encode(SCHEMA_VERSION)}, "variant": {encode(variant.id)}, "hand": '


def _value_parts(v) -> tuple:
    """(total and items, details to base) of a HandValue: the members before and after the reading."""
    return (f'"total": {encode({"value": num(v.total), "unit": v.unit})}, '
            f'"items": {encode([i.as_dict() for i in v.items])}, "decomposition": ',
            f'"details": {encode(details_dict(v.details))}, "limit": {encode(v.limit)}, '
            f'"base": {encode(num(v.base))}, "legal": true, "payments": ')


def _context(ctx) -> str:
    return encode(context_echo(ctx))


_PAID: dict = {}  # the payments' fields and the seats -> the payments and the net as text


def _payments(result) -> str:
    """The payments and the net as text. The transfers are new for each hand, but their fields repeat
    (a few thousand kinds of payment in a night), so the text is kept per their values; the class of
    each amount is in the key since 4 and 4.0 are equal keys."""
    key = (result.ctx.seats, *[(t.frm, t.to, t.amount, t.amount.__class__, t.why) for t in result.transfers])
    got = _PAID.get(key)
    if got is None:
        if len(_PAID) >= 8192:
            _PAID.clear()
        got = _PAID[key] = fast([t.as_dict() for t in result.transfers]) + ', "net": ' + fast(result.net)
    return got


def payment_parts(result) -> tuple:
    """The parts of members(result)'s text that are the same for every hand of one ruleset, Context,
    options and payments: (before the hand; from the payments to why_chosen's value). scorer/batch/run.py
    keeps them per those objects; the HandValue's parts are kept here (_text)."""
    return (_text("head", result.variant, _head),
            "".join((_payments(result), ', "context": ', _text("context", result.ctx, _context),
                     ', "options": ', _text("options", result.options, encode), ', "why_chosen": ')))


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
    before, after = _text("value", result.value, _value_parts)
    reading = result.chosen.reading
    why = result.why_chosen
    why_text = _WHY.get(why)
    if why_text is None:
        why_text = fast(why)
        if why.__class__ is str and len(_WHY) < 1024:
            _WHY[why] = why_text
    form = reading.form
    form_text = _FORMS.get(form)
    if form_text is None:
        form_text = ', "form": ' + fast(form) + ', "winning_block": '
        if form.__class__ is str and len(_FORMS) < 64:
            _FORMS[form] = form_text
    win = reading.win
    return (head, fast(result.hand.text() if hand is None else hand), ", ", before,
            fast([block_text(b) for b in reading.blocks]), form_text, str(win) if win.__class__ is int else fast(win),
            ", ", after, tail, why_text)


_WHY: dict = {}  # why_chosen's text -> its JSON (a batch's few sentences)
_FORMS: dict = {}  # a reading's form -> its JSON between the decomposition and the winning block
