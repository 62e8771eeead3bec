"""Do what Binder does: a fresh environment, ``pip install -r binder/requirements.txt``
from the repository root, then the kit imports and the lab extensions are on."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_binder_files_are_as_repo2docker_expects():
    reqs = (ROOT / "binder" / "requirements.txt").read_text().split("\n")
    assert "-e .[lab]" in reqs, "the kit with the extra its notebooks need (JupyterLab, Voila, the study tools)"
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"


@pytest.mark.slow
def test_fresh_binder_environment_installs_and_enables_the_extensions(tmp_path):
    venv = tmp_path / "binder-env"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    pip = subprocess.run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                          "-r", "binder/requirements.txt"], cwd=ROOT, capture_output=True, text=True)
    assert pip.returncode == 0, pip.stderr[-3000:]
    imported = subprocess.run([str(py), "-c", "import savannah_kit.core, savannah_kit.ui, savannah_kit.lab, voila; print('ok')"],
                              cwd=tmp_path, capture_output=True, text=True)
    assert imported.stdout.strip() == "ok", imported.stderr[-2000:]
    listing = subprocess.run([str(py), "-m", "jupyter", "labextension", "list"], capture_output=True, text=True)
    text = listing.stdout + listing.stderr
    for ext in ("anywidget", "@jupyter-widgets/jupyterlab-manager"):
        line = next((l for l in text.splitlines() if l.strip().startswith(ext + " ")), "")
        assert "enabled" in line and "OK" in line, f"{ext} not enabled:\n{text}"
