"""A tiny game used to test the core protocol without any real game: players
take turns adding 1 or 2 to a running total (or a dice roll of 1-3); whoever
reaches the target wins. Its rule ids borrow forest ids only because events
must cite a real rule."""

from dataclasses import dataclass

from savannah_kit.core.errors import IllegalMove, ScenarioError
from savannah_kit.core.events import Event
from savannah_kit.core.game import Game


@dataclass(frozen=True)
class Add:
    n: int

    def to_data(self):
        return {"add": self.n}


class RaceTo(Game):
    name = "forest"  # saves must name a real game module
    package = "toy_game"
    move_types = (Add,)
    turn_rule = "forest.turn.take"
    end_rule = "forest.end.trigger"

    def _setup(self):
        target = self.options.get("target", 10)
        if not isinstance(target, int) or target < 1:
            raise ScenarioError("options.target", f"must be a positive integer, not {target!r}")
        self.total = (self.scenario or {}).get("total", 0)
        self.turn = 0
        self.rolls = []

    @property
    def current_player(self):
        return None if self.is_over else self.turn

    @property
    def is_over(self):
        return self.total >= self.options.get("target", 10)

    def _generate_moves(self):
        return [Add(1), Add(2), Add(0)]  # Add(0) = roll the dice

    def _apply(self, move):
        n = move.n or self.rng.randint(1, 3)
        self.rolls.append(n)
        self.total += n
        player = self.turn
        self.turn = 1 - self.turn
        return [Event("forest.turn.take", f"player {player} adds {n}", player)]

    def _diagnose(self, move):
        if isinstance(move, Add) and move.n > 2:
            return IllegalMove("forest.place.adjacent", f"cannot add {move.n}, at most 2", move)
        return None

    @classmethod
    def move_from_data(cls, data):
        return Add(int(data["add"]))

    def scores(self):
        return [int(self.is_over and self.turn == 1), int(self.is_over and self.turn == 0)]

    def winners(self):
        return [p for p, s in enumerate(self.scores()) if s] if self.is_over else []

    def __str__(self):
        return f"total {self.total}"
