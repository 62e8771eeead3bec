"""The shared board parts, driven from Python (the browser tests drive them for real)."""

import base64
import json
import math

import ipywidgets as widgets
import pytest

from savannah_kit.core import scene as sc
from savannah_kit.core.events import Event
from savannah_kit.core.png import to_png
from savannah_kit.ui import Board, BoardCanvas, Controls, LogPanel, StatusLine, outlined, scene_data
from savannah_kit.ui.board import MARK_STYLES
from savannah_kit.ui.panels import GuideLine
from toy_game import Add, RaceTo, registered


@pytest.fixture(autouse=True)
def toy_registered():
    """The hints pick their bot from the toy's spec."""
    with registered():
        yield


def board_scene(colour="#ff0000"):
    return sc.Scene(120, 80).add(sc.rect(10, 10, 40, 40, fill=colour, hit="left", title="the left one"),
                                 sc.circle(90, 30, 15, fill="#0000ff", stroke="#000", hit="right"),
                                 sc.text(60, 70, "hello"))


def test_board_canvas_maps_clicks_to_hit_ids_and_counts_redraws():
    board = BoardCanvas(board_scene())
    assert board.redraws == 1 and json.loads(board.view.scene)["w"] == 120 and json.loads(board.view.scene)["h"] == 80
    clicks = []
    board.on_click(lambda hit, x, y: clicks.append((hit, x, y)))
    assert board.click(20, 20) == "left"
    board.click(90, 30)
    board.click(1, 79)
    assert clicks == [("left", 20, 20), ("right", 90, 30), (None, 1, 79)]
    board.show(sc.Scene(200, 50))
    assert json.loads(board.view.scene)["w"] == 200 and board.redraws == 2


def test_browser_messages_become_callbacks_and_unknown_hits_are_nothing():
    board = BoardCanvas(board_scene())
    seen = []
    board.on_click(lambda hit, x, y: seen.append(("click", hit, x)))
    board.on_hover(lambda hit: seen.append(("hover", hit)))
    board.on_key(lambda key, shift: seen.append(("key", key, shift)))
    for content in ({"event": "click", "hit": "right", "x": 90, "y": 30}, {"event": "click", "hit": "nope"},
                    {"event": "hover", "hit": "left"}, {"event": "hover", "hit": None},
                    {"event": "key", "key": "r", "shift": True}, {"event": "key", "key": "x"}, "junk", {}):
        board._message(board.view, content, [])
    assert seen == [("click", "right", 90), ("click", None, None), ("hover", "left"), ("hover", None),
                    ("key", "r", True)]


def test_the_scene_goes_to_the_browser_as_compact_data_in_one_message(monkeypatch):
    board = BoardCanvas(board_scene())
    data = json.loads(board.view.base)
    assert data["hits"] == ["left", "right"] and data["titles"] == {"left": "the left one"}
    kinds = [shape[0] for shape in data["shapes"]]
    assert kinds == [0, 1, 4] and data["shapes"][2][5] == "hello"
    assert len(data["styles"]) == 3 and json.dumps(data)
    sent = []
    monkeypatch.setattr(board.view, "send_state", lambda key=None: sent.append(key))
    board.show(board_scene("#00ff00"))
    board.show(board_scene("#0000ff"))
    assert len(sent) == 2 and board.redraws == 3


def test_a_late_browser_gets_the_picture_from_the_widget_state():
    """No repaint trick: the picture is part of the widget's state, which every new view reads: the
    base frame whole, and the frame copying shapes from it; a view that lacks the base asks for the
    whole picture, which comes as a new base."""
    board = BoardCanvas(board_scene())
    state = board.view.get_state()
    assert json.loads(state["base"]) == dict(scene_data(board_scene()), id=1)
    assert json.loads(state["scene"])["shapes"] == [[-1, 0, len(board_scene().shapes)]]
    moved = sc.Scene(120, 80, shapes=board.scene.shapes + [sc.rect(1, 1, 5, 5, fill="#ff0000")])
    board.show(moved)
    frame = json.loads(board.view.get_state()["scene"])
    assert frame["from"] == 1 and frame["shapes"][0] == [-1, 0, len(board_scene().shapes)] and len(frame["shapes"]) == 2
    board.show(sc.Scene(120, 80, shapes=[sc.rect(1, 1, 5, 5, fill="#00ff00")] + moved.shapes[-1:]))
    assert json.loads(board.view.get_state()["scene"])["from"] == 3, "fewer than half the shapes copied: a new base"
    board._message(board.view, {"event": "whole"}, [])
    assert json.loads(board.view.get_state()["base"]) == dict(scene_data(board.scene), id=4)


