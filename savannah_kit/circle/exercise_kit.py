"""What the Circle of Life exercises are made of: answer forms, reading the engine, pictures, clicks, and
the words on a wrong answer (``CircleExercise``: the engine's reason for a wrong card, the part of a count
that is off).

Every lesson record (``lessons.json``) names its functions; the ones shared by every lesson are here
(the book of named functions, ``BOOK``, is made here too), the ones of lessons 1-3 in ``lessons``,
of lessons 4-6 in ``lessons_hunting``, of the worksheet in ``puzzles``.
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from ..core.scene import Scene, Text, rect, text
from ..teach import answers
from ..teach.answers import Answer, AnswerError
from ..teach.exercise import Exercise, Feedback
from ..teach.records import LessonBook, RecordError
from . import from_scenario, new_game
from .data import default_catalogue
from .moves import Play
from .render import PALETTES, WIDTH
from .text import COLOURS

__all__ = ["BOOK", "named", "LESSONS", "SPECIES", "CARDS", "PLAYERS_IN_ORDER", "PLAYER_SET", "WHO_OR_NOBODY", "cards",
           "with_choices", "after", "species_of", "species_names", "hand_card", "card_in_sight", "plays_of",
           "play_taking", "play_of", "row_ids", "card_names", "left_of_the_end", "said", "ringed", "top_of_draw",
           "check_examples", "FORMS"]

CATALOGUE = default_catalogue()
LESSONS = Path(__file__).with_name("lessons.json")

# -- answer forms ------------------------------------------------------------------------------------------------

_ONE_WORD = [sp.name for sp in CATALOGUE.species if " " not in sp.name]


def _species_vocabulary() -> Dict[str, str]:
    """Species names (and plurals) and card ids, each read as the species: ``Zebras``, ``c35``."""
    vocab: Dict[str, str] = {}
    for name in _ONE_WORD:
        vocab[name] = name
        vocab[name + "s"] = name
        vocab[name + "es"] = name
    for card, sp in enumerate(CATALOGUE.card_species):
        if " " not in sp.name:
            vocab[CATALOGUE.ids[card]] = sp.name
    return vocab


_SPECIES_WORDS = _species_vocabulary()
#: some cards, by species or card id (clicking a card adds or removes it)
CARDS = answers.words(_SPECIES_WORDS, example="Zebra, Lion")
#: one card, by species or card id
SPECIES = answers.choice(_SPECIES_WORDS, example="Zebra")
#: players in turn order, by token colour (repeats allowed)
PLAYERS_IN_ORDER = answers.words({c: c for c in COLOURS}, ordered=True, example="Blue, Yellow, Green")
#: the four steps of a turn, in order
STEPS = answers.words({"play": "play", "place": "play", "hunt": "hunt", "hunting": "hunt", "draw": "draw",
                       "refill": "draw", "re-order": "re-order", "reorder": "re-order", "order": "re-order"},
                      ordered=True, example="draw, play, hunt, re-order")
#: where a card can be: on the table, in a pile, in a hand
PLACES = answers.choice({"draw pile": "draw pile", "the draw pile": "draw pile", "deck": "draw pile",
                         "the deck": "draw pile", "pile": "draw pile", "savannah": "savannah",
                         "the savannah": "savannah", "out of the game": "out of the game",
                         "out": "out of the game", "discarded": "out of the game", "Red's hand": "Red's hand",
                         "red hand": "Red's hand", "red": "Red's hand", "Blue's hand": "Blue's hand",
                         "blue hand": "Blue's hand", "blue": "Blue's hand"}, example="savannah")
#: who owns a card just played
OWNERS = answers.choice({"Red": "Red", "Blue": "Blue", "nobody": "nobody", "no one": "nobody",
                         "noone": "nobody", "none": "nobody", "no token": "nobody", "unmarked": "nobody",
                         "not played": "not played", "cannot be played": "not played",
                         "cannot play": "not played", "can't be played": "not played"}, example="Blue")
#: players by colour; "nobody" for no one
PLAYERS = {c.lower(): c for c in COLOURS}
PLAYER_SET = answers.words(PLAYERS, example="Red, Blue")
WHO_OR_NOBODY = answers.choice({**PLAYERS, "nobody": "nobody", "no one": "nobody", "none": "nobody",
                                "noone": "nobody"}, example="Blue")

_ID = r"C\d{2,3}"


def _cards_in_sight(game) -> List[int]:
    """The savannah left to right, then the hands the exercise pictures show face up (Red's; every
    hand once the game is over): every card a learner can name in the picture."""
    st = game.state
    hands = st.hands if game.is_over else st.hands[:1]
    return list(st.row) + [c for hand in hands for c in hand]


_BESIDE = r"next\s+to|beside|(?:to\s+the\s+)?left\s+of|(?:to\s+the\s+)?right\s+of"


def _board_word_finder(game, names: str):
    """Board words for one card, each read as a card id: "the left Impala" (or right, leftmost,
    rightmost: among the savannah's cards of that kind), "the Impala next to the Warthog" (beside,
    left of, right of: its neighbour on the savannah), "the Impala in your hand"."""
    cat, st = game.catalogue, game.state
    row = [(cat.ids[c], cat.name[c].lower()) for c in st.row]
    hand = [cat.ids[c] for c in st.hands[game.current_player]]

    def of_kind(kind: str) -> List[int]:
        return [i for i, (_cid, n) in enumerate(row) if n == kind.lower()]

    def one(found: List[str], words: str) -> str:
        if len(found) == 1:
            return found[0]
        if not found:
            raise AnswerError(f"no card on the savannah is {words}; click a card or type its id")
        raise AnswerError(f"several cards are {words} ({', '.join(found)}): give the card id")

    def side(kind: str, where: str) -> str:
        found = of_kind(kind)
        if not found:
            raise AnswerError(f"there is no {kind} on the savannah; click a card or type its id")
        return row[found[0] if where.startswith("left") else found[-1]][0]

    def beside(kind: str, how: str, other: str) -> str:
        other = other.lower()
        found = []
        for i in of_kind(kind):
            left = i > 0 and row[i - 1][1] == other
            right = i + 1 < len(row) and row[i + 1][1] == other
            if ("left" in how and right) or ("right" in how and left) or (how.split()[0] in ("next", "beside")
                                                                          and (left or right)):
                found.append(row[i][0])
        return one(found, f"a {kind} {' '.join(how.split())} a {other}")

    def in_hand(kind: str) -> str:
        return one([c for c in hand if cat.name[cat.index[c]].lower() == kind.lower()], f"a {kind} in your hand")

    pattern = (rf"(?P<side>leftmost|rightmost|left|right)\s+(?P<sname>{names})"
               rf"|(?P<bname>{names})\s+(?P<how>{_BESIDE})\s+(?:the\s+|a\s+)?(?P<other>{names})"
               rf"|(?P<hname>{names})\s+in\s+(?:your\s+|my\s+|the\s+|red's\s+)?hand")

    def read(m: "re.Match[str]") -> Optional[str]:
        if m["side"]:
            return side(m["sname"], m["side"].lower())
        if m["bname"]:
            return beside(m["bname"], m["how"].lower(), m["other"])
        if m["hname"]:
            return in_hand(m["hname"])
        return None

    return pattern, read


def cards(game, many: bool = True, ordered: bool = False, example: Optional[str] = None) -> Answer:
    """Cards of ``game``'s position, typed by id as printed on the card (``C35``), by species when
    only one card of it is in sight (``Zebra``), both (``Zebra (C35)``) or in board words ("the left
    Impala", "the Impala next to the Warthog", "the Zebra in your hand"). ``many``: a set (or,
    ``ordered``, a sequence); otherwise exactly one card. ``example`` is the typed example (default:
    the first cards in sight); the lesson book refuses one that is the answer."""
    cat = game.catalogue
    ids = {cat.ids[c]: cat.name[c] for c in _cards_in_sight(game)}
    counts: Dict[str, int] = {}
    for name in ids.values():
        counts[name.lower()] = counts.get(name.lower(), 0) + 1
    unique = {name.lower(): cid for cid, name in ids.items() if counts[name.lower()] == 1}
    names = "|".join(sorted((re.escape(n) for n in counts), key=len, reverse=True))
    phrase, read_phrase = _board_word_finder(game, names)
    token = re.compile(rf"{phrase}|(?:(?P<named>{names})\s*\(\s*)?(?P<id>{_ID})\s*\)?|(?P<name>{names})",
                       re.IGNORECASE)
    leftover = re.compile(r"[\s,;/\[\](){}'\"]|\band\b|\bthen\b|\bthe\b|\ba\b", re.IGNORECASE)
    if example is None:
        example = ", ".join(f"{ids[c]} ({c})" for c in list(ids)[:2 if many else 1])

    def one(m: "re.Match[str]") -> str:
        found = read_phrase(m)
        if found is not None:
            return found
        if m["id"]:
            cid = m["id"].upper()
            if cid not in ids:
                raise AnswerError(f"{cid} is not on the savannah or in a hand here; click a card or type its id")
            if m["named"] and m["named"].lower() != ids[cid].lower():
                raise AnswerError(f"{cid} is a {ids[cid]}, not a {m['named']}")
            return cid
        name = m["name"].lower()
        if name not in unique:
            same = ", ".join(c for c, n in ids.items() if n.lower() == name)
            raise AnswerError(f"there are several {m['name']} cards in sight ({same}): give the card id printed "
                              f"on the card, or say which, like \"the left {m['name']}\"")
        return unique[name]

    def items(raw: Any) -> List[str]:
        if isinstance(raw, (list, tuple, set, frozenset)):
            return [cid for item in raw for cid in items(item)]
        if not isinstance(raw, str):
            raise AnswerError(f"cannot read {raw!r} as cards; click them or type them like {example}")
        found = list(token.finditer(raw))
        if not found or leftover.sub("", token.sub("", raw)):
            raise AnswerError(f"cannot read {raw!r} as cards; click them or type them like {example}")
        return [one(m) for m in found]

    def read(raw: Any):
        if isinstance(raw, bool):
            raise AnswerError(f"{raw} is not a card; click a card or type it like {example}")
        if many and answers._empty(raw):
            return () if ordered else frozenset()
        got = items(raw)
        if not many:
            if len(got) != 1:
                raise AnswerError(f"give exactly one card, like {example}")
            return got[0]
        return tuple(got) if ordered else frozenset(got)

    def label(cid: str) -> str:
        return f"{ids[cid]} ({cid})"

    def show(value) -> str:
        if not many:
            return label(value)
        got = list(value) if ordered else sorted(value, key=lambda c: (list(ids).index(c), c))
        return ", ".join(label(c) for c in got) if got else "none"

    kind = "choice" if not many else ("words" if ordered else "cells")
    return Answer(kind, example, read, show, ordered)


def with_example(form: str, example: str) -> Answer:
    """One of the fixed answer forms below with another typed example (one that is not the answer)."""
    return replace(FORMS[form], example=example)


def _as_items(value: Any) -> Tuple[Any, ...]:
    return tuple(value) if isinstance(value, (frozenset, tuple)) else (value,)


def check_examples(exercises: Sequence[Any], file: str, section: str) -> Tuple[Any, ...]:
    """The exercises, once each typed example is known to be readable, not the answer and (unless the
    order is the question) sharing no item with it: a learner who types the example, or reads it in the
    answer box, is never handed the answer or a part of it."""
    for i, ex in enumerate(exercises):
        pos = ex.build()
        try:
            given = ex.answer.read(ex.answer.example)
        except AnswerError as exc:
            raise RecordError(file, f"{section}[{i}].answer", f"its example {ex.answer.example!r} cannot be read: "
                              f"{exc}") from None
        right = ex.solve(pos)
        if given == right:
            raise RecordError(file, f"{section}[{i}].answer", f"its example {ex.answer.example!r} is the answer; "
                              "give another one with \"example\"")
        if not ex.answer.ordered and set(_as_items(given)) & set(_as_items(right)):
            raise RecordError(file, f"{section}[{i}].answer", f"its example {ex.answer.example!r} names part of the "
                              "answer; give another one with \"example\"")
    return explained(exercises)


#: the fixed answer forms, by the name a record gives them
FORMS: Dict[str, Answer] = {
    "species_set": CARDS, "species": SPECIES, "players_in_order": PLAYERS_IN_ORDER, "steps": STEPS,
    "places": PLACES, "owners": OWNERS, "player_set": PLAYER_SET, "who_or_nobody": WHO_OR_NOBODY,
    "card_count": answers.number("cards", 0, CATALOGUE.size)}
BOOK = LessonBook("circle", new_game=new_game, from_scenario=from_scenario,
                  answers_forms={**FORMS, "cards": cards, "with_example": with_example})
named = BOOK.named

# -- reading the engine ------------------------------------------------------------------------------------------


def after(game, move) -> Tuple[Any, List[Any]]:
    """A copy of ``game`` after ``move``, and the events it gave (``game`` stays as it is)."""
    trial = game.copy()
    return trial, trial.play(move)


def species_of(game, card_id: str) -> str:
    """The species of a card id: ``"C35"`` -> ``"Zebra"``."""
    return game.catalogue.name[game.catalogue.index[card_id]]


def species_names(game, card_list: Iterable[int]) -> FrozenSet[str]:
    return frozenset(game.catalogue.name[c] for c in card_list)


def hand_card(game, species: str, seat: Optional[int] = None) -> str:
    """The id of the first card of ``species`` in the hand of ``seat`` (default: the player to move)."""
    cat = game.catalogue
    hand = game.state.hands[game.current_player if seat is None else seat]
    return next(cat.ids[c] for c in hand if cat.name[c] == species)


def card_in_sight(game, species: str, nth: int = 0) -> str:
    """The id of the ``nth`` card of ``species`` in sight (savannah first, then the hands)."""
    cat = game.catalogue
    return [cat.ids[c] for c in _cards_in_sight(game) if cat.name[c] == species][nth]


def plays_of(game, species: str) -> List[Play]:
    card = hand_card(game, species)
    return [m for m in game.legal_moves() if type(m) is Play and m.card == card]


def play_taking(game, species: str, first: Sequence[str]) -> Play:
    """The legal play of ``species`` whose first hunt takes exactly the cards of the species ``first``."""
    ids = {card_in_sight(game, s) for s in first}
    return next(m for m in plays_of(game, species) if set(m.actions[0][1]) == ids)


def play_of(game, species: str, first: Optional[Sequence[str]] = None) -> Play:
    """A play of ``species``: the one whose first hunt takes ``first``, else the first legal one."""
    return play_taking(game, species, first) if first is not None else plays_of(game, species)[0]


def row_ids(game) -> Tuple[str, ...]:
    return tuple(game.catalogue.ids[c] for c in game.state.row)


def card_names(game, card_ids) -> str:
    cat = game.catalogue
    card_ids = list(card_ids)
    if not card_ids:
        return "nothing"
    words = [f"{cat.name[cat.index[c]]} ({c})" for c in card_ids]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def left_of_the_end(game, reach: int) -> List[str]:
    """The ``reach`` cards directly left of the card about to be played."""
    row = game.state.row
    return [game.catalogue.ids[c] for c in row[max(0, len(row) - reach):]]


def said(events, leave_out: Sequence[str] = ()) -> str:
    """Events in the engine's words, each with its rule."""
    return "; ".join(f"{e.message} [{e.rule}]" for e in events if e.rule not in leave_out)


