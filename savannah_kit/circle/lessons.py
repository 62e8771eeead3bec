"""The Circle of Life exercises: each one a hand-built position, a question and a check by the engine.

``EXERCISES`` lists them in learning order: lessons 1-3 here (the turn, the cards and the
savannah, playing a card), then lessons 4-6 (``lessons_hunting``: hunting, re-ordering, scoring).

Every exercise builds a fresh position (``circle.from_scenario`` or a seeded ``new_game``), asks
the engine for the answer (``legal_moves``, ``playable``, or the move played on a copy and its
events read back), names the likely misreadings, and draws a picture that does not give the
answer away: the table as the players see it, with no ringed card, no log line and no word of
what may be played. The card data is the kit's own (the published card texts are not public:
kit ruling K17), and the lessons say so.

Answers are given by clicking the picture or typed: cards by species (``Zebra, Lion``) or by
card id (``C35``); players by colour (``Yellow, Green``); a choice by its words (``draw pile``).
Where the answer is not a thing on the table (the steps of a turn, who owns a card), the
picture carries a row of labelled answer chips to click, always all of them, in a fixed order.

``savannah_kit.teach.exercise.exercise("circle.count-from-right")`` finds one by id.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from ..core.scene import Scene, Text, rect, text
from ..teach import answers
from ..teach.exercise import Exercise, Mistake
from . import new_game
from .data import default_catalogue
from .exercise_kit import after, hand_card, position, ringed, species_names, species_of
from .lessons_hunting import EXERCISES as HUNTING
from .moves import Discard, Play
from .render import PALETTES, WIDTH
from .text import COLOURS

__all__ = ["EXERCISES", "BASICS", "SPECIES", "CARDS", "PLAYERS_IN_ORDER", "with_choices", "species_of",
           "click_card", "click_hand_card"]

CATALOGUE = default_catalogue()

# -- answer readers ------------------------------------------------------------------------------------------

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
#: a number of cards
CARD_COUNT = answers.number("cards", 0, CATALOGUE.size)
#: the four steps of a turn, in order
STEP_NAMES = ("play", "hunt", "draw", "re-order")
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


# -- clicks ----------------------------------------------------------------------------------------------------

def click_hand_card(game, hit: Optional[str]) -> Optional[str]:
    """A card in the hand of the player to move (``hand:C35``) -> its species."""
    if not hit or not hit.startswith("hand:"):
        return None
    cid = hit[len("hand:"):]
    card = game.catalogue.index.get(cid)
    if card is None or card not in game.state.hands[game.current_player]:
        return None
    return game.catalogue.name[card]


def click_card(game, hit: Optional[str]) -> Optional[str]:
    """A savannah card (``card:C35``) or a card in the mover's hand -> its species."""
    if hit and hit.startswith("card:") and hit[len("card:"):] in game.catalogue.index:
        return species_of(game, hit[len("card:"):])
    return click_hand_card(game, hit)


def _click_choice(_game, hit: Optional[str]) -> Optional[str]:
    """An answer chip (``answer:draw``) -> its value."""
    return hit[len("answer:"):] if hit and hit.startswith("answer:") else None


def _click_seat(game, hit: Optional[str]) -> Optional[str]:
    """A player's hand (``hand:2``, drawn face down) -> that player's colour."""
    if hit and hit.startswith("hand:") and hit[len("hand:"):].isdigit():
        seat = int(hit[len("hand:"):])
        return COLOURS[seat] if seat < game.players else None
    return None


# -- pictures --------------------------------------------------------------------------------------------------

CHIP_H = 40


def with_choices(scene: Scene, prompt: str, choices: Sequence[Tuple[str, str]]) -> Scene:
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


def _table(game) -> Scene:
    """The table as the player to move sees it: their hand face up, nothing ringed, no log."""
    return game.scene(viewer=game.current_player)


def _ringed_in_hand(names: Callable[[Any], Iterable[str]]) -> Callable[[Any], Scene]:
    """Show me: the mover's cards of the species ``names(game)`` ringed in hand."""
    def ids(game) -> List[str]:
        wanted = set(names(game))
        cat = game.catalogue
        return [cat.ids[c] for c in game.state.hands[game.current_player] if cat.name[c] in wanted]

    return ringed(ids)


