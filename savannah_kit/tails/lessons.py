"""The Savannah Tails exercises: the named functions their records call, their answer forms and pictures.

The exercises themselves are data: ``lessons.json`` beside this module holds each one's hand-built
race (scenario data on a course of the kit's own tiles),
question, answer form, hints, named mistakes and rules (the format is in the README, "Writing an
exercise"), in learning order: the race order, moving, blocked moves (lesson 4), water holes and
the bonus cards (lesson 5), the terrain of the hard tiles (lesson 6), the animals and tiptoeing with
a '2' (lesson 7), and the fine print (lesson 8). ``EXERCISES`` are those records read and checked;
``savannah_kit.teach.exercise.exercise("tails.bonus-movement")`` finds one by id.

What a record works out is a function here marked ``@named``. Most of them read the engine's legal
moves through a *move* given as data: the move's fields that must match, like
``{"card": "blue-2", "arm": true}`` (a normal move unless ``kind`` says otherwise, ``"any"`` for
every kind; ``true``/``false`` ask whether a field is set; ``to_lane`` is the lane the move ends
on). ``end``, ``ends``, ``cards_of``, ``arms`` and ``loses`` answer from the matching moves, and
``why`` gives the engine's account of the first. Other functions give a misreading's answer
(``ahead``: the space some steps along a lane) or a picture that does not give the answer away: no
ringed spaces, no route, no log line, and for race-order questions no race-position badges; the
turn-order questions draw no players' panel (it lists the turn order) and no "Red to move" in the
header. The solution picture rings the answer (or shows the badges).

Answers are given by clicking the picture (a space, an ostrich, a card in hand) or typed: spaces in the
board's words, numbered from 1 as the footprints print them (``T05 yellow 5``, ``yellow 5 on T05``,
``T05 yellow lane space 5``; the engine's ``T05:yellow:4``, counted from 0, is read too); ostriches by
their player's name (``Purple, Red``); cards as ``yellow-3``; bonus cards by name (``Crazy Wings, Déjà
vu``) or by clicking them in the player's panel. What is counted rather than pointed at (cards in a
hand or a deck, spaces past the finish line) is typed as a number (``16``, ``16 cards``).

What the learner reads is made trustworthy in one place (``for_learners``): each exercise's typed
example is the first of its answer form's examples that is neither its answer nor a named mistake (so
"type it like ..." and the answer box's placeholder never give the answer away); its words name
spaces as the footprints number them and carry no labels of the kit's notes; and a wrong space gets
the engine's own reason under the rule it cites (``why_wrong``). ``first_race_walk`` plays lesson 01's
guided race through its board to measure the lesson (``quick_start_measure``).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Dict, FrozenSet, Iterable, List, Mapping, Optional, Sequence, Tuple

from ..core.scene import Scene, Text
from ..teach import answers
from ..teach.answers import Answer, AnswerError
from ..teach.exercise import Exercise
from ..teach.records import LessonBook
from . import from_scenario, new_game
from .data import BONUS_NAMES, CARD_CODES, CARD_NAMES, LANES, PLAYER_COLOURS, tiles_data
from .moves import Move
from .track import START

__all__ = ["EXERCISES", "BOOK", "named", "LESSONS", "SPACE", "SPACES", "RACE_ORDER", "CARDS", "BONUSES",
           "PLAYER_WORDS", "played", "why", "moving_picture", "board_words", "say", "FIRST_RACE", "first_race",
           "first_race_walk", "lesson_minutes"]

LESSONS = Path(__file__).with_name("lessons.json")

# -- answer forms ----------------------------------------------------------------------------------------------

#: a space as the engine names it: ``T05:yellow:4`` (the index along the lane counts from 0)
_ENGINE_RE = r"(?P<etile>[TV]\d{1,2}):(?P<elane>red|blue|yellow|black|bridge):(?P<eindex>\d+)"
#: a space in the board's words, counted from 1 as the footprints and tooltips number them:
#: ``T05 yellow 5``, ``T05 yellow lane space 5``, ``yellow 5 on T05``
_WORDS_RE = (r"(?P<wtile>[TV]\d{1,2})\s*,?\s*(?P<wlane>red|blue|yellow|black|bridge)(?:\s+lane)?\s*,?\s*"
             r"(?:space\s*)?(?P<windex>\d+)"
             r"|(?P<olane>red|blue|yellow|black|bridge)(?:\s+lane)?\s*,?\s*(?:space\s*)?(?P<oindex>\d+)\s+on\s+"
             r"(?:tile\s+)?(?P<otile>[TV]\d{1,2})")
_SPACE_RE = re.compile(f"{_ENGINE_RE}|{_WORDS_RE}", re.IGNORECASE)
_LEFTOVER = re.compile(r"[\s,;/\[\](){}'\"]|\band\b", re.IGNORECASE)
_NAME_RE = re.compile(r"\b([TV]\d{1,2}):(red|blue|yellow|black|bridge):(\d+)\b")
_FORMS = "T05 yellow 5 or yellow 5 on T05 (the number printed on the footprint)"


def _tile(tile: str) -> str:
    tile = tile.upper()
    return f"{tile[0]}0{tile[1]}" if len(tile) == 2 else tile


def _space_name(m: "re.Match[str]") -> str:
    """The engine's name of a typed space: board numbers count from 1, the engine's from 0."""
    if m["etile"]:
        return f"{_tile(m['etile'])}:{m['elane'].lower()}:{int(m['eindex'])}"
    tile, lane, number = (m["wtile"], m["wlane"], m["windex"]) if m["wtile"] else (m["otile"], m["olane"], m["oindex"])
    if int(number) < 1:
        raise AnswerError(f"{m.group(0)!r}: the footprints are numbered from 1 (space 1 is the first footprint "
                          "of the lane on that tile)")
    return f"{_tile(tile)}:{lane.lower()}:{int(number) - 1}"


def space_words(name: str) -> str:
    """A space in the board's words, numbered as its footprint is: "T05:yellow:4" -> "T05 yellow 5"."""
    tile, lane, index = name.split(":")
    return f"{tile} {lane} {int(index) + 1}"


