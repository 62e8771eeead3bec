"""Exercise checks for the Savernake Forest notebooks.

Each ``check_...`` function compares a reader's answer with what the engine
says about the same position (never with a stored answer) and returns a
``Feedback``: it is true when the answer is right, and it shows itself as one
friendly line starting with ✓ or ✗ that names the rule behind the answer.

An answer of ``None`` (the placeholder in the notebooks) gets a "not yet"
line with a hint, so an untouched exercise cell always prints the same text.
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ..core.rules_index import rule
from .data import FOOD_PLURALS, FOODS, ROTATIONS
from .state import Phase

__all__ = ["Feedback", "check_path_ends", "check_foods_met", "check_placements", "check_rotations",
           "check_round_order", "check_next_first_player", "check_food_points", "check_total",
           "check_winner"]

FOOD_WORDS = {**{f: f for f in FOODS}, **dict(zip(FOOD_PLURALS, FOODS)), **{f[0]: f for f in FOODS}}


class Feedback:
    """The verdict of a check: ``bool(feedback)`` says right or wrong; it displays as its message."""

    def __init__(self, ok: bool, message: str, rule_id: str):
        self.ok = ok
        self.rule_id = rule_id
        self.message = message

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return self.message

    __repr__ = __str__


def _verdict(ok: bool, text: str, rule_id: str) -> Feedback:
    mark = "✓ Right: " if ok else "✗ Not yet: "
    return Feedback(ok, f"{mark}{text}\n  rule {rule_id}: {rule(rule_id).text}", rule_id)


def _missing(hint: str, rule_id: str) -> Feedback:
    return _verdict(False, f"no answer yet (replace None with yours). Hint: {hint}", rule_id)


def _cells(answer: Iterable) -> Optional[set]:
    try:
        out = set()
        for c in answer:
            x, y = c
            out.add((int(x), int(y)))
        return out
    except (TypeError, ValueError):
        return None


def _seat(game, answer) -> Optional[int]:
    """A seat number or a player name (any case) -> seat number."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return answer if 0 <= answer < game.players else None
    if isinstance(answer, str):
        names = [game.player_name(p).lower() for p in range(game.players)]
        if answer.strip().lower() in names:
            return names.index(answer.strip().lower())
    return None


def _names(game, seats: Sequence[int]) -> str:
    return ", ".join(game.player_name(p) for p in seats)


# -- cards and paths -----------------------------------------------------------------------

def check_path_ends(game, card_id: str, rotation: int, answer) -> Feedback:
    """Which edges (``"N"``, ``"E"``, ``"S"``, ``"W"``) have a path end once ``card_id`` is turned ``rotation``°?"""
    rid = "forest.place.rotation"
    if answer is None:
        return _missing("turning a card clockwise moves north to east, east to south, south to west, west to "
                        "north", rid)
    ends = {e for seg in game.catalogue.segments(card_id, rotation) for e in seg[:2] if e in "NESW"}
    try:
        given = {str(e).strip().upper()[:1] for e in answer}
    except TypeError:
        return _verdict(False, f"give a list of edges such as ['N', 'E'], not {answer!r}", rid)
    shown = ", ".join(e for e in "NESW" if e in ends)
    if given == ends:
        return _verdict(True, f"turned {rotation}°, {card_id} has path ends on {shown}", rid)
    return _verdict(False, f"turned {rotation}°, {card_id} does not have path ends exactly on "
                    f"{', '.join(sorted(given)) or 'no edge'}; look again at where each segment starts and ends",
                    rid)


