"""What a click on the Savannah Tails board does: its rules of clicking, on the kit's shared
``ui.clicks.Clicks``, with no widget (``widget.py`` shows it in a notebook, the class server sends
its picture to a browser).

``board(game)`` (or ``game.widget()``) returns a ``TailsBoard``; show it by leaving it
at the end of a cell. Click a card in your hand (or Crazy Wings / Déjà vu when they are
usable): every space where a legal move with it ends lights up, labelled with the
points the move uses ("4", bonus movement as "4+2", a one-space move "1"). Click a lit
space to move there; click the card again to choose another. When several moves end on
the same space (a bonus to arm at a water hole, a bonus card given up to a cheetah,
Boinnnggg, Neck Stretch, Leapfrog, tiptoeing or not, through a warthog or not), a panel
over the course names each choice in words: one click on a choice plays it. When your
hand is over the hand size, click the cards to discard, then Discard.

A click on a space that is not lit is refused with its reason and rule in the status
line, and nothing changes (``why_not``): the routes of guide lines to that space are read
by the engine's ``explain_route``, and the board tells the one that fails for the rule the
engine gives for the space, as late as possible and as straight as possible ("step 4 of
the route drawn: T06 blue space 5 holds a lion"); it draws that route up to the step at
fault, with a cross there, and outlines the refused space in red. A space no route
reaches (behind, sideways), or one too far or on the wrong lane for every route, gets the
engine's reason alone. The keyboard does it all too: arrows move a cursor over what can be
chosen, Enter chooses, U undoes, H asks for a hint, Tab leaves.

The Hint button (or H) says the move the strongest bot that fits ``hint_seconds`` would
make for you (the MCTS bot by default), what it does (the ground it gains, bonus movement,
the bonus it arms) and why (the search's figures), selects its card and outlines the card
and the end space with the route drawn, without playing it.

``guided=True`` is a first race with a guide: the next step is outlined (the cards you
may play, then the spaces they reach, the choices of a panel, the cards to discard), the
status line says in plain words what to click, and a guide line under it says what the
step is about and what your last move did.

Everything can be driven from Python: ``click_hit(hit_id)``, ``select(card)``,
``deselect()``, ``choose(i)``, ``toggle_discard(card)``, ``confirm_discard()``,
``undo()``, ``new_game()``, ``hint()``, ``why_not(space)``; ``bots={seat: "random"|"greedy"}``
seats bots and ``theme="dark"`` draws the picture for a dark page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Iterable, List, NamedTuple, Optional, Tuple

from ..core.errors import IllegalMove
from ..core.theme import checked_theme
from ..core.scene import Scene, Text, circle, line, rect, text
from ..ui.clicks import HINT_SECONDS, Clicks, action, verdict, box_of, outline_ring
from . import render
from .data import BONUS_NAMES, CARD_NAMES, LANES
from .describe import board_words  # engine messages with their space names in board words
from .track import START
from .moves import Discard, Move
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
#: the choice panel's look: (fill, edge, ink) in each picture theme
PANEL = {"light": ("#ffffff", "#4a3516", "#1f1f1f"), "dark": ("#2b2925", "#f2b705", "#f1efe9")}
CHOICE_FILL = {"light": "#e8f0fe", "dark": "#3a4a66"}
PICKED = "#c62828"    # cards picked for the discard
SELECTED = "#0b57d0"  # the card whose moves are lit (light theme; dark: the ring colour)
CHOICE_H, CHOICE_GAP = 30, 6
REFUSED_ROUTE = "#c62828"  # the route a refused click points at, up to the step at fault
#: the refusals about how far a move goes, not about what stands on a route: the engine's
#: reason for the space is kept then (it compares every route length at once)
DISTANCE_RULES = ("tails.move.exact-distance", "tails.move.blocked-stop", "tails.move.end-on-card-colour")
#: the routes tried for a refused click, at most (the straightest come first)
MOST_ROUTES = 200
#: what the guide line of a guided race says at each step
GUIDE = {
    "card": "A turn: play one card and move. The card's colour is the lane you must finish on, its number the "
            "steps you take.",
    "space": "The outlined spaces are where {card} can take you; each badge gives the points the move uses "
             "(\"+2\": bonus movement, \"1\": a one-space move). Point at one to see its route.",
    "panel": "Several moves end on that space: the panel says what differs (a bonus to arm at a water hole, one "
             "to give up to a cheetah, a bonus card to use...).",
    "discard": "Your hand holds more cards than the hand size: click the ones you need least, then Discard.",
}


def space_words(name: Optional[str]) -> str:
    """A space name in board words: "T03:red:2" -> "T03 red space 3" (tiles show their id,
    spaces are counted from 1)."""
    return board_words(name) if name else "the start line"


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


class TailsClicks(Clicks):
    """What a click on a Savannah Tails board does (see the module docstring)."""

    title = "Savannah Tails"
    compacts = True

    def __init__(self, game: "TailsGame", *, bots: Optional[Dict[int, str]] = None,
                 seats: Optional[Iterable[int]] = None, classroom: bool = False, seed: int = 0,
                 autosave: Optional[str] = None, guided: bool = False, theme: str = "light",
                 hint_seconds: float = HINT_SECONDS):
        self.theme = checked_theme(theme)
        self.selected: Optional[str] = None         # the card (or bonus) whose moves are lit
        self.pending: Optional[str] = None          # the space whose several moves the panel offers
        self.choices: List[Move] = []               # those moves, in the panel's order
        self.to_discard: List[str] = []             # cards picked for the discard
        self._just_played: Optional[str] = None     # a human move in words, for the status line
        self.hover_space: Optional[str] = None      # the lit space under the pointer: its route is drawn
        self.hinted: Optional[Move] = None          # the move a hint suggests: its route is the one drawn
        #: the route a refused click points at, up to the step at fault (its last space; the
        #: ostrich's own space first), drawn until the next action
        self.refused_route: Tuple[str, ...] = ()
        self.happened = ""                          # where your last move went (the guide says it)
        self._mover = 0                             # whose move that was
        self._dest_key: Optional[tuple] = None      # (position, card) of the lit spaces kept in _dest
        self._dest: Dict[str, str] = {}
        super().__init__(game, bots=bots, seats=seats, classroom=classroom, seed=seed, autosave=autosave,
                         guided=guided, hint_seconds=hint_seconds)

    # -- the hooks of the shared board -----------------------------------------------------
    @property
    def scale(self) -> float:
        """How much larger the board's own marks are drawn (the panel, tags, routes): 1 on the
        notebook picture; on the classroom picture, which the page shrinks to the window, so
        much that their text is as large as the picture's smallest (the compact picture too)."""
        return render.CLASSROOM_TEXT / 13 if self.large else 1.0

    @property
    def tag_scale(self) -> float:
        """The same for the small tags on cards ("play", "discard"), drawn at 10 units on the notebook picture."""
        return render.CLASSROOM_TEXT / 10 if self.large else 1.0

    def render(self) -> Scene:
        g = self.game
        labels = self.destinations() if self.human_turn else {}
        hand = {} if self.hand_seat is None else {"hand": self.hand_seat}
        sc = render.scene(g, labels=labels, theme=self.theme, classroom=self.classroom,  # a new scene each time
                          compact=self.compact, steady=not self.classroom, **hand)
        rings = []  # the tags keep clear of the outlines drawn over the picture
        if self.selected is not None or self.to_discard:
            rings = [strip for hit, kind in self.outlines() for strip in outline_ring(sc, hit, kind)]
        if self.selected is not None:
            _frame(sc, self._hit_of(self.selected), SELECTED if self.theme == "light" else "#8ab4f8", "play",
                   self.tag_scale, rings)
        for card in self.to_discard:
            _frame(sc, "card:" + card, PICKED, "discard", self.tag_scale, rings)
        if g.phase is Phase.DISCARD and self.human_turn:
            self._discard_button(sc)
        if self.hover_space is not None and self.pending is None:
            self._draw_route(sc, self.hover_space)
        elif self.refused_route:
            self._draw_refused_route(sc)
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
        then the spaces the move there enters (the hinted move's, else the first legal
        move's); empty if ``name`` is not lit."""
        moves = [m for m in self._moves_with(self.selected) if m.to == name] if self.selected else []
        if not moves:
            return ()
        if self.hinted in moves:
            moves = [self.hinted]
        g = self.game
        return (self._here(),) + tuple(g.route(moves[0]))

    def _here(self) -> str:
        g = self.game
        return g.track.names[g.state.pos[g.current_player]]

    def _centres(self, sc: Scene, spaces) -> List[Tuple[float, float]]:
        """The middle of each space's footprint in the picture (the start line: the ostrich)."""
        points = []
        colour = self.game.colours[self.game.current_player]
        for space in spaces:
            shapes = list(sc.find("space:" + space))
            if not shapes and space == self.game.track.names[START]:
                shapes = [c for c in sc.find("ostrich:" + colour) if hasattr(c, "r")][:1]
            else:  # the footprint, not its badge
                shapes = [x for x in shapes if not hasattr(x, "w")] or shapes
            box = box_of(shapes)
            if box is not None:
                points.append(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
        return points

    def _draw_route(self, sc: Scene, name: str) -> None:
        points = self._centres(sc, self.route_to(name))
        if len(points) < 2:
            return
        k = self.scale
        colour = SELECTED if self.theme == "light" else "#8ab4f8"
        sc.add(line(points, stroke="#ffffff", width=7 * k, opacity=0.85),
               line(points, stroke=colour, width=3.5 * k, dash=(7 * k, 4 * k)),
               *(circle(x, y, 3.5 * k, fill=colour) for x, y in points[1:]))

    def _draw_refused_route(self, sc: Scene) -> None:
        """The route a refused click points at, up to the step at fault, and a cross there."""
        points = self._centres(sc, self.refused_route)
        if not points:
            return
        k = self.scale
        if len(points) > 1:
            sc.add(line(points, stroke="#ffffff", width=7 * k, opacity=0.85),
                   line(points, stroke=REFUSED_ROUTE, width=3.5 * k, dash=(3 * k, 4 * k)),
                   *(circle(x, y, 3.5 * k, fill=REFUSED_ROUTE) for x, y in points[1:-1]))
        x, y = points[-1]
        d = 7 * k
        for width, colour, said in ((7 * k, "#ffffff", None), (3.5 * k, REFUSED_ROUTE, "the step that breaks a rule")):
            sc.add(line([(x - d, y - d), (x + d, y + d)], stroke=colour, width=width, title=said),
                   line([(x - d, y + d), (x + d, y - d)], stroke=colour, width=width))

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
        usable = [BONUS_NAMES[f] for f in PLAYED_BONUSES if self._moves_with(f)]
        also = f" (or {' / '.join(usable)})" if usable else ""
        if self.guided:
            return self._guided_instruction(who, also)
        if self.selected is not None:
            return (f"{who}: {self._selected_words()}: click a lit space to move there (its label: the points "
                    f"the move uses), or the card again to choose another.")
        return f"{who}: click a card in your hand{also} to see where it can go."

    def _guided_instruction(self, who: str, also: str) -> str:
        """The status line of a guided race when a card is to be played: what to click, in plain words."""
        if self.selected is not None:
            n = len(self.destinations())
            where = "the outlined space" if n == 1 else f"one of the {n} outlined spaces"
            return (f"{who}, move with {self._selected_words()}: click {where} (point at one to see its route), "
                    f"or the card again to choose another.")
        n = sum(1 for h in self.emphasis() if h.startswith("card:"))
        which = "the outlined card" if n == 1 else f"one of the {n} outlined cards"
        return f"{who}, play a card: click {which}{also} to see where it can take you."

    def describe(self, move: Move, position) -> str:
        who = position.who(position.current_player) if move.player is None else position.who(move.player)
        if type(move) is Discard:
            return f"{who} discarded {', '.join(card_words(c) for c in move.cards)}"
        what = card_words(move.card, move.lane)
        how = " one space" if move.kind == "one-space" else ""
        extra = choice_words(move, [Move()]) if _has_choices(move) else ""
        return f"{who} played {what}{how} to {space_words(move.to)}" + (f" ({extra[:1].lower()}{extra[1:]})"
                                                                         if extra else "")

    def event_text(self, event) -> str:
        return board_words(event.message)

    def move_marks(self, move: Move) -> List[str]:
        if type(move) is Discard or not move.to:
            return []
        return ["space:" + move.to]

    def sample_click(self) -> Tuple[str, bool]:
        """Choosing a card in the hand (its spaces light up); a second click puts them out."""
        return next(h for h in self.hits() if h.startswith("card:")), False

    def keyboard_order(self) -> List[str]:
        g = self.game
        if not self.human_turn:
            return []
        hand = self._hand_hits()
        if g.phase is Phase.DISCARD:
            return hand + ["discard:confirm"]
        if self.pending is not None:
            return [f"choice:{i}" for i in range(len(self.choices))] + ["choice:cancel"]
        bonuses = [self._hit_of(f) for f in PLAYED_BONUSES if self._moves_with(f)]
        if self.selected is None:
            return hand + bonuses
        lit = [f"space:{name}" for name in self._lit_order()]
        return [self._hit_of(self.selected)] + lit + [h for h in hand + bonuses if h != self._hit_of(self.selected)]

    def emphasis(self) -> List[str]:
        """The next step of a guided race: the cards you may play (and usable bonus cards),
        then the spaces the chosen one reaches, the panel's choices, or the cards to discard."""
        g = self.game
        if g.is_over or not self.human_turn:
            return []
        hand = self._hand_hits()
        if g.phase is Phase.DISCARD:
            return [h for h in hand if h[len("card:"):] not in self.to_discard] + (
                ["discard:confirm"] if len(self.to_discard) == g.state.pending_discard else [])
        if self.pending is not None:
            return [f"choice:{i}" for i in range(len(self.choices))]
        if self.selected is not None:
            return [f"space:{name}" for name in self._lit_order()]
        return [h for h in hand if self._moves_with(h[len("card:"):])] + \
            [self._hit_of(f) for f in PLAYED_BONUSES if self._moves_with(f)]

    def after_move(self, move) -> None:
        if self.guided and move.kind != "discard":  # before the bots move: only this move counts
            g = self.game
            p = self._movers[-1]
            self.happened = f"You moved to {space_words(g.track.names[g.state.pos[p]])}"
            self._mover = p
        self._reset()

    def _happened_now(self) -> str:
        """What your last move did, with your place in the race as it is now (the bots may
        have passed you since): "You moved to T01 black space 1: now 2nd in the race."."""
        if not self.happened:
            return ""
        g = self.game
        p = self._mover
        place = render.ORDINALS[g.race_order().index(p)]
        past = "past the finish line, " if g.track.crossed[g.state.pos[p]] else ""
        return f"{self.happened}: {past}now {place} in the race."

    def after_undo(self) -> None:
        self._reset()
        self._just_played = None
        self.happened = ""

    def _reset(self) -> None:
        self.selected = None
        self.hover_space = None
        self.pending = None
        self.choices = []
        self.to_discard = []
        self.hinted = None
        self.refused_route = ()

    def sync(self, done=()) -> None:
        said, self._just_played = self._just_played, None
        super().sync(done)
        if said and not done and not self.game.is_over:  # what comes next, then (its own line) what you just did
            self.status.set(self.instruction(), then=f"{said}.")

    def redraw(self) -> None:
        super().redraw()
        if self.guided:
            self.guide.set(self.guide_text())

    def guide_text(self) -> str:
        """What the guide line of a guided race says now: what the step is about, after what
        your last move did."""
        g = self.game
        if g.is_over:
            return render.status_text(g) + "."
        if not self.human_turn:
            return self._happened_now()
        if g.phase is Phase.DISCARD:
            step = GUIDE["discard"]
        elif self.pending is not None:
            step = GUIDE["panel"]
        elif self.selected is not None:
            step = GUIDE["space"].format(card=self._selected_words())
        else:
            step = GUIDE["card"]
        return f"{self._happened_now()} {step}".strip() if self.selected is None and self.pending is None else step

    # -- hints ---------------------------------------------------------------------------------
    def suggestion(self) -> Optional[Tuple[Move, str]]:
        """The hint bot's move for the player to move (the strongest that fits ``hint_seconds``),
        seeded from the position as the board's bots are, and why in board words; none while
        cards are discarded (every discard is worth the same to the greedy count)."""
        g = self.game
        if g.is_over or g.phase is not Phase.MOVE:
            return None
        decision = self.hint_decision()
        return decision.move, self._hint_why(decision.move, verdict(decision))

    def _hint_why(self, move: Move, chosen_by: str = "") -> str:
        """What ``move`` does (the ground it gains, its bonus movement, the bonus cards it arms),
        then why it was chosen: ``chosen_by`` (the bot's verdict, ``ui.board.verdict``) or, from the
        greedy bot, how its count compares with the other moves'."""
        g = self.game
        p = g.current_player
        track = g.track
        moves = g.legal_moves()
        plan = g._plan(move)
        gained = track.score[plan.finish.final] - track.score[g.state.pos[p]]
        if gained > 0:
            parts = [f"it gains {gained} space{'s' if gained != 1 else ''} toward the finish"]
        elif chosen_by:
            parts = ["it gains no ground" if gained == 0 else f"it loses {-gained} space{'s' if gained != -1 else ''}"]
        else:
            parts = ["no move gains ground, and this one loses least"]
        if move.kind == "normal" and plan.card.bonus:
            parts.append(f"with {plan.card.bonus} bonus movement (the card matches your lane)")
        if move.arm:
            parts.append(f"and arms {_names(move.arm)} at the water hole{'s' if len(move.arm) > 1 else ''}")
        if chosen_by:
            return " ".join(parts) + "; " + chosen_by
        values = g.greedy_values(moves)
        equal = values.count(max(values)) - 1
        rest = (f"; {equal} other move{'s' if equal != 1 else ''} of your {len(moves)} "
                f"score{'' if equal != 1 else 's'} the same" if equal
                else f"; none of your other {len(moves) - 1} moves scores as much")
        return " ".join(parts) + rest + " (the greedy bot counts spaces gained, +2 for each armed bonus)"

    def hint_text(self, move: Move) -> str:
        what = card_words(move.card, move.lane)
        how = " one space" if move.kind == "one-space" else ""
        extra = choice_words(move, [Move()]) if _has_choices(move) else ""
        return f"play {what}{how} to {space_words(move.to)}" + (f" ({extra[:1].lower()}{extra[1:]})" if extra else "")

    def show_hint(self, move: Move) -> List[str]:
        """Select the hinted move's card (its spaces light up) and draw its route; outline the
        card and the end space."""
        self.pending, self.choices, self.to_discard = None, [], []
        self.refused_route = ()
        self.selected = move.card
        self.hinted = move
        self.hover_space = move.to
        return [self._hit_of(move.card), "space:" + move.to]

    # -- what is legal ------------------------------------------------------------------------
    def _moves_with(self, card: str) -> List[Move]:
        g = self.game
        if g.is_over or g.phase is not Phase.MOVE:
            return []
        return [m for m in g.legal_moves() if m.card == card]

    def destinations(self) -> Dict[str, str]:
        """The lit spaces of the card chosen: space name -> the points the moves there use
        ("4", "4+2" with bonus movement, "1" for a one-space move; several as "1/4")."""
        if self.selected is None:
            return {}
        key = (self.game.seed, tuple(self.game.history), self.selected)
        if key != self._dest_key:  # worked out once per position and card: a frame reads it twice
            out: Dict[str, List[str]] = {}
            for m in self._moves_with(self.selected):
                label = self._points(m)
                if label not in out.setdefault(m.to, []):
                    out[m.to].append(label)
            self._dest_key, self._dest = key, {to: "/".join(labels) for to, labels in out.items()}
        return dict(self._dest)

    def _points(self, move: Move) -> str:
        if move.kind == "one-space":
            return "1"
        try:
            play = self.game._plan(move).card
        except (ValueError, AttributeError, TypeError):
            return "?"
        return f"{play.value}+{play.bonus}" if play.bonus else str(play.value)

    def _lit_order(self) -> List[str]:
        """The lit spaces in track order (the order the picture draws them)."""
        by_name = self.game.track.by_name
        return sorted(self.destinations(), key=by_name.__getitem__)

    def _hand_hits(self) -> List[str]:
        """The cards of the hand shown (the player to move's), in the picture's order."""
        g = self.game
        if g.is_over or g.current_player is None:
            return []
        return ["card:" + CARD_NAMES[c] for c in sorted(g.state.hands[g.current_player])]

    def _hit_of(self, card: str) -> str:
        if card in PLAYED_BONUSES:
            return f"bonus:{self.game.colours[self.game.current_player]}:{card}"
        return "card:" + card

    def _selected_words(self) -> str:
        return card_words(self.selected) if self.selected else ""

    # -- clicks ----------------------------------------------------------------------------------
    def clicked(self, hit: str) -> None:
        self.refused_route = ()  # a refusal's route stays until the next action
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
        else:  # not lit: why, with its rule, on the route the click points at
            why = self.why_not(name)
            self.refused_route = why.route
            self.refuse(why.reason, why.rule, hit)

    def why_not(self, name: str) -> "Refusal":
        """Why the card chosen cannot end on the space ``name`` (one that is not lit), on the
        route a click there points at: every route of guide lines from the ostrich to the
        space is read by the engine's ``explain_route``, and the one told is the route that
        fails for the rule the engine gives for the space (``explain``), as late as possible,
        straight on where it can (fewest lane changes), shortest. Spaces no route reaches (behind,
        sideways, past the end) and distances no route shows get the engine's reason alone."""
        g = self.game
        err = g._why_not(self._refused_move(name))
        told = Refusal(board_words(err.reason), err.rule_id, ())
        if self.selected is None or name not in g.track.by_name:
            return told
        read = []
        for route in self._routes_to(name):
            for choices in self._readings(name, len(route)):
                try:
                    verdict = g.explain_route(self.selected, list(route), **choices)
                except IllegalMove:
                    continue
                read.append((route, verdict))
        if not read:
            return told
        here = (self._here(),)
        landed = [(route, v) for route, v in read if v.legal and v.move is not None and v.move.to != name]
        if landed:  # a legal route there, but the move ends elsewhere (a dune arrow moves it on)
            route, v = min(landed, key=lambda rv: (_lane_changes(g.track, rv[0]), len(rv[0])))
            dune = g.track.dune[g.track.by_name[name]]
            why = (f"along the route drawn the move is legal, but it ends on {space_words(v.move.to)}"
                   + (f": the dune arrow on {space_words(name)} moves the ostrich on" if dune else ""))
            return Refusal(why, "tails.dune.arrow" if dune else v.rule, here + route)
        faults = [(route, v) for route, v in read if not v.legal]
        if not faults:
            return told
        same = [(route, v) for route, v in faults if v.rule == err.rule_id]
        if err.rule_id in DISTANCE_RULES and not same:
            return told

        def rank(rv):
            route, v = rv
            step = v.step if v.step is not None else len(route) + 1
            return (v.rule == err.rule_id, step, -_lane_changes(g.track, route), -len(route))

        route, v = max(same or faults, key=rank)
        shown = route[:v.step] if v.step is not None else route
        where = f"step {v.step} of the route drawn: " if v.step is not None else "along the route drawn: "
        return Refusal(where + board_words(v.message), v.rule, here + tuple(shown))

    def _readings(self, name: str, steps: int) -> List[dict]:
        """How a route of ``steps`` spaces to ``name`` may be meant: a full move (Crazy Wings
        announcing the space's lane, or each lane on a bridge) and, one step long, a one-space move."""
        if self.selected == "crazy-wings":
            lane = name.split(":")[1] if name.count(":") == 2 else ""
            return [{"lane": lane}] if lane in LANES else [{"lane": x} for x in LANES]
        return [{}] + ([{"kind": "one-space"}] if steps == 1 else [])

    def _routes_to(self, name: str) -> List[Tuple[str, ...]]:
        """The routes of guide lines from the ostrich to ``name`` (its own space left out), at
        most one step longer than the longest move of the card chosen (or the shortest routes,
        if the space is further), straight steps tried first; at most ``MOST_ROUTES``."""
        g = self.game
        track = g.track
        s, t = g.state.pos[g.current_player], track.by_name[name]
        if t <= s:
            return []
        far = {t: 0}  # the fewest steps to t, from each space that can reach it (links lead to higher ids)
        for x in range(t - 1, s - 1, -1):
            ahead = [far[y] for y, _kind in track.succ[x] if y in far]
            if ahead:
                far[x] = 1 + min(ahead)
        if s not in far:
            return []
        cards = [g._plan(m).card for m in self._moves_with(self.selected) if m.kind == "normal"]
        limit = max(max((c.value + c.bonus for c in cards), default=0) + 1, far[s])
        found: List[Tuple[int, ...]] = []
        path: List[int] = []

        def walk(x: int) -> None:
            if len(found) >= MOST_ROUTES:
                return
            if x == t:
                found.append(tuple(path))
                return
            for y, kind in sorted(track.succ[x], key=lambda link: (track.lane[link[0]] != track.lane[x], link[1])):
                if y in far and len(path) + 1 + far[y] <= limit:
                    path.append(y)
                    walk(y)
                    path.pop()

        walk(s)
        return [tuple(track.names[x] for x in route) for route in found]

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
        self.refused_route = ()
        self.marks = [m for m in self.marks if m[1] != "refused"]
        hinted = self.hinted is not None and self.hinted.card == card
        self.hinted = None
        if self.selected == card and not hinted:  # the card a hint chose stays chosen: click it twice to drop it
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
        self.refused_route = ()
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
        move = Discard(tuple(self.to_discard))
        return self._play(move, "discard:confirm")

    # -- drawing the board's own marks -------------------------------------------------------------
    def _discard_button(self, sc: Scene) -> None:
        box = box_of([s for s in sc.shapes if (s.hit or "").startswith("card:")])
        if box is None:
            return
        x0, y0, x1, y1 = box
        k = self.scale
        n = self.game.state.pending_discard
        ok = len(self.to_discard) == n
        fill, edge, ink = PANEL[self.theme]
        label = f"Discard {len(self.to_discard)} of {n}"
        w, h = render.text_w(label, 13 * k, True) + 24 * k, CHOICE_H * k
        x, y = max(8.0, x0 - w - 14 * k), y0 + (y1 - y0 - h) / 2
        sc.add(rect(x, y, w, h, fill=CHOICE_FILL[self.theme] if ok else fill, stroke=edge, width=2, radius=6 * k,
                    hit="discard:confirm", title="discard the cards picked"),
               text(x + w / 2, y + h / 2, label, size=13 * k, bold=True, fill=ink))

    def _panel(self, sc: Scene) -> None:
        """The choice panel: one button per move to the same space, and Cancel, over the half
        of the course away from that space; on the classroom picture as large as its text."""
        k = self.scale
        size, row, gap, head_h = 13 * k, CHOICE_H * k, CHOICE_GAP * k, 34 * k
        fill, edge, ink = PANEL[self.theme]
        labels = [f"{i + 1}. {choice_words(m, self.choices)}" for i, m in enumerate(self.choices)] + ["Cancel"]
        head = f"{len(self.choices)} ways to {space_words(self.pending)} with {self._selected_words()}:"
        w = min(sc.width - 24, max(render.text_w(t, size) for t in labels + [head]) + 40 * k)
        h = head_h + len(labels) * (row + gap) + 6 * k
        spaces = box_of([s for s in sc.shapes if (s.hit or "").startswith("space:")]) or (0, 0, sc.width,
                                                                                                 sc.height)
        target = box_of(list(sc.find("space:" + self.pending))) or spaces
        if self.large:  # over the course
            x = max(12.0, (spaces[0] + spaces[2] - w) / 2)
        else:
            x = (sc.width - w) / 2
        top = (render.CLASSROOM_HEADER if self.large else render.HEADER_H) + 4  # the header stays in view
        if spaces[1] + 8 + h <= target[1] - 12:      # above the space, over the course
            y = spaces[1] + 8
        elif target[3] + 12 + h <= spaces[3] - 8:    # below it, over the course
            y = spaces[3] - h - 8
        elif target[3] + 12 + h <= sc.height - 8:    # below it, over the panels
            y = target[3] + 12
        else:
            y = max(top, target[1] - 12 - h)
        y = max(top, min(y, sc.height - h - 8))
        sc.add(rect(x, y, w, h, fill=fill, stroke=edge, width=2.5, radius=8 * k, hit="choice:panel",
                    title="choose how to move"),
               text(x + 14 * k, y + head_h / 2, head, size=size, bold=True, anchor="start", fill=ink))
        for i, label in enumerate(labels):
            hit = "choice:cancel" if i == len(self.choices) else f"choice:{i}"
            by = y + head_h + i * (row + gap)
            sc.add(rect(x + 10 * k, by, w - 20 * k, row, fill=CHOICE_FILL[self.theme], stroke=edge, width=1.2,
                        radius=5 * k, hit=hit, title=label),
                   text(x + 20 * k, by + row / 2, label, size=size, anchor="start", fill=ink, title=label))

    # -- for tests and scripts ---------------------------------------------------------------------
    def choice_labels(self) -> List[str]:
        """The words of the panel's choices (empty when no panel is open)."""
        return [choice_words(m, self.choices) for m in self.choices]



class Refusal(NamedTuple):
    """Why a click on a space is refused: the reason in board words, the rule, and the
    route drawn (the ostrich's space, then the spaces up to the step at fault; may be empty)."""

    reason: str
    rule: str
    route: Tuple[str, ...]


def _lane_changes(track, route: Iterable[str]) -> int:
    lanes = [track.lane[track.by_name[name]] for name in route]
    return sum(1 for a, b in zip(lanes, lanes[1:]) if a != b)


def _has_choices(move: Move) -> bool:
    return bool(move.arm or move.lose or move.boinnnggg or move.neck_stretch or move.leapfrog or move.tiptoe
                or move.warthog)


def _frame(scene: Scene, hit: str, colour: str, label: str, k: float = 1.0, avoid=()) -> None:
    """A thick frame around a hit area, with a small tag ("play", "discard") on its top
    edge, or under it where the top one would cover text (the hand's heading) or an outline
    drawn later (``avoid``: boxes, as ``outline_ring`` gives), or inside its top; with no room
    for it anywhere, the frame alone says it. ``k`` scales the tag (the classroom picture)."""
    box = box_of(scene.find(hit))
    if box is None:
        return
    x0, y0, x1, y1 = box
    scene.add(rect(x0 - 4, y0 - 4, x1 - x0 + 8, y1 - y0 + 8, stroke="#ffffff", width=6, radius=7),
              rect(x0 - 4, y0 - 4, x1 - x0 + 8, y1 - y0 + 8, stroke=colour, width=3.5, radius=7,
                   dash=(6, 3) if label == "discard" else ()))
    size, h = 10 * k, 14 * k
    w = render.text_w(label, size, True) + 8 * k
    x = (x0 + x1 - w) / 2
    # over the top edge, just under the frame (clear of an outline around the card too), just
    # inside the top: the first that covers no text
    spots = [y0 - 4 - h / 2 - 2 * k, y1 + 8, y0 + 3 * k]
    lo, hi = spots[0] - 40 * k, spots[1] + h + 40 * k
    texts = [_text_box(s) for s in scene.shapes if type(s) is Text and lo < s.y < hi] + list(avoid)
    y = next((y for y in spots if not any(a < x + w + 2 and x - 2 < b and c < y + h + 1 and y - 1 < d
                                          for a, c, b, d in texts)), None)
    if y is None:  # no room: the frame alone says it (solid: to play, dashed: to discard)
        return
    ink = "#ffffff" if colour in (SELECTED, PICKED) else "#1a1a1a"
    scene.add(rect(x, y, w, h, fill=colour, radius=h / 2),
              text(x + w / 2, y + h / 2, label, size=size, bold=True, fill=ink))


def _text_box(shape: Text) -> Tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) a line of text covers, as ``render.text_w`` estimates it."""
    w = render.text_w(shape.text, shape.size, shape.bold)
    x0 = shape.x - {"start": 0, "middle": w / 2, "end": w}[shape.anchor]
    return x0, shape.y - shape.size * 0.6, x0 + w, shape.y + shape.size * 0.6


__all__ = ["TailsClicks", "Refusal", "choice_words", "space_words", "board_words", "card_words"]
