"""The course designer (issue 32, defect 16): the picture shows only the tiles placed (the
finish appears once it is added), and what Estimate, Load and Play it answer is said next to
the button pressed, not only in the status line far above."""

from savannah_kit.tails.designer import FINISH_TILE, CourseDesigner
from savannah_kit.ui.panels import plain


def names_finish(shape):
    return FINISH_TILE in (shape.hit or "") or FINISH_TILE in (shape.title or "")


def test_the_picture_shows_only_the_tiles_placed():
    d = CourseDesigner()
    d.add(d.offered()[1])
    assert not d.finish_placed and d.picture is not None
    assert not [s for s in d.picture.shapes if names_finish(s)], "the finish is drawn before it is placed"
    assert "not placed yet" in d.status.text
    d.add(FINISH_TILE)
    assert d.finish_placed and [s for s in d.picture.shapes if names_finish(s)]


def row_after(d, button):
    """The widget right after the row holding ``button`` in the designer's column."""
    kids = list(d.widget.children)
    at = next(i for i, w in enumerate(kids) if button in getattr(w, "children", ()) or w is button)
    return kids[at + 1]


def test_a_refusal_is_said_next_to_the_button_pressed():
    d = CourseDesigner()
    d.btn_estimate.click()
    assert d.status.refused and "Nothing to estimate yet" in plain(d.estimate_note.value)
    assert row_after(d, d.btn_estimate) is d.estimate_note
    d.btn_play.click()
    assert "Nothing to play yet" in plain(d.play_note.value) and d.estimate_note.value == ""
    assert row_after(d, d.btn_play) is d.play_note
    d.json_box.value = "{not json"
    d.btn_load.click()
    assert "Not loaded" in plain(d.load_note.value) and d.play_note.value == ""
    assert any(d.load_note in getattr(w, "children", ()) and d.btn_load in w.children for w in d.widget.children)
