"""The Circle of Life card catalogue: loading, validation and precomputed tables.

The kit ships one catalogue, ``cards.json`` next to this module (the "kit
edition": the published card list is not public, so levels, groups, actions,
restrictions and penalties are the kit's own values). A teacher who owns a box
can write another file in the same schema and load it with
``load_catalogue(path_or_dict)``; every mistake raises ``DataError`` naming the
card and field, e.g. ``species[3].actions[0].reach``.

Schema
------
Top level: ``title`` (text), optional ``note`` (text), ``setup`` (``savannah``
starting cards, ``hand`` size, ``tokens`` per player or null when tokens never
run out, ``big_five_bonus`` points), ``groups`` (group name -> colour) and
``species`` (a list). Each species has:

* ``name`` (letters, spaces, hyphens), ``copies`` (1-20), ``level`` (0-9),
  ``group`` (a key of ``groups``), ``predator`` and ``big_five`` (true/false),
  ``hand_penalty`` (0-20);
* ``restriction``: a list of conditions, all of which must hold for the
  savannah as it is before the card is placed. A condition is
  ``{"forbid": FILTER, "rightmost": n}`` (no card among the rightmost n matches;
  holds on an empty savannah) or ``{"require": FILTER, "rightmost": n}`` (at
  least one card among the rightmost n matches; fails on an empty savannah);
  n is 1-6 and a shorter savannah simply has fewer cards to look at;
* ``actions``: hunting actions, resolved top to bottom. An action is
  ``{"verb": "kill"|"scare", "count": 1-6 | "all", "filter": FILTER,
  "reach": 1-6}``, or ``{"choose": [ACTION, ACTION, ...]}`` when the player
  picks one branch;
* optional specials: ``lookout`` ``{"filter": FILTER, "reach": 1-6, "max": 1-9}``
  (1 bonus point per matching card within reach when the card is resolved,
  at most ``max``: the Giraffe), ``immune`` (never a target: the Maasai),
  ``rightmost_penalty`` (points lost by the owner of its token if it is the
  rightmost card at the end), ``starting_savannah`` (false: redrawn when dealt
  to the starting savannah).

A FILTER is an object whose keys must all match (``{}`` matches any card):
``species`` / ``not_species`` (lists of species names), ``group`` (list of
group names), ``predator`` and ``big_five`` (true/false), ``level_min`` and
``level_max`` (0-9).

Cards get ids ``C01``, ``C02``, ... in species order, one per copy.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from ..core.errors import DataError
from ..core.fields import safe_repr

NAME_PATTERN = re.compile(r"^[A-Za-z][A-Za-z \-]{0,29}$")
GROUP_PATTERN = re.compile(r"^[A-Z][A-Z_]{0,19}$")
VERBS = ("kill", "scare")
FILTER_KEYS = ("species", "not_species", "group", "predator", "big_five", "level_min", "level_max")
ACTION_KEYS = ("verb", "count", "filter", "reach")
SPECIES_REQUIRED = ("name", "copies", "level", "group", "predator", "big_five", "restriction", "actions",
                    "hand_penalty")
SPECIES_KEYS = SPECIES_REQUIRED + ("lookout", "immune", "rightmost_penalty", "starting_savannah")
SETUP_KEYS = {"savannah": (1, 20), "hand": (1, 10), "tokens": (0, 99), "big_five_bonus": (0, 999)}


# -- the compiled catalogue ---------------------------------------------------

@dataclass(frozen=True)
class Filter:
    """Which cards an action, restriction or lookout is about."""

    species: Optional[frozenset] = None
    not_species: Optional[frozenset] = None
    group: Optional[frozenset] = None
    predator: Optional[bool] = None
    big_five: Optional[bool] = None
    level_min: Optional[int] = None
    level_max: Optional[int] = None

    def matches(self, sp: "Species") -> bool:
        if self.species is not None and sp.name not in self.species:
            return False
        if self.not_species is not None and sp.name in self.not_species:
            return False
        if self.group is not None and sp.group not in self.group:
            return False
        if self.predator is not None and sp.predator != self.predator:
            return False
        if self.big_five is not None and sp.big_five != self.big_five:
            return False
        if self.level_min is not None and sp.level < self.level_min:
            return False
        if self.level_max is not None and sp.level > self.level_max:
            return False
        return True

    def text(self, plural: bool = False) -> str:
        """Plain words: "predator of level 3 or less", "Hyena or Jackal"."""
        parts: List[str] = []
        if self.species is not None:
            parts.append(" or ".join(sorted(self.species)))
        if self.group is not None:
            parts.append(" or ".join(sorted(self.group)) + " card")
        if self.predator is True:
            parts.append("predator")
        elif self.predator is False:
            parts.append("non-predator")
        if self.big_five is True:
            parts.append("Big Five card")
        elif self.big_five is False:
            parts.append("non-Big-Five card")
        if not parts:
            parts.append("card")
        text = " ".join(parts)
        if plural and len(parts) == 1 and self.species is not None:  # "all Hyenas and Jackals"
            text = " and ".join(_plural_name(n) for n in sorted(self.species))
        elif plural:
            text += "s"
        if self.not_species is not None:
            text += " except " + " or ".join(sorted(self.not_species))
        if self.level_min is not None and self.level_max is not None:
            text += f" of level {self.level_min}-{self.level_max}"
        elif self.level_max is not None:
            text += f" of level {self.level_max} or less"
        elif self.level_min is not None:
            text += f" of level {self.level_min} or more"
        return text


def _plural_name(name: str) -> str:
    """"Hyenas", "Rhinoceroses", "Wildebeest": a species name for several cards."""
    if name in ("Wildebeest", "Maasai"):
        return name
    return name + ("es" if name.endswith(("s", "sh", "ch", "x", "o")) else "s")


@dataclass(frozen=True)
class Condition:
    """One placement condition, checked on the rightmost ``rightmost`` cards."""

    kind: str  # "forbid" or "require"
    filter: Filter
    rightmost: int

    def text(self) -> str:
        """"no predator as the rightmost card", "at least one non-predator among the rightmost 3 cards"."""
        what = self.filter.text()
        if self.rightmost == 1:
            some = "an" if what[0] in "AEIOUaeiou" else "a"
            return f"{'no' if self.kind == 'forbid' else some} {what} as the rightmost card"
        where = f"among the rightmost {self.rightmost} cards"
        if self.kind == "forbid":
            return f"no {what} {where}"
        return f"at least one {what} {where}"


@dataclass(frozen=True)
class Action:
    """A kill or scare action: ``count`` None means ``all``."""

    verb: str
    count: Optional[int]
    filter: Filter
    reach: int

    def text(self) -> str:
        what = f"all {self.filter.text(plural=True)}" if self.count is None else (
            f"{self.count} {self.filter.text(plural=self.count > 1)}")
        return f"{self.verb} {what} within reach {self.reach}"


@dataclass(frozen=True)
class Choose:
    """The player picks one of ``branches``."""

    branches: Tuple[Action, ...]

    def text(self) -> str:
        return "choose: " + " OR ".join(b.text() for b in self.branches)


@dataclass(frozen=True)
class Lookout:
    filter: Filter
    reach: int
    max: int

    def text(self) -> str:
        return (f"+1 bonus point per {self.filter.text()} among the {self.reach} cards to its left "
                f"(at most {self.max})")


@dataclass(frozen=True)
class Species:
    index: int
    name: str
    copies: int
    level: int
    group: str
    predator: bool
    big_five: bool
    restriction: Tuple[Condition, ...]
    actions: Tuple[Union[Action, Choose], ...]
    hand_penalty: int
    lookout: Optional[Lookout]
    immune: bool
    rightmost_penalty: int
    starting_savannah: bool


class Catalogue:
    """A validated card list with per-card lookup tables (indexed by card number)."""

    def __init__(self, title: str, setup: Dict[str, int], groups: Dict[str, str], species: Sequence[Species],
                 raw: dict):
        self.title = title
        self.setup = dict(setup)
        self.groups = dict(groups)
        self.species: Tuple[Species, ...] = tuple(species)
        self.by_name = {sp.name: sp for sp in self.species}
        self.raw = raw
        cards: List[Species] = []
        for sp in self.species:
            cards.extend([sp] * sp.copies)
        width = max(2, len(str(len(cards))))
        #: card number -> card id ("C01"), and back
        self.ids: Tuple[str, ...] = tuple(f"C{i + 1:0{width}d}" for i in range(len(cards)))
        self.index = {cid: i for i, cid in enumerate(self.ids)}
        #: card number -> its species
        self.card_species: Tuple[Species, ...] = tuple(cards)
        self.size = len(cards)
        self.level = tuple(sp.level for sp in cards)
        self.group = tuple(sp.group for sp in cards)
        self.predator = tuple(sp.predator for sp in cards)
        self.immune = tuple(sp.immune for sp in cards)
        self.penalty = tuple(sp.hand_penalty for sp in cards)
        self.name = tuple(sp.name for sp in cards)
        self.big_five_species = tuple(sp.name for sp in self.species if sp.big_five)
        #: species name -> card numbers of that species, in id order
        self.cards_of = {sp.name: tuple(i for i, c in enumerate(cards) if c is sp) for sp in self.species}
        self._tables: Dict[Filter, Tuple[bool, ...]] = {}

    def table(self, flt: Filter, targets: bool = False) -> Tuple[bool, ...]:
        """Per card number: does it match ``flt``? With ``targets`` immune cards never match."""
        key = (flt, targets)
        if key not in self._tables:
            self._tables[key] = tuple(flt.matches(sp) and not (targets and sp.immune) for sp in self.card_species)
        return self._tables[key]

    def label(self, card: int) -> str:
        """"Zebra (C35)"."""
        return f"{self.name[card]} ({self.ids[card]})"

    def __repr__(self) -> str:
        return f"<Catalogue {self.title!r}: {len(self.species)} species, {self.size} cards>"


# -- validation -----------------------------------------------------------------

def _check_keys(value: dict, field: str, known: Sequence[str], required: Sequence[str], what: str) -> None:
    """Refuse unknown keys (a misspelt key would otherwise be ignored without a word) and name the
    first missing one."""
    where = f"{field}." if field else ""
    unknown = sorted(set(value) - set(known))
    if unknown:
        raise DataError(where + unknown[0], f"unknown {what}; use {', '.join(known)}")
    for key in required:
        if key not in value:
            raise DataError(where + key, "missing")


def _int(value: Any, field: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise DataError(field, f"must be a whole number {lo}-{hi}, not {safe_repr(value)}")
    return value


def _bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise DataError(field, f"must be true or false, not {safe_repr(value)}")
    return value


def _names(value: Any, field: str, known: Sequence[str], what: str) -> frozenset:
    if not isinstance(value, list) or not value:
        raise DataError(field, f"must be a non-empty list of {what} names")
    for i, name in enumerate(value):
        if name not in known:
            raise DataError(f"{field}[{i}]", f"unknown {what} {safe_repr(name)}")
    return frozenset(value)


def _filter(value: Any, field: str, species_names: Sequence[str], groups: Sequence[str]) -> Filter:
    if not isinstance(value, dict):
        raise DataError(field, "must be an object such as {\"predator\": true}")
    _check_keys(value, field, FILTER_KEYS, (), "filter key")
    kw: Dict[str, Any] = {}
    for key in ("species", "not_species"):
        if key in value:
            kw[key] = _names(value[key], f"{field}.{key}", species_names, "species")
    if "group" in value:
        kw["group"] = _names(value["group"], f"{field}.group", groups, "group")
    for key in ("predator", "big_five"):
        if key in value:
            kw[key] = _bool(value[key], f"{field}.{key}")
    for key in ("level_min", "level_max"):
        if key in value:
            kw[key] = _int(value[key], f"{field}.{key}", 0, 9)
    if "level_min" in kw and "level_max" in kw and kw["level_min"] > kw["level_max"]:
        raise DataError(f"{field}.level_min", "is above level_max: nothing can match")
    return Filter(**kw)


def _action(value: Any, field: str, names: Sequence[str], groups: Sequence[str]) -> Action:
    if not isinstance(value, dict):
        raise DataError(field, "must be an object with verb, count, filter and reach")
    _check_keys(value, field, ACTION_KEYS, ACTION_KEYS, "action key")
    if value["verb"] not in VERBS:
        raise DataError(f"{field}.verb", f"must be 'kill' or 'scare', not {safe_repr(value['verb'])}")
    count = value["count"]
    if count != "all":
        count = _int(count, f"{field}.count", 1, 6)
    else:
        count = None
    reach = _int(value["reach"], f"{field}.reach", 1, 6)
    return Action(value["verb"], count, _filter(value["filter"], f"{field}.filter", names, groups), reach)


def _condition(value: Any, field: str, names: Sequence[str], groups: Sequence[str]) -> Condition:
    if not isinstance(value, dict):
        raise DataError(field, "must be an object such as {\"forbid\": {\"predator\": true}, \"rightmost\": 1}")
    kinds = [k for k in ("forbid", "require") if k in value]
    if len(kinds) != 1:
        raise DataError(field, "needs exactly one of 'forbid' or 'require'")
    _check_keys(value, field, ("forbid", "require", "rightmost"), ("rightmost",), "condition key")
    kind = kinds[0]
    return Condition(kind, _filter(value[kind], f"{field}.{kind}", names, groups),
                     _int(value["rightmost"], f"{field}.rightmost", 1, 6))


def _actions(value: Any, field: str, names: Sequence[str], groups: Sequence[str]) -> Tuple[Union[Action, Choose], ...]:
    """A card's hunting actions: plain actions, or ``{"choose": [...]}`` when the player picks a branch."""
    if not isinstance(value, list):
        raise DataError(field, "must be a list of actions (empty for none)")
    if len(value) > 4:
        raise DataError(field, "at most 4 actions per card")
    actions: List[Union[Action, Choose]] = []
    for j, a in enumerate(value):
        where = f"{field}[{j}]"
        if not (isinstance(a, dict) and "choose" in a):
            actions.append(_action(a, where, names, groups))
            continue
        if set(a) != {"choose"}:
            raise DataError(where, "a choose action holds only 'choose'")
        branches = a["choose"]
        if not isinstance(branches, list) or not 2 <= len(branches) <= 4:
            raise DataError(f"{where}.choose", "must be a list of 2-4 actions")
        actions.append(Choose(tuple(_action(b, f"{where}.choose[{k}]", names, groups)
                                    for k, b in enumerate(branches))))
    return tuple(actions)


