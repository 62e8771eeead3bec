"""Why a Savannah Tails move is illegal: the most specific rule, in plain words.

This is the slow path behind ``play`` (on failure) and ``explain``. It checks
the move's parts in the order a learner would: the names it uses, whose turn,
the discard decision, which card, which bonuses, then the destination, which it
compares with the bare track to find the rule that rules it out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional, Tuple

from ..core.errors import IllegalMove
from .data import (BONUS_FACES, BONUS_NAMES, CARD_CODES, CARD_NAMES, LANE_INDEX, LANES, TIPTOE_VALUE, BonusState,
                   Ending, Mode)
from .generate import occupancy
from .moves import KINDS, PLAYS, Move
from .track import ANIMAL, CROCODILE, LION, PORCUPINE, QUICKSAND, START, WATER, steps_of

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
            return IllegalMove("tails.draw.hand-size", f"{who} must first discard {plural(pending, 'card')} down to "
                               "the hand size")
        names = [CARD_NAMES[c] for c in game.state.hands[p]]
        for c in move.discard:
            if c not in names:
                return IllegalMove("tails.draw.hand-size", f"{who} does not hold {c}")
        return IllegalMove("tails.draw.hand-size", f"{who} must discard exactly {plural(pending, 'card')}, each once")
    if move.kind == "discard":
        return IllegalMove("tails.draw.hand-size", "no discard is due: the hand is within the hand size")
    return None


def _what_is_played(game: "TailsGame", p: int, move: Move) -> Optional[IllegalMove]:
    """The card (or Crazy Wings / Déjà vu) must be one the player can play now."""
    who = game.who(p)
    if move.card is None:
        return IllegalMove("tails.turn.steps", "a move names the card played (or crazy-wings / deja-vu)")
    if move.card == "crazy-wings":
        err = _bonus_state(game, p, "crazy-wings", move)
        if err:
            return err
        if move.lane is None:
            return IllegalMove("tails.bonus.crazy-wings", "Crazy Wings needs an announced lane colour (red, blue, "
                               "yellow or black)")
        if move.kind != "normal":
            return IllegalMove("tails.bonus.crazy-wings", "Crazy Wings is a 4 of the announced colour, not a "
                               "one-space move")
    elif move.card == "deja-vu":
        err = _bonus_state(game, p, "deja-vu", move)
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
            err = _bonus_state(game, p, face, move)
            if err:
                return err
    for face in move.arm + move.lose:
        if face not in game.slot:
            return IllegalMove("tails.setup.bonus-faces", f"{BONUS_NAMES[face]} is not a bonus face of this race")
    return None


def _bonus_state(game: "TailsGame", p: int, face: str, move: Move) -> Optional[IllegalMove]:
    """Why ``face`` cannot be used now, or None if it is active; a marker this very move would put
    there is still too late (``tails.water.next-turn``)."""
    name = BONUS_NAMES[face]
    if face not in game.slot:
        return IllegalMove("tails.setup.bonus-faces", f"{name} is not one of the bonus faces of this race "
                           f"({', '.join(game.faces)})")
    state = game.state.bonuses[p][game.slot[face]]
    if state == BonusState.ACTIVE:
        return None
    if state == BonusState.INACTIVE and face in move.arm:
        return IllegalMove("tails.water.next-turn", f"{name} would only get its marker on this move: a bonus "
                           "activated this turn is usable from the next turn on")
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
        return IllegalMove("tails.water.count", _arming_count(game, p, there, counts))
    return IllegalMove("tails.water.gain-marker", "a water hole arms one of your own bonus cards that has no marker yet")


def _arming_count(game: "TailsGame", p: int, there: List[Move], counts: List[int]) -> str:
    """How many bonus cards the moves ``there`` arm, and why: the water holes they enter, and the
    cards without a marker left (``tails.water.count``)."""
    waters = sorted({game._plan(m).finish.water for m in there})
    free = sum(1 for state in game.state.bonuses[p] if state == BonusState.INACTIVE)
    arms = f"{' or '.join(map(str, counts))} bonus card{'' if counts == [1] else 's'}"
    if waters == [0]:
        return "this move enters no water hole, so it arms no bonus card"
    enters, it = ((f"this move enters {plural(waters[0], 'water hole')}", "it arms") if len(waters) == 1 else
                  (f"the routes there enter {' or '.join(map(str, waters))} water holes", "they arm"))
    if free == 0:
        return f"{enters}, but none of your bonus cards is left without a marker: {it} none"
    if free < waters[-1]:
        return (f"{enters}, but only {plural(free, 'bonus card')} of yours {'has' if free == 1 else 'have'} no "
                f"marker: {it} {arms}")
    return f"{enters}, so {it} {arms}, one per water hole"


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


class _Routes:
    """The lane-legal routes of a normal move toward the card lane, where quicksand costs ``sand``
    points: 2 as the rules say, or 1 as on a bare track (then the quicksand itself stops the route)."""

    def __init__(self, track, occ: int, target: int, mode: Mode, end: int, sand: int):
        self.track, self.occ, self.target, self.mode, self.end, self.sand = track, occ, target, mode, end, sand
        self.allowed = track.toward[target]
        self._reach: dict = {}
        self._first: dict = {}

    def _cost(self, y: int) -> int:
        return self.sand if self.mode == NORMAL and self.track.feat[y] & QUICKSAND else 1

    def _is_end(self, x: int) -> bool:
        if self.end >= 0:
            return x == self.end
        lane = self.track.lane[x]
        return lane == self.target or (lane < 0 and x != START)

    def reaches(self, x: int, left: int) -> bool:
        """Can exactly ``left`` more points end well from x, obstacles aside?"""
        if left == 0:
            return self._is_end(x)
        key = (x, left)
        if key not in self._reach:
            self._reach[key] = any(self._cost(y) <= left and self.reaches(y, left - self._cost(y))
                                   for y in self.allowed[x])
        return self._reach[key]

    def _obstacle(self, y: int, last: bool) -> str:
        """What stops a route at its step into y ("": nothing); ``last``: that step would end it."""
        f, taken, mode = self.track.feat[y], self.occ & self.track.bit[y], self.mode
        if mode & BOING and not last:  # tails.bonus.boinnnggg: it moves through everything
            return ""
        if taken:
            return "ostrich"
        if mode & TIPTOE:  # tails.tiptoe.ignore: animals and quicksand do not count
            return ""
        if mode & BOING:  # but may not end on a lion or a crocodile
            return "lion" if f & LION else "crocodile" if f & CROCODILE else ""
        for feature, kind, where in ((LION, "lion", True), (QUICKSAND, "quicksand", self.sand == 1),
                                     (PORCUPINE, "porcupine", not last), (CROCODILE, "crocodile", last)):
            if f & feature and where:
                return kind
        return ""

    def first_obstacles(self, x: int, left: int) -> frozenset:
        """(kind, space) of the first obstacle on each route of exactly ``left`` points from x."""
        key = (x, left)
        got = self._first.get(key)
        if got is None:
            found = set()
            for y in self.allowed[x]:
                cost = self._cost(y)
                if cost > left or not self.reaches(y, left - cost):
                    continue
                kind = self._obstacle(y, left == cost)
                if kind:
                    found.add((kind, y))
                elif left > cost:
                    found |= self.first_obstacles(y, left - cost)
            got = self._first[key] = frozenset(found)
        return got


def blockers(game: "TailsGame", p: int, start: int, points: int, target: int, mode: Mode,
             end: int = -1) -> List[Tuple[str, int]]:
    """What stands in the way of a move of ``points`` from ``start`` to the card lane (to ``end``,
    if given): the first obstacle on each route, nearest first. A blocked move (``tails.move.blocked-stop``)
    is told with these, so a learner sees the ostrich, lion or crocodile that cut it short."""
    occ, found = occupancy(game, p), set()
    for sand in ((2, 1) if mode == NORMAL else (1,)):
        found |= _Routes(game.track, occ, target, mode, end, sand).first_obstacles(start, points)
    return sorted(found, key=lambda o: (o[1], o[0]))


def step_blockers(game: "TailsGame", p: int, start: int) -> List[Tuple[str, int]]:
    """What keeps an ostrich from taking a single step (``tails.move.fully-blocked``): on each
    space one link away, the ostrich, lion or crocodile there, or the quicksand a single step
    cannot pay for (``tails.move.one-space-any-card``)."""
    track, occ, found = game.track, occupancy(game, p), set()
    for t, _kind in track.succ[start]:
        f = track.feat[t]
        kind = "ostrich" if occ & track.bit[t] else "lion" if f & LION else "crocodile" if f & CROCODILE \
            else "quicksand" if f & QUICKSAND else None
        if kind:
            found.add((kind, t))
    return sorted(found, key=lambda o: (o[1], o[0]))


def obstacle_names(game: "TailsGame", p: int, obstacles) -> List[str]:
    """ "Purple's ostrich on T03:red:2", "the lion on T06:blue:4"."""
    holder = {game.state.pos[q]: q for q in range(game.players) if q != p}
    names = game.track.names
    return [f"{game.who(holder[s])}'s ostrich on {names[s]}" if kind == "ostrich" else f"the {kind} on {names[s]}"
            for kind, s in obstacles]


def word_list(items: List[str], conjunction: str = "and") -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def plural(n: int, word: str) -> str:
    """ "1 space", "2 spaces": counts in messages without "(s)"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


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
        # a '2' is read tiptoeing, the reading that allows most (K8); with Boinnnggg the two combine
        self.mode = (BOING if move.boinnnggg else NORMAL) | (TIPTOE if tiptoe else NORMAL)
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
    return (_unreachable(w) or _forbidden_end(w) or _wrong_lane(w) or _route_blocked(w, w.points)
            or _blocked_short(w, same) or _distance(w))


