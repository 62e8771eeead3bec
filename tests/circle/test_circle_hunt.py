"""Step B: hunting actions, on small hand-built savannahs with exact expected results."""

import pytest

from savannah_kit import circle
from savannah_kit.circle import catalogue_data
from savannah_kit.core import IllegalMove

from circle_helpers import moves_for, play, position, row


@pytest.mark.rule("circle.hunt.order", "circle.hunt.snapshot")
def test_lion_actions_top_to_bottom_on_the_snapshot():
    # Hyena, Jackal, Zebra; the Lion kills 2 within 3, then scares every Hyena/Jackal within 2
    # (K17: the Lion kills 2, it killed 1 before the revision)
    g = position(["C10", "C17", "C38"], hands=[["C01", "C35", "C36"], ["C39", "C40", "C41"]], draw=["C42"])
    assert moves_for(g, "C01") == sorted([
        play("C01", ["C10", "C17"], []),  # kill the Hyena and the Jackal: nothing left for the scare
        play("C01", ["C10", "C38"], ["C17"]),  # kill the Hyena and the Zebra, then scare the Jackal
        play("C01", ["C17", "C38"], []),  # kill the Jackal and the Zebra: the Hyena is out of the scare's reach
    ], key=repr)
    g.play(play("C01", ["C17", "C38"], []))
    assert g.to_scenario()["kill_piles"][0] == ["C17", "C38"]
    # the Hyena was 3 cards away (out of the scare's reach 2) and survives
    assert row(g) == ["C10", "C01@0"]


@pytest.mark.rule("circle.hunt.snapshot")
def test_a_card_taken_earlier_in_the_turn_cannot_be_targeted_again():
    g = position(["C10", "C17", "C38"], hands=[["C01", "C35", "C36"], ["C39", "C40", "C41"]], draw=["C42"])
    before = g.to_json()
    with pytest.raises(IllegalMove) as err:
        g.play(play("C01", ["C10", "C17"], ["C17"]))  # K17: the Lion's kill now takes 2
    assert err.value.rule_id == "circle.hunt.snapshot"
    assert g.to_json() == before


@pytest.mark.rule("circle.hunt.snapshot", "circle.reorder.close-gaps")
def test_removed_cards_keep_their_places_for_counting():
    # the Lion kills the two Zebras next to it; the Jackal stays 3 places left (out of the scare's reach 2)
    # because gaps close only after step B (K17: the Lion kills 2, it killed 1 before the revision)
    g = position(["C17", "C36", "C38"], hands=[["C01", "C35", "C37"], ["C39", "C40", "C41"]], draw=["C42"])
    assert moves_for(g, "C01") == sorted([play("C01", ["C17", "C36"], []), play("C01", ["C17", "C38"], []),
                                          play("C01", ["C36", "C38"], [])], key=repr)
    events = g.play(play("C01", ["C36", "C38"], []))
    assert row(g) == ["C17", "C01@0"]
    assert g.to_scenario()["out"] == []
    assert [e.rule for e in events][-2:] == ["circle.reorder.close-gaps", "circle.end.trigger"]


def hyena_that_hunts_twice():
    """A box whose Hyena first kills 1 card of level 1 or less within 2, then chooses: the same again
    OR scare 1 Cheetah within 2."""
    data = catalogue_data()
    hyena = next(sp for sp in data["species"] if sp["name"] == "Hyena")
    kill = {"verb": "kill", "count": 1, "filter": {"level_max": 1}, "reach": 2}
    hyena["actions"] = [kill, {"choose": [kill, {"verb": "scare", "count": 1, "filter": {"species": ["Cheetah"]},
                                                 "reach": 2}]}]
    return data


