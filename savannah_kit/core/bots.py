"""Bots: players the kit can seat at any game. Each is seeded, so a game with
bots is as repeatable as one without.

From weakest to strongest: ``RandomBot``; ``GreedyBot`` (the best immediate
value); ``LookaheadBot`` (its whole turn, and the margin over the others);
``MCTSBot`` (``core.search``: information-set Monte Carlo tree search). The
last two never read the cards their player cannot see (``core.hidden``).
"""

from __future__ import annotations

import random
from typing import Any, Optional, Protocol

from .hidden import determinise
from .ratings import LEVELS, bot_of
from .registry import spec_of
from .search import MCTSBot
from .values import best_of, move_values


class Bot(Protocol):
    name: str

    def choose(self, game) -> Any:
        """The move this bot makes in ``game`` (whose current player it is)."""


class RandomBot:
    """Picks uniformly among the legal moves."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game):
        return self.rng.choice(game.legal_moves())

    def __repr__(self) -> str:
        return "RandomBot()"


class GreedyBot:
    """Picks the move with the best immediate ``game.evaluate(player)``
    (ties broken by its own seeded dice). A game may offer a faster
    ``greedy_values(moves)`` that returns the same numbers without copying."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game):
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return best_of(moves, self.move_values(game, moves), self.rng)

    def move_values(self, game, moves):
        """The value of each move for its player right after it (``core.values``)."""
        return move_values(game, moves)

    def __repr__(self) -> str:
        return "GreedyBot()"


class LookaheadBot(GreedyBot):
    """Plays out each legal move to the end of its own turn and keeps the best margin.

    For each move it plays the rest of the turn greedily on a copy (a Forest take and then its
    placement and advisor; a Tails move and then its discard), then values the position as
    ``evaluate`` of its player minus the best ``evaluate`` among the others (a finished game:
    winning first). So, unlike ``GreedyBot``, it prefers the move that also costs an opponent
    points. The copy is determinised first (``core.hidden``): the cards it draws on the way
    are re-dealt at random from those its player cannot see, never read from the true deck.
    Ties are broken by its own seeded dice."""

    name = "lookahead"

    #: what it weighs, in the words of a hint (``Decision.words``)
    words = ("the lookahead bot plays out the rest of your turn after each move and finds this one "
             "leaves you the best margin over the other players")

    def move_values(self, game, moves):
        """The margin each move leads to by the end of the mover's turn (see the class docstring)."""
        player = game.current_player
        seen = determinise(game, player, self.rng)
        seen.legal_moves()
        values = []
        for m in moves:
            trial = seen.copy()
            trial._play_legal(m)
            self.play_on(trial, player)
            values.append(margin(trial, player))
        return values

    def play_on(self, trial, player: int) -> None:
        """Plays the rest of ``player``'s turn greedily on ``trial`` (at most 20 decisions)."""
        steps = 0
        while not trial.is_over and trial.current_player == player and steps < 20:
            greedy_step(trial)
            steps += 1

    def __repr__(self) -> str:
        return "LookaheadBot()"


def greedy_step(game) -> None:
    """Plays the greedy bot's move in ``game`` (the first of the best, no dice: for playing on a copy)."""
    follow = game.legal_moves()
    game._play_legal(follow[_best_index(move_values(game, follow))] if len(follow) > 1 else follow[0])


def _best_index(values) -> int:
    return max(range(len(values)), key=values.__getitem__)


def margin(game, player: int) -> float:
    """``evaluate`` of ``player`` minus the best of the others; a finished game counts a win
    (or a shared one) first."""
    mine = game.evaluate(player)
    others = max((game.evaluate(p) for p in range(game.players) if p != player), default=0.0)
    if game.is_over:
        winners = game.winners()
        return (1000.0 / len(winners) if player in winners else 0.0) + mine - others
    return mine - others


BOTS = {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot, "mcts": MCTSBot}


def bots_for(game: Optional[str] = None) -> dict:
    """The bots that can play ``game`` by name: every game's, plus its own (``bots.own`` in its
    spec: Circle of Life's ``"big-five"``); an own bot with a kit bot's name replaces it (Savannah
    Tails' ``"lookahead"``)."""
    if game is None:
        return dict(BOTS)
    return {**BOTS, **spec_of(game).bots.own}


def make_bot(kind: str, seed: int = 0, game: Optional[str] = None, **settings):
    """A seeded bot by name (``bots_for(game)`` lists the names) or, for a game, by level
    (``"easy"``, ``"medium"``, ``"hard"``: the bots' rating table says which, ``core.ratings``);
    ``settings`` go to the bot (``make_bot("mcts", 3, "circle", iterations=500)``)."""
    if kind in LEVELS and game is not None:
        kind = bot_of(kind, game)
    known = bots_for(game)
    try:
        cls = known[kind]
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; choose from {sorted(known)}") from None
    return cls(seed, **settings)


# -- the strongest bot that fits a time budget -------------------------------------------------

#: the bots from strongest to weakest, as the bench ladder ranks them in most games (MCTS beats greedy in
#: 71-87% of 2-player games, depending on the game); each game's spec lists its own order, measured
#: (``bots.strength``: a game whose lookahead bot is no stronger than greedy leaves it out), and names
#: its greedy bot when it has its own (``bots.greedy``). What a decision costs each bot on the reference
#: machine class is in the spec too (``bots.decision_cost``): a table, never a clock read at run time,
#: so the same budget picks the same bot on any machine and hints and suggestions repeat exactly.
STRENGTH = ("mcts", "lookahead", "greedy")
#: the fewest playouts worth a search: fewer, and the next bot down is picked
MIN_PLAYOUTS = 100
#: MCTS playouts are counted in steps of this many (round figures to read)
PLAYOUT_STEP = 10


