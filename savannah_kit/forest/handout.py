"""The one-page rules summary of Savernake Forest (its spec's ``teaching.handout``), laid out by
``savannah_kit.teach.handout``: the texts are the kit's own words, each citing its rules, and
the worked example is drawn and counted by the engine."""

from __future__ import annotations

from ..core.registry import game as registered_game
from ..core.scene import Circle, Line, Polygon, Rect, Scene, Text, text
from ..teach.handout import (LABEL_SIZE, Callout, Figure, Handout, Item, Section, annotate, crop, find_point, hit_box,
                             lead, nearest, row, shape_box)
from . import from_scenario
from .card_shapes import CardFace, card_shapes, food_shapes, text_width
from .data import FOOD_PLURALS, FOODS, kit_catalogue
from .render import card_scene, forest_scene

#: The worked example: the Fox of the rulebook's scoring example on its path (worm, nut, egg,
#: egg, worm), with one lair token and a water drop on its egg corner, as in the card anatomy.
FOREST_EXAMPLE = {"forests": ["A01@0,1r0[lair=1;water=egg] P16@0,0r0 P06@1,0r0 P22@2,0r90",
                              "A02@0,0r0 P01@1,0r0 P02@2,0r0 P03@3,0r0"], "pawn": 1}
FOREST_ANIMAL, FOREST_PATH = "A01", "P42"  # the Fox; a curve with a berry and a dead end with a worm


def _forest_anatomy(size: float = 104.0, label_width: float = 96.0) -> Scene:
    """An animal card (with a lair token and a water drop) and a path card, drawn by the kit and
    labelled; under them, the four foods."""
    cat = kit_catalogue()
    fox = Scene(size + 8, size + 8, background=None, title=str(cat.card(FOREST_ANIMAL)))
    fox.add(*card_shapes(cat, FOREST_ANIMAL, 0, 4, 4, CardFace(size), lairs=1, water=("egg",)))
    den = next(s for s in fox.shapes if isinstance(s, Circle) and (s.title or "").startswith("den:"))
    store = next(s for s in fox.shapes if isinstance(s, Text) and (s.title or "").startswith("storage"))
    worm = nearest(fox, find_point(fox, "worms:"), Text)  # the worm corner's value
    wet = nearest(fox, find_point(fox, "water drop", Polygon), Rect, smaller_than=size / 2)  # its corner
    # every dot sits just beside what it names (never on it) and every leader reaches its point
    # without crossing another part
    lair = shape_box(next(s for s in fox.shapes if isinstance(s, Rect) and (s.title or "").startswith("1 lair token")))
    nut = shape_box(nearest(fox, find_point(fox, "nuts:"), Polygon))
    animal = annotate(fox, [
        Callout(den.cx - 0.04 * size, 4 + size * 0.3, "Path stub", "its path starts here", "left"),
        Callout(lair[0] - 1.5, (lair[1] + lair[3]) / 2, "Lair token", "armadillo: +1 storage", "left"),
        Callout(nut[0] - 1.5, (nut[1] + nut[3]) / 2, "Grey food", "worth nothing to it", "left"),
        Callout(shape_box(worm)[2] + 2, worm.y, "Food corner", "worm: 1 point to it"),
        Callout(shape_box(store)[2] + 3, store.y, "Storage", "\u25a23: stores 3 foods"),
        Callout(den.cx + den.r * 0.87, den.cy + den.r * 0.5, "Den", "its own points"),
        Callout(wet.x + wet.w, wet.y + wet.h / 2, "Water drop", "goat: eggs +1 for it"),
    ], label_width=label_width, gap=7)
    card = card_scene(FOREST_PATH, 0, size)
    card.background = None
    berry = shape_box(next(s for s in card.shapes if isinstance(s, Circle) and (s.title or "").startswith("berry")))
    dead = shape_box(next(s for s in card.shapes if isinstance(s, Line) and (s.title or "").startswith("dead end")))
    path = annotate(card, [
        Callout(4 + size - 2, 4 + size / 2, "Path end", "joins a path end of the next card"),
        Callout(berry[2] + 1.5, (berry[1] + berry[3]) / 2, "Food", "met in walking order"),
        Callout(dead[2] + 1.5, (dead[1] + dead[3]) / 2, "Dead end", "the path stops here"),
    ], label_width=label_width, gap=7)
    head = "The four foods, told apart by shape:"
    x0 = text_width(head, LABEL_SIZE, bold=True) + 10
    foods = Scene(x0 + 4 * 56, 16, background=None)
    foods.add(text(0, 8, head, size=LABEL_SIZE, anchor="start", bold=True))
    for i, name in enumerate(FOODS):
        x = x0 + i * 56
        foods.add(*food_shapes(name, x + 7, 8, 6), text(x + 17, 8, name, size=LABEL_SIZE, anchor="start"))
    return row(row(animal, path, gap=10, background=None), foods, gap=4, vertical=True)


def _forest_example():
    """The worked example: the Fox's forest as the kit draws it, and its score from the engine."""
    game = from_scenario(FOREST_EXAMPLE)
    fox = game.score_breakdown(0).animal("Fox")
    met = ", ".join(step.food for step in fox.path)
    stored = [step for step in fox.path if step.stored]
    passed = [step.food for step in fox.path if not step.stored]
    sums = " + ".join(str(step.value) for step in stored)
    wet = ", ".join(FOOD_PLURALS[FOODS.index(food)] for food in fox.water)
    caption = (f"<b>Example.</b> The {fox.name} (storage {fox.capacity} + {fox.lairs} lair) meets {met}. "
               f"It stores the first {len(stored)} (gold rings)"
               + (f", not the last {passed[-1]}" if passed else "")
               + f": {sums} = {fox.food_points}" + (f" (water drop on {wet})" if wet else "")
               + f" + {fox.own_points} own points "
               f"= <b>{fox.food_points + fox.own_points}</b>.")
    picture = forest_scene(game, 0, highlights=())
    return crop(picture, *hit_box(picture, ("card:", "animal:"), margin=3)), caption


