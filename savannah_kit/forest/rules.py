"""Savernake Forest: the game state, its decisions and how they play out.

What is being decided is ``game.phase``:

* ``"orient"``  advanced 2-player set-up: turn each starting animal (``Orient``);
* ``"take"``    take one card from the market (``Take``);
* ``"place"``   place the card just taken (``Place``); ``legal_placements()``
  lists the cells and rotations allowed;
* ``"lair"``    the armadillo's token: which animal gets it (``Lair``);
* ``"water"``   the goat's drop: which animal and food corner (``Water``);
* ``"cleanup"`` end of game, two animals share a path: which one stays (``Keep``);
* ``"over"``    the game has ended and been scored.

An advisor question is only asked when there is a real choice: with one
possible answer it is applied at once, with none the token goes back (or stays)
in the supply, and an event says so.

Coordinates (see ``layout``): ``(x, y)`` with x to the right and y downward;
each forest starts at ``(0, 0)`` and is never renumbered, so cells may be
negative.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..core.errors import DataError, IllegalMove, ScenarioError
from ..core.events import Event
from ..core.game import Game
from .data import EDGE_NAMES, FOOD_PLURALS, FOODS, ROUNDS, Catalogue, catalogue_from_data, kit_catalogue
from .layout import Cell, Forest, check_rotation
from .moves import SLOTS, Keep, Lair, Orient, Place, Take, Water, move_from_data, place_move
from .scenario import scenario_from_game, setup_scenario
from .scoring import ForestScore, forest_total, quick_total, score_forest

RABBIT, ROOSTER, ARMADILLO, GOAT = range(4)
PHASES = ("orient", "take", "place", "lair", "water", "cleanup", "over")
DEFAULT_NAMES = ("Red", "Blue", "Green", "Yellow")
OPTIONS = ("players", "advanced", "names", "catalogue")
_TAKES = {(p, s): Take(p, SLOTS[s]) for p in range(4) for s in range(4)}


class ForestGame(Game):
    """One game of Savernake Forest (2-4 players, or the advanced 2-player mode)."""

    name = "forest"
    package = "savannah_kit.forest"
    move_types = (Take, Place, Lair, Water, Orient, Keep)
    option_names = OPTIONS
    turn_rule = "forest.turn.take"
    end_rule = "forest.end.trigger"

    # == set-up =================================================================
    def _setup(self) -> None:
        self._read_options()
        n = self.n
        self.forests: List[Forest] = [Forest(self.cat, *self.bounds) for _ in range(n)]
        self.offer: List[int] = [-1, -1, -1, -1]  # card index under each advisor, -1 once taken
        self.deck_a: List[int] = []  # animal deck, top card last
        self.deck_p: List[int] = []  # path deck, top card last
        self.discard: List[int] = []
        self.box: List[int] = []  # cards a scenario left out of play
        self.start_cards: List[List[int]] = [[] for _ in range(n)]  # advanced: starting animals not yet turned
        self.supply = [self.cat.lair_tokens, self.cat.water_tokens]
        self.pawn = 0
        self.order: Tuple[int, ...] = ()
        self.pick = 0
        self.round = 0
        self.phase = "take"
        self.held = -1
        self.held_slot = -1
        self.forced = False
        self.queue: List[tuple] = []  # orient: (player, k); cleanup: (player, cells)
        self.final: Optional[List[int]] = None
        self.winner: Optional[int] = None
        if self.scenario is None:
            self._setup_new()
        else:
            setup_scenario(self)

    def _read_options(self) -> None:
        opts = self.options
        n = opts.setdefault("players", self._check_options())
        adv = opts.get("advanced", False)
        if not isinstance(adv, bool):
            raise ScenarioError("options.advanced", f"must be true or false, not {adv!r}")
        if adv and n != 2:
            raise ScenarioError("options.advanced", f"the advanced mode is for 2 players, not {n}")
        if not adv:
            opts.pop("advanced", None)
        names = opts.get("names")
        if names is None:
            self.names = list(DEFAULT_NAMES[:n])
        else:
            if (not isinstance(names, list) or len(names) != n
                    or not all(isinstance(s, str) and 0 < len(s) <= 20 for s in names) or len(set(names)) != n):
                raise ScenarioError("options.names", f"must be a list of {n} different names of 1-20 characters")
            self.names = list(names)
        cat = opts.get("catalogue")
        if cat is None:
            self.cat = kit_catalogue()
        elif isinstance(cat, Catalogue):
            self.cat = cat
            opts["catalogue"] = cat.to_data()
        else:
            try:
                self.cat = catalogue_from_data(cat)
            except DataError as err:
                raise ScenarioError("options.catalogue" + ("." + err.field if err.field else ""), err.reason) from None
        self.n = n
        self.advanced = adv
        self.bounds = (8, 4) if adv else (4, 4)
        self.target = self.bounds[0] * self.bounds[1]
        self.starts = 2 if adv else 1
        need_a = n * self.starts + ROUNDS
        if len(self.cat.animals) < need_a or len(self.cat.paths) < 3 * ROUNDS:
            raise ScenarioError("options.catalogue", f"this game needs at least {need_a} animal cards and "
                                f"{3 * ROUNDS} path cards; the catalogue has {len(self.cat.animals)} and "
                                f"{len(self.cat.paths)}")

    def _setup_new(self) -> None:
        cat, rng, log = self.cat, self.rng, self.log
        self.deck_a = list(range(len(cat.animals)))
        self.deck_p = list(range(len(cat.animals), len(cat.cards)))
        rng.shuffle(self.deck_a)
        rng.shuffle(self.deck_p)
        log.append(Event("forest.setup.decks", f"The {len(self.deck_a)} animal cards and the {len(self.deck_p)} "
                         "path cards are shuffled into two decks"))
        for p in range(self.n):
            if self.advanced:
                self.start_cards[p] = [self.deck_a.pop(), self.deck_a.pop()]
                a, b = (self._cname(c) for c in self.start_cards[p])
                log.append(Event("forest.adv.two-animals", f"{self.names[p]} starts with {a} and {b}, side by side",
                                 p))
            else:
                card = self.deck_a.pop()
                self.forests[p].place((0, 0), cat.turned[card][0])
                log.append(Event("forest.setup.starting-animal", f"{self.names[p]} starts with {self._cname(card)} "
                                 "at (0, 0), its path leaving north (every turn of a lone card is alike)", p))
        log.append(Event("forest.setup.supply", f"{self.supply[0]} lair tokens and {self.supply[1]} water drops "
                         "form the supply"))
        self.pawn = rng.randrange(self.n)
        log.append(Event("forest.setup.first-player", f"{self.names[self.pawn]} is drawn to start and takes the "
                         "1st Player pawn", self.pawn))
        self._start_round(log)
        if self.advanced:
            self.phase = "orient"
            self.queue = [(p, k) for p in (self.pawn, 1 - self.pawn) for k in (0, 1)]

    # == the public reading API =================================================
    @property
    def catalogue(self) -> Catalogue:
        return self.cat

    def card(self, card_id: str):
        """The catalogue card with this id (``AnimalCard`` or ``PathCard``)."""
        return self.cat.card(card_id)

    @property
    def current_player(self) -> Optional[int]:
        ph = self.phase
        if ph == "over":
            return None
        if ph in ("orient", "cleanup"):
            return self.queue[0][0] if self.queue else None
        return self.order[self.pick] if self.pick < len(self.order) else None

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def market(self) -> Dict[str, Optional[str]]:
        """Advisor slot -> id of the card under it (None once taken), in board order
        rabbit, rooster, armadillo, goat."""
        return {s: (self.cat.cards[c].id if c >= 0 else None) for s, c in zip(SLOTS, self.offer)}

    @property
    def held_card(self) -> Optional[str]:
        """Id of the card taken this turn and not yet placed (None otherwise)."""
        return self.cat.cards[self.held].id if self.held >= 0 else None

    @property
    def held_from(self) -> Optional[str]:
        """The advisor slot the held card came from."""
        return SLOTS[self.held_slot] if self.held >= 0 else None

    @property
    def round_order(self) -> Tuple[int, ...]:
        """The seats in their order of picking this round (advanced: 4 picks)."""
        return self.order

    @property
    def picks_done(self) -> int:
        return self.pick

    @property
    def tokens(self) -> Dict[str, int]:
        """Tokens left in the supply."""
        return {"lair": self.supply[0], "water": self.supply[1]}

    @property
    def deck_sizes(self) -> Dict[str, int]:
        return {"animals": len(self.deck_a), "paths": len(self.deck_p)}

    @property
    def discard_pile(self) -> List[str]:
        return [self.cat.cards[c].id for c in self.discard]

    @property
    def total_rounds(self) -> int:
        """How many rounds the game lasts (every forest is complete after the last one)."""
        return ROUNDS

    @property
    def is_advanced(self) -> bool:
        """True in the advanced 2-player mode (8×4 forests, two starting animals)."""
        return self.advanced

    @property
    def forest_bounds(self) -> Tuple[int, int]:
        """The rectangle every forest must fit in, either way round: (4, 4) or (8, 4)."""
        return self.bounds

    def forest(self, player: int) -> Forest:
        """The forest of one seat (read it; change it only through moves)."""
        return self.forests[player]

    def player_name(self, player: int) -> str:
        return self.names[player]

    def forest_text(self, player: int) -> str:
        """Compact text form of one forest (round-trips through a scenario)."""
        return self.forests[player].to_text()

    def shared_path_to_clean(self) -> Optional[Tuple[Cell, ...]]:
        """In the clean-up phase: the animals (cells) sharing the path being decided."""
        return self.queue[0][1] if self.phase == "cleanup" else None

    def starting_animal(self) -> Optional[Tuple[str, Cell]]:
        """In the orient phase: the card id and cell of the animal being turned."""
        if self.phase != "orient":
            return None
        p, k = self.queue[0]
        return self.cat.cards[self.start_cards[p][k]].id, (k, 0)

    def legal_placements(self, slot: Optional[str] = None) -> Dict[Cell, Tuple[int, ...]]:
        """Cell -> legal rotations (degrees) for the card being placed, or, with
        ``slot`` during the take phase, for the card under that advisor (a preview)."""
        p = self.current_player
        if slot is None:
            if self.phase != "place":
                return {}
            card, forced = self.held, self.forced
        else:
            if self.phase != "take" or slot not in SLOTS or self.offer[SLOTS.index(slot)] < 0:
                return {}
            card, forced = self.offer[SLOTS.index(slot)], self._must_force(p)
        f = self.forests[p]
        out = {}
        for cell in f.fitting_cells():
            turns = f.legal_turns(cell, card, forced)
            if turns:
                out[cell] = tuple(q * 90 for q in turns)
        return out

    def card_locations(self) -> Dict[str, str]:
        """Where every card of the catalogue is: ``"deck"``, ``"market:<slot>"``,
        ``"held"``, ``"forest:<seat>"``, ``"start:<seat>"``, ``"discard"`` or ``"box"``.
        A card listed twice raises ``AssertionError`` (a broken state)."""
        ids = self.cat.cards
        out: Dict[str, str] = {}

        def put(idx, where):
            assert ids[idx].id not in out, f"{ids[idx].id} is both in {out[ids[idx].id]} and {where}"
            out[ids[idx].id] = where

        for c in self.deck_a + self.deck_p:
            put(c, "deck")
        for s, c in zip(SLOTS, self.offer):
            if c >= 0:
                put(c, f"market:{s}")
        if self.held >= 0:
            put(self.held, "held")
        for p, f in enumerate(self.forests):
            for t in f.cells.values():
                put(t.card, f"forest:{p}")
            for c in self.start_cards[p]:
                if c not in (t.card for t in f.cells.values()):
                    put(c, f"start:{p}")
        for c in self.discard:
            put(c, "discard")
        for c in self.box:
            put(c, "box")
        return out

    def to_scenario(self) -> dict:
        """The current position (at a take decision, or over) as scenario data."""
        return scenario_from_game(self)

    # == scoring =================================================================
    def score_breakdown(self, player: int) -> ForestScore:
        """How ``player``'s forest scores (live: as if the game ended now)."""
        return score_forest(self.forests[player], player, self.pawn == player)

    def scores(self) -> List[int]:
        if self.final is not None:
            return list(self.final)
        return [forest_total(f, self.pawn == p) for p, f in enumerate(self.forests)]

    def winners(self) -> List[int]:
        return [self.winner] if self.winner is not None else []

    def leader(self) -> int:
        """Who would win if the game ended now (ties broken as at the end)."""
        return self._tie_break(self.scores())[0]

    def _tie_break(self, totals: Sequence[int]) -> Tuple[int, List[int]]:
        best = max(totals)
        tied = [p for p, s in enumerate(totals) if s == best]
        for i in range(self.n):
            p = (self.pawn + i) % self.n
            if p in tied:
                return p, tied
        raise AssertionError("no winner")

    # == moves ===================================================================
    @classmethod
    def move_from_data(cls, data: Any):
        return move_from_data(data)

    def _generate_moves(self) -> List[Any]:
        ph = self.phase
        p = self.current_player
        if ph == "take":
            market = self.offer
            fits = [s for s in range(4) if market[s] >= 0 and self._placeable(p, market[s])]
            if not fits:
                fits = [s for s in range(4) if market[s] >= 0]
            return [_TAKES[p, s] for s in fits]
        if ph == "place":
            f = self.forests[p]
            held, forced = self.held, self.forced
            out = []
            for cell in f.fitting_cells():
                x, y = cell
                for q in f.legal_turns(cell, held, forced):
                    out.append(place_move(p, x, y, q))
            return out
        if ph == "lair":
            return [Lair(p, x, y) for (x, y) in self.forests[p].animal_cells()]
        if ph == "water":
            f = self.forests[p]
            return [Water(p, c[0], c[1], FOODS[k]) for c in f.animal_cells() for k in range(4)
                    if not f.drops.get(c, 0) >> k & 1]
        if ph == "cleanup":
            return [Keep(p, x, y) for (x, y) in self.queue[0][1]]
        if ph == "orient":
            _, k = self.queue[0]
            card = self.start_cards[p][k]
            turns = self.forests[p].legal_turns((k, 0), card) if k else (0, 1, 2, 3)
            return [Orient(p, q * 90) for q in turns]
        return []

    def _placeable(self, p: int, card: int) -> bool:
        f = self.forests[p]
        for cell in f.fitting_cells():
            if f.legal_turns(cell, card):
                return True
        return False

    def _must_force(self, p: int) -> bool:
        """True when no card left on the board fits (kit ruling K13)."""
        return not any(c >= 0 and self._placeable(p, c) for c in self.offer)

    # == applying moves ============================================================
    def _apply(self, move) -> List[Event]:
        kind = type(move)
        if kind is Place:
            return self._apply_place(move)
        if kind is Take:
            return self._apply_take(move)
        if kind is Lair:
            return self._apply_lair(move)
        if kind is Water:
            return self._apply_water(move)
        if kind is Keep:
            return self._apply_keep(move)
        if kind is Orient:
            return self._apply_orient(move)
        raise TypeError(f"not a forest move: {move!r}")

    def _apply_take(self, m: Take) -> List[Event]:
        p = m.player
        slot = SLOTS.index(m.slot)
        forced = self._must_force(p)
        card = self.offer[slot]
        self.offer[slot] = -1
        self.held, self.held_slot, self.forced = card, slot, forced
        self.phase = "place"
        name = self.names[p]
        gift = ("", " (with the 1st Player pawn)", " (with a lair token)", " (with a water drop)")[slot]
        rule = "forest.advisor.rabbit" if slot == RABBIT else "forest.turn.take"
        events = [Event(rule, f"{name} takes {self._cname(card)} from the {SLOTS[slot]}{gift}", p,
                        {"card": self.cat.cards[card].id, "slot": SLOTS[slot]})]
        if slot == ROOSTER:
            if self.pawn == p:
                events.append(Event("forest.advisor.rooster", f"{name} keeps the 1st Player pawn", p))
            else:
                self.pawn = p
                events.append(Event("forest.advisor.rooster", f"{name} takes the 1st Player pawn", p))
                if self.pick < len(self.order) - 1:
                    events.append(Event("forest.advisor.rooster-timing", "The order of this round does not "
                                        f"change; {name} plays first from the next round", p))
        if forced:
            events.append(Event("forest.place.forced", "No card on the board fits without putting two animals "
                                f"on one path: {name} places it anywhere next to the forest, inside the square", p))
        return events

    def _apply_place(self, m: Place) -> List[Event]:
        p, cell = m.player, (m.x, m.y)
        f = self.forests[p]
        card = self.held
        t = self.cat.turned[card][m.rotation // 90]
        joined = f.place(cell, t)
        self.held = -1
        name = self.names[p]
        text = f"{name} places {self._cname(card)} at ({m.x}, {m.y}) turned {m.rotation}°"
        if self.forced:
            events = [Event("forest.place.forced", text + " (forced placement)", p)]
            self.forced = False
        elif joined:
            events = [Event("forest.path.connect", text + ", joining the path" + ("s" if len(joined) > 1 else "")
                            + " next to it", p)]
        else:
            events = [Event("forest.place.free-paths", text + "; no path runs onto it yet", p)]
        if joined or t.is_animal:
            roots = set(joined)
            if t.is_animal:
                roots.add(f.path_root(cell))
            anim = f.anim
            if any(anim[r] for r in roots):
                for c in f.animal_cells():
                    if f.path_root(c) in roots:
                        events.append(self._path_event(p, f, c))
        slot = self.held_slot
        if slot == ARMADILLO:
            self._offer_lair(p, events)
        elif slot == GOAT:
            self._offer_water(p, events)
        else:
            self._end_turn(events)
        return events

    def _path_event(self, p: int, f: Forest, cell: Cell) -> Event:
        card = self.cat.cards[f.cells[cell].card]
        foods = [FOODS[k] for _, k in f.walk(cell)]
        room = card.capacity + f.lair.get(cell, 0)
        met = ", ".join(foods) if foods else "no food"
        if len(foods) > room:
            return Event("forest.score.collect-first", f"{self.names[p]}'s {card.name} meets {met}: it stores "
                         f"only the first {room}", p)
        return Event("forest.path.food-order", f"{self.names[p]}'s {card.name} now meets {met}, in this order",
                     p)

    def _offer_lair(self, p: int, events: List[Event]) -> None:
        f = self.forests[p]
        animals = f.animal_cells()
        if not self.supply[0]:
            events.append(Event("forest.setup.supply", "The lair supply is empty: no token", p))
        elif not animals:
            events.append(Event("forest.advisor.armadillo", f"{self.names[p]} has no animal for the lair token: it "
                                "stays in the supply", p))
        elif len(animals) == 1:
            events.extend(self._put_lair(p, animals[0], auto=True))
        else:
            self.phase = "lair"
            return
        self._end_turn(events)

    def _put_lair(self, p: int, cell: Cell, auto: bool = False) -> List[Event]:
        f = self.forests[p]
        before = f.lair.get(cell, 0)
        f.lair[cell] = before + 1
        self.supply[0] -= 1
        card = self.cat.cards[f.cells[cell].card]
        why = " (the only animal)" if auto else ""
        text = (f"{self.names[p]} puts a lair token on the {card.name}{why}: it now stores up to "
                f"{card.capacity + before + 1}")
        rule = "forest.advisor.armadillo-stack" if before else "forest.advisor.armadillo"
        if before:
            text += f" with {before + 1} lair tokens"
        events = [Event(rule, text, p, {"cell": list(cell)})]
        met = [FOODS[k] for _, k in f.walk(cell)]
        room = card.capacity + before + 1
        if len(met) >= room:
            events.append(Event("forest.score.capacity", f"The {card.name} now stores {', '.join(met[:room])}"
                                f" ({room} of the {len(met)} foods on its path)", p))
        return events

    def _offer_water(self, p: int, events: List[Event]) -> None:
        f = self.forests[p]
        corners = [(c, k) for c in f.animal_cells() for k in range(4) if not f.drops.get(c, 0) >> k & 1]
        if not self.supply[1]:
            events.append(Event("forest.setup.supply", "The water supply is empty: no drop", p))
        elif not corners:
            events.append(Event("forest.advisor.goat-no-corner", f"Every food corner of {self.names[p]}'s animals "
                                "already has a water drop: the drop goes back to the supply", p))
        elif len(corners) == 1:
            events.extend(self._put_water(p, corners[0][0], corners[0][1], auto=True))
        else:
            self.phase = "water"
            return
        self._end_turn(events)

    def _put_water(self, p: int, cell: Cell, k: int, auto: bool = False) -> List[Event]:
        f = self.forests[p]
        f.drops[cell] = f.drops.get(cell, 0) | (1 << k)
        self.supply[1] -= 1
        card = self.cat.cards[f.cells[cell].card]
        why = " (the only free corner)" if auto else ""
        rule = "forest.advisor.goat-corner-limit" if auto else "forest.advisor.goat"
        return [Event(rule, f"{self.names[p]} puts a water drop on the {card.name}'s {FOODS[k]} corner{why}: "
                      f"{FOOD_PLURALS[k]} are now worth {card.values[k] + 1} to it", p,
                      {"cell": list(cell), "food": FOODS[k]})]

    def _apply_lair(self, m: Lair) -> List[Event]:
        events = self._put_lair(m.player, (m.x, m.y))
        self._end_turn(events)
        return events

    def _apply_water(self, m: Water) -> List[Event]:
        events = self._put_water(m.player, (m.x, m.y), FOODS.index(m.food))
        self._end_turn(events)
        return events

    def _end_turn(self, events: List[Event]) -> None:
        self.pick += 1
        self.held_slot = -1
        if self.pick < len(self.order):
            self.phase = "take"
            return
        left = [c for c in self.offer if c >= 0]
        if left:
            names = ", ".join(self._cname(c) for c in left)
            events.append(Event("forest.round.leftovers", f"Round {self.round} ends: {names} "
                                f"{'is' if len(left) == 1 else 'are'} discarded"))
            if self.offer[ROOSTER] >= 0:
                events.append(Event("forest.advisor.rooster-untaken", "Nobody took the rooster's card: "
                                    f"{self.names[self.pawn]} keeps the 1st Player pawn", self.pawn))
            self.discard.extend(left)
            self.offer = [-1, -1, -1, -1]
        elif self.advanced:
            events.append(Event("forest.adv.refill", f"Round {self.round} ends with every card taken: nothing is "
                                "left over"))
        if all(f.is_full() for f in self.forests):
            self._end_game(events)
        else:
            self._start_round(events)

    def _start_round(self, events: List[Event]) -> None:
        self.round += 1
        market = self.offer
        for s in range(4):
            if market[s] < 0:
                deck = self.deck_a if s == RABBIT else self.deck_p
                if deck:
                    market[s] = deck.pop()
        offer = "; ".join(f"{self._cname(c)} under the {s}" for s, c in zip(SLOTS, market) if c >= 0)
        events.append(Event("forest.round.market", f"Round {self.round}: {offer}"))
        pawn, n = self.pawn, self.n
        if self.advanced:
            self.order = (pawn, 1 - pawn, pawn, 1 - pawn)
            events.append(Event("forest.adv.draft-order", f"{self.names[pawn]} picks 1st and 3rd, "
                                f"{self.names[1 - pawn]} 2nd and 4th", pawn))
        else:
            self.order = tuple((pawn + i) % n for i in range(n))
            events.append(Event("forest.round.order", "Order: " + ", ".join(self.names[p] for p in self.order),
                                pawn))
        self.pick = 0
        self.phase = "take"

    def _end_game(self, events: List[Event]) -> None:
        size = self.target
        events.append(Event("forest.end.trigger", f"Every forest holds {size} cards: the game ends"))
        order = [(self.pawn + i) % self.n for i in range(self.n)]
        self.queue = [(p, g) for p in order for g in self.forests[p].shared_paths()]
        if self.queue:
            self.phase = "cleanup"
            for p, g in self.queue:
                names = " and ".join(self._cname(self.forests[p].cells[c].card) for c in g)
                events.append(Event("forest.end.shared-path-cleanup", f"{self.names[p]}'s {names} share a path: "
                                    "only one may stay", p))
            return
        self._final_scoring(events)

    def _apply_keep(self, m: Keep) -> List[Event]:
        p, cell = m.player, (m.x, m.y)
        f = self.forests[p]
        group = self.queue.pop(0)[1]
        events = []
        for c in group:
            if c == cell:
                continue
            self.supply[0] += f.lair.get(c, 0)
            self.supply[1] += bin(f.drops.get(c, 0)).count("1")
            card = f.remove_animal(c)
            self.discard.append(card)
            events.append(Event("forest.end.shared-path-cleanup", f"{self.names[p]} keeps "
                                f"{self._cname(f.cells[cell].card)} and discards {self._cname(card)} at {c}: "
                                "it scores nothing", p))
        if not self.queue:
            self._final_scoring(events)
        return events

    def _final_scoring(self, events: List[Event]) -> None:
        self.phase = "over"
        totals = []
        for p in range(self.n):
            sb = self.score_breakdown(p)
            name = self.names[p]
            for a in sb.animals:
                if a.discarded:
                    continue
                stored = ", ".join(a.stored) or "nothing"
                events.append(Event("forest.score.food-value", f"{name}'s {a.name} stores {stored}: "
                                    f"{a.food_points} point{'s' if a.food_points != 1 else ''}", p,
                                    {"cell": list(a.cell), "points": a.food_points}))
            events.append(Event("forest.score.own-points", f"{name}'s animals score {sb.animal_points} points "
                                "themselves", p))
            if sb.pawn_point:
                events.append(Event("forest.score.rooster-point", f"{name} ends with the 1st Player pawn: +1", p))
            totals.append(sb.total)
        self.final = totals
        winner, tied = self._tie_break(totals)
        self.winner = winner
        if len(tied) == 1:
            events.append(Event("forest.end.winner", f"{self.names[winner]} wins with {totals[winner]} points",
                                winner, {"scores": list(totals)}))
        else:
            names = ", ".join(self.names[p] for p in tied)
            events.append(Event("forest.end.tie-break", f"{names} tie on {totals[winner]} points: "
                                f"{self.names[winner]} is first in turn order from the pawn holder and wins",
                                winner, {"scores": list(totals)}))

    def _apply_orient(self, m: Orient) -> List[Event]:
        p, k = self.queue.pop(0)
        card = self.start_cards[p][k]
        q = m.rotation // 90
        t = self.cat.turned[card][q]
        self.forests[p].place((k, 0), t)
        events = [Event("forest.adv.two-animals", f"{self.names[p]} lays {self._cname(card)} at ({k}, 0), turned "
                        f"{m.rotation}° (its path leaves {EDGE_NAMES[t.exit]})", p)]
        if not self.queue:
            self.start_cards = [[] for _ in range(self.n)]
            self.phase = "take"
        return events

    # == why a move is not legal =================================================
    def _diagnose(self, move) -> Optional[IllegalMove]:
        if not isinstance(move, (Take, Place, Lair, Water, Keep, Orient)):
            return IllegalMove("forest.turn.take", f"{move!r} is not a Savernake Forest move", move)
        ph, p = self.phase, self.current_player
        wanted = {"take": Take, "place": Place, "lair": Lair, "water": Water, "cleanup": Keep,
                  "orient": Orient}[ph]
        if not isinstance(move.player, int) or isinstance(move.player, bool) or not 0 <= move.player < self.n:
            return IllegalMove("forest.round.order", f"there is no seat {move.player!r} in this game", move)
        if move.player != p:
            return IllegalMove("forest.round.order", f"it is {self.names[p]}'s decision, not "
                               f"{self.names[move.player]}'s", move)
        if type(move) is not wanted:
            return IllegalMove(*self._wrong_phase(ph), move)
        if isinstance(move, Take):
            return self._why_not_take(move)
        if isinstance(move, Place):
            return self._why_not_place(move, self.held, self.forced)
        if isinstance(move, Orient):
            _, k = self.queue[0]
            return self._why_not_place(Place(p, k, 0, move.rotation), self.start_cards[p][k], False)
        cell = (move.x, move.y)
        f = self.forests[p]
        if isinstance(move, Keep):
            group = self.queue[0][1]
            return IllegalMove("forest.end.shared-path-cleanup", f"the animal to keep must be one of those sharing "
                               f"the path: {', '.join(str(c) for c in group)}; {cell} is not", move)
        t = f.cells.get(cell) if isinstance(move.x, int) and isinstance(move.y, int) else None
        rule = "forest.advisor.armadillo" if isinstance(move, Lair) else "forest.advisor.goat"
        if t is None or not t.is_animal:
            return IllegalMove(rule, f"there is no animal of {self.names[p]}'s at {cell}", move)
        if isinstance(move, Water):
            if move.food not in FOODS:
                return IllegalMove(rule, f"{move.food!r} is not a food corner: use {', '.join(FOODS)}", move)
            return IllegalMove("forest.advisor.goat-corner-limit", f"the {self.cat.cards[t.card].name}'s "
                               f"{move.food} corner already has a water drop", move)
        return None

    def _wrong_phase(self, ph: str) -> Tuple[str, str]:
        if ph == "take":
            return "forest.turn.take", "first take a card from the board"
        if ph == "place":
            return "forest.turn.take", f"first place {self._cname(self.held)}, the card just taken"
        if ph == "lair":
            return "forest.advisor.armadillo", "first choose the animal that gets the lair token"
        if ph == "water":
            return "forest.advisor.goat", "first choose the animal corner that gets the water drop"
        if ph == "cleanup":
            return "forest.end.shared-path-cleanup", "the game is over except for choosing which animal keeps " \
                                                     "the shared path"
        return "forest.adv.two-animals", "first turn the starting animals"

    def _why_not_take(self, m: Take) -> IllegalMove:
        if m.slot not in SLOTS:
            return IllegalMove("forest.round.market", f"there is no advisor {m.slot!r}: the advisors are "
                               f"{', '.join(SLOTS)}", m)
        card = self.offer[SLOTS.index(m.slot)]
        if card < 0:
            return IllegalMove("forest.turn.no-refill", f"the {m.slot}'s card was already taken this round", m)
        return IllegalMove("forest.place.one-animal-per-path", f"{self._cname(card)} fits nowhere in "
                           f"{self.names[m.player]}'s forest without putting two animals on one path, and "
                           "another card on the board does fit", m)

    def _why_not_place(self, m: Place, card: int, forced: bool) -> IllegalMove:
        f = self.forests[m.player]
        try:
            q = check_rotation(m.rotation)
        except ValueError as err:
            return IllegalMove("forest.place.rotation", str(err), m)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (m.x, m.y)):
            return IllegalMove("forest.place.adjacent", f"({m.x!r}, {m.y!r}) is not a cell", m)
        cell = (m.x, m.y)
        if cell in f.cells:
            return IllegalMove("forest.place.adjacent", f"{cell} already holds "
                               f"{self._cname(f.cells[cell].card)}: choose an empty cell", m)
        if not f.is_adjacent(cell):
            return IllegalMove("forest.place.adjacent", f"{cell} shares no edge with a card of the forest", m)
        if not f.fits(cell):
            if self.advanced:
                return IllegalMove("forest.adv.8x4", f"a card at {cell} would take the forest outside an 8×4 "
                                   "rectangle", m)
            return IllegalMove("forest.place.4x4", f"a card at {cell} would take the forest outside a 4×4 "
                               "square", m)
        animals = f.animals_on_joined_path(cell, self.cat.turned[card][q])
        names = " and ".join(f"the {self.cat.cards[f.cells[c].card].name} at {c}" if c in f.cells
                             else f"{self._cname(card)} itself" for c in animals)
        return IllegalMove("forest.place.one-animal-per-path", f"turned {m.rotation}° at {cell}, "
                           f"{self._cname(card)} would put {names} on one path", m)

    # == copies, text ================================================================
    def copy(self) -> "ForestGame":
        """A fast independent copy (no deep copy: the catalogue is shared, it never changes)."""
        new = object.__new__(type(self))
        d = dict(self.__dict__)
        d["options"] = dict(self.options)
        d["rng"] = random.Random()
        d["rng"].setstate(self.rng.getstate())
        d["history"] = list(self.history)
        d["log"] = list(self.log)
        d["_legal"] = None
        d["_legal_index"] = None
        d["forests"] = [f.copy() for f in self.forests]
        for key in ("deck_a", "deck_p", "offer", "discard", "box", "supply", "queue", "names"):
            d[key] = list(d[key])
        d["start_cards"] = [list(s) for s in self.start_cards]
        if self.final is not None:
            d["final"] = list(self.final)
        new.__dict__.update(d)
        return new

    def _cname(self, card: int) -> str:
        c = self.cat.cards[card]
        return f"the {c.name}" if c.kind == "animal" else f"path card {c.id}"

    def _doing(self) -> str:
        if self.phase == "over":
            return "game over"
        who = self.names[self.current_player]
        return {"take": f"{who} to take a card", "place": f"{who} to place {self._cname(self.held)}" if
                self.held >= 0 else "", "lair": f"{who} to choose the animal for the lair token",
                "water": f"{who} to choose the corner for the water drop",
                "cleanup": f"{who} to choose which animal keeps the shared path",
                "orient": f"{who} to turn a starting animal"}[self.phase]

    def __str__(self) -> str:
        mode = "advanced 2-player" if self.advanced else f"{self.n} players"
        lines = [f"Savernake Forest ({mode}), round {self.round}: {self._doing()}"]
        slots = " | ".join(f"{s} {(self.cat.cards[c].id if c >= 0 else '-')}" for s, c in zip(SLOTS, self.offer))
        lines.append(f"Market: {slots}")
        lines.append(f"Pawn: {self.names[self.pawn]}   Supply: {self.supply[0]} lair, {self.supply[1]} water   "
                     f"Decks: {len(self.deck_a)} animals, {len(self.deck_p)} paths   Discard: {len(self.discard)}")
        totals = self.scores()
        for p, f in enumerate(self.forests):
            lines.append(f"{self.names[p]}: {f.size} cards, {totals[p]} points")
            lines.append(str(f))
            tokens = [f"{self.cat.cards[f.cells[c].card].name} {c}: lair {f.lairs(c)}, water "
                      f"{','.join(f.water(c)) or '-'}" for c in f.animal_cells() if f.lairs(c) or f.water(c)]
            if tokens:
                lines.append("  tokens: " + "; ".join(tokens))
        return "\n".join(lines)

    # == greedy bots ===================================================================
    def greedy_values(self, moves: Sequence[Any]) -> List[float]:
        """The score of the mover's forest right after each move (for ``GreedyBot``).

        A take is valued by the best placement of that card plus the best use of
        its advisor's benefit, so the greedy bot weighs the whole turn."""
        p = self.current_player
        return [float(self._greedy_value(p, m)) for m in moves]

    def _greedy_value(self, p: int, m) -> int:
        f = self.forests[p]
        pawn = self.pawn == p
        if isinstance(m, Take):
            slot = SLOTS.index(m.slot)
            card = self.offer[slot]
            forced = self._must_force(p)
            best = None
            for cell in f.fitting_cells():
                for q in f.legal_turns(cell, card, forced):
                    g = f.copy()
                    g.place(cell, self.cat.turned[card][q])
                    v = forest_total(g, pawn or slot == ROOSTER) + self._best_bonus(g, slot)
                    if best is None or v > best:
                        best = v
            return best if best is not None else forest_total(f, pawn)
        if isinstance(m, (Place, Orient)):
            card, cell, q = ((self.held, m.cell, m.rotation // 90) if isinstance(m, Place)
                             else (self.start_cards[p][self.queue[0][1]], (self.queue[0][1], 0), m.rotation // 90))
            g = f.copy()
            g.place(cell, self.cat.turned[card][q])
            return forest_total(g, pawn)
        g = f.copy()
        if isinstance(m, Lair):
            g.lair[m.cell] = g.lair.get(m.cell, 0) + 1
        elif isinstance(m, Water):
            g.drops[m.cell] = g.drops.get(m.cell, 0) | (1 << FOODS.index(m.food))
        elif isinstance(m, Keep):
            return quick_total(f, m.cell) + forest_total(f, pawn) - max(quick_total(f, c) for c in self.queue[0][1])
        return forest_total(g, pawn)

    def _best_bonus(self, f: Forest, slot: int) -> int:
        """Most points a lair token or water drop could add to forest ``f``."""
        if slot == ARMADILLO and self.supply[0]:
            gains = []
            for c in f.animal_cells():
                before = quick_total(f, c)
                f.lair[c] = f.lair.get(c, 0) + 1
                gains.append(quick_total(f, c) - before)
                f.lair[c] -= 1
            return max(gains, default=0)
        if slot == GOAT and self.supply[1]:
            best = 0
            for c in f.animal_cells():
                card = self.cat.cards[f.cells[c].card]
                room = card.capacity + f.lair.get(c, 0)
                stored = [k for _, k in f.walk(c)[:room]]
                for k in range(4):
                    if not f.drops.get(c, 0) >> k & 1:
                        best = max(best, stored.count(k))
            return best
        return 0
