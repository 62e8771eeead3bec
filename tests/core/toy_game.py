"""A tiny game used to test the core protocol without any real game: players
take turns adding 1 or 2 to a running total (or a dice roll of 1-3); whoever
reaches the target wins. It is also a complete game package, the smallest one
the registry and the conformance suite accept: ``SPEC`` declares everything the
kit needs about it (its pictures, board, sandbox and handout are in ``toy_views``,
named lazily as a real game names its own), and registering it is one call
(``registered()``). Its events borrow forest rule ids only because events must cite
a real rule."""

import contextlib
import enum
from dataclasses import dataclass, field
from typing import List

from savannah_kit.core import registry
from savannah_kit.core.encoding import MoveTable, fraction, one_hot
from savannah_kit.core.errors import IllegalMove, SaveFileError, ScenarioError
from savannah_kit.core.events import Event
from savannah_kit.core.game import Game as _Game
from savannah_kit.core.scoring import ScoreBreakdown, ScoreLine
from savannah_kit.core.spec import Bots, GameSpec, Lab, Teaching
from savannah_kit.core.state import GameState


@dataclass(frozen=True)
class Add:
    n: int

    def to_data(self):
        return {"add": self.n}


class Phase(enum.Enum):
    ADD = "add"
    OVER = "over"


@dataclass(slots=True)
class ToyState(GameState):
    total: int = 0
    turn: int = 0
    rolls: List[int] = field(default_factory=list)


class RaceTo(_Game):
    name = "toy"
    package = "toy_game"
    Phase = Phase
    move_types = (Add,)
    option_names = ("players", "target")
    turn_rule = "forest.turn.take"
    end_rule = "forest.end.trigger"

    def _setup(self):
        self._check_options()
        target = self.options.get("target", 10)
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise ScenarioError("options.target", f"must be a positive integer, not {target!r}")
        self.target = target
        sc = self.scenario or {}
        if not isinstance(sc, dict) or set(sc) - {"total", "to_move"}:
            raise ScenarioError("scenario", "the fields are 'total' and 'to_move'")
        total = sc.get("total", 0)
        if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total < target:
            raise ScenarioError("scenario.total", f"must be a whole number 0-{target - 1}, not {total!r}")
        turn = sc.get("to_move", 0)
        if turn not in (0, 1) or isinstance(turn, bool):
            raise ScenarioError("scenario.to_move", f"must be the seat 0 or 1, not {turn!r}")
        self.state = ToyState(total=total, turn=turn)

    @property
    def phase(self):
        return Phase.OVER if self.is_over else Phase.ADD

    @property
    def current_player(self):
        return None if self.is_over else self.state.turn

    @property
    def is_over(self):
        return self.state.total >= self.target

    def _generate_moves(self):
        return [Add(1), Add(2), Add(0)]  # Add(0) = roll the dice

    def _apply(self, move):
        st = self.state
        n = move.n or self.rng.randint(1, 3)
        st.rolls.append(n)
        st.total += n
        player = st.turn
        st.turn = 1 - st.turn
        return [Event("forest.turn.take", f"player {player} adds {n}", player)]

    def _diagnose(self, move):
        if isinstance(move, Add) and move.n > 2:
            return IllegalMove("forest.place.adjacent", f"cannot add {move.n}, at most 2", move)
        return None

    @classmethod
    def move_from_data(cls, data):
        if not isinstance(data, dict) or set(data) != {"add"}:
            raise SaveFileError("", "a move is {'add': n}")
        n = data["add"]
        if isinstance(n, bool) or not isinstance(n, int):
            raise SaveFileError("add", f"must be a whole number, not {n!r}")
        return Add(n)

    def to_scenario(self):
        if self.is_over:
            raise ScenarioError("scenario", "the race is over")
        return {"total": self.state.total, "to_move": self.state.turn}

    def scores(self):
        return [int(self.is_over and self.state.turn == 1), int(self.is_over and self.state.turn == 0)]

    def score_breakdown(self, player):
        points = self.scores()[player]
        return ScoreBreakdown(player, f"player {player}", (ScoreLine("reached the target", points,
                                                                     "forest.end.winner"),), self.is_over)

    def winners(self):
        return [p for p, s in enumerate(self.scores()) if s] if self.is_over else []

    def __str__(self):
        return f"total {self.state.total}"


