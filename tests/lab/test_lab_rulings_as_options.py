"""Every game's ruling options play in ``lab.compare``: a small paired comparison per game, whose
variant rows carry the option and whose games follow it."""

import pytest

from savannah_kit import lab

CASES = [
    # game, variant option, value, a column the variant's games differ on from the standard ones
    ("circle", "species", "original", "score"),  # K17: Lions and Leopards kill 1
    ("circle", "own_cards", "safe", "score"),  # B10: a player's hunts spare their own cards
    ("circle", "hunts", "optional", "score"),  # K11: a player may decline a hunt
    ("forest", "forced", "discard", None),  # K13: rare in play; the option is carried and played
    ("forest", "dead_ends", False, "score"),  # the same deck with its dead ends run on
    ("forest", "shared_paths", "allowed", "score"),  # D1: animals share paths until the end's clean-up
]


@pytest.mark.parametrize("game, option, value, differs", CASES, ids=[c[0] for c in CASES])
def test_a_ruling_option_is_compared_on_the_same_seeds(game, option, value, differs):
    result = lab.compare(game, {"variant": {option: value}}, games=4, executor="serial", progress=False,
                         decisions=False)
    table = result.table
    variant, standard = table[table["variant"] == "variant"], table[table["variant"] == "standard"]
    assert (variant[f"option:{option}"] == value).all() and len(variant) == len(standard) == 8
    assert list(variant["seed"]) == list(standard["seed"])  # paired: the same seeds
    if differs:
        assert list(variant[differs]) != list(standard[differs])
    assert set(result.summary["variant"]) == {"variant"}
