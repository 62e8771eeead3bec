"""What a Savannah Tails move does to the race, rule step by rule step.

``apply_move`` follows the plan the generator made for a legal move: play the card (or Crazy Wings / Déjà vu),
declare Boinnnggg or tiptoeing, take the steps, mark bonus cards at the water holes, Neck Stretch and Leapfrog,
the dune arrow, the cheetahs, the draw (or the warthog's redraw), the hand-size check and the end of the turn.
Each step leaves events that cite its rule.
"""

from __future__ import annotations

import random
from typing import List

from ..core.events import Event
from ..core.words import and_list, plural
from .data import BIRD_BRAIN_HAND, BIRD_BRAIN_SLOT, BONUS_NAMES, CARD_CODES, CARD_NAMES, HAND_SIZE, LANES, \
    BonusState, Ending, Mode, PlayKind
from .explain import obstacle_names
from .generate import landing_counts, occupancy
from .moves import Discard, Move, Plan
from .scenario import markers_left
from .state import Race, TailsState
from .step import blockers, has_arrow, met_on_the_way, points_used, step_blockers, stops_here, water_at
from .track import START, steps_of

INACTIVE, ARMED, ACTIVE, GONE = BonusState
NORMAL, TIPTOE = Mode.NORMAL, Mode.TIPTOE  # module names: faster than the enums' attributes, once per step
BLOCKED, STAYED, ONE_SPACE, PORCUPINE_END = Ending.BLOCKED, Ending.STAYED, Ending.ONE_SPACE, Ending.PORCUPINE
CARD, CRAZY_WINGS = PlayKind.CARD, PlayKind.CRAZY_WINGS
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}


def apply_move(state: TailsState, race: Race, rng: random.Random, move: Move, plan: Plan) -> List[Event]:
    """Apply a legal move by its plan (None for a discard), rule step by rule step."""
    p = state.order[state.turn]
    if type(move) is Discard:
        return _apply_discard(state, race, p, move)
    turn = _Told(state, race, p)
    finish, track = plan.finish, race.track
    start = state.pos[p]
    if plan.route.ending != STAYED or race.rulings.get("blocked") != "keep":  # option blocked="keep": kept (K3)
        _play_card(turn, plan)
    if move.boinnnggg or plan.card.mode & TIPTOE:
        _declare(turn, move, plan)
    _take_steps(turn, move, plan, start)
    landed_water = water_at(track, finish.leap_to) if finish.leap_to >= 0 and landing_counts(race) else 0
    if finish.water:  # a Leapfrog's landing is told before the water hole it arms
        _water_holes(turn, finish.armed[:finish.water - landed_water], 0 if landed_water else finish.water)
    if move.neck_stretch or move.leapfrog:
        _neck_and_leap(turn, move, plan)
    if landed_water:
        _water_holes(turn, finish.armed[finish.water - landed_water:], finish.water)
    if finish.dune_to >= 0:
        _dune(turn, plan)
    elif plan.card.mode & TIPTOE and has_arrow(track, finish.final) and plan.route.ending != PORCUPINE_END:
        turn.tell("tails.tiptoe.ignore", f"tiptoes and stays on the dune arrow of {track.names[finish.final]}: "
                  "after tiptoeing, following it is a choice", {"space": track.names[finish.final]})
    state.pos[p] = finish.final
    if finish.lost:
        _cheetahs(turn, plan)
    _draw_after_move(turn, rng, move, plan)
    size = race.hand_size(state, p)
    if len(state.hands[p]) > size:
        state.pending_discard = len(state.hands[p]) - size
        turn.tell("tails.draw.hand-size", f"holds {len(state.hands[p])} cards, hand size {size}: must discard "
                  f"{state.pending_discard}", {"hand": len(state.hands[p]), "hand_size": size,
                                              "discard": state.pending_discard})
        return turn.events
    _end_turn(state, race, p, turn.events)
    return turn.events


