"""Scoring, checked against the rulebook's examples, and the winner."""

import pytest

from savannah_kit import forest
from savannah_kit.core.scoring import ScoreBreakdown

from forest_positions import FOX_OTHER, FOX_PATH, OTHER_FULL, SCORING_EXAMPLE, at_the_clean_up, forced_scenario


PATHS_15 = ["P%02d" % i for i in range(1, 46)]


@pytest.mark.rule("forest.score.collect-first", "forest.path.food-order", "forest.score.food-value")
def test_the_rulebook_fox_stores_its_first_three_foods_for_3_points():
    g = forest.from_scenario({"forests": [FOX_PATH, FOX_OTHER], "pawn": 1})
    fox = g.score_breakdown(0).animal("Fox")
    assert [s.food for s in fox.path] == ["worm", "nut", "egg", "egg", "worm"]
    assert fox.stored == ("worm", "nut", "egg") and fox.capacity_used == 3
    assert [s.value for s in fox.path if s.stored] == [1, 0, 2]
    assert [s.cell for s in fox.path] == [(0, 0), (0, 0), (1, 0), (1, 0), (2, 0)]
    assert (fox.food_points, fox.own_points, fox.total) == (3, 2, 5)
    assert str(fox) == ("Fox at (0, 1): storage 3+0 lair, stores worm 1, nut 0, egg 2; passes egg, worm"
                        " = 3 food + 2 own = 5")


@pytest.mark.rule("forest.score.capacity", "forest.score.food-value", "forest.advisor.armadillo-stack")
def test_two_lair_tokens_and_water_on_eggs_and_worms_make_the_fox_score_10():
    fox_path = FOX_PATH.replace("A01@0,1r0", "A01@0,1r0[lair=2;water=egg,worm]")
    g = forest.from_scenario({"forests": [fox_path, FOX_OTHER], "pawn": 1})
    fox = g.score_breakdown(0).animal((0, 1))
    assert fox.storage == 5 and fox.water == ("worm", "egg")
    assert [(s.food, s.value, s.water) for s in fox.path] == [
        ("worm", 2, True), ("nut", 0, False), ("egg", 3, True), ("egg", 3, True), ("worm", 2, True)]
    assert fox.food_points == 10


@pytest.mark.rule("forest.score.own-points", "forest.score.rooster-point", "forest.end.trigger",
                  "forest.end.winner", "forest.score.capacity")
def test_the_rulebook_scoring_example_totals_32():
    g = forest.from_scenario({"forests": [SCORING_EXAMPLE, OTHER_FULL], "pawn": 0})
    assert g.is_over and g.phase == "over" and g.current_player is None and g.legal_moves() == []
    sb = g.score_breakdown(0)
    assert {a.name: a.food_points for a in sb.animals} == {"Titmouse": 6, "Squirrel": 4, "Fox": 10, "Badger": 4}
    assert sb.animal("Titmouse").stored == ("worm", "worm", "egg", "egg")
    assert sorted(sb.animal("Squirrel").stored) == ["berry", "nut", "nut", "nut", "worm"]
    assert sb.animal("Badger").stored == ("worm", "worm")
    assert (sb.food_points, sb.animal_points, sb.pawn_point, sb.total) == (24, 7, 1, 32)
    assert g.scores() == [32, 1] and g.winners() == [0]
    rules = [e.rule for e in g.log]
    assert rules[-1] == "forest.end.winner" and "forest.end.trigger" in rules
    assert g.log[-1].message == "Red wins with 32 points"
    assert "Red ends with the 1st Player pawn: +1 point [forest.score.rooster-point]" in [str(e) for e in g.log]
    data = sb.to_data()
    assert data["total"] == 32 and data["animals"][0]["name"] == "Fox"
    assert str(sb).splitlines()[-1] == "food 24 + animals 7 + pawn 1 = 32"


def _three_full(animals):
    paths = iter(PATHS_15)
    return [" ".join([f"{a}@0,0r0"] + [f"{next(paths)}@{i % 4},{i // 4}r0" for i in range(1, 16)])
            for a in animals]


