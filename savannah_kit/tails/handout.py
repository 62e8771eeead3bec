"""The one-page rules summary of Savannah Tails (its spec's ``teaching.handout``), laid out by
``savannah_kit.teach.handout``: the texts are the kit's own words, each citing its rules, and
the worked example is drawn and counted by the engine."""

from __future__ import annotations

from ..core.registry import game as registered_game
from ..teach.handout import (Callout, Figure, Handout, Item, Section, annotate, crop, find_point, hit_point, lead,
                             shape_box)
from . import from_scenario

#: The worked example: Red (2nd in the race) on the yellow lane of T05 plays yellow-3 and gets bonus
#: movement; Purple is ahead on T07, Green level with Red's start row.
TAILS_EXAMPLE = {"course": [["T01", "easy"], ["T05", "easy"], ["T07", "easy"], ["T02", "easy"]],
                 "ostriches": [{"space": "T05:yellow:1", "hand": ["yellow-3", "red-4", "blue-2", "black-5"]},
                               {"space": "T07:blue:2", "holds": []}, {"space": "T05:black:1", "holds": []}],
                 "turn_order": [0, 1, 2], "to_move": 0}
TAILS_CARD = "yellow-3"


def _tails_example():
    """The worked example: the tiles around Red as the kit draws them, the end of the move ringed
    and labelled, and the move told by the engine."""
    game = from_scenario(TAILS_EXAMPLE)
    move = next(m for m in game.legal_moves() if m.card == TAILS_CARD and m.kind == "normal")
    place = game.race_position(0)
    value = int(TAILS_CARD.split("-")[1])
    picture = game.scene(viewer=0, hand=False, players=False, legend=False, highlights=(move.to,))
    boxes = [shape_box(sh) for sh in picture.shapes if (sh.hit or "").startswith(("space:T05:", "space:T07:"))
             or (sh.title or "").startswith("T05: the baobab")]
    x0, y0 = min(b[0] for b in boxes) - 8, min(b[1] for b in boxes) - 8
    picture = crop(picture, x0, y0, max(b[2] for b in boxes) + 8 - x0, max(b[3] for b in boxes) + 14 - y0)
    start = hit_point(picture, "space:" + TAILS_EXAMPLE["ostriches"][0]["space"])
    end = hit_point(picture, "space:" + move.to)
    tree = find_point(picture, "T05: the baobab")
    lane = hit_point(picture, "space:T05:red:4")
    row = hit_point(picture, "space:T07:black:0")
    figure = annotate(picture, [
        Callout(*tree, "Baobab", "ties in a row: nearest lane ahead", "left"),
        Callout(*lane, "Lane", "4 colours, side by side", "left"),
        Callout(*start, "Red, 2nd", "starts on yellow", "left"),
        Callout(*row, "Row", "level spaces across lanes"),
        Callout(*end, "End of the move", f"{TAILS_CARD} + {place} bonus"),
    ], label_width=92, gap=7)
    caption = (f"<b>Example.</b> Red is {place}{'st' if place == 1 else 'nd' if place == 2 else 'rd'} in the race "
               f"and stands on the yellow lane. {TAILS_CARD} is yellow too, so it moves {value} + {place} = "
               f"<b>{value + place}</b> spaces, all along yellow, to {move.to} (ringed).")
    return figure, caption


