"""Designing a Savannah Tails course: the engine behind the course designer.

The rulebook's "Track Design" page gives a course three kinds of guidance, and so
does the kit:

* **rules a course must keep** (``problems``): the start tile first and the finish
  tile last, each tile at most once, and a track that lies flat on the table (no tile
  on top of another, worked out from the tile geometry, ``layout``);
* **tips** (``tips``): about 14 tiles, 3 water holes, water holes on corners are
  harder to reach, and one novelty at a time (a new animal or two, one special track);
* **how hard it plays** (``difficulty``): seeded races between greedy bots, measured
  in rounds to the finish, animals met (``animals_met``, every kind, lions and crocodiles
  included) and the spread between first and last.

A course is saved as JSON (``course_to_json`` / ``course_from_json``) and played with
``tails.new_game(course=course.spec)``. ``from_tiles([...])`` builds one from Python and
refuses a course that breaks a rule, naming the tile.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from ..core.errors import DataError
from .track import Course, build_course

#: animals and special tracks, as the tips count them ("do not introduce too much too soon")
ANIMALS = ("lion", "cheetah", "porcupine", "crocodile", "warthog")
SPECIAL_TRACKS = ("quicksand", "dune", "bridge")
#: at most this many kinds at once, as the rulebook suggests (one or two animals, one special track)
MAX_NEW_ANIMALS, MAX_NEW_TRACKS = 2, 1


#: the rulebook's recommended course: about this many tiles, start and finish included...
RECOMMENDED_TILES = 14
#: ...and this many water holes
RECOMMENDED_WATER = 3


def layout(course: Course) -> List[Tuple[int, int, str]]:
    """Grid cell and heading after each tile, the start tile facing east at (0, 0)."""
    heading, x, y, out = "E", 0, 0, []
    turn_left = {"E": "N", "N": "W", "W": "S", "S": "E"}
    turn_right = {v: k for k, v in turn_left.items()}
    step = {"E": (1, 0), "N": (0, 1), "W": (-1, 0), "S": (0, -1)}
    for i, (tile, _side) in enumerate(course.tiles):
        if i:
            x, y = x + step[heading][0], y + step[heading][1]
        if tile.kind in ("corner_l", "corner_r"):
            heading = (turn_left if tile.kind == "corner_l" else turn_right)[heading]
        out.append((x, y, heading))
    return out


def tile_cells(course: Course) -> List[Tuple[int, int]]:
    """The table cell of each tile (the start tile at (0, 0), facing east)."""
    return [(x, y) for x, y, _heading in layout(course)]


def problems(course: Course) -> List[DataError]:
    """The rules ``course`` breaks that ``build_course`` does not already refuse: today, tiles
    that would lie on top of an earlier one on the table, each an error naming the tile (``course[i]``)."""
    out, placed = [], {}
    for i, cell in enumerate(tile_cells(course)):
        if cell in placed:
            j = placed[cell]
            out.append(DataError(f"course[{i}]", f"tile {course.tiles[i][0].id} would lie on top of tile "
                                 f"{course.tiles[j][0].id} (course[{j}]): the track overlaps itself on the table"))
        placed.setdefault(cell, i)
    return out


def from_tiles(tiles: Sequence, name: str = "custom") -> Course:
    """A course from ``[[tile id, "easy"|"hard"], ...]`` that keeps every rule of course building,
    lying flat on the table included; ``DataError`` names the first tile at fault. (The engine
    itself races any chain of tiles: hand-built test courses may overlap.)"""
    course = build_course(tiles, name)
    found = problems(course)
    if found:
        raise found[0]
    return course


def water_holes(course: Course) -> int:
    return sum(1 for t, s in course.tiles for f in t.side(s).features if f.kind == "water")


def advice(course: Course) -> List[str]:
    """The recommended size and water holes the course does not keep to (advice only, never an error)."""
    n, w = len(course.tiles), water_holes(course)
    return ([f"{n} tiles: about {RECOMMENDED_TILES} (start and finish included) is recommended"]
            if n != RECOMMENDED_TILES else []) + \
        ([f"{w} water holes: about {RECOMMENDED_WATER} are recommended"] if w != RECOMMENDED_WATER else [])


def features(course: Course) -> Dict[str, int]:
    """How many of each feature the course has: water holes, animals, special tracks."""
    count: Dict[str, int] = {}
    for tile, side in course.tiles:
        face = tile.side(side)
        for f in face.features:
            count[f.kind] = count.get(f.kind, 0) + 1
        if face.bridge is not None:
            count["bridge"] = count.get("bridge", 0) + 1
    return count


def tips(course: Course) -> List[str]:
    """The rulebook's design tips the course does not follow (advice, never an error)."""
    out = advice(course)
    count = features(course)
    animals = [a for a in ANIMALS if count.get(a)]
    tracks = [t for t in SPECIAL_TRACKS if count.get(t)]
    if len(animals) > MAX_NEW_ANIMALS:
        out.append(f"{len(animals)} kinds of animal ({', '.join(animals)}): bring in one or two at a time, "
                   "so that every player knows their rules")
    if len(tracks) > MAX_NEW_TRACKS:
        out.append(f"{len(tracks)} kinds of special track ({', '.join(tracks)}): one at a time is easier to learn")
    corner_water = sum(1 for tile, side in course.tiles if tile.is_corner
                       for f in tile.side(side).features if f.kind == "water")
    if corner_water:
        out.append(f"{corner_water} water hole{'s are' if corner_water > 1 else ' is'} on a corner: harder to "
                   "reach than on a straight")
    return out


