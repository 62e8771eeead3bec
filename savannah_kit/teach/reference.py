"""A game's rule reference: every rule with a picture, the lessons that teach it and its exercises.

``reference_notebook(game, notebooks)`` builds the reference as a notebook (a plain dict in
the ``.ipynb`` format), from what is true when it runs: the rule index (``rules_for``), the
game's exercises (``teach.exercise.exercises``), the lesson notebooks on disk (their
``rule:`` and ``exercise:`` cell tags) and the game's glossary file. The script
``scripts/build_teaching_notebooks.py`` writes it; its code cells call ``rule_picture``, so
the pictures are drawn by the engine each time the notebook runs.

A rule's picture shows the rule happening: a move played by the engine before and after, a
move the engine refuses with its reason, or a position with what matters labelled. The game's
module ``<game>.rule_pictures`` builds each from its own hand-built positions, never an
exercise's (the reference must not give lesson answers away). Rules that rest on a kit ruling
carry the kit-ruling badge (``badge``), and the notebook's "Kit rulings" section (anchor
``kit-rulings``) explains every ruling in learner words (``teach.rulings``).

The notebook helpers here (``markdown``, ``code``, ``notebook``, ``cells_of``) are shared with
``teach.answer_key``.
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..core import registry
from ..core.errors import DataError, KitError
from ..core.rules_index import Rule, rule, rules_for
from ..core.scene import Scene
from ..core.words import and_list
from .checklist import notebooks as lesson_entries
from .exercise import Exercise, exercises
from .rulings import label, labels_explained, rulings

__all__ = ["first_citing", "Picture", "GlossaryTerm", "Lesson", "ruling", "badge", "rulebook_sections", "teacher_module",
           "load_glossary", "check_glossary", "rule_picture", "picture_source", "lessons", "lesson_cells",
           "reference_notebook", "markdown", "code", "notebook", "cells_of", "RULING_NOTE", "Shown", "panels",
           "rule_pictures_module", "shown", "position_key", "ruling_labels", "rulings_text", "options_text", "ANCHOR"]

RULING_NOTE = ("**⚖ Kit ruling.** The rulebook leaves a few points open, or lets them be read in more than one "
               "way. The kit had to settle them to play the game: every rule that rests on such a ruling carries "
               "this mark and the ruling's label, and the section [Kit rulings](#kit-rulings) at the end explains "
               "each one, saying what the rulebook says and what the kit does. A group may agree to play such a "
               "point differently.")
ANCHOR = '<a id="kit-rulings"></a>'


# -- pictures -------------------------------------------------------------------------------------------

class Picture:
    """A scene shown in a notebook: SVG, with a PNG for untrusted and static views, and a
    caption as its text form. ``svg=False`` keeps only the PNG (a picture whose drawing order
    may vary from run to run, which stored SVG outputs would flag as a change)."""

    def __init__(self, scene: Scene, caption: str, svg: bool = True):
        self.scene = scene
        self.caption = caption
        self.svg = svg

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        from ..core.png import to_png
        from ..core.svg import to_svg

        data = {"text/plain": self.caption}
        png = to_png(self.scene)
        if png is not None:
            data["image/png"] = base64.b64encode(png).decode("ascii")
        if self.svg or png is None:  # without Pillow the SVG is the only picture
            data["image/svg+xml"] = to_svg(self.scene)
        return data

    def __repr__(self) -> str:
        return self.caption


# -- a rule shown happening ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Shown:
    """A rule's reference picture: the scene, its caption, and the rule ids the engine cited for
    what the picture shows (the events of the move drawn, or the refusal of the move tried); empty
    for a picture of a position, where no move happens (set-up, the race order, the scoring)."""

    scene: Scene
    caption: str
    cites: Tuple[str, ...] = ()
    positions: Tuple[str, ...] = ()   # the positions drawn, as ``position_key`` writes them


def position_key(game) -> str:
    """A position as comparable text (its scenario data), to tell it from an exercise's start."""
    try:
        return json.dumps(game.to_scenario(), sort_keys=True, default=str)
    except KitError:  # a finished game has no position to play from: its save file stands for it
        return game.to_json()


def _plain(scene: Scene) -> List[Any]:
    """The shapes of ``scene`` without hit ids: a reference picture is looked at, not clicked."""
    from dataclasses import replace as _replace
    return [_replace(s, hit=None) if s.hit is not None else s for s in scene.shapes]


