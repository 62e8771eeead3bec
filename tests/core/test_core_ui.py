"""The shared widget parts, driven from Python (the browser tests drive them for real)."""

from savannah_kit.core import scene as sc
from savannah_kit.core.events import Event
from savannah_kit.ui import BoardCanvas, LogPanel, StatusLine


def board_scene(colour="#ff0000"):
    return sc.Scene(120, 80).add(sc.rect(10, 10, 40, 40, fill=colour, hit="left"),
                                 sc.circle(90, 30, 15, fill="#0000ff", stroke="#000", hit="right"),
                                 sc.text(60, 70, "hello"))


def test_board_canvas_maps_clicks_to_hit_ids_and_counts_redraws():
    board = BoardCanvas(board_scene())
    assert (board.canvas.width, board.canvas.height) == (120, 80) and board.redraws == 1
    clicks = []
    board.on_click(lambda hit, x, y: clicks.append((hit, x, y)))
    assert board.click(20, 20) == "left"
    board.click(90, 30)
    board.click(1, 79)
    assert clicks == [("left", 20, 20), ("right", 90, 30), (None, 1, 79)]
    board.show(sc.Scene(200, 50))
    assert (board.canvas.width, board.canvas.height) == (200, 50) and board.redraws == 2


def test_a_new_client_gets_a_full_repaint():
    board = BoardCanvas(board_scene())
    board.canvas._canvas_manager._current_canvas = board.canvas
    board._repaint_for_new_client()
    assert board.redraws == 2


def test_one_frame_is_one_message(monkeypatch):
    board = BoardCanvas(board_scene())
    sent = []
    manager = board.canvas._canvas_manager
    monkeypatch.setattr(manager, "_send_custom", lambda command, buffers=[]: sent.append(command))
    board.show(board_scene("#00ff00"))
    board.show(board_scene("#0000ff"))
    assert len(sent) == 2


def test_status_line_explains_refusals_with_the_rule():
    status = StatusLine("Pick a card")
    status.refuse("that cell does not touch your forest", "forest.place.adjacent")
    assert status.kind == "refused"
    assert status.text.startswith("Not allowed: that cell does not touch your forest (rule forest.place.adjacent:")
    status.refuse("a <b> tag")
    assert "a &lt;b&gt; tag" in status.widget.value


def test_log_panel_cites_rules_and_escapes_html():
    log = LogPanel()
    log.add_events([Event("forest.turn.take", "Red takes <P01>", 0)])
    log.add_text("Round 2")
    assert log.text == "Red takes <P01> [forest.turn.take]\nRound 2"
    assert "&lt;P01&gt;" in log.widget.value
