"""Circle of Life's teacher pack: the puzzle worksheet's functions, and the reference's own pictures.

The worksheet's puzzles are records in ``lessons.json`` (its ``puzzles`` list), in the same format
as the lessons' exercises; ``PUZZLES`` are those records read and checked. Each is a hand-built
table and a question about the whole game, whose answer the engine works out by trying things:
every legal play of every card in Red's hand, the one play a card allows, or the score of every
seat if the game ended now (``score_if_ended_now``). Those tries are the functions here marked
``@named``. The worksheet shows their questions and starting pictures (the table with nothing
ringed and no scoring table); the answer key shows the answers.

``TOPICS`` orders the rule reference (``teach.reference``) by the part of the game a rule
belongs to, and ``rule_scene(rule_id)`` draws a hand-built table for a rule that no exercise
shows yet, so every rule of the reference has a picture.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple

from ..core.scene import Scene
from ..core.words import and_list
from ..teach import answers
from ..teach.exercise import Exercise
from . import from_scenario, new_game
from .data import default_catalogue
from .exercise_kit import FORMS, check_examples
from .lessons import BOOK, LESSONS, after, named, species_of
from .moves import Play
from .text import COLOURS, player_name

__all__ = ["PUZZLES", "TOPICS", "rule_scene"]

RED = 0

# -- answers -------------------------------------------------------------------------------------------------------

_CATALOGUE = default_catalogue()
#: a card answer: its species, typed as the species or a card id (C01 is a Lion)
SPECIES_WORDS: Dict[str, str] = {sp.name: sp.name for sp in _CATALOGUE.species}
SPECIES_WORDS.update({sp.name.replace(" ", "-"): sp.name for sp in _CATALOGUE.species})
SPECIES_WORDS.update({cid: _CATALOGUE.name[c] for c, cid in enumerate(_CATALOGUE.ids)})
SPECIES = answers.choice(SPECIES_WORDS, example="Giraffe")
SPECIES_SET = answers.words(SPECIES_WORDS, example="Lion, Zebra")
PLAYER = answers.choice({c: c for c in COLOURS}, example="Blue")
FORMS.update({"any_species": SPECIES, "any_species_set": SPECIES_SET, "player": PLAYER})
BOOK.answers.update(FORMS)


# -- what the engine says -----------------------------------------------------------------------------------

def _hand(game, seat: int = RED) -> List[str]:
    """The species in a seat's hand, in hand order."""
    return [game.catalogue.name[c] for c in game.state.hands[seat]]


def _card_id(game, species: str, seat: int = RED) -> str:
    """The id of the card of ``species`` in the seat's hand."""
    (cid,) = [game.catalogue.ids[c] for c in game.state.hands[seat] if game.catalogue.name[c] == species]
    return cid


def _plays(game, species: str) -> List[Play]:
    """Every legal play of the card of ``species`` in Red's hand (none if it may not be played)."""
    cid = _card_id(game, species)
    return [m for m in game.legal_moves() if type(m) is Play and m.card == cid]


def _after(game, move) -> Any:
    return after(game, move)[0]


def _only_play(game, species: str) -> Play:
    """The one legal play of a card whose actions leave no choice (the puzzle says so)."""
    plays = _plays(game, species)
    if len(plays) != 1:
        raise ValueError(f"{species}: expected exactly one legal play, the engine gives {len(plays)}")
    return plays[0]


def _taken(game, move: Play) -> List[str]:
    """The species a play kills or scares, in the order of the savannah."""
    ids = {t for _, targets in move.actions for t in targets}
    return [game.catalogue.name[c] for c in game.state.row if game.catalogue.ids[c] in ids]


def _row_names(game) -> List[str]:
    return [game.catalogue.name[c] for c in game.state.row]


def _and(items: Sequence[str]) -> str:
    return and_list(items) or "nothing"


# -- pictures and clicks -------------------------------------------------------------------------------------------

