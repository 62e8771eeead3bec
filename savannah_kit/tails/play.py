"""What a Savannah Tails move does to the race, rule step by rule step.

``apply_move`` follows the plan the generator made for a legal move: play the
card (or Crazy Wings / Déjà vu), declare Boinnnggg or tiptoeing, take the
steps, mark bonus cards at the water holes, Neck Stretch and Leapfrog, the dune
arrow, the cheetahs, the draw (or the warthog's redraw), the hand-size check and
the end of the turn. Each step leaves events that cite its rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List

from ..core.events import Event
from .data import (BIRD_BRAIN_HAND, BIRD_BRAIN_SLOT, BONUS_NAMES, CARD_CODES, CARD_NAMES, HAND_SIZE, LANES,
                   BonusState, Ending, Mode, PlayKind)
from .explain import blockers, obstacle_names, plural, points_used, step_blockers, word_list
from .moves import Move, Plan
from .scenario import marker_pile
from .track import CHEETAH, PORCUPINE, QUICKSAND, START, WARTHOG, steps_of

if TYPE_CHECKING:
    from .rules import TailsGame

INACTIVE, ARMED, ACTIVE, GONE = BonusState
NORMAL, TIPTOE = Mode.NORMAL, Mode.TIPTOE  # module names: faster than the enums' attributes, once per step
BLOCKED, STAYED, ONE_SPACE, PORCUPINE_END = Ending.BLOCKED, Ending.STAYED, Ending.ONE_SPACE, Ending.PORCUPINE
CARD, CRAZY_WINGS = PlayKind.CARD, PlayKind.CRAZY_WINGS
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return ORDINAL.get(n, f"{n}th")


def apply_move(game: "TailsGame", move: Move) -> List[Event]:
    """Apply a legal move by its plan, rule step by rule step."""
    p = game.current_player
    if move.kind == "discard":
        return _apply_discard(game, p, move)
    plan: Plan = game._plan(move)
    finish = plan.finish
    ev: List[Event] = []
    start = game.state.pos[p]
    _play_card(game, p, plan, ev)
    if move.boinnnggg or plan.card.mode & TIPTOE:
        _declare(game, p, move, plan, ev)
    _take_steps(game, p, move, plan, start, ev)
    if finish.water:
        _water_holes(game, p, plan, ev)
    if move.neck_stretch or move.leapfrog:
        _neck_and_leap(game, p, move, plan, ev)
    if finish.dune_to >= 0:
        _dune(game, p, plan, ev)
    elif plan.card.mode & TIPTOE and game.track.dune[finish.final] and plan.route.ending != PORCUPINE_END:
        ev.append(Event("tails.tiptoe.ignore", f"{game.who(p)} tiptoes and stays on the dune arrow of "
                        f"{game.track.names[finish.final]}: after tiptoeing, following it is a choice", p,
                        {"space": game.track.names[finish.final]}))
    game.state.pos[p] = finish.final
    if finish.lost:
        _cheetahs(game, p, plan, ev)
    _draw_after_move(game, p, move, plan, ev)
    if len(game.state.hands[p]) > game.hand_size(p):
        st = game.state
        st.pending_discard = len(st.hands[p]) - game.hand_size(p)
        ev.append(Event("tails.draw.hand-size", f"{game.who(p)} holds {len(st.hands[p])} cards, hand size "
                        f"{game.hand_size(p)}: must discard {st.pending_discard}", p,
                        {"hand": len(st.hands[p]), "hand_size": game.hand_size(p), "discard": st.pending_discard}))
        return ev
    _end_turn(game, p, ev)
    return ev

def _use_bonus(game: "TailsGame", p: int, card: int, ev: List[Event]) -> None:
    """Spend bonus card ``card`` (0-2): it and its marker leave the game (``tails.bonus.consumed``)."""
    game.state.bonuses[p][card] = GONE
    game.state.markers_used[p] += 1
    face = game.faces[card]
    ev.append(Event("tails.bonus.consumed", f"{game.who(p)}'s {BONUS_NAMES[face]} card and its marker leave the game",
                    p, {"bonus": face, "markers_left": _markers_left(game, p)}))

def _markers_left(game: "TailsGame", p: int) -> int:
    """The mover's markers still in the common pile (``tails.setup.markers``)."""
    return marker_pile(game)[game.colours[p]]

