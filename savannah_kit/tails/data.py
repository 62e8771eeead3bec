"""Savannah Tails component data: tiles, movement and bonus cards, example courses.

The data lives in JSON files next to this module (``tiles.json``, ``cards.json``, ``courses.json``) so a teacher
can load their own catalogue in the same schema. Every loader checks its input and raises ``DataError`` naming
the item and the field that is wrong, e.g. ``tiles[12].hard.features[0].lane``.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Dict, List, Optional, Tuple

from ..core.errors import DataError

LANES: Tuple[str, ...] = ("red", "blue", "yellow", "black")
LANE_INDEX = {name: i for i, name in enumerate(LANES)}
PLAYER_COLOURS: Tuple[str, ...] = ("red", "purple", "green", "yellow", "blue")
VALUES = (2, 3, 4, 5, 6)
TIPTOE_VALUE = 2
TILE_KINDS = ("start", "finish", "straight", "corner_l", "corner_r")
SIDES = ("easy", "hard")
ANIMALS = ("lion", "cheetah", "porcupine", "crocodile", "warthog")
FEATURE_KINDS = ("water", "quicksand", "dune") + ANIMALS
DUNE_DIRECTIONS = ("forward", "back")
BONUS_FACES = ("boinnnggg", "leapfrog", "crazy-wings", "deja-vu", "bird-brain", "neck-stretch")
BONUS_PAIRS = (("boinnnggg", "leapfrog"), ("crazy-wings", "deja-vu"), ("bird-brain", "neck-stretch"))
BONUS_NAMES = {"boinnnggg": "Boinnnggg", "leapfrog": "Leapfrog", "crazy-wings": "Crazy Wings",
               "deja-vu": "Déjà vu", "bird-brain": "Bird Brain", "neck-stretch": "Neck Stretch"}

#: the faces the engine asks "is it ready?" at every decision, in one tuple of slots per race
#: (``Race.ready_slots``; the move generator reads the first five at once)
READY_FACES = ("neck-stretch", "leapfrog", "boinnnggg", "crazy-wings", "deja-vu", "bird-brain")
BIRD_BRAIN_SLOT = READY_FACES.index("bird-brain")

HAND_SIZE = 4
BIRD_BRAIN_HAND = 5
DEFAULT_FACES = ("boinnnggg", "crazy-wings", "bird-brain")


class BonusState(enum.IntEnum):
    """Where a bonus card stands: no marker yet, armed at a water hole this turn
    (usable from the next turn), active (usable now), or gone (used or lost)."""

    INACTIVE, ARMED, ACTIVE, GONE = range(4)

    @property
    def label(self) -> str:
        return self.name.lower()


class Mode(enum.IntEnum):
    """How much of the track a movement ignores, as bits that combine: nothing, animals and quicksand (tiptoeing with a
    '2', ``tails.tiptoe.ignore``), or ostriches, animals and quicksand on the way (Boinnnggg,
    ``tails.bonus.boinnnggg``). A '2' tiptoeing with Boinnnggg has both bits: ``BOING_TIPTOE``."""

    NORMAL, TIPTOE, BOINNNGGG = 0, 1, 2  # bits


#: a '2' tiptoeing with Boinnnggg: both ``Mode`` bits (a plain int, so that ``Mode`` keeps
#: unpacking into its three single modes)
BOING_TIPTOE = Mode.TIPTOE | Mode.BOINNNGGG
#: how many mode values there are (0 to ``BOING_TIPTOE``): the route tables have a slot for each
MODE_COUNT = BOING_TIPTOE + 1


class Ending(enum.IntEnum):
    """How a movement ended: full length, cut short by a block, not at all, as a
    one-space move, or in a porcupine."""

    FULL, BLOCKED, STAYED, ONE_SPACE, PORCUPINE = range(5)


class PlayKind(enum.IntEnum):
    """What a move plays: a movement card, Crazy Wings, or Déjà vu's card."""

    CARD, CRAZY_WINGS, DEJA_VU = range(3)


#: spaces per lane of a corner, by distance from the tree (0 = inside lane)
CORNER_LENGTHS = (3, 4, 5, 6)
#: the corner section table: spaces of each of the 3 sections, by distance from the tree
CORNER_SECTIONS = ((1, 1, 1), (1, 2, 1), (2, 1, 2), (2, 2, 2))
ROWS = {"start": 3, "finish": 6, "straight": 6}


