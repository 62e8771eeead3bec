"""One player's forest: cards on a grid, the paths they form, and where a card may go.

Coordinates: a cell is ``(x, y)`` with x growing to the right and y growing
downward. The first card of a forest lies at ``(0, 0)``; cells are never
renumbered, so they may become negative as the forest grows left or up. Only
the size of the forest's bounding box is limited (4×4, or 8×4 lying either way
in the advanced 2-player mode).

Paths are kept incrementally. Every segment placed is a node of a union-find
structure; two nodes are joined when their cards touch and both have a path
end on the shared edge, so a root stands for one whole path and carries how
many animals sit on it. Checking a placement therefore looks only at the four
neighbouring path ends, never re-walks a path. Walking a path (for scoring)
follows the precomputed ``Turned`` tables of the catalogue.

Compact text form of a forest (``Forest.to_text`` / ``parse_layout``): cards
separated by spaces, each ``ID@X,YrDEG`` with an optional bracket of tokens,
e.g. ``"A01@0,0r0[lair=2;water=egg,worm] P31@0,-1r90"``.
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional, Sequence, Tuple

from .data import DELTA, DEN, FOODS, ROTATIONS, Catalogue, Turned

Cell = Tuple[int, int]
ALL_TURNS = (0, 1, 2, 3)
CARD_TEXT = re.compile(r"^([A-Za-z0-9_-]{1,20})@(-?\d{1,3}),(-?\d{1,3})r(\d{1,3})(?:\[([^\]]*)\])?$")


class Forest:
    """The cards of one forest with their rotations, tokens and paths.

    Public reading API: ``cards()`` (placed cards as ``PlacedCard``), ``at(cell)``,
    ``animal_cells()``, ``lairs(cell)``, ``water(cell)``, ``free_corners()``, ``bbox()``,
    ``size``, ``walk(cell)``, ``shared_paths()``, ``can_place(card)``, ``to_text()``.
    """

    __slots__ = ("catalogue", "turned", "long", "short", "cells", "ends", "parent", "path_animals", "stubs",
                 "frontier", "minx", "maxx", "miny", "maxy", "lair_tokens", "water_drops", "cleared", "may_share",
                 "_fit")

    def __init__(self, catalogue: Catalogue, long: int = 4, short: int = 4):
        self.catalogue = catalogue
        self.turned = catalogue.turned
        self.long, self.short = long, short
        self.cells: Dict[Cell, Turned] = {}
        self.ends: Dict[Tuple[int, int, int], int] = {}  # (x, y, edge) -> node
        self.parent: List[int] = []
        self.path_animals: List[int] = []  # animals on the path, valid at roots
        self.stubs: Dict[Cell, int] = {}  # animal cell -> node of its stub
        self.frontier: Dict[Cell, None] = {}  # empty cells next to the forest (ordered set)
        self.minx = self.miny = 10**6
        self.maxx = self.maxy = -10**6
        self.lair_tokens: Dict[Cell, int] = {}
        self.water_drops: Dict[Cell, int] = {}  # bit f set: water drop on food corner f
        self.cleared: List[Tuple[Cell, int]] = []  # animals discarded by the shared-path clean-up
        self.may_share = False  # option shared_paths='allowed': animals may share a path until the clean-up
        self._fit: Optional[List[Cell]] = None

    def copy(self) -> "Forest":
        new = Forest.__new__(Forest)
        new.catalogue, new.turned, new.long, new.short = self.catalogue, self.turned, self.long, self.short
        new.may_share = self.may_share
        new.cells = dict(self.cells)
        new.ends = dict(self.ends)
        new.parent = list(self.parent)
        new.path_animals = list(self.path_animals)
        new.stubs = dict(self.stubs)
        new.frontier = dict(self.frontier)
        new.minx, new.maxx, new.miny, new.maxy = self.minx, self.maxx, self.miny, self.maxy
        new.lair_tokens = dict(self.lair_tokens)
        new.water_drops = dict(self.water_drops)
        new.cleared = list(self.cleared)
        new._fit = self._fit
        return new

    # -- reading -------------------------------------------------------------
    @property
    def size(self) -> int:
        """Number of cards in the forest."""
        return len(self.cells)

    @property
    def capacity(self) -> int:
        """Number of cards in a complete forest (16, or 32 in advanced mode)."""
        return self.long * self.short

    def at(self, cell: Cell) -> Optional["PlacedCard"]:
        t = self.cells.get(tuple(cell))
        if t is None:
            return None
        return self._placed(tuple(cell), t)

    def _placed(self, cell: Cell, t: Turned) -> "PlacedCard":
        bits = self.water_drops.get(cell, 0)
        return PlacedCard(cell[0], cell[1], self.catalogue.cards[t.card].id, t.q * 90, self.lair_tokens.get(cell, 0),
                          tuple(FOODS[f] for f in range(4) if bits >> f & 1))

    def cards(self) -> List["PlacedCard"]:
        """Every placed card, in reading order (top row first, left to right)."""
        return [self._placed(c, self.cells[c]) for c in sorted(self.cells, key=_reading)]

    def animal_cells(self) -> List[Cell]:
        """Cells holding an animal, in reading order."""
        return sorted((c for c, t in self.cells.items() if t.is_animal), key=_reading)

    def lairs(self, cell: Cell) -> int:
        return self.lair_tokens.get(tuple(cell), 0)

    def water(self, cell: Cell) -> Tuple[str, ...]:
        bits = self.water_drops.get(tuple(cell), 0)
        return tuple(FOODS[f] for f in range(4) if bits >> f & 1)

    def free_corners(self) -> List[Tuple[Cell, int]]:
        """(animal cell, food index) of every food corner without a water drop, in reading order."""
        drops = self.water_drops
        return [(c, k) for c in self.animal_cells() for k in range(4) if not drops.get(c, 0) >> k & 1]

    def bbox(self) -> Optional[Tuple[int, int, int, int]]:
        """``(min_x, min_y, max_x, max_y)`` of the cards, or None for an empty forest."""
        if not self.cells:
            return None
        return (self.minx, self.miny, self.maxx, self.maxy)

    def is_full(self) -> bool:
        return len(self.cells) >= self.long * self.short

    # -- paths -----------------------------------------------------------------
    def _find(self, n: int) -> int:
        parent = self.parent
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    def path_root(self, cell: Cell) -> int:
        """The path (union-find root) an animal's stub belongs to."""
        return self._find(self.stubs[cell])

    def neighbour_roots(self, cell: Cell) -> Tuple[int, int, int, int]:
        """For each edge of an empty ``cell``: the path reaching it from the neighbour, or -1."""
        x, y = cell
        ends, find = self.ends, self._find
        out = []
        for d in range(4):
            dx, dy = DELTA[d]
            n = ends.get((x + dx, y + dy, (d + 2) % 4))
            out.append(-1 if n is None else find(n))
        return tuple(out)

    def walk(self, cell: Cell) -> List[Tuple[Cell, int]]:
        """The foods an animal meets walking its path out from its den, in order,
        as ``(cell, food index)`` pairs. The walk stops at a dead end, at another
        den, at an empty cell or at a card with no path end on the edge reached."""
        cells = self.cells
        d = cells[cell].exit
        x, y = cell
        steps: List[Tuple[Cell, int]] = []
        for _ in range(len(cells) + 1):
            dx, dy = DELTA[d]
            x += dx
            y += dy
            t = cells.get((x, y))
            if t is None:
                break
            way = t.walk[(d + 2) % 4]
            if way is None:
                break
            foods, out = way
            for f in foods:
                steps.append(((x, y), f))
            if out < 0:
                break
            d = out
        return steps

    def path_cells(self, cell: Cell) -> List[Cell]:
        """The cells an animal's path runs through, den first."""
        cells = self.cells
        d = cells[cell].exit
        x, y = cell
        out = [cell]
        for _ in range(len(cells) + 1):
            dx, dy = DELTA[d]
            x += dx
            y += dy
            t = cells.get((x, y))
            if t is None or t.walk[(d + 2) % 4] is None:
                break
            out.append((x, y))
            nxt = t.walk[(d + 2) % 4][1]
            if nxt < 0:
                break
            d = nxt
        return out

    def shared_paths(self) -> List[Tuple[Cell, ...]]:
        """Groups of animals that share one path (possible only after a forced placement, or when
        the forest ``may_share`` paths)."""
        groups: Dict[int, List[Cell]] = {}
        for c in self.animal_cells():
            groups.setdefault(self.path_root(c), []).append(c)
        return [tuple(g) for g in groups.values() if len(g) > 1]

    # -- placement -------------------------------------------------------------
    def fitting_cells(self) -> List[Cell]:
        """Empty cells next to the forest where a card keeps it inside its bounds, sorted."""
        if self._fit is None:
            if not self.cells:
                self._fit = [(0, 0)]
            else:
                minx, maxx, miny, maxy = self.minx, self.maxx, self.miny, self.maxy
                lo, sh = self.long, self.short
                fit = []
                for (x, y) in self.frontier:
                    w = (maxx if maxx > x else x) - (minx if minx < x else x) + 1
                    h = (maxy if maxy > y else y) - (miny if miny < y else y) + 1
                    if (w <= lo and h <= sh) or (w <= sh and h <= lo):
                        fit.append((x, y))
                fit.sort()
                self._fit = fit
        return self._fit

    def fits(self, cell: Cell) -> bool:
        """Would the forest stay inside its bounds with a card at ``cell``?"""
        if not self.cells:
            return True
        x, y = cell
        w = max(self.maxx, x) - min(self.minx, x) + 1
        h = max(self.maxy, y) - min(self.miny, y) + 1
        return (w <= self.long and h <= self.short) or (w <= self.short and h <= self.long)

    def is_adjacent(self, cell: Cell) -> bool:
        return cell in self.frontier or (not self.cells and cell == (0, 0))

    def can_place(self, card: int) -> bool:
        """Does ``card`` fit somewhere, in some turn, without putting two animals on one path?"""
        for cell in self.fitting_cells():
            if self.legal_turns(cell, card):
                return True
        return False

    def legal_turns(self, cell: Cell, card: int, forced: bool = False) -> Tuple[int, ...]:
        """Quarter turns of ``card`` that may go on the empty, adjacent, fitting ``cell``
        without putting two animals on one path (all four when ``forced``, or when the forest
        ``may_share`` paths)."""
        if forced or self.may_share:
            return ALL_TURNS
        nb = self.neighbour_roots(cell)
        on_path = self.path_animals
        adirs = [d for d in range(4) if nb[d] >= 0 and on_path[nb[d]]]
        if not adirs:
            return ALL_TURNS
        turned = self.turned[card]
        if turned[0].is_animal:
            return tuple(q for q in ALL_TURNS if turned[q].exit not in adirs)
        if len(adirs) == 1:
            return ALL_TURNS
        return tuple(q for q in ALL_TURNS if self._animals_joined(nb, turned[q]) < 2)

    def _animals_joined(self, nb: Sequence[int], t: Turned) -> int:
        """Most animals that any one path would carry after placing ``t`` (neighbour roots ``nb``)."""
        on_path = self.path_animals
        groups = []
        for a, b, _ in t.segments:
            roots = set()
            if nb[a] >= 0:
                roots.add(nb[a])
            if b >= 0 and nb[b] >= 0:
                roots.add(nb[b])
            groups.append([roots, 1 if b == DEN else 0])
        if len(groups) == 2 and groups[0][0] & groups[1][0]:
            groups = [[groups[0][0] | groups[1][0], groups[0][1] + groups[1][1]]]
        return max(sum(on_path[r] for r in roots) + own for roots, own in groups)

    def animals_on_joined_path(self, cell: Cell, t: Turned) -> List[Cell]:
        """The animals (cells) that would end up on one path with ``t`` at ``cell``,
        for the most crowded path; used to explain an illegal placement."""
        nb = self.neighbour_roots(cell)
        best: List[Cell] = []
        for a, b, _ in t.segments:
            roots = {nb[e] for e in (a, b) if e >= 0 and nb[e] >= 0}
            for a2, b2, _ in t.segments:
                r2 = {nb[e] for e in (a2, b2) if e >= 0 and nb[e] >= 0}
                if roots & r2:
                    roots |= r2
            found = [c for c in self.animal_cells() if self.path_root(c) in roots]
            if b == DEN:
                found.append(cell)
            if len(found) > len(best):
                best = found
        return best

    def place(self, cell: Cell, t: Turned) -> List[int]:
        """Lay turned card ``t`` on ``cell`` (trusted legal); returns the roots of the
        paths that now run onto the new card."""
        x, y = cell
        self.cells[cell] = t
        self.frontier.pop(cell, None)
        for dx, dy in DELTA:
            n = (x + dx, y + dy)
            if n not in self.cells:
                self.frontier[n] = None
        if x < self.minx:
            self.minx = x
        if x > self.maxx:
            self.maxx = x
        if y < self.miny:
            self.miny = y
        if y > self.maxy:
            self.maxy = y
        self._fit = None
        ends, parent, on_path, find = self.ends, self.parent, self.path_animals, self._find
        joined = []
        for a, b, _ in t.segments:
            node = len(parent)
            parent.append(node)
            on_path.append(1 if b == DEN else 0)
            if b == DEN:
                self.stubs[cell] = node
            for e in (a, b):
                if e < 0:
                    continue
                ends[(x, y, e)] = node
                dx, dy = DELTA[e]
                other = ends.get((x + dx, y + dy, (e + 2) % 4))
                if other is not None:
                    ra, rb = find(node), find(other)
                    if ra != rb:
                        parent[rb] = ra
                        on_path[ra] += on_path[rb]
                    joined.append(ra)
        return [find(r) for r in joined]

    def remove_animal(self, cell: Cell) -> int:
        """Take an animal off the forest in the end-of-game clean-up; returns its card index.
        Its tokens leave with it (the caller returns them to the supply)."""
        t = self.cells.pop(cell)
        self.lair_tokens.pop(cell, None)
        self.water_drops.pop(cell, None)
        self.stubs.pop(cell, None)
        self.cleared.append((cell, t.card))
        self._fit = None
        return t.card

    # -- text form -------------------------------------------------------------
    def to_text(self) -> str:
        """The compact text form (see the module docstring); ``parse_layout`` reads it back."""
        return layout_text(self.cards())

    def __str__(self) -> str:
        return grid_text(self)

    def __repr__(self) -> str:
        return f"<Forest {self.size}/{self.capacity} cards: {self.to_text()}>"


