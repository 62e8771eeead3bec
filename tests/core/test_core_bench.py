"""The benchmark command runs every implemented game and prints its figures."""

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow  # benchmarks: in the full suite, not in ./kit test --quick


def test_bench_json_reports_each_game():
    out = subprocess.run([sys.executable, "-m", "savannah_kit.bench", "--json", "--seconds", "0.05", "--warm", "5",
                          "--game", "forest", "--game", "circle"], capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert set(data) == {"forest", "circle"}
    for entry in data.values():
        assert entry["games_per_s"] > 0 and entry["decisions_per_s"] > 0 and entry["moves_per_s"] > 0
        assert all(c["games"] >= 3 for c in entry["configs"])
    assert [c["config"] for c in data["forest"]["configs"]][0] == {"players": 2}
    for entry in data.values():  # the first configuration again, after 5 uncounted games
        assert entry["warm"]["config"] == entry["configs"][0]["config"] and entry["warm"]["after_games"] == 5
        assert entry["warm"]["games_per_s"] > 0 and entry["warm"]["games"] >= 3
    assert data["forest"]["render"]["shapes"] > 50
    for entry in data.values():  # a frame: one board redraw, one message
        assert entry["redraw"]["messages_per_redraw"] == 1 and entry["redraw"]["shapes"] > 50
        assert entry["redraw"]["scene_ms"] > 0 and entry["redraw"]["paint_ms"] > 0


def test_bench_study_reports_the_runner_overhead():
    out = subprocess.run([sys.executable, "-m", "savannah_kit.bench", "--json", "--study", "16", "--game", "circle"],
                         capture_output=True, text=True, check=True).stdout
    study = json.loads(out)["study"]
    assert set(study) == {"circle"} and study["circle"]["rows"] == 32


def test_bench_memory_reports_growth_per_game():
    out = subprocess.run([sys.executable, "-m", "savannah_kit.bench", "--json", "--memory", "12", "--game", "tails"],
                         capture_output=True, text=True, check=True).stdout
    data = json.loads(out)["memory"]
    assert set(data) == {"tails"}
    m = data["tails"]
    assert m["games"] == 12 and m["configs"] == 8  # both courses, 2-5 players
    assert m["rss_end_mb"] >= m["rss_start_mb"] > 10
    assert abs(m["growth_mb"] - (m["rss_end_mb"] - m["rss_start_mb"])) < 0.11
    assert abs(m["growth_kb_per_game"] - m["growth_mb"] * 1024 / 12) < 1.0


def test_bench_against_measures_both_checkouts_in_turn():
    out = subprocess.run([sys.executable, "-m", "savannah_kit.bench", "--json", "--against", "HEAD", "--rounds", "1",
                          "--seconds", "0.05", "--warm", "3", "--game", "circle"],
                         capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["against"] == "HEAD" and data["rounds"] == 1 and set(data["games"]) == {"circle"}
    line = data["games"]["circle"]
    for key in ("decisions_per_s", "warm_decisions_per_s"):
        assert line["this"][key] > 0 and line["HEAD"][key] > 0
        assert line["ratio"][key] == pytest.approx(line["this"][key] / line["HEAD"][key], abs=0.001)


def test_bench_against_an_unknown_ref_names_it():
    done = subprocess.run([sys.executable, "-m", "savannah_kit.bench", "--against", "no-such-ref"],
                          capture_output=True, text=True)
    assert done.returncode != 0 and "no-such-ref" in done.stderr
