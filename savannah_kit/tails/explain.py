"""Why a Savannah Tails move is illegal: the most specific rule, in plain words.

This is the slow path behind ``play`` (on failure) and ``explain``: it checks
the move's parts in the order a learner would (whose turn, which card, which
bonus, where to), then compares the destination with the bare track to find the
rule that rules it out.
"""

from __future__ import annotations

from typing import List, Optional

from ..core.errors import IllegalMove
from .data import BONUS_FACES, BONUS_NAMES, CARD_CODES, CARD_NAMES, LANE_INDEX, LANES
from .moves import KINDS, PLAYS, Move
from .rules import FRESH, INACTIVE, READY, TIPTOE_VALUE
from .track import ANIMAL, CROCODILE, LION, PORCUPINE, QUICKSAND, START, WATER


def _bonus_state(game, p: int, face: str, rule: str) -> Optional[IllegalMove]:
    """Why ``face`` cannot be used now, or None if it is active."""
    name = BONUS_NAMES[face]
    if face not in game.slot:
        return IllegalMove("tails.setup.bonus-faces", f"{name} is not one of the bonus faces of this race ({', '.join(game.faces)})")
    st = game.bonus[p][game.slot[face]]
    if st == READY:
        return None
    if st == INACTIVE:
        return IllegalMove("tails.water.gain-marker", f"{name} has no marker yet: a water hole must activate it first")
    if st == FRESH:
        return IllegalMove("tails.water.next-turn", f"{name} was activated this turn: usable from the next turn on")
    return IllegalMove("tails.bonus.consumed", f"{name} is gone: a used bonus leaves the game")


def diagnose(game, move) -> Optional[IllegalMove]:
    err = _diagnose(game, move)
    if err is not None:
        err.move = move
    return err


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


def _diagnose(game, move) -> Optional[IllegalMove]:
    if not isinstance(move, Move):
        return IllegalMove("tails.turn.steps", f"{move!r} is not a Savannah Tails move (use tails.Move)")
    err = _unknown_names(move)
    if err is not None:
        return err
    p = game.current_player
    who = game.who(p)
    if move.player is not None and move.player != p:
        other = game.who(move.player) if 0 <= move.player < game.n else f"seat {move.player}"
        return IllegalMove("tails.order.turn-sequence", f"it is {who}'s turn, not {other}'s")
    if game.pending:
        if move.kind != "discard":
            return IllegalMove("tails.draw.hand-size", f"{who} must first discard {game.pending} card(s) down to the hand size")
        names = [CARD_NAMES[c] for c in game.hand[p]]
        for c in move.discard:
            if c not in names:
                return IllegalMove("tails.draw.hand-size", f"{who} does not hold {c}")
        return IllegalMove("tails.draw.hand-size", f"{who} must discard exactly {game.pending} card(s), each once")
    if move.kind == "discard":
        return IllegalMove("tails.draw.hand-size", "no discard is due: the hand is within the hand size")
    if move.card is None:
        return IllegalMove("tails.turn.steps", "a move names the card played (or crazy-wings / deja-vu)")
    if move.card == "crazy-wings":
        err = _bonus_state(game, p, "crazy-wings", "tails.bonus.crazy-wings")
        if err:
            return err
        if move.lane is None:
            return IllegalMove("tails.bonus.crazy-wings", "Crazy Wings needs an announced lane colour (red, blue, yellow or black)")
        if move.kind != "normal":
            return IllegalMove("tails.bonus.crazy-wings", "Crazy Wings is a 4 of the announced colour, not a one-space move")
        target, value = LANE_INDEX[move.lane], 4
    elif move.card == "deja-vu":
        err = _bonus_state(game, p, "deja-vu", "tails.bonus.deja-vu")
        if err:
            return err
        if not game.discard[p]:
            return IllegalMove("tails.bonus.deja-vu-empty", f"{who}'s discard pile is empty: nothing to play again")
        top = game.discard[p][-1]
        target, value = top // 5, top % 5 + 2
    else:
        code = CARD_CODES.get(move.card)
        if code is None or code not in game.hand[p]:
            return IllegalMove("tails.turn.play-card", f"{who} does not hold {move.card}")
        target, value = code // 5, code % 5 + 2
    if move.lane is not None and move.card != "crazy-wings":
        return IllegalMove("tails.move.card", "only Crazy Wings announces a lane colour; a card's colour is printed on it")
    if move.boinnnggg:
        err = _bonus_state(game, p, "boinnnggg", "tails.bonus.boinnnggg")
        if err:
            return err
    for flag, face in ((move.neck_stretch, "neck-stretch"), (move.leapfrog, "leapfrog")):
        if flag:
            err = _bonus_state(game, p, face, "tails.bonus." + face)
            if err:
                return err
    for face in move.arm + move.lose:
        if face not in game.slot:
            return IllegalMove("tails.setup.bonus-faces", f"{BONUS_NAMES[face]} is not a bonus face of this race")
    track = game.track
    if move.to not in track.by_name:
        return IllegalMove("tails.move.links", f"there is no space {move.to!r} on this course")
    legal = game.legal_moves()
    same = [m for m in legal if m.card == move.card and m.kind == move.kind and m.lane == move.lane
            and m.boinnnggg == move.boinnnggg]
    if move.leapfrog and not any(m.leapfrog for m in same):
        return _no_leapfrog(game, p, move, same)
    there = [m for m in same if m.to == move.to]
    if there:
        return _extras(game, p, move, there, target, value)
    return _destination(game, p, move, target, value, same)


