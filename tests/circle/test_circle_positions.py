"""Tokens that never run out (kit ruling K16) and positions that are easy to build: partial hands
(``holds``), the score "if it ended now", the Maasai redrawn from the starting savannah, and
contradictory input named by its field."""

import random

import pytest

from savannah_kit import circle
from savannah_kit.circle import LastDiscard, Play
from savannah_kit.core import ScenarioError

from circle_helpers import HAND, KIT_CARDS, SAVANNAH, TOKENS, play, position, row


# -- tokens (K16) ---------------------------------------------------------------------------------

@pytest.mark.rule("circle.play.no-tokens", "circle.play.place-right")
def test_by_default_every_played_card_is_marked():
    # a whole 2-player game: each seat plays far more cards than 12 tokens, and every one is marked
    g = circle.new_game(players=2, seed=5)
    while not g.is_over:
        if len(g.history) == 10:  # mid-game, the position round-trips without a supply
            assert g.view()["supply"] is None and "supply" not in g.to_scenario()
            again = circle.from_scenario(g.to_scenario())
            assert again.to_scenario() == g.to_scenario() and again.view()["supply"] is None
        g.play(g.legal_moves()[0])
    rules = [e.rule for e in g.log]
    assert "circle.play.no-tokens" not in rules
    marked = [e.player for e in g.log if e.rule == "circle.play.place-right"]
    assert min(marked.count(0), marked.count(1)) > TOKENS


@pytest.mark.rule("circle.play.no-tokens")
def test_with_tokens_n_a_card_played_with_none_left_stays_unmarked_and_belongs_to_nobody():
    g = position(["C41"], hands=[["C36", "C37", "C38"], ["C39", "C40", "C43"]], draw=["C42", "C44", "C45"],
                 tokens=1)
    first = g.play(Play("C36"))
    assert first[0].rule == "circle.play.place-right" and g.view()["supply"] == [0, 1]
    g.play(Play("C39"))
    events = g.play(Play("C37"))
    assert events[0].rule == "circle.play.no-tokens"
    assert events[0].message == "Red has no token left: Zebra (C37) is played unmarked"
    assert row(g)[-1] == "C37" and g.view()["savannah"][-1]["token"] is None
    assert g.view()["supply"] == [0, 0]
    assert g.score_breakdown(0).steps["survivors"] == 2  # only the marked Zebra counts for Red
    # the option round-trips through the save file
    assert circle.from_json(g.to_json()).view()["supply"] == [0, 0]


@pytest.mark.rule("circle.play.no-tokens", "circle.hunt.tokens-return")
def test_a_token_back_from_a_hunt_can_be_played_again():
    # Blue's Wildebeest carries Blue's only token; Red's Hyena kills it, the token goes back to Blue
    g = position(["C41@1"], hands=[["C10", "C36", "C37"], ["C39", "C40", "C43"]], draw=["C42", "C44"], tokens=1)
    assert g.view()["supply"] == [1, 0]
    g.play(play("C10", ["C41"]))
    assert g.view()["supply"] == [0, 1]
    assert g.play(Play("C39"))[0].rule == "circle.play.place-right"


@pytest.mark.rule("circle.play.no-tokens", "circle.setup.players")
@pytest.mark.parametrize("scenario, tokens, field", [
    ({"savannah": [f"C{i:02d}@0" for i in range(1, 14)]}, 12, "scenario.savannah"),
    ({"savannah": ["C35@0"], "supply": [12, 12]}, 12, "scenario.supply[0]"),
    ({"supply": [3, 3, 3]}, None, "scenario.supply"),
])
def test_token_counts_that_contradict_the_option_are_refused(scenario, tokens, field):
    with pytest.raises(ScenarioError) as err:
        circle.new_game(players=2, seed=0, scenario=scenario, tokens=tokens)
    assert err.value.field == field


@pytest.mark.rule("circle.play.no-tokens")
def test_a_given_supply_plays_the_scarce_variant():
    # a supply in a scenario says tokens are counted, even without the option
    g = position(["C30@0"], supply=[0, 5])
    assert g.view()["supply"] == [0, 5]
    assert g.play(Play("C36"))[0].rule == "circle.play.no-tokens"


# -- partial hands ------------------------------------------------------------------------------------

@pytest.mark.rule("circle.setup.hand")
def test_holds_puts_cards_in_a_hand_and_deals_the_rest_from_the_seeded_deck():
    scenario = {"savannah": ["Zebra"], "holds": [["Lion", "Maasai"], []]}
    g = circle.from_scenario(scenario, seed=4)
    hands = g.to_scenario()["hands"]
    assert hands[0][:2] == ["C01", "C62"] and len(hands[0]) == HAND and len(hands[1]) == HAND
    assert circle.from_scenario(scenario, seed=4).to_scenario() == g.to_scenario()  # the same seed, the same deal
    assert circle.from_scenario(scenario, seed=5).to_scenario()["hands"] != hands
    view = g.view()
    cards = [c["card"] for c in view["savannah"]] + view["draw_pile"] + sum(view["hands"], []) + view["box"]
    assert sorted(cards) == [f"C{i:02d}" for i in range(1, KIT_CARDS + 1)]  # no card dealt twice
    assert g.players == 2


