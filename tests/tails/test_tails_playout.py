"""Long random playouts: seeded races to the end, checking invariants after every move."""

import random

import pytest

from savannah_kit import tails
from savannah_kit.tails import Discard
from savannah_kit.tails.data import BONUS_PAIRS
from savannah_kit.tails.track import CROCODILE, LION, START

FACES = [[a, b, c] for a in BONUS_PAIRS[0] for b in BONUS_PAIRS[1] for c in BONUS_PAIRS[2]]
HARD = [["T01", "easy"]] + [[t, "hard"] for t in ("T03", "T04", "T06", "T07", "T09", "T11", "T12", "T13",
                                                   "T14", "T16", "T18", "T21", "T25", "T24")] + [["T02", "easy"]]


def check(game, mover, move, events, allowed, legal, target):
    n = game.players
    for p in range(n):
        cards = game.state.hands[p] + game.state.decks[p] + game.state.discards[p]
        assert sorted(cards) == list(range(20)), f"player {p} cards"
        assert 1 <= len(game.state.hands[p]) <= 5 + game.state.pending_discard
    spaces = [s for s in game.state.pos if s != START]
    assert len(spaces) == len(set(spaces)), "two ostriches share a space"
    assert sorted(game.race_order()) == list(range(n))
    if type(move) is not Discard:  # only a '2' tiptoeing may end on a lion or crocodile (not Boinnnggg: K6)
        allowed[mover] = any(e.rule == "tails.tiptoe.ignore" for e in events)
        end = game.state.pos[mover]
        stayed = any(e.rule == "tails.move.fully-blocked" for e in events)
        if stayed:  # staying put only when no move at all goes anywhere
            assert all(m.kind == "normal" and m.to == move.to for m in legal), "stayed put beside a legal move"
        elif move.kind == "normal" and not any(e.rule == "tails.animal.porcupine" for e in events):
            # a normal move, blocked or not, ends on the card lane (or the bridge), unless a porcupine stops it
            assert game.track.lane[end] in (target, -1), f"{move} ends off the card lane: {[e.message for e in events]}"
        if move.boinnnggg:
            assert not game.track.feat[end] & (LION | CROCODILE) or allowed[mover], "Boinnnggg ended on an animal"
    for p in range(n):
        if game.track.feat[game.state.pos[p]] & (LION | CROCODILE):
            assert allowed[p], f"player {p} on a lion or crocodile"


def run(seed, players, course):
    game = tails.new_game(players=players, seed=seed, course=course, bonuses=FACES[seed % 8],
                          flat_bonus=seed % 7 == 0)
    rng = random.Random(seed)
    allowed = [False] * players
    for _ in range(2000):
        if game.is_over:
            break
        mover = game.current_player
        moves = game.legal_moves()
        assert moves
        move = rng.choice(moves)
        target = game._plan(move).card.target if type(move) is not Discard else None
        events = game.play(move)
        check(game, mover, move, events, allowed, moves, target)
    assert game.is_over
    assert len(game.winners()) == 1 and max(game.scores()) >= 1


@pytest.mark.slow
@pytest.mark.rule("tails.end.trigger", "tails.turn.steps", "tails.move.blocked-stop", "tails.move.fully-blocked")
@pytest.mark.parametrize("course", ["first-race", "second-race"])
def test_random_races_keep_the_invariants(course):
    for seed in range(100):
        run(seed, 2 + seed % 4, course)


@pytest.mark.slow
@pytest.mark.rule("tails.animal.lion", "tails.animal.crocodile", "tails.tiptoe.ignore", "tails.bonus.boinnnggg")
def test_random_races_on_an_all_hard_course():
    for seed in range(100):
        run(1000 + seed, 2 + seed % 4, HARD)
