"""Benchmark: random-playout throughput per game, and the cost of a frame.

    python -m savannah_kit.bench            # table
    python -m savannah_kit.bench --json     # one entry per game: {GAME: {"games_per_s": ..., ...}}
    python -m savannah_kit.bench --game forest --seconds 5
    python -m savannah_kit.bench --warm 0   # no steady-state line (default: after 1,000 games)
    python -m savannah_kit.bench --browser  # also click-to-redraw latency in Chromium
    python -m savannah_kit.bench --memory 4000 --game tails   # RSS growth over 4,000 random games, and each half
    python -m savannah_kit.bench --bots --games 40   # the bots' strength ladder (win rates, 95% intervals)
    python -m savannah_kit.bench --bots --ratings --games 100 --mcts-games 20 --game tails   # the rating table
    python -m savannah_kit.bench --study 2000        # the study runner's overhead over bare playouts
    python -m savannah_kit.bench --game tails --against d38e072   # this checkout against a commit, in turn
    python -m savannah_kit.bench --classroom [--json]   # a classroom server under 10 tables of 4 simulated students
                                                         # (the first game, or --game's)
    python -m savannah_kit.bench --classroom --classroom-minutes 30 --game tails   # the long form

Each game's spec lists the configurations to measure in ``bench_configs``
(``new_game`` keyword dicts). The headline ``games_per_s`` of a game is the one
of its first configuration. Measured, never asserted: these
machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Optional

from .core.registry import games as registered_games

#: the strength ladder: (bot, its opponent), each pair played with seats alternating
LADDER = (("mcts", "greedy"), ("greedy", "random"), ("lookahead", "greedy"))
#: the steady-state figure is measured after this many uncounted games (``--warm``)
WARM_GAMES = 1000
#: warm-up games take their seeds from here on, away from the measured games' seeds
WARMUP_SEEDS = 1_000_000


def playout_rate(module, config: dict, seconds: float, seed: int = 1, warmup: int = 0) -> dict:
    """Complete random games per second (and decisions per second) for one configuration;
    after ``warmup`` uncounted games (other seeds) when asked: an engine that keeps what it
    worked out (Savannah Tails keeps each course's moves) runs faster in a long study than
    in its first seconds, and this measures that steady state."""
    rng = random.Random(seed)
    for i in range(warmup):
        game = module.new_game(seed=WARMUP_SEEDS + seed + i, **config)
        while not game.is_over:
            game._play_legal(rng.choice(game.legal_moves()))
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
    from .core.svg import to_svg

    rng = random.Random(3)
    game = module.new_game(seed=3, **config)
    for _ in range(20):
        if game.is_over:
            break
        game._play_legal(rng.choice(game.legal_moves()))
    game.scene()  # the first picture of a course lays it out once: not a frame's cost
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
    configurations at every player count (a long simulation, or a kernel open all day), and
    over each half of them: memory that stays bounded stops growing. Up to 100 games (other
    seeds) are played first: building a course or a catalogue once is not growth."""
    spec = registered_games()[name]
    configs = []
    for config in spec.bench_configs:
        for n in spec.players:
            candidate = {**config, "players": n}
            if candidate not in configs and spec.accepts(candidate):
                configs.append(candidate)
    rng = random.Random(seed)

    def play(i: int) -> None:
        game = module.new_game(seed=seed + i, **configs[i % len(configs)])
        while not game.is_over:
            game._play_legal(rng.choice(game.legal_moves()))

    for i in range(max(len(configs), min(100, games))):
        play(WARMUP_SEEDS + i)
    start = rss_mb()
    t0 = time.perf_counter()
    for i in range(games):
        play(i)
        if i + 1 == games // 2:
            half = rss_mb()
    end = rss_mb()
    half = half if games >= 2 else end
    return {"games": games, "configs": len(configs), "rss_start_mb": round(start, 1), "rss_end_mb": round(end, 1),
            "growth_mb": round(end - start, 2), "growth_kb_per_game": round((end - start) * 1024 / max(games, 1), 3),
            "first_half_mb": round(half - start, 2), "second_half_mb": round(end - half, 2),
            "seconds": round(time.perf_counter() - t0, 1)}


def available_games():
    """Game name -> its package (the public ``new_game``...), for every registered game."""
    return {name: spec.load() for name, spec in registered_games().items()}


def run(games=None, seconds: float = 2.0, warm: int = WARM_GAMES) -> dict:
    """Each game's playout rates (every configuration from cold, the first also warm, after
    ``warm`` games; 0: not), its picture's cost and its board's frame."""
    out = {}
    for name, module in available_games().items():
        if games and name not in games:
            continue
        configs = registered_games()[name].bench_configs
        entry = {"configs": []}
        for config in configs:
            rate = playout_rate(module, config, seconds)
            entry["configs"].append({"config": config, **rate})
        head = entry["configs"][0]
        entry.update(games_per_s=head["games_per_s"], decisions_per_s=head["decisions_per_s"],
                     moves_per_s=head["moves_per_s"])
        if warm:
            entry["warm"] = {"config": configs[0], "after_games": warm,
                             **playout_rate(module, configs[0], seconds, warmup=warm)}
        entry["render"] = render_cost(module, configs[0])
        redraw = board_redraw(name)
        if redraw:
            entry["redraw"] = redraw
        out[name] = entry
    return out


def against(ref: str, games=None, seconds: float = 2.0, warm: int = WARM_GAMES, rounds: int = 3) -> dict:
    """The playout lines of this checkout and of git ``ref`` (a commit, tag or branch of the
    kit's repository), measured in turn in fresh processes, ``rounds`` times each, so that both
    meet the same moments of a shared machine: per game, the medians of the cold headline and
    of the warm line, and this checkout's as a fraction of ``ref``'s."""
    root = Path(__file__).resolve().parents[1]
    tar = subprocess.run(["git", "-C", str(root), "archive", ref, "savannah_kit"], capture_output=True)
    if tar.returncode:
        raise SystemExit(f"bench --against: git cannot read {ref!r}: {tar.stderr.decode().strip()}")
    with tempfile.TemporaryDirectory() as other:
        with tarfile.open(fileobj=io.BytesIO(tar.stdout)) as archive:
            archive.extractall(other)
        trees = {"this": str(root), ref: other}
        args = ["--json", "--seconds", str(seconds), "--warm", str(warm)] + [a for g in games or () for a in ("--game", g)]
        runs: dict = {label: [] for label in trees}
        for _ in range(rounds):
            for label, tree in trees.items():
                env = dict(os.environ, PYTHONPATH=tree)
                done = subprocess.run([sys.executable, "-m", "savannah_kit.bench", *args], cwd=tree, env=env,
                                      capture_output=True, text=True, check=True)
                runs[label].append(json.loads(done.stdout))
    out = {}
    for name in runs["this"][0]:
        line = {}
        for label in trees:
            line[label] = {"decisions_per_s": statistics.median(r[name]["decisions_per_s"] for r in runs[label])}
            if warm:
                line[label]["warm_decisions_per_s"] = statistics.median(r[name]["warm"]["decisions_per_s"]
                                                                        for r in runs[label])
        line["ratio"] = {key: round(line["this"][key] / line[ref][key], 3) for key in line["this"]}
        out[name] = line
    return {"against": ref, "rounds": rounds, "games": out}


def board_redraw(name: str) -> dict:
    """The Python side of one redraw of the game's classroom board (a frame): building its
    picture and the one message that carries it; {} for a game without a classroom notebook."""
    from .dev.browser_bench import python_redraw

    return python_redraw(repeats=20, game=name) if registered_games()[name].teaching.classroom else {}


def wilson(wins: float, n: int, z: float = 1.96):
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


#: the ladder's game ``i`` is seeded ``LADDER_SEED + i``
LADDER_SEED = 10_000


def _ladder_game(args) -> dict:
    """One seeded game of the ladder: ``bot`` in seat ``seat``, ``rival`` in every other seat of
    ``players``. The bots are seated as a study seats them (``core.sim.seat_bots``), so the
    2-player ladder's games are those of ``lab.study(name, bots=[bot, rival],
    seeds=range(LADDER_SEED, ...), rotate=True)``. A shared win counts in full for each winner, as
    in a study's ``winner`` column and ``lab.win_rates``; ``rivals`` counts the rival seats that won."""
    name, i, bot, rival, seat, settings, players = args
    from .core.sim import seat_bots

    seed = LADDER_SEED + i
    game = registered_games()[name].new_game(players=players, seed=seed)
    seated = seat_bots([bot if p == seat else rival for p in range(players)], seed, name, settings)
    spent = []
    while not game.is_over:
        p = game.current_player
        t0 = time.process_time()  # the worker's own processor time: on a shared machine the clock lies
        move = seated[p].choose(game)
        if p == seat and len(game.legal_moves()) > 1:
            spent.append(time.process_time() - t0)
        game._play_legal(move)
    winners = game.winners()
    return {"win": seat in winners, "shared": seat in winners and len(winners) > 1, "seconds": spent,
            "rivals": sum(1 for p in winners if p != seat)}


def _progress(total: int, label: str, show: bool):
    """A progress bar on stderr (tqdm, when installed and ``show``), else None."""
    if not show:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="game", desc=label, file=sys.stderr, leave=False)