class _Told:
    """The mover of a move being applied, and the events told so far."""

    __slots__ = ("state", "race", "p", "who", "events")

    def __init__(self, state: TailsState, race: Race, p: int):
        self.state, self.race, self.p, self.who = state, race, p, race.who(p)
        self.events: List[Event] = []

    def tell(self, rule: str, what: str, data=None) -> None:
        """An event about the mover: ``what`` follows the mover's name."""
        self.events.append(Event(rule, f"{self.who} {what}", self.p, data))


def _use_bonus(turn: _Told, card: int) -> None:
    """Spend bonus card ``card`` (0-2): it and its marker leave the game (``tails.bonus.consumed``)."""
    state, p = turn.state, turn.p
    state.bonuses[p][card] = GONE
    state.markers_used[p] += 1
    face = turn.race.faces[card]
    turn.events.append(Event("tails.bonus.consumed", f"{turn.who}'s {BONUS_NAMES[face]} card and its marker leave "
                             "the game", p, {"bonus": face, "markers_left": markers_left(state, p)}))


def _play_card(turn: _Told, plan: Plan) -> None:
    """Step a (``tails.turn.play-card``): the card, or Crazy Wings / Déjà vu instead."""
    card, st, p = plan.card, turn.state, turn.p
    if card.play == CARD:
        st.hands[p].remove(card.code)
        st.discards[p].append(card.code)
        turn.tell("tails.turn.play-card", f"plays {CARD_NAMES[card.code]}",
                  {"card": CARD_NAMES[card.code], "value": card.value})
        return
    if card.play == CRAZY_WINGS:
        turn.tell("tails.bonus.crazy-wings", f"uses Crazy Wings as a {card.lane} 4", {"lane": card.lane,
                                                                                     "value": card.value})
    else:
        turn.tell("tails.bonus.deja-vu", f"uses Déjà vu: moves with {CARD_NAMES[card.code]} again",
                  {"card": CARD_NAMES[card.code], "value": card.value})
    _use_bonus(turn, 1)  # the Crazy Wings / Déjà vu card


def _declare(turn: _Told, move: Move, plan: Plan) -> None:
    """What is declared before moving: Boinnnggg, or tiptoeing with a '2'."""
    if move.boinnnggg:
        end = ", the end space included (K6, boinnnggg_end='through')" if turn.race.track.boinnnggg_end == "through" else ""
        turn.tell("tails.bonus.boinnnggg", f"declares Boinnnggg: it moves through ostriches, animals and quicksand{end}",
                  {"bonus": "boinnnggg"})
        _use_bonus(turn, 0)
    if plan.card.mode & TIPTOE:
        turn.tell("tails.tiptoe.ignore", "tiptoes with a 2: animals, dunes and quicksand are ignored this turn",
                  {"value": plan.card.value})


def _take_steps(turn: _Told, move: Move, plan: Plan, start: int) -> None:
    """Step b: the movement itself, and what it meets on the way."""
    track, card, race = turn.race.track, plan.card, turn.race
    end = plan.route.end
    normal = move.kind == "normal" and plan.route.ending != STAYED
    if normal and start == START:
        turn.tell("tails.move.start-line", "leaves the start line (no bonus movement)", {"bonus": 0})
    elif normal and track.lane[start] < 0:
        turn.tell("tails.bridge.no-bonus", "starts on the rope bridge: no bonus movement", {"bonus": 0})
    if normal and card.bonus:
        rid = "tails.move.bonus-flat-variant" if race.flat_bonus else "tails.move.bonus-movement"
        why = "flat +2 variant" if race.flat_bonus else f"is {ORDINAL[card.bonus]}"
        turn.tell(rid, f"moves {plural(card.bonus, 'extra space')}: bonus movement, started on the "
                  f"{LANES[card.target]} lane and {why}",
                  {"bonus": card.bonus} if race.flat_bonus else {"bonus": card.bonus, "place": card.bonus})
    turn.events.append(_movement_event(turn, plan, start))
    _narrate(turn, plan.mask, card.mode, move.kind == "one-space")
    if normal and track.lane[end] < 0:
        turn.tell("tails.bridge.any-colour", "stops on the rope bridge, which counts as every colour",
                  {"space": track.names[end]})
    elif move.kind == "normal" and start != START and track.lane[start] < 0 and plan.mask:
        off = next(s for s in steps_of(plan.mask) if track.lane[s] >= 0)
        turn.tell("tails.bridge.exit-lane", f"steps off the rope bridge onto the {LANES[track.lane[off]]} lane",
                  {"lane": LANES[track.lane[off]], "space": track.names[off]})


