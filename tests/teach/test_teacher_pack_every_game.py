"""What every game's teacher pack does alike: the lesson plans' timings add up, each worksheet
puzzle rebuilds a fresh position, names its misreadings, and checks, hints and explains like a
lesson's exercise, and the handout states every rule of the game on one A4 page (Savannah Tails:
two), names no rule id and no ruling code, and gives the same bytes every time.

What one game's pack holds (its puzzles' answers played out, its pictures, what its handout
says) is tested with the game.
"""

import importlib
import json
import re
import subprocess
from pathlib import Path

import pytest

from savannah_kit.core.rules_index import rules_for
from savannah_kit.core.scene import Circle, Polygon, Text
from savannah_kit.teach import handout as handouts
from savannah_kit.teach.reference import cells_of

TEACHER = Path(__file__).resolve().parents[2] / "notebooks" / "teacher"
#: the fewest steps each game's 45- and 90-minute plans take
PLAN_STEPS = {"tails": 4, "circle": 5, "forest": 4}
#: the games whose worksheet puzzles are tested here
PUZZLE_GAMES = ("tails", "circle", "forest")
PUZZLES = [p for game in PUZZLE_GAMES for p in importlib.import_module(f"savannah_kit.{game}.puzzles").PUZZLES]
BY_PUZZLE = pytest.mark.parametrize("ex", PUZZLES, ids=lambda p: p.id)
#: the games whose handouts are tested here, and their pages
HANDOUT_PAGES = {"tails": 2, "circle": 1, "forest": 1}
#: what the Tails handout must name: every animal, terrain and bonus face
TAILS_THINGS = ("Lion", "Crocodile", "Cheetah", "Porcupine", "Warthog", "Quicksand", "Dune", "Rope bridge",
                "Water hole", "Boinnnggg", "Leapfrog", "Crazy Wings", "D\u00e9j\u00e0 vu", "Bird Brain",
                "Neck Stretch", "tiptoe", "baobab", "finish line")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def plan(game, minutes):
    """The (from, to) minutes of each step of one lesson plan."""
    nb = json.loads((TEACHER / f"{game}_lesson_plans.ipynb").read_text("utf-8"))
    text = next(src for _, src, _ in cells_of(nb) if src.startswith(f"## The {minutes}-minute lesson"))
    return [(int(a), int(b)) for a, b in re.findall(r"^\| (\d+)–(\d+) \|", text, re.MULTILINE)]


@pytest.mark.parametrize("minutes", [45, 90])
@pytest.mark.parametrize("game", PLAN_STEPS)
def test_the_lesson_plans_timings_add_up(game, minutes):
    steps = plan(game, minutes)
    assert len(steps) >= PLAN_STEPS[game]
    assert steps[0][0] == 0 and steps[-1][1] == minutes
    assert all(a < b for a, b in steps)
    assert all(prev[1] == nxt[0] for prev, nxt in zip(steps, steps[1:])), "gaps or overlaps"
    assert sum(b - a for a, b in steps) == minutes


@BY_PUZZLE
def test_every_build_is_a_fresh_position(ex):
    first = ex.position()
    before = first.to_json()
    first.play(first.legal_moves()[0])
    assert ex.position().to_json() == before


@BY_PUZZLE
def test_each_predicted_mistake_is_wrong_and_named(ex):
    game = ex.position()
    right = ex.solve(game)
    for m in ex.mistakes:
        given = m.answer(game)
        assert given != right, f"{m.name} gives the right answer"
        for fb in (ex.check(given, remember=False), ex.check(ex.answer.show(given), remember=False)):
            assert not fb and fb.mistake == m.name


@BY_PUZZLE
def test_a_right_answer_explains_and_a_wrong_one_does_not_pass(ex):
    game = ex.position()
    right = ex.solve(game)
    fb = ex.check(ex.answer.show(right), remember=False)
    assert fb and str(fb).startswith("✓ Right: ")
    assert not ex.check(None, remember=False)
    assert not ex.check("Crocodile", remember=False)  # not a thing of any game: read, refused, explained
    assert ex.hint(1).startswith("Hint 1") and ex.hint(2).startswith("Hint 2")
    assert str(ex.show()).startswith(f"Answer: {ex.answer.show(right)}.")
    assert all(f"[{r}]" in ex.explain(game) or r in ex.explain(game) for r in ex.rules[:1])


@pytest.fixture(scope="module", params=list(HANDOUT_PAGES))
def handout_pdf(request, tmp_path_factory):
    """(game, the handout written to a file named by the caller)."""
    out = tmp_path_factory.mktemp("handout") / f"{request.param}.pdf"
    assert handouts.write_handout(request.param, out) == out
    return request.param, out


