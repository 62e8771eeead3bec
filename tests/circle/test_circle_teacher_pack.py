"""The Circle of Life teacher pack: worksheet puzzles answered by the engine (checked here by playing the
moves out, and the end of the game by really ending it), starting pictures that mark no answer, a
picture for every rule, a reference that lists every rule, the glossary, what the lesson plans name, and
what the handout says. What every game's pack does alike is tested in
tests/teach/test_teacher_pack_every_game.py."""

import json
import re
import subprocess
from pathlib import Path

import pytest

from savannah_kit import circle
from savannah_kit.circle import LastDiscard, Play, render
from savannah_kit.circle import handout as circle_handout
from savannah_kit.circle.puzzles import PUZZLES, TOPICS, rule_scene
from savannah_kit.core.rules_index import rules_for
from savannah_kit.core.scene import Rect
from savannah_kit.teach import handout as handouts
from savannah_kit.teach.answer_key import worksheet_notebook
from savannah_kit.teach.reference import cells_of, check_glossary, load_glossary, reference_notebook

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
BY_ID = {p.id: p for p in PUZZLES}
RING = render.PALETTES["light"].ring
LESSONS = ("01_play_in_10_minutes", "02_cards_and_savannah", "03_playing_a_card", "04_hunting",
           "05_reordering_groups", "06_scoring_and_full_game")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def rings(scene):
    """The rings a picture draws around highlighted cards (the legend's small sample ring aside)."""
    return [s for s in scene.shapes if isinstance(s, Rect) and s.style.stroke == RING and not s.hit
            and s.w > render.CARD_W]


def texts(scene):
    return [s.text for s in scene.shapes if type(s).__name__ == "Text"]


def played(game, move):
    twin = game.copy()
    twin.play(move)
    return twin


def name(game, card):
    """The species of a card, given by id or number."""
    cat = game.catalogue
    return cat.name[cat.index[card] if isinstance(card, str) else card]


def plays_of(game, species):
    return [m for m in game.legal_moves() if type(m) is Play and name(game, m.card) == species]


# -- the puzzles ---------------------------------------------------------------------------------------

def test_there_are_six_puzzles_with_unique_prefixed_ids():
    assert len(PUZZLES) >= 6 and len(BY_ID) == len(PUZZLES)
    assert all(p.id.startswith("circle.puzzle-") for p in PUZZLES)


@pytest.mark.rule("circle.special.giraffe", "circle.play.restriction-predator")
def test_the_card_that_gains_most_gains_most_when_every_play_is_played():
    ex = BY_ID["circle.puzzle-most-points"]
    game = ex.position()
    before = game.scores()[0]
    best = {}
    for m in game.legal_moves():
        gain = played(game, m).scores()[0] - before
        best[name(game, m.card)] = max(best.get(name(game, m.card), gain), gain)
    top = max(best.values())
    assert [s for s, g in best.items() if g == top] == [ex.solve(game)] == ["Giraffe"]
    assert "Leopard" not in best  # a predator after a predator: no legal play
    giraffe = next(c for c in game.view(0)["hand"] if name(game, c) == "Giraffe")
    assert ex.check(ex.click(game, f"hand:{giraffe}"), remember=False)


@pytest.mark.rule("circle.end.big-five", "circle.hunt.own-cards")
def test_the_big_five_cards_are_those_whose_plays_fill_the_kill_pile():
    ex = BY_ID["circle.puzzle-big-five"]
    game = ex.position()
    big = set(game.catalogue.big_five_species)
    done = set()
    for m in game.legal_moves():
        after = played(game, m)
        if big <= {name(after, c) for c in after.state.kill_piles[0]}:
            assert after.score_breakdown(0).steps["big_five"] == 25
            done.add(name(game, m.card))
    assert done and ex.solve(game) == frozenset(done)
    own = [m for m in game.legal_moves() if any(game.state.owners[game.state.row.index(game.catalogue.index[t])] == 0
                                                 for _, ts in m.actions for t in ts)]
    assert own, "the answer needs Red to kill a card carrying Red's own token"
    assert ex.check(", ".join(sorted(done)), remember=False)


@pytest.mark.rule("circle.hunt.snapshot", "circle.special.maasai-immune")
def test_the_lion_takes_what_leaves_the_savannah_when_it_is_played():
    ex = BY_ID["circle.puzzle-lion-takes"]
    game = ex.position()
    (move,) = plays_of(game, "Lion")
    after = played(game, move)
    gone = [c for c in game.state.row if c not in after.state.row]
    assert ex.solve(game) == frozenset(name(game, c) for c in gone)
    assert "Maasai" in [name(after, c) for c in after.state.row] and "Jackal" not in ex.solve(game)
    for c in gone:
        assert ex.click(game, f"card:{game.catalogue.ids[c]}") in ex.solve(game)