def stored_picture(state: dict) -> list:
    """The shapes a view draws from a widget's stored state alone, as ``sceneview.js`` decodes
    them: the frame, its runs copied from the base frame (the state's ``base``)."""
    def decoded(text, source=None):
        data, out = json.loads(text), []
        if "from" in data:
            assert source is not None and source[0] == data["from"], "the frame copies from a frame not in the state"
        for s in data["shapes"]:
            if s[0] == -1:
                out += source[1][s[1]:s[1] + s[2]]
            else:
                out.append([s[0], data["styles"][s[1]], data["hits"][s[2]] if s[2] >= 0 else None, *s[3:]])
        return data.get("id"), out

    base = decoded(state["base"]) if state.get("base") else None
    return decoded(state["scene"], base)[1]


@pytest.mark.parametrize("name", ["tails", "circle", "forest"])
def test_a_saved_widget_state_redraws_the_current_picture_without_a_kernel(name):
    """A notebook saved with its widget state keeps the view's state only: after any number of
    clicks it holds the picture shown, whole (no frame copying from one only the kernel had)."""
    import random

    from savannah_kit.core import registry

    board = registry.game(name).new_game(players=2, seed=5).widget(bots={1: "random"})
    rng = random.Random(5)
    for _click in range(25):
        state = board.canvas.view.get_state()
        assert stored_picture(state) == stored_picture({"scene": json.dumps(scene_data(board.canvas.scene))})
        order = board.keyboard_order()
        if board.game.is_over or not order:
            break
        board.click_hit(rng.choice(order))


def test_status_line_explains_refusals_with_the_rule():
    status = StatusLine("Pick a card")
    status.refuse("that cell does not touch your forest", "forest.place.adjacent")
    assert status.kind == "refused" and status.refused
    assert status.text.startswith("Not allowed: That cell does not touch your forest. Rule forest.place.adjacent:")
    assert "sk-refused" in status.widget.value and "✗" in status.widget.value
    status.refuse("a <b> tag")
    assert "A &lt;b&gt; tag" in status.widget.value and "sk-is-refused" in status.widget._dom_classes
    status.set("done", "done")
    assert not status.refused and "sk-done" in status.widget.value


def test_log_panel_cites_rules_escapes_html_and_keeps_the_last_three_in_view():
    log = LogPanel()
    log.add_events([Event("forest.turn.take", "Red takes <P01>", 0)], "[greedy bot] ")
    log.add_text("Round 2")
    assert log.text == "[greedy bot] Red takes <P01> [forest.turn.take]\nRound 2"
    assert "&lt;P01&gt;" in log.full.value
    # a line too long for the board ends in an ellipsis: its whole text and rule are its tooltip
    assert 'title="[greedy bot] Red takes &lt;P01&gt; [forest.turn.take]"' in log.full.value
    for k in range(5):
        log.add_text(f"line {k}")
    assert "line 2" in log.recent.value and "line 4" in log.recent.value and "line 1" not in log.recent.value
    assert log.full.value.index("line 4") < log.full.value.index("line 3")  # newest first: always in view


def test_the_confirm_question_takes_the_buttons_place_and_runs_the_action_only_on_yes():
    bar = Controls([widgets.Button(description="Undo")])
    done = []
    assert not bar.asking and bar.confirm.layout.display == "none"
    bar.ask("Really?", lambda: done.append(1))
    assert bar.asking and bar.confirm.layout.display == "flex" and bar.buttons.layout.display == "none"
    bar.answer(False)
    assert done == [] and not bar.asking and bar.buttons.layout.display == "flex"
    bar.ask("Really?", lambda: done.append(1))
    bar.yes.click()
    assert done == [1] and not bar.asking


def test_marks_outline_the_hit_areas():
    scene = board_scene()
    marked = outlined(scene, [("left", "last"), ("right", "refused"), ("missing", "last")])
    extra = marked.shapes[len(scene.shapes):]
    assert len(extra) == 4 and len(scene.shapes) == 3  # a halo and a line each, the original untouched
    assert extra[1].style.stroke == MARK_STYLES["last"][0] and extra[3].style.dash == MARK_STYLES["refused"][2]
    assert (extra[1].x, extra[1].y, extra[1].w, extra[1].h) == (7, 7, 46, 46)
    assert outlined(scene, []) is scene


def test_a_scene_becomes_a_png():
    png = to_png(board_scene())
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and to_png(board_scene()) == png
    from PIL import Image
    import io

    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (120, 80)
    assert image.getpixel((30, 30)) == (255, 0, 0) and image.getpixel((90, 30))[2] > 200
    assert base64.b64encode(png)


