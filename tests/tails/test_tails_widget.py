"""The Savannah Tails board, driven from Python by clicks on hit areas."""

import base64
import random
from collections import defaultdict

import pytest

from savannah_kit import tails
from savannah_kit.dev.clicks import random_clicks
from savannah_kit.tails import Discard, Move
from savannah_kit.tails.render import PALETTES
from savannah_kit.tails.widget import TailsBoard, choice_words, space_words
from tails_helpers import lit_drawn, other, race

EASY = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]
RING = PALETTES["light"].ring


def crazy_wings_race():
    """Red on T03 with Crazy Wings active: three moves end on the blue water hole."""
    return race([{"space": "T03:red:0", "hand": ["yellow-3"], "bonuses": {"crazy-wings": "active"}},
                 other("T05:red:5")], course=EASY)


def discard_race():
    return race([{"space": "T03:red:0", "hand": ["red-2", "red-3", "red-4", "red-5", "red-6"]}, other()],
                course=[["T01", "easy"], ["T03", "easy"], ["T02", "easy"]], pending_discard=1)


def by_end(game, card):
    """The legal moves playing ``card``, grouped by the space where they end."""
    out = defaultdict(list)
    for m in game.legal_moves():
        if m.card == card:
            out[m.to].append(m)
    return out


def test_game_widget_returns_the_board():
    g = tails.new_game(players=2, seed=3)
    b = g.widget()
    assert isinstance(b, TailsBoard) and b.game is g
    bundle, _metadata = b._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert base64.b64decode(bundle["image/png"])[:4] == b"\x89PNG"
    assert b.status.text == "Red: click a card in your hand to see where it can go."
    assert b.keyboard_order() == [f"card:{c}" for c in ("red-6", "blue-4", "black-4", "black-5")]
    assert b.btn_discard.layout.visibility == "hidden"


def test_light_and_dark_pictures():
    g = tails.new_game(players=2, seed=3)
    assert g.widget().canvas.scene.background == PALETTES["light"].background
    assert g.widget(theme="dark").canvas.scene.background == PALETTES["dark"].background
    with pytest.raises(ValueError):
        g.widget(theme="blue")


@pytest.mark.rule("tails.move.exact-distance", "tails.move.one-space-any-card")
@pytest.mark.parametrize("seed", [3, 8])
def test_selecting_a_card_lights_exactly_its_destinations(seed):
    g = tails.new_game(players=2, seed=seed)
    b = g.widget()
    for code in sorted(g.state.hands[g.current_player]):
        card = tails.CARD_NAMES[code]
        b.click_hit(f"card:{card}")
        ends = by_end(g, card)
        assert ends and set(b.destinations()) == set(ends) == lit_drawn(b)
        assert b.selected == card and "click a lit space" in b.status.text
        assert all(f"space:{to}" in b.keyboard_order() for to in ends)
        one = {to for to, ms in ends.items() if all(m.kind == "one-space" for m in ms)}
        assert all(b.destinations()[to] == "1" for to in one)
        b.click_hit(f"card:{card}")  # the card again: deselected, nothing lit
        assert b.selected is None and lit_drawn(b) == set()


@pytest.mark.rule("tails.move.bonus-movement", "tails.bonus.crazy-wings")
def test_bonus_movement_is_labelled_plus_n():
    g = crazy_wings_race()
    b = g.widget()
    assert "bonus:red:crazy-wings" in b.keyboard_order() and "Crazy Wings" in b.status.text
    b.click_hit("bonus:red:crazy-wings")
    assert b.destinations() == {"T05:red:0": "4+2", "T03:blue:4": "4", "T03:yellow:4": "4", "T03:black:4": "4"}
    assert "4+2" in b.canvas.scene.texts()


