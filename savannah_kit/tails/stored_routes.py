"""The route sets of the named courses, worked out ahead and shipped with the kit.

Searching a move's routes is the largest part of the work a fresh process does on a
course (``Track.routes``). For the courses in ``courses.json`` every question a move
can ask (start, points, card lane, mode) is answered here once, ahead of time, and
stored compressed next to this module (``routes-<course>.bin``); a track decodes an
answer the first time it needs it instead of searching. The file is a cache: it is
used only where its fingerprint matches the track it is opened for (spaces, links,
features, lanes and the bare-track reach; any change to the course data changes it),
and a missing, stale or damaged file only means searching as for any other course
(a file whose contents do not decode, found only when a route set is first built,
likewise: ``StoredRoutesError``, and the track searches from then on).

After a change to how routes are searched, regenerate the files with

    python -m savannah_kit.dev.route_files

(the tests compare every stored route set with a fresh search, and fail until then).

Layout: a header (``MAGIC``, ``FORMAT``, the fingerprint, and how many questions,
route ends, groups and route sets it holds), then zlib-compressed little-endian 64-bit
integers. Route sets repeat along the track and between modes, so each distinct one is
stored once, and likewise each group and route end: per question the number of its
route set; per route set an offset, per group an offset (each list with one more, past
the last); the route sets (``bare, full groups``, then their groups' numbers); the
groups (their route end's number, then their masks, relative to the start as in a
route set); the route ends (end, water, cheetahs, warthog, ending).
"""

from __future__ import annotations

import hashlib
import struct
import sys
import zlib
from array import array
from pathlib import Path
from typing import Callable, Dict, List, Optional

from .data import Ending

MAGIC = b"SKTR"
FORMAT = 2
HEADER = struct.Struct("<4sB32sIIII")  # magic, format, fingerprint, questions, route ends, groups, route sets
HERE = Path(__file__).resolve().parent


def path_for(name: str) -> Path:
    """Where the stored route sets of course ``name`` are kept."""
    return HERE / f"routes-{name}.bin"


class StoredRoutesError(ValueError):
    """A stored route set that does not decode: numbers or offsets out of range."""


def fingerprint(track) -> bytes:
    """A digest of everything a route search reads from the track."""
    parts = (track.size, track.feat, track.lane, track.toward, track._bare)
    return hashlib.sha256(repr(parts).encode()).digest()


class StoredRoutes:
    """The stored answers for one track. ``route_set(key)`` builds a question's route set
    the first time it is asked, and each distinct route set, group and route end once."""

    __slots__ = ("_words", "_size", "_sets_at", "_groups_at", "_ends_at", "_sets", "_groups", "_ends",
                 "_route_end", "_no_routes")

    def __init__(self, words: memoryview, size: int, questions: int, ends: int, groups: int, sets: int,
                 route_end: Callable, no_routes: tuple):
        self._words, self._size = words, size  # size: the track's spaces, which a route end must be one of
        self._route_end, self._no_routes = route_end, no_routes  # the track's own types (see ``load``)
        self._sets_at = questions                 # the route sets' offsets...
        self._groups_at = words[questions + sets]  # ...and the groups', after the route sets
        self._ends_at = len(words) - 5 * ends
        self._sets: List[Optional[tuple]] = [None] * sets
        self._groups: List[Optional[tuple]] = [None] * groups
        self._ends: list = [None] * ends

    def route_set(self, key: int) -> tuple:
        """The route set of question ``key`` (``track.move_key``). Raises ``StoredRoutesError``
        where the file's numbers do not make one (``load`` checks only its frame: checking
        every number up front would cost each fresh process more than using them)."""
        try:
            words, number = self._words, self._words[key]
            got = self._sets[number]
            if got is None:
                at = self._sets_at + number
                body = words[words[at]:words[at + 1]]
                if len(body) == 2:
                    got = self._no_routes[body[0]]
                elif len(body) < 2:
                    raise IndexError("a route set without its two counts")
                else:
                    got = (bool(body[0]), body[1], *(self._group(g) for g in body[2:]))
                self._sets[number] = got
            return got
        except (IndexError, ValueError) as e:
            raise StoredRoutesError(f"stored route set {key} does not decode: {e}") from None

    def _group(self, number: int) -> tuple:
        got = self._groups[number]
        if got is None:
            words, at = self._words, self._groups_at + number
            body = words[words[at]:words[at + 1]].tolist()
            got = self._groups[number] = (self._end(body[0]), *body[1:])
        return got

    def _end(self, number: int):
        got = self._ends[number]
        if got is None:
            at = self._ends_at + 5 * number
            end, water, cheetahs, warthog, ending = self._words[at:at + 5]
            if end >= self._size:
                raise IndexError(f"route end on space {end} of a track of {self._size}")
            got = self._ends[number] = self._route_end(end, water, cheetahs, bool(warthog), Ending(ending))
        return got


