"""The Savernake Forest exercises: the named functions their records call.

The exercises themselves are data: ``lessons.json`` beside this module holds each one's position,
question, answer form, hints, named mistakes and rules (the format is in the README, "Writing an
exercise"), in learning order: setting up, cards and paths, placing a card, the round and the
advisors, scoring, the end of the game, the advanced mode. ``EXERCISES`` are those records read
and checked; ``savannah_kit.teach.exercise.exercises("forest")`` finds them, and the rule
coverage report lists, per rule, the exercises that check it.

What a record works out on its position is a function here marked ``@named``: the answer (from
legal moves, score breakdowns, paths, or a few turns played on a copy), a misreading's answer,
the words of an explanation, a picture that does not give the answer away (no lit cells, no rings
round stored foods, no scores or log lines that say it) and the solution picture that draws it
(drawn with ``lesson_pictures``).

Cells are written "column 2, row 3", the words printed along the bottom and the left side of a
forest picture (``(2, 3)`` is read too); every position whose answer is cells is laid out so that
its picture numbers both its columns and its rows from 1.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from ..core.scene import Scene, rect, text
from ..teach import answers
from ..teach.records import LessonBook
from . import from_scenario, new_game
from . import lesson_pictures as draw
from .data import EDGE_NAMES, EDGES, FOOD_PLURALS, FOODS, ROTATIONS, SLOTS
from .moves import Keep, Orient, Place, Take, Water
from .scoring import animal_score as _animal_total
from .state import Phase

__all__ = ["EXERCISES", "LESSONS", "BOOK", "named", "SIDES", "CELLS", "FOOD_CORNERS", "FOOD_TRAIL", "TURNS",
           "forest_picture", "table"]

Cell = Tuple[int, int]
LESSONS = Path(__file__).with_name("lessons.json")

# -- answer forms ----------------------------------------------------------------------------------------

FOOD_WORDS = {**{f: f for f in FOODS}, **dict(zip(FOOD_PLURALS, FOODS))}
SIDE_WORDS = {"n": "N", "north": "N", "top": "N", "up": "N", "e": "E", "east": "E", "right": "E",
              "s": "S", "south": "S", "bottom": "S", "down": "S", "w": "W", "west": "W", "left": "W"}
ADVISOR_WORDS = {**{s: s for s in SLOTS}, **{s + "s": s for s in SLOTS}, **{s + "'s": s for s in SLOTS}}
TURN_WORDS = {**{f"{r}": f"{r}°" for r in ROTATIONS}, **{f"{r}°": f"{r}°" for r in ROTATIONS},
              **{f"{r}deg": f"{r}°" for r in ROTATIONS}, "360": "0°", "360°": "0°"}
NAMES = ("Red", "Blue", "Green", "Yellow")
WHERE_WORDS = {"supply": "the supply", "the supply": "the supply", "back to the supply": "the supply",
               "discard": "the discard pile", "discarded": "the discard pile", "the discard pile": "the discard pile",
               "discard pile": "the discard pile", "thrown away": "the discard pile",
               **{f: f"the {f} corner" for f in FOODS}, **{f"{f} corner": f"the {f} corner" for f in FOODS},
               **{f"the {f} corner": f"the {f} corner" for f in FOODS},
               **{p: f"the {f} corner" for f, p in zip(FOODS, FOOD_PLURALS)}}


def _player_words(players: int) -> Dict[str, str]:
    return {n.lower(): n for n in NAMES[:players]}


def _either(names: Sequence[str]) -> str:
    """"Red, Blue or Green"."""
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


# Every example below gives the form of an answer, never an answer: a learner types "column 2,
# row 3" or "N, E", and the example only says which words may be used, so it can never be the
# answer to the question it sits under (the trust test holds every exercise to that).

def players_in_order(players: int) -> answers.Answer:
    """Players' names in order, repeats allowed (the picks of a round)."""
    return replace(answers.words(_player_words(players), ordered=True),
                   example=f"names in picking order ({_either(NAMES[:players])})")


def player(players: int) -> answers.Answer:
    """One player's name."""
    return replace(answers.choice(_player_words(players)), example=f"one name: {_either(NAMES[:players])}")


def number(unit: str = "points", low: int = 0, high: int = 999) -> answers.Answer:
    """A whole number, its example the unit alone (a digit there could be the answer)."""
    return replace(answers.number(unit, low, high), example=f"a whole number of {unit}")


# a cell's column and row are joined by a comma or a space only: "and" and ";" join cells
_COLUMN_ROW = re.compile(r"\bcol(?:umn)?\s*(-?\d+)\s*,?\s*row\s*(-?\d+)", re.IGNORECASE)
_ROW_COLUMN = re.compile(r"\brow\s*(-?\d+)\s*,?\s*col(?:umn)?\s*(-?\d+)", re.IGNORECASE)


def cell_words(x: int, y: int) -> str:
    """A cell in the words of the picture's edges: "column 2, row 3"."""
    return f"column {x}, row {y}"


