"""Why a Savannah Tails move is illegal: the most specific rule, in plain words.

This is the slow path behind ``play`` (on failure) and ``explain``. It checks the move's parts in the order a
learner would: the names it uses, whose turn, the discard decision, which card, which bonuses, then the
destination, which it compares with the bare track to find the rule that rules it out.
"""

from __future__ import annotations

from typing import Dict, List, Optional

from ..core.errors import IllegalMove
from ..core.game import PlannedMoves
from ..core.words import and_list, plural
from .data import BONUS_FACES, BONUS_NAMES, CARD_CODES, CARD_NAMES, LANES, TIPTOE_VALUE, BonusState, Ending, \
    Mode
from .generate import bonus_movement, occupancy, played
from .moves import KINDS, PLAYS, Discard, Move
from .state import Race, TailsState
from .step import blockers, end_problem, leap_problem, ONE_SPACE_WAYS, points_used, reach_points, step_problem, water_at
from .track import ANY, START, steps_of

NORMAL, TIPTOE, BOING = Mode
BLOCKED_END = Ending.BLOCKED


def diagnose(state: TailsState, race: Race, move, legal: PlannedMoves) -> Optional[IllegalMove]:
    """Why ``move`` is not one of the ``legal`` moves (with their plans), naming the most specific rule."""
    err = _diagnose(_Why(state, race, legal), move)
    if err is not None:
        err.move = move
    return err


class _Why:
    """The position a refusal is about: the state, the race, the mover and the legal moves."""

    def __init__(self, state: TailsState, race: Race, legal: PlannedMoves):
        self.state, self.race, self.track, self.legal = state, race, race.track, legal
        self.p = state.order[state.turn]
        #: the plan of a legal move
        self.plan = dict(zip(legal, legal.plans)).__getitem__


def _diagnose(why: _Why, move) -> Optional[IllegalMove]:
    state, race, p = why.state, why.race, why.p
    if type(move) is Discard:
        return _wrong_player(race, p, move) or _discard_decision(state, race, p, move)
    if not isinstance(move, Move):
        return IllegalMove("tails.turn.steps", f"{move!r} is not a Savannah Tails move (use tails.Move or tails.Discard)")
    err = unknown_names(move) or check_play(state, race, p, move)
    if err is not None:
        return err
    if move.to not in why.track.by_name:
        return IllegalMove("tails.move.links", f"there is no space {move.to!r} on this course")
    card = played(state, move)
    target, value = card.target, card.value
    same = [m for m in why.legal if m.card == move.card and m.kind == move.kind and m.lane == move.lane
            and m.boinnnggg == move.boinnnggg]
    if move.leapfrog and not any(m.leapfrog for m in same):
        return _no_leapfrog(why, same)
    there = [m for m in same if m.to == move.to]
    if there:
        return _extras(why, move, there, target, value)
    return _destination(why, move, target, value, same)


def unknown_names(move: Move) -> Optional[IllegalMove]:
    """A move naming a card, lane, bonus or kind that does not exist."""
    if move.kind not in KINDS:
        return IllegalMove("tails.turn.steps", f"kind {move.kind!r} is not one of {', '.join(KINDS)}")
    if move.card is not None and move.card not in PLAYS:
        return IllegalMove("tails.move.card", f"{move.card!r} is not a card: cards read like 'yellow-5', "
                           "or 'crazy-wings' / 'deja-vu'")
    if move.lane is not None and move.lane not in LANES:
        return IllegalMove("tails.bonus.crazy-wings", f"{move.lane!r} is not a lane colour: announce one of "
                           f"{', '.join(LANES)}")
    for field, rule in (("arm", "tails.water.gain-marker"), ("lose", "tails.animal.cheetah")):
        for name in getattr(move, field):
            if name not in BONUS_FACES:
                return IllegalMove(rule, f"{field}: {name!r} is not one of {', '.join(BONUS_FACES)}")
    return None


