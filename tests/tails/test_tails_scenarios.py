"""Hand-built Savannah Tails positions: every mistake in a scenario or its text form is refused
naming the field, and what a scenario leaves out gets its documented default."""

import pytest

from savannah_kit import tails
from savannah_kit.core.errors import ScenarioError
from savannah_kit.tails.data import CARD_NAMES
from savannah_kit.tails.text import parse_position_text

OK = {"space": "start", "hand": ["red-2"]}
FIVE = ["red-2", "red-3", "red-4", "red-5", "red-6"]


def with_ok(first, **fields):
    """A two-ostrich scenario whose first ostrich is ``first``."""
    return {"ostriches": [first, OK], **fields}


def refused(make):
    with pytest.raises(ScenarioError) as err:
        make()
    return err.value.field, err.value.reason


BAD_SCENARIOS = [
    (with_ok({"hand": "red-2"}), {}, "scenario.ostriches[0].hand", "expected a list of cards such as 'yellow-5', got 'red-2'"),
    (with_ok("red"), {}, "scenario.ostriches[0]", "expected an object, got 'red'"),
    (with_ok(dict(OK, speed=1)), {}, "scenario.ostriches[0].speed",
     "unknown field; fields are bonuses, colour, deck, discard, hand, holds, space"),
    (with_ok(dict(OK, bonuses=["boinnnggg"])), {}, "scenario.ostriches[0].bonuses",
     'expected an object such as {"boinnnggg": "active"}'),
    (with_ok(dict(OK, bonuses={"boinnnggg": "on"})), {}, "scenario.ostriches[0].bonuses.boinnnggg",
     "state must be one of inactive, armed, active, gone, not 'on'"),
    (with_ok(dict(OK, bonuses={3: "active"})), {}, "scenario.ostriches[0].bonuses.3",
     "not a bonus of this race; the faces are boinnnggg, crazy-wings, bird-brain"),
    (with_ok(dict(OK, deck=list(CARD_NAMES[1:19]))), {}, "scenario.ostriches[0].deck",
     "each player has 20 cards; missing black-6"),
    (with_ok(OK, start_order=[1, 1]), {}, "scenario.start_order", "expected each seat 0..1 once, got [1, 1]"),
    (with_ok(OK, pending_discard="1"), {}, "scenario.pending_discard", "expected 0, 1 or 2, got '1'"),
    (with_ok(OK, turn=2), {}, "scenario.turn", "expected an index 0..1 into the turn order, got 2"),
    (with_ok(OK, turn=True), {}, "scenario.turn", "expected an index 0..1 into the turn order, got True"),
    (with_ok(OK, round=0), {}, "scenario.round", "expected a round number from 1, got 0"),
    (with_ok(OK, last_round=1), {}, "scenario.last_round", "expected true or false, got 1"),
    (with_ok({"hand": FIVE}), {}, "scenario.ostriches[0].hand", "a hand holds 1 to 4 cards here, not 5"),
    ({"ostriches": [{"hand": FIVE, "bonuses": {"bird-brain": "active"}}, {"hand": FIVE}]}, {},
     "scenario.ostriches[1].hand", "a hand holds 1 to 4 cards here, not 5"),  # Bird Brain is Red's only
    (with_ok({"hand": FIVE[:4]}, pending_discard=1), {}, "scenario.pending_discard", "the hand holds 4 cards, not 4 + 1"),
    ({"ostriches": [OK, dict(OK, bonuses={"boinnnggg": "armed"})]}, {}, "scenario.ostriches[1].bonuses",
     "only the player whose turn it is can hold a bonus armed this turn"),
    (with_ok(OK), {"flat_bonus": 1}, "options.flat_bonus", "must be one of False (default), True, not 1"),
    (with_ok(OK), {"bonuses": ["boinnnggg", "crazy-wings"]}, "options.bonuses",
     "choose 3 bonus faces, one of each pair (('boinnnggg', 'leapfrog'), ('crazy-wings', 'deja-vu'), "
     "('bird-brain', 'neck-stretch')), not ['boinnnggg', 'crazy-wings']"),
]


