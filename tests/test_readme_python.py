"""The README's Python example runs as written: every line of its ```python blocks is executed in
order, and a line `EXPRESSION  # VALUE` whose comment is a Python literal must give that value."""
import ast
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCK = re.compile(r"```python\n(?P<code>.*?)```", re.S)


def _claims(code: str):
    """(source line, expression, expected value or None) for each statement of the block."""
    for node in ast.parse(code).body:
        line = ast.get_source_segment(code, node)
        expected = None
        comment = code.splitlines()[node.end_lineno - 1].partition("#")[2].strip()
        if isinstance(node, ast.Expr) and comment:
            try:
                expected = ast.literal_eval(comment)
            except (ValueError, SyntaxError):  # a comment in words, not a value
                expected = None
        yield line, node, expected


def test_readme_python_blocks_run_and_give_the_values_they_show():
    blocks = [m.group("code") for m in BLOCK.finditer(README.read_text())]
    assert blocks
    checked = 0
    for code in blocks:
        ns: dict = {}
        for line, node, expected in _claims(code):
            if isinstance(node, ast.Expr):
                got = eval(compile(ast.Expression(node.value), "<README>", "eval"), ns)  # noqa: S307 - our README
                if expected is not None:
                    assert got == expected, line
                    checked += 1
            else:
                exec(compile(ast.Module([node], []), "<README>", "exec"), ns)  # noqa: S102 - our README
    assert checked >= 4  # the totals, the labels, the nets