Game = RaceTo


def new_game(players=2, seed=None, **options):
    scenario = options.pop("scenario", None)
    return RaceTo(seed=seed, scenario=scenario, players=players, **options)


def from_scenario(scenario, seed=0, **options):
    if isinstance(scenario, str):
        scenario = scenario_from_text(scenario)
    if not isinstance(scenario, dict):
        raise ScenarioError("scenario", f"must be an object like {{'total': 3}} or its text, not {scenario!r}")
    return new_game(seed=seed, scenario=scenario, **options)


def from_json(text):
    return RaceTo.from_json(text)


def component_data():
    return "target", 10  # the toy has no catalogue: its one piece of data is the target


def position_text(game):
    """The position as text: ``total 3, to move 1``."""
    data = game.to_scenario()
    return f"total {data['total']}, to move {data['to_move']}"


def scenario_from_text(text):
    words = text.replace(",", " ").split()
    if len(words) != 5 or words[0] != "total" or words[2:4] != ["to", "move"]:
        raise ScenarioError("scenario", f"the text reads like 'total 3, to move 1', not {text!r}")
    try:
        return {"total": int(words[1]), "to_move": int(words[4])}
    except ValueError:
        raise ScenarioError("scenario", f"the numbers of {text!r} are not whole numbers") from None


def describe(game):
    """The toy's position in words."""
    if game.is_over:
        return f"The total is {game.state.total}: the game is over."
    return f"The total is {game.state.total}; player {game.current_player} adds 1 or 2."


def columns(game, breakdowns):
    """The toy's own lab columns: whether each seat made the last addition."""
    last = game.log[-1].player if game.log else None
    return [{"moved_last": p == last} for p in range(game.players)]


def encoding(game):
    """The toy as numbers: action 0 rolls the dice, 1 adds 1, 2 adds 2; a seat sees how far the total is to
    the target and whether it is its turn."""
    def observe(g, seat):
        mover = g.current_player
        return [fraction(g.state.total, g.target)] + one_hot(2, -1 if mover is None else (mover - seat) % 2)

    return MoveTable((0, 1, 2), lambda move: move.n, lambda g, n: Add(n), 3, observe)


SPEC = GameSpec(
    name="toy",
    title="Race to ten",
    module=__name__,
    players=(2,),
    game=RaceTo,
    new_game=new_game,
    from_scenario=from_scenario,
    from_json=from_json,
    component_data=component_data,
    scenario_text=position_text,
    describe=describe,
    bench_configs=({"players": 2}, {"players": 2, "target": 20}),
    options=(),
    render="toy_views:scene",
    clicks="toy_views:ToyClicks",
    widget="toy_views:board",
    sandbox="toy_views:sandbox",
    hidden=None,
    encoding=encoding,
    bots=Bots(search={"iterations": 30, "rollout": "random", "depth": None, "width": None},
              decision_cost={"mcts": 0.0001, "lookahead": 0.0001, "greedy": 0.00001}, greedy="greedy",
              strength=("mcts", "lookahead", "greedy"), own={}),
    lab=Lab(plot_title="Race to ten", turn_rules=frozenset({"forest.turn.take"}), columns=columns,
            bool_columns=("moved_last",)),
    teaching=Teaching(handout="toy_views:handout", lessons=None, puzzles=None, glossary=None,
                      lesson_notebooks=None, classroom=None, demo_course=None, rule_pictures=None, rulings=None,
                      paper_note=""),
)


@contextlib.contextmanager
def registered():
    """The toy registered for the duration of a ``with`` block (a fixture's), then removed, so
    that no other test sees a fourth game."""
    registry.register(SPEC)
    try:
        yield SPEC
    finally:
        registry.unregister(SPEC.name)
