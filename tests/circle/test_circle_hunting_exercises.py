"""The Circle of Life exercises of lessons 4-6 (the records of ``circle/lessons.json`` from the Lion's
reach on): cards read by id or species, no score in the starting pictures, and each position really
shows what it claims. What every exercise does, in every game, is tested in tests/teach/test_every_exercise.py."""

import json
import re
from pathlib import Path

import pytest

from savannah_kit import circle
from savannah_kit.circle import Play, render
from savannah_kit.circle import lessons
from savannah_kit.circle.lessons import PLAYER_SET, WHO_OR_NOBODY, cards
from savannah_kit.core.errors import IllegalMove
from savannah_kit.core.scene import Rect, Text
from savannah_kit.teach.answers import AnswerError
from savannah_kit.teach.exercise import exercise, exercises
from savannah_kit.teach.widget import ExerciseBoard

#: lessons 4-6: the records from the first hunting exercise on
EXERCISES = lessons.EXERCISES[[ex.id for ex in lessons.EXERCISES].index("circle.lion-reach"):]
BY_ID = pytest.mark.parametrize("ex", EXERCISES, ids=[ex.id for ex in EXERCISES])
RING = render.PALETTES["light"].ring
#: the rules lessons 4-6 teach; at least 24 of them need an exercise
LESSON_RULES = (
    "circle.hunt.order", "circle.hunt.reach", "circle.hunt.snapshot", "circle.hunt.verb", "circle.hunt.mandatory",
    "circle.hunt.count", "circle.hunt.filter", "circle.hunt.kill", "circle.hunt.scare", "circle.hunt.tokens-return",
    "circle.hunt.own-cards", "circle.special.giraffe", "circle.special.maasai-immune", "circle.reorder.group",
    "circle.reorder.close-gaps", "circle.end.trigger", "circle.end.last-discard", "circle.end.survivors",
    "circle.end.hand-penalty", "circle.end.maasai", "circle.end.kill-pile", "circle.end.big-five",
    "circle.end.bonus-points", "circle.end.total", "circle.end.winner", "circle.end.tie-break",
)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def ex_(ex_id):
    return exercise(ex_id)


def ids_of(game, species):
    return [game.catalogue.ids[c] for c in game.state.row if game.catalogue.name[c] == species]


def hand_id(game, species, seat=0):
    return next(game.catalogue.ids[c] for c in game.state.hands[seat] if game.catalogue.name[c] == species)


# -- the catalogue -------------------------------------------------------------------------------------

