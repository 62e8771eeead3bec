"""The interactive Savernake Forest board (ipycanvas + ipywidgets).

``board(game)`` (or ``game.widget()``) returns a ``ForestBoard``; show it by
leaving it at the end of a cell. Click a market card to take it (its legal
cells light up), turn it with ⟲/⟳ (or R / Shift+R / arrow keys on the
canvas), click a green cell to place it, then answer the advisor's question
(click an animal for the lair token, a food corner for the water drop).
Every refused click says why in the status line, citing the rule.

Everything can be driven from Python: ``click_hit(hit_id)``, ``rotate(±1)``,
``undo()``, ``new_game()``; ``bots={seat: "random"|"greedy"}`` seats bots that
play right after the human decision before their turn.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Dict, Iterable, List, Optional, Tuple

import ipywidgets as widgets

from ..core.bots import make_bot
from ..core.errors import IllegalMove
from ..ui.canvas import BoardCanvas
from ..ui.panels import LogPanel, StatusLine, classroom_style
from . import render
from .data import card_phrase
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


class ForestBoard:
    """A playable board around a ``ForestGame`` (see the module docstring)."""

    def __init__(self, game: "ForestGame", *, bots: Optional[Dict[int, str]] = None,
                 seats: Optional[Iterable[int]] = None, classroom: bool = False, seed: int = 0):
        self.game = game
        self.classroom = classroom
        self.seed = seed
        self.bot_kinds, self.seats = _seat_players(game.players, bots, seats)
        self._seat_bots()
        self.rotation = 0
        self.preview_cell = None
        self._logged = 0

        self.status = StatusLine()
        self.log = LogPanel(height="22em" if classroom else "12em")
        self.scores_html = widgets.HTML()
        self.scores_html.add_class("sk-scores")
        self.state_html = widgets.HTML()
        self.state_html.add_class("sk-state")
        buttons = self._buttons()
        self.canvas = BoardCanvas(self._scene())
        self.canvas.on_click(self._guard(self._on_click))
        self.canvas.canvas.on_key_down(self._guard(self._on_key))
        self.canvas.canvas.on_mouse_move(self._guard(self._on_move))
        parts = [self.state_html, self.scores_html, self.status.widget, widgets.HBox(buttons), self.canvas.canvas]
        parts.append(self.log.widget if classroom else widgets.Accordion([self.log.widget], titles=("Log",)))
        self.widget = widgets.VBox(parts)
        if classroom:
            self.widget.children = (classroom_style(),) + tuple(self.widget.children)
            self.widget.add_class("sk-classroom")
        self.log.add_events(game.log)
        self._logged = len(game.log)
        self._run_bots()
        self._sync(redraw=True)

    def _buttons(self) -> List[widgets.Button]:
        """Turn left, turn right, undo, new game: each click goes through ``_guard``."""
        layout = widgets.Layout(width="auto", height="3em" if self.classroom else "auto")
        specs = [("⟲ turn left", "Turn the card 90° anticlockwise (Shift+R)", lambda: self.rotate(-1)),
                 ("⟳ turn right", "Turn the card 90° clockwise (R)", lambda: self.rotate(+1)),
                 ("↶ Undo", "Take back your last decision", self.undo),
                 ("New game", "Same options, next seed", self.new_game)]
        buttons = []
        for label, tip, action in specs:
            button = widgets.Button(description=label, tooltip=tip, layout=layout)
            button.on_click(self._guard(lambda _button, action=action: action()))
            if self.classroom:
                button.style.font_size = "18px"
            buttons.append(button)
        self.btn_left, self.btn_right, self.btn_undo, self.btn_new = buttons
        return buttons

    # -- display -------------------------------------------------------------------
    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<ForestBoard {render.state_text(self.game)}>"

    # -- helpers ---------------------------------------------------------------------
    def _guard(self, handler):
        """``handler`` for a widget callback: an unexpected error shows in the status line,
        never as a traceback in the board."""
        def run(*args):
            try:
                handler(*args)
            except Exception as exc:
                self.status.set(f"Something went wrong: {type(exc).__name__}: {exc}", "refused")
        return run

    @property
    def human_turn(self) -> bool:
        g = self.game
        return not g.is_over and g.current_player in self.seats

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

    def _scene(self):
        g = self.game
        viewer = g.current_player if g.current_player in self.seats and len(self.seats) == 1 else None
        return render.scene(g, viewer=viewer, preview=self._preview(), large=self.classroom, rotation=self.rotation)

    def legal_cells(self):
        """The cells where the card in hand may go (any rotation)."""
        return sorted(self.game.legal_placements())

    def _sync(self, redraw: bool = True) -> None:
        g = self.game
        if len(g.log) > self._logged:
            self.log.add_events(g.log[self._logged:])
        self._logged = len(g.log)
        parts = []
        for p, s in enumerate(g.scores()):
            name = html.escape(g.player_name(p))
            pawn = " ★" if g.pawn == p else ""
            bot = f" ({self.bot_kinds[p]} bot)" if p in self.bot_kinds else ""
            parts.append(f"<b style='color:{render.SEAT_COLOURS[p % 4]}'>{name}</b>{bot}{pawn}: {s}")
        self.scores_html.value = "<span>Scores: " + " · ".join(parts) + "</span>"
        self.state_html.value = f"<b>{html.escape(render.state_text(g))}</b>"
        self.status.set(self._instruction(), "done" if g.is_over else "info")
        if redraw:
            self.canvas.show(self._scene())

    def _instruction(self) -> str:
        """What the status line asks of the player whose decision it is."""
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
                rots = ", ".join(f"{r}°" for r in legal[self.preview_cell])
                return (f"{who}: place {what} (turned {self.rotation}°) on a green cell; at {self.preview_cell} "
                        f"it may turn {rots}. ⟲/⟳ or R to turn.")
            return f"{who}: click a green cell to place {what} (turned {self.rotation}°; ⟲/⟳ or R to turn)."
        if g.phase is Phase.ORIENT:
            card, cell = g.starting_animal()
            return (f"{who}: turn your starting {g.card(card).name} with ⟲/⟳ and click its cell {cell} "
                    f"(now turned {self.rotation}°).")
        return ASKS[g.phase].format(who=who)

    def _play(self, move) -> bool:
        """Play a human move; False (and a refusal in the status line) if illegal."""
        try:
            self.game.play(move)
        except IllegalMove as err:
            self.status.refuse(err.reason, err.rule_id)
            return False
        self._played(move)
        return True

    def _played(self, move) -> None:
        """After a human move: reset the turn and preview, let the bots play, redraw once."""
        if not isinstance(move, Take):
            self.preview_cell = None
        if isinstance(move, (Place, Orient)):
            self.rotation = 0
        self._run_bots()
        self._sync(redraw=True)

    def _run_bots(self) -> None:
        g = self.game
        while not g.is_over and g.current_player in self.bots:
            p = g.current_player
            g.play(self.bots[p].choose(g))
            if len(g.log) > self._logged:
                self.log.add_events(g.log[self._logged:], prefix=f"[{self.bot_kinds[p]} bot] ")
            self._logged = len(g.log)

    # -- actions ---------------------------------------------------------------------
    def _on_click(self, hit, x=None, y=None) -> None:
        g = self.game
        if hit is None:
            self.status.set(self._instruction())
        elif g.is_over:
            self.status.refuse("the game is over", "forest.end.trigger")
        elif not self.human_turn:
            self.status.set(f"Wait: it is {g.player_name(g.current_player)}'s (bot) decision.")
        elif hit.startswith("market:"):
            self._click_market(hit.split(":")[1])
        elif hit == "hand":
            self.rotate(+1)
        else:
            self._click_forest(hit.split(":"))

    def _click_market(self, slot: str) -> None:
        g = self.game
        if g.phase is Phase.PLACE:
            self.status.refuse("you already took a card this turn: place it first", "forest.turn.take")
        else:
            self._play(Take(g.current_player, slot))

    def _click_forest(self, parts: List[str]) -> None:
        """A click on a cell, card, animal or food corner of a forest: ``kind:seat:x:y[:food]``."""
        g = self.game
        p = g.current_player
        kind, seat, cx, cy = parts[0], int(parts[1]), int(parts[2]), int(parts[3])
        if seat != p:
            self.status.refuse(f"that is {g.player_name(seat)}'s forest; {g.player_name(p)} plays in their own "
                               "forest", "forest.turn.take")
        elif g.phase is Phase.PLACE:
            self._place_at(p, cx, cy)
        elif g.phase is Phase.ORIENT:
            self._orient_at(p, cx, cy)
        elif g.phase is Phase.LAIR:
            self._play(Lair(p, cx, cy))
        elif g.phase is Phase.WATER:
            if kind != "corner":
                self.status.refuse("click one of the four food corners of an animal", "forest.advisor.goat")
                return
            self._play(Water(p, cx, cy, parts[4]))
        elif g.phase is Phase.CLEANUP:
            self._play(Keep(p, cx, cy))
        else:
            self.status.refuse("first take a card from the board (click one of the four cards at the top)",
                               "forest.turn.take")

    def _orient_at(self, p: int, x: int, y: int) -> None:
        _, cell = self.game.starting_animal()
        if (x, y) != cell:
            self.status.refuse(f"the starting animal goes on {cell}", "forest.adv.two-animals")
            return
        self._play(Orient(p, self.rotation))

    def _place_at(self, p: int, x: int, y: int) -> None:
        g = self.game
        move = Place(p, x, y, self.rotation)
        try:
            g.play(move)
        except IllegalMove as err:
            turns = g.legal_placements().get((x, y))
            if not turns:
                self.status.refuse(err.reason, err.rule_id)
                return
            # a legal cell, a wrong turn: the engine's reason, the turns that fit, and the card shown there
            changed = self.preview_cell != (x, y)
            self.preview_cell = (x, y)
            rots = ", ".join(f"{r}°" for r in turns)
            self.status.refuse(f"{err.reason}; here it may turn {rots} (use ⟲/⟳)", err.rule_id)
            if changed:
                self.canvas.show(self._scene())
            return
        self._played(move)

    def rotate(self, step: int = 1) -> None:
        """Turn the card in hand (or the starting animal) by ``step`` quarter turns clockwise."""
        g = self.game
        if not self.human_turn or g.phase not in (Phase.PLACE, Phase.ORIENT):
            self.status.refuse("there is no card to turn now", "forest.place.rotation")
            return
        self.rotation = (self.rotation + 90 * step) % 360
        self.status.set(self._instruction())
        self.canvas.show(self._scene())

    def _on_key(self, key, shift=False, ctrl=False, meta=False) -> None:
        if key in ("r", "R"):
            self.rotate(-1 if (shift or key == "R") else +1)
        elif key in ("ArrowRight", "ArrowUp"):
            self.rotate(+1)
        elif key in ("ArrowLeft", "ArrowDown"):
            self.rotate(-1)
        elif key in ("u", "U", "Backspace"):
            self.undo()

    def _on_move(self, x, y) -> None:
        g = self.game
        if g.phase is not Phase.PLACE or not self.human_turn or self.canvas.scene is None:
            return
        hit = self.canvas.scene.hit_at(x, y)
        if not hit or not hit.startswith("cell:"):
            return
        _, seat, cx, cy = hit.split(":")
        cell = (int(cx), int(cy))
        if int(seat) == g.current_player and cell in g.legal_placements() and cell != self.preview_cell:
            self.preview_cell = cell
            self.status.set(self._instruction())
            self.canvas.show(self._scene())

    def point_of(self, hit_id: str) -> Optional[Tuple[float, float]]:
        """A canvas point where a click lands on ``hit_id`` (None if it is covered everywhere)."""
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
        self._guard(self._on_click)(hit_id, None, None)  # covered by another area: deliver it anyway
        return hit_id

    def hits(self):
        """The clickable areas of the current picture."""
        return self.canvas.scene.hits()

    def undo(self) -> None:
        """Take back the last human decision (and the bot moves after it)."""
        g = self.game
        if not any(m.player in self.seats for m in g.history):
            self.status.refuse("nothing to undo: no decision of yours has been played yet", "forest.turn.take")
            return
        undone = []
        while g.history:
            move = g.undo()
            undone.append(move)
            if move.player in self.seats and (not g.history or g.current_player in self.seats):
                break
        self.preview_cell = None
        self.rotation = 0
        self.log.add_text(f"↶ Undone: {'; '.join(str(m) for m in undone)}")
        self._logged = len(g.log)
        self._sync(redraw=True)

    def _seat_bots(self) -> None:
        """Fresh bots whose dice depend only on the board seed and the game seed, so a
        game (and a New game) plays out the same however the previous one went."""
        self.bots = {p: make_bot(k, self.seed * 7919 + self.game.seed * 31 + p) for p, k in self.bot_kinds.items()}

    def new_game(self) -> None:
        """Start again with the same options and the next seed (the same game object is reused)."""
        g = self.game
        g.reset(g.seed + 1)
        self.preview_cell = None
        self.rotation = 0
        self._seat_bots()
        self.log.clear()
        self.log.add_text(f"New game (seed {g.seed})")
        self.log.add_events(g.log)
        self._logged = len(g.log)
        self._run_bots()
        self._sync(redraw=True)


def _seat_players(players: int, bots: Optional[Dict[int, str]],
                  seats: Optional[Iterable[int]]) -> Tuple[Dict[int, str], List[int]]:
    """(bot kind by seat, the seats people play): a seat nobody plays gets a greedy bot."""
    kinds = {int(p): k for p, k in (bots or {}).items()}
    for p in kinds:
        if not 0 <= p < players:
            raise ValueError(f"bots: there is no seat {p} in a {players}-player game")
    if seats is None:
        return kinds, [p for p in range(players) if p not in kinds]
    humans = sorted(int(p) for p in seats)
    for p in range(players):
        if p not in humans and p not in kinds:
            kinds[p] = "greedy"
    return kinds, humans


def _points_inside(shape):
    """Candidate points inside a shape: its centre first, then a grid over its box."""
    from ..core.scene import Circle, Polygon, Rect

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


def board(game: "ForestGame", *, bots=None, seats=None, classroom=False, seed=0) -> ForestBoard:
    """An interactive board for ``game`` (see ``ForestBoard``)."""
    return ForestBoard(game, bots=bots, seats=seats, classroom=classroom, seed=seed)


__all__ = ["board", "ForestBoard"]