def _cells_form() -> answers.Answer:
    """Cells typed as the picture numbers them ("column 2, row 3; column 4, row 1") or as pairs
    "(2, 3)", the column first; shown in the picture's words."""
    pairs = answers.cells()

    def read(raw: Any):
        if isinstance(raw, str):
            raw = _ROW_COLUMN.sub(lambda m: f"({m[2]}, {m[1]})", _COLUMN_ROW.sub(lambda m: f"({m[1]}, {m[2]})", raw))
            raw = re.sub(r"\)\s*(?:;|\band\b)\s*\(", ") (", raw)
        try:
            return pairs.read(raw)
        except answers.AnswerError:
            raise answers.AnswerError(f"cannot read {raw!r} as cells; write each as the picture numbers it, "
                                      "column first, like column 7, row 9") from None

    return answers.Answer("cells", "cells by column and row, as the picture's edges number them", read,
                          lambda value: "; ".join(cell_words(x, y) for x, y in sorted(value)) if value else "none")


SIDES = answers.words(SIDE_WORDS, example="side letters, from N E S W")
ONE_SIDE = answers.choice(SIDE_WORDS, example="one side: N, E, S or W")
TURNS = answers.words(TURN_WORDS, example="turns in degrees, from 0 90 180 270")
ADVISORS = answers.words(ADVISOR_WORDS, example="advisors' names, from rabbit rooster armadillo goat")
FOOD_CORNERS = answers.words(FOOD_WORDS, example="foods, from berry worm egg nut")
FOOD_TRAIL = answers.words(FOOD_WORDS, ordered=True, example="the foods in the order met")
CELLS = _cells_form()
WHERE_DROP = answers.choice(WHERE_WORDS, example="the supply, the discard pile or a food's corner")

BOOK = LessonBook("forest", new_game=new_game, from_scenario=from_scenario, answers_forms={
    "number": number, "sides": SIDES, "one_side": ONE_SIDE, "turns": TURNS, "advisors": ADVISORS,
    "food_corners": FOOD_CORNERS, "food_trail": FOOD_TRAIL, "cells": CELLS, "where_drop": WHERE_DROP,
    "players_in_order": players_in_order, "player": player})
named = BOOK.named

# -- a few turns on a copy ----------------------------------------------------------------------------------


def _turn(game, slot: Optional[str] = None) -> List[Any]:
    """Play the current player's whole turn: take the card under ``slot`` (default: the first
    card they may take), lay it on the first place allowed, and answer the advisor's question
    with its first choice. Returns the events."""
    events = list(game.play(Take(game.current_player, slot) if slot else game.legal_moves()[0]))
    events += game.play(game.legal_moves()[0])
    while game.phase in (Phase.LAIR, Phase.WATER):
        events += game.play(game.legal_moves()[0])
    return events


def _after(game, *slots: Optional[str]) -> Tuple[Any, List[Any]]:
    """A copy of ``game`` after one whole turn per slot (None: the first card allowed), and the
    events those turns made."""
    twin = game.copy()
    events: List[Any] = []
    for slot in slots:
        events += _turn(twin, slot)
    return twin, events


def _said(events, rule_prefix: str = "") -> str:
    """The messages of the events citing a rule starting with ``rule_prefix``, as sentences."""
    return " ".join(f"{e.message}." for e in events if e.rule.startswith(rule_prefix))


def _name(game, seat: int) -> str:
    return game.player_name(seat)


def _order(game) -> Tuple[str, ...]:
    return tuple(_name(game, p) for p in game.round_order)


def _ordinals(names: Sequence[str]) -> Dict[str, str]:
    """Each player with the picks they make: {"Blue": "1st, 3rd", ...}."""
    words = ("1st", "2nd", "3rd", "4th")
    out: Dict[str, List[str]] = {}
    for k, name in enumerate(names):
        out.setdefault(name, []).append(words[k])
    return {name: ", ".join(ks) for name, ks in out.items()}


def _cells_text(cells: Iterable[Cell]) -> str:
    return "; ".join(cell_words(x, y) for x, y in sorted(cells, key=lambda c: (c[1], c[0]))) or "none"


def _cell(cell: Sequence[int]) -> Cell:
    """A cell as records write it (``[1, 2]``) as the engine keys it."""
    return (cell[0], cell[1])


# =========================================================================================================
# Pictures, clicks and spoilers the records name
# =========================================================================================================

@named
def table(game, hide: Sequence[str] = ()) -> Scene:
    """The whole table, the lines starting with one of ``hide`` shown as "Prefix: ?"."""
    return draw.table(game, hide=tuple(hide))


@named
def forest_picture(game, seat: Optional[int] = None, axes: bool = False, hand: bool = False, cells: bool = False,
                   rings: bool = False, score: bool = False, trace: bool = True, foods: bool = False) -> Scene:
    """One forest (the mover's unless ``seat``), its cells numbered when ``axes``, the card in hand
    beside it when ``hand``, without the marks ``cells``, ``rings`` and ``score`` name (see ``_quiet``);
    ``foods`` makes every food on a path clickable."""
    seat = game.current_player if seat is None else seat
    sc = draw.forest(game, seat, axes=axes, hand=game.held_card if hand else None, cells=cells, rings=rings,
                         score=score, trace=trace)
    return draw.food_hits(sc) if foods else sc


