"""The Savannah Tails exercises (``savannah_kit.tails.lessons``): each is checked by the engine,
reads natural answers, names its misreadings, re-runs, keeps the answer out of its starting
picture and can be answered by clicking."""

import re

import pytest

from savannah_kit.core.rules_index import RULES
from savannah_kit.core.scene import Circle, Rect, Text
from savannah_kit.core.svg import to_svg
from savannah_kit import tails
from savannah_kit.tails import Move, render
from savannah_kit.tails.lessons import BONUSES, EXERCISES, SPACE, SPACES
from savannah_kit.teach.exercise import exercise
from savannah_kit.teach.widget import ExerciseBoard

BY_ID = pytest.mark.parametrize("ex", EXERCISES, ids=[ex.id for ex in EXERCISES])
RING = render.PALETTES["light"].ring
PROGRAMMER_WORDS = re.compile(r"\bseat\b|\bphase\b|Move\(|\bNone\b|legal_|\bscenario\b")
ORDINAL_BADGES = {"1st", "2nd", "3rd", "4th", "5th"}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def texts(scene):
    return [s.text for s in scene.shapes if isinstance(s, Text)]


def marks(scene):
    """The ring and label shapes the picture draws to point at spaces."""
    return [s for s in scene.shapes if (isinstance(s, Circle) and s.style.stroke == RING)
            or (isinstance(s, Rect) and s.style.fill == RING)]


def answer_spaces(ex, pos):
    right = ex.solve(pos)
    if ex.answer is SPACE:
        return {right}
    if ex.answer is SPACES:
        return set(right)
    return set()


# -- the catalogue ---------------------------------------------------------------------------------