def pdf_words(pdf) -> str:
    return " ".join(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())


def test_the_handout_is_one_a4_page_or_two_for_tails(handout_pdf):
    game, pdf = handout_pdf
    assert pdf.read_bytes()[:5] == b"%PDF-"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(rf"^Pages:\s+{HANDOUT_PAGES[game]}$", info, re.MULTILINE)
    assert "595.28 x 841.89" in info


@pytest.mark.parametrize("game", HANDOUT_PAGES)
def test_the_handout_states_every_rule_of_the_game(game):
    stated = set(handouts.handout_for(game).rules)
    missing = [r.id for r in rules_for(game) if r.id not in stated]
    assert not missing, f"the {game} handout leaves out {missing}"


def test_the_handout_prints_no_rule_ids_and_explains_its_ruling_marks(handout_pdf):
    game, pdf = handout_pdf
    words = pdf_words(pdf)
    assert not re.search(rf"\b{game}\.[a-z]+\.", words), "a rule id is printed"
    # a ruling's code, not a footprint's label (Tails prints "K1" on the black lane's first space)
    assert not re.search(r"\(K\d+\)|\bruling K\d+|decision [A-D]\d|GAMES\.md|RULES\.md|ASSUMPTION", words)
    assert "(a kit ruling)" in words or "Kit rulings" in words
    assert "A kit ruling is the kit's reading of a point the rulebook leaves open" in words


def test_the_tails_handout_names_every_animal_terrain_and_bonus(handout_pdf):
    game, pdf = handout_pdf
    if game != "tails":
        pytest.skip("a Savannah Tails check")
    words = pdf_words(pdf)
    for thing in TAILS_THINGS:
        assert thing in words, thing
    assert not re.search(r"T\d\d:[a-z]+:\d", words), "a space code the picture does not print"


def test_the_same_handout_gives_the_same_bytes(tmp_path, handout_pdf):
    game, pdf = handout_pdf
    again = handouts.write_handout(game, tmp_path)  # a folder: <game>_handout.pdf in it
    assert again == tmp_path / f"{game}_handout.pdf"
    assert again.read_bytes() == pdf.read_bytes()


# -- the printed puzzle sheet and its answers ----------------------------------------------------------------

@pytest.fixture(scope="module", params=PUZZLE_GAMES)
def sheets(request, tmp_path_factory):
    """(game, worksheet PDF, answer key PDF), written by the command line as a teacher would."""
    from savannah_kit import cli

    game, folder = request.param, tmp_path_factory.mktemp("sheets")
    for command, name in (("worksheet", "ws.pdf"), ("answer-key", "ak.pdf")):
        assert cli.main([command, game, "--out", str(folder / name)]) == 0
    return game, folder / "ws.pdf", folder / "ak.pdf"


def page_images(pdf, dpi=30):
    from PIL import Image

    prefix = pdf.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(prefix)], check=True, capture_output=True)
    return [Image.open(f).convert("RGB") for f in sorted(pdf.parent.glob(prefix.name + "-*.png"))]