class PlacedCard(tuple):
    """A card as it lies in a forest: ``(x, y, card, rotation, lairs, water)``.

    ``rotation`` is in degrees clockwise (0, 90, 180, 270); ``water`` lists the
    food corners carrying a water drop.
    """

    __slots__ = ()
    _fields = ("x", "y", "card", "rotation", "lairs", "water")

    def __new__(cls, x, y, card, rotation, lairs=0, water=()):
        return tuple.__new__(cls, (x, y, card, rotation, lairs, tuple(water)))

    x = property(lambda self: self[0])
    y = property(lambda self: self[1])
    card = property(lambda self: self[2])
    rotation = property(lambda self: self[3])
    lairs = property(lambda self: self[4])
    water = property(lambda self: self[5])

    @property
    def cell(self) -> Cell:
        return (self[0], self[1])

    def to_data(self) -> dict:
        data = {"card": self.card, "x": self.x, "y": self.y, "rotation": self.rotation}
        if self.lairs:
            data["lairs"] = self.lairs
        if self.water:
            data["water"] = list(self.water)
        return data

    def to_text(self) -> str:
        text = f"{self.card}@{self.x},{self.y}r{self.rotation}"
        tokens = []
        if self.lairs:
            tokens.append(f"lair={self.lairs}")
        if self.water:
            tokens.append("water=" + ",".join(self.water))
        return text + (f"[{';'.join(tokens)}]" if tokens else "")

    def __repr__(self) -> str:
        return f"PlacedCard({self.to_text()!r})"