def _movement_event(turn: _Told, plan: Plan, start: int) -> Event:
    track, ending, who, p = turn.race.track, plan.route.ending, turn.who, turn.p
    names = track.names
    if ending == STAYED:
        found = step_blockers(track, start, occupancy(turn.state, track, turn.p))
        by = and_list(obstacle_names(turn.state, turn.race, p, found))
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
        return _blocked_event(turn, plan, start, data)
    points = plan.card.value + plan.card.bonus
    return Event("tails.move.exact-distance", f"{who} moves {points} points to {where}", p, {**data, "points": points})


def _blocked_event(turn: _Told, plan: Plan, start: int, data: dict) -> Event:
    """A move cut short (``tails.move.blocked-stop``), told with what blocks it and where it stops."""
    card, track = plan.card, turn.race.track
    found = blockers(track, occupancy(turn.state, track, turn.p), start, card.value + card.bonus, card.target, card.mode)
    by = f" by {and_list(obstacle_names(turn.state, turn.race, turn.p, found))}" if found else ""
    data = {**data, "points": points_used(track, steps_of(plan.mask), card.mode),
            "blockers": [{"kind": kind, "space": track.names[s]} for kind, s in found]}
    return Event("tails.move.blocked-stop", f"{turn.who} is blocked{by} and stops on {data['to']} after "
                 f"{plural(data['steps'], 'space')}", turn.p, data)


#: how the story tells what a space did to a moving ostrich (``step.met_on_the_way``)
MET = {"quicksand": ("tails.quicksand.cost", "wades through quicksand on {}: 2 movement points"),
       "cheetah": ("tails.animal.cheetah", "meets a cheetah on {}"),
       "warthog": ("tails.animal.warthog", "runs through a warthog on {}: hand redraw at the end of the turn")}


def _narrate(turn: _Told, mask: int, mode: int, one_space: bool = False) -> None:
    """Events for the quicksand, cheetahs and warthogs a movement meets (a one-space move pays no
    points for quicksand: ``tails.quicksand.one-space``)."""
    names = turn.race.track.names
    for what, t in met_on_the_way(turn.race.track, mask, mode):
        if one_space and what == "quicksand":
            continue
        rule, words = MET[what]
        turn.tell(rule, words.format(names[t]), {"space": names[t], "points": 2} if what == "quicksand"
                  else {"space": names[t]})


def _water_holes(turn: _Told, armed, water: int) -> None:
    """Markers on the bonus cards ``armed`` at water holes (``tails.water.gain-marker``); ``water``:
    all the water holes the move entered, once they are told (then those that gave nothing)."""
    state, p = turn.state, turn.p
    for i in armed:
        state.bonuses[p][i] = ARMED
        face = turn.race.faces[i]
        when = ", which acts at once" if face == "bird-brain" else " (usable from the next turn)"
        turn.tell("tails.water.gain-marker", f"drinks at a water hole and arms {BONUS_NAMES[face]}{when}",
                  {"bonus": face, "markers_left": markers_left(state, p)})
        if face == "bird-brain":  # the exception to tails.water.next-turn
            turn.events.append(Event("tails.bonus.bird-brain", f"{turn.who}'s Bird Brain acts at once: hand size "
                                     f"{BIRD_BRAIN_HAND}, and one extra card at the end of this turn", p,
                                     {"hand_size": BIRD_BRAIN_HAND, "extra_cards": 1}))
    told = sum(1 for st in state.bonuses[p] if st == ARMED)
    if water > told:
        dry = water - told
        turn.tell("tails.water.count", f"has no bonus card left without a marker: {plural(dry, 'water hole')} "
                  f"{'gives' if dry == 1 else 'give'} nothing", {"water_holes": water, "armed": told})


