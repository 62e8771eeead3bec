"""End of the game: the trigger, the last discards, the seven scoring steps and the tie-break."""

import pytest

from savannah_kit import circle
from savannah_kit.circle import CircleScore, LastDiscard, Phase, Play
from savannah_kit.core import IllegalMove

from circle_helpers import BIG_FIVE_BONUS, MAASAI_PENALTY, position


def final_position(savannah, hands, kill_piles, bonus=(0, 0), to_move=0, **options):
    """A position whose draw pile is empty: the last discards are due."""
    return circle.new_game(players=len(hands), seed=0, scenario={
        "savannah": savannah, "hands": hands, "kill_piles": kill_piles, "bonus": list(bonus),
        "draw_pile": [], "to_move": to_move}, **options)


def step(game, name):
    """The points of one scoring step, per seat."""
    return [sb.steps[name] for sb in game.score_breakdowns()]


@pytest.mark.rule("circle.end.trigger", "circle.end.last-discard")
def test_the_turn_that_empties_the_draw_pile_ends_the_game():
    g = position(["C41"], hands=[["C36", "C37", "C38"], ["C39", "C40", "C35"]], draw=["C20"])
    events = g.play(Play("C36"))
    assert events[-1].rule == "circle.end.trigger"
    assert not g.is_over and g.phase is Phase.LAST_DISCARDS and str(g.phase) == "last discards"
    assert g.current_player == 1
    assert g.legal_moves() == [LastDiscard("C39"), LastDiscard("C40"), LastDiscard("C35")]
    before = g.to_json()
    with pytest.raises(IllegalMove) as err:
        g.play(Play("C39"))
    assert err.value.rule_id == "circle.end.last-discard"
    assert g.to_json() == before
    g.play(LastDiscard("C40"))
    assert g.current_player == 0
    assert g.legal_moves() == [LastDiscard("C37"), LastDiscard("C38"), LastDiscard("C20")]
    g.play(LastDiscard("C20"))
    assert g.is_over and g.phase is Phase.OVER and g.current_player is None and g.legal_moves() == []
    assert g.view()["hand_sizes"] == [2, 2]
    assert sorted(g.to_scenario()["out"]) == ["C20", "C40"]
    with pytest.raises(IllegalMove) as err:
        g.play(LastDiscard("C37"))
    assert err.value.rule_id == "circle.end.trigger"


@pytest.mark.rule("circle.end.last-discard")
def test_the_last_discard_is_not_allowed_during_play():
    g = position(["C41"], hands=[["C36", "C37", "C38"], ["C39", "C40", "C35"]], draw=["C20", "C21"])
    with pytest.raises(IllegalMove) as err:
        g.play(LastDiscard("C36"))
    assert err.value.rule_id == "circle.end.last-discard"


@pytest.mark.rule("circle.end.survivors", "circle.end.hand-penalty", "circle.end.maasai", "circle.end.kill-pile",
                  "circle.end.big-five", "circle.end.bonus-points", "circle.end.total", "circle.end.winner")
def test_the_seven_scoring_steps():
    g = final_position(
        savannah=["C35@0", "C41@1", "C30@0", "C62@1"],  # the Maasai is rightmost with Blue's token
        hands=[["C01", "C47", "C36"], ["C20", "C48", "C37"]],
        kill_piles=[["C04", "C02", "C21", "C26", "C23"], ["C10"]], bonus=(2, 0))
    g.play(LastDiscard("C01"))
    events = g.play(LastDiscard("C20"))
    assert g.is_over
    red, blue = g.score_breakdowns()
    assert red.steps == {"survivors": 5, "hand_penalty": -3, "maasai": 0, "kill_pile": 21,
                         "big_five": BIG_FIVE_BONUS, "bonus": 2}
    assert blue.steps == {"survivors": 2, "hand_penalty": -3, "maasai": -MAASAI_PENALTY, "kill_pile": 2,
                          "big_five": 0, "bonus": 0}
    assert isinstance(red, CircleScore) and red.final and (red.player, red.name) == (0, "Red")
    assert [line.rule for line in red.lines] == ["circle.end.survivors", "circle.end.hand-penalty",
                                                 "circle.end.maasai", "circle.end.kill-pile", "circle.end.big-five",
                                                 "circle.end.bonus-points"]
    assert g.scores() == [red.total, blue.total] == [50, -9]
    assert str(blue).splitlines()[:4] == ["Blue: -9 points", "  survivors       +2", "  hand penalty    -3",
                                          "  Maasai penalty  -10"]
    assert g.winners() == [0]
    rules = [e.rule for e in events]
    for rid in ("circle.end.survivors", "circle.end.hand-penalty", "circle.end.maasai", "circle.end.kill-pile",
                "circle.end.big-five", "circle.end.bonus-points", "circle.end.total"):
        assert rid in rules
    assert events[-1].rule == "circle.end.winner"
    assert events[-1].message == "Red wins with 50 points"


