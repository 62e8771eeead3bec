"""The shared Game protocol, on a toy game."""

import json

import pytest

from savannah_kit.core import IllegalMove, SaveFileError, ScenarioError
from savannah_kit.core.bots import GreedyBot, RandomBot, make_bot
from savannah_kit.core.sim import play_out

from toy_game import Add, RaceTo


def test_play_returns_events_and_records_history():
    g = RaceTo(seed=1)
    events = g.play(Add(2))
    assert [e.message for e in events] == ["player 0 adds 2"]
    assert g.history == [Add(2)] and g.state.total == 2 and g.current_player == 1
    assert str(events[0]) == "player 0 adds 2 [forest.turn.take]"


def test_illegal_move_names_rule_and_leaves_state_unchanged():
    g = RaceTo(seed=1)
    g.play(Add(1))
    before = (g.to_json(), str(g), g.current_player)
    with pytest.raises(IllegalMove) as err:
        g.play(Add(5))
    assert err.value.rule_id == "forest.place.adjacent"
    assert "at most 2" in str(err.value) and "[forest.place.adjacent]" in str(err.value)
    assert (g.to_json(), str(g), g.current_player) == before
    assert isinstance(err.value, ValueError)


def test_junk_move_gets_a_generic_reason():
    g = RaceTo(seed=1)
    with pytest.raises(IllegalMove) as err:
        g.play("nonsense")
    assert err.value.rule_id == "forest.turn.take"
    assert "'nonsense'" in err.value.reason
    with pytest.raises(IllegalMove):
        g.play({"unhashable": []})


def test_explain_says_legal_or_why_not():
    g = RaceTo(seed=1)
    assert g.explain(Add(2)) == "Legal: player 0 adds 2 [forest.turn.take]"
    assert g.explain(Add(7)) == "Not legal: cannot add 7, at most 2 [forest.place.adjacent]"
    assert g.history == []


def test_game_over_refuses_moves():
    g = RaceTo(seed=1, target=2)
    g.play(Add(2))
    assert g.is_over and g.legal_moves() == [] and g.winners() == [0]
    with pytest.raises(IllegalMove, match="game is over"):
        g.play(Add(1))


def test_undo_restores_the_exact_earlier_position_including_dice():
    g = RaceTo(seed=5, target=50)
    for m in [Add(0), Add(1), Add(0)]:
        g.play(m)
    snapshot = (g.state.total, list(g.state.rolls), g.rng.getstate())
    g.play(Add(0))
    assert g.undo() == Add(0)
    assert (g.state.total, list(g.state.rolls), g.rng.getstate()) == snapshot
    g.undo(), g.undo(), g.undo()
    with pytest.raises(IllegalMove, match="nothing to undo"):
        g.undo()


def test_copy_is_independent():
    g = RaceTo(seed=2, target=50)
    g.play(Add(1))
    c = g.copy()
    c.play(Add(2))
    assert g.state.total == 1 and c.state.total == 3 and len(g.history) == 1


def test_same_seed_same_moves_same_game():
    a, b = RaceTo(seed=9, target=40), RaceTo(seed=9, target=40)
    for _ in range(10):
        a.play(Add(0)), b.play(Add(0))
    assert a.state.rolls == b.state.rolls and a.to_json() == b.to_json()
    c = RaceTo(seed=10, target=40)
    for _ in range(10):
        c.play(Add(0))
    assert c.state.rolls != a.state.rolls  # the seed matters


def test_save_round_trip_replays_moves():
    g = RaceTo(seed=3, target=30, scenario={"total": 4})
    for m in [Add(0), Add(2), Add(0)]:
        g.play(m)
    text = g.to_json()
    data = json.loads(text)
    assert data == {"game": "toy", "format_version": 1, "options": {"target": 30}, "seed": 3,
                    "scenario": {"total": 4}, "moves": [{"add": 0}, {"add": 2}, {"add": 0}]}
    h = RaceTo.from_json(text)
    assert (h.state.total, h.state.rolls, h.history) == (g.state.total, g.state.rolls, g.history)


def test_load_rejects_illegal_and_malformed_moves_naming_the_move():
    good = json.loads(RaceTo(seed=3).to_json())
    good["moves"] = [{"add": 1}, {"add": 9}]
    with pytest.raises(SaveFileError, match=r"moves\[1\]: illegal at this point"):
        RaceTo.from_json(json.dumps(good))
    good["moves"] = [{"plus": 1}]
    with pytest.raises(SaveFileError, match=r"moves\[0\]: a move is"):
        RaceTo.from_json(json.dumps(good))
    good["moves"] = []
    good["options"] = {"target": -3}
    with pytest.raises(SaveFileError, match="options.target"):
        RaceTo.from_json(json.dumps(good))


def test_bad_seed_and_option_are_named():
    with pytest.raises(ScenarioError, match="seed"):
        RaceTo(seed="abc")
    with pytest.raises(ScenarioError, match="options.target: must be a positive integer"):
        RaceTo(seed=1, target=0)


def test_unseeded_game_records_its_seed_so_it_can_be_replayed():
    g = RaceTo(target=20)
    for _ in range(5):
        g.play(Add(0))
    assert RaceTo.from_json(g.to_json()).state.rolls == g.state.rolls


def test_repr_is_deterministic():
    assert repr(RaceTo(seed=4)) == "<RaceTo players=2 seed=4 moves=0, player 0 to move>"


def test_bots_are_seeded_and_finish_games():
    def run(seed):
        g = RaceTo(seed=seed, target=25)
        n = play_out(g, [RandomBot(seed), make_bot("greedy", seed + 1)])
        return n, g.state.rolls, g.winners()

    assert run(4) == run(4)
    n, rolls, winners = run(4)
    assert sum(rolls) >= 25 and len(winners) == 1 and n == len(rolls)
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_bot("clever")


def test_greedy_bot_takes_the_winning_move():
    g = RaceTo(seed=1, target=10, scenario={"total": 8})
    assert GreedyBot(0).choose(g) == Add(2)


def test_bad_scenario_in_a_save_file_is_named_as_such():
    text = json.dumps({"game": "toy", "format_version": 1, "options": {}, "seed": 1, "moves": [],
                       "scenario": {"total": -1}})
    with pytest.raises(SaveFileError, match=r"save file: scenario.total: must be a whole number 0-9"):
        RaceTo.from_json(text)
