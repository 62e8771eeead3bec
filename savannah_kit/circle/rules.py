"""Circle of Life: on the Savannah — the rules engine.

The state (``CircleState``, see ``circle.state``) holds the savannah row, the
hands, kill piles, bonus points, token supply, draw pile, the cards out of the
game and whose turn it is. A turn is one ``Play`` or ``Discard``; once the draw
pile is empty each player makes one ``LastDiscard`` and the game is scored.
Why a move is illegal is worked out in ``circle.explain``, the scoring steps in
``circle.scoring``, the words and the text board in ``circle.text``.
"""

from __future__ import annotations

import copy
from itertools import combinations
from typing import AbstractSet, Any, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from ..core.errors import DataError, IllegalMove, ScenarioError
from ..core.events import Event
from ..core.game import Game
from . import scoring
from .bots import BIG_FIVE_WEIGHT
from .data import Catalogue, default_catalogue, original_catalogue, parse_catalogue
from .explain import diagnose
from .hidden import unseen_cards
from .moves import Discard, LastDiscard, Move, Play, move_from_data
from .scenario import build_position, position_data, seat_number, whole_number
from .state import CircleState, Phase
from .tables import broken_condition, tables_for
from .text import board_text, describe, player_name


_NOTHING_TAKEN: FrozenSet[int] = frozenset()  # the cards taken by a card that does not hunt


