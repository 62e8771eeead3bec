"""What one finished game adds to a lab study's table (its spec's ``lab.columns``): food
points by food, and points by advisor, read from the score breakdowns (the kit's own
reading of what each advisor's benefit is worth at the end):

* rooster: the 1st Player pawn's point;
* armadillo: the foods an animal stores only thanks to its lair tokens (beyond its printed
  storage), at their printed value;
* goat: the +1 of every water drop on a stored food;
* rabbit: the own points of the animals taken from the rabbit (starting animals are not).
"""

from __future__ import annotations

from typing import List

from .data import FOODS

#: the advisors, in the order the table lists them
ADVISORS = ("rooster", "armadillo", "goat", "rabbit")


def columns(game, breakdowns) -> List[dict]:
    """``food:<food>`` and ``advisor:<advisor>`` for each seat."""
    from_rabbit: List[set] = [set() for _ in range(game.players)]
    for e in game.log:
        if e.rule == "forest.advisor.rabbit" and e.player is not None:
            from_rabbit[e.player].add(e.data.get("card"))
    return [_seat_columns(b, from_rabbit[p]) for p, b in enumerate(breakdowns)]


def _seat_columns(breakdown, from_rabbit: set) -> dict:
    food = dict.fromkeys(FOODS, 0)
    advisor = dict.fromkeys(ADVISORS, 0)
    advisor["rooster"] = getattr(breakdown, "pawn_point", 0)
    for animal in getattr(breakdown, "animals", ()):
        if animal.discarded:
            continue
        if animal.card in from_rabbit:
            advisor["rabbit"] += animal.own_points
        stored = [step for step in animal.path if step.stored]
        for i, step in enumerate(stored):
            food[step.food] = food.get(step.food, 0) + step.value
            if step.water:
                advisor["goat"] += 1
            if i >= animal.capacity:
                advisor["armadillo"] += step.value - step.water
    return {**{f"food:{f}": v for f, v in food.items()}, **{f"advisor:{a}": v for a, v in advisor.items()}}