def check_foods_met(game, cell, answer, player: int = 0) -> Feedback:
    """Which foods, in order, does the animal at ``cell`` meet along its path?"""
    rid = "forest.path.food-order"
    animal = game.score_breakdown(player).animal(tuple(cell))
    if answer is None:
        return _missing("start at the den, leave through the path stub, and read each segment in the "
                        "direction the animal walks it", rid)
    truth = [s.food for s in animal.path]
    try:
        given = [FOOD_WORDS.get(str(f).strip().lower(), str(f)) for f in answer]
    except TypeError:
        return _verdict(False, f"give a list of foods such as ['worm', 'egg'], not {answer!r}", rid)
    if given == truth:
        return _verdict(True, f"the {animal.name} meets {', '.join(truth) or 'no food'}", rid)
    if sorted(given) == sorted(truth):
        return _verdict(False, f"those are the right foods for the {animal.name}, but not in the order it "
                        "meets them", rid)
    return _verdict(False, f"the {animal.name} meets {len(truth)} food(s), not exactly "
                    f"{', '.join(given) or 'none'}; follow its path card by card", rid)


# -- placing cards ---------------------------------------------------------------------------

def check_placements(game, answer, slot: Optional[str] = None) -> Feedback:
    """Which cells may the card being placed (or, with ``slot``, the card under that advisor) go on?"""
    legal = game.legal_placements(slot)
    rid = "forest.adv.8x4" if game.advanced else "forest.place.4x4"
    if answer is None:
        return _missing("a card must touch the forest along an edge, and the forest must still fit "
                        + ("an 8×4 rectangle" if game.advanced else "a 4×4 square"), rid)
    given = _cells(answer)
    if given is None:
        return _verdict(False, f"give a list of cells such as [(0, 1), (1, 0)], not {answer!r}", rid)
    truth = set(legal)
    if given == truth:
        return _verdict(True, f"all {len(truth)} cells found: {', '.join(map(str, sorted(truth)))}", rid)
    wrong = sorted(given - truth)
    missed = len(truth - given)
    parts = []
    if wrong:
        cell = wrong[0]
        reason = _why_not_cell(game, cell)
        parts.append(f"{cell} is not allowed ({reason})")
        if reason.endswith("]"):
            rid = reason[reason.rindex("[") + 1:-1]
    if missed:
        parts.append(f"{missed} allowed cell{'s are' if missed > 1 else ' is'} missing")
    return _verdict(False, "; ".join(parts), rid)


def _why_not_cell(game, cell) -> str:
    from .moves import Place

    if game.phase is not Phase.PLACE:
        return "no card fits there"
    text = game.explain(Place(game.current_player, cell[0], cell[1], 0))
    return text[len("Not legal: "):] if text.startswith("Not legal: ") else "no rotation fits there"


def check_rotations(game, cell, answer) -> Feedback:
    """Which rotations (0, 90, 180, 270) are legal for the card being placed on ``cell``?"""
    rid = "forest.place.one-animal-per-path"
    if answer is None:
        return _missing("try each turn in your head: does any turn make one path reach two animals?", rid)
    truth = set(game.legal_placements().get(tuple(cell), ()))
    try:
        given = {int(r) % 360 for r in answer}
    except (TypeError, ValueError):
        return _verdict(False, f"give a list of rotations such as [0, 180], not {answer!r}", rid)
    if not given <= set(ROTATIONS):
        return _verdict(False, "a card turns in quarter turns only: 0, 90, 180 or 270", "forest.place.rotation")
    if given == truth:
        turns = ", ".join(map(str, sorted(truth))) or "no way"
        return _verdict(True, f"at {tuple(cell)} the card may be turned {turns}", rid)
    return _verdict(False, f"{', '.join(map(str, sorted(given))) or 'none'} is not the whole story at "
                    f"{tuple(cell)}; ask game.explain(...) about each turn", rid)


# -- the round -------------------------------------------------------------------------------

def check_round_order(game, answer) -> Feedback:
    """In which order do the seats pick this round? (seat numbers or names)"""
    rid = "forest.adv.draft-order" if game.advanced else "forest.round.order"
    if answer is None:
        return _missing("the holder of the 1st Player pawn at the start of the round picks first", rid)
    truth = list(game.round_order)
    try:
        given = [_seat(game, a) for a in answer]
    except TypeError:
        return _verdict(False, f"give a list of seats or names, not {answer!r}", rid)
    if given == truth:
        return _verdict(True, f"this round's picks go {_names(game, truth)}", rid)
    if len(given) != len(truth):
        return _verdict(False, f"this round has {len(truth)} picks, your list has {len(given)}", rid)
    return _verdict(False, "that is not the order of this round", rid)