@pytest.mark.rule("forest.end.tie-break")
def test_ties_go_to_the_first_tied_player_from_the_pawn_holder_included():
    # Hedgehog 2, Beaver 2, Hamster 1 + pawn 1: a three-way tie won by the holder
    g = forest.from_scenario({"forests": _three_full(["A06", "A07", "A05"]), "pawn": 2})
    assert g.scores() == [2, 2, 2] and g.winners() == [2]
    assert g.log[-1].rule == "forest.end.tie-break"
    assert g.log[-1].message == ("Red, Blue and Green tie on 2 points: Green is first in turn order from the pawn "
                                 "holder and wins")
    # Raven 3 and Owl 3 tie; Blue holds the pawn, so Green (next clockwise) wins
    g = forest.from_scenario({"forests": _three_full(["A11", "A05", "A12"]), "pawn": 1})
    assert g.scores() == [3, 2, 3] and g.winners() == [2] and g.leader() == 2


@pytest.mark.rule("forest.end.tie-break")
def test_with_tie_break_next_ties_go_to_the_first_tied_player_after_the_pawn_holder():
    # decision D5, the other reading: the same three-way tie, but the holder (Green) comes last
    g = forest.from_scenario({"forests": _three_full(["A06", "A07", "A05"]), "pawn": 2}, tie_break="next")
    assert g.scores() == [2, 2, 2] and g.winners() == [0] and g.leader() == 0
    assert g.log[-1].message == ("Red, Blue and Green tie on 2 points: Red is first in turn order after the pawn "
                                 "holder and wins")
    g = forest.from_scenario({"forests": _three_full(["A11", "A05", "A12"]), "pawn": 1}, tie_break="next")
    assert g.scores() == [3, 2, 3] and g.winners() == [2]  # a holder out of the tie: both readings agree


@pytest.mark.rule("forest.score.collect-first")
def test_live_scores_equal_the_breakdown_during_play():
    """Greedy values must agree with a real copy played forward, and scores with the breakdown."""
    g = forest.new_game(players=3, seed=8)
    while not g.is_over:
        moves = g.legal_moves()
        values = g.greedy_values(moves)
        p = g.current_player
        for m, v in list(zip(moves, values))[:3]:
            if not isinstance(m, forest.Take):
                trial = g.copy()
                trial.play(m)
                assert trial.scores()[p] == v
        g.play(moves[values.index(max(values))])
        assert g.scores() == [g.score_breakdown(p).total for p in range(3)]
    assert g.winners() == [g.leader()]


@pytest.mark.rule("forest.score.capacity", "forest.advisor.armadillo")
def test_a_lair_token_lets_the_fox_store_one_more_food():
    g = forest.from_scenario({"forests": [FOX_PATH, FOX_OTHER], "pawn": 0,
                              "market": {"rabbit": "A05", "rooster": "P12", "armadillo": "P11", "goat": "P10"}})
    g.play(forest.Take(0, "armadillo"))
    events = g.play(forest.Place(0, 1, 1, 0))
    assert [e.rule for e in events[-2:]] == ["forest.advisor.armadillo", "forest.score.capacity"]
    assert events[-1].message == "The Fox now stores worm, nut, egg and egg (4 of the 5 foods on its path)"
    assert g.score_breakdown(0).animal("Fox").food_points == 5


BLUE_3 = "A02@0,0r0 P01@1,0r0 P02@2,0r0"


