"""Circle of Life: a picture of every rule happening, for the rule reference.

Each rule has an entry in ``PICTURES``: a hand-built table of this module (``TABLES``, never an
exercise's position) and what to show on it:

* ``move``: the first legal move matching the entry's fields (the species played, the species
  taken) whose events cite the rule (or the rule named in ``cite``), drawn before (Red's hand, the
  card to play ringed) and after (the turn as it happened: the taken cards crossed out, the cards
  that moved tagged), captioned with the engine's own words;
* ``refused``: a move the engine refuses, with its reason;
* ``still``: a table as it stands (the set-up, the scoring table at the end).

``show(rule_id)`` draws it (``teach.reference.rule_picture`` calls it); ``tests/teach/test_reference.py``
checks that each picture cites its rule and differs from every exercise's starting picture.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Dict, Mapping, Optional, Sequence

from ..core.errors import IllegalMove
from ..teach.reference import Shown, first_citing, panels, position_key
from . import from_scenario, new_game
from .moves import Discard, LastDiscard, Play
from .render_story import hunt_story
from .text import player_name

__all__ = ["TABLES", "PICTURES", "show"]

RED = 0


def _table(savannah: Sequence[str], red: Sequence[str], *, hands: Optional[Sequence[Sequence[str]]] = None,
           kills: Optional[Sequence[Sequence[str]]] = None, draw: Optional[Sequence[str]] = None,
           players: int = 2, bonus: Optional[Sequence[int]] = None, to_move: int = RED,
           **options) -> Callable[[], Any]:
    """Red (seat 0) holding ``red``, to move unless ``to_move`` says; ``"Zebra@1"`` is a Zebra with
    Blue's token."""
    def build():
        data: Dict[str, Any] = {"savannah": list(savannah), "to_move": to_move}
        if hands is not None:
            data["hands"] = [list(red)] + [list(h) for h in hands]
        else:
            data["holds"] = [list(red)] + [[] for _ in range(players - 1)]
        data["kill_piles"] = [list(k) for k in kills] if kills else [[] for _ in range(players)]
        if draw is not None:
            data["draw_pile"] = list(draw)
        if bonus is not None:
            data["bonus"] = list(bonus)
        return from_scenario(data, seed=0, players=players, **options)
    return build


#: The tables the pictures are drawn on.
TABLES: Dict[str, Callable[[], Any]] = {
    "new": lambda: new_game(players=3, seed=8),
    "lion": _table(["Zebra@1", "Warthog@1", "Jackal@1", "Impala@1"], ["Lion", "Zebra", "Gazelle"]),
    "leopard": _table(["Gazelle@1", "Zebra@0", "Wildebeest@1"], ["Leopard", "Impala", "Zebra"]),
    "maasai": _table(["Zebra@1", "Maasai@1", "Impala@1"], ["Leopard", "Giraffe", "Zebra"]),
    "hyena": _table(["Zebra@1", "Cheetah@1", "Impala@1"], ["Hyena", "Giraffe", "Wildebeest"]),
    "elephant": _table(["Zebra@1", "Jackal@1", "Hyena@1"], ["Elephant", "Gazelle", "Zebra"]),
    "cheetah": _table(["Gazelle@1", "Zebra@1", "Impala@0", "Wildebeest@1"], ["Cheetah", "Zebra", "Warthog"]),
    "giraffe": _table(["Zebra@1", "Lion@1", "Zebra@0", "Hyena@1"], ["Giraffe", "Gazelle", "Impala"]),
    "pack": _table(["Hyena@0", "Zebra@1", "Impala@1", "Wildebeest@1"], ["Wild dog", "Gazelle", "Zebra"]),
    "predator-last": _table(["Zebra@1", "Impala@1", "Hyena@1"], ["Lion", "Zebra", "Gazelle"]),
    "empty": _table([], ["Lion", "Zebra", "Maasai"]),
    "unplayable": _table(["Zebra@1", "Wildebeest@1", "Hyena@1"], ["Lion", "Cheetah", "Jackal"]),
    "tokens": _table(["Zebra@0", "Impala@0", "Gazelle@1"], ["Giraffe", "Zebra", "Warthog"], tokens=2),
    "last-card": _table(["Zebra@0", "Buffalo@1", "Impala@1"], ["Wildebeest", "Lion", "Warthog"],
                        hands=[["Hyena", "Giraffe", "Impala"]], draw=["Gazelle"]),
    "last-discards": _table(["Zebra@0", "Buffalo@1", "Impala@1", "Gazelle@0"], ["Lion", "Zebra", "Warthog"],
                            hands=[["Hyena", "Giraffe", "Impala"]], draw=[]),
    "scoring": _table(["Zebra@0", "Buffalo@1", "Giraffe@0", "Impala@1", "Maasai@1"], ["Lion", "Zebra"],
                      hands=[["Hyena", "Impala", "Gazelle"]], draw=[], to_move=1,
                      kills=[["Lion", "Leopard", "Elephant", "Buffalo", "Rhinoceros", "Gazelle"], ["Zebra", "Jackal"]],
                      bonus=[2, 0]),
    "tie": _table(["Zebra@0", "Zebra@1"], ["Impala", "Gazelle"], hands=[["Impala", "Gazelle", "Warthog"]], draw=[],
                  kills=[["Hyena", "Jackal"], ["Wildebeest", "Warthog"]], to_move=1),
    "rhino": _table(["Zebra@1", "Rhinoceros@1"], ["Rhinoceros", "Zebra", "Gazelle"]),
}