def _play_card(game: "TailsGame", p: int, plan: Plan, ev: List[Event]) -> None:
    """Step a (``tails.turn.play-card``): the card, or Crazy Wings / Déjà vu instead."""
    card, who, st = plan.card, game.who(p), game.state
    if card.play == CARD:
        st.hands[p].remove(card.code)
        st.discards[p].append(card.code)
        ev.append(Event("tails.turn.play-card", f"{who} plays {CARD_NAMES[card.code]}", p,
                        {"card": CARD_NAMES[card.code], "value": card.value}))
    elif card.play == CRAZY_WINGS:
        ev.append(Event("tails.bonus.crazy-wings", f"{who} uses Crazy Wings as a {card.lane} 4", p,
                        {"lane": card.lane, "value": card.value}))
        _use_bonus(game, p, 1, ev)
    else:
        ev.append(Event("tails.bonus.deja-vu", f"{who} uses Déjà vu: moves with {CARD_NAMES[card.code]} "
                        "again", p, {"card": CARD_NAMES[card.code], "value": card.value}))
        _use_bonus(game, p, 1, ev)

def _declare(game: "TailsGame", p: int, move: Move, plan: Plan, ev: List[Event]) -> None:
    """What is declared before moving: Boinnnggg, or tiptoeing with a '2'."""
    who = game.who(p)
    if move.boinnnggg:
        ev.append(Event("tails.bonus.boinnnggg", f"{who} declares Boinnnggg: it moves through ostriches, animals "
                        "and quicksand", p, {"bonus": "boinnnggg"}))
        _use_bonus(game, p, 0, ev)
    if plan.card.mode & TIPTOE:
        ev.append(Event("tails.tiptoe.ignore", f"{who} tiptoes with a 2: animals, dunes and quicksand are "
                        "ignored this turn", p, {"value": plan.card.value}))

def _take_steps(game: "TailsGame", p: int, move: Move, plan: Plan, start: int, ev: List[Event]) -> None:
    """Step b: the movement itself, and what it meets on the way."""
    track, who, card = game.track, game.who(p), plan.card
    end = plan.route.end
    normal = move.kind == "normal" and plan.route.ending != STAYED
    if normal and start == START:
        ev.append(Event("tails.move.start-line", f"{who} leaves the start line (no bonus movement)", p, {"bonus": 0}))
    elif normal and track.lane[start] < 0:
        ev.append(Event("tails.bridge.no-bonus", f"{who} starts on the rope bridge: no bonus movement", p,
                        {"bonus": 0}))
    if normal and card.bonus:
        rid = "tails.move.bonus-flat-variant" if game.flat_bonus else "tails.move.bonus-movement"
        why = "flat +2 variant" if game.flat_bonus else f"is {ordinal(card.bonus)}"
        ev.append(Event(rid, f"{who} moves {plural(card.bonus, 'extra space')}: bonus movement, started on the "
                        f"{LANES[card.target]} lane and {why}", p,
                        {"bonus": card.bonus} if game.flat_bonus else {"bonus": card.bonus, "place": card.bonus}))
    ev.append(_movement_event(game, p, plan, start))
    if card.mode == NORMAL and plan.mask & track.narrated:
        _narrate(game, p, steps_of(plan.mask), ev)
    if normal and track.lane[end] < 0:
        ev.append(Event("tails.bridge.any-colour", f"{who} stops on the rope bridge, which counts as every "
                        "colour", p, {"space": track.names[end]}))
    elif move.kind == "normal" and start != START and track.lane[start] < 0 and plan.mask:
        off = next(s for s in steps_of(plan.mask) if track.lane[s] >= 0)
        ev.append(Event("tails.bridge.exit-lane", f"{who} steps off the rope bridge onto the "
                        f"{LANES[track.lane[off]]} lane", p, {"lane": LANES[track.lane[off]], "space": track.names[off]}))

