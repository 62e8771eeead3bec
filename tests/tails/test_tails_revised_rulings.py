"""The revised rulings (RULES.md rows marked revised or new), each on the position that shows it."""

import pytest

from savannah_kit import tails
from savannah_kit.core.errors import IllegalMove
from savannah_kit.tails import Move
from tails_helpers import dests, other, race, refusal, rules_of

EASY = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]


def hard(tile):
    return [["T01", "easy"], [tile, "hard"], ["T02", "easy"]]


def normal_moves(game):
    return sorted((m for m in game.legal_moves() if m.kind == "normal"), key=repr)


@pytest.mark.rule("tails.move.blocked-stop")
def test_a_blocked_move_stops_on_the_card_lane():
    """T09 hard: a crocodile on yellow@5. The full yellow-5 would end on it, so the move stops
    one short, on the yellow lane, never on blue@5 (the first reading sent it there)."""
    g = race([{"space": "T09:blue:0", "hand": ["yellow-5"]}, other("T01:red:0")], course=hard("T09"))
    assert normal_moves(g) == [Move("yellow-5", to="T09:yellow:4")]
    assert refusal(g, Move("yellow-5", to="T09:blue:5"))[0] == "tails.move.end-on-card-colour"
    events = g.play(Move("yellow-5", to="T09:yellow:4"))
    blocked = [e for e in events if e.rule == "tails.move.blocked-stop"]
    assert len(blocked) == 1 and "crocodile" in blocked[0].message and blocked[0].data["to"] == "T09:yellow:4"


@pytest.mark.rule("tails.move.blocked-stop", "tails.move.bonus-movement")
def test_blocked_bonus_movement_stops_behind_the_blocker_on_its_lane():
    """Red is 3rd on yellow@0: yellow-3 plus 1 bonus would end on Blue at yellow@4. It stops on yellow@3."""
    g = race([{"space": "T03:yellow:0", "hand": ["yellow-3"]}, other("T03:yellow:4"), other("T05:red:5")], course=EASY)
    assert g.race_position(0) == 3
    assert normal_moves(g) == [Move("yellow-3", to="T03:yellow:3")]
    assert "tails.move.blocked-stop" in rules_of(g.play(Move("yellow-3", to="T03:yellow:3")))


@pytest.mark.rule("tails.move.blocked-stop", "tails.move.one-space-any-card")
def test_a_card_whose_lane_no_route_reaches_is_only_a_one_space_move():
    g = race([{"space": "T03:red:0", "hand": ["yellow-3"]}, other("T03:red:2"), other("T03:blue:2"),
              other("T03:yellow:2")], course=EASY)
    assert normal_moves(g) == []
    assert dests(g, "yellow-3", "one-space") == {"T03:red:1", "T03:blue:1"}
    assert refusal(g, Move("yellow-3", to="T03:blue:1"))[0] == "tails.move.end-on-card-colour"


@pytest.mark.rule("tails.move.fully-blocked")
def test_staying_put_is_offered_only_when_nothing_else_is_legal():
    """Course T01, T05, T06, T02 (easy). Red on T05 blue@0 holds only red cards; ostriches on
    blue@1 and red@1. A one-space move to yellow@1 is legal, so nobody may stay put."""
    course = [["T01", "easy"], ["T05", "easy"], ["T06", "easy"], ["T02", "easy"]]
    g = race([{"space": "T05:blue:0", "hand": ["red-3", "red-4"]}, other("T05:blue:1"), other("T05:red:1")],
             course=course)
    assert {m.to for m in g.legal_moves()} == {"T05:yellow:1"}
    # staying put beside a legal move is refused by the rule that allows it only when nothing moves,
    # and the refusal names a move that is legal
    rule, reason = refusal(g, Move("red-3", to="T05:blue:0"))
    assert rule == "tails.move.fully-blocked"
    assert "red-3 one space to T05:yellow:1" in reason and "stay" in reason
    # with yellow@1 taken too, nothing goes anywhere: now any card is played to stay put
    g = race([{"space": "T05:blue:0", "hand": ["red-3", "red-4"]}, other("T05:blue:1"), other("T05:red:1"),
              other("T05:yellow:1")], course=course)
    assert {(m.card, m.to) for m in g.legal_moves()} == {("red-3", "T05:blue:0"), ("red-4", "T05:blue:0")}
    assert "tails.move.fully-blocked" in rules_of(g.play(Move("red-3", to="T05:blue:0")))


