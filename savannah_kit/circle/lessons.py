"""The Circle of Life exercises: the named functions their records call, their answer forms and pictures.

The exercises themselves are data: ``lessons.json`` beside this module holds each one's position
(``circle.from_scenario`` data or a seeded ``new_game``), question, answer form, hints, named
mistakes and rules (the format is in the README, "Writing an exercise"), in learning order:
lessons 1-3 (the turn, the cards and the savannah, playing a card), then lessons 4-6 (hunting,
re-ordering, scoring). ``EXERCISES`` are those records read and checked;
``savannah_kit.teach.exercise.exercise("circle.count-from-right")`` finds one by id.

What a record works out is a function here marked ``@named``: the answer from the engine
(``legal_moves``, ``playable``, the move played on a copy and its events read back,
``score_breakdown``, ``winners``), a misreading's answer, and pictures that do not give the
answer away: the table as the players see it, with no ringed card, no log line, no points and no
word of what may be played; the solution picture rings the answer or shows the table after the
turn. The card data is the kit's own (the published card texts are not public: kit ruling K17).

Answers are given by clicking the picture or typed: in lessons 1-3 cards by species (``Zebra,
Lion``) or card id (``C35``); in lessons 4-6 by id (``C35``), by species when only one card of it
is in sight (``Zebra``) or both (``Zebra (C35)``); players by colour (``Yellow, Green``); a choice
by its words (``draw pile``). Where the answer is not a thing on the table (the steps of a turn,
who owns a card), the picture carries a row of labelled answer chips to click, always all of
them, in a fixed order.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from ..core.scene import Scene, Text, rect, text
from ..teach import answers
from ..teach.answers import Answer, AnswerError
from ..teach.records import LessonBook
from . import from_scenario, new_game
from .data import default_catalogue
from .moves import Discard, LastDiscard, Play
from .render import PALETTES, WIDTH
from .state import Phase
from .text import COLOURS

__all__ = ["EXERCISES", "BOOK", "named", "LESSONS", "SPECIES", "CARDS", "PLAYERS_IN_ORDER", "PLAYER_SET",
           "WHO_OR_NOBODY", "cards", "with_choices", "species_of", "click_card", "click_hand_card", "after"]

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


def cards(game, many: bool = True, ordered: bool = False) -> Answer:
    """Cards of ``game``'s position, typed by id (``C35``), by species when only one card of it is in
    sight (``Zebra``), or both (``Zebra (C35)``). ``many``: a set (or, ``ordered``, a sequence);
    otherwise exactly one card."""
    cat = game.catalogue
    ids = {cat.ids[c]: cat.name[c] for c in _cards_in_sight(game)}
    counts: Dict[str, int] = {}
    for name in ids.values():
        counts[name.lower()] = counts.get(name.lower(), 0) + 1
    unique = {name.lower(): cid for cid, name in ids.items() if counts[name.lower()] == 1}
    names = "|".join(sorted((re.escape(n) for n in counts), key=len, reverse=True))
    token = re.compile(rf"(?:(?P<named>{names})\s*\(\s*)?(?P<id>{_ID})\s*\)?|(?P<name>{names})", re.IGNORECASE)
    leftover = re.compile(r"[\s,;/\[\](){}'\"]|\band\b|\bthen\b", re.IGNORECASE)
    example = ", ".join(f"{ids[c]} ({c})" for c in list(ids)[:2])

    def one(m: "re.Match[str]") -> str:
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
            raise AnswerError(f"there are several {m['name']} cards in sight ({same}): give the card id")
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
                raise AnswerError(f"give exactly one card, like {example.split(', ')[0]}")
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
    return Answer(kind, example if many else example.split(", ")[0], read, show, ordered)


BOOK = LessonBook("circle", new_game=new_game, from_scenario=from_scenario, answers_forms={
    "species_set": CARDS, "species": SPECIES, "players_in_order": PLAYERS_IN_ORDER, "steps": STEPS,
    "places": PLACES, "owners": OWNERS, "player_set": PLAYER_SET, "who_or_nobody": WHO_OR_NOBODY,
    "card_count": answers.number("cards", 0, CATALOGUE.size), "cards": cards})
named = BOOK.named

# -- reading the engine ------------------------------------------------------------------------------------------


def after(game, move) -> Tuple[Any, List[Any]]:
    """A copy of ``game`` after ``move``, and the events it gave (``game`` stays as it is)."""
    trial = game.copy()
    return trial, trial.play(move)


def species_of(game, card_id: str) -> str:
    """The species of a card id: ``"C35"`` -> ``"Zebra"``."""
    return game.catalogue.name[game.catalogue.index[card_id]]


def _species_names(game, card_list: Iterable[int]) -> FrozenSet[str]:
    return frozenset(game.catalogue.name[c] for c in card_list)


def _hand_card(game, species: str, seat: Optional[int] = None) -> str:
    """The id of the first card of ``species`` in the hand of ``seat`` (default: the player to move)."""
    cat = game.catalogue
    hand = game.state.hands[game.current_player if seat is None else seat]
    return next(cat.ids[c] for c in hand if cat.name[c] == species)


def _id(game, species: str, nth: int = 0) -> str:
    """The id of the ``nth`` card of ``species`` in sight (savannah first, then the hands)."""
    cat = game.catalogue
    return [cat.ids[c] for c in _cards_in_sight(game) if cat.name[c] == species][nth]


def _plays(game, species: str) -> List[Play]:
    card = _hand_card(game, species)
    return [m for m in game.legal_moves() if type(m) is Play and m.card == card]


def _move_with(game, species: str, first: Sequence[str]) -> Play:
    """The legal play of ``species`` whose first hunt takes exactly the cards of the species ``first``."""
    ids = {_id(game, s) for s in first}
    return next(m for m in _plays(game, species) if set(m.actions[0][1]) == ids)


def _play(game, species: str, first: Optional[Sequence[str]] = None) -> Play:
    """A play of ``species``: the one whose first hunt takes ``first``, else the first legal one."""
    return _move_with(game, species, first) if first is not None else _plays(game, species)[0]


def _row_ids(game) -> Tuple[str, ...]:
    return tuple(game.catalogue.ids[c] for c in game.state.row)


def _names(game, card_ids) -> str:
    cat = game.catalogue
    card_ids = list(card_ids)
    if not card_ids:
        return "nothing"
    words = [f"{cat.name[cat.index[c]]} ({c})" for c in card_ids]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _in_reach(game, reach: int) -> List[str]:
    """The ``reach`` cards directly left of the card about to be played."""
    row = game.state.row
    return [game.catalogue.ids[c] for c in row[max(0, len(row) - reach):]]


def _said(events, leave_out: Sequence[str] = ()) -> str:
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


def _ringed(game, card_ids: Iterable[str], **view) -> Scene:
    """The table with these cards ringed; ``view`` are ``game.scene`` options (default: the hand of
    the player to move face up)."""
    return game.scene(**{"viewer": game.current_player, **view}, highlights=tuple(card_ids))


def _quiet(scene: Scene) -> Scene:
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
    return _ringed(game, [cat.ids[c] for c in game.state.hands[game.current_player] if cat.name[c] in wanted])


@named
def red_view(game) -> Scene:
    """Red's view: Red's hand face up, nothing ringed, no points."""
    return _quiet(game.scene(viewer=0, scoring=False))


@named
def red_view_ringed(game, answer) -> Scene:
    """Red's view with the answer's cards ringed."""
    return _ringed(game, [answer] if isinstance(answer, str) else answer, viewer=0, scoring=False)


@named
def ringed_in_reach(game, reach: int) -> Scene:
    return _ringed(game, _in_reach(game, reach), viewer=0, scoring=False)


@named
def table_after_play(game, species: str, first: Optional[Sequence[str]] = None) -> Scene:
    """The table after Red plays ``species`` (its first hunt taking ``first``)."""
    return after(game, _play(game, species, first))[0].scene(viewer=0, scoring=False)


@named
def score_picture(game) -> Scene:
    """The finished table, every hand face up, no scoring table and no scores."""
    return _quiet(game.scene(viewer="all", scoring=False))


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
        return _top_of_draw(game)
    return click_hand_card(game, hit)


@named
def answer_names(game, answer) -> str:
    """The answer's cards as "Zebra (C35) and Lion (C01)" (a set in savannah-id order)."""
    if isinstance(answer, str):
        return _names(game, [answer])
    return _names(game, sorted(answer) if isinstance(answer, frozenset) else answer)


