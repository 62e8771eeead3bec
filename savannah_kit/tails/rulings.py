"""The kit rulings of Savannah Tails, explained for learners: the reference's "Kit rulings" section
(``teach.rulings`` reads them through the game's spec)."""

from typing import Dict, Tuple

#: the letter of the labels of rulings that settle a reading of the rulebook ("A3"); the others are "K…"
READING = "A"

#: label -> (title, explanation in learner words)
RULINGS: Dict[str, Tuple[str, str]] = {
    "K1": ("The turn order is fixed for the round",
           "The rulebook says to play in race order but not when that order is read. The kit reads it once, "
           "when the round begins, and keeps it for the whole round; the race position that sets bonus "
           "movement is read at the start of each player's own turn. The option `bonus_place='round'` reads "
           "it as the round began instead (the player's place in the turn order)."),
    "K2": ("No bonus movement from behind the start line",
           "An ostrich waiting behind the line stands on no lane, so its first move never gets bonus "
           "movement. The rulebook does not say; this is the kit's reading. Not an option: with no lane there is no "
           "colour for a card to match."),
    "K3": ("A fully blocked ostrich still plays a card",
           "The rulebook does not say what happens when no card allows any move at all. The kit has the "
           "player play a card, the ostrich stays put, and the turn goes on with the draw. The option "
           "`blocked='keep'` lets the player keep the card and skip the turn, without drawing."),
    "K4": ("Different bonuses in one turn",
           "The rulebook does not forbid it, so the kit lets a player use several different armed bonus "
           "cards in the same turn, each once. The option `bonus_per_turn='one'` allows one bonus card a turn: "
           "Crazy Wings or Déjà vu with no Boinnnggg, Leapfrog or Neck Stretch after it, and no two of those "
           "together."),
    "K5": ("The order at the end of a move",
           "The rulebook gives no order for what happens after the steps. The kit settles it as: Neck "
           "Stretch, then Leapfrog, then the dune arrow, then cheetah losses, then the draw (warthog, Bird "
           "Brain), then the hand-size check. A dune shift is not a step, so it triggers nothing. Not an option: the "
           "rulebook gives no order to read another way, and each other order would need a ruling of its own."),
    "K6": ("What Boinnnggg jumps through",
           "The rulebook says Boinnnggg moves through ostriches, animals and quicksand. The kit reads "
           "\"through\" strictly: the space where the move ends is not moved through, so it may not hold "
           "an ostrich, a lion or a crocodile, and quicksand, a cheetah or a warthog there act as usual. The option "
           "`boinnnggg_end='through'` is the kit's literal reading of \"move through\": the end space is moved "
           "through too, so a lion or a crocodile there does not stop the move, quicksand there costs 1 and a "
           "cheetah or warthog there does nothing; the move still may not end on another ostrich, since two "
           "ostriches never share a space."),
    "K7": ("A porcupine ends the move at once",
           "The rulebook says the move stops at a porcupine; it also says only a one-space move may end "
           "off the card lane. The kit lets the porcupine win: running into one is a legal move that ends "
           "there, short and off the card lane. A porcupine never counts as a blocker. The option "
           "`porcupine='card-lane'` plays the other reading: a porcupine ends the move only on the card lane, where "
           "the move could end anyway; off the card lane it blocks the way like a lion, so the move stops short of it "
           "on the card lane, using as many points as it can."),
    "K8": ("Tiptoeing is a choice",
           "The rulebook says a '2' may ignore animals, dunes and quicksand. The kit offers both: the "
           "player may tiptoe or play the '2' normally, and after a tiptoe the final dune arrow is "
           "optional. The option `tiptoe='always'` makes every '2' tiptoe."),
    "K14": ("Leapfrog onto an animal while tiptoeing",
            "Leapfrog may not land on an animal. With a '2' in force all animals are ignored for the whole "
            "turn, so the kit lets a Leapfrog land on one then. Not an option: it follows from the '2' ignoring "
            "animals for the whole turn (A6)."),
    "K15": ("The Leapfrog landing is where the move ends",
            "The rulebook does not say whether a Leapfrog landing counts as stopping there. The kit counts "
            "it: a water hole there arms a bonus card and a dune arrow there applies; the ostriches jumped "
            "over are not moved through. The option `leapfrog_landing='nothing'` counts the landing for nothing: "
            "a water hole there arms no bonus card and a dune arrow there does not move the ostrich."),
    "A1": ("Bonus movement: race position, or a flat +2",
           "The rulebook adds the race position; some reviews of the game describe a flat +2 instead. The "
           "kit follows the rulebook and offers the flat +2 as an option (`flat_bonus=True`)."),
    "A2": ("The one-space move goes forward",
           "The rulebook says one space \"in any direction\". The kit reads it as any guide line forward or "
           "diagonally forward, since the guide lines never run sideways or back. The option `one_space='any'` also "
           "allows a step sideways (to the neighbouring lane's space level with the ostrich: the same row, on a "
           "corner the same section) or back (to the space behind it in its lane, never behind the start line); "
           "the space entered acts as on any step: a water hole arms a bonus, a lion may not be entered, quicksand "
           "needs a '2' or Boinnnggg."),
    "A3": ("A blocked move goes as far as it can on the card lane",
           "The rulebook says a move is never cut short unless physically blocked, and that only a "
           "one-space move ends off the card lane. The kit: a full-length route must be taken if there is "
           "one; otherwise the move uses the most points it can and still ends on the card lane. Not a choice: the "
           "rulebook allows cutting a move short only when it is physically blocked."),
    "A4": ("Bonus movement keeps the lane",
           "The rulebook forbids lane changes during bonus steps. Since the ostrich already stands on the "
           "card's lane, the kit keeps the whole move on that lane. Not a choice: an ostrich on the card lane may "
           "never leave it, so no lane change could happen anyway."),
    "A5": ("Rope bridge: no bonus, and leave onto the card lane",
           "A bridge space has every colour; the rulebook says a move starting there gets no bonus. The kit "
           "also has a normal move that leaves the bridge step onto the card lane. Not a choice: the rulebook denies "
           "the bonus, and an ostrich on a space of every colour is on the card lane, which it may not leave."),
    "A6": ("A '2' ignores what animals do",
           "The rulebook says a '2' ignores animals and their effect. The kit reads this fully: a "
           "tiptoeing ostrich may pass a lion and may end on a lion or a crocodile. Not a choice: an animal ignored "
           "with its effect leaves nothing to stop the ostrich."),
    "A7": ("No one-space move into quicksand",
           "Quicksand costs 2 points and a one-space move has only 1, so the kit forbids it, unless the "
           "card is a '2' or Boinnnggg is used. Not a choice: it is arithmetic, 2 points against 1."),
    "A8": ("Which bonus card a cheetah takes",
           "The rulebook does not say which card goes. The kit: the player chooses, among armed cards "
           "first; its marker returns to the pile; losing Bird Brain brings the hand size back to 4. Not a choice: "
           "the rulebook has the player discard, so the player chooses, and a marker with no card left can only go "
           "back to the pile."),
    "A9": ("The warthog redraw replaces the draw",
           "The rulebook does not say whether the normal draw follows the warthog's new hand. The kit: it "
           "does not; the hand ends at the hand size. The option `warthog_draw='adds'` plays the other reading: the "
           "usual draw (and Bird Brain's extra card) follows the new hand, and the player then discards down to the "
           "hand size."),
    "A10": ("One bonus per water hole entered",
            "The kit arms one bonus card for each water-hole space a move enters; the space the ostrich "
            "starts on does not count. Not a choice: the rulebook arms a bonus each time a move passes through or "
            "stops in a water hole, and the starting space is not entered."),
    "A11": ("Leapfrog follows the lane",
            "On corners, \"directly in front\" is unclear because lanes differ in length. The kit uses the "
            "next space along the same lane. Not a choice: that is the only reading that names one space on every "
            "tile."),
    "A12": ("Déjà vu uses your own discard pile",
            "The kit reads Déjà vu as the top card of the player's own discard pile, with its bonus "
            "movement as if played; it cannot be used while that pile is empty. Not a choice: the rulebook says your "
            "discard pile, and an empty pile has no card to repeat."),
    "A13": ("Ties at the finish: the finish tile's baobab",
            "The kit breaks a tie past the line by the baobab side of the finish tile itself. Not a choice: the "
            "straights the kit adds after the finish carry the finish tile's baobab side, so both readings agree."),
    "A14": ("Round 1 goes in the starting order",
            "Nobody has a race position before the first move, so the kit plays round 1 in the starting "
            "order, then race order."),
}
