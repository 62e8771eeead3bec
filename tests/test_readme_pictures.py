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


def test_the_play_as_a_class_pictures_are_the_scripts_screenshots():
    """The README's class-server pictures are the screenshots ``readme_pictures.py --browser``
    takes (a browser test's pixels are not compared): each one the README shows is one the
    script takes, a PNG at its browser's size."""
    import struct

    sys.path.insert(0, str(ROOT / "scripts"))
    import readme_pictures

    readme = (ROOT / "README.md").read_text("utf-8")
    shown = [rel for rel in readme_pictures.BROWSER_PICTURES if f"]({rel})" in readme]
    assert shown == list(readme_pictures.BROWSER_PICTURES)
    for rel, (_page, options) in readme_pictures.BROWSER_PICTURES.items():
        head = (ROOT / rel).read_bytes()[:24]
        assert head[:8] == b"\x89PNG\r\n\x1a\n", rel
        scale = options.get("device_scale_factor", 1)
        size = (options["viewport"]["width"] * scale, options["viewport"]["height"] * scale)
        assert struct.unpack(">II", head[16:24]) == size, rel
