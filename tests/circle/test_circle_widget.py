"""The Circle of Life board, driven from Python by clicks on hit areas."""

import base64
import random

import pytest

from savannah_kit import circle
from savannah_kit.circle import Discard, LastDiscard, Play
from savannah_kit.circle.render import PALETTES
from savannah_kit.circle.widget import BAD, OK, CircleBoard
from savannah_kit.dev.clicks import random_clicks
from savannah_kit.ui.board import box_of
from circle_helpers import played, position

# Zebra C35, Impala C47, Gazelle C53, Hyena C10, Zebra C36 (rightmost); Red holds Lion, Elephant, Gazelle
PREY = ["C35", "C47", "C53", "C10", "C36"]
LION_HAND = [["C01", "C20", "C54"], ["C38", "C39", "C40"]]


def lion_game():
    return position(savannah=PREY, hands=LION_HAND)


def framed(b, hit, colour):
    """Is ``hit`` outlined in ``colour`` (a frame drawn around its box) in the current picture?"""
    sc = b.canvas.scene
    x0, y0, x1, y1 = box_of(sc.find(hit))
    for s in sc.shapes:
        if type(s).__name__ == "Rect" and s.style.stroke == colour and s.style.fill is None:
            if s.x < x0 and s.y < y0 and s.x + s.w > x1 and s.y + s.h > y1 and s.x > x0 - 12:
                return True
    return False


def test_game_widget_returns_the_board():
    g = lion_game()
    b = g.widget(bots={1: "greedy"})
    assert isinstance(b, CircleBoard) and b.game is g and not b.hot_seat
    bundle, _metadata = b._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert base64.b64decode(bundle["image/png"])[:4] == b"\x89PNG"
    assert b.status.text == "Red: click a card in your hand to see whether it can be played."
    assert b.keyboard_order() == ["hand:C01", "hand:C20", "hand:C54"]
    c = g.widget(bots={1: "greedy"}, classroom=True)
    assert c.classroom and c.canvas.view.fit == "window"


def test_light_and_dark_pictures():
    g = lion_game()
    assert g.widget(bots={1: "random"}).canvas.scene.background == PALETTES["light"].background
    b = g.widget(bots={1: "random"}, theme="dark")
    assert b.canvas.scene.background == PALETTES["dark"].background
    b.select("C01")
    assert framed(b, "card:C36", PALETTES["dark"].ring)
    with pytest.raises(ValueError):
        g.widget(theme="blue")


@pytest.mark.rule("circle.play.restriction-predator", "circle.play.restriction-from-right")
def test_a_refused_card_outlines_the_rightmost_card_red_and_changes_nothing():
    g = position(savannah=["C35", "C36", "C10"], hands=LION_HAND)  # a Hyena is the rightmost card
    b = g.widget(bots={1: "greedy"})
    saved = g.to_json()
    b.click_hit("hand:C01")
    assert g.to_json() == saved and b.selected is None and b.status.refused
    assert "circle.play.restriction-predator" in b.status.text and "Hyena" in b.status.text
    assert b.checked == (False, ["C10"])
    assert framed(b, "card:C10", BAD) and not framed(b, "card:C36", BAD) and not framed(b, "card:C36", OK)
    assert ("hand:C01", "refused") in b.marks
    assert not [h for h in b.hits() if h.startswith("card:") and framed(b, h, PALETTES["light"].ring)]
    empty = position(savannah=[], hands=[["C62", "C20", "C54"], ["C38", "C39", "C40"]])  # the Maasai needs a predator
    b = empty.widget(bots={1: "greedy"})
    b.select("C62")
    assert "circle.play.restriction" in b.status.text and b.checked == (False, [])
    assert framed(b, "savannah:new", BAD)


@pytest.mark.rule("circle.play.restriction")
def test_an_allowed_card_outlines_what_its_rule_reads_green():
    g = lion_game()
    b = g.widget(bots={1: "greedy"})
    b.click_hit("hand:C01")  # the Lion reads the rightmost 3 cards
    assert b.selected == "C01" and b.checked == (True, ["C53", "C10", "C36"])
    assert "Lion can be played" in b.status.text and "[circle.play.restriction]" in b.status.text
    assert all(framed(b, "card:" + c, OK) for c in ("C53", "C10", "C36")) and not framed(b, "card:C47", OK)
    b.click_hit("hand:C01")  # again: put back
    assert b.selected is None and b.checked is None and not framed(b, "card:C36", OK)
    b.click_hit("hand:C20")  # the Elephant has no placement rule
    assert b.checked == (True, []) and "no placement rule" in b.status.text


