"""Reading a learner's answer in the forms people naturally type.

An exercise says what kind of answer it wants (a number, some words from a list, a
set of cells, one choice) and the reader turns ``7``, ``"7"``, ``"7 points"``,
``"E, S, W"``, ``["E", "S", "W"]`` or ``"(0, 1) (1, 0)"`` into one normal form, so
the check compares like with like. What cannot be read raises ``AnswerError``
with an example of a form that works; nothing is guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, FrozenSet, Iterable, List, Mapping, Optional, Tuple

__all__ = ["AnswerError", "Answer", "number", "words", "choice", "cells"]

_SEPARATORS = re.compile(r"\s*(?:,|;|/|\band\b|\bthen\b|\s)\s*", re.IGNORECASE)
_PAIR = re.compile(r"\(?\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*\)?")
_NONE = {"none", "nothing", "no", "-", "empty"}


def _empty(raw: Any) -> bool:
    """No items: ``None``, an empty list or text, or the words "none"/"nothing"."""
    if raw is None or (isinstance(raw, (list, tuple, set, frozenset)) and not raw):
        return True
    if not isinstance(raw, str):
        return False
    inner = raw.strip().strip("[](){}").strip().lower()
    return not inner or inner in _NONE


class AnswerError(ValueError):
    """An answer the exercise cannot read; the message says what form to use."""

    field = "answer"


@dataclass(frozen=True)
class Answer:
    """How one exercise reads answers: ``read(raw)`` gives the normal form, ``show(value)`` words it."""

    kind: str                                   # "number", "words", "choice", "cells"
    example: str                                # a typed answer in a form that works
    read_fn: Callable[[Any], Any]
    show_fn: Callable[[Any], str] = str
    ordered: bool = False                       # a list whose order matters (a path's foods)

    def read(self, raw: Any) -> Any:
        return self.read_fn(raw)

    def show(self, value: Any) -> str:
        return self.show_fn(value)

    @property
    def many(self) -> bool:
        """True when the answer is a collection (clicks add and remove items)."""
        return self.kind in ("words", "cells")


def _strip(text: str) -> str:
    return text.strip().strip("[](){}").strip()


def _items(raw: Any) -> List[Any]:
    """A typed or listed answer as its items: strings split on commas, spaces and 'and'."""
    if isinstance(raw, str):
        text = re.sub(r"[\[\]{}\"'`]", " ", raw)
        return [t for t in _SEPARATORS.split(text) if t]
    if isinstance(raw, (list, tuple, set, frozenset)):
        return list(raw)
    return [raw]


def number(unit: str = "points", low: int = 0, high: int = 999) -> Answer:
    """A whole number: ``7``, ``"7"``, ``"7 points"`` or ``"+7"``."""

    def read(raw: Any) -> int:
        if isinstance(raw, bool):
            raise AnswerError(f"{raw} is not a number; type a whole number such as 7")
        if isinstance(raw, float) and raw.is_integer():
            raw = int(raw)
        if isinstance(raw, str):
            m = re.fullmatch(r"\s*\+?(-?\d+)\s*(?:[a-z]+\.?)?\s*", raw, re.IGNORECASE)
            if not m:
                raise AnswerError(f"cannot read {raw!r} as a number; type a whole number such as 7")
            raw = int(m.group(1))
        if not isinstance(raw, int):
            raise AnswerError(f"cannot read {raw!r} as a number; type a whole number such as 7")
        if not low <= raw <= high:
            raise AnswerError(f"{raw} is outside {low}–{high}; the answer is a whole number of {unit} in that range")
        return raw

    return Answer("number", "7", read, lambda v: f"{v} {unit if v != 1 else unit.rstrip('s')}")


def _vocabulary(vocab: Mapping[str, str]) -> Mapping[str, str]:
    return {k.lower(): v for k, v in vocab.items()}


def _word(item: Any, table: Mapping[str, str], choices: str) -> str:
    key = _strip(str(item)).lower()
    if key not in table:
        raise AnswerError(f"{_strip(str(item))!r} is not one of the choices: {choices}")
    return table[key]


def words(vocab: Mapping[str, str], *, ordered: bool = False, example: str = "") -> Answer:
    """Several words from a list (aliases allowed: ``{"n": "N", "north": "N"}``).

    Ordered answers keep their order and repeats (the foods a path meets); unordered
    ones are a set (the sides with a path end).
    """
    table = _vocabulary(vocab)
    choices = ", ".join(dict.fromkeys(vocab.values()))

    def read(raw: Any):
        if _empty(raw):
            return () if ordered else frozenset()
        got = [_word(item, table, choices) for item in _items(raw)]
        return tuple(got) if ordered else frozenset(got)

    def show(value) -> str:
        got = list(value) if ordered else [w for w in dict.fromkeys(vocab.values()) if w in value]
        return ", ".join(got) if got else "none"

    return Answer("words", example or ", ".join(list(dict.fromkeys(vocab.values()))[:2]), read, show, ordered)


def choice(vocab: Mapping[str, str], *, example: str = "") -> Answer:
    """Exactly one word from a list: a player, a card, an advisor."""
    table = _vocabulary(vocab)
    choices = ", ".join(dict.fromkeys(vocab.values()))

    def read(raw: Any) -> str:
        got = _items(raw) if not isinstance(raw, str) else [raw]
        if len(got) != 1:
            raise AnswerError(f"give exactly one answer, one of: {choices}")
        return _word(got[0], table, choices)

    return Answer("choice", example or next(iter(vocab.values())), read)


def _cell(item: Any) -> Tuple[int, int]:
    if isinstance(item, str):
        m = _PAIR.fullmatch(item.strip())
        if not m:
            raise AnswerError(f"cannot read {item!r} as a cell; write cells as (x, y), e.g. (0, 1)")
        return int(m.group(1)), int(m.group(2))
    try:
        x, y = item
        if isinstance(x, bool) or isinstance(y, bool) or int(x) != x or int(y) != y:
            raise TypeError
        return int(x), int(y)
    except (TypeError, ValueError):
        raise AnswerError(f"cannot read {item!r} as a cell; write cells as (x, y), e.g. (0, 1)") from None


def cells(example: str = "(0, 1), (1, 0)") -> Answer:
    """A set of cells: ``[(0, 1), (1, 0)]``, ``"(0,1) (1,0)"`` or ``"0,1; 1,0"``."""

    def read(raw: Any) -> FrozenSet[Tuple[int, int]]:
        if _empty(raw):
            return frozenset()
        if isinstance(raw, str):
            text = raw.strip().strip("[]{}")
            found = _PAIR.findall(text)
            rest = _PAIR.sub("", text)
            if not found or re.search(r"[^\s,;]", rest):
                raise AnswerError(f"cannot read {raw!r} as cells; write them as (x, y) pairs, e.g. {example}")
            return frozenset((int(x), int(y)) for x, y in found)
        if isinstance(raw, tuple) and len(raw) == 2 and all(isinstance(v, int) for v in raw):
            return frozenset([_cell(raw)])
        return frozenset(_cell(item) for item in _items(raw))

    def show(value) -> str:
        return ", ".join(f"({x}, {y})" for x, y in sorted(value)) if value else "none"

    return Answer("cells", example, read, show)


def sorted_items(values: Iterable[Any]) -> List[Any]:
    return sorted(values, key=repr)


def describe_difference(answer: Answer, given: Any, right: Any) -> Optional[str]:
    """A hint at what is off without giving the answer: counts, never the items."""
    if answer.kind == "number":
        return "too high" if given > right else "too low"
    if answer.kind == "cells" or (answer.kind == "words" and not answer.ordered):
        extra, missing = len(set(given) - set(right)), len(set(right) - set(given))
        parts = []
        if extra:
            parts.append(f"{extra} of yours {'is' if extra == 1 else 'are'} not right")
        if missing:
            parts.append(f"{missing} {'is' if missing == 1 else 'are'} missing")
        return " and ".join(parts) or None
    if answer.ordered:
        if sorted_items(given) == sorted_items(right):
            return "the right items, in the wrong order"
        return f"you listed {len(given)}, the answer has {len(right)}" if len(given) != len(right) else None
    return None
