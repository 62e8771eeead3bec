"""A round of Savernake Forest: set-up, the market, turn order, taking cards and
the four advisors' benefits, the end of a round, and the advanced 2-player mode."""

import pytest

from savannah_kit import forest
from savannah_kit.forest import Lair, Orient, Place, Take, Water

from forest_positions import refused

MARKET = {"rabbit": "A05", "rooster": "P12", "armadillo": "P11", "goat": "P10"}
TWO_ANIMALS = "A01@0,0r0 A02@1,0r0"


def game_at(red=TWO_ANIMALS, blue="A03@0,0r0 P02@1,0r0", market=MARKET, pawn=0, **extra):
    return forest.from_scenario({"forests": [red, blue], "market": dict(market), "pawn": pawn, **extra})


@pytest.mark.rule("forest.setup.decks", "forest.setup.starting-animal", "forest.setup.supply",
                  "forest.setup.first-player", "forest.round.market")
def test_set_up_deals_one_animal_each_and_fills_the_market():
    g = forest.new_game(players=2, seed=11)
    assert [e.rule for e in g.log] == [
        "forest.setup.decks", "forest.setup.starting-animal", "forest.setup.starting-animal",
        "forest.setup.supply", "forest.setup.first-player", "forest.round.market", "forest.round.order"]
    assert g.phase == "take" and g.round == 1 and g.current_player == g.pawn
    slots = g.market
    assert list(slots) == ["rabbit", "rooster", "armadillo", "goat"]
    assert g.card(slots["rabbit"]).kind == "animal"
    assert all(g.card(slots[s]).kind == "path" for s in ("rooster", "armadillo", "goat"))
    assert g.deck_sizes == {"animals": 16, "paths": 42} and g.tokens == {"lair": 15, "water": 15}
    for p in range(2):
        (card,) = g.forest(p).cards()
        assert (card.x, card.y, card.rotation) == (0, 0, 0) and g.card(card.card).kind == "animal"
    pawns = {forest.new_game(seed=s).pawn for s in range(20)}
    assert pawns == {0, 1}
    assert forest.new_game(seed=11).market == slots


@pytest.mark.rule("forest.round.order")
def test_the_pawn_holder_plays_first_then_clockwise():
    g = forest.new_game(players=3, seed=4)
    assert g.round_order == tuple((g.pawn + i) % 3 for i in range(3))
    assert g.log[-1].message == "Order: " + ", ".join(g.player_name(p) for p in g.round_order)
    for p in g.round_order:
        assert g.current_player == p
        g.play(g.legal_moves()[-1])
        while g.current_player == p and g.round == 1:
            g.play(g.legal_moves()[0])
    assert g.round == 2


@pytest.mark.rule("forest.turn.take", "forest.turn.no-refill", "forest.round.leftovers")
def test_each_player_takes_one_card_and_leftovers_are_discarded():
    g = game_at()
    events = g.play(Take(0, "rooster"))
    assert events[0].message == "Red takes path card P12 from the rooster (with the 1st Player pawn)"
    assert g.phase == "place" and g.held_card == "P12" and g.market["rooster"] is None
    refused(g, Take(0, "goat"), "forest.turn.take")
    g.play(Place(0, 0, 1, 0))
    refused(g, Take(1, "rooster"), "forest.turn.no-refill")
    refused(g, Take(1, "hen"), "forest.round.market")
    events = g.play(Take(1, "rabbit"))
    events = g.play(Place(1, 0, 1, 0))
    assert [e.rule for e in events[-3:]] == ["forest.round.leftovers", "forest.round.market", "forest.round.order"]
    assert events[-3].message == "Round 2 ends: path card P11 and path card P10 are discarded"
    assert g.discard_pile == ["P11", "P10"]
    assert g.round == 3 and all(g.market.values())
    assert g.deck_sizes == {"animals": 14, "paths": 38}