def legal_of(game, card):
    return [m for m in game.legal_moves() if type(m) is Play and m.card == card]


def drive(b, move):
    """Click ``move`` into the board: the card, each hunt's targets, a kill-or-scare answer, Play."""
    b.click_hit("hand:" + move.card)
    for k, (branch, targets) in enumerate(move.actions):
        for t in targets:
            if b.branches:
                break
            b.click_hit("card:" + t)
        if b.branches:
            b.click_hit(f"branch:{branch}")
    if b.selected is not None and b.ready:
        b.click_hit("confirm:play")


@pytest.mark.rule("circle.hunt.reach", "circle.hunt.filter", "circle.hunt.order", "circle.hunt.count")
@pytest.mark.parametrize("seed", [4, 9, 12])
def test_hunting_lights_exactly_the_legal_targets_and_plays_exactly_the_legal_move(seed):
    checked = lit_checked = targets = 0
    for depth in (4, 8, 12, 16, 20):
        base = played(seed=seed, players=2, moves=depth)
        if base.is_over:
            continue
        for card in sorted({m.card for m in base.legal_moves() if type(m) is Play}):
            moves = legal_of(base, card)
            if moves[0].actions:
                b = base.copy().widget(seats=[base.current_player])
                b.select(card)
                first = {t for m in moves for t in m.actions[0][1]}
                if first:  # the first hunt has targets: exactly they light up
                    assert b.hunting and set(b.lit()) == first
                    assert {h for h in b.keyboard_order() if h.startswith("card:")} == {"card:" + t for t in first}
                    lit_checked += 1
            for move in moves[:6]:
                g = base.copy()
                b = g.widget(seats=[g.current_player])
                n = len(g.history)
                drive(b, move)
                assert g.history[n] == move, (move, b.status.text)
                assert ("card:" + card, "last") in b.marks or len(g.history) > n + 1
                checked += 1
                targets += any(t for _b, t in move.actions)
    assert checked >= 10 and lit_checked >= 2 and targets >= 3, (checked, lit_checked, targets)


@pytest.mark.rule("circle.hunt.order", "circle.hunt.snapshot")
def test_the_lion_hunts_twice_and_clicks_play_its_legal_move():
    g = lion_game()
    b = g.widget(bots={1: "greedy"})
    b.select("C01")
    assert b.lit() == ["C53", "C10", "C36"] and "hunt 1 of 2" in b.status.text
    b.choose_target("C53")
    assert b.picked == ["C53"] and len(g.history) == 0 and "1 picked" in b.status.text
    b.choose_target("C53")  # picked again: put back
    assert b.picked == [] and b.lit() == ["C53", "C10", "C36"]
    b.choose_target("C53")
    b.choose_target("C36")  # hunt 1 done; hunt 2 (scare the Hyena) waits
    assert b.answered == [(0, ("C36", "C53"))] and b.lit() == ["C10"] and "hunt 2 of 2" in b.status.text
    b.click_hit("card:C10")
    assert g.history[0] == Play.of("C01", ["C36", "C53"], ["C10"]) and g.history[0] in g.replay(0).legal_moves()
    assert b.status.then.startswith("Bots played: Blue played") or "Red played Lion (C01)" in b.log.text


@pytest.mark.rule("circle.hunt.mandatory")
def test_a_compulsory_hunt_cannot_be_skipped():
    g = lion_game()
    b = g.widget(bots={1: "greedy"})
    b.select("C01")
    b.choose_target("C53")
    saved = g.to_json()
    b.click_hit("hunt:skip")
    assert g.to_json() == saved and b.status.refused and "circle.hunt.mandatory" in b.status.text
    assert "Gazelle (C53), Hyena (C10) and Zebra (C36)" in b.status.text
    assert b.selected == "C01" and b.picked == ["C53"] and ("hunt:skip", "refused") in b.marks


