"""The teacher pack's generated notebooks: the answer key, the puzzle worksheet, and the
exercise lists of the lesson plans.

* ``answer_key_notebook(game, notebooks)``: for every exercise of the game (grouped by the
  lesson that holds it) and every worksheet puzzle, an entry that starts with the anchor
  ``<a id="EXERCISE-ID"></a>`` (each lesson exercise links to its entry), then its question,
  rules, hints and teacher notes, and a code cell ``answer_sheet(exercise_id=...)`` that, when
  run, asks the engine for the answer, the explanation and what the feedback says to each
  predicted mistake, and draws the solution picture. The notebook is stored with these
  outputs, so a saved copy (on GitHub, say) shows every answer without running anything.
  Nothing in it is pasted: re-run it after a change.
* ``worksheet_notebook(game)``: the puzzles of ``<game>.puzzles.PUZZLES``, each with its
  question, its board (the starting picture in static views) and room to answer.
* ``refresh_lesson_plans(nb, game, notebooks)``: the lesson plans are written by hand;
  only their cells tagged ``exercises:<lesson path>`` (or ``exercises:puzzles``) are
  rewritten, with the exercises that lesson holds now.
"""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from ..core import registry
from ..core.rules_index import rule
from .answers import AnswerError
from .exercise import Exercise, exercises
from .reference import Lesson, Picture, code, lessons, markdown, notebook, ruling, teacher_module

__all__ = ["puzzles", "find", "answer_sheet", "puzzle", "anchor", "answer_key_notebook", "worksheet_notebook",
           "refresh_lesson_plans", "EXERCISE_LIST_TAG"]

EXERCISE_LIST_TAG = "exercises:"


def puzzles(game: str) -> Tuple[Exercise, ...]:
    """The game's worksheet puzzles (``<game>.puzzles.PUZZLES``), or () if it has none."""
    module = teacher_module(game)
    return tuple(getattr(module, "PUZZLES", ())) if module else ()


def find(exercise_id: str) -> Exercise:
    """An exercise of the catalogue or a worksheet puzzle, by id."""
    game = exercise_id.split(".")[0]
    if game not in registry.games():
        raise KeyError(f"no exercise {exercise_id!r}: ids start with a game's name")
    every = {**exercises(game), **{p.id: p for p in puzzles(game)}}
    if exercise_id not in every:
        raise KeyError(f"no exercise or puzzle {exercise_id!r}")
    return every[exercise_id]


def _feedback(ex: Exercise, given) -> str:
    """What the exercise says to ``given`` (a normal-form answer), first line only."""
    try:
        fb = ex.check(given, remember=False)
    except AnswerError:
        fb = ex.check(ex.answer.show(given), remember=False)
    return str(fb).splitlines()[0]


def answer_sheet(exercise_id: str) -> Picture:
    """Print the engine's answer to an exercise or puzzle, why, and what the feedback says to
    each predicted mistake; return the solution picture (the starting one if it has none), as a
    PNG only: a solution picture may mark its answers in an order that varies between runs."""
    ex = find(exercise_id)
    pos = ex.position()
    right = ex.solve(pos)
    lines = [f"Answer: {ex.answer.show(right)}", f"Why: {ex.explain(pos)}"]
    if ex.mistakes:
        lines.append("Predicted mistakes, and what the feedback says:")
        for m in ex.mistakes:
            given = m.answer(pos)
            if given == right:
                lines.append(f"  · {m.name.replace('-', ' ')}: gives the right answer in this position")
            else:
                shown = ex.answer.show(given)
                said = _feedback(ex, given)
                said = said[len(f"✗ Not yet: {shown}: "):] if said.startswith(f"✗ Not yet: {shown}: ") else said
                lines.append(f"  · {m.name.replace('-', ' ')}: {shown} → {said}")
    print("\n".join(lines))
    pic = ex.solution_picture(pos) if ex.solution_picture else ex.picture(pos)
    return Picture(pic, f"{ex.title}: the answer drawn", svg=False)


def puzzle(puzzle_id: str) -> Exercise:
    """A worksheet puzzle, shown as its board (click or type, check, hint, show me)."""
    return find(puzzle_id)