def _play_pairing(name: str, bot: str, rival: str, games: int, settings: dict, workers: int, progress: bool,
                  players: int = 2) -> list:
    """The ``games`` ladder games of ``bot`` against ``rival`` in game ``name`` (``_ladder_game``),
    ``bot``'s seat going round the table."""
    jobs = [(name, i, bot, rival, i % players, settings, players) for i in range(games)]
    bar = _progress(games, f"{name}: {bot} against {rival}", progress)
    results = []
    with contextlib.ExitStack() as stack:
        if workers > 1:
            from concurrent.futures import ProcessPoolExecutor

            played = stack.enter_context(ProcessPoolExecutor(workers)).map(_ladder_game, jobs)
        else:
            played = map(_ladder_game, jobs)
        for result in played:
            results.append(result)
            if bar:
                bar.update(1)
    if bar:
        bar.close()
    return results


def bot_ladder(games: int = 200, names=None, iterations=None, workers: int = 1, progress: bool = False,
               pairs=LADDER, players: int = 2) -> list:
    """The strength ladder: ``games`` seeded games per pairing of ``pairs`` and per game, the bot
    in one seat (going round the table) and its rival in the ``players - 1`` others. Each row:
    game, players, bot, rival, games, the bot's win rate (a shared win counts as a win, as in
    ``lab.win_rates``) with its 95% interval, a rival seat's win rate with its interval, the fair
    share 1/players, and the bot's median, 90th percentile and largest processor seconds per
    decision (decisions with a real choice). ``progress`` shows a bar per pairing (a full ladder
    takes the best part of an hour)."""
    settings = {"mcts": {"iterations": iterations}} if iterations else {}
    rows = []
    for name in registered_games():
        if names and name not in names:
            continue
        for bot, rival in pairs:
            results = _play_pairing(name, bot, rival, games, settings, workers, progress, players)
            wins = sum(r["win"] for r in results)
            rival_wins, rival_seats = sum(r["rivals"] for r in results), games * (players - 1)
            low, high = wilson(wins, games)
            rival_low, rival_high = wilson(rival_wins, rival_seats)
            spent = sorted(s for r in results for s in r["seconds"]) or [0.0]
            rows.append({"game": name, "players": players, "bot": bot, "rival": rival, "games": games,
                         "win_rate": round(wins / games, 3), "interval": [round(low, 3), round(high, 3)],
                         "rival_win_rate": round(rival_wins / rival_seats, 3),
                         "rival_interval": [round(rival_low, 3), round(rival_high, 3)],
                         "fair_share": round(1 / players, 3),
                         "seconds_per_decision": round(statistics.median(spent), 4),
                         "p90_seconds_per_decision": round(spent[int(0.9 * (len(spent) - 1))], 4),
                         "max_seconds_per_decision": round(spent[-1], 4)})
    return rows


