"""Exercises: a position, a question and a check, in one re-runnable object.

An ``Exercise`` is data plus pure functions: ``build`` makes a fresh position every
time (so re-running a cell never fails), ``solve`` asks the engine for the answer
(never a stored one), ``mistakes`` predict the answers of common misreadings so the
feedback can say which one it was, and two hints and an explanation lead to the
answer. ``picture`` draws the starting position without giving the answer away.

In a notebook an exercise shows as a small board (``teach.widget``): click the
picture or type, then Check, Hint, Show me. The same works as plain calls:
``ex.check("E, S, W")``, ``ex.hint(1)``, ``ex.show()``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Optional, Sequence, Tuple

from ..core import registry
from ..core.rules_index import RULES, rule
from ..core.scene import Scene
from . import progress
from .answers import Answer, AnswerError, describe_difference

__all__ = ["Feedback", "Mistake", "Exercise", "Solution", "exercises", "exercise"]


class Feedback:
    """The verdict on one answer: ``bool(feedback)`` is right or wrong; it shows as its message."""

    def __init__(self, ok: bool, message: str, rule_id: str, mistake: Optional[str] = None):
        self.ok = ok
        self.message = message
        self.rule_id = rule_id
        self.mistake = mistake        # which predicted misreading the answer matched, if any

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return self.message

    __repr__ = __str__


@dataclass(frozen=True)
class Mistake:
    """A likely misreading: the answer it leads to on a position, and what to say about it."""

    name: str                                   # short id: "forgot-water"
    answer: Callable[[Any], Any]                # position -> the answer this misreading gives
    says: str                                   # "you forgot the water drop: it adds 1 to that food"
    rule: Optional[str] = None                  # the rule the misreading breaks (default: the exercise's first)


@dataclass(frozen=True)
class Solution:
    """The answer shown: words and, when the game can draw it, a picture with the answer marked."""

    text: str
    picture: Optional[Scene] = None

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        data = {"text/plain": self.text}
        if self.picture is not None:
            from ..core.svg import to_svg

            data["image/svg+xml"] = to_svg(self.picture)
        return data


@dataclass(frozen=True)
class Exercise:
    """One checked exercise. Ids start with the game's name: ``forest.rotate-path-ends``."""

    id: str
    title: str
    question: str
    rules: Tuple[str, ...]
    build: Callable[[], Any]
    solve: Callable[[Any], Any]
    answer: Answer
    hints: Tuple[str, str]
    explain: Callable[[Any], str]
    picture: Callable[[Any], Scene]
    solution_picture: Optional[Callable[[Any], Scene]] = None
    mistakes: Tuple[Mistake, ...] = ()
    click: Optional[Callable[[Any, str], Any]] = None   # (position, hit id) -> an answer item, or None
    spoilers: Optional[Callable[[Any], Sequence[str]]] = None  # texts the starting picture must not show
    kit_ruling: bool = False                            # checks a kit ruling, not a rulebook rule
    notes: Dict[str, str] = field(default_factory=dict)  # anything a teacher should know (answer key)
    #: the engine's reasons, citing their rule as "[rule.id]" (or None): ``why`` for one wrong item of an
    #: answer (a clicked space, card or cell), ``why_wrong`` for a whole wrong answer (a race order)
    why: Optional[Callable[[Any, Any], Optional[str]]] = None
    why_wrong: Optional[Callable[[Any, Any], Optional[str]]] = None

    def __post_init__(self):
        if not self.rules:
            raise ValueError(f"exercise {self.id}: rules must name at least one rule id")
        for rid in self.rules:
            rule(rid)  # an unknown id fails at import, with a suggestion
        if len(self.hints) != 2:
            raise ValueError(f"exercise {self.id}: hints must be exactly two (a nudge, then a bigger one)")

    @property
    def game(self) -> str:
        return self.id.split(".")[0]

    # -- the checks -------------------------------------------------------------------
    def position(self) -> Any:
        """A fresh copy of the exercise's position."""
        return self.build()

    def right_answer(self) -> Any:
        return self.solve(self.position())

    def check(self, raw: Any, *, remember: bool = True) -> Feedback:
        """Check an answer in any natural form; a right one is remembered in the progress file."""
        main = self.rules[0]
        if raw is None:
            return self._verdict(False, f"no answer yet. Type one like {self.answer.example}, or click the "
                                 "picture on the board", main)
        try:
            given = self.answer.read(raw)
        except AnswerError as exc:
            return self._verdict(False, f"{exc}", main)
        pos = self.position()
        right = self.solve(pos)
        if given == right:
            if remember:
                progress.mark_solved(self.id)
            return self._verdict(True, self.explain(pos), main)
        for m in self.mistakes:
            if m.answer(pos) == given:
                return self._verdict(False, f"{self.answer.show(given)}: {m.says}", m.rule or main, m.name)
        reason = self.why_wrong(pos, given) if self.why_wrong is not None else None
        if reason:  # the engine's own reason, under the rule it cites
            cited = [r for r in re.findall(r"\[([a-z]+\.[a-z0-9.-]+)\]", reason) if r in RULES]
            return self._verdict(False, f"{self.answer.show(given)}: {reason} Try a hint.", cited[-1] if cited else main)
        off = describe_difference(self.answer, given, right)
        return self._verdict(False, f"{self.answer.show(given)} is not it" + (f": {off}" if off else "")
                             + self._reasons(pos, given, right) + ". Try a hint.", main)

    def why_not(self, item: Any) -> Optional[str]:
        """The engine's reason why one item (a clicked space, card or cell) is not (part of) the
        answer, naming its rule; None when it is, or when the exercise has no reason to give. The
        board says it as soon as the item is clicked."""
        if self.why is None and (self.why_wrong is None or self.answer.many):
            return None
        pos = self.position()
        right = self.solve(pos)
        if item == right or (self.answer.many and item in right):
            return None
        return self.why(pos, item) if self.why is not None else self.why_wrong(pos, item)

    def _reasons(self, pos: Any, given: Any, right: Any) -> str:
        """The engine's reason why each given item that is not part of the answer is not (two at most)."""
        if self.why is None:
            return ""
        many = self.answer.many
        wrong = [i for i in given if i not in set(right)] if many else [given]
        said = [f"{self.answer.show(type(given)([item]) if many else item)}: {r}"
                for item in wrong[:2] if (r := self.why(pos, item))]
        return "; " + "; ".join(said) if said else ""

    def _verdict(self, ok: bool, text: str, rule_id: str, mistake: Optional[str] = None) -> Feedback:
        mark = "✓ Right: " if ok else "✗ Not yet: "
        return Feedback(ok, f"{mark}{text}\n  rule {rule_id}: {rule(rule_id).text}", rule_id, mistake)

    def hint(self, level: int = 1) -> str:
        """Hint 1 nudges, hint 2 nearly says it; beyond that, ``show()``."""
        if level not in (1, 2):
            raise ValueError("hint level is 1 or 2; show() gives the answer")
        return f"Hint {level}: {self.hints[level - 1]}"

    def show(self) -> Solution:
        """The answer, explained by the engine, with the answer drawn when the game can; an
        explanation that cites no rule id ends with the exercise's rules, so every answer says
        which rules make it so."""
        pos = self.position()
        words = self.explain(pos)
        if f"[{self.game}." not in words:
            words = f"{words} [{', '.join(self.rules)}]"
        text = f"Answer: {self.answer.show(self.solve(pos))}. {words}"
        pic = self.solution_picture(pos) if self.solution_picture else None
        return Solution(text, pic)

    def solved(self) -> bool:
        return self.id in progress.solved([self.id])

    # -- display ----------------------------------------------------------------------
    def widget(self):
        from .widget import ExerciseBoard

        return ExerciseBoard(self)

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        return self.widget()._repr_mimebundle_(include=include, exclude=exclude, **kwargs)

    def __repr__(self) -> str:
        return f"Exercise {self.id}: {self.title}\n{self.question}\nAnswer like: {self.answer.example}"


