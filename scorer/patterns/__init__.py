"""Pattern predicates, one family per module. Each takes the reading's Facts and its YAML parameters
and returns how many times the pattern applies (0: not at all). Values live in variants/*.yaml."""
