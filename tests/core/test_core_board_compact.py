"""A board in a narrow column draws its compact picture: every text at 12 px or more where a
620 px column shows it (JupyterLab in an 800 px window), nothing a player can choose left out,
every clickable thing within reach of a click, one size for the whole game; and the wide
picture again in a wide column. Checked on the scenes a board shows, as data."""

import random

import pytest

from savannah_kit.core import registry
from savannah_kit.core.scene import Text
from savannah_kit.ui.board import points_inside

GAMES = sorted(registry.games())
#: the notebook's output column in JupyterLab at 800 px, the file browser closed (measured: 620 px)
NARROW = 620


def smallest_px(scene, column: int) -> float:
    """The smallest text of ``scene`` in CSS px, drawn in a ``column`` px wide column (never enlarged)."""
    return min(s.size for s in scene.shapes if isinstance(s, Text) and s.text.strip()) * min(1, column / scene.width)


def unreachable(scene) -> set:
    """The hit ids no point of which a click reaches: each is covered all over by other clickable things."""
    out = set()
    for hit in scene.hits():
        points = (pt for shape in scene.find(hit) for pt in points_inside(shape))
        if not any(scene.hit_at(*pt) == hit for pt in points):
            out.add(hit)
    return out


def board_of(name: str, players: int, seed: int):
    game = registry.game(name).new_game(players=players, seed=seed)
    return game.widget(bots={p: "random" for p in range(1, players)})


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2)])
def test_a_narrow_column_gets_the_compact_picture_readable_all_game(name, players, seed):
    board = board_of(name, players, seed)
    wide = board.canvas.scene
    assert smallest_px(wide, NARROW) < 12, "the wide picture reads in a narrow column: no need to test"
    board.use_column(NARROW)
    assert board.compact
    rng = random.Random(seed)
    sizes = set()
    for _turn in range(40):
        scene = board.canvas.scene
        sizes.add((scene.width, scene.height))
        assert smallest_px(scene, NARROW) >= 12, f"{name}: text at {smallest_px(scene, NARROW):.1f} px"
        hits = set(scene.hits())
        assert set(board.keyboard_order()) <= hits, f"{name}: a choice is missing from the compact picture"
        if board.game.is_over:
            break
        assert board.play(rng.choice(board.game.legal_moves()))
    assert len(sizes) == 1, f"{name}: the compact picture takes the sizes {sorted(sizes)}"


@pytest.mark.parametrize("name", GAMES)
def test_the_compact_picture_hides_no_clickable_thing_the_wide_one_shows(name):
    """Large pieces sit over more of the track, but hide nothing a click reaches in the wide picture
    (a space an ostrich stands on is covered in both)."""
    board = board_of(name, 2, 3)
    rng = random.Random(3)
    for _turn in range(12):
        wide = unreachable(board.canvas.scene)
        board.use_column(NARROW)
        hidden = unreachable(board.canvas.scene) - wide
        assert not hidden, f"{name}: nothing of {sorted(hidden)[:5]} can be clicked"
        board.use_column(2000)
        if board.game.is_over:
            break
        assert board.play(rng.choice(board.game.legal_moves()))


@pytest.mark.parametrize("name", GAMES)
def test_the_picture_follows_the_column_and_keeps_its_size_while_the_column_does(name):
    board = board_of(name, 2, 4)
    wide = board.canvas.scene
    frames = board.canvas.redraws
    board.use_column(0)  # no browser has measured yet: the wide picture
    board.use_column(int(wide.width) + 40)
    assert not board.compact and board.canvas.redraws == frames, "a wide column redrew the wide picture"
    board.use_column(NARROW)
    compact = board.canvas.scene
    assert board.compact and compact.width != wide.width
    board.use_column(NARROW - 60)  # another narrow width: the same picture, not drawn again
    assert board.canvas.redraws == frames + 1
    board.use_column(int(wide.width) + 40)
    assert not board.compact and (board.canvas.scene.width, board.canvas.scene.height) == (wide.width, wide.height)


@pytest.mark.parametrize("name", GAMES)
def test_a_classroom_board_never_turns_compact(name):
    board = registry.game(name).new_game(players=2, seed=1).widget(bots={1: "random"}, classroom=True)
    size = (board.canvas.scene.width, board.canvas.scene.height)
    board.use_column(NARROW)
    assert not board.compact and (board.canvas.scene.width, board.canvas.scene.height) == size


def text_box(s: Text):
    """(x0, y0, x1, y1) a text covers, its width estimated (DejaVu Sans: about 0.56 em a letter,
    0.64 bold), as the pictures estimate it."""
    w = len(s.text) * s.size * (0.64 if s.bold else 0.56)
    x0 = {"start": s.x, "middle": s.x - w / 2, "end": s.x - w}[s.anchor]
    return x0, s.y - s.size / 2, x0 + w, s.y + s.size / 2


@pytest.mark.parametrize("name", GAMES)
def test_every_word_of_the_compact_picture_lies_inside_it_all_game(name):
    """Larger words than the wide picture's, and not one runs off the picture's edge, in any
    position of a game (two players and four)."""
    for players in (2, 4):
        board = board_of(name, players, 6)
        board.use_column(NARROW)
        rng = random.Random(6)
        for _turn in range(30):
            scene = board.canvas.scene
            for s in scene.shapes:
                if isinstance(s, Text) and s.text.strip():
                    x0, y0, x1, y1 = text_box(s)
                    assert -1 <= x0 and x1 <= scene.width + 1 and -1 <= y0 and y1 <= scene.height + 1, \
                        f"{name}: {s.text!r} runs off the picture ({x0:.0f}, {y0:.0f}, {x1:.0f}, {y1:.0f})"
            if board.game.is_over:
                break
            assert board.play(rng.choice(board.game.legal_moves()))
