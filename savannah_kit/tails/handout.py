"""The one-page rules summary of Savannah Tails (its spec's ``teaching.handout``), laid out by
``savannah_kit.teach.handout``: the texts are the kit's own words, each citing its rules, and
the worked example is drawn and counted by the engine."""

from __future__ import annotations

import re

from ..core.registry import game as registered_game
from ..core.scene import Polygon
from ..teach.handout import (Callout, Figure, Handout, Item, Section, annotate, crop, find_point, hit_point,
                             lead, row, shape_box)
from . import from_scenario
from .data import BONUS_NAMES, BONUS_PAIRS
from .describe import board_words

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
    end = hit_point(picture, "space:" + move.to)
    tree = find_point(picture, "T05: the baobab")
    red, row = hit_point(picture, "space:T05:red:0"), hit_point(picture, "space:T07:red:4")
    gap = hit_point(picture, "space:T05:black:0")[1] - hit_point(picture, "space:T05:yellow:0")[1]
    token = next(shape_box(sh) for sh in picture.shapes if sh.hit == "ostrich:red")
    # each dot sits beside what it names and each leader runs between the lanes: no footprint,
    # letter or ring is covered
    figure = annotate(picture, [
        Callout(*tree, "Baobab", "ties in a row: nearest lane ahead", "left"),
        Callout(red[0] - gap * 0.3, red[1], "Lane", "4 colours, side by side", "left"),
        Callout(token[0] + 4, token[1] + 4, "Red, 2nd", "starts on yellow", "left"),
        Callout(row[0], row[1] + gap * 0.5, "Row", "level spaces across lanes"),
        Callout(end[0], end[1] + gap * 0.32, "End of the move", f"{TAILS_CARD.replace('-', ' ')} + {place} bonus"),
    ], label_width=92, gap=7)
    caption = (f"<b>Example.</b> Red is {place}{'st' if place == 1 else 'nd' if place == 2 else 'rd'} in the race "
               f"and stands on the yellow lane. The card yellow {value} is yellow too, so Red gets bonus movement: "
               f"{value} + {place} = <b>{value + place}</b> spaces, all along yellow, to the first yellow space of "
               f"the next tile (ringed).")
    return figure, caption


#: Two small examples for page 2: a move cut short by an ostrich in the way, and the end of a race.
TAILS_BLOCKED = {"course": [["T01", "easy"], ["T05", "easy"], ["T06", "easy"], ["T02", "easy"]],
                 "ostriches": [{"space": "T05:yellow:0", "hand": ["yellow-4", "red-3", "blue-5", "black-2"]},
                               {"space": "T05:yellow:3", "holds": []}, {"space": "T05:red:1", "holds": []}],
                 "turn_order": [0, 1, 2], "to_move": 0}
TAILS_FINISH = {"course": [["T01", "easy"], ["T05", "easy"], ["T06", "easy"], ["T02", "easy"]],
                "ostriches": [{"space": "T02:blue:4", "hand": ["red-2"]}, {"space": "T02:red:3", "holds": []},
                              {"space": "T02:black:3", "holds": []}],
                "turn_order": [0, 1, 2], "to_move": 0}
NAMES = ("Red", "Purple", "Green")
FINISH_ROW = 2  # the finish line lies after row 2 of the finish tile (counted from 0)


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _tile(game, tile: str, **options):
    """One tile of the race, cropped from the viewer's picture."""
    picture = game.scene(viewer=0, hand=False, players=False, legend=False, **options)
    box = next(shape_box(sh) for sh in picture.shapes if isinstance(sh, Polygon)
               and (sh.title or "").startswith(f"{tile}: "))
    return crop(picture, box[0] - 1, box[1] - 12, box[2] - box[0] + 2, box[3] - box[1] + 14)


def _blocked_example():
    """A move cut short: the engine finds where it stops."""
    game = from_scenario(TAILS_BLOCKED)
    card = TAILS_BLOCKED["ostriches"][0]["hand"][0]
    move = next(m for m in game.legal_moves() if m.card == card and m.kind == "normal")
    place, value = game.race_position(0), int(card.split("-")[1])
    caption = (f"<b>Blocked.</b> Red ({_ordinal(place)}) plays yellow {value} on the yellow lane: bonus movement, "
               f"{value} + {place} = {value + place} steps along yellow. Purple stands in the way, so the move is "
               f"cut short: Red stops right behind it, on {board_words(move.to)} (ringed).")
    return Figure(_tile(game, "T05", highlights=(move.to,)), caption, width=200)


