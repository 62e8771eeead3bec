"""The classroom layout of the Savernake Forest picture (``render.scene(game, large=True)``).

A teacher shows the board full screen; the page scales the whole scene into the window
(1920×1080 less about 150 px of status line and buttons: 1920×930). At that scale every
text must be 24 px or more, the scene must be about twice as wide as high, and nothing
may move from one move to the next. Texts are measured the conservative way: 0.62 × size
per character, bold 0.66.
"""

import random

import pytest

from savannah_kit import forest
from savannah_kit.core.scene import Rect, Scene, Text
from savannah_kit.forest import render, render_forest, render_table
from savannah_kit.forest.card_shapes import card_shapes

from test_forest_render import (LAIRS_EVERY_WAY, LONG_NAMES, card_groups, collisions, est_box, greedy_midgame,
                                inside, overlap, place_positions)

ROOM_W, ROOM_H = 1920, 930


def scale_of(sc):
    return min(ROOM_W / sc.width, ROOM_H / sc.height)


def game_over(players=2, seed=8):
    return greedy_midgame(players, seed=seed, moves=10**4)


def with_preview(g):
    p = g.current_player
    (x, y), turns = sorted(g.legal_placements().items())[-1]
    return {"preview": (p, x, y, turns[0])}


def two_player_cases():
    """(name, game, options): start, placing, mid-game, full forests, game over, long names."""
    yield "start", forest.new_game(players=2, seed=5), {}
    placing = next(place_positions())
    yield "placing, ghost shown", placing, with_preview(placing)
    yield "mid-game (water question)", greedy_midgame(), {}
    yield "mid-game, no caption", greedy_midgame(), {"caption": False}
    full = greedy_midgame(2, seed=3, moves=100)
    assert full.forest(0).size >= 14 and full.forest(1).size >= 14
    yield "full forests", full, {}
    yield "game over", game_over(), {}
    yield "long names", greedy_midgame(2, moves=21, names=LONG_NAMES[:2]), {}
    yield "lair tokens every way", forest.from_scenario(LAIRS_EVERY_WAY), {}


CASES = list(two_player_cases())


@pytest.mark.parametrize("case", range(len(CASES)), ids=[c[0] for c in CASES])
def test_classroom_size_and_every_text_at_least_24px(case):
    name, g, options = CASES[case]
    sc = render.scene(g, large=True, **options)
    lo, hi = render.CLASSROOM_RATIO
    assert lo <= sc.width / sc.height <= hi, f"{name}: {sc.width:.0f}×{sc.height:.0f}"
    assert sc.width <= render.CLASSROOM_MAX_WIDTH
    k = scale_of(sc)
    small = min((t for t in sc.shapes if isinstance(t, Text)), key=lambda t: t.size)
    assert small.size * k >= 24, f"{name}: {small.text!r} is {small.size * k:.1f} px at 1920×930"
    # and the normal table is still the smaller picture
    assert render.scene(g, **options).width < sc.width


def panel_layout(sc):
    """Where the fixed parts of a classroom scene are: the forest panels and the market rows."""
    return (sc.width, sc.height, [(s.x, s.y, s.w, s.h) for s in sc.shapes if isinstance(s, Rect) and s.radius in (6, 8)
                                  and s.style.fill in ("#fbfaf4", "#fffdf6")])


def test_classroom_layout_never_moves_during_a_game():
    for players, seed in ((2, 11), (4, 12)):
        g = forest.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        first = panel_layout(render.scene(g, large=True))
        assert len(first[2]) == players + 5  # the forests, four advisors and the hand
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))
            assert panel_layout(render.scene(g, large=True)) == first, f"moved after {g.history[-1]}"


def test_classroom_window_holds_every_forest_in_5x5():
    """The claim behind the fixed 5×5 panels, checked against the code that picks the cells:
    the ring around the cards is kept only where a card could still go, so a 4×4 forest
    shows at most 5×5 cells (the unclipped ring of the normal table reaches 6×6)."""
    widest = {True: 0, False: 0}
    for seed in range(6):
        g = forest.new_game(players=2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while True:
            for seat in range(g.players):
                for clip in (True, False):
                    x0, y0, x1, y1 = render_forest._window(g, seat, clip=clip)
                    widest[clip] = max(widest[clip], x1 - x0 + 1, y1 - y0 + 1)
                    cells = [pc.cell for pc in g.forest(seat).cards()]
                    if seat == g.current_player and g.phase == "place":
                        cells += list(g.legal_placements())
                    assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in cells)
            if g.is_over:
                break
            g.play(rng.choice(g.legal_moves()))
    assert widest == {True: 5, False: 6}