def board_words(text: str) -> str:
    """Words with every engine space name written as the board numbers it ("T05 yellow 5")."""
    return _NAME_RE.sub(lambda m: space_words(m.group(0)), text)


def _spaces(raw: Any) -> List[str]:
    """Space names from a typed answer (``T05 yellow 5``, ``yellow 5 on T05``, ``T05:yellow:4``) or a list."""
    if isinstance(raw, (list, tuple, set, frozenset)):
        out: List[str] = []
        for item in raw:
            out += _spaces(item)
        return out
    if not isinstance(raw, str):
        raise AnswerError(f"cannot read {raw!r} as a space; write it like {_FORMS}, or click it")
    found = list(_SPACE_RE.finditer(raw))
    rest = _LEFTOVER.sub("", _SPACE_RE.sub("", raw))
    if not found or rest:
        raise AnswerError(f"cannot read {raw!r} as spaces; write a space like {_FORMS}, or click it")
    return [_space_name(m) for m in found]


def _read_space(raw: Any) -> str:
    if isinstance(raw, bool) or raw is None:
        raise AnswerError(f"cannot read {raw!r} as a space; write it like {_FORMS}, or click it")
    got = _spaces(raw)
    if len(got) != 1:
        raise AnswerError("give exactly one space, like T05 yellow 5")
    return got[0]


def _read_space_set(raw: Any) -> FrozenSet[str]:
    if isinstance(raw, bool):
        raise AnswerError(f"cannot read {raw!r} as spaces; write them like T05 blue 2, T05 yellow 2")
    if answers._empty(raw):
        return frozenset()
    return frozenset(_spaces(raw))


def _space_order(name: str):
    tile, lane, index = name.split(":")
    return (tile, int(index), LANES.index(lane) if lane in LANES else 9)


_BONUS_RE = {
    "boinnnggg": r"boi?n+g+|boing+",
    "leapfrog": r"leap[\s_-]*frog",
    "crazy-wings": r"crazy[\s_-]*wings?",
    "deja-vu": r"d[ée]j[àa][\s_-]*vu",
    "bird-brain": r"bird[\s_-]*brain",
    "neck-stretch": r"neck[\s_-]*stretch",
}
_BONUS_FIND = re.compile("|".join(f"(?P<{face.replace('-', '_')}>{rx})" for face, rx in _BONUS_RE.items()),
                         re.IGNORECASE)


def _read_bonuses(raw: Any) -> FrozenSet[str]:
    """Bonus cards from a typed answer (``Crazy Wings, Bird Brain``, ``deja-vu``) or a list."""
    if isinstance(raw, bool):
        raise AnswerError(f"cannot read {raw!r} as bonus cards; write them like Crazy Wings, Bird Brain")
    if answers._empty(raw):
        return frozenset()
    if isinstance(raw, (list, tuple, set, frozenset)):
        out: FrozenSet[str] = frozenset()
        for item in raw:
            out |= _read_bonuses(item)
        return out
    if not isinstance(raw, str):
        raise AnswerError(f"cannot read {raw!r} as bonus cards; write them like Crazy Wings, Bird Brain, or "
                          "click the cards")
    found = [m.lastgroup.replace("_", "-") for m in _BONUS_FIND.finditer(raw)]
    rest = _LEFTOVER.sub("", _BONUS_FIND.sub("", raw))
    if not found or rest:
        raise AnswerError(f"cannot read {raw!r} as bonus cards; write their names like Crazy Wings, Bird Brain "
                          f"(the cards are {', '.join(BONUS_NAMES.values())}), or click them")
    return frozenset(found)


#: one space, shown as the board numbers it: ``T05 yellow 5`` (clicking a space fills it in)
SPACE = Answer("choice", "T05 yellow 5", _read_space, space_words)
#: a set of spaces (clicking a space adds or removes it)
SPACES = Answer("cells", "T05 blue 2, T05 yellow 2", _read_space_set,
                lambda v: ", ".join(space_words(n) for n in sorted(v, key=_space_order)) if v else "none")
