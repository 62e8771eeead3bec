"""Plots of a study's table, one call each (matplotlib). Each draws on ``ax`` when given,
else on a new figure, and returns the Axes; every number drawn comes from the table
(through ``savannah_kit.lab.tables`` where a figure needs working out). Headless-safe: on
a machine without a display matplotlib draws off screen.

For every game: ``win_rate_by_seat``, ``score_distributions``, ``game_lengths``,
``bot_against_bot``. Per game: ``tails_turns_to_finish``, ``tails_animals_met``,
``circle_survivors_vs_kills``, ``circle_big_five``, ``forest_points_by_food``,
``forest_points_by_advisor``.

Every plot says how many games or seats it counts, and every rate or mean it shows comes
with its 95% interval (rates: Wilson; means: ± 1.96 standard errors). Seats are numbered
0, 1, ... as in the table and on the command line.
"""

from __future__ import annotations

from typing import List, Optional, Sequence

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.ticker import MaxNLocator, PercentFormatter

from ..core.deprecated import deprecated
from ..core.registry import find as registered_spec
from ..core.registry import games as registered_games
from .tables import _check, bot_table, mean_interval, means, meetings, per_game, rates, win_rates


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
    labels = [f"seat {int(v)}" if by == "seat" else f"{ordinal.get(int(v), f'{int(v)}th')} to move"
              if by == "turn_order" else str(v) for v in r.index]
    _rate_bars(ax, r, labels, "#6aa84f")
    ax.axhline(1 / counts[0], color="grey", linestyle="--", linewidth=1, label=f"fair share 1/{counts[0]}")
    ax.set_ylabel("games won")
    ax.set_title(f"{_title(table)}: wins by {word} ({int(r['games'].iloc[0])} games, 95% intervals)")
    ax.legend(loc="upper right")
    return ax


def _mean_label(name: str, values) -> str:
    """``name: mean 41.3 [40.1–42.5], n 200``: a group's mean with its 95% interval."""
    mean, low, high = mean_interval(values)
    interval = f" [{low:.1f}–{high:.1f}]" if not np.isnan(low) else ""
    return f"{name}: mean {mean:.1f}{interval}, n {len(values)}"


def _histograms(ax, frame: pd.DataFrame, column: str, by: Optional[str]):
    """Whole-number histograms of ``column``, one per ``by`` group (one filled one without),
    each labelled with its mean, 95% interval and n; whole-number ticks."""
    values = frame[column]
    bins = np.arange(int(values.min()), int(values.max()) + 2) - 0.5
    if by is None:
        ax.hist(values.to_numpy(), bins=bins, color="#3d85c6", edgecolor="black", linewidth=0.3,
                label=_mean_label("all", values))
    else:
        for value, group in frame.groupby(by, sort=True):
            ax.hist(group[column].to_numpy(), bins=bins, histtype="step", linewidth=1.5,
                    label=_mean_label(f"{by} {value}", group[column]))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.legend(fontsize="small")
    return ax


def score_distributions(table: pd.DataFrame, by: str = "seat", ax=None):
    """Final scores as one step histogram per ``by`` group (seat, bot, ...), on whole-number bins;
    the legend gives each group's mean score with its 95% interval and n."""
    _check(table, "score", by)
    ax = _histograms(_axes(ax), table, "score", by)
    ax.set_xlabel("final score")
    ax.set_ylabel("seats")
    ax.set_title(f"{_title(table)}: scores by {by} ({len(table)} seats)")
    return ax


def game_lengths(table: pd.DataFrame, unit: str = "turns", by: Optional[str] = None, ax=None):
    """How long the games were: one value per game, in ``unit`` (``"turns"``, ``"decisions"``
    or ``"seat_turns"``, the turns each seat took), one histogram per ``by`` group if given."""
    _check(table, unit, *([by] if by else []))
    games = per_game(table)
    ax = _axes(ax)
    words = unit.replace("_", " ")
    lengths = set(games[unit])
    if len(lengths) == 1:  # Circle of Life and Savernake Forest: every game is as long
        (length,) = lengths
        ax.text(0.5, 0.5, f"all {len(games)} games: {length} {words}", ha="center", va="center", fontsize=14,
                transform=ax.transAxes)
        ax.set_axis_off()
        ax.set_title(f"{_title(table)}: every game lasts {length} {words} ({len(games)} games)")
        return ax
    _histograms(ax, games, unit, by)
    ax.set_xlabel(words)
    ax.set_ylabel("games")
    ax.set_title(f"{_title(table)}: game length ({len(games)} games)")
    return ax


