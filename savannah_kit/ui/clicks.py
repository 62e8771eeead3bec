"""What a board does, without widgets: the game, the seats and bots, what a click or a key
means, the status line, the log, the marks outlined on the picture, hints and Undo.

A ``Clicks`` holds a game and answers clicks on hit ids of its current scene (``Picture``): a
game's own rules of clicking (``<game>/clicks.py``) subclass it and fill in the hooks:
``render`` (its scene), ``clicked`` / ``hovered`` / ``key`` (what a click or key means),
``instruction`` (what the status line asks), ``describe`` (a move in words), ``move_marks``
(what a move touched, to outline), ``keyboard_order`` (what the keyboard cursor visits) and
``emphasis`` (what the next step is about, outlined in a guided game). The notebook board
(``ui/board.py``, each game's ``widget.py``) shows one in widgets; the class server
(``savannah_kit.classroom``) runs one per seat and sends its scene to a browser. Nothing here
imports a widget library, so the two share one copy of each game's click rules.

Hints: a game that can suggest moves fills in ``suggestion`` (the move the best available bot
would make for the player to move, and why, in board words); then ``hint`` (the Hint button,
the H key) says "Hint: <the move> — <why>" in the status line and outlines the move's places
(``show_hint``, in the words of ``hint_text``) without playing it; the next action clears it.
The bot is the strongest that fits ``hint_seconds`` (``core.bots.pick_bot``: MCTS with as many
playouts as fit, else a cheaper bot), found by ``hint_decision`` with its search figures.

What it promises, for every game:

* every refusal is explained in the status line with its rule, the refused thing is
  outlined in red, and the refusal stays until the next action;
* the last move (a bot's whole turn too) stays outlined until the human acts, and the
  status line says what it was;
* a hint, like a refusal, stays in view until the next action (a hover keeps it);
* the log labels each line with who acted ("[greedy bot]" only for bots), and Undo names the
  moves it takes back;
* the same position always gives the same bot move (bots are seeded from the position);
* a callback never raises: an unexpected error becomes a status line.
"""

from __future__ import annotations

import contextlib
import functools
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from ..core.bots import BotPick, Decision, check_seconds, decide, make_bot, pick_bot
from ..core.errors import IllegalMove
from ..core.rules_index import rule
from ..core.scene import Scene, rect


#: how a mark is drawn: (colour, width, dash). "next": what the next step is about (a
#: guided game), "last": the last move, "hint": a hinted move, "refused": what a refusal was about.
MARK_STYLES = {"next": ("#00796b", 3.0, (3, 3)), "last": ("#0b57d0", 4.0, ()), "hint": ("#6a1b9a", 5.0, (10, 4)),
               "refused": ("#c62828", 4.0, (7, 4))}
#: how far outside a hit area its outline runs, and how much wider the white underlay that
#: keeps the outline visible on any colour is than the outline itself (``outlined``)
OUTLINE_GAP, UNDERLAY = 3, 3
#: the Hint button's budget: the strongest bot that answers in about a second on the reference
#: machine class (each game's ``bots.decision_cost``), counted in playouts so the same position gives
#: the same hint everywhere
HINT_SECONDS = 1.0


def outlined(scene: Scene, marks: Sequence[Tuple[str, str]]) -> Scene:
    """``scene`` with an outline around each marked hit area: ``(hit id, kind)``, kind
    one of ``MARK_STYLES`` ("next", "last", "hint", "refused"), drawn in the order given."""
    if not marks:
        return scene
    out = Scene(scene.width, scene.height, scene.background, list(scene.shapes), scene.title)
    for hit, kind in marks:
        box = _box(scene, hit)
        if box is None:
            continue
        colour, width, dash = MARK_STYLES[kind]
        x0, y0, x1, y1 = _around(box)
        out.add(rect(x0, y0, x1 - x0, y1 - y0, stroke="#ffffff", width=width + UNDERLAY, radius=6))
        out.add(rect(x0, y0, x1 - x0, y1 - y0, stroke=colour, width=width, radius=6, dash=dash))
    return out


