"""A game as numbers, for learning agents: a fixed numbering of the actions and what a seat sees
as a vector.

The reinforcement-learning environments (``savannah_kit.envs``) read a game through the
``encoding`` hook of its spec (``core.spec``): ``encoding(game) -> Encoding`` for the
configuration of ``game`` (its player count and options; the sizes never change during a game
or between games of one configuration). An encoding

* numbers the actions ``0 .. action_size - 1``: ``encode(game, move)`` and ``decode(game, action)``
  go from one to the other for the player to move, ``mask(game)`` marks the legal ones and
  ``legal(game)`` gives the move of each;
* writes what ``seat`` may see as ``observation_size`` numbers in [0, 1]: ``observe(game, seat)``.
  Only what the seat may know goes in (its own hand, the table, how many cards every hidden
  pile holds): never another hand or the order of a deck. Seats are counted from the observer
  (its own seat first), so one policy can play any seat.

Two ways to number the actions, both here:

* ``MoveTable``: every move shape the game can ever ask for gets its own number, the same in
  every position (Savernake Forest: take from an advisor, place on a cell turned so, ...).
* ``LegalIndex``: action ``i`` is the ``i``-th legal move in a canonical order (sorted by the
  move's save form), for games whose moves carry open-ended choices (a route with the bonuses
  armed on the way, the cards a hunt kills), where a table of every shape would be huge or
  unbounded. The number means "this choice among the ones offered now", not the same move in
  every position; ``moves(game)`` says what each number stands for. ``action_size`` is a bound
  on the legal moves of one decision; a position with more is refused with ``EncodingError``,
  never cut short.

This module is engine-side: plain Python, no numpy, no PettingZoo.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, Hashable, List, Sequence

from .errors import KitError


class EncodingError(KitError):
    """A move or an action number the encoding cannot translate (names which)."""


class Encoding:
    """The actions of one game configuration as numbers, and what a seat sees as a vector."""

    #: "move table" (one number per move shape) or "legal index" (the i-th legal move)
    kind = ""

    def __init__(self, action_size: int, observation_size: int, observe: Callable[[Any, int], List[float]]):
        self.action_size = action_size
        self.observation_size = observation_size
        self._observe = observe

    def encode(self, game, move) -> int:
        raise NotImplementedError

    def decode(self, game, action: int):
        raise NotImplementedError

    def legal(self, game) -> Dict[int, Any]:
        """Every legal move of the player to move, by its action number."""
        return {self.encode(game, move): move for move in game.legal_moves()}

    def mask(self, game) -> List[int]:
        """1 for each action that is a legal move of the player to move, else 0 (all 0 once over)."""
        out = [0] * self.action_size
        for action in self.legal(game):
            out[action] = 1
        return out

    def observe(self, game, seat: int) -> List[float]:
        """What ``seat`` may see, as ``observation_size`` numbers in [0, 1]."""
        vector = self._observe(game, seat)
        if len(vector) != self.observation_size:
            raise EncodingError(f"{game.name}: an observation of {len(vector)} numbers, not {self.observation_size}")
        return vector

    def _number(self, action: Any) -> int:
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < self.action_size:
            raise EncodingError(f"action must be a whole number 0..{self.action_size - 1}, not {action!r}")
        return action


class MoveTable(Encoding):
    """Every move shape numbered once: ``shapes`` lists them (hashable), ``shape(move)`` gives a
    move's shape and ``build(game, shape)`` the move of that shape for the player to move."""

    kind = "move table"

    def __init__(self, shapes: Sequence[Hashable], shape: Callable[[Any], Hashable],
                 build: Callable[[Any, Hashable], Any], observation_size: int,
                 observe: Callable[[Any, int], List[float]]):
        super().__init__(len(shapes), observation_size, observe)
        self.shapes = tuple(shapes)
        self._index: Dict[Hashable, int] = {s: i for i, s in enumerate(self.shapes)}
        if len(self._index) != len(self.shapes):
            raise EncodingError("two actions share one move shape")
        self._shape, self._build = shape, build

    def encode(self, game, move) -> int:
        try:
            return self._index[self._shape(move)]
        except KeyError:
            raise EncodingError(f"{game.name}: {move!r} has no action number") from None

    def decode(self, game, action: int):
        return self._build(game, self.shapes[self._number(action)])


def canonical(moves: Sequence[Any]) -> List[Any]:
    """``moves`` in the canonical order: by their save form (``to_data()``) as sorted JSON."""
    return sorted(moves, key=lambda m: json.dumps(m.to_data(), sort_keys=True))


class LegalIndex(Encoding):
    """Action ``i`` is the ``i``-th legal move in the canonical order; at most ``action_size``."""

    kind = "legal index"

    def moves(self, game) -> List[Any]:
        """The legal moves in action order: ``moves(game)[i]`` is what action ``i`` plays."""
        moves = canonical(game.legal_moves())
        if len(moves) > self.action_size:
            raise EncodingError(f"{game.name}: {len(moves)} legal moves here, more than the "
                                f"{self.action_size} actions this encoding numbers")
        return moves

    def encode(self, game, move) -> int:
        try:
            return self.moves(game).index(move)
        except ValueError:
            raise EncodingError(f"{game.name}: {move!r} is not a legal move here") from None

    def decode(self, game, action: int):
        moves = self.moves(game)
        action = self._number(action)
        if action >= len(moves):
            raise EncodingError(f"{game.name}: action {action} is not legal here: "
                                f"{len(moves)} legal moves are numbered 0..{len(moves) - 1}")
        return moves[action]

    def legal(self, game) -> Dict[int, Any]:
        return dict(enumerate(self.moves(game)))

    def mask(self, game) -> List[int]:
        n = len(self.moves(game))
        return [1] * n + [0] * (self.action_size - n)


# -- helpers for writing observations ---------------------------------------------------------------

def one_hot(size: int, index: int) -> List[float]:
    """``size`` zeros with a 1 at ``index`` (none if ``index`` is outside)."""
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out


def fraction(value: float, most: float) -> float:
    """``value / most`` kept within [0, 1]."""
    return min(1.0, max(0.0, value / most)) if most > 0 else 0.0


def seats_from(seat: int, players: int) -> List[int]:
    """Every seat, starting with ``seat`` and going round: observations list them in this order."""
    return [(seat + k) % players for k in range(players)]
