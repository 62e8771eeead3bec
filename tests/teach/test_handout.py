"""The printable handout and the PDF drawing under it.

``savannah-kit handout forest`` writes an A4 PDF of one page (two at most) with ink on it,
every section's words and no rule ids, the same bytes every time; a game
without a handout is one clear line and exit code 2. ``core.pdf`` draws every shape kind of a
scene where the scene puts it, at the position and scale asked for. The pages are looked at
through poppler's ``pdftoppm``/``pdftotext``/``pdffonts`` (Debian's poppler-utils: ``./kit
tools`` and ``./kit test`` install it).
"""

import os
import subprocess
import sys
from pathlib import Path
from shutil import which

import pytest
from PIL import Image

from savannah_kit import cli
from savannah_kit.core import pdf
from savannah_kit.core.registry import games
from savannah_kit.core.scene import Scene, circle, line, polygon, rect, text
from savannah_kit.teach import handout as handouts

A4_AT_50_DPI = (413, 585)  # 595 × 842 pt


def _tool(name: str) -> str:
    path = which(name)
    if path is None:
        message = f"{name} is not installed (./kit tools installs Debian's poppler-utils)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return path


def _pages(pdf_path: Path, dpi: int) -> list:
    """The pages of a PDF as RGB images, rendered by pdftoppm."""
    prefix = pdf_path.with_suffix("")
    subprocess.run([_tool("pdftoppm"), "-r", str(dpi), "-png", str(pdf_path), str(prefix)], check=True,
                   capture_output=True, timeout=120)
    files = sorted(pdf_path.parent.glob(prefix.name + "-*.png"))
    return [Image.open(f).convert("RGB") for f in files]


def _ink(image: Image.Image, box=None) -> float:
    """The fraction of pixels (in ``box``) that are not white."""
    part = image.crop(box) if box else image
    grey = part.convert("L")
    hist = grey.histogram()
    return 1 - sum(hist[240:]) / (part.width * part.height)


def _text(pdf_path: Path) -> str:
    out = subprocess.run([_tool("pdftotext"), str(pdf_path), "-"], check=True, capture_output=True, text=True,
                         timeout=120).stdout
    return " ".join(out.split())


def _run_cli(*args, **env):
    return subprocess.run([sys.executable, "-m", "savannah_kit.cli", *args], capture_output=True, text=True,
                          timeout=300, env={**os.environ, **env})


@pytest.fixture(scope="module")
def forest_pdf(tmp_path_factory):
    """The forest handout, written by the command line as a reader would."""
    out = tmp_path_factory.mktemp("handout") / "forest.pdf"
    code = cli.main(["handout", "forest", "--out", str(out)])
    assert code == 0 and out.is_file()
    return out


# -- the forest handout ---------------------------------------------------------------------------