PLAYER_WORDS = {c: c.capitalize() for c in PLAYER_COLOURS}
#: ostriches from 1st to last, by their player's name
RACE_ORDER = answers.words(PLAYER_WORDS, ordered=True, example="Purple, Red, Green")
#: some movement cards
CARDS = answers.words({name: name for name in CARD_CODES}, example="yellow-2, blue-5")
#: some bonus cards, by name (clicking a bonus card adds or removes it)
BONUSES = Answer("words", "Crazy Wings, Bird Brain", _read_bonuses,
                 lambda v: ", ".join(BONUS_NAMES[f] for f in BONUS_NAMES if f in v) if v else "none")

BOOK = LessonBook("tails", new_game=new_game, from_scenario=from_scenario, answers_forms={
    "space": SPACE, "spaces": SPACES, "race_order": RACE_ORDER, "cards": CARDS, "bonuses": BONUSES,
    "player": answers.choice(PLAYER_WORDS, example="Purple"),
    "players": answers.words(PLAYER_WORDS, example="Purple, Green"),
    "card_count": answers.number("cards", 0, 100)})
named = BOOK.named

# -- moves as data ----------------------------------------------------------------------------------------------

_MOVE_FIELDS = frozenset(f.name for f in dataclasses.fields(Move)) | {"to_lane"}


def _matches(m: Move, move: Mapping[str, Any]) -> bool:
    """Whether ``m`` is a move like ``move`` (see the module docstring)."""
    for key, want in move.items():
        if key == "kind" and want == "any":
            continue
        got = m.to.split(":")[1] if key == "to_lane" else getattr(m, key)
        if want is True or want is False:
            if bool(got) != want:
                return False
        elif got != (tuple(want) if isinstance(want, list) else want):
            return False
    return True


def _moves_like(game, move: Mapping[str, Any]) -> List[Move]:
    """The legal moves like ``move``: a normal move unless its ``kind`` says otherwise."""
    unknown = set(move) - _MOVE_FIELDS
    if unknown:
        raise ValueError(f"a move has no field {sorted(unknown)[0]!r}; the fields are {', '.join(sorted(_MOVE_FIELDS))}")
    move = {"kind": "normal", **move}
    return [m for m in game.legal_moves() if _matches(m, move)]


def _the_move(game, move: Mapping[str, Any]) -> Move:
    found = _moves_like(game, move)
    if not found:
        raise ValueError(f"no legal move like {dict(move)}")
    return found[0]


def _after(game, move: Move):
    """A copy of ``game`` with ``move`` played: what the turn leaves behind (the position is unchanged)."""
    after = game.copy()
    after.play(move)
    return after


def played(game, move: Mapping[str, Any]):
    """A copy of ``game`` after the first legal move like ``move``."""
    return _after(game, _the_move(game, move))


def _names(game, seats: Iterable[int]) -> Tuple[str, ...]:
    return tuple(game.who(p) for p in seats)


@named
def end(game, move: Mapping[str, Any]) -> str:
    """The one space the moves like ``move`` end on, as the engine finds it."""
    found = ends(game, move)
    if len(found) != 1:
        raise ValueError(f"{dict(move)}: expected one end space, the engine gives {sorted(found)}")
    return next(iter(found))


@named
def ends(game, move: Mapping[str, Any]) -> FrozenSet[str]:
    """Every space a move like ``move`` can end on."""
    return frozenset(m.to for m in _moves_like(game, move))


@named
def cards_of(game, move: Mapping[str, Any]) -> FrozenSet[str]:
    """The cards (and bonus cards played as one) of the moves like ``move``."""
    return frozenset(m.card for m in _moves_like(game, move))


@named
def arms(game, move: Mapping[str, Any]) -> FrozenSet[str]:
    """The bonus cards the moves like ``move`` could arm."""
    return frozenset(face for m in _moves_like(game, move) for face in m.arm)


@named
def loses(game, move: Mapping[str, Any]) -> FrozenSet[str]:
    """The bonus cards the moves like ``move`` could lose (to a cheetah)."""
    return frozenset(face for m in _moves_like(game, move) for face in m.lose)


@named
def first_steps(game, move: Mapping[str, Any]) -> FrozenSet[str]:
    """The first spaces of the routes of the first move like ``move``."""
    return frozenset(route[0] for route in game.routes(_the_move(game, move)))


def _why(game, move: Move, leave_out: Sequence[str] = ()) -> str:
    """The engine's account of a move, without the card play and the draw (and without a
    rope-bridge line the engine adds to moves from the start line), nor the clauses citing
    the rules in ``leave_out``."""
    said = game.explain(move)
    said = said.split(": ", 1)[1] if said.startswith("Legal: ") else said
    keep = [c for c in said.split("; ") if "[tails.turn.play-card]" not in c and "[tails.draw." not in c
            and not ("[tails.bridge.exit-lane]" in c and game.state.pos[game.current_player] == START)
            and not any(f"[{rid}]" in c for rid in leave_out)]
    return "; ".join(keep) + "."


