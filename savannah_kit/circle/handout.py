"""The one-page rules summary of Circle of Life (its spec's ``teaching.handout``), laid out by
``savannah_kit.teach.handout``: the texts are the kit's own words, each citing its rules, and
the worked example is drawn and counted by the engine."""

from __future__ import annotations

from ..core.registry import game as registered_game
from ..core.scene import Circle, Polygon, Rect, Scene, Shape, Text
from ..teach.handout import (Callout, Figure, Handout, Item, Section, annotate, crop, hit_box, lead,
                             scaled, shape_box, shape_centre)
from . import from_scenario
from .render import card_shapes
from .text import COLOURS

#: The worked example: Red plays a Leopard (kill 2 cards of level 5 or less, reach 3) at the right end of
#: a savannah of four cards; a Cheetah of the same group (CATS) stands further left.
CIRCLE_EXAMPLE = {"savannah": ["Cheetah@1", "Elephant", "Impala@1", "Giraffe@1"],
                  "holds": [["Leopard", "Zebra", "Warthog"], []], "to_move": 0}
CIRCLE_CARD = "Leopard"


def circle_example_play(game):
    """The play of the worked example: the legal play of ``CIRCLE_CARD`` that kills the most levels
    (the first such, in the engine's order)."""
    cat = game.catalogue
    plays = [m for m in game.legal_moves() if getattr(m, "card", None) in cat.index
             and cat.name[cat.index[m.card]] == CIRCLE_CARD and hasattr(m, "actions")]
    return max(plays, key=lambda m: sum(cat.level[cat.index[t]] for _, ts in m.actions for t in ts))


