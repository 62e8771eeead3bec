"""The Savannah Tails board in a real browser: played with real mouse clicks in
JupyterLab (a card lights its end spaces, a lit space plays the move, a choice panel
answers a space with several moves, an unlit space is refused with its rule and changes
nothing, and the kernel's games stay move for move those of the test's replica); painted
on Voila's first load and after a reload; surviving 200 random clicks with its race
always its own history replayed; and served by ``savannah-kit demo tails`` as a classroom
page that fits a 1280x720 projector, keeps its race across a reload and stops on Ctrl-C.

Each page runs a small notebook; the test runs the same code in its own process (the
replica) to know what the page must say and where to click. Screenshots go to
``$SAVANNAH_KIT_SHOTS`` (default ``test-artifacts/``).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from browser_helpers import (BOARD_CANVAS, assert_fits_projector, canvas_stats, classroom_demo, click_hit, click_in,
                             contrast, dark_classroom_reads_well, error_outputs, fingerprint, guide_of, kernel_check,
                             open_notebook, open_voila, paints_on_first_load_and_after_a_reload, pixel, random_clicks,
                             reads_from_the_back, reload_after_undo_keeps_the_undo, reload_keeps_the_game, replica,
                             replicas, run_all, shot, status_in, status_of, wait_changed, wait_guide, wait_painted,
                             wait_status, wait_status_in, write_notebook)

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = "classroom/tails_classroom.ipynb"
CLASSROOM = ("from savannah_kit import tails\n"
             "game = tails.new_game(players=2, seed=1)\n"
             "board = game.widget(bots={1: 'greedy'}, classroom=True)\n")
# a race from the start line, Purple a bot
PLAY = ("from savannah_kit import tails\n"
        "game = tails.new_game(players=2, seed=3)\n"
        "board = game.widget(bots={1: 'greedy'})\n")
# Red on T03 with Crazy Wings active: three moves end on the blue water hole (arm no
# bonus, arm Boinnnggg, arm Bird Brain); Purple a bot
SCENARIO = {"ostriches": [{"space": "T03:red:0", "hand": ["yellow-3"], "bonuses": {"crazy-wings": "active"}},
                          {"space": "T05:red:5", "hand": ["black-6"]}],
            "turn_order": [0, 1], "course": [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]}
PANEL = ("from savannah_kit import tails\n"
         f"race = tails.from_scenario({SCENARIO!r}, seed=0)\n"
         "panel = race.widget(bots={1: 'greedy'})\n")
# what the kernel's games are: moves played and a digest of the save file
CHECK = ("import hashlib\n"
         "print(*(f'{len(g.history)}:{hashlib.sha1(g.to_json().encode()).hexdigest()}' for g in (game, race)))")


# -- one board among several on a page ----------------------------------------------------


def lit_on_page(canvas, board) -> set:
    """The spaces whose badge the page's canvas really shows in the ring colour."""
    from savannah_kit.tails.render import PALETTES
    from savannah_kit.ui.board import points_inside

    ring = PALETTES[board.theme].ring
    want = [int(ring[k:k + 2], 16) for k in (1, 3, 5)]
    k = canvas.evaluate("el => el.width") / math.ceil(board.canvas.scene.width)
    found = set()
    for shape in board.canvas.scene.shapes:
        if shape.hit and shape.hit.startswith("space:") and shape.style.fill == ring:
            for x, y in points_inside(shape)[:12]:
                rgba = pixel(canvas, round(x * k), round(y * k))
                if all(abs(a - b) <= 24 for a, b in zip(rgba, want)):
                    found.add(shape.hit[len("space:"):])
                    break
    return found


def unlit_space(board) -> str:
    """A clickable space where the card chosen has no move."""
    lit = set(board.destinations())
    return next(h for h in board.hits() if h.startswith("space:") and h[len("space:"):] not in lit
                and board.point_of(h) is not None)


def single_destination(board) -> str:
    """A lit space where exactly one move of the card chosen ends (a full move if there is one)."""
    moves = [m for m in board.game.legal_moves() if m.card == board.selected]
    ends = {m.to for m in moves if sum(x.to == m.to for x in moves) == 1}
    return sorted(ends, key=lambda to: (board.destinations()[to] == "1", to))[0]