def _wide_enough(scene: Scene, width: float) -> Scene:
    """``scene`` on a background at least ``width`` wide, so that a heading above it fits."""
    if scene.width >= width:
        return scene
    out = Scene(width, scene.height, background=scene.background, title=scene.title)
    return out.extend(scene)


def panels(parts: Sequence[Tuple[str, Scene]], title: str = "", wide: float = 1500.0) -> Scene:
    """Pictures side by side (one under the other when that would be wider than ``wide``), each
    under a heading such as "Before: ..." / "After: ...": how a reference picture shows a rule
    happening."""
    from ..core.scene import text as _text

    gap = 20.0
    head = 34.0 if any(heading for heading, _ in parts) else 0.0
    parts = [(heading, _wide_enough(part, 10.5 * len(heading) + 8)) for heading, part in parts]
    across = sum(p.width for _, p in parts) + gap * (len(parts) + 1) <= wide
    if across:
        width = sum(p.width for _, p in parts) + gap * (len(parts) + 1)
        height = head + max(p.height for _, p in parts) + gap
    else:
        width = max(p.width for _, p in parts) + 2 * gap
        height = sum(head + p.height for _, p in parts) + gap * (len(parts) + 1)
    out = Scene(width, height, background=parts[0][1].background or "#ffffff", title=title)
    x = y = gap
    ink = "#1f1f1f"
    for heading, part in parts:
        if heading:
            out.add(_text(x + 2, y + head / 2 - 4, heading, size=18, bold=True, anchor="start", fill=ink))
        out.shapes.extend(s.moved(x, y + head) for s in _plain(part))
        if across:
            x += part.width + gap
        else:
            y += head + part.height + gap
    return out


def first_citing(game, cite: str, wanted=lambda move: True) -> Tuple[Any, Any, list, list]:
    """The first legal move (among those ``wanted``) whose events cite the rule ``cite``: (move, the
    game after it, its events, the events that cite it). LookupError when none does."""
    for move in game.legal_moves():
        if not wanted(move):
            continue
        after = game.copy()
        events = after.play(move)
        told = [e for e in events if e.rule == cite]
        if told:
            return move, after, events, told
    raise LookupError(f"no legal move cites {cite}")


def rule_pictures_module(game: str):
    """The game's module of rule pictures (its spec's ``teaching.rule_pictures``), or None."""
    return registry.game(game).teaching_module("rule_pictures")


# -- rulings --------------------------------------------------------------------------------------------

def ruling_labels(r: Rule) -> List[str]:
    """The labels of the kit rulings a rule rests on ("K8", "A6"), in the order its section cites them."""
    return list(r.rulings)


def ruling(r: Rule) -> Optional[str]:
    """The first K or D ruling a rule rests on ("K13", "D1"), or None (the teacher pack's answer key
    marks these; the reference marks every ruling, ``ruling_labels``)."""
    labels = [code for code in ruling_labels(r) if code[0] in "KD" and code != "K17"]
    return labels[0] if labels else None


def badge(code: str) -> str:
    """The mark of a kit ruling (one label, or several joined by ", "), the same wherever the kit
    shows one: it links to the reference's section that explains the ruling."""
    return f"⚖ **Kit ruling** ({code}): the kit's reading, explained under [Kit rulings](#kit-rulings):"


def rulebook_sections(r: Rule) -> List[str]:
    """The rulebook sections a rule comes from (its rulings and the kit's own notes left out)."""
    return [part.strip() for part in r.section.split(";")
            if part.strip() and not label(part) and "geometry model" not in part]


def rulings_text(game: str) -> str:
    """The "Kit rulings" section of the game's reference: every ruling its rules cite, explained."""
    cited: Dict[str, List[str]] = {}
    for r in rules_for(game):
        for code in ruling_labels(r):
            cited.setdefault(code, []).append(r.id)
    known = rulings(game)
    missing = sorted(set(cited) - set(known))
    if missing:
        raise LookupError(f"{game}: the rulings {', '.join(missing)} have no explanation in teach.rulings")
    lines = [ANCHOR, "## Kit rulings", "",
             "These are the points where the kit had to choose: the rulebook leaves them open, or lets them be "
             "read in more than one way. For each, what the rulebook says or leaves open, and what the kit "
             "does. The boards and the exercises follow these rulings; a group playing with the real box may "
             "agree to play any of them differently.", "", labels_explained(game), ""]
    for code in sorted(cited, key=lambda c: (c[0] != "K", c[0], int(c[1:]))):
        title, text = known[code]
        rules = ", ".join(f"`{rid}`" for rid in cited[code])
        lines.append(f"- **{code} · {title}.** {text} *Rules:* {rules}")
    return "\n".join(lines)