@pytest.mark.rule("tails.bonus.boinnnggg")
def test_boinnnggg_moves_through_a_lion_but_never_ends_on_it():
    """T06 hard: a lion on blue@4. Blue-3 plus 1 bonus from blue@0 would end on it."""
    g = race([{"space": "T06:blue:0", "hand": ["blue-3"], "bonuses": {"boinnnggg": "active"}}, other("T01:red:0")],
             course=hard("T06"))
    assert normal_moves(g) == [Move("blue-3", to="T06:blue:3"), Move("blue-3", to="T06:blue:3", boinnnggg=True)]
    rule, reason = refusal(g, Move("blue-3", to="T06:blue:4", boinnnggg=True))
    assert rule == "tails.bonus.boinnnggg" and "lion" in reason
    # from blue@1 the same card passes the lion with Boinnnggg
    g = race([{"space": "T06:blue:1", "hand": ["blue-3"], "bonuses": {"boinnnggg": "active"}}, other("T01:red:0")],
             course=hard("T06"))
    assert dests(g, "blue-3", boinnnggg=True) == {"T06:blue:5"}


@pytest.mark.rule("tails.bonus.boinnnggg", "tails.animal.crocodile")
def test_boinnnggg_never_ends_on_a_crocodile():
    """T09 hard: a crocodile on yellow@5; yellow-4 plus 1 from yellow@0 would end on it."""
    g = race([{"space": "T09:yellow:0", "hand": ["yellow-4"], "bonuses": {"boinnnggg": "active"}},
              other("T01:red:0")], course=hard("T09"))
    assert dests(g, "yellow-4", boinnnggg=True) == {"T09:yellow:4"}
    with pytest.raises(IllegalMove):
        g.play(Move("yellow-4", to="T09:yellow:5", boinnnggg=True))


@pytest.mark.rule("tails.bonus.boinnnggg")
def test_boinnnggg_never_ends_on_another_ostrich():
    g = race([{"space": "T03:blue:0", "hand": ["blue-3"], "bonuses": {"boinnnggg": "active"}}, other("T03:blue:3"),
              other("T01:red:0")], course=EASY)
    assert "T03:blue:3" not in {m.to for m in g.legal_moves()}
    assert dests(g, "blue-3", boinnnggg=True) == {"T03:blue:5"}  # 3 + 2 bonus, through Blue


@pytest.mark.rule("tails.tiptoe.ignore", "tails.dune.arrow")
def test_tiptoeing_is_a_choice_and_so_is_the_dune_arrow_after_it():
    """T07 hard: a forward arrow on yellow@2. Yellow-2 from T01 yellow@2 ends there tiptoeing
    (not following the arrow), or on yellow@3 following it, as a move without tiptoeing does."""
    g = race([{"space": "T01:yellow:2", "hand": ["yellow-2"]}, other("T01:red:0")], course=hard("T07"))
    assert normal_moves(g) == [Move("yellow-2", to="T07:yellow:2", tiptoe=True), Move("yellow-2", to="T07:yellow:3")]
    tiptoed = g.copy()
    events = tiptoed.play(Move("yellow-2", to="T07:yellow:2", tiptoe=True))
    assert "tails.tiptoe.ignore" in rules_of(events) and "tails.dune.arrow" not in rules_of(events)
    assert [e.message for e in events if e.rule == "tails.tiptoe.ignore"][-1] == (
        "Red tiptoes and stays on the dune arrow of T07:yellow:2: after tiptoeing, following it is a choice")
    events = g.play(Move("yellow-2", to="T07:yellow:3"))
    assert "tails.dune.arrow" in rules_of(events) and "tails.tiptoe.ignore" not in rules_of(events)


@pytest.mark.rule("tails.tiptoe.ignore", "tails.bonus.boinnnggg", "tails.bonus.combine")
def test_a_two_tiptoeing_with_boinnnggg_still_ignores_the_dune_arrow():
    g = race([{"space": "T01:yellow:2", "hand": ["yellow-2"], "bonuses": {"boinnnggg": "active"}},
              other("T01:red:0")], course=hard("T07"))
    both = Move("yellow-2", to="T07:yellow:2", boinnnggg=True, tiptoe=True)
    assert both in g.legal_moves() and Move("yellow-2", to="T07:yellow:3", boinnnggg=True) in g.legal_moves()
    events = g.play(both)
    assert {"tails.bonus.boinnnggg", "tails.tiptoe.ignore"} <= set(rules_of(events))
    assert "tails.dune.arrow" not in rules_of(events) and g.track.names[g.state.pos[0]] == "T07:yellow:2"


