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


@pytest.mark.parametrize("name", list(games()))
def test_each_option_is_told_in_the_rule_index_entries_of_the_rules_it_changes(name, capsys):
    from savannah_kit.core.rules_index import rules_for

    rules = rules_for(name)
    for o in games()[name].options:
        changed = [r for r in rules if o in r.options]
        assert all(rid in {r.id for r in rules} for rid in o.rules), f"{name}: {o.name}.rules names no rule of the game"
        assert changed, f"{name}: option {o.name} changes no rule of the index (ruling {o.ruling})"
        for r in changed:
            assert o.ruling == r.id or o.ruling in r.rulings or r.id in o.rules
            assert r.entry.startswith(r.text + " ")  # the rule's own text first, as RULES.md words it
            assert f"Option `{o.name}` ({o.shown()}): {o.sentence}" in r.entry
    plain = next(r for r in rules if not r.options)
    assert plain.entry == plain.text
    changed = next(r for r in rules if r.options)
    assert main(["show", changed.id]) == 0 and changed.options[0].sentence in capsys.readouterr().out