@named
def table_for_red(game) -> Scene:
    """The table as Red sees it (Red's hand face up, the others face down): nothing ringed, no
    scoring table."""
    return game.scene(viewer=RED, scoring=False)


@named
def open_table(game) -> Scene:
    """The table with every hand face up (the hands count at the end): no scoring table."""
    return game.scene(viewer="all", scoring=False)


def _ringed(game, card_ids: Sequence[str]) -> Scene:
    """The answer drawn: these card ids ringed."""
    return game.scene(viewer=RED, scoring=False, highlights=tuple(card_ids))


@named
def click_hand_species(game, hit: Optional[str]) -> Optional[str]:
    """A card of Red's hand, clicked: its species."""
    if hit and hit.startswith("hand:C") and hit[5:] in game.catalogue.index:
        return species_of(game, hit[5:])
    return None


@named
def click_savannah_species(game, hit: Optional[str]) -> Optional[str]:
    """A savannah card, clicked: its species."""
    if hit and hit.startswith("card:") and hit[5:] in game.catalogue.index:
        return species_of(game, hit[5:])
    return None


# =========================================================================================================
# Puzzle 1: which card gains Red the most points?
# =========================================================================================================

def _gains(game) -> Dict[str, int]:
    """Species -> the most points Red's total so far can grow by with a play of it (playable cards only)."""
    before = game.scores()[RED]
    out: Dict[str, int] = {}
    for name in _hand(game):
        plays = _plays(game, name)
        if plays:
            out[name] = max(_after(game, m).scores()[RED] for m in plays) - before
    return out


@named
def best_gain(game) -> str:
    gains = _gains(game)
    best = max(gains.values())
    (name,) = [n for n, g in gains.items() if g == best]
    return name


@named
def ringed_answer_card(game, answer) -> Scene:
    """The table with Red's card of the answer's species ringed."""
    return _ringed(game, [_card_id(game, answer)])


@named
def gain_story(game) -> str:
    """What each card of Red's hand would gain, and why."""
    gains = _gains(game)
    best = best_gain(game)
    blocked = [n for n in _hand(game) if n not in gains]
    lines = [f"the {best} gains {gains[best]} points"]
    lines += [f"the {n} {gains[n]}" for n in gains if n != best]
    said = "; ".join(lines)
    why = ("The Giraffe scores its level as a survivor with Red's token (+3) and 1 bonus point for each predator "
           "among the 3 cards to its left: the Jackal and the Hyena, not the Maasai [circle.special.giraffe]. ")
    if blocked:
        why += (f"The {_and(blocked)} may not be played at all: the rightmost card is a Hyena, a predator "
                f"[circle.play.restriction-predator]. ")
    return (f"{best}: {said}. {why}The Buffalo scares the Hyena out of the game, and a scared card scores "
            f"nobody [circle.hunt.scare].")


# =========================================================================================================
# Puzzle 2: which cards complete the Big Five?
# =========================================================================================================

def _completes(game, move) -> bool:
    return _after(game, move).big_five_kinds(RED) == 5


@named
def completing_the_big_five(game) -> FrozenSet[str]:
    """The cards of Red's hand some legal play of which leaves all of the Big Five in Red's kill pile."""
    return frozenset(n for n in _hand(game) if any(_completes(game, m) for m in _plays(game, n)))


@named
def big_five_story(game) -> str:
    """The play that completes the Big Five, in the engine's words."""
    done = completing_the_big_five(game)
    move = next(m for n in sorted(done) for m in _plays(game, n) if _completes(game, m))
    return (f"{SPECIES_SET.show(done)}: Red's kill pile lacks the Rhinoceros and the Buffalo, so one play must kill "
            f"both. {game.describe(move)}: the Leopard kills 2 cards of level 5 or less within 3 cards to its "
            f"left, and the Rhinoceros is one of them although it carries Red's own token [circle.hunt.own-cards]. "
            f"Red's kill pile then holds all five: +{_after(game, move).catalogue.setup['big_five_bonus']} at the "
            f"end [circle.end.big-five]. The Hyena kills only 1 card, within 2.")


