"""What the forest engine says, read as a learner reads it: natural English (one nut, 1 point,
"the Fox and the Squirrel"), board words rather than programmer notation, and a cell named
only as "(x, y)" where the board can turn it into words."""

import random
import re

import pytest

from savannah_kit import forest
from savannah_kit.core.errors import IllegalMove
from savannah_kit.forest import Keep, Lair, Orient, Place, Take, Water
from savannah_kit.core.words import and_list, plural
from savannah_kit.forest.scoring import a_food, foods_met

from forest_positions import at_the_clean_up, forced_scenario

CELL = r"\(-?\d+, -?\d+\)"
#: Wordings a learner must never see.
BAD_WORDS = [
    (r"'s the ", "a possessive before 'the' (\"Red's the Squirrel\")"),
    (r"(?<![\d-])1 (points|foods|cards|animals|paths|lair tokens|water drops|spaces)\b", "a plural after 1"),
    (r"(?<![\d-])(0|[2-9]|\d\d+) (point|food|card|lair token|water drop|space)(?![s\w])", "a singular after a count"),
    (r"no food, in this order", "an order of nothing"),
    (r"meets (a |an )?\w+, in this order", "an order of one food"),
    (r"\bseats?\b|\bphases?\b", "a programmer word"),
    (r"\b(Take|Place|Lair|Water|Keep|Orient)\(", "a move's code"),
    (r"[AP]\d\d@", "a layout code"),
]


def bad_wording(text):
    """The reasons ``text`` would read badly, if any."""
    bad = [why for pattern, why in BAD_WORDS if re.search(pattern, text)]
    outside = re.sub(CELL, "", text)
    if re.search(r"\(-?\d+,", outside):
        bad.append("a cell in another notation than (x, y)")
    if re.search(r"(?<!\w)-\d", outside):
        bad.append("a negative number outside a cell")
    return bad


def event_problems(text):
    """An event names a cell only as "at (x, y)": the board turns that into "right of the Fox"."""
    bad = bad_wording(text)
    for m in re.finditer(CELL, text):
        if not text[:m.start()].endswith("at "):
            bad.append(f"a cell mentioned without 'at ': {text!r}")
    return bad


def refusal_problems(text):
    """A refusal names a cell only first: the board reads "(x, y)" as "this cell"."""
    bad = bad_wording(text)
    for m in re.finditer(CELL, text):
        if m.start() != 0:
            bad.append(f"a cell mentioned inside the sentence: {text!r}")
    return bad


# -- the words ----------------------------------------------------------------------------------