@pytest.mark.rule("circle.reorder.group", "circle.reorder.close-gaps")
def test_the_card_beside_the_wild_dog_is_the_one_there_after_the_turn():
    ex = BY_ID["circle.puzzle-beside-wild-dog"]
    game = ex.position()
    (move,) = plays_of(game, "Wild dog")
    row = played(game, move).state.row
    assert name(game, row[-1]) == "Wild dog"
    assert ex.solve(game) == name(game, row[-2])
    assert ex.check(ex.click(game, f"card:{game.catalogue.ids[row[-2]]}"), remember=False)


@pytest.mark.rule("circle.play.restriction", "circle.play.restriction-from-right")
def test_the_playable_cards_are_those_the_engine_accepts():
    ex = BY_ID["circle.puzzle-playable"]
    game = ex.position()
    accepted = {name(game, c) for c in game.state.hands[0] if game.is_legal(Play(game.catalogue.ids[c]))
                or any(m.card == game.catalogue.ids[c] for m in game.legal_moves())}
    assert ex.solve(game) == frozenset(accepted) and 0 < len(accepted) < 3
    for c in game.state.hands[0]:
        if name(game, c) not in accepted:
            assert "circle.play.restriction" in game.explain(Play(game.catalogue.ids[c]))


@pytest.mark.rule("circle.end.total", "circle.end.winner", "circle.end.last-discard")
def test_who_wins_is_who_wins_when_the_game_really_ends_now():
    ex = BY_ID["circle.puzzle-who-wins"]
    game = ex.position()
    data = game.to_scenario()
    data["draw_pile"] = []  # the game ends: the last discards begin
    ended = circle.from_scenario(data)
    while not ended.is_over:
        hand = ended.state.hands[ended.current_player]
        costliest = max(hand, key=lambda c: (ended.catalogue.penalty[c], -c))
        ended.play(LastDiscard(ended.catalogue.ids[costliest]))
    (winner,) = ended.winners()
    assert ex.solve(game) == circle.COLOURS[winner]
    assert max(game.scores()) != game.scores()[winner], "the points so far must not give the winner away"
    card = ended.catalogue.ids[game.state.hands[winner][0]]
    assert ex.check(ex.click(game, f"hand:{card}"), remember=False)


@pytest.mark.parametrize("ex", PUZZLES, ids=lambda p: p.id)
def test_no_starting_picture_marks_the_answer(ex):
    game = ex.position()
    pic = ex.picture(game)
    assert rings(pic) == [], "no ringed cards"
    assert not any((s.hit or "").startswith("rule:") for s in pic.shapes), "no scoring table"
    shown = texts(pic)
    for spoiler in (ex.spoilers(game) if ex.spoilers else ()):
        assert not any(spoiler in t for t in shown), spoiler
    assert ex.solution_picture(game).shapes != pic.shapes


@pytest.mark.parametrize("ex", PUZZLES, ids=lambda p: p.id)
def test_the_right_answer_is_read_in_every_typed_form_and_built_by_clicks(ex):
    from savannah_kit.teach.widget import ExerciseBoard

    board = ExerciseBoard(ex)
    pos = board.position
    right = ex.solve(pos)
    shown = ex.answer.show(right)
    for form in (shown, shown.lower(), shown.upper(), f"  {shown}  "):
        assert ex.check(form, remember=False), form
    items = [right] if ex.answer.kind == "choice" else sorted(right)
    hits = ex.picture(pos).hits()
    for item in items:
        hit = next((h for h in hits if ex.click(pos, h) == item), None)
        assert hit is not None, f"no clickable {item!r} in the picture"
        board._clicked(hit)
    assert ex.answer.read(board.text.value) == right and board.check()
    assert ex.click(pos, "pile:draw") is None and ex.click(pos, None) is None


def test_typed_answers_take_species_or_card_ids():
    ex = BY_ID["circle.puzzle-beside-wild-dog"]
    right = ex.solve(ex.position())
    cid = next(c for c, n in enumerate(ex.position().catalogue.name) if n == right)
    assert ex.check(ex.position().catalogue.ids[cid], remember=False)
    assert ex.check(right.upper(), remember=False)


# -- the reference and the glossary ------------------------------------------------------------------------

