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
    Option("shared_paths", ("refused", "allowed"), "refused", "D1",
           "A placement that puts two animals on one path is refused; with 'allowed' it is played, and at the "
           "end the player keeps one animal of each shared path and discards the others (the rulebook's "
           "end-of-game clean-up)."),
    Option("tie_break", ("holder", "next"), "holder", "D5",
           "Tied players: the tie goes to the first of them met going clockwise from the pawn holder, the holder "
           "included; with 'next' the count starts at the player after the holder, so the holder comes last."),
)