@pytest.mark.rule("tails.turn.play-card")
@pytest.mark.parametrize("seed", [1, 5])
def test_clicking_a_lit_space_plays_exactly_that_move(seed):
    base = tails.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(6):  # a few moves into the race
        base.play(rng.choice(base.legal_moves()))
    checked = 0
    cards = {m.card for m in base.legal_moves()}
    for card in sorted(cards):
        for to, moves in sorted(by_end(base, card).items()):
            if len(moves) != 1:
                continue
            g = base.copy()
            b = g.widget()
            n = len(g.history)
            b.select(card)
            b.click_hit(f"space:{to}")
            assert len(g.history) == n + 1 and g.history[-1] == moves[0] and g.history[-1] in base.legal_moves()
            assert ("space:" + to, "last") in b.marks and b.selected is None
            assert b.status.then.startswith(f"{base.who(base.current_player)} played ")
            assert b.status.text.startswith(b.instruction())  # what comes next first, then what was played
            checked += 1
    assert checked >= 5


@pytest.mark.rule("tails.water.gain-marker", "tails.bonus.crazy-wings")
def test_several_moves_to_one_space_open_a_choice_panel():
    g = crazy_wings_race()
    moves = by_end(g, "crazy-wings")["T03:blue:4"]
    assert len(moves) == 3
    for i, move in enumerate(moves):
        g = crazy_wings_race()
        b = g.widget()
        b.click_hit("bonus:red:crazy-wings")
        saved = g.to_json()
        b.click_hit("space:T03:blue:4")
        assert g.to_json() == saved and b.pending == "T03:blue:4"
        assert b.choice_labels() == ["Arm no bonus", "Arm Boinnnggg at the water hole",
                                     "Arm Bird Brain at the water hole"]
        assert b.keyboard_order() == ["choice:0", "choice:1", "choice:2", "choice:cancel"]
        assert "3 moves with Crazy Wings end on T03 blue space 5" in b.status.text
        assert any(t.startswith("2. Arm Boinnnggg") for t in b.canvas.scene.texts())
        b.click_hit(f"choice:{i}")
        assert g.history == [move] and b.pending is None


def test_cancel_closes_the_panel_and_keeps_the_card():
    g = crazy_wings_race()
    b = g.widget()
    b.click_hit("bonus:red:crazy-wings")
    b.click_hit("space:T03:blue:4")
    saved = g.to_json()
    b.click_hit("choice:cancel")
    assert b.pending is None and b.selected == "crazy-wings" and g.to_json() == saved
    assert "choice:0" not in b.hits()
    b.click_hit("space:T03:black:4")  # a single move: played at once
    assert g.history == [Move("crazy-wings", to="T03:black:4", lane="black")]


@pytest.mark.parametrize("seed", range(6))
def test_every_choice_of_a_random_race_plays_its_own_move(seed):
    """In random races, every space with several moves offers them all, in distinct
    words, and each choice plays its own move."""
    g = tails.new_game(players=2, seed=seed, bonuses=["leapfrog", "deja-vu", "neck-stretch"])
    rng = random.Random(seed)
    found = 0
    while not g.is_over and found < 3 and len(g.history) < 200:
        for m in g.legal_moves():
            same = [x for x in g.legal_moves() if x.card == m.card and x.to == m.to]
            if len(same) > 1 and m == same[0]:
                labels = [choice_words(x, same) for x in same]
                assert len(set(labels)) == len(labels), labels
                for i, x in enumerate(same):
                    trial = g.copy()
                    b = trial.widget()
                    b.select(m.card)
                    b.click_hit(f"space:{m.to}")
                    assert b.choices == same
                    b.click_hit(f"choice:{i}")
                    assert trial.history[-1] == x, (labels[i], x)
                found += 1
                break
        g.play(rng.choice(g.legal_moves()))
    assert found >= 1


