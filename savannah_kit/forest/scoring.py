"""Scoring a forest, with every step shown: what each animal meets along its
path, what it stores, what each food is worth to it, and the totals.

A breakdown is live: during play it is the score the forest would get if the
game ended now. Where two animals share a path (only after a forced
placement) and the clean-up has not happened yet, the better-scoring one is
counted and the other is marked as the one that would be discarded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Sequence, Tuple

from ..core.scoring import ScoreBreakdown, ScoreLine
from ..core.words import and_list
from .data import FOODS
from .layout import Cell, Forest


# -- words: the event texts, the board and the advice count and list alike ---------------------

def a_food(food: str) -> str:
    """"a nut", "an egg"."""
    return ("an " if food[:1] in ("a", "e", "i", "o", "u") else "a ") + food


def foods_met(foods: Sequence[str]) -> str:
    """What an animal meets: "no food", "a nut", "nut, egg and worm, in this order"."""
    if not foods:
        return "no food"
    if len(foods) == 1:
        return a_food(foods[0])
    return and_list(foods) + ", in this order"


@dataclass(frozen=True)
class FoodStep:
    """One food met on an animal's path, in walking order."""

    cell: Cell
    food: str
    value: int  # what it is worth to this animal, water drop included
    water: bool  # a water drop sits on this food's corner of the animal
    stored: bool  # within the animal's storage (the first foods met)

    def to_data(self) -> dict:
        return {"cell": list(self.cell), "food": self.food, "value": self.value,
                "water": self.water, "stored": self.stored}


@dataclass(frozen=True)
class AnimalScore:
    """How one animal scores."""

    cell: Cell
    card: str
    name: str
    own_points: int  # printed points of the animal itself
    capacity: int  # printed storage
    lairs: int  # lair tokens on it: +1 storage each
    water: Tuple[str, ...]  # food corners with a water drop: +1 per such food
    path: Tuple[FoodStep, ...]  # every food met, in walking order
    discarded: bool = False  # removed (or to be removed) by the shared-path clean-up
    note: str = ""

    @property
    def storage(self) -> int:
        return self.capacity + self.lairs

    @property
    def stored(self) -> Tuple[str, ...]:
        return tuple(s.food for s in self.path if s.stored)

    @property
    def capacity_used(self) -> int:
        return sum(1 for s in self.path if s.stored)

    @property
    def food_points(self) -> int:
        return 0 if self.discarded else sum(s.value for s in self.path if s.stored)

    @property
    def total(self) -> int:
        return 0 if self.discarded else self.food_points + self.own_points

    def to_data(self) -> dict:
        return {"cell": list(self.cell), "card": self.card, "name": self.name, "own_points": self.own_points,
                "capacity": self.capacity, "lairs": self.lairs, "storage": self.storage,
                "water": list(self.water), "path": [s.to_data() for s in self.path],
                "stored": list(self.stored), "food_points": self.food_points, "total": self.total,
                "discarded": self.discarded, "note": self.note}

    def __str__(self) -> str:
        if self.discarded:
            return f"{self.name} at {self.cell}: discarded, 0 points ({self.note})"
        stored = ", ".join(f"{s.food} {s.value}" for s in self.path if s.stored) or "nothing"
        passed = [s.food for s in self.path if not s.stored]
        extra = f"; passes {', '.join(passed)}" if passed else ""
        return (f"{self.name} at {self.cell}: storage {self.capacity}+{self.lairs} lair, stores {stored}{extra}"
                f" = {self.food_points} food + {self.own_points} own = {self.total}")


@dataclass(frozen=True)
class ForestScore(ScoreBreakdown):
    """The score of one player's forest, animal by animal (``lines`` cite the rule of each point)."""

    animals: Tuple[AnimalScore, ...]
    pawn_point: int  # 1 for the holder of the 1st Player pawn

    @property
    def food_points(self) -> int:
        return sum(a.food_points for a in self.animals)

    @property
    def animal_points(self) -> int:
        return sum(a.own_points for a in self.animals if not a.discarded)

    def animal(self, name_or_cell) -> AnimalScore:
        """The line of one animal, by name (``"Fox"``) or cell."""
        by_name = isinstance(name_or_cell, str)
        for a in self.animals:
            if (a.name == name_or_cell) if by_name else (a.cell == tuple(name_or_cell)):
                return a
        raise KeyError(f"no animal {name_or_cell!r} in this forest")

    def to_data(self) -> dict:
        return {**super().to_data(), "animals": [a.to_data() for a in self.animals],
                "food_points": self.food_points, "animal_points": self.animal_points,
                "pawn_point": self.pawn_point}

    def __str__(self) -> str:
        lines = [str(a) for a in self.animals]
        lines.append(f"food {self.food_points} + animals {self.animal_points} + pawn {self.pawn_point}"
                     f" = {self.total}")
        return "\n".join(lines)


