"""The Savernake Forest picture: scenes as data, deterministic SVG."""

import random
import xml.etree.ElementTree as ET

import pytest

from savannah_kit import forest
from savannah_kit.core.scene import Circle, Line, Polygon
from savannah_kit.core.svg import to_svg
from savannah_kit.forest import render

from forest_positions import FOX_OTHER, FOX_PATH


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


# -- layout: the banner, the legend and the panel headers never collide ----------------------

from savannah_kit.core.bots import GreedyBot  # noqa: E402
from savannah_kit.core.scene import Rect, Text  # noqa: E402


def greedy_midgame(players=2, seed=7, moves=24, **options):
    """The position of the brief's screenshot: greedy bots, a few rounds in."""
    g = forest.new_game(players=players, seed=seed, **options)
    bots = [GreedyBot(p + 1) for p in range(players)]
    for _ in range(moves):
        if g.is_over:
            break
        g.play(bots[g.current_player].choose(g))
    return g


def text_box(t):
    """(x0, y0, x1, y1) of a text, estimating its width as 0.6 × font size per character."""
    w = 0.6 * t.size * len(t.text)
    x0 = {"start": t.x, "middle": t.x - w / 2, "end": t.x - w}[t.anchor]
    return (x0, t.y - t.size / 2, x0 + w, t.y + t.size / 2)


def shape_box(s):
    if isinstance(s, Text):
        return text_box(s)
    if isinstance(s, Rect):
        return (s.x, s.y, s.x + s.w, s.y + s.h)
    if isinstance(s, Circle):
        return (s.cx - s.r, s.cy - s.r, s.cx + s.r, s.cy + s.r)
    xs = [p[0] for p in s.points]
    ys = [p[1] for p in s.points]
    pad = s.style.width / 2 if isinstance(s, Line) else 0
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def collisions(shapes, width):
    """Texts overlapping each other or a drawn item, or outside [0, width]."""
    texts = [s for s in shapes if isinstance(s, Text)]
    others = [s for s in shapes if not isinstance(s, Text)]
    bad = []
    for i, t in enumerate(texts):
        box = text_box(t)
        if box[0] < 0 or box[2] > width:
            bad.append(f"{t.text!r} runs outside the scene ({box[0]:.0f}..{box[2]:.0f} of {width:.0f})")
        for u in texts[i + 1:]:
            if overlap(box, text_box(u)):
                bad.append(f"{t.text!r} overlaps {u.text!r}")
        for s in others:
            if overlap(box, shape_box(s)):
                bad.append(f"{t.text!r} overlaps a {type(s).__name__} ({s.title or 'no title'})")
    for s in others:
        box = shape_box(s)
        if box[0] < 0 or box[2] > width:
            bad.append(f"a {type(s).__name__} of the legend runs outside the scene")
    return bad


def banner_and_legend(sc):
    """The shapes of the title banner (texts on the dark bar) and of the food legend."""
    bar = sc.shapes[0]
    assert isinstance(bar, Rect) and bar.y == 0 and bar.w == sc.width
    banner = [s for s in sc.shapes if isinstance(s, Text) and s.y < bar.h]
    foods = next(s for s in sc.shapes if isinstance(s, Text) and s.text == "Foods:")
    top = foods.y - foods.size
    legend = [s for s in sc.shapes if shape_box(s)[1] >= top]
    assert len(legend) > 10 and len(banner) >= 2
    return banner, legend


LONG_NAMES = ["Bartholomew Fernsby", "Wilhelmina Oakworth", "Maximilian Thornbury", "Ottoline Brackenfold"]


