"""The Circle of Life exercises of lessons 1-3 (the first records of ``circle/lessons.json``): they cover the
lessons' rules, read cards, steps, places and owners in natural words, ring the answer cards only
in the solution, and their answers are what the engine does; the lessons teach every rule with a
picture. What every exercise does, in every game, is tested in tests/teach/test_every_exercise.py."""

import json
import re
from pathlib import Path

import pytest

from savannah_kit.circle import Discard, render
from savannah_kit.circle.lessons import CARDS, EXERCISES, OWNERS, PLACES, SPECIES, STEPS
from savannah_kit.core.scene import Rect, Text
from savannah_kit.teach.exercise import exercise, exercises

ALL = list(exercises("circle").values())
#: lessons 1-3: the records before the first hunting exercise
BASICS = EXERCISES[:[ex.id for ex in EXERCISES].index("circle.lion-reach")]
BY_ID = pytest.mark.parametrize("ex", ALL, ids=[ex.id for ex in ALL])
RING = render.PALETTES["light"].ring
LESSON_RULES = ("circle.setup.players", "circle.setup.savannah", "circle.setup.hand", "circle.setup.turn-order",
                "circle.turn.steps", "circle.play.place-right", "circle.play.restriction",
                "circle.play.restriction-predator", "circle.play.restriction-from-right", "circle.play.must-play",
                "circle.play.unplayable-discard", "circle.play.no-tokens", "circle.draw.refill")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def texts(scene):
    return [s.text for s in scene.shapes if isinstance(s, Text)]


def rings(scene):
    """The thick rings the picture draws round highlighted cards (the legend's sample ring is thinner)."""
    return [s for s in scene.shapes if isinstance(s, Rect) and s.style.stroke == RING and s.style.width >= 4]




# -- the catalogue ---------------------------------------------------------------------------------

