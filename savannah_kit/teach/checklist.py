"""The learner's checklist: each game's notebooks in order, with the exercises solved.

A notebook's exercises are the cells tagged ``exercise:<id>`` (the same way cells are
tagged ``rule:<id>`` for the rule coverage report). The checklist reads the
notebooks folder next to the start notebook and the progress file; it shows as
Markdown with relative links, so it works in JupyterLab, Voila and on GitHub.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from ..core import registry
from . import progress

__all__ = ["NotebookEntry", "notebooks", "Checklist", "checklist"]

TAG = "exercise:"


@dataclass(frozen=True)
class NotebookEntry:
    path: str                  # relative to the notebooks folder: "forest/01_play_in_10_minutes.ipynb"
    title: str
    exercises: Tuple[str, ...]


def _title(nb: dict, fallback: str) -> str:
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", "")).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


def notebook_exercises(nb: dict) -> List[str]:
    found = []
    for cell in nb.get("cells", []):
        for tag in cell.get("metadata", {}).get("tags", []):
            if tag.startswith(TAG) and tag[len(TAG):] not in found:
                found.append(tag[len(TAG):])
    return found


def lesson_folder(folder: Path, game: str) -> Optional[Path]:
    """Where the game's lesson notebooks are under the notebooks ``folder`` (its spec's
    ``teaching.lesson_notebooks``), or None for a game without lessons there."""
    inside = registry.game(game).teaching.lesson_notebooks
    return None if inside is None or not (Path(folder) / inside).is_dir() else Path(folder) / inside


def notebooks(folder: Path, game: str) -> List[NotebookEntry]:
    """The numbered lesson notebooks of one game, in order."""
    out = []
    lessons = lesson_folder(folder, game)
    for path in sorted(lessons.glob("[0-9]*.ipynb")) if lessons is not None else ():
        nb = json.loads(path.read_text("utf-8"))
        out.append(NotebookEntry(path.relative_to(folder).as_posix(), _title(nb, path.stem),
                                 tuple(notebook_exercises(nb))))
    return out


class Checklist:
    """Per game: each notebook, a link, and how many of its exercises are solved."""

    def __init__(self, folder: Path, games: Optional[List[str]] = None):
        self.folder = Path(folder)
        self.games = games or [g for g in registry.games() if lesson_folder(self.folder, g) is not None]
        self.entries: Dict[str, List[NotebookEntry]] = {g: notebooks(self.folder, g) for g in self.games}
        every = [e for entries in self.entries.values() for n in entries for e in n.exercises]
        self.solved = progress.solved(every)

    def rows(self, game: str) -> List[Tuple[NotebookEntry, int]]:
        return [(n, sum(1 for e in n.exercises if e in self.solved)) for n in self.entries[game]]

    def _lines(self, link: bool) -> List[str]:
        lines = []
        for game in self.games:
            rows = self.rows(game)
            total = sum(len(n.exercises) for n, _ in rows)
            done = sum(d for _, d in rows)
            lines.append(f"**{registry.game(game).title}**: {done} of {total} exercises solved" if link else
                         f"{registry.game(game).title}: {done} of {total} exercises solved")
            for n, d in rows:
                solved = n.exercises and d == len(n.exercises)
                mark = "✓ " if solved else "" if link else "· "  # a Markdown list has its own bullets
                count = f"{d}/{len(n.exercises)} exercises" if n.exercises else "no exercises"
                name = f"[{n.title}]({n.path})" if link else n.title
                lines.append(f"- {mark}{name} — {count}")
            lines.append("")
        return lines

    def __repr__(self) -> str:
        return "\n".join(self._lines(False)).rstrip()

    def _repr_markdown_(self) -> str:
        return "\n".join(self._lines(True)).rstrip()


def checklist(folder=None, games: Optional[List[str]] = None) -> Checklist:
    """The checklist of the notebooks under ``folder`` (default: the current folder,
    which is the notebooks folder when called from the start notebook)."""
    return Checklist(Path(folder) if folder else Path.cwd(), games)