def card_texts_fit(sc):
    """Texts of each card that run out of it, or into each other."""
    bad = []
    for box, shapes in card_groups(sc):
        texts = [t for t in shapes if isinstance(t, Text)]
        card = (box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1)
        bad += [f"{t.text!r} at {est_box(t)} runs out of its card {card}" for t in texts
                if not inside(est_box(t), card)]
        bad += [f"{t.text!r} runs into {u.text!r}" for i, t in enumerate(texts) for u in texts[i + 1:]
                if overlap(est_box(t), est_box(u))]
    return bad


@pytest.mark.parametrize("large", [False, True])
def test_every_animal_text_fits_its_card_every_way_round(large):
    """Names ("Pigmy Possum", "Woodpecker"), food values, the den's points, the storage and lair
    count stay on the card and clear of each other, whatever the turn, tokens and water."""
    cat = forest.new_game(players=2, seed=1).catalogue
    face = render_forest._Geo(large).face
    bad = []
    for card in cat.animals:
        for rot in (0, 90, 180, 270):
            for lairs, water in ((0, ()), (1, ("berry",)), (3, ("worm", "egg")), (5, forest.FOODS)):
                sc = Scene(face.c, face.c, shapes=card_shapes(cat, card.id, rot, 0, 0, face, lairs=lairs,
                                                                     water=water))
                bad += [f"{card.name} turned {rot}, {lairs} lairs: {b}" for b in card_texts_fit(sc)]
    assert not bad, bad[:6]


@pytest.mark.parametrize("large", [False, True])
def test_table_texts_fit_their_cards(large):
    bad = []
    for name, g, options in CASES:
        bad += [f"{name}: {b}" for b in card_texts_fit(render.scene(g, large=large, **options))]
    assert not bad, bad[:6]


def test_long_names_wrap_in_the_classroom_and_shrink_on_the_table():
    sc = {"forests": ["A18@0,0r0 A15@1,0r90", "A19@0,0r0 A02@1,0r270"], "pawn": 0}
    g = forest.from_scenario(sc)
    big = render.scene(g, large=True).texts()
    assert "Pigmy" in big and "Possum" in big and "Wood-" in big and "pecker" in big
    small = [t for t in render.scene(g).shapes if isinstance(t, Text) and t.text == "Pigmy Possum"]
    assert small and all(est_box(t)[2] - est_box(t)[0] <= 68 for t in small)


def non_cells(hits):
    return {h for h in hits if not h.startswith("cell:")}


def test_classroom_hit_ids_are_those_of_the_table():
    """Same ids, same forms: only the cells beyond a forest's bounds are left out of the
    classroom panels (nothing can go there)."""
    for name, g, options in CASES + [("4 players", greedy_midgame(4, moves=40), {}),
                                     ("advanced", greedy_midgame(2, moves=41, advanced=True), {})]:
        large, normal = render.scene(g, large=True, **options).hits(), render.scene(g, **options).hits()
        assert non_cells(large) == non_cells(normal), name
        cells = set(large) - non_cells(large)
        assert cells <= set(normal), name
        for seat in range(g.players):
            f = g.forest(seat)
            shown = {h for h in normal if h.startswith(f"cell:{seat}:")}
            fits = {h for h in shown if f.fits(tuple(int(v) for v in h.split(":")[2:]))}
            assert fits <= cells, f"{name}: a cell where a card could go is missing"


def header_texts(sc):
    bar = sc.shapes[0]
    assert isinstance(bar, Rect) and bar.y == 0 and bar.w == sc.width
    return [t for t in sc.shapes if isinstance(t, Text) and t.y < bar.h]