# -- positions -------------------------------------------------------------------------------------------------

#: Blue's hand in the positions of lessons 1-3, where only Red's turn matters
_BLUE = ("Buffalo", "Warthog", "Giraffe")


def _legal_cards(game) -> FrozenSet[str]:
    """The species of the cards that may leave the mover's hand this turn, played or discarded."""
    return frozenset(species_of(game, m.card) for m in game.legal_moves())


def _playable(game) -> FrozenSet[str]:
    return frozenset(species_of(game, cid) for cid in game.playable())


def _hand(game) -> FrozenSet[str]:
    return species_names(game, game.state.hands[game.current_player])


def _row_species(game) -> List[Any]:
    return [game.catalogue.card_species[c] for c in game.state.row]


def _reading(game, reads: Callable[[Any, list], list]) -> FrozenSet[str]:
    """The cards a misreading of the placement rules lets the mover play: ``reads(condition, row)``
    gives the cards that misreading looks at (the row is the savannah's species, left to right)."""
    row = _row_species(game)
    found = set()
    for c in game.state.hands[game.current_player]:
        sp = game.catalogue.card_species[c]
        ok = True
        for cond in sp.restriction:
            seen = reads(cond, row)
            hit = any(cond.filter.matches(x) for x in seen)
            ok = ok and (not hit if cond.kind == "forbid" else hit)
        if ok:
            found.add(sp.name)
    return frozenset(found)


def _from_left(game) -> FrozenSet[str]:
    return _reading(game, lambda cond, row: row[:cond.rightmost])


def _whole_row_for_long_rules(game) -> FrozenSet[str]:
    return _reading(game, lambda cond, row: row if cond.rightmost > 1 else row[-1:])


def _why_not(game, names: Iterable[str]) -> str:
    """The engine's refusal of each named card in the mover's hand, joined."""
    parts = []
    for c in game.state.hands[game.current_player]:
        if game.catalogue.name[c] in set(names):
            said = game.explain(_any_play(game, game.catalogue.ids[c]))
            parts.append(said[len("Not legal: "):] if said.startswith("Not legal: ") else said)
    return "; ".join(parts)


def _why_unplayable(game) -> str:
    """The engine's refusal of each card in the mover's hand that may not be played."""
    return _why_not(game, _hand(game) - _playable(game))


def _any_play(game, cid: str) -> Play:
    """A play of ``cid`` with the right number of hunts, each taking nothing (to ask why it is refused)."""
    sp = game.catalogue.card_species[game.catalogue.index[cid]]
    return Play(cid, tuple((0, ()) for _ in sp.actions))


# =========================================================================================================
# Lesson 1: one turn
# =========================================================================================================

_STEP_OF_RULE = (("circle.play.", "play"), ("circle.hunt.", "hunt"), ("circle.special.", "hunt"),
                 ("circle.draw.", "draw"), ("circle.reorder.", "re-order"))
_STEP_CHIPS = (("draw", "Draw a card"), ("re-order", "Re-order the savannah"), ("play", "Play a card"),
               ("hunt", "Hunt"))

TURN_POS = position(["Cheetah", "Zebra", "Impala", "Wildebeest"], [["Leopard", "Zebra", "Gazelle"], _BLUE])


def _leopard_move(game) -> Play:
    """Red's Leopard killing the Impala and the Wildebeest (as the question says)."""
    ids = {game.catalogue.name[c]: game.catalogue.ids[c] for c in game.state.row}
    return Play.of(hand_card(game, "Leopard", 0), [ids["Impala"], ids["Wildebeest"]])


def _turn_steps(game) -> Tuple[str, ...]:
    """The steps of the turn in the order the engine's events happen."""
    _copy, events = after(game, _leopard_move(game))
    steps: List[str] = []
    for e in events:
        step = next((s for prefix, s in _STEP_OF_RULE if e.rule.startswith(prefix)), None)
        if step and (not steps or steps[-1] != step):
            steps.append(step)
    return tuple(steps)


