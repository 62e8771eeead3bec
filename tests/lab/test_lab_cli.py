"""``savannah-kit simulate``: progress, a summary table, and a table file pandas reads."""

import subprocess
import sys

import pandas as pd
import pytest

from savannah_kit import lab
from savannah_kit.cli import main

KIT = [sys.executable, "-m", "savannah_kit.cli"]


def test_simulate_writes_the_study_table(tmp_path, capsys):
    out = tmp_path / "results.csv"
    code = main(["simulate", "tails", "--games", "6", "--players", "2", "--bots", "greedy,random", "--workers", "1",
                 "--seed", "3", "--option", "course=second-race", "--no-progress", "--out", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    table = pd.read_csv(out)
    expected = lab.study("tails", bots="greedy,random", games=6, seed=3, options={"course": "second-race"},
                         executor="serial", progress=False)
    assert table["score"].tolist() == expected["score"].tolist()
    pd.testing.assert_frame_equal(lab.load(out), expected)
    assert "tails: 6 games" in printed and f"wrote {out} (12 rows" in printed


def test_simulate_summary_counts_the_wins(capsys):
    assert main(["simulate", "circle", "--games", "20", "--bots", "greedy", "random", "--processes", "1",
                 "--no-progress"]) == 0
    lines = capsys.readouterr().out.splitlines()
    expected = lab.study("circle", bots="greedy,random", games=20, executor="serial", progress=False)
    for seat in (0, 1):
        rows = expected[expected["seat"] == seat]
        fields = lines[2 + seat].split()
        assert fields[:3] == [str(seat), ["greedy", "random"][seat], str(rows["winner"].sum())]
        assert fields[3] == f"{rows['winner'].mean():.1%}"
        assert fields[-2] == f"{rows['score'].mean():.2f}"


def test_simulate_shows_progress_with_workers(tmp_path):
    out = tmp_path / "forest.parquet"
    done = subprocess.run([*KIT, "simulate", "forest", "--games", "12", "--workers", "2", "--out", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "12/12" in done.stderr  # the progress bar, on stderr
    assert len(pd.read_parquet(out)) == 24


@pytest.mark.parametrize("argv, message", [
    (["simulate", "circle", "--bots", "greedy,clever"], "bots[1]: unknown bot 'clever'"),
    (["simulate", "tails", "--option", "course"], "write it as KEY=VALUE"),
    (["simulate", "tails", "--option", "course=nowhere", "--games", "1"], "options.course"),
    (["simulate", "circle", "--bot-option", "iterations=20"], "write it as BOT.KEY=VALUE"),
    (["simulate", "circle", "--bot-option", "greedy.depth=2", "--games", "1"], "bot_settings.greedy"),
])
def test_simulate_refuses_bad_input_in_one_line(argv, message, capsys):
    assert main(argv + ["--no-progress", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_simulate_passes_bot_settings(tmp_path, capsys, monkeypatch):
    from savannah_kit.core import bots

    class PickNth:
        name = "pick-nth"

        def __init__(self, seed=0, nth=0):
            self.nth = nth

        def choose(self, game):
            moves = game.legal_moves()
            return moves[self.nth % len(moves)]

    monkeypatch.setitem(bots.BOTS, "pick-nth", PickNth)
    out = tmp_path / "nth.csv"
    assert main(["simulate", "circle", "--games", "3", "--bots", "pick-nth,random", "--workers", "1",
                 "--bot-option", "pick-nth.nth=2", "--no-progress", "--out", str(out)]) == 0
    expected = lab.study("circle", bots="pick-nth,random", games=3, executor="serial", progress=False,
                         bot_settings={"pick-nth": {"nth": 2}})
    plain = lab.study("circle", bots="pick-nth,random", games=3, executor="serial", progress=False)
    assert pd.read_csv(out)["score"].tolist() == expected["score"].tolist() != plain["score"].tolist()
