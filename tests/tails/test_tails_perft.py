"""Regression counts of legal moves in fixed positions with every kind of feature ("perft")."""

import json
from pathlib import Path

import pytest

from savannah_kit import tails

PERFT = json.loads((Path(__file__).parent / "perft_tails.json").read_text("utf-8"))


@pytest.mark.rule("tails.move.free-lane-timing")
@pytest.mark.parametrize("pos", PERFT["positions"], ids=[p["name"] for p in PERFT["positions"]])
def test_move_counts(pos):
    game = tails.from_scenario(pos["scenario"], seed=0, **pos["options"])
    moves = game.legal_moves()
    assert len(moves) == pos["moves"]
    assert len(set(moves)) == len(moves)
    after = 0
    for m in moves:
        trial = game.copy()
        trial._play_legal(m)
        after += len(trial.legal_moves())
    assert after == pos["moves_after"]
