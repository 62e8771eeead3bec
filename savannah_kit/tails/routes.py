"""Savannah Tails routes you can point at: is this exact path of spaces a legal move?

``explain_route`` (``game.explain_route(card, spaces, **choices)``) walks a route the way the rules read, one
step at a time, and says which step first breaks which rule; ``move_routes`` (``game.routes(move)``) lists the
distinct routes behind a legal move, for drawing on a board.

**Route format.** A route is the names of the spaces the ostrich enters, in order, *its own space excluded*,
exactly as ``game.route(move)`` gives them: the movement steps (card points and bonus movement, or the one space
of a one-space move), then Neck Stretch's steps, then the Leapfrog landing, then the space a dune arrow shifts
the ostrich to. When explaining, two shortcuts are accepted: the ostrich's own space may lead the list (a click
on the ostrich), and the dune shift may be left out (the arrow applies anyway, ``tails.dune.arrow``), except
that with ``tiptoe=True`` given, following the arrow is the player's choice (kit ruling K8) and leaving it out
means not following it. The route of a move that stays put is empty.

**Tiptoeing.** A '2' may be played tiptoeing or not (K8). With ``tiptoe`` left out, a route is read without
tiptoeing first and, if that refuses it, tiptoeing; ``tiptoe=True`` / ``False`` reads it one way only. Moves are
named as the engine names them: a tiptoe move that does nothing the same play without tiptoeing does not is that
move, without ``tiptoe``; so ``routes`` of such a move includes the tiptoe routes that lead to it.

Each step is judged by the step rules (``step``): links and lanes, what stands on the space, what entering it
costs. What follows the steps (Neck Stretch, the Leapfrog landing, the dune arrow, the bonus choices at water
holes and cheetahs) is the move generator's own code. The verdict does not ask the generator whether the move is
legal, so the two can be checked against each other (the tests do).
"""

from __future__ import annotations

import dataclasses
from typing import Dict, List, Optional, Sequence, Tuple

from ..core.errors import IllegalMove
from ..core.fields import bad_field, safe_repr
from ..core.game import PlannedMoves
from .data import CARD_CODES, CARD_NAMES, LANES, TIPTOE_VALUE, Ending, Mode, PlayKind, need
from .explain import check_play, unknown_names
from .generate import (Turn, bonus_choices, card_play, face_names, final_dune, landing_counts, play_modes, played,
                       spent, stretched, things, untiptoed)
from .moves import CardPlay, Move, Plan
from .scenario import CARD_IDS
from .state import Race, TailsState
from .step import (cost_of, dune_shift, effects, end_problem, entry, leap_landing, leap_problem, link_problem, most_points,
                   one_space_ends, points_used, route_set, step_problem, straight_problem, water_at)
from .track import ANY, RouteEnd, steps_of

NORMAL, TIPTOE, BOING = Mode
FULL, BLOCKED, STAYED, ONE_SPACE, PORC = Ending
CARD, WINGS, DEJA = PlayKind

#: the fields of ``Move`` a route's choices may set (the card and the end come from the route)
CHOICES = tuple(f.name for f in dataclasses.fields(Move) if f.name not in ("card", "to", "discard"))
#: how a movement ended -> the rule a legal route of it follows
ENDING_RULES = {FULL: "tails.move.exact-distance", BLOCKED: "tails.move.blocked-stop",
                STAYED: "tails.move.fully-blocked", ONE_SPACE: "tails.move.one-space-any-card",
                PORC: "tails.animal.porcupine"}

Problem = Tuple[str, str]  # (rule id, reason)


@dataclasses.dataclass(frozen=True)
class RouteVerdict:
    """Whether a route is legal; if not, the first step that breaks a rule.

    ``step`` counts the spaces of the route from 1 and ``space`` names it; both are None when the fault is not one
    step's (the card, a bonus, the arming at water holes). When legal, ``move`` is the matching move and ``moves``
    every one (more than one only while ``arm``/``lose`` were left open), ``rule`` the rule the movement followed
    and ``route`` the route as ``game.routes`` lists it (dune shift included)."""

    legal: bool
    rule: str
    message: str
    step: Optional[int] = None
    space: Optional[str] = None
    move: Optional[Move] = None
    moves: Tuple[Move, ...] = ()
    route: Tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.legal:
            return f"Legal: {self.message} [{self.rule}]"
        where = f"step {self.step} ({self.space}): " if self.step is not None else ""
        return f"Not legal: {where}{self.message} [{self.rule}]"


