"""Savannah Tails rules: the race state, legal moves, and what a move does.

The state is a handful of flat lists (ostrich spaces, hands, decks, discard
piles, bonus-card states) over a shared ``Track`` whose route tables are
computed once per course, so move generation is mostly table look-ups and bit
tests against the ostriches' space mask.

Rulings the rule index leaves to the engine, stated once here:

* Boinnnggg lasts the whole turn's movement (card steps, bonus movement, Neck
  Stretch) and, like a '2', may end on a lion or crocodile space.
* Leapfrog is a jump, not steps: the landing space triggers nothing (no water
  hole, no quicksand cost), like the dune shift.
* A bonus that would change nothing (a Neck Stretch that cannot move) cannot be used.
* Crazy Wings gives normal moves only (the one-space move needs a card);
  Déjà vu's card may also be used for a one-space move, "as if played".
* A player left with no legal move at all plays any card and stays put
  (``tails.move.fully-blocked``).
"""

from __future__ import annotations

from itertools import combinations
from typing import Dict, List, Optional, Tuple

from ..core.errors import DataError, IllegalMove, ScenarioError
from ..core.events import Event
from ..core.game import Game
from .data import (BONUS_NAMES, BONUS_PAIRS, CARD_CODES, CARD_NAMES, LANES, PLAYER_COLOURS, TIPTOE_VALUE,
                   parse_tiles)
from .moves import Move, new_move
from .track import (ANIMAL, BLOCKED, BOING, CHEETAH, CROCODILE, LION, NORMAL, ONE, PORC, PORCUPINE, QUICKSAND,
                    START, STAYED, TIPTOE, WARTHOG, WATER, Course, Track, build_course, named_course, track_for)

INACTIVE, FRESH, READY, GONE = 0, 1, 2, 3


STATUS_NAMES = ("inactive", "armed", "active", "gone")
DEFAULT_FACES = ("boinnnggg", "crazy-wings", "bird-brain")
HAND_SIZE, BIRD_BRAIN_HAND = 4, 5
OPTIONS = ("players", "course", "bonuses", "flat_bonus", "start_order", "tiles")

# what a move plays
PLAY_CARD, PLAY_WINGS, PLAY_DEJA = 0, 1, 2
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return ORDINAL.get(n, f"{n}th")


