"""Figures read from a study's table: win rates with intervals, bot against bot, a summary,
and saving and loading tables. The plots draw exactly these numbers."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Optional, Tuple, Union

import pandas as pd

from ..core.registry import find as registered_spec
from ..core.sim import play_out, seat_bots
from .columns import BASE_COLUMNS, BOOL_COLUMNS, MOVES

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def wilson(successes: float, trials: float, z: float = Z95) -> Tuple[float, float]:
    """The Wilson score interval of a proportion: sound for small samples and for rates near
    0 or 1, where the textbook ``p ± z·sqrt(p(1-p)/n)`` leaves [0, 1]."""
    if trials <= 0:
        return (math.nan, math.nan)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # the rate itself is always inside (rounding could put a bound a hair past 0% or 100%)
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def _check(table: pd.DataFrame, *columns: str) -> None:
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise ValueError(f"table: no column {', '.join(missing)}; is it a table from savannah_kit.lab.study?")


def rates(table: pd.DataFrame, flag: str, by: Union[str, list] = "seat") -> pd.DataFrame:
    """How often ``flag`` (a True/False column such as ``winner``) holds, per group: columns
    ``games``, ``count``, ``rate``, ``low`` and ``high`` (the 95% interval)."""
    by = [by] if isinstance(by, str) else list(by)
    _check(table, flag, *by)
    grouped = table.groupby(by, sort=True)[flag]
    out = pd.DataFrame({"games": grouped.size(), "count": grouped.sum().astype("int64")})
    out["rate"] = out["count"] / out["games"]
    bounds = [wilson(c, n) for c, n in zip(out["count"], out["games"])]
    out["low"] = [b[0] for b in bounds]
    out["high"] = [b[1] for b in bounds]
    return out


def win_rates(table: pd.DataFrame, by: Union[str, list] = "seat") -> pd.DataFrame:
    """Win rate per seat (or per ``by``), with its 95% interval. A shared win counts for each
    winner, so in a game with ties the rates add up to more than 1."""
    return rates(table, "winner", by)


def mean_interval(values) -> Tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval, mean ± 1.96 standard errors (the normal
    approximation: sound for the tens of games and more a study has; NaN bounds for one value),
    kept within the values' range, where the mean must lie (no negative count of animals met)."""
    values = pd.Series(values, dtype=float).dropna()
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = float(values.mean())
    half = Z95 * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else math.nan
    return (mean, max(mean - half, float(values.min())), min(mean + half, float(values.max())))


def means(table: pd.DataFrame, columns, by=None) -> pd.DataFrame:
    """Per ``by`` group (one group "all" when None) and column: ``n``, ``mean``, ``low`` and
    ``high`` (its 95% interval, ``mean_interval``), one row per group and column."""
    columns = [columns] if isinstance(columns, str) else list(columns)
    _check(table, *columns, *([by] if by else []))
    groups = [("all", table)] if by is None else list(table.groupby(by, sort=True))
    rows = []
    for name, group in groups:
        for c in columns:
            mean, low, high = mean_interval(group[c])
            rows.append({"group": name, "column": c, "n": int(group[c].notna().sum()), "mean": mean, "low": low,
                         "high": high})
    return pd.DataFrame(rows, columns=["group", "column", "n", "mean", "low", "high"])


def pairwise(table: pd.DataFrame) -> pd.DataFrame:
    """Every meeting of two seats in one game: ``bot``, ``opponent`` and ``ahead`` (1 if the
    bot finished ahead of the opponent, 0 if behind, 0.5 for the same place)."""
    _check(table, "game_index", "seat", "bot", "place")
    key = game_key(table)
    left = table[key + ["seat", "bot", "place"]]
    pairs = left.merge(left, on=key, suffixes=("", "_other"))
    pairs = pairs[pairs["seat"] != pairs["seat_other"]]
    ahead = (pairs["place"] < pairs["place_other"]).astype(float)
    ahead[pairs["place"] == pairs["place_other"]] = 0.5
    return pd.DataFrame({"bot": pairs["bot"].to_numpy(), "opponent": pairs["bot_other"].to_numpy(),
                         "ahead": ahead.to_numpy()})


def bot_table(table: pd.DataFrame) -> pd.DataFrame:
    """Bot against bot: row bot, column opponent, the share of their meetings the row bot
    finished ahead (a tie counts half). The diagonal is a bot against itself (0.5 but for
    the seat it sat in)."""
    pairs = pairwise(table)
    return pairs.pivot_table(index="bot", columns="opponent", values="ahead", aggfunc="mean", sort=True)


def meetings(table: pd.DataFrame) -> pd.DataFrame:
    """Bot against bot, one row per (bot, opponent): ``meetings``, ``ahead`` (the share the bot
    finished ahead, a tie counting half: ``bot_table``'s cells) and its 95% Wilson interval."""
    pairs = pairwise(table)
    grouped = pairs.groupby(["bot", "opponent"], sort=True)["ahead"]
    out = pd.DataFrame({"meetings": grouped.size(), "ahead": grouped.mean()})
    bounds = [wilson(a * n, n) for a, n in zip(out["ahead"], out["meetings"])]
    out["low"] = [b[0] for b in bounds]
    out["high"] = [b[1] for b in bounds]
    return out


def game_key(table: pd.DataFrame) -> list:
    """The columns that tell one game from another, also in studies put together with
    ``pd.concat`` (their game, seeds or options differ; or add a ``study`` column)."""
    fixed = ["study", "game", "game_index", "seed", "players", "course"]
    return [c for c in table.columns if c in fixed or c.startswith("option:")]


