"""What a click on the Savernake Forest board does: its rules of clicking, on the kit's shared
``ui.clicks.Clicks``, with no widget (``widget.py`` shows it in a notebook, the class server sends
its picture to a browser).

``board(game)`` (or ``game.widget()``) returns a ``ForestBoard``; show it by leaving
it at the end of a cell. Click a market card to take it (its legal cells light up),
turn it with ⟲/⟳ (or R / Shift+R on the board), click a green cell to place it, then
answer the advisor's question (click an animal for the lair token, a food corner for
the water drop). The keyboard does it all too: arrows move a cursor over what can be
chosen, Enter chooses, R turns, U undoes, Tab leaves the board. Every refusal says why
in the status line, citing the rule, and outlines what was refused; the last move (a
bot's too) stays outlined until you act.

The Hint button (or H) says which move the strongest bot that fits ``hint_seconds`` would
make (the MCTS bot by default), what it does and why (``advice.explain``, then the search's
figures), and outlines it without playing it.

``guided=True`` is a first game with a guide: the next step is outlined (the market
cards you may take, then the green cells), each green cell shows the points the card
gives there with its best turn (the card turns itself to it; turn it yourself with ⟲/⟳
to choose another), and a guide line under the status says what each advisor gives when
it matters (pointing at its card, taking it, answering its question) and what your last
move scored, in one sentence.

Everything can be driven from Python: ``click_hit(hit_id)``, ``rotate(±1)``,
``undo()``, ``new_game()``, ``hint()``; ``bots={seat: "random"|"greedy"}`` seats bots.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Dict, Iterable, List, Optional, Tuple

from ..core.theme import checked_theme
from ..ui.clicks import HINT_SECONDS, Clicks, action, verdict
from ..core.words import and_list, plural
from . import render
from .advice import explain, signed
from .data import FOOD_PLURALS, FOODS, SLOTS, card_phrase
from .moves import Keep, Lair, Orient, Place, Take, Water
from .rules import decision_text
from .scoring import a_food
from .state import Phase

if TYPE_CHECKING:
    from .rules import ForestGame
    from .scoring import ForestScore

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
#: A move in words: (past tense, as the status and Undo say it; the imperative, as a hint says it).
VERBS = {"take": ("took", "take"), "place": ("placed", "place"), "put": ("put", "put"), "keep": ("kept", "keep"),
         "turn": ("turned", "turn")}
#: What each advisor gives with its card, said when you point at it in a guided game.
GIFTS = {
    "rabbit": "The rabbit's card is an animal: taking it is the only way to get another animal (more points).",
    "rooster": "The rooster's card also gives you the first-player pawn: you'll play first next round "
               "(+1 point if you hold it at the end).",
    "armadillo": "The armadillo's card also gives you a lair token: +1 storage for one of your animals.",
    "goat": "The goat's card also gives you a water drop: +1 to one food's value for one of your animals.",
}
#: ... and once you have taken it (what happens next).
TAKEN = {
    "rabbit": "You took the rabbit's card, a new animal: give it a cell where paths with food it likes can reach it.",
    "rooster": "You took the rooster's card: the first-player pawn is yours, so you'll play first next round.",
    "armadillo": "You took the armadillo's card: after you place it, its lair token gives an animal +1 storage.",
    "goat": "You took the goat's card: after you place it, its water drop gives +1 to one food of an animal.",
}
#: The rooster's gift to the player who holds the pawn already (pointing at it, having taken it).
KEEPS_PAWN = ("The rooster's card keeps the first-player pawn with you: you'll play first next round too.",
              "You took the rooster's card: the first-player pawn stays with you, so you play first next round too.")
#: What the guide says at a step when nothing has happened yet.
STEP_GUIDE = {
    Phase.TAKE: "Each turn: take a card, then place it. Point at a card to see what its advisor gives.",
    Phase.LAIR: "The lair token: the animal you click stores one more food along its path.",
    Phase.WATER: "The water drop: +1 for each food of that kind the animal stores.",
    Phase.CLEANUP: "These animals share one path: only the one you keep scores.",
    Phase.ORIENT: "Turn your starting animal so that its path points where you want to build.",
}
_COUNT_WORDS = {1: "the one", 2: "one of the two", 3: "one of the three", 4: "one of the four"}
#: cell -> turn -> the points the mover gains placing the card in hand there, turned so
Gains = Dict[Tuple[int, int], Dict[int, int]]
#: the advisors whose token may be placed at once, as part of a placement (one animal, one free corner)
_TOKEN_SLOTS = ("armadillo", "goat")


class ForestClicks(Clicks):
    """What a click on a Savernake Forest board does (see the module docstring)."""

    title = "Savernake Forest"
    compacts = True
    same_picture_while_waiting = True  # no hands; a forest is drawn from its owner's side on their turn only

    def __init__(self, game: "ForestGame", *, bots: Optional[Dict[int, str]] = None,
                 seats: Optional[Iterable[int]] = None, classroom: bool = False, seed: int = 0,
                 autosave: Optional[str] = None, guided: bool = False, theme: str = "light",
                 hint_seconds: float = HINT_SECONDS):
        self.theme = checked_theme(theme)
        self.rotation = 0
        self.preview_cell: Optional[Tuple[int, int]] = None
        self.turned_by_hand = False  # a guided game turns the card to its best turn until you turn it
        self.hinted: Optional[Place] = None  # a hinted placement: a guided click on its cell turns the card as hinted
        self.happened = ""  # what the guide says your last move did
        self._before: Optional[Tuple[str, "ForestScore"]] = None  # the move being played, in words, and the score before
        self._gains: Tuple[object, Gains] = (None, {})  # (the position, its gains)
        self._said: Dict[tuple, str] = {}  # (the position, cell, turn) -> what that placement would do, in words
        super().__init__(game, bots=bots, seats=seats, classroom=classroom, seed=seed, autosave=autosave,
                         guided=guided, hint_seconds=hint_seconds)

    # -- the hooks of the shared board -------------------------------------------------
    def render(self):
        g = self.game
        viewer = g.current_player if g.current_player in self.seats and len(self.seats) == 1 else None
        extra = {}
        if self.guided:  # the cell showing the card (its ghost) says its points in the status line instead
            extra["previews"] = {cell: n for cell, n in self.previews().items() if cell != self.preview_cell}
        return render.scene(g, viewer=viewer, theme=self.theme, preview=self._preview(), large=self.classroom,
                            compact=self.compact,
                            rotation=self.rotation, caption=False, **extra)  # the status line says what to do

    def instruction(self) -> str:
        g = self.game
        if g.is_over:
            return decision_text(g) + ". Press New game to play again."
        who = g.player_name(g.current_player)
        if g.current_player not in self.seats:
            return f"{who} (bot) is thinking…"
        if self.guided and g.phase in (Phase.TAKE, Phase.PLACE):
            return self._guided_instruction(who)
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

    def _guided_instruction(self, who: str) -> str:
        g = self.game
        if g.phase is Phase.TAKE:
            n = len(g.legal_moves())
            return f"{who}, take a card from the market: click {_COUNT_WORDS.get(n, 'one of the')} outlined cards."
        what = card_phrase(g.card(g.held_card))
        turns = self.placement_gains().get(self.preview_cell)
        if turns:
            turn = self.turn_for(self.preview_cell)
            if turn not in turns:
                fits = ", ".join(f"{r}°" for r in turns)
                return f"{who}, place {what}: turned {turn}° it does not fit here; here it may turn {fits} (⟲/⟳ or R)."
            best = max(turns.values())
            which = "its best turn" if turns[turn] == best else f"its best turn gives {signed(best)}"
            return (f"{who}, place {what}: click to place it here turned {turn}°, {signed(turns[turn])} "
                    f"({which}). ⟲/⟳ or R to turn it yourself.")
        return (f"{who}, place {what}: click a green cell. Each shows the points it gives there, "
                f"turned its best way.")

    def describe(self, move, position) -> str:
        return f"{position.player_name(move.player)} {self.move_words(move, position)}"

    def move_words(self, move, position, hint: bool = False) -> str:
        """What ``move`` does in ``position`` (the game before it), without the player:
        "took the goat's card (path card P12)", or as a hint "take the goat's card (...)"."""
        def verb(word: str) -> str:
            return VERBS[word][1 if hint else 0]

        if isinstance(move, Take):
            if position.market.get(move.slot) is None:  # an emptied slot: the engine refuses the move
                return f"{verb('take')} the {move.slot}'s card"
            card = position.card(position.market[move.slot])
            if hint and card.kind != "animal":  # the card is outlined: its number says little
                return f"{verb('take')} the {move.slot}'s card"
            return f"{verb('take')} the {move.slot}'s card ({card_phrase(card)})"
        if isinstance(move, Place):
            card = "it" if hint else card_phrase(position.card(position.held_card))  # a hint: the card in hand
            return (f"{verb('place')} {card} {self.cell_words(position, move.player, move.cell)}, "
                    f"turned {move.rotation}°")
        if isinstance(move, Lair):
            return f"{verb('put')} the lair token on {self._animal(position, move)}"
        if isinstance(move, Water):
            return f"{verb('put')} the water drop on the {move.food} corner of {self._animal(position, move)}"
        if isinstance(move, Keep):
            return f"{verb('keep')} {self._animal(position, move)} on the shared path"
        if isinstance(move, Orient):
            card, _cell = position.starting_animal()
            return f"{verb('turn')} the starting {position.card(card).name} {move.rotation}°"
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

    def sample_click(self) -> Tuple[str, bool]:
        """Taking a market card (a move: Undo takes it back between two clicks)."""
        return f"market:{next(m.slot for m in self.game.legal_moves())}", True

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

    def emphasis(self) -> List[str]:
        """The next step of a guided game: the market cards you may take, or the green cells."""
        g = self.game
        if g.phase is Phase.TAKE:
            return [f"market:{m.slot}" for m in g.legal_moves()]
        if g.phase is Phase.PLACE:
            p = g.current_player
            return [f"cell:{p}:{x}:{y}" for (x, y) in sorted(g.legal_placements(), key=lambda c: (c[1], c[0]))]
        return []

    def after_undo(self) -> None:
        self.preview_cell = None
        self.rotation = 0
        self.turned_by_hand = False
        self.hinted = None
        self.happened = ""
        self.show_guide()

    # -- hints -----------------------------------------------------------------------------
    def suggestion(self):
        """The hint bot's move for the player to move (the strongest that fits ``hint_seconds``),
        and why: what it does (``advice.explain``; a take's reason says the move again, which the
        hint has just said), then why that bot chose it (``ui.board.verdict``; the greedy bot's
        reason is the advice's own)."""
        decision = self.hint_decision()
        advice = explain(self.game, decision.move)
        reason = advice.reason
        if isinstance(advice.move, Take):
            reason = re.sub(rf": take the {advice.move.slot}'s card(?: \([^)]*\))?: ", ": ", reason, count=1)
        chosen_by = verdict(decision)
        return advice.move, f"{reason}; {chosen_by}" if chosen_by else reason

    def hint_text(self, move) -> str:
        return self.move_words(move, self.game, hint=True)

    def show_hint(self, move) -> List[str]:
        """Outline where the hinted move goes; a card to place is shown there, turned as suggested."""
        p = self.game.current_player
        if isinstance(move, Take):
            return [f"market:{move.slot}"]
        if isinstance(move, (Place, Orient)):
            cell = move.cell if isinstance(move, Place) else self.game.starting_animal()[1]
            self.rotation = move.rotation
            if isinstance(move, Place):
                self.preview_cell, self.hinted = cell, move
            return [f"cell:{p}:{cell[0]}:{cell[1]}"]
        return self.move_marks(move)

    # -- the guided game ---------------------------------------------------------------------
    def _position(self) -> tuple:
        return self.game.seed, tuple(self.game.history)

    def placement_gains(self) -> Gains:
        """Cell -> turn -> the points the mover gains placing the card in hand there turned
        so, for every legal placement: the engine's score of the forest with the card laid
        (``greedy_values``), or, for a card whose lair token or water drop may be placed at
        once, the score once the placement is played on a copy. Kept until the position changes."""
        g = self.game
        key = self._position()
        if self._gains[0] == key:
            return self._gains[1]
        gains: Gains = {}
        if g.phase is Phase.PLACE and g.current_player is not None:
            p = g.current_player
            now = g.scores()[p]
            moves = [Place(p, x, y, turn) for (x, y), turns in g.legal_placements().items() for turn in turns]
            if g.held_from in _TOKEN_SLOTS:
                values = [self._trial(m).scores()[p] for m in moves]
            else:
                values = g.greedy_values(moves)
            for m, value in zip(moves, values):
                gains.setdefault(m.cell, {})[m.rotation] = int(value) - now
        self._gains = (key, gains)
        return gains

    def _trial(self, move):
        """A copy of the game with ``move`` played."""
        trial = self.game.copy()
        trial.play(move)
        return trial

    def placement_words(self, cell: Tuple[int, int], turn: int) -> str:
        """What placing the card in hand on ``cell`` turned ``turn`` would do to the mover's
        score, in words ("+2 points: the Fox stores an egg")."""
        key = (self._position(), cell, turn)
        if key not in self._said:
            g = self.game
            p = g.current_player
            self._said = {key: gain_words(g.score_breakdown(p),
                                          self._trial(Place(p, cell[0], cell[1], turn)).score_breakdown(p))}
        return self._said[key]

    def best_turn(self, cell: Tuple[int, int]) -> int:
        """The turn of the card in hand that gains most on ``cell`` (the first of equals)."""
        turns = self.placement_gains()[cell]
        return max(turns, key=lambda turn: (turns[turn], -turn))

    def turn_for(self, cell: Tuple[int, int]) -> int:
        """The turn a guided click on ``cell`` places the card with: the one you turned it to,
        else the hinted one on the hinted cell, else its best turn there."""
        if self.turned_by_hand:
            return self.rotation
        if self.hinted is not None and self.hinted.cell == cell:
            return self.hinted.rotation
        return self.best_turn(cell)

    def previews(self) -> Dict[Tuple[int, int], int]:
        """The "+N" drawn on each green cell of a guided game: the most points the card gives there."""
        if not (self.guided and self.human_turn and self.game.phase is Phase.PLACE):
            return {}
        return {cell: max(turns.values()) for cell, turns in self.placement_gains().items()}

    def show_guide(self, text: Optional[str] = None) -> None:
        """Put ``text`` on the guide line, or (None) what it says at this step: your last
        move, or what the step is about (a guided game only)."""
        if not self.guided:
            return
        if text is None:
            text = self._step_guide()
        self.guide.set(text)

    def _step_guide(self) -> str:
        g = self.game
        if g.is_over:
            return self._final_words()
        if not self.human_turn:
            return self.happened
        if g.phase in (Phase.LAIR, Phase.WATER, Phase.CLEANUP):  # what the question is about
            return f"{self.happened} {STEP_GUIDE[g.phase]}".strip()
        if self.happened:
            return self.happened
        if g.phase is Phase.PLACE and g.held_from is not None:
            return TAKEN[g.held_from]
        return STEP_GUIDE.get(g.phase, "")

    def _final_words(self) -> str:
        g = self.game
        parts = []
        for p in self.seats:
            b = g.score_breakdown(p)
            parts.append(f"{g.player_name(p)}'s forest scored {b.total}: food {b.food_points} + animals "
                         f"{b.animal_points} + pawn {b.pawn_point}.")
        return " ".join(parts)

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

    def _play(self, move, hit: str, reason=None) -> bool:
        if self.guided:  # the guide will say what the move did
            self._before = (self.move_words(move, self.game), self.game.score_breakdown(move.player))
        return self.play(move, hit, reason=reason or (lambda err: _board_words(err.reason)))

    def after_move(self, move) -> None:
        if isinstance(move, (Place, Orient)):
            self.preview_cell = None
            self.rotation = 0
            self.turned_by_hand = False
            self.hinted = None
        if self.guided and self._before is not None:  # before the bots move: only this move counts
            said, before = self._before
            self._before = None
            if isinstance(move, Take):
                self.happened = KEEPS_PAWN[1] if move.slot == "rooster" and before.pawn_point else TAKEN[move.slot]
            else:
                self.happened = f"You {said}, for {gain_words(before, self.game.score_breakdown(move.player))}."

    def sync(self, done=()) -> None:
        super().sync(done)
        self.show_guide()

    def _orient_at(self, p: int, x: int, y: int, hit: str) -> None:
        _card, cell = self.game.starting_animal()
        if (x, y) != cell:
            self.refuse("the starting animal goes on its own cell, next to the other one", "forest.adv.two-animals",
                        hit)
            return
        self._play(Orient(p, self.rotation), hit)

    def _place_at(self, p: int, x: int, y: int, hit: str) -> None:
        turns = self.game.legal_placements().get((x, y))
        if self.guided and turns:
            self.rotation = self.turn_for((x, y))  # as the card was shown there
        if turns and self.rotation not in turns:
            # a legal cell, a wrong turn: the engine's reason, the turns that fit, and the card shown there
            self.preview_cell = (x, y)
            rots = ", ".join(f"{r}°" for r in turns)
            self._play(Place(p, x, y, self.rotation), hit,
                       reason=lambda err: f"{_board_words(err.reason)}; here it may turn {rots} (use ⟲/⟳)")
            return
        self._play(Place(p, x, y, self.rotation), hit)

    @action
    def rotate(self, step: int = 1) -> None:
        """Turn the card in hand (or the starting animal) by ``step`` quarter turns clockwise."""
        g = self.game
        if not self.human_turn or g.phase not in (Phase.PLACE, Phase.ORIENT):
            self.refuse("there is no card to turn now", "forest.place.rotation")
            return
        self.rotation = (self.rotation + 90 * step) % 360
        self.turned_by_hand = True
        self.marks = [m for m in self.marks if m[1] != "refused"]
        self.status.set(self.instruction())
        self.redraw()

    def key_words(self) -> str:
        return "R turns the card (Shift+R the other way)"

    def key(self, key: str, shift: bool) -> None:
        if key == "r":
            self.rotate(-1 if shift else +1)

    def hovered(self, hit: Optional[str]) -> None:
        """The pointer (or keyboard cursor) on a legal cell shows the card there (in a guided
        game turned its best way, and the guide says what it scores); on a market card, the
        guide says what its advisor gives. A refusal or a hint stays in the status line
        until the next action."""
        g = self.game
        if not self.human_turn:
            return
        if self.guided and g.phase is Phase.TAKE:
            slot = hit.split(":")[1] if hit and hit.startswith("market:") else None
            if slot is None or g.market[slot] is None:  # off the cards: back to what the step is about
                self.show_guide()
            else:
                self.show_guide(KEEPS_PAWN[0] if slot == "rooster" and g.pawn == g.current_player else GIFTS[slot])
            return
        if g.phase is not Phase.PLACE or not hit or not hit.startswith("cell:"):
            return
        _, seat, cx, cy = hit.split(":")
        cell = (int(cx), int(cy))
        if int(seat) == g.current_player and cell in g.legal_placements() and cell != self.preview_cell:
            self.preview_cell = cell
            if self.guided:
                self.rotation = self.turn_for(cell)
                if self.rotation in self.placement_gains()[cell]:
                    self.show_guide(f"Here, turned {self.rotation}°, it would give "
                                    f"{self.placement_words(cell, self.rotation)}.")
                else:
                    self.show_guide(f"Turned {self.rotation}°, the card does not fit here.")
            if not self.status.sticky:
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


def _foods_words(foods: Counter) -> str:
    """Counted foods in words: "an egg", "2 berries and a nut"."""
    return and_list(a_food(food) if n == 1 else plural(n, food, FOOD_PLURALS[FOODS.index(food)])
                    for food, n in sorted(foods.items(), key=lambda item: FOODS.index(item[0])))


def gain_words(before: "ForestScore", after: "ForestScore") -> str:
    """What a move did to a forest's score, in one phrase: "+2 points: the Fox stores an
    egg", "+3 points: the Fox stores an egg (+2); the first-player pawn (+1)", or "no
    points"."""
    why: List[Tuple[str, int]] = []
    old = {a.cell: a for a in before.animals}
    for a in after.animals:
        was = old.get(a.cell)
        if was is None:
            why.append((f"the {a.name} joins your forest", a.total))
        elif a.total != was.total:
            more = Counter(a.stored) - Counter(was.stored)
            if more and a.total > was.total:
                why.append((f"the {a.name} stores {_foods_words(more)}", a.total - was.total))
            elif a.lairs > was.lairs or len(a.water) > len(was.water):
                token = "lair token" if a.lairs > was.lairs else "water drop"
                why.append((f"the {a.name} gets the {token}", a.total - was.total))
            else:
                why.append((f"the {a.name}", a.total - was.total))
    if after.pawn_point != before.pawn_point:
        why.append(("the first-player pawn", after.pawn_point - before.pawn_point))
    diff = after.total - before.total
    if not why:
        return "no points" if diff == 0 else signed(diff)
    if len(why) == 1 and why[0][1] == diff:
        return f"{signed(diff)}: {why[0][0]}"
    return f"{signed(diff)}: " + "; ".join(f"{text} ({n:+d})".replace("-", "−") for text, n in why)


def _board_words(reason: str) -> str:
    """An engine refusal in board words: the board outlines the cell, so "(2, -1)" becomes
    "this cell" (coordinates appear nowhere on the board)."""
    return _COORDINATES.sub("this cell", reason).replace("this cell this cell", "this cell")


__all__ = ["ForestClicks", "gain_words"]
