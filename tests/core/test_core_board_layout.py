"""A board keeps its size for the whole game (its page never jumps as the game goes on), and a
board's labels never cover what they label: checked on the scenes a board shows, as data."""

import random

import pytest

from savannah_kit import circle
from savannah_kit.core import registry
from savannah_kit.core.scene import Circle, Rect, Text
from savannah_kit.circle.render_style import text_w

GAMES = sorted(registry.games())


def played_sizes(game, bots, seed: int) -> set:
    """Every picture size a board shows while a seeded random game is played to its end on it."""
    board = game.widget(bots=bots)
    rng = random.Random(seed)
    sizes = {(board.canvas.scene.width, board.canvas.scene.height)}
    while not board.game.is_over:
        assert board.play(rng.choice(board.game.legal_moves()))
        sizes.add((board.canvas.scene.width, board.canvas.scene.height))
    return sizes


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2)])
def test_a_board_keeps_its_size_for_the_whole_game(name, players, seed):
    spec = registry.game(name)
    game = spec.new_game(players=players, seed=seed)
    sizes = played_sizes(game, {p: "random" for p in range(1, players)}, seed)
    assert len(sizes) == 1, f"{name}, {players} players: the board's picture takes the sizes {sorted(sizes)}"


@pytest.mark.parametrize("name", GAMES)
def test_a_hot_seat_board_keeps_its_size_too(name):
    """Two people at one screen: whose hand is shown changes every turn, the size does not."""
    sizes = played_sizes(registry.game(name).new_game(players=2, seed=5), {}, 5)
    assert len(sizes) == 1, f"{name}: {sorted(sizes)}"


def _box(shape):
    """(x0, y0, x1, y1) of a text (its width estimated as the pictures measure it), a rectangle or a disc."""
    if isinstance(shape, Text):
        w = text_w(shape.text, shape.size, shape.bold)
        x0 = {"start": shape.x, "middle": shape.x - w / 2, "end": shape.x - w}[shape.anchor]
        return x0, shape.y - shape.size * 0.6, x0 + w, shape.y + shape.size * 0.6
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


TAGS = ("killed", "scared", "moves ▶")


def _story_frames(players: int, seed: int):
    """Every picture of a Circle board showing a hunt as it happened, in a seeded random game."""
    board = circle.new_game(players=players, seed=seed).widget(bots={p: "random" for p in range(1, players)})
    rng = random.Random(seed)
    while not board.game.is_over:
        board.play(rng.choice(board.game.legal_moves()))
        while board.story is not None:
            yield board
            board.next_story()


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 4), (4, 1)])
def test_circle_hunt_tags_never_cover_a_card_name_or_a_token(players, seed):
    names = {sp.name for sp in circle.new_game(players=2, seed=0).catalogue.species}
    shown = tiled = 0
    for board in _story_frames(players, seed):
        sc = board.canvas.scene
        assert any(isinstance(s, Text) and s.text in TAGS for s in sc.shapes)
        hit = _covers_names_or_tokens(sc, names, TAGS)
        assert not hit, f"tags cover names or tokens: {hit} (row of {len(board.game.state.row)} cards)"
        shown += 1
        tiled += len(board.game.state.row) >= 8
    assert shown >= 3 and tiled >= 1, (shown, tiled)  # full cards and small tiles both seen


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 1)])
def test_circle_hunt_arrows_never_cross_the_words_of_the_hunt(players, seed):
    for board in _story_frames(players, seed):
        sc = board.canvas.scene
        words = [_box(s) for s in sc.shapes if isinstance(s, Text) and "During the turn" in s.text]
        assert words, "the hunt is told in words"
        arrows = [s for s in sc.shapes if getattr(s, "points", None) and s.style.dash == (8, 5)]
        for arrow in arrows:
            (x0, y0), (x1, y1) = arrow.points[0], arrow.points[-1]
            for k in range(21):  # points along the arrow
                x, y = x0 + (x1 - x0) * k / 20, y0 + (y1 - y0) * k / 20
                assert not any(_overlap((x, y, x + 0.1, y + 0.1), w) for w in words), "an arrow crosses the words"


def _covers_names_or_tokens(sc, names, words) -> list:
    """The tags (texts among ``words``, each on the rounded box drawn just before it) that cover a
    card name or a token."""
    shapes = sc.shapes
    tags = [_box(shapes[i - 1] if isinstance(shapes[i - 1], Rect) else s) for i, s in enumerate(shapes)
            if isinstance(s, Text) and s.text in words]
    covered = [_box(s) for s in sc.shapes if isinstance(s, Text) and s.text in names]
    covered += [_box(s) for s in sc.shapes if isinstance(s, Circle) and (s.title or "").endswith("'s token")]
    return [(t, c) for t in tags for c in covered if _overlap(t, c)]


def test_circle_hunt_choices_on_small_tiles_never_cover_a_name_or_a_token():
    """A long row (small tiles): the "kill?" tags of the cards a hunt may take sit on each tile's middle."""
    names = {sp.name for sp in circle.new_game(players=2, seed=0).catalogue.species}
    seen = 0
    for seed in range(12):
        board = circle.new_game(players=2, seed=seed).widget(bots={1: "greedy"})
        rng = random.Random(seed)
        while not board.game.is_over and seen < 4:
            if len(board.game.state.row) >= 8 and board.human_turn:
                for cid in list(board._hand()):
                    board.select(cid)
                    if board.lit():
                        sc = board.canvas.scene
                        words = {s.text for s in sc.shapes if isinstance(s, Text) and s.text.endswith("?")}
                        assert words and not _covers_names_or_tokens(sc, names, words)
                        seen += 1
                    if board.selected == cid:  # put it back
                        board.select(cid)
            board.play(rng.choice(board.game.legal_moves()))
        if seen >= 4:
            break
    assert seen >= 4


def test_circle_hunt_choices_on_full_cards_clear_the_card_and_the_title():
    """A short row (full cards): each "kill?" tag sits over its card's top edge with room to spare,
    never touching the card's outline nor the savannah's title line above."""
    seen = 0
    for seed in range(1, 30):
        board = circle.new_game(players=2, seed=seed).widget(bots={1: "greedy"})
        if not board.human_turn or len(board.game.state.row) >= 8:
            continue
        for cid in list(board._hand()):
            board.select(cid)
            lit = board.lit()
            if not lit:
                continue
            sc = board.canvas.scene
            shapes = sc.shapes
            tags = [_box(shapes[i - 1]) for i, s in enumerate(shapes) if isinstance(s, Text) and s.text.endswith("?")]
            title = [_box(s) for s in shapes if isinstance(s, Text) and s.text.startswith("Savannah:")]
            cards = [_box(next(sc.find("card:" + c))) for c in lit]
            assert len(tags) == len(cards) and title
            for tag, card in zip(sorted(tags), sorted(cards)):
                assert tag[3] <= card[1] - 2, f"a tag touches its card: {tag} over {card}"
                assert all(not _overlap(tag, (t[0], t[1] - 2, t[2], t[3] + 2)) for t in title), "a tag covers the title"
            seen += 1
    assert seen >= 3, seen
