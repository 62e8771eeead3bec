"""What the kit knows about a game: one record, declared beside the game.

Each game package builds one ``GameSpec`` in its ``__init__`` and registers it
(``core.registry.register``), the way an OpenSpiel game registers its ``GameType``.
Everything outside the game packages that needs to know about a game reads its spec:
the bots (search settings, decision costs, its greedy bot), the lab (columns, turn
rules, plot title), the teaching tools (handout, lessons, puzzles, glossary, notebooks),
the pictures and boards (render, clicks, widget, sandbox), hidden information, the benchmark
and the fuzz suite. No table keyed by game names lives anywhere else, and nothing finds
a game's modules by guessing their names.

Every field must be given (no defaults): a game that forgets one fails when it is
declared, and a wrong value fails at registration with a ``SpecError`` naming the field
(``tails.bots.decision_cost.lookahead``). ``None`` is accepted only where a field says
so, and then means "this game has none" (no hidden information, no lessons).

A *hook* is a function, or the text ``"module:function"`` for one that needs a heavy
library (a board needs Jupyter, a handout reportlab) or is only wanted now and then;
a module starting with a dot is inside the game's package (``".render:scene"``). A
named module is imported when the hook is first used; registration checks that it
exists, and the conformance suite resolves every hook of every game.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Callable, FrozenSet, Mapping, Optional, Tuple, Union

from .errors import FieldError

Hook = Union[str, Callable[..., Any]]

NAME = re.compile(r"^[a-z][a-z0-9]*$")
HOOK = re.compile(r"^\.?[A-Za-z_][\w.]*:[A-Za-z_]\w*$")
#: the MCTS settings a game tunes (``core.search.MCTSBot``), and those it may add
SEARCH_KEYS = ("iterations", "rollout", "depth", "width")
MORE_SEARCH_KEYS = ("paired",)


class SpecError(FieldError):
    """A game spec that is missing something or holds a wrong value: names the field."""

    kind = "game spec"


@dataclass(frozen=True, kw_only=True)
class Bots:
    """How the kit's bots play the game."""

    search: Mapping[str, Any]           # MCTS settings tuned for it: iterations, rollout, depth, width (and paired)
    decision_cost: Mapping[str, float]  # seconds a decision takes each bot (for "mcts": one playout)
    greedy: str                         # the name of its greedy bot: "greedy", or one of ``own``
    strength: Tuple[str, ...]           # the bots a budget picks from, strongest first as measured
                                        # (``core.bots.pick_bot``): "mcts", "lookahead" and "greedy" (its greedy bot)
    own: Mapping[str, type]             # the bots only this game has, by name


@dataclass(frozen=True, kw_only=True)
class Lab:
    """What a study of the game adds to the common columns (``savannah_kit.lab``)."""

    plot_title: str                # the game's name on figures ("Circle of Life")
    turn_rules: FrozenSet[str]     # the rules of events that open a turn: a seat's turns are its events of these
    columns: Hook                  # (finished game, score breakdowns) -> one dict of extra columns per seat
    bool_columns: Tuple[str, ...]  # the extra columns that hold True/False


@dataclass(frozen=True, kw_only=True)
class Teaching:
    """The game's teaching material."""

    handout: Hook                    # () -> the one-page rules summary (``teach.handout.Handout``)
    lessons: Optional[str]           # module holding ``EXERCISES`` (None: no exercises)
    puzzles: Optional[str]           # module holding ``PUZZLES``, ``TOPICS`` and the rule pictures
    glossary: Optional[str]          # JSON file of terms beside the package's modules
    lesson_notebooks: Optional[str]  # folder of its numbered lesson notebooks, inside the project's notebooks/
    classroom: Optional[str]         # its projector notebook (``savannah-kit demo``), inside notebooks/
    demo_course: Optional[Hook]      # text of ``demo --course`` -> what the notebook reads (games with courses)
    rule_pictures: Optional[str]     # module whose ``show(rule_id)`` draws each rule happening (the reference)
    rulings: Optional[str]           # module holding ``RULINGS`` (label -> title, explanation) and ``READING``
    paper_note: str                  # what a reader of a printed puzzle sheet must know about its names ("")