@pytest.mark.rule("circle.hunt.reach", "circle.hunt.filter", "circle.turn.steps")
def test_a_refused_target_changes_nothing_and_cites_its_rule():
    g = lion_game()
    b = g.widget(bots={1: "greedy"})
    saved = g.to_json()
    b.click_hit("card:C36")  # no card chosen yet
    assert g.to_json() == saved and "circle.turn.steps" in b.status.text
    b.select("C01")
    b.click_hit("card:C35")  # 5 cards left of the Lion
    assert g.to_json() == saved and "circle.hunt.reach" in b.status.text and ("card:C35", "refused") in b.marks
    assert b.selected == "C01" and b.lit() == ["C53", "C10", "C36"]  # the refusal never stood in the way
    b.choose_target("C53")
    b.choose_target("C36")
    b.click_hit("card:C53")  # hunt 2 scares only Hyenas and Jackals
    assert g.to_json() == saved and "circle.hunt" in b.status.text and b.status.refused
    assert b.lit() == ["C10"]


@pytest.mark.rule("circle.hunt.verb")
def test_kill_or_scare_the_same_card_is_asked():
    g = position(savannah=["C35", "C07", "C36"], hands=[["C10", "C20", "C54"], ["C38", "C39", "C40"]])
    b = g.widget(bots={1: "greedy"})
    b.select("C10")  # the Hyena: kill 1 of level 3 or less, or scare 1 Cheetah, reach 2
    assert set(b.lit()) == {"C07", "C36"}
    b.click_hit("card:C07")
    assert b.branches == [(0, ("C07",)), (1, ("C07",))] and len(g.history) == 0
    assert b.keyboard_order() == ["branch:0", "branch:1"] and "Scare Cheetah (C07)" in b.canvas.scene.texts()
    b.click_hit("branch:1")
    assert g.history[0] == Play.of("C10", (1, ["C07"]))


@pytest.mark.rule("circle.play.unplayable-discard", "circle.play.must-play")
def test_the_discard_when_nothing_can_be_played():
    g = position(savannah=["C35", "C10"], hands=[["C01", "C04", "C11"], ["C38", "C39", "C40"]])
    b = g.widget(bots={1: "greedy"})
    assert b.discarding and "none of your cards can be played" in b.status.text
    saved = g.to_json()
    b.click_hit("confirm:discard") if "confirm:discard" in b.hits() else b.confirm()
    assert g.to_json() == saved and b.status.refused
    b.click_hit("hand:C04")
    assert b.to_discard == "C04" and "circle.play.unplayable-discard" in b.status.text
    assert b.keyboard_order()[-1] == "confirm:discard" and framed(b, "card:C10", BAD)
    b.click_hit("confirm:discard")
    assert g.history[0] == Discard("C04") and b.to_discard is None


@pytest.mark.rule("circle.end.last-discard")
def test_the_last_discard():
    g = position(savannah=["C35"], hands=LION_HAND, draw=[])
    b = g.widget(bots={1: "greedy"})
    assert g.phase is circle.Phase.LAST_DISCARDS and "draw pile is empty" in b.status.text
    b.click_hit("hand:C20")
    b.click_hit("confirm:discard")
    assert g.history[0] == LastDiscard("C20") and g.is_over


HOT = [["C30", "C33", "C57"], ["C31", "C34", "C58"]]  # Giraffes, Hippos, Warthogs: none on the savannah


@pytest.mark.rule("circle.setup.hand")
def test_hot_seat_hides_the_hand_until_show_my_hand():
    g = position(savannah=["C35", "C36", "C47"], hands=HOT)
    b = g.widget()
    assert b.hot_seat and b.covered and b.keyboard_order() == ["cover:show"]
    hidden = ("Giraffe", "Hippopotamus", "Warthog")
    assert not [t for t in b.canvas.scene.texts() if t in hidden] and "hand:C30" not in b.hits()
    saved = g.to_json()
    b.select("C57")
    assert g.to_json() == saved and b.selected is None and "Show my hand" in b.status.text
    b.click_hit("cover:show")
    assert not b.covered and "Giraffe" in b.canvas.scene.texts() and "hand:C30" in b.hits()
    b.select("C57")  # the Warthog: its hunt has nothing in reach
    b.click_hit("confirm:play")
    assert g.history == [Play.of("C57", [])]
    assert b.covered and g.current_player == 1 and "pass the screen to Blue" in b.status.text
    assert not [t for t in b.canvas.scene.texts() if t in ("Giraffe", "Hippopotamus")]
    b.show_hand()
    assert "hand:C31" in b.hits() and "hand:C30" not in b.hits()


