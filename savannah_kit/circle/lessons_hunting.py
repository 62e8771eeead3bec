"""The Circle of Life exercises of lessons 4-6: hunting, re-ordering groups, scoring.

Every exercise builds a fresh hand-built position (``circle.from_scenario``) on the kit's own
card list (GAMES.md 2.2.2, marked ASSUMPTION there: the real cards are not public), asks the
engine for the answer (``legal_moves``, a trial ``play`` on a copy, ``score_breakdown``,
``winners``), names the likely misreadings and draws a picture that does not give the answer
away: no ringed cards, no points or scores, no winner in the header. The solution picture rings
the answer, shows the savannah after the turn or the scoring table.

Answers are clicked (a savannah card ``card:C35``, a card in hand ``hand:C41``) or typed: cards by
id (``C35``), by species when only one card of it is in sight (``Zebra``) or both
(``Zebra (C35)``); players by colour (``Red``, ``Blue and Red``, ``nobody``); numbers as numbers.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple

from ..core.scene import Scene, Text
from ..teach import answers
from ..teach.answers import Answer, AnswerError
from ..teach.exercise import Exercise, Mistake
from .exercise_kit import after, hand_card, position, ringed, species_of
from .moves import LastDiscard, Play
from .state import Phase
from .text import COLOURS

__all__ = ["EXERCISES", "card_answer"]

# -- answers: cards by id or species name ----------------------------------------------------------------

_ID = r"C\d{2,3}"


def _cards_in_sight(game) -> List[int]:
    """The savannah left to right, then the hands the exercise pictures show face up (Red's; every
    hand once the game is over): every card a learner can name in the picture."""
    st = game.state
    hands = st.hands if game.is_over else st.hands[:1]
    return list(st.row) + [c for hand in hands for c in hand]


def card_answer(build: Callable[[], Any], *, many: bool = True, ordered: bool = False) -> Answer:
    """Cards of the position ``build`` makes, typed by id (``C35``), by species when only one card of
    it is in sight (``Zebra``), or both (``Zebra (C35)``). ``many``: a set (or, ``ordered``, a
    sequence); otherwise exactly one card."""
    game = build()
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


#: players by colour; "nobody" for no one
PLAYERS = {c.lower(): c for c in COLOURS}
PLAYER_SET = answers.words(PLAYERS, example="Red, Blue")
WHO_OR_NOBODY = answers.choice({**PLAYERS, "nobody": "nobody", "no one": "nobody", "none": "nobody",
                                "noone": "nobody"}, example="Blue")


def _click_card(_game, hit: Optional[str]) -> Optional[str]:
    """A savannah card or a card in a hand shown face up: its id."""
    if hit and hit.startswith(("card:", "hand:")):
        cid = hit.split(":", 1)[1]
        return cid if re.fullmatch(_ID, cid) else None
    return None


# -- positions and pictures --------------------------------------------------------------------------------


#: a position mid-game, four cards left to draw unless ``draw`` says otherwise
_position = partial(position, draw=("Zebra", "Gazelle", "Warthog", "Wildebeest"))


_GIVEN_AWAY = re.compile(r"^(?:points so far|score): -?\d+$")


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


def _red_view(game) -> Scene:
    """Red's view: Red's hand face up, nothing ringed, no points."""
    return _quiet(game.scene(viewer=0, scoring=False))


#: Red's view with some cards ringed (for Show me)
_ringed = partial(ringed, viewer=0, scoring=False)


def _table_after(move: Callable[[Any], Play]) -> Callable[[Any], Scene]:
    """The table after Red's turn (for Show me)."""
    return lambda game: after(game, move(game))[0].scene(viewer=0, scoring=False)


def _scoring_table(game) -> Scene:
    return game.scene(viewer="all", scoring=True)


# -- reading the engine ------------------------------------------------------------------------------------


def _id(game, species: str, nth: int = 0) -> str:
    """The id of the ``nth`` card of ``species`` in sight (savannah first, then the hands)."""
    cat = game.catalogue
    return [cat.ids[c] for c in _cards_in_sight(game) if cat.name[c] == species][nth]


def _plays(game, species: str) -> List[Play]:
    card = hand_card(game, species)
    return [m for m in game.legal_moves() if type(m) is Play and m.card == card]


def _hunt_targets(game, species: str, hunt: int = 0, earlier: Tuple[Tuple[str, ...], ...] = ()) -> FrozenSet[str]:
    """Every card hunt number ``hunt`` (0: the top one) of the played ``species`` may take, after the
    earlier hunts took ``earlier`` (the engine's legal moves)."""
    found = set()
    for m in _plays(game, species):
        if all(set(m.actions[k][1]) == set(t) for k, t in enumerate(earlier)):
            found.update(m.actions[hunt][1])
    return frozenset(found)


def _move_with(game, species: str, first: Sequence[str]) -> Play:
    """The legal play of ``species`` whose first hunt takes exactly ``first``."""
    return next(m for m in _plays(game, species) if set(m.actions[0][1]) == set(first))


def _in_reach(game, reach: int) -> List[str]:
    """The ``reach`` cards directly left of the card about to be played."""
    row = game.state.row
    return [game.catalogue.ids[c] for c in row[max(0, len(row) - reach):]]


def _row_ids(game) -> Tuple[str, ...]:
    return tuple(game.catalogue.ids[c] for c in game.state.row)


def _names(game, cards) -> str:
    cat = game.catalogue
    cards = list(cards)
    if not cards:
        return "nothing"
    words = [f"{cat.name[cat.index[c]]} ({c})" for c in cards]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# =========================================================================================================
# Lesson 4: hunting
# =========================================================================================================

LION_REACH_POS = _position(["Zebra", "Elephant@1", "Wildebeest", "Maasai@1", "Impala@1"],
                           [["Lion", "Zebra", "Gazelle"], ["Giraffe", "Wildebeest", "Warthog"]])
LION_REACH_ANSWER = card_answer(LION_REACH_POS)


