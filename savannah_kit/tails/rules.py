"""Savannah Tails as a ``core.game.Game``: set-up, and the game protocol over the engine's parts:
the state (``state``), the course (``track``), the legal moves with a plan each
(``generate.legal_plans``), applying one by its plan (``play.apply_move``) and why a move is
illegal (``explain``, ``routes``)."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Dict, List, Optional, Tuple

from ..core.deprecated import deprecated
from ..core.errors import DataError, IllegalMove, ScenarioError
from ..core.events import Event
from ..core.game import Game, PlannedMoves
from ..core.scoring import ScoreBreakdown, ScoreLine
from .data import BONUS_PAIRS, DEFAULT_FACES, HAND_SIZE, BonusState, need, parse_tiles
from .explain import diagnose
from .generate import legal_plans, plan_of
from .moves import Discard, Move, Plan, move_from_data
from .options import VARIANTS
from .play import apply_move, winner
from .routes import RouteVerdict, explain_route, move_routes
from .scenario import build_state, marker_pile, position_data, scenario_colours
from .state import Phase, Race, TailsState
from .text import board_text
from .track import START, Course, Track, build_course, named_course, track_for

INACTIVE, ARMED, ACTIVE, GONE = BonusState
OPTIONS = ("players", "course", "tiles", *(o.name for o in VARIANTS))
#: the rulings that change what a step does: a race with them has a track of its own (``track.track_for``)
STEP_RULINGS = ("boinnnggg_end", "one_space", "porcupine")
@dataclass(frozen=True)
class TailsScore(ScoreBreakdown):
    """A player's place in the race: spaces past the finish line, or (before it)
    the steps still needed to reach it, as a negative number."""

    space: str = ""
    past_line: int = 0


class TailsGame(Game):
    """A race of Savannah Tails. Build one with ``savannah_kit.tails.new_game``."""

    name = "tails"
    package = "savannah_kit.tails"
    Phase = Phase
    move_types = (Move, Discard)
    option_names = OPTIONS
    turn_rule = "tails.turn.steps"
    end_rule = "tails.end.trigger"
    state: TailsState

    # -- set-up -----------------------------------------------------------------
    def _setup(self) -> None:
        opts = self.options
        n = self._check_options()
        self.colours: Tuple[str, ...] = scenario_colours(self.scenario, n)  # defaults unless the scenario names them
        self.faces = self._parse_faces(opts.get("bonuses", list(DEFAULT_FACES)), "options.bonuses")
        self.slot = MappingProxyType({face: i for i, face in enumerate(self.faces)})
        spec, where = opts.get("course", "first-race"), "options.course"
        if isinstance(self.scenario, dict) and "course" in self.scenario:
            spec, where = self.scenario["course"], "scenario.course"
        self.course: Course = self._parse_course(spec, where)
        rulings = {o.name: self.option(o.name) for o in VARIANTS}
        self.track: Track = track_for(self.course, **{name: rulings[name] for name in STEP_RULINGS})
        self.start_order: Tuple[int, ...] = self._parse_start_order(opts.get("start_order", "seat"))
        if self.scenario is None:
            self.state = self._deal()
        else:
            self.state, self.start_order = build_state(self.scenario, self, self.rng)
        #: what the rules read besides the state (engine functions take the two)
        self.race = Race(self.track, self.faces, self.colours, self.start_order, rulings["flat_bonus"], rulings)

    def _deal(self) -> TailsState:
        """The normal start: every hand dealt from its own shuffled deck."""
        hands, decks = [], []
        for _p in range(self.players):
            deck = list(range(20))
            self.rng.shuffle(deck)
            hands.append([deck.pop() for _ in range(HAND_SIZE)])
            decks.append(deck)
        n = self.players
        return TailsState(pos=[START] * n, hands=hands, decks=decks, discards=[[] for _ in range(n)],
                          bonuses=[[INACTIVE] * 3 for _ in range(n)], markers_used=[0] * n,
                          order=list(self.start_order))

    def _parse_faces(self, faces, where: str) -> Tuple[str, str, str]:
        need(isinstance(faces, (list, tuple)) and len(faces) == 3, where,
             f"choose 3 bonus faces, one of each pair {BONUS_PAIRS}, not {faces!r}", ScenarioError)
        for i, (face, pair) in enumerate(zip(faces, BONUS_PAIRS)):
            need(face in pair, f"{where}[{i}]", f"bonus card {i + 1} shows {pair[0]!r} or {pair[1]!r}, not {face!r}",
                 ScenarioError)
        return tuple(faces)

    def _parse_course(self, spec, where: str) -> Course:
        catalogue = None
        if "tiles" in self.options:
            try:
                catalogue = parse_tiles(self.options["tiles"])
            except DataError as exc:
                raise ScenarioError("options.tiles" + ("." + exc.field if exc.field else ""), exc.reason) from None
        try:
            return named_course(spec, catalogue) if isinstance(spec, str) else build_course(spec, catalogue=catalogue)
        except DataError as exc:
            field_name = where + exc.field[len("course"):] if exc.field.startswith("course") else where
            raise ScenarioError(field_name, exc.reason) from None

    def _parse_start_order(self, spec) -> Tuple[int, ...]:
        n = self.players
        if spec == "seat":
            return tuple(range(n))
        if spec == "random":
            order = list(range(n))
            self.rng.shuffle(order)
            return tuple(order)
        if isinstance(spec, list) and all(type(s) is int for s in spec) and sorted(spec) == list(range(n)):
            return tuple(spec)
        raise ScenarioError("options.start_order", f"'seat', 'random' or a list of the seats 0..{n - 1}, "
                            f"not {spec!r}")

    # -- protocol -----------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        st = self.state
        return Phase.OVER if st.over else (Phase.DISCARD if st.pending_discard else Phase.MOVE)

    @property
    def current_player(self) -> Optional[int]:
        st = self.state
        return None if st.over else st.order[st.turn]

    @property
    def is_over(self) -> bool:
        return self.state.over

    def scores(self) -> List[int]:
        """Spaces past the finish line (row 3 of the finish tile = 1); zero or
        negative before it: minus the steps still needed to reach the line."""
        score = self.track.score
        return [score[s] for s in self.state.pos]

    def score_breakdown(self, player: int) -> TailsScore:
        s = self.state.pos[player]
        points = self.track.score[s]
        line = (ScoreLine("spaces past the finish line", points, "tails.end.distance") if points > 0 else
                ScoreLine("steps still needed to cross the finish line (as a negative number)", points,
                          "tails.order.race-position"))
        return TailsScore(player, self.who(player), (line,), self.is_over, space=self.track.names[s],
                          past_line=max(points, 0))

    def winners(self) -> List[int]:
        return [winner(self.state, self.race)] if self.state.over else []

    def _match(self, move):
        move = _current_spelling(move)
        legal = super()._match(move)
        if legal is not None and move.player is not None and move.player != self.current_player:
            return None  # a move may name its player; then it must be the one to move
        return legal

    def _why_not(self, move) -> IllegalMove:
        return super()._why_not(_current_spelling(move))

    @classmethod
    def move_from_data(cls, data):
        return move_from_data(data)

    def to_scenario(self) -> dict:
        """The current position as scenario data (``from_scenario`` rebuilds it); a finished race has none."""
        if self.state.over:
            raise ScenarioError("scenario", "the race is over: there is no position to play from")
        return position_data(self)

    # -- reading the race ---------------------------------------------------------
    def race_order(self) -> List[int]:
        """Seats from 1st to last: on-board ostriches by their space's race key,
        then those still behind the start line in starting order."""
        return self.race.race_order(self.state)

    def race_position(self, p: int) -> int:
        return self.race_order().index(p) + 1

    def hand_size(self, p: int) -> int:
        return self.race.hand_size(self.state, p)

    def ready(self, p: int, face: str) -> bool:
        """Can ``p`` use bonus ``face`` now (``tails.water.next-turn``)?"""
        return self.race.ready(self.state, p, face)

    def who(self, p: int) -> str:
        """A player's name: their ostrich's colour."""
        return self.colours[p].capitalize()

    @property
    def markers_left(self) -> Dict[str, int]:
        """The common pile of bonus markers: player colour -> markers still in it."""
        return marker_pile(self)

    def route(self, move: Move) -> Tuple[str, ...]:
        """The spaces the engine's route for a legal ``move`` enters, in order: its steps,
        Neck Stretch, the Leapfrog landing and the dune shift."""
        plan = self._plan(move)
        return () if plan is None else tuple(self.track.names[s] for s in plan.spaces())

    def routes(self, move: Move) -> Tuple[Tuple[str, ...], ...]:
        """Every distinct route behind a legal ``move``, each in ``route``'s form (its own space
        excluded; Neck Stretch, the Leapfrog landing and the dune shift included), for drawing
        on a board; an illegal move raises ``IllegalMove``. See ``savannah_kit.tails.routes``."""
        if self.is_over:
            raise IllegalMove(self.end_rule, "the race is over: no more moves", move)
        legal = self._match(move)
        if legal is None:
            raise self._why_not(move)
        if type(legal) is Discard:
            return ()
        return move_routes(self.state, self.race, self._planned(), legal, self._plan(legal))

    def explain_route(self, card: str, spaces, **choices) -> RouteVerdict:
        """Is this exact route legal for ``card`` (``"yellow-5"``, ``"M013"``, ``"crazy-wings"``...), ``spaces`` a list
        of space names like ``"T09:yellow:4"`` and ``choices`` the ``Move`` options (``kind="one-space"``,
        ``boinnnggg=True``, ``neck_stretch``, ``leapfrog``, ``lane``, ``arm``, ``lose``...)? If not, the verdict
        names the first step that breaks a rule, and the rule. See ``savannah_kit.tails.routes``."""
        return explain_route(self.state, self.race, self._planned(), card, spaces, **choices)

    # -- moves ----------------------------------------------------------------------
    def _generate_moves(self):
        return legal_plans(self.state, self.race)

    def _plan(self, move):
        """What a legal ``move`` does here (``generate.plan_of``)."""
        return plan_of(self.state, self.race, move, super()._plan(move))

    def _planned(self) -> PlannedMoves:
        """The legal moves of this decision with their plans."""
        if self.is_over:
            return PlannedMoves()
        return PlannedMoves(self.legal_moves(), [self._plan(m) for m in self._legal])

    def _diagnose(self, move) -> Optional[IllegalMove]:
        return diagnose(self.state, self.race, move, self._planned())

    def _apply(self, move: Move) -> List[Event]:
        return apply_move(self.state, self.race, self.rng, move, self._plan(move))

    # -- bots ----------------------------------------------------------------------------
    def evaluate(self, player: int) -> float:
        """Progress toward the line, plus 2 for each armed bonus card (water holes count)."""
        armed = sum(1 for st in self.state.bonuses[player] if st in (ARMED, ACTIVE))
        return float(self.track.score[self.state.pos[player]]) + 2.0 * armed

    def greedy_values(self, moves) -> List[float]:
        """``evaluate`` of the mover after each move, without copying the game."""
        p = self.current_player
        if self.state.pending_discard:
            return [0.0] * len(moves)
        self.legal_moves()
        #: the plans as the generator keeps them (a route-set group: no CardPlay to build, ``plan_of``)
        kept = {id(m): plan for m, plan in zip(self._legal, self._legal_plans)}
        status, score = self.state.bonuses[p], self.track.score
        now = sum(1 for x in status if x in (ARMED, ACTIVE))
        out = []
        for m in moves:
            plan = kept.get(id(m)) or super()._plan(m)
            finish = plan.finish if type(plan) is Plan else plan[2]
            used = (m.boinnnggg or m.leapfrog, m.card in ("crazy-wings", "deja-vu"), m.neck_stretch)  # generate.spent
            if finish.armed or finish.lost or any(used):
                st = list(status)
                for i in finish.armed:
                    st[i] = ARMED
                for i in finish.lost + tuple(i for i in range(3) if used[i]):
                    st[i] = GONE
                out.append(float(score[finish.final]) + 2.0 * sum(1 for x in st if x in (ARMED, ACTIVE)))
            else:
                out.append(float(score[finish.final]) + 2.0 * now)
        return out

    # -- text and pictures -----------------------------------------------------------------
    def scene(self, **options):
        """The race as a picture (plain data; ``_repr_svg_`` and ``_repr_png_`` draw it):
        ``viewer="red"`` only the tiles around that ostrich, ``hand=False`` no hand shown,
        ``highlights=[space names]``, ``theme="dark"``. See ``savannah_kit.tails.render``."""
        return super().scene(**options)

    def __str__(self) -> str:
        return board_text(self)

    def __repr__(self) -> str:
        state = "over" if self.state.over else f"{self.who(self.current_player)} to move"
        return (f"<TailsGame {self.course.name} players={self.players} seed={self.seed} round={self.state.round} "
                f"moves={len(self.history)}, {state}>")


def _current_spelling(move):
    """``Move(kind="discard", discard=...)``, the old spelling of a discard, as the ``Discard``
    it means (with a ``DeprecationWarning``); any other move as it is."""
    if type(move) is Move and type(move.kind) is str and move.kind == "discard":
        deprecated('Move(kind="discard", discard=...) is deprecated: use Discard(...)',
                   through=("_match", "_why_not", "play", "is_legal", "explain", "routes", "route"))
        return Discard(move.discard, player=move.player)
    return move