# -- the answer key ----------------------------------------------------------------------------------------

def anchor(exercise_id: str) -> str:
    """The HTML anchor an answer key entry starts with: lessons link to ``<answer key>#<id>``."""
    return f'<a id="{exercise_id}"></a>'


def _rules_line(ex: Exercise) -> str:
    rulings = f"../reference/{ex.game}_rules.ipynb#kit-rulings"
    parts = []
    for rid in ex.rules:
        parts.append(f"`{rid}`" + (f" (⚖ [a kit ruling]({rulings}))" if ruling(rule(rid)) else ""))
    return "**Rules:** " + ", ".join(parts)


def _exercise_cells(ex: Exercise, where: str) -> List[dict]:
    lines = [anchor(ex.id), "", f"### `{ex.id}` — {ex.title}", "", where, "", f"**Question.** {ex.question}", "",
             _rules_line(ex), "", f"**Hint 1.** {ex.hints[0]}", "", f"**Hint 2.** {ex.hints[1]}"]
    if ex.kit_ruling:
        lines += ["", "⚖ This exercise checks a kit ruling: the rulebook leaves the point open, and the kit decides "
                  f"([the kit rulings](../reference/{ex.game}_rules.ipynb#kit-rulings))."]
    if ex.notes:
        lines += ["", "**Teacher notes.**"] + [f"- *{k}:* {v}" for k, v in ex.notes.items()]
    return [markdown(f"{ex.id}-question", "\n".join(lines)),
            code(f"{ex.id}-answer", f'answer_sheet(exercise_id="{ex.id}")')]


def answer_key_notebook(game: str, notebooks: Path) -> dict:
    """The answer key of ``game`` (see the module docstring)."""
    entry = registry.game(game)
    found = exercises(game)
    books = lessons(Path(notebooks), game)
    homes: Dict[str, Lesson] = {}
    for lesson in books:
        for ex_id in lesson.exercises:
            homes.setdefault(ex_id, lesson)
    extra = puzzles(game)
    intro = "\n".join([
        f"# {entry.title}: the answer key", "",
        "**For teachers.** Every exercise of the lessons and every puzzle of the worksheet, with its answer, the "
        "engine's explanation and the answer drawn. Each entry has an anchor named by the exercise's id: a lesson "
        "links each exercise to its entry, so that a saved copy of a lesson can be checked without running it. "
        f"The puzzles and their answers also print as pages: `savannah-kit worksheet {game} --out sheet.pdf` and "
        f"`savannah-kit answer-key {game} --out answers.pdf`.", "",
        "Nothing below is typed in by hand: each answer cell asks the game's engine, when it runs, for the right "
        "answer and why, and tries every mistake the exercise predicts to show what the feedback would tell a "
        "student. If the rules or the exercises change, run the notebook again and the key follows.", "",
        f"{len(found)} exercises in the lessons, {len(extra)} worksheet puzzles. Each section gives the question, "
        "the rules it checks (⚖ marks a kit ruling: the kit's reading of a point the rulebook leaves open), the "
        "two hints students can ask for, notes for you, and then the answer with its picture.", "",
        "**Contents:** " + " · ".join(f"[{lesson.name}](#lesson-{Path(lesson.path).stem})" for lesson in books
                                       if any(i in found for i in lesson.exercises))
        + (" · [The worksheet puzzles](#puzzles)" if extra else "")])
    cells = [markdown("intro", intro), code("setup", "from savannah_kit.teach.answer_key import answer_sheet")]
    placed = set()
    for lesson in books:
        mine = [found[i] for i in dict.fromkeys(lesson.exercises) if i in found and homes[i] is lesson]
        if not mine:
            continue
        cells.append(markdown(f"lesson-{Path(lesson.path).stem}", f'<a id="lesson-{Path(lesson.path).stem}"></a>\n\n'
                              f"## {lesson.title}\n\nThe exercises of `{lesson.path}`, in the order they come."))
        for ex in mine:
            cells += _exercise_cells(ex, f"*In the lesson “{lesson.name}”.*")
            placed.add(ex.id)
    rest = [ex for ex in found.values() if ex.id not in placed]
    if rest:
        cells.append(markdown("not-in-a-lesson", "## Exercises not in a lesson yet\n\nThese exercises are ready "
                              "but no lesson notebook holds them yet."))
        for ex in rest:
            cells += _exercise_cells(ex, "*Not in a lesson yet.*")
    if extra:
        cells.append(markdown("puzzles", '<a id="puzzles"></a>\n\n## The worksheet puzzles\n\nThe puzzles of the '
                              "puzzle worksheet "
                              f"(`{game}_puzzle_worksheet.ipynb`, next to this notebook), in its order."))
        for i, ex in enumerate(extra, start=1):
            cells += _exercise_cells(ex, f"*Puzzle {i} of the worksheet.*")
    return notebook(cells)


