"""The Circle of Life board in a real browser: played with real mouse clicks in
JupyterLab (a hand card shows its placement check, its hunts light the cards in reach,
clicks on them answer the hunts one after the other and the last one plays the card, the
bot answers; a card whose placement rule is broken is refused with its rule and changes
nothing, and the kernel's games stay move for move those of the test's replica); painted
on Voila's first load and after a reload; surviving 200 random clicks with its game
always its own history replayed; and served by ``savannah-kit demo circle`` as a
classroom page that fits a 1280x720 projector, keeps its game across a reload and stops
on Ctrl-C.

Each page runs a small notebook; the test runs the same code in its own process (the
replica) to know what the page must say and where to click. Screenshots go to
``$SAVANNAH_KIT_SHOTS`` (default ``test-artifacts/``).
"""

from __future__ import annotations

import math

import pytest

from browser_helpers import (BOARD_CANVAS, assert_fits_projector, canvas_stats, classroom_demo, classroom_text_px,
                             click_hit, click_in, dark_classroom_reads_well, error_outputs, fingerprint, kernel_check,
                             open_notebook, open_voila, paints_on_first_load_and_after_a_reload, pixel, random_clicks,
                             reads_from_the_back, reload_after_undo_keeps_the_undo, reload_keeps_the_game, replica,
                             replicas, run_all, scene_point, shot, status_in, status_of, wait_changed, wait_painted,
                             wait_status, wait_status_in, write_notebook)

pytestmark = pytest.mark.browser
NOTEBOOK = "classroom/circle_classroom.ipynb"
CLASSROOM = ("from savannah_kit import circle\n"
             "game = circle.new_game(players=2, seed=1)\n"
             "board = game.widget(bots={1: 'greedy'}, classroom=True)\n")
FILLER_DRAW = ["C41", "C42", "C43", "C44", "C45"]
# Zebra C35, Impala C47, Gazelle C53, Hyena C10, Zebra C36 (rightmost); Red holds Lion, Elephant,
# Gazelle: the Lion kills 2 of the 3 rightmost cards, then scares the Hyena. Blue a greedy bot.
HUNT = {"savannah": ["C35", "C47", "C53", "C10", "C36"], "hands": [["C01", "C20", "C54"], ["C38", "C39", "C40"]],
        "draw_pile": FILLER_DRAW}
PLAY = ("from savannah_kit import circle\n"
        f"game = circle.from_scenario({HUNT!r}, seed=0)\n"
        "board = game.widget(bots={1: 'greedy'})\n")
# a Hyena is the rightmost card: the Lion (a predator) may not be played
BARRED = {"savannah": ["C35", "C36", "C10"], "hands": [["C01", "C20", "C54"], ["C38", "C39", "C40"]],
          "draw_pile": FILLER_DRAW}
REFUSE = ("from savannah_kit import circle\n"
          f"other = circle.from_scenario({BARRED!r}, seed=0)\n"
          "refuse = other.widget(bots={1: 'greedy'})\n")
# what the kernel's games are: moves played and a digest of the save file
CHECK = ("import hashlib\n"
         "print(*(f'{len(g.history)}:{hashlib.sha1(g.to_json().encode()).hexdigest()}' for g in (game, other)))")


# -- one board among several on a page ----------------------------------------------------


def framed_on_page(canvas, board, colour: str) -> set:
    """The savannah cards the page's canvas really shows framed in ``colour`` (read on the
    middle of the top edge of each card's frame, left of its tag)."""
    from savannah_kit.ui.board import box_of

    want = [int(colour[k:k + 2], 16) for k in (1, 3, 5)]
    k = canvas.evaluate("el => el.width") / math.ceil(board.canvas.scene.width)
    found = set()
    for hit in board.hits():
        if hit.startswith("card:"):
            x0, y0, _x1, _y1 = box_of(board.canvas.scene.find(hit))
            rgba = pixel(canvas, round((x0 + 20) * k), round((y0 - 4) * k))
            if all(abs(a - b) <= 24 for a, b in zip(rgba, want)):
                found.add(hit[len("card:"):])
    return found


def lit_on_page(canvas, board) -> set:
    from savannah_kit.circle.render import PALETTES

    return framed_on_page(canvas, board, PALETTES[board.theme].ring)


def refused_hand_card(board):
    """A hand card whose placement rule is broken now (None if every card may be played)."""
    return next((h for h in board.keyboard_order() if h.startswith("hand:") and not board._check(h[5:])[0]), None)


def picture_of(board) -> str:
    from savannah_kit.ui.canvas import scene_json

    return scene_json(board.canvas.scene)


