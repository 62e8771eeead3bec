"""Random clicking on a board, as an impatient user would: the kit's boards are driven
this way in their tests (never an exception, the game always its own history replayed)."""

from __future__ import annotations

import random
from typing import Iterator


def random_clicks(board, rng: random.Random, clicks: int = 200, keyboard: float = 0.75,
                  undo: float = 0.03) -> Iterator[None]:
    """Click ``clicks`` times: now and then Undo (share ``undo``), mostly one of the things the
    keyboard cursor visits (share ``keyboard``), else anything clickable in the picture. A
    finished game is replaced by a new one (the question answered yes). Yields after each
    click, so the caller can check the board."""
    for _ in range(clicks):
        r = rng.random()
        if r < undo:
            board.undo()
        else:
            order = board.keyboard_order()
            board.click_hit(rng.choice(order if r < keyboard and order else board.hits()))
        yield
        if board.game.is_over:
            board.new_game()
            if board.new_game_question.asking:
                board.new_game_question.yes.click()