@pytest.mark.rule("circle.setup.hand")
def test_holds_without_cards_deals_as_if_no_hand_were_given():
    dealt = circle.from_scenario({"savannah": ["Zebra"]}, seed=9, players=2)
    held = circle.from_scenario({"savannah": ["Zebra"], "holds": [[], []]}, seed=9)
    assert held.to_scenario() == dealt.to_scenario()


@pytest.mark.rule("circle.setup.hand")
@pytest.mark.parametrize("scenario, field", [
    ({"hands": [["C01", "C02", "C03"], ["C04", "C05", "C06"]], "holds": [["C07"], []]}, "scenario.holds"),
    ({"holds": [["Zebra", "Zebra", "Zebra", "Zebra"], []]}, "scenario.holds[0]"),
    ({"holds": [["Unicorn"], []]}, "scenario.holds[0][0]"),
    ({"holds": [["C01"], ["C01"]]}, "scenario.holds[1][0]"),
    ({"holds": [["C01"]]}, "scenario.holds"),
    ({"holds": [["Lion"], []], "hand": []}, "scenario.hand"),
])
def test_bad_or_contradictory_holds_name_the_field(scenario, field):
    with pytest.raises(ScenarioError) as err:
        circle.new_game(players=2, seed=0, scenario=scenario)
    assert err.value.field == field


@pytest.mark.rule("circle.setup.hand")
def test_holds_in_the_text_form():
    text = "savannah: Zebra\nholds 0: Lion\nholds 1:\n"
    data = circle.scenario_from_text(text)
    assert data == {"savannah": ["Zebra"], "holds": [["Lion"], []]}
    assert circle.scenario_to_text(data) == text
    assert circle.from_scenario(text, seed=1).to_scenario()["hands"][0][0] == "C01"


# -- "what if it ended now" -----------------------------------------------------------------------------

@pytest.mark.rule("circle.end.hand-penalty", "circle.end.maasai", "circle.end.last-discard", "circle.end.total")
def test_a_position_scored_as_if_it_ended_now():
    # Red: a Zebra with a token (2), a Gazelle killed (1), a hand of Lion (5), Elephant (5) and Impala (1);
    # Blue's token lies on the Maasai, rightmost
    g = position(["C35@0", "C62@1"], hands=[["C01", "C20", "C47"], ["C38", "C39", "C40"]], draw=["C42", "C43"],
                 kill_piles=[["C52"], []])
    so_far = g.score_breakdown(0)
    assert so_far.steps["hand_penalty"] == 0 and so_far.total == 3 and not so_far.final
    now = g.score_if_ended_now(0)
    # the last discard drops the costliest card (a 5): Elephant or Lion stay with the Impala
    assert now.steps == {"survivors": 2, "hand_penalty": -(5 + 1), "maasai": 0, "kill_pile": 1, "big_five": 0,
                         "bonus": 0}
    assert now.total == -3 and not now.final and now.if_ended_now
    assert str(now).splitlines()[0] == "Red: -3 points (if the game ended now)"
    assert str(so_far).splitlines()[0] == "Red: 3 points so far (penalties count once the draw pile is empty)"
    assert g.score_if_ended_now(1).steps["maasai"] == -10
    assert g.scores() == [3, 0]  # asking changes nothing
    with pytest.raises(ScenarioError):
        g.score_if_ended_now(2)


@pytest.mark.rule("circle.end.total")
def test_at_the_end_the_what_if_score_is_the_final_score():
    g = position(["C41"], hands=[["C36", "C37", "C38"], ["C39", "C40", "C35"]], draw=["C20"])
    g.play(Play("C36"))
    g.play(LastDiscard("C40"))
    g.play(LastDiscard("C20"))
    assert g.is_over
    for p in range(2):
        assert g.score_if_ended_now(p) == g.score_breakdown(p) and g.score_if_ended_now(p).final


# -- the Maasai redrawn at set-up --------------------------------------------------------------------------

def _first_six(seed):
    deck = list(range(KIT_CARDS))
    random.Random(seed).shuffle(deck)
    return deck[-SAVANNAH:]


@pytest.mark.rule("circle.setup.savannah")
def test_a_maasai_redrawn_from_the_starting_savannah_leaves_an_event():
    maasai = circle.default_catalogue().index["C62"]
    seed = next(s for s in range(1000) if maasai in _first_six(s))
    g = circle.new_game(players=2, seed=seed)
    setup = [e for e in g.log if e.rule == "circle.setup.savannah"]
    assert [e.message for e in setup] == ["Maasai (C62) was drawn for the starting savannah: it is shuffled back "
                                          "into the deck and another card is drawn"]
    assert "C62" not in row(g)
    clean = next(s for s in range(1000) if maasai not in _first_six(s))
    assert [e for e in circle.new_game(players=2, seed=clean).log if e.rule == "circle.setup.savannah"] == []
    g.play(g.legal_moves()[0])
    g.undo()  # a replay keeps the set-up event
    assert [e.rule for e in g.log] == ["circle.setup.savannah"]
