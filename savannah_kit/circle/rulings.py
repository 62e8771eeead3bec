"""The kit rulings of Circle of Life, explained for learners: the reference's "Kit rulings" section
(``teach.rulings`` reads them through the game's spec)."""

from typing import Dict, Tuple

#: the letter of the labels of rulings that settle a reading of the rulebook ("B3"); the others are "K…"
READING = "B"

#: label -> (title, explanation in learner words)
RULINGS: Dict[str, Tuple[str, str]] = {
    "K9": ("Seat order",
           "The rules do not say who plays next. The kit goes round in seat order from the first player; the "
           "option `first_player=N` says who starts. The direction is not an option: the kit's seats sit round no "
           "table, so going the other way round only renames the seats."),
    "K10": ("Placement rules on a short savannah",
            "The kit counts \"the rightmost n cards\" as the cards there are when the savannah is shorter; on an "
            "empty savannah a rule that forbids something holds, and one that requires something fails (a Lion "
            "cannot open the game, a Zebra can). Not an option: a dealt game never comes to this (the savannah "
            "starts with 6 cards, a played card is never hunted in its own turn, and in 600 random games no "
            "savannah was shorter than 4 cards before a play, while no rule counts more than 3), so another "
            "reading would change only hand-built positions."),
    "K11": ("Hunting is compulsory",
            "The kit makes an action that has a legal target happen (the player picks the targets); one with no "
            "target is skipped. Of a choice of two actions, one with a target must be taken: the rules' step B, "
            "\"play the hunting actions\", reads as an order. The option `hunts='optional'` plays the house rule "
            "where a player may decline a hunt and take none of its targets (the board's Decline the hunt "
            "button)."),
    "K12": ("Ties after the predator count",
            "The rules compare predators in the kill piles; the kit lets players still tied share the win. The "
            "option `tie_break='kills'` gives it to the one who killed the most cards instead."),
    "K16": ("Tokens never run out",
            "The rules never give the number of tokens and always have one at hand. By default the kit never runs "
            "out; the option `tokens=N` plays with N each, and a card played with none left stays unmarked."),
    "K17": ("The card texts are the kit's own",
            "The rules text prints no card list. The kit wrote every card's level, group, placement rule and "
            "actions itself (Lions and Leopards kill 2 so the Big Five can be scored), including the Giraffe's "
            "bonus and the Maasai being safe from every hunt. A box of the real game may differ. The option "
            "`species='original'` plays the table as first written, where Lions and Leopards kill 1 and the Big "
            "Five cannot be scored."),
    "B1": ("The final score adds every step",
           "The rules' total names only some of the scoring steps, which would leave out the survivors and the "
           "Giraffe's points. The kit adds all six steps, with the hand penalty and the Maasai taken away. Not an "
           "option: the literal reading drops points the rules themselves hand out in steps 1 and 6."),
    "B2": ("Who loses 10 for the Maasai",
           "The owner of the token on the Maasai, the rightmost card, loses the 10 points. Not an option: nobody "
           "can hold the rightmost savannah card in hand, so the other reading never applies."),
    "B3": ("Arrows mean reach",
           "The kit reads a card's arrows as how far to the left its action reaches. Not an option: read as a "
           "number of animals that must be present, the arrows would leave a hunt with no reach at all."),
    "B4": ("Each action says kill or scare",
           "The kit gives every action its verb; a card that shows both lets the player choose. Not an option of "
           "its own: the verbs are part of the card texts, which the option `species` changes as a whole."),
    "B5": ("Draw after a discard",
           "A player who could play nothing and discarded still draws, so every hand is back to 3. Not an option: "
           "the rules say the hand is always 3 cards."),
    "B6": ("How the game ends",
           "The kit ends the game after the turn in which the draw pile runs out; each player then discards one "
           "card, keeping 2. Not an option: the rules say every player ends with 2 cards, which only this reading "
           "gives."),
    "B7": ("Reach counts from the played card",
           "The rules count reach on the savannah as it stood when the turn began, which leaves open whether the "
           "card just played is part of it. The kit counts reach on the savannah right after the card is placed; "
           "cards taken earlier in the turn keep their places until the turn's hunting is over. Not an option: "
           "reach is counted from the played card, so it must be on the savannah when reach is counted."),
    "B8": ("Which cards gather",
           "Every card of the played card's group lying to its left moves, in order, to sit just left of it. Not "
           "an option: the rules gather the group at the played card; moving the played card to its group instead "
           "would change the rightmost card, which every placement rule reads, and no text suggests it."),
    "B9": ("Placement rules are read before placing",
           "The kit checks a card's placement rule on the savannah as it is before the card goes down. Not an "
           "option: read after placing, the rightmost card would be the card itself, and no predator could ever be "
           "played."),
    "B10": ("Your own cards can be taken",
            "No exception is stated, so the kit lets a player kill or scare cards carrying their own token. The "
            "option `own_cards='safe'` plays the other reading: a player's hunts never take their own cards (an "
            "Elephant scares only the others' predators)."),
    "B11": ("One action, the stated number",
            "An action takes exactly the number of cards it says (\"all\": every legal target), never more. Not an "
            "option: an action taking more cards than it states would go against its own text."),
    "B12": ("Big Five kills by any card",
            "A Big Five animal counts in the killer's pile whichever card killed it. Not an option: the rules "
            "count the cards in the kill pile, and nothing in them asks who killed a card."),
}