@pytest.mark.rule("circle.end.maasai")
def test_the_maasai_costs_only_when_rightmost_and_only_its_token_owner():
    not_right = final_position(["C62@1", "C41@1"], [["C47", "C48"], ["C49", "C50"]], [[], []])
    assert not_right.is_over
    assert step(not_right, "maasai") == [0, 0]
    unmarked = final_position(["C41@1", "C62"], [["C47", "C48"], ["C49", "C50"]], [[], []])
    assert step(unmarked, "maasai") == [0, 0]
    red = final_position(["C41@1", "C62@0"], [["C47", "C48"], ["C49", "C50"]], [[], []])
    assert step(red, "maasai") == [-MAASAI_PENALTY, 0]


@pytest.mark.rule("circle.end.big-five")
def test_big_five_needs_all_five_species_whoever_killed_them():
    four = final_position([], [["C47", "C48"], ["C49", "C50"]], [["C01", "C04", "C20", "C26", "C27"], []])
    assert step(four, "big_five") == [0, 0]
    five = final_position([], [["C47", "C48"], ["C49", "C50"]], [["C01", "C04", "C20", "C26", "C23"], []])
    assert step(five, "big_five") == [BIG_FIVE_BONUS, 0]
    assert step(five, "kill_pile") == [5 + 4 + 5 + 3 + 4, 0]  # Lion, Leopard, Elephant, Buffalo, Rhinoceros


@pytest.mark.rule("circle.end.hand-penalty")
def test_hand_penalty_counts_only_once_the_draw_pile_is_empty():
    g = position(["C41@0"], hands=[["C01", "C20", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    before = g.score_breakdown(0)
    assert before.steps == {"survivors": 2, "hand_penalty": 0, "maasai": 0, "kill_pile": 0, "big_five": 0, "bonus": 0}
    assert before.total == 2 and not before.final
    g.play(Play("C37"))  # the draw pile empties: steps 2 and 3 now count
    assert g.score_breakdown(0).steps["hand_penalty"] == -(5 + 5 + 2)  # Lion, Elephant and the Wildebeest drawn


@pytest.mark.rule("circle.end.tie-break")
def test_a_tie_goes_to_the_most_predators_killed():
    g = final_position([], [["C41", "C42", "C38"], ["C43", "C44"]], [["C17", "C35"], ["C47", "C36"]])
    events = g.play(LastDiscard("C38"))
    assert g.scores() == [-1, -1]
    assert g.predators_killed() == [1, 0]
    assert g.winners() == [0]
    assert events[-1].rule == "circle.end.tie-break"
    assert events[-1].message == "Tie on -1 points: Red wins with more predators killed (1 against 0)"


@pytest.mark.rule("circle.end.tie-break", "circle.end.winner")
def test_a_tie_on_points_and_predators_is_shared():
    g = final_position([], [["C41", "C42", "C38"], ["C43", "C44"]], [["C17", "C35"], ["C18", "C36"]])
    events = g.play(LastDiscard("C38"))
    assert g.winners() == [0, 1]
    # one shared win, announced as one (it used to read as if each had won on predators killed)
    assert events[-1].message == "Tie on -1 points and on predators killed (1 each): Red and Blue share the win"
    assert events[-1].player is None and events[-1].data == {"shared": [0, 1]}


@pytest.mark.rule("circle.end.tie-break")
@pytest.mark.parametrize("tie_break, winners", [("share", [0, 1]), ("kills", [0])])
def test_the_tie_break_option_gives_a_tie_on_predators_to_the_most_cards_killed(tie_break, winners):
    # kit ruling K12: tied on points (-1) and on predators (1 Jackal each); Red killed 3 cards, Blue 2
    g = final_position([], [["C41", "C42", "C38"], ["C43", "C44"]], [["C17", "C47", "C48"], ["C18", "C35"]],
                       tie_break=tie_break)
    events = g.play(LastDiscard("C38"))
    assert g.scores() == [-1, -1] and g.predators_killed() == [1, 1] and g.cards_killed() == [3, 2]
    assert g.winners() == winners
    if tie_break == "kills":
        assert events[-1].message == ("Tie on -1 points and on predators killed (1 each): Red wins with more cards "
                                      "killed (3 against 2; option tie_break='kills')")
    assert circle.from_json(g.to_json()).winners() == winners


@pytest.mark.rule("circle.end.winner")
def test_no_winner_before_the_end():
    g = circle.new_game(players=3, seed=2)
    assert g.winners() == []
