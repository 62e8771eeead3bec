"""The common game protocol every game of the kit implements.

A game is configuration fixed at set-up (options, catalogue, track), a mutable
``state`` (one slotted dataclass, see ``core.state``) and a history of moves.
Public entry points check their input (``play`` raises ``IllegalMove`` and
leaves the state untouched); the subclass supplies a cheap internal ``_apply``
for moves already known legal. All chance comes from ``self.rng``, seeded once
at construction, so the same seed and the same moves always give the same
game; the move history doubles as the save file.

A subclass sets the class attributes ``name`` (its registry name, also the
first part of its rule ids), ``package`` (its package, the same as its spec's
``module``), ``Phase`` (an Enum of its decisions), ``move_types`` (its move
classes: frozen dataclasses whose fields are checked by exact type),
``option_names`` (the option names it takes), ``turn_rule`` and ``end_rule`` (the
rules cited for a move out of turn and after the end), and implements:

* ``_setup()``: read ``self.options``/``self.scenario``, set ``self.state``,
* ``phase``, ``current_player``, ``is_over``, ``scores()``, ``winners()``,
  ``score_breakdown(player)`` (a ``core.scoring.ScoreBreakdown``),
* ``_generate_moves()``: every legal move for the current decision,
* ``_apply(move) -> list[Event]``: apply a legal move,
* ``_diagnose(move) -> IllegalMove``: why a move is illegal (slow path),
* ``move_from_data(data)`` (classmethod, raising ``SaveFileError``) and
  ``Move.to_data()`` for saving, ``to_scenario()`` for the position as data,
* ``__str__`` for a plain-text board.

Its pictures, board, sandbox and the text form of a position come from the hooks of its
registered spec (``core.spec``): ``scene``, ``widget``, ``sandbox`` and ``scenario_text``
below only call them.
"""

from __future__ import annotations

import copy as _copy
import enum
import random
from types import MappingProxyType
from typing import Any, ClassVar, Dict, List, Optional, Sequence, Tuple, Type

from . import debug
from .errors import IllegalMove, KitError, ScenarioError
from .events import Event
from .fields import bad_field, safe_repr
from .registry import find as registered_spec
from .registry import spec_of
from .save import dump, load, unsavable
from .scoring import ScoreBreakdown
from .state import GameState
from .theme import page_theme


def _page_options() -> dict:
    """The theme of the page the picture goes to, once a board there has said it (``core.theme``)."""
    theme = page_theme()
    return {"theme": theme} if theme else {}


class PlannedMoves(list):
    """Legal moves with what each does: ``plans[i]`` is the plan of the i-th move. A game's
    ``_generate_moves`` may return one so that ``_apply`` need not work a move out again."""

    def __init__(self, moves=(), plans=()):
        super().__init__(moves)
        self.plans = list(plans)


