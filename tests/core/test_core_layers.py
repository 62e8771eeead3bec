"""Layering: the engine never imports Jupyter, so simulations start fast."""

import ast
import subprocess
import sys
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "savannah_kit"
JUPYTER = ("ipywidgets", "ipycanvas", "anywidget", "IPython", "ipykernel", "traitlets")
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


def _module_name(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _kit_imports(path: Path):
    """The savannah_kit modules ``path`` imports anywhere (inside functions too), TYPE_CHECKING
    blocks aside (they never run)."""
    tree = ast.parse(path.read_text("utf-8"))
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    package = _module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" else _module_name(path)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.startswith("savannah_kit"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("savannah_kit"):
                names = [f"{target}.{a.name}" for a in node.names if _exists(f"{target}.{a.name}")]
                yield from names or [target]


def _exists(module: str) -> bool:
    path = PKG.parent.joinpath(*module.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def test_no_import_cycles_counting_imports_inside_functions():
    modules = {_module_name(p): p for p in PKG.rglob("*.py")}
    graph = {m: {t for t in _kit_imports(p) if t in modules and t != m} for m, p in modules.items()}
    assert graph["savannah_kit.tails.rules"] >= {"savannah_kit.tails.generate", "savannah_kit.core.game"}
    state, stack, cycles = {}, [], []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for t in sorted(graph[m]):
            if state.get(t) == 1:
                cycles.append(stack[stack.index(t):] + [t])
            elif t not in state:
                visit(t)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    assert cycles == []
