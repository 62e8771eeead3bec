"""Routes you can point at: ``game.explain_route`` says whether an exact route is legal and
which step first breaks which rule; ``game.routes`` lists the routes behind a legal move.

The key test is a consistency property over many seeded random positions: every route
``game.routes(m)`` gives for a legal move m is declared legal by ``explain_route`` with
m's choices and gives back m, and every route ``explain_route`` declares legal makes
legal moves and is one of their routes. The step rules of ``explain_route`` do not ask
the move generator, so the two are checked against each other.
"""

import random

import pytest

from savannah_kit import tails
from savannah_kit.core.errors import IllegalMove
from savannah_kit.core.rules_index import rule
from savannah_kit.tails import Move
from savannah_kit.tails.data import BONUS_PAIRS, CARD_NAMES
from savannah_kit.tails.routes import CHOICES, RouteVerdict
from tails_helpers import other, race

#: every track tile on its hard side: rope bridges, dunes, quicksand and all five animals
ALL_HARD = [["T01", "easy"]] + [[f"T{i:02d}", "hard"] for i in range(3, 26)] + [["T02", "easy"]]
COURSES = {"first-race": "first-race", "second-race": "second-race", "all-hard": ALL_HARD}
STATES = ("inactive", "active", "active", "gone")


def hard(*tiles):
    return [["T01", "easy"]] + [[t, "hard"] for t in tiles] + [["T02", "easy"]]


def choices_of(move):
    """The options of ``move`` as ``explain_route`` keywords; ``tiptoe`` only when set, since a
    move without it may be one a '2' also makes tiptoeing (then either reading will do)."""
    return {key: getattr(move, key) for key in CHOICES if key != "player" and (key != "tiptoe" or move.tiptoe)}


# -- random positions ----------------------------------------------------------------

def random_position(seed, course):
    """A seeded position: 2-5 ostriches bunched near the mover, random bonus states and hands."""
    rng = random.Random(seed)
    faces = [rng.choice(pair) for pair in BONUS_PAIRS]
    track = tails.new_game(course=course, bonuses=faces).track
    n = rng.randint(2, 5)
    last = track.size - 30
    base = 0 if rng.random() < 0.08 else rng.randrange(1, last)
    spaces = {base}
    while len(spaces) < n:
        spaces.add(0 if rng.random() < 0.1 else min(track.size - 1, base + rng.randint(1, 14)))
        if len(spaces) < n and rng.random() < 0.2:
            spaces.add(rng.randrange(1, last))
    spaces = list(spaces)[:n]
    rng.shuffle(spaces)
    ostriches = []
    for s in spaces:
        o = {"space": track.names[s], "holds": [], "discard": [CARD_NAMES[rng.randrange(20)]]}
        o["bonuses"] = {face: rng.choice(STATES) for face in faces if rng.random() < 0.7}
        ostriches.append(o)
    return tails.from_scenario({"course": course, "ostriches": ostriches, "turn_order": list(range(n)),
                                "to_move": rng.randrange(n), "round": 2}, seed=seed, bonuses=faces,
                               flat_bonus=seed % 9 == 0)


def playout_positions(seed, course, every=3):
    """Positions met in a seeded random race, one in ``every``."""
    game = tails.new_game(players=2 + seed % 4, seed=seed, course=course,
                          bonuses=[random.Random(seed).choice(pair) for pair in BONUS_PAIRS])
    rng = random.Random(seed)
    for ply in range(400):
        if game.is_over:
            return
        if ply % every == 0 and not game.state.pending_discard:
            yield game
        game.play(rng.choice(game.legal_moves()))


# -- the property ------------------------------------------------------------------------

