"""Re-execute notebooks in place so their stored outputs match the code.

    ./kit notebooks                      every notebook under notebooks/
    ./kit notebooks notebooks/forest     one folder, or single .ipynb files

Committed notebooks keep their outputs: nbval compares them on every test
run, so after changing a renderer or a notebook, run this and commit.
"""

import sys
import time
from pathlib import Path

import nbformat
from nbconvert.preprocessors import ExecutePreprocessor

ROOT = Path(__file__).resolve().parents[1]


def notebooks(args):
    targets = [Path(a) for a in args] or [ROOT / "notebooks"]
    for t in targets:
        if t.is_dir():
            yield from sorted(p for p in t.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
        else:
            yield t


def execute(path: Path) -> float:
    start = time.perf_counter()
    nb = nbformat.read(path, as_version=4)
    ExecutePreprocessor(timeout=600, kernel_name="python3").preprocess(nb, {"metadata": {"path": str(path.parent)}})
    nb.metadata.pop("widgets", None)  # widget state is session noise; boards come alive when run
    for cell in nb.cells:
        cell.metadata.pop("execution", None)  # run timestamps would change every file on every run
    nbformat.write(nb, path)
    return time.perf_counter() - start


def main(args) -> int:
    for path in notebooks(args):
        print(f"{path.relative_to(ROOT) if path.is_absolute() else path}: {execute(path):.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