@named
def answer_capitalized(game, answer) -> str:
    return answer.capitalize()


# =========================================================================================================
# Lesson 1: one turn
# =========================================================================================================

_STEP_OF_RULE = (("circle.play.", "play"), ("circle.hunt.", "hunt"), ("circle.special.", "hunt"),
                 ("circle.draw.", "draw"), ("circle.reorder.", "re-order"))


def _play_killing(game, species: str, kills: Sequence[str]) -> Play:
    """Red's card of ``species`` killing the savannah's cards of the species ``kills``."""
    ids = {game.catalogue.name[c]: game.catalogue.ids[c] for c in game.state.row}
    return Play.of(_hand_card(game, species, 0), [ids[k] for k in kills])


@named
def turn_steps(game, species: str, kills: Sequence[str]) -> Tuple[str, ...]:
    """The steps of the turn in the order the engine's events happen."""
    _copy, events = after(game, _play_killing(game, species, kills))
    steps: List[str] = []
    for e in events:
        step = next((s for prefix, s in _STEP_OF_RULE if e.rule.startswith(prefix)), None)
        if step and (not steps or steps[-1] != step):
            steps.append(step)
    return tuple(steps)


@named
def play_said(game, species: str, kills: Optional[Sequence[str]] = None, leave_out: Sequence[str] = (),
              first: bool = False) -> str:
    """What the engine says of Red playing ``species`` (killing ``kills``; ``first``: its first event only)."""
    move = _play_killing(game, species, kills) if kills is not None else Play(_hand_card(game, species, 0))
    events = after(game, move)[1]
    return _said(events[:1] if first else events, leave_out)