def _no_leapfrog(game, p, move, same) -> IllegalMove:
    """Leapfrog offers nothing here: say whether an animal spoils the landing."""
    track = game.track
    occ = 0
    for q in range(game.n):
        if q != p and game.pos[q] != START:
            occ |= track.bit[game.pos[q]]
    for m in same:
        if m.plan is None or m.leapfrog:
            continue
        stop, target = m.plan[11], m.plan[2]
        t = track.forward(stop, target)
        if t < 0 or not occ & track.bit[t]:
            continue
        while t >= 0 and occ & track.bit[t]:
            t = track.forward(t, target)
        if t >= 0 and track.feat[t] & ANIMAL:
            return IllegalMove("tails.bonus.leapfrog-no-animal", f"the Leapfrog would land on {track.names[t]}, "
                               "which holds an animal")
    return IllegalMove("tails.bonus.leapfrog", "Leapfrog needs an ostrich directly ahead at the end of the move")


def _water_detour(game, p, move, target, value) -> bool:
    """Would a route breaking the lane-change rule enter enough water holes for ``move.arm``?"""
    track = game.track
    s, t = game.pos[p], track.by_name[move.to]
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

    best = most_water(s, points)
    return best >= len(move.arm)


def _bonus(game, p, target) -> int:
    s = game.pos[p]
    if s != START and game.track.lane[s] == target:
        return 2 if game.flat_bonus else game.race_position(p)
    return 0