@named
def forests_picture(game, counts: bool = False) -> Scene:
    """Every forest side by side (``counts``: the card counts without the forest size)."""
    return draw.forests(game, counts=counts)


@named
def forest_answer_cells(game, answer, axes: bool = False, hand: bool = False) -> Scene:
    """The mover's forest with the answer's cells lit."""
    return draw.forest(game, game.current_player, axes=axes, hand=game.held_card if hand else None,
                           highlights=tuple(answer))


@named
def forest_cards_marked(game, answer, seat: int = 0) -> Scene:
    """A forest, numbered, with the cards on the answer's cells ticked."""
    return draw.marked(draw.forest(game, seat, axes=True), [f"card:{seat}:{x}:{y}" for x, y in answer])


@named
def forest_corners_marked(game, answer, cell: Sequence[int], seat: int = 0) -> Scene:
    """A forest with the answer's food corners of the animal on ``cell`` ticked."""
    x, y = _cell(cell)
    return draw.marked(draw.forest(game, seat), [f"corner:{seat}:{x}:{y}:{f}" for f in answer])


@named
def forest_captioned(game, answer, seat: int = 0) -> Scene:
    """A forest with its points and rings, and the answer written under it."""
    return draw.captioned(draw.forest(game, seat), f"Answer: {answer} points")


@named
def score_spoilers(game, answer) -> List[str]:
    """The ways a picture could say a number of points."""
    return [f"{answer} pts", f"{answer} pt", f"{answer} points", f"= {answer}"]


@named
def card_picture(game, card: str, turn: int, entry: Optional[str] = None, answer=None) -> Scene:
    """One card, large, turned ``turn``, its sides clickable; with the answer, its sides ticked."""
    if answer is None:
        return draw.card(game.catalogue, card, turn, entry=entry)
    marked = [answer] if isinstance(answer, str) else answer
    return draw.card(game.catalogue, card, turn, entry=entry, marked=marked, clickable=False)


@named
def turns_picture(game, cell: Sequence[int], allowed: Optional[Sequence[int]] = None, answer=None) -> Scene:
    """The mover's forest and, beside it, the card in hand in its four turns to click; with the
    answer (or ``allowed``), the cell lit and each turn marked ✓ or ✗."""
    if answer is not None and allowed is None:
        allowed = [int(t[:-1]) for t in answer]
    marks = dict(cells=True, rings=True, score=True) if allowed is None else dict(highlights=(_cell(cell),))
    forest_pic = draw.forest(game, game.current_player, **marks)
    turns = draw.turns(game.catalogue, game.held_card, allowed=allowed)
    return draw.beside((f"{_name(game, game.current_player)}'s forest", forest_pic), ("The card in hand", turns))


@named
def market_picture(game, frames: bool = False, hide: Sequence[str] = ()) -> Scene:
    """The market row of the table (``frames``: the mover's frame plain; ``hide``: as ``table``)."""
    return draw.market(game, frames=frames, hide=tuple(hide))


def _market_hits(slots: Iterable[str]) -> List[str]:
    return [f"market:{s}" for s in slots]


@named
def market_answer(game, answer, after: Sequence[Optional[str]] = ()) -> Scene:
    """The market (after the turns taking the cards under ``after``) with the answer's advisors ticked."""
    return draw.marked(draw.market(_after(game, *after)[0] if after else game), _market_hits(answer))


@named
def market_leftovers(game, taken: str) -> Scene:
    """The market with the cards nobody takes crossed: all but the one under ``taken``."""
    return draw.marked(draw.market(game), _market_hits(s for s, c in game.market.items() if c and s != taken), "✗")


@named
def seating(game) -> Scene:
    """The players round the table, clickable."""
    return draw.seating(game)


@named
def seating_in_order(game, answer) -> Scene:
    """The table with the first to pick marked and each player's picks written by them."""
    return draw.seating(game, marked=answer[:1], labels=_ordinals(answer))


@named
def seating_after(game, slots: Sequence[Optional[str]], answer) -> Scene:
    """The table after these turns, the answer's player marked."""
    return draw.seating(_after(game, *slots)[0], marked=[answer])


def _score_labels(game) -> Dict[str, str]:
    return {_name(game, p): f"{s} pts" for p, s in enumerate(game.scores())}


@named
def seating_scores(game, answer=None) -> Scene:
    """The table with each player's final score (and the answer's player marked)."""
    return draw.seating(game, marked=[answer] if answer else (), labels=_score_labels(game), colour="#333333")


def _supply_boxes(game) -> Scene:
    sc = Scene(200, 190, background="#ffffff", title="the supply and the discard pile")
    for i, (hit, label, sub) in enumerate((("supply", "The supply", f"{game.tokens['water']} water drops"),
                                           ("discard", "The discard pile", "cards out of the game"))):
        y = 10 + i * 92
        sc.add(rect(6, y, 188, 80, fill="#fffdf6", stroke="#c9c3b2", width=1.5, radius=8, hit=hit, title=label),
               text(100, y + 28, label, size=16, bold=True, fill="#333333"),
               text(100, y + 54, sub, size=13, fill="#444444"))
    return sc