@dataclass(frozen=True)
class Option:
    """A ruling or variant the rulebook leaves open, played as a ``new_game`` option.

    ``values`` are the values the game takes, the kit's ``default`` among them; ``others``
    says in words what else it takes ("any seat number"), and then the game checks the value
    itself; with ``others`` empty the values are all there is, and ``core.game.Game`` refuses
    any other value naming the option and its values."""

    name: str                # the new_game keyword: "tie_break"
    values: Tuple[Any, ...]  # its values, the default first
    default: Any             # the kit's choice, what a game without the option plays
    ruling: str              # the ruling it makes optional, as RULES.md labels it ("K12", "A1"), or a rule id
    sentence: str            # what it changes, in one plain sentence
    others: str = ""         # what else it takes, in words ("" when ``values`` is all)
    rules: Tuple[str, ...] = ()  # other rules whose text tells the default reading, besides those citing ``ruling``

    def allows(self, value: Any) -> bool:
        """Whether ``value`` is one of ``values`` (True is not 1 here)."""
        return any(type(v) is type(value) and v == value for v in self.values)

    def shown(self) -> str:
        """The values in words: "'share' (default), 'kills'"."""
        words = [repr(v) + (" (default)" if self.allows(self.default) and v == self.default
                            and type(v) is type(self.default) else "") for v in self.values]
        return ", ".join(words + ([self.others] if self.others else []))


@dataclass(frozen=True, kw_only=True)
class GameSpec:
    """Everything the kit needs about one game (see the module docstring)."""

    name: str                    # short name, also the first part of its rule ids: "forest"
    title: str                   # "Savernake Forest"
    module: str                  # the game's package: "savannah_kit.forest"
    players: Tuple[int, ...]     # the player counts it supports
    # the engine
    game: type                   # its ``core.game.Game`` subclass
    new_game: Callable[..., Any]       # new_game(players, seed, **options)
    from_scenario: Callable[..., Any]  # from_scenario(data_or_text, seed=0, **options)
    from_json: Callable[..., Any]      # a game from its save file
    component_data: Callable[..., Any]  # () -> (option name, the component catalogue as data)
    scenario_text: Hook          # game -> the position as text (``from_scenario`` reads it back)
    describe: Hook               # game -> the position in a few sentences (a screen reader's view of the board)
    bench_configs: Tuple[Mapping[str, Any], ...]  # ``new_game`` options the benchmark measures, headline first
    options: Tuple[Option, ...]  # the rulings a game may change: one ``Option`` each (``rules variants GAME``)
    # pictures and boards
    render: Hook                 # scene(game, *, theme, viewer, highlights, ...) -> core.scene.Scene
    clicks: Hook                 # clicks(game, *, seats, bots, theme, classroom, ...) -> ui.clicks.Clicks: what
                                 # its board does, without widgets (the class server runs one per seat)
    widget: Hook                 # board(game, *, theme, guided, branching, suggest, ...) -> its board
    sandbox: Hook                # sandbox(game, *, theme, play) -> ui.sandbox.Sandbox
    hidden: Optional[Hook]       # determinise(game, observer, rng) -> game (None: nothing is hidden)
    encoding: Optional[Hook]     # encoding(game) -> core.encoding.Encoding: actions and observations as
                                 # numbers, for savannah_kit.envs (None: no learning environment)
    # the rest of the kit
    bots: Bots
    lab: Lab
    teaching: Teaching

    def __post_init__(self):  # a range of players, a list of configurations: kept as tuples
        for key in ("players", "bench_configs", "options"):
            if isinstance(getattr(self, key), (range, list)):
                object.__setattr__(self, key, tuple(getattr(self, key)))

    # -- reading hooks ---------------------------------------------------------------------------
    def hook(self, name: str) -> Callable[..., Any]:
        """The function of hook ``name`` ("render", "lab.columns", "teaching.handout"...), imported
        if it is named by text. ``LookupError`` if the game declared none (``None``)."""
        ref = self.declared(name)
        if ref is None:
            raise LookupError(f"{self.title} has no {name} (its spec says None)")
        return resolve(ref, self.module)

    def teaching_module(self, key: str):
        """The module its spec names for ``teaching.<key>`` ("lessons", "puzzles"), imported; None
        for a game that has none."""
        name = getattr(self.teaching, key)
        return None if name is None else importlib.import_module(absolute(name, self.module))

    def declared(self, name: str) -> Any:
        """What the spec holds for field ``name`` ("render", "bots.search")."""
        value: Any = self
        for part in name.split("."):
            value = getattr(value, part)
        return value

    def check(self) -> "GameSpec":
        """This spec if every field holds what the kit needs, else ``SpecError`` naming the field
        (``core.registry.register`` calls it)."""
        return check(self)

    def accepts(self, options: Mapping[str, Any]) -> bool:
        """Whether ``new_game`` takes these options (the benchmark and the fuzz suite vary the
        player count of a configuration, and some options hold at one count only)."""
        from .errors import ScenarioError

        try:
            self.new_game(seed=0, **options)
        except ScenarioError:
            return False
        return True

    # -- the old names, kept for the code that read the registry's entries ----------------------
    @property
    def demo(self) -> Optional[str]:
        """The classroom notebook, from the project root."""
        return None if self.teaching.classroom is None else "notebooks/" + self.teaching.classroom

    def load(self):
        """The game's package (imported already: it registered this spec)."""
        return importlib.import_module(self.module)

    def __repr__(self) -> str:
        return f"<GameSpec {self.name}: {self.title}, {self.module}>"