def test_words_count_and_list_naturally():
    assert [plural(n, "point") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert plural(1, "berry", "berries") == "1 berry" and plural(3, "berry", "berries") == "3 berries"
    assert [plural(2, w) for w in ("branch", "bonus", "box")] == ["2 branches", "2 bonuses", "2 boxes"]
    assert [and_list(x) for x in ([], ["nut"], ["nut", "egg"], ["nut", "egg", "worm"])] == [
        "", "nut", "nut and egg", "nut, egg and worm"]
    assert and_list(["the Fox", "the Owl"], "or") == "the Fox or the Owl"
    assert [a_food(f) for f in forest.FOODS] == ["a berry", "a worm", "an egg", "a nut"]
    assert foods_met([]) == "no food" and foods_met(["nut"]) == "a nut"
    assert foods_met(["nut", "egg", "worm"]) == "nut, egg and worm, in this order"


def game_at(red, blue="A02@0,0r0", market=None):
    market = market or {"rabbit": "A05", "rooster": "P12", "armadillo": "P01", "goat": "P02"}
    return forest.from_scenario({"forests": [red, blue], "market": dict(market), "pawn": 0})


@pytest.mark.rule("forest.path.food-order")
def test_an_animal_meeting_one_food_meets_a_nut():
    g = game_at("A01@0,0r90")  # the Fox's path leaves east
    g.play(Take(0, "rooster"))  # P12: a straight path with one nut
    events = g.play(Place(0, 1, 0, 0))
    assert [e.message for e in events[:2]] == ["Red places path card P12 at (1, 0), turned 0°, joining the path "
                                               "next to it", "Red's Fox now meets a nut"]


@pytest.mark.rule("forest.path.food-order", "forest.advisor.rabbit")
def test_a_new_animal_on_an_empty_path_meets_no_food():
    g = game_at("A01@0,0r90")
    g.play(Take(0, "rabbit"))  # the Hamster
    events = g.play(Place(0, 0, 1, 180))  # its stub points south, away from the Fox
    assert events[1].message == "Red's Hamster now meets no food"


@pytest.mark.rule("forest.path.food-order")
def test_several_foods_are_listed_in_walking_order():
    g = game_at("A01@0,0r90", market={"rabbit": "A05", "rooster": "P12", "armadillo": "P01", "goat": "P10"})
    g.play(Take(0, "goat"))  # P10: berry, nut, nut
    events = g.play(Place(0, 1, 0, 0))
    assert events[1].message == "Red's Fox now meets berry, nut and nut, in this order"


@pytest.mark.rule("forest.end.shared-path-cleanup", "forest.end.winner")
def test_shared_path_and_final_texts_name_animals_plainly():
    g = at_the_clean_up()
    assert g.log[-1].message == "Red's Squirrel and Titmouse share a path: Red keeps one of them"
    events = g.play(Keep(0, 1, 2))
    texts = [e.message for e in events]
    assert texts[0] == "Red keeps the Titmouse and discards the Squirrel: it scores nothing"
    assert "Red ends with the 1st Player pawn: +1 point" in texts
    assert any(re.fullmatch(r"Red's Titmouse stores (berry and worm): \d+ points?", t) for t in texts), texts


def test_the_board_text_counts_one_card_and_one_point():
    g = next(g for seed in range(40) for g in [forest.new_game(players=2, seed=seed)] if 1 in g.scores())
    seat = g.scores().index(1)
    assert f"{g.player_name(seat)}: 1 card, 1 point" in str(g).splitlines()
    assert not bad_wording(str(g).replace("\n", " "))


# -- forced placement: the shared path is told at once -------------------------------------------

@pytest.mark.rule("forest.place.forced", "forest.end.shared-path-cleanup")
def test_a_forced_placement_says_at_once_that_two_animals_now_share_a_path():
    g = forest.from_scenario(forced_scenario())
    events = g.play(Take(0, "rooster"))
    assert events[-1].message == ("No card on the board fits without putting two animals on one path: Red places "
                                  "it anywhere next to the forest, inside the 4×4 square")
    events = g.play(Place(0, 1, 1, 0))  # joins the Squirrel (2, 1) and the Titmouse (1, 2)
    assert events[0].rule == "forest.place.forced"
    shared = [e for e in events if e.rule == "forest.end.shared-path-cleanup"]
    assert [e.message for e in shared] == ["Red's Squirrel and Titmouse now share a path: at the end of the game "
                                           "Red keeps one and the other is discarded"]
    assert shared[0].player == 0 and shared[0].data == {"cells": [[2, 1], [1, 2]]}
    # told once: the next placements say nothing more about it
    g.play(Take(1, "armadillo"))
    later = g.play(Place(1, 3, 3, 0))
    assert [e.message for e in later if "now share" in e.message] == []


@pytest.mark.rule("forest.place.forced")
def test_a_forced_placement_that_shares_no_path_says_nothing_of_it():
    g = forest.from_scenario(forced_scenario())
    g.play(Take(0, "armadillo"))  # P25: two curves N-E and S-W
    for q in (0, 90, 180, 270):
        trial = g.copy()
        events = trial.play(Place(0, 1, 1, q))
        told = any("now share" in e.message for e in events)
        assert told == bool(trial.forest(0).shared_paths()), q


# -- every text of whole games, and refusals of every kind ----------------------------------------

def all_event_texts():
    for options in ({"players": 2}, {"players": 4}, {"players": 2, "advanced": True}):
        for seed in range(3):
            g = forest.new_game(seed=seed, **options)
            rng = random.Random(seed)
            while not g.is_over:
                g.play(rng.choice(g.legal_moves()))
            yield from (e.message for e in g.log)
    yield from (e.message for e in at_the_clean_up(keep=(1, 2)).log)


def test_no_event_reads_badly():
    bad = {f"{text!r}: {why}" for text in all_event_texts() for why in event_problems(text)}
    assert not bad, sorted(bad)[:10]


def wrong_moves(g):
    """Moves that are not legal now, of every kind, for every player and cell around."""
    p = g.current_player
    box = g.forest(p).bbox() or (0, 0, 0, 0)
    cells = [(x, y) for x in range(box[0] - 2, box[2] + 3) for y in range(box[1] - 2, box[3] + 3)]
    yield Take(p, "cow")
    yield Take(7, "goat")
    yield Take(1 - p if g.players == 2 else (p + 1) % g.players, "goat")
    yield Water(p, 0, 0, "honey")
    yield Orient(p, 45)
    for x, y in cells:
        for r in (0, 90, 180, 270):
            yield Place(p, x, y, r)
        yield Lair(p, x, y)
        yield Water(p, x, y, "egg")
        yield Keep(p, x, y)


def all_refusals():
    for options in ({"players": 2}, {"players": 2, "advanced": True}):
        g = forest.new_game(seed=5, **options)
        rng = random.Random(5)
        seen = set()
        while not g.is_over:
            if g.phase not in seen or rng.random() < 0.05:
                seen.add(g.phase)
                yield from refusals_now(g)
            g.play(rng.choice(g.legal_moves()))
    g = at_the_clean_up()
    assert g.phase == "cleanup"
    yield from refusals_now(g)


def refusals_now(g):
    legal = set(g.legal_moves())
    for m in wrong_moves(g):
        if m not in legal:
            with pytest.raises(IllegalMove) as err:
                g.play(m)
            yield err.value.reason
            yield g.explain(m)


def test_no_refusal_reads_badly():
    bad, count = set(), 0
    for text in all_refusals():
        count += 1
        bad |= {f"{text!r}: {why}" for why in refusal_problems(text.removeprefix("Not legal: "))}
    assert count > 500 and not bad, sorted(bad)[:10]


def test_the_board_reading_of_a_refusal_stays_english():
    """The board turns a refusal's "(x, y)" into "this cell": the sentence must still read."""
    g = game_at("A01@0,0r90 P03@1,0r0 P04@2,0r0 P05@3,0r0", "A02@0,0r0 P06@1,0r0 P07@2,0r0 P08@3,0r0")
    g.play(Take(0, "goat"))
    for move, words in [
        (Place(0, 4, 0, 0), "this cell is too far out: with a card there the forest would not fit inside a 4×4 "
                            "square"),
        (Place(0, 0, 0, 0), "this cell already holds the Fox: choose an empty cell"),
        (Place(0, 3, 3, 0), "this cell shares no edge with a card of the forest"),
    ]:
        with pytest.raises(IllegalMove) as err:
            g.play(move)
        assert re.sub(CELL, "this cell", err.value.reason) == words


@pytest.mark.rule("forest.end.shared-path-cleanup")
def test_keeping_an_animal_off_the_shared_path_names_the_ones_to_choose_from():
    g = at_the_clean_up()
    with pytest.raises(IllegalMove) as err:
        g.play(Keep(0, 1, 0))
    assert err.value.reason == "(1, 0) is not one of the animals sharing the path: keep the Squirrel or the Titmouse"


def test_moves_print_without_programmer_words():
    assert str(Take(0, "goat")) == "player 0 takes the goat's card"
    assert str(Place(1, 2, -1, 90)) == "player 1 places the card at (2, -1), turned 90°"
    assert not bad_wording(str(Keep(0, 1, 2)))