@named
def drop_picture(game, answer=None) -> Scene:
    """Red's forest beside the supply and the discard pile (with the answer, the place ticked)."""
    sc = draw.beside(("Red's forest", draw.forest_scene(game, 0, rings=True, score=True)), ("", _supply_boxes(game)))
    return draw.marked(sc, [answer.split()[-1]]) if answer else sc


def _starting_picture(game, marked=()) -> Scene:
    seat = game.current_player
    card = game.starting_animal()[0]
    return draw.beside((f"{_name(game, seat)}'s forest", draw.forest_scene(game, seat, cells=True, score=True)),
                   (f"The {game.card(card).name}", draw.card(game.catalogue, card, 0, marked=marked,
                                                                   clickable=not marked)))


@named
def starting_animal_picture(game, answer=()) -> Scene:
    """The mover's forest beside the starting animal still to lay (with the answer's sides ticked)."""
    return _starting_picture(game, marked=answer)


def _hit_parts(hit: Optional[str], kind: str) -> Optional[List[str]]:
    parts = (hit or "").split(":")
    return parts[1:] if parts[0] == kind else None


@named
def click_cell(game, hit, seat: Optional[int] = None, kinds: Sequence[str] = ("cell",)) -> Optional[Cell]:
    """A cell of one forest (the mover's unless ``seat``), clicked on one of ``kinds`` of thing."""
    seat = game.current_player if seat is None else seat
    for kind in kinds:
        parts = _hit_parts(hit, kind)
        if parts and int(parts[0]) == seat:
            return (int(parts[1]), int(parts[2]))
    return None


def _click_word(hit, kind: str, field: int = 0) -> Optional[str]:
    parts = _hit_parts(hit, kind)
    return parts[field] if parts else None


@named
def click_player(game, hit) -> Optional[str]:
    return _click_word(hit, "player")


@named
def click_side(game, hit) -> Optional[str]:
    return _click_word(hit, "side")


@named
def click_food(game, hit) -> Optional[str]:
    return _click_word(hit, "food")


@named
def click_market(game, hit) -> Optional[str]:
    return _click_word(hit, "market")


@named
def click_turn(game, hit) -> Optional[str]:
    word = _click_word(hit, "turn")
    return TURN_WORDS.get(word) if word is not None else None


@named
def click_corner(game, hit) -> Optional[str]:
    return _click_word(hit, "corner", 3)


@named
def click_drop_place(game, hit) -> Optional[str]:
    """The supply, the discard pile or a food corner, as ``WHERE_DROP`` words them."""
    if hit in ("supply", "discard"):
        return {"supply": "the supply", "discard": "the discard pile"}[hit]
    food = _click_word(hit, "corner", 3)
    return f"the {food} corner" if food in FOODS else None


# =========================================================================================================
# Why a clicked thing is not part of the answer: the engine's own reason, naming the rule
# =========================================================================================================

def _board_words(reason: str) -> str:
    """The engine's reason (its move left out) with its cells as the picture numbers them: "(2, 3)"
    as "column 2, row 3"."""
    return _cells_in_words(reason.split(": ", 1)[-1])


def _cells_in_words(text: str) -> str:
    return re.sub(r"\((-?\d+), (-?\d+)\)", lambda m: cell_words(int(m[1]), int(m[2])), text)


def _reason_here(reason: str) -> str:
    """The engine's reason about the cell already named: its leading "(2, 3): " left out, and a
    leading "(2, 3)" said as "this cell"."""
    said = re.sub(r"^\(-?\d+, -?\d+\):\s*", "", reason.split(": ", 1)[-1])
    return _cells_in_words(re.sub(r"^\(-?\d+, -?\d+\)", "this cell", said))


@named
def why_not_here(game, cell) -> Optional[str]:
    """Why the card in hand may not go on ``cell`` (None where it may): the engine's refusal."""
    if tuple(cell) in game.legal_placements():
        return None
    return _reason_here(game.explain(Place(game.current_player, cell[0], cell[1], 0)))


@named
def why_not_on_path(game, cell, animal: Sequence[int]) -> Optional[str]:
    """Why the card on ``cell`` is not on the path of the animal on ``animal``."""
    on = path_cards(game, animal)
    if tuple(cell) in on:
        return None
    name = game.card(game.forest(0).at(_cell(animal)).card).name
    if tuple(cell) == _cell(animal):
        return f"that is the {name}'s own card, where its path starts; count the cards it runs onto [forest.path.connect]"
    return (f"the {name}'s path does not run onto this card: where the two cards meet, not both have a path end, "
            "so nothing joins there [forest.path.connect]")


@named
def why_not_this_turn(game, turn, cell: Sequence[int]) -> Optional[str]:
    """Why the card in hand may not lie on ``cell`` turned ``turn``: the engine's refusal."""
    degrees = int(str(turn).rstrip("°"))
    if degrees in game.legal_placements().get(_cell(cell), ()):
        return None
    return _reason_here(game.explain(Place(game.current_player, cell[0], cell[1], degrees)))


