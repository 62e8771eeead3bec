"""Savannah Tails course geometry beyond the basics: where each tile lies on the table."""

import pytest

from savannah_kit.tails import design
from savannah_kit.tails.track import build_course
from savannah_kit.tails import Move
from tails_helpers import dests, other, race


@pytest.mark.rule("tails.setup.course")
def test_a_course_lays_out_its_tiles_turning_at_each_corner():
    """The start tile faces east at (0, 0); a right corner turns the heading clockwise, a left one back."""
    course = build_course([["T01", "easy"], ["T20", "easy"], ["T03", "easy"], ["T21", "easy"], ["T22", "easy"],
                           ["T14", "easy"], ["T15", "easy"], ["T02", "easy"]])
    assert design.layout(course) == [(0, 0, "E"), (1, 0, "S"), (1, -1, "S"), (1, -2, "W"), (0, -2, "N"), (0, -1, "W"),
                               (-1, -1, "S"), (-1, -2, "S")]


@pytest.mark.rule("tails.bonus.boinnnggg", "tails.tiptoe.ignore")
def test_two_cards_of_neighbouring_lanes_tiptoeing_and_with_boinnnggg_keep_their_own_routes():
    """Cards of two lanes, each tiptoeing and with Boinnnggg, from one space with the same points."""
    g = race([{"space": "T03:yellow:0", "hand": ["red-2", "blue-2"], "bonuses": {"boinnnggg": "active"}},
              other("T05:red:5")], course=[["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]])
    assert dests(g, "blue-2") == dests(g, "blue-2", boinnnggg=True) == {"T03:blue:2"}
    assert dests(g, "red-2") == dests(g, "red-2", boinnnggg=True) == {"T03:red:2"}


@pytest.mark.rule("tails.bonus.crazy-wings", "tails.bridge.any-colour")
def test_crazy_wings_and_a_card_ending_on_the_same_bridge_space_stay_different_moves():
    """Moves are shared between the positions of a course: a black 6 and Crazy Wings as a blue 4
    that both end on T04's last bridge space (any colour) are still told apart."""
    course = [["T01", "easy"], ["T03", "easy"], ["T04", "hard"], ["T02", "easy"]]
    g = race([{"space": "T03:red:4", "hand": ["black-6"]}, other("T01:red:0")], course=course)
    assert Move("black-6", to="T04:bridge:3") in g.legal_moves()
    g = race([{"space": "T04:red:0", "hand": ["black-6"], "bonuses": {"crazy-wings": "active"}}, other("T01:red:0")],
             course=course)
    assert {m.lane for m in g.legal_moves() if m.to == "T04:bridge:3"} == {"blue", "yellow", "black"}
    assert all(m.card == "crazy-wings" for m in g.legal_moves() if m.to == "T04:bridge:3")
