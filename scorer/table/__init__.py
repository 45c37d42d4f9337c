"""A live table kept in one SQLite file: players, seats, dealer, wind and streak, every payment
event of the night, standings per player, undo, export/import, seasons and charts.

`book.py` the table and its events, `ledgered.py` its ledger, `store.py` the file, `ruleset.py` the
ruleset a table keeps, `names.py` player names and `--by`, `state.py` the rotation, `rules.py` the
ruleset's `session:` block, `settle.py` the events that are not wins, `report.py` what is shown,
`exchange.py` hand files out and in, `records.py` the batch record kinds, `chart.py` the PNG,
`outfile.py` the files they write."""