@named
def why_no_path_end(game, side, card: str, turn: int) -> Optional[str]:
    """Why ``card`` turned ``turn`` has no path end on ``side``."""
    if side in path_ends(game, card, turn):
        return None
    return (f"turned {turn}°, the card has no path end on its {EDGE_NAMES[EDGES.index(side)]} side: turn each "
            "end a quarter clockwise, N to E, E to S, S to W, W to N [forest.place.rotation]")


@named
def why_no_drop_here(game, food) -> Optional[str]:
    """Why the goat's water drop may not go on that food corner: the engine's refusal."""
    twin = game.copy()
    twin.play(Take(0, "goat"))
    twin.play(twin.legal_moves()[0])
    if twin.phase is not Phase.WATER or food in {m.food for m in twin.legal_moves()}:
        return None
    first = twin.legal_moves()[0]
    return _board_words(twin.explain(Water(0, first.x, first.y, food)))


@named
def why_not_on_offer(game, slot, slots: Sequence[Optional[str]]) -> Optional[str]:
    """Why the card under ``slot`` is not there to take after the turns taking ``slots``."""
    if slot in choices_after(game, slots):
        return None
    return (f"the {slot}'s card was taken earlier this round, and a taken card is not replaced until the "
            "round ends [forest.turn.no-refill]")


@named
def why_no_path_card(game, slot) -> Optional[str]:
    """Why no path card comes to ``slot`` at the refill: the rabbit always offers an animal."""
    if slot != "rabbit":
        return None
    return "the rabbit always offers an animal card, from the animal deck, never a path card [forest.round.market]"


@named
def why_not_this_way(game, side) -> Optional[str]:
    """Why the starting animal still to lay may not point its path out by ``side``: the engine's refusal."""
    if side in starting_animal_sides(game):
        return None
    card = game.starting_animal()[0]
    turn = next(r for r in ROTATIONS if _animal_exit_at(game, card, r) == side)
    return _reason_here(game.explain(Orient(game.current_player, turn)))


# =========================================================================================================
# Setting up
# =========================================================================================================

@named
def players(game) -> int:
    return game.players


@named
def box_animals(game) -> int:
    return len(game.catalogue.animals)


@named
def animal_deck(game) -> int:
    return game.deck_sizes["animals"]


@named
def dealt_animals(game) -> int:
    """The starting animals in the forests."""
    return sum(len(game.forest(p).animal_cells()) for p in range(game.players))


@named
def animal_deck_before_the_deal(game) -> int:
    """The animal deck as if the starting animals had not come off it."""
    return animal_deck(game) + dealt_animals(game)


@named
def round_order(game) -> Tuple[str, ...]:
    """The players in the order they take a card this round."""
    return _order(game)


@named
def pawn_holder(game) -> str:
    return _name(game, game.pawn)


@named
def next_after_pawn_holder(game) -> str:
    """The player clockwise of the pawn holder."""
    return _name(game, (game.pawn + 1) % game.players)


@named
def seat_order(game) -> Tuple[str, ...]:
    return tuple(_name(game, p) for p in range(game.players))


@named
def anticlockwise_order(game) -> Tuple[str, ...]:
    return tuple(_name(game, (game.pawn - i) % game.players) for i in range(game.players))


def _lairs_on(game, seats: Iterable[int]) -> int:
    return sum(game.forest(p).lairs(c) for p in seats for c in game.forest(p).animal_cells())


def _drops_on(game) -> int:
    return sum(len(game.forest(p).water(c)) for p in range(game.players) for c in game.forest(p).animal_cells())


@named
def lair_supply(game) -> int:
    return game.tokens["lair"]


@named
def box_lairs(game) -> int:
    return game.catalogue.lair_tokens


@named
def box_water_drops(game) -> int:
    return game.catalogue.water_tokens


@named
def lairs_on_animals(game) -> int:
    return _lairs_on(game, range(game.players))


@named
def lair_supply_counting(game, seats: Optional[Sequence[int]] = None, drops: bool = False) -> int:
    """The lair supply counted from the box: less the lair tokens on the animals of ``seats``
    (default: everyone's), and, with ``drops``, less the water drops too."""
    seats = range(game.players) if seats is None else seats
    return game.catalogue.lair_tokens - _lairs_on(game, seats) - (_drops_on(game) if drops else 0)


# =========================================================================================================
# Cards and paths
# =========================================================================================================

@named
def path_ends(game, card: str, turn: int) -> FrozenSet[str]:
    """The sides of ``card`` turned ``turn`` where a path ends."""
    return frozenset(e for seg in game.catalogue.segments(card, turn) for e in seg[:2] if e in EDGES)


@named
def leaves_by(game, card: str, turn: int, entry: str) -> str:
    """The side a path walking in by ``entry`` leaves ``card`` (turned ``turn``) by."""
    for a, b, _ in game.catalogue.segments(card, turn):
        if entry in (a, b):
            return b if a == entry else a
    raise ValueError(f"no path end on the {entry} side")


@named
def side_name(game, answer) -> str:
    """"east" for E."""
    return EDGE_NAMES[EDGES.index(answer)]


_SIDE_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
_ALL_STEPS = _SIDE_STEPS + ((1, 1), (1, -1), (-1, 1), (-1, -1))


