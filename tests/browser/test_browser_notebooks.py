"""Every notebook that shows a board: run it in JupyterLab; every canvas must
really paint (pixels, not just an element) and no cell may show an error."""

import json
from pathlib import Path

import pytest

from browser_helpers import error_outputs, open_notebook, run_all, wait_painted

pytestmark = pytest.mark.browser
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def board_notebooks():
    found = []
    for path in sorted(NOTEBOOKS.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        cells = json.loads(path.read_text("utf-8"))["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        if ".widget(" in code or "BoardCanvas(" in code:
            found.append(path.relative_to(NOTEBOOKS).as_posix())
    return found


def shows_a_board(cell) -> bool:
    """A code cell that makes a board and shows it (its stored outputs hold a widget view): a
    board made only to borrow its words, or inside a function, paints nothing."""
    code = "".join(cell["source"]) if cell["cell_type"] == "code" else ""
    shown = any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in cell.get("outputs", []))
    return shown and (".widget(" in code or "BoardCanvas(" in code)


def test_the_board_notebooks_are_found():
    assert {"00_start_here.ipynb", "classroom/forest_classroom.ipynb",
            "forest/06_full_game_against_bots.ipynb"} <= set(board_notebooks())


@pytest.mark.parametrize("name", board_notebooks())
def test_every_board_paints_in_jupyterlab(page, lab_server, page_errors, name):
    open_notebook(page, lab_server.url, name)
    run_all(page)
    expected = sum(1 for c in json.loads((NOTEBOOKS / name).read_text("utf-8"))["cells"] if shows_a_board(c))
    canvases = page.locator(".jp-Notebook .jp-OutputArea-output canvas")
    page.wait_for_function(f"() => document.querySelectorAll('.jp-Notebook .jp-OutputArea-output canvas').length >= {expected}",
                           timeout=60_000)
    for i in range(canvases.count()):
        canvas = canvases.nth(i)
        canvas.scroll_into_view_if_needed()
        assert wait_painted(page, canvas)["painted"] > 1000, f"canvas {i} of {name} stayed blank"
    assert error_outputs(page) == []
    assert page_errors == []
