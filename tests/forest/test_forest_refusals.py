"""Savernake Forest refuses bad input by naming the rule (or the field): moves for the
wrong player or of the wrong kind, tokens for cells without an animal, questions
about advisors that do not exist, corrupt save files. Nothing changes when it does."""

import json
import random

import pytest

from savannah_kit import forest
from savannah_kit.core import SaveFileError
from savannah_kit.forest import Keep, Lair, Orient, Place, Take, Water

from forest_positions import forced_scenario, refused

MARKET = {"rabbit": "A05", "rooster": "P12", "armadillo": "P11", "goat": "P10"}


def game_at(red="A01@0,0r0 A02@1,0r0", blue="A03@0,0r0 P02@1,0r0", pawn=0):
    return forest.from_scenario({"forests": [red, blue], "market": dict(MARKET), "pawn": pawn})


def played(seed=3, moves=25, **options):
    g = forest.new_game(seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        g.play(rng.choice(g.legal_moves()))
    return g


def asked_by(slot):
    """Red takes the card of ``slot`` and places it: the armadillo or the goat asks where its token goes."""
    g = game_at()
    g.play(Take(0, slot))
    g.play(Place(0, 0, 1, 0))
    assert g.phase == {"armadillo": forest.Phase.LAIR, "goat": forest.Phase.WATER}[slot]
    return g


def at_clean_up():
    g = forest.from_scenario(forced_scenario())
    for move in (Take(0, "rooster"), Place(0, 1, 1, 0), Take(1, "armadillo"), Place(1, 3, 3, 0)):
        g.play(move)
    assert g.phase == forest.Phase.CLEANUP
    return g


def at_orient():
    g = forest.new_game(players=2, seed=5, advanced=True)
    assert g.phase == forest.Phase.ORIENT
    return g


@pytest.mark.rule("forest.round.order")
def test_a_move_for_the_wrong_player_names_whose_decision_it_is():
    g = played()
    p = g.current_player
    move = g.legal_moves()[0]
    wrong = type(move)(**{**move.__dict__, "player": 1 - p})
    err = refused(g, wrong, "forest.round.order")
    assert err.reason == f"it is {g.player_name(p)}'s decision, not {g.player_name(1 - p)}'s"
    err = refused(g, Take(7, "goat"), "forest.round.order")
    assert err.reason == "there is no player 7 in this game: Red is 0 and Blue is 1"


@pytest.mark.rule("forest.turn.take")
def test_a_move_of_another_kind_while_taking_cites_the_take():
    g = game_at()
    err = refused(g, Place(0, 0, 1, 0), "forest.turn.take")
    assert err.reason == "first take a card from the board"
    refused(g, Lair(0, 0, 0), "forest.turn.take")


@pytest.mark.rule("forest.advisor.armadillo")
def test_a_move_of_another_kind_during_the_lair_question_cites_the_armadillo():
    g = asked_by("armadillo")
    err = refused(g, Take(0, "goat"), "forest.advisor.armadillo")
    assert err.reason == "first choose the animal that gets the lair token"
    refused(g, Water(0, 0, 0, "egg"), "forest.advisor.armadillo")


@pytest.mark.rule("forest.advisor.goat")
def test_a_move_of_another_kind_during_the_water_question_cites_the_goat():
    g = asked_by("goat")
    err = refused(g, Lair(0, 0, 0), "forest.advisor.goat")
    assert err.reason == "first choose the animal corner that gets the water drop"
    refused(g, Place(0, 1, 1, 0), "forest.advisor.goat")


@pytest.mark.rule("forest.end.shared-path-cleanup")
def test_a_move_of_another_kind_during_the_clean_up_cites_the_clean_up():
    g = at_clean_up()
    err = refused(g, Take(0, "rabbit"), "forest.end.shared-path-cleanup")
    assert "which animal keeps the shared path" in err.reason
    refused(g, Lair(0, 1, 2), "forest.end.shared-path-cleanup")


@pytest.mark.rule("forest.adv.two-animals")
def test_a_move_of_another_kind_while_turning_starting_animals_cites_the_set_up():
    g = at_orient()
    p = g.current_player
    err = refused(g, Take(p, "goat"), "forest.adv.two-animals")
    assert err.reason == "first turn the starting animals"
    refused(g, Place(p, 0, 0, 0), "forest.adv.two-animals")
    refused(g, Orient(p, 45), "forest.place.rotation")


@pytest.mark.rule("forest.turn.take")
def test_a_move_of_another_kind_while_placing_names_the_card_in_hand():
    g = game_at()
    g.play(Take(0, "goat"))
    err = refused(g, Keep(0, 0, 0), "forest.turn.take")
    assert err.reason == "first place path card P10, the card just taken"


@pytest.mark.rule("forest.advisor.armadillo")
@pytest.mark.parametrize("x, y", [(0, 1), (5, 5), (-50, 99), (10**9, -(10**9))])
def test_a_lair_token_for_a_cell_without_an_animal_is_refused(x, y):
    g = asked_by("armadillo")  # (0, 1) holds the path card just placed
    err = refused(g, Lair(0, x, y), "forest.advisor.armadillo")
    assert err.reason == f"{(x, y)} holds no animal of Red's"


@pytest.mark.rule("forest.advisor.goat")
@pytest.mark.parametrize("x, y", [(0, 1), (2, 0), (-3, -3), (10**9, 0)])
def test_a_water_drop_for_a_cell_without_an_animal_is_refused(x, y):
    g = asked_by("goat")
    err = refused(g, Water(0, x, y, "egg"), "forest.advisor.goat")
    assert err.reason == f"{(x, y)} holds no animal of Red's"


@pytest.mark.parametrize("move, words", [
    (Lair(0, "0", 0), "Lair.x must be a whole number, not '0'"),
    (Lair(0, 0, None), "Lair.y must be a whole number, not None"),
    (Lair(0, 0.0, 0), "Lair.x must be a whole number, not 0.0"),
    (Water(0, 0, 0, 3), "Water.food must be text, not 3"),
    (Water(0, (0, 0), 0, "egg"), "Water.x must be a whole number, not (0, 0)"),
])
def test_tokens_with_junk_coordinates_are_refused_by_type(move, words):
    g = asked_by("armadillo") if isinstance(move, Lair) else asked_by("goat")
    err = refused(g, move, "forest.turn.take")
    assert err.reason == words


@pytest.mark.rule("forest.round.market")
def test_placements_for_an_advisor_that_does_not_exist_are_an_error():
    g = game_at()
    before = g.to_json()
    for slot in ("hen", "", "Rabbit", 3):
        with pytest.raises(ValueError, match="the advisors are rabbit, rooster, armadillo, goat"):
            g.legal_placements(slot)
    assert g.to_json() == before


@pytest.mark.rule("forest.turn.no-refill")
def test_placements_for_a_card_already_taken_are_empty():
    g = game_at()
    g.play(Take(0, "rooster"))
    g.play(Place(0, 0, 1, 0))
    assert g.phase == "take" and g.market["rooster"] is None
    assert g.legal_placements("rooster") == {}
    assert g.legal_placements("goat")  # the cards still there may be previewed


def test_placements_outside_their_phase_are_empty():
    g = asked_by("armadillo")
    assert g.legal_placements() == {} and g.legal_placements("goat") == {}
    g = game_at()
    assert g.legal_placements() == {}  # nothing in hand yet
    g.play(Take(0, "goat"))
    assert g.legal_placements("rabbit") == {}  # previews are for the take decision only
    assert g.legal_placements()
    assert at_orient().legal_placements() == {} and at_clean_up().legal_placements("goat") == {}


def test_a_corrupt_save_file_names_the_bad_field():
    g = played(moves=6)
    data = json.loads(g.to_json())
    bad = json.loads(json.dumps(data))
    i = [m["move"] for m in bad["moves"]].index("place", 2)
    bad["moves"][i]["rotation"] = 45
    with pytest.raises(SaveFileError) as err:
        forest.from_json(json.dumps(bad))
    assert err.value.field == f"moves[{i}]" and "illegal at this point" in err.value.reason
    assert "0, 90, 180 or 270" in err.value.reason
    bad = json.loads(json.dumps(data))
    bad["moves"][1] = {"move": "fly", "player": 0}
    with pytest.raises(SaveFileError) as err:
        forest.from_json(json.dumps(bad))
    assert err.value.field == "moves[1].move" and "unknown move kind 'fly'" in err.value.reason
    bad = json.loads(json.dumps(data))
    bad["moves"][0]["player"] = "zero"
    with pytest.raises(SaveFileError, match=r"moves\[0\].player: must be a whole number"):
        forest.from_json(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["moves"][0]["colour"] = "red"
    with pytest.raises(SaveFileError, match=r"moves\[0\].colour: not a field of a take move"):
        forest.from_json(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["options"]["players"] = 9
    with pytest.raises(SaveFileError) as err:
        forest.from_json(json.dumps(bad))
    assert err.value.field == "options.players" and "must be 2, 3 or 4, not 9" in str(err.value)
