"""No click anywhere on a Circle of Life board reaches an internal error (issue 32, defect 1)."""

import pytest

from board_clicks import click_anywhere
from savannah_kit import circle


@pytest.mark.parametrize("guided", [False, True])
def test_two_hundred_random_clicks_anywhere(guided):
    b = circle.new_game(players=2, seed=4).widget(guided=guided, bots={1: "greedy"})
    assert click_anywhere(b, 200, seed=13) > 0


def test_hot_seat_random_clicks_anywhere():
    b = circle.new_game(players=2, seed=6).widget()
    assert click_anywhere(b, 200, seed=17) > 0
