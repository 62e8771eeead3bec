"""The ``savannah-kit`` command.

    savannah-kit lab                 open JupyterLab on the start notebook
    savannah-kit demo forest         classroom mode: a big board in Voila for a projector
    savannah-kit classroom forest    a class plays: students' browsers at tables, projector, teacher page
    savannah-kit rules ...           the rule index, the rulings a game may change, coverage (``rules -h``)
    savannah-kit bench ...           the benchmark (see ``python -m savannah_kit.bench -h``)
    savannah-kit simulate GAME ...   many seeded bot games: a summary, and the table (--out)
    savannah-kit compare GAME ...    rule variants against the standard rules, on the same seeds
    savannah-kit handout GAME        a printable rules summary (PDF: one page, two for Savannah Tails)
    savannah-kit worksheet GAME      the puzzle sheet, printable (PDF: pictures and lines to write on)
    savannah-kit answer-key GAME     the puzzle sheet's answers, printable (PDF)
    savannah-kit site --out site/    the lessons as a static website that runs in the browser (JupyterLite)
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
    return _serve(cmd, root, server_env(), "JupyterLab stopped.")


#: warnings third-party servers print about their own settings, which the kit does not set:
#: jupyter-server 2 warns that the default it gives ServerApp.token itself is deprecated
THIRD_PARTY_WARNINGS = ("ignore:ServerApp.token config is deprecated:DeprecationWarning",)


def server_env() -> dict:
    """The environment a server started by the kit runs in: this one, with the third-party
    warnings above left out of its output."""
    env = dict(os.environ)
    env["PYTHONWARNINGS"] = ",".join(filter(None, [env.get("PYTHONWARNINGS", ""), *THIRD_PARTY_WARNINGS]))
    return env


def demo_games():
    """Games with a classroom board: name -> notebook (relative to the project root)."""
    return {name: spec.demo for name, spec in registered_games().items() if spec.demo}


def demo_course(game: str, course):
    """The ``--course`` of a demo as the classroom notebook reads it (the game's
    ``teaching.demo_course``: for Savannah Tails a course name, or a course file saved by the
    course designer, checked now and passed on as its tiles in JSON)."""
    if course is None:
        return None
    spec = registered_games()[game]
    if spec.teaching.demo_course is None:
        having = " or ".join(s.title for s in registered_games().values() if s.teaching.demo_course is not None)
        raise SystemExit(f"savannah-kit demo: --course is a {having} option, not one of {game}")
    try:
        return spec.hook("teaching.demo_course")(course)
    except ValueError as err:
        raise SystemExit(f"savannah-kit demo: --course {course}: {err}") from None


def demo(args) -> int:
    """Classroom mode: Voila serving a projector-sized board, on loopback unless told otherwise."""
    from .dev.servers import free_port

    course = demo_course(args.game, args.course)
    root = project_root()
    notebook = root / demo_games()[args.game]
    port = args.port or free_port()
    with tempfile.TemporaryDirectory(prefix="savannah-kit-demo-") as keep:
        # the game lives in this file while the server runs: a page reload continues it
        env = dict(server_env(), SAVANNAH_KIT_DEMO_PLAYERS=str(args.players), SAVANNAH_KIT_DEMO_BOTS=args.bots,
                   SAVANNAH_KIT_DEMO_SEED=str(args.seed), SAVANNAH_KIT_DEMO_STATE=str(Path(keep) / "game.json"),
                   SAVANNAH_KIT_DEMO_THEME=args.theme)
        if course is not None:
            env["SAVANNAH_KIT_DEMO_COURSE"] = course
        cmd = [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
               f"--Voila.ip={args.host}", "--Voila.port_retries=0", f"--theme={args.theme}"]
        url = f"http://{'127.0.0.1' if args.host in ('127.0.0.1', 'localhost') else args.host}:{port}/"
        print(f"Classroom board for {args.game}: open {url}  (Ctrl-C to stop)", flush=True)
        return _serve(cmd, notebook.parent, env, "Classroom board stopped.")


def classroom(args) -> int:
    """A class plays: the classroom server (``savannah_kit.classroom``), on loopback unless told otherwise."""
    try:
        from .classroom.rooms import Room, RoomError
        from .classroom.server import serve
        from .classroom.store import Store
    except ImportError as err:
        raise SystemExit(f"the classroom server needs tornado and segno: pip install 'savannah_kit[classroom]' "
                         f"({err})") from None
    from .dev.servers import free_port
    from .teach.progress import home

    db = Path(args.db) if args.db else home() / "classroom" / f"{args.game}.sqlite"
    bots = [b for b in (args.bots or "").replace(",", " ").split() if b != "none"]
    try:
        room = Room(args.game, Store(db), tables=args.tables, players=args.players, bots=bots, seed=args.seed)
    except RoomError as err:
        raise SystemExit(f"savannah-kit classroom: {err}") from None
    try:
        serve(room, host=args.host, port=args.port or free_port(), takeover_seconds=args.takeover)
    except KeyboardInterrupt:
        print("Classroom server stopped; the room is kept in", db, flush=True)
    return 0


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


#: seconds ``--scheduler`` waits for the Dask scheduler to answer before giving up
SCHEDULER_TIMEOUT = 5


def simulate(args) -> int:
    """Many seeded bot games: progress on stderr, a summary table on stdout, and with ``--out``
    the table of every game (CSV or Parquet, for pandas), written as the games finish. Every
    argument, the file and the cluster are checked before the first game; a bad one is one
    line on stderr (exit 2). Ctrl-C keeps the games finished; ``--resume`` completes them."""
    bots = ",".join(args.bots) if args.bots else None
    try:
        _check_counts(args)
        options = dict(_option(text) for text in args.option)
        bot_settings = {}
        for text in args.bot_option:
            form = "BOT.KEY=VALUE (mcts.iterations=200)"
            name, value = _option(text, "--bot-option", form)
            bot, dot, key = name.partition(".")
            if not dot or not bot or not key:
                raise ValueError(f"--bot-option {text!r}: write it as {form}")
            bot_settings.setdefault(bot, {})[key] = value
        if args.resume and not args.out:
            raise ValueError("--resume: give --out FILE, the table of the study to complete")
        import pandas  # noqa: F401  (the [lab] extra)
    except ValueError as err:
        print(f"savannah-kit simulate: {err}", file=sys.stderr)
        return 2
    except ImportError:
        return _simulate_without_pandas(args, bots, options)
    import warnings

    from .lab import study
    from .lab.tables import summary_text

    client = executor = None
    try:
        if args.scheduler:
            client = _dask_client(args.scheduler)
            executor = client.get_executor()
            print(f"Dask cluster at {args.scheduler}: dashboard {client.dashboard_link}", file=sys.stderr)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # an interrupt is reported below
            table = study(args.game, players=args.players, bots=bots, games=args.games, options=options,
                          executor=executor, progress=not args.no_progress, seed=args.seed,
                          workers=args.workers, rotate=args.rotate, bot_settings=bot_settings, out=args.out,
                          resume=args.resume, keep_moves=args.keep_moves)
    except (ValueError, ImportError) as err:
        print(f"savannah-kit simulate: {_one_line(err)}", file=sys.stderr)
        return 2
    finally:
        if client is not None:
            client.close()
    print(summary_text(table))
    if args.out:
        resumed = table.attrs.get("resumed", 0)
        more = f"; {resumed} games were there already" if resumed else ""
        print(f"wrote {args.out} ({len(table)} rows: one per game and seat{more})")
    if table.attrs.get("interrupted"):
        again = " (--resume completes it)" if args.out else ""
        print(f"interrupted: {table.attrs['finished']} of {table.attrs['games']} games finished{again}",
              file=sys.stderr)
        return 130
    return 0


def _check_counts(args) -> None:
    """The whole-number arguments of ``simulate`` and ``compare``, each in its range."""
    for flag, value, low in (("--games", args.games, 1), ("--players", args.players, 1), ("--seed", args.seed, 0),
                             ("--workers", args.workers, 1)):
        if value is not None and value < low:
            raise ValueError(f"{flag}: must be {low} or more, not {value}")


def _one_line_errors(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """A command whose bad arguments are told in one line, like its other errors (exit 2)."""
    def error(message: str):
        parser.exit(2, f"{parser.prog}: {message} (--help lists the arguments)\n")

    parser.error = error
    return parser


def _one_line(err: Exception) -> str:
    return " ".join(str(err).split())


def _dask_client(address: str):
    """A Dask client of the scheduler at ``address``; ``ValueError`` in one line when Dask is
    missing or the scheduler does not answer within ``SCHEDULER_TIMEOUT`` seconds."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise ValueError("--scheduler needs Dask: install the kit with the [scale] extra "
                         "(pip install 'savannah_kit[scale]')") from None
    try:
        return Client(address, timeout=f"{SCHEDULER_TIMEOUT}s")
    except (OSError, TimeoutError, ValueError, TypeError) as err:
        raise ValueError(f"--scheduler {address}: no Dask scheduler answered within {SCHEDULER_TIMEOUT} s "
                         f"({type(err).__name__}: {_one_line(err)[:120]})") from None