def bot_ratings(games: int = 200, names=None, workers: int = 1, progress: bool = False,
                mcts_games: Optional[int] = None) -> dict:
    """The rating table of every named game (all by default): ``games`` ladder games of every pair
    of its bots (``core.bots.bots_for``, each at its default settings; ``mcts_games`` for the pairs
    with the MCTS bot, whose games take a hundred times longer), fitted by ``core.ratings.table``
    (a shared win counts half). One entry per game, with how it was measured."""
    from itertools import combinations

    from .core.bots import bots_for

    out = {}
    for name in registered_games():
        if names and name not in names:
            continue
        kinds = list(bots_for(name))
        results = {}
        for bot, rival in combinations(kinds, 2):
            n = mcts_games if mcts_games and "mcts" in (bot, rival) else games
            played = _play_pairing(name, bot, rival, n, {}, workers, progress)
            results[(bot, rival)] = [0.5 if r["shared"] else float(r["win"]) for r in played]
        out[name] = rating_entry(kinds, results, games, mcts_games or games)
    return out


def rating_entry(kinds, results: dict, games: int, mcts_games: int) -> dict:
    """One game's entry of the rating table: how it was measured and ``core.ratings.table``."""
    from .core.ratings import table

    return {"games_per_pair": games, "mcts_games_per_pair": mcts_games, "players": 2,
            "seeds": f"game i of a pair is seeded {LADDER_SEED} + i, the first bot in seat i % 2",
            **table(kinds, results)}