def resolve(ref: Hook, package: str) -> Callable[..., Any]:
    """The function a hook names: itself if callable, else ``module:attribute`` imported
    (a leading dot: inside ``package``)."""
    if callable(ref):
        return ref
    module, _, attribute = ref.partition(":")
    return getattr(importlib.import_module(absolute(module, package)), attribute)


def absolute(module: str, package: str) -> str:
    """A module's full name: one starting with a dot is inside ``package``."""
    return package + module if module.startswith(".") else module


# -- checking a spec at registration ---------------------------------------------------------------

def check(spec: GameSpec) -> GameSpec:
    """``spec`` if every field holds what the kit needs, else ``SpecError`` naming the field."""
    if not isinstance(spec, GameSpec):
        raise SpecError("spec", f"register a GameSpec, not {type(spec).__name__}")
    name = spec.name
    if not isinstance(name, str) or not NAME.match(name):
        raise SpecError("name", f"must be a short lower-case name like 'forest', not {name!r}")
    for key, value in (("title", spec.title), ("lab.plot_title", spec.lab.plot_title)):
        _text(f"{name}.{key}", value)
    _module(f"{name}.module", spec.module)
    if not isinstance(spec.players, tuple) or not spec.players or any(
            isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in spec.players):
        raise SpecError(f"{name}.players", f"must list the player counts, not {spec.players!r}")
    _engine(spec)
    _options(spec)
    for key in ("scenario_text", "describe", "render", "clicks", "widget", "sandbox", "lab.columns",
                "teaching.handout"):
        _hook(spec, key, optional=False)
    for key in ("hidden", "encoding", "teaching.demo_course"):
        _hook(spec, key, optional=True)
    _bots(spec)
    _lab(spec)
    _teaching(spec)
    return spec


def _text(where: str, value: Any) -> None:
    if not isinstance(value, str) or not value.strip():
        raise SpecError(where, f"must be a non-empty text, not {value!r}")


def _module(where: str, module: Any) -> None:
    if not isinstance(module, str) or not module:
        raise SpecError(where, f"must be a module path, not {module!r}")
    try:
        found = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        found = None
    if found is None:
        raise SpecError(where, f"there is no module {module!r}")


def _engine(spec: GameSpec) -> None:
    from .game import Game

    name = spec.name
    if not isinstance(spec.game, type) or not issubclass(spec.game, Game):
        raise SpecError(f"{name}.game", f"must be a core.game.Game subclass, not {spec.game!r}")
    if spec.game.name != name:
        raise SpecError(f"{name}.game", f"{spec.game.__name__}.name is {spec.game.name!r}, not {name!r}")
    if spec.game.package not in ("", spec.module):
        raise SpecError(f"{name}.game", f"{spec.game.__name__}.package is {spec.game.package!r}, not the spec's "
                        f"module {spec.module!r}")
    for key in ("new_game", "from_scenario", "from_json", "component_data"):
        if not callable(getattr(spec, key)):
            raise SpecError(f"{name}.{key}", "must be a function")
    if not isinstance(spec.bench_configs, tuple) or not spec.bench_configs or not all(
            isinstance(c, Mapping) for c in spec.bench_configs):
        raise SpecError(f"{name}.bench_configs", "must list at least one dict of new_game options")


def _options(spec: GameSpec) -> None:
    name = spec.name
    if not isinstance(spec.options, tuple) or not all(isinstance(o, Option) for o in spec.options):
        raise SpecError(f"{name}.options", "must list core.spec.Option records")
    seen = set()
    for o in spec.options:
        where = f"{name}.options.{o.name}"
        if not isinstance(o.name, str) or not o.name.isidentifier() or o.name in seen or o.name == "players":
            raise SpecError(f"{name}.options", f"{o.name!r} is not a new keyword name")
        seen.add(o.name)
        if not isinstance(o.values, tuple) or not o.values:
            raise SpecError(f"{where}.values", "must be a non-empty tuple")
        if not o.allows(o.default):
            raise SpecError(f"{where}.default", f"{o.default!r} is not one of its values")
        for key in ("ruling", "sentence"):
            _text(f"{where}.{key}", getattr(o, key))


def _hook(spec: GameSpec, key: str, optional: bool) -> None:
    where = f"{spec.name}.{key}"
    ref = spec.declared(key)
    if ref is None:
        if optional:
            return
        raise SpecError(where, "is needed: a function, or 'module:function'")
    if callable(ref):
        return
    if not isinstance(ref, str) or not HOOK.match(ref):
        raise SpecError(where, f"must be a function or 'module:function' ('.render:scene'), not {ref!r}")
    _module(where, absolute(ref.partition(":")[0], spec.module))


