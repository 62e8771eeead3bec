"""Set-up, step A (playing a card), step C (drawing) and step D (re-ordering)."""

import pytest

from savannah_kit import circle
from savannah_kit.circle import Discard, Play
from savannah_kit.core import IllegalMove, ScenarioError

from circle_helpers import HAND, KIT_CARDS, SAVANNAH, TOKENS, moves_for, play, position, row


@pytest.mark.rule("circle.setup.players", "circle.play.no-tokens")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players_with_tokens_that_never_run_out(players):
    # K16: no token count by default (the supply is None); tokens=12 counts 12 each
    g = circle.new_game(players=players, seed=3)
    view = g.view()
    assert view["supply"] is None
    assert view["players"] == players
    assert circle.new_game(players=players, seed=3, tokens=TOKENS).view()["supply"] == [TOKENS] * players


@pytest.mark.rule("circle.setup.players")
@pytest.mark.parametrize("players", [1, 6, "4", True, None])
def test_other_player_counts_are_refused(players):
    with pytest.raises(ScenarioError) as err:
        circle.new_game(players=players, seed=1)
    assert err.value.field == "options.players"


@pytest.mark.rule("circle.setup.savannah", "circle.setup.hand")
@pytest.mark.parametrize("players", [2, 5])
def test_starting_savannah_and_hands(players):
    for seed in range(150):
        g = circle.new_game(players=players, seed=seed)
        view = g.view()
        assert len(view["savannah"]) == SAVANNAH
        assert all(c["token"] is None for c in view["savannah"])
        assert "C62" not in [c["card"] for c in view["savannah"]]
        assert view["hand_sizes"] == [HAND] * players
        assert view["draw_pile_size"] == KIT_CARDS - SAVANNAH - HAND * players
        cards = ([c["card"] for c in view["savannah"]] + view["draw_pile"] + sum(view["hands"], []))
        assert sorted(cards) == [f"C{i:02d}" for i in range(1, KIT_CARDS + 1)]


@pytest.mark.rule("circle.setup.savannah")
def test_a_maasai_dealt_to_the_savannah_is_shuffled_back():
    # find a seed whose shuffled deck has the Maasai among the first six cards dealt
    import random

    maasai = circle.default_catalogue().index["C62"]
    seed = next(s for s in range(1000) if maasai in _first_six(random.Random(s)))
    g = circle.new_game(players=2, seed=seed)
    cards = [c["card"] for c in g.view()["savannah"]]
    assert len(cards) == SAVANNAH and "C62" not in cards
    assert "C62" in g.view()["draw_pile"] + sum(g.view()["hands"], [])


def _first_six(rng):
    deck = list(range(KIT_CARDS))
    rng.shuffle(deck)
    return deck[-SAVANNAH:]


@pytest.mark.rule("circle.setup.turn-order")
def test_turns_pass_in_seat_order_from_the_first_player():
    g = circle.new_game(players=3, seed=5, first_player=2)
    seen = []
    for _ in range(6):
        seen.append(g.current_player)
        g.play(g.legal_moves()[0])
    assert seen == [2, 0, 1, 2, 0, 1]
    with pytest.raises(ScenarioError) as err:
        circle.new_game(players=3, seed=5, first_player=3)
    assert err.value.field == "options.first_player"


@pytest.mark.rule("circle.setup.turn-order")
def test_a_card_of_another_players_hand_is_refused():
    g = position(["C35"], hands=[["C36", "C37", "C38"], ["C39", "C40", "C41"]], draw=["C42"])
    before = (g.to_json(), str(g))
    with pytest.raises(IllegalMove) as err:
        g.play(Play("C39"))
    assert err.value.rule_id == "circle.setup.turn-order"
    assert "Blue's hand" in err.value.reason
    assert (g.to_json(), str(g)) == before


@pytest.mark.rule("circle.turn.steps")
def test_a_turn_is_play_hunt_draw_reorder_in_that_order():
    # Leopard kills the Wildebeest and the Impala (K17: 2 within reach 3), Red draws, the Cheetah joins the
    # Leopard, the gaps close
    g = position(["C07", "C35", "C44", "C47"], hands=[["C04", "C36", "C37"], ["C38", "C39", "C40"]],
                 draw=["C43", "C42"])
    events = g.play(play("C04", ["C44", "C47"]))
    assert [e.rule for e in events] == ["circle.play.place-right", "circle.hunt.kill", "circle.hunt.kill",
                                        "circle.draw.refill", "circle.reorder.group", "circle.reorder.close-gaps"]
    assert row(g) == ["C35", "C07", "C04@0"]
    assert g.to_scenario()["hands"][0] == ["C36", "C37", "C43"]
    assert g.current_player == 1