def _m(table: str, caption: str, cite: Optional[str] = None, settled: bool = False, **fields) -> dict:
    """``settled``: a third picture shows the savannah once the turn is over (gaps closed, group moved)."""
    return {"kind": "move", "table": table, "fields": fields, "caption": caption, "cite": cite, "settled": settled}


def _refused(table: str, card: str, targets: Sequence[Sequence[str]], caption: str) -> dict:
    return {"kind": "refused", "table": table, "card": card, "targets": [list(t) for t in targets],
            "caption": caption}


def _still(table: str, caption: str, viewer: Any = RED, scoring: bool = False) -> dict:
    return {"kind": "still", "table": table, "viewer": viewer, "scoring": scoring, "caption": caption}


#: rule id -> what its picture shows (see the module docstring)
PICTURES: Dict[str, dict] = {
    "circle.setup.players": _still("tokens", "Each player marks cards with tokens of one colour; with the option "
                                             "of 2 tokens each, Red's are both on the savannah.", viewer="all"),
    "circle.setup.savannah": _still("new", "A new game: six cards laid left to right as the starting savannah, "
                                           "with no tokens on them.", viewer=None),
    "circle.setup.hand": _still("new", "Each player is dealt 3 cards (all hands shown face up here); the rest "
                                       "is the draw pile.", viewer="all"),
    "circle.setup.turn-order": _still("new", "Turns go round in seat order from the first player, here Red.",
                                      viewer=None),
    "circle.turn.steps": _m("pack", "A whole turn: Red plays a Wild dog (A), it kills (B), Red draws (C) and the "
                                    "Hyena of its PACK gathers beside it (D).", cite="circle.reorder.group", settled=True,
                            card="Wild dog"),
    "circle.play.place-right": _m("giraffe", "The played card goes to the right-hand end of the savannah, with "
                                             "Red's token on it.", card="Giraffe"),
    "circle.play.restriction": _refused("rhino", "Rhinoceros", [],
                                        "Red tries to play a Rhinoceros beside another Rhinoceros: its placement "
                                        "rule, read on the savannah before it is placed, fails."),
    "circle.play.restriction-predator": _refused("predator-last", "Lion", [],
                                                 "A predator may not follow a predator: the Hyena is rightmost."),
    "circle.play.restriction-from-right": _refused("empty", "Lion", [],
                                                   "On an empty savannah the Lion, which needs a non-predator "
                                                   "among the rightmost 3, cannot be played."),
    "circle.play.must-play": _m("predator-last", "Red cannot play the Lion here but can play a Zebra or a "
                                                 "Gazelle, so Red must play one of them.",
                                cite="circle.play.place-right", card="Zebra"),
    "circle.play.unplayable-discard": _m("unplayable", "Red holds only predators and the rightmost card is a "
                                                       "predator: Red discards one card out of the game and draws.",
                                         kind="discard"),
    "circle.play.no-tokens": _m("tokens", "Playing with 2 tokens each: Red has none left, so the Giraffe goes "
                                          "down unmarked.", card="Giraffe"),
    "circle.hunt.order": _m("lion", "The Lion's actions are played top to bottom: first it kills 2, then it "
                                    "scares every Hyena and Jackal left in reach.", cite="circle.hunt.kill",
                            card="Lion", targets=["Warthog", "Impala", "Jackal"]),
    "circle.hunt.reach": _m("cheetah", "The Cheetah reaches 4 cards to its left: it can kill the Gazelle at the "
                                       "far end.", cite="circle.hunt.kill", card="Cheetah"),
    "circle.hunt.snapshot": _m("lion", "The Lion kills the Jackal with its first action, so its second action, "
                                       "which would scare it, finds nothing left to scare.",
                               cite="circle.hunt.kill", card="Lion", targets=["Warthog", "Jackal"]),
    "circle.hunt.verb": _m("hyena", "The Hyena chooses between its two actions: here it scares the Cheetah "
                                    "instead of killing.", cite="circle.hunt.scare", card="Hyena",
                           targets=["Cheetah"]),
    "circle.hunt.mandatory": _m("leopard", "The Leopard has targets in reach, so it must kill: even Red's own "
                                           "Zebra may be taken.", cite="circle.hunt.kill", card="Leopard"),
    "circle.hunt.count": _m("leopard", "The Leopard kills exactly 2 of the cards in reach, never more.",
                            cite="circle.hunt.kill", card="Leopard"),
    "circle.hunt.filter": _m("cheetah", "The Cheetah kills only an Impala or a Gazelle: the Zebra and the "
                                        "Wildebeest are not its prey.", cite="circle.hunt.kill", card="Cheetah"),
    "circle.hunt.kill": _m("leopard", "The Leopard's kills go to Red's kill pile.", card="Leopard"),
    "circle.hunt.scare": _m("elephant", "The Elephant scares every predator in reach: they leave the game.",
                            card="Elephant"),
    "circle.hunt.tokens-return": _m("elephant", "The tokens on the scared cards go back to their owner.",
                                    card="Elephant"),
    "circle.hunt.own-cards": _m("leopard", "The Leopard kills Red's own Zebra: cards with the player's own token "
                                           "are targets too.", cite="circle.hunt.kill", card="Leopard",
                                targets=["Zebra", "Wildebeest"]),
    "circle.special.giraffe": _m("giraffe", "The Giraffe sees 2 predators among the 3 cards to its left: 2 bonus "
                                            "points for Red.", card="Giraffe"),
    "circle.special.maasai-immune": _refused("maasai", "Leopard", [["Maasai", "Impala"]],
                                             "Red tries to kill the Maasai with the Leopard: the Maasai can never "
                                             "be taken."),
    "circle.draw.refill": _m("giraffe", "After hunting, Red draws one card: 3 in hand again.", card="Giraffe"),
    "circle.reorder.group": _m("pack", "The Wild dog is PACK: the Hyena to its left moves to sit right beside it.",
                               card="Wild dog"),
    "circle.reorder.close-gaps": _m("leopard", "The killed cards leave gaps that close up: the savannah is one "
                                               "line again.", cite="circle.hunt.kill", settled=True, card="Leopard"),
    "circle.end.trigger": _m("last-card", "Red draws the last card of the draw pile: the game ends with this "
                                          "turn.", card="Wildebeest"),
    "circle.end.last-discard": _m("last-discards", "The draw pile is empty: Red discards one last card, keeping "
                                                   "2 for the scoring.", kind="last-discard"),
    "circle.end.survivors": _m("scoring", "Blue's last discard ends the game and the scoring table appears: "
                                          "step 1 counts the level of each savannah card carrying the player's "
                                          "token.", kind="last-discard", card="Hyena"),
    "circle.end.hand-penalty": _m("scoring", "Step 2: each card left in hand costs its hand penalty.",
                                  kind="last-discard", card="Hyena"),
    "circle.end.maasai": _m("scoring", "Step 3: the Maasai is the rightmost card and carries Blue's token, so Blue "
                                       "loses 10.", kind="last-discard", card="Hyena"),
    "circle.end.kill-pile": _m("scoring", "Step 4: each card in a kill pile scores its level.",
                               kind="last-discard", card="Hyena"),
    "circle.end.big-five": _m("scoring", "Step 5: Red's kill pile holds a Lion, a Leopard, an Elephant, a Buffalo "
                                         "and a Rhinoceros: 25 more.", kind="last-discard", card="Hyena"),
    "circle.end.bonus-points": _m("scoring", "Step 6: the bonus points Red's Giraffe earned when it was played (2) "
                                             "are added.", kind="last-discard", card="Hyena"),
    "circle.end.total": _m("scoring", "The total: step 1, minus steps 2 and 3, plus steps 4, 5 and 6.",
                           kind="last-discard", card="Hyena"),
    "circle.end.winner": _m("scoring", "The highest total wins.", kind="last-discard", card="Hyena"),
    "circle.end.tie-break": _m("tie", "Red and Blue end on the same total; Red's kill pile holds 2 predators (a "
                                      "Hyena and a Jackal), Blue's none, so Red wins. Still tied, they would "
                                      "share the win.", kind="last-discard"),
}