@named
def path_cards(game, animal: Sequence[int]) -> FrozenSet[Cell]:
    """The cards of Red's forest the path of the animal on ``animal`` runs onto."""
    return frozenset(game.forest(0).path_cells(_cell(animal))[1:])


@named
def path_and_touching_cards(game, animal: Sequence[int], corners: bool = False) -> FrozenSet[Cell]:
    """The path's cards and every card beside them (``corners``: touching at a corner too), the
    animal's own card aside."""
    den = _cell(animal)
    path = path_cards(game, animal)
    laid = {pc.cell for pc in game.forest(0).cards()}
    steps = _ALL_STEPS if corners else _SIDE_STEPS
    near = frozenset((x + dx, y + dy) for x, y in path | {den} for dx, dy in steps if (x + dx, y + dy) in laid)
    return path | (near - {den})


@named
def cells_in_rows(game, answer) -> str:
    """Cells in reading order, the top row first."""
    return _cells_text(answer)


@named
def foods_met(game, seat: int = 0, cell: Sequence[int] = (0, 0)) -> Tuple[str, ...]:
    """The foods an animal's path meets, in walking order."""
    return tuple(s.food for s in game.score_breakdown(seat).animal(_cell(cell)).path)


@named
def foods_as_printed(game, seat: int = 0, cell: Sequence[int] = (0, 0)) -> Tuple[str, ...]:
    """The foods met when every path card is read in its printed order (the misreading)."""
    f = game.forest(seat)
    cells = f.path_cells(_cell(cell))
    out: List[str] = []
    for prev, here in zip(cells, cells[1:]):
        placed = f.at(here)
        entry = EDGES[_SIDE_STEPS.index((prev[0] - here[0], prev[1] - here[1]))]
        for a, b, foods in game.catalogue.segments(placed.card, placed.rotation):
            if entry in (a, b):
                out += foods
    return tuple(out)


@named
def stored_foods(game, seat: int = 0, cell: Sequence[int] = (0, 0)) -> Tuple[str, ...]:
    return game.score_breakdown(seat).animal(_cell(cell)).stored


# =========================================================================================================
# Placing a card
# =========================================================================================================

@named
def legal_cells(game) -> FrozenSet[Cell]:
    return frozenset(game.legal_placements())


def _empty_near(game, steps, inside: bool = True) -> FrozenSet[Cell]:
    """Empty cells one of ``steps`` from a card of the mover's forest (and inside its bounds)."""
    f = game.forest(game.current_player)
    laid = {pc.cell for pc in f.cards()}
    return frozenset(c for x, y in laid for dx, dy in steps
                     if (c := (x + dx, y + dy)) not in laid and (f.fits(c) or not inside))


@named
def cells_touching_at_corners(game) -> FrozenSet[Cell]:
    """The legal cells and the empty ones touching the forest only at a corner."""
    return legal_cells(game) | _empty_near(game, _ALL_STEPS)


@named
def cells_beyond_the_square(game) -> FrozenSet[Cell]:
    """Every empty cell beside the forest, those that would break its square too."""
    return _empty_near(game, _SIDE_STEPS, inside=False)


def _fits(game, cell: Cell, width: int, height: int) -> bool:
    x0, y0, x1, y1 = game.forest(0).bbox()
    return max(x1, cell[0]) - min(x0, cell[0]) < width and max(y1, cell[1]) - min(y0, cell[1]) < height


@named
def legal_cells_within(game, width: int, height: int) -> FrozenSet[Cell]:
    """The legal cells that keep Red's forest inside ``width`` × ``height``, lying that way only."""
    return frozenset(c for c in legal_cells(game) if _fits(game, c, width, height))


def _why(game, cell: Cell, rotation: int = 0) -> str:
    """Why the engine refuses the card in hand on ``cell`` turned ``rotation``, in its words."""
    reason = game.explain(Place(game.current_player, cell[0], cell[1], rotation))
    return _reason_here(reason).split(" [")[0]


@named
def refused_cells(game) -> str:
    """Why the engine refuses the first two cells beside the forest it refuses."""
    legal = legal_cells(game)
    out = []
    for cell in sorted((_empty_near(game, _ALL_STEPS) | _empty_near(game, _SIDE_STEPS, inside=False)) - legal,
                       key=lambda c: (c[1], c[0]))[:2]:
        out.append(f"Not {_cells_text([cell])}: {_why(game, cell)}.")
    return " ".join(out)


@named
def turns_at(game, cell: Sequence[int]) -> FrozenSet[str]:
    """The turns the card in hand may take on ``cell``."""
    return frozenset(f"{r}°" for r in game.legal_placements().get(_cell(cell), ()))


@named
def turns_count(game, cell: Sequence[int]) -> int:
    return len(game.legal_placements().get(_cell(cell), ()))


@named
def refused_turns(game, cell: Sequence[int]) -> str:
    """Why the engine refuses the first two turns it refuses on ``cell``."""
    allowed = turns_at(game, cell)
    bad = [r for r in ROTATIONS if f"{r}°" not in allowed]
    return "; ".join(f"{r}°: {_why(game, _cell(cell), r)}" for r in bad[:2])