def wait_picture(page, canvas, old_hash: int, changed: bool) -> None:
    """When the replica's picture changed, wait until the page's has changed too and holds
    still. The status line reaches the page just before the picture, and the page finds what
    a click hits in the picture it shows: a click on a button not painted yet is a click on
    nothing (see the report)."""
    if not changed:
        return
    now = wait_changed(page, canvas, old_hash)["hash"]
    while True:
        page.wait_for_timeout(120)
        later = canvas_stats(canvas)["hash"]
        if later == now:
            return
        now = later


def click_seen(page, canvas, board, hit: str) -> None:
    """``click_hit``, then wait until the page shows the picture it leads to."""
    old, picture = canvas_stats(canvas)["hash"], picture_of(board)
    click_hit(page, canvas, board, hit)
    wait_picture(page, canvas, old, picture_of(board) != picture)


def drive(page, canvas, board, move) -> None:
    """Click ``move`` into the page and the replica: the card, each hunt's targets, a
    kill-or-scare answer, then Play if it is still to be pressed."""
    click_seen(page, canvas, board, "hand:" + move.card)
    for branch, targets in move.actions:
        for t in targets:
            if board.branches or not board.hunting:
                break
            click_seen(page, canvas, board, "card:" + t)
        if board.branches:
            click_seen(page, canvas, board, f"branch:{branch}")
    if board.selected is not None and board.ready:
        click_seen(page, canvas, board, "confirm:play")


def a_play(board):
    """A legal play of the position (the one with most hunting, for a move worth watching)."""
    from savannah_kit.circle import Play

    plays = [m for m in board.game.legal_moves() if type(m) is Play]
    return max(plays, key=lambda m: (sum(len(t) for _b, t in m.actions), repr(m))) if plays else None


# -- JupyterLab -------------------------------------------------------------------------------
def test_circle_board_plays_in_jupyterlab(page, lab_server, page_errors):
    from savannah_kit.circle import Play
    from savannah_kit.circle.widget import OK

    page.set_viewport_size({"width": 1400, "height": 1600})
    name = write_notebook(lab_server.root, "circle_play.ipynb", [PLAY + "board", REFUSE + "refuse", CHECK])
    open_notebook(page, lab_server.url, name)
    run_all(page)
    canvases = page.locator(f".jp-OutputArea-output {BOARD_CANVAS}")
    canvas, refuse_canvas = canvases.nth(0), canvases.nth(1)
    assert wait_painted(page, canvas)["painted"] > 10_000
    assert wait_painted(page, refuse_canvas)["painted"] > 10_000
    board, refuse = replicas(PLAY + REFUSE, "board", "refuse")
    game, other = board.game, refuse.game
    wait_status_in(page, 0, board)
    wait_status_in(page, 1, refuse)
    kernel_check(page, fingerprint(game, other))
    assert canvas.get_attribute("data-title") == board.canvas.scene.title

    # the Lion from the hand: the placement check (its rule's cards outlined green, the
    # words in the status line), and its first hunt lights the cards in reach
    before = canvas_stats(canvas)["hash"]
    click_in(page, 0, canvas, board, "hand:C01")
    wait_changed(page, canvas, before)
    status = status_in(page, 0)
    assert "Lion can be played" in status and "hunt 1 of 2" in status, status
    assert board.lit() == ["C53", "C10", "C36"] and lit_on_page(canvas, board) == set(board.lit())
    assert framed_on_page(canvas, board, OK) == set()  # the lit frames are drawn over the green ones
    canvas.scroll_into_view_if_needed()
    shot(page, "circle-lab-light.png")

    # a card out of reach is refused, and the hunt waits on
    saved = game.to_json()
    click_in(page, 0, canvas, board, "card:C35")
    assert "Rule circle.hunt.reach" in status_in(page, 0) and game.to_json() == saved
    assert board.selected == "C01" and board.lit() == ["C53", "C10", "C36"]

    # the hunts answered one by one: two kills, then the Hyena scared plays the Lion; the bot answers
    click_in(page, 0, canvas, board, "card:C53")
    assert "1 picked" in status_in(page, 0) and len(game.history) == 0
    before = canvas_stats(canvas)["hash"]
    click_in(page, 0, canvas, board, "card:C36")
    assert "hunt 2 of 2" in status_in(page, 0) and board.lit() == ["C10"]
    wait_changed(page, canvas, before)
    assert lit_on_page(canvas, board) == {"C10"}
    canvas.scroll_into_view_if_needed()
    shot(page, "circle-lab-second-hunt.png")
    before = canvas_stats(canvas)["hash"]
    click_in(page, 0, canvas, board, "card:C10")
    assert game.history[0] == Play.of("C01", ["C36", "C53"], ["C10"])
    assert len(game.history) >= 2 and game.current_player == 0
    assert "Bots played: Blue played " in status_in(page, 0), status_in(page, 0)
    wait_changed(page, canvas, before)
    assert canvas.get_attribute("data-title") == board.canvas.scene.title
    recent = page.locator(".sk-board").nth(0).locator(".sk-recent .sk-line").all_inner_texts()
    assert [" ".join(t.split()) for t in recent] == [" ".join(t.split()) for t in board.log.plain[-3:]]
    canvas.scroll_into_view_if_needed()
    shot(page, "circle-lab-after-bot.png")

    # a card whose placement rule is broken: refused with its rule, and nothing changes
    saved = other.to_json()
    before = canvas_stats(refuse_canvas)["hash"]
    click_in(page, 1, refuse_canvas, refuse, "hand:C01")
    status = status_in(page, 1)
    assert status.startswith("✗ Not allowed") and "Rule circle." in status, status
    assert other.to_json() == saved and refuse.selected is None
    wait_changed(page, refuse_canvas, before)  # the Hyena outlined red
    refuse_canvas.scroll_into_view_if_needed()
    shot(page, "circle-lab-refused.png")
    kernel_check(page, fingerprint(game, other))  # the kernel's games: the replicas', move for move
    assert error_outputs(page) == []
    assert page_errors == []