# -- the worksheet -------------------------------------------------------------------------------------------

ANSWER_ROOM = ("**Your answer:** ______________________________________________\n\n"
               "**How you worked it out:** ______________________________________________\n\n"
               "______________________________________________________________________")


def worksheet_notebook(game: str) -> dict:
    """The puzzle worksheet of ``game`` (see the module docstring)."""
    entry = registry.game(game)
    extra = puzzles(game)
    intro = "\n".join([
        f"# {entry.title}: puzzle sheet", "",
        f"{len(extra)} puzzles about the whole game. Each one shows a position and asks one question.", "",
        f"**On paper:** print the sheet as pages with pictures and lines to write on: `savannah-kit worksheet {game} "
        f"--out sheet.pdf` (the answers: `savannah-kit answer-key {game} --out answers.pdf`).", "",
        "**On the computer:** run the notebook (Run ▸ Run All Cells). Each picture becomes a small board: click "
        "it or type your answer, then press Check. Stuck? Hint gives a nudge, a second Hint a bigger one."])
    cells = [markdown("intro", intro), code("setup", "from savannah_kit.teach.answer_key import puzzle")]
    for i, ex in enumerate(extra, start=1):
        cells.append(markdown(f"{ex.id}-question", f"## Puzzle {i}: {ex.title}\n\n{ex.question}"))
        cells.append(code(f"{ex.id}-board", f'puzzle(puzzle_id="{ex.id}")'))
        cells.append(markdown(f"{ex.id}-room", ANSWER_ROOM))
    cells.append(markdown("end", "That's all. Your teacher has the answers, and the engine's reasons for them."))
    return notebook(cells)


# -- the lesson plans' exercise lists ----------------------------------------------------------------------------

def _exercise_list(key: str, game: str, books: Sequence[Lesson], found: Dict[str, Exercise]) -> str:
    if key == "puzzles":
        items = puzzles(game)
        head = "**The worksheet puzzles:**"
        if not items:
            return f"{head} none yet."
        return "\n".join([head] + [f"- `{ex.id}` *{ex.title}*" for ex in items])
    lesson: Optional[Lesson] = next((b for b in books if b.path == key), None)
    name = Path(key).stem
    if lesson is None:
        return f"*The lesson `{name}` is not written yet: its exercises will be listed here once it is.*"
    ids = [i for i in dict.fromkeys(lesson.exercises) if i in found]
    head = f"**{lesson.name}**: {len(ids)} exercise{'s' if len(ids) != 1 else ''} to set (answers in the answer key):"
    if not ids:
        return f"**{lesson.name}** holds no exercises: use its live board and questions to the class instead."
    return "\n".join([head] + [f"- `{i}` *{found[i].title}*" for i in ids])


def refresh_lesson_plans(nb: dict, game: str, notebooks: Path) -> dict:
    """A copy of the hand-written lesson plans ``nb`` with its exercise lists (cells tagged
    ``exercises:<lesson path>`` or ``exercises:puzzles``) made from the lessons as they are now."""
    books = lessons(Path(notebooks), game)
    found = exercises(game)
    cells = []
    for cell in nb["cells"]:
        tags = cell.get("metadata", {}).get("tags", [])
        key = next((t[len(EXERCISE_LIST_TAG):] for t in tags if t.startswith(EXERCISE_LIST_TAG)), None)
        if key is not None:
            cell = dict(cell, source=_exercise_list(key, game, books, found))
        cells.append(cell)
    return dict(nb, cells=cells)
