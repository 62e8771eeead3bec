"""Every code cell of every Savernake Forest lesson can be run twice in a row (Shift+Enter
pressed again) without an error: each notebook is executed with every code cell doubled."""

import copy
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks" / "forest").glob("[0-9][0-9]_*.ipynb"))

pytestmark = pytest.mark.slow  # runs a kernel per notebook


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_code_cell_runs_twice_in_a_row(path, tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))
    nb = nbformat.read(path, as_version=4)
    doubled = []
    for cell in nb.cells:
        doubled.append(cell)
        if cell.cell_type == "code":
            doubled.append(copy.deepcopy(cell))
    nb.cells = doubled
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [out for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", [])
              if out.get("output_type") == "error"]
    assert not errors, errors[0].get("ename") if errors else None