def _turn_explain(game) -> str:
    _copy, events = after(game, _leopard_move(game))
    said = "; ".join(f"{e.message} [{e.rule}]" for e in events if e.rule != "circle.hunt.tokens-return")
    return (f"{said}. A turn is always: play a card at the right end, resolve its hunts, draw back up to 3, "
            f"then re-order the savannah [circle.turn.steps].")


TURN_STEPS = Exercise(
    id="circle.turn-steps", title="The four steps of a turn",
    question="Red plays the Leopard and kills the Impala and the Wildebeest with it. Put the four steps of "
             "Red's turn in the order they happen: click the step buttons under the picture in order, or type "
             "them like draw, play, hunt, re-order.",
    rules=("circle.turn.steps",),
    build=TURN_POS, solve=_turn_steps, answer=STEPS,
    hints=("The card has to be on the savannah before it can hunt anything.",
           "Play, then hunt. The re-ordering tidies up the savannah at the very end, after Red has drawn."),
    explain=_turn_explain,
    picture=lambda g: with_choices(_table(g), "The steps of Red's turn (click them in order):", _STEP_CHIPS),
    solution_picture=ringed(lambda g: [_leopard_move(g).card]),
    click=_click_choice, spoilers=lambda g: ["kills", "draws a card", "closes its gaps"],
    mistakes=(
        Mistake("draw-first", lambda g: ("draw", "play", "hunt", "re-order"),
                "the draw comes after the hunt: a hand holds 3 cards, so Red plays one before drawing"),
        Mistake("draw-last", lambda g: ("play", "hunt", "re-order", "draw"),
                "Red draws before the savannah is re-ordered: re-ordering is the last step"),
        Mistake("re-order-before-hunt", lambda g: ("play", "re-order", "hunt", "draw"),
                "the hunt is counted on the savannah as the card lands; re-ordering waits until the end"),
    ),
)

# =========================================================================================================
# Lesson 2: the cards and the savannah, the set-up
# =========================================================================================================

SETUP_PLAYERS, SETUP_SEED = 4, 1


def _fresh_table(game) -> Scene:
    """A newly dealt table seen by nobody (all hands face down), without the draw pile's count."""
    scene = game.scene(viewer=None)
    shapes = []
    for s in scene.shapes:
        if isinstance(s, Text) and (s.text.endswith(" cards") or s.text.endswith(" card")) and s.x < 200:
            s = replace(s, text="? cards")  # the draw pile's count: the answer
        if s.hit == "pile:draw":
            s = _untitled(s)
        shapes.append(s)
    scene.shapes = shapes
    return scene


def _untitled(shape):
    return replace(shape, title="Draw pile")


def _setup_sizes(game) -> Dict[str, int]:
    setup = game.catalogue.setup
    return {"deck": game.catalogue.size, "savannah": setup["savannah"], "hand": setup["hand"]}


SETUP_COUNT = Exercise(
    id="circle.setup-draw-pile", title="What is left to draw?",
    question="Four players have just set up a game: the starting savannah is laid and the hands are dealt. "
             "How many cards are in the draw pile? Type a number, like 30.",
    rules=("circle.setup.players", "circle.setup.savannah", "circle.setup.hand"),
    build=lambda: new_game(players=SETUP_PLAYERS, seed=SETUP_SEED),
    solve=lambda g: len(g.state.draw_pile), answer=CARD_COUNT,
    hints=("Start from the whole deck of 62 cards. Which cards have left it?",
           "6 cards make the starting savannah, and each of the 4 players holds 3 cards."),
    explain=lambda g: (f"The deck holds {g.catalogue.size} cards; {len(g.state.row)} make the starting savannah "
                       f"[circle.setup.savannah] and each of the {g.players} players [circle.setup.players] is "
                       f"dealt {len(g.state.hands[0])} [circle.setup.hand]: {g.catalogue.size} − "
                       f"{len(g.state.row)} − {g.players} × {len(g.state.hands[0])} = {len(g.state.draw_pile)} "
                       f"cards to draw."),
    picture=_fresh_table, solution_picture=lambda g: g.scene(viewer=None),
    spoilers=lambda g: [f"{len(g.state.draw_pile)} cards"],
    mistakes=(
        Mistake("forgot-the-savannah", lambda g: g.catalogue.size - g.players * _setup_sizes(g)["hand"],
                "the 6 cards of the starting savannah come from the same deck", "circle.setup.savannah"),
        Mistake("one-hand", lambda g: g.catalogue.size - _setup_sizes(g)["savannah"] - _setup_sizes(g)["hand"],
                "every player is dealt a hand of 3, not just one", "circle.setup.hand"),
        Mistake("forgot-the-hands", lambda g: g.catalogue.size - _setup_sizes(g)["savannah"],
                "the hands are dealt from the deck too: 3 cards for each player", "circle.setup.hand"),
    ),
)

