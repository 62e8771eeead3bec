"""Savannah Tails exercises a learner can trust: no typed example is the answer, spaces are named
with the one numbering the footprints print, learner words carry no labels of the kit's notes, and
the likeliest misreadings (the blocker's own space, the lion's own space) are diagnosed."""

import re

import pytest

from savannah_kit import tails
from savannah_kit.core.scene import Text
from savannah_kit.tails.lessons import EXERCISES, SPACE, board_words
from savannah_kit.tails.puzzles import PUZZLES
from savannah_kit.teach.exercise import exercise
from savannah_kit.teach.widget import ExerciseBoard

ALL = list(EXERCISES) + list(PUZZLES)
BY_ID = pytest.mark.parametrize("ex", ALL, ids=[ex.id for ex in ALL])
#: a label of the kit's own notes (K6, A2, B7...) or a file a learner never sees
NOTE_LABEL = re.compile(r"\b(?![TV]\d\d?\b)[A-Z]\d{1,2}\b|GAMES\.md|RULES\.md|ASSUMPTION|decision")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


@BY_ID
def test_the_typed_example_and_the_placeholder_are_not_the_answer(ex):
    assert not ex.check(ex.answer.example, remember=False), ex.answer.example
    board = ExerciseBoard(ex)
    board.text.value = board.text.placeholder.replace("your answer, e.g. ", "")
    assert not board.check()
    said = re.search(r"(?:type (?:it|them)|Type a number,) like ([^.()]+)\.", ex.question)
    if said:  # the question's "type it like ..." is the same example
        assert said.group(1).strip() == ex.answer.example, ex.question


@BY_ID
def test_learner_words_name_spaces_as_the_board_numbers_them_and_no_note_labels(ex):
    pos = ex.build()
    words = [ex.question, *ex.hints, ex.explain(pos), str(ex.show()), *(m.says for m in ex.mistakes)]
    for w in words:
        assert not re.search(r"\b[TV]\d\d?:[a-z]+:\d+", w), w
        assert not NOTE_LABEL.search(w.split("\n  rule ")[0]), w


def test_the_footprints_print_the_numbers_the_answers_and_tooltips_use():
    game = tails.from_scenario({"course": [["T01", "easy"], ["T05", "easy"], ["T04", "hard"], ["T02", "easy"]],
                                "ostriches": [{"space": "T05:blue:1", "hand": ["red-2", "blue-3", "yellow-4", "black-5"]},
                                              {"space": "T01:red:0", "holds": []}],
                                "turn_order": [0, 1]}, seed=0)
    scene = game.scene(viewer=0, hand=False)
    labels = [s.text for s in scene.shapes if isinstance(s, Text)]
    for name in ("T05:yellow:4", "T05:black:0", "T04:bridge:1"):
        title = next(s.title for s in scene.shapes if s.hit == f"space:{name}")
        shown = SPACE.show(name)                   # "T05 yellow 5"
        number = shown.split()[-1]
        assert f"space {number}" in title, (title, shown)
        assert SPACE.read(shown) == name
        letter = {"yellow": "Y", "black": "K", "bridge": "="}[name.split(":")[1]]
        assert f"{letter}{number}" in labels, (letter, number)
    assert board_words("ends on T05:yellow:4.") == "ends on T05 yellow 5."
    classroom = game.scene(classroom=True)
    assert "Y5" not in [s.text for s in classroom.shapes if isinstance(s, Text)], "too small for a projector"


@pytest.mark.parametrize("ex_id, typed, name", [
    ("tails.blocked-stop", "T05 yellow 5", "stopped-on-the-blocker"),
    ("tails.lion", "T06 blue 5", "the-lions-own-space"),
])
def test_the_blocker_and_the_lion_s_own_space_are_diagnosed(ex_id, typed, name):
    fb = exercise(ex_id).check(typed, remember=False)
    assert not fb and fb.mistake == name and "own space" in str(fb), str(fb)


def test_corners_draw_their_sections_clear_of_the_tokens():
    ex = exercise("tails.race-order-corner")
    scene = ex.picture(ex.build())
    from savannah_kit.core.scene import Circle, Line

    lines = [s for s in scene.shapes if isinstance(s, Line) and "between sections" in (s.title or "")]
    assert len(lines) == 2, "a corner's 3 sections have 2 dashed edges"
    badges = [s for s in scene.shapes if isinstance(s, Circle) and "section" in (s.title or "") and s.title.startswith("corner")]
    assert len(badges) == 3
    tokens = [s for s in scene.shapes if isinstance(s, Circle) and (s.hit or "").startswith("ostrich:")]
    assert tokens
    for b in badges:
        for t in tokens:
            assert ((b.cx - t.cx) ** 2 + (b.cy - t.cy) ** 2) ** 0.5 > b.r + t.r, (b.title, t.hit)
    labels = [s for s in scene.shapes if isinstance(s, Text) and s.text == "T15"]
    assert labels and all(((lb.x - b.cx) ** 2 + (lb.y - b.cy) ** 2) ** 0.5 > 2 * b.r for lb in labels for b in badges)


@pytest.mark.parametrize("ex_id, typed, rule", [
    ("tails.blocked-stop", "T05 black 4", "tails.move.end-on-card-colour"),
    ("tails.lion", "T06 red 5, T06 blue 6", "tails.move.exact-distance"),
    ("tails.one-space-only", "T03 black 2", None),
])
def test_a_wrong_space_gets_the_engine_s_reason_under_its_rule(ex_id, typed, rule):
    ex = exercise(ex_id)
    fb = ex.check(typed, remember=False)
    assert not fb and fb.mistake is None
    assert "is not it" not in str(fb), str(fb)
    assert re.search(r"\[tails\.[a-z.-]+\]", str(fb).split("\n")[0])
    if rule:
        assert fb.rule_id == rule
    if ex.answer.kind == "choice":
        assert "missing" not in str(fb)
    right = ex.answer.show(ex.solve(ex.build()))
    assert not any(part in str(fb).split("\n")[0].split(": ", 2)[-1] for part in right.split(", ")), \
        "the reason never names an answer space"


def test_most_wrong_clicks_on_a_space_are_explained():
    tried = explained = 0
    for ex in (e for e in EXERCISES if e.why_wrong is not None):
        pos = ex.build()
        right = ex.solve(pos)
        answer = right if isinstance(right, frozenset) else frozenset([right])
        for hit in ex.picture(pos).hits():
            space = ex.click(pos, hit)
            if space is None or space in answer:
                continue
            fb = ex.check(space if isinstance(right, str) else frozenset([space]), remember=False)
            tried += 1
            explained += bool(fb.mistake) or "is not it" not in str(fb)
    assert tried > 1000 and explained / tried >= 0.9, (explained, tried)


@pytest.mark.parametrize("ex_id, rule", [("tails.race-order-corner", "tails.order.corner-sections"),
                                         ("tails.race-order-tree-right", "tails.order.race-position")])
def test_a_wrong_race_order_says_who_is_ahead_of_whom_and_why(ex_id, rule):
    ex = exercise(ex_id)
    right = ex.solve(ex.build())
    fb = ex.check(", ".join(reversed(right)), remember=False)
    assert not fb and fb.mistake is None and fb.rule_id == rule, str(fb)
    assert re.search(r"\w+ \([^)]*\) is ahead of \w+ \([^)]*\)", str(fb)), str(fb)
    assert ex.answer.show(right) not in str(fb)
