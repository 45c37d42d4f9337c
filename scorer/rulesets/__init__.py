"""Rulesets as data: the variant files and club folders, their options and checks, the registries of
patterns and models, and the win context a ruleset reads."""