# -- JupyterLab -------------------------------------------------------------------------------
def test_tails_board_plays_in_jupyterlab(page, lab_server, page_errors):
    page.set_viewport_size({"width": 1400, "height": 1600})
    name = write_notebook(lab_server.root, "tails_play.ipynb", [PLAY + "board", PANEL + "panel", CHECK])
    open_notebook(page, lab_server.url, name)
    run_all(page)
    canvases = page.locator(f".jp-OutputArea-output {BOARD_CANVAS}")
    canvas, panel_canvas = canvases.nth(0), canvases.nth(1)
    assert wait_painted(page, canvas)["painted"] > 10_000
    assert wait_painted(page, panel_canvas)["painted"] > 10_000
    board, panel = replicas(PLAY + PANEL, "board", "panel")
    game, race = board.game, panel.game
    wait_status_in(page, 0, board)
    wait_status_in(page, 1, panel)
    kernel_check(page, fingerprint(game, race))
    assert canvas.get_attribute("data-title") == board.canvas.scene.title

    # a card from the hand lights its end spaces, and the page shows exactly those
    card = board.keyboard_order()[0]
    assert card.startswith("card:")
    before = canvas_stats(canvas)["hash"]
    click_in(page, 0, canvas, board, card)
    wait_changed(page, canvas, before)
    assert "click a lit space" in status_in(page, 0)
    assert board.destinations() and lit_on_page(canvas, board) == set(board.destinations())
    canvas.scroll_into_view_if_needed()
    shot(page, "tails-lab-light.png")

    # a lit space plays the move; the bot answers
    moves = len(game.history)
    to = single_destination(board)
    click_in(page, 0, canvas, board, f"space:{to}")
    assert len(game.history) >= moves + 2 and game.history[moves].to == to and game.current_player == 0
    assert status_in(page, 0).startswith(board.instruction()) and "Bots played: Purple played " in status_in(page, 0)
    assert canvas.get_attribute("data-title") == board.canvas.scene.title
    recent = page.locator(".sk-board").nth(0).locator(".sk-recent .sk-line").all_inner_texts()
    assert [" ".join(t.split()) for t in recent] == [" ".join(t.split()) for t in board.log.plain[-3:]]

    # several moves to one space: the panel names them, one click plays the one chosen
    click_in(page, 1, panel_canvas, panel, "bonus:red:crazy-wings")
    saved = race.to_json()
    click_in(page, 1, panel_canvas, panel, "space:T03:blue:4")
    assert race.to_json() == saved and panel.pending == "T03:blue:4"
    assert "3 moves with Crazy Wings end on T03 blue space 5" in status_in(page, 1)
    assert panel.choice_labels() == ["Arm no bonus", "Arm Boinnnggg at the water hole",
                                     "Arm Bird Brain at the water hole"]
    panel_canvas.scroll_into_view_if_needed()
    shot(page, "tails-lab-choice-panel.png")
    wanted = panel.choices[1]
    click_in(page, 1, panel_canvas, panel, "choice:1")
    assert race.history[0] == wanted and wanted.arm == ("boinnnggg",) and panel.pending is None

    # an unlit space is refused with its rule, and nothing changes
    click_in(page, 0, canvas, board, board.keyboard_order()[0])
    saved = game.to_json()
    bad = unlit_space(board)
    click_in(page, 0, canvas, board, bad)
    status = status_in(page, 0)
    assert status.startswith("✗ Not allowed") and "Rule tails." in status, status
    assert game.to_json() == saved
    kernel_check(page, fingerprint(game, race))  # the kernel's games: the replicas', move for move
    assert error_outputs(page) == []
    assert page_errors == []


# -- Voila --------------------------------------------------------------------------------------
def test_voila_paints_the_classroom_board_on_first_load_and_after_a_reload(page, voila_server, page_errors):
    def play(canvas, board):
        click_hit(page, canvas, board, board.keyboard_order()[0])
        click_hit(page, canvas, board, f"space:{single_destination(board)}")

    paints_on_first_load_and_after_a_reload(page, voila_server, NOTEBOOK, CLASSROOM, play)
    assert page_errors == []


def test_dark_classroom_board_is_readable(page, voila_server):
    def refuse(canvas, board):
        click_hit(page, canvas, board, board.keyboard_order()[0])
        before = canvas_stats(canvas)["hash"]
        click_hit(page, canvas, board, unlit_space(board))
        assert status_of(page).startswith("✗ Not allowed") and "Rule tails." in status_of(page)
        wait_changed(page, canvas, before)  # the refused space outlined

    dark_classroom_reads_well(page, voila_server, NOTEBOOK, CLASSROOM, refuse, "tails-classroom-dark-1280x720.png")