FIRST_PLAYER_SEED = 5


def _first_turns(game, turns: int = 5) -> Tuple[str, ...]:
    """Who plays the first ``turns`` turns: the engine plays them (its first legal move each time)."""
    copy = game.copy()
    who = []
    for _ in range(turns):
        who.append(COLOURS[copy.current_player])
        copy.play(copy.legal_moves()[0])
    return tuple(who)


def _seats_from(first: int, players: int, step: int = 1, turns: int = 5) -> Tuple[str, ...]:
    return tuple(COLOURS[(first + step * k) % players] for k in range(turns))


FIRST_PLAYER = Exercise(
    id="circle.first-player", title="Whose turn next?",
    question="Four players sit Red, Blue, Yellow, Green, in that order round the table, and Yellow was chosen "
             "to start. Who plays the first five turns? Click the players' hands in turn order, or type their "
             "colours like Blue, Yellow, Green. (Kit ruling K9: turns pass round the table in this order.)",
    rules=("circle.setup.turn-order",),
    build=lambda: new_game(players=4, seed=FIRST_PLAYER_SEED, first_player=2),
    solve=_first_turns, answer=PLAYERS_IN_ORDER,
    hints=("The first turn is Yellow's. Who sits next in the order Red, Blue, Yellow, Green?",
           "After the last player (Green) the turn comes round to Red again."),
    explain=lambda g: (f"{', '.join(_first_turns(g))}: turns go from the chosen first player round the table in "
                       f"order, and after Green comes Red again [circle.setup.turn-order] (kit ruling K9)."),
    picture=lambda g: g.scene(viewer=None), solution_picture=lambda g: g.scene(viewer=None),
    click=_click_seat, spoilers=lambda g: [", ".join(_first_turns(g))],
    mistakes=(
        Mistake("backwards", lambda g: _seats_from(2, g.players, -1),
                "turns go on in seat order, Yellow then Green, not back towards Red"),
        Mistake("red-starts", lambda g: _seats_from(0, g.players),
                "the game starts with the chosen first player, Yellow, not with Red"),
        Mistake("no-wrap", lambda g: ("Yellow", "Green", "Yellow", "Green", "Yellow"),
                "every player gets a turn: after Green the turn goes to Red, then Blue"),
    ),
    kit_ruling=True,
)

MAASAI_SEED = 2


def _maasai_place(game) -> str:
    st, cat = game.state, game.catalogue
    card = next(c for c in range(cat.size) if cat.card_species[c].immune)
    if card in st.row:
        return "savannah"
    if card in st.draw_pile:
        return "draw pile"
    if card in st.out_of_game:
        return "out of the game"
    return f"{COLOURS[next(p for p, h in enumerate(st.hands) if card in h)]}'s hand"


def _maasai_click(game, hit: Optional[str]) -> Optional[str]:
    if not hit:
        return None
    if hit == "pile:draw":
        return "draw pile"
    if hit == "pile:out":
        return "out of the game"
    if hit.startswith("card:"):
        return "savannah"
    seat = _click_seat(game, hit)
    return f"{seat}'s hand" if seat else None


