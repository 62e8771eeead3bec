"""The kit rulings of each game, explained for learners: the reference's "Kit rulings" section.

A kit ruling is a point the rulebook leaves open, or that it lets be read two ways, which the kit
had to settle to play the game. The rule index cites each one in a rule's ``section`` (``kit ruling
K6``, ``decision A3``; ``decision data`` for card texts the kit wrote itself). Here each has its
label, a short title and a plain explanation: what the rulebook says or leaves open, what the kit
does. ``label(part)`` turns a section part into the label shown to learners.
"""

from __future__ import annotations

import re
from typing import Dict, Optional, Tuple

__all__ = ["RULINGS", "label", "labels_explained"]

_PART = re.compile(r"\b(?:kit ruling (K\d+)|decision ([A-D]\d+)|decision (data))\b")

_READING = {"tails": "A", "circle": "B", "forest": "D"}


def labels_explained(game: str) -> str:
    """What the ruling labels of ``game``'s reference mean, in one paragraph."""
    letter = _READING.get(game, "")
    reading = (f"; **{letter}** and a number for a point the rulebook lets be read in more than one way, or "
               "says in two places that do not quite agree") if letter else ""
    return ("Each ruling has a short label: **K** and a number for a point the rulebook does not settle at "
            f"all{reading}. The labels only name the rulings on this page.")


def label(part: str) -> Optional[str]:
    """The ruling label a rule's section part cites ("K6", "A3", "K17" for the kit's own card texts),
    or None for a part that names a rulebook section."""
    found = _PART.search(part)
    if not found:
        return None
    return found.group(1) or found.group(2) or "K17"