def _finish_example():
    """The end of a race: the engine's race order is the result."""
    game = from_scenario(TAILS_FINISH)
    past = {p: int(o["space"].split(":")[2]) - FINISH_ROW for p, o in enumerate(TAILS_FINISH["ostriches"])}
    order = sorted(past, key=game.race_position)
    tied = [p for p in order if list(past.values()).count(past[p]) > 1]
    caption = ("<b>The end.</b> " + ", ".join(f"{NAMES[p]} is {past[p]} past the line" for p in order) + ". "
               + (f"{NAMES[tied[0]]} and {NAMES[tied[1]]} tie; {NAMES[tied[0]]}'s lane is nearer the baobab. "
                  if len(tied) == 2 else "") + f"{NAMES[order[0]]} wins.")
    return Figure(_tile(game, "T02"), caption, width=200)


#: The hard sides: two strips of tiles laid hard side up, one ostrich on each strip's first tile (the
#: viewer the strip is drawn around; left out of the picture).
TAILS_HARD = {"course": [["T01", "easy"], ["T05", "hard"], ["T06", "hard"], ["T07", "hard"], ["T09", "hard"],
                         ["T11", "hard"], ["T12", "hard"], ["T13", "hard"], ["T10", "hard"], ["T02", "easy"]],
              "ostriches": [{"space": "T06:red:1", "hand": ["red-2"]}, {"space": "T12:red:1", "holds": []}],
              "turn_order": [0, 1], "to_move": 0}
TILE = re.compile(r"T\d\d: (straight|corner)")  # a tile's outline, by its tooltip
#: what each callout points at: (space, label, side, strip, where), a name only (the table under the
#: picture says what each does): the dot goes in the gap
#: between the lanes "below" or "above" the feature, so that every leader runs between two lanes and
#: covers no footprint (the rope bridge: left of its gorge, between the red and blue lanes)
HARD_CALLOUTS = (
    ("T05:bridge:0", "Rope bridge", "left", 0, "gorge"),
    ("T09:red:4", "Water hole", "right", 0, "above"),
    ("T07:black:4", "Dune arrow", "right", 0, "above"),
    ("T09:blue:2", "Crocodile", "right", 0, "above"),
    ("T06:blue:4", "Lion", "right", 0, "below"),
    ("T11:blue:2", "Cheetah", "left", 1, "below"),
    ("T12:black:3", "Warthog", "left", 1, "above"),
    ("T10:red:3", "Quicksand", "right", 1, "below"),
    ("T13:blue:4", "Porcupine", "right", 1, "below"),
)


def _hard_sides():
    """Tiles laid hard side up, as the kit draws them, every feature named once."""
    game = from_scenario(TAILS_HARD)
    strips = []
    for viewer in (0, 1):
        picture = game.scene(viewer=viewer, hand=False, players=False, legend=False, places=False)
        picture.shapes = [sh for sh in picture.shapes if "'s ostrich" not in (sh.title or "")]
        tiles = [shape_box(sh) for sh in picture.shapes if isinstance(sh, Polygon) and TILE.match(sh.title or "")]
        x0, y0 = min(b[0] for b in tiles) - 1, min(b[1] for b in tiles) - 12  # room for the baobabs
        strips.append(crop(picture, x0, y0, max(b[2] for b in tiles) + 1 - x0, max(b[3] for b in tiles) + 6 - y0))
    both = row(*strips, gap=10, vertical=True, background=None)
    dy = strips[0].height + 10
    callouts = []
    for space, label, side, strip, where in HARD_CALLOUTS:
        picture = strips[strip]
        tile = space.split(":")[0]
        red, blue = (hit_point(strips[0], f"space:T06:{lane}:0") for lane in ("red", "blue"))
        half = (blue[1] - red[1]) / 2  # half the distance between two lanes
        if where == "gorge":
            gorge = next(shape_box(sh) for sh in picture.shapes if (sh.title or "").startswith("a gorge"))
            x, y = gorge[0] - 2, hit_point(picture, f"space:{tile}:red:0")[1] + half
        else:
            x, y = hit_point(picture, "space:" + space)
            y += half if where == "below" else -half
        callouts.append(Callout(x, y + dy * strip, label, "", side))
    return annotate(both, callouts, label_width=110, gap=8, size=15)


