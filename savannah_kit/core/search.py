"""The searching bot: information-set Monte Carlo tree search (ISMCTS), for any game.

``MCTSBot`` grows one tree of move sequences from the position it must decide
(single-observer ISMCTS). Each iteration:

1. **determinises**: a copy of the game with the cards the bot cannot see
   re-dealt at random from what it may know (``core.hidden``); the true hidden
   cards are never read;
2. **selects** down the tree by UCT among the moves legal in that copy (a move
   seen in other deals but impossible in this one is skipped; each child counts
   how often it was available, so rarely possible moves are not over-explored).
   Only the ``width`` most promising moves of a decision are searched, ranked
   by ``search_values`` (the greedy value, or the game's own), worked out once per move and node;
3. **expands** the most promising move not tried yet;
4. **plays out** the copy: random moves (``rollout="random"``) or greedy ones
   (``rollout="greedy"``), to the end or for ``depth`` decisions;
5. **backs up** a value in [0, 1] for every player (``outcome``: winning, and
   the score margin squashed), each node adding the value of the player who
   made its move.

It then plays the root move tried most often.

With ``paired=True`` (Circle of Life) the search is flat and paired instead: each deal of
the hidden cards is played out from every searched root move with the same dice, so the
moves are compared on the same deals and the luck of the deal cancels out of the
comparison; sequential halving drops the worse half of the moves after each round, so the
best ones get the most deals. Against card luck this picks better moves from the same
playouts than the tree, whose moves each meet other deals.

The budget is ``iterations``
(playouts: repeatable for a given seed) or ``seconds`` (a time limit: as many
playouts as fit, so not repeatable). Settings not given are the ones the game
tuned (``bots.search`` in its spec, ``core.spec``): a Circle of Life position is
judged by eight greedy decisions and then the margin in points, a Tails race by a
few greedy turns and then the margin in progress, and a Forest by a dozen random
decisions and the margin in points.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Dict, List, Optional

from .hidden import determinise, search_copy
from .registry import spec_of
from .values import best_of, move_values

#: how much the value of a finished game rests on winning (the rest on the score margin)
WIN_WEIGHT = 0.75


def outcome(game, player: int) -> float:
    """The value of ``game`` for ``player`` in [0, 1]: once it is over, a blend of winning
    (a shared win is shared) and the squashed score margin over the best other player; before
    the end (a cut-off playout), the squashed margin of ``evaluate``."""
    n = game.players
    if game.is_over:
        scores = game.scores()
        mine = scores[player]
        best_other = max(s for p, s in enumerate(scores) if p != player) if n > 1 else 0
        winners = game.winners()
        win = 1.0 / len(winners) if player in winners else 0.0
        return WIN_WEIGHT * win + (1 - WIN_WEIGHT) * _squash(mine - best_other, mine, best_other)
    mine = game.evaluate(player)
    best_other = max(game.evaluate(p) for p in range(n) if p != player) if n > 1 else 0.0
    return _squash(mine - best_other, mine, best_other)


def search_values(game, moves) -> List[float]:
    """How promising each move looks to the search, which tries the best first and searches only
    the ``width`` best: the game's own ``search_values`` where it has one (Circle of Life counts
    progress towards the Big Five, which the immediate points miss), else the greedy value."""
    own = getattr(game, "search_values", None)
    return own(moves) if own is not None else move_values(game, moves)


def _squash(margin: float, a: float, b: float) -> float:
    """A margin as a value in [0, 1] (0.5: level), scaled by the size of the scores."""
    scale = 2.0 + 0.15 * (abs(a) + abs(b))
    return 0.5 + 0.5 * math.tanh(margin / scale)


class _Node:
    __slots__ = ("move", "parent", "player", "children", "visits", "total", "available", "hint")

    def __init__(self, move: Any = None, parent: Optional["_Node"] = None, player: Optional[int] = None):
        self.move = move
        self.parent = parent
        self.player = player  # who made ``move`` (whose value this node adds up)
        self.children: Dict[Any, "_Node"] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.hint: Dict[Any, float] = {}  # greedy value of each move seen here, for its mover


#: the settings of a bot before it searches a game (then the game's own: each game tunes them in its
#: spec, for strength against ``GreedyBot`` at about 1 s a decision, see ``python -m savannah_kit.bench --bots``)
DEFAULT = {"iterations": 300, "rollout": "random", "depth": None, "width": 6, "paired": False}
_UNSET: Any = object()


class MCTSBot:
    """Information-set MCTS (see the module docstring). The budget: ``iterations`` playouts per
    decision, or a time limit ``seconds``. ``exploration`` is the UCT constant; ``rollout``
    "random" or "greedy" playouts; ``depth`` cuts playouts short after that many decisions (None:
    to the end); ``width`` searches only that many moves per decision, the best by greedy value
    (None: all); ``paired`` compares the root moves on the same deals instead of growing a tree (see
    the module docstring). Settings not given are those the game being played tuned (its spec's
    ``bots.search``)."""

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: Optional[int] = None, seconds: Optional[float] = None,
                 exploration: float = 0.7, rollout: Optional[str] = None, depth: Any = _UNSET,
                 width: Any = _UNSET, paired: Optional[bool] = None):
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                       or iterations < 1):
            raise ValueError(f"iterations must be a whole number of 1 or more, not {iterations!r}")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or seconds <= 0):
            raise ValueError(f"seconds must be a positive number, not {seconds!r}")
        if rollout not in (None, "random", "greedy"):
            raise ValueError(f"rollout must be 'random' or 'greedy', not {rollout!r}")
        for label, value in (("depth", depth), ("width", width)):
            if value is not _UNSET and value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                                               or value < 1):
                raise ValueError(f"{label} must be a whole number of 1 or more, or None, not {value!r}")
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.exploration = exploration
        if paired is not None and not isinstance(paired, bool):
            raise ValueError(f"paired must be True or False, not {paired!r}")
        self.given = {k: v for k, v in (("iterations", iterations), ("rollout", rollout), ("depth", depth),
                                        ("width", width), ("paired", paired)) if v is not None and v is not _UNSET}
        if depth is None:
            self.given["depth"] = None
        if width is None:
            self.given["width"] = None
        self.settings = dict(DEFAULT, **self.given)  # those of the game last searched
        self.last_root: Optional[_Node] = None  # the tree of the last decision, for reading

    @property
    def iterations(self) -> Optional[int]:
        """Playouts per decision (None with a time limit and no playout budget)."""
        if self.seconds is not None and "iterations" not in self.given:
            return None
        return self.settings["iterations"]

    def configure(self, game) -> dict:
        """The settings for ``game``: those given, the rest tuned for the game (its spec's ``bots.search``)."""
        self.settings = dict(DEFAULT, **dict(spec_of(game).bots.search, **self.given))
        return self.settings

    def __repr__(self) -> str:
        budget = [f"{k}={v!r}" for k, v in self.given.items()]
        if self.seconds is not None:
            budget.append(f"seconds={self.seconds:g}")
        return f"MCTSBot({', '.join(budget)})"

    # -- deciding ------------------------------------------------------------------
    def choose(self, game):
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        root = self.search(game)
        return self._best(root, moves)

    def move_stats(self, game) -> List[tuple]:
        """(move, playouts, mean value) of each legal move after a search of ``game``, best first."""
        moves = game.legal_moves()
        root = self.search(game)
        stats = []
        for m in moves:
            child = root.children.get(m)
            n = child.visits if child else 0
            stats.append((m, n, child.total / n if n else 0.0))
        stats.sort(key=lambda s: (-s[1], -s[2]))
        return stats

    def search(self, game) -> _Node:
        """Grow a tree from ``game`` (the bot is its current player) within the budget."""
        observer = game.current_player
        self.configure(game)
        budget = self.iterations
        root = _Node()
        rng = self.rng
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        if self.settings["paired"]:
            self._paired(root, game, budget, deadline)
            self.last_root = root
            return root
        done = 0
        while True:
            if budget is not None and done >= budget:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(root, determinise(game, observer, rng), rng)
            done += 1
        self.last_root = root
        return root

    def _paired(self, root: _Node, game, budget: Optional[int], deadline: Optional[float]) -> None:
        """The paired search (``paired=True``): each deal is played out from every move still in
        the running, with the same dice, so the moves are compared on the same deals (common
        random numbers: the luck of the deal cancels out of the comparison). Sequential halving
        spends the budget (playouts) in rounds: after each round the worse half of the moves
        drops out, so the last ones are compared on the most deals. A time limit plays rounds
        of every move until it runs out."""
        observer = game.current_player
        moves = self._candidates(root, game)
        for m in moves:
            root.children[m] = _Node(m, root, observer)
        if budget is None:
            while not root.visits or time.perf_counter() < deadline:
                self._paired_round(root, game, moves)
            return
        left = list(moves)
        phases = max(1, math.ceil(math.log2(len(left))))
        for phase in range(phases):
            for _ in range(max(1, budget // phases // len(left))):
                self._paired_round(root, game, left)
            if phase + 1 < phases:
                mean = {m: root.children[m].total / root.children[m].visits for m in left}
                left = sorted(left, key=lambda m: -mean[m])[:(len(left) + 1) // 2]  # stable: ties keep the rank

    def _paired_round(self, root: _Node, game, moves: list) -> None:
        """One deal of the hidden cards, played out from each of ``moves`` with the same dice."""
        observer, rng = game.current_player, self.rng
        det = determinise(game, observer, rng)
        dice = rng.getrandbits(64)
        for m in moves:
            trial = search_copy(det, random.Random(dice))
            trial._play_legal(m)
            child = root.children[m]
            child.visits += 1
            child.available += 1
            child.total += self._playout(trial, random.Random(dice))[observer]
        root.visits += len(moves)

    def _best(self, root: _Node, moves: list):
        best, chosen = -1, []
        for m in moves:
            child = root.children.get(m)
            n = child.visits if child else 0
            if n > best:
                best, chosen = n, [m]
            elif n == best:
                chosen.append(m)
        if len(chosen) > 1:  # equal playouts: the better mean value, then the dice
            top = max(root.children[m].total / best if best else 0.0 for m in chosen)
            chosen = [m for m in chosen if (root.children[m].total / best if best else 0.0) == top]
        return chosen[0] if len(chosen) == 1 else self.rng.choice(chosen)

    # -- one iteration ---------------------------------------------------------------
    def _iterate(self, root: _Node, det, rng: random.Random) -> None:
        node = root
        c = self.exploration
        while not det.is_over:  # selection
            moves = self._candidates(node, det)
            children = node.children
            untried = [m for m in moves if m not in children]
            if untried:  # expansion: the most promising move not tried yet
                for m in moves:
                    child = children.get(m)
                    if child is not None:
                        child.available += 1
                hint = node.hint
                top = max(hint[m] for m in untried)
                best = [m for m in untried if hint[m] == top]
                move = best[0] if len(best) == 1 else rng.choice(best)
                child = _Node(move, node, det.current_player)
                child.available = 1
                children[move] = child
                det._play_legal(move)
                node = child
                break
            best_child, best_score = None, -1.0
            for m in moves:
                child = children[m]
                child.available += 1
                score = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if score > best_score:
                    best_child, best_score = child, score
            det._play_legal(best_child.move)
            node = best_child
        values = self._playout(det, rng)
        while node is not None:  # backpropagation
            node.visits += 1
            if node.player is not None:
                node.total += values[node.player]
            node = node.parent

    def _candidates(self, node: _Node, det) -> list:
        """The moves searched from ``node`` in this deal: the ``width`` most promising
        (``search_values``; all of them when ``width`` is None), values worked out once per
        move and node."""
        moves = det.legal_moves()
        hint = node.hint
        new = [m for m in moves if m not in hint]
        if new:
            for m, v in zip(new, search_values(det, new) if len(moves) > 1 else [0.0]):
                hint[m] = v
        width = self.settings["width"]
        if width is None or len(moves) <= width:
            return moves
        ranked = sorted(range(len(moves)), key=lambda i: -hint[moves[i]])
        cut = hint[moves[ranked[width - 1]]]
        return [m for m in moves if hint[m] >= cut]

    def _playout(self, det, rng: random.Random) -> List[float]:
        steps = 0
        depth = self.settings["depth"]
        greedy = self.settings["rollout"] == "greedy"
        while not det.is_over and (depth is None or steps < depth):
            moves = det.legal_moves()
            if greedy and len(moves) > 1:
                move = best_of(moves, move_values(det, moves), rng)
            else:
                move = moves[0] if len(moves) == 1 else rng.choice(moves)
            det._play_legal(move)
            steps += 1
        return [outcome(det, p) for p in range(det.players)]
