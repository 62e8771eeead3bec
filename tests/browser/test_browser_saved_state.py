"""A notebook saved with its widget state shows its boards without a kernel: a notebook with a
board is executed (nbclient, widget state stored, as "Save Widget State" keeps it), and the
stored state of the board's picture is handed to the browser side (``ui/sceneview.js``) with no
kernel behind it: it draws the picture last shown, and never needs to ask Python for it."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import savannah_kit

pytestmark = pytest.mark.browser

VIEW_JS = Path(savannah_kit.__file__).parent / "ui" / "sceneview.js"

CELLS = [
    "from savannah_kit import tails\n"
    "board = tails.new_game(players=2, seed=1).widget(bots={1: 'random'})\nboard",
    # clicks after the first frame: the last frame copies shapes from an earlier one
    "for _ in range(3):\n"
    "    board.click_hit(board.keyboard_order()[-1])\n"
    "print(board.canvas.scene.title)",
]

PAGE = "<!doctype html><html><body></body></html>"

# the browser side of the widget on a model that holds the stored state and nothing else
SHOW = """async (state) => {
  const view = (await import("/sceneview.js")).default;
  const sent = [];
  const model = { get: (key) => state[key], on() {}, set() {}, save_changes() {},
                  send: (message) => sent.push(message) };
  const el = document.createElement("div");
  el.style.width = "900px";
  document.body.appendChild(el);
  view.render({ model, el });
  window.sentToPython = sent;
}"""

PAINTED = """() => {
  const c = document.querySelector("canvas.sk-canvas");
  if (!c || !c.width) return false;
  const px = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  const colours = new Set();
  for (let i = 0; i < px.length; i += 4 * 997) colours.add(px[i] + "," + px[i + 1] + "," + px[i + 2]);
  return colours.size > 3;
}"""


def stored_view_state(tmp_path):
    """Execute the notebook with widget state kept; the stored state of its board's picture."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=True,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    states = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"].values()
    [view] = [s["state"] for s in states if "scene" in s["state"] and "keyboard" in s["state"]]
    title = nb.cells[1].outputs[-1]["text"].strip()
    return view, title


def test_a_saved_board_draws_its_last_picture_without_a_kernel(page, tmp_path, page_errors):
    state, title = stored_view_state(tmp_path)
    assert json.loads(state["scene"])["id"] > 1, "the notebook drew one frame only: nothing to check"
    page.route("http://kit.test/", lambda route: route.fulfill(body=PAGE, content_type="text/html"))
    page.route("http://kit.test/sceneview.js",
               lambda route: route.fulfill(body=VIEW_JS.read_text("utf-8"), content_type="text/javascript"))
    page.goto("http://kit.test/")
    page.evaluate(SHOW, state)
    page.wait_for_function(PAINTED, timeout=10_000)
    canvas = page.locator("canvas.sk-canvas")
    assert canvas.get_attribute("data-title") == title
    assert [m for m in page.evaluate("window.sentToPython") if m.get("event") == "whole"] == []
    assert not page_errors