class _Route:
    """One card played one way by the mover: everything the step checks read."""

    def __init__(self, turn: Turn, legal: PlannedMoves, play: CardPlay, kind: str, neck: bool, leap: bool,
                 dune_optional: bool = False):
        self.turn, self.legal, self.track, self.start, self.occ = turn, legal, turn.track, turn.start, turn.occ
        self.dune_optional = dune_optional  # a dune shift left out of the route is not followed (tiptoe=True given)
        self.play, self.kind, self.neck, self.leap = play, kind, neck, leap
        self.target, self.mode = play.target, play.mode
        self.points = play.value + play.bonus if kind == "normal" else 1
        self.holder = turn.race.holders(turn.state, turn.p)
        self._most: Optional[int] = None

    def most(self) -> int:
        """The points the movement must use (``tails.move.blocked-stop``; 0: it cannot end on its lane)."""
        if self._most is None:
            self._most = most_points(self.track, self.start, self.points, self.target, self.mode, self.occ)
        return self._most

    def name(self, s: int) -> str:
        return self.track.names[s]

    def step(self, x: int, y: int, left: int, last: bool) -> Optional[Problem]:
        """Why the movement may not step from ``x`` to ``y`` with ``left`` points (``last``: ending there)."""
        target = ANY if self.kind == "one-space" else self.target
        return (link_problem(self.track, x, y, target, self.play.bonus, self.start)
                or step_problem(self.track, y, left, self.mode, self.occ, self.holder, last, target))

    def end(self, y: int) -> Optional[Problem]:
        """Why the movement may not end on ``y`` (what stands there, or its lane)."""
        problem = end_problem(self.track, y, self.mode, self.occ, self.holder)
        lane = self.track.lane[y]
        if problem or self.kind != "normal" or lane < 0 or lane == self.target:
            return problem
        if not self.track.bare_reach(self.start, self.points, self.target):
            return "tails.move.end-on-card-colour", f"a normal move ends on the card lane ({LANES[self.target]}), " \
                f"and {self.points} points cannot reach it from {self.name(self.start)} even on an empty track: " \
                "the card is only good for a one-space move"
        return "tails.move.end-on-card-colour", f"a normal move ends on the card lane ({LANES[self.target]}), not " \
                                                f"on {LANES[lane]}; only a one-space move may end elsewhere"


# -- explaining a route ----------------------------------------------------------

def explain_route(state: TailsState, race: Race, legal: PlannedMoves, card, spaces, **choices) -> RouteVerdict:
    """Is ``spaces`` (see the module docstring) a legal route for ``card`` with these ``choices`` (``Move`` fields:
    ``kind``, ``lane``, ``boinnnggg``, ``neck_stretch``, ``leapfrog``, ``arm``, ``lose``, ``warthog``...), the
    ``legal`` moves being those of the position? ``arm`` and ``lose`` left out mean "any way the route allows";
    ``warthog`` left out is read off the route. Malformed input raises ``IllegalMove`` naming the field; a
    well-formed route that breaks a rule gets a verdict, never an exception."""
    path = _read_spaces(race.track, spaces)
    name, not_ours = _read_card(card)
    probe = _read_choices(name, choices)
    if state.over:
        return _refused("tails.end.trigger", "the race is over: no more moves")
    p = state.order[state.turn]
    if not_ours and not_ours[0] != race.colours[p]:
        return _refused("tails.turn.play-card", f"{card} is player:{not_ours[0]}'s {name}, not a card of "
                        f"{race.who(p)} (player:{race.colours[p]})")
    err = check_play(state, race, p, probe)
    if err is not None:
        return _refused(err.rule_id, err.reason)
    two = played(state, probe).value == TIPTOE_VALUE  # Crazy Wings is a 4
    if probe.tiptoe and not two:
        return _refused("tails.tiptoe.ignore", "only a '2' card tiptoes")
    if path and path[0] == state.pos[p]:
        path = path[1:]  # the ostrich's own space: not a step
    readings = _readings(Turn(state, race, p), legal, probe, two, "tiptoe" in choices)
    return _read(readings, path, *(getattr(probe, key) if key in choices else None for key in ("arm", "lose", "warthog")))