@pytest.mark.rule("tails.tiptoe.ignore")
def test_the_save_file_keeps_the_tiptoe_choice():
    g = race([{"space": "T01:yellow:2", "hand": ["yellow-2"]}, other("T01:red:0")], course=hard("T07"))
    g.play(Move("yellow-2", to="T07:yellow:2", tiptoe=True))
    saved = g.to_json()
    assert '"tiptoe":true' in saved
    again = tails.from_json(saved)
    assert again.to_json() == saved and again.state.pos == g.state.pos
    assert Move.from_data(Move("yellow-2", to="T07:yellow:2", tiptoe=True).to_data()).tiptoe is True
    assert Move.from_data({"card": "yellow-2", "to": "T07:yellow:3"}).tiptoe is False  # older saves load
    assert str(Move("yellow-2", to="T07:yellow:2", tiptoe=True)) == "yellow-2 to T07:yellow:2, tiptoeing"


@pytest.mark.rule("tails.tiptoe.ignore")
def test_only_a_two_tiptoes():
    g = race([{"space": "T01:yellow:2", "hand": ["yellow-3"]}, other("T01:red:0")], course=hard("T07"))
    assert not any(m.tiptoe for m in g.legal_moves())
    before = g.to_json()
    (legal,) = normal_moves(g)
    assert refusal(g, Move("yellow-3", to=legal.to, tiptoe=True))[0] == "tails.tiptoe.ignore"
    assert g.to_json() == before


@pytest.mark.rule("tails.bonus.leapfrog-landing", "tails.water.gain-marker")
def test_a_leapfrog_landing_on_a_water_hole_arms_a_bonus():
    """T03 easy: a water hole on blue@3. Red's steps stop behind Blue on blue@2; the jump lands on it."""
    g = race([{"space": "T03:blue:0", "hand": ["blue-2"], "bonuses": {"leapfrog": "active"}},
              other("T03:blue:2"), other("T05:red:5")], course=EASY, bonuses=["leapfrog", "deja-vu", "neck-stretch"])
    jumps = [m for m in g.legal_moves() if m.leapfrog]
    assert jumps and all(m.to == "T03:blue:3" for m in jumps)
    assert {m.arm for m in jumps} == {("deja-vu",), ("neck-stretch",)}
    events = g.play(Move("blue-2", to="T03:blue:3", leapfrog=True, arm=("deja-vu",)))
    assert "tails.water.gain-marker" in rules_of(events)


@pytest.mark.rule("tails.bridge.order", "tails.move.bonus-movement")
def test_rope_bridge_rows_take_the_adjoining_tiles_baobab_side():
    """Second race: T04 (printed baobab right) lies between T03 and T14 (both left). Its normal
    rows count as left: on row 0 the red lane, nearest the baobab, is ahead of black."""
    g = race([other("T04:black:0"), other("T04:red:0")], course="second-race")
    assert g.race_order() == [1, 0]


# -- the step rules' revised rows: porcupines never block, Boinnnggg's end space ----------------

def porcupine_course(tile):
    return [["T01", "easy"], [tile, "hard"], ["T02", "easy"]]


@pytest.mark.rule("tails.move.blocked-stop", "tails.animal.porcupine")
def test_a_porcupine_never_blocks_a_move_short_of_it():
    """T13 hard: a porcupine on yellow@1. Red on T01 blue@1 with yellow-3; Blue on T01 red@0. No
    full-length route ends on the yellow lane, but one runs into the porcupine: that is the move,
    and no move stops short of the porcupine as if it were blocked (K7)."""
    g = race([{"space": "T01:blue:1", "hand": ["yellow-3"]}, other("T01:red:0")], course=porcupine_course("T13"))
    assert normal_moves(g) == [Move("yellow-3", to="T13:yellow:1")]
    rule, reason = refusal(g, Move("yellow-3", to="T13:yellow:0"))
    assert rule != "tails.move.blocked-stop", reason
    events = g.play(Move("yellow-3", to="T13:yellow:1"))
    assert "tails.animal.porcupine" in rules_of(events) and "tails.move.blocked-stop" not in rules_of(events)


@pytest.mark.rule("tails.move.blocked-stop", "tails.animal.porcupine")
def test_a_porcupine_on_a_corner_lane_is_no_blocker_either():
    """T22 hard: a porcupine on yellow@2. Yellow-4 from yellow@0 runs into it; it may not stop on yellow@1."""
    g = race([{"space": "T22:yellow:0", "hand": ["yellow-4"]}, other("T01:red:0")], course=porcupine_course("T22"))
    assert [m.to for m in normal_moves(g)] == ["T22:yellow:2"]
    assert g.explain_route("yellow-4", ["T22:yellow:1"]).rule != "tails.move.blocked-stop"