def handout() -> Handout:
    """The handout of Savernake Forest."""
    example, example_caption = _forest_example()
    return Handout(
        title=registered_game("forest").title,
        lead=lead("forest", "Grow a forest of 16 cards in a "
              "4\u00d74 square. Each animal walks the path from its den and stores the foods it meets; stored "
              "foods and the animals' own points score. Highest total wins."),
        top=(
            Section("Card anatomy", ()),
            Figure(_forest_anatomy(), "Kit edition cards, as the kit draws them (the Fox is the rulebook's "
                   "example animal). Two paths on a card never touch."),
        ),
        columns=((
            Section("Setup", (
                Item("Two shuffled face-down decks: animal cards, path cards.",
                     ("forest.setup.decks",)),
                Item("Everyone starts with the top animal card, turned at will.",
                     ("forest.setup.starting-animal",)),
                Item("15 lair tokens and 15 water drops make the supply. A random player starts, with the "
                     "1st-player pawn.", ("forest.setup.supply", "forest.setup.first-player")),
            )),
            Section("A round", (
                Item("<b>Fill the board:</b> an animal card at the rabbit, a path card at each of the "
                     "rooster, the armadillo and the goat.", ("forest.round.market",)),
                Item("<b>Turns:</b> the pawn holder first, then clockwise.", ("forest.round.order",)),
                Item("<b>On your turn</b> take one card left on the board, get its advisor's gift, and place "
                     "the card in your forest. No refills mid-round.",
                     ("forest.turn.take", "forest.turn.no-refill")),
                Item("<b>Round end:</b> when all have played, leftovers (2\u20133 players) are discarded "
                     "and the board is filled again.", ("forest.round.leftovers",)),
            ), style="steps"),
            Section("The four advisors", (
                Item("Its card is an animal card: the only way to get more animals.",
                     ("forest.advisor.rabbit",), term="Rabbit"),
                Item("The 1st-player pawn comes with its card; the new order starts next round. (Card "
                     "not taken: the pawn stays.)", ("forest.advisor.rooster", "forest.advisor.rooster-timing",
                                "forest.advisor.rooster-untaken"), term="Rooster"),
                Item("Also put a lair token on one of your animals: +1 storage. Tokens stack.",
                     ("forest.advisor.armadillo", "forest.advisor.armadillo-stack"), term="Armadillo"),
                Item("Also put a water drop on a free food corner of one of your animals: that food +1 "
                     "(no free corner: it goes back).", ("forest.advisor.goat",
                     "forest.advisor.goat-corner-limit", "forest.advisor.goat-no-corner"), term="Goat"),
            ), style="terms"),
            Section("Placing a card", (
                Item("<b>Touch</b> a card of your forest along an edge.", ("forest.place.adjacent",)),
                Item("<b>Stay in the square:</b> the forest fits in 4\u00d74 cells.", ("forest.place.4x4",)),
                Item("<b>Turn it</b> any of 4 ways, animal cards too.", ("forest.place.rotation",)),
                Item("<b>Paths join</b> where both cards have a path end on the shared edge, but need not "
                     "continue.", ("forest.path.connect", "forest.place.free-paths")),
                Item("<b>One animal per path:</b> never link two animals' paths.",
                     ("forest.place.one-animal-per-path",)),
                Item("<b>Stuck?</b> If no card fits anywhere, place any card touching and in the square, "
                     "even linking animals (a kit ruling).", ("forest.place.forced",)),
            )),
        ), (
            Section("What an animal collects", (
                Item("It walks its path <b>outward from its den</b>, card after card, to the end, and meets "
                     "the foods in the order they lie along its walk.", ("forest.path.food-order",)),
                Item("It stores the <b>first foods it meets</b>, even worthless ones, up to its storage "
                     "(the card's number + 1 per lair token); then it walks on without storing.",
                     ("forest.score.collect-first", "forest.score.capacity")),
            )),
            Figure(example, example_caption, width=210),
            Section("Scoring", (
                Item("<b>Each stored food</b> scores its animal's value for it, +1 with a water drop on that "
                     "corner.", ("forest.score.food-value",)),
                Item("<b>Each animal</b> scores its own points; <b>the pawn holder</b> 1 more.",
                     ("forest.score.own-points", "forest.score.rooster-point")),
            )),
            Section("End of the game", (
                Item("The game ends when all forests hold 16 cards (15 rounds).", ("forest.end.trigger",)),
                Item("Animals sharing a path (forced placement): keep one, discard the others.",
                     ("forest.end.shared-path-cleanup",)),
                Item("Highest total wins; a tie goes to the tied player first met clockwise from the pawn "
                     "holder (the holder first).", ("forest.end.winner", "forest.end.tie-break")),
                Item("<b>Advanced, 2 players:</b> 8\u00d74 forests, 2 starting animals side by side, 2 cards "
                     "each a round; the board is filled as usual, so nothing is left over.",
                     ("forest.adv.8x4", "forest.adv.two-animals", "forest.adv.draft-order", "forest.adv.refill")),
            )),
        )),
        footer=("Savernake Forest is a game by Rodrigo Rego (Devir, 2023). This summary is savannah_kit's, in its "
                "own words; the card values are the kit edition's.",
                "A kit ruling is the kit's reading of a point the rulebook leaves open: "
                "notebooks/reference/forest_rules.ipynb#kit-rulings explains each."),
    )
