"""Savannah Tails routes you can point at: is this exact path of spaces a legal move?

``explain_route`` (``game.explain_route(card, spaces, **choices)``) walks a route
the way the rules read, one step at a time, and says which step first breaks
which rule; ``move_routes`` (``game.routes(move)``) lists the distinct routes
behind a legal move, for drawing on a board.

**Route format.** A route is the names of the spaces the ostrich enters, in order,
*its own space excluded*, exactly as ``game.route(move)`` gives them: the movement
steps (card points and bonus movement, or the one space of a one-space move), then
Neck Stretch's steps, then the Leapfrog landing, then the space a dune arrow
shifts the ostrich to. When explaining, two shortcuts are accepted: the ostrich's
own space may lead the list (a click on the ostrich), and the dune shift may be
left out (the arrow applies anyway, ``tails.dune.arrow``), except that with
``tiptoe=True`` given, following the arrow is the player's choice (kit ruling K8)
and leaving it out means not following it. The route of a move that stays put
is empty.

**Tiptoeing.** A '2' may be played tiptoeing or not (K8). With ``tiptoe`` left
out, a route is read without tiptoeing first and, if that refuses it, tiptoeing;
``tiptoe=True`` / ``False`` reads it one way only. Moves are named as the engine
names them: a tiptoe move that does nothing the same play without tiptoeing does
not is that move, without ``tiptoe``; so ``routes`` of such a move includes the
tiptoe routes that lead to it.

The step rules are written once, here (``_step``, ``_end_problem``, ``_cost``):
the walk over the learner's route and the search for the most points a blocked
move can use both read them. What follows the steps (Neck Stretch, the Leapfrog
landing, the dune arrow, the bonus choices at water holes and cheetahs) is the
move generator's own code. The verdict does not ask the generator whether the
move is legal, so the two can be checked against each other (the tests do).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Dict, List, Optional, Sequence, Tuple

from ..core.errors import IllegalMove
from ..core.fields import bad_field, safe_repr
from .data import CARD_CODES, CARD_NAMES, LANES, TIPTOE_VALUE, Ending, Mode, PlayKind
from .explain import (_bonuses_used, _card_lane_and_value, _discard_decision, _unknown_names, _what_is_played,
                      _wrong_player)
from .generate import (_bonus_choices, _card_plays, _final_dune, _leapfrog, _neck_stretch, _Turn, card_play, dune_shift,
                       untiptoed)
from .moves import CardPlay, Move
from .scenario import CARD_IDS
from .track import (BRIDGE_OUT, CHEETAH, CROCODILE, LION, PORCUPINE, QUICKSAND, START, WARTHOG, WATER,
                    RouteEnd, steps_of)

if TYPE_CHECKING:
    from .rules import TailsGame

NORMAL, TIPTOE, BOING = Mode
FULL, BLOCKED, STAYED, ONE_SPACE, PORC = Ending
CARD, WINGS, DEJA = PlayKind

#: the fields of ``Move`` a route's choices may set (the card and the end come from the route)
CHOICES = tuple(f.name for f in dataclasses.fields(Move) if f.name not in ("card", "to", "discard"))
#: how a movement ended -> the rule a legal route of it follows
ENDING_RULES = {FULL: "tails.move.exact-distance", BLOCKED: "tails.move.blocked-stop",
                STAYED: "tails.move.fully-blocked", ONE_SPACE: "tails.move.one-space-any-card",
                PORC: "tails.animal.porcupine"}
#: how a step may go: along any link (one-space), under the lane-change rules, or straight ahead
ANY, TOWARD, STRAIGHT = range(3)

Problem = Tuple[str, str]  # (rule id, reason)
#: answers of ``_most_points`` by (track, start, points, card lane, mode, other ostriches): a bounded cache
_MOST: Dict[tuple, Tuple[int, bool]] = {}


@dataclasses.dataclass(frozen=True)
class RouteVerdict:
    """Whether a route is legal; if not, the first step that breaks a rule.

    ``step`` counts the spaces of the route from 1 (``index`` from 0) and ``space``
    names it; both are None when the fault is not one step's (the card, a bonus,
    the arming at water holes). When legal, ``move`` is the matching move and
    ``moves`` every one (more than one only while ``arm``/``lose`` were left open),
    ``rule`` the rule the movement followed and ``route`` the route as
    ``game.routes`` lists it (dune shift included)."""

    legal: bool
    rule: str
    message: str
    step: Optional[int] = None
    space: Optional[str] = None
    move: Optional[Move] = None
    moves: Tuple[Move, ...] = ()
    route: Tuple[str, ...] = ()

    @property
    def index(self) -> Optional[int]:
        return None if self.step is None else self.step - 1

    def __str__(self) -> str:
        if self.legal:
            return f"Legal: {self.message} [{self.rule}]"
        where = f"step {self.step} ({self.space}): " if self.step is not None else ""
        return f"Not legal: {where}{self.message} [{self.rule}]"


class _Route:
    """One card played one way by the mover: everything the step checks read."""

    def __init__(self, game: "TailsGame", p: int, play: CardPlay, kind: str, neck: bool, leap: bool,
                 dune_optional: bool = False, turn: Optional[_Turn] = None):
        self.game, self.p, self.track = game, p, game.track
        #: a dune shift left out of the route means not following the arrow (tiptoe=True given)
        self.dune_optional = dune_optional
        self.turn = turn or _Turn(game, p)
        self.start, self.occ = self.turn.start, self.turn.occ
        self.play, self.kind, self.neck, self.leap = play, kind, neck, leap
        self.target, self.mode = play.target, play.mode
        self.points = play.value + play.bonus if kind == "normal" else 1
        self.holder = {game.state.pos[q]: q for q in range(game.players) if q != p and game.state.pos[q] != START}
        self._most: Optional[Tuple[int, bool]] = None

    def most(self) -> Tuple[int, bool]:
        """(the most points a normal route ending on the card lane can use, 0 if none;
        when that is not all of them, whether a porcupine can be reached): ``tails.move.blocked-stop``."""
        if self._most is None:
            key = (self.track, self.start, self.points, self.target, self.mode, self.occ)
            got = _MOST.get(key)
            if got is None:
                if len(_MOST) >= 4096:
                    _MOST.clear()
                got = _MOST[key] = _most_points(self)
            self._most = got
        return self._most

    def name(self, s: int) -> str:
        return self.track.names[s]


# -- the step rules ------------------------------------------------------------

def _cost(r: _Route, y: int) -> int:
    """Movement points to enter ``y``: quicksand costs 2 unless tiptoeing or Boinnnggg."""
    return 2 if r.mode == NORMAL and r.track.feat[y] & QUICKSAND else 1


def _step(r: _Route, x: int, y: int, left: int, how: int) -> Tuple[int, Optional[Problem]]:
    """(cost, None) if the ostrich may step from ``x`` to ``y`` with ``left`` points, else (0, why)."""
    track, name = r.track, r.name
    if how == STRAIGHT:
        ahead = track.forward(x, r.target)
        if y != ahead:
            return 0, ("tails.bonus.neck-stretch", f"Neck Stretch moves straight ahead along the lane, from "
                       f"{name(x)} to {name(ahead) if ahead >= 0 else 'nowhere'}, not to {name(y)}")
    else:
        kind = next((k for t, k in track.succ[x] if t == y), None)
        if kind is None:
            ahead = ", ".join(name(t) for t, _k in track.succ[x])
            return 0, ("tails.move.links", f"{name(y)} is not one step from {name(x)} along a guide line (forward "
                       f"or diagonally forward, never sideways or back); the next spaces are {ahead}")
        if how == TOWARD and not track.step_allowed(track.lane[x], y, kind, r.target):
            return 0, _lane_problem(r, x, y, kind)
    f = track.feat[y]
    if r.occ & track.bit[y] and not r.mode & BOING:
        return 0, ("tails.move.no-pass-through", f"{name(y)} holds {r.game.who(r.holder[y])}'s ostrich: a step "
                   "may not enter it")
    if r.mode == NORMAL and f & LION:
        return 0, ("tails.animal.lion", f"{name(y)} holds a lion: it may not be entered (only tiptoeing with a "
                   "'2' or Boinnnggg passes it)")
    cost = _cost(r, y)
    if cost > left:
        if r.kind == "one-space":
            return 0, ("tails.quicksand.one-space", f"{name(y)} is quicksand: a one-space move cannot pay 2 points "
                       "for it (only with a '2' card or Boinnnggg)")
        return 0, ("tails.quicksand.cost", f"{name(y)} is quicksand: entering it costs 2 movement points and only "
                   f"{left} is left")
    return cost, None


def _lane_problem(r: _Route, x: int, y: int, kind: int) -> Problem:
    track, target = r.track, LANES[r.target]
    if kind == BRIDGE_OUT:
        return "tails.bridge.exit-lane", f"leaving the rope bridge, a normal move must step onto the card lane " \
                                         f"({target}), not onto {r.name(y)}"
    if r.play.bonus:
        return "tails.move.bonus-no-lane-change", f"this move gets {r.play.bonus} bonus movement, so every step " \
                                                  f"stays on its starting lane ({LANES[track.lane[r.start]]})"
    if track.lane[x] == r.target:
        return "tails.move.toward-target-lane", f"the ostrich is on the card lane ({target}) and may not leave it"
    return "tails.move.toward-target-lane", f"{LANES[track.lane[x]]} to {LANES[track.lane[y]]} leads away from the " \
                                            f"card lane ({target}): every lane change must bring the ostrich closer"


def _end_problem(r: _Route, e: int) -> Optional[Problem]:
    """Why a movement (one not stopped by a porcupine) may not end on ``e``, or None."""
    track, where = r.track, r.name(e)
    f = track.feat[e]
    if r.occ & track.bit[e]:  # only Boinnnggg gets here: other moves never enter the space
        return "tails.bonus.boinnnggg", f"Boinnnggg jumps over ostriches but may not end on one: {where} holds " \
                                        f"{r.game.who(r.holder[e])}'s"
    if r.mode & BOING and not r.mode & TIPTOE and f & (LION | CROCODILE):
        return "tails.bonus.boinnnggg", f"Boinnnggg passes animals but may not end on a " \
                                        f"{'lion' if f & LION else 'crocodile'} ({where})"
    if r.mode == NORMAL and f & CROCODILE:
        return "tails.animal.crocodile", f"{where} holds a crocodile: a move may pass it but not end on it"
    lane = track.lane[e]
    if r.kind == "normal" and lane >= 0 and lane != r.target:
        if not track.bare_reach(r.start, r.points, r.target):
            return "tails.move.end-on-card-colour", f"a normal move ends on the card lane ({LANES[r.target]}), and " \
                f"{r.points} points cannot reach it from {r.name(r.start)} even on an empty track: the card is " \
                "only good for a one-space move"
        return "tails.move.end-on-card-colour", f"a normal move ends on the card lane ({LANES[r.target]}), not on " \
                                                f"{LANES[lane]}; only a one-space move may end elsewhere"
    return None


def _most_points(r: _Route) -> Tuple[int, bool]:
    """The most points a normal route ending on the card lane can use (porcupine stops
    aside), and whether some route can stop in a porcupine: by the step rules above."""
    feat, succ = r.track.feat, r.track.succ
    best, porc, seen = 0, False, set()

    def walk(x: int, left: int) -> None:
        nonlocal best, porc
        for y, _k in succ[x]:
            if best == r.points:  # full length: the search is over (and ``porc`` no longer matters)
                return
            cost, problem = _step(r, x, y, left, TOWARD)
            if problem or (y, left - cost) in seen:
                continue
            seen.add((y, left - cost))
            if r.mode == NORMAL and feat[y] & PORCUPINE:
                porc = True
                continue
            if _end_problem(r, y) is None:
                best = max(best, r.points - left + cost)
            if left > cost:
                walk(y, left - cost)

    walk(r.start, r.points)
    return best, porc


# -- explaining a route ----------------------------------------------------------

def explain_route(game: "TailsGame", card, spaces, **choices) -> RouteVerdict:
    """Is ``spaces`` (see the module docstring) a legal route for ``card`` with these
    ``choices`` (``Move`` fields: ``kind``, ``lane``, ``boinnnggg``, ``neck_stretch``,
    ``leapfrog``, ``arm``, ``lose``, ``warthog``...)? ``arm`` and ``lose`` left out
    mean "any way the route allows"; ``warthog`` left out is read off the route.
    Malformed input raises ``IllegalMove`` naming the field; a well-formed route
    that breaks a rule gets a verdict, never an exception."""
    path = _read_spaces(game, spaces)
    name, not_ours = _read_card(game, card)
    open_choices = {key: key not in choices for key in ("arm", "lose", "warthog")}
    probe = _read_choices(name, choices)
    if game.is_over:
        return _refused(game.end_rule, "the race is over: no more moves")
    p = game.current_player
    if not_ours and not_ours[0] != game.colours[p]:
        return _refused("tails.turn.play-card", f"{card} is player:{not_ours[0]}'s {name}, not a card of "
                        f"{game.who(p)} (player:{game.colours[p]})")
    err = (_wrong_player(game, p, probe) or _discard_decision(game, p, probe) or _what_is_played(game, p, probe)
           or _bonuses_used(game, p, probe))
    if err is not None:
        return _refused(err.rule_id, err.reason)
    two = _card_lane_and_value(game, p, probe)[1] == TIPTOE_VALUE and probe.card != "crazy-wings"
    if probe.tiptoe and not two:
        return _refused("tails.tiptoe.ignore", "only a '2' card tiptoes")
    if path and path[0] == game.state.pos[p]:
        path = path[1:]  # the ostrich's own space: not a step
    readings = _readings(game, p, probe, two, "tiptoe" in choices)
    return _read(readings, path, None if open_choices["arm"] else probe.arm,
                 None if open_choices["lose"] else probe.lose, None if open_choices["warthog"] else probe.warthog)


def _readings(game: "TailsGame", p: int, probe: Move, two: bool, given: bool) -> List[_Route]:
    """How to read a route: as ``tiptoe`` says if given (then a dune shift left out is not followed),
    else without tiptoeing and, with a '2', tiptoeing (``tails.tiptoe.ignore``: the player may)."""
    if given or not two:
        return [_route_for(game, p, probe, probe.tiptoe, given and probe.tiptoe)]
    return [_route_for(game, p, probe, False), _route_for(game, p, probe, True)]


def _read(readings: Sequence[_Route], path: Sequence[int], arm, lose, warthog) -> RouteVerdict:
    """The verdict of the first reading that makes the route legal, else the refusal that got
    furthest along the route."""
    refusal = None
    for r in readings:
        verdict = _judge(r, path, arm, lose, warthog)
        if verdict.legal:
            return verdict
        if refusal is None or (verdict.step or 0) > (refusal.step or 0):
            if r is not readings[0]:
                verdict = dataclasses.replace(verdict, message="even tiptoeing with the '2': " + verdict.message)
            refusal = verdict
    return refusal


def _refused(rule: str, message: str, step: Optional[int] = None, space: Optional[str] = None) -> RouteVerdict:
    return RouteVerdict(False, rule, message, step, space)


def _read_spaces(game: "TailsGame", spaces) -> List[int]:
    if not isinstance(spaces, (list, tuple)):
        raise IllegalMove("tails.turn.steps", f"spaces: expected a list of space names such as 'T03:blue:2', got "
                          f"{safe_repr(spaces)}")
    out = []
    for i, s in enumerate(spaces):
        if type(s) is not str:
            raise IllegalMove("tails.turn.steps", f"spaces[{i}]: expected a space name such as 'T03:blue:2', got "
                              f"{safe_repr(s)}")
        if s not in game.track.by_name:
            raise IllegalMove("tails.move.links", f"spaces[{i}]: there is no space {safe_repr(s)} on this course "
                              "(names read like 'T03:blue:2', 'T04:bridge:0')")
        out.append(game.track.by_name[s])
    return out


def _read_card(game: "TailsGame", card) -> Tuple[str, Optional[Tuple[str, int]]]:
    """The move's card name, and (owner colour, code) when given as a GAMES.md id."""
    if type(card) is str and (card in CARD_CODES or card in ("crazy-wings", "deja-vu")):
        return card, None
    if type(card) is str and card in CARD_IDS:
        owner, code = CARD_IDS[card]
        return CARD_NAMES[code], (owner, code)
    raise IllegalMove("tails.move.card", f"card: {safe_repr(card)} is not a card: cards read like 'yellow-5' (or "
                      "a GAMES.md id such as 'M001'), or 'crazy-wings' / 'deja-vu'")


