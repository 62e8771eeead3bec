"""The benchmark command runs every implemented game and prints its figures."""

import json
import subprocess
import sys


def test_bench_json_reports_each_game():
    out = subprocess.run([sys.executable, "-m", "savannah_kit.bench", "--json", "--seconds", "0.05",
                          "--game", "forest", "--game", "circle"], capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert set(data) == {"forest", "circle"}
    for entry in data.values():
        assert entry["games_per_s"] > 0 and entry["decisions_per_s"] > 0 and entry["moves_per_s"] > 0
        assert all(c["games"] >= 3 for c in entry["configs"])
    assert [c["config"] for c in data["forest"]["configs"]][0] == {"players": 2}
    assert data["forest"]["render"]["shapes"] > 50
