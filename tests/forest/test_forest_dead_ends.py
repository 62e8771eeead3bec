"""The option ``dead_ends=False``: the same 45 path cards with every dead end run on to an edge,
so the deck keeps its size, and the engine, its explanations and the board follow the new paths."""

import random

import pytest

from savannah_kit import forest
from savannah_kit.core.errors import ScenarioError
from savannah_kit.forest import Place, Take
from savannah_kit.forest.data import DEAD_END, kit_catalogue, without_dead_ends

from forest_positions import refused

# The Fox's stub points east into P34 (a dead end from its west edge: berry, worm), then P06 (egg, egg).
FOX_INTO_A_DEAD_END = {"forests": ["A01@0,0r90 P34@1,0r0 P06@2,0r0", "A02@0,0r0 P03@1,0r0 P04@2,0r0"],
                       "market": {"rabbit": "A05", "rooster": "P12", "armadillo": "P02", "goat": "P11"}, "pawn": 0}


def test_the_deck_without_dead_ends_is_the_same_cards_with_their_dead_ends_run_on():
    standard, open_deck = kit_catalogue(), without_dead_ends(kit_catalogue())
    assert [c.id for c in open_deck.cards] == [c.id for c in standard.cards] and len(open_deck.paths) == 45
    changed = 0
    for before, after in zip(standard.paths, open_deck.paths):
        assert all(s.end != DEAD_END for s in after.segments)
        assert sorted(f for s in after.segments for f in s.foods) == sorted(f for s in before.segments for f in s.foods)
        if any(s.end == DEAD_END for s in before.segments):
            changed += 1
        else:
            assert after == before and after.shape == before.shape
    assert changed == 12
    shown = {c.id: str(c) for c in open_deck.paths}
    assert shown["P34"] == "P34 straight (W-E: berry worm)"  # W-X runs on to the opposite edge
    assert shown["P38"] == "P38 straight (W-E: nut worm)"  # W-X + E-X (worm from E) join: the worm is met last
    assert shown["P41"] == "P41 two_curves (N-E: worm; S-W: berry)"  # N holds the curve: S-X turns to W
    assert open_deck.animals == standard.animals and standard.paths[33].shape == "DEAD_END"  # the kit deck is untouched


@pytest.mark.rule("forest.place.free-paths", "forest.score.collect-first")
def test_an_animal_walks_on_where_the_dead_end_was():
    kept = forest.from_scenario(FOX_INTO_A_DEAD_END)
    run_on = forest.from_scenario(FOX_INTO_A_DEAD_END, dead_ends=False)
    assert kept.score_breakdown(0).animal("Fox").stored == ("berry", "worm")
    assert run_on.score_breakdown(0).animal("Fox").stored == ("berry", "worm", "egg")
    assert run_on.scores()[0] == kept.scores()[0] + 2  # the Fox values an egg at 2
    assert run_on.forest(0).path_cells((0, 0)) == [(0, 0), (1, 0), (2, 0)]
    assert kept.forest(0).path_cells((0, 0)) == [(0, 0), (1, 0)]


@pytest.mark.rule("forest.place.free-paths", "forest.place.one-animal-per-path")
def test_a_placement_the_dead_end_allowed_joins_two_animals_without_it():
    # a Hamster at (3, 0) turned 270° points its stub west, along P06 and P34 to the Fox
    kept, run_on = (forest.from_scenario(FOX_INTO_A_DEAD_END, dead_ends=value) for value in (True, False))
    for g in (kept, run_on):
        g.play(Take(0, "rabbit"))
    assert 270 in kept.legal_placements()[(3, 0)] and 270 not in run_on.legal_placements()[(3, 0)]
    assert "Legal" in kept.explain(Place(0, 3, 0, 270))
    err = refused(run_on, Place(0, 3, 0, 270), "forest.place.one-animal-per-path")
    assert "the Fox and the Hamster itself on one path" in err.reason


def test_a_whole_game_without_dead_ends_never_runs_dry_and_draws_no_dead_end():
    g = forest.new_game(players=4, seed=3, dead_ends=False)
    pick = random.Random(1)
    while not g.is_over:
        g.play(pick.choice(g.legal_moves()))
    assert g.round == 15 and all(len(g.forest(p).cells) == 16 for p in range(4))
    laid = {t.card for p in range(4) for t in g.forest(p).cards()}
    assert {"P34", "P38", "P41"} <= laid  # the run-on cards are in play
    again = forest.from_json(g.to_json())
    assert again.option("dead_ends") is False and again.scores() == g.scores()
    titles = [s.title or "" for s in g.scene(viewer=None).shapes]
    assert not any(t.startswith("dead end") for t in titles)
    standard = forest.new_game(players=4, seed=3)
    pick = random.Random(1)
    while not standard.is_over:
        standard.play(pick.choice(standard.legal_moves()))
    assert any((s.title or "").startswith("dead end") for s in standard.scene(viewer=None).shapes)


def test_a_catalogue_whose_dead_end_cannot_run_on_is_refused_naming_the_card():
    data = kit_catalogue().to_data()
    data["paths"][0]["segments"].append({"from": "N", "to": "X", "foods": []})  # a straight W-E and a stub N-X
    assert forest.new_game(players=2, seed=1, catalogue=data).card("P01").segments[1].end == DEAD_END
    with pytest.raises(ScenarioError) as err:
        forest.new_game(players=2, seed=1, catalogue=data, dead_ends=False)
    assert err.value.field == "options.catalogue.paths[0].segments" and "P01" in str(err.value)
    assert "crossing" in str(err.value)
