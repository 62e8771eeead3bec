"""How each Savernake Forest decision plays out: what it changes in ``game.state``
and the events that tell it, each citing its rule.

``apply_move`` is the engine's fast path: it trusts that the move is legal (the
game has checked it against its legal moves). The turn runs take, place, then
the advisor's benefit; the end of the last turn of a round discards the cards
left over and opens the next round, or ends the game: shared paths cleaned up,
forests scored, the winner found. ``deal`` sets up a new game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Sequence, Tuple

from ..core.events import Event
from ..core.words import and_list, plural
from .data import (ARMADILLO, EDGE_NAMES, FOOD_PLURALS, FOODS, GOAT, RABBIT, ROOSTER, ROUNDS, SLOTS, Turned,
                   card_phrase)
from .layout import Cell, Forest
from .moves import Keep, Lair, Orient, Place, Take, Water
from .scoring import ForestScore, foods_met
from .state import NO_CARD, Phase, clockwise_from, pick_order

if TYPE_CHECKING:
    from .rules import ForestGame

_BENEFITS = ("", " (with the 1st Player pawn)", " (with a lair token)", " (with a water drop)")  # by slot
#: The advisors giving a token: the question asked, and the events when no token is left or it fits nowhere.
_TOKEN_OFFERS = {
    ARMADILLO: (Phase.LAIR, ("forest.setup.supply", "The lair supply is empty: no token"),
                ("forest.advisor.armadillo", "{name} has no animal for the lair token: it stays in the supply")),
    GOAT: (Phase.WATER, ("forest.setup.supply", "The water supply is empty: no drop"),
           ("forest.advisor.goat-no-corner", "Every food corner of {name}'s animals already has a water drop: "
                                             "the drop goes back to the supply")),
}


def apply_move(game: "ForestGame", move) -> List[Event]:
    """Apply a legal move; returns its events."""
    return _APPLY[type(move)](game, move)


def _phrase(game: "ForestGame", card: int) -> str:
    return card_phrase(game.catalogue.cards[card])


def deal(game: "ForestGame") -> None:
    """A new game: shuffle the decks, deal the starting animals, draw the first player, open round 1."""
    st, cat, log = game.state, game.catalogue, game.log
    st.animal_deck = list(range(len(cat.animals)))
    st.path_deck = list(range(len(cat.animals), len(cat.cards)))
    game.rng.shuffle(st.animal_deck)
    game.rng.shuffle(st.path_deck)
    log.append(Event("forest.setup.decks", f"The {plural(len(st.animal_deck), 'animal card')} and the "
                     f"{plural(len(st.path_deck), 'path card')} are shuffled into two decks"))
    for p in range(game.players):
        log.append(_deal_starting_animals(game, p))
    log.append(Event("forest.setup.supply", f"{plural(st.lair_supply, 'lair token')} and "
                     f"{plural(st.water_supply, 'water drop')} form the supply"))
    st.pawn = game.rng.randrange(game.players)
    log.append(Event("forest.setup.first-player", f"{game.names[st.pawn]} is drawn to start and takes the "
                     "1st Player pawn", st.pawn))
    start_round(game, log)
    if game.advanced:
        st.phase = Phase.ORIENT
        st.to_orient = [(p, k) for p in (st.pawn, 1 - st.pawn) for k in (0, 1)]


def _deal_starting_animals(game: "ForestGame", p: int) -> Event:
    """One animal laid at (0, 0); in the advanced mode two, laid later when turned."""
    st = game.state
    if game.advanced:
        st.starting_animals[p] = [st.animal_deck.pop(), st.animal_deck.pop()]
        a, b = (_phrase(game, c) for c in st.starting_animals[p])
        return Event("forest.adv.two-animals", f"{game.names[p]} starts with {a} and {b}, side by side", p)
    card = st.animal_deck.pop()
    st.forests[p].place((0, 0), game.catalogue.turned[card][0])
    return Event("forest.setup.starting-animal", f"{game.names[p]} starts with {_phrase(game, card)} "
                 "at (0, 0), its path leaving north (every turn of a lone card is alike)", p)


def tie_break(totals: Sequence[int], pawn: int, holder_first: bool = True) -> Tuple[int, List[int]]:
    """The winner and everyone tied with them: the first tied seat from the pawn holder on (decision
    D5), or with ``holder_first=False`` from the seat after the holder (the holder last)."""
    best = max(totals)
    tied = [p for p, s in enumerate(totals) if s == best]
    first = pawn if holder_first else (pawn + 1) % len(totals)
    return next(p for p in clockwise_from(first, len(totals)) if p in tied), tied


def _apply_take(game: "ForestGame", m: Take) -> List[Event]:
    st = game.state
    p = m.player
    slot = SLOTS.index(m.slot)
    forced = st.must_force(p)
    card = st.market_cards[slot]
    st.market_cards[slot] = NO_CARD
    st.card_in_hand, st.taken_from, st.forced = card, slot, forced
    st.phase = Phase.PLACE
    name = game.names[p]
    rule = "forest.advisor.rabbit" if slot == RABBIT else "forest.turn.take"
    events = [Event(rule, f"{name} takes {_phrase(game, card)} from the {SLOTS[slot]}{_BENEFITS[slot]}", p,
                    {"card": game.catalogue.cards[card].id, "slot": SLOTS[slot]})]
    if slot == ROOSTER:
        events.extend(_take_pawn(game, p))
    if forced and game.forced_rule == "discard":
        st.card_in_hand, st.forced = NO_CARD, False
        st.discard.append(card)
        events.append(Event("forest.place.forced", f"No card on the board fits without putting two animals on one "
                            f"path: {name} discards {_phrase(game, card)} (option forced='discard')", p))
        _give_benefit(game, p, events)
    elif forced:
        long, short = game.forest_bounds
        bounds = "square" if long == short else "rectangle"
        events.append(Event("forest.place.forced", "No card on the board fits without putting two animals "
                            f"on one path: {name} places it anywhere next to the forest, inside the {long}×{short} "
                            f"{bounds}", p))
    return events


def _take_pawn(game: "ForestGame", p: int) -> List[Event]:
    """The rooster's benefit: the pawn, which changes the order from the next round only."""
    st = game.state
    name = game.names[p]
    if st.pawn == p:
        return [Event("forest.advisor.rooster", f"{name} keeps the 1st Player pawn", p)]
    st.pawn = p
    events = [Event("forest.advisor.rooster", f"{name} takes the 1st Player pawn", p)]
    if st.picks_done < len(st.round_order) - 1:
        events.append(Event("forest.advisor.rooster-timing", "The order of this round does not "
                            f"change; {name} plays first from the next round", p))
    return events


