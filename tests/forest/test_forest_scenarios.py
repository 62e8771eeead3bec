"""Savernake Forest positions set up by hand (scenarios) and written back, their text
form, and the options of a new game: every mistake names its field.

What every game does alike (save files, undo, copies, same seed same game, junk
moves, scenario round trips) is checked by the conformance suite (tests/conformance)."""

import pytest

from savannah_kit import forest
from savannah_kit.core import ScenarioError
from savannah_kit.forest import Keep, Place, Take

from forest_positions import FOX_OTHER, FOX_PATH, OTHER_FULL, SCORING_EXAMPLE, forced_scenario


@pytest.mark.parametrize("scenario, field, reason", [
    ({"forests": ["A01@0,0r0"]}, "scenario.forests", "list of 2 forests"),
    ({"forests": ["A01@0,0r45", "A02@0,0r0"]}, "scenario.forests[0].cards[0].rotation", "0, 90, 180 or 270"),
    ({"forests": [{"cards": [{"card": "A01", "x": 0, "y": 0, "rotation": 0}, {"card": "Z9", "x": 1, "y": 0}]},
                  "A02@0,0r0"]}, "scenario.forests[0].cards[1].card", "unknown card 'Z9'"),
    ({"forests": [{"cards": [{"card": "A01", "x": 0, "y": 0}, {"card": "P01", "x": 1, "y": 0, "rotation": 90},
                             {"card": "P02", "x": 2, "y": 0}, {"card": "P03", "x": 3, "y": 0, "rotation": 1}]},
                  "A02@0,0r0 P04@1,0r0 P05@2,0r0 P06@3,0r0"]}, "scenario.forests[0].cards[3].rotation",
     "0, 90, 180 or 270"),
    ({"forests": [{"cards": [{"card": "A01", "x": 0, "y": "0"}]}, "A02@0,0r0"]}, "scenario.forests[0].cards[0].y",
     "integer from -50 to 50"),
    ({"forests": [{"cards": [{"card": "A01", "x": 0}]}, "A02@0,0r0"]}, "scenario.forests[0].cards[0].y", "missing"),
    ({"forests": [{"cards": [{"card": "A01", "x": 0, "y": 0, "colour": "red"}]}, "A02@0,0r0"]},
     "scenario.forests[0].cards[0].colour", "unknown field"),
    ({"forests": [{"cards": "A01"}, "A02@0,0r0"]}, "scenario.forests[0].cards", "must be a list"),
    ({"forests": ["A01@0,0r0", "A01@0,0r0"]}, "scenario.forests[1].cards[0].card", "already used at"),
    ({"forests": ["A01@0,0r0 A03@0,0r0", "A02@0,0r0 P02@1,0r0"]}, "scenario.forests[0].cards[1].x",
     "already holds the Fox"),
    ({"forests": ["A01@0,0r0 P01@2,0r0", "A02@0,0r0 P02@1,0r0"]}, "scenario.forests[0]", "not connected"),
    ({"forests": ["A01@0,0r0 P01@1,0r0 P02@2,0r0 P03@3,0r0 P04@4,0r0", "A02@0,0r0 P05@1,0r0 P06@2,0r0 "
                  "P07@3,0r0 P08@3,1r0"]}, "scenario.forests[0]", "must fit 4×4"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0 P02@1,0r0"]}, "scenario.forests", "do not fit a round"),
    ({"forests": ["A01@0,0r0 P01@1,0r0[lair=1]", "A02@0,0r0 P02@1,0r0"]}, "scenario.forests[0].cards[1].lairs",
     "tokens go on animals"),
    ({"forests": ["A01@0,0r0[lair=9]", "A02@0,0r0[lair=9]"]}, "scenario.forests", "only 15 exist"),
    ({"forests": ["A01@0,0r0[water=egg,egg]", "A02@0,0r0"]}, "scenario.forests[0].cards[0].water[1]",
     "at most one water drop"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0"], "market": {"rabbit": "P01"}}, "scenario.market.rabbit",
     "not an animal card"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0"], "market": {"pig": "P01"}}, "scenario.market.pig", "no such advisor"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0"], "pawn": 2}, "scenario.pawn", "seat from 0 to 1"),
    ({"forests": ["A01@0,0r0 P01@1,0r0", "A02@0,0r0"], "picks_done": 1}, "scenario.market", "needed when picks"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0"], "discard": ["A01"]}, "scenario.discard[0]", "already used at"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0"], "weather": "rain"}, "scenario.weather", "unknown field"),
    ({"forests": ["A01@0,0 r0", "A02@0,0r0"]}, "scenario.forests[0]", "is not like 'A01@0,0r90'"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0"], "decks": {"animals": ["A03"], "paths": []},
      "market": {"rabbit": "A05", "rooster": "P12", "armadillo": "P11", "goat": "P10"}}, "scenario.decks",
     "more round(s) need"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0"], "decks": {"animals": ["P03"]}}, "scenario.decks.animals[0]",
     "not an animal card"),
    ({"forests": [SCORING_EXAMPLE, OTHER_FULL], "picks_done": 1}, "scenario.picks_done", "game is over"),
])
def test_malformed_scenarios_name_the_field(scenario, field, reason):
    with pytest.raises(ScenarioError) as err:
        forest.from_scenario(scenario)
    assert err.value.field == field
    assert reason in err.value.reason


