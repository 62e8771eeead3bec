"""A board a screen reader can play, the Python side (``ui/a11y.py``): each move and each
refusal is said in words in the board's live region, without rule ids; Describe (the button
or D) reads ``game.describe()``; every board has the Describe button."""

import pytest

from savannah_kit import circle, forest, tails
from savannah_kit.ui.a11y import spoken


def test_a_move_is_said_with_what_the_bots_did_and_what_to_do_next():
    b = tails.new_game(players=2, seed=1).widget(bots={1: "greedy"})
    b.click_hit("card:red-4")
    b.click_hit("space:T03:red:0")
    said = b.a11y.said[-1]
    assert said.startswith("Red plays red-4.") and "Red moves 4 points to T03 red space 1." in said
    assert "Bots played: Purple played" in said and said.endswith("Red: click a card in your hand to see where it can go.")
    assert "[tails." not in said and "[greedy bot]" not in said  # the status says the bots' moves once
    assert b.canvas.view.announce == [len(b.a11y.said), said]


def test_a_refusal_is_said_each_time_with_its_rule_in_words():
    b = tails.new_game(players=2, seed=1).widget(bots={1: "greedy"})
    space = next(h for h in b.hits() if h.startswith("space:"))
    b.click_hit(space)
    b.click_hit(space)  # the same refusal again: said again
    first, second = b.a11y.said[-2:]
    assert first == second and first.startswith("Not allowed: First choose what to play")
    assert "The rule: The played card" in first and "tails.turn" not in first
    assert b.canvas.view.announce[0] == len(b.a11y.said)


@pytest.mark.parametrize("module", [tails, circle, forest], ids=["tails", "circle", "forest"])
def test_describe_reads_the_position_from_the_button_and_the_d_key(module):
    b = module.new_game(players=2, seed=1).widget(bots={1: "greedy"})
    assert b.btn_describe in b.buttons and b.btn_describe.description == "Describe"
    assert b.a11y.panel.layout.display == "none"
    b.btn_describe.click()
    assert b.a11y.said[-1] == b.game.describe() and b.a11y.panel.layout.display == "block"
    assert b.game.describe().split(".")[0] in b.a11y.panel.value
    b.a11y.said.clear()
    b.canvas.view._handle_custom_msg({"event": "key", "key": "d", "shift": False}, [])
    assert b.a11y.said == [b.game.describe()]


def test_speech_leaves_out_rule_ids_and_marks():
    assert spoken("✗ Not allowed: too far. Rule tails.move.exact-distance: A move uses all its points") == \
        "Not allowed: too far. The rule: A move uses all its points."
    assert spoken("Red draws 1 card [tails.turn.draw]") == "Red draws 1 card."
    assert spoken("✓ Race over") == "Race over."