def _readings(turn: Turn, legal: PlannedMoves, probe: Move, two: bool, given: bool) -> List[_Route]:
    """How to read a route: as ``tiptoe`` says if given (then a dune shift left out is not followed),
    else without tiptoeing and, with a '2', tiptoeing (``tails.tiptoe.ignore``: the player may)."""
    ways = [(probe.tiptoe, given and probe.tiptoe)] if given or not two else [(False, False), (True, False)]
    return [_Route(turn, legal, card_play(turn.state, turn.race, probe, tiptoe), probe.kind, probe.neck_stretch,
                   probe.leapfrog, dune_optional) for tiptoe, dune_optional in ways]


def _read(readings: Sequence[_Route], path: Sequence[int], arm, lose, warthog) -> RouteVerdict:
    """The verdict of the first reading that makes the route legal, listing the moves of every
    reading that does, else the refusal that got furthest along the route."""
    refusal, legal = None, []
    for r in readings:
        verdict = _judge(r, path, arm, lose, warthog)
        if verdict.legal:
            legal.append(verdict)
            continue
        if refusal is None or (verdict.step or 0) > (refusal.step or 0):
            if r is not readings[0]:
                verdict = dataclasses.replace(verdict, message="even tiptoeing with the '2': " + verdict.message)
            refusal = verdict
    if legal:
        moves = tuple(dict.fromkeys(m for verdict in legal for m in verdict.moves))
        return dataclasses.replace(legal[0], moves=moves)
    return refusal


def _refused(rule: str, message: str, step: Optional[int] = None, space: Optional[str] = None) -> RouteVerdict:
    return RouteVerdict(False, rule, message, step, space)


def _read_spaces(track, spaces) -> List[int]:
    need(isinstance(spaces, (list, tuple)), "tails.turn.steps",
         f"spaces: expected a list of space names such as 'T03:blue:2', got {safe_repr(spaces)}", IllegalMove)
    for i, s in enumerate(spaces):
        need(type(s) is str, "tails.turn.steps",
             f"spaces[{i}]: expected a space name such as 'T03:blue:2', got {safe_repr(s)}", IllegalMove)
        need(s in track.by_name, "tails.move.links", f"spaces[{i}]: there is no space {safe_repr(s)} on this course "
             "(names read like 'T03:blue:2', 'T04:bridge:0')", IllegalMove)
    return [track.by_name[s] for s in spaces]


def _read_card(card) -> Tuple[str, Optional[Tuple[str, int]]]:
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
        need(key in CHOICES, "tails.turn.steps", f"{key}: not a move option; the options are {', '.join(CHOICES)}",
             IllegalMove)
        if key in ("arm", "lose") and isinstance(value, list):
            value = tuple(value)
        if key in ("arm", "lose") and type(value) is tuple and all(type(v) is str for v in value):
            value = tuple(sorted(value))
        fields[key] = value
    probe = Move(name, None, **fields)
    bad = bad_field(probe)
    if bad is not None:
        raise IllegalMove("tails.turn.steps", f"{bad[0]}: {bad[1]}")
    err = unknown_names(probe)
    if err is not None:
        field = {"tails.turn.steps": "kind", "tails.bonus.crazy-wings": "lane"}.get(err.rule_id, "")
        raise err if not field or err.reason.startswith(field) else IllegalMove(err.rule_id, f"{field}: {err.reason}")
    return probe


