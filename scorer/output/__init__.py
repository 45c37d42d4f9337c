"""Text and JSON renderings of scored hands, refusals, rulesets and the table tools, fitted to the
terminal width. Nothing here scores anything."""
