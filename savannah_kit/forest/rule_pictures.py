"""Savernake Forest: a picture of every rule happening, for the rule reference.

Each rule has an entry in ``PICTURES``: a seeded game of this module (never an exercise's position),
played by the greedy bot (or, for the rare events, by seeded random choices), and what to show in it:

* ``move``: the first move of the game whose events cite the rule (or the rule named in ``cite``),
  drawn before and after (the player's forest with each animal's path traced, or the whole table
  for a card taken), captioned with the engine's own words;
* ``refused``: the first position of the game where a placement (or a water drop) the engine
  refuses for this rule can be tried: the forest with the refused cell ringed, and the reason;
* ``still``: the table as it stands (the set-up).

``show(rule_id)`` draws it (``teach.reference.rule_picture`` calls it); ``tests/teach/test_reference.py``
checks that each picture cites its rule and differs from every exercise's starting picture.
"""

from __future__ import annotations

import random
import re
from typing import Any, Dict, Iterator, Optional, Tuple

from ..core.errors import IllegalMove
from ..core.scene import Scene
from ..teach.reference import Shown, panels, position_key
from . import new_game, render
from .data import FOODS
from .moves import Place, Take, Water

__all__ = ["PICTURES", "show"]

#: the seeded games: (players, seed, advanced mode, played greedily); the random ones reach rare events
GAMES: Dict[str, Tuple[int, int, bool, bool]] = {
    "two": (2, 1, False, True), "three": (3, 2, False, True), "four": (4, 3, False, True),
    "advanced": (2, 4, True, True), "stuck": (4, 56, False, False), "no-corner": (4, 1, False, False),
    "tie": (3, 10, False, False)}


def _game(name: str):
    players, seed, advanced, _greedy = GAMES[name]
    return new_game(players=players, seed=seed, **({"advanced": True} if advanced else {}))


def _m(game: str, caption: str, cite: Optional[str] = None, turned: bool = False) -> dict:
    """``turned``: only a placement turned from the card's printed way counts."""
    return {"kind": "move", "game": game, "caption": caption, "cite": cite, "turned": turned}


#: rules about the round or the whole table: their pictures show the whole table, not one forest
_TABLE = ("forest.round.", "forest.adv.refill", "forest.adv.draft-order", "forest.advisor.rooster-untaken",
          "forest.score.", "forest.end.trigger", "forest.end.winner", "forest.end.tie-break",
          "forest.place.forced")


def _refused(game: str, caption: str) -> dict:
    return {"kind": "refused", "game": game, "caption": caption}


def _still(game: str, caption: str, cite: Optional[str] = None) -> dict:
    return {"kind": "still", "game": game, "caption": caption, "cite": cite}