# =========================================================================================================
# Lesson 2: the cards and the savannah, the set-up
# =========================================================================================================

@named
def draw_pile_size(game) -> int:
    return len(game.state.draw_pile)


@named
def deck_size(game) -> int:
    return game.catalogue.size


@named
def savannah_size(game) -> int:
    return len(game.state.row)


@named
def players(game) -> int:
    return game.players


@named
def hand_size(game) -> int:
    return len(game.state.hands[0])


@named
def deck_after_dealing(game, savannah: bool = True, hands: Optional[int] = None) -> int:
    """The deck less the starting savannah (if ``savannah``) and ``hands`` hands (default: one a player)."""
    setup = game.catalogue.setup
    dealt = game.players if hands is None else hands
    return game.catalogue.size - (setup["savannah"] if savannah else 0) - dealt * setup["hand"]


@named
def first_turns(game, turns: int) -> Tuple[str, ...]:
    """Who plays the first ``turns`` turns: the engine plays them (its first legal move each time)."""
    copy = game.copy()
    who = []
    for _ in range(turns):
        who.append(COLOURS[copy.current_player])
        copy.play(copy.legal_moves()[0])
    return tuple(who)


@named
def seats_from(game, first: int, step: int = 1, turns: int = 5) -> Tuple[str, ...]:
    """Seats taking turns from ``first``, ``step`` seats on each time."""
    return tuple(COLOURS[(first + step * k) % game.players] for k in range(turns))


@named
def where_the_maasai_is(game) -> str:
    st, cat = game.state, game.catalogue
    card = next(c for c in range(cat.size) if cat.card_species[c].immune)
    if card in st.row:
        return "savannah"
    if card in st.draw_pile:
        return "draw pile"
    if card in st.out_of_game:
        return "out of the game"
    return f"{COLOURS[next(p for p, h in enumerate(st.hands) if card in h)]}'s hand"