def layout_cases():
    yield "2 players (brief)", greedy_midgame(), {}
    yield "2 players, large", greedy_midgame(), {"large": True}
    yield "4 players", greedy_midgame(4, moves=40), {}
    yield "4 players, large", greedy_midgame(4, moves=40), {"large": True}
    yield "3 players", greedy_midgame(3, seed=2, moves=30), {}
    yield "advanced", greedy_midgame(2, moves=41, advanced=True), {}
    yield "advanced, large", greedy_midgame(2, moves=41, advanced=True), {"large": True}
    yield "advanced set-up", forest.new_game(players=2, seed=5, advanced=True), {}
    yield "fresh", forest.new_game(players=2, seed=5), {}
    yield "long names", greedy_midgame(4, moves=21, names=LONG_NAMES), {}
    yield "long names, large", greedy_midgame(4, moves=21, names=LONG_NAMES), {"large": True}
    yield "game over", greedy_midgame(4, seed=1, moves=10**4), {}


@pytest.mark.parametrize("case", range(12))
def test_banner_and_legend_texts_fit_and_never_overlap(case):
    name, g, options = list(layout_cases())[case]
    sc = render.scene(g, **options)
    banner, legend = banner_and_legend(sc)
    bad = collisions(banner, sc.width) + collisions(legend, sc.width)
    assert not bad, f"{name}: " + "; ".join(bad)
    # nothing is lost: the whole decision and every score are still written in the banner
    words = " · ".join(t.text for t in banner)
    assert "…" not in words
    for part in render.state_text(g).split(" · "):
        assert part in words
    for p, s in enumerate(g.scores()):
        assert f"{g.player_name(p)} {s}" in words


def test_brief_table_banner_is_split_and_legend_wraps():
    g = greedy_midgame()
    sc = g.scene()
    banner, legend = banner_and_legend(sc)
    assert render.state_text(g) == "Round 5 of 15 · Blue to choose the food corner for the water drop · move 25"
    assert "Red 17 · Blue 11" in [t.text for t in banner]
    rows = {round(t.y) for t in legend if isinstance(t, Text)}
    assert len(rows) == 2  # the legend is wider than the table: two lines
    for label in ("storage · den: own points", "worms (wavy line)", "water drop +1", "stored by an animal"):
        assert any(label in t.text for t in legend if isinstance(t, Text)), label


@pytest.mark.parametrize("large", [False, True])
def test_forest_headers_fit_their_panel(large):
    for g in (greedy_midgame(4, moves=21, names=LONG_NAMES), greedy_midgame(2, moves=41, advanced=True)):
        for seat in range(g.players):
            block = render.forest_scene(g, seat, large=large, viewer=seat)
            texts = [s for s in block.shapes if isinstance(s, Text)]
            header = [t for t in texts if t.y == texts[0].y]
            assert len(header) == 2
            bad = collisions(header, block.width)
            assert not bad, "; ".join(bad)
            assert header[1].text.endswith(f"/{g.forest(seat).capacity} cards")
            assert ("★" in header[1].text) == (g.pawn == seat)


def test_round_total_comes_from_the_engine():
    g = forest.new_game(players=2, seed=1)
    assert f"Round 1 of {g.total_rounds}" in render.state_text(g)
    sc = {"forests": ["A01@0,0r0 P01@1,0r0", "A02@0,0r0 P02@1,0r0"], "pawn": 0}
    late = forest.from_scenario(sc)
    assert render.state_text(late).startswith(f"Round {late.round} of {late.total_rounds}")


# -- the picture reads the engine through its public API only --------------------------------

GAME_API = {"market", "held_card", "held_from", "forced", "shared_path_to_clean", "starting_animal", "pawn",
            "round", "round_order", "picks_done", "tokens", "deck_sizes", "discard_pile", "card", "player_name",
            "catalogue", "forest", "legal_placements", "legal_moves", "phase", "current_player", "players",
            "is_over", "scores", "winners", "history", "score_breakdown", "total_rounds", "advanced",
            "forest_bounds"}
FOREST_API = {"cards", "at", "animal_cells", "path_cells", "walk", "bbox", "size", "capacity", "fitting_cells",
              "fits", "lairs", "water"}
CATALOGUE_API = {"card", "segments"}


