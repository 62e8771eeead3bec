"""The study runner: many seeded bot games, in parallel, as one table (see ``savannah_kit.lab``).

Games are sent to the workers in chunks (one task plays many games), so the cost of
sending work and results stays small next to the games themselves. Every game is
fixed by its seed and its seat's bot, never by which worker plays it or when, so
the table is the same serial, on a local pool or on a Dask cluster.
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import os
import signal
import time
import warnings
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from ..core.bots import bots_for
from ..core.registry import find as registered_spec
from ..core.registry import games as registered_games
from ..core.sim import play_out, seat_bots
from .columns import (BASE_COLUMNS, BOOL_COLUMNS, MISSING, MOVES, Piece, breakdown_points, column_order,
                      option_value, places, turns_by_seat)
from .decisions import CHANGED, COMPARED, play_beside

#: chunks per worker when the runner picks the chunk size: enough to balance the load and move
#: the progress bar, few enough that sending tasks costs next to nothing
CHUNKS_PER_WORKER = 8
MAX_CHUNK = 250
#: after an interrupt, how long the runner waits for the games being played to end
STOP_GRACE_SECONDS = 3.0


@dataclass(frozen=True)
class StudySpec:
    """What a worker needs to play a game of the study (small, picklable)."""

    game: str
    module: str
    players: int
    bots: Tuple[str, ...]
    options: Tuple[Tuple[str, Any], ...]
    rotate: bool = False
    bot_settings: Tuple[Tuple[str, Tuple[Tuple[str, Any], ...]], ...] = ()  # (bot name, its keywords)
    keep_moves: bool = False  # add each game's save file (its moves) as the column ``moves``
    #: the standard game's options when the study plays a variant beside it (``lab.decisions``)
    beside: Optional[Tuple[Tuple[str, Any], ...]] = None

    def seated(self, index: int) -> Tuple[str, ...]:
        """The bot of each seat in game ``index``: the study's order, or with ``rotate`` shifted
        by one seat each game, so that every bot plays every seat equally often."""
        if not self.rotate:
            return self.bots
        shift = index % self.players
        return self.bots[shift:] + self.bots[:shift]


# -- in the workers ------------------------------------------------------------------------------

_STOP = None  # set by the parent when the study is interrupted (the runner's own pool only)


def _init_worker(stop) -> None:
    """A worker of the runner's own pool: Ctrl-C in a terminal reaches every process of the
    group, and only the parent should act on it (it tells the workers through ``stop``)."""
    global _STOP
    _STOP = stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class RowBuffer:
    """Rows as tuples under one shared, growing list of column names: cheaper to build, to send
    back from a worker and to turn into a table than one dict per row. A row stops at the last
    column it knows; the table fills the rest with ``MISSING``."""

    __slots__ = ("columns", "rows", "_where")

    def __init__(self, fixed: Sequence[str]):
        self.columns: List[str] = list(fixed)
        self.rows: List[tuple] = []
        self._where = {c: i for i, c in enumerate(self.columns)}

    def add_game(self, fixed_rows: List[list], named_rows: List[Tuple[dict, ...]]) -> None:
        """One game's rows at once (never half a game, even when interrupted): each row's
        values for the fixed columns, then dicts of named columns."""
        where, columns = self._where, list(self.columns)
        out = []
        for row, named in zip(fixed_rows, named_rows):
            for part in named:
                for key, value in part.items():
                    i = where.get(key)
                    if i is None:
                        i = where[key] = len(columns)
                        columns.append(key)
                    if i >= len(row):
                        row.extend([MISSING] * (i + 1 - len(row)))
                    row[i] = value
            out.append(tuple(row))
        self.columns = columns
        self.rows.extend(out)


def game_spec(spec: StudySpec):
    """The registered spec of the study's game; in a worker started afresh, the game's package
    is imported first (by the path its spec declared), which registers it."""
    found = registered_spec(spec.game)
    if found is None:
        importlib.import_module(spec.module)
        found = registered_spec(spec.game)
    if found is None:
        raise LookupError(f"game {spec.game!r} is not registered in this process: importing {spec.module} "
                          "must register it")
    return found


def game_rows(game_spec, spec: StudySpec, index: int, seed: int, buffer: RowBuffer, settings: dict,
              option_cells: list) -> None:
    """Play game ``index`` of the study (seeded ``seed``) and add its rows, one per seat, to
    ``buffer`` (whose fixed columns are ``BASE_COLUMNS`` and then the options)."""
    players = spec.players
    game = game_spec.new_game(players=players, seed=seed, **dict(spec.options))
    kinds = spec.seated(index)
    by_seat, order = [0] * players, []
    bots = seat_bots(kinds, seed, game.name, settings)
    compared = None
    if spec.beside is None:
        decisions = play_out(game, bots, by_seat, order)
    else:
        standard = game_spec.new_game(players=players, seed=seed, **dict(spec.beside))
        decisions, compared, changed = play_beside(game, bots, standard, kinds, seed, settings, by_seat, order)
        compared = {COMPARED: compared, CHANGED: changed}
    breakdowns = game.score_breakdowns()
    scores, winners = [b.total for b in breakdowns], list(game.winners())  # a breakdown adds up to the score
    turns = turns_by_seat(game, by_seat)
    place = places(scores, winners)
    extras = game_spec.hook("lab.columns")(game, breakdowns)
    total_turns = sum(turns)
    fixed, named = [], []
    for p in range(players):
        first = order.index(p) + 1 if p in order else players
        fixed.append([spec.game, index, seed, players, p, kinds[p], first, scores[p], p in winners, len(winners),
                      place[p], decisions, total_turns, by_seat[p], turns[p], *option_cells])
        named.append((breakdown_points(breakdowns[p]), extras[p]))
    if compared is not None:
        named = [parts + (compared,) for parts in named]
    if spec.keep_moves:
        saved = {MOVES: game.to_json()}
        named = [parts + (saved,) for parts in named]
    buffer.add_game(fixed, named)


def new_buffer(spec: StudySpec) -> Tuple[RowBuffer, dict, list]:
    """An empty buffer for the study's rows, the bots' keywords and the option cells."""
    buffer = RowBuffer(BASE_COLUMNS + tuple(f"option:{k}" for k, _ in spec.options))
    return buffer, {name: dict(k) for name, k in spec.bot_settings}, [option_value(v) for _, v in spec.options]


def play_chunk(spec: StudySpec, indices: Sequence[int], seeds: Sequence[int]) -> Tuple[int, List[str], List[tuple]]:
    """One task: the games numbered ``indices``, seeded ``seeds``. Returns how many games it
    finished, the column names and the rows; it stops early, between two games, when the
    study is interrupted."""
    found = game_spec(spec)
    buffer, settings, option_cells = new_buffer(spec)
    done = 0
    for index, seed in zip(indices, seeds):
        if _STOP is not None and _STOP.is_set():
            break
        game_rows(found, spec, index, seed, buffer, settings, option_cells)
        done += 1
    return done, buffer.columns, buffer.rows


# -- in the parent -------------------------------------------------------------------------------

def _needs(module: str, extra: str):
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(f"savannah_kit.lab needs {module}: install the kit with the [{extra}] extra "
                          f"(pip install 'savannah_kit[{extra}]')") from None


def _bot_list(game: str, players: int, bots) -> Tuple[str, ...]:
    """``bots`` as one name per seat: None (random everywhere), "greedy" (everywhere),
    "greedy,random" or a list."""
    if bots is None:
        names = ["random"]
    elif isinstance(bots, str):
        names = [b.strip() for b in bots.split(",")]
    else:
        names = list(bots)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"bots: need one bot per seat ({players} players), got {len(names)}: {names}")
    known = bots_for(game)
    for i, name in enumerate(names):
        if not isinstance(name, str) or name not in known:
            raise ValueError(f"bots[{i}]: unknown bot {name!r} for {game}; choose from {sorted(known)}")
    return tuple(names)


def _seed_list(games: Optional[int], seeds, seed: int) -> List[int]:
    if seeds is None:
        if games is None:
            games = 100
        if isinstance(games, bool) or not isinstance(games, int) or games < 0:
            raise ValueError(f"games: must be a whole number, 0 or more, not {games!r}")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed: must be a whole number, 0 or more, not {seed!r}")
        return list(range(seed, seed + games))
    listed = list(seeds)
    for i, s in enumerate(listed):
        if isinstance(s, bool) or not isinstance(s, int) or s < 0:
            raise ValueError(f"seeds[{i}]: must be a whole number, 0 or more, not {s!r}")
    if games is not None and games != len(listed):
        raise ValueError(f"games: {games} games asked for, but {len(listed)} seeds given")
    return listed


def make_spec(game: str, players: int = 2, bots=None, options: Optional[dict] = None,
              rotate: bool = False, bot_settings: Optional[dict] = None, keep_moves: bool = False,
              beside: Optional[dict] = None) -> StudySpec:
    """Check a study's set-up and return it as a ``StudySpec`` (errors name the field)."""
    known = registered_games()
    if game not in known:
        raise ValueError(f"game: unknown game {game!r}; choose from {sorted(known)}")
    entry = known[game]
    if isinstance(players, bool) or not isinstance(players, int) or players not in entry.players:
        raise ValueError(f"players: {entry.title} takes {min(entry.players)} to {max(entry.players)} players, "
                         f"not {players!r}")
    options = dict(options or {})
    for reserved in ("players", "seed", "scenario"):
        if reserved in options:
            raise ValueError(f"options.{reserved}: give it to study() itself, not among the options")
    names = _bot_list(game, players, bots)
    settings = dict(bot_settings or {})
    for name, keywords in settings.items():
        if name not in names or not isinstance(keywords, dict):
            raise ValueError(f"bot_settings.{name}: give keywords (a dict) for a bot of the study "
                             f"{sorted(set(names))}")
    spec = StudySpec(game, entry.module, players, names, tuple(sorted(options.items())), bool(rotate),
                     tuple(sorted((name, tuple(sorted(k.items()))) for name, k in settings.items())), bool(keep_moves),
                     None if beside is None else tuple(sorted(beside.items())))
    probe = entry.new_game(players=players, seed=0, **options)  # bad options fail here, naming the field
    for name, keywords in settings.items():
        try:
            seat_bots([name], 0, probe.name, {name: keywords})  # and bad bot settings here
        except TypeError as err:
            raise ValueError(f"bot_settings.{name}: {err}") from None
    return spec