def _reading(cell: Cell):
    return (cell[1], cell[0])


def layout_text(cards: Sequence[PlacedCard]) -> str:
    return " ".join(c.to_text() for c in cards)


def parse_layout(text: str) -> List[dict]:
    """Read the compact text form into card dicts (``card, x, y, rotation, lairs, water``).

    Raises ``ValueError`` whose message names the bad card (by position and text);
    whether the card ids exist is checked by whoever uses the layout.
    """
    if not isinstance(text, str):
        raise ValueError(f"a layout must be text, not {type(text).__name__}")
    out = []
    for i, item in enumerate(text.split()):
        m = CARD_TEXT.match(item)
        if not m:
            raise ValueError(f"card {i} {item!r} is not like 'A01@0,0r90' or 'A01@0,0r90[lair=1;water=egg]'")
        cid, x, y, rot, tokens = m.groups()
        card = {"card": cid, "x": int(x), "y": int(y), "rotation": int(rot)}
        if tokens:
            for part in tokens.split(";"):
                key, eq, value = part.partition("=")
                if key == "lair" and eq and value.isdigit():
                    card["lairs"] = int(value)
                elif key == "water" and eq:
                    card["water"] = value.split(",") if value else []
                else:
                    raise ValueError(f"card {i} {item!r}: unknown token {part!r} (use lair=N or water=FOOD,FOOD)")
        out.append(card)
    return out


