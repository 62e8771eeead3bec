"""The Savannah Tails exercises (``savannah_kit.tails.lessons``): together they cover the rules of
each lesson, read spaces and bonus cards in natural words, ring the answer spaces only in the
solution, hide race positions in race-order questions, and their answers are what the engine
plays. What every exercise does, in every game, is tested in tests/teach/test_every_exercise.py."""

import re

import pytest

from savannah_kit.core.rules_index import RULES
from savannah_kit.core.scene import Circle, Rect, Text
from savannah_kit import tails
from savannah_kit.tails import Move, render
from savannah_kit.tails.lessons import BONUSES, EXERCISES, SPACE, SPACES
from savannah_kit.teach.exercise import exercise

BY_ID = pytest.mark.parametrize("ex", EXERCISES, ids=[ex.id for ex in EXERCISES])
RING = render.PALETTES["light"].ring
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
    if ex.answer.read_fn is SPACE.read_fn:
        return {right}
    if ex.answer.read_fn is SPACES.read_fn:
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
    assert [ex.id for ex in EXERCISES if ex.kit_ruling] == ["tails.start-line", "tails.one-space", "tails.boinnnggg",
                                                             "tails.leapfrog-water", "tails.tiptoe-lion",
                                                             "tails.tiptoe-dune", "tails.flat-bonus", "tails.combine"]
    assert "kit ruling" in exercise("tails.start-line").question.lower()
    for ex_id in ("tails.boinnnggg", "tails.leapfrog-water", "tails.combine"):
        question = exercise(ex_id).question
        assert "Kit ruling:" in question, question
        assert not re.search(r"\b[A-Z]\d+\b(?<!T\d\d)", question.replace("Kit ruling:", "")), \
            "no label of the kit's own notes (K6...) in learner words"


@BY_ID
def test_two_misreadings_each_and_the_explanation_sticks_to_the_move(ex):
    assert len(ex.mistakes) >= 2
    words = ex.explain(ex.build())
    assert re.search(r"\[tails\.[a-z.-]+", words), "the explanation names its rule ids"
    if not any(rid.startswith("tails.bridge.") for rid in ex.rules):  # no bridge line on other moves
        assert "rope bridge" not in words


# -- checking answers ---------------------------------------------------------------------------------

def test_spaces_read_in_engine_and_board_words():
    assert SPACE.read("T05:yellow:4") == "T05:yellow:4"  # the engine's name, counted from 0
    # the board's words count from 1, as the footprints, the tooltips and the answers do
    for typed in ("t05 Yellow 5", "T05, yellow lane, space 5", "yellow 5 on T05", "Yellow lane space 5 on t5"):
        assert SPACE.read(typed) == "T05:yellow:4", typed
    assert SPACE.show("T05:yellow:4") == "T05 yellow 5"
    assert SPACES.read("T05:blue:1, T05:yellow:1") == {"T05:blue:1", "T05:yellow:1"}
    assert SPACES.read("T05 blue lane space 2 and T05 yellow lane space 2") == {"T05:blue:1", "T05:yellow:1"}
    assert SPACES.read("blue 2 on T05, yellow 2 on T05") == {"T05:blue:1", "T05:yellow:1"}
    assert SPACES.show({"T05:blue:1", "T05:yellow:1"}) == "T05 blue 2, T05 yellow 2"
    for junk in ("yellow 4", "T05:green:1", "somewhere", "T05 yellow 0"):
        with pytest.raises(ValueError):
            SPACE.read(junk)


SPACE_ANSWERS = [ex for ex in EXERCISES if ex.answer.read_fn in (SPACE.read_fn, SPACES.read_fn)
                 and ex.solution_picture is not None]


@pytest.mark.parametrize("ex", SPACE_ANSWERS, ids=[ex.id for ex in SPACE_ANSWERS])
def test_show_me_rings_each_answer_space(ex):
    pos = ex.build()
    spaces = answer_spaces(ex, pos)
    assert spaces
    assert len([s for s in marks(ex.solution_picture(pos)) if isinstance(s, Circle)]) == len(spaces)


