"""Why a Savannah Tails move is illegal: the most specific rule, in plain words.

This is the slow path behind ``play`` (on failure) and ``explain``. It checks
the move's parts in the order a learner would: the names it uses, whose turn,
the discard decision, which card, which bonuses, then the destination, which it
compares with the bare track to find the rule that rules it out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from ..core.errors import IllegalMove
from .data import (BONUS_FACES, BONUS_NAMES, CARD_CODES, CARD_NAMES, LANE_INDEX, LANES, TIPTOE_VALUE, BonusState,
                   Ending, Mode)
from .generate import occupancy
from .moves import KINDS, PLAYS, Move
from .track import ANIMAL, CROCODILE, LION, PORCUPINE, QUICKSAND, START, WATER

if TYPE_CHECKING:
    from .rules import TailsGame

NORMAL, TIPTOE, BOING = Mode


def diagnose(game: "TailsGame", move) -> Optional[IllegalMove]:
    err = _diagnose(game, move)
    if err is not None:
        err.move = move
    return err


def _diagnose(game: "TailsGame", move) -> Optional[IllegalMove]:
    if not isinstance(move, Move):
        return IllegalMove("tails.turn.steps", f"{move!r} is not a Savannah Tails move (use tails.Move)")
    p = game.current_player
    err = (_unknown_names(move) or _wrong_player(game, p, move) or _discard_decision(game, p, move)
           or _what_is_played(game, p, move) or _bonuses_used(game, p, move))
    if err is not None:
        return err
    if move.to not in game.track.by_name:
        return IllegalMove("tails.move.links", f"there is no space {move.to!r} on this course")
    target, value = _card_lane_and_value(game, p, move)
    same = [m for m in game.legal_moves() if m.card == move.card and m.kind == move.kind and m.lane == move.lane
            and m.boinnnggg == move.boinnnggg]
    if move.leapfrog and not any(m.leapfrog for m in same):
        return _no_leapfrog(game, p, same)
    there = [m for m in same if m.to == move.to]
    if there:
        return _extras(game, p, move, there, target, value)
    return _destination(game, p, move, target, value, same)


def _unknown_names(move: Move) -> Optional[IllegalMove]:
    """A move naming a card, lane, bonus or kind that does not exist."""
    if move.kind not in KINDS:
        return IllegalMove("tails.turn.steps", f"kind {move.kind!r} is not one of {', '.join(KINDS)}")
    if move.card is not None and move.card not in PLAYS:
        return IllegalMove("tails.move.card", f"{move.card!r} is not a card: cards read like 'yellow-5', "
                           "or 'crazy-wings' / 'deja-vu'")
    if move.lane is not None and move.lane not in LANES:
        return IllegalMove("tails.bonus.crazy-wings", f"{move.lane!r} is not a lane colour: announce one of "
                           f"{', '.join(LANES)}")
    for field, names, rule in (("arm", BONUS_FACES, "tails.water.gain-marker"),
                               ("lose", BONUS_FACES, "tails.animal.cheetah"),
                               ("discard", CARD_NAMES, "tails.draw.hand-size")):
        for name in getattr(move, field):
            if name not in names:
                return IllegalMove(rule, f"{field}: {name!r} is not one of {', '.join(names)}")
    return None


def _wrong_player(game: "TailsGame", p: int, move: Move) -> Optional[IllegalMove]:
    if move.player is None or move.player == p:
        return None
    other = game.who(move.player) if 0 <= move.player < game.players else f"seat {move.player}"
    return IllegalMove("tails.order.turn-sequence", f"it is {game.who(p)}'s turn, not {other}'s")


def _discard_decision(game: "TailsGame", p: int, move: Move) -> Optional[IllegalMove]:
    """The hand-size discard: due, or not due."""
    who, pending = game.who(p), game.state.pending_discard
    if pending:
        if move.kind != "discard":
            return IllegalMove("tails.draw.hand-size", f"{who} must first discard {pending} card(s) down to the "
                               "hand size")
        names = [CARD_NAMES[c] for c in game.state.hands[p]]
        for c in move.discard:
            if c not in names:
                return IllegalMove("tails.draw.hand-size", f"{who} does not hold {c}")
        return IllegalMove("tails.draw.hand-size", f"{who} must discard exactly {pending} card(s), each once")
    if move.kind == "discard":
        return IllegalMove("tails.draw.hand-size", "no discard is due: the hand is within the hand size")
    return None


def _what_is_played(game: "TailsGame", p: int, move: Move) -> Optional[IllegalMove]:
    """The card (or Crazy Wings / Déjà vu) must be one the player can play now."""
    who = game.who(p)
    if move.card is None:
        return IllegalMove("tails.turn.steps", "a move names the card played (or crazy-wings / deja-vu)")
    if move.card == "crazy-wings":
        err = _bonus_state(game, p, "crazy-wings")
        if err:
            return err
        if move.lane is None:
            return IllegalMove("tails.bonus.crazy-wings", "Crazy Wings needs an announced lane colour (red, blue, "
                               "yellow or black)")
        if move.kind != "normal":
            return IllegalMove("tails.bonus.crazy-wings", "Crazy Wings is a 4 of the announced colour, not a "
                               "one-space move")
    elif move.card == "deja-vu":
        err = _bonus_state(game, p, "deja-vu")
        if err:
            return err
        if not game.state.discards[p]:
            return IllegalMove("tails.bonus.deja-vu-empty", f"{who}'s discard pile is empty: nothing to play again")
    elif CARD_CODES[move.card] not in game.state.hands[p]:
        return IllegalMove("tails.turn.play-card", f"{who} does not hold {move.card}")
    if move.lane is not None and move.card != "crazy-wings":
        return IllegalMove("tails.move.card", "only Crazy Wings announces a lane colour; a card's colour is "
                           "printed on it")
    return None


def _bonuses_used(game: "TailsGame", p: int, move: Move) -> Optional[IllegalMove]:
    """Boinnnggg, Neck Stretch and Leapfrog must be active; armed or lost bonuses must exist."""
    for flag, face in ((move.boinnnggg, "boinnnggg"), (move.neck_stretch, "neck-stretch"),
                       (move.leapfrog, "leapfrog")):
        if flag:
            err = _bonus_state(game, p, face)
            if err:
                return err
    for face in move.arm + move.lose:
        if face not in game.slot:
            return IllegalMove("tails.setup.bonus-faces", f"{BONUS_NAMES[face]} is not a bonus face of this race")
    return None


def _bonus_state(game: "TailsGame", p: int, face: str) -> Optional[IllegalMove]:
    """Why ``face`` cannot be used now, or None if it is active."""
    name = BONUS_NAMES[face]
    if face not in game.slot:
        return IllegalMove("tails.setup.bonus-faces", f"{name} is not one of the bonus faces of this race "
                           f"({', '.join(game.faces)})")
    state = game.state.bonuses[p][game.slot[face]]
    if state == BonusState.ACTIVE:
        return None
    if state == BonusState.INACTIVE:
        return IllegalMove("tails.water.gain-marker", f"{name} has no marker yet: a water hole must activate it first")
    if state == BonusState.ARMED:
        return IllegalMove("tails.water.next-turn", f"{name} was activated this turn: usable from the next turn on")
    return IllegalMove("tails.bonus.consumed", f"{name} is gone: a used bonus leaves the game")


def _card_lane_and_value(game: "TailsGame", p: int, move: Move):
    if move.card == "crazy-wings":
        return LANE_INDEX[move.lane], 4
    code = game.state.discards[p][-1] if move.card == "deja-vu" else CARD_CODES[move.card]
    return code // 5, code % 5 + 2


def _no_leapfrog(game: "TailsGame", p: int, same: List[Move]) -> IllegalMove:
    """Leapfrog offers nothing here: say whether an animal spoils the landing."""
    track = game.track
    occ = occupancy(game, p)
    for m in same:
        if m.leapfrog:
            continue
        plan = game._plan(m)
        stop, target = plan.finish.final, plan.card.target
        t = track.forward(stop, target)
        if t < 0 or not occ & track.bit[t]:
            continue
        while t >= 0 and occ & track.bit[t]:
            t = track.forward(t, target)
        if t >= 0 and track.feat[t] & ANIMAL:
            return IllegalMove("tails.bonus.leapfrog-no-animal", f"the Leapfrog would land on {track.names[t]}, "
                               "which holds an animal")
    return IllegalMove("tails.bonus.leapfrog", "Leapfrog needs an ostrich directly ahead at the end of the move")


def _extras(game: "TailsGame", p: int, move: Move, there: List[Move], target: int, value: int) -> IllegalMove:
    """The destination is right; some choice on the way is not."""
    for flag, rule, offered, needed in (
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
        return _wrong_arming(game, p, move, there, target, value)
    there = [m for m in there if m.arm == move.arm]
    return IllegalMove("tails.animal.cheetah", "each cheetah entered takes one bonus card, activated ones first: "
                       "choose from " + "; ".join("+".join(m.lose) or "none" for m in there))


def _wrong_arming(game: "TailsGame", p: int, move: Move, there: List[Move], target: int, value: int) -> IllegalMove:
    counts = sorted({len(m.arm) for m in there})
    if len(move.arm) > max(counts) and move.kind == "normal" and _water_detour(game, p, move, target, value):
        return IllegalMove("tails.move.toward-target-lane", "the routes through more water holes change lane away "
                           f"from the {LANES[target]} lane, which is not allowed")
    if len(move.arm) not in counts:
        return IllegalMove("tails.water.count", f"this route arms {' or '.join(map(str, counts))} bonus card(s): "
                           "one per water-hole space entered, while a card without a marker is left")
    return IllegalMove("tails.water.gain-marker", "a water hole arms one of your own bonus cards that has no marker yet")


def _water_detour(game: "TailsGame", p: int, move: Move, target: int, value: int) -> bool:
    """Would a route breaking the lane-change rule enter enough water holes for ``move.arm``?"""
    track = game.track
    s, t = game.state.pos[p], track.by_name[move.to]
    points = value + _bonus(game, p, target)
    memo = {}

    def most_water(x, left):
        """The most water holes on a route from x to t of exactly ``left`` steps (-1: none)."""
        if left == 0:
            return 0 if x == t else -1
        key = (x, left)
        if key not in memo:
            best = -1
            for y, _k in track.succ[x]:
                got = most_water(y, left - 1)
                if got >= 0:
                    best = max(best, got + (1 if track.feat[y] & WATER else 0))
            memo[key] = best
        return memo[key]

    return most_water(s, points) >= len(move.arm)


def _bonus(game: "TailsGame", p: int, target: int) -> int:
    s = game.state.pos[p]
    if s != START and game.track.lane[s] == target:
        return 2 if game.flat_bonus else game.race_position(p)
    return 0


def _bare_lengths(track, s: int, t: int, target: int, lane_rule: bool, limit: int) -> set:
    """Step counts (up to ``limit``) of the routes from s to t on the bare track."""
    memo = {}

    def lengths(x):
        if x == t:
            return {0}
        got = memo.get(x)
        if got is None:
            got = set()
            if x < t:  # space ids grow along every link
                for y, kind in track.succ[x]:
                    if lane_rule and not track.step_allowed(track.lane[x], y, kind, target):
                        continue
                    got.update(n + 1 for n in lengths(y) if n < limit)
            memo[x] = got
        return got

    return lengths(s)


def _route_problems(track, s: int, t: int, points: int, target: int, occ: int, mode: Mode) -> List[str]:
    """For every lane-legal route of ``points`` bare steps from s to t, the rule it breaks."""
    found = []

    def walk(x, path):
        if len(path) == points:
            if x == t:
                found.append(_first_problem(track, path, occ, mode, points))
            return
        for y, kind in track.succ[x]:
            if track.step_allowed(track.lane[x], y, kind, target):
                walk(y, path + [y])

    walk(s, [])
    return [f for f in found if f]


def _first_problem(track, path, occ: int, mode: Mode, points: int) -> str:
    cost = 0
    for i, y in enumerate(path):
        if mode != BOING and occ & track.bit[y]:
            return "tails.move.no-pass-through"
        f = track.feat[y]
        if mode == NORMAL:
            if f & LION:
                return "tails.animal.lion"
            if f & PORCUPINE and i < len(path) - 1:
                return "tails.animal.porcupine"
            cost += 2 if f & QUICKSAND else 1
        else:
            cost += 1
    return "tails.quicksand.cost" if cost > points else ""


REASONS = {
    "tails.move.no-pass-through": "every route there runs through another ostrich",
    "tails.animal.lion": "every route there enters a lion's space",
    "tails.animal.porcupine": "every route there meets a porcupine first, which ends the move",
    "tails.quicksand.cost": "quicksand costs 2 points, so the points run out before getting there",
}


class _Where:
    """The facts about a wrong destination that the checks below read."""

    def __init__(self, game: "TailsGame", p: int, move: Move, target: int, value: int):
        track = self.track = game.track
        self.game, self.p, self.move, self.target, self.value = game, p, move, target, value
        self.s = game.state.pos[p]
        self.t = track.by_name[move.to]
        self.occ = occupancy(game, p)
        self.holder = {game.state.pos[q]: q for q in range(game.players) if q != p and game.state.pos[q] != START}
        discards = game.state.discards[p]
        top_two = move.card == "deja-vu" and discards and discards[-1] % 5 + 2 == TIPTOE_VALUE
        tiptoe = value == TIPTOE_VALUE and move.card != "crazy-wings" or top_two
        self.mode = BOING if move.boinnnggg else (TIPTOE if tiptoe else NORMAL)
        self.bonus = _bonus(game, p, target)
        self.points = value + self.bonus
        self.feat = track.feat[self.t]


def _destination(game: "TailsGame", p: int, move: Move, target: int, value: int, same: List[Move]) -> IllegalMove:
    """Nothing legal ends on ``move.to``: find the rule that rules it out."""
    w = _Where(game, p, move, target, value)
    if w.t in w.holder:
        return IllegalMove("tails.move.no-pass-through", f"{move.to} holds {game.who(w.holder[w.t])}'s ostrich")
    if move.kind == "one-space":
        return _one_space_destination(w)
    return (_unreachable(w) or _forbidden_end(w) or _wrong_lane(w, same) or _route_blocked(w)
            or _distance(w))


def _one_space_destination(w: _Where) -> IllegalMove:
    names, track = w.track.names, w.track
    links = [y for y, _k in track.succ[w.s]]
    if w.t not in links:
        return IllegalMove("tails.move.one-space-any-card", "a one-space move goes one step along a guide line: to "
                           + ", ".join(names[y] for y in links))
    if w.mode == NORMAL and w.feat & LION:
        return IllegalMove("tails.animal.lion", f"{w.move.to} holds a lion: it may not be entered")
    if w.mode == NORMAL and w.feat & CROCODILE:
        return IllegalMove("tails.animal.crocodile", f"{w.move.to} holds a crocodile: a move may not end there")
    if w.mode == NORMAL and w.feat & QUICKSAND:
        return IllegalMove("tails.quicksand.one-space", "a one-space move cannot pay 2 points for quicksand "
                           "(only with a '2' card or Boinnnggg)")
    return IllegalMove("tails.move.one-space-any-card", f"{w.move!r} is not a legal one-space move here")


def _unreachable(w: _Where) -> Optional[IllegalMove]:
    if w.t <= w.s or not _bare_lengths(w.track, w.s, w.t, w.target, False, 30):
        return IllegalMove("tails.move.links", f"{w.move.to} cannot be reached from {w.track.names[w.s]} moving "
                           "forward or diagonally forward along the guide lines")
    return None


def _forbidden_end(w: _Where) -> Optional[IllegalMove]:
    if w.mode == NORMAL and w.feat & LION:
        return IllegalMove("tails.animal.lion", f"{w.move.to} holds a lion: it may not be entered")
    if w.mode == NORMAL and w.feat & CROCODILE:
        return IllegalMove("tails.animal.crocodile", f"{w.move.to} holds a crocodile: a move may pass it but not "
                           "end on it")
    lane_s, lane_t = w.track.lane[w.s], w.track.lane[w.t]
    if w.bonus and lane_t >= 0 and lane_t != lane_s:
        return IllegalMove("tails.move.bonus-no-lane-change", f"a move with bonus movement stays on its starting "
                           f"lane ({LANES[lane_s]}) for every step")
    if not w.track.bare_reach(w.s, w.points, w.target):
        return IllegalMove("tails.move.end-on-card-colour", f"a {LANES[w.target]} {w.value} cannot reach the "
                           f"{LANES[w.target]} lane from here even on an empty track: use it for a one-space move")
    return None


def _wrong_lane(w: _Where, same: List[Move]) -> Optional[IllegalMove]:
    if any(w.game._plan(m).route.ending == Ending.BLOCKED for m in same):
        return IllegalMove("tails.move.blocked-stop", "the move is blocked: the ostrich must use as many movement "
                           "points as it legally can, and " + w.move.to + " uses fewer")
    lane_s, lane_t = w.track.lane[w.s], w.track.lane[w.t]
    if lane_t >= 0 and lane_t != w.target:
        if lane_s < 0 and w.s != START:
            return _bridge_exit(w)
        return IllegalMove("tails.move.end-on-card-colour", f"a normal move ends on the card lane "
                           f"({LANES[w.target]}), not on {LANES[lane_t]}; only a one-space move may end elsewhere")
    free = _bare_lengths(w.track, w.s, w.t, w.target, False, w.points + 2)
    ruled = _bare_lengths(w.track, w.s, w.t, w.target, True, w.points + 2)
    if w.points in free and w.points not in ruled:
        if lane_s < 0 and w.s != START:
            return _bridge_exit(w)
        return IllegalMove("tails.move.toward-target-lane", f"every lane change must bring the ostrich closer to "
                           f"the {LANES[w.target]} lane, and never off it once there")
    return None


def _bridge_exit(w: _Where) -> IllegalMove:
    return IllegalMove("tails.bridge.exit-lane", f"leaving the rope bridge, a move must step onto the card lane "
                       f"({LANES[w.target]})")


def _route_blocked(w: _Where) -> Optional[IllegalMove]:
    ruled = _bare_lengths(w.track, w.s, w.t, w.target, True, w.points + 2)
    if w.points in ruled:
        problems = _route_problems(w.track, w.s, w.t, w.points, w.target, w.occ, w.mode)
        if problems:
            rid = max(set(problems), key=problems.count)
            return IllegalMove(rid, REASONS[rid])
    if w.mode == NORMAL and w.points - 1 in ruled and any(
            w.track.feat[x] & QUICKSAND for x in range(w.s + 1, w.t + 1)):
        return IllegalMove("tails.quicksand.cost", REASONS["tails.quicksand.cost"])
    return None


def _distance(w: _Where) -> IllegalMove:
    near = sorted(_bare_lengths(w.track, w.s, w.t, w.target, True, w.points + 2))
    return IllegalMove("tails.move.exact-distance", f"the move uses exactly {w.points} points"
                       + (f" ({w.value} + {w.bonus} bonus)" if w.bonus else "")
                       + (f"; {w.move.to} is {' or '.join(map(str, near))} steps away" if near else ""))