@pytest.mark.rule("forest.score.capacity", "forest.score.collect-first")
def test_a_path_with_exactly_as_many_foods_as_the_storage_is_stored_whole():
    exact = forest.from_scenario({"forests": ["A01@0,1r0 P16@0,0r0 P21@1,0r180", BLUE_3], "pawn": 1})
    fox = exact.score_breakdown(0).animal("Fox")
    assert [s.food for s in fox.path] == ["worm", "nut", "egg"] and fox.storage == 3
    assert fox.stored == ("worm", "nut", "egg") and fox.capacity_used == 3
    assert fox.food_points == 1 + 0 + 2 and "passes" not in str(fox)
    one_more = forest.from_scenario({"forests": ["A01@0,1r0 P16@0,0r0 P06@1,0r0", BLUE_3], "pawn": 1})
    fox = one_more.score_breakdown(0).animal("Fox")
    assert [s.food for s in fox.path] == ["worm", "nut", "egg", "egg"]
    assert [s.stored for s in fox.path] == [True, True, True, False]
    assert fox.food_points == 3 and str(fox).endswith("stores worm 1, nut 0, egg 2; passes egg = 3 food + 2 own = 5")
    assert exact.scores()[0] == one_more.scores()[0] == 5


@pytest.mark.rule("forest.score.capacity", "forest.advisor.armadillo")
def test_a_lair_token_makes_the_storage_exactly_the_path():
    g = forest.from_scenario({"forests": ["A01@0,1r0[lair=1] P16@0,0r0 P06@1,0r0", BLUE_3], "pawn": 1})
    fox = g.score_breakdown(0).animal("Fox")
    assert fox.storage == 4 == len(fox.path) and all(s.stored for s in fox.path)
    assert fox.food_points == 5 and g.scores()[0] == 7


@pytest.mark.rule("forest.score.food-value", "forest.score.own-points", "forest.score.rooster-point")
def test_the_breakdown_lines_add_up_and_cite_their_rules():
    g = forest.from_scenario({"forests": [SCORING_EXAMPLE, OTHER_FULL], "pawn": 0})
    sb = g.score_breakdown(0)
    assert isinstance(sb, ScoreBreakdown) and (sb.player, sb.name, sb.final) == (0, "Red", True)
    assert sum(line.points for line in sb.lines) == sb.total == g.scores()[0] == 32
    assert [(line.label, line.points, line.rule) for line in sb.lines[:2]] == [
        ("Fox at (0, 1) stores worm, nut, egg, egg, worm", 10, "forest.score.food-value"),
        ("Fox at (0, 1): own points", 2, "forest.score.own-points")]
    assert (sb.lines[-1].label, sb.lines[-1].points, sb.lines[-1].rule) == (
        "1st Player pawn", 1, "forest.score.rooster-point")
    assert g.score_breakdown(1).lines[-1].rule == "forest.score.own-points"  # no pawn, no pawn line
    data = sb.to_data()
    assert data["name"] == "Red" and data["total"] == 32 and len(data["lines"]) == len(sb.lines)
    live = forest.from_scenario({"forests": [FOX_PATH, FOX_OTHER], "pawn": 1}).score_breakdown(1)
    assert not live.final and live.name == "Blue"


@pytest.mark.rule("forest.end.shared-path-cleanup")
def test_the_animal_discarded_at_the_clean_up_scores_nothing_and_says_why():
    g = at_the_clean_up()
    squirrel = g.score_breakdown(0).animal("Squirrel")
    assert squirrel.discarded and squirrel.note == "shares its path with the Titmouse: it would be discarded"
    g.play(forest.Keep(0, 1, 2))
    sb = g.score_breakdown(0)
    squirrel = sb.animal("Squirrel")
    assert squirrel.discarded and squirrel.cell == (2, 1) and squirrel.total == 0
    assert squirrel.note == "discarded in the shared-path clean-up"
    assert str(squirrel) == "Squirrel at (2, 1): discarded, 0 points (discarded in the shared-path clean-up)"
    line = next(line for line in sb.lines if line.label.startswith("Squirrel"))
    assert (line.label, line.points, line.rule) == (
        "Squirrel at (2, 1): discarded in the shared-path clean-up", 0, "forest.end.shared-path-cleanup")
    assert sb.total == g.scores()[0] == 8


