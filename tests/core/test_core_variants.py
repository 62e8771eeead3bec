"""The rulings a game may change, as declared options: ``rules variants GAME`` lists them and
``core.game.Game`` refuses a value an option does not take."""

import pytest

from savannah_kit.core.errors import ScenarioError
from savannah_kit.core.registry import games
from savannah_kit.core.spec import Option
from savannah_kit.rules_cli import main


@pytest.mark.parametrize("name", list(games()))
def test_rules_variants_lists_every_option_with_values_default_and_ruling(name, capsys):
    assert main(["variants", name]) == 0
    out = capsys.readouterr().out
    for o in games()[name].options:
        assert f"{o.name}  [ruling {o.ruling}]" in out and o.sentence in out and f"default: {o.default!r}" in out


def test_a_value_an_option_does_not_take_is_refused_naming_the_option_and_its_values():
    with pytest.raises(ScenarioError) as err:
        games()["forest"].new_game(players=2, seed=1, advanced="yes")
    assert err.value.field == "options.advanced" and "False (default), True" in str(err.value)


def test_true_is_not_one():
    option = Option("x", (0, 1), 0, "K1", "A test option.")
    assert option.allows(1) and not option.allows(True)


def test_a_game_reads_each_option_as_given_or_its_default_and_no_other():
    game = games()["circle"].new_game(players=2, seed=1, tie_break="kills")
    assert game.option("tie_break") == "kills" and game.option("species") == "kit"
    with pytest.raises(KeyError, match="no option 'nothing'"):
        game.option("nothing")
