"""Focused pictures for lessons: one forest large enough to read, no round banner for a
hand-built position, each animal's path in its own colour, a legend for the lit cells, nothing
clipped, options that hide an exercise's answer, and "+N pts" previews for a guided game."""

import pytest

from savannah_kit import forest
from savannah_kit.core.png import _font
from savannah_kit.core.scene import Circle, Line, Rect, Text
from savannah_kit.core.svg import to_svg
from savannah_kit.forest import Take, render
from savannah_kit.forest.card_shapes import ANIMAL_CARD, PATH_CARD, PATH_LIGHT, TRAIL_STYLES

from forest_positions import FOX_OTHER, FOX_PATH, at_a_lair_question
from test_forest_render import (LAIRS_EVERY_WAY, card_groups, contrast, greedy_midgame, inside, low_contrast,
                                place_positions, rgb)

LIT = "#c8f0b0"


def cards_of(sc):
    return [s for s in sc.shapes if isinstance(s, Rect) and s.style.fill in (PATH_CARD, ANIMAL_CARD)]


def fox_position():
    return forest.from_scenario({"forests": [FOX_PATH, FOX_OTHER], "pawn": 1})


# -- one forest, large ---------------------------------------------------------------------------

def test_a_forest_alone_is_drawn_at_96_units_a_cell_without_a_banner():
    g = greedy_midgame()
    sc = render.forest_scene(g, 0)
    assert {round(r.w + 2) for r in cards_of(sc)} == {96}
    assert not any("Round" in t or "Savernake" in t for t in sc.texts())
    assert "animal:0:0:0" in sc.hits() and not any(h.startswith(("market:", "animal:1:")) for h in sc.hits())
    bigger = render.forest_scene(g, 0, cell=120)
    assert {round(r.w + 2) for r in cards_of(bigger)} == {120} and bigger.width > sc.width
    for bad in (10, 1000, "96", True):
        with pytest.raises(ValueError, match="cell must be"):
            render.forest_scene(g, 0, cell=bad)


def test_a_hand_built_position_has_no_round_banner():
    g = fox_position()
    sc = render.scene(g)
    assert not any("Round" in t for t in sc.texts())
    assert not any(isinstance(s, Rect) and s.style.fill == "#2f4f2f" for s in sc.shapes)  # no dark bar
    assert sc.hits() == render.scene(forest.from_json(g.to_json())).hits()
    header = [t for t in render.scene(g, large=True).texts() if "Savernake" in t]
    assert header and not any("Round" in t for t in header)
    played = forest.new_game(players=2, seed=2)
    assert any(t.startswith("Savernake Forest · Round 1 of 15") for t in render.scene(played).texts())


# -- each animal's path in its own colour ----------------------------------------------------------

def trails(sc):
    """Title -> colours of the traced path lines."""
    out = {}
    for s in sc.shapes:
        if isinstance(s, Line) and (s.title or "").endswith("'s path"):
            out.setdefault(s.title, set()).add(s.style.stroke)
    return out


def test_each_animal_path_is_traced_in_its_own_colour_and_named():
    g = greedy_midgame(2, moves=10**4, advanced=True)  # forests of many animals
    for seat in range(2):
        sc = render.forest_scene(g, seat)
        names = [g.card(g.forest(seat).at(c).card).name for c in g.forest(seat).animal_cells()]
        traced = trails(sc)
        assert set(traced) == {f"the {n}'s path" for n in names}
        colours = [traced[f"the {n}'s path"] for n in names]
        assert all(len(c) == 1 for c in colours)
        assert len({frozenset(c) for c in colours}) == min(len(names), len(TRAIL_STYLES))
        key = [t for t in sc.shapes if isinstance(t, Text) and t.title and t.title.endswith("'s path")]
        assert [t.text for t in key] == names  # the key below the forest names each colour
    plain = render.forest_scene(g, 0, trace=False)
    assert not trails(plain) and "Paths:" not in plain.texts()


def test_trail_colours_stand_out_on_the_path_and_differ_by_dash_too():
    assert all(contrast(rgb(colour), rgb(PATH_LIGHT)) >= 3 for colour, _ in TRAIL_STYLES)
    assert len({colour for colour, _ in TRAIL_STYLES}) == len({dash for _, dash in TRAIL_STYLES}) == len(TRAIL_STYLES)


def test_the_table_traces_paths_on_request_and_its_legend_says_so():
    g = greedy_midgame()
    assert not trails(render.scene(g))
    sc = render.scene(g, trace=True)
    assert trails(sc) and any("an animal's path" in t for t in sc.texts())


