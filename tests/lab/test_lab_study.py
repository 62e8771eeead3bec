"""The study runner: the table's layout and contents, the same table serial or parallel,
interrupts that keep the finished games, saving and loading."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pandas as pd
import pytest

from savannah_kit import lab
from savannah_kit.core import registry
from savannah_kit.core.errors import ScenarioError
from savannah_kit.core.sim import play_out, seat_bots, simulate
from savannah_kit.lab.bench import format_bench
from savannah_kit.lab.runner import BASE_COLUMNS

GAMES = ("tails", "circle", "forest")


def replay(game, seed, bots, players=2, **options):
    """The game a study plays for ``seed``, played here without the runner."""
    g = registry.game(game).new_game(players=players, seed=seed, **options)
    decisions = play_out(g, seat_bots(bots, seed, game))
    return g, decisions


@pytest.mark.parametrize("game", GAMES)
def test_rows_are_the_games_played_seat_by_seat(game):
    table = lab.study(game, bots="greedy,random", games=6, seed=40, executor="serial", progress=False)
    assert list(table.columns[:len(BASE_COLUMNS)]) == list(BASE_COLUMNS)
    assert len(table) == 12
    assert list(table["game_index"]) == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert list(table["seed"]) == [40, 40, 41, 41, 42, 42, 43, 43, 44, 44, 45, 45]
    assert list(table["bot"]) == ["greedy", "random"] * 6
    for seed, rows in table.groupby("seed"):
        g, decisions = replay(game, seed, ("greedy", "random"))
        assert list(rows["score"]) == list(g.scores())
        assert [s for s, w in zip(rows["seat"], rows["winner"]) if w] == list(g.winners())
        assert set(rows["decisions"]) == {decisions}
        assert rows["seat_decisions"].sum() == decisions
        for seat, breakdown in enumerate(g.score_breakdowns()):
            for line in breakdown.lines:
                assert f"points:{line.rule}" in table.columns
        points = [c for c in table.columns if c.startswith("points:")]
        assert list(rows[points].sum(axis=1)) == list(g.scores())  # the breakdown adds up


def test_places_put_winners_first_then_scores():
    table = lab.study("circle", games=30, executor="serial", progress=False)
    for _, rows in table.groupby("game_index"):
        best = rows[rows["place"] == 1]
        assert set(best["seat"]) == set(rows[rows["winner"]]["seat"])
        others = rows[~rows["winner"]].sort_values("place")
        assert list(others["score"]) == sorted(others["score"], reverse=True)


def test_the_same_seeds_give_the_same_table_serial_or_parallel():
    serial = lab.study("tails", bots="greedy,random", games=24, seed=7, executor="serial", progress=False)
    parallel = lab.study("tails", bots="greedy,random", games=24, seed=7, workers=2, chunk=5, progress=False)
    pd.testing.assert_frame_equal(serial, parallel)
    again = lab.study("tails", bots="greedy,random", seeds=range(7, 31), workers=2, chunk=3, progress=False)
    pd.testing.assert_frame_equal(serial, again)


def test_a_study_agrees_with_simulate_game_for_game():
    table = lab.study("circle", bots=["big-five", "greedy"], games=5, seed=5, executor="serial", progress=False)
    summary = simulate("circle", games=5, players=2, bots=["big-five", "greedy"], seed=5)
    assert [list(r.scores) for r in summary.results] == [list(rows["score"]) for _, rows in
                                                       table.groupby("game_index")]


def test_rotating_seats_gives_every_bot_every_seat():
    table = lab.study("circle", players=3, bots="greedy,random,random", games=9, rotate=True, executor="serial",
                      progress=False)
    counts = table.groupby(["seat", "bot"]).size()
    assert all(counts[(seat, "greedy")] == 3 for seat in range(3))
    assert list(table[table["game_index"] == 1]["bot"]) == ["random", "random", "greedy"]


def test_turns_and_turn_order():
    tails = lab.study("tails", games=4, executor="serial", progress=False)
    for seed, rows in tails.groupby("seed"):
        g, _ = replay("tails", seed, ("random", "random"))
        assert set(rows["seat_turns"]) == {g.state.round}  # every ostrich moves once a round
    forest = lab.study("forest", games=4, executor="serial", progress=False)
    assert set(forest["seat_turns"]) == {15}  # a 4x4 forest: the starting animal and 15 picks
    assert (forest["turns"] == 30).all() and (forest["seat_decisions"] > forest["seat_turns"]).all()
    for seed, rows in forest.groupby("seed"):
        g, _ = replay("forest", seed, ("random", "random"))
        first = next(e.player for e in g.log if e.rule == "forest.setup.first-player")
        assert list(rows[rows["turn_order"] == 1]["seat"]) == [first]


def test_tails_columns_count_the_animals_met():
    table = lab.study("tails", games=6, options={"course": "second-race"}, executor="serial", progress=False)
    assert set(table["course"]) == {"second-race"} and set(table["option:course"]) == {"second-race"}
    assert table["animal:cheetah"].sum() + table["animal:porcupine"].sum() > 0
    for seed, rows in table.groupby("seed"):
        g, _ = replay("tails", seed, ("random", "random"), course="second-race")
        for seat in range(2):
            met = [e.message for e in g.log if e.player == seat]
            row = rows[rows["seat"] == seat].iloc[0]
            assert row["animal:cheetah"] == sum("meets a cheetah" in m for m in met)
            assert row["animal:porcupine"] == sum("runs into a porcupine" in m for m in met)
            assert row["animal:warthog"] == sum("runs through a warthog" in m for m in met)


def test_circle_big_five_column_is_the_bonus_line():
    table = lab.study("circle", bots="big-five", games=12, executor="serial", progress=False)
    assert list(table["big_five"]) == list(table["points:circle.end.big-five"] > 0)
    assert table["big_five"].any()


def test_forest_columns_split_the_points_by_food_and_advisor():
    table = lab.study("forest", games=8, executor="serial", progress=False)
    foods = table[["food:berry", "food:worm", "food:egg", "food:nut"]].sum(axis=1)
    assert list(foods) == list(table["points:forest.score.food-value"])
    assert list(table["advisor:rooster"]) == list(table["points:forest.score.rooster-point"])
    for seed, rows in table.groupby("seed"):
        g, _ = replay("forest", seed, ("random", "random"))
        for seat, b in enumerate(g.score_breakdowns()):
            row = rows[rows["seat"] == seat].iloc[0]
            start = b.animal((0, 0))  # the starting animal is not the rabbit's
            assert row["advisor:rabbit"] == row["points:forest.score.own-points"] - start.own_points
            water = sum(1 for a in b.animals for s in a.path if s.stored and s.water)
            assert row["advisor:goat"] == water


def test_bad_set_ups_name_the_field():
    with pytest.raises(ValueError, match=r"bots\[1\]: unknown bot 'smart'"):
        lab.study("circle", bots="greedy,smart", games=2, progress=False)
    with pytest.raises(ValueError, match="bots: need one bot per seat"):
        lab.study("circle", players=3, bots="greedy,random", games=2, progress=False)
    with pytest.raises(ValueError, match="players: Savernake Forest takes 2 to 4 players"):
        lab.study("forest", players=5, games=2, progress=False)
    with pytest.raises(ValueError, match="game: unknown game 'chess'"):
        lab.study("chess", games=2, progress=False)
    with pytest.raises(ValueError, match="games: 3 games asked for, but 2 seeds given"):
        lab.study("circle", games=3, seeds=[1, 2], progress=False)
    with pytest.raises(ValueError, match=r"seeds\[1\]"):
        lab.study("circle", seeds=[1, -2], progress=False)
    with pytest.raises(ScenarioError, match="options.course"):
        lab.study("tails", games=2, options={"course": "no-such-course"}, progress=False)
    with pytest.raises(TypeError, match="executor"):
        lab.study("circle", games=2, executor=object(), progress=False)


def test_progress_reaches_the_total():
    seen = []
    lab.study("circle", games=10, chunk=3, executor="serial", progress=lambda done, total: seen.append((done, total)))
    assert seen == [(3, 10), (6, 10), (9, 10), (10, 10)]


@pytest.mark.parametrize("where", ["serial", "pool"])
def test_an_interrupt_returns_the_games_finished(where):
    def stop_after_first_chunk(done, total):
        raise KeyboardInterrupt

    run = dict(executor="serial") if where == "serial" else dict(workers=2)
    with pytest.warns(RuntimeWarning, match=r"study interrupted: \d+ of 400 games finished"):
        table = lab.study("circle", games=400, chunk=4, progress=stop_after_first_chunk, **run)
    assert table.attrs["interrupted"] and 4 <= table.attrs["finished"] < 400
    assert table["game_index"].nunique() == table.attrs["finished"]
    assert (table.groupby("game_index").size() == 2).all()  # whole games only
    full = lab.study("circle", seeds=sorted(set(table["seed"])), executor="serial", progress=False)
    assert list(full["score"]) == list(table["score"])


def test_ctrl_c_in_a_terminal_stops_the_workers_and_keeps_the_table(tmp_path):
    """Ctrl-C reaches every process of the terminal's group: the workers must ignore it, the
    study stop them and return what was finished."""
    script = tmp_path / "run.py"
    script.write_text(textwrap.dedent("""
        import multiprocessing, sys, warnings
        from savannah_kit import lab

        def started(done, total):
            if done >= 8 and not getattr(started, "said", False):
                started.said = True
                print("started", flush=True)

        if __name__ == "__main__":
            warnings.simplefilter("ignore")
            table = lab.study("tails", games=5000, workers=2, chunk=4, progress=started)
            print(table.attrs["interrupted"], table.attrs["finished"], len(table),
                  len(multiprocessing.active_children()), flush=True)
    """))
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        assert proc.stdout.readline().strip() == "started"
        time.sleep(0.3)
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C does
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 0, err
    interrupted, finished, rows, children = out.split()
    assert interrupted == "True" and 8 <= int(finished) < 5000 and int(rows) == 2 * int(finished)
    assert children == "0"
    assert "Traceback" not in err


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_save_and_load_give_back_the_table(tmp_path, suffix):
    table = lab.study("tails", games=5, options={"course": "second-race"}, executor="serial", progress=False)
    path = lab.save(table, tmp_path / f"study{suffix}")
    back = lab.load(path)
    pd.testing.assert_frame_equal(back, table, check_dtype=False)
    assert list(back.dtypes) == list(table.dtypes)
    assert (pd.read_csv(path) if suffix == ".csv" else pd.read_parquet(path))["score"].tolist() == \
        table["score"].tolist()


def test_save_refuses_an_unknown_format(tmp_path):
    table = lab.study("circle", games=1, executor="serial", progress=False)
    with pytest.raises(ValueError, match="path: save a table as .csv or .parquet"):
        lab.save(table, tmp_path / "study.xlsx")


def test_win_rates_and_bot_table_are_counted_from_the_rows():
    table = lab.study("circle", bots="greedy,random", games=40, rotate=True, executor="serial", progress=False)
    rates = lab.win_rates(table, "bot")
    for bot in ("greedy", "random"):
        rows = table[table["bot"] == bot]
        assert rates.loc[bot, "games"] == len(rows) and rates.loc[bot, "count"] == rows["winner"].sum()
        assert rates.loc[bot, "low"] <= rates.loc[bot, "rate"] <= rates.loc[bot, "high"]
    grid = lab.bot_table(table)
    greedy_ahead = sum(
        (0.5 if g["place"].iloc[0] == g["place"].iloc[1] else float(g[g["bot"] == "greedy"]["place"].iloc[0] == 1))
        for _, g in table.groupby("game_index"))
    assert grid.loc["greedy", "random"] == pytest.approx(greedy_ahead / 40)
    assert grid.loc["greedy", "random"] + grid.loc["random", "greedy"] == pytest.approx(1)


def test_wilson_interval_matches_a_known_value():
    low, high = lab.wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)


def test_bench_study_reports_the_runner_overhead():
    result = lab.bench_study(games=12, names=["circle"], workers=2, repeats=1)
    r = result["circle"]
    assert r["rows"] == 24 and r["raw_s"] > 0 and r["serial_study_s"] > 0 and r["parallel_study_s"] > 0
    assert r["raw_cpu_s"] > 0 and r["parallel_cpu_s"] > 0
    assert r["serial_overhead"] == pytest.approx(r["serial_cpu_s"] / r["raw_cpu_s"] - 1, abs=0.02)
    # the parallel study against bare playouts on a pool as wide (not against serial ones)
    assert r["raw_parallel_s"] > 0 and r["raw_parallel_cpu_s"] > 0
    assert r["parallel_overhead"] == pytest.approx(r["parallel_cpu_s"] / r["raw_parallel_cpu_s"] - 1, abs=0.02)
    assert r["parallel_vs_serial_raw"] == pytest.approx(r["parallel_cpu_s"] / r["raw_cpu_s"] - 1, abs=0.02)
    # rounded to 0.01 from the unrounded times, which the table gives to 0.0001 s: the ratio of the
    # rounded times is within that rounding of it (a 12-game study takes about a hundredth of a second)
    half = 0.00005
    raw, parallel = r["raw_s"], r["parallel_study_s"]
    low, high = (raw - half) / (parallel + half), (raw + half) / (parallel - half)
    assert low - 0.005 <= r["speed_up"] <= high + 0.005
    assert "study, 2 workers" in format_bench(result) and "bare, 2 workers" in format_bench(result)


class PickNth:
    """A test bot with a setting: always the ``nth`` legal move (wrapping round)."""

    name = "pick-nth"

    def __init__(self, seed=0, nth=0):
        self.nth = nth

    def choose(self, game):
        moves = game.legal_moves()
        return moves[self.nth % len(moves)]


def test_bot_settings_reach_the_bots(monkeypatch):
    from savannah_kit.core import bots

    monkeypatch.setitem(bots.BOTS, "pick-nth", PickNth)
    table = lab.study("circle", bots="pick-nth,random", games=3, executor="serial", progress=False,
                      bot_settings={"pick-nth": {"nth": 2}})
    for seed, rows in table.groupby("seed"):
        g = registry.game("circle").new_game(players=2, seed=seed)
        play_out(g, [PickNth(nth=2), seat_bots(["random", "random"], seed, "circle")[1]])
        assert list(rows["score"]) == list(g.scores())
    plain = lab.study("circle", bots="pick-nth,random", games=3, executor="serial", progress=False)
    assert list(plain["score"]) != list(table["score"])
    with pytest.raises(ValueError, match="bot_settings.pick-nth: .*'colour'"):
        lab.study("circle", bots="pick-nth,random", games=1, progress=False, bot_settings={"pick-nth": {"colour": 1}})
    with pytest.raises(ValueError, match="bot_settings.greedy"):
        lab.study("circle", bots="pick-nth,random", games=1, progress=False, bot_settings={"greedy": {}})