def write_ratings(found: dict, path=None) -> Path:
    """Stores the entries ``found`` (by game) in the rating table, keeping the other games' entries."""
    from .core.ratings import PATH, load

    path = Path(path or PATH)
    stored = load(path) if path.exists() else {}
    games = {**stored.get("games", {}), **found}
    stored = {"method": METHOD, "games": {name: games[name] for name in sorted(games)}}
    path.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def _print_ratings(args) -> int:
    found = bot_ratings(args.games, args.game, args.workers, progress=not args.json, mcts_games=args.mcts_games)
    path = write_ratings(found)
    if args.json:
        print(json.dumps({"ratings": found}, indent=2, sort_keys=True))
        return 0
    for name, entry in found.items():
        print(f"{name}: {entry['games_per_pair']} games per pair ({entry['mcts_games_per_pair']} with the MCTS bot)")
        for row in entry["bots"]:
            print(f"  {row['bot']:10s} {row['rating']:6d}  95% interval {row['low']:6d} to {row['high']:6d}")
    print(f"wrote {path}")
    return 0


#: how the rating table is measured, stored with it
METHOD = ("python -m savannah_kit.bench --bots --ratings --games N --mcts-games M [--game G]: every pair of the "
          "game's bots at their default settings plays N seeded 2-player games (M for a pair with the MCTS bot), "
          "seats alternating, a shared win counting half; Bradley-Terry ratings "
          "on the Elo scale (400: ten to one odds), the random bot at 0, with half a win each way per pair; "
          "95% intervals: the 2.5th and 97.5th percentiles of 1,000 bootstrap fits (each pair's games drawn "
          "again with replacement, numpy seed 34)")


def _print_ladder(args) -> int:
    pairs = tuple(tuple(p.split(":")) for p in args.pair) if args.pair else LADDER
    rows = bot_ladder(args.games, args.game, args.iterations, args.workers, progress=not args.json, pairs=pairs,
                      players=args.seats)
    if args.json:
        print(json.dumps({"bots": rows}, indent=2, sort_keys=True))
        return 0
    print(f"{'game':8s} {'seats':>5s} {'bot':10s} {'against':8s} {'games':>5s} {'wins':>7s}  {'95% interval':15s} "
          f"{'a rival seat':>12s}  {'95% interval':15s} {'cpu s/decision':>14s} {'p90':>6s} {'max':>6s}")
    for r in rows:
        low, high = r["interval"]
        rival_low, rival_high = r["rival_interval"]
        print(f"{r['game']:8s} {r['players']:5d} {r['bot']:10s} {r['rival']:8s} {r['games']:5d} {r['win_rate']:7.1%}  "
              f"{low:6.1%} - {high:6.1%} {r['rival_win_rate']:12.1%}  {rival_low:6.1%} - {rival_high:6.1%} "
              f"{r['seconds_per_decision']:14.3f} {r['p90_seconds_per_decision']:6.3f} "
              f"{r['max_seconds_per_decision']:6.3f}")
    return 0