MAASAI_REDRAW = Exercise(
    id="circle.maasai-redraw", title="No Maasai at the start",
    question="While this 2-player game was set up, the Maasai came up as one of the cards for the starting "
             "savannah, and neither player was dealt it afterwards. Where is the Maasai now? Click that place "
             "in the picture (the savannah, the draw pile, the cards out of the game or a hand), or type it.",
    rules=("circle.setup.savannah",),
    build=lambda: new_game(players=2, seed=MAASAI_SEED), solve=_maasai_place, answer=PLACES,
    hints=("The starting savannah may hold any animal but one card: the one that is no animal.",
           "A Maasai turned up for the starting savannah is not thrown away: it goes back among the cards still "
           "to be drawn, and another card takes its place."),
    explain=lambda g: (f"In the {_maasai_place(g)}: a Maasai drawn for the starting savannah is shuffled back into "
                       f"the deck and another card is drawn in its place [circle.setup.savannah]; the hands are "
                       f"dealt afterwards, and this time it went to neither player."),
    picture=lambda g: g.scene(viewer=None), solution_picture=None,
    click=_maasai_click, spoilers=lambda g: ["shuffled back"],
    mistakes=(
        Mistake("stays-on-the-savannah", lambda g: "savannah",
                "the starting savannah never holds the Maasai: look, none of its 6 cards is one"),
        Mistake("thrown-out", lambda g: "out of the game",
                "the Maasai is not lost: it goes back into the deck, so it can still be drawn later"),
    ),
)

# =========================================================================================================
# Lesson 3: playing a card
# =========================================================================================================

RIGHTMOST_POS = position(["Zebra", "Gazelle", "Buffalo", "Hyena"], [["Lion", "Jackal", "Zebra"], _BLUE])


def _only_play(game) -> Play:
    """The card the mover must play here (the engine allows exactly one card)."""
    cards = {m.card for m in game.legal_moves()}
    if len(cards) != 1:
        raise ValueError(f"expected one playable card, the engine allows {sorted(cards)}")
    return next(m for m in game.legal_moves())


def _rightmost_after(game) -> str:
    trial, _events = after(game, _only_play(game))
    return trial.catalogue.name[trial.state.row[-1]]


RIGHTMOST = Exercise(
    id="circle.rightmost-after-turn", title="Which card ends up on the right?",
    question="Red must play one card. Which card will be the rightmost on the savannah when Red's turn is over? "
             "Click it (in Red's hand or on the savannah), or type its name.",
    rules=("circle.play.place-right", "circle.play.restriction-predator", "circle.play.must-play"),
    build=RIGHTMOST_POS, solve=_rightmost_after, answer=SPECIES,
    hints=("First find which of Red's cards may be played at all. Look at the rightmost card now.",
           "The Hyena is a predator, so no predator may follow it. A played card joins the savannah at its right "
           "end."),
    explain=lambda g: (f"{_why_not(g, _hand(g) - {_rightmost_after(g)})}. So Red must play the "
                       f"{_rightmost_after(g)} [circle.play.must-play], and a played card goes to the right end "
                       f"[circle.play.place-right]."),
    picture=_table, solution_picture=ringed(lambda g: [_only_play(g).card]),
    click=click_card, spoilers=lambda g: ["may be played", "cannot be played"],
    mistakes=(
        Mistake("new-cards-go-left", lambda g: g.catalogue.name[g.state.row[-1]],
                "a played card goes to the right end of the savannah, so the Hyena is no longer the rightmost",
                "circle.play.place-right"),
        Mistake("predator-after-predator", lambda g: "Lion",
                "the Lion is a predator and the rightmost card is a predator (the Hyena): it may not be played",
                "circle.play.restriction-predator"),
        Mistake("jackal-after-predator", lambda g: "Jackal",
                "the Jackal is a predator too, and no predator may follow the Hyena",
                "circle.play.restriction-predator"),
    ),
)

PREDATOR_POS = position(["Zebra", "Impala", "Warthog", "Jackal"], [["Leopard", "Hippopotamus", "Buffalo"], _BLUE])