def _extras(game, p, move, there: List[Move], target, value) -> IllegalMove:
    """The destination is right; some choice on the way is not."""
    if not any(m.neck_stretch == move.neck_stretch for m in there):
        return IllegalMove("tails.bonus.neck-stretch", "Neck Stretch moves exactly 2 more steps along the lane; "
                           + ("it cannot reach there" if move.neck_stretch else "that space needs it"))
    there = [m for m in there if m.neck_stretch == move.neck_stretch]
    if not any(m.leapfrog == move.leapfrog for m in there):
        if move.leapfrog:
            return IllegalMove("tails.bonus.leapfrog", "Leapfrog jumps the ostriches directly ahead to the first free space: not to there")
        return IllegalMove("tails.bonus.leapfrog", "that space is only reached by a Leapfrog")
    there = [m for m in there if m.leapfrog == move.leapfrog]
    if not any(m.warthog == move.warthog for m in there):
        return IllegalMove("tails.animal.warthog", "warthog=True marks a route through a warthog space; "
                           + ("no such route reaches there" if move.warthog else "every route there meets one"))
    there = [m for m in there if m.warthog == move.warthog]
    if not any(m.arm == move.arm for m in there):
        counts = sorted({len(m.arm) for m in there})
        if len(move.arm) > max(counts) and move.kind == "normal" and _water_detour(game, p, move, target, value):
            return IllegalMove("tails.move.toward-target-lane", "the routes through more water holes change lane away "
                               f"from the {LANES[target]} lane, which is not allowed")
        if len(move.arm) not in counts:
            return IllegalMove("tails.water.count", f"this route arms {' or '.join(map(str, counts))} bonus card(s): "
                               "one per water-hole space entered, while a card without a marker is left")
        return IllegalMove("tails.water.gain-marker", "a water hole arms one of your own bonus cards that has no marker yet")
    there = [m for m in there if m.arm == move.arm]
    return IllegalMove("tails.animal.cheetah", "each cheetah entered takes one bonus card, activated ones first: "
                       "choose from " + "; ".join("+".join(m.lose) or "none" for m in there))


def _bare_lengths(track, s: int, t: int, target: int, lane_rule: bool, limit: int) -> set:
    """Step counts (up to ``limit``) of the routes from s to t on the bare track."""
    goal = track.rank[t]
    memo = {}

    def lengths(x):
        if x == t:
            return {0}
        got = memo.get(x)
        if got is None:
            got = set()
            if track.rank[x] < goal:
                for y, kind in track.succ[x]:
                    if lane_rule and not track.step_allowed(track.lane[x], y, kind, target):
                        continue
                    got.update(n + 1 for n in lengths(y) if n < limit)
            memo[x] = got
        return got

    return lengths(s)


def _route_problems(game, track, s: int, t: int, points: int, target: int, occ: int, mode: int) -> List[str]:
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


def _first_problem(track, path, occ, mode, points) -> str:
    cost = 0
    for i, y in enumerate(path):
        if mode != 2 and occ & track.bit[y]:
            return "tails.move.no-pass-through"
        f = track.feat[y]
        if mode == 0:
            if f & LION:
                return "tails.animal.lion"
            if f & PORCUPINE and i < len(path) - 1:
                return "tails.animal.porcupine"
            cost += 2 if f & QUICKSAND else 1
        else:
            cost += 1
    if cost > points:
        return "tails.quicksand.cost"
    return ""


REASONS = {
    "tails.move.no-pass-through": "every route there runs through another ostrich",
    "tails.animal.lion": "every route there enters a lion's space",
    "tails.animal.porcupine": "every route there meets a porcupine first, which ends the move",
    "tails.quicksand.cost": "quicksand costs 2 points, so the points run out before getting there",
}