@pytest.mark.parametrize("junk", [None, [], 7])
def test_a_scenario_that_is_not_an_object_is_refused(junk):
    with pytest.raises(ScenarioError) as err:
        forest.from_scenario(junk)
    assert err.value.field == "scenario" and "must be an object like {'forests'" in err.value.reason


@pytest.mark.parametrize("text, field, says", [
    ("A01@0,0r0", "line 1", "expected 'field: value'"),
    ("forest 0: A01@0,0r0\nforest 2: A02@0,0r0", "line 2", "expected 'forest 1' next"),
    ("forest 0: A01@0,0r0\nforest 1: A02@0,0r0\npawn: red", "line 3", "pawn: needs a whole number"),
    ("market: rabbit", "line 1", "market places read like 'rabbit A05'"),
    ("animals: A01,,A02", "line 1", "empty card id"),
    ("compost: 3", "line 1", "unknown field 'compost'"),
    ("forest 0: A01@0,0r0\nforest 1: A01@0,0r0", "scenario.forests[1].cards[0].card", "A01"),
])
def test_a_scenario_text_that_cannot_be_read_is_refused_naming_the_line(text, field, says):
    with pytest.raises(ScenarioError) as err:
        forest.from_scenario(text)
    assert err.value.field == field and says in err.value.reason


def test_the_text_form_round_trips_and_names_whose_turn_it_is():
    game = forest.new_game(players=3, seed=8)
    for move in game.legal_moves()[:1]:
        game.play(move)
    while game.phase is not forest.Phase.TAKE:
        game.play(game.legal_moves()[0])
    text = game.scenario_text()
    assert f"to move: {game.current_player}" in text.splitlines()
    assert text == forest.scenario_to_text(game.to_scenario())
    again = forest.from_scenario(text, seed=3)
    assert again.to_scenario() == game.to_scenario() and again.legal_moves() == game.legal_moves()
    assert forest.scenario_from_text(text) == game.to_scenario()


def test_to_move_stands_for_the_picks_made_and_must_agree_with_them():
    base = {"forests": ["A01@0,0r0", "A02@0,0r0", "A03@0,0r0"], "pawn": 1}
    assert forest.from_scenario(base).current_player == 1
    with pytest.raises(ScenarioError) as err:
        forest.from_scenario(dict(base, to_move=2))  # seat 1 has picked: its forest would be larger
    assert err.value.field == "scenario.forests" and "1 pick(s) were made" in err.value.reason
    with pytest.raises(ScenarioError) as err:
        forest.from_scenario(dict(base, to_move=2, picks_done=0))
    assert err.value.field == "scenario.to_move" and "seat 1 takes next, not seat 2" in err.value.reason
    with pytest.raises(ScenarioError) as err:
        forest.from_scenario(dict(base, to_move=3))
    assert err.value.field == "scenario.to_move"


@pytest.mark.parametrize("options, field", [
    ({"players": 5}, "options.players"), ({"players": 3, "advanced": True}, "options.advanced"),
    ({"advanced": "yes"}, "options.advanced"), ({"names": ["A"]}, "options.names"), ({"colour": 1}, "options.colour"),
    ({"names": ["A", "A"]}, "options.names"), ({"names": ["A", ""]}, "options.names"),
    ({"names": ("A", "B")}, "options.names"), ({"catalogue": {"schema": "x"}}, "options.catalogue.foods"),
])
def test_bad_options_are_refused(options, field):
    with pytest.raises(ScenarioError) as err:
        forest.new_game(seed=1, **options)
    assert err.value.field == field