def _one_space_destination(w: _Where) -> IllegalMove:
    names, track = w.track.names, w.track
    links = [y for y, _k in track.succ[w.s]]
    if w.t not in links:
        to = ", ".join(names[y] for y in links)
        if _off_the_guide_lines(w):
            return IllegalMove("tails.move.links", "a one-space move goes one step along a guide line, forward or "
                               f"diagonally forward: to {to}")
        return IllegalMove("tails.move.one-space-any-card", f"a one-space move goes exactly one step: to {to}")
    if w.mode == NORMAL and w.feat & LION:
        return IllegalMove("tails.animal.lion", f"{w.move.to} holds a lion: it may not be entered")
    if w.mode == NORMAL and w.feat & CROCODILE:
        return IllegalMove("tails.animal.crocodile", f"{w.move.to} holds a crocodile: a move may not end there")
    if w.mode == NORMAL and w.feat & QUICKSAND:
        return IllegalMove("tails.quicksand.one-space", "a one-space move cannot pay 2 points for quicksand "
                           "(only with a '2' card or Boinnnggg)")
    if w.mode == BOING and w.feat & (LION | CROCODILE):  # tails.bonus.boinnnggg (revised)
        return _boing_end(w)
    return IllegalMove("tails.move.one-space-any-card", f"{w.move!r} is not a legal one-space move here")