# -- pictures -----------------------------------------------------------------------------------------

@BY_ID
def test_the_starting_picture_rings_no_space_and_shows_no_race_position_to_find(ex):
    pos = ex.build()
    scene = ex.picture(pos)
    assert marks(scene) == [], "no ringed or labelled spaces"
    spaces = answer_spaces(ex, pos)
    assert not any(s.hit == f"space:{name}" and isinstance(s, Rect) for s in scene.shapes for name in spaces), \
        "no label badge on an answer space"
    if ex.answer.kind == "words" and ex.answer.ordered:  # a race-order question: no race positions shown
        assert not ORDINAL_BADGES & set(texts(scene))
        assert not any("in the race" in (s.title or "") for s in scene.shapes)


# -- clicking -----------------------------------------------------------------------------------------

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
    assert ids[23:35] == list(LESSON_6 + LESSON_7)


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


# -- lesson 8: the fine print -------------------------------------------------------------------------

LESSON_8 = ("tails.setup-deck", "tails.first-round", "tails.start-queue", "tails.next-round", "tails.discard-top",
            "tails.card-for-space", "tails.flat-bonus", "tails.wings-draw", "tails.bird-brain", "tails.hand-size",
            "tails.reshuffle", "tails.combine", "tails.deja-vu-empty", "tails.leapfrog-lion", "tails.bridge-order",
            "tails.dune-no-chain",
            "tails.last-round", "tails.distance", "tails.winner", "tails.tie-baobab")
TURN_ORDER_QUESTIONS = ("tails.first-round", "tails.start-queue", "tails.next-round")


def test_lesson_8_adds_its_exercises_after_lesson_7():
    assert [ex.id for ex in EXERCISES][35:] == list(LESSON_8)


def test_nine_in_ten_tails_rules_have_an_exercise():
    tails_rules = {rid for rid in RULES if rid.startswith("tails.")}
    covered = {rid for ex in EXERCISES for rid in ex.rules}
    assert len(covered & tails_rules) >= 0.9 * len(tails_rules)
    for rid in ("tails.setup.player-kit", "tails.setup.hand", "tails.setup.start-order", "tails.setup.start-line",
                "tails.order.turn-sequence", "tails.order.first-round", "tails.turn.steps", "tails.turn.play-card",
                "tails.move.card", "tails.move.bonus-flat-variant", "tails.draw.one", "tails.draw.reshuffle",
                "tails.draw.hand-size", "tails.bonus.combine", "tails.bonus.leapfrog-no-animal",
                "tails.bonus.bird-brain", "tails.bonus.deja-vu-empty", "tails.bridge.order", "tails.dune.no-chain",
                "tails.end.trigger",
                "tails.end.distance", "tails.end.winner", "tails.end.tie-baobab"):
        assert rid in covered, rid


@pytest.mark.parametrize("ex_id", TURN_ORDER_QUESTIONS)
def test_a_turn_order_picture_does_not_name_the_player_to_move(ex_id):
    ex = exercise(ex_id)
    pos = ex.build()
    shown = texts(ex.picture(pos))
    assert not any(t.endswith(" to move") for t in shown)
    assert f"Round {pos.state.round}" in shown
    assert pos.who(pos.current_player) + " to move" in " ".join(texts(pos.scene(viewer=pos.current_player)))


@pytest.mark.rule("tails.setup.player-kit", "tails.setup.hand")
@pytest.mark.parametrize("seed", [0, 3, 11])
def test_every_deck_holds_sixteen_after_the_deal(seed):
    game = tails.new_game(players=3, seed=seed)
    assert [len(d) for d in game.state.decks] == [16, 16, 16]
    assert [len(h) for h in game.state.hands] == [4, 4, 4] and game.state.discards == [[], [], []]
    assert exercise("tails.setup-deck").solve(game) == 16