def test_two_hundred_random_clicks_leave_a_consistent_race(page, voila_server, tmp_path):
    """200 seeded random clicks (points, the board's hit areas, now and then Undo, Discard or
    New game): see ``random_clicks``."""
    random_clicks(page, voila_server, tmp_path, "tails", points=0.45, hits=0.92, keyboard=0.6,
                  buttons=["↶ Undo", "New game", "Discard"], press=lambda board, name: board.confirm_discard())


def test_classroom_board_reads_from_the_back_at_1920x1080(page, voila_server):
    reads_from_the_back(page, voila_server, NOTEBOOK, CLASSROOM, "tails-classroom-1920x1080.png")


def test_classroom_reload_after_undo_keeps_the_undo(page, voila_server, tmp_path):
    def play(canvas, board):
        click_hit(page, canvas, board, board.keyboard_order()[0])
        click_hit(page, canvas, board, f"space:{single_destination(board)}")

    reload_after_undo_keeps_the_undo(page, voila_server, tmp_path, NOTEBOOK, CLASSROOM, play)


# -- the classroom demo -------------------------------------------------------------------------
def test_classroom_demo_serves_a_board_that_fits_a_projector_and_keeps_its_race(page, tmp_path):
    with classroom_demo(page, tmp_path, "tails", CLASSROOM) as (canvas, board):
        wait_status(page, board)
        page.wait_for_timeout(300)  # let the picture settle at its fitted size
        assert_fits_projector(page, canvas)
        before = canvas_stats(canvas)["hash"]
        click_hit(page, canvas, board, board.keyboard_order()[0])
        before = wait_changed(page, canvas, before)["hash"]  # the picture comes just after the status line
        assert lit_on_page(canvas, board) == set(board.destinations())
        shot(page, "tails-classroom-1280x720-lit.png")
        click_hit(page, canvas, board, f"space:{single_destination(board)}")
        assert len(board.game.history) >= 2
        wait_changed(page, canvas, before)
        page.mouse.move(2, 700)  # no hover preview in the picture
        page.wait_for_timeout(300)
        shot(page, "tails-classroom-1280x720.png")
        canvas = reload_keeps_the_game(page, board)
        # still playable after the reload, and it still fits
        board = replica(CLASSROOM.replace("tails.new_game(players=2, seed=1)",
                                          f"tails.from_json({board.game.to_json()!r})"))
        wait_status(page, board)
        click_hit(page, canvas, board, board.keyboard_order()[0])
        sizes = page.evaluate("() => ({sh: document.scrollingElement.scrollHeight, h: innerHeight})")
        assert sizes["sh"] <= sizes["h"], f"the page scrolls after the reload: {sizes}"


# -- hints, the guided lesson-1 race, pointing at a route ----------------------------------------
LESSON = "tails/01_play_in_10_minutes.ipynb"


def lesson_board_code() -> str:
    """The code of lesson 1's guided race (its cell that makes the board), as ``board = …``."""
    import json

    cells = json.loads((ROOT / "notebooks" / LESSON).read_text("utf-8"))["cells"]
    source = next("".join(c["source"]) for c in cells[:6] if c["cell_type"] == "code" and "guided=True" in
                  "".join(c["source"]))
    *body, last = source.rstrip().split("\n")
    return ("from savannah_kit import tails\nfrom savannah_kit.tails.lessons import first_race\n" + "\n".join(body)
            + f"\nboard = {last}\n")


def outlined_on_page(canvas, board, hit: str, colour: str) -> bool:
    """Whether the page's canvas shows ``colour`` on the outline the board draws around ``hit``."""
    from savannah_kit.ui.board import box_of

    k = canvas.evaluate("el => el.width") / math.ceil(board.canvas.scene.width)
    x0, y0, x1, y1 = box_of(board.canvas.scene.find(hit))
    want = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    points = [((x0 + x1) / 2, y0 - 3), ((x0 + x1) / 2, y1 + 3), (x0 - 3, (y0 + y1) / 2), (x1 + 3, (y0 + y1) / 2)]
    for x, y in points:
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                rgba = pixel(canvas, round((x + dx) * k), round((y + dy) * k))
                if all(abs(a - b) <= 40 for a, b in zip(rgba, want)):
                    return True
    return False


