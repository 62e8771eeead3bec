"""Hand-built positions: malformed scenarios and options name the field, the text form, rebuilding a
position from its scenario (the last discards included), what each player may see, and the text board."""

import pytest

from savannah_kit import circle
from savannah_kit.circle import LastDiscard, Phase
from savannah_kit.core import ScenarioError

from circle_helpers import play, played, position


@pytest.mark.rule("circle.setup.players")
@pytest.mark.parametrize("scenario, field", [
    ("not a dict", "scenario"),
    ({"savanna": []}, "scenario.savanna"),
    ({"savannah": ["Unicorn"]}, "scenario.savannah[0]"),
    ({"savannah": ["Zebra", {"card": "Lion", "token": 7}]}, "scenario.savannah[1].token"),
    ({"savannah": ["Zebra", {"card": 35}]}, "scenario.savannah[1].card"),
    ({"savannah": ["Zebra", "Zebra", "Lion@x"]}, "scenario.savannah[2]"),
    ({"savannah": ["C35", "C35"]}, "scenario.savannah[1]"),
    ({"savannah": ["Maasai", "Maasai"]}, "scenario.savannah[1]"),
    ({"hands": [["C01", "C02"], ["C03", "C04", "C05"]]}, "scenario.hands[0]"),
    ({"hands": [["C01", "C02", "C03"]]}, "scenario.hands"),
    ({"kill_piles": [["C01"], "C02"]}, "scenario.kill_piles[1]"),
    ({"bonus": [0, -1]}, "scenario.bonus[1]"),
    ({"supply": [0, 100]}, "scenario.supply[1]"),
    ({"to_move": 2}, "scenario.to_move"),
    ({"draw_pile": "C01"}, "scenario.draw_pile"),
])
def test_malformed_scenarios_name_the_field(scenario, field):
    with pytest.raises(ScenarioError) as err:
        circle.new_game(players=2, seed=0, scenario=scenario)
    assert err.value.field == field


@pytest.mark.rule("circle.setup.players")
@pytest.mark.parametrize("scenario", [None, 7, ["C01"]])
def test_from_scenario_takes_only_data_or_text(scenario):
    with pytest.raises(ScenarioError) as err:
        circle.from_scenario(scenario)
    assert err.value.field == "scenario"


@pytest.mark.rule("circle.setup.players")
def test_unknown_and_bad_options_are_refused():
    for options, field in (({"speed": 3}, "options.speed"), ({"tokens": -1}, "options.tokens"),
                           ({"first_player": 2}, "options.first_player"),
                           ({"catalogue": {"title": "x"}}, "options.catalogue.setup")):
        with pytest.raises(ScenarioError) as err:
            circle.new_game(players=2, seed=0, **options)
        assert err.value.field == field


@pytest.mark.rule("circle.setup.hand")
def test_scenario_text_form_round_trips():
    text = ("savannah: Zebra, Lion@0, C20@1\n"
            "hand 0: Lion, Zebra, Impala\n"
            "hand 1: C10, Giraffe, Warthog\n"
            "kills 0: Gazelle\n"
            "kills 1:\n"
            "bonus 0: 0\n"
            "bonus 1: 2\n"
            "draw: Zebra, Hyena\n"
            "to move: 1\n")
    data = circle.scenario_from_text(text)
    assert data == {"savannah": ["Zebra", "Lion@0", "C20@1"], "hands": [["Lion", "Zebra", "Impala"],
                    ["C10", "Giraffe", "Warthog"]], "kill_piles": [["Gazelle"], []], "bonus": [0, 2],
                    "draw_pile": ["Zebra", "Hyena"], "to_move": 1}
    assert circle.scenario_to_text(data) == text
    g = circle.from_scenario(text)
    assert g.to_scenario()["savannah"] == ["C35", "C01@0", "C20@1"]
    assert g.to_scenario()["hands"] == [["C02", "C36", "C47"], ["C10", "C30", "C57"]]
    assert g.current_player == 1


@pytest.mark.rule("circle.setup.hand")
@pytest.mark.parametrize("text, line", [
    ("savannah: Zebra\nhand 1: Lion\n", "line 2"),
    ("savannah Zebra\n", "line 1"),
    ("draw: Zebra,, Lion\n", "line 1"),
    ("draw: Zebra\ndraw: Lion\n", "line 2"),
    ("to move: Red\n", "line 1"),
    ("bonus 0: many\n", "line 1"),
    ("colour: red\n", "line 1"),
])
def test_a_bad_line_of_the_text_form_is_named(text, line):
    with pytest.raises(ScenarioError) as err:
        circle.scenario_from_text(text)
    assert err.value.field == line