# -- pictures ------------------------------------------------------------------------------------------------------

CHIP_H = 40
_GIVEN_AWAY = re.compile(r"^(?:points so far|score): -?\d+$")


def with_choices(scene: Scene, prompt: str, choices: Sequence[Sequence[str]]) -> Scene:
    """The scene with a row of clickable answer chips below it: ``choices`` are (value, label);
    each chip's hit id is ``answer:<value>``. Every choice is drawn alike, so the row never
    hints at the answer."""
    pal = PALETTES["light"]
    out = Scene(scene.width, scene.height + CHIP_H + 44, background=scene.background, title=scene.title)
    out.shapes.extend(scene.shapes)
    y = scene.height + 4
    out.add(text(14, y + 10, prompt, size=13, bold=True, anchor="start", fill=pal.ink))
    x = 14.0
    for value, label in choices:
        w = max(120.0, len(label) * 8.2 + 28)
        if x + w > WIDTH - 14:  # a chip cut off would be an answer nobody can click
            raise ValueError(f"with_choices: the answer chips do not fit in one row (at {label!r})")
        out.add(rect(x, y + 24, w, CHIP_H - 6, fill="#ffffff", stroke=pal.panel_edge, width=1.6, radius=8,
                     hit="answer:" + value, title=f"answer: {label}"),
                text(x + w / 2, y + 24 + (CHIP_H - 6) / 2, label, size=13, fill=pal.ink))
        x += w + 12
    return out