@pytest.mark.rule("tails.move.exact-distance", "tails.move.end-on-card-colour", "tails.turn.play-card")
def test_an_unlit_space_is_refused_with_the_rule_and_changes_nothing():
    g = tails.new_game(players=2, seed=3)
    b = g.widget()
    saved = g.to_json()
    b.click_hit("space:T03:red:3")  # no card chosen yet
    assert g.to_json() == saved and b.status.refused and "tails.turn.play-card" in b.status.text
    b.click_hit("card:red-6")
    b.click_hit("space:T04:red:0")  # too far for a 6
    assert g.to_json() == saved and b.status.text.startswith("Not allowed")
    assert "tails.move.exact-distance" in b.status.text and "went wrong" not in b.status.text
    assert ("space:T04:red:0", "refused") in b.marks and b.selected == "red-6"
    b.click_hit("space:T03:blue:5")  # a 6 steps away, the wrong lane
    assert g.to_json() == saved and "tails.move.end-on-card-colour" in b.status.text
    assert "T03:blue" not in b.status.text  # space names in board words
    b.click_hit("space:T03:red:2")  # the refusal never stood in the way
    assert g.history == [Move("red-6", to="T03:red:2")]


@pytest.mark.rule("tails.move.exact-distance", "tails.water.next-turn")
def test_crazy_wings_refusals_cite_their_rules():
    g = crazy_wings_race()
    b = g.widget()
    saved = g.to_json()
    b.click_hit("bonus:red:crazy-wings")
    b.click_hit("space:T03:red:3")
    assert g.to_json() == saved and "tails.move.exact-distance" in b.status.text
    armed = race([{"space": "T03:red:0", "hand": ["yellow-3"], "bonuses": {"crazy-wings": "armed"}},
                  other("T05:red:5")], course=EASY)
    b = armed.widget()
    saved = armed.to_json()
    b.click_hit("bonus:red:crazy-wings")
    assert armed.to_json() == saved and "tails.water.next-turn" in b.status.text and b.selected is None


@pytest.mark.rule("tails.draw.hand-size")
def test_the_discard_phase_by_clicks():
    g = discard_race()
    b = g.widget()
    saved = g.to_json()
    assert "click 1 card to discard" in b.status.text and b.btn_discard.layout.visibility == "visible"
    assert b.keyboard_order()[-1] == "discard:confirm"
    b.click_hit("space:T03:red:3")  # no move before the discard
    assert g.to_json() == saved and "tails.draw.hand-size" in b.status.text
    b.click_hit("card:red-2")
    b.click_hit("card:red-4")
    assert b.to_discard == ["red-2", "red-4"] and "picked: red 2, red 4" in b.status.text
    b.click_hit("discard:confirm")  # one too many: the engine says so
    assert g.to_json() == saved and "tails.draw.hand-size" in b.status.text and "exactly 1" in b.status.text
    b.click_hit("card:red-2")  # put back
    assert b.to_discard == ["red-4"]
    b.confirm_discard()
    assert g.history == [Discard(("red-4",))] and b.to_discard == []
    assert "Red discarded red 4" in b.status.text and b.btn_discard.layout.visibility == "hidden"


@pytest.mark.rule("tails.order.turn-sequence")
def test_a_bot_seat_moves_after_the_human():
    g = tails.new_game(players=2, seed=3)
    b = g.widget(bots={1: "random"})
    assert b.seats == [0] and g.current_player == 0
    b.click_hit("card:red-6")
    b.click_hit("space:T03:red:2")
    assert len(g.history) == 2 and g.history[0] == Move("red-6", to="T03:red:2")
    assert g.history[1] in g.replay(1).legal_moves() and g.current_player == 0
    assert "[random bot] Purple" in b.log.text and b.status.then.startswith("Bots played: Purple played ")
    assert ("space:" + g.history[1].to, "last") in b.marks
    b.undo()  # takes back the bot's move and the human's
    assert g.history == [] and b.status.text.startswith("Undone")
    b.click_hit("card:red-6")
    b.click_hit("space:T03:red:2")
    assert len(g.history) == 2 and g.history[1] in g.replay(1).legal_moves()