def _movement_event(game: "TailsGame", p: int, plan: Plan, start: int) -> Event:
    who, names, ending = game.who(p), game.track.names, plan.route.ending
    if ending == STAYED:
        found = step_blockers(game, p, start)
        by = word_list(obstacle_names(game, p, found))
        block = f" ({by} {'blocks' if len(found) == 1 else 'block'} every space one step away)" if found else ""
        return Event("tails.move.fully-blocked", f"{who} cannot take a single step{block} and stays on "
                     f"{names[start]}", p,
                     {"steps": 0, "blockers": [{"kind": kind, "space": names[s]} for kind, s in found]})
    where = names[plan.route.end]
    data = {"steps": plan.mask.bit_count(), "to": where}
    if ending == ONE_SPACE:
        return Event("tails.move.one-space-any-card", f"{who} moves one space to {where}", p, data)
    if ending == PORCUPINE_END:
        return Event("tails.animal.porcupine", f"{who} runs into a porcupine on {where}: ouch! The move ends "
                     "there", p, data)
    if ending == BLOCKED:
        return _blocked_event(game, p, plan, start, data)
    points = plan.card.value + plan.card.bonus
    return Event("tails.move.exact-distance", f"{who} moves {points} points to {where}", p,
                 {**data, "points": points})

def _blocked_event(game: "TailsGame", p: int, plan: Plan, start: int, data: dict) -> Event:
    """A move cut short (``tails.move.blocked-stop``), told with what blocks it and where it stops."""
    card, names = plan.card, game.track.names
    found = blockers(game, p, start, card.value + card.bonus, card.target, card.mode)
    by = f" by {word_list(obstacle_names(game, p, found))}" if found else ""
    data = {**data, "points": points_used(game.track, plan.mask, card.mode),
            "blockers": [{"kind": kind, "space": names[s]} for kind, s in found]}
    return Event("tails.move.blocked-stop", f"{game.who(p)} is blocked{by} and stops on {data['to']} after "
                 f"{plural(data['steps'], 'space')}", p, data)

def _narrate(game: "TailsGame", p: int, steps, ev: List[Event]) -> None:
    """Events for the quicksand, cheetahs and warthogs a move steps on."""
    track, who = game.track, game.who(p)
    for t in steps:
        f = track.feat[t]
        if f & QUICKSAND:
            ev.append(Event("tails.quicksand.cost", f"{who} wades through quicksand on {track.names[t]}: 2 "
                            "movement points", p, {"space": track.names[t], "points": 2}))
        elif f & CHEETAH:
            ev.append(Event("tails.animal.cheetah", f"{who} meets a cheetah on {track.names[t]}", p,
                            {"space": track.names[t]}))
        elif f & WARTHOG:
            ev.append(Event("tails.animal.warthog", f"{who} runs through a warthog on {track.names[t]}: "
                            "hand redraw at the end of the turn", p, {"space": track.names[t]}))

def _water_holes(game: "TailsGame", p: int, plan: Plan, ev: List[Event]) -> None:
    """Markers on the bonus cards chosen at the water holes entered (``tails.water.gain-marker``)."""
    who, finish = game.who(p), plan.finish
    for i in finish.armed:
        game.state.bonuses[p][i] = ARMED
        face = game.faces[i]
        when = ", which acts at once" if face == "bird-brain" else " (usable from the next turn)"
        ev.append(Event("tails.water.gain-marker", f"{who} drinks at a water hole and arms {BONUS_NAMES[face]}"
                        f"{when}", p, {"bonus": face, "markers_left": _markers_left(game, p)}))
        if face == "bird-brain":  # the exception to tails.water.next-turn
            ev.append(Event("tails.bonus.bird-brain", f"{who}'s Bird Brain acts at once: hand size "
                            f"{BIRD_BRAIN_HAND}, and one extra card at the end of this turn", p,
                            {"hand_size": BIRD_BRAIN_HAND, "extra_cards": 1}))
    if finish.water > len(finish.armed):
        dry = finish.water - len(finish.armed)
        ev.append(Event("tails.water.count", f"{who} has no bonus card left without a marker: "
                        f"{plural(dry, 'water hole')} {'gives' if dry == 1 else 'give'} nothing", p,
                        {"water_holes": finish.water, "armed": len(finish.armed)}))

