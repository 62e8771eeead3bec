"""Every registered game passes every conformance check (see ``conformance.py``).
A new game gets these tests by being registered."""

import pytest

from savannah_kit.core.registry import games

from conformance import CHECKS


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__[len("check_"):])
@pytest.mark.parametrize("name", list(games()))
def test_conformance(name, check):
    check(name)
