"""Why a Circle of Life move is illegal: the most specific rule, in plain words.

This is the slow path behind ``play`` (on failure) and ``explain``. The core
has already checked the move's class and field types; here the move is checked
in the order a learner would: the phase, whose card it is, the card's placement
conditions, then each hunting action top to bottom on the savannah as it was
when the card was placed.
"""

from __future__ import annotations

from typing import Optional, Set

from ..core.errors import IllegalMove
from ..core.fields import safe_repr
from ..core.words import plural
from .data import Action, Choose, Filter
from .moves import Discard, LastDiscard, Play
from .state import Phase
from .tables import broken_condition
from .text import player_name

PREDATOR_ONLY = Filter(predator=True)
TIMES = {1: "once", 2: "twice"}


def diagnose(game, move) -> Optional[IllegalMove]:
    """Why ``move`` is not legal here (None: the core gives its generic reason)."""
    err = _phase_error(game, move) or _card_error(game, move)
    if err is None and type(move) is Play:
        err = _PlayCheck(game, move).error()
    return err


def _phase_error(game, move) -> Optional[IllegalMove]:
    """A last discard is the only move once the draw pile is empty, and only then."""
    if game.phase is Phase.LAST_DISCARDS and type(move) is not LastDiscard:
        return IllegalMove("circle.end.last-discard", "the draw pile is empty: each player now only discards "
                                                      "one last card (LastDiscard)", move)
    if game.phase is Phase.PLAY and type(move) is LastDiscard:
        return IllegalMove("circle.end.last-discard", "the last discard comes only once the draw pile is empty",
                           move)
    return None


def _card_error(game, move) -> Optional[IllegalMove]:
    """The card must exist and be in the hand of the player to move; a discard only when nothing
    can be played."""
    catalogue, st = game.catalogue, game.state
    card = catalogue.index.get(move.card)
    if card is None:
        return IllegalMove("circle.turn.steps", f"there is no card {safe_repr(move.card)} in this game", move)
    colour = player_name(st.to_move)
    if card not in st.hands[st.to_move]:
        for seat, hand in enumerate(st.hands):
            if card in hand:
                return IllegalMove("circle.setup.turn-order", f"{catalogue.label(card)} is in "
                                   f"{player_name(seat)}'s hand, but it is {colour}'s turn", move)
        return IllegalMove("circle.turn.steps", f"{catalogue.label(card)} is not in {colour}'s hand", move)
    if type(move) is Discard:
        able = [catalogue.label(catalogue.index[cid]) for cid in game.playable()]
        return IllegalMove("circle.play.must-play", f"{colour} can play {', '.join(able)}, so must play "
                                                    f"instead of discarding", move)
    return None


