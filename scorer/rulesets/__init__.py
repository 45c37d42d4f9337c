"""Rulesets as data: the variant files and club folders, their options and checks, the registries of
patterns and models, and the win context a ruleset reads."""

# the ruleset used when none is named (a user's config file may name another: config.py)
DEFAULT_RULESET = "hk-old"
