"""Lab notebook 01_what_if: its claims, checked against the engine.

Each position is rebuilt here the way the notebook builds it (scenario data and the sandbox's
edit functions); the engine must then give what the notebook's text and stored outputs say:
where the two Tails moves end, which Circle card scores best, where the Forest card is worth
most, and that every printed "copy as code" line rebuilds exactly the edited position."""

import json
import re
from pathlib import Path

import pytest

from savannah_kit import circle, forest, tails
from savannah_kit.circle import sandbox as circle_sandbox
from savannah_kit.forest import Place, Take
from savannah_kit.forest import sandbox as forest_sandbox
from savannah_kit.tails import Move
from savannah_kit.tails import sandbox as tails_sandbox

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "lab" / "01_what_if.ipynb"
MARKET = {"rabbit": "A05", "rooster": "P12", "armadillo": "P01", "goat": "P02"}
ABOVE_THE_FOX = Place(player=0, x=0, y=-1, rotation=90)
RIGHT_OF_P03 = Place(player=0, x=2, y=0, rotation=0)


@pytest.fixture(scope="module")
def cells():
    return json.loads(NOTEBOOK.read_text("utf-8"))["cells"]


def source(cell) -> str:
    return "".join(cell["source"])


def printed(cells) -> str:
    """Every text the notebook's code cells printed, in order."""
    return "\n".join("".join(o.get("text", "")) for c in cells if c["cell_type"] == "code" for o in c["outputs"])


def code_line(cells, module: str) -> str:
    """The one printed "copy as code" line that rebuilds a position of ``module``."""
    lines = [line for line in printed(cells).splitlines() if line.startswith(f"{module}.from_scenario(")]
    assert len(lines) == 1, f"expected one printed {module}.from_scenario line, found {len(lines)}"
    return lines[0]


def play_on_copy(game, move):
    after = game.copy()
    after.play(move)
    return after


def race_data():
    data = tails.new_game(players=2, seed=7).to_scenario()
    data = tails_sandbox.move_ostrich(data, "red", "T03:yellow:1")
    data = tails_sandbox.move_ostrich(data, "purple", "T03:blue:3")
    return tails_sandbox.set_hand(data, "red", ["yellow-5", "red-2", "blue-3", "black-4"])


def savannah_data():
    data = circle.from_scenario({
        "savannah": ["Buffalo", "Zebra@1", "Hyena@1", "Gazelle"],
        "hands": [["Leopard", "Warthog", "Giraffe"], ["Lion", "Impala", "Zebra"]],
        "draw_pile": ["Zebra", "Gazelle", "Impala", "Warthog"]}).to_scenario()
    data = circle_sandbox.add_to_savannah(data, "Wildebeest")
    return circle_sandbox.set_token(data, 4, 1)


def woods():
    return forest.from_scenario({"forests": ["A01@0,0r0 P03@1,0r0", "A02@0,0r0 P04@0,1r0"], "market": dict(MARKET),
                                 "pawn": 0})


def ostrich_space(game, seat):
    return game.to_scenario()["ostriches"][seat]["space"]


def best_moves(game, seat):
    """The moves that leave ``seat`` the most points if the game ended right after them."""
    points = {game.describe(m): play_on_copy(game, m).score_if_ended_now(seat).total for m in game.legal_moves()}
    top = max(points.values())
    return sorted(words for words, p in points.items() if p == top), top


# -- Savannah Tails ----------------------------------------------------------------------------
def test_the_two_tails_moves_end_where_the_notebook_says(cells):
    race = tails.from_scenario(race_data(), seed=7)
    yellow_five = Move(card="yellow-5", to="T04:yellow:2")
    black_four = Move(card="black-4", to="T03:black:5")
    assert race.is_legal(yellow_five) and race.is_legal(black_four)
    assert ostrich_space(play_on_copy(race, yellow_five), 0) == "T04:yellow:2"
    assert ostrich_space(play_on_copy(race, black_four), 0) == "T03:black:5"
    assert "2 extra spaces" in race.explain(yellow_five) and "7 points" in race.explain(yellow_five)
    text = printed(cells)
    for move in (yellow_five, black_four):
        assert race.explain(move) in text, f"the stored output does not show the engine's words for {move}"
    assert "Red ends on T04:yellow:2" in text and "Red ends on T03:black:5" in text


def test_with_purple_behind_the_yellow_five_earns_one_bonus_space(cells):
    behind = tails.from_scenario(tails_sandbox.move_ostrich(race_data(), "purple", "T03:red:0"), seed=7)
    assert behind.is_legal(Move(card="yellow-5", to="T04:yellow:1"))
    assert not behind.is_legal(Move(card="yellow-5", to="T04:yellow:2"))
    assert "1 extra space" in behind.explain(Move(card="yellow-5", to="T04:yellow:1"))
    assert "stops one space\nshorter, on T04 yellow space 2" in "\n".join(source(c) for c in cells)