def per_game(table: pd.DataFrame) -> pd.DataFrame:
    """One row per game (its first seat's row): for figures of whole games, such as lengths."""
    _check(table, "game_index", "seat")
    return table.sort_values(game_key(table) + ["seat"]).drop_duplicates(game_key(table))


def summary(table: pd.DataFrame) -> pd.DataFrame:
    """Per seat: its bot(s), games, wins, win rate with its interval, mean score and turns."""
    _check(table, "seat", "bot", "score", "winner", "seat_turns")
    wins = win_rates(table, "seat")
    grouped = table.groupby("seat", sort=True)
    out = pd.DataFrame({
        "bot": grouped["bot"].agg(lambda s: ",".join(sorted(set(s)))),
        "games": wins["games"], "wins": wins["count"], "win_rate": wins["rate"],
        "low": wins["low"], "high": wins["high"],
        "mean_score": grouped["score"].mean(), "mean_turns": grouped["seat_turns"].mean(),
    })
    return out


def summary_text(table: pd.DataFrame) -> str:
    """The summary as a small fixed-width text table (for the command line)."""
    s = summary(table)
    games = int(table["game_index"].nunique()) if len(table) else 0
    name = table["game"].iloc[0] if len(table) else table.attrs.get("game", "no game")
    lines = [f"{name}: {games} game{'' if games == 1 else 's'}",
             f"{'seat':>4}  {'bot':<12} {'wins':>6} {'win rate':>8}  {'95% interval':<15} {'mean score':>10}"
             f" {'mean turns':>10}"]
    for seat, r in s.iterrows():
        lines.append(f"{seat:>4}  {r['bot']:<12} {r['wins']:>6} {r['win_rate']:>8.1%}  "
                     f"{r['low']:>6.1%} – {r['high']:<6.1%} {r['mean_score']:>10.2f} {r['mean_turns']:>10.2f}")
    return "\n".join(lines)


def replay(table: pd.DataFrame, row, bot_settings: Optional[dict] = None):
    """The game of one row of a study's table, at its end: read from its save file when the
    study kept the moves (``keep_moves=True``), else played again from the row's seed, options
    and the bots of its game's rows (seeds and bots fix a game). ``row``: the row's index label,
    or the row itself. Look at it, step back with ``undo``, or save it (``game.to_json()``).
    ``bot_settings`` defaults to the study's (a table read from a file no longer has them);
    a game that does not end as the table says is refused."""
    r = row if isinstance(row, pd.Series) else table.loc[row]
    spec = registered_spec(str(r["game"]))
    if spec is None:
        raise ValueError(f"row: unknown game {r['game']!r}")
    if MOVES in r.index and isinstance(r[MOVES], str):
        return spec.from_json(r[MOVES])
    key = game_key(table)
    same = (table[key] == r[key]).all(axis=1)
    rows = table[same].sort_values("seat")
    options = {c.partition(":")[2]: _option(v) for c, v in r.items() if c.startswith("option:")}
    seed = int(r["seed"])
    game = spec.new_game(players=int(r["players"]), seed=seed, **options)
    settings = table.attrs.get("bot_settings", {}) if bot_settings is None else bot_settings
    play_out(game, seat_bots(list(rows["bot"]), seed, game.name, settings))
    if list(game.scores()) != [int(s) for s in rows["score"]]:
        raise ValueError(f"row: game {r['game_index']} (seed {seed}) ends with scores {game.scores()} when played "
                         f"again, not {list(rows['score'])}: were its bots given other settings (bot_settings)?")
    return game


def _option(value):
    """An option read back from its cell (``runner.option_value`` wrote lists and dicts as JSON)."""
    if isinstance(value, str) and value[:1] in ("[", "{"):
        return json.loads(value)
    if hasattr(value, "item"):  # a numpy number or flag: the plain Python value the option was
        return value.item()
    return value


# -- saving and loading --------------------------------------------------------------------------

def _format(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return "csv"
    if suffix in (".parquet", ".pq"):
        return "parquet"
    raise ValueError(f"path: save a table as .csv or .parquet, not {path.name!r}")


def _parquet_engine() -> None:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ImportError("Parquet files need pyarrow: install the kit with the [scale] extra "
                          "(pip install 'savannah_kit[scale]'), or save as .csv") from None


def save(table: pd.DataFrame, path) -> Path:
    """Write a study's table as CSV or Parquet (by the file's suffix); returns the path."""
    path = Path(path)
    if _format(path) == "csv":
        table.to_csv(path, index=False)
    else:
        _parquet_engine()
        table.to_parquet(path, index=False)
    return path


def load(path) -> pd.DataFrame:
    """Read a table written by ``save`` (or by ``savannah-kit simulate --out``), with the
    column types ``study`` gives."""
    path = Path(path)
    if _format(path) == "csv":
        table = pd.read_csv(path)
    else:
        _parquet_engine()
        table = pd.read_parquet(path)
    return _normalise(table)


def _normalise(table: pd.DataFrame) -> pd.DataFrame:
    """Column types as ``study`` makes them: whole numbers int64, flags bool, names text."""
    for c in table.columns:
        if c in BOOL_COLUMNS:
            table[c] = table[c].astype(bool)
        elif c in ("game", "bot", "course", MOVES) or c.startswith("option:") and table[c].dtype == object:
            table[c] = table[c].astype("str")
        elif c in BASE_COLUMNS or c.startswith(("points:", "animal:", "food:", "advisor:")):
            table[c] = table[c].astype("int64")
    return table
