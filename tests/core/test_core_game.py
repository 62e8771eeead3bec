"""The shared Game protocol, on a toy game."""

import json

import pytest

from savannah_kit.core import IllegalMove, SaveFileError, ScenarioError
from savannah_kit.core.bots import GreedyBot, RandomBot, make_bot
from savannah_kit.core.game import PlannedMoves
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


def test_seed_zero_is_a_seed_and_negative_seeds_are_refused():
    assert RaceTo(seed=0).seed == 0
    with pytest.raises(ScenarioError) as err:
        RaceTo(seed=-1)
    assert (err.value.field, err.value.reason) == ("seed", "must be 0 or more, not -1")


def test_a_move_with_a_field_of_the_wrong_type_is_refused_by_type():
    g = RaceTo(seed=1)
    for move, shown in ((Add("1"), "'1'"), (Add(True), "True"), (Add(1.0), "1.0")):
        with pytest.raises(IllegalMove) as err:
            g.play(move)
        assert (err.value.rule_id, err.value.reason) == ("forest.turn.take", f"Add.n must be a whole number, not {shown}")
    assert g.history == []


class Planned(RaceTo):
    """A race whose legal moves carry their plans (``PlannedMoves``): ``_apply`` follows the plan."""

    def _generate_moves(self):
        moves = super()._generate_moves()
        return PlannedMoves(moves, [f"plan {m.n}" for m in moves])

    def _apply(self, move):
        self.state.rolls.append(self._plan(move))
        return super()._apply(move)


def test_each_planned_move_is_applied_with_its_own_plan():
    g = Planned(seed=1, target=50)
    for move in (Add(2), Add(1), Add(0), Add(2)):
        g.play(move)
    assert g.state.rolls[::2] == ["plan 2", "plan 1", "plan 0", "plan 2"]
    assert g._plan(Add(1)) == "plan 1" and g._plan(g.legal_moves()[2]) == "plan 0"


class Noted(RaceTo):
    """A race taking any ``notes`` option, to check what a save file can hold."""

    option_names = ("players", "target", "notes")


def _nested(k):
    value = 1
    for _ in range(k):
        value = [value]
    return value


def test_options_a_save_file_could_not_hold_are_refused_up_front():
    Noted(seed=1, notes=_nested(30))
    with pytest.raises(ScenarioError) as err:
        Noted(seed=1, notes=_nested(31))
    assert (err.value.field, err.value.reason) == (
        "options", "nested more than 31 levels deep, which a save file cannot hold")
    with pytest.raises(ScenarioError) as err:
        RaceTo(seed=1, target=10**40)
    assert (err.value.field, err.value.reason) == (
        "options.target", "a number of 41 digits: numbers in a save file have at most 30")
    with pytest.raises(ScenarioError) as err:
        RaceTo(seed=1, target=10**36, scenario={"total": 10**35})
    assert err.value.field == "options.target"


class Faulty(RaceTo):
    """A race whose engine breaks in the ways a game under construction can."""

    def _apply(self, move):
        if move.n == 2:
            self.state.total += 5  # half applied...
            raise RuntimeError("engine bug")  # ...then a crash
        return [] if move.n == 1 else super()._apply(move)

    def _diagnose(self, move):
        if move.n == 3:
            return IllegalMove("", "no rule cited", move)
        if move.n == 4:
            raise KeyError("diagnosis bug")
        return super()._diagnose(move)


def test_a_crash_inside_a_move_leaves_the_game_as_it_was():
    g = Faulty(seed=1, target=50)
    g.play(Add(0))
    before = (g.to_json(), g.state.total, list(g.state.rolls))
    with pytest.raises(RuntimeError, match="engine bug"):
        g.play(Add(2))
    assert (g.to_json(), g.state.total, list(g.state.rolls)) == before


def test_a_diagnosis_without_a_rule_or_that_crashes_gives_the_generic_reason():
    g = Faulty(seed=1, target=50)
    for n in (3, 4):
        with pytest.raises(IllegalMove) as err:
            g.play(Add(n))
        assert (err.value.rule_id, err.value.reason) == ("forest.turn.take",
                                                         f"Add(n={n}) is not one of the legal moves here")
    assert g.explain(Add(5)) == "Not legal: cannot add 5, at most 2 [forest.place.adjacent]"


def test_explaining_a_move_without_events_names_the_move():
    assert Faulty(seed=1, target=50).explain(Add(1)) == "Legal: Add(n=1)"


def test_after_the_end_explain_and_repr_say_the_game_is_over():
    g = RaceTo(seed=1, target=2)
    g.play(Add(2))
    assert g.explain(Add(1)) == "Not legal: the game is over. [forest.end.trigger]"
    assert repr(g) == "<RaceTo players=2 seed=1 moves=1, over>"


def test_replay_stops_after_the_moves_asked_for():
    g = RaceTo(seed=6, target=50)
    for m in (Add(0), Add(1), Add(0), Add(2)):
        g.play(m)
    assert g.replay(2).history == [Add(0), Add(1)] and g.replay(2).state.rolls == g.state.rolls[:2]
    assert g.replay(0).history == [] and g.replay().to_json() == g.to_json()


def test_a_game_without_pictures_shows_none_in_a_notebook():
    g = RaceTo(seed=1)
    assert g._repr_svg_() is None and g._repr_png_() is None
