"""The Savernake Forest picture: scenes as data, deterministic SVG."""

import random
import xml.etree.ElementTree as ET

import pytest

from savannah_kit import forest
from savannah_kit.core.scene import Circle, Line, Polygon
from savannah_kit.core.svg import to_svg
from savannah_kit.forest import render


def midgame(players=4, seed=3, moves=40, advanced=False):
    g = forest.new_game(players=players, seed=seed, advanced=advanced)
    rng = random.Random(seed)
    for _ in range(moves):
        g.play(rng.choice(g.legal_moves()))
    return g


def test_fresh_two_player_scene_has_market_and_animals():
    g = forest.new_game(players=2, seed=5)
    s = g.scene()
    hits = s.hits()
    for slot in forest.SLOTS:
        assert f"market:{slot}" in hits
    for p in range(2):
        assert f"animal:{p}:0:0" in hits
        assert f"cell:{p}:1:0" in hits and f"cell:{p}:0:-1" in hits
    texts = " ".join(s.texts())
    for word in ("Rabbit", "Rooster", "Armadillo", "Goat", "Red", "Blue", "lair token", "water drop"):
        assert word in texts
    assert g.card(g.market["rabbit"]).name in texts


@pytest.mark.rule("forest.score.collect-first")
def test_midgame_four_players_every_card_has_a_hit():
    g = midgame()
    s = g.scene()
    hits = set(s.hits())
    for p in range(4):
        f = g.forest(p)
        for c in f.cards():
            kind = "animal" if g.card(c.card).kind == "animal" else "card"
            assert f"{kind}:{p}:{c.x}:{c.y}" in hits
        for (x, y) in f.animal_cells():
            for food in forest.FOODS:
                assert f"corner:{p}:{x}:{y}:{food}" in hits
    # stored foods are ringed: as many rings as stored foods in all forests
    stored = sum(len(a.stored) for p in range(4) for a in g.score_breakdown(p).animals)
    rings = [sh for sh in s.shapes if isinstance(sh, Circle) and sh.title and "stored by an animal" in sh.title]
    assert len(rings) == stored


def test_advanced_game_scene():
    g = forest.new_game(players=2, seed=5, advanced=True)
    s = g.scene()
    assert g.phase == "orient"
    p = g.current_player
    assert f"cell:{p}:0:0" in s.hits()
    g2 = midgame(players=2, seed=5, moves=30, advanced=True)
    s2 = g2.scene()
    assert any(h.startswith("animal:1:") for h in s2.hits())
    assert "/32 cards" in " ".join(s2.texts())


def test_food_shapes_are_distinct():
    kinds = {}
    for food in forest.FOODS:
        shapes = render.food_shapes(food, 0, 0, 10)
        kinds[food] = (type(shapes[0]).__name__, len(shapes[0].points) if hasattr(shapes[0], "points") else 0)
    assert len(set(kinds.values())) == 4, kinds
    assert isinstance(render.food_shapes("berry", 0, 0, 5)[0], Circle)
    assert isinstance(render.food_shapes("worm", 0, 0, 5)[0], Line)
    assert isinstance(render.food_shapes("nut", 0, 0, 5)[0], Polygon)


def test_svg_is_deterministic_and_parses():
    a, b = midgame(), midgame()
    sa, sb = a.to_svg(), b.to_svg()
    assert sa == sb
    root = ET.fromstring(sa)
    assert root.tag.endswith("svg")
    assert a._repr_svg_().startswith("<svg")
    assert "data-hit=\"market:" in sa


@pytest.mark.rule("forest.place.adjacent")
def test_highlights_and_preview():
    g = forest.new_game(players=2, seed=5)
    p = g.current_player
    g.play(forest.Take(p, "rooster"))
    legal = g.legal_placements()
    auto = g.scene()
    hl = [sh for sh in auto.shapes if sh.hit and sh.hit.startswith(f"cell:{p}:") and sh.style.fill == "#c8f0b0"]
    assert {tuple(map(int, sh.hit.split(":")[2:])) for sh in hl} == set(legal)
    none = g.scene(highlights=())
    assert not [sh for sh in none.shapes if sh.style.fill == "#c8f0b0"]
    (x, y), rots = sorted(legal.items())[0]
    s = g.scene(preview=(p, x, y, rots[0]))
    ghosts = [sh for sh in s.shapes if sh.hit == f"cell:{p}:{x}:{y}" and sh.title and "legal here" in sh.title]
    assert ghosts
    assert g.held_card in " ".join(sh.title or "" for sh in s.shapes)
    assert len(s.shapes) > len(none.shapes)


def test_large_mode_is_bigger_and_card_and_forest_scenes():
    g = midgame(players=2, moves=12)
    assert g.scene(large=True).width > g.scene().width
    c = render.card_scene("P41", rotation=90)
    assert "card:P41" in c.hits()
    assert to_svg(c).startswith("<svg")
    with pytest.raises(ValueError):
        render.card_scene("P41", rotation=45)
    f = render.forest_scene(g, 0)
    assert "animal:0:0:0" in f.hits() and not any(h.startswith("market:") for h in f.hits())


def test_water_and_lair_tokens_are_drawn():
    sc = {"forests": ["A01@0,1r0[lair=2;water=egg,worm] P16@0,0r0 P06@1,0r0 P22@2,0r90",
                      "A02@0,0r0 P01@1,0r0 P02@2,0r0 P03@3,0r0"], "pawn": 0}
    g = forest.from_scenario(sc)
    s = g.scene()
    titles = [sh.title or "" for sh in s.shapes]
    assert sum("water drop:" in t for t in titles) >= 2
    assert any("2 lair tokens" in t for t in titles)
    assert "▢3+2" in s.texts()


def test_frame_cost_is_reasonable():
    import time
    g = midgame()
    t = time.perf_counter()
    for _ in range(5):
        to_svg(g.scene())
    assert (time.perf_counter() - t) / 5 < 0.25  # generous: shared machines; the bench measures