def _lion_reach(game) -> FrozenSet[str]:
    return _hunt_targets(game, "Lion")


LION_REACH = Exercise(
    id="circle.lion-reach", title="What can the Lion reach?",
    question="Red plays the Lion from hand. Its first hunt kills 2 cards of level 5 or less, with reach 3. Which "
             "cards can that hunt kill? Click them on the savannah, or type them by name or id, like Elephant, C35.",
    rules=("circle.hunt.reach", "circle.special.maasai-immune"),
    build=LION_REACH_POS, solve=_lion_reach, answer=LION_REACH_ANSWER,
    hints=("The Lion lands at the right end. Reach 3 means the 3 cards directly to its left, no further.",
           "Of those 3 cards, one can never be killed or scared, whatever the hunt says: which one?"),
    explain=lambda g: (f"The three cards left of the Lion are {_names(g, _in_reach(g, 3))} "
                       f"[circle.hunt.reach]. The Maasai is immune: no hunt ever takes it "
                       f"[circle.special.maasai-immune]. That leaves {_names(g, sorted(_lion_reach(g)))}, exactly "
                       f"the 2 cards the hunt must kill."),
    picture=_red_view, solution_picture=_ringed(_lion_reach), click=_click_card,
    spoilers=lambda g: ["kill?", LION_REACH_ANSWER.show(_lion_reach(g))],
    mistakes=(
        Mistake("reached-too-far", lambda g: _lion_reach(g) | {_id(g, "Elephant")},
                "reach 3 stops at the third card left of the Lion; the Elephant is the fourth"),
        Mistake("hunted-the-maasai", lambda g: _lion_reach(g) | {_id(g, "Maasai")},
                "the Maasai can never be killed or scared", "circle.special.maasai-immune"),
    ),
)

CHEETAH_POS = _position(["Impala", "Zebra", "Gazelle@1", "Wildebeest", "Impala@1", "Warthog"],
                        [["Cheetah", "Zebra", "Hyena"], ["Giraffe", "Wildebeest", "Buffalo"]])
CHEETAH_ANSWER = card_answer(CHEETAH_POS)


def _cheetah_targets(game) -> FrozenSet[str]:
    return _hunt_targets(game, "Cheetah")


CHEETAH_FILTER = Exercise(
    id="circle.cheetah-filter", title="A choosy Cheetah",
    question="Red plays the Cheetah: kill 1 Gazelle or Impala, reach 4. Which cards could it kill? Click them, or "
             "type them (there are two Impalas: give an Impala by its id, like C47).",
    rules=("circle.hunt.filter", "circle.hunt.reach"),
    build=CHEETAH_POS, solve=_cheetah_targets, answer=CHEETAH_ANSWER,
    hints=("Two things limit a hunt: how far it reaches, and what kind of card it takes.",
           "Count 4 cards left from where the Cheetah lands, then keep only the Gazelles and Impalas among them."),
    explain=lambda g: (f"Reach 4 covers {_names(g, _in_reach(g, 4))} [circle.hunt.reach]; only Gazelles and "
                       f"Impalas match the hunt's filter [circle.hunt.filter], so the Cheetah may kill "
                       f"{_names(g, sorted(_cheetah_targets(g)))} (one of them: it kills 1)."),
    picture=_red_view, solution_picture=_ringed(_cheetah_targets), click=_click_card,
    spoilers=lambda g: ["kill?", CHEETAH_ANSWER.show(_cheetah_targets(g))],
    mistakes=(
        Mistake("ignored-the-filter", lambda g: frozenset(_in_reach(g, 4)),
                "the hunt takes only Gazelles and Impalas: the Wildebeest and the Warthog are in reach but do not "
                "match"),
        Mistake("reached-too-far", lambda g: _cheetah_targets(g) | {_id(g, "Impala", 0)},
                "reach 4 ends at the fourth card left of the Cheetah; the first Impala is the sixth",
                "circle.hunt.reach"),
    ),
)

SNAPSHOT_POS = _position(["Zebra", "Hyena@1", "Gazelle", "Jackal@1", "Impala@1"],
                         [["Lion", "Wildebeest", "Warthog"], ["Giraffe", "Buffalo", "Zebra"]])
SNAPSHOT_ANSWER = card_answer(SNAPSHOT_POS)


def _snapshot_first(game) -> Tuple[str, str]:
    return _id(game, "Gazelle"), _id(game, "Impala")


def _snapshot_second(game) -> FrozenSet[str]:
    return _hunt_targets(game, "Lion", 1, (_snapshot_first(game),))


def _closing_gaps_early(game) -> FrozenSet[str]:
    """The sequential misreading: the Lion's kills leave at once and the row closes up, so the second
    hunt's reach 2 counts on the shorter row."""
    taken = set(_snapshot_first(game))
    left = [c for c in _row_ids(game) if c not in taken]
    return frozenset(c for c in left[-2:] if species_of(game, c) in ("Hyena", "Jackal"))


SNAPSHOT = Exercise(
    id="circle.snapshot", title="The second hunt looks at the same savannah",
    question="Red plays the Lion. Its first hunt kills the Gazelle and the Impala. Its second hunt scares all "
             "Hyenas and Jackals within reach 2. Which cards does the second hunt scare? Click them, or type "
             "them (or none).",
    rules=("circle.hunt.snapshot", "circle.hunt.order"),
    build=SNAPSHOT_POS, solve=_snapshot_second, answer=SNAPSHOT_ANSWER,
    hints=("The hunts are resolved top to bottom, but killed cards do not leave the savannah straight away.",
           "The Gazelle and the Impala keep their places until the turn's hunting is over: reach 2 still means "
           "the Impala's place and the card left of it."),
    explain=lambda g: (f"The two hunts run one after the other, top to bottom [circle.hunt.order], on the savannah "
                       f"as it stood when the Lion was placed: the killed cards keep their places until the "
                       f"hunting is over [circle.hunt.snapshot]. Reach 2 is the Jackal and the Impala (taken "
                       f"already), so the second hunt scares {_names(g, sorted(_snapshot_second(g)))}; the Hyena "
                       f"is 4 places away."),
    picture=_red_view, solution_picture=_table_after(lambda g: _move_with(g, "Lion", _snapshot_first(g))),
    click=_click_card, spoilers=lambda g: ["scare?"],
    mistakes=(
        Mistake("closed-gaps-early", _closing_gaps_early,
                "the killed cards keep their places until the end of the hunting, so reach 2 does not slide on to "
                "the Hyena"),
        Mistake("stopped-after-the-first-hunt", lambda g: frozenset(),
                "a card's hunts are all resolved, one after the other: the second hunt still has a Jackal in reach",
                "circle.hunt.order"),
    ),
)

