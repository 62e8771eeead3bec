"""Adding a game takes one registration: the toy game of ``tests/core/toy_game.py``
declares its spec and, registered here, passes the whole conformance suite."""

import sys
from pathlib import Path

import pytest

from savannah_kit.core import registry

from conformance import CHECKS

TOY_DIR = Path(__file__).resolve().parents[1] / "core"


@pytest.fixture(scope="module")
def toy():
    sys.path.insert(0, str(TOY_DIR))
    import toy_game

    with toy_game.registered():
        yield "toy"
    sys.path.remove(str(TOY_DIR))


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__[len("check_"):])
def test_the_toy_game_conforms(toy, check):
    check(toy)


def test_registering_is_all_it_takes(toy):
    from savannah_kit.core.rules_index import rules_for

    assert toy in registry.games() and registry.game(toy).load().Game.name == toy
    assert rules_for(toy) == []  # it brings no rules of its own, and needs none to be listed


# -- every kit feature, on a game the kit has never heard of ------------------------------------------

def test_the_benchmark_measures_the_toy(toy):
    from savannah_kit import bench

    spec = registry.game(toy)
    rate = bench.playout_rate(spec, spec.bench_configs[0], seconds=0.05)
    assert rate["games"] >= 3 and rate["decisions_per_game"] > 0
    assert bench.render_cost(spec, spec.bench_configs[0], repeats=2)["shapes"] > 0
    assert bench.memory_growth(toy, spec, games=5)["configs"] == 2  # both its configurations, at 2 players
    assert bench.board_redraw(toy) == {}  # no classroom notebook: nothing to redraw


def test_the_fuzz_suite_soaks_the_toy(toy):
    from savannah_kit import fuzz

    with fuzz.internal_errors_raised():
        report, _seconds = fuzz.soak(0.002, names=[toy], seed=1)
    assert report.games >= 1 and report.moves and report.saves and report.scenarios
    assert report.defects == {}


def test_bots_simulate_and_study_the_toy(toy):
    from savannah_kit import lab
    from savannah_kit.core.sim import simulate

    summary = simulate(toy, games=6, bots=["mcts", "greedy"], seed=3)
    assert summary.games == 6 and abs(sum(summary.win_rates()) - 1) < 1e-9
    table = lab.study(toy, bots="greedy,random", games=8, executor="serial", progress=False)
    assert len(table) == 16 and table["moved_last"].dtype == bool  # its own column, as it declared
    assert (table["moved_last"] == table["winner"]).all()  # whoever adds last reaches the target
    turns = table.groupby("game_index")["seat_turns"].sum()  # its turn rule: each addition opens a turn
    assert (turns == table.groupby("game_index")["decisions"].first()).all()


def test_plots_draw_a_study_of_the_toy(toy):
    from savannah_kit import lab

    plots = lab.plots
    table = lab.study(toy, bots="greedy,random", games=8, executor="serial", progress=False)
    ax = plots.win_rate_by_seat(table)
    assert "Race to ten" in ax.get_title() and plots.game_title(toy) == "Race to ten"
    plots.score_distributions(table)
    plots.game_lengths(table)


def test_the_toy_draws_and_opens_its_board_and_its_sandbox(toy):
    from savannah_kit.ui.sandbox import Sandbox

    game = registry.game(toy).new_game(seed=4)
    assert game._repr_svg_().startswith("<svg") and game.scene(theme="dark").background == "#1e1e1e"
    board = game.widget(theme="dark", guided=True, branching=True)
    board.click_hit("add:2")
    assert game.history and board.theme == "dark"
    sandbox = game.widget(sandbox=True, theme="dark")
    assert isinstance(sandbox, Sandbox)
    sandbox.click_hit("cell:7")
    assert sandbox.scenario["total"] == 7 and sandbox.code().startswith("toy_game.from_scenario(")
    assert sandbox.done().to_scenario() == sandbox.scenario


def test_the_toy_prints_its_handout(toy, tmp_path):
    from savannah_kit import cli
    from savannah_kit.teach.handout import handout_games, write_handout

    assert toy in handout_games()
    written = write_handout(toy, tmp_path)
    assert written.name == "toy_handout.pdf" and written.read_bytes().startswith(b"%PDF")
    assert cli.main(["handout", toy, "--out", str(tmp_path / "again.pdf")]) == 0


def test_a_spec_missing_a_hook_is_refused_at_registration(toy):
    import dataclasses

    from savannah_kit.core.spec import SpecError

    import toy_game

    with pytest.raises(TypeError, match="render"):
        kept = {f.name: getattr(toy_game.SPEC, f.name) for f in dataclasses.fields(toy_game.SPEC) if f.name != "render"}
        toy_game.GameSpec(**kept)  # a hook left out: the spec cannot even be written
    for change, field in (({"render": None}, "toy.render"), ({"widget": "no_such_module:board"}, "toy.widget"),
                          ({"sandbox": "toy_views"}, "toy.sandbox"), ({"players": ()}, "toy.players"),
                          ({"title": ""}, "toy.title")):
        with pytest.raises(SpecError) as err:
            registry.register(dataclasses.replace(toy_game.SPEC, **change))
        assert err.value.field == field
        assert registry.game(toy) is toy_game.SPEC  # nothing was registered
    bad_bots = dataclasses.replace(toy_game.SPEC.bots, decision_cost={"mcts": 0.1})
    with pytest.raises(SpecError, match="decision_cost.lookahead"):
        registry.register(dataclasses.replace(toy_game.SPEC, bots=bad_bots))
    for strength in ((), ("greedy", "mcts"), ("mcts", "mcts", "greedy"), ("mcts", "best", "greedy")):
        bad_bots = dataclasses.replace(toy_game.SPEC.bots, strength=strength)
        with pytest.raises(SpecError, match="bots.strength"):
            registry.register(dataclasses.replace(toy_game.SPEC, bots=bad_bots))
    # a game that leaves its lookahead bot out of the order needs no cost for it, and a budget
    # that the lookahead bot would fit picks the greedy bot
    from savannah_kit.core.bots import pick_bot

    assert pick_bot(toy, 0.001).kind == "lookahead"
    try:
        registry.register(dataclasses.replace(toy_game.SPEC, bots=dataclasses.replace(
            toy_game.SPEC.bots, strength=("mcts", "greedy"), decision_cost={"mcts": 0.1, "greedy": 0.00001})))
        assert pick_bot(toy, 0.001).kind == "greedy"
    finally:
        registry.register(toy_game.SPEC)


def test_the_api_checks_fail_on_a_game_of_another_shape(toy):
    import dataclasses

    import toy_game
    from conformance import check_the_entry_points_have_one_shape

    def from_scenario(scenario, players=None, seed=0, **options):  # Forest's older shape
        return toy_game.from_scenario(scenario, seed=seed, **options)

    registry.register(dataclasses.replace(toy_game.SPEC, from_scenario=from_scenario))
    try:
        with pytest.raises(AssertionError, match="from_scenario"):
            check_the_entry_points_have_one_shape(toy)
    finally:
        registry.register(toy_game.SPEC)