def test_lessons_1_to_3_have_at_least_eight_exercises_with_unique_circle_ids():
    ids = [ex.id for ex in BASICS]
    assert len(set(ids)) == len(ids) >= 8
    assert all(re.fullmatch(r"circle\.[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)
    assert [ex.id for ex in ALL][:len(BASICS)] == ids, "lessons 1-3 come first, in teaching order"
    assert exercise("circle.count-from-right").id == "circle.count-from-right"
    with pytest.raises(KeyError, match="did you mean"):
        exercise("circle.count-from-rigth")


def test_the_rules_of_lessons_1_to_3_all_have_an_exercise():
    covered = {rid for ex in BASICS for rid in ex.rules}
    missing = [rid for rid in LESSON_RULES if rid not in covered]
    assert not missing, missing
    assert {rid for ex in BASICS for rid in ex.rules} <= set(LESSON_RULES), "lessons 1-3 drill only their rules"


def test_kit_rulings_are_marked_as_such():
    assert [ex.id for ex in BASICS if ex.kit_ruling] == ["circle.first-player", "circle.empty-savannah",
                                                         "circle.no-tokens"]
    for ex_id in ("circle.first-player", "circle.empty-savannah", "circle.no-tokens"):
        question = exercise(ex_id).question.lower()
        assert "kit ruling" in question and not re.search(r"\bk\d+\b", question), question


@BY_ID
def test_two_misreadings_each_and_the_explanation_names_its_rules_without_code_words(ex):
    assert len(ex.mistakes) >= 2
    words = ex.explain(ex.build())
    assert re.search(r"\[circle\.[a-z.-]+\]", words), "the explanation names its rule ids"
    assert "tokens=" not in ex.question + words


# -- checking answers ---------------------------------------------------------------------------------

# -- pictures -----------------------------------------------------------------------------------------

@BY_ID
def test_the_starting_picture_rings_no_card(ex):
    assert rings(ex.picture(ex.build())) == [], "no ringed card in the starting picture"


def test_the_spoiler_check_can_fail():
    """The draw-pile count is the answer of the set-up exercise: the plain table shows it, the
    exercise's picture does not."""
    ex = exercise("circle.setup-draw-pile")
    pos = ex.build()
    (spoiler,) = ex.spoilers(pos)
    assert spoiler in texts(pos.scene(viewer=None))
    assert spoiler not in texts(ex.picture(pos)) and "? cards" in texts(ex.picture(pos))


CARD_ANSWERS = [ex for ex in BASICS if ex.solution_picture is not None and ex.answer is CARDS]


@pytest.mark.parametrize("ex", CARD_ANSWERS, ids=[ex.id for ex in CARD_ANSWERS])
def test_solution_pictures_ring_exactly_the_answer_cards(ex):
    pos = ex.build()
    assert len(rings(ex.solution_picture(pos))) == len(ex.solve(pos))


# -- clicking -----------------------------------------------------------------------------------------

def test_in_lessons_1_to_3_only_a_number_is_typed_only():
    assert all(ex.click is not None or ex.answer.kind == "number" for ex in BASICS)


# -- the answer readers -------------------------------------------------------------------------------

def test_cards_read_by_species_plural_or_card_id():
    assert CARDS.read("Zebra, lion") == {"Zebra", "Lion"}
    assert CARDS.read("zebras and C01") == {"Zebra", "Lion"}
    assert CARDS.read(["Hippopotamus", "c62"]) == {"Hippopotamus", "Maasai"}
    assert CARDS.read("none") == frozenset() and CARDS.show(frozenset()) == "none"
    assert SPECIES.read("C35") == "Zebra"
    for junk in ("Zebra and a banana", "C99", "12"):
        with pytest.raises(ValueError, match="Zebra"):
            CARDS.read(junk)


def test_steps_places_and_owners_read_in_natural_words():
    assert STEPS.read("Play, hunt, draw, reorder") == ("play", "hunt", "draw", "re-order")
    assert STEPS.read(["place", "hunting", "refill", "re-order"]) == ("play", "hunt", "draw", "re-order")
    assert PLACES.read("the deck") == PLACES.read("Draw pile") == "draw pile"
    assert PLACES.read("Blue's hand") == "Blue's hand"
    assert OWNERS.read("no one") == OWNERS.read("Nobody") == "nobody"
    assert OWNERS.read("cannot be played") == "not played"
    with pytest.raises(ValueError):
        OWNERS.read("Purple")


# -- the answers are what the engine does -------------------------------------------------------------

@pytest.mark.rule("circle.play.must-play")
def test_the_must_play_answer_is_what_the_engine_allows():
    ex = exercise("circle.must-play")
    pos = ex.build()
    lion = next(pos.catalogue.ids[c] for c in pos.state.hands[0] if pos.catalogue.name[c] == "Lion")
    assert not pos.is_legal(Discard(lion))
    assert "[circle.play.must-play]" in pos.explain(Discard(lion))
    assert ex.solve(pos) == {"Zebra"}


@pytest.mark.rule("circle.play.unplayable-discard", "circle.draw.refill")
def test_the_refill_answer_is_the_hand_the_engine_deals():
    ex = exercise("circle.refill")
    pos = ex.build()
    lion = next(pos.catalogue.ids[c] for c in pos.state.hands[0] if pos.catalogue.name[c] == "Lion")
    events = pos.play(Discard(lion))
    assert [e.rule for e in events] == ["circle.play.unplayable-discard", "circle.draw.refill"]
    assert {pos.catalogue.name[c] for c in pos.state.hands[0]} == ex.solve(ex.build()) == {"Leopard", "Cheetah",
                                                                                          "Zebra"}


@pytest.mark.rule("circle.play.restriction-from-right")
def test_the_empty_savannah_refusals_name_the_counting_rule():
    ex = exercise("circle.empty-savannah")
    pos = ex.build()
    assert pos.state.row == [] and ex.solve(pos) == {"Leopard"}
    assert "[circle.play.restriction-from-right]" in ex.explain(pos)


@pytest.mark.rule("circle.play.restriction-from-right", "circle.play.restriction")
def test_counting_from_the_right_differs_from_counting_from_the_left():
    ex = exercise("circle.count-from-right")
    pos = ex.build()
    by_name = {m.name: m.answer(pos) for m in ex.mistakes}
    assert ex.solve(pos) == {"Cheetah", "Hippopotamus"}
    assert by_name["counted-from-the-left"] == {"Maasai"}


@pytest.mark.rule("circle.play.no-tokens")
def test_out_of_tokens_the_card_is_played_unmarked():
    ex = exercise("circle.no-tokens")
    pos = ex.build()
    assert pos.state.supply[0] == 0
    assert ex.solve(pos) == "nobody"


@pytest.mark.rule("circle.turn.steps")
def test_the_turn_steps_follow_the_events_of_a_played_turn():
    ex = exercise("circle.turn-steps")
    assert ex.solve(ex.build()) == ("play", "hunt", "draw", "re-order")
    chips = [h for h in ex.picture(ex.build()).hits() if h.startswith("answer:")]
    assert sorted(chips) == sorted(f"answer:{s}" for s in ("play", "hunt", "draw", "re-order"))
    assert chips != [f"answer:{s}" for s in ex.solve(ex.build())], "the chips are not in the answer's order"


@pytest.mark.rule("circle.setup.turn-order")
def test_the_first_player_option_starts_the_turns():
    ex = exercise("circle.first-player")
    pos = ex.build()
    assert pos.current_player == 2
    assert ex.solve(pos) == ("Yellow", "Green", "Red", "Blue", "Yellow")


@pytest.mark.rule("circle.setup.savannah")
def test_the_maasai_was_drawn_for_the_savannah_and_went_back():
    ex = exercise("circle.maasai-redraw")
    pos = ex.build()
    assert [e.rule for e in pos.log if e.rule == "circle.setup.savannah"], "the Maasai came up in the set-up"
    assert ex.solve(pos) == "draw pile"


# -- the lessons that hold them ---------------------------------------------------------------------

LESSONS = Path(__file__).resolve().parents[2] / "notebooks" / "circle"
SHOWN = ("image/svg+xml", "image/png", "application/vnd.jupyter.widget-view+json")


def lesson(name):
    return json.loads((LESSONS / name).read_text("utf-8"))


def tags(cell, kind):
    return [t[len(kind) + 1:] for t in cell.get("metadata", {}).get("tags", []) if t.startswith(kind + ":")]


FIRST_THREE = ("01_play_in_10_minutes.ipynb", "02_cards_and_savannah.ipynb", "03_playing_a_card.ipynb")


def test_every_rule_of_lessons_1_to_3_is_taught_with_a_picture_or_a_board():
    pictured = set()
    for name in FIRST_THREE:
        for cell in lesson(name)["cells"]:
            if any(k in out.get("data", {}) for out in cell.get("outputs", []) for k in SHOWN):
                pictured.update(tags(cell, "rule"))
    missing = [rid for rid in LESSON_RULES if rid not in pictured]
    assert not missing, f"taught without a picture or board: {missing}"


def test_each_exercise_of_lessons_1_to_3_sits_in_one_of_them_once():
    placed = {}
    for name in FIRST_THREE:
        for cell in lesson(name)["cells"]:
            for ex_id in tags(cell, "exercise"):
                assert ex_id not in placed, f"{ex_id} is in {placed[ex_id]} and {name}"
                placed[ex_id] = name
                assert f'exercise("{ex_id}")' in "".join(cell["source"])
                assert set(exercise(ex_id).rules) <= set(tags(cell, "rule")), ex_id
    assert set(placed) == {ex.id for ex in BASICS}


def test_the_quick_start_is_short_and_starts_a_game_early():
    nb = lesson("01_play_in_10_minutes.ipynb")
    prose = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    prose = re.sub(r"\]\([^)]*\)", "]", prose)  # link targets are not read
    assert sum(1 for t in prose.split() if re.search(r"[A-Za-z0-9]", t)) <= 600
    pictures = [c for c in nb["cells"] if c["cell_type"] == "code"
                and any(k in o.get("data", {}) for o in c.get("outputs", []) for k in ("image/svg+xml", "image/png"))]
    assert len(pictures) <= 4
    first_board = next(i for i, c in enumerate(nb["cells"]) if ".widget(" in "".join(c["source"]))
    assert first_board < 6
    assert 'bots={1: "greedy"}' in "".join(nb["cells"][first_board]["source"])


@pytest.mark.parametrize("name", FIRST_THREE)
def test_each_lesson_says_what_it_teaches_recaps_links_on_and_ends_with_the_checklist(name):
    cells = lesson(name)["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert "What you will learn" in text
    assert "## Recap" in text or "## What you just did" in text or "## The whole game at a glance" in text
    following = {"01": "02_cards_and_savannah.ipynb", "02": "03_playing_a_card.ipynb", "03": "04_hunting.ipynb"}
    assert f"]({following[name[:2]]})" in text
    last = cells[-1]
    assert 'checklist("..", games=["circle"])' in "".join(last["source"])
    assert "nbval-ignore-output" in last["metadata"].get("tags", [])
    assert any(".widget(" in "".join(c["source"]) for c in cells if c["cell_type"] == "code"), "a live board"
    assert any(tags(c, "exercise") for c in cells), "exercises"