def colour(image) -> float:
    """The share of clearly coloured pixels under the title band: the boards are drawn in colour,
    the text in black and grey."""
    body = image.crop((0, image.height * 15 // 100, image.width, image.height))
    saturation = body.convert("HSV").split()[1].histogram()
    return sum(saturation[60:]) / (body.width * body.height)


def test_the_sheets_are_a4_pages_with_a_picture_on_each(sheets):
    game, ws, ak = sheets
    found = importlib.import_module(f"savannah_kit.{game}.puzzles").PUZZLES
    for pdf in (ws, ak):
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
        pages = int(re.search(r"^Pages:\s+(\d+)$", info, re.MULTILINE).group(1))
        assert (len(found) + 1) // 2 <= pages <= len(found), f"{pdf.name}: {pages} pages for {len(found)} puzzles"
        assert "595.28 x 841.89" in info
        images = page_images(pdf)
        assert len(images) == pages
        for i, image in enumerate(images, start=1):
            assert colour(image) > 0.012, f"{game} {pdf.name} page {i} has no picture"  # text alone: 0


def test_the_worksheet_asks_every_puzzle_with_room_to_write_and_no_code_or_answers(sheets):
    game, ws, _ak = sheets
    words = pdf_words(ws)
    found = importlib.import_module(f"savannah_kit.{game}.puzzles").PUZZLES
    for i, ex in enumerate(found, start=1):
        assert f"Puzzle {i}: {ex.title}" in words
    assert words.count("Your answer:") == len(found) and words.count("How you found it:") == len(found)
    assert "Answer:" not in words and "Likely mistakes" not in words
    assert not re.search(r"savannah_kit\.|import |puzzle\(|answer_sheet|\[[a-z]+\.[a-z]", words), "code on paper"
    assert not re.search(r"\bClick\b|type (it|them|its)", words), "board-only instructions on paper"


def test_the_answer_key_gives_the_engines_answer_to_every_puzzle(sheets):
    from savannah_kit.teach.handout import paper_words

    game, _ws, ak = sheets
    words = pdf_words(ak)
    found = importlib.import_module(f"savannah_kit.{game}.puzzles").PUZZLES
    for i, ex in enumerate(found, start=1):
        right = ex.answer.show(ex.solve(ex.position()))
        assert f"Puzzle {i}: {ex.title}" in words
        assert f"Answer: {paper_words(right)}." in words, ex.id
    assert not re.search(rf"\b{game}\.[a-z]+\.|\(K\d+\)|\bruling K\d+|\(C\d\d\)|T\d\d:[a-z]+:\d", words), "codes on paper"


def test_paper_words_drop_what_only_a_board_or_a_developer_needs():
    from savannah_kit.teach.handout import paper_words

    assert paper_words("Where does Red stop? Click it, or type it like T15:yellow:2.") == "Where does Red stop?"
    assert paper_words("Red moves to T07:red:0 [tails.move.exact-distance].") == "Red moves to T07 red space 1."
    assert paper_words("Play Leopard (C04): kill Zebra (C35).") == "Play Leopard: kill Zebra."
    assert paper_words("(Kit ruling K1: fixed order.)") == "(kit ruling: fixed order.)"
    assert paper_words("Red plays red-4, not yellow-2.") == "Red plays red 4, not yellow 2."


@pytest.mark.parametrize("command", ["worksheet", "answer-key"])
def test_a_game_without_puzzles_is_one_clear_line_and_exit_code_2(command, tmp_path, capsys):
    from savannah_kit import cli

    assert cli.main([command, "chess", "--out", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"savannah-kit {command}: no puzzles for 'chess'")
    assert "tails" in err[0] and not (tmp_path / "x.pdf").exists()


# -- the answer key notebooks ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_every_exercise_and_puzzle_has_an_anchored_entry_in_the_answer_key(game):
    from savannah_kit.teach.answer_key import anchor, puzzles
    from savannah_kit.teach.exercise import exercises

    nb = json.loads((TEACHER / f"{game}_answer_key.ipynb").read_text("utf-8"))
    cells = cells_of(nb)
    wanted = list(exercises(game)) + [p.id for p in puzzles(game)]
    for ex_id in wanted:
        entry = [i for i, (kind, src, _) in enumerate(cells) if kind == "markdown" and src.startswith(anchor(ex_id))]
        assert len(entry) == 1, f"{ex_id}: {len(entry)} entries start with its anchor"
        i = entry[0]
        assert f"### `{ex_id}` — " in cells[i][1]
        assert cells[i + 1][:2] == ("code", f'answer_sheet(exercise_id="{ex_id}")'), ex_id


@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_a_saved_answer_key_shows_every_answer_and_its_picture(game):
    """Stored outputs: a reader of the saved notebook (GitHub, nbviewer) sees the answers unrun."""
    nb = json.loads((TEACHER / f"{game}_answer_key.ipynb").read_text("utf-8"))
    calls = [c for c in nb["cells"] if c["cell_type"] == "code" and "answer_sheet(" in "".join(c["source"])]
    assert calls
    for cell in calls:
        text = "".join("".join(o.get("text", "")) for o in cell.get("outputs", []) if o.get("name") == "stdout")
        assert text.startswith("Answer: ") and "\nWhy: " in text, "".join(cell["source"])
        assert any("image/png" in o.get("data", {}) for o in cell["outputs"]), "".join(cell["source"])


# -- the 45-minute plans end with a finished game ----------------------------------------------------------------

@pytest.mark.parametrize("game", PLAN_STEPS)
def test_the_45_minute_plan_ends_with_a_game_played_to_the_end(game):
    nb = json.loads((TEACHER / f"{game}_lesson_plans.ipynb").read_text("utf-8"))
    text = next(src for _, src, _ in cells_of(nb) if src.startswith("## The 45-minute lesson"))
    rows = re.findall(r"^\| (\d+)–(\d+) \|(.*)$", text, re.MULTILINE)
    game_row = [(int(a), int(b)) for a, b, row in rows if re.search(r"played to the end|run to the finish", row)]
    assert game_row, "no step plays a game to its end"
    start, end = game_row[-1]
    assert end >= 40 and end - start >= 10, "the game comes last and has time to finish"


def test_the_circle_short_game_of_the_plan_ends_in_ten_turns():
    """The short game the 45-minute plan gives is real code: played by two bots it ends, scored."""
    from savannah_kit.core.bots import make_bot

    nb = json.loads((TEACHER / "circle_lesson_plans.ipynb").read_text("utf-8"))
    text = next(src for _, src, _ in cells_of(nb) if src.startswith("## The 45-minute lesson"))
    code = re.search(r"```python\n(.*?)```", text, re.DOTALL).group(1)
    code = code.replace('short.widget(bots={1: "greedy"})', "")
    space: dict = {}
    exec(code, space)
    game = space["short"]
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    decisions = 0
    while not game.is_over and decisions < 40:
        game.play(bots[game.current_player].choose(game))
        decisions += 1
    assert game.is_over and decisions == 12  # 10 turns (5 each), then 2 last discards
    assert "12 decisions in all" in text


def test_the_tails_handout_examples_are_the_engines(handout_pdf):
    game, pdf = handout_pdf
    if game != "tails":
        pytest.skip("a Savannah Tails check")
    from savannah_kit import tails
    from savannah_kit.tails import handout as tails_handout

    words = pdf_words(pdf)
    blocked = tails.from_scenario(tails_handout.TAILS_BLOCKED)
    (stop,) = {m.to for m in blocked.legal_moves() if m.card == "yellow-4" and m.kind == "normal"}
    assert f"Red stops right behind it, on {tails_handout.board_words(stop)} (ringed)" in words
    finish = tails.from_scenario(tails_handout.TAILS_FINISH)
    winner = min(range(3), key=finish.race_position)
    assert f"{tails_handout.NAMES[winner]} wins." in words


@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_every_answer_key_link_of_a_lesson_names_an_entry_it_has(game):
    """Lessons link each exercise to ``../teacher/<game>_answer_key.ipynb#<id>`` (and to nothing
    else in the teacher pack): each link must land on an anchor of that answer key."""
    key = "\n".join(src for kind, src, _ in cells_of(json.loads((TEACHER / f"{game}_answer_key.ipynb")
                                                                .read_text("utf-8"))) if kind == "markdown")
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', key))
    lessons = TEACHER.parent / game
    for path in sorted(lessons.glob("*.ipynb")):
        text = "\n".join(src for _, src, _ in cells_of(json.loads(path.read_text("utf-8"))))
        for target, where in re.findall(r"\]\(\.\./teacher/([^)#\s]+)(?:#([^)\s]*))?\)", text):
            assert target == f"{game}_answer_key.ipynb", f"{path.name} links to teacher/{target}"
            assert where in anchors, f"{path.name} links to #{where}, which {game}_answer_key.ipynb lacks"


@pytest.mark.parametrize("game", HANDOUT_PAGES)
def test_no_callout_dot_covers_a_letter_a_token_or_an_arrow(game):
    """A callout's dot sits beside what it names: never on a text, a token or ostrich, or a small
    mark (an arrow, a star) of the picture."""
    h = handouts.handout_for(game)
    figures = [b for b in list(h.top) + [b for col in h.columns for b in col] + list(h.second_top)
               if isinstance(b, handouts.Figure)]
    checked = 0
    for fig in figures:
        shapes = fig.scene.shapes
        dots = [s for s in shapes if isinstance(s, Circle) and s.r == 2.0 and s.style.fill == "#1d1d1b"]
        marks = [s for s in shapes if not (isinstance(s, Circle) and s.r == 2.0)
                 and (isinstance(s, Text) and not s.bold and s.size < 14 or
                      isinstance(s, Circle) and re.search(r"token|ostrich", s.title or "") or
                      isinstance(s, Polygon) and s.title in ("Big Five animal",))]
        for dot in dots:
            checked += 1
            for mark in marks:
                if isinstance(mark, Circle):
                    inside = (dot.cx - mark.cx) ** 2 + (dot.cy - mark.cy) ** 2 < mark.r ** 2
                else:
                    left, top, right, bottom = handouts.shape_box(mark, em=0.55)
                    inside = left < dot.cx < right and top < dot.cy < bottom
                assert not inside, f"{game}: a callout dot at ({dot.cx:.0f}, {dot.cy:.0f}) covers {mark}"
    assert checked >= 5