# -- drawing ----------------------------------------------------------------------------------------------------

def _species(game, card_id: str) -> str:
    return game.catalogue.name[game.catalogue.index[card_id]]


def _matches(game, move, fields: Mapping[str, Any]) -> bool:
    kind = {Play: "play", Discard: "discard", LastDiscard: "last-discard"}[type(move)]
    if fields.get("kind", "play") != kind:
        return False
    if "card" in fields and _species(game, move.card) != fields["card"]:
        return False
    if "targets" in fields:
        taken = sorted(_species(game, t) for _b, targets in move.actions for t in targets)
        if taken != sorted(fields["targets"]):
            return False
    return True


_CARD_ID = re.compile(r" ?\(C\d{2,3}\)|C\d{2,3}, ")


def _words(message: str) -> str:
    """The engine's message without card ids ("Gazelle (C52, level 1)" -> "Gazelle (level 1)"): the
    pictures show species, not ids."""
    return _CARD_ID.sub("", message)


def _move_picture(rule_id: str, entry: dict) -> Shown:
    game = TABLES[entry["table"]]()
    cite = entry["cite"] or rule_id
    try:
        move, after, events, told = first_citing(game, cite, lambda m: _matches(game, m, entry["fields"]))
    except LookupError:
        raise LookupError(f"{rule_id}: no move on the table {entry['table']!r} with {entry['fields']} cites {cite}")
    what = {Play: "plays", Discard: "discards", LastDiscard: "discards"}[type(move)]
    seat = game.current_player
    before = game.scene(viewer=seat, highlights=[move.card], legend=False)
    story = hunt_story(game, move)
    shown = after.scene(viewer=seat, story=story, legend=False)
    parts = [(f"Before: {player_name(seat)} {what} the ringed {_species(game, move.card)}", before),
             ("During: the turn as it happened" if story else "After", shown)]
    if entry["settled"]:
        parts.append(("After: the savannah once the turn is over", after.scene(viewer=RED, legend=False)))
    scene = panels(parts, title=f"Circle of Life: {rule_id}", wide=1000)
    said = " ".join(dict.fromkeys(_words(e.message).rstrip(".") + "." for e in told))
    return Shown(scene, f"{entry['caption']} The engine: “{said}”", tuple(e.rule for e in events),
                 (position_key(game), position_key(after)))


