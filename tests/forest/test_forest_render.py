"""The Savernake Forest picture: scenes as data, deterministic SVG."""

import math
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
    """Positions of the normal table (the classroom layout has no legend: see
    test_forest_render_classroom.py)."""
    yield "2 players (brief)", greedy_midgame(), {}
    yield "4 players", greedy_midgame(4, moves=40), {}
    yield "3 players", greedy_midgame(3, seed=2, moves=30), {}
    yield "advanced", greedy_midgame(2, moves=41, advanced=True), {}
    yield "advanced set-up", forest.new_game(players=2, seed=5, advanced=True), {}
    yield "fresh", forest.new_game(players=2, seed=5), {}
    yield "long names", greedy_midgame(4, moves=21, names=LONG_NAMES), {}
    yield "game over", greedy_midgame(4, seed=1, moves=10**4), {}
    yield "no caption", greedy_midgame(), {"caption": False}


@pytest.mark.parametrize("case", range(9))
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
        assert part in words or (options.get("caption") is False and part == forest.decision_text(g))
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
            bad = collisions(header, block.width)
            assert not bad, "; ".join(bad)
            assert ("★" in " ".join(t.text for t in header[1:])) == (g.pawn == seat)
            if large:  # the classroom gives up the card count before it shortens the name
                assert (header[0].title or header[0].text).startswith(g.player_name(seat)) and len(header) in (1, 2)
            else:
                assert len(header) == 2 and header[1].text.endswith(f"/{g.forest(seat).capacity} cards")


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
            "forest_bounds", "log"}
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
    assert str(g).splitlines()[3].startswith("A: 1 card, ")
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


# -- drawing glitches: path ends, turn labels, food tokens, storage marks, words, contrast ------------

from savannah_kit.core.scene import Polygon as _Polygon  # noqa: E402
from savannah_kit.forest.card_shapes import ANIMAL_CARD, PATH_CARD, PATH_DARK, PATH_LIGHT  # noqa: E402

LAIRS_EVERY_WAY = {"forests": ["A01@0,0r0[lair=1] A18@1,0r90[lair=2] A15@2,0r180[lair=3] "
                               "A19@3,0r270[lair=1;water=berry]",
                               "A02@0,0r0 P34@1,0r0 P37@2,0r0 P09@3,0r0"], "pawn": 0}


def est_box(t):
    """(x0, y0, x1, y1) of a text, estimated on the wide side: 0.62 × size per character, bold 0.66."""
    w = len(t.text) * t.size * (0.66 if t.bold else 0.62)
    x0 = {"start": t.x, "middle": t.x - w / 2, "end": t.x - w}[t.anchor]
    return (x0, t.y - t.size / 2, x0 + w, t.y + t.size / 2)


def inside(box, outer, tol=1e-6):
    return box[0] >= outer[0] - tol and box[1] >= outer[1] - tol and box[2] <= outer[2] + tol and \
        box[3] <= outer[3] + tol


def anchor(s):
    if isinstance(s, Text):
        return s.x, s.y
    b = shape_box(s)
    return (b[0] + b[2]) / 2, (b[1] + b[3]) / 2


def card_groups(sc):
    """[(cell box, shapes)] for every card in ``sc``: the shapes painted after the card's background
    (up to the next card) whose anchor lies on the card."""
    groups = []
    for s in sc.shapes:
        if isinstance(s, Rect) and s.style.fill in (PATH_CARD, ANIMAL_CARD):
            groups.append(((s.x - 1, s.y - 1, s.x + s.w + 1, s.y + s.h + 1), []))
        elif groups:
            x, y = anchor(s)
            box = groups[-1][0]
            if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
                groups[-1][1].append(s)
    return groups


def is_path(s):
    if isinstance(s, Line):
        return s.style.stroke in (PATH_DARK, PATH_LIGHT) or s.title == "dead end"
    return isinstance(s, _Polygon) and s.style.fill in (PATH_DARK, PATH_LIGHT)


def every_card_scene():
    cat = forest.new_game(players=2, seed=1).catalogue
    for card in cat.cards:
        for rot in (0, 90, 180, 270):
            yield f"{card.id} turned {rot}", render.card_scene(card.id, rotation=rot)


def table_scenes():
    """Scenes of both layouts over positions with every kind of card, ring, token and question."""
    games = [("brief", greedy_midgame()), ("lairs", forest.from_scenario(LAIRS_EVERY_WAY)),
             ("4 players", greedy_midgame(4, moves=40)), ("late", greedy_midgame(2, seed=3, moves=80))]
    for name, g in games:
        for large in (False, True):
            yield f"{name}, large={large}", render.scene(g, large=large)


