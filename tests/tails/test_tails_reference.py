"""The engine's move generator against the reference generator (``reference.py``): on thousands of
positions from random and greedy races, on the named courses and on all-hard courses with every
animal, terrain, bonus face and the rope bridges, the same moves; and each move, played by the
engine's plan, tells the same events and leaves the same position as one of the ways the
reference finds to make it."""

import random

import pytest

from savannah_kit import tails
from savannah_kit.tails.data import BONUS_PAIRS
from savannah_kit.tails.generate import legal_plans
from savannah_kit.tails.play import apply_move
from reference import reference_moves

FACES = [[a, b, c] for a in BONUS_PAIRS[0] for b in BONUS_PAIRS[1] for c in BONUS_PAIRS[2]]
#: every hard side once, over two courses (rope bridges on T04 and T05, every animal and terrain)
HARD = [["T01", "easy"]] + [[t, "hard"] for t in ("T03", "T04", "T06", "T07", "T09", "T11", "T12", "T13", "T14",
                                                   "T16", "T18", "T21", "T25", "T24")] + [["T02", "easy"]]
HARD_TOO = [["T01", "easy"]] + [[t, "hard"] for t in ("T13", "T22", "T05", "T10", "T15", "T17", "T19", "T20",
                                                       "T23", "T08", "T11", "T12")] + [["T02", "easy"]]
COURSES = {"first-race": "first-race", "second-race": "second-race", "hard": HARD, "hard-too": HARD_TOO}


def race_positions(course, races, seed0, **options):
    """Every decision of seeded races, half random and half greedy, 2-5 players, every bonus face set."""
    for i in range(races):
        seed = seed0 + i
        game = tails.new_game(players=2 + seed % 4, seed=seed, course=course, bonuses=FACES[seed % 8],
                              flat_bonus=seed % 5 == 0, **options)
        rng, greedy = random.Random(seed), seed % 2 == 0
        while not game.is_over:
            yield game
            moves = game.legal_moves()
            if greedy:
                values = game.greedy_values(moves)
                moves = [m for m, v in zip(moves, values) if v == max(values)]
            game.play(rng.choice(moves))


def after(game, move, plan):
    """The events of ``move`` played by ``plan`` on a copy, and the position it leaves."""
    trial = game.copy()
    events = apply_move(trial.state, trial.race, trial.rng, move, plan)
    return [(e.rule, e.message, e.data) for e in events], trial.state


@pytest.mark.slow
@pytest.mark.rule("tails.move.free-lane-timing", "tails.move.blocked-stop", "tails.animal.porcupine",
                  "tails.bonus.boinnnggg", "tails.tiptoe.ignore", "tails.bonus.neck-stretch", "tails.bonus.leapfrog")
@pytest.mark.parametrize("course", sorted(COURSES))
def test_the_generator_makes_the_reference_moves_with_the_same_effects(course):
    positions = moves = blocked = porcupine = 0
    for game in race_positions(COURSES[course], 25, 7000):
        engine = legal_plans(game.state, game.race)
        reference = reference_moves(game.state, game.race)
        where = (course, game.seed, len(game.history))
        assert set(engine) == set(reference), where
        assert len(engine) == len(set(engine)), where
        for move in engine:
            plan = game._plan(move)
            ways = [after(game, move, other) for other in reference[move]]
            assert after(game, move, plan) in ways, where + (move,)
            blocked += plan is not None and plan.route.ending == 1
            porcupine += plan is not None and plan.route.ending == 4
        positions += 1
        moves += len(engine)
    assert positions > 1250 and moves > 20000
    assert blocked > 0 and (porcupine > 0 or not course.startswith("hard"))


@pytest.mark.rule("tails.bonus.combine", "tails.animal.porcupine", "tails.bonus.leapfrog-landing")
@pytest.mark.parametrize("option, value", [("bonus_per_turn", "one"), ("porcupine", "card-lane"),
                                           ("leapfrog_landing", "nothing")])
def test_the_generator_follows_the_ruling_options_as_the_reference_does(option, value):
    # K4, K7 and K15 played the other way, on the courses with every animal and terrain
    positions = 0
    for course in ("hard", "hard-too"):
        for game in race_positions(COURSES[course], 4, 7100, **{option: value}):
            engine = legal_plans(game.state, game.race)
            reference = reference_moves(game.state, game.race)
            where = (course, game.seed, len(game.history))
            assert set(engine) == set(reference), where
            for move in engine:
                assert after(game, move, game._plan(move)) in [after(game, move, p) for p in reference[move]], where
            positions += 1
    assert positions > 200
