"""The kit in the browser's Python (Pyodide, on the kit's website): without Pillow pictures and
boards leave out their PNG copy instead of failing, and the install check asks for no Pillow and
no JupyterLab extension on disk (the site brings the front ends)."""

import sys

import pytest

from savannah_kit import forest
from savannah_kit.core import scene
from savannah_kit.core.png import to_png
from savannah_kit.core.svg import SVG
from savannah_kit.teach.reference import Picture
from savannah_kit.ui.canvas import with_picture


@pytest.fixture
def no_pillow(monkeypatch):
    for name in [m for m in sys.modules if m == "PIL" or m.startswith("PIL.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "PIL", None)  # import PIL now raises ImportError


def small_scene():
    picture = scene.Scene(40, 20, background="#ffffff")
    picture.add(scene.rect(2, 2, 30, 10, fill="#3f7d3a"))
    return picture


def test_with_pillow_every_picture_has_its_png():
    assert to_png(small_scene()).startswith(b"\x89PNG")
    data, _ = with_picture({"text/plain": "board"}, small_scene())
    assert "image/png" in data


def test_without_pillow_pictures_leave_out_the_png(no_pillow):
    assert to_png(small_scene()) is None
    assert SVG(small_scene())._repr_png_() is None
    game = forest.new_game(players=2, seed=7)
    assert game._repr_png_() is None and game._repr_svg_().startswith("<svg")
    data, metadata = with_picture({"text/plain": "board"}, small_scene())
    assert data == {"text/plain": "board"} and metadata == {}
    bundle = Picture(small_scene(), "a card", svg=False)._repr_mimebundle_()
    assert "image/png" not in bundle and bundle["image/svg+xml"].startswith("<svg")


def test_without_pillow_a_board_shows_its_live_view(no_pillow):
    pytest.importorskip("ipywidgets")
    board = forest.new_game(players=2, seed=7).widget()
    data, _ = board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data and "image/png" not in data
    assert data["text/plain"].startswith("<")


def test_the_install_check_in_the_browser_asks_for_no_pillow_and_no_lab_extension(monkeypatch, no_pillow):
    from savannah_kit.dev import doctor

    monkeypatch.setattr(doctor, "_labextension_dirs", lambda: [])
    assert "Pillow" in doctor.report() and "problem(s)" in doctor.report()  # a machine: both are needed
    monkeypatch.setattr(sys, "platform", "emscripten")  # the website's Python (Pyodide)
    assert doctor.report().endswith("All set: the boards will work here."), doctor.report()