class _Walked:
    """The movement part of a route, once its steps are checked."""

    def __init__(self, k: int, end: int, used: int, water: int, cheetahs: int, warthog: bool, ending: Ending):
        self.k, self.end, self.used, self.ending = k, end, used, ending
        self.route_end = RouteEnd(end, water, cheetahs, warthog, ending)


def _judge(r: _Route, path: Sequence[int], arm, lose, warthog) -> RouteVerdict:
    """The verdict on ``path`` (space ids, own space excluded); ``arm``/``lose``/``warthog`` None: open.
    Where the movement could end on a space or go on through it (Boinnnggg's quicksand costs 2
    only where the move ends), the route is read going on, then, if that fails, ending there."""
    if not path:
        if r.kind == "normal":
            return _stay_put(r, arm, lose, warthog)
        return _refused("tails.move.one-space-any-card", "a one-space move is one step along a guide line: the "
                        "route names no space")
    verdict, fork = _judge_walk(r, path, arm, lose, warthog, -1)
    if not verdict.legal and fork >= 0:
        other, _fork = _judge_walk(r, path, arm, lose, warthog, fork)
        if other.legal:
            return other
    return verdict


def _judge_walk(r: _Route, path: Sequence[int], arm, lose, warthog, end_at: int) -> Tuple[RouteVerdict, int]:
    walked, fork = _walk(r, path, end_at)
    if isinstance(walked, RouteVerdict):
        return walked, fork
    after = _after_steps(r, path, walked)
    if isinstance(after, RouteVerdict):
        return after, fork
    return _the_move(r, path, walked, after, arm, lose, warthog), fork


def _bad(r: _Route, path: Sequence[int], i: int, problem: Problem) -> RouteVerdict:
    """A refusal at ``path[i]`` (0-based)."""
    return _refused(problem[0], problem[1], i + 1, r.name(path[i]))


def _walk(r: _Route, path: Sequence[int], end_at: int):
    """Check the movement steps one by one: (a ``_Walked`` or the verdict on the first bad step, the
    first step where the movement could both end and go on: -1 if none). ``end_at``: end there."""
    best = r.most() if r.kind == "normal" else 1
    need = r.points if r.kind == "one-space" or best == r.points else best
    x, used, met, fork = r.start, 0, (0, 0, False), -1
    for i, y in enumerate(path):
        e = entry(r.track, r.mode, y, r.occ)
        ends = r.kind == "one-space" or e.stops or i == end_at or (
            used + (e.end or e.through) >= need and (i + 1 == len(path) or used + e.through >= need))
        if not ends and e.end and used + e.end == need and fork < 0:
            fork = i  # it could also end here
        problem = r.step(x, y, r.points - used, ends)
        if problem:
            return _bad(r, path, i, problem), fork
        x, used = y, used + (1 if r.kind == "one-space" else cost_of(r.track, y, r.mode, r.occ, ends))
        w, c, h = effects(e.ending if ends else e.passing)
        met = (met[0] + w, met[1] + c, met[2] or h)
        if ends:
            return _ended(r, path, i, used, best, need, met, e.stops), fork
    return _bad(r, path, len(path) - 1, _short(r, used, best)), fork


def _ended(r: _Route, path: Sequence[int], i: int, used: int, best: int, need: int, met, porcupine: bool):
    """The movement ends on ``path[i]`` having used ``used`` points and met ``met`` (water holes,
    cheetahs, warthog): a ``_Walked``, or why it may not end there."""
    y = path[i]
    if porcupine:
        return _Walked(i + 1, y, used, *met, PORC)
    if used > need:  # quicksand took it past the most a blocked move may use
        return _bad(r, path, i, ("tails.move.blocked-stop", _blocked_words(r, best)))
    problem = r.end(y)
    if problem and need < r.points and i + 1 < len(path):
        return _beyond(r, path, i + 1, y, used, best)  # it cannot stop here, and does not
    if problem:
        return _bad(r, path, i, problem)
    return _Walked(i + 1, y, used, *met, ONE_SPACE if r.kind == "one-space" else FULL if need == r.points else BLOCKED)


