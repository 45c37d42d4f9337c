"""Batch records to jobs: a record's shape checked and split into (ruleset, hand, context) with the
header defaults, the command line's ruleset and rules and the config file's house rules laid under it
(the rules of batch.py's docstring). `prepare` does it for one record; `Preparer` for a run, with the
work that is the same for every record under one header done once."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from ..errors import MjError
from ..rulesets import DEFAULT_RULESET
from .read import ANNOTATIONS, HEADER_KEYS, Raw, _loads

# ---- records to jobs ---------------------------------------------------------------------------

class Job(NamedTuple):
    """One record ready to score (or already refused, with `error`)."""

    source: str
    line: int
    session: str
    variant: str | None = None
    hand: str | None = None
    ctx: dict | None = None
    start: object = None
    error: str = ""
    file_error: bool = False
    names: dict | None = None  # a live table's seating {E: name, ...}: standings per player (table/records.py)
    claim: object = None  # what the table recorded (`claim:` a total, limit or {net: N}), checked when scored
    event_no: object = None  # a live table's event number (`table_event`): its records are one hand

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}" if self.line else self.source


def _typename(v) -> str:
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false", int: "a number",
            float: "a number", type(None): "nothing"}.get(type(v), type(v).__name__)


def session_label(session, table, source) -> str:
    if session is not None and table is not None:
        return f"{session} / table {table}"
    if session is not None:
        return str(session)
    if table is not None:
        return f"table {table}"
    return source


def _check_start(start):
    if start is None:
        return None
    if isinstance(start, bool) or not isinstance(start, (int, float, dict)):
        raise ValueError(f"start must be a number or a mapping of seats to numbers, got {_typename(start)} {start!r}")
    if isinstance(start, dict):
        from ..rulesets.context import SEAT_WORDS, SEATS

        seats = {}
        for k, v in start.items():
            i = SEAT_WORDS.get(k.strip().upper()) if isinstance(k, str) else None  # E or east, as --seat takes it
            if i is None:
                raise ValueError(f"start: {k!r} is not a seat (E S W N, or east, south, west, north)")
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise ValueError(f"start: {k} must be a number, got {v!r}")
            if SEATS[i] in seats:
                raise ValueError(f"start: seat {SEATS[i]} is given twice")
            seats[SEATS[i]] = v
        start = seats
    for v in start.values() if isinstance(start, dict) else [start]:
        if not math.isfinite(v) or abs(v) > 10 ** 12:
            raise ValueError(f"start must be a finite number within -10^12..10^12, got {v!r}")
    return start


def prepare(raw: Raw, variant: str = DEFAULT_RULESET, rules: dict | None = None, house=None) -> Job:
    """Check a record's shape and split it into (variant, hand, context). Never raises. `house`
    (config.house_rules()) gives the config file's house rules for a record's ruleset: below `rules`
    (the command line's) and the record's own."""
    if raw.error:
        return Job(raw.source, raw.line, raw.source, error=raw.error, file_error=raw.file_error)
    d = raw.data
    if not isinstance(d, dict):
        return Job(raw.source, raw.line, raw.source,
                   error=f"a record is a mapping with a hand key, got {_typename(d)}")
    merged = {**raw.defaults, **d}
    if isinstance(raw.defaults.get("rules"), dict) and isinstance(d.get("rules"), dict):
        merged["rules"] = {**raw.defaults["rules"], **d["rules"]}
    session = merged.pop("session", None)
    table = merged.pop("table", None)
    label = raw.source
    try:
        if session is not None or table is not None:
            for key, v in (("session", session), ("table", table)):
                if v is not None and (isinstance(v, bool) or not isinstance(v, (str, int, float))):
                    raise ValueError(f"{key} must be a name or number, got {_typename(v)}")
            label = session_label(session, table, raw.source)
        if "hand" not in merged and "event" not in merged:
            keys = ", ".join(sorted(map(str, d))) or "none"
            raise ValueError(f"no hand in this record (keys: {keys})")
        # a record (or its file's header) that names its ruleset and its options is scored under
        # those: the config file's house rules are for files that leave them out
        own_rules = "variant" in merged and "rules" in merged
        hand = merged.pop("hand", None)  # None: a live table's draw, kong or false win (`event:`)
        if hand is not None and not isinstance(hand, str):
            raise ValueError(f"hand must be text in the notation, got {_typename(hand)} {hand!r}")
        var = merged.pop("variant", None)
        if var is None:
            var = variant
        if not isinstance(var, str) or not var:
            raise ValueError(f"variant must be a ruleset id or path, got {_typename(var)} {var!r}")
        start = _check_start(merged.pop("start", None))
        claim = merged.pop("claim", None)
        if claim is not None:
            from ..core.claims import parse_claim

            try:
                parse_claim(claim["net"], net=True) if isinstance(claim, dict) and set(claim) == {"net"} else parse_claim(claim)
            except MjError as e:
                raise ValueError(f"claim: {e}") from None
        for key in ANNOTATIONS:  # the writer's own notes, never facts of the hand
            merged.pop(key, None)
        for k in merged:
            if not isinstance(k, str):
                raise ValueError(f"keys are names, got {k!r}")
        if house is not None and not own_rules:
            own = house(var)
            if own:
                rules = {**own, **rules} if rules else own
        if rules:
            r = merged.get("rules")
            if r is None:
                merged["rules"] = dict(rules)
            elif isinstance(r, dict):
                merged["rules"] = {**rules, **r}
        for key in ("rules", "others"):
            if key in merged and not isinstance(merged[key], dict):
                raise ValueError(f"{key} must be a mapping, got {_typename(merged[key])}")
        names = event_no = None
        if "names" in merged or "table_event" in merged:
            from ..table.records import table_keys

            names, event_no = table_keys(merged)
    except ValueError as e:
        return Job(raw.source, raw.line, label, error=str(e))
    return Job(raw.source, raw.line, label, var, hand, merged, start, "", False, names, claim, event_no)


_new_job = tuple.__new__  # Job(...) without its Python-level __new__ (one a record)
# record keys prepare() does more with than pass them on to the context
_OWN_KEYS = frozenset({"session", "table", "variant", "start", "claim", *ANNOTATIONS, "rules", "others", "names",
                       "table_event", "event"})
_ATOMS = frozenset({str, int, float, bool, type(None)})  # JSON's values that are not containers


@lru_cache(maxsize=512)
def _plain_shape(shape: tuple) -> bool:
    """Are a record's keys (in order) a hand and context keys?"""
    return "hand" in shape and all(k.__class__ is str for k in shape) and _OWN_KEYS.isdisjoint(shape)


@lru_cache(maxsize=4096)
def _tail_keys(after: str):
    """The keys and values that json.loads gives after the hand of a line `{"hand": "...` + after,
    when they are a record()'s plain context keys with values that are not containers (a record's own
    containers are its own); else None. A backslash (an escaped key could spell `hand`) or a `hand`
    key among them: None. The dict is shared by the lines with this text: nobody changes it."""
    if "\\" in after or '"hand"' in after:
        return None
    try:
        data = _loads('{"hand": 0' + after)
    except (ValueError, RecursionError):
        return None
    if data.__class__ is dict and _OWN_KEYS.isdisjoint(data) and all(v.__class__ in _ATOMS for v in data.values()):
        del data["hand"]
        return data
    return None


class Preparer:
    """prepare(raw, variant, rules, house) for one run, with the work that is the same for every record
    under one header done once: a record whose keys are a hand and context keys (no key prepare()
    reads itself, checked once per set of keys) under header defaults that prepare() takes without
    complaint (checked once per header) is joined with them in one step. Anything else goes to
    prepare(). tests/test_batch_prepare.py compares the two on records of every shape."""

    def __init__(self, variant: str = DEFAULT_RULESET, rules: dict | None = None, house=None):
        self.variant, self.rules, self.house = variant, rules, house
        self._last = (None, None)  # the last header's defaults and _base of them (records come by header)

    def __call__(self, raw: Raw) -> Job:
        if raw.error:
            return prepare(raw, self.variant, self.rules, self.house)
        return self.record(raw.source, raw.line, raw.data, raw.defaults)

    def record(self, source: str, line: int, d, defaults: dict) -> Job:
        """prepare(Raw(source, line, d, "", defaults), ...)."""
        if d.__class__ is dict:
            try:
                plain = _plain_shape(tuple(d))
            except TypeError:  # (an unhashable key: not a plain record)
                plain = False
            if plain and d["hand"].__class__ is str:
                base = self._base_of(defaults)
                if base is not None:
                    label, var, start, head, tail = base
                    merged = {**head, **d}
                    hand = merged.pop("hand")
                    if tail is not None:
                        merged["rules"] = tail
                    return _new_job(Job, (source, line, source if label is None else label, var, hand, merged, start,
                                          "", False, None, None, None))
        return prepare(Raw(source, line, d, "", defaults), self.variant, self.rules, self.house)

    def line(self, source: str, line: int, text: str, defaults: dict):
        """record(source, line, json.loads(text), defaults) for a JSON line that starts `{"hand": "`,
        or None when it is not that simple (the caller reads it as JSON). The hand is sliced out as
        it is written (JSON writes such a hand as itself: printable, no backslash); the rest of the
        line, where a file's lines repeat a few hundred contexts, is read as JSON once per text
        (_tail_keys) and joined with the header."""
        end = text.find('"', 10)
        if end < 0:
            return None
        got = self._line(text[end + 1:], defaults)
        if got is None:
            return None
        hand = text[10:end]
        if "\\" in hand or not hand.isprintable():
            return None
        return _new_job(Job, (source, line, source if got[1] is None else got[1], got[2], hand, got[3], got[4],
                              "", False, None, None, None))

    def _line(self, after: str, defaults: dict):
        """(defaults, the session's label or None, the ruleset, the context, the start) of a line whose
        text after the hand is `after`, or None when record() must look."""
        keys = _tail_keys(after)
        base = self._base_of(defaults) if keys is not None else None
        if base is None:
            return None
        label, var, start, head, tail = base
        merged = {**head, **keys}  # ({**head, **d} less the hand: no header key is `hand`)
        if tail is not None:
            merged["rules"] = tail
        return defaults, label, var, merged, start

    def _base_of(self, defaults: dict):
        """_base(defaults), made once per header (a file's records come header by header)."""
        last, base = self._last
        if last is not defaults:
            base = self._base(defaults)
            self._last = (defaults, base)
        return base

    def _base(self, defaults: dict):
        """What prepare() makes of the header defaults alone, for a record with a hand and context keys:
        (the session's label or None for the file's name, the ruleset, the start, the context's keys
        that come before the record's, the rules that come after them or None); None when prepare()
        must look (a key it reads itself, a value it refuses)."""
        if not defaults.keys() <= HEADER_KEYS or not all(k.__class__ is str for k in defaults):
            return None  # (a `hands:` mapping's other keys)
        head = dict(defaults)
        session = head.pop("session", None)
        table = head.pop("table", None)
        label = None
        for v in (session, table):
            if v is not None and (isinstance(v, bool) or not isinstance(v, (str, int, float))):
                return None
        if session is not None or table is not None:
            label = session_label(session, table, None)
        own_rules = "variant" in head and "rules" in head  # a file that names both: no config defaults
        var = head.pop("variant", None)
        if var is None:
            var = self.variant
        if not isinstance(var, str) or not var:
            return None
        try:
            start = _check_start(head.pop("start", None))
        except ValueError:
            return None
        rules = self.rules
        if self.house is not None and not own_rules:
            own = self.house(var)
            if own:
                rules = {**own, **rules} if rules else own
        tail = None
        if "rules" in head:
            r = head["rules"]
            if r.__class__ is not dict:
                return None
            if rules:
                head["rules"] = {**rules, **r}
        elif rules:
            tail = dict(rules)  # (shared by the records: a context's dicts are never changed in place)
        return label, var, start, head, tail
