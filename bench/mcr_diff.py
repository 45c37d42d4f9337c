"""The differential run of tests/mcr_diff.py (its docstring says what is compared and how to run it):

    python bench/mcr_diff.py --help

The comparison and its hand generators live under tests/, where the tests that run a smaller share
of it find them; this script is the full run's entry point."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.mcr_diff import main  # noqa: E402

if __name__ == "__main__":
    main()