MUST_HUNT_POS = _position(["Gazelle@1", "Elephant@1", "Zebra@0"],
                          [["Rhinoceros", "Giraffe", "Impala"], ["Wildebeest", "Warthog", "Hyena"]])
MUST_HUNT_ANSWER = card_answer(MUST_HUNT_POS)


def _rhino_targets(game) -> FrozenSet[str]:
    return _hunt_targets(game, "Rhinoceros")


MUST_HUNT = Exercise(
    id="circle.must-hunt", title="Must the Rhinoceros hunt?",
    question="Red plays the Rhinoceros (scare 1 card except an Elephant, reach 2) and would rather scare nothing. "
             "Which cards may its hunt scare? Click them, or type them; type none if Red may skip the hunt. (Kit "
             "ruling K11 settles when a hunt may be skipped.)",
    rules=("circle.hunt.mandatory", "circle.hunt.own-cards", "circle.hunt.filter"),
    build=MUST_HUNT_POS, solve=_rhino_targets, answer=MUST_HUNT_ANSWER,
    hints=("A hunt with a legal target must be carried out. Which cards in reach are legal targets?",
           "The Elephant does not match the hunt. Red's own token does not protect a card."),
    explain=lambda g: (f"In reach: {_names(g, _in_reach(g, 2))}. The Elephant is excluded by the hunt's filter "
                       f"[circle.hunt.filter]; Red's own Zebra is a legal target like any other "
                       f"[circle.hunt.own-cards]; and a hunt with a legal target cannot be skipped "
                       f"[circle.hunt.mandatory]. So the Rhinoceros scares {_names(g, sorted(_rhino_targets(g)))}."),
    picture=_red_view, solution_picture=_ringed(_rhino_targets), click=_click_card,
    spoilers=lambda g: ["scare?"],  # the one answer card is named on its own tooltip, as every card is
    mistakes=(
        Mistake("skipped-the-hunt", lambda g: frozenset(),
                "a hunt is compulsory while it has a legal target, and Red's own Zebra is one"),
        Mistake("ignored-the-filter", lambda g: frozenset(_in_reach(g, 2)),
                "the Rhinoceros scares any card except an Elephant", "circle.hunt.filter"),
    ),
    kit_ruling=True,
)

LION_TURN_POS = _position(["Gazelle", "Hyena@1", "Wildebeest@1", "Jackal@1", "Zebra@0"],
                          [["Lion", "Impala", "Buffalo"], ["Giraffe", "Warthog", "Zebra"]])
LION_TURN_ANSWER = card_answer(LION_TURN_POS)


def _lion_turn(game) -> Play:
    return _move_with(game, "Lion", (_id(game, "Wildebeest"), _id(game, "Zebra")))


def _kill_pile_gain(game) -> FrozenSet[str]:
    trial = after(game, _lion_turn(game))[0]
    cat = game.catalogue
    return frozenset(cat.ids[c] for c in trial.state.kill_piles[0]) - frozenset(
        cat.ids[c] for c in game.state.kill_piles[0])


def _taken(game, move: Play) -> List[str]:
    return [t for _, targets in move.actions for t in targets]


KILL_OR_SCARE = Exercise(
    id="circle.kill-or-scare", title="Killed or scared?",
    question="Red plays the Lion. Its first hunt kills the Wildebeest and Red's own Zebra; then its second hunt "
             "scares all Hyenas and Jackals within reach 2. Which cards end up in Red's kill pile? Click them, "
             "or type them.",
    rules=("circle.hunt.kill", "circle.hunt.scare", "circle.hunt.verb", "circle.hunt.own-cards"),
    build=LION_TURN_POS, solve=_kill_pile_gain, answer=LION_TURN_ANSWER,
    hints=("Each hunt on the card says whether it kills or scares. Only killed cards go to a kill pile.",
           "A scared card leaves the game. A killed card goes to the hunter's kill pile, even one that carried "
           "the hunter's own token."),
    explain=lambda g: (f"The first hunt kills [circle.hunt.verb]: {_names(g, sorted(_kill_pile_gain(g)))} go to "
                       f"Red's kill pile [circle.hunt.kill], Red's own Zebra too [circle.hunt.own-cards]. The "
                       f"second hunt scares: the Jackal (the Hyena is out of reach 2) leaves the game "
                       f"[circle.hunt.scare]."),
    picture=_red_view, solution_picture=_ringed(_kill_pile_gain), click=_click_card,
    spoilers=lambda g: [LION_TURN_ANSWER.show(_kill_pile_gain(g))],
    mistakes=(
        Mistake("scared-into-the-kill-pile", lambda g: _kill_pile_gain(g) | {_id(g, "Jackal")},
                "the Jackal is scared, not killed: a scared card leaves the game and scores nobody",
                "circle.hunt.scare"),
        Mistake("own-card-spared", lambda g: frozenset({_id(g, "Wildebeest")}),
                "killing a card with your own token is allowed, and it goes to your kill pile like any other",
                "circle.hunt.own-cards"),
    ),
)


def _tokens_to_blue(game) -> int:
    return sum(1 for e in after(game, _lion_turn(game))[1] if e.rule == "circle.hunt.tokens-return" and e.player == 1)


def _owned(game, cards, seat: int) -> int:
    owners = dict(zip(_row_ids(game), game.state.owners))
    return sum(1 for c in cards if owners[c] == seat)