# =========================================================================================================
# Lesson 3: playing a card
# =========================================================================================================

def _only_play(game) -> Play:
    """The card the mover must play here (the engine allows exactly one card)."""
    moves = game.legal_moves()
    if len({m.card for m in moves}) != 1:
        raise ValueError(f"expected one playable card, the engine allows {sorted({m.card for m in moves})}")
    return moves[0]


@named
def rightmost_after_the_only_play(game) -> str:
    trial, _events = after(game, _only_play(game))
    return trial.catalogue.name[trial.state.row[-1]]


@named
def rightmost_now(game) -> str:
    return game.catalogue.name[game.state.row[-1]]


@named
def ringed_only_play(game) -> Scene:
    return _ringed(game, [_only_play(game).card])


@named
def playable(game) -> FrozenSet[str]:
    """The species of the cards the mover may play."""
    return frozenset(species_of(game, cid) for cid in game.playable())


@named
def leaving_the_hand(game) -> FrozenSet[str]:
    """The species of the cards that may leave the mover's hand this turn, played or discarded."""
    return frozenset(species_of(game, m.card) for m in game.legal_moves())


@named
def hand_species(game, but: Sequence[str] = ()) -> FrozenSet[str]:
    """The species in the mover's hand, but these."""
    return _species_names(game, game.state.hands[game.current_player]) - set(but)


@named
def unplayable_species(game) -> FrozenSet[str]:
    return hand_species(game) - playable(game)


@named
def alphabetical(game, answer) -> str:
    return ", ".join(sorted(answer))


def _any_play(game, cid: str) -> Play:
    """A play of ``cid`` with the right number of hunts, each taking nothing (to ask why it is refused)."""
    sp = game.catalogue.card_species[game.catalogue.index[cid]]
    return Play(cid, tuple((0, ()) for _ in sp.actions))


def _why_not(game, names: Iterable[str]) -> str:
    """The engine's refusal of each named card in the mover's hand, joined."""
    parts = []
    for c in game.state.hands[game.current_player]:
        if game.catalogue.name[c] in set(names):
            said = game.explain(_any_play(game, game.catalogue.ids[c]))
            parts.append(said[len("Not legal: "):] if said.startswith("Not legal: ") else said)
    return "; ".join(parts)


@named
def why_unplayable(game) -> str:
    """The engine's refusal of each card in the mover's hand that may not be played."""
    return _why_not(game, unplayable_species(game))


@named
def why_the_others_are_refused(game, answer) -> str:
    """The engine's refusal of each card of the mover's hand but the answer's."""
    return _why_not(game, hand_species(game) - {answer})


@named
def why_the_hand_is_refused(game) -> str:
    return _why_not(game, hand_species(game))


def _reading(game, reads) -> FrozenSet[str]:
    """The cards a misreading of the placement rules lets the mover play: ``reads(condition, row)``
    gives the cards that misreading looks at (the row is the savannah's species, left to right)."""
    row = [game.catalogue.card_species[c] for c in game.state.row]
    found = set()
    for c in game.state.hands[game.current_player]:
        sp = game.catalogue.card_species[c]
        ok = True
        for cond in sp.restriction:
            hit = any(cond.filter.matches(x) for x in reads(cond, row))
            ok = ok and (not hit if cond.kind == "forbid" else hit)
        if ok:
            found.add(sp.name)
    return frozenset(found)


def _from_the_left(cond, row):
    return row[:cond.rightmost]


def _whole_row_for_long_rules(cond, row):
    return row if cond.rightmost > 1 else row[-1:]


@named
def playable_counting_from_the_left(game) -> FrozenSet[str]:
    return _reading(game, _from_the_left)


@named
def playable_reading_the_whole_row(game) -> FrozenSet[str]:
    """Rules about the last 2 or 3 cards read against the whole savannah."""
    return _reading(game, _whole_row_for_long_rules)


