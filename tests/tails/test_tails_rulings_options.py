"""The Savannah Tails rulings a race may change (``tails.options``): each option on a position
where it changes what the engine does, the explanation that follows it, and the save file."""

import pytest

from savannah_kit import tails
from savannah_kit.tails import Move
from tails_helpers import dests, lit_drawn, other, race, refusal, rules_of

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


def board_offers(game, card):
    """The spaces a board of ``game`` lights for ``card``, checked against the engine's legal moves."""
    board = game.widget()
    board.click_hit(f"card:{card}")
    offered = set(board.destinations())
    assert offered == {m.to for m in game.legal_moves() if m.card == card} == lit_drawn(board)
    return offered


HARD = [["T01", "easy"], ["T09", "hard"], ["T03", "hard"], ["T11", "hard"], ["T02", "easy"]]
BOING = {"boinnnggg": "active", "crazy-wings": "active"}


@pytest.mark.rule("tails.bonus.boinnnggg")
@pytest.mark.parametrize("end", ["acts", "through"])
def test_boinnnggg_end_space_acts_or_is_moved_through(end):
    # kit ruling K6: the end space is not moved through (default), or it is (the literal "move through")
    croc = race([{"space": "T09:red:1", "hand": ["yellow-4"], "bonuses": BOING}, other("T09:red:2")],
                course=HARD, boinnnggg_end=end)  # a crocodile on T09:yellow:5
    sand = race([{"space": "T03:blue:0", "hand": ["black-4"], "bonuses": BOING}, other("T03:red:1")],
                course=HARD, boinnnggg_end=end)  # quicksand on T03:black:4
    cheetah = race([{"space": "T11:red:0", "hand": ["yellow-4"], "bonuses": BOING}, other("T03:red:1")],
                   course=HARD, boinnnggg_end=end)  # a cheetah on T11:yellow:4
    through = end == "through"
    assert dests(croc, "yellow-4", boinnnggg=True) == {"T09:yellow:5" if through else "T09:yellow:4"}
    assert dests(sand, "black-4", boinnnggg=True) == {"T03:black:4" if through else "T03:black:3"}
    assert dests(croc, "yellow-4") == {"T09:yellow:4"} and dests(sand, "black-4") == {"T03:black:3"}  # without it
    onto_cheetah = [m for m in cheetah.legal_moves() if m.card == "yellow-4" and m.boinnnggg and m.to == "T11:yellow:4"]
    assert [m.lose for m in onto_cheetah] == ([()] if through else [("crazy-wings",)])
    assert ("T09:yellow:5" in board_offers(croc, "yellow-4")) is through
    onto_croc = Move("yellow-4", to="T09:yellow:5", boinnnggg=True)
    if through:
        assert croc.explain(onto_croc).startswith("Legal")
        said = [e.message for e in croc.play(onto_croc) if e.rule == "tails.bonus.boinnnggg"]
        assert said == ["Red declares Boinnnggg: it moves through ostriches, animals and quicksand, the end space "
                        "included (K6, boinnnggg_end='through')"]
        assert croc.track.names[croc.state.pos[0]] == "T09:yellow:5"
        saved_and_loaded(croc)
    else:
        assert refusal(croc, onto_croc) == ("tails.bonus.boinnnggg", "T09:yellow:5 holds a crocodile: Boinnnggg moves "
                                            "through it but may not end there (K6; with boinnnggg_end='through' it may)")
    ostrich = race([{"space": "T09:red:1", "hand": ["yellow-4"], "bonuses": BOING}, other("T09:yellow:5")],
                   course=HARD, boinnnggg_end=end)
    assert refusal(ostrich, Move("yellow-4", to="T09:yellow:5", boinnnggg=True))[0] == "tails.move.no-pass-through"


EASY_WATER = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]  # water on T03:blue:3
STEP_BACK = [["T01", "easy"], ["T06", "hard"], ["T03", "hard"], ["T02", "easy"]]  # lion T06:blue:4; sand T03:red:2