def _beyond(r: _Route, path: Sequence[int], j: int, x: int, used: int, best: int, hint: str = "") -> RouteVerdict:
    """A blocked move's route going on from ``path[j]`` past the most points it may use: the
    first rule its further steps break, else the end it may not have, else too many steps."""
    left = r.points - used
    for i in range(j, len(path)):
        if left <= 0:
            break
        last = i == len(path) - 1
        problem = r.step(x, path[i], left, last)
        if problem:
            return _bad(r, path, i, problem)
        x, left = path[i], left - cost_of(r.track, path[i], r.mode, r.occ, last)
        if last and not entry(r.track, r.mode, x, r.occ).stops:
            problem = r.end(x)
            if problem:
                return _bad(r, path, i, problem)
    return _bad(r, path, j, ("tails.move.blocked-stop", _blocked_words(r, best) + f"; {r.name(path[j])} is one "
                             f"step too many{hint}"))


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
    if w.ending == PORC:
        return _after_porcupine(r, path, w)
    j, n = w.k, len(path)
    reached = w.route_end
    if r.neck:
        stretch = stretched(r.turn, r.play, w.route_end)
        if stretch is None:
            return _bad(r, path, w.k - 1, ("tails.bonus.neck-stretch", f"Neck Stretch cannot move on from "
                                           f"{r.name(w.end)}: the space ahead along the lane is blocked"))
        steps, reached = stretch
        for x, t in zip((w.end,) + steps, steps):
            if j >= n or path[j] != t:
                return _neck_refusal(r, path, j, x, t)
            j += 1
    landed, neck_porc = reached.end, reached.ending == PORC
    if r.leap:
        to = -1 if neck_porc else leap_landing(r.track, landed, r.target, r.occ, r.mode)
        if neck_porc:
            return _bad(r, path, j - 1, ("tails.animal.porcupine", f"{r.name(landed)} holds a porcupine: the move "
                                         "ends there, with no Leapfrog after it"))
        if to < 0 or j >= n or path[j] != to:
            return _leap_refusal(r, path, j, landed, to)
        landed, j = to, j + 1
    dune_to = -1 if neck_porc else final_dune(r.turn, r.play, reached, landed, r.leap)
    listed = 0 <= dune_to != landed and j < n and path[j] == dune_to
    j += listed
    final = dune_to if 0 <= dune_to != landed and (listed or not r.dune_optional) else landed
    if j < n:
        return _extra(r, path, j, w, landed, dune_to)
    return reached, landed, final, listed, j


def _after_porcupine(r: _Route, path: Sequence[int], w: _Walked):
    """A movement that ran into a porcupine ends there: nothing may follow it (``tails.animal.porcupine``)."""
    if r.neck or r.leap:
        what = "Neck Stretch" if r.neck else "Leapfrog"
        return _bad(r, path, w.k - 1, ("tails.animal.porcupine", f"{r.name(w.end)} holds a porcupine: the move "
                                       f"ends there at once, with no {what} after it"))
    if w.k < len(path):
        return _bad(r, path, w.k, ("tails.animal.porcupine", f"{r.name(w.end)} holds a porcupine: the move ends "
                                   "there at once and nothing more moves the ostrich this turn"))
    return w.route_end, w.end, w.end, False, w.k


def _neck_refusal(r: _Route, path: Sequence[int], j: int, x: int, expected: int) -> RouteVerdict:
    """The route's Neck Stretch differs from the one the rules give, at ``path[j]``."""
    if j >= len(path):
        return _bad(r, path, j - 1, ("tails.bonus.neck-stretch", f"Neck Stretch moves 2 more steps along the lane "
                                     f"when it can: on to {r.name(expected)}"))
    problem = (straight_problem(r.track, x, path[j], r.target)
               or step_problem(r.track, path[j], 2, r.mode, r.occ, r.holder))
    return _bad(r, path, j, problem or ("tails.bonus.neck-stretch", f"Neck Stretch moves 2 more steps straight "
                                        f"ahead, as far as it can: to {r.name(expected)}, not {r.name(path[j])}"))