def test_pictures_and_games_carry_a_png_for_untrusted_notebooks():
    """Untrusted notebooks hide SVG; GitHub and nbviewer cannot run widgets: a PNG must be there."""
    import io

    from PIL import Image

    from savannah_kit import forest
    from savannah_kit.core.svg import SVG

    view = BoardCanvas(board_scene()).view
    data, _metadata = view._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert Image.open(io.BytesIO(base64.b64decode(data["image/png"]))).size == (120, 80)
    picture = SVG(board_scene())
    assert Image.open(io.BytesIO(picture._repr_png_())).size == (120, 80)
    game = forest.new_game(players=2, seed=1)
    image = Image.open(io.BytesIO(game._repr_png_()))
    scene = game.scene()
    assert image.size == (math.ceil(scene.width), math.ceil(scene.height))
    board = game.widget(bots={1: "greedy"})
    bundle, _metadata = board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    shown = Image.open(io.BytesIO(base64.b64decode(bundle["image/png"])))
    drawn = board.canvas.scene
    assert shown.size == (math.ceil(drawn.width), math.ceil(drawn.height)) and bundle["text/plain"].startswith("<ForestBoard")


# -- the shared board: hints and the guided game's parts --------------------------------------

class RaceBoard(Board):
    """The smallest board: two buttons on the picture, "add 1" and "add 2"."""

    title = "race"

    def render(self):
        return sc.Scene(200, 60).add(sc.rect(10, 10, 80, 40, fill="#dddddd", hit="add1"),
                                     sc.rect(110, 10, 80, 40, fill="#dddddd", hit="add2"))

    def clicked(self, hit):
        self.play(Add(int(hit[3:])), hit)

    def instruction(self):
        return "Game over." if self.game.is_over else "Click add 1 or add 2."

    def player_name(self, p):
        return f"player {p}"

    def describe(self, move, position):
        return f"player {position.current_player} adds {move.n}"

    def move_marks(self, move):
        return [f"add{move.n}"]

    def emphasis(self):
        return ["add1", "add2"]


class HintedRaceBoard(RaceBoard):
    def suggestion(self):
        return Add(2), "two steps nearer the target"

    def hint_text(self, move):
        return f"add {move.n}"


def hint_outlines(board):
    colour = MARK_STYLES["hint"][0]
    return [s for s in board.canvas.scene.shapes if s.style.stroke == colour]


def test_a_board_without_suggestions_has_no_hint_button_and_no_guide():
    board = RaceBoard(RaceTo(seed=1))
    assert board.btn_hint not in board.buttons and not board.offers_hints
    assert "sk-hints" not in board.widget._dom_classes and "H for a hint" not in board.canvas.view.label
    assert board.guide.widget not in board.widget.children
    board.hint()  # the H key of such a board does nothing it would not say
    assert board.status.kind != "hint" and board.game.history == []
    board.canvas.view._handle_custom_msg({"event": "key", "key": "h", "shift": False}, [])
    assert board.status.kind != "hint" and not hint_outlines(board)


def test_the_hint_button_says_and_outlines_the_move_without_playing_it():
    board = HintedRaceBoard(RaceTo(seed=1))
    assert board.offers_hints and board.btn_hint in board.buttons and board.buttons[-1].description == "New game"
    assert "sk-hints" in board.widget._dom_classes and "H for a hint" in board.canvas.view.label
    assert board.btn_hint.layout.visibility == "visible"
    board.btn_hint.click()
    assert board.status.text == "Hint: add 2 — two steps nearer the target" and board.status.kind == "hint"
    assert board.status.sticky and "sk-is-hint" in board.status.widget._dom_classes
    assert ("add2", "hint") in board.marks and len(hint_outlines(board)) == 1
    assert board.game.history == []
    board.hovered("add1")  # a hover keeps it
    assert board.status.kind == "hint"
    board.canvas.click(20, 20)  # the next action clears it
    assert board.game.history == [Add(1)] and board.status.kind != "hint"
    assert ("add2", "hint") not in board.marks and not hint_outlines(board)
    assert "sk-is-hint" not in board.status.widget._dom_classes


def test_the_h_key_hints_and_an_action_that_draws_nothing_still_clears_the_hint():
    board = HintedRaceBoard(RaceTo(seed=1))
    board.canvas.view._handle_custom_msg({"event": "key", "key": "h", "shift": False}, [])
    assert board.status.text.startswith("Hint: add 2") and len(hint_outlines(board)) == 1
    frames = board.canvas.redraws
    board._key("u", False)  # Undo with nothing to undo: says so, and the hint's outline goes
    assert board.status.text.startswith("Nothing to undo yet") and not hint_outlines(board)
    assert board.canvas.redraws == frames + 1


def test_the_hint_button_shows_only_while_a_person_is_to_move():
    board = HintedRaceBoard(RaceTo(seed=1, target=3), bots={1: "greedy"})
    board.canvas.click(150, 30)  # add 2; the bot then reaches 3
    assert board.game.is_over and board.btn_hint.layout.visibility == "hidden"
    board.hint()
    assert board.status.text == "No hint now: the game is over." and not hint_outlines(board)
    board.new_game()
    assert board.btn_hint.layout.visibility == "visible"