@named
def why(game, move: Mapping[str, Any], leave_out: Sequence[str] = ()) -> str:
    """The engine's account of the first move like ``move`` (without the clauses citing ``leave_out``)."""
    return _why(game, _the_move(game, move), leave_out)


# -- misreadings: the spaces some steps along a lane -------------------------------------------------------

@named
def ahead(game, space: str, steps: int, lane: Optional[str] = None) -> str:
    """The space ``steps`` forward along the lane of ``space`` (or of the same row on ``lane``)."""
    if lane is not None:
        tile, _lane, index = space.split(":")
        space = f"{tile}:{lane}:{index}"
    tr = game.track
    s = tr.by_name[space]
    lane_number = tr.lane[s]
    for _ in range(steps):
        s = tr.forward(s, lane_number)
    return tr.names[s]


@named
def spaces_ahead(game, space: str, steps: int, lanes: Optional[Sequence[str]] = None) -> FrozenSet[str]:
    """The spaces ``steps`` ahead of ``space`` on each of ``lanes`` (default: its own lane)."""
    return frozenset(ahead(game, space, steps, lane) for lane in (lanes or [None]))


@named
def answer_with_a_shorter_step(game, answer, space: str, steps: int, instead: int) -> FrozenSet[str]:
    """The answer with the space ``steps`` ahead of ``space`` replaced by the one ``instead`` ahead."""
    return answer - {ahead(game, space, steps)} | {ahead(game, space, instead)}


@named
def hand_cards(game) -> FrozenSet[str]:
    return frozenset(CARD_NAMES[c] for c in game.state.hands[game.current_player])


# -- pictures, clicks and spoilers ----------------------------------------------------------------------------

@named
def moving_picture(game, highlights: Sequence[str] = ()) -> Scene:
    """The tiles around the mover, with guide lines and the mover's hand (``highlights``: spaces ringed)."""
    return game.scene(viewer=game.current_player, hand=game.current_player, highlights=tuple(highlights))


@named
def moving_answer(game, answer) -> Scene:
    """The tiles around the mover with the answer's spaces ringed."""
    return moving_picture(game, [answer] if isinstance(answer, str) else answer)


@named
def order_picture(game) -> Scene:
    """The tiles around the ostriches, without their race-position badges, no players' panel."""
    return game.scene(viewer=game.current_player, hand=False, places=False, players=False)


@named
def order_solution(game) -> Scene:
    return game.scene(viewer=game.current_player, hand=False, players=False)


def _no_mover(scene: Scene) -> Scene:
    """A picture whose header names the round but not whose turn it is (the answer of a turn-order
    question)."""
    shapes = [replace(s, text=s.text.split(" · ")[0]) if isinstance(s, Text) and s.text.endswith(" to move") else s
              for s in scene.shapes]
    return replace(scene, shapes=shapes, title=None)


@named
def turn_order_picture(game) -> Scene:
    """The tiles around the mover, no race-position badges, no players' panel, no name of the mover."""
    return _no_mover(order_picture(game))


@named
def table_picture(game) -> Scene:
    """The whole table, the mover's cards shown, no players' panel (it gives deck counts and the turn order)."""
    return _no_mover(game.scene(hand=game.current_player, players=False, places=False))


@named
def last_mover_picture(game) -> Scene:
    """The tiles around the last player to move, with their hand: no race-position badges (on the finish
    tile they would rank tied ostriches, the answer of a tie question) and no players' panel."""
    return game.scene(viewer=game.current_player, hand=game.current_player, players=False, places=False)


@named
def focus_picture(game, seat: int) -> Scene:
    """The tiles around one ostrich, no hand and no players' panel."""
    return game.scene(viewer=seat, hand=False, players=False)


@named
def click_space(game, hit: Optional[str]) -> Optional[str]:
    return hit[len("space:"):] if hit and hit.startswith("space:") else None


@named
def click_ostrich(game, hit: Optional[str]) -> Optional[str]:
    if hit and hit.startswith("ostrich:"):
        return PLAYER_WORDS.get(hit[len("ostrich:"):])
    return None


@named
def click_card(game, hit: Optional[str]) -> Optional[str]:
    if hit and hit.startswith("card:") and hit[len("card:"):] in CARD_CODES:
        return hit[len("card:"):]
    return None


@named
def click_space_or_ostrich(game, hit: Optional[str]) -> Optional[str]:
    """A space, or the space an ostrich stands on (clicking Red's own ostrich picks its space)."""
    if hit and hit.startswith("ostrich:"):
        colour = hit[len("ostrich:"):]
        for p in range(game.players):
            if game.colours[p] == colour and game.state.pos[p] != START:
                return game.track.names[game.state.pos[p]]
        return None
    return click_space(game, hit)


