"""The latency benchmark measures real frames in a real page (figures are printed, never asserted)."""

import pytest

from savannah_kit.dev.browser_bench import measure

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", ["circle", "forest", "tails"])
def test_latency_benchmark_measures_clicks_and_one_message_redraws(browser, game):
    result = measure(clicks=4, browser=browser, game=game)
    lat = result["click_to_frame_ms"]
    assert len(lat["samples"]) == 4 and all(s > 0 for s in lat["samples"])
    assert lat["median"] <= lat["p90"]
    assert result["python_redraw"]["messages_per_redraw"] == 1
    assert result["whole_pictures_asked"] == 0, "a click's frame did not follow the frame the page held"
    print(result)
