"""Building Savannah Tails positions quickly: player colours, GAMES.md card ids, partial hands,
who moves next, the common marker pile; and every bad or contradictory input refused naming
the field."""

import pytest

from savannah_kit import tails
from savannah_kit.core.errors import ScenarioError
from savannah_kit.tails.data import CARD_NAMES

pytestmark = pytest.mark.rule("tails.setup.hand", "tails.setup.player-kit")


def refused(make):
    with pytest.raises(ScenarioError) as err:
        make()
    return err.value.field, err.value.reason


def names(cards):
    return [CARD_NAMES[c] for c in cards]


def two(first, second=None, **fields):
    return {"ostriches": [first, second or {"space": "T03:blue:1", "hand": ["red-2"]}], **fields}


def all_cards(game, p):
    st = game.state
    return st.hands[p] + st.decks[p] + st.discards[p]


# -- player colours ---------------------------------------------------------------

def test_seats_take_the_colours_given_in_the_call():
    g = tails.from_scenario(two({"space": "T03:red:0", "hand": ["red-2"]}), players=["green", "blue"])
    assert g.colours == ("green", "blue") and (g.who(0), g.who(1)) == ("Green", "Blue")


def test_a_new_race_can_be_given_player_colours():
    g = tails.new_game(players=["red", "blue", "green"], seed=3)
    assert g.colours == ("red", "blue", "green") and g.state.round == 1 and g.current_player == 0
    assert all(len(h) == 4 and sorted(all_cards(g, p)) == list(range(20)) for p, h in enumerate(g.state.hands))
    assert g.state.hands == tails.new_game(players=["red", "blue", "green"], seed=3).state.hands
    for _ in range(4):
        g.play(g.legal_moves()[0])
    assert tails.from_json(g.to_json()).to_scenario() == g.to_scenario()


def test_seats_take_the_colours_given_in_the_scenario_and_keep_them():
    g = tails.from_scenario(two({"space": "T03:red:0", "hand": ["red-2"], "colour": "yellow"}), seed=3)
    assert g.colours == ("yellow", "purple")
    g.play(g.legal_moves()[0])
    g.undo()
    assert g.colours == ("yellow", "purple")
    g.reset()
    assert g.colours == ("yellow", "purple")
    assert tails.from_json(g.to_json()).colours == ("yellow", "purple")


def test_default_colours_are_the_seats_and_are_not_written():
    g = tails.from_scenario(two({"space": "T03:red:0", "hand": ["red-2"]}))
    assert g.colours == ("red", "purple")
    assert all("colour" not in o for o in g.to_scenario()["ostriches"])
    assert "player" not in tails.position_text(g)


# -- card ids ------------------------------------------------------------------------

def test_cards_can_be_named_by_their_games_md_id():
    """M091 is blue's yellow-2 (player colours red, purple, green, yellow, blue; 20 cards each)."""
    g = tails.from_scenario(two({"space": "T03:red:0", "hand": ["M001", "M020"], "discard": ["M005"]},
                                {"space": "T03:blue:1", "hand": ["M091", "yellow-3"]}), players=["red", "blue"])
    assert names(g.state.hands[0]) == ["red-2", "black-6"] and names(g.state.discards[0]) == ["red-6"]
    assert names(g.state.hands[1]) == ["yellow-2", "yellow-3"]


def test_a_card_id_in_a_whole_deck_counts_like_its_name():
    deck = ["M0%02d" % i for i in range(2, 21)]
    g = tails.from_scenario(two({"space": "T03:red:0", "hand": ["M001"], "deck": deck}))
    assert names(reversed(g.state.decks[0]))[:2] == ["red-3", "red-4"] and len(all_cards(g, 0)) == 20


# -- partial hands ---------------------------------------------------------------------

def partial(seed, holds=("yellow-2",)):
    return tails.from_scenario(two({"space": "T03:red:0", "holds": list(holds)}), seed=seed)


def test_a_partial_hand_is_topped_up_from_the_seeded_deck():
    g = partial(5)
    hand = names(g.state.hands[0])
    assert len(hand) == 4 and hand[0] == "yellow-2"
    assert sorted(all_cards(g, 0)) == list(range(20))  # no card twice, none missing