@pytest.mark.rule("tails.bonus.boinnnggg", "tails.animal.cheetah")
def test_a_cheetah_where_boinnnggg_ends_takes_a_bonus_card():
    """T11 hard: a cheetah on blue@2. Red on T01 red@2 plays blue-3 with Boinnnggg; the move ends on
    the cheetah, which is not moved through: Red loses its other active card, Crazy Wings."""
    g = race([{"space": "T01:red:2", "hand": ["blue-3"], "bonuses": {"boinnnggg": "active", "crazy-wings": "active"}},
              other("T01:black:0")], course=porcupine_course("T11"))
    boing = [m for m in normal_moves(g) if m.boinnnggg and m.card == "blue-3"]
    assert boing == [Move("blue-3", to="T11:blue:2", boinnnggg=True, lose=("crazy-wings",))]
    assert refusal(g, Move("blue-3", to="T11:blue:2", boinnnggg=True))[0] == "tails.animal.cheetah"
    events = g.play(boing[0])
    assert [e.data["bonus"] for e in events if e.rule == "tails.animal.cheetah" and e.data.get("bonus")] == [
        "crazy-wings"]


@pytest.mark.rule("tails.bonus.boinnnggg", "tails.animal.warthog", "tails.animal.warthog-replaces-draw")
def test_a_warthog_where_boinnnggg_ends_redraws_the_hand():
    """T12 hard: a warthog on red@1. Red on T01 blue@1 plays red-3 with Boinnnggg and ends on it."""
    g = race([{"space": "T01:blue:1", "hand": ["red-3", "blue-6", "black-6"], "bonuses": {"boinnnggg": "active"}},
              other("T12:black:5")], course=porcupine_course("T12"))
    assert [m for m in normal_moves(g) if m.boinnnggg and m.card == "red-3"] == [
        Move("red-3", to="T12:red:1", boinnnggg=True, warthog=True)]
    events = g.play(Move("red-3", to="T12:red:1", boinnnggg=True, warthog=True))
    assert "tails.animal.warthog-replaces-draw" in rules_of(events) and "tails.draw.one" not in rules_of(events)


@pytest.mark.rule("tails.bonus.boinnnggg", "tails.quicksand.cost")
def test_quicksand_where_boinnnggg_ends_costs_two():
    """T03 hard: quicksand on red@2. With Boinnnggg a red-4 from T01 blue@2 may end on it (1 + 1 + 2
    points) or pass it for 1 to red@3; a red-3 can no longer stop on it."""
    course = porcupine_course("T03")
    g = race([{"space": "T01:blue:2", "hand": ["red-4", "red-3"], "bonuses": {"boinnnggg": "active"}},
              other("T01:black:0")], course=course)
    assert dests(g, "red-4", boinnnggg=True) == {"T03:red:2", "T03:red:3"}
    assert "T03:red:2" not in dests(g, "red-3", boinnnggg=True)
    verdict = g.explain_route("red-3", ["T03:red:0", "T03:red:1", "T03:red:2"], boinnnggg=True)
    assert not verdict.legal and verdict.rule == "tails.quicksand.cost" and verdict.step == 3
    assert g.explain_route("red-4", ["T03:red:0", "T03:red:1", "T03:red:2"], boinnnggg=True).legal


@pytest.mark.rule("tails.bonus.leapfrog-landing", "tails.bonus.end-of-move-order")
def test_a_leapfrog_is_told_before_the_water_hole_where_it_lands():
    """T03 easy: a water hole on blue@3. Red steps one space to blue@1 and leapfrogs Blue on blue@2
    onto the water hole: the story tells the jump, then the drink."""
    g = race([{"space": "T03:blue:0", "hand": ["red-6"], "bonuses": {"leapfrog": "active"}}, other("T03:blue:2")],
             course=EASY, bonuses=["leapfrog", "crazy-wings", "bird-brain"])
    move = Move("red-6", to="T03:blue:3", kind="one-space", leapfrog=True, arm=("crazy-wings",))
    told = [e.rule for e in g.play(move) if e.rule in ("tails.bonus.leapfrog", "tails.water.gain-marker")]
    assert told == ["tails.bonus.leapfrog", "tails.water.gain-marker"]
