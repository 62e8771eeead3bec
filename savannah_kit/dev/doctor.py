"""Check that this Python can show the kit's interactive boards, and say in
plain words what is missing. Used by the start notebook's first cell."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import List, Tuple

NEEDED_EXTENSIONS = {
    "@jupyter-widgets/jupyterlab-manager": "the widgets front end (pip install 'ipywidgets>=8,<9')",
    "anywidget": "the board front end (pip install 'anywidget>=0.9')",
}


def _labextension_dirs() -> List[Path]:
    try:
        from jupyter_core.paths import jupyter_path
    except ImportError:
        return [Path(sys.prefix) / "share" / "jupyter" / "labextensions"]
    return [Path(p) for p in jupyter_path("labextensions")]


def checks() -> List[Tuple[bool, str]]:
    """(ok, message) for each thing the boards need. In the browser (the kit's website, where
    Python is Pyodide) the site brings the front ends, and there is no Pillow to have."""
    in_browser = sys.platform == "emscripten"
    out = [(sys.version_info >= (3, 10), "Python 3.10 or newer")]
    modules = [("ipywidgets", "ipywidgets 8 (interactive controls)", "8"),
               ("anywidget", "anywidget (the board picture)", "0.")]
    if not in_browser:
        modules.append(("PIL", "Pillow (pictures for GitHub and untrusted notebooks)", ""))
    for module, what, major in modules:
        try:
            version = importlib.import_module(module).__version__
            out.append((version.startswith(major), what if version.startswith(major)
                        else f"{what}: found version {version}, which the kit does not support"))
        except ImportError:
            out.append((False, f"{what}: not installed; run ./kit start from the kit's folder"))
    if in_browser:
        out.append((True, "running in the browser: the website brings the board front ends"))
        return out
    dirs = _labextension_dirs()
    for name, what in NEEDED_EXTENSIONS.items():
        found = any((d / name / "package.json").is_file() for d in dirs)
        out.append((found, f"JupyterLab extension {name}" if found else
                    f"JupyterLab extension {name} is missing: install {what}, then restart JupyterLab"))
    return out


def report() -> str:
    lines = [("✓ " if ok else "✗ ") + msg for ok, msg in checks()]
    bad = sum(1 for ok, _ in checks() if not ok)
    lines.append("All set: the boards will work here." if not bad else
                 f"{bad} problem(s): the pictures will show, but the interactive boards may not.")
    return "\n".join(lines)


def check_install() -> None:
    """Print the report (the start notebook's first cell)."""
    print(report())
