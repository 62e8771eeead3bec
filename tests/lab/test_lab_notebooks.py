"""The lab notebooks: each is there with its stored outputs (plots included), ends with a link
to the next one, and keeps its text outputs repeatable, so that nbval can compare them: every
study is seeded; it shows its progress bar (what a reader sees during a long cell: stored as
the bar's first state, "0/400 [00:00<?, ?game/s]", which tests/nbval_sanitize.cfg evens out
should a slow start write another time); outputs that vary (timings, the Dask dashboard link)
are tagged ``nbval-ignore-output``."""

import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAB = ROOT / "notebooks" / "lab"
#: each lab notebook of this set, and where its last cell sends the reader
NEXT = {
    "01_what_if.ipynb": "02_bots.ipynb",
    "02_bots.ipynb": "03_first_player_advantage.ipynb",
    "03_first_player_advantage.ipynb": "04_tails_course_difficulty.ipynb",
    "04_tails_course_difficulty.ipynb": "05_circle_tokens_and_big_five.ipynb",
    "05_circle_tokens_and_big_five.ipynb": "06_scaling_out.ipynb",
    "06_scaling_out.ipynb": "07_what_if_we_played_it_differently.ipynb",
    "07_what_if_we_played_it_differently.ipynb": "../00_start_here.ipynb",
}
#: the lab notebooks that run studies of many games (and plot them)
STUDIES = sorted(set(NEXT) - {"01_what_if.ipynb", "02_bots.ipynb"})
IGNORE = "nbval-ignore-output"


def cells(name):
    return json.loads((LAB / name).read_text("utf-8"))["cells"]


def source(cell) -> str:
    return "".join(cell["source"])


def code_cells(name):
    return [c for c in cells(name) if c["cell_type"] == "code" and source(c).strip()]


def study_calls(code: str):
    """Every call of a function named ``study`` or ``compare`` in a cell's code (``lab.study(...)``)."""
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in ("study", "compare"):
                yield node


def shows_something(code: str) -> bool:
    """A cell that prints, draws or ends with a value: it must have a stored output."""
    body = ast.parse(code).body
    return "print(" in code or "plt.show()" in code or bool(body) and isinstance(body[-1], ast.Expr)


@pytest.mark.parametrize("name", sorted(NEXT))
def test_the_notebook_is_there_with_its_outputs(name):
    cells_with_code = code_cells(name)
    assert cells_with_code, f"{name}: no code cells"
    empty = [i for i, c in enumerate(cells_with_code) if shows_something(source(c)) and not c.get("outputs")]
    assert not empty, f"{name}: code cells {empty} have no stored output; run scripts/execute_notebooks.py"
    pictures = sum(1 for c in cells_with_code for o in c["outputs"] if "image/png" in o.get("data", {}))
    if name in STUDIES and name != "06_scaling_out.ipynb":  # the Dask notebook shows tables, not plots
        assert pictures >= 2, f"{name}: expected stored plots (PNG outputs), found {pictures}"


@pytest.mark.parametrize("name", sorted(NEXT))
def test_it_teaches_in_the_lesson_shape(name):
    text = [source(c) for c in cells(name) if c["cell_type"] == "markdown"]
    assert text[0].startswith("# Lab "), f"{name}: the first cell is the title"
    assert "What you will learn" in text[0], f"{name}: the first cell says what you will learn"
    assert any(re.search(r"^## Recap", t, re.M) for t in text), f"{name}: no recap"


@pytest.mark.parametrize("name", sorted(NEXT))
def test_it_ends_with_a_link_to_the_next_notebook(name):
    last = cells(name)[-1]
    assert last["cell_type"] == "markdown", f"{name}: the last cell is not text"
    links = re.findall(r"\]\(([^)]+\.ipynb)\)", source(last))
    assert NEXT[name] in links, f"{name}: its last cell links to {links}, not to {NEXT[name]}"
    assert (LAB / NEXT[name]).resolve().is_file(), f"{name}: the link {NEXT[name]} leads nowhere"


#: the comment that lets a study of many small ones go without a bar each
NO_BAR = "# no bar for each of many small studies"


@pytest.mark.parametrize("name", STUDIES)
def test_every_study_is_seeded_and_shows_its_progress(name):
    calls = [(c, call) for c in code_cells(name) for call in study_calls(source(c))]
    assert calls, f"{name}: no lab.study or lab.compare call"
    for cell, call in calls:
        keywords = {k.arg: k.value for k in call.keywords}
        lines = source(cell).splitlines()[call.lineno - 1:call.end_lineno]
        assert "seed" in keywords or "seeds" in keywords, f"{name}: study without seed= or seeds=: {lines[0]}"
        progress = keywords.get("progress")
        if progress is not None and not (isinstance(progress, ast.Constant) and progress.value is True):
            assert any(NO_BAR in line for line in lines), \
                f"{name}: a study without its progress bar (a reader waits on a long cell): {lines[0]}"


@pytest.mark.parametrize("name", sorted(NEXT))
def test_outputs_that_vary_are_not_compared(name):
    for cell in code_cells(name):
        code = source(cell)
        varies = "dashboard_link" in code or ".attrs['seconds']" in code or '.attrs["seconds"]' in code
        tags = cell.get("metadata", {}).get("tags", [])
        if varies:
            assert IGNORE in tags, f"{name}: a cell whose output varies is not tagged {IGNORE}: {code[:60]!r}"
        elif IGNORE in tags:
            pytest.fail(f"{name}: a cell tagged {IGNORE} has nothing that varies: {code[:60]!r}")


def test_the_variants_notebook_has_its_board_and_a_worked_study_per_game():
    name = "07_what_if_we_played_it_differently.ipynb"
    code = "\n".join(source(c) for c in code_cells(name))
    assert "lab.rulings_board(" in code
    calls = [call for c in code_cells(name) for call in study_calls(source(c))]
    assert {call.args[0].value for call in calls} == {"tails", "circle", "forest"}
    text = "\n".join(source(c) for c in cells(name) if c["cell_type"] == "markdown")
    assert text.count("**Conclusion.**") == len(calls)  # every worked study has its conclusion written out


def test_the_dask_notebook_compares_the_tables_and_closes_its_cluster():
    code = "\n".join(source(c) for c in code_cells("06_scaling_out.ipynb"))
    assert 'LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")' in code
    assert "get_executor()" in code and "--scheduler" in code
    assert "cluster.close()" in code.split("assert_frame_equal")[-1], "the cluster is closed after the comparison"
    outputs = ["".join(o.get("text", "")) for c in code_cells("06_scaling_out.ipynb") for o in c["outputs"]]
    assert any("same table, serial and on Dask: True" in text for text in outputs), \
        "the stored output does not show the serial and Dask tables equal"