@pytest.mark.rule("circle.hunt.snapshot", "circle.hunt.verb", "circle.hunt.mandatory")
def test_a_choice_cannot_take_again_what_an_earlier_action_took():
    # Cheetah, Impala; the Hyena's first action kills the Impala, so the kill branch of its choice has nothing
    # left: only the scare branch can take something, and it must
    g = position(["C07", "C47"], hands=[["C10", "C35", "C36"], ["C38", "C39", "C40"]], draw=["C42"],
                 catalogue=hyena_that_hunts_twice())
    assert moves_for(g, "C10") == [play("C10", ["C47"], (1, ["C07"]))]
    before = g.to_json()
    with pytest.raises(IllegalMove) as err:
        g.play(play("C10", ["C47"], (0, ["C47"])))
    assert err.value.rule_id == "circle.hunt.snapshot"
    assert err.value.reason == "Impala (C47) was already taken earlier this turn and cannot be targeted again"
    with pytest.raises(IllegalMove) as err:
        g.play(play("C10", ["C47"], (0, [])))
    assert err.value.rule_id == "circle.hunt.mandatory"
    # the refusal names the target the skipped branch could take
    assert err.value.reason == ("branch 1 of action 2 ('scare 1 Cheetah within reach 2') cannot be skipped: "
                                "Cheetah (C07) is in reach, so it must be taken")
    assert g.to_json() == before
    with pytest.raises(IllegalMove) as err:
        g.play(play("C10", ["C47"], (5, [])))
    assert (err.value.rule_id, err.value.reason) == ("circle.hunt.verb", "action 2 of the Hyena has 2 branches: "
                                                     "0 = kill 1 card of level 1 or less within reach 2; "
                                                     "1 = scare 1 Cheetah within reach 2")
    assert g.to_json() == before
    # without a Cheetah nothing is left for the choice: skipping it is the move
    g2 = position(["C35", "C47"], hands=[["C10", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"],
                  catalogue=hyena_that_hunts_twice())
    assert moves_for(g2, "C10") == [play("C10", ["C47"], (0, []))]
    g2.play(play("C10", ["C47"], (0, [])))
    assert g2.to_scenario()["kill_piles"] == [["C47"], []]


@pytest.mark.rule("circle.hunt.reach")
def test_reach_counts_only_the_cards_directly_left():
    # Leopard kills 2 of level <= 5 within reach 3 (K17: it was 1 of level <= 2 within 2): the Zebra four
    # places left is out of reach
    g = position(["C35", "C36", "C47", "C41"], hands=[["C04", "C37", "C38"], ["C39", "C40", "C43"]], draw=["C42"])
    assert moves_for(g, "C04") == sorted([play("C04", ["C36", "C47"]), play("C04", ["C36", "C41"]),
                                          play("C04", ["C41", "C47"])], key=repr)
    with pytest.raises(IllegalMove) as err:
        g.play(play("C04", ["C35", "C41"]))
    assert err.value.rule_id == "circle.hunt.reach"
    assert err.value.reason == "Zebra (C35) is 4 cards left of the Leopard; action 1 reaches 3"


@pytest.mark.rule("circle.hunt.verb", "circle.hunt.kill", "circle.hunt.scare")
def test_hyena_chooses_kill_or_scare():
    # Hyena: choose KILL 1 of level <= 3 within 2 OR SCARE 1 Cheetah within 2 (K17: the kill reached level 1
    # before the revision, so the Cheetah, level 3, could only be scared)
    g = position(["C07", "C47"], hands=[["C10", "C35", "C36"], ["C38", "C39", "C40"]], draw=["C42", "C43"])
    assert moves_for(g, "C10") == sorted([play("C10", (0, ["C07"])), play("C10", (0, ["C47"])),
                                          play("C10", (1, ["C07"]))], key=repr)
    kill = g.copy()
    kill.play(play("C10", (0, ["C47"])))
    assert kill.to_scenario()["kill_piles"] == [["C47"], []]
    assert row(kill) == ["C07", "C10@0"]
    events = g.play(play("C10", (1, ["C07"])))
    assert g.to_scenario()["out"] == ["C07"] and g.to_scenario()["kill_piles"] == [[], []]
    assert [e.rule for e in events][:2] == ["circle.play.place-right", "circle.hunt.scare"]
    assert row(g) == ["C47", "C10@0"]


@pytest.mark.rule("circle.hunt.verb")
def test_a_branch_number_that_does_not_exist_is_refused():
    g = position(["C07", "C47"], hands=[["C10", "C35", "C36"], ["C38", "C39", "C40"]], draw=["C42"])
    with pytest.raises(IllegalMove) as err:
        g.play(play("C10", (2, ["C47"])))
    assert err.value.rule_id == "circle.hunt.verb"


@pytest.mark.rule("circle.hunt.mandatory")
def test_an_action_with_a_target_cannot_be_skipped():
    g = position(["C35", "C47"], hands=[["C04", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert play("C04", []) not in g.legal_moves()
    with pytest.raises(IllegalMove) as err:
        g.play(play("C04", []))
    assert err.value.rule_id == "circle.hunt.mandatory"


@pytest.mark.rule("circle.hunt.mandatory")
def test_an_action_without_target_is_skipped():
    # Jackal (kills 1 of level <= 1 within 1) next to a Giraffe (level 3): nothing it may kill (K17: the
    # Leopard used here before the revision now kills the Giraffe)
    g = position(["C20", "C30"], hands=[["C17", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert moves_for(g, "C17") == [play("C17", [])]
    events = g.play(play("C17", []))
    assert "circle.hunt.mandatory" in [e.rule for e in events]
    assert row(g) == ["C20", "C30", "C17@0"]


@pytest.mark.rule("circle.hunt.mandatory", "circle.hunt.verb")
def test_choose_must_take_the_branch_that_has_a_target():
    # no Cheetah in reach: the Hyena must kill the Impala
    g = position(["C20", "C47"], hands=[["C10", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert moves_for(g, "C10") == [play("C10", (0, ["C47"]))]
    with pytest.raises(IllegalMove) as err:
        g.play(play("C10", (1, [])))
    assert err.value.rule_id == "circle.hunt.mandatory"
    # neither branch has a target: one skip move, listed once (two Elephants: K17 lets the Hyena kill a
    # Giraffe, which stood here before the revision)
    g2 = position(["C20", "C21"], hands=[["C10", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert moves_for(g2, "C10") == [play("C10", (0, []))]


@pytest.mark.rule("circle.hunt.count")
def test_all_means_every_legal_target_and_one_means_exactly_one():
    # Elephant scares ALL predators within 2: both the Jackal and the Hyena, in one move
    g = position(["C35", "C17", "C10"], hands=[["C20", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert moves_for(g, "C20") == [play("C20", ["C10", "C17"])]
    with pytest.raises(IllegalMove) as err:
        g.play(play("C20", ["C10"]))
    assert err.value.rule_id == "circle.hunt.count"
    g.play(play("C20", ["C17", "C10"]))
    assert row(g) == ["C35", "C20@0"] and sorted(g.to_scenario()["out"]) == ["C10", "C17"]
    # Rhinoceros scares exactly 1 (not an Elephant) within 2: two single-target moves
    g2 = position(["C35", "C47"], hands=[["C23", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert moves_for(g2, "C23") == sorted([play("C23", ["C35"]), play("C23", ["C47"])], key=repr)
    with pytest.raises(IllegalMove) as err:
        g2.play(play("C23", ["C35", "C47"]))
    assert err.value.rule_id == "circle.hunt.count"


@pytest.mark.rule("circle.hunt.filter")
def test_only_cards_matching_the_filter_are_targets():
    # Wild dog kills 1 card of level <= 3 within 2: not the Elephant (K17: it took only GRAZERS of level <= 2
    # before the revision)
    g = position(["C20", "C41"], hands=[["C14", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert moves_for(g, "C14") == [play("C14", ["C41"])]
    with pytest.raises(IllegalMove) as err:
        g.play(play("C14", ["C20"]))
    assert err.value.rule_id == "circle.hunt.filter"
    # Cheetah kills only an Impala or a Gazelle, within 4
    g2 = position(["C52", "C35", "C36", "C41"], hands=[["C07", "C37", "C38"], ["C39", "C40", "C43"]],
                  draw=["C42"])
    assert moves_for(g2, "C07") == [play("C07", ["C52"])]


@pytest.mark.rule("circle.hunt.tokens-return", "circle.hunt.kill")
def test_tokens_on_hunted_cards_go_back_to_their_owners():
    # counted tokens (tokens=12, K16); the Hyena kills 1 (the Leopard used before K17 now kills both cards)
    g = position(["C35@1", "C47@1"], hands=[["C10", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"], tokens=12)
    assert g.to_scenario()["supply"] == [12, 10]
    events = g.play(play("C10", ["C47"]))
    assert g.to_scenario()["supply"] == [11, 11]
    assert g.to_scenario()["kill_piles"] == [["C47"], []]
    assert [e.rule for e in events if e.rule.startswith("circle.hunt")] == ["circle.hunt.kill",
                                                                           "circle.hunt.tokens-return"]
    assert row(g) == ["C35@1", "C10@0"]


@pytest.mark.rule("circle.hunt.own-cards", "circle.hunt.tokens-return")
def test_own_cards_are_legal_targets():
    # the Hyena, as the Leopard kills 2 since K17
    g = position(["C35@0", "C47@0"], hands=[["C10", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"], tokens=12)
    assert moves_for(g, "C10") == sorted([play("C10", ["C35"]), play("C10", ["C47"])], key=repr)
    events = g.play(play("C10", ["C35"]))
    assert events[1].rule == "circle.hunt.own-cards"
    assert g.to_scenario()["kill_piles"][0] == ["C35"] and g.to_scenario()["supply"][0] == 10


def own_cards_safe(savannah, hands):
    """A hand-built position played with the option own_cards='safe' (decision B10, the other reading)."""
    return circle.new_game(players=2, seed=0, own_cards="safe", tokens=12,
                           scenario={"savannah": savannah, "hands": hands, "draw_pile": ["C42"]})


@pytest.mark.rule("circle.hunt.own-cards", "circle.hunt.mandatory")
def test_with_own_cards_safe_a_hunt_never_takes_the_players_own_cards():
    hands = [["C10", "C36", "C37"], ["C38", "C39", "C40"]]
    g = own_cards_safe(["C35@0", "C47@0"], hands)  # the Hyena's only targets carry Red's tokens
    assert moves_for(g, "C10") == [play("C10", [])]
    before = g.to_json()
    with pytest.raises(IllegalMove) as err:
        g.play(play("C10", ["C35"]))
    assert err.value.rule_id == "circle.hunt.own-cards" and g.to_json() == before
    assert "carries Red's own token: safe from their hunts (option own_cards='safe')" in err.value.reason
    events = g.play(play("C10", []))
    assert "Hyena's action 1 has no target in reach: skipped" in [e.message for e in events]
    assert g.to_scenario()["kill_piles"] == [[], []] and row(g) == ["C35@0", "C47@0", "C10@0"]
    g = own_cards_safe(["C35@1", "C47@0"], hands)  # Blue's Zebra is still fair game, and must be taken
    assert moves_for(g, "C10") == [play("C10", ["C35"])]
    with pytest.raises(IllegalMove) as err:
        g.play(play("C10", []))
    assert err.value.rule_id == "circle.hunt.mandatory" and "Zebra (C35) is in reach" in err.value.reason


@pytest.mark.rule("circle.hunt.own-cards", "circle.hunt.count")
def test_with_own_cards_safe_an_elephant_scares_only_the_others_predators():
    hands = [["C20", "C36", "C37"], ["C38", "C39", "C40"]]
    assert moves_for(own_cards_safe(["C10@0", "C17@1"], hands), "C20") == [play("C20", ["C17"])]
    standard = position(["C10@0", "C17@1"], hands=hands, draw=["C42"], tokens=12)
    assert moves_for(standard, "C20") == [play("C20", ["C10", "C17"])]


@pytest.mark.rule("circle.special.giraffe", "circle.end.bonus-points")
def test_giraffe_counts_predators_among_the_three_cards_to_its_left():
    # the Lion is 4 cards away: only Hyena and Jackal count
    g = position(["C01", "C10", "C35", "C17"], hands=[["C30", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    events = g.play(play("C30"))
    assert [e.message for e in events if e.rule == "circle.special.giraffe"] == [
        "Red's Giraffe spots 2 predators: +2 bonus points"]
    assert g.to_scenario()["bonus"] == [2, 0]
    assert g.score_breakdown(0).steps["bonus"] == 2
    # at most 3 points
    g2 = position(["C10", "C17", "C14"], hands=[["C30", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    g2.play(play("C30"))
    assert g2.to_scenario()["bonus"] == [3, 0]


@pytest.mark.rule("circle.special.giraffe")
def test_giraffe_bonus_is_capped_by_the_catalogue_max():
    data = catalogue_data()
    giraffe = next(s for s in data["species"] if s["name"] == "Giraffe")
    giraffe["lookout"] = {"filter": {"predator": True}, "reach": 3, "max": 1}
    g = position(["C10", "C17", "C14"], hands=[["C30", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"],
                 catalogue=data)
    events = g.play(play("C30"))
    assert g.to_scenario()["bonus"] == [1, 0]
    assert events[1].message == "Red's Giraffe spots 3 predators: +1 bonus point"
    g2 = position(["C35", "C10"], hands=[["C30", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert g2.play(play("C30"))[1].message == "Red's Giraffe spots 1 predator: +1 bonus point"


@pytest.mark.rule("circle.special.maasai-immune")
def test_the_maasai_is_never_a_target():
    # Hippopotamus scares any 1 card within 1; the Maasai next to it cannot be scared
    g = position(["C35", "C62"], hands=[["C33", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert moves_for(g, "C33") == [play("C33", [])]
    before = g.to_json()
    with pytest.raises(IllegalMove) as err:
        g.play(play("C33", ["C62"]))
    assert err.value.rule_id == "circle.special.maasai-immune"
    assert g.to_json() == before
    # nor killed: the Lion (kills 2 since K17) takes the Zebra and the Jackal, never the Maasai
    g2 = position(["C62", "C17", "C36"], hands=[["C01", "C37", "C38"], ["C39", "C40", "C41"]], draw=["C42"])
    assert moves_for(g2, "C01") == [play("C01", ["C17", "C36"], [])]


@pytest.mark.rule("circle.hunt.filter")
def test_a_target_outside_the_filter_is_refused_naming_the_action():
    # the Jackal (the Leopard used before K17 may now kill an Elephant)
    g = position(["C35", "C47@0", "C20@1"], hands=[["C17", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    with pytest.raises(IllegalMove) as err:
        g.play(play("C17", ["C20"]))
    assert (err.value.rule_id, err.value.reason) == (
        "circle.hunt.filter", "Elephant (C20) is not a card of level 1 or less: action 1 is 'kill 1 card of level 1 "
                              "or less within reach 1'")


@pytest.mark.rule("circle.hunt.count")
def test_the_original_species_table_lion_kills_one():
    # kit ruling K17: with species="original" the Lion kills 1 within 3 (the kit table: 2), then scares
    scenario = {"savannah": ["C10", "C17", "C38"], "hands": [["C01", "C35", "C36"], ["C39", "C40", "C41"]],
                "draw_pile": ["C42"]}
    g = circle.new_game(players=2, seed=0, scenario=scenario, species="original")
    assert moves_for(g, "C01") == sorted([
        play("C01", ["C10"], ["C17"]), play("C01", ["C17"], []), play("C01", ["C38"], ["C17"])], key=repr)
    kit_move = play("C01", ["C17", "C38"], [])
    assert circle.new_game(players=2, seed=0, scenario=scenario).is_legal(kit_move)
    assert not g.is_legal(kit_move)
    assert "circle.hunt.count" in str(g.explain(kit_move))
    g.play(play("C01", ["C38"], ["C17"]))
    assert row(g) == ["C10", "C01@0"] and circle.from_json(g.to_json()).options["species"] == "original"


@pytest.mark.rule("circle.hunt.count", "circle.hunt.filter")
def test_the_original_species_table_leopard_kills_one_card_of_level_two_or_less_within_two():
    # kit ruling K17: the kit's Leopard kills 2 of level 5 or less within 3
    kit, original = (circle.new_game(players=2, seed=0, species=s).catalogue for s in ("kit", "original"))
    assert kit.card_species[3].name == original.card_species[3].name == "Leopard"
    assert [(a.count, a.filter.level_max, a.reach) for a in original.card_species[3].actions] == [(1, 2, 2)]
    assert [(a.count, a.filter.level_max, a.reach) for a in kit.card_species[3].actions] == [(2, 5, 3)]
