"""Small helpers for the Circle of Life tests: hand-built positions and card ids.

Card ids of the kit catalogue: Lion C01-C03, Leopard C04-C06, Cheetah C07-C09,
Hyena C10-C13, Wild dog C14-C16, Jackal C17-C19, Elephant C20-C22,
Rhinoceros C23-C25, Buffalo C26-C29, Giraffe C30-C32, Hippopotamus C33-C34,
Zebra C35-C40, Wildebeest C41-C46, Impala C47-C51, Gazelle C52-C56,
Warthog C57-C61, Maasai C62.
"""

import random

from savannah_kit import circle
from savannah_kit.circle import Play

FILLER_DRAW = ["C41", "C42", "C43", "C44", "C45"]

# the kit catalogue's set-up and scoring numbers
KIT_CARDS = 62
SAVANNAH = 6
HAND = 3
TOKENS = 12  # per player with the option tokens=12 (by default tokens never run out: kit ruling K16)
BIG_FIVE_BONUS = 25
MAASAI_PENALTY = 10


def position(savannah=(), hands=None, players=2, draw=None, catalogue=None, tokens=None, **extra):
    """A game at a hand-built position (with another ``catalogue`` if given, and counted tokens with
    ``tokens``); seat 0 to move unless ``to_move`` says otherwise. Hands default to harmless grazers;
    the draw pile to five Wildebeest."""
    if hands is None:
        hands = [["C35", "C36", "C37"], ["C38", "C39", "C40"]][:players]
    scenario = {"savannah": list(savannah), "hands": [list(h) for h in hands],
                "draw_pile": list(FILLER_DRAW if draw is None else draw)}
    scenario.update(extra)
    options = {} if catalogue is None else {"catalogue": catalogue}
    if tokens is not None:
        options["tokens"] = tokens
    return circle.new_game(players=players, seed=0, scenario=scenario, **options)


def played(seed=4, players=3, moves=15):
    """A game ``moves`` random moves in (the same seed, the same game)."""
    g = circle.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        g.play(rng.choice(g.legal_moves()))
    return g


def row(game):
    """The savannah as 'Card@seat' / 'Card' strings, left to right."""
    return game.to_scenario()["savannah"]


def moves_for(game, card):
    return sorted((m for m in game.legal_moves() if getattr(m, "card", None) == card), key=repr)


def play(card, *actions):
    return Play.of(card, *actions)
