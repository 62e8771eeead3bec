"""The simulation lab: studies of many seeded bot games, as a pandas table, with plots.

    from savannah_kit import lab
    table = lab.study("circle", players=2, bots="greedy,random", games=2000)
    lab.win_rates(table)                 # per seat, with 95% intervals
    lab.plots.win_rate_by_seat(table)    # the same, drawn
    lab.save(table, "circle.csv")        # or .parquet; lab.load(...) reads it back

The same study on a Dask cluster (``pip install 'savannah_kit[scale]'``)::

    from dask.distributed import Client
    table = lab.study("circle", games=20000, executor=Client("tcp://host:8786").get_executor())

The command line does the same: ``savannah-kit simulate circle --games 2000 --out circle.csv``.

A long study writes its games as they finish and never loses them (``savannah_kit.lab.store``)::

    table = lab.study("tails", games=20000, seed=1, out="tails.parquet")               # Ctrl-C, or a crash...
    table = lab.study("tails", games=20000, seed=1, out="tails.parquet", resume=True)  # ...plays the rest
    game = lab.replay(table, 17)         # the game of row 17, at its end (seeds and bots fix it)

Rule variants against the standard rules, on the same seeds and bots (``lab.comparison``)::

    result = lab.compare("circle", variants={"8 tokens": {"tokens": 8}}, games=400)
    result.summary                       # each measure's effect with its 95% interval
    lab.plots.compare_effects(result)

Counting wins: a shared win counts in full for each winner (the ``winner`` column,
``win_rates``, ``simulate``'s summary and the benchmark's bot ladder alike), so with ties the
seats' rates add up to more than 1; ``winners`` says how many shared a game.

The table
---------
One row per game and seat, sorted by game and seat. Every study has:

==================  ================================================================
``game``            the game's name ("tails", "circle", "forest")
``game_index``      the game's number in the study, 0, 1, 2, ...
``seed``            the game's seed (game *i* has ``seed + i`` unless ``seeds`` were given)
``players``         seats in the game
``seat``            the seat, 0 first
``bot``             the bot in that seat (bots are seeded from the game's seed and the seat)
``turn_order``      1 for the seat that decided first, 2 for the next, ... (the seat of the
                    first player is drawn in some games: this is the first-player column)
``score``           the seat's final score
``winner``          True for each winner (a shared win marks every winner)
``winners``         how many seats won the game
``place``           1 for a winner; then by score (equal scores share a place)
``decisions``       decisions in the whole game (every move a bot chose)
``turns``           turns in the whole game (a turn may take more than one decision)
``seat_decisions``  this seat's decisions
``seat_turns``      this seat's turns (in Tails: rounds, each ostrich moves once a round)
``option:<name>``   each option the study gave ``new_game``
``points:<rule>``   the score breakdown: the seat's points from each scoring rule
``moves``           with ``keep_moves=True`` only: the game's save file (every move)
==================  ================================================================

and each game adds its own (its spec's ``lab.columns``: ``savannah_kit.<game>.study`` says
how each is read):

* Savannah Tails: ``course``; ``animal:lion``, ``animal:cheetah``, ``animal:crocodile``,
  ``animal:porcupine``, ``animal:warthog``: how often the ostrich met each animal.
* Circle of Life: ``big_five``: the seat scored the Big Five bonus.
* Savernake Forest: ``food:berry``, ``food:worm``, ``food:egg``, ``food:nut``: food points by
  food; ``advisor:rooster``, ``advisor:armadillo``, ``advisor:goat``, ``advisor:rabbit``: the
  points each advisor's benefit brought.

``table.attrs`` keeps the study's set-up (game, players, bots, options), the games asked
for and finished, whether it was interrupted, and the seconds it took. Attributes are not
kept in CSV files: everything needed to read a table is in its columns.

Needs the ``[lab]`` extra (pandas, matplotlib, tqdm); Dask and Parquet the ``[scale]`` extra.
"""

from __future__ import annotations

import importlib

from .runner import BASE_COLUMNS, StudySpec, study

#: names served from submodules on first use: the workers that play a study import this
#: package, and need neither pandas nor matplotlib
_LAZY = {name: ".tables" for name in ("save", "load", "win_rates", "rates", "wilson", "bot_table", "pairwise",
                                     "per_game", "summary", "summary_text", "replay", "means",
                                     "mean_interval", "meetings")}
_LAZY["bench_study"] = ".bench"
_LAZY["compare"] = ".comparison"
_LAZY["Comparison"] = ".comparison"
_LAZY["rulings_board"] = ".what_if_board"
_LAZY["declared_rulings"] = ".what_if_board"


def __getattr__(name):
    if name == "plots":
        return importlib.import_module(".plots", __name__)
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY) | {"plots"})


__all__ = ["study", "StudySpec", "BASE_COLUMNS", "plots", *_LAZY]