def _top_of_draw(game) -> str:
    return game.catalogue.name[game.state.draw_pile[-1]]


@named
def hand_after_discarding(game, species: str) -> FrozenSet[str]:
    trial, _events = after(game, Discard(_hand_card(game, species, 0)))
    return _species_names(trial, trial.state.hands[0])


@named
def discard_said(game, species: str) -> str:
    return _said(after(game, Discard(_hand_card(game, species, 0)))[1])


@named
def hand_and_top_of_draw(game) -> FrozenSet[str]:
    return hand_species(game) | {_top_of_draw(game)}


@named
def owner_after_playing(game, species: str) -> str:
    """Whose token is on the card of ``species`` once Red plays it ("not played" if Red may not)."""
    move = Play(_hand_card(game, species, 0))
    if not game.is_legal(move):
        return "not played"
    trial, _events = after(game, move)
    owner = trial.state.owners[trial.state.row.index(trial.catalogue.index[move.card])]
    return COLOURS[owner] if owner >= 0 else "nobody"


# =========================================================================================================
# Lesson 4: hunting
# =========================================================================================================

@named
def hunt_targets(game, species: str, hunt: int = 0, earlier: Sequence[Sequence[str]] = ()) -> FrozenSet[str]:
    """Every card hunt number ``hunt`` (0: the top one) of the played ``species`` may take, after the
    earlier hunts took the cards of the species in ``earlier`` (the engine's legal moves)."""
    taken = [{_id(game, s) for s in species_list} for species_list in earlier]
    found = set()
    for m in _plays(game, species):
        if all(set(m.actions[k][1]) == t for k, t in enumerate(taken)):
            found.update(m.actions[hunt][1])
    return frozenset(found)


@named
def names_in_reach(game, reach: int) -> str:
    return _names(game, _in_reach(game, reach))


@named
def in_reach(game, reach: int) -> FrozenSet[str]:
    return frozenset(_in_reach(game, reach))


@named
def count_in_reach(game, reach: int) -> int:
    return len(_in_reach(game, reach))


@named
def with_card(game, answer, species: str, nth: int = 0) -> FrozenSet[str]:
    """The answer and the ``nth`` card of ``species`` in sight."""
    return answer | {_id(game, species, nth)}


@named
def in_reach_once_gaps_close(game, killed: Sequence[str], reach: int, species: Sequence[str]) -> FrozenSet[str]:
    """The sequential misreading: the killed cards leave at once and the row closes up, so a later
    hunt's reach counts on the shorter row (the cards of ``species`` it finds there)."""
    taken = {_id(game, s) for s in killed}
    left = [c for c in _row_ids(game) if c not in taken]
    return frozenset(c for c in left[-reach:] if species_of(game, c) in species)


def _taken(game, move: Play) -> List[str]:
    return [t for _, targets in move.actions for t in targets]


@named
def kill_pile_gain(game, species: str, first: Sequence[str]) -> FrozenSet[str]:
    """The cards added to Red's kill pile when Red plays ``species``, its first hunt taking ``first``."""
    trial = after(game, _move_with(game, species, first))[0]
    cat = game.catalogue
    return frozenset(cat.ids[c] for c in trial.state.kill_piles[0]) - frozenset(
        cat.ids[c] for c in game.state.kill_piles[0])


@named
def tokens_back(game, seat: int, species: str, first: Sequence[str]) -> int:
    """How many tokens go back to ``seat`` when Red plays ``species``, its first hunt taking ``first``."""
    events = after(game, _move_with(game, species, first))[1]
    return sum(1 for e in events if e.rule == "circle.hunt.tokens-return" and e.player == seat)


@named
def tokens_left_after(game, seat: int, species: str, first: Sequence[str]) -> int:
    """The tokens ``seat`` would still have on the savannah of 12, once theirs come back."""
    return 12 - tokens_back(game, seat, species, first)


