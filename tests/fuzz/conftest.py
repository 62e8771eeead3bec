"""Crashes inside a game's diagnosis are made visible in the fuzz tests (outside
them a crash there becomes a generic refusal, so users never see one)."""

import pytest

from savannah_kit.fuzz import internal_errors_raised


@pytest.fixture(autouse=True)
def _raise_internal_errors():
    with internal_errors_raised():
        yield
