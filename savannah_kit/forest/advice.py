"""A move advisor for Savernake Forest: what the strongest bot would do now, and why, in board words.

``suggest(game)`` returns a ``Suggestion``: the ``move`` the greedy bot (the kit's strongest,
``core.bots.GreedyBot`` with its dice seeded by ``seed``) makes for the player to move, the
``points`` it gains that player, and the ``reason`` in words::

    >>> advice.suggest(game)
    Suggestion(move=Place(player=0, x=1, y=0, rotation=90), points=2,
               reason='+2 points: the Fox's path gains an egg it values 2', plan=())

Every reason starts with the points ("+2 points: ", "+1 point: ", "+0 points: "). They are the
real change of the mover's score (``score_breakdown``) once the move is played; for a take,
once the whole turn is played as the bot plans it: the placement that scores most with the
advisor's benefit, then the best place for the lair token or water drop. ``plan`` holds
those later moves (empty for any other decision, which is the whole of its turn, or whose
next question gets its own suggestion).

The same position and ``seed`` always give the same suggestion. A finished game has nothing
to suggest: ``IllegalMove`` citing the end of the game.

``explain(game, move)`` words any legal move the same way (another bot's choice, such as the
board's hint bot): a reason that speaks of the other moves ("no placement ... scores now")
is given only where it is true, that is when no other move is worth more to the greedy count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, List, Sequence, Tuple

from ..core.bots import GreedyBot
from ..core.errors import IllegalMove
from ..core.words import and_list, plural
from .data import EDGE_NAMES, FOOD_PLURALS, FOODS, SLOTS, card_phrase
from .greedy import take_plan
from .moves import Keep, Lair, Orient, Place, Take
from .scoring import AnimalScore, FoodStep, ForestScore, a_food
from .state import Phase

if TYPE_CHECKING:
    from .rules import ForestGame

__all__ = ["Suggestion", "suggest", "explain"]


@dataclass(frozen=True)
class Suggestion:
    """A move to make, what it gains the mover, and why (see the module docstring)."""

    move: Any
    points: int
    reason: str
    plan: Tuple[Any, ...] = ()

    def __str__(self) -> str:
        return self.reason


def suggest(game: "ForestGame", *, seed: int = 0) -> Suggestion:
    """The greedy bot's move for the player to move, its points and the reason, in words."""
    if game.is_over:
        raise IllegalMove(game.end_rule, "the game is over: there is no move to suggest")
    return explain(game, GreedyBot(seed).choose(game))


def explain(game: "ForestGame", move) -> Suggestion:
    """``move`` (legal for the player to move) as a ``Suggestion``: its points and the reason."""
    if game.is_over:
        raise IllegalMove(game.end_rule, "the game is over: there is no move to suggest")
    p = game.current_player
    moves = game.legal_moves()
    if move not in moves:
        raise ValueError(f"move: {move!r} is not a legal move for the player to move")
    values = game.greedy_values(moves) if len(moves) > 1 else [0.0]
    top = values[moves.index(move)] >= max(values)
    trial = game.copy()
    scores = [trial.score_breakdown(p)]
    trial.play(move)
    scores.append(trial.score_breakdown(p))
    plan = _finish_turn(game, trial, p, move)
    for m in plan:
        trial.play(m)
        scores.append(trial.score_breakdown(p))
    points = scores[-1].total - scores[0].total
    return Suggestion(move, points, f"{signed(points)}: {_why(game, trial, move, plan, scores, top)}", tuple(plan))


def signed(points: int) -> str:
    """"+3 points", "+1 point", "+0 points", "−2 points"."""
    sign = "−" if points < 0 else "+"
    return sign + plural(abs(points), "point")


# -- the rest of a turn that starts with a take ----------------------------------------------------

def _finish_turn(game: "ForestGame", trial: "ForestGame", p: int, move) -> List[Any]:
    """After a take (``trial`` is the game once it is played): the placement the bot valued the
    take by, then the best place for the token (if asked)."""
    if not isinstance(move, Take):
        return []
    _, where = take_plan(game, p, SLOTS.index(move.slot))
    if where is None:
        return []
    (x, y), rotation = where
    place = Place(p, x, y, rotation)
    return [place] + _best_token(trial, p, place)