def test_a_guided_board_outlines_the_next_step_and_shows_its_guide_line():
    plain_board = HintedRaceBoard(RaceTo(seed=1))
    nexts = MARK_STYLES["next"][0]
    assert not [s for s in plain_board.canvas.scene.shapes if s.style.stroke == nexts]
    board = HintedRaceBoard(RaceTo(seed=1), guided=True)
    assert board.guide.widget in board.widget.children
    assert len([s for s in board.canvas.scene.shapes if s.style.stroke == nexts]) == 2
    board.hint()  # the hint is drawn over the next step's outlines
    kinds = [s.style.stroke for s in board.canvas.scene.shapes if s.style.stroke in (nexts, MARK_STYLES["hint"][0])]
    assert kinds[-1] == MARK_STYLES["hint"][0]
    classroom = HintedRaceBoard(RaceTo(seed=1), guided=True, classroom=True)
    assert classroom.widget.children.index(classroom.guide.widget) == 2  # under the top row, over the picture


def test_the_guide_line_escapes_and_keeps_the_whole_sentence_as_its_tooltip():
    guide = GuideLine("The <rooster> gives the pawn")
    assert guide.text == "The <rooster> gives the pawn" and "&lt;rooster&gt;" in guide.widget.value
    assert 'title="The &lt;rooster&gt; gives the pawn"' in guide.widget.value and "sk-guide" in guide.widget._dom_classes


def test_undo_keeps_the_autosave_file_up_to_date(tmp_path):
    """A classroom page reloads its game from the autosave file: an undo must reach it too."""
    from savannah_kit import forest

    path = tmp_path / "game.json"
    board = forest.new_game(players=2, seed=1).widget(bots={1: "greedy"}, autosave=str(path))
    game = board.game
    board.play(game.legal_moves()[0])
    played = len(game.history)
    assert len(json.loads(path.read_text("utf-8"))["moves"]) == played > 0
    board.undo()
    assert len(game.history) < played
    assert json.loads(path.read_text("utf-8")) == json.loads(game.to_json())


def test_shapes_sent_before_encode_as_when_first_seen():
    """A board redraws mostly the same shape objects: their encoding is kept, and a frame sent
    again, or rebuilt from equal shapes, or with one shape changed, is encoded exactly as fresh."""
    from dataclasses import replace

    from savannah_kit import tails
    from savannah_kit.ui import canvas

    scene = tails.new_game(players=3, seed=2).scene()
    canvas._ENCODED.clear()
    fresh = canvas.scene_json(scene)
    assert canvas.scene_json(scene) == fresh and len(canvas._ENCODED) == len(scene.shapes)
    moved = replace(scene, shapes=[replace(s, x=s.x + 1) if hasattr(s, "x") else s for s in scene.shapes])
    canvas._ENCODED.clear()
    expected = canvas.scene_json(moved)
    canvas.scene_json(scene)
    assert canvas.scene_json(moved) == expected != fresh
    canvas._ENCODED.clear()
    assert canvas.scene_json(scene) == fresh


def test_what_one_click_changes_reaches_the_browser_in_one_message():
    """A click's frame, keyboard order and announcement go to the browser together: the page
    draws once, with the cursor's new order already there; and a frame drawn twice in one action
    is sent once, copying from the base frame the page holds (never from one it was not sent)."""
    from savannah_kit import circle

    board = circle.new_game(players=2, seed=1).widget(bots={1: "greedy"})
    view = board.canvas.view
    assert view.comm is not None
    sent = []
    view.comm.send = lambda data=None, *args, **kwargs: sent.append(data)
    target, _undo_between = board.sample_click()
    for _ in range(3):
        sent.clear()
        before = json.loads(view.base)["id"]
        view._handle_custom_msg({"event": "click", "hit": target, "x": 1, "y": 1}, [])
        states = [m["state"] for m in sent if isinstance(m, dict) and m.get("method") == "update"]
        assert len(states) == 1, [sorted(s) for s in states]
        assert {"scene", "keyboard", "announce"} <= set(states[0])
        frame = json.loads(states[0]["scene"])
        assert frame["from"] == before or (frame["from"] == frame["id"] and "base" in states[0])
    sent.clear()
    held = json.loads(view.base)["id"]
    with board.canvas.held():
        board.redraw()
        board.redraw()
    frames = [json.loads(m["state"]["scene"]) for m in sent if isinstance(m, dict) and "scene" in m.get("state", {})]
    assert len(frames) == 1 and frames[0]["from"] == held and frames[0]["id"] == board.canvas.redraws
