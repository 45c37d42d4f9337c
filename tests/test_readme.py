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
                       cwd=README.parent, env={"COLUMNS": "80", "PATH": "/usr/bin:/bin"})  # what an 80-column terminal shows
    return p.stdout + p.stderr


def blocks():
    return [(m.group("cmd"), m.group("out")) for m in BLOCK.finditer(README.read_text())]


@pytest.mark.parametrize("cmd, out", blocks(), ids=lambda x: x[:60] if isinstance(x, str) else "")
def test_readme_example_output(cmd, out):
    assert run(cmd) == out


def headings(text: str) -> list[tuple[int, str]]:
    """(level, title) of the README's chapters (##) and sub-headings (###), outside code blocks."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (m := re.match(r"(##+) (.+)", line)) and len(m.group(1)) <= 3:
            out.append((len(m.group(1)), m.group(2).strip()))
    return out


def anchor(title: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def contents(text: str) -> str:
    """The contents list: every chapter and sub-heading after the list itself, linked."""
    entries = [(lvl, t) for lvl, t in headings(text) if t not in ("Quick start", "Contents")]
    return "\n".join(f"{'  ' * (lvl - 2)}- [{t}](#{anchor(t)})" for lvl, t in entries) + "\n"


CONTENTS = re.compile(r"(## Contents\n)(.*?)(\n## )", re.S)


def test_contents_lists_every_chapter_and_sub_heading():
    """A section added to the README is added to its contents (`python tests/test_readme.py --update`)."""
    text = README.read_text()
    listed = CONTENTS.search(text).group(2)
    assert listed == contents(text), "README contents out of date: run python tests/test_readme.py --update"


def test_readme_output_fits_an_80_column_terminal():
    from scorer.output.width import text_width

    for _cmd, out in blocks():
        for line in out.splitlines():
            if not line.startswith("mjscore: "):  # an error is one line, however long
                assert text_width(line) <= 80, line


def test_readme_says_how_to_run_the_quick_subset():
    assert 'python -m pytest -m "not slow"' in README.read_text()


def update():
    text = README.read_text()
    text = BLOCK.sub(lambda m: f"```console\n$ {m.group('cmd')}\n{run(m.group('cmd'))}```", text)
    text = CONTENTS.sub(lambda m: m.group(1) + contents(text) + m.group(3), text)
    README.write_text(text)


if __name__ == "__main__" and "--update" in sys.argv:
    update()