def test_lesson_one_guided_race_paints_guides_and_hints(page, voila_server, page_errors):
    """Lesson 1's board in Voila: the guide line and the outlined cards, a card's lit spaces
    outlined next, a Hint press (the button) and the H key saying the greedy bot's move in the
    status line with its card and space outlined, and the hinted move played by a click."""
    from savannah_kit.ui.board import MARK_STYLES

    page.set_viewport_size({"width": 1280, "height": 720})
    canvas = open_voila(page, voila_server, LESSON)
    board = replica(lesson_board_code())
    assert board.guided
    wait_status(page, board)
    wait_guide(page, board)
    assert status_of(page).startswith("Red, play a card: click one of the")
    assert guide_of(page).startswith("A turn: play one card and move.")
    nexts = board.emphasis()
    assert nexts and all(h.startswith("card:") for h in nexts)
    canvas.scroll_into_view_if_needed()
    assert all(outlined_on_page(canvas, board, h, MARK_STYLES["next"][0]) for h in nexts)
    shot(page, "tails-guided-lesson1-1280x720.png")

    before = canvas_stats(canvas)["hash"]
    click_hit(page, canvas, board, nexts[0])
    wait_changed(page, canvas, before)
    wait_guide(page, board)
    assert guide_of(page).startswith("The outlined spaces are where")
    assert all(h.startswith("space:") for h in board.emphasis())

    before = canvas_stats(canvas)["hash"]
    page.get_by_role("button", name="Hint", exact=True).click()
    board.hint()
    wait_status(page, board)
    assert status_of(page).startswith("Hint: play "), status_of(page)
    wait_changed(page, canvas, before)
    hinted = [hit for hit, kind in board.marks if kind == "hint"]
    assert len(hinted) == 2 and all(outlined_on_page(canvas, board, h, MARK_STYLES["hint"][0]) for h in hinted)
    shot(page, "tails-guided-hint-1280x720.png")

    click_hit(page, canvas, board, nexts[-1])  # any action puts the hint away...
    assert not status_of(page).startswith("Hint:")
    canvas.focus()
    page.keyboard.press("h")  # ...and H brings it back
    board.hint()
    wait_status(page, board)
    assert status_of(page).startswith("Hint: play ")
    move = board.hinted
    moves = len(board.game.history)
    click_hit(page, canvas, board, f"space:{move.to}")
    if board.pending is not None:  # several moves end there: the hinted one from the panel
        click_hit(page, canvas, board, f"choice:{board.choices.index(move)}")
    assert board.game.history[moves] == move
    wait_guide(page, board)
    assert guide_of(page).startswith("You moved to ")
    assert "Traceback" not in page.inner_text("body") and page_errors == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_pointing_at_an_unlit_space_draws_the_route_and_names_the_rule(page, voila_server, theme):
    """A lion between Red and the space pointed at: the status line names the lion's rule,
    the route is drawn to it with a cross, and everything reads at 4.5:1 in both themes."""
    page.set_viewport_size({"width": 1280, "height": 720})
    scenario = {"ostriches": [{"space": "T06:blue:0", "hand": ["blue-4"]}, {"space": "T01:red:0", "hand": ["black-6"]}],
                "turn_order": [0, 1], "course": [["T01", "easy"], ["T06", "hard"], ["T02", "easy"]]}
    code = ("from savannah_kit import tails\n"
            f"race = tails.from_scenario({scenario!r}, seed=0)\n"
            f"board = race.widget(bots={{1: 'greedy'}}, guided=True, theme={theme!r})\n")
    name = f"tails_pointing_{theme}.ipynb"
    write_notebook(voila_server.root, name, [code + "board"])
    canvas = open_voila(page, voila_server, name, "?theme=dark" if theme == "dark" else "")
    board = replica(code)
    wait_status(page, board)
    click_hit(page, canvas, board, "card:blue-4")
    before = canvas_stats(canvas)["hash"]
    click_hit(page, canvas, board, "space:T06:blue:5")
    status = status_of(page)
    assert status.startswith("✗ Not allowed: Step 4 of the route drawn: T06 blue space 5 holds a lion"), status
    assert "Rule tails.animal.lion" in status
    wait_changed(page, canvas, before)
    assert outlined_on_page(canvas, board, "space:T06:blue:5", "#c62828")
    for selector in (".sk-status span", ".sk-guide span", ".sk-recent .sk-line", ".sk-board button"):
        for item in page.locator(selector).all():
            if item.is_visible():
                found = contrast(item)
                assert found["ratio"] >= 4.5, f"{selector} reads {found}"
    canvas.scroll_into_view_if_needed()
    shot(page, f"tails-pointing-{theme}-1280x720.png")
