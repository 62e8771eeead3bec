"""Sampled mutation testing of the engines and the core: can the tests fail?

Each mutant is one small change to one engine module: a comparison turned round
(``==``/``!=``, ``<``/``>=``, ``in``/``not in``...), ``and``/``or`` swapped, a ``not``
dropped, ``+``/``-`` swapped, a whole number off by one, ``True``/``False`` swapped. A
mutant lives in a private copy of the package; the tests of that module's game (its own
folder and its conformance checks; the core's tests for the core) run against it, and
the first failure kills it. A mutant no test kills is printed with its line: either it
changes nothing anyone could see (an equivalent mutant) or a test is missing.

    .venv/bin/python scripts/mutation_sample.py --sample 300 --seed 1
    .venv/bin/python scripts/mutation_sample.py --module savannah_kit/tails/generate.py --sample 60
    .venv/bin/python scripts/mutation_sample.py --at savannah_kit/tails/play.py:176   # every mutant of one line
    .venv/bin/python scripts/mutation_sample.py --list      # how many mutants each module has

Message texts are not mutated (a refusal's wording is checked in the tests that matter
and reviewed by eye). Pictures, boards and command lines are not engine code.
"""

import argparse
import ast
import collections
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "savannah_kit"
NOT_ENGINE = {"render.py", "widget.py", "card_shapes.py", "scene.py", "svg.py", "sim.py", "bots.py",
              "text.py", "__init__.py", "debug.py", "handout.py", "study.py", "spec.py", "deprecated.py",
              "render_style.py", "render_course.py", "render_panels.py", "render_icons.py", "render_card.py",
              "render_story.py", "render_classroom.py", "render_forest.py", "render_table.py", "lesson_pictures.py"}
SWAP = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE, ast.LtE: ast.Gt,
        ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
        ast.Add: ast.Sub, ast.Sub: ast.Add, ast.And: ast.Or, ast.Or: ast.And}


def engine_modules():
    from savannah_kit.core.registry import games

    folders = {PKG / "core"} | {Path(spec.load().__file__).parent for spec in games().values()}
    for path in sorted(PKG.glob("*/*.py")):
        if path.parent in folders and path.name not in NOT_ENGINE:
            yield path


