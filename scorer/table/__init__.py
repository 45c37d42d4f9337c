"""A live table kept in one SQLite file: players, seats, dealer, wind and streak, every payment
event of the night, standings per player, undo, export/import, seasons and charts.

`book.py` the table and its events, `store.py` the file, `state.py` the rotation, `rules.py` the
ruleset's `session:` block, `settle.py` the events that are not wins, `report.py` what is shown,
`exchange.py` hand files out and in, `records.py` the batch record kinds, `chart.py` the PNG."""