@named
def click_bonus(game, hit: Optional[str]) -> Optional[str]:
    """One of the mover's own bonus cards (``bonus:<player colour>:<face>``)."""
    if hit and hit.startswith("bonus:"):
        _b, colour, face = hit.split(":", 2)
        if colour == game.colours[game.current_player] and face in BONUS_NAMES:
            return face
    return None


@named
def answer_items(game, answer, sort: bool = True) -> List[str]:
    """Each space of the answer on its own (``sort``: in alphabetical order)."""
    return sorted(answer) if sort else list(answer)


@named
def arm_spoilers(game, answer) -> List[str]:
    """What a starting picture must not say for a "which cards" question: a log line arming one of them."""
    return [f"arms {BONUS_NAMES[f]}" for f in sorted(answer)]


@named
def mover(game) -> str:
    return game.who(game.current_player)


# =========================================================================================================
# The race order
# =========================================================================================================

@named
def race_order(game, reverse: bool = False) -> Tuple[str, ...]:
    """The ostriches from 1st to last (``reverse``: last first)."""
    names = _names(game, game.race_order())
    return names[::-1] if reverse else names


@named
def turn_order(game) -> Tuple[str, ...]:
    """This round's turn order."""
    return _names(game, game.state.order)


@named
def reversed_answer(game, answer) -> Tuple[str, ...]:
    return tuple(reversed(answer))


def _sorted_by(game, key) -> Tuple[str, ...]:
    """A misread race order: the ostriches on the course sorted by ``key`` (a space -> sort key,
    smallest first), then those behind the line in starting order, as the engine ranks them."""
    tr, pos = game.track, game.state.pos
    on = sorted((p for p in range(game.players) if pos[p] != START), key=lambda p: key(tr, pos[p]))
    behind = [p for p in game.race_order() if pos[p] == START]
    return _names(game, on + behind)


@named
def wrong_side_of_the_baobab(game) -> Tuple[str, ...]:
    """Level ostriches ranked from the side away from the baobab."""
    return _sorted_by(game, lambda tr, s: (-tr.tile_pos[s], -tr.section[s], -tr.tree_d[s], -tr.index[s]))


@named
def lanes_before_rows(game) -> Tuple[str, ...]:
    """Ranked by lane only, nearest the baobab first, the rows ignored."""
    return _sorted_by(game, lambda tr, s: (tr.tree_d[s], -tr.tile_pos[s], -tr.index[s]))


@named
def footprints_along_lanes(game) -> Tuple[str, ...]:
    """On a corner: ranked by how far along its own lane each ostrich is, the sections ignored."""
    return _sorted_by(game, lambda tr, s: (-tr.tile_pos[s], -tr.index[s], tr.tree_d[s]))


@named
def bridge_behind_the_lanes(game) -> Tuple[str, ...]:
    """Ranked as if ostriches on the bridge came after those on the tile's lanes."""
    return _sorted_by(game, lambda tr, s: (-tr.tile_pos[s], tr.lane[s] < 0, -tr.section[s], tr.tree_d[s]))


@named
def bridge_counted_backward(game) -> Tuple[str, ...]:
    """Ranked with the bridge spaces counted from its far end."""
    def key(tr, s):
        row = tr.section[s]
        if tr.lane[s] < 0:
            bridge = [x for x in range(len(tr.names)) if tr.tile_pos[x] == tr.tile_pos[s] and tr.lane[x] < 0]
            rows = sorted(tr.section[x] for x in bridge)
            row = rows[0] + rows[-1] - row
        return (-tr.tile_pos[s], -row, tr.tree_d[s])

    return _sorted_by(game, key)


@named
def race_order_story(game) -> str:
    """Where each ostrich stands, 1st to last, and the rule that ranks them."""
    tr, pos = game.track, game.state.pos
    parts = []
    for place, p in enumerate(game.race_order(), 1):
        s = pos[p]
        if s == START:
            where = "behind the start line"
        elif tr.tile_kind[tr.tile_pos[s]].lower().startswith("corner"):
            where = f"on {tr.names[s]} (section {tr.section[s] + 1} of the corner)"
        else:
            where = f"on {tr.names[s]} (row {tr.section[s] + 1} of {tr.tile_id[s]})"
        parts.append(f"{place}. {game.who(p)} {where}")
    return ("; ".join(parts) + ". Further along the course is ahead; on the same row (or corner section) the "
            "lane nearest that tile's baobab is ahead [tails.order.race-position, tails.order.level-baobab].")


def _waiting(game) -> Tuple[List[int], List[int]]:
    """The race order split: (those on the course, those behind the line)."""
    order = game.race_order()
    waiting = [p for p in order if game.state.pos[p] == START]
    return [p for p in order if p not in waiting], waiting


@named
def waiting_reversed(game) -> Tuple[str, ...]:
    """Those behind the line ranked from the last of the starting order."""
    on, waiting = _waiting(game)
    return _names(game, on + waiting[::-1])


@named
def waiting_in_seat_order(game) -> Tuple[str, ...]:
    on, waiting = _waiting(game)
    return _names(game, on + sorted(waiting))


