"""The engine: every reading of a hand (wild tiles included), its facts, the choice of the best
reading, its value and payments, and why a hand is refused."""