@pytest.mark.rule("tails.move.one-space-any-card", "tails.move.links")
@pytest.mark.parametrize("one_space", ["forward", "any"])
def test_one_space_moves_forward_or_also_sideways_and_back(one_space):
    # decision A2: (a) forward and diagonal links only; (b) also sideways or back
    g = race([{"space": "T03:red:3", "hand": ["black-5"]}, other("T03:red:2")], course=EASY_WATER, one_space=one_space)
    any_way = one_space == "any"
    ahead = {"T03:red:4", "T03:blue:4"}
    assert dests(g, "black-5", kind="one-space") == ahead | ({"T03:blue:3"} if any_way else set())  # red:2 is taken
    assert board_offers(g, "black-5") >= ahead and ("T03:blue:3" in board_offers(g, "black-5")) is any_way
    sideways = Move("black-5", to="T03:blue:3", kind="one-space")
    if not any_way:
        rule, reason = refusal(g, sideways)
        assert rule == "tails.move.links" and "never sideways or back: A2, unless one_space='any'" in reason
        return
    onto_water = [m for m in g.legal_moves() if m.to == "T03:blue:3"]
    assert {m.arm for m in onto_water} == {("boinnnggg",), ("crazy-wings",), ("bird-brain",)}  # a water hole entered
    g.play(onto_water[0])
    assert g.track.names[g.state.pos[0]] == "T03:blue:3"
    saved_and_loaded(g)
    back = race([{"space": "T06:blue:5", "hand": ["black-5"]}, other("T03:red:3", ["red-3", "black-4"])],
                course=STEP_BACK, one_space="any", turn_order=[1, 0])
    assert dests(back, "black-4", kind="one-space") == {"T03:red:4", "T03:blue:4", "T03:blue:3"}  # not T03:red:2
    assert refusal(back, Move("black-4", to="T03:red:2", kind="one-space"))[0] == "tails.quicksand.one-space"
    back.play(Move("black-4", to="T03:red:4", kind="one-space"))
    assert "T06:blue:4" not in dests(back, "black-5", kind="one-space")  # behind: a lion
    assert refusal(back, Move("black-5", to="T06:blue:4", kind="one-space"))[0] == "tails.animal.lion"


@pytest.mark.rule("tails.animal.warthog-replaces-draw")
@pytest.mark.parametrize("warthog_draw", ["replaces", "adds"])
def test_a_warthog_redraw_replaces_the_draw_or_the_draw_follows_it(warthog_draw):
    # decision A9: does "draw a card" still follow the warthog's new hand?
    deck = ("red-2 red-3 red-4 red-5 red-6 blue-2 blue-3 blue-4 blue-5 blue-6 yellow-2 yellow-3 yellow-4 yellow-5 "
            "black-3 black-4").split()
    g = race([{"space": "T12:red:0", "hand": ["black-5", "black-6", "yellow-6", "black-2"], "deck": deck},
              other("T12:black:5")], course=[["T01", "easy"], ["T12", "hard"], ["T02", "easy"]],
             warthog_draw=warthog_draw)  # a warthog on T12:red:1
    events = g.play(Move("black-5", to="T12:red:1", kind="one-space", warthog=True))
    [said] = [e.message for e in events if e.rule == "tails.animal.warthog-replaces-draw"]
    adds = warthog_draw == "adds"
    assert said == "Red discards the hand and redraws 4 cards " + (
        "(then the usual draw: A9, warthog_draw='adds')" if adds else "(no other draw)")
    assert len(g.state.hands[0]) == (5 if adds else 4) and ("tails.draw.one" in rules_of(events)) is adds
    assert g.current_player == 0 if adds else 1  # with 'adds': Red discards down to 4 first
    if adds:
        assert {len(m.cards) for m in g.legal_moves()} == {1}
        g.play(g.legal_moves()[0])
        assert len(g.state.hands[0]) == 4 and g.current_player == 1
    saved_and_loaded(g)


ALL_READY = {"boinnnggg": "active", "crazy-wings": "active", "neck-stretch": "active"}


def bonus_cards_used(move):
    return (move.card in ("crazy-wings", "deja-vu")) + move.boinnnggg + move.neck_stretch + move.leapfrog


