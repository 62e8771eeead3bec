"""A game carries everything about itself: outside the game packages no code keeps a table
keyed by game names (or a list of them, or asks "is this game X?"), and nothing finds a game's
modules by building their names. What the kit needs about a game is in its spec."""

import ast
from pathlib import Path

from savannah_kit.core.registry import games

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "savannah_kit"
#: module-finding functions: their module name must be given whole, never built from parts
FINDERS = {"import_module", "find_spec", "__import__"}
#: the one module that builds module names: the spec turns the names a game declares relative
#: to its package (".render:scene") into full ones
RESOLVES_DECLARED_NAMES = PKG / "core" / "spec.py"


def game_folders():
    return {Path(spec.load().__file__).parent for spec in games().values()}


def sources():
    """The kit's code outside the game packages, and its scripts."""
    inside = game_folders()
    for path in sorted([*PKG.rglob("*.py"), *ROOT.joinpath("scripts").glob("*.py")]):
        if not any(folder in path.parents for folder in inside):
            yield path


def game_knowledge(tree: ast.AST, names, builds_names: bool = False) -> list:
    """(line, what) of each piece of per-game knowledge in ``tree``: a game name as a dict key, in
    a literal list, set or tuple, or compared with; a module name built for a finder (unless the
    module ``builds_names`` of its own right)."""
    found = []

    def named(node) -> bool:
        return isinstance(node, ast.Constant) and node.value in names

    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and any(named(k) for k in node.keys):
            found.append((node.lineno, "a dict keyed by game names"))
        elif isinstance(node, (ast.List, ast.Set, ast.Tuple)) and any(named(e) for e in node.elts):
            found.append((node.lineno, "a literal list of game names"))
        elif isinstance(node, ast.Compare) and any(named(n) for n in [node.left, *node.comparators]):
            found.append((node.lineno, "a comparison with a game name"))
        elif isinstance(node, ast.Call) and node.args:
            func = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            built = any(isinstance(part, (ast.JoinedStr, ast.BinOp, ast.Call)) for part in ast.walk(node.args[0]))
            if func in FINDERS and built and not builds_names:
                found.append((node.lineno, f"{func} of a module name built from parts"))
    return found


def test_no_per_game_table_nor_module_found_by_its_name_outside_the_games():
    names = set(games())
    offenders = [f"{path.relative_to(ROOT)}:{line}: {what}" for path in sources()
                 for line, what in game_knowledge(ast.parse(path.read_text("utf-8")), names,
                                                  builds_names=path == RESOLVES_DECLARED_NAMES)]
    assert offenders == []


def test_the_search_finds_each_kind_of_game_knowledge():
    names = {"tails", "forest"}
    code = '''
COST = {"tails": 1.0}
NAMES = ("forest", "other")
if game == "tails":
    pass
render = importlib.import_module(package + ".render")
widget = import_module(f"savannah_kit.{game}.widget")
hidden = find_spec(name if name else package + ".hidden")
fine = importlib.import_module(spec.module)
also_fine = registry.game("tails")
'''
    assert [what for _line, what in game_knowledge(ast.parse(code), names)] == [
        "a dict keyed by game names", "a literal list of game names", "a comparison with a game name",
        "import_module of a module name built from parts", "import_module of a module name built from parts",
        "find_spec of a module name built from parts"]


def test_the_games_packages_are_the_ones_left_out():
    left_out = game_folders()
    assert {p.name for p in left_out} == set(games())  # the kit's games live in folders of their names
    scanned = list(sources())
    assert PKG / "core" / "registry.py" in scanned and PKG / "lab" / "columns.py" in scanned
    assert not any(p.parent in left_out for p in scanned) and RESOLVES_DECLARED_NAMES in scanned


def test_the_architecture_page_names_every_field_of_a_spec():
    from savannah_kit.core.spec import field_names

    page = (ROOT / "ARCHITECTURE.md").read_text("utf-8")
    assert [name for name in field_names() if f"`{name}`" not in page] == []