class CircleGame(Game):
    """A game of Circle of Life: on the Savannah (see the module docstring for the state)."""

    name = "circle"
    package = "savannah_kit.circle"
    Phase = Phase
    move_types = (Play, Discard, LastDiscard)
    option_names = ("players", "first_player", "tokens", "catalogue", "tie_break", "species", "own_cards",
                    "hunts")
    turn_rule = "circle.turn.steps"
    end_rule = "circle.end.trigger"
    player_name = staticmethod(player_name)
    state: CircleState

    # -- set-up ------------------------------------------------------------------
    def _setup(self) -> None:
        players = self._check_options()
        self.catalogue = self._read_catalogue()
        self.tie_break = self.option("tie_break")
        self.own_cards_safe = self.option("own_cards") == "safe"  # decision B10, the other reading
        self.hunts_optional = self.option("hunts") == "optional"  # kit ruling K11, the house rule
        self.tables = tables_for(self.catalogue)
        first = seat_number(self.options.get("first_player", 0), "options.first_player", players)
        tokens = self.options.get("tokens", self.catalogue.setup["tokens"])
        if tokens is not None:  # None: tokens never run out (kit ruling K16)
            tokens = whole_number(tokens, "options.tokens", 99)
        setup, size = self.catalogue.setup, self.catalogue.size
        if size < setup["savannah"] + setup["hand"] * players + 1:
            raise ScenarioError("options.players", f"{size} cards are too few for {players} players")
        if self.scenario is not None:
            self.state = build_position(self.scenario, self.catalogue, players, tokens, first, self.rng)
        else:
            self.state = self._deal(players, tokens, first)
        if not self.state.draw_pile:
            self._start_last_discards(self.state.to_move)

    def _read_catalogue(self) -> Catalogue:
        """The kit catalogue, or the one given as data (a private copy: later edits to the
        caller's dict cannot change replays)."""
        raw = self.options.get("catalogue")
        species = self.option("species")
        if raw is None:
            return default_catalogue() if species == "kit" else original_catalogue()
        if species != "kit":
            raise ScenarioError("options.species", "chooses a table of the kit's catalogue: leave it out when "
                                                   "giving catalogue=")
        raw = self.options["catalogue"] = copy.deepcopy(raw)
        try:
            return parse_catalogue(raw)
        except DataError as err:
            raise ScenarioError("options.catalogue" + ("." + err.field if err.field else ""), err.reason) from None

    def _deal(self, players: int, tokens: Optional[int], first: int) -> CircleState:
        """The normal set-up: shuffle, lay the starting savannah (no Maasai), deal hands."""
        catalogue = self.catalogue
        deck = list(range(catalogue.size))
        self.rng.shuffle(deck)
        row: List[int] = []
        while len(row) < catalogue.setup["savannah"]:
            card = deck.pop()
            if catalogue.card_species[card].starting_savannah:
                row.append(card)
            else:  # shuffled back into the deck and replaced
                deck.insert(self.rng.randrange(len(deck) + 1), card)
                self.log.append(Event("circle.setup.savannah", f"{catalogue.label(card)} was drawn for the "
                                                               f"starting savannah: it is shuffled back into the "
                                                               f"deck and another card is drawn"))
        hands: List[List[int]] = [[] for _ in range(players)]
        for _ in range(catalogue.setup["hand"]):
            for hand in hands:
                hand.append(deck.pop())
        return CircleState(row=row, owners=[-1] * len(row), hands=hands, kill_piles=[[] for _ in range(players)],
                           bonus=[0] * players, supply=None if tokens is None else [tokens] * players,
                           draw_pile=deck, out_of_game=[], box=[],
                           to_move=first)

    def _start_last_discards(self, start: int) -> None:
        """Each player with a full hand discards once more, in seat order from ``start``; then the game is over."""
        st = self.state
        full = self.catalogue.setup["hand"]
        seats = len(st.hands)
        for k in range(seats):
            p = (start + k) % seats
            if len(st.hands[p]) == full:
                st.phase, st.to_move = Phase.LAST_DISCARDS, p
                return
        st.phase, st.to_move = Phase.OVER, None

    # -- protocol ------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def current_player(self) -> Optional[int]:
        return self.state.to_move  # None once the game is over

    @property
    def is_over(self) -> bool:
        return self.state.to_move is None  # the same as phase OVER, and cheaper: bots ask after every move

    @classmethod
    def move_from_data(cls, data: Any) -> Move:
        return move_from_data(data)

    # -- legal moves -----------------------------------------------------------------
    def playable(self, player: Optional[int] = None) -> List[str]:
        """Ids of the cards in ``player``'s hand (default: the current player) that may be played now."""
        st = self.state
        hand = st.hands[st.to_move if player is None else player]
        return [self.catalogue.ids[c] for c in hand if broken_condition(self.tables.restrict[c], st.row) is None]

    def _choices(self, branches, p: int, removed) -> List[Tuple[int, Tuple[int, ...]]]:
        """Every (branch, targets) an action allows on the snapshot (positions 0..p-1 of the row
        plus the played card at p); ``removed`` holds cards already taken this turn (and those
        safe from the player's hunts: ``safe_cards``). ``(0, ())`` takes nothing: the only
        answer when nothing is in reach, and with ``hunts='optional'`` the last one always
        (declining the hunt)."""
        row = self.state.row
        found: List[Tuple[int, Tuple[int, ...]]] = []
        seen = set()
        for b, (kill, count, table, reach) in enumerate(branches):
            cand = [x for x in row[max(0, p - reach):p] if table[x] and x not in removed]
            if not cand:
                continue
            if count is None or count >= len(cand):
                options = [tuple(sorted(cand))]
            elif count == 1:
                options = [(x,) for x in cand]
            else:
                options = [tuple(sorted(t)) for t in combinations(cand, count)]
            for t in options:
                key = (kill, t)
                if key not in seen:
                    seen.add(key)
                    found.append((b, t))
        if found and self.hunts_optional:
            found.append((0, ()))
        return found or [(0, ())]

    def safe_cards(self, player: int) -> FrozenSet[int]:
        """The savannah cards ``player``'s hunts may not take: none, or with ``own_cards='safe'``
        those carrying their own token."""
        if not self.own_cards_safe:
            return _NOTHING_TAKEN
        st = self.state
        return frozenset(x for x, owner in zip(st.row, st.owners) if owner == player)

    def _play_moves(self, card: int) -> List[Play]:
        """Every ``Play`` of ``card``: one per combination of its actions' choices, top to bottom."""
        acts = self.tables.actions[card]
        ids = self.catalogue.ids
        cid = ids[card]
        if not acts:
            return [Play(cid)]
        p = len(self.state.row)
        safe = self.safe_cards(self.state.to_move)  # counted as taken already: never a target
        if len(acts) == 1:
            return [Play(cid, ((b, tuple(ids[x] for x in t)),)) for b, t in self._choices(acts[0], p, safe)]
        moves: List[Play] = []

        def walk(k: int, removed: frozenset, acc: tuple) -> None:
            if k == len(acts):
                moves.append(Play(cid, acc))
                return
            for b, t in self._choices(acts[k], p, removed):
                walk(k + 1, removed.union(t) if t else removed, acc + ((b, tuple(ids[x] for x in t)),))

        walk(0, safe, ())
        return moves

    def _generate_moves(self) -> List[Move]:
        st = self.state
        hand = st.hands[st.to_move]
        ids = self.catalogue.ids
        if st.phase is Phase.LAST_DISCARDS:
            return [LastDiscard(ids[c]) for c in hand]
        moves: List[Move] = []
        restrict, row = self.tables.restrict, st.row
        for c in hand:
            if broken_condition(restrict[c], row) is None:
                moves.extend(self._play_moves(c))
        return moves or [Discard(ids[c]) for c in hand]

    def _diagnose(self, move: Any) -> Optional[IllegalMove]:
        return diagnose(self, move)

    # -- applying moves ----------------------------------------------------------------
    def _apply(self, move: Move) -> List[Event]:
        if type(move) is Play:
            return self._apply_play(move)
        if type(move) is Discard:
            return self._apply_discard(move)
        return self._apply_last_discard(move)

    def _next_turn(self, player: int, events: List[Event]) -> None:
        """The next seat plays, unless this turn emptied the draw pile: then the last discards begin."""
        st = self.state
        st.turns_played += 1
        following = (player + 1) % len(st.hands)
        if st.draw_pile:
            st.to_move = following
            return
        events.append(Event("circle.end.trigger", "The draw pile is empty: the game ends with this turn; "
                                                  "each player now discards one last card", player))
        self._start_last_discards(following)

    def _draw(self, player: int, events: List[Event]) -> None:
        """Step C: draw back up from the top of the draw pile (nothing once it is empty)."""
        st = self.state
        if st.draw_pile:
            st.hands[player].append(st.draw_pile.pop())
            events.append(Event("circle.draw.refill", f"{player_name(player)} draws a card "
                                                      f"({len(st.draw_pile)} left in the draw pile)", player))

    def _discard(self, cid: str) -> Tuple[int, int]:
        """Move ``cid`` from the hand of the player to move out of the game; returns (player, card)."""
        st = self.state
        player = st.to_move
        card = self.catalogue.index[cid]
        st.hands[player].remove(card)
        st.out_of_game.append(card)
        return player, card

    def _apply_discard(self, move: Discard) -> List[Event]:
        player, card = self._discard(move.card)
        events = [Event("circle.play.unplayable-discard",
                        f"{player_name(player)} cannot play any card and discards {self.catalogue.label(card)} "
                        f"out of the game", player, {"card": move.card})]
        self._draw(player, events)
        self._next_turn(player, events)
        return events

    def _apply_last_discard(self, move: LastDiscard) -> List[Event]:
        player, card = self._discard(move.card)
        st = self.state
        events = [Event("circle.end.last-discard", f"{player_name(player)} discards {self.catalogue.label(card)} "
                                                   f"and keeps {len(st.hands[player])} cards", player,
                        {"card": move.card})]
        self._start_last_discards((player + 1) % len(st.hands))
        if st.phase is Phase.OVER:
            events.extend(scoring.final_events(self))
        return events

    def _apply_play(self, move: Play) -> List[Event]:
        """A turn: A place the card, B resolve its hunting actions (and the lookout), C draw,
        D re-order the savannah."""
        st = self.state
        player = st.to_move
        card = self.catalogue.index[move.card]
        st.hands[player].remove(card)
        events = [self._place(card, player, move.card)]
        taken = self._hunt(card, player, move.actions, events) if move.actions else _NOTHING_TAKEN
        if self.tables.lookout[card] is not None:
            events.append(self._look_out(card, player, taken))
        self._draw(player, events)
        self._reorder(card, player, taken, events)
        self._next_turn(player, events)
        return events

    def _place(self, card: int, player: int, cid: str) -> Event:
        """Step A: the card goes to the right end, with one of the player's tokens (always, unless the
        game counts tokens with ``tokens=N`` and the player has none left)."""
        st = self.state
        st.row.append(card)
        colour, name = player_name(player), self.catalogue.name[card]
        if st.supply is None or st.supply[player] > 0:
            if st.supply is not None:
                st.supply[player] -= 1
            st.owners.append(player)
            return Event("circle.play.place-right", f"{colour} plays {name} ({cid}) at the right end of the "
                                                    f"savannah, with a {colour.lower()} token", player, {"card": cid})
        st.owners.append(-1)
        return Event("circle.play.no-tokens", f"{colour} has no token left: {name} ({cid}) is played unmarked",
                     player, {"card": cid})

    def _hunt(self, card: int, player: int, choices, events: List[Event]) -> Set[int]:
        """Step B: each action in turn, top to bottom. Taken cards keep their places until step D, so
        every action counts its reach on the savannah as it was; returns the cards taken."""
        taken: Set[int] = set()
        actions = self.tables.actions[card]
        hunter = self.catalogue.name[card]
        for k, (branch, targets) in enumerate(choices):
            if not targets:
                events.append(self._no_hunt(card, k, player, taken))
                continue
            kill = actions[k][branch][0]
            for tid in targets:
                events.extend(self._take(tid, kill, player, hunter, taken))
        return taken

    def _no_hunt(self, card: int, k: int, player: int, taken: AbstractSet[int]) -> Event:
        """An action that takes nothing: skipped with nothing in reach, or (``hunts='optional'``)
        declined by the player."""
        hunter = self.catalogue.name[card]
        if self.hunts_optional:
            removed = self.safe_cards(player).union(taken)
            if self._choices(self.tables.actions[card][k], len(self.state.row) - 1, removed) != [(0, ())]:
                return Event("circle.hunt.mandatory", f"{player_name(player)} declines {hunter}'s action {k + 1} "
                                                      f"(option hunts='optional'): it takes nothing", player)
        return Event("circle.hunt.mandatory", f"{hunter}'s action {k + 1} has no target in reach: skipped", player)

    def _take(self, tid: str, kill: bool, player: int, hunter: str, taken: Set[int]) -> List[Event]:
        """One target: killed into the hunter's kill pile or scared out of the game; a token on it
        goes back to its owner."""
        st, catalogue = self.state, self.catalogue
        x = catalogue.index[tid]
        owner = st.owners[st.row.index(x)]
        taken.add(x)
        colour = player_name(player)
        label = f"{catalogue.name[x]} ({tid}, level {catalogue.level[x]})"
        if kill:
            st.kill_piles[player].append(x)
            rule = "circle.hunt.own-cards" if owner == player else "circle.hunt.kill"
            text = f"{colour}'s {hunter} kills {label} into {colour}'s kill pile"
        else:
            st.out_of_game.append(x)
            rule = "circle.hunt.own-cards" if owner == player else "circle.hunt.scare"
            text = f"{colour}'s {hunter} scares {label} out of the game"
        events = [Event(rule, text, player, {"card": tid})]
        if owner >= 0:
            if st.supply is not None:
                st.supply[owner] += 1
            events.append(Event("circle.hunt.tokens-return", f"{player_name(owner)}'s token on the "
                                                             f"{catalogue.name[x]} goes back to "
                                                             f"{player_name(owner)}", owner))
        return events

    def _look_out(self, card: int, player: int, taken: AbstractSet[int]) -> Event:
        """The Giraffe: a bonus point per matching card within reach that is still there, up to its max."""
        table, reach, most = self.tables.lookout[card]
        row = self.state.row
        p = len(row) - 1
        seen = sum(1 for x in row[max(0, p - reach):p] if table[x] and x not in taken)
        gain = min(seen, most)
        self.state.bonus[player] += gain
        return Event("circle.special.giraffe", f"{player_name(player)}'s {self.catalogue.name[card]} spots "
                                               f"{seen} predator{'' if seen == 1 else 's'}: +{gain} bonus point"
                                               f"{'' if gain == 1 else 's'}", player)

    def _reorder(self, card: int, player: int, taken: AbstractSet[int], events: List[Event]) -> None:
        """Step D: the cards of the played card's group move, in order, directly left of it; the
        cards taken in step B leave and the gaps close."""
        st = self.state
        row, owners = st.row, st.owners
        p = len(row) - 1
        group = self.tables.group
        g = group[card]
        left = [i for i in range(p) if row[i] not in taken] if taken else range(p)
        mine = [group[row[i]] == g for i in left]
        end = len(mine)
        while end and mine[end - 1]:  # the group's cards already next to the played card stay put
            end -= 1
        if any(mine[:end]):  # one lies left of another group's card: the group gathers
            moving = [i for i, m in zip(left, mine) if m]
            order = [i for i, m in zip(left, mine) if not m] + moving
            events.append(Event("circle.reorder.group", f"The {g} cards on the left move next to the "
                                                        f"{self.catalogue.name[card]}: "
                                + ", ".join(self.catalogue.name[row[i]] for i in moving), player))
        elif taken:
            order = left
        else:  # nothing taken, nothing moves
            return
        st.row = [row[i] for i in order] + [card]
        st.owners = [owners[i] for i in order] + [owners[p]]
        if taken:
            events.append(Event("circle.reorder.close-gaps", f"The savannah closes its gaps: "
                                                             f"{len(st.row)} cards in line", player))

    # -- scoring ------------------------------------------------------------------------
    def score_breakdown(self, player: int) -> scoring.CircleScore:
        """Where every point of ``player`` comes from, step by step. The hand and Maasai penalties
        count only once the draw pile is empty: until then hands and the row change (for the score
        "if it ended now", see ``score_if_ended_now``)."""
        return scoring.breakdown(self, player)

    def score_if_ended_now(self, player: int) -> scoring.CircleScore:
        """What ``player`` would score if the game ended now, e.g. to compare moves or to teach the
        scoring mid-game: like ``score_breakdown`` but the hand and Maasai penalties count already,
        a full hand first making its best last discard (the card with the highest penalty). Once
        the game is over it is the final score."""
        seat_number(player, "player", self.players)
        return scoring.breakdown(self, player, if_ended_now=True)

    def scores(self) -> List[int]:
        return [sum(scoring.step_points(self, p)) for p in range(len(self.state.hands))]

    def predators_killed(self) -> List[int]:
        predator = self.catalogue.predator
        return [sum(1 for c in pile if predator[c]) for pile in self.state.kill_piles]

    def cards_killed(self) -> List[int]:
        return [len(pile) for pile in self.state.kill_piles]

    def winners(self) -> List[int]:
        """Seats with the best total, then the most predators killed; still tied, they share the win
        (option ``tie_break="kills"``: the most cards killed first). [] until the end."""
        if not self.is_over:
            return []
        scores = self.scores()
        best = max(scores)
        tied = [p for p, s in enumerate(scores) if s == best]
        if len(tied) == 1:
            return tied
        for counts in (self.predators_killed(), self.cards_killed()):
            most = max(counts[p] for p in tied)
            tied = [p for p in tied if counts[p] == most]
            if self.tie_break == "share":  # kit ruling K12: still tied after the predators, they share
                break
        return tied

    def evaluate(self, player: int) -> float:
        """Points so far (kills plus survivors plus bonuses; penalties once the draw pile is empty)."""
        return float(sum(scoring.step_points(self, player)))

    def big_five_kinds(self, player: int) -> int:
        """How many of the Big Five species ``player``'s kill pile holds (5 scores the bonus)."""
        killed = {self.catalogue.name[c] for c in self.state.kill_piles[player]}
        return sum(1 for name in self.catalogue.big_five_species if name in killed)

    def search_values(self, moves: Sequence[Move]) -> List[float]:
        """How promising each move looks to the tree search (``core.search``): the Big Five
        bot's values, so that the moves it searches first and keeps include those that work
        towards the +25 bonus, which immediate points alone never rank high."""
        return self.greedy_values(moves, BIG_FIVE_WEIGHT)

    def greedy_values(self, moves: Sequence[Move], big_five_weight: float = 0.0) -> List[float]:
        """The value of each move for the player making it (``GreedyBot``'s fast path): each move is
        applied to a copy of the state only, as ``_apply`` changes nothing else. ``big_five_weight``
        adds that much per Big Five species in the kill pile, so a bot can work towards the bonus
        (``circle.bots.BigFiveBot``): the +25 itself comes only with the fifth kind.

        Only what the player can know goes in: the card drawn in step C is not looked at (it
        leaves the draw pile but not into the hand), and when its draw empties the pile, so that
        hand penalties start to count, the drawn card counts the mean penalty of the cards the
        player cannot see (``circle.hidden``)."""
        player = self.state.to_move
        trial = copy.copy(self)
        trial._draw = lambda p, events: trial.state.draw_pile.pop() if trial.state.draw_pile else None
        unknown_penalty = None
        values = []
        for move in moves:
            trial.state = self.state.copy()
            trial._apply(move)
            value = trial.evaluate(player)
            if trial.state.phase is not Phase.PLAY and len(trial.state.draw_pile) < len(self.state.draw_pile):
                if unknown_penalty is None:
                    unknown_penalty = self._unseen_mean_penalty(player)
                value -= unknown_penalty
            if big_five_weight:
                value += big_five_weight * trial.big_five_kinds(player)
            values.append(value)
        return values

    def _unseen_mean_penalty(self, player: int) -> float:
        """The hand penalty ``player`` can expect from a card it cannot see (the next draw)."""
        unseen = unseen_cards(self, player)
        penalty = self.catalogue.penalty
        return sum(penalty[c] for c in unseen) / len(unseen) if unseen else 0.0

    # -- views -----------------------------------------------------------------------------
    def _card_data(self, card: int, owner: int) -> dict:
        sp = self.catalogue.card_species[card]
        return {"card": self.catalogue.ids[card], "species": sp.name, "level": sp.level, "group": sp.group,
                "predator": sp.predator, "big_five": sp.big_five, "token": None if owner < 0 else owner}

    def view(self, player: Optional[int] = None) -> dict:
        """What ``player`` may see, as plain data; ``player=None`` is the full state (every hand and the
        draw pile in order, top first)."""
        seat_number(player, "player", self.players, allow_none=True)
        st, ids = self.state, self.catalogue.ids
        data: Dict[str, Any] = {
            "viewer": player, "players": self.players, "phase": str(st.phase), "to_move": st.to_move,
            "savannah": [self._card_data(c, o) for c, o in zip(st.row, st.owners)],
            "hand_sizes": [len(h) for h in st.hands], "supply": None if st.supply is None else list(st.supply),
            "kill_piles": [[ids[c] for c in pile] for pile in st.kill_piles], "bonus": list(st.bonus),
            "draw_pile_size": len(st.draw_pile), "out": [ids[c] for c in st.out_of_game],
            "scores": self.scores(),
        }
        if player is None:
            data["hands"] = [[ids[c] for c in h] for h in st.hands]
            data["draw_pile"] = [ids[c] for c in reversed(st.draw_pile)]
            data["box"] = [ids[c] for c in st.box]
        else:
            data["hand"] = [ids[c] for c in st.hands[player]]
        return data

    def to_scenario(self) -> dict:
        """The current position as scenario data (card ids): ``circle.from_scenario(data)`` rebuilds it,
        the last discards included (an empty draw pile starts them)."""
        return position_data(self.state, self.catalogue)

    def describe(self, move: Optional[Move] = None) -> str:
        """A move in words, with species names: "Play Lion (C01): kill Zebra (C35)"; without a
        move, the position in a few sentences (``core.game.Game.describe``)."""
        if move is None:
            return super().describe()
        return describe(self.catalogue, move)

    def __str__(self) -> str:
        return board_text(self)
