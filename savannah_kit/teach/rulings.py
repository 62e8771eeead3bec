"""The kit rulings of each game, explained for learners: the reference's "Kit rulings" section.

A kit ruling is a point the rulebook leaves open, or that it lets be read two ways, which the kit
had to settle to play the game. The rule index cites each one in a rule's ``section`` (``kit ruling
K6``, ``decision A3``; ``decision data`` for card texts the kit wrote itself). Here each has its
label, a short title and a plain explanation: what the rulebook says or leaves open, what the kit
does. ``label(part)`` turns a section part into the label shown to learners.
"""

from __future__ import annotations

from typing import Dict, Tuple

from ..core import registry
from ..core.rules_index import ruling_label as label

__all__ = ["rulings", "label", "labels_explained"]


def labels_explained(game: str) -> str:
    """What the ruling labels of ``game``'s reference mean, in one paragraph."""
    module = registry.game(game).teaching_module("rulings")
    letter = module.READING if module else ""
    reading = (f"; **{letter}** and a number for a point the rulebook lets be read in more than one way, or "
               "says in two places that do not quite agree") if letter else ""
    return ("Each ruling has a short label: **K** and a number for a point the rulebook does not settle at "
            f"all{reading}. The labels only name the rulings on this page.")


def rulings(game: str) -> Dict[str, Tuple[str, str]]:
    """label -> (title, explanation) of every ruling of ``game``, from the module its spec names
    (``teaching.rulings``); {} for a game without one."""
    module = registry.game(game).teaching_module("rulings")
    return module.RULINGS if module else {}
