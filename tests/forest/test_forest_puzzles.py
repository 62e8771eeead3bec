"""The worksheet puzzles: each answer is the engine's, checked here by playing it out; answers
are read in natural forms, misreadings are named, and no starting picture gives the answer away."""

import pytest

from savannah_kit.core.scene import Circle, Text
from savannah_kit.forest import Lair, Place, Take, puzzles
from savannah_kit.forest.card_shapes import STORED_RING
from savannah_kit.forest.data import SLOTS
from savannah_kit.forest.puzzles import PUZZLES, RED, TOPICS, rule_scene
from savannah_kit.core.rules_index import rules_for
from savannah_kit.teach.answers import AnswerError

BY_ID = {p.id: p for p in PUZZLES}
# The market puzzle rings what each animal stores now: the question is what a card and its gift
# would add, and the water drop's worth depends on what is stored. Elsewhere rings would tell.
RINGS_SHOWN = {"forest.puzzle-best-market-card"}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def test_there_are_enough_puzzles_with_unique_prefixed_ids():
    assert len(PUZZLES) >= 4
    assert len(BY_ID) == len(PUZZLES)
    assert all(p.id.startswith("forest.puzzle-") for p in PUZZLES)


def _fox_points(game, cell, turn):
    twin = game.copy()
    twin.play(Place(RED, cell[0], cell[1], turn))
    return twin.score_breakdown(RED).animal("Fox").total


@pytest.mark.rule("forest.path.connect", "forest.path.food-order", "forest.score.collect-first")
def test_the_fox_scores_6_exactly_in_the_answer_placements():
    ex = BY_ID["forest.puzzle-fox-scores-6"]
    game = ex.position()
    letters = puzzles._letters(game)
    answer = ex.solve(game)
    assert answer, "some placement must make the Fox score 6"
    every = {(letters[cell], turn): _fox_points(game, cell, turn)
             for cell, turns in game.legal_placements().items() for turn in turns}
    assert {k for k, v in every.items() if v == 6} == answer
    assert len(set(every.values())) >= 3          # other turns give other scores: a real choice
    right = sorted(answer)[0]
    assert ex.check(f"{right[0].lower()} turned {right[1]}°", remember=False)
    assert ex.check([right], remember=False)


@pytest.mark.rule("forest.place.rotation", "forest.path.connect")
def test_the_hedgehog_reaches_the_egg_in_the_answer_turns_only():
    ex = BY_ID["forest.puzzle-hedgehog-egg"]
    game = ex.position()
    answer = ex.solve(game)
    assert answer
    gap, egg_card = (1, 0), (1, 1)  # the cell right of the Hedgehog, and the card below it with the egg
    for turn in game.legal_placements()[gap]:
        twin = game.copy()
        twin.play(Place(RED, gap[0], gap[1], turn))
        met = [(s.cell, s.food) for s in twin.score_breakdown(RED).animal("Hedgehog").path]
        assert ((egg_card, "egg") in met) == (f"{turn}°" in answer)
    turn = sorted(answer)[0]
    assert ex.check(turn.rstrip("°"), remember=False) and ex.check(ex.click(game, f"turn:{turn[:-1]}"),
                                                                   remember=False)


@pytest.mark.rule("forest.score.own-points", "forest.score.rooster-point", "forest.score.capacity")
def test_the_counted_forest_scores_what_the_game_scores():
    ex = BY_ID["forest.puzzle-count-the-forest"]
    game = ex.position()
    assert ex.solve(game) == game.scores()[RED] == game.score_breakdown(RED).total
    assert ex.check(f"{game.scores()[RED]} points", remember=False)


@pytest.mark.rule("forest.advisor.armadillo", "forest.score.capacity")
def test_the_lair_token_pays_most_on_the_answer_animal():
    ex = BY_ID["forest.puzzle-lair-token"]
    game = ex.position()
    totals = {}
    for cell in game.forest(RED).animal_cells():
        twin = game.copy()
        twin.play(Lair(RED, cell[0], cell[1]))
        totals[game.card(game.forest(RED).at(cell).card).name] = twin.scores()[RED]
    best = max(totals.values())
    assert [name for name, v in totals.items() if v == best] == [ex.solve(game)]
    hit = f"animal:{RED}:{game.forest(RED).animal_cells()[0][0]}:{game.forest(RED).animal_cells()[0][1]}"
    assert ex.click(game, hit) in totals


