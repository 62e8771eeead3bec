"""Savernake Forest components: the card catalogue and the geometry of one card.

The kit edition's 19 animal cards, 45 path cards and token counts live in
``cards.json`` beside this module (GAMES.md section 3.2). A teacher who owns a
box can load their own catalogue in the same schema with ``load_catalogue``;
every mistake is a ``DataError`` naming the card and the field.

Catalogue schema (JSON object)::

    {"schema": "savannah_kit.forest.catalogue/1",
     "edition": "...", "note": "...",                    (optional texts)
     "foods": {"B": "berry", "W": "worm", "E": "egg", "N": "nut"},
     "tokens": {"lair": 15, "water": 15},
     "animals": [{"id": "A01", "name": "Fox", "points": 2, "capacity": 3,
                  "values": {"berry": 0, "worm": 1, "egg": 2, "nut": 0},
                  "path_exit": "N"}, ...],
     "paths": [{"id": "P01", "shape": "STRAIGHT",
                "segments": [{"from": "W", "to": "E", "foods": ["N", "E"]}]}, ...]}

Geometry: a card has four edges ``N, E, S, W`` (indices 0-3) in its printed
orientation. A segment joins two edges, or runs from an edge to a dead end
``X``; its foods are listed in order from its ``from`` edge to its ``to`` end.
An animal card has its den in the centre and one path stub leaving through
``path_exit``. Turning a card by ``q`` quarter turns clockwise moves printed
edge ``e`` to edge ``(e + q) % 4`` (so ``N -> E -> S -> W``).
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple, Union

from ..core.errors import DataError

SCHEMA = "savannah_kit.forest.catalogue/1"
EDGES = ("N", "E", "S", "W")
EDGE_NAMES = ("north", "east", "south", "west")
#: Cell offset (dx, dy) of the neighbour across each edge: x grows to the right, y downward.
DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))
DEAD_END = -1  # a segment end inside the card
DEN = -2  # the animal's den in the centre of an animal card
#: The four food types, in corner order; foods are stored as indices into this tuple.
FOODS = ("berry", "worm", "egg", "nut")
FOOD_PLURALS = ("berries", "worms", "eggs", "nuts")
ROTATIONS = (0, 90, 180, 270)
#: The four advisors of the market, in board order; a card of the market lies under each.
SLOTS = ("rabbit", "rooster", "armadillo", "goat")
RABBIT, ROOSTER, ARMADILLO, GOAT = range(4)  # indices into SLOTS
#: Rounds in a game: every forest grows by 15 cards (1 a round, or 2 a round in advanced mode).
ROUNDS = 15
MAX_CATALOGUE_BYTES = 1_000_000
MAX_CARDS = 500
ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,20}$")


@dataclass(frozen=True)
class Segment:
    """One stretch of path on a path card (printed orientation)."""

    start: int  # an edge index
    end: int  # an edge index or DEAD_END
    foods: Tuple[int, ...]  # food indices, in order from start to end


@dataclass(frozen=True)
class AnimalCard:
    """An animal: its own points, printed storage, food values and path stub."""

    id: str
    name: str
    points: int
    capacity: int
    values: Tuple[int, int, int, int]  # points per berry, worm, egg, nut
    path_exit: int  # printed edge of the path stub
    index: int = field(default=-1, compare=False)

    kind = "animal"

    def value(self, food: str) -> int:
        return self.values[FOODS.index(food)]

    def __str__(self) -> str:
        likes = ", ".join(f"{FOOD_PLURALS[f]} {v}" for f, v in enumerate(self.values) if v)
        return f"{self.id} {self.name} ({self.points} pt{'s' if self.points != 1 else ''}, stores {self.capacity}; {likes or 'likes nothing'})"


@dataclass(frozen=True)
class PathCard:
    """A path card: one or two segments that never touch each other."""

    id: str
    shape: str
    segments: Tuple[Segment, ...]
    index: int = field(default=-1, compare=False)

    kind = "path"

    @property
    def name(self) -> str:
        return f"path card {self.id}"

    def __str__(self) -> str:
        parts = []
        for s in self.segments:
            end = "X" if s.end == DEAD_END else EDGES[s.end]
            foods = " ".join(FOODS[f] for f in s.foods) or "no food"
            parts.append(f"{EDGES[s.start]}-{end}: {foods}")
        return f"{self.id} {self.shape.lower()} ({'; '.join(parts)})"


Card = Union[AnimalCard, PathCard]


def card_phrase(card: Card) -> str:
    """How event and board texts name a card: "the Fox", "path card P12"."""
    return f"the {card.name}" if card.kind == "animal" else f"path card {card.id}"


@dataclass(frozen=True)
class Turned:
    """A card turned by ``q`` quarter turns: the precomputed table the engine walks.

    ``segments`` lists ``(a, b, foods)`` with rotated edges (``b`` may be
    ``DEAD_END``; an animal's stub is ``(exit, DEN, ())``). ``walk[edge]`` is
    ``None`` when no path ends on that edge, else ``(foods met in walking order
    when entering through that edge, the edge left by, or DEAD_END / DEN)``.
    """

    card: int
    q: int
    is_animal: bool
    segments: Tuple[Tuple[int, int, Tuple[int, ...]], ...]
    walk: Tuple[Optional[Tuple[Tuple[int, ...], int]], ...]
    exit: int  # the stub's edge for an animal, else -1


def turn_edge(edge: int, q: int) -> int:
    """The edge that printed ``edge`` becomes after ``q`` clockwise quarter turns."""
    return (edge + q) % 4


def _turned(card: Card, q: int) -> Turned:
    walk: List[Optional[Tuple[Tuple[int, ...], int]]] = [None, None, None, None]
    if isinstance(card, AnimalCard):
        e = turn_edge(card.path_exit, q)
        walk[e] = ((), DEN)
        return Turned(card.index, q, True, ((e, DEN, ()),), tuple(walk), e)
    segs = []
    for s in card.segments:
        a = turn_edge(s.start, q)
        b = DEAD_END if s.end == DEAD_END else turn_edge(s.end, q)
        segs.append((a, b, s.foods))
        walk[a] = (s.foods, b)
        if b >= 0:
            walk[b] = (tuple(reversed(s.foods)), a)
    return Turned(card.index, q, False, tuple(segs), tuple(walk), -1)


class Catalogue:
    """A validated set of cards and token counts.

    ``cards`` lists the animal cards first, then the path cards; a card's
    ``index`` is its position there. ``turned[i][q]`` is card ``i`` turned by
    ``q`` quarter turns.
    """

    def __init__(self, animals, paths, lair_tokens, water_tokens, edition, note, data):
        self.animals: Tuple[AnimalCard, ...] = tuple(animals)
        self.paths: Tuple[PathCard, ...] = tuple(paths)
        self.cards: Tuple[Card, ...] = self.animals + self.paths
        self.by_id: Dict[str, Card] = {c.id: c for c in self.cards}
        self.lair_tokens = lair_tokens
        self.water_tokens = water_tokens
        self.edition = edition
        self.note = note
        self._data = data
        self.turned = tuple(tuple(_turned(c, q) for q in range(4)) for c in self.cards)

    def card(self, card_id: str) -> Card:
        """The card with this id (``KeyError`` naming it otherwise)."""
        try:
            return self.by_id[card_id]
        except (KeyError, TypeError):
            raise KeyError(f"no card {card_id!r} in this catalogue") from None

    def segments(self, card_id: str, rotation: int = 0) -> List[Tuple[str, str, Tuple[str, ...]]]:
        """The paths drawn on a card turned ``rotation`` degrees, as ``(from, to, foods)``:
        edges ``"N"/"E"/"S"/"W"`` after turning, ``to`` may be ``"X"`` (dead end) or
        ``"den"`` (an animal's stub), foods in order from ``from`` to ``to``."""
        t = self.turned[self.card(card_id).index][ROTATIONS.index(rotation)]
        ends = {DEAD_END: "X", DEN: "den"}
        return [(EDGES[a], ends.get(b) or EDGES[b], tuple(FOODS[f] for f in foods)) for a, b, foods in t.segments]

    def to_data(self) -> dict:
        """The catalogue as plain JSON data in the file schema."""
        return json.loads(json.dumps(self._data))

    def __repr__(self) -> str:
        return (f"<Catalogue {self.edition!r}: {len(self.animals)} animals, {len(self.paths)} paths, "
                f"{self.lair_tokens} lair and {self.water_tokens} water tokens>")


# -- validation -----------------------------------------------------------------

def _int(value, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(where, f"must be an integer, not {value!r}")
    if not low <= value <= high:
        raise DataError(where, f"must be between {low} and {high}, not {value}")
    return value


def _obj(value, where: str, required: Tuple[str, ...], optional: Tuple[str, ...] = ()) -> dict:
    if not isinstance(value, dict):
        raise DataError(where, f"must be an object, not {type(value).__name__}")
    for key in value:
        if key not in required and key not in optional:
            raise DataError(f"{where}.{key}" if where else key, "unknown field")
    for key in required:
        if key not in value:
            raise DataError(f"{where}.{key}" if where else key, "missing")
    return value


def _edge(value, where: str, allow_dead_end: bool = False) -> int:
    if allow_dead_end and value == "X":
        return DEAD_END
    if not isinstance(value, str) or value not in EDGES:
        choices = "N, E, S, W" + (" or X (dead end)" if allow_dead_end else "")
        raise DataError(where, f"unknown edge {value!r}: use {choices}")
    return EDGES.index(value)


def catalogue_from_data(data: Any) -> Catalogue:
    """Validate catalogue data (already parsed JSON) and build a ``Catalogue``."""
    _obj(data, "", ("schema", "foods", "tokens", "animals", "paths"), ("edition", "note"))
    _check_header(data)
    codes = _food_codes(data["foods"])
    tokens = _obj(data["tokens"], "tokens", ("lair", "water"))
    lair = _int(tokens["lair"], "tokens.lair", 0, 1000)
    water = _int(tokens["water"], "tokens.water", 0, 1000)
    for key in ("animals", "paths"):
        if not isinstance(data[key], list):
            raise DataError(key, "must be a list")
    if len(data["animals"]) + len(data["paths"]) > MAX_CARDS:
        raise DataError("", f"more than {MAX_CARDS} cards")
    ids = _CardIds()
    animals = [_animal(row, f"animals[{i}]", i, ids) for i, row in enumerate(data["animals"])]
    paths = [_path(row, f"paths[{i}]", len(animals) + i, ids, codes) for i, row in enumerate(data["paths"])]
    return Catalogue(animals, paths, lair, water, data.get("edition", ""), data.get("note", ""), data)


def _check_header(data: dict) -> None:
    """The schema names the format version: refuse files of another one before reading them."""
    if data["schema"] != SCHEMA:
        raise DataError("schema", f"must be {SCHEMA!r}, not {data['schema']!r}")
    for key in ("edition", "note"):
        if key in data and not isinstance(data[key], str):
            raise DataError(key, "must be text")


def _food_codes(foods: Any) -> Dict[str, int]:
    """Food code ("B") -> food index: the path cards list their foods by these codes."""
    if not isinstance(foods, dict):
        raise DataError("foods", "must be an object mapping food codes to food names")
    codes: Dict[str, int] = {}
    for code, name in foods.items():
        if not isinstance(code, str) or len(code) != 1:
            raise DataError(f"foods.{code}", "a food code must be one character")
        if not isinstance(name, str) or name not in FOODS:
            raise DataError(f"foods.{code}", f"unknown food name {name!r}: use {', '.join(FOODS)}")
        if FOODS.index(name) in codes.values():
            raise DataError(f"foods.{code}", f"food {name!r} has two codes")
        codes[code] = FOODS.index(name)
    return codes


class _CardIds:
    """The ids read so far, so that a repeated id names the card that has it first."""

    def __init__(self):
        self.seen: Dict[str, str] = {}

    def read(self, row: dict, where: str) -> str:
        cid = row["id"]
        if not isinstance(cid, str) or not ID_PATTERN.match(cid):
            raise DataError(f"{where}.id", f"{cid!r} is not an id of 1-20 letters, digits, '-' or '_'")
        if cid in self.seen:
            raise DataError(f"{where}.id", f"{cid!r} is already used by {self.seen[cid]}")
        self.seen[cid] = where
        return cid


def _animal(row: Any, where: str, index: int, ids: _CardIds) -> AnimalCard:
    _obj(row, where, ("id", "name", "points", "capacity", "values", "path_exit"))
    cid = ids.read(row, where)
    if not isinstance(row["name"], str) or not row["name"].strip() or len(row["name"]) > 40:
        raise DataError(f"{where}.name", f"{cid}: must be a name of 1-40 characters")
    values = _obj(row["values"], f"{where}.values", FOODS)
    vals = tuple(_int(values[f], f"{where}.values.{f}", 0, 20) for f in FOODS)
    return AnimalCard(cid, row["name"], _int(row["points"], f"{where}.points", 0, 20),
                      _int(row["capacity"], f"{where}.capacity", 1, 50), vals,
                      _edge(row["path_exit"], f"{where}.path_exit"), index=index)


def _path(row: Any, where: str, index: int, ids: _CardIds, codes: Dict[str, int]) -> PathCard:
    _obj(row, where, ("id", "shape", "segments"))
    cid = ids.read(row, where)
    if not isinstance(row["shape"], str) or not row["shape"]:
        raise DataError(f"{where}.shape", f"{cid}: must be a shape name")
    if not isinstance(row["segments"], list) or not 1 <= len(row["segments"]) <= 2:
        raise DataError(f"{where}.segments", f"{cid}: must be a list of 1 or 2 segments")
    used: Dict[int, int] = {}  # edge -> the segment that ends on it
    segs = tuple(_segment(seg, f"{where}.segments[{j}]", j, cid, used, codes)
                 for j, seg in enumerate(row["segments"]))
    return PathCard(cid, row["shape"], segs, index=index)


def _segment(seg: Any, where: str, j: int, cid: str, used: Dict[int, int], codes: Dict[str, int]) -> Segment:
    """One segment; ``used`` collects the card's edges, because two segments never share one."""
    _obj(seg, where, ("from", "to", "foods"))
    a = _edge(seg["from"], f"{where}.from")
    b = _edge(seg["to"], f"{where}.to", allow_dead_end=True)
    if a == b:
        raise DataError(f"{where}.to", f"{cid}: a segment must join two different edges")
    for e, key in ((a, "from"), (b, "to")):
        if e >= 0:
            if e in used:
                raise DataError(f"{where}.{key}", f"{cid}: edge {EDGES[e]} is already used by "
                                f"segment {used[e]}; segments never touch")
            used[e] = j
    if not isinstance(seg["foods"], list) or len(seg["foods"]) > 10:
        raise DataError(f"{where}.foods", f"{cid}: must be a list of at most 10 food codes")
    foods = []
    for k, code in enumerate(seg["foods"]):
        if not isinstance(code, str) or code not in codes:
            raise DataError(f"{where}.foods[{k}]", f"unknown food {code!r}")
        foods.append(codes[code])
    return Segment(a, b, tuple(foods))


def load_catalogue(path: Union[str, Path]) -> Catalogue:
    """Read and validate a catalogue file in the kit schema (see the module docstring)."""
    raw = Path(path).read_bytes()
    if len(raw) > MAX_CATALOGUE_BYTES:
        raise DataError("", f"file too large: {len(raw)} bytes")
    return catalogue_from_text(raw.decode("utf-8", errors="strict"))


def catalogue_from_text(text: str) -> Catalogue:
    """Parse and validate catalogue JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError("", f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    return catalogue_from_data(data)


@functools.lru_cache(maxsize=None)
def kit_catalogue() -> Catalogue:
    """The kit edition catalogue shipped with the package (loaded once)."""
    text = resources.files(__package__).joinpath("cards.json").read_text("utf-8")
    return catalogue_from_text(text)


# -- the deck without dead ends (the option ``dead_ends=False``) ------------------------------------

#: what ``without_dead_ends`` does to a card, in words (the option's sentence and the board's notes)
RUN_ON_RULE = ("each dead end runs on to the edge opposite its start, or to the one edge left free when "
               "the card's other path holds that edge; two dead ends on one card join into one path; the "
               "foods stay as printed, in the order met from the open edge")


@functools.lru_cache(maxsize=8)  # the catalogues of the last few games (one catalogue object each)
def without_dead_ends(catalogue: Catalogue) -> Catalogue:
    """The same deck, card for card (same ids, same foods), with no dead end: see ``RUN_ON_RULE``.

    A designer's "what if the deck had no dead ends?" keeps the deck's size, so the market
    never runs dry. Built from the catalogue's data and validated like any catalogue; a card
    whose dead end cannot run on without crossing its other path is a ``DataError`` naming it."""
    data = catalogue.to_data()
    data["paths"] = [_run_on(row, f"paths[{i}]") for i, row in enumerate(data["paths"])]
    data["note"] = (data.get("note", "") + " Played without dead ends: " + RUN_ON_RULE + ".").strip()
    return catalogue_from_data(data)


def _run_on(row: dict, where: str) -> dict:
    """One path card's data with its dead ends run on (``RUN_ON_RULE``)."""
    segments = row["segments"]
    dead = [s for s in segments if s["to"] == "X"]
    if not dead:
        return row
    if len(dead) == 2:  # two dead ends meet in the middle: one path, the second one's foods walked back
        first, second = dead
        segments = [{"from": first["from"], "to": second["from"], "foods": first["foods"] + second["foods"][::-1]}]
    else:
        used = {end for s in segments for end in (s["from"], s["to"]) if end != "X"}
        opposite = EDGES[(EDGES.index(dead[0]["from"]) + 2) % 4]
        end = opposite if opposite not in used else next(e for e in EDGES if e not in used)
        segments = [dict(s, to=end) if s is dead[0] else s for s in segments]
    straight = [abs(EDGES.index(s["from"]) - EDGES.index(s["to"])) == 2 for s in segments]
    if len(segments) == 2 and any(straight):  # two paths over all four edges cross if either is straight
        raise DataError(f"{where}.segments", f"{row['id']}: its dead end cannot run on without crossing its "
                        "other path")
    shape = "TWO_CURVES" if len(segments) == 2 else "STRAIGHT" if straight[0] else "CURVE"
    return {"id": row["id"], "shape": shape, "segments": segments}