class _PlayCheck:
    """Checks a ``Play`` of a card in hand, one rule step at a time; each step returns the
    refusal or None."""

    def __init__(self, game, move: Play):
        self.game, self.move = game, move
        self.catalogue = game.catalogue
        self.row = game.state.row
        self.card = self.catalogue.index[move.card]
        self.name = self.catalogue.name[self.card]
        self.species = self.catalogue.card_species[self.card]
        self.reach_from = len(self.row)  # where the played card lands: reach counts left from here
        self.taken: Set[int] = set()  # cards taken by the earlier actions of this turn
        self.safe = game.safe_cards(game.state.to_move)  # own cards, with the option own_cards='safe'

    def refuse(self, rule: str, reason: str) -> IllegalMove:
        return IllegalMove(rule, reason, self.move)

    def error(self) -> IllegalMove:
        err = self.restriction() or self.hunt_count()
        if err is not None:
            return err
        for k, (branch, targets) in enumerate(self.move.actions):
            err = self.action(k, branch, targets)
            if err is not None:
                return err
            self.taken.update(self.catalogue.index[tid] for tid in targets)
        return self.refuse("circle.hunt.order", f"{self.move!r} is not written in the kit's form: list each "
                                                f"action's targets in card-id order (Play.of sorts them)")

    # -- step A: where the card may go ----------------------------------------------------
    def restriction(self) -> Optional[IllegalMove]:
        """The placement conditions, checked on the savannah before the card is placed."""
        k = broken_condition(self.game.tables.restrict[self.card], self.row)
        if k is None:
            return None
        cond = self.species.restriction[k]
        seen = self.row[-cond.rightmost:]
        shown = ", ".join(self.catalogue.name[c] for c in seen)
        if not seen:
            state = "the savannah is empty"
        else:
            state = f"the rightmost card is {shown}" if len(seen) == 1 else f"the rightmost cards are {shown}"
        reason = f"{self.name} needs {cond.text()}, but {state}"
        if cond.kind == "forbid" and cond.filter == PREDATOR_ONLY and cond.rightmost == 1 and self.species.predator:
            return self.refuse("circle.play.restriction-predator", reason)
        if len(self.row) < cond.rightmost:
            return self.refuse("circle.play.restriction-from-right", reason + " (fewer cards than counted: "
                                                                              "counting stops at the left end)")
        return self.refuse("circle.play.restriction", reason)

    # -- step B: the hunting actions, top to bottom -----------------------------------------
    def hunt_count(self) -> Optional[IllegalMove]:
        """A move says what each hunt of the card takes, top to bottom, and no more: told in the
        card's own words, with a legal move to copy."""
        actions = self.species.actions
        given = len(self.move.actions)
        if given == len(actions):
            return None
        if not actions:
            return self.refuse("circle.hunt.order", f"The {self.name} does not hunt: play it without targets, "
                                                    f"as Play({self.move.card!r})")
        if len(actions) == 1:
            what = f"The {self.name} hunts when it is played: it {_does(actions[0])}"
        else:
            times = TIMES.get(len(actions), plural(len(actions), "time"))
            each = [("first" if k == 0 else "then") + f" it {_does(a)}" for k, a in enumerate(actions)]
            what = f"The {self.name} hunts {times} when it is played, top to bottom: {', '.join(each)}"
        if given == 0:
            short = "this move says nothing about its hunt" + ("s" if len(actions) > 1 else "")
        elif given < len(actions):
            short = "this move covers only the first " + ("hunt" if given == 1 else f"{given} hunts")
        else:
            short = f"this move lists {plural(given, 'hunt')}"
        return self.refuse("circle.hunt.order", f"{what}. The move says which cards each hunt takes (an empty "
                                                f"list when none is in reach), e.g. {self.example()}; {short}")

    def example(self) -> str:
        """A legal move of this card, written as ``Play.of(...)`` for the learner to copy."""
        move = next(m for m in self.game.legal_moves() if m.card == self.move.card)
        parts = [repr(move.card)]
        for branch, targets in move.actions:
            parts.append(repr(list(targets)) if branch == 0 else f"({branch}, {list(targets)!r})")
        return f"Play.of({', '.join(parts)})"

    def action(self, k: int, branch: int, targets) -> Optional[IllegalMove]:
        """Action ``k``: an existing branch, targets it may take, as many as it must take."""
        data = self.species.actions[k]
        branches = data.branches if isinstance(data, Choose) else (data,)
        if not 0 <= branch < len(branches):
            listed = "; ".join(f"{i} = {a.text()}" for i, a in enumerate(branches))
            return self.refuse("circle.hunt.verb", f"action {k + 1} of the {self.name} has "
                                                   f"{plural(len(branches), 'branch')}: {listed}")
        act = branches[branch]
        table = self.game.tables.actions[self.card][k][branch][2]
        for tid in targets:
            err = self.target(k, act, table, tid)
            if err is not None:
                return err
        return self.count(k, act, table, targets) or self.skip(k, branches, targets)

    def target(self, k: int, act: Action, table, tid: str) -> Optional[IllegalMove]:
        """One named target: on the savannah, not immune, not taken earlier this turn, in reach,
        and matching the action's filter."""
        catalogue = self.catalogue
        x = catalogue.index.get(tid)
        if x is None or x not in self.row:
            return self.refuse("circle.hunt.reach", f"{safe_repr(tid)} is not on the savannah")
        if catalogue.immune[x]:
            return self.refuse("circle.special.maasai-immune", f"the {catalogue.name[x]} can never be killed or "
                                                               f"scared")
        if x in self.safe:
            return self.refuse("circle.hunt.own-cards", f"{catalogue.label(x)} carries "
                                                        f"{player_name(self.game.state.to_move)}'s own token: "
                                                        f"safe from their hunts (option own_cards='safe')")
        if x in self.taken:
            return self.refuse("circle.hunt.snapshot", f"{catalogue.label(x)} was already taken earlier this turn "
                                                       f"and cannot be targeted again")
        distance = self.reach_from - self.row.index(x)
        if distance > act.reach:
            return self.refuse("circle.hunt.reach", f"{catalogue.label(x)} is {plural(distance, 'card')} left of "
                                                    f"the {self.name}; action {k + 1} reaches {act.reach}")
        if not table[x]:
            return self.refuse("circle.hunt.filter", f"{catalogue.label(x)} is not a {act.filter.text()}: "
                                                     f"action {k + 1} is '{act.text()}'")
        return None

    def in_reach(self, table, reach: int) -> list:
        """The cards an action with this target table and reach could take now."""
        p = self.reach_from
        return [x for x in self.row[max(0, p - reach):p] if table[x] and x not in self.taken and x not in self.safe]

    def count(self, k: int, act: Action, table, targets) -> Optional[IllegalMove]:
        """Exactly ``count`` targets (all of them for "all", fewer only if fewer are in reach)."""
        if len(set(targets)) != len(targets):
            return self.refuse("circle.hunt.count", f"action {k + 1} names a card twice")
        candidates = self.in_reach(table, act.reach)
        need = len(candidates) if act.count is None else min(act.count, len(candidates))
        if len(targets) > need:
            return self.refuse("circle.hunt.count", f"action {k + 1} ('{act.text()}') affects exactly "
                                                    f"{plural(need, 'card')} here, not {len(targets)}")
        if not targets and need:
            if self.game.hunts_optional:  # kit ruling K11's house rule: the player declines this hunt
                return None
            return self.refuse("circle.hunt.mandatory", f"action {k + 1} ('{act.text()}') cannot be skipped: "
                                                        f"{self.labels(candidates)} in reach, so it must take "
                                                        f"{plural(need, 'card')}")
        if len(targets) < need:
            return self.refuse("circle.hunt.count", f"action {k + 1} ('{act.text()}') must take "
                                                    f"{plural(need, 'card')} here, not {len(targets)}: "
                                                    f"{self.labels(candidates)} in reach")
        return None

    def labels(self, cards) -> str:
        """"Zebra (C35) and Impala (C47) are", "Cheetah (C07) is": the cards an action could take."""
        names = [self.catalogue.label(x) for x in cards]
        both = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return both + (" is" if len(names) == 1 else " are")

    def skip(self, k: int, branches, targets) -> Optional[IllegalMove]:
        """A choice may be skipped only if no branch has a target (cards taken earlier this turn
        do not count), or always with ``hunts='optional'``."""
        if targets or len(branches) == 1 or self.game.hunts_optional:
            return None
        for j, (_kill, _count, table, reach) in enumerate(self.game.tables.actions[self.card][k]):
            found = self.in_reach(table, reach)
            if found:
                return self.refuse("circle.hunt.mandatory", f"branch {j} of action {k + 1} "
                                                            f"('{branches[j].text()}') cannot be skipped: "
                                                            f"{self.labels(found)} in reach, so it must be taken")
        return None


def _does(action) -> str:
    """What an action does, as a sentence ending: "kills 2 cards of level 5 or less within reach 3",
    "either kills ... or scares ..."."""
    if isinstance(action, Choose):
        return "either " + " or ".join(_does(b) for b in action.branches)
    return action.verb + "s" + action.text()[len(action.verb):]