@named
def big_five_solution(game, answer) -> Scene:
    """The answer's cards ringed in Red's hand, and the cards the Leopard kills to complete the Big Five."""
    return _ringed(game, [_card_id(game, n) for n in sorted(answer)]
                   + [c for m in _plays(game, "Leopard") if _completes(game, m)
                      for _, targets in m.actions for c in targets])


# =========================================================================================================
# Puzzle 3: what does the Lion take?
# =========================================================================================================

@named
def taken_by_the_only_play(game, species: str) -> FrozenSet[str]:
    return frozenset(_taken(game, _only_play(game, species)))


@named
def ringed_first_hunt(game, species: str) -> Scene:
    """The cards the first hunt of the one play of ``species`` takes, ringed."""
    return _ringed(game, list(_only_play(game, species).actions[0][1]))


@named
def lion_story(game, answer) -> str:
    move = _only_play(game, "Lion")
    return (f"{SPECIES_SET.show(answer)}. {game.describe(move)}. The Lion's first action kills 2 cards "
            f"within 3 to its left: the Impala, the Maasai and the Warthog, but the Maasai can never be taken "
            f"[circle.special.maasai-immune], so it kills the other two. Its second action scares every Hyena and "
            f"Jackal within 2, counted on the savannah as it stood when the Lion was placed: the killed cards keep "
            f"their places until the end of the hunt [circle.hunt.snapshot], so only the Maasai and the Warthog are "
            f"within 2, and the Jackal stays.")


# =========================================================================================================
# Puzzle 4: what stands beside the Wild dog?
# =========================================================================================================

@named
def left_of_the_played_card(game, species: str) -> str:
    """The card directly left of the played card once Red's turn is over."""
    return _row_names(_after(game, _only_play(game, species)))[-2]


@named
def left_of_it_without_reordering(game, species: str) -> str:
    """The card left of the played card if the gaps closed but no card moved (a misreading)."""
    taken = set(_taken(game, _only_play(game, species)))
    return [n for n in _row_names(game) if n not in taken][-1]


@named
def table_after_the_only_play(game, species: str) -> Scene:
    return _after(game, _only_play(game, species)).scene(viewer=RED, scoring=False)


@named
def dog_story(game, answer) -> str:
    move = _only_play(game, "Wild dog")
    return (f"{answer}. {game.describe(move)}: the Elephant is too big for it "
            f"[circle.hunt.filter]. After the draw, every PACK card to the Wild dog's left moves, in the same "
            f"order, to sit directly left of it [circle.reorder.group], and the gap of the Impala closes "
            f"[circle.reorder.close-gaps]. The savannah then reads {', '.join(_row_names(_after(game, move)))}.")


# =========================================================================================================
# Puzzle 5: which cards can Red play?
# =========================================================================================================

@named
def playable_reading_the_rightmost_card(game) -> FrozenSet[str]:
    """The cards whose restrictions hold if each looked at the rightmost card only (a misreading)."""
    twin = game.copy()
    twin.state.row, twin.state.owners = twin.state.row[-1:], twin.state.owners[-1:]
    return frozenset(species_of(twin, cid) for cid in twin.playable(RED))


@named
def ringed_playable(game) -> Scene:
    return _ringed(game, list(game.playable(RED)))


@named
def playable_story(game, answer) -> str:
    return (f"{SPECIES_SET.show(answer)}. Each restriction is checked on the savannah before the card is placed, "
            f"counting from the rightmost card [circle.play.restriction-from-right]: the Cheetah may not follow a "
            f"Lion among the rightmost 2, and the Lion is 2nd from the right; the Impala only avoids a rightmost "
            f"Cheetah; the Maasai needs a predator among the rightmost 3, and the Lion is one "
            f"[circle.play.restriction]. Red must play one of the playable cards [circle.play.must-play].")


# =========================================================================================================
# Puzzle 6: who wins if the game ends now?
# =========================================================================================================