# -- movement cards ------------------------------------------------------------
# A movement card is an int 0..19 inside its owner's deck: lane * 5 + (value - 2).

CARD_NAMES: Tuple[str, ...] = tuple(f"{LANES[c // 5]}-{c % 5 + 2}" for c in range(20))
CARD_CODES: Dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}


# -- tiles ---------------------------------------------------------------------

@dataclass(frozen=True)
class Feature:
    kind: str          # one of FEATURE_KINDS
    lane: int          # 0..3
    index: int         # index along that lane from the tile entry
    direction: str = ""  # dune arrows only: "forward" or "back"


@dataclass(frozen=True)
class Side:
    features: Tuple[Feature, ...]
    bridge: Optional[Tuple[int, int]] = None  # first and last bridge row (straights only)


@dataclass(frozen=True)
class Tile:
    id: str
    kind: str
    tree: str  # "L" or "R": the baobab side, seen in the direction of travel
    easy: Side
    hard: Side

    def side(self, name: str) -> Side:
        return self.easy if name == "easy" else self.hard

    @property
    def is_corner(self) -> bool:
        return self.kind in ("corner_l", "corner_r")

    def lane_length(self, lane: int) -> int:
        return lane_length(self.kind, self.tree, lane)


def tree_distance(tree: str, lane: int) -> int:
    """How far ``lane`` is from a baobab on side ``tree`` ("L" or "R"): 0 for the nearest lane."""
    return lane if tree == "L" else 3 - lane


def lane_length(kind: str, tree: str, lane: int) -> int:
    """The spaces of ``lane`` on a tile of ``kind``: a corner's lanes grow away from its baobab."""
    return CORNER_LENGTHS[tree_distance(tree, lane)] if kind.startswith("corner") else ROWS[kind]


def need(cond: bool, field: str, reason: str, error: type = DataError) -> None:
    """Raise ``error(field, reason)`` unless ``cond``: input checks one line each (the reason is
    built either way, so it must not fail when ``cond`` holds)."""
    if not cond:
        raise error(field, reason)


def _obj(value: Any, field: str) -> dict:
    need(isinstance(value, dict), field, f"expected an object, got {type(value).__name__}")
    return value


def _list(value: Any, field: str) -> list:
    need(isinstance(value, list), field, f"expected a list, got {type(value).__name__}")
    return value


def _int(value: Any, field: str) -> int:
    need(isinstance(value, int) and not isinstance(value, bool), field, f"expected an integer, got {value!r}")
    return value


def _parse_side(raw: Any, where: str, tid: str, kind: str, tree: str) -> Side:
    raw = _obj(raw, where)
    for key in raw:
        need(key in ("features", "bridge"), f"{where}.{key}", "unknown field")
    feats: List[Feature] = []
    seen = {}
    bridge = None
    if raw.get("bridge") is not None:
        b = _obj(raw["bridge"], f"{where}.bridge")
        need(kind == "straight", f"{where}.bridge", f"tile {tid} is a {kind}: only straights can carry a rope bridge")
        first = _int(b.get("first_row"), f"{where}.bridge.first_row")
        last = _int(b.get("last_row"), f"{where}.bridge.last_row")
        need(1 <= first <= last <= 4, f"{where}.bridge",
             f"bridge rows {first}-{last} must lie within rows 1-4 so normal rows come before and after it")
        bridge = (first, last)
    for i, fr in enumerate(_list(raw.get("features", []), f"{where}.features")):
        fw = f"{where}.features[{i}]"
        fr = _obj(fr, fw)
        for key in fr:
            need(key in ("kind", "lane", "index", "direction"), f"{fw}.{key}", "unknown field")
        fk = fr.get("kind")
        need(fk in FEATURE_KINDS, f"{fw}.kind", f"unknown feature {fk!r}; use one of {', '.join(FEATURE_KINDS)}")
        need(kind not in ("start", "finish"), f"{fw}", f"tile {tid} is the {kind} tile: it carries no features")
        lane = fr.get("lane")
        need(isinstance(lane, str) and lane in LANE_INDEX, f"{fw}.lane",
             f"unknown lane {lane!r}; lanes are {', '.join(LANES)}")
        li = LANE_INDEX[lane]
        index = _int(fr.get("index"), f"{fw}.index")
        length = lane_length(kind, tree, li)
        need(0 <= index < length, f"{fw}.index", f"lane {lane} of tile {tid} has spaces 0-{length - 1}, not {index}")
        need(bridge is None or not bridge[0] <= index <= bridge[1], f"{fw}.index",
             f"row {index} of tile {tid} is rope bridge")
        direction = fr.get("direction", "")
        need(fk != "dune" or direction in DUNE_DIRECTIONS, f"{fw}.direction",
             f"a dune arrow points 'forward' or 'back', not {direction!r}")
        need(fk == "dune" or direction == "", f"{fw}.direction", "only dune arrows have a direction")
        need((li, index) not in seen, fw, f"space {lane}@{index} of tile {tid} already holds a {seen.get((li, index))}")
        seen[(li, index)] = fk
        feats.append(Feature(fk, li, index, direction))
    feats.sort(key=lambda f: (f.lane, f.index))
    return Side(tuple(feats), bridge)