def test_options_are_normalised_once_and_read_only_after():
    g = forest.new_game(players=2, seed=1, advanced=False, catalogue=forest.kit_catalogue())
    assert dict(g.options) == {"players": 2, "catalogue": forest.kit_catalogue().to_data()}
    assert g.advanced is False and g.forest_bounds == (4, 4) and g.names == ("Red", "Blue")
    with pytest.raises(TypeError):
        g.options["players"] = 3


def test_the_text_form_of_a_forest_round_trips():
    g = forest.from_scenario({"forests": [FOX_PATH, FOX_OTHER], "pawn": 1})
    assert g.forest_text(0) == "P16@0,0r0 P06@1,0r0 P22@2,0r90 A01@0,1r0"
    assert forest.parse_layout("A01@0,1r0[lair=2;water=egg,worm]") == [
        {"card": "A01", "x": 0, "y": 1, "rotation": 0, "lairs": 2, "water": ["egg", "worm"]}]
    full = forest.from_scenario({"forests": [SCORING_EXAMPLE, OTHER_FULL], "pawn": 0})
    again = forest.from_scenario({"forests": [full.forest_text(0), full.forest_text(1)], "pawn": 0})
    assert again.forest_text(0) == full.forest_text(0) and again.scores() == [32, 1]
    assert "A01@0,1r0[lair=2;water=worm,egg]" in full.forest_text(0)


def test_a_position_written_as_a_scenario_plays_on_alike():
    g = forest.new_game(players=3, seed=3)
    while len(g.history) < 33 or g.phase != "take":
        g.play(g.legal_moves()[0])
    data = g.to_scenario()
    assert set(data) == {"forests", "market", "pawn", "round_start", "picks_done", "to_move", "decks", "discard"}
    copy = forest.from_scenario(data, seed=99)
    assert [copy.forest_text(p) for p in range(3)] == [g.forest_text(p) for p in range(3)]
    assert copy.legal_moves() == g.legal_moves() and copy.scores() == g.scores() and copy.round == g.round
    assert str(copy) == str(g)
    move = g.legal_moves()[0]
    g.play(move)
    copy.play(move)
    assert str(copy) == str(g)


def test_only_a_take_decision_or_a_finished_game_is_written_as_a_scenario():
    g = forest.from_scenario({"forests": [FOX_PATH, FOX_OTHER], "pawn": 0})
    g.play(Take(0, "rooster"))
    with pytest.raises(ScenarioError) as err:
        g.to_scenario()
    assert err.value.field == "phase" and "the game is in the place phase" in err.value.reason
    over = forest.from_scenario({"forests": [SCORING_EXAMPLE, OTHER_FULL], "pawn": 0})
    assert over.to_scenario() == {"forests": [over.forest_text(0), over.forest_text(1)], "pawn": 0}
    cleaned = forest.from_scenario(forced_scenario())
    for move in (Take(0, "rooster"), Place(0, 1, 1, 0), Take(1, "armadillo"), Place(1, 3, 3, 0), Keep(0, 1, 2)):
        cleaned.play(move)
    assert cleaned.is_over
    with pytest.raises(ScenarioError) as err:
        cleaned.to_scenario()
    assert err.value.field == "forests" and "clean-up" in err.value.reason


@pytest.mark.rule("forest.round.order")
def test_a_scenario_opens_at_the_take_decision_it_describes():
    market = {"rabbit": "A05", "rooster": None, "armadillo": "P11", "goat": "P10"}
    g = forest.from_scenario({"forests": ["A01@0,0r0 P12@1,0r0", "A02@0,0r0", "A03@0,0r0"],
                              "market": market, "pawn": 2, "round_start": 0, "picks_done": 1})
    assert g.round == 1 and g.round_order == (0, 1, 2) and g.picks_done == 1 and g.current_player == 1
    assert g.pawn == 2 and g.market == market and g.phase == forest.Phase.TAKE
    assert g.log[-1].message == "Scenario: round 1, order Red, Blue, Green; Blue to take a card"
