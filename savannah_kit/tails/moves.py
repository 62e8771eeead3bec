"""Savannah Tails moves: small frozen values naming a card and everything it implies.

A ``Move`` names what is played (a movement card such as ``"yellow-5"``, or the bonuses ``"crazy-wings"`` /
``"deja-vu"``), the kind (``"normal"`` move or a ``"one-space"`` move), the space where the ostrich ends the
turn, and every choice on the way: the bonuses armed at water holes, the bonus cards given up to cheetahs,
whether Boinnnggg, Neck Stretch or Leapfrog is used, and whether a '2' tiptoes (only where tiptoeing changes
what the move does: kit ruling K8). Two routes that differ in nothing but the path count as one move
(``game.route(move)`` shows the path the engine takes, ``game.routes(move)`` every one).

The move generator does not put anything else on a move: what the move does in the current position (its
``Plan``) is kept by the game beside the list of legal moves. So equal moves are interchangeable, and the
generator shares one ``Move`` object between all the positions it is legal in (``generate.plain_move``).

A ``Discard`` is the other decision: the cards given up when the hand is over the hand size
(``tails.draw.hand-size``). ``move_from_data`` reads either back from a save file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple, Optional, Tuple

from ..core.errors import SaveFileError
from ..core.fields import safe_repr
from .data import BONUS_FACES, CARD_CODES, LANES, Mode, PlayKind, need
from .track import steps_of

KINDS = ("normal", "one-space")
PLAYS = tuple(CARD_CODES) + ("crazy-wings", "deja-vu")
FLAGS = ("warthog", "boinnnggg", "neck_stretch", "leapfrog", "tiptoe")


@dataclass(frozen=True, slots=True)
class Move:
    card: Optional[str] = None
    to: Optional[str] = None
    kind: str = "normal"
    lane: Optional[str] = None          # the announced colour of Crazy Wings
    arm: Tuple[str, ...] = ()           # bonuses armed at the water holes entered
    lose: Tuple[str, ...] = ()          # bonus cards given up to cheetahs
    warthog: bool = False               # the route enters a warthog space
    boinnnggg: bool = False
    neck_stretch: bool = False
    leapfrog: bool = False
    tiptoe: bool = False                # a '2' played tiptoeing (only where that changes the move)
    discard: Tuple[str, ...] = ()       # deprecated: Move(kind="discard", discard=...) is now Discard(...)
    player: Optional[int] = field(default=None, compare=False)  # optional check: whose move it is

    def to_data(self) -> dict:
        """Plain JSON data (only the fields that differ from the defaults)."""
        out: dict = {"kind": self.kind} if self.kind != "normal" else {}
        out.update((key, getattr(self, key)) for key in ("card", "to", "lane", "player")
                   if getattr(self, key) is not None)
        out.update((key, list(getattr(self, key))) for key in ("arm", "lose") if getattr(self, key))
        out.update((key, True) for key in FLAGS if getattr(self, key))
        return out

    @classmethod
    def from_data(cls, data: Any) -> "Move":
        """A move from its ``to_data()`` form; ``SaveFileError`` names the bad field."""
        if isinstance(data, Move):
            return data
        need(isinstance(data, dict), "", f"expected an object, got {safe_repr(data)}", SaveFileError)
        allowed = {"player", "kind", "card", "to", "lane", "arm", "lose"} | set(FLAGS)
        for key in data:
            need(key in allowed, key, "unknown field", SaveFileError)
        fields = {key: _read_name(data, key, names) for key, names in
                  (("kind", KINDS), ("card", PLAYS), ("lane", LANES))}
        fields["kind"] = fields["kind"] or "normal"
        to = data.get("to")
        need(to is None or isinstance(to, str), "to", f"expected a space name, got {safe_repr(to)}", SaveFileError)
        for key in ("arm", "lose"):
            fields[key] = _read_names(data, key, BONUS_FACES)
        for key in FLAGS:
            value = data.get(key, False)
            need(isinstance(value, bool), key, f"expected true or false, got {safe_repr(value)}", SaveFileError)
            fields[key] = value
        return cls(to=to, player=_read_player(data), **fields)

    def __str__(self) -> str:
        what = self.card if self.lane is None else f"{self.card} ({self.lane})"
        parts = [f"{what}{' one space' if self.kind == 'one-space' else ''} to {self.to}"]
        parts += [words for flag, words in (("tiptoe", "tiptoeing"), ("boinnnggg", "Boinnnggg"),
                                            ("neck_stretch", "Neck Stretch"), ("leapfrog", "Leapfrog"))
                  if getattr(self, flag)]
        parts += [f"{verb} {'+'.join(faces)}" for verb, faces in (("arm", self.arm), ("lose", self.lose)) if faces]
        return ", ".join(parts + (["via warthog"] if self.warthog else []))

    def __repr__(self) -> str:
        fields = [f"{self.card!r}"] if self.card is not None else []
        fields += [f"{key}={getattr(self, key)!r}" for key in ("player", "to", "kind", "lane", "arm", "lose")
                   if getattr(self, key) not in (None, "normal", ())]  # only what differs from the defaults
        fields += [f"{key}=True" for key in FLAGS if getattr(self, key)]
        return f"Move({', '.join(fields)})"


@dataclass(frozen=True, slots=True)
class Discard:
    """Give up ``cards`` to get back to the hand size (``tails.draw.hand-size``): the decision
    that follows a turn ending with too many cards. The cards are kept in name order, so
    ``Discard(("red-3", "blue-4"))`` and ``Discard(("blue-4", "red-3"))`` are one move."""

    cards: Tuple[str, ...]
    player: Optional[int] = field(default=None, compare=False)  # optional check: whose move it is

    def __post_init__(self):
        cards = (self.cards,) if type(self.cards) is str else self.cards
        if type(cards) is tuple and all(type(c) is str for c in cards):
            object.__setattr__(self, "cards", tuple(sorted(cards)))

    def to_data(self) -> dict:
        return {"discard": list(self.cards), **({"player": self.player} if self.player is not None else {})}

    @classmethod
    def from_data(cls, data: dict) -> "Discard":
        """A discard from its ``to_data()`` form (an earlier ``"kind": "discard"`` too)."""
        for key in data:
            need(key in ("discard", "player", "kind"), key, "unknown field of a discard", SaveFileError)
        if data.get("kind", "discard") != "discard":
            raise SaveFileError("kind", f"a discard has no kind {safe_repr(data['kind'])}")
        return cls(_read_names(data, "discard", tuple(CARD_CODES)), player=_read_player(data))

    def __str__(self) -> str:
        return "discard " + ", ".join(self.cards)

    def __repr__(self) -> str:
        player = f", player={self.player}" if self.player is not None else ""
        return f"Discard({self.cards!r}{player})"


def move_from_data(data: Any):
    """A ``Move`` or a ``Discard`` from its ``to_data()`` form; ``SaveFileError`` names the bad field."""
    if isinstance(data, dict) and "discard" in data and (data.get("kind") == "discard" or "card" not in data):
        return Discard.from_data(data)
    if isinstance(data, Discard):
        return data
    return Move.from_data(data)


def _read_names(data: dict, key: str, names: Tuple[str, ...]) -> Tuple[str, ...]:
    value = data.get(key, [])
    need(isinstance(value, list) and all(v in names for v in value), key,
         f"expected a list of names from {', '.join(names)}, got {safe_repr(value)}", SaveFileError)
    return tuple(sorted(value))


def _read_player(data: dict) -> Optional[int]:
    player = data.get("player")
    need(player is None or type(player) is int and 0 <= player < 5, "player",
         f"expected a seat number 0-4, got {safe_repr(player)}", SaveFileError)
    return player


def _read_name(data: dict, key: str, names: Tuple[str, ...]) -> Optional[str]:
    value = data.get(key)
    need(value is None or isinstance(value, str) and value in names, key,
         f"unknown {key} {safe_repr(value)}; use one of {', '.join(names)}", SaveFileError)
    return value


class CardPlay(NamedTuple):
    """What a move plays and how it moves: shared by every move of one card in one mode."""

    key: int                # what is played, as a number: card code 0-19, 20-23 Crazy Wings by lane, 24 Déjà vu
    card: str               # the move's ``card``: a card name, "crazy-wings" or "deja-vu"
    play: PlayKind
    code: int               # the movement card's code (-1 for Crazy Wings)
    target: int             # the card lane
    value: int
    bonus: int              # bonus movement (0 without)
    mode: Mode
    lane: Optional[str]     # the colour Crazy Wings announces


class Finish(NamedTuple):
    """What happens once the steps of a move are taken."""

    neck_steps: Tuple[int, ...]  # Neck Stretch's extra steps
    leap_to: int                 # Leapfrog's landing space (-1: none)
    dune_to: int                 # where a final dune arrow sends the ostrich (-1: no arrow; itself: blocked)
    final: int                   # where the ostrich ends the turn
    water: int                   # water-hole spaces entered, Neck Stretch included
    armed: Tuple[int, ...]       # bonus cards (0-2) armed at those water holes
    lost: Tuple[int, ...]        # bonus cards (0-2) given up to cheetahs


class Plan(NamedTuple):
    """Everything a legal move does in the current position, as the generator worked it out."""

    card: CardPlay
    route: Any      # the track's RouteEnd: where the steps end, and what they met
    mask: int       # the spaces the steps enter (``track.steps_of`` lists them in order)
    finish: Finish

    @property
    def landed(self) -> int:
        """Where the ostrich stands before a dune arrow moves it."""
        finish = self.finish
        return finish.leap_to if finish.leap_to >= 0 else finish.neck_steps[-1] if finish.neck_steps else self.route.end

    def spaces(self) -> Tuple[int, ...]:
        """The spaces the move enters, in order: its steps, Neck Stretch, the Leapfrog landing and
        the dune shift (``game.route``)."""
        finish = self.finish
        leap = (finish.leap_to,) if finish.leap_to >= 0 else ()
        shift = (finish.dune_to,) if 0 <= finish.dune_to != self.landed else ()
        return steps_of(self.mask) + finish.neck_steps + leap + shift