def candidate_routes(game, rng, legal):
    """(card, choices, spaces): routes to ask about, legal or not: every legal move's routes
    bent a little (a step dropped, added or swapped), and random walks along the guide lines."""
    track = game.track
    start = game.state.pos[game.current_player]
    for m in legal:
        routes = game.routes(m)
        for route in rng.sample(routes, min(2, len(routes))):
            ids = [track.by_name[s] for s in route]
            variants = [ids[:-1], ids + [track.fwd[ids[-1]]] if ids and track.fwd[ids[-1]] > 0 else ids]
            for i, s in enumerate(ids):
                before = ids[i - 1] if i else start
                swaps = [t for t, _k in track.succ[before] if t != s]
                if swaps:
                    variants.append(ids[:i] + [rng.choice(swaps)] + ids[i + 1:])
            for v in variants:
                yield m.card, choices_of(m), [track.names[s] for s in v]
                yield m.card, {k: v for k, v in choices_of(m).items() if k not in ("arm", "lose", "warthog")}, \
                    [track.names[s] for s in v]
    cards = sorted({m.card for m in legal} | {CARD_NAMES[c] for c in game.state.hands[game.current_player]})
    for card in cards:
        for _walk in range(6):
            x, path = start, []
            for _step in range(rng.randint(1, 9)):
                if not track.succ[x]:
                    break
                x = rng.choice(track.succ[x])[0]
                path.append(track.names[x])
            flags = {f: True for f in ("boinnnggg", "neck_stretch", "leapfrog", "tiptoe") if f in CHOICES
                     and rng.random() < 0.15}
            yield card, dict(flags, kind=rng.choice(("normal", "normal", "one-space"))), path


def check_position(game, rng):
    legal = [m for m in game.legal_moves() if type(m) is tails.Move]
    for m in legal:
        routes = game.routes(m)
        assert routes and game.route(m) in routes, (m, routes, game.route(m))
        for route in routes:
            verdict = game.explain_route(m.card, list(route), **choices_of(m))
            assert verdict.legal and verdict.move == m and verdict.route == route, (m, route, str(verdict))
        open_choices = {k: v for k, v in choices_of(m).items() if k not in ("arm", "lose", "warthog")}
        assert m in game.explain_route(m.card, list(routes[0]), **open_choices).moves
    for card, choices, spaces in candidate_routes(game, rng, legal):
        verdict = game.explain_route(card, spaces, **choices)
        if verdict.legal:
            assert all(game.is_legal(mv) for mv in verdict.moves), (card, spaces, choices, verdict.moves)
            assert verdict.route in game.routes(verdict.move), (card, spaces, choices, verdict)
        else:
            rule(verdict.rule)
            if verdict.step is not None:
                assert verdict.space == spaces[verdict.step - 1]
            assert str(verdict).startswith("Not legal: ")


@pytest.mark.slow
@pytest.mark.rule("tails.move.links", "tails.move.exact-distance", "tails.move.free-lane-timing",
                  "tails.move.blocked-stop", "tails.move.end-on-card-colour")
@pytest.mark.parametrize("course", sorted(COURSES))
def test_routes_and_explain_route_agree_on_random_positions(course):
    for seed in range(40):
        game = random_position(seed, COURSES[course])
        if game.is_over or game.state.pending_discard:
            continue
        check_position(game, random.Random(seed))


@pytest.mark.slow
@pytest.mark.rule("tails.turn.steps", "tails.move.free-lane-timing")
@pytest.mark.parametrize("course", sorted(COURSES))
def test_routes_and_explain_route_agree_along_random_races(course):
    for seed in range(3):
        for game in playout_positions(100 + seed, COURSES[course], every=5):
            check_position(game, random.Random(seed))


# -- single steps ---------------------------------------------------------------------

def t06(space="T06:red:1", hand=("blue-3",), **extra):
    """T06 hard: a lion on blue@4, a water hole on yellow@2."""
    return race([dict({"space": space, "hand": list(hand)}, **extra), other("T01:red:0")], course=hard("T06"))


@pytest.mark.rule("tails.animal.lion")
def test_the_step_into_a_lion_is_named():
    g = t06()
    verdict = g.explain_route("blue-3", ["T06:blue:2", "T06:blue:3", "T06:blue:4"])
    assert (verdict.legal, verdict.rule, verdict.step, verdict.space) == (False, "tails.animal.lion", 3, "T06:blue:4")
    assert str(verdict).startswith("Not legal: step 3 (T06:blue:4): T06:blue:4 holds a lion")