def _destination(game, p, move, target, value, same) -> IllegalMove:
    track = game.track
    s = game.pos[p]
    t = track.by_name[move.to]
    names = track.names
    occ = 0
    holder = {}
    for q in range(game.n):
        if q != p and game.pos[q] != START:
            occ |= track.bit[game.pos[q]]
            holder[game.pos[q]] = q
    top_two = move.card == "deja-vu" and game.discard[p] and game.discard[p][-1] % 5 + 2 == TIPTOE_VALUE
    tiptoe = value == TIPTOE_VALUE and move.card != "crazy-wings" or top_two
    mode = 2 if move.boinnnggg else (1 if tiptoe else 0)
    if t in holder:
        return IllegalMove("tails.move.no-pass-through", f"{move.to} holds {game.who(holder[t])}'s ostrich")
    if move.kind == "one-space":
        links = [y for y, _k in track.succ[s]]
        if t not in links:
            return IllegalMove("tails.move.one-space-any-card", "a one-space move goes one step along a guide line: to "
                               + ", ".join(names[y] for y in links))
        f = track.feat[t]
        if mode == 0 and f & LION:
            return IllegalMove("tails.animal.lion", f"{move.to} holds a lion: it may not be entered")
        if mode == 0 and f & CROCODILE:
            return IllegalMove("tails.animal.crocodile", f"{move.to} holds a crocodile: a move may not end there")
        if mode == 0 and f & QUICKSAND:
            return IllegalMove("tails.quicksand.one-space", "a one-space move cannot pay 2 points for quicksand "
                               "(only with a '2' card or Boinnnggg)")
        return IllegalMove("tails.move.one-space-any-card", f"{move!r} is not a legal one-space move here")
    if track.rank[t] <= track.rank[s] or not _bare_lengths(track, s, t, target, False, 30):
        return IllegalMove("tails.move.links", f"{move.to} cannot be reached from {names[s]} moving forward "
                           "or diagonally forward along the guide lines")
    lane_s = track.lane[s]
    bonus = _bonus(game, p, target)
    points = value + bonus
    f = track.feat[t]
    if mode == 0 and f & LION:
        return IllegalMove("tails.animal.lion", f"{move.to} holds a lion: it may not be entered")
    if mode == 0 and f & CROCODILE:
        return IllegalMove("tails.animal.crocodile", f"{move.to} holds a crocodile: a move may pass it but not end on it")
    if bonus and track.lane[t] >= 0 and track.lane[t] != lane_s:
        return IllegalMove("tails.move.bonus-no-lane-change", f"a move with bonus movement stays on its starting lane "
                           f"({LANES[lane_s]}) for every step")
    if not track.bare_reach(s, points, target):
        return IllegalMove("tails.move.end-on-card-colour", f"a {LANES[target]} {value} cannot reach the {LANES[target]} "
                           "lane from here even on an empty track: use it for a one-space move")
    blocked = any(m.plan is not None and m.plan[6] == 1 for m in same)
    if blocked:
        return IllegalMove("tails.move.blocked-stop", "the move is blocked: the ostrich must use as many movement "
                           "points as it legally can, and " + move.to + " uses fewer")
    if track.lane[t] >= 0 and track.lane[t] != target:
        if lane_s < 0 and s != START:
            return IllegalMove("tails.bridge.exit-lane", f"leaving the rope bridge, a move must step onto the card lane "
                               f"({LANES[target]})")
        return IllegalMove("tails.move.end-on-card-colour", f"a normal move ends on the card lane ({LANES[target]}), "
                           f"not on {LANES[track.lane[t]]}; only a one-space move may end elsewhere")
    free = _bare_lengths(track, s, t, target, False, points + 2)
    ruled = _bare_lengths(track, s, t, target, True, points + 2)
    if points in free and points not in ruled:
        if lane_s < 0 and s != START:
            return IllegalMove("tails.bridge.exit-lane", f"leaving the rope bridge, a move must step onto the card lane "
                               f"({LANES[target]})")
        return IllegalMove("tails.move.toward-target-lane", f"every lane change must bring the ostrich closer to the "
                           f"{LANES[target]} lane, and never off it once there")
    if points in ruled:
        problems = _route_problems(game, track, s, t, points, target, occ, mode)
        if problems:
            rid = max(set(problems), key=problems.count)
            return IllegalMove(rid, REASONS[rid])
    if mode == 0 and any(track.feat[x] & QUICKSAND for x in range(track.size)
                         if track.rank[s] < track.rank[x] <= track.rank[t]) and points - 1 in ruled:
        return IllegalMove("tails.quicksand.cost", "quicksand costs 2 points, so the points run out before getting there")
    near = sorted(ruled)
    return IllegalMove("tails.move.exact-distance", f"the move uses exactly {points} points"
                       + (f" ({value} + {bonus} bonus)" if bonus else "")
                       + (f"; {move.to} is {' or '.join(map(str, near))} steps away" if near else ""))
