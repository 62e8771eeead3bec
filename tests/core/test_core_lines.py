"""The tree of lines (``core.lines``): a branch keeps the line it came from, replaying a
line to any step is the same as playing its moves on a fresh game, Undo stays within a
line, and the tree survives a save and a load. Run on every registered game with a
board, with seeded random moves."""

import random

import pytest

from savannah_kit.core.errors import SaveFileError
from savannah_kit.core.lines import LineTree, shared_length
from savannah_kit import circle, forest, tails

GAMES = {"tails": tails, "circle": circle, "forest": forest}


def played(module, seed: int, moves: int, rng_seed: int = 0):
    """A game with ``moves`` seeded random moves played."""
    game = module.new_game(seed=seed)
    rng = random.Random(rng_seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def a_fork(tree, game, at: int):
    """(step, position, move): the first step of the main line from ``at`` on where the
    player had a choice, the position there and a move other than the one played."""
    moves = tree.line(1).moves
    for step in range(at, len(moves)):
        position = tree.replay(game, 1, step)
        others = [m for m in position.legal_moves() if m != moves[step]]
        if others:
            return step, position, others[0]
    raise AssertionError("no choice anywhere on this line: pick another seed")


@pytest.fixture(params=sorted(GAMES))
def module(request):
    return GAMES[request.param]


def test_a_branch_from_move_3_keeps_every_move_of_the_main_line(module):
    game = played(module, seed=4, moves=12)
    main = list(game.history)
    tree = LineTree(main)
    step, _position, move = a_fork(tree, game, 3)
    number = tree.branch(1, step, [move])
    assert number == 2 and tree.line(1).moves == main
    assert tree.line(2).moves == main[:step] + [move] and tree.line(2).parent == 1
    assert tree.fork(2) == step and tree.fork(1) == 0
    assert tree.branch_points(1) == [step] and [ln.number for ln in tree.children(1)] == [2]


def test_the_same_moves_make_no_new_line(module):
    game = played(module, seed=5, moves=8)
    tree = LineTree(game.history)
    assert tree.branch(1, 2, game.history[2:4]) == 1  # the moves the line played: still line 1
    step, _position, move = a_fork(tree, game, 2)
    assert tree.branch(1, step, [move]) == 2
    assert tree.branch(1, step, [move]) == 2 and len(tree.lines) == 2  # that branch again: the same line


def test_replaying_a_line_to_any_step_equals_playing_its_moves_on_a_fresh_game(module):
    game = played(module, seed=6, moves=10)
    tree = LineTree(game.history)
    step, position, move = a_fork(tree, game, 4)
    position.play(move)
    rng = random.Random(1)
    for _ in range(3):
        if not position.is_over:
            position.play(rng.choice(position.legal_moves()))
    tree.branch(1, step, position.history[step:])
    for number in (1, 2):
        moves = tree.line(number).moves
        for step in range(len(moves) + 1):
            fresh = module.new_game(seed=6)
            for m in moves[:step]:
                fresh.play(m)
            replayed = tree.replay(game, number, step)
            assert replayed.to_json() == fresh.to_json() and str(replayed) == str(fresh)
            assert replayed.legal_moves() == fresh.legal_moves() and replayed.scores() == fresh.scores()


def test_undo_within_a_line_leaves_the_other_lines_alone(module):
    game = played(module, seed=7, moves=9)
    main = list(game.history)
    tree = LineTree(main)
    step, position, move = a_fork(tree, game, 5)
    position.play(move)
    tree.branch(1, step, [move])
    position.undo()
    tree.set_moves(2, position.history)
    assert tree.line(2).moves == main[:step] and tree.line(1).moves == main
    game.undo()
    tree.set_moves(1, game.history)
    assert tree.line(1).moves == main[:-1] and tree.line(2).moves == main[:step]


def test_a_tree_is_saved_and_read_back(module):
    game = played(module, seed=8, moves=8)
    tree = LineTree(game.history)
    step, _position, move = a_fork(tree, game, 2)
    tree.branch(1, step, [move])
    back = LineTree.from_json(type(game), tree.to_json())
    assert [(ln.number, ln.parent, ln.moves) for ln in back.lines] == \
        [(ln.number, ln.parent, ln.moves) for ln in tree.lines]
    assert back.replay(game, 2).to_json() == tree.replay(game, 2).to_json()


@pytest.mark.parametrize("text, field", [
    ("not json", "lines"), ('{"format": "other"}', "format"), ('{"format": "savannah-kit-lines", "lines": []}', "lines"),
    ('{"format": "savannah-kit-lines", "lines": [{"number": 2, "parent": null, "moves": []}]}', "lines[0].number"),
    ('{"format": "savannah-kit-lines", "lines": [{"number": 1, "parent": null, "moves": []},'
     ' {"number": 2, "parent": 5, "moves": []}]}', "lines[1].parent"),
    ('{"format": "savannah-kit-lines", "lines": [{"number": 1, "parent": null, "moves": 3}]}', "lines[0].moves"),
])
def test_a_bad_tree_file_names_the_field(text, field):
    with pytest.raises(SaveFileError) as err:
        LineTree.from_json(type(tails.new_game(seed=1)), text)
    assert field in str(err.value)


def test_bad_line_numbers_and_steps_are_refused_clearly():
    game = played(forest, seed=2, moves=4)
    tree = LineTree(game.history)
    with pytest.raises(KeyError, match="no line 3"):
        tree.line(3)
    with pytest.raises(ValueError, match="step"):
        tree.branch(1, 9, [game.history[0]])
    with pytest.raises(ValueError, match="at least one move"):
        tree.branch(1, 2, [])
    assert shared_length([1, 2, 3], [1, 2, 4]) == 2 and shared_length([], [1]) == 0