def test_at_least_twelve_exercises_found_through_the_game_lessons():
    ids = [ex.id for ex in EXERCISES]
    assert len(set(ids)) == len(ids) >= 12
    assert all(re.fullmatch(r"circle\.[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)
    found = exercises("circle")
    assert all(i in found for i in ids)
    assert list(found)[-len(ids):] == ids, "lessons 4-6 come after lessons 1-3, in teaching order"


def test_kit_rulings_are_marked_as_such():
    assert [ex.id for ex in EXERCISES if ex.kit_ruling] == ["circle.must-hunt"]
    assert "kit ruling:" in ex_("circle.must-hunt").question.lower()


def test_the_lesson_rules_have_exercises():
    covered = {rid for ex in EXERCISES for rid in ex.rules}
    assert len(covered & set(LESSON_RULES)) >= 24, sorted(set(LESSON_RULES) - covered)


@BY_ID
def test_two_misreadings_each_and_the_explanation_cites_only_the_exercise_rules(ex):
    assert len(ex.mistakes) >= 2
    cited = set(re.findall(r"\[(circle\.[a-z.-]+)\]", ex.explain(ex.build())))
    assert cited and cited <= set(ex.rules) | {"circle.hunt.reach"}, (cited, ex.rules)


# -- answers -----------------------------------------------------------------------------------------------

def test_cards_are_read_by_id_by_species_or_both_and_ambiguity_is_refused():
    answer = ex_("circle.cheetah-filter").answer
    assert answer.read("Gazelle, C48") == {"C52", "C48"}
    assert answer.read("gazelle (c52) and impala (C48)") == {"C52", "C48"}
    assert answer.read(["C52"]) == {"C52"} and answer.read("none") == frozenset()
    with pytest.raises(AnswerError, match="several Impala"):
        answer.read("Impala")
    with pytest.raises(AnswerError, match="is a Gazelle"):
        answer.read("Zebra (C52)")
    with pytest.raises(AnswerError, match="not on the savannah"):
        answer.read("C01")
    ordered = ex_("circle.close-gaps").answer
    assert ordered.read("Buffalo, Impala, Jackal, Hyena, Wild dog") == ("C26", "C47", "C17", "C10", "C14")
    assert PLAYER_SET.read("Blue and red") == {"Red", "Blue"}


# -- re-running, hints, show me ---------------------------------------------------------------------------

# -- pictures ------------------------------------------------------------------------------------------------

@BY_ID
def test_the_starting_picture_rings_no_card_and_shows_no_score(ex):
    scene = ex.picture(ex.build())
    texts = scene.texts()
    assert not [s for s in scene.shapes if isinstance(s, Rect) and s.style.stroke == RING and s.w > render.CARD_W], \
        "no ringed card (the legend shows the ring mark, at icon size)"
    assert not any(re.match(r"(points so far|score): ", part) for t in texts for part in t.split(" · "))
    assert not any(re.search(r"Kill pile: .*points", t) for t in texts)
    assert "wins" not in scene.title and not any("wins" in t or "share the win" in t for t in texts)
    assert "rule:circle.end.total" not in scene.hits(), "no scoring table"


@BY_ID
def test_the_answer_can_be_clicked_where_the_exercise_takes_clicks(ex):
    pos = ex.build()
    if ex.click is None:
        assert ex.answer.kind == "number" or ex.answer.read_fn in (PLAYER_SET.read_fn, WHO_OR_NOBODY.read_fn), \
            "typed: numbers and players"
        return
    items = {ex.click(pos, h) for h in ex.picture(pos).hits()} - {None}
    right = ex.solve(pos)
    assert ({right} if ex.answer.kind == "choice" else set(right)) <= items


def test_the_board_fills_the_answer_from_clicks_in_order():
    ex = ex_("circle.reorder")
    board = ExerciseBoard(ex)
    right = ex.solve(board.position)
    for cid in right:
        board._clicked(("hand:" if cid == hand_id(board.position, "Wildebeest") else "card:") + cid)
    assert board.check()


# -- the positions show what they claim -----------------------------------------------------------------------

@pytest.mark.rule("circle.hunt.reach", "circle.special.maasai-immune")
def test_lion_reach_position_has_a_big_card_just_out_of_reach_and_the_maasai_in_reach():
    ex = ex_("circle.lion-reach")
    game = ex.build()
    row = [game.catalogue.name[c] for c in game.state.row]
    assert row.index("Elephant") == len(row) - 4 and row.index("Maasai") >= len(row) - 3
    err = game.explain(Play.of(hand_id(game, "Lion"), ids_of(game, "Maasai") + ids_of(game, "Impala"), []))
    assert err.startswith("Not legal") and "circle.special.maasai-immune" in err


@pytest.mark.rule("circle.hunt.snapshot", "circle.hunt.order")
def test_the_snapshot_answer_differs_from_the_closed_up_reading():
    """The engine's second hunt scares the Jackal only; had the killed cards left at once, the last two
    cards (reach 2) would be the Hyena and the Jackal, both of which it scares."""
    ex = ex_("circle.snapshot")
    game = ex.build()
    assert ex.solve(game) == set(ids_of(game, "Jackal"))
    cat = game.catalogue
    killed = {cat.ids[c] for c in game.state.row if cat.name[c] in ("Gazelle", "Impala")}
    first = {m.actions[0][1] for m in game.legal_moves() if m.card == hand_id(game, "Lion")}
    assert tuple(sorted(killed)) in first
    closed_up = [c for c in game.state.row if cat.ids[c] not in killed]
    assert [cat.name[c] for c in closed_up[-2:]] == ["Hyena", "Jackal"]
    sequential = next(m for m in ex.mistakes if m.name == "closed-gaps-early").answer(game)
    assert sequential == {cat.ids[c] for c in closed_up[-2:]}
    elephant = circle.from_scenario({"savannah": [cat.ids[c] for c in closed_up],
                                     "hands": [["Elephant", "Warthog", "Gazelle"], ["Giraffe", "Buffalo", "Impala"]],
                                     "draw_pile": ["Zebra"]})
    assert {t for m in elephant.legal_moves() if m.card == "C20" for t in m.actions[0][1]} == sequential, \
        "on the closed-up row a reach-2 predator hunt takes exactly those two"


@pytest.mark.rule("circle.hunt.mandatory", "circle.hunt.own-cards")
def test_the_rhinoceros_may_not_skip_its_hunt():
    game = ex_("circle.must-hunt").build()
    with pytest.raises(IllegalMove) as err:
        game.play(Play.of(hand_id(game, "Rhinoceros"), []))
    assert err.value.rule_id == "circle.hunt.mandatory"


@pytest.mark.rule("circle.hunt.kill", "circle.hunt.scare", "circle.hunt.tokens-return", "circle.hunt.own-cards")
def test_the_lion_turn_kills_two_scares_one_and_sends_tokens_home():
    game = ex_("circle.kill-or-scare").build()
    move = Play.of(hand_id(game, "Lion"), ids_of(game, "Wildebeest") + ids_of(game, "Zebra"),
                   ids_of(game, "Jackal"))
    rules = [e.rule for e in game.play(move)]
    assert rules.count("circle.hunt.tokens-return") == 3 and "circle.hunt.own-cards" in rules
    assert [game.catalogue.name[c] for c in game.state.out_of_game] == ["Jackal"]
    assert "Hyena" in [game.catalogue.name[c] for c in game.state.row], "the Hyena was out of reach 2"


@pytest.mark.rule("circle.special.giraffe")
def test_the_giraffe_has_predators_beyond_its_reach():
    game = ex_("circle.giraffe").build()
    predators = [game.catalogue.predator[c] for c in game.state.row]
    assert sum(predators[-3:]) == ex_("circle.giraffe").solve(game) == 1 and sum(predators) == 4


@pytest.mark.rule("circle.reorder.group", "circle.reorder.close-gaps")
@pytest.mark.parametrize("ex_id", ["circle.reorder", "circle.close-gaps"])
def test_reordering_answers_gather_the_group_next_to_the_played_card(ex_id):
    ex = ex_(ex_id)
    game = ex.build()
    after = ex.solve(game)
    group = [game.catalogue.card_species[game.catalogue.index[c]].group for c in after]
    played = group[-1]
    first = group.index(played)
    assert set(group[first:]) == {played} and played in group[:-1]
    assert after != tuple(c for c in ex.mistakes[0].answer(game))
    assert ex.solution_picture(game).texts() != ex.picture(game).texts()


@pytest.mark.rule("circle.end.total", "circle.end.maasai", "circle.end.tie-break", "circle.end.winner")
def test_the_scoring_positions_are_finished_games_with_the_claimed_facts():
    end = ex_("circle.total").build()
    assert end.is_over and end.scores()[0] == 18
    assert end.score_breakdown(1).steps["maasai"] == -10
    maasai = ex_("circle.maasai").build()
    assert maasai.catalogue.name[maasai.state.row[-1]] != "Maasai"
    tie = ex_("circle.tie-break").build()
    assert tie.scores()[0] == tie.scores()[1] and tie.predators_killed() == [2, 1]
    assert len(tie.state.kill_piles[1]) > len(tie.state.kill_piles[0])
    winner = ex_("circle.winner").build()
    assert winner.winners() == [0] and max(winner.scores()) == winner.scores()[0]


@pytest.mark.rule("circle.end.trigger")
def test_the_end_trigger_counts_turns_with_the_engine():
    ex = ex_("circle.end-trigger")
    game = ex.build()
    assert len(game.state.draw_pile) == ex.solve(game) == 3


def test_a_card_answer_for_a_position_lists_only_cards_in_sight():
    answer = cards(ex_("circle.lion-reach").build())
    with pytest.raises(AnswerError):
        answer.read("Giraffe")  # in Blue's hidden hand
    assert answer.read("Maasai") == {"C62"}


def test_scoring_pictures_keep_the_facts_needed_to_score():
    ex = ex_("circle.total")
    texts = ex.picture(ex.build()).texts()
    assert any(t.startswith("bonus points: 2") for t in texts)
    assert any(t.startswith("Kill pile: 3 cards") for t in texts)
    table = ex.solution_picture(ex.build())
    assert "rule:circle.end.total" in table.hits()
    assert any(isinstance(s, Text) and s.text == "18" for s in table.shapes)


# -- the notebooks of lessons 4-6 --------------------------------------------------------------------------

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "circle"
LESSONS = {"04_hunting.ipynb": "05_reordering_groups.ipynb",
           "05_reordering_groups.ipynb": "06_scoring_and_full_game.ipynb",
           "06_scoring_and_full_game.ipynb": "../00_start_here.ipynb"}


def cell_tags(name, prefix):
    cells = json.loads((NOTEBOOKS / name).read_text("utf-8"))["cells"]
    return [t[len(prefix):] for c in cells for t in c.get("metadata", {}).get("tags", []) if t.startswith(prefix)]


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_each_lesson_teaches_checks_recaps_links_on_and_ends_with_the_checklist(name):
    cells = json.loads((NOTEBOOKS / name).read_text("utf-8"))["cells"]
    prose = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert "What you will learn" in prose and "## Recap" in prose and f"]({LESSONS[name]})" in prose
    assert "**Kit ruling:** " in prose and "the kit's own" in prose, "the card data is marked as the kit's own"
    assert "../reference/circle_rules.ipynb#kit-rulings" in prose
    assert any(".widget(" in "".join(c["source"]) for c in cells if c["cell_type"] == "code"), "a live board"
    assert any("image/svg+xml" in o.get("data", {}) for c in cells for o in c.get("outputs", [])), "pictures"
    last = cells[-1]
    assert 'checklist("..", games=["circle"])' in "".join(last["source"])
    assert "nbval-ignore-output" in last["metadata"]["tags"]


def test_the_notebooks_hold_every_exercise_and_teach_every_rule_of_lessons_4_to_6():
    held = [ex_id for name in sorted(LESSONS) for ex_id in cell_tags(name, "exercise:")]
    assert held == [ex.id for ex in EXERCISES], "each exercise once, in teaching order"
    taught = {rid for name in LESSONS for rid in cell_tags(name, "rule:")}
    assert set(LESSON_RULES) <= taught, sorted(set(LESSON_RULES) - taught)


def test_the_token_lab_prints_a_short_deterministic_table():
    cells = json.loads((NOTEBOOKS / "06_scoring_and_full_game.ipynb").read_text("utf-8"))["cells"]
    lab = next(c for c in cells if "rule:circle.play.no-tokens" in c["metadata"].get("tags", []))
    assert "simulate(" in "".join(lab["source"])
    rows = "".join(lab["outputs"][0]["text"]).splitlines()
    assert rows[0].split()[:2] == ["players", "tokens"] and len(rows) == 5
    assert [r.split()[1] for r in rows[1:]] == ["unlimited", "12", "unlimited", "12"]
    assert all(float(r.split()[-1]) == 0 for r in rows[1::2]), "unlimited tokens: no card is ever unmarked"