TOKENS_BACK = Exercise(
    id="circle.tokens-back", title="Tokens go home",
    question="The same turn: Red's Lion kills the Wildebeest and Red's own Zebra, then scares the Jackal within "
             "reach 2. How many tokens go back to Blue? Type a number.",
    rules=("circle.hunt.tokens-return", "circle.hunt.scare", "circle.hunt.kill"),
    build=LION_TURN_POS, solve=_tokens_to_blue, answer=answers.number("tokens", 0, 12),
    hints=("A token goes back to its owner whenever the card under it leaves the savannah by a hunt.",
           "Killed or scared makes no difference to the token. Count Blue's tokens on the cards that leave."),
    explain=lambda g: (f"The cards leaving are {_names(g, _taken(g, _lion_turn(g)))}. Every token on a killed or "
                       f"scared card goes back to its owner [circle.hunt.tokens-return]: Blue's tokens on the "
                       f"Wildebeest (killed) and the Jackal (scared) make {_tokens_to_blue(g)}; the token on the "
                       f"Zebra goes back to Red."),
    picture=_red_view, solution_picture=_ringed(lambda g: _taken(g, _lion_turn(g))), click=None,
    spoilers=lambda g: [f"tokens left: {12 - _tokens_to_blue(g)}"],
    mistakes=(
        Mistake("only-killed-cards", lambda g: _owned(g, _lion_turn(g).actions[0][1], 1),
                "a scared card's token goes home too: the Jackal carried one of Blue's tokens"),
        Mistake("counted-every-token", lambda g: len(_taken(g, _lion_turn(g))),
                "the token on Red's own Zebra goes back to Red, not to Blue"),
    ),
)

ELEPHANT_POS = _position(["Zebra", "Cheetah@1", "Hyena@1", "Jackal@1"],
                         [["Elephant", "Zebra", "Gazelle"], ["Giraffe", "Warthog", "Buffalo"]])
ELEPHANT_ANSWER = card_answer(ELEPHANT_POS)


def _elephant_targets(game) -> FrozenSet[str]:
    return _hunt_targets(game, "Elephant")


ELEPHANT_COUNT = Exercise(
    id="circle.elephant-count", title="How many does the Elephant scare?",
    question="Red plays the Elephant: scare all predators, reach 2. Which cards does it scare? Click them, or "
             "type them.",
    rules=("circle.hunt.count", "circle.hunt.reach"),
    build=ELEPHANT_POS, solve=_elephant_targets, answer=ELEPHANT_ANSWER,
    hints=("'All' is a number too: every legal target within reach, no more and no fewer.",
           "Reach 2: the two cards directly left of the Elephant. Are both predators?"),
    explain=lambda g: (f"Reach 2 covers {_names(g, _in_reach(g, 2))} [circle.hunt.reach], both predators, and "
                       f"'all' takes every legal target in reach [circle.hunt.count]: the Elephant scares "
                       f"{_names(g, sorted(_elephant_targets(g)))}. The Cheetah is the third card: out of reach."),
    picture=_red_view, solution_picture=_ringed(_elephant_targets), click=_click_card,
    spoilers=lambda g: ["scare?", ELEPHANT_ANSWER.show(_elephant_targets(g))],
    mistakes=(
        Mistake("only-one", lambda g: frozenset({_id(g, "Jackal")}),
                "'all' means every predator within reach, not just the neighbour"),
        Mistake("reached-too-far", lambda g: _elephant_targets(g) | {_id(g, "Cheetah")},
                "reach 2 ends at the second card: the Cheetah is the third", "circle.hunt.reach"),
    ),
)

GIRAFFE_POS = _position(["Leopard@1", "Cheetah@1", "Jackal@1", "Zebra", "Hyena@1", "Gazelle"],
                        [["Giraffe", "Zebra", "Impala"], ["Wildebeest", "Warthog", "Buffalo"]])


def _giraffe_bonus(game) -> int:
    move = _plays(game, "Giraffe")[0]
    return after(game, move)[0].state.bonus[0] - game.state.bonus[0]


def _predators(game, cards) -> int:
    cat = game.catalogue
    return sum(1 for c in cards if cat.predator[cat.index[c]])


GIRAFFE = Exercise(
    id="circle.giraffe", title="The Giraffe on the lookout",
    question="Red plays the Giraffe. How many bonus points does it earn? Type a number.",
    rules=("circle.special.giraffe",),
    build=GIRAFFE_POS, solve=_giraffe_bonus, answer=answers.number("points", 0, 9),
    hints=("The Giraffe scores 1 bonus point for each predator among the 3 cards to its left, 3 at most.",
           "Look only at the three cards directly left of the Giraffe, and count only the predators (the claw "
           "mark)."),
    explain=lambda g: (f"The three cards left of the Giraffe are {_names(g, _in_reach(g, 3))}; "
                       f"{_predators(g, _in_reach(g, 3))} of them is a predator, so Red gains "
                       f"{_giraffe_bonus(g)} bonus point [circle.special.giraffe]. The predators further left are "
                       f"too far away."),
    picture=_red_view, solution_picture=_ringed(lambda g: _in_reach(g, 3)), click=None,
    spoilers=lambda g: [f"bonus points: {_giraffe_bonus(g)}"],
    mistakes=(
        Mistake("counted-every-card", lambda g: len(_in_reach(g, 3)),
                "only predators count, not every card within reach 3"),
        Mistake("counted-the-whole-row", lambda g: _predators(g, _row_ids(g)),
                "only the 3 cards directly left of the Giraffe count, and never more than 3 points"),
    ),
)

# =========================================================================================================
# Lesson 5: re-ordering groups
# =========================================================================================================

REORDER_POS = _position(["Zebra", "Lion@1", "Gazelle@1", "Elephant", "Impala"],
                        [["Wildebeest", "Warthog", "Hyena"], ["Giraffe", "Buffalo", "Zebra"]])
REORDER_ANSWER = card_answer(REORDER_POS, ordered=True)


