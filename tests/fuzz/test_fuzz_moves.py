"""Malformed moves, for every game: each field of each move class given wrong types
and ``bool``/``float`` look-alikes, well-typed values from other moves, moves of other
games and other positions, junk, and moves after the end. Each must raise
``IllegalMove`` citing a known rule, leave the save file byte-identical, and
``explain`` must answer in words."""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from savannah_kit.core.errors import IllegalMove
from savannah_kit.fuzz import WRONG_VALUES, Hostile, check_refusal, look_alikes, with_field

from fuzz_helpers import FUZZ, GAME_NAMES, SEEDS, position

WRONG = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10, max_value=10**30), st.floats(), st.text(max_size=6),
    st.binary(max_size=3), st.lists(st.integers(0, 3), max_size=2), st.just(()),
    st.tuples(st.text(max_size=4)), st.tuples(st.integers(0, 2), st.tuples(st.text(max_size=4))),
    st.tuples(st.tuples(st.floats(0, 2), st.tuples())),
    st.sampled_from([v for v in WRONG_VALUES if not isinstance(v, Hostile)]),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=1))


@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(seed=SEEDS, steps=st.integers(0, 60), data=st.data())
def test_a_move_with_one_bad_field_is_refused_and_changes_nothing(name, seed, steps, data):
    _, game, _ = position(name, seed, steps)
    legal = game.legal_moves()
    if not legal:  # the game ended: any move at all must be refused
        legal = [data.draw(st.sampled_from(position(name, seed, 0)[1].legal_moves()))]
    for _ in range(8):
        move = data.draw(st.sampled_from(legal), label="legal move")
        field = data.draw(st.sampled_from([f.name for f in dataclasses.fields(move)]), label="field")
        value = getattr(move, field)
        other = [getattr(m, field) for m in legal]
        bad = data.draw(st.one_of(WRONG, st.sampled_from(look_alikes(value) or [None]), st.sampled_from(other)),
                        label="value")
        check_refusal(game, with_field(move, field, bad), name)


@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(seed=SEEDS, steps=st.integers(0, 60), elsewhere=st.integers(0, 60), data=st.data())
def test_moves_of_other_games_and_other_positions_are_refused(name, seed, steps, elsewhere, data):
    _, game, _ = position(name, seed, steps)
    for other in GAME_NAMES:
        _, there, _ = position(other, seed + 1, elsewhere)
        for move in there.legal_moves()[:20]:
            check_refusal(game, move, name)
    junk = data.draw(st.one_of(WRONG, st.builds(object)), label="junk")
    check_refusal(game, junk, name)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_value_whose_repr_hash_and_equality_raise_is_refused(name):
    _, game, _ = position(name, 5, 7)
    for move in game.legal_moves()[:10]:
        for f in dataclasses.fields(move):
            check_refusal(game, with_field(move, f.name, Hostile()), name)
    check_refusal(game, Hostile(), name)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_no_move_is_accepted_once_the_game_is_over(name):
    _, game, _ = position(name, 3, 10_000)
    assert game.is_over
    _, start, _ = position(name, 3, 0)
    for move in start.legal_moves()[:30] + list(game.history[-5:]):
        before = game.to_json()
        with pytest.raises(IllegalMove) as err:
            game.play(move)
        assert err.value.rule_id.endswith(".end.trigger") and game.to_json() == before