def ringed(game, card_ids: Iterable[str], **view) -> Scene:
    """The table with these cards ringed; ``view`` are ``game.scene`` options (default: the hand of
    the player to move face up)."""
    return game.scene(**{"viewer": game.current_player, **view}, highlights=tuple(card_ids))


def without_scores(scene: Scene) -> Scene:
    """The picture without the numbers that answer scoring questions: no "points so far" or "score"
    in the players' panels, no points on the kill piles, no winner in the header or title."""
    shapes = []
    for s in scene.shapes:
        if isinstance(s, Text):
            words = s.text
            if words.startswith("Game over"):
                words = "Game over · time to score"
            elif " · " in words or _GIVEN_AWAY.match(words):
                words = " · ".join(p for p in words.split(" · ") if not _GIVEN_AWAY.match(p))
            words = re.sub(r"^(Kill pile: \d+ cards?), -?\d+ points?$", r"\1", words)
            if words != s.text:
                s = replace(s, text=words)
        shapes.append(s)
    title = "Circle of Life: game over, time to score" if scene.title.startswith("Circle of Life: Game over") \
        else scene.title
    return Scene(scene.width, scene.height, scene.background, shapes, title)


@named
def table(game) -> Scene:
    """The table as the player to move sees it: their hand face up, nothing ringed, no log."""
    return game.scene(viewer=game.current_player)