@pytest.mark.rule("tails.move.links")
def test_a_sideways_step_breaks_the_guide_lines():
    g = t06()
    verdict = g.explain_route("blue-3", ["T06:blue:1", "T06:blue:2", "T06:blue:3"])
    assert (verdict.rule, verdict.step, verdict.space) == ("tails.move.links", 1, "T06:blue:1")
    back = g.explain_route("blue-3", ["T06:blue:2", "T06:blue:1", "T06:blue:2"])
    assert (back.rule, back.step) == ("tails.move.links", 2)


@pytest.mark.rule("tails.move.exact-distance")
def test_a_route_too_short_or_too_long_breaks_the_exact_distance():
    g = t06(hand=("yellow-3",))
    short = g.explain_route("yellow-3", ["T06:blue:2", "T06:yellow:3"])
    assert (short.rule, short.step) == ("tails.move.exact-distance", 2)
    assert "stops after 2" in short.message
    long = g.explain_route("red-4", ["T06:red:2", "T06:red:3", "T06:red:4", "T06:red:5", "T02:red:0"])
    assert not long.legal  # Red does not hold red-4...
    assert long.rule == "tails.turn.play-card" and long.step is None
    g = t06(hand=("red-3",))  # Red is 1st on the red lane: red-3 moves 3 + 1
    long = g.explain_route("red-3", ["T06:red:2", "T06:red:3", "T06:red:4", "T06:red:5", "T02:red:0"])
    assert (long.rule, long.step, long.space) == ("tails.move.exact-distance", 5, "T02:red:0")
    assert g.explain_route("red-3", ["T06:red:2", "T06:red:3", "T06:red:4", "T06:red:5"]).legal


@pytest.mark.rule("tails.move.end-on-card-colour", "tails.move.toward-target-lane")
def test_the_lane_rules_name_their_step():
    g = t06(hand=("yellow-3",))
    lion = g.explain_route("yellow-3", ["T06:blue:2", "T06:blue:3", "T06:blue:4"])
    assert (lion.rule, lion.step) == ("tails.animal.lion", 3)  # the lion comes before the wrong lane
    off = g.explain_route("yellow-3", ["T06:red:2", "T06:red:3", "T06:red:4"])
    assert (off.rule, off.step, off.space) == ("tails.move.end-on-card-colour", 3, "T06:red:4")
    away = g.explain_route("yellow-3", ["T06:blue:2", "T06:yellow:3", "T06:blue:4"])
    assert (away.rule, away.step) == ("tails.move.toward-target-lane", 3)
    assert "may not leave it" in away.message
    ok = g.explain_route("yellow-3", ["T06:blue:2", "T06:yellow:3", "T06:yellow:4"])
    assert ok.legal and ok.move == Move("yellow-3", to="T06:yellow:4")


@pytest.mark.rule("tails.move.bonus-no-lane-change")
def test_bonus_movement_keeps_to_the_starting_lane():
    g = t06(space="T06:blue:0", hand=("blue-2",))  # 1st on blue: 2 + 1, but the lion is on blue@4
    verdict = g.explain_route("blue-2", ["T06:blue:1", "T06:red:2", "T06:blue:3"])
    assert (verdict.rule, verdict.step) == ("tails.move.bonus-no-lane-change", 2)


@pytest.mark.rule("tails.move.no-pass-through")
def test_no_step_enters_another_ostrich():
    g = race([{"space": "T06:red:1", "hand": ["red-3"]}, other("T06:red:3")], course=hard("T06"))
    verdict = g.explain_route("red-3", ["T06:red:2", "T06:red:3", "T06:red:4"])
    assert (verdict.rule, verdict.step, verdict.space) == ("tails.move.no-pass-through", 2, "T06:red:3")
    assert "Purple's ostrich" in verdict.message


