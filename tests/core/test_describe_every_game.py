"""``game.describe()``, the position in words (a board's Describe button reads it out): each
game's says whose turn it is, where things are and what can be done, and loading it imports
nothing from Jupyter."""

import random
import subprocess
import sys

import pytest

from savannah_kit import circle, forest, tails

JUPYTER = ("ipywidgets", "ipycanvas", "anywidget", "IPython", "ipykernel", "traitlets", "comm")


def test_describing_every_game_loads_no_jupyter_module():
    code = ("import sys\nfrom savannah_kit import tails, circle, forest\n"
            "for m in (tails, circle, forest):\n    m.new_game(players=2, seed=3).describe()\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {JUPYTER!r}))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_tails_says_the_race_order_the_hand_and_the_cards_that_move():
    g = tails.new_game(players=2, seed=1)
    text = g.describe()
    assert "Red to move" in text and "1st Red, behind the start line; 2nd Purple, behind the start line" in text
    assert "Red's hand: red 6, black 5, red 4 and blue 5" in text
    assert "red 4 (5 spaces)" in text
    g.play(next(m for m in g.legal_moves() if m.to == "T03:red:0"))
    assert "Red, on T03 red space 1" in g.describe()  # spaces counted from 1, as the board counts them


def test_circle_says_the_scores_the_savannah_left_to_right_and_what_can_be_played():
    g = circle.new_game(players=2, seed=1)
    text = g.describe()
    assert "Red to move. Scores: Red 0, Blue 0." in text
    assert "The savannah, left to right: 1. Cheetah (C09, level 3, predator); 2. Zebra (C37, level 2)" in text
    assert "Red can play Giraffe (C32) or Buffalo (C29)" in text
    assert g.describe(g.legal_moves()[0]).startswith("Play ")  # a move in words, as before


def test_forest_says_the_market_each_forest_and_what_can_be_taken():
    g = forest.new_game(players=2, seed=1)
    text = g.describe()
    assert "Blue to take a card from the board. Scores: Red 1, Blue 2." in text
    assert "the rabbit's card: the Magpie" in text and "Red's forest: the Hamster (turned 0°)" in text
    assert text.endswith("Blue can take the rabbit's, the rooster's, the armadillo's or the goat's card.")
    g.play(g.legal_moves()[0])
    assert "Blue can place the card in" in g.describe()


@pytest.mark.parametrize("module", [tails, circle, forest], ids=["tails", "circle", "forest"])
def test_every_card_of_a_forest_or_ostrich_is_placed_next_to_one_said_before(module):
    rng = random.Random(5)
    g = module.new_game(players=2, seed=5)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    text = g.describe()
    assert "over" in text and ("wins" in text or "win " in text)
    if module is forest:  # reading order: no card is placed by a neighbour not yet read
        for part in text.split("forest: ")[1:]:
            said = []
            for card in part.split("; "):
                name, _, where = card.partition(" (")
                for side in ("right of ", "left of ", "below ", "above "):
                    if where.startswith(side):
                        assert where[len(side):].split(",")[0] in said, card
                said.append(name)
