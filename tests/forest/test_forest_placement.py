"""Where a card may go: adjacency, the 4×4 (or 8×4) limit, rotations, paths and
the one-animal-per-path rule, and the forced placement when nothing fits."""

import pytest

from savannah_kit import forest
from savannah_kit.forest import Keep, Place, Take, Water

from forest_positions import FORCED_TO_CLEAN_UP, forced_scenario, refused

ALL = (0, 90, 180, 270)
MARKET = {"rabbit": "A05", "rooster": "P12", "armadillo": "P01", "goat": "P02"}


def game_at(red, blue, market=MARKET, **extra):
    return forest.from_scenario({"forests": [red, blue], "market": dict(market), "pawn": 0, **extra})


@pytest.mark.rule("forest.place.adjacent", "forest.place.rotation")
def test_a_card_goes_next_to_the_forest_in_any_of_four_rotations():
    g = game_at("A01@0,0r0", "A02@0,0r0")
    g.play(Take(0, "goat"))
    assert g.phase == "place" and g.held_card == "P02" and g.held_from == "goat"
    assert g.legal_placements() == {(0, -1): ALL, (-1, 0): ALL, (1, 0): ALL, (0, 1): ALL}
    assert len(g.legal_moves()) == 16
    err = refused(g, Place(0, 2, 0, 0), "forest.place.adjacent")
    assert "shares no edge" in err.reason
    err = refused(g, Place(0, 0, 0, 90), "forest.place.adjacent")
    assert "already holds the Fox" in err.reason
    err = refused(g, Place(0, 1, 0, 45), "forest.place.rotation")
    assert "0, 90, 180 or 270" in err.reason
    events = g.play(Place(0, 1, 0, 270))
    assert events[0].message == "Red places path card P02 at (1, 0), turned 270°; no path runs onto it yet"
    assert g.forest(0).at((1, 0)).rotation == 270


@pytest.mark.rule("forest.place.4x4")
def test_the_forest_must_fit_a_4x4_square():
    g = game_at("A01@0,0r90 P03@1,0r0 P04@2,0r0 P05@3,0r0", "A02@0,0r0 P06@1,0r0 P07@2,0r0 P08@3,0r0")
    g.play(Take(0, "goat"))
    assert sorted(g.legal_placements()) == [(0, -1), (0, 1), (1, -1), (1, 1), (2, -1), (2, 1), (3, -1), (3, 1)]
    err = refused(g, Place(0, 4, 0, 0), "forest.place.4x4")
    assert err.reason == "(4, 0) is too far out: with a card there the forest would not fit inside a 4×4 square"
    refused(g, Place(0, -1, 0, 0), "forest.place.4x4")
    column = forest.from_scenario({"forests": ["A01@0,0r90 P03@0,1r0 P04@0,2r0 P05@0,3r0",
                                               "A02@0,0r0 P06@1,0r0 P07@2,0r0 P08@3,0r0"],
                                   "market": dict(MARKET), "pawn": 0})
    column.play(Take(0, "goat"))
    err = refused(column, Place(0, 0, 4, 0), "forest.place.4x4")
    assert err.reason == "(0, 4) is too far out: with a card there the forest would not fit inside a 4×4 square"


ONE_GAP = "A01@0,0r90 P11@0,1r0 P12@1,1r0 P13@2,1r0 A02@2,0r270"  # Fox -> (1, 0) <- Badger