def check_play(state: TailsState, race: Race, p: int, move: Move) -> Optional[IllegalMove]:
    """What is wrong with ``move`` before its route: the player, a discard due or not, the card
    played, the bonuses used; None if nothing."""
    return (_wrong_player(race, p, move) or _discard_decision(state, race, p, move)
            or _what_is_played(state, race, p, move) or _bonuses_used(state, race, p, move))


def _wrong_player(race: Race, p: int, move: Move) -> Optional[IllegalMove]:
    if move.player is None or move.player == p:
        return None
    other = race.who(move.player) if 0 <= move.player < race.players else f"seat {move.player}"
    return IllegalMove("tails.order.turn-sequence", f"it is {race.who(p)}'s turn, not {other}'s")


def _discard_decision(state: TailsState, race: Race, p: int, move) -> Optional[IllegalMove]:
    """The hand-size discard: due, or not due."""
    who, pending = race.who(p), state.pending_discard
    if pending:
        if type(move) is not Discard:
            return IllegalMove("tails.draw.hand-size", f"{who} must first discard {plural(pending, 'card')} down to "
                               "the hand size")
        names = [CARD_NAMES[c] for c in state.hands[p]]
        for c in move.cards:
            if c not in CARD_NAMES:
                return IllegalMove("tails.draw.hand-size", f"{c!r} is not a card: cards read like 'yellow-5'")
            if c not in names:
                return IllegalMove("tails.draw.hand-size", f"{who} does not hold {c}")
        return IllegalMove("tails.draw.hand-size", f"{who} must discard exactly {plural(pending, 'card')}, each once")
    if type(move) is Discard:
        return IllegalMove("tails.draw.hand-size", "no discard is due: the hand is within the hand size")
    return None


def _what_is_played(state: TailsState, race: Race, p: int, move: Move) -> Optional[IllegalMove]:
    """The card (or Crazy Wings / Déjà vu) must be one the player can play now."""
    who = race.who(p)
    if move.card is None:
        return IllegalMove("tails.turn.steps", "a move names the card played (or crazy-wings / deja-vu)")
    err = _bonus_state(state, race, p, move.card, move) if move.card in ("crazy-wings", "deja-vu") else None
    if err:
        return err
    if move.card == "crazy-wings":
        if move.lane is None:
            return IllegalMove("tails.bonus.crazy-wings", "Crazy Wings needs an announced lane colour (red, blue, "
                               "yellow or black)")
        if move.kind != "normal":
            return IllegalMove("tails.bonus.crazy-wings", "Crazy Wings is a 4 of the announced colour, not a "
                               "one-space move")
    elif move.card == "deja-vu":
        if not state.discards[p]:
            return IllegalMove("tails.bonus.deja-vu-empty", f"{who}'s discard pile is empty: nothing to play again")
    elif CARD_CODES[move.card] not in state.hands[p]:
        return IllegalMove("tails.turn.play-card", f"{who} does not hold {move.card}")
    if move.lane is not None and move.card != "crazy-wings":
        return IllegalMove("tails.move.card", "only Crazy Wings announces a lane colour; a card's colour is "
                           "printed on it")
    return None


def _bonuses_used(state: TailsState, race: Race, p: int, move: Move) -> Optional[IllegalMove]:
    """The bonuses used must be active, one at most with ``bonus_per_turn="one"`` (K4); those armed or lost must exist."""
    used = [face for flag, face in ((move.card in BONUS_NAMES, move.card), (move.boinnnggg, "boinnnggg"),
                                    (move.neck_stretch, "neck-stretch"), (move.leapfrog, "leapfrog")) if flag]
    for err in (_bonus_state(state, race, p, face, move) for face in used if face != move.card):
        if err:
            return err
    if len(used) > 1 and race.rulings.get("bonus_per_turn") == "one":
        return IllegalMove("tails.bonus.combine", f"this move uses {and_list([BONUS_NAMES[f] for f in used])}, but a "
                           "turn uses one bonus card at most (K4, bonus_per_turn='one')")
    for face in move.arm + move.lose:
        if race.slot(face) < 0:
            return IllegalMove("tails.setup.bonus-faces", f"{BONUS_NAMES[face]} is not a bonus face of this race")
    return None