def _leap_refusal(r: _Route, path: Sequence[int], j: int, landed: int, to: int) -> RouteVerdict:
    """Leapfrog is not allowed, or lands elsewhere than ``path[j]``."""
    i = min(j, len(path) - 1)
    if to >= 0:
        return _bad(r, path, i, ("tails.bonus.leapfrog", f"Leapfrog jumps the ostriches directly ahead to the first "
                                 f"free space along the lane: {r.name(to)}"))
    return _bad(r, path, i, leap_problem(r.track, landed, r.target, r.occ, r.mode))


def _extra(r: _Route, path: Sequence[int], j: int, w: _Walked, landed: int, dune_to: int) -> RouteVerdict:
    """A space after the move is over."""
    y, track = path[j], r.track
    hint = ""
    if r.turn.neck and not r.neck and y == track.forward(landed, r.target):
        hint = " (Neck Stretch could take it: neck_stretch=True)"
    elif r.turn.leap and not r.leap and y == leap_landing(track, landed, r.target, r.occ, r.mode):
        hint = " (a Leapfrog lands there: leapfrog=True)"
    if dune_to == landed and y == dune_shift(track, landed, r.target, 0):
        return _bad(r, path, j, ("tails.dune.blocked", f"the dune arrow on {r.name(landed)} points at {r.name(y)}, "
                                 "which is taken: the arrow is ignored and the ostrich stays"))
    if not any(t == y for t, _k in track.succ[landed]):  # not linked
        return _bad(r, path, j, ("tails.move.links", f"{r.name(y)} is not one step from {r.name(landed)} along a "
                                 f"guide line{hint}"))
    if r.kind == "one-space":
        return _bad(r, path, j, ("tails.move.one-space-any-card", f"a one-space move is exactly one step{hint}"))
    best = r.most()
    if best < r.points:  # past the end of a blocked move
        return _beyond(r, path, j, landed, w.used if landed == w.end else r.points, best, hint)
    return _bad(r, path, j, ("tails.move.exact-distance", f"the move's {r.points} movement points are used up on "
                             f"{r.name(landed)}: {r.name(y)} is one step too many{hint}"))


#: how a legal route's movement ended, in words
HOW = {FULL: "{} movement points", BLOCKED: "blocked: the most points it can use, {}", ONE_SPACE: "one space",
       PORC: "stopped by the porcupine"}


def _the_move(r: _Route, path: Sequence[int], w: _Walked, after, arm, lose, warthog) -> RouteVerdict:
    """Every route step is fine: the move(s) it makes, with the bonus choices it allows."""
    reached, landed, final, listed, _j = after
    water = reached.water + (water_at(r.track, landed) if r.leap and landing_counts(r.turn.race) else 0)
    if warthog is not None and warthog != reached.warthog:
        return _refused("tails.animal.warthog", "warthog=True marks a route through a warthog space; this one "
                        + ("enters one" if reached.warthog else "enters none"))
    faces = r.turn.race.faces
    options = [(face_names(faces, a), face_names(faces, lost))
               for a, lost in bonus_choices(r.turn.status, water, reached.cheetahs, spent(r.play, r.neck, r.leap))]
    chosen = [(a, lost) for a, lost in options if (arm is None or a == arm) and (lose is None or lost == lose)]
    if not chosen:
        return _choice_refusal(water, reached.cheetahs, options, arm)
    moves = tuple(dict.fromkeys(_named(r, Move(
        r.play.card, r.name(final), kind=r.kind, lane=r.play.lane, arm=a, lose=lost, warthog=reached.warthog,
        boinnnggg=bool(r.mode & BOING), neck_stretch=r.neck, leapfrog=r.leap, tiptoe=bool(r.mode & TIPTOE)))
        for a, lost in chosen))
    route = tuple(r.name(s) for s in path) + ((r.name(final),) if final != landed and not listed else ())
    more = f" (or {len(moves) - 1} other way{'s' if len(moves) > 2 else ''} to arm or lose bonuses)" \
        if len(moves) > 1 else ""
    return RouteVerdict(True, ENDING_RULES[w.ending], f"{moves[0]}: {HOW[w.ending].format(w.used)}{more}",
                        move=moves[0], moves=moves, route=route)