def grid_text(forest: Forest) -> str:
    """A fixed-width picture of a forest: one ``ID/rot`` per cell, '.' for empty cells
    inside the bounding box, animals marked with their lair and water tokens below."""
    box = forest.bbox()
    if box is None:
        return "(empty forest)"
    minx, miny, maxx, maxy = box
    lines = ["      " + "".join(f"{x:>9}" for x in range(minx, maxx + 1))]
    for y in range(miny, maxy + 1):
        row = []
        for x in range(minx, maxx + 1):
            t = forest.cells.get((x, y))
            row.append(f"{'.':>9}" if t is None else f"{forest.catalogue.cards[t.card].id + '/' + str(t.q * 90):>9}")
        lines.append(f"{y:>6}" + "".join(row))
    return "\n".join(lines)


def check_rotation(degrees) -> int:
    """Quarter turns for a rotation in degrees; ``ValueError`` for anything but 0/90/180/270."""
    if isinstance(degrees, bool) or not isinstance(degrees, int) or degrees not in ROTATIONS:
        raise ValueError(f"rotation must be 0, 90, 180 or 270 degrees, not {degrees!r}")
    return ROTATIONS.index(degrees)


__all__ = ["Forest", "PlacedCard", "parse_layout", "layout_text", "check_rotation", "Cell"]