@pytest.mark.rule("tails.order.first-round", "tails.order.turn-sequence")
def test_round_one_follows_the_starting_order_and_round_two_the_race_order():
    ex = exercise("tails.first-round")
    pos = ex.build()
    played = []
    while pos.state.round == 1:
        played.append(pos.who(pos.current_player))
        pos.play(pos.legal_moves()[0])
    assert tuple(played) == ex.solve(ex.build())
    assert pos.state.order == pos.race_order()


@pytest.mark.rule("tails.order.turn-sequence")
def test_the_round_two_order_holds_for_the_whole_round():
    ex = exercise("tails.next-round")
    pos = ex.build()
    order = ex.solve(pos)
    assert order == tuple(pos.who(p) for p in pos.race_order())
    played, overtaken = [], False
    while pos.state.round == 2:
        played.append(pos.who(pos.current_player))
        # each takes its furthest move, overtaking where it can: the order stays as it was
        pos.play(max(pos.legal_moves(), key=lambda m: pos.track.score[pos.track.by_name[m.to]]))
        overtaken |= tuple(pos.who(p) for p in pos.race_order()) != order
    assert overtaken and tuple(played) == order
    assert pos.state.order == pos.race_order()  # round 3 starts from the race order as it is now


@pytest.mark.rule("tails.turn.play-card", "tails.draw.reshuffle", "tails.draw.one")
def test_the_reshuffle_takes_the_played_card_into_the_new_deck():
    ex = exercise("tails.reshuffle")
    pos = ex.build()
    move = [m for m in pos.legal_moves() if m.card == "blue-3"][0]
    events = pos.play(move)
    rules = [e.rule for e in events]
    assert rules.index("tails.turn.play-card") < rules.index("tails.draw.reshuffle") < rules.index("tails.draw.one")
    assert next(e for e in events if e.rule == "tails.draw.reshuffle").data["cards"] == 17
    assert len(pos.state.decks[0]) == ex.solve(ex.build()) and pos.state.discards[0] == []


@pytest.mark.rule("tails.bonus.bird-brain", "tails.draw.hand-size")
def test_bird_brain_draws_at_once_and_only_when_it_is_armed():
    ex = exercise("tails.bird-brain")
    pos = ex.build()
    sizes = {}
    for m in pos.legal_moves():
        if m.card == "blue-2" and m.kind == "normal":
            after = pos.copy()
            after.play(m)
            sizes[m.arm] = (len(after.state.hands[0]), after.hand_size(0))
    assert sizes[("bird-brain",)] == (ex.solve(pos), 5)
    assert sizes[("crazy-wings",)] == (4, 4)


@pytest.mark.rule("tails.draw.hand-size", "tails.animal.cheetah-marker")
def test_losing_bird_brain_leaves_a_discard_down_to_four():
    ex = exercise("tails.hand-size")
    pos = ex.build()
    (move,) = [m for m in pos.legal_moves() if m.card == "blue-3" and m.kind == "normal"]
    events = pos.play(move)
    assert events[-1].rule == "tails.draw.hand-size" and pos.phase == tails.Phase.DISCARD
    assert pos.state.pending_discard == ex.solve(ex.build()) == 1
    pos.play(pos.legal_moves()[0])
    assert len(pos.state.hands[0]) == 4


@pytest.mark.rule("tails.draw.one", "tails.bonus.crazy-wings")
def test_crazy_wings_draws_nothing_and_a_card_draws_one():
    ex = exercise("tails.wings-draw")
    pos = ex.build()
    for m in pos.legal_moves():
        if "bird-brain" in m.arm:
            continue  # Bird Brain would add a card
        after = pos.copy()
        rules = [e.rule for e in after.play(m)]
        assert len(after.state.hands[0]) == 4, m
        assert ("tails.draw.one" in rules) == (m.card != "crazy-wings")


@pytest.mark.rule("tails.move.bonus-flat-variant")
def test_the_flat_variant_changes_the_answer():
    ex = exercise("tails.flat-bonus")
    pos = ex.build()
    events = pos.play(Move("yellow-3", to=ex.solve(pos)))
    assert "tails.move.bonus-flat-variant" in [e.rule for e in events]
    scen = ex.build().to_scenario()
    plain = tails.from_scenario(scen, seed=0)
    assert {m.to for m in plain.legal_moves() if m.card == "yellow-3" and m.kind == "normal"} == {
        ex.mistakes[0].answer(pos)}