@pytest.mark.filterwarnings('ignore:scenario "turn"')  # the older spelling is still checked
@pytest.mark.rule("tails.setup.hand", "tails.setup.player-kit")
@pytest.mark.parametrize("scenario, options, field, reason", BAD_SCENARIOS)
def test_a_bad_scenario_is_refused_naming_the_field(scenario, options, field, reason):
    assert refused(lambda: tails.from_scenario(scenario, **options)) == (field, reason)


def test_a_scenario_must_match_the_number_of_players():
    assert refused(lambda: tails.new_game(players=2, scenario=["x"])) == ("scenario", "expected an object, got list")
    assert refused(lambda: tails.new_game(players=2, scenario={"ostriches": "x"})) == (
        "scenario.ostriches", "expected a list with one entry per player")
    assert refused(lambda: tails.new_game(players=2, scenario={"ostriches": [OK, OK, OK]})) == (
        "scenario.ostriches", "3 ostriches for 2 players")


@pytest.mark.rule("tails.end.trigger", "tails.order.first-round")
def test_what_a_scenario_leaves_out_follows_the_position():
    """Round 1 while everyone is behind the line, else 2; the last round once someone is past it;
    a deck given top card first."""
    g = tails.from_scenario(with_ok(OK))
    assert (g.state.round, g.state.last_round) == (1, False)
    g = tails.from_scenario(with_ok({"space": "T03:red:0", "hand": ["red-2"]}))
    assert (g.state.round, g.state.last_round) == (2, False)
    g = tails.from_scenario(with_ok({"space": "T02:red:3", "hand": ["red-2"]}), course=[["T01", "easy"], ["T02", "easy"]])
    assert (g.state.round, g.state.last_round) == (2, True)
    g = tails.from_scenario(with_ok(dict(OK, deck=list(CARD_NAMES[1:]))))
    assert [CARD_NAMES[c] for c in reversed(g.state.decks[0][-3:])] == ["red-3", "red-4", "red-5"]


BAD_TEXTS = [
    (5, "text", "expected text, got int"),
    ("bogus", "text line 1", "unknown line 'bogus'"),
    ("course T01/easy T02/easy\nround x", "text line 2", "cannot read 'round x'"),
    ("ostrich 0 start", "text line 1", "cannot read 'ostrich 0 start'"),
    ("ostrich 0 start | hand red-2 | deck | discard | bonuses boinnnggg", "text line 1",
     "bonuses read like boinnnggg=active, not ['boinnnggg']"),
    ("ostrich 0 start | hand red-2 | deck | discard | colour red", "text line 1", "unknown part 'colour'"),
]


@pytest.mark.parametrize("text, field, reason", BAD_TEXTS)
def test_a_bad_position_text_is_refused_naming_the_line(text, field, reason):
    assert refused(lambda: parse_position_text(text)) == (field, reason)


def test_a_position_text_may_skip_blank_lines_and_empty_parts():
    assert parse_position_text("course first-race\n\nfaces boinnnggg crazy-wings bird-brain\n"
                               "ostrich 0 start | hand red-2 | | discard | bonuses") == {
        "scenario": {"course": "first-race", "ostriches": [{"space": "start", "hand": ["red-2"], "discard": [],
                                                            "bonuses": {}}]},
        "bonuses": ["boinnnggg", "crazy-wings", "bird-brain"]}


@pytest.mark.rule("tails.draw.hand-size")
def test_a_position_with_a_discard_due_is_written_with_it():
    g = tails.from_scenario({"ostriches": [{"space": "T03:red:0", "hand": FIVE}, OK], "pending_discard": 1})
    scenario = g.to_scenario()
    assert scenario["pending_discard"] == 1 and tails.from_scenario(scenario).to_scenario() == scenario
    assert "pending 1" in tails.position_text(g)