@pytest.mark.rule("circle.setup.turn-order", "circle.hunt.order")
def test_explain_says_why_in_words():
    g = position(["C35", "C47"], hands=[["C04", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert g.explain(play("C04", ["C35", "C47"])).startswith("Legal: Red plays Leopard (C04)")  # K17: kills 2
    assert g.explain(Play("C38")) == ("Not legal: Zebra (C38) is in Blue's hand, but it is Red's turn "
                                      "[circle.setup.turn-order]")
    assert g.explain(play("C10", (0, []))) == "Not legal: Hyena (C10) is not in Red's hand [circle.turn.steps]"
    # a skipped hunt names what it could take
    assert g.explain(play("C04", [])) == (
        "Not legal: action 1 ('kill 2 cards of level 5 or less within reach 3') cannot be skipped: Zebra (C35) and "
        "Impala (C47) are in reach, so it must take 2 cards [circle.hunt.mandatory]")
    assert g.explain(play("C04", ["C35"])) == (
        "Not legal: action 1 ('kill 2 cards of level 5 or less within reach 3') must take 2 cards here, not 1: "
        "Zebra (C35) and Impala (C47) are in reach [circle.hunt.count]")
    # what the card does, in the game's words, and a move to copy (no "action(s)" or "choice(s)" jargon)
    assert g.explain(Play("C04")) == (
        "Not legal: The Leopard hunts when it is played: it kills 2 cards of level 5 or less within reach 3. The "
        "move says which cards each hunt takes (an empty list when none is in reach), e.g. Play.of('C04', ['C35', "
        "'C47']); this move says nothing about its hunt [circle.hunt.order]")
    assert g.explain(play("C36", [])) == ("Not legal: The Zebra does not hunt: play it without targets, as "
                                          "Play('C36') [circle.hunt.order]")
    lion = position(["C35", "C47"], hands=[["C01", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert lion.explain(play("C01", ["C47"])) == (
        "Not legal: The Lion hunts twice when it is played, top to bottom: first it kills 2 cards of level 5 or "
        "less within reach 3, then it scares all Hyenas and Jackals within reach 2. The move says which cards "
        "each hunt takes (an empty list when none is in reach), e.g. Play.of('C01', ['C35', 'C47'], []); this move "
        "covers only the first hunt [circle.hunt.order]")
    hyena = position(["C07", "C20"], hands=[["C10", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert hyena.explain(Play("C10")).startswith(
        "Not legal: The Hyena hunts when it is played: it either kills 1 card of level 3 or less within reach 2 "
        "or scares 1 Cheetah within reach 2.")


@pytest.mark.rule("circle.turn.steps")
def test_things_that_are_not_moves_are_refused():
    g = position(["C47"])
    for junk in ("C36", None, Play("C99"), Play("X1")):
        with pytest.raises(IllegalMove) as err:
            g.play(junk)
        assert err.value.rule_id == "circle.turn.steps"


@pytest.mark.rule("circle.play.place-right")
def test_the_played_card_goes_right_with_a_token():
    g = position(["C41", "C30"], hands=[["C36", "C37", "C38"], ["C39", "C40", "C43"]], draw=["C42"], tokens=12)
    events = g.play(Play("C36"))
    assert row(g) == ["C30", "C41", "C36@0"]  # the Wildebeest joins the played Zebra (GRAZERS)
    assert g.to_scenario()["supply"] == [11, 12]
    assert events[0].rule == "circle.play.place-right"
    assert events[0].message == "Red plays Zebra (C36) at the right end of the savannah, with a red token"


@pytest.mark.rule("circle.play.no-tokens")
def test_without_tokens_the_card_is_played_unmarked():
    g = position(["C41"], hands=[["C36", "C37", "C38"], ["C39", "C40", "C43"]], draw=["C42"], supply=[0, 12])
    events = g.play(Play("C36"))
    assert row(g) == ["C41", "C36"]
    assert g.to_scenario()["supply"] == [0, 12]
    assert events[0].rule == "circle.play.no-tokens"
    assert g.score_breakdown(0).steps["survivors"] == 0


@pytest.mark.rule("circle.play.restriction")
def test_placement_restrictions_are_checked_before_placing():
    # a Rhinoceros may not follow a Rhinoceros; a Cheetah may not be played with a Lion in the last two
    g = position(["C35", "C01", "C23"], hands=[["C24", "C07", "C36"], ["C38", "C39", "C40"]], draw=["C42"])
    assert [m.card for m in g.legal_moves()] == ["C36"]
    with pytest.raises(IllegalMove) as err:
        g.play(play("C24", []))
    assert err.value.rule_id == "circle.play.restriction"
    assert "Rhinoceros" in err.value.reason
    g2 = position(["C01", "C35"], hands=[["C07", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    with pytest.raises(IllegalMove) as err:
        g2.play(play("C07", []))
    assert err.value.rule_id == "circle.play.restriction"
    g3 = position(["C01", "C35", "C41"], hands=[["C07", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert moves_for(g3, "C07") == [play("C07", [])]


@pytest.mark.rule("circle.play.restriction-predator")
def test_a_predator_may_not_follow_a_predator():
    g = position(["C35", "C17"], hands=[["C04", "C10", "C36"], ["C38", "C39", "C40"]], draw=["C42"])
    assert [m.card for m in g.legal_moves()] == ["C36"]
    before = g.to_json()
    with pytest.raises(IllegalMove) as err:
        g.play(play("C04", []))
    assert err.value.rule_id == "circle.play.restriction-predator"
    assert err.value.reason == "Leopard needs no predator as the rightmost card, but the rightmost card is Jackal"
    assert g.to_json() == before


@pytest.mark.rule("circle.play.restriction-from-right")
def test_restrictions_on_an_empty_or_short_savannah():
    # empty savannah: the Lion (needs a non-predator) and the Maasai (needs a predator) cannot open it;
    # a Cheetah (forbids a Lion) and a Zebra can
    g = position([], hands=[["C01", "C62", "C07"], ["C38", "C39", "C40"]], draw=["C42"])
    assert sorted(m.card for m in g.legal_moves()) == ["C07"]
    with pytest.raises(IllegalMove) as err:
        g.play(play("C01", [], []))
    assert err.value.rule_id == "circle.play.restriction-from-right"
    assert err.value.reason == ("Lion needs at least one non-predator among the rightmost 3 cards, but the savannah "
                                "is empty (fewer cards than counted: counting stops at the left end)")
    # a one-card savannah: the Maasai looks at the only card there is
    g2 = position(["C17"], hands=[["C62", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert moves_for(g2, "C62") == [play("C62", ["C17"])]
    g2b = position(["C41"], hands=[["C62", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert g2b.explain(play("C62", [])) == (
        "Not legal: Maasai needs at least one predator among the rightmost 3 cards, but the rightmost card is "
        "Wildebeest (fewer cards than counted: counting stops at the left end) [circle.play.restriction-from-right]")
    # the rightmost three only: a predator four cards from the right does not help the Maasai
    g3 = position(["C17", "C41", "C42", "C43"], hands=[["C62", "C36", "C37"], ["C38", "C39", "C40"]],
                  draw=["C44"])
    assert moves_for(g3, "C62") == []


@pytest.mark.rule("circle.play.must-play")
def test_a_playable_card_must_be_played():
    g = position(["C35", "C17"], hands=[["C04", "C10", "C36"], ["C38", "C39", "C40"]], draw=["C42"])
    assert not any(isinstance(m, Discard) for m in g.legal_moves())
    before = g.to_json()
    with pytest.raises(IllegalMove) as err:
        g.play(Discard("C04"))
    assert err.value.rule_id == "circle.play.must-play"
    assert g.to_json() == before


@pytest.mark.rule("circle.play.unplayable-discard", "circle.draw.refill")
def test_with_nothing_playable_one_card_is_discarded_and_the_player_still_draws():
    g = position(["C41", "C35", "C17"], hands=[["C04", "C10", "C14"], ["C38", "C39", "C40"]],
                 draw=["C43", "C44"])
    assert g.legal_moves() == [Discard("C04"), Discard("C10"), Discard("C14")]
    events = g.play(Discard("C10"))
    assert [e.rule for e in events] == ["circle.play.unplayable-discard", "circle.draw.refill"]
    assert row(g) == ["C41", "C35", "C17"]  # no hunting, no re-ordering
    assert g.to_scenario()["hands"][0] == ["C04", "C14", "C43"]
    assert g.to_scenario()["out"] == ["C10"]
    assert g.current_player == 1


@pytest.mark.rule("circle.draw.refill")
def test_the_draw_takes_the_top_card_and_refills_to_three():
    g = position(["C41"], hands=[["C36", "C37", "C38"], ["C39", "C40", "C35"]], draw=["C20", "C21", "C22"])
    g.play(Play("C37"))
    assert g.to_scenario()["hands"][0] == ["C36", "C38", "C20"]
    assert g.to_scenario()["draw_pile"] == ["C21", "C22"]
    g.play(Play("C40"))
    assert g.to_scenario()["hands"] == [["C36", "C38", "C20"], ["C39", "C35", "C21"]]


@pytest.mark.rule("circle.reorder.group")
def test_the_played_cards_group_gathers_at_its_left_keeping_order():
    # Zebra played: every GRAZERS card moves, in order, directly left of it
    g = position(["C37", "C01", "C41", "C30", "C17", "C47"],
                 hands=[["C36", "C38", "C39"], ["C40", "C42", "C43"]], draw=["C44"])
    events = g.play(Play("C36"))
    assert row(g) == ["C01", "C30", "C17", "C37", "C41", "C47", "C36@0"]
    assert "circle.reorder.group" in [e.rule for e in events]
    # Buffalo (GIANTS) scares the Jackal next to it, then the Giraffe joins it
    g2 = position(["C30", "C35", "C17"], hands=[["C26", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C44"])
    g2.play(play("C26", ["C17"]))
    assert row(g2) == ["C35", "C30", "C26@0"]


@pytest.mark.rule("circle.reorder.close-gaps")
def test_gaps_close_with_the_other_cards_keeping_their_order():
    g = position(["C35", "C47", "C30", "C10"], hands=[["C20", "C36", "C37"], ["C38", "C39", "C40"]],
                 draw=["C44"])
    g.play(play("C20", ["C10"]))  # the Elephant scares the Hyena (the only predator within 2)
    assert row(g) == ["C35", "C47", "C30", "C20@0"]
    assert g.to_scenario()["out"] == ["C10"]


@pytest.mark.rule("circle.setup.players", "circle.end.bonus-points")
def test_a_new_game_starts_with_no_points_and_no_bonus():
    g = circle.new_game(players=3, seed=2)
    assert g.scores() == [0, 0, 0] and g.view()["bonus"] == [0, 0, 0]


@pytest.mark.rule("circle.play.place-right")
def test_the_view_shows_whose_token_lies_on_each_card():
    g = position(["C46", "C47@0", "C20@1"])
    assert [c["token"] for c in g.view()["savannah"]] == [None, 0, 1]
    assert [c["token"] for c in g.view(1)["savannah"]] == [None, 0, 1]


@pytest.mark.rule("circle.play.restriction")
def test_playable_lists_the_cards_whose_conditions_hold():
    # a Cheetah may not follow a Lion within the last two cards; the Zebras may always be played
    g = position(["C01", "C35"], hands=[["C07", "C36", "C37"], ["C38", "C39", "C02"]], draw=["C42"])
    assert g.playable() == ["C36", "C37"]
    assert g.playable(1) == ["C38", "C39", "C02"]


@pytest.mark.rule("circle.reorder.group")
@pytest.mark.parametrize("savannah, after, moved", [
    (["C41", "C20", "C42"], ["C20", "C41", "C42", "C36@0"], "Wildebeest, Wildebeest"),
    (["C20", "C41", "C21"], ["C20", "C21", "C41", "C36@0"], "Wildebeest"),
])
def test_the_group_moves_next_to_the_played_card_past_any_other_card(savannah, after, moved):
    g = position(savannah, hands=[["C36", "C37", "C38"], ["C39", "C40", "C43"]], draw=["C44", "C45"])
    events = g.play(Play("C36"))
    assert row(g) == after
    assert [e.message for e in events if e.rule == "circle.reorder.group"] == [
        f"The GRAZERS cards on the left move next to the Zebra: {moved}"]


@pytest.mark.rule("circle.play.restriction", "circle.special.maasai-immune")
def test_the_maasai_counts_for_placement_conditions_though_nothing_can_target_it():
    # the Lion needs a non-predator among the rightmost 3 cards: the Maasai is one
    g = position(["C62"], hands=[["C01", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert "C01" in g.playable() and moves_for(g, "C01") == [play("C01", [], [])]
