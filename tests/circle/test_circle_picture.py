"""The Circle of Life picture: scenes checked as data (hits, texts, sizes), not pixels."""

import random
import xml.etree.ElementTree as ET

import pytest

from savannah_kit import circle
from savannah_kit.circle import render, render_classroom
from savannah_kit.circle.bots import BigFiveBot
from savannah_kit.circle.scoring import STEPS
from savannah_kit.circle.text import player_name
from savannah_kit.core.scene import Rect, Text

from circle_helpers import played, position

HIDDEN_HAND = ["Giraffe", "Hippopotamus", "Warthog"]


def card_rect(sc, hit):
    """The card's face: the rectangle carrying its hit id."""
    rects = [s for s in sc.find(hit) if isinstance(s, Rect)]
    assert rects, f"no rectangle with hit {hit}"
    return rects[0]


def texts_in(sc, box):
    return [s.text for s in sc.shapes if isinstance(s, Text)
            and box.x <= s.x <= box.x + box.w and box.y <= s.y <= box.y + box.h]


def all_words(sc):
    """Every text and every tooltip of a scene."""
    return " ".join(sc.texts() + [s.title for s in sc.shapes if s.title])


def hidden_hand_game():
    """Seat 1 holds species that appear nowhere else on the table (nor in the Big Five tally)."""
    return position(savannah=["Zebra", "Wildebeest@0", "Impala@1"],
                    hands=[["Gazelle", "Gazelle", "Gazelle"], HIDDEN_HAND])


def positions(seed, players, bot=False):
    g = circle.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    player = BigFiveBot(seed) if bot else None
    yield g
    while not g.is_over:
        g.play(player.choose(g) if bot else rng.choice(g.legal_moves()))
        yield g


def finished(seed=5, players=4):
    for g in positions(seed, players):
        pass
    return g


# -- the savannah --------------------------------------------------------------------------------------------

@pytest.mark.rule("circle.play.place-right")
def test_every_savannah_card_has_a_hit_its_name_and_its_level():
    g = played(seed=4, players=3, moves=15)
    sc = render.scene(g)
    cat = g.catalogue
    assert len(g.state.row) >= 6
    for c in g.state.row:
        box = card_rect(sc, "card:" + cat.ids[c])
        inside = texts_in(sc, box)
        assert cat.name[c] in inside
        assert str(cat.level[c]) in inside
        assert sc.hit_at(box.x + box.w / 2, box.y + box.h / 2) == "card:" + cat.ids[c]
    assert [h for h in sc.hits() if h.startswith("card:")] == ["card:" + cat.ids[c] for c in g.state.row]


@pytest.mark.rule("circle.play.place-right")
def test_the_savannah_reads_left_to_right_and_new_cards_enter_after_the_rightmost():
    g = played(seed=4, players=3, moves=15)
    sc = render.scene(g)
    ids = [g.catalogue.ids[c] for c in g.state.row]
    boxes = [card_rect(sc, "card:" + cid) for cid in ids]
    order = sorted(range(len(boxes)), key=lambda i: (boxes[i].y, boxes[i].x))
    assert order == list(range(len(boxes)))
    slot = card_rect(sc, "savannah:new")
    last = boxes[-1]
    assert (slot.y, slot.x) > (last.y, last.x)
    assert "rightmost" in texts_in(sc, Rect(x=last.x, y=last.y, w=last.w, h=last.h + 20))
    assert any("new cards" in t for t in sc.texts())


@pytest.mark.rule("circle.hunt.kill", "circle.play.place-right")
def test_a_card_shows_its_marks_actions_reach_and_owner():
    g = position(savannah=["Wildebeest", "Lion@1"])
    sc = render.scene(g)
    lion = card_rect(sc, "card:C01")
    words = texts_in(sc, lion)
    assert "CATS" in words and "kill 2 ≤5" in words and "B" in words  # Blue's token
    assert any(w.startswith("not after") for w in words)
    arrows = [s for s in sc.shapes if type(s).__name__ == "Polygon" and len(s.points) == 3
              and lion.x <= s.points[0][0] <= lion.x + 30 and s.style.fill == render.KILL_INK]
    assert len(arrows) == 3  # reach 3: three arrows pointing left
    grazer = card_rect(sc, "card:" + g.catalogue.ids[g.state.row[0]])
    assert "GRAZERS" in texts_in(sc, grazer) and "kill 2 ≤5" not in texts_in(sc, grazer)
    assert "Big Five" in lion.title and "predator" in lion.title


