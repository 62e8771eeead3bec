"""The start notebook in a real browser: it runs, its canvas paints, clicks reach Python."""

import pytest

from browser_helpers import error_outputs, open_notebook, pixel, run_all, wait_painted

pytestmark = pytest.mark.browser


def test_start_notebook_runs_in_jupyterlab_and_its_canvas_paints_and_answers(page, lab_server, page_errors):
    open_notebook(page, lab_server.url, "00_start_here.ipynb")
    run_all(page)
    canvas = page.locator(".jp-OutputArea-output canvas >> visible=true").first
    stats = wait_painted(page, canvas)
    assert (stats["w"], stats["h"]) == (260, 90) and stats["painted"] > 1000
    assert pixel(canvas, 40, 30)[:3] == [0x3f, 0x7d, 0x3a]  # the green card, really painted
    box = canvas.bounding_box()
    scale = box["width"] / 260
    canvas.click(position={"x": 130 * scale, "y": 45 * scale})
    page.wait_for_selector("text=/You clicked card at \\(1[23][0-9], 4[0-9]\\)/", timeout=20_000)
    assert error_outputs(page) == []
    assert "All set: the boards will work here." in page.inner_text(".jp-Notebook")
    assert page_errors == []


def test_start_notebook_in_voila_paints_on_first_load_and_after_reload(page, voila_server):
    url = f"{voila_server.url}/voila/render/00_start_here.ipynb"
    for attempt in ("first load", "reload"):
        if attempt == "first load":
            page.goto(url, wait_until="domcontentloaded", timeout=120_000)
        else:
            page.reload(wait_until="domcontentloaded", timeout=120_000)
        canvas = page.locator("canvas").first
        stats = wait_painted(page, canvas, timeout=120_000)
        assert stats["painted"] > 1000, attempt
        assert pixel(canvas, 40, 30)[:3] == [0x3f, 0x7d, 0x3a], attempt
    box = canvas.bounding_box()
    canvas.click(position={"x": 30 * box["width"] / 260, "y": 30 * box["height"] / 90})
    page.wait_for_selector("text=You clicked card", timeout=20_000)
