"""Typed answers are read in the forms people naturally use, and nothing is guessed."""

import pytest

from savannah_kit.teach import answers
from savannah_kit.teach.answers import AnswerError

SIDES = answers.words({"N": "N", "E": "E", "S": "S", "W": "W", "north": "N", "east": "E", "south": "S",
                       "west": "W"})
FOODS = answers.words({"nut": "nut", "nuts": "nut", "egg": "egg", "eggs": "egg", "worm": "worm"}, ordered=True)


@pytest.mark.parametrize("raw", ["E, S, W", "E S W", "e,s,w", "[E, S, W]", ["E", "S", "W"], ("W", "S", "E"),
                                 "east, south and west", '["E","S","W"]', "W/S/E"])
def test_sides_are_read_in_every_natural_form(raw):
    assert SIDES.read(raw) == frozenset("ESW")


def test_an_unknown_word_names_itself_and_the_choices():
    with pytest.raises(AnswerError, match=r"'X' is not one of the choices: N, E, S, W"):
        SIDES.read("E, X")


def test_ordered_answers_keep_order_and_repeats():
    assert FOODS.read("egg, nut, egg") == ("egg", "nut", "egg")
    assert FOODS.read(["Eggs", "worm"]) == ("egg", "worm")
    assert FOODS.read("") == () and FOODS.show(()) == "none"
    assert FOODS.show(("egg", "nut")) == "egg, nut"


@pytest.mark.parametrize("raw", [7, "7", " 7 ", "7 points", "+7", "7 pts", 7.0])
def test_numbers_in_every_natural_form(raw):
    assert answers.number().read(raw) == 7


@pytest.mark.parametrize("raw", ["seven", True, 7.5, [7], "7 8", None])
def test_what_is_not_a_number_is_refused_with_an_example(raw):
    with pytest.raises(AnswerError, match="whole number"):
        answers.number().read(raw)


def test_a_number_out_of_range_is_refused():
    with pytest.raises(AnswerError, match="outside 0–20"):
        answers.number(high=20).read(25)
    assert answers.number().show(1) == "1 point" and answers.number().show(3) == "3 points"


@pytest.mark.parametrize("raw", [[(0, 1), (1, -1)], "(0, 1), (1, -1)", "(0,1) (1,-1)", "0,1; 1,-1",
                                 "[(0, 1), (1, -1)]", [[0, 1], [1, -1]], {(1, -1), (0, 1)}])
def test_cells_in_every_natural_form(raw):
    assert answers.cells().read(raw) == frozenset({(0, 1), (1, -1)})


def test_a_single_cell_may_be_given_alone():
    assert answers.cells().read((2, 3)) == frozenset({(2, 3)})
    assert answers.cells().show(frozenset({(1, 0), (0, 1)})) == "(0, 1), (1, 0)"


@pytest.mark.parametrize("raw", ["(0, 1), banana", [(0, 1, 2)], ["ab"], [(0.5, 1)], "somewhere"])
def test_what_is_not_a_cell_is_refused(raw):
    with pytest.raises(AnswerError, match=r"\(x, y\)"):
        answers.cells().read(raw)


def test_a_choice_is_exactly_one_word():
    who = answers.choice({"Red": "Red", "Blue": "Blue"})
    assert who.read("red") == "Red" and who.read(["Blue"]) == "Blue"
    with pytest.raises(AnswerError, match="exactly one"):
        who.read(["Red", "Blue"])
    with pytest.raises(AnswerError, match="not one of the choices: Red, Blue"):
        who.read("Green")


def test_the_difference_is_told_without_the_answer():
    assert answers.describe_difference(SIDES, frozenset("EN"), frozenset("ESW")) == \
        "1 of yours is not right and 2 are missing"
    assert answers.describe_difference(answers.number(), 9, 7) == "too high"
    assert answers.describe_difference(FOODS, ("nut", "egg"), ("egg", "nut")) == "the right items, in the wrong order"
    assert answers.describe_difference(FOODS, ("nut",), ("egg", "nut")) == "you listed 1, the answer has 2"


@pytest.mark.parametrize("raw", ["none", "Nothing", " [] ", [], "-"])
def test_none_is_an_answer_for_sets_and_lists(raw):
    assert SIDES.read(raw) == frozenset() and FOODS.read(raw) == () and answers.cells().read(raw) == frozenset()