@pytest.mark.parametrize("case", range(len(CASES)), ids=[c[0] for c in CASES])
def test_classroom_header_is_one_line(case):
    name, g, options = CASES[case]
    sc = render.scene(g, large=True, **options)
    header = header_texts(sc)
    assert len({t.y for t in header}) == 1 and not collisions(header, sc.width), name
    words = " · ".join(t.text for t in header)
    assert "move" not in words
    assert all(f"{g.player_name(p)} {s}" in words for p, s in enumerate(g.scores()))
    if g.is_over:
        assert "Game over" in words and "wins" in words
    elif g.scenario is not None:  # a hand-built position tells no round
        assert "Round" not in words
    else:
        assert f"Round {g.round} of {g.total_rounds}" in words
        shown = forest.decision_text(g) in words or any(
            forest.decision_text(g) in (t.title or "") and t.text.endswith("…") for t in header)  # long names
        assert shown == options.get("caption", True)


@pytest.mark.parametrize("case", range(len(CASES)), ids=[c[0] for c in CASES])
def test_classroom_keeps_what_players_decide_and_leaves_the_rest_to_the_page(case):
    name, g, options = CASES[case]
    sc = render.scene(g, large=True, **options)
    texts = sc.texts()
    # no legend, no supply block: the page around the board shows those
    assert "Foods:" not in texts and not any(t.startswith(("Supply", "Decks", "Order")) for t in texts)
    for slot in forest.SLOTS:
        assert render_table.ADVISOR_SHORT[slot][0] in texts and f"market:{slot}" in sc.hits()
    assert "In hand" in texts
    if g.held_card is not None:
        assert "hand" in sc.hits() and "turned 0°" in texts
    for p in range(g.players):
        points = g.scores()[p]
        assert any(t.startswith(f"{g.player_name(p)} · {points} pt") for t in texts), name
    assert sum("★" in t for t in texts if "pawn" in t or "+1" in t) >= 1


@pytest.mark.parametrize("players", [3, 4])
def test_classroom_with_more_players_still_lays_out(players):
    """Three or four forests go two by two; the picture is taller, so its text is smaller once
    scaled (the 24 px promise is for the two-player board), but nothing collides."""
    g = greedy_midgame(players, moves=30)
    sc = render.scene(g, large=True)
    assert sc.width <= render.CLASSROOM_MAX_WIDTH
    panels = [s for s in sc.shapes if isinstance(s, Rect) and s.radius == 8 and s.style.fill == "#fbfaf4"]
    assert len(panels) == players
    boxes = [(s.x, s.y, s.x + s.w, s.y + s.h) for s in panels]
    assert not any(overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert all(b[2] <= sc.width and b[3] <= sc.height for b in boxes)


def test_the_compact_picture_has_the_wide_pictures_legend_in_its_large_text():
    """A narrow column's picture keeps the key to the foods and tokens the wide picture has, its
    words no smaller than the rest of the compact picture and inside it."""
    game = forest.new_game(players=2, seed=3)
    wide, compact = render.scene(game), render.scene(game, compact=True)
    for words in ("Foods:", "water drop +1", "lair token +1 storage"):
        assert words in wide.texts() and words in compact.texts(), words
    sizes = [s.size for s in compact.shapes if isinstance(s, Text) and s.text.strip()]
    assert min(sizes) >= render.CLASSROOM_TEXT
    assert all(s.x + len(s.text) * s.size * 0.55 <= compact.width for s in compact.shapes
               if isinstance(s, Text) and s.anchor == "start")


def test_the_compact_legend_sits_under_the_market_where_the_forests_leave_room():
    """Two forests one under another leave room under the market: the key goes there, beside the
    second forest and clear of it, and the picture is no taller for it."""
    game = forest.new_game(players=2, seed=3)
    compact = render.scene(game, compact=True)
    market_right = max(s.x + s.w for s in compact.shapes if isinstance(s, Rect) and s.hit == "market:rabbit")
    forest_left = min(s.x for s in compact.shapes if isinstance(s, Rect) and (s.hit or "").startswith("cell:1:"))
    key = [s for s in compact.shapes if isinstance(s, Text) and s.text in ("Foods:", "water drop +1", "berries (circle)")]
    assert len(key) == 3
    for s in key:
        assert s.x + len(s.text) * s.size * 0.55 < forest_left and s.y > 600, s.text
    assert market_right < forest_left
