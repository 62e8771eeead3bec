"""No click anywhere on a Savannah Tails board reaches an internal error (issue 32, defect 1)."""

import pytest

from board_clicks import click_anywhere
from savannah_kit import tails


@pytest.mark.parametrize("guided", [False, True])
def test_two_hundred_random_clicks_anywhere(guided):
    b = tails.new_game(seed=4).widget(guided=guided, bots={1: "greedy"})
    assert click_anywhere(b, 200, seed=11) > 0