def bot_against_bot(table: pd.DataFrame, ax=None):
    """Bot against bot (``tables.bot_table``): the share of meetings the row bot finished ahead
    of the column bot, written in each cell with its 95% interval and the number of meetings
    (``tables.meetings``)."""
    grid = bot_table(table)
    detail = meetings(table)
    ax = _axes(ax, (max(5.5, 2.4 + 1.6 * len(grid.columns)), 1.8 + 1.1 * len(grid.index)))
    image = ax.imshow(grid.to_numpy(dtype=float), vmin=0, vmax=1, cmap="RdYlGn")
    ax.set_xticks(range(len(grid.columns)), list(grid.columns))
    ax.set_yticks(range(len(grid.index)), list(grid.index))
    for i, bot in enumerate(grid.index):
        for j, opponent in enumerate(grid.columns):
            if (bot, opponent) in detail.index:
                d = detail.loc[(bot, opponent)]
                ax.text(j, i, f"{d['ahead']:.0%}\n[{d['low']:.0%}–{d['high']:.0%}]\nn {int(d['meetings'])}",
                        ha="center", va="center", color="black", fontsize="small")
    ax.set_xlabel("opponent")
    ax.set_ylabel("bot")
    games = len(per_game(table))
    ax.set_title(f"{_title(table)}: how often the bot\nfinished ahead ({games} games, 95% intervals)",
                 fontsize="medium")
    ax.figure.colorbar(image, ax=ax, format=lambda v, _pos: f"{v:.0%}", shrink=0.8)
    return ax


# -- Savannah Tails ------------------------------------------------------------------------------

def tails_turns_to_finish(table: pd.DataFrame, ax=None):
    """Rounds until the race ended (every ostrich moves once a round; the race ends with the
    round in which the first crosses the line), one histogram per course."""
    _needs_game(table, "tails", "course")
    games = per_game(table)
    ax = _histograms(_axes(ax), games, "seat_turns", "course")
    for text in ax.get_legend().get_texts():  # "course first-race: mean ..." -> "first-race: mean ..."
        text.set_text(text.get_text().removeprefix("course "))
    ax.set_xlabel("turns to finish (rounds)")
    ax.set_ylabel("races")
    ax.set_title(f"Savannah Tails: turns to finish by course ({len(games)} races, 95% intervals)")
    return ax


def animals_met(table: pd.DataFrame) -> pd.DataFrame:
    """Savannah Tails: animals met per ostrich and race, by course (rows) and animal (columns)."""
    columns = _named(table, "tails", "animal")
    _needs_game(table, "tails", "course")
    out = table.groupby("course", sort=True)[columns].mean()
    out.columns = [c.partition(":")[2] for c in columns]
    return out


def _grouped_bars(ax, found: pd.DataFrame, ylabel: str, labels=None):
    """One group of bars per column, one bar per group, each a mean with its 95% interval as an
    error bar (``found``: ``tables.means``); ``labels`` renames the groups in the legend."""
    columns = list(dict.fromkeys(found["column"]))
    groups = list(dict.fromkeys(found["group"]))
    x = np.arange(len(columns))
    width = 0.8 / max(1, len(groups))
    for i, group in enumerate(groups):
        part = found[found["group"] == group].set_index("column").loc[columns]
        err = np.nan_to_num(np.clip(np.vstack([part["mean"] - part["low"], part["high"] - part["mean"]]), 0, None))
        ax.bar(x + (i - (len(groups) - 1) / 2) * width, part["mean"].to_numpy(dtype=float), width, yerr=err,
               capsize=3, label=(labels or {}).get(group, str(group)), edgecolor="black", linewidth=0.3)
    ax.set_xticks(x, [c.partition(":")[2] for c in columns])
    ax.set_ylabel(ylabel)
    if len(groups) > 1:
        ax.legend(fontsize="small")
    return ax


def tails_animals_met(table: pd.DataFrame, ax=None):
    """How often an ostrich meets each animal in a race, by course (``animals_met``), with 95%
    intervals; a course without animals says so."""
    columns = _named(table, "tails", "animal")
    _needs_game(table, "tails", "course")
    found = means(table, columns, "course")
    ax = _axes(ax)
    races = len(per_game(table))
    totals = found.groupby("group", sort=False)["mean"].sum()
    bare = [course for course, total in totals.items() if total == 0]
    if len(bare) == len(totals):
        ax.text(0.5, 0.5, "no animals on this course" if len(bare) == 1 else "no animals on these courses",
                ha="center", va="center", fontsize=14, transform=ax.transAxes)
        ax.set_axis_off()
    else:
        labels = {course: f"{course} (no animals on this course)" if course in bare else str(course)
                  for course in totals.index}
        _grouped_bars(ax, found, "met per ostrich and race", labels)
    ax.set_title(f"Savannah Tails: animals met, by course ({races} races, 95% intervals)")
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
    top = max(0.05, float(r["high"].max()) * 1.25)
    ax.set_ylim(0, top)
    if top < 0.1:  # rare bonuses: tenths of a percent, or the ticks all read "1%"
        ax.yaxis.set_major_formatter(lambda v, _pos: f"{v:.1%}")
    for x, (count, games, high) in enumerate(zip(r["count"], r["games"], r["high"])):
        ax.text(x, high + top * 0.02, f"{count} of {games}", ha="center", va="bottom")
    ax.set_ylabel("seats with the Big Five bonus")
    ax.set_title(f"Circle of Life: Big Five bonus by {by} ({int(r['games'].sum())} seats, 95% intervals)")
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


