"""The Savannah Tails rulings a race may change (``tails.options``): each option on a position
where it changes what the engine does, the explanation that follows it, and the save file."""

import pytest

from savannah_kit import tails
from savannah_kit.tails import Move
from tails_helpers import dests, other, race, refusal, rules_of

EASY = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]
LION = [["T01", "easy"], ["T06", "hard"], ["T05", "hard"], ["T02", "easy"]]  # T06 hard: a lion on blue@4


def saved_and_loaded(game):
    again = tails.from_json(game.to_json())
    assert again.to_json() == game.to_json() and again.options == game.options
    return again


@pytest.mark.rule("tails.move.bonus-movement")
@pytest.mark.parametrize("bonus_place, to, told", [
    ("live", "T04:blue:1", "is 1st"),
    ("round", "T04:blue:2", "is 2nd")])
def test_bonus_place_counts_the_race_position_now_or_as_the_round_began(bonus_place, to, told):
    # kit ruling K1: Purple was 2nd in this round's order (Red went first) but is 1st when its turn begins
    scenario = {"ostriches": [{"space": "T03:red:1", "holds": []}, {"space": "T03:blue:3", "holds": ["blue-3"]}],
                "round": 2, "turn_order": [0, 1], "to_move": 1}
    g = tails.from_scenario(scenario, seed=1, bonus_place=bonus_place)
    assert dests(g, "blue-3") == {to}
    events = g.play(Move("blue-3", to=to))
    assert [e.message for e in events if e.rule == "tails.move.bonus-movement"] == [
        f"Purple moves {1 if bonus_place == 'live' else 2} extra space{'s' * (bonus_place == 'round')}: bonus "
        f"movement, started on the blue lane and {told}"]
    saved_and_loaded(g)


@pytest.mark.rule("tails.tiptoe.ignore")
def test_with_tiptoe_always_a_two_always_tiptoes():
    # kit ruling K8: a '2' may tiptoe (the rulebook's "may"); the option makes it tiptoe every time
    ostriches = [{"space": "T06:blue:3", "hand": ["blue-3", "blue-2"]}, other("T01:red:0")]
    choice, always = race(ostriches, course=LION), race(ostriches, course=LION, tiptoe="always")
    one_space = {m for m in choice.legal_moves() if m.card == "blue-2" and m.kind == "one-space"}
    assert {(m.to, m.tiptoe) for m in one_space} == {("T06:red:4", False), ("T06:blue:4", True),
                                                     ("T06:yellow:4", False)}
    assert {(m.to, m.tiptoe) for m in always.legal_moves() if m.card == "blue-2"} == {
        ("T06:red:4", True), ("T06:blue:4", True), ("T06:yellow:4", True), ("T05:blue:0", True)}
    assert {m.card for m in always.legal_moves() if not m.tiptoe} == {"blue-3"}
    walk = Move("blue-2", to="T06:red:4", kind="one-space")
    assert choice.is_legal(walk)
    assert refusal(always, walk) == ("tails.tiptoe.ignore",
                                     "only tiptoeing with the '2' reaches there that way: give tiptoe=True")
    events = always.play(Move("blue-2", to="T06:red:4", kind="one-space", tiptoe=True))
    assert "tails.tiptoe.ignore" in rules_of(events)
    saved_and_loaded(always)


@pytest.mark.rule("tails.move.fully-blocked")
@pytest.mark.parametrize("blocked", ["spend", "keep"])
def test_a_fully_blocked_ostrich_spends_its_card_or_keeps_it(blocked):
    # kit ruling K3: Red on T03:red:0 cannot take a single step (two ostriches ahead, one-space moves too)
    deck = ["blue-2"] + ("red-2 red-3 red-4 red-6 blue-3 blue-4 blue-5 blue-6 yellow-2 yellow-4 yellow-5 yellow-6 "
                         "black-2 black-3 black-4 black-5 black-6").split()
    g = race([{"space": "T03:red:0", "hand": ["yellow-3", "red-5"], "deck": deck},
              other("T03:red:1"), other("T03:blue:1")], course=EASY, blocked=blocked)
    events = g.play(Move("yellow-3", to="T03:red:0"))
    assert g.state.pos[0] == g.track.by_name["T03:red:0"]
    if blocked == "spend":
        assert rules_of(events) == ["tails.turn.play-card", "tails.move.fully-blocked", "tails.draw.one"]
        assert sorted(g.state.hands[0]) == sorted([5 + 0, 3]) and g.state.discards[0] == [11]
    else:
        assert rules_of(events) == ["tails.move.fully-blocked"]  # no card played, none drawn
        assert events[0].message.startswith("Red cannot take a single step")
        assert sorted(g.state.hands[0]) == [3, 11] and g.state.discards[0] == []  # red-5, yellow-3: no draw
    assert g.current_player == 1
    saved_and_loaded(g)


def test_the_ruling_options_play_in_lab_compare():
    from savannah_kit import lab

    result = lab.compare("tails", {"round places": {"bonus_place": "round"}}, games=2, executor="serial",
                         progress=False, decisions=False)
    table = result.table
    assert (table[table["variant"] == "round places"]["option:bonus_place"] == "round").all()
