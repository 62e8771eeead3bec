"""The status line of every board (issue 32): the instruction comes first and whole, what the
bots did goes on its own line under it; "No, keep playing" asks for the next move again."""

import pytest

from savannah_kit import circle, forest, tails
from savannah_kit.ui.panels import plain

GAMES = {"tails": lambda: tails.new_game(seed=2), "circle": lambda: circle.new_game(players=2, seed=2),
         "forest": lambda: forest.new_game(players=2, seed=2)}


def after_a_bot_turn(name, classroom=False):
    """A board whose bot moved first (seat 0 is the bot), so the status line reports its turn."""
    return GAMES[name]().widget(bots={0: "greedy"}, seats=[1], classroom=classroom)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("classroom", [False, True])
def test_after_the_bots_the_instruction_comes_first_and_the_bots_get_their_own_line(name, classroom):
    b = after_a_bot_turn(name, classroom)
    assert b.game.history, "the bot has played"
    ask = b.instruction()
    assert b.status.text.startswith(ask), b.status.text
    assert b.status.then.startswith("Bots played: ") and b.status.then in b.status.text
    value = b.status.widget.value
    assert value.index('class="sk-then"') > value.index(ask[:20])  # the bots' line comes after, in its own box
    assert plain(value).startswith(ask)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_keep_playing_asks_for_the_next_move_again(name):
    b = after_a_bot_turn(name)
    b.new_game()
    assert b.new_game_question.asking and "Start a new game?" in b.status.text
    b.new_game_question.no.click()
    assert not b.new_game_question.asking
    assert "new game" not in b.status.text.lower() and b.status.text == b.instruction(), b.status.text
    assert len(b.game.history) > 0  # the game goes on