PREDATOR_RULE = Exercise(
    id="circle.predator-after-predator", title="After a predator",
    question="The rightmost card is a Jackal. Which of Red's cards may be played now? Click them in Red's hand, "
             "or type them like Zebra, Lion.",
    rules=("circle.play.restriction-predator", "circle.play.restriction"),
    build=PREDATOR_POS, solve=_playable, answer=CARDS,
    hints=("Read the placement rule at the bottom of each card in Red's hand (the ⊘ line forbids something).",
           "No predator may follow a predator. The Hippopotamus is no predator, but its own rule reads the "
           "rightmost card too."),
    explain=lambda g: (f"{CARDS.show(_playable(g))}. {_why_unplayable(g)}. A card may be played "
                       f"only if its placement rule holds for the savannah as it is [circle.play.restriction]."),
    picture=_table, solution_picture=_ringed_in_hand(_playable),
    click=click_hand_card, spoilers=lambda g: ["may be played", "cannot be played"],
    mistakes=(
        Mistake("only-predators-barred", lambda g: frozenset({"Hippopotamus", "Buffalo"}),
                "the Hippopotamus carries its own rule: not after a predator. Read every card's rule",
                "circle.play.restriction"),
        Mistake("predators-are-fine", lambda g: _hand(g),
                "a predator may not be played while the rightmost card is a predator",
                "circle.play.restriction-predator"),
    ),
)

COUNT_POS = position(["Hyena", "Lion", "Zebra", "Gazelle", "Buffalo"], [["Cheetah", "Maasai", "Hippopotamus"], _BLUE])

COUNT_FROM_RIGHT = Exercise(
    id="circle.count-from-right", title="Counting from the right",
    question="The Cheetah may not follow a Lion among the last 2 cards; the Maasai needs a predator among the "
             "last 3. Which of Red's cards may be played now? Click them in Red's hand, or type them like "
             "Zebra, Lion.",
    rules=("circle.play.restriction-from-right", "circle.play.restriction"),
    build=COUNT_POS, solve=_playable, answer=CARDS,
    hints=("\"The last 2\" and \"the last 3\" are counted from the right end of the savannah, where cards are "
           "added.",
           "The last 2 cards are the Gazelle and the Buffalo; the last 3 add the Zebra. The Lion and the Hyena "
           "are further left and do not count."),
    explain=lambda g: (f"{CARDS.show(_playable(g))}. {_why_unplayable(g)}. Restrictions count "
                       f"from the rightmost card [circle.play.restriction-from-right]."),
    picture=_table, solution_picture=_ringed_in_hand(_playable),
    click=click_hand_card, spoilers=lambda g: ["may be played", "cannot be played"],
    mistakes=(
        Mistake("counted-from-the-left", _from_left,
                "the cards a rule reads are counted from the right end, the newest cards, not from the left"),
        Mistake("whole-savannah", _whole_row_for_long_rules,
                "\"the last 3\" means only the 3 rightmost cards: the Lion and the Hyena further left do not "
                "count"),
    ),
)

EMPTY_POS = position([], [["Lion", "Leopard", "Maasai"], _BLUE])

EMPTY_SAVANNAH = Exercise(
    id="circle.empty-savannah", title="Opening an empty savannah",
    question="The savannah is empty. Which of Red's cards may be played on it? Click them in Red's hand, or type "
             "them like Zebra, Lion. (Kit ruling K10: on an empty savannah a rule that forbids something holds, "
             "and one that requires something fails.)",
    rules=("circle.play.restriction-from-right",),
    build=EMPTY_POS, solve=_playable, answer=CARDS,
    hints=("Sort the rules on Red's cards: which forbid something (⊘), which require something (✓)?",
           "With no card at all, nothing forbidden is there, so a ⊘ rule holds; nothing required is there "
           "either, so a ✓ rule fails."),
    explain=lambda g: (f"{CARDS.show(_playable(g))}. {_why_unplayable(g)}. On an empty savannah "
                       f"a rule that forbids holds and one that requires fails "
                       f"[circle.play.restriction-from-right] (kit ruling K10)."),
    picture=_table, solution_picture=_ringed_in_hand(_playable),
    click=click_hand_card, spoilers=lambda g: ["may be played", "cannot be played"],
    mistakes=(
        Mistake("anything-goes", lambda g: _hand(g),
                "a card that requires something (a ✓ rule) finds nothing on an empty savannah: it cannot open it"),
        Mistake("nothing-fits", lambda g: frozenset(),
                "a ⊘ rule forbids something, and there is nothing on an empty savannah to forbid"),
        Mistake("predators-cannot-open", lambda g: frozenset({"Maasai"}),
                "the Leopard's rule only forbids a predator before it, and there is none; the Maasai needs a "
                "predator, and there is none"),
    ),
    kit_ruling=True,
)

