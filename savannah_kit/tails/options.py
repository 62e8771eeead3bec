"""The rulings of Savannah Tails a race may change: one ``new_game`` option each, with the kit's
default (``savannah-kit rules variants tails``; ``core.spec.Option``)."""

from ..core.spec import Option
from .data import DEFAULT_FACES

VARIANTS = (
    Option("flat_bonus", (False, True), False, "A1",
           "Bonus movement is the race position (1st +1, 2nd +2, ...); with True it is a flat +2."),
    Option("bonuses", (list(DEFAULT_FACES),), list(DEFAULT_FACES), "tails.setup.bonus-faces",
           "Which face of each of the 3 bonus cards the race uses.",
           others="or one face of each pair: boinnnggg/leapfrog, crazy-wings/deja-vu, bird-brain/neck-stretch"),
    Option("start_order", ("seat", "random"), "seat", "tails.setup.start-order",
           "The starting order: seat order, at random, or a list of the seats.", others="or a list of the seats"),
)
