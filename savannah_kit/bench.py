"""Benchmark: random-playout throughput per game, and the cost of a frame.

    python -m savannah_kit.bench            # table
    python -m savannah_kit.bench --json     # {"forest": {"games_per_s": ..., ...}, ...}
    python -m savannah_kit.bench --game forest --seconds 5
    python -m savannah_kit.bench --browser  # also click-to-redraw latency in Chromium
    python -m savannah_kit.bench --memory 5000 --game tails   # RSS growth over 5,000 random games

Each game module lists the configurations to measure in ``BENCH_CONFIGS``
(a list of ``new_game`` keyword dicts). The headline ``games_per_s`` of a game
is the one of its first configuration. Measured, never asserted: these
machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time

from .core.registry import games as registered_games


def playout_rate(module, config: dict, seconds: float, seed: int = 1) -> dict:
    """Complete random games per second (and decisions per second) for one configuration."""
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    while True:
        game = module.new_game(seed=seed + games, **config)
        while not game.is_over:
            game._play_legal(rng.choice(game.legal_moves()))
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and games >= 3:
            break
    return {"games_per_s": round(games / elapsed, 1), "decisions_per_s": round(decisions / elapsed, 1),
            "moves_per_s": round(decisions / elapsed, 1), "games": games,
            "decisions_per_game": round(decisions / games, 1)}


def render_cost(module, config: dict, repeats: int = 20) -> dict:
    """Python-side time to build a scene and its SVG for a mid-game position."""
    if not hasattr(module, "render") and importlib.util.find_spec(module.__name__ + ".render") is None:
        return {}
    from .core.svg import to_svg

    rng = random.Random(3)
    game = module.new_game(seed=3, **config)
    for _ in range(20):
        if game.is_over:
            break
        game._play_legal(rng.choice(game.legal_moves()))
    t0 = time.perf_counter()
    for _ in range(repeats):
        scene = game.scene()
    t1 = time.perf_counter()
    for _ in range(repeats):
        to_svg(scene)
    t2 = time.perf_counter()
    return {"scene_ms": round((t1 - t0) / repeats * 1000, 2), "svg_ms": round((t2 - t1) / repeats * 1000, 2),
            "shapes": len(scene.shapes)}


def rss_mb() -> float:
    """This process's resident memory in MB (Linux; elsewhere the peak so far)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def memory_growth(name: str, module, games: int, seed: int = 1) -> dict:
    """RSS growth over ``games`` random games in this process, cycling through the benchmark
    configurations at every player count (a long simulation, or a kernel open all day).
    One game of each configuration is played first: building a course or a catalogue once
    is not growth."""
    players = registered_games()[name].players
    configs = []
    for config in getattr(module, "BENCH_CONFIGS", [{"players": 2}]):
        for n in players:
            candidate = {**config, "players": n}
            if candidate not in configs and not (candidate.get("advanced") and n != 2):
                configs.append(candidate)
    rng = random.Random(seed)

    def play(i: int) -> None:
        game = module.new_game(seed=seed + i, **configs[i % len(configs)])
        while not game.is_over:
            game._play_legal(rng.choice(game.legal_moves()))

    for i in range(len(configs)):
        play(i)
    start = rss_mb()
    t0 = time.perf_counter()
    for i in range(games):
        play(i)
    end = rss_mb()
    return {"games": games, "configs": len(configs), "rss_start_mb": round(start, 1), "rss_end_mb": round(end, 1),
            "growth_mb": round(end - start, 2), "growth_kb_per_game": round((end - start) * 1024 / max(games, 1), 3),
            "seconds": round(time.perf_counter() - t0, 1)}


def available_games():
    """Game name -> module, for every game module that implements ``new_game``."""
    found = {}
    for name, entry in registered_games().items():
        try:
            module = entry.load()
        except ImportError:
            continue
        if hasattr(module, "new_game"):
            found[name] = module
    return found


def run(games=None, seconds: float = 2.0) -> dict:
    out = {}
    for name, module in available_games().items():
        if games and name not in games:
            continue
        configs = getattr(module, "BENCH_CONFIGS", [{"players": 2}])
        entry = {"configs": []}
        for config in configs:
            rate = playout_rate(module, config, seconds)
            entry["configs"].append({"config": config, **rate})
        head = entry["configs"][0]
        entry.update(games_per_s=head["games_per_s"], decisions_per_s=head["decisions_per_s"],
                     moves_per_s=head["moves_per_s"])
        cost = render_cost(module, configs[0])
        if cost:
            entry["render"] = cost
        out[name] = entry
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m savannah_kit.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--game", action="append", choices=sorted(registered_games()), help="only this game (repeatable)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per configuration (default 2)")
    parser.add_argument("--browser", action="store_true",
                        help="also measure click-to-redraw latency of the boards in Chromium "
                             "(forest and tails, or those --game names)")
    parser.add_argument("--memory", type=int, nargs="?", const=2000, metavar="N",
                        help="instead: RSS growth per game over N random games (default 2000)")
    args = parser.parse_args(argv)
    if args.memory is not None:
        return _print_memory(args)
    result = run(args.game, args.seconds)
    if args.browser:
        from .dev.browser_bench import NOTEBOOKS, measure

        for name in [g for g in NOTEBOOKS if not args.game or g in args.game]:
            result[f"browser:{name}"] = measure(game=name)
    if args.json:
        print(json.dumps(result, indent=2, sort_keys=True))
        return 0
    for name, entry in result.items():
        if name.startswith("browser:"):
            lat, py = entry["click_to_frame_ms"], entry["python_redraw"]
            print(f"{name}: click -> first changed frame median {lat['median']} ms, 90th percentile {lat['p90']} ms"
                  f" ({len(lat['samples'])} clicks)")
            print(f"  python side of one redraw: scene {py['scene_ms']} ms, paint {py['paint_ms']} ms, "
                  f"{py['messages_per_redraw']:g} message(s), {py['shapes']} shapes")
            continue
        print(f"{name}:")
        for c in entry["configs"]:
            opts = ", ".join(f"{k}={v}" for k, v in c["config"].items())
            print(f"  {opts:40s} {c['games_per_s']:9.1f} games/s {c['decisions_per_s']:11.1f} decisions/s"
                  f"  ({c['decisions_per_game']} per game)")
        if "render" in entry:
            r = entry["render"]
            print(f"  frame: scene {r['scene_ms']} ms, svg {r['svg_ms']} ms, {r['shapes']} shapes")
    if not result:
        print("no game implemented yet", file=sys.stderr)
    return 0


def _print_memory(args) -> int:
    found = {name: module for name, module in available_games().items() if not args.game or name in args.game}
    result = {name: memory_growth(name, module, args.memory) for name, module in found.items()}
    if args.json:
        print(json.dumps({"memory": result}, indent=2, sort_keys=True))
        return 0
    for name, m in result.items():
        print(f"{name}: {m['growth_mb']:+.1f} MB over {m['games']} games ({m['growth_kb_per_game']:.2f} KB a game; "
              f"RSS {m['rss_start_mb']} -> {m['rss_end_mb']} MB, {m['configs']} configurations, {m['seconds']} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
