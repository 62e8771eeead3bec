"""Circle of Life scoring: the six scoring steps, the breakdown and the end-of-game events.

``step_points`` is the one place the steps are counted: ``game.scores()`` sums
it (cheaply: bots call it after every trial move) and ``game.score_breakdown``
turns it into lines that cite each step's rule. During play those are the
points so far; ``game.score_if_ended_now`` asks "what if it ended now", with
the penalties counted as well.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Tuple

from ..core.events import Event
from ..core.scoring import ScoreBreakdown, ScoreLine
from .state import Phase
from .text import player_name

#: the scoring steps in order: (name, label, rule id); penalties count negative
STEPS: Tuple[Tuple[str, str, str], ...] = (
    ("survivors", "survivors", "circle.end.survivors"),
    ("hand_penalty", "hand penalty", "circle.end.hand-penalty"),
    ("maasai", "Maasai penalty", "circle.end.maasai"),
    ("kill_pile", "kill pile", "circle.end.kill-pile"),
    ("big_five", "Big Five bonus", "circle.end.big-five"),
    ("bonus", "bonus points", "circle.end.bonus-points"),
)


@dataclass(frozen=True)
class CircleScore(ScoreBreakdown):
    """A seat's score, one line per scoring step (in the order of ``STEPS``). Before the end it is
    either the points so far (penalties not yet counted) or, with ``if_ended_now``, the score the
    seat would have if the game ended now."""

    if_ended_now: bool = False

    def __str__(self) -> str:
        text = ScoreBreakdown.__str__(self)
        if self.final or self.if_ended_now:
            return text
        return text.replace(" (if the game ended now)", " so far (penalties count once the draw pile is empty)", 1)

    @property
    def steps(self) -> Dict[str, int]:
        """Points by step name ("survivors", "hand_penalty", ...); penalties are negative."""
        return {name: line.points for (name, _, _), line in zip(STEPS, self.lines)}


def step_points(game, player: int, if_ended_now: bool = False) -> Tuple[int, ...]:
    """The points of each scoring step for ``player``, in the order of ``STEPS``. The hand and
    Maasai penalties count only once the draw pile is empty (until then hands and the row change),
    or ``if_ended_now``: then a full hand first makes its last discard, the costliest card."""
    st, catalogue = game.state, game.catalogue
    level = catalogue.level
    kills = st.kill_piles[player]
    ending = if_ended_now or st.phase is not Phase.PLAY
    survivors = sum(level[c] for c, o in zip(st.row, st.owners) if o == player)
    penalties = sorted(catalogue.penalty[c] for c in st.hands[player]) if ending else []
    if if_ended_now and len(penalties) == catalogue.setup["hand"]:
        penalties.pop()  # the best last discard (circle.end.last-discard)
    hand = -sum(penalties)
    maasai = 0
    if ending and st.row and st.owners[-1] == player:
        maasai = -catalogue.card_species[st.row[-1]].rightmost_penalty
    big = catalogue.big_five_species
    five = 0
    if big and len(kills) >= len(big):  # the searching bots score positions by the thousand: count only then
        killed = {catalogue.name[c] for c in kills}
        five = catalogue.setup["big_five_bonus"] if all(b in killed for b in big) else 0
    return survivors, hand, maasai, sum(level[c] for c in kills), five, st.bonus[player]


def breakdown(game, player: int, if_ended_now: bool = False) -> CircleScore:
    """``player``'s score as lines citing each step's rule (see ``step_points``)."""
    lines = tuple(ScoreLine(label, points, rule)
                  for (_, label, rule), points in zip(STEPS, step_points(game, player, if_ended_now)))
    return CircleScore(player, player_name(player), lines, game.is_over, if_ended_now and not game.is_over)


def final_events(game) -> List[Event]:
    """Every seat's scoring steps and total, then the winner (or the tie-break). Built from
    ``step_points`` directly: this runs at the end of every simulated game."""
    events: List[Event] = []
    scores = []
    for p in range(game.players):
        points = step_points(game, p)
        scores.append(sum(points))
        events.extend(_score_events(p, points))
    events.append(_winner_event(game.winners(), scores, game.predators_killed(), game.cards_killed()))
    return events


def _score_events(player: int, points: Tuple[int, ...]) -> List[Event]:
    name = player_name(player)
    events, parts = [], []
    for (step, label, rule), n in zip(STEPS, points):
        if n:
            parts.append(f"{n:+d} {label}")
            events.append(Event(rule, f"{name}: {n:+d} ({label})", player, {step: n}))
    data = {step: n for (step, _, _), n in zip(STEPS, points)}
    data["total"] = total = sum(points)
    events.append(Event("circle.end.total", f"{name} scores {total} ({', '.join(parts) or 'no points'})", player,
                        data))
    return events


def _winner_event(winners: List[int], scores: List[int], predators: List[int], cards: List[int]) -> Event:
    """The winner; a tie on points goes to the most predators killed, and a tie on both is one shared
    win, announced as such (never as if each had won alone) unless the option ``tie_break="kills"``
    gave it to the most cards killed."""
    best = scores[winners[0]]
    names = " and ".join(player_name(p) for p in winners)
    if scores.count(best) == 1:
        return Event("circle.end.winner", f"{names} wins with {best} points", winners[0])
    most = predators[winners[0]]
    tied = [p for p, s in enumerate(scores) if s == best and p != winners[0]]
    if len(winners) == 1 and any(predators[p] == most for p in tied):
        others = max(cards[p] for p in tied if predators[p] == most)
        return Event("circle.end.tie-break", f"Tie on {best} points and on predators killed ({most} each): {names} "
                                             f"wins with more cards killed ({cards[winners[0]]} against {others}; "
                                             f"option tie_break='kills')", winners[0])
    if len(winners) == 1:
        others = max(predators[p] for p in tied)
        return Event("circle.end.tie-break", f"Tie on {best} points: {names} wins with more predators killed "
                                             f"({most} against {others})", winners[0])
    return Event("circle.end.tie-break", f"Tie on {best} points and on predators killed ({most} each): {names} "
                                         f"share the win", None, {"shared": list(winners)})