def _circle_example():
    """The worked example: the savannah as the kit draws it, with the Leopard just placed at the right
    end (the snapshot its hunt counts on), the cards it kills ringed, labelled; the turn told by the engine."""
    game = from_scenario(CIRCLE_EXAMPLE)
    cat = game.catalogue
    move = circle_example_play(game)
    killed = [t for _, ts in move.actions for t in ts]
    after = game.copy()
    after.play(move)
    picture = game.scene(viewer=None, legend=False, highlights=tuple(killed))
    slot = next(s for s in picture.shapes if isinstance(s, Rect) and s.hit == "savannah:new")
    left, top, right, bottom = slot.x, slot.y, slot.x + slot.w, slot.y + slot.h

    def left_out(s: Shape) -> bool:
        """The empty slot's marks, and the words about the row: the Leopard now stands rightmost."""
        x0, y0, x1, y1 = shape_box(s)
        in_slot = x0 >= left - 1 and x1 <= right + 1 and y0 >= top - 1 and y1 <= bottom + 1
        return in_slot or (isinstance(s, Text) and (s.text == "rightmost" or s.text.startswith(
            ("Savannah:", "hunting reaches"))))

    picture = Scene(picture.width, picture.height, background=picture.background, title=picture.title,
                    shapes=[s for s in picture.shapes if not left_out(s)])
    leopard = cat.index[move.card]
    picture.add(*card_shapes(cat, leopard, left, top, owner=0, hit="card:" + move.card))
    x, y, w, h = hit_box(picture, ("card:",), margin=8)
    picture = crop(picture, x, y, w, h + 6)
    k = 366.0 / picture.width
    picture = scaled(picture, k)
    new = next(s for s in picture.shapes if isinstance(s, Rect) and s.hit == "card:" + move.card)
    first = min((s for s in picture.shapes if isinstance(s, Rect) and (s.hit or "").startswith("card:")),
                key=lambda s: s.x)  # the leftmost card: the left labels point at it, crossing nothing

    def on(card: Rect, kind, title: str) -> Shape:
        """The first shape of ``kind`` titled ``title...`` drawn on ``card``."""
        return next(s for s in picture.shapes if isinstance(s, kind) and (s.title or "").startswith(title)
                    and card.x <= shape_centre(s)[0] <= card.x + card.w)

    band = on(first, Circle, "group ")
    level = shape_box(on(first, Text, "level "))
    claw = on(new, Circle, "predator")
    token = next(s for s in picture.shapes if isinstance(s, Circle) and (s.title or "").startswith("Red's token"))
    star = max((s for s in picture.shapes if isinstance(s, Polygon) and s.title == "Big Five animal"
                and new.x <= shape_centre(s)[0] <= new.x + new.w), key=lambda s: shape_box(s)[2])
    ring = next(s for s in picture.shapes if isinstance(s, Rect) and s.style.stroke and s.style.width >= 3 * k
                and not s.hit)
    reach = cat.card_species[cat.index[first.hit[len("card:"):]]]
    arrows = first.y + 130 * k  # the first action's arrows (card_shapes: about 130 below the top)
    # every dot sits beside what it names, never on it: no letter, arrow or star is covered
    figure = annotate(picture, [
        Callout(band.cx - band.r - 1.5 * k, band.cy, "Group", "band, name and shape", "left"),
        Callout(level[0] - 2 * k, (level[1] + level[3]) / 2, "Level", "its points", "left"),
        Callout(first.x + 3 * k, arrows, f"Reach {_reach(reach)}", "arrows: how many cards to its left it "
                "hunts", "left"),
        Callout(shape_box(star)[2] + 1.5 * k, shape_centre(star)[1], "Big Five", "gold star"),
        Callout(claw.cx, claw.cy + claw.r + 2 * k, "Predator", "claw marks"),
        Callout(token.cx + token.r + 2 * k, token.cy, "Token", "whose card it is: Red's"),
        Callout(new.x + new.w - 2 * k, new.y + new.h * 0.8, "Played", "at the right end"),
        Callout(ring.x + ring.w - 2 * k, ring.y + ring.h - 3 * k, "Killed", "ringed here"),
    ], label_width=80, gap=7)
    names = [cat.name[cat.index[t]] for t in killed]
    points = sum(cat.level[cat.index[t]] for t in killed)
    row_after = ", ".join(cat.name[c] for c in after.state.row)
    owners = dict(zip(game.state.row, game.state.owners))
    home = sorted({owners[cat.index[t]] for t in killed if owners[cat.index[t]] >= 0})
    tokens = " and ".join(f"{COLOURS[p]}'s" for p in home)
    group = cat.card_species[leopard].group
    caption = (f"<b>Example.</b> Red plays the {CIRCLE_CARD} at the right end: kill 2 cards of level 5 or less "
               f"within 3 to its left. It kills the {names[0]} and the {names[1]} (ringed): "
               f"{' + '.join(str(cat.level[cat.index[t]]) for t in killed)} = <b>{points}</b> points in Red's kill "
               f"pile" + (f", and {tokens} token goes home" if home else "") + f". Red draws; then the {group} to "
               f"its left join it and the gaps close: {row_after}.")
    return figure, caption


def _reach(species) -> int:
    """The reach of a species' first action (its arrows on the card)."""
    return species.actions[0].reach