def _row_after(move: Callable[[Any], Play]) -> Callable[[Any], Tuple[str, ...]]:
    return lambda game: _row_ids(after(game, move(game))[0])


def _wildebeest(game) -> Play:
    return _plays(game, "Wildebeest")[0]


def _group_of(game, cid: str) -> str:
    return game.catalogue.card_species[game.catalogue.index[cid]].group


def _gathered_at_left(game, played: str, gone: Sequence[str] = ()) -> Tuple[str, ...]:
    """The misreading that gathers the group at the left end of the savannah."""
    row = [c for c in _row_ids(game) if c not in gone]
    group = _group_of(game, played)
    same = [c for c in row if _group_of(game, c) == group]
    return tuple(same + [c for c in row if c not in same] + [played])


REORDER = Exercise(
    id="circle.reorder", title="The herd gathers",
    question="Red plays the Wildebeest (group GRAZERS; it does not hunt). What does the savannah look like after "
             "Red's turn? Click the cards in their new order, left to right (the Wildebeest from Red's hand too), "
             "or type them like Lion, Elephant, ...",
    rules=("circle.reorder.group",),
    build=REORDER_POS, solve=_row_after(_wildebeest), answer=REORDER_ANSWER,
    hints=("At the end of the turn, the cards of the played card's group move next to it.",
           "Every GRAZERS card left of the Wildebeest moves, keeping its order, to sit directly left of it; the "
           "other cards close up on the left, also in order."),
    explain=lambda g: (f"After Red draws, every GRAZERS card left of the Wildebeest moves, in its order, to sit "
                       f"directly left of it [circle.reorder.group]: {_names(g, _row_after(_wildebeest)(g))}."),
    picture=_red_view, solution_picture=_table_after(_wildebeest), click=_click_card,
    spoilers=lambda g: [REORDER_ANSWER.show(_row_after(_wildebeest)(g))],
    mistakes=(
        Mistake("no-reordering", lambda g: _row_ids(g) + (hand_card(g, "Wildebeest"),),
                "the turn ends by re-ordering: the GRAZERS cards move next to the Wildebeest"),
        Mistake("gathered-at-the-left-end", lambda g: _gathered_at_left(g, hand_card(g, "Wildebeest")),
                "the group moves to the played card, directly left of it, not to the left end"),
    ),
)

GAPS_POS = _position(["Jackal@1", "Buffalo", "Hyena@1", "Zebra@1", "Impala"],
                     [["Wild dog", "Zebra", "Gazelle"], ["Giraffe", "Warthog", "Wildebeest"]])
GAPS_ANSWER = card_answer(GAPS_POS, ordered=True)


def _wild_dog(game) -> Play:
    return _move_with(game, "Wild dog", (_id(game, "Zebra"),))


GAPS = Exercise(
    id="circle.close-gaps", title="Closing the gaps",
    question="Red plays the Wild dog (group PACK) and kills the Zebra. What does the savannah look like after Red's "
             "turn? Click the cards in their new order, left to right (the Wild dog from Red's hand too), or type "
             "them.",
    rules=("circle.reorder.close-gaps", "circle.reorder.group"),
    build=GAPS_POS, solve=_row_after(_wild_dog), answer=GAPS_ANSWER,
    hints=("Two things happen at the end of the turn: the killed card's gap closes, and the played card's group "
           "gathers.",
           "The Zebra is gone. The PACK cards (Jackal, Hyena) move, in order, directly left of the Wild dog; the "
           "others close up."),
    explain=lambda g: (f"The Zebra leaves and its gap closes [circle.reorder.close-gaps]; the PACK cards left of the "
                       f"Wild dog move next to it, in order [circle.reorder.group]: "
                       f"{_names(g, _row_after(_wild_dog)(g))}."),
    picture=_red_view, solution_picture=_table_after(_wild_dog), click=_click_card,
    spoilers=lambda g: [GAPS_ANSWER.show(_row_after(_wild_dog)(g))],
    mistakes=(
        Mistake("kept-the-killed-card", lambda g: tuple(
            c for c in _row_ids(g) if _group_of(g, c) != "PACK") + tuple(
            c for c in _row_ids(g) if _group_of(g, c) == "PACK") + (hand_card(g, "Wild dog"),),
            "the killed Zebra leaves the savannah: its gap closes"),
        Mistake("no-reordering", lambda g: tuple(c for c in _row_ids(g) if c != _id(g, "Zebra")) + (
            hand_card(g, "Wild dog"),),
            "the PACK cards also move next to the Wild dog", "circle.reorder.group"),
        Mistake("gathered-at-the-left-end", lambda g: _gathered_at_left(g, hand_card(g, "Wild dog"),
                                                                         (_id(g, "Zebra"),)),
                "the group moves to the played card, directly left of it, not to the left end",
                "circle.reorder.group"),
    ),
)

# =========================================================================================================
# Lesson 6: the end and the scoring
# =========================================================================================================

END_SOON_POS = _position(["Zebra", "Gazelle", "Wildebeest", "Impala", "Buffalo", "Giraffe"],
                         [["Zebra", "Warthog", "Wildebeest"], ["Gazelle", "Impala", "Zebra"]],
                         draw=("Warthog", "Impala", "Zebra"))


def _turns_left(game) -> int:
    trial, turns = game.copy(), 0
    while trial.phase is Phase.PLAY:
        trial.play(trial.legal_moves()[0])
        turns += 1
    return turns