def test_undo_new_game_and_the_keyboard():
    g = tails.new_game(players=2, seed=3)
    b = g.widget()
    start = g.to_json()
    order = b.keyboard_order()
    b.canvas._message(None, {"event": "click", "hit": order[0]}, None)  # Enter on the first card
    assert b.selected == "red-6"
    lit = [h for h in b.keyboard_order() if h.startswith("space:")]
    assert lit and {h[6:] for h in lit} == set(b.destinations())
    b.canvas._message(None, {"event": "click", "hit": "space:T03:red:2"}, None)
    assert len(g.history) == 1
    b.canvas._message(None, {"event": "key", "key": "u"}, None)  # U undoes
    assert g.to_json() == start and "Undone: Red played red 6 to T03 red space 3" in b.log.text
    b.undo()
    assert b.status.text.startswith("Nothing to undo yet")
    b.click_hit("card:red-6")
    b.click_hit("space:T03:red:2")
    b.new_game()
    assert b.new_game_question.asking
    b.new_game_question.yes.click()
    assert g.history == [] and g.seed == 4 and b.selected is None


def test_space_words():
    assert space_words("T03:red:2") == "T03 red space 3" and space_words("T04:bridge:0") == "T04 bridge space 1"


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_two_hundred_random_clicks(seed):
    """Random clicks on whatever the picture offers (now and then the keyboard's choices, an
    undo): never an exception, and the race is always its own history replayed."""
    g = tails.new_game(players=3, seed=seed)
    b = g.widget(bots={2: "random"})
    most = 0
    for _ in random_clicks(b, random.Random(seed), keyboard=0.75):
        assert "went wrong" not in b.status.text, b.status.text
        assert g.state == g.replay().state
        most = max(most, len(g.history))
    assert most >= 10


@pytest.mark.rule("tails.move.links")
def test_pointing_at_a_lit_space_draws_the_route_there():
    """Red on T03 red@0 plays yellow-3: the route changes lane toward yellow; pointing at the
    lit space draws it (a dashed line through the spaces), pointing elsewhere removes it."""
    g = race([{"space": "T03:red:0", "hand": ["yellow-3", "red-4"]}, other("T05:red:5")], course=EASY)
    b = g.widget()
    b.click_hit("card:yellow-3")
    (to,) = [name for name in b.destinations() if name.startswith("T03:yellow")]
    before = len(b.canvas.scene.shapes)
    b.hovered("space:" + to)
    route = b.route_to(to)
    assert route[0] == "T03:red:0" and route[-1] == to and len(route) == 4
    assert list(route[1:]) == list(g.route(next(m for m in g.legal_moves() if m.to == to)))
    dashed = [s for s in b.canvas.scene.shapes if type(s).__name__ == "Line" and s.style.dash]
    assert len(dashed) == 1 and len(dashed[0].points) == 4
    assert len(b.canvas.scene.shapes) > before
    b.hovered("space:T03:black:4")  # not lit: no route
    assert b.hover_space is None
    assert not [s for s in b.canvas.scene.shapes if type(s).__name__ == "Line" and s.style.dash]


# -- hints ---------------------------------------------------------------------------------------

def hard(*tiles):
    return [["T01", "easy"]] + [[t, "hard"] for t in tiles] + [["T02", "easy"]]


def hint_marks(b):
    return [hit for hit, kind in b.marks if kind == "hint"]


@pytest.mark.parametrize("seed", [3, 8])
def test_a_hint_says_and_outlines_the_greedy_move_without_playing_it(seed):
    g = tails.new_game(players=2, seed=seed)
    b = g.widget(bots={1: "greedy"}, hint_seconds=0.0001)  # a budget only the greedy bot fits
    assert b.hint_pick.kind == "greedy"
    saved = g.to_json()
    b.hint()
    assert g.to_json() == saved and b.status.kind == "hint"
    move, why = b.suggestion()
    values = g.greedy_values(g.legal_moves())
    assert values[g.legal_moves().index(move)] == max(values)  # the greedy bot's count: none scores more
    assert b.status.text == f"Hint: {b.hint_text(move)} — {why}"
    assert b.status.text.startswith(f"Hint: play {move.card.replace('-', ' ')}") and "spaces toward" in why
    assert "T0" in b.hint_text(move) and ":" not in b.hint_text(move)  # board words, not space names
    assert hint_marks(b) == [f"card:{move.card}", f"space:{move.to}"]
    assert b.selected == move.card and move.to in b.destinations()
    assert b.route_to(move.to)[1:] == g.route(move)  # the hinted move's own route is drawn
    assert b.canvas.scene.find(f"space:{move.to}")
    b2 = g.copy().widget(bots={1: "greedy"}, hint_seconds=0.0001)
    b2.hint()
    assert b2.status.text == b.status.text  # the same position, the same hint
    b.click_hit(f"card:{move.card}")  # the hinted card stays chosen; the hint's outline goes
    assert b.selected == move.card and hint_marks(b) == [] and b.status.kind != "hint"
    b.click_hit(f"space:{move.to}")
    if b.pending is not None:  # several moves end there: the panel offers the hinted one
        assert move in b.choices
        b.choose(b.choices.index(move))
    assert g.history[0] == move