def _around(box: Tuple[float, float, float, float]) -> Tuple[float, float, float, float]:
    """The rectangle an outline follows around a hit area's box: ``OUTLINE_GAP`` outside it."""
    return box[0] - OUTLINE_GAP, box[1] - OUTLINE_GAP, box[2] + OUTLINE_GAP, box[3] + OUTLINE_GAP


def outline_ring(scene: Scene, hit: str, kind: str) -> List[Tuple[float, float, float, float]]:
    """The four strips (x0, y0, x1, y1) that ``outlined`` paints around ``hit`` for a mark of
    ``kind``, its white underlay included: a label drawn beside that area keeps clear of them,
    since the outline is drawn over the picture."""
    box = _box(scene, hit)
    if box is None:
        return []
    half = (MARK_STYLES[kind][1] + UNDERLAY) / 2
    x0, y0, x1, y1 = _around(box)
    return [(x0 - half, y0 - half, x1 + half, y0 + half), (x0 - half, y1 - half, x1 + half, y1 + half),
            (x0 - half, y0 - half, x0 + half, y1 + half), (x1 - half, y0 - half, x1 + half, y1 + half)]


def verdict(decision: Decision) -> str:
    """The hint bot's verdict on its move in a learner's words ("a good move: it keeps you
    ahead"), from its search's figures: how the move compares with the next best one searched,
    and how the game looks after it. "" for the greedy bot (its board words say why)."""
    if decision.pick.kind == "lookahead":
        return "a good move: after your turn it leaves you furthest ahead of the other players"
    found = decision.of(decision.move)
    if not found or not found[0]:
        return ""
    value = found[1]
    others = [v for m, n, v in decision.stats if n and m != decision.move]
    margin = value - max(others) if others else 1.0
    head = ("the only move worth playing" if not others else "clearly the best move" if margin >= 0.1
            else "a good move" if margin >= 0.03 else "one of a few about equally good moves")
    if value >= 0.75:
        tail = "it keeps you well ahead"
    elif value >= 0.55:
        tail = "it keeps you ahead"
    elif value >= 0.45:
        tail = "the game stays close"
    elif value >= 0.25:
        tail = "you are behind, and it gives you the best chance to catch up"
    else:
        tail = "you are well behind, and it loses least"
    return f"{head}: {tail}"


def action(method):
    """Mark a board method as a person's action (a click, a key, a button, or the same from
    Python): a hint shown so far goes first, its outline too even when the action draws
    nothing. Actions inside an action count once."""
    @functools.wraps(method)
    def act(self, *args, **kwargs):
        if self._acting:
            return method(self, *args, **kwargs)
        self._acting = True
        try:
            had_hint = any(kind == "hint" for _hit, kind in self.marks)
            self.marks = [m for m in self.marks if m[1] != "hint"]
            if self.status.kind == "hint":
                self.status.set(self.instruction())
            frames = self.canvas.redraws
            with self.held():
                result = method(self, *args, **kwargs)
                if had_hint and self.canvas.redraws == frames:
                    self.redraw()
            return result
        finally:
            self._acting = False
    return act


def box_of(shapes) -> Optional[Tuple[float, float, float, float]]:
    """The box (x0, y0, x1, y1) around shapes (rectangles, circles, polygons); None if none."""
    xs: List[float] = []
    ys: List[float] = []
    for shape in shapes:
        if hasattr(shape, "w"):
            xs += [shape.x, shape.x + shape.w]
            ys += [shape.y, shape.y + shape.h]
        elif hasattr(shape, "r"):
            xs += [shape.cx - shape.r, shape.cx + shape.r]
            ys += [shape.cy - shape.r, shape.cy + shape.r]
        elif getattr(shape, "points", None):
            xs += [p[0] for p in shape.points]
            ys += [p[1] for p in shape.points]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def _box(scene: Scene, hit: str) -> Optional[Tuple[float, float, float, float]]:
    """The box around every shape of a hit area (None if the picture has no such area)."""
    return box_of(scene.find(hit))


