"""Boards follow the page's theme (``ui/theme.py``, ``core/theme.py``): a board redraws in the
theme its browser side reports, live; the pictures shown after that come in the same theme;
where no page has said (nbval, scripts) pictures keep their default; Forest has a dark board."""

import pytest

from savannah_kit import circle, forest, tails
from savannah_kit.core import theme

GAMES = [tails, circle, forest]


@pytest.fixture(autouse=True)
def no_page_theme():
    theme.set_page_theme(None)
    yield
    theme.set_page_theme(None)


def report(board, name):
    board.canvas.view._handle_custom_msg({"event": "theme", "theme": name}, [])


@pytest.mark.parametrize("module", GAMES, ids=["tails", "circle", "forest"])
def test_a_board_redraws_in_the_theme_the_page_reports_and_back(module):
    game = module.new_game(players=2, seed=1)
    board = game.widget(bots={1: "greedy"})
    light = board.canvas.scene.background
    report(board, "dark")
    assert board.theme == "dark" and board.canvas.scene.background == game.scene(theme="dark").background != light
    assert board.canvas.view.picture is board.canvas.scene  # the stored picture (PNG) follows too
    report(board, "light")
    assert board.theme == "light" and board.canvas.scene.background == light


@pytest.mark.parametrize("module", GAMES, ids=["tails", "circle", "forest"])
def test_pictures_shown_after_a_dark_page_spoke_are_dark_and_default_before(module):
    game = module.new_game(players=2, seed=1)
    assert game._repr_svg_() == game.to_svg()  # nothing known: the stored outputs do not change
    report(module.new_game(players=2, seed=1).widget(bots={1: "greedy"}), "dark")
    assert game._repr_svg_() == game.to_svg(theme="dark") != game.to_svg()


def test_forest_has_a_dark_board():
    board = forest.new_game().widget(theme="dark")
    assert board.theme == "dark" and board.canvas.scene.background == forest.new_game().scene(theme="dark").background


def test_an_unknown_page_theme_is_refused_by_name():
    with pytest.raises(ValueError, match="theme must be 'light' or 'dark'"):
        theme.set_page_theme("pink")
    board = forest.new_game().widget()
    report(board, "pink")  # ignored: the page's words are checked
    assert board.theme == "light" and theme.page_theme() is None