def handout() -> Handout:
    """The handout of Savannah Tails: every rule of the game, on two pages."""
    example, example_caption = _tails_example()
    pairs = "; ".join(" or ".join(BONUS_NAMES[f] for f in pair) for pair in BONUS_PAIRS)
    return Handout(
        title=registered_game("tails").title,
        lead=lead("tails", "An ostrich race on a track of "
              "four coloured lanes. Each turn play a card: its number is how far you move, its colour the lane "
              "you end on. The ostrich furthest past the finish line wins."),
        band_note="Rules on two pages",
        top=(Figure(example, example_caption, width=540),),
        columns=((
            Section("Setup", (
                Item("Lay a course of tiles: the start, straights and corners, the finish; each tile easy or "
                     "hard side up. About 14 tiles and 3 water holes make a good race.",
                     ("tails.setup.course", "tails.setup.course-advice")),
                Item("Each player: an ostrich, a deck of 20 movement cards (one per lane colour and number "
                     "2\u20136), shuffled, a hand of 4 from it.", ("tails.setup.player-kit", "tails.setup.hand")),
                Item(f"Everyone uses the same face of each of the 3 bonus cards ({pairs}: the kit's pairs). "
                     "Markers start in a common pile: none is on a card yet.",
                     ("tails.setup.bonus-faces", "tails.setup.markers")),
                Item("Pick a starting order (longest neck first, or at random). The ostriches wait behind the "
                     "start line in that order.", ("tails.setup.start-order", "tails.setup.start-line")),
            )),
            Section("A round", (
                Item("Everyone takes one turn, in <b>race order</b> as it stands when the round begins; the order "
                     "stays fixed for the round (a kit ruling). Round 1 follows the starting order.",
                     ("tails.order.turn-sequence", "tails.order.first-round")),
                Item("<b>Your turn:</b> play a card face up on your discard pile, move, then draw 1 card. An "
                     "empty deck? Shuffle your discard pile into a new one.",
                     ("tails.turn.steps", "tails.turn.play-card", "tails.draw.one", "tails.draw.reshuffle")),
            ), style="steps"),
            Section("Who is ahead?", (
                Item("Further along the course is ahead, whatever the lane.", ("tails.order.race-position",)),
                Item("Level in a row: the lane nearest the tile's <b>baobab</b> is ahead.",
                     ("tails.order.level-baobab",)),
                Item("On a corner, compare its 3 <b>sections</b>; in one section the inner lane is ahead.",
                     ("tails.order.corner-sections",)),
            )),
            Section("Moving", (
                Item("A card gives a number (the points) and a colour (the <b>card lane</b>). Use "
                     "<b>exactly</b> its points, one per step, and <b>end on the card lane</b>.",
                     ("tails.move.card", "tails.move.exact-distance", "tails.move.end-on-card-colour")),
                Item("A step goes straight on or diagonally forward along a guide line. Each lane change must "
                     "bring you nearer the card lane; when you change is up to you.",
                     ("tails.move.links", "tails.move.toward-target-lane", "tails.move.free-lane-timing")),
                Item("<b>Bonus movement:</b> a card of the lane you start on moves its value + your place in "
                     "the race (1st +1, 2nd +2...), never changing lane. (The kit also offers a variant: always "
                     "+2.)",
                     ("tails.move.bonus-movement", "tails.move.bonus-no-lane-change",
                      "tails.move.bonus-flat-variant")),
                Item("From behind the start line you stand on no lane, so no bonus movement (a kit ruling).",
                     ("tails.move.start-line",)),
                Item("<b>One-space move:</b> any card may move you just 1 step, straight on or diagonally "
                     "forward, ending on any colour; no bonus (a kit ruling: the rulebook says any direction).",
                     ("tails.move.one-space-any-card", "tails.move.one-space-no-bonus")),
            )),
        ), (
            Section("Blocked", (
                Item("Never enter an ostrich's space: no passing, no jumping, no sharing.",
                     ("tails.move.no-pass-through",)),
                Item("No full route to the card lane? Stop short, on the card lane, as far as you can get.",
                     ("tails.move.blocked-stop",)),
                Item("No card allows any move, not even one space? Play a card and stay put (a kit ruling).",
                     ("tails.move.fully-blocked",)),
            )),
            Section("Water holes and bonus cards", (
                Item("Each water hole your move enters (on the way or at the end) puts one of your markers on a "
                     "bonus card of yours with none. The space you start on does not count.",
                     ("tails.water.gain-marker", "tails.water.count")),
                Item("A marked card works from your next turn on, once, then leaves the game. Several different "
                     "ones may be used in one turn (a kit ruling).",
                     ("tails.water.next-turn", "tails.bonus.consumed", "tails.bonus.combine")),
                Item("The animals and the terrain of the tiles' hard sides: <b>page 2</b>."),
            )),
            Section("The six bonus faces", (
                Item("Move through ostriches, animals and quicksand for one move; the end space must be free "
                     "(a kit ruling).", ("tails.bonus.boinnnggg",), term="Boinnnggg"),
                Item("After your move, jump over the ostriches right ahead on your lane to the first free space; "
                     "not onto an animal. It counts as where you stop (a kit ruling).",
                     ("tails.bonus.leapfrog", "tails.bonus.leapfrog-no-animal", "tails.bonus.leapfrog-landing"),
                     term="Leapfrog"),
                Item("Instead of a card: a 4 of a colour you name. No draw that turn.",
                     ("tails.bonus.crazy-wings",), term="Crazy Wings"),
                Item("Instead of a card: move with the top card of your discard pile again (not while it is "
                     "empty). No draw that turn.", ("tails.bonus.deja-vu", "tails.bonus.deja-vu-empty"),
                     term="D\u00e9j\u00e0 vu"),
                Item("Works at once: draw 1 more that turn; hand of 5 while you keep it (never used up).",
                     ("tails.bonus.bird-brain", "tails.draw.hand-size"), term="Bird Brain"),
                Item("After your move, you may take 2 more steps along your lane.", ("tails.bonus.neck-stretch",),
                     term="Neck Stretch"),
            ), style="terms"),
            Section("The end", (
                Item("When an ostrich crosses the finish line, the round is played out and the race ends.",
                     ("tails.end.trigger",)),
                Item("Count the spaces each ostrich is past the line, along its lane: furthest wins. A tie goes "
                     "to the lane nearest the finish tile's baobab.",
                     ("tails.end.distance", "tails.end.winner", "tails.end.tie-baobab")),
            )),
        )),
        second_top=(Figure(_hard_sides(), "<b>Hard sides.</b> Tiles laid hard side up, as the kit draws them. "
                           "Every animal and terrain is named once; the table below says what each does."),),
        second_columns=((
            Section("Terrain of the hard sides", (
                Item("costs 2 points to enter; a one-space move may not enter it.",
                     ("tails.quicksand.cost", "tails.quicksand.one-space"), term="Quicksand"),
                Item("ending on an arrow shifts you 1 space along your lane, forward or back. An arrow reached "
                     "so is ignored, and so is one pointing at an ostrich, lion or crocodile.",
                     ("tails.dune.arrow", "tails.dune.no-chain", "tails.dune.blocked"), term="Dune"),
                Item("one space per row for all lanes. Any card may end there; no bonus movement from it; step "
                     "off onto the card lane. Its other rows take the baobab side of the tile they adjoin.",
                     ("tails.bridge.single-file", "tails.bridge.any-colour", "tails.bridge.no-bonus",
                      "tails.bridge.exit-lane", "tails.bridge.order"), term="Rope bridge"),
                Item("a '2' card may <b>tiptoe</b>: ignore every animal and quicksand for the turn (your "
                     "choice, a kit ruling).", ("tails.tiptoe.ignore",), term="Tiptoe"),
            ), style="terms"),
            _blocked_example(),
        ), (
            Section("Animals of the hard sides", (
                Item("may not be entered.", ("tails.animal.lion",), term="Lion"),
                Item("may be crossed, never ended on.", ("tails.animal.crocodile",), term="Crocodile"),
                Item("each one entered costs you a bonus card, marked ones first; its marker goes back.",
                     ("tails.animal.cheetah", "tails.animal.cheetah-marker"), term="Cheetah"),
                Item("entering one ends your move there at once, even off the card lane (a kit ruling).",
                     ("tails.animal.porcupine",), term="Porcupine"),
                Item("at the end of the turn, discard your whole hand and draw a new one instead of the usual "
                     "draw.", ("tails.animal.warthog", "tails.animal.warthog-replaces-draw"), term="Warthog"),
            ), style="terms"),
            Section("After the steps, in this order", (
                Item("Neck Stretch, then Leapfrog, then the dune arrow, then cheetah discards, then the draw "
                     "(warthog, Bird Brain), then discard down to your hand size (a kit ruling).",
                     ("tails.bonus.end-of-move-order",)),
            ), style="note"),
            _finish_example(),
        )),
        footer=("Savannah Tails is a board game about racing ostriches. This summary is savannah_kit's, in its own "
                "words; the track tiles are the kit's own.",
                "A kit ruling is the kit's reading of a point the rulebook leaves open: "
                "notebooks/reference/tails_rules.ipynb#kit-rulings explains each."),
    )
