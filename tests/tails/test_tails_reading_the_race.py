"""Reading a Savannah Tails race without playing it: routes, scores, winners and the bots'
quick evaluation of every move."""

import pytest

from tails_helpers import other, race

EASY = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]
SIDE_B = ["leapfrog", "deja-vu", "neck-stretch"]


def assert_greedy_agrees(g):
    """``greedy_values`` of every legal move is the mover's ``evaluate`` after playing it."""
    p, moves = g.current_player, g.legal_moves()
    for move, value in zip(moves, g.greedy_values(moves)):
        trial = g.copy()
        trial.play(move)
        assert value == trial.evaluate(p), move


@pytest.mark.rule("tails.animal.cheetah", "tails.bonus.crazy-wings")
@pytest.mark.parametrize("tile, start, bonuses", [
    ("T11", "T11:blue:0", {"bird-brain": "active", "boinnnggg": "active"}),   # a cheetah on blue@2
    ("T11", "T11:blue:0", {"crazy-wings": "active", "bird-brain": "armed"}),  # Crazy Wings; Bird Brain armed
])
def test_the_quick_evaluation_of_each_move_agrees_with_playing_it(tile, start, bonuses):
    g = race([{"space": start, "hand": ["red-3", "blue-2"], "bonuses": bonuses}, other("T01:red:0")],
             course=[["T01", "easy"], [tile, "hard"], ["T02", "easy"]])
    assert_greedy_agrees(g)


def test_a_discard_decision_has_no_route_and_no_quick_value():
    g = race([{"space": "T03:red:0", "hand": ["red-2", "red-3", "red-4", "red-5", "red-6"]}, other()], course=EASY,
             pending_discard=1)
    moves = g.legal_moves()
    assert g.greedy_values(moves) == [0.0] * 5 and g.route(moves[0]) == ()


@pytest.mark.rule("tails.bonus.leapfrog")
def test_the_route_of_a_leapfrog_ends_on_its_landing_space():
    g = race([{"space": "T03:red:1", "hand": ["blue-3"], "bonuses": {"leapfrog": "active"}},
              other("T03:blue:5"), other("T05:blue:0")], course=EASY, bonuses=SIDE_B)
    leap = next(m for m in g.legal_moves() if m.leapfrog)
    assert g.route(leap) == ("T03:red:2", "T03:red:3", "T03:blue:4", "T05:blue:1")


@pytest.mark.rule("tails.end.distance", "tails.order.race-position")
def test_a_score_reads_as_spaces_past_the_line_or_steps_still_needed():
    g = race([{"space": "T02:red:4", "hand": ["red-3"]}, other("T02:red:0")],
             course=[["T01", "easy"], ["T02", "easy"]], turn_order=[1, 0])
    ahead, behind = g.score_breakdown(0), g.score_breakdown(1)
    assert [(line.label, line.points, line.rule) for line in ahead.lines] == [
        ("spaces past the finish line", 2, "tails.end.distance")]
    assert (ahead.space, ahead.past_line, ahead.player) == ("T02:red:4", 2, 0)
    assert [(line.label, line.points, line.rule) for line in behind.lines] == [
        ("steps still needed to cross the finish line (as a negative number)", -2, "tails.order.race-position")]
    assert (behind.space, behind.past_line) == ("T02:red:0", 0)
    assert g.winners() == [] and not g.is_over
