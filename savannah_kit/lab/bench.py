"""What the study runner costs: the same games played bare, through ``study`` in this process,
and through ``study`` on a pool of workers. Measured, never asserted (machines are shared)."""

from __future__ import annotations

import importlib
import os
import time
from typing import Dict, Iterable, Optional

from ..core.registry import games as registered_games
from ..core.sim import play_out, seat_bots
from .runner import study


def raw_seconds(game: str, seeds: Iterable[int], players: int = 2, bots=("random", "random"),
                options: Optional[dict] = None) -> float:
    """Seconds to play the games bare: the same games and bots as the study, nothing recorded."""
    module = importlib.import_module(registered_games()[game].module)
    options = options or {}
    start = time.perf_counter()
    for seed in seeds:
        g = module.new_game(players=players, seed=seed, **options)
        play_out(g, seat_bots(bots, seed, game))
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
                repeats: int = 2, seed: int = 0) -> Dict[str, dict]:
    """Per game: the same ``games`` random games played bare, through ``study`` in this process
    and through ``study`` on ``workers`` processes. For each, wall-clock seconds and CPU seconds
    (workers included); the runner's overhead is the extra CPU time over bare playouts (which
    a shared machine does not blur, unlike the wall clock), and ``speed_up`` the bare wall time
    over the parallel one. Each figure is the best of ``repeats``; the load average is given."""
    out: Dict[str, dict] = {}
    for name in names or registered_games():
        bots = ("random",) * players
        seeds = range(seed, seed + games)
        # paid once per process, not per study: a course's route tables, importing pandas
        raw_seconds(name, range(3), players, bots)
        study(name, players=players, bots=list(bots), games=2, executor="serial", progress=False)
        best = {kind: [float("inf"), float("inf")] for kind in ("raw", "serial", "parallel")}
        load_before = os.getloadavg()[0]
        for _ in range(repeats):
            with Timer() as t:
                raw_seconds(name, seeds, players, bots)
            best["raw"] = [min(best["raw"][0], t.wall), min(best["raw"][1], t.cpu)]
            with Timer() as t:
                study(name, players=players, bots=list(bots), games=games, seed=seed, executor="serial",
                      progress=False)
            best["serial"] = [min(best["serial"][0], t.wall), min(best["serial"][1], t.cpu)]
            with Timer() as t:
                table = study(name, players=players, bots=list(bots), games=games, seed=seed, workers=workers,
                              progress=False)
            best["parallel"] = [min(best["parallel"][0], t.wall), min(best["parallel"][1], t.cpu)]
        (raw, raw_cpu), (serial, serial_cpu), (parallel, parallel_cpu) = best.values()
        out[name] = {
            "games": games, "players": players, "workers": workers, "rows": len(table),
            "raw_s": round(raw, 4), "serial_study_s": round(serial, 4), "parallel_study_s": round(parallel, 4),
            "raw_cpu_s": round(raw_cpu, 4), "serial_cpu_s": round(serial_cpu, 4),
            "parallel_cpu_s": round(parallel_cpu, 4),
            "raw_games_per_s": round(games / raw, 1), "parallel_games_per_s": round(games / parallel, 1),
            "serial_overhead": round(serial_cpu / raw_cpu - 1, 4),
            "parallel_overhead": round(parallel_cpu / raw_cpu - 1, 4),
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
        lines.append(f"  study, {r['workers']} workers  {r['parallel_study_s']:7.2f} s wall "
                     f"{r['parallel_cpu_s']:7.2f} s CPU (overhead {r['parallel_overhead']:+.1%}, "
                     f"{r['parallel_games_per_s']:.0f} games/s, speed-up {r['speed_up']:.2f}x)")
        lines.append(f"  load average {r['load_average'][0]} -> {r['load_average'][1]} on {r['cpus']} CPUs")
    return "\n".join(lines)
