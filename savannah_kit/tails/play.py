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
from .data import BONUS_NAMES, CARD_CODES, CARD_NAMES, LANES, BonusState, Ending, Mode, PlayKind
from .moves import Move, Plan
from .track import CHEETAH, PORCUPINE, QUICKSAND, START, WARTHOG, steps_of

if TYPE_CHECKING:
    from .rules import TailsGame

INACTIVE, ARMED, ACTIVE, GONE = BonusState
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
    if move.boinnnggg or plan.card.mode == Mode.TIPTOE:
        _declare(game, p, move, plan, ev)
    _take_steps(game, p, move, plan, start, ev)
    if finish.water:
        _water_holes(game, p, plan, ev)
    if move.neck_stretch or move.leapfrog:
        _neck_and_leap(game, p, move, plan, ev)
    if finish.dune_to >= 0:
        _dune(game, p, plan, ev)
    game.state.pos[p] = finish.final
    if finish.lost:
        _cheetahs(game, p, plan, ev)
    _draw_after_move(game, p, move, plan, ev)
    if len(game.state.hands[p]) > game.hand_size(p):
        st = game.state
        st.pending_discard = len(st.hands[p]) - game.hand_size(p)
        ev.append(Event("tails.draw.hand-size", f"{game.who(p)} holds {len(st.hands[p])} cards, hand size "
                        f"{game.hand_size(p)}: must discard {st.pending_discard}", p,
                        {"hand": len(st.hands[p]), "hand_size": game.hand_size(p)}))
        return ev
    _end_turn(game, p, ev)
    return ev

def _use_bonus(game: "TailsGame", p: int, card: int) -> None:
    """Spend bonus card ``card`` (0-2): it and its marker leave the game (``tails.bonus.consumed``)."""
    game.state.bonuses[p][card] = GONE
    game.state.markers_used[p] += 1

def _play_card(game: "TailsGame", p: int, plan: Plan, ev: List[Event]) -> None:
    """Step a (``tails.turn.play-card``): the card, or Crazy Wings / Déjà vu instead."""
    card, who, st = plan.card, game.who(p), game.state
    if card.play == PlayKind.CARD:
        st.hands[p].remove(card.code)
        st.discards[p].append(card.code)
        ev.append(Event("tails.turn.play-card", f"{who} plays {CARD_NAMES[card.code]}", p,
                        {"card": CARD_NAMES[card.code]}))
    elif card.play == PlayKind.CRAZY_WINGS:
        _use_bonus(game, p, 1)
        ev.append(Event("tails.bonus.crazy-wings", f"{who} uses Crazy Wings as a {card.lane} 4", p,
                        {"lane": card.lane}))
    else:
        _use_bonus(game, p, 1)
        ev.append(Event("tails.bonus.deja-vu", f"{who} uses Déjà vu: moves with {CARD_NAMES[card.code]} "
                        "again", p, {"card": CARD_NAMES[card.code]}))

def _declare(game: "TailsGame", p: int, move: Move, plan: Plan, ev: List[Event]) -> None:
    """What is declared before moving: Boinnnggg, or tiptoeing with a '2'."""
    who = game.who(p)
    if move.boinnnggg:
        _use_bonus(game, p, 0)
        ev.append(Event("tails.bonus.boinnnggg", f"{who} declares Boinnnggg: ostriches, animals and "
                        "quicksand do not stop it", p))
    if plan.card.mode == Mode.TIPTOE:
        ev.append(Event("tails.tiptoe.ignore", f"{who} tiptoes with a 2: animals, dunes and quicksand are "
                        "ignored this turn", p))

