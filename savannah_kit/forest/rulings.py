"""The kit rulings of Savernake Forest, explained for learners: the reference's "Kit rulings" section
(``teach.rulings`` reads them through the game's spec)."""

from typing import Dict, Tuple

#: the letter of the labels of rulings that settle a reading of the rulebook ("D3"); the others are "K…"
READING = "D"

#: label -> (title, explanation in learner words)
RULINGS: Dict[str, Tuple[str, str]] = {
    "K13": ("When no card fits",
            "The rulebook does not say what happens if no card on the board can be placed legally. The kit lets "
            "the player take any card and lay it touching the forest inside the square, even onto another animal's "
            "path; the clean-up at the end then sorts it out. With the option `forced='discard'` the player "
            "discards the card instead and their forest stays a card short."),
    "D1": ("Two animals on one path",
           "The rulebook says twice that two animals may never share a path, and also tells what to do at the end "
           "if two do. The kit follows the first: a placement that would put two animals on one path is refused. "
           "The end-of-game clean-up stays as a safety net for the forced placement (K13). The option "
           "`shared_paths='allowed'` plays the other reading: such a placement is allowed, and the clean-up at the "
           "end keeps one animal of each shared path."),
    "D2": ("Which way an animal walks",
           "The kit has every animal walk its path outward from its den, so the foods on a card entered from its "
           "other end are met in reverse order. Not an option: walked the other way, the foods an animal meets "
           "would depend on how a card was printed rather than on where the animal stands."),
    "D3": ("A water drop with nowhere to go",
           "With no free food corner on any of their animals the player may still take the goat's card; the drop "
           "goes back to the supply. Not an option: the other reading, that the card cannot be taken, matters only "
           "when every food corner of the player's animals already holds a drop, which is rare."),
    "D4": ("The rooster changes the next round",
           "Taking the pawn never changes the order of the round being played; it counts from the next. Not an "
           "option: changing the order in the middle of a round could give a player two turns in a row or none, "
           "while the rulebook's round gives each player exactly one."),
    "D5": ("Ties start at the pawn holder",
           "The kit counts the pawn holder as \"closest\": ties go to the holder, then clockwise. The option "
           "`tie_break='next'` plays the other reading: the count starts at the player after the holder, so the "
           "holder comes last."),
    "D7": ("The advanced mode's board",
           "The kit refills the board with 1 Animal and 3 Path cards as usual, which uses the whole box exactly "
           "over 15 rounds. Not an option: any other refill would leave the advanced forests short of their 32 "
           "cards or need cards the box does not have."),
    "D8": ("A full animal keeps walking",
           "An animal stores the first foods it meets up to its storage and keeps walking its path without "
           "storing; this matters for which animals share a path. Not an option: a full animal's path is still "
           "there, and the one-animal-per-path rule is about paths, not food."),
    "D9": ("Lair tokens stack",
           "The kit lets an animal carry any number of Lair tokens (the rulebook's fox carries two). Not an "
           "option: a limit of one would go against the rulebook's own scoring example."),
}