@named
def table_with_choices(game, prompt: str, choices: Sequence[Sequence[str]]) -> Scene:
    """The table with a row of answer chips, ``[value, label]`` each, under ``prompt``."""
    return with_choices(table(game), prompt, choices)


@named
def table_seen_by_nobody(game) -> Scene:
    """The table with every hand face down."""
    return game.scene(viewer=None)


@named
def fresh_table(game) -> Scene:
    """A newly dealt table seen by nobody (all hands face down), without the draw pile's count."""
    scene = game.scene(viewer=None)
    shapes = []
    for s in scene.shapes:
        if isinstance(s, Text) and (s.text.endswith(" cards") or s.text.endswith(" card")) and s.x < 200:
            s = replace(s, text="? cards")  # the draw pile's count: the answer
        if s.hit == "pile:draw":
            s = replace(s, title="Draw pile")
        shapes.append(s)
    scene.shapes = shapes
    return scene


@named
def ringed_in_hand(game, species: Optional[Sequence[str]] = None, answer=None) -> Scene:
    """The mover's cards of these species (default: the answer's) ringed in hand."""
    wanted = set(species if species is not None else answer)
    cat = game.catalogue
    return ringed(game, [cat.ids[c] for c in game.state.hands[game.current_player] if cat.name[c] in wanted])


