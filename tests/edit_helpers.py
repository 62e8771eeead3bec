"""What every game's sandbox tests check of a refused edit."""

import copy

import pytest

from savannah_kit.core.errors import ScenarioError


def refused(fn, data, *args, field, **options):
    """Assert that the edit ``fn(data, *args, **options)`` is refused naming ``field`` and leaves
    the scenario data as it was; returns the error."""
    before = copy.deepcopy(data)
    with pytest.raises(ScenarioError) as err:
        fn(data, *args, **options)
    assert err.value.field == field
    assert data == before
    return err.value
