"""The README's console examples are what a newcomer gets: each `$ mjscore ...` line is run and its
output compared with the block. `python tests/test_readme.py --update` rewrites the blocks."""
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCK = re.compile(r"```console\n\$ (?P<cmd>[^\n]+)\n(?P<out>.*?)```", re.S)


def run(cmd: str) -> str:
    args = shlex.split(cmd)
    assert args[0] == "mjscore"
    p = subprocess.run([sys.executable, "-m", "scorer.cli", *args[1:]], capture_output=True, text=True,
                       cwd=README.parent, env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"})
    return p.stdout + p.stderr


def blocks():
    return [(m.group("cmd"), m.group("out")) for m in BLOCK.finditer(README.read_text())]


@pytest.mark.parametrize("cmd, out", blocks(), ids=lambda x: x[:60] if isinstance(x, str) else "")
def test_readme_example_output(cmd, out):
    assert run(cmd) == out


def update():
    text = README.read_text()
    text = BLOCK.sub(lambda m: f"```console\n$ {m.group('cmd')}\n{run(m.group('cmd'))}```", text)
    README.write_text(text)


if __name__ == "__main__" and "--update" in sys.argv:
    update()