class TailsGame(Game):
    """A race of Savannah Tails. Build one with ``savannah_kit.tails.new_game``."""

    name = "tails"
    package = "savannah_kit.tails"
    move_types = (Move,)
    option_names = OPTIONS
    turn_rule = "tails.turn.steps"
    end_rule = "tails.end.trigger"

    # -- set-up -----------------------------------------------------------------
    def _setup(self) -> None:
        from .scenario import apply_scenario

        opts = self.options
        n = self._check_options()
        self.n = n
        self.colours = PLAYER_COLOURS[:n]
        self.flat_bonus = opts.get("flat_bonus", False)
        if not isinstance(self.flat_bonus, bool):
            raise ScenarioError("options.flat_bonus", f"expected true or false, not {self.flat_bonus!r}")
        self.faces = self._parse_faces(opts.get("bonuses", list(DEFAULT_FACES)), "options.bonuses")
        course_spec = opts.get("course", "first-race")
        if self.scenario is not None and isinstance(self.scenario, dict) and "course" in self.scenario:
            course_spec = self.scenario["course"]
            where = "scenario.course"
        else:
            where = "options.course"
        self.course = self._parse_course(course_spec, where)
        self.track: Track = track_for(self.course)
        self.slot = {face: i for i, face in enumerate(self.faces)}
        self.start_order = self._parse_start_order(opts.get("start_order", "seat"))
        self.pos = [START] * n
        self.hand: List[List[int]] = []
        self.deck: List[List[int]] = []
        self.discard: List[List[int]] = [[] for _ in range(n)]
        self.bonus = [[INACTIVE] * 3 for _ in range(n)]
        self.used_markers = [0] * n
        self.round = 1
        self.order = list(self.start_order)
        self.turn = 0
        self.last_round = False
        self.over = False
        self.pending = 0
        self.turn_draws = 0
        if self.scenario is None:
            for _p in range(n):
                deck = list(range(20))
                self.rng.shuffle(deck)
                self.hand.append([deck.pop() for _ in range(HAND_SIZE)])
                self.deck.append(deck)
        else:
            apply_scenario(self, self.scenario)

    def _parse_faces(self, faces, where: str) -> Tuple[str, str, str]:
        if not isinstance(faces, (list, tuple)) or len(faces) != 3:
            raise ScenarioError(where, f"choose 3 bonus faces, one of each pair {BONUS_PAIRS}, not {faces!r}")
        for i, (face, pair) in enumerate(zip(faces, BONUS_PAIRS)):
            if face not in pair:
                raise ScenarioError(f"{where}[{i}]", f"bonus card {i + 1} shows {pair[0]!r} or {pair[1]!r}, not {face!r}")
        return tuple(faces)

    def _parse_course(self, spec, where: str) -> Course:
        catalogue = None
        if "tiles" in self.options:
            try:
                catalogue = parse_tiles(self.options["tiles"])
            except DataError as exc:
                raise ScenarioError("options.tiles" + ("." + exc.field if exc.field else ""), exc.reason) from None
        try:
            if isinstance(spec, str):
                return named_course(spec, catalogue)
            return build_course(spec, catalogue=catalogue)
        except DataError as exc:
            field = where + exc.field[len("course"):] if exc.field.startswith("course") else where
            raise ScenarioError(field, exc.reason) from None

    def _parse_start_order(self, spec) -> List[int]:
        if spec == "seat":
            return list(range(self.n))
        if spec == "random":
            order = list(range(self.n))
            self.rng.shuffle(order)
            return order
        if isinstance(spec, list) and sorted(spec) == list(range(self.n)) and all(type(s) is int for s in spec):
            return list(spec)
        raise ScenarioError("options.start_order", f"'seat', 'random' or a list of the seats 0..{self.n - 1}, not {spec!r}")

    # -- protocol -----------------------------------------------------------------
    @property
    def current_player(self) -> Optional[int]:
        return None if self.over else self.order[self.turn]

    @property
    def is_over(self) -> bool:
        return self.over

    def scores(self) -> List[int]:
        """Spaces past the finish line (row 3 of the finish tile = 1); zero or
        negative before it: minus the steps still needed to reach the line."""
        score = self.track.score
        return [score[s] for s in self.pos]

    def winners(self) -> List[int]:
        if not self.over:
            return []
        return [max(range(self.n), key=self._finish_key)]

    def _finish_key(self, p: int):
        s = self.pos[p]
        lane = self.track.lane[s]
        near = (3 - lane if self.track.finish_tree == "L" else lane) if lane >= 0 else -1
        return (self.track.score[s], near)

    def copy(self) -> "TailsGame":
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        d["hand"] = [list(h) for h in self.hand]
        d["deck"] = [list(x) for x in self.deck]
        d["discard"] = [list(x) for x in self.discard]
        d["bonus"] = [list(b) for b in self.bonus]
        d["pos"] = list(self.pos)
        d["used_markers"] = list(self.used_markers)
        d["order"] = list(self.order)
        d["history"] = list(self.history)
        d["log"] = list(self.log)
        d["options"] = dict(self.options)
        rng = type(self.rng)()
        rng.setstate(self.rng.getstate())
        d["rng"] = rng
        d["_legal"] = None
        d["_legal_index"] = None
        new.__dict__.update(d)
        return new

    def _match(self, move):
        legal = super()._match(move)
        if legal is not None and move.player is not None and move.player != self.current_player:
            return None  # a move may name its player; then it must be the one to move
        return legal

    @classmethod
    def move_from_data(cls, data) -> Move:
        return Move.from_data(data)

    def to_scenario(self) -> dict:
        """The current position as scenario data (``from_scenario`` rebuilds it)."""
        from .scenario import position_data

        return position_data(self)

    # -- race order -------------------------------------------------------------
    def race_order(self) -> List[int]:
        """Seats from 1st to last: on-board ostriches by their space's race key,
        then those still behind the start line in starting order."""
        rank = self.track.rank
        start_rank = {p: i for i, p in enumerate(self.start_order)}
        return sorted(range(self.n), key=lambda p: (-rank[self.pos[p]], start_rank[p]))

    def race_position(self, p: int) -> int:
        return self.race_order().index(p) + 1

    def hand_size(self, p: int) -> int:
        bb = self.slot.get("bird-brain")
        return BIRD_BRAIN_HAND if bb is not None and self.bonus[p][bb] in (FRESH, READY) else HAND_SIZE

    def ready(self, p: int, face: str) -> bool:
        i = self.slot.get(face)
        return i is not None and self.bonus[p][i] == READY

    def who(self, p: int) -> str:
        return self.colours[p].capitalize()

    # -- move generation ----------------------------------------------------------
    def _plays(self, p: int):
        """(name, play kind, card code, lane, value) for everything that can be played."""
        out = [(CARD_NAMES[c], PLAY_CARD, c, c // 5, c % 5 + 2) for c in sorted(self.hand[p])]
        if self.ready(p, "crazy-wings"):
            out.extend(("crazy-wings", PLAY_WINGS, -1, lane, 4) for lane in range(4))
        if self.ready(p, "deja-vu") and self.discard[p]:
            c = self.discard[p][-1]
            out.append(("deja-vu", PLAY_DEJA, c, c // 5, c % 5 + 2))
        return out

    def _generate_moves(self) -> List[Move]:
        p = self.order[self.turn]
        if self.pending:
            names = sorted(CARD_NAMES[c] for c in self.hand[p])
            return [Move(kind="discard", discard=combo) for combo in combinations(names, self.pending)]
        track = self.track
        s = self.pos[p]
        occ = 0
        bit = track.bit
        for q in range(self.n):
            if q != p and self.pos[q] != START:
                occ |= bit[self.pos[q]]
        status = self.bonus[p]
        slot = self.slot
        self._neck_ok = "neck-stretch" in slot and status[2] == READY
        self._leap_ok = "leapfrog" in slot and status[0] == READY
        boing_opts = (False, True) if "boinnnggg" in slot and status[0] == READY else (False,)
        # no water hole, cheetah or end-of-move bonus on the way: a route is one move
        plain = not (self._neck_ok or self._leap_ok)
        lane_s = track.lane[s]
        names = track.names
        dune = track.dune
        position = None
        out: List[Move] = []
        one_space: Dict[int, list] = {}
        for name, play, code, target, value in self._plays(p):
            bonus = 0
            if lane_s == target and s != START:
                if position is None:
                    position = self.race_position(p)
                bonus = 2 if self.flat_bonus else position
            card = name if play != PLAY_WINGS else "crazy-wings"
            lane = LANES[target] if play == PLAY_WINGS else None
            for boing in boing_opts:
                mode = BOING if boing else (TIPTOE if value == TIPTOE_VALUE else NORMAL)
                ctx = (name, play, code, target, value, bonus, mode, boing)
                rs = track.routes(s, value + bonus, target, mode)
                bases = self._normal_bases(s, rs, occ)
                if play != PLAY_WINGS:
                    got = one_space.get(mode)
                    if got is None:
                        got = one_space[mode] = self._one_space_bases(s, mode, occ)
                    kinds = ((bases, "normal"), (got, "one-space"))
                else:
                    kinds = ((bases, "normal"),)
                for group, kind in kinds:
                    seen = set()
                    table: Dict[Move, Move] = {}
                    for base in group:
                        end, water, cheetah, wart, how, steps = base
                        if plain and not water and not cheetah:
                            final, dune_to = end, -1
                            if dune[end] and mode != TIPTOE and how != PORC:
                                dune_to = final = self._dune(end, target, occ)
                            if (final, wart) in seen:
                                continue
                            seen.add((final, wart))
                            route = tuple([names[t] for t in steps])
                            if dune_to >= 0 and dune_to != end:
                                route += (names[dune_to],)
                            out.append(new_move(card, names[final], kind, lane, (), (), wart, boing, False, False,
                                                route, (play, code, target, value, bonus, mode, how, steps, (), -1,
                                                        dune_to, final, 0, 0, (), ())))
                        else:
                            self._expand(p, ctx, kind, base, occ, table)
                    for m in table:
                        # a water hole with nothing left to arm changes nothing: already listed
                        if (m.plan[11], m.warthog) in seen and not (m.arm or m.lose or m.neck_stretch or m.leapfrog):
                            continue
                        out.append(m)
        if not out:
            table = {}
            for c in sorted(self.hand[p]):
                ctx = (CARD_NAMES[c], PLAY_CARD, c, c // 5, c % 5 + 2, 0, NORMAL, False)
                self._expand(p, ctx, "normal", (s, 0, 0, False, STAYED, ()), occ, table)
            out = list(table)
        return out

    def _normal_bases(self, s: int, rs, occ: int):
        """(end, water, cheetahs, warthog, how, steps) for every distinct normal move."""
        bit = self.track.bit
        out = []
        boing = rs.mode == BOING
        mode = rs.mode
        for routes in rs.full:
            for mask, base in routes:
                if not mask & occ:
                    out.append(base)
                    break
        if not out and rs.bare:
            best = -1
            seen = set()
            for used, effect, mask, steps in self.track.prefixes(rs):
                if used < best:
                    break
                if (occ & bit[effect[0]]) if boing else (mask & occ):
                    continue
                if effect in seen:
                    continue
                best = used
                seen.add(effect)
                out.append(effect + (PORC if self.track.feat[effect[0]] & PORCUPINE and mode == NORMAL else BLOCKED, steps))
            if best < 0:
                out.append((s, 0, 0, False, STAYED, ()))
        for routes in rs.porcupine:
            for mask, base in routes:
                if not mask & occ:
                    out.append(base)
                    break
        return out

    def _one_space_bases(self, s: int, mode: int, occ: int):
        track = self.track
        out = []
        for t, _kind in track.succ[s]:
            if occ & track.bit[t]:
                continue
            f = track.feat[t]
            if mode == NORMAL:
                if f & (LION | CROCODILE | QUICKSAND):
                    continue
                out.append((t, 1 if f & WATER else 0, 1 if f & CHEETAH else 0, bool(f & WARTHOG),
                            PORC if f & PORCUPINE else ONE, (t,)))
            else:
                out.append((t, 1 if f & WATER else 0, 0, False, ONE, (t,)))
        return out

    def _neck_stretch(self, start: int, target: int, mode: int, occ: int):
        """The steps of a Neck Stretch from ``start`` (possibly none) and whether it
        stopped in a porcupine."""
        track = self.track
        feat, bit = track.feat, track.bit
        left = 2
        cur = start
        steps = []
        porc = False
        while left > 0:
            t = track.forward(cur, target)
            if t < 0 or (mode != BOING and occ & bit[t]):
                break
            f = feat[t]
            cost = 1
            if mode == NORMAL:
                if f & LION:
                    break
                if f & QUICKSAND:
                    cost = 2
            if cost > left:
                break
            left -= cost
            cur = t
            steps.append(t)
            if mode == NORMAL and f & PORCUPINE:
                porc = True
                break
        while steps:
            end = steps[-1]
            if mode == NORMAL and feat[end] & CROCODILE:
                steps.pop()
            elif mode == BOING and occ & bit[end]:
                steps.pop()
            else:
                break
        return tuple(steps), porc

    def _leapfrog(self, start: int, target: int, mode: int, occ: int) -> int:
        """The landing space of a Leapfrog from ``start``, or -1 if none is allowed."""
        track = self.track
        t = track.forward(start, target)
        if t < 0 or not occ & track.bit[t]:
            return -1
        while t >= 0 and occ & track.bit[t]:
            t = track.forward(t, target)
        if t < 0 or (mode != TIPTOE and track.feat[t] & ANIMAL):
            return -1
        return t

    def _dune(self, s: int, target: int, occ: int) -> int:
        """Where a dune arrow on ``s`` sends the ostrich: -1 no arrow, else the
        space it ends on (``s`` itself when the arrow is blocked)."""
        track = self.track
        d = track.dune[s]
        if not d:
            return -1
        t = track.forward(s, target) if d > 0 else track.back[s]
        if t < 0 or t == START or occ & track.bit[t] or track.feat[t] & (LION | CROCODILE):
            return s
        return t

    def _expand(self, p: int, ctx, kind: str, base, occ: int, moves: Dict[Move, Move]) -> None:
        name, play, code, target, value, bonus, mode, boing = ctx
        end, water, cheetah, wart, how, steps = base
        track = self.track
        names = track.names
        if not (water or cheetah or self._neck_ok or self._leap_ok):
            # the common case: no choice beyond the route itself
            final, dune_to = end, -1
            if mode != TIPTOE and how != PORC and track.dune[end]:
                dune_to = final = self._dune(end, target, occ)
            route = tuple([names[t] for t in steps])
            if dune_to >= 0 and dune_to != end:
                route += (names[dune_to],)
            m = new_move(name if play != PLAY_WINGS else "crazy-wings", names[final], kind,
                         LANES[target] if play == PLAY_WINGS else None, (), (), wart, boing, False, False, route,
                         (play, code, target, value, bonus, mode, how, steps, (), -1, dune_to, final, 0, 0, (), ()))
            moves.setdefault(m, m)
            return
        neck_ready = self.ready(p, "neck-stretch") and how != PORC and how != STAYED
        leap_ready = self.ready(p, "leapfrog") and how != PORC and how != STAYED
        status = self.bonus[p]
        for neck in ((False, True) if neck_ready else (False,)):
            nsteps, nporc = (), False
            s1, w1, c1, h1 = end, water, cheetah, wart
            if neck:
                nsteps, nporc = self._neck_stretch(end, target, mode, occ)
                if not nsteps:
                    continue
                s1 = nsteps[-1]
                if mode != BOING:
                    for t in nsteps:
                        f = track.feat[t]
                        if f & WATER:
                            w1 += 1
                        if mode == NORMAL:
                            if f & CHEETAH:
                                c1 += 1
                            if f & WARTHOG:
                                h1 = True
                else:
                    w1 += sum(1 for t in nsteps if track.feat[t] & WATER)
            for leap in ((False, True) if leap_ready and not nporc else (False,)):
                s2 = s1
                if leap:
                    s2 = self._leapfrog(s1, target, mode, occ)
                    if s2 < 0:
                        continue
                final = s2
                dune_to = -1
                if mode != TIPTOE and how != PORC and not nporc:
                    dune_to = self._dune(s2, target, occ)
                    if dune_to >= 0:
                        final = dune_to
                consumed = set()
                if boing:
                    consumed.add(0)
                if leap:
                    consumed.add(0)
                if play != PLAY_CARD:
                    consumed.add(1)
                if neck:
                    consumed.add(2)
                inactive = [i for i in range(3) if status[i] == INACTIVE]
                k = min(w1, len(inactive))
                plan_core = (play, code, target, value, bonus, mode, how, steps, nsteps, s2 if leap else -1,
                             dune_to, final, water, w1)
                route = tuple(names[t] for t in steps + nsteps)
                if leap:
                    route += (names[s2],)
                if dune_to >= 0 and dune_to != s2:
                    route += (names[dune_to],)
                for arm in combinations(inactive, k):
                    active = [i for i in range(3) if (status[i] in (FRESH, READY) or i in arm) and i not in consumed]
                    if c1:
                        left = [i for i in range(3) if status[i] != GONE and i not in consumed]
                        n = min(c1, len(left))
                        if n <= len(active):
                            losses = list(combinations(active, n))
                        else:
                            rest = [i for i in left if i not in active]
                            losses = [tuple(active) + extra for extra in combinations(rest, n - len(active))]
                    else:
                        losses = [()]
                    arm_names = tuple(sorted(self.faces[i] for i in arm))
                    for lose in losses:
                        m = new_move(name if play != PLAY_WINGS else "crazy-wings", names[final], kind,
                                     LANES[target] if play == PLAY_WINGS else None, arm_names,
                                     tuple(sorted(self.faces[i] for i in lose)), h1, boing, neck, leap, route,
                                     plan_core + (arm, lose))
                        moves.setdefault(m, m)

    # -- applying a move ---------------------------------------------------------------
    def _resolve(self, move: Move) -> Move:
        if move.plan is not None:
            return move
        for m in self._generate_moves():
            if m == move:
                return m
        raise IllegalMove(self.turn_rule, f"{move!r} is not one of the legal moves here", move)

    def _use_bonus(self, p: int, status: list, card: int) -> None:
        """Spend bonus card ``card`` (0-2): it and its marker leave the game (tails.bonus.consumed)."""
        status[card] = GONE
        self.used_markers[p] += 1

    def _apply(self, move: Move) -> List[Event]:
        p = self.order[self.turn]
        if move.kind == "discard":
            return self._apply_discard(p, move)
        move = self._resolve(move)
        (play, code, target, value, bonus, mode, how, steps, nsteps, leap_to, dune_to, final,
         water, w_total, arm, lose) = move.plan
        track = self.track
        names = track.names
        who = self.who(p)
        status = self.bonus[p]
        start = self.pos[p]
        ev: List[Event] = []
        add = ev.append
        lane_name = LANES[target]
        if play == PLAY_CARD:
            self.hand[p].remove(code)
            self.discard[p].append(code)
            add(Event("tails.turn.play-card", f"{who} plays {CARD_NAMES[code]}", p, {"card": CARD_NAMES[code]}))
        elif play == PLAY_WINGS:
            self._use_bonus(p, status, 1)
            add(Event("tails.bonus.crazy-wings", f"{who} uses Crazy Wings as a {lane_name} 4", p))
        else:
            self._use_bonus(p, status, 1)
            add(Event("tails.bonus.deja-vu", f"{who} uses Déjà vu: moves with {CARD_NAMES[code]} again", p))
        if move.boinnnggg:
            self._use_bonus(p, status, 0)
            add(Event("tails.bonus.boinnnggg", f"{who} declares Boinnnggg: ostriches, animals and quicksand do not stop it", p))
        if mode == TIPTOE:
            add(Event("tails.tiptoe.ignore", f"{who} tiptoes with a 2: animals, dunes and quicksand are ignored this turn", p))
        if move.kind == "normal" and how != STAYED:
            if start == START:
                add(Event("tails.move.start-line", f"{who} leaves the start line (no bonus movement)", p))
            elif track.lane[start] < 0:
                add(Event("tails.bridge.no-bonus", f"{who} starts on the rope bridge: no bonus movement", p))
            if bonus:
                rid = "tails.move.bonus-flat-variant" if self.flat_bonus else "tails.move.bonus-movement"
                why = "flat +2 variant" if self.flat_bonus else f"is {ordinal(bonus)}"
                add(Event(rid, f"{who} moves {bonus} extra spaces: bonus movement, started on the {lane_name} lane and {why}", p))
        # the steps
        if how == STAYED:
            add(Event("tails.move.fully-blocked", f"{who} cannot take a single step and stays on {names[start]}", p))
        else:
            where = names[steps[-1]]
            n = len(steps)
            if how == ONE:
                add(Event("tails.move.one-space-any-card", f"{who} moves one space to {where}", p))
            elif how == PORC:
                add(Event("tails.animal.porcupine", f"{who} runs into a porcupine on {where}: ouch! The move ends there", p))
            elif how == BLOCKED:
                add(Event("tails.move.blocked-stop", f"{who} is blocked and moves {n} spaces to {where}", p))
            else:
                add(Event("tails.move.exact-distance", f"{who} moves {value + bonus} points to {where}", p))
        if mode == NORMAL:
            self._narrate(p, steps, ev)
        if move.kind == "normal" and how != STAYED and track.lane[steps[-1]] < 0:
            add(Event("tails.bridge.any-colour", f"{who} stops on the rope bridge, which counts as every colour", p))
        elif move.kind == "normal" and track.lane[start] < 0 and steps:
            add(Event("tails.bridge.exit-lane", f"{who} steps off the rope bridge onto the {LANES[track.lane[steps[0]]]} lane", p))
        # water holes
        for i in arm:
            status[i] = FRESH
            face = self.faces[i]
            add(Event("tails.water.gain-marker", f"{who} drinks at a water hole and arms {BONUS_NAMES[face]} (usable from the next turn)", p))
            if face == "bird-brain":
                add(Event("tails.bonus.bird-brain", f"{who} gets Bird Brain: hand size 5 and one extra card this turn", p))
        if w_total > len(arm):
            add(Event("tails.water.count", f"{who} passes a water hole with no bonus card left to arm", p))
        if move.neck_stretch:
            self._use_bonus(p, status, 2)
            add(Event("tails.bonus.neck-stretch", f"{who} stretches its neck {len(nsteps)} more spaces to {names[nsteps[-1]]}", p))
            if mode == NORMAL:
                self._narrate(p, nsteps, ev)
            if mode == NORMAL and track.feat[nsteps[-1]] & PORCUPINE:
                add(Event("tails.animal.porcupine", f"{who} runs into a porcupine on {names[nsteps[-1]]}: ouch!", p))
        if move.leapfrog:
            self._use_bonus(p, status, 0)
            add(Event("tails.bonus.leapfrog", f"{who} leapfrogs to {names[leap_to]}", p))
        if dune_to >= 0:
            landed = leap_to if leap_to >= 0 else (nsteps[-1] if nsteps else (steps[-1] if steps else start))
            if dune_to == landed:
                add(Event("tails.dune.blocked", f"{who} stops on a dune arrow but its space is blocked: the arrow is ignored", p))
            else:
                add(Event("tails.dune.arrow", f"{who} slides along the dune to {names[dune_to]}", p))
                if track.dune[dune_to]:
                    add(Event("tails.dune.no-chain", f"{who} ignores the second dune arrow", p))
        self.pos[p] = final
        # cheetahs
        for i in lose:
            had_marker = status[i] in (FRESH, READY)
            status[i] = GONE
            face = self.faces[i]
            add(Event("tails.animal.cheetah", f"A cheetah takes {who}'s {BONUS_NAMES[face]} card", p))
            if had_marker:
                add(Event("tails.animal.cheetah-marker", f"{who}'s marker on {BONUS_NAMES[face]} goes back to the pile"
                          + (": hand size back to 4" if face == "bird-brain" else ""), p))
        # draw
        size = self.hand_size(p)
        hand = self.hand[p]
        if move.warthog:
            self.discard[p].extend(hand)
            hand.clear()
            self._draw(p, size, ev)
            add(Event("tails.animal.warthog-replaces-draw", f"{who} discards the hand and redraws {size} cards (no other draw)", p))
        else:
            n = 0 if play != PLAY_CARD else 1
            bb = self.slot.get("bird-brain")
            if bb is not None and bb in arm and status[bb] == FRESH:
                n += 1
            if n:
                self._draw(p, n, ev)
                add(Event("tails.draw.one", f"{who} draws {n} card{'s' if n > 1 else ''}", p))
        if len(hand) > size:
            self.pending = len(hand) - size
            add(Event("tails.draw.hand-size", f"{who} holds {len(hand)} cards, hand size {size}: must discard {self.pending}", p))
            return ev
        self._end_turn(p, ev)
        return ev

    def _narrate(self, p: int, steps, ev: List[Event]) -> None:
        """Events for the quicksand, cheetahs and warthogs a move steps on."""
        track = self.track
        who = self.who(p)
        for t in steps:
            f = track.feat[t]
            if f & QUICKSAND:
                ev.append(Event("tails.quicksand.cost", f"{who} wades through quicksand on {track.names[t]}: 2 movement points", p))
            elif f & CHEETAH:
                ev.append(Event("tails.animal.cheetah", f"{who} meets a cheetah on {track.names[t]}", p))
            elif f & WARTHOG:
                ev.append(Event("tails.animal.warthog", f"{who} runs through a warthog on {track.names[t]}: "
                                "hand redraw at the end of the turn", p))

    def _draw(self, p: int, n: int, ev: List[Event]) -> None:
        deck, hand = self.deck[p], self.hand[p]
        for _ in range(n):
            if not deck:
                pile = self.discard[p]
                deck.extend(pile)
                pile.clear()
                self.rng.shuffle(deck)
                ev.append(Event("tails.draw.reshuffle", f"{self.who(p)} shuffles the discard pile into a new draw deck", p))
            hand.append(deck.pop())

    def _apply_discard(self, p: int, move: Move) -> List[Event]:
        ev = []
        for name in move.discard:
            code = CARD_CODES[name]
            self.hand[p].remove(code)
            self.discard[p].append(code)
        ev.append(Event("tails.draw.hand-size", f"{self.who(p)} discards {', '.join(move.discard)} down to the hand size", p))
        self.pending = 0
        self._end_turn(p, ev)
        return ev

    def _end_turn(self, p: int, ev: List[Event]) -> None:
        status = self.bonus[p]
        for i in range(3):
            if status[i] == FRESH:
                status[i] = READY
        if not self.last_round and self.track.crossed[self.pos[p]]:
            self.last_round = True
            ev.append(Event("tails.end.trigger", f"{self.who(p)} crosses the finish line: this round is the last", p))
        self.turn += 1
        if self.turn == self.n:
            if self.last_round:
                self.over = True
                w = self.winners()[0]
                scores = self.scores()
                tied = [q for q in range(self.n) if scores[q] == scores[w]]
                if len(tied) > 1:
                    ev.append(Event("tails.end.tie-baobab", f"{self.who(w)} wins the tie at {scores[w]} past the line: "
                                    "nearest the baobab of the finish tile", w))
                ev.append(Event("tails.end.winner", f"{self.who(w)} wins, {scores[w]} space{'s' if scores[w] != 1 else ''} "
                             "past the line", w))
            else:
                self.round += 1
                self.turn = 0
                self.order = self.race_order()
                ev.append(Event("tails.order.turn-sequence", f"Round {self.round}: "
                                + ", ".join(self.who(q) for q in self.order), None))

    # -- diagnosis -----------------------------------------------------------------------
    def _diagnose(self, move) -> Optional[IllegalMove]:
        from .explain import diagnose

        return diagnose(self, move)

    # -- bots ----------------------------------------------------------------------------
    def evaluate(self, player: int) -> float:
        """Progress toward the line, plus 2 for each armed bonus card (water holes count)."""
        armed = sum(1 for st in self.bonus[player] if st in (FRESH, READY))
        return float(self.track.score[self.pos[player]]) + 2.0 * armed

    def greedy_values(self, moves) -> List[float]:
        """``evaluate`` of the mover after each move, without copying the game."""
        p = self.current_player
        if self.pending:
            return [0.0] * len(moves)
        status = self.bonus[p]
        score = self.track.score
        out = []
        for m in moves:
            m = self._resolve(m) if m.plan is None else m
            plan = m.plan
            arm, lose = plan[-2], plan[-1]
            st = list(status)
            for i in arm:
                st[i] = FRESH
            if m.boinnnggg or m.leapfrog:
                st[0] = GONE
            if plan[0] != PLAY_CARD:
                st[1] = GONE
            if m.neck_stretch:
                st[2] = GONE
            for i in lose:
                st[i] = GONE
            armed = sum(1 for x in st if x in (FRESH, READY))
            out.append(float(score[plan[11]]) + 2.0 * armed)
        return out

    # -- text ----------------------------------------------------------------------------
    def __str__(self) -> str:
        from .text import board_text

        return board_text(self)

    def __repr__(self) -> str:
        state = "over" if self.over else f"{self.who(self.current_player)} to move"
        return (f"<TailsGame {self.course.name} players={self.n} seed={self.seed} round={self.round} "
                f"moves={len(self.history)}, {state}>")
