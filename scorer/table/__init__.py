"""A live table kept in one SQLite file: players, seats, dealer, wind and streak, every payment
event of the night, standings per player, undo, export/import, seasons and charts.

`game.py` the engine in memory (one game settled event by event, the same for a file and for a log
replay), `final.py` what the players play for at the end (oka and uma, table points), `book.py` the
table file's events settled through that engine, `store.py` the file, `state.py` the rotation, `rules.py` the
ruleset's `session:` block, `settle.py` the events that are not wins, `report.py` what is shown,
`exchange.py` hand files out and in, `records.py` the batch record kinds, `chart.py` the PNG."""
