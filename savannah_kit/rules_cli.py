"""The rule index from the command line, and rule coverage.

    python -m savannah_kit.rules_cli list [GAME]        every rule id with its text
    python -m savannah_kit.rules_cli show RULE_ID       one rule, with its rulebook section
    python -m savannah_kit.rules_cli variants GAME      the rulings a game may change, as new_game options
    python -m savannah_kit.rules_cli coverage [--json] [--game G] [--missing] [--strict] [--root DIR]

Coverage reads, without running anything, which tests declare a rule
(``@pytest.mark.rule("forest.place.adjacent")`` on a test function or class)
and which notebook cells teach one (a cell tag ``rule:forest.place.adjacent``).
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path
from typing import Dict, List, Optional

from .core.registry import games as registered_games
from .core.rules_index import RULES, rule, rules_for

TAG_PREFIX = "rule:"


def _marker_ids(node: ast.AST) -> List[str]:
    """Rule ids in ``pytest.mark.rule(...)`` decorators of a function or class."""
    ids = []
    for dec in getattr(node, "decorator_list", []):
        if (isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute) and dec.func.attr == "rule"
                and isinstance(dec.func.value, ast.Attribute) and dec.func.value.attr == "mark"):
            ids += [a.value for a in dec.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return ids


def test_rules(tests_dir: Path, root: Path) -> Dict[str, List[str]]:
    """rule id -> test node ids (``tests/x.py::TestA::test_b``) that declare it."""
    found: Dict[str, List[str]] = {}
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text("utf-8"), str(path))
        rel = path.relative_to(root).as_posix()
        module_ids = []
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "pytestmark" for t in node.targets):
                module_ids += [c for c in _calls_rule_ids(node.value)]

        def visit(node, prefix, inherited):
            for child in node.body:
                if isinstance(child, ast.ClassDef) and child.name.startswith("Test"):
                    visit(child, f"{prefix}::{child.name}", inherited + _marker_ids(child))
                elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and child.name.startswith("test"):
                    for rid in dict.fromkeys(inherited + _marker_ids(child)):
                        found.setdefault(rid, []).append(f"{prefix}::{child.name}")

        visit(tree, rel, module_ids)
    return found


def _calls_rule_ids(node) -> List[str]:
    holder = ast.FunctionDef(name="x", args=None, body=[], decorator_list=node.elts if isinstance(node, (ast.List, ast.Tuple)) else [node])
    return _marker_ids(holder)


def notebook_rules(notebooks_dir: Path, root: Path) -> Dict[str, List[str]]:
    """rule id -> notebook cells (``notebooks/forest/02_x.ipynb#cell-7``) tagged with it."""
    found: Dict[str, List[str]] = {}
    for path in sorted(notebooks_dir.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        nb = json.loads(path.read_text("utf-8"))
        rel = path.relative_to(root).as_posix()
        for i, cell in enumerate(nb.get("cells", [])):
            for tag in cell.get("metadata", {}).get("tags", []):
                if tag.startswith(TAG_PREFIX):
                    found.setdefault(tag[len(TAG_PREFIX):], []).append(f"{rel}#cell-{i}")
    return found


def default_root() -> Path:
    """The project folder: the current folder if it has tests/ or notebooks/, else the source checkout."""
    here = Path.cwd()
    if (here / "tests").is_dir() or (here / "notebooks").is_dir():
        return here
    return Path(__file__).resolve().parents[1]


def coverage(root: Optional[Path] = None) -> Dict[str, Dict[str, List[str]]]:
    """{rule_id: {"tests": [...], "notebooks": [...], "exercises": [...], "clickable": [...]}} for every
    rule in the index ("clickable": those of its exercises answered by clicking the picture)."""
    root = Path(root or default_root())
    tests = test_rules(root / "tests", root) if (root / "tests").is_dir() else {}
    books = notebook_rules(root / "notebooks", root) if (root / "notebooks").is_dir() else {}
    unknown = sorted((set(tests) | set(books)) - set(RULES))
    if unknown:
        for rid in unknown:
            rule(rid)  # raises UnknownRuleError with a suggestion
    drills, clicks = exercise_rules(), exercise_rules(clickable=True)
    return {rid: {"tests": tests.get(rid, []), "notebooks": books.get(rid, []), "exercises": drills.get(rid, []),
                  "clickable": clicks.get(rid, [])} for rid in RULES}


def exercise_rules(clickable: bool = False) -> Dict[str, List[str]]:
    """rule id -> ids of the exercises that check it (from each game's lessons); with ``clickable``
    only those answered by clicking their picture."""
    from .teach.exercise import exercises

    found: Dict[str, List[str]] = {}
    for ex in exercises().values():
        if clickable and ex.click is None:
            continue
        for rid in ex.rules:
            found.setdefault(rid, []).append(ex.id)
    return found


def _report(cov, games, missing_only) -> str:
    lines = []
    for game in games:
        ids = [r.id for r in rules_for(game)]
        counts = {k: sum(1 for r in ids if cov[r][k]) for k in ("tests", "notebooks", "exercises")}
        lines.append(f"{registered_games()[game].title} ({game}): {len(ids)} rules, "
                     f"{counts['tests']} covered by tests, {counts['notebooks']} taught in notebooks, "
                     f"{counts['exercises']} with an exercise, "
                     f"{sum(1 for r in ids if cov[r]['clickable'])} with one answered by clicking")
        for rid in ids:
            t, n, e = cov[rid]["tests"], cov[rid]["notebooks"], cov[rid]["exercises"]
            if missing_only and t and n and e:
                continue
            mark = "ok " if t and n and e else "-- "
            lines.append(f"  {mark}{rid:45s} tests {len(t):3d}  notebooks {len(n):3d}  exercises {len(e):3d}"
                         + ("" if t else "  [no test]") + ("" if n else "  [no notebook]")
                         + ("" if e else "  [no exercise]"))
        lines.append("")
    return "\n".join(lines)


def variants_text(game: str) -> str:
    """The rulings ``game`` may change: each option's name, values (the default marked), the ruling
    it makes optional (as RULES.md labels it) and what it changes."""
    spec = registered_games()[game]
    lines = [f"{spec.title}: {len(spec.options)} rulings you can change (new_game(..., option=value))", ""]
    for o in spec.options:
        lines += [f"{o.name}  [ruling {o.ruling}]", f"  values:  {o.shown()}", f"  default: {o.default!r}",
                  f"  {o.sentence}", ""]
    return "\n".join(lines).rstrip() + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="savannah-kit rules", description="The kit's rule index.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_list = sub.add_parser("list", help="every rule id with its text")
    p_list.add_argument("game", nargs="?", choices=sorted(registered_games()))
    p_show = sub.add_parser("show", help="one rule")
    p_show.add_argument("rule_id")
    p_var = sub.add_parser("variants", help="the rulings a game may change, as new_game options")
    p_var.add_argument("game", choices=sorted(registered_games()))
    p_cov = sub.add_parser("coverage", help="which tests and notebooks cover each rule")
    p_cov.add_argument("--json", action="store_true", help="print {rule_id: {tests: [...], notebooks: [...], exercises: [...], clickable: [...]}}")
    p_cov.add_argument("--game", choices=sorted(registered_games()), action="append")
    p_cov.add_argument("--missing", action="store_true", help="list only rules lacking a test, a notebook or an exercise")
    p_cov.add_argument("--strict", action="store_true", help="exit 1 if any listed rule lacks a test or notebook")
    p_cov.add_argument("--root", type=Path, help="project folder holding tests/ and notebooks/")
    args = parser.parse_args(argv)

    if args.command == "list":
        for r in (rules_for(args.game) if args.game else RULES.values()):
            print(f"{r.id}: {r.entry}")
        return 0
    if args.command == "variants":
        print(variants_text(args.game), end="")
        return 0
    if args.command == "show":
        try:
            r = rule(args.rule_id)
        except LookupError as exc:
            print(exc, file=sys.stderr)
            return 2
        print(f"{r.id}\n  {r.entry}\n  rulebook: {r.section}")
        return 0
    cov = coverage(args.root)
    games = args.game or list(registered_games())
    if args.json:
        chosen = {rid: v for rid, v in cov.items() if rid.split(".")[0] in games}
        print(json.dumps(chosen, indent=1, sort_keys=True))
    else:
        print(_report(cov, games, args.missing))
    if args.strict:
        bad = [rid for rid, v in cov.items() if rid.split(".")[0] in games and not (v["tests"] and v["notebooks"])]
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
