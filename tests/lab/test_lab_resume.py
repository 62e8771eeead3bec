"""Studies that never lose work: the file is checked before the first game, games are written
as they finish, an interrupted or killed study resumes with exactly the games it lacks and
gives the table of an uninterrupted run; any row's game can be replayed."""

import subprocess
import sys
import warnings

import pandas as pd
import pytest

from savannah_kit import lab
from savannah_kit.bench import LADDER_SEED, bot_ladder, build_parser, WARM_GAMES
from savannah_kit.cli import main

from lab_interrupts import killed_after, stop_after

STUDY = dict(bots="greedy,random", games=30, seed=3, rotate=True)


@pytest.fixture(scope="module")
def full():
    return lab.study("circle", executor="serial", progress=False, **STUDY)


@pytest.mark.parametrize("where", [dict(executor="serial", chunk=4), dict(workers=2, chunk=4)])
def test_an_interrupted_study_resumes_with_the_games_it_lacks(tmp_path, full, where):
    out = tmp_path / "circle.csv"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        first = lab.study("circle", out=out, progress=stop_after(8), **where, **STUDY)
    assert first.attrs["interrupted"] and 8 <= first.attrs["finished"] < 30
    pd.testing.assert_frame_equal(lab.load(out), first)  # the finished games are in the file
    played = []
    resumed = lab.study("circle", out=out, resume=True, progress=lambda done, total: played.append((done, total)),
                        **where, **STUDY)
    missing = 30 - first.attrs["finished"]
    print(f"interrupted after {first.attrs['finished']} games, resumed with {missing}")
    assert played[-1] == (missing, missing)  # exactly the games it lacked
    assert resumed.attrs["resumed"] == first.attrs["finished"] and resumed.attrs["finished"] == 30
    pd.testing.assert_frame_equal(resumed, full)
    pd.testing.assert_frame_equal(lab.load(out), full)
    assert not (tmp_path / "circle.csv.parts").exists()


def test_a_killed_study_leaves_its_games_and_resumes(tmp_path, full):
    """A study killed outright (no chance to write its table) has written each finished chunk."""
    out = tmp_path / "circle.parquet"
    call = f'lab.study("circle", out={str(out)!r}, executor="serial", chunk=4, progress=die, **{STUDY!r})'
    assert killed_after(12, call, tmp_path) == 9
    parts = sorted(p.name for p in (tmp_path / "circle.parquet.parts").iterdir())
    assert parts == ["games-000000000.parquet", "games-000000004.parquet", "games-000000008.parquet"]
    assert not out.exists()
    with pytest.raises(ValueError, match="holds the games of an unfinished study: complete it with resume=True"):
        lab.study("circle", out=out, executor="serial", progress=False, **STUDY)
    played = []
    table = lab.study("circle", out=out, resume=True, executor="serial", chunk=4,
                      progress=lambda done, total: played.append(total), **STUDY)
    assert set(played) == {18}
    pd.testing.assert_frame_equal(table, full)
    pd.testing.assert_frame_equal(lab.load(out), full)


def test_resuming_another_study_is_refused_naming_what_differs(tmp_path):
    out = tmp_path / "circle.csv"
    lab.study("circle", out=out, executor="serial", progress=False, **STUDY)
    with pytest.raises(ValueError, match=r"holds games of another study \(game 0 is seeded 3 with 'greedy' in seat "
                                         r"0; this study seeds it 3 with 'random'\)"):
        lab.study("circle", out=out, resume=True, executor="serial", progress=False,
                  **{**STUDY, "bots": "random,greedy"})
    with pytest.raises(ValueError, match=r"options \[\], this study \['option:tokens'\]"):
        lab.study("circle", out=out, resume=True, executor="serial", progress=False, options={"tokens": 9}, **STUDY)
    with pytest.raises(ValueError, match="resume: give out="):
        lab.study("circle", resume=True, progress=False, **STUDY)


@pytest.mark.parametrize("name, message", [("study.txt", "out: save a table as .csv or .parquet, not 'study.txt'"),
                                           ("nowhere/study.csv", "out: the folder .*nowhere does not exist")])
def test_the_file_is_checked_before_the_first_game(tmp_path, name, message):
    played = []
    with pytest.raises(ValueError, match=message):
        lab.study("circle", out=tmp_path / name, executor="serial", progress=lambda d, t: played.append(d), **STUDY)
    assert played == []


