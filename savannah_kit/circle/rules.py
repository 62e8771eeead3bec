"""Circle of Life: on the Savannah — the rules engine.

State (cards are numbers 0..N-1 of the catalogue; ids like ``C01`` only at the
edges): the savannah ``row`` with a parallel ``owner`` list (seat of the token
on each card, -1 for none), ``hands``, ``kills`` (kill piles), ``bonus``
points, token ``supply``, the ``draw`` pile (top = last item), ``out`` (the
discard pile: out of the game) and ``box`` (cards a scenario left unused).
A turn is one ``Play`` or ``Discard``; once the draw pile is empty each player
makes one ``LastDiscard`` and the game is scored.
"""

from __future__ import annotations

import copy
import random
from itertools import combinations
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..core.errors import DataError, IllegalMove, ScenarioError
from ..core.events import Event
from ..core.game import Game
from .data import Action, Catalogue, Choose, Filter, default_catalogue, parse_catalogue
from .moves import Discard, LastDiscard, Move, Play, move_from_data
from .scenario import build_position

COLOURS = ("Red", "Blue", "Yellow", "Green", "Purple")
PLAY, LAST_DISCARDS, OVER = 0, 1, 2
PHASE_NAMES = {PLAY: "play", LAST_DISCARDS: "last discards", OVER: "over"}
STEPS = ("survivors", "hand_penalty", "maasai", "kill_pile", "big_five", "bonus")
STEP_RULES = {"survivors": "circle.end.survivors", "hand_penalty": "circle.end.hand-penalty",
              "maasai": "circle.end.maasai", "kill_pile": "circle.end.kill-pile",
              "big_five": "circle.end.big-five", "bonus": "circle.end.bonus-points"}
OPTIONS = ("players", "first_player", "tokens", "catalogue")
PREDATOR_ONLY = Filter(predator=True)


class Tables:
    """Per-card tables compiled once per catalogue for the hot path.

    ``restrict[c]``: tuple of (forbid?, match table, rightmost n);
    ``actions[c]``: tuple of actions, each a tuple of branches
    (is_kill, count or None for all, target table, reach);
    ``lookout[c]``: (match table, reach, max) or None."""

    def __init__(self, cat: Catalogue):
        self.restrict = []
        self.actions = []
        self.lookout = []
        for sp in cat.card_species:
            self.restrict.append(tuple((c.kind == "forbid", cat.table(c.filter), c.rightmost)
                                       for c in sp.restriction))
            acts = []
            for a in sp.actions:
                branches = a.branches if isinstance(a, Choose) else (a,)
                acts.append(tuple((b.verb == "kill", b.count, cat.table(b.filter, targets=True), b.reach)
                                  for b in branches))
            self.actions.append(tuple(acts))
            lk = sp.lookout
            self.lookout.append(None if lk is None else (cat.table(lk.filter), lk.reach, lk.max))
        self.penalty_cards = tuple(i for i, sp in enumerate(cat.card_species) if sp.rightmost_penalty)
        self.predator = cat.predator
        self.level = cat.level
        self.group = cat.group


def tables_for(cat: Catalogue) -> Tables:
    """The engine tables of ``cat``, built on first use and kept on the catalogue."""
    tables = getattr(cat, "_engine_tables", None)
    if tables is None:
        tables = cat._engine_tables = Tables(cat)
    return tables


