"""What a click on the Circle of Life board does: its rules of clicking, on the kit's shared
``ui.clicks.Clicks``, with no widget (``widget.py`` shows it in a notebook, the class server sends
its picture to a browser).

``board(game)`` (or ``game.widget()``) returns a ``CircleBoard``; show it by leaving it
at the end of a cell. Click a card in your hand: the rightmost savannah cards its
placement rule reads are outlined, green with a ✓ badge when the card may be played, red
with a ✗ badge and dashed when it may not (the status line says why, citing the rule). A card that
may be played is chosen at once: when it hunts, the cards each hunt may take light up
("kill?" / "scare?"), one hunt after the other, top to bottom; click them one by one
(click a picked card again to put it back). When the last hunt is answered the card is
played. A hunt with no card in reach is skipped by itself; a card that does not hunt is
played with the Play button (or a click on the "new cards enter here" slot). A hunt that
may either kill or scare the same card asks which, with two buttons. "Skip this hunt"
asks the engine, which refuses while a card is in reach (hunts are compulsory) and names
the cards; with the option ``hunts='optional'`` (kit ruling K11's house rule) the button is
"Decline the hunt" and takes none of its targets. R presses it (or hears the refusal).

When nothing can be played, and at the end (the last discards), click the card to
discard, then Discard. Hot-seat (several people at one screen): the hand of the player
to move stays face down until they click "Show my hand", so the previous player cannot
see it; one person against bots simply sees their hand.

After a turn that hunted (yours or a bot's), the picture first shows the savannah as it was
during that turn: the played card at the right end, the cards its hunts took crossed out and
tagged "killed" or "scared" with an arrow to the kill pile or to the cards out of the game,
the cards of its group that then move up tagged "moves"; Next (Enter, or a click on the
savannah) steps to the next hunt and then to the savannah as it is now, and "See the turn at
once" skips the steps left. Each step is one frame and nothing waits; a click in the hand
leaves the story at once (``show_hunts=False`` goes straight to the savannah after).

The Hint button (or H) says which move the strongest bot that fits ``hint_seconds`` would
make (the MCTS bot by default; the greedy bot on a tiny budget),
what it does and why, and outlines the card and its targets without playing it.
``guided=True`` is a first game with a guide: the next step is outlined (the cards that may
be played, the cards the hunt may take, Play, Next) and a guide line says what it is about.
``classroom=True`` draws the classroom picture (``render.scene(classroom=True)``).

The keyboard does it all too: arrows move a cursor over what can be chosen, Enter
chooses, U undoes, H hints, Tab leaves the board (with ``hunts='optional'``, R declines a hunt).

Everything can be driven from Python: ``click_hit(hit_id)``, ``select(card_id)``,
``choose_target(card_id)``, ``choose_branch(b)``, ``skip()``, ``confirm()``,
``show_hand()``, ``next_story()``, ``hint()``, ``undo()``, ``new_game()``; ``bots={seat: "random"|"greedy"|"big-five"}``
seats bots and ``theme="dark"`` draws the picture for a dark page.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Dict, Iterable, List, Optional, Tuple

from ..core.scene import Scene, circle, rect, text
from ..core.words import and_list, plural
from ..core.theme import checked_theme
from ..ui.clicks import HINT_SECONDS, Clicks, action, verdict, box_of
from . import render, render_style
from .data import Choose
from .moves import Discard, LastDiscard, Play
from .render_card import TILE_BAND, TILE_NAME
from .state import Phase
from .tables import broken_condition
from .text import player_name

if TYPE_CHECKING:
    from .rules import CircleGame

#: the look of the board's own marks: (colour, tag ink)
OK = "#1b7a2e"       # a placement rule that holds
BAD = "#c62828"      # a placement rule that is broken; a card picked for the discard
PICK = "#9b1111"     # a target picked (kill ink of the cards)
#: the action bar's look: (fill, edge, ink) in each picture theme, and a button's fill
BAR = {"light": ("#ffffff", "#4a3516", "#1f1f1f"), "dark": ("#2b2925", "#f2b705", "#f1efe9")}
BUTTON_FILL = {"light": "#e8f0fe", "dark": "#3a4a66"}
BUTTON_H = 28
#: where the action bar sits: right of the piles, over the savannah
BAR_X = 660
_NOT_LEGAL = re.compile(r"^Not legal: (.*) \[([a-z0-9.\-]+)\]$", re.S)

ActionChoice = Tuple[int, Tuple[str, ...]]


class CircleClicks(Clicks):
    """What a click on a Circle of Life board does (see the module docstring)."""

    title = "Circle of Life"
    compacts = True

    def __init__(self, game: "CircleGame", *, bots: Optional[Dict[int, str]] = None,
                 seats: Optional[Iterable[int]] = None, classroom: bool = False, seed: int = 0,
                 autosave: Optional[str] = None, guided: bool = False, theme: str = "light",
                 show_hunts: bool = True, hint_seconds: float = HINT_SECONDS):
        self.theme = checked_theme(theme)
        self.show_hunts = show_hunts  # after a turn that hunted, show the savannah as it was first
        self.selected: Optional[str] = None          # the hand card being played
        self.answered: List[ActionChoice] = []       # its hunts answered so far, top to bottom
        self.picked: List[str] = []                  # the targets picked for the hunt in progress
        self.branches: List[ActionChoice] = []       # a kill-or-scare question: its answers
        self.to_discard: Optional[str] = None        # the card picked for a discard
        self.checked: Optional[Tuple[bool, List[str]]] = None  # the placement check shown: (holds, cards read)
        self.skipped: List[int] = []                 # hunts skipped by themselves (no card in reach)
        self.revealed: Optional[Tuple[int, int]] = None  # (seat, moves played) when a hot-seat hand was shown
        self._just_played: Optional[str] = None
        self.stories: List[render.HuntStory] = []   # the hunts of the moves just played, shown before/after
        self.story_at = 0                            # which of them the picture shows (len: none, the savannah now)
        self._story_from: Optional[int] = len(game.history)  # the first move of the batch just played (the
        # human's move; at the start, the bots' opening moves)
        super().__init__(game, bots=bots, seats=seats, classroom=classroom, seed=seed, autosave=autosave,
                         guided=guided, hint_seconds=hint_seconds)

    # -- who sees what ------------------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        """Several people share the screen: each hand stays hidden until its owner asks."""
        return len(self.seats) > 1

    @property
    def covered(self) -> bool:
        """The hand of the person to move is still face down ("Show my hand")."""
        g = self.game
        return self.hot_seat and self.human_turn and self.revealed != (g.current_player, len(g.history))

    def viewer(self):
        """Whose hand the picture shows face up (a public screen, ``hand_seat`` False: none, ever)."""
        g = self.game
        if self.hand_seat is False:
            return "nobody"
        if g.is_over:
            return "all"
        if self.hot_seat:
            return g.current_player if self.human_turn and not self.covered else None
        return self.seats[0] if self.seats else None

    # -- what is legal ------------------------------------------------------------------------
    @property
    def discarding(self) -> bool:
        """The decision is a discard (nothing can be played, or the last discards)."""
        g = self.game
        return not g.is_over and (g.phase is Phase.LAST_DISCARDS or not g.playable())

    def _hand(self) -> List[str]:
        g = self.game
        if g.is_over:
            return []
        return [g.catalogue.ids[c] for c in g.state.hands[g.current_player]]

    def _consistent(self) -> List[Play]:
        """The legal plays of the card chosen that agree with the hunts answered so far."""
        if self.selected is None or self.game.is_over:
            return []
        k = len(self.answered)
        done = tuple(self.answered)
        return [m for m in self.game.legal_moves() if type(m) is Play and m.card == self.selected
                and m.actions[:k] == done]

    def options(self) -> List[ActionChoice]:
        """The (branch, targets) answers the hunt in progress allows, in the engine's order."""
        k = len(self.answered)
        out: List[ActionChoice] = []
        for m in self._consistent():
            if k < len(m.actions) and m.actions[k] not in out:
                out.append(m.actions[k])
        return out

    def _remaining(self) -> List[ActionChoice]:
        picked = set(self.picked)
        return [o for o in self.options() if picked <= set(o[1])]

    @property
    def hunting(self) -> bool:
        """A hunt of the chosen card waits for its targets."""
        return self.selected is not None and len(self.answered) < self._action_count(self.selected)

    @property
    def ready(self) -> bool:
        """The chosen card's hunts are all answered: Play plays it."""
        return self.selected is not None and not self.hunting

    @property
    def may_decline(self) -> bool:
        """The hunt in progress has targets and the game lets a player decline it (``hunts='optional'``)."""
        return (self.hunting and not self.branches and self.game.hunts_optional
                and any(t for _b, t in self.options()))

    def key_words(self) -> str:
        return "R declines a hunt" if self.game.hunts_optional else ""

    def lit(self) -> List[str]:
        """The savannah cards a click may pick now for the hunt in progress (savannah order)."""
        if not self.hunting or self.branches:
            return []
        n = len(self.picked)
        found = {x for _b, t in self._remaining() if len(t) > n for x in t} - set(self.picked)
        return [cid for cid in self._row_ids() if cid in found]

    def _row_ids(self) -> List[str]:
        g = self.game
        return [g.catalogue.ids[c] for c in g.state.row]

    def _species(self, cid: str):
        cat = self.game.catalogue
        return cat.card_species[cat.index[cid]]

    def _name(self, cid: str) -> str:
        return self._species(cid).name

    def _label(self, cid: str) -> str:
        return f"{self._name(cid)} ({cid})"

    def _action_count(self, cid: str) -> int:
        return len(self._species(cid).actions)

    def _branch(self, cid: str, k: int, b: int):
        act = self._species(cid).actions[k]
        return act.branches[b] if isinstance(act, Choose) else act

    def _verbs(self, target: str) -> List[str]:
        """What the hunt in progress could do to ``target`` ("kill", "scare")."""
        k = len(self.answered)
        verbs = []
        for b, t in self._remaining():
            verb = self._branch(self.selected, k, b).verb
            if target in t and verb not in verbs:
                verbs.append(verb)
        return verbs

    def _why(self, move) -> Tuple[str, str]:
        """(reason, rule id) the engine gives for refusing ``move`` (``explain``)."""
        said = self.game.explain(move)
        found = _NOT_LEGAL.match(said)
        return (found.group(1), found.group(2)) if found else (said, "")

    def _trial(self, answer: ActionChoice) -> Play:
        """The chosen card's play with ``answer`` for the hunt in progress (the later hunts
        from a legal play: the engine checks the hunts in order, so it judges this one)."""
        k = len(self.answered)
        if self.game.hunts_optional:  # every later hunt may take nothing, whatever this one takes
            later = ((0, ()),) * (self._action_count(self.selected) - k - 1)
        else:
            rest = next(iter(self._consistent()), None)
            later = rest.actions[k + 1:] if rest is not None else ()
        return Play(self.selected, tuple(self.answered) + (answer,) + tuple(later))

    # -- the placement check ------------------------------------------------------------------
    def _check(self, cid: str) -> Tuple[bool, List[str], str]:
        """(may be played, the savannah cards its placement rule reads, the words)."""
        g = self.game
        row = g.state.row
        card = g.catalogue.index[cid]
        conds = self._species(cid).restriction
        broken = broken_condition(g.tables.restrict[card], row)
        name = self._name(cid)
        if broken is not None:
            cond = conds[broken]
            read = [g.catalogue.ids[c] for c in row[-cond.rightmost:]] if row else []
            reason, _rule = self._why(Play(cid))
            return False, read, reason
        most = max((c.rightmost for c in conds), default=0)
        read = [g.catalogue.ids[c] for c in row[-most:]] if most and row else []
        if not conds:
            return True, [], f"{name} has no placement rule: it can always be played [circle.play.restriction]."
        held = "; ".join(c.text() + " ✓" for c in conds)
        return True, read, f"{name} can be played: {held} [circle.play.restriction]."

    # -- the hooks of the shared board ---------------------------------------------------------
    @property
    def story(self) -> Optional[render.HuntStory]:
        """The hunt the picture shows as it happened (None: the savannah as it is now)."""
        return self.stories[self.story_at] if self.story_at < len(self.stories) else None

    def render(self) -> Scene:
        g = self.game
        story = self.story
        sc = render.scene(g, viewer=self.viewer(), theme=self.theme, classroom=self.classroom, story=story,
                          steady=True, compact=self.compact)
        sc = Scene(sc.width, sc.height, sc.background, list(sc.shapes), sc.title)
        big = self.large
        if self.checked is not None:
            holds, read = self.checked
            for cid in read:
                _frame(sc, "card:" + cid, OK if holds else BAD, "✓" if holds else "✗", pad=8,
                       dash=() if holds else (6, 3), at="corner", big=big)
            if not holds and not read:
                _frame(sc, "savannah:new", BAD, "✗", pad=8, dash=(6, 3), at="corner", big=big)
        if self.selected is not None:
            _frame(sc, "hand:" + self.selected, render.PALETTES[self.theme].ring, "play", pad=5, at="bottom", big=big)
        if self.to_discard is not None:
            _frame(sc, "hand:" + self.to_discard, BAD, "discard", pad=5, dash=(6, 3), at="bottom", big=big)
        ring = render.PALETTES[self.theme].ring
        at = "middle" if not big and render.savannah_tiled(g, story, True) else "top"  # a small tile: its middle
        for cid in self.lit():
            verbs = self._verbs(cid)
            _frame(sc, "card:" + cid, ring, ("/".join(verbs) if big or at == "middle" else " or ".join(verbs)) + "?",
                   pad=4, at=at, big=big)
        k = len(self.answered)
        for j, (b, targets) in enumerate(self.answered):  # taken by an earlier hunt of this turn
            verb = self._branch(self.selected, j, b).verb
            for cid in targets:
                _frame(sc, "card:" + cid, PICK, f"✓ {verb}", pad=4, width=5, dash=(3, 3), at=at, big=big)
        for cid in self.picked:
            verbs = self._verbs(cid) if self.hunting else []
            _frame(sc, "card:" + cid, PICK, "✓ " + ("/".join(verbs) or "picked"), pad=4, width=5, at=at, big=big)
        if self.human_turn or story is not None:
            self._bar(sc, k)
        return sc

    def instruction(self) -> str:
        g = self.game
        if g.is_over:
            return render.status_text(g) + ". Press New game to play again."
        p = g.current_player
        who = player_name(p)
        if p not in self.seats:
            return f"{who} (bot) is thinking…"
        if self.covered:
            return f"{who} to move: pass the screen to {who}, then click Show my hand (it stays hidden until then)."
        if self.story is not None and self.human_turn:
            story, n = self.story, len(self.stories)
            whose = "your" if story.player == p else f"{player_name(story.player)}'s"
            which = f" ({self.story_at + 1} of {n})" if n > 1 else ""
            if self.story_at + 1 < n:
                return (f"{who}: the picture shows {whose} hunt{which}; click Next to step through the turn, "
                        f"or See the turn at once, or pick a card.")
            return (f"{who}: the picture shows {whose} hunt{which}; click Next to see the savannah after, "
                    f"or pick a card.")
        if g.phase is Phase.LAST_DISCARDS:
            what = f" ({self._label(self.to_discard)} picked)" if self.to_discard else ""
            return (f"{who}: the draw pile is empty: click the card to discard out of the game (you keep 2)"
                    f"{what}, then Discard.")
        if self.discarding:
            what = f" ({self._label(self.to_discard)} picked)" if self.to_discard else ""
            return (f"{who}: none of your cards can be played: click one to discard out of the game{what}, "
                    f"then Discard.")
        if self.branches:
            target = self._label(self.branches[0][1][0]) if self.branches[0][1] else "it"
            return f"{who}: the {self._name(self.selected)} may kill or scare {target}: click Kill or Scare."
        if self.hunting:
            k = len(self.answered)
            n = self._action_count(self.selected)
            need = max((len(t) for _b, t in self._remaining()), default=0)
            act = self._species(self.selected).actions[k]
            what = act.text()
            decline = ", or Decline the hunt (R) to take none" if self.may_decline else ""
            return (f"{who}: {self._name(self.selected)}, hunt {k + 1} of {n} ({what}): click "
                    f"{plural(need, 'lit card')} ({len(self.picked)} picked){decline}.")
        if self.selected is not None:
            skipped = ""
            if self.skipped:
                skipped = " No card in reach for its hunt" + ("s" if len(self.skipped) > 1 else "") + ": skipped."
            return (f"{who}: click Play (or the slot where new cards enter) to play the "
                    f"{self._name(self.selected)}.{skipped}")
        return f"{who}: click a card in your hand to see whether it can be played."

    def describe(self, move, position) -> str:
        who = player_name(position.current_player)
        words = position.describe(move)
        if type(move) is Play:
            return f"{who} played {words[len('Play '):]}"
        if type(move) is Discard:
            return f"{who} discarded {position.catalogue.label(position.catalogue.index[move.card])} " \
                   f"(nothing could be played)"
        if type(move) is LastDiscard:
            return f"{who} made the last discard: {position.catalogue.label(position.catalogue.index[move.card])}"
        return words

    def move_marks(self, move) -> List[str]:
        if type(move) is Play:
            return ["card:" + move.card]
        return ["pile:out"]

    def sample_click(self) -> Tuple[str, bool]:
        """Choosing a card that may be played (a refused one would change nothing); a second
        click puts it back."""
        playable = set(self.game.playable())
        return next(h for h in self.keyboard_order() if h.startswith("hand:") and h[5:] in playable), False

    def keyboard_order(self) -> List[str]:
        if not self.human_turn:
            return []
        if self.story is not None:
            now = ["story:now"] if self.story_at + 1 < len(self.stories) else []
            return ["story:next"] + now + (["cover:show"] if self.covered else ["hand:" + c for c in self._hand()])
        if self.covered:
            return ["cover:show"]
        hand = ["hand:" + c for c in self._hand()]
        if self.discarding:
            return hand + (["confirm:discard"] if self.to_discard else [])
        if self.branches:
            return [f"branch:{b}" for b, _t in self.branches]
        if self.selected is None:
            return hand
        first = ["card:" + c for c in self.lit() + self.picked]
        if self.hunting:
            first += ["hunt:skip"] + (["hunt:done"] if self._done_allowed() else [])
        else:
            first += ["confirm:play"]
        mine = "hand:" + self.selected
        return first + [mine] + [h for h in hand if h != mine]

    def after_move(self, move) -> None:
        self._reset()
        self._story_from = len(self.game.history) - 1  # this move and the bots' answers get their stories

    def after_undo(self) -> None:
        self._reset()
        self.revealed = None
        self._just_played = None
        self.stories, self.story_at, self._story_from = [], 0, None

    def _reset(self) -> None:
        self.stories, self.story_at = [], 0
        self.selected = None
        self.answered, self.picked, self.branches, self.skipped = [], [], [], []
        self.to_discard = None
        self.checked = None

    def _collect_stories(self) -> None:
        """The hunts of the moves played since a human's move (theirs and the bots'), in order."""
        start, self._story_from = self._story_from, None
        self.stories, self.story_at = [], 0
        if start is None or not self.show_hunts:
            return
        g = self.game
        trial = g.replay(start)
        for move in g.history[start:]:
            found = render.hunt_story(trial, move)
            if found is not None:
                self.stories.append(found)
            trial._play_legal(move)

    def sync(self, done=()) -> None:
        said, self._just_played = self._just_played, None
        self._collect_stories()
        super().sync(done)
        if said and not done and not self.game.is_over:  # what comes next, then (its own line) what you just did
            self.status.set(self.instruction(), then=f"{said}.")

    # -- hints ----------------------------------------------------------------------------------
    def suggestion(self):
        """The hint bot's move now (the strongest that fits ``hint_seconds``; the cheapest is
        greedy), and why in board words: the points it gains now, what it kills, the Big Five it
        adds, then why that bot chose it (``ui.board.verdict``) or, from the greedy bot, how it
        compares with the other cards."""
        g = self.game
        if self.covered:
            return None
        p = g.current_player
        decision = self.hint_decision()
        move, chosen_by = decision.move, verdict(decision)
        trial = g.copy()
        before, five = g.evaluate(p), g.big_five_kinds(p)
        trial.play(move)
        gain = int(trial.evaluate(p) - before)
        cat = g.catalogue
        kills = [cat.name[c] for c in trial.state.kill_piles[p][len(g.state.kill_piles[p]):]]
        then = f"; {chosen_by}" if chosen_by else ""
        if type(move) is not Play:
            sp = self._species(move.card)
            if type(move) is Discard:
                return move, (f"none of your cards can be played; the {sp.name} is worth {sp.level} "
                              f"point{'s' if sp.level != 1 else ''} and scores nothing in your hand{then}")
            if chosen_by:
                return move, (f"a card left in your hand costs its level at the end: the {sp.name} costs "
                              f"{sp.level}{then}")
            return move, f"a card left in your hand costs its level at the end: the {sp.name} costs most"
        if gain:
            why = [f"it gains {gain} point{'s' if abs(gain) != 1 else ''} now"]
        else:
            why = ["it gains no points now" if chosen_by else "no other card gains more now"]
        if kills:
            why.append("your kill pile takes " + and_list(kills))
        bonus = trial.state.bonus[p] - g.state.bonus[p]
        if bonus:
            why.append(f"{bonus} bonus point{'s' if bonus != 1 else ''} for the predators it spots")
        if trial.big_five_kinds(p) > five:
            why.append(f"{trial.big_five_kinds(p)} of the Big Five in your kill pile (all five: +25)")
        return move, "; ".join(why) + then + "."

    def hint_text(self, move) -> str:
        words = self.game.describe(move)
        return words[:1].lower() + words[1:]

    def show_hint(self, move) -> List[str]:
        """Outline the hinted card in the hand and the savannah cards its hunts would take."""
        self._reset()
        marks = ["hand:" + move.card]
        if type(move) is Play:
            marks += ["card:" + t for _b, targets in move.actions for t in targets]
        return marks

    # -- the guided game --------------------------------------------------------------------------
    def emphasis(self) -> List[str]:
        """What the next step is about: the cards of the hand that may be played, the cards the hunt
        may take, the kill-or-scare answers, Play, the card to discard, Next or Show my hand."""
        if self.story is not None:
            return ["story:next"]
        if self.covered:
            return ["cover:show"]
        g = self.game
        if self.discarding:
            return ["confirm:discard"] if self.to_discard else ["hand:" + c for c in self._hand()]
        if self.branches:
            return [f"branch:{b}" for b, _t in self.branches]
        if self.selected is None:
            playable = set(g.playable())
            return ["hand:" + c for c in self._hand() if c in playable]
        if self.hunting:
            return ["card:" + c for c in self.lit()]
        return ["confirm:play"]

    def guide_text(self) -> str:
        """One sentence on the step at hand (a guided game's guide line)."""
        g = self.game
        if g.is_over:
            return "The game is over: the table under the savannah adds up each player's points, step by step."
        if not self.human_turn:
            return ""
        if self.covered:
            return "Hot-seat: only the player to move should look at their hand."
        story = self.story
        if story is not None:
            return ("This is the savannah during the hunt: crossed cards leave (killed ones to the kill pile, scared "
                    "ones out of the game); click Next to see the savannah after.")
        if self.discarding:
            return "No card in your hand can be played: pick one to discard out of the game (it scores nothing)."
        if self.branches:
            return ("This hunt may kill or scare: a killed card scores its level in your kill pile, a scared one "
                    "just leaves.")
        if self.selected is None:
            return ("Pick a card from your hand: it may be played when its placement rule holds for the cards at the "
                    "right end of the savannah (outlined ones can be).")
        name = self._name(self.selected)
        if self.hunting:
            k = len(self.answered)
            act = self._species(self.selected).actions[k]
            verb = "kill" if getattr(act, "verb", "") == "kill" else ("take" if isinstance(act, Choose) else "scare")
            return f"Click the cards this {name} will {verb}: {act.text()} (the lit cards)."
        return f"Click Play: the {name} enters at the right end, and the cards of its group move next to it."

    def redraw(self) -> None:
        if self.guided:
            self.guide.set(self.guide_text())
        super().redraw()

    def hovered(self, hit: Optional[str]) -> None:
        """In a guided game, pointing at a hand card says on the guide line whether it may be
        played and why (the guide line has a fixed height: nothing moves, no frame is sent)."""
        if not (self.guided and self.human_turn and not self.covered):
            return
        if hit is None or not hit.startswith("hand:") or hit[5:] not in self._hand() or self.selected is not None:
            self.guide.set(self.guide_text())
            return
        cid = hit[5:]
        if self.discarding:
            self.guide.set(f"{self._label(cid)}: discarding it scores nothing, and it costs nothing at the end.")
            return
        holds, _read, words = self._check(cid)
        said = words if holds else f"{self._name(cid)} cannot be played now: {self._why(Play(cid))[0]}."
        self.guide.set(re.sub(r" \[[a-z0-9.\-]+\]", "", said))

    # -- clicks --------------------------------------------------------------------------------
    def clicked(self, hit: str) -> None:
        kind, _, rest = hit.partition(":")
        if kind == "story" and rest == "now":
            self.story_now()
        elif kind == "story":
            self.next_story()
        elif kind == "cover":
            self.show_hand()
        elif self.covered:
            self.refuse(f"{player_name(self.game.current_player)}'s hand is still hidden: click Show my hand first",
                        "", "cover:show")
        elif kind == "hand" and rest in self.game.catalogue.index:
            self.select(rest)
        elif kind == "hand":
            self._click_hidden_hand(int(rest), hit)
        elif kind == "card":
            self.choose_target(rest)
        elif kind == "branch":
            self.choose_branch(int(rest))
        elif kind == "hunt" and rest == "skip":
            self.skip()
        elif kind in ("confirm", "hunt") or (kind == "savannah" and self.ready):
            self.confirm()
        else:  # a pile, the slot, the scoring table: nothing to play there
            self._say()

    def key(self, key: str, shift: bool) -> None:
        """R: skip the hunt in progress (declining it with ``hunts='optional'``; refused while a
        card is in reach otherwise)."""
        if key == "r":
            self.skip()

    def _click_hidden_hand(self, seat: int, hit: str) -> None:
        g = self.game
        self.refuse(f"that is {player_name(seat)}'s hand, but it is {player_name(g.current_player)}'s turn",
                    "circle.setup.turn-order", hit)

    def _say(self, note: str = "") -> None:
        self.marks = [m for m in self.marks if m[1] != "refused"]
        self.status.set((note + " " if note else "") + self.instruction())
        self.redraw()

    def _play(self, move, hit: Optional[str]) -> bool:
        self._just_played = self.describe(move, self.game)  # the status line says it (``sync``)
        try:
            return self.play(move, hit)
        finally:
            self._just_played = None

    def _may_act(self) -> bool:
        """A person is to move and sees their hand; otherwise say why not."""
        g = self.game
        if not self.human_turn:
            self.status.set("Wait: it is not your decision." if not g.is_over else self.instruction())
            return False
        if self.covered:
            self.refuse(f"{player_name(g.current_player)}'s hand is still hidden: click Show my hand first", "",
                        "cover:show")
            return False
        return True

    # -- actions (from clicks, keys, or Python) ---------------------------------------------------
    @action
    def next_story(self) -> None:
        """The next step of the hunts just played: the next hunt as it happened, or the savannah now."""
        if self.story is None:
            self._say()
            return
        self.story_at += 1
        self._say()

    @action
    def story_now(self) -> None:
        """Skip the rest of the hunts just played: the savannah as it is now, at once."""
        self.story_at = len(self.stories)
        self._say()

    @action
    def show_hand(self) -> None:
        """Turn the hand of the person to move face up (hot-seat)."""
        g = self.game
        if not self.human_turn:
            self._say()
            return
        self.revealed = (g.current_player, len(g.history))
        self._say()

    @action
    def select(self, card_id: str) -> None:
        """Click a hand card: show whether it may be played (its placement rule's cards
        outlined green or red, the reason in the status line); if it may, choose it and light
        its first hunt's targets. In a discard, pick it to discard. The card chosen already:
        put it back."""
        g = self.game
        if not self._may_act():
            return
        self.marks = [m for m in self.marks if m[1] != "refused"]
        if card_id not in self._hand():
            self._reset()
            move = LastDiscard(card_id) if g.phase is Phase.LAST_DISCARDS else Play(card_id)
            reason, rule = self._why(move)
            self.refuse(reason, rule, "hand:" + card_id if card_id in g.catalogue.index else None)
            return
        if self.discarding:
            self._pick_discard(card_id)
            return
        if self.selected == card_id:
            self._reset()
            self._say()
            return
        self._reset()
        holds, read, words = self._check(card_id)
        self.checked = (holds, read)
        if not holds:
            reason, rule = self._why(Play(card_id))
            self.refuse(reason, rule, "hand:" + card_id)
            return
        self.selected = card_id
        self._advance()
        self._say(words)

    def _pick_discard(self, card_id: str) -> None:
        g = self.game
        if self.to_discard == card_id:
            self.to_discard, self.checked = None, None
            self._say()
            return
        self.to_discard = card_id
        note = ""
        if g.phase is Phase.PLAY:  # why it cannot be played
            holds, read, words = self._check(card_id)
            self.checked = (holds, read)
            note = f"{words.rstrip('.')} [circle.play.unplayable-discard]."
        self._say(note)

    def _advance(self) -> bool:
        """Answer the hunts that leave no choice (nothing in reach: skipped) and the hunt in
        progress once its targets are complete; returns True when every hunt is answered."""
        while self.hunting:
            opts = self._remaining()
            picked = set(self.picked)
            if self.options() == [(0, ())]:
                self.skipped.append(len(self.answered))
                self.answered.append((0, ()))
                continue
            complete = [o for o in opts if set(o[1]) == picked]
            if not complete or any(len(o[1]) > len(picked) for o in opts):
                return False
            if len({b for b, _t in complete}) > 1:  # kill or scare the same card(s): ask
                self.branches = complete
                return False
            self.answered.append(complete[0])
            self.picked = []
        return True

    def _done_allowed(self) -> bool:
        picked = set(self.picked)
        return bool(self.picked) and any(set(t) == picked for _b, t in self._remaining())

    @action
    def choose_target(self, card_id: str) -> bool:
        """Pick (or put back) a savannah card for the hunt in progress; the last target of the
        last hunt plays the card. A card the hunt may not take is refused by the engine."""
        if not self._may_act():
            return False
        hit = "card:" + card_id
        self.checked = None
        if self.selected is None:
            what = "the card to discard" if self.discarding else "a card to play"
            self.refuse(f"first choose {what}: click a card in your hand", "circle.turn.steps", hit)
            return False
        if not self.hunting:
            reason, rule = self._why(Play(self.selected, tuple(self.answered) + ((0, (card_id,)),)))
            self.refuse(reason, rule, hit)
            return False
        if self.branches:
            self.refuse(f"first say whether the {self._name(self.selected)} kills or scares: click Kill or Scare",
                        "circle.hunt.verb", "branch:0")
            return False
        if card_id in self.picked:
            self.picked.remove(card_id)
            self._say()
            return False
        if card_id not in self.lit():
            self.refuse(*self._refusal_of(card_id), hit)
            return False
        self.picked.append(card_id)
        if self._advance():
            return self._play(Play(self.selected, tuple(self.answered)), hit)
        self._say()
        return False

    def _refusal_of(self, card_id: str) -> Tuple[str, str]:
        """Why the hunt in progress may not take ``card_id`` (the engine's words, branch by branch)."""
        k = len(self.answered)
        act = self._species(self.selected).actions[k]
        branches = sorted({b for b, _t in self._remaining()}) or list(range(len(getattr(act, "branches", (act,)))))
        found: List[Tuple[str, str]] = []
        for b in branches:
            found.append(self._why(self._trial((b, tuple(sorted(self.picked + [card_id]))))))
        for reason, rule in found:  # a reason about the card itself first
            if rule not in ("circle.hunt.count", "circle.hunt.mandatory", "circle.turn.steps"):
                return reason, rule
        return found[0]

    @action
    def choose_branch(self, b: int) -> bool:
        """Answer the kill-or-scare question: branch ``b`` of the hunt in progress."""
        if not self._may_act():
            return False
        answer = next((o for o in self.branches if o[0] == b), None)
        if answer is None:
            self._say()
            return False
        self.branches = []
        self.answered.append(answer)
        self.picked = []
        if self._advance():
            return self._play(Play(self.selected, tuple(self.answered)), f"branch:{b}")
        self._say()
        return False

    @action
    def skip(self) -> bool:
        """Skip the hunt in progress (the Skip or Decline button, or R): the engine refuses while a
        card is in reach, unless the game lets a player decline a hunt (``hunts='optional'``)."""
        if not self._may_act():
            return False
        self.checked = None
        if not self.hunting:
            self._say()
            return False
        k = len(self.answered)
        b = self._remaining()[0][0] if self._remaining() else 0
        act = self._species(self.selected).actions[k]
        move = self._trial((0 if isinstance(act, Choose) else b, ()))
        if self.game.is_legal(move):  # a hunt the rules let you skip
            self.answered.append(move.actions[k])
            self.picked = []
            if self._advance():
                return self._play(Play(self.selected, tuple(self.answered)), "hunt:skip")
            self._say()
            return False
        reason, rule = self._why(move)
        self.refuse(reason, rule, "hunt:skip")
        return False

    @action
    def confirm(self) -> bool:
        """Play the card chosen (its hunts answered), end a hunt early where the rules allow
        fewer targets (Done), or discard the card picked."""
        g = self.game
        if not self._may_act():
            return False
        self.checked = None
        if self.discarding:
            if self.to_discard is None:
                self.refuse("first click the card to discard in your hand", "circle.play.unplayable-discard"
                            if g.phase is Phase.PLAY else "circle.end.last-discard", "confirm:discard")
                return False
            move = (LastDiscard if g.phase is Phase.LAST_DISCARDS else Discard)(self.to_discard)
            return self._play(move, "hand:" + self.to_discard)
        if self.selected is None:
            self.refuse("first choose a card to play: click a card in your hand", "circle.turn.steps")
            return False
        if self.branches:
            self._say()
            return False
        if self.hunting:
            picked = tuple(sorted(self.picked))
            done = [o for o in self._remaining() if tuple(sorted(o[1])) == picked]
            if done and len({b for b, _t in done}) == 1:
                self.answered.append(done[0])
                self.picked = []
                if self._advance():
                    return self._play(Play(self.selected, tuple(self.answered)), "hunt:done")
                self._say()
                return False
            b = self._remaining()[0][0] if self._remaining() else 0
            reason, rule = self._why(self._trial((b, picked)))
            self.refuse(reason, rule, "hand:" + self.selected)
            return False
        return self._play(Play(self.selected, tuple(self.answered)), "hand:" + self.selected)

    # -- drawing the board's own parts -----------------------------------------------------------
    def _bar(self, sc: Scene, k: int) -> None:
        """The action bar right of the piles (classroom: over the players' table): what the decision
        asks, and its buttons."""
        fill, edge, ink = BAR[self.theme]
        y = render.HEADER_H + render.PAD
        x, w, h = BAR_X, render.WIDTH - render.PAD - BAR_X, render.PILES_H
        buttons: List[Tuple[str, str, str]] = []  # (hit, label, tooltip)
        head = ""
        g = self.game
        label = self._label if not self.large else self._name
        if self.story is not None:
            n = len(self.stories)
            head = f"The hunt as it happened ({self.story_at + 1} of {n})"
            buttons.append(("story:next", "Next ▶" if self.story_at + 1 < n else "▶ See the savannah after",
                            "Show the savannah after this hunt"))
            if self.story_at + 1 < n:  # or skip the steps: the learner chooses
                buttons.append(("story:now", "▶▶ See the turn at once", "Skip the other hunts: the savannah now"))
            if self.covered:
                buttons.append(("cover:show", "Show my hand", "Turn your hand face up (only you should look)"))
        elif self.covered and self.large:
            head = f"{player_name(g.current_player)}'s turn"
            buttons.append(("cover:show", "Show my hand", "Turn your hand face up (only you should look)"))
        elif self.covered:
            hand = box_of([s for s in sc.find(f"hand:{g.current_player}")])
            if hand is not None:  # a second button right under the hidden hand
                hx0, _hy0, hx1, hy1 = hand
                label = "Show my hand"
                bw = max(hx1 - hx0, render.text_w(label, 12, True) + 16)
                sc.add(rect(hx0, hy1 + 4, bw, 24, fill=BUTTON_FILL[self.theme], stroke=edge, width=1.2, radius=5,
                            hit="cover:show", title="Turn your hand face up (only you should look)"),
                       text(hx0 + bw / 2, hy1 + 16, label, size=12, bold=True, fill=ink))
            head = f"{player_name(g.current_player)}'s turn: is {player_name(g.current_player)} at the screen?"
            buttons.append(("cover:show", "Show my hand", "Turn your hand face up (only you should look)"))
        elif self.discarding:
            head = "Discard a card out of the game"
            if self.to_discard:
                buttons.append(("confirm:discard", f"Discard {label(self.to_discard)}",
                                "Discard the card picked out of the game"))
        elif self.branches:
            head = f"{self._name(self.selected)}: kill or scare?"
            for b, targets in self.branches:
                verb = self._branch(self.selected, k, b).verb
                names = and_list(label(t) for t in targets) if targets else "nothing"
                buttons.append((f"branch:{b}", f"{verb.capitalize()} {names}",
                                f"{verb} {names}: " + ("into your kill pile" if verb == "kill" else
                                                        "out of the game")))
        elif self.hunting:
            n = self._action_count(self.selected)
            need = max((len(t) for _b, t in self._remaining()), default=0)
            head = f"{self._name(self.selected)}: hunt {k + 1} of {n} · {len(self.picked)} of {need} picked"
            if self.may_decline:
                buttons.append(("hunt:skip", "Decline the hunt", "Take none of this hunt's targets: the option "
                                                                  "hunts='optional' lets you (R)"))
            else:
                buttons.append(("hunt:skip", "Skip this hunt", "Hunts are compulsory while a card is in reach (R)"))
            if self._done_allowed():
                buttons.append(("hunt:done", "Done", "End this hunt with the cards picked"))
        elif self.selected is not None:
            head = f"Ready: the {self._name(self.selected)} enters at the right end"
            buttons.append(("confirm:play", f"▶ Play {label(self.selected)}", "Play the card chosen"))
        else:
            return
        if self.large:
            self._classroom_bar(sc, buttons)
            return
        sc.add(rect(x, y + 2, w, h - 2, fill=fill, stroke=edge, width=1.5, radius=6),
               text(x + 10, y + 13, head, size=render_style._fit(head, 12, w - 20, True), bold=True, anchor="start",
                    fill=ink))
        bx = x + 8
        for hit, label, tip in buttons:
            size = render_style._fit(label, 13, w - 16 - (bx - x), True, least=10)
            bw = min(render.text_w(label, size, True) + 20, x + w - 8 - bx)
            sc.add(rect(bx, y + 23, bw, BUTTON_H, fill=BUTTON_FILL[self.theme], stroke=edge, width=1.2, radius=5,
                        hit=hit, title=tip),
                   text(bx + bw / 2, y + 23 + BUTTON_H / 2, label, size=size, bold=True, fill=ink, title=tip))
            bx += bw + 8


    def _classroom_bar(self, sc: Scene, buttons: List[Tuple[str, str, str]]) -> None:
        """The buttons in the classroom picture, over the players' table, words at classroom size."""
        fill, edge, ink = BAR[self.theme]
        t = render.CLASSROOM_TEXT
        rows = len(self.stories[self.story_at].row) if self.story is not None else len(self.game.state.row)
        x, y, w, h = render.classroom_bar(rows, self.compact)
        bx = x
        for hit, label, tip in buttons:
            bw = min(render.text_w(label, t, True) + 24, x + w - bx)
            if bw < 60:
                break
            sc.add(rect(bx, y + 2, bw, h - 4, fill=BUTTON_FILL[self.theme], stroke=edge, width=1.5, radius=7,
                        hit=hit, title=tip),
                   text(bx + bw / 2, y + h / 2, label, size=t, bold=True, fill=ink, title=tip))
            bx += bw + 10