@pytest.mark.rule("forest.advisor.rooster", "forest.advisor.rooster-timing")
def test_the_rooster_moves_the_pawn_from_the_next_round_on():
    g = forest.from_scenario({"forests": ["A01@0,0r0", "A02@0,0r0", "A03@0,0r0"], "pawn": 0,
                              "market": dict(MARKET)})
    g.play(Take(0, "goat"))
    g.play(Place(0, 1, 0, 0))
    g.play(Water(0, 0, 0, "egg"))
    events = g.play(Take(1, "rooster"))
    assert [e.rule for e in events] == ["forest.turn.take", "forest.advisor.rooster", "forest.advisor.rooster-timing"]
    assert events[1].message == "Blue takes the 1st Player pawn"
    assert g.pawn == 1 and g.round_order == (0, 1, 2)
    g.play(Place(1, 1, 0, 0))
    assert g.current_player == 2  # the order of this round stays
    g.play(Take(2, "rabbit"))
    g.play(Place(2, 1, 0, 0))
    assert g.round_order == (1, 2, 0) and g.current_player == 1


@pytest.mark.rule("forest.advisor.rooster", "forest.advisor.rooster-timing")
def test_the_last_picker_taking_the_rooster_hears_no_timing_note():
    """Nobody plays after the last picker this round, so there is no order left to keep."""
    g = forest.from_scenario({"forests": ["A01@0,0r0", "A02@0,0r0", "A03@0,0r0"], "pawn": 0,
                              "market": dict(MARKET)})
    for p, slot in ((0, "goat"), (1, "rabbit")):
        g.play(Take(p, slot))
        g.play(Place(p, 1, 0, 0))
        if p == 0:
            g.play(Water(0, 0, 0, "egg"))
    events = g.play(Take(2, "rooster"))
    assert [e.rule for e in events] == ["forest.turn.take", "forest.advisor.rooster"]
    assert g.pawn == 2


@pytest.mark.rule("forest.advisor.rooster-untaken", "forest.advisor.armadillo")
def test_nobody_takes_the_rooster_so_the_pawn_stays():
    g = game_at(pawn=1)
    g.play(Take(1, "armadillo"))
    events = g.play(Place(1, 0, 1, 0))
    assert events[-1].message == "Blue puts a lair token on the Squirrel (the only animal): it now stores up to 6 foods"
    assert events[-1].rule == "forest.advisor.armadillo" and g.phase == "take"
    g.play(Take(0, "rabbit"))
    events = g.play(Place(0, 0, 1, 0))
    assert "forest.advisor.rooster-untaken" in [e.rule for e in events]
    assert g.pawn == 1 and g.round_order == (1, 0)


@pytest.mark.rule("forest.advisor.armadillo", "forest.advisor.armadillo-stack", "forest.score.capacity")
def test_the_armadillo_asks_which_animal_gets_the_lair_token():
    g = game_at(red="A01@0,0r0[lair=1] A02@1,0r0")
    g.play(Take(0, "armadillo"))
    g.play(Place(0, 0, 1, 0))
    assert g.phase == "lair" and g.current_player == 0
    assert g.legal_moves() == [Lair(0, 0, 0), Lair(0, 1, 0)]
    refused(g, Lair(0, 0, 1), "forest.advisor.armadillo")
    refused(g, Take(1, "goat"), "forest.round.order")
    events = g.play(Lair(0, 0, 0))
    assert events[0].rule == "forest.advisor.armadillo-stack"
    assert events[0].message == "Red puts a lair token on the Fox: it now stores up to 5 foods (2 lair tokens)"
    assert g.forest(0).lairs((0, 0)) == 2 and g.tokens["lair"] == 13
    fox = g.score_breakdown(0).animal("Fox")
    assert (fox.capacity, fox.lairs, fox.storage) == (3, 2, 5)


@pytest.mark.rule("forest.advisor.goat", "forest.advisor.goat-corner-limit")
def test_the_goat_asks_which_animal_corner_gets_the_water_drop():
    g = game_at(red="A01@0,0r0[water=egg,nut] A02@1,0r0[water=berry,worm,egg,nut]")
    g.play(Take(0, "goat"))
    g.play(Place(0, 0, 1, 0))
    assert g.phase == "water"
    assert g.legal_moves() == [Water(0, 0, 0, "berry"), Water(0, 0, 0, "worm")]
    err = refused(g, Water(0, 0, 0, "egg"), "forest.advisor.goat-corner-limit")
    assert err.reason == "the Fox's egg corner already has a water drop"
    refused(g, Water(0, 0, 0, "honey"), "forest.advisor.goat")
    events = g.play(Water(0, 0, 0, "worm"))
    assert events[0].message == "Red puts a water drop on the Fox's worm corner: worms are now worth 2 points each to it"
    assert g.forest(0).water((0, 0)) == ("worm", "egg", "nut") and g.tokens["water"] == 15 - 6 - 1