def test_every_rule_belongs_to_a_topic_and_gets_a_picture():
    rules = rules_for("circle")
    assert len(rules) >= 39
    assert {r.id.split(".")[1] for r in rules} <= {t for t, _ in TOPICS}
    for r in rules:
        scene, caption = rule_scene(r.id)
        assert scene.shapes and caption.endswith("."), r.id
    with pytest.raises(KeyError, match="circle rules are about"):
        rule_scene("circle.no-such-part.rule")


def test_the_reference_lists_every_circle_rule_with_a_picture():
    nb = reference_notebook("circle", NOTEBOOKS)
    tagged = [t[5:] for _, _, tags in cells_of(nb) for t in tags if t.startswith("rule:")]
    assert sorted(tagged) == sorted(r.id for r in rules_for("circle")) and len(tagged) == len(set(tagged))
    text = "\n".join(src for _, src, _ in cells_of(nb))
    for r in rules_for("circle"):
        assert f'rule_picture(rule_id="{r.id}")' in text
    for _, heading in TOPICS:
        assert f"## {heading}" in text
    assert "## Glossary" in text and "**Big Five**" in text


def test_the_worksheet_asks_every_puzzle_and_gives_no_answer():
    text = "\n".join(src for _, src, _ in cells_of(worksheet_notebook("circle")))
    for i, p in enumerate(PUZZLES, start=1):
        assert f"## Puzzle {i}: {p.title}" in text and f'puzzle(puzzle_id="{p.id}")' in text
    assert "answer_sheet" not in text


def test_the_glossary_has_the_game_words():
    words = {t.term.lower() for t in load_glossary("circle")}
    for needed in ("species", "level", "group", "predator", "reach", "kill", "scare", "snapshot", "big five",
                   "maasai", "giraffe", "token", "kill pile", "savannah"):
        assert needed in words


def test_the_glossary_file_is_checked():
    data = json.loads((ROOT / "savannah_kit" / "circle" / "glossary.json").read_text("utf-8"))
    assert len(check_glossary(data, "circle")) == len(data["terms"])
    data["terms"][0]["rules"] = ["tails.move.bonus-movement"]
    with pytest.raises(Exception, match=r"glossary\.terms\[0\]\.rules\[0\]"):
        check_glossary(data, "circle")


# -- the lesson plans -----------------------------------------------------------------------------------------

def _plans():
    return json.loads((NOTEBOOKS / "teacher" / "circle_lesson_plans.ipynb").read_text("utf-8"))


def test_the_lesson_plans_name_the_tools_the_lessons_and_the_puzzles():
    nb = _plans()
    assert {c["cell_type"] for c in nb["cells"]} == {"markdown"}
    text = "\n".join(src for _, src, _ in cells_of(nb))
    for needed in ("savannah-kit demo circle", "notebooks/classroom/circle_classroom.ipynb",
                   "savannah-kit handout circle --out circle.pdf", "circle_answer_key.ipynb",
                   "circle_puzzle_worksheet.ipynb", "## Common difficulties"):
        assert needed in text
    assert all(f"`{lesson}`" in text for lesson in LESSONS)
    named = re.findall(r"puzzle (\d) of the puzzle sheet \(([^)]+)\)", text)
    assert named
    for number, title in named:
        assert PUZZLES[int(number) - 1].title.lower() == title.lower()
    lists = {t[len("exercises:"):] for _, _, tags in cells_of(nb) for t in tags if t.startswith("exercises:")}
    assert lists == {f"circle/{lesson}.ipynb" for lesson in LESSONS} | {"puzzles"}
    assert all(f"`{p.id}`" in text for p in PUZZLES)


# -- the handout -------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def circle_pdf(tmp_path_factory):
    out = tmp_path_factory.mktemp("handout") / "circle.pdf"
    assert handouts.write_handout("circle", out) == out
    return out


def test_the_handout_states_its_rules_and_the_engines_example(circle_pdf):
    words = subprocess.run(["pdftotext", "-layout", str(circle_pdf), "-"], capture_output=True, text=True,
                           check=True).stdout
    words = re.sub(r"\s+", " ", words)
    cited = handouts.handout_for("circle").rules
    assert len(set(cited)) >= 35
    for rule_id in cited:
        assert rule_id not in words, rule_id  # stated in words, never printed as a code
    assert "Kit rulings" in words and words.count("(a kit ruling)") >= 2
    game = circle.from_scenario(circle_handout.CIRCLE_EXAMPLE)
    move = circle_handout.circle_example_play(game)
    after = played(game, move)
    killed = [c for c in after.state.kill_piles[0]]
    points = sum(game.catalogue.level[c] for c in killed)
    assert f"= {points} points in Red's kill pile" in words
    assert ", ".join(name(after, c) for c in after.state.row) + "." in words
    assert "circle" in handouts.handout_games()