@pytest.mark.rule("tails.quicksand.cost", "tails.quicksand.one-space")
def test_quicksand_costs_two_points_on_the_route():
    """T03 hard: quicksand on red@2 and black@4."""
    g = race([{"space": "T03:blue:0", "hand": ["red-3", "yellow-3"]}, other("T05:red:5")], course=hard("T03", "T05"))
    assert g.explain_route("red-3", ["T03:red:1", "T03:red:2"]).legal  # 1 + 2 points
    short = g.explain_route("red-3", ["T03:blue:1", "T03:red:2"])
    assert short.legal and short.move.to == "T03:red:2"
    sand = g.explain_route("red-3", ["T03:blue:1", "T03:blue:2", "T03:red:3"])
    assert sand.legal
    one = g.explain_route("yellow-3", ["T03:red:1"], kind="one-space")
    assert one.legal and one.rule == "tails.move.one-space-any-card"
    g2 = race([{"space": "T03:red:1", "hand": ["yellow-3"]}, other("T05:red:5")], course=hard("T03", "T05"))
    into = g2.explain_route("yellow-3", ["T03:red:2"], kind="one-space")
    assert (into.rule, into.step) == ("tails.quicksand.one-space", 1)


@pytest.mark.rule("tails.animal.crocodile", "tails.bonus.boinnnggg")
def test_a_route_may_pass_a_crocodile_but_not_end_on_it():
    """T09 hard: crocodiles on blue@2 and yellow@5."""
    g = race([{"space": "T09:blue:0", "hand": ["blue-2", "blue-3"], "bonuses": {"boinnnggg": "active"}},
              other("T01:red:0")], course=hard("T09"))
    # 1st on the blue lane: blue-2 moves 2 + 1 = 3 and passes the crocodile
    assert g.explain_route("blue-2", ["T09:blue:1", "T09:blue:2", "T09:blue:3"]).legal
    g = race([{"space": "T01:red:2", "hand": ["blue-3"], "bonuses": {"boinnnggg": "active"}},
              other("T01:black:0")], course=hard("T09"))
    route = ["T09:red:0", "T09:red:1", "T09:blue:2"]
    croc = g.explain_route("blue-3", route)
    assert (croc.rule, croc.step, croc.space) == ("tails.animal.crocodile", 3, "T09:blue:2")
    boing = g.explain_route("blue-3", route, boinnnggg=True)
    assert (boing.rule, boing.step) == ("tails.bonus.boinnnggg", 3)
    assert "may not end there" in boing.message


@pytest.mark.rule("tails.tiptoe.ignore", "tails.animal.crocodile")
def test_a_two_may_tiptoe_onto_a_crocodile_and_the_verdict_says_which_reading():
    g = race([{"space": "T09:red:0", "hand": ["blue-2"]}, other("T01:red:0")], course=hard("T09"))
    route = ["T09:blue:1", "T09:blue:2"]
    either = g.explain_route("blue-2", route)
    assert either.legal and either.move == Move("blue-2", to="T09:blue:2", tiptoe=True)
    assert g.explain_route("blue-2", route, tiptoe=True).move == either.move
    plain = g.explain_route("blue-2", route, tiptoe=False)  # blocked by the crocodile: it stops on blue@1
    assert (plain.rule, plain.step) == ("tails.animal.crocodile", 2)
    assert g.explain_route("blue-2", route[:1], tiptoe=False).move == Move("blue-2", to="T09:blue:1")
    assert g.explain_route("blue-3", route, tiptoe=True).rule == "tails.turn.play-card"


@pytest.mark.rule("tails.animal.porcupine")
def test_a_porcupine_ends_the_route_at_once():
    """T13 hard: porcupines on yellow@1 and blue@4."""
    g = race([{"space": "T13:blue:0", "hand": ["black-5"]}, other("T01:red:0")], course=hard("T13"))
    stop = g.explain_route("black-5", ["T13:yellow:1"])
    assert stop.legal and stop.rule == "tails.animal.porcupine" and stop.move == Move("black-5", to="T13:yellow:1")
    on = g.explain_route("black-5", ["T13:yellow:1", "T13:black:2"])
    assert (on.rule, on.step, on.space) == ("tails.animal.porcupine", 2, "T13:black:2")