def _named(r: _Route, move: Move) -> Move:
    """A tiptoe move that does nothing the same play without tiptoeing does not is that move: the
    engine lists it once, without ``tiptoe`` (``generate.untiptoed``)."""
    plain = untiptoed(move) if move.tiptoe else move
    return plain if plain is not move and plain in r.legal else move


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
    if not _fully_blocked(r.turn):
        return _refused("tails.move.fully-blocked", "a route needs at least one step: staying put is only allowed "
                        "when no card in hand allows any move, not even a one-space move")
    if r.play.play != CARD or r.mode != NORMAL or r.neck or r.leap or arm or lose or warthog:
        return _refused("tails.move.fully-blocked", "when nothing can move, the player plays a card from the hand, "
                        "with no bonus, and the ostrich stays where it is")
    dune_to = final_dune(r.turn, r.play, RouteEnd(r.start, 0, 0, False, STAYED), r.start)
    final = r.start if dune_to < 0 else dune_to
    move = Move(r.play.card, r.name(final))
    route = (r.name(final),) if final != r.start else ()
    return RouteVerdict(True, "tails.move.fully-blocked", f"{move}: no card allows any move, so the ostrich stays",
                        move=move, moves=(move,), route=route)


def _fully_blocked(turn: Turn) -> bool:
    """Does no card in hand (nor Crazy Wings, nor Déjà vu) allow any move, by the step rules?"""
    track, s, occ = turn.track, turn.start, turn.occ
    for thing in things(turn):
        for mode in play_modes(turn.race)[thing.value == TIPTOE_VALUE, turn.boing, thing.play != CARD]:
            if most_points(track, s, thing.value + thing.bonus, thing.target, mode, occ):
                return False
            if thing.play != WINGS and one_space_ends(track, s, mode, occ):
                return False
    return True


# -- the routes of a legal move -------------------------------------------------------

def move_routes(state: TailsState, race: Race, legal: PlannedMoves, move: Move, plan: Plan) -> Tuple[Tuple[str, ...], ...]:
    """The distinct routes behind a legal ``move`` with its ``plan`` (see the module docstring for the format: own
    space excluded, dune shift included), ``game.route(move)`` among them, in track order. The routes of a move
    without ``tiptoe`` played with a '2' include the tiptoe routes that do nothing more (the engine names those
    moves without ``tiptoe``)."""
    p, track = state.order[state.turn], race.track
    probe = Move(move.card, None, **{key: getattr(move, key) for key in CHOICES})
    two = plan.card.value == TIPTOE_VALUE
    readings = _readings(Turn(state, race, p), legal, probe, two, move.tiptoe)
    tail = list(plan.spaces()[plan.mask.bit_count():])  # Neck Stretch, the Leapfrog landing, the dune shift
    found = set()
    for mask in _candidates(readings, plan):
        verdict = _read(readings, list(steps_of(mask)) + tail, move.arm, move.lose, move.warthog)
        if verdict.legal and move in verdict.moves:
            found.add(tuple(track.by_name[s] for s in verdict.route))
    return tuple(tuple(track.names[s] for s in route) for route in sorted(found))


def _candidates(readings: Sequence[_Route], plan: Plan) -> set:
    """Route masks that may lead to the plan's move: the plan's own and, from the track's
    route sets for each reading, every route with the same end and ending."""
    ending, end, card = plan.route.ending, plan.route.end, plan.card
    out = {plan.mask}
    if ending in (ONE_SPACE, STAYED):
        return out
    mine = next((r for r in readings if r.mode == card.mode), readings[0])
    s, track = mine.start, mine.track
    points = {card.value + card.bonus}
    if ending == BLOCKED:
        points.add(points_used(track, steps_of(plan.mask), mine.mode))
    for r in readings:
        for n in points:
            rs = route_set(track, s, n, card.target, r.mode)
            for route_end, masks, _finish, _route in rs.porcupine if ending == PORC else rs.full:
                if route_end.end == end:
                    out.update(m << s for m in masks)
    return out