# -- Voila --------------------------------------------------------------------------------------
def test_voila_paints_the_classroom_board_on_first_load_and_after_a_reload(page, voila_server, page_errors):
    paints_on_first_load_and_after_a_reload(page, voila_server, NOTEBOOK, CLASSROOM,
                                            lambda canvas, board: drive(page, canvas, board, a_play(board)))
    assert page_errors == []


def test_dark_classroom_board_is_readable(page, voila_server):
    def refuse(canvas, board):
        before = canvas_stats(canvas)["hash"]
        click_hit(page, canvas, board, refused_hand_card(board) or "card:" + board._row_ids()[-1])
        assert status_of(page).startswith("✗ Not allowed") and "Rule circle." in status_of(page), status_of(page)
        wait_changed(page, canvas, before)  # the refused card outlined

    dark_classroom_reads_well(page, voila_server, NOTEBOOK, CLASSROOM, refuse, "circle-classroom-dark-1280x720.png")


def test_two_hundred_random_clicks_leave_a_consistent_game(page, voila_server, tmp_path):
    """200 seeded random clicks (points, the board's hit areas, now and then Undo or New game):
    see ``random_clicks``. The page's picture is waited for where it changed: a click on a
    button not painted yet is a click on nothing."""
    random_clicks(page, voila_server, tmp_path, "circle", points=0.4, hits=0.93, keyboard=0.7,
                  buttons=["↶ Undo", "↶ Undo", "New game"],
                  wait_picture=lambda old_hash, changed: wait_picture(page, page.locator(BOARD_CANVAS).first,
                                                                      old_hash, changed))


def test_classroom_board_reads_from_the_back_at_1920x1080(page, voila_server):
    reads_from_the_back(page, voila_server, NOTEBOOK, CLASSROOM, "circle-classroom-1920x1080.png")


def test_classroom_reload_after_undo_keeps_the_undo(page, voila_server, tmp_path):
    def play(canvas, board):
        drive(page, canvas, board, a_play(board))
        assert len(board.game.history) >= 2

    reload_after_undo_keeps_the_undo(page, voila_server, tmp_path, NOTEBOOK, CLASSROOM, play)


# -- the classroom demo -------------------------------------------------------------------------
def test_classroom_demo_serves_a_board_that_fits_a_projector_and_keeps_its_game(page, tmp_path):
    with classroom_demo(page, tmp_path, "circle", CLASSROOM) as (canvas, board):
        wait_status(page, board)
        page.wait_for_timeout(300)  # let the picture settle at its fitted size
        assert_fits_projector(page, canvas)
        move = a_play(board)
        before = canvas_stats(canvas)["hash"]
        click_hit(page, canvas, board, "hand:" + move.card)
        before = wait_changed(page, canvas, before)["hash"]  # the picture comes just after the status line
        assert lit_on_page(canvas, board) == set(board.lit())
        page.mouse.move(2, 700)
        page.wait_for_timeout(300)
        shot(page, "circle-classroom-1280x720-chosen.png")
        click_hit(page, canvas, board, "hand:" + move.card)  # put it back, then play it through
        drive(page, canvas, board, move)
        assert len(board.game.history) >= 2
        wait_changed(page, canvas, before)
        page.mouse.move(2, 700)  # no hover preview in the picture
        page.wait_for_timeout(300)
        shot(page, "circle-classroom-1280x720.png")
        canvas = reload_keeps_the_game(page, board)
        # still playable after the reload, and it still fits
        board = replica(CLASSROOM.replace("circle.new_game(players=2, seed=1)",
                                          f"circle.from_json({board.game.to_json()!r})"))
        wait_status(page, board)
        click_hit(page, canvas, board, board.keyboard_order()[0])
        sizes = page.evaluate("() => ({sh: document.scrollingElement.scrollHeight, h: innerHeight})")
        assert sizes["sh"] <= sizes["h"], f"the page scrolls after the reload: {sizes}"