def _boing_end(w: _Where) -> IllegalMove:
    animal = "lion" if w.feat & LION else "crocodile"
    return IllegalMove("tails.bonus.boinnnggg", f"{w.move.to} holds a {animal}: Boinnnggg moves through it but "
                       "may not end there")


def _off_the_guide_lines(w: _Where) -> bool:
    """Is the destination sideways or behind, out of reach of any forward route (``tails.move.links``)?"""
    return w.t <= w.s or not _bare_lengths(w.track, w.s, w.t, w.target, False, 30)


def _unreachable(w: _Where) -> Optional[IllegalMove]:
    if _off_the_guide_lines(w):
        return IllegalMove("tails.move.links", f"{w.move.to} cannot be reached from {w.track.names[w.s]} moving "
                           "forward or diagonally forward along the guide lines")
    return None


def _forbidden_end(w: _Where) -> Optional[IllegalMove]:
    if w.mode == NORMAL and w.feat & LION:
        return IllegalMove("tails.animal.lion", f"{w.move.to} holds a lion: it may not be entered")
    if w.mode == NORMAL and w.feat & CROCODILE:
        return IllegalMove("tails.animal.crocodile", f"{w.move.to} holds a crocodile: a move may pass it but not "
                           "end on it")
    if w.mode == BOING and w.feat & (LION | CROCODILE):  # tails.bonus.boinnnggg (revised)
        return _boing_end(w)
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


def _route_blocked(w: _Where, points: int) -> Optional[IllegalMove]:
    """Routes of ``points`` lead there on the bare track: name what stands on every one of them."""
    found = blockers(w.game, w.p, w.s, points, w.target, w.mode, w.t)
    if not found:
        return None
    rule, why = OBSTACLES[found[0][0]]
    names = word_list(obstacle_names(w.game, w.p, found), "or")
    one_kind = len({kind for kind, _s in found}) == 1
    return IllegalMove(rule, f"every route there is blocked by {names}" + (f": {why}" if one_kind else ""))


def _blocked_short(w: _Where, same: List[Move]) -> Optional[IllegalMove]:
    """The move is cut short (``tails.move.blocked-stop``), and not where it is told to stop."""
    stops = [plan for plan in map(w.game._plan, same) if plan.route.ending == Ending.BLOCKED]
    if not stops:
        return None
    used = max(points_used(w.track, plan.mask, w.mode) for plan in stops)
    routes = _Routes(w.track, w.occ, w.target, w.mode, w.t, 2 if w.mode == NORMAL else 1)
    there = [n for n in range(1, w.points) if routes.reaches(w.s, n)]
    for n in there:
        if n >= used:
            err = _route_blocked(w, n)
            if err:
                return err
    if not there:
        return None
    names = w.track.names
    ends = sorted({names[plan.route.end] for plan in stops if points_used(w.track, plan.mask, w.mode) == used})
    found = obstacle_names(w.game, w.p, blockers(w.game, w.p, w.s, w.points, w.target, w.mode))
    return IllegalMove("tails.move.blocked-stop", f"the move is blocked{' by ' if found else ''}{word_list(found)}, "
                       f"so it must go as far as it can: {plural(used, 'point')}, to {word_list(ends, 'or')}; "
                       f"{w.move.to} is {' or '.join(map(str, there))} point{'' if there == [1] else 's'} away")


def points_used(track, mask: int, mode: Mode) -> int:
    """The movement points a route's steps cost (``tails.quicksand.cost``)."""
    return sum(2 if mode == NORMAL and track.feat[s] & QUICKSAND else 1 for s in steps_of(mask))


def _distance(w: _Where) -> IllegalMove:
    near = sorted(_bare_lengths(w.track, w.s, w.t, w.target, True, w.points + 2))
    return IllegalMove("tails.move.exact-distance", f"the move uses exactly {w.points} points"
                       + (f" ({w.value} + {w.bonus} bonus)" if w.bonus else "")
                       + (f"; {w.move.to} is {' or '.join(map(str, near))} steps away" if near else ""))