@pytest.mark.rule("tails.bridge.exit-lane", "tails.bridge.any-colour")
def test_leaving_the_rope_bridge_goes_onto_the_card_lane():
    """T04 hard: bridge spaces B0-B3 in rows 1-4."""
    g = race([{"space": "T04:bridge:2", "hand": ["yellow-3"]}, other("T01:red:0")], course=hard("T04"))
    wrong = g.explain_route("yellow-3", ["T04:bridge:3", "T04:red:5", "T02:red:0"])
    assert (wrong.rule, wrong.step) == ("tails.bridge.exit-lane", 2)
    assert g.explain_route("yellow-3", ["T04:bridge:3", "T04:yellow:5", "T02:yellow:0"]).legal
    g = race([{"space": "T04:blue:0", "hand": ["yellow-2"]}, other("T01:red:0")], course=hard("T04"))
    assert g.explain_route("yellow-2", ["T04:bridge:0", "T04:bridge:1"], tiptoe=False).legal


@pytest.mark.rule("tails.move.blocked-stop", "tails.move.bonus-movement")
def test_a_blocked_route_must_go_as_far_as_the_card_lane_allows():
    """Red is 3rd on red@0 with red-4: 4 + 3 bonus points along red, but Purple sits on red@4."""
    easy = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]
    g = race([{"space": "T03:red:0", "hand": ["red-4"]}, other("T03:red:4"), other("T05:red:5")], course=easy)
    stop = g.explain_route("red-4", ["T03:red:1", "T03:red:2", "T03:red:3"])
    assert stop.legal and stop.rule == "tails.move.blocked-stop" and stop.move == Move("red-4", to="T03:red:3")
    short = g.explain_route("red-4", ["T03:red:1"])
    assert (short.rule, short.step) == ("tails.move.blocked-stop", 1) and "3 of 7" in short.message
    into = g.explain_route("red-4", ["T03:red:1", "T03:red:2", "T03:red:3", "T03:red:4"])
    assert (into.rule, into.step, into.space) == ("tails.move.no-pass-through", 4, "T03:red:4")
    assert g.routes(stop.move) == (stop.route,)


# -- after the steps ----------------------------------------------------------------------

@pytest.mark.rule("tails.dune.arrow")
def test_the_dune_shift_may_be_listed_or_left_out():
    """T07 hard: the back arrow on blue@3 sends the ostrich to blue@2."""
    g = race([{"space": "T07:red:0", "hand": ["blue-3"]}, other("T01:red:0")], course=hard("T07"))
    steps = ["T07:red:1", "T07:blue:2", "T07:blue:3"]
    left_out = g.explain_route("blue-3", steps)
    listed = g.explain_route("blue-3", steps + ["T07:blue:2"])
    assert left_out.legal and listed.legal and left_out.move == listed.move == Move("blue-3", to="T07:blue:2")
    assert left_out.route == listed.route == tuple(steps + ["T07:blue:2"])
    assert listed.route in g.routes(listed.move)


@pytest.mark.rule("tails.bonus.neck-stretch", "tails.bonus.leapfrog", "tails.bonus.leapfrog-landing")
def test_neck_stretch_and_leapfrog_are_part_of_the_route():
    easy = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]
    g = race([{"space": "T03:red:0", "hand": ["blue-3"], "bonuses": {"leapfrog": "active", "neck-stretch": "active"}},
              other("T05:blue:0"), other("T05:blue:1")], course=easy, bonuses=["leapfrog", "deja-vu", "neck-stretch"])
    steps = ["T03:red:1", "T03:blue:2", "T03:blue:3"]
    neck = g.explain_route("blue-3", steps + ["T03:blue:4", "T03:blue:5"], neck_stretch=True)
    assert neck.legal and neck.move.neck_stretch and neck.move.to == "T03:blue:5"
    hint = g.explain_route("blue-3", steps + ["T03:blue:4"])
    assert hint.rule == "tails.move.exact-distance" and "neck_stretch=True" in hint.message
    leap = g.explain_route("blue-3", steps + ["T03:blue:4", "T03:blue:5", "T05:blue:2"], neck_stretch=True,
                           leapfrog=True)
    assert leap.legal and leap.move.to == "T05:blue:2" and leap.move.leapfrog
    wrong = g.explain_route("blue-3", steps + ["T03:blue:4", "T03:blue:5", "T05:blue:3"], neck_stretch=True,
                            leapfrog=True)
    assert (wrong.rule, wrong.step) == ("tails.bonus.leapfrog", 6)
    none_ahead = g.explain_route("blue-3", steps, leapfrog=True)
    assert none_ahead.rule == "tails.bonus.leapfrog" and "directly ahead" in none_ahead.message
    jump = g.explain_route("blue-3", steps + ["T03:blue:4", "T03:blue:5", "T05:blue:2"], neck_stretch=True)
    assert jump.rule == "tails.move.links" and "leapfrog=True" in jump.message


