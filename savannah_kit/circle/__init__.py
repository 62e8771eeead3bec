"""Circle of Life: on the Savannah — animals played into a row hunt each other.

    from savannah_kit import circle
    game = circle.new_game(players=3, seed=7)
    game.legal_moves(); game.play(move); print(game)

Positions can be set up directly (``scenario=``, see ``circle.scenario``), the
card catalogue is data (``circle.data``), ``game.phase`` is a ``circle.Phase``,
``game.score_breakdown(player)`` shows where every point comes from and
``game.score_if_ended_now(player)`` what a seat would score if the game ended
now. ``circle.bots.BigFiveBot`` is a greedy bot that chases the Big Five bonus.

``SPEC`` is what the rest of the kit knows about the game (``core.spec``), registered here.
"""

from typing import Optional

from ..core.errors import ScenarioError
from ..core.fields import safe_repr
from ..core.registry import register
from ..core.spec import Bots, GameSpec, Lab, Teaching
from .bots import BigFiveBot
from .data import Catalogue, catalogue_data, default_catalogue, load_catalogue
from .moves import Discard, LastDiscard, Move, Play, move_from_data
from .options import VARIANTS
from .rules import CircleGame
from .scenario import position_text, scenario_from_text, scenario_to_text
from .scoring import CircleScore
from .state import CircleState, Phase
from .text import COLOURS

#: the bots only this game has, by name (``core.bots.make_bot(..., game="circle")``)
BOTS = {"big-five": BigFiveBot}

#: benchmark configurations (the first one is the headline figure)
BENCH_CONFIGS = [{"players": 4}, {"players": 2}, {"players": 5}]

Game = CircleGame


def new_game(players: int = 2, seed: Optional[int] = None, **options) -> CircleGame:
    """A new game: options ``first_player`` (seat, default 0), ``tokens`` (per player; by default
    tokens never run out, kit ruling K16), ``catalogue`` (another card list as data) and
    ``scenario`` (a hand-built position)."""
    scenario = options.pop("scenario", None)
    return CircleGame(seed=seed, scenario=scenario, players=players, **options)


def from_scenario(scenario, seed: int = 0, **options) -> CircleGame:
    """A game starting from ``scenario`` (data, or its text form: ``game.scenario_text()``); the
    number of players is taken from its hands (or per-seat lists) when not given."""
    if isinstance(scenario, str):
        scenario = scenario_from_text(scenario)
    elif not isinstance(scenario, dict):
        raise ScenarioError("scenario", f"must be scenario data (a dict) or its text form, not {safe_repr(scenario)}")
    if "players" not in options:
        for key in ("hands", "holds", "kill_piles", "bonus", "supply"):
            if isinstance(scenario.get(key), list):
                options["players"] = len(scenario[key])
                break
    return new_game(seed=seed, scenario=scenario, **options)


def component_data():
    """``(option, data)``: the card catalogue as data, and the ``new_game`` option that takes
    another one in the same schema."""
    return "catalogue", catalogue_data()


def from_json(text) -> CircleGame:
    """Load a game saved with ``game.to_json()`` (moves are replayed and checked)."""
    return CircleGame.from_json(text)


SPEC = register(GameSpec(
    name="circle",
    title="Circle of Life: on the Savannah",
    module=__name__,
    players=range(2, 6),
    game=CircleGame,
    new_game=new_game,
    from_scenario=from_scenario,
    from_json=from_json,
    component_data=component_data,
    scenario_text=position_text,
    describe=".describe:describe",
    bench_configs=BENCH_CONFIGS,
    options=VARIANTS,
    render=".render:scene",
    clicks=".clicks:CircleClicks",
    widget=".widget:board",
    sandbox=".sandbox:sandbox",
    hidden=".hidden:determinise",
    encoding=".encoding:encoding",
    bots=Bots(
        # MCTS: paired playouts (each deal of the hidden cards played out from every searched move,
        # sequential halving; core.search), as card luck swamps the tree's comparisons. Against greedy
        # in the bench's games (bench --bots --pair mcts:greedy --seats N), 200 paired playouts win
        # 77.0% [67.8-84.2] of 100 2-player games at 0.19 s of processor time a decision (median;
        # 90th percentile 0.22 s, largest 0.33 s), where the tree with 400 playouts won 75.0%
        # [65.7-82.5] of the same games at 0.44 s (20% of decisions above 0.5 s); one MCTS seat among
        # greedy ones wins 51.7% [39.3-63.8] of 60 games at 3 players (a greedy seat 25.0%), 38.3%
        # [27.1-51.0] at 4 (22.2%) and 31.7% [21.3-44.2] at 5 (17.9%). Greedy playouts of 8 decisions
        # judge a position better than random ones to the end (random: 63.3% over 30 games)
        search={"iterations": 200, "rollout": "greedy", "depth": 8, "width": 6, "paired": True},
        # MCTS: the median processor time of its decisions over those 100 games on the 2-core
        # reference machine (0.19 s for 200 playouts); the others' mean decision over 30
        # positions of 2-player games (timed on a machine about 4x slower, divided by 4). Its greedy tier is plain greedy: the
        # big-five bot is no stronger (one big-five seat among greedy ones over 1,000 games with the
        # seats rotating: 51.6% [48.5-54.7] at 2 players, 35.7% [32.8-38.7] at 3, 25.2% [22.6-28.0]
        # at 4, where a greedy seat wins 26.1% [24.6-27.7], 21.3% [18.9-23.9] at 5), it is weaker at a
        # table with a random bot (big-five, greedy and random at 3 players, 600 games, seats rotating:
        # 34.8% [31.1-38.7] against greedy's 47.3% [43.4-51.3]), and in the 4,000 big-five seats of the
        # first measure it scored the Big Five twice
        decision_cost={"mcts": 0.19 / 200, "lookahead": 0.0003, "greedy": 0.0001},
        greedy="greedy",
        strength=("mcts", "lookahead", "greedy"),
        own=BOTS,
    ),
    lab=Lab(
        plot_title="Circle of Life",
        turn_rules=frozenset({"circle.play.place-right", "circle.play.no-tokens", "circle.play.unplayable-discard",
                              "circle.end.last-discard"}),
        columns=".study:columns",
        bool_columns=("big_five",),
    ),
    teaching=Teaching(
        handout=".handout:handout",
        lessons=".lessons",
        puzzles=".puzzles",
        glossary="glossary.json",
        lesson_notebooks="circle",
        classroom="classroom/circle_classroom.ipynb",
        demo_course=None,
        rule_pictures=".rule_pictures",
        rulings=".rulings",
        paper_note="",
    ),
))

__all__ = [
    "BENCH_CONFIGS", "COLOURS", "Catalogue", "CircleGame", "CircleScore", "CircleState", "Discard", "Game",
    "LastDiscard", "Move", "Phase", "Play", "catalogue_data", "default_catalogue", "from_json", "from_scenario",
    "load_catalogue", "move_from_data", "new_game", "scenario_from_text", "scenario_to_text", "SPEC",
]