@named
def tokens_on_first_hunt(game, seat: int, species: str, first: Sequence[str]) -> int:
    """``seat``'s tokens on the cards the first hunt takes (the scared ones forgotten)."""
    owners = dict(zip(_row_ids(game), game.state.owners))
    return sum(1 for c in _move_with(game, species, first).actions[0][1] if owners[c] == seat)


@named
def taken_count(game, species: str, first: Sequence[str]) -> int:
    return len(_taken(game, _move_with(game, species, first)))


@named
def taken_names(game, species: str, first: Sequence[str]) -> str:
    return _names(game, _taken(game, _move_with(game, species, first)))


@named
def ringed_taken(game, species: str, first: Sequence[str]) -> Scene:
    return _ringed(game, _taken(game, _move_with(game, species, first)), viewer=0, scoring=False)


def _predators(game, card_ids) -> int:
    cat = game.catalogue
    return sum(1 for c in card_ids if cat.predator[cat.index[c]])


@named
def giraffe_bonus(game, species: str) -> int:
    """The bonus points Red gains playing ``species``."""
    move = _plays(game, species)[0]
    return after(game, move)[0].state.bonus[0] - game.state.bonus[0]


@named
def predators_in_reach(game, reach: int) -> int:
    return _predators(game, _in_reach(game, reach))


@named
def predators_on_the_savannah(game) -> int:
    return _predators(game, _row_ids(game))


# =========================================================================================================
# Lesson 5: re-ordering groups
# =========================================================================================================

@named
def row_after_play(game, species: str, first: Optional[Sequence[str]] = None) -> Tuple[str, ...]:
    """The savannah after Red plays ``species`` (its first hunt taking ``first``), left to right."""
    return _row_ids(after(game, _play(game, species, first))[0])


def _group_of(game, cid: str) -> str:
    return game.catalogue.card_species[game.catalogue.index[cid]].group


@named
def row_then_played(game, species: str, killed: Sequence[str] = ()) -> Tuple[str, ...]:
    """The savannah without the ``killed`` cards and with the played card at its end: no re-ordering."""
    gone = {_id(game, s) for s in killed}
    return tuple(c for c in _row_ids(game) if c not in gone) + (_hand_card(game, species),)


@named
def group_at_the_left_end(game, species: str, killed: Sequence[str] = ()) -> Tuple[str, ...]:
    """The misreading that gathers the played card's group at the left end of the savannah."""
    played = _hand_card(game, species)
    gone = {_id(game, s) for s in killed}
    row = [c for c in _row_ids(game) if c not in gone]
    group = _group_of(game, played)
    same = [c for c in row if _group_of(game, c) == group]
    return tuple(same + [c for c in row if c not in same] + [played])


@named
def group_gathered_gaps_kept(game, species: str) -> Tuple[str, ...]:
    """The group gathered by the played card, the killed cards still in the row."""
    played = _hand_card(game, species)
    group = _group_of(game, played)
    row = _row_ids(game)
    return (tuple(c for c in row if _group_of(game, c) != group) + tuple(c for c in row if _group_of(game, c) == group)
            + (played,))


# =========================================================================================================
# Lesson 6: the end and the scoring
# =========================================================================================================

@named
def turns_left(game) -> int:
    """The turns still to play, this one included, before the last discards."""
    trial, turns = game.copy(), 0
    while trial.phase is Phase.PLAY:
        trial.play(trial.legal_moves()[0])
        turns += 1
    return turns


def _penalty_after(game, card: str) -> int:
    return after(game, LastDiscard(card))[0].score_breakdown(0).steps["hand_penalty"]


@named
def best_last_discard(game) -> str:
    hand = [game.catalogue.ids[c] for c in game.state.hands[0]]
    return max(hand, key=lambda c: (_penalty_after(game, c), c))


@named
def penalty_after_the_answer(game, answer) -> int:
    """The hand penalty left once the answer's card is discarded, as a positive number."""
    return -_penalty_after(game, answer)