def executor_width(executor) -> int:
    """How many games an executor plays at once (a guess where it does not say)."""
    width = getattr(executor, "_max_workers", None)
    client = getattr(executor, "_client", None)
    if client is not None:
        try:
            width = sum(client.nthreads().values())
        except Exception:  # an executor that only looks like Dask's
            width = None
    return max(1, int(width or os.cpu_count() or 1))


def chunk_size(games: int, width: int) -> int:
    return max(1, min(MAX_CHUNK, math.ceil(games / (width * CHUNKS_PER_WORKER))))


def _progress_bar(progress, total: int, label: str):
    """A callable ``advance(n)`` and a ``close()`` for the study's progress."""
    if progress is True:
        tqdm = _needs("tqdm.auto", "lab").tqdm
        bar = tqdm(total=total, unit="game", desc=label, smoothing=0.1)
        return bar.update, bar.close
    if callable(progress):
        done = [0]

        def advance(n: int) -> None:
            done[0] += n
            progress(done[0], total)

        return advance, lambda: None
    return (lambda n: None), (lambda: None)


def _own_pool(workers: int):
    """A process pool whose workers ignore Ctrl-C and watch a stop flag. Workers start the
    platform's usual way (so, as with any process pool, a script run where processes are
    spawned, on macOS or Windows, needs its ``if __name__ == "__main__":`` guard)."""
    context = multiprocessing.get_context()
    stop = context.Event()
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker, initargs=(stop,))
    return pool, stop


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's workers now (after an interrupt, once the grace period is over)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()


