"""Savannah Tails: an ostrich race on a four-lane track of tiles.

    from savannah_kit import tails
    game = tails.new_game(players=4, seed=7, course="first-race")
    move = game.legal_moves()[0]
    game.play(move)        # events citing rule ids
    print(game)            # the course as text, row by row

Options: ``course`` (a course id or a list of ``[tile id, side]``),
``bonuses`` (the three bonus faces of the race), ``flat_bonus`` (the flat +2
bonus-movement variant), ``start_order`` ("seat", "random" or a list of seats),
and ``scenario`` (a hand-built position, see ``savannah_kit.tails.scenario``).

``SPEC`` is what the rest of the kit knows about the game (``core.spec``), registered here.
"""

from ..core.deprecated import deprecated
from ..core.errors import ScenarioError
from ..core.registry import register
from ..core.spec import Bots, GameSpec, Lab, Teaching
from .bots import LookaheadBot
from .data import (BONUS_FACES, CARD_NAMES, COURSES, LANES, PLAYER_COLOURS, TILES, load_courses,
                   load_tiles, tiles_data)
from .moves import Discard, Move
from .options import VARIANTS
from .rules import TailsGame, TailsScore
from .state import Phase, TailsState
from .scenario import marker_pile, position_data, scenario_colours
from .text import parse_position_text, position_text
from .track import Course, Track, build_course, forget_course, named_course

#: configurations the benchmark measures; the first is the headline figure
BENCH_CONFIGS = [
    {"players": 4, "course": "first-race"},
    {"players": 2, "course": "first-race"},
    {"players": 2, "course": "second-race"},
    {"players": 4, "course": "second-race"},
]


def new_game(players=2, seed=None, **options) -> TailsGame:
    """A new race; ``scenario=`` starts from a hand-built position instead.

    ``players`` is a number of seats (default colours red, purple, green, yellow, blue)
    or a list of player colours, ``new_game(players=["red", "blue", "green"])``: then
    the race starts as a scenario in which every ostrich is behind the line with a
    seeded hand dealt from its deck."""
    scenario = options.pop("scenario", None)
    if isinstance(players, list):
        if scenario is None:
            scenario = {"ostriches": [{"holds": []} for _ in players]}
        return from_scenario(scenario, seed=seed, players=players, **options)
    return TailsGame(seed=seed, scenario=scenario, players=players, **options)


def from_scenario(scenario, seed=0, **options) -> TailsGame:
    """A race from a hand-built position (data, or its text form: ``game.scenario_text()``);
    the number of players is that of its ostriches.

    Besides full hands, decks and discard piles (see ``savannah_kit.tails.scenario``)::

        tails.from_scenario({"ostriches": [
            {"space": "T03:red:0", "holds": ["yellow-2"]},     # 3 more dealt (seeded)
            {"space": "T03:blue:1", "hand": ["M091", "M081"]}],  # blue's yellow-2, red-2
            "to_move": "blue"}, seed=4, players=["red", "blue"])

    ``players`` may list the seats' player colours (``player:red`` ..., not lane colours);
    an ostrich may also give its own ``"colour"``. ``"to_move"`` names the player whose
    turn it is (a colour or a seat). ``holds`` tops a hand up from the seeded deck: the
    same seed deals the same cards, never one twice. The text form also names the race's
    bonus faces (the ``bonuses`` option, unless given). Bad or contradictory input raises
    ``ScenarioError`` naming the field (``scenario.ostriches[1].holds[0]``).
    """
    if isinstance(scenario, str):
        parsed = parse_position_text(scenario)
        if "bonuses" in parsed:
            options.setdefault("bonuses", parsed["bonuses"])
        scenario = parsed["scenario"]
    if not isinstance(scenario, dict):
        raise ScenarioError("scenario", f"expected an object with 'ostriches' or its text form, not "
                            f"{type(scenario).__name__}")
    ostriches = scenario.get("ostriches")
    players = len(ostriches) if isinstance(ostriches, list) and 2 <= len(ostriches) <= 5 else 2
    if "players" in options and isinstance(options["players"], list):
        colours = options.pop("players")
        if isinstance(ostriches, list) and len(colours) != len(ostriches):
            raise ScenarioError("options.players", f"{len(colours)} colours for {len(ostriches)} ostriches")
        n = len(ostriches) if isinstance(ostriches, list) else 0
        scenario_colours(scenario, n, colours)  # checks them, naming the field
        if isinstance(ostriches, list):
            scenario = dict(scenario, ostriches=[dict(o, colour=c) if isinstance(o, dict) else o
                                                 for o, c in zip(ostriches, colours)])
    return new_game(players=players, seed=seed, scenario=scenario, **options)


