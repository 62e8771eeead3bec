"""Layering: the engine never imports Jupyter, so simulations start fast."""

import ast
import subprocess
import sys
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "savannah_kit"
JUPYTER = ("ipywidgets", "ipycanvas", "IPython", "ipykernel", "traitlets")
ENGINE_FILES = sorted([*PKG.joinpath("core").glob("*.py"), *PKG.glob("*/data.py"), *PKG.glob("*/track.py"),
                       *PKG.glob("*/rules.py")])


def imported_modules(path):
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def test_engine_sources_import_no_jupyter_library():
    assert any(p.parent.name == "core" for p in ENGINE_FILES)
    offenders = [(p.relative_to(PKG).as_posix(), m) for p in ENGINE_FILES for m in imported_modules(p)
                 if m.split(".")[0] in JUPYTER]
    assert offenders == []


def test_importing_every_engine_loads_no_jupyter_module():
    code = ("import sys, importlib, importlib.util, savannah_kit\n"
            "import savannah_kit.core, savannah_kit.core.bots, savannah_kit.core.sim, savannah_kit.core.save, "
            "savannah_kit.core.svg, savannah_kit.rules_cli, savannah_kit.bench\n"
            "from savannah_kit.core.registry import games\n"
            "for entry in games().values():\n"
            "    entry.load()\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {JUPYTER!r}))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