def _print_classroom(args) -> int:
    from .classroom.load import measure

    seconds = 60 * args.classroom_minutes if args.classroom_minutes else 10.0
    game = args.game[0] if args.game else next(iter(registered_games()))
    result = measure(game, tables=args.tables, players=args.players, seconds=seconds)
    if args.json:
        print(json.dumps({"classroom": result}, indent=2, sort_keys=True))
        return 0
    print(f"classroom ({result['game']}): {result['tables']} tables, {result['students']} students, "
          f"{result['projectors']} projectors and {result['teachers']} teacher for {result['seconds']} s")
    print(f"  {result['moves']} moves ({result['clicks']} clicks, each after {result['think_s']:g} s ± 50% of "
          f"thought): move -> every screen of its table p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms, "
          f"max {result['max_ms']} ms; the server's processor time {result['server_cpu_ms_per_move']} ms a move "
          f"(load average {result['load_average']})")
    print(f"  lost {result['lost']}, duplicated {result['duplicated']}, clicks unanswered "
          f"{result['unanswered_clicks']}, stored {result['stored_moves']}, "
          f"games finished {result['games_finished']}")
    return 0


def _pair(text: str) -> str:
    """A ``--pair`` value: two bot names joined by a colon ("mcts:greedy")."""
    parts = text.split(":")
    if len(parts) != 2 or not all(parts):
        raise argparse.ArgumentTypeError(f"a pairing is BOT:RIVAL, such as mcts:greedy, not {text!r}")
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m savannah_kit.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--game", action="append", choices=sorted(registered_games()), help="only this game (repeatable)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per configuration (default 2)")
    parser.add_argument("--warm", type=int, nargs="?", const=WARM_GAMES, default=WARM_GAMES, metavar="N",
                        help=f"also measure each game's first configuration after N uncounted games, the "
                             f"steady state of a long study (default and --warm alone: {WARM_GAMES}; 0: not)")
    parser.add_argument("--browser", action="store_true",
                        help="also measure click-to-redraw latency of the boards in Chromium "
                             "(every game with a classroom board, or those --game names)")
    parser.add_argument("--memory", type=int, nargs="?", const=2000, metavar="N",
                        help="instead: RSS growth per game over N random games (default 2000)")
    parser.add_argument("--bots", action="store_true",
                        help="instead: the bots' strength ladder (MCTS against greedy, greedy against random, "
                             "lookahead against greedy), win rates with 95%% intervals")
    parser.add_argument("--ratings", action="store_true",
                        help="with --bots: instead of the ladder, every pair of each game's bots, fitted as "
                             "ratings with 95%% intervals and written to savannah_kit/core/ratings.json")
    parser.add_argument("--games", type=int, default=200, metavar="N",
                        help="with --bots: games per pairing and per game (default 200)")
    parser.add_argument("--mcts-games", type=int, metavar="M",
                        help="with --bots --ratings: games of each pair with the MCTS bot (default: --games)")
    parser.add_argument("--iterations", type=int, metavar="N",
                        help="with --bots: the MCTS bot's playouts per decision (default: its own)")
    parser.add_argument("--pair", action="append", metavar="BOT:RIVAL", type=_pair,
                        help="with --bots: only this pairing (repeatable; default: the ladder's three)")
    parser.add_argument("--seats", type=int, default=2, metavar="N", choices=range(2, 6),
                        help="with --bots: players per game, the bot in one seat going round and its rival in the "
                             "others (default 2)")
    parser.add_argument("--workers", type=int, default=1, metavar="W",
                        help="with --bots: worker processes (default 1)")
    parser.add_argument("--study", type=int, nargs="?", const=2000, metavar="N",
                        help="instead: the study runner's overhead over N bare random games per game (default 2000)")
    parser.add_argument("--against", metavar="REF",
                        help="instead: this checkout's playout lines against those of git REF (commit, tag or "
                             "branch), measured in turn in fresh processes, with their medians and ratio")
    parser.add_argument("--rounds", type=int, default=3, metavar="K", help="with --against: rounds (default 3)")
    parser.add_argument("--classroom", action="store_true",
                        help="instead: a classroom server on loopback under simulated students, projectors and a "
                             "teacher: move -> every screen of its table updated (p50, p95), lost and duplicated moves")
    parser.add_argument("--classroom-minutes", type=float, default=None, metavar="M",
                        help="with --classroom: run M minutes (default: 10 seconds); finished games start again")
    parser.add_argument("--tables", type=int, default=10, help="with --classroom: tables (default 10)")
    parser.add_argument("--players", type=int, default=4, help="with --classroom: students per table (default 4)")
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if args.classroom:
        return _print_classroom(args)
    if args.against:
        return _print_against(args)
    if args.study is not None:
        from .lab.bench import bench_study, format_bench

        result = bench_study(games=args.study, names=args.game)
        print(json.dumps({"study": result}, indent=2, sort_keys=True) if args.json else format_bench(result))
        return 0
    if args.bots:
        return _print_ratings(args) if args.ratings else _print_ladder(args)
    if args.memory is not None:
        return _print_memory(args)
    result = run(args.game, args.seconds, args.warm)
    if args.browser:
        from .dev.browser_bench import measure

        for name in [g for g, spec in registered_games().items()
                     if spec.teaching.classroom and (not args.game or g in args.game)]:
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
        if "warm" in entry:
            w = entry["warm"]
            opts = ", ".join(f"{k}={v}" for k, v in w["config"].items())
            print(f"  {opts:40s} {w['games_per_s']:9.1f} games/s {w['decisions_per_s']:11.1f} decisions/s"
                  f"  warm: after {w['after_games']:,} games")
        if "render" in entry:
            r = entry["render"]
            print(f"  picture: scene {r['scene_ms']} ms, svg {r['svg_ms']} ms, {r['shapes']} shapes")
        if "redraw" in entry:
            r = entry["redraw"]
            print(f"  frame (a board redraw): {r['scene_ms'] + r['paint_ms']:.2f} ms of Python (scene {r['scene_ms']} ms,"
                  f" message {r['paint_ms']} ms), {r['messages_per_redraw']:g} message(s), {r['shapes']} shapes")
    if not result:
        print("no game implemented yet", file=sys.stderr)
    return 0