@pytest.mark.rule("tails.bonus.combine", "tails.bonus.end-of-move-order")
def test_both_bonuses_are_used_in_the_combined_move():
    ex = exercise("tails.combine")
    pos = ex.build()
    move = next(m for m in pos.legal_moves() if m.neck_stretch and m.leapfrog)
    rules = [e.rule for e in pos.play(move)]
    assert rules.index("tails.bonus.neck-stretch") < rules.index("tails.bonus.leapfrog")
    assert pos.track.names[pos.state.pos[0]] == ex.solve(ex.build())


@pytest.mark.rule("tails.bonus.deja-vu-empty")
def test_deja_vu_comes_back_once_a_card_is_on_the_pile():
    ex = exercise("tails.deja-vu-empty")
    pos = ex.build()
    assert "deja-vu" not in ex.solve(pos)
    said = pos.explain(Move("deja-vu", to="T03:red:2"))
    assert said.startswith("Not legal") and "tails.bonus.deja-vu-empty" in said
    scen = pos.to_scenario()
    scen["ostriches"][0]["discard"] = [scen["ostriches"][0]["deck"].pop()]
    again = tails.from_scenario(scen, seed=0, bonuses=list(pos.faces))
    assert "deja-vu" in ex.solve(again)


@pytest.mark.rule("tails.bonus.leapfrog-no-animal", "tails.bonus.leapfrog")
def test_the_lion_alone_forbids_the_leapfrog():
    ex = exercise("tails.leapfrog-lion")
    pos = ex.build()
    assert not any(m.leapfrog for m in pos.legal_moves())
    scen = pos.to_scenario()
    scen["course"] = [["T01", "easy"], ["T06", "easy"], ["T02", "easy"]]  # the same tile without its lion
    free = tails.from_scenario(scen, seed=0, bonuses=list(pos.faces))
    assert {m.to for m in free.legal_moves() if m.leapfrog} == {"T06:blue:4"}


@pytest.mark.rule("tails.dune.no-chain", "tails.dune.arrow")
def test_the_second_arrow_is_ignored_when_played():
    ex = exercise("tails.dune-no-chain")
    pos = ex.build()
    events = pos.play(Move("red-3", to=ex.solve(pos)))
    assert [e.rule for e in events if e.rule.startswith("tails.dune.")] == ["tails.dune.arrow", "tails.dune.no-chain"]
    assert pos.track.dune[pos.state.pos[0]]  # Red stands on the second arrow


@pytest.mark.rule("tails.end.trigger")
def test_the_last_round_is_played_out_by_those_still_to_move():
    ex = exercise("tails.last-round")
    pos = ex.build()
    events = pos.play(next(m for m in pos.legal_moves() if m.card == "red-3"))
    assert events[-1].rule == "tails.end.trigger" and pos.state.last_round and not pos.is_over
    assert {pos.who(pos.current_player)} == set(ex.solve(ex.build()))
    pos.play(pos.legal_moves()[0])
    assert pos.is_over


@pytest.mark.rule("tails.end.distance", "tails.end.winner", "tails.end.tie-baobab")
def test_the_race_results_are_the_engines():
    assert exercise("tails.distance").solve(exercise("tails.distance").build()) == 5  # V1 row 1: 3 + 2
    for ex_id, tie in (("tails.winner", False), ("tails.tie-baobab", True)):
        ex = exercise(ex_id)
        pos = ex.build()
        card = "yellow-3" if ex_id == "tails.winner" else "red-2"
        events = pos.play(next(m for m in pos.legal_moves() if m.card == card and m.kind == "normal"))
        rules = [e.rule for e in events]
        assert pos.is_over and rules[-1] == "tails.end.winner"
        assert ("tails.end.tie-baobab" in rules) == tie
        assert pos.who(pos.winners()[0]) == ex.solve(ex.build())
