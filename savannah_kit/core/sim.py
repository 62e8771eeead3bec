"""Run many seeded games with bots and collect the results.

``simulate`` gives a quick summary; ``savannah_kit.lab.study`` gives a table of every game
(it plays each game with ``play_out`` and ``seat_bots``, so both agree game for game)."""

from __future__ import annotations

import importlib
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import List, Optional, Sequence

from .bots import make_bot
from .registry import games as registered_games

MAX_DECISIONS = 100_000


@dataclass
class Result:
    seed: int
    scores: List[int]
    winners: List[int]
    decisions: int


@dataclass
class Summary:
    game: str
    players: int
    bots: List[str]
    results: List[Result] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.results)

    def win_rates(self) -> List[float]:
        """Share of games each seat won (a shared win counts for each winner)."""
        wins = Counter(w for r in self.results for w in r.winners)
        return [wins[p] / max(1, self.games) for p in range(self.players)]

    def mean_scores(self) -> List[float]:
        return [sum(r.scores[p] for r in self.results) / max(1, self.games) for p in range(self.players)]

    def __str__(self) -> str:
        lines = [f"{self.game}: {self.games} games, {self.players} players, bots {', '.join(self.bots)}"]
        for p, (w, s) in enumerate(zip(self.win_rates(), self.mean_scores())):
            lines.append(f"  seat {p}: wins {w:6.1%}  mean score {s:6.2f}")
        return "\n".join(lines)


def play_out(game, bots: Sequence, by_seat: Optional[List[int]] = None, order: Optional[List[int]] = None) -> int:
    """Let ``bots`` (one per seat) play ``game`` to the end; returns the number of decisions.
    ``by_seat``, a list with one zero per seat, also counts each seat's decisions, and
    ``order`` (an empty list, with ``by_seat``) receives the seats in the order of their first
    decision."""
    n = 0
    while not game.is_over:
        player = game.current_player
        game._play_legal(bots[player].choose(game))
        n += 1
        if by_seat is not None:
            if not by_seat[player] and order is not None:
                order.append(player)
            by_seat[player] += 1
        if n > MAX_DECISIONS:
            raise RuntimeError(f"{game!r} did not end within {MAX_DECISIONS} decisions")
    return n


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``game_seed``: every runner seats
    bots alike, so the same seed gives the same game in ``simulate`` and in a lab study."""
    return game_seed * 31 + seat


def seat_bots(kinds: Sequence[str], game_seed: int, game_name: str, settings: Optional[dict] = None) -> list:
    """One seeded bot per seat, by name (``core.bots.bots_for`` lists the names); ``settings``
    maps a bot name to the keywords its bots get (``{"mcts": {"iterations": 200}}``)."""
    settings = settings or {}
    return [make_bot(kind, seed=bot_seed(game_seed, i), game=game_name, **settings.get(kind, {}))
            for i, kind in enumerate(kinds)]


def _one(args) -> Result:
    module, seed, players, bots, options = args
    # by the package its spec declares: a worker started afresh has registered only the kit's games
    game = importlib.import_module(module).new_game(players=players, seed=seed, **options)
    n = play_out(game, seat_bots(bots, seed, game.name))
    return Result(seed, list(game.scores()), list(game.winners()), n)


def simulate(game: str, games: int = 100, players: int = 2, bots: Optional[Sequence[str]] = None,
             seed: int = 0, processes: int = 1, **options) -> Summary:
    """Play ``games`` seeded games of ``game`` (a registered game's name).

    Game ``i`` uses seed ``seed + i``, so a summary is reproducible whatever the
    number of worker processes."""
    known = registered_games()
    if game not in known:
        raise ValueError(f"unknown game {game!r}; choose from {sorted(known)}")
    bots = list(bots or ["random"] * players)
    if len(bots) != players:
        raise ValueError(f"need one bot per player: {players} players, {len(bots)} bots")
    jobs = [(known[game].module, seed + i, players, bots, options) for i in range(games)]
    summary = Summary(game, players, bots)
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            summary.results = list(pool.map(_one, jobs, chunksize=max(1, games // (4 * processes))))
    else:
        summary.results = [_one(j) for j in jobs]
    return summary
