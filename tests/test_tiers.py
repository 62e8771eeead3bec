"""The test tiers (ARCHITECTURE.md, "Test tiers"): ``./kit test --quick`` leaves out exactly the
declared ``slow``, ``notebooks`` and ``browser`` markers, and the parallel workers never split a
notebook's cells (they share one kernel) nor the browser tests (they share their servers)."""

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
TIERS = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(TIERS)


def test_the_quick_tier_leaves_out_the_declared_markers():
    kit = (ROOT / "kit").read_text()
    expression = re.search(r'--quick \]; then tier=\(-m "([^"]+)"\)', kit).group(1)
    assert expression == "not slow and not notebooks and not browser"
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert all(f'\n    "{marker}: ' in pyproject for marker in ("slow", "notebooks", "browser")), "declared markers"
    assert '\ntestpaths = ["tests", "notebooks"]\n' in pyproject
    assert "--quick" in kit.split("set -euo")[0], "./kit help names the quick tier"


def test_a_notebooks_cells_and_all_browser_tests_are_one_work_unit_each():
    cells = [f"notebooks/tails/03_moving.ipynb::Cell {n}" for n in range(3)]
    assert {TIERS.work_unit(c) for c in cells} == {"notebooks/tails/03_moving.ipynb"}
    browser = ["tests/browser/test_browser_board.py::test_a[chromium]", "tests/browser/test_browser_tails.py::test_b"]
    assert {TIERS.work_unit(b) for b in browser} == {"tests/browser"}
    assert TIERS.work_unit("tests/core/test_core_save.py::test_c") == "tests/core/test_core_save.py"


def test_the_longest_work_is_queued_first():
    ids = ["tests/core/test_core_save.py::test_c", "notebooks/lab/02_bots.ipynb::Cell 0",
           "tests/browser/test_browser_board.py::test_a"]
    assert sorted(ids, key=TIERS.queue_rank) == ids[::-1]