def _lookout(value: Any, field: str, names: Sequence[str], groups: Sequence[str]) -> Optional[Lookout]:
    """The Giraffe's special (None when the card has none)."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"filter", "reach", "max"}:
        raise DataError(field, "must be an object with filter, reach and max")
    return Lookout(_filter(value["filter"], f"{field}.filter", names, groups),
                   _int(value["reach"], f"{field}.reach", 1, 6), _int(value["max"], f"{field}.max", 1, 9))


def _species(value: Any, i: int, names: Sequence[str], groups: Sequence[str]) -> Species:
    field = f"species[{i}]"
    _check_keys(value, field, SPECIES_KEYS, SPECIES_REQUIRED, "species field")
    if value["group"] not in groups:
        raise DataError(f"{field}.group", f"unknown group {safe_repr(value['group'])}; groups are {', '.join(groups)}")
    if not isinstance(value["restriction"], list):
        raise DataError(f"{field}.restriction", "must be a list of conditions (empty for none)")
    restriction = tuple(_condition(c, f"{field}.restriction[{j}]", names, groups)
                        for j, c in enumerate(value["restriction"]))
    actions = _actions(value["actions"], f"{field}.actions", names, groups)
    return Species(
        index=i, name=value["name"], copies=_int(value["copies"], f"{field}.copies", 1, 20),
        level=_int(value["level"], f"{field}.level", 0, 9), group=value["group"],
        predator=_bool(value["predator"], f"{field}.predator"),
        big_five=_bool(value["big_five"], f"{field}.big_five"),
        restriction=restriction, actions=actions,
        hand_penalty=_int(value["hand_penalty"], f"{field}.hand_penalty", 0, 20),
        lookout=_lookout(value.get("lookout"), f"{field}.lookout", names, groups),
        immune=_bool(value.get("immune", False), f"{field}.immune"),
        rightmost_penalty=_int(value.get("rightmost_penalty", 0), f"{field}.rightmost_penalty", 0, 99),
        starting_savannah=_bool(value.get("starting_savannah", True), f"{field}.starting_savannah"),
    )


def _check_top_level(raw: Any) -> None:
    """The catalogue is an object with exactly the known top-level fields, and a title."""
    if not isinstance(raw, dict):
        raise DataError("", "a catalogue must be a JSON object")
    _check_keys(raw, "", ("title", "note", "setup", "groups", "species"), ("title", "setup", "groups", "species"),
                "top-level field")
    if not isinstance(raw["title"], str) or not raw["title"].strip():
        raise DataError("title", "must be a non-empty text")


def _check_setup(setup: Any) -> None:
    """Every set-up number is present and in range."""
    if not isinstance(setup, dict):
        raise DataError("setup", "must be an object")
    _check_keys(setup, "setup", tuple(SETUP_KEYS), tuple(SETUP_KEYS), "setup field")
    for key, (lo, hi) in SETUP_KEYS.items():
        if not (key == "tokens" and setup[key] is None):  # null: tokens never run out (kit ruling K16)
            _int(setup[key], f"setup.{key}", lo, hi)


def _check_groups(groups: Any) -> None:
    """Group names are capitals (they are printed on the board), each with a colour."""
    if not isinstance(groups, dict) or not groups:
        raise DataError("groups", "must be an object: group name -> colour")
    for g, colour in groups.items():
        if not GROUP_PATTERN.match(g):
            raise DataError(f"groups.{g}", "group names are capital letters, e.g. CATS")
        if not isinstance(colour, str) or not colour:
            raise DataError(f"groups.{g}", "the colour must be a non-empty text")


def _species_names(species: Any) -> List[str]:
    """The species names, read first because filters of any species may name any other."""
    if not isinstance(species, list) or not species:
        raise DataError("species", "must be a non-empty list")
    names: List[str] = []
    for i, sp in enumerate(species):
        if not isinstance(sp, dict):
            raise DataError(f"species[{i}]", "must be an object")
        name = sp.get("name")
        if not isinstance(name, str) or not NAME_PATTERN.match(name):
            raise DataError(f"species[{i}].name", f"must be 1-30 letters, spaces or hyphens, not {safe_repr(name)}")
        if name in names:
            raise DataError(f"species[{i}].name", f"{safe_repr(name)} appears twice")
        names.append(name)
    return names


def _check_card_count(species: Sequence[Species], setup: Dict[str, int]) -> None:
    """Enough cards to lay the savannah and deal two hands with one card left to draw."""
    total = sum(sp.copies for sp in species)
    starters = sum(sp.copies for sp in species if sp.starting_savannah)
    if starters < setup["savannah"]:
        raise DataError("setup.savannah", f"only {starters} cards may start on the savannah")
    if total < setup["savannah"] + 2 * setup["hand"] + 1:
        raise DataError("species", f"{total} cards are too few for a 2-player game")
    if total > 999:
        raise DataError("species", f"{total} cards: at most 999")


def parse_catalogue(raw: Any) -> Catalogue:
    """Validate catalogue data (already parsed JSON) and compile it."""
    _check_top_level(raw)
    _check_setup(raw["setup"])
    _check_groups(raw["groups"])
    names = _species_names(raw["species"])
    compiled = [_species(sp, i, names, list(raw["groups"])) for i, sp in enumerate(raw["species"])]
    _check_card_count(compiled, raw["setup"])
    return Catalogue(raw["title"], raw["setup"], raw["groups"], compiled, raw)


def load_catalogue(source: Union[None, str, Path, dict] = None) -> Catalogue:
    """The kit catalogue (``source`` None), or another one from a JSON file path or parsed data."""
    if source is None:
        return default_catalogue()
    if isinstance(source, dict):
        return parse_catalogue(source)
    try:
        text = Path(source).read_text("utf-8")
    except OSError as exc:
        raise DataError("", f"cannot read {source}: {exc.strerror}") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError("", f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    return parse_catalogue(raw)


@lru_cache(maxsize=1)
def default_catalogue() -> Catalogue:
    """The catalogue shipped with the kit (loaded and checked once)."""
    raw = json.loads(resources.files(__package__).joinpath("cards.json").read_text("utf-8"))
    return parse_catalogue(raw)


@lru_cache(maxsize=1)
def original_catalogue() -> Catalogue:
    """The kit catalogue with the species table as first printed, before kit ruling K17
    (``species_original.json``: the rows that differ; the option ``species="original"``)."""
    raw = catalogue_data()
    first = json.loads(resources.files(__package__).joinpath("species_original.json").read_text("utf-8"))
    raw["title"], raw["note"] = first["title"], first["note"]
    for sp in raw["species"]:
        sp["actions"] = first["actions"].get(sp["name"], sp["actions"])
    return parse_catalogue(raw)


def catalogue_data() -> dict:
    """A fresh copy of the kit catalogue's data, to edit and load as another catalogue."""
    return json.loads(resources.files(__package__).joinpath("cards.json").read_text("utf-8"))