# -- the classroom board from the keyboard: hints, the hunt step by step, both themes ----------------------------
KEYBOARD = ("from savannah_kit import circle\n"
            "game = circle.new_game(players=2, seed=1)\n"
            "board = game.widget(bots={1: 'greedy'}, classroom=True, theme=%r)\n")


def key_to(page, canvas, board, hit: str) -> None:
    """Move the keyboard cursor to ``hit`` with the arrow keys and press Enter; the replica
    gets the same click."""
    order = board.keyboard_order()
    assert hit in order, (hit, order)
    for _ in range(len(order) + 1):
        if canvas.get_attribute("data-cursor") == hit:
            break
        page.keyboard.press("ArrowRight")
    assert canvas.get_attribute("data-cursor") == hit, (canvas.get_attribute("data-cursor"), hit)
    old, picture = canvas_stats(canvas)["hash"], picture_of(board)
    page.keyboard.press("Enter")
    board.canvas._message(None, {"event": "click", "hit": hit}, None)
    wait_status(page, board)
    wait_picture(page, canvas, old, picture_of(board) != picture)


@pytest.mark.parametrize("theme,width,height", [("light", 1280, 720), ("dark", 1920, 1080)])
def test_classroom_board_plays_from_the_keyboard_with_a_hint_and_the_hunt_step_by_step(page, voila_server, theme,
                                                                                       width, height):
    page.set_viewport_size({"width": width, "height": height})
    code = KEYBOARD % theme
    name = write_notebook(voila_server.root, f"circle_keys_{theme}.ipynb", [code + "board"])
    canvas = open_voila(page, voila_server, name, "?theme=dark" if theme == "dark" else "")
    board = replica(code)
    wait_status(page, board)
    page.wait_for_timeout(300)  # let the picture settle at its fitted size
    sizes = page.evaluate("() => ({sh: document.scrollingElement.scrollHeight, h: innerHeight,"
                          " sw: document.scrollingElement.scrollWidth, w: innerWidth})")
    assert sizes["sh"] <= sizes["h"] and sizes["sw"] <= sizes["w"], f"the page scrolls: {sizes}"
    if width == 1920:
        assert classroom_text_px(canvas, board) >= 24
    # pointing at a card: a pointer cursor and the card's words as its tooltip, decided in the page
    hand = next(h for h in board.keyboard_order() if h[5:] in board.game.playable())
    page.mouse.move(*scene_point(canvas, board, *board.point_of(hand)))
    page.wait_for_function("(el) => el.style.cursor === 'pointer' && el.title.length > 0",
                           arg=canvas.element_handle(), timeout=10_000)
    assert canvas.get_attribute("title") == next(iter(board.canvas.scene.find(hand))).title
    page.mouse.move(2, height - 2)
    # H: the hint, outlined, nothing played; while the bot searches, the status line says so
    page.evaluate("() => { const e = document.querySelector('.sk-status'); window.skSaid = [];"
                  " new MutationObserver(() => window.skSaid.push(e.innerText)).observe(e,"
                  " {subtree: true, childList: true, characterData: true}); }")
    canvas.focus()
    page.keyboard.press("h")
    thinking = f"Thinking… ({board.hint_pick.label} looks for a move)"
    board._hint_key(None, {"event": "key", "key": "h"}, None)
    wait_status(page, board)
    assert status_of(page).startswith("Hint: ") and board.game.history == []
    said = [" ".join(text.split()) for text in page.evaluate("() => window.skSaid")]
    assert thinking in said and said.index(thinking) < min(i for i, t in enumerate(said) if t.startswith("Hint: ")), said
    move, _why = board.suggestion()
    shot(page, f"circle-classroom-hint-{theme}-{width}x{height}.png")
    # the hinted move, from the keyboard alone
    key_to(page, canvas, board, "hand:" + move.card)
    for branch, targets in move.actions:
        for t in targets:
            if board.branches or not board.hunting:
                break
            key_to(page, canvas, board, "card:" + t)
        if board.branches:
            key_to(page, canvas, board, f"branch:{branch}")
    if board.selected is not None and board.ready:
        key_to(page, canvas, board, "confirm:play")
    assert len(board.game.history) >= 2 and board.game.history[0] == move
    steps = 0
    while board.story is not None:  # the hunts as they happened, one frame per Enter
        shot(page, f"circle-classroom-hunt-{steps}-{theme}-{width}x{height}.png")
        key_to(page, canvas, board, "story:next")
        steps += 1
    assert steps == len(board.stories)
    page.mouse.move(2, height - 2)
    shot(page, f"circle-classroom-keys-{theme}-{width}x{height}.png")
    assert canvas.get_attribute("data-title") == board.canvas.scene.title
