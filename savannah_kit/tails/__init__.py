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
"""

from ..core.errors import ScenarioError
from .data import (BONUS_FACES, CARD_NAMES, COURSES, LANES, PLAYER_COLOURS, TILES, load_courses,
                   load_tiles, tiles_data)
from .moves import Move
from .rules import TailsGame, TailsScore
from .state import Phase, TailsState
from .scenario import parse_position_text, position_data, position_text
from .track import Course, Track, build_course, named_course

#: configurations the benchmark measures; the first is the headline figure
BENCH_CONFIGS = [
    {"players": 4, "course": "first-race"},
    {"players": 2, "course": "first-race"},
    {"players": 2, "course": "second-race"},
    {"players": 4, "course": "second-race"},
]


def new_game(players: int = 2, seed=None, **options) -> TailsGame:
    """A new race; ``scenario=`` starts from a hand-built position instead."""
    scenario = options.pop("scenario", None)
    return TailsGame(seed=seed, scenario=scenario, players=players, **options)


def from_scenario(scenario: dict, seed: int = 0, **options) -> TailsGame:
    """A race from a hand-built position; the number of players is that of its ostriches."""
    if not isinstance(scenario, dict):
        raise ScenarioError("scenario", f"expected an object with 'ostriches', not {type(scenario).__name__}")
    ostriches = scenario.get("ostriches") if isinstance(scenario, dict) else None
    players = len(ostriches) if isinstance(ostriches, list) and 2 <= len(ostriches) <= 5 else 2
    return new_game(players=players, seed=seed, scenario=scenario, **options)


def from_text(text: str, seed: int = 0, **options) -> TailsGame:
    """A race from the compact text form written by ``position_text``."""
    parsed = parse_position_text(text)
    if "bonuses" in parsed:
        options.setdefault("bonuses", parsed["bonuses"])
    return from_scenario(parsed["scenario"], seed=seed, **options)


def component_data():
    """``(option, data)``: the tile catalogue as data, and the ``new_game`` option that takes
    another one in the same schema."""
    return "tiles", tiles_data()


def from_json(text) -> TailsGame:
    """A race loaded from save-file text (moves replayed through the checked ``play``)."""
    return TailsGame.from_json(text)


Game = TailsGame

__all__ = ["new_game", "from_json", "from_scenario", "from_text", "Move", "TailsGame", "Game", "Phase",
           "TailsState", "TailsScore", "BENCH_CONFIGS",
           "Course", "Track", "build_course", "named_course", "load_tiles", "load_courses",
           "position_data", "position_text", "parse_position_text", "TILES", "COURSES", "LANES",
           "PLAYER_COLOURS", "CARD_NAMES", "BONUS_FACES"]
