"""What if we played it differently? Rule variants against the standard rules.

    from savannah_kit import lab
    result = lab.compare("tails", variants={"flat +2 bonus": {"flat_bonus": True}}, games=400)
    result.summary                       # one row per variant and measure: the effect, its 95% interval
    print(result.text())
    lab.plots.compare_effects(result)    # the same, drawn

**Paired design (common random numbers).** Every variant plays the same seeds as the
standard game, with the same bots seated alike (each bot seeded from the game's seed and
its seat), so the games differ only where the rules differ: the deal, the first player and
the bots' coin flips are shared. The effect of a variant on a measure is the mean over
games of (variant − standard) for the same seed, and its 95% interval is a percentile
bootstrap of those paired differences (games resampled with a fixed seed, ``BOOTSTRAP``
resamples; numpy, no scipy). With ``paired=False`` each variant plays other seeds and the
two means are resampled independently: the same number of games gives a wider interval
(``tests/lab/test_lab_comparison.py`` shows one study both ways).

The measures, one value per game:

* ``length``: the game's turns (Savannah Tails: turns of all ostriches);
* ``first_player_wins``: 1 if the seat that decided first won (a shared win counts);
* ``score_spread``: the highest score minus the lowest;
* ``stronger_bot_wins``: 1 if a seat of the stronger bot won: the bot with the best win rate
  under the standard rules (only when the seats hold different bots);
* ``decisions_changed``: the share of decisions at which the ruling changes the bot's choice.
  Measured along the variant's own game with the standard game following it move for move,
  the same freshly seeded bot choosing in both positions (``savannah_kit.lab.decisions``
  says exactly what is compared, and where the comparison stops); the standard value is 0 by
  definition and the interval is a bootstrap over games of the ratio.

Bots rotate seats each game (``rotate=True``), so every bot plays every seat equally often.
Studies run on the study runner: serial, on local processes or on Dask, the same seeds give
the same tables.

**A comparison that never loses work.** With ``out=`` (a .csv or .parquet file, checked before
the first game) each study is a study file of its own in a folder beside it (``x.csv.parts/``,
``study-0.csv`` the standard game's, then one per variant in order), written as its chunks
finish (``savannah_kit.lab.store``). An interrupt stops the comparison (``KeyboardInterrupt``)
and keeps every finished game; ``resume=True`` completes each study with exactly the games it
lacks, so the table is the one an uninterrupted comparison gives. At the end the whole table
is written to ``out`` and the folder removed; ``resume=True`` on a finished comparison reads
that table back (each game checked against the comparison asked for) and plays nothing.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import numpy as np
import pandas as pd

from .decisions import CHANGED, COMPARED
from .runner import column_order, make_spec, study
from .store import check_out, write_table
from .tables import load, win_rates

STANDARD = "standard"
#: bootstrap resamples for every interval
BOOTSTRAP = 2000
#: each measure and its words on tables and figures, in the order they are shown
MEASURES = {
    "length": "game length (turns)",
    "first_player_wins": "first player's win rate",
    "score_spread": "score spread (highest - lowest)",
    "stronger_bot_wins": "stronger bot's win rate",
    "decisions_changed": "decisions the ruling changes",
}
#: measures that are rates (shown as percentages)
RATES = ("first_player_wins", "stronger_bot_wins", "decisions_changed")


@dataclass
class Comparison:
    """What ``compare`` returns: ``table`` (every study's rows, with a first column
    ``variant``), ``games`` (one row per variant and game: the measures), ``summary`` (one row
    per variant and measure: the standard and the variant's value, the effect and its 95%
    interval), and the set-up."""

    game: str
    table: pd.DataFrame
    games: pd.DataFrame
    summary: pd.DataFrame
    stronger: Optional[str]
    setup: Dict[str, object] = field(default_factory=dict)

    def text(self) -> str:
        """The summary as a fixed-width text table."""
        s = self.setup
        lines = [f"{self.game}: {s['games']} games per variant, {s['players']} players, bots "
                 f"{','.join(s['bots'])} (rotating), {'paired seeds' if s['paired'] else 'unpaired seeds'}; "
                 f"effect = variant - standard, 95% bootstrap interval"]
        if self.stronger:
            lines[0] += f"; stronger bot: {self.stronger}"
        for variant, rows in self.summary.groupby("variant", sort=False):
            lines.append(f"{variant}:")
            for _, r in rows.iterrows():
                show = _percent if r["measure"] in RATES else _number
                lines.append(f"  {MEASURES[r['measure']]:<32} {show(r['standard']):>8} -> {show(r['variant_value']):>8}"
                             f"  effect {_signed(r['effect'], r['measure'])} [{_signed(r['low'], r['measure'])} to "
                             f"{_signed(r['high'], r['measure'])}]")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.text()


def _percent(v: float) -> str:
    return f"{v:.1%}"


def _number(v: float) -> str:
    return f"{v:.2f}"


def _signed(v: float, measure: str) -> str:
    return f"{v:+.1%}" if measure in RATES else f"{v:+.2f}"


def _check_variants(game: str, variants, base: dict) -> Dict[str, dict]:
    """The variants as name -> options (each checked by the game: errors name the field)."""
    if not isinstance(variants, dict) or not variants:
        raise ValueError("variants: give at least one, as {name: {option: value}}")
    checked = {}
    for name, options in variants.items():
        if not isinstance(name, str) or not name or name == STANDARD:
            raise ValueError(f"variants: {name!r} cannot name a variant (a name, not {STANDARD!r})")
        if not isinstance(options, dict) or not options:
            raise ValueError(f"variants.{name}: give its options as {{option: value}}, not {options!r}")
        try:
            make_spec(game, 2, None, {**base, **options})
        except ValueError as err:
            raise ValueError(f"variants.{name}: {err}") from None
        checked[name] = dict(options)
    return checked


def _bar(progress, total: int, label: str):
    """One progress callback per study feeding one bar over every study (or the caller's
    ``progress(done, total)``), and a ``close``."""
    done = [0]
    if progress is True:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, unit="game", desc=label, smoothing=0.1)
        report, close = (lambda n: bar.update(n)), bar.close
    elif callable(progress):
        report, close = (lambda n: progress(done[0], total)), (lambda: None)
    else:
        return (lambda: False), (lambda: None)

    def per_study():
        seen = [0]

        def advance(now: int, _total: int) -> None:
            done[0] += now - seen[0]
            report(now - seen[0])
            seen[0] = now

        return advance

    return per_study, close


def compare(game: str, variants: Dict[str, dict], bots=None, games: int = 100, seed: int = 0, players: int = 2,
            options: Optional[dict] = None, executor=None, progress=True, *, workers: Optional[int] = None,
            chunk: Optional[int] = None, decisions: bool = True, paired: bool = True,
            bootstrap_seed: int = 0, out=None, resume: bool = False) -> Comparison:
    """Play the standard game and every variant ``games`` times and measure what each variant
    changes (see the module's docstring). ``variants``: ``{name: {option: value}}``, each on
    top of ``options`` (the standard game's own options). ``bots``: as ``study`` takes them
    (default ``"greedy,random"``: a stronger and a weaker bot). ``executor``, ``workers`` and
    ``chunk`` go to ``study``; ``decisions=False`` skips the decision measure (it costs two
    more bot choices a decision); ``paired=False`` plays each variant on other seeds.
    ``out``: the file of every game, written as the games finish; ``resume=True`` completes
    the interrupted comparison in it (see the module's docstring)."""
    base = dict(options or {})
    checked = _check_variants(game, variants, base)
    bots = "greedy,random" if bots is None else bots
    if isinstance(games, bool) or not isinstance(games, int) or games < 2:
        raise ValueError(f"games: compare needs 2 games or more per variant, not {games!r}")
    runs = {STANDARD: base, **{name: {**base, **o} for name, o in checked.items()}}
    for name, run in runs.items():  # every set-up checked before the first game
        make_spec(game, players, bots, run, True)
    files, split = _study_files(out, list(runs), resume)
    per_study, close = _bar(progress, games * len(runs), f"{game}: compare")
    tables = []
    try:
        for k, (name, run) in enumerate(runs.items()):
            first = seed if paired else seed + k * games
            beside = base if decisions and name != STANDARD else None
            table = study(game, players=players, bots=bots, options=run, seeds=range(first, first + games),
                          executor=executor, workers=workers, chunk=chunk, progress=per_study(), rotate=True,
                          beside=beside, out=files and files[k], resume=resume)
            if table.attrs["interrupted"]:
                raise KeyboardInterrupt(f"compare interrupted: {name} has {table.attrs['finished']} of {games} games")
            tables.append(table)
    except ValueError:
        if split:  # games of another comparison: the finished file stays as it was, alone
            shutil.rmtree(files[0].parent)
        raise
    finally:
        close()
    setup = dict(games=games, players=players, bots=list(tables[0].attrs["bots"]), options=base,
                 variants=checked, paired=paired, seed=seed, bootstrap=BOOTSTRAP, bootstrap_seed=bootstrap_seed)
    result = summarise(game, dict(zip(runs, tables)), setup)
    if out is not None:
        write_table(result.table, Path(out))  # under a passing name, then renamed: never half written
        shutil.rmtree(files[0].parent)
    return result


def _study_files(out, names: List[str], resume: bool) -> Tuple[Optional[list], bool]:
    """The file of each study of a comparison written to ``out`` (None without ``out``), in the
    parts folder beside it (with ``resume``, where an interrupted comparison left its games; a
    finished comparison's file is split back into its studies, so that resuming it plays nothing
    and checks every game against this comparison); and whether it was split so."""
    if out is None:
        if resume:
            raise ValueError("resume: give out=, the file of the comparison to complete")
        return None, False
    path = check_out(out)
    folder = path.with_name(path.name + ".parts")
    if folder.exists() and not resume:
        raise ValueError(f"out: {folder} holds the games of an unfinished comparison: complete it with "
                         "resume=True (savannah-kit compare --resume) or delete that folder")
    files = [folder / f"study-{k}{path.suffix}" for k in range(len(names))]
    split = resume and path.is_file() and not folder.exists()
    if split:
        finished = load(path)
        if "variant" not in finished.columns:
            raise ValueError(f"out: {path} holds a study, not a comparison (no 'variant' column)")
        other = sorted(set(finished["variant"]) - set(names))
        if other:
            raise ValueError(f"out: {path} holds a comparison of other variants ({', '.join(map(str, other))}; "
                             f"this one compares {', '.join(names)})")
        folder.mkdir()
        for file, name in zip(files, names):  # a study's table has no column it does not fill
            rows = finished[finished["variant"] == name].drop(columns="variant").dropna(axis=1, how="all")
            write_table(rows.reset_index(drop=True), file)
    folder.mkdir(exist_ok=True)
    return files, split


def summarise(game: str, tables: Dict[str, pd.DataFrame], setup: dict) -> Comparison:
    """The comparison of the studies ``tables`` (the standard game's first, then each variant's,
    by name): their rows together, the measures per game and the effects."""
    table = pd.concat([t.assign(variant=name) for name, t in tables.items()], ignore_index=True)
    table = table[["variant"] + column_order([c for c in table.columns if c != "variant"])]
    stronger = _stronger_bot(tables[STANDARD])
    measured = pd.concat([game_measures(t, stronger).assign(variant=name) for name, t in tables.items()],
                         ignore_index=True)
    measured = measured[["variant"] + [c for c in measured.columns if c != "variant"]]
    summary = effects(measured, setup["paired"], setup["bootstrap_seed"])
    return Comparison(game, table, measured, summary, stronger, setup)


def _stronger_bot(standard: pd.DataFrame) -> Optional[str]:
    """The bot with the best win rate under the standard rules; None with one bot only."""
    rates = win_rates(standard, "bot")
    if len(rates) < 2:
        return None
    return str(rates["rate"].idxmax())


def game_measures(table: pd.DataFrame, stronger: Optional[str]) -> pd.DataFrame:
    """One row per game of one study: ``game_index``, ``seed`` and each measure."""
    grouped = table.groupby("game_index", sort=True)
    out = pd.DataFrame({"seed": grouped["seed"].first(), "length": grouped["turns"].first().astype(float)})
    first = table[table["turn_order"] == 1].set_index("game_index")["winner"]
    out["first_player_wins"] = first.groupby(level=0).any().astype(float)
    out["score_spread"] = (grouped["score"].max() - grouped["score"].min()).astype(float)
    if stronger is not None:
        out["stronger_bot_wins"] = (table["winner"] & (table["bot"] == stronger)).groupby(
            table["game_index"]).any().astype(float)
    if COMPARED in table:
        out[COMPARED] = grouped[COMPARED].first().astype(int)
        out[CHANGED] = grouped[CHANGED].first().astype(int)
    return out.reset_index()


def _resampled(rng, n: int) -> np.ndarray:
    return rng.integers(0, n, size=(BOOTSTRAP, n))


def effects(measured: pd.DataFrame, paired: bool = True, bootstrap_seed: int = 0) -> pd.DataFrame:
    """One row per variant and measure: ``standard`` and ``variant_value`` (the means), ``effect``
    (variant − standard), ``low`` and ``high`` (its 95% bootstrap interval) and ``games``."""
    standard = measured[measured["variant"] == STANDARD].set_index("game_index")
    rows = []
    for k, (variant, own) in enumerate(measured[measured["variant"] != STANDARD].groupby("variant", sort=False)):
        own = own.set_index("game_index")
        for j, measure in enumerate(MEASURES):
            rng = np.random.default_rng([bootstrap_seed, k, j])
            if measure == "decisions_changed":
                if COMPARED not in own:
                    continue
                changed, compared = own[CHANGED].to_numpy(float), own[COMPARED].to_numpy(float)
                if not compared.sum():  # the games part at once: no decision to compare
                    continue
                value = changed.sum() / compared.sum()
                pick = _resampled(rng, len(own))
                shares = changed[pick].sum(axis=1) / np.maximum(compared[pick].sum(axis=1), 1.0)
                rows.append(_row(variant, measure, 0.0, value, value, shares, len(own)))
                continue
            if measure not in own:
                continue
            a, b = standard[measure], own[measure]
            if paired:
                diff = (b - a.reindex(b.index)).to_numpy(float)
                boot = diff[_resampled(rng, len(diff))].mean(axis=1)
            else:
                boot = (b.to_numpy(float)[_resampled(rng, len(b))].mean(axis=1)
                        - a.to_numpy(float)[_resampled(rng, len(a))].mean(axis=1))
            rows.append(_row(variant, measure, a.mean(), b.mean(), b.mean() - a.mean(), boot, len(b)))
    return pd.DataFrame(rows, columns=["variant", "measure", "standard", "variant_value", "effect", "low", "high",
                                       "games"])


def _row(variant: str, measure: str, standard: float, value: float, effect: float, boot: np.ndarray,
         games: int) -> dict:
    low, high = np.percentile(boot, [2.5, 97.5])
    return {"variant": variant, "measure": measure, "standard": float(standard), "variant_value": float(value),
            "effect": float(effect), "low": float(low), "high": float(high), "games": games}
