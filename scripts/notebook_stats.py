"""How much a learner reads before they play: per notebook, the words of prose, the words
before the first live board (a widget output), pictures and exercises.

    .venv/bin/python scripts/notebook_stats.py                 every notebook under notebooks/
    .venv/bin/python scripts/notebook_stats.py notebooks/forest

Lessons should get to a board fast (TEACHING.md); this is the figure to watch.
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WIDGET = "application/vnd.jupyter.widget-view+json"


def stats(path: Path) -> dict:
    nb = json.loads(path.read_text("utf-8"))
    words = before = pictures = exercises = 0
    board_at = None
    for i, cell in enumerate(nb["cells"]):
        src = "".join(cell.get("source", ""))
        if cell["cell_type"] == "markdown":
            n = len(src.split())
            words += n
            before += n if board_at is None else 0
            continue
        tags = cell.get("metadata", {}).get("tags", [])
        exercises += sum(1 for t in tags if t.startswith("exercise:"))
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET in data and board_at is None:
                board_at = i
            if "image/svg+xml" in data or "image/png" in data:
                pictures += 1
    return {"notebook": path.relative_to(ROOT).as_posix(), "prose_words": words,
            "words_before_board": before if board_at is not None else None, "first_board_cell": board_at,
            "pictures": pictures, "exercises": exercises}


def main(argv) -> int:
    targets = [Path(a).resolve() for a in argv] or [ROOT / "notebooks"]
    paths = []
    for t in targets:
        paths += sorted(t.rglob("*.ipynb")) if t.is_dir() else [t]
    print(f"{'notebook':52s} {'prose':>6s} {'before board':>12s} {'board cell':>10s} {'pictures':>8s} {'exercises':>9s}")
    for p in paths:
        if ".ipynb_checkpoints" in p.parts:
            continue
        s = stats(p)
        wb = "-" if s["words_before_board"] is None else str(s["words_before_board"])
        cell = "-" if s["first_board_cell"] is None else str(s["first_board_cell"])
        print(f"{s['notebook']:52s} {s['prose_words']:6d} {wb:>12s} {cell:>10s} {s['pictures']:8d} {s['exercises']:9d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
