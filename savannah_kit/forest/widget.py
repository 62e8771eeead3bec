"""The interactive Savernake Forest board, on the kit's shared board (``ui.board``).

``board(game)`` (or ``game.widget()``) returns a ``ForestBoard``; show it by leaving
it at the end of a cell. Click a market card to take it (its legal cells light up),
turn it with ⟲/⟳ (or R / Shift+R on the board), click a green cell to place it, then
answer the advisor's question (click an animal for the lair token, a food corner for
the water drop). The keyboard does it all too: arrows move a cursor over what can be
chosen, Enter chooses, R turns, U undoes, Tab leaves the board. Every refusal says why
in the status line, citing the rule, and outlines what was refused; the last move (a
bot's too) stays outlined until you act.

Everything can be driven from Python: ``click_hit(hit_id)``, ``rotate(±1)``,
``undo()``, ``new_game()``; ``bots={seat: "random"|"greedy"}`` seats bots.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Dict, Iterable, List, Optional, Tuple

import ipywidgets as widgets

from ..core.scene import Circle, Polygon, Rect
from ..ui.board import Board
from . import render
from .data import SLOTS, card_phrase
from .moves import Keep, Lair, Orient, Place, Take, Water
from .rules import decision_text
from .state import Phase

if TYPE_CHECKING:
    from .rules import ForestGame

#: What the status line asks for at each decision (``{who}`` is the player).
ASKS = {
    Phase.TAKE: "{who}: click a card on the board to take it.",
    Phase.LAIR: "{who}: click the animal that gets the lair token (+1 storage).",
    Phase.WATER: "{who}: click a free food corner of one of your animals for the water drop (+1).",
    Phase.CLEANUP: "{who}: these animals share a path: click the one to keep.",
}
#: where a cell lies from a neighbour, in board words: (dx, dy) -> "right of"
SIDE_WORDS = {(1, 0): "right of", (-1, 0): "left of", (0, 1): "below", (0, -1): "above"}
_COORDINATES = re.compile(r"(?:at |on )?\(-?\d+, -?\d+\)")
_AT_CELL = re.compile(r"\bat \((-?\d+), (-?\d+)\)")


class ForestBoard(Board):
    """A playable Savernake Forest board (see the module docstring)."""

    title = "Savernake Forest"

    def __init__(self, game: "ForestGame", *, bots: Optional[Dict[int, str]] = None,
                 seats: Optional[Iterable[int]] = None, classroom: bool = False, seed: int = 0,
                 autosave: Optional[str] = None):
        self.rotation = 0
        self.preview_cell: Optional[Tuple[int, int]] = None
        super().__init__(game, bots=bots, seats=seats, classroom=classroom, seed=seed, autosave=autosave,
                         min_width=940)

    # -- the hooks of the shared board -------------------------------------------------
    def make_buttons(self) -> List[widgets.Button]:
        self.btn_left = self._button("⟲ turn left", "Turn the card 90° anticlockwise (Shift+R)", lambda: self.rotate(-1))
        self.btn_right = self._button("⟳ turn right", "Turn the card 90° clockwise (R)", lambda: self.rotate(+1))
        return [self.btn_left, self.btn_right]

    def render(self):
        g = self.game
        viewer = g.current_player if g.current_player in self.seats and len(self.seats) == 1 else None
        return render.scene(g, viewer=viewer, preview=self._preview(), large=self.classroom, rotation=self.rotation,
                            caption=False)  # the status line says what to do

    def instruction(self) -> str:
        g = self.game
        if g.is_over:
            return decision_text(g) + ". Press New game to play again."
        who = g.player_name(g.current_player)
        if g.current_player not in self.seats:
            return f"{who} (bot) is thinking…"
        if g.phase is Phase.PLACE:
            what = card_phrase(g.card(g.held_card))
            legal = g.legal_placements()
            if self.preview_cell in legal:
                turns = ", ".join(f"{r}°" for r in legal[self.preview_cell])
                return (f"{who}: place {what} (turned {self.rotation}°) on a green cell; the cell under the pointer "
                        f"takes it turned {turns}. ⟲/⟳ or R to turn.")
            return f"{who}: click a green cell to place {what} (turned {self.rotation}°; ⟲/⟳ or R to turn)."
        if g.phase is Phase.ORIENT:
            card, _cell = g.starting_animal()
            return (f"{who}: turn your starting {g.card(card).name} with ⟲/⟳, then click it "
                    f"(now turned {self.rotation}°).")
        return ASKS[g.phase].format(who=who)

    def describe(self, move, position) -> str:
        who = position.player_name(move.player)
        if isinstance(move, Take):
            card = position.market[move.slot]
            return f"{who} took the {move.slot}'s card ({card_phrase(position.card(card))})"
        if isinstance(move, Place):
            card = card_phrase(position.card(position.held_card))
            return f"{who} placed {card} {self.cell_words(position, move.player, move.cell)}, turned {move.rotation}°"
        if isinstance(move, Lair):
            return f"{who} put the lair token on {self._animal(position, move)}"
        if isinstance(move, Water):
            return f"{who} put the water drop on the {move.food} corner of {self._animal(position, move)}"
        if isinstance(move, Keep):
            return f"{who} kept {self._animal(position, move)} on the shared path"
        if isinstance(move, Orient):
            card, _cell = position.starting_animal()
            return f"{who} turned the starting {position.card(card).name} {move.rotation}°"
        return str(move)

    @staticmethod
    def _animal(position, move) -> str:
        placed = position.forest(move.player).at(move.cell)
        return card_phrase(position.card(placed.card)) if placed is not None else "an animal"

    @staticmethod
    def cell_words(position, seat: int, cell: Tuple[int, int]) -> str:
        """Where a cell is, the way the board shows it: "right of the Fox" (a neighbouring
        card, animals first), or "as the first card"."""
        forest = position.forest(seat)
        neighbours = []
        for (dx, dy), words in SIDE_WORDS.items():
            placed = forest.at((cell[0] - dx, cell[1] - dy))
            if placed is not None:
                card = position.card(placed.card)
                neighbours.append((card.kind != "animal", f"{words} {card_phrase(card)}"))
        return min(neighbours)[1] if neighbours else "as the first card"

    def event_text(self, event) -> str:
        """Engine events name cells by coordinates, which the board does not show: name
        them by their neighbours instead ("above the Squirrel")."""
        if event.player is None or not 0 <= event.player < self.game.players:
            return event.message

        def words(m: re.Match) -> str:
            return self.cell_words(self.game, event.player, (int(m.group(1)), int(m.group(2))))

        return _AT_CELL.sub(words, event.message)

    def move_marks(self, move) -> List[str]:
        if isinstance(move, Take):
            return [f"market:{move.slot}", "hand"]
        if isinstance(move, Place):
            return self._card_hit(move.player, move.cell)
        if isinstance(move, Water):
            return [f"corner:{move.player}:{move.x}:{move.y}:{move.food}"]
        if isinstance(move, (Lair, Keep)):
            return [f"animal:{move.player}:{move.x}:{move.y}"]
        return []

    def _card_hit(self, seat: int, cell) -> List[str]:
        if cell is None:
            return []
        placed = self.game.forest(seat).at(cell)
        if placed is None:
            return []
        kind = "animal" if self.game.card(placed.card).kind == "animal" else "card"
        return [f"{kind}:{seat}:{cell[0]}:{cell[1]}"]

    def keyboard_order(self) -> List[str]:
        g = self.game
        if not self.human_turn:
            return []
        p = g.current_player
        if g.phase is Phase.TAKE:
            return [f"market:{slot}" for slot in SLOTS if g.market[slot] is not None]
        if g.phase is Phase.PLACE:
            return ["hand"] + [f"cell:{p}:{x}:{y}" for (x, y) in sorted(g.legal_placements(), key=lambda c: (c[1], c[0]))]
        if g.phase is Phase.ORIENT:
            _card, (x, y) = g.starting_animal()
            return [f"cell:{p}:{x}:{y}"]
        if g.phase is Phase.WATER:
            return [f"corner:{p}:{m.x}:{m.y}:{m.food}" for m in g.legal_moves()]
        return [f"animal:{p}:{m.x}:{m.y}" for m in g.legal_moves()]

    def after_undo(self) -> None:
        self.preview_cell = None
        self.rotation = 0

    # -- clicks and keys -------------------------------------------------------------------
    def clicked(self, hit: Optional[str]) -> None:
        g = self.game
        if hit.startswith("market:"):
            if g.phase is Phase.PLACE:
                self.refuse("you already took a card this turn: place it first", "forest.turn.take", "hand")
            else:
                self._play(Take(g.current_player, hit.split(":")[1]), hit)
        elif hit == "hand":
            self.rotate(+1)
        else:
            self._click_forest(hit, hit.split(":"))

    def _click_forest(self, hit: str, parts: List[str]) -> None:
        """A click on a cell, card, animal or food corner of a forest: ``kind:seat:x:y[:food]``."""
        g = self.game
        p = g.current_player
        kind, seat, cx, cy = parts[0], int(parts[1]), int(parts[2]), int(parts[3])
        if seat != p:
            self.refuse(f"that is {g.player_name(seat)}'s forest; {g.player_name(p)} plays in their own forest",
                        "forest.turn.take", hit)
        elif g.phase is Phase.PLACE:
            self._place_at(p, cx, cy, hit)
        elif g.phase is Phase.ORIENT:
            self._orient_at(p, cx, cy, hit)
        elif g.phase is Phase.LAIR:
            self._play(Lair(p, cx, cy), hit)
        elif g.phase is Phase.WATER:
            if kind != "corner":
                self.refuse("click one of the four food corners of an animal", "forest.advisor.goat", hit)
            else:
                self._play(Water(p, cx, cy, parts[4]), hit)
        elif g.phase is Phase.CLEANUP:
            self._play(Keep(p, cx, cy), hit)
        else:
            self.refuse("first take a card from the board (click one of the four cards at the top)",
                        "forest.turn.take", hit)

    def _play(self, move, hit: str) -> bool:
        return self.play(move, hit, reason=lambda err: _board_words(err.reason))

    def after_move(self, move) -> None:
        if isinstance(move, (Place, Orient)):
            self.preview_cell = None
            self.rotation = 0

    def _orient_at(self, p: int, x: int, y: int, hit: str) -> None:
        _card, cell = self.game.starting_animal()
        if (x, y) != cell:
            self.refuse("the starting animal goes on its own cell, next to the other one", "forest.adv.two-animals",
                        hit)
            return
        self._play(Orient(p, self.rotation), hit)

    def _place_at(self, p: int, x: int, y: int, hit: str) -> None:
        turns = self.game.legal_placements().get((x, y))
        if turns and self.rotation not in turns:
            # a legal cell, a wrong turn: the engine's reason, the turns that fit, and the card shown there
            self.preview_cell = (x, y)
            rots = ", ".join(f"{r}°" for r in turns)
            self.play(Place(p, x, y, self.rotation), hit,
                      reason=lambda err: f"{_board_words(err.reason)}; here it may turn {rots} (use ⟲/⟳)")
            return
        self._play(Place(p, x, y, self.rotation), hit)

    def rotate(self, step: int = 1) -> None:
        """Turn the card in hand (or the starting animal) by ``step`` quarter turns clockwise."""
        g = self.game
        if not self.human_turn or g.phase not in (Phase.PLACE, Phase.ORIENT):
            self.refuse("there is no card to turn now", "forest.place.rotation")
            return
        self.rotation = (self.rotation + 90 * step) % 360
        self.marks = [m for m in self.marks if m[1] != "refused"]
        self.status.set(self.instruction())
        self.redraw()

    def key(self, key: str, shift: bool) -> None:
        if key == "r":
            self.rotate(-1 if shift else +1)

    def hovered(self, hit: Optional[str]) -> None:
        """The pointer (or keyboard cursor) on a legal cell shows the card there; a
        refusal stays in the status line until the next action."""
        g = self.game
        if g.phase is not Phase.PLACE or not self.human_turn or not hit or not hit.startswith("cell:"):
            return
        _, seat, cx, cy = hit.split(":")
        cell = (int(cx), int(cy))
        if int(seat) == g.current_player and cell in g.legal_placements() and cell != self.preview_cell:
            self.preview_cell = cell
            if not self.status.refused:
                self.status.set(self.instruction())
            self.redraw()

    def _preview(self):
        g = self.game
        p = g.current_player
        if p is None:
            return None
        if g.phase is Phase.ORIENT:
            _, (x, y) = g.starting_animal()
            return (p, x, y, self.rotation)
        if g.phase is Phase.PLACE and self.preview_cell is not None:
            return (p, self.preview_cell[0], self.preview_cell[1], self.rotation)
        return None

    # -- for tests and scripts -------------------------------------------------------------
    def legal_cells(self):
        """The cells where the card in hand may go (any rotation)."""
        return sorted(self.game.legal_placements())

    def point_of(self, hit_id: str) -> Optional[Tuple[float, float]]:
        """A point of the picture where a click lands on ``hit_id`` (None if it is covered everywhere)."""
        scene = self.canvas.scene
        for shape in scene.find(hit_id):
            for x, y in _points_inside(shape):
                if scene.hit_at(x, y) == hit_id:
                    return (x, y)
        if hit_id not in scene.hits():
            raise KeyError(f"no clickable area {hit_id!r} in the current picture")
        return None

    def click_hit(self, hit_id: str) -> Optional[str]:
        """Act as a click on the clickable area ``hit_id`` of the current picture."""
        point = self.point_of(hit_id)
        if point is not None:
            return self.canvas.click(*point)
        self._guard(self._click)(hit_id)  # covered by another area: deliver it anyway
        return hit_id

    def hits(self):
        """The clickable areas of the current picture."""
        return self.canvas.scene.hits()


def _board_words(reason: str) -> str:
    """An engine refusal in board words: the board outlines the cell, so "(2, -1)" becomes
    "this cell" (coordinates appear nowhere on the board)."""
    return _COORDINATES.sub("this cell", reason).replace("this cell this cell", "this cell")


def _points_inside(shape):
    """Candidate points inside a shape: its centre first, then a grid over its box."""
    if isinstance(shape, Rect):
        x0, y0, w, h = shape.x, shape.y, shape.w, shape.h
    elif isinstance(shape, Circle):
        x0, y0, w, h = shape.cx - shape.r, shape.cy - shape.r, 2 * shape.r, 2 * shape.r
    elif isinstance(shape, Polygon):
        xs = [p[0] for p in shape.points]
        ys = [p[1] for p in shape.points]
        x0, y0, w, h = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    else:
        return []
    pts = [(x0 + w / 2, y0 + h / 2)]
    for i in range(1, 8):
        for j in range(1, 8):
            pts.append((x0 + w * i / 8, y0 + h * j / 8))
    return [p for p in pts if shape.contains(*p)]


def board(game: "ForestGame", *, bots=None, seats=None, classroom=False, seed=0, autosave=None) -> ForestBoard:
    """An interactive board for ``game`` (see ``ForestBoard``)."""
    return ForestBoard(game, bots=bots, seats=seats, classroom=classroom, seed=seed, autosave=autosave)


__all__ = ["board", "ForestBoard"]
