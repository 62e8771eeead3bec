"""No click anywhere on a Forest board reaches an internal error (issue 32, defect 1)."""

import pytest

from board_clicks import BROKEN, click_anywhere
from savannah_kit import forest
from savannah_kit.forest.moves import Place, Take


def test_an_emptied_market_slot_is_refused_with_its_rule():
    """forest/01's first game: after the bot takes a card, a click on its empty slot says why."""
    g = forest.new_game(players=2, seed=1)
    b = g.widget(guided=True, bots={1: "greedy"})
    b.click_hit("market:rabbit")
    place = next(m for m in g.legal_moves() if isinstance(m, Place))
    b.rotation = place.rotation
    b.turned_by_hand = True
    b.click_hit(f"cell:0:{place.x}:{place.y}")
    empty = [slot for slot, card in g.market.items() if card is None]
    assert empty and g.current_player == 0
    for slot in empty:
        b.click_hit(f"market:{slot}")
        assert BROKEN not in b.status.text
        assert b.status.refused and "forest.turn.no-refill" in b.status.text
        assert ("market:" + slot, "refused") in b.marks


@pytest.mark.parametrize("guided", [False, True])
def test_two_hundred_random_clicks_anywhere(guided):
    g = forest.new_game(players=2, seed=5)
    b = g.widget(guided=guided, bots={1: "greedy"})
    assert click_anywhere(b, 200, seed=7) > 0
    assert any(isinstance(m, Take) for m in g.history)