@named
def seat_order(game) -> Tuple[str, ...]:
    return _names(game, range(game.players))


@named
def starting_order(game) -> Tuple[str, ...]:
    return _names(game, game.start_order)


# =========================================================================================================
# Water holes, bonuses, drawing
# =========================================================================================================

@named
def usable_bonuses(game) -> FrozenSet[str]:
    """The bonus cards some legal move of this turn uses."""
    used = set()
    for m in game.legal_moves():
        used |= {face for face, on in (("deja-vu", m.card == "deja-vu"), ("crazy-wings", m.card == "crazy-wings"),
                                       ("neck-stretch", m.neck_stretch), ("leapfrog", m.leapfrog),
                                       ("boinnnggg", m.boinnnggg)) if on}
    return frozenset(used)


@named
def discarded_this_turn(game, move: Mapping[str, Any]) -> FrozenSet[str]:
    """The cards that go onto the mover's discard pile this turn (the move played for real on a copy)."""
    seat = game.current_player
    before = len(game.state.discards[seat])
    return frozenset(CARD_NAMES[c] for c in played(game, move).state.discards[seat][before:])


@named
def discard_top_after(game, move: Mapping[str, Any]) -> FrozenSet[str]:
    """The card on top of the mover's discard pile after the move."""
    after = played(game, move)
    return frozenset({CARD_NAMES[after.state.discards[game.current_player][-1]]})


@named
def hand_size_after(game, move: Mapping[str, Any]) -> int:
    return len(played(game, move).state.hands[game.current_player])


@named
def deck_size_after(game, move: Mapping[str, Any]) -> int:
    return len(played(game, move).state.decks[game.current_player])


@named
def discards_due_after(game, move: Mapping[str, Any]) -> int:
    """How many cards the mover must discard at the end of the turn, down to the hand size."""
    return played(game, move).state.pending_discard


@named
def deck_size(game, seat: int) -> int:
    return len(game.state.decks[seat])


@named
def one_deck_for_everyone(game) -> int:
    """The misreading of one shared deck of 20 cards a player, hands dealt from it."""
    return 20 * game.players - 4 * game.players


@named
def tiles_with_feature(tile: str, side: str, feature: Mapping[str, Any]) -> Dict[str, Any]:
    """The kit's tile catalogue with one more feature on one side of one tile: a tile made for an
    exercise (a race option, not a function of the position)."""
    doc = tiles_data()  # a fresh copy
    next(t for t in doc["tiles"] if t["id"] == tile)[side]["features"].append(dict(feature))
    return doc


# =========================================================================================================
# The last round
# =========================================================================================================

@named
def still_to_play_after(game, move: Mapping[str, Any]) -> FrozenSet[str]:
    """Who still takes a turn once the move is played, until the race is over (each plays its first legal
    move: what they play does not change who plays)."""
    after = played(game, move)
    still = set()
    while not after.is_over:
        still.add(after.current_player)
        after.play(after.legal_moves()[0])
    return frozenset(_names(game, still))


@named
def winner_after(game, move: Mapping[str, Any]) -> str:
    after = played(game, move)
    return game.who(after.winners()[0])


@named
def result_after(game, move: Mapping[str, Any]) -> str:
    """The end of the race in the engine's words: the last move, each distance, the winner."""
    last = _the_move(game, move)
    after = _after(game, last)
    scores = after.scores()
    far = "; ".join(f"{game.who(p)} {scores[p]} past the line on {after.track.names[after.state.pos[p]]}"
                    for p in range(game.players))
    return f"The round, and the race, end with {far} [tails.end.distance]. {_why(game, last)}"


@named
def past_the_line(game, seat: int) -> int:
    return game.scores()[seat]


@named
def space_of(game, seat: int) -> str:
    return game.track.names[game.state.pos[seat]]


# =========================================================================================================
# What the learner reads: one numbering of spaces, examples that are never the answer
# =========================================================================================================

#: other typed examples of each answer form, tried in turn when one is right (or a named mistake)
_OTHER_EXAMPLES = {
    "T05 yellow 5": ("T07 blue 2", "T03 red 3", "T08 black 6"),
    "T05 blue 2, T05 yellow 2": ("T07 red 3, T07 blue 3", "T03 yellow 1, T03 black 2", "T08 red 6"),
    "Purple, Red, Green": ("Green, Purple, Red", "Red, Green, Purple", "Yellow, Green, Red, Purple"),
    "yellow-2, blue-5": ("red-6, black-4", "blue-3", "yellow-5, red-2"),
    "Crazy Wings, Bird Brain": ("Leapfrog, Boinnnggg", "Déjà vu", "Neck Stretch, Crazy Wings"),
    "Purple": ("Yellow", "Green", "Red"),
    "Purple, Green": ("Red, Yellow", "Green", "Purple"),
    "7": ("9", "12", "3", "2", "4"),
    "yellow-4": ("black-6", "blue-2", "red-5"),
}
_KIT_LABEL = re.compile(r"\b(kit ruling) [A-Z]\d+\b", re.IGNORECASE)