def _read_choices(name: str, choices: Dict[str, object]) -> Move:
    """A move with the card and choices (no end yet); raises ``IllegalMove`` naming a bad field."""
    fields = {}
    for key, value in choices.items():
        if key not in CHOICES:
            raise IllegalMove("tails.turn.steps", f"{key}: not a move option; the options are {', '.join(CHOICES)}")
        if key in ("arm", "lose") and isinstance(value, list):
            value = tuple(value)
        if key in ("arm", "lose") and type(value) is tuple and all(type(v) is str for v in value):
            value = tuple(sorted(value))
        fields[key] = value
    probe = Move(name, None, **fields)
    bad = bad_field(probe)
    if bad is not None:
        raise IllegalMove("tails.turn.steps", f"{bad[0]}: {bad[1]}")
    if probe.kind == "discard":
        raise IllegalMove("tails.turn.steps", "kind: a route is a 'normal' or a 'one-space' move, not a discard")
    err = _unknown_names(probe)
    if err is not None:
        field = {"tails.turn.steps": "kind", "tails.bonus.crazy-wings": "lane"}.get(err.rule_id, "")
        raise err if not field or err.reason.startswith(field) else IllegalMove(err.rule_id, f"{field}: {err.reason}")
    return probe


def _route_for(game: "TailsGame", p: int, probe: Move, tiptoe: bool, dune_optional: bool = False) -> _Route:
    """The card play (lane, value, bonus movement, mode) of a move whose card the player can play,
    read tiptoeing or not."""
    target, value = _card_lane_and_value(game, p, probe)
    turn = _Turn(game, p)
    if probe.card == "crazy-wings":
        key, play, code = 20 + target, WINGS, -1
    elif probe.card == "deja-vu":
        key, play, code = 24, DEJA, game.state.discards[p][-1]
    else:
        key, play, code = CARD_CODES[probe.card], CARD, CARD_CODES[probe.card]
    mode = (BOING if probe.boinnnggg else NORMAL) | (TIPTOE if tiptoe else NORMAL)  # they combine: BOING_TIPTOE
    cp = card_play(key, probe.card, play, code, target, value, turn.bonus_for(target), mode, probe.lane)
    return _Route(game, p, cp, probe.kind, probe.neck_stretch, probe.leapfrog, dune_optional, turn)