class CircleGame(Game):
    """A game of Circle of Life: on the Savannah (see the module docstring for the state)."""

    name = "circle"
    package = "savannah_kit.circle"
    move_types = (Play, Discard, LastDiscard)
    option_names = OPTIONS
    turn_rule = "circle.turn.steps"
    end_rule = "circle.end.trigger"

    # -- set-up ------------------------------------------------------------------
    def _setup(self) -> None:
        n = self._check_options()
        raw_cat = self.options.get("catalogue")
        if raw_cat is not None:  # a private copy: later edits to the caller's dict cannot change replays
            raw_cat = self.options["catalogue"] = copy.deepcopy(raw_cat)
        try:
            self.cat = default_catalogue() if raw_cat is None else parse_catalogue(raw_cat)
        except DataError as err:
            raise ScenarioError("options.catalogue" + ("." + err.field if err.field else ""), err.reason) from None
        self.t = tables_for(self.cat)
        self.n = n
        first = self.options.get("first_player", 0)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
            raise ScenarioError("options.first_player", f"must be a seat number 0-{n - 1}, not {first!r}")
        tokens = self.options.get("tokens", self.cat.setup["tokens"])
        if isinstance(tokens, bool) or not isinstance(tokens, int) or not 0 <= tokens <= 99:
            raise ScenarioError("options.tokens", f"must be a whole number 0-99, not {tokens!r}")
        hand = self.cat.setup["hand"]
        if self.cat.size < self.cat.setup["savannah"] + hand * n + 1:
            raise ScenarioError("options.players", f"{self.cat.size} cards are too few for {n} players")
        if self.scenario is not None:
            pos = build_position(self.scenario, self.cat, n, tokens, first, self.rng)
        else:
            pos = self._deal(n, tokens, first)
        self.row: List[int] = pos["row"]
        self.owner: List[int] = pos["owner"]
        self.hands: List[List[int]] = pos["hands"]
        self.kills: List[List[int]] = pos["kills"]
        self.bonus: List[int] = pos["bonus"]
        self.supply: List[int] = pos["supply"]
        self.totals: List[int] = pos["totals"]
        self.draw: List[int] = pos["draw"]
        self.out: List[int] = pos["out"]
        self.box: List[int] = pos["box"]
        self.turn: int = pos["to_move"]
        self.turns = 0
        self.phase = PLAY
        if not self.draw:
            self._start_last_discards(self.turn)

    def _deal(self, n: int, tokens: int, first: int) -> dict:
        """The normal set-up: shuffle, lay the starting savannah (no Maasai), deal hands."""
        cat = self.cat
        deck = list(range(cat.size))
        self.rng.shuffle(deck)
        row: List[int] = []
        while len(row) < cat.setup["savannah"]:
            card = deck.pop()
            if cat.card_species[card].starting_savannah:
                row.append(card)
            else:  # shuffled back into the deck and replaced
                deck.insert(self.rng.randrange(len(deck) + 1), card)
        hand = cat.setup["hand"]
        hands: List[List[int]] = [[] for _ in range(n)]
        for _ in range(hand):
            for p in range(n):
                hands[p].append(deck.pop())
        return {"row": row, "owner": [-1] * len(row), "hands": hands, "kills": [[] for _ in range(n)],
                "bonus": [0] * n, "supply": [tokens] * n, "totals": [tokens] * n, "draw": deck, "out": [],
                "box": [], "to_move": first}

    def _start_last_discards(self, start: int) -> None:
        hand = self.cat.setup["hand"]
        for k in range(self.n):
            p = (start + k) % self.n
            if len(self.hands[p]) == hand:
                self.phase, self.turn = LAST_DISCARDS, p
                return
        self.phase, self.turn = OVER, None

    # -- protocol ------------------------------------------------------------------
    @property
    def current_player(self) -> Optional[int]:
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @classmethod
    def move_from_data(cls, data: Any) -> Move:
        return move_from_data(data)

    def colour(self, seat: Optional[int]) -> str:
        return "nobody" if seat is None or seat < 0 else COLOURS[seat]

    # -- rules helpers -----------------------------------------------------------------
    def _fails(self, card: int, row: Optional[Sequence[int]] = None) -> Optional[int]:
        """Index of the first placement condition ``card`` breaks (None: playable)."""
        row = self.row if row is None else row
        for k, (forbid, table, n) in enumerate(self.t.restrict[card]):
            hit = False
            for x in row[-n:]:
                if table[x]:
                    hit = True
                    break
            if hit == forbid:
                return k
        return None

    def playable(self, player: Optional[int] = None) -> List[str]:
        """Ids of the cards in ``player``'s hand (default: the current player) that may be played now."""
        p = self.turn if player is None else player
        return [self.cat.ids[c] for c in self.hands[p] if self._fails(c) is None]

    def _choices(self, branches, p: int, removed) -> List[Tuple[int, Tuple[int, ...]]]:
        """Every (branch, targets) an action allows on the snapshot (positions 0..p-1 of ``self.row``
        plus the played card at p); ``removed`` holds cards already taken this turn."""
        row = self.row
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
        return found or [(0, ())]

    def _play_moves(self, card: int) -> List[Play]:
        acts = self.t.actions[card]
        cid = self.cat.ids[card]
        if not acts:
            return [Play(cid)]
        ids = self.cat.ids
        p = len(self.row)
        if len(acts) == 1:
            return [Play(cid, ((b, tuple(ids[x] for x in t)),)) for b, t in self._choices(acts[0], p, ())]
        moves: List[Play] = []

        def walk(k: int, removed: frozenset, acc: tuple) -> None:
            if k == len(acts):
                moves.append(Play(cid, acc))
                return
            for b, t in self._choices(acts[k], p, removed):
                walk(k + 1, removed.union(t) if t else removed, acc + ((b, tuple(ids[x] for x in t)),))

        walk(0, frozenset(), ())
        return moves

    def _generate_moves(self) -> List[Move]:
        hand = self.hands[self.turn]
        ids = self.cat.ids
        if self.phase == LAST_DISCARDS:
            return [LastDiscard(ids[c]) for c in hand]
        moves: List[Move] = []
        fails = self._fails
        for c in hand:
            if fails(c) is None:
                moves.extend(self._play_moves(c))
        if not moves:
            return [Discard(ids[c]) for c in hand]
        return moves

    # -- applying moves ----------------------------------------------------------------
    def _apply(self, move: Move) -> List[Event]:
        if type(move) is Play:
            return self._apply_play(move)
        if type(move) is Discard:
            return self._apply_discard(move)
        return self._apply_last_discard(move)

    def _next_turn(self, player: int, events: List[Event]) -> None:
        self.turns += 1
        nxt = (player + 1) % self.n
        if self.draw:
            self.turn = nxt
            return
        events.append(Event("circle.end.trigger", "The draw pile is empty: the game ends with this turn; "
                                                  "each player now discards one last card", player))
        self._start_last_discards(nxt)

    def _draw(self, player: int, events: List[Event]) -> None:
        if self.draw:
            self.hands[player].append(self.draw.pop())
            events.append(Event("circle.draw.refill", f"{COLOURS[player]} draws a card "
                                                      f"({len(self.draw)} left in the draw pile)", player))

    def _apply_discard(self, move: Discard) -> List[Event]:
        player = self.turn
        card = self.cat.index[move.card]
        self.hands[player].remove(card)
        self.out.append(card)
        events = [Event("circle.play.unplayable-discard",
                        f"{COLOURS[player]} cannot play any card and discards {self.cat.label(card)} "
                        f"out of the game", player, {"card": move.card})]
        self._draw(player, events)
        self._next_turn(player, events)
        return events

    def _apply_last_discard(self, move: LastDiscard) -> List[Event]:
        player = self.turn
        card = self.cat.index[move.card]
        self.hands[player].remove(card)
        self.out.append(card)
        events = [Event("circle.end.last-discard", f"{COLOURS[player]} discards {self.cat.label(card)} "
                                                   f"and keeps {len(self.hands[player])} cards", player,
                        {"card": move.card})]
        self._start_last_discards((player + 1) % self.n)
        if self.phase == OVER:
            events.extend(self._final_events())
        return events

    def _apply_play(self, move: Play) -> List[Event]:
        cat, t = self.cat, self.t
        player = self.turn
        colour = COLOURS[player]
        index = cat.index
        card = index[move.card]
        self.hands[player].remove(card)
        row, owner = self.row, self.owner
        p = len(row)
        row.append(card)
        name = cat.name[card]
        if self.supply[player] > 0:
            self.supply[player] -= 1
            owner.append(player)
            events = [Event("circle.play.place-right", f"{colour} plays {name} ({move.card}) at the right end "
                                                       f"of the savannah, with a {colour.lower()} token", player,
                            {"card": move.card})]
        else:
            owner.append(-1)
            events = [Event("circle.play.no-tokens", f"{colour} has no token left: {name} ({move.card}) "
                                                     f"is played unmarked", player, {"card": move.card})]
        removed = set()
        acts = t.actions[card]
        for k, (b, targets) in enumerate(move.actions):
            kill = acts[k][b][0]
            if not targets:
                events.append(Event("circle.hunt.mandatory", f"{name}'s action {k + 1} has no target "
                                                             f"in reach: skipped", player))
                continue
            for tid in targets:
                x = index[tid]
                pos = row.index(x)
                removed.add(x)
                o = owner[pos]
                label = f"{cat.name[x]} ({tid}, level {t.level[x]})"
                if kill:
                    self.kills[player].append(x)
                    rid = "circle.hunt.own-cards" if o == player else "circle.hunt.kill"
                    events.append(Event(rid, f"{colour}'s {name} kills {label} into {colour}'s kill pile",
                                        player, {"card": tid}))
                else:
                    self.out.append(x)
                    rid = "circle.hunt.own-cards" if o == player else "circle.hunt.scare"
                    events.append(Event(rid, f"{colour}'s {name} scares {label} out of the game",
                                        player, {"card": tid}))
                if o >= 0:
                    self.supply[o] += 1
                    events.append(Event("circle.hunt.tokens-return", f"{COLOURS[o]}'s token on the "
                                                                     f"{cat.name[x]} goes back to {COLOURS[o]}", o))
        look = t.lookout[card]
        if look is not None:
            table, reach, most = look
            seen = sum(1 for x in row[max(0, p - reach):p] if table[x] and x not in removed)
            gain = min(seen, most)
            self.bonus[player] += gain
            events.append(Event("circle.special.giraffe", f"{colour}'s {name} spots {seen} predator"
                                                          f"{'' if seen == 1 else 's'}: +{gain} bonus point"
                                                          f"{'' if gain == 1 else 's'}", player))
        self._draw(player, events)
        # D: re-order the played card's group, then close the gaps
        group = t.group
        g = group[card]
        left = range(p)
        if removed:
            left = [i for i in left if row[i] not in removed]
        moving = [i for i in left if group[row[i]] == g]
        staying = [i for i in left if group[row[i]] != g]
        order = staying + moving
        moved = bool(moving) and moving[0] < (staying[-1] if staying else -1)
        self.row = [row[i] for i in order] + [card]
        self.owner = [owner[i] for i in order] + [owner[p]]
        if moved:
            events.append(Event("circle.reorder.group", f"The {g} cards on the left move next to the {name}: "
                                + ", ".join(cat.name[row[i]] for i in moving), player))
        if removed:
            events.append(Event("circle.reorder.close-gaps", f"The savannah closes its gaps: "
                                                             f"{len(self.row)} cards in line", player))
        self._next_turn(player, events)
        return events

    # -- scoring ------------------------------------------------------------------------
    def score_breakdown(self) -> List[Dict[str, int]]:
        """Per seat, the points of each scoring step and the total. Steps 2 and 3 (hand penalty and
        rightmost penalty) count only once the draw pile is empty: until then hands and the row change."""
        t, cat = self.t, self.cat
        n = self.n
        out = []
        ending = self.phase != PLAY
        rightmost = self.row[-1] if self.row else None
        right_owner = self.owner[-1] if self.row else -1
        bonus_value = cat.setup["big_five_bonus"]
        big = cat.big_five_species
        for p in range(n):
            surv = sum(t.level[c] for c, o in zip(self.row, self.owner) if o == p)
            pen = sum(cat.penalty[c] for c in self.hands[p]) if ending else 0
            maasai = 0
            if ending and rightmost is not None and right_owner == p:
                maasai = cat.card_species[rightmost].rightmost_penalty
            kill = sum(t.level[c] for c in self.kills[p])
            names = {cat.name[c] for c in self.kills[p]}
            five = bonus_value if big and all(b in names for b in big) else 0
            row = {"survivors": surv, "hand_penalty": pen, "maasai": maasai, "kill_pile": kill,
                   "big_five": five, "bonus": self.bonus[p]}
            row["total"] = surv - pen - maasai + kill + five + self.bonus[p]
            out.append(row)
        return out

    def scores(self) -> List[int]:
        return [r["total"] for r in self.score_breakdown()]

    def predators_killed(self) -> List[int]:
        return [sum(1 for c in pile if self.t.predator[c]) for pile in self.kills]

    def winners(self) -> List[int]:
        """Seats with the best total, then the most predators killed (shared if still tied); [] until the end."""
        if self.phase != OVER:
            return []
        scores = self.scores()
        best = max(scores)
        tied = [p for p in range(self.n) if scores[p] == best]
        if len(tied) == 1:
            return tied
        preds = self.predators_killed()
        most = max(preds[p] for p in tied)
        return [p for p in tied if preds[p] == most]

    def evaluate(self, player: int) -> float:
        """Points so far (kills plus survivors plus bonuses; penalties once the draw pile is empty)."""
        return float(self.score_breakdown()[player]["total"])

    def greedy_values(self, moves: Sequence[Move]) -> List[float]:
        player = self.turn
        values = []
        for m in moves:
            trial = self._clone(with_history=False)
            trial._apply(m)
            values.append(trial.evaluate(player))
        return values

    def _final_events(self) -> List[Event]:
        events = []
        for p, row in enumerate(self.score_breakdown()):
            parts = []
            for step in STEPS:
                if row[step]:
                    sign = "-" if step in ("hand_penalty", "maasai") else "+"
                    parts.append(f"{sign}{row[step]} {step.replace('_', ' ')}")
                    events.append(Event(STEP_RULES[step], f"{COLOURS[p]}: {sign}{row[step]} "
                                                          f"({step.replace('_', ' ')})", p, {step: row[step]}))
            events.append(Event("circle.end.total", f"{COLOURS[p]} scores {row['total']} "
                                                    f"({', '.join(parts) or 'no points'})", p, dict(row)))
        win = self.winners()
        scores = self.scores()
        names = " and ".join(COLOURS[p] for p in win)
        if sum(1 for s in scores if s == scores[win[0]]) == 1:
            events.append(Event("circle.end.winner", f"{names} wins with {scores[win[0]]} points", win[0]))
        else:
            verb = "win" if len(win) > 1 else "wins"
            events.append(Event("circle.end.tie-break", f"Tie on {scores[win[0]]} points: {names} {verb} "
                                                        f"on predators killed", win[0]))
        return events

    # -- why a move is illegal --------------------------------------------------------------
    def _diagnose(self, move: Any) -> IllegalMove:
        cat = self.cat
        if type(move) not in (Play, Discard, LastDiscard):
            return IllegalMove("circle.turn.steps", f"{move!r} is not a Circle of Life move "
                                                    f"(Play, Discard or LastDiscard)", move)
        player = self.turn
        colour = COLOURS[player]
        if self.phase == LAST_DISCARDS and type(move) is not LastDiscard:
            return IllegalMove("circle.end.last-discard", "the draw pile is empty: each player now only "
                                                          "discards one last card (LastDiscard)", move)
        if self.phase == PLAY and type(move) is LastDiscard:
            return IllegalMove("circle.end.last-discard", "the last discard comes only once the draw pile "
                                                          "is empty", move)
        card = cat.index.get(move.card) if isinstance(move.card, str) else None
        if card is None:
            return IllegalMove("circle.turn.steps", f"there is no card {move.card!r} in this game", move)
        if card not in self.hands[player]:
            for q in range(self.n):
                if card in self.hands[q]:
                    return IllegalMove("circle.setup.turn-order", f"{cat.label(card)} is in {COLOURS[q]}'s "
                                                                  f"hand, but it is {colour}'s turn", move)
            return IllegalMove("circle.turn.steps", f"{cat.label(card)} is not in {colour}'s hand", move)
        if type(move) is LastDiscard:
            return IllegalMove("circle.end.last-discard", f"{colour} has already made the last discard", move)
        if type(move) is Discard:
            able = [cat.label(cat.index[cid]) for cid in self.playable()]
            return IllegalMove("circle.play.must-play", f"{colour} can play {', '.join(able)}, so must play "
                                                        f"instead of discarding", move)
        return self._diagnose_play(move, card)

    def _restriction_error(self, card: int, k: int, move) -> IllegalMove:
        cat = self.cat
        cond = cat.card_species[card].restriction[k]
        name = cat.name[card]
        if not self.row:
            state = "the savannah is empty"
        else:
            shown = ", ".join(cat.name[c] for c in self.row[-cond.rightmost:])
            state = f"the rightmost cards are {shown}" if cond.rightmost > 1 else f"the rightmost card is {shown}"
        reason = f"{name} needs {cond.text()}, but {state}"
        if cond.kind == "forbid" and cond.filter == PREDATOR_ONLY and cond.rightmost == 1 and cat.predator[card]:
            return IllegalMove("circle.play.restriction-predator", reason, move)
        if len(self.row) < cond.rightmost:
            return IllegalMove("circle.play.restriction-from-right", reason + " (fewer cards than counted: "
                                                                      "counting stops at the left end)", move)
        return IllegalMove("circle.play.restriction", reason, move)

    def _diagnose_play(self, move: Play, card: int) -> IllegalMove:
        cat = self.cat
        k = self._fails(card)
        if k is not None:
            return self._restriction_error(card, k, move)
        name = cat.name[card]
        acts = self.t.actions[card]
        species = cat.card_species[card]
        if not isinstance(move.actions, tuple) or len(move.actions) != len(acts):
            got = len(move.actions) if isinstance(move.actions, tuple) else "no"
            return IllegalMove("circle.hunt.order", f"{name} has {len(acts)} hunting action(s), resolved top "
                                                    f"to bottom; the move gives {got} choice(s)", move)
        p = len(self.row)
        removed: set = set()
        for k, entry in enumerate(move.actions):
            data = species.actions[k]
            branches = data.branches if isinstance(data, Choose) else (data,)
            if not (isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[1], tuple)):
                return IllegalMove("circle.hunt.order", f"action {k + 1} must be a (branch, targets) pair", move)
            b, targets = entry
            if not isinstance(b, int) or not 0 <= b < len(branches):
                return IllegalMove("circle.hunt.verb", f"action {k + 1} of {name} has {len(branches)} "
                                                       f"branch(es): " + "; ".join(
                                                           f"{i} = {a.text()}" for i, a in enumerate(branches)),
                                   move)
            act: Action = branches[b]
            table = self.t.actions[card][k][b][2]
            for tid in targets:
                x = cat.index.get(tid) if isinstance(tid, str) else None
                if x is None or x not in self.row:
                    return IllegalMove("circle.hunt.reach", f"{tid!r} is not on the savannah", move)
                if cat.immune[x]:
                    return IllegalMove("circle.special.maasai-immune", f"the {cat.name[x]} can never be "
                                                                       f"killed or scared", move)
                if x in removed:
                    return IllegalMove("circle.hunt.snapshot", f"{cat.label(x)} was already taken earlier this "
                                                               f"turn and cannot be targeted again", move)
                pos = self.row.index(x)
                if pos < p - act.reach:
                    return IllegalMove("circle.hunt.reach", f"{cat.label(x)} is {p - pos} cards left of the "
                                                            f"{name}; action {k + 1} reaches {act.reach}", move)
                if not table[x]:
                    return IllegalMove("circle.hunt.filter", f"{cat.label(x)} is not a "
                                                             f"{act.filter.text()}: action {k + 1} is "
                                                             f"'{act.text()}'", move)
            if len(set(targets)) != len(targets):
                return IllegalMove("circle.hunt.count", f"action {k + 1} names a card twice", move)
            cand = [x for x in self.row[max(0, p - act.reach):p] if table[x] and x not in removed]
            need = len(cand) if act.count is None else min(act.count, len(cand))
            if len(targets) > need:
                return IllegalMove("circle.hunt.count", f"action {k + 1} ('{act.text()}') affects exactly "
                                                        f"{need} card(s) here, not {len(targets)}", move)
            if len(targets) < need:
                rid = "circle.hunt.mandatory" if not targets else "circle.hunt.count"
                return IllegalMove(rid, f"action {k + 1} ('{act.text()}') must take {need} card(s) here: "
                                        f"it has legal targets, so it cannot be skipped", move)
            if not targets and len(branches) > 1:
                for j, other in enumerate(self.t.actions[card][k]):
                    if any(other[2][x] and x not in removed for x in self.row[max(0, p - other[3]):p]):
                        return IllegalMove("circle.hunt.mandatory", f"branch {j} of action {k + 1} "
                                                                    f"('{branches[j].text()}') has a target, "
                                                                    f"so it must be taken", move)
            removed.update(cat.index[tid] for tid in targets)
        return IllegalMove("circle.hunt.order", f"{move!r} is not written in the kit's form: list each "
                                                f"action's targets in card-id order (Play.of sorts them)", move)

    # -- copies ------------------------------------------------------------------------------
    def _clone(self, with_history: bool = True) -> "CircleGame":
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        d["row"] = self.row[:]
        d["owner"] = self.owner[:]
        d["hands"] = [h[:] for h in self.hands]
        d["kills"] = [k[:] for k in self.kills]
        d["bonus"] = self.bonus[:]
        d["supply"] = self.supply[:]
        d["draw"] = self.draw[:]
        d["out"] = self.out[:]
        d["box"] = self.box[:]
        d["options"] = dict(self.options)
        if with_history:
            d["history"] = self.history[:]
            d["log"] = self.log[:]
            rng = random.Random()
            rng.setstate(self.rng.getstate())
            d["rng"] = rng
        d["_legal"] = None
        d["_legal_index"] = None
        return new

    def copy(self) -> "CircleGame":
        """An independent copy (explicit and fast: the state is a few short lists)."""
        return self._clone()

    # -- views -----------------------------------------------------------------------------
    def _card_data(self, card: int, owner: Optional[int] = None) -> dict:
        cat = self.cat
        sp = cat.card_species[card]
        data = {"card": cat.ids[card], "species": sp.name, "level": sp.level, "group": sp.group,
                "predator": sp.predator, "big_five": sp.big_five}
        if owner is not None:
            data["token"] = None if owner < 0 else owner
        return data

    def view(self, player: Optional[int] = None) -> dict:
        """What ``player`` may see, as plain data; ``player=None`` is the full state (every hand and the
        draw pile in order, top first)."""
        if player is not None and (isinstance(player, bool) or not isinstance(player, int)
                                   or not 0 <= player < self.n):
            raise ScenarioError("player", f"must be a seat number 0-{self.n - 1} or None, not {player!r}")
        ids = self.cat.ids
        data: Dict[str, Any] = {
            "viewer": player, "players": self.n, "phase": self.phase_name, "to_move": self.current_player,
            "savannah": [self._card_data(c, o) for c, o in zip(self.row, self.owner)],
            "hand_sizes": [len(h) for h in self.hands], "supply": list(self.supply),
            "kill_piles": [[ids[c] for c in pile] for pile in self.kills], "bonus": list(self.bonus),
            "draw_pile_size": len(self.draw), "out": [ids[c] for c in self.out],
            "scores": self.scores(),
        }
        if player is None:
            data["hands"] = [[ids[c] for c in h] for h in self.hands]
            data["draw_pile"] = [ids[c] for c in reversed(self.draw)]
            data["box"] = [ids[c] for c in self.box]
        else:
            data["hand"] = [ids[c] for c in self.hands[player]]
        return data

    def to_scenario(self) -> dict:
        """The current position as scenario data (card ids): ``new_game(scenario=...)`` rebuilds it."""
        ids = self.cat.ids
        return {
            "savannah": [ids[c] + ("" if o < 0 else f"@{o}") for c, o in zip(self.row, self.owner)],
            "hands": [[ids[c] for c in h] for h in self.hands],
            "kill_piles": [[ids[c] for c in k] for k in self.kills],
            "bonus": list(self.bonus), "supply": list(self.supply),
            "draw_pile": [ids[c] for c in reversed(self.draw)], "out": [ids[c] for c in self.out],
            "to_move": self.turn if self.turn is not None else 0,
        }

    def describe(self, move: Move) -> str:
        """A move in words, with species names: "Play Lion (C01): kill Zebra (C35)"."""
        cat = self.cat
        label = lambda cid: cat.label(cat.index[cid]) if cid in cat.index else repr(cid)
        if type(move) is Discard:
            return f"Discard {label(move.card)} (nothing can be played)"
        if type(move) is LastDiscard:
            return f"Last discard: {label(move.card)}"
        if type(move) is not Play:
            return repr(move)
        text = f"Play {label(move.card)}"
        card = cat.index.get(move.card)
        if card is None:
            return text
        parts = []
        for k, (b, targets) in enumerate(move.actions):
            acts = cat.card_species[card].actions
            if k >= len(acts):
                break
            a = acts[k].branches[b] if isinstance(acts[k], Choose) and b < len(acts[k].branches) else acts[k]
            verb = a.verb if isinstance(a, Action) else "act on"
            parts.append(f"{verb} " + (", ".join(label(x) for x in targets) if targets else "nothing"))
        return text + (": " + "; ".join(parts) if parts else "")

    def __str__(self) -> str:
        cat = self.cat
        if self.phase == OVER:
            state = "game over"
        elif self.phase == LAST_DISCARDS:
            state = f"{COLOURS[self.turn]} to make the last discard"
        else:
            state = f"{COLOURS[self.turn]} to move"
        lines = [f"Circle of Life: {self.n} players, {state}; draw pile {len(self.draw)}, "
                 f"out of the game {len(self.out)}",
                 "Savannah, left to right:"]
        if not self.row:
            lines.append("  (empty)")
        for i, (c, o) in enumerate(zip(self.row, self.owner), 1):
            sp = cat.card_species[c]
            flags = ("predator" if sp.predator else "") + (" Big-Five" if sp.big_five else "")
            lines.append(f"  {i:2d}. {sp.name:<13}{cat.ids[c]:<5}level {sp.level}  {sp.group:<8} "
                         f"{flags.strip():<18}{self.colour(o)}")
        scores = self.scores()
        for p in range(self.n):
            hand = ", ".join(cat.label(c) for c in self.hands[p])
            kills = ", ".join(cat.label(c) for c in self.kills[p]) or "-"
            lines.append(f"{COLOURS[p]:<7}score {scores[p]:3d}  tokens {self.supply[p]:2d}  bonus {self.bonus[p]}  "
                         f"hand: {hand}")
            lines.append(f"{'':7}kill pile: {kills}")
        return "\n".join(lines)
