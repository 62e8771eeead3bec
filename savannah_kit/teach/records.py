"""Lessons as data: a game's exercises read from a JSON file of records.

A record is one exercise as a teacher writes it: the position (the game's own scenario
data), the question, the form of the answer, two hints, the named mistakes and the rules
it checks. Whatever must be worked out on the position (the answer, a misreading's answer,
a picture, a number in the explanation) is a small named function of the game's lesson
module, called by name with the record's arguments: ``"solve": {"fn": "legal_cells"}``.

``LessonBook.load(file)`` reads a file and checks every record before it is used: unknown
fields, unknown function names, arguments a function does not take, placeholders no function
fills, answers the answer form cannot read, and positions the engine refuses. A mistake
raises ``RecordError`` naming the file and the field, e.g.
``forest/lessons.json: exercises[12].position.scenario.forests[0]: ...``.

The format, with an example to copy, is in the README ("Writing an exercise").
"""

from __future__ import annotations

import copy
import difflib
import inspect
import json
import string
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from ..core.errors import FieldError, IllegalMove
from . import answers
from .answers import Answer, AnswerError
from .exercise import Exercise, Mistake

__all__ = ["RecordError", "LessonBook", "Call"]

REQUIRED = ("id", "title", "question", "rules", "position", "answer", "solve", "hints", "explain", "picture",
            "mistakes")
OPTIONAL = ("facts", "solution_picture", "click", "spoilers", "kit_ruling", "notes", "why")
POSITION_FIELDS = ("scenario", "new_game", "seed", "options", "then")
#: placeholders every explanation and spoiler may use besides its facts
BUILT_IN = ("answer", "rules")


class RecordError(FieldError):
    """A lesson record the kit cannot use: names the file, the field and what is wrong."""

    def __init__(self, file: str, field: str, reason: str):
        self.file = file
        FieldError.__init__(self, field, reason)
        self.args = (f"{file}: {field}: {reason}",)

    def __str__(self) -> str:
        return self.args[0]


# -- calls: a named function with the record's arguments ----------------------------------------------------

@dataclass(frozen=True)
class Call:
    """A named function of the game's lessons and the arguments a record gives it. Called with
    the position (and, for a click, the hit id); a function with a parameter ``answer`` also
    gets the engine's answer. An error inside it is reported with the record's field."""

    file: str
    field: str
    name: str
    fn: Callable[..., Any]
    args: Mapping[str, Any]
    answer_of: Optional["Call"] = None   # the record's solve, for a function that asks for the answer

    def __call__(self, game, *extra):
        kwargs = dict(self.args)
        try:
            if self.answer_of is not None:
                kwargs["answer"] = self.answer_of(game)
            return self.fn(game, *extra, **kwargs)
        except (RecordError, AnswerError):
            raise
        except Exception as exc:
            raise RecordError(self.file, self.field, f"{self.name}: {type(exc).__name__}: {exc}") from exc


@dataclass(frozen=True)
class Template:
    """Words with ``{placeholders}``: each is one of the record's facts, ``answer`` (the answer in
    words), ``rules`` (the record's rule ids) or a named function of the position alone.
    ``{name:answer}`` writes a value the way the exercise writes its answers."""

    text: str
    values: Mapping[str, Callable[[Any], Any]]
    form: Answer

    def __call__(self, game) -> str:
        return self.text.format_map({name: _Shown(value(game), self.form) for name, value in self.values.items()})


@dataclass(frozen=True)
class _Shown:
    """A value as a placeholder writes it: as it is, or (``:answer``) in the answer's words."""

    value: Any
    form: Answer

    def __format__(self, spec: str) -> str:
        return self.form.show(self.value) if spec == "answer" else format(self.value, spec)


def _placeholders(text: str) -> List[Tuple[str, str]]:
    """(name, format spec) of each placeholder."""
    return [(name, spec or "") for _literal, name, spec, _conv in string.Formatter().parse(text) if name is not None]