@pytest.mark.rule("circle.setup.hand")
def test_a_position_rebuilds_from_its_scenario():
    g = played(moves=12)
    again = circle.new_game(players=3, seed=0, scenario=g.to_scenario())
    assert str(again) == str(g)
    assert again.legal_moves() == g.legal_moves()
    text = circle.scenario_to_text(g.to_scenario())
    assert circle.scenario_from_text(text) == g.to_scenario()


@pytest.mark.rule("circle.end.last-discard")
def test_a_position_during_the_last_discards_rebuilds_from_its_scenario():
    g = position(["C41"], hands=[["C36", "C37", "C38"], ["C39", "C40", "C35"]], draw=["C20"])
    g.play(play("C36"))
    g.play(LastDiscard("C40"))  # Blue has discarded: Red is the last to
    again = circle.from_scenario(g.to_scenario())
    assert again.phase is Phase.LAST_DISCARDS and again.current_player == 0
    assert again.to_scenario() == g.to_scenario() and again.legal_moves() == g.legal_moves()
    g.play(LastDiscard("C20"))
    over = circle.from_scenario(g.to_scenario())
    assert over.is_over and over.scores() == g.scores()


@pytest.mark.rule("circle.setup.hand")
def test_a_player_sees_their_hand_and_the_public_table_only():
    g = played(moves=7)
    full = g.view()
    mine = g.view(1)
    assert mine["hand"] == full["hands"][1]
    assert "hands" not in mine and "draw_pile" not in mine
    assert mine["savannah"] == full["savannah"] and mine["kill_piles"] == full["kill_piles"]
    assert mine["hand_sizes"] == [3, 3, 3] and mine["draw_pile_size"] == len(full["draw_pile"])
    assert mine["phase"] == full["phase"] == "play"
    with pytest.raises(ScenarioError):
        g.view(3)


@pytest.mark.rule("circle.turn.steps")
def test_text_board_and_reprs_are_deterministic():
    g = position(["C35@1", "C01"], hands=[["C36", "C37", "C38"], ["C39", "C40", "C47"]], draw=["C42"])
    assert str(g) == "\n".join([
        "Circle of Life: 2 players, Red to move; draw pile 1, out of the game 0",
        "Savannah, left to right:",
        "   1. Zebra        C35  level 2  GRAZERS                    Blue",
        "   2. Lion         C01  level 5  CATS     predator Big-Five nobody",
        "Red    score   0  bonus 0  hand: Zebra (C36), Zebra (C37), Zebra (C38)",
        "       kill pile: -",
        "Blue   score   2  bonus 0  hand: Zebra (C39), Zebra (C40), Impala (C47)",
        "       kill pile: -",
    ])
    # K16: the token count shows only when tokens are counted
    counted = position(["C35@1", "C01"], hands=[["C36", "C37", "C38"], ["C39", "C40", "C47"]], draw=["C42"],
                       tokens=12)
    assert str(counted).splitlines()[4] == "Red    score   0  tokens 12  bonus 0  hand: Zebra (C36), Zebra (C37), Zebra (C38)"
    assert repr(g) == "<CircleGame players=2 seed=0 moves=0, player 0 to move>"
    assert repr(play("C01", ["C35"], ["C10", "C17"])) == "Play(C01 [C35] [C10 C17])"
    assert repr(play("C10", (1, ["C07"]))) == "Play(C10 #1[C07])"
    assert g.describe(play("C01", ["C35"], [])) == "Play Lion (C01): kill Zebra (C35); scare nothing"
    assert g.describe(play("C10", (1, ["C07"]))) == "Play Hyena (C10): scare Cheetah (C07)"
    assert g.player_name(1) == "Blue" and g.player_name(-1) == "nobody"


@pytest.mark.rule("circle.setup.players")
def test_scenario_data_that_is_not_an_object_lists_the_fields():
    with pytest.raises(ScenarioError) as err:
        circle.new_game(players=2, seed=0, scenario=7)
    assert (err.value.field, err.value.reason) == (
        "scenario", "must be an object with fields savannah, hands, holds, kill_piles, bonus, supply, draw_pile, out, "
                    "to_move")  # holds: partial hands, new with the Tails vocabulary