def _bonus_state(state: TailsState, race: Race, p: int, face: str, move: Move) -> Optional[IllegalMove]:
    """Why ``face`` cannot be used now, or None if it is active; a marker this very move would put
    there is still too late (``tails.water.next-turn``)."""
    name = BONUS_NAMES[face]
    if race.slot(face) < 0:
        return IllegalMove("tails.setup.bonus-faces", f"{name} is not one of the bonus faces of this race "
                           f"({', '.join(race.faces)})")
    now = state.bonuses[p][race.slot(face)]
    if now == BonusState.ACTIVE:
        return None
    if now == BonusState.INACTIVE and face in move.arm:
        return IllegalMove("tails.water.next-turn", f"{name} would only get its marker on this move: a bonus "
                           "activated this turn is usable from the next turn on")
    if now == BonusState.INACTIVE:
        return IllegalMove("tails.water.gain-marker", f"{name} has no marker yet: a water hole must activate it first")
    if now == BonusState.ARMED:
        return IllegalMove("tails.water.next-turn", f"{name} was activated this turn: usable from the next turn on")
    return IllegalMove("tails.bonus.consumed", f"{name} is gone: a used bonus leaves the game")


def _no_leapfrog(why: _Why, same: List[Move]) -> IllegalMove:
    """Leapfrog offers nothing here: say whether an animal spoils the landing."""
    occ = occupancy(why.state, why.track, why.p)
    for plan in (why.plan(m) for m in same if not m.leapfrog):
        problem = leap_problem(why.track, plan.finish.final, plan.card.target, occ, plan.card.mode)
        if problem and problem[0] == "tails.bonus.leapfrog-no-animal":
            return IllegalMove(*problem)
    return IllegalMove("tails.bonus.leapfrog", "Leapfrog needs an ostrich directly ahead at the end of the move")


def _extras(why: _Why, move: Move, there: List[Move], target: int, value: int) -> IllegalMove:
    """The destination is right; some choice on the way is not."""
    for flag, rule, offered, needed in (
            ("tiptoe", "tails.tiptoe.ignore",
             "tiptoe=True is for a '2' where tiptoeing changes the move; here it changes nothing: leave it out",
             "only tiptoeing with the '2' reaches there that way: give tiptoe=True"),
            ("neck_stretch", "tails.bonus.neck-stretch",
             "Neck Stretch moves exactly 2 more steps along the lane; it cannot reach there",
             "Neck Stretch moves exactly 2 more steps along the lane; that space needs it"),
            ("leapfrog", "tails.bonus.leapfrog",
             "Leapfrog jumps the ostriches directly ahead to the first free space: not to there",
             "that space is only reached by a Leapfrog"),
            ("warthog", "tails.animal.warthog",
             "warthog=True marks a route through a warthog space; no such route reaches there",
             "warthog=True marks a route through a warthog space; every route there meets one")):
        mine = getattr(move, flag)
        if not any(getattr(m, flag) == mine for m in there):
            return IllegalMove(rule, offered if mine else needed)
        there = [m for m in there if getattr(m, flag) == mine]
    if not any(m.arm == move.arm for m in there):
        return _wrong_arming(why, move, there, target, value)
    there = [m for m in there if m.arm == move.arm]
    return IllegalMove("tails.animal.cheetah", "each cheetah entered takes one bonus card, activated ones first: "
                       "choose from " + "; ".join("+".join(m.lose) or "none" for m in there))


def _wrong_arming(why: _Why, move: Move, there: List[Move], target: int, value: int) -> IllegalMove:
    counts = sorted({len(m.arm) for m in there})
    if len(move.arm) > max(counts) and move.kind == "normal" and _water_detour(why, move, target, value):
        return IllegalMove("tails.move.toward-target-lane", "the routes through more water holes change lane away "
                           f"from the {LANES[target]} lane, which is not allowed")
    if len(move.arm) not in counts:
        return IllegalMove("tails.water.count", _arming_count(why, there, counts))
    return IllegalMove("tails.water.gain-marker", "a water hole arms one of your own bonus cards that has no marker yet")