def test_every_species_has_its_own_icon():
    drawn = {}
    for sp in circle.default_catalogue().species:
        shapes = render.species_icon(sp.name, 0, 0, 25)
        assert shapes, sp.name
        drawn[sp.name] = repr(shapes)
    assert len(set(drawn.values())) == len(drawn)


def test_a_long_savannah_wraps_and_keeps_its_cards_legible():
    row = ["C%02d" % k for k in range(20, 40)]
    g = position(savannah=row, hands=[["C41", "C42", "C43"], ["C44", "C45", "C46"]], draw=["C47"])
    sc = render.scene(g)
    boxes = [card_rect(sc, "card:" + cid) for cid in row]
    assert len(boxes) == 20
    assert len({b.y for b in boxes}) > 1
    assert all(b.w >= render.MIN_CARD_W for b in boxes)
    assert all(0 <= b.x and b.x + b.w <= sc.width and b.y + b.h <= sc.height for b in boxes)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y


# -- hands, kill piles, piles ------------------------------------------------------------------------------------

@pytest.mark.rule("circle.setup.hand")
def test_hands_are_hidden_from_everyone_but_the_viewer():
    g = hidden_hand_game()
    for viewer in (0, None):
        words = all_words(render.scene(g, viewer=viewer))
        assert not any(name in words for name in HIDDEN_HAND), viewer
        assert "Hand: 3 cards, hidden" in words
    shown = render.scene(g, viewer=1)
    words = all_words(shown)
    assert all(name in words for name in HIDDEN_HAND)
    assert {"hand:C30", "hand:C33", "hand:C57"} <= set(shown.hits())
    assert "Gazelle" not in words  # seat 0's hand is now the hidden one
    teacher = all_words(render.scene(g, viewer="all"))
    assert all(name in teacher for name in HIDDEN_HAND + ["Gazelle"])


def test_the_viewer_is_checked():
    g = hidden_hand_game()
    assert render.scene(g, viewer="blue").texts() == render.scene(g, viewer=1).texts()
    for bad in (2, -1, True, "pink"):
        with pytest.raises(ValueError):
            render.scene(g, viewer=bad)


@pytest.mark.rule("circle.hunt.kill", "circle.end.big-five")
def test_kill_piles_are_grouped_by_species_with_a_big_five_tally():
    g = position(savannah=["Wildebeest"], kill_piles=[["Lion", "Lion", "Gazelle", "Elephant"], []])
    words = render.scene(g).texts()
    assert {"Lion ×2", "Gazelle ×1", "Elephant ×1"} <= set(words)
    assert "Big Five: 2 of 5" in words and "Big Five: 0 of 5" in words
    assert "Kill pile: 4 cards, 16 points" in words


@pytest.mark.rule("circle.end.big-five")
def test_big_five_tallies_match_the_state_through_a_game():
    for g in positions(seed=11, players=3, bot=True):
        if g.state.turns_played % 6:
            continue
        words = render.scene(g).texts()
        for p in range(g.players):
            assert f"Big Five: {g.big_five_kinds(p)} of 5" in words
        counts = {}
        for pile in g.state.kill_piles:
            for c in pile:
                counts[g.catalogue.name[c]] = counts.get(g.catalogue.name[c], 0) + 1
        chips = [w for w in words if " ×" in w]
        assert sum(int(w.split("×")[1]) for w in chips) == sum(len(p) for p in g.state.kill_piles)


