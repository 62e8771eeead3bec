"""Plots of a study's table, one call each (matplotlib). Each draws on ``ax`` when given,
else on a new figure, and returns the Axes; every number drawn comes from the table
(through ``savannah_kit.lab.tables`` where a figure needs working out). Headless-safe: on
a machine without a display matplotlib draws off screen.

For every game: ``win_rate_by_seat``, ``score_distributions``, ``game_lengths``,
``bot_against_bot``. Per game: ``tails_turns_to_finish``, ``tails_animals_met``,
``circle_survivors_vs_kills``, ``circle_big_five``, ``forest_points_by_food``,
``forest_points_by_advisor``.
"""

from __future__ import annotations

from typing import List, Optional, Sequence

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from ..core.deprecated import deprecated
from ..core.registry import find as registered_spec
from ..core.registry import games as registered_games
from .tables import _check, bot_table, per_game, rates, win_rates


def game_title(name: str) -> str:
    """A game's name on figures (its spec's ``lab.plot_title``: "Circle of Life"); an unknown
    name as it is."""
    spec = registered_spec(name)
    return spec.lab.plot_title if spec is not None else name


def __getattr__(name):
    if name == "GAME_TITLES":  # the table this module kept before the games' specs held the titles
        deprecated("plots.GAME_TITLES is deprecated: use plots.game_title(name)")
        return {game: spec.lab.plot_title for game, spec in registered_games().items()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _axes(ax, size=(6.4, 4.0)):
    if ax is None:
        _, ax = plt.subplots(figsize=size, layout="constrained")
    return ax


def _title(table: pd.DataFrame) -> str:
    names = sorted(set(table["game"])) if "game" in table and len(table) else []
    return ", ".join(game_title(n) for n in names)


def _needs_game(table: pd.DataFrame, game: str, column: str) -> None:
    if column not in table.columns:
        raise ValueError(f"table: this plot needs a {game_title(game)} study (it reads the column {column!r})")


def _named(table: pd.DataFrame, game: str, prefix: str) -> List[str]:
    """The columns ``<prefix>:<name>`` of a study of ``game``, in the table's order (the order
    the game's ``lab.columns`` gives them)."""
    columns = [c for c in table.columns if c.startswith(prefix + ":")]
    if not columns:
        _needs_game(table, game, prefix + ":...")
    return columns


def _rate_bars(ax, r: pd.DataFrame, labels: Sequence[str], colour: str):
    """Bars of ``r["rate"]`` with their 95% intervals as error bars."""
    x = np.arange(len(r))
    # clipped at 0: at a rate of 0 or 1 rounding puts the Wilson bound a hair past the rate
    err = np.clip(np.vstack([r["rate"] - r["low"], r["high"] - r["rate"]]), 0.0, None)
    ax.bar(x, r["rate"], yerr=err, capsize=4, color=colour, edgecolor="black", linewidth=0.5)
    ax.set_xticks(x, labels)
    ax.set_ylim(0, max(1.0, float(r["high"].max()) if len(r) else 1.0))
    ax.yaxis.set_major_formatter(lambda v, _pos: f"{v:.0%}")
    return ax


def win_rate_by_seat(table: pd.DataFrame, by: str = "seat", ax=None):
    """Win rate of each seat with its 95% interval, and the fair share (1 / players) as a line:
    the first-player advantage at a glance. ``by="turn_order"`` groups by who moved first
    instead (in Savernake Forest the first player is drawn)."""
    _check(table, "players", by)
    counts = sorted(set(table["players"]))
    if len(counts) != 1:
        raise ValueError(f"table: games of {counts} players mixed; plot one player count at a time")
    r = win_rates(table, by)
    ax = _axes(ax)
    word = "turn order" if by == "turn_order" else by
    ordinal = {1: "1st", 2: "2nd", 3: "3rd"}
    labels = [f"seat {int(v) + 1}" if by == "seat" else f"{ordinal.get(int(v), f'{int(v)}th')} to move"
              if by == "turn_order" else str(v) for v in r.index]
    _rate_bars(ax, r, labels, "#6aa84f")
    ax.axhline(1 / counts[0], color="grey", linestyle="--", linewidth=1, label=f"fair share 1/{counts[0]}")
    ax.set_ylabel("games won")
    ax.set_title(f"{_title(table)}: wins by {word} ({int(r['games'].iloc[0])} games, 95% intervals)")
    ax.legend(loc="upper right")
    return ax


def score_distributions(table: pd.DataFrame, by: str = "seat", ax=None):
    """Final scores as one step histogram per ``by`` group (seat, bot, ...), on whole-number bins."""
    _check(table, "score", by)
    ax = _axes(ax)
    low, high = int(table["score"].min()), int(table["score"].max())
    bins = np.arange(low, high + 2) - 0.5
    for value, group in table.groupby(by, sort=True):
        ax.hist(group["score"].to_numpy(), bins=bins, histtype="step", linewidth=1.5, label=f"{by} {value}")
    ax.set_xlabel("final score")
    ax.set_ylabel("seats")
    ax.set_title(f"{_title(table)}: scores by {by}")
    ax.legend()
    return ax


def game_lengths(table: pd.DataFrame, unit: str = "turns", by: Optional[str] = None, ax=None):
    """How long the games were: one value per game, in ``unit`` (``"turns"``, ``"decisions"``
    or ``"seat_turns"``, the turns each seat took), one histogram per ``by`` group if given."""
    _check(table, unit, *([by] if by else []))
    games = per_game(table)
    ax = _axes(ax)
    values = games[unit]
    bins = np.arange(int(values.min()), int(values.max()) + 2) - 0.5 if len(values) else 10
    if by is None:
        ax.hist(values.to_numpy(), bins=bins, color="#3d85c6", edgecolor="black", linewidth=0.3)
    else:
        for value, group in games.groupby(by, sort=True):
            ax.hist(group[unit].to_numpy(), bins=bins, histtype="step", linewidth=1.5, label=f"{by} {value}")
        ax.legend()
    ax.set_xlabel(unit.replace("_", " "))
    ax.set_ylabel("games")
    ax.set_title(f"{_title(table)}: game length ({len(games)} games)")
    return ax


def bot_against_bot(table: pd.DataFrame, ax=None):
    """Bot against bot (``tables.bot_table``): the share of meetings the row bot finished ahead
    of the column bot, written in each cell."""
    grid = bot_table(table)
    ax = _axes(ax, (1.6 + 1.2 * len(grid.columns), 1.2 + 1.0 * len(grid.index)))
    image = ax.imshow(grid.to_numpy(dtype=float), vmin=0, vmax=1, cmap="RdYlGn")
    ax.set_xticks(range(len(grid.columns)), list(grid.columns))
    ax.set_yticks(range(len(grid.index)), list(grid.index))
    for i in range(len(grid.index)):
        for j in range(len(grid.columns)):
            v = grid.iat[i, j]
            ax.text(j, i, "" if pd.isna(v) else f"{v:.0%}", ha="center", va="center", color="black")
    ax.set_xlabel("opponent")
    ax.set_ylabel("bot")
    ax.set_title(f"{_title(table)}: bot ahead of opponent")
    ax.figure.colorbar(image, ax=ax, format=lambda v, _pos: f"{v:.0%}")
    return ax


# -- Savannah Tails ------------------------------------------------------------------------------

def tails_turns_to_finish(table: pd.DataFrame, ax=None):
    """Rounds until the race ended (every ostrich moves once a round; the race ends with the
    round in which the first crosses the line), one histogram per course."""
    _needs_game(table, "tails", "course")
    games = per_game(table)
    ax = _axes(ax)
    values = games["seat_turns"]
    bins = np.arange(int(values.min()), int(values.max()) + 2) - 0.5
    for course, group in games.groupby("course", sort=True):
        ax.hist(group["seat_turns"].to_numpy(), bins=bins, histtype="step", linewidth=1.5,
                label=f"{course} (mean {group['seat_turns'].mean():.1f})")
    ax.set_xlabel("turns to finish (rounds)")
    ax.set_ylabel("races")
    ax.set_title(f"Savannah Tails: turns to finish by course ({len(games)} races)")
    ax.legend()
    return ax


def animals_met(table: pd.DataFrame) -> pd.DataFrame:
    """Savannah Tails: animals met per ostrich and race, by course (rows) and animal (columns)."""
    columns = _named(table, "tails", "animal")
    _needs_game(table, "tails", "course")
    out = table.groupby("course", sort=True)[columns].mean()
    out.columns = [c.partition(":")[2] for c in columns]
    return out


def _grouped_bars(ax, frame: pd.DataFrame, ylabel: str):
    """One group of bars per column of ``frame``, one bar per row."""
    x = np.arange(len(frame.columns))
    width = 0.8 / max(1, len(frame.index))
    for i, (name, row) in enumerate(frame.iterrows()):
        ax.bar(x + (i - (len(frame.index) - 1) / 2) * width, row.to_numpy(dtype=float), width, label=str(name),
               edgecolor="black", linewidth=0.3)
    ax.set_xticks(x, list(frame.columns))
    ax.set_ylabel(ylabel)
    if len(frame.index) > 1:
        ax.legend()
    return ax


def tails_animals_met(table: pd.DataFrame, ax=None):
    """How often an ostrich meets each animal in a race, by course (``animals_met``)."""
    data = animals_met(table)
    ax = _grouped_bars(_axes(ax), data, "met per ostrich and race")
    ax.set_title("Savannah Tails: animals met, by course")
    return ax


# -- Circle of Life ------------------------------------------------------------------------------

SURVIVORS, KILLS = "points:circle.end.survivors", "points:circle.end.kill-pile"


def circle_survivors_vs_kills(table: pd.DataFrame, ax=None):
    """Each seat's survivor points against its kill-pile points, winners in colour: does the
    game reward keeping animals alive or hunting?"""
    _needs_game(table, "circle", SURVIVORS)
    ax = _axes(ax)
    for won, colour, label in ((False, "#999999", "other seats"), (True, "#cc0000", "winners")):
        part = table[table["winner"] == won]
        ax.scatter(part[SURVIVORS].to_numpy(), part[KILLS].to_numpy(), s=12, alpha=0.5, color=colour, label=label)
    ax.set_xlabel("survivor points")
    ax.set_ylabel("kill pile points")
    ax.set_title(f"Circle of Life: survivors against kills ({len(table)} seats)")
    ax.legend()
    return ax


def circle_big_five(table: pd.DataFrame, by: str = "bot", ax=None):
    """How often a seat scores the Big Five bonus, per ``by`` group, with 95% intervals."""
    _needs_game(table, "circle", "big_five")
    r = rates(table, "big_five", by)
    ax = _rate_bars(_axes(ax), r, [str(v) for v in r.index], "#e69138")
    ax.set_ylim(0, max(0.05, float(r["high"].max()) * 1.15))
    ax.set_ylabel("seats with the Big Five bonus")
    ax.set_title(f"Circle of Life: Big Five bonus by {by} ({int(r['games'].sum())} seats)")
    return ax


# -- Savernake Forest ----------------------------------------------------------------------------

def forest_points(table: pd.DataFrame, kind: str, by: Optional[str] = None) -> pd.DataFrame:
    """Savernake Forest: mean points per seat by food (``kind="food"``) or advisor
    (``kind="advisor"``); one row per ``by`` group, or one row "all"."""
    columns = _named(table, "forest", kind)
    if by is None:
        out = table[columns].mean().to_frame("all").T
    else:
        out = table.groupby(by, sort=True)[columns].mean()
    out.columns = [c.partition(":")[2] for c in columns]
    return out


def forest_points_by_food(table: pd.DataFrame, by: Optional[str] = None, ax=None):
    """Mean points a forest earns from each food (water drops included), per ``by`` group."""
    ax = _grouped_bars(_axes(ax), forest_points(table, "food", by), "points per forest")
    ax.set_title("Savernake Forest: points by food")
    return ax


def forest_points_by_advisor(table: pd.DataFrame, by: Optional[str] = None, ax=None):
    """Mean points each advisor's benefit brings a forest (``savannah_kit.forest.study``)."""
    ax = _grouped_bars(_axes(ax), forest_points(table, "advisor", by), "points per forest")
    ax.set_title("Savernake Forest: points by advisor")
    return ax