# -- the legend explains the lit cells ------------------------------------------------------------------

@pytest.mark.rule("forest.place.adjacent")
def test_the_legend_explains_lit_cells_when_there_are_some():
    g = next(place_positions())
    sc = render.scene(g)
    assert any(isinstance(s, Rect) and s.style.fill == LIT for s in sc.shapes)
    assert "lit: you may place here" in sc.texts()
    assert "lit: you may place here" not in render.scene(g, lit=False).texts()
    g.play(g.legal_moves()[0])
    assert g.phase != "place" and "lit: you may place here" not in render.scene(g).texts()


# -- nothing clipped ------------------------------------------------------------------------------------

#: Widths (ems) of glyphs as the widest of the fonts a board may use (DejaVu Sans, Verdana, a symbol
#: font for "▢"): the storage marks must fit their card even so.
WORST = {"▢": 1.0, "+": 0.84, "×": 0.84}


def real_box(t, worst=False):
    """A text's box measured with the font of the pictures (DejaVu Sans)."""
    if worst:
        w = sum(WORST.get(ch, 0.64) for ch in t.text) * t.size
    else:
        w = _font(100, t.bold).getlength(t.text) * t.size / 100
    x0 = {"start": t.x, "middle": t.x - w / 2, "end": t.x - w}[t.anchor]
    return (x0, t.y - t.size / 2, x0 + w, t.y + t.size / 2)


def biggest_scenes():
    adv = greedy_midgame(2, moves=10**4, advanced=True)
    four = greedy_midgame(4, seed=1, moves=10**4)
    lairs = forest.from_scenario(LAIRS_EVERY_WAY)
    for large in (False, True):
        yield f"advanced, large={large}", render.scene(adv, large=large)
        yield f"4 players, large={large}", render.scene(four, large=large)
        yield f"lairs, large={large}", render.scene(lairs, large=large)
        for seat in range(2):
            yield f"advanced forest {seat}, large={large}", render.forest_scene(adv, seat, large=large)
    yield "advanced forest at 70", render.forest_scene(adv, 0, cell=70)
    for lairs_n in (1, 9, 12):
        g = forest.from_scenario({"forests": [f"A03@0,0r0[lair={lairs_n}] A16@1,0r90[lair={min(lairs_n, 3)}]",
                                              "A02@0,0r0 P01@1,0r0"], "pawn": 0})
        yield f"{lairs_n} lairs", render.scene(g)


def test_every_text_fits_its_card_and_the_picture():
    bad = []
    for name, sc in biggest_scenes():
        for box, shapes in card_groups(sc):
            for t in shapes:
                if isinstance(t, Text) and not inside(real_box(t, worst=t.text.startswith("▢")), box):
                    bad.append(f"{name}: {t.text!r} runs out of its card")
        for t in sc.shapes:
            if isinstance(t, Text):
                x0, y0, x1, y1 = real_box(t)
                if x0 < 0 or y0 < 0 or x1 > sc.width or y1 > sc.height:
                    bad.append(f"{name}: {t.text!r} runs out of the picture")
    assert not bad, sorted(set(bad))[:10]


def test_a_long_storage_mark_is_made_smaller_not_cut():
    g = forest.from_scenario({"forests": ["A03@0,0r0[lair=12]", "A02@0,0r0"], "pawn": 0})
    mark = next(t for t in render.scene(g).shapes if isinstance(t, Text) and t.text == "▢5+12")
    normal = next(t for t in render.scene(fox_position()).shapes if isinstance(t, Text) and t.text == "▢3")
    assert 6 <= mark.size < normal.size


# -- options that keep an exercise's answer hidden --------------------------------------------------------

def spoiler_cases():
    yield "placing", next(place_positions())
    yield "water", greedy_midgame()
    yield "over", greedy_midgame(4, seed=1, moves=10**4)
    yield "lair", at_a_lair_question()


