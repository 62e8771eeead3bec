"""Savannah Tails odds and ends of a race's life: the first round, the starting order option,
scenario decks, the track's summary, racing on past the finish line, and a dune arrow
that sends an ostrich back to the space it left."""

import pytest

from savannah_kit import tails
from savannah_kit.core.errors import ScenarioError
from savannah_kit.tails import Discard, Move
from savannah_kit.tails.data import CARD_CODES
from savannah_kit.tails.design import animals_met
from tails_helpers import other, race, rules_of

FINISH_ONLY = [["T01", "easy"], ["T02", "easy"]]


@pytest.mark.rule("tails.order.first-round", "tails.order.turn-sequence")
def test_a_new_race_starts_in_round_one():
    g = tails.new_game(players=2, seed=1)
    assert g.state.round == 1
    g.play(g.legal_moves()[0])
    events = g.play(g.legal_moves()[0])
    assert g.state.round == 2 and events[-1].message.startswith("Round 2: ")


@pytest.mark.rule("tails.setup.start-order")
def test_a_bad_starting_order_says_what_it_may_be():
    with pytest.raises(ScenarioError) as err:
        tails.new_game(players=3, start_order=[0, 1, 1])
    assert (err.value.field, err.value.reason) == (
        "options.start_order", "'seat', 'random' or a list of the seats 0..2, not [0, 1, 1]")


@pytest.mark.rule("tails.setup.player-kit")
def test_a_scenario_without_a_deck_shuffles_the_other_cards_into_it():
    g = race([{"space": "start", "hand": ["red-2", "blue-3"], "discard": ["black-6"]}, other()])
    deck = g.state.decks[0]
    assert sorted(deck + g.state.hands[0] + g.state.discards[0]) == list(range(20))
    assert CARD_CODES["black-6"] not in deck and len(deck) == 17


def test_the_track_summary_counts_tiles_and_spaces():
    assert repr(tails.new_game(course="first-race").track) == "<Track first-race: 14 tiles, 372 spaces>"
    # start 3 rows x 4 lanes, the finish tile and 3 extra straights 6 x 4 each
    assert repr(tails.new_game(course=FINISH_ONLY).track) == "<Track custom: 2 tiles, 108 spaces>"


@pytest.mark.rule("tails.end.distance")
def test_an_ostrich_past_the_line_races_on_along_the_extra_straights():
    g = race([{"space": "V2:red:2", "hand": ["red-6", "blue-6"]}, other("V1:blue:0")], course=FINISH_ONLY,
             last_round=True)
    assert {m.to for m in g.legal_moves() if m.kind == "normal"} == {"V3:red:3", "V3:blue:2"}  # 6 + 1st on red
    # at the far end of the extra straights only one-space moves are left, then nothing at all
    g = race([{"space": "V3:red:2", "hand": ["red-6"]}, other("V1:blue:0")], course=FINISH_ONLY, last_round=True)
    assert g.legal_moves() == [Move("red-6", to="V3:red:3", kind="one-space"),
                               Move("red-6", to="V3:blue:3", kind="one-space")]
    g = race([{"space": "V3:red:5", "hand": ["red-6"]}, other("V1:blue:0")], course=FINISH_ONLY, last_round=True)
    assert g.legal_moves() == [Move("red-6", to="V3:red:5")]


@pytest.mark.rule("tails.dune.arrow", "tails.move.one-space-any-card")
def test_a_back_arrow_may_send_the_ostrich_back_to_the_space_it_left():
    """T07 hard: a back arrow on blue@3; the space behind it is the one Red just left, so it is free."""
    g = race([{"space": "T07:blue:2", "hand": ["red-6"]}, other("start")],
             course=[["T01", "easy"], ["T07", "hard"], ["T02", "easy"]])
    move = Move("red-6", to="T07:blue:2", kind="one-space")
    assert g.route(g.legal_moves()[g.legal_moves().index(move)]) == ("T07:blue:3", "T07:blue:2")
    events = g.play(move)
    assert [e.message for e in events if e.rule == "tails.dune.arrow"] == ["Red slides along the dune to T07:blue:2"]