def _arming_count(why: _Why, there: List[Move], counts: List[int]) -> str:
    """How many bonus cards the moves ``there`` arm, and why: the water holes they enter, and the
    cards without a marker left (``tails.water.count``)."""
    waters = sorted({why.plan(m).finish.water for m in there})
    free = sum(1 for state in why.state.bonuses[why.p] if state == BonusState.INACTIVE)
    arms = f"{' or '.join(map(str, counts))} bonus card{'' if counts == [1] else 's'}"
    if waters == [0]:  # a landing on a water hole that gives nothing: leapfrog_landing="nothing" (K15)
        dry = any(water_at(why.track, why.plan(m).finish.leap_to) for m in there if why.plan(m).finish.leap_to >= 0)
        return "this move enters no water hole" + (" (its Leapfrog landing counts for nothing: K15, leapfrog_landing="
                                                   "'nothing')" if dry else "") + ", so it arms no bonus card"
    enters, it = ((f"this move enters {plural(waters[0], 'water hole')}", "it arms") if len(waters) == 1 else
                  (f"the routes there enter {' or '.join(map(str, waters))} water holes", "they arm"))
    if free == 0:
        return f"{enters}, but none of your bonus cards is left without a marker: {it} none"
    if free < waters[-1]:
        return (f"{enters}, but only {plural(free, 'bonus card')} of yours {'has' if free == 1 else 'have'} no "
                f"marker: {it} {arms}")
    return f"{enters}, so {it} {arms}, one per water hole"


def _water_detour(why: _Why, move: Move, target: int, value: int) -> bool:
    """Would a route breaking the lane-change rule enter enough water holes for ``move.arm``?"""
    points = value + bonus_movement(why.state, why.race, why.p, target)
    routes = _bare_routes(why.track, why.state.pos[why.p], why.track.by_name[move.to], ANY, False, points)
    return routes.get(points, -1) >= len(move.arm)


def _bare_routes(track, s: int, t: int, target: int, lane_rule: bool, limit: int) -> Dict[int, int]:
    """The routes from s to t on the bare track (``lane_rule``: toward lane ``target``) by step count, up
    to ``limit``: the most water holes a route of that many steps enters."""
    memo: Dict[int, Dict[int, int]] = {}

    def walk(x: int) -> Dict[int, int]:
        if x == t:
            return {0: 0}
        got = memo.get(x)
        if got is None:
            got = memo[x] = {}
            for y in (track.toward[target][x] if lane_rule else track.ahead[x]) if x < t else ():  # ids grow
                for n, water in walk(y).items():
                    if n < limit:
                        got[n + 1] = max(got.get(n + 1, 0), water + water_at(track, y))
        return got

    return walk(s)


def obstacle_names(state: TailsState, race: Race, p: int, obstacles) -> List[str]:
    """ "Purple's ostrich on T03:red:2", "the lion on T06:blue:4"."""
    holder, names = race.holders(state, p), race.track.names
    return [f"{holder[s]}'s ostrich on {names[s]}" if kind == "ostrich" else f"the {kind} on {names[s]}"
            for kind, s in obstacles]


#: the rule each kind of route obstacle breaks, and why it stops the route
OBSTACLES = {
    "ostrich": ("tails.move.no-pass-through", "no passing through an ostrich"),
    "lion": ("tails.animal.lion", "a lion space may not be entered"),
    "porcupine": ("tails.animal.porcupine", "a porcupine ends the move"),
    "quicksand": ("tails.quicksand.cost", "quicksand costs 2 points, so the points run out before getting there"),
    "crocodile": ("tails.animal.crocodile", "a move may not end on a crocodile"),
}