def _refused_picture(rule_id: str, entry: dict) -> Shown:
    game = TABLES[entry["table"]]()
    st, cat = game.state, game.catalogue
    hand = st.hands[RED]
    card = next(cat.ids[c] for c in hand if cat.name[c] == entry["card"])
    used: set = set()
    actions = []
    for names in entry["targets"]:
        ids = []
        for name in names:
            cid = next(cat.ids[c] for c in st.row if cat.name[c] == name and cat.ids[c] not in used)
            used.add(cid)
            ids.append(cid)
        actions.append((0, tuple(sorted(ids))))
    move = Play(card, tuple(actions))
    try:
        game.copy().play(move)
    except IllegalMove as exc:
        scene = panels([(f"Tried: Red plays the ringed {entry['card']}",
                         game.scene(viewer=RED, highlights=[card] + sorted(used), legend=False))],
                       title=f"Circle of Life: {rule_id}")
        return Shown(scene, f"{entry['caption']} The engine: “{_words(str(exc.reason)).rstrip('.')}.”", (exc.rule_id,), (position_key(game),))
    raise LookupError(f"{rule_id}: Red may play {entry['card']} with {entry['targets']}")


def _still_picture(rule_id: str, entry: dict) -> Shown:
    game = TABLES[entry["table"]]()
    scene = game.scene(viewer=entry["viewer"], scoring=entry["scoring"], legend=False)
    return Shown(panels([("", scene)], title=f"Circle of Life: {rule_id}"), entry["caption"], (),
                 (position_key(game),))


_DRAW = {"move": _move_picture, "refused": _refused_picture, "still": _still_picture}


def show(rule_id: str) -> Shown:
    """The reference picture of ``rule_id`` (a ``KeyError`` for a rule with none)."""
    entry = PICTURES[rule_id]
    return _DRAW[entry["kind"]](rule_id, entry)
