"""The Savannah Tails teacher pack: worksheet puzzles answered by the engine (checked here by playing the
moves out), starting pictures that mark no answer, a reference that lists every rule, the glossary, what
the lesson plans name, and what the handout says. What every game's pack does alike is tested in
tests/teach/test_teacher_pack_every_game.py."""

import json
import re
import subprocess
from pathlib import Path

import pytest

from savannah_kit.core.rules_index import rules_for
from savannah_kit.core.scene import Circle, Rect, Text
from savannah_kit.tails import render
from savannah_kit.tails.puzzles import PUZZLES, TOPICS, rule_scene
from savannah_kit.teach import handout as handouts
from savannah_kit.teach.reference import cells_of, load_glossary, reference_notebook

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
BY_ID = {p.id: p for p in PUZZLES}
RING = render.PALETTES["light"].ring


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def marks(scene):
    """The ring and label shapes a picture draws to point at spaces."""
    return [s for s in scene.shapes if (isinstance(s, Circle) and s.style.stroke == RING)
            or (isinstance(s, Rect) and s.style.fill == RING)]


def texts(scene):
    return [s.text for s in scene.shapes if isinstance(s, Text)]


# -- the puzzles ---------------------------------------------------------------------------------------

def test_there_are_six_puzzles_with_unique_prefixed_ids():
    assert len(PUZZLES) >= 6 and len(BY_ID) == len(PUZZLES)
    assert all(p.id.startswith("tails.puzzle-") for p in PUZZLES)


def _played(game, move):
    twin = game.copy()
    twin.play(move)
    return twin


def _space(game, p=0):
    return game.track.names[game.state.pos[p]]


@pytest.mark.rule("tails.move.bonus-movement")
def test_the_furthest_card_goes_furthest_when_every_move_is_played():
    ex = BY_ID["tails.puzzle-furthest-card"]
    game = ex.position()
    best = {}
    for m in game.legal_moves():
        if m.kind == "normal":
            after = _played(game, m)
            rank = game.track.rank[after.state.pos[0]]
            best[m.card] = max(best.get(m.card, -1), rank)
    top = max(best.values())
    assert [c for c, r in best.items() if r == top] == [ex.solve(game)] == ["red-2"]
    assert ex.check(ex.click(game, "card:red-2"), remember=False)


@pytest.mark.rule("tails.order.turn-sequence")
def test_the_next_round_starts_with_the_player_the_puzzle_names():
    ex = BY_ID["tails.puzzle-next-round"]
    game = ex.position()
    assert game.current_player == 0 and game.state.order[-1] == 0  # Red moves last this round
    (move,) = {m for m in game.legal_moves() if m.card == "red-4" and m.kind == "normal"}
    after = _played(game, move)
    assert after.state.round == game.state.round + 1
    first = after.colours[after.current_player].capitalize()
    assert ex.solve(game) == first == after.who(after.race_order()[0])
    assert ex.check(ex.click(game, f"ostrich:{after.colours[after.current_player]}"), remember=False)


@pytest.mark.parametrize("pid,card", [("tails.puzzle-yellow-5", "yellow-5"), ("tails.puzzle-bonus-quicksand", "black-3"),
                                      ("tails.puzzle-lion", "blue-4")])
def test_a_where_does_it_stop_answer_is_where_the_played_move_ends(pid, card):
    ex = BY_ID[pid]
    game = ex.position()
    ends = {_space(_played(game, m)) for m in game.legal_moves() if m.card == card and m.kind == "normal"}
    assert ends == {ex.solve(game)}
    assert ex.check(ex.click(game, f"space:{ex.solve(game)}"), remember=False)


@pytest.mark.rule("tails.water.gain-marker")
def test_the_water_cards_are_those_whose_moves_arm_a_bonus():
    ex = BY_ID["tails.puzzle-water-cards"]
    game = ex.position()
    armed = set()
    for m in game.legal_moves():
        if m.kind == "normal" and m.arm:
            after = _played(game, m)
            assert after.state.bonuses[0] != game.state.bonuses[0]
            armed.add(m.card)
    assert armed and ex.solve(game) == frozenset(armed)
    assert ex.check(", ".join(sorted(armed)), remember=False)