def load(track, route_end: Callable, no_routes: tuple, path: Optional[Path] = None) -> Optional[StoredRoutes]:
    """The stored route sets for ``track``, or None where there are none that fit it. Its
    route sets are built as the track builds them: with ``route_end`` (``track.RouteEnd``),
    and the shared empty sets ``no_routes`` (without, then with the card lane in reach)."""
    path = path_for(track.course.name) if path is None else path
    try:
        blob = path.read_bytes()
        magic, version, digest, questions, ends, groups, sets = HEADER.unpack_from(blob)
        if magic != MAGIC or version != FORMAT or questions != len(track._routes) or digest != fingerprint(track):
            return None
        data = zlib.decompress(blob[HEADER.size:])
    except (OSError, struct.error, zlib.error):
        return None
    if len(data) % 8:
        return None
    if sys.byteorder == "little":
        words = memoryview(data).cast("Q")
    else:
        swapped = array("Q", data)
        swapped.byteswap()
        words = memoryview(swapped)
    if len(words) < questions + sets + groups + 2 + 5 * ends:
        return None
    groups_at = words[questions + sets]
    if groups_at + groups >= len(words) or words[groups_at + groups] != len(words) - 5 * ends:
        return None
    return StoredRoutes(words, track.size, questions, ends, groups, sets, route_end, no_routes)


def encode(track) -> bytes:
    """Every question of ``track`` answered by a fresh search, as a stored-routes file."""
    questions = len(track._routes)
    ends: Dict[tuple, int] = {}
    groups: Dict[tuple, int] = {}
    sets: Dict[tuple, int] = {}
    numbers = []
    for route_set in track.every_route_set():
        for group in route_set[2:]:
            ends.setdefault(group[0], len(ends))
            groups.setdefault(group, len(groups))
        numbers.append(sets.setdefault(route_set, len(sets)))
    set_bodies = [[int(s[0]), s[1], *(groups[g] for g in s[2:])] for s in sets]
    group_bodies = [[ends[g[0]], *g[1:]] for g in groups]
    set_offsets = _offsets(questions + len(sets) + 1, set_bodies)
    group_offsets = _offsets(set_offsets[-1] + len(groups) + 1, group_bodies)
    words = array("Q", numbers + set_offsets + [w for b in set_bodies for w in b] + group_offsets
                  + [w for b in group_bodies for w in b]
                  + [w for e in ends for w in (e.end, e.water, e.cheetahs, int(e.warthog), int(e.ending))])
    if sys.byteorder == "big":
        words.byteswap()
    header = HEADER.pack(MAGIC, FORMAT, fingerprint(track), questions, len(ends), len(groups), len(sets))
    return header + zlib.compress(words.tobytes(), 9)


def _offsets(first: int, bodies: List[list]) -> List[int]:
    """Where each body starts when they follow one another from ``first``, and where the last ends."""
    out = [first]
    for body in bodies:
        out.append(out[-1] + len(body))
    return out