def _bots(spec: GameSpec) -> None:
    name, bots = spec.name, spec.bots
    if not isinstance(bots, Bots):
        raise SpecError(f"{name}.bots", "must be a core.spec.Bots")
    search = dict(bots.search)
    if not set(SEARCH_KEYS) <= set(search) <= set(SEARCH_KEYS + MORE_SEARCH_KEYS):
        raise SpecError(f"{name}.bots.search", f"must give exactly {', '.join(SEARCH_KEYS)} (and may give "
                                               f"{', '.join(MORE_SEARCH_KEYS)}), not {sorted(search)}")
    if not isinstance(search.get("paired", False), bool):
        raise SpecError(f"{name}.bots.search.paired", f"must be True or False, not {search['paired']!r}")
    for key in ("iterations", "depth", "width"):
        value = search[key]
        if not (value is None and key != "iterations") and (isinstance(value, bool) or not isinstance(value, int)
                                                             or value < 1):
            raise SpecError(f"{name}.bots.search.{key}", f"must be a whole number of 1 or more, not {value!r}")
    if search["rollout"] not in ("random", "greedy"):
        raise SpecError(f"{name}.bots.search.rollout", f"must be 'random' or 'greedy', not {search['rollout']!r}")
    own = dict(bots.own)
    for bot, cls in own.items():
        if not isinstance(bot, str) or not callable(cls):
            raise SpecError(f"{name}.bots.own.{bot}", "must name a bot class")
    if bots.greedy != "greedy" and bots.greedy not in own:
        raise SpecError(f"{name}.bots.greedy", f"{bots.greedy!r} is neither 'greedy' nor one of its own bots")
    strength = tuple(bots.strength)
    if (not strength or strength[-1] != "greedy" or len(set(strength)) != len(strength)
            or not set(strength) <= {"mcts", "lookahead", "greedy"}):
        raise SpecError(f"{name}.bots.strength", f"must list 'mcts', 'lookahead' and 'greedy', each at most once, "
                                                 f"ending with 'greedy', not {bots.strength!r}")
    for bot in [bots.greedy if kind == "greedy" else kind for kind in strength]:
        cost = bots.decision_cost.get(bot)
        if isinstance(cost, bool) or not isinstance(cost, (int, float)) or not cost > 0:
            raise SpecError(f"{name}.bots.decision_cost.{bot}", f"must be a positive number of seconds, not {cost!r}")


def _lab(spec: GameSpec) -> None:
    from .rules_index import RULES

    name, lab = spec.name, spec.lab
    if not isinstance(lab, Lab):
        raise SpecError(f"{name}.lab", "must be a core.spec.Lab")
    if not isinstance(lab.turn_rules, frozenset) or not lab.turn_rules:
        raise SpecError(f"{name}.lab.turn_rules", "must be a non-empty frozenset of rule ids")
    for rule in sorted(lab.turn_rules):
        if rule not in RULES:
            raise SpecError(f"{name}.lab.turn_rules", f"{rule!r} is not a rule id")
    if not isinstance(lab.bool_columns, tuple) or not all(isinstance(c, str) for c in lab.bool_columns):
        raise SpecError(f"{name}.lab.bool_columns", "must be a tuple of column names")


def _teaching(spec: GameSpec) -> None:
    name, teaching = spec.name, spec.teaching
    if not isinstance(teaching, Teaching):
        raise SpecError(f"{name}.teaching", "must be a core.spec.Teaching")
    for key in ("lessons", "puzzles"):
        module = getattr(teaching, key)
        if module is not None:
            _module(f"{name}.teaching.{key}", absolute(module, spec.module))
    for key in ("glossary", "lesson_notebooks", "classroom"):
        value = getattr(teaching, key)
        if value is not None:
            _text(f"{name}.teaching.{key}", value)
    if teaching.glossary is not None:
        origin = importlib.util.find_spec(spec.module).origin
        if not Path(origin).with_name(teaching.glossary).is_file():
            raise SpecError(f"{name}.teaching.glossary", f"there is no {teaching.glossary} beside {spec.module}")


def field_names() -> Tuple[str, ...]:
    """Every field of a spec, sub-records' fields as ``bots.search`` (for the docs and tests)."""
    out = []
    for f in fields(GameSpec):
        kind = {"bots": Bots, "lab": Lab, "teaching": Teaching}.get(f.name)
        out += [f"{f.name}.{g.name}" for g in fields(kind)] if kind else [f.name]
    return tuple(out)