def _neck_and_leap(turn: _Told, move: Move, plan: Plan) -> None:
    """After the steps: Neck Stretch, then Leapfrog (``tails.bonus.end-of-move-order``)."""
    names, finish = turn.race.track.names, plan.finish
    if move.neck_stretch:
        steps = finish.neck_steps
        turn.tell("tails.bonus.neck-stretch", f"stretches its neck {plural(len(steps), 'more space')} to "
                  f"{names[steps[-1]]}", {"steps": len(steps), "to": names[steps[-1]]})
        _use_bonus(turn, 2)
        _narrate(turn, sum(1 << t for t in steps), plan.card.mode)
        if stops_here(turn.race.track, steps[-1], plan.card.mode):
            turn.tell("tails.animal.porcupine", f"runs into a porcupine on {names[steps[-1]]}: ouch!",
                      {"space": names[steps[-1]]})
    if move.leapfrog:
        to, track = finish.leap_to, turn.race.track
        turn.tell("tails.bonus.leapfrog", f"leapfrogs to {names[to]}", {"to": names[to], "jumped": _jumped(track, plan)})
        _use_bonus(turn, 0)
        if not landing_counts(turn.race) and (water_at(track, to) or has_arrow(track, to)):
            turn.tell("tails.bonus.leapfrog-landing", f"lands on the {'water hole' if water_at(track, to) else 'dune arrow'} "
                      f"of {names[to]}, which does not count: the landing counts for nothing (K15, "
                      "leapfrog_landing='nothing')", {"space": names[to]})


def _jumped(track, plan: Plan) -> int:
    """How many ostriches a Leapfrog jumps: those between where the steps stopped and the landing."""
    finish = plan.finish
    x = finish.neck_steps[-1] if finish.neck_steps else plan.route.end
    count = 0
    while (x := track.forward(x, plan.card.target)) not in (finish.leap_to, -1):
        count += 1
    return count


def _dune(turn: _Told, plan: Plan) -> None:
    """The dune arrow of the final space (``tails.dune.arrow``)."""
    finish, track = plan.finish, turn.race.track
    names = track.names
    if finish.dune_to == plan.landed:
        turn.tell("tails.dune.blocked", "stops on a dune arrow but its space is blocked: the arrow is ignored",
                  {"space": names[finish.dune_to]})
        return
    turn.tell("tails.dune.arrow", f"slides along the dune to {names[finish.dune_to]}", {"to": names[finish.dune_to]})
    if has_arrow(track, finish.dune_to):
        turn.tell("tails.dune.no-chain", "ignores the second dune arrow")


def _cheetahs(turn: _Told, plan: Plan) -> None:
    """Bonus cards given up to the cheetahs entered (``tails.animal.cheetah``)."""
    status = turn.state.bonuses[turn.p]
    for i in plan.finish.lost:
        had_marker = status[i] in (ARMED, ACTIVE)
        status[i] = GONE
        face = turn.race.faces[i]
        turn.events.append(Event("tails.animal.cheetah", f"A cheetah takes {turn.who}'s {BONUS_NAMES[face]} card",
                                 turn.p, {"bonus": face}))
        if had_marker:
            turn.events.append(Event("tails.animal.cheetah-marker", f"{turn.who}'s marker on {BONUS_NAMES[face]} goes "
                                     "back to the pile" + (f": hand size back to {HAND_SIZE}" if face == "bird-brain"
                                                           else ""), turn.p,
                                     {"bonus": face, "hand_size": turn.race.hand_size(turn.state, turn.p)}))