@pytest.mark.rule("tails.bonus.combine")
@pytest.mark.parametrize("bonus_per_turn", ["any", "one"])
def test_bonuses_combine_in_a_turn_or_one_bonus_card_a_turn(bonus_per_turn):
    # kit ruling K4: different armed bonus cards in one turn, each once (default), or one a turn
    def ready(**options):
        return race([{"space": "T03:red:0", "hand": ["red-3", "blue-4"], "bonuses": ALL_READY}, other("T05:black:3")],
                    course=EASY, bonuses=["boinnnggg", "crazy-wings", "neck-stretch"], **options)

    g, both = ready(bonus_per_turn=bonus_per_turn), ready()
    one = bonus_per_turn == "one"
    assert {bonus_cards_used(m) for m in g.legal_moves()} == ({0, 1} if one else {0, 1, 2, 3})  # three in a turn
    wings_and_neck = next(m for m in both.legal_moves() if m.card == "crazy-wings" and m.neck_stretch
                          and not m.boinnnggg)
    boing_alone = next(m for m in g.legal_moves() if m.card == "red-3" and m.boinnnggg and not m.neck_stretch)
    assert g.is_legal(boing_alone) and g.is_legal(wings_and_neck) is not one
    no_neck = race([{"space": "T03:red:0", "hand": ["red-3"], "bonuses": BOING}, other("T05:black:3")], course=EASY,
                   bonus_per_turn=bonus_per_turn)  # nothing to choose after the steps: the moves of the bare track
    assert any(m.card == "crazy-wings" and m.boinnnggg for m in no_neck.legal_moves()) is not one
    assert board_offers(g, "red-3")  # the board lights what the engine allows, combinations included or not
    verdict = g.explain_route("crazy-wings", list(both.route(wings_and_neck)), lane=wings_and_neck.lane,
                              neck_stretch=True)
    if one:
        why = ("tails.bonus.combine", "this move uses Crazy Wings and Neck Stretch, but a turn uses one bonus card at "
               "most (K4, bonus_per_turn='one')")
        assert refusal(g, wings_and_neck) == why and (verdict.legal, verdict.rule, verdict.message) == (False, *why)
    else:
        assert verdict.legal and verdict.move == wings_and_neck
        events = g.play(wings_and_neck)
        assert {"tails.bonus.crazy-wings", "tails.bonus.neck-stretch"} <= set(rules_of(events))
    saved_and_loaded(g)


T13 = [["T01", "easy"], ["T13", "hard"], ["T02", "easy"]]  # porcupines on T13:yellow:1 and T13:blue:4


@pytest.mark.rule("tails.animal.porcupine", "tails.move.blocked-stop")
@pytest.mark.parametrize("porcupine", ["anywhere", "card-lane"])
def test_a_porcupine_off_the_card_lane_ends_the_move_or_blocks_it(porcupine):
    # kit ruling K7: Red on T13:blue:1 plays yellow-4; Purple on T13:yellow:4 blocks every full-length route,
    # and the only other way runs into the porcupine on T13:blue:4, off the card lane
    g = race([{"space": "T13:blue:1", "hand": ["yellow-4"]}, other("T13:yellow:4")], course=T13, porcupine=porcupine)
    anywhere = porcupine == "anywhere"
    assert dests(g, "yellow-4") == {"T13:blue:4" if anywhere else "T13:yellow:3"}  # or stopped short of it
    assert board_offers(g, "yellow-4") >= dests(g, "yellow-4")
    into = Move("yellow-4", to="T13:blue:4")
    route = ["T13:blue:2", "T13:blue:3", "T13:blue:4"]
    if anywhere:
        assert g.explain_route("yellow-4", route).legal
        assert refusal(g, Move("yellow-4", to="T13:yellow:3"))[0] == "tails.move.exact-distance"
        said = [e.message for e in g.play(into)]
        assert said[1] == "Red runs into a porcupine on T13:blue:4: ouch! The move ends there"
    else:
        why = ("tails.animal.porcupine", "T13:blue:4 holds a porcupine off the card lane (yellow): it ends no move "
               "there, so it blocks the way (K7, porcupine='card-lane')")
        assert refusal(g, into) == why
        verdict = g.explain_route("yellow-4", route)
        assert (verdict.legal, verdict.step, verdict.rule, verdict.message) == (False, 3, *why)
        said = [e.message for e in g.play(Move("yellow-4", to="T13:yellow:3"))]
        assert said[1] == ("Red is blocked by Purple's ostrich on T13:yellow:4 and the porcupine on T13:blue:4 and "
                           "stops on T13:yellow:3 after 2 spaces")
    saved_and_loaded(g)
    on_lane = race([{"space": "T13:blue:0", "hand": ["yellow-3"]}, other()], course=T13, porcupine=porcupine)
    assert "T13:yellow:1" in dests(on_lane, "yellow-3")  # on the card lane it ends the move either way