class _Walked:
    """The movement part of a route, once its steps are checked."""

    def __init__(self, k: int, end: int, used: int, water: int, cheetahs: int, warthog: bool, ending: Ending):
        self.k, self.end, self.used, self.ending = k, end, used, ending
        self.route_end = RouteEnd(end, water, cheetahs, warthog, ending)


def _judge(r: _Route, path: Sequence[int], arm, lose, warthog) -> RouteVerdict:
    """The verdict on ``path`` (space ids, own space excluded); ``arm``/``lose``/``warthog`` None: open."""
    if not path:
        if r.kind == "normal":
            return _stay_put(r, arm, lose, warthog)
        return _refused("tails.move.one-space-any-card", "a one-space move is one step along a guide line: the "
                        "route names no space")
    walked = _walk(r, path)
    if isinstance(walked, RouteVerdict):
        return walked
    after = _after_steps(r, path, walked)
    if isinstance(after, RouteVerdict):
        return after
    return _the_move(r, path, walked, after, arm, lose, warthog)


def _bad(r: _Route, path: Sequence[int], i: int, problem: Problem) -> RouteVerdict:
    """A refusal at ``path[i]`` (0-based)."""
    return _refused(problem[0], problem[1], i + 1, r.name(path[i]))


def _walk(r: _Route, path: Sequence[int]):
    """Check the movement steps one by one: a ``_Walked``, or the verdict on the first bad step."""
    feat = r.track.feat
    best, _porc = r.most() if r.kind == "normal" else (1, False)
    need = r.points if r.kind == "one-space" or best == r.points else best
    how = ANY if r.kind == "one-space" else TOWARD
    x, used, water, cheetahs, warthog = r.start, 0, 0, 0, False
    for i, y in enumerate(path):
        cost, problem = _step(r, x, y, r.points - used, how)
        if problem:
            return _bad(r, path, i, problem)
        x, used = y, used + cost
        f = feat[y]
        water += 1 if f & WATER else 0
        if r.mode == NORMAL:
            cheetahs += 1 if f & CHEETAH else 0
            warthog = warthog or bool(f & WARTHOG)
            if f & PORCUPINE:
                return _Walked(i + 1, y, used, water, cheetahs, warthog, PORC)
        if r.kind == "one-space":
            problem = _end_problem(r, y)
            if problem:
                return _bad(r, path, i, problem)
            return _Walked(1, y, used, water, cheetahs, warthog, ONE_SPACE)
        if used >= need and (need == r.points or not _porcupine_ahead(r, x, r.points - used, path[i + 1:])):
            if used > need:  # quicksand took it past the most a blocked move may use
                return _bad(r, path, i, ("tails.move.blocked-stop", _blocked_words(r, best)))
            problem = _end_problem(r, y)
            if problem and need < r.points and i + 1 < len(path):
                return _beyond(r, path, i + 1, y, used, best)  # it cannot stop here, and does not
            if problem:
                return _bad(r, path, i, problem)
            return _Walked(i + 1, y, used, water, cheetahs, warthog, FULL if need == r.points else BLOCKED)
    problem = _short(r, used, best)
    return _bad(r, path, len(path) - 1, problem)


