"""The columns of a study's table that one finished game gives, beyond the common ones.

Plain Python, run inside the worker processes once per game, so it stays cheap
and imports no pandas (nor a game package the game played has not loaded already): it
reads a finished game's score breakdowns, its event log and a few fields of its state.

* every game: ``points:<rule id>`` (the breakdown's points, summed by the rule
  that gives them) and the turns each seat took;
* Savannah Tails: ``course`` and ``animal:<kind>`` (how often the ostrich met each animal,
  counted by ``tails.design.animals_met``);
* Circle of Life: ``big_five`` (the seat scored the Big Five bonus);
* Savernake Forest: ``food:<food>`` (food points by food, water drops included) and
  ``advisor:<advisor>`` (the points each advisor's benefit brought, see ``forest_columns``).
"""

from __future__ import annotations

from typing import Callable, Dict, List

#: events that open a turn, per game: a seat's turns are its events of these rules. A turn
#: may take more than one decision (a Tails discard, a Forest placement after the take).
TURN_RULES = {
    "tails": frozenset({"tails.turn.play-card", "tails.bonus.crazy-wings", "tails.bonus.deja-vu"}),
    "circle": frozenset({"circle.play.place-right", "circle.play.no-tokens", "circle.play.unplayable-discard",
                         "circle.end.last-discard"}),
    "forest": frozenset({"forest.turn.take", "forest.advisor.rabbit"}),
}

#: the animals of the Tails track, in the order the table lists them
TAILS_ANIMALS = ("lion", "cheetah", "crocodile", "porcupine", "warthog")
#: the Forest's foods and advisors, in the order the table lists them
FOREST_FOODS = ("berry", "worm", "egg", "nut")
FOREST_ADVISORS = ("rooster", "armadillo", "goat", "rabbit")


def turns_by_seat(game, decisions_by_seat: List[int]) -> List[int]:
    """How many turns each seat took: its turn-opening events, or (for a game the kit has
    no turn rules for) its decisions."""
    rules = TURN_RULES.get(game.name)
    if rules is None:
        return list(decisions_by_seat)
    turns = [0] * game.players
    for event in game.log:
        if event.rule in rules and event.player is not None:
            turns[event.player] += 1
    return turns


def breakdown_points(breakdown) -> Dict[str, int]:
    """A seat's breakdown as ``{"points:<rule id>": points}`` (lines of one rule added up)."""
    points: Dict[str, int] = {}
    for line in breakdown.lines:
        key = "points:" + line.rule
        points[key] = points.get(key, 0) + line.points
    return points


def tails_columns(game, breakdowns) -> List[dict]:
    """The course, and how often each ostrich met each animal (``tails.design.animals_met``:
    a lion or crocodile is met when it cuts a move short)."""
    from ..tails.design import animals_met  # the worker plays Tails, so the package is loaded

    course = getattr(getattr(game, "course", None), "name", "")
    return [{"course": course, **{f"animal:{a}": m[a] for a in TAILS_ANIMALS}}
            for m in animals_met(game.log, game.players)]


def circle_columns(game, breakdowns) -> List[dict]:
    """Whether each seat scored the Big Five bonus (its breakdown line is above zero)."""
    return [{"big_five": any(line.rule == "circle.end.big-five" and line.points > 0 for line in b.lines)}
            for b in breakdowns]


def forest_columns(game, breakdowns) -> List[dict]:
    """Food points by food, and points by advisor, read from the breakdowns (the kit's own
    reading of what each advisor's benefit is worth at the end):

    * rooster: the 1st Player pawn's point;
    * armadillo: the foods an animal stores only thanks to its lair tokens (beyond its printed
      storage), at their printed value;
    * goat: the +1 of every water drop on a stored food;
    * rabbit: the own points of the animals taken from the rabbit (starting animals are not).
    """
    from_rabbit: List[set] = [set() for _ in range(game.players)]
    for e in game.log:
        if e.rule == "forest.advisor.rabbit" and e.player is not None:
            from_rabbit[e.player].add(e.data.get("card"))
    rows = []
    for p, b in enumerate(breakdowns):
        food = dict.fromkeys(FOREST_FOODS, 0)
        advisor = dict.fromkeys(FOREST_ADVISORS, 0)
        advisor["rooster"] = getattr(b, "pawn_point", 0)
        for animal in getattr(b, "animals", ()):
            if animal.discarded:
                continue
            if animal.card in from_rabbit[p]:
                advisor["rabbit"] += animal.own_points
            stored = [step for step in animal.path if step.stored]
            for i, step in enumerate(stored):
                food[step.food] = food.get(step.food, 0) + step.value
                if step.water:
                    advisor["goat"] += 1
                if i >= animal.capacity:
                    advisor["armadillo"] += step.value - step.water
        rows.append({**{f"food:{f}": v for f, v in food.items()},
                     **{f"advisor:{a}": v for a, v in advisor.items()}})
    return rows


#: game name -> function(game, breakdowns) -> one dict of extra columns per seat
GAME_COLUMNS: Dict[str, Callable] = {"tails": tails_columns, "circle": circle_columns, "forest": forest_columns}


def places(scores: List[int], winners: List[int]) -> List[int]:
    """Each seat's place (1 = first): a winner is ahead of every other seat; otherwise the
    higher score is ahead, and equal scores share a place."""
    won = set(winners)
    key = [(p in won, s) for p, s in enumerate(scores)]
    return [1 + sum(1 for other in key if other > mine) for mine in key]
