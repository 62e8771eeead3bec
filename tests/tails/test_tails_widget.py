"""The Savannah Tails board, driven from Python by clicks on hit areas."""

import base64
import random
from collections import defaultdict

import pytest

from savannah_kit import tails
from savannah_kit.dev.clicks import random_clicks
from savannah_kit.tails import Move
from savannah_kit.tails.render import PALETTES
from savannah_kit.tails.widget import TailsBoard, choice_words, space_words
from tails_helpers import other, race

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


def lit_drawn(b):
    """The spaces the picture labels (the badges in the ring colour, clickable as the space)."""
    return {s.hit[len("space:"):] for s in b.canvas.scene.shapes
            if s.hit and s.hit.startswith("space:") and s.style.fill == RING}


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
            assert b.status.text.startswith(f"{base.who(base.current_player)} played ")
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
    assert g.history == [Move(kind="discard", discard=("red-4",))] and b.to_discard == []
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
    assert "[random bot] Purple" in b.log.text and b.status.text.startswith("Bots played: Purple played ")
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
