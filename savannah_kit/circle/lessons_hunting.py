"""The Circle of Life exercises of lessons 4-6 (hunting, re-ordering groups, scoring): their named functions.

The records are in ``lessons.json`` with the others; answers are cards by id (``C35``), by species
when only one card of it is in sight (``Zebra``) or both (``Zebra (C35)``), players by colour, and
numbers. Every answer comes from the engine: the legal plays of a card and their hunts, a trial
``play`` on a copy, ``score_breakdown``, ``winners``.
"""

from __future__ import annotations

from typing import FrozenSet, List, Optional, Sequence, Tuple

from ..core.scene import Scene
from .exercise_kit import (after, card_in_sight, card_names, hand_card, left_of_the_end, named, play_of, play_taking,
                           plays_of, ringed, row_ids, species_of)
from .moves import LastDiscard, Play
from .state import Phase
from .text import COLOURS


# =========================================================================================================
# Lesson 4: hunting
# =========================================================================================================

@named
def hunt_targets(game, species: str, hunt: int = 0, earlier: Sequence[Sequence[str]] = ()) -> FrozenSet[str]:
    """Every card hunt number ``hunt`` (0: the top one) of the played ``species`` may take, after the
    earlier hunts took the cards of the species in ``earlier`` (the engine's legal moves)."""
    taken = [{card_in_sight(game, s) for s in species_list} for species_list in earlier]
    found = set()
    for m in plays_of(game, species):
        if all(set(m.actions[k][1]) == t for k, t in enumerate(taken)):
            found.update(m.actions[hunt][1])
    return frozenset(found)


@named
def names_in_reach(game, reach: int) -> str:
    return card_names(game, left_of_the_end(game, reach))


@named
def in_reach(game, reach: int) -> FrozenSet[str]:
    return frozenset(left_of_the_end(game, reach))


@named
def count_in_reach(game, reach: int) -> int:
    return len(left_of_the_end(game, reach))


@named
def with_card(game, answer, species: str, nth: int = 0) -> FrozenSet[str]:
    """The answer and the ``nth`` card of ``species`` in sight."""
    return answer | {card_in_sight(game, species, nth)}


@named
def in_reach_once_gaps_close(game, killed: Sequence[str], reach: int, species: Sequence[str]) -> FrozenSet[str]:
    """The sequential misreading: the killed cards leave at once and the row closes up, so a later
    hunt's reach counts on the shorter row (the cards of ``species`` it finds there)."""
    taken = {card_in_sight(game, s) for s in killed}
    left = [c for c in row_ids(game) if c not in taken]
    return frozenset(c for c in left[-reach:] if species_of(game, c) in species)


def _taken(game, move: Play) -> List[str]:
    return [t for _, targets in move.actions for t in targets]


@named
def kill_pile_gain(game, species: str, first: Sequence[str]) -> FrozenSet[str]:
    """The cards added to Red's kill pile when Red plays ``species``, its first hunt taking ``first``."""
    trial = after(game, play_taking(game, species, first))[0]
    cat = game.catalogue
    return frozenset(cat.ids[c] for c in trial.state.kill_piles[0]) - frozenset(
        cat.ids[c] for c in game.state.kill_piles[0])


@named
def tokens_back(game, seat: int, species: str, first: Sequence[str]) -> int:
    """How many tokens go back to ``seat`` when Red plays ``species``, its first hunt taking ``first``."""
    events = after(game, play_taking(game, species, first))[1]
    return sum(1 for e in events if e.rule == "circle.hunt.tokens-return" and e.player == seat)


@named
def tokens_left_after(game, seat: int, species: str, first: Sequence[str]) -> int:
    """``seat``'s tokens still on the savannah once the play is over (tokens never run out by
    default, so this counts what stays out, not a supply)."""
    trial = after(game, play_taking(game, species, first))[0]
    return sum(1 for owner in trial.state.owners if owner == seat)