def test_the_draw_pile_the_discards_and_scarce_tokens_are_counted():
    g = played(seed=4, players=3, moves=15)
    words = render.scene(g).texts()
    assert f"{len(g.state.draw_pile)} cards" in words
    assert any(w.startswith(f"{len(g.state.out_of_game)} card") for w in words)
    assert not any(w.startswith("tokens left") for w in " · ".join(words).split(" · "))
    scarce = position(savannah=["Wildebeest@0"], tokens=12)
    said = " · ".join(render.scene(scarce).texts()).split(" · ")
    assert "tokens left: 11" in said and "tokens left: 12" in said


# -- header, scoring ------------------------------------------------------------------------------------------

@pytest.mark.rule("circle.turn.steps", "circle.end.winner")
def test_the_header_says_who_is_to_move_or_the_result():
    g = played(seed=4, players=3, moves=15)
    assert f"{circle.COLOURS[g.current_player]} to move" in render.scene(g).shapes[2].text
    end = finished()
    head = render.scene(end).shapes[2].text
    assert head.startswith("Game over") and circle.COLOURS[end.winners()[0]] in head


def scoring_rows(sc):
    """The scoring table's rows: hit -> the numbers written in it, left to right."""
    rows = {}
    for hit in sc.hits():
        if hit.startswith("rule:"):
            box = card_rect(sc, hit)
            cells = sorted((s for s in sc.shapes if isinstance(s, Text) and box.x <= s.x <= box.x + box.w
                            and box.y <= s.y <= box.y + box.h and s.text.lstrip("+−-").isdigit()),
                           key=lambda s: s.x)
            rows[hit[5:]] = [int(s.text.replace("−", "-")) for s in cells]
    return rows


@pytest.mark.rule("circle.end.survivors", "circle.end.hand-penalty", "circle.end.maasai", "circle.end.kill-pile",
                  "circle.end.big-five", "circle.end.bonus-points", "circle.end.total")
def test_the_scoring_table_has_a_row_per_step_and_the_totals_of_the_game():
    g = finished()
    rows = scoring_rows(render.scene(g))  # automatic once the game is over
    assert list(rows) == [rule for _, _, rule in STEPS] + ["circle.end.total"]
    assert rows["circle.end.total"] == g.scores()
    for k, (_, _, rule) in enumerate(STEPS):
        assert rows[rule] == [g.score_breakdown(p).lines[k].points for p in range(g.players)]
    assert not scoring_rows(render.scene(g, scoring=False))


@pytest.mark.rule("circle.end.total")
def test_mid_game_scoring_is_the_score_if_it_ended_now():
    g = played(seed=4, players=3, moves=15)
    assert not scoring_rows(render.scene(g))
    rows = scoring_rows(render.scene(g, scoring=True))
    assert rows["circle.end.total"] == [g.score_if_ended_now(p).total for p in range(g.players)]


# -- themes, highlights, every position -----------------------------------------------------------------------

def test_light_and_dark_draw_the_same_table():
    g = played(seed=4, players=3, moves=15)
    light, dark = render.scene(g, theme="light"), render.scene(g, theme="dark")
    assert light.texts() == dark.texts() and light.hits() == dark.hits()
    assert light.background != dark.background
    with pytest.raises(ValueError):
        render.scene(g, theme="sepia")


def test_highlighted_cards_are_ringed():
    g = played(seed=4, players=3, moves=15)
    cid = g.catalogue.ids[g.state.row[2]]
    plain, ringed = render.scene(g), render.scene(g, highlights=[cid])
    box = card_rect(ringed, "card:" + cid)
    rings = [s for s in ringed.shapes if isinstance(s, Rect) and s.style.stroke == render.PALETTES["light"].ring
             and s.x < box.x and s.x + s.w > box.x + box.w]
    assert len(rings) == 1 and len(ringed.shapes) == len(plain.shapes) + 1
    with pytest.raises(ValueError):
        render.scene(g, highlights=["C99"])


@pytest.mark.parametrize("seed,players,bot", [(1, 2, False), (2, 3, True), (3, 5, False)])
def test_every_position_of_seeded_games_gives_an_svg(seed, players, bot):
    count = 0
    for g in positions(seed, players, bot):
        svg = g._repr_svg_()
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        sc = g.scene()
        assert all(s.x + s.w <= sc.width + 0.01 for s in sc.shapes if isinstance(s, Rect))
        count += 1
    assert g.is_over and count > 10