@pytest.mark.parametrize("ex", PUZZLES, ids=lambda p: p.id)
def test_no_starting_picture_marks_the_answer(ex):
    game = ex.position()
    pic = ex.picture(game)
    assert marks(pic) == [], "no ringed or labelled spaces"
    shown = texts(pic)
    for spoiler in (ex.spoilers(game) if ex.spoilers else ()):
        assert not any(spoiler in t for t in shown), spoiler
    right = ex.solve(game)
    if isinstance(right, str) and right.count(":") == 2:  # a space: no badge on it
        assert not any(isinstance(s, Rect) and s.hit == f"space:{right}" for s in pic.shapes)
    assert ex.solution_picture(game).shapes != pic.shapes


# -- the reference and the glossary ------------------------------------------------------------------------

def test_every_rule_belongs_to_a_topic_and_gets_a_picture():
    assert {r.id.split(".")[1] for r in rules_for("tails")} <= {t for t, _ in TOPICS}
    for topic, _ in TOPICS:
        rid = next(r.id for r in rules_for("tails") if r.id.split(".")[1] == topic)
        scene, caption = rule_scene(rid)
        assert scene.shapes and caption.endswith(".")


def test_the_reference_notebook_lists_every_tails_rule():
    stored = json.loads((NOTEBOOKS / "reference" / "tails_rules.ipynb").read_text("utf-8"))
    assert cells_of(stored) == cells_of(reference_notebook("tails", NOTEBOOKS)), "run build_teaching_notebooks"
    tagged = [t[5:] for _, _, tags in cells_of(stored) for t in tags if t.startswith("rule:")]
    assert sorted(tagged) == sorted(r.id for r in rules_for("tails")) and len(tagged) == len(set(tagged))
    text = "\n".join(src for _, src, _ in cells_of(stored))
    for r in rules_for("tails"):
        assert f'rule_picture(rule_id="{r.id}")' in text and r.id in text


def test_the_glossary_has_the_game_words():
    words = {t.term.lower() for t in load_glossary("tails")}
    for needed in ("lane", "row", "section", "card lane", "bonus movement", "race position", "tiptoe",
                   "boinnnggg", "water hole", "baobab"):
        assert needed in words


# -- the lesson plans -----------------------------------------------------------------------------------------

def _plans():
    return json.loads((NOTEBOOKS / "teacher" / "tails_lesson_plans.ipynb").read_text("utf-8"))


def test_the_lesson_plans_name_the_tools_and_the_puzzles():
    text = "\n".join(src for _, src, _ in cells_of(_plans()))
    for needed in ("savannah-kit demo tails", "notebooks/classroom/tails_classroom.ipynb",
                   "savannah-kit handout tails --out tails.pdf", "tails_answer_key.ipynb",
                   "tails_puzzle_worksheet.ipynb"):
        assert needed in text
    for number, title in re.findall(r"puzzle (\d) of the puzzle sheet \(([^)]+)\)", text):
        assert PUZZLES[int(number) - 1].title.lower() == title.lower()
    assert all(f"`{p.id}`" in text for p in PUZZLES)


# -- the handout -------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def tails_pdf(tmp_path_factory):
    out = tmp_path_factory.mktemp("handout") / "tails.pdf"
    assert handouts.write_handout("tails", out) == out
    return out


def test_the_handout_states_its_rules_and_the_engines_example(tails_pdf):
    words = subprocess.run(["pdftotext", "-layout", str(tails_pdf), "-"], capture_output=True, text=True,
                           check=True).stdout
    words = re.sub(r"\s+", " ", words)
    for rule_id in ("tails.move.bonus-movement", "tails.order.level-baobab", "tails.water.gain-marker",
                    "tails.move.blocked-stop", "tails.end.winner"):
        assert rule_id in handouts.handout_for("tails").rules and rule_id not in words  # stated, not printed
    from savannah_kit import tails
    from savannah_kit.tails import handout as tails_handout

    game = tails.from_scenario(tails_handout.TAILS_EXAMPLE)
    (end,) = {m.to for m in game.legal_moves() if m.card == tails_handout.TAILS_CARD and m.kind == "normal"}
    assert end.split(":")[1] == "yellow" and end.endswith(":0") and end.split(":")[0] != "T05"
    assert "to the first yellow space of the next tile" in words  # in board words: the picture has no codes
    assert "tails" in handouts.handout_games()