class _Reader:
    """Reads one file's records, keeping the file's name for every error."""

    def __init__(self, book: "LessonBook", file: str):
        self.book = book
        self.file = file

    def error(self, field: str, reason: str) -> RecordError:
        return RecordError(self.file, field, reason)

    # -- plain fields ------------------------------------------------------------------------------------
    def text(self, record: dict, key: str, where: str) -> str:
        value = record.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.error(f"{where}.{key}", f"must be some words, not {value!r}")
        return value

    def fields(self, data: Any, where: str, required: Sequence[str], optional: Sequence[str]) -> dict:
        if not isinstance(data, dict):
            raise self.error(where, f"must be an object with the fields {', '.join(required)}")
        for key in data:
            if key not in required and key not in optional:
                raise self.error(f"{where}.{key}", f"unknown field; the fields are {', '.join((*required, *optional))}")
        for key in required:
            if key not in data:
                raise self.error(f"{where}.{key}", "missing")
        return data

    # -- named functions ---------------------------------------------------------------------------------
    def named(self, spec: Any, where: str) -> Tuple[str, Callable[..., Any], Dict[str, Any]]:
        """(name, function, arguments) of ``"name"`` or ``{"fn": "name", ...arguments}``."""
        if isinstance(spec, str):
            name, args = spec, {}
        elif isinstance(spec, dict) and isinstance(spec.get("fn"), str):
            name, args = spec["fn"], {k: v for k, v in spec.items() if k != "fn"}
        else:
            raise self.error(where, f"must name a function, as \"name\" or {{\"fn\": \"name\", ...}}, not {spec!r}")
        fn = self.book.functions.get(name)
        if fn is None:
            near = difflib.get_close_matches(name, list(self.book.functions), n=3)
            raise self.error(where, f"unknown function {name!r}" + (f"; did you mean {', '.join(near)}?" if near else "")
                             + f" (a record calls the functions marked @named in the {self.book.game} lesson modules)")
        return name, fn, args

    def call(self, spec: Any, where: str, *, hit: bool = False, answer: Optional[Call] = None,
             may_see_answer: bool = True) -> Call:
        """``"name"`` or ``{"fn": "name", ...arguments}``, checked against the function's parameters."""
        name, fn, args = self.named(spec, where)
        params = inspect.signature(fn).parameters
        wants_answer = "answer" in params
        if wants_answer and not may_see_answer:
            if params["answer"].default is inspect.Parameter.empty:
                raise self.error(where, f"{name} needs the answer, and this must not give the answer away")
            wants_answer = False
        if "answer" in args:
            raise self.error(f"{where}.answer", "the answer is the engine's: a function asks for it by having a "
                             "parameter 'answer'")
        given = ("game", "hit") if hit else ("game",)
        try:
            inspect.signature(fn).bind(*given, **args, **({"answer": None} if wants_answer else {}))
        except TypeError as exc:
            raise self.error(where, f"{name}: {exc}") from None
        return Call(self.file, where, name, fn, args, answer if wants_answer else None)

    def template(self, text: Any, where: str, *, facts: Dict[str, Call], solve: Call, form: Answer,
                 rules: Tuple[str, ...]) -> Template:
        if not isinstance(text, str) or not text.strip():
            raise self.error(where, f"must be some words, not {text!r}")
        values: Dict[str, Callable[[Any], Any]] = {}
        try:
            found = _placeholders(text)
        except ValueError as exc:
            raise self.error(where, f"{exc} (write {{{{ and }}}} for a brace)") from None
        for name, spec in found:
            if not name.isidentifier():
                raise self.error(where, f"{{{name}}} is not a name; a placeholder is a fact's or a function's name")
            if spec not in ("", "answer"):
                raise self.error(where, f"{{{name}:{spec}}}: the only way to write a value is {{{name}:answer}}")
            if name in facts:
                values[name] = facts[name]
            elif name == "answer":
                values[name] = lambda game: form.show(solve(game))
            elif name == "rules":
                values[name] = lambda game: ", ".join(rules)
            elif name in self.book.functions:
                values[name] = self.call(name, f"{where}{{{name}}}", answer=solve)
            else:
                raise self.error(where, f"no fact or function {name!r} for {{{name}}}; this record's facts are "
                                 f"{', '.join(facts) or 'none'}, and {', '.join(BUILT_IN)} are always there")
        return Template(text, values, form)

    # -- the answer form -----------------------------------------------------------------------------------
    def answer_form(self, spec: Any, where: str, position: Callable[[], Any]) -> Answer:
        """A named answer form, or one a function makes from the record's arguments (and, if it has a
        parameter ``game``, from the position: the cards in sight, say)."""
        if isinstance(spec, str) and isinstance(self.book.answers.get(spec), Answer):
            return self.book.answers[spec]
        make = self.book.answers.get(spec.get("fn")) if isinstance(spec, dict) else None
        if callable(make):
            args = {k: v for k, v in spec.items() if k != "fn"}
            if "game" in inspect.signature(make).parameters:
                args["game"] = position()
            try:
                return make(**args)
            except TypeError as exc:
                raise self.error(where, f"{spec['fn']}: {exc}") from None
        kinds = ", ".join(f'"{k}"' if isinstance(v, Answer) else f'{{"fn": "{k}", ...}}'
                          for k, v in sorted(self.book.answers.items()))
        raise self.error(where, f"unknown answer form {spec!r}; the {self.book.game} lessons have {kinds}")

    # -- positions -------------------------------------------------------------------------------------------
    def position(self, data: Any, where: str) -> Callable[[], Any]:
        self.fields(data, where, (), POSITION_FIELDS)
        if ("scenario" in data) == ("new_game" in data):
            raise self.error(where, "give either a scenario or new_game (the arguments of new_game)")
        if "new_game" in data:
            for key in ("seed", "options"):
                if key in data:
                    raise self.error(f"{where}.{key}", "goes inside new_game")
            if not isinstance(data["new_game"], dict):
                raise self.error(f"{where}.new_game", "must be an object of new_game's arguments")
        moves = data.get("then", [])
        if not isinstance(moves, list):
            raise self.error(f"{where}.then", "must be a list of moves, as save files write them")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise self.error(f"{where}.options", "must be an object of the game's options")
        made = {key: self.made_option(value, f"{where}.options.{key}")
                for key, value in options.items() if isinstance(value, dict) and "fn" in value}
        build = _Position(self.book, {**data, "options": {k: v for k, v in options.items() if k not in made}}
                          if "options" in data else data, made)
        try:
            build.check()
        except _PositionError as exc:
            raise self.error(f"{where}.{exc.field}", exc.reason) from None
        return build

    def made_option(self, spec: dict, where: str) -> Tuple[Callable[..., Any], Dict[str, Any]]:
        """An option made by a named function from its arguments (no position: the game is not made yet)."""
        name, fn, args = self.named(spec, where)
        try:
            inspect.signature(fn).bind(**args)
        except TypeError as exc:
            raise self.error(where, f"{name}: {exc}") from None
        return fn, args

    # -- one record -------------------------------------------------------------------------------------------
    def record(self, data: Any, where: str) -> Exercise:
        rec = self.fields(data, where, REQUIRED, OPTIONAL)
        rules = self.rule_ids(rec, where)
        position = self.position(rec["position"], f"{where}.position")
        form = self.answer_form(rec["answer"], f"{where}.answer", position)
        solve = self.call(rec["solve"], f"{where}.solve", may_see_answer=False)
        facts = {name: self.call(spec, f"{where}.facts.{name}", answer=solve)
                 for name, spec in self.listed(rec, "facts", where, dict, "an object: a name for each fact").items()}
        words = partial(self.template, facts=facts, solve=solve, form=form, rules=rules)
        spoilers = None
        if "spoilers" in rec:
            spoilers = _Spoilers(tuple(self.spoiler(s, f"{where}.spoilers[{i}]", words, solve) for i, s in enumerate(
                self.listed(rec, "spoilers", where, list, "a list of what the starting picture must not show"))))
        try:
            return Exercise(
                id=self.identity(rec, where), title=self.text(rec, "title", where),
                question=self.text(rec, "question", where), rules=rules, build=position, solve=solve, answer=form,
                hints=self.two_hints(rec, where), explain=words(rec["explain"], f"{where}.explain"),
                picture=self.call(rec["picture"], f"{where}.picture", may_see_answer=False),
                solution_picture=self.maybe_call(rec, "solution_picture", where, answer=solve),
                click=self.maybe_call(rec, "click", where, hit=True, answer=solve),
                why=self.maybe_call(rec, "why", where, hit=True, answer=solve),
                mistakes=tuple(self.mistake(m, f"{where}.mistakes[{i}]", form, solve) for i, m in
                               enumerate(self.listed(rec, "mistakes", where, list, "a list of named mistakes"))),
                spoilers=spoilers, kit_ruling=self.flag(rec, "kit_ruling", where), notes=self.teacher_notes(rec, where))
        except RecordError:
            raise
        except ValueError as exc:  # an unknown rule id
            raise self.error(f"{where}.rules", str(exc)) from None

    def identity(self, rec: dict, where: str) -> str:
        ex_id = self.text(rec, "id", where)
        if not ex_id.startswith(self.book.game + "."):
            raise self.error(f"{where}.id", f"must start with {self.book.game + '.'!r}")
        return ex_id

    def rule_ids(self, rec: dict, where: str) -> Tuple[str, ...]:
        rules = rec["rules"]
        if not isinstance(rules, list) or not rules or not all(isinstance(r, str) for r in rules):
            raise self.error(f"{where}.rules", "must be a non-empty list of rule ids")
        if any(not r.startswith(self.book.game + ".") for r in rules):
            raise self.error(f"{where}.rules", f"must be rules of {self.book.game}, starting {self.book.game + '.'!r}")
        return tuple(rules)

    def two_hints(self, rec: dict, where: str) -> Tuple[str, str]:
        hints = rec["hints"]
        if not isinstance(hints, list) or len(hints) != 2 or not all(isinstance(h, str) and h.strip() for h in hints):
            raise self.error(f"{where}.hints", "must be two hints: a nudge, then a bigger one")
        return hints[0], hints[1]

    def listed(self, rec: dict, key: str, where: str, kind: type, what: str):
        """``rec[key]`` (empty when it is not there), which must be a ``kind``."""
        value = rec.get(key, kind())
        if not isinstance(value, kind):
            raise self.error(f"{where}.{key}", f"must be {what}")
        return value

    def maybe_call(self, rec: dict, key: str, where: str, **how) -> Optional[Call]:
        return self.call(rec[key], f"{where}.{key}", **how) if key in rec else None

    def flag(self, rec: dict, key: str, where: str) -> bool:
        if not isinstance(rec.get(key, False), bool):
            raise self.error(f"{where}.{key}", "must be true or false")
        return rec.get(key, False)

    def teacher_notes(self, rec: dict, where: str) -> Dict[str, str]:
        notes = self.listed(rec, "notes", where, dict, "an object of notes for the teacher")
        if not all(isinstance(v, str) for v in notes.values()):
            raise self.error(f"{where}.notes", "must be an object of notes for the teacher (words)")
        return dict(notes)

    def spoiler(self, spec: Any, where: str, words, solve: Call):
        if isinstance(spec, str):
            return words(spec, where)
        return self.call(spec, where, answer=solve)

    def mistake(self, data: Any, where: str, form: Answer, solve: Call) -> Mistake:
        m = self.fields(data, where, ("name", "answer", "says"), ("rule",))
        rule = m.get("rule")
        if rule is not None and not isinstance(rule, str):
            raise self.error(f"{where}.rule", "must be a rule id")
        return Mistake(self.text(m, "name", where), self.mistake_answer(m["answer"], f"{where}.answer", form, solve),
                       self.text(m, "says", where), rule)

    def mistake_answer(self, spec: Any, where: str, form: Answer, solve: Call) -> Callable[[Any], Any]:
        """A misreading's answer: ``{"value": typed}``, ``{"plus": n}``, ``{"with": typed}`` or a named function."""
        kind = next(iter(spec)) if isinstance(spec, dict) and len(spec) == 1 else None
        if kind == "plus":
            if form.kind != "number" or not isinstance(spec["plus"], int) or isinstance(spec["plus"], bool):
                raise self.error(f"{where}.plus", "adds a whole number to a number answer")
            return _Plus(solve, spec["plus"])
        if kind == "with" and (not form.many or form.ordered):
            raise self.error(f"{where}.with", "adds items to an answer that is a set of items")
        if kind not in ("value", "with"):
            return self.call(spec, where, answer=solve)
        try:
            typed = form.read(spec[kind])
        except AnswerError as exc:
            raise self.error(f"{where}.{kind}", str(exc)) from None
        return _Fixed(typed) if kind == "value" else _With(solve, typed)


