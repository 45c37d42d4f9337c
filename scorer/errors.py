"""Every error mjscore reports to a user. The CLI turns each into one line on stderr and exit status 2
(1 for a rejected batch record); the Python API raises them. No user input raises anything else
(RecursionError, MemoryError, OverflowError... from user input are bugs).

Two families, and an error may belong to one of each:

- *where* the input is wrong: `NotationError` (a hand string), `ContextError` (the win context: flags,
  `--set` keys, record keys), `VariantError` (a ruleset file or `--rule`), `IllegalWin` (a hand the
  ruleset does not allow), `LedgerError` (scorer.batch.ledger: a record that cannot be posted to its session);
- *what kind* of mistake it is (one type per class of user error; catch these to treat a class alike
  wherever it comes from):

  | class | meaning | example |
  |---|---|---|
  | `OutOfBounds` | a count or amount beyond what a real table can produce | `--streak 10000000000` |
  | `NotANumber` | a value that is not the number (or true/false) its key needs | `--total nan`, `"streak": 1.9` |
  | `UnknownName` | a key, flag or name nothing reads (it would be ignored) | `--set only_posible_tile=true` |
  | `TooLarge` | input beyond the size, depth or node limits, or not a regular file | a YAML alias bomb, `-v /dev/zero` |
  | `Contradiction` | facts that cannot all be true, or figures in different units | `--self-draw --discarder S` |
  | `OutputError` | an output that cannot be written, or would destroy an input | `--out` onto the hand file |

  `WorkerLost` (batch `--jobs`: a scoring process died) is not a user error: exit status 3.
"""


class MjError(Exception):
    """Base of every error mjscore reports to a user (never a traceback)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


# ---- what kind of mistake -----------------------------------------------------------------------

class OutOfBounds(MjError):
    """Class 1: a count or amount beyond its physical bound (a fifth kong, a banker streak beyond the
    ruleset's cap, `pay --total` beyond any real hand). The message names the key and the bound."""


class NotANumber(MjError):
    """Class 2: a value that is not a finite number, a negative or fractional count, text where
    true/false is needed (`ture`), or a ruleset default of the wrong kind. Names the key."""


class UnknownName(MjError):
    """Class 3: input that would be silently ignored: an unknown `--set` or record key, a flag the
    ruleset does not read, an empty ruleset name, a duplicate YAML key, a short CSV row. Names the
    closest valid name when one is near ("did you mean ...?")."""


class TooLarge(MjError):
    """Class 4: input beyond a size limit (file bytes, YAML nodes and aliases, nesting depth), or a path
    that is not a regular file where a file is needed (a device, a FIFO)."""


class Contradiction(MjError):
    """Class 7: facts that cannot all hold (a dealer and a seat wind that disagree, two ways of
    winning), or figures in different units summed into one ledger column."""


class OutputError(MjError):
    """Classes 6 and 8: an output that cannot be written (a missing folder, a full disk, a read-only
    or special file) or that would replace one of the inputs."""


class WorkerLost(MjError):
    """A batch scoring process died (killed by the OS): not the input's fault, exit status 3. The
    message says which records were written."""


# ---- where the input is wrong -------------------------------------------------------------------

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


# ---- both: raised where the family and the kind are known ----------------------------------------

class ContextBounds(ContextError, OutOfBounds):
    """A context count beyond its bound (`--streak`, `--kong-draw`, `--floats`, a `--set` count)."""


class ContextValue(ContextError, NotANumber):
    """A context value of the wrong kind (`"streak": 1.9`, `--claim nan`, `ture`)."""


class ContextUnknown(ContextError, UnknownName):
    """A context key or flag the ruleset does not read."""


class ContextContradiction(ContextError, Contradiction):
    """Context facts that cannot all hold (seat winds against the dealer...)."""


class VariantValue(VariantError, NotANumber):
    """A ruleset value of the wrong kind (`default: -1` for a stake, `--rule stake=nan`)."""


class VariantUnknown(VariantError, UnknownName):
    """An unknown ruleset key, option or id, or a duplicate key."""


class VariantTooLarge(VariantError, TooLarge):
    """A ruleset file too large, too deep, with too many YAML nodes or aliases, or not a regular file."""