@named
def tokens_on_first_hunt(game, seat: int, species: str, first: Sequence[str]) -> int:
    """``seat``'s tokens on the cards the first hunt takes (the scared ones forgotten)."""
    owners = dict(zip(row_ids(game), game.state.owners))
    return sum(1 for c in play_taking(game, species, first).actions[0][1] if owners[c] == seat)


@named
def taken_count(game, species: str, first: Sequence[str]) -> int:
    return len(_taken(game, play_taking(game, species, first)))


@named
def taken_names(game, species: str, first: Sequence[str]) -> str:
    return card_names(game, _taken(game, play_taking(game, species, first)))


@named
def ringed_taken(game, species: str, first: Sequence[str]) -> Scene:
    return ringed(game, _taken(game, play_taking(game, species, first)), viewer=0, scoring=False)


def _predators(game, card_ids) -> int:
    cat = game.catalogue
    return sum(1 for c in card_ids if cat.predator[cat.index[c]])


@named
def giraffe_bonus(game, species: str) -> int:
    """The bonus points Red gains playing ``species``."""
    move = plays_of(game, species)[0]
    return after(game, move)[0].state.bonus[0] - game.state.bonus[0]


@named
def predators_in_reach(game, reach: int) -> int:
    return _predators(game, left_of_the_end(game, reach))


@named
def predators_on_the_savannah(game) -> int:
    return _predators(game, row_ids(game))


# =========================================================================================================
# Lesson 5: re-ordering groups
# =========================================================================================================

@named
def row_after_play(game, species: str, first: Optional[Sequence[str]] = None) -> Tuple[str, ...]:
    """The savannah after Red plays ``species`` (its first hunt taking ``first``), left to right."""
    return row_ids(after(game, play_of(game, species, first))[0])


def _group_of(game, cid: str) -> str:
    return game.catalogue.card_species[game.catalogue.index[cid]].group


@named
def row_then_played(game, species: str, killed: Sequence[str] = ()) -> Tuple[str, ...]:
    """The savannah without the ``killed`` cards and with the played card at its end: no re-ordering."""
    gone = {card_in_sight(game, s) for s in killed}
    return tuple(c for c in row_ids(game) if c not in gone) + (hand_card(game, species),)


@named
def group_at_the_left_end(game, species: str, killed: Sequence[str] = ()) -> Tuple[str, ...]:
    """The misreading that gathers the played card's group at the left end of the savannah."""
    played = hand_card(game, species)
    gone = {card_in_sight(game, s) for s in killed}
    row = [c for c in row_ids(game) if c not in gone]
    group = _group_of(game, played)
    same = [c for c in row if _group_of(game, c) == group]
    return tuple(same + [c for c in row if c not in same] + [played])


@named
def group_gathered_gaps_kept(game, species: str) -> Tuple[str, ...]:
    """The group gathered by the played card, the killed cards still in the row."""
    played = hand_card(game, species)
    group = _group_of(game, played)
    row = row_ids(game)
    return (tuple(c for c in row if _group_of(game, c) != group) + tuple(c for c in row if _group_of(game, c) == group)
            + (played,))


# =========================================================================================================
# Lesson 6: the end and the scoring
# =========================================================================================================

@named
def turns_left(game) -> int:
    """The turns still to play, this one included, before the last discards."""
    trial, turns = game.copy(), 0
    while trial.phase is Phase.PLAY:
        trial.play(trial.legal_moves()[0])
        turns += 1
    return turns


def _penalty_after(game, card: str) -> int:
    return after(game, LastDiscard(card))[0].score_breakdown(0).steps["hand_penalty"]


@named
def best_last_discard(game) -> str:
    hand = [game.catalogue.ids[c] for c in game.state.hands[0]]
    return max(hand, key=lambda c: (_penalty_after(game, c), c))


@named
def penalty_after_the_answer(game, answer) -> int:
    """The hand penalty left once the answer's card is discarded, as a positive number."""
    return -_penalty_after(game, answer)


