"""The notebook exercise checks accept the engine's answer and refuse a wrong one."""

import pytest

from savannah_kit import forest
from savannah_kit.forest import Place, Take, Water
from savannah_kit.forest import exercises as ex

from forest_positions import FOX_OTHER, FOX_PATH

MARKET = {"rabbit": "A06", "rooster": "P09", "armadillo": "P01", "goat": "P02"}
ONE_GAP = "A01@0,0r90 P11@0,1r0 P12@1,1r0 P13@2,1r0 A02@2,0r270"
BLUE_6 = "A03@0,0r0 P03@1,0r0 P04@2,0r0 P05@3,0r0 P06@3,1r0"


def game_at(forests, pawn=0, market=MARKET, **options):
    return forest.from_scenario({"forests": list(forests), "market": dict(market), "pawn": pawn}, **options)


def test_placeholder_answers_get_a_not_yet_line():
    g = forest.new_game(players=2, seed=7)
    fb = ex.check_path_ends(g, "P41", 90, None)
    assert not fb and repr(fb).startswith("✗ Not yet: no answer yet") and "rule forest.place.rotation:" in repr(fb)


@pytest.mark.rule("forest.place.rotation")
def test_check_path_ends():
    g = forest.new_game(players=2, seed=7)
    assert ex.check_path_ends(g, "P41", 90, ["E", "S", "W"])  # N-E -> E-S, S-X -> W-X
    assert ex.check_path_ends(g, "P41", 90, "WSE")
    assert not ex.check_path_ends(g, "P41", 90, ["N", "E", "S"])
    assert str(ex.check_path_ends(g, "P41", 0, ["N", "E", "S"])).startswith("✓ Right")


@pytest.mark.rule("forest.path.food-order")
def test_check_foods_met():
    g = forest.from_scenario({"forests": [FOX_PATH, FOX_OTHER], "pawn": 1})
    assert ex.check_foods_met(g, (0, 1), ["worm", "nut", "egg", "egg", "worm"])
    assert ex.check_foods_met(g, (0, 1), ["worms", "nuts", "E", "egg", "worm"])
    wrong = ex.check_foods_met(g, (0, 1), ["worm", "egg", "egg", "nut", "worm"])
    assert not wrong and "not in the order" in str(wrong)


@pytest.mark.rule("forest.place.adjacent", "forest.place.4x4", "forest.adv.8x4")
def test_check_placements():
    g = game_at(["A01@0,0r90 P03@1,0r0 P04@2,0r0 P05@3,0r0", "A02@0,0r0 P06@1,0r0 P07@2,0r0 P08@3,0r0"])
    g.play(Take(0, "goat"))
    right = list(g.legal_placements())
    assert ex.check_placements(g, right)
    fb = ex.check_placements(g, right + [(4, 0)])
    assert not fb and fb.rule_id == "forest.place.4x4" and "(4, 0) is not allowed" in str(fb)
    fb = ex.check_placements(g, right[1:] + [(2, 2)])
    assert not fb and fb.rule_id == "forest.place.adjacent" and "1 allowed cell is missing" in str(fb)
    assert ex.check_placements(g, [list(c) for c in right])
    adv = forest.from_scenario({"forests": ["A01@0,0r0 A02@1,0r0 A05@2,0r0 A06@3,0r0 P03@4,0r0 P04@5,0r0 "
                                            "P05@6,0r0 P06@7,0r0",
                                            "A03@0,0r0 A04@1,0r0 A07@2,0r0 P24@3,0r0 P20@4,0r0 P21@5,0r0 "
                                            "P22@6,0r0 P23@7,0r0"],
                                "market": {"rabbit": "A10", "rooster": "P12", "armadillo": "P01", "goat": "P02"},
                                "pawn": 0}, advanced=True)
    adv.play(Take(0, "goat"))
    assert ex.check_placements(adv, adv.legal_placements())
    fb = ex.check_placements(adv, list(adv.legal_placements()) + [(8, 0)])
    assert not fb and fb.rule_id == "forest.adv.8x4"