@named
def red_view(game) -> Scene:
    """Red's view: Red's hand face up, nothing ringed, no points."""
    return without_scores(game.scene(viewer=0, scoring=False))


@named
def red_view_ringed(game, answer) -> Scene:
    """Red's view with the answer's cards ringed."""
    return ringed(game, [answer] if isinstance(answer, str) else answer, viewer=0, scoring=False)


@named
def ringed_in_reach(game, reach: int) -> Scene:
    return ringed(game, left_of_the_end(game, reach), viewer=0, scoring=False)


@named
def table_after_play(game, species: str, first: Optional[Sequence[str]] = None) -> Scene:
    """The table after Red plays ``species`` (its first hunt taking ``first``)."""
    return after(game, play_of(game, species, first))[0].scene(viewer=0, scoring=False)


@named
def score_picture(game) -> Scene:
    """The finished table, every hand face up, no scoring table and no scores."""
    return without_scores(game.scene(viewer="all", scoring=False))


@named
def score_picture_with_choices(game, prompt: str, choices: Sequence[Sequence[str]]) -> Scene:
    """The finished table (no scores) with a row of answer chips, ``[value, label]`` each."""
    return with_choices(score_picture(game), prompt, choices)


@named
def scoring_table(game) -> Scene:
    return game.scene(viewer="all", scoring=True)