def test_a_study_keeps_the_moves_and_replays_any_row():
    table = lab.study("tails", bots="greedy,random", games=4, seed=8, options={"course": "second-race"},
                      executor="serial", progress=False, keep_moves=True)
    for row in (0, 5):
        kept = lab.replay(table, row)
        again = lab.replay(table.drop(columns="moves"), table.loc[row])  # played again by the bots
        assert kept.to_json() == again.to_json() == table.loc[row, "moves"]
        assert list(again.scores()) == list(table[table["game_index"] == row // 2]["score"])
        assert again.options["course"] == "second-race" and again.seed == 8 + row // 2


def test_replay_refuses_a_game_that_ends_otherwise():
    table = lab.study("circle", bots="mcts,random", games=1, seed=2, executor="serial", progress=False,
                      bot_settings={"mcts": {"iterations": 3}})
    assert list(lab.replay(table, 0).scores()) == list(table["score"])  # the study's settings, from its attrs
    table.attrs.clear()  # as read from a file: the bots' settings are gone
    with pytest.raises(ValueError, match="when played again.*bot_settings"):
        lab.replay(table, 0)
    assert list(lab.replay(table, 1, bot_settings={"mcts": {"iterations": 3}}).scores()) == list(table["score"])


def test_the_bench_ladder_and_win_rates_count_a_shared_win_alike():
    games = 130  # Circle of Life games 46, 47, 78 and 127 of the ladder are shared wins
    (row,) = bot_ladder(games=games, names=["circle"], pairs=[("greedy", "random")])
    table = lab.study("circle", bots=["greedy", "random"], seeds=range(LADDER_SEED, LADDER_SEED + games), rotate=True,
                      executor="serial", progress=False)
    shared = table[table["winners"] > 1]["game_index"].nunique()
    rates = lab.win_rates(table, "bot")
    print(f"greedy against random: ladder {row['win_rate']:.3f}, win_rates {rates.loc['greedy', 'rate']:.3f}, "
          f"{shared} shared wins")
    assert shared > 0
    assert row["win_rate"] == round(rates.loc["greedy", "rate"], 3)
    assert row["interval"] == [round(rates.loc["greedy", "low"], 3), round(rates.loc["greedy", "high"], 3)]


def test_bench_warm_alone_takes_its_default():
    assert build_parser().parse_args(["--warm"]).warm == WARM_GAMES
    assert build_parser().parse_args(["--warm", "0"]).warm == 0


# -- the command line ---------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, message", [
    (["--games", "0"], "--games: must be 1 or more, not 0"),
    (["--games", "many"], "argument --games: invalid int value: 'many'"),
    (["--workers", "0"], "--workers: must be 1 or more, not 0"),
    (["--seed", "-1"], "--seed: must be 0 or more, not -1"),
    (["--out", "x.txt"], "out: save a table as .csv or .parquet, not 'x.txt'"),
    (["--out", "no/such/folder/x.csv"], "out: the folder no/such/folder does not exist"),
    (["--resume"], "--resume: give --out FILE"),
])
def test_simulate_refuses_each_bad_argument_in_one_line(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    try:
        code = main(["simulate", "circle", "--no-progress", *argv])
    except SystemExit as stop:  # argparse's own refusals
        code = stop.code
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert list(tmp_path.iterdir()) == []  # no game was played, nothing written


def test_simulate_resumes_an_interrupted_study(tmp_path, capsys, full):
    out = tmp_path / "circle.csv"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        lab.study("circle", out=out, executor="serial", chunk=4, progress=stop_after(8), **STUDY)
    assert main(["simulate", "circle", "--games", "30", "--seed", "3", "--bots", "greedy,random", "--rotate",
                 "--workers", "1", "--no-progress", "--out", str(out), "--resume"]) == 0
    assert "8 games were there already" in capsys.readouterr().out
    pd.testing.assert_frame_equal(lab.load(out), full)


@pytest.mark.slow
def test_simulate_gives_up_on_an_unreachable_scheduler_in_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "savannah_kit.cli", "simulate", "circle", "--games", "2",
                           "--scheduler", "tcp://127.0.0.1:1", "--out", str(tmp_path / "x.csv")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("savannah-kit simulate: --scheduler tcp://127.0.0.1:1: no Dask scheduler answered "
                                  "within 5 s") and len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr and list(tmp_path.iterdir()) == []
