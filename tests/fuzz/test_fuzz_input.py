"""Mutated input, for every game: save files (truncated, wrong types, missing or
unknown keys, huge numbers, deep nesting, an illegal history), scenarios and
component catalogues. Each loads into a sound game or raises ``SaveFileError`` /
``ScenarioError`` naming the field, in bounded time (``LOAD_LIMIT_S``)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from savannah_kit.core.errors import SaveFileError, ScenarioError
from savannah_kit.fuzz import JSON_WRONG, check_components, check_load, check_scenario, mutate_data, mutate_text

from fuzz_helpers import FUZZ, GAME_NAMES, SEEDS, position, scenario_position

JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
              st.text(max_size=8), st.sampled_from(JSON_WRONG)),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _replace(data, path, new):
    data = json.loads(json.dumps(data))
    if not path:
        return new
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = new
    return data


def mutated(data, draw):
    """One value anywhere in ``data`` replaced by hypothesis-made JSON, or a random structural mutation."""
    if draw(st.booleans(), label="replace a value"):
        path = draw(st.sampled_from(list(_paths(data))), label="where")
        return _replace(data, path, draw(JSON_VALUES, label="new value"))
    import random

    return mutate_data(data, random.Random(draw(st.integers(0, 2**32), label="mutation")))


@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(seed=SEEDS, steps=st.integers(0, 80), data=st.data())
def test_a_mutated_save_file_loads_soundly_or_names_the_field(name, seed, steps, data):
    module, game, _ = position(name, seed, steps)
    text = game.to_json()
    envelope = json.loads(text)
    check_load(module, json.dumps(mutated(envelope, data.draw)), name)
    import random

    check_load(module, mutate_text(text, random.Random(data.draw(st.integers(0, 2**32)))), name)


@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(seed=SEEDS, steps=st.integers(0, 80), data=st.data())
def test_a_mutated_scenario_builds_a_sound_game_or_names_the_field(name, seed, steps, data):
    module, scenario, options, rng = scenario_position(name, seed, steps)
    check_scenario(module, mutated(scenario, data.draw), options, name, rng)


@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(seed=SEEDS, data=st.data())
def test_mutated_component_data_gives_a_sound_game_or_names_the_item(name, seed, data):
    module, game, rng = position(name, seed, 0)
    option, catalogue = module.component_data()
    check_components(module, option, mutated(catalogue, data.draw), game.players, name, rng)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_unmutated_input_round_trips(name):
    """The mutations start from input that is sound (else every refusal above proves nothing)."""
    module, game, rng = position(name, 11, 25)
    assert check_load(module, game.to_json(), name) == "built"
    _, scenario, options, _ = scenario_position(name, 11, 0)
    assert check_scenario(module, scenario, options, name, rng) == "built"
    option, catalogue = module.component_data()
    assert check_components(module, option, catalogue, game.players, name, rng) == "built"


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("limit", ["digits", "depth", "bytes", "moves"])
def test_save_file_limits_name_the_field(name, limit):
    module, game, _ = position(name, 2, 3)
    envelope = json.loads(game.to_json())
    if limit == "digits":
        text = game.to_json().replace(f'"seed":{game.seed}', '"seed":' + "9" * 5000)
        field = "seed"
    elif limit == "depth":
        envelope["options"]["zzz"] = json.loads("[" * 40 + "]" * 40)
        text, field = json.dumps(envelope), ""
    elif limit == "bytes":
        envelope["options"]["zzz"] = "x" * 2_100_000
        text, field = json.dumps(envelope), ""
    else:
        envelope["moves"] = envelope["moves"] * 8000
        text, field = json.dumps(envelope), "moves"
    with pytest.raises(SaveFileError) as err:
        module.from_json(text)
    assert err.value.field == field and err.value.reason


@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_illegal_history_names_the_move(name):
    module, game, _ = position(name, 4, 6)
    envelope = json.loads(game.to_json())
    envelope["moves"][3] = envelope["moves"][2]
    with pytest.raises(SaveFileError) as err:
        module.from_json(json.dumps(envelope))
    assert err.value.field in ("moves[3]", "moves[2]") and "illegal" in err.value.reason


def test_scenario_errors_name_the_exact_field():
    from savannah_kit import tails

    base = tails.new_game(players=2, seed=1).to_scenario()
    cases = {("turn_order",): ["1", 0], ("ostriches", 0, "hand", 2): ["red-2"],
             ("ostriches", 1, "deck", 0): ["x"], ("ostriches", 0, "discard"): [["red-2"]],
             ("ostriches", 0, "space"): ["T03:red:0"], ("ostriches", 0, "bonuses"): {"boinnnggg": ["active"]}}
    for path, value in cases.items():
        sc = json.loads(json.dumps(base))
        node = sc
        for key in path[:-1]:
            node = node[key]
        if isinstance(node, list) and path[-1] >= len(node):
            node.append(value)
        else:
            node[path[-1]] = value
        with pytest.raises(ScenarioError) as err:
            tails.from_scenario(sc)
        assert err.value.field.startswith("scenario." + ".".join(
            f"{k}" for k in path[:1])), (path, err.value)
