"""The teacher pack: generated notebooks up to date, an answer key with a section per exercise
and puzzle whose answers come from the engine, lessons that never lead to it, a worksheet with
no answers, and lesson plans whose timings add up."""

import contextlib
import importlib.util
import io
import json
import re
from pathlib import Path

import pytest

from savannah_kit.teach import answer_key
from savannah_kit.teach.exercise import exercises
from savannah_kit.teach.reference import cells_of

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
TEACHER = NOTEBOOKS / "teacher"
PUZZLES = answer_key.puzzles("forest")


def build_script():
    spec = importlib.util.spec_from_file_location("build_teaching_notebooks",
                                                  ROOT / "scripts" / "build_teaching_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load(name):
    return json.loads((TEACHER / name).read_text("utf-8"))


def sources(nb, kind=None):
    return [src for k, src, _ in cells_of(nb) if kind is None or k == kind]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def test_the_generated_notebooks_are_up_to_date(tmp_path):
    script = build_script()
    assert script.main(["--out", str(tmp_path)]) == 0
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.ipynb"))
    assert written == sorted(f"{folder}/{game}_{name}.ipynb" for game in ("circle", "forest", "tails")
                             for folder, name in (("reference", "rules"), ("teacher", "answer_key"),
                                                  ("teacher", "lesson_plans"), ("teacher", "puzzle_worksheet")))
    for rel in written:
        fresh = json.loads((tmp_path / rel).read_text("utf-8"))
        stored = json.loads((NOTEBOOKS / rel).read_text("utf-8"))
        assert cells_of(fresh) == cells_of(stored), f"notebooks/{rel} is out of date: run " \
                                                    "scripts/build_teaching_notebooks.py, then execute it"
    with contextlib.redirect_stdout(io.StringIO()):
        assert script.main(["--check"]) == 0


def test_building_twice_gives_the_same_files(tmp_path):
    script = build_script()
    with contextlib.redirect_stdout(io.StringIO()):
        script.main(["--out", str(tmp_path / "a")])
        script.main(["--out", str(tmp_path / "b")])
    for path in (tmp_path / "a").rglob("*.ipynb"):
        assert path.read_bytes() == (tmp_path / "b" / path.relative_to(tmp_path / "a")).read_bytes()


def test_check_reports_a_stale_notebook(tmp_path):
    script = build_script()
    with contextlib.redirect_stdout(io.StringIO()):
        script.main(["--out", str(tmp_path)])
    path = tmp_path / "teacher" / "forest_answer_key.ipynb"
    nb = json.loads(path.read_text("utf-8"))
    nb["cells"].pop()
    path.write_text(json.dumps(nb))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert script.main(["--out", str(tmp_path), "--check"]) == 1
    assert "out of date: notebooks/teacher/forest_answer_key.ipynb" in out.getvalue()


# -- the answer key ----------------------------------------------------------------------------------------

def test_the_answer_key_has_one_section_per_exercise_and_puzzle():
    nb = load("forest_answer_key.ipynb")
    heads = [re.search(r"^### `([^`]+)` — ", s, re.MULTILINE).group(1) for s in sources(nb, "markdown")
             if re.search(r"^### `", s, re.MULTILINE)]
    wanted = list(exercises("forest")) + [p.id for p in PUZZLES]
    assert sorted(heads) == sorted(wanted) and len(heads) == len(set(heads))
    calls = [s for s in sources(nb, "code") if s.startswith("answer_sheet(")]
    assert calls == [f'answer_sheet(exercise_id="{i}")' for i in heads]


def test_the_answer_key_stores_the_engines_answers():
    nb = load("forest_answer_key.ipynb")
    for cell in nb["cells"]:
        if cell["cell_type"] == "code" and "answer_sheet(" in "".join(cell["source"]):
            text = "".join(o.get("text", "") if isinstance(o.get("text", ""), str) else "".join(o["text"])
                           for o in cell["outputs"] if o.get("name") == "stdout")
            assert text.startswith("Answer: ") and "\nWhy: " in text, "".join(cell["source"])
            assert any("image/png" in o.get("data", {}) for o in cell["outputs"])


def test_an_answer_sheet_is_computed_by_the_engine():
    puzzle = PUZZLES[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        pic = answer_key.answer_sheet(exercise_id=puzzle.id)
    text = out.getvalue()
    right = puzzle.answer.show(puzzle.solve(puzzle.position()))
    assert text.startswith(f"Answer: {right}\nWhy: ")
    for m in puzzle.mistakes:
        assert f"· {m.name.replace('-', ' ')}: {puzzle.answer.show(m.answer(puzzle.position()))} → " in text
    assert pic.scene.shapes and "image/svg+xml" not in pic._repr_mimebundle_()
    with pytest.raises(KeyError):
        answer_key.find("forest.no-such-exercise")


def test_lessons_lead_to_the_teacher_pack_only_through_their_answer_key_links():
    """A lesson links each exercise to its entry in the answer key (and nowhere else in the
    teacher pack); every such link names an anchor the answer key has."""
    key = "\n".join(sources(load("forest_answer_key.ipynb"), "markdown"))
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', key))
    for path in sorted((NOTEBOOKS / "forest").glob("*.ipynb")):
        text = "\n".join(sources(json.loads(path.read_text("utf-8"))))
        links = re.findall(r"\(\.\./teacher/([^)#]+)(?:#([^)]*))?\)", text)
        for target, where in links:
            assert target == "forest_answer_key.ipynb", f"{path.name} links to teacher/{target}"
            assert where in anchors, f"{path.name} links to #{where}, which the answer key lacks"
        assert "teacher/" not in re.sub(r"\(\.\./teacher/forest_answer_key\.ipynb#[^)]*\)", "", text), path.name


# -- the worksheet -----------------------------------------------------------------------------------------

def test_the_worksheet_asks_every_puzzle_with_room_to_answer_and_no_answers():
    nb = load("forest_puzzle_worksheet.ipynb")
    text = "\n".join(sources(nb))
    for i, puzzle in enumerate(PUZZLES, start=1):
        assert f"## Puzzle {i}: {puzzle.title}\n\n{puzzle.question}" in text
        assert f'puzzle(puzzle_id="{puzzle.id}")' in text
    assert text.count("**Your answer:**") == len(PUZZLES)
    assert "answer_sheet" not in text
    outputs = json.dumps([c.get("outputs", []) for c in nb["cells"]])
    assert "Answer:" not in outputs and "image/png" in outputs


# -- the lesson plans ---------------------------------------------------------------------------------------

def plans():
    return load("forest_lesson_plans.ipynb")


def test_the_lesson_plans_are_markdown_and_name_the_tools():
    nb = plans()
    assert {c["cell_type"] for c in nb["cells"]} == {"markdown"}
    text = "\n".join(sources(nb))
    for needed in ("savannah-kit demo forest", "notebooks/classroom/forest_classroom.ipynb",
                   "savannah-kit handout forest --out forest.pdf", "forest_answer_key.ipynb",
                   "forest_puzzle_worksheet.ipynb", "## Common difficulties"):
        assert needed in text


def test_the_lesson_plans_list_the_exercises_each_lesson_holds():
    nb = plans()
    listed = {t[len("exercises:"):]: s for k, s, tags in cells_of(nb) for t in tags if t.startswith("exercises:")}
    assert "puzzles" in listed and all(f"`{p.id}` *{p.title}*" in listed["puzzles"] for p in PUZZLES)
    found = exercises("forest")
    for rel, text in listed.items():
        if rel == "puzzles":
            continue
        path = NOTEBOOKS / rel
        if not path.is_file():
            assert "not written yet" in text
            continue
        tags = [t[9:] for c in json.loads(path.read_text("utf-8"))["cells"]
                for t in c.get("metadata", {}).get("tags", []) if t.startswith("exercise:")]
        for ex_id in tags:
            if ex_id in found:
                assert f"`{ex_id}` *{found[ex_id].title}*" in text


def test_the_puzzles_the_plans_name_are_the_worksheets():
    text = "\n".join(sources(plans()))
    named = re.findall(r"puzzle (\d) of the puzzle sheet \(([^)]+)\)", text)
    assert named
    for number, title in named:
        assert PUZZLES[int(number) - 1].title.lower() == title.lower()