@pytest.mark.rule("forest.place.one-animal-per-path", "forest.place.rotation")
def test_check_rotations():
    g = game_at([ONE_GAP, BLUE_6])
    g.play(Take(0, "rabbit"))  # the Hedgehog
    assert ex.check_rotations(g, (1, 0), [0, 180])
    assert not ex.check_rotations(g, (1, 0), [0, 90, 180, 270])
    assert not ex.check_rotations(g, (1, 0), [45])


@pytest.mark.rule("forest.round.order", "forest.adv.draft-order")
def test_check_round_order():
    g = game_at(["A01@0,0r0", "A02@0,0r0", "A03@0,0r0"], pawn=2)
    assert ex.check_round_order(g, ["Green", "Red", "Blue"])
    assert ex.check_round_order(g, [2, 0, 1])
    assert not ex.check_round_order(g, ["Red", "Blue", "Green"])
    adv = forest.new_game(players=2, seed=5, advanced=True)
    first, other = adv.pawn, 1 - adv.pawn
    assert ex.check_round_order(adv, [first, other, first, other])
    assert not ex.check_round_order(adv, [first, first, other, other])


@pytest.mark.rule("forest.advisor.rooster-timing", "forest.advisor.rooster")
def test_check_next_first_player():
    g = game_at(["A01@0,0r0", "A02@0,0r0", "A03@0,0r0"], pawn=2)
    g.play(Take(2, "goat"))
    g.play(Place(2, 1, 0, 0))
    g.play(Water(2, 0, 0, "nut"))
    g.play(Take(0, "rooster"))
    g.play(Place(0, 1, 0, 0))
    assert g.current_player == 1
    assert ex.check_next_first_player(g, "red")
    assert ex.check_next_first_player(g, 0)
    assert not ex.check_next_first_player(g, "Green")


@pytest.mark.rule("forest.score.food-value", "forest.score.collect-first", "forest.score.capacity")
def test_check_food_points():
    g = forest.from_scenario({"forests": ["A01@0,0r90[lair=1;water=egg] P09@1,0r0 P07@2,0r0",
                                          "A02@0,0r0 P40@1,0r0 P41@2,0r0"], "pawn": 1})
    truth = g.score_breakdown(0).animal("Fox").food_points  # nut 0, egg 3, egg 3, worm 1
    assert truth == 7 and ex.check_food_points(g, "Fox", 7) and ex.check_food_points(g, (0, 0), 7)
    assert ex.check_food_points(g, "Fox", 9).rule_id == "forest.score.own-points"
    assert ex.check_food_points(g, "Fox", 8).rule_id == "forest.score.collect-first"
    assert not ex.check_food_points(g, "Fox", "7")


@pytest.mark.rule("forest.score.own-points", "forest.score.rooster-point")
def test_check_total():
    g = forest.from_scenario({"forests": [FOX_PATH, FOX_OTHER], "pawn": 0})
    total = g.score_breakdown(0).total
    assert total == 3 + 2 + 1
    assert ex.check_total(g, total)
    fb = ex.check_total(g, total - 1)
    assert not fb and fb.rule_id == "forest.score.rooster-point"
    assert not ex.check_total(g, 3)


def _lonely(animals):
    paths = iter(f"P{i:02d}" for i in range(1, 46))
    return [" ".join([f"{a}@0,0r0"] + [f"{next(paths)}@{i % 4},{i // 4}r0" for i in range(1, 16)])
            for a in animals]


@pytest.mark.rule("forest.end.winner", "forest.end.tie-break")
def test_check_winner():
    g = forest.from_scenario({"forests": _lonely(["A06", "A07", "A05"]), "pawn": 2})
    assert g.scores() == [2, 2, 2]
    assert ex.check_winner(g, "Green") and ex.check_winner(g, 2)
    fb = ex.check_winner(g, "Red")
    assert not fb and fb.rule_id == "forest.end.tie-break" and "loses the tie-break" in str(fb)
    clear = forest.from_scenario({"forests": _lonely(["A11", "A05"]), "pawn": 1})
    assert ex.check_winner(clear, "Red") and not ex.check_winner(clear, "Blue")
    assert not ex.check_winner(forest.new_game(players=2, seed=1), "Red")