def _beyond(r: _Route, path: Sequence[int], j: int, x: int, used: int, best: int, hint: str = "") -> RouteVerdict:
    """A blocked move's route going on from ``path[j]`` past the most points it may use: the
    first rule its further steps break, else the end it may not have, else too many steps."""
    left = r.points - used
    for i in range(j, len(path)):
        if left <= 0:
            break
        cost, problem = _step(r, x, path[i], left, TOWARD)
        if problem:
            return _bad(r, path, i, problem)
        x, left = path[i], left - cost
        if i == len(path) - 1 and not (r.mode == NORMAL and r.track.feat[x] & PORCUPINE):
            problem = _end_problem(r, x)
            if problem:
                return _bad(r, path, i, problem)
    return _bad(r, path, j, ("tails.move.blocked-stop", _blocked_words(r, best) + f"; {r.name(path[j])} is one "
                             f"step too many{hint}"))


def _porcupine_ahead(r: _Route, x: int, left: int, rest: Sequence[int]) -> bool:
    """Do the next spaces of a blocked move go on, by legal steps, into a porcupine (which
    may end any move, ``tails.animal.porcupine``)?"""
    if r.mode != NORMAL:
        return False
    for y in rest:
        cost, problem = _step(r, x, y, left, TOWARD)
        if problem:
            return False
        if r.track.feat[y] & PORCUPINE:
            return True
        x, left = y, left - cost
    return False