def test_png_pictures_of_a_game():
    g = played(seed=4, players=3, moves=15)
    png = g._repr_png_()
    assert isinstance(png, bytes) and png.startswith(b"\x89PNG")
    dark = circle.render.scene(g, theme="dark", viewer="all", scoring=True)
    from savannah_kit.core.png import to_png
    assert to_png(dark).startswith(b"\x89PNG")


# -- the classroom layout, and a hunt as it happened ----------------------------------------------------------

def _luminance(colour):
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    f = lambda v: v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4  # noqa: E731
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)


def _contrast(a, b):
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("seed,players,moves", [(1, 2, 0), (4, 3, 15), (2, 5, 25), (5, 4, None)])
def test_the_classroom_picture_has_a_fixed_size_and_only_large_words(seed, players, moves):
    g = played(seed=seed, players=players, moves=moves) if moves is not None else finished(seed, players)
    for theme in ("light", "dark"):
        sc = render.scene(g, viewer=0, theme=theme, classroom=True)
        assert (sc.width, sc.height) == render.CLASSROOM_SIZE
        sizes = [s.size for s in sc.shapes if isinstance(s, Text)]
        assert min(sizes) >= render.CLASSROOM_TEXT >= 24 / render.CLASSROOM_SCALE
        assert all(s.x >= 0 and s.x + s.w <= sc.width + 0.01 and s.y + s.h <= sc.height + 0.01
                   for s in sc.shapes if isinstance(s, Rect))
        ids = [g.catalogue.ids[c] for c in g.state.row]
        assert [h for h in sc.hits() if h.startswith("card:")] == ["card:" + c for c in ids]
        for cid in ids:  # each card names its species, in full or short
            box = card_rect(sc, "card:" + cid)
            name = g.catalogue.name[g.catalogue.index[cid]]
            assert render.SHORT_NAMES.get(name, name) in texts_in(sc, box) or name in texts_in(sc, box)
        if not g.is_over:
            assert {"hand:" + g.catalogue.ids[c] for c in g.state.hands[0]} <= set(sc.hits())
        assert {"pile:draw", "pile:out"} <= set(sc.hits())


def test_the_classroom_picture_reads_in_both_themes():
    g = played(seed=4, players=3, moves=15)
    light, dark = (render.scene(g, viewer=0, theme=t, classroom=True) for t in ("light", "dark"))
    assert light.texts() == dark.texts() and light.hits() == dark.hits()
    for theme, sc in (("light", light), ("dark", dark)):
        pal = render.PALETTES[theme]
        for colour in (pal.ink, pal.muted):  # the words drawn on the page itself
            assert _contrast(colour, sc.background) >= 4.5, (theme, colour)
        on_page = {s.style.fill for s in sc.shapes if isinstance(s, Text) and s.style.fill in (pal.ink, pal.muted)}
        assert on_page


def test_the_classroom_savannah_wraps_long_rows_without_overlaps():
    row = ["C%02d" % k for k in range(1, 39)]
    g = position(savannah=row, hands=[["C41", "C42", "C43"], ["C44", "C45", "C46"]], draw=["C47"])
    sc = render.scene(g, viewer=0, classroom=True)
    boxes = [card_rect(sc, "card:" + cid) for cid in row]
    assert len({b.y for b in boxes}) == 4 and sc.height == render.CLASSROOM_SIZE[1]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y
    hand = card_rect(sc, "hand:C41")
    assert hand.y > max(b.y + b.h for b in boxes)


def test_the_classroom_hides_other_hands():
    g = hidden_hand_game()
    for viewer in (0, None):
        words = all_words(render.scene(g, viewer=viewer, classroom=True))
        assert not any(name in words for name in HIDDEN_HAND), viewer