def _frame(scene: Scene, hit: str, colour: str, label: str, pad: float = 4, width: float = 3.5,
           dash=(), at: str = "top", big: bool = False) -> None:
    """A thick frame around a hit area, with a small tag: over its top edge, clear of the card ("kill?"), on its
    bottom edge ("play"), across a small tile's middle ("middle": clear of its name and token), or a
    round badge on its bottom-left corner ("✓", "✗"), clear of the card's words and the savannah's
    title. ``big`` (classroom): the tag covers the card's group
    band at classroom text size instead, and the frame's dash alone tells ✓ from ✗."""
    box = box_of(scene.find(hit))
    if box is None:
        return
    x0, y0, x1, y1 = box
    scene.add(rect(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad, stroke="#ffffff", width=width + 2.5,
                   radius=7),
              rect(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad, stroke=colour, width=width, radius=7,
                   dash=dash))
    if at == "corner":
        if not big:
            scene.add(circle(x0 - pad + 2, y1 + pad - 2, 10, fill=colour, stroke="#ffffff", width=1.5),
                      text(x0 - pad + 2, y1 + pad - 2, label, size=12, bold=True, fill=_ink_on(colour)))
        return
    if big:
        t = render.CLASSROOM_TEXT
        th = 30
        cy = y1 - th / 2 if at == "bottom" else y0 + th / 2
        scene.add(rect(x0 + 1, cy - th / 2, x1 - x0 - 2, th, fill=colour, stroke="#ffffff", width=1, radius=6),
                  text((x0 + x1) / 2, cy, label, size=t, bold=True, fill=_ink_on(colour)))
        return
    size = 10.5 if at != "middle" else render_style._fit(label, 10.5, x1 - x0 - 14, True)
    w = render.text_w(label, size, True) + 10
    cy = {"bottom": y1 + pad, "top": y0 - 11}.get(at, (y0 + TILE_BAND + y1 - TILE_NAME) / 2)  # top: 3 clear
    scene.add(rect((x0 + x1 - w) / 2, cy - 8, w, 16, fill=colour, stroke="#ffffff", width=1, radius=8),
              text((x0 + x1) / 2, cy, label, size=size, bold=True, fill=_ink_on(colour)))


def _ink_on(fill: str) -> str:
    """White on a dark fill, near-black on a light one (the dark theme's ring is light)."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#1a1a1a" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


__all__ = ["CircleClicks"]
