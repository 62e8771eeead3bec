"""The README's board picture is drawn by the kit itself and kept up to date."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_shows_a_kit_rendered_board():
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "docs/forest_board.svg" in readme
    assert (ROOT / "docs" / "forest_board.svg").read_text("utf-8").startswith("<svg")


def test_readme_pictures_match_the_renderer():
    result = subprocess.run([sys.executable, "scripts/readme_pictures.py", "--check"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