class _Where:
    """The facts about a wrong destination that the checks below read."""

    def __init__(self, why: _Why, move: Move, target: int, value: int):
        self.why, self.track, self.move, self.target, self.value = why, why.track, move, target, value
        self.p = why.p
        self.s = why.state.pos[why.p]
        self.t = self.track.by_name[move.to]
        self.occ = occupancy(why.state, self.track, why.p)
        self.holder = why.race.holders(why.state, why.p)
        # a '2' (Déjà vu's too: ``value`` is its card's) is read tiptoeing, the reading that allows
        # most (K8); with Boinnnggg the two combine
        self.mode = (BOING if move.boinnnggg else NORMAL) | (TIPTOE if value == TIPTOE_VALUE else NORMAL)
        self.bonus = bonus_movement(why.state, why.race, why.p, target)
        self.points = value + self.bonus


def _destination(why: _Why, move: Move, target: int, value: int, same: List[Move]) -> IllegalMove:
    """Nothing legal ends on ``move.to``: find the rule that rules it out."""
    w = _Where(why, move, target, value)
    if w.t == w.s and move.kind == "normal":
        return _stay_put(why, move)
    if w.t in w.holder:
        return IllegalMove("tails.move.no-pass-through", f"{move.to} holds {w.holder[w.t]}'s ostrich")
    if move.kind == "one-space":
        return _one_space_destination(w)
    return (_unreachable(w) or _forbidden_end(w) or _wrong_lane(w) or _route_blocked(w, w.points)
            or _into_porcupine(w, same) or _blocked_short(w, same) or _distance(w))


def _stay_put(why: _Why, move: Move) -> IllegalMove:
    """Staying put while a move is legal (``tails.move.fully-blocked``): name one that is."""
    mine = [m for m in why.legal if m.card == move.card] or list(why.legal)
    return IllegalMove("tails.move.fully-blocked", f"{why.race.who(why.p)} may not stay on {move.to}: a card is played "
                       f"to stay put only when no card allows any move, and {mine[0]} is legal")


def _one_space_destination(w: _Where) -> IllegalMove:
    names, track = w.track.names, w.track
    links = track.toward[ANY][w.s]
    if w.t not in links:
        to = ", ".join(names[y] for y in links)
        if _off_the_guide_lines(w):
            ways = ONE_SPACE_WAYS[track.one_space]
            return IllegalMove("tails.move.links", f"a one-space move goes one step ({ways}): to {to}")
        return IllegalMove("tails.move.one-space-any-card", f"a one-space move goes exactly one step: to {to}")
    problem = (step_problem(track, w.t, 1, w.mode, w.occ, w.holder, last=True, target=ANY)
               or end_problem(track, w.t, w.mode, w.occ, w.holder))
    if problem:
        return IllegalMove(*problem)
    return IllegalMove("tails.move.one-space-any-card", f"{w.move!r} is not a legal one-space move here")


def _off_the_guide_lines(w: _Where) -> bool:
    """Is the destination sideways or behind, out of reach of any forward route (``tails.move.links``)?"""
    return w.t <= w.s or not _bare_routes(w.track, w.s, w.t, w.target, False, 30)


def _unreachable(w: _Where) -> Optional[IllegalMove]:
    return IllegalMove("tails.move.links", f"{w.move.to} cannot be reached from {w.track.names[w.s]} moving "
                       "forward or diagonally forward along the guide lines") if _off_the_guide_lines(w) else None


def _forbidden_end(w: _Where) -> Optional[IllegalMove]:
    problem = (end_problem(w.track, w.t, w.mode, w.occ, w.holder)
               or step_problem(w.track, w.t, w.points, w.mode, w.occ, w.holder, target=w.target))  # a porcupine (K7)
    if problem:
        return IllegalMove(*problem)
    lane_s, lane_t = w.track.lane[w.s], w.track.lane[w.t]
    if w.bonus and lane_t >= 0 and lane_t != lane_s:
        return IllegalMove("tails.move.bonus-no-lane-change", f"a move with bonus movement stays on its starting "
                           f"lane ({LANES[lane_s]}) for every step")
    if not w.track.bare_reach(w.s, w.points, w.target):
        return IllegalMove("tails.move.end-on-card-colour", f"a {LANES[w.target]} {w.value} cannot reach the "
                           f"{LANES[w.target]} lane from here even on an empty track: use it for a one-space move")
    return None


