"""The rule-coverage report reads test markers and notebook tags."""

import json
import subprocess
import sys
import textwrap

import pytest

from savannah_kit.core import UnknownRuleError
from savannah_kit.rules_cli import coverage, main


@pytest.fixture
def project(tmp_path):
    (tmp_path / "tests" / "sub").mkdir(parents=True)
    (tmp_path / "tests" / "sub" / "test_x.py").write_text(textwrap.dedent('''
        import pytest
        pytestmark = pytest.mark.rule("circle.end.total")

        @pytest.mark.rule("forest.place.adjacent", "forest.place.4x4")
        def test_a():
            pass

        @pytest.mark.rule("tails.move.card")
        class TestB:
            @pytest.mark.rule("tails.move.links")
            def test_c(self):
                pass

        def helper():
            pass
    '''))
    nb = {"cells": [{"cell_type": "markdown", "metadata": {"tags": ["rule:forest.place.adjacent"]}, "source": ""},
                    {"cell_type": "code", "metadata": {"tags": ["other", "rule:tails.move.card"]}, "source": ""}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "01_a.ipynb").write_text(json.dumps(nb))
    return tmp_path


@pytest.fixture
def drills(monkeypatch):
    """The exercises come from the games' lessons; here, one made-up exercise."""
    monkeypatch.setattr("savannah_kit.rules_cli.exercise_rules",
                        lambda clickable=False: {"forest.place.adjacent": ["forest.x"]} if clickable else
                        {"forest.place.adjacent": ["forest.x"], "forest.place.4x4": ["forest.y"]})


def test_coverage_maps_rules_to_tests_cells_and_exercises(project, drills):
    cov = coverage(project)
    assert len(cov) == 148
    assert cov["forest.place.adjacent"] == {"tests": ["tests/sub/test_x.py::test_a"],
                                            "notebooks": ["notebooks/01_a.ipynb#cell-0"], "exercises": ["forest.x"],
                                            "clickable": ["forest.x"]}
    assert cov["forest.place.4x4"]["tests"] == ["tests/sub/test_x.py::test_a"]
    assert cov["forest.place.4x4"]["exercises"] == ["forest.y"] and cov["forest.place.4x4"]["clickable"] == []
    assert cov["tails.move.card"] == {"tests": ["tests/sub/test_x.py::TestB::test_c"],
                                      "notebooks": ["notebooks/01_a.ipynb#cell-1"], "exercises": [],
                                      "clickable": []}
    assert cov["tails.move.links"]["tests"] == ["tests/sub/test_x.py::TestB::test_c"]
    assert cov["circle.end.total"]["tests"] == ["tests/sub/test_x.py::test_a", "tests/sub/test_x.py::TestB::test_c"]
    assert cov["circle.end.winner"] == {"tests": [], "notebooks": [], "exercises": [], "clickable": []}


def test_unknown_ids_in_tests_fail_the_report(project):
    (project / "tests" / "test_bad.py").write_text(
        "import pytest\n@pytest.mark.rule('forest.place.adjacant')\ndef test_z():\n    pass\n")
    with pytest.raises(UnknownRuleError, match="did you mean 'forest.place.adjacent'"):
        coverage(project)


def test_command_line_json_lists_all_148_ids(project):
    out = subprocess.run([sys.executable, "-m", "savannah_kit.rules", "coverage", "--json", "--root", str(project)],
                         capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert len(data) == 148 and data["tails.move.card"]["notebooks"] == ["notebooks/01_a.ipynb#cell-1"]
    assert all(set(v) == {"tests", "notebooks", "exercises", "clickable"} for v in data.values())


def test_command_line_report_and_strict_mode(project, capsys, drills):
    assert main(["coverage", "--root", str(project), "--game", "forest", "--strict"]) == 1
    out = capsys.readouterr().out
    assert ("Savernake Forest (forest): 39 rules, 2 covered by tests, 1 taught in notebooks, 2 with an exercise, "
            "1 with one answered by clicking") in out
    assert "[no exercise]" in out
    assert "ok forest.place.adjacent" in out
    assert main(["show", "forest.nope"]) == 2
    assert main(["list", "circle"]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == 39
