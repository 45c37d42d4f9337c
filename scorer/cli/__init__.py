"""The `mjscore` command: click commands only. Each parses its flags, calls the layers below and
prints; nothing here scores anything."""