def _docstring_ids(tree):
    """Ids of the constants that are docstrings (never mutated)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def mutation_points(tree):
    """(index in ast.walk order, what) for every place a mutant can be made."""
    docs = _docstring_ids(tree)
    for i, node in enumerate(ast.walk(tree)):
        if isinstance(node, ast.Compare):
            for k, op in enumerate(node.ops):
                if type(op) in SWAP:
                    yield i, ("compare", k)
        elif isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in SWAP:
            yield i, ("op", 0)
        elif isinstance(node, ast.BoolOp):
            yield i, ("bool", 0)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield i, ("not", 0)
        elif isinstance(node, ast.Constant) and id(node) not in docs:
            if isinstance(node.value, bool):
                yield i, ("flip", 0)
            elif type(node.value) is int:
                yield i, ("plus1", 0)


def mutate(source: str, index: int, what):
    """The mutated source, and the changed line before and after (for the report)."""
    tree = ast.parse(source)
    node = list(ast.walk(tree))[index]
    before = ast.unparse(node)
    kind, k = what
    if kind == "compare":
        node.ops[k] = SWAP[type(node.ops[k])]()
    elif kind in ("op", "bool"):
        node.op = SWAP[type(node.op)]()
    elif kind == "not":
        node.op = ast.UAdd()  # "+x": truthiness of x instead of its negation...
        node.operand = ast.Call(ast.Name("bool", ast.Load()), [node.operand], [])  # ...as a bool
    elif kind == "flip":
        node.value = not node.value
    else:
        node.value = node.value + 1
    after = ast.unparse(node)
    if kind == "not":
        after = after.replace("+bool(", "bool(", 1)
    return ast.unparse(ast.fix_missing_locations(tree)), node.lineno, before, after


def tests_for(path: Path):
    game = path.parent.name
    if game == "core":
        return ["tests/core", "tests/conformance"]
    return [f"tests/{game}", "tests/conformance", "-k", game]


def run_mutant(job, workdir: Path, timeout: float):
    path, index, what = job
    rel = path.relative_to(ROOT)
    target = workdir / rel
    # the private copy, taken when the mutants were chosen: edits to the checkout meanwhile cannot shift them
    original = target.read_text("utf-8")
    mutated, line, before, after = mutate(original, index, what)
    target.write_text(mutated, "utf-8")
    t0 = time.perf_counter()
    try:
        result = subprocess.run([sys.executable, "-m", "pytest", *tests_for(path), "-x", "-q", "-p", "no:randomly"],
                                cwd=workdir, capture_output=True, text=True, timeout=timeout,
                                env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
        status = "survived" if result.returncode == 0 else "killed"
    except subprocess.TimeoutExpired:
        status = "killed (timeout)"
    finally:
        target.write_text(original, "utf-8")
    return {"module": str(rel), "line": line, "before": before, "after": after, "status": status,
            "seconds": round(time.perf_counter() - t0, 1)}


def make_workdir(base: Path) -> Path:
    base.mkdir(parents=True)
    shutil.copytree(PKG, base / "savannah_kit", ignore=shutil.ignore_patterns("__pycache__"))
    os.symlink(ROOT / "tests", base / "tests")
    shutil.copy(ROOT / "pyproject.toml", base / "pyproject.toml")
    return base


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=300, help="how many mutants (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--module", action="append", help="only this file (repeatable), e.g. savannah_kit/tails/play.py")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=240.0, help="seconds per mutant before it counts as killed")
    parser.add_argument("--at", action="append", metavar="FILE:LINE",
                        help="every mutant of this line instead of a sample (repeatable)")
    parser.add_argument("--list", action="store_true", help="only count the mutants of each module")
    args = parser.parse_args(argv)
    wanted_lines = {}
    for spec in args.at or ():
        file, _, line = spec.rpartition(":")
        wanted_lines.setdefault(ROOT / file, set()).add(int(line))
    modules = list(wanted_lines) or ([ROOT / m for m in args.module] if args.module else list(engine_modules()))
    points = []
    for path in modules:
        tree = ast.parse(path.read_text("utf-8"))
        nodes = list(ast.walk(tree))
        for i, what in mutation_points(tree):
            if path not in wanted_lines or getattr(nodes[i], "lineno", None) in wanted_lines[path]:
                points.append((path, i, what))
    if args.list:
        for path, n in sorted(collections.Counter(p.relative_to(ROOT) for p, _i, _w in points).items()):
            print(f"{str(path):45s} {n:5d}")
        print(f"{len(points)} mutants in {len(modules)} modules")
        return 0
    jobs = points if args.at else random.Random(args.seed).sample(points, min(args.sample, len(points)))
    with tempfile.TemporaryDirectory(prefix="sk-mutants-") as tmp:
        workdirs = [make_workdir(Path(tmp) / f"w{k}") for k in range(args.workers)]
        free = list(workdirs)

        def work(job):
            workdir = free.pop()
            try:
                return run_mutant(job, workdir, args.timeout)
            finally:
                free.append(workdir)

        with ThreadPoolExecutor(args.workers) as pool:
            results = []
            for n, result in enumerate(pool.map(work, jobs), 1):
                results.append(result)
                print(f"[{n}/{len(jobs)}] {result['status']:8s} {result['module']}:{result['line']} "
                      f"{result['before']!r} -> {result['after']!r} ({result['seconds']} s)", flush=True)
    tally = collections.defaultdict(collections.Counter)
    for r in results:
        tally[r["module"]][r["status"].split()[0]] += 1
    print()
    for module in sorted(tally):
        c = tally[module]
        print(f"{module:45s} {c['killed']:4d} killed {c['survived']:4d} survived")
    killed = sum(c["killed"] for c in tally.values())
    print(f"TOTAL {killed} of {len(results)} mutants killed ({100 * killed / max(len(results), 1):.1f}%)")
    for r in results:
        if r["status"] == "survived":
            print(f"SURVIVED {r['module']}:{r['line']}  {r['before']}  ->  {r['after']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
