"""Bounded reading of files and YAML from users: ruleset files and batch records.

A 358-byte YAML file of nested aliases expands to billions of nodes ("billion laughs"): the composed
node graph is walked (without recursion) before anything is built from it, counting every node as
often as aliases repeat it, and refused past MAX_NODES or MAX_DEPTH. Duplicate mapping keys (which
YAML loaders resolve silently by keeping the last) are refused. Files are checked to be regular files
of at most a given size before a byte is read, and are opened without blocking (a FIFO never hangs)."""
from __future__ import annotations

import os
import stat

MAX_NODES = 100_000  # YAML nodes after alias expansion: the largest shipped ruleset has about 6,000
MAX_DEPTH = 20


class Refused(Exception):
    """(kind, message): kind is "size" (too large, not a regular file) or "duplicate"."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.message = message


def read_bounded(path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. Raises Refused("size") for anything else
    (a device such as /dev/zero, a FIFO, a directory, a larger file) and OSError when it cannot be
    opened. The size is checked before reading, and the read stops at limit + 1 bytes (a file that
    grows while read)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a directory" if stat.S_ISDIR(st.st_mode) else "a device, pipe or socket"
            raise Refused("size", f"not a regular file ({kind})")
        if st.st_size > limit:
            raise Refused("size", f"file is larger than {limit} bytes ({st.st_size})")
        chunks = []
        got = 0
        while got <= limit:
            b = os.read(fd, min(1 << 20, limit + 1 - got))
            if not b:
                break
            chunks.append(b)
            got += len(b)
        if got > limit:
            raise Refused("size", f"file is larger than {limit} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def check_node(node, max_nodes: int = MAX_NODES, max_depth: int = MAX_DEPTH) -> None:
    """Walk a composed YAML node graph as it would be built (aliases expanded): refuse more than
    `max_nodes` nodes, nesting deeper than `max_depth` (a recursive alias is infinitely deep) and a
    mapping that repeats a key."""
    import yaml

    count = 0
    stack = [(node, 0)]
    while stack:
        n, depth = stack.pop()
        count += 1
        if count > max_nodes:
            raise Refused("size", f"more than {max_nodes} YAML nodes once aliases are expanded")
        if depth > max_depth:
            raise Refused("size", f"nested deeper than {max_depth} levels")
        if isinstance(n, yaml.MappingNode):
            seen = set()
            for k, v in n.value:
                if isinstance(k, yaml.ScalarNode) and k.tag != "tag:yaml.org,2002:merge":
                    if k.value in seen:
                        raise Refused("duplicate", f"duplicate key {k.value!r} at line {k.start_mark.line + 1}"
                                                   " (YAML would keep only the last)")
                    seen.add(k.value)
                stack.append((k, depth + 1))
                stack.append((v, depth + 1))
        elif isinstance(n, yaml.SequenceNode):
            stack.extend((v, depth + 1) for v in n.value)


def load_yaml(text: str):
    """Parse one YAML document with the safe loader, bounded by check_node."""
    import yaml

    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        check_node(node)
        return loader.construct_document(node)
    finally:
        loader.dispose()


MAX_RECORD_NODES = 10_000  # values in one batch record (a record is a few dozen)


def check_data(obj, max_nodes: int = MAX_RECORD_NODES, max_depth: int = MAX_DEPTH) -> None:
    """The same bounds for data already built (a JSON record): Refused("size") past them."""
    count = 0
    stack = [(obj, 0)]
    while stack:
        o, depth = stack.pop()
        count += 1
        if count > max_nodes:
            raise Refused("size", f"more than {max_nodes} values in one record")
        if depth > max_depth:
            raise Refused("size", f"nested deeper than {max_depth} levels")
        if isinstance(o, dict):
            stack.extend((v, depth + 1) for v in o.values())
        elif isinstance(o, list):
            stack.extend((v, depth + 1) for v in o)