END_TRIGGER = Exercise(
    id="circle.end-trigger", title="When does it end?",
    question="Two players; the draw pile holds 3 cards and Red is to move. How many more turns are played, Red's "
             "included, before the last discards? Type a number.",
    rules=("circle.end.trigger",),
    build=END_SOON_POS, solve=_turns_left, answer=answers.number("turns", 0, 20),
    hints=("Each turn ends with a draw, so each turn takes one card from the pile.",
           "The turn that draws the last card is the last one; nobody finishes the round."),
    explain=lambda g: (f"Every turn draws 1 card: Red, Blue and Red again empty the pile, and the game ends at the "
                       f"end of the turn in which it becomes empty [circle.end.trigger]: {_turns_left(g)} turns. "
                       f"Then each player discards one last card."),
    picture=_red_view, solution_picture=None, click=None,
    spoilers=lambda g: ["last discards"],
    mistakes=(
        Mistake("finished-the-round", lambda g: _turns_left(g) + 1,
                "the game does not wait for the round to finish: it ends with the turn that empties the pile"),
        Mistake("stopped-a-turn-early", lambda g: _turns_left(g) - 1,
                "the turn that draws the last card is still played in full; the game ends after it"),
    ),
)

LAST_DISCARD_POS = _position(["Zebra@0", "Lion@1", "Gazelle", "Elephant@1", "Impala@0"],
                             [["Maasai", "Zebra", "Impala"], ["Giraffe", "Warthog", "Wildebeest"]], draw=())
LAST_DISCARD_ANSWER = card_answer(LAST_DISCARD_POS, many=False)


def _penalty_after(game, card: str) -> int:
    return after(game, LastDiscard(card))[0].score_breakdown(0).steps["hand_penalty"]


def _best_last_discard(game) -> str:
    hand = [game.catalogue.ids[c] for c in game.state.hands[0]]
    return max(hand, key=lambda c: (_penalty_after(game, c), c))


def _by(game, key) -> str:
    cat = game.catalogue
    return cat.ids[key(game.state.hands[0])]


LAST_DISCARD = Exercise(
    id="circle.last-discard", title="The last discard",
    question="The draw pile is empty: each player now discards one card and keeps the other 2, whose penalties "
             "count against them. Which card should Red discard to lose the fewest points? Click it in Red's hand, "
             "or type it.",
    rules=("circle.end.last-discard", "circle.end.hand-penalty"),
    build=LAST_DISCARD_POS, solve=_best_last_discard, answer=LAST_DISCARD_ANSWER,
    hints=("The 2 cards kept cost their hand penalty at the end. Which card costs the most to keep?",
           "A card's hand penalty is its level, except the Maasai's: level 0, but a penalty of 3 (kit data)."),
    explain=lambda g: (f"Red discards one card out of the game and keeps 2 [circle.end.last-discard]; the kept "
                       f"cards cost their hand penalty [circle.end.hand-penalty]. Discarding "
                       f"{_names(g, [_best_last_discard(g)])} leaves the smallest penalty: "
                       f"{-_penalty_after(g, _best_last_discard(g))} points."),
    picture=_red_view, solution_picture=_ringed(lambda g: [_best_last_discard(g)]), click=_click_card,
    spoilers=lambda g: [],
    mistakes=(
        Mistake("went-by-level", lambda g: _by(g, lambda h: max(h, key=lambda c: g.catalogue.level[c])),
                "the hand penalty is not always the level: the Maasai's level is 0 but it costs 3 in hand",
                "circle.end.hand-penalty"),
        Mistake("discarded-the-cheapest", lambda g: _by(g, lambda h: min(h, key=lambda c: g.catalogue.penalty[c])),
                "discard the card that costs the most to keep, not the least"),
    ),
    notes={"data": "Hand penalties are the kit's own values (GAMES.md 2.2.2, an ASSUMPTION): the level, the "
                   "Maasai 3."},
)

#: a finished two-player game: Red's token on Zebra, Elephant, Hyena; Blue's on the Lion and the rightmost Maasai
END_POS = _position(["Zebra@0", "Lion@1", "Elephant@0", "Gazelle", "Hyena@0", "Maasai@1"],
                    [["Wildebeest", "Impala"], ["Giraffe", "Jackal"]], draw=(),
                    kill_piles=[["Buffalo", "Cheetah", "Leopard"], ["Warthog", "Zebra"]], bonus=[2, 1])


def _step(name: str, seat: int = 0) -> Callable[[Any], int]:
    return lambda game: game.score_breakdown(seat).steps[name]


def _levels(game, cards) -> int:
    return sum(game.catalogue.level[c] for c in cards)


def _score_picture(game) -> Scene:
    """The finished table, every hand face up, no scoring table and no scores."""
    return _quiet(game.scene(viewer="all", scoring=False))


def _score_spoilers(game) -> List[str]:
    return [f"score: {s}" for s in game.scores()] + ["wins with", "share the win"]


SURVIVORS = Exercise(
    id="circle.survivors", title="Step 1: the survivors",
    question="The game is over. Scoring step 1: how many points do Red's survivors (Red's tokens on the savannah) "
             "score? Type a number.",
    rules=("circle.end.survivors",),
    build=END_POS, solve=_step("survivors"), answer=answers.number("points", 0, 200),
    hints=("Find the cards with a red token (R) on the savannah.",
           "Add up the levels (the big number on each card) of those cards."),
    explain=lambda g: (f"Red's tokens are on the Zebra (2), the Elephant (5) and the Hyena (2): "
                       f"{_step('survivors')(g)} points [circle.end.survivors]."),
    picture=_score_picture, solution_picture=_scoring_table, click=None, spoilers=_score_spoilers,
    mistakes=(
        Mistake("counted-every-card", lambda g: _levels(g, g.state.row),
                "only the cards carrying Red's token score for Red"),
        Mistake("counted-cards", lambda g: sum(1 for o in g.state.owners if o == 0),
                "each survivor scores its level, not 1"),
    ),
)

KILL_PILE = Exercise(
    id="circle.kill-pile", title="Step 4: the kill pile",
    question="The same finished game. Scoring step 4: how many points does Red's kill pile score? Type a number.",
    rules=("circle.end.kill-pile",),
    build=END_POS, solve=_step("kill_pile"), answer=answers.number("points", 0, 200),
    hints=("Every card in Red's kill pile scores its level.",
           "Red killed a Buffalo (level 3), a Cheetah (level 3) and a Leopard (level 4)."),
    explain=lambda g: (f"Buffalo 3 + Cheetah 3 + Leopard 4 = {_step('kill_pile')(g)} points "
                       f"[circle.end.kill-pile]."),
    picture=_score_picture, solution_picture=_scoring_table, click=None, spoilers=_score_spoilers,
    mistakes=(
        Mistake("counted-cards", lambda g: len(g.state.kill_piles[0]),
                "each killed card scores its level, not 1"),
        Mistake("added-the-survivors", lambda g: _step("kill_pile")(g) + _step("survivors")(g),
                "the survivors are step 1; step 4 is the kill pile alone"),
    ),
)