def from_text(text: str, seed: int = 0, **options) -> TailsGame:
    """Deprecated: ``from_scenario`` reads the text form too."""
    deprecated("tails.from_text(text) is deprecated: use tails.from_scenario(text)")
    return from_scenario(text, seed=seed, **options)


def component_data():
    """``(option, data)``: the tile catalogue as data, and the ``new_game`` option that takes
    another one in the same schema."""
    return "tiles", tiles_data()


def from_json(text) -> TailsGame:
    """A race loaded from save-file text (moves replayed through the checked ``play``)."""
    return TailsGame.from_json(text)


Game = TailsGame

SPEC = register(GameSpec(
    name="tails",
    title="Savannah Tails",
    module=__name__,
    players=range(2, 6),
    game=TailsGame,
    new_game=new_game,
    from_scenario=from_scenario,
    from_json=from_json,
    component_data=component_data,
    scenario_text=position_text,
    describe=".describe:describe",
    bench_configs=BENCH_CONFIGS,
    options=VARIANTS,
    render=".render:scene",
    clicks=".clicks:TailsClicks",
    widget=".widget:board",
    sandbox=".sandbox:sandbox",
    hidden=".hidden:determinise",
    encoding=".encoding:encoding",
    bots=Bots(
        search={"iterations": 200, "rollout": "greedy", "depth": 4, "width": 4},
        # the bench's 0.19 s a decision with 200 playouts; its own lookahead bot, which plays three
        # deals on to its next turn, the median processor time of 5,643 decisions of 400 2-player
        # races on the 2-core reference machine; greedy, the mean decision over 30 positions of
        # 2-player games (timed on a machine about 4x slower, divided by 4)
        decision_cost={"mcts": 0.19 / 200, "lookahead": 0.006, "greedy": 0.00003},
        greedy="greedy",
        strength=("mcts", "lookahead", "greedy"),
        own={"lookahead": LookaheadBot},
    ),
    lab=Lab(
        plot_title="Savannah Tails",
        turn_rules=frozenset({"tails.turn.play-card", "tails.bonus.crazy-wings", "tails.bonus.deja-vu"}),
        columns=".study:columns",
        bool_columns=(),
    ),
    teaching=Teaching(
        handout=".handout:handout",
        lessons=".lessons",
        puzzles=".puzzles",
        glossary="glossary.json",
        lesson_notebooks="tails",
        classroom="classroom/tails_classroom.ipynb",
        demo_course=".design:demo_course",
        rule_pictures=".rule_pictures",
        rulings=".rulings",
        paper_note=" A space is named by its tile, its lane and its number along that lane on the tile, counted "
                   "from 1 where the lane enters the tile: \"T05 yellow space 2\".",
    ),
))

__all__ = ["new_game", "from_json", "from_scenario", "from_text", "Move", "Discard", "TailsGame", "Game", "Phase",
           "TailsState", "TailsScore", "BENCH_CONFIGS", "SPEC",
           "Course", "Track", "build_course", "named_course", "forget_course", "load_tiles", "load_courses",
           "position_data", "position_text", "parse_position_text", "marker_pile", "scenario_colours", "TILES", "COURSES", "LANES",
           "PLAYER_COLOURS", "CARD_NAMES", "BONUS_FACES"]