def _best_token(trial: "ForestGame", p: int, place: Place) -> List[Any]:
    """The lair token or water drop place that scores most (the first of equals), when asked."""
    after = trial.copy()
    after.play(place)
    if after.phase not in (Phase.LAIR, Phase.WATER) or after.current_player != p:
        return []
    moves = after.legal_moves()
    values = after.greedy_values(moves)
    return [moves[values.index(max(values))]]


# -- why: what changes, in board words -----------------------------------------------------------

def _why(game: "ForestGame", after: "ForestGame", move, plan: Sequence[Any], scores: Sequence[ForestScore],
         top: bool = True) -> str:
    """Why ``move`` (``after``: the game once it and its ``plan`` are played; ``scores``: the
    mover's breakdown before, then after each move; ``top``: no other move is worth more to the
    greedy count, so words about the other moves are true)."""
    if isinstance(move, Take):
        return _why_take(game, after, move, plan, scores, top)
    if isinstance(move, Keep):
        return _why_keep(game, move, scores[0])
    if isinstance(move, Orient):
        return _why_orient(game, move)
    changes = _changes(scores[0], scores[-1])
    if changes:
        return and_list(changes)
    return _nothing_scores(game, move, scores[-1], top)


def _why_take(game: "ForestGame", after: "ForestGame", move: Take, plan: Sequence[Any],
              scores: Sequence[ForestScore], top: bool = True) -> str:
    card = card_phrase(game.card(game.market[move.slot]))
    parts = []
    if scores[1].pawn_point > scores[0].pawn_point:
        parts.append("the 1st Player pawn (+1)")
    if len(scores) > 2:
        gain = scores[2].total - scores[1].total
        if gain:
            parts.append(f"{card} {_fits(scores[1], scores[2])} for {signed(gain)}")
    if len(scores) > 3 and scores[3].total > scores[2].total:
        then = "then " if parts else ""
        parts.append(f"{then}{_token_words(after, plan[-1])} adds {signed(scores[3].total - scores[2].total)}")
    if not parts:
        nothing = "no card on the board scores this turn" if top else "it scores nothing this turn"
        return f"take the {move.slot}'s card ({card}): {nothing}"
    return f"take the {move.slot}'s card: " + and_list(parts)


def _fits(before: ForestScore, after: ForestScore) -> str:
    """How a placed card scores: "fits your Fox's path", "joins your forest" (a new animal)."""
    old = {a.cell: a for a in before.animals}
    new = [a for a in after.animals if a.cell not in old and not a.discarded]
    if new:
        return "joins your forest"
    names = [a.name for a in after.animals if a.cell in old and a.total > old[a.cell].total]
    if not names:
        return "fits your forest"
    return f"fits your {and_list(n + chr(39) + 's' for n in names)} path" + ("s" if len(names) > 1 else "")


def _token_words(game: "ForestGame", move) -> str:
    animal = game.card(game.forest(move.player).at(move.cell).card).name
    if isinstance(move, Lair):
        return f"the lair token on the {animal}"
    return f"the water drop on the {animal}'s {move.food} corner"


def _changes(before: ForestScore, after: ForestScore) -> List[str]:
    """What scores differently, animal by animal: "the Fox's path gains an egg it values 2"."""
    old: Dict[tuple, AnimalScore] = {a.cell: a for a in before.animals}
    out = []
    for a in after.animals:
        b = old.get(a.cell)
        if b is None:
            out.append(_joins(a))
        elif a.total != b.total:
            out.extend(_animal_change(b, a))
    return out


def _joins(a: AnimalScore) -> str:
    text = f"the {a.name} joins your forest: {plural(a.own_points, 'point')} itself"
    stored = [s for s in a.path if s.stored]
    if stored:
        text += f", and its path has {_foods(stored)}"
    return text


