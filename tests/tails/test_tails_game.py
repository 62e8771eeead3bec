"""Savannah Tails as a whole game: set-up, turn order, draws, the end, saving, undo and bad input."""

import json
import random

import pytest

from savannah_kit.core.errors import IllegalMove, SaveFileError, ScenarioError
from savannah_kit.core.bots import GreedyBot, RandomBot
from savannah_kit import tails
from savannah_kit.tails.data import BonusState

from savannah_kit.tails import Move
from savannah_kit.tails.data import CARD_NAMES
from tails_helpers import other, race, rules_of

INACTIVE, ARMED, ACTIVE, GONE = BonusState

FINISH = [["T01", "easy"], ["T02", "easy"]]


def play_random(game, n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.rule("tails.setup.player-kit", "tails.setup.hand", "tails.setup.start-line", "tails.setup.markers")
def test_new_race_setup():
    g = tails.new_game(players=5, seed=3)
    assert g.colours == ("red", "purple", "green", "yellow", "blue")
    for p in range(5):
        assert len(g.state.hands[p]) == 4 and len(g.state.decks[p]) == 16 and g.state.discards[p] == []
        assert sorted(g.state.hands[p] + g.state.decks[p]) == list(range(20))
        assert g.state.bonuses[p] == [INACTIVE] * 3 and g.state.markers_used[p] == 0
    assert g.state.pos == [0] * 5 and g.scores() == [-66] * 5
    assert tails.new_game(players=5, seed=3).state.hands == g.state.hands


@pytest.mark.rule("tails.setup.start-order", "tails.order.first-round")
def test_starting_order_and_first_round():
    g = tails.new_game(players=4, seed=11, start_order=[2, 0, 3, 1])
    assert g.state.order == [2, 0, 3, 1] and g.current_player == 2
    assert g.race_order() == [2, 0, 3, 1]  # all behind the line, in starting order
    r = tails.new_game(players=4, seed=11, start_order="random")
    assert sorted(r.start_order) == [0, 1, 2, 3] and r.state.order == list(r.start_order)
    assert tails.new_game(players=4, seed=11, start_order="random").start_order == r.start_order
    with pytest.raises(ScenarioError) as err:
        tails.new_game(players=3, start_order=[0, 1, 1])
    assert err.value.field == "options.start_order"


@pytest.mark.rule("tails.order.turn-sequence", "tails.turn.steps")
def test_turn_order_is_fixed_at_the_start_of_each_round():
    g = race([{"space": "T03:red:0", "hand": ["red-6"]}, other("T03:blue:1", ["black-3"]),
              other("T03:yellow:2", ["blue-2"])], course=[["T01", "easy"], ["T03", "easy"], ["T05", "easy"],
                                                            ["T02", "easy"]], turn_order=[2, 1, 0])
    assert g.current_player == 2
    g.play(Move("blue-2", to="T03:blue:4"))      # Green 2 + 0? starts on yellow: no bonus
    g.play(Move("black-3", to="T03:black:4"))
    assert g.current_player == 0                   # the round's order holds although places changed
    events = g.play(Move("red-6", to="T05:red:3"))  # 6 + 3rd place
    assert events[-1].rule == "tails.order.turn-sequence"
    assert events[-1].message == "Round 3: Red, Green, Purple"  # level on row 4: blue is nearer the baobab
    assert g.state.order == [0, 2, 1]


@pytest.mark.rule("tails.turn.play-card", "tails.draw.one", "tails.draw.reshuffle")
def test_played_card_goes_on_the_discard_pile_and_a_card_is_drawn():
    g = race([{"space": "T03:red:0", "hand": ["red-6", "blue-2", "blue-3", "blue-4"], "deck": [],
               "discard": [c for c in CARD_NAMES if c not in ("red-6", "blue-2", "blue-3", "blue-4")]},
              other("T05:red:5")], course=[["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]])
    events = g.play(Move("blue-4", to="T03:blue:4"))
    assert rules_of(events)[:2] == ["tails.turn.play-card", "tails.move.exact-distance"]
    assert "tails.draw.reshuffle" in rules_of(events)
    assert len(g.state.hands[0]) == 4 and len(g.state.decks[0]) == 16 - 1 + 1 - 1 + 1 and g.state.discards[0] == []
    same = race([{"space": "T03:red:0", "hand": ["red-6", "blue-2", "blue-3", "blue-4"], "deck": [],
                  "discard": [c for c in CARD_NAMES if c not in ("red-6", "blue-2", "blue-3", "blue-4")]},
                 other("T05:red:5")], course=[["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]])
    same.play(Move("blue-4", to="T03:blue:4"))
    assert same.state.decks == g.state.decks  # the reshuffle is seeded


def _finish_race():
    return race([{"space": "T02:red:1", "hand": ["red-3"]}, {"space": "T02:blue:0", "hand": ["black-6"]},
                 {"space": "T02:yellow:1", "hand": ["yellow-2"]}], course=FINISH, turn_order=[0, 2, 1])


@pytest.mark.rule("tails.end.trigger", "tails.end.distance", "tails.end.winner", "tails.end.tie-baobab")
def test_last_round_distance_and_baobab_tie_break():
    g = _finish_race()
    events = g.play(Move("red-3", to="T02:red:5"))     # 3 + 1st: three spaces past the line
    assert events[-1].rule == "tails.end.trigger" and g.state.last_round and not g.is_over
    g.play(Move("yellow-2", to="T02:yellow:5"))         # 2 + 2nd: also three past
    assert g.current_player == 1
    events = g.play(Move("black-6", to="T02:yellow:1", kind="one-space"))
    assert g.is_over and g.scores() == [3, -1, 3]
    assert rules_of(events)[-2:] == ["tails.end.tie-baobab", "tails.end.winner"]
    assert g.winners() == [0]  # the finish tile's baobab is on the left: red lane nearest
    assert g.legal_moves() == []
    with pytest.raises(IllegalMove) as err:
        g.play(Move("black-6", to="T02:blue:1"))
    assert err.value.rule_id == "tails.end.trigger"


def test_wrong_player():
    g = tails.new_game(players=3, seed=1)
    move = g.legal_moves()[0]
    wrong = Move(move.card, to=move.to, kind=move.kind, player=1)
    with pytest.raises(IllegalMove) as err:
        g.play(wrong)
    assert err.value.rule_id == "tails.order.turn-sequence" and "Red's turn, not Purple's" in err.value.reason
    g.play(Move(move.card, to=move.to, kind=move.kind, player=0))
    assert g.current_player == 1


def test_malformed_scenarios_name_the_field():
    def bad(scenario, **options):
        with pytest.raises(ScenarioError) as err:
            tails.from_scenario(scenario, **options)
        return err.value.field

    ok = [{"space": "start", "hand": ["red-2"]}, {"space": "start", "hand": ["red-2"]}]
    assert bad({"ostriches": [{"space": "T99:red:0", "hand": ["red-2"]}, ok[1]]}) == "scenario.ostriches[0].space"
    assert bad({"ostriches": [{"space": "T03:red:0", "hand": ["red-2"]}, {"space": "T03:red:0", "hand": ["red-3"]}]}) \
        == "scenario.ostriches[1].space"
    assert bad({"ostriches": [ok[0], {"hand": ["pink-4"]}]}) == "scenario.ostriches[1].hand[0]"
    assert bad({"ostriches": [ok[0], {"hand": ["red-2"], "discard": ["red-2"]}]}) == "scenario.ostriches[1].discard[0]"
    assert bad({"ostriches": [ok[0], {"hand": []}]}) == "scenario.ostriches[1].hand"
    assert bad({"ostriches": [ok[0], {"hand": ["red-2"], "bonuses": {"leapfrog": "active"}}]}) \
        == "scenario.ostriches[1].bonuses.leapfrog"
    assert bad({"ostriches": ok, "turn_order": [0, 0]}) == "scenario.turn_order"
    assert bad({"ostriches": ok, "colour": "red"}) == "scenario.colour"
    assert bad({"ostriches": ok, "course": [["T02", "easy"]]}) == "scenario.course"
    with pytest.raises(ScenarioError) as err:
        tails.new_game(players=6)
    assert err.value.field == "options.players"
    with pytest.raises(ScenarioError) as err:
        tails.new_game(speed=3)
    assert err.value.field == "options.speed"


def test_corrupt_save_files_name_the_field():
    g = play_random(tails.new_game(players=2, seed=5), 6)
    data = json.loads(g.to_json())
    data["moves"][3] = {"card": "red-9"}
    with pytest.raises(SaveFileError) as err:
        tails.from_json(json.dumps(data))
    assert err.value.field == "moves[3].card"
    data = json.loads(g.to_json())
    data["moves"][2]["to"] = "T14:red:0"
    with pytest.raises(SaveFileError) as err:
        tails.from_json(json.dumps(data))
    assert err.value.field == "moves[2]" and "illegal" in err.value.reason
    data = json.loads(g.to_json())
    data["options"]["course"] = "third-race"
    with pytest.raises(SaveFileError) as err:
        tails.from_json(json.dumps(data))
    assert err.value.field in ("options", "options.course")
    with pytest.raises(SaveFileError):
        tails.from_json("{\"game\": \"tails\"")


def test_scenario_text_form_round_trips():
    g = play_random(tails.new_game(players=3, seed=21, course="second-race", bonuses=["leapfrog", "deja-vu", "neck-stretch"]), 40)
    text = tails.position_text(g)
    h = tails.from_scenario(text, seed=1)
    assert tails.position_text(h) == text
    assert tails.position_data(h) == tails.position_data(g)
    assert sorted(map(repr, h.legal_moves())) == sorted(map(repr, g.legal_moves()))
    assert json.loads(json.dumps(tails.position_data(g))) == tails.position_data(g)
    assert g.scenario_text() == text  # the game's own name for the text form
    with pytest.warns(DeprecationWarning, match="from_scenario"):
        old = tails.from_text(text, seed=1)  # the older spelling, for one release
    assert tails.position_text(old) == text


@pytest.mark.rule("tails.setup.course")
def test_a_custom_course_round_trips_through_positions_and_their_text():
    spec = [["T01", "easy"], ["T07", "hard"], ["T14", "hard"], ["T11", "hard"], ["T02", "easy"]]
    g = play_random(tails.new_game(players=2, seed=4, course=spec), 12)
    assert g.course.name == "custom" and g.course.spec == spec
    data = tails.position_data(g)
    assert data["course"] == spec
    again = tails.from_scenario(json.loads(json.dumps(data)), seed=3)
    assert again.course.spec == spec and tails.position_data(again) == data
    text = tails.position_text(g)
    assert text.splitlines()[0] == "course T01/easy T07/hard T14/hard T11/hard T02/easy"
    h = tails.from_scenario(text, seed=1)
    assert h.course.spec == spec and tails.position_text(h) == text
    assert h.legal_moves() == g.legal_moves()


def test_text_board_and_repr_are_deterministic():
    g = play_random(tails.new_game(players=2, seed=2, course="second-race"), 30)
    text = str(g)
    assert text == str(tails.from_json(g.to_json()))
    assert text.splitlines()[0].startswith("Savannah Tails, course second-race, round")
    assert "  bridge   = = = =" in text
    assert repr(g).startswith("<TailsGame second-race players=2 seed=2 round=") and "0x" not in repr(g)
    assert repr(Move("yellow-5", to="T03:yellow:4", arm=("leapfrog",))) == \
        "Move('yellow-5', to='T03:yellow:4', arm=('leapfrog',))"
    assert g.explain(g.legal_moves()[0]).startswith("Legal: ")


def test_bots_play_whole_races():
    for bots in ((GreedyBot(1), RandomBot(2)), (RandomBot(3), GreedyBot(4))):
        g = tails.new_game(players=2, seed=9)
        while not g.is_over:
            g.play(bots[g.current_player].choose(g))
        assert g.winners()
    greedy_wins = 0
    for seed in range(6):
        g = tails.new_game(players=2, seed=seed)
        bots = (GreedyBot(seed), RandomBot(seed))
        while not g.is_over:
            g._play_legal(bots[g.current_player].choose(g))
        greedy_wins += g.winners() == [0]
    assert greedy_wins >= 5
    g = tails.new_game(players=3, seed=2)
    moves = g.legal_moves()
    slow = []
    for m in moves:
        trial = g.copy()
        trial._play_legal(m)
        slow.append(trial.evaluate(0))
    assert g.greedy_values(moves) == slow