MUST_PLAY_POS = position(["Wildebeest", "Impala", "Zebra", "Hyena"], [["Zebra", "Lion", "Leopard"], _BLUE])

MUST_PLAY = Exercise(
    id="circle.must-play", title="Play if you can",
    question="Red would like to keep the Zebra and get rid of a cat. Which of Red's cards can leave Red's hand "
             "this turn, played or discarded? Click them in Red's hand, or type them like Zebra, Lion.",
    rules=("circle.play.must-play", "circle.play.restriction-predator"),
    build=MUST_PLAY_POS, solve=_legal_cards, answer=CARDS,
    hints=("Which of Red's cards may be played after the Hyena?",
           "Red holds a card that may be played. A player who can play must play: a discard is only for a hand "
           "with nothing playable."),
    explain=lambda g: (f"Only the {', '.join(sorted(_legal_cards(g)))}: {_why_unplayable(g)}. "
                       f"A player who can play a card must play one [circle.play.must-play], so Red cannot discard "
                       f"a cat instead."),
    picture=_table, solution_picture=_ringed_in_hand(_legal_cards),
    click=click_hand_card, spoilers=lambda g: ["may be played", "cannot be played", "discards"],
    mistakes=(
        Mistake("discard-what-you-like", lambda g: _hand(g),
                "a player who can play a card must play it: Red may not discard instead"),
        Mistake("discard-the-unplayable", lambda g: _hand(g) - _playable(g),
                "a discard is only allowed when no card at all can be played, and the Zebra can"),
    ),
)

STUCK_POS = position(["Zebra", "Buffalo", "Gazelle", "Cheetah"], [["Lion", "Hyena", "Impala"], _BLUE])

UNPLAYABLE = Exercise(
    id="circle.unplayable-discard", title="Nothing fits",
    question="Which of Red's cards can leave Red's hand this turn, played or discarded? Click them in Red's "
             "hand, or type them like Zebra, Lion (or none).",
    rules=("circle.play.unplayable-discard", "circle.play.must-play"),
    build=STUCK_POS, solve=_legal_cards, answer=CARDS,
    hints=("Check each card against the rightmost card, the Cheetah. Can any of them be played?",
           "None of them can: the Lion and the Hyena are predators, and the Impala may not follow a Cheetah. "
           "What does a player do then?"),
    explain=lambda g: (f"{_why_not(g, _hand(g))}. With nothing playable, Red discards one card of Red's choice "
                       f"out of the game, any of {CARDS.show(_legal_cards(g))} "
                       f"[circle.play.unplayable-discard]."),
    picture=_table, solution_picture=_ringed_in_hand(_legal_cards),
    click=click_hand_card, spoilers=lambda g: ["may be played", "cannot be played", "discards"],
    mistakes=(
        Mistake("pass", lambda g: frozenset(),
                "a player who cannot play does not simply pass: they discard one card of their choice"),
        Mistake("impala-fits", lambda g: frozenset({"Impala"}),
                "the Impala's rule forbids a Cheetah as the rightmost card: it cannot be played here either",
                "circle.play.restriction"),
    ),
)

REFILL_POS = position(["Impala", "Zebra", "Warthog", "Jackal"], [["Lion", "Leopard", "Cheetah"], _BLUE],
                      draw=["Zebra", "Gazelle", "Wildebeest", "Buffalo", "Warthog"])


def _lion_discard(game) -> Discard:
    return Discard(hand_card(game, "Lion", 0))


def _hand_after_discard(game) -> FrozenSet[str]:
    trial, _events = after(game, _lion_discard(game))
    return species_names(trial, trial.state.hands[0])


def _top_of_draw(game) -> str:
    return game.catalogue.name[game.state.draw_pile[-1]]


def _refill_click(game, hit: Optional[str]) -> Optional[str]:
    if hit == "pile:draw":
        return _top_of_draw(game)
    return click_hand_card(game, hit)