def learner_words(text: str) -> str:
    """Learner-facing words: spaces as the board numbers them, a kit ruling without the kit's own label."""
    return _KIT_LABEL.sub(r"\1", board_words(text))


def _example(ex: Exercise) -> str:
    """The first typed example of the exercise's answer form that it does not accept and no named
    mistake gives: the box's placeholder and the question's "type it like ..." never give the answer away."""
    pos = ex.build()
    right = ex.solve(pos)
    wrong = [m.answer(pos) for m in ex.mistakes]
    for example in (ex.answer.example, *_OTHER_EXAMPLES.get(ex.answer.example, ())):
        try:
            given = ex.answer.read(example)
        except AnswerError:  # outside the answer's range
            continue
        if given != right and given not in wrong:
            return example
    raise ValueError(f"exercise {ex.id}: every example of its answer form is its answer or a named mistake; "
                     "add another to _OTHER_EXAMPLES")


@dataclasses.dataclass(frozen=True)
class _Words:
    """An explanation (a function of the position) in the learner's words."""

    fn: Any

    def __call__(self, game) -> str:
        return learner_words(self.fn(game))


@dataclasses.dataclass(frozen=True)
class _WhyNotSpaces:
    """The engine's reason a space answer is wrong: for each answered space that is not an answer,
    ``explain`` of the exercise's move ending there ("holds Purple's ostrich [tails.move.no-pass-through]"),
    in the board's words; spaces missing from a set answer are counted, never named, and a reason that
    names an answer space is not given."""

    move: Mapping[str, Any]

    def _reason(self, game, space: str) -> Optional[str]:
        fields = {k: (tuple(v) if isinstance(v, list) else v) for k, v in self.move.items()
                  if k not in ("kind", "to_lane")}
        kinds = ("normal", "one-space") if self.move.get("kind", "normal") == "any" else (self.move.get("kind", "normal"),)
        for kind in kinds:
            try:
                said = game.explain(Move(**fields, to=space, kind=kind))
            except Exception:  # a move the engine cannot even read here: no reason to give
                return None
            if said.startswith("Not legal: "):
                return learner_words(said[len("Not legal: "):])
        return None

    def __call__(self, game, given) -> Optional[str]:
        right = ends(game, self.move)
        answer_words = [space_words(sp) for sp in right]
        one = isinstance(given, str)
        wrong = sorted((frozenset([given]) if one else given) - right, key=_space_order)
        # a reason that names an answer space would give it away: it is left out
        reasons = [r for r in (self._reason(game, sp) for sp in wrong[:2])
                   if r and not any(re.search(rf"{w}\b", r) for w in answer_words)]
        if not reasons:
            return None
        missing = 0 if one else len(right - given)
        return "; ".join(r.rstrip(".") for r in reasons) + (
            f"; and {missing} {'is' if missing == 1 else 'are'} missing" if missing else "") + "."


def for_learners(loaded: Sequence[Exercise]) -> Tuple[Exercise, ...]:
    """The exercises as a learner meets them: each its own example (never accepted), its words
    with the board's numbering of spaces and no labels of the kit's notes."""
    out = []
    for ex in loaded:
        example = _example(ex)
        out.append(dataclasses.replace(
            ex, question=learner_words(ex.question.replace("{example}", example)),
            answer=dataclasses.replace(ex.answer, example=example),
            hints=tuple(learner_words(h) for h in ex.hints), explain=_Words(ex.explain),
            mistakes=tuple(dataclasses.replace(m, says=learner_words(m.says)) for m in ex.mistakes),
            why_wrong=_why_wrong(ex)))
    return tuple(out)


def _where(game, p: int) -> str:
    """Where an ostrich stands, in the race order's terms."""
    tr, s = game.track, game.state.pos[p]
    if s == START:
        return "behind the start line"
    corner = tr.tile_kind[tr.tile_pos[s]].lower().startswith("corner")
    part = f"section {tr.section[s] + 1} of the corner" if corner else f"row {tr.section[s] + 1}"
    return f"{space_words(tr.names[s])}, {part}"


def why_behind(game, given) -> Optional[str]:
    """Why a race order is wrong: the first place it gets wrong, and why the ostrich that belongs
    there is ahead of the one named, by the rule that decides it. It names two ostriches and their
    spaces (all in the picture), never the whole order."""
    seat = {game.who(p): p for p in range(game.players)}
    right = _names(game, game.race_order())
    if len(given) != len(right) or set(given) != set(right):
        return None
    i = next((k for k, (a, b) in enumerate(zip(given, right)) if a != b), None)
    if i is None:
        return None
    ahead, behind = seat[right[i]], seat[given[i]]
    tr, pos = game.track, game.state.pos
    a, b = pos[ahead], pos[behind]
    if a != START and b == START:
        rule = "it stands on the course, and every ostrich on the course is ahead of those behind the line " \
               "[tails.order.race-position]"
    elif a == START:
        rule = "both wait behind the line, ranked in the starting order [tails.setup.start-line]"
    elif tr.tile_pos[a] != tr.tile_pos[b] or tr.section[a] != tr.section[b]:
        corner = tr.tile_kind[tr.tile_pos[a]].lower().startswith("corner") and tr.tile_pos[a] == tr.tile_pos[b]
        rule = ("it is in a later section of the corner, and sections count before lanes "
                "[tails.order.corner-sections]") if corner else "it is further along the course [tails.order.race-position]"
    else:
        rule = "they are level, and its lane is nearer that tile's baobab [tails.order.level-baobab]"
    return (f"{game.who(ahead)} ({_where(game, ahead)}) is ahead of {game.who(behind)} "
            f"({_where(game, behind)}): {rule}.")