def points_inside(shape) -> List[Tuple[float, float]]:
    """Candidate points inside a shape: its centre first, then a grid over its box."""
    box = box_of([shape])
    if box is None:
        return []
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    pts = [(x0 + w / 2, y0 + h / 2)]
    for i in range(1, 8):
        for j in range(1, 8):
            pts.append((x0 + w * i / 8, y0 + h * j / 8))
    return [p for p in pts if shape.contains(*p)]


def seat_players(players: int, bots: Optional[Dict[int, str]],
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



class Status:
    """What to do next, why a click was refused, or a hint, then what the bots or you just did
    (``then``). A refusal or a hint stays until the next action (``sticky``: a hover must not
    replace it). ``more`` is the refused rule's text, shown where there is room."""

    def __init__(self, text: str = ""):
        self.kind = "info"
        self.text = ""
        self.then = ""
        self.more = ""
        self.set(text)

    def set(self, text: str, kind: str = "info", more: str = "", then: str = "") -> None:
        """Show ``text``; ``more`` follows it where there is room (outside the classroom);
        ``then`` (what just happened: "Bots played: ...") goes on its own line under it."""
        self.kind = kind
        self.text = text + more + (f" {then}" if then else "")
        self.then = then
        self.more = more

    def refuse(self, reason: str, rule_id: str = "") -> None:
        """Show a refusal with the rule that forbids it (the rule's text in full: the
        line's tooltip and the log keep it when two lines cannot)."""
        cite = f" Rule {rule_id}" if rule_id else ""
        reason = reason.rstrip(". ")
        self.set(f"Not allowed: {reason[:1].upper()}{reason[1:]}.{cite}", "refused",
                 f": {rule(rule_id).text}" if rule_id else "")

    @property
    def refused(self) -> bool:
        return self.kind == "refused"

    @property
    def sticky(self) -> bool:
        """A refusal or a hint is showing: it stays until the next action."""
        return self.kind in ("refused", "hint")


class Line:
    """One sentence (the guide of a guided game)."""

    def __init__(self, text: str = ""):
        self.text = ""
        self.set(text)

    def set(self, text: str) -> None:
        self.text = text


class Log:
    """The story of the game, each line citing its rule (the last ``limit`` lines kept)."""

    def __init__(self, limit: int = 400):
        self.plain: List[str] = []
        self.limit = limit

    def add_events(self, events: Iterable, label="", words: Optional[Callable] = None) -> None:
        """Add events: ``label`` goes before each (a string such as "[greedy bot] ", or a
        function of the event); ``words(event)`` may reword an event the way the board
        shows things."""
        for e in events:
            prefix = label(e) if callable(label) else label
            self._add(prefix + (words(e) if words else e.message), e.rule)
        self._render()

    def add_text(self, text: str) -> None:
        self._add(text, None)
        self._render()

    def clear(self) -> None:
        self.plain = []
        self._render()

    def _add(self, text: str, rule_id: Optional[str]) -> None:
        self.plain.append(text + (f" [{rule_id}]" if rule_id else ""))
        del self.plain[:-self.limit]

    def _render(self) -> None:
        """Show the log where it is shown (nowhere here)."""

    @property
    def text(self) -> str:
        """Plain text of the log, oldest first (for tests)."""
        return "\n".join(self.plain)


class Picture:
    """The current scene, and clicks on it as hit ids: ``on_click(callback)`` registers
    ``callback(hit_id, x, y)`` (``hit_id`` None for a click on nothing clickable; x and y None
    for a keyboard Enter); ``on_hover(callback)`` ``callback(hit_id)``; ``on_key(callback)``
    ``callback(key, shift)``. ``redraws`` counts the frames drawn.

    Nobody looks at a picture without a browser until it is asked for: ``draw`` keeps how to
    make the frame and makes it when ``scene`` is first read (a class server's seat may never
    look at a frame before the next one); a picture a browser shows makes it at once."""

    def __init__(self):
        self._scene: Optional[Scene] = None
        self._make: Optional[Callable[[], Scene]] = None
        self.redraws = 0
        self._callbacks: Dict[str, List[Callable]] = {"click": [], "hover": [], "key": [], "theme": []}

    @property
    def scene(self) -> Optional[Scene]:
        if self._make is not None:
            self._scene, self._make = self._make(), None
        return self._scene

    def show(self, scene: Scene) -> None:
        """Make ``scene`` the current picture."""
        self._scene, self._make = scene, None
        self.redraws += 1

    def draw(self, make: Callable[[], Scene]) -> None:
        """Make ``make()`` the current picture, when it is looked at."""
        self._make = make
        self.redraws += 1

    def on_click(self, callback: Callable[[Optional[str], Optional[float], Optional[float]], None]) -> None:
        self._callbacks["click"].append(callback)

    def on_hover(self, callback: Callable[[Optional[str]], None]) -> None:
        self._callbacks["hover"].append(callback)

    def on_key(self, callback: Callable[[str, bool], None]) -> None:
        self._callbacks["key"].append(callback)

    def click(self, x: float, y: float) -> Optional[str]:
        """Act as if the user clicked at (x, y) of the scene; returns the hit id."""
        hit = self.scene.hit_at(x, y) if self.scene is not None else None
        self._emit("click", hit, x, y)
        return hit

    def press(self, key: str, shift: bool = False) -> None:
        """Act as if the user pressed ``key`` on the picture."""
        self._emit("key", key, shift)

    def _hits(self) -> List[str]:
        return self.scene.hits() if self.scene is not None else []

    def _emit(self, kind: str, *args) -> None:
        for callback in list(self._callbacks[kind]):
            callback(*args)

    def held(self) -> contextlib.AbstractContextManager:
        """A context in which what one action changes reaches the browser together, when it
        ends (nothing to gather here: a picture without a browser sends nothing)."""
        return contextlib.nullcontext()


class Clicks:
    """A board without widgets (see the module docstring); a game's clicks subclass it."""

    #: the game's name in the canvas label and the New game question
    title = "the game"
    #: the picture's theme, "light" or "dark" (a board given ``theme=`` sets it; its sandbox follows)
    theme = "light"
    #: whose hand the picture shows where one seat's view is wanted (the classroom server: a seat,
    #: or False for none); None leaves it to the board
    hand_seat = None
    #: whether the picture a seat sees while another player decides is the same for every seat
    #: (nothing of its own in it: no hand, not drawn from its side); the class server then draws
    #: it once for them all
    same_picture_while_waiting = False
    #: whether the game's picture has a compact arrangement (``render(compact=True)``: larger
    #: pieces, panels under the board), drawn where the column is narrower than the wide picture
    compacts = False

    def __init__(self, game, **options):
        """``options`` as a notebook board takes them (``ui.board.Board``): bots, seats,
        classroom, seed, autosave, min_width, guided, hint_seconds."""
        self._setup(game, **options)
        self.status = Status()
        self.guide = Line()  # shown in a guided game only
        self.log = Log()
        self.canvas = Picture()
        self._start()

    def _setup(self, game, *, bots: Optional[Dict[int, str]] = None, seats: Optional[Iterable[int]] = None,
               classroom: bool = False, seed: int = 0, autosave: Optional[str] = None, min_width: int = 0,
               guided: bool = False, hint_seconds: float = HINT_SECONDS) -> None:
        """What the board knows before it shows anything (``min_width``: the narrowest its picture
        is drawn, for a board that draws one)."""
        self._hint_seconds = check_seconds("hint_seconds", hint_seconds)
        self._decided: Optional[Tuple[tuple, Decision]] = None  # the last hint decision, by position
        self.game = game
        self.classroom = classroom
        self.compact = False  # the compact picture, for a narrow column (``use_column``)
        self._wide_width = 0.0  # the wide picture's width, the column it needs
        self.guided = guided
        self.seed = seed
        self.min_width = min_width
        self.autosave = Path(autosave) if autosave else None
        self.bot_kinds, self.seats = seat_players(game.players, bots, seats)
        self.marks: List[Tuple[str, str]] = []  # outlined hit areas: (hit id, "last" | "hint" | "refused")
        self._acting = False  # inside an ``action``
        self._logged = 0  # events of the game's log already in the board's log
        self.lines = None  # the history panel of a branching board
        self.suggest_panel = None  # the Suggest panel of a notebook board

    def _start(self) -> None:
        """Listen to the picture; the game so far in the log, then the bots play up to a person's decision."""
        self.canvas.on_click(self._guard(self._click))
        self.canvas.on_hover(self._guard(self.hovered))
        self.canvas.on_key(self._guard(self._key))
        self._movers = self._log_history()  # who made each move of the history; its log, bots labelled
        self.sync(done=self._run_bots())

    # -- hooks a game's clicks fill in ---------------------------------------------
    def render(self) -> Scene:
        raise NotImplementedError

    def clicked(self, hit: Optional[str]) -> None:
        """A click (or Enter) on a clickable area during a human decision."""
        raise NotImplementedError

    def hovered(self, hit: Optional[str]) -> None:
        """The pointer (or the keyboard cursor) moved onto ``hit`` (None: onto nothing)."""

    def key(self, key: str, shift: bool) -> None:
        """R (or Shift+R) on the board; U is Undo."""

    def key_words(self) -> str:
        """What the game's own key does, for the board's keyboard help ("R turns"; "": none)."""
        return ""

    def instruction(self) -> str:
        """What the status line asks of the player whose decision it is."""
        raise NotImplementedError

    def describe(self, move, position) -> str:
        """A move in words, naming the player, as played in ``position`` (the game before
        it): for the status line and Undo."""
        return str(move)

    def event_text(self, event) -> str:
        """An engine event in the board's words (the log under the board)."""
        return event.message

    def move_marks(self, move) -> List[str]:
        """The hit areas a move just played touched (outlined as the last move)."""
        return []

    def keyboard_order(self) -> List[str]:
        """The hit areas the keyboard cursor visits, in order (default: all of them)."""
        return []

    def sample_click(self) -> Tuple[str, bool]:
        """A click the latency benchmark repeats (``dev.browser_bench``): its hit id, and whether
        Undo takes it back between two clicks (True) or a second click puts it back itself."""
        raise NotImplementedError(f"{type(self).__name__} names no click for the latency benchmark")

    def emphasis(self) -> List[str]:
        """The hit areas the next step is about, outlined in a guided game (default: none)."""
        return []

    def suggestion(self) -> Optional[Tuple[Any, str]]:
        """(the move the best available bot would make for the player to move, why in board
        words), or None; a board that fills this in gets the Hint button."""
        return None

    def hint_text(self, move) -> str:
        """A suggested move in words, for the status line: "Hint: <this> — <why>"."""
        return self.describe(move, self.game)

    def show_hint(self, move) -> List[str]:
        """Get the picture ready to show ``move`` as a hint (without playing it); returns the
        hit areas to outline (default: ``move_marks``)."""
        return self.move_marks(move)

    def player_name(self, p: int) -> str:
        return self.game.player_name(p) if hasattr(self.game, "player_name") else self.game.who(p)

    @property
    def hint_seconds(self) -> float:
        """The Hint button's budget in seconds on the reference machine class (``hint_pick``)."""
        return self._hint_seconds

    @hint_seconds.setter
    def hint_seconds(self, seconds: float) -> None:
        self._hint_seconds = check_seconds("hint_seconds", seconds)

    @property
    def hint_pick(self) -> BotPick:
        """The bot the Hint button asks: the strongest that fits ``hint_seconds``."""
        return pick_bot(self.game.name, self.hint_seconds)

    def position_seed(self, game=None) -> int:
        """Dice for this very position of ``game`` (default: the board's): the board seed, the
        game seed and how far the game has gone."""
        game = self.game if game is None else game
        return (self.seed * 1_000_003 + game.seed) * 10_007 + len(game.history)

    def hint_decision(self) -> Decision:
        """What the hint bot (``hint_pick``) does for the player to move, seeded from the position
        as the board's bots are (the same position, the same hint), with its search figures; the
        last one is kept, so asking again in the same position costs nothing."""
        if not self.hint_decided:
            self._decided = self.hint_search(self.game)()
        return self._decided[1]

    def hint_search(self, game=None) -> Callable[[], Tuple[tuple, Decision]]:
        """The hint's search for this position, as a function to call: on a copy of the game
        unless ``game`` is given, so that it may run in another thread while the board goes on
        (the class server's Hint). Its result, handed to ``know``, is the hint while the position
        stays the same."""
        g = self.game.copy() if game is None else game
        key, pick, seed = self._decision_key(), self.hint_pick, self.position_seed() * 8 + self.game.current_player
        return lambda: (key, decide(pick, g, seed))

    def know(self, found: Tuple[tuple, Decision]) -> None:
        """Keep a hint worked out by ``hint_search``: ``hint`` says it while the position is the same."""
        self._decided = found

    def _decision_key(self) -> tuple:
        g = self.game
        return (g.seed, tuple(g.history), g.current_player, self.hint_seconds)

    @property
    def hint_decided(self) -> bool:
        """Whether the hint for this position is worked out already (asking again costs nothing)."""
        return self._decided is not None and self._decided[0] == self._decision_key()

    @property
    def offers_hints(self) -> bool:
        """Whether this board's game suggests moves (its board fills in ``suggestion``)."""
        return type(self).suggestion is not Clicks.suggestion

    def held(self) -> contextlib.AbstractContextManager:
        """A context in which what one action changes reaches the browser together, when it ends."""
        return self.canvas.held()

    def show_now(self) -> None:
        """Send what the action has changed so far, before a search that takes a moment (a hint's
        "Thinking…")."""

    def _guard(self, handler):
        """``handler`` for a widget callback: an unexpected error shows in the status line,
        never as a traceback in the board."""
        def run(*args):
            try:
                handler(*args)
            except Exception as exc:  # noqa: BLE001 - a board must survive anything
                self.status.set(f"Something went wrong: {type(exc).__name__}: {exc}", "refused")
        return run

    @property
    def human_turn(self) -> bool:
        g = self.game
        return not g.is_over and g.current_player in self.seats

    def _click(self, hit: Optional[str], _x=None, _y=None) -> None:
        if hit is not None:  # a click on nothing clickable changes nothing (a refusal or hint stays in view)
            self._clicked(hit)

    @action
    def _clicked(self, hit: str) -> None:
        g = self.game
        if g.is_over:
            self.refuse("the game is over: press New game to play again", g.end_rule, hit)
        elif self.lines is not None and self.lines.viewing:
            self.lines.say_viewing()
        elif not self.human_turn:
            self.status.set(f"Wait: it is {self.player_name(g.current_player)}'s (bot) decision.")
        else:
            self.clicked(hit)

    @action
    def _key(self, key: str, shift: bool) -> None:
        if key == "u":
            self.undo()
        elif key == "h" and self.offers_hints:
            self.hint()
        elif self.lines is not None and self.lines.viewing:
            self.lines.say_viewing()
        else:
            self.key(key, shift)

    @action
    def hint(self) -> None:
        """Say and outline the move the best available bot would make now, without playing it."""
        g = self.game
        if self.lines is not None and self.lines.viewing:
            self.lines.say_viewing()
            return
        if not self.human_turn:
            why = "the game is over" if g.is_over else f"it is {self.player_name(g.current_player)}'s decision"
            self.status.set(f"No hint now: {why}.", "info")
            return
        if not self.hint_decided:  # the search takes a moment: say so before the kernel is busy
            self.status.set(f"Thinking… ({self.hint_pick.label} looks for a move)", "info")
            self.show_now()
        found = self.suggestion()
        if found is None:
            self.status.set("No hint for this decision.", "info")
            return
        move, why = found
        marks = self.show_hint(move)
        self.marks = [m for m in self.marks if m[1] == "last"] + [(h, "hint") for h in marks]
        self.status.set(f"Hint: {self.hint_text(move)} — {why}", "hint")
        self.redraw()

    def refuse(self, reason: str, rule_id: str = "", hit: Optional[str] = None) -> None:
        """Explain a refusal with its rule, and outline what it was about."""
        self.marks = [m for m in self.marks if m[1] != "refused"] + ([(hit, "refused")] if hit else [])
        self.redraw()
        self.status.refuse(reason, rule_id)

    def play(self, move, hit: Optional[str] = None, reason=None) -> bool:
        """Play a human move: refused, it is explained (``reason(err)`` may reword it) and
        ``hit`` outlined; played, it is logged and outlined, then the bots play."""
        mover = self.game.current_player
        try:
            events = self.game.play(move)
        except IllegalMove as err:
            self.refuse(reason(err) if reason else err.reason, err.rule_id, hit)
            return False
        self._movers.append(mover)
        self._log(events)
        self.marks = [(h, "last") for h in self.move_marks(move)]
        self.after_move(move)
        bot_turns = self._run_bots()
        self.sync(done=bot_turns)
        return True

    def _log(self, events, bot: Optional[int] = None) -> None:
        """Log events; those where seat ``bot`` acts (a bot's own move: the line starts with its
        name) say so, the events that follow from it (its group moving up, a round ending) do not."""
        kind = self.bot_kinds.get(bot)
        name = self.player_name(bot) if kind else ""

        def label(event) -> str:
            return f"[{kind} bot] " if kind and event.player == bot and self.event_text(event).startswith(name) else ""

        self.log.add_events(events, label, self.event_text)
        self._logged = len(self.game.log)

    def _log_history(self) -> List[Optional[int]]:
        """Log the game so far as it was played, each bot's moves labelled (a classroom page
        reloaded from its autosave keeps its labels); returns who made each move."""
        g = self.game
        if not g.history:
            self._log(g.log)
            return []
        trial = g.replay(0)
        movers: List[Optional[int]] = []
        try:  # each move's events in the words of the position it left (``event_text`` reads ``self.game``)
            self.game = trial
            self._log(list(trial.log))
            for move in g.history:
                movers.append(trial.current_player)
                self._log(trial._play_legal(move), bot=movers[-1])
        finally:
            self.game = g
        if self.log.plain and len(trial.log) != len(g.log):  # not the same story: tell it plainly
            self.log.clear()
            self._log(g.log)
        self._logged = len(g.log)
        return movers

    def bot_for(self, p: int):
        """The bot of seat ``p`` for this very position: its dice depend only on the board
        seed, the game seed and how far the game has gone, so the same position always
        gets the same move (after an Undo too)."""
        return make_bot(self.bot_kinds[p], self.position_seed() * 8 + p, self.game.name)

    def _run_bots(self) -> List[str]:
        """Let the bots play until a human decides; returns what they did, in words."""
        g = self.game
        done = []
        while not g.is_over and g.current_player in self.bot_kinds:
            p = g.current_player
            move = self.bot_for(p).choose(g)
            said = self.describe(move, g)
            events = g.play(move)
            self._movers.append(p)
            self._log(events, bot=p)
            done.append(said)
            marks = [(h, "last") for h in self.move_marks(move)]
            self.marks = (self.marks if len(done) > 1 else []) + marks
        return done

    def sync(self, done: Sequence[str] = ()) -> None:
        """Bring everything up to date with the game: log, status line, picture."""
        g = self.game
        if len(g.log) > self._logged:
            self._log(g.log[self._logged:])
        self.redraw()  # the picture first: a status line in the page means its picture is there too
        then = "Bots played: " + "; ".join(done) + "." if done else ""  # its own line: the instruction comes first
        self.status.set(self.instruction(), "done" if g.is_over else "info", then=then)
        self._save()
        if self.lines is not None:
            self.lines.follow()

    def _save(self) -> None:
        """Keep the game in the autosave file (a classroom page reloads from it)."""
        if self.autosave is not None:
            self.autosave.write_text(self.game.to_json(), "utf-8")

    @property
    def large(self) -> bool:
        """Whether the picture is drawn with large pieces: the classroom's, or the compact one's."""
        return self.classroom or self.compact

    def use_column(self, width: int) -> None:
        """Draw the picture for a column ``width`` CSS px wide (the browser measures it): the
        compact arrangement where the wide picture would have to shrink, else the wide one. The
        picture changes only when the choice does, so it keeps one size while the column does."""
        compact = self.compacts and not self.classroom and 0 < width < self._wide_width
        if compact != self.compact:
            self.compact = compact
            self.redraw()

    def redraw(self) -> None:
        """Show the picture with its outlines."""
        self.canvas.draw(self._frame)

    def _frame(self) -> Scene:
        scene = self.render()
        if not self.compact:
            self._wide_width = scene.width
        return outlined(scene, self.outlines())


    def outlines(self) -> List[Tuple[str, str]]:
        """The marks the next frame outlines: what the next step is about (a guided game), then
        the hint, the last move and a refusal (``self.marks``)."""
        nexts = [(h, "next") for h in self.emphasis()] if self.guided and self.human_turn else []
        return nexts + self.marks

    @action
    def undo(self) -> None:
        """Take back the last human decision (and the bot moves after it)."""
        g = self.game
        floor = 0  # a branch's Undo stops where it leaves its line
        if self.lines is not None:
            floor = self.lines.undo_floor()
            if floor is None:
                return
        if not any(p in self.seats for p in self._movers[floor:]):
            self.status.set(self.lines.nothing_to_undo(floor) if self.lines is not None else
                            "Nothing to undo yet: no decision of yours has been played.", "info")
            return
        undone = []
        while len(g.history) > floor:
            mover = self._movers.pop()
            undone.append(self.describe(g.history[-1], g.replay(len(g.history) - 1)))
            g.undo()
            if mover in self.seats and (not g.history or g.current_player in self.seats):
                break
        self.marks = []
        self.after_undo()
        self.log.add_text("↶ Undone: " + "; ".join(reversed(undone)))
        self._logged = len(g.log)
        self.status.set("Undone: " + "; ".join(reversed(undone)) + ". " + self.instruction(), "info")
        self.redraw()
        self._save()
        if self.lines is not None:
            self.lines.follow()

    def after_move(self, move) -> None:
        """A human move was played: reset what the board remembers about that decision."""

    def after_undo(self) -> None:
        """Reset what a board remembers about the decision in progress."""

    def _keep_playing(self) -> None:
        """"No, keep playing": the question is gone, so the status line asks for the next move again."""
        self.status.set(self.instruction(), "done" if self.game.is_over else "info")

    def _start_new(self) -> None:
        g = self.game
        g.reset(g.seed + 1)
        if self.lines is not None:
            self.lines.restart()
        self.marks = []
        self.after_undo()
        self.log.clear()
        self.log.add_text(f"New game (seed {g.seed})")
        self._log(g.log)
        self._movers = []
        done = self._run_bots()
        self.sync(done=done)

    def point_of(self, hit_id: str) -> Optional[Tuple[float, float]]:
        """A point of the picture where a click lands on ``hit_id`` (None if it is covered everywhere)."""
        scene = self.canvas.scene
        for shape in scene.find(hit_id):
            for x, y in points_inside(shape):
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

    def hits(self) -> List[str]:
        """The clickable areas of the current picture."""
        return self.canvas.scene.hits()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.title}: {len(self.game.history)} moves>"
