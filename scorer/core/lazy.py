"""A cached property without functools' per-access lock (Python 3.11 takes it on every first access)."""
from __future__ import annotations


class cached_property:  # noqa: N801 - named like the functools one it replaces
    """Compute once per instance, then live in the instance's __dict__ (a non-data descriptor, so later
    reads never reach it). Works on frozen dataclasses: it writes the __dict__, not the attribute."""

    def __init__(self, fn):
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value
