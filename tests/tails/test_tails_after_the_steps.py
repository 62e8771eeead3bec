"""What happens after a move's steps, whatever the steps met: the dune arrow of the final
space still applies when the route crossed a water hole or a cheetah, or while Neck
Stretch or Leapfrog could be used; the route the engine shows includes the dune shift;
a Leapfrog spent on the move is never also the card a cheetah takes."""

import json
from importlib import resources

import pytest

from savannah_kit.tails import Move
from tails_helpers import moves_for, other, race, rules_of

SIDE_B = ["leapfrog", "deja-vu", "neck-stretch"]


def t07_with(*features):
    """A tile catalogue whose T07 (hard side: a backward dune arrow on blue@3) carries more features."""
    doc = json.loads(resources.files("savannah_kit.tails").joinpath("tiles.json").read_text("utf-8"))
    t07 = next(t for t in doc["tiles"] if t["id"] == "T07")
    t07["hard"]["features"] += [{"kind": kind, "lane": lane, "index": index} for kind, lane, index in features]
    return doc


COURSE = [["T01", "easy"], ["T07", "hard"], ["T02", "easy"]]


@pytest.mark.rule("tails.dune.arrow", "tails.water.gain-marker", "tails.bonus.end-of-move-order")
def test_the_dune_arrow_applies_after_a_water_hole():
    g = race([{"space": "T07:red:0", "hand": ["blue-3"]}, other("T01:red:0")], course=COURSE,
             tiles=t07_with(("water", "blue", 1)))
    assert set(moves_for(g, "blue-3")) == {Move("blue-3", to="T07:blue:2"),
                                           Move("blue-3", to="T07:blue:2", arm=("bird-brain",)),
                                           Move("blue-3", to="T07:blue:2", arm=("boinnnggg",)),
                                           Move("blue-3", to="T07:blue:2", arm=("crazy-wings",))}
    events = g.play(Move("blue-3", to="T07:blue:2", arm=("crazy-wings",)))
    assert "tails.water.gain-marker" in rules_of(events) and "tails.dune.arrow" in rules_of(events)
    assert g.to_scenario()["ostriches"][0]["space"] == "T07:blue:2"


@pytest.mark.rule("tails.dune.arrow", "tails.animal.cheetah")
def test_the_dune_arrow_applies_after_a_cheetah():
    g = race([{"space": "T07:red:0", "hand": ["blue-3"], "bonuses": {"boinnnggg": "active"}}, other("T01:red:0")],
             course=COURSE, tiles=t07_with(("cheetah", "blue", 1)))
    cheetah = [m for m in moves_for(g, "blue-3") if m.lose]
    assert cheetah == [Move("blue-3", to="T07:blue:2", lose=("boinnnggg",))]
    rules = rules_of(g.play(cheetah[0]))
    taken = len(rules) - 1 - rules[::-1].index("tails.animal.cheetah")  # "a cheetah takes...": after the dune
    assert rules.index("tails.dune.arrow") < taken


@pytest.mark.rule("tails.dune.arrow", "tails.bonus.neck-stretch", "tails.bonus.leapfrog")
@pytest.mark.parametrize("ready", ["neck-stretch", "leapfrog"])
def test_the_dune_arrow_applies_while_a_bonus_could_be_used(ready):
    g = race([{"space": "T07:red:0", "hand": ["blue-3"], "bonuses": {ready: "active"}}, other("T01:red:0")],
             course=COURSE, bonuses=SIDE_B)
    plain = [m for m in moves_for(g, "blue-3") if not (m.neck_stretch or m.leapfrog)]
    assert plain == [Move("blue-3", to="T07:blue:2")]
    assert "tails.dune.arrow" in rules_of(g.play(plain[0]))


@pytest.mark.rule("tails.dune.arrow", "tails.move.free-lane-timing")
def test_the_route_shown_includes_the_dune_shift():
    g = race([{"space": "T07:red:0", "hand": ["blue-3"]}, other("T01:red:0")], course=COURSE)
    move = Move("blue-3", to="T07:blue:2")
    route = g.route(next(m for m in g.legal_moves() if m == move))
    assert route[-2:] == ("T07:blue:3", "T07:blue:2") and len(route) == 4
    assert g.track.by_name[route[0]] in {t for t, _k in g.track.succ[g.track.by_name["T07:red:0"]]}
    for one in (m for m in g.legal_moves() if m.kind == "one-space"):  # red@1 has a forward arrow
        assert g.route(one) == (("T07:red:1",) if one.to == "T07:red:2" else ()) + (one.to,)


@pytest.mark.rule("tails.bonus.leapfrog", "tails.animal.cheetah", "tails.bonus.consumed")
def test_a_leapfrog_used_on_the_move_is_not_offered_to_the_cheetah():
    # T11 hard: a cheetah on blue@2; Purple stands on blue@4, right ahead of blue@3
    g = race([{"space": "T11:red:0", "hand": ["blue-3"], "bonuses": {"leapfrog": "active", "deja-vu": "active"}},
              other("T11:blue:4")], course=[["T01", "easy"], ["T11", "hard"], ["T02", "easy"]], bonuses=SIDE_B)
    leaps = [m for m in moves_for(g, "blue-3") if m.leapfrog]
    assert leaps and all(m.to == "T11:blue:5" for m in leaps)
    assert {m.lose for m in leaps} == {(), ("deja-vu",)}
    assert all("leapfrog" not in m.lose for m in moves_for(g, "blue-3") if m.leapfrog)
    without = {m.lose for m in moves_for(g, "blue-3") if not m.leapfrog and m.to == "T11:blue:3"}
    assert ("leapfrog",) in without and ("deja-vu",) in without  # not spent: either may go


@pytest.mark.rule("tails.bonus.neck-stretch")
def test_the_greedy_value_of_every_move_is_its_evaluation_after_playing_it():
    """``greedy_values`` works moves out without playing them: it must agree with playing them,
    Neck Stretch, Leapfrog, water holes and cheetahs included."""
    g = race([{"space": "T03:red:0", "hand": ["blue-3", "yellow-4"],
               "bonuses": {"leapfrog": "active", "neck-stretch": "active"}},
              other("T05:blue:0"), other("T05:blue:1")], course=[["T01", "easy"], ["T03", "easy"], ["T05", "easy"],
                                                                  ["T02", "easy"]], bonuses=SIDE_B)
    moves = g.legal_moves()
    assert any(m.neck_stretch for m in moves) and any(m.arm for m in moves)
    values = g.greedy_values(moves)
    for move, value in zip(moves, values):
        trial = g.copy()
        trial.play(move)
        assert value == trial.evaluate(0), move
    stretch = next(v for m, v in zip(moves, values) if m.neck_stretch and not m.leapfrog)
    plain = next(v for m, v in zip(moves, values) if m.card == "blue-3" and not (m.neck_stretch or m.leapfrog))
    assert stretch == plain  # two spaces further, one armed bonus card fewer: +2 - 2