def test_one_person_against_bots_sees_their_hand():
    g = position(savannah=["C35", "C36", "C47"], hands=HOT)
    b = g.widget(bots={1: "random"})
    assert not b.covered and "hand:C30" in b.hits() and "hand:C31" not in b.hits()


@pytest.mark.rule("circle.setup.turn-order")
@pytest.mark.parametrize("kind", ["random", "greedy", "big-five"])
def test_a_bot_seat_moves_after_the_human(kind):
    g = lion_game()
    b = g.widget(bots={1: kind})
    drive(b, Play.of("C01", ["C36", "C53"], ["C10"]))
    assert len(g.history) == 2 and g.current_player == 0
    assert g.history[1] in g.replay(1).legal_moves()
    assert f"[{kind} bot] Blue" in b.log.text and b.status.then.startswith("Bots played: Blue played ")
    assert any(kind_ == "last" for _h, kind_ in b.marks)
    b.undo()  # takes back the bot's move and the human's
    assert g.history == [] and b.status.text.startswith("Undone")


def test_undo_new_game_and_the_keyboard():
    g = lion_game()
    b = g.widget(bots={1: "greedy"})
    start = g.to_json()
    b.canvas._message(None, {"event": "click", "hit": b.keyboard_order()[1]}, None)  # Enter on the Elephant
    assert b.selected == "C20" and b.lit() == ["C10"]
    b.canvas._message(None, {"event": "click", "hit": "card:C10"}, None)
    assert len(g.history) == 2
    b.canvas._message(None, {"event": "key", "key": "u"}, None)  # U undoes
    assert g.to_json() == start and "Undone: Red played Elephant (C20)" in b.log.text
    b.undo()
    assert b.status.text.startswith("Nothing to undo yet")
    drive(b, Play.of("C20", ["C10"]))
    b.new_game()
    assert b.new_game_question.asking
    b.new_game_question.yes.click()
    assert g.history == [] and b.selected is None


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_two_hundred_random_clicks(seed):
    """Random clicks on whatever the picture offers (mostly the keyboard's choices, now and
    then an undo): never an exception, and the game is always its own history replayed."""
    g = circle.new_game(players=3, seed=seed)
    b = g.widget(bots={2: "random"})
    most = 0
    for _ in random_clicks(b, random.Random(seed), keyboard=0.9):
        assert "went wrong" not in b.status.text, b.status.text
        assert g.state == g.replay().state
        most = max(most, len(g.history))
    assert most >= 10


# -- hints, the guided game, the hunt shown before/after, the classroom board ---------------------------------

def test_the_hint_says_and_outlines_the_best_bots_move_without_playing_it():
    g = lion_game()
    b = g.widget(bots={1: "greedy"})
    saved = g.to_json()
    assert b.offers_hints and b.btn_hint in b.buttons
    b.hint()
    move, why = b.suggestion()
    assert g.to_json() == saved and b.status.kind == "hint"
    assert b.status.text.startswith("Hint: " + g.describe(move)[:1].lower() + g.describe(move)[1:])
    assert "point" in why and why in b.status.text
    assert ("hand:" + move.card, "hint") in b.marks
    assert all(("card:" + t, "hint") in b.marks for _b, targets in move.actions for t in targets)
    assert framed(b, "hand:" + move.card, "#6a1b9a")
    b.select("C20")  # the next action clears the hint
    assert not [m for m in b.marks if m[1] == "hint"] and b.status.kind != "hint"
    again = lion_game().widget(bots={1: "greedy"})
    assert again.suggestion() == (move, why)  # the same position, the same hint