@pytest.mark.rule("tails.move.bonus-movement", "tails.move.blocked-stop")
def test_a_fifth_place_six_blocked_on_its_lane_still_moves_as_far_as_it_can():
    """6 + 5 bonus = 11 points, the most any move has: it could reach the red lane, so a
    block stops it short instead of leaving it only one-space moves."""
    g = race([{"space": "T03:red:0", "hand": ["red-6"]}, other("T03:red:3"), other("T03:blue:4"),
              other("T03:yellow:4"), other("T03:black:4")],
             course=[["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]])
    assert [m for m in g.legal_moves() if m.kind == "normal"] == [Move("red-6", to="T03:red:2")]
    assert "Red is blocked by Purple's ostrich on T03:red:3 and stops on T03:red:2 after 2 spaces" in [
        e.message for e in g.play(g.legal_moves()[0])]


@pytest.mark.rule("tails.move.fully-blocked", "tails.move.start-line")
@pytest.mark.parametrize("bonuses", [{}, {"leapfrog": "active"}, {"neck-stretch": "active"}])
def test_an_ostrich_fully_blocked_behind_the_start_line_just_plays_its_card(bonuses):
    """With or without a bonus that acts after the steps: there are no steps to act after."""
    g = race([{"space": "start", "hand": ["red-6"], "bonuses": bonuses}, other("T01:red:0"), other("T01:blue:0"),
              other("T01:yellow:0"), other("T01:black:0")], turn_order=[0, 1, 2, 3, 4],
             bonuses=["leapfrog", "deja-vu", "neck-stretch"])
    assert g.legal_moves() == [Move("red-6", to="start")]
    assert rules_of(g.play(Move("red-6", to="start"))) == ["tails.turn.play-card", "tails.move.fully-blocked",
                                                          "tails.draw.one"]


@pytest.mark.rule("tails.end.trigger", "tails.end.distance")
def test_ending_one_space_past_the_line_starts_the_last_round():
    """Row 3 of the finish tile is the first space past the line (1 point)."""
    g = race([{"space": "T02:blue:0", "hand": ["red-3"]}, other("T01:red:0")], course=FINISH_ONLY)
    events = g.play(Move("red-3", to="T02:red:3"))
    assert events[-1].rule == "tails.end.trigger" and g.state.last_round and g.scores()[0] == 1


@pytest.mark.rule("tails.move.links")
def test_the_extra_straights_after_the_finish_link_like_any_straight():
    track = tails.new_game(course=FINISH_ONLY).track
    for name, ahead in (("T02:red:5", ["V1:blue:0", "V1:red:0"]), ("V2:blue:5", ["V3:blue:0", "V3:red:0", "V3:yellow:0"]),
                        ("V3:black:5", [])):
        assert sorted(track.names[t] for t, _k in track.succ[track.by_name[name]]) == ahead


@pytest.mark.rule("tails.draw.hand-size")
def test_a_scenario_may_leave_at_most_two_cards_to_discard():
    hand = ["red-2", "red-3", "red-4", "red-5", "red-6", "blue-2", "blue-3"]
    with pytest.raises(ScenarioError) as err:
        race([{"space": "T03:red:0", "hand": hand}, other()], pending_discard=3)
    assert (err.value.field, err.value.reason) == ("scenario.pending_discard", "expected 0, 1 or 2, got 3")


@pytest.mark.rule("tails.end.trigger")
def test_the_text_form_keeps_the_last_round():
    g = race([{"space": "T02:red:3", "hand": ["red-3"]}, other("T01:red:0")], course=FINISH_ONLY, turn_order=[1, 0])
    assert g.state.last_round and "last yes" in tails.position_text(g)
    again = tails.from_scenario(tails.position_text(g))
    assert again.state.last_round and tails.position_data(again) == tails.position_data(g)


@pytest.mark.rule("tails.move.fully-blocked", "tails.move.end-on-card-colour")
def test_a_card_that_cannot_reach_its_lane_with_every_one_space_move_blocked_is_played_to_stay():
    """black-2 cannot reach the black lane from red (3 lane changes); red@1 and blue@1 are taken."""
    g = race([{"space": "T03:red:0", "hand": ["black-2"]}, other("T03:red:1"), other("T03:blue:1")],
             course=[["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]])
    assert g.legal_moves() == [Move("black-2", to="T03:red:0")] and g.route(g.legal_moves()[0]) == ()
    events = g.play(Move("black-2", to="T03:red:0"))
    assert [(e.message, e.data) for e in events if e.rule == "tails.move.fully-blocked"] == [
        ("Red cannot take a single step (Green's ostrich on T03:blue:1 and Purple's ostrich on T03:red:1 block "
         "every space one step away) and stays on T03:red:0",
         {"steps": 0, "blockers": [{"kind": "ostrich", "space": "T03:blue:1"},
                                   {"kind": "ostrich", "space": "T03:red:1"}]})]
    assert rules_of(events)[-1] == "tails.draw.one" and g.state.pos[0] == g.track.by_name["T03:red:0"]


@pytest.mark.rule("tails.move.fully-blocked", "tails.animal.lion")
def test_a_lion_one_step_away_is_named_among_what_keeps_the_ostrich_put_and_counts_as_met():
    """T06 hard: the lion on blue@4; the two other spaces one step from blue@3 are taken."""
    g = race([{"space": "T06:blue:3", "hand": ["black-3"]}, other("T06:red:4"), other("T06:yellow:4")],
             course=[["T01", "easy"], ["T06", "hard"], ["T02", "easy"]])
    assert g.legal_moves() == [Move("black-3", to="T06:blue:3")]  # a 3 cannot tiptoe past the lion
    (stay,) = [e for e in g.play(g.legal_moves()[0]) if e.rule == "tails.move.fully-blocked"]
    assert stay.message == ("Red cannot take a single step (Purple's ostrich on T06:red:4, the lion on T06:blue:4 "
                            "and Green's ostrich on T06:yellow:4 block every space one step away) and stays on "
                            "T06:blue:3")
    assert [b["kind"] for b in stay.data["blockers"]] == ["ostrich", "lion", "ostrich"]
    assert animals_met(g.log, 3)[0]["lion"] == 1 and animals_met(g.log, 3)[1]["lion"] == 0


def one_space(game):
    return {str(m) for m in game.legal_moves() if m.kind == "one-space"}


def hard(tile):
    return [["T01", "easy"], [tile, "hard"], ["T02", "easy"]]


@pytest.mark.rule("tails.move.one-space-any-card", "tails.animal.warthog", "tails.tiptoe.ignore")
def test_a_one_space_move_onto_a_warthog_redraws_unless_tiptoeing():
    """T12 hard: a warthog on red@1."""
    g = race([{"space": "T12:red:0", "hand": ["red-3", "red-2"]}, other("T01:red:0")], course=hard("T12"))
    # a '2' may tiptoe past the warthog or not (kit ruling K8)
    assert one_space(g) == {"red-2 one space to T12:red:1, tiptoeing", "red-2 one space to T12:red:1, via warthog",
                            "red-2 one space to T12:blue:1",
                            "red-3 one space to T12:red:1, via warthog", "red-3 one space to T12:blue:1"}


@pytest.mark.rule("tails.move.one-space-any-card", "tails.animal.cheetah", "tails.bonus.boinnnggg")
def test_a_one_space_move_onto_a_cheetah_pays_unless_tiptoeing():
    """T11 hard: a cheetah on blue@2, right ahead of Red. With Boinnnggg the cheetah still acts,
    where the move ends (K6); Boinnnggg is spent by the move, so another card is lost."""
    g = race([{"space": "T11:blue:1", "hand": ["red-3", "red-2"], "bonuses": {"boinnnggg": "active"}},
              other("T01:red:0")], course=hard("T11"))
    onto_cheetah = {m for m in g.legal_moves() if m.kind == "one-space" and m.to == "T11:blue:2"}
    boing = [Move(card, to="T11:blue:2", kind="one-space", boinnnggg=True, lose=(lost,))
             for card in ("red-2", "red-3") for lost in ("bird-brain", "crazy-wings")]
    assert onto_cheetah == {Move("red-2", to="T11:blue:2", kind="one-space", tiptoe=True),
                            Move("red-2", to="T11:blue:2", kind="one-space", boinnnggg=True, tiptoe=True),
                            Move("red-2", to="T11:blue:2", kind="one-space", lose=("boinnnggg",)),
                            Move("red-3", to="T11:blue:2", kind="one-space", lose=("boinnnggg",)), *boing}


@pytest.mark.rule("tails.move.one-space-any-card", "tails.animal.porcupine")
def test_a_one_space_move_into_a_porcupine_is_told():
    """T13 hard: a porcupine on yellow@1."""
    g = race([{"space": "T13:yellow:0", "hand": ["red-3"]}, other("T01:red:0")], course=hard("T13"))
    events = g.play(Move("red-3", to="T13:yellow:1", kind="one-space"))
    assert [(e.rule, e.message) for e in events][1] == (
        "tails.animal.porcupine", "Red runs into a porcupine on T13:yellow:1: ouch! The move ends there")


@pytest.mark.rule("tails.draw.hand-size")
def test_after_the_discard_the_next_player_moves():
    g = race([{"space": "T03:red:0", "hand": ["red-2", "red-3", "red-4", "red-5", "red-6"]}, other()],
             pending_discard=1)
    events = g.play(Discard(("red-6",)))
    assert [(e.rule, e.message) for e in events][0] == ("tails.draw.hand-size", "Red discards red-6 down to the hand size")
    assert g.phase == tails.Phase.MOVE and g.state.pending_discard == 0 and g.current_player == 1


@pytest.mark.rule("tails.tiptoe.ignore", "tails.dune.arrow")
def test_a_two_ending_on_a_dune_arrow_stays_there():
    """T07 hard: a forward arrow on red@1; after tiptoeing, following it is the player's choice."""
    g = race([{"space": "T01:blue:2", "hand": ["red-2"]}, other("T01:red:0")],
             course=[["T01", "easy"], ["T07", "hard"], ["T02", "easy"]])
    assert set(m for m in g.legal_moves() if m.kind == "normal") == {Move("red-2", to="T07:red:1", tiptoe=True),
                                                                    Move("red-2", to="T07:red:2")}
    assert "tails.dune.arrow" in rules_of(g.copy().play(Move("red-2", to="T07:red:2")))
    assert "tails.dune.arrow" not in rules_of(g.play(Move("red-2", to="T07:red:1", tiptoe=True)))