def score_lines(animals: Sequence[AnimalScore], pawn_point: int) -> Tuple[ScoreLine, ...]:
    """The common breakdown lines: per animal its food and its own points (or why it
    scores nothing), then the pawn."""
    lines = []
    for a in animals:
        where = f"{a.name} at {a.cell}"
        if a.discarded:
            lines.append(ScoreLine(f"{where}: {a.note}", 0, "forest.end.shared-path-cleanup"))
            continue
        stored = ", ".join(a.stored) or "nothing"
        lines.append(ScoreLine(f"{where} stores {stored}", a.food_points, "forest.score.food-value"))
        lines.append(ScoreLine(f"{where}: own points", a.own_points, "forest.score.own-points"))
    if pawn_point:
        lines.append(ScoreLine("1st Player pawn", pawn_point, "forest.score.rooster-point"))
    return tuple(lines)


def animal_score(forest: Forest, cell: Cell, discarded: bool = False, note: str = "") -> AnimalScore:
    """The score line of the animal at ``cell``."""
    card = forest.catalogue.cards[forest.cells[cell].card]
    lairs = forest.lair_tokens.get(cell, 0)
    bits = forest.water_drops.get(cell, 0)
    room = card.capacity + lairs
    path = []
    for i, (c, f) in enumerate(forest.walk(cell)):
        wet = bool(bits >> f & 1)
        path.append(FoodStep(c, FOODS[f], card.values[f] + wet, wet, i < room))
    water = tuple(FOODS[f] for f in range(4) if bits >> f & 1)
    return AnimalScore(cell, card.id, card.name, card.points, card.capacity, lairs, water, tuple(path),
                       discarded, note)


def quick_total(forest: Forest, cell: Cell) -> int:
    """Food plus own points of one animal, without building the breakdown (hot path)."""
    t = forest.cells[cell]
    card = forest.catalogue.cards[t.card]
    room = card.capacity + forest.lair_tokens.get(cell, 0)
    bits = forest.water_drops.get(cell, 0)
    values = card.values
    total = card.points
    for _, f in forest.walk(cell)[:room]:
        total += values[f] + (bits >> f & 1)
    return total


def forest_total(forest: Forest, pawn: bool) -> int:
    """The live total of a forest (same number as ``score_forest(...).total``)."""
    total = 1 if pawn else 0
    shared = forest.shared_paths()
    if not shared:
        for c, t in forest.cells.items():
            if t.is_animal:
                total += quick_total(forest, c)
        return total
    in_shared = {c for g in shared for c in g}
    for c, t in forest.cells.items():
        if t.is_animal and c not in in_shared:
            total += quick_total(forest, c)
    for g in shared:
        total += max(quick_total(forest, c) for c in g)
    return total


def score_forest(forest: Forest, player: int, name: str, pawn: bool, final: bool) -> ForestScore:
    """The full breakdown of one forest (``name`` is the player's, ``final`` once the game is over)."""
    notes = _discard_notes(forest)
    animals = [animal_score(forest, c, c in notes, notes.get(c, "")) for c in forest.animal_cells()]
    for cell, idx in forest.cleared:
        card = forest.catalogue.cards[idx]
        animals.append(AnimalScore(cell, card.id, card.name, card.points, card.capacity, 0, (), (), True,
                                   "discarded in the shared-path clean-up"))
    pawn_point = 1 if pawn else 0
    return ForestScore(player, name, score_lines(animals, pawn_point), final, tuple(animals), pawn_point)


def _discard_notes(forest: Forest) -> Dict[Cell, str]:
    """Animal cell -> why it would be discarded: where animals share a path (before the
    clean-up), the live score counts the best of them, as the player would keep it."""
    notes: Dict[Cell, str] = {}
    for group in forest.shared_paths():
        best = max(group, key=lambda c: quick_total(forest, c))  # the first of equals, as listed
        name = forest.catalogue.cards[forest.cells[best].card].name
        for c in group:
            if c != best:
                notes[c] = f"shares its path with the {name}: it would be discarded"
    return notes
