"""Scenes as data and their SVG form."""

import pytest
from hypothesis import given, strategies as st

from savannah_kit.core import scene as sc
from savannah_kit.core.svg import SVG, num, to_svg


def sample():
    s = sc.Scene(200, 100, title="sample")
    s.add(sc.rect(10, 10, 50, 40, fill="#ff0000", stroke="#000000", radius=4, hit="card:1", title="A <card>"),
          sc.circle(120, 50, 20, fill="#00ff00", hit="token"),
          sc.line([(0, 0), (10.556, 20)], stroke="#333333", width=2, dash=(4, 2)),
          sc.polygon([(150, 10), (190, 10), (170, 40)], fill="#0000ff", opacity=0.5, hit="tri"),
          sc.text(100, 90, "Fox & <Badger>", size=12, bold=True))
    return s


def test_svg_is_exact_and_escapes_text():
    assert to_svg(sample()) == "\n".join([
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100" '
        'font-family="DejaVu Sans, Verdana, Arial, sans-serif">',
        "<title>sample</title>",
        '<rect x="0" y="0" width="200" height="100" fill="#ffffff"/>',
        '<rect x="10" y="10" width="50" height="40" rx="4" fill="#ff0000" stroke="#000000" stroke-width="1" '
        'data-hit="card:1"><title>A &lt;card&gt;</title></rect>',
        '<circle cx="120" cy="50" r="20" fill="#00ff00" data-hit="token"/>',
        '<polyline points="0,0 10.56,20" fill="none" stroke="#333333" stroke-width="2" stroke-dasharray="4 2" '
        'stroke-linecap="round" stroke-linejoin="round"/>',
        '<polygon points="150,10 190,10 170,40" fill="#0000ff" opacity="0.5" data-hit="tri"/>',
        '<text x="100" y="90" font-size="12" font-weight="bold" text-anchor="middle" dominant-baseline="central" '
        'fill="#000000">Fox &amp; &lt;Badger&gt;</text>',
        "</svg>",
    ])


def test_svg_is_deterministic_and_parses_as_xml():
    import xml.etree.ElementTree as ET

    a, b = to_svg(sample()), to_svg(sample())
    assert a == b
    root = ET.fromstring(a)
    assert root.tag.endswith("svg") and len(list(root)) == 7


def test_hit_testing_finds_the_topmost_clickable_shape():
    s = sample()
    assert s.hit_at(20, 20) == "card:1"
    assert s.hit_at(120, 45) == "token"
    assert s.hit_at(170, 20) == "tri"
    assert s.hit_at(185, 35) is None  # inside the triangle's box, outside the triangle
    assert s.hit_at(5, 95) is None
    s.add(sc.rect(0, 0, 200, 100, hit="cover"))
    assert s.hit_at(20, 20) == "cover"
    assert s.hits() == ["card:1", "token", "tri", "cover"]


def test_extend_moves_shapes():
    s = sc.Scene(10, 10)
    s.extend(sample(), dx=5, dy=-5)
    assert s.hit_at(20 + 5, 20 - 5) == "card:1"
    assert s.shapes[2].points[1] == pytest.approx((15.556, 15)) and s.shapes[2].points[0] == (5, -5)
    assert [t for t in s.texts()] == ["Fox & <Badger>"]


def test_text_anchor_is_checked():
    with pytest.raises(ValueError, match="anchor"):
        sc.text(0, 0, "x", anchor="left")


def test_svg_wrapper_repr():
    pic = SVG(sample())
    assert pic._repr_svg_().startswith("<svg") and repr(pic) == "<SVG 200x100 sample>"


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False))
def test_numbers_have_at_most_two_decimals(v):
    s = num(v)
    assert s != "-0" and abs(float(s) - v) <= 0.005 + 1e-9
    assert "." not in s or len(s.split(".")[1]) <= 2