#: rule id -> what its picture shows (see the module docstring)
PICTURES: Dict[str, dict] = {
    "forest.setup.decks": _still("three", "A new 3-player game: the Path cards and the Animal cards in two "
                                          "separate face-down decks."),
    "forest.setup.starting-animal": _still("three", "Each player starts with the top Animal card, face up, as "
                                                    "the first card of their forest."),
    "forest.setup.supply": _still("three", "The supply: 15 Lair tokens and 15 Water drops."),
    "forest.setup.first-player": _still("three", "One player, chosen at random, starts and holds the Rooster, "
                                                 "the first-player pawn."),
    "forest.round.market": _m("two", "A new round: one Animal card at the rabbit and a Path card at the rooster, "
                                     "the armadillo and the goat."),
    "forest.round.order": _m("two", "The pawn holder takes first, then the others in turn.",
                             cite="forest.round.order"),
    "forest.turn.take": _m("two", "The first player takes one card from the board, with its advisor's benefit."),
    "forest.turn.no-refill": _m("two", "The card taken is not replaced: its advisor stays empty until the round "
                                       "ends.", cite="forest.turn.take"),
    "forest.round.leftovers": _m("two", "Every player has taken a card: the cards left on the board are "
                                        "discarded and the board is filled again."),
    "forest.place.adjacent": _refused("two", "A card laid apart from the forest, touching no card of it: "
                                             "refused."),
    "forest.place.4x4": _refused("three", "A card that would make the forest wider than 4 cells: refused."),
    "forest.place.rotation": _m("two", "The card is laid turned, as the player chooses: any of four turns, "
                                       "Animal cards too.", cite="forest.path.connect", turned=True),
    "forest.place.free-paths": _m("two", "The new card's paths need not meet the paths next to it: dead ends "
                                         "are allowed."),
    "forest.place.one-animal-per-path": _refused("two", "An animal placed so that its path would reach another "
                                                        "animal's path: refused."),
    "forest.place.forced": _m("stuck", "No card on the board fits anywhere in this forest: the player takes one "
                                       "all the same and lays it touching the forest, inside the square, even "
                                       "where it puts two animals on one path."),
    "forest.path.connect": _m("two", "The new card's path end meets the path end of the card beside it: the "
                                     "path goes on across both cards."),
    "forest.path.food-order": _m("two", "Each animal walks its path outward from its den and meets the foods in "
                                        "that order (the traced lines).", cite="forest.path.food-order"),
    "forest.advisor.rooster": _m("two", "Taking the rooster's card also takes the first-player pawn."),
    "forest.advisor.rooster-timing": _m("three", "The pawn changes hands, but this round's order stays as it "
                                                 "was; the change counts from the next round."),
    "forest.advisor.rooster-untaken": _m("two", "Nobody took the rooster's card this round: the pawn stays where "
                                                "it is."),
    "forest.advisor.armadillo": _m("two", "The armadillo's card brings a Lair token: +1 storage for the animal "
                                          "it is put on."),
    "forest.advisor.armadillo-stack": _m("three", "A second Lair token on the same animal: an animal may carry "
                                                  "any number."),
    "forest.advisor.goat": _m("two", "The goat's card brings a Water drop, put on a food corner of an animal: "
                                     "+1 for that food."),
    "forest.advisor.goat-corner-limit": _refused("two", "A second Water drop on a corner that already holds one: "
                                                        "refused."),
    "forest.advisor.goat-no-corner": _m("no-corner", "No free food corner is left on the player's animals: the "
                                                     "card is taken all the same and the drop goes back to the "
                                                     "supply."),
    "forest.advisor.rabbit": _m("two", "The rabbit's card is an Animal card: the only way to gain another "
                                       "animal."),
    "forest.score.collect-first": _m("three", "The animal stores the first foods it meets, up to its storage, "
                                              "whatever they are worth."),
    "forest.score.capacity": _m("three", "Storage is the printed capacity plus the Lair tokens on the animal."),
    "forest.score.food-value": _m("two", "Each stored food scores the animal's value for it, +1 with a Water drop "
                                         "on that corner."),
    "forest.score.own-points": _m("two", "Each animal also scores its own printed points."),
    "forest.score.rooster-point": _m("two", "The pawn holder at the end scores 1 more point."),
    "forest.end.trigger": _m("two", "The last card fills the last forest to 16 cards: the game ends and is "
                                    "scored."),
    "forest.end.shared-path-cleanup": _m("stuck", "A forced placement left two animals on one path: at the end, "
                                                  "before scoring, the player keeps one and the other is "
                                                  "discarded."),
    "forest.end.winner": _m("two", "The highest total wins."),
    "forest.end.tie-break": _m("tie", "Two players tie for the most points: the tie goes to the one first met "
                                      "going round from the pawn holder, the holder first."),
    "forest.adv.8x4": _refused("advanced", "In the advanced mode the forest may grow to 8 × 4, but no further."),
    "forest.adv.two-animals": _m("advanced", "The advanced mode: each player starts with 2 Animal cards side by "
                                             "side, each turned freely."),
    "forest.adv.draft-order": _m("advanced", "Each round both players take 2 cards: first player, opponent, first "
                                             "player, opponent."),
    "forest.adv.refill": _m("advanced", "The board is filled as usual, 1 Animal and 3 Path cards, so nothing is "
                                        "left over."),
}



# -- drawing ----------------------------------------------------------------------------------------------------

def _played(name: str) -> Iterator[Tuple[Any, Any, list, Any]]:
    """(the game before, the move, its events, the game after) for every move of a greedy game."""
    game = _game(name)
    greedy, rng = GAMES[name][3], random.Random(GAMES[name][1])
    while not game.is_over:
        moves = game.legal_moves()
        if greedy:
            values = game.greedy_values(moves)
            move = moves[values.index(max(values))]
        else:
            move = rng.choice(moves)
        after = game.copy()
        events = after.play(move)
        yield game, move, events, after
        game = after


_CELL = re.compile(r"\(-?\d+, -?\d+\)")
_PATH_CARD = re.compile(r"\bpath card P\d{2}\b")


def _words(message: str) -> str:
    """The engine's message with the cell it names called "the ringed cell" (the picture rings
    it), not by the engine's coordinates, and path cards without their ids (the cards show none)."""
    out = _PATH_CARD.sub("a path card", _CELL.sub("the ringed cell", message))
    return out[:1].upper() + out[1:]