@named
def highest_level_in_hand(game) -> str:
    cat = game.catalogue
    return cat.ids[max(game.state.hands[0], key=lambda c: cat.level[c])]


@named
def cheapest_to_keep(game) -> str:
    cat = game.catalogue
    return cat.ids[min(game.state.hands[0], key=lambda c: cat.penalty[c])]


@named
def score_step(game, step: str, seat: int = 0, sign: int = 1) -> int:
    """One step of a player's final score (``sign`` -1: as the amount taken away)."""
    return sign * game.score_breakdown(seat).steps[step]


@named
def score_steps(game, steps: Sequence[str], seat: int = 0) -> int:
    """The sum of these steps of a player's final score."""
    return sum(score_step(game, s, seat) for s in steps)


@named
def final_score(game, seat: int = 0) -> int:
    return game.scores()[seat]


@named
def final_score_without(game, steps: Sequence[str], seat: int = 0) -> int:
    """A final score less these steps (a step listed twice is taken twice)."""
    return final_score(game, seat) - score_steps(game, steps, seat)


@named
def savannah_levels(game) -> int:
    return sum(game.catalogue.level[c] for c in game.state.row)


@named
def red_tokens_on_the_savannah(game) -> int:
    return sum(1 for o in game.state.owners if o == 0)


@named
def kill_pile_size(game, seat: int = 0) -> int:
    return len(game.state.kill_piles[seat])


@named
def maasai_loser(game) -> str:
    losers = [COLOURS[p] for p in range(game.players) if game.score_breakdown(p).steps["maasai"]]
    return losers[0] if losers else "nobody"


@named
def owner_of(game, species: str) -> str:
    """Whose token is on the savannah's card of ``species``."""
    i = _row_ids(game).index(_id(game, species))
    return COLOURS[game.state.owners[i]]


@named
def big_five_players(game) -> FrozenSet[str]:
    return frozenset(COLOURS[p] for p in range(game.players) if game.score_breakdown(p).steps["big_five"])


@named
def five_big_five_cards(game) -> FrozenSet[str]:
    """The misreading that counts Big Five cards instead of kinds."""
    big = game.catalogue.big_five_species
    return frozenset(COLOURS[p] for p, pile in enumerate(game.state.kill_piles)
                     if sum(1 for c in pile if game.catalogue.name[c] in big) >= len(big))


@named
def big_five_with_the_savannah(game) -> FrozenSet[str]:
    """The misreading that counts one's own cards left on the savannah as well."""
    cat, st = game.catalogue, game.state
    found = set()
    for p, pile in enumerate(st.kill_piles):
        kinds = {cat.name[c] for c in pile} | {cat.name[c] for c, o in zip(st.row, st.owners) if o == p}
        if all(b in kinds for b in cat.big_five_species):
            found.add(COLOURS[p])
    return frozenset(found)


@named
def winners(game) -> FrozenSet[str]:
    return frozenset(COLOURS[p] for p in game.winners())


@named
def totals(game) -> str:
    """"Red 12, Blue 9": every final score."""
    return ", ".join(f"{COLOURS[p]} {s}" for p, s in enumerate(game.scores()))


@named
def best_before_penalties(game) -> FrozenSet[str]:
    plus = [sum(v for v in game.score_breakdown(p).steps.values() if v > 0) for p in range(game.players)]
    return frozenset(COLOURS[p] for p, s in enumerate(plus) if s == max(plus))


@named
def best_kill_pile(game) -> FrozenSet[str]:
    kills = [game.score_breakdown(p).steps["kill_pile"] for p in range(game.players)]
    return frozenset(COLOURS[p] for p, s in enumerate(kills) if s == max(kills))


@named
def predators_killed(game, seat: int) -> int:
    return game.predators_killed()[seat]


@named
def most_cards_killed(game) -> FrozenSet[str]:
    n = [len(k) for k in game.state.kill_piles]
    return frozenset(COLOURS[p] for p, k in enumerate(n) if k == max(n))


EXERCISES = BOOK.load(LESSONS)
