"""Scoring models (items -> a hand's value) and payment models (value -> transfers between seats)."""