def _animal_exit(game, placed) -> FrozenSet[str]:
    return frozenset(a for a, b, _ in game.catalogue.segments(placed.card, placed.rotation) if b == "den")


@named
def turns_joining(game, cell: Sequence[int]) -> FrozenSet[str]:
    """The turns of the card in hand with a path end on every side where a neighbour's path ends."""
    f = game.forest(game.current_player)
    facing = set()
    for k, (dx, dy) in enumerate(_SIDE_STEPS):
        nb = f.at((cell[0] + dx, cell[1] + dy))
        if nb and EDGES[(k + 2) % 4] in path_ends(game, nb.card, nb.rotation) | _animal_exit(game, nb):
            facing.add(EDGES[k])
    return frozenset(f"{r}°" for r in ROTATIONS if facing <= path_ends(game, game.held_card, r))


@named
def turns_by_the_placing_rules(game, cell: Sequence[int]) -> int:
    """How many turns the usual placing rules (no forced placement) allow on ``cell``."""
    card = game.catalogue.card(game.held_card).index
    return len(game.forest(game.current_player).legal_turns(_cell(cell), card))


@named
def log_says(game, rule: str) -> str:
    """What the game's log says, citing rules starting with ``rule``."""
    return _said(game.log, rule)


@named
def last_log_line(game) -> str:
    return _said(game.log[-1:])


# =========================================================================================================
# The round and the advisors
# =========================================================================================================

@named
def said_after(game, slots: Sequence[Optional[str]], rule: str, last: bool = False) -> str:
    """What the events of these turns (``last``: of their last event only) say, citing ``rule``."""
    events = _after(game, *slots)[1]
    return _said(events[-1:] if last else events, rule)


@named
def choices_after(game, slots: Sequence[Optional[str]]) -> FrozenSet[str]:
    """The advisors whose cards the next player may take after these turns."""
    twin, _ = _after(game, *slots)
    return frozenset(m.slot for m in twin.legal_moves())


@named
def advisors_text(game, answer) -> str:
    """"the rabbit and the goat": advisors in board order."""
    names = [f"the {s}" for s in SLOTS if s in set(answer)]
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


@named
def discarded_after(game, slots: Sequence[Optional[str]]) -> int:
    """How many cards go onto the discard pile during these turns."""
    twin, _ = _after(game, *slots)
    return len(twin.discard_pile) - len(game.discard_pile)


@named
def discard_pile_after(game, slots: Sequence[Optional[str]]) -> int:
    return len(game.discard_pile) + discarded_after(game, slots)


@named
def path_cards_refilled(game, slots: Sequence[Optional[str]]) -> FrozenSet[str]:
    """The advisors holding a path card after these turns."""
    twin, _ = _after(game, *slots)
    return frozenset(s for s, c in twin.market.items() if c and twin.card(c).kind == "path")


@named
def empty_slots_and(game, slots: Sequence[str]) -> FrozenSet[str]:
    """The advisors with no card now, and ``slots``."""
    return frozenset(s for s, c in game.market.items() if c is None) | set(slots)


@named
def first_next_round(game, slots: Sequence[Optional[str]]) -> str:
    """Who takes the first card of the round after these turns."""
    twin, _ = _after(game, *slots)
    return _name(twin, twin.round_order[0])


@named
def to_move_after(game, slots: Sequence[Optional[str]]) -> str:
    return _name(game, _after(game, *slots)[0].current_player)


@named
def storage_after(game, slots: Sequence[Optional[str]], cell: Sequence[int] = (0, 0)) -> int:
    """How many foods the animal on ``cell`` of Red's forest can store after these turns."""
    twin, _ = _after(game, *slots)
    return twin.score_breakdown(0).animal(_cell(cell)).storage


@named
def printed_storage(game, card: str) -> int:
    return game.card(card).capacity


@named
def free_corners_after_the_goat(game) -> FrozenSet[str]:
    """The food corners Red may put the goat's water drop on, once its card is laid."""
    twin = game.copy()
    twin.play(Take(0, "goat"))
    twin.play(twin.legal_moves()[0])
    return frozenset(m.food for m in twin.legal_moves()) if twin.phase is Phase.WATER else frozenset()


@named
def liked_foods(game, card: str, but: Sequence[str] = ()) -> FrozenSet[str]:
    """The foods worth something to ``card``, but these."""
    return frozenset(f for f in FOODS if game.card(card).value(f)) - set(but)


@named
def where_the_drop_goes(game) -> str:
    """Where the goat's water drop ends up when Red takes its card: a corner of Red's first animal,
    the supply or the discard pile."""
    twin, _events = _after(game, "goat")
    for f in FOODS:
        if f in twin.forest(0).water((0, 0)) and f not in game.forest(0).water((0, 0)):
            return f"the {f} corner"
    if twin.tokens["water"] == game.tokens["water"]:
        return "the supply"
    return "the discard pile"


@named
def animals_at_end(game) -> int:
    """Red's animals once the game is played out, Red taking the rabbit's card whenever it may, Blue never."""
    twin = game.copy()
    while not twin.is_over:
        p = twin.current_player
        if twin.phase is Phase.TAKE:
            takes = [m for m in twin.legal_moves() if (m.slot == "rabbit") == (p == 0)] or twin.legal_moves()
            twin.play(takes[0])
        else:
            twin.play(twin.legal_moves()[0])
    return len(twin.forest(0).animal_cells())