def test_path_ends_stay_on_their_card():
    """A path line has round ends: it must stop half its width inside the card edge (a flat end
    piece reaches the edge), or it pokes out into the empty cell next to the card."""
    bad = []
    for name, sc in list(every_card_scene()) + list(table_scenes()):
        for box, shapes in card_groups(sc):
            bad += [f"{name}: a path runs to {shape_box(s)} out of its cell {box}" for s in shapes
                    if is_path(s) and not inside(shape_box(s), box)]
    assert not bad, bad[:5]


def food_tokens(shapes):
    """The food tokens among a card's shapes: ("circle", x, y, r) for a stored food (its gold
    ring), else ("box", box) (a worm's two lines are one token)."""
    tokens, ring, last_worm = [], None, None
    for s in shapes:
        if isinstance(s, Circle) and s.title and s.title.endswith("stored by an animal"):
            ring = s
        elif s.title in forest.FOODS:
            b = shape_box(s)
            if isinstance(s, Line) and last_worm == s.points:  # the worm's second line
                if tokens[-1][0] == "box":
                    tokens[-1] = ("box", tuple(f(u, v) for f, u, v in zip((min, min, max, max), tokens[-1][1], b)))
                continue
            tokens.append(("box", b))
            if ring is not None:  # the ring holds its food: the token is the ring
                assert inside(b, shape_box(ring), tol=0.5), f"a stored {s.title} sticks out of its ring"
                tokens[-1] = ("circle", ring.cx, ring.cy, ring.r)
            ring, last_worm = None, (s.points if isinstance(s, Line) else None)
    return tokens


def tokens_overlap(a, b):
    if a[0] == "box" and b[0] == "box":
        return overlap(a[1], b[1])
    if a[0] == "box":
        a, b = b, a
    if b[0] == "circle":
        return math.dist(a[1:3], b[1:3]) < a[3] + b[3]
    x0, y0, x1, y1 = b[1]  # circle and box: the box's nearest point to the centre
    nearest = (min(max(a[1], x0), x1), min(max(a[2], y0), y1))
    return math.dist(nearest, a[1:3]) < a[3]


def test_food_tokens_of_a_path_never_pile_up():
    """Two foods on a short dead end used to be drawn on top of each other."""
    bad = []
    for name, sc in list(every_card_scene()) + list(table_scenes()):
        for box, shapes in card_groups(sc):
            tokens = food_tokens(shapes)
            bad += [f"{name}: food tokens {a} and {b} overlap" for i, a in enumerate(tokens)
                    for b in tokens[i + 1:] if tokens_overlap(a, b)]
    assert not bad, bad[:5]


def test_storage_mark_is_clear_of_the_path_and_den():
    bad = []
    for name, sc in list(every_card_scene()) + list(table_scenes()):
        for box, shapes in card_groups(sc):
            marks = [t for t in shapes if isinstance(t, Text) and t.text.startswith("▢")]
            paths = [shape_box(s) for s in shapes if is_path(s)]
            paths += [shape_box(s) for s in shapes if isinstance(s, Circle) and (s.title or "").startswith("den:")]
            bad += [f"{name}: {t.text!r} at {est_box(t)} runs into the path at {p}" for t in marks for p in paths
                    if overlap(est_box(t), p)]
    assert not bad, bad[:5]


def place_positions():
    """Placing positions: a fresh game after a take, and two later ones."""
    for seed, moves in ((4, 0), (3, 20), (7, 60)):
        g = forest.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            g.play(rng.choice(g.legal_moves()))
        while g.phase != "place":
            g.play(rng.choice(g.legal_moves()))
        yield g


@pytest.mark.parametrize("large", [False, True])
def test_turns_label_of_the_ghost_stays_in_its_cell(large):
    bad = []
    seen_four = False
    for g in place_positions():
        p = g.current_player
        for (x, y), turns in g.legal_placements().items():
            seen_four |= len(turns) == 4
            sc = render.scene(g, preview=(p, x, y, turns[0]), large=large)
            ghost = [(box, shapes) for box, shapes in card_groups(sc) if any(
                isinstance(t, Text) and t.style.fill in ("#1b5e20", "#b71c1c") for t in shapes)]
            assert len(ghost) == 1
            box, shapes = ghost[0]
            bad += [f"{t.text!r} at {est_box(t)} spills out of {box}" for t in shapes
                    if isinstance(t, Text) and not inside(est_box(t), box)]
    assert seen_four and not bad, bad[:5]


def test_points_are_singular_for_one():
    for seed in range(40):
        g = forest.new_game(players=2, seed=seed)
        if 1 in g.scores():
            break
    seat = g.scores().index(1)
    for large in (False, True):
        texts = render.scene(g, large=large).texts()
        assert any(t.startswith(f"{g.player_name(seat)} · 1 pt") and not t.endswith("pts") for t in texts)
        assert not any("1 pts" in t.replace("11 pts", "") for t in texts)
        assert any(t.endswith(" pts") for t in texts)  # the other player, 2 points or more


