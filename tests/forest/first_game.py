"""The measured length of the Savernake Forest quick start (lesson 01): its words read at 200 a
minute, plus 4 s for every click of its guided first game, played as the guide leads: take the
card worth most (the board's greedy values), click the green cell showing the most points (the
card turns itself there), then answer the advisor's question the way worth most. The guide's
own sentences are read too, one per click."""

import json
import re
from pathlib import Path

from savannah_kit import forest
from savannah_kit.forest.moves import Lair, Take, Water
from savannah_kit.forest.state import Phase

ROOT = Path(__file__).resolve().parents[2]
QUICK_START = ROOT / "notebooks" / "forest" / "01_play_in_10_minutes.ipynb"
WORDS_A_MINUTE, SECONDS_A_CLICK = 200, 4
_MARKUP = re.compile(r"\]\([^)]*\)|[#*|`>\[\]]|-{3,}|<[^>]+>")


def teaching_words(nb: dict) -> int:
    """The words of the notebook's markdown, links and markup left out."""
    text = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return len(_MARKUP.sub(" ", text).split())


def _best(game, moves):
    values = game.greedy_values(moves)
    return moves[values.index(max(values))]


def guided_first_game(players: int = 2, seed: int = 7):
    """(clicks, guide words read, the finished board) of the quick start's guided game."""
    board = forest.board(forest.new_game(players=players, seed=seed), guided=True, bots={1: "greedy"})
    g = board.game
    clicks = guide_words = 0
    while not g.is_over:
        assert board.human_turn, "the bot moves by itself after each of Red's moves"
        if g.phase is Phase.TAKE:
            hit = f"market:{_best(g, [m for m in g.legal_moves() if isinstance(m, Take)]).slot}"
        elif g.phase is Phase.PLACE:
            gains = board.previews()
            x, y = max(gains, key=lambda c: (gains[c], -c[1], -c[0]))
            hit = f"cell:0:{x}:{y}"
        elif g.phase is Phase.LAIR:
            m = _best(g, [m for m in g.legal_moves() if isinstance(m, Lair)])
            hit = f"animal:0:{m.x}:{m.y}"
        elif g.phase is Phase.WATER:
            m = _best(g, [m for m in g.legal_moves() if isinstance(m, Water)])
            hit = f"corner:0:{m.x}:{m.y}:{m.food}"
        else:
            raise AssertionError(f"the first game asks something lesson 01 does not teach: {g.phase}")
        before = len(g.history)
        board.click_hit(hit)
        assert len(g.history) > before, (hit, board.status.text if hasattr(board.status, "text") else "")
        clicks += 1
        guide_words += len(board.guide.text.split())
    return clicks, guide_words, board


def measure(nb: dict = None):
    """(minutes, words, clicks) of the quick start: its words and the guide's, at 200 a minute,
    and 4 s a click of the guided game."""
    nb = nb or json.loads(QUICK_START.read_text("utf-8"))
    clicks, guide_words, _board = guided_first_game()
    words = teaching_words(nb) + guide_words
    return words / WORDS_A_MINUTE + clicks * SECONDS_A_CLICK / 60, words, clicks