@pytest.mark.rule("forest.advisor.goat-corner-limit", "forest.advisor.goat-no-corner")
def test_the_water_drop_goes_to_the_only_free_corner_or_back_to_the_supply():
    g = game_at(red="A01@0,0r0[water=berry,egg,nut]", blue="A03@0,0r0[water=berry,worm,egg,nut]")
    g.play(Take(0, "goat"))
    events = g.play(Place(0, 0, 1, 0))
    assert events[-1].rule == "forest.advisor.goat-corner-limit"
    assert events[-1].message.startswith("Red puts a water drop on the Fox's worm corner (the only free corner)")
    assert g.phase == "take" and g.forest(0).water((0, 0)) == ("berry", "worm", "egg", "nut")
    g2 = game_at(red="A01@0,0r0[water=berry,worm,egg,nut]", blue="A03@0,0r0")
    supply = g2.tokens
    g2.play(Take(0, "goat"))
    events = g2.play(Place(0, 0, 1, 0))
    assert events[-1].rule == "forest.advisor.goat-no-corner" and g2.tokens == supply
    assert g2.phase == "take" and g2.current_player == 1


@pytest.mark.rule("forest.advisor.rabbit")
def test_the_rabbit_brings_a_new_animal():
    g = game_at(red="A01@0,0r0", blue="A03@0,0r0")
    events = g.play(Take(0, "rabbit"))
    assert events[0].rule == "forest.advisor.rabbit"
    assert events[0].message == "Red takes the Hamster from the rabbit"
    g.play(Place(0, 1, 0, 90))
    assert [c.card for c in g.forest(0).cards()] == ["A01", "A05"]
    assert [a.name for a in g.score_breakdown(0).animals] == ["Fox", "Hamster"]


@pytest.mark.rule("forest.setup.supply")
def test_an_empty_supply_gives_no_token():
    g = game_at(red="A01@0,0r0[lair=15]", blue="A03@0,0r0")
    g.play(Take(0, "armadillo"))
    events = g.play(Place(0, 0, 1, 0))
    assert events[-1].message == "The lair supply is empty: no token" and g.phase == "take"


@pytest.mark.rule("forest.adv.two-animals", "forest.adv.draft-order", "forest.adv.refill")
def test_advanced_mode_two_starting_animals_and_two_picks_each():
    g = forest.new_game(players=2, seed=5, advanced=True)
    first, other = g.pawn, 1 - g.pawn
    assert g.phase == "orient" and g.current_player == first
    assert [e.rule for e in g.log].count("forest.adv.two-animals") == 2
    assert g.legal_moves() == [Orient(first, r) for r in (0, 90, 180, 270)]
    card, cell = g.starting_animal()
    assert cell == (0, 0) and g.card(card).kind == "animal"
    g.play(Orient(first, 90))  # its path leaves east, towards the second animal
    assert g.starting_animal()[1] == (1, 0)
    assert g.legal_moves() == [Orient(first, r) for r in (0, 90, 180)]
    refused(g, Orient(first, 270), "forest.place.one-animal-per-path")
    refused(g, Orient(other, 0), "forest.round.order")
    g.play(Orient(first, 0))
    g.play(Orient(other, 180))
    g.play(Orient(other, 270))
    assert g.phase == "take" and g.round_order == (first, other, first, other)
    assert [e.rule for e in g.log if e.rule == "forest.adv.draft-order"] == ["forest.adv.draft-order"]
    for seat in (first, other, first, other):
        assert g.current_player == seat
        g.play(g.legal_moves()[0])
        while g.current_player == seat and g.round == 1:
            g.play(g.legal_moves()[0])
    assert g.round == 2 and g.discard_pile == []
    assert "forest.adv.refill" in [e.rule for e in g.log]
    assert all(f.size == 4 for f in (g.forest(0), g.forest(1)))
