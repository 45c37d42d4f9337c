"""The package's shape, checked on every run: no import cycles among scorer's modules (imports
inside functions count: a lazy import that closes a loop is still a loop), no source run through
exec/compile, no re-export shims (a `noqa: F401` import kept only so an old path still works)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

SCORER = Path(__file__).resolve().parent.parent / "scorer"


def _name(path: Path) -> str:
    parts = list(path.relative_to(SCORER.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, name: str) -> set:
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def _graph() -> dict:
    files = {_name(p): p for p in SCORER.rglob("*.py")}
    graph = {}
    for name, path in files.items():
        deps = {d for d in _imports(path, name) if d in files and d != name}
        # a package's __init__ naming its own modules is no loop
        graph[name] = {d for d in deps if not (path.name == "__init__.py" and d.startswith(name + "."))}
    return graph


def _cycles(graph: dict) -> list:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_no_import_cycles():
    assert _cycles(_graph()) == []


def test_a_cycle_is_found():
    # the check itself can fail: a made-up loop of three modules is reported
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_exec_and_no_reexport_shims():
    for path in SCORER.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(?<![\w.])(exec|compile)\(", text), path
        if path.name != "__init__.py":
            assert "noqa: F401" not in text, path