def _leader(scores: Sequence[int], game) -> str:
    """The seat with the best of ``scores`` (ties go to the most predators killed)."""
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    preds = game.predators_killed()
    (seat,) = [p for p in tied if preds[p] == max(preds[q] for q in tied)]
    return player_name(seat)


@named
def winner_if_it_ended_now(game) -> str:
    return _leader([game.score_if_ended_now(p).total for p in range(game.players)], game)


@named
def leader_leaving_out(game, step: str) -> str:
    """Who leads if one scoring step were forgotten (a misreading)."""
    return _leader([game.score_if_ended_now(p).total - game.score_if_ended_now(p).steps[step]
                    for p in range(game.players)], game)


@named
def winner_story(game, answer) -> str:
    """Each player's score if the game ended now, step by step."""
    parts = []
    for p in range(game.players):
        s = game.score_if_ended_now(p)
        steps = s.steps
        parts.append(f"{player_name(p)} {steps['survivors']:+d} survivors, {steps['hand_penalty']:+d} hand, "
                     f"{steps['maasai']:+d} Maasai, {steps['kill_pile']:+d} kills, {steps['bonus']:+d} bonus = "
                     f"{s.total}")
    return (f"{answer}. If the game ended now each player would first discard one card, the costliest, "
            f"and lose the penalties of the 2 left [circle.end.hand-penalty]; Red's token is on the Maasai, the "
            f"rightmost card [circle.end.maasai]. " + "; ".join(parts) + " [circle.end.total].")


PUZZLES: Tuple[Exercise, ...] = check_examples(BOOK.load(LESSONS, "puzzles"), "circle/lessons.json", "puzzles")


def _puzzle_position(puzzle_id: str):
    return next(p for p in PUZZLES if p.id == puzzle_id).position()


def _table(savannah: Sequence[str], red_hand: Sequence[str], *, players: int = 2,
           hands: Optional[Sequence[Sequence[str]]] = None, draw_pile: Optional[Sequence[str]] = None,
           **options) -> Callable[[], Any]:
    """A builder of a table for the reference's pictures: Red (seat 0) to move holding ``red_hand``,
    the savannah as listed (``"Zebra@1"``: a Zebra with Blue's token); the other hands dealt from
    the seeded shuffle of the cards not named, unless ``hands`` gives them all."""

    def build():
        data: Dict[str, Any] = {"savannah": list(savannah), "to_move": RED}
        if hands is not None:
            data["hands"] = [list(red_hand)] + [list(h) for h in hands]
        else:
            data["holds"] = [list(red_hand)] + [[] for _ in range(players - 1)]
        data["kill_piles"] = [[] for _ in range(players)]
        if draw_pile is not None:
            data["draw_pile"] = list(draw_pile)
        return from_scenario(data, seed=0, players=players, **options)

    return build


dog_position = partial(_puzzle_position, "circle.puzzle-beside-wild-dog")
playable_position = partial(_puzzle_position, "circle.puzzle-playable")
lion_position = partial(_puzzle_position, "circle.puzzle-lion-takes")
gain_position = partial(_puzzle_position, "circle.puzzle-most-points")
winner_position = partial(_puzzle_position, "circle.puzzle-who-wins")
big_five_position = partial(_puzzle_position, "circle.puzzle-big-five")


# =========================================================================================================
# The rule reference: topics, and a picture for every rule
# =========================================================================================================

#: The parts of the game, in the order the reference shows them: (the rule id's second part, heading).
TOPICS: Tuple[Tuple[str, str], ...] = (
    ("setup", "Setting up"), ("turn", "A turn"), ("play", "A. Playing a card"),
    ("hunt", "B. Hunting"), ("special", "Special cards: the Giraffe and the Maasai"), ("draw", "C. Drawing"),
    ("reorder", "D. Re-ordering the savannah"), ("end", "The end of the game and the scoring"),
)