@dataclass(frozen=True)
class _Fixed:
    """A misreading whose answer is the same on every position (written as the learner would)."""

    value: Any

    def __call__(self, _game) -> Any:
        return self.value


@dataclass(frozen=True)
class _Plus:
    """A misreading that is off by a fixed number from the engine's answer."""

    solve: Call
    plus: int

    def __call__(self, game) -> Any:
        return self.solve(game) + self.plus


@dataclass(frozen=True)
class _With:
    """A misreading that counts some more items with the engine's answer."""

    solve: Call
    items: Any

    def __call__(self, game) -> Any:
        return self.solve(game) | self.items


@dataclass(frozen=True)
class _Spoilers:
    """The words a starting picture must not show: each template, or each item a function gives."""

    parts: Tuple[Callable[[Any], Any], ...]

    def __call__(self, game) -> List[str]:
        out: List[str] = []
        for part in self.parts:
            got = part(game)
            out += [got] if isinstance(got, str) else list(got)
        return out


class _PositionError(Exception):
    def __init__(self, field: str, reason: str):
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


class _Position:
    """Builds a record's position afresh on every call: the scenario (or a new game), then the
    moves of ``then`` in their save-file form. An option written ``{"fn": name, ...}`` is made by
    that named function from its arguments (a tile catalogue with one more feature, say)."""

    def __init__(self, book: "LessonBook", data: dict, made: Mapping[str, Tuple[Callable[..., Any], dict]]):
        self.book = book
        self.data = copy.deepcopy(data)
        self.made = made

    def _start(self):
        data = copy.deepcopy(self.data)
        if "new_game" in data:
            return self.book.new_game(**data["new_game"])
        options = {**data.get("options", {}), **{key: fn(**args) for key, (fn, args) in self.made.items()}}
        return self.book.from_scenario(data["scenario"], seed=data.get("seed", 0), **options)

    def __call__(self):
        game = self._start()
        for move in copy.deepcopy(self.data.get("then", [])):
            game.play(game.move_from_data(move))
        return game

    def _field(self, field: str) -> str:
        """The field of the position an engine error is about: ``scenario.forests[0]`` stays as it is,
        a game option's ``options.tiles`` is under ``options`` (or ``new_game``)."""
        top = "new_game" if "new_game" in self.data else "scenario"
        head, _, rest = field.partition(".")
        if head == "scenario":
            return field
        if head == "options":
            return ("new_game" if top == "new_game" else "options") + (f".{rest}" if rest else "")
        return f"{top}.{field}" if field else top

    def check(self) -> None:
        """Build once, turning the engine's refusals into the field they are about."""
        try:
            game = self._start()
        except FieldError as exc:
            raise _PositionError(self._field(exc.field), exc.reason) from None
        except TypeError as exc:
            raise _PositionError("new_game" if "new_game" in self.data else "options", str(exc)) from None
        for i, move in enumerate(copy.deepcopy(self.data.get("then", []))):
            try:
                game.play(game.move_from_data(move))
            except IllegalMove as exc:
                raise _PositionError(f"then[{i}]", str(exc)) from None
            except FieldError as exc:
                raise _PositionError(f"then[{i}]" + (f".{exc.field}" if exc.field else ""), exc.reason) from None