def options_text(game: str) -> str:
    """The "Rulings you can change" section: each option of the game's spec as a table row."""
    spec = registry.game(game)
    lines = ['<a id="rulings-you-can-change"></a>', "## Rulings you can change", "",
             "Some of these rulings are options: a game started with "
             f"`savannah_kit.{game}.new_game(players=2, option=value)` plays the other reading, and its save file "
             f"keeps the choice. `savannah-kit rules variants {game}` lists them too, and `lab.compare` plays "
             "them side by side on the same seeds.", "",
             "| option | values | default | ruling | what it changes |", "|---|---|---|---|---|"]
    for o in spec.options:
        values, sentence = (text.replace("|", "\\|") for text in (o.shown(), o.sentence))
        lines.append(f"| `{o.name}` | {values} | `{o.default!r}` | {o.ruling} | {sentence} |")
    return "\n".join(lines)


# -- the game's teacher-pack module and glossary -----------------------------------------------------------

def teacher_module(game: str):
    """The game's teacher-pack module (its spec's ``teaching.puzzles``: puzzles, topics, rule
    scenes), or None if the game has none."""
    return registry.game(game).teaching_module("puzzles")


@dataclass(frozen=True)
class GlossaryTerm:
    term: str
    meaning: str
    rules: Tuple[str, ...]


def check_glossary(data: Any, game: str) -> List[GlossaryTerm]:
    """The terms of glossary ``data``, checked: every term and meaning non-empty, no term twice,
    every rule id one of the game's. A mistake is a ``DataError`` naming the field."""
    if not isinstance(data, dict) or not isinstance(data.get("terms"), list) or not data["terms"]:
        raise DataError("glossary", "must be an object with a non-empty list 'terms'")
    if data.get("game") != game:
        raise DataError("glossary.game", f"must be {game!r}, not {data.get('game')!r}")
    known = {r.id for r in rules_for(game)}
    out: List[GlossaryTerm] = []
    seen = set()
    for i, row in enumerate(data["terms"]):
        where = f"glossary.terms[{i}]"
        if not isinstance(row, dict) or set(row) != {"term", "meaning", "rules"}:
            raise DataError(where, "must be an object with exactly 'term', 'meaning' and 'rules'")
        for key in ("term", "meaning"):
            if not isinstance(row[key], str) or not row[key].strip():
                raise DataError(f"{where}.{key}", "must be a non-empty text")
        if row["term"].lower() in seen:
            raise DataError(f"{where}.term", f"{row['term']!r} appears twice")
        seen.add(row["term"].lower())
        if not isinstance(row["rules"], list) or not row["rules"]:
            raise DataError(f"{where}.rules", "must list at least one rule id")
        for k, rid in enumerate(row["rules"]):
            if rid not in known:
                raise DataError(f"{where}.rules[{k}]", f"{rid!r} is not a rule of {game}")
        out.append(GlossaryTerm(row["term"].strip(), row["meaning"].strip(), tuple(row["rules"])))
    return out


def load_glossary(game: str) -> List[GlossaryTerm]:
    """The game's glossary (its spec's ``teaching.glossary``, beside its modules), checked; [] if it
    has none."""
    spec = registry.game(game)
    if spec.teaching.glossary is None:
        return []
    path = Path(spec.load().__file__).with_name(spec.teaching.glossary)
    try:
        data = json.loads(path.read_text("utf-8"))
    except ValueError as exc:
        raise DataError("glossary", f"{path.name} is not valid JSON: {exc}") from None
    return check_glossary(data, game)


# -- where a rule is taught and checked ---------------------------------------------------------------------

@dataclass(frozen=True)
class Lesson:
    path: str                      # relative to the notebooks folder: "forest/03_placing_cards.ipynb"
    title: str                     # "Savernake Forest 2: placing cards"
    name: str                      # "Placing cards"
    exercises: Tuple[str, ...]     # ids of the exercises its cells hold, in order


def _short(title: str) -> str:
    name = title.split(":", 1)[1].strip() if ":" in title else title
    return name[:1].upper() + name[1:]


def lessons(notebooks: Path, game: str) -> List[Lesson]:
    """The game's numbered lesson notebooks as they are on disk, in order."""
    return [Lesson(e.path, e.title, _short(e.title), e.exercises) for e in lesson_entries(Path(notebooks), game)]


