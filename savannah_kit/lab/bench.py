"""What the study runner costs: the same games played bare and through ``study``, both in this
process and both on a pool of workers. Measured, never asserted (machines are shared)."""

from __future__ import annotations

import importlib
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Dict, Iterable, Optional, Sequence

from ..core.registry import games as registered_games
from ..core.sim import play_out, seat_bots
from .runner import chunk_size, study


def raw_seconds(game: str, seeds: Iterable[int], players: int = 2, bots=("random", "random"),
                options: Optional[dict] = None) -> float:
    """Seconds to play the games bare: the same games and bots as the study, nothing recorded."""
    start = time.perf_counter()
    _bare_chunk(registered_games()[game].module, players, tuple(bots), options or {}, seeds)
    return time.perf_counter() - start


def _bare_chunk(module_name: str, players: int, bots: Sequence[str], options: dict, seeds: Iterable[int]) -> int:
    module = importlib.import_module(module_name)
    n = 0
    for seed in seeds:
        g = module.new_game(players=players, seed=seed, **options)
        play_out(g, seat_bots(bots, seed, g.name))
        n += 1
    return n


def raw_parallel_seconds(game: str, seeds: Iterable[int], workers: int, players: int = 2,
                         bots=("random", "random"), options: Optional[dict] = None) -> float:
    """Seconds to play the games bare on a new pool of ``workers`` processes, in the chunks the
    study would send: what any parallel playout pays (starting the workers, sending the work),
    so that the parallel study is compared with parallel playouts, not with serial ones."""
    seeds = list(seeds)
    step = chunk_size(len(seeds), workers)
    module = registered_games()[game].module
    start = time.perf_counter()
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context()) as pool:
        jobs = [pool.submit(_bare_chunk, module, players, tuple(bots), options or {}, seeds[i:i + step])
                for i in range(0, len(seeds), step)]
        for job in jobs:
            job.result()
    return time.perf_counter() - start


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers, once joined):
    unlike the wall clock, it does not grow when other programs share the machine."""
    try:
        import resource
    except ImportError:  # Windows: this process only
        return time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


class Timer:
    """Wall-clock and CPU seconds of a block."""

    def __enter__(self):
        self.wall, self.cpu = time.perf_counter(), cpu_seconds()
        return self

    def __exit__(self, *exc):
        self.wall, self.cpu = time.perf_counter() - self.wall, cpu_seconds() - self.cpu
        return False


def bench_study(games: int = 1000, names: Optional[Iterable[str]] = None, workers: int = 2, players: int = 2,
                repeats: int = 3, seed: int = 0) -> Dict[str, dict]:
    """Per game: the same ``games`` random games played bare and through ``study``, first in this
    process, then on ``workers`` processes. For each, wall-clock and CPU seconds (workers
    included). The runner's overhead is its extra CPU time over bare playouts run the same way
    (serial against serial, pool against a pool of as many workers): CPU time is not blurred by
    other programs as the wall clock is, and a pool's own costs (starting processes, sharing two
    cores) are not the runner's. ``parallel_vs_serial_raw`` gives the parallel study against
    serial playouts too, and ``speed_up`` the bare serial wall time over the parallel study's.
    Each figure is the best of ``repeats``, taken in alternating order; the load average is given."""
    out: Dict[str, dict] = {}
    for name in names or registered_games():
        bots = ("random",) * players
        seeds = range(seed, seed + games)
        # paid once per process, not per study: a course's route tables and the engines' caches
        # (which the pools' workers inherit), importing pandas
        raw_seconds(name, range(seed, seed + min(games, 200)), players, bots)
        study(name, players=players, bots=list(bots), games=2, executor="serial", progress=False)
        runs = {
            "raw": lambda: raw_seconds(name, seeds, players, bots),
            "serial": lambda: study(name, players=players, bots=list(bots), games=games, seed=seed,
                                    executor="serial", progress=False),
            "raw_parallel": lambda: raw_parallel_seconds(name, seeds, workers, players, bots),
            "parallel": lambda: study(name, players=players, bots=list(bots), games=games, seed=seed,
                                      workers=workers, progress=False),
        }
        best = {kind: [float("inf"), float("inf")] for kind in runs}
        load_before = os.getloadavg()[0]
        for r in range(repeats):
            # bare then study, or study then bare: a machine growing busier favours neither
            order = ["raw", "serial", "raw_parallel", "parallel"] if r % 2 == 0 else \
                ["serial", "raw", "parallel", "raw_parallel"]
            for kind in order:
                with Timer() as t:
                    result = runs[kind]()
                best[kind] = [min(best[kind][0], t.wall), min(best[kind][1], t.cpu)]
                if kind == "parallel":
                    table = result
        (raw, raw_cpu), (serial, serial_cpu), (raw_par, raw_par_cpu), (parallel, parallel_cpu) = \
            (best[k] for k in ("raw", "serial", "raw_parallel", "parallel"))
        out[name] = {
            "games": games, "players": players, "workers": workers, "rows": len(table), "repeats": repeats,
            "raw_s": round(raw, 4), "serial_study_s": round(serial, 4), "raw_parallel_s": round(raw_par, 4),
            "parallel_study_s": round(parallel, 4),
            "raw_cpu_s": round(raw_cpu, 4), "serial_cpu_s": round(serial_cpu, 4),
            "raw_parallel_cpu_s": round(raw_par_cpu, 4), "parallel_cpu_s": round(parallel_cpu, 4),
            "raw_games_per_s": round(games / raw, 1), "parallel_games_per_s": round(games / parallel, 1),
            "serial_overhead": round(serial_cpu / raw_cpu - 1, 4),
            "parallel_overhead": round(parallel_cpu / raw_par_cpu - 1, 4),
            "parallel_vs_serial_raw": round(parallel_cpu / raw_cpu - 1, 4),
            "speed_up": round(raw / parallel, 2),
            "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)], "cpus": os.cpu_count(),
        }
    return out


def format_bench(result: Dict[str, dict]) -> str:
    """The figures of ``bench_study`` as lines of text."""
    lines = []
    for name, r in result.items():
        lines.append(f"{name}: {r['games']} random games of {r['players']} players")
        lines.append(f"  bare playouts     {r['raw_s']:7.2f} s wall {r['raw_cpu_s']:7.2f} s CPU "
                     f"({r['raw_games_per_s']:.0f} games/s)")
        lines.append(f"  study, serial     {r['serial_study_s']:7.2f} s wall {r['serial_cpu_s']:7.2f} s CPU "
                     f"(overhead {r['serial_overhead']:+.1%})")
        lines.append(f"  bare, {r['workers']} workers   {r['raw_parallel_s']:7.2f} s wall "
                     f"{r['raw_parallel_cpu_s']:7.2f} s CPU")
        lines.append(f"  study, {r['workers']} workers  {r['parallel_study_s']:7.2f} s wall "
                     f"{r['parallel_cpu_s']:7.2f} s CPU (overhead {r['parallel_overhead']:+.1%}; "
                     f"{r['parallel_vs_serial_raw']:+.1%} over serial bare, "
                     f"{r['parallel_games_per_s']:.0f} games/s, speed-up {r['speed_up']:.2f}x)")
        lines.append(f"  load average {r['load_average'][0]} -> {r['load_average'][1]} on {r['cpus']} CPUs")
    return "\n".join(lines)