class Game:
    name: ClassVar[str] = ""
    package: ClassVar[str] = ""
    Phase: ClassVar[Type[enum.Enum]] = enum.Enum
    move_types: ClassVar[Tuple[type, ...]] = ()
    option_names: ClassVar[Tuple[str, ...]] = ("players",)
    turn_rule: ClassVar[str] = ""
    end_rule: ClassVar[str] = ""
    state: GameState

    def __init__(self, seed: Optional[int] = None, scenario: Optional[dict] = None, **options: Any):
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ScenarioError("seed", f"must be a whole number, not {safe_repr(seed)}")
        if seed < 0:
            # random.Random(-7) plays exactly like random.Random(7): refuse rather than alias
            raise ScenarioError("seed", f"must be 0 or more, not {seed}")
        self.seed = seed
        self.options: Any = dict(options)  # a read-only mapping once the game is set up
        self.scenario = _copy.deepcopy(scenario) if scenario is not None else None
        self.rng = random.Random(seed)
        self.history: List[Any] = []
        self.log: List[Event] = []
        self._legal: Optional[List[Any]] = None  # the legal moves of the current decision, once asked for
        self._legal_index: Optional[Dict[Any, Any]] = None
        self._legal_plans: Optional[Dict[Any, Any]] = None
        try:
            self._setup()
        except KitError:
            raise
        except Exception as exc:  # a gap in a game's validation: still a named error, never a crash
            if debug.RAISE_INTERNAL_ERRORS:
                raise
            raise ScenarioError("scenario" if scenario is not None else "options",
                                f"could not be read ({type(exc).__name__}: {safe_repr(str(exc))})") from exc
        bad = unsavable(self.options, self.scenario)
        if bad is not None:
            raise ScenarioError(*bad)
        self.options = MappingProxyType(self.options)  # read-only from here on: configuration

    # -- to implement -------------------------------------------------------
    def _setup(self) -> None:
        raise NotImplementedError

    def _generate_moves(self) -> List[Any]:
        raise NotImplementedError

    def _apply(self, move) -> List[Event]:
        raise NotImplementedError

    def _diagnose(self, move) -> Optional[IllegalMove]:
        """Why ``move`` is illegal, naming the most specific rule (None: generic reason)."""
        return None

    @classmethod
    def move_from_data(cls, data: Any):
        raise NotImplementedError

    @property
    def current_player(self) -> Optional[int]:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> List[int]:
        raise NotImplementedError

    def winners(self) -> List[int]:
        raise NotImplementedError

    def evaluate(self, player: int) -> float:
        """A heuristic value of the position for ``player`` (greedy bots maximise it)."""
        return float(self.scores()[player])

    def _check_options(self) -> int:
        """Refuse unknown option names and a bad player count, naming the field;
        returns the player count (2 when not given)."""
        for key in self.options:
            if key not in self.option_names:
                raise ScenarioError(f"options.{key}", f"unknown option; the options are "
                                    f"{', '.join(self.option_names)}")
        spec = registered_spec(self.name)
        if spec is not None:
            for o in spec.options:  # the declared ruling options (``core.spec.Option``) of closed values
                if o.name in self.options and not o.others and not o.allows(self.options[o.name]):
                    raise ScenarioError(f"options.{o.name}", f"must be one of {o.shown()}, not "
                                        f"{safe_repr(self.options[o.name])}")
        counts = spec.players if spec is not None else (2,)  # a game not registered (yet) is played by 2
        n = self.options.get("players", 2)
        if isinstance(n, bool) or not isinstance(n, int) or n not in counts:
            words = [str(k) for k in counts]
            raise ScenarioError("options.players", f"must be {', '.join(words[:-1])} or {words[-1]}, "
                                f"not {safe_repr(n)}")
        return n

    def option(self, name: str) -> Any:
        """The value of the ruling option ``name``: as given, else the kit's default (``spec.options``)."""
        if name in self.options:
            return self.options[name]
        spec = registered_spec(self.name)
        for o in spec.options if spec is not None else ():
            if o.name == name:
                return o.default
        raise KeyError(f"{self.title} declares no option {name!r}")

    # -- the checked public protocol ----------------------------------------
    @property
    def players(self) -> int:
        return int(self.options.get("players", 2))

    @property
    def title(self) -> str:
        """The game's full name ("Savernake Forest")."""
        spec = registered_spec(self.name)
        return spec.title if spec is not None else self.name

    def score_breakdown(self, player: int) -> ScoreBreakdown:
        """Where every point of ``player`` comes from (before the end: if it ended now)."""
        raise NotImplementedError

    def score_breakdowns(self) -> List[ScoreBreakdown]:
        return [self.score_breakdown(p) for p in range(self.players)]

    def legal_moves(self) -> List[Any]:
        """Every legal move for the current decision (empty once the game is over)."""
        if self._legal is None:
            generated = [] if self.is_over else self._generate_moves()
            self._legal_plans = getattr(generated, "plans", None)
            self._legal = list(generated)
            self._legal_index = None  # built only when a move is checked
        return list(self._legal)

    def _plan(self, move) -> Any:
        """What a legal ``move`` does here, for games whose ``_generate_moves`` returns
        ``PlannedMoves`` (the generator works each move out once; ``_apply`` follows it)."""
        if self._legal is None:
            self.legal_moves()
        for i, m in enumerate(self._legal):  # moves come from legal_moves(): the same objects
            if m is move:
                return self._legal_plans[i]
        return self._legal_plans[self._legal.index(move)]

    def _match(self, move) -> Any:
        """The engine's own legal move equal to ``move`` (fields of exactly the same
        types), or None. ``play`` applies that move, never the caller's object."""
        if type(move) not in self.move_types or bad_field(move) is not None:
            return None
        self.legal_moves()
        if self._legal_index is None:
            self._legal_index = {m: m for m in self._legal}
        try:
            return self._legal_index.get(move)
        except TypeError:  # an unhashable value inside a field of type Any
            return None

    def is_legal(self, move) -> bool:
        return self._match(move) is not None

    def play(self, move) -> List[Event]:
        """Apply a legal move and return its events; an illegal one raises
        ``IllegalMove`` naming the rule, and nothing changes."""
        if self.is_over:
            raise IllegalMove(self.end_rule, "the game is over: no more moves", move)
        legal = self._match(move)
        if legal is None:
            raise self._why_not(move)
        return self._play_legal(legal)

    def _play_legal(self, move) -> List[Event]:
        """Apply a move known to be legal (the fast path for bots and replays)."""
        try:
            events = self._apply(move)
        except Exception:
            self._restore(self.history)  # never leave a half-applied move behind
            raise
        self.history.append(move)
        self.log.extend(events)
        self._legal = None
        return events

    def _why_not(self, move) -> IllegalMove:
        """Why ``move`` is not legal: a wrong move class or field type first, then the
        game's own diagnosis, else a generic reason. Never an internal exception."""
        err = self._shape_error(move)
        if err is None:
            try:
                err = self._diagnose(move)
            except Exception:
                if debug.RAISE_INTERNAL_ERRORS:
                    raise
                err = None
        if not isinstance(err, IllegalMove) or not err.rule_id:
            err = IllegalMove(self.turn_rule, f"{safe_repr(move)} is not one of the legal moves here", move)
        return err

    def _shape_error(self, move) -> Optional[IllegalMove]:
        if type(move) not in self.move_types:
            kinds = ", ".join(t.__name__ for t in self.move_types)
            return IllegalMove(self.turn_rule, f"{safe_repr(move)} is not a move of this game (the moves are "
                               f"{kinds})", move)
        bad = bad_field(move)
        if bad is not None:
            return IllegalMove(self.turn_rule, bad[1], move)
        return None

    def explain(self, move) -> str:
        """Why ``move`` is or is not legal, in words."""
        if self.is_over:
            return f"Not legal: the game is over. [{self.end_rule}]"
        legal = self._match(move)
        if legal is not None:
            return "Legal: " + self._explain_legal(legal)
        err = self._why_not(move)
        return f"Not legal: {err.reason} [{err.rule_id}]"

    def _explain_legal(self, move) -> str:
        trial = self.copy()
        events = trial._play_legal(move)
        return "; ".join(str(e) for e in events) if events else repr(move)

    def copy(self) -> "Game":
        """An independent copy to explore "what if" without touching this game.

        Configuration is shared (it never changes after set-up); the state, the
        history, the log and the dice are copied."""
        twin = _copy.copy(self)
        twin.state = self.state.copy()
        twin.history = list(self.history)
        twin.log = list(self.log)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin._legal = twin._legal_index = twin._legal_plans = None
        return twin

    def reset(self, seed: Optional[int] = None) -> None:
        """Start this game again in place: same options and scenario, and ``seed``
        (default: the same seed, so the same deal)."""
        self._become(type(self)(seed=self.seed if seed is None else seed, scenario=self.scenario,
                                **self.options))

    def _become(self, other: "Game") -> None:
        """Take over the whole of ``other`` (boards keep holding this same object)."""
        self.__dict__.clear()
        self.__dict__.update(other.__dict__)

    def undo(self) -> Any:
        """Take back the last move; returns it. Replays the history from the start
        (chance included), so the result is exactly the earlier position."""
        if not self.history:
            raise IllegalMove(self.turn_rule, "nothing to undo: no move has been played yet")
        last = self.history[-1]
        self._restore(self.history[:-1])
        return last

    def _restore(self, moves: Sequence[Any]) -> None:
        self._become(self._replayed(moves))

    def _replayed(self, moves: Sequence[Any]) -> "Game":
        fresh = type(self)(seed=self.seed, scenario=self.scenario, **self.options)
        for m in moves:
            fresh._play_legal(m)
        return fresh

    def replay(self, upto: Optional[int] = None) -> "Game":
        """A new game at the position after the first ``upto`` moves of this one."""
        return self._replayed(self.history if upto is None else self.history[:upto])

    def movers(self) -> List[int]:
        """Who made each move of the history: the history does not record it, so one replay
        from the start tells (boards label their log with it, a class table's undo finds the
        last student's move)."""
        if not self.history:
            return []
        trial, movers = self.replay(0), []
        for move in self.history:
            movers.append(trial.current_player)
            trial._play_legal(move)
        return movers

    def to_scenario(self) -> dict:
        """The current position as scenario data: ``<game>.from_scenario(data)`` rebuilds it."""
        raise NotImplementedError

    def scenario_text(self) -> str:
        """The current position as text (the spec's ``scenario_text``):
        ``<game>.from_scenario(text)`` rebuilds it."""
        return spec_of(self).hook("scenario_text")(self)

    # -- saving --------------------------------------------------------------
    def describe(self, move=None) -> str:
        """The position in a few sentences: whose turn, the scores, where everything is and
        what can be done. It is what a board's Describe button reads out (a player who
        cannot see the picture plays from it), so it uses the board's words, not codes.
        With ``move``: that move in words (a game with its own words for moves overrides this)."""
        if move is not None:
            return str(move)
        return spec_of(self).hook("describe")(self)

    def to_json(self) -> str:
        """The save file: options, seed, scenario and every move (``from_json`` replays them)."""
        return dump(self)

    @classmethod
    def from_json(cls, text) -> "Game":
        return load(cls, text)

    # -- pictures and boards -------------------------------------------------
    def scene(self, **options):
        """The table as a plain-data drawing (see ``core.scene``): ``theme`` ("light" or
        "dark"), ``viewer`` (whose view: the cards shown), ``highlights`` and the game's own
        options (its spec's ``render``)."""
        return spec_of(self).hook("render")(self, **options)

    def to_svg(self, **options) -> str:
        from .svg import to_svg

        return to_svg(self.scene(**options))

    def _repr_svg_(self) -> str:
        if registered_spec(self.name) is None:
            return None
        return self.to_svg(**_page_options())

    def _repr_png_(self) -> bytes:
        """The table as PNG too: untrusted notebooks hide SVG; GitHub and nbviewer show this."""
        if registered_spec(self.name) is None:
            return None
        from .png import to_png

        return to_png(self.scene(**_page_options()))

    def widget(self, **options):
        """An interactive board for this game (needs ipywidgets and anywidget): ``theme``,
        ``guided``, ``branching``, ``suggest`` and the game's own options (its spec's
        ``widget``). ``sandbox=True`` opens it in sandbox mode: the position is edited freely
        first, and Done starts the board on it (``sandbox()``)."""
        if options.pop("sandbox", False):
            return self.sandbox(**{k: v for k, v in options.items() if k == "theme"})
        return spec_of(self).hook("widget")(self, **options)

    def sandbox(self, **options):
        """A sandbox on this position (needs ipywidgets and anywidget): edit it freely as
        scenario data, check it, export it as JSON or as code; Done makes it a new game.
        ``theme="dark"`` for a dark page."""
        return spec_of(self).hook("sandbox")(self, **options)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"player {self.current_player} to move"
        return (f"<{type(self).__name__} players={self.players} seed={self.seed} "
                f"moves={len(self.history)}, {state}>")