def lesson_cells(notebooks: Path, game: str) -> Dict[str, List[Tuple[Lesson, int]]]:
    """Rule id -> the lesson cells tagged ``rule:<id>``: (lesson, cell number counted from 1)."""
    out: Dict[str, List[Tuple[Lesson, int]]] = {}
    for lesson in lessons(notebooks, game):
        nb = json.loads((Path(notebooks) / lesson.path).read_text("utf-8"))
        for i, cell in enumerate(nb.get("cells", [])):
            for tag in cell.get("metadata", {}).get("tags", []):
                if tag.startswith("rule:"):
                    out.setdefault(tag[5:], []).append((lesson, i + 1))
    return out


def checked_by(rule_id: str, found: Optional[Dict[str, Exercise]] = None) -> List[Exercise]:
    """The exercises (of the catalogue) that check ``rule_id``, in teaching order."""
    found = exercises(rule(rule_id).game) if found is None else found
    return [ex for ex in found.values() if rule_id in ex.rules]


def shown(rule_id: str) -> Shown:
    """The rule drawn happening by its game's ``rule_pictures`` module (see the module docstring)."""
    module = rule_pictures_module(rule(rule_id).game)
    if module is None or rule_id not in module.PICTURES:
        raise LookupError(f"no rule picture for {rule_id}: add it to its game's rule_pictures module")
    return module.show(rule_id)


def picture_source(rule_id: str) -> Tuple[Optional[Exercise], str]:
    """Where ``rule_id``'s picture comes from: (None, its caption). No picture is an exercise's
    position any more; the first item stays for the callers that read it."""
    return None, shown(rule_id).caption


def rule_picture(rule_id: str) -> Picture:
    """The picture of a rule, drawn now by the engine (see the module docstring)."""
    found = shown(rule_id)
    return Picture(found.scene, found.caption, svg=False)  # PNG only: before-and-after SVGs weigh megabytes


# -- notebooks as data ------------------------------------------------------------------------------------

