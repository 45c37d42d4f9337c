"""Reading real Tenhou game logs into plain values.

This package owns the *reading* of recorded games: the two formats Tenhou publishes (the mjlog XML
the server writes, plain or gzipped, and the tenhou.net/6 JSON its log viewer exports), decoded
into one model (`scorer.logs.model`): the game's players and rules, and per hand the start
points, the riichi declarations, every win in our hand notation with the situational facts
(riichi, ippatsu, rinshan, chankan, haitei/houtei, tenhou/chiihou) derived from the event stream,
and the point changes the log records. It scores nothing and knows nothing of the table; the
audit that replays these hands through our scoring is built on top of it.

Entry point: `scorer.logs.read.read_games(path) -> list[Game]`.

Modules: `model` (the frozen dataclasses, `LogError`, the Tenhou yaku id table), `tiles` (tile
codes of both formats and our notation), `flags` (the situational flags from a neutral event
stream, and the wall count rule), `mjlog` (the XML reader), `tenhou6` (the JSON reader), `read`
(format sniffing and size limits).
"""