def test_the_h_key_asks_for_a_hint_and_no_hint_while_discarding():
    g = tails.new_game(players=2, seed=3)
    b = g.widget()
    assert b.offers_hints and b.btn_hint in b.buttons
    b._hint_key(None, {"event": "key", "key": "h"}, None)
    assert b.status.text.startswith("Hint: play ") and len(hint_marks(b)) == 2
    d = discard_race()
    bd = d.widget()
    bd.hint()
    assert bd.status.text == "No hint for this decision." and hint_marks(bd) == []


# -- the guided race ---------------------------------------------------------------------------------

def test_a_guided_race_outlines_each_step_and_says_what_to_click():
    g = tails.new_game(players=2, seed=7, course=[["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]])
    b = g.widget(bots={1: "greedy"}, guided=True)
    cards = [f"card:{tails.CARD_NAMES[c]}" for c in sorted(g.state.hands[0])]
    assert b.emphasis() == cards
    from savannah_kit.ui.board import MARK_STYLES
    drawn = [sh for sh in b.canvas.scene.shapes if getattr(sh.style, "stroke", None) == MARK_STYLES["next"][0]]
    assert len(drawn) == len(cards)  # each outlined in the picture
    assert b.status.text == (f"Red, play a card: click one of the {len(cards)} outlined cards to see where it can "
                             "take you.")
    assert b.guide.text.startswith("A turn: play one card and move.")
    b.click_hit(cards[0])
    card = cards[0][len("card:"):]
    lit = b.emphasis()
    assert lit and {h[len("space:"):] for h in lit} == set(b.destinations()) == set(by_end(g, card))
    assert f"one of the {len(lit)} outlined spaces" in b.status.text or "the outlined space" in b.status.text
    assert b.guide.text.startswith(f"The outlined spaces are where {card.replace('-', ' ')} can take you")
    target = next(h for h in lit if len(by_end(g, card)[h[len('space:'):]]) == 1)
    b.click_hit(target)
    assert g.history[0].to == target[len("space:"):]
    place = ("1st", "2nd")[g.race_order().index(0)]  # now, after the bot's move
    assert b.guide.text.startswith(f"You moved to {space_words(target[len('space:'):])}: now {place} in the race")
    unguided = g.copy().widget(bots={1: "greedy"})
    assert unguided.emphasis() == b.emphasis()  # what the next step is about; drawn only when guided
    assert not unguided.guided and unguided.status.text.startswith("Red: click a card")


@pytest.mark.rule("tails.end.trigger")
def test_a_whole_guided_race_by_clicking_what_the_guide_outlines():
    """Clicking the first outlined thing at every step (a choice, a card to discard and
    Discard too) plays a whole race against the greedy bot with no click refused."""
    g = tails.new_game(players=2, seed=7)
    b = g.widget(bots={1: "greedy"}, guided=True)
    clicks = 0
    while not g.is_over and clicks < 400:
        targets = b.emphasis()
        assert targets, (b.status.text, g.phase)
        b.click_hit(targets[0])
        clicks += 1
        assert not b.status.refused, b.status.text
        assert "went wrong" not in b.status.text
    assert g.is_over and clicks >= 20
    assert b.emphasis() == [] and b.guide.text.startswith("Race over")


def test_guided_panel_and_discard_steps():
    g = crazy_wings_race()
    b = g.widget(guided=True)
    assert "bonus:red:crazy-wings" in b.emphasis()
    b.click_hit("bonus:red:crazy-wings")
    b.click_hit("space:T03:blue:4")
    assert b.emphasis() == ["choice:0", "choice:1", "choice:2"] and b.guide.text.startswith("Several moves end")
    d = discard_race()
    bd = d.widget(guided=True)
    assert bd.emphasis() == [f"card:{c}" for c in ("red-2", "red-3", "red-4", "red-5", "red-6")]
    assert bd.guide.text.startswith("Your hand holds more cards than the hand size")
    bd.click_hit("card:red-2")
    assert bd.emphasis()[-1] == "discard:confirm" and "card:red-2" not in bd.emphasis()


# -- pointing at a space that is not lit --------------------------------------------------------

POINTED = [
    # (ostriches, course, card, space clicked, rule, words in the reason, the step at fault)
    ([{"space": "T06:blue:0", "hand": ["blue-4"]}, other("T01:red:0")], hard("T06"), "blue-4", "T06:blue:5",
     "tails.animal.lion", "T06 blue space 5 holds a lion", "T06:blue:4"),
    ([{"space": "T06:red:1", "hand": ["red-3"]}, other("T06:red:3")], hard("T06"), "red-3", "T06:red:3",
     "tails.move.no-pass-through", "holds Purple's ostrich", "T06:red:3"),
    ([{"space": "T01:red:2", "hand": ["blue-3"]}, other("T01:black:0")], hard("T09"), "blue-3", "T09:blue:2",
     "tails.animal.crocodile", "holds a crocodile", "T09:blue:2"),
    ([{"space": "T13:blue:0", "hand": ["blue-6"]}, other("T01:red:0")], hard("T13"), "blue-6", "T13:blue:5",
     "tails.animal.porcupine", "T13 blue space 5 holds a porcupine", "T13:blue:5"),
    ([{"space": "T04:bridge:2", "hand": ["yellow-3"]}, other("T01:red:0")], hard("T04"), "yellow-3", "T04:red:5",
     "tails.bridge.exit-lane", "leaving the rope bridge", "T04:red:5"),
    ([{"space": "T06:red:1", "hand": ["red-3"]}, other("T01:red:0")], hard("T06"), "red-3", "T06:red:3",
     "tails.move.exact-distance", "this route stops after 2", "T06:red:3"),
    ([{"space": "T06:red:0", "hand": ["red-2"]}, other("T01:red:0")], hard("T06"), "red-2", "T02:red:0",
     "tails.move.exact-distance", "one step too many", "T06:red:4"),
]


@pytest.mark.rule("tails.animal.lion", "tails.move.no-pass-through", "tails.animal.crocodile", "tails.animal.porcupine",
                  "tails.bridge.exit-lane", "tails.move.exact-distance")
@pytest.mark.parametrize("ostriches, course, card, space, rule, words, fault", POINTED,
                         ids=[case[4].split(".")[-1] + "-" + case[3] for case in POINTED])
def test_a_space_that_is_not_lit_is_refused_for_the_route_it_points_at(ostriches, course, card, space, rule, words,
                                                                        fault):
    g = race(ostriches, course=course)
    b = g.widget()
    b.select(card)
    assert space not in b.destinations()
    saved = g.to_json()
    b.click_hit(f"space:{space}")
    assert g.to_json() == saved and b.status.refused, b.status.text
    assert f"Rule {rule}:" in b.status.text and words in b.status.text, b.status.text
    assert ":" not in b.status.text.split("Rule")[0].replace(": ", " ")  # space names in board words
    route = b.refused_route
    here = g.track.names[g.state.pos[0]]
    assert route[0] == here and route[-1] == fault
    assert (f"space:{space}", "refused") in b.marks
    verdict = g.explain_route(card, list(route[1:]) if route[-1] == space else
                              list(route[1:]) + _rest_of(g, route, space))
    assert not verdict.legal and verdict.rule == rule and verdict.space == fault  # the engine's word on that route
    crosses = [s for s in b.canvas.scene.shapes if getattr(s, "title", None) == "the step that breaks a rule"]
    assert len(crosses) == 1
    b.select(card)  # the next action: the drawn route goes
    assert b.refused_route == () and not any(getattr(s, "title", None) == "the step that breaks a rule"
                                             for s in b.canvas.scene.shapes)


def _rest_of(game, route, space):
    """The straight spaces on from the route's last one to ``space`` (the route a click there points at)."""
    track = game.track
    x, t, out = track.by_name[route[-1]], track.by_name[space], []
    while x != t:
        x = next(y for y, _kind in track.succ[x] if track.lane[y] == track.lane[x])
        out.append(track.names[x])
    return out


@pytest.mark.rule("tails.move.links", "tails.dune.arrow", "tails.move.end-on-card-colour")
def test_spaces_no_route_reaches_or_a_dune_moves_on_are_explained_too():
    behind = race([{"space": "T06:red:2", "hand": ["red-3"]}, other("T01:red:0")], course=hard("T06"))
    b = behind.widget()
    b.select("red-3")
    b.click_hit("space:T06:red:0")
    assert "Rule tails.move.links:" in b.status.text and b.refused_route == ()
    assert b.status.text.startswith("Not allowed: T06 red space 1 cannot be reached")
    dune = race([{"space": "T07:red:0", "hand": ["red-4"]}, other("T01:red:0")], course=hard("T07"))
    b = dune.widget()
    b.select("red-4")
    b.click_hit("space:T07:red:1")
    assert "Rule tails.dune.arrow:" in b.status.text and "ends on T07 red space 3" in b.status.text
    verdict = dune.explain_route("red-4", ["T07:red:1"], kind="one-space")
    assert verdict.legal and verdict.move.to == "T07:red:2" and b.refused_route[-1] == "T07:red:1"
    g = tails.new_game(players=2, seed=3)
    b = g.widget()
    b.select("red-6")
    b.click_hit("space:T03:blue:5")  # the wrong lane and too far: the engine's reason for the space
    assert "Rule tails.move.end-on-card-colour:" in b.status.text


# -- the board's own marks: tags, panel and buttons ------------------------------------------------

def _texts(scene):
    from savannah_kit.core.scene import Text

    return [s for s in scene.shapes if isinstance(s, Text)]


@pytest.mark.parametrize("classroom", [False, True])
def test_the_play_tag_never_covers_the_hands_heading(classroom):
    from savannah_kit.tails.widget import _text_box

    g = tails.new_game(players=2, seed=3)
    b = g.widget(classroom=classroom)
    for card in [h[len("card:"):] for h in b.keyboard_order()]:
        b.select(card)
        tags = [t for t in _texts(b.canvas.scene) if t.text == "play"]
        assert len(tags) <= 1
        if not classroom:
            assert tags, "the notebook picture has room for the tag"
        for tag in tags:
            others = [_text_box(t) for t in _texts(b.canvas.scene) if t is not tag]
            assert not _overlaps(_text_box(tag), others), card
        b.select(card)


@pytest.mark.parametrize("classroom", [False, True])
@pytest.mark.parametrize("seed", [0, 5])  # hints for a card away from the hand's heading
def test_the_play_tag_keeps_clear_of_the_hints_outline(classroom, seed):
    """A hint outlines the card it chooses, over the picture: the card's "play" tag moves
    where that outline leaves it readable (under the card), as it does for the hand's heading."""
    from savannah_kit.tails.widget import _text_box
    from savannah_kit.ui.board import box_of, outline_ring

    g = tails.new_game(players=2, seed=seed)
    b = g.widget(hint_seconds=0.0001, classroom=classroom)
    b.hint()
    move, _why = b.suggestion()
    assert (f"card:{move.card}", "hint") in b.outlines()
    scene = b.canvas.scene
    tags = [t for t in _texts(scene) if t.text == "play"]
    strips = [s for hit, kind in b.outlines() for s in outline_ring(scene, hit, kind)]
    assert strips and len(tags) == 1, "there is room under the card"
    tag = _text_box(tags[0])
    assert not _overlaps(tag, strips)
    assert tag[1] > box_of(scene.find(f"card:{move.card}"))[3], "under the card"


def _overlaps(box, boxes):
    """Whether ``box`` overlaps any of ``boxes`` (each x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    return any(a < x1 and x0 < c and b < y1 and y0 < d for a, b, c, d in boxes)


def test_the_classroom_overlays_are_as_large_as_the_classroom_text():
    from savannah_kit.tails.render import CLASSROOM_TEXT

    g = crazy_wings_race()
    b = g.widget(classroom=True)
    b.click_hit("bonus:red:crazy-wings")
    b.click_hit("space:T03:blue:4")
    panel = [t for t in _texts(b.canvas.scene) if t.text.startswith(("1. ", "2. ", "3. ", "Cancel", "3 ways"))]
    assert len(panel) == 5 and min(t.size for t in panel) >= CLASSROOM_TEXT
    assert min(t.size for t in _texts(b.canvas.scene)) >= CLASSROOM_TEXT  # nothing smaller anywhere
    small = crazy_wings_race().widget()
    small.click_hit("bonus:red:crazy-wings")
    small.click_hit("space:T03:blue:4")
    assert max(t.size for t in _texts(small.canvas.scene) if t.text.startswith("1. ")) == 13  # the notebook's size
    d = discard_race().widget(classroom=True)
    d.click_hit("card:red-2")
    label = [t for t in _texts(d.canvas.scene) if t.text.startswith("Discard ")]
    assert label and label[0].size >= CLASSROOM_TEXT and min(t.size for t in _texts(d.canvas.scene)) >= CLASSROOM_TEXT


def test_each_action_sends_one_picture():
    """A card chosen, a refusal with its route, a hint, a move with the bot's answer: one
    frame (one message to the browser) each."""
    g = race([{"space": "T06:blue:0", "hand": ["blue-4", "red-5"]}, other("T01:red:0")], course=hard("T06"))
    b = g.widget(bots={1: "greedy"}, guided=True)
    for act in (lambda: b.click_hit("card:blue-4"), lambda: b.click_hit("space:T06:blue:5"), b.hint,
                lambda: b.click_hit(f"space:{b.hinted.to}")):
        frames = b.canvas.redraws
        act()
        assert b.canvas.redraws == frames + 1, b.status.text
    assert len(g.history) == 2


@pytest.mark.parametrize("classroom", [False, True])
def test_a_card_click_sends_what_changed_not_the_course_again(classroom):
    """The course's 1,300 shapes are the same objects frame after frame: a click that lights a
    card's spaces sends them as one copied run, and the browser's picture is the whole scene."""
    import json

    from savannah_kit.ui.canvas import scene_json

    def decoded(text, before=None):  # as the browser reads a frame (ui/sceneview.js, decode)
        data, out = json.loads(text), []
        for s in data["shapes"]:
            if s[0] == -1:
                out += before[s[1]:s[1] + s[2]]
            else:
                out.append([s[0], data["styles"][s[1]], data["hits"][s[2]] if s[2] >= 0 else None, *s[3:]])
        return out

    board = tails.new_game(players=2, seed=1).widget(bots={1: "greedy"}, classroom=classroom)
    base = json.loads(board.canvas.view.base)["id"]
    shown = decoded(board.canvas.view.base)
    card = next(h for h in board.canvas.scene.hits() if h.startswith("card:"))
    board.click_hit(card)
    frame = json.loads(board.canvas.view.scene)
    whole = scene_json(board.canvas.scene)
    assert frame["from"] == base < frame["id"] and any(s[0] == -1 and s[2] > 500 for s in frame["shapes"])
    assert len(board.canvas.view.scene) < len(whole) / 5, (len(board.canvas.view.scene), len(whole))
    assert decoded(board.canvas.view.scene, shown) == decoded(whole)