def _cell_id(key: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", key).strip("-")[:64] or "cell"


def markdown(key: str, source: str, tags: Sequence[str] = ()) -> dict:
    """A Markdown cell with a stable id (from ``key``)."""
    meta = {"tags": list(tags)} if tags else {}
    return {"cell_type": "markdown", "id": _cell_id(key), "metadata": meta, "source": source.strip("\n")}


def code(key: str, source: str, tags: Sequence[str] = ()) -> dict:
    """A code cell, never run (the notebooks are executed after they are written)."""
    meta = {"tags": list(tags)} if tags else {}
    return {"cell_type": "code", "execution_count": None, "id": _cell_id(key), "metadata": meta, "outputs": [],
            "source": source.strip("\n")}


def notebook(cells: Sequence[dict]) -> dict:
    ids = [c["id"] for c in cells]
    if len(ids) != len(set(ids)):
        raise ValueError(f"two cells share an id: {sorted(i for i in ids if ids.count(i) > 1)}")
    return {"cells": list(cells), "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}


def cells_of(nb: dict) -> List[Tuple[str, str, Tuple[str, ...]]]:
    """What a notebook says, outputs aside: (kind, source, tags) per cell."""
    out = []
    for c in nb.get("cells", []):
        src = c.get("source", "")
        out.append((c["cell_type"], "".join(src) if isinstance(src, list) else src,
                    tuple(c.get("metadata", {}).get("tags", []))))
    return out


def _link(from_folder: str, lesson: Lesson, text: str) -> str:
    up = "../" * len(Path(from_folder).parts)
    return f"[{text}]({up}{lesson.path})"


# -- the reference notebook ---------------------------------------------------------------------------------

def _topic(rule_id: str) -> str:
    return rule_id.split(".")[1]


def _rule_text(r: Rule, taught: List[Tuple[Lesson, int]], checks: List[Exercise],
               homes: Dict[str, Lesson], folder: str) -> str:
    lines = [f"### `{r.id}`", ""]
    if ruling_labels(r):
        lines += [badge(", ".join(ruling_labels(r))), ""]
    lines += [f"> {r.text}", ""]
    lines += [f"*Option `{o.name}`* ({o.shown()}): {o.sentence}" for o in r.options] + ([""] if r.options else [])
    sections = rulebook_sections(r)
    if sections:
        lines += [f"*From the rulebook's section{'s' if len(sections) > 1 else ''}:* {', '.join(sections)}", ""]
    if taught:
        cells: Dict[Lesson, List[str]] = {}
        for lesson, n in taught:
            cells.setdefault(lesson, []).append(str(n))
        links = [_link(folder, lesson, f"{lesson.name}, cell{'s' if len(ns) > 1 else ''} {and_list(ns)}")
                 for lesson, ns in cells.items()]
        lines.append("**Taught in:** " + " · ".join(links))
    else:
        lines.append("**Taught in:** no lesson yet.")
    lines.append("")
    if checks:
        lines.append("**Exercises:**")
        for ex in checks:
            home = homes.get(ex.id)
            where = f" — in {_link(folder, home, home.name)}" if home else " — not in a lesson yet"
            lines.append(f"- `{ex.id}` *{ex.title}*{where}")
    else:
        lines.append("**Exercises:** none yet.")
    return "\n".join(lines)


def _glossary_text(terms: List[GlossaryTerm]) -> str:
    rows = ["## Glossary", "", "The game's words, in the kit's own words, with the rules each one belongs to.", "",
            "| word | what it means | rules |", "|---|---|---|"]
    for t in terms:
        rules = ", ".join(f"`{rid}`" for rid in t.rules)
        rows.append(f"| **{t.term}** | {t.meaning.replace('|', '/')} | {rules} |")
    return "\n".join(rows)


def reference_notebook(game: str, notebooks: Path, folder: str = "reference") -> dict:
    """The rule reference of ``game`` as a notebook for ``notebooks/<folder>/`` (see the module
    docstring); ``notebooks`` is the folder holding the game's lesson notebooks."""
    notebooks = Path(notebooks)
    entry = registry.game(game)
    module = teacher_module(game)
    topics = list(module.TOPICS) if module else []
    order = [t for t, _ in topics] + sorted({_topic(r.id) for r in rules_for(game)} - {t for t, _ in topics})
    heading = dict(topics)
    found = exercises(game)
    taught = lesson_cells(notebooks, game)
    books = lessons(notebooks, game)
    homes = {ex_id: lesson for lesson in books for ex_id in lesson.exercises}
    by_topic: Dict[str, List[Rule]] = {}
    for r in rules_for(game):
        by_topic.setdefault(_topic(r.id), []).append(r)
    rulings = [r.id for r in rules_for(game) if ruling_labels(r)]
    intro = "\n".join([
        f"# {entry.title}: the rules, one by one", "",
        f"Every rule of {entry.title} that the kit knows, {len(rules_for(game))} in all, in the kit's own words "
        "and grouped by the part of the game it belongs to. Each rule comes with a picture, links to the lesson "
        "cells that teach it, and the exercises that check it. The rule's id (like "
        f"`{rules_for(game)[0].id}`) is the name the boards and the exercises' feedback use when they cite it.",
        "", RULING_NOTE, "",
        f"{len(rulings)} of the rules here rest on a kit ruling.", "",
        "**Parts of the game:** " + " · ".join(f"{heading.get(t, t.capitalize())} ({len(by_topic[t])})"
                                             for t in order if t in by_topic), "",
        "The pictures are drawn by the code cells (`rule_picture(rule_id=...)`) each time the notebook runs, "
        "so they always show what the game's engine does today. Cells in the lessons are counted from the top, "
        "the first cell being cell 1. At the end: the kit rulings explained, the rulings you can change as options, a glossary of the game's words, and "
        "links back to the lessons."])
    cells = [markdown("intro", intro),
             code("setup", "from savannah_kit.teach.reference import rule_picture")]
    for t in order:
        if t not in by_topic:
            continue
        cells.append(markdown(f"topic-{t}", f"## {heading.get(t, t.capitalize())}"))
        for r in by_topic[t]:
            text = _rule_text(r, taught.get(r.id, []), checked_by(r.id, found), homes, folder)
            _, caption = picture_source(r.id)
            cells.append(markdown(f"{r.id}-text", f"{text}\n\n**Picture:** {caption}"))
            cells.append(code(f"{r.id}-picture", f'rule_picture(rule_id="{r.id}")', tags=[f"rule:{r.id}"]))
    cells.append(markdown("kit-rulings", rulings_text(game)))
    cells.append(markdown("rulings-you-can-change", options_text(game)))
    terms = load_glossary(game)
    if terms:
        cells.append(markdown("glossary", _glossary_text(terms)))
    up = "../" * len(Path(folder).parts)
    back = ["## Back to the lessons", "",
            f"- [Start here]({up}00_start_here.ipynb): the checklist of every lesson and what you have solved"]
    back += [f"- [{lesson.title}]({up}{lesson.path})" for lesson in books]
    cells.append(markdown("lessons", "\n".join(back)))
    return notebook(cells)