@pytest.mark.rule("forest.place.one-animal-per-path")
def test_a_card_may_not_join_two_animals_paths():
    g = game_at(ONE_GAP, "A03@0,0r0 P03@1,0r0 P04@2,0r0 P05@3,0r0 P06@3,1r0",
                market={"rabbit": "A05", "rooster": "P09", "armadillo": "P01", "goat": "P02"})
    g.play(Take(0, "goat"))  # P02 is straight W-E
    assert g.legal_placements()[(1, 0)] == (90, 270)
    err = refused(g, Place(0, 1, 0, 0), "forest.place.one-animal-per-path")
    assert err.reason == "(1, 0): path card P02 turned 0° would put the Fox and the Badger on one path"
    assert g.explain(Place(0, 1, 0, 180)).startswith("Not legal: (1, 0): path card P02 turned 180°")
    assert g.explain(Place(0, 1, 0, 90)).startswith("Legal: Red places path card P02 at (1, 0), turned 90°")
    # an animal whose stub points at a path with an animal is refused too
    g2 = game_at(ONE_GAP, "A03@0,0r0 P03@1,0r0 P04@2,0r0 P05@3,0r0 P06@3,1r0",
                 market={"rabbit": "A06", "rooster": "P09", "armadillo": "P01", "goat": "P02"})
    g2.play(Take(0, "rabbit"))
    assert g2.legal_placements()[(1, 0)] == (0, 180)
    assert g2.legal_placements()[(0, -1)] == ALL  # the Fox's north edge has no path end
    err = refused(g2, Place(0, 1, 0, 270), "forest.place.one-animal-per-path")
    assert err.reason.endswith("would put the Fox and the Hedgehog itself on one path")


@pytest.mark.rule("forest.place.one-animal-per-path", "forest.turn.take")
def test_a_card_that_fits_nowhere_cannot_be_taken_while_another_fits():
    red = ("P01@0,0r0 A01@1,0r180 P02@2,0r0 P03@3,0r0 A02@0,1r90 A03@2,1r270 P04@3,1r0 "
           "P05@0,2r0 A04@1,2r0 P06@2,2r0 P07@3,2r0 P08@0,3r0 P09@1,3r0 P10@2,3r0 P11@3,3r0")
    blue = forced_scenario()["forests"][1]
    g = forest.from_scenario({"forests": [red, blue], "pawn": 0,
                              "market": {"rabbit": "A05", "rooster": "P13", "armadillo": "P34", "goat": "P12"}})
    assert g.legal_moves() == [Take(0, "armadillo")]  # only the dead end P34 fits the hole
    err = refused(g, Take(0, "goat"), "forest.place.one-animal-per-path")
    assert "another card on the board does fit" in err.reason
    assert g.legal_placements("goat") == {}
    assert g.legal_placements("armadillo") == {(1, 1): ALL}
    # the greedy value of the card that fits nowhere is the forest as it is, Red's pawn point included
    assert g.greedy_values([Take(0, "goat")]) == [float(g.scores()[0])] and g.pawn == 0


@pytest.mark.rule("forest.place.free-paths", "forest.path.connect", "forest.path.food-order")
def test_paths_need_not_continue_and_joined_paths_are_walked_outward():
    g = game_at("A01@0,0r90", "A02@0,0r0", market={"rabbit": "A05", "rooster": "P12", "armadillo": "P01",
                                                   "goat": "P10"})
    g.play(Take(0, "goat"))  # P10 straight W-E: berry nut nut
    events = g.play(Place(0, 1, 0, 180))  # entered from its E end: nut, nut, berry
    assert [e.rule for e in events[:2]] == ["forest.path.connect", "forest.path.food-order"]
    assert events[1].message == "Red's Fox now meets nut, nut and berry, in this order"
    assert [s.food for s in g.score_breakdown(0).animal("Fox").path] == ["nut", "nut", "berry"]
    assert g.forest(0).path_cells((0, 0)) == [(0, 0), (1, 0)]
    g.play(Water(0, 0, 0, "nut"))
    g.play(Take(1, "rooster"))
    events = g.play(Place(1, 1, 0, 0))  # the Badger's stub points north: nothing joins
    assert events[0].rule == "forest.place.free-paths"


