"""Comparing a line with itself says so and shows its position once (issue 32, defect 17)."""

import pytest

from savannah_kit import circle, forest, tails

GAMES = {"tails": tails, "circle": circle, "forest": forest}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_line_compared_with_itself_says_so(name):
    game = GAMES[name].new_game(seed=3)
    board = game.widget(bots={1: "greedy"}, branching=True)
    board.play(game.legal_moves()[0])
    panel = board.lines
    panel.compare(1, 1)
    shown = panel.comparison.children
    assert len(shown) == 1, "one line twice: one picture"
    note = shown[0].children[0].value
    assert "Line 1 compared with itself" in note and "Line 1 compared with itself" in board.status.text
    assert "<svg" in shown[0].children[1].children[1].value