MAASAI_POS = _position(["Zebra@0", "Lion@2", "Maasai@1", "Gazelle@2"],
                       [["Wildebeest", "Impala"], ["Giraffe", "Jackal"], ["Warthog", "Zebra"]], draw=())


def _maasai_loser(game) -> str:
    losers = [COLOURS[p] for p in range(game.players) if game.score_breakdown(p).steps["maasai"]]
    return losers[0] if losers else "nobody"


def _owner_of(game, species: str) -> str:
    i = _row_ids(game).index(_id(game, species))
    return COLOURS[game.state.owners[i]]


MAASAI = Exercise(
    id="circle.maasai", title="Step 3: the Maasai",
    question="A finished three-player game. At scoring step 3, who loses 10 points because of the Maasai? Type a "
             "colour, or nobody.",
    rules=("circle.end.maasai",),
    build=MAASAI_POS, solve=_maasai_loser, answer=WHO_OR_NOBODY,
    hints=("The Maasai costs 10 points only in one place on the savannah.",
           "It must be the rightmost card. Is it?"),
    explain=lambda g: (f"The Maasai costs the owner of its token 10 points only if it is the rightmost card at "
                       f"the end [circle.end.maasai]. Here the rightmost card is the Gazelle, so the penalty goes "
                       f"to {_maasai_loser(g)}."),
    picture=_score_picture, solution_picture=_scoring_table, click=None, spoilers=_score_spoilers,
    mistakes=(
        Mistake("did-not-check-rightmost", lambda g: _owner_of(g, "Maasai"),
                "the Maasai costs its token's owner 10 only when it is the rightmost card, and here it is not"),
        Mistake("owner-of-the-rightmost-card", lambda g: _owner_of(g, "Gazelle"),
                "the penalty is about the Maasai, not about whoever owns the rightmost card"),
    ),
)

BIG_FIVE_POS = _position(["Zebra@0", "Rhinoceros@2", "Gazelle@1"],
                         [["Wildebeest", "Impala"], ["Giraffe", "Jackal"], ["Warthog", "Zebra"]], draw=(),
                         kill_piles=[["Lion", "Leopard", "Elephant", "Rhinoceros", "Buffalo"],
                                     ["Lion", "Elephant", "Rhinoceros", "Buffalo", "Buffalo"],
                                     ["Lion", "Leopard", "Elephant", "Buffalo"]])


def _big_five_seats(game) -> FrozenSet[str]:
    return frozenset(COLOURS[p] for p in range(game.players) if game.score_breakdown(p).steps["big_five"])


def _five_cards(game) -> FrozenSet[str]:
    """The misreading that counts Big Five cards instead of kinds."""
    big = game.catalogue.big_five_species
    return frozenset(COLOURS[p] for p, pile in enumerate(game.state.kill_piles)
                     if sum(1 for c in pile if game.catalogue.name[c] in big) >= len(big))


def _with_survivors(game) -> FrozenSet[str]:
    """The misreading that counts one's own cards left on the savannah as well."""
    cat, st = game.catalogue, game.state
    found = set()
    for p, pile in enumerate(st.kill_piles):
        kinds = {cat.name[c] for c in pile} | {cat.name[c] for c, o in zip(st.row, st.owners) if o == p}
        if all(b in kinds for b in cat.big_five_species):
            found.add(COLOURS[p])
    return frozenset(found)


BIG_FIVE = Exercise(
    id="circle.big-five", title="Step 5: the Big Five",
    question="A finished three-player game. Which players score the Big Five bonus (+25)? Type their colours, or "
             "nobody.",
    rules=("circle.end.big-five",),
    build=BIG_FIVE_POS, solve=_big_five_seats, answer=PLAYER_SET,
    hints=("The bonus needs a Lion, a Leopard, an Elephant, a Rhinoceros and a Buffalo, all in one kill pile. "
           "The Big Five tally under each kill pile helps.",
           "Five different kinds, not five cards; and only the kill pile counts, not your cards on the savannah."),
    explain=lambda g: (f"Only a kill pile holding all five kinds scores +25 [circle.end.big-five]: "
                       f"{PLAYER_SET.show(_big_five_seats(g))}. Blue has five Big Five cards, but two are "
                       f"Buffaloes and there is no Leopard; Yellow's Rhinoceros survived on the savannah, which "
                       f"does not count."),
    picture=_score_picture, solution_picture=_scoring_table, click=None, spoilers=_score_spoilers,
    mistakes=(
        Mistake("five-cards-not-five-kinds", _five_cards,
                "the bonus needs five different kinds: two Buffaloes do not make up for a missing Leopard"),
        Mistake("counted-the-savannah", _with_survivors,
                "only the kill pile counts: a Rhinoceros surviving with your token is not in it"),
    ),
    notes={"data": "The Big Five bonus is reachable only with the kit's revised species table (kit ruling K17)."},
)


def _total(game, seat: int = 0) -> int:
    return game.scores()[seat]