@pytest.mark.parametrize("large", [False, True])
def test_finished_game_header_says_who_won_and_no_move(large):
    for players, seed in ((2, 8), (4, 1)):
        g = greedy_midgame(players, seed=seed, moves=10**4)
        assert g.is_over
        w = g.winners()[0]
        scores = g.scores()
        runner_up = max(s for p, s in enumerate(scores) if p != w)
        result = f"Game over · {g.player_name(w)} wins {scores[w]}–{runner_up}"
        assert render.state_text(g) == result
        texts = render.scene(g, large=large).texts()
        assert any(result in t for t in texts)
        assert not any("move" in t for t in texts)


@pytest.mark.parametrize("large", [False, True])
def test_caption_false_leaves_the_decision_to_the_status_line(large):
    g = greedy_midgame()
    decision = forest.decision_text(g)
    words = " ".join(render.scene(g, large=large).texts())
    assert decision in words
    quiet = render.scene(g, large=large, caption=False)
    words = " ".join(quiet.texts())
    assert decision not in words
    assert f"Round {g.round} of {g.total_rounds}" in words and "Savernake Forest" in words
    assert all(f"{g.player_name(p)} {s}" in words for p, s in enumerate(g.scores()))
    assert quiet.hits() == render.scene(g, large=large).hits()


# WCAG 2 contrast: every text against what it is painted on

def rgb(colour):
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(ch * 2 for ch in colour)
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4))


def blend(top, bottom, alpha):
    return tuple(alpha * t + (1 - alpha) * b for t, b in zip(top, bottom))


def luminance(c):
    lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a, b):
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def backdrop(sc, upto, x, y):
    """The colour under (x, y) just before shape ``upto`` is painted: the filled shapes there,
    blended in painting order over the scene's background."""
    colour = rgb(sc.background or "#ffffff")
    for s in sc.shapes[:upto]:
        if not isinstance(s, Text) and s.style.fill and s.contains(x, y):
            colour = blend(rgb(s.style.fill), colour, s.style.opacity)
    return colour


def low_contrast(sc):
    bad = []
    for i, t in enumerate(sc.shapes):
        if isinstance(t, Text) and t.text.strip():
            under = backdrop(sc, i, t.x, t.y)
            ink = blend(rgb(t.style.fill or "#000000"), under, t.style.opacity)
            ratio = contrast(ink, under)
            if ratio < 4.5:
                bad.append(f"{t.text!r} ({t.style.fill} at {t.style.opacity}) {ratio:.2f}:1")
    return bad


def contrast_scenes():
    yield from table_scenes()
    g = next(place_positions())
    p = g.current_player
    for (x, y), turns in sorted(g.legal_placements().items())[:2]:
        for large in (False, True):
            yield "ghost", render.scene(g, preview=(p, x, y, turns[0]), large=large)
            yield "ghost, wrong turn", render.scene(g, preview=(p, x, y, (turns[0] + 90) % 360), large=large)
    over = greedy_midgame(4, seed=1, moves=10**4)
    for large in (False, True):
        yield "game over", render.scene(over, large=large)
        yield "forest", render.forest_scene(over, 3, large=large)
    yield "card", render.card_scene("A18", rotation=90)


def test_every_text_has_4_5_to_1_contrast_against_what_it_is_drawn_on():
    bad = [f"{name}: {b}" for name, sc in contrast_scenes() for b in low_contrast(sc)]
    assert not bad, sorted(set(bad))[:10]


def test_a_path_cards_tooltip_says_its_paths_in_words_as_the_card_lies():
    """"Path card P01: a straight path from west to east, with a nut and an egg", turned with the card;
    never the catalogue's shorthand ("straight (W-E: nut egg)")."""
    from savannah_kit.forest.card_shapes import card_words

    cat = forest.new_game(players=2, seed=1).catalogue
    assert card_words(cat, "P01") == "Path card P01: a straight path from west to east, with a nut and an egg"
    assert card_words(cat, "P01", 90) == "Path card P01: a straight path from north to south, with a nut and an egg"
    assert card_words(cat, "P09").endswith("with a nut and two eggs")
    assert "a dead end from the south, with an egg" in card_words(cat, "P45")
    game = forest.new_game(players=2, seed=1)
    titles = [s.title for s in game.widget().canvas.scene.shapes if (s.title or "").startswith("Path card")]
    assert titles and not any("-" in t.split(":", 1)[1] or "_" in t for t in titles), titles