def _wrong_lane(w: _Where) -> Optional[IllegalMove]:
    lane_s, lane_t = w.track.lane[w.s], w.track.lane[w.t]
    off_lane = lane_t >= 0 and lane_t != w.target
    if not off_lane and (w.points not in _bare_routes(w.track, w.s, w.t, w.target, False, w.points + 2)
                         or w.points in _bare_routes(w.track, w.s, w.t, w.target, True, w.points + 2)):
        return None  # it ends on the card lane, and the lane-change rules let it
    if lane_s < 0 and w.s != START:
        return _bridge_exit(w)
    if off_lane:
        return IllegalMove("tails.move.end-on-card-colour", f"a normal move ends on the card lane "
                           f"({LANES[w.target]}), not on {LANES[lane_t]}; only a one-space move may end elsewhere")
    return IllegalMove("tails.move.toward-target-lane", f"every lane change must bring the ostrich closer to "
                       f"the {LANES[w.target]} lane, and never off it once there")


def _bridge_exit(w: _Where) -> IllegalMove:
    return IllegalMove("tails.bridge.exit-lane", f"leaving the rope bridge, a move must step onto the card lane "
                       f"({LANES[w.target]})")


def _route_blocked(w: _Where, points: int) -> Optional[IllegalMove]:
    """Routes of ``points`` lead there on the bare track: name what stands on every one of them."""
    found = blockers(w.track, w.occ, w.s, points, w.target, w.mode, w.t)
    if not found:
        return None
    rule, why = OBSTACLES[found[0][0]]
    names = and_list(obstacle_names(w.why.state, w.why.race, w.p, found), "or")
    one_kind = len({kind for kind, _s in found}) == 1
    return IllegalMove(rule, f"every route there is blocked by {names}" + (f": {why}" if one_kind else ""))


def _into_porcupine(w: _Where, same: List[Move]) -> Optional[IllegalMove]:
    """The card's move runs into a porcupine on every route there (``tails.animal.porcupine``)."""
    if not any(w.why.plan(m).route.ending == Ending.PORCUPINE for m in same):
        return None
    found = (_route_blocked(w, n) for n in reach_points(w.track, w.s, w.t, w.target, w.mode, w.points))
    return next((err for err in found if err is not None and err.rule_id == "tails.animal.porcupine"), None)


def _blocked_short(w: _Where, same: List[Move]) -> Optional[IllegalMove]:
    """The move is cut short (``tails.move.blocked-stop``), and not where it is told to stop."""
    stops = [plan for plan in map(w.why.plan, same) if plan.route.ending == BLOCKED_END]
    if not stops:
        return None
    used = max(points_used(w.track, steps_of(plan.mask), w.mode) for plan in stops)
    there = reach_points(w.track, w.s, w.t, w.target, w.mode, w.points)
    err = next(filter(None, (_route_blocked(w, n) for n in there if n >= used)), None)
    if err or not there:
        return err
    names = w.track.names
    ends = sorted({names[plan.route.end] for plan in stops
                   if points_used(w.track, steps_of(plan.mask), w.mode) == used})
    found = obstacle_names(w.why.state, w.why.race, w.p, blockers(w.track, w.occ, w.s, w.points, w.target, w.mode))
    return IllegalMove("tails.move.blocked-stop", f"the move is blocked{' by ' if found else ''}{and_list(found)}, "
                       f"so it must go as far as it can: {plural(used, 'point')}, to {and_list(ends, 'or')}; "
                       f"{w.move.to} is {' or '.join(map(str, there))} point{'' if there == [1] else 's'} away")


def _distance(w: _Where) -> IllegalMove:
    near = sorted(_bare_routes(w.track, w.s, w.t, w.target, True, w.points + 2))
    return IllegalMove("tails.move.exact-distance", f"the move uses exactly {w.points} points"
                       + (f" ({w.value} + {w.bonus} bonus)" if w.bonus else "")
                       + (f"; {w.move.to} is {' or '.join(map(str, near))} steps away" if near else ""))