@pytest.mark.rule("forest.end.shared-path-cleanup", "forest.setup.supply")
@pytest.mark.parametrize("tokens, before, after", [
    ("", {"lair": 15, "water": 15}, {"lair": 14, "water": 15}),
    ("[lair=2;water=egg,nut,worm]", {"lair": 13, "water": 12}, {"lair": 14, "water": 15})])
def test_the_tokens_of_the_animal_discarded_at_the_clean_up_go_back_to_the_supply(tokens, before, after):
    scenario = forced_scenario()
    scenario["forests"][0] = scenario["forests"][0].replace("A03@2,1r270", "A03@2,1r270" + tokens)
    g = forest.from_scenario(scenario)
    assert g.tokens == before
    for move in (forest.Take(0, "rooster"), forest.Place(0, 1, 1, 0), forest.Take(1, "armadillo"),
                 forest.Place(1, 3, 3, 0)):
        g.play(move)
    assert g.tokens == dict(before, lair=before["lair"] - 1)  # Blue's armadillo took one lair token
    g.play(forest.Keep(0, 1, 2))
    assert g.tokens == after


@pytest.mark.rule("forest.score.collect-first", "forest.path.food-order", "forest.score.capacity")
@pytest.mark.parametrize("red, goat, cell, message", [
    ("A01@0,1r0 P16@0,0r0", "P06", (1, 0, 0), "Red's Fox meets worm, nut, egg and egg, in this order: it stores only the first 3 foods"),
    ("A01@0,1r0[lair=1] P16@0,0r0 P06@1,0r0", "P22", (2, 0, 90),
     "Red's Fox meets worm, nut, egg, egg and worm, in this order: it stores only the first 4 foods")])
def test_a_path_longer_than_the_storage_is_told_as_it_is_laid(red, goat, cell, message):
    """The event names how many foods the animal stores: its printed storage plus its lair tokens."""
    blue = " ".join(["A02@0,0r0", "P01@1,0r0", "P02@2,0r0"][:red.count("@")])
    g = forest.from_scenario({"forests": [red, blue], "pawn": 0,
                              "market": {"rabbit": "A05", "rooster": "P12", "armadillo": "P11", "goat": goat}})
    g.play(forest.Take(0, "goat"))
    events = g.play(forest.Place(0, *cell))
    assert events[1].rule == "forest.score.collect-first" and events[1].message == message


def _best_whole_turn(g, take):
    """The mover's best score after ``take``, every placement and then every choice of token tried for real."""
    p = g.current_player
    taken = g.copy()
    taken.play(take)
    best = None
    for place in taken.legal_moves():
        placed = taken.copy()
        placed.play(place)
        outcomes = [placed]
        if placed.current_player == p and placed.phase in ("lair", "water"):
            outcomes = []
            for choice in placed.legal_moves():
                outcomes.append(placed.copy())
                outcomes[-1].play(choice)
        best = max([best or 0] + [o.scores()[p] for o in outcomes])
    return float(best)


@pytest.mark.rule("forest.advisor.armadillo", "forest.advisor.goat", "forest.advisor.rooster")
def test_greedy_values_of_takes_are_the_best_whole_turn():
    """A take is worth its card's best placement plus the best use of its advisor's token (or the pawn)."""
    g = forest.new_game(players=3, seed=8)
    checked = 0
    while not g.is_over:
        moves = g.legal_moves()
        if g.phase == "take" and len(g.history) % 4 == 0:
            assert g.greedy_values(moves) == [_best_whole_turn(g, m) for m in moves]
            checked += 1
        g.play(moves[len(g.history) * 7 % len(moves)])
    assert checked >= 5


@pytest.mark.rule("forest.end.shared-path-cleanup")
def test_greedy_values_of_the_clean_up_are_the_scores_it_leaves():
    g = at_the_clean_up()
    keeps = g.legal_moves()
    after = []
    for keep in keeps:
        trial = g.copy()
        trial.play(keep)
        after.append(float(trial.scores()[0]))
    assert g.greedy_values(keeps) == after and after[0] != after[1]
