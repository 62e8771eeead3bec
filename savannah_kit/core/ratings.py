"""The bots' rating table: how strong each bot of each game is, measured, and the levels a board
offers ("easy", "medium", "hard") read from it.

``python -m savannah_kit.bench --bots --ratings`` plays every pair of a game's bots (seeded
2-player games, seats alternating), fits a Bradley-Terry model to the results and writes
``ratings.json`` beside this module: per game, each bot's rating on the Elo scale (400 points:
ten to one odds; the random bot is 0) with its 95% interval, the games of every pair, and how it
was measured. No date or clock goes in, so a rerun with the same settings writes the same file.

The fit: each pair's results plus half a win each way (so a bot that won every game still has a
finite rating), solved by the usual minorise-maximise iteration. The interval: the fit repeated
on bootstrap samples (each pair's games drawn again with replacement, a fixed seed), the 2.5th and
97.5th percentiles.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

PATH = Path(__file__).with_name("ratings.json")
#: the levels a board offers, easiest first
LEVELS = ("easy", "medium", "hard")
#: the bot whose rating is 0
ANCHOR = "random"
#: half a win each way for every pair that met
PRIOR = 0.5
ELO = 400.0
BOOTSTRAP = 1000
BOOTSTRAP_SEED = 34


def fit(bots: Sequence[str], pairs: Sequence[Tuple[str, str, float, int]]) -> Dict[str, float]:
    """Bradley-Terry ratings (Elo scale, ``ANCHOR`` or else the first bot at 0) from ``pairs``:
    (bot, rival, the bot's wins, games), a shared win counting half."""
    import numpy as np

    index = {b: i for i, b in enumerate(bots)}
    n = len(bots)
    wins = np.zeros((n, n))
    for bot, rival, won, games in pairs:
        i, j = index[bot], index[rival]
        wins[i, j] += won + PRIOR
        wins[j, i] += games - won + PRIOR
    meetings = wins + wins.T
    strength = np.ones(n)
    for _ in range(10_000):
        new = wins.sum(axis=1) / (meetings / (strength[:, None] + strength[None, :])).sum(axis=1)
        new /= np.exp(np.log(new).mean())
        done = np.max(np.abs(np.log(new) - np.log(strength))) < 1e-10
        strength = new
        if done:
            break
    rating = ELO * np.log10(strength)
    rating -= rating[index.get(ANCHOR, 0)]
    return {b: float(rating[index[b]]) for b in bots}


def intervals(bots: Sequence[str], results: Mapping[Tuple[str, str], Sequence[float]],
              samples: int = BOOTSTRAP, seed: int = BOOTSTRAP_SEED) -> Dict[str, Tuple[float, float]]:
    """Each bot's 95% bootstrap interval: ``results`` maps (bot, rival) to the bot's score in each
    game (1, 0 or 0.5); every pair's games are drawn again with replacement ``samples`` times."""
    import numpy as np

    rng = np.random.default_rng(seed)
    fits = []
    for _ in range(samples):
        pairs = []
        for (bot, rival), scores in results.items():
            drawn = rng.choice(np.asarray(scores, dtype=float), size=len(scores))
            pairs.append((bot, rival, float(drawn.sum()), len(scores)))
        fitted = fit(bots, pairs)
        fits.append([fitted[b] for b in bots])
    low, high = np.percentile(np.array(fits), [2.5, 97.5], axis=0)
    return {b: (float(low[i]), float(high[i])) for i, b in enumerate(bots)}


def table(bots: Sequence[str], results: Mapping[Tuple[str, str], Sequence[float]]) -> dict:
    """One game's entry of ``ratings.json`` from ``results`` (see ``intervals``): its bots,
    strongest first, with rating and interval, and the pairs' games and wins."""
    pairs = [(bot, rival, float(sum(s)), len(s)) for (bot, rival), s in results.items()]
    rating, bounds = fit(bots, pairs), intervals(bots, results)
    order = sorted(bots, key=lambda b: -rating[b])
    return {"bots": [{"bot": b, "rating": round(rating[b]), "low": round(bounds[b][0]), "high": round(bounds[b][1])}
                     for b in order],
            "pairs": [{"bot": bot, "rival": rival, "games": games, "wins": won} for bot, rival, won, games in pairs]}


def load(path: Optional[Path] = None) -> dict:
    """The stored rating table (``ratings.json``)."""
    return json.loads(Path(path or PATH).read_text(encoding="utf-8"))


def ranked(game: str, path: Optional[Path] = None) -> List[dict]:
    """``game``'s bots, strongest first: {"bot", "rating", "low", "high"} each."""
    try:
        return load(path)["games"][game]["bots"]
    except KeyError:
        raise ValueError(f"the rating table has no game {game!r}") from None


def levels(game: str, path: Optional[Path] = None) -> Dict[str, str]:
    """The bot of each level for ``game``, from the rating table: "easy" the lowest rated, "hard"
    the highest, "medium" the one rated nearest halfway between them among those whose rating
    lies outside both their intervals (clearly stronger than easy and clearly weaker than hard),
    else the one halfway down the table. A bot's own interval may still reach hard's: with a
    game as lucky as Circle, asking more would make a weaker bot medium only because its interval
    is narrower."""
    rows = list(reversed(ranked(game, path)))  # weakest first
    easy, hard = rows[0], rows[-1]
    clear = [r for r in reversed(rows[1:-1]) if easy["high"] < r["rating"] < hard["low"]]  # a tie: the first listed
    middle = (easy["rating"] + hard["rating"]) / 2
    medium = min(clear, key=lambda r: abs(r["rating"] - middle)) if clear else rows[len(rows) // 2]
    return {"easy": easy["bot"], "medium": medium["bot"], "hard": hard["bot"]}


def bot_of(level: str, game: str) -> str:
    """The bot a board seats for ``level`` ("easy", "medium" or "hard") in ``game``."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    return levels(game)[level]
