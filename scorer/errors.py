"""One base exception for everything a user can get wrong; the CLI turns it into exit status 2."""


class MjError(Exception):
    """Base of every error mjscore reports to a user (never a traceback)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class NotationError(MjError):
    """A hand string that does not parse; `column` is 1-based in the string the user typed."""

    def __init__(self, message: str, text: str = "", column: int | None = None):
        self.text = text
        self.column = column
        where = f" at column {column}" if column is not None else ""
        super().__init__(f"{message}{where}" + (f" in {text!r}" if text else ""))
        self.reason = message


class ContextError(MjError):
    """A win context that is malformed or contradicts itself (self-draw with a discarder...)."""


class VariantError(MjError):
    """A ruleset YAML that does not load: names the file and the key."""

    def __init__(self, message: str, source: str = "", key: str = ""):
        where = ", ".join(x for x in (source and f"file {source}", key and f"key {key}") if x)
        super().__init__(f"{where}: {message}" if where else message)


class IllegalWin(MjError):
    """A hand that is not a legal win under the ruleset, with the rule that refuses it."""

    def __init__(self, message: str, rule: str = ""):
        self.rule = rule
        super().__init__(message + (f" ({rule})" if rule else ""))


class ImpossibleHand(ContextError, IllegalWin):
    """A hand and context no table can produce (a robbed kong whose tile the winner holds again, a
    kong replacement without the kongs): both a contradictory context and an illegal win."""