def _view(game, seat: Optional[int], move=None, preview: bool = False, table: bool = False) -> Any:
    if table or isinstance(move, Take) or seat is None:
        return render.scene(game, highlights=(), caption=False)
    ghost = (seat, move.x, move.y, move.rotation) if preview and isinstance(move, Place) else None
    return render.forest_scene(game, seat, highlights=[move.cell] if hasattr(move, "cell") else None,
                               preview=ghost)


def _told(game, move) -> str:
    """What ``move`` does, in words, for a picture's heading."""
    who = game.player_name(move.player) if getattr(move, "player", None) is not None else "The player"
    if isinstance(move, Take):
        return f"{who} takes the {move.slot}'s card"
    if isinstance(move, Place):
        turned = f", turned {move.rotation}°" if move.rotation else ""
        return f"{who} lays the card on the ringed cell{turned}"
    if isinstance(move, Water):
        return f"{who} puts the water drop on {'an' if move.food[0] in 'aeiou' else 'a'} {move.food} corner"
    if hasattr(move, "cell"):
        return f"{who}: the ringed animal ({type(move).__name__.lower()})"
    return f"{who} turns a starting animal {getattr(move, 'rotation', 0)}°"


def _move_picture(rule_id: str, entry: dict) -> Shown:
    cite = entry["cite"] or rule_id
    for game, move, events, after in _played(entry["game"]):
        told = [e for e in events if e.rule == cite]
        if told and (not entry["turned"] or (isinstance(move, Place) and move.rotation)):
            break
    else:
        raise LookupError(f"{rule_id}: no move of the game {entry['game']!r} cites {cite}")
    seat = getattr(move, "player", None)
    table = rule_id.startswith(_TABLE)
    scene = panels([(f"Before: {_told(game, move)}", _view(game, seat, move, preview=True, table=table)),
                    ("After", _view(after, seat, move, table=table))],
                   title=f"Savernake Forest: {rule_id}", wide=1400)
    said = " ".join(dict.fromkeys(_words(e.message).rstrip(".") + "." for e in told))
    return Shown(scene, f"{entry['caption']} The engine: “{said}”", tuple(e.rule for e in events),
                 (position_key(game), position_key(after)))


def _tries(game) -> Iterator[Any]:
    """Placements and water drops to try in a position (legal or not): placements only on the cells
    the forest's picture draws (one cell around its cards), so the ringed cell can be seen."""
    seat = game.current_player
    forest = game.forest(seat)
    box = forest.bbox()
    if box is not None:
        x0, y0, x1, y1 = box
        for y in range(y0 - 1, y1 + 2):
            for x in range(x0 - 1, x1 + 2):
                yield Place(seat, x, y, 0)
    for (x, y) in sorted(forest.cells):
        for food in FOODS:
            yield Water(seat, x, y, food)


def _padded(scene: Scene, pad: float = 110) -> Scene:
    """``scene`` with room around it, where a card tried outside the forest's frame shows."""
    out = Scene(scene.width + 2 * pad, scene.height + 2 * pad, background=scene.background, title=scene.title)
    return out.extend(scene, pad, pad)


def _refused_picture(rule_id: str, entry: dict) -> Shown:
    cite = rule_id
    for game, _move, _events, _after in _played(entry["game"]):
        kinds = {type(m) for m in game.legal_moves()}
        if not kinds & {Place, Water}:
            continue
        legal = set(game.legal_moves())
        for attempt in _tries(game):
            if type(attempt) not in kinds or attempt in legal:
                continue
            try:
                game.copy().play(attempt)
            except IllegalMove as exc:
                if exc.rule_id != cite:
                    continue
                seat = attempt.player
                ghost = (seat, attempt.x, attempt.y, attempt.rotation) if isinstance(attempt, Place) else None
                scene = panels([(f"Tried: {_told(game, attempt)}",
                                 _padded(render.forest_scene(game, seat, highlights=[attempt.cell], preview=ghost)))],
                               title=f"Savernake Forest: {rule_id}")
                return Shown(scene, f"{entry['caption']} The engine: “{_words(str(exc.reason)).rstrip('.')}.”",
                             (exc.rule_id,), (position_key(game),))
    raise LookupError(f"{rule_id}: no refused try in the game {entry['game']!r} cites {cite}")


def _still_picture(rule_id: str, entry: dict) -> Shown:
    game = _game(entry["game"])
    return Shown(panels([("", render.scene(game, highlights=(), caption=False))],
                        title=f"Savernake Forest: {rule_id}"), entry["caption"], (), (position_key(game),))


_DRAW = {"move": _move_picture, "refused": _refused_picture, "still": _still_picture}


def show(rule_id: str) -> Shown:
    """The reference picture of ``rule_id`` (a ``KeyError`` for a rule with none)."""
    entry = PICTURES[rule_id]
    return _DRAW[entry["kind"]](rule_id, entry)
