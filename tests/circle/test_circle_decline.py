"""Kit ruling K11 as an option: by default a hunt with a card in reach must be carried out
(``circle.hunt.mandatory``); with ``hunts='optional'`` a player may decline it and take none of its
targets. The engine, the explanations, the save file, the bots and the board follow the option."""

import pytest

from savannah_kit import circle
from savannah_kit.circle.bots import BigFiveBot
from savannah_kit.core import IllegalMove
from savannah_kit.core.bots import GreedyBot
from savannah_kit.core.errors import ScenarioError
from savannah_kit.core.search import MCTSBot
from savannah_kit.rules_cli import main

from circle_helpers import moves_for, play, row

HANDS = [["C20", "C36", "C37"], ["C38", "C39", "C40"]]


def elephant(savannah=("C35", "C10@0"), **options):
    """Red holds an Elephant (scare all predators within 2) and two Zebras; Red's own Hyena is in reach,
    so the compulsory hunt scares Red's own card out of the game."""
    return circle.new_game(players=2, seed=0, scenario={"savannah": list(savannah), "hands": HANDS,
                                                        "draw_pile": ["C42", "C43", "C44"]}, **options)


@pytest.mark.rule("circle.hunt.mandatory")
def test_by_default_a_hunt_with_a_target_cannot_be_declined():
    g = elephant()
    assert moves_for(g, "C20") == [play("C20", ["C10"])]
    before = g.to_json()
    with pytest.raises(IllegalMove) as err:
        g.play(play("C20", []))
    assert err.value.rule_id == "circle.hunt.mandatory" and "Hyena (C10) is in reach" in err.value.reason
    assert g.to_json() == before
    assert g.explain(play("C20", [])).endswith("[circle.hunt.mandatory]")


@pytest.mark.rule("circle.hunt.mandatory")
def test_with_hunts_optional_a_player_may_decline_a_hunt():
    g = elephant(hunts="optional")
    assert moves_for(g, "C20") == sorted([play("C20", ["C10"]), play("C20", [])], key=repr)
    assert g.explain(play("C20", [])).startswith("Legal:")
    events = g.play(play("C20", []))
    assert "Red declines Elephant's action 1 (option hunts='optional'): it takes nothing" in [e.message for e in events]
    assert row(g) == ["C35", "C10@0", "C20@0"] and g.to_scenario()["out"] == []
    # a hunt with nothing in reach is still just skipped, and says so
    g = elephant(savannah=("C35", "C41"), hunts="optional")
    assert moves_for(g, "C20") == [play("C20", [])]
    assert "Elephant's action 1 has no target in reach: skipped" in [e.message for e in g.play(play("C20", []))]


@pytest.mark.rule("circle.hunt.mandatory", "circle.hunt.count")
def test_declining_takes_nothing_but_a_hunt_taken_still_takes_its_stated_number():
    g = elephant(savannah=("C17@1", "C10@0"), hunts="optional")  # Blue's Jackal and Red's Hyena
    assert moves_for(g, "C20") == sorted([play("C20", ["C10", "C17"]), play("C20", [])], key=repr)
    with pytest.raises(IllegalMove) as err:
        g.play(play("C20", ["C17"]))  # "all": both or none
    assert err.value.rule_id == "circle.hunt.count"


@pytest.mark.rule("circle.hunt.mandatory", "circle.hunt.verb")
def test_a_choice_may_be_declined_as_a_whole():
    from test_circle_hunt import hyena_that_hunts_twice

    data = hyena_that_hunts_twice()
    scenario = {"savannah": ["C07", "C47"], "hands": [["C10", "C35", "C36"], ["C38", "C39", "C40"]],
                "draw_pile": ["C42"]}
    standard = circle.new_game(players=2, seed=0, scenario=scenario, catalogue=data)
    optional = circle.new_game(players=2, seed=0, scenario=scenario, catalogue=data, hunts="optional")
    declined = play("C10", ["C47"], (0, []))
    assert declined not in standard.legal_moves() and declined in optional.legal_moves()
    assert play("C10", [], []) in optional.legal_moves()


def test_the_option_is_declared_checked_saved_and_listed(capsys):
    with pytest.raises(ScenarioError) as err:
        circle.new_game(players=2, seed=0, hunts="sometimes")
    assert err.value.field == "options.hunts" and "'compulsory' (default), 'optional'" in str(err.value)
    g = elephant(hunts="optional")
    g.play(play("C20", []))
    back = circle.from_json(g.to_json())
    assert back.option("hunts") == "optional" and back.to_json() == g.to_json()
    assert main(["variants", "circle"]) == 0
    assert "hunts  [ruling K11]" in capsys.readouterr().out


@pytest.mark.parametrize("bot", [GreedyBot(seed=1), BigFiveBot(seed=1), MCTSBot(seed=1, iterations=60)],
                         ids=["greedy", "big-five", "mcts"])
def test_the_bots_decline_a_hunt_that_would_scare_their_own_card(bot):
    # the Elephant is Red's only playable card (a predator may not follow the Hyena), and scaring
    # Red's own Hyena would cost its survivor points
    hands = [["C20", "C02", "C05"], HANDS[1]]
    for hunts, best in (("compulsory", play("C20", ["C10"])), ("optional", play("C20", []))):
        g = circle.new_game(players=2, seed=0, hunts=hunts, scenario={
            "savannah": ["C35", "C10@0"], "hands": hands, "draw_pile": ["C42", "C43", "C44", "C45"]})
        assert bot.choose(g) == best


def board_hunting(**options):
    g = elephant(**options)
    b = g.widget(bots={1: "greedy"})
    b.select("C20")
    assert b.hunting and b.lit() == ["C10"]
    return g, b


@pytest.mark.rule("circle.hunt.mandatory")
def test_the_board_offers_decline_the_hunt_only_when_the_option_allows_it():
    g, b = board_hunting()
    assert "Skip this hunt" in b.render().texts() and "Decline the hunt" not in b.render().texts()
    assert "R declines" not in b.canvas.view.label
    saved = g.to_json()
    b.canvas.press("r")  # the key asks the engine, which refuses: the hunt is compulsory
    assert g.to_json() == saved and b.status.refused and "circle.hunt.mandatory" in b.status.text

    g, b = board_hunting(hunts="optional")
    assert "Decline the hunt" in b.render().texts() and "hunt:skip" in b.keyboard_order()
    assert "Decline the hunt (R)" in b.status.text
    assert "R declines a hunt" in b.canvas.view.label  # the board's accessible name
    b.click_hit("hunt:skip")
    assert g.history[0] == play("C20", [])
    assert any("Red declines Elephant's action 1" in said for said in b.a11y.said)


def test_the_key_declines_in_the_click_layer_without_widgets():
    from savannah_kit.circle.clicks import CircleClicks

    g = elephant(hunts="optional")
    clicks = CircleClicks(g, bots={1: "greedy"})
    clicks.select("C20")
    clicks.canvas.press("r")
    assert g.history[0] == play("C20", [])