@pytest.mark.rule("forest.place.forced", "forest.end.shared-path-cleanup", "forest.end.trigger")
def test_forced_placement_and_the_end_of_game_clean_up():
    g = forest.from_scenario(forced_scenario())
    assert g.legal_moves() == [Take(0, s) for s in ("rabbit", "rooster", "armadillo", "goat")]
    events = g.play(Take(0, "rooster"))  # P13, a curve S-E: berry, worm
    assert events[-1].rule == "forest.place.forced"
    assert g.forced and g.legal_placements() == {(1, 1): ALL}
    events = g.play(Place(0, 1, 1, 0))  # joins the Titmouse (1, 2) and the Squirrel (2, 1)
    assert events[0].rule == "forest.place.forced"
    assert g.forest(0).shared_paths() == [((2, 1), (1, 2))]
    live = g.score_breakdown(0)
    assert [(a.name, a.discarded) for a in live.animals] == [
        ("Fox", False), ("Badger", False), ("Squirrel", True), ("Titmouse", False)]
    assert live.animal("Titmouse").stored == ("berry", "worm")
    assert live.animal("Squirrel").stored == ("worm", "berry")
    assert live.total == g.scores()[0] == 2 + 3 + (1 + 1) + 1  # Titmouse worm 1 + own; pawn 1
    g.play(Take(1, "armadillo"))
    events = g.play(Place(1, 3, 3, 0))  # the lair token goes on Blue's only animal by itself
    assert [e.rule for e in events[-4:]] == ["forest.advisor.armadillo", "forest.round.leftovers",
                                            "forest.end.trigger", "forest.end.shared-path-cleanup"]
    assert g.phase == "cleanup" and g.current_player == 0 and not g.is_over
    assert g.shared_path_to_clean() == ((2, 1), (1, 2))
    assert g.legal_moves() == [Keep(0, 2, 1), Keep(0, 1, 2)]
    refused(g, Keep(0, 1, 0), "forest.end.shared-path-cleanup")
    refused(g, Keep(1, 2, 1), "forest.round.order")
    events = g.play(Keep(0, 1, 2))
    assert events[0].message == "Red keeps the Titmouse and discards the Squirrel: it scores nothing"
    assert g.is_over
    assert "A03" in g.discard_pile and g.forest(0).at((2, 1)) is None
    final = g.score_breakdown(0)
    assert [(a.name, a.discarded) for a in final.animals] == [
        ("Fox", False), ("Badger", False), ("Titmouse", False), ("Squirrel", True)]
    assert final.animal("Titmouse").stored == ("berry", "worm")
    assert g.scores()[0] == final.total == 8


@pytest.mark.rule("forest.place.forced", "forest.end.trigger")
def test_with_the_forced_option_discard_a_card_that_fits_nowhere_is_discarded():
    # kit ruling K13, the other way: Red's P13 fits nowhere without joining two animals' paths
    g = forest.from_scenario(forced_scenario(), forced="discard")
    events = g.play(Take(0, "rooster"))
    assert events[-1].rule == "forest.place.forced"
    assert events[-1].message == ("No card on the board fits without putting two animals on one path: Red "
                                  "discards path card P13 (option forced='discard')")
    assert g.phase == "take" and g.current_player == 1 and not g.forced and "P13" in g.discard_pile
    assert g.forest(0).at((1, 1)) is None and g.pawn == 0  # the rooster's pawn is still taken
    refused(g, Place(0, 1, 1, 0), "forest.round.order")
    g.play(Take(1, "armadillo"))
    events = g.play(Place(1, 3, 3, 0))
    assert "Round 15, the last, is over: the game ends" in [e.message for e in events if e.rule == "forest.end.trigger"]
    assert g.is_over and len(g.forest(0).cells) == 15 and g.forest(0).shared_paths() == []
    assert forest.from_json(g.to_json()).scores() == g.scores()