@named
def highest_level_in_hand(game) -> str:
    cat = game.catalogue
    return cat.ids[max(game.state.hands[0], key=lambda c: cat.level[c])]


@named
def cheapest_to_keep(game) -> str:
    cat = game.catalogue
    return cat.ids[min(game.state.hands[0], key=lambda c: cat.penalty[c])]


@named
def score_step(game, step: str, seat: int = 0, sign: int = 1) -> int:
    """One step of a player's final score (``sign`` -1: as the amount taken away)."""
    return sign * game.score_breakdown(seat).steps[step]


@named
def score_steps(game, steps: Sequence[str], seat: int = 0) -> int:
    """The sum of these steps of a player's final score."""
    return sum(score_step(game, s, seat) for s in steps)


@named
def final_score(game, seat: int = 0) -> int:
    return game.scores()[seat]


@named
def final_score_without(game, steps: Sequence[str], seat: int = 0) -> int:
    """A final score less these steps (a step listed twice is taken twice)."""
    return final_score(game, seat) - score_steps(game, steps, seat)


@named
def savannah_levels(game) -> int:
    return sum(game.catalogue.level[c] for c in game.state.row)


@named
def red_tokens_on_the_savannah(game) -> int:
    return sum(1 for o in game.state.owners if o == 0)


@named
def kill_pile_size(game, seat: int = 0) -> int:
    return len(game.state.kill_piles[seat])


@named
def maasai_loser(game) -> str:
    losers = [COLOURS[p] for p in range(game.players) if game.score_breakdown(p).steps["maasai"]]
    return losers[0] if losers else "nobody"


@named
def owner_of(game, species: str) -> str:
    """Whose token is on the savannah's card of ``species``."""
    i = row_ids(game).index(card_in_sight(game, species))
    return COLOURS[game.state.owners[i]]


@named
def big_five_players(game) -> FrozenSet[str]:
    return frozenset(COLOURS[p] for p in range(game.players) if game.score_breakdown(p).steps["big_five"])


@named
def five_big_five_cards(game) -> FrozenSet[str]:
    """The misreading that counts Big Five cards instead of kinds."""
    big = game.catalogue.big_five_species
    return frozenset(COLOURS[p] for p, pile in enumerate(game.state.kill_piles)
                     if sum(1 for c in pile if game.catalogue.name[c] in big) >= len(big))


@named
def big_five_with_the_savannah(game) -> FrozenSet[str]:
    """The misreading that counts one's own cards left on the savannah as well."""
    cat, st = game.catalogue, game.state
    found = set()
    for p, pile in enumerate(st.kill_piles):
        kinds = {cat.name[c] for c in pile} | {cat.name[c] for c, o in zip(st.row, st.owners) if o == p}
        if all(b in kinds for b in cat.big_five_species):
            found.add(COLOURS[p])
    return frozenset(found)


@named
def winners(game) -> FrozenSet[str]:
    return frozenset(COLOURS[p] for p in game.winners())


@named
def totals(game) -> str:
    """"Red 12, Blue 9": every final score."""
    return ", ".join(f"{COLOURS[p]} {s}" for p, s in enumerate(game.scores()))


@named
def best_before_penalties(game) -> FrozenSet[str]:
    plus = [sum(v for v in game.score_breakdown(p).steps.values() if v > 0) for p in range(game.players)]
    return frozenset(COLOURS[p] for p, s in enumerate(plus) if s == max(plus))


@named
def best_kill_pile(game) -> FrozenSet[str]:
    kills = [game.score_breakdown(p).steps["kill_pile"] for p in range(game.players)]
    return frozenset(COLOURS[p] for p, s in enumerate(kills) if s == max(kills))


@named
def predators_killed(game, seat: int) -> int:
    return game.predators_killed()[seat]


@named
def most_cards_killed(game) -> FrozenSet[str]:
    n = [len(k) for k in game.state.kill_piles]
    return frozenset(COLOURS[p] for p, k in enumerate(n) if k == max(n))