class PublicOnly:
    """A read-only view of an engine object that refuses every name outside ``allowed``."""

    def __init__(self, obj, allowed, wrap=None):
        self._obj, self._allowed, self._wrap = obj, allowed, wrap or {}

    def __getattr__(self, name):
        if name not in self._allowed:
            raise AssertionError(f"the renderer reads {type(self._obj).__name__}.{name}, not public API")
        value = getattr(self._obj, name)
        if name in self._wrap:
            return self._wrap[name](value)
        return value


def public_view(g):
    cat = PublicOnly(g.catalogue, CATALOGUE_API)
    return PublicOnly(g, GAME_API, {
        "catalogue": lambda _c: cat,
        "forest": lambda fn: (lambda p: PublicOnly(fn(p), FOREST_API)),
    })


def test_scene_uses_only_the_public_engine_api():
    seen = set()
    for seed in range(6):
        for options in ({"players": 2}, {"players": 4}, {"players": 2, "advanced": True}):
            g = forest.new_game(seed=seed, **options)
            rng = random.Random(seed)
            while not g.is_over:
                if rng.random() < 0.12 or g.phase not in seen:
                    seen.add(g.phase)
                    view = public_view(g)
                    preview = None
                    if g.phase == "place":
                        (x, y), rots = sorted(g.legal_placements().items())[0]
                        preview = (g.current_player, x, y, rots[0])
                    elif g.phase == "orient":
                        preview = (g.current_player, g.starting_animal()[1][0], 0, 90)
                    assert render.scene(view, preview=preview).hits() == g.scene(preview=preview).hits()
                    for seat in range(g.players):
                        render.forest_scene(view, seat)
                    render.state_text(view)
                g.play(rng.choice(g.legal_moves()))
            render.scene(public_view(g))  # game over
    assert {"orient", "take", "place", "lair", "water"} <= seen


# -- the plain text board, and names of one character ------------------------------------------

def test_board_text_is_plain_and_deterministic():
    g = forest.from_scenario({"forests": [FOX_PATH.replace("A01@0,1r0", "A01@0,1r0[lair=1]"), FOX_OTHER],
                              "pawn": 1, "market": {"rabbit": "A05", "rooster": "P12", "armadillo": "P11",
                                                    "goat": "P10"}})
    assert str(g) == "\n".join([
        "Savernake Forest (2 players), round 4: Blue to take a card from the board",
        "Market: rabbit A05 | rooster P12 | armadillo P11 | goat P10",
        "Pawn: Blue   Supply: 14 lair, 15 water   Decks: 16 animals, 36 paths   Discard: 0",
        "Red: 4 cards, 7 points",
        "              0        1        2",
        "     0    P16/0    P06/0   P22/90",
        "     1    A01/0        .        .",
        "  tokens: Fox (0, 1): lair 1, water -",
        "Blue: 4 cards, 4 points",
        "              0        1        2        3",
        "     0    A02/0    P01/0    P02/0    P03/0",
    ])
    g.play(forest.Take(1, "goat"))
    assert str(g).splitlines()[0] == "Savernake Forest (2 players), round 4: Blue to place path card P10"
    assert forest.decision_text(g) == "Blue to place path card P10"


@pytest.mark.rule("forest.end.winner")
def test_one_character_names_show_everywhere():
    g = forest.new_game(players=2, seed=4, names=["A", "B"])
    assert g.player_name(0) == "A" and g.names == ("A", "B")
    assert str(g).splitlines()[3].startswith("A: 1 cards")
    rng = random.Random(4)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    texts = g.scene().texts()
    assert texts[0].startswith("Savernake Forest · Game over · ") and "A " in texts[1] and "B " in texts[1]
    assert any(t.startswith("A · ") for t in texts) and any(t.startswith("B · ") for t in texts)
    winner = g.winners()[0]
    assert g.log[-1].message.startswith(f"{'AB'[winner]} wins with") or g.log[-1].rule == "forest.end.tie-break"
    assert [g.score_breakdown(p).name for p in range(2)] == ["A", "B"]
    assert forest.from_json(g.to_json()).names == ("A", "B")
    from savannah_kit.forest.exercises import check_winner

    assert check_winner(g, "ab"[winner]) and not check_winner(g, "ab"[1 - winner])
