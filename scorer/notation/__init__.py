"""Tiles, the Hand value, and reading and writing hand text (the notation users type)."""