def _neck_and_leap(game: "TailsGame", p: int, move: Move, plan: Plan, ev: List[Event]) -> None:
    """After the steps: Neck Stretch, then Leapfrog (``tails.bonus.end-of-move-order``)."""
    who, names, finish = game.who(p), game.track.names, plan.finish
    if move.neck_stretch:
        steps = finish.neck_steps
        ev.append(Event("tails.bonus.neck-stretch", f"{who} stretches its neck {plural(len(steps), 'more space')} "
                        f"to {names[steps[-1]]}", p, {"steps": len(steps), "to": names[steps[-1]]}))
        _use_bonus(game, p, 2, ev)
        if plan.card.mode == NORMAL:
            _narrate(game, p, steps, ev)
            if game.track.feat[steps[-1]] & PORCUPINE:
                ev.append(Event("tails.animal.porcupine", f"{who} runs into a porcupine on {names[steps[-1]]}: "
                                "ouch!", p, {"space": names[steps[-1]]}))
    if move.leapfrog:
        jumped = _jumped(game, plan)
        ev.append(Event("tails.bonus.leapfrog", f"{who} leapfrogs to {names[finish.leap_to]}", p,
                        {"to": names[finish.leap_to], "jumped": jumped}))
        _use_bonus(game, p, 0, ev)

def _jumped(game: "TailsGame", plan: Plan) -> int:
    """How many ostriches a Leapfrog jumps: those between where the steps stopped and the landing."""
    track, finish = game.track, plan.finish
    x = finish.neck_steps[-1] if finish.neck_steps else plan.route.end
    count = 0
    while (x := track.forward(x, plan.card.target)) not in (finish.leap_to, -1):
        count += 1
    return count

def _dune(game: "TailsGame", p: int, plan: Plan, ev: List[Event]) -> None:
    """The dune arrow of the final space (``tails.dune.arrow``)."""
    finish, who, names = plan.finish, game.who(p), game.track.names
    if finish.dune_to == _landed(game, plan):
        ev.append(Event("tails.dune.blocked", f"{who} stops on a dune arrow but its space is blocked: the "
                        "arrow is ignored", p, {"space": names[finish.dune_to]}))
        return
    ev.append(Event("tails.dune.arrow", f"{who} slides along the dune to {names[finish.dune_to]}", p,
                    {"to": names[finish.dune_to]}))
    if game.track.dune[finish.dune_to]:
        ev.append(Event("tails.dune.no-chain", f"{who} ignores the second dune arrow", p))

def _landed(game: "TailsGame", plan: Plan) -> int:
    """Where the ostrich stands before the dune arrow moves it."""
    finish = plan.finish
    if finish.leap_to >= 0:
        return finish.leap_to
    if finish.neck_steps:
        return finish.neck_steps[-1]
    return plan.route.end

def _cheetahs(game: "TailsGame", p: int, plan: Plan, ev: List[Event]) -> None:
    """Bonus cards given up to the cheetahs entered (``tails.animal.cheetah``)."""
    who, status = game.who(p), game.state.bonuses[p]
    for i in plan.finish.lost:
        had_marker = status[i] in (ARMED, ACTIVE)
        status[i] = GONE
        face = game.faces[i]
        ev.append(Event("tails.animal.cheetah", f"A cheetah takes {who}'s {BONUS_NAMES[face]} card", p,
                        {"bonus": face}))
        if had_marker:
            ev.append(Event("tails.animal.cheetah-marker", f"{who}'s marker on {BONUS_NAMES[face]} goes back to "
                            "the pile" + (f": hand size back to {HAND_SIZE}" if face == "bird-brain" else ""), p,
                            {"bonus": face, "hand_size": game.hand_size(p)}))