@pytest.mark.rule("forest.place.one-animal-per-path", "forest.end.shared-path-cleanup")
def test_with_shared_paths_allowed_two_animals_may_share_a_path_until_the_clean_up():
    # decision D1, the other reading: a Hamster at (2, 0) turned 270° points its stub along P03 to the Fox
    position = {"forests": ["A01@0,0r90 P03@1,0r0", "A02@0,0r0 P04@1,0r0"], "market": dict(MARKET), "pawn": 0}
    standard, allowed = (forest.from_scenario(position, shared_paths=value) for value in ("refused", "allowed"))
    for g in (standard, allowed):
        g.play(Take(0, "rabbit"))
    assert 270 not in standard.legal_placements()[(2, 0)] and allowed.legal_placements()[(2, 0)] == ALL
    refused(standard, Place(0, 2, 0, 270), "forest.place.one-animal-per-path")
    events = allowed.play(Place(0, 2, 0, 270))
    assert events[-1].message == ("Red's Fox and Hamster now share a path: at the end of the game Red keeps one "
                                  "and the other is discarded")
    assert allowed.forest(0).shared_paths() == [((0, 0), (2, 0))]
    # where nothing fits without sharing, nothing is forced: P13 simply joins the Squirrel and the Titmouse
    g = forest.from_scenario(forced_scenario(), shared_paths="allowed")
    played = []
    for kind, *fields in FORCED_TO_CLEAN_UP:
        played += g.play(Take(*fields) if kind == "take" else Place(*fields))
    assert "forest.place.forced" not in [e.rule for e in played] and g.phase == "cleanup"
    assert "Red's Squirrel and Titmouse now share a path" in " ".join(e.message for e in played)
    assert forest.from_json(g.to_json()).legal_moves() == g.legal_moves() == [Keep(0, 2, 1), Keep(0, 1, 2)]


@pytest.mark.rule("forest.adv.8x4")
def test_advanced_forest_fits_8x4_lying_either_way():
    def adv(red, blue):
        return forest.from_scenario({"forests": [red, blue], "market": dict(MARKET, rabbit="A10"), "pawn": 0},
                                    advanced=True)

    # a real round-4 position (7 animals and 9 paths laid), so the decks last to the end
    wide = "A01@0,0r0 A02@1,0r0 A05@2,0r0 A06@3,0r0 P03@4,0r0 P04@5,0r0 P05@6,0r0 P06@7,0r0"
    other = "A03@0,0r0 A04@1,0r0 A07@2,0r0 P24@3,0r0 P20@4,0r0 P21@5,0r0 P22@6,0r0 P23@7,0r0"
    g = adv(wide, other)
    g.play(Take(0, "goat"))
    assert (8, 0) not in g.legal_placements() and (0, 1) in g.legal_placements()
    err = refused(g, Place(0, 8, 0, 0), "forest.adv.8x4")
    assert "8×4 rectangle" in err.reason
    block = "A01@0,0r0 A02@1,0r0 A05@2,0r0 A06@3,0r0 P03@0,1r0 P04@1,1r0 P05@2,1r0 P06@3,1r0"
    g = adv(block, other)
    g.play(Take(0, "goat"))
    cells = g.legal_placements()
    assert (4, 0) in cells and (0, 2) in cells and (-1, 1) in cells and (1, -1) in cells


@pytest.mark.rule("forest.adv.8x4", "forest.place.one-animal-per-path")
def test_an_advanced_forest_wider_than_4_refuses_a_path_clash_as_a_path_clash():
    """An 8×1 forest still fits its 8×4 rectangle, so a clash there is about paths, not the bounds."""
    wide = "A01@0,0r0 A02@1,0r0 A05@2,0r0 A06@3,0r0 P03@4,0r0 P04@5,0r0 P05@6,0r0 P06@7,0r0"
    other = "A03@0,0r0 A04@1,0r0 A07@2,0r0 P24@3,0r0 P20@4,0r0 P21@5,0r0 P22@6,0r0 P23@7,0r0"
    g = forest.from_scenario({"forests": [wide, other], "market": dict(MARKET, rabbit="A10"), "pawn": 0},
                             advanced=True)
    g.play(Take(0, "rabbit"))
    assert g.legal_placements()[(0, -1)] == (0, 90, 270)  # turned 180° it points at the Fox's stub
    err = refused(g, Place(0, 0, -1, 180), "forest.place.one-animal-per-path")
    assert err.reason.endswith("would put the Fox and the Mole itself on one path")
    assert g.forest(0).fits((0, -1)) and g.forest(0).fits((0, 3)) and not g.forest(0).fits((0, 4))
