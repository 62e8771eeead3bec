"""Write the generated teaching notebooks from the rule index, the exercises and the lessons on disk.

    python scripts/build_teaching_notebooks.py            write what changed
    python scripts/build_teaching_notebooks.py --check    exit 1 if any is out of date (writes nothing)
    python scripts/build_teaching_notebooks.py --out DIR  write into DIR (a notebooks folder) instead

For every game with a teacher pack (``<game>/puzzles.py``):

* ``reference/<game>_rules.ipynb``           every rule with a picture, lesson links, exercises, glossary;
* ``teacher/<game>_answer_key.ipynb``        every exercise and puzzle with the engine's answer;
* ``teacher/<game>_puzzle_worksheet.ipynb``  the puzzles, with room to answer;
* ``teacher/<game>_lesson_plans.ipynb``      hand-written: only its exercise lists are refreshed.

A notebook whose cells are unchanged is left alone (with its stored outputs). One that
changed is written without outputs: run ``scripts/execute_notebooks.py notebooks/reference
notebooks/teacher`` afterwards. The build is deterministic: the same inputs give the same files.
"""

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from savannah_kit.core.registry import games  # noqa: E402
from savannah_kit.teach.answer_key import answer_key_notebook, refresh_lesson_plans, worksheet_notebook  # noqa: E402
from savannah_kit.teach.reference import cells_of, reference_notebook, teacher_module  # noqa: E402


def generated(game: str, notebooks: Path):
    """(path relative to the notebooks folder, notebook) for each generated notebook of ``game``."""
    yield f"reference/{game}_rules.ipynb", reference_notebook(game, notebooks)
    yield f"teacher/{game}_answer_key.ipynb", answer_key_notebook(game, notebooks)
    yield f"teacher/{game}_puzzle_worksheet.ipynb", worksheet_notebook(game)
    plans = notebooks / "teacher" / f"{game}_lesson_plans.ipynb"
    if plans.is_file():
        yield f"teacher/{game}_lesson_plans.ipynb", refresh_lesson_plans(json.loads(plans.read_text("utf-8")),
                                                                         game, notebooks)


def dump(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a generated notebook is out of date")
    parser.add_argument("--out", type=Path, help="notebooks folder to write into (default: the project's)")
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks",
                        help="notebooks folder holding the lessons (default: the project's)")
    args = parser.parse_args(argv)
    out = args.out or args.notebooks
    stale = []
    for game in games():
        if teacher_module(game) is None:
            continue
        for rel, nb in generated(game, args.notebooks):
            target = out / rel
            same = target.is_file() and cells_of(json.loads(target.read_text("utf-8"))) == cells_of(nb)
            if same:
                continue
            stale.append(rel)
            if not args.check:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(dump(nb), "utf-8")
                print(f"wrote {target}")
    if args.check:
        for rel in stale:
            print(f"out of date: notebooks/{rel} (run scripts/build_teaching_notebooks.py)")
        return 1 if stale else 0
    if stale:
        print("now run: python scripts/execute_notebooks.py notebooks/reference notebooks/teacher")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