def check_next_first_player(game, answer) -> Feedback:
    """Who will pick first in the next round? (a seat number or a name)"""
    rid = "forest.advisor.rooster-timing"
    if answer is None:
        return _missing("who holds the 1st Player pawn now, and when does a change of holder count?", rid)
    seat = _seat(game, answer)
    if seat is None:
        return _verdict(False, f"give a seat number or a player name, not {answer!r}", rid)
    truth = game.pawn
    if seat == truth:
        return _verdict(True, f"{game.player_name(truth)} holds the pawn, so opens the next round", rid)
    return _verdict(False, f"{game.player_name(seat)} does not open the next round", rid)


# -- scoring ---------------------------------------------------------------------------------

def check_food_points(game, animal, answer, player: int = 0) -> Feedback:
    """How many food points does ``animal`` (a name or a cell) score in ``player``'s forest?"""
    rid = "forest.score.food-value"
    line = game.score_breakdown(player).animal(animal if isinstance(animal, str) else tuple(animal))
    if answer is None:
        return _missing(f"the {line.name} stores only the first {line.storage} foods it meets; add up what "
                        "each is worth to it", rid)
    if isinstance(answer, bool) or not isinstance(answer, int):
        return _verdict(False, f"give a whole number, not {answer!r}", rid)
    if answer == line.food_points:
        return _verdict(True, f"the {line.name} stores {', '.join(line.stored) or 'nothing'}: "
                        f"{line.food_points} food points", rid)
    if answer == line.total:
        return _verdict(False, f"{answer} counts the {line.name}'s own points too; only its food points "
                        "are asked", "forest.score.own-points")
    if answer == sum(s.value for s in line.path):
        return _verdict(False, f"the {line.name} cannot store every food it meets", "forest.score.collect-first")
    return _verdict(False, f"{answer} is not the {line.name}'s food score", rid)


def check_total(game, answer, player: int = 0) -> Feedback:
    """What would ``player``'s forest score if the game ended now (food + animals + pawn)?"""
    rid = "forest.score.own-points"
    if answer is None:
        return _missing("food points of every animal, plus each animal's own points, plus 1 for the pawn "
                        "holder", rid)
    if isinstance(answer, bool) or not isinstance(answer, int):
        return _verdict(False, f"give a whole number, not {answer!r}", rid)
    sb = game.score_breakdown(player)
    name = game.player_name(player)
    if answer == sb.total:
        return _verdict(True, f"{name} scores food {sb.food_points} + animals {sb.animal_points} + pawn "
                        f"{sb.pawn_point} = {sb.total}", rid)
    if sb.pawn_point and answer == sb.total - 1:
        return _verdict(False, f"{name} holds the 1st Player pawn: it is worth a point", "forest.score.rooster-point")
    if answer == sb.food_points:
        return _verdict(False, "the animals' own points count too", rid)
    return _verdict(False, f"{answer} is not {name}'s total", rid)


def check_winner(game, answer) -> Feedback:
    """Who wins this finished game? (a seat number or a name)"""
    rid = "forest.end.winner"
    if not game.is_over:
        return _verdict(False, "the game is not over yet: play it to the end first", "forest.end.trigger")
    totals = game.scores()
    if totals.count(max(totals)) > 1:
        rid = "forest.end.tie-break"
    if answer is None:
        return _missing("highest total wins; on a tie, start counting at the pawn holder", rid)
    seat = _seat(game, answer)
    if seat is None:
        return _verdict(False, f"give a seat number or a player name, not {answer!r}", rid)
    winner = game.winners()[0]
    if seat == winner:
        return _verdict(True, f"{game.player_name(winner)} wins with {totals[winner]} points", rid)
    if totals[seat] == totals[winner]:
        return _verdict(False, f"{game.player_name(seat)} is tied on {totals[seat]} but loses the tie-break", rid)
    return _verdict(False, f"{game.player_name(seat)} has {totals[seat]} points, not the most", rid)
