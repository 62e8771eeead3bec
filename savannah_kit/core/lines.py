"""A game's lines of play as a tree: the main line and the branches tried from it.

A line is the whole list of moves from the start of the game; a branch also records the
line it was tried from (its parent). Where it leaves its parent is not stored but worked
out (the moves they share), so it stays right when either line is played on or undone.
Lines are never cut to make room for one another: trying a move from move 3 keeps every
move of the line it came from. Plain data, no Jupyter: the history panel
(``ui/history.py``) draws it, and ``to_json`` / ``from_json`` keep it in a file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, List, Optional, Sequence

from .errors import SaveFileError

#: the format tag of a saved tree
LINES_FORMAT = "savannah-kit-lines"


@dataclass
class Line:
    """One line of play: its ``number`` (1 is the main line), the line it was tried from
    (``parent``, None for the main line) and every move from the start."""

    number: int
    parent: Optional[int]
    moves: List[Any] = field(default_factory=list)


def shared_length(a: Sequence[Any], b: Sequence[Any]) -> int:
    """How many first moves two move lists have in common."""
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


class LineTree:
    """The main line and its branches (see the module docstring)."""

    def __init__(self, moves: Sequence[Any] = ()):
        self.lines: List[Line] = [Line(1, None, list(moves))]

    def line(self, number: int) -> Line:
        """Line ``number`` (1 is the main line); a clear error for one that does not exist."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.lines):
            raise KeyError(f"line: there is no line {number!r} (the lines are 1 to {len(self.lines)})")
        return self.lines[number - 1]

    @property
    def main(self) -> Line:
        return self.lines[0]

    def fork(self, number: int) -> int:
        """How many moves line ``number`` shares with the line it was tried from (0 for the
        main line): it is that line's branch point."""
        ln = self.line(number)
        return 0 if ln.parent is None else shared_length(ln.moves, self.line(ln.parent).moves)

    def branch(self, number: int, step: int, moves: Sequence[Any]) -> int:
        """Try ``moves`` after the first ``step`` moves of line ``number``; returns the line
        that now holds them. A new line unless they are already played there: on that same
        line, or as the whole of a line tried from the same place. Line ``number`` keeps all
        its moves."""
        base = self.line(number)
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(base.moves):
            raise ValueError(f"step: line {number} has moves 0 to {len(base.moves)}, not {step!r}")
        moves = list(moves)
        if not moves:
            raise ValueError("moves: a branch needs at least one move of its own")
        whole = base.moves[:step] + moves
        if base.moves[:len(whole)] == whole:
            return number
        for ln in self.lines:
            if ln.moves == whole:
                return ln.number
        self.lines.append(Line(len(self.lines) + 1, number, whole))
        return len(self.lines)

    def set_moves(self, number: int, moves: Sequence[Any]) -> None:
        """Line ``number`` is now ``moves`` (played on, or undone within the line)."""
        self.line(number).moves = list(moves)

    def children(self, number: int) -> List[Line]:
        """The lines tried from line ``number``, in the order they were made."""
        return [ln for ln in self.lines if ln.parent == number]

    def branch_points(self, number: int) -> List[int]:
        """The steps of line ``number`` where another line leaves it (sorted, no repeats)."""
        return sorted({self.fork(ln.number) for ln in self.children(number)}
                      | ({self.fork(number)} if self.line(number).parent is not None else set()))

    def replay(self, game, number: int, step: Optional[int] = None):
        """A new game (built like ``game``) at the position after the first ``step`` moves
        of line ``number`` (all of them by default)."""
        moves = self.line(number).moves
        step = len(moves) if step is None else step
        if not 0 <= step <= len(moves):
            raise ValueError(f"step: line {number} has moves 0 to {len(moves)}, not {step!r}")
        return game._replayed(moves[:step])

    # -- saving ------------------------------------------------------------------
    def to_json(self) -> str:
        """Every line as data: the moves in their save-file form, and each line's parent."""
        return json.dumps({"format": LINES_FORMAT, "lines": [
            {"number": ln.number, "parent": ln.parent, "moves": [m.to_data() for m in ln.moves]}
            for ln in self.lines]})

    @classmethod
    def from_json(cls, game_class, text: str) -> "LineTree":
        """Read a saved tree of ``game_class`` moves; a bad file raises ``SaveFileError``
        naming the field (the moves themselves are checked when a line is replayed)."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise SaveFileError("lines", f"is not JSON ({exc})") from exc
        if not isinstance(data, dict) or data.get("format") != LINES_FORMAT:
            raise SaveFileError("format", f"must be {LINES_FORMAT!r}")
        raw = data.get("lines")
        if not isinstance(raw, list) or not raw:
            raise SaveFileError("lines", "must be a non-empty list")
        tree = cls()
        tree.lines = []
        for i, entry in enumerate(raw):
            where = f"lines[{i}]"
            if not isinstance(entry, dict) or entry.get("number") != i + 1:
                raise SaveFileError(f"{where}.number", f"must be {i + 1}")
            parent = entry.get("parent")
            if i == 0 and parent is not None:
                raise SaveFileError(f"{where}.parent", "the main line has no parent")
            if i > 0 and (isinstance(parent, bool) or not isinstance(parent, int) or not 1 <= parent <= i):
                raise SaveFileError(f"{where}.parent", f"must be an earlier line (1 to {i})")
            moves = entry.get("moves")
            if not isinstance(moves, list):
                raise SaveFileError(f"{where}.moves", "must be a list")
            tree.lines.append(Line(i + 1, parent, [game_class.move_from_data(m) for m in moves]))
        return tree