def handout() -> Handout:
    """The handout of Circle of Life."""
    example, example_caption = _circle_example()
    return Handout(
        title=registered_game("circle").title,
        lead=lead("circle", "Animals are played "
              "into a row, the savannah, and hunt the animals to their left. Score the cards you kill and the "
              "cards of yours that survive; collect the Big Five. The highest total wins."),
        top=(Figure(example, example_caption, width=540),),
        columns=((
            Section("Setup", (
                Item("Shuffle the 62 cards; lay 6 in a row as the savannah, without tokens (a Maasai drawn for "
                     "it goes back).", ("circle.setup.savannah",)),
                Item("Each player: tokens of one colour and a hand of 3 cards; the rest is the draw pile.",
                     ("circle.setup.players", "circle.setup.hand")),
                Item("Turns go round in seat order (a kit ruling).", ("circle.setup.turn-order",)),
            )),
            Section("Your turn", (
                Item("<b>Play</b> a card at the right end of the savannah, with your token on it.",
                     ("circle.turn.steps", "circle.play.place-right")),
                Item("<b>Hunt:</b> carry out its actions, top to bottom.", ("circle.hunt.order",)),
                Item("<b>Draw</b> back to 3 cards.", ("circle.draw.refill",)),
                Item("<b>Re-order:</b> the played card's group gathers beside it.", ("circle.reorder.group",)),
            ), style="steps"),
            Section("Playing a card", (
                Item("Its <b>placement rule</b> (foot of the card) must hold on the savannah before it is placed, "
                     "counted from the rightmost card.", ("circle.play.restriction",
                                                         "circle.play.restriction-from-right")),
                Item("No predator may follow a predator.", ("circle.play.restriction-predator",)),
                Item("You must play a card if you can. Can't? Discard one out of the game and draw.",
                     ("circle.play.must-play", "circle.play.unplayable-discard")),
            )),
            Section("Hunting", (
                Item("<b>Reach</b> r: only the r cards directly left of the played card.", ("circle.hunt.reach",)),
                Item("Only cards matching the action (species, group, predator, level).", ("circle.hunt.filter",)),
                Item("Exactly the number stated, 'all' = every match. Must be done if a target exists.",
                     ("circle.hunt.count", "circle.hunt.mandatory")),
                Item("<b>Kill</b>: into your kill pile. <b>Scare</b>: out of the game. Tokens go home.",
                     ("circle.hunt.kill", "circle.hunt.scare", "circle.hunt.tokens-return")),
                Item("Your own cards are targets too.", ("circle.hunt.own-cards",)),
                Item("<b>Snapshot:</b> taken cards keep their places until the hunt ends.",
                     ("circle.hunt.snapshot",)),
            )),
        ), (
            Section("Re-ordering", (
                Item("Cards of the played card's group to its left move, in order, next to it.",
                     ("circle.reorder.group",)),
                Item("Then the gaps close.", ("circle.reorder.close-gaps",)),
            )),
            Section("Special cards", (
                Item("+1 bonus point per predator among the 3 cards to its left, max 3.",
                     ("circle.special.giraffe",), term="Giraffe"),
                Item("never killed or scared. Rightmost at the end: its token's owner loses 10.",
                     ("circle.special.maasai-immune", "circle.end.maasai"), term="Maasai"),
            ), style="terms"),
            Section("The end", (
                Item("The turn that empties the draw pile is the last. Everyone discards 1 card, keeping 2.",
                     ("circle.end.trigger", "circle.end.last-discard")),
            )),
            Section("Scoring", (
                Item("<b>+</b> levels of your cards still on the savannah", ("circle.end.survivors",)),
                Item("<b>\u2212</b> penalties of the 2 cards in your hand", ("circle.end.hand-penalty",)),
                Item("<b>\u2212</b>10 if your token is on a rightmost Maasai", ("circle.end.maasai",)),
                Item("<b>+</b> levels of your kill pile", ("circle.end.kill-pile",)),
                Item("<b>+</b>25 for all of the Big Five in it", ("circle.end.big-five",)),
                Item("<b>+</b> bonus points (Giraffe)", ("circle.end.bonus-points",)),
            ), style="steps"),
            Section("", (
                Item("Highest total wins. Tie: most predators killed; still tied, share the win (a kit ruling).",
                     ("circle.end.total", "circle.end.winner", "circle.end.tie-break")),
            ), style="note"),
            Section("Kit rulings", (
                Item("<i>Points the rulebook leaves open, as the kit decides them.</i>"),
                Item("On an empty savannah a placement rule that forbids something holds, one that requires "
                     "something fails.",
                     ("circle.play.restriction-from-right",)),
                Item("Each action names its verb; a 'choose' action must take a branch with a target if "
                     "one has.", ("circle.hunt.verb", "circle.hunt.mandatory")),
                Item("Tokens never run out; with the option tokens=N, a player with none left plays "
                     "unmarked cards.", ("circle.play.no-tokens",)),
                Item("The card values (levels, actions, placement rules, penalties) are the kit's own.",
                     ("circle.hunt.filter",)),
            )),
        )),
        footer=("Circle of Life: on the Savannah is played on Board Game Arena. This summary is savannah_kit's, in "
                "its own words; the card values are the kit edition's.",
                "A kit ruling is the kit's reading of a point the rulebook leaves open: "
                "notebooks/reference/circle_rules.ipynb#kit-rulings explains each."),
    )