def _blocked_words(r: _Route, best: int) -> str:
    if not best:
        lane = LANES[r.target]
        if not r.track.bare_reach(r.start, r.points, r.target):
            return (f"{r.points} points cannot reach the {lane} lane from {r.name(r.start)} even on an empty track: "
                    "the card is only good for a one-space move")
        return (f"no route of {r.points} points can end on the {lane} lane here: the card can only be played for a "
                "one-space move (or into a porcupine)")
    return (f"the move is blocked: it must use the most points a route to the {LANES[r.target]} lane can use here, "
            f"{best} of {r.points}")


def _short(r: _Route, used: int, best: int) -> Problem:
    """Why a route that stops with points left is refused."""
    if best < r.points:
        return "tails.move.blocked-stop", _blocked_words(r, best) + f"; this route stops after {used}"
    bonus = f" ({r.play.value} + {r.play.bonus} bonus)" if r.play.bonus else ""
    return "tails.move.exact-distance", f"the move uses exactly {r.points} movement points{bonus}; this route " \
                                        f"stops after {used}"


def _after_steps(r: _Route, path: Sequence[int], w: _Walked):
    """Neck Stretch, Leapfrog and the dune arrow after the steps: (route end, landed, final,
    dune shift listed, spaces read), or the verdict on the first space that is wrong."""
    j, n = w.k, len(path)
    if w.ending == PORC:
        if r.neck or r.leap:
            what = "Neck Stretch" if r.neck else "Leapfrog"
            return _bad(r, path, w.k - 1, ("tails.animal.porcupine", f"{r.name(w.end)} holds a porcupine: the move "
                                           f"ends there at once, with no {what} after it"))
        if j < n:
            return _bad(r, path, j, ("tails.animal.porcupine", f"{r.name(w.end)} holds a porcupine: the move ends "
                                     "there at once and nothing more moves the ostrich this turn"))
        return w.route_end, w.end, w.end, False, j
    reached, neck_porc = w.route_end, False
    if r.neck:
        steps, neck_porc, reached = _neck_stretch(r.turn, r.play, w.route_end)
        if not steps:
            return _bad(r, path, w.k - 1, ("tails.bonus.neck-stretch", f"Neck Stretch cannot move on from "
                                           f"{r.name(w.end)}: the space ahead along the lane is blocked"))
        x = w.end
        for t in steps:
            if j >= n or path[j] != t:
                return _neck_refusal(r, path, j, x, t)
            x, j = t, j + 1
    landed = reached.end
    if r.leap:
        if neck_porc:
            return _bad(r, path, j - 1, ("tails.animal.porcupine", f"{r.name(landed)} holds a porcupine: the move "
                                         "ends there, with no Leapfrog after it"))
        to = _leapfrog(r.turn, r.mode, landed, r.target)
        if to < 0 or j >= n or path[j] != to:
            return _leap_refusal(r, path, j, landed, to)
        landed, j = to, j + 1
    dune_to = -1 if neck_porc else _final_dune(r.turn, r.play, reached, landed)
    final, listed = landed, False
    if dune_to >= 0 and dune_to != landed:
        listed = j < n and path[j] == dune_to
        if listed:
            j += 1
        if listed or not r.dune_optional:
            final = dune_to
    if j < n:
        return _extra(r, path, j, w, landed, dune_to)
    return reached, landed, final, listed, j