@pytest.mark.rule("circle.hunt.kill", "circle.hunt.scare", "circle.hunt.snapshot", "circle.reorder.group")
def test_a_hunt_story_shows_the_savannah_during_the_turn():
    g = position(savannah=["C35", "C47", "C53", "C10", "C36"],
                 hands=[["C01", "C20", "C54"], ["C38", "C39", "C40"]])
    move = circle.Play.of("C01", ["C36", "C53"], ["C10"])
    story = render.hunt_story(g, move)
    cat = g.catalogue
    assert [cat.ids[c] for c, _o in story.row] == ["C35", "C47", "C53", "C10", "C36", "C01"]
    assert {cat.ids[c]: v for c, v in story.taken.items()} == {"C36": "kill", "C53": "kill", "C10": "scare"}
    assert story.words.startswith("Red's Lion: kills")
    for classroom in (False, True):
        sc = render.scene(g, viewer=0, story=story, classroom=classroom)
        assert sc.texts().count("killed") == 2 and sc.texts().count("scared") == 1
        assert not [h for h in sc.hits() if h.startswith("card:")] and "story:C01" in sc.hits()
    grazer = circle.Play("C54")  # a Gazelle: the grazers left of the Hyena move up next to it
    assert grazer in g.legal_moves()
    moved = render.hunt_story(g, grazer)
    assert [cat.ids[c] for c in moved.moving] == ["C35", "C47", "C53", "C36"] and not moved.taken
    quiet = position(savannah=["C35"], hands=[["C20", "C01", "C54"], ["C38", "C39", "C40"]])
    elephant = next(m for m in quiet.legal_moves() if m.card == "C20")
    assert render.hunt_story(quiet, elephant) is None  # nothing taken, nothing moves


def test_the_classroom_tiles_are_large_while_the_row_is_short():
    short = position(savannah=["C35", "C47", "C53"], hands=[["C41", "C42", "C43"], ["C44", "C45", "C46"]],
                     draw=["C48"])
    long_row = ["C%02d" % k for k in range(1, 25)]
    grown = position(savannah=long_row, hands=[["C41", "C42", "C43"], ["C44", "C45", "C46"]], draw=["C47"])
    large = card_rect(render.scene(short, viewer=0, classroom=True), "card:C35")
    small = card_rect(render.scene(grown, viewer=0, classroom=True), "card:C01")
    assert (large.w, large.h) == render.LARGE_TILE[:2] and (small.w, small.h) == (render.TILE_W, render.TILE_H)
    assert render.tile_geometry(23) == render.LARGE_TILE and render.tile_geometry(24) != render.LARGE_TILE


def test_the_compact_savannah_keeps_a_small_box_and_shrinks_its_tiles_as_the_row_grows():
    """A narrow column's picture keeps one size from the first card to a long row (39 cards, more than
    games reach but rarely): its tiles get smaller as the row grows, instead of room kept empty for 41 cards
    from the start. Every tile keeps its name inside it, and no two overlap."""
    hands = [["C41", "C42", "C43"], ["C44", "C45", "C46"]]
    row = ["C%02d" % k for k in range(1, 41)]
    sizes = set()
    for n in (0, 3, 14, 15, 27, 28, 34, 35, 39, 40):
        g = position(savannah=row[:n], hands=hands, draw=["C47"])
        sc = render.scene(g, viewer=0, compact=True)
        if n <= 39:
            sizes.add((sc.width, sc.height))
        boxes = [card_rect(sc, "card:" + cid) for cid in row[:n]] + [card_rect(sc, "savannah:new")]
        for i, a in enumerate(boxes):
            assert a.x >= 0 and a.x + a.w <= sc.width
            for b in boxes[i + 1:]:
                assert a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y
        for cid, box in zip(row[:n], boxes):
            name = g.catalogue.name[g.catalogue.index[cid]]
            short = render_classroom.TILE_SHORT_NAMES.get(name)
            [label] = [s for s in sc.shapes if isinstance(s, Text) and s.text in (name, short)
                       and box.x <= s.x <= box.x + box.w and box.y <= s.y <= box.y + box.h]
            assert render.text_w(label.text, label.size, label.bold) <= box.w - 4, (n, label.text)
        hand = card_rect(sc, "hand:C41")
        assert hand.y > max(b.y + b.h for b in boxes)
        if n == 0:
            empty = hand.y - (boxes[-1].y + boxes[-1].h)  # room under the one slot of a fresh game
            assert empty <= 2 * 176 + 2 * 8 + 80, f"{empty:.0f} units kept empty under a fresh savannah"
    assert len(sizes) == 1, sorted(sizes)