def test_the_command_writes_one_or_two_a4_pages_with_ink_on_them(forest_pdf):
    pages = _pages(forest_pdf, 50)
    assert 1 <= len(pages) <= 2
    for page in pages:
        assert abs(page.width - A4_AT_50_DPI[0]) <= 2 and abs(page.height - A4_AT_50_DPI[1]) <= 2
        assert 0.05 < _ink(page) < 0.6, "a page is blank or nearly black"
        # ink in each quarter: the page is laid out, not a corner of it
        w, h = page.size
        for box in ((0, 0, w // 2, h // 2), (w // 2, 0, w, h // 2), (0, h // 2, w // 2, h), (w // 2, h // 2, w, h)):
            assert _ink(page, box) > 0.03, box


def test_the_forest_handout_fits_on_one_page(forest_pdf):
    """The title band says "Rules on one page"."""
    assert len(_pages(forest_pdf, 20)) == 1


def test_the_command_prints_the_path_it_wrote(tmp_path, capsys, monkeypatch):
    out = tmp_path / "sub" / "f.pdf"
    out.parent.mkdir()
    assert cli.main(["handout", "forest", "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"{out}\n"
    monkeypatch.chdir(tmp_path)  # default: <game>_handout.pdf in the current folder
    assert cli.main(["handout", "forest"]) == 0
    assert capsys.readouterr().out == f"{tmp_path / 'forest_handout.pdf'}\n"
    assert (tmp_path / "forest_handout.pdf").read_bytes()[:5] == b"%PDF-"


def test_every_section_is_on_the_page_and_no_rule_id_is(forest_pdf):
    words = _text(forest_pdf)
    for heading in ("Savernake Forest", "Card anatomy", "Setup", "A round", "The four advisors", "Placing a card",
                    "What an animal collects", "Scoring", "End of the game"):
        assert heading in words
    for advisor in ("Rabbit", "Rooster", "Armadillo", "Goat"):
        assert advisor in words
    for callout in ("Path stub", "Food corner", "Storage", "Den", "Lair token", "Water drop", "Grey food",
                    "Path end", "Dead end", "berry", "worm", "egg", "nut"):
        assert callout in words, callout
    assert "(a kit ruling)" in words and "kit ruling is the kit's reading" in words  # marked, and explained
    assert "K13" not in words
    cited = handouts.handout_for("forest").rules
    assert len(cited) >= 30
    for rule_id in cited:
        assert rule_id not in words, f"{rule_id}: the page prints rule ids"


def test_the_worked_example_is_scored_by_the_engine(forest_pdf):
    from savannah_kit import forest
    from savannah_kit.forest.handout import FOREST_EXAMPLE

    fox = forest.from_scenario(FOREST_EXAMPLE).score_breakdown(0).animal("Fox")
    words = _text(forest_pdf)
    assert f"meets {', '.join(step.food for step in fox.path)}" in words
    assert f"+ {fox.own_points} own points = {fox.food_points + fox.own_points}." in words


def test_the_same_handout_gives_the_same_bytes(tmp_path, forest_pdf):
    """In this process and in two others with different hash seeds."""
    again = handouts.write_handout("forest", tmp_path)  # a folder: <game>_handout.pdf in it
    assert again == tmp_path / "forest_handout.pdf"
    assert again.read_bytes() == forest_pdf.read_bytes()
    for seed in ("1", "2"):
        out = tmp_path / f"seed{seed}.pdf"
        result = _run_cli("handout", "forest", "--out", str(out), PYTHONHASHSEED=seed)
        assert result.returncode == 0, result.stderr
        assert out.read_bytes() == forest_pdf.read_bytes()


def test_text_is_set_in_dejavu_when_the_system_has_it(forest_pdf):
    if pdf._find_font("DejaVuSans.ttf") is None:
        pytest.skip("DejaVu Sans is not installed: the handout uses Helvetica")
    fonts = subprocess.run([_tool("pdffonts"), str(forest_pdf)], capture_output=True, text=True, check=True).stdout
    assert "DejaVuSans" in fonts and "DejaVuSans-Bold" in fonts
    assert "Helvetica" not in fonts


def test_a_game_without_a_handout_is_one_clear_line_and_exit_code_2(tmp_path):
    result = _run_cli("handout", "chess", "--out", str(tmp_path / "x.pdf"))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no handout for 'chess'" in lines[0] and "forest" in lines[0]
    assert result.stdout == "" and not (tmp_path / "x.pdf").exists()


def test_asking_the_library_for_a_game_without_a_handout_names_the_games_with_one(tmp_path):
    assert "forest" in handouts.handout_games()
    assert set(handouts.handout_games()) <= set(games())
    for game in [g for g in games() if g not in handouts.handout_games()] + ["chess"]:
        with pytest.raises(ValueError, match=rf"no handout for '{game}'.*forest"):
            handouts.write_handout(game, tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


def test_an_unwritable_path_is_one_clear_line(tmp_path, capsys):
    assert cli.main(["handout", "forest", "--out", str(tmp_path / "missing" / "f.pdf")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("savannah-kit handout: cannot write")


# -- the layout parts ------------------------------------------------------------------------------

def test_callouts_never_overlap_and_point_at_their_spot():
    picture = Scene(100, 100).add(rect(10, 10, 80, 80, fill="#888888"))
    spots = [(20, 15), (25, 20), (30, 25), (80, 50)]
    out = handouts.annotate(picture, [handouts.Callout(x, y, f"Label {i}", "a note that needs two lines here",
                                                       "left" if x < 50 else "right")
                                      for i, (x, y) in enumerate(spots)], label_width=80)
    labels = [s for s in out.shapes if getattr(s, "bold", False)]
    assert [t.text for t in labels] == ["Label 0", "Label 1", "Label 2", "Label 3"]
    left = sorted(t.y for t in labels if t.anchor == "end")
    assert all(b - a >= 2 * 8.5 for a, b in zip(left, left[1:])), "stacked labels overlap"
    assert all(0 <= t.y <= out.height for t in labels)
    dots = [(round(s.cx), round(s.cy)) for s in out.shapes if type(s).__name__ == "Circle"]
    dx, dy = 80 + 10, (out.height - 100) / 2  # the picture sits right of the left labels, centred
    assert dots == [(round(x + dx), round(y + dy)) for x, y in spots]


def test_crop_keeps_the_window_and_hit_box_finds_it():
    scene = Scene(300, 200).add(rect(100, 50, 40, 40, fill="#000000", hit="card:1"),
                                rect(150, 60, 40, 40, fill="#000000", hit="card:2"),
                                rect(0, 0, 10, 10, fill="#000000", hit="cell:0"))
    box = handouts.hit_box(scene, ("card:",), margin=2)
    assert box == (98, 48, 94, 54)
    window = handouts.crop(scene, *box)
    assert (window.width, window.height) == (94, 54)
    assert window.shapes[0].x == 2 and window.shapes[0].y == 2
    assert len(window.shapes) == 2  # the shape wholly outside the window is left out
    with pytest.raises(LookupError):
        handouts.hit_box(scene, ("nothing:",))


# -- core.pdf: every shape kind, where the scene puts it -----------------------------------------

def _shapes_scene() -> Scene:
    return Scene(200, 100, background="#ffffff").add(
        rect(5, 5, 40, 30, fill="#000000"),                                     # filled rectangle
        rect(55, 5, 40, 30, stroke="#000000", width=3, radius=12),              # rounded outline
        circle(125, 20, 14, fill="#000000"),                                    # circle
        polygon([(150, 35), (195, 35), (172, 5)], fill="#000000"),              # triangle
        line([(5, 50), (195, 50)], stroke="#000000", width=3, dash=(10, 10)),   # dashed line
        rect(5, 60, 40, 30, fill="#000000", opacity=0.5),                       # half transparent
        text(60, 75, "Start", size=14, anchor="start", bold=True),
        text(125, 75, "⟳▢✓", size=14, anchor="middle"),
        text(195, 75, "End", size=14, anchor="end"),
        circle(0, 100, 8, fill="#000000"),                                      # clipped at the corner
    )


@pytest.fixture(scope="module")
def shapes_page(tmp_path_factory):
    path = tmp_path_factory.mktemp("pdf") / "shapes.pdf"
    path.write_bytes(pdf.to_pdf(_shapes_scene()))
    (page,) = _pages(path, 72)  # 1 px = 1 pt = 1 scene unit
    return page


def test_every_shape_kind_leaves_ink_where_the_scene_puts_it(shapes_page):
    page = shapes_page.convert("L")
    assert page.size == (200, 100)

    def dark(x, y):
        return page.getpixel((x, y)) < 100

    assert dark(25, 20) and not dark(25, 45)                     # rectangle, and white below it
    assert dark(75, 6) and dark(56, 20) and not dark(75, 20)     # outline only: the middle is white
    assert not dark(56, 6)                                       # rounded: its corner is cut off
    assert dark(125, 20) and not dark(112, 7)                    # circle: centre in, bbox corner out
    assert dark(172, 28) and not dark(152, 8)                    # triangle: inside, and beside a slope
    row = [dark(x, 50) for x in range(5, 195)]
    runs = sum(1 for a, b in zip(row, row[1:]) if a != b)
    assert sum(row) > 60 and runs >= 12                          # a dashed line: ink and gaps in turn
    grey = page.getpixel((25, 75))
    assert 100 < grey < 160                                      # opacity 0.5: mid grey, not black
    assert dark(2, 97) and not dark(9, 97)                       # the corner circle, inside the page


def test_text_anchors_and_vertical_centring(shapes_page):
    page = shapes_page.convert("L")

    def ink_columns(x0, x1):
        return [x for x in range(x0, x1) if any(page.getpixel((x, y)) < 140 for y in range(62, 90))]

    start = ink_columns(50, 100)
    assert start and min(start) >= 59 and max(start) > 90        # starts at x=60 and runs right
    end = ink_columns(150, 200)
    assert end and max(end) <= 196 and min(end) < 175             # ends at x=195
    middle = ink_columns(100, 150)
    assert middle and abs((min(middle) + max(middle)) / 2 - 125) <= 4  # centred on x=125 (⟳ ▢ ✓ drawn)
    rows = [y for y in range(55, 95) if any(page.getpixel((x, y)) < 140 for x in range(150, 196))]
    assert abs((min(rows) + max(rows)) / 2 - 75) <= 3             # vertically centred on y=75


def test_draw_scene_places_and_scales_and_clips(tmp_path):
    scene = Scene(100, 50, background="#ffffff").add(rect(0, 0, 20, 10, fill="#000000"),
                                                     circle(100, 25, 30, fill="#000000"))
    path = tmp_path / "placed.pdf"
    canvas = pdf.new_canvas(str(path), (400, 300))
    height = pdf.draw_scene(canvas, scene, 50, 250, 200)  # top-left at (50, 250) pt, twice the size
    canvas.showPage()
    canvas.save()
    assert height == 100
    (page,) = _pages(path, 72)
    page = page.convert("L")
    # PDF y=250 is 50 px from the top of a 300 pt page; the 20 × 10 rectangle becomes 40 × 20
    assert page.getpixel((70, 60)) < 100 and page.getpixel((95, 60)) > 200 and page.getpixel((70, 75)) > 200
    assert page.getpixel((240, 100)) < 100                       # the circle, inside the scene
    assert page.getpixel((260, 100)) > 200 and page.getpixel((300, 100)) > 200  # clipped at x = 250


def test_the_same_scene_gives_the_same_pdf_bytes():
    assert pdf.to_pdf(_shapes_scene()) == pdf.to_pdf(_shapes_scene())


def test_without_dejavu_text_falls_back_to_helvetica(monkeypatch, tmp_path):
    monkeypatch.setattr(pdf, "_find_font", lambda name: None)
    pdf.fonts.cache_clear()
    try:
        assert pdf.fonts() == ("Helvetica", "Helvetica-Bold")
        path = tmp_path / "plain.pdf"
        path.write_bytes(pdf.to_pdf(Scene(100, 40).add(text(50, 20, "Fox", size=20, bold=True))))
        (page,) = _pages(path, 72)
        assert _ink(page, (30, 5, 70, 35)) > 0.05
    finally:
        pdf.fonts.cache_clear()