class BotPick:
    """The bot ``pick_bot`` chose: its ``kind`` (a ``make_bot`` name), its ``settings`` (the
    MCTS playouts), the ``budget`` in seconds it was picked for and the ``seconds`` it is
    expected to take on the reference machine class."""

    __slots__ = ("game", "kind", "settings", "budget", "seconds")

    def __init__(self, game: str, kind: str, settings: dict, budget: float, seconds: float):
        self.game, self.kind, self.settings, self.budget, self.seconds = game, kind, settings, budget, seconds

    @property
    def searches(self) -> bool:
        """Whether the pick is the searching bot (its moves come with playouts and values)."""
        return self.kind == "mcts"

    @property
    def label(self) -> str:
        """The bot in words: "the MCTS bot (1,050 playouts)", "the greedy bot"."""
        if self.searches:
            return f"the MCTS bot ({self.settings['iterations']:,} playouts)"
        return f"the {self.kind} bot"

    def make(self, seed: int = 0):
        """The picked bot, seeded."""
        return make_bot(self.kind, seed, self.game, **self.settings)

    def __eq__(self, other) -> bool:
        return isinstance(other, BotPick) and (self.game, self.kind, self.settings, self.budget) == (
            other.game, other.kind, other.settings, other.budget)

    def __repr__(self) -> str:
        settings = "".join(f", {k}={v!r}" for k, v in self.settings.items())
        return f"BotPick({self.game!r}, {self.kind!r}{settings}, budget={self.budget:g})"


def check_seconds(field: str, seconds) -> float:
    """``seconds`` as a budget, or a ValueError naming ``field``."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds < float("inf"):
        raise ValueError(f"{field} must be a positive number of seconds, not {seconds!r}")
    return float(seconds)


def pick_bot(game: str, seconds: float) -> BotPick:
    """The strongest bot for ``game`` (a game name) whose decision fits ``seconds`` on the
    reference machine class (the ``bots.decision_cost`` of its spec), in the order of its spec's
    ``bots.strength``: MCTS with as many playouts as fit (at least ``MIN_PLAYOUTS``), else the
    lookahead bot (where the game ranks it), else the greedy one (which always answers). Worked out
    from the table alone, so the same budget gives the same pick everywhere."""
    seconds = check_seconds("seconds", seconds)
    bots = spec_of(game).bots
    cost = bots.decision_cost
    for kind in bots.strength:
        if kind == "mcts":
            playouts = int(seconds / cost["mcts"] + 1e-9) // PLAYOUT_STEP * PLAYOUT_STEP
            if playouts >= MIN_PLAYOUTS:
                return BotPick(game, "mcts", {"iterations": playouts}, seconds, playouts * cost["mcts"])
            continue
        name = bots.greedy if kind == "greedy" else kind
        if cost[name] <= seconds or kind == "greedy":
            return BotPick(game, name, {}, seconds, cost[name])
    raise AssertionError("bots.strength ends with the greedy bot, which always answers")


class Decision:
    """What a picked bot decided in a position: its ``move``, and for a search the ``stats``
    of every legal move ((move, playouts, value in [0, 1]), most searched first)."""

    __slots__ = ("pick", "move", "stats", "moves")

    def __init__(self, pick: BotPick, move: Any, stats: list, moves: int):
        self.pick, self.move, self.stats, self.moves = pick, move, stats, moves

    @property
    def playouts(self) -> int:
        """Playouts the search spent in all (0: no search)."""
        return sum(n for _m, n, _v in self.stats)

    def of(self, move) -> Optional[tuple]:
        """(playouts, value) the search gave ``move`` (None without a search)."""
        return next(((n, v) for m, n, v in self.stats if m == move), None)

    def words(self) -> str:
        """Why this move, true for the bot that chose it: for a search, the playouts, how they
        rate the move, and whether that is the best rating of the moves searched; for the
        lookahead bot, what it weighs; "" for the greedy bot (its board words say why)."""
        if self.pick.kind == "lookahead":
            return bots_for(self.pick.game)["lookahead"].words
        found = self.of(self.move)
        if not found or not found[0]:
            return ""
        n, value = found
        tried = [v for _m, k, v in self.stats if k]
        said = (f"searching {self.playouts:,} playouts, the MCTS bot gave it the most ({n:,}) and rates "
                f"its chance to win at about {round(100 * value)}%")
        if any(v > value for v in tried):
            return said
        among = (f"the best of your {self.moves} moves" if len(tried) == self.moves
                 else f"the best of the {len(tried)} of your {self.moves} moves it searched")
        return f"{said}, {among}"


def decide(pick: BotPick, game, seed: int = 0) -> Decision:
    """The move ``pick``'s bot (seeded ``seed``) makes for the player to move in ``game``, with
    the search's figures when it searches; ``game`` is left as it was."""
    moves = game.legal_moves()
    bot = pick.make(seed)
    if not pick.searches or len(moves) == 1:
        return Decision(pick, bot.choose(game), [], len(moves))
    stats = bot.move_stats(game)
    return Decision(pick, bot._best(bot.last_root, moves), stats, len(moves))