@pytest.mark.parametrize("large", [False, True])
def test_no_spoiler_options_hide_lit_cells_rings_and_scores(large):
    for name, g in spoiler_cases():
        quiet = render.scene(g, lit=False, rings=False, score=False, log=False, large=large)
        normal = render.scene(g, large=large)
        assert quiet.hits() == normal.hits(), name  # still clickable everywhere
        styles = {s.style for s in quiet.shapes if isinstance(s, Rect) and (s.hit or "").startswith("cell:")}
        assert len(styles) <= 1 and LIT not in {s.fill for s in styles}, name  # every empty cell alike
        assert not any(isinstance(s, Circle) and "stored" in (s.title or "") for s in quiet.shapes), name
        assert not any(isinstance(s, Rect) and s.style.stroke == "#e65100" for s in quiet.shapes), name  # frames
        cards = {str(c) for c in g.catalogue.cards}  # a card's own description (its printed points) may stay
        words = "\n".join(quiet.texts() + [s.title or "" for s in quiet.shapes if s.title not in cards]
                          + [quiet.title or ""])
        assert " pts" not in words and " pt " not in words and "wins" not in words and "= " not in words, name
        for p, total in enumerate(g.scores()):
            assert f"{g.player_name(p)} {total}" not in words, name
        forests = [render.forest_scene(g, seat, lit=False, rings=False, score=False) for seat in range(g.players)]
        assert not any("pts" in t for f in forests for t in f.texts())


def test_each_spoiler_option_alone():
    g = greedy_midgame()
    assert any(isinstance(s, Circle) and "stored" in (s.title or "") for s in render.scene(g, score=False).shapes)
    assert not any(isinstance(s, Circle) and "stored" in (s.title or "") for s in render.scene(g, rings=False).shapes)
    assert "stored by an animal" not in render.scene(g, rings=False).texts()
    assert any(" pts" in t for t in render.scene(g, rings=False, lit=False).texts())
    p = next(place_positions())
    assert any(s.style.fill == LIT for s in render.scene(p, score=False).shapes)


def test_defaults_are_unchanged_by_the_options():
    for g in (greedy_midgame(), next(place_positions()), greedy_midgame(4, seed=1, moves=10**4)):
        for large in (False, True):
            plain = to_svg(render.scene(g, large=large))
            assert to_svg(render.scene(g, large=large, lit=True, rings=True, score=True, log=True, previews=None,
                                       trace=False)) == plain


def test_a_ghost_without_lit_says_nothing_of_legality():
    g = next(place_positions())
    (x, y), turns = sorted(g.legal_placements().items())[0]
    sc = render.scene(g, preview=(g.current_player, x, y, turns[0]), lit=False)
    assert not any("legal" in (s.title or "") for s in sc.shapes)
    assert not any(isinstance(t, Text) and t.text.endswith("°") for t in sc.shapes if t.style.fill == "#1b5e20")


# -- "+N pts" previews -------------------------------------------------------------------------------------

def test_previews_write_points_in_the_empty_cells_given():
    g = next(place_positions())
    p = g.current_player
    legal = sorted(g.legal_placements())
    previews = {cell: k for k, cell in enumerate(legal)}
    previews[(0, 0)] = 9  # occupied by the starting animal: nothing written
    for sc in (render.scene(g, previews=previews), render.forest_scene(g, p, previews=previews),
               render.scene(g, previews={(p,) + cell: k for cell, k in previews.items()}, large=True)):
        labels = [t for t in sc.shapes if isinstance(t, Text) and t.text.endswith(("pt", "pts"))
                  and t.style.fill == render.PREVIEW_TEXT]
        assert sorted(t.text for t in labels) == sorted(f"+{k} pt" + ("s" if k != 1 else "")
                                                         for k in range(len(legal)))
        cells = {s.hit: s for s in sc.shapes if isinstance(s, Rect) and (s.hit or "").startswith(f"cell:{p}:")}
        for t in labels:
            assert t.size >= 12
            assert any(inside(real_box(t), (r.x, r.y, r.x + r.w, r.y + r.h)) for r in cells.values()), t.text
        assert not low_contrast(sc)
    with pytest.raises(TypeError):
        render.scene(g, previews=[((0, 1), 3)])
    with pytest.raises(TypeError):
        render.scene(g, previews={(0, 1): "3"})


def test_a_negative_preview_reads_with_a_minus_sign():
    g = next(place_positions())
    cell = sorted(g.legal_placements())[0]
    assert "−1 pt" in render.scene(g, previews={cell: -1}).texts()


# -- what a learner sees: contrast of the new marks ------------------------------------------------------------

def test_focused_pictures_keep_4_5_to_1_text_contrast():
    g = greedy_midgame(2, moves=10**4, advanced=True)
    g.play(Take(g.current_player, "goat")) if not g.is_over else None
    scenes = [render.forest_scene(g, 0), render.forest_scene(g, 1, large=True),
              render.scene(fox_position()), render.forest_scene(fox_position(), 0, score=False, rings=False)]
    bad = [b for sc in scenes for b in low_contrast(sc)]
    assert not bad, bad[:5]