def run_chunks(spec: StudySpec, seeds: List[int], executor, workers: Optional[int], chunk: Optional[int],
               progress, indices: Optional[List[int]] = None, on_piece: Optional[Callable[[Piece], None]] = None
               ) -> Tuple[List[Piece], int, bool]:
    """Play the games numbered ``indices`` (default 0, 1, ...) seeded ``seeds``; returns the rows
    (as pieces, see ``to_frame``), the number of games finished and whether the run was
    interrupted (Ctrl-C or a ``KeyboardInterrupt`` raised by a progress callback).
    ``on_piece`` receives each piece as soon as its games are finished (to write it)."""
    total = len(seeds)
    indices = list(range(total)) if indices is None else list(indices)
    advance, close = _progress_bar(progress, total, spec.game)
    keep = on_piece or (lambda piece: None)
    own = stop = None
    if executor is None:
        workers = workers or os.cpu_count() or 1
        if workers > 1 and total > 1:
            own, stop = _own_pool(workers)
            executor = own
        else:
            executor = "serial"
    try:
        if executor == "serial":
            return _run_serial(spec, indices, seeds, chunk or chunk_size(total, 1), advance, keep)
        if not isinstance(executor, Executor):
            raise TypeError(f"executor: expected a concurrent.futures.Executor, 'serial' or None, not {executor!r}")
        return _run_on(executor, spec, indices, seeds, chunk or chunk_size(total, executor_width(executor)),
                       advance, keep, own, stop)
    finally:
        close()
        if own is not None:
            own.shutdown(wait=True, cancel_futures=True)


