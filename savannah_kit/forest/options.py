"""The rulings of Savernake Forest a game may change: one ``new_game`` option each, with the kit's
default (``savannah-kit rules variants forest``; ``core.spec.Option``)."""

from ..core.spec import Option
from .data import RUN_ON_RULE

VARIANTS = (
    Option("forced", ("place", "discard"), "place", "K13",
           "A player whom no card on the board fits takes one and places it anywhere next to the forest, even "
           "putting two animals on one path; with 'discard' they discard it instead, and their forest stays "
           "a card short."),
    Option("advanced", (False, True), False, "forest.adv.8x4",
           "The rulebook's 2-player advanced mode: two starting animals, two cards a round, an 8×4 forest."),
    Option("dead_ends", (True, False), True, "forest.place.free-paths",
           "The kit's deck has 12 path cards with dead ends; with False the same 45 cards are played without "
           f"them: {RUN_ON_RULE}."),
)