def _animal_change(b: AnimalScore, a: AnimalScore) -> List[str]:
    if a.discarded and not b.discarded:
        return [f"the {a.name} would be discarded at the end: it {a.note}"]
    old = [s for s in b.path if s.stored]
    new = [s for s in a.path if s.stored]
    out = []
    if len(new) > len(old):
        verb = "'s path gains" if len(a.path) > len(b.path) else " now also stores"
        out.append(f"the {a.name}{verb} {_foods(new[len(old):])}")
    richer = [s for s, t in zip(new, old) if s.value > t.value]
    if richer:
        out.append(_worth_more(a.name, richer))
    return out


def _worth_more(name: str, steps: Sequence[FoodStep]) -> str:
    food = steps[0].food
    if len(steps) == 1:
        return f"the {name}'s stored {food} is worth 1 more"
    return f"the {name}'s {len(steps)} stored {FOOD_PLURALS[FOODS.index(food)]} are worth 1 more each"


def _foods(steps: Sequence[FoodStep]) -> str:
    """"an egg it values 2", "2 eggs it values 2 each, and a worm and a nut worth nothing to it"."""
    groups: Dict[str, List[FoodStep]] = {}
    for s in steps:
        groups.setdefault(s.food, []).append(s)
    valued, worthless = [], []
    for food, same in groups.items():
        n, value = len(same), same[0].value
        thing = a_food(food) if n == 1 else plural(n, food, FOOD_PLURALS[FOODS.index(food)])
        if value:
            valued.append(f"{thing} it values {value}" + (" each" if n > 1 else ""))
        else:
            worthless.append(thing)
    if not worthless:
        return and_list(valued)
    nothing = f"{and_list(worthless)} worth nothing to it"
    return f"{', '.join(valued)}, and {nothing}" if valued else nothing


def _nothing_scores(game: "ForestGame", move, after: ForestScore, top: bool = True) -> str:
    """A move that scores nothing now: why it is still the one to make (``top``: nothing else
    scores more; otherwise only what it does)."""
    if isinstance(move, Place):
        card = card_phrase(game.card(game.held_card))
        room = [a.name for a in after.animals if not a.discarded and a.capacity_used < a.storage
                and move.cell in _path_cells(game, move, a)]
        tail = f"; this one extends the {and_list(n + chr(39) + 's' for n in room)} path" if room else ""
        return f"{'no placement' if top else 'this placement'} of {card} scores {'' if top else 'nothing '}now{tail}"
    if not top:
        return f"{'the lair token' if isinstance(move, Lair) else 'the water drop'} scores nothing now"
    if isinstance(move, Lair):
        return "no animal stores more with a lair token now: no path has a food beyond its animal's storage"
    return "no free food corner of your animals has a stored food, so the drop scores nothing now"


def _path_cells(game: "ForestGame", move: Place, a: AnimalScore) -> Sequence[Tuple[int, int]]:
    """The cells of animal ``a``'s path once ``move`` is played."""
    trial = game.copy()
    trial.play(move)
    return trial.forest(move.player).path_cells(a.cell)


def _why_keep(game: "ForestGame", move: Keep, before: ForestScore) -> str:
    kept = before.animal(move.cell)
    others = [before.animal(c) for c in game.shared_path_to_clean() if c != move.cell]
    gone = and_list(f"the {a.name} ({plural(_alone(a), 'point')})" for a in others)
    return (f"keep the {kept.name} ({plural(_alone(kept), 'point')}) and discard {gone}; "
            f"your score already counted the {kept.name}")


def _alone(a: AnimalScore) -> int:
    """What an animal scores if it is the one kept (a discarded one's line reads 0)."""
    return sum(s.value for s in a.path if s.stored) + a.own_points


def _why_orient(game: "ForestGame", move: Orient) -> str:
    card = game.card(game.starting_animal()[0])
    return (f"lay the {card.name} with its path leaving {EDGE_NAMES[move.rotation // 90 % 4]}: it scores its "
            f"own {plural(card.points, 'point')}, and no path runs onto it yet")
