"""Play and attack every registered game through its public protocol.

    python -m savannah_kit.fuzz --minutes 20        # soak: one-line report at the end
    python -m savannah_kit.fuzz --minutes 1 --game tails --seed 7

Random legal play checks, at sampled steps, that a copy is independent, that
``undo`` is exact, that a save file round-trips with the same legal moves and
that the global ``random`` module has no influence. Every step is also attacked
with malformed moves (each field of each move class given wrong types,
``bool``/``float`` look-alikes, moves of other games and other positions, moves
after the end): each must raise ``IllegalMove`` and leave the save file byte for
byte as it was. Finished games feed mutated save files and scenarios, which must
load or raise ``SaveFileError`` / ``ScenarioError`` naming a field, in bounded time.

Anything else is a defect, printed with a reproducer. The checks here are the
same ones ``tests/fuzz`` runs under hypothesis.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import random
import sys
import time
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from .core import debug
from .core.errors import IllegalMove, SaveFileError, ScenarioError
from .core.fields import safe_repr
from .core.registry import games as registered_games
from .core.rules_index import RULES

#: slowest acceptable load of one save file or scenario (seconds): a hang is a defect
LOAD_LIMIT_S = 5.0


@contextlib.contextmanager
def internal_errors_raised():
    """Let a crash inside a game's diagnosis surface (normally it becomes a generic
    refusal, so that a user never sees one): the fuzzer must see and report it."""
    old = debug.RAISE_INTERNAL_ERRORS
    debug.RAISE_INTERNAL_ERRORS = True
    try:
        yield
    finally:
        debug.RAISE_INTERNAL_ERRORS = old


class _Opaque:
    """A value no game knows: its repr is fine, it compares unequal to everything."""

    def __repr__(self) -> str:
        return "<opaque>"


class Hostile:
    """A value whose repr, hash and equality all raise."""

    def __repr__(self) -> str:
        raise RuntimeError("hostile repr")

    def __hash__(self) -> int:
        raise RuntimeError("hostile hash")

    def __eq__(self, other) -> bool:
        raise RuntimeError("hostile eq")


WRONG_VALUES: Tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 7, 2**70, 1.0, 0.0, -1.0, float("nan"), float("inf"), "", "zzz", "red-2",
    "C01", "P01", "rabbit", "T03:red:0", [], [1], ["red-2"], {}, {"a": 1}, (), ("zzz",), (0,), (None,),
    ((0, ()),), ((0.0, ()),), ((False, ()),), ((0, ("zzz",)),), ((0, ["C01"]),), (("x",),), ([],),
    _Opaque(), Hostile(), b"red-2",
)


class Defect(Exception):
    """Something the kit promises not to do: an internal exception, an accepted
    illegal move, a refusal that changed the state, a slow or wrong load."""

    def __init__(self, game: str, what: str, reproducer: str):
        self.game, self.what, self.reproducer = game, what, reproducer
        super().__init__(f"[{game}] {what}\n    reproducer: {reproducer}")


# -- the games -------------------------------------------------------------------

def game_modules(names: Optional[Sequence[str]] = None) -> Dict[str, Any]:
    """Registered game name -> its package (whose public functions a reproducer names)."""
    return {name: spec.load() for name, spec in registered_games().items() if not names or name in names}


def random_options(name: str, module, rng: random.Random) -> dict:
    """``new_game`` options for a random supported configuration (player count included): one
    of the spec's ``bench_configs``, often at another player count (without the options that
    do not hold at that count)."""
    spec = registered_games()[name]
    options = dict(rng.choice(spec.bench_configs))
    if rng.random() < 0.5 or "players" not in options:
        options["players"] = rng.choice(spec.players)
    return options if spec.accepts(options) else {"players": options["players"]}


def new_random_game(name: str, module, rng: random.Random):
    return module.new_game(seed=rng.randrange(1 << 31), **random_options(name, module, rng))


# -- refusals --------------------------------------------------------------------

def look_alikes(value: Any) -> List[Any]:
    """Values equal to ``value`` in Python but of another type (``True`` for 1,
    ``1.0`` for 1, a list for a tuple), at any depth."""
    out: List[Any] = []
    if type(value) is int:
        out.append(float(value))
        if value in (0, 1):
            out.append(bool(value))
    elif type(value) is bool:
        out.append(int(value))
    elif type(value) is tuple:
        out.append(list(value))
        for i, item in enumerate(value):
            for alike in look_alikes(item):
                out.append(value[:i] + (alike,) + value[i + 1:])
    return out


def with_field(move, name: str, value: Any):
    """A copy of a frozen dataclass move with one field set to anything (no checks run)."""
    new = object.__new__(type(move))
    for f in dataclasses.fields(move):
        object.__setattr__(new, f.name, getattr(move, f.name))
    object.__setattr__(new, name, value)
    return new


def malformed_moves(game, rng: random.Random, foreign: Sequence[Any], per_step: int) -> Iterator[Any]:
    """Moves for the current decision that must all be refused (some may turn out
    legal: ``check_refusal`` skips those)."""
    legal = game.legal_moves()
    samples = rng.sample(legal, min(len(legal), 3)) if legal else []
    made = 0
    for m in samples:
        for f in dataclasses.fields(m):
            value = getattr(m, f.name)
            for bad in look_alikes(value):
                yield with_field(m, f.name, bad)
                made += 1
            for bad in rng.sample(WRONG_VALUES, 4):
                yield with_field(m, f.name, bad)
                made += 1
            if len(legal) > 1:  # a well-typed value from another legal move
                other = rng.choice(legal)
                yield with_field(m, f.name, getattr(other, f.name))
                made += 1
    for m in rng.sample(list(foreign), min(len(foreign), 4)):
        yield m
        made += 1
    junk = [None, 0, "take", {"move": "take"}, [], _Opaque(), Hostile()]
    while made < per_step:
        yield rng.choice(junk)
        made += 1


def check_refusal(game, move, name: str) -> bool:
    """Refusing ``move`` must raise ``IllegalMove`` citing a known rule and change
    nothing; ``explain`` must answer in words. Returns False when the move is legal."""
    before = game.to_json()
    where = f"{type(game).__module__.rsplit('.', 1)[0]}.from_json({before!r}).play({safe_repr(move)})"
    try:
        if game.is_legal(move):
            return False
        game.play(move)
    except IllegalMove as err:
        if err.rule_id not in RULES or not err.reason:
            raise Defect(name, f"refusal cites no known rule: {err!r}", where) from None
    except Exception as exc:  # noqa: BLE001 - the point is to catch everything
        raise Defect(name, f"{type(exc).__name__}: {exc}", where) from exc
    else:
        raise Defect(name, "an illegal move was accepted", where)
    try:
        text = game.explain(move)
    except Exception as exc:  # noqa: BLE001
        raise Defect(name, f"explain raised {type(exc).__name__}: {exc}", where) from exc
    if not isinstance(text, str) or not text.startswith("Not legal"):
        raise Defect(name, f"explain answered {text!r}", where)
    if game.to_json() != before:
        raise Defect(name, "a refused move changed the game", where)
    return True


# -- the stateful checks ------------------------------------------------------------

def check_step(game, module, rng: random.Random, name: str) -> None:
    """Copy independence, exact undo, save round trip and determinism at this position."""
    text = game.to_json()
    repro = f"{module.__name__}.from_json({text!r})"
    try:
        legal = game.legal_moves()
        twin = game.copy()
        if legal:
            twin.play(rng.choice(legal))
        if game.to_json() != text or game.legal_moves() != legal:
            raise Defect(name, "playing on a copy changed the original", repro)
        loaded = module.from_json(text)
        if loaded.to_json() != text or loaded.legal_moves() != legal:
            raise Defect(name, "a save file does not round-trip to the same position", repro)
        if game.history:
            back = game.copy()
            last = back.undo()
            if back.to_json() != game.replay(len(game.history) - 1).to_json():
                raise Defect(name, "undo does not give the earlier position", repro)
            back.play(last)
            if back.to_json() != text:
                raise Defect(name, "undo then the same move does not give the same position", repro)
        if legal:
            move = rng.choice(legal)
            a, b = game.copy(), module.from_json(text)
            random.seed(rng.random())
            a.play(move)
            random.seed(rng.random())
            b.play(move)
            if a.to_json() != b.to_json() or a.legal_moves() != b.legal_moves() or str(a) != str(b):
                raise Defect(name, "the same move gave different games (global random leaked in?)",
                             f"{repro}.play({move!r})")
    except Defect:
        raise
    except Exception as exc:  # noqa: BLE001
        raise Defect(name, f"{type(exc).__name__}: {exc}", repro) from exc


# -- mutated input -------------------------------------------------------------------

def _paths(value: Any, path: Tuple = ()) -> List[Tuple]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


def _get(value, path):
    for key in path:
        value = value[key]
    return value


def _set(value, path, new):
    if not path:
        return new
    _get(value, path[:-1])[path[-1]] = new
    return value


JSON_WRONG: Tuple[Any, ...] = (None, True, False, 0, -1, 1, 3, 2**40, 1.5, -0.5, "", "zzz", "start", "C01", "A01",
                               "red-2", [], [0], [[]], ["zzz"], {}, {"zzz": 1}, {"move": "take"})


def mutate_data(data: Any, rng: random.Random) -> Any:
    """One random structural change: a value replaced, a key dropped or added, an
    item removed, duplicated or swapped, deep nesting."""
    data = json.loads(json.dumps(data))
    paths = _paths(data)
    path = rng.choice(paths)
    node = _get(data, path)
    kind = rng.randrange(7)
    if kind == 0 or not path:
        choices = JSON_WRONG + tuple(look_alikes(node) if not isinstance(node, (dict, list)) else ())
        return _set(data, path, rng.choice(choices))
    parent = _get(data, path[:-1])
    key = path[-1]
    if kind == 1:  # drop it
        del parent[key]
    elif kind == 2 and isinstance(parent, dict):  # an unknown key beside it
        parent["zzz"] = node
    elif kind == 3 and isinstance(parent, list):  # duplicate it
        parent.insert(key, json.loads(json.dumps(node)))
    elif kind == 4 and isinstance(parent, list) and len(parent) > 1:  # swap two
        other = rng.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    elif kind == 5:  # deep nesting
        for _ in range(rng.choice((5, 40, 200))):
            node = [node]
        parent[key] = node
    else:  # another value of the same kind from elsewhere in the data
        parent[key] = json.loads(json.dumps(_get(data, rng.choice(paths))))
    return data


def mutate_text(text: str, rng: random.Random) -> str:
    """Text-level damage: truncation, a changed character, a huge number."""
    kind = rng.randrange(4)
    if kind == 0:
        return text[:rng.randrange(len(text) + 1)]
    if kind == 1:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice('{}[],:"0-e.aZ\\ ') + text[i + 1:]
    if kind == 2:
        i = text.find(":", rng.randrange(len(text)))
        return text if i < 0 else text[:i + 1] + rng.choice(("9" * 5000, "1e999", "-0", "NaN ")) + text[i + 1:]
    data = json.loads(text)
    return json.dumps(mutate_data(data, rng))


def _check_built(build: Callable[[], Any], module, error: type, name: str, repro: str,
                 rng: random.Random) -> str:
    """``build()`` must give a sound game (it prints, saves, loads and plays) or raise
    ``error`` naming a field and a reason; in bounded time. Returns "built" or "refused"."""
    t0 = time.perf_counter()
    try:
        game = build()
        str(game)
        text = game.to_json()
        if module.from_json(text).to_json() != text:
            raise Defect(name, "the game does not save and load back the same", repro)
        for _ in range(3):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
        outcome = "built"
    except error as err:
        if not err.reason or (error is ScenarioError and not err.field):
            raise Defect(name, f"{error.__name__} names no field or reason: {err!r}", repro) from None
        outcome = "refused"
    except Defect:
        raise
    except Exception as exc:  # noqa: BLE001 - the point is to catch everything
        raise Defect(name, f"{type(exc).__name__}: {exc}", repro) from exc
    if time.perf_counter() - t0 > LOAD_LIMIT_S:
        raise Defect(name, f"took {time.perf_counter() - t0:.1f} s", repro)
    return outcome


def check_load(module, text: str, name: str, rng: Optional[random.Random] = None) -> str:
    """A save file must load into a sound game or raise ``SaveFileError``."""
    return _check_built(lambda: module.from_json(text), module, SaveFileError, name,
                        f"{module.__name__}.from_json({text[:2000]!r})", rng or random.Random(0))


def check_scenario(module, scenario: Any, options: dict, name: str, rng: random.Random) -> str:
    """A scenario must give a sound game or raise ``ScenarioError`` naming a field."""
    return _check_built(lambda: module.from_scenario(scenario, **options), module, ScenarioError, name,
                        f"{module.__name__}.from_scenario({json.dumps(scenario)[:3000]}, **{options!r})", rng)


def check_components(module, option: str, data: Any, players: int, name: str, rng: random.Random) -> str:
    """Component data (a catalogue) must give a sound game or a ``ScenarioError`` naming a field."""
    seed = rng.randrange(1000)
    return _check_built(lambda: module.new_game(players=players, seed=seed, **{option: data}), module,
                        ScenarioError, name, f"{module.__name__}.new_game(players={players}, seed={seed}, "
                        f"{option}={json.dumps(data)[:3000]})", rng)


def scenario_of(game) -> Optional[Tuple[Any, dict]]:
    """The current position as (scenario, options for ``from_scenario``), if the game can say."""
    try:
        scenario = game.to_scenario()
    except (ScenarioError, NotImplementedError):
        return None
    options = {k: v for k, v in game.options.items() if k not in ("players", "scenario")}
    if game.scenario is not None and "course" in game.scenario:
        scenario.setdefault("course", game.scenario["course"])
    return scenario, options


# -- the soak --------------------------------------------------------------------------

@dataclasses.dataclass
class Report:
    moves: int = 0
    malformed: int = 0
    saves: int = 0
    scenarios: int = 0
    components: int = 0
    games: int = 0
    checks: int = 0
    defects: Dict[str, Defect] = dataclasses.field(default_factory=dict)

    def add(self, defect: Defect) -> None:
        """Keep one defect per game, kind and place in the code."""
        key = f"{defect.game}: {defect.what.splitlines()[0][:100]}"
        cause = defect.__cause__
        if cause is not None and cause.__traceback__ is not None:
            tb = cause.__traceback__
            while tb.tb_next is not None:
                tb = tb.tb_next
            key = (f"{defect.game}: {type(cause).__name__} at {os.path.basename(tb.tb_frame.f_code.co_filename)}:"
                   f"{tb.tb_lineno} ({str(cause)[:60]})")
        self.defects.setdefault(key, defect)

    def line(self, seconds: float) -> str:
        return (f"fuzz: {seconds / 60:.1f} min, {self.games} games, {self.moves:,} moves played, "
                f"{self.malformed:,} malformed moves, {self.saves:,} mutated save files, "
                f"{self.scenarios:,} mutated scenarios, {self.components:,} mutated catalogues, "
                f"{self.checks:,} state checks "
                f"({self.moves + self.malformed + self.saves + self.scenarios + self.components:,} inputs), "
                f"{len(self.defects)} defect(s)")


def soak_one_game(name: str, module, rng: random.Random, report: Report, foreign: List[Any],
                  check_every: int = 8, attacks: int = 12, mutations: int = 12) -> None:
    """Play one random game to the end, attacking it all the way."""
    game = new_random_game(name, module, rng)
    step = 0
    scenario_at = None
    while True:
        try:
            if step % check_every == 0:
                check_step(game, module, rng, name)
                report.checks += 1
            for bad in malformed_moves(game, rng, foreign, attacks):
                if check_refusal(game, bad, name):
                    report.malformed += 1
        except Defect as d:
            report.add(d)
        legal = game.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        if len(foreign) < 400:
            foreign.append(move)
        else:
            foreign[rng.randrange(len(foreign))] = move
        game.play(move)
        report.moves += 1
        step += 1
        if scenario_at is None and rng.random() < 0.1:
            scenario_at = scenario_of(game)
    report.games += 1
    # after the end
    for bad in rng.sample(foreign, min(len(foreign), 5)):
        try:
            before = game.to_json()
            try:
                game.play(bad)
                report.add(Defect(name, "a move was accepted after the end", f"{module.__name__}.from_json("
                                  f"{before!r}).play({bad!r})"))
            except IllegalMove:
                report.malformed += 1
            if game.to_json() != before:
                report.add(Defect(name, "a refused move after the end changed the game", repr(bad)))
        except Exception as exc:  # noqa: BLE001
            report.add(Defect(name, f"{type(exc).__name__} after the end: {exc}", repr(bad)))
    # save files: from the end and from the middle
    texts = [game.to_json(), game.replay(len(game.history) // 2).to_json()]
    for _ in range(mutations):
        try:
            check_load(module, mutate_text(rng.choice(texts), rng), name)
        except Defect as d:
            report.add(d)
        report.saves += 1
    if scenario_at is None:
        scenario_at = scenario_of(game)
    if scenario_at is not None:
        scenario, options = scenario_at
        for _ in range(mutations):
            try:
                check_scenario(module, mutate_data(scenario, rng), options, name, rng)
            except Defect as d:
                report.add(d)
            report.scenarios += 1
    if hasattr(module, "component_data"):
        option, data = module.component_data()
        for _ in range(max(1, mutations // 4)):
            try:
                check_components(module, option, mutate_data(data, rng), game.players, name, rng)
            except Defect as d:
                report.add(d)
            report.components += 1


def soak(minutes: float, names: Optional[Sequence[str]] = None, seed: int = 0,
         progress: Optional[Callable[[Report, float], None]] = None) -> Tuple[Report, float]:
    modules = game_modules(names)
    rng = random.Random(seed)
    report = Report()
    foreign: List[Any] = []
    t0 = time.perf_counter()
    deadline = t0 + minutes * 60
    last = t0
    while time.perf_counter() < deadline:
        for name, module in modules.items():
            soak_one_game(name, module, rng, report, foreign)
            if time.perf_counter() >= deadline:
                break
        if progress and time.perf_counter() - last > 60:
            last = time.perf_counter()
            progress(report, last - t0)
    return report, time.perf_counter() - t0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m savannah_kit.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0, help="how long to run (default 1)")
    parser.add_argument("--game", action="append", choices=sorted(registered_games()), help="only this game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quiet", action="store_true", help="only the final line")
    args = parser.parse_args(argv)
    progress = None if args.quiet else (lambda r, s: print(r.line(s), file=sys.stderr, flush=True))
    with internal_errors_raised():
        report, seconds = soak(args.minutes, args.game, args.seed, progress)
    for key, defect in report.defects.items():
        print(f"DEFECT {key}\n    reproducer: {defect.reproducer[:4000]}")
    print(report.line(seconds))
    return 1 if report.defects else 0


if __name__ == "__main__":
    raise SystemExit(main())