# -- a game's book of lessons ------------------------------------------------------------------------------------

class LessonBook:
    """One game's lesson records and the named functions they may call.

    The lesson module makes one, marks its functions with ``@book.named`` and loads its files:
    ``EXERCISES = book.load("lessons.json")``. ``answers`` are the answer forms a record may name
    (an ``Answer``, or a function making one from the record's arguments); ``number`` is always there.
    """

    def __init__(self, game: str, *, new_game: Callable[..., Any], from_scenario: Callable[..., Any],
                 answers_forms: Optional[Mapping[str, Any]] = None):
        self.game = game
        self.new_game = new_game
        self.from_scenario = from_scenario
        self.functions: Dict[str, Callable[..., Any]] = {}
        self.answers: Dict[str, Any] = {"number": answers.number, **(answers_forms or {})}

    def named(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Let records call ``fn`` by its name."""
        if fn.__name__ in self.functions and self.functions[fn.__name__] is not fn:
            raise ValueError(f"two lesson functions are called {fn.__name__!r}")
        self.functions[fn.__name__] = fn
        return fn

    def load(self, path: Any, section: str = "exercises") -> Tuple[Exercise, ...]:
        """The exercises of one file (its ``section`` list), every record checked."""
        path = Path(path)
        file = f"{path.parent.name}/{path.name}"
        reader = _Reader(self, file)
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError) as exc:
            raise RecordError(file, "", f"cannot read it: {exc}") from None
        if not isinstance(data, dict) or not isinstance(data.get(section), list):
            raise RecordError(file, section, "the file must be an object with a list of records here")
        out: List[Exercise] = []
        seen: Dict[str, int] = {}
        for i, rec in enumerate(data[section]):
            ex = reader.record(rec, f"{section}[{i}]")
            if ex.id in seen:
                raise RecordError(file, f"{section}[{i}].id", f"{ex.id!r} is already the id of {section}[{seen[ex.id]}]")
            seen[ex.id] = i
            out.append(ex)
        return tuple(out)
