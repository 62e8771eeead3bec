"""What one finished race adds to a lab study's table (its spec's ``lab.columns``): the
course, and how often each ostrich met each animal (``design.animals_met``: a lion or a
crocodile is met when it cuts a move short)."""

from __future__ import annotations

from typing import List

from .design import animals_met

#: the animals of the track, in the order the table lists them
ANIMALS = ("lion", "cheetah", "crocodile", "porcupine", "warthog")


def columns(game, breakdowns) -> List[dict]:
    """``course`` and ``animal:<kind>`` for each seat."""
    course = getattr(getattr(game, "course", None), "name", "")
    return [{"course": course, **{f"animal:{a}": m[a] for a in ANIMALS}}
            for m in animals_met(game.log, game.players)]
