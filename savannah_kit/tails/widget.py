"""The interactive Savannah Tails board, on the kit's shared board (``ui.board``).

``board(game)`` (or ``game.widget()``) returns a ``TailsBoard``; show it by leaving it
at the end of a cell. Click a card in your hand (or Crazy Wings / Déjà vu when they are
usable): every space where a legal move with it ends lights up, labelled with the
points the move uses ("4", bonus movement as "4+2", a one-space move "1"). Click a lit
space to move there; click the card again to choose another. When several moves end on
the same space (a bonus to arm at a water hole, a bonus card given up to a cheetah,
Boinnnggg, Neck Stretch, Leapfrog, tiptoeing or not, through a warthog or not), a panel
over the course names each choice in words: one click on a choice plays it. When your
hand is over the hand size, click the cards to discard, then Discard.

A click on a space that is not lit is refused with the engine's reason and its rule in
the status line, the space outlined in red; nothing changes. The keyboard does it all
too: arrows move a cursor over what can be chosen, Enter chooses, U undoes, Tab leaves.

Everything can be driven from Python: ``click_hit(hit_id)``, ``select(card)``,
``deselect()``, ``choose(i)``, ``toggle_discard(card)``, ``confirm_discard()``,
``undo()``, ``new_game()``; ``bots={seat: "random"|"greedy"}`` seats bots and
``theme="dark"`` draws the picture for a dark page.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Dict, Iterable, List, Optional, Tuple

import ipywidgets as widgets

from ..core.scene import Scene, circle, line, rect, text
from ..ui.board import Board, action, box_of
from . import render
from .data import BONUS_NAMES, LANES
from .moves import Move
from .state import Phase

if TYPE_CHECKING:
    from .rules import TailsGame

#: the bonuses a click on their card plays (the others are choices of a move)
PLAYED_BONUSES = ("crazy-wings", "deja-vu")
#: what a click on a bonus that is chosen with a move says
BONUS_HOW = {
    "boinnnggg": "Boinnnggg is chosen with a move: pick a card; a space where Boinnnggg changes the move offers it.",
    "leapfrog": "Leapfrog is chosen with a move: pick a card; a space a leap reaches offers it.",
    "neck-stretch": "Neck Stretch is chosen with a move: pick a card; a space it reaches offers it.",
    "bird-brain": "Bird Brain acts at once when it is armed: your hand size becomes larger.",
}
_SPACE = re.compile(r"\b(T\d\d):(red|blue|yellow|black|bridge):(\d+)\b")
#: the choice panel's look: (fill, edge, ink) in each picture theme
PANEL = {"light": ("#ffffff", "#4a3516", "#1f1f1f"), "dark": ("#2b2925", "#f2b705", "#f1efe9")}
CHOICE_FILL = {"light": "#e8f0fe", "dark": "#3a4a66"}
PICKED = "#c62828"    # cards picked for the discard
SELECTED = "#0b57d0"  # the card whose moves are lit (light theme; dark: the ring colour)
CHOICE_H, CHOICE_GAP = 30, 6


def space_words(name: Optional[str]) -> str:
    """A space name in board words: "T03:red:2" -> "T03 red space 3" (tiles show their id,
    spaces are counted from 1)."""
    if not name:
        return "the start line"
    return _SPACE.sub(lambda m: f"{m.group(1)} {m.group(2)} space {int(m.group(3)) + 1}", name)


def board_words(message: str) -> str:
    """An engine message with its space names in board words."""
    return _SPACE.sub(lambda m: space_words(m.group(0)), message)


def card_words(card: str, lane: Optional[str] = None) -> str:
    """What is played, in words: "yellow 5", "Crazy Wings (red)", "Déjà vu"."""
    if card in BONUS_NAMES:
        return BONUS_NAMES[card] + (f" ({lane})" if lane else "")
    colour, _, value = card.partition("-")
    return f"{colour} {value}"


def _names(faces: Iterable[str]) -> str:
    names = [BONUS_NAMES.get(f, f) for f in faces]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def choice_words(move: Move, others: List[Move]) -> str:
    """A move in words, saying what sets it apart from ``others`` (the moves to the same
    space): "arm Boinnnggg at the water hole", "give up Crazy Wings to the cheetah",
    "Neck Stretch", "tiptoeing", "via the warthog (new hand)"..."""
    parts: List[str] = []
    if any(m.kind != move.kind for m in others):
        parts.append("one space only" if move.kind == "one-space" else "full move")
    if move.lane and len({m.lane for m in others}) > 1:
        parts.append(f"announce {move.lane}")
    for flag, words in (("boinnnggg", "Boinnnggg"), ("neck_stretch", "Neck Stretch"), ("leapfrog", "Leapfrog")):
        if getattr(move, flag):
            parts.append(f"with {words}")
    if any(m.tiptoe != move.tiptoe for m in others):
        parts.append("tiptoeing" if move.tiptoe else "not tiptoeing")
    if any(m.warthog != move.warthog for m in others):
        parts.append("via the warthog (new hand)" if move.warthog else "avoiding the warthog")
    if move.arm:
        parts.append(f"arm {_names(move.arm)} at the water hole{'s' if len(move.arm) > 1 else ''}")
    elif any(m.arm for m in others):
        parts.append("arm no bonus")
    if move.lose:
        parts.append(f"give up {_names(move.lose)} to the cheetah")
    elif any(m.lose for m in others):
        parts.append("give up no bonus card")
    text_ = ", ".join(parts) or "plain move"
    return text_[:1].upper() + text_[1:]


class TailsBoard(Board):
    """A playable Savannah Tails board (see the module docstring)."""

    title = "Savannah Tails"

    def __init__(self, game: "TailsGame", *, bots: Optional[Dict[int, str]] = None,
                 seats: Optional[Iterable[int]] = None, classroom: bool = False, seed: int = 0,
                 autosave: Optional[str] = None, guided: bool = False, theme: str = "light"):
        if theme not in render.PALETTES:
            raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
        self.theme = theme
        self.selected: Optional[str] = None         # the card (or bonus) whose moves are lit
        self.pending: Optional[str] = None          # the space whose several moves the panel offers
        self.choices: List[Move] = []               # those moves, in the panel's order
        self.to_discard: List[str] = []             # cards picked for the discard
        self._just_played: Optional[str] = None     # a human move in words, for the status line
        self.hover_space: Optional[str] = None      # the lit space under the pointer: its route is drawn
        super().__init__(game, bots=bots, seats=seats, classroom=classroom, seed=seed, autosave=autosave,
                         min_width=720, guided=guided)

    # -- the hooks of the shared board -----------------------------------------------------
    def make_buttons(self) -> List[widgets.Button]:
        self.btn_discard = self._button("Discard", "Discard the cards you picked", self.confirm_discard)
        return [self.btn_discard]

    def render(self) -> Scene:
        g = self.game
        labels = self.destinations() if self.human_turn else {}
        sc = render.scene(g, labels=labels, theme=self.theme, classroom=self.classroom)
        sc = Scene(sc.width, sc.height, sc.background, list(sc.shapes), sc.title)
        if self.selected is not None:
            _frame(sc, self._hit_of(self.selected), SELECTED if self.theme == "light" else "#8ab4f8", "play")
        for card in self.to_discard:
            _frame(sc, "card:" + card, PICKED, "discard")
        if g.phase is Phase.DISCARD and self.human_turn:
            self._discard_button(sc)
        if self.hover_space is not None and self.pending is None:
            self._draw_route(sc, self.hover_space)
        if self.pending is not None:
            self._panel(sc)
        return sc

    def hovered(self, hit: Optional[str]) -> None:
        """The pointer (or the keyboard cursor) on a lit space draws the route there."""
        name = hit[len("space:"):] if hit and hit.startswith("space:") else None
        if name is not None and name not in self.destinations():
            name = None
        if name != self.hover_space:
            self.hover_space = name
            self.redraw()

    def route_to(self, name: str) -> Tuple[str, ...]:
        """The spaces of the route drawn to the lit space ``name``: where the ostrich stands,
        then the spaces its first legal move there enters (empty if ``name`` is not lit)."""
        moves = [m for m in self._moves_with(self.selected) if m.to == name] if self.selected else []
        if not moves:
            return ()
        g = self.game
        here = g.track.names[g.state.pos[g.current_player]]
        return (here,) + tuple(g.route(moves[0]))

    def _draw_route(self, sc: Scene, name: str) -> None:
        points = []
        for space in self.route_to(name):
            box = box_of(sc.find("space:" + space))
            if box is not None:
                points.append(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
        if len(points) < 2:
            return
        colour = SELECTED if self.theme == "light" else "#8ab4f8"
        sc.add(line(points, stroke="#ffffff", width=7, opacity=0.85),
               line(points, stroke=colour, width=3.5, dash=(7, 4)),
               *(circle(x, y, 3.5, fill=colour) for x, y in points[1:]))

    def redraw(self) -> None:
        self.btn_discard.layout.visibility = ("visible" if self.human_turn and self.game.phase is Phase.DISCARD
                                              else "hidden")  # its room stays: nothing moves
        super().redraw()

    def instruction(self) -> str:
        g = self.game
        if g.is_over:
            return render.status_text(g) + ". Press New game to play again."
        p = g.current_player
        who = g.who(p)
        if p not in self.seats:
            return f"{who} (bot) is thinking…"
        if g.phase is Phase.DISCARD:
            n = g.state.pending_discard
            picked = f" (picked: {', '.join(card_words(c) for c in self.to_discard)})" if self.to_discard else ""
            return (f"{who}: your hand is over the hand size of {g.hand_size(p)}: click {n} card"
                    f"{'s' if n != 1 else ''} to discard{picked}, then Discard.")
        if self.pending is not None:
            return (f"{who}: {len(self.choices)} moves with {self._selected_words()} end on "
                    f"{space_words(self.pending)}: click one in the panel (or Cancel).")
        if self.selected is not None:
            return (f"{who}: {self._selected_words()}: click a lit space to move there (its label: the points "
                    f"the move uses), or the card again to choose another.")
        usable = [BONUS_NAMES[f] for f in PLAYED_BONUSES if self._moves_with(f)]
        also = f" (or {' / '.join(usable)})" if usable else ""
        return f"{who}: click a card in your hand{also} to see where it can go."

    def describe(self, move: Move, position) -> str:
        who = position.who(position.current_player) if move.player is None else position.who(move.player)
        if move.kind == "discard":
            return f"{who} discarded {', '.join(card_words(c) for c in move.discard)}"
        what = card_words(move.card, move.lane)
        how = " one space" if move.kind == "one-space" else ""
        extra = choice_words(move, [Move()]) if _has_choices(move) else ""
        return f"{who} played {what}{how} to {space_words(move.to)}" + (f" ({extra[:1].lower()}{extra[1:]})"
                                                                         if extra else "")

    def event_text(self, event) -> str:
        return board_words(event.message)

    def move_marks(self, move: Move) -> List[str]:
        if move.kind == "discard" or not move.to:
            return []
        return ["space:" + move.to]

    def keyboard_order(self) -> List[str]:
        g = self.game
        if not self.human_turn:
            return []
        hand = [h for h in self._scene_hits() if h.startswith("card:")]
        if g.phase is Phase.DISCARD:
            return hand + ["discard:confirm"]
        if self.pending is not None:
            return [f"choice:{i}" for i in range(len(self.choices))] + ["choice:cancel"]
        bonuses = [self._hit_of(f) for f in PLAYED_BONUSES if self._moves_with(f)]
        if self.selected is None:
            return hand + bonuses
        lit = [f"space:{name}" for name in self._lit_order()]
        return [self._hit_of(self.selected)] + lit + [h for h in hand + bonuses if h != self._hit_of(self.selected)]

    def after_move(self, move) -> None:
        self._reset()

    def after_undo(self) -> None:
        self._reset()
        self._just_played = None

    def _reset(self) -> None:
        self.selected = None
        self.hover_space = None
        self.pending = None
        self.choices = []
        self.to_discard = []

    def sync(self, done=()) -> None:
        said, self._just_played = self._just_played, None
        super().sync(done)
        if said and not done and not self.game.is_over:  # what you just did, then what comes next
            self.status.set(f"{said}. {self.instruction()}")

    # -- what is legal ------------------------------------------------------------------------
    def _moves_with(self, card: str) -> List[Move]:
        g = self.game
        if g.is_over or g.phase is not Phase.MOVE:
            return []
        return [m for m in g.legal_moves() if m.card == card]

    def destinations(self) -> Dict[str, str]:
        """The lit spaces of the card chosen: space name -> the points the moves there use
        ("4", "4+2" with bonus movement, "1" for a one-space move; several as "1/4")."""
        out: Dict[str, List[str]] = {}
        if self.selected is None:
            return {}
        for m in self._moves_with(self.selected):
            label = self._points(m)
            if label not in out.setdefault(m.to, []):
                out[m.to].append(label)
        return {to: "/".join(labels) for to, labels in out.items()}

    def _points(self, move: Move) -> str:
        if move.kind == "one-space":
            return "1"
        try:
            play = self.game._plan(move).card
        except (ValueError, AttributeError, TypeError):
            return "?"
        return f"{play.value}+{play.bonus}" if play.bonus else str(play.value)

    def _lit_order(self) -> List[str]:
        lit = self.destinations()
        names = [h[len("space:"):] for h in self._scene_hits() if h.startswith("space:")]
        return [n for n in names if n in lit]

    def _scene_hits(self) -> List[str]:
        return self.canvas.scene.hits() if self.canvas.scene is not None else []

    def _hit_of(self, card: str) -> str:
        if card in PLAYED_BONUSES:
            return f"bonus:{self.game.colours[self.game.current_player]}:{card}"
        return "card:" + card

    def _selected_words(self) -> str:
        return card_words(self.selected) if self.selected else ""

    # -- clicks ----------------------------------------------------------------------------------
    def clicked(self, hit: str) -> None:
        kind, _, rest = hit.partition(":")
        if kind == "choice":
            self._click_choice(rest, hit)
        elif self.pending is not None:  # anything else closes the panel first
            self.pending, self.choices = None, []
            self._click_other(kind, rest, hit)
        elif kind == "discard":
            self.confirm_discard()
        else:
            self._click_other(kind, rest, hit)

    def _click_other(self, kind: str, rest: str, hit: str) -> None:
        if kind == "card":
            if self.game.phase is Phase.DISCARD:
                self.toggle_discard(rest)
            else:
                self.select(rest)
        elif kind == "bonus":
            self._click_bonus(rest, hit)
        elif kind == "space":
            self._click_space(rest, hit)
        else:  # an ostrich or a player's row: nothing to play there
            self.marks = [m for m in self.marks if m[1] != "refused"]
            self.status.set(self.instruction())
            self.redraw()

    def _click_bonus(self, rest: str, hit: str) -> None:
        g = self.game
        colour, _, face = rest.partition(":")
        p = g.current_player
        if colour != g.colours[p]:
            self.refuse(f"that is {colour.capitalize()}'s bonus card; {g.who(p)} plays their own", "tails.turn.play-card",
                        hit)
        elif face in PLAYED_BONUSES:
            if self._moves_with(face):
                self.select(face)
            elif face == "deja-vu" and not g.state.discards[p] and g.ready(p, face):
                self.refuse("Déjà vu plays the top card of your discard pile, and it is empty",
                            "tails.bonus.deja-vu-empty", hit)
            elif not g.ready(p, face):
                self.refuse(f"{BONUS_NAMES[face]} is not active: a bonus armed at a water hole can be used from "
                            f"the next turn on", "tails.water.next-turn", hit)
            else:
                self.refuse(f"{BONUS_NAMES[face]} has no legal move here", "tails.bonus." + face, hit)
        else:
            self.status.set(BONUS_HOW.get(face, self.instruction()))
            self.redraw()

    def _click_space(self, name: str, hit: str) -> None:
        g = self.game
        p = g.current_player
        if g.phase is Phase.DISCARD:
            n = g.state.pending_discard
            self.refuse(f"{g.who(p)} must first discard {n} card{'s' if n != 1 else ''} down to the hand size",
                        "tails.draw.hand-size", hit)
            return
        if self.selected is None:
            self.refuse("first choose what to play: click a card in your hand (or a usable bonus card)",
                        "tails.turn.play-card", hit)
            return
        moves = [m for m in self._moves_with(self.selected) if m.to == name]
        if len(moves) == 1:
            self._play(moves[0], hit)
        elif moves:
            self.pending, self.choices = name, moves
            self.marks = [m for m in self.marks if m[1] != "refused"]
            self.status.set(self.instruction())
            self.redraw()
        else:  # not lit: the engine says why, with its rule
            self.play(self._refused_move(name), hit, reason=lambda err: board_words(err.reason))

    def _refused_move(self, name: str) -> Move:
        """The move a click on an unlit space asks for: the card chosen, to that space."""
        lane = None
        if self.selected == "crazy-wings":
            lane_of = name.split(":")[1] if name.count(":") == 2 else ""
            lane = lane_of if lane_of in LANES else LANES[0]
        return Move(self.selected, to=name, lane=lane)

    def _click_choice(self, rest: str, hit: str) -> None:
        if rest == "cancel":
            self.cancel()
        elif rest.isdigit() and self.pending is not None and int(rest) < len(self.choices):
            self.choose(int(rest))
        else:
            self.status.set(self.instruction())
            self.redraw()

    def _play(self, move: Move, hit: Optional[str]) -> bool:
        self._just_played = self.describe(move, self.game)  # the status line says it (``sync``)
        try:
            return self.play(move, hit, reason=lambda err: board_words(err.reason))
        finally:
            self._just_played = None

    # -- actions (from clicks, keys, or Python) --------------------------------------------------
    @action
    def select(self, card: str) -> None:
        """Choose what to play (a card name, "crazy-wings" or "deja-vu"): its moves' end
        spaces light up; the card chosen already: deselect it."""
        g = self.game
        if not self.human_turn:
            self.status.set("Wait: it is not your decision." if not g.is_over else self.instruction())
            return
        self.pending, self.choices = None, []
        self.marks = [m for m in self.marks if m[1] != "refused"]
        if self.selected == card:
            self.selected = None
        elif not self._moves_with(card):
            self.refuse(f"{card_words(card)} has no legal move here", "tails.turn.play-card", self._hit_of(card))
            return
        else:
            self.selected = card
        self.status.set(self.instruction())
        self.redraw()

    @action
    def deselect(self) -> None:
        """Forget the card chosen (and close the choice panel)."""
        self._reset_choice(all_=True)

    @action
    def cancel(self) -> None:
        """Close the choice panel, keeping the card chosen."""
        self._reset_choice(all_=False)

    def _reset_choice(self, all_: bool) -> None:
        self.pending, self.choices = None, []
        if all_:
            self.selected = None
        self.marks = [m for m in self.marks if m[1] != "refused"]
        self.status.set(self.instruction())
        self.redraw()

    @action
    def choose(self, i: int) -> bool:
        """Play choice ``i`` of the panel."""
        if self.pending is None or not 0 <= i < len(self.choices):
            self.status.set(self.instruction())
            return False
        return self._play(self.choices[i], f"space:{self.pending}")

    @action
    def toggle_discard(self, card: str) -> None:
        """Pick a card to discard (or put it back)."""
        g = self.game
        if not self.human_turn or g.phase is not Phase.DISCARD:
            self.refuse("there is nothing to discard now: cards are discarded only when a hand is over the "
                        "hand size", "tails.draw.hand-size", "card:" + card)
            return
        if card in self.to_discard:
            self.to_discard.remove(card)
        else:
            self.to_discard.append(card)
        self.marks = [m for m in self.marks if m[1] != "refused"]
        self.status.set(self.instruction())
        self.redraw()

    @action
    def confirm_discard(self) -> bool:
        """Discard the cards picked (the engine checks the count)."""
        g = self.game
        if not self.human_turn or g.phase is not Phase.DISCARD:
            self.refuse("there is nothing to discard now", "tails.draw.hand-size")
            return False
        move = Move(kind="discard", discard=tuple(sorted(self.to_discard)))
        return self._play(move, "discard:confirm")

    # -- drawing the board's own marks -------------------------------------------------------------
    def _discard_button(self, sc: Scene) -> None:
        box = box_of([s for s in sc.shapes if (s.hit or "").startswith("card:")])
        if box is None:
            return
        x0, y0, x1, y1 = box
        n = self.game.state.pending_discard
        ok = len(self.to_discard) == n
        fill, edge, ink = PANEL[self.theme]
        label = f"Discard {len(self.to_discard)} of {n}"
        w = render.text_w(label, 13, True) + 24
        x, y = max(8.0, x0 - w - 14), y0 + (y1 - y0 - CHOICE_H) / 2
        sc.add(rect(x, y, w, CHOICE_H, fill=CHOICE_FILL[self.theme] if ok else fill, stroke=edge, width=2, radius=6,
                    hit="discard:confirm", title="discard the cards picked"),
               text(x + w / 2, y + CHOICE_H / 2, label, size=13, bold=True, fill=ink))

    def _panel(self, sc: Scene) -> None:
        """The choice panel: one button per move to the same space, and Cancel, over the half
        of the course away from that space."""
        fill, edge, ink = PANEL[self.theme]
        labels = [f"{i + 1}. {choice_words(m, self.choices)}" for i, m in enumerate(self.choices)] + ["Cancel"]
        head = f"{len(self.choices)} ways to {space_words(self.pending)} with {self._selected_words()}:"
        w = min(sc.width - 24, max(render.text_w(t, 13) for t in labels + [head]) + 40)
        h = 34 + len(labels) * (CHOICE_H + CHOICE_GAP) + 6
        spaces = box_of([s for s in sc.shapes if (s.hit or "").startswith("space:")]) or (0, 0, sc.width,
                                                                                                 sc.height)
        target = box_of(list(sc.find("space:" + self.pending))) or spaces
        x = (sc.width - w) / 2
        top = render.HEADER_H + 4  # the header stays in view, and so does the space
        if spaces[1] + 8 + h <= target[1] - 12:      # above the space, over the course
            y = spaces[1] + 8
        elif target[3] + 12 + h <= spaces[3] - 8:    # below it, over the course
            y = spaces[3] - h - 8
        elif target[3] + 12 + h <= sc.height - 8:    # below it, over the panels
            y = target[3] + 12
        else:
            y = max(top, target[1] - 12 - h)
        y = max(top, min(y, sc.height - h - 8))
        sc.add(rect(x, y, w, h, fill=fill, stroke=edge, width=2.5, radius=8, hit="choice:panel",
                    title="choose how to move"),
               text(x + 14, y + 17, head, size=13, bold=True, anchor="start", fill=ink))
        for i, label in enumerate(labels):
            hit = "choice:cancel" if i == len(self.choices) else f"choice:{i}"
            by = y + 34 + i * (CHOICE_H + CHOICE_GAP)
            sc.add(rect(x + 10, by, w - 20, CHOICE_H, fill=CHOICE_FILL[self.theme], stroke=edge, width=1.2,
                        radius=5, hit=hit, title=label),
                   text(x + 20, by + CHOICE_H / 2, label, size=13, anchor="start", fill=ink, title=label))

    # -- for tests and scripts ---------------------------------------------------------------------
    def choice_labels(self) -> List[str]:
        """The words of the panel's choices (empty when no panel is open)."""
        return [choice_words(m, self.choices) for m in self.choices]