TOTAL = Exercise(
    id="circle.total", title="Step 7: the total",
    question="Back to the finished two-player game. What is Red's final score? Red has 2 bonus points from a "
             "Giraffe. Type a number.",
    rules=("circle.end.total", "circle.end.hand-penalty", "circle.end.bonus-points"),
    build=END_POS, solve=_total, answer=answers.number("points", -200, 200),
    hints=("Add the survivors, the kill pile, the Big Five bonus and the bonus points; subtract the hand penalty "
           "and the Maasai penalty.",
           "Survivors 9, kill pile 10, bonus points 2. Red's hand (Wildebeest, Impala) costs its levels."),
    explain=lambda g: (f"9 survivors − {-_step('hand_penalty')(g)} hand penalty "
                       f"[circle.end.hand-penalty] − 0 Maasai + 10 kill pile + 0 Big Five + "
                       f"{_step('bonus')(g)} bonus points [circle.end.bonus-points] = {_total(g)} "
                       f"[circle.end.total]."),
    picture=_score_picture, solution_picture=_scoring_table, click=None, spoilers=_score_spoilers,
    mistakes=(
        Mistake("forgot-the-penalties", lambda g: _total(g) - _step("hand_penalty")(g) - _step("maasai")(g),
                "the cards left in hand cost their penalty: subtract it", "circle.end.hand-penalty"),
        Mistake("added-the-penalties", lambda g: _total(g) - 2 * _step("hand_penalty")(g),
                "the hand penalty is taken away, not added", "circle.end.hand-penalty"),
        Mistake("steps-2-to-5-only", lambda g: sum(_step(s)(g) for s in ("hand_penalty", "maasai", "kill_pile",
                                                                          "big_five")),
                "every step counts: the survivors (step 1) and the bonus points (step 6) too"),
        Mistake("forgot-the-bonus-points", lambda g: _total(g) - _step("bonus")(g),
                "the Giraffe's bonus points are added at step 6", "circle.end.bonus-points"),
    ),
)

WINNER_POS = _position(["Zebra@0", "Elephant@2", "Gazelle@1", "Wildebeest@0", "Maasai@2"],
                       [["Zebra", "Impala"], ["Gazelle", "Warthog"], ["Rhinoceros", "Hippopotamus"]], draw=(),
                       kill_piles=[["Buffalo", "Hyena"], ["Cheetah", "Wild dog", "Jackal"], ["Giraffe", "Hyena"]])


def _winners(game) -> FrozenSet[str]:
    return frozenset(COLOURS[p] for p in game.winners())


def _best_before_penalties(game) -> FrozenSet[str]:
    plus = [sum(v for k, v in game.score_breakdown(p).steps.items() if v > 0) for p in range(game.players)]
    return frozenset(COLOURS[p] for p, s in enumerate(plus) if s == max(plus))


def _best_kill_pile(game) -> FrozenSet[str]:
    kills = [game.score_breakdown(p).steps["kill_pile"] for p in range(game.players)]
    return frozenset(COLOURS[p] for p, s in enumerate(kills) if s == max(kills))


WINNER = Exercise(
    id="circle.winner", title="Who wins?",
    question="A finished three-player game. Who wins? Type a colour (or several, if they share the win).",
    rules=("circle.end.winner", "circle.end.total"),
    build=WINNER_POS, solve=_winners, answer=PLAYER_SET,
    hints=("Work out each player's total, penalties included: the highest total wins.",
           "Yellow's token is on the rightmost Maasai (−10) and Yellow's hand is costly; count every step for "
           "everyone."),
    explain=lambda g: ("Totals: " + ", ".join(f"{COLOURS[p]} {s}" for p, s in enumerate(g.scores()))
                       + f" [circle.end.total]. The highest total wins [circle.end.winner]: "
                         f"{PLAYER_SET.show(_winners(g))}."),
    picture=_score_picture, solution_picture=_scoring_table, click=None, spoilers=_score_spoilers,
    mistakes=(
        Mistake("before-the-penalties", _best_before_penalties,
                "the penalties count: Yellow loses 10 for the rightmost Maasai and 7 for the hand",
                "circle.end.total"),
        Mistake("biggest-kill-pile", _best_kill_pile,
                "the biggest kill pile is one step of seven; the whole total decides"),
    ),
)

TIE_POS = _position(["Zebra@0", "Wildebeest@1"], [["Impala", "Gazelle"], ["Warthog", "Impala"]], draw=(),
                    kill_piles=[["Hyena", "Wild dog", "Gazelle"], ["Zebra", "Gazelle", "Impala", "Jackal"]])


def _most_cards_killed(game) -> FrozenSet[str]:
    n = [len(k) for k in game.state.kill_piles]
    return frozenset(COLOURS[p] for p, k in enumerate(n) if k == max(n))


TIE_BREAK = Exercise(
    id="circle.tie-break", title="A tie",
    question="Red and Blue finish on the same total. Who wins? Type a colour (or both, if they share the win).",
    rules=("circle.end.tie-break", "circle.end.winner"),
    build=TIE_POS, solve=_winners, answer=PLAYER_SET,
    hints=("A tie on points is broken by the kill piles, but not by their size.",
           "Count the predators (the claw mark) in each kill pile: the most predators killed wins."),
    explain=lambda g: (f"Both score {g.scores()[0]} [circle.end.winner]. The tie goes to the player who killed "
                       f"more predators [circle.end.tie-break]: Red killed "
                       f"{g.predators_killed()[0]}, Blue {g.predators_killed()[1]}, so "
                       f"{PLAYER_SET.show(_winners(g))} wins. Only a tie on predators too is shared (kit ruling "
                       f"K12)."),
    picture=_score_picture, solution_picture=_scoring_table, click=None, spoilers=_score_spoilers,
    mistakes=(
        Mistake("shared-at-once", lambda g: frozenset(COLOURS[:2]),
                "a tie on points is broken first by the predators killed; only a tie on those too is shared"),
        Mistake("most-cards-killed", _most_cards_killed,
                "the tie-break counts predators killed, not cards: Blue killed more cards but fewer predators"),
    ),
)

EXERCISES: Tuple[Exercise, ...] = (
    LION_REACH, CHEETAH_FILTER, MUST_HUNT, SNAPSHOT, KILL_OR_SCARE, TOKENS_BACK, ELEPHANT_COUNT, GIRAFFE,
    REORDER, GAPS,
    END_TRIGGER, LAST_DISCARD, SURVIVORS, MAASAI, KILL_PILE, BIG_FIVE, TOTAL, WINNER, TIE_BREAK,
)
