"""The kit rulings of each game, explained for learners: the reference's "Kit rulings" section.

A kit ruling is a point the rulebook leaves open, or that it lets be read two ways, which the kit
had to settle to play the game. The rule index cites each one in a rule's ``section`` (``kit ruling
K6``, ``decision A3``; ``decision data`` for card texts the kit wrote itself). Here each has its
label, a short title and a plain explanation: what the rulebook says or leaves open, what the kit
does. ``label(part)`` turns a section part into the label shown to learners.
"""

from __future__ import annotations

import re
from typing import Dict, Optional, Tuple

from ..core import registry

__all__ = ["rulings", "label", "labels_explained"]

_PART = re.compile(r"\b(?:kit ruling (K\d+)|decision ([A-D]\d+)|decision (data))\b")


def labels_explained(game: str) -> str:
    """What the ruling labels of ``game``'s reference mean, in one paragraph."""
    module = registry.game(game).teaching_module("rulings")
    letter = module.READING if module else ""
    reading = (f"; **{letter}** and a number for a point the rulebook lets be read in more than one way, or "
               "says in two places that do not quite agree") if letter else ""
    return ("Each ruling has a short label: **K** and a number for a point the rulebook does not settle at "
            f"all{reading}. The labels only name the rulings on this page.")


def label(part: str) -> Optional[str]:
    """The ruling label a rule's section part cites ("K6", "A3", "K17" for the kit's own card texts),
    or None for a part that names a rulebook section."""
    found = _PART.search(part)
    if not found:
        return None
    return found.group(1) or found.group(2) or "K17"


def rulings(game: str) -> Dict[str, Tuple[str, str]]:
    """label -> (title, explanation) of every ruling of ``game``, from the module its spec names
    (``teaching.rulings``); {} for a game without one."""
    module = registry.game(game).teaching_module("rulings")
    return module.RULINGS if module else {}