def handout() -> Handout:
    """The handout of Savannah Tails."""
    example, example_caption = _tails_example()
    return Handout(
        title=registered_game("tails").title,
        lead=lead("tails", "An ostrich race on a track of "
              "four coloured lanes. Each turn play a card: its number is how far you move, its colour the lane "
              "you end on. The ostrich furthest past the finish line wins."),
        top=(Figure(example, example_caption, width=540),),
        columns=((
            Section("Setup", (
                Item("Lay a course of tiles: the start, straights and corners, the finish.",
                     ("tails.setup.course",)),
                Item("Each player: an ostrich, a deck of 20 movement cards (one per colour and number 2\u20136), "
                     "a hand of 4, three bonus cards.", ("tails.setup.player-kit", "tails.setup.hand",
                                                           "tails.setup.bonus-faces")),
                Item("All ostriches wait behind the start line.", ("tails.setup.start-line",)),
            )),
            Section("A round", (
                Item("Players move in <b>race order</b> as it stands when the round begins (kit ruling K1).",
                     ("tails.order.turn-sequence",)),
                Item("<b>Your turn:</b> play a card, move, then draw 1 card.",
                     ("tails.turn.steps", "tails.draw.one")),
            ), style="steps"),
            Section("Who is ahead?", (
                Item("Further along the course is ahead, whatever the lane.", ("tails.order.race-position",)),
                Item("Level in a row: the lane nearest the tile's <b>baobab</b> is ahead.",
                     ("tails.order.level-baobab",)),
                Item("On a corner, compare its 3 <b>sections</b>, not footprints.",
                     ("tails.order.corner-sections",)),
            )),
            Section("Moving", (
                Item("Use <b>exactly</b> the card's points, one per step, and <b>end on the card lane</b>.",
                     ("tails.move.exact-distance", "tails.move.end-on-card-colour")),
                Item("A step goes straight on or diagonally forward; lane changes only toward the card lane.",
                     ("tails.move.links", "tails.move.toward-target-lane")),
                Item("<b>Bonus movement:</b> a card of the lane you start on moves its value + your race "
                     "position, without changing lane. None from the start line (K2).",
                     ("tails.move.bonus-movement", "tails.move.bonus-no-lane-change", "tails.move.start-line")),
                Item("<b>One-space move:</b> any card may move just 1 step, no bonus.",
                     ("tails.move.one-space-any-card", "tails.move.one-space-no-bonus")),
            )),
        ), (
            Section("Blocked", (
                Item("Never enter an ostrich's space: no passing, no jumping.", ("tails.move.no-pass-through",)),
                Item("No full route to the card lane? Stop short, on the card lane, as far as you can.",
                     ("tails.move.blocked-stop",)),
                Item("Stay put only if no card allows any move (K3).", ("tails.move.fully-blocked",)),
            )),
            Section("Water holes and bonus cards", (
                Item("Each water hole a move enters (on the way or at the end) puts your marker on a bonus card.",
                     ("tails.water.gain-marker", "tails.water.count")),
                Item("A marked card may be used from your next turn on, once; then it leaves the game.",
                     ("tails.water.next-turn", "tails.bonus.consumed")),
                Item("Through ostriches and animals for one move.", ("tails.bonus.boinnnggg",), term="Boinnnggg"),
                Item("Instead of a card: a 4 of a colour you name.", ("tails.bonus.crazy-wings",),
                     term="Crazy Wings"),
                Item("Hand of 5 while you keep it.", ("tails.bonus.bird-brain",), term="Bird Brain"),
            ), style="terms"),
            Section("Hard sides of the tiles", (
                Item("costs 2 points to enter.", ("tails.quicksand.cost",), term="Quicksand"),
                Item("may not be entered.", ("tails.animal.lion",), term="Lion"),
                Item("may be crossed, never ended on.", ("tails.animal.crocodile",), term="Crocodile"),
                Item("ends your move at once (K7).", ("tails.animal.porcupine",), term="Porcupine"),
                Item("a '2' card may ignore animals and quicksand (K8).", ("tails.tiptoe.ignore",),
                     term="Tiptoe"),
            ), style="terms"),
            Section("The end", (
                Item("When an ostrich crosses the finish line, the round is finished and the race ends.",
                     ("tails.end.trigger",)),
                Item("Furthest past the line wins; a tie goes to the lane nearest the finish tile's baobab.",
                     ("tails.end.winner", "tails.end.tie-baobab")),
            )),
        )),
        footer=("Savannah Tails is a board game about racing ostriches. This summary is savannah_kit's, in its own "
                "words; the track tiles are the kit's own.",
                "Grey ids are the kit's rule ids: savannah-kit rules show tails.move.bonus-movement"),
    )