def test_at_least_ten_exercises_with_unique_tails_ids():
    ids = [ex.id for ex in EXERCISES]
    assert len(set(ids)) == len(ids) >= 10
    assert all(re.fullmatch(r"tails\.[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)
    assert exercise("tails.bonus-movement").id == "tails.bonus-movement"
    with pytest.raises(KeyError, match="did you mean"):
        exercise("tails.bonus-movment")


def test_the_rules_the_brief_asks_for_are_covered():
    covered = {rid for ex in EXERCISES for rid in ex.rules}
    for rid in ("tails.order.race-position", "tails.order.level-baobab", "tails.order.corner-sections",
                "tails.move.exact-distance", "tails.move.end-on-card-colour", "tails.move.toward-target-lane",
                "tails.move.bonus-movement", "tails.move.start-line", "tails.move.one-space-any-card",
                "tails.move.blocked-stop", "tails.quicksand.cost"):
        assert rid in covered, rid


def test_kit_rulings_are_marked_as_such():
    assert [ex.id for ex in EXERCISES if ex.kit_ruling] == ["tails.start-line", "tails.boinnnggg",
                                                             "tails.leapfrog-water", "tails.tiptoe-lion",
                                                             "tails.tiptoe-dune"]
    assert "kit ruling" in exercise("tails.start-line").question.lower()
    assert "kit ruling k6" in exercise("tails.boinnnggg").question.lower()
    assert "kit ruling k15" in exercise("tails.leapfrog-water").question.lower()


@BY_ID
def test_rules_mistakes_and_words_are_sound(ex):
    assert all(rid.startswith("tails.") and rid in RULES for rid in ex.rules)
    assert all(m.rule is None or m.rule in RULES for m in ex.mistakes)
    assert len(ex.mistakes) >= 2
    assert ex.title and len(ex.hints) == 2 and all(h.strip() for h in ex.hints)
    assert not PROGRAMMER_WORDS.search(ex.question), ex.question
    words = ex.explain(ex.build())
    assert words.strip() and not PROGRAMMER_WORDS.search(words), words
    assert re.search(r"\[tails\.[a-z.-]+", words), "the solution names its rule ids"
    if not any(rid.startswith("tails.bridge.") for rid in ex.rules):  # no bridge line on other moves
        assert "rope bridge" not in words


# -- checking answers ---------------------------------------------------------------------------------

@pytest.mark.rule("tails.order.race-position", "tails.order.level-baobab", "tails.order.corner-sections",
                  "tails.move.exact-distance", "tails.move.end-on-card-colour", "tails.move.toward-target-lane",
                  "tails.move.free-lane-timing", "tails.move.bonus-movement", "tails.move.bonus-no-lane-change",
                  "tails.move.start-line", "tails.move.one-space-any-card", "tails.move.one-space-no-bonus",
                  "tails.move.no-pass-through", "tails.move.blocked-stop", "tails.quicksand.cost")
@BY_ID
def test_the_engine_answer_passes_its_own_check(ex):
    right = ex.solve(ex.build())
    assert right == ex.solve(ex.build())
    fb = ex.check(right, remember=False)
    assert fb and str(fb).startswith("✓ Right: "), str(fb)
    assert f"rule {ex.rules[0]}:" in str(fb)
    assert ex.check(ex.answer.show(right), remember=False)


@BY_ID
def test_the_typed_forms_of_the_right_answer_are_right(ex):
    right = ex.solve(ex.build())
    shown = ex.answer.show(right)
    forms = [shown, shown.lower(), shown.upper(), f"  {shown}  "]
    if ex.answer.kind in ("words", "cells"):
        forms.append(list(right))
    for form in forms:
        assert ex.check(form, remember=False), (form, str(ex.check(form, remember=False)))


def test_spaces_read_in_engine_and_board_words():
    assert SPACE.read("T05:yellow:4") == "T05:yellow:4"
    assert SPACE.read("t05 Yellow 4") == "T05:yellow:4"
    assert SPACE.read("T05, yellow lane, space 5") == "T05:yellow:4"  # the tooltips count from 1
    assert SPACES.read("T05:blue:1, T05:yellow:1") == {"T05:blue:1", "T05:yellow:1"}
    assert SPACES.read("T05 blue lane space 2 and T05 yellow lane space 2") == {"T05:blue:1", "T05:yellow:1"}
    for junk in ("yellow 4", "T05:green:1", "somewhere"):
        with pytest.raises(ValueError):
            SPACE.read(junk)


@BY_ID
def test_each_named_mistake_is_wrong_and_diagnosed_by_name(ex):
    pos = ex.build()
    right = ex.solve(pos)
    predicted = [m.answer(pos) for m in ex.mistakes]
    assert len(set(map(repr, predicted))) == len(predicted), "two mistakes give the same answer"
    for m, wrong in zip(ex.mistakes, predicted):
        assert wrong != right, m.name
        fb = ex.check(wrong, remember=False)
        assert not fb and fb.mistake == m.name, (m.name, str(fb))
        assert m.says in str(fb)
        assert ex.check(ex.answer.show(wrong), remember=False).mistake == m.name


@BY_ID
def test_no_answer_and_unreadable_answers_say_how_to_answer(ex):
    fb = ex.check(None, remember=False)
    assert not fb and str(fb).startswith("✗ Not yet: no answer yet")
    for junk in ("%%%", "banana split", [object()], True):
        fb = ex.check(junk, remember=False)
        assert not fb and fb.mistake is None and len(str(fb)) > 30, (junk, str(fb))


@BY_ID
def test_building_twice_gives_the_same_position(ex):
    first, second = ex.build(), ex.build()
    assert first is not second
    assert first.to_json() == second.to_json()
    assert first.to_scenario() == second.to_scenario()
    ex.solve(first)
    for m in ex.mistakes:
        m.answer(first)
    ex.explain(first)
    assert first.to_json() == second.to_json(), "solving changed the position"


@BY_ID
def test_show_me_gives_the_answer_and_a_picture_of_it(ex):
    pos = ex.build()
    sol = ex.show()
    assert str(sol).startswith(f"Answer: {ex.answer.show(ex.solve(pos))}. ")
    if ex.solution_picture is not None:
        pic = ex.solution_picture(pos)
        assert to_svg(pic).startswith("<svg")
        spaces = answer_spaces(ex, pos)
        if spaces:
            assert len([s for s in marks(pic) if isinstance(s, Circle)]) == len(spaces)


# -- pictures -----------------------------------------------------------------------------------------

@BY_ID
def test_the_starting_picture_does_not_give_the_answer_away(ex):
    pos = ex.build()
    scene = ex.picture(pos)
    assert to_svg(scene).startswith("<svg")
    assert marks(scene) == [], "no ringed or labelled spaces"
    shown = texts(scene)
    for spoiler in (ex.spoilers(pos) if ex.spoilers else ()):
        assert not any(spoiler in t for t in shown), (spoiler, [t for t in shown if spoiler in t])
    spaces = answer_spaces(ex, pos)
    assert not any(s.hit == f"space:{name}" and isinstance(s, Rect) for s in scene.shapes for name in spaces), \
        "no label badge on an answer space"
    if ex.answer.kind == "words" and ex.answer.ordered:  # a race-order question: no race positions shown
        assert not ORDINAL_BADGES & set(shown)
        assert not any("in the race" in (s.title or "") for s in scene.shapes)


# -- clicking -----------------------------------------------------------------------------------------

@BY_ID
def test_clicking_the_items_of_the_answer_builds_the_answer(ex):
    board = ExerciseBoard(ex)
    pos = board.position
    hits = ex.picture(pos).hits()
    right = ex.solve(pos)
    items = [right] if ex.answer.kind == "choice" else (
        list(right) if ex.answer.ordered else sorted(right, key=repr))
    for item in items:
        hit = next((h for h in hits if ex.click(pos, h) == item), None)
        assert hit is not None, f"no clickable {item!r} in the picture"
        board._clicked(hit)
    assert ex.answer.read(board.text.value) == right
    assert board.check(), board.out.value
    assert ex.click(pos, "nothing-here") is None and ex.click(pos, None) is None


@BY_ID
def test_the_board_checks_hints_shows_and_starts_over(ex):
    board = ExerciseBoard(ex)
    pos = board.position
    board.text.value = ex.answer.show(ex.mistakes[0].answer(pos))
    assert not board.check() and "sk-wrong" in board.out._dom_classes
    assert board.hint().startswith("Hint 1") and board.hint().startswith("Hint 2")
    board.text.value = ex.answer.show(ex.solve(pos))
    assert board.check()
    board.show()
    assert "Answer:" in board.out.value
    board.reset()
    assert board.text.value == "" and not board.showing_answer


def test_a_solved_exercise_is_remembered():
    ex = EXERCISES[0]
    assert not ex.solved()
    assert ex.check(ex.solve(ex.build()))
    assert ex.solved()


# -- lessons 4 and 5: blocked moves, water holes and bonuses ------------------------------------------

LESSON_4 = ("tails.blocked-crocodile", "tails.one-space-only", "tails.stay-put")
LESSON_5 = ("tails.water-arm", "tails.water-next-turn", "tails.water-nothing-left", "tails.boinnnggg",
            "tails.crazy-wings", "tails.deja-vu", "tails.neck-stretch", "tails.leapfrog", "tails.leapfrog-water")


def test_lessons_4_and_5_add_their_exercises_after_the_first_eleven():
    ids = [ex.id for ex in EXERCISES]
    assert ids[11:23] == list(LESSON_4 + LESSON_5)


def test_the_rules_lessons_4_and_5_teach_are_covered():
    covered = {rid for ex in EXERCISES for rid in ex.rules}
    for rid in ("tails.move.blocked-stop", "tails.move.fully-blocked", "tails.move.no-pass-through",
                "tails.animal.crocodile", "tails.water.gain-marker", "tails.water.count", "tails.water.next-turn",
                "tails.setup.markers", "tails.bonus.consumed", "tails.bonus.boinnnggg", "tails.bonus.crazy-wings",
                "tails.bonus.deja-vu", "tails.bonus.neck-stretch", "tails.bonus.leapfrog",
                "tails.bonus.leapfrog-landing"):
        assert rid in covered, rid


def test_bonus_cards_read_by_name_in_any_natural_form():
    assert BONUSES.read("Crazy Wings, Bird Brain") == {"crazy-wings", "bird-brain"}
    assert BONUSES.read("crazy-wings and bird brain") == {"crazy-wings", "bird-brain"}
    assert BONUSES.read("deja vu; NECK STRETCH") == {"deja-vu", "neck-stretch"}
    assert BONUSES.read("Déjà vu") == {"deja-vu"} and BONUSES.read("DÉJÀ VU") == {"deja-vu"}
    assert BONUSES.read("boing") == BONUSES.read("Boinnnggg") == {"boinnnggg"}
    assert BONUSES.read(["leapfrog", "Neck Stretch"]) == {"leapfrog", "neck-stretch"}
    assert BONUSES.read("none") == frozenset() and BONUSES.show(frozenset()) == "none"
    assert BONUSES.show(frozenset({"bird-brain", "crazy-wings"})) == "Crazy Wings, Bird Brain"
    for junk in ("Crazy Wings and a banana", "wings", "12", True, 3):
        with pytest.raises(ValueError, match="Crazy Wings"):
            BONUSES.read(junk)


@pytest.mark.rule("tails.move.blocked-stop", "tails.animal.crocodile")
def test_the_crocodile_answer_is_the_end_the_engine_plays():
    ex = exercise("tails.blocked-crocodile")
    pos = ex.build()
    events = pos.play(Move("yellow-5", to=ex.solve(pos)))
    assert [e.data["to"] for e in events if e.rule == "tails.move.blocked-stop"] == ["T09:yellow:4"]


@pytest.mark.rule("tails.move.fully-blocked", "tails.move.one-space-any-card")
def test_staying_put_is_no_answer_while_one_step_is_free_and_is_one_when_none_is():
    ex = exercise("tails.stay-put")
    pos = ex.build()
    here = pos.track.names[pos.state.pos[0]]
    assert here not in ex.solve(pos) and ex.solve(pos) == {"T05:yellow:1"}
    # clicking Red's own ostrich picks its space (a wrong answer here, diagnosed by name)
    assert ex.click(pos, "ostrich:red") == here and ex.click(pos, "ostrich:nobody") is None
    assert ex.check([here], remember=False).mistake == "stayed-put"
    # with the last free space taken too, staying put is the only thing left, and the engine says so
    scen = pos.to_scenario()
    scen["ostriches"].append({"space": "T05:yellow:1", "holds": []})
    scen["turn_order"] = list(range(len(scen["ostriches"])))
    scen.pop("start_order", None)
    stuck = tails.from_scenario(scen, seed=0)
    assert ex.solve(stuck) == {here}


@pytest.mark.rule("tails.water.count", "tails.bonus.consumed")
def test_the_second_water_hole_gives_nothing_when_played():
    ex = exercise("tails.water-nothing-left")
    pos = ex.build()
    (move,) = [m for m in pos.legal_moves() if m.card == "blue-4" and m.kind == "normal"]
    assert set(move.arm) == ex.solve(pos) == {"bird-brain"}
    events = pos.play(move)
    told = [(e.message, dict(e.data)) for e in events if e.rule == "tails.water.count"]
    assert told == [("Red has no bonus card left without a marker: 1 water hole gives nothing",
                     {"water_holes": 2, "armed": 1})]


@pytest.mark.rule("tails.water.next-turn")
def test_the_bonus_armed_on_the_move_cannot_stretch_it():
    ex = exercise("tails.water-next-turn")
    pos = ex.build()
    assert not any(m.neck_stretch for m in pos.legal_moves())
    assert ex.mistakes[0].answer(pos) == "T05:blue:0"


@pytest.mark.rule("tails.bonus.leapfrog-landing", "tails.water.gain-marker")
def test_the_leapfrog_landing_arms_the_answer_when_played():
    ex = exercise("tails.leapfrog-water")
    pos = ex.build()
    face = sorted(ex.solve(pos))[0]
    move = next(m for m in pos.legal_moves() if m.leapfrog and m.arm == (face,))
    events = pos.play(move)
    assert move.to == "T03:blue:3" and "tails.water.gain-marker" in [e.rule for e in events]


@pytest.mark.parametrize("ex_id", ["tails.water-arm", "tails.water-nothing-left", "tails.leapfrog-water"])
def test_only_the_movers_own_bonus_cards_are_clickable_answers(ex_id):
    ex = exercise(ex_id)
    pos = ex.build()
    hits = [h for h in ex.picture(pos).hits() if h.startswith("bonus:")]
    assert hits and all(ex.click(pos, h) for h in hits)  # the focused picture shows the mover's cards only
    assert ex.click(pos, "bonus:purple:crazy-wings") is None and ex.click(pos, "card:blue-2") is None


@pytest.mark.parametrize("ex_id", LESSON_5)
def test_the_bonus_exercises_need_no_answer_from_the_log(ex_id):
    """A starting picture shows the mover's bonus cards and their markers, never a log line."""
    ex = exercise(ex_id)
    shown = " ".join(texts(ex.picture(ex.build())))
    assert "drinks" not in shown and "leapfrogs" not in shown and "stretches" not in shown


# -- lessons 6 and 7: terrain, animals and tiptoeing -----------------------------------------------

LESSON_6 = ("tails.bridge-any-colour", "tails.bridge-exit", "tails.dune-arrow", "tails.dune-blocked",
            "tails.quicksand-one-space")
LESSON_7 = ("tails.lion", "tails.crocodile-pass", "tails.cheetah", "tails.porcupine", "tails.warthog",
            "tails.tiptoe-lion", "tails.tiptoe-dune")


def test_lessons_6_and_7_add_their_exercises_after_lesson_5():
    ids = [ex.id for ex in EXERCISES]
    assert ids[23:] == list(LESSON_6 + LESSON_7)


def test_the_rules_lessons_6_and_7_teach_are_covered():
    covered = {rid for ex in EXERCISES for rid in ex.rules}
    for rid in ("tails.bridge.single-file", "tails.bridge.any-colour", "tails.bridge.no-bonus",
                "tails.bridge.exit-lane", "tails.dune.arrow", "tails.dune.blocked", "tails.quicksand.one-space",
                "tails.animal.lion", "tails.animal.cheetah", "tails.animal.cheetah-marker",
                "tails.animal.porcupine", "tails.animal.crocodile", "tails.animal.warthog",
                "tails.animal.warthog-replaces-draw", "tails.tiptoe.ignore"):
        assert rid in covered, rid


@pytest.mark.rule("tails.bridge.no-bonus", "tails.bridge.exit-lane")
def test_the_bridge_exit_answer_is_the_move_the_engine_plays():
    ex = exercise("tails.bridge-exit")
    pos = ex.build()
    events = pos.play(Move("yellow-4", to=ex.solve(pos)))
    assert {"tails.bridge.no-bonus", "tails.bridge.exit-lane"} <= {e.rule for e in events}
    assert "tails.move.bonus-movement" not in [e.rule for e in events]


@pytest.mark.rule("tails.dune.arrow", "tails.dune.blocked")
def test_the_dune_answers_are_where_the_ostrich_stands_after_the_arrow():
    for ex_id, rule in (("tails.dune-arrow", "tails.dune.arrow"), ("tails.dune-blocked", "tails.dune.blocked")):
        ex = exercise(ex_id)
        pos = ex.build()
        events = pos.play(Move("blue-3", to=ex.solve(pos)))
        assert rule in [e.rule for e in events]
        assert pos.track.names[pos.state.pos[0]] == ex.solve(ex.build())


@pytest.mark.rule("tails.animal.cheetah", "tails.animal.cheetah-marker")
def test_each_cheetah_answer_card_is_one_the_engine_lets_it_take():
    ex = exercise("tails.cheetah")
    for face in sorted(ex.solve(ex.build())):
        pos = ex.build()
        move = next(m for m in pos.legal_moves() if m.card == "blue-3" and m.lose == (face,))
        events = pos.play(move)
        assert {"tails.animal.cheetah", "tails.animal.cheetah-marker"} <= {e.rule for e in events}


@pytest.mark.rule("tails.animal.warthog", "tails.animal.warthog-replaces-draw")
def test_the_warthog_discards_the_whole_hand_and_redraws_to_hand_size():
    ex = exercise("tails.warthog")
    pos = ex.build()
    (move,) = [m for m in pos.legal_moves() if m.card == "red-3" and m.kind == "normal"]
    assert move.warthog
    events = pos.play(move)
    assert [e.rule for e in events][-2:] == ["tails.animal.warthog", "tails.animal.warthog-replaces-draw"]
    assert len(pos.state.hands[0]) == 4


@pytest.mark.rule("tails.tiptoe.ignore", "tails.dune.arrow", "tails.animal.lion")
def test_the_tiptoe_answers_hold_both_choices_of_a_two():
    lion = exercise("tails.tiptoe-lion")
    pos = lion.build()
    tiptoed = {m.to for m in pos.legal_moves() if m.tiptoe}
    assert tiptoed and tiptoed < lion.solve(pos) and lion.solve(pos) - tiptoed  # both choices give answers
    dune = exercise("tails.tiptoe-dune")
    pos = dune.build()
    assert {(m.to, m.tiptoe) for m in pos.legal_moves() if m.card == "yellow-2" and m.kind == "normal"} == {
        ("T07:yellow:2", True), ("T07:yellow:3", False)}


@pytest.mark.rule("tails.quicksand.one-space")
def test_only_the_two_steps_into_quicksand():
    ex = exercise("tails.quicksand-one-space")
    pos = ex.build()
    assert ex.solve(pos) == {"blue-2"}
    assert all(m.to != "T03:red:2" for m in pos.legal_moves() if m.kind == "one-space" and m.card != "blue-2")


@pytest.mark.parametrize("ex_id", LESSON_6 + LESSON_7)
def test_the_terrain_and_animal_pictures_tell_no_outcome(ex_id):
    """A starting picture names no slide, bite or redraw from a log."""
    ex = exercise(ex_id)
    shown = " ".join(texts(ex.picture(ex.build())))
    for word in ("slides", "tiptoes", "ouch", "takes Red", "redraws", "steps off"):
        assert word not in shown