#: game -> label -> (title, explanation in learner words)
RULINGS: Dict[str, Dict[str, Tuple[str, str]]] = {
    "tails": {
        "K1": ("The turn order is fixed for the round",
               "The rulebook says to play in race order but not when that order is read. The kit reads it once, "
               "when the round begins, and keeps it for the whole round; the race position that sets bonus "
               "movement is read at the start of each player's own turn."),
        "K2": ("No bonus movement from behind the start line",
               "An ostrich waiting behind the line stands on no lane, so its first move never gets bonus "
               "movement. The rulebook does not say; this is the kit's reading."),
        "K3": ("A fully blocked ostrich still plays a card",
               "The rulebook does not say what happens when no card allows any move at all. The kit has the "
               "player play a card, the ostrich stays put, and the turn goes on with the draw."),
        "K4": ("Different bonuses in one turn",
               "The rulebook does not forbid it, so the kit lets a player use several different armed bonus "
               "cards in the same turn, each once."),
        "K5": ("The order at the end of a move",
               "The rulebook gives no order for what happens after the steps. The kit settles it as: Neck "
               "Stretch, then Leapfrog, then the dune arrow, then cheetah losses, then the draw (warthog, Bird "
               "Brain), then the hand-size check. A dune shift is not a step, so it triggers nothing."),
        "K6": ("What Boinnnggg jumps through",
               "The rulebook says Boinnnggg moves through ostriches, animals and quicksand. The kit reads "
               "\"through\" strictly: the space where the move ends is not moved through, so it may not hold "
               "an ostrich, a lion or a crocodile, and quicksand, a cheetah or a warthog there act as usual."),
        "K7": ("A porcupine ends the move at once",
               "The rulebook says the move stops at a porcupine; it also says only a one-space move may end "
               "off the card lane. The kit lets the porcupine win: running into one is a legal move that ends "
               "there, short and off the card lane. A porcupine never counts as a blocker."),
        "K8": ("Tiptoeing is a choice",
               "The rulebook says a '2' may ignore animals, dunes and quicksand. The kit offers both: the "
               "player may tiptoe or play the '2' normally, and after a tiptoe the final dune arrow is "
               "optional."),
        "K14": ("Leapfrog onto an animal while tiptoeing",
                "Leapfrog may not land on an animal. With a '2' in force all animals are ignored for the whole "
                "turn, so the kit lets a Leapfrog land on one then."),
        "K15": ("The Leapfrog landing is where the move ends",
                "The rulebook does not say whether a Leapfrog landing counts as stopping there. The kit counts "
                "it: a water hole there arms a bonus card and a dune arrow there applies; the ostriches jumped "
                "over are not moved through."),
        "A1": ("Bonus movement: race position, or a flat +2",
               "The rulebook adds the race position; some reviews of the game describe a flat +2 instead. The "
               "kit follows the rulebook and offers the flat +2 as an option (`flat_bonus=True`)."),
        "A2": ("The one-space move goes forward",
               "The rulebook says one space \"in any direction\". The kit reads it as any guide line forward or "
               "diagonally forward, since the guide lines never run sideways or back."),
        "A3": ("A blocked move goes as far as it can on the card lane",
               "The rulebook says a move is never cut short unless physically blocked, and that only a "
               "one-space move ends off the card lane. The kit: a full-length route must be taken if there is "
               "one; otherwise the move uses the most points it can and still ends on the card lane."),
        "A4": ("Bonus movement keeps the lane",
               "The rulebook forbids lane changes during bonus steps. Since the ostrich already stands on the "
               "card's lane, the kit keeps the whole move on that lane."),
        "A5": ("Rope bridge: no bonus, and leave onto the card lane",
               "A bridge space has every colour; the rulebook says a move starting there gets no bonus. The kit "
               "also has a normal move that leaves the bridge step onto the card lane."),
        "A6": ("A '2' ignores what animals do",
               "The rulebook says a '2' ignores animals and their effect. The kit reads this fully: a "
               "tiptoeing ostrich may pass a lion and may end on a lion or a crocodile."),
        "A7": ("No one-space move into quicksand",
               "Quicksand costs 2 points and a one-space move has only 1, so the kit forbids it, unless the "
               "card is a '2' or Boinnnggg is used."),
        "A8": ("Which bonus card a cheetah takes",
               "The rulebook does not say which card goes. The kit: the player chooses, among armed cards "
               "first; its marker returns to the pile; losing Bird Brain brings the hand size back to 4."),
        "A9": ("The warthog redraw replaces the draw",
               "The rulebook does not say whether the normal draw follows the warthog's new hand. The kit: it "
               "does not; the hand ends at the hand size."),
        "A10": ("One bonus per water hole entered",
                "The kit arms one bonus card for each water-hole space a move enters; the space the ostrich "
                "starts on does not count."),
        "A11": ("Leapfrog follows the lane",
                "On corners, \"directly in front\" is unclear because lanes differ in length. The kit uses the "
                "next space along the same lane."),
        "A12": ("Déjà vu uses your own discard pile",
                "The kit reads Déjà vu as the top card of the player's own discard pile, with its bonus "
                "movement as if played; it cannot be used while that pile is empty."),
        "A13": ("Ties at the finish: the finish tile's baobab",
                "The kit breaks a tie past the line by the baobab side of the finish tile itself."),
        "A14": ("Round 1 goes in the starting order",
                "Nobody has a race position before the first move, so the kit plays round 1 in the starting "
                "order, then race order."),
    },
    "circle": {
        "K9": ("Seat order",
               "The rules do not say who plays next. The kit goes round in seat order "
               "from the first player."),
        "K10": ("Placement rules on a short savannah",
                "The kit counts \"the rightmost n cards\" as the cards there are when the savannah is shorter; "
                "on an empty savannah a rule that forbids something holds, and one that requires something "
                "fails (a Lion cannot open the game, a Zebra can)."),
        "K11": ("Hunting is compulsory",
                "The kit makes an action that has a legal target happen (the player picks the targets); one "
                "with no target is skipped. Of a choice of two actions, one with a target must be taken."),
        "K12": ("Ties after the predator count",
                "The rules compare predators in the kill piles; the kit lets players still tied share the win."),
        "K16": ("Tokens never run out",
                "The rules never give the number of tokens and always have one at hand. By default the kit "
                "never runs out; the option `tokens=N` plays with N each, and a card played with none left "
                "stays unmarked."),
        "K17": ("The card texts are the kit's own",
                "The rules text prints no card list. The kit wrote every card's level, group, placement rule "
                "and actions itself (Lions and Leopards kill 2 so the Big Five can be scored), including the "
                "Giraffe's bonus and the Maasai being safe from every hunt. A box of the real game may differ."),
        "B1": ("The final score adds every step",
               "The rules' total names only some of the scoring steps, which would leave out the survivors and "
               "the Giraffe's points. The kit adds all six steps, with the hand penalty and the Maasai taken "
               "away."),
        "B2": ("Who loses 10 for the Maasai",
               "The owner of the token on the Maasai, the rightmost card, loses the 10 points."),
        "B3": ("Arrows mean reach",
               "The kit reads a card's arrows as how far to the left its action reaches."),
        "B4": ("Each action says kill or scare",
               "The kit gives every action its verb; a card that shows both lets the player choose."),
        "B5": ("Draw after a discard",
               "A player who could play nothing and discarded still draws, so every hand is back to 3."),
        "B6": ("How the game ends",
               "The kit ends the game after the turn in which the draw pile runs out; each player then "
               "discards one card, keeping 2."),
        "B7": ("Reach counts from the played card",
               "The rules count reach on the savannah as it stood when the turn began, which leaves open "
               "whether the card just played is part of it. The kit counts reach on the savannah right after "
               "the card is placed; cards taken earlier in the turn keep their places until the turn's hunting "
               "is over."),
        "B8": ("Which cards gather",
               "Every card of the played card's group lying to its left moves, in order, to sit just left of "
               "it."),
        "B9": ("Placement rules are read before placing",
               "The kit checks a card's placement rule on the savannah as it is before the card goes down."),
        "B10": ("Your own cards can be taken",
                "No exception is stated, so the kit lets a player kill or scare cards carrying their own "
                "token."),
        "B11": ("One action, the stated number",
                "An action takes exactly the number of cards it says (\"all\": every legal target), never "
                "more."),
        "B12": ("Big Five kills by any card",
                "A Big Five animal counts in the killer's pile whichever card killed it."),
    },
    "forest": {
        "K13": ("When no card fits",
                "The rulebook does not say what happens if no card on the board can be placed legally. The kit "
                "lets the player take any card and lay it touching the forest inside the square, even onto "
                "another animal's path; the clean-up at the end then sorts it out."),
        "D1": ("Two animals on one path",
               "The rulebook says twice that two animals may never share a path, and also tells what to do at "
               "the end if two do. The kit follows the first: a placement that would put two animals on one "
               "path is refused. The end-of-game clean-up stays as a safety net for the forced placement "
               "(K13)."),
        "D2": ("Which way an animal walks",
               "The kit has every animal walk its path outward from its den, so the foods on a card entered "
               "from its other end are met in reverse order."),
        "D3": ("A water drop with nowhere to go",
               "With no free food corner on any of their animals the player may still take the goat's card; "
               "the drop goes back to the supply."),
        "D4": ("The rooster changes the next round",
               "Taking the pawn never changes the order of the round being played; it counts from the next."),
        "D5": ("Ties start at the pawn holder",
               "The kit counts the pawn holder as \"closest\": ties go to the holder, then clockwise."),
        "D7": ("The advanced mode's board",
               "The kit refills the board with 1 Animal and 3 Path cards as usual, which uses the whole box "
               "exactly over 15 rounds."),
        "D8": ("A full animal keeps walking",
               "An animal stores the first foods it meets up to its storage and keeps walking its path without "
               "storing; this matters for which animals share a path."),
        "D9": ("Lair tokens stack",
               "The kit lets an animal carry any number of Lair tokens (the rulebook's fox carries two)."),
    },
}