@pytest.mark.rule("tails.bonus.leapfrog-landing")
def test_a_leapfrog_landing_on_a_water_hole_arms_a_bonus():
    """T03 easy: a water hole on blue@3; Purple stands on blue@2, just ahead of the end of the move."""
    course = [["T01", "easy"], ["T03", "easy"], ["T02", "easy"]]
    g = race([{"space": "T01:red:1", "hand": ["blue-3"], "bonuses": {"leapfrog": "active"}}, other("T03:blue:2"),
              other("T01:black:0")], course=course, bonuses=["leapfrog", "deja-vu", "neck-stretch"])
    verdict = g.explain_route("blue-3", ["T01:blue:2", "T03:blue:0", "T03:blue:1", "T03:blue:3"], leapfrog=True)
    assert verdict.legal and {m.arm for m in verdict.moves} == {("deja-vu",), ("neck-stretch",)}
    assert all(g.is_legal(m) and m.to == "T03:blue:3" for m in verdict.moves)
    unarmed = g.explain_route("blue-3", ["T01:blue:2", "T03:blue:0", "T03:blue:1", "T03:blue:3"], leapfrog=True,
                              arm=())
    assert unarmed.rule == "tails.water.count"


@pytest.mark.rule("tails.tiptoe.ignore", "tails.dune.arrow")
def test_after_tiptoeing_the_dune_arrow_is_the_players_choice():
    """T07 hard: the back arrow on blue@3 sends the ostrich to blue@2."""
    g = race([{"space": "T07:red:1", "hand": ["blue-2"]}, other("T01:red:0")], course=hard("T07"))
    steps = ["T07:blue:2", "T07:blue:3"]
    stay = g.explain_route("blue-2", steps, tiptoe=True)
    assert stay.legal and stay.move == Move("blue-2", to="T07:blue:3", tiptoe=True) and stay.route == tuple(steps)
    follow = g.explain_route("blue-2", steps + ["T07:blue:2"], tiptoe=True)
    assert follow.legal and follow.move == Move("blue-2", to="T07:blue:2")  # what the plain move does too
    assert g.explain_route("blue-2", steps).move == follow.move  # left out, tiptoe left out: the arrow applies
    assert all(g.is_legal(v.move) for v in (stay, follow))
    assert stay.route in g.routes(stay.move) and follow.route in g.routes(follow.move)


@pytest.mark.rule("tails.water.gain-marker", "tails.water.count")
def test_water_holes_arm_bonuses_as_chosen():
    g = t06(space="T06:blue:0", hand=("yellow-3",))
    steps = ["T06:blue:1", "T06:yellow:2", "T06:yellow:3"]
    open_ = g.explain_route("yellow-3", steps)
    assert open_.legal and len(open_.moves) == 3 and all(len(m.arm) == 1 for m in open_.moves)
    chosen = g.explain_route("yellow-3", steps, arm=["crazy-wings"])
    assert chosen.legal and chosen.moves == (Move("yellow-3", to="T06:yellow:3", arm=("crazy-wings",)),)
    none = g.explain_route("yellow-3", steps, arm=())
    assert (none.legal, none.rule, none.step) == (False, "tails.water.count", None)


