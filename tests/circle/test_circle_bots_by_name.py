"""Circle of Life's own bot, seated by name like the bots every game has."""

import pytest

from savannah_kit.circle import BigFiveBot
from savannah_kit.core.bots import GreedyBot, bots_for, make_bot
from savannah_kit.core.sim import simulate


@pytest.mark.rule("circle.end.big-five")
def test_the_big_five_bot_is_seated_by_name_in_circle_only():
    assert isinstance(make_bot("big-five", 3, "circle"), BigFiveBot)
    assert isinstance(make_bot("greedy", 3, "circle"), GreedyBot)
    assert "big-five" in bots_for("circle") and "big-five" not in bots_for("forest")
    with pytest.raises(ValueError, match="unknown bot 'big-five'"):
        make_bot("big-five", 3, "forest")


@pytest.mark.rule("circle.end.big-five")
def test_a_simulation_seats_the_big_five_bot_and_stays_seeded():
    a = simulate("circle", games=4, players=2, bots=["big-five", "greedy"], seed=5)
    b = simulate("circle", games=4, players=2, bots=["big-five", "greedy"], seed=5)
    assert a.games == 4 and [r.scores for r in a.results] == [r.scores for r in b.results]
