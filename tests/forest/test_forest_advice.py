"""The move advisor: the greedy bot's move, the points it really gains, and why in board words."""

import random
import re

import pytest

from savannah_kit import forest
from savannah_kit.core.bots import GreedyBot
from savannah_kit.core.errors import IllegalMove, KitError
from savannah_kit.forest import Keep, Lair, Orient, Place, Take, Water, advice

from forest_positions import at_a_lair_question, at_the_clean_up

POINTS = re.compile(r"^([+−])(\d+) points?: ")


def real_gain(game, suggestion):
    """The mover's score change once the move and its plan are played on a copy (each legal there)."""
    p = game.current_player
    trial = game.copy()
    before = trial.score_breakdown(p).total
    for m in (suggestion.move,) + suggestion.plan:
        assert m in trial.legal_moves(), (m, trial.phase)
        trial.play(m)
    return trial.score_breakdown(p).total - before


def said_points(reason):
    m = POINTS.match(reason)
    assert m, reason
    return int(m.group(2)) * (-1 if m.group(1) == "−" else 1)


def positions():
    """Every kind of decision: random games of each mode, and the clean-up after a forced placement."""
    for options in ({"players": 2}, {"players": 4}, {"players": 2, "advanced": True}):
        g = forest.new_game(seed=3, **options)
        rng = random.Random(3)
        while not g.is_over:
            yield g
            g.play(rng.choice(g.legal_moves()))
    yield at_the_clean_up()


@pytest.mark.slow
def test_the_suggestion_is_the_bots_move_and_its_number_is_the_real_gain():
    seen = set()
    for g in positions():
        s = advice.suggest(g)
        seen.add(g.phase)
        assert s.move in g.legal_moves()
        assert s.move == GreedyBot(0).choose(g)
        assert said_points(s.reason) == s.points == real_gain(g, s), (g.phase, s)
        assert (s.plan != ()) == (isinstance(s.move, Take) and g.legal_placements(s.move.slot) != {})
        if len(seen) < 7 or g.phase == "cleanup":
            assert advice.suggest(g) == s  # the same position, the same advice
    assert seen == {"orient", "take", "place", "lair", "water", "cleanup"}


def test_a_finished_game_has_nothing_to_suggest():
    g = at_the_clean_up(keep=(1, 2))
    with pytest.raises(IllegalMove) as err:
        advice.suggest(g)
    assert isinstance(err.value, KitError) and err.value.rule_id == "forest.end.trigger"
    assert "game is over" in err.value.reason


def test_another_seed_breaks_ties_another_way_among_equal_moves():
    g = forest.new_game(players=2, seed=5, advanced=True)  # every turn of a lone animal scores alike
    moves = {advice.suggest(g, seed=k).move for k in range(12)}
    assert len(moves) > 1 and all(isinstance(m, Orient) for m in moves)
    assert {advice.suggest(g, seed=k).points for k in range(12)} == {g.card(g.starting_animal()[0]).points}


# -- hand-built positions, word for word -----------------------------------------------------------

MARKET = {"rabbit": "A05", "rooster": "P12", "armadillo": "P01", "goat": "P06"}


def fox_alone():
    """Red's Fox at (0, 0), its path leaving east; Blue holds the pawn; P06 (two eggs) under the goat."""
    return forest.from_scenario({"forests": ["A01@0,0r90", "A02@0,0r0"], "market": dict(MARKET), "pawn": 1,
                                 "round_start": 0})


@pytest.mark.rule("forest.turn.take", "forest.advisor.goat")
def test_a_take_counts_the_placement_and_the_advisors_benefit():
    g = fox_alone()
    s = advice.suggest(g)
    assert s.move == Take(0, "goat") and s.points == 6
    assert s.reason == ("+6 points: take the goat's card: path card P06 fits your Fox's path for +4 points and then "
                        "the water drop on the Fox's egg corner adds +2 points")
    assert s.plan[0] in (Place(0, 1, 0, 0), Place(0, 1, 0, 180)) and s.plan[1] == Water(0, 0, 0, "egg")