def _run_serial(spec: StudySpec, indices: List[int], seeds: List[int], step: int, advance, keep
                ) -> Tuple[List[Piece], int, bool]:
    """Every game in this process, in chunks of ``step`` games: each chunk is kept and the
    progress moved when it is finished; an interrupt keeps the whole games of its chunk."""
    found = game_spec(spec)
    pieces: List[Piece] = []
    finished, interrupted = 0, False
    for first in range(0, len(seeds), step):
        buffer, settings, option_cells = new_buffer(spec)
        done = 0
        try:
            for index, seed in zip(indices[first:first + step], seeds[first:first + step]):
                game_rows(found, spec, index, seed, buffer, settings, option_cells)
                done += 1
        except KeyboardInterrupt:
            interrupted = True
        if done:
            piece = (indices[first], buffer.columns, buffer.rows)
            pieces.append(piece)
            keep(piece)
            finished += done
        if interrupted:
            break
        try:
            advance(done)
        except KeyboardInterrupt:
            interrupted = True
            break
    return pieces, finished, interrupted


def _run_on(executor: Executor, spec: StudySpec, indices: List[int], seeds: List[int], step: int, advance, keep,
            own, stop) -> Tuple[List[Piece], int, bool]:
    """Every game, in chunks of ``step`` sent to ``executor``; ``own`` is the runner's own pool
    (with its ``stop`` flag), None for an executor the caller gave."""
    pieces: List[Piece] = []
    futures: Dict[Any, int] = {}
    collected = set()
    finished = 0

    def collect(future) -> int:
        n, columns, rows = future.result()
        piece = (futures[future], columns, rows)
        pieces.append(piece)
        collected.add(future)
        keep(piece)
        return n

    try:
        for first in range(0, len(seeds), step):
            futures[executor.submit(play_chunk, spec, indices[first:first + step], seeds[first:first + step])] = \
                indices[first]
        waiting = set(futures)
        while waiting:
            done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
            for future in done:
                n = collect(future)
                finished += n
                advance(n)
    except KeyboardInterrupt:
        if stop is not None:
            stop.set()
        left = [f for f in futures if f not in collected]
        finished += _keep_finished(left, collect, own)
        return pieces, finished, True
    except BaseException:
        if stop is not None:
            stop.set()  # a failed game: stop the others too
        raise
    return pieces, finished, False


def _keep_finished(left: list, collect, own) -> int:
    """After an interrupt: cancel the chunks not started, keep those that end within the grace
    period (the runner's own pool only: its workers stop between two games), stop the rest.
    Returns the games kept."""
    for future in left:
        future.cancel()
    if own is not None:
        wait(left, timeout=STOP_GRACE_SECONDS)
    kept = 0
    for future in left:
        if future.done() and not future.cancelled() and future.exception() is None:
            kept += collect(future)
    if own is not None and not all(f.done() for f in left):
        _terminate(own)
    return kept