def _draw_after_move(game: "TailsGame", p: int, move: Move, plan: Plan, ev: List[Event]) -> None:
    """Step c: the draw, or the warthog's redraw (``tails.animal.warthog-replaces-draw``)."""
    st, who = game.state, game.who(p)
    size, hand = game.hand_size(p), st.hands[p]
    if move.warthog:
        st.discards[p].extend(hand)
        hand.clear()
        _draw(game, p, size, ev)
        ev.append(Event("tails.animal.warthog-replaces-draw", f"{who} discards the hand and redraws "
                        f"{plural(size, 'card')} (no other draw)", p, {"cards": size}))
        return
    if plan.card.play == CARD:
        _draw(game, p, 1, ev)
        ev.append(Event("tails.draw.one", f"{who} draws 1 card", p, {"cards": 1}))
    bb = game.ready_slots[BIRD_BRAIN_SLOT]
    if bb >= 0 and bb in plan.finish.armed and st.bonuses[p][bb] == ARMED:
        _draw(game, p, 1, ev)
        ev.append(Event("tails.bonus.bird-brain", f"{who} draws 1 extra card for Bird Brain", p, {"cards": 1}))

def _draw(game: "TailsGame", p: int, n: int, ev: List[Event]) -> None:
    st = game.state
    deck, hand = st.decks[p], st.hands[p]
    for _ in range(n):
        if not deck:
            pile = st.discards[p]
            deck.extend(pile)
            pile.clear()
            game.rng.shuffle(deck)
            ev.append(Event("tails.draw.reshuffle", f"{game.who(p)} shuffles the discard pile into a new draw "
                            "deck", p, {"cards": len(deck)}))
        hand.append(deck.pop())

def _apply_discard(game: "TailsGame", p: int, move: Move) -> List[Event]:
    st = game.state
    for name in move.discard:
        code = CARD_CODES[name]
        st.hands[p].remove(code)
        st.discards[p].append(code)
    ev = [Event("tails.draw.hand-size", f"{game.who(p)} discards {', '.join(move.discard)} down to the hand "
                "size", p, {"cards": list(move.discard)})]
    st.pending_discard = 0
    _end_turn(game, p, ev)
    return ev

def _end_turn(game: "TailsGame", p: int, ev: List[Event]) -> None:
    st = game.state
    status = st.bonuses[p]
    if ARMED in status:
        for i in range(3):
            if status[i] == ARMED:
                status[i] = ACTIVE
    if not st.last_round and game.track.crossed[st.pos[p]]:
        st.last_round = True
        ev.append(Event("tails.end.trigger", f"{game.who(p)} crosses the finish line: this round is the last", p,
                        {"past_line": game.track.score[st.pos[p]]}))
    st.turn += 1
    if st.turn < game.players:
        return
    if st.last_round:
        st.over = True
        _announce_winner(game, ev)
    else:
        st.round += 1
        st.turn = 0
        st.order = game.race_order()
        ev.append(Event("tails.order.turn-sequence", f"Round {st.round}: "
                        + ", ".join(game.who(q) for q in st.order), None,
                        {"round": st.round, "order": [game.who(q) for q in st.order]}))

def _announce_winner(game: "TailsGame", ev: List[Event]) -> None:
    w = game.winners()[0]
    scores = game.scores()
    tied = [q for q in range(game.players) if scores[q] == scores[w]]
    if len(tied) > 1:
        ev.append(Event("tails.end.tie-baobab", f"{game.who(w)} wins the tie at {scores[w]} past the line: "
                        "nearest the baobab of the finish tile", w, {"past_line": scores[w], "tied": len(tied)}))
    ev.append(Event("tails.end.winner", f"{game.who(w)} wins, {plural(scores[w], 'space')} past the line", w,
                    {"scores": scores, "past_line": scores[w]}))