def _neck_refusal(r: _Route, path: Sequence[int], j: int, x: int, expected: int) -> RouteVerdict:
    """The route's Neck Stretch differs from the one the rules give, at ``path[j]``."""
    if j >= len(path):
        return _bad(r, path, j - 1, ("tails.bonus.neck-stretch", f"Neck Stretch moves 2 more steps along the lane "
                                     f"when it can: on to {r.name(expected)}"))
    _cost_, problem = _step(r, x, path[j], 2, STRAIGHT)
    return _bad(r, path, j, problem or ("tails.bonus.neck-stretch", f"Neck Stretch moves 2 more steps straight "
                                        f"ahead, as far as it can: to {r.name(expected)}, not {r.name(path[j])}"))


def _leap_refusal(r: _Route, path: Sequence[int], j: int, landed: int, to: int) -> RouteVerdict:
    """Leapfrog is not allowed, or lands elsewhere than ``path[j]``."""
    i = min(j, len(path) - 1)
    if to >= 0:
        return _bad(r, path, i, ("tails.bonus.leapfrog", f"Leapfrog jumps the ostriches directly ahead to the first "
                                 f"free space along the lane: {r.name(to)}"))
    track = r.track
    t = track.forward(landed, r.target)
    if t < 0 or not r.occ & track.bit[t]:
        return _bad(r, path, i, ("tails.bonus.leapfrog", f"Leapfrog needs an ostrich directly ahead of "
                                 f"{r.name(landed)} along the lane"))
    while t >= 0 and r.occ & track.bit[t]:
        t = track.forward(t, r.target)
    where = r.name(t) if t >= 0 else "the end of the track"
    return _bad(r, path, i, ("tails.bonus.leapfrog-no-animal", f"the Leapfrog would land on {where}, which holds an "
                             "animal"))


