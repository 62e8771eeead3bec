"""A study's file, written while the games are played, so that a finished game is never lost.

While a study runs, each finished chunk of games is written at once into a folder beside the
file (``circle.csv.parts/``, one file per chunk, in the file's format). When the study ends, or
is interrupted, the whole table is written to the file (sorted, as ``study`` returns it; first
under another name, then renamed, so the file is never half written) and the folder removed.
A study that was killed outright leaves its folder behind.

``study(..., out=path, resume=True)`` reads the file and the parts left behind, checks that
they are games of the same study (game, players, options, each game's seed and bots) and plays
only the games missing: the table is the one an uninterrupted study gives. Bot settings are
not in the table: resume with the same ones.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import List, Optional, Sequence

import pandas as pd

from .columns import MISSING, Piece, column_order, option_value
from .tables import _format, _parquet_engine, load, save


class StudyFile:
    """Where a study writes its games: ``path`` (.csv or .parquet) and its parts folder.
    Checked when made, before the first game: the suffix, the folder, an unfinished study."""

    def __init__(self, path, spec, seeds: Sequence[int], resume: bool = False):
        self.path, self.spec, self.seeds = check_out(path), spec, list(seeds)
        self.parts = self.path.with_name(self.path.name + ".parts")
        if self.parts.exists() and not resume:
            raise ValueError(f"out: {self.parts} holds the games of an unfinished study: complete it with "
                             "resume=True (savannah-kit simulate --resume) or delete that folder")
        self.resume = resume

    # -- while the study runs --------------------------------------------------------------------
    def add(self, piece: Piece) -> None:
        """Write one finished chunk of games into the parts folder."""
        first, columns, rows = piece
        if not rows:
            return
        width = len(columns)
        frame = pd.DataFrame([row + (MISSING,) * (width - len(row)) for row in rows], columns=columns)
        for c in frame.columns:
            if c.startswith("points:"):
                frame[c] = frame[c].fillna(0).astype("int64")
        self.parts.mkdir(exist_ok=True)
        write_table(frame, self.parts / f"games-{first:09d}{self.path.suffix}")

    def finish(self, table: pd.DataFrame) -> Path:
        """Write the whole table to the file and remove the parts folder."""
        write_table(table, self.path)
        shutil.rmtree(self.parts, ignore_errors=True)
        return self.path

    # -- resuming ---------------------------------------------------------------------------------
    def earlier(self) -> Optional[pd.DataFrame]:
        """The games already played (the file, and the parts a killed study left), checked to
        belong to this study; None when there are none."""
        if not self.resume:
            return None
        found: List[pd.DataFrame] = []
        if self.path.is_file():
            found.append(load(self.path))
        if self.parts.is_dir():
            found += [load(part) for part in sorted(self.parts.glob("games-*" + self.path.suffix))]
        found = [f for f in found if len(f)]
        if not found:
            return None
        table = pd.concat(found, ignore_index=True) if len(found) > 1 else found[0]
        table = table.drop_duplicates(["game_index", "seat"], ignore_index=True)
        table = table[column_order(table.columns)]
        self._check(table)
        return table

    def _check(self, table: pd.DataFrame) -> None:
        """Refuse games of another study, naming what differs."""
        spec, where = self.spec, f"out: {self.path} holds games of another study"
        options = {f"option:{k}": option_value(v) for k, v in spec.options}
        present = {c for c in table.columns if c.startswith("option:")}
        if present != set(options):
            raise ValueError(f"{where} (options {sorted(present)}, this study {sorted(options)})")
        for column, expected in (("game", spec.game), ("players", spec.players), *options.items()):
            differs = table[column] != expected
            if differs.any():
                raise ValueError(f"{where} ({column} {table[column][differs].iloc[0]!r}, this study {expected!r})")
        for index, seed, seat, bot in zip(table["game_index"], table["seed"], table["seat"], table["bot"]):
            if not 0 <= index < len(self.seeds):
                raise ValueError(f"{where} (game {index}; this study has {len(self.seeds)} games)")
            if seed != self.seeds[index] or bot != spec.seated(index)[seat]:
                raise ValueError(f"{where} (game {index} is seeded {seed} with {bot!r} in seat {seat}; this "
                                 f"study seeds it {self.seeds[index]} with {spec.seated(index)[seat]!r})")
        counts = table.groupby("game_index").size()
        if (counts != spec.players).any():
            raise ValueError(f"{where}: game {counts[counts != spec.players].index[0]} has not one row per seat")


def check_out(path) -> Path:
    """``path`` if a table can be written there (.csv or .parquet, in a folder that exists and
    may be written), else ``ValueError`` naming ``out``: checked before the first game."""
    path = Path(path)
    try:
        kind = _format(path)
    except ValueError as err:
        raise ValueError(f"out: {err}".replace("path: ", "")) from None
    if kind == "parquet":
        _parquet_engine()
    folder = path.parent
    if not folder.is_dir():
        raise ValueError(f"out: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"out: cannot write into the folder {folder} (no permission)")
    if path.is_dir():
        raise ValueError(f"out: {path} is a folder, not a file")
    return path


def write_table(table: pd.DataFrame, path: Path) -> None:
    """Write under a passing name, then rename: a file is either the old one or the new one."""
    passing = path.with_name(f".{path.stem}.writing{path.suffix}")
    save(table, passing)
    os.replace(passing, path)