@named
def score_spoilers(game) -> List[str]:
    return [f"score: {s}" for s in game.scores()] + ["wins with", "share the win"]


# -- clicks ----------------------------------------------------------------------------------------------------------

@named
def click_hand_card(game, hit: Optional[str]) -> Optional[str]:
    """A card in the hand of the player to move (``hand:C35``) -> its species."""
    if not hit or not hit.startswith("hand:"):
        return None
    cid = hit[len("hand:"):]
    card = game.catalogue.index.get(cid)
    if card is None or card not in game.state.hands[game.current_player]:
        return None
    return game.catalogue.name[card]


@named
def click_card(game, hit: Optional[str]) -> Optional[str]:
    """A savannah card (``card:C35``) or a card in the mover's hand -> its species."""
    if hit and hit.startswith("card:") and hit[len("card:"):] in game.catalogue.index:
        return species_of(game, hit[len("card:"):])
    return click_hand_card(game, hit)


@named
def click_card_id(game, hit: Optional[str]) -> Optional[str]:
    """A savannah card or a card in a hand shown face up: its id."""
    if hit and hit.startswith(("card:", "hand:")):
        cid = hit.split(":", 1)[1]
        return cid if re.fullmatch(_ID, cid) else None
    return None


@named
def click_choice(game, hit: Optional[str]) -> Optional[str]:
    """An answer chip (``answer:draw``) -> its value."""
    return hit[len("answer:"):] if hit and hit.startswith("answer:") else None


@named
def click_seat(game, hit: Optional[str]) -> Optional[str]:
    """A player's hand (``hand:2``, drawn face down) -> that player's colour."""
    if hit and hit.startswith("hand:") and hit[len("hand:"):].isdigit():
        seat = int(hit[len("hand:"):])
        return COLOURS[seat] if seat < game.players else None
    return None


@named
def click_place(game, hit: Optional[str]) -> Optional[str]:
    """The draw pile, the cards out of the game, the savannah or a hand, as ``PLACES`` words them."""
    if not hit:
        return None
    if hit == "pile:draw":
        return "draw pile"
    if hit == "pile:out":
        return "out of the game"
    if hit.startswith("card:"):
        return "savannah"
    seat = click_seat(game, hit)
    return f"{seat}'s hand" if seat else None


@named
def click_hand_or_draw(game, hit: Optional[str]) -> Optional[str]:
    """A card of the mover's hand, or the draw pile standing for its top card -> the species."""
    if hit == "pile:draw":
        return top_of_draw(game)
    return click_hand_card(game, hit)


@named
def click_player_hand(game, hit: Optional[str]) -> Optional[str]:
    """A hand card (face up or down), clicked: the player holding it."""
    if not hit or not hit.startswith("hand:"):
        return None
    what = hit[5:]
    if what.isdigit():
        return COLOURS[int(what)] if int(what) < game.players else None
    card = game.catalogue.index.get(what)
    for seat, hand in enumerate(game.state.hands):
        if card in hand:
            return COLOURS[seat]
    return None


@named
def answer_names(game, answer) -> str:
    """The answer's cards as "Zebra (C35) and Lion (C01)" (a set in savannah-id order)."""
    if isinstance(answer, str):
        return card_names(game, [answer])
    return card_names(game, sorted(answer) if isinstance(answer, frozenset) else answer)


@named
def answer_capitalized(game, answer) -> str:
    return answer.capitalize()


