"""The rulings of Circle of Life a game may change: one ``new_game`` option each, with the kit's
default (``savannah-kit rules variants circle``; ``core.spec.Option``)."""

from ..core.spec import Option

VARIANTS = (
    Option("tie_break", ("share", "kills"), "share", "K12",
           "Players tied on points and on predators killed share the win; with 'kills' the one who killed "
           "the most cards of any kind wins (shared only if that is tied too)."),
    Option("species", ("kit", "original"), "kit", "K17",
           "The species table: the kit's, where Lions and Leopards kill 2 so the Big Five can be scored, or "
           "the original one, where they kill 1 (Leopards level 2 or less) and the Big Five cannot be scored."),
    Option("tokens", (None,), None, "K16",
           "How many tokens each player has: by default they never run out; with N a card played when "
           "none is left stays unmarked.", others="or a whole number of tokens per player"),
    Option("first_player", (0,), 0, "K9", "Which seat plays first; turns then go round in seat order.",
           others="or any other seat number"),
    Option("own_cards", ("hunted", "safe"), "hunted", "B10",
           "Whether a player's hunts may take the cards carrying their own token: yes by default, as no "
           "exception is stated; with 'safe' their own cards are never targets."),
    Option("hunts", ("compulsory", "optional"), "compulsory", "K11",
           "Whether a hunt with a card in reach must be carried out: yes by default, as the rules' step B "
           "reads as an order; with 'optional' a player may decline a hunt and take none of its targets."),
)