REFILL = Exercise(
    id="circle.refill", title="Back to three",
    question="Red cannot play any card and discards the Lion. The top card of the draw pile is a Zebra. Which "
             "cards are in Red's hand when Red's turn is over? Click them (the draw pile stands for its top card), "
             "or type them like Zebra, Lion.",
    rules=("circle.draw.refill", "circle.play.unplayable-discard"),
    build=REFILL_POS, solve=_hand_after_discard, answer=CARDS,
    hints=("The Lion leaves the game. Does Red still draw at the end of this turn?",
           "Every turn ends with a draw, a turn with a discard too: the hand is back to 3 cards."),
    explain=lambda g: (f"{CARDS.show(_hand_after_discard(g))}: "
                       f"{'; '.join(f'{e.message} [{e.rule}]' for e in after(g, _lion_discard(g))[1])}. Every turn "
                       f"ends with a draw, so each hand holds 3 cards again [circle.draw.refill]."),
    picture=_table, solution_picture=None,
    click=_refill_click, spoilers=lambda g: ["draws", "discards"],
    mistakes=(
        Mistake("no-draw-after-a-discard", lambda g: _hand(g) - {"Lion"},
                "a turn with a discard still ends with a draw: Red takes the Zebra", "circle.draw.refill"),
        Mistake("kept-the-lion", lambda g: _hand(g) | {_top_of_draw(g)},
                "the discarded Lion leaves the game; the hand holds 3 cards, not 4", "circle.play.unplayable-discard"),
    ),
)

TOKENS_POS = position(["Zebra@0", "Impala@0", "Gazelle@0", "Buffalo@1", "Warthog"],
                      [["Wildebeest", "Lion", "Giraffe"], _BLUE], options={"tokens": 3})


def _wildebeest_play(game) -> Play:
    return Play(hand_card(game, "Wildebeest", 0))


def _owner_after(game) -> str:
    if not game.is_legal(_wildebeest_play(game)):
        return "not played"
    trial, _events = after(game, _wildebeest_play(game))
    owner = trial.state.owners[trial.state.row.index(trial.catalogue.index[_wildebeest_play(game).card])]
    return COLOURS[owner] if owner >= 0 else "nobody"


NO_TOKENS = Exercise(
    id="circle.no-tokens", title="Out of tokens",
    question="This game uses the variant with 3 tokens per player (kit ruling K16: by default tokens never run "
             "out). All 3 of Red's tokens are on the savannah. Red plays the Wildebeest. Whose token is on the "
             "Wildebeest then? Click an answer under the picture, or type Red, Blue, nobody or not played.",
    rules=("circle.play.no-tokens", "circle.play.place-right"),
    build=TOKENS_POS, solve=_owner_after, answer=OWNERS,
    hints=("Red has no token left in the supply. Does that stop Red from playing?",
           "Red still plays the card at the right end; there is just no red token to put on it."),
    explain=lambda g: (f"{_owner_after(g).capitalize()}: {after(g, _wildebeest_play(g))[1][0].message} "
                       f"[{after(g, _wildebeest_play(g))[1][0].rule}]. In the tokens variant a player with no token "
                       f"left still plays, and the card belongs to nobody (kit ruling K16)."),
    picture=lambda g: with_choices(_table(g), "Whose token is on the Wildebeest?",
                                   (("Red", "Red"), ("Blue", "Blue"), ("nobody", "nobody"),
                                    ("not played", "not played"))),
    solution_picture=None,
    click=_click_choice, spoilers=lambda g: ["unmarked", "no token left"],
    mistakes=(
        Mistake("marked-anyway", lambda g: "Red",
                "with the tokens variant Red has no red token left to put on it"),
        Mistake("no-token-no-play", lambda g: "not played",
                "running out of tokens never stops a player from playing: the card is played unmarked"),
        Mistake("borrowed", lambda g: "Blue", "tokens are never borrowed: only the player's own tokens mark cards"),
    ),
    kit_ruling=True,
)

BASICS: Tuple[Exercise, ...] = (
    TURN_STEPS,
    SETUP_COUNT, FIRST_PLAYER, MAASAI_REDRAW,
    RIGHTMOST, PREDATOR_RULE, COUNT_FROM_RIGHT, EMPTY_SAVANNAH, MUST_PLAY, UNPLAYABLE, REFILL, NO_TOKENS,
)

EXERCISES: Tuple[Exercise, ...] = BASICS + HUNTING