# -- Circle of Life -----------------------------------------------------------------------------
def test_the_circle_card_the_notebook_names_scores_best():
    savannah = circle.from_scenario(savannah_data())
    assert best_moves(savannah, 0) == (["Play Leopard (C04): kill Hyena (C10), Wildebeest (C41)"], 5)
    red_token = circle.from_scenario(circle_sandbox.set_token(savannah_data(), 4, 0))
    assert best_moves(red_token, 0) == (["Play Leopard (C04): kill Hyena (C10), Gazelle (C52)"], 6)


def test_the_circle_suggestions_are_repeatable_and_agree(cells):
    pytest.importorskip("ipywidgets")
    board = circle.from_scenario(savannah_data()).widget(branching=True, suggest=True)
    board.show_hand()
    first = board.suggest_panel.suggest()
    again = board.suggest_panel.texts()
    assert board.suggest_panel.suggest() and board.suggest_panel.texts() == again, "the same position, another list"
    assert "kill Hyena (C10), Wildebeest (C41)" in first[0].words
    assert "\n".join(again) in printed(cells), "the stored suggestion list is not the one the bot gives"


# -- Savernake Forest ---------------------------------------------------------------------------
def test_above_the_fox_is_worth_two_points_more_and_not_with_berries():
    taken = play_on_copy(woods(), Take(player=0, slot="goat"))
    assert taken.held_card == "P02"
    assert play_on_copy(taken, ABOVE_THE_FOX).score_breakdown(0).total == 5
    assert play_on_copy(taken, RIGHT_OF_P03).score_breakdown(0).total == 3
    berries = forest.from_scenario(forest_sandbox.set_market(woods().to_scenario(), "goat", "P05"))
    taken = play_on_copy(berries, Take(player=0, slot="goat"))
    assert taken.held_card == "P05"
    assert {play_on_copy(taken, p).score_breakdown(0).total for p in (ABOVE_THE_FOX, RIGHT_OF_P03)} == {3}


# -- copy as code -------------------------------------------------------------------------------
EDITED = {
    "tails": lambda: (tails.from_scenario(tails_sandbox.move_ostrich(race_data(), "purple", "T03:red:0"), seed=7)),
    "circle": lambda: circle.from_scenario(circle_sandbox.set_token(savannah_data(), 4, 0)),
    "forest": lambda: forest.from_scenario(forest_sandbox.set_market(woods().to_scenario(), "goat", "P05")),
}


@pytest.mark.parametrize("module", sorted(EDITED))
def test_each_printed_code_line_rebuilds_the_edited_position(cells, module):
    line = code_line(cells, module)
    rebuilt = eval(line, {"tails": tails, "circle": circle, "forest": forest})
    expected = EDITED[module]()
    assert rebuilt.to_scenario() == expected.to_scenario()
    assert rebuilt.legal_moves() == expected.legal_moves()


def test_the_sandbox_prints_the_same_code_line_every_time(cells):
    pytest.importorskip("ipywidgets")
    sandbox = tails.from_scenario(race_data(), seed=7).widget(sandbox=True)
    assert sandbox.edit(tails_sandbox.move_ostrich, "purple", "T03:red:0")
    assert sandbox.copy_as_code() == code_line(cells, "tails")


# -- the notebook's shape -----------------------------------------------------------------------
def test_the_notebook_has_its_parts(cells):
    text = [source(c) for c in cells if c["cell_type"] == "markdown"]
    assert text[0].startswith("# Lab 1") and "What you will learn" in text[0]
    assert any(t.startswith("## Recap") for t in text)
    assert "](02_bots.ipynb)" in source(cells[-1]) and cells[-1]["cell_type"] == "markdown"
    assert (NOTEBOOK.parent / "02_bots.ipynb").is_file(), "the link to the next lab notebook leads nowhere"
    code = [c for c in cells if c["cell_type"] == "code"]
    for option in ("sandbox=True", "branching=True", "suggest=True"):
        assert any(option in source(c) for c in code), f"no cell opens a board with {option}"
    live = [c for c in code if ".widget(" in source(c)]
    without_picture = [source(c)[:50] for c in live if not any("image/png" in o.get("data", {}) for o in c["outputs"])]
    assert not without_picture, f"boards without a stored picture for static views: {without_picture}"
    assert not any("nbval-ignore-output" in c.get("metadata", {}).get("tags", []) for c in code), \
        "every output of this notebook is repeatable: nothing needs ignoring"
    assert not re.search(r"\bError\b|Traceback", printed(cells))
