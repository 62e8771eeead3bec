"""The common game protocol every game of the kit implements.

A game is a state plus a history of moves. Public entry points check their
input (``play`` raises ``IllegalMove`` and leaves the state untouched); the
subclass supplies a cheap internal ``_apply`` for moves already known legal.
All chance comes from ``self.rng``, seeded once at construction, so the same
seed and the same moves always give the same game; the move history doubles as
the save file.

A subclass implements:

* ``name`` (``"forest"``…), ``package`` (its module path, for render/widget),
* ``_setup()``: build the starting state from ``self.options``/``self.scenario``,
* ``current_player``, ``is_over``, ``scores()``, ``winners()``,
* ``_generate_moves()``: every legal move for the current decision,
* ``_apply(move) -> list[Event]``: apply a legal move,
* ``_diagnose(move) -> IllegalMove``: why a move is illegal (slow path),
* ``move_from_data(data)`` (classmethod) and ``Move.to_data()`` for saving,
* ``__str__`` for a plain-text board.
"""

from __future__ import annotations

import copy as _copy
import importlib
import random
from typing import Any, ClassVar, Dict, List, Optional, Sequence

from .errors import IllegalMove, ScenarioError
from .events import Event


class Game:
    name: ClassVar[str] = ""
    package: ClassVar[str] = ""

    def __init__(self, seed: Optional[int] = None, scenario: Optional[dict] = None, **options: Any):
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ScenarioError("seed", f"must be an integer, not {seed!r}")
        self.seed = seed
        self.options: Dict[str, Any] = dict(options)
        self.scenario = _copy.deepcopy(scenario) if scenario is not None else None
        self.rng = random.Random(seed)
        self.history: List[Any] = []
        self.log: List[Event] = []
        self._legal: Optional[List[Any]] = None
        self._legal_set: Optional[set] = None
        self._setup()

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

    def _check_options(self, allowed: Sequence[str], players: range) -> int:
        """Refuse unknown option names and a bad player count, naming the field;
        returns the player count (2 when not given)."""
        for key in self.options:
            if key not in allowed:
                raise ScenarioError(f"options.{key}", f"unknown option; the options are {', '.join(allowed)}")
        n = self.options.get("players", 2)
        if isinstance(n, bool) or not isinstance(n, int) or n not in players:
            counts = [str(k) for k in players]
            raise ScenarioError("options.players", f"must be {', '.join(counts[:-1])} or {counts[-1]}, not {n!r}")
        return n

    # -- the checked public protocol ----------------------------------------
    @property
    def players(self) -> int:
        return int(self.options.get("players", 2))

    def legal_moves(self) -> List[Any]:
        """Every legal move for the current decision (empty once the game is over)."""
        if self._legal is None:
            self._legal = [] if self.is_over else list(self._generate_moves())
            self._legal_set = None  # built only when a move is checked
        return list(self._legal)

    def is_legal(self, move) -> bool:
        self.legal_moves()
        if self._legal_set is None:
            self._legal_set = set(self._legal)
        try:
            return move in self._legal_set
        except TypeError:  # unhashable junk
            return False

    def play(self, move) -> List[Event]:
        """Apply a legal move and return its events; an illegal one raises
        ``IllegalMove`` naming the rule, and nothing changes."""
        if self.is_over:
            raise IllegalMove(self._end_rule(), "the game is over: no more moves", move)
        if not self.is_legal(move):
            raise self._why_not(move)
        return self._play_legal(move)

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
        err = self._diagnose(move)
        if not isinstance(err, IllegalMove) or not err.rule_id:
            err = IllegalMove(self._turn_rule(), f"{move!r} is not one of the legal moves here", move)
        return err

    def explain(self, move) -> str:
        """Why ``move`` is or is not legal, in words."""
        if self.is_over:
            return f"Not legal: the game is over. [{self._end_rule()}]"
        if self.is_legal(move):
            return "Legal: " + self._explain_legal(move)
        err = self._why_not(move)
        return f"Not legal: {err.reason} [{err.rule_id}]"

    def _explain_legal(self, move) -> str:
        trial = self.copy()
        events = trial._play_legal(move)
        return "; ".join(str(e) for e in events) if events else repr(move)

    def _turn_rule(self) -> str:
        return f"{self.name}.turn.steps" if self.name != "forest" else "forest.turn.take"

    def _end_rule(self) -> str:
        return f"{self.name}.end.trigger"

    def copy(self) -> "Game":
        """An independent copy to explore "what if" without touching this game."""
        return _copy.deepcopy(self)

    def undo(self) -> Any:
        """Take back the last move; returns it. Replays the history from the start
        (chance included), so the result is exactly the earlier position."""
        if not self.history:
            raise IllegalMove(self._turn_rule(), "nothing to undo: no move has been played yet")
        last = self.history[-1]
        self._restore(self.history[:-1])
        return last

    def _restore(self, moves: Sequence[Any]) -> None:
        fresh = type(self)(seed=self.seed, scenario=self.scenario, **self.options)
        for m in moves:
            fresh._play_legal(m)
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)

    def replay(self, upto: Optional[int] = None) -> "Game":
        """A new game at the position after the first ``upto`` moves of this one."""
        moves = self.history if upto is None else self.history[:upto]
        fresh = type(self)(seed=self.seed, scenario=self.scenario, **self.options)
        for m in moves:
            fresh._play_legal(m)
        return fresh

    # -- saving --------------------------------------------------------------
    def to_json(self) -> str:
        from .save import dump

        return dump(self)

    @classmethod
    def from_json(cls, text) -> "Game":
        from .save import load

        return load(cls, text)

    # -- pictures and boards -------------------------------------------------
    def scene(self, **options):
        """The table as a plain-data drawing (see ``core.scene``)."""
        return importlib.import_module(self.package + ".render").scene(self, **options)

    def to_svg(self, **options) -> str:
        from .svg import to_svg

        return to_svg(self.scene(**options))

    def _repr_svg_(self) -> str:
        try:
            importlib.import_module(self.package + ".render")
        except ImportError:
            return None
        return self.to_svg()

    def widget(self, **options):
        """An interactive board for this game (needs ipywidgets and ipycanvas)."""
        return importlib.import_module(self.package + ".widget").board(self, **options)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"player {self.current_player} to move"
        return (f"<{type(self).__name__} players={self.players} seed={self.seed} "
                f"moves={len(self.history)}, {state}>")