def _has_choices(move: Move) -> bool:
    return bool(move.arm or move.lose or move.boinnnggg or move.neck_stretch or move.leapfrog or move.tiptoe
                or move.warthog)


def _frame(scene: Scene, hit: str, colour: str, label: str) -> None:
    """A thick frame around a hit area, with a small tag under it ("play", "discard")."""
    box = box_of(scene.find(hit))
    if box is None:
        return
    x0, y0, x1, y1 = box
    scene.add(rect(x0 - 4, y0 - 4, x1 - x0 + 8, y1 - y0 + 8, stroke="#ffffff", width=6, radius=7),
              rect(x0 - 4, y0 - 4, x1 - x0 + 8, y1 - y0 + 8, stroke=colour, width=3.5, radius=7,
                   dash=(6, 3) if label == "discard" else ()))
    w = render.text_w(label, 10, True) + 8
    ink = "#ffffff" if colour in (SELECTED, PICKED) else "#1a1a1a"
    scene.add(rect((x0 + x1 - w) / 2, y0 - 12, w, 14, fill=colour, radius=7),
              text((x0 + x1) / 2, y0 - 5, label, size=10, bold=True, fill=ink))




def board(game: "TailsGame", *, bots=None, seats=None, classroom=False, seed=0, autosave=None, guided=False,
          theme="light") -> TailsBoard:
    """An interactive board for ``game`` (see ``TailsBoard``); ``theme="dark"`` for a dark page."""
    return TailsBoard(game, bots=bots, seats=seats, classroom=classroom, seed=seed, autosave=autosave,
                      guided=guided, theme=theme)


__all__ = ["board", "TailsBoard", "choice_words", "space_words", "board_words", "card_words"]
