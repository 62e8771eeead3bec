"""Circle of Life lessons a learner can trust: no example or following text gives an answer away,
answers can be typed in the board's own words (the card ids they need are printed on the cards),
every lesson cell can be run twice, and kit rulings are marked where they are taught."""

import json
import re
from pathlib import Path

import pytest

from savannah_kit.circle import from_scenario
from savannah_kit.circle.exercise_kit import cards, check_examples
from savannah_kit.core.scene import Text
from savannah_kit.teach.answer_key import puzzles
from savannah_kit.teach.exercise import exercises
from savannah_kit.teach.records import RecordError

LESSONS = sorted((Path(__file__).resolve().parents[2] / "notebooks" / "circle").glob("0*.ipynb"))
EXERCISES = list(exercises("circle").values()) + list(puzzles("circle"))
BY_ID = pytest.mark.parametrize("ex", EXERCISES, ids=[ex.id for ex in EXERCISES])
KIT_RULINGS = "../reference/circle_rules.ipynb#kit-rulings"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def cells(path):
    return json.loads(path.read_text("utf-8"))["cells"]


def source(cell) -> str:
    return "".join(cell["source"])


# -- no answer given away --------------------------------------------------------------------------------------

@BY_ID
def test_the_typed_example_is_readable_and_not_the_answer(ex):
    example = ex.answer.example
    assert ex.answer.read(example) is not None
    assert not ex.check(example, remember=False), example
    assert f"like {ex.answer.show(ex.solve(ex.build()))}" not in ex.question


def test_a_record_whose_example_is_the_answer_is_refused():
    ex = next(e for e in EXERCISES if e.id == "circle.cheetah-filter")
    right = ex.answer.show(ex.solve(ex.build()))
    from dataclasses import replace
    leaky = replace(ex, answer=replace(ex.answer, example=right))
    with pytest.raises(RecordError, match="is the answer"):
        check_examples([leaky], "circle/lessons.json", "exercises")
    part = sorted(ex.solve(ex.build()))[0]
    with pytest.raises(RecordError, match="names part of the answer"):
        check_examples([replace(ex, answer=replace(ex.answer, example=part))], "circle/lessons.json", "exercises")


@BY_ID
def test_the_example_shares_nothing_with_an_answer_whose_order_is_not_the_question(ex):
    if ex.answer.ordered:
        pytest.skip("the order is the question: any example names some of the same things")
    right, example = ex.solve(ex.build()), ex.answer.read(ex.answer.example)
    items = (lambda v: set(v) if isinstance(v, frozenset) else {v})
    assert not items(right) & items(example)


def _exercise_cells():
    for path in LESSONS:
        nb = cells(path)
        for i, cell in enumerate(nb):
            for tag in cell.get("metadata", {}).get("tags", []):
                if tag.startswith("exercise:"):
                    yield path, nb, i, tag.split(":", 1)[1]


EXERCISE_CELLS = list(_exercise_cells())


@pytest.mark.parametrize("where", EXERCISE_CELLS, ids=[f"{p.stem}-{i}" for p, _nb, i, _id in EXERCISE_CELLS])
def test_each_exercise_links_its_answer_key_and_no_later_text_names_its_answer(where):
    path, nb, i, ex_id = where
    ex = exercises("circle")[ex_id]
    before = source(nb[i - 1]).rstrip()
    assert nb[i - 1]["cell_type"] == "markdown"
    assert before.endswith(f"[Answer key](../teacher/circle_answer_key.ipynb#{ex_id})"), before[-120:]
    pos = ex.build()
    shown = ex.answer.show(ex.solve(pos))
    secrets = [shown] + (list(ex.spoilers(pos)) if ex.spoilers else [])
    later = [source(c) for c in nb[i + 1:] if c["cell_type"] == "markdown"][:1]
    for text in later:
        for secret in secrets:
            assert secret not in text, (secret, text[:200])


def test_every_lesson_exercise_is_in_a_lesson_notebook():
    shown = {ex_id for _p, _nb, _i, ex_id in EXERCISE_CELLS}
    assert set(exercises("circle")) <= shown


# -- the board's words, and the codes printed on the cards -----------------------------------------------------

TWO_IMPALAS = {"savannah": ["Impala", "Zebra", "Gazelle", "Wildebeest", "Impala", "Warthog"],
               "hands": [["Cheetah", "Zebra", "Hyena"], ["Buffalo", "Warthog", "Giraffe"]]}


