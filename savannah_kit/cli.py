"""The ``savannah-kit`` command.

    savannah-kit lab                 open JupyterLab on the start notebook
    savannah-kit demo forest         classroom mode: a big board in Voila for a projector
    savannah-kit rules ...           the rule index and coverage (``savannah-kit rules -h``)
    savannah-kit bench ...           the benchmark (see ``python -m savannah_kit.bench -h``)
    savannah-kit simulate GAME ...   many seeded bot games, summarised
    savannah-kit handout GAME        a printable one-page rules summary (PDF)
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from .core.registry import games as registered_games

START = "notebooks/00_start_here.ipynb"


def project_root() -> Path:
    """The folder holding ``notebooks/`` (the source checkout the kit was installed from)."""
    for candidate in (Path.cwd(), Path(__file__).resolve().parents[1]):
        if (candidate / START).is_file():
            return candidate
    raise SystemExit(f"cannot find {START}: run this from the savannah_kit folder")


def lab(args) -> int:
    root = project_root()
    cmd = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={root}",
           f"--LabApp.default_url=/lab/tree/{START}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers and CI machines often run as root
    if args.no_browser:
        cmd.append("--no-browser")
    if args.port:
        cmd += [f"--port={args.port}"]
    cmd += args.jupyter_args
    print("Opening JupyterLab on", START, flush=True)
    return _serve(cmd, root, dict(os.environ), "JupyterLab stopped.")


def demo_games():
    """Games with a classroom board: name -> notebook (relative to the project root)."""
    return {name: entry.demo for name, entry in registered_games().items() if entry.demo}


def demo(args) -> int:
    """Classroom mode: Voila serving a projector-sized board, on loopback unless told otherwise."""
    from .dev.servers import free_port

    root = project_root()
    notebook = root / demo_games()[args.game]
    port = args.port or free_port()
    with tempfile.TemporaryDirectory(prefix="savannah-kit-demo-") as keep:
        # the game lives in this file while the server runs: a page reload continues it
        env = dict(os.environ, SAVANNAH_KIT_DEMO_PLAYERS=str(args.players), SAVANNAH_KIT_DEMO_BOTS=args.bots,
                   SAVANNAH_KIT_DEMO_SEED=str(args.seed), SAVANNAH_KIT_DEMO_STATE=str(Path(keep) / "game.json"))
        cmd = [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
               f"--Voila.ip={args.host}", "--Voila.port_retries=0", f"--theme={args.theme}"]
        url = f"http://{'127.0.0.1' if args.host in ('127.0.0.1', 'localhost') else args.host}:{port}/"
        print(f"Classroom board for {args.game}: open {url}  (Ctrl-C to stop)", flush=True)
        return _serve(cmd, notebook.parent, env, "Classroom board stopped.")


def _serve(cmd, cwd, env, goodbye: str) -> int:
    """Run a server until it ends, or until we are stopped (Ctrl-C or SIGTERM): then
    stop it too, so nothing is left running behind us."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=env)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        print(goodbye, flush=True)
        return 0


def _interrupt(*_args):
    raise KeyboardInterrupt


def simulate(args) -> int:
    from .core.sim import simulate as run

    summary = run(args.game, games=args.games, players=args.players, bots=args.bots, seed=args.seed,
                  processes=args.processes)
    print(summary)
    return 0


def handout(args) -> int:
    """Write a game's one-page rules summary; an unknown game or an unwritable path is one clear line."""
    from .teach.handout import write_handout

    out = Path(args.out) if args.out else Path.cwd() / f"{args.game}_handout.pdf"
    try:
        written = write_handout(args.game, out)
    except ValueError as err:
        print(f"savannah-kit handout: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"savannah-kit handout: cannot write {out}: {err.strerror or err}", file=sys.stderr)
        return 1
    print(written)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="savannah-kit", description="Learn, teach and study three savannah games.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("lab", help="open JupyterLab on the start notebook")
    p.add_argument("--no-browser", action="store_true")
    p.add_argument("--port", type=int)
    p.set_defaults(func=lab)
    p = sub.add_parser("demo", help="classroom mode: a projector-sized board in Voila")
    p.add_argument("game", choices=sorted(demo_games()))
    p.add_argument("--players", type=int, default=2, help="number of seats (default 2)")
    p.add_argument("--bots", default="greedy", help="'none' for hot-seat, or the bot for the other seats "
                   "(random or greedy; default greedy)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--port", type=int, help="default: a free port")
    p.add_argument("--host", default="127.0.0.1", help="address to serve on (default loopback only)")
    p.add_argument("--theme", choices=["light", "dark"], default="light", help="page theme (default light)")
    p.set_defaults(func=demo)
    sub.add_parser("rules", help="the rule index and coverage", add_help=False)
    sub.add_parser("bench", help="the benchmark", add_help=False)
    p = sub.add_parser("simulate", help="play many seeded bot games and summarise them")
    p.add_argument("game", choices=sorted(registered_games()))
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--bots", nargs="+", help="one bot kind per seat: random or greedy")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    p.set_defaults(func=simulate)
    p = sub.add_parser("handout", help="write a printable one-page rules summary (PDF)")
    p.add_argument("game", help="the game (a game without a handout is refused, naming those with one)")
    p.add_argument("--out", help="the PDF to write (default: GAME_handout.pdf in the current folder)")
    p.set_defaults(func=handout)

    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "rules":
        from .rules_cli import main as rules_main

        return rules_main(argv[1:])
    if argv and argv[0] == "bench":
        from .bench import main as bench_main

        return bench_main(argv[1:])
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "lab":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.jupyter_args = extra  # anything else goes to jupyter lab (e.g. --ServerApp.token=)
    return args.func(args)


if __name__ == "__main__":
    raise SystemExit(main())
