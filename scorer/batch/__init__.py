"""Hand files in, ledgers and records out: reading YAML, JSON Lines and CSV records, scoring them (on
worker processes with --jobs), and writing rows and the running ledger."""