def top_of_draw(game) -> str:
    """The species of the top card of the draw pile."""
    return game.catalogue.name[game.state.draw_pile[-1]]


# -- wrong answers explained ---------------------------------------------------------------------------------------
#
# A wrong card gets the engine's own reason, naming its rule (why it may not be played, why this hunt may not
# take it, what really happens to it); a number that is off says which part of the count would explain it.
# Both are worked out from the record's own ``solve`` (its function and arguments), so no record needs more.

def _refusal(said_text: str) -> str:
    return said_text[len("Not legal: "):] if said_text.startswith("Not legal: ") else said_text


def _card_of(game, item: str) -> Optional[str]:
    """An answer item as a card id in sight: ids stay, a species is its first card in sight."""
    if re.fullmatch(_ID, item):
        return item
    found = [c for c in _cards_in_sight(game) if game.catalogue.name[c] == item]
    return game.catalogue.ids[found[0]] if found else None


def _named(game, item: str) -> str:
    """"the Zebra (C35)" for a card id, "the Zebra" for a species."""
    if re.fullmatch(_ID, item) and item in game.catalogue.index:
        return f"the {game.catalogue.name[game.catalogue.index[item]]} ({item})"
    return f"the {item}"


def why_not_playable(game, item: str, **_args) -> Optional[str]:
    """A card of the hand: why it may not be played, in the engine's words (or that it may)."""
    cat, hand = game.catalogue, game.state.hands[game.current_player]
    cid = next((cat.ids[c] for c in hand if item in (cat.ids[c], cat.name[c])), None)
    if cid is None:
        return f"{_named(game, item)} is not in Red's hand, and only a card of the hand is played [circle.play.place-right]"
    if cid in set(game.playable()):
        return f"the {cat.name[cat.index[cid]]} may be played here: its placement rule holds [circle.play.restriction]"
    sp = cat.card_species[cat.index[cid]]
    return _refusal(game.explain(Play(cid, tuple((0, ()) for _ in sp.actions))))


def why_not_taken(game, item: str, species: str, hunt: int = 0, earlier: Sequence[Sequence[str]] = (),
                  **_args) -> Optional[str]:
    """A savannah card this hunt may not take: the engine's refusal of a play taking it (reach, filter,
    the Maasai's immunity), with the earlier hunts as the record says."""
    cid = _card_of(game, item)
    moves = plays_of(game, species)
    if cid is None or not moves:
        return None
    taken = [{card_in_sight(game, s) for s in names} for names in earlier]
    base = next((m for m in moves if all(set(m.actions[k][1]) == t for k, t in enumerate(taken))), moves[0])
    for branch in sorted({b for m in moves for b, _t in [m.actions[hunt]]}):
        acts = list(base.actions)
        acts[hunt] = (branch, (cid,))
        said_text = game.explain(Play(base.card, tuple(acts)))
        if "[circle.hunt.count]" not in said_text and said_text.startswith("Not legal"):
            return _refusal(said_text)
    return None


def what_happens_to(game, item: str, species: str, first: Sequence[str] = (), **_args) -> Optional[str]:
    """What the engine says happens to a card when the record's play is made (or that nothing does)."""
    cid = _card_of(game, item)
    if cid is None:
        return None
    events = after(game, play_taking(game, species, first))[1]
    about = [e for e in events if cid in e.message and "token" not in e.message]
    name = game.catalogue.name[game.catalogue.index[cid]]
    if about:
        return said(about)
    refused = why_not_taken(game, item, species)  # out of reach, not its prey, the Maasai
    return refused or f"the {species} leaves the {name} ({cid}) where it is: its actions take no more cards " \
                      f"than they say [circle.hunt.count]"


def why_not_discarded(game, item: str, **_args) -> Optional[str]:
    """The hand penalty left by discarding this card, from the engine's score breakdown."""
    from .moves import LastDiscard

    cid = _card_of(game, item)
    if cid is None:
        return None
    if game.catalogue.index[cid] not in game.state.hands[0]:
        return f"{_named(game, cid)} is not in Red's hand: the last discard is a card of the hand [circle.end.last-discard]"
    left = after(game, LastDiscard(cid))[0].score_breakdown(0).steps["hand_penalty"]
    return f"discarding the {game.catalogue.name[game.catalogue.index[cid]]} leaves a hand penalty of {-left}, and " \
           f"another card leaves less [circle.end.hand-penalty]"


