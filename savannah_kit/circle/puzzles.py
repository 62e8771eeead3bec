"""Circle of Life's teacher pack: the puzzle worksheet, and the reference's own pictures.

``PUZZLES`` are the worksheet's puzzles: exercises like the lessons' (``teach.exercise``),
each a hand-built table (``circle.from_scenario``) and a question about the whole game, whose
answer the engine works out by trying things: every legal play of every card in Red's hand,
the one play a card allows, or the score of every seat if the game ended now
(``score_if_ended_now``). The worksheet shows their questions and starting pictures (the table
with nothing ringed and no scoring table); the answer key shows the answers.

``TOPICS`` orders the rule reference (``teach.reference``) by the part of the game a rule
belongs to, and ``rule_scene(rule_id)`` draws a hand-built table for a rule that no exercise
shows yet, so every rule of the reference has a picture.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple

from ..core.scene import Scene
from ..teach import answers
from ..teach.exercise import Exercise, Mistake
from . import from_scenario, new_game
from .data import default_catalogue
from .exercise_kit import after, species_of
from .moves import Play
from .text import COLOURS, player_name

__all__ = ["PUZZLES", "TOPICS", "rule_scene"]

RED = 0


# -- tables ---------------------------------------------------------------------------------------------

def _table(savannah: Sequence[str], red_hand: Sequence[str], *, players: int = 2,
           hands: Optional[Sequence[Sequence[str]]] = None, kill_piles: Optional[Sequence[Sequence[str]]] = None,
           bonus: Optional[Sequence[int]] = None, draw_pile: Optional[Sequence[str]] = None,
           **options) -> Callable[[], Any]:
    """A builder: a fresh game on every call, Red (seat 0) to move holding ``red_hand``, the
    savannah as listed (``"Zebra@1"``: a Zebra with Blue's token). The other hands are dealt
    from the seeded shuffle of the cards not named, unless ``hands`` gives them all; an empty
    ``draw_pile`` starts the last discards."""

    def build():
        data: Dict[str, Any] = {"savannah": list(savannah), "to_move": RED}
        if hands is not None:
            data["hands"] = [list(red_hand)] + [list(h) for h in hands]
        else:
            data["holds"] = [list(red_hand)] + [[] for _ in range(players - 1)]
        data["kill_piles"] = [list(k) for k in kill_piles] if kill_piles else [[] for _ in range(players)]
        if bonus is not None:
            data["bonus"] = list(bonus)
        if draw_pile is not None:
            data["draw_pile"] = list(draw_pile)
        return from_scenario(data, seed=0, players=players, **options)

    return build


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
    items = list(items)
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# -- pictures ---------------------------------------------------------------------------------------------------

def _table_picture(game) -> Scene:
    """The table as Red sees it (Red's hand face up, the others face down): nothing ringed, no
    scoring table."""
    return game.scene(viewer=RED, scoring=False)


def _open_picture(game) -> Scene:
    """The table with every hand face up (the hands count at the end): no scoring table."""
    return game.scene(viewer="all", scoring=False)


def _ringed(cards: Callable[[Any], Sequence[str]], viewer: Any = RED) -> Callable[[Any], Scene]:
    """The answer drawn: these card ids ringed."""
    return lambda game: game.scene(viewer=viewer, scoring=False, highlights=tuple(cards(game)))


# -- answers and clicks -------------------------------------------------------------------------------------------

_CATALOGUE = default_catalogue()
#: a card answer: its species, typed as the species or a card id (C01 is a Lion)
SPECIES_WORDS: Dict[str, str] = {sp.name: sp.name for sp in _CATALOGUE.species}
SPECIES_WORDS.update({sp.name.replace(" ", "-"): sp.name for sp in _CATALOGUE.species})
SPECIES_WORDS.update({cid: _CATALOGUE.name[c] for c, cid in enumerate(_CATALOGUE.ids)})
SPECIES = answers.choice(SPECIES_WORDS, example="Giraffe")
SPECIES_SET = answers.words(SPECIES_WORDS, example="Lion, Zebra")
PLAYER_WORDS = {c: c for c in COLOURS}
PLAYER = answers.choice(PLAYER_WORDS, example="Blue")


def _click_hand(game, hit: Optional[str]) -> Optional[str]:
    """A card of Red's hand, clicked: its species."""
    if hit and hit.startswith("hand:C") and hit[5:] in game.catalogue.index:
        return species_of(game, hit[5:])
    return None


def _click_savannah(game, hit: Optional[str]) -> Optional[str]:
    """A savannah card, clicked: its species."""
    if hit and hit.startswith("card:") and hit[5:] in game.catalogue.index:
        return species_of(game, hit[5:])
    return None


def _click_player(game, hit: Optional[str]) -> Optional[str]:
    """A hand card (face up or down), clicked: the player holding it."""
    if not hit or not hit.startswith("hand:"):
        return None
    what = hit[5:]
    if what.isdigit():
        return player_name(int(what)) if int(what) < game.players else None
    card = game.catalogue.index.get(what)
    for seat, hand in enumerate(game.state.hands):
        if card in hand:
            return player_name(seat)
    return None


# =========================================================================================================
# Puzzle 1: which card gains Red the most points?
# =========================================================================================================

GAIN_HAND = ("Leopard", "Giraffe", "Buffalo")
gain_position = _table(["Elephant@1", "Zebra", "Jackal@1", "Maasai@1", "Hyena@1"], GAIN_HAND)


def _gains(game) -> Dict[str, int]:
    """Species -> the most points Red's total so far can grow by with a play of it (playable cards only)."""
    before = game.scores()[RED]
    out: Dict[str, int] = {}
    for name in _hand(game):
        plays = _plays(game, name)
        if plays:
            out[name] = max(_after(game, m).scores()[RED] for m in plays) - before
    return out


def _best_gain(game) -> str:
    gains = _gains(game)
    best = max(gains.values())
    (name,) = [n for n, g in gains.items() if g == best]
    return name


def _gain_explain(game) -> str:
    gains = _gains(game)
    best = _best_gain(game)
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


GAIN = Exercise(
    id="circle.puzzle-most-points", title="Which card gains Red the most points?",
    question="Red is to move. Which card of Red's hand adds the most points to Red's score this turn "
             "(survivors, kills and bonus points; the hand penalty only counts at the end)? Click the card, or "
             "type its animal, like Giraffe.",
    rules=("circle.special.giraffe", "circle.play.restriction-predator", "circle.hunt.scare"),
    build=gain_position, solve=_best_gain, answer=SPECIES, click=_click_hand,
    hints=("First check which cards may be played at all: look at the rightmost card of the savannah.",
           "A played card scores its level while it carries Red's token. A scared card goes out of the game and "
           "scores for nobody. The Giraffe counts the predators among the 3 cards to its left."),
    explain=_gain_explain, picture=_table_picture,
    solution_picture=_ringed(lambda g: [_card_id(g, _best_gain(g))]),
    mistakes=(
        Mistake("predator-after-predator", lambda g: "Leopard",
                "the Leopard is a predator, and no predator may be played while the rightmost card is one (the "
                "Hyena)", "circle.play.restriction-predator"),
        Mistake("scaring-scores", lambda g: "Buffalo",
                "the Buffalo scares the Hyena: a scared card goes out of the game, into nobody's kill pile, so "
                "the Buffalo gains only its own 3 points", "circle.hunt.scare"),
    ),
    notes={"aim": "A turn's points at a glance: placement restrictions first, then what each card really scores.",
           "watch for": "Students picking the biggest card, or counting the Maasai as a predator for the Giraffe "
                        "(it is not one), or thinking a scare puts the card in their kill pile.",
           "timing": "About 5 minutes; ask pairs to write each card's points before they check."},
)


# =========================================================================================================
# Puzzle 2: which cards complete the Big Five?
# =========================================================================================================

BIG_FIVE_HAND = ("Leopard", "Hyena", "Elephant")
big_five_position = _table(["Zebra@1", "Rhinoceros@0", "Impala@1", "Buffalo@1"], BIG_FIVE_HAND,
                           kill_piles=[["Lion", "Leopard", "Elephant"], ["Zebra"]])


def _completing(game) -> FrozenSet[str]:
    """The cards of Red's hand some legal play of which leaves all of the Big Five in Red's kill pile."""
    return frozenset(n for n in _hand(game)
                     if any(_after(game, m).big_five_kinds(RED) == 5 for m in _plays(game, n)))


def _big_five_explain(game) -> str:
    done = _completing(game)
    move = next(m for n in sorted(done) for m in _plays(game, n) if _after(game, m).big_five_kinds(RED) == 5)
    after = _after(game, move)
    return (f"{SPECIES_SET.show(done)}: Red's kill pile lacks the Rhinoceros and the Buffalo, so one play must kill "
            f"both. {game.describe(move)}: the Leopard kills 2 cards of level 5 or less within 3 cards to its "
            f"left, and the Rhinoceros is one of them although it carries Red's own token [circle.hunt.own-cards]. "
            f"Red's kill pile then holds all five: +{after.catalogue.setup['big_five_bonus']} at the end "
            f"[circle.end.big-five]. The Hyena kills only 1 card, within 2.")


BIG_FIVE = Exercise(
    id="circle.puzzle-big-five", title="Which cards complete the Big Five?",
    question="Red's kill pile holds a Lion, a Leopard and an Elephant. Which cards of Red's hand can put all of "
             "the Big Five into Red's kill pile this turn? Click the cards, or type them like Leopard, Hyena "
             "(or none).",
    rules=("circle.end.big-five", "circle.hunt.own-cards", "circle.hunt.count"),
    build=big_five_position, solve=_completing, answer=SPECIES_SET, click=_click_hand,
    hints=("Which of the Big Five are missing from Red's kill pile? Both must be killed this turn.",
           "A card carrying your own token may be killed like any other. Which card kills 2 cards, and reaches "
           "both?"),
    explain=_big_five_explain, picture=_table_picture,
    solution_picture=_ringed(lambda g: [_card_id(g, n) for n in sorted(_completing(g))]
                             + [c for m in _plays(g, "Leopard") if _after(g, m).big_five_kinds(RED) == 5
                                for _, targets in m.actions for c in targets]),
    spoilers=lambda g: ["Big Five: 5 of 5"],
    mistakes=(
        Mistake("own-token-safe", lambda g: frozenset(),
                "a card carrying your own token is a legal target too: the Leopard may kill Red's Rhinoceros",
                "circle.hunt.own-cards"),
        Mistake("savannah-counts", lambda g: _completing(g) | {"Hyena"},
                "the Rhinoceros on the savannah is not in Red's kill pile yet: both it and the Buffalo must be "
                "killed, and the Hyena kills only one card", "circle.hunt.count"),
    ),
    notes={"aim": "The Big Five as a goal across turns, and that your own cards are fair game.",
           "watch for": "Students who count the Big Five cards on the savannah, or who think a token protects a "
                        "card from its owner.",
           "timing": "About 5 minutes."},
)


# =========================================================================================================
# Puzzle 3: what does the Lion take?
# =========================================================================================================

LION_HAND = ("Lion", "Zebra", "Gazelle")
lion_position = _table(["Zebra@1", "Hyena@1", "Jackal@1", "Impala@1", "Maasai@1", "Warthog@1"], LION_HAND)


def _lion_takes(game) -> FrozenSet[str]:
    return frozenset(_taken(game, _only_play(game, "Lion")))


def _lion_explain(game) -> str:
    move = _only_play(game, "Lion")
    return (f"{SPECIES_SET.show(_lion_takes(game))}. {game.describe(move)}. The Lion's first action kills 2 cards "
            f"within 3 to its left: the Impala, the Maasai and the Warthog, but the Maasai can never be taken "
            f"[circle.special.maasai-immune], so it kills the other two. Its second action scares every Hyena and "
            f"Jackal within 2, counted on the savannah as it stood when the Lion was placed: the killed cards keep "
            f"their places until the end of the hunt [circle.hunt.snapshot], so only the Maasai and the Warthog are "
            f"within 2, and the Jackal stays.")


LION_SNAPSHOT = Exercise(
    id="circle.puzzle-lion-takes", title="What does the Lion take?",
    question="Red plays the Lion. Which cards does it take off the savannah this turn, killed or scared? Click "
             "them on the savannah, or type them like Zebra, Hyena.",
    rules=("circle.hunt.snapshot", "circle.special.maasai-immune", "circle.hunt.order"),
    build=lion_position, solve=_lion_takes, answer=SPECIES_SET, click=_click_savannah,
    hints=("Read the Lion's two actions top to bottom, and count each reach from the Lion, card by card to "
           "the left.",
           "The Maasai is never killed or scared. Cards killed by the first action keep their places while the "
           "second action counts its reach."),
    explain=_lion_explain, picture=_table_picture,
    solution_picture=_ringed(lambda g: list(_only_play(g, "Lion").actions[0][1])),
    mistakes=(
        Mistake("gaps-closed-early", lambda g: _lion_takes(g) | {"Jackal"},
                "the gaps close only after the hunt: for the second action the Jackal is still 4 cards from the "
                "Lion, out of its reach of 2", "circle.hunt.snapshot"),
        Mistake("killed-the-maasai", lambda g: frozenset({"Maasai", "Warthog"}),
                "the Maasai can never be killed or scared: the Lion skips it and kills the Impala instead",
                "circle.special.maasai-immune"),
    ),
    notes={"aim": "The snapshot: every action of a turn counts its reach on the savannah as it was placed.",
           "watch for": "Students who remove killed cards at once and recount, and students who forget the "
                        "Lion's second action.",
           "timing": "About 5 minutes; act it out with cards on a desk if students disagree."},
)


# =========================================================================================================
# Puzzle 4: what stands beside the Wild dog?
# =========================================================================================================

DOG_HAND = ("Wild dog", "Zebra", "Giraffe")
dog_position = _table(["Jackal@1", "Zebra@1", "Hyena@1", "Elephant", "Impala@1"], DOG_HAND)


def _after_dog(game):
    return _after(game, _only_play(game, "Wild dog"))


def _beside_dog(game) -> str:
    """The card directly left of the Wild dog once Red's turn is over."""
    return _row_names(_after_dog(game))[-2]


def _without_reorder(game) -> str:
    """The card left of the Wild dog if the gaps closed but no card moved (a misreading)."""
    taken = set(_taken(game, _only_play(game, "Wild dog")))
    return [n for n in _row_names(game) if n not in taken][-1]


def _dog_explain(game) -> str:
    after = _after_dog(game)
    return (f"{_beside_dog(game)}. {game.describe(_only_play(game, 'Wild dog'))}: the Elephant is too big for it "
            f"[circle.hunt.filter]. After the draw, every PACK card to the Wild dog's left moves, in the same "
            f"order, to sit directly left of it [circle.reorder.group], and the gap of the Impala closes "
            f"[circle.reorder.close-gaps]. The savannah then reads {', '.join(_row_names(after))}.")


REORDER = Exercise(
    id="circle.puzzle-beside-wild-dog", title="What stands beside the Wild dog?",
    question="Red plays the Wild dog. When Red's turn is over, which card stands directly to the left of the "
             "Wild dog? Click it on the savannah, or type its animal.",
    rules=("circle.reorder.group", "circle.reorder.close-gaps", "circle.hunt.filter"),
    build=dog_position, solve=_beside_dog, answer=SPECIES, click=_click_savannah,
    hints=("First the hunt: which card within 2 of the Wild dog can it kill? Then look at the group band of "
           "the Wild dog.",
           "At the end of the turn, the cards of the played card's group that lie to its left line up next to "
           "it, keeping their order."),
    explain=_dog_explain, picture=_table_picture,
    solution_picture=lambda g: _after_dog(g).scene(viewer=RED, scoring=False),
    mistakes=(
        Mistake("no-reorder", _without_reorder,
                "the PACK cards to the Wild dog's left (the Jackal and the Hyena) move next to it at the end of "
                "the turn", "circle.reorder.group"),
        Mistake("order-reversed", lambda g: "Jackal",
                "the moving cards keep their order: the Jackal came first, so it ends further from the Wild dog",
                "circle.reorder.group"),
        Mistake("kept-the-prey", lambda g: "Impala",
                "the Wild dog kills the Impala: it goes to Red's kill pile and its gap closes",
                "circle.reorder.close-gaps"),
    ),
    notes={"aim": "Step D of a turn: the group gathers by the played card, then the gaps close.",
           "watch for": "Students who move the whole group to the right end in reverse order, or who forget "
                        "the hunt came first.",
           "timing": "About 5 minutes."},
)


# =========================================================================================================
# Puzzle 5: which cards can Red play?
# =========================================================================================================

PLAYABLE_HAND = ("Cheetah", "Impala", "Maasai")
playable_position = _table(["Elephant@1", "Gazelle@1", "Lion@1", "Zebra@1"], PLAYABLE_HAND)


def _playable(game) -> FrozenSet[str]:
    return frozenset(species_of(game, cid) for cid in game.playable(RED))


def _rightmost_only(game) -> FrozenSet[str]:
    """The cards whose restrictions hold if each looked at the rightmost card only (a misreading)."""
    twin = game.copy()
    twin.state.row, twin.state.owners = twin.state.row[-1:], twin.state.owners[-1:]
    return frozenset(species_of(twin, cid) for cid in twin.playable(RED))


def _playable_explain(game) -> str:
    ok = _playable(game)
    return (f"{SPECIES_SET.show(ok)}. Each restriction is checked on the savannah before the card is placed, "
            f"counting from the rightmost card [circle.play.restriction-from-right]: the Cheetah may not follow a "
            f"Lion among the rightmost 2, and the Lion is 2nd from the right; the Impala only avoids a rightmost "
            f"Cheetah; the Maasai needs a predator among the rightmost 3, and the Lion is one "
            f"[circle.play.restriction]. Red must play one of the playable cards [circle.play.must-play].")


PLAYABLE = Exercise(
    id="circle.puzzle-playable", title="Which cards can Red play?",
    question="Red is to move. Which cards of Red's hand may be played now? Click them, or type them like "
             "Cheetah, Impala (or none).",
    rules=("circle.play.restriction", "circle.play.restriction-from-right", "circle.play.must-play"),
    build=playable_position, solve=_playable, answer=SPECIES_SET, click=_click_hand,
    hints=("Each card's placement rule is printed at the bottom of the card. Read each one against the savannah "
           "as it is now.",
           "'Rightmost 2' means the last 2 cards of the row, 'rightmost 3' the last 3: count from the right end."),
    explain=_playable_explain, picture=_table_picture,
    solution_picture=_ringed(lambda g: list(g.playable(RED))),
    mistakes=(
        Mistake("rightmost-card-only", _rightmost_only,
                "a rule about the rightmost 2 or 3 cards looks at that many cards from the right end, not only at "
                "the last one", "circle.play.restriction-from-right"),
        Mistake("only-the-predator-rule", lambda g: frozenset(PLAYABLE_HAND),
                "besides 'no predator after a predator', each card has its own placement rule, and it must hold "
                "too", "circle.play.restriction"),
    ),
    notes={"aim": "Reading placement restrictions, counted from the right end.",
           "watch for": "Students who read every rule against the rightmost card only.",
           "timing": "About 4 minutes."},
)


# =========================================================================================================
# Puzzle 6: who wins if the game ends now?
# =========================================================================================================

winner_position = _table(
    ["Zebra@0", "Wildebeest@1", "Giraffe@2", "Buffalo@1", "Zebra@2", "Maasai@0"], ("Impala", "Gazelle", "Jackal"),
    players=3, hands=[["Lion", "Elephant", "Leopard"], ["Warthog", "Impala", "Gazelle"]],
    kill_piles=[["Elephant", "Buffalo", "Zebra"], ["Rhinoceros", "Hyena"], ["Wildebeest", "Impala"]],
    bonus=[0, 0, 1])


def _if_ended(game) -> List[int]:
    return [game.score_if_ended_now(p).total for p in range(game.players)]


def _leader(scores: Sequence[int], game) -> str:
    """The seat with the best of ``scores`` (ties go to the most predators killed)."""
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    preds = game.predators_killed()
    (seat,) = [p for p in tied if preds[p] == max(preds[q] for q in tied)]
    return player_name(seat)


def _winner(game) -> str:
    return _leader(_if_ended(game), game)


def _leaving_out(step: str) -> Callable[[Any], str]:
    """Who leads if one scoring step were forgotten (a misreading)."""
    return lambda game: _leader([game.score_if_ended_now(p).total - game.score_if_ended_now(p).steps[step]
                                 for p in range(game.players)], game)


def _winner_explain(game) -> str:
    parts = []
    for p in range(game.players):
        s = game.score_if_ended_now(p)
        steps = s.steps
        parts.append(f"{player_name(p)} {steps['survivors']:+d} survivors, {steps['hand_penalty']:+d} hand, "
                     f"{steps['maasai']:+d} Maasai, {steps['kill_pile']:+d} kills, {steps['bonus']:+d} bonus = "
                     f"{s.total}")
    return (f"{_winner(game)}. If the game ended now each player would first discard one card, the costliest, "
            f"and lose the penalties of the 2 left [circle.end.hand-penalty]; Red's token is on the Maasai, the "
            f"rightmost card [circle.end.maasai]. " + "; ".join(parts) + " [circle.end.total].")


WHO_WINS = Exercise(
    id="circle.puzzle-who-wins", title="Who wins if the game ends now?",
    question="Suppose the game ended right now: each player discards their costliest card, keeps 2 and the game "
             "is scored. Who would win? Click a card of that player's hand, or type the colour, like Blue. (The "
             "panels' 'points so far' leave the penalties out.)",
    rules=("circle.end.total", "circle.end.hand-penalty", "circle.end.maasai", "circle.end.winner"),
    build=winner_position, solve=_winner, answer=PLAYER, click=_click_player,
    hints=("Work out all six scoring steps for each player: survivors, hand penalty, Maasai, kill pile, Big "
           "Five and bonus points.",
           "Look at the rightmost card and whose token it carries; and at the hands: each player keeps their 2 "
           "cheapest cards, and loses their levels."),
    explain=_winner_explain, picture=_open_picture,
    solution_picture=lambda g: g.scene(viewer="all", scoring=True),
    mistakes=(
        Mistake("forgot-maasai", _leaving_out("maasai"),
                "Red's token is on the Maasai, the rightmost card: Red loses 10", "circle.end.maasai"),
        Mistake("forgot-hand-penalty", _leaving_out("hand_penalty"),
                "the 2 cards left in hand cost their penalties: Blue keeps an Elephant or a Lion and the Leopard, "
                "9 points", "circle.end.hand-penalty"),
    ),
    notes={"aim": "The whole of the final scoring, and why 'points so far' is not the score.",
           "watch for": "Students who read the panels' points so far; who forget the Maasai; who charge all 3 "
                        "cards in hand instead of the 2 kept.",
           "timing": "About 8 minutes: a table of six steps per player on paper helps."},
)

PUZZLES: Tuple[Exercise, ...] = (GAIN, BIG_FIVE, LION_SNAPSHOT, REORDER, PLAYABLE, WHO_WINS)


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
