"""The shared board parts, driven from Python (the browser tests drive them for real)."""

import base64
import json
import math

import ipywidgets as widgets

from savannah_kit.core import scene as sc
from savannah_kit.core.events import Event
from savannah_kit.core.png import to_png
from savannah_kit.ui import BoardCanvas, Controls, LogPanel, StatusLine, outlined, scene_data
from savannah_kit.ui.board import MARK_STYLES


def board_scene(colour="#ff0000"):
    return sc.Scene(120, 80).add(sc.rect(10, 10, 40, 40, fill=colour, hit="left", title="the left one"),
                                 sc.circle(90, 30, 15, fill="#0000ff", stroke="#000", hit="right"),
                                 sc.text(60, 70, "hello"))


def test_board_canvas_maps_clicks_to_hit_ids_and_counts_redraws():
    board = BoardCanvas(board_scene())
    assert board.redraws == 1 and board.view.scene["w"] == 120 and board.view.scene["h"] == 80
    clicks = []
    board.on_click(lambda hit, x, y: clicks.append((hit, x, y)))
    assert board.click(20, 20) == "left"
    board.click(90, 30)
    board.click(1, 79)
    assert clicks == [("left", 20, 20), ("right", 90, 30), (None, 1, 79)]
    board.show(sc.Scene(200, 50))
    assert board.view.scene["w"] == 200 and board.redraws == 2


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
    data = board.view.scene
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
    """No repaint trick: the picture is part of the widget's state, which every new view reads."""
    board = BoardCanvas(board_scene())
    state = board.view.get_state()
    assert state["scene"] == scene_data(board_scene())


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
