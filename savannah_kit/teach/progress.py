"""Which exercises a learner has solved, kept in a small JSON file between sessions.

The file lives in the user's data folder (``$SAVANNAH_KIT_HOME``, else
``$XDG_DATA_HOME/savannah_kit``, else ``~/.local/share/savannah_kit``) as
``progress.json``: ``{"version": 1, "solved": {"forest.rotate-path-ends": "2026-…"}}``.
Re-running a notebook only ever adds to it. A damaged file is never overwritten
silently: it is read as empty and kept aside as ``progress.json.damaged``.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from pathlib import Path
from typing import Dict, Iterable, Optional

__all__ = ["home", "progress_file", "solved", "mark_solved", "forget"]

VERSION = 1


def home() -> Path:
    """The kit's data folder for this user."""
    if os.environ.get("SAVANNAH_KIT_HOME"):
        return Path(os.environ["SAVANNAH_KIT_HOME"])
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "savannah_kit"


def progress_file() -> Path:
    return home() / "progress.json"


def _load(path: Path) -> Dict[str, str]:
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text("utf-8"))
        got = data["solved"]
        if not isinstance(got, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in got.items()):
            raise ValueError("solved is not a map of exercise ids to dates")
        return dict(got)
    except (ValueError, KeyError, TypeError, OSError):
        path.replace(path.with_name(path.name + ".damaged"))
        return {}


def solved(exercise_ids: Optional[Iterable[str]] = None) -> Dict[str, str]:
    """Solved exercise ids with the date each was first solved (only those asked about)."""
    got = _load(progress_file())
    if exercise_ids is None:
        return got
    wanted = set(exercise_ids)
    return {k: v for k, v in got.items() if k in wanted}


def _save(data: Dict[str, str]) -> None:
    path = progress_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps({"version": VERSION, "solved": dict(sorted(data.items()))}, indent=1), "utf-8")
    tmp.replace(path)  # atomic: a crash never leaves half a file


def mark_solved(exercise_id: str) -> bool:
    """Remember a solved exercise; True the first time. Failing to write never stops a lesson."""
    data = _load(progress_file())
    if exercise_id in data:
        return False
    data[exercise_id] = _dt.date.today().isoformat()
    try:
        _save(data)
    except OSError:
        return False
    return True


def forget(exercise_ids: Optional[Iterable[str]] = None) -> None:
    """Forget some exercises (all of them by default): for a fresh start or a shared classroom machine."""
    data = _load(progress_file())
    for k in (list(data) if exercise_ids is None else list(exercise_ids)):
        data.pop(k, None)
    _save(data)