def compare(args) -> int:
    """Rule variants against the standard rules on the same seeds (``savannah_kit.lab.compare``):
    progress on stderr, the effects on stdout, and with ``--out`` the table of every game."""
    try:
        _check_counts(args)
        options = dict(_option(text) for text in args.option)
        if not args.variant:
            raise ValueError("--variant: give at least one, as KEY=VALUE (flat_bonus=true)")
        variants = {}
        for text in args.variant:
            key, value = _option(text, "--variant", "KEY=VALUE (flat_bonus=true)")
            variants[text] = {key: value}
        if args.resume and not args.out:
            raise ValueError("--resume: give --out FILE, the table of the comparison to complete")
        from .lab.comparison import compare as run
        from .lab.store import check_out

        if args.out:
            check_out(args.out)
    except (ValueError, ImportError) as err:
        print(f"savannah-kit compare: {_one_line(err)}", file=sys.stderr)
        return 2
    import warnings

    client = executor = None
    try:
        if args.scheduler:
            client = _dask_client(args.scheduler)
            executor = client.get_executor()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # an interrupt is reported below
            result = run(args.game, variants, bots=",".join(args.bots) if args.bots else None, games=args.games,
                         seed=args.seed, players=args.players, options=options, executor=executor,
                         progress=not args.no_progress, workers=args.workers, decisions=not args.no_decisions,
                         out=args.out, resume=args.resume)
    except ValueError as err:
        print(f"savannah-kit compare: {_one_line(err)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        kept = "; the finished games are kept (--resume completes them)" if args.out else "; nothing written"
        print(f"savannah-kit compare: interrupted{kept}", file=sys.stderr)
        return 130
    finally:
        if client is not None:
            client.close()
    print(result.text())
    if args.out:
        print(f"wrote {args.out} ({len(result.table)} rows: one per variant, game and seat)")
    return 0


def _option(text: str, flag: str = "--option", form: str = "KEY=VALUE (course=second-race)"):
    """``KEY=VALUE`` (the value read as JSON when it is JSON: 3, true, [..]; else as text)."""
    import json

    key, sep, value = text.partition("=")
    if not sep or not key:
        raise ValueError(f"{flag} {text!r}: write it as {form}")
    try:
        return key, json.loads(value)
    except ValueError:
        return key, value


def _simulate_without_pandas(args, bots, options) -> int:
    """Without the [lab] extra: the summary alone, from ``core.sim``."""
    from .core.sim import simulate as run

    if args.out or args.scheduler:
        print("savannah-kit simulate: --out and --scheduler need pandas: install the kit with the [lab] extra",
              file=sys.stderr)
        return 2
    names = bots.split(",") if bots else None
    if names and len(names) == 1:
        names = names * args.players
    summary = run(args.game, games=args.games, players=args.players, bots=names, seed=args.seed,
                  processes=args.workers or os.cpu_count() or 1, **options)
    print(summary)
    return 0


def handout(args) -> int:
    """Write a game's rules summary; an unknown game or an unwritable path is one clear line."""
    from .teach.handout import write_handout

    return _write_pdf("handout", write_handout, args, "handout")


def worksheet(args) -> int:
    """Write a game's puzzle sheet as a PDF."""
    from .teach.handout import write_worksheet

    return _write_pdf("worksheet", write_worksheet, args, "worksheet")


def answer_key(args) -> int:
    """Write the answers to a game's puzzle sheet as a PDF."""
    from .teach.handout import write_answer_key

    return _write_pdf("answer-key", write_answer_key, args, "answer_key")


def _write_pdf(command: str, write, args, kind: str) -> int:
    """Run ``write(game, out)``; print the path written, or one clear line (exit 2: no such game,
    exit 1: the file cannot be written)."""
    out = Path(args.out) if args.out else Path.cwd() / f"{args.game}_{kind}.pdf"
    try:
        written = write(args.game, out)
    except ValueError as err:
        print(f"savannah-kit {command}: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"savannah-kit {command}: cannot write {out}: {err.strerror or err}", file=sys.stderr)
        return 1
    print(written)
    return 0


def site(args) -> int:
    """Build the lessons' website: one folder any static web server can serve."""
    from importlib.util import find_spec

    missing = [name for name in ("jupyterlite_core", "jupyterlite_pyodide_kernel") if find_spec(name) is None]
    if missing:
        print(f"savannah-kit site: {' and '.join(missing)} missing: install the kit with the [site] extra "
              "(pip install 'savannah_kit[site]')", file=sys.stderr)
        return 2
    from .site import build, size

    out = build(Path(args.out), project_root())
    print(f"wrote {out} ({size(out) / 1e6:.0f} MB); try it: python -m http.server -d {args.out} 8000, "
          "then open http://127.0.0.1:8000/")
    return 0


def _bot_names() -> str:
    """Every bot a classroom board can seat, for ``demo --help`` (a game's own bots say whose),
    then the levels the bots' rating table sets."""
    from .core.bots import BOTS, bots_for
    from .core.ratings import LEVELS

    own = [f"{name} ({registered_games()[game].title} only)" for game in sorted(demo_games())
           for name in bots_for(game) if name not in BOTS]
    return (", ".join(list(BOTS) + own) + "; or a level: " + ", ".join(LEVELS)
            + " (the weakest, middle and strongest bot of the game's rating table)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="savannah-kit", description="Learn, teach and study three savannah games.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("lab", help="open JupyterLab on the start notebook")
    p.add_argument("--no-browser", action="store_true", help="serve only; open the printed address yourself")
    p.add_argument("--port", type=int, help="port to serve on (default: JupyterLab's, 8888 or the next free one)")
    p.set_defaults(func=lab)
    p = sub.add_parser("demo", help="classroom mode: a projector-sized board in Voila")
    p.add_argument("game", choices=sorted(demo_games()))
    p.add_argument("--players", type=int, default=2, help="number of seats (default 2)")
    p.add_argument("--bots", default="greedy", help="'none' for hot-seat, or the bot for the other seats: "
                   + _bot_names() + " (default greedy)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--port", type=int, help="default: a free port")
    p.add_argument("--host", default="127.0.0.1", help="address to serve on (default loopback only)")
    p.add_argument("--theme", choices=["light", "dark"], default="light",
                   help="page and picture theme (default light)")
    p.add_argument("--course", help="Savannah Tails: first-race (default), second-race, or a course file saved "
                   "by the course designer")
    p.set_defaults(func=demo)
    p = sub.add_parser("classroom", help="a class plays: each student's browser takes a seat at a table")
    p.add_argument("game", choices=sorted(registered_games()))
    p.add_argument("--tables", type=int, default=1, help="how many tables (default 1)")
    p.add_argument("--players", type=int, default=4, help="seats at each table, 2 to 5 as the game allows (default 4)")
    p.add_argument("--bots", default="", help="bots for the last seats of every table, 'greedy' or 'greedy,random': "
                   + _bot_names() + " (default none)")
    p.add_argument("--seed", type=int, default=1, help="table N deals with seed SEED + N - 1 (default 1)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to serve on (default loopback only; 0.0.0.0 for the class network)")
    p.add_argument("--port", type=int, help="default: a free port")
    p.add_argument("--db", help="the room's database (default: the user's data folder); the same file resumes")
    p.add_argument("--takeover", type=float, default=60.0, metavar="SECONDS",
                   help="a seat empty this long is played by a bot, where the teacher allows it (default 60)")
    p.set_defaults(func=classroom)
    sub.add_parser("rules", help="the rule index, the rulings a game may change (variants) and coverage", add_help=False)
    sub.add_parser("bench", help="the benchmark", add_help=False)
    p = sub.add_parser("simulate", help="play many seeded bot games, summarise them and save the table")
    p.add_argument("game", choices=sorted(registered_games()))
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--players", type=int, default=2, help="seats per game (default 2)")
    p.add_argument("--bots", nargs="+", help="the bot of each seat: 'greedy,random' (or 'greedy random'); "
                   "one name seats it everywhere (default random)")
    p.add_argument("--workers", "--processes", type=int, default=None, dest="workers",
                   help="local worker processes (default: one per core; 1 plays in this process)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="play on the Dask cluster at ADDRESS (tcp://host:8786) instead of local workers")
    p.add_argument("--seed", type=int, default=0, help="game i is seeded SEED + i (default 0)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a new_game option, repeatable (course=second-race)")
    p.add_argument("--bot-option", action="append", default=[], metavar="BOT.KEY=VALUE",
                   help="a setting of one bot, repeatable (mcts.iterations=200)")
    p.add_argument("--rotate", action="store_true", help="shift the bots one seat each game")
    p.add_argument("--out", metavar="FILE", help="write the table of every game, as the games finish: .csv, or "
                   ".parquet (smaller and faster for big tables)")
    p.add_argument("--resume", action="store_true", help="complete the interrupted study in --out: play only "
                   "the games it lacks (same arguments as the first run)")
    p.add_argument("--keep-moves", action="store_true", help="add each game's save file to the table (column "
                   "moves; savannah_kit.lab.replay reads it)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=simulate)
    _one_line_errors(p)
    p = sub.add_parser("compare", help="rule variants against the standard rules, on the same seeds and bots")
    p.add_argument("game", choices=sorted(registered_games()))
    p.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE",
                   help="a variant: a new_game option and its value (flat_bonus=true, tokens=8); repeatable, "
                        "each one a variant of its own")
    p.add_argument("--games", type=int, default=100, help="games per variant, on the same seeds (default 100)")
    p.add_argument("--players", type=int, default=2, help="seats per game (default 2)")
    p.add_argument("--bots", nargs="+", help="the bots, rotating seats: 'greedy,random' (the default: the stronger "
                   "bot's win rate is one of the measures)")
    p.add_argument("--seed", type=int, default=0, help="game i of every variant is seeded SEED + i (default 0)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a new_game option of the standard game and every variant, repeatable (course=second-race)")
    p.add_argument("--workers", "--processes", type=int, default=None, dest="workers",
                   help="local worker processes (default: one per core; 1 plays in this process)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="play on the Dask cluster at ADDRESS (tcp://host:8786)")
    p.add_argument("--no-decisions", action="store_true",
                   help="skip the measure of decisions the ruling changes (it costs two more bot choices a decision)")
    p.add_argument("--out", metavar="FILE", help="write the table of every game, as the games finish: .csv or "
                   ".parquet")
    p.add_argument("--resume", action="store_true", help="complete the interrupted comparison in --out: play only "
                   "the games it lacks (same arguments as the first run)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=compare)
    _one_line_errors(p)
    p = sub.add_parser("handout", help="write a printable rules summary (PDF)")
    p.add_argument("game", help="the game (a game without a handout is refused, naming those with one)")
    p.add_argument("--out", help="the PDF to write (default: GAME_handout.pdf in the current folder)")
    p.set_defaults(func=handout)
    p = sub.add_parser("worksheet", help="write the puzzle sheet, to print (PDF)")
    p.add_argument("game", help="the game (a game without puzzles is refused, naming those with some)")
    p.add_argument("--out", help="the PDF to write (default: GAME_worksheet.pdf in the current folder)")
    p.set_defaults(func=worksheet)
    p = sub.add_parser("answer-key", help="write the puzzle sheet's answers, to print (PDF)")
    p.add_argument("game", help="the game (a game without puzzles is refused, naming those with some)")
    p.add_argument("--out", help="the PDF to write (default: GAME_answer_key.pdf in the current folder)")
    p.set_defaults(func=answer_key)
    p = sub.add_parser("site", help="build the lessons as a static website that runs in the browser (JupyterLite)")
    p.add_argument("--out", default="site", help="the folder to write (replaced; default: site)")
    p.set_defaults(func=site)

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


def run() -> int:
    """The console entry point: ``main``, quiet when its reader goes away (``... | head``)."""
    try:
        return main()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 141


if __name__ == "__main__":
    raise SystemExit(run())
