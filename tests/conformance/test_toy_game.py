"""Adding a game takes one registration: the toy game of ``tests/core/toy_game.py``
is registered here and passes the whole conformance suite."""

import sys
from pathlib import Path

import pytest

from savannah_kit.core import registry

from conformance import CHECKS

TOY_DIR = Path(__file__).resolve().parents[1] / "core"


@pytest.fixture(scope="module")
def toy():
    sys.path.insert(0, str(TOY_DIR))
    registry.register("toy", "Race to ten", "toy_game", players=(2,))
    yield "toy"
    registry.unregister("toy")
    sys.path.remove(str(TOY_DIR))


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__[len("check_"):])
def test_the_toy_game_conforms(toy, check):
    check(toy)


def test_registering_is_all_it_takes(toy):
    from savannah_kit.core.rules_index import rules_for

    assert toy in registry.games() and registry.game(toy).load().Game.name == toy
    assert rules_for(toy) == []  # it brings no rules of its own, and needs none to be listed