WATER = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]  # a water hole on T03:blue:3
DUNE = [["T01", "easy"], ["T07", "hard"], ["T02", "easy"]]  # a dune arrow forward on T07:yellow:2
LEAP = {"bonuses": ["leapfrog", "crazy-wings", "bird-brain"]}


@pytest.mark.rule("tails.bonus.leapfrog-landing", "tails.water.gain-marker", "tails.dune.arrow")
@pytest.mark.parametrize("landing", ["counts", "nothing"])
def test_a_leapfrog_landing_counts_as_the_end_of_the_move_or_for_nothing(landing):
    # kit ruling K15: Red's move stops behind Purple and leapfrogs onto a water hole, then onto a dune arrow
    counts = landing == "counts"
    water = race([{"space": "T01:red:1", "hand": ["blue-3"], "bonuses": {"leapfrog": "active"}}, other("T03:blue:2")],
                 course=WATER, leapfrog_landing=landing, **LEAP)
    leaps = [m for m in water.legal_moves() if m.leapfrog]
    assert {(m.to, m.arm) for m in leaps} == ({("T03:blue:3", ("bird-brain",)), ("T03:blue:3", ("crazy-wings",))}
                                              if counts else {("T03:blue:3", ())})
    path = ["T01:red:2", "T03:blue:0", "T03:blue:1", "T03:blue:3"]
    assert water.explain_route("blue-3", path, leapfrog=True).legal
    armed = Move("blue-3", to="T03:blue:3", leapfrog=True, arm=("crazy-wings",))
    said = [(e.rule, e.message) for e in water.copy().play(armed if counts else leaps[0])]
    if counts:
        assert ("tails.water.gain-marker", "Red drinks at a water hole and arms Crazy Wings (usable from the next "
                "turn)") in said
    else:
        assert refusal(water, armed) == ("tails.water.count", "this move enters no water hole (its Leapfrog landing "
                                         "counts for nothing: K15, leapfrog_landing='nothing'), so it arms no bonus card")
        assert ("tails.bonus.leapfrog-landing", "Red lands on the water hole of T03:blue:3, which does not count: the "
                "landing counts for nothing (K15, leapfrog_landing='nothing')") in said
        assert "tails.water.gain-marker" not in [rule for rule, _ in said]
    dune = race([{"space": "T01:red:0", "hand": ["yellow-3"], "bonuses": {"leapfrog": "active"}}, other("T07:yellow:1")],
                course=DUNE, leapfrog_landing=landing, **LEAP)
    [leap] = [m for m in dune.legal_moves() if m.leapfrog]
    assert leap.to == ("T07:yellow:3" if counts else "T07:yellow:2")
    assert dune.route(leap)[-2:] == (("T07:yellow:2", "T07:yellow:3") if counts else ("T07:yellow:0", "T07:yellow:2"))
    assert ("tails.dune.arrow" in rules_of(dune.play(leap))) is counts
    saved_and_loaded(dune)


@pytest.mark.parametrize("option, value", [("bonus_per_turn", "two"), ("porcupine", True),
                                           ("leapfrog_landing", "counts-not")])
def test_a_value_the_new_options_do_not_take_is_refused_naming_the_option(option, value):
    from savannah_kit.core.errors import ScenarioError

    with pytest.raises(ScenarioError) as err:
        tails.new_game(players=2, seed=1, **{option: value})
    assert err.value.field == f"options.{option}"