def to_frame(pieces: List[Piece], spec: StudySpec, earlier=None):
    """The rows as a DataFrame: sorted by game and seat, columns in a fixed order. ``pieces``
    are ``(first game index, column names, rows)``, one per task, each in game and seat order;
    ``earlier``, a table of games played before (a resumed study), joins them."""
    pd = _needs("pandas", "lab")
    pieces = sorted(pieces, key=lambda piece: piece[0])
    order = column_order([c for _, columns, _ in pieces for c in columns])
    cells: Dict[str, list] = {c: [] for c in order}
    for _, columns, rows in pieces:
        width = len(columns)
        full = [row if len(row) == width else row + (MISSING,) * (width - len(row)) for row in rows]
        by_column = dict(zip(columns, zip(*full))) if full else {}
        for c in order:
            cells[c].extend(by_column.get(c, (MISSING,) * len(rows)))
    frame = pd.DataFrame(cells, columns=order)
    if earlier is not None and len(earlier):
        frame = pd.concat([earlier, frame], ignore_index=True) if len(frame) else earlier.copy()
        frame = frame[column_order(list(earlier.columns) + order)]
        frame = frame.sort_values(["game_index", "seat"], kind="stable", ignore_index=True)
    for c in frame.columns:
        if c.startswith("points:"):
            frame[c] = frame[c].fillna(0).astype("int64")
    for c in BOOL_COLUMNS + game_spec(spec).lab.bool_columns:
        if c in frame:
            frame[c] = frame[c].astype(bool)
    return frame


def study(game: str, players: int = 2, bots: Union[None, str, Sequence[str]] = None, games: Optional[int] = None,
          options: Optional[dict] = None, seeds: Optional[Sequence[int]] = None,
          executor: Union[None, str, Executor] = None, progress: Union[bool, Callable[[int, int], None]] = True,
          *, seed: int = 0, workers: Optional[int] = None, chunk: Optional[int] = None, rotate: bool = False,
          bot_settings: Optional[dict] = None, out=None, resume: bool = False, keep_moves: bool = False,
          beside: Optional[dict] = None):
    """Play many seeded bot games of ``game`` and return the table: one row per game and seat
    (``savannah_kit.lab`` describes the columns).

    ``bots``: one name per seat (a list or ``"greedy,random"``), or one name for every seat;
    random by default. ``options``: ``new_game`` options (``{"course": "second-race"}``).
    Game *i* is seeded ``seed + i`` unless ``seeds`` lists the seeds. ``executor``: None for a
    local process pool of ``workers`` processes (default: one per core), ``"serial"`` for this
    process, or any ``concurrent.futures.Executor`` such as a Dask cluster's
    ``Client(...).get_executor()``. ``progress``: a progress bar (True), none (False), or a
    function called as ``progress(games_done, games_total)``. ``rotate``: shift the bots one
    seat each game, so every bot plays every seat equally often. ``bot_settings``: keywords for
    the bots of one name (``{"mcts": {"iterations": 200}}``).

    ``out``: a .csv or .parquet file the games are written to as they finish (checked before
    the first game; ``savannah_kit.lab.store``); ``resume=True`` completes the study in that
    file, playing only the games it lacks. ``keep_moves=True`` adds the column ``moves``, each
    game's save file (``lab.replay`` reads it). ``beside``: the options of the standard game, to
    count in each game how often these options change a bot's decision (``lab.decisions``;
    ``lab.compare`` uses it).

    Ctrl-C stops the workers and returns the games finished so far (with a warning, and
    ``table.attrs["interrupted"]`` set); with ``out`` they are in the file too."""
    spec = make_spec(game, players, bots, options, rotate, bot_settings, keep_moves, beside)
    seed_list = _seed_list(games, seeds, seed)
    if resume and out is None:
        raise ValueError("resume: give out=, the file of the study to complete")
    store = earlier = None
    if out is not None:
        from .store import StudyFile

        store = StudyFile(out, spec, seed_list, resume)
        earlier = store.earlier()
    done = set() if earlier is None else set(earlier["game_index"])
    todo = [i for i in range(len(seed_list)) if i not in done]
    started = time.perf_counter()
    pieces, finished, interrupted = run_chunks(spec, [seed_list[i] for i in todo], executor, workers, chunk,
                                               progress, todo, store.add if store else None)
    frame = to_frame(pieces, spec, earlier)
    if store is not None:
        store.finish(frame)
    frame.attrs.update(game=spec.game, players=spec.players, bots=list(spec.bots), options=dict(spec.options),
                       bot_settings=dict(bot_settings or {}), rotate=spec.rotate, games=len(seed_list),
                       finished=finished + len(done), resumed=len(done), interrupted=interrupted,
                       seconds=round(time.perf_counter() - started, 3))
    if interrupted:
        warnings.warn(f"study interrupted: {finished + len(done)} of {len(seed_list)} games finished",
                      RuntimeWarning, stacklevel=2)
    return frame
