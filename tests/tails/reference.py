"""A reference move generator for Savannah Tails, to check the kit's own against.

It keeps nothing between positions and takes no shortcut: every card, every mode, every
route the step rules (``savannah_kit.tails.step``) allow with the other ostriches where
they stand, then everything a move may choose after its steps, written in the order the
rules read. It is slow and meant to be read; ``test_tails_reference.py`` holds the
engine's generator to it, move for move and event for event.
"""

from itertools import combinations

from savannah_kit.tails.data import CARD_NAMES, LANES, TIPTOE_VALUE, BonusState, Ending, Mode, PlayKind
from savannah_kit.tails.moves import CardPlay, Discard, Finish, Move, Plan
from savannah_kit.tails.step import dune_shift, leap_landing, neck_stretch, search, stops_here, water_at
from savannah_kit.tails.track import ANY, START, RouteEnd

NORMAL, TIPTOE, BOING = Mode.NORMAL, Mode.TIPTOE, Mode.BOINNNGGG
INACTIVE, ARMED, ACTIVE, GONE = BonusState


def reference_moves(state, race):
    """Every legal move of the position, each with the plans of every way to make it (the
    routes to its end that meet the same things; a discard has none)."""
    p = state.order[state.turn]
    if state.pending_discard:
        hand = sorted(CARD_NAMES[c] for c in state.hands[p])
        return {Discard(combo): [None] for combo in combinations(hand, state.pending_discard)}
    start, track = state.pos[p], race.track
    others = [s for q, s in enumerate(state.pos) if q != p and s != START]
    occ = sum(track.bit[s] for s in others)
    found = {}
    for plays in playable(state, race, p):
        untiptoed_moves = set()
        for card in plays:
            made = {}
            for kind, ends in (("normal", card_ends(track, start, card, occ)),
                               ("one-space", one_space_ends(track, start, card, occ))):
                for route_end, mask in ends:
                    for move, plan in finished(state, race, p, card, kind, route_end, mask, occ):
                        made.setdefault(move, []).append(plan)
            for move, plans in made.items():
                if card.mode & TIPTOE and _without_tiptoe(move) in untiptoed_moves:
                    continue  # tiptoeing changes nothing here: the move without it is listed already
                found.setdefault(move, []).extend(plans)
            if not card.mode & TIPTOE:
                untiptoed_moves = set(made)
    if not found:  # tails.move.fully-blocked: any card of the hand, and the ostrich stays
        for c in sorted(state.hands[p]):
            card = CardPlay(c, CARD_NAMES[c], PlayKind.CARD, c, c // 5, c % 5 + 2, 0, NORMAL, None)
            stay = RouteEnd(start, 0, 0, False, Ending.STAYED)
            for move, plan in finished(state, race, p, card, "normal", stay, 0, occ):
                found.setdefault(move, []).append(plan)
    return found


def playable(state, race, p):
    """For each thing that can be played (cards in hand, Crazy Wings as each lane, Déjà vu's
    card), its plays: one per mode, each tiptoe mode right after its twin without tiptoeing."""
    start, track = state.pos[p], race.track
    ready = {face: race.ready(state, p, face) for face in race.faces}
    things = [(c, CARD_NAMES[c], PlayKind.CARD, c, c // 5, c % 5 + 2, None) for c in sorted(state.hands[p])]
    if ready.get("crazy-wings"):
        things += [(20 + lane, "crazy-wings", PlayKind.CRAZY_WINGS, -1, lane, 4, LANES[lane]) for lane in range(4)]
    if ready.get("deja-vu") and state.discards[p]:
        c = state.discards[p][-1]
        things.append((24, "deja-vu", PlayKind.DEJA_VU, c, c // 5, c % 5 + 2, None))
    for key, name, play, code, target, value, lane in things:
        bonus = 0
        if start != START and track.lane[start] == target:  # tails.move.bonus-movement
            bonus = 2 if race.flat_bonus else race.race_order(state).index(p) + 1
        modes = [NORMAL]
        if value == TIPTOE_VALUE:
            modes.append(TIPTOE)
        if ready.get("boinnnggg") and (play == PlayKind.CARD or race.rulings.get("bonus_per_turn") != "one"):
            modes += [mode | BOING for mode in modes]  # one bonus card a turn: no Boinnnggg with another (K4)
        yield [CardPlay(key, name, play, code, target, value, bonus, mode, lane) for mode in modes]


def card_ends(track, start, card, occ):
    """Where the card's movement ends, each way: full length or into a porcupine, else cut short
    (blocked) where a route to the card lane uses the most points."""
    points = card.value + card.bonus
    full, porcupine = search(track, start, points, card.target, card.mode, occ)
    ends = [(RouteEnd(*key, Ending.FULL), mask) for key, masks in full.items() for mask in masks]
    ends += [(RouteEnd(*key, Ending.PORCUPINE), mask) for key, masks in porcupine.items() for mask in masks]
    if ends or not track.bare_reach(start, points, card.target):
        return ends
    for used in range(points - 1, 0, -1):  # tails.move.blocked-stop: the most points a route can use
        shorter, _ = search(track, start, used, card.target, card.mode, occ)
        if shorter:
            return [(RouteEnd(*key, Ending.BLOCKED), mask) for key, masks in shorter.items() for mask in masks]
    return []


def one_space_ends(track, start, card, occ):
    """One step along any link (``tails.move.one-space-any-card``): not with Crazy Wings."""
    if card.play == PlayKind.CRAZY_WINGS:
        return []
    steps, _ = search(track, start, 1, ANY, card.mode, occ)
    return [(RouteEnd(*key, Ending.PORCUPINE if stops_here(track, key[0], card.mode) else Ending.ONE_SPACE), masks[0])
            for key, masks in steps.items()]


def finished(state, race, p, card, kind, route_end, mask, occ):
    """Every way to finish one route end: Neck Stretch or not, Leapfrog or not, the dune
    arrow (optional after tiptoeing), the bonus cards armed at water holes and lost to cheetahs."""
    track, ready = race.track, {face: race.ready(state, p, face) for face in race.faces}
    if kind == "one-space" and card.bonus:
        card = card._replace(bonus=0)  # tails.move.one-space-no-bonus
    goes_on = route_end.ending not in (Ending.PORCUPINE, Ending.STAYED)
    for neck in (False, True) if ready.get("neck-stretch") and goes_on else (False,):
        neck_steps, reached, neck_porcupine = (), route_end, False
        if neck:
            stretch = neck_stretch(track, route_end.end, card.target, card.mode, occ)
            if stretch is None:
                continue  # a Neck Stretch that cannot move is not used
            neck_steps, met = stretch
            neck_porcupine = met.ending == Ending.PORCUPINE
            reached = RouteEnd(met.end, route_end.water + met.water, route_end.cheetahs + met.cheetahs,
                               route_end.warthog or met.warthog, route_end.ending)
        for leap in (False, True) if ready.get("leapfrog") and goes_on and not neck_porcupine else (False,):
            landed = leap_landing(track, reached.end, card.target, occ, card.mode) if leap else reached.end
            if landed < 0:
                continue
            spent = {race.slot(f) for f, used in (("boinnnggg", card.mode & BOING), ("leapfrog", leap),
                                                  ("crazy-wings", card.play == PlayKind.CRAZY_WINGS),
                                                  ("deja-vu", card.play == PlayKind.DEJA_VU),
                                                  ("neck-stretch", neck)) if used}
            if len(spent) > 1 and race.rulings.get("bonus_per_turn") == "one":
                continue  # one bonus card a turn (K4)
            counts = not leap or race.rulings.get("leapfrog_landing") != "nothing"  # a landing counts (K15)
            water = reached.water + (water_at(track, landed) if leap and counts else 0)
            for dune_to in dunes(track, card, route_end, landed, occ, neck_porcupine or not counts):
                final = landed if dune_to < 0 else dune_to
                for armed, lost in bonus_cards(state.bonuses[p], water, reached.cheetahs, spent):
                    move = Move(card.card, track.names[final], kind, card.lane,
                                tuple(sorted(race.faces[i] for i in armed)), tuple(sorted(race.faces[i] for i in lost)),
                                reached.warthog, bool(card.mode & BOING), neck, leap, bool(card.mode & TIPTOE))
                    yield move, Plan(card, route_end, mask,
                                     Finish(neck_steps, landed if leap else -1, dune_to, final, water, armed, lost))


def dunes(track, card, route_end, landed, occ, no_arrow):
    """The dune shifts the move may end with (-1: none): the arrow's, or after tiptoeing also none."""
    if route_end.ending == Ending.PORCUPINE or no_arrow:
        return [-1]
    shift = dune_shift(track, landed, card.target, occ)
    if shift < 0 or not card.mode & TIPTOE:
        return [shift]
    return [-1] if shift == landed else [-1, shift]


def bonus_cards(status, water, cheetahs, spent):
    """(armed, lost): one marker per water hole on cards without one, while any is left
    (``tails.water.count``); one card per cheetah, activated ones (armed this move included)
    first, never a card this move spends (``tails.animal.cheetah``)."""
    inactive = [i for i in range(3) if status[i] == INACTIVE]
    for armed in combinations(inactive, min(water, len(inactive))):
        can_lose = [i for i in range(3) if status[i] != GONE and i not in spent]
        activated = [i for i in can_lose if status[i] in (ARMED, ACTIVE) or i in armed]
        n = min(cheetahs, len(can_lose))
        for lost in combinations(can_lose, n):
            if sum(i in activated for i in lost) == min(n, len(activated)):
                yield armed, tuple(sorted(lost, key=lambda i: i not in activated))  # told activated first


def _without_tiptoe(move):
    return Move(move.card, move.to, move.kind, move.lane, move.arm, move.lose, move.warthog, move.boinnnggg,
                move.neck_stretch, move.leapfrog, False)
