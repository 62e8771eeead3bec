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
Lion``) or card id (``C35``, printed on every card); in lessons 4-6 by id (``C35``), by species when
only one card of it is in sight (``Zebra``), both (``Zebra (C35)``) or in board words ("the left
Impala", "the Impala next to the Warthog"); players by colour (``Yellow, Green``); a choice by its
words (``draw pile``). Each typed example is checked when the records load: readable, never the answer
and sharing nothing with it (``exercise_kit.check_examples``); a wrong answer no named mistake foresaw
gets the engine's reason for a wrong card, or the part of a count that is off (``exercise_kit.diagnose``). Where the answer is not a thing on the table (the steps of a turn,
who owns a card), the picture carries a row of labelled answer chips to click, always all of
them, in a fixed order.
"""

from __future__ import annotations

from typing import FrozenSet, Iterable, List, Optional, Sequence, Tuple

from ..core.scene import Scene
from . import lessons_hunting  # noqa: F401  (its @named functions: lessons 4-6)
from .exercise_kit import (BOOK, CARDS, check_examples, LESSONS, OWNERS, PLACES, PLAYER_SET, PLAYERS_IN_ORDER, SPECIES, STEPS,
                           WHO_OR_NOBODY, after, cards, hand_card, named, ringed, said, species_names, species_of,
                           top_of_draw)
from .moves import Discard, Play
from .text import COLOURS

__all__ = ["EXERCISES", "BOOK", "LESSONS", "named", "SPECIES", "CARDS", "PLAYERS_IN_ORDER", "PLAYER_SET",
           "WHO_OR_NOBODY", "STEPS", "PLACES", "OWNERS", "cards", "after", "species_of"]


# =========================================================================================================
# Lesson 1: one turn
# =========================================================================================================

_STEP_OF_RULE = (("circle.play.", "play"), ("circle.hunt.", "hunt"), ("circle.special.", "hunt"),
                 ("circle.draw.", "draw"), ("circle.reorder.", "re-order"))


def _play_killing(game, species: str, kills: Sequence[str]) -> Play:
    """Red's card of ``species`` killing the savannah's cards of the species ``kills``."""
    ids = {game.catalogue.name[c]: game.catalogue.ids[c] for c in game.state.row}
    return Play.of(hand_card(game, species, 0), [ids[k] for k in kills])


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
    move = _play_killing(game, species, kills) if kills is not None else Play(hand_card(game, species, 0))
    events = after(game, move)[1]
    return said(events[:1] if first else events, leave_out)


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
    return ringed(game, [_only_play(game).card])


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
    return species_names(game, game.state.hands[game.current_player]) - set(but)


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


@named
def hand_after_discarding(game, species: str) -> FrozenSet[str]:
    trial, _events = after(game, Discard(hand_card(game, species, 0)))
    return species_names(trial, trial.state.hands[0])


@named
def discard_said(game, species: str) -> str:
    return said(after(game, Discard(hand_card(game, species, 0)))[1])


@named
def hand_and_top_of_draw(game) -> FrozenSet[str]:
    return hand_species(game) | {top_of_draw(game)}


@named
def owner_after_playing(game, species: str) -> str:
    """Whose token is on the card of ``species`` once Red plays it ("not played" if Red may not)."""
    move = Play(hand_card(game, species, 0))
    if not game.is_legal(move):
        return "not played"
    trial, _events = after(game, move)
    owner = trial.state.owners[trial.state.row.index(trial.catalogue.index[move.card])]
    return COLOURS[owner] if owner >= 0 else "nobody"


EXERCISES = check_examples(BOOK.load(LESSONS), "circle/lessons.json", "exercises")