def _new_table() -> Tuple[Scene, str]:
    game = new_game(players=3, seed=3)
    return (game.scene(viewer=RED),
            "A new 3-player game: six cards laid as the starting savannah without tokens, 3 cards in each hand, "
            "the rest in the draw pile; Red plays first.")


def _shown(build: Callable[[], Any], caption: str, viewer: Any = RED, scoring: bool = False
           ) -> Callable[[], Tuple[Scene, str]]:
    def draw() -> Tuple[Scene, str]:
        return build().scene(viewer=viewer, scoring=scoring), caption

    return draw


_turn = _shown(dog_position, "Red's turn: play a card of the hand at the right end of the savannah, hunt with it, "
                             "draw a card, then let its group gather beside it.")
_play = _shown(playable_position, "Red's hand against the savannah: each card's placement rule, at the foot of the "
                                  "card, is read from the rightmost card leftwards.")
_hunt = _shown(lion_position, "A Lion about to be played: its actions, top to bottom, reach 3 and 2 cards to its "
                              "left, where the Maasai can never be taken.")
_giraffe = _shown(gain_position, "A Giraffe in Red's hand: played now, it would see two predators among the 3 "
                                 "cards to its left.")
_draw = _shown(gain_position, "The draw pile, face down: after playing and hunting, Red draws back to 3 cards.")
_reorder = _shown(dog_position, "A PACK card in Red's hand: once played, the PACK cards to its left will gather "
                                "beside it.")
_end = _shown(winner_position, "Every hand face up and the scoring table as it would be if the game ended now: "
                               "the six steps and the total for each player.", viewer="all", scoring=True)
_big_five = _shown(big_five_position, "Red's kill pile lacks two of the Big Five, a Rhinoceros and a Buffalo, and "
                                      "both stand on the savannah.")
_unplayable = _shown(_table(["Zebra@1", "Wildebeest@1", "Hyena@1"], ("Lion", "Cheetah", "Jackal")),
                     "The rightmost card is a predator and Red holds only predators: Red can play nothing and "
                     "discards a card instead.")
_no_tokens = _shown(_table(["Zebra@0", "Impala@0", "Gazelle@1"], ("Giraffe", "Zebra", "Warthog"), tokens=2),
                    "Played with 2 tokens each (a kit option): Red has both on the savannah, so Red's next card "
                    "would go unmarked.")


_last_discards = _shown(_table(["Zebra@0", "Buffalo@1", "Impala@1", "Lion@0"], ("Elephant", "Zebra", "Warthog"),
                              hands=[["Hyena", "Giraffe", "Impala"]], draw_pile=[]),
                       "The draw pile has run out: each player now discards one last card, keeping 2 in hand for "
                       "the scoring.", viewer="all")


_TOPIC_SCENES: Dict[str, Callable[[], Tuple[Scene, str]]] = {
    "setup": _new_table, "turn": _turn, "play": _play, "hunt": _hunt, "special": _giraffe, "draw": _draw,
    "reorder": _reorder, "end": _end,
}

_RULE_SCENES: Dict[str, Callable[[], Tuple[Scene, str]]] = {
    "circle.play.unplayable-discard": _unplayable, "circle.play.no-tokens": _no_tokens,
    "circle.special.maasai-immune": _hunt, "circle.end.big-five": _big_five,
    "circle.end.trigger": _last_discards, "circle.end.last-discard": _last_discards,
}


def rule_scene(rule_id: str) -> Tuple[Scene, str]:
    """A hand-built picture for ``rule_id`` and its caption (the reference uses it for a rule that
    no exercise shows)."""
    draw = _RULE_SCENES.get(rule_id)
    if draw is None:
        parts = rule_id.split(".")
        topic = parts[1] if len(parts) > 2 and parts[0] == "circle" else ""
        if topic not in _TOPIC_SCENES:
            raise KeyError(f"no picture for {rule_id!r}: circle rules are about {', '.join(_TOPIC_SCENES)}")
        draw = _TOPIC_SCENES[topic]
    sc, caption = draw()
    return replace(sc, title=sc.title or caption), caption