def _print_against(args) -> int:
    result = against(args.against, args.game, args.seconds, args.warm, args.rounds)
    if args.json:
        print(json.dumps(result, indent=2, sort_keys=True))
        return 0
    ref = result["against"]
    for name, line in result["games"].items():
        for key, words in (("decisions_per_s", "cold"), ("warm_decisions_per_s", "warm")):
            if key in line["this"]:
                print(f"{name} {words}: {line['this'][key]:,.0f} decisions/s here, {line[ref][key]:,.0f} at {ref}: "
                      f"{line['ratio'][key]:.2f}x (medians of {result['rounds']} rounds)")
    return 0


def _print_memory(args) -> int:
    found = {name: module for name, module in available_games().items() if not args.game or name in args.game}
    result = {name: memory_growth(name, module, args.memory) for name, module in found.items()}
    if args.json:
        print(json.dumps({"memory": result}, indent=2, sort_keys=True))
        return 0
    for name, m in result.items():
        print(f"{name}: {m['growth_mb']:+.1f} MB over {m['games']} games ({m['first_half_mb']:+.1f} MB over the first "
              f"half, {m['second_half_mb']:+.1f} MB over the second; {m['growth_kb_per_game']:.2f} KB a game; "
              f"RSS {m['rss_start_mb']} -> {m['rss_end_mb']} MB, {m['configs']} configurations, {m['seconds']} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