def course_to_json(course: Course) -> str:
    """The course as JSON: its name and its tiles (``course_from_json`` reads it back)."""
    return json.dumps({"name": course.name, "tiles": course.spec}, indent=1)


def course_from_json(text: str) -> Course:
    """A course saved by ``course_to_json``; ``DataError`` names the field at fault."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise DataError("course", f"not JSON: {exc}") from None
    if not isinstance(data, dict) or set(data) - {"name", "tiles"} or "tiles" not in data:
        raise DataError("course", "expected an object with \"tiles\" (and optionally \"name\")")
    name = data.get("name", "custom")
    if not isinstance(name, str) or not name.strip() or len(name) > 60:
        raise DataError("course.name", "expected a name of 1-60 characters")
    return from_tiles(data["tiles"], name)


def demo_course(course: str) -> str:
    """What ``savannah-kit demo tails --course COURSE`` passes the classroom notebook (the spec's
    ``teaching.demo_course``): a course name as it is, or a course file saved by the designer,
    checked now and given as its tiles in JSON. ``ValueError`` says what is wrong with it."""
    if course in ("first-race", "second-race"):
        return course
    try:
        built = course_from_json(Path(course).read_text("utf-8"))
    except OSError as err:
        raise ValueError(f"not first-race, second-race or a course file you can read ({err.strerror or err})"
                         ) from None
    except DataError as err:
        raise ValueError(str(err)) from None
    wrong = problems(built)
    if wrong:
        raise ValueError(str(wrong[0]))
    return json.dumps(built.spec)


#: the events ``animals_met`` reads
_MEETINGS = frozenset({"tails.animal.porcupine", "tails.animal.warthog", "tails.animal.cheetah",
                       "tails.move.blocked-stop", "tails.move.fully-blocked"})


def animals_met(log: Iterable, players: int) -> List[Dict[str, int]]:
    """How often each ostrich met each animal, read from a race's events (``game.log``), one
    dict per seat with every kind of ``ANIMALS``. A porcupine, cheetah or warthog is met when a
    move runs into it (its own event: the cheetah's second event, the card it takes, and the
    warthog's redraw are the same meeting, not counted again). A lion or crocodile never has an
    event of its own, since no move enters it: it is met when it cuts a move short or keeps the
    ostrich from taking a single step, named among the blockers of ``tails.move.blocked-stop``
    or ``tails.move.fully-blocked``."""
    met = [dict.fromkeys(ANIMALS, 0) for _ in range(players)]
    for e in log:
        rule, p = e.rule, e.player
        if rule not in _MEETINGS or p is None:  # most events: one look-up (this runs after every lab game)
            continue
        if rule == "tails.animal.porcupine" or rule == "tails.animal.warthog":
            met[p][rule[13:]] += 1
        elif rule == "tails.animal.cheetah":
            if "space" in e.data:  # the cheetah's second event (the card it takes) has none
                met[p]["cheetah"] += 1
        elif rule == "tails.move.blocked-stop" or rule == "tails.move.fully-blocked":
            for blocker in e.data.get("blockers", ()):
                if blocker.get("kind") in ("lion", "crocodile"):
                    met[p][blocker["kind"]] += 1
    return met


@dataclass(frozen=True)
class Difficulty:
    """How a course played in seeded races between greedy bots."""

    races: int
    players: int
    rounds: float          # mean rounds until the race ends
    animals_met: float     # mean animal encounters per ostrich per race
    spread: float          # mean steps between the first and the last ostrich at the end
    baseline_rounds: float  # the same measure on the first race, for comparison
    by_animal: Dict[str, float] = field(default_factory=dict)  # ``animals_met`` split by kind

    @property
    def verdict(self) -> str:
        """The course against the first race, in words."""
        ratio = self.rounds / self.baseline_rounds if self.baseline_rounds else 1.0
        if ratio < 0.95:
            return "quicker than the first race"
        if ratio <= 1.08:
            return "about as long as the first race"
        if ratio <= 1.25:
            return "longer than the first race"
        return "much longer than the first race"

    def __str__(self) -> str:
        kinds = ", ".join(f"{kind} {n:.2f}" for kind, n in self.by_animal.items() if n)
        return (f"{self.races} races of {self.players} greedy bots: {self.rounds:.1f} rounds on average "
                f"({self.verdict}, which takes {self.baseline_rounds:.1f}), {self.animals_met:.1f} animals met "
                f"per ostrich{f' ({kinds})' if kinds else ''}, {self.spread:.1f} steps between first and last "
                "at the end")


def difficulty(course: Course, races: int = 20, players: int = 4, seed: int = 0,
               progress: Optional[Callable[[int, int], None]] = None) -> Difficulty:
    """Race greedy bots on ``course`` (and on the first race, the baseline); ``progress(done,
    total)`` is called after each race, for a progress bar. Seeded: the same call, the same
    figures."""
    from . import new_game  # the package imports this module
    from ..core.bots import GreedyBot

    total = 2 * races
    done = [0]

    def measure(spec) -> Tuple[float, Dict[str, float], float]:
        rounds = spread = 0.0
        met = dict.fromkeys(ANIMALS, 0.0)
        for i in range(races):
            game = new_game(players=players, seed=seed + i, course=spec)
            bots = [GreedyBot(random.Random(seed * 7919 + i * 31 + p).randrange(2**31)) for p in range(players)]
            while not game.is_over:
                game.play(bots[game.current_player].choose(game))
            for seat in animals_met(game.log, players):
                for kind, n in seat.items():
                    met[kind] += n
            rounds += game.state.round
            scores = game.scores()
            spread += max(scores) - min(scores)
            done[0] += 1
            if progress is not None:
                progress(done[0], total)
        return rounds / races, {kind: n / races / players for kind, n in met.items()}, spread / races

    base_rounds = measure("first-race")[0] if course.name != "first-race" else None
    rounds, met, spread = measure(course.spec)
    if base_rounds is None:
        base_rounds = rounds
        done[0] = total
        if progress is not None:
            progress(total, total)
    return Difficulty(races, players, rounds, sum(met.values()), spread, base_rounds, met)