WHY_NOT = {"playable": why_not_playable, "leaving_the_hand": why_not_playable,
           "rightmost_after_the_only_play": why_not_playable, "hunt_targets": why_not_taken,
           "kill_pile_gain": what_happens_to, "best_last_discard": why_not_discarded}


def count_parts(game, solve) -> List[Tuple[str, int]]:
    """The parts a number answer adds up, in words, when the record's ``solve`` counts several things."""
    if solve.name == "final_score":
        seat = solve.args.get("seat", 0)
        names = {"survivors": "the survivors", "hand_penalty": "the hand penalty", "maasai": "the Maasai penalty",
                 "kill_pile": "the kill pile", "big_five": "the Big Five bonus", "bonus": "the bonus points"}
        return [(names[k], v) for k, v in game.score_breakdown(seat).steps.items()]
    if solve.name == "score_step" and solve.args.get("step") in ("survivors", "kill_pile"):
        seat, cat, st = solve.args.get("seat", 0), game.catalogue, game.state
        counted = ([c for c, o in zip(st.row, st.owners) if o == seat] if solve.args["step"] == "survivors"
                   else list(st.kill_piles[seat]))
        return [(f"one card of level {level}", level) for level in sorted({cat.level[c] for c in counted})]
    if solve.name == "draw_pile_size":
        setup = game.catalogue.setup
        return [("the starting savannah", -setup["savannah"]), ("one hand", -setup["hand"]),
                ("the hands", -setup["hand"] * game.players)]
    return []


def diagnose(game, solve, form: Answer, given: Any, right: Any) -> Optional[str]:
    """Words on a wrong answer that no named mistake foresaw: the engine's reason for a wrong card, or the
    part of a count that is off."""
    if form.kind == "number":
        for words, points in count_parts(game, solve):
            if points and given == right - points:
                return f"as if you left out {words}" if points > 0 else f"as if you did not take off {words}"
            if points and given == right + points:
                return f"as if you counted {words} twice" if points > 0 else f"as if you took off {words} twice"
        if abs(given - right) == 1:
            return "off by one: count again, one card at a time"
        return None
    why = WHY_NOT.get(solve.name)
    if why is None or form.ordered:
        return None
    wrong = [given] if form.kind == "choice" else sorted(set(given) - set(right), key=str)
    for item in wrong:
        reason = why(game, item, **solve.args)
        if reason:
            return f"{item}: {reason}"
    return None


class CircleExercise(Exercise):
    """An exercise whose wrong answers are explained (``diagnose``) when no named mistake foresaw them."""

    def why_not(self, item: Any) -> Optional[str]:
        """The engine's reason why one clicked item is not (part of) the answer; None when it is, or
        when the exercise has no reason to give (a board may show it as soon as the item is clicked)."""
        pos = self.position()
        right = self.solve(pos)
        if item == right or (isinstance(right, (frozenset, tuple)) and item in right):
            return None
        why = WHY_NOT.get(self.solve.name)
        return why(pos, item, **self.solve.args) if why else None

    def check(self, raw: Any, *, remember: bool = True):
        fb = Exercise.check(self, raw, remember=remember)
        if fb or fb.mistake is not None or raw is None:
            return fb
        try:
            given = self.answer.read(raw)
        except AnswerError:
            return fb
        pos = self.position()
        extra = diagnose(pos, self.solve, self.answer, given, self.solve(pos))
        if not extra:
            return fb
        head, sep, tail = fb.message.partition(". Try a hint.")
        return Feedback(False, f"{head}; {extra}{sep}{tail}" if sep else fb.message, fb.rule_id)


def explained(exercises: Sequence[Exercise]) -> Tuple[CircleExercise, ...]:
    """The exercises as ``CircleExercise``: the same records, with wrong answers explained."""
    return tuple(CircleExercise(**{f.name: getattr(ex, f.name) for f in fields(ex)}) for ex in exercises)
