"""Counting and listing in the messages of every game: "2 spaces", "nut, egg and worm"."""

from __future__ import annotations

from typing import Iterable


def plural(n: int, word: str, words: str = "") -> str:
    """"1 point", "3 points", "2 branches" (``words`` is an irregular plural: "berries"): counts in messages
    without "(s)"."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {words or word + ('es' if word.endswith(('s', 'ch', 'sh', 'x')) else 's')}"


def and_list(items: Iterable[str], conjunction: str = "and") -> str:
    """"nut", "nut and egg", "nut, egg and worm" (or with ``conjunction="or"``)."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]