def _extra(r: _Route, path: Sequence[int], j: int, w: _Walked, landed: int, dune_to: int) -> RouteVerdict:
    """A space after the move is over."""
    y, track = path[j], r.track
    linked = any(t == y for t, _k in track.succ[landed])
    hint = ""
    if r.turn.neck and not r.neck and y == track.forward(landed, r.target):
        hint = " (Neck Stretch could take it: neck_stretch=True)"
    elif r.turn.leap and not r.leap and y == _leapfrog(r.turn, r.mode, landed, r.target):
        hint = " (a Leapfrog lands there: leapfrog=True)"
    if dune_to == landed and y == dune_shift(r.track, landed, r.target, 0):
        return _bad(r, path, j, ("tails.dune.blocked", f"the dune arrow on {r.name(landed)} points at {r.name(y)}, "
                                 "which is taken: the arrow is ignored and the ostrich stays"))
    if not linked:
        return _bad(r, path, j, ("tails.move.links", f"{r.name(y)} is not one step from {r.name(landed)} along a "
                                 f"guide line{hint}"))
    if r.kind == "one-space":
        return _bad(r, path, j, ("tails.move.one-space-any-card", f"a one-space move is exactly one step{hint}"))
    best = r.most()[0]
    if best < r.points and landed == w.end:
        return _beyond(r, path, j, landed, w.used, best, hint)
    if best < r.points:
        return _bad(r, path, j, ("tails.move.blocked-stop", _blocked_words(r, best) + f"; {r.name(y)} is one step "
                                 f"too many{hint}"))
    return _bad(r, path, j, ("tails.move.exact-distance", f"the move's {r.points} movement points are used up on "
                             f"{r.name(landed)}: {r.name(y)} is one step too many{hint}"))


def _the_move(r: _Route, path: Sequence[int], w: _Walked, after, arm, lose, warthog) -> RouteVerdict:
    """Every route step is fine: the move(s) it makes, with the bonus choices it allows."""
    reached, landed, final, listed, _j = after
    water = reached.water + (1 if r.leap and r.track.feat[landed] & WATER else 0)  # tails.bonus.leapfrog-landing
    if warthog is not None and warthog != reached.warthog:
        return _refused("tails.animal.warthog", "warthog=True marks a route through a warthog space; this one "
                        + ("enters one" if reached.warthog else "enters none"))
    used = {0} if r.mode & BOING or r.leap else set()
    if r.play.play != CARD:
        used.add(1)
    if r.neck:
        used.add(2)
    faces = r.game.faces
    options = [(tuple(sorted(faces[i] for i in a)), tuple(sorted(faces[i] for i in lost)))
               for a, lost in _bonus_choices(r.game.state.bonuses[r.p], water, reached.cheetahs, used)]
    chosen = [(a, lost) for a, lost in options if (arm is None or a == arm) and (lose is None or lost == lose)]
    if not chosen:
        return _choice_refusal(water, reached.cheetahs, options, arm)
    moves = tuple(dict.fromkeys(_named(r, Move(
        r.play.card, r.name(final), kind=r.kind, lane=r.play.lane, arm=a, lose=lost, warthog=reached.warthog,
        boinnnggg=bool(r.mode & BOING), neck_stretch=r.neck, leapfrog=r.leap, tiptoe=bool(r.mode & TIPTOE)))
        for a, lost in chosen))
    route = tuple(r.name(s) for s in path) + ((r.name(final),) if final != landed and not listed else ())
    rule = ENDING_RULES[w.ending]
    how = {FULL: f"{w.used} movement points", BLOCKED: f"blocked: the most points it can use, {w.used}",
           ONE_SPACE: "one space", PORC: "stopped by the porcupine"}[w.ending]
    more = f" (or {len(moves) - 1} other way{'s' if len(moves) > 2 else ''} to arm or lose bonuses)" \
        if len(moves) > 1 else ""
    return RouteVerdict(True, rule, f"{moves[0]}: {how}{more}", move=moves[0], moves=moves, route=route)


def _named(r: _Route, move: Move) -> Move:
    """A tiptoe move that does nothing the same play without tiptoeing does not is that move: the
    engine lists it once, without ``tiptoe`` (``generate.untiptoed``)."""
    plain = untiptoed(move) if move.tiptoe else move
    return plain if plain is not move and r.game.is_legal(plain) else move


def _choice_refusal(water: int, cheetahs: int, options, arm) -> RouteVerdict:
    counts = sorted({len(a) for a, _l in options})
    if arm is not None and len(arm) not in counts:
        return _refused("tails.water.count", f"this route enters {water} water-hole space(s), so it arms "
                        f"{' or '.join(map(str, counts))} bonus card(s): one per water hole while a card without "
                        "a marker is left")
    if arm is not None and not any(a == arm for a, _l in options):
        return _refused("tails.water.gain-marker", "a water hole arms one of your own bonus cards that has no "
                        "marker yet: " + "; ".join(sorted({"+".join(a) or "none" for a, _l in options})))
    return _refused("tails.animal.cheetah", f"this route enters {cheetahs} cheetah space(s); each takes one bonus "
                    "card, activated ones first: choose from "
                    + "; ".join(sorted({"+".join(lost) or "none" for _a, lost in options})))


