"""Circle of Life lesson 01: its guided first game fits in 15 minutes, and the notebook says how long it
takes, measured the way TEACHING.md measures it: the words a learner reads (the prose and what the cells
print) at 200 a minute, plus 4 s for every click of the guided first game played by clicking what the
guide outlines. The quick start stays within 600 words and ends with the whole game at a glance."""

import ast
import json
import math
import re
from pathlib import Path

import pytest

from savannah_kit import circle

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "circle" / "01_play_in_10_minutes.ipynb"
STATED = re.compile(r"about (\d+) minutes, measured: (\d+) words to read at 200 a minute, plus (\d+) clicks at 4 s each "
                    r"in the first game \((\d+) turns a player\)")


def words(text: str) -> int:
    """Words as a reader meets them: link targets are not read, lone marks (|, ---, *) are not words."""
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return sum(1 for t in text.split() if re.search(r"[A-Za-z0-9]", t))


def cells():
    return json.loads(LESSON.read_text("utf-8"))["cells"]


def prose_words() -> int:
    return sum(words("".join(c["source"])) for c in cells() if c["cell_type"] == "markdown")


def printed_words() -> int:
    return sum(words("".join(o.get("text", ""))) for c in cells() if c["cell_type"] == "code"
               for o in c.get("outputs", []) if o.get("output_type") == "stream")


def short_deck() -> dict:
    """The first game's deck, read from the lesson's own code."""
    code = next("".join(c["source"]) for c in cells() if "SHORT_DECK = " in "".join(c["source"]))
    return ast.literal_eval(re.search(r"SHORT_DECK = (\{.*?\})\n", code, re.S).group(1))


def guided_clicks(deck: dict) -> tuple:
    """Play the first game by clicking what the guide outlines (as the browser test does): the clicks,
    and the finished game."""
    board = circle.from_scenario(deck, seed=0).widget(bots={1: "greedy"}, guided=True)
    clicks = 0
    while not board.game.is_over:
        target = (board.emphasis() or board.keyboard_order())[0]
        board.click_hit(target)
        clicks += 1
        assert clicks < 500, "the guided game does not end"
    return clicks, board.game


def test_the_first_game_is_short_ends_and_starts_with_a_hunt():
    clicks, game = guided_clicks(short_deck())
    first = game.history[0]
    assert type(first).__name__ == "Play" and any(targets for _b, targets in first.actions), "Red's first card hunts"
    assert game.is_over and len(game.state.draw_pile) == 0
    turns = sum(1 for m in game.history if type(m).__name__ in ("Play", "Discard"))
    assert 14 <= turns <= 18, turns  # about 8 turns each
    assert clicks <= 60


def test_the_lesson_states_its_measured_length_and_it_is_at_most_15_minutes():
    text = "".join("".join(c["source"]) for c in cells() if c["cell_type"] == "markdown")
    stated = STATED.search(text)
    assert stated, "lesson 01 says how long it takes, measured"
    minutes, said_words, said_clicks, said_turns = map(int, stated.groups())
    clicks, game = guided_clicks(short_deck())
    turns = [m for m in game.history if type(m).__name__ in ("Play", "Discard")]
    assert said_turns == len(turns[0::2]), "Red moves first, then turns alternate"
    read = prose_words() + printed_words()
    assert (said_words, said_clicks) == (read, clicks)
    assert minutes == math.ceil(read / 200 + clicks * 4 / 60)
    assert minutes <= 15
    assert f"play in {minutes} minutes" in text.lower() or minutes <= 10, "the title promises no less than it takes"


def test_the_quick_start_is_short_and_ends_with_the_game_at_a_glance():
    assert prose_words() <= 600
    text = "".join("".join(c["source"]) for c in cells() if c["cell_type"] == "markdown")
    glance = text[text.index("## The whole game at a glance"):]
    table = [line for line in glance.splitlines() if line.startswith("| ") and "---" not in line][1:]
    for topic in ("predators", "prey", "hunting", "kill, scare", "Giraffe", "Maasai", "the end", "score", "a tie",
                  "no card fits", "placing", "re-order"):
        row = next((line for line in table if line.startswith(f"| {topic} |")), None)
        assert row, topic
        assert re.search(r"\]\(0[1-6]_[a-z0-9_]+\.ipynb\)", row), f"{topic}: links to the lesson that teaches it"
    for species in circle.default_catalogue().species:
        name = {"Rhinoceros": "Rhino", "Hippopotamus": "Hippo"}.get(species.name, species.name)
        assert name in glance, species.name


@pytest.mark.parametrize("cell", [3])
def test_the_first_turn_explains_every_point_it_prints(cell):
    out = "".join("".join(o.get("text", "")) for o in cells()[cell].get("outputs", []))
    said = re.search(r"Red now: (\d+) for the kills \+ (\d+) for the Leopard on the savannah = (\d+) points", out)
    assert said and int(said[1]) + int(said[2]) == int(said[3])