def _take_steps(game: "TailsGame", p: int, move: Move, plan: Plan, start: int, ev: List[Event]) -> None:
    """Step b: the movement itself, and what it meets on the way."""
    track, who, card = game.track, game.who(p), plan.card
    end = plan.route.end
    normal = move.kind == "normal" and plan.route.ending != Ending.STAYED
    if normal and start == START:
        ev.append(Event("tails.move.start-line", f"{who} leaves the start line (no bonus movement)", p))
    elif normal and track.lane[start] < 0:
        ev.append(Event("tails.bridge.no-bonus", f"{who} starts on the rope bridge: no bonus movement", p))
    if normal and card.bonus:
        rid = "tails.move.bonus-flat-variant" if game.flat_bonus else "tails.move.bonus-movement"
        why = "flat +2 variant" if game.flat_bonus else f"is {ordinal(card.bonus)}"
        ev.append(Event(rid, f"{who} moves {card.bonus} extra space{'s' if card.bonus > 1 else ''}: bonus "
                        f"movement, started on the {LANES[card.target]} lane and {why}", p,
                        {"bonus": card.bonus}))
    ev.append(_movement_event(game, p, plan, start))
    if card.mode == Mode.NORMAL and plan.mask & track.narrated:
        _narrate(game, p, steps_of(plan.mask), ev)
    if normal and track.lane[end] < 0:
        ev.append(Event("tails.bridge.any-colour", f"{who} stops on the rope bridge, which counts as every "
                        "colour", p))
    elif move.kind == "normal" and track.lane[start] < 0 and plan.mask:
        off = next(s for s in steps_of(plan.mask) if track.lane[s] >= 0)
        ev.append(Event("tails.bridge.exit-lane", f"{who} steps off the rope bridge onto the "
                        f"{LANES[track.lane[off]]} lane", p))

def _movement_event(game: "TailsGame", p: int, plan: Plan, start: int) -> Event:
    who, names, ending = game.who(p), game.track.names, plan.route.ending
    if ending == Ending.STAYED:
        return Event("tails.move.fully-blocked", f"{who} cannot take a single step and stays on "
                     f"{names[start]}", p, {"steps": 0})
    where = names[plan.route.end]
    data = {"steps": plan.mask.bit_count(), "to": where}
    if ending == Ending.ONE_SPACE:
        return Event("tails.move.one-space-any-card", f"{who} moves one space to {where}", p, data)
    if ending == Ending.PORCUPINE:
        return Event("tails.animal.porcupine", f"{who} runs into a porcupine on {where}: ouch! The move ends "
                     "there", p, data)
    if ending == Ending.BLOCKED:
        return Event("tails.move.blocked-stop", f"{who} is blocked and moves {data['steps']} spaces to "
                     f"{where}", p, data)
    points = plan.card.value + plan.card.bonus
    return Event("tails.move.exact-distance", f"{who} moves {points} points to {where}", p,
                 {**data, "points": points})

def _narrate(game: "TailsGame", p: int, steps, ev: List[Event]) -> None:
    """Events for the quicksand, cheetahs and warthogs a move steps on."""
    track, who = game.track, game.who(p)
    for t in steps:
        f = track.feat[t]
        if f & QUICKSAND:
            ev.append(Event("tails.quicksand.cost", f"{who} wades through quicksand on {track.names[t]}: 2 "
                            "movement points", p))
        elif f & CHEETAH:
            ev.append(Event("tails.animal.cheetah", f"{who} meets a cheetah on {track.names[t]}", p))
        elif f & WARTHOG:
            ev.append(Event("tails.animal.warthog", f"{who} runs through a warthog on {track.names[t]}: "
                            "hand redraw at the end of the turn", p))

def _water_holes(game: "TailsGame", p: int, plan: Plan, ev: List[Event]) -> None:
    """Markers on the bonus cards chosen at the water holes entered (``tails.water.gain-marker``)."""
    who, finish = game.who(p), plan.finish
    for i in finish.armed:
        game.state.bonuses[p][i] = ARMED
        face = game.faces[i]
        ev.append(Event("tails.water.gain-marker", f"{who} drinks at a water hole and arms {BONUS_NAMES[face]} "
                        "(usable from the next turn)", p, {"bonus": face}))
        if face == "bird-brain":
            ev.append(Event("tails.bonus.bird-brain", f"{who} gets Bird Brain: hand size 5 and one extra card "
                            "this turn", p))
    if finish.water > len(finish.armed):
        ev.append(Event("tails.water.count", f"{who} passes a water hole with no bonus card left to arm", p))