def _stay_put(r: _Route, arm, lose, warthog) -> RouteVerdict:
    """An empty route: staying put, only when nothing at all can move (``tails.move.fully-blocked``)."""
    if not _fully_blocked(r.game, r.p):
        return _refused("tails.move.fully-blocked", "a route needs at least one step: staying put is only allowed "
                        "when no card in hand allows any move, not even a one-space move")
    if r.play.play != CARD or r.mode != NORMAL or r.neck or r.leap or arm or lose or warthog:
        return _refused("tails.move.fully-blocked", "when nothing can move, the player plays a card from the hand, "
                        "with no bonus, and the ostrich stays where it is")
    stay = RouteEnd(r.start, 0, 0, False, STAYED)
    dune_to = _final_dune(r.turn, r.play, stay, r.start) if r.track.dune[r.start] else -1
    final = r.start if dune_to < 0 else dune_to
    move = Move(r.play.card, r.name(final))
    route = (r.name(final),) if final != r.start else ()
    return RouteVerdict(True, "tails.move.fully-blocked", f"{move}: no card allows any move, so the ostrich stays",
                        move=move, moves=(move,), route=route)


def _fully_blocked(game: "TailsGame", p: int) -> bool:
    """Does no card in hand (nor Crazy Wings, nor Déjà vu) allow any move, by the step rules?"""
    turn = _Turn(game, p)
    for play in _card_plays(game, turn):
        for kind in ("normal",) if play.play == WINGS else ("normal", "one-space"):
            r = _Route(game, p, play, kind, False, False, turn=turn)
            if kind == "normal" and any(r.most()):
                return False
            if kind == "one-space" and any(_one_step_ok(r, y) for y, _k in r.track.succ[r.start]):
                return False
    return True


def _one_step_ok(r: _Route, y: int) -> bool:
    _c, problem = _step(r, r.start, y, 1, ANY)
    return problem is None and (r.mode == NORMAL and r.track.feat[y] & PORCUPINE or _end_problem(r, y) is None)


# -- the routes of a legal move -------------------------------------------------------

def move_routes(game: "TailsGame", move) -> Tuple[Tuple[str, ...], ...]:
    """The distinct routes behind a legal ``move`` (see the module docstring for the
    format: own space excluded, dune shift included), ``game.route(move)`` among them,
    in track order; a discard has none. An illegal move raises the kit's ``IllegalMove``.
    The routes of a move without ``tiptoe`` played with a '2' include the tiptoe routes
    that do nothing more (the engine names those moves without ``tiptoe``)."""
    if game.is_over:
        raise IllegalMove(game.end_rule, "the race is over: no more moves", move)
    legal = game._match(move)
    if legal is None:
        raise game._why_not(move)
    if legal.kind == "discard":
        return ()
    p, plan, track = game.current_player, game._plan(legal), game.track
    probe = Move(legal.card, None, **{key: getattr(legal, key) for key in CHOICES})
    two = plan.card.value == TIPTOE_VALUE and plan.card.play != WINGS
    readings = _readings(game, p, probe, two, legal.tiptoe)
    finish = plan.finish
    tail = list(finish.neck_steps) + ([finish.leap_to] if finish.leap_to >= 0 else [])
    landed = tail[-1] if tail else plan.route.end
    if finish.dune_to >= 0 and finish.dune_to != landed:
        tail.append(finish.dune_to)
    found = set()
    for mask in _candidates(readings, plan):
        verdict = _read(readings, list(steps_of(mask)) + tail, legal.arm, legal.lose, legal.warthog)
        if verdict.legal and legal in verdict.moves:
            found.add(tuple(track.by_name[s] for s in verdict.route))
    return tuple(tuple(track.names[s] for s in route) for route in sorted(found))


def _candidates(readings: Sequence[_Route], plan) -> set:
    """Route masks that may lead to the plan's move: the plan's own and, from the track's
    route tables for each reading, every route with the same end and ending."""
    ending, end, card = plan.route.ending, plan.route.end, plan.card
    out = {plan.mask}
    if ending in (ONE_SPACE, STAYED):
        return out
    mine = next((r for r in readings if r.mode == card.mode), readings[0])
    s, track = mine.start, mine.track
    points = {card.value + card.bonus}
    if ending == BLOCKED:
        points.add(sum(_cost(mine, t) for t in steps_of(plan.mask)))
    for r in readings:
        for n in points:
            routes = track.routes(s, n, card.target, r.mode)
            groups = routes[2:2 + routes[1]] if ending in (FULL, BLOCKED) else routes[2 + routes[1]:]
            for group in groups:
                if group[0].end == end:
                    out.update(m << s for m in group[1:])
    return out
