"""Savernake Forest: the game, its decisions and how they play out.

What is being decided is ``game.phase``, a ``Phase`` (each member equals its text):

* ``Phase.ORIENT``  advanced 2-player set-up: turn each starting animal (``Orient``);
* ``Phase.TAKE``    take one card from the market (``Take``);
* ``Phase.PLACE``   place the card just taken (``Place``); ``legal_placements()``
  lists the cells and rotations allowed;
* ``Phase.LAIR``    the armadillo's token: which animal gets it (``Lair``);
* ``Phase.WATER``   the goat's drop: which animal and food corner (``Water``);
* ``Phase.CLEANUP`` end of game, two animals share a path: which one stays (``Keep``);
* ``Phase.OVER``    the game has ended and been scored.

An advisor question is only asked when there is a real choice: with one
possible answer it is applied at once, with none the token goes back (or stays)
in the supply, and an event says so.

The position lives in ``game.state`` (a ``ForestState``); the game object holds
the configuration fixed at set-up: ``catalogue``, ``names``, ``advanced``,
``forest_bounds``. Coordinates (see ``layout``): ``(x, y)`` with x to the right
and y downward; each forest starts at ``(0, 0)`` and is never renumbered, so
cells may be negative.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..core.errors import DataError, IllegalMove, ScenarioError
from ..core.events import Event
from ..core.fields import safe_repr
from ..core.game import Game
from ..core.words import plural
from . import explain, greedy
from .data import (FOODS, ROUNDS, SLOTS, Catalogue, card_phrase, catalogue_from_data, kit_catalogue,
                   without_dead_ends)
from .layout import Cell, Forest
from .moves import Keep, Lair, Orient, Place, Take, Water, move_from_data, place_move
from .play import apply_move, deal, end_game, tie_break
from .scenario import read_scenario, scenario_data
from .scoring import ForestScore, forest_total, score_forest
from .state import NO_CARD, ForestState, Phase, forest_bounds

DEFAULT_NAMES = ("Red", "Blue", "Green", "Yellow")
OPTIONS = ("players", "advanced", "names", "catalogue", "forced", "dead_ends", "shared_paths", "tie_break")
_TAKE_MOVES = {(p, s): Take(p, SLOTS[s]) for p in range(4) for s in range(4)}
_DECISIONS = {Phase.TAKE: "take a card from the board", Phase.LAIR: "choose the animal for the lair token",
              Phase.WATER: "choose the food corner for the water drop",
              Phase.CLEANUP: "choose which animal keeps the shared path", Phase.ORIENT: "turn a starting animal"}


def decision_text(game: "ForestGame") -> str:
    """What is being decided, in words ("Blue to place the Fox", "Game over · Red wins
    with 32 points"): the board text, the picture's banner and the widget say it alike.
    Reads only the public API, so it works on anything that offers it."""
    phase = game.phase
    if phase is Phase.OVER:
        winners = game.winners()
        if not winners:
            return "Game over"
        return f"Game over · {game.player_name(winners[0])} wins with {plural(game.scores()[winners[0]], 'point')}"
    who = game.player_name(game.current_player)
    if phase is Phase.PLACE:
        card = card_phrase(game.card(game.held_card))
        return f"{who} to place {card}" + (" (forced placement)" if game.forced else "")
    return f"{who} to {_DECISIONS[phase]}"


class ForestGame(Game):
    """One game of Savernake Forest (2-4 players, or the advanced 2-player mode)."""

    name = "forest"
    package = "savannah_kit.forest"
    Phase = Phase
    move_types = (Take, Place, Lair, Water, Orient, Keep)
    option_names = OPTIONS
    turn_rule = "forest.turn.take"
    end_rule = "forest.end.trigger"
    state: ForestState

    # == set-up =================================================================
    def _setup(self) -> None:
        self._read_options()
        if self.scenario is None:
            self.state = ForestState.empty(self.catalogue, self.players, self.forest_bounds)
        else:
            self.state = read_scenario(self.scenario, catalogue=self.catalogue, names=self.names,
                                       advanced=self.advanced, rng=self.rng)
        for f in self.state.forests:  # decision D1, the other reading: animals share paths until the end
            f.may_share = self.option("shared_paths") == "allowed"
        if self.scenario is None:
            deal(self)
        else:
            self._resume_scenario()

    def _read_options(self) -> None:
        """Normalise the options (saved with the game, read-only once it is set up) and
        fix the configuration they give."""
        players = self.options.setdefault("players", self._check_options())
        self.advanced: bool = self._read_advanced(players)
        self.names: Tuple[str, ...] = self._read_names(players)
        self.catalogue: Catalogue = self._read_catalogue()
        self.forced_rule: str = self.option("forced")  # kit ruling K13: "place" (anywhere adjacent) or "discard"
        self.ties_to_holder: bool = self.option("tie_break") == "holder"  # decision D5, or "next": after the holder
        self.forest_bounds: Tuple[int, int] = forest_bounds(self.advanced)
        need_animals = players * (2 if self.advanced else 1) + ROUNDS
        cat = self.catalogue
        if len(cat.animals) < need_animals or len(cat.paths) < 3 * ROUNDS:
            raise ScenarioError("options.catalogue", f"this game needs at least {need_animals} animal cards and "
                                f"{3 * ROUNDS} path cards; the catalogue has {len(cat.animals)} and "
                                f"{len(cat.paths)}")

    def _read_advanced(self, players: int) -> bool:
        advanced = self.options.get("advanced", False)
        if not isinstance(advanced, bool):
            raise ScenarioError("options.advanced", f"must be true or false, not {safe_repr(advanced)}")
        if advanced and players != 2:
            raise ScenarioError("options.advanced", f"the advanced mode is for 2 players, not {players}")
        if not advanced:
            self.options.pop("advanced", None)  # the default is not saved
        return advanced

    def _read_names(self, players: int) -> Tuple[str, ...]:
        names = self.options.get("names")
        if names is None:
            return DEFAULT_NAMES[:players]
        if (not isinstance(names, list) or len(names) != players
                or not all(isinstance(s, str) and 0 < len(s) <= 20 for s in names) or len(set(names)) != players):
            raise ScenarioError("options.names", f"must be a list of {players} different names of 1-20 characters")
        return tuple(names)

    def _read_catalogue(self) -> Catalogue:
        """The kit catalogue, or the one given (saved as data, so that a save file is self-contained);
        with ``dead_ends=False`` the same deck with its dead ends run on (``data.without_dead_ends``)."""
        given = self.options.get("catalogue")
        try:
            if given is None:
                catalogue = kit_catalogue()
            elif isinstance(given, Catalogue):
                self.options["catalogue"] = given.to_data()
                catalogue = given
            else:
                catalogue = catalogue_from_data(given)
            return catalogue if self.option("dead_ends") else without_dead_ends(catalogue)
        except DataError as err:
            raise ScenarioError("options.catalogue" + ("." + err.field if err.field else ""), err.reason) from None

    def _resume_scenario(self) -> None:
        """A scenario's complete forests end the game at once; otherwise it is a take decision."""
        st = self.state
        if all(f.is_full() for f in st.forests):
            end_game(self, self.log)
            return
        st.phase = Phase.TAKE
        self.log.append(Event("forest.round.order", f"Scenario: round {st.round}, order "
                              + ", ".join(self.names[p] for p in st.round_order)
                              + f"; {self.names[self.current_player]} to take a card", self.current_player))

    # == the public reading API =================================================
    def card(self, card_id: str):
        """The catalogue card with this id (``AnimalCard`` or ``PathCard``)."""
        return self.catalogue.card(card_id)

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def current_player(self) -> Optional[int]:
        st = self.state
        ph = st.phase
        if ph is Phase.OVER:
            return None
        if ph is Phase.ORIENT or ph is Phase.CLEANUP:
            queue = st.to_orient if ph is Phase.ORIENT else st.to_clean
            return queue[0][0] if queue else None
        order = st.round_order
        return order[st.picks_done] if st.picks_done < len(order) else None

    @property
    def is_over(self) -> bool:
        return self.state.phase is Phase.OVER

    @property
    def market(self) -> Dict[str, Optional[str]]:
        """Advisor slot -> id of the card under it (None once taken), in board order
        rabbit, rooster, armadillo, goat."""
        return {s: self._card_id(c) for s, c in zip(SLOTS, self.state.market_cards)}

    @property
    def held_card(self) -> Optional[str]:
        """Id of the card taken this turn and not yet placed (None otherwise)."""
        return self._card_id(self.state.card_in_hand)

    @property
    def held_from(self) -> Optional[str]:
        """The advisor slot the held card came from."""
        return SLOTS[self.state.taken_from] if self.state.card_in_hand != NO_CARD else None

    @property
    def forced(self) -> bool:
        """The card in hand fits nowhere legally: it goes anywhere adjacent (a forced placement)."""
        return self.state.forced

    @property
    def pawn(self) -> int:
        """The seat holding the 1st Player pawn."""
        return self.state.pawn

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def round_order(self) -> Tuple[int, ...]:
        """The seats in their order of picking this round (advanced: 4 picks)."""
        return self.state.round_order

    @property
    def picks_done(self) -> int:
        return self.state.picks_done

    @property
    def tokens(self) -> Dict[str, int]:
        """Tokens left in the supply."""
        return {"lair": self.state.lair_supply, "water": self.state.water_supply}

    @property
    def deck_sizes(self) -> Dict[str, int]:
        return {"animals": len(self.state.animal_deck), "paths": len(self.state.path_deck)}

    @property
    def discard_pile(self) -> List[str]:
        return [self.catalogue.cards[c].id for c in self.state.discard]

    @property
    def total_rounds(self) -> int:
        """How many rounds the game lasts (every forest is complete after the last one)."""
        return ROUNDS

    def forest(self, player: int) -> Forest:
        """The forest of one seat (read it; change it only through moves)."""
        return self.state.forests[player]

    def player_name(self, player: int) -> str:
        return self.names[player]

    def forest_text(self, player: int) -> str:
        """Compact text form of one forest (round-trips through a scenario)."""
        return self.state.forests[player].to_text()

    def shared_path_to_clean(self) -> Optional[Tuple[Cell, ...]]:
        """In the clean-up phase: the animals (cells) sharing the path being decided."""
        st = self.state
        return st.to_clean[0][1] if st.phase is Phase.CLEANUP else None

    def starting_animal(self) -> Optional[Tuple[str, Cell]]:
        """In the orient phase: the card id and cell of the animal being turned."""
        st = self.state
        if st.phase is not Phase.ORIENT:
            return None
        p, k = st.to_orient[0]
        return self.catalogue.cards[st.starting_animals[p][k]].id, (k, 0)

    def legal_placements(self, slot: Optional[str] = None) -> Dict[Cell, Tuple[int, ...]]:
        """Cell -> legal rotations (degrees) for the card being placed, or, with
        ``slot`` during the take phase, for the card under that advisor (a preview).

        Empty when there is no such card now (another phase, a card already taken);
        an advisor that does not exist raises ``ValueError``."""
        st = self.state
        p = self.current_player
        if slot is None:
            if st.phase is not Phase.PLACE:
                return {}
            card, forced = st.card_in_hand, st.forced
        else:
            if slot not in SLOTS:
                raise ValueError(f"there is no advisor {safe_repr(slot)}: the advisors are {', '.join(SLOTS)}")
            card = st.market_cards[SLOTS.index(slot)]
            if st.phase is not Phase.TAKE or card == NO_CARD:
                return {}
            forced = st.must_force(p)
        f = st.forests[p]
        turns = {cell: f.legal_turns(cell, card, forced) for cell in f.fitting_cells()}
        return {cell: tuple(q * 90 for q in qs) for cell, qs in turns.items() if qs}

    def card_locations(self) -> Dict[str, str]:
        """Where every card of the catalogue is: ``"deck"``, ``"market:<slot>"``,
        ``"held"``, ``"forest:<seat>"``, ``"start:<seat>"``, ``"discard"`` or ``"box"``.
        A card found in two places raises ``RuntimeError`` (a broken state)."""
        st = self.state
        places: List[Tuple[int, str]] = [(c, "deck") for c in st.animal_deck + st.path_deck]
        places += [(c, f"market:{s}") for s, c in zip(SLOTS, st.market_cards) if c != NO_CARD]
        if st.card_in_hand != NO_CARD:
            places.append((st.card_in_hand, "held"))
        for p, f in enumerate(st.forests):
            laid = [t.card for t in f.cells.values()]
            places += [(c, f"forest:{p}") for c in laid]
            places += [(c, f"start:{p}") for c in st.starting_animals[p] if c not in laid]
        places += [(c, "discard") for c in st.discard] + [(c, "box") for c in st.out_of_play]
        out: Dict[str, str] = {}
        for idx, where in places:
            cid = self.catalogue.cards[idx].id
            if cid in out:
                raise RuntimeError(f"broken state: card {cid} is both in {out[cid]} and {where}")
            out[cid] = where
        return out

    def to_scenario(self) -> dict:
        """The current position (at a take decision, or over) as scenario data;
        ``ScenarioError`` at any other decision."""
        return scenario_data(self.state, self.catalogue)

    def _card_id(self, card: int) -> Optional[str]:
        return self.catalogue.cards[card].id if card != NO_CARD else None

    # == scoring =================================================================
    def score_breakdown(self, player: int) -> ForestScore:
        """How ``player``'s forest scores (live: as if the game ended now; once it has, as scored)."""
        st = self.state
        if st.final_breakdowns is not None:
            return st.final_breakdowns[player]
        return score_forest(st.forests[player], player, self.names[player], st.pawn == player,
                            st.phase is Phase.OVER)

    def scores(self) -> List[int]:
        st = self.state
        if st.final_scores is not None:
            return list(st.final_scores)
        return [forest_total(f, st.pawn == p) for p, f in enumerate(st.forests)]

    def winners(self) -> List[int]:
        return [self.state.winner] if self.state.winner is not None else []

    def leader(self) -> int:
        """Who would win if the game ended now (ties broken as at the end)."""
        return tie_break(self.scores(), self.state.pawn, self.ties_to_holder)[0]

    # == moves ===================================================================
    @classmethod
    def move_from_data(cls, data: Any):
        return move_from_data(data)

    def _generate_moves(self) -> List[Any]:
        ph = self.state.phase
        p = self.current_player
        if ph is Phase.PLACE:
            return self._place_moves(p)
        if ph is Phase.TAKE:
            return self._take_moves(p)
        if ph is Phase.LAIR:
            return [Lair(p, x, y) for (x, y) in self.state.forests[p].animal_cells()]
        if ph is Phase.WATER:
            return [Water(p, x, y, FOODS[k]) for (x, y), k in self.state.forests[p].free_corners()]
        if ph is Phase.CLEANUP:
            return [Keep(p, x, y) for (x, y) in self.state.to_clean[0][1]]
        if ph is Phase.ORIENT:
            return self._orient_moves(p)
        return []

    def _take_moves(self, p: int) -> List[Take]:
        """The cards that fit the forest; if none does, any card (a forced placement follows)."""
        market, forest = self.state.market_cards, self.state.forests[p]
        offered = [s for s in range(4) if market[s] != NO_CARD]
        fits = [s for s in offered if forest.can_place(market[s])]
        return [_TAKE_MOVES[p, s] for s in (fits or offered)]

    def _place_moves(self, p: int) -> List[Place]:
        st = self.state
        f = st.forests[p]
        held, forced = st.card_in_hand, st.forced
        return [place_move(p, cell[0], cell[1], q) for cell in f.fitting_cells()
                for q in f.legal_turns(cell, held, forced)]

    def _orient_moves(self, p: int) -> List[Orient]:
        """The first starting animal turns freely; the second may not point its path at the first's."""
        st = self.state
        _, k = st.to_orient[0]
        card = st.starting_animals[p][k]
        turns = st.forests[p].legal_turns((k, 0), card) if k else (0, 1, 2, 3)
        return [Orient(p, q * 90) for q in turns]

    def _apply(self, move) -> List[Event]:
        return apply_move(self, move)

    # == why a move is not legal; greedy bots =========================================
    def _diagnose(self, move) -> Optional[IllegalMove]:
        return explain.diagnose(self, move)

    def greedy_values(self, moves: Sequence[Any]) -> List[float]:
        """The score of the mover's forest right after each move (for ``GreedyBot``);
        a take counts the best placement of its card and the best use of its advisor."""
        return greedy.values(self, moves)

    # == text ==========================================================================
    def __str__(self) -> str:
        st = self.state
        mode = "advanced 2-player" if self.advanced else f"{self.players} players"
        market = " | ".join(f"{s} {self._card_id(c) or '-'}" for s, c in zip(SLOTS, st.market_cards))
        lines = [f"Savernake Forest ({mode}), round {st.round}: {decision_text(self)}", f"Market: {market}",
                 f"Pawn: {self.names[st.pawn]}   Supply: {st.lair_supply} lair, {st.water_supply} water   "
                 f"Decks: {plural(len(st.animal_deck), 'animal')}, {plural(len(st.path_deck), 'path')}   "
                 f"Discard: {len(st.discard)}"]
        for p, total in enumerate(self.scores()):
            lines.extend(self._forest_lines(p, total))
        return "\n".join(lines)

    def _forest_lines(self, p: int, total: int) -> List[str]:
        """One forest in the board text: size and score, its grid, the tokens on its animals."""
        f = self.state.forests[p]
        lines = [f"{self.names[p]}: {plural(f.size, 'card')}, {plural(total, 'point')}", str(f)]
        tokens = [f"{self.catalogue.cards[f.cells[c].card].name} {c}: lair {f.lairs(c)}, water "
                  f"{','.join(f.water(c)) or '-'}" for c in f.animal_cells() if f.lairs(c) or f.water(c)]
        if tokens:
            lines.append("  tokens: " + "; ".join(tokens))
        return lines