def test_a_partial_hand_is_the_same_for_the_same_seed_and_varies_with_it():
    assert all(partial(s).state.hands[0] == partial(s).state.hands[0] for s in range(5))
    assert len({tuple(partial(s).state.hands[0]) for s in range(10)}) > 1


def test_a_partial_hand_never_deals_a_card_twice():
    for seed in range(30):
        g = partial(seed, holds=["yellow-2", "M002"])
        assert sorted(all_cards(g, 0)) == list(range(20))
        assert names(g.state.hands[0][:2]) == ["yellow-2", "red-3"]


def test_a_partial_hand_leaves_out_the_discarded_cards():
    for seed in range(10):
        g = tails.from_scenario(two({"space": "T03:red:0", "holds": [], "discard": ["red-2", "red-3"]}), seed=seed)
        assert not {0, 1} & set(g.state.hands[0] + g.state.decks[0]) and len(g.state.hands[0]) == 4


@pytest.mark.rule("tails.bonus.bird-brain")
def test_a_partial_hand_with_bird_brain_is_dealt_to_five():
    g = tails.from_scenario(two({"space": "T03:red:0", "holds": ["red-2"], "bonuses": {"bird-brain": "active"}}))
    assert len(g.state.hands[0]) == 5


def test_a_partial_hand_round_trips_as_a_whole_hand():
    g = partial(7)
    sc = g.to_scenario()
    assert tails.from_scenario(sc, seed=99).to_scenario() == sc
    assert tails.position_text(tails.from_scenario(tails.position_text(g))) == tails.position_text(g)


# -- who moves -------------------------------------------------------------------------

@pytest.mark.rule("tails.order.turn-sequence")
def test_who_moves_can_be_named_by_colour_or_seat():
    base = two({"space": "T03:red:0", "hand": ["red-2"]}, turn_order=[0, 1])
    assert tails.from_scenario(dict(base, to_move="purple")).current_player == 1
    assert tails.from_scenario(dict(base, to_move=1)).current_player == 1
    g = tails.from_scenario(dict(base, to_move="blue"), players=["red", "blue"])
    assert (g.current_player, g.state.turn) == (1, 1)
    with pytest.warns(DeprecationWarning, match='"turn"'):  # the older spelling: an index into the turn order
        assert tails.from_scenario(dict(base, turn=1)).current_player == 1
    with pytest.warns(DeprecationWarning, match='"turn"'):
        assert tails.from_scenario(dict(base, to_move="red", turn=0)).current_player == 0


@pytest.mark.rule("tails.order.first-round")
def test_who_moves_in_round_one_follows_the_starting_order():
    sc = {"ostriches": [{"holds": []}, {"space": "T01:red:0", "holds": []}], "start_order": [1, 0], "to_move": 0,
          "round": 1}
    g = tails.from_scenario(sc)
    assert (g.state.round, g.current_player) == (1, 0)
    sc = dict(sc, start_order=[0, 1])
    assert refused(lambda: tails.from_scenario(sc)) == (
        "scenario.ostriches[1].space",
        "player:purple has not moved yet in round 1 (player:red is to move), so it is still behind the start line")


def test_who_moves_round_trips():
    g = tails.from_scenario(two({"space": "T03:red:0", "hand": ["red-2"]}, to_move="purple"))
    sc = g.to_scenario()
    assert tails.from_scenario(sc).to_scenario() == sc and tails.from_scenario(sc).current_player == 1


# -- the marker pile ---------------------------------------------------------------------

@pytest.mark.rule("tails.setup.markers")
def test_the_marker_pile_can_be_read():
    g = tails.from_scenario(two({"space": "T03:red:0", "hand": ["red-2"],
                                 "bonuses": {"boinnnggg": "active", "crazy-wings": "gone"}}), players=["red", "blue"])
    assert tails.marker_pile(g) == {"red": 1, "blue": 3}
    pile = tails.marker_pile(g)
    pile["red"] = 9
    assert tails.marker_pile(g)["red"] == 1  # a fresh copy: reading never changes the game