def parse_tiles(doc: Any) -> Dict[str, Tile]:
    """Validate a tile catalogue (the schema of ``tiles.json``) and return tiles by id."""
    doc = _obj(doc, "")
    raw_tiles = _list(doc.get("tiles"), "tiles")
    tiles: Dict[str, Tile] = {}
    for n, raw in enumerate(raw_tiles):
        where = f"tiles[{n}]"
        raw = _obj(raw, where)
        for key in raw:
            need(key in ("id", "kind", "tree", "lane_lengths", "easy", "hard"), f"{where}.{key}", "unknown field")
        tid = raw.get("id")
        need(isinstance(tid, str) and tid.strip() != "", f"{where}.id", "missing tile id")
        need(tid not in tiles, f"{where}.id", f"tile {tid} appears twice")
        kind = raw.get("kind")
        need(kind in TILE_KINDS, f"{where}.kind", f"unknown tile kind {kind!r}; use one of {', '.join(TILE_KINDS)}")
        tree = raw.get("tree")
        need(tree in ("L", "R"), f"{where}.tree", f"the baobab side is 'L' or 'R', not {tree!r}")
        for turn, side in (("corner_l", "L"), ("corner_r", "R")):
            need(kind != turn or tree == side, f"{where}.tree", f"tile {tid} turns {'left' if side == 'L' else 'right'}, "
                 f"so its baobab is on the inside: '{side}'")
        if "lane_lengths" in raw:
            expect = [lane_length(kind, tree, i) for i in range(4)]
            need(raw["lane_lengths"] == expect, f"{where}.lane_lengths",
                 f"a {kind} tile has lane lengths {expect}, not {raw['lane_lengths']!r}")
        sides = {}
        for s in SIDES:
            need(s in raw, f"{where}.{s}", f"tile {tid} needs an {s} side")
            sides[s] = _parse_side(raw[s], f"{where}.{s}", tid, kind, tree)
        tiles[tid] = Tile(tid, kind, tree, sides["easy"], sides["hard"])
    kinds = [t.kind for t in tiles.values()]
    need(kinds.count("start") >= 1, "tiles", "the catalogue has no start tile")
    need(kinds.count("finish") >= 1, "tiles", "the catalogue has no finish tile")
    return tiles


# -- courses -------------------------------------------------------------------

def parse_course_tiles(raw: Any, field: str) -> Tuple[Tuple[str, str], ...]:
    """A course written as ``[[tile_id, side], ...]``; shape check only."""
    pairs = []
    for i, pair in enumerate(_list(raw, field)):
        ok = isinstance(pair, (list, tuple)) and len(pair) == 2 and isinstance(pair[0], str)
        need(ok, f"{field}[{i}]", f"expected [tile id, side], got {pair!r}")
        need(pair[1] in SIDES, f"{field}[{i}]", f"side must be 'easy' or 'hard', not {pair[1]!r}")
        pairs.append((pair[0], pair[1]))
    return tuple(pairs)


def parse_courses(doc: Any) -> Dict[str, Tuple[Tuple[str, str], ...]]:
    """Validate a course catalogue (the schema of ``courses.json``): course id -> tile list."""
    doc = _obj(doc, "")
    out = {}
    for n, raw in enumerate(_list(doc.get("courses"), "courses")):
        where = f"courses[{n}]"
        raw = _obj(raw, where)
        cid = raw.get("id")
        need(isinstance(cid, str) and cid != "", f"{where}.id", "missing course id")
        need(cid not in out, f"{where}.id", f"course {cid!r} appears twice")
        out[cid] = parse_course_tiles(raw.get("tiles"), f"{where}.tiles")
    return out