def _lessons_module(entry: registry.GameEntry):
    return entry.teaching_module("lessons")  # its spec's teaching.lessons, None for a game without


def exercises(game: Optional[str] = None) -> Dict[str, Exercise]:
    """Every exercise (of one game), by id, in teaching order. A game declares them in
    ``<game module>.lessons.EXERCISES``."""
    found: Dict[str, Exercise] = {}
    entries = [registry.game(game)] if game else list(registry.games().values())
    for entry in entries:
        mod = _lessons_module(entry)
        for ex in getattr(mod, "EXERCISES", ()) if mod else ():
            if not ex.id.startswith(entry.name + "."):
                raise ValueError(f"exercise id {ex.id!r} must start with {entry.name + '.'!r}")
            if ex.id in found:
                raise ValueError(f"two exercises share the id {ex.id!r}")
            found[ex.id] = ex
    return found


def exercise(exercise_id: str) -> Exercise:
    """One exercise by id; ``KeyError`` naming the close ids when there is none."""
    game = exercise_id.split(".")[0]
    known = exercises(game) if game in registry.games() else {}
    if exercise_id not in known:
        import difflib

        near = difflib.get_close_matches(exercise_id, list(known), n=3)
        raise KeyError(f"no exercise {exercise_id!r}" + (f"; did you mean {', '.join(near)}?" if near else ""))
    return known[exercise_id]