def test_a_card_is_named_in_board_words_when_two_of_a_kind_are_out():
    game = from_scenario(TWO_IMPALAS, seed=0)
    form = cards(game)
    left, right = (game.catalogue.ids[c] for c in game.state.row if game.catalogue.name[c] == "Impala")
    assert form.read("the left Impala") == {left}
    assert form.read("the rightmost Impala") == {right}
    assert form.read("the Impala next to the Warthog") == {right}
    assert form.read("the Impala left of the Zebra") == {left}
    assert form.read("Gazelle and the right Impala") == form.read(f"Gazelle, {right}")
    assert form.read("the Cheetah in your hand") == {"C07"}
    with pytest.raises(ValueError, match="several Impala cards.*the left Impala"):
        form.read("Impala")
    with pytest.raises(ValueError, match="no card on the savannah"):
        form.read("the Impala next to the Cheetah")
    one = cards(game, many=False)
    assert one.read("the Impala beside the Zebra") == left


def test_every_card_prints_its_id_and_its_hand_penalty_and_the_star_carries_no_number():
    game = from_scenario(TWO_IMPALAS, seed=0)
    words = [s.text for s in game.scene(viewer=0).shapes if isinstance(s, Text)]
    cat = game.catalogue
    for c in list(game.state.row) + list(game.state.hands[0]):
        assert cat.ids[c] in words, cat.ids[c]
        assert f"in hand at end: −{cat.penalty[c]}" in words
    leopard = from_scenario({"savannah": ["Leopard"], "hands": [["Lion", "Zebra", "Impala"], ["Buffalo", "Warthog",
                                                                                                 "Giraffe"]]})
    stars = [s for s in leopard.scene(viewer=0).shapes if isinstance(s, Text) and s.title == "Big Five animal"]
    assert not stars, "the Big Five star holds no number that reads as a score"


# -- the notebooks ----------------------------------------------------------------------------------------------

LEARNER_NEVER_SEES = re.compile(r"GAMES\.md|RULES\.md|ASSUMPTION|\bdecision [A-Z]?\d|\b[BK]\d{1,2}\b|decision data")


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_no_design_labels_and_every_kit_ruling_links_the_rulings(path):
    for cell in cells(path):
        if cell["cell_type"] != "markdown":
            continue
        text = source(cell)
        assert not LEARNER_NEVER_SEES.search(text), LEARNER_NEVER_SEES.search(text).group(0)
        for para in text.split("\n\n"):
            if "**Kit ruling:**" in para or re.search(r"kit ruling", para, re.I):
                assert KIT_RULINGS in para, para[:160]
        assert "⚖ **Kit ruling** (" not in text


# -- wrong answers explained --------------------------------------------------------------------------------------

def ex_(ex_id):
    return next(e for e in EXERCISES if e.id == ex_id)


@pytest.mark.parametrize("ex_id, wrong, reason", [
    ("circle.lion-reach", "C35, C41", "5 cards left of the Lion; action 1 reaches 3 [circle.hunt.reach]"),
    ("circle.lion-reach", "the left Impala, C62", "the Maasai can never be killed or scared [circle.special.maasai-immune]"),
    ("circle.snapshot", "C10", "action 2 reaches 2 [circle.hunt.reach]"),
    ("circle.must-play", "Lion", "[circle.play.restriction-predator]"),
    ("circle.predator-after-predator", "Buffalo, Lion", "not in Red's hand"),
    ("circle.kill-or-scare", "C10", "is 4 cards left of the Lion; action 1 reaches 3 [circle.hunt.reach]"),
    ("circle.last-discard", "C35", "the last discard is a card of the hand [circle.end.last-discard]"),
    ("circle.setup-draw-pile", 47, "as if you did not take off one hand"),
    ("circle.setup-draw-pile", 38, "as if you took off the starting savannah twice"),
    ("circle.total", 17, "off by one"),
    ("circle.survivors", 7, "as if you left out one card of level 2"),
])
def test_a_wrong_card_gets_the_engines_reason_and_a_wrong_count_the_part_that_is_off(ex_id, wrong, reason):
    fb = ex_(ex_id).check(wrong, remember=False)
    assert not fb and fb.mistake is None
    assert reason in str(fb), str(fb)


@BY_ID
def test_every_item_in_sight_that_is_not_the_answer_gets_a_reason_when_the_answer_is_cards_of_a_hunt(ex):
    if ex.solve.name != "hunt_targets":
        pytest.skip("not a hunt's targets")
    pos = ex.build()
    right = ex.solve(pos)
    for card in pos.state.row:
        cid = pos.catalogue.ids[card]
        if cid in right:
            continue
        fb = ex.check(", ".join(sorted(right | {cid})), remember=False)
        assert not fb and (fb.mistake or f"{cid}: " in str(fb)), str(fb)


def test_a_clicked_card_that_is_not_the_answer_is_explained_at_once():
    ex = ex_("circle.lion-reach")
    assert "[circle.hunt.reach]" in ex.why_not("C35")
    assert "[circle.special.maasai-immune]" in ex.why_not("C62")
    assert all(ex.why_not(c) is None for c in ex.solve(ex.build()))
    assert "[circle.play.restriction-predator]" in ex_("circle.must-play").why_not("Lion")