def _best_whole_turn(game, slot):
    """Red's score after her best turn with that card: every placement, then every gift."""
    twin = game.copy()
    twin.play(Take(RED, slot))
    best = None
    for cell, turns in twin.legal_placements().items():
        for turn in turns:
            laid = twin.copy()
            laid.play(Place(RED, cell[0], cell[1], turn))
            gifts = laid.legal_moves() if laid.current_player == RED and laid.phase in ("lair", "water") else []
            for gift in gifts or [None]:
                done = laid.copy()
                if gift is not None:
                    done.play(gift)
                best = max(best or 0, done.scores()[RED])
    return best


@pytest.mark.rule("forest.turn.take", "forest.advisor.goat", "forest.advisor.armadillo")
def test_the_best_market_card_wins_when_every_turn_is_played_out():
    ex = BY_ID["forest.puzzle-best-market-card"]
    game = ex.position()
    totals = {slot: _best_whole_turn(game, slot) for slot in SLOTS}
    best = max(totals.values())
    assert [s for s, v in totals.items() if v == best] == [ex.solve(game)]
    assert ex.check(game.market[ex.solve(game)], remember=False)    # the card's id works too
    assert ex.click(game, f"market:{ex.solve(game)}") == ex.solve(game)


def test_the_counting_mistakes_are_all_told_apart():
    ex = BY_ID["forest.puzzle-count-the-forest"]
    game = ex.position()
    answers = [m.answer(game) for m in ex.mistakes]
    assert len(set(answers)) == len(answers)
    assert [ex.check(a, remember=False).mistake for a in answers] == [m.name for m in ex.mistakes]


def test_unreadable_placements_say_how_to_write_one():
    ex = BY_ID["forest.puzzle-fox-scores-6"]
    for bad in ("Z 45", "somewhere", [("AB", 90)]):
        with pytest.raises(AnswerError, match="B 90"):
            ex.answer.read(bad)
    assert ex.answer.read("B 90 and C 180") == {("B", 90), ("C", 180)}


def _texts(scene):
    return [s.text for s in scene.shapes if isinstance(s, Text)] + [s.title for s in scene.shapes if s.title]


@pytest.mark.parametrize("ex", PUZZLES, ids=lambda p: p.id)
def test_no_starting_picture_gives_the_answer_away(ex):
    game = ex.position()
    pic = ex.picture(game)
    words = _texts(pic)
    rings = any(isinstance(s, Circle) and s.style.stroke == STORED_RING for s in pic.shapes)
    assert rings == (ex.id in RINGS_SHOWN), "stored foods ringed where counting them is the puzzle"
    shown = [s.text for s in pic.shapes if isinstance(s, Text)]
    assert not any("✓" in w or " pts" in w for w in shown), "a tick or a score is shown"
    assert not any(" = " in w for w in words if w), "a tooltip tells the score"
    assert any("stored by" in w for w in words if w) == rings
    for spoiler in (ex.spoilers(game) if ex.spoilers else []):
        assert not any(spoiler in w for w in words if w)
    assert ex.solution_picture(game).shapes != pic.shapes


def test_the_lettered_cells_all_look_alike():
    ex = BY_ID["forest.puzzle-fox-scores-6"]
    game = ex.position()
    letters = set(puzzles._letters(game).values())
    labels = [s for s in ex.picture(game).shapes if isinstance(s, Text) and s.text in letters]
    assert {s.text for s in labels} == letters
    assert len({(s.size, s.style.fill, s.bold) for s in labels}) == 1


@pytest.mark.parametrize("topic", [t for t, _ in TOPICS])
def test_every_topic_has_a_hand_built_picture(topic):
    rid = next(r.id for r in rules_for("forest") if r.id.split(".")[1] == topic)
    scene, caption = rule_scene(rid)
    assert scene.shapes and caption.endswith(".")


def test_every_rule_belongs_to_a_topic():
    assert {r.id.split(".")[1] for r in rules_for("forest")} <= {t for t, _ in TOPICS}