# -- bad input ---------------------------------------------------------------------------

OK = {"space": "T03:red:0", "hand": ["red-2"]}

BAD = [
    (two({"space": "T03:red:0", "holds": ["yellow-9"]}), {}, "scenario.ostriches[0].holds[0]",
     "unknown card 'yellow-9'; cards read like 'yellow-5' (lane colour, value 2-6)"),
    (two(OK, {"space": "T03:blue:1", "holds": ["M001"]}), {}, "scenario.ostriches[1].holds[0]",
     "M001 is player:red's red-2, not a card of player:purple"),
    (two(OK, {"space": "T03:blue:1", "hand": ["M091"]}), {"players": ["red", "green"]},
     "scenario.ostriches[1].hand[0]", "M091 is player:blue's yellow-2, not a card of player:green"),
    (two({"space": "T03:red:0", "holds": ["red-2"], "hand": ["red-3"]}), {}, "scenario.ostriches[0].holds",
     "give either the whole hand or the cards it holds, not both"),
    (two({"space": "T03:red:0", "holds": ["red-2", "red-2"]}), {}, "scenario.ostriches[0].holds[1]",
     "red-2 is already in the holds"),
    (two({"space": "T03:red:0", "holds": ["red-2"], "discard": ["M001"]}), {}, "scenario.ostriches[0].discard[0]",
     "red-2 is already in the holds"),
    (two({"space": "T03:red:0", "holds": ["red-2", "red-3", "red-4", "red-5", "red-6"]}), {},
     "scenario.ostriches[0].holds", "a hand holds at most 4 cards here, not 5"),
    (two({"space": "T03:red:0", "holds": [], "deck": list(CARD_NAMES)}), {}, "scenario.ostriches[0].deck",
     "a whole deck leaves no cards to deal the rest of the hand from; give the whole hand instead of holds"),
    (two({"space": "T03:red:0", "holds": [], "discard": list(CARD_NAMES[:18])}), {}, "scenario.ostriches[0].holds",
     "only 2 cards are left to deal 4 more"),
    (two(dict(OK, colour="black")), {}, "scenario.ostriches[0].colour",
     "unknown player colour 'black'; they are red, purple, green, yellow, blue"),
    (two(dict(OK, colour="purple")), {}, "scenario.ostriches[0].colour",
     "player:purple would be both seats 0 and 1"),
    (two(OK), {"players": ["red", "red"]}, "options.players[1]", "player:red is already seat 0"),
    (two(OK), {"players": ["red"]}, "options.players", "1 colours for 2 ostriches"),
    (two(dict(OK, colour="green")), {"players": ["red", "blue"]}, "scenario.ostriches[0].colour",
     "'green' contradicts options.players[0] = 'red'"),
    (two(OK, to_move="green"), {}, "scenario.to_move",
     "expected a player of this race (red, purple) or a seat 0..1, got 'green'"),
    (two(OK, to_move=True), {}, "scenario.to_move",
     "expected a player of this race (red, purple) or a seat 0..1, got True"),
    (two(OK, to_move="purple", turn_order=[0, 1], turn=0), {}, "scenario.to_move",
     "player:purple is at index 1 of the turn order, but scenario.turn says 0"),
    ({"ostriches": [{"holds": []}, {"holds": []}], "turn_order": [1, 0], "to_move": 1}, {},
     "scenario.turn_order", "in round 1 the turn order is the starting order [0, 1]"),
    ({"ostriches": [{"holds": []}, {"holds": []}], "to_move": 1}, {}, "scenario.ostriches[0].space",
     "player:red moves before player:purple in round 1, so it cannot still be behind the start line"),
]


@pytest.mark.filterwarnings('ignore:scenario "turn"')
@pytest.mark.parametrize("scenario, options, field, reason", BAD)
def test_bad_or_contradictory_input_is_refused_naming_the_field(scenario, options, field, reason):
    assert refused(lambda: tails.from_scenario(scenario, **options)) == (field, reason)