# -- cards ---------------------------------------------------------------------

@dataclass(frozen=True)
class CardSet:
    movement: Tuple[dict, ...]
    bonus_cards: Tuple[dict, ...]
    effects: Dict[str, dict]
    hand_size: int
    markers_per_player: int


def parse_cards(doc: Any) -> CardSet:
    """Validate the card catalogue: 100 movement cards, 15 bonus cards, 6 bonus effects."""
    doc = _obj(doc, "")
    cards = _list(doc.get("movement_cards"), "movement_cards")
    seen = set()
    for i, c in enumerate(cards):
        w = f"movement_cards[{i}]"
        c = _obj(c, w)
        need(c.get("player") in PLAYER_COLOURS, f"{w}.player", f"unknown player colour {c.get('player')!r}")
        need(c.get("lane") in LANE_INDEX, f"{w}.lane", f"unknown lane colour {c.get('lane')!r}")
        need(c.get("value") in VALUES, f"{w}.value", f"values run 2-6, not {c.get('value')!r}")
        need(c.get("tiptoe") == (c["value"] == TIPTOE_VALUE), f"{w}.tiptoe", "only the '2' cards carry the tiptoe symbol")
        key = (c["player"], c["lane"], c["value"])
        need(key not in seen, w, f"a second {c['player']} {c['lane']} {c['value']}")
        seen.add(key)
    need(len(seen) == len(PLAYER_COLOURS) * len(LANES) * len(VALUES), "movement_cards",
         f"expected one card per player colour x lane colour x value (100), found {len(seen)}")
    bonus = _list(doc.get("bonus_cards"), "bonus_cards")
    pairs = set(BONUS_PAIRS)
    per_player: Dict[str, set] = {}
    for i, b in enumerate(bonus):
        w = f"bonus_cards[{i}]"
        b = _obj(b, w)
        need(b.get("player") in PLAYER_COLOURS, f"{w}.player", f"unknown player colour {b.get('player')!r}")
        pair = (b.get("side_a"), b.get("side_b"))
        need(pair in pairs, w, f"faces {pair!r} are not one of the bonus pairs {sorted(pairs)}")
        got = per_player.setdefault(b["player"], set())
        need(pair not in got, w, f"player {b['player']} has the {pair[0]}/{pair[1]} card twice")
        got.add(pair)
    for colour in PLAYER_COLOURS:
        need(len(per_player.get(colour, ())) == 3, "bonus_cards", f"player {colour} needs its 3 bonus cards")
    effects = _obj(doc.get("bonus_effects"), "bonus_effects")
    for face in BONUS_FACES:
        need(face in effects, f"bonus_effects.{face}", "missing")
    hand = _int(doc.get("hand_size"), "hand_size")
    need(hand == 4, "hand_size", "the engine plays with hands of 4")
    markers = _int(doc.get("markers_per_player"), "markers_per_player")
    return CardSet(tuple(cards), tuple(bonus), dict(effects), hand, markers)


# -- loading -------------------------------------------------------------------

def _read(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath(name).read_text("utf-8"))


def load_json(source: Any) -> Any:
    """``source`` as parsed JSON: a dict/list is used as is, a str is JSON text or a path."""
    if isinstance(source, (dict, list)):
        return source
    if isinstance(source, str):
        text = source
        if not source.lstrip().startswith(("{", "[")):
            with open(source, encoding="utf-8") as fh:
                text = fh.read()
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise DataError("", f"not valid JSON: {exc.msg} at line {exc.lineno}") from None
    raise DataError("", f"expected JSON data, text or a file path, got {type(source).__name__}")


def tiles_data() -> Any:
    """The kit's tile catalogue as the JSON data of ``tiles.json`` (a fresh copy)."""
    return _read("tiles.json")


def load_tiles(source: Any) -> Dict[str, Tile]:
    """Load another tile catalogue in the schema of ``tiles.json``."""
    return parse_tiles(load_json(source))


def load_courses(source: Any) -> Dict[str, Tuple[Tuple[str, str], ...]]:
    """Load another course catalogue in the schema of ``courses.json``."""
    return parse_courses(load_json(source))


TILES: Dict[str, Tile] = parse_tiles(_read("tiles.json"))
COURSES: Dict[str, Tuple[Tuple[str, str], ...]] = parse_courses(_read("courses.json"))
CARDS: CardSet = parse_cards(_read("cards.json"))
