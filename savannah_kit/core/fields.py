"""Exact type checks for the fields of a move, read from its dataclass annotations.

A move that merely *compares equal* to a legal one is not good enough:
``Take(True, "rabbit") == Take(1, "rabbit")`` and ``0.0 == 0`` in Python, and
such look-alikes would end up in the history and the save file. So every field
is checked by exact type first (a ``bool`` is not an ``int``, a ``float`` is
not an ``int``), recursively through ``Optional``, ``Union`` and ``Tuple``.
"""

from __future__ import annotations

import dataclasses
import functools
import reprlib
import typing
from typing import Any, Callable, List, Optional, Tuple

Check = Callable[[Any], bool]

_repr = reprlib.Repr()
_repr.maxstring = 60
_repr.maxother = 200
_repr.maxlevel = 3


def safe_repr(value: Any) -> str:
    """A short repr that never fails (junk input may have a broken or huge repr)."""
    try:
        return _repr.repr(value)
    except Exception:  # a hostile __repr__
        return f"<{type(value).__name__} object>"


def _compile(hint) -> Tuple[Check, str]:
    """A check function for a type hint, and the hint in words."""
    if hint is Any:
        return (lambda v: True), "anything"
    if hint is type(None):
        return (lambda v: v is None), "None"
    if hint in (int, str, bool, float):
        words = {int: "a whole number", str: "text", bool: "True or False", float: "a number"}[hint]
        return (lambda v, t=hint: type(v) is t), words
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union:
        parts = [_compile(a) for a in args]
        checks = [c for c, _ in parts]
        return (lambda v: any(c(v) for c in checks)), " or ".join(w for _, w in parts)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item, words = _compile(args[0])
            return (lambda v: type(v) is tuple and all(item(x) for x in v)), f"a tuple of {words}"
        parts = [_compile(a) for a in args]
        checks = [c for c, _ in parts]
        return ((lambda v: type(v) is tuple and len(v) == len(checks) and all(c(x) for c, x in zip(checks, v))),
                "a tuple (" + ", ".join(w for _, w in parts) + ")")
    raise TypeError(f"move fields of type {hint!r} are not supported")


@functools.lru_cache(maxsize=None)
def field_checks(cls: type) -> Tuple[Tuple[str, Check, str], ...]:
    """(field name, check, words) for every dataclass field of a move class."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, *_compile(hints[f.name])) for f in dataclasses.fields(cls))


def bad_field(move: Any) -> Optional[Tuple[str, str]]:
    """``(field, reason)`` for the first field of ``move`` of the wrong type, or None."""
    for name, check, words in field_checks(type(move)):
        value = getattr(move, name, dataclasses.MISSING)
        if not check(value):
            shown = "missing" if value is dataclasses.MISSING else safe_repr(value)
            return name, f"{type(move).__name__}.{name} must be {words}, not {shown}"
    return None


def field_names(cls: type) -> List[str]:
    return [f.name for f in dataclasses.fields(cls)]
