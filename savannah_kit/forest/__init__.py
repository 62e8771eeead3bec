"""Savernake Forest: build a 4×4 forest of path cards so your animals find the food they like.

Quick start::

    from savannah_kit import forest
    game = forest.new_game(players=2, seed=7)       # advanced=True for the 2-player advanced mode
    game.phase, game.current_player, game.market     # Phase.TAKE ("take"), 0, {"rabbit": "A09", ...}
    game.play(forest.Take(game.current_player, "goat"))
    game.legal_placements()                          # {(x, y): (0, 90, 180, 270), ...}
    game.play(game.legal_moves()[0])                 # a Place; maybe then a Lair or Water question
    print(game.score_breakdown(0))

A turn is a sequence of decisions by one player: ``Take`` a market card, ``Place``
it, then answer the advisor's question (``Lair`` / ``Water``) when it leaves a
choice. ``game.phase`` names the decision (a ``Phase``, equal to its text). Cells
are ``(x, y)``, x to the right, y downward, each forest's first card at ``(0, 0)``;
cells are never renumbered.

Reading the position: ``game.market``, ``game.held_card`` / ``game.held_from``,
``game.forest(p)`` (a ``Forest``: ``cards()``, ``at(cell)``, ``animal_cells()``,
``path_cells(cell)``, ``bbox()``, ``to_text()``), ``game.pawn``,
``game.round``, ``game.round_order``, ``game.picks_done``, ``game.tokens``,
``game.deck_sizes``, ``game.discard_pile``, ``game.forced``,
``game.shared_path_to_clean()``, ``game.starting_animal()``, ``game.card(id)``,
``game.score_breakdown(p)``; ``decision_text(game)`` says what is being decided.
All of it lives in ``game.state`` (a ``ForestState``); the configuration is
``game.catalogue``, ``game.names``, ``game.advanced``, ``game.forest_bounds``.

Positions by hand: ``from_scenario({"forests": ["A01@0,0r0 P12@1,0r90", ...],
"market": {...}, "pawn": 0})``; ``game.to_scenario()`` goes the other way, and
``game.scenario_text()`` writes the position as text that ``from_scenario`` reads too.

The engine (``data``, ``layout``, ``state``, ``scoring``, ``moves``,
``scenario``, ``play``, ``explain``, ``greedy``, ``rules``) imports only the
standard library and the kit's core; the pictures are ``render`` (the table) and
``card_shapes`` (one card), the board ``widget``. ``SPEC`` is what the rest of the kit knows
about the game (``core.spec``), registered here.
"""

from __future__ import annotations

from typing import Any, Optional

from ..core.errors import ScenarioError
from ..core.fields import safe_repr
from ..core.registry import register
from ..core.spec import Bots, GameSpec, Lab, Teaching
from .data import (EDGES, FOODS, SLOTS, AnimalCard, Catalogue, PathCard, Segment, catalogue_from_data,
                   kit_catalogue, load_catalogue)
from .layout import Forest, PlacedCard, layout_text, parse_layout
from .moves import Keep, Lair, Orient, Place, Take, Water
from .options import VARIANTS
from .rules import ForestGame, decision_text
from .scenario import position_text, scenario_from_text, scenario_to_text
from .scoring import AnimalScore, FoodStep, ForestScore
from .state import ForestState, Phase

#: Configurations measured by ``python -m savannah_kit.bench`` (the first is the headline).
BENCH_CONFIGS = [{"players": 2}, {"players": 4}, {"players": 2, "advanced": True}]

Game = ForestGame


def new_game(players: int = 2, seed: Optional[int] = None, **options) -> ForestGame:
    """A new game. Options: ``advanced=True`` (2-player advanced mode),
    ``names=[...]`` (one per seat), ``catalogue=`` (a ``Catalogue`` or catalogue data)."""
    return ForestGame(seed=seed, players=players, **options)


def from_scenario(scenario: Any, seed: int = 0, **options) -> ForestGame:
    """A game starting from a hand-built position (data, or its text form: ``game.scenario_text()``;
    see ``scenario`` for the fields). The option ``players`` defaults to the number of forests in it."""
    if isinstance(scenario, str):
        scenario = scenario_from_text(scenario)
    if not isinstance(scenario, dict):
        raise ScenarioError("scenario", "must be an object like {'forests': ['A01@0,0r0', 'A02@0,0r0']} or its "
                            f"text form, not {safe_repr(scenario)}")
    if options.get("players") is None:
        forests = scenario.get("forests")
        options["players"] = len(forests) if isinstance(forests, list) and 2 <= len(forests) <= 4 else 2
    return ForestGame(seed=seed, scenario=scenario, **options)


def component_data():
    """``(option, data)``: the card catalogue as data, and the ``new_game`` option that takes
    another one in the same schema."""
    return "catalogue", kit_catalogue().to_data()


def board(game: ForestGame, **options):
    """The interactive board of ``game`` (needs Jupyter widgets): ``bots={1: "greedy"}``,
    ``guided=True`` for a first game, ``classroom=True`` for a projector. Same as
    ``game.widget(**options)``."""
    return game.widget(**options)


def from_json(text) -> ForestGame:
    """Load a game saved with ``game.to_json()`` (moves are replayed and checked)."""
    return ForestGame.from_json(text)


SPEC = register(GameSpec(
    name="forest",
    title="Savernake Forest",
    module=__name__,
    players=range(2, 5),
    game=ForestGame,
    new_game=new_game,
    from_scenario=from_scenario,
    from_json=from_json,
    component_data=component_data,
    scenario_text=position_text,
    describe=".describe:describe",
    bench_configs=BENCH_CONFIGS,
    options=VARIANTS,
    render=".render:scene",
    clicks=".clicks:ForestClicks",
    widget=".widget:board",
    sandbox=".sandbox:sandbox",
    hidden=".hidden:determinise",
    encoding=".encoding:encoding",
    bots=Bots(
        search={"iterations": 300, "rollout": "random", "depth": 12, "width": 4},
        # the bench's 0.30 s a decision with 300 playouts; the others' mean decision over 30
        # positions of 2-player games (timed on a machine about 4x slower, divided by 4)
        decision_cost={"mcts": 0.30 / 300, "lookahead": 0.01, "greedy": 0.0006},
        greedy="greedy",
        strength=("mcts", "lookahead", "greedy"),
        own={},
    ),
    lab=Lab(
        plot_title="Savernake Forest",
        turn_rules=frozenset({"forest.turn.take", "forest.advisor.rabbit"}),
        columns=".study:columns",
        bool_columns=(),
    ),
    teaching=Teaching(
        handout=".handout:handout",
        lessons=".lessons",
        puzzles=".puzzles",
        glossary="glossary.json",
        lesson_notebooks="forest",
        classroom="classroom/forest_classroom.ipynb",
        demo_course=None,
        rule_pictures=".rule_pictures",
        rulings=".rulings",
        paper_note="",
    ),
))

__all__ = ["new_game", "from_json", "from_scenario", "board", "ForestGame", "Game", "Phase", "ForestState", "decision_text",
           "Take", "Place", "Lair", "Water", "Orient", "Keep", "SLOTS", "FOODS", "EDGES",
           "Catalogue", "AnimalCard", "PathCard", "Segment", "kit_catalogue", "load_catalogue",
           "catalogue_from_data", "Forest", "PlacedCard", "parse_layout", "layout_text",
           "ForestScore", "AnimalScore", "FoodStep", "BENCH_CONFIGS", "SPEC", "scenario_from_text",
           "scenario_to_text"]