def _why_wrong(ex: Exercise):
    """The engine's reasons for wrong spaces, when the answer is where a move ends (``end``/``ends``),
    or for a wrong race order (``race_order``)."""
    solve = ex.solve
    if getattr(solve, "name", None) == "race_order" and not solve.args.get("reverse"):
        return why_behind
    if getattr(solve, "name", None) in ("end", "ends") and ex.answer.read_fn in (_read_space, _read_space_set):
        move = solve.args["move"]
        if move.get("card") and "to" not in move and not (move["card"] == "crazy-wings" and "lane" not in move):
            return _WhyNotSpaces(dict(move))
    return None


EXERCISES = for_learners(BOOK.load(LESSONS))


# =========================================================================================================
# The first race of lesson 01, and how long it takes
# =========================================================================================================

#: the first race: five plain tiles (no water hole, no animal: only what lesson 01 teaches), Red
#: against a greedy bot, and the seed the lesson uses
FIRST_RACE = {"players": 2, "seed": 7, "course": [["T01", "easy"], ["T04", "easy"], ["T05", "easy"],
                                                   ["T07", "easy"], ["T02", "easy"]]}
#: how the kit measures a lesson: reading speed, and the time a click takes
WORDS_A_MINUTE, SECONDS_A_CLICK = 200, 4


def first_race():
    """The race of lesson 01, ready to play."""
    return new_game(**FIRST_RACE)


def first_race_walk() -> Dict[str, int]:
    """The guided first race played through its board, Red clicking what the greedy bot would play:
    Red's turns, the clicks (a card, a space, a choice in a panel, the cards of a discard and Discard)
    and the words of the status and guide lines Red reads on the way."""
    from ..core.bots import GreedyBot
    from .moves import Discard

    board = first_race().widget(bots={1: "greedy"}, guided=True)
    guide = GreedyBot(0)
    walk = {"turns": 0, "clicks": 0, "words": 0}

    def read() -> None:
        walk["words"] += len(board.status.text.split()) + len(board.guide.text.split())

    read()
    while not board.game.is_over:
        before = board.game.to_json()
        move = guide.choose(board.game)
        if isinstance(move, Discard):
            for card in move.cards:
                board.toggle_discard(card)
            board.confirm_discard()
            walk["clicks"] += len(move.cards) + 1
        else:
            walk["turns"] += 1
            board.select(move.card)
            read()
            board.click_hit(f"space:{move.to}")
            walk["clicks"] += 2
            if board.pending is not None:
                board.choose(board.choices.index(move))
                walk["clicks"] += 1
        read()
        if board.game.to_json() == before:
            raise RuntimeError("the first race's board did not take the guide's move")
    return walk


def lesson_minutes(words: int, clicks: int) -> float:
    """A lesson's measured length: reading at 200 words a minute plus 4 s a click."""
    return words / WORDS_A_MINUTE + clicks * SECONDS_A_CLICK / 60


def say(*parts: Any) -> None:
    """``print`` for the lessons: an engine message with its spaces named as the footprints number
    them ("T05 yellow 5" for the engine's ``T05:yellow:4``)."""
    print(*(learner_words(str(p)) for p in parts))


def text_words(markdown: str) -> int:
    """The words a reader reads in some markdown: link targets, table rules and markup left out."""
    markdown = re.sub(r"\]\([^)]*\)", "]", markdown)
    return len(re.findall(r"[\w'’+/.-]*\w[\w'’+/.-]*", markdown))


def quick_start_measure(notebook: Any) -> Dict[str, float]:
    """Lesson 01's measured length (``notebook``: the lesson, as ``nbformat`` reads it): every word of
    its text and of the messages its cells print, the words of the board's status and guide lines in the
    guided first race, and the clicks of that race (``first_race_walk``), at 200 words a minute plus 4 s
    a click."""
    walk = first_race_walk()
    words = walk["words"]
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            words += text_words(cell.source)
        for out in cell.get("outputs", ()):
            if out.get("output_type") == "stream":
                words += text_words(out.get("text", ""))
    return {"words": words, "clicks": walk["clicks"], "turns": walk["turns"],
            "minutes": lesson_minutes(words, walk["clicks"])}