@pytest.mark.rule("forest.path.food-order")
def test_a_placement_says_what_the_path_gains():
    g = fox_alone()
    g.play(Take(0, "goat"))
    s = advice.suggest(g)
    assert s.move in (Place(0, 1, 0, 0), Place(0, 1, 0, 180))
    assert (s.points, s.reason, s.plan) == (4, "+4 points: the Fox's path gains 2 eggs it values 2 each", ())


@pytest.mark.rule("forest.score.food-value")
def test_a_water_drop_says_which_stored_foods_are_worth_more():
    g = fox_alone()
    g.play(Take(0, "goat"))
    g.play(Place(0, 1, 0, 0))
    s = advice.suggest(g)
    assert s.move == Water(0, 0, 0, "egg")
    assert s.reason == "+2 points: the Fox's 2 stored eggs are worth 1 more each"


@pytest.mark.rule("forest.score.capacity")
def test_a_lair_token_says_what_the_animal_now_also_stores():
    g = at_a_lair_question()
    assert g.phase == "lair"
    s = advice.suggest(g)
    assert s.move == Lair(0, 0, 0) and s.reason == "+1 point: the Fox now also stores a worm it values 1"


def test_the_rooster_is_worth_its_pawn_and_a_card_that_scores_nothing_says_so():
    # the Fox stores all it can (egg, egg, nut); no card left adds a food it values, no free corner holds one
    g = forest.from_scenario({"forests": ["A01@0,0r90[water=egg,nut] P06@1,0r0 P11@2,0r0",
                                          "A02@0,0r0 P03@1,0r0 P04@2,0r0 P05@3,0r0"],
                              "market": {"rabbit": None, "rooster": "P12", "armadillo": "P35", "goat": "P13"},
                              "pawn": 1, "round_start": 1, "picks_done": 1})
    s = advice.suggest(g)
    assert s.move == Take(0, "rooster") and s.points == 1  # nothing else scores: the pawn does
    assert s.reason == "+1 point: take the rooster's card: the 1st Player pawn (+1)"
    g.play(s.move)
    s = advice.suggest(g)
    assert (s.points, s.reason) == (0, "+0 points: no placement of path card P12 scores now")
    g = forest.from_scenario({"forests": ["A01@0,0r90", "A02@0,0r0"],
                              "market": {"rabbit": "A05", "rooster": "P12", "armadillo": "P35", "goat": "P13"},
                              "pawn": 0})
    g.play(Take(0, "armadillo"))  # berries, worth nothing to the Fox
    s = advice.suggest(g)
    assert s.points == 0 and s.reason == "+0 points: no placement of path card P35 scores now; this one extends " \
                                         "the Fox's path"


@pytest.mark.rule("forest.end.shared-path-cleanup")
def test_the_clean_up_keeps_the_animal_that_scores_most():
    g = at_the_clean_up()
    s = advice.suggest(g)
    assert s.move == Keep(0, 1, 2) and s.points == 0
    assert s.reason == ("+0 points: keep the Titmouse (2 points) and discard the Squirrel (1 point); your score "
                        "already counted the Titmouse")


@pytest.mark.rule("forest.adv.two-animals")
def test_a_starting_animal_is_laid_with_its_own_points():
    g = forest.new_game(players=2, seed=5, advanced=True)
    s = advice.suggest(g)
    card = g.card(g.starting_animal()[0])
    edge = ("north", "east", "south", "west")[s.move.rotation // 90]
    assert s.reason == (f"+{card.points} point{'s' if card.points > 1 else ''}: lay the {card.name} with its path "
                        f"leaving {edge}: it scores its own {card.points} point{'s' if card.points > 1 else ''}, "
                        "and no path runs onto it yet")


def test_a_suggestion_prints_as_its_reason():
    s = advice.suggest(fox_alone())
    assert str(s) == s.reason and advice.signed(-2) == "−2 points" and advice.signed(1) == "+1 point"