def _neck_and_leap(game: "TailsGame", p: int, move: Move, plan: Plan, ev: List[Event]) -> None:
    """After the steps: Neck Stretch, then Leapfrog (``tails.bonus.end-of-move-order``)."""
    who, names, finish = game.who(p), game.track.names, plan.finish
    if move.neck_stretch:
        _use_bonus(game, p, 2)
        steps = finish.neck_steps
        ev.append(Event("tails.bonus.neck-stretch", f"{who} stretches its neck {len(steps)} more "
                        f"space{'s' if len(steps) > 1 else ''} to {names[steps[-1]]}", p,
                        {"steps": len(steps)}))
        if plan.card.mode == Mode.NORMAL:
            _narrate(game, p, steps, ev)
            if game.track.feat[steps[-1]] & PORCUPINE:
                ev.append(Event("tails.animal.porcupine", f"{who} runs into a porcupine on {names[steps[-1]]}: "
                                "ouch!", p))
    if move.leapfrog:
        _use_bonus(game, p, 0)
        ev.append(Event("tails.bonus.leapfrog", f"{who} leapfrogs to {names[finish.leap_to]}", p,
                        {"to": names[finish.leap_to]}))

def _dune(game: "TailsGame", p: int, plan: Plan, ev: List[Event]) -> None:
    """The dune arrow of the final space (``tails.dune.arrow``)."""
    finish, who, names = plan.finish, game.who(p), game.track.names
    if finish.dune_to == _landed(game, plan):
        ev.append(Event("tails.dune.blocked", f"{who} stops on a dune arrow but its space is blocked: the "
                        "arrow is ignored", p))
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
                            "the pile" + (": hand size back to 4" if face == "bird-brain" else ""), p))

def _draw_after_move(game: "TailsGame", p: int, move: Move, plan: Plan, ev: List[Event]) -> None:
    """Step c: the draw, or the warthog's redraw (``tails.animal.warthog-replaces-draw``)."""
    st, who = game.state, game.who(p)
    size, hand = game.hand_size(p), st.hands[p]
    if move.warthog:
        st.discards[p].extend(hand)
        hand.clear()
        _draw(game, p, size, ev)
        ev.append(Event("tails.animal.warthog-replaces-draw", f"{who} discards the hand and redraws {size} "
                        "cards (no other draw)", p, {"cards": size}))
        return
    n = 1 if plan.card.play == PlayKind.CARD else 0
    bb = game.slot.get("bird-brain")
    if bb is not None and bb in plan.finish.armed and st.bonuses[p][bb] == ARMED:
        n += 1
    if n:
        _draw(game, p, n, ev)
        ev.append(Event("tails.draw.one", f"{who} draws {n} card{'s' if n > 1 else ''}", p, {"cards": n}))

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
                            "deck", p))
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
    for i in range(3):
        if status[i] == ARMED:
            status[i] = ACTIVE
    if not st.last_round and game.track.crossed[st.pos[p]]:
        st.last_round = True
        ev.append(Event("tails.end.trigger", f"{game.who(p)} crosses the finish line: this round is the last", p))
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
                        + ", ".join(game.who(q) for q in st.order), None, {"round": st.round}))

def _announce_winner(game: "TailsGame", ev: List[Event]) -> None:
    w = game.winners()[0]
    scores = game.scores()
    tied = [q for q in range(game.players) if scores[q] == scores[w]]
    if len(tied) > 1:
        ev.append(Event("tails.end.tie-baobab", f"{game.who(w)} wins the tie at {scores[w]} past the line: "
                        "nearest the baobab of the finish tile", w))
    ev.append(Event("tails.end.winner", f"{game.who(w)} wins, {scores[w]} space{'s' if scores[w] != 1 else ''} "
                    "past the line", w, {"scores": scores}))
