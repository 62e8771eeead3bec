"""The rulings of Savannah Tails a race may change: one ``new_game`` option each, with the kit's
default (``savannah-kit rules variants tails``; ``core.spec.Option``)."""

from ..core.spec import Option
from .data import DEFAULT_FACES

VARIANTS = (
    Option("flat_bonus", (False, True), False, "A1",
           "Bonus movement is the race position (1st +1, 2nd +2, ...); with True it is a flat +2."),
    Option("bonus_place", ("live", "round"), "live", "K1",
           "Bonus movement counts the race position as the player's turn begins; with 'round' it counts the "
           "place in this round's turn order, the race order as the round began."),
    Option("tiptoe", ("choice", "always"), "choice", "K8",
           "A player with a '2' may tiptoe (animals and quicksand ignored) or not; with 'always' a '2' always "
           "tiptoes."),
    Option("blocked", ("spend", "keep"), "spend", "K3",
           "An ostrich that cannot move at all still plays a card and draws; with 'keep' it keeps its cards "
           "and skips the turn."),
    Option("boinnnggg_end", ("acts", "through"), "acts", "K6",
           "Boinnnggg moves through ostriches, animals and quicksand but not through the space where it ends: no "
           "lion or crocodile there, quicksand there costs 2, a cheetah or warthog there acts; with 'through' (the "
           "kit's literal reading of \"move through\") the end space is moved through too: it may hold a lion or "
           "a crocodile, quicksand there costs 1, a cheetah or warthog there does nothing; it may still not hold "
           "an ostrich, since ostriches never share a space."),
    Option("one_space", ("forward", "any"), "forward", "A2",
           "A one-space move steps forward or diagonally forward along a guide line; with 'any' it may also step "
           "sideways (to the neighbouring lane's space level with it: the same row, or on a corner the same "
           "section) or back (to the space behind it in its lane, never behind the start line), and what it "
           "enters acts as on any step."),
    Option("warthog_draw", ("replaces", "adds"), "replaces", "A9",
           "A warthog's new hand replaces the turn's draw; with 'adds' the usual draw (and Bird Brain's extra card) "
           "follows it, and the hand-size check then has the player discard down to the hand size."),
    Option("bonus_per_turn", ("any", "one"), "any", "K4",
           "A player may use several different armed bonus cards in the same turn, each once (Crazy Wings, then "
           "Neck Stretch, say); with 'one' a turn uses at most one bonus card."),
    Option("porcupine", ("anywhere", "card-lane"), "anywhere", "K7",
           "Running into a porcupine ends the move there, even short and off the card lane, and a porcupine never "
           "blocks; with 'card-lane' it ends the move only where the move could end anyway (on the card lane), and "
           "off the card lane it blocks the way like any obstacle, so the move may stop short of it.",
           rules=("tails.move.blocked-stop",)),
    Option("leapfrog_landing", ("counts", "nothing"), "counts", "K15",
           "The space a Leapfrog lands on is where the move finishes: a water hole there arms a bonus card and a "
           "dune arrow there moves the ostrich; with 'nothing' the landing counts for nothing: no water hole, no "
           "arrow."),
    Option("bonuses", (list(DEFAULT_FACES),), list(DEFAULT_FACES), "tails.setup.bonus-faces",
           "Which face of each of the 3 bonus cards the race uses.",
           others="or one face of each pair: boinnnggg/leapfrog, crazy-wings/deja-vu, bird-brain/neck-stretch"),
    Option("start_order", ("seat", "random"), "seat", "tails.setup.start-order",
           "The starting order: seat order, at random, or a list of the seats.", others="or a list of the seats"),
)