@named
def animals_now(game) -> int:
    return len(game.forest(0).animal_cells())


@named
def animals_gained(game) -> int:
    return animals_at_end(game) - animals_now(game)


@named
def rounds_left(game) -> int:
    return game.total_rounds - game.round + 1


# =========================================================================================================
# Scoring
# =========================================================================================================

def _misread_food(a) -> Dict[str, int]:
    """What one animal's foods score when its card is misread: without its water drops,
    without its lair tokens, or storing every food it meets."""
    stored = [s for s in a.path if s.stored]
    return {"no-water": sum(s.value - s.water for s in stored),
            "no-lair": sum(s.value for s in a.path[:a.capacity]),
            "everything": sum(s.value for s in a.path)}


@named
def animal_score(game, cell: Sequence[int], part: str = "total", seat: int = 0) -> int:
    """One line of an animal's score: ``total``, ``food_points``..."""
    return getattr(game.score_breakdown(seat).animal(_cell(cell)), part)


@named
def animal_score_line(game, cell: Sequence[int], seat: int = 0) -> str:
    return str(game.score_breakdown(seat).animal(_cell(cell)))


@named
def misread_food(game, cell: Sequence[int], how: str, own_points: bool = False, seat: int = 0) -> int:
    """An animal's food points misread ``how`` (no-water, no-lair, everything), with its own points."""
    a = game.score_breakdown(seat).animal(_cell(cell))
    return _misread_food(a)[how] + (a.own_points if own_points else 0)


@named
def misread_forest(game, how: str, seat: int = 0) -> int:
    """A forest's total with every animal misread ``how``."""
    sb = game.score_breakdown(seat)
    return sum(_misread_food(a)[how] + a.own_points for a in sb.animals if not a.discarded) + sb.pawn_point


@named
def forest_total(game, seat: int = 0) -> int:
    return game.score_breakdown(seat).total


@named
def forest_total_without(game, part: str, seat: int = 0) -> int:
    """A forest's total less one line of its score (``pawn_point``, ``animal_points``)."""
    sb = game.score_breakdown(seat)
    return sb.total - getattr(sb, part)


@named
def score_lines(game, seat: int = 0) -> str:
    return str(game.score_breakdown(seat)).replace("\n", "; ")


# =========================================================================================================
# The end of the game
# =========================================================================================================

@named
def rounds_to_end(game) -> int:
    """The rounds still to play, this one included."""
    twin, start = game.copy(), game.round
    while not twin.is_over:
        twin.play(twin.legal_moves()[0])
    return twin.round - start + 1


@named
def forest_size(game) -> int:
    return game.forest(0).size


@named
def forest_capacity(game) -> int:
    return game.forest(0).capacity


@named
def round_number(game) -> int:
    return game.round


def _after_keep(game, keep: Cell) -> int:
    twin = game.copy()
    twin.play(Keep(0, keep[0], keep[1]))
    while not twin.is_over:
        twin.play(twin.legal_moves()[0])
    return twin.scores()[0]


@named
def best_keep(game) -> int:
    """Red's final total keeping the better of the animals sharing a path."""
    return max(_after_keep(game, c) for c in game.shared_path_to_clean())


@named
def worst_keep(game) -> int:
    return min(_after_keep(game, c) for c in game.shared_path_to_clean())


@named
def keep_scores(game) -> str:
    """"24 or 19": Red's final total keeping each animal in turn."""
    return " or ".join(str(_after_keep(game, c)) for c in game.shared_path_to_clean())


@named
def score_without_cleanup(game) -> int:
    f = game.forest(0)
    return sum(_animal_total(f, c).total for c in f.animal_cells()) + game.score_breakdown(0).pawn_point


@named
def sharing(game) -> str:
    """The animals sharing a path, by name."""
    return " and ".join(game.card(game.forest(0).at(c).card).name for c in game.shared_path_to_clean())


@named
def winner(game) -> str:
    return _name(game, game.winners()[0])


@named
def first_tied(game) -> str:
    """The first player, in seat order, with the highest total."""
    scores = game.scores()
    return _name(game, scores.index(max(scores)))


# =========================================================================================================
# The advanced 2-player mode
# =========================================================================================================

def _animal_exit_at(game, card: str, rotation: int) -> str:
    return next(a for a, b, _ in game.catalogue.segments(card, rotation) if b == "den")


@named
def starting_animal_sides(game) -> FrozenSet[str]:
    """The sides the path of the starting animal still to lay may leave by."""
    card = game.starting_animal()[0]
    return frozenset(_animal_exit_at(game, card, m.rotation) for m in game.legal_moves())


@named
def two_picks_in_a_row(game) -> Tuple[str, ...]:
    """The round's picks with each player's two together."""
    order = _order(game)
    return tuple(sorted(order, key=order.index))


@named
def first_two_picks(game) -> Tuple[str, ...]:
    return _order(game)[:2]


EXERCISES = BOOK.load(LESSONS)
