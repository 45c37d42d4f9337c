"""Auditing real game logs: every hand of a recorded Tenhou game replayed through the live-table
engine (scorer.table) and compared with the point changes and the final result the log records.

Modules: `events` (a log's game as the table's events: the rules the log states and Tenhou's
fixed rules as ruleset options, each hand as a win, draw, abortive draw or nagashi mangan entry
by player names), `replay` (one game settled by the table engine and compared hand by hand, and
the final result), `run` (many files, in order or over worker processes). Rendering is
scorer/output/audit.py; the command is scorer/cli/audit.py."""