def test_the_hint_names_the_big_five_it_adds():
    g = position(savannah=["C35", "C07", "C36"], hands=[["C10", "C20", "C54"], ["C38", "C39", "C40"]])
    b = g.widget(bots={1: "greedy"})
    move, why = b.suggestion()
    assert move in g.legal_moves() and why.endswith(".")
    hidden = position(savannah=["C35", "C36", "C47"], hands=HOT).widget()  # hot-seat, hand face down
    hidden.hint()
    assert hidden.status.text.startswith("No hint") and not [m for m in hidden.marks if m[1] == "hint"]


def test_a_guided_game_outlines_each_step_and_says_it_on_the_guide_line():
    g = lion_game()
    b = g.widget(bots={1: "greedy"}, guided=True)
    playable = {"hand:" + c for c in g.playable()}
    assert set(b.emphasis()) == playable and "Pick a card from your hand" in b.guide.text
    assert all(framed(b, h, "#00796b") for h in playable)
    b.select("C01")
    assert b.emphasis() == ["card:" + c for c in b.lit()] and "Click the cards this Lion will kill" in b.guide.text
    b.choose_target("C53")
    b.choose_target("C36")
    assert "Lion will scare" in b.guide.text and b.emphasis() == ["card:C10"]
    b.choose_target("C10")
    assert b.emphasis() == ["story:next"] and "during the hunt" in b.guide.text
    unguided = lion_game().widget(bots={1: "greedy"})
    assert not [m for m in unguided.canvas.scene.shapes if getattr(m.style, "stroke", None) == "#00796b"]


@pytest.mark.rule("circle.hunt.kill", "circle.hunt.scare", "circle.reorder.group")
def test_a_hunt_is_shown_before_and_after_in_steps_the_user_advances():
    g = lion_game()
    b = g.widget(bots={1: "greedy"})
    drive(b, Play.of("C01", ["C36", "C53"], ["C10"]))
    assert len(g.history) == 2 and b.story is not None
    story = b.stories[0]
    cat = g.catalogue
    assert {cat.ids[c]: v for c, v in story.taken.items()} == {"C36": "kill", "C53": "kill", "C10": "scare"}
    assert [cat.ids[c] for c, _o in story.row] == PREY + ["C01"]
    texts = b.canvas.scene.texts()
    assert texts.count("killed") == 2 and texts.count("scared") == 1
    assert "card:C01" not in b.hits() and "story:C53" in b.hits() and b.keyboard_order()[0] == "story:next"
    assert b.status.then.startswith("Bots played: Blue played")
    frames = b.canvas.redraws
    while b.story is not None:
        b.click_hit("story:next")
    assert b.canvas.redraws == frames + len(b.stories)  # one frame per step
    assert "killed" not in b.canvas.scene.texts() and "card:C01" in b.hits()
    assert [h for h in b.hits() if h.startswith("card:")] == ["card:" + cat.ids[c] for c in g.state.row]
    quiet = lion_game().widget(bots={1: "greedy"}, show_hunts=False)
    drive(quiet, Play.of("C01", ["C36", "C53"], ["C10"]))
    assert quiet.story is None and "card:C01" in quiet.hits()


def test_a_hand_card_click_during_the_story_leaves_it():
    g = lion_game()
    b = g.widget(bots={1: "greedy"})
    drive(b, Play.of("C01", ["C36", "C53"], ["C10"]))
    hand = next(h for h in b.keyboard_order() if h.startswith("hand:"))
    b.click_hit(hand)
    assert b.story is None and (b.selected == hand[5:] or b.status.refused)


def test_the_classroom_board_draws_the_classroom_picture_with_large_words():
    from savannah_kit.circle import render
    from savannah_kit.core.scene import Text

    g = lion_game()
    b = g.widget(bots={1: "greedy"}, classroom=True)
    sc = b.canvas.scene
    assert (sc.width, sc.height) == render.CLASSROOM_SIZE
    for step in ("start", "chosen", "picked", "story", "after"):
        if step == "chosen":
            b.select("C01")
        elif step == "picked":
            b.choose_target("C53")
        elif step == "story":
            b.choose_target("C36")
            b.choose_target("C10")
            assert b.story is not None
        elif step == "after":
            while b.story is not None:
                b.next_story()
        sc = b.canvas.scene
        assert min(s.size for s in sc.shapes if isinstance(s, Text)) >= render.CLASSROOM_TEXT, step
        assert all(b.point_of(h) is not None for h in b.keyboard_order()), step
    dark = lion_game().widget(bots={1: "greedy"}, classroom=True, theme="dark")
    assert dark.canvas.scene.background == render.PALETTES["dark"].background