def _apply_place(game: "ForestGame", m: Place) -> List[Event]:
    st = game.state
    p, cell = m.player, (m.x, m.y)
    f = st.forests[p]
    card = st.card_in_hand
    t = game.catalogue.turned[card][m.rotation // 90]
    told = st.forced or f.may_share  # a placement that may join two animals' paths says so at once
    shared_before = f.shared_paths() if told else []
    joined = f.place(cell, t)
    st.card_in_hand = NO_CARD
    text = f"{game.names[p]} places {_phrase(game, card)} at ({m.x}, {m.y}), turned {m.rotation}°"
    if st.forced:
        events = [Event("forest.place.forced", text + " (forced placement)", p)]
    elif joined:
        events = [Event("forest.path.connect", text + ", joining the path" + ("s" if len(joined) > 1 else "")
                        + " next to it", p)]
    else:
        events = [Event("forest.place.free-paths", text + "; no path runs onto it yet", p)]
    if joined or t.is_animal:
        events.extend(_path_events(game, p, cell, t, joined))
    if told:
        events.extend(_shared_path_events(game, p, shared_before))
        st.forced = False
    _give_benefit(game, p, events)
    return events


def _path_events(game: "ForestGame", p: int, cell: Cell, t: Turned, joined: List[int]) -> List[Event]:
    """What each animal on a path the new card joined now meets."""
    f = game.state.forests[p]
    roots = set(joined)
    if t.is_animal:
        roots.add(f.path_root(cell))
    if not any(f.path_animals[r] for r in roots):
        return []
    return [_path_event(game, p, f, c) for c in f.animal_cells() if f.path_root(c) in roots]


def _path_event(game: "ForestGame", p: int, f: Forest, cell: Cell) -> Event:
    card = game.catalogue.cards[f.cells[cell].card]
    foods = [FOODS[k] for _, k in f.walk(cell)]
    room = card.capacity + f.lair_tokens.get(cell, 0)
    if len(foods) > room:
        first = "only the first food" if room == 1 else f"only the first {room} foods"
        return Event("forest.score.collect-first", f"{game.names[p]}'s {card.name} meets {and_list(foods)}, "
                     f"in this order: it stores {first}", p)
    return Event("forest.path.food-order", f"{game.names[p]}'s {card.name} now meets {foods_met(foods)}", p)


def _shared_path_events(game: "ForestGame", p: int, before: List[Tuple[Cell, ...]]) -> List[Event]:
    """A placement that puts animals on one path (forced, or with ``shared_paths='allowed'``) says
    so at once: at the end of the game the player keeps one of them and discards the others.
    ``before``: the animals that already shared a path (told when it happened)."""
    f = game.state.forests[p]
    events = []
    for group in f.shared_paths():
        if group in before:
            continue
        names = [game.catalogue.cards[f.cells[c].card].name for c in group]
        rest = "the other is discarded" if len(group) == 2 else "the others are discarded"
        events.append(Event("forest.end.shared-path-cleanup", f"{game.names[p]}'s {and_list(names)} now share "
                            f"a path: at the end of the game {game.names[p]} keeps one and {rest}", p,
                            {"cells": [list(c) for c in group]}))
    return events


def _give_benefit(game: "ForestGame", p: int, events: List[Event]) -> None:
    """After the placement: the armadillo's lair token or the goat's water drop, then the
    turn ends (unless the player is asked where the token goes)."""
    st = game.state
    slot = st.taken_from
    asked = False
    if slot == ARMADILLO:
        animals = [(c,) for c in st.forests[p].animal_cells()]
        asked = _offer_token(game, p, events, slot, st.lair_supply, animals, _put_lair)
    elif slot == GOAT:
        asked = _offer_token(game, p, events, slot, st.water_supply, st.forests[p].free_corners(), _put_water)
    if not asked:
        _end_turn(game, events)


def _offer_token(game: "ForestGame", p: int, events: List[Event], slot: int, supply: int, places: list,
                 put) -> bool:
    """An advisor's question is only asked when there is a real choice: with one place the
    token goes there at once, with none (or none left in the supply) an event says so.
    True when the player is asked."""
    question, no_token, nowhere = _TOKEN_OFFERS[slot]
    if supply and len(places) > 1:
        game.state.phase = question
        return True
    if supply and places:
        events.extend(put(game, p, *places[0], auto=True))
        return False
    rule, text = nowhere if supply else no_token
    events.append(Event(rule, text.format(name=game.names[p]), p))
    return False


def _put_lair(game: "ForestGame", p: int, cell: Cell, auto: bool = False) -> List[Event]:
    st = game.state
    f = st.forests[p]
    before = f.lair_tokens.get(cell, 0)
    f.lair_tokens[cell] = before + 1
    st.lair_supply -= 1
    card = game.catalogue.cards[f.cells[cell].card]
    room = card.capacity + before + 1
    why = " (the only animal)" if auto else ""
    text = f"{game.names[p]} puts a lair token on the {card.name}{why}: it now stores up to {plural(room, 'food')}"
    rule = "forest.advisor.armadillo-stack" if before else "forest.advisor.armadillo"
    if before:
        text += f" ({before + 1} lair tokens)"
    events = [Event(rule, text, p, {"cell": list(cell)})]
    met = [FOODS[k] for _, k in f.walk(cell)]
    if len(met) >= room:
        of = f"all {plural(room, 'food')} on its path" if len(met) == room else f"{room} of the {len(met)} foods on its path"
        events.append(Event("forest.score.capacity", f"The {card.name} now stores {and_list(met[:room])} ({of})", p))
    return events


def _put_water(game: "ForestGame", p: int, cell: Cell, k: int, auto: bool = False) -> List[Event]:
    st = game.state
    f = st.forests[p]
    f.water_drops[cell] = f.water_drops.get(cell, 0) | (1 << k)
    st.water_supply -= 1
    card = game.catalogue.cards[f.cells[cell].card]
    why = " (the only free corner)" if auto else ""
    rule = "forest.advisor.goat-corner-limit" if auto else "forest.advisor.goat"
    return [Event(rule, f"{game.names[p]} puts a water drop on the {card.name}'s {FOODS[k]} corner{why}: "
                  f"{FOOD_PLURALS[k]} are now worth {plural(card.values[k] + 1, 'point')} each to it", p,
                  {"cell": list(cell), "food": FOODS[k]})]


def _apply_lair(game: "ForestGame", m: Lair) -> List[Event]:
    events = _put_lair(game, m.player, (m.x, m.y))
    _end_turn(game, events)
    return events


def _apply_water(game: "ForestGame", m: Water) -> List[Event]:
    events = _put_water(game, m.player, (m.x, m.y), FOODS.index(m.food))
    _end_turn(game, events)
    return events


def _end_turn(game: "ForestGame", events: List[Event]) -> None:
    st = game.state
    st.picks_done += 1
    st.taken_from = NO_CARD
    if st.picks_done < len(st.round_order):
        st.phase = Phase.TAKE
        return
    _clear_market(game, events)
    if all(f.is_full() for f in st.forests) or (game.forced_rule == "discard" and st.round >= ROUNDS):
        end_game(game, events)
    else:
        start_round(game, events)


def _clear_market(game: "ForestGame", events: List[Event]) -> None:
    """The end of a round: cards nobody took are discarded."""
    st = game.state
    left = [c for c in st.market_cards if c != NO_CARD]
    if not left:
        if game.advanced:
            events.append(Event("forest.adv.refill", f"Round {st.round} ends with every card taken: nothing "
                                "is left over"))
        return
    names = and_list(_phrase(game, c) for c in left)
    events.append(Event("forest.round.leftovers", f"Round {st.round} ends: {names} "
                        f"{'is' if len(left) == 1 else 'are'} discarded"))
    if st.market_cards[ROOSTER] != NO_CARD:
        events.append(Event("forest.advisor.rooster-untaken", "Nobody took the rooster's card: "
                            f"{game.names[st.pawn]} keeps the 1st Player pawn", st.pawn))
    st.discard.extend(left)
    st.market_cards = [NO_CARD] * len(SLOTS)


def start_round(game: "ForestGame", events: List[Event]) -> None:
    st = game.state
    st.round += 1
    market = st.market_cards
    for s in range(len(SLOTS)):
        if market[s] == NO_CARD:
            deck = st.animal_deck if s == RABBIT else st.path_deck
            if deck:
                market[s] = deck.pop()
    offer = "; ".join(f"{_phrase(game, c)} under the {s}" for s, c in zip(SLOTS, market) if c != NO_CARD)
    events.append(Event("forest.round.market", f"Round {st.round}: {offer}"))
    pawn = st.pawn
    st.round_order = pick_order(pawn, game.players, game.advanced)
    if game.advanced:
        events.append(Event("forest.adv.draft-order", f"{game.names[pawn]} picks 1st and 3rd, "
                            f"{game.names[1 - pawn]} 2nd and 4th", pawn))
    else:
        events.append(Event("forest.round.order", "Order: " + ", ".join(game.names[p] for p in st.round_order),
                            pawn))
    st.picks_done = 0
    st.phase = Phase.TAKE


def end_game(game: "ForestGame", events: List[Event]) -> None:
    st = game.state
    size = game.forest_bounds[0] * game.forest_bounds[1]
    if all(f.is_full() for f in st.forests):
        events.append(Event("forest.end.trigger", f"Every forest holds {plural(size, 'card')}: the game ends"))
    else:  # a forest that discarded a card it could not place (option forced="discard") stays short
        events.append(Event("forest.end.trigger", f"Round {st.round}, the last, is over: the game ends"))
    st.to_clean = [(p, g) for p in clockwise_from(st.pawn, game.players) for g in st.forests[p].shared_paths()]
    if not st.to_clean:
        _final_scoring(game, events)
        return
    st.phase = Phase.CLEANUP
    for p, g in st.to_clean:
        names = and_list(game.catalogue.cards[st.forests[p].cells[c].card].name for c in g)
        events.append(Event("forest.end.shared-path-cleanup", f"{game.names[p]}'s {names} share a path: "
                            f"{game.names[p]} keeps one of them", p))


def _apply_keep(game: "ForestGame", m: Keep) -> List[Event]:
    st = game.state
    p, cell = m.player, (m.x, m.y)
    f = st.forests[p]
    group = st.to_clean.pop(0)[1]
    events = []
    for c in group:
        if c == cell:
            continue
        st.lair_supply += f.lair_tokens.get(c, 0)
        st.water_supply += bin(f.water_drops.get(c, 0)).count("1")
        card = f.remove_animal(c)
        st.discard.append(card)
        events.append(Event("forest.end.shared-path-cleanup", f"{game.names[p]} keeps "
                            f"{_phrase(game, f.cells[cell].card)} and discards {_phrase(game, card)}: "
                            "it scores nothing", p, {"cell": list(c)}))
    if not st.to_clean:
        _final_scoring(game, events)
    return events


def _final_scoring(game: "ForestGame", events: List[Event]) -> None:
    st = game.state
    st.phase = Phase.OVER
    totals, breakdowns = [], []
    for p in range(game.players):
        sb = game.score_breakdown(p)
        events.extend(_scoring_events(sb))
        totals.append(sb.total)
        breakdowns.append(sb)
    st.final_scores, st.final_breakdowns = tuple(totals), tuple(breakdowns)
    winner, tied = tie_break(totals, st.pawn, game.ties_to_holder)
    st.winner = winner
    if len(tied) == 1:
        events.append(Event("forest.end.winner", f"{game.names[winner]} wins with {plural(totals[winner], 'point')}",
                            winner, {"scores": list(totals)}))
    else:
        names = and_list(game.names[p] for p in tied)
        events.append(Event("forest.end.tie-break", f"{names} tie on {plural(totals[winner], 'point')}: "
                            f"{game.names[winner]} is first in turn order "
                            f"{'from' if game.ties_to_holder else 'after'} the pawn holder and wins",
                            winner, {"scores": list(totals)}))


def _scoring_events(sb: ForestScore) -> List[Event]:
    """The final score of one forest, event by event: each animal's food, the animals, the pawn."""
    p, name = sb.player, sb.name
    events = []
    for a in sb.animals:
        if not a.discarded:
            stored = and_list(a.stored) or "nothing"
            events.append(Event("forest.score.food-value", f"{name}'s {a.name} stores {stored}: "
                                f"{plural(a.food_points, 'point')}", p,
                                {"cell": list(a.cell), "points": a.food_points}))
    events.append(Event("forest.score.own-points", f"{name}'s animals score {plural(sb.animal_points, 'point')} "
                        "themselves", p))
    if sb.pawn_point:
        events.append(Event("forest.score.rooster-point", f"{name} ends with the 1st Player pawn: +1 point", p))
    return events


def _apply_orient(game: "ForestGame", m: Orient) -> List[Event]:
    st = game.state
    p, k = st.to_orient.pop(0)
    card = st.starting_animals[p][k]
    t = game.catalogue.turned[card][m.rotation // 90]
    st.forests[p].place((k, 0), t)
    events = [Event("forest.adv.two-animals", f"{game.names[p]} lays {_phrase(game, card)} at ({k}, 0), "
                    f"turned {m.rotation}° (its path leaves {EDGE_NAMES[t.exit]})", p)]
    if not st.to_orient:
        st.starting_animals = [[] for _ in range(game.players)]
        st.phase = Phase.TAKE
    return events


_APPLY = {Take: _apply_take, Place: _apply_place, Lair: _apply_lair, Water: _apply_water, Keep: _apply_keep,
          Orient: _apply_orient}
