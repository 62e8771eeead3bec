"""Random clicks on a board, anywhere: on every kind of clickable area (empty market slots,
the piles, the tiles), on gaps between them, on the picture's edges and just outside it,
with the board's keys, Undo and Hint in between. No click may reach an internal error
("Something went wrong" in the status line); the game must move on."""

import random

from savannah_kit.ui.board import Board

BROKEN = "Something went wrong"


def click_anywhere(board: Board, clicks: int, seed: int, keys=("r", "u")) -> int:
    """``clicks`` random actions on ``board``; fails on an internal error. Returns the number
    of moves played (the game moved on): a third of the clicks choose among what the keyboard
    cursor visits (what may be chosen now), so that games go on."""
    rng = random.Random(seed)
    played = 0
    for i in range(clicks):
        scene = board.canvas.scene
        moves = len(board.game.history)
        roll = rng.random()
        if roll < 0.35 and board.keyboard_order():
            what = rng.choice(board.keyboard_order())
            board.click_hit(what)
        elif roll < 0.6 and board.hits():
            what = rng.choice(board.hits())
            board.click_hit(what)
        elif roll < 0.85:  # anywhere, the edges and a little outside included
            x = rng.uniform(-4, scene.width + 4) if rng.random() < 0.7 else rng.choice([0, scene.width - 1, -1])
            y = rng.uniform(-4, scene.height + 4) if rng.random() < 0.7 else rng.choice([0, scene.height - 1, -1])
            what = f"({x:.0f}, {y:.0f}) -> {board.canvas.click(x, y)}"
        elif roll < 0.95:
            what = rng.choice(keys)
            board._guard(board._key)(what, rng.random() < 0.5)
        else:  # now and then: take back, or start again after the end
            what = "new game" if board.game.is_over else "undo"
            board._guard(board.new_game if board.game.is_over else board.undo)()
        assert BROKEN not in board.status.text, f"click {i} ({what}): {board.status.text}"
        played += max(0, len(board.game.history) - moves)
    return played