def test_placement_badges_clear_the_cards_words():
    from savannah_kit.circle import render
    from savannah_kit.core.scene import Circle, Text

    g = lion_game()
    b = g.widget(bots={1: "greedy"})
    b.select("C01")
    sc = b.canvas.scene
    badges = [s for s in sc.shapes if isinstance(s, Circle) and s.style.fill == OK]
    assert len(badges) == 3
    words = [s for s in sc.shapes if isinstance(s, Text) and s.text not in ("✓", "✗")]
    for badge in badges:
        for w in words:
            half = render.text_w(w.text, w.size, w.bold) / 2
            x0 = w.x - (0 if w.anchor == "start" else (2 * half if w.anchor == "end" else half))
            overlap_x = badge.cx + badge.r > x0 and badge.cx - badge.r < x0 + 2 * half
            overlap_y = abs(badge.cy - w.y) < badge.r + w.size / 2
            assert not (overlap_x and overlap_y), (w.text, badge)


def test_pointing_at_a_hand_card_in_a_guided_game_says_whether_it_may_be_played():
    g = position(savannah=["C35", "C36", "C10"], hands=LION_HAND)  # a Hyena is the rightmost card
    b = g.widget(bots={1: "greedy"}, guided=True)
    frames = b.canvas.redraws
    b.canvas._message(None, {"event": "hover", "hit": "hand:C01"}, None)
    assert b.guide.text.startswith("Lion cannot be played now") and "Hyena" in b.guide.text
    b.canvas._message(None, {"event": "hover", "hit": "hand:C20"}, None)
    assert "no placement rule" in b.guide.text
    b.canvas._message(None, {"event": "hover", "hit": None}, None)
    assert b.guide.text.startswith("Pick a card from your hand")
    assert b.canvas.redraws == frames  # pointing sends no frame


def test_the_giraffes_hint_counts_the_predators_it_spots():
    g = circle.new_game(players=2, seed=1)
    b = g.widget(bots={1: "greedy"}, classroom=True, hint_seconds=0.0001)  # the greedy bot: the board's words
    assert b.hint_pick.kind == "greedy"
    move, why = b.suggestion()
    assert move == Play("C32") and b._name("C32") == "Giraffe"
    assert why == "it gains 4 points now; 1 bonus point for the predators it spots."


def test_a_long_refusal_keeps_its_rule_id_in_the_classroom_and_its_rule_text_elsewhere():
    from savannah_kit.core.rules_index import rule
    from savannah_kit.ui.panels import BOARD_CSS, plain

    g = position(savannah=["C35", "C36", "C10"], hands=LION_HAND)
    b = g.widget(bots={1: "greedy"}, classroom=True)
    b.select("C01")
    words = rule("circle.play.restriction-predator").text
    shown = plain(b.status.widget.value)
    assert shown.startswith("✗ Not allowed") and shown.endswith("Rule circle.play.restriction-predator")
    assert words in b.status.text and f'data-words=": {words}"' in b.status.widget.value
    assert ".sk-board .sk-rule-words::after { content: attr(data-words); }" in BOARD_CSS
    assert ".sk-classroom .sk-rule-words::after { content: none; }" in BOARD_CSS
    assert ".sk-classroom .sk-status { font-size: 24px; height: 3.15em;" in BOARD_CSS  # three lines in the classroom
    assert "line-height: 1.05em; }" in BOARD_CSS


def test_a_bots_opening_hunt_is_shown_too():
    for seed in range(40):
        g = circle.new_game(players=2, seed=seed, first_player=1)
        b = g.widget(bots={1: "greedy"})
        if b.stories:
            break
    assert b.stories and b.stories[0].player == 1 and b.keyboard_order()[0] == "story:next", seed
    b.next_story()
    assert b.story is None and "card:" + g.catalogue.ids[g.state.row[-1]] in b.hits()