def _forest_bars(table: pd.DataFrame, kind: str, by: Optional[str], ax):
    found = means(table, _named(table, "forest", kind), by)
    labels = {g: f"{by} {g}" for g in found["group"]} if by else None
    ax = _grouped_bars(_axes(ax), found, "points per forest", labels)
    ax.set_title(f"Savernake Forest: points by {kind} ({len(table)} forests, 95% intervals)")
    return ax


def forest_points_by_food(table: pd.DataFrame, by: Optional[str] = None, ax=None):
    """Mean points a forest earns from each food (water drops included), per ``by`` group,
    with 95% intervals."""
    return _forest_bars(table, "food", by, ax)


def forest_points_by_advisor(table: pd.DataFrame, by: Optional[str] = None, ax=None):
    """Mean points each advisor's benefit brings a forest (``savannah_kit.forest.study``), per
    ``by`` group, with 95% intervals."""
    return _forest_bars(table, "advisor", by, ax)


# -- comparisons of rule variants (``lab.compare``) ------------------------------------------------

def compare_effects(comparison, measures: Optional[Sequence[str]] = None, axes=None):
    """The effect of each variant on each measure (variant − standard, paired seeds) with its
    95% bootstrap interval, one panel per measure; 0 (no effect) as a line. Returns the axes."""
    from .comparison import MEASURES, RATES

    summary = comparison.summary
    found = [m for m in (measures or MEASURES) if m in set(summary["measure"])]
    if not found:
        raise ValueError(f"measures: choose from {sorted(set(summary['measure']))}")
    if axes is None:
        _, axes = plt.subplots(len(found), 1, figsize=(7.0, 1.0 + 1.35 * len(found)), layout="constrained",
                               squeeze=False)
        axes = axes[:, 0]
    variants = list(dict.fromkeys(summary["variant"]))
    for ax, measure in zip(axes, found):
        rows = summary[summary["measure"] == measure].set_index("variant").reindex(variants)
        y = np.arange(len(variants))
        err = np.clip(np.vstack([rows["effect"] - rows["low"], rows["high"] - rows["effect"]]), 0, None)
        ax.errorbar(rows["effect"], y, xerr=err, fmt="o", capsize=4, color="#3d85c6")
        ax.axvline(0, color="grey", linestyle="--", linewidth=1)
        ax.set_yticks(y, variants)
        ax.set_ylim(-0.6, len(variants) - 0.4)
        ax.invert_yaxis()
        words = MEASURES[measure]
        if measure == "decisions_changed":  # a share, not a difference
            ax.xaxis.set_major_formatter(PercentFormatter(1.0))
        elif measure in RATES:
            ax.xaxis.set_major_formatter(lambda v, _pos: f"{v:+.0%}")
        if measure == "decisions_changed":
            ax.set_title(f"{words}: share of the decisions compared", fontsize="medium", loc="left")
        else:
            ax.set_title(f"{words}: variant - standard", fontsize="medium", loc="left")
    s = comparison.setup
    axes[0].figure.suptitle(f"{game_title(comparison.game)}: rule variants against the standard rules\n"
                            f"({s['games']} games each, {'paired' if s['paired'] else 'unpaired'} seeds, "
                            "95% bootstrap intervals)", fontsize="medium")
    return axes


def compare_distributions(comparison, measure: str = "length", ax=None):
    """One measure's values per game (``length`` or ``score_spread``) for the standard game and
    each variant, side by side as whole-number histograms with their means and intervals."""
    from .comparison import MEASURES

    games = comparison.games
    _check(games, measure)
    ax = _histograms(_axes(ax), games, measure, "variant")
    for text in ax.get_legend().get_texts():  # "variant flat bonus: mean ..." -> "flat bonus: mean ..."
        text.set_text(text.get_text().removeprefix("variant "))
    ax.set_xlabel(MEASURES[measure])
    ax.set_ylabel("games")
    ax.set_title(f"{game_title(comparison.game)}: {MEASURES[measure]} by variant "
                 f"({comparison.setup['games']} games each)")
    return ax