def _draw_after_move(turn: _Told, rng: random.Random, move: Move, plan: Plan) -> None:
    """Step c: the draw, or the warthog's redraw (``tails.animal.warthog-replaces-draw``)."""
    st, p, race = turn.state, turn.p, turn.race
    if move.warthog:
        size, hand = race.hand_size(st, p), st.hands[p]
        st.discards[p].extend(hand)
        hand.clear()
        _draw(turn, rng, size)
        adds = race.rulings.get("warthog_draw") == "adds"  # A9's other reading: the normal draw follows
        turn.tell("tails.animal.warthog-replaces-draw", f"discards the hand and redraws {plural(size, 'card')} "
                  + ("(then the usual draw: A9, warthog_draw='adds')" if adds else "(no other draw)"), {"cards": size})
        if not adds:
            return
    if plan.card.play == CARD and not (plan.route.ending == STAYED and race.rulings.get("blocked") == "keep"):
        _draw(turn, rng, 1)
        turn.tell("tails.draw.one", "draws 1 card", {"cards": 1})
    bb = race.ready_slots[BIRD_BRAIN_SLOT]
    if bb >= 0 and bb in plan.finish.armed and st.bonuses[p][bb] == ARMED:
        _draw(turn, rng, 1)
        turn.tell("tails.bonus.bird-brain", "draws 1 extra card for Bird Brain", {"cards": 1})


def _draw(turn: _Told, rng: random.Random, n: int) -> None:
    st, p = turn.state, turn.p
    deck, hand = st.decks[p], st.hands[p]
    for _ in range(n):
        if not deck:
            pile = st.discards[p]
            deck.extend(pile)
            pile.clear()
            rng.shuffle(deck)
            turn.tell("tails.draw.reshuffle", "shuffles the discard pile into a new draw deck", {"cards": len(deck)})
        hand.append(deck.pop())


def _apply_discard(state: TailsState, race: Race, p: int, move: Discard) -> List[Event]:
    for name in move.cards:
        code = CARD_CODES[name]
        state.hands[p].remove(code)
        state.discards[p].append(code)
    ev = [Event("tails.draw.hand-size", f"{race.who(p)} discards {', '.join(move.cards)} down to the hand size",
                p, {"cards": list(move.cards)})]
    state.pending_discard = 0
    _end_turn(state, race, p, ev)
    return ev


def _end_turn(state: TailsState, race: Race, p: int, ev: List[Event]) -> None:
    status = state.bonuses[p]
    if ARMED in status:  # tails.water.next-turn: usable from the next turn on
        status[:] = [ACTIVE if s == ARMED else s for s in status]
    track = race.track
    if not state.last_round and track.crossed[state.pos[p]]:
        state.last_round = True
        ev.append(Event("tails.end.trigger", f"{race.who(p)} crosses the finish line: this round is the last", p,
                        {"past_line": track.score[state.pos[p]]}))
    state.turn += 1
    if state.turn < race.players:
        return
    if state.last_round:
        state.over = True
        _announce_winner(state, race, ev)
    else:
        state.round += 1
        state.turn = 0
        state.order = race.race_order(state)
        ev.append(Event("tails.order.turn-sequence", f"Round {state.round}: "
                        + ", ".join(race.who(q) for q in state.order), None,
                        {"round": state.round, "order": [race.who(q) for q in state.order]}))


def winner(state: TailsState, race: Race) -> int:
    """The ostrich furthest past the line (``tails.end.winner``); level ones by the finish
    tile's baobab side, the lane nearest the tree first (``tails.end.tie-baobab``)."""
    track = race.track

    def key(p: int):
        s = state.pos[p]
        lane = track.lane[s]
        near = (3 - lane if track.finish_tree == "L" else lane) if lane >= 0 else -1
        return track.score[s], near

    return max(range(race.players), key=key)


def _announce_winner(state: TailsState, race: Race, ev: List[Event]) -> None:
    w = winner(state, race)
    scores = [race.track.score[s] for s in state.pos]
    tied = [q for q in range(race.players) if scores[q] == scores[w]]
    if len(tied) > 1:
        ev.append(Event("tails.end.tie-baobab", f"{race.who(w)} wins the tie at {scores[w]} past the line: "
                        "nearest the baobab of the finish tile", w, {"past_line": scores[w], "tied": len(tied)}))
    ev.append(Event("tails.end.winner", f"{race.who(w)} wins, {plural(scores[w], 'space')} past the line", w,
                    {"scores": scores, "past_line": scores[w]}))