def _text_box(s: Text):
    """(x0, y0, x1, y1) a text covers, its width estimated as the pictures estimate it (plain card
    words: about 0.56 em a letter in DejaVu Sans, bold ones ``text_w``)."""
    w = render.text_w(s.text, s.size, True) if s.bold else len(s.text) * s.size * 0.56
    x0 = {"start": s.x, "middle": s.x - w / 2, "end": s.x - w}[s.anchor]
    return x0, s.y - s.size / 2, x0 + w, s.y + s.size / 2


def _card_pictures(cat, card):
    """Each way a card is drawn: (layout, the card's face, its shapes)."""
    rc = render_classroom
    out = [("wide", (render.CARD_W, render.card_height(cat)), render.card_shapes(cat, card, 0, 0, owner=1)),
           ("hand", (rc.HAND_W, rc.HAND_H), rc.classroom_hand_card(cat, card, 0, 0))]
    for w, h, _gap, _per, _lines in (rc.LARGE_TILE, (rc.TILE_W, rc.TILE_H, 0, 0, 0)) + rc.COMPACT_TILES:
        out.append((f"tile {w}x{h}", (w, h), rc.classroom_tile(cat, card, 0, 0, owner=1, size=(w, h))))
    return out


def test_every_card_text_lies_inside_its_card_in_every_layout():
    """The words of every species stay on its card: the wide picture's cards, the classroom's and the
    compact picture's hand cards and tiles of every size (the Maasai's five lines included)."""
    g = circle.new_game(players=2, seed=1)
    cat = g.catalogue
    first = {}
    for card, sp in enumerate(cat.card_species):
        first.setdefault(sp.name, card)
    for name, card in first.items():
        for layout, (w, h), shapes in _card_pictures(cat, card):
            for s in shapes:
                if isinstance(s, Text) and s.text.strip():
                    x0, y0, x1, y1 = _text_box(s)
                    assert 0 <= x0 and x1 <= w + 0.5 and 0 <= y0 and y1 <= h + 0.5, \
                        f"{name}, {layout}: {s.text!r} runs past its card ({x0:.0f}, {y0:.0f}, {x1:.0f}, {y1:.0f})"


@pytest.mark.parametrize("players", [2, 4])
def test_the_compact_picture_counts_every_players_hand_as_the_wide_one_does(players):
    """The wide picture shows each other player's hand face down; the compact one says how many
    cards each player holds, in the players' table, and never which."""
    g = played(seed=3, players=players, moves=6)
    sc = render.scene(g, viewer=0, compact=True)
    for p in range(players):
        n = len(g.state.hands[p])
        name = player_name(p)
        said = [s for s in sc.shapes if isinstance(s, Text) and s.text == str(n) and s.title
                and s.title.startswith(f"{name}'s hand: {n} card")]
        assert said, f"{name}'s hand of {n} is not counted"
    words = all_words(sc)
    for p in range(1, players):
        for c in set(g.state.hands[p]) - set(g.state.hands[0]) - set(g.state.row):
            assert g.catalogue.ids[c] not in words


def test_the_compact_picture_has_a_short_legend_of_the_marks_it_draws():
    """The compact picture keeps a legend, as the wide one does: each group's shape and colour, the
    predator and Big Five marks, the reach arrows, the placement rules, the token and a hidden card,
    every word of it inside the picture."""
    g = played(seed=3, players=3, moves=6)
    sc = render.scene(g, viewer=0, compact=True)
    words = sc.texts()
    assert "Legend" in words
    legend = [s for s in sc.shapes if isinstance(s, Text) and s.y > sc.height - 160]
    said = {s.text for s in legend}
    for group in g.catalogue.groups:
        assert group.lower() in said, group
    assert {"predator", "Big Five", "reaches left", "owner's token", "hidden card"} <= said
    for s in legend:
        x0, _y0, x1, _y1 = _text_box(s)
        assert 0 <= x0 and x1 <= sc.width