# -- the verdict and the routes --------------------------------------------------------------

@pytest.mark.rule("tails.move.free-lane-timing")
def test_routes_lists_every_route_of_a_move_with_the_engines_own_first_or_among_them():
    g = t06(space="T06:red:0", hand=("black-5",))
    move = Move("black-5", to="T06:black:5")
    routes = g.routes(move)
    assert g.route(move) in routes and len(routes) == len(set(routes)) > 1
    assert all(r[-1] == "T06:black:5" and len(r) == 5 for r in routes)
    assert routes == tuple(sorted(routes, key=lambda r: [g.track.by_name[s] for s in r]))


@pytest.mark.rule("tails.turn.play-card", "tails.turn.steps")
def test_routes_of_an_illegal_move_raise_the_kits_illegal_move():
    g = t06()
    with pytest.raises(IllegalMove) as err:
        g.routes(Move("blue-3", to="T06:blue:4"))
    assert err.value.rule_id == "tails.animal.lion"
    with pytest.raises(IllegalMove):
        g.routes("blue-3")


@pytest.mark.rule("tails.move.card", "tails.move.links", "tails.turn.steps")
@pytest.mark.parametrize("args, kwargs, rule_id, field", [
    (("pink-9", ["T06:blue:2"]), {}, "tails.move.card", "card"),
    ((3, ["T06:blue:2"]), {}, "tails.move.card", "card"),
    (("blue-3", ["T06:blue:2", "T99:blue:1"]), {}, "tails.move.links", "spaces[1]"),
    (("blue-3", ["T06:blue:2", 7]), {}, "tails.turn.steps", "spaces[1]"),
    (("blue-3", "T06:blue:2"), {}, "tails.turn.steps", "spaces"),
    (("blue-3", ["T06:blue:2"]), {"boinnnggg": "yes"}, "tails.turn.steps", "boinnnggg"),
    (("blue-3", ["T06:blue:2"]), {"jump": True}, "tails.turn.steps", "jump"),
    (("blue-3", ["T06:blue:2"]), {"kind": "discard"}, "tails.turn.steps", "kind"),
    (("blue-3", ["T06:blue:2"]), {"arm": ["wings"]}, "tails.water.gain-marker", "arm"),
])
def test_malformed_input_raises_illegal_move_naming_the_field(args, kwargs, rule_id, field):
    g = t06()
    with pytest.raises(IllegalMove) as err:
        g.explain_route(*args, **kwargs)
    assert err.value.rule_id == rule_id and err.value.reason.startswith(field)


@pytest.mark.rule("tails.turn.play-card", "tails.water.gain-marker")
def test_well_formed_input_gets_a_verdict_not_an_exception():
    g = t06()
    for card, spaces, kwargs in (("red-6", ["T06:red:2"], {}),            # not held
                                 ("M021", ["T06:red:2"], {}),             # purple's red-2
                                 ("blue-3", [], {}),                      # no step
                                 ("blue-3", ["start", "T01:red:0"], {}),  # backwards
                                 ("blue-3", ["T06:blue:2"], {"boinnnggg": True}),  # not active
                                 ("blue-3", [], {"kind": "one-space"})):
        verdict = g.explain_route(card, spaces, **kwargs)
        assert isinstance(verdict, RouteVerdict) and not verdict.legal
        rule(verdict.rule)
    by_id = g.explain_route("M007", ["T06:blue:2", "T06:blue:3", "T06:blue:4"])  # red's blue-3, by its GAMES.md id
    assert (by_id.rule, by_id.space) == ("tails.animal.lion", "T06:blue:4")


def test_the_ostriches_own_space_may_lead_the_route():
    g = t06(hand=("red-3",))
    steps = ["T06:red:2", "T06:red:3", "T06:red:4", "T06:red:5"]
    with_start = g.explain_route("red-3", ["T06:red:1"] + steps)
    assert with_start.legal and with_start.route == tuple(steps)
    assert str(with_start) == f"Legal: {with_start.move}: 4 movement points [tails.move.exact-distance]"
